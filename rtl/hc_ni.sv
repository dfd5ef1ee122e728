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
//
// With CsEnable, the paper's cost model (docs/microarchitecture.md, "Cost
// model: tau, xi and circuit switching"): in modes 0 and 2 a head at the
// front waits xi cycles before it leaves; in mode 3 (circuit switching) the
// processor offers each message's path set-up on the probe port, one at a
// time: the NI counts xi cycles in which the path's first link is free,
// hands the probe to the router's local input, and when the
// acknowledgement comes back the path is held. The message's head leaves
// only then and only once the node's previous message is complete (its
// tail on its last link, which the NI knows: the circuit streams a flit a
// cycle). A new set-up is taken once the previous path is held and its
// data have started (overlap_i) or once the previous message is complete.
module hc_ni #(
  /// Cube dimension: the destination is the low Dim bits of a head.
  parameter int unsigned Dim      = 4,
  /// Flit width (payload plus two kind bits).
  parameter int unsigned FlitW    = 18,
  /// Flits in the injection queue.
  parameter int unsigned InjDepth = 4,
  /// 1: the paper's cost model (xi, mode 3) is built.
  parameter bit          CsEnable = 1'b1
) (
  /// Clock, rising edge.
  input  logic             clk_i,
  /// Asynchronous reset, active low.
  input  logic             rst_ni,
  /// This node's number.
  input  logic [Dim-1:0]   node_id_i,
  /// Mode 3: circuit switching.
  input  logic             circuit_i,
  /// xi: start-up cycles of a message (mode 3: of its path set-up).
  input  logic [hc_pkg::XiW-1:0] xi_i,
  /// Mode 3: a set-up may start while the previous message's data flow.
  input  logic             overlap_i,
  /// Processor side: a flit is offered (only while inj_ready_o).
  input  logic             inj_valid_i,
  /// Processor side: the offered flit.
  input  logic [FlitW-1:0] inj_flit_i,
  /// Processor side: the queue has room (registered).
  output logic             inj_ready_o,
  /// Processor side, mode 3: a path set-up is offered (only while probe_ready_o).
  input  logic             probe_valid_i,
  /// Processor side, mode 3: its destination (the address map applies).
  input  logic [Dim-1:0]   probe_dest_i,
  /// Processor side, mode 3: a set-up is taken (from registers).
  output logic             probe_ready_o,
  /// Router side: a flit goes to the local input this cycle.
  output logic             rt_valid_o,
  /// Router side: that flit, 0 when none.
  output logic [FlitW-1:0] rt_flit_o,
  /// Router side: the local input buffer has room (registered).
  input  logic             rt_ready_i,
  /// Router side, mode 3: the probe goes to the local input's probe register.
  output logic             rt_probe_valid_o,
  /// Router side, mode 3: its (physical) destination.
  output logic [Dim-1:0]   rt_probe_dest_o,
  /// Router side, mode 3: the path set up is acknowledged (registered).
  input  logic             rt_ack_i,
  /// Router side: which of the router's links are held (registered).
  input  logic [Dim-1:0]   rt_held_i,
  /// Nothing queued or under way (registered).
  output logic             idle_o,
  /// Write remap_i into the address map at the end of this cycle.
  input  logic             remap_we_i,
  /// New address map: 4 bits per destination bit k, the source bit index.
  input  logic [Dim*4-1:0] remap_i
);

  /// Derived: the kind bits' position (a head or single has bit 0 set).
  localparam int unsigned HeadBit = FlitW - 2;
  localparam int unsigned TailBit = FlitW - 1;
  /// Derived: bits of a hop count (0..Dim).
  localparam int unsigned HopW = $clog2(Dim + 1);

  // Parameter ranges, checked at elaboration by Verilator and yosys alike.
  if (Dim < 1 || Dim > 16) begin : gen_err_dim
    $error("hc_ni: Dim must be 1..16 (4-bit remap indices)");
  end
  if (FlitW < Dim + 2) begin : gen_err_flit
    $error("hc_ni: FlitW must hold the kind bits and a Dim-bit destination");
  end

  logic             empty, pop, go, cs;
  logic [FlitW-1:0] front;

  assign cs = CsEnable && circuit_i;

  hc_fifo #(
    .Width (FlitW),
    .Depth (InjDepth)
  ) u_queue (
    .clk_i,
    .rst_ni,
    .push_i  (inj_valid_i),
    .wdata_i (inj_flit_i),
    .pop_i   (pop),
    .rdata_o (front),
    .empty_o (empty),
    .ready_o (inj_ready_o)
  );

  logic [Dim*4-1:0] remap_q;
  logic [Dim-1:0]   dest_phys, probe_phys;

  // Physical destination: bit k taken from virtual bit remap_q[k].
  always_comb begin
    logic [15:0] dv, pv;  // padded so a 4-bit index always fits
    dv = 16'(front[Dim-1:0]);
    pv = 16'(probe_dest_i);
    dest_phys  = '0;
    probe_phys = '0;
    for (int unsigned k = 0; k < Dim; k++) begin
      dest_phys[k]  = dv[remap_q[k*4 +: 4]];
      probe_phys[k] = pv[remap_q[k*4 +: 4]];
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

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int unsigned k = 0; k < Dim; k++) begin
        remap_q[k*4 +: 4] <= 4'(k);
      end
    end else if (remap_we_i) begin
      remap_q <= remap_i;
    end
  end

  // ---------------------------------------------------------------------
  // The cost model
  // ---------------------------------------------------------------------
  typedef enum logic [1:0] {
    SuIdle,  // no set-up under way
    SuCount, // counting xi while the first link is free
    SuOut    // the probe is out: waiting for the acknowledgement
  } su_e;

  logic xwait;     // modes 0, 2: the front waits (xi)
  logic complete;  // mode 3: the node's last message is complete
  logic held;      // mode 3: a path is held, its data not started
  logic streaming; // mode 3: a message's data are leaving
  logic head_go;   // mode 3: the head of the held path's message leaves now
  logic setting_up; // mode 3: a set-up is under way

  if (CsEnable) begin : gen_cs
    su_e                    su_q, su_d;
    logic [hc_pkg::XiW-1:0] sc_q, sc_d;
    logic [Dim-1:0]         sd_q, sd_d, hd_q, hd_d;
    logic                   held_q, held_d, strm_q, strm_d;
    logic [HopW-1:0]        cc_q, cc_d, ch_q, ch_d;
    logic [Dim-1:0]         diff;
    logic                   first_free, load_cc;

    hc_front_wait #(
      .W (hc_pkg::XiW)
    ) u_xi (
      .clk_i,
      .rst_ni,
      .load_i    (pop || (empty && inj_valid_i)),
      .wait_i    (xi_i),
      .waiting_o (xwait)
    );

    assign complete  = !strm_q && (cc_q == '0);
    assign held      = held_q;
    assign streaming = strm_q;
    assign head_go   = !strm_q && !empty && front[HeadBit] && held_q && complete && rt_ready_i;
    assign setting_up = (su_q != SuIdle);
    // The first link of the path being set up: free, or none (to itself).
    assign diff = sd_q ^ node_id_i;
    always_comb begin
      first_free = 1'b1;
      for (int k = Dim - 1; k >= 0; k--) begin
        if (diff[k]) begin
          first_free = !rt_held_i[k];
        end
      end
    end

    assign probe_ready_o = cs && (su_q == SuIdle) &&
                           (overlap_i ? (!held_q || head_go) : (!held_q && complete));
    assign rt_probe_valid_o = cs && (su_q == SuCount) && first_free && (sc_q == '0);
    assign rt_probe_dest_o  = sd_q;
    assign load_cc = cs && go && front[TailBit];

    always_comb begin
      su_d   = su_q;
      sc_d   = sc_q;
      sd_d   = sd_q;
      hd_d   = hd_q;
      held_d = held_q;
      strm_d = strm_q;
      ch_d   = ch_q;
      cc_d   = cc_q;
      if (su_q == SuCount && first_free) begin
        if (sc_q == '0) begin
          su_d = SuOut;
        end else begin
          sc_d = sc_q - 1'b1;
        end
      end
      if (rt_ack_i) begin
        su_d   = SuIdle;
        held_d = 1'b1;
        hd_d   = sd_q;
      end
`ifdef HC_FAULT_ackearly
      // Injected fault for the negative test of the assertions: the path
      // counts as held as soon as its probe leaves, before it is set up.
      if (rt_probe_valid_o) begin
        held_d = 1'b1;
        hd_d   = sd_q;
      end
`endif
      if (probe_valid_i) begin
        su_d = SuCount;
        sd_d = probe_phys;
        sc_d = xi_i;
      end
      if (cs && go && !strm_q) begin
        // The head leaves: its path is used; its hops time the message.
        held_d = 1'b0;
        strm_d = !front[TailBit];
        ch_d   = HopW'($countones(dest_phys ^ node_id_i));
      end else if (cs && go && front[TailBit]) begin
        strm_d = 1'b0;
      end
      if (load_cc) begin
        // Complete when the tail crosses its last link: h cycles after it
        // leaves here (1 for a message to itself).
        cc_d = (ch_d == '0) ? '0 : ch_d - 1'b1;
      end else if (cc_q != '0) begin
        cc_d = cc_q - 1'b1;
      end
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        su_q   <= SuIdle;
        sc_q   <= '0;
        sd_q   <= '0;
        hd_q   <= '0;
        held_q <= 1'b0;
        strm_q <= 1'b0;
        cc_q   <= '0;
        ch_q   <= '0;
      end else begin
        su_q   <= su_d;
        sc_q   <= sc_d;
        sd_q   <= sd_d;
        hd_q   <= hd_d;
        held_q <= held_d;
        strm_q <= strm_d;
        cc_q   <= cc_d;
        ch_q   <= ch_d;
      end
    end

`ifndef SYNTHESIS
    // The set-up handshake: offered only while taken, acknowledged only
    // while its probe is out, never while a path is already held.
    ProbeOnlyWhenReady: assert property (@(posedge clk_i) disable iff (!rst_ni)
        probe_valid_i |-> probe_ready_o)
      else $error("hc_ni: path set-up offered while not ready");
    AckWhileOut: assert property (@(posedge clk_i) disable iff (!rst_ni)
        rt_ack_i |-> (su_q == SuOut && !held_q))
      else $error("hc_ni: acknowledgement without a probe out, or with a path held");
    // Between messages the front is a head, and a head leaves on the path
    // set up for its own destination.
    FrontIsHeadBetween: assert property (@(posedge clk_i) disable iff (!rst_ni)
        (cs && !strm_q && !empty) |-> front[HeadBit])
      else $error("hc_ni: a body or tail at the front with no message under way");
    HeadOnItsPath: assert property (@(posedge clk_i) disable iff (!rst_ni)
        (cs && go && !strm_q) |-> (dest_phys == hd_q))
      else $error("hc_ni: head to %0d leaves on the path set up to %0d", dest_phys, hd_q);
`endif
  end else begin : gen_no_cs
    // Without the cost model its inputs go nowhere.
    /* verilator lint_off UNUSEDSIGNAL */
    logic unused_cs;
    assign unused_cs = ^{node_id_i, circuit_i, xi_i, overlap_i, probe_valid_i, rt_ack_i, rt_held_i,
                         probe_phys, head_go};
    /* verilator lint_on UNUSEDSIGNAL */
    assign xwait            = 1'b0;
    assign complete         = 1'b1;
    assign held             = 1'b0;
    assign streaming        = 1'b0;
    assign head_go          = 1'b0;
    assign setting_up       = 1'b0;
    assign probe_ready_o    = 1'b0;
    assign rt_probe_valid_o = 1'b0;
    assign rt_probe_dest_o  = '0;
  end

  // Modes 0 and 2: the front leaves when the router has room (a head after
  // its xi); mode 3: a message's data follow its head, which leaves on a
  // held path once the node's last message is complete.
  assign go = !empty && rt_ready_i &&
              (cs ? (streaming || (front[HeadBit] && held && complete))
                  : (!front[HeadBit] || !xwait));
  assign pop        = go;
  assign rt_valid_o = go;
  assign idle_o     = empty && !held && !streaming && complete && !setting_up;

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
