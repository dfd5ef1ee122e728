// The conditions of hc_router's assertions as they were per input (main at
// 7dab8ee, before the RTL's fifth pass), against the word forms that
// replaced them (the functions of rtl/hc_router.sv, extracted by
// tools/assert_rewrite.sh into router_funcs.svh): see hc_ar_alloc.sv.
module hc_ar_router #(
  parameter int unsigned Dim          = 3,
  parameter int unsigned PayloadWidth = 4,
  parameter bit          RouteReg     = 1'b0
) (
  input  logic [(Dim+1)*(PayloadWidth+2)-1:0] front,
  input  logic [Dim:0]                        req,
  input  logic [Dim:0]                        preq,
  input  logic [Dim:0]                        dreq,
  input  logic [Dim:0]                        in_empty,
  input  logic [Dim:0]                        holds,
  input  logic [Dim:0]                        pdone,
  input  logic                                cs,
  input  logic [(Dim+1)*(Dim+1)-1:0]          proute,
  input  logic [(Dim+1)*(Dim+1)-1:0]          rroute,
  input  logic [(Dim+1)*(Dim+1)-1:0]          route,
  input  logic [(Dim+1)*(Dim+1)-1:0]          areq,
  input  logic [(Dim+1)*(Dim+1)-1:0]          owner,
  input  logic [Dim-1:0]                      ack_i,
  output logic [4:0]                          same
);
  // As hc_router derives them.
  localparam int unsigned Ports   = Dim + 1;
  localparam int unsigned FlitW   = PayloadWidth + 2;
  localparam int unsigned KindLsb = PayloadWidth;
  localparam int unsigned HeadBit = PayloadWidth + hc_pkg::KindHeadBit;
  localparam logic [Dim:0] EjectOh = {1'b1, {Dim{1'b0}}};
  logic [Ports*2-1:0] kind;
`include "router_funcs.svh"
  logic [Ports-1:0] b1, b2, b3, b4, b5;
  for (genvar p = 0; p < Ports; p++) begin : gen_assert
    assign kind[2*p +: 2] = front[p*FlitW + KindLsb +: 2];
    assign b1[p] = !(req[p] && !preq[p]) || front[p*FlitW + HeadBit];                      // FrontIsHead
    assign b2[p] = !req[p] || (((cs && !dreq[p]) ? proute[p*Ports +: Ports] : (cs && RouteReg) ? EjectOh :
                    RouteReg ? rroute[p*Ports +: Ports] : route[p*Ports +: Ports]) == areq[p*Ports +: Ports]); // RouteForward
    assign b3[p] = !(cs && !in_empty[p] && !holds[p]) || (front[p*FlitW + HeadBit] && route[p*Ports + Dim]); // DataHeadAtDest
    if (p < Dim) begin : gen_ack_assert
      assign b4[p] = !ack_i[p] || (owner[p*Ports +: Ports] != '0);                          // AckOnReserved
    end else begin : gen_no_ack
      assign b4[p] = 1'b1;
    end
    logic [Dim:0] asrc;
    for (genvar o = 0; o < Dim; o++) begin : gen_asrc
      assign asrc[o] = ack_i[o] && owner[o*Ports + p];
    end
    assign asrc[Dim] = pdone[p];
    assign b5[p] = $onehot0(asrc);                                                          // AckOneSource
  end
  // The new conditions, as rtl/hc_router.sv states them.
  assign same[0] = (&b1) == ((req & ~preq & ~heads(kind)) == '0);
  assign same[1] = (&b2) == asks_routed(req, cs, dreq, proute, rroute, route, areq);
  assign same[2] = (&b3) == (!cs || (~in_empty & ~holds & ~(heads(kind) & ejects(route))) == '0);
  assign same[3] = (&b4) == ((ack_i & ~owned_links(owner)) == '0);
  assign same[4] = (&b5) == acks_apart(owner, ack_i, pdone);
endmodule
