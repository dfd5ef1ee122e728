// One input's probe register of the circuit-switched mode (mode 3,
// docs/microarchitecture.md, "Circuit switching"): the probe that sets up a
// path waits here, wait_i cycles from its arrival (tau; 0 at the local
// input), before it may ask for the next link or complete at its
// destination. A probe arrives (in_valid_i) only into an empty register:
// the link it came over is reserved for it until its path's tail has gone,
// so nothing else can come that way while it waits.
module hc_probe_reg #(
  /// Bits of a destination.
  parameter int unsigned Dim = 4,
  /// Bits of the wait counter.
  parameter int unsigned W   = 8
) (
  /// Clock, rising edge.
  input  logic           clk_i,
  /// Asynchronous reset, active low: empty.
  input  logic           rst_ni,
  /// A probe arrives (written at the end of the cycle).
  input  logic           in_valid_i,
  /// Its destination.
  input  logic [Dim-1:0] in_dest_i,
  /// The cycles it waits before it may go on.
  input  logic [W-1:0]   wait_i,
  /// The probe leaves this cycle (granted its link, or complete).
  input  logic           take_i,
  /// A probe is here.
  output logic           valid_o,
  /// Its destination.
  output logic [Dim-1:0] dest_o,
  /// Its wait is over: it may ask for its link or complete.
  output logic           go_o
);

  logic           valid_q, valid_d;
  logic [Dim-1:0] dest_q, dest_d;
  logic [W-1:0]   wait_q, wait_d;

  always_comb begin
    valid_d = valid_q;
    dest_d  = dest_q;
    wait_d  = wait_q;
    if (in_valid_i) begin
      valid_d = 1'b1;
      dest_d  = in_dest_i;
      wait_d  = wait_i;
    end else if (take_i) begin
      valid_d = 1'b0;
    end else if (valid_q && wait_q != '0) begin
      wait_d = wait_q - 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
      dest_q  <= '0;
      wait_q  <= '0;
    end else begin
      valid_q <= valid_d;
      dest_q  <= dest_d;
      wait_q  <= wait_d;
    end
  end

  assign valid_o = valid_q;
  assign dest_o  = dest_q;
  assign go_o    = valid_q && (wait_q == '0);

`ifndef SYNTHESIS
  // A probe arrives only into an empty register, and only one that may go
  // leaves.
  ProbeIntoEmpty: assert property (@(posedge clk_i) disable iff (!rst_ni)
      in_valid_i |-> !valid_q)
    else $error("hc_probe_reg: a probe arrives while another waits here");
  ProbeTakenOnlyWhenReady: assert property (@(posedge clk_i) disable iff (!rst_ni)
      take_i |-> go_o)
    else $error("hc_probe_reg: a probe leaves before its wait is over");
`endif

endmodule
