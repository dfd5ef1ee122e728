// A UART transmitter, 8 data bits, no parity, one stop bit (8N1), least
// significant bit first, for the self-test report of the FPGA boards
// (docs/fpga.md). A byte is taken with a valid/ready handshake; the line
// idles high. The bit time is ClkHz / Baud clock cycles rounded to the
// nearest integer: 104 cycles at 12 MHz and 115200 baud, 0.16 % slow, well
// inside what a receiver tolerates.
module hc_uart_tx #(
  /// Clock frequency in Hz.
  parameter int unsigned ClkHz = 12_000_000,
  /// Line rate in bits per second.
  parameter int unsigned Baud  = 115_200
) (
  /// Clock, rising edge.
  input  logic       clk_i,
  /// Asynchronous reset, active low: abandons a byte, line idle.
  input  logic       rst_ni,
  /// A byte is offered.
  input  logic       valid_i,
  /// The offered byte.
  input  logic [7:0] data_i,
  /// The transmitter takes the offered byte this cycle (it is idle).
  output logic       ready_o,
  /// Serial output, idle high.
  output logic       tx_o
);

  /// Derived: clock cycles per bit, and the width of its counter.
  localparam int unsigned Div  = (ClkHz + Baud / 2) / Baud;
  localparam int unsigned DivW = $clog2(Div);

  // shift_q holds {stop, data, start} still to send, LSB on the line;
  // bits_q counts the bits left of the frame (0: idle).
  logic [9:0]      shift_q, shift_d;
  logic [3:0]      bits_q, bits_d;
  logic [DivW-1:0] tick_q, tick_d;

  assign ready_o = (bits_q == '0);
  assign tx_o    = (bits_q == '0) ? 1'b1 : shift_q[0];

  always_comb begin
    shift_d = shift_q;
    bits_d  = bits_q;
    tick_d  = tick_q;
    if (bits_q == '0) begin
      if (valid_i) begin
        shift_d = {1'b1, data_i, 1'b0};
        bits_d  = 4'd10;
        tick_d  = DivW'(Div - 1);
      end
    end else if (tick_q == '0) begin
      shift_d = {1'b1, shift_q[9:1]};
      bits_d  = bits_q - 1'b1;
      tick_d  = DivW'(Div - 1);
    end else begin
      tick_d = tick_q - 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      shift_q <= '1;
      bits_q  <= '0;
      tick_q  <= '0;
    end else begin
      shift_q <= shift_d;
      bits_q  <= bits_d;
      tick_q  <= tick_d;
    end
  end

  // Parameter range, checked at elaboration by Verilator and yosys alike.
  if (Div < 2) begin : gen_err_div
    $error("hc_uart_tx: ClkHz / Baud must be at least 2");
  end

endmodule
