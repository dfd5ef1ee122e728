// Network interface of one node: the injection queue between the processor
// and the router's local input. The processor offers flits whenever
// inj_ready_o is high (registered: queue count < InjDepth); the queue
// forwards its front to the router in every cycle the router's local buffer
// has room. Ejection needs no state here: the router's local output always
// sinks and is the node's delivery port.
module hc_ni #(
  /// Flit width (payload plus two kind bits).
  parameter int unsigned FlitW    = 18,
  /// Flits in the injection queue.
  parameter int unsigned InjDepth = 4
) (
  /// Clock, rising edge.
  input  logic             clk_i,
  /// Asynchronous reset, active low.
  input  logic             rst_ni,
  /// Processor side: a flit is offered (only while inj_ready_o).
  input  logic             inj_valid_i,
  /// Processor side: the offered flit.
  input  logic [FlitW-1:0] inj_flit_i,
  /// Processor side: the queue has room (registered).
  output logic             inj_ready_o,
  /// Router side: a flit goes to the local input this cycle.
  output logic             rt_valid_o,
  /// Router side: that flit, 0 when none.
  output logic [FlitW-1:0] rt_flit_o,
  /// Router side: the local input buffer has room (registered).
  input  logic             rt_ready_i,
  /// The injection queue is empty (registered count).
  output logic             idle_o
);

  logic             empty;
  logic [FlitW-1:0] front;

  hc_fifo #(
    .Width (FlitW),
    .Depth (InjDepth)
  ) u_queue (
    .clk_i,
    .rst_ni,
    .push_i  (inj_valid_i),
    .wdata_i (inj_flit_i),
    .pop_i   (rt_valid_o),
    .rdata_o (front),
    .empty_o (empty),
    .ready_o (inj_ready_o)
  );

  assign rt_valid_o = !empty && rt_ready_i;
  assign idle_o     = empty;
  assign rt_flit_o  = rt_valid_o ? front : '0;

endmodule
