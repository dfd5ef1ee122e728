// The FPGA self-test on the Lattice iCE40-HX8K breakout board
// (iCE40HX8K-CT256, 12 MHz clock): hc_board_top with this board's
// defaults, pins named in constraints/hx8k.pcf. The board has no user
// button: the test runs at power-up and again whenever a key is typed in
// the terminal (the UART receive line goes low). Of the eight LEDs D2..D9,
// D2 shows running, D3 pass, D4 fail and D9 the heartbeat. The defaults
// are what fits the HX8K's 7680 logic cells: the 3-cube with 10-bit flits,
// 2-flit buffers and injection queues, 10-bit blocked counters.
module hc_top_hx8k #(
  /// Cube dimension.
  parameter int unsigned      Dim          = 3,
  /// Flit payload bits.
  parameter int unsigned      PayloadWidth = 8,
  /// Flits per router input buffer.
  parameter int unsigned      BufDepth     = 2,
  /// Flits per injection queue.
  parameter int unsigned      InjDepth     = 2,
  /// Bits of the blocked-cycles counters read (0: max-waiting only).
  parameter int unsigned      CntWidth     = 10,
  /// Directory of the table files.
  parameter logic [8*128-1:0] TableDir     = "build/fpga/tables"
) (
  /// 12 MHz oscillator (ball J3).
  input  logic       clk_i,
  /// FTDI UART (channel B), FPGA receive (ball B10).
  input  logic       uart_rx_i,
  /// FTDI UART (channel B), FPGA transmit (ball B12).
  output logic       uart_tx_o,
  /// LEDs D2..D9, active high.
  output logic [7:0] led_o
);

  logic running, pass, fail, heartbeat;

  hc_board_top #(
    .Dim          (Dim),
    .PayloadWidth (PayloadWidth),
    .BufDepth     (BufDepth),
    .InjDepth     (InjDepth),
    .CntWidth     (CntWidth),
    .ClkHz        (12_000_000),
    .TableDir     (TableDir)
  ) u_top (
    .clk_i,
    .btn_ni      (1'b1),
    .uart_rx_i,
    .uart_tx_o,
    .running_o   (running),
    .pass_o      (pass),
    .fail_o      (fail),
    .heartbeat_o (heartbeat)
  );

  assign led_o = {heartbeat, 4'b0000, fail, pass, running};

endmodule
