// The start-up wait of the flit at the front of a FIFO (docs/microarchitecture.md,
// "Cost model: tau, xi and circuit switching"): a down-counter that is
// loaded with wait_i whenever a new flit reaches the front at the end of a
// cycle (the front is popped, or a flit is pushed into an empty FIFO) and
// otherwise counts down to 0. A head at the front may leave only while
// waiting_o is 0. The router puts one on each link input (tau: a head that
// came over a link waits tau cycles), the network interface one on its
// queue (xi); with wait_i = 0 the counter stays 0 and nothing changes.
module hc_front_wait #(
  /// Bits of the counter.
  parameter int unsigned W = 8
) (
  /// Clock, rising edge.
  input  logic         clk_i,
  /// Asynchronous reset, active low: no wait.
  input  logic         rst_ni,
  /// A new flit is at the front from the next cycle on.
  input  logic         load_i,
  /// The wait it starts with.
  input  logic [W-1:0] wait_i,
  /// The front still waits (the counter is not 0).
  output logic         waiting_o
);

  logic [W-1:0] cnt_q, cnt_d;

  always_comb begin
    cnt_d = cnt_q;
    if (load_i) begin
      cnt_d = wait_i;
    end else if (cnt_q != '0) begin
      cnt_d = cnt_q - 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt_q <= '0;
    end else begin
      cnt_q <= cnt_d;
    end
  end

  assign waiting_o = (cnt_q != '0);

endmodule
