// The count of message ends held by one router input buffer, for
// store-and-forward by header (mode 2, docs/microarchitecture.md): the
// number of TAIL and SINGLE flits in the buffer, incremented when one is
// written and decremented when one is popped, at the end of the cycle. The
// front of a requesting input is a head, so the first end in the buffer is
// its own message's: `any_o` says the whole message is in. Mode 3 counts
// with it, per input, the messages in the buffer that end at this node
// (hc_router: a head addressed here written, a TAIL or SINGLE ejected).
module hc_tail_count #(
  /// Entries of the buffer watched, at least 1.
  parameter int unsigned Depth = 2
) (
  /// Clock, rising edge.
  input  logic clk_i,
  /// Asynchronous reset, active low: no ends held.
  input  logic rst_ni,
  /// A flit is written into the buffer this cycle.
  input  logic push_i,
  /// The flit written is a TAIL or SINGLE.
  input  logic push_tail_i,
  /// The front is popped this cycle.
  input  logic pop_i,
  /// The front popped is a TAIL or SINGLE.
  input  logic pop_tail_i,
  /// At least one TAIL or SINGLE is in the buffer (registered).
  output logic any_o,
  /// Exactly one is (registered).
  output logic one_o
);

  /// Derived: counter width (0..Depth).
  localparam int unsigned CntW = $clog2(Depth + 1);

  logic [CntW-1:0] count_q, count_d;

  always_comb begin
    count_d = count_q;
    // (An if, not a unique case on the two: see hc_fifo's count.)
    if ((push_i && push_tail_i) && !(pop_i && pop_tail_i)) begin
      count_d = count_q + 1'b1;
    end else if ((pop_i && pop_tail_i) && !(push_i && push_tail_i)) begin
      count_d = count_q - 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      count_q <= '0;
    end else begin
      count_q <= count_d;
    end
  end

`ifdef HC_FAULT_safearly
  // Injected fault for the formal proofs (make formal): the buffer always
  // claims a whole message, so in mode 2 a head leaves before its tail.
  assign any_o = 1'b1;
`else
  assign any_o = (count_q != '0);
`endif
  assign one_o = (count_q == CntW'(1));

`ifndef SYNTHESIS
  // An end popped was counted, and the buffer never holds more than Depth.
  TailCountUnderflow: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (pop_i && pop_tail_i && !(push_i && push_tail_i)) |-> (count_q != '0))
    else $error("hc_tail_count: a TAIL popped that was never counted");
  TailCountOverflow: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (push_i && push_tail_i && !(pop_i && pop_tail_i)) |-> (count_q != CntW'(Depth)))
    else $error("hc_tail_count: more ends than buffer entries");
`endif

endmodule
