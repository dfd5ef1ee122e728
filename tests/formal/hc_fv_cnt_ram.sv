// Formal harness of the channel counters in block RAM (hc_cnt_ram, the
// router's CntRam), checked by `make formal` (tools/formal.sh,
// docs/verification.md). Every input is free in every cycle: each port's
// events (flit, head, busy, waiting heads) and the read port's selection;
// the memories start with any words at all (nothing resets them). Beside the
// DUT the harness keeps the counts from first principles: per counter the
// number of cycles since reset with its event, modulo 2^CntWidth, and per
// port the largest waiting count. The property:
//   cntram_  the simulation-only peek shows the selected counter as it is
//            now, and the registered read port shows in each cycle what
//            was selected in the previous one, as it was then (0 in the
//            first cycle after reset, ports the router lacks and ids above
//            max-waiting read 0).
// A BMC of 20 cycles covers two sweeps and a half of the 8 words of the
// 2-port instance, counters of 4 bits (3 low bits in flip-flops, 1 in the
// memories) that carry and wrap, and the masking of the words not yet
// written after reset; the faults dropcarry and nobypass (rtl/hc_cnt_ram.sv)
// must break it.
module hc_fv_cnt_ram #(
  parameter int unsigned Ports = 2,
  parameter int unsigned CW    = 4
) (
  input logic clk_i
);
  localparam int unsigned NCnt  = Ports * 4;
  localparam int unsigned WaitW = $clog2(Ports + 1);

  logic ok_cntram_peek, ok_cntram_read;

  // Reset in the first cycle only.
  logic init_q = 1'b1;
  logic rst_ni;
  always_ff @(posedge clk_i) init_q <= 1'b0;
  assign rst_ni = !init_q;

  (* anyseq *) logic [Ports-1:0]       flit, head, busy;
  (* anyseq *) logic [Ports*WaitW-1:0] waiting;
  (* anyseq *) logic [3:0]             port;
  (* anyseq *) logic [2:0]             id;

  logic [31:0] rdata, peek;
  hc_cnt_ram #(
    .Ports    (Ports),
    .CntWidth (CW),
    .WaitW    (WaitW)
  ) u_dut (
    .clk_i,
    .rst_ni,
    .flit_i    (flit),
    .head_i    (head),
    .busy_i    (busy),
    .waiting_i (waiting),
    .port_i    (port),
    .id_i      (id),
    .rdata_o   (rdata),
    .peek_o    (peek)
  );

  // The reference: counts since reset, and the largest waiting count.
  logic [NCnt*CW-1:0]    ref_q;
  logic [Ports*WaitW-1:0] maxw_q;
  logic [NCnt-1:0]       ev;
  for (genvar o = 0; o < Ports; o++) begin : gen_ev
    assign ev[o*4 + 0] = flit[o];
    assign ev[o*4 + 1] = flit[o] && head[o];
    assign ev[o*4 + 2] = busy[o];
    assign ev[o*4 + 3] = (waiting[o*WaitW +: WaitW] != '0);
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ref_q  <= '0;
      maxw_q <= '0;
    end else begin
      for (int unsigned c = 0; c < NCnt; c++) begin
        ref_q[c*CW +: CW] <= ref_q[c*CW +: CW] + CW'(ev[c]);
      end
      for (int unsigned o = 0; o < Ports; o++) begin
        if (waiting[o*WaitW +: WaitW] > maxw_q[o*WaitW +: WaitW]) begin
          maxw_q[o*WaitW +: WaitW] <= waiting[o*WaitW +: WaitW];
        end
      end
    end
  end

  // The selected counter now, from the reference, and last cycle's.
  logic [31:0] want;
  always_comb begin
    want = '0;
    for (int unsigned o = 0; o < Ports; o++) begin
      for (int unsigned k = 0; k < 4; k++) begin
        if (32'(port) == o && 32'(id) == k) begin
          want = 32'(ref_q[(o*4 + k)*CW +: CW]);
        end
      end
      if (32'(port) == o && id == 3'd4) begin
        want = 32'(maxw_q[o*WaitW +: WaitW]);
      end
    end
  end
  logic [31:0] want_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      want_q <= '0;
    end else begin
      want_q <= want;
    end
  end

  assign ok_cntram_peek = (peek == want);
  assign ok_cntram_read = (rdata == want_q);
  always_comb begin
    if (rst_ni) begin
      cntram_peek: assert (ok_cntram_peek);
      cntram_read: assert (ok_cntram_read);
    end
  end

endmodule
