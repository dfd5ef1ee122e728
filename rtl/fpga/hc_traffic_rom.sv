// The traffic source of one node of the FPGA self-test: a read-only table
// of the flits this node sends, in the order it sends them, loaded from a
// memory-initialisation file that rtl/fpga/gen/hc_fpga_gen.c writes from the
// project's traffic generators (tb/driver/hc_traffic.c) and message format
// (tb/driver/hc_driver.c). It behaves like the testbench driver's send queue: in a
// run cycle the front flit is offered whenever the network interface is
// ready, except that a head (HEAD or SINGLE) waits until its message's
// creation cycle. So the board replays, cycle for cycle, the run that the C
// model predicts for the same table.
//
// Table word, RomW = 1 + TimeW + FlitW bits: {end, time, flit}. `end` marks
// the word after the last flit; `time` is the creation cycle of the message
// a head starts (ignored for other flits). A table has two sections, each
// closed by an end word: the flits of the wormhole run and those of the
// mode-2 run; next_i steps over the end word the source stands at, so that
// the second run starts where the first one stopped. The table is read one word ahead
// (the memory's read address is the next address), so a flit can be offered
// in every cycle from a block RAM with a registered output.
module hc_traffic_rom #(
  /// Flit width: payload plus two kind bits.
  parameter int unsigned     FlitW    = 10,
  /// Bits of a creation cycle.
  parameter int unsigned     TimeW    = 16,
  /// Words in the table (a power of two fits the block RAMs best).
  parameter int unsigned     RomDepth = 256,
  /// The table file for $readmemh (hexadecimal, one word a line).
  parameter logic [8*160-1:0] MemFile = "node00.hex"
) (
  /// Clock, rising edge.
  input  logic             clk_i,
  /// Asynchronous reset, active low: back to the first word.
  input  logic             rst_ni,
  /// The run is on: flits may be offered.
  input  logic             run_i,
  /// Step over the end word the source stands at (before the next run).
  input  logic             next_i,
  /// The current run cycle, saturated at all ones.
  input  logic [TimeW-1:0] cycle_i,
  /// The network interface accepts a flit (registered in the NI).
  input  logic             inj_ready_i,
  /// A flit is offered and taken this cycle.
  output logic             inj_valid_o,
  /// The offered flit.
  output logic [FlitW-1:0] inj_flit_o,
  /// The source stands at an end word: every flit of its section has been sent.
  output logic             done_o
);

  /// Derived: table word and address widths.
  localparam int unsigned RomW  = 1 + TimeW + FlitW;
  localparam int unsigned AddrW = $clog2(RomDepth);

  logic [RomW-1:0]  rom [RomDepth];
  logic [RomW-1:0]  word_q;
  logic [AddrW-1:0] addr_q, addr_d;
  logic             is_head, released;

  initial begin
    $readmemh(MemFile, rom);
  end

  // word_q always holds rom[addr_q]: the read address is the next address.
  assign is_head     = word_q[FlitW-2];  // HEAD and SINGLE have kind bit 0 set
  assign released    = !is_head || (word_q[FlitW +: TimeW] <= cycle_i);
  assign done_o      = word_q[RomW-1];
  assign inj_valid_o = run_i && !done_o && released && inj_ready_i;
  assign inj_flit_o  = word_q[FlitW-1:0];
  assign addr_d      = addr_q + AddrW'(inj_valid_o || (next_i && done_o));

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      addr_q <= '0;
    end else begin
      addr_q <= addr_d;
    end
  end

  // The block RAM read port (no reset: it holds table data only).
  always_ff @(posedge clk_i) begin
    word_q <= rom[addr_d];
  end

endmodule
