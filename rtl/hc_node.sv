// One node of the hypercube (hc_network): its router, its network interface,
// its store-and-forward engine, the mode multiplexers of its outgoing links
// and its share of the network's read ports. Everything a node exchanges
// with a neighbour across dimension i is a port of index i, and a neighbour's
// output i drives this node's input i (hc_network wires them), so the node
// is one piece of logic instantiated 2^Dim times, told its number by
// node_id_i. The simulation of large cubes relies on that: it Verilates one
// hc_node and steps 2^Dim copies of it (docs/architecture.md, "The node
// module and the node-sharded simulation").
//
// What crosses to a neighbour is either registered here (in_ready_o, ack_o,
// sf_valid_o, sf_word_o) or combinational from this node's registers and
// those registered inputs only (out_valid_o, out_flit_o, pout_valid_o,
// pout_dest_o); the neighbours' flits and probes (nb_valid_i, nb_flit_i,
// nb_pvalid_i, nb_pdest_i) and sf words (nb_sf_valid_i, nb_sf_word_i) reach
// registers only. So a cycle settles in two steps: registered values across,
// then the combinational ones.
//
// SfExternal = 1 (the node-sharded simulation only; the FPGA and hc_network
// build the default, 0) leaves the store-and-forward engine out: the
// simulation Verilates hc_sf_node as a model of its own beside the node and
// wires the two as the instance u_sf is wired here (tb/backend/
// hc_rtl_node_shim.cpp), so that each is skipped on its own fixed point.
// The node then hands out the engine's inputs that it computes (sfx_*_o:
// go, and the configuration strobes of this node) and takes the engine's
// outputs (sfx_*_i) where u_sf's would be; the engine's other inputs are
// this node's input ports as they are (u_sf's port list below), and its
// link inputs are its neighbours' engines' outputs (nb_sf_* then unused).
// Every gate stays in the RTL; the simulation adds wires only.
module hc_node #(
  /// Cube dimension: links per node.
  parameter int unsigned Dim          = 4,
  /// Flit payload bits, at least Dim.
  parameter int unsigned PayloadWidth = 16,
  /// Flits per router input buffer.
  parameter int unsigned BufDepth     = 2,
  /// Flits per network-interface injection queue.
  parameter int unsigned InjDepth     = 4,
  /// Bits of each summing channel counter (0: none; see hc_network).
  parameter int unsigned CntWidth     = 32,
  /// 1: the routers' input buffers are memories with a registered read.
  parameter bit          BufRam       = 1'b0,
  /// 1: the router registers the route of its buffers' fronts (see hc_router).
  parameter bit          RouteReg     = 1'b0,
  /// 1: the router's summing counters in block RAM, and the counter read
  /// port registered (see hc_router; cnt_o one cycle later).
  parameter bit          CntRam       = 1'b0,
  /// 1: the store-and-forward engine is built.
  parameter bit          SfEnable     = 1'b1,
  /// 1 (with SfEnable; simulation only): the engine is not instantiated
  /// but outside the node, through the sfx_* ports (see above).
  parameter bit          SfExternal   = 1'b0,
  /// Store-and-forward: address bits of one memory bank.
  parameter int unsigned BankAW       = hc_pkg::BankAWDefault,
  /// Store-and-forward: address bits of each engine's segment table.
  parameter int unsigned SegAW        = hc_pkg::SegAWDefault,
  /// Store-and-forward: address bits of each TX engine's descriptor table.
  parameter int unsigned DescAW       = hc_pkg::DescAWDefault,
  /// 1: the cost model (tau, xi, mode 3) is built.
  parameter bit          CsEnable     = 1'b1,
  /// 1: the engine's banks in one time-multiplexed RAM on mem_clk_i
  /// (hc_sf_node's SfMemTdm).
  parameter bit          SfMemTdm     = 1'b0,
  /// 1 (with SfEnable, the FPGA board's build): the programmed node
  /// hc_sf_prog instead of the engines (docs/store_and_forward.md, section
  /// 7.9; mem_clk_i at 2*Dim times clk_i).
  parameter bit          SfProg       = 1'b0,
  /// With SfProg: the node's RAM contents (data and program), $readmemh.
  parameter logic [8*160-1:0] SfProgFile = "sfprog00.hex"
) (
  /// Clock, rising edge (the link clock).
  input  logic                        clk_i,
  /// With SfMemTdm: the engine's memory clock, Dim times clk_i (hc_sf_node).
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic                        mem_clk_i,
  /* verilator lint_on UNUSEDSIGNAL */
  /// Asynchronous reset, active low.
  input  logic                        rst_ni,
  /// This node's number.
  input  logic [Dim-1:0]              node_id_i,
  // ---- the network's global registers (hc_net_glue) ----
  /// Mode 1 (scheduled store-and-forward), 2 (by header), 3 (circuit).
  input  logic                        sf_mode_i,
  input  logic                        saf_mode_i,
  input  logic                        cs_mode_i,
  /// The cost model's tau and xi, and mode 3's overlap bit.
  input  logic [hc_pkg::TauW-1:0]     tau_i,
  input  logic [hc_pkg::XiW-1:0]      xi_i,
  input  logic                        overlap_i,
  // Beta, run and start only reach the engine (unused without SfEnable).
  /* verilator lint_off UNUSEDSIGNAL */
  /// Mode 1: start-up cycles per packet, a start has been written, and a
  /// start is written this cycle.
  input  logic [15:0]                 beta_i,
  input  logic                        run_i,
  input  logic                        sf_start_i,
  /* verilator lint_on UNUSEDSIGNAL */
  // ---- the processor side ----
  /// A flit is offered for injection (only while inj_ready_o), and the flit.
  input  logic                        inj_valid_i,
  input  logic [PayloadWidth+1:0]            inj_flit_i,
  /// The injection queue has room.
  output logic                        inj_ready_o,
  /// Mode 3: a path set-up is offered, its destination, and the NI takes one.
  input  logic                        probe_valid_i,
  input  logic [Dim-1:0]              probe_dest_i,
  output logic                        probe_ready_o,
  /// A flit is delivered this cycle, and the flit (0 when none).
  output logic                        ej_valid_o,
  output logic [PayloadWidth+1:0]            ej_flit_o,
  /// Write remap_i into the NI's address map (see hc_ni).
  input  logic                        remap_we_i,
  input  logic [Dim*4-1:0]            remap_i,
  // ---- to and from the neighbours, index i: the neighbour across i ----
  /// The router's link outputs (what the neighbour's input i takes outside
  /// mode 1).
  output logic [Dim-1:0]              out_valid_o,
  output logic [Dim*(PayloadWidth+2)-1:0]        out_flit_o,
  /// The router's link input buffers have room (registered).
  output logic [Dim-1:0]              in_ready_o,
  /// Mode 3: probes out, their destinations, and the acknowledgements back
  /// across each input (registered; bit Dim: to the NI, for the waveform).
  output logic [Dim-1:0]              pout_valid_o,
  output logic [Dim*Dim-1:0]          pout_dest_o,
  output logic [Dim:0]                ack_o,
  /// Mode 1: the TX engines' link registers.
  output logic [Dim-1:0]              sf_valid_o,
  output logic [Dim*PayloadWidth-1:0] sf_word_o,
  /// The neighbours' out_valid_o[i], out_flit_o[i], in_ready_o[i],
  /// pout_valid_o[i], pout_dest_o[i], ack_o[i], sf_valid_o[i], sf_word_o[i].
  input  logic [Dim-1:0]              nb_valid_i,
  input  logic [Dim*(PayloadWidth+2)-1:0]        nb_flit_i,
  input  logic [Dim-1:0]              nb_ready_i,
  input  logic [Dim-1:0]              nb_pvalid_i,
  input  logic [Dim*Dim-1:0]          nb_pdest_i,
  input  logic [Dim-1:0]              nb_ack_i,
  // Unused without SfEnable.
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [Dim-1:0]              nb_sf_valid_i,
  input  logic [Dim*PayloadWidth-1:0] nb_sf_word_i,
  /* verilator lint_on UNUSEDSIGNAL */
  // ---- the links as they are observed (the mode multiplexers) ----
  /// Per outgoing link: a flit or word crosses it, and what crosses ({2'b00,
  /// word} in mode 1), 0 when none.
  output logic [Dim-1:0]              link_valid_o,
  output logic [Dim*(PayloadWidth+2)-1:0]        link_flit_o,
  /// Per outgoing link: busy (held, granted, or an engine sending), blocked
  /// (a head waits) and how many heads wait: for the waveform.
  output logic [Dim-1:0]              link_busy_o,
  output logic [Dim-1:0]              link_blocked_o,
  output logic [Dim*$clog2(Dim+2)-1:0]        link_waiting_o,
  /// The router's own busy and blocked flags and held outputs, all ports
  /// (the waveform's cycle counts, the NI's view).
  output logic [Dim:0]                rt_busy_o,
  output logic [Dim:0]                rt_blocked_o,
  output logic [Dim:0]                held_o,
  // ---- the network's read ports and status ----
  /// The router and NI are idle (from registers).
  output logic                        idle_o,
  /// Mode 1: the engine finished its schedule.
  output logic                        finished_o,
  /// Counter read port: the counter of this node's output port cnt_port_i,
  /// 0 unless cnt_node_i is this node (with CntRam: of the selection of the
  /// previous cycle, as it was then).
  input  logic [Dim-1:0]              cnt_node_i,
  input  logic [3:0]                  cnt_port_i,
  input  logic [2:0]                  cnt_id_i,
  output logic [31:0]                 cnt_o,
`ifdef HC_CNT_PEEK
  /// Simulation only, with the define HC_CNT_PEEK (see hc_router): the
  /// selected counter as it is now (the lockstep's read).
  output logic [31:0]                 cnt_peek_o,
`endif
  /// Configuration port, as hc_network's; only node cfg_node_i takes it.
  input  logic                        cfg_we_i,
  input  logic                        cfg_re_i,
  input  logic [Dim-1:0]              cfg_node_i,
  // Target, unit, index and field only reach the engine.
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [2:0]                  cfg_tgt_i,
  input  logic [3:0]                  cfg_unit_i,
  input  logic [15:0]                 cfg_idx_i,
  input  logic [3:0]                  cfg_field_i,
  input  logic [31:0]                 cfg_wdata_i,
  /* verilator lint_on UNUSEDSIGNAL */
  /// The engine's read result (0 unless this node was read last cycle).
  output logic [31:0]                 cfg_rdata_o,
  // ---- the engine outside the node (SfExternal; else unused, 0) ----
  /// hc_sf_node's go_i, cfg_we_i and cfg_re_i as u_sf would take them.
  output logic                        sfx_go_o,
  output logic                        sfx_cfg_we_o,
  output logic                        sfx_cfg_re_o,
  // Unused without SfExternal.
  /* verilator lint_off UNUSEDSIGNAL */
  /// hc_sf_node's out_valid_o, out_word_o, busy_o, finished_o, cfg_rdata_o
  /// and cnt_o, where u_sf's would be.
  input  logic [Dim-1:0]              sfx_valid_i,
  input  logic [Dim*PayloadWidth-1:0] sfx_word_i,
  input  logic [Dim-1:0]              sfx_busy_i,
  input  logic                        sfx_finished_i,
  input  logic [31:0]                 sfx_rdata_i,
  input  logic [31:0]                 sfx_cnt_i
  /* verilator lint_on UNUSEDSIGNAL */
);

  /// Derived: ports per router, flit width, waiting-count width.
  localparam int unsigned Ports = Dim + 1;
  localparam int unsigned FlitW = PayloadWidth + 2;
  localparam int unsigned WaitW = $clog2(Ports + 1);

  logic [Ports-1:0]       in_valid, in_ready, out_valid, out_ready;
  logic [Ports*FlitW-1:0] in_flit, out_flit;
  // The ejection port's waiting count is not a link's (no waveform name).
  /* verilator lint_off UNUSEDSIGNAL */
  logic [Ports*WaitW-1:0] out_waiting;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [Ports-1:0]       pin_valid, held;
  logic [Ports*Dim-1:0]   pin_dest;
  logic [31:0]            rt_cnt, sf_cnt;
  logic                   rt_idle, ni_idle;
  logic [Dim-1:0]         sf_busy;

  // The links. In mode 1 a link carries the TX engine's words and the
  // routers see neither flits nor room on it.
  for (genvar i = 0; i < Dim; i++) begin : gen_link
    assign in_valid[i]                 = !sf_mode_i && nb_valid_i[i];
    assign in_flit[i*FlitW +: FlitW]   = nb_flit_i[i*FlitW +: FlitW];
    assign out_ready[i]                = !sf_mode_i && nb_ready_i[i];
    assign link_valid_o[i]             = sf_mode_i ? sf_valid_o[i] : out_valid[i];
    assign link_flit_o[i*FlitW +: FlitW] =
        sf_mode_i ? {2'b00, sf_word_o[i*PayloadWidth +: PayloadWidth]} : out_flit[i*FlitW +: FlitW];
    assign link_busy_o[i]              = sf_mode_i ? sf_busy[i] : rt_busy_o[i];
    assign link_blocked_o[i]           = sf_mode_i ? 1'b0 : rt_blocked_o[i];
    assign link_waiting_o[i*WaitW +: WaitW] = sf_mode_i ? '0 : out_waiting[i*WaitW +: WaitW];
  end
  assign pin_valid[Dim-1:0]     = nb_pvalid_i;
  assign pin_dest[Dim*Dim-1:0]  = nb_pdest_i;
  assign out_valid_o            = out_valid[Dim-1:0];
  assign out_flit_o             = out_flit[Dim*FlitW-1:0];
  assign in_ready_o             = in_ready[Dim-1:0];
  assign held_o                 = held;

  // The ejection port always sinks.
  assign out_ready[Dim] = 1'b1;
  assign ej_valid_o     = out_valid[Dim];
  assign ej_flit_o      = out_flit[Dim*FlitW +: FlitW];

  assign idle_o = rt_idle && ni_idle;
  // With CntRam the router's read is registered, and so are the node's
  // match and the engine's counters: the whole read is one cycle later.
  if (CntRam) begin : gen_cnt_reg
    logic        match_q;
    logic [31:0] sf_cnt_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        match_q  <= 1'b0;
        sf_cnt_q <= '0;
      end else begin
        match_q  <= (cnt_node_i == node_id_i);
        sf_cnt_q <= sf_cnt;
      end
    end
    assign cnt_o = match_q ? (rt_cnt | sf_cnt_q) : '0;
  end else begin : gen_cnt_comb
    assign cnt_o = (cnt_node_i == node_id_i) ? (rt_cnt | sf_cnt) : '0;
  end
`ifdef HC_CNT_PEEK
  logic [31:0] rt_peek;
  assign cnt_peek_o = (cnt_node_i == node_id_i) ? (rt_peek | sf_cnt) : '0;
  if (CntRam) begin : gen_cnt_assert
    // The registered read shows what the peek showed a cycle before.
    logic [31:0] peek_q;
    logic        peek_v_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        peek_q   <= '0;
        peek_v_q <= 1'b0;
      end else begin
        peek_q   <= cnt_peek_o;
        peek_v_q <= 1'b1;
      end
    end
    NodeCntReadIsLastPeek: assert property (@(posedge clk_i) disable iff (!rst_ni)
        peek_v_q |-> (cnt_o == peek_q))
      else $error("hc_node: counter read shows %0d, the counter was %0d", cnt_o, peek_q);
  end
`endif

  // The engine's inputs that the node computes: go in mode 1, and the
  // configuration strobes when the port addresses this node.
  logic sf_go, sf_cfg_we, sf_cfg_re;
  assign sf_go     = run_i && sf_mode_i;
  assign sf_cfg_we = cfg_we_i && (cfg_node_i == node_id_i);
  assign sf_cfg_re = cfg_re_i && (cfg_node_i == node_id_i);

  if (SfEnable && SfProg) begin : gen_sf_prog
    hc_sf_prog #(
      .Dim      (Dim),
      .Width    (PayloadWidth),
      .BankAW   (BankAW),
      .ProgFile (SfProgFile)
    ) u_sf (
      .clk_i,
      .mem_clk_i,
      .rst_ni,
      .clear_i     (sf_start_i),
      .go_i        (sf_go),
      .beta_i,
      .cfg_we_i    (sf_cfg_we),
      .cfg_re_i    (sf_cfg_re),
      .cfg_tgt_i,
      .cfg_unit_i,
      .cfg_idx_i,
      .cfg_field_i,
      .cfg_wdata_i,
      .cfg_rdata_o,
      .in_valid_i  (nb_sf_valid_i),
      .in_word_i   (nb_sf_word_i),
      .out_valid_o (sf_valid_o),
      .out_word_o  (sf_word_o),
      .busy_o      (sf_busy),
      .finished_o,
      .cnt_port_i,
      .cnt_id_i,
      .cnt_o       (sf_cnt)
    );
  end else if (SfEnable && !SfExternal) begin : gen_sf
    hc_sf_node #(
      .Dim      (Dim),
      .Width    (PayloadWidth),
      .BankAW   (BankAW),
      .SegAW    (SegAW),
      .DescAW   (DescAW),
      .CntWidth (CntWidth),
      .SfMemTdm (SfMemTdm)
    ) u_sf (
      .clk_i,
      .mem_clk_i,
      .rst_ni,
      .clear_i     (sf_start_i),
      .go_i        (sf_go),
      .beta_i,
      .cfg_we_i    (sf_cfg_we),
      .cfg_re_i    (sf_cfg_re),
      .cfg_tgt_i,
      .cfg_unit_i,
      .cfg_idx_i,
      .cfg_field_i,
      .cfg_wdata_i,
      .cfg_rdata_o,
      .in_valid_i  (nb_sf_valid_i),
      .in_word_i   (nb_sf_word_i),
      .out_valid_o (sf_valid_o),
      .out_word_o  (sf_word_o),
      .busy_o      (sf_busy),
      .finished_o,
      .cnt_port_i,
      .cnt_id_i,
      .cnt_o       (sf_cnt)
    );
  end else if (SfEnable) begin : gen_sf_ext
    // u_sf's output ports, from outside.
    assign sf_valid_o  = sfx_valid_i;
    assign sf_word_o   = sfx_word_i;
    assign sf_busy     = sfx_busy_i;
    assign finished_o  = sfx_finished_i;
    assign cfg_rdata_o = sfx_rdata_i;
    assign sf_cnt      = sfx_cnt_i;
  end else begin : gen_no_sf
    assign sf_valid_o  = '0;
    assign sf_word_o   = '0;
    assign sf_busy     = '0;
    assign finished_o  = 1'b0;
    assign cfg_rdata_o = '0;
    assign sf_cnt      = '0;
  end
  // u_sf's computed inputs, to outside.
  if (SfEnable && SfExternal) begin : gen_sfx_out
    assign sfx_go_o     = sf_go;
    assign sfx_cfg_we_o = sf_cfg_we;
    assign sfx_cfg_re_o = sf_cfg_re;
  end else begin : gen_no_sfx_out
    /* verilator lint_off UNUSEDSIGNAL */
    logic unused_sf;
    assign unused_sf = ^{sf_go, sf_cfg_we, sf_cfg_re};
    /* verilator lint_on UNUSEDSIGNAL */
    assign sfx_go_o     = 1'b0;
    assign sfx_cfg_we_o = 1'b0;
    assign sfx_cfg_re_o = 1'b0;
  end

  hc_ni #(
    .Dim      (Dim),
    .FlitW    (FlitW),
    .InjDepth (InjDepth),
    .CsEnable (CsEnable)
  ) u_ni (
    .clk_i,
    .rst_ni,
    .node_id_i,
    .circuit_i        (cs_mode_i),
    .xi_i,
    .overlap_i,
    .inj_valid_i,
    .inj_flit_i,
    .inj_ready_o,
    .probe_valid_i,
    .probe_dest_i,
    .probe_ready_o,
    .rt_valid_o       (in_valid[Dim]),
    .rt_flit_o        (in_flit[Dim*FlitW +: FlitW]),
    .rt_ready_i       (in_ready[Dim]),
    .rt_probe_valid_o (pin_valid[Dim]),
    .rt_probe_dest_o  (pin_dest[Dim*Dim +: Dim]),
    .rt_ack_i         (ack_o[Dim]),
    .rt_held_i        (held[Dim-1:0]),
    .idle_o           (ni_idle),
    .remap_we_i,
    .remap_i
  );

  hc_router #(
    .Dim          (Dim),
    .PayloadWidth (PayloadWidth),
    .BufDepth     (BufDepth),
    .CntWidth     (CntWidth),
    .BufRam       (BufRam),
    .RouteReg     (RouteReg),
    .CsEnable     (CsEnable),
    .CntRam       (CntRam)
  ) u_router (
    .clk_i,
    .rst_ni,
    .node_id_i,
    .saf_i         (saf_mode_i),
    .circuit_i     (cs_mode_i),
    .tau_i,
    .pin_valid_i   (pin_valid),
    .pin_dest_i    (pin_dest),
    .ack_i         (nb_ack_i),
    .pout_valid_o,
    .pout_dest_o,
    .ack_o,
    .held_o        (held),
    .in_valid_i    (in_valid),
    .in_flit_i     (in_flit),
    .in_ready_o    (in_ready),
    .out_valid_o   (out_valid),
    .out_flit_o    (out_flit),
    .out_ready_i   (out_ready),
    .out_busy_o    (rt_busy_o),
    .out_blocked_o (rt_blocked_o),
    .out_waiting_o (out_waiting),
    .idle_o        (rt_idle),
    .cnt_port_i,
    .cnt_id_i,
    .cnt_data_o    (rt_cnt)
`ifdef HC_CNT_PEEK
    ,
    .cnt_peek_o    (rt_peek)
`endif
  );

endmodule
