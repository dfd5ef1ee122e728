// A RAM with one write port and one synchronous read port, the shape of
// every FPGA block RAM (iCE40 SB_RAM40_4K, Xilinx/Intel simple dual port).
// A read and a write of the same address in one cycle return the old word
// (read before write), which is what docs/store_and_forward.md, section
// 7.2, and the C model assume. The output register always follows the read
// address: there is no read enable, so nothing depends on a hold behaviour
// that differs between RAM primitives. No reset: contents are only read
// after they were written.
module hc_ram_1r1w #(
  /// Bits per word.
  parameter int unsigned Width = 16,
  /// Address bits: 2^AddrW words.
  parameter int unsigned AddrW = 4
) (
  /// Clock, rising edge.
  input  logic             clk_i,
  /// Write wdata_i at waddr_i at the end of this cycle.
  input  logic             we_i,
  /// Write address.
  input  logic [AddrW-1:0] waddr_i,
  /// Word to write.
  input  logic [Width-1:0] wdata_i,
  /// Read address; the word appears on rdata_o in the next cycle.
  input  logic [AddrW-1:0] raddr_i,
  /// The word at the address read in the previous cycle.
  output logic [Width-1:0] rdata_o
);

  logic [Width-1:0] mem_q [1 << AddrW];
  logic [Width-1:0] rdata_q;

  assign rdata_o = rdata_q;

  always_ff @(posedge clk_i) begin
    if (we_i) begin
      mem_q[waddr_i] <= wdata_i;
    end
    rdata_q <= mem_q[raddr_i];
  end

endmodule
