// The FPGA self-test of a whole hypercube (docs/fpga.md): after reset it
// runs the traffic of its tables through a 2^Dim-node cube (hc_network) in
// the wormhole mode, checks every delivered message and reads the channel
// counters; then a sequencer (hc_cfg_seq) replays a program through the
// cube's configuration port: it switches the cube to store-and-forward by
// header (mode 2) and runs the second section of the traffic tables, and,
// in a build with the store-and-forward engines (SfEnable), loads each
// schedule of the program (BROADCAST 2, the optimal total exchange,
// COMPLETE EXCHANGE) as the loader's configuration writes, starts it,
// waits for sf_done and reads every word the schedule cares for back into
// a CRC. At the end it prints a report on a UART. Everything is on chip:
//
//   - one traffic source per node (hc_traffic_rom), replaying the flits and
//     creation cycles that rtl/fpga/gen/hc_fpga_gen.c wrote from the project's
//     traffic generators into <TableDir>/node<xx>.hex (two sections: the
//     wormhole run, the mode-2 run);
//   - one checker per ejection port (hc_checker): framing, right node, and
//     a signature of the messages delivered, compared after each run with
//     the one the generator computed (<TableDir>/expect.hex);
//   - the routers' channel counters after the wormhole run, of which the
//     largest number of heads that waited for one channel (max-waiting)
//     and the most cycles a channel was wanted and not granted (blocked,
//     CntWidth bits, wrapping) are reported; with CntWidth = 0 only the
//     max-waiting registers are read (the cube's counters are 1 bit wide),
//     and synthesis drops the summing counters altogether;
//   - the sequencer and its program (<TableDir>/prog.hex);
//   - a report printer (hc_report) and UART transmitter (hc_uart_tx).
//
// The wormhole run starts in the second cycle after reset (cycle 0 of the
// C model) and ends in the cycle after the last expected message is
// delivered (the completions are registered), or after 2^CycleW - 1 cycles
// (a timeout: messages lost); the mode-2 run
// likewise, from the cycle after the one that prepares it. A schedule's
// completion is counted from its start write to sf_done (as tb/driver's
// hc_sf_run does: sf_done rises 2 cycles after the completion C). The
// report gives each measured figure next to the C model's prediction for
// the same tables (and, for a schedule, the paper's formula, which the
// generator checked the model against): on a correct board they are
// equal, since the RTL is cycle-exact with the model. PASS needs every one
// equal, no lost, misrouted or badly framed message, every signature and
// CRC right, tables made for these parameters, and the program's END.
module hc_selftest #(
  /// Cube dimension, 1..3 (the expectation file has eight signatures).
  parameter int unsigned       Dim          = 3,
  /// Flit payload bits, at least Dim.
  parameter int unsigned       PayloadWidth = 8,
  /// Flits per router input buffer.
  parameter int unsigned       BufDepth     = 2,
  /// Flits per network-interface injection queue.
  parameter int unsigned       InjDepth     = 2,
  /// Bits of the routers' blocked-cycles counters that are read; 0 reads
  /// only the max-waiting registers (the summing counters are then unused).
  parameter int unsigned       CntWidth     = 16,
  /// Words per node traffic table.
  parameter int unsigned       RomDepth     = 256,
  /// Bits of a creation cycle in the tables.
  parameter int unsigned       TimeW        = 16,
  /// Bits of the run-cycle counter (more than TimeW, at most 20).
  parameter int unsigned       CycleW       = 20,
  /// Clock frequency in Hz.
  parameter int unsigned       ClkHz        = 12_000_000,
  /// UART line rate.
  parameter int unsigned       Baud         = 115_200,
  /// 1: the cube has the store-and-forward engines (mode 1) and the program
  /// runs the three schedules; 0: wormhole and mode 2 only.
  parameter bit                SfEnable     = 1'b0,
  /// 1 (with SfEnable and Dim >= 2): each node's banks in one time-multiplexed
  /// RAM (hc_network's SfMemTdm) clocked by clk_i, and the cube and all of
  /// this self-test on the link clock, clk_i / Dim; 0: the banked memory.
  parameter bit                SfMemTdm     = 1'b1,
  /// 1 (with SfEnable and Dim >= 2): the programmed store-and-forward node
  /// (hc_sf_prog, docs/store_and_forward.md section 7.9) instead of the
  /// engines: one block RAM a node with its data and the program compiled
  /// from the engines' C model (<TableDir>/sfprog<xx>.hex); the link clock
  /// is clk_i / (2 Dim).
  parameter bit                SfProg       = 1'b0,
  /// Store-and-forward geometry (hc_network): address bits of a bank, of a
  /// segment table, of a descriptor table; 1..15.
  parameter int unsigned       BankAW       = 4,
  parameter int unsigned       SegAW        = 3,
  parameter int unsigned       DescAW       = 2,
  /// Words of the program table.
  parameter int unsigned       ProgDepth    = 16,
  /// Directory of the table files node00.hex.., prog.hex and expect.hex.
  parameter logic [8*128-1:0]  TableDir     = "build/fpga/tables"
) (
  /// Clock, rising edge (with the time-multiplexed memory: its clock, Dim
  /// times the link clock that everything else runs on).
  input  logic clk_i,
  /// Asynchronous reset, active low: the run starts again after it.
  input  logic rst_ni,
  /// UART output, idle high.
  output logic uart_tx_o,
  /// The run or its report is in progress.
  output logic running_o,
  /// The run is over and passed.
  output logic pass_o,
  /// The run is over and failed.
  output logic fail_o
);

  /// Derived: nodes, ports, flit width, widths of the waiting count and of
  /// a report field; store-and-forward cases and the wait counter's width.
  localparam int unsigned Nodes  = 1 << Dim;
  localparam int unsigned Ports  = Dim + 1;
  localparam int unsigned FlitW  = PayloadWidth + 2;
  localparam int unsigned WaitW  = $clog2(Ports + 1);
  localparam int unsigned PortW  = $clog2(Ports);
  localparam int unsigned FieldW = 20;
  localparam int unsigned NumSf  = SfEnable ? 3 : 0;
  localparam int unsigned SfCycW = 16;
  localparam int unsigned NumFields = 24 + 6 * NumSf;
  /// The expectation and program files.
  localparam logic [8*160-1:0] ExpectFile = 1280'({TableDir, "/expect.hex"});
  localparam logic [8*160-1:0] ProgFile   = 1280'({TableDir, "/prog.hex"});
  /// The time-multiplexed memory, and the link clock's divider.
  localparam bit          Prog   = SfEnable && SfProg && (Dim >= 2);
  localparam bit          Tdm    = SfEnable && (SfMemTdm || Prog) && (Dim >= 2);
  localparam int unsigned ClkDiv = Prog ? 2 * Dim : Tdm ? Dim : 1;
  localparam int unsigned DivW   = (ClkDiv > 1) ? $clog2(ClkDiv) : 1;
  /// Phases of the self-test.
  localparam logic [2:0] PhPrep  = 3'd0;
  localparam logic [2:0] PhRun   = 3'd1;
  localparam logic [2:0] PhRead  = 3'd2;
  localparam logic [2:0] PhPrint = 3'd3;
  localparam logic [2:0] PhDone  = 3'd4;
  localparam logic [2:0] PhProg  = 3'd5;
  /// Whether the blocked counters are read, and the cube's counter width.
  localparam bit          ReadBlocked = (CntWidth != 0);
  localparam int unsigned CubeCntW    = ReadBlocked ? CntWidth : 1;
  /// The report template (hc_report): 0x80 + k is field k, 0xFF PASS/FAIL.
  /// Its parts: the wormhole run; the blocked counters (when read); the
  /// mode-2 run; the schedules (with SfEnable); the verdict.
  localparam TxtHead = {
    "\r\nhc-selftest d=", 8'h80, " w=", 8'h81, " b=", 8'h82, " i=", 8'h83,
    ", tables d=", 8'h84, " w=", 8'h85, " b=", 8'h86, " i=", 8'h87, "\r\n",
    "cycles ", 8'h88, ", model ", 8'h89, "\r\n",
    "messages ", 8'h8a, " of ", 8'h8b, ", flits ", 8'h8c, "\r\n",
    "lost ", 8'h8d, ", misrouted ", 8'h8e, ", framing ", 8'h8f,
    ", bad signatures ", 8'h90, "\r\n",
    "contention: max ", 8'h91, " heads waiting on a channel"};
  localparam TxtBlk = {", max ", 8'h92, " cycles blocked"};
  localparam TxtSaf = {
    "\r\nsaf: cycles ", 8'h93, ", model ", 8'h94, ", messages ", 8'h95, " of ", 8'h96,
    ", bad signatures ", 8'h97, "\r\n"};
  localparam TxtSf = {
    "sf broadcast2 m=", 8'h98, ": cycles ", 8'h99, ", model ", 8'h9a, ", formula ", 8'h9b,
    ", crc ", 8'h9c, ", model ", 8'h9d, "\r\n",
    "sf total_exchange k=", 8'h9e, ": cycles ", 8'h9f, ", model ", 8'ha0, ", formula ", 8'ha1,
    ", crc ", 8'ha2, ", model ", 8'ha3, "\r\n",
    "sf complete_exchange m=", 8'ha4, ": cycles ", 8'ha5, ", model ", 8'ha6, ", formula ", 8'ha7,
    ", crc ", 8'ha8, ", model ", 8'ha9, "\r\n"};
  localparam TxtEnd = {8'hFF, "\r\n", 8'h00};
  localparam int unsigned LenHead = $bits(TxtHead) / 8;
  localparam int unsigned LenBlk  = $bits(TxtBlk) / 8;
  localparam int unsigned LenSaf  = $bits(TxtSaf) / 8;
  localparam int unsigned LenSf   = $bits(TxtSf) / 8;
  localparam int unsigned LenEnd  = $bits(TxtEnd) / 8;
  localparam int unsigned TextLen = LenHead + (ReadBlocked ? LenBlk : 0) + LenSaf +
                                    (SfEnable ? LenSf : 0) + LenEnd;
  localparam logic [8*TextLen-1:0] Text =
      ReadBlocked ? (SfEnable ? (8*TextLen)'({TxtHead, TxtBlk, TxtSaf, TxtSf, TxtEnd})
                              : (8*TextLen)'({TxtHead, TxtBlk, TxtSaf, TxtEnd}))
                  : (SfEnable ? (8*TextLen)'({TxtHead, TxtSaf, TxtSf, TxtEnd})
                              : (8*TextLen)'({TxtHead, TxtSaf, TxtEnd}));

  // ---------------------------------------------------------------------
  // Expectations from the generator: 64 words of 32 bits, read only at
  // fixed addresses, so synthesis folds them into constants
  // (rtl/fpga/gen/hc_fpga.h, HC_FPGA_X_*).
  //   0 {Dim, PayloadWidth, BufDepth, InjDepth} of the tables, a byte each
  //   1 messages   2 flits   3 cycles (C model)   of the wormhole run
  //   4 max-waiting   5 blocked (C model, for the testbench)
  //   6 {RomDepth[15:0], TimeW[7:0], CntWidth[7:0]}
  //   7 {cases[3:0], BankAW[3:0], SegAW[3:0], DescAW[3:0], ProgDepth[15:0]}
  //   8 + x: the signature of node x after the wormhole run
  //   16 messages   17 cycles (C model)   18 flits   of the mode-2 run
  //   24 + x: the signature of node x after both runs
  //   20 1 if the tables are for the programmed node (SfProg), else 0
  //   32 + 4k: schedule k: completion (C model), CRC, formula, size
  // ---------------------------------------------------------------------
  logic [31:0] expect_mem [64];

  initial begin
    $readmemh(ExpectFile, expect_mem);
  end

  logic [31:0] exp_cfg, exp_msgs, exp_cycles, exp_geom, exp_prog, exp_msgs1, exp_cycles1;
  logic        table_ok;
  assign exp_cfg     = expect_mem[0];
  assign exp_msgs    = expect_mem[1];
  assign exp_cycles  = expect_mem[3];
  assign exp_geom    = expect_mem[6];
  assign exp_prog    = expect_mem[7];
  assign exp_msgs1   = expect_mem[16];
  assign exp_cycles1 = expect_mem[17];
  assign table_ok    = (exp_cfg == {8'(Dim), 8'(PayloadWidth), 8'(BufDepth), 8'(InjDepth)})
                    && (exp_geom == {16'(RomDepth), 8'(TimeW), 8'(CntWidth)})
                    && (exp_prog == {4'(NumSf), SfEnable ? {4'(BankAW), 4'(SegAW), 4'(DescAW)} : 12'h000,
                                     16'(ProgDepth)})
                    && (expect_mem[20] == 32'(Prog));

  // ---------------------------------------------------------------------
  // Phase and run state
  // ---------------------------------------------------------------------
  logic [2:0]          phase_q, phase_d;
  logic                sec_q, sec_d;         // the traffic run: 0 wormhole, 1 mode 2
  logic [CycleW-1:0]   cycle_q, cycle_d, cycles_q, cycles_d, cycles1_q, cycles1_d;
  logic [15:0]         msgs_q, msgs_d, flits_q, flits_d, msgs1_q, msgs1_d;
  logic [7:0]          misrouted_q, misrouted_d, framing_q, framing_d;
  logic                timeout_q, timeout_d, timeout1_q, timeout1_d, prog_end_q, prog_end_d;
  logic [3:0]          sigs_bad0_q, sigs_bad0_d;
  logic [SfCycW-1:0]   sfk_q, sfk_d;
  logic [TimeW-1:0]    cycle_src;
  logic                run, src_next;

  // The cube and its per-node sources and checkers.
  logic [Nodes-1:0]       inj_valid, inj_ready, ej_valid, src_done;
  logic [Nodes*FlitW-1:0] inj_flit, ej_flit;
  logic [Nodes-1:0]       chk_msg, chk_misrouted, chk_framing, sig_bad, sig_bad1;
  logic [Nodes*16-1:0]    sig;
  logic                   cube_idle;
  logic [Dim-1:0]         rd_node_q, rd_node_d;
  logic [PortW-1:0]       rd_port_q, rd_port_d;
  logic                   rd_sel_q, rd_sel_d;   // 0: max-waiting, 1: blocked
  logic [31:0]            cnt_data;

  assign run       = (phase_q == PhRun);
  assign cycle_src = (cycle_q[CycleW-1:TimeW] != '0) ? '1 : cycle_q[TimeW-1:0];

  // The sequencer and the configuration port.
  logic        seq_en, seq_resume, seq_done, seq_wait, seq_kind, seq_check;
  logic [3:0]  seq_unit;
  logic [15:0] seq_crc;
  logic        cfg_we, cfg_re;
  logic [2:0]  cfg_node, cfg_tgt;
  logic [3:0]  cfg_unit, cfg_field;
  logic [15:0] cfg_idx;
  logic [31:0] cfg_wdata, cfg_rdata;
  logic        sf_done;

  // The sequencer runs in PhProg and, holding its WAIT, through the mode-2 run.
  assign seq_en = (phase_q == PhProg) || (run && sec_q);

  // The link clock: clk_i itself, or with the time-multiplexed memory
  // clk_i / Dim (the programmed node: clk_i / 2 Dim) from a divider (high
  // for one clk_i period of ClkDiv; its rising edge at every ClkDiv-th
  // rising edge of clk_i, as hc_sf_node and hc_sf_prog need,
  // which finds the phase by itself). The divider is not reset: the link
  // clock runs during reset, so the registers on it see their reset at its
  // edges (and from any start value it reaches its cycle within 4 clocks).
  logic clk;
  if (Tdm) begin : gen_link_clk
    logic [DivW-1:0] div_q;
    logic            lclk_q;
    always_ff @(posedge clk_i) begin
      div_q  <= (div_q == DivW'(ClkDiv - 1)) ? '0 : div_q + 1'b1;
      lclk_q <= (div_q == DivW'(ClkDiv - 1));
    end
    assign clk = lclk_q;
`ifdef HC_LINK_TRACE
    // Simulation only (built with +define+HC_LINK_TRACE): every busy or
    // valid link of the cube in every link cycle of each store-and-forward
    // run, from the cycle after its start write to sf_done, appended to
    // <TableDir>/links.txt ("t node link valid flit busy"), sampled on the
    // memory clock at the edge that ends the link cycle (before any
    // register moves), so that the engines' build and the programmed
    // node's are compared alike (tools/sf_link_diff.sh).
    localparam logic [8*160-1:0] TraceFile = 1280'({TableDir, "/links.txt"});
    integer      trace_fd;
    logic        trace_on;
    logic [15:0] trace_t;
    initial begin
      trace_fd = $fopen(TraceFile, "a");
      trace_on = 1'b0;
      trace_t  = '0;
      $fwrite(trace_fd, "power-up\n");
    end
    always @(posedge clk_i) begin
      if (div_q == DivW'(ClkDiv - 1)) begin
        if (trace_on) begin
          for (int unsigned l = 0; l < Nodes * Dim; l++) begin
            if (link_valid[l] || link_busy[l]) begin
              $fwrite(trace_fd, "%0d %0d %0d %0d %h %0d\n", trace_t, l / Dim, l % Dim, link_valid[l],
                      link_flit[l*FlitW +: FlitW], link_busy[l]);
            end
          end
          trace_t <= trace_t + 1'b1;
          if (sf_done) begin
            $fwrite(trace_fd, "done %0d\n", trace_t);
            trace_on <= 1'b0;
          end
        end
        if (cfg_we && cfg_tgt == 3'd0 && cfg_idx == 16'd2) begin
          $fwrite(trace_fd, "start\n");
          trace_on <= 1'b1;
          trace_t  <= '0;
        end
      end
    end
`endif
  end else begin : gen_one_clk
    assign clk = clk_i;
  end

  hc_cfg_seq #(
    .Width     (PayloadWidth),
    .ProgDepth (ProgDepth),
    .MemFile   (ProgFile)
  ) u_seq (
    .clk_i   (clk),
    .rst_ni,
    .enable_i    (seq_en),
    .resume_i    (seq_resume),
    .done_o      (seq_done),
    .wait_o      (seq_wait),
    .wait_kind_o (seq_kind),
    .unit_o      (seq_unit),
    .check_o     (seq_check),
    .crc_o       (seq_crc),
    .cfg_we_o    (cfg_we),
    .cfg_re_o    (cfg_re),
    .cfg_node_o  (cfg_node),
    .cfg_tgt_o   (cfg_tgt),
    .cfg_unit_o  (cfg_unit),
    .cfg_idx_o   (cfg_idx),
    .cfg_field_o (cfg_field),
    .cfg_wdata_o (cfg_wdata),
    .cfg_rdata_i (cfg_rdata)
  );

  // The simulated network itself; its observation ports serve the lockstep
  // testbench and waveforms only, so here they go nowhere, and the address
  // map keeps its identity.
  /* verilator lint_off UNUSEDSIGNAL */
  logic [Nodes*Dim-1:0]       link_valid, link_busy, link_blocked, link_probe_valid, link_ack;
  logic [Nodes*Dim*Dim-1:0]   link_probe_dest;
  logic [Nodes-1:0]           probe_ready;
  logic [Nodes*Dim*FlitW-1:0] link_flit;
  logic [15:0]                step;
  /* verilator lint_on UNUSEDSIGNAL */

  hc_network #(
    .Dim          (Dim),
    .PayloadWidth (PayloadWidth),
    .BufDepth     (BufDepth),
    .InjDepth     (InjDepth),
    .CntWidth     (CubeCntW),
    // The store-and-forward engines only where they fit (docs/fpga.md);
    // the paper's cost model (tau, xi, circuit switching) is not built.
    .SfEnable     (SfEnable),
    .BankAW       (BankAW),
    .SegAW        (SegAW),
    .DescAW       (DescAW),
    .CsEnable     (1'b0),
    .SfMemTdm     (Tdm),
    .SfProg       (Prog),
    .SfProgDir    (TableDir)
  ) u_cube (
    .clk_i   (clk),
    .mem_clk_i (clk_i),
    .rst_ni,
    .inj_valid_i    (inj_valid),
    .inj_flit_i     (inj_flit),
    .inj_ready_o    (inj_ready),
    .probe_valid_i  ('0),
    .probe_dest_i   ('0),
    .probe_ready_o  (probe_ready),
    .ej_valid_o     (ej_valid),
    .ej_flit_o      (ej_flit),
    .link_valid_o   (link_valid),
    .link_flit_o    (link_flit),
    .link_busy_o    (link_busy),
    .link_blocked_o (link_blocked),
    .link_probe_valid_o (link_probe_valid),
    .link_probe_dest_o  (link_probe_dest),
    .link_ack_o     (link_ack),
    .idle_o         (cube_idle),
    .step_i         (16'd0),
    .step_o         (step),
    .remap_we_i     (1'b0),
    .remap_i        ('0),
    .cnt_node_i     (rd_node_q),
    .cnt_port_i  (4'(rd_port_q)),
    .cnt_id_i    ((ReadBlocked && rd_sel_q) ? hc_pkg::CntBlocked : hc_pkg::CntMaxWaiting),
    .cnt_data_o  (cnt_data),
    .cfg_we_i    (cfg_we),
    .cfg_re_i    (cfg_re),
    .cfg_node_i  (Dim'(cfg_node)),
    .cfg_tgt_i   (cfg_tgt),
    .cfg_unit_i  (cfg_unit),
    .cfg_idx_i   (cfg_idx),
    .cfg_field_i (cfg_field),
    .cfg_wdata_i (cfg_wdata),
    .cfg_rdata_o (cfg_rdata),
    .sf_done_o   (sf_done)
  );

  for (genvar x = 0; x < Nodes; x++) begin : gen_node
    /// This node's table file.
    localparam logic [8*160-1:0] NodeFile =
        1280'({TableDir, "/node", 8'(48 + x / 10), 8'(48 + x % 10), ".hex"});

    hc_traffic_rom #(
      .FlitW    (FlitW),
      .TimeW    (TimeW),
      .RomDepth (RomDepth),
      .MemFile  (NodeFile)
    ) u_src (
      .clk_i   (clk),
      .rst_ni,
      .run_i       (run),
      .next_i      (src_next),
      .cycle_i     (cycle_src),
      .inj_ready_i (inj_ready[x]),
      .inj_valid_o (inj_valid[x]),
      .inj_flit_o  (inj_flit[x*FlitW +: FlitW]),
      .done_o      (src_done[x])
    );

    hc_checker #(
      .Dim          (Dim),
      .PayloadWidth (PayloadWidth),
      .Node         (x)
    ) u_chk (
      .clk_i   (clk),
      .rst_ni,
      .valid_i     (ej_valid[x]),
      .flit_i      (ej_flit[x*FlitW +: FlitW]),
      .msg_o       (chk_msg[x]),
      .misrouted_o (chk_misrouted[x]),
      .framing_o   (chk_framing[x]),
      .sig_o       (sig[x*16 +: 16])
    );

    assign sig_bad[x]  = (sig[x*16 +: 16] != expect_mem[8 + x][15:0]);
    assign sig_bad1[x] = (sig[x*16 +: 16] != expect_mem[24 + x][15:0]);
  end

  // ---------------------------------------------------------------------
  // The schedules' results: completion and CRC of each
  // ---------------------------------------------------------------------
  // Schedule k at [k*SfCycW +: SfCycW] and [k*16 +: 16].
  logic [3*SfCycW-1:0] sf_cycles_q, sf_cycles_d;
  logic [3*16-1:0]     sf_crc_q, sf_crc_d;

  // ---------------------------------------------------------------------
  // The runs: count, and end when every expected message is delivered;
  // the program; the counter read
  // ---------------------------------------------------------------------
  logic [15:0] msgs_sum, msgs1_sum;
  logic        last_read, report_done, run_over;
  // The checkers' completions, registered: a message completed in cycle c
  // is counted in cycle c + 1, so the count and the end of a run start
  // from registers, not from the cube's ejection logic (which the mode
  // register now reaches). A run whose last message completes in cycle
  // c - 1 ends in cycle c and took c cycles (cycles 0 .. c - 1), as before.
  logic [Nodes-1:0] msg_q;

  always_ff @(posedge clk or negedge rst_ni) begin
    if (!rst_ni) begin
      msg_q <= '0;
    end else begin
      msg_q <= chk_msg;
    end
  end

  assign msgs_sum  = msgs_q + 16'($countones(msg_q));
  assign msgs1_sum = msgs1_q + 16'($countones(msg_q));
  assign run_over  = sec_q ? (32'(msgs1_sum) >= exp_msgs1) : (32'(msgs_sum) >= exp_msgs);
  assign last_read = (rd_node_q == Dim'(Nodes - 1)) && (rd_port_q == PortW'(Ports - 1))
                  && (rd_sel_q || !ReadBlocked);

  logic [WaitW-1:0]    max_wait_q, max_wait_d;
  logic [CubeCntW-1:0] max_blk_q, max_blk_d;

  always_comb begin
    phase_d     = phase_q;
    sec_d       = sec_q;
    cycle_d     = cycle_q;
    cycles_d    = cycles_q;
    cycles1_d   = cycles1_q;
    msgs_d      = msgs_q;
    msgs1_d     = msgs1_q;
    flits_d     = flits_q;
    misrouted_d = misrouted_q;
    framing_d   = framing_q;
    timeout_d   = timeout_q;
    timeout1_d  = timeout1_q;
    prog_end_d  = prog_end_q;
    sigs_bad0_d = sigs_bad0_q;
    sfk_d       = sfk_q;
    sf_cycles_d = sf_cycles_q;
    sf_crc_d    = sf_crc_q;
    rd_node_d   = rd_node_q;
    rd_port_d   = rd_port_q;
    rd_sel_d    = rd_sel_q;
    max_wait_d  = max_wait_q;
    max_blk_d   = max_blk_q;
    seq_resume  = 1'b0;
    src_next    = 1'b0;
    unique case (phase_q)
      PhPrep: begin
        phase_d = PhRun;
      end
      PhRun: begin
        cycle_d     = cycle_q + 1'b1;
        misrouted_d = misrouted_q + 8'($countones(chk_misrouted));
        framing_d   = framing_q + 8'($countones(chk_framing));
        if (misrouted_d < misrouted_q) begin
          misrouted_d = '1;
        end
        if (framing_d < framing_q) begin
          framing_d = '1;
        end
        if (sec_q) begin
          msgs1_d = msgs1_sum;
        end else begin
          msgs_d  = msgs_sum;
          flits_d = flits_q + 16'($countones(ej_valid));
        end
        if (run_over || cycle_q == '1) begin
          // The wormhole run goes on to the counters, the mode-2 run back
          // to the program (its WAIT is over).
          phase_d    = sec_q ? PhProg : PhRead;
          seq_resume = sec_q;
          if (sec_q) begin
            cycles1_d  = cycle_q;
            timeout1_d = !run_over;
          end else begin
            cycles_d  = cycle_q;
            timeout_d = !run_over;
          end
        end
      end
      PhRead: begin
        // The signatures of the wormhole run, complete since the cycle
        // after its last delivery.
        sigs_bad0_d = 4'($countones(sig_bad));
        // One counter a cycle: max-waiting, then (if read) blocked, of
        // every output port of every node.
        if (!rd_sel_q) begin
          if (cnt_data[WaitW-1:0] > max_wait_q) begin
            max_wait_d = cnt_data[WaitW-1:0];
          end
        end else if (cnt_data[CubeCntW-1:0] > max_blk_q) begin
          max_blk_d = cnt_data[CubeCntW-1:0];
        end
        rd_sel_d = ReadBlocked && !rd_sel_q;
        if (rd_sel_q || !ReadBlocked) begin
          if (rd_port_q == PortW'(Ports - 1)) begin
            rd_port_d = '0;
            rd_node_d = rd_node_q + 1'b1;
          end else begin
            rd_port_d = rd_port_q + 1'b1;
          end
        end
        if (last_read) begin
          phase_d = PhProg;
        end
      end
      PhProg: begin
        if (seq_done) begin
          phase_d    = PhPrint;
          prog_end_d = 1'b1;
        end else if (seq_wait && !seq_kind) begin
          // This cycle prepares the mode-2 run: the sources step over the
          // end of their first section.
          phase_d  = PhRun;
          sec_d    = 1'b1;
          cycle_d  = '0;
          src_next = 1'b1;
        end else if (seq_wait) begin
          // Cycle sfk_q of the wait for sf_done: sf_done now means a
          // completion of sfk_q - 1 cycles (docs/store_and_forward.md 7.5).
          sfk_d = sfk_q + 1'b1;
          if (sf_done || sfk_q == '1) begin
            for (int unsigned k = 0; k < 3; k++) begin
              if (SfEnable && seq_unit == 4'(k)) begin
                sf_cycles_d[k*SfCycW +: SfCycW] = sf_done ? sfk_q - 1'b1 : '1;
              end
            end
            sfk_d      = '0;
            seq_resume = 1'b1;
          end
        end
        if (seq_check) begin
          for (int unsigned k = 0; k < 3; k++) begin
            if (SfEnable && seq_unit == 4'(k)) begin
              sf_crc_d[k*16 +: 16] = seq_crc;
            end
          end
        end
      end
      PhPrint: begin
        if (report_done) begin
          phase_d = PhDone;
        end
      end
      default: begin
        phase_d = PhDone;
      end
    endcase
  end

  always_ff @(posedge clk or negedge rst_ni) begin
    if (!rst_ni) begin
      phase_q     <= PhPrep;
      sec_q       <= 1'b0;
      cycle_q     <= '0;
      cycles_q    <= '0;
      cycles1_q   <= '0;
      msgs_q      <= '0;
      msgs1_q     <= '0;
      flits_q     <= '0;
      misrouted_q <= '0;
      framing_q   <= '0;
      timeout_q   <= 1'b0;
      timeout1_q  <= 1'b0;
      prog_end_q  <= 1'b0;
      sigs_bad0_q <= '0;
      sfk_q       <= '0;
      sf_cycles_q <= '0;
      sf_crc_q    <= '0;
      rd_node_q   <= '0;
      rd_port_q   <= '0;
      rd_sel_q    <= 1'b0;
      max_wait_q  <= '0;
      max_blk_q   <= '0;
    end else begin
      phase_q     <= phase_d;
      sec_q       <= sec_d;
      cycle_q     <= cycle_d;
      cycles_q    <= cycles_d;
      cycles1_q   <= cycles1_d;
      msgs_q      <= msgs_d;
      msgs1_q     <= msgs1_d;
      flits_q     <= flits_d;
      misrouted_q <= misrouted_d;
      framing_q   <= framing_d;
      timeout_q   <= timeout_d;
      timeout1_q  <= timeout1_d;
      prog_end_q  <= prog_end_d;
      sigs_bad0_q <= sigs_bad0_d;
      sfk_q       <= sfk_d;
      sf_cycles_q <= sf_cycles_d;
      sf_crc_q    <= sf_crc_d;
      rd_node_q   <= rd_node_d;
      rd_port_q   <= rd_port_d;
      rd_sel_q    <= rd_sel_d;
      max_wait_q  <= max_wait_d;
      max_blk_q   <= max_blk_d;
    end
  end

  // ---------------------------------------------------------------------
  // Verdict and report
  // ---------------------------------------------------------------------
  logic [15:0] lost;
  logic [3:0]  sigs_bad1;
  logic        sf_ok, pass;

  assign lost      = (32'(msgs_q) < exp_msgs) ? exp_msgs[15:0] - msgs_q : '0;
  assign sigs_bad1 = 4'($countones(sig_bad1));
  always_comb begin
    sf_ok = 1'b1;
    for (int unsigned k = 0; k < 3; k++) begin
      if (SfEnable && (32'(sf_cycles_q[k*SfCycW +: SfCycW]) != expect_mem[32 + 4*k] ||
                       sf_crc_q[k*16 +: 16] != expect_mem[33 + 4*k][15:0])) begin
        sf_ok = 1'b0;
      end
    end
  end
  assign pass = table_ok && !timeout_q && (lost == '0) && (misrouted_q == '0)
             && (framing_q == '0) && (sigs_bad0_q == '0)
             && (32'(cycles_q) == exp_cycles) && prog_end_q && !timeout1_q
             && (msgs1_q == exp_msgs1[15:0]) && (sigs_bad1 == '0)
             && (32'(cycles1_q) == exp_cycles1) && sf_ok;

  logic [NumFields*FieldW-1:0] fields;
  logic [24*FieldW-1:0]        fields_run;
  assign fields_run = {
    FieldW'(sigs_bad1),          // 23
    FieldW'(exp_msgs1[15:0]),    // 22
    FieldW'(msgs1_q),            // 21
    exp_cycles1[FieldW-1:0],     // 20
    FieldW'(cycles1_q),          // 19
    FieldW'(max_blk_q),          // 18
    FieldW'(max_wait_q),         // 17
    FieldW'(sigs_bad0_q),        // 16
    FieldW'(framing_q),          // 15
    FieldW'(misrouted_q),        // 14
    FieldW'(lost),               // 13
    FieldW'(flits_q),            // 12
    FieldW'(exp_msgs[15:0]),     // 11
    FieldW'(msgs_q),             // 10
    exp_cycles[FieldW-1:0],      // 9
    FieldW'(cycles_q),           // 8
    FieldW'(exp_cfg[7:0]),       // 7
    FieldW'(exp_cfg[15:8]),      // 6
    FieldW'(exp_cfg[23:16]),     // 5
    FieldW'(exp_cfg[31:24]),     // 4
    FieldW'(InjDepth),           // 3
    FieldW'(BufDepth),           // 2
    FieldW'(PayloadWidth),       // 1
    FieldW'(Dim)                 // 0
  };
  // Schedule k: fields 24 + 6k .. 29 + 6k: size, cycles, model, formula,
  // CRC, model's CRC.
  if (SfEnable) begin : gen_sf_fields
    logic [18*FieldW-1:0] fields_sf;
    for (genvar k = 0; k < 3; k++) begin : gen_case
      assign fields_sf[6*k*FieldW +: 6*FieldW] = {
        FieldW'(expect_mem[33 + 4*k][15:0]),
        FieldW'(sf_crc_q[k*16 +: 16]),
        expect_mem[34 + 4*k][FieldW-1:0],
        expect_mem[32 + 4*k][FieldW-1:0],
        FieldW'(sf_cycles_q[k*SfCycW +: SfCycW]),
        expect_mem[35 + 4*k][FieldW-1:0]
      };
    end
    assign fields = {fields_sf, fields_run};
  end else begin : gen_no_sf_fields
    assign fields = fields_run;
  end

  logic       tx_valid, tx_ready;
  logic [7:0] tx_data;

  hc_report #(
    .NumFields (NumFields),
    .FieldW    (FieldW),
    .Digits    (7),
    .TextLen   (TextLen),
    .Text      (Text)
  ) u_report (
    .clk_i   (clk),
    .rst_ni,
    .start_i  (phase_q == PhPrint),
    .fields_i (fields),
    .pass_i   (pass),
    .valid_o  (tx_valid),
    .data_o   (tx_data),
    .ready_i  (tx_ready),
    .done_o   (report_done)
  );

  hc_uart_tx #(
    .ClkHz (ClkHz / ClkDiv),
    .Baud  (Baud)
  ) u_uart (
    .clk_i   (clk),
    .rst_ni,
    .valid_i (tx_valid),
    .data_i  (tx_data),
    .ready_o (tx_ready),
    .tx_o    (uart_tx_o)
  );

  assign running_o = (phase_q != PhDone);
  assign pass_o    = (phase_q == PhDone) && pass;
  assign fail_o    = (phase_q == PhDone) && !pass;

  // Not needed by the verdict: the sources' end flags, the network's idle
  // output, the words of the expectations kept for the testbench, the
  // counter bits that cannot be set.
  logic unused_st;
  assign unused_st = ^{src_done, cube_idle, expect_mem[2], expect_mem[4], expect_mem[5],
                       expect_mem[18], exp_cycles[31:FieldW], exp_cycles1[31:FieldW], cnt_data,
                       cfg_node};

  // Parameter ranges, checked at elaboration by Verilator and yosys alike.
  if (CycleW <= TimeW || CycleW > FieldW) begin : gen_err_cycle_w
    $error("hc_selftest: need TimeW < CycleW <= 20 (FieldW)");
  end
  if (Dim < 1 || Dim > 3) begin : gen_err_dim
    $error("hc_selftest: Dim must be 1..3 (the expectation file has eight signatures)");
  end
  if (SfEnable && (BankAW < 1 || BankAW > 15 || SegAW < 1 || SegAW > 15 || DescAW < 1 || DescAW > 15))
  begin : gen_err_sf_geom
    $error("hc_selftest: BankAW, SegAW and DescAW must be 1..15 (4 bits of the expectation file)");
  end

endmodule
