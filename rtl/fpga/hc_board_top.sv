// The board-independent top of the FPGA self-test (docs/fpga.md): the
// self-test core (hc_selftest) with its reset sources and status outputs.
// The core is reset at power-up (iCE40 flip-flops start at 0 after
// configuration, so a small counter holds the reset for 15 cycles), while
// the reset button is pressed, and while the UART receive line is low, so
// a key typed in the terminal runs the test again; the reset is released
// synchronously to the clock. The LEDs are active high here: the board
// wrappers (hc_top_icebreaker, hc_top_hx8k) invert them where the board
// needs it. This module, not the wrappers, is what the Verilator test
// (tests/fpga/) simulates.
module hc_board_top #(
  /// Cube dimension.
  parameter int unsigned      Dim          = 3,
  /// Flit payload bits.
  parameter int unsigned      PayloadWidth = 8,
  /// Flits per router input buffer.
  parameter int unsigned      BufDepth     = 2,
  /// Flits per injection queue.
  parameter int unsigned      InjDepth     = 2,
  /// Bits of the blocked-cycles counters read (0: max-waiting only).
  parameter int unsigned      CntWidth     = 16,
  /// Words per node traffic table.
  parameter int unsigned      RomDepth     = 256,
  /// Bits of a creation cycle in the tables.
  parameter int unsigned      TimeW        = 16,
  /// 1: the store-and-forward engines and the schedules (hc_selftest).
  parameter bit               SfEnable     = 1'b0,
  /// Store-and-forward geometry: bank, segment and descriptor address bits.
  parameter int unsigned      BankAW       = 4,
  parameter int unsigned      SegAW        = 3,
  parameter int unsigned      DescAW       = 2,
  /// 1 (with SfEnable): the programmed store-and-forward node (hc_selftest).
  parameter bit               SfProg       = 1'b0,
  /// Words of the sequencer's program.
  parameter int unsigned      ProgDepth    = 16,
  /// The self-test's clock in Hz (the UART divides it).
  parameter int unsigned      ClkHz        = 12_000_000,
  /// UART line rate.
  parameter int unsigned      Baud         = 115_200,
  /// Bits of the heartbeat counter: the LED toggles every 2^(HeartW-1)
  /// cycles (0.7 s at 12 MHz for 24).
  parameter int unsigned      HeartW       = 24,
  /// Directory of the table files.
  parameter logic [8*128-1:0] TableDir     = "build/fpga/tables"
) (
  /// The self-test's clock.
  input  logic clk_i,
  /// The clock is stable (the PLL has locked; tie high without a PLL):
  /// the power-on reset waits for it.
  input  logic clk_ok_i,
  /// Reset button, active low (tie high on a board without one).
  input  logic btn_ni,
  /// UART receive line: low (a start bit) restarts the test.
  input  logic uart_rx_i,
  /// UART transmit line, the report.
  output logic uart_tx_o,
  /// The test runs or prints its report.
  output logic running_o,
  /// The test passed.
  output logic pass_o,
  /// The test failed.
  output logic fail_o,
  /// Toggles about once a second: the bitstream is alive.
  output logic heartbeat_o
);

  // Power-on reset: por_q starts at 0 after configuration and counts to
  // all ones; until then the core is held in reset.
  // It counts only once the clock is stable (clk_ok_i, synchronised).
  logic [3:0] por_q = '0;
  logic [1:0] ok_sync_q = '0;
  logic [3:0] por_d;
  logic       por_done;

  assign por_done = (por_q == '1);
  assign por_d    = (por_done || !ok_sync_q[1]) ? por_q : por_q + 1'b1;

  always_ff @(posedge clk_i) begin
    ok_sync_q <= {ok_sync_q[0], clk_ok_i};
    por_q     <= por_d;
  end

  // Two-flop synchronisers of the button and the receive line, and the
  // core reset, asserted while either is low, released on a clock edge.
  logic [1:0] btn_sync_q, rx_sync_q;
  logic       rst_core_q, rst_core_d;

  assign rst_core_d = por_done && btn_sync_q[1] && rx_sync_q[1];

  always_ff @(posedge clk_i) begin
    btn_sync_q <= {btn_sync_q[0], btn_ni};
    rx_sync_q  <= {rx_sync_q[0], uart_rx_i};
    rst_core_q <= rst_core_d;
  end

  hc_selftest #(
    .Dim          (Dim),
    .PayloadWidth (PayloadWidth),
    .BufDepth     (BufDepth),
    .InjDepth     (InjDepth),
    .CntWidth     (CntWidth),
    .RomDepth     (RomDepth),
    .TimeW        (TimeW),
    .SfEnable     (SfEnable),
    .BankAW       (BankAW),
    .SegAW        (SegAW),
    .DescAW       (DescAW),
    .SfProg       (SfProg),
    .ProgDepth    (ProgDepth),
    .ClkHz        (ClkHz),
    .Baud         (Baud),
    .TableDir     (TableDir)
  ) u_selftest (
    .clk_i,
    .rst_ni    (rst_core_q),
    .uart_tx_o,
    .running_o,
    .pass_o,
    .fail_o
  );

  // Heartbeat.
  logic [HeartW-1:0] heart_q;

  always_ff @(posedge clk_i or negedge rst_core_q) begin
    if (!rst_core_q) begin
      heart_q <= '0;
    end else begin
      heart_q <= heart_q + 1'b1;
    end
  end

  assign heartbeat_o = heart_q[HeartW-1];

endmodule
