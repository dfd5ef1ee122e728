// A RAM with one write port and one synchronous read port, the shape of
// every FPGA block RAM (iCE40 SB_RAM40_4K, Xilinx/Intel simple dual port).
// A read and a write of the same address in one cycle return the old word
// (read before write), which is what docs/store_and_forward.md, section
// 7.2, and the C model assume. The output register always follows the read
// address: there is no read enable, so nothing depends on a hold behaviour
// that differs between RAM primitives. No reset: contents are only read
// after they were written. With Lanes > 1 a word is Lanes lanes of
// Width/Lanes bits, each with its own write enable (a block RAM's write
// mask: iCE40 SB_RAM40_4K MASK, Xilinx/Intel byte enables); a write changes
// only the lanes enabled, a read returns the whole word.
module hc_ram_1r1w #(
  /// Bits per word.
  parameter int unsigned Width = 16,
  /// Address bits: 2^AddrW words.
  parameter int unsigned AddrW = 4,
  /// Write lanes per word (Width a multiple of it).
  parameter int unsigned Lanes = 1
) (
  /// Clock, rising edge.
  input  logic             clk_i,
  /// Per lane: write its bits of wdata_i at waddr_i at the end of this cycle.
  input  logic [Lanes-1:0] we_i,
  /// Write address.
  input  logic [AddrW-1:0] waddr_i,
  /// Word to write.
  input  logic [Width-1:0] wdata_i,
  /// Read address; the word appears on rdata_o in the next cycle.
  input  logic [AddrW-1:0] raddr_i,
  /// The word at the address read in the previous cycle.
  output logic [Width-1:0] rdata_o
);

  /// Derived: bits per lane.
  localparam int unsigned LaneW = Width / Lanes;

  if (Lanes < 1 || Width % Lanes != 0) begin : gen_err_lanes
    $error("hc_ram_1r1w: Width must be a multiple of Lanes (at least 1)");
  end

  logic [Width-1:0] mem_q [1 << AddrW];
  logic [Width-1:0] rdata_q;

  assign rdata_o = rdata_q;

  always_ff @(posedge clk_i) begin
    for (int unsigned l = 0; l < Lanes; l++) begin
      if (we_i[l]) begin
        mem_q[waddr_i][l*LaneW +: LaneW] <= wdata_i[l*LaneW +: LaneW];
      end
    end
    rdata_q <= mem_q[raddr_i];
  end

endmodule
