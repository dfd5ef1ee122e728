// Network interface of one node: the injection queue between the processor
// and the router's local input. The processor offers flits whenever
// inj_ready_o is high (registered: queue count < InjDepth); the queue
// forwards its front to the router in every cycle the router's local buffer
// has room. Ejection needs no state here: the router's local output always
// sinks and is the node's delivery port.
//
// The NI also holds the processor-reordering map of Hou et al. (shared/seeds/
// 004, Theorem 2): an address-bit permutation applied to the destination of
// every head on its way into the router, so programs keep using virtual node
// numbers while the network routes physical ones. New destination bit k is
// old bit remap[k]; it resets to the identity and is written like any
// configuration register, taking effect in the cycle after the write.
module hc_ni #(
  /// Cube dimension: the destination is the low Dim bits of a head.
  parameter int unsigned Dim      = 4,
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
  output logic             idle_o,
  /// Write remap_i into the address map at the end of this cycle.
  input  logic             remap_we_i,
  /// New address map: 4 bits per destination bit k, the source bit index.
  input  logic [Dim*4-1:0] remap_i
);

  /// Derived: the kind bits' position (a head or single has bit 0 set).
  localparam int unsigned HeadBit = FlitW - 2;

  // Parameter ranges, checked at elaboration by Verilator and yosys alike.
  if (Dim < 1 || Dim > 16) begin : gen_err_dim
    $error("hc_ni: Dim must be 1..16 (4-bit remap indices)");
  end
  if (FlitW < Dim + 2) begin : gen_err_flit
    $error("hc_ni: FlitW must hold the kind bits and a Dim-bit destination");
  end

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

  logic [Dim*4-1:0] remap_q;
  logic [Dim-1:0]   dest_phys;
  logic [15:0]      dest_virt;  // padded so a 4-bit index always fits

  // Physical destination: bit k taken from virtual bit remap_q[k].
  assign dest_virt = 16'(front[Dim-1:0]);
  always_comb begin
    dest_phys = '0;
    for (int unsigned k = 0; k < Dim; k++) begin
      dest_phys[k] = dest_virt[remap_q[k*4 +: 4]];
    end
  end

  always_comb begin
    rt_flit_o = '0;
    if (rt_valid_o) begin
      rt_flit_o = front;
      if (front[HeadBit]) begin
        rt_flit_o[Dim-1:0] = dest_phys;
      end
    end
  end

  assign rt_valid_o = !empty && rt_ready_i;
  assign idle_o     = empty;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int unsigned k = 0; k < Dim; k++) begin
        remap_q[k*4 +: 4] <= 4'(k);
      end
    end else if (remap_we_i) begin
      remap_q <= remap_i;
    end
  end

`ifndef SYNTHESIS
  // Both sides of the NI use registered ready, like credits: a flit is
  // offered only while the receiver has room, so nothing is ever held
  // waiting for acceptance. The processor side is the testbench's (or the
  // traffic ROM's) promise, the router side this block's.
  InjOnlyWhenReady: assert property (@(posedge clk_i) disable iff (!rst_ni)
      inj_valid_i |-> inj_ready_o)
    else $error("hc_ni: flit injected while the queue is full");
  RouterOnlyWhenReady: assert property (@(posedge clk_i) disable iff (!rst_ni)
      rt_valid_o |-> rt_ready_i)
    else $error("hc_ni: flit sent to a full router input");
`endif

endmodule
