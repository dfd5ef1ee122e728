// The optional PLL of the FPGA board tops (docs/fpga.md, "Clock"): the
// iCE40's PLL turns the 12 MHz board oscillator into the clock the
// self-test runs at, with the dividers rtl/fpga/synth_board.sh takes from
// icepll for CLK_MHZ= (F_out = 12 MHz * (DIVF + 1) / ((DIVR + 1) * 2^DIVQ),
// simple feedback). Pad selects SB_PLL40_PAD (the iCEBreaker's clock pin
// 35 is the PLL's own pad) or SB_PLL40_CORE fed from the global clock
// network (the HX8K breakout's ball J3). In simulation (no SYNTHESIS) the
// clock passes through: the Verilator test runs the self-test at the
// clock it is told, the PLL being the vendor's. The design is held in
// reset until the PLL locks (locked_o).
// The dividers reach only the vendor's cell, which simulation does not have.
/* verilator lint_off UNUSEDPARAM */
module hc_pll #(
  /// 1: SB_PLL40_PAD, 0: SB_PLL40_CORE.
  parameter bit          Pad         = 1'b0,
  /// icepll's dividers and loop filter range.
  parameter int unsigned Divr        = 0,
  parameter int unsigned Divf        = 79,
  parameter int unsigned Divq        = 5,
  parameter int unsigned FilterRange = 1
) (
/* verilator lint_on UNUSEDPARAM */
  /// The board oscillator.
  input  logic clk_i,
  /// The PLL output: the self-test's clock.
  output logic clk_o,
  /// The PLL has locked.
  output logic locked_o
);

`ifdef SYNTHESIS
  if (Pad) begin : gen_pad
    SB_PLL40_PAD #(
      .FEEDBACK_PATH ("SIMPLE"),
      .DIVR          (4'(Divr)),
      .DIVF          (7'(Divf)),
      .DIVQ          (3'(Divq)),
      .FILTER_RANGE  (3'(FilterRange))
    ) u_pll (
      .PACKAGEPIN    (clk_i),
      .PLLOUTGLOBAL  (clk_o),
      .LOCK          (locked_o),
      .RESETB        (1'b1),
      .BYPASS        (1'b0)
    );
  end else begin : gen_core
    SB_PLL40_CORE #(
      .FEEDBACK_PATH ("SIMPLE"),
      .DIVR          (4'(Divr)),
      .DIVF          (7'(Divf)),
      .DIVQ          (3'(Divq)),
      .FILTER_RANGE  (3'(FilterRange))
    ) u_pll (
      .REFERENCECLK  (clk_i),
      .PLLOUTGLOBAL  (clk_o),
      .LOCK          (locked_o),
      .RESETB        (1'b1),
      .BYPASS        (1'b0)
    );
  end
`else
  assign clk_o    = clk_i;
  assign locked_o = 1'b1;
`endif

endmodule
