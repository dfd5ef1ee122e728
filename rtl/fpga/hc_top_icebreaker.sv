// The FPGA self-test on the iCEBreaker board (iCE40UP5K-SG48, 12 MHz
// clock): hc_board_top with this board's defaults, pins named in
// constraints/icebreaker.pcf. The red and green LEDs of the main board
// (active low) show fail and pass; the LEDs of the snap-off PMOD 2 board
// show running, pass, fail and the heartbeat. The user button (BTN_N)
// resets and re-runs the test, as does any key typed in the terminal.
// The defaults are what fits the UP5K's 5280 logic cells with the whole
// 3-cube: 6-bit flits (4 payload bits), 1-flit buffers and injection
// queues (the links then run at half rate), and only the max-waiting
// counters read; see docs/fpga.md.
module hc_top_icebreaker #(
  /// Cube dimension.
  parameter int unsigned      Dim          = 3,
  /// Flit payload bits.
  parameter int unsigned      PayloadWidth = 4,
  /// Flits per router input buffer.
  parameter int unsigned      BufDepth     = 1,
  /// Flits per injection queue.
  parameter int unsigned      InjDepth     = 1,
  /// Bits of the blocked-cycles counters read (0: max-waiting only).
  parameter int unsigned      CntWidth     = 0,
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
  /// 12 MHz oscillator (pin 35).
  input  logic       clk_i,
  /// User button BTN_N, active low (pin 10).
  input  logic       btn_ni,
  /// FTDI UART, FPGA receive (pin 6).
  input  logic       uart_rx_i,
  /// FTDI UART, FPGA transmit (pin 9).
  output logic       uart_tx_o,
  /// Red LED LEDR_N, active low: fail (pin 11).
  output logic       led_red_no,
  /// Green LED LEDG_N, active low: pass (pin 37).
  output logic       led_green_no,
  /// PMOD 2 LEDs LED1..LED5, active high: running, pass, fail, off,
  /// heartbeat.
  output logic [4:0] pmod2_led_o
);

  logic running, pass, fail, heartbeat;

  // The self-test's clock: the oscillator, or the PLL's output.
  logic clk, clk_ok;
  if (PllEnable) begin : gen_pll
    hc_pll #(
      .Pad         (1'b1),
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
    .btn_ni,
    .uart_rx_i,
    .uart_tx_o,
    .running_o   (running),
    .pass_o      (pass),
    .fail_o      (fail),
    .heartbeat_o (heartbeat)
  );

  assign led_red_no   = !fail;
  assign led_green_no = !pass;
  assign pmod2_led_o  = {heartbeat, 1'b0, fail, pass, running};

endmodule
