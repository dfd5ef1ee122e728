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
`ifndef HC_CFG_BANK_AW
`define HC_CFG_BANK_AW hc_pkg::BankAWDefault
`endif
`ifndef HC_CFG_SEG_AW
`define HC_CFG_SEG_AW hc_pkg::SegAWDefault
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
  parameter bit          CsEnable     = 1'b1
) (
  /// Clock, rising edge.
  input  logic                          clk_i,
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
  /// Counter read port: the selected counter.
  output logic [31:0]                   cnt_data_o,
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

  // Each node's router ports are local to its generate block, and links
  // connect them by hierarchical name (gen_node[Nb]...), so no signal here
  // spans the whole cube: in Verilator a slice written into a cube-wide
  // vector costs the whole vector, which made big cubes simulate in O(N^2).
  // The global registers of the configuration port (hc_cfg_regs); beta,
  // run and start only reach the engines (unused without SfEnable).
  logic [1:0]  mode;
  logic        sf_mode, saf_mode, cs_mode, done, overlap;
  logic [hc_pkg::TauW-1:0] tau;
  logic [hc_pkg::XiW-1:0]  xi;
  logic [31:0] grdata;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [15:0] beta;
  logic        run, sf_start;
  /* verilator lint_on UNUSEDSIGNAL */

  for (genvar x = 0; x < Nodes; x++) begin : gen_node
    logic [Ports-1:0]       in_valid, in_ready, out_valid, out_ready;
    // Bit Dim (the ejection port) of these is for the waveform only.
    /* verilator lint_off UNUSEDSIGNAL */
    logic [Ports-1:0]       out_busy, out_blocked;
    logic [Ports*WaitW-1:0] out_waiting;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [Ports*FlitW-1:0] in_flit, out_flit;
    // Mode 3: probes in (from the neighbours and the NI) and out, and the
    // acknowledgements, per port.
    logic [Ports-1:0]       pin_valid, ack;
    // Bit Dim (the ejection port) is for the router's idle and waves only.
    /* verilator lint_off UNUSEDSIGNAL */
    logic [Ports-1:0]       held;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [Ports*Dim-1:0]   pin_dest;
    logic [Dim-1:0]         pout_valid, ack_in;
    logic [Dim*Dim-1:0]     pout_dest;
    logic [31:0]            cnt, rt_cnt, sf_cnt;
    logic                   rt_idle, ni_idle;
    // The store-and-forward engines' links and state (0 without SfEnable).
    logic [Dim-1:0]         sf_valid, sf_busy;
    logic [Dim*PayloadWidth-1:0] sf_word;
    logic [31:0]            sf_rdata;
    logic                   sf_finished;
    // Running AND of finished nodes and OR of read data, node 0 to x.
    logic                   fin_acc;
    logic [31:0]            rdata_acc;
    // Running OR of the selected counter and AND of idleness, node 0 to x.
    logic [31:0]            cnt_acc;
    logic                   idle_acc;

    for (genvar i = 0; i < Dim; i++) begin : gen_link
      // Neighbour across dimension i.
      localparam int unsigned Nb = x ^ (1 << i);
      // The channel from x across dimension i, named for the waveform:
      // chan = {valid, flit}, busy (held or granted), blocked (a head waits),
      // waiting (how many heads wait for it).
      // In mode 1 the link carries the TX engine's words, {2'b00, word},
      // and the routers see neither flits nor room on it.
      logic [FlitW:0] chan;
      logic           busy, blocked;
      logic [WaitW-1:0] waiting;
      assign chan    = sf_mode ? {sf_valid[i], 2'b00, sf_word[i*PayloadWidth +: PayloadWidth]}
                              : {out_valid[i], out_flit[i*FlitW +: FlitW]};
      assign busy    = sf_mode ? sf_busy[i] : out_busy[i];
      assign blocked = sf_mode ? 1'b0 : out_blocked[i];
      assign waiting = sf_mode ? '0 : out_waiting[i*WaitW +: WaitW];
      assign in_valid[i]                = !sf_mode && gen_node[Nb].out_valid[i];
      assign pin_valid[i]               = gen_node[Nb].pout_valid[i];
      assign pin_dest[i*Dim +: Dim]     = gen_node[Nb].pout_dest[i*Dim +: Dim];
      assign ack_in[i]                  = gen_node[Nb].ack[i];
      assign link_probe_valid_o[x*Dim + i]           = pout_valid[i];
      assign link_probe_dest_o[(x*Dim + i)*Dim +: Dim] = pout_dest[i*Dim +: Dim];
      assign link_ack_o[x*Dim + i]                   = ack[i];
      assign in_flit[i*FlitW +: FlitW]  = gen_node[Nb].out_flit[i*FlitW +: FlitW];
      assign out_ready[i]               = !sf_mode && gen_node[Nb].in_ready[i];
      assign link_valid_o[x*Dim + i]                 = chan[FlitW];
      assign link_flit_o[(x*Dim + i)*FlitW +: FlitW] = chan[FlitW-1:0];
      assign link_busy_o[x*Dim + i]                  = busy;
      assign link_blocked_o[x*Dim + i]               = blocked;
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
    logic [FlitW:0] eject;
    assign eject                       = {out_valid[Dim], out_flit[Dim*FlitW +: FlitW]};
    assign out_ready[Dim]              = 1'b1;
    assign ej_valid_o[x]               = eject[FlitW];
    assign ej_flit_o[x*FlitW +: FlitW] = eject[FlitW-1:0];

    assign cnt = rt_cnt | sf_cnt;

    if (x == 0) begin : gen_acc_first
      assign cnt_acc   = (cnt_node_i == Dim'(x)) ? cnt : '0;
      assign idle_acc  = rt_idle && ni_idle;
      assign fin_acc   = sf_finished;
      assign rdata_acc = sf_rdata;
    end else begin : gen_acc_next
      assign cnt_acc   = gen_node[x-1].cnt_acc | ((cnt_node_i == Dim'(x)) ? cnt : '0);
      assign idle_acc  = gen_node[x-1].idle_acc && rt_idle && ni_idle;
      assign fin_acc   = gen_node[x-1].fin_acc && sf_finished;
      assign rdata_acc = gen_node[x-1].rdata_acc | sf_rdata;
    end

    if (SfEnable) begin : gen_sf
      // Incoming link j is the neighbour's TX engine j, whatever the mode.
      logic [Dim-1:0]              rx_valid;
      logic [Dim*PayloadWidth-1:0] rx_word;
      for (genvar j = 0; j < Dim; j++) begin : gen_in
        localparam int unsigned Nb = x ^ (1 << j);
        assign rx_valid[j]                         = gen_node[Nb].sf_valid[j];
        assign rx_word[j*PayloadWidth +: PayloadWidth] =
            gen_node[Nb].sf_word[j*PayloadWidth +: PayloadWidth];
      end

      hc_sf_node #(
        .Dim      (Dim),
        .Width    (PayloadWidth),
        .BankAW   (BankAW),
        .SegAW    (SegAW),
        .DescAW   (DescAW),
        .CntWidth (CntWidth)
      ) u_sf (
        .clk_i,
        .rst_ni,
        .clear_i     (sf_start),
        .go_i        (run && sf_mode),
        .beta_i      (beta),
        .cfg_we_i    (cfg_we_i && (cfg_node_i == Dim'(x))),
        .cfg_re_i    (cfg_re_i && (cfg_node_i == Dim'(x))),
        .cfg_tgt_i,
        .cfg_unit_i,
        .cfg_idx_i,
        .cfg_field_i,
        .cfg_wdata_i,
        .cfg_rdata_o (sf_rdata),
        .in_valid_i  (rx_valid),
        .in_word_i   (rx_word),
        .out_valid_o (sf_valid),
        .out_word_o  (sf_word),
        .busy_o      (sf_busy),
        .finished_o  (sf_finished),
        .cnt_port_i,
        .cnt_id_i,
        .cnt_o       (sf_cnt)
      );
    end else begin : gen_no_sf
      assign sf_valid    = '0;
      assign sf_word     = '0;
      assign sf_busy     = '0;
      assign sf_finished = 1'b0;
      assign sf_rdata    = '0;
      assign sf_cnt      = '0;
    end

    hc_ni #(
      .Dim      (Dim),
      .FlitW    (FlitW),
      .InjDepth (InjDepth),
      .CsEnable (CsEnable)
    ) u_ni (
      .clk_i,
      .rst_ni,
      .node_id_i     (Dim'(x)),
      .circuit_i     (cs_mode),
      .xi_i          (xi),
      .overlap_i     (overlap),
      .inj_valid_i   (inj_valid_i[x]),
      .inj_flit_i    (inj_flit_i[x*FlitW +: FlitW]),
      .inj_ready_o   (inj_ready_o[x]),
      .probe_valid_i (probe_valid_i[x]),
      .probe_dest_i  (probe_dest_i[x*Dim +: Dim]),
      .probe_ready_o (probe_ready_o[x]),
      .rt_valid_o    (in_valid[Dim]),
      .rt_flit_o     (in_flit[Dim*FlitW +: FlitW]),
      .rt_ready_i    (in_ready[Dim]),
      .rt_probe_valid_o (pin_valid[Dim]),
      .rt_probe_dest_o  (pin_dest[Dim*Dim +: Dim]),
      .rt_ack_i      (ack[Dim]),
      .rt_held_i     (held[Dim-1:0]),
      .idle_o        (ni_idle),
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
      .CsEnable     (CsEnable)
    ) u_router (
      .clk_i,
      .rst_ni,
      .node_id_i     (Dim'(x)),
      .saf_i         (saf_mode),
      .circuit_i     (cs_mode),
      .tau_i         (tau),
      .pin_valid_i   (pin_valid),
      .pin_dest_i    (pin_dest),
      .ack_i         (ack_in),
      .pout_valid_o  (pout_valid),
      .pout_dest_o   (pout_dest),
      .ack_o         (ack),
      .held_o        (held),
      .in_valid_i    (in_valid),
      .in_flit_i     (in_flit),
      .in_ready_o    (in_ready),
      .out_valid_o   (out_valid),
      .out_flit_o    (out_flit),
      .out_ready_i   (out_ready),
      .out_busy_o    (out_busy),
      .out_blocked_o (out_blocked),
      .out_waiting_o (out_waiting),
      .idle_o        (rt_idle),
      .cnt_port_i,
      .cnt_id_i,
      .cnt_data_o    (rt_cnt)
    );
  end

  assign cnt_data_o = gen_node[Nodes-1].cnt_acc;

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

  // ---------------------------------------------------------------------
  // Global registers of the configuration port (section 7.3)
  // ---------------------------------------------------------------------
  hc_cfg_regs #(
    .SfEnable (SfEnable),
    .CsEnable (CsEnable)
  ) u_cfg_regs (
    .clk_i,
    .rst_ni,
    .cfg_we_i,
    .cfg_re_i,
    .cfg_tgt_i,
    .cfg_idx_i,
    .cfg_wdata_i,
    .finished_i (gen_node[Nodes-1].fin_acc),
    .mode_o     (mode),
    .beta_o     (beta),
    .tau_o      (tau),
    .xi_o       (xi),
    .overlap_o  (overlap),
    .run_o      (run),
    .start_o    (sf_start),
    .done_o     (done),
    .rdata_o    (grdata)
  );

  assign sf_mode     = (mode == hc_pkg::ModeSf);
  assign saf_mode    = (mode == hc_pkg::ModeSafHdr);
  assign cs_mode     = (mode == hc_pkg::ModeCircuit);
  assign cfg_rdata_o = grdata | gen_node[Nodes-1].rdata_acc;
  assign sf_done_o   = done;

  logic        idle_q;
  logic [15:0] step_q;
  assign idle_o = idle_q;
  assign step_o = step_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      idle_q <= 1'b1;
      step_q <= '0;
    end else begin
      idle_q <= gen_node[Nodes-1].idle_acc;
      step_q <= step_i;
    end
  end

endmodule
