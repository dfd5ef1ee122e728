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
  /// 1: the store-and-forward engines and schedules (do not fit this
  /// device at Dim = 3: docs/fpga.md); their geometry; the program's words.
  parameter bit               SfEnable     = 1'b0,
  parameter int unsigned      BankAW       = 4,
  parameter int unsigned      SegAW        = 3,
  parameter int unsigned      DescAW       = 2,
  /// 1 (with SfEnable): the programmed store-and-forward node (hc_selftest).
  parameter bit               SfProg       = 1'b0,
  parameter int unsigned      ProgDepth    = 16,
  /// 1: the self-test runs from the iCE40 PLL at ClkHz (dividers from
  /// icepll, rtl/fpga/synth_board.sh CLK_MHZ=); 0: from the 12 MHz oscillator.
  parameter bit               PllEnable    = 1'b0,
  parameter int unsigned      PllDivr      = 0,
  parameter int unsigned      PllDivf      = 79,
  parameter int unsigned      PllDivq      = 5,
  parameter int unsigned      PllFilter    = 1,
  /// The self-test's clock in Hz (12 MHz without the PLL); the UART's
  /// divisor follows it.
  parameter int unsigned      ClkHz        = 12_000_000,
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

  // The self-test's clock: the oscillator, or the PLL's output.
  logic clk, clk_ok;
  if (PllEnable) begin : gen_pll
    hc_pll #(
      .Pad         (1'b0),
      .Divr        (PllDivr),
      .Divf        (PllDivf),
      .Divq        (PllDivq),
      .FilterRange (PllFilter)
    ) u_pll (
      .clk_i,
      .clk_o    (clk),
      .locked_o (clk_ok)
    );
  end else begin : gen_osc
    assign clk    = clk_i;
    assign clk_ok = 1'b1;
  end

  hc_board_top #(
    .Dim          (Dim),
    .PayloadWidth (PayloadWidth),
    .BufDepth     (BufDepth),
    .InjDepth     (InjDepth),
    .CntWidth     (CntWidth),
    .SfEnable     (SfEnable),
    .BankAW       (BankAW),
    .SegAW        (SegAW),
    .DescAW       (DescAW),
    .SfProg       (SfProg),
    .ProgDepth    (ProgDepth),
    .ClkHz        (ClkHz),
    .TableDir     (TableDir)
  ) u_top (
    .clk_i       (clk),
    .clk_ok_i    (clk_ok),
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
