// The FPGA self-test of a whole hypercube (docs/fpga.md): after reset it
// runs the traffic of its tables through a 2^Dim-node cube (hc_network),
// checks every delivered message, reads the channel counters and prints a
// report on a UART. Everything is on chip:
//
//   - one traffic source per node (hc_traffic_rom), replaying the flits and
//     creation cycles that rtl/fpga/gen/hc_fpga_gen.c wrote from the project's
//     traffic generators into <TableDir>/node<xx>.hex;
//   - one checker per ejection port (hc_checker): framing, right node, and
//     a signature of the messages delivered, compared at the end with the
//     one the generator computed (<TableDir>/expect.hex);
//   - the routers' channel counters, of which the largest number of heads
//     that waited for one channel (max-waiting) and the most cycles a
//     channel was wanted and not granted (blocked, CntWidth bits, wrapping)
//     are reported; with CntWidth = 0 only the max-waiting registers are
//     read (the cube's counters are 1 bit wide), and synthesis drops the
//     summing counters altogether (a router with CntWidth = 0 would have
//     no max-waiting register either);
//   - a report printer (hc_report) and UART transmitter (hc_uart_tx).
//
// The run starts in the second cycle after reset (cycle 0 of the C model)
// and ends in the cycle the last expected message is delivered, or after
// 2^CycleW - 1 cycles (a timeout: messages lost). The report gives the
// cycles the run took next to the cycles the C model predicted for the same
// tables: on a correct board they are equal, since the RTL is cycle-exact
// with the model. PASS needs no lost, misrouted or badly framed message,
// every node's signature right, tables made for these parameters, and the
// cycle count of the model.
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
  /// Directory of the table files node00.hex.. and expect.hex.
  parameter logic [8*128-1:0]  TableDir     = "build/fpga/tables"
) (
  /// Clock, rising edge.
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
  /// a report field.
  localparam int unsigned Nodes  = 1 << Dim;
  localparam int unsigned Ports  = Dim + 1;
  localparam int unsigned FlitW  = PayloadWidth + 2;
  localparam int unsigned WaitW  = $clog2(Ports + 1);
  localparam int unsigned PortW  = $clog2(Ports);
  localparam int unsigned FieldW = 20;
  localparam int unsigned NumFields = 19;
  /// The expectation file.
  localparam logic [8*160-1:0] ExpectFile = 1280'({TableDir, "/expect.hex"});
  /// Phases of the self-test.
  localparam logic [2:0] PhPrep  = 3'd0;
  localparam logic [2:0] PhRun   = 3'd1;
  localparam logic [2:0] PhRead  = 3'd2;
  localparam logic [2:0] PhPrint = 3'd3;
  localparam logic [2:0] PhDone  = 3'd4;
  /// Whether the blocked counters are read, and the cube's counter width.
  localparam bit          ReadBlocked = (CntWidth != 0);
  localparam int unsigned CubeCntW    = ReadBlocked ? CntWidth : 1;
  /// The report template (hc_report): 0x80 + k is field k, 0xFF PASS/FAIL.
  /// The two variants differ only in the contention line.
  localparam int unsigned TextLenB = 222;
  localparam int unsigned TextLenW = 200;
  localparam logic [8*TextLenB-1:0] TextB = {
    "\r\nhc-selftest d=", 8'h80, " w=", 8'h81, " b=", 8'h82, " i=", 8'h83,
    ", tables d=", 8'h84, " w=", 8'h85, " b=", 8'h86, " i=", 8'h87, "\r\n",
    "cycles ", 8'h88, ", model ", 8'h89, "\r\n",
    "messages ", 8'h8a, " of ", 8'h8b, ", flits ", 8'h8c, "\r\n",
    "lost ", 8'h8d, ", misrouted ", 8'h8e, ", framing ", 8'h8f,
    ", bad signatures ", 8'h90, "\r\n",
    "contention: max ", 8'h91, " heads waiting on a channel, max ", 8'h92,
    " cycles blocked\r\n",
    8'hFF, "\r\n", 8'h00};
  localparam logic [8*TextLenW-1:0] TextW = {
    "\r\nhc-selftest d=", 8'h80, " w=", 8'h81, " b=", 8'h82, " i=", 8'h83,
    ", tables d=", 8'h84, " w=", 8'h85, " b=", 8'h86, " i=", 8'h87, "\r\n",
    "cycles ", 8'h88, ", model ", 8'h89, "\r\n",
    "messages ", 8'h8a, " of ", 8'h8b, ", flits ", 8'h8c, "\r\n",
    "lost ", 8'h8d, ", misrouted ", 8'h8e, ", framing ", 8'h8f,
    ", bad signatures ", 8'h90, "\r\n",
    "contention: max ", 8'h91, " heads waiting on a channel\r\n",
    8'hFF, "\r\n", 8'h00};
  localparam int unsigned TextLen = ReadBlocked ? TextLenB : TextLenW;
  localparam logic [8*TextLen-1:0] Text = ReadBlocked ? (8*TextLen)'(TextB) : (8*TextLen)'(TextW);

  // ---------------------------------------------------------------------
  // Expectations from the generator: 16 words of 32 bits, read only at
  // fixed addresses, so synthesis folds them into constants.
  //   0 {Dim, PayloadWidth, BufDepth, InjDepth} of the tables, a byte each
  //   1 messages   2 flits   3 cycles (C model)
  //   4 max-waiting   5 blocked (C model, for the testbench)
  //   6 {RomDepth[15:0], TimeW[7:0], CntWidth[7:0]}   7 0
  //   8 + x: the signature of node x
  // ---------------------------------------------------------------------
  logic [31:0] expect_mem [16];

  initial begin
    $readmemh(ExpectFile, expect_mem);
  end

  logic [31:0] exp_cfg, exp_msgs, exp_cycles, exp_geom;
  logic        table_ok;
  assign exp_cfg    = expect_mem[0];
  assign exp_msgs   = expect_mem[1];
  assign exp_cycles = expect_mem[3];
  assign exp_geom   = expect_mem[6];
  assign table_ok   = (exp_cfg == {8'(Dim), 8'(PayloadWidth), 8'(BufDepth), 8'(InjDepth)})
                   && (exp_geom == {16'(RomDepth), 8'(TimeW), 8'(CntWidth)});

  // ---------------------------------------------------------------------
  // Phase and run state
  // ---------------------------------------------------------------------
  logic [2:0]          phase_q, phase_d;
  logic [CycleW-1:0]   cycle_q, cycle_d, cycles_q, cycles_d;
  logic [15:0]         msgs_q, msgs_d, flits_q, flits_d;
  logic [7:0]          misrouted_q, misrouted_d, framing_q, framing_d;
  logic                timeout_q, timeout_d;
  logic [TimeW-1:0]    cycle_src;
  logic                run;

  // The cube and its per-node sources and checkers.
  logic [Nodes-1:0]       inj_valid, inj_ready, ej_valid, src_done;
  logic [Nodes*FlitW-1:0] inj_flit, ej_flit;
  logic [Nodes-1:0]       chk_msg, chk_misrouted, chk_framing, sig_bad;
  logic [Nodes*16-1:0]    sig;
  logic                   cube_idle;
  logic [Dim-1:0]         rd_node_q, rd_node_d;
  logic [PortW-1:0]       rd_port_q, rd_port_d;
  logic                   rd_sel_q, rd_sel_d;   // 0: max-waiting, 1: blocked
  logic [31:0]            cnt_data;

  assign run       = (phase_q == PhRun);
  assign cycle_src = (cycle_q[CycleW-1:TimeW] != '0) ? '1 : cycle_q[TimeW-1:0];

  // The simulated network itself; its observation ports serve the lockstep
  // testbench and waveforms only, so here they go nowhere, and the address
  // map keeps its identity.
  /* verilator lint_off UNUSEDSIGNAL */
  logic [Nodes*Dim-1:0]       link_valid, link_busy, link_blocked, link_probe_valid, link_ack;
  logic [Nodes*Dim*Dim-1:0]   link_probe_dest;
  logic [Nodes-1:0]           probe_ready;
  logic [Nodes*Dim*FlitW-1:0] link_flit;
  logic [15:0]                step;
  logic [31:0]                cfg_rdata;
  logic                       sf_done;
  /* verilator lint_on UNUSEDSIGNAL */

  hc_network #(
    .Dim          (Dim),
    .PayloadWidth (PayloadWidth),
    .BufDepth     (BufDepth),
    .InjDepth     (InjDepth),
    .CntWidth     (CubeCntW),
    // Wormhole only: the self-test exercises mode 0, and the store-and-
    // forward engines and memories would not fit the boards beside it,
    // nor would the paper's cost model (tau, xi, circuit switching).
    .SfEnable     (1'b0),
    .CsEnable     (1'b0)
  ) u_cube (
    .clk_i,
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
    .cfg_we_i    (1'b0),
    .cfg_re_i    (1'b0),
    .cfg_node_i  ('0),
    .cfg_tgt_i   ('0),
    .cfg_unit_i  ('0),
    .cfg_idx_i   ('0),
    .cfg_field_i ('0),
    .cfg_wdata_i ('0),
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
      .clk_i,
      .rst_ni,
      .run_i       (run),
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
      .clk_i,
      .rst_ni,
      .valid_i     (ej_valid[x]),
      .flit_i      (ej_flit[x*FlitW +: FlitW]),
      .msg_o       (chk_msg[x]),
      .misrouted_o (chk_misrouted[x]),
      .framing_o   (chk_framing[x]),
      .sig_o       (sig[x*16 +: 16])
    );

    assign sig_bad[x] = (sig[x*16 +: 16] != expect_mem[8 + x][15:0]);
  end

  // ---------------------------------------------------------------------
  // The run: count, and end when every expected message is delivered
  // ---------------------------------------------------------------------
  logic [15:0] msgs_sum;
  logic        last_read, report_done;

  assign msgs_sum  = msgs_q + 16'($countones(chk_msg));
  assign last_read = (rd_node_q == Dim'(Nodes - 1)) && (rd_port_q == PortW'(Ports - 1))
                  && (rd_sel_q || !ReadBlocked);

  logic [WaitW-1:0]    max_wait_q, max_wait_d;
  logic [CubeCntW-1:0] max_blk_q, max_blk_d;

  always_comb begin
    phase_d     = phase_q;
    cycle_d     = cycle_q;
    cycles_d    = cycles_q;
    msgs_d      = msgs_q;
    flits_d     = flits_q;
    misrouted_d = misrouted_q;
    framing_d   = framing_q;
    timeout_d   = timeout_q;
    rd_node_d   = rd_node_q;
    rd_port_d   = rd_port_q;
    rd_sel_d    = rd_sel_q;
    max_wait_d  = max_wait_q;
    max_blk_d   = max_blk_q;
    unique case (phase_q)
      PhPrep: begin
        phase_d = PhRun;
      end
      PhRun: begin
        cycle_d     = cycle_q + 1'b1;
        msgs_d      = msgs_sum;
        flits_d     = flits_q + 16'($countones(ej_valid));
        misrouted_d = misrouted_q + 8'($countones(chk_misrouted));
        framing_d   = framing_q + 8'($countones(chk_framing));
        if (misrouted_d < misrouted_q) begin
          misrouted_d = '1;
        end
        if (framing_d < framing_q) begin
          framing_d = '1;
        end
        if (32'(msgs_sum) >= exp_msgs) begin
          phase_d  = PhRead;
          cycles_d = cycle_q + 1'b1;
        end else if (cycle_q == '1) begin
          phase_d   = PhRead;
          cycles_d  = cycle_q;
          timeout_d = 1'b1;
        end
      end
      PhRead: begin
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
          phase_d = PhPrint;
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

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      phase_q     <= PhPrep;
      cycle_q     <= '0;
      cycles_q    <= '0;
      msgs_q      <= '0;
      flits_q     <= '0;
      misrouted_q <= '0;
      framing_q   <= '0;
      timeout_q   <= 1'b0;
      rd_node_q   <= '0;
      rd_port_q   <= '0;
      rd_sel_q    <= 1'b0;
      max_wait_q  <= '0;
      max_blk_q   <= '0;
    end else begin
      phase_q     <= phase_d;
      cycle_q     <= cycle_d;
      cycles_q    <= cycles_d;
      msgs_q      <= msgs_d;
      flits_q     <= flits_d;
      misrouted_q <= misrouted_d;
      framing_q   <= framing_d;
      timeout_q   <= timeout_d;
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
  logic [3:0]  sigs_bad;
  logic        pass;

  assign lost     = (32'(msgs_q) < exp_msgs) ? exp_msgs[15:0] - msgs_q : '0;
  assign sigs_bad = 4'($countones(sig_bad));
  assign pass     = table_ok && !timeout_q && (lost == '0) && (misrouted_q == '0)
                 && (framing_q == '0) && (sigs_bad == '0)
                 && (32'(cycles_q) == exp_cycles);

  logic [NumFields*FieldW-1:0] fields;
  assign fields = {
    FieldW'(max_blk_q),          // 18
    FieldW'(max_wait_q),         // 17
    FieldW'(sigs_bad),           // 16
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

  logic       tx_valid, tx_ready;
  logic [7:0] tx_data;

  hc_report #(
    .NumFields (NumFields),
    .FieldW    (FieldW),
    .Digits    (7),
    .TextLen   (TextLen),
    .Text      (Text)
  ) u_report (
    .clk_i,
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
    .ClkHz (ClkHz),
    .Baud  (Baud)
  ) u_uart (
    .clk_i,
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
                       expect_mem[7], exp_cycles[31:FieldW], cnt_data};

  // Parameter ranges, checked at elaboration by Verilator and yosys alike.
  if (CycleW <= TimeW || CycleW > FieldW) begin : gen_err_cycle_w
    $error("hc_selftest: need TimeW < CycleW <= 20 (FieldW)");
  end
  if (Dim < 1 || Dim > 3) begin : gen_err_dim
    $error("hc_selftest: Dim must be 1..3");
  end

endmodule
