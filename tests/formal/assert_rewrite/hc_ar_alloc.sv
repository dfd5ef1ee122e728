// The conditions of hc_alloc's assertions as they were per port (main at
// 7dab8ee, before the RTL's fifth pass: docs/performance.md), against the
// word forms that replaced them (the functions of rtl/hc_alloc.sv, which
// tools/assert_rewrite.sh extracts into alloc_funcs.svh). Each assertion
// keeps its clock, its disable iff (!rst_ni) and its sampled values, so it
// fires in exactly the cycles in which one of the per-port ones it replaced
// fired when its condition here equals their conjunction for every value of
// the signals they read: same[k] must be 1 always (yosys sat -prove).
module hc_ar_alloc #(
  parameter int unsigned Ports = 5
) (
  input  logic [Ports*Ports-1:0] owner_q,
  input  logic [Ports*Ports-1:0] sel_o,
  input  logic [Ports*Ports-1:0] older_q,
  input  logic [Ports-1:0]       send_o,
  input  logic [Ports-1:0]       out_ready_i,
  input  logic [Ports-1:0]       linger,
  input  logic [Ports-1:0]       owned,
  input  logic [Ports-1:0]       nxt_q,
  input  logic [Ports-1:0]       pgrant_o,
  input  logic [Ports-1:0]       empty_i,
  input  logic [Ports-1:0]       holds_o,
  input  logic [Ports-1:0]       wait_q,
  input  logic [Ports-1:0]       req_i,
  input  logic                   circuit_i,
  input  logic [Ports*2-1:0]     kind_i,
  output logic [11:0]            same
);
`include "alloc_funcs.svh"
  // The old per-output conditions (gen_assert_out), one bit per output.
  logic [Ports-1:0] o1, o2, o3, o4, o5, o6, o7, i1, i2, i3, i4;
  for (genvar o = 0; o < Ports; o++) begin : gen_out
    logic [Ports-1:0] held_by;
    assign held_by = owner_q[o*Ports +: Ports];
    assign o1[o] = $onehot0(held_by);                                     // OwnerOneHot
    assign o2[o] = !send_o[o] || $onehot(sel_o[o*Ports +: Ports]);        // SendOneInput
    assign o3[o] = !send_o[o] || out_ready_i[o];                          // SendOnlyWhenReady
    assign o4[o] = !linger[o] || (!owned[o] && !send_o[o]);               // LingerFree
    assign o5[o] = !(owned[o] && nxt_q[o]) || !send_o[o];                 // QueuedSendsNothing
    assign o6[o] = !pgrant_o[o] ||                                        // ProbeGrantNoFlit
                   (!send_o[o] && circuit_i && $onehot(sel_o[o*Ports +: Ports]));
    assign o7[o] = circuit_i || (!nxt_q[o] && !linger[o]);                // WormholeNoReservation
  end
  // The old per-input ones (gen_assert_in), one bit per input or pair.
  logic [Ports*Ports-1:0] age;
  for (genvar p = 0; p < Ports; p++) begin : gen_in
    logic [Ports-1:0] holds_of, takes_p;
    logic [1:0]       kind;
    logic             sends_unheld;
    for (genvar o = 0; o < Ports; o++) begin : gen_col
      assign holds_of[o] = owner_q[o*Ports + p];
      assign takes_p[o]  = sel_o[o*Ports + p];
    end
    assign kind         = kind_i[2*p +: 2];
    assign sends_unheld = |(send_o & takes_p & ~(holds_of & ~nxt_q));
    assign i1[p] = $onehot0(holds_of & ~nxt_q) && $onehot0(holds_of & nxt_q);               // HoldsOneOutput
    assign i2[p] = !(!empty_i[p] && !kind[hc_pkg::KindHeadBit]) || !sends_unheld;           // BodyOnOwnedOutput
    assign i3[p] = !(!circuit_i && holds_o[p] && !empty_i[p]) || !kind[hc_pkg::KindHeadBit]; // NoHeadInOpenWorm
    assign i4[p] = !wait_q[p] || req_i[p];                                                  // WaitKeepsRequest
    for (genvar q = 0; q < Ports; q++) begin : gen_pair                                     // AgeAntisymmetric
      if (q != p) begin : gen_other
        assign age[p*Ports + q] = !(wait_q[p] && wait_q[q]) || (older_q[p*Ports + q] != older_q[q*Ports + p]);
      end else begin : gen_self
        assign age[p*Ports + q] = 1'b1;
      end
    end
  end
  // The new conditions, as rtl/hc_alloc.sv states them.
  assign same[0]  = (&o1) == rows_onehot0(owner_q);
  assign same[1]  = (&o2) == rows_onehot(sel_o, send_o);
  assign same[2]  = (&o3) == ((send_o & ~out_ready_i) == '0);
  assign same[3]  = (&o4) == ((linger & (owned | send_o)) == '0);
  assign same[4]  = (&o5) == ((owned & nxt_q & send_o) == '0);
  assign same[5]  = (&o6) == ((pgrant_o & send_o) == '0 && (circuit_i || pgrant_o == '0) && rows_onehot(sel_o, pgrant_o));
  assign same[6]  = (&o7) == (circuit_i || (nxt_q == '0 && linger == '0));
  assign same[7]  = (&i1) == (rows_disjoint(owner_q, ~nxt_q) && rows_disjoint(owner_q, nxt_q));
  assign same[8]  = (&i2) == bodies_held(sel_o, owner_q, send_o, nxt_q, ~empty_i & ~front_heads(kind_i));
  assign same[9]  = (&i3) == (circuit_i || (holds_o & ~empty_i & front_heads(kind_i)) == '0);
  assign same[10] = (&i4) == ((wait_q & ~req_i) == '0);
  assign same[11] = (&age) == age_strict(older_q, wait_q);
endmodule
