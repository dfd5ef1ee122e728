// A Dim-dimensional binary hypercube of 2^Dim routers, each with its network
// interface: output i of router x drives input i of router x ^ 2^i. Every
// link, ejection port and injection ready is brought out for the testbench
// (the lockstep backend compares them with csim/ every cycle) and named per
// node and dimension for a person reading the waveform. The channel counters
// of all routers are read through one read port.
//
// The same network runs in the modes chosen at run time by a register of
// the configuration port (docs/store_and_forward.md, section 7): mode 0 is
// the e-cube wormhole network of the routers; mode 1 is the scheduled
// store-and-forward multiport machine of the papers, in which every node's
// hc_sf_node drives all of its links at once from a preloaded schedule (the
// links are shared: a multiplexer per link picks the router's output or the
// TX engine's link register); mode 2 is store-and-forward by header; mode 3
// (with CsEnable) circuit switching, in which probes set up each path before
// its data move and acknowledgements come back (docs/microarchitecture.md,
// "Cost model"). Each router has its probe links and acknowledgement wires
// to its neighbours beside the flit links.

// The simulation build sets the configuration by macros, not by -G: the
// hierarchical mode of Verilator 5.006 (the testbench's build, see the
// Makefile) hands every -G on to each hierarchy block as well, and a block
// refuses a parameter it does not have. Undefined, they are the defaults.
`ifndef HC_CFG_DIM
`define HC_CFG_DIM 4
`endif
`ifndef HC_CFG_PAYLOAD_WIDTH
`define HC_CFG_PAYLOAD_WIDTH 16
`endif
`ifndef HC_CFG_BUF_DEPTH
`define HC_CFG_BUF_DEPTH 2
`endif
`ifndef HC_CFG_INJ_DEPTH
`define HC_CFG_INJ_DEPTH 4
`endif
`ifndef HC_CFG_BUF_RAM
`define HC_CFG_BUF_RAM 1'b0
`endif
`ifndef HC_CFG_ROUTE_REG
`define HC_CFG_ROUTE_REG 1'b0
`endif
`ifndef HC_CFG_CNT_RAM
`define HC_CFG_CNT_RAM 1'b0
`endif
`ifndef HC_CFG_BANK_AW
`define HC_CFG_BANK_AW hc_pkg::BankAWDefault
`endif
`ifndef HC_CFG_SEG_AW
`define HC_CFG_SEG_AW hc_pkg::SegAWDefault
`endif
`ifndef HC_CFG_SF_MEM_TDM
`define HC_CFG_SF_MEM_TDM 1'b0
`endif
`ifndef HC_CFG_DESC_AW
`define HC_CFG_DESC_AW hc_pkg::DescAWDefault
`endif

module hc_network #(
  /// Cube dimension (2^Dim nodes).
  parameter int unsigned Dim          = `HC_CFG_DIM,
  /// Flit payload bits, at least Dim.
  parameter int unsigned PayloadWidth = `HC_CFG_PAYLOAD_WIDTH,
  /// Flits per router input buffer.
  parameter int unsigned BufDepth     = `HC_CFG_BUF_DEPTH,
  /// Flits per network-interface injection queue.
  parameter int unsigned InjDepth     = `HC_CFG_INJ_DEPTH,
  /// Bits of each summing channel counter (32 in simulation; a small FPGA
  /// build narrows them, docs/fpga.md; 0 builds no counter, all read 0).
  /// The read port zero-extends.
  parameter int unsigned CntWidth     = 32,
  /// 1: the routers' input buffers are memories with a registered read
  /// (block RAM on an FPGA; hc_fifo's Ram): the same cycle behaviour.
  parameter bit          BufRam       = `HC_CFG_BUF_RAM,
  /// 1: each router registers the route of its buffers' fronts, and a head
  /// takes 2 cycles per hop instead of 1 (docs/microarchitecture.md,
  /// "Registered route"): a shorter clock path.
  parameter bit          RouteReg     = `HC_CFG_ROUTE_REG,
  /// 1: each router's summing counters in block RAM, and the counter read
  /// port registered: cnt_data_o in cycle t+1 is the counter selected in
  /// cycle t, as it was then (docs/microarchitecture.md, "Channel counters
  /// in block RAM").
  parameter bit          CntRam       = `HC_CFG_CNT_RAM,
  /// 1: every node has the store-and-forward engines and memories (mode 1
  /// available); 0: wormhole only (a mode-1 write is refused).
  parameter bit          SfEnable     = 1'b1,
  /// Store-and-forward: address bits of one memory bank (2^BankAW words).
  parameter int unsigned BankAW       = `HC_CFG_BANK_AW,
  /// Store-and-forward: address bits of each engine's segment table.
  parameter int unsigned SegAW        = `HC_CFG_SEG_AW,
  /// Store-and-forward: address bits of each TX engine's descriptor table.
  parameter int unsigned DescAW       = `HC_CFG_DESC_AW,
  /// 1: the paper's cost model (tau, xi, mode 3 circuit switching) is built
  /// (docs/microarchitecture.md, "Cost model"); 0: writes of it are refused.
  parameter bit          CsEnable     = 1'b1,
  /// 1: each node's store-and-forward banks in one RAM clocked by
  /// mem_clk_i, Dim memory clocks a link cycle (docs/store_and_forward.md,
  /// section 7.8); 0: Dim copies of every bank (section 7.2).
  parameter bit          SfMemTdm     = `HC_CFG_SF_MEM_TDM,
  /// 1 (with SfEnable; the FPGA board's build): every node is the
  /// programmed node hc_sf_prog, which replays programs compiled from the
  /// engines' C model instead of running the engines, on mem_clk_i at
  /// 2*Dim times clk_i (docs/store_and_forward.md, section 7.9).
  parameter bit          SfProg       = 1'b0,
  /// With SfProg: the directory of the nodes' RAM contents, sfprog<xx>.hex.
  parameter logic [8*128-1:0] SfProgDir = "."
) (
  /// Clock, rising edge (with SfMemTdm: the link clock).
  input  logic                          clk_i,
  /// With SfMemTdm: the memory clock, Dim rising edges a clk_i period, every
  /// Dim-th at a rising edge of clk_i; unused otherwise.
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic                          mem_clk_i,
  /* verilator lint_on UNUSEDSIGNAL */
  /// Asynchronous reset, active low.
  input  logic                          rst_ni,
  /// Per node: a flit is offered for injection (only while inj_ready_o).
  input  logic [(1<<Dim)-1:0]           inj_valid_i,
  /// Per node: the offered flit, node x at [x*FlitW +: FlitW].
  input  logic [(1<<Dim)*(PayloadWidth+2)-1:0] inj_flit_i,
  /// Per node: the injection queue has room.
  output logic [(1<<Dim)-1:0]           inj_ready_o,
  /// Per node, mode 3: a path set-up is offered (only while probe_ready_o).
  input  logic [(1<<Dim)-1:0]           probe_valid_i,
  /// Per node, mode 3: its destination, node x at [x*Dim +: Dim].
  input  logic [(1<<Dim)*Dim-1:0]       probe_dest_i,
  /// Per node, mode 3: the network interface takes a set-up.
  output logic [(1<<Dim)-1:0]           probe_ready_o,
  /// Per node: a flit is delivered this cycle.
  output logic [(1<<Dim)-1:0]           ej_valid_o,
  /// Per node: the delivered flit, 0 when none.
  output logic [(1<<Dim)*(PayloadWidth+2)-1:0] ej_flit_o,
  /// Per link x*Dim + i (x to x ^ 2^i): a flit crosses it this cycle.
  output logic [(1<<Dim)*Dim-1:0]       link_valid_o,
  /// Per link: the flit crossing it, 0 when none.
  output logic [(1<<Dim)*Dim*(PayloadWidth+2)-1:0] link_flit_o,
  /// Per link: held by a message or granted this cycle.
  output logic [(1<<Dim)*Dim-1:0]       link_busy_o,
  /// Per link: at least one head waits for it this cycle.
  output logic [(1<<Dim)*Dim-1:0]       link_blocked_o,
  /// Per link, mode 3: a probe crosses it this cycle.
  output logic [(1<<Dim)*Dim-1:0]       link_probe_valid_o,
  /// Per link, mode 3: the probe's destination, link l at [l*Dim +: Dim].
  output logic [(1<<Dim)*Dim*Dim-1:0]   link_probe_dest_o,
  /// Per link x*Dim + i, mode 3: router x acknowledges back across its
  /// input i (to the output i of x ^ 2^i).
  output logic [(1<<Dim)*Dim-1:0]       link_ack_o,
  /// The whole network was empty at the start of the previous cycle: every
  /// injection queue and input buffer empty, no output held. The step
  /// barrier of prearranged algorithms waits for it (registered once after
  /// the AND over all nodes, as a real design would).
  output logic                          idle_o,
  /// Step number of the running algorithm, for the waveform reader only.
  input  logic [15:0]                   step_i,
  /// step_i, registered: the step the network is in, shown in the waveform.
  output logic [15:0]                   step_o,
  /// Write remap_i into every network interface's address map (see hc_ni).
  input  logic                          remap_we_i,
  /// Address map: destination bit k of a head becomes bit remap_i[4k +: 4].
  input  logic [Dim*4-1:0]              remap_i,
  /// Counter read port: node.
  input  logic [Dim-1:0]                cnt_node_i,
  /// Counter read port: output port of that node (Dim = ejection).
  input  logic [3:0]                    cnt_port_i,
  /// Counter read port: counter id (hc_pkg::Cnt*).
  input  logic [2:0]                    cnt_id_i,
  /// Counter read port: the selected counter (with CntRam: the one
  /// selected in the previous cycle, as it was then).
  output logic [31:0]                   cnt_data_o,
`ifdef HC_CNT_PEEK
  /// Simulation only, with the define HC_CNT_PEEK (see hc_router): the
  /// selected counter as it is now (what the lockstep reads).
  output logic [31:0]                   cnt_peek_o,
`endif
  /// Configuration port: write this cycle.
  input  logic                          cfg_we_i,
  /// Configuration port: read this cycle (result in cfg_rdata_o next cycle).
  input  logic                          cfg_re_i,
  // Node, unit and field only reach the engines (unused without SfEnable).
  /* verilator lint_off UNUSEDSIGNAL */
  /// Configuration port: node (ignored for target 0).
  input  logic [Dim-1:0]                cfg_node_i,
  /// Configuration port: target (hc_pkg::Tgt*).
  input  logic [2:0]                    cfg_tgt_i,
  /// Configuration port: link or bank number.
  input  logic [3:0]                    cfg_unit_i,
  /// Configuration port: register, table index or bank offset.
  input  logic [15:0]                   cfg_idx_i,
  /// Configuration port: field of a table entry.
  input  logic [3:0]                    cfg_field_i,
  /* verilator lint_on UNUSEDSIGNAL */
  /// Configuration port: value written.
  input  logic [31:0]                   cfg_wdata_i,
  /// Configuration port: result of the read of the previous cycle, else 0.
  output logic [31:0]                   cfg_rdata_o,
  /// Mode 1: every node finished its schedule in the previous cycle.
  output logic                          sf_done_o
);

  /// Derived: node count, ports per router, flit width, waiting-count width.
  localparam int unsigned Nodes = 1 << Dim;
  localparam int unsigned Ports = Dim + 1;
  localparam int unsigned FlitW = PayloadWidth + 2;
  localparam int unsigned WaitW = $clog2(Ports + 1);

  // Parameter ranges, checked at elaboration by Verilator and yosys alike
  // (an elaboration-time $error in a generate block stops both).
  if (Dim < 1 || Dim > hc_pkg::DimMax) begin : gen_err_dim
    $error("hc_network: Dim must be 1..15 (4-bit port, unit and remap numbers)");
  end
  if (PayloadWidth < Dim || PayloadWidth > hc_pkg::PayloadWidthMax) begin : gen_err_width
    $error("hc_network: PayloadWidth must be Dim..30 (a head carries its destination)");
  end
  if (BufDepth < 1 || BufDepth > hc_pkg::BufDepthMax) begin : gen_err_buf
    $error("hc_network: BufDepth must be 1..16");
  end
  if (InjDepth < 1 || InjDepth > hc_pkg::BufDepthMax) begin : gen_err_inj
    $error("hc_network: InjDepth must be 1..16");
  end
  if (CntWidth > 32) begin : gen_err_cnt
    $error("hc_network: CntWidth must be 0..32 (0: no counters)");
  end
  if (BankAW < hc_pkg::SfAWMin || BankAW > hc_pkg::SfAWMax || SegAW < hc_pkg::SfAWMin ||
      SegAW > hc_pkg::SfAWMax || DescAW < hc_pkg::SfAWMin || DescAW > hc_pkg::SfAWMax)
  begin : gen_err_sf_geom
    $error("hc_network: BankAW, SegAW and DescAW must be 1..16 (16-bit cfg_idx)");
  end

  // The network is 2^Dim hc_node and hc_net_glue, wired: a node's outputs
  // of index i drive its neighbour's inputs of index i (the neighbour
  // across dimension i). Each node's ports are local to its generate block
  // and links connect them by hierarchical name (gen_node[Nb]...), so no
  // signal here spans the whole cube: in Verilator a slice written into a
  // cube-wide vector costs the whole vector, which made big cubes simulate
  // in O(N^2). The global registers (hc_net_glue, hc_cfg_regs):
  logic        sf_mode, saf_mode, cs_mode, overlap, run, sf_start;
  logic [hc_pkg::TauW-1:0] tau;
  logic [hc_pkg::XiW-1:0]  xi;
  logic [15:0] beta;
  // What the glue gathers from every node.
  logic [Nodes-1:0]    node_finished, node_idle;
  logic [Nodes*32-1:0] node_rdata;

  for (genvar x = 0; x < Nodes; x++) begin : gen_node
    logic [Dim-1:0]         out_valid, in_ready, pout_valid, sf_valid;
    logic [Dim*FlitW-1:0]   out_flit;
    logic [Dim*Dim-1:0]     pout_dest;
    logic [Dim*PayloadWidth-1:0] sf_word;
    // Bit Dim (the ejection port, the NI) and the raw router flags are for
    // the waveform (and the formal harness) only.
    /* verilator lint_off UNUSEDSIGNAL */
    logic [Dim:0]           ack, held, out_busy, out_blocked;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [Dim-1:0]         nb_valid, nb_ready, nb_pvalid, nb_ack, nb_sf_valid;
    logic [Dim*FlitW-1:0]   nb_flit;
    logic [Dim*Dim-1:0]     nb_pdest;
    logic [Dim*PayloadWidth-1:0] nb_sf_word;
    logic [Dim-1:0]         lvalid, lbusy, lblocked;
    logic [Dim*FlitW-1:0]   lflit;
    logic [Dim*WaitW-1:0]   lwaiting;
    logic [31:0]            cnt;
    // Running OR of the selected counter, node 0 to x.
    logic [31:0]            cnt_acc;
`ifdef HC_CNT_PEEK
    logic [31:0]            peek, peek_acc;  // the same for the peek
`endif

    for (genvar i = 0; i < Dim; i++) begin : gen_link
      // Neighbour across dimension i.
      localparam int unsigned Nb = x ^ (1 << i);
      // The channel from x across dimension i, named for the waveform:
      // chan = {valid, flit}, busy (held or granted), blocked (a head waits),
      // waiting (how many heads wait for it). In mode 1 the link carries the
      // TX engine's words, {2'b00, word} (hc_node's multiplexers).
      logic [FlitW:0] chan;
      logic           busy, blocked;
      logic [WaitW-1:0] waiting;
      assign chan    = {lvalid[i], lflit[i*FlitW +: FlitW]};
      assign busy    = lbusy[i];
      assign blocked = lblocked[i];
      assign waiting = lwaiting[i*WaitW +: WaitW];
      assign nb_valid[i]                       = gen_node[Nb].out_valid[i];
      assign nb_flit[i*FlitW +: FlitW]         = gen_node[Nb].out_flit[i*FlitW +: FlitW];
      assign nb_ready[i]                       = gen_node[Nb].in_ready[i];
      assign nb_pvalid[i]                      = gen_node[Nb].pout_valid[i];
      assign nb_pdest[i*Dim +: Dim]            = gen_node[Nb].pout_dest[i*Dim +: Dim];
      assign nb_ack[i]                         = gen_node[Nb].ack[i];
      assign nb_sf_valid[i]                    = gen_node[Nb].sf_valid[i];
      assign nb_sf_word[i*PayloadWidth +: PayloadWidth] =
          gen_node[Nb].sf_word[i*PayloadWidth +: PayloadWidth];
      assign link_probe_valid_o[x*Dim + i]             = pout_valid[i];
      assign link_probe_dest_o[(x*Dim + i)*Dim +: Dim] = pout_dest[i*Dim +: Dim];
      assign link_ack_o[x*Dim + i]                     = ack[i];
      assign link_valid_o[x*Dim + i]                   = chan[FlitW];
      assign link_flit_o[(x*Dim + i)*FlitW +: FlitW]   = chan[FlitW-1:0];
      assign link_busy_o[x*Dim + i]                    = busy;
      assign link_blocked_o[x*Dim + i]                 = blocked;
`ifndef SYNTHESIS
      // (Not in the coverage builds' counts: nothing to verify here.)
      /* verilator coverage_off */
      assign link_waiting[(x*Dim + i)*WaitW +: WaitW] = waiting;
      // For the waveform only: the link's busy and blocked cycles as they
      // count, a copy of its channel counters (hc_chan_counters: the same
      // inputs, the same reset), whose registers the hierarchical build
      // does not trace. Read by no logic.
      // A build without counters (CntWidth = 0) still shows them, in 32 bits.
      localparam int unsigned WaveW = (CntWidth == 0) ? 32 : CntWidth;
      /* verilator lint_off UNUSEDSIGNAL */
      logic [WaveW-1:0] busy_cycles, blocked_cycles;
      /* verilator lint_on UNUSEDSIGNAL */
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          busy_cycles    <= '0;
          blocked_cycles <= '0;
        end else begin
          busy_cycles    <= busy_cycles + WaveW'(out_busy[i]);
          blocked_cycles <= blocked_cycles + WaveW'(out_blocked[i]);
        end
      end
      /* verilator coverage_on */
`endif
    end

    // The ejection port of x, named for the waveform like a channel; it
    // always sinks.
    /* verilator lint_off UNUSEDSIGNAL */
    logic [FlitW:0] eject;
    /* verilator lint_on UNUSEDSIGNAL */
    assign eject = {ej_valid_o[x], ej_flit_o[x*FlitW +: FlitW]};

    if (x == 0) begin : gen_acc_first
      assign cnt_acc = cnt;
`ifdef HC_CNT_PEEK
      assign peek_acc = peek;
`endif
    end else begin : gen_acc_next
      assign cnt_acc = gen_node[x-1].cnt_acc | cnt;
`ifdef HC_CNT_PEEK
      assign peek_acc = gen_node[x-1].peek_acc | peek;
`endif
    end

    // The engine is inside the node here (SfExternal = 0): the node's
    // ports for an engine outside are left unused.
    /* verilator lint_off UNUSEDSIGNAL */
    logic sfx_go, sfx_cfg_we, sfx_cfg_re;
    /* verilator lint_on UNUSEDSIGNAL */

    hc_node #(
      .Dim          (Dim),
      .PayloadWidth (PayloadWidth),
      .BufDepth     (BufDepth),
      .InjDepth     (InjDepth),
      .CntWidth     (CntWidth),
      .BufRam       (BufRam),
      .RouteReg     (RouteReg),
      .CntRam       (CntRam),
      .SfEnable     (SfEnable),
      .BankAW       (BankAW),
      .SegAW        (SegAW),
      .DescAW       (DescAW),
      .CsEnable     (CsEnable),
      .SfMemTdm     (SfMemTdm),
      .SfProg       (SfProg),
      .SfProgFile   (1280'({SfProgDir, "/sfprog", 8'(48 + x / 10), 8'(48 + x % 10), ".hex"}))
    ) u_node (
      .clk_i,
      .mem_clk_i,
      .rst_ni,
      .node_id_i      (Dim'(x)),
      .sf_mode_i      (sf_mode),
      .saf_mode_i     (saf_mode),
      .cs_mode_i      (cs_mode),
      .tau_i          (tau),
      .xi_i           (xi),
      .overlap_i      (overlap),
      .beta_i         (beta),
      .run_i          (run),
      .sf_start_i     (sf_start),
      .inj_valid_i    (inj_valid_i[x]),
      .inj_flit_i     (inj_flit_i[x*FlitW +: FlitW]),
      .inj_ready_o    (inj_ready_o[x]),
      .probe_valid_i  (probe_valid_i[x]),
      .probe_dest_i   (probe_dest_i[x*Dim +: Dim]),
      .probe_ready_o  (probe_ready_o[x]),
      .ej_valid_o     (ej_valid_o[x]),
      .ej_flit_o      (ej_flit_o[x*FlitW +: FlitW]),
      .remap_we_i,
      .remap_i,
      .out_valid_o    (out_valid),
      .out_flit_o     (out_flit),
      .in_ready_o     (in_ready),
      .pout_valid_o   (pout_valid),
      .pout_dest_o    (pout_dest),
      .ack_o          (ack),
      .sf_valid_o     (sf_valid),
      .sf_word_o      (sf_word),
      .nb_valid_i     (nb_valid),
      .nb_flit_i      (nb_flit),
      .nb_ready_i     (nb_ready),
      .nb_pvalid_i    (nb_pvalid),
      .nb_pdest_i     (nb_pdest),
      .nb_ack_i       (nb_ack),
      .nb_sf_valid_i  (nb_sf_valid),
      .nb_sf_word_i   (nb_sf_word),
      .link_valid_o   (lvalid),
      .link_flit_o    (lflit),
      .link_busy_o    (lbusy),
      .link_blocked_o (lblocked),
      .link_waiting_o (lwaiting),
      .rt_busy_o      (out_busy),
      .rt_blocked_o   (out_blocked),
      .held_o         (held),
      .idle_o         (node_idle[x]),
      .finished_o     (node_finished[x]),
      .cnt_node_i,
      .cnt_port_i,
      .cnt_id_i,
      .cnt_o          (cnt),
`ifdef HC_CNT_PEEK
      .cnt_peek_o     (peek),
`endif
      .cfg_we_i,
      .cfg_re_i,
      .cfg_node_i,
      .cfg_tgt_i,
      .cfg_unit_i,
      .cfg_idx_i,
      .cfg_field_i,
      .cfg_wdata_i,
      .cfg_rdata_o    (node_rdata[x*32 +: 32]),
      .sfx_go_o       (sfx_go),
      .sfx_cfg_we_o   (sfx_cfg_we),
      .sfx_cfg_re_o   (sfx_cfg_re),
      .sfx_valid_i    ('0),
      .sfx_word_i     ('0),
      .sfx_busy_i     ('0),
      .sfx_finished_i (1'b0),
      .sfx_rdata_i    ('0),
      .sfx_cnt_i      ('0)
    );
  end

  assign cnt_data_o = gen_node[Nodes-1].cnt_acc;
`ifdef HC_CNT_PEEK
  assign cnt_peek_o = gen_node[Nodes-1].peek_acc;
`endif

`ifndef SYNTHESIS
  // ---------------------------------------------------------------------
  // For the waveform only, per dimension i (read by no logic): how many of
  // its 2^Dim links are busy and blocked, how many heads wait for them
  // this cycle, and its links' blocked cycles so far (the sum of their
  // blocked_cycles), so that a dimension with contention shows at a glance.
  // Not in the coverage builds' counts.
  // ---------------------------------------------------------------------
  /* verilator coverage_off */
  logic [Nodes*Dim*WaitW-1:0] link_waiting;
  for (genvar i = 0; i < Dim; i++) begin : gen_dim
    /* verilator lint_off UNUSEDSIGNAL */
    logic [Dim:0]         links_busy, links_blocked;
    logic [Dim+WaitW-1:0] heads_waiting;
    logic [31:0]          blocked_cycles;
    /* verilator lint_on UNUSEDSIGNAL */
    always_comb begin
      links_busy    = '0;
      links_blocked = '0;
      heads_waiting = '0;
      for (int unsigned x = 0; x < Nodes; x++) begin
        links_busy    = links_busy + (Dim+1)'(link_busy_o[x*Dim + i]);
        links_blocked = links_blocked + (Dim+1)'(link_blocked_o[x*Dim + i]);
        heads_waiting = heads_waiting + (Dim+WaitW)'(link_waiting[(x*Dim + i)*WaitW +: WaitW]);
      end
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) blocked_cycles <= '0;
      else         blocked_cycles <= blocked_cycles + 32'(links_blocked);
    end
  end
  /* verilator coverage_on */
`endif


  hc_net_glue #(
    .Dim      (Dim),
    .SfEnable (SfEnable),
    .CsEnable (CsEnable)
  ) u_glue (
    .clk_i,
    .rst_ni,
    .cfg_we_i,
    .cfg_re_i,
    .cfg_tgt_i,
    .cfg_idx_i,
    .cfg_wdata_i,
    .cfg_rdata_o,
    .finished_i (node_finished),
    .idle_i     (node_idle),
    .rdata_i    (node_rdata),
    .sf_mode_o  (sf_mode),
    .saf_mode_o (saf_mode),
    .cs_mode_o  (cs_mode),
    .beta_o     (beta),
    .tau_o      (tau),
    .xi_o       (xi),
    .overlap_o  (overlap),
    .run_o      (run),
    .start_o    (sf_start),
    .sf_done_o,
    .idle_o,
    .step_i,
    .step_o
  );

endmodule
