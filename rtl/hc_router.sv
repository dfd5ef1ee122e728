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
// crosses a router and its link in one cycle; with RouteReg the route of
// each front is registered and a head asks from its second cycle at the
// front on, 2 cycles per hop (docs/microarchitecture.md, "Registered
// route").
//
// The router is composed of named blocks, the way a NoC router is usually
// read (route select, buffer, arbiter, crossbar):
//
//   per input p    hc_fifo (the BufDepth-flit buffer), hc_tail_count (the
//                  message ends it holds, for mode 2), hc_route_ecube (the
//                  output its front head asks for); with CsEnable also
//                  hc_front_wait (link inputs: a head waits tau cycles at
//                  the front) and hc_probe_reg with its own hc_route_ecube
//                  (mode 3: the probe that sets up a path);
//   all ports      hc_alloc (owners, wait flags, age matrix, per-output
//                  oldest-first winner), hc_xbar (crossbar and pops);
//   per output o   hc_chan_counters (docs/microarchitecture.md, "Channel
//                  counters"); with CntRam instead one hc_cnt_ram for
//                  all outputs (the sums in block RAM, the read port
//                  registered: "Channel counters in block RAM").
//
// Mode 3, circuit switching (docs/microarchitecture.md, "Circuit
// switching"): a probe reserves one link per router, its data follow the
// reservations once the acknowledgement has gone back to the source (one
// hop a cycle, each router sending it to the input that owns the output it
// came in on), and a data head without a reservation is at its destination
// and asks for the ejection port. tau and mode 3 exist only with CsEnable.
module hc_router #(
  /// Cube dimension: number of link ports.
  parameter int unsigned Dim          = 4,
  /// Flit payload bits; a head carries its destination in the low Dim bits.
  parameter int unsigned PayloadWidth = 16,
  /// Flits per input buffer.
  parameter int unsigned BufDepth     = 2,
  /// Bits of each summing channel counter, 0..32 (the read port stays 32
  /// bits, zero-extended); narrower counters save logic on small FPGAs, and
  /// 0 builds no counter at all (all five read as 0, max-waiting too).
  parameter int unsigned CntWidth     = 32,
  /// 1: the input buffers are memories with a registered read (block RAM
  /// on an FPGA, hc_fifo's Ram): the same cycle behaviour, fewer logic
  /// cells, one block RAM per input; 0: flip-flops.
  parameter bit          BufRam       = 1'b0,
  /// 1: the e-cube route of each input's front is registered, and a head
  /// asks for its output from its second cycle at the front on, so the
  /// allocation starts from registers (a shorter clock path, 2 cycles per
  /// hop; docs/microarchitecture.md, "Registered route"); 0: a head asks in
  /// its first cycle at the front, 1 cycle per hop.
  parameter bit          RouteReg     = 1'b0,
  /// 1: the paper's cost model (tau, mode 3) is built; 0: neither (tau_i
  /// and circuit_i are ignored, no probe ever moves), for small FPGAs.
  parameter bit          CsEnable     = 1'b1,
  /// 1 (with CntWidth > 0): the four summing counters of every output are
  /// words of block RAM (hc_cnt_ram; max-waiting stays in flip-flops) and
  /// the read port is registered: cnt_data_o in cycle t+1 is the counter
  /// selected in cycle t, as it was then (docs/microarchitecture.md,
  /// "Channel counters in block RAM"); 0: flip-flop counters, read in the
  /// same cycle.
  parameter bit          CntRam       = 1'b0
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
  /// Circuit switching (mode 3).
  input  logic                            circuit_i,
  /// tau: cycles a head (mode 3: a probe) that came over a link waits here.
  input  logic [hc_pkg::TauW-1:0]         tau_i,
  /// Per input port: a probe arrives (from the neighbour, or for port Dim
  /// from the network interface).
  input  logic [Dim:0]                    pin_valid_i,
  /// Per input port: its destination, port p at [p*Dim +: Dim].
  input  logic [(Dim+1)*Dim-1:0]          pin_dest_i,
  /// Per link output o: the neighbour acknowledges the path through o.
  input  logic [Dim-1:0]                  ack_i,
  /// Per link output o: a probe goes to the neighbour this cycle.
  output logic [Dim-1:0]                  pout_valid_o,
  /// Per link output o: its destination, at [o*Dim +: Dim].
  output logic [Dim*Dim-1:0]              pout_dest_o,
  /// Per input port p: an acknowledgement goes back across p this cycle
  /// (registered; port Dim: to the network interface).
  output logic [Dim:0]                    ack_o,
  /// Per output port: held at the start of the cycle (owned or lingering).
  output logic [Dim:0]                    held_o,
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
  /// Per output port: how many heads wait for it this cycle, not granted
  /// ($clog2(Dim + 2) bits each; for waves: what the channel counters'
  /// blocked cycles and max waiting count).
  output logic [(Dim+1)*$clog2(Dim+2)-1:0] out_waiting_o,
  /// Every input buffer is empty and no output is held (from registers).
  output logic                            idle_o,
  /// Counter read port: output port to read.
  input  logic [3:0]                      cnt_port_i,
  /// Counter read port: counter id (hc_pkg::Cnt*).
  input  logic [2:0]                      cnt_id_i,
  /// Counter read port: the selected counter (with CntRam: the one
  /// selected in the previous cycle, as it was then).
  output logic [31:0]                     cnt_data_o
`ifdef HC_CNT_PEEK
  ,
  /// Simulation only, with the define HC_CNT_PEEK (the testbench's _K
  /// builds; never in synthesis): the selected counter as it is now, which
  /// the lockstep reads (without CntRam: cnt_data_o itself).
  output logic [31:0]                     cnt_peek_o
`endif
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
  /// Derived: the ejection port, one-hot.
  localparam logic [Dim:0] EjectOh = {1'b1, {Dim{1'b0}}};

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
  if (CntWidth > 32) begin : gen_err_cnt
    $error("hc_router: CntWidth must be 0..32 (0: no summing counters)");
  end

  logic [Ports-1:0]       in_empty;  // per input: buffer empty
  logic [Ports-1:0]       in_pop;    // per input: front sent, pop it
  logic [Ports-1:0]       in_whole;  // per input: a TAIL or SINGLE is in
  logic [Ports*FlitW-1:0] front;     // per input: front flit (only while nonempty)
  logic [Ports*2-1:0]     kind;      // per input: kind of the front
  logic [Ports*Ports-1:0] route;     // per input p: e-cube output of its front, one-hot
  logic [Ports*Ports-1:0] rroute;    // per input p: RouteReg: route of last cycle's front (registered)
  logic [Ports-1:0]       holds;     // per input: holds an output (current reservation)
  logic [Ports-1:0]       holdn;     // per input: holds a queued reservation (mode 3)
  logic [Ports-1:0]       req;       // per input: front is a head asking (or a probe)
  logic [Ports-1:0]       wreq;      // per input: modes 0 and 2: a head asking
  logic [Ports-1:0]       dreq;      // per input: mode 3: a data head asks to eject
  logic [Ports-1:0]       preq;      // per input: mode 3: the probe asks for a link
  logic [Ports-1:0]       pdone;     // per input: mode 3: the probe is at its destination
  logic [Ports-1:0]       ptake;     // per input: the probe leaves
  logic [Ports-1:0]       fwait;     // per input: the front waits (tau)
  logic [Ports-1:0]       pv, pgo;   // per input: a probe, its wait over
  logic [Ports*Dim-1:0]   pdest;     // per input: the probe's destination
  logic [Ports*Ports-1:0] proute;    // per input: the probe's link, one-hot
  logic [Ports*Ports-1:0] areq;      // per input: what it asks for, one-hot
  logic [Ports*hc_pkg::RemW-1:0] prem; // per input: the probe's hops after its link
  logic [Ports-1:0]       ack_q, ack_d;
  logic [Ports-1:0]       held;      // per output: held at start of cycle
  logic [Ports*Ports-1:0] owner;     // per output o: the input that owns it
  logic [Ports*Ports-1:0] sel;       // per output o: input it takes from
  logic [Ports-1:0]       send;      // per output: a flit is sent
  logic [Ports-1:0]       pgrant;    // per output: a probe reserves it
  logic [Ports*WaitW-1:0] waiting;   // per output: heads not granted
  logic                   cs;        // mode 3 is on and built
  assign cs = CsEnable && circuit_i;

  // ---------------------------------------------------------------------
  // Per input: buffer, end-of-message count, route
  // ---------------------------------------------------------------------
  for (genvar p = 0; p < Ports; p++) begin : gen_in
    hc_fifo #(
      .Width (FlitW),
      .Depth (BufDepth),
      .Ram   (BufRam)
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
    logic whole_one;  // mode 2 needs only whether a whole message is in
    hc_tail_count #(
      .Depth (BufDepth)
    ) u_tails (
      .clk_i,
      .rst_ni,
      .push_i      (in_valid_i[p]),
      .push_tail_i (in_flit_i[p*FlitW + TailBit]),
      .pop_i       (in_pop[p]),
      .pop_tail_i  (front[p*FlitW + TailBit]),
      .any_o       (in_whole[p]),
      .one_o       (whole_one)
    );
    /* verilator lint_off UNUSEDSIGNAL */
    logic unused_whole_one;
    assign unused_whole_one = whole_one;
    /* verilator lint_on UNUSEDSIGNAL */

    hc_route_ecube #(
      .Dim (Dim)
    ) u_route (
      .node_id_i,
      .dest_i    (front[p*FlitW +: Dim]),
      .port_oh_o (route[p*Ports +: Ports])
    );
    // With RouteReg the route is registered, and front_seen says the front
    // was the front in the last cycle too, so the register holds its route:
    // a head asks only then, and the allocation starts from registers (the
    // front's multiplexer and the route select leave the clock path).
    logic front_seen;
    if (RouteReg) begin : gen_route_reg
      logic [Ports-1:0] route_q;
      logic             seen_q;
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          route_q <= '0;
          seen_q  <= 1'b0;
        end else begin
          route_q <= route[p*Ports +: Ports];
          seen_q  <= !in_empty[p] && !in_pop[p];
        end
      end
      assign rroute[p*Ports +: Ports] = route_q;
      assign front_seen = seen_q;
    end else begin : gen_route_comb
      assign rroute[p*Ports +: Ports] = '0;  // not read
      assign front_seen = 1'b1;
    end

    assign kind[2*p +: 2] = front[p*FlitW + KindLsb +: 2];
    assign wreq[p] = !in_empty[p] && !holds[p] && (!saf_i || in_whole[p]) && !fwait[p] && front_seen;
    // Mode 3: data reach an input in the order of its reservations, so a
    // head without a current one is at its destination and asks to eject.
    assign dreq[p] = cs && !in_empty[p] && !holds[p] && front[p*FlitW + HeadBit];

    if (CsEnable) begin : gen_cs
      logic [Dim-1:0] pd;
      logic           pat_dest;
      if (p < Dim) begin : gen_tau
        // A new front: popped, or pushed into an empty buffer.
        hc_front_wait #(
          .W (hc_pkg::TauW)
        ) u_tau (
          .clk_i,
          .rst_ni,
          .load_i    (in_pop[p] || (in_empty[p] && in_valid_i[p])),
          .wait_i    (tau_i),
          .waiting_o (fwait[p])
        );
      end else begin : gen_no_tau
        assign fwait[p] = 1'b0;
      end

      hc_probe_reg #(
        .Dim (Dim),
        .W   (hc_pkg::TauW)
      ) u_probe (
        .clk_i,
        .rst_ni,
        .in_valid_i (pin_valid_i[p]),
        .in_dest_i  (pin_dest_i[p*Dim +: Dim]),
        .wait_i     ((p < Dim) ? tau_i : '0),
        .take_i     (ptake[p]),
        .valid_o    (pv[p]),
        .dest_o     (pd),
        .go_o       (pgo[p])
      );

      hc_route_ecube #(
        .Dim (Dim)
      ) u_proute (
        .node_id_i,
        .dest_i    (pd),
        .port_oh_o (proute[p*Ports +: Ports])
      );

      assign pat_dest = proute[p*Ports + Dim];
      assign pdest[p*Dim +: Dim] = pd;
      // A probe to this node itself (at the local input) completes only
      // once that input holds no reservation: its message has none, and
      // its data must not wait behind a path's tail that a later
      // reservation could take (docs/microarchitecture.md).
      assign pdone[p] = cs && pgo[p] && pat_dest && (p != Dim || !(holds[p] || holdn[p]));
      // Messages in the buffer that end here: they reserve nothing at this
      // input, so a reservation that became current while their data are
      // still in it would carry them off (several can wait behind the one
      // being ejected when the ejection port is contended). The probe asks
      // only while there is none, or the only one is being ejected (the
      // reservation then queues behind it); docs/microarchitecture.md.
      logic ends_any, ends_one, eclear;
      hc_tail_count #(
        .Depth (BufDepth)
      ) u_ends (
        .clk_i,
        .rst_ni,
        .push_i      (in_valid_i[p]),
        .push_tail_i (in_flit_i[p*FlitW + HeadBit] && (in_flit_i[p*FlitW +: Dim] == node_id_i)),
        .pop_i       (send[Dim] && sel[Dim*Ports + p]),
        .pop_tail_i  (front[p*FlitW + TailBit]),
        .any_o       (ends_any),
        .one_o       (ends_one)
      );
      assign eclear  = !ends_any || (ends_one && holds[p] && owner[Dim*Ports + p]);
      assign preq[p] = cs && pgo[p] && !pat_dest && !holdn[p] && !dreq[p] && eclear;
      assign prem[p*hc_pkg::RemW +: hc_pkg::RemW] =
          hc_pkg::RemW'($countones(pd ^ node_id_i)) - 1'b1;
    end else begin : gen_no_cs
      assign fwait[p] = 1'b0;
      assign pv[p]    = 1'b0;
      assign pgo[p]   = 1'b0;
      assign pdone[p] = 1'b0;
      assign preq[p]  = 1'b0;
      assign pdest[p*Dim +: Dim] = '0;
      assign proute[p*Ports +: Ports] = '0;
      assign prem[p*hc_pkg::RemW +: hc_pkg::RemW] = '0;
    end

    assign req[p] = cs ? (dreq[p] || preq[p]) : wreq[p];
    // E-cube corrects the dimensions in increasing order: a head or probe
    // that came in on link p has dimensions 0..p corrected and asks only
    // for an output above p. Only these requests and crossbar paths are
    // built (hc_alloc and hc_xbar, Forward); RouteForward checks upstream.
    logic [Ports-1:0] reach;  // the outputs input p can ask for
    for (genvar o = 0; o < Ports; o++) begin : gen_reach
      assign reach[o] = (p == Dim) || (o > p);
    end
    // What input p asks for: a probe its link; in mode 3 a data head the
    // ejection port (with RouteReg named as such, without the route
    // register, so a data head asks in its first cycle at the front and
    // mode 3 keeps its timing); otherwise the e-cube route, registered with
    // RouteReg.
    assign areq[p*Ports +: Ports] = reach &
        ((cs && !dreq[p]) ? proute[p*Ports +: Ports] :
         (cs && RouteReg) ? EjectOh : RouteReg ? rroute[p*Ports +: Ports] : route[p*Ports +: Ports]);
  end

  if (!CsEnable) begin : gen_cs_unused
    // Without the cost model its inputs go nowhere.
    /* verilator lint_off UNUSEDSIGNAL */
    logic unused_cs;
    assign unused_cs = ^{circuit_i, tau_i, pin_valid_i, pin_dest_i, ptake, holdn, pgo};
    /* verilator lint_on UNUSEDSIGNAL */
  end

  // The probe leaves its register when it completes or is granted its link.
  always_comb begin
    ptake = pdone;
    for (int unsigned o = 0; o < Ports; o++) begin
      if (pgrant[o]) begin
        ptake = ptake | sel[o*Ports +: Ports];
      end
    end
  end

  // Probes granted go to the neighbours, with the destination of the input
  // each output took.
  always_comb begin
    pout_valid_o = pgrant[Dim-1:0];
    pout_dest_o  = '0;
    for (int unsigned o = 0; o < Dim; o++) begin
      for (int unsigned p = 0; p < Ports; p++) begin
        if (pgrant[o] && sel[o*Ports + p]) begin
          pout_dest_o[o*Dim +: Dim] = pdest[p*Dim +: Dim];
        end
      end
    end
  end

  // Acknowledgements: a probe at its destination starts one back across its
  // input; one that arrives on an output goes back across the input that
  // owns it. One hop a cycle (registered).
  always_comb begin
    ack_d = pdone;
    for (int unsigned o = 0; o < Dim; o++) begin
      if (ack_i[o]) begin
        ack_d = ack_d | owner[o*Ports +: Ports];
      end
    end
    if (!cs) begin
      ack_d = '0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ack_q <= '0;
    end else begin
      ack_q <= ack_d;
    end
  end
  assign ack_o  = ack_q;
  assign held_o = held;

  // ---------------------------------------------------------------------
  // Oldest-first allocation and the crossbar
  // ---------------------------------------------------------------------
  hc_alloc #(
    .Ports    (Ports),
    .Forward  (1'b1),
    .WaitW    (WaitW),
    .RemW     (hc_pkg::RemW),
    .CsEnable (CsEnable)
  ) u_alloc (
    .clk_i,
    .rst_ni,
    .circuit_i   (cs),
    .req_i       (req),
    .probe_i     (preq),
    .route_i     (areq),
    .rem_i       (prem),
    .empty_i     (in_empty),
    .kind_i      (kind),
    .out_ready_i,
    .holds_o     (holds),
    .holdn_o     (holdn),
    .held_o      (held),
    .owner_o     (owner),
    .sel_o       (sel),
    .send_o      (send),
    .pgrant_o    (pgrant),
    .waiting_o   (waiting)
  );

  hc_xbar #(
    .Ports   (Ports),
    .Forward (1'b1),
    .FlitW   (FlitW)
  ) u_xbar (
    .in_flit_i  (front),
    .sel_i      (sel),
    .send_i     (send),
    .pop_o      (in_pop),
    .out_flit_o
  );

  assign out_valid_o = send;
  assign idle_o      = (&in_empty) && (held == '0) && (pv == '0) && (ack_q == '0);

  // ---------------------------------------------------------------------
  // Channel counters and the read port
  // ---------------------------------------------------------------------
  logic [Ports*32-1:0] cnt;       // per output: the selected counter, registered part
  logic [Ports-1:0]    cnt_pend;  // per output: its event of last cycle, not yet in cnt
  logic [31:0]         cnt_sel;
  logic                pend_sel;
  logic [Ports-1:0]    out_head;  // per output: the flit sent is a HEAD or SINGLE
`ifndef SYNTHESIS
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0]         cnt_peek;  // the selected counter as it is now (HC_CNT_PEEK)
  /* verilator lint_on UNUSEDSIGNAL */
`endif
  assign out_waiting_o = waiting;

  for (genvar o = 0; o < Ports; o++) begin : gen_cnt
    logic is_head;
    assign is_head = out_flit_o[o*FlitW + HeadBit];  // HEAD and SINGLE
    assign out_head[o] = is_head;
    assign out_busy_o[o]    = held[o] || send[o] || pgrant[o];
    assign out_blocked_o[o] = (waiting[o*WaitW +: WaitW] != '0);
    // With CntRam the flip-flop counters are not built (hc_cnt_ram below).
    hc_chan_counters #(
      .CntWidth (CntRam ? 0 : CntWidth),
      .WaitW    (WaitW)
    ) u_cnt (
      .clk_i,
      .rst_ni,
      .flit_i    (send[o]),
      .head_i    (is_head),
      .busy_i    (out_busy_o[o]),
      .waiting_i (waiting[o*WaitW +: WaitW]),
      .id_i      (cnt_id_i),
      .cnt_o     (cnt[o*32 +: 32]),
      .pend_o    (cnt_pend[o])
    );
  end

  always_comb begin
    cnt_sel  = '0;
    pend_sel = 1'b0;
    for (int unsigned o = 0; o < Ports; o++) begin
      if (cnt_port_i == 4'(o)) begin
        cnt_sel  = cnt[o*32 +: 32];
        pend_sel = cnt_pend[o];
      end
    end
  end

  // The counters sum each cycle's event one cycle later (hc_chan_counters):
  // the event still pending is added here, modulo 2^CntWidth, so a read is
  // exact in every cycle.
  if (CntRam && CntWidth > 0) begin : gen_cnt_ram
    logic unused_ff;
    assign unused_ff = ^{cnt_sel, pend_sel};
    hc_cnt_ram #(
      .Ports    (Ports),
      .CntWidth (CntWidth),
      .WaitW    (WaitW)
    ) u_cnt_ram (
      .clk_i,
      .rst_ni,
      .flit_i    (send),
      .head_i    (out_head),
      .busy_i    (out_busy_o),
      .waiting_i (waiting),
      .port_i    (cnt_port_i),
      .id_i      (cnt_id_i),
      .rdata_o   (cnt_data_o)
`ifndef SYNTHESIS
      ,
      .peek_o    (cnt_peek)
`endif
    );
  end else if (CntWidth > 0) begin : gen_cnt_read
    assign cnt_data_o = pend_sel ? 32'(CntWidth'(cnt_sel[CntWidth-1:0] + 1'b1)) : cnt_sel;
  end else begin : gen_cnt_read0
    logic unused_pend;
    assign unused_pend = pend_sel;
    assign cnt_data_o  = cnt_sel;
  end
  if (!CntRam || CntWidth == 0) begin : gen_cnt_head_unused
    logic unused_head;
    assign unused_head = ^out_head;
  end
`ifndef SYNTHESIS
  if (!CntRam || CntWidth == 0) begin : gen_cnt_peek
    assign cnt_peek = cnt_data_o;
  end
`endif
`ifdef HC_CNT_PEEK
  assign cnt_peek_o = cnt_peek;
`endif

`ifndef SYNTHESIS
  // The checks are word operations over all inputs at once, each the
  // conjunction over the inputs of the property it states (per-input
  // assertions and gathers of columns were a large share of the 8-cube's
  // simulation: docs/performance.md, the RTL's fifth pass). The functions
  // read only their arguments, which the assertions sample.

  // Per input p: its front is a head or a SINGLE (kind's KindHeadBit,
  // front[p*FlitW + HeadBit]).
  function automatic logic [Ports-1:0] heads(input logic [Ports*2-1:0] k);
    for (int p = 0; p < Ports; p++) begin
      heads[p] = k[2*p + hc_pkg::KindHeadBit];
    end
  endfunction
  // Per input p: its e-cube route is the ejection port (bit Dim of row p).
  function automatic logic [Ports-1:0] ejects(input logic [Ports*Ports-1:0] r);
    for (int p = 0; p < Ports; p++) begin
      ejects[p] = r[p*Ports + Dim];
    end
  endfunction
  // Every input p that requests (rq[p]) asks for what its route gives, the
  // route unmasked (hc_alloc builds only the outputs above a link input):
  // a probe its link, in mode 3 a data head the ejection port, otherwise
  // the e-cube route (registered with RouteReg).
  function automatic logic asks_routed(input logic [Ports-1:0] rq, input logic c, input logic [Ports-1:0] dr,
                                       input logic [Ports*Ports-1:0] pr, input logic [Ports*Ports-1:0] rr,
                                       input logic [Ports*Ports-1:0] r, input logic [Ports*Ports-1:0] ar);
    asks_routed = 1'b1;
    for (int p = 0; p < Ports; p++) begin
      asks_routed = asks_routed && (!rq[p] || (((c && !dr[p]) ? pr[p*Ports +: Ports] : (c && RouteReg) ? EjectOh :
                                                RouteReg ? rr[p*Ports +: Ports] : r[p*Ports +: Ports]) ==
                                               ar[p*Ports +: Ports]));
    end
  endfunction
  // Per output o < Dim: it has an owner (row o of own is not zero).
  function automatic logic [Dim-1:0] owned_links(input logic [Ports*Ports-1:0] own);
    for (int o = 0; o < Dim; o++) begin
      owned_links[o] = (own[o*Ports +: Ports] != '0);
    end
  endfunction
  // No input is acknowledged twice: the owners (rows of own) of the
  // outputs o < Dim acknowledged (ak[o]) and the inputs whose probe is done
  // (pd) share no input.
  function automatic logic acks_apart(input logic [Ports*Ports-1:0] own, input logic [Dim-1:0] ak,
                                      input logic [Ports-1:0] pd);
    logic [Ports-1:0] seen;
    seen = pd;
    acks_apart = 1'b1;
    for (int o = 0; o < Dim; o++) begin
      if (ak[o]) begin
        acks_apart = acks_apart && ((seen & own[o*Ports +: Ports]) == '0);
        seen = seen | own[o*Ports +: Ports];
      end
    end
  endfunction

  // A buffer front without an output held must be a head: messages arrive
  // whole and in order, so anything else is a protocol violation upstream.
  FrontIsHead: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (req & ~preq & ~heads(kind)) == '0)
    else $error("hc_router: inputs %b request with a front that is not a head", req & ~preq & ~heads(kind));
  // A head or probe that came in on link p asks for an output above p
  // (the upstream router routed it e-cube); the allocator builds no other.
  RouteForward: assert property (@(posedge clk_i) disable iff (!rst_ni)
      asks_routed(req, cs, dreq, proute, rroute, route, areq))
    else $error("hc_router: an input asks for an output at or below its own dimension (requests %b)", req);
  // Mode 3: a front without a current reservation is a head at its
  // destination (data only ever follow a reservation).
  DataHeadAtDest: assert property (@(posedge clk_i) disable iff (!rst_ni)
      cs |-> (~in_empty & ~holds & ~(heads(kind) & ejects(route))) == '0)
    else $error("hc_router: inputs %b have data without a reservation away from their destination",
                ~in_empty & ~holds & ~(heads(kind) & ejects(route)));
  // An acknowledgement comes back only on a reserved output, and each
  // input sends at most one a cycle.
  AckOnReserved: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (ack_i & ~owned_links(owner)) == '0)
    else $error("hc_router: acknowledgements on outputs %b, which nobody owns", ack_i & ~owned_links(owner));
  AckOneSource: assert property (@(posedge clk_i) disable iff (!rst_ni)
      acks_apart(owner, ack_i, pdone))
    else $error("hc_router: two acknowledgements for one input in one cycle (acks %b, probes done %b)", ack_i, pdone);
`endif

endmodule
