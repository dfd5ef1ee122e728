// One node's router of a Dim-dimensional binary hypercube: Dim link ports
// plus the local port (index Dim), e-cube routing, wormhole switching with a
// BufDepth-flit buffer per input, and oldest-head-first allocation of free
// outputs. The cycle-by-cycle behaviour is specified in
// docs/microarchitecture.md and mirrored by csim/hc_model.c; any change here
// must be made there too, or the lockstep tests fail.
//
// Every decision is taken from registered state: input buffer fronts and
// counts, the owner of each output, the waiting flags and the age matrix, and
// the registered ready of the next router's buffers. A head that finds its
// output free and ready is allocated and sent in the same cycle, so a head
// crosses a router and its link in one cycle.
//
// The router is composed of named blocks, the way a NoC router is usually
// read (route select, buffer, arbiter, crossbar):
//
//   per input p    hc_fifo (the BufDepth-flit buffer), hc_tail_count (the
//                  message ends it holds, for mode 2), hc_route_ecube (the
//                  output its front head asks for);
//   all ports      hc_alloc (owners, wait flags, age matrix, per-output
//                  oldest-first winner), hc_xbar (crossbar and pops);
//   per output o   hc_chan_counters (docs/microarchitecture.md, "Channel
//                  counters").
module hc_router #(
  /// Cube dimension: number of link ports.
  parameter int unsigned Dim          = 4,
  /// Flit payload bits; a head carries its destination in the low Dim bits.
  parameter int unsigned PayloadWidth = 16,
  /// Flits per input buffer.
  parameter int unsigned BufDepth     = 2,
  /// Bits of each summing channel counter, 1..32 (the read port stays 32
  /// bits, zero-extended); narrower counters save logic on small FPGAs.
  parameter int unsigned CntWidth     = 32
) (
  /// Clock, rising edge.
  input  logic                            clk_i,
  /// Asynchronous reset, active low.
  input  logic                            rst_ni,
  /// This router's node number.
  input  logic [Dim-1:0]                  node_id_i,
  /// Store-and-forward by header (mode 2): a head requests an output only
  /// once its message's TAIL is in the same input buffer.
  input  logic                            saf_i,
  /// Per input port: a flit is offered (only while in_ready_o).
  input  logic [Dim:0]                    in_valid_i,
  /// Per input port: the offered flit, port p at [p*FlitW +: FlitW].
  input  logic [(Dim+1)*(PayloadWidth+2)-1:0] in_flit_i,
  /// Per input port: the buffer has a free slot (registered).
  output logic [Dim:0]                    in_ready_o,
  /// Per output port: a flit is sent this cycle.
  output logic [Dim:0]                    out_valid_o,
  /// Per output port: the flit sent, 0 when none.
  output logic [(Dim+1)*(PayloadWidth+2)-1:0] out_flit_o,
  /// Per output port: the receiver accepts a flit (tie port Dim to 1).
  input  logic [Dim:0]                    out_ready_i,
  /// Per output port: held by a message or granted this cycle (for waves).
  output logic [Dim:0]                    out_busy_o,
  /// Per output port: a head waits for it this cycle (for waves).
  output logic [Dim:0]                    out_blocked_o,
  /// Every input buffer is empty and no output is held (from registers).
  output logic                            idle_o,
  /// Counter read port: output port to read.
  input  logic [3:0]                      cnt_port_i,
  /// Counter read port: counter id (hc_pkg::Cnt*).
  input  logic [2:0]                      cnt_id_i,
  /// Counter read port: the selected counter.
  output logic [31:0]                     cnt_data_o
);

  /// Derived: ports, flit width, waiting-count width.
  localparam int unsigned Ports = Dim + 1;
  localparam int unsigned FlitW = PayloadWidth + 2;
  localparam int unsigned WaitW = $clog2(Ports + 1);
  /// Derived: flit fields (docs/microarchitecture.md): the kind field, its
  /// bit set in HEAD and SINGLE, and its bit set in TAIL and SINGLE.
  localparam int unsigned KindLsb = PayloadWidth;
  localparam int unsigned HeadBit = PayloadWidth + hc_pkg::KindHeadBit;
  localparam int unsigned TailBit = PayloadWidth + hc_pkg::KindTailBit;

  // Parameter ranges, checked at elaboration by Verilator and yosys alike.
  if (Dim < 1 || Dim > hc_pkg::DimMax) begin : gen_err_dim
    $error("hc_router: Dim must be 1..15 (4-bit port numbers)");
  end
  if (PayloadWidth < Dim || PayloadWidth > hc_pkg::PayloadWidthMax) begin : gen_err_width
    $error("hc_router: PayloadWidth must be Dim..30 (a head carries its destination)");
  end
  if (BufDepth < 1 || BufDepth > hc_pkg::BufDepthMax) begin : gen_err_depth
    $error("hc_router: BufDepth must be 1..16");
  end
  if (CntWidth < 1 || CntWidth > 32) begin : gen_err_cnt
    $error("hc_router: CntWidth must be 1..32");
  end

  logic [Ports-1:0]       in_empty;  // per input: buffer empty
  logic [Ports-1:0]       in_pop;    // per input: front sent, pop it
  logic [Ports-1:0]       in_whole;  // per input: a TAIL or SINGLE is in
  logic [Ports*FlitW-1:0] front;     // per input: front flit, 0 if empty
  logic [Ports*2-1:0]     kind;      // per input: kind of the front
  logic [Ports*Ports-1:0] route;     // per input p: e-cube output, one-hot
  logic [Ports-1:0]       holds;     // per input: holds an output
  logic [Ports-1:0]       req;       // per input: front is a head asking
  logic [Ports-1:0]       held;      // per output: held at start of cycle
  logic [Ports*Ports-1:0] sel;       // per output o: input it takes from
  logic [Ports-1:0]       send;      // per output: a flit is sent
  logic [Ports*WaitW-1:0] waiting;   // per output: heads not granted

  // ---------------------------------------------------------------------
  // Per input: buffer, end-of-message count, route
  // ---------------------------------------------------------------------
  for (genvar p = 0; p < Ports; p++) begin : gen_in
    hc_fifo #(
      .Width (FlitW),
      .Depth (BufDepth)
    ) u_buf (
      .clk_i,
      .rst_ni,
      .push_i  (in_valid_i[p]),
      .wdata_i (in_flit_i[p*FlitW +: FlitW]),
      .pop_i   (in_pop[p]),
      .rdata_o (front[p*FlitW +: FlitW]),
      .empty_o (in_empty[p]),
      .ready_o (in_ready_o[p])
    );

    // With saf_i a head at the front requests only once its whole message
    // is in the buffer.
    hc_tail_count #(
      .Depth (BufDepth)
    ) u_tails (
      .clk_i,
      .rst_ni,
      .push_i      (in_valid_i[p]),
      .push_tail_i (in_flit_i[p*FlitW + TailBit]),
      .pop_i       (in_pop[p]),
      .pop_tail_i  (front[p*FlitW + TailBit]),
      .any_o       (in_whole[p])
    );

    hc_route_ecube #(
      .Dim (Dim)
    ) u_route (
      .node_id_i,
      .dest_i    (front[p*FlitW +: Dim]),
      .port_oh_o (route[p*Ports +: Ports])
    );

    assign kind[2*p +: 2] = front[p*FlitW + KindLsb +: 2];
    assign req[p]         = !in_empty[p] && !holds[p] && (!saf_i || in_whole[p]);
  end

  // ---------------------------------------------------------------------
  // Oldest-first allocation and the crossbar
  // ---------------------------------------------------------------------
  hc_alloc #(
    .Ports (Ports),
    .WaitW (WaitW)
  ) u_alloc (
    .clk_i,
    .rst_ni,
    .req_i       (req),
    .route_i     (route),
    .empty_i     (in_empty),
    .kind_i      (kind),
    .out_ready_i,
    .holds_o     (holds),
    .held_o      (held),
    .sel_o       (sel),
    .send_o      (send),
    .waiting_o   (waiting)
  );

  hc_xbar #(
    .Ports (Ports),
    .FlitW (FlitW)
  ) u_xbar (
    .in_flit_i  (front),
    .sel_i      (sel),
    .send_i     (send),
    .pop_o      (in_pop),
    .out_flit_o
  );

  assign out_valid_o = send;
  assign idle_o      = (&in_empty) && (held == '0);

  // ---------------------------------------------------------------------
  // Channel counters and the read port
  // ---------------------------------------------------------------------
  logic [Ports*32-1:0] cnt;

  for (genvar o = 0; o < Ports; o++) begin : gen_cnt
    logic is_head;
    assign is_head = out_flit_o[o*FlitW + HeadBit];  // HEAD and SINGLE
    assign out_busy_o[o]    = held[o] || (send[o] && !held[o]);
    assign out_blocked_o[o] = (waiting[o*WaitW +: WaitW] != '0);
    hc_chan_counters #(
      .CntWidth (CntWidth),
      .WaitW    (WaitW)
    ) u_cnt (
      .clk_i,
      .rst_ni,
      .flit_i    (send[o]),
      .head_i    (is_head),
      .busy_i    (out_busy_o[o]),
      .waiting_i (waiting[o*WaitW +: WaitW]),
      .id_i      (cnt_id_i),
      .cnt_o     (cnt[o*32 +: 32])
    );
  end

  always_comb begin
    cnt_data_o = '0;
    for (int unsigned o = 0; o < Ports; o++) begin
      if (cnt_port_i == 4'(o)) begin
        cnt_data_o = cnt[o*32 +: 32];
      end
    end
  end

`ifndef SYNTHESIS
  // A buffer front without an output held must be a head: messages arrive
  // whole and in order, so anything else is a protocol violation upstream.
  for (genvar p = 0; p < Ports; p++) begin : gen_assert
    FrontIsHead: assert property (@(posedge clk_i) disable iff (!rst_ni)
        req[p] |-> front[p*FlitW + HeadBit])
      else $error("hc_router: input %0d front is not a head", p);
  end
`endif

endmodule
