// The configuration sequencer of the FPGA self-test (docs/fpga.md): it
// replays a program, a read-only table that rtl/fpga/gen/hc_fpga_gen.c
// writes from the C generators and loader (csim/hc_sfload.c), through the
// network's configuration port, the way a real design would load a
// schedule. One operation a word, one word a cycle while enabled:
//
//   END    the program is over (done_o; the program counter stays)
//   WRITE  a configuration write (cfg_we_o) of the word's fields
//   READ   a configuration read (cfg_re_o); the data, on cfg_rdata_i in
//          the next cycle, goes into a CRC-16 (polynomial 0x1021, initial
//          0xFFFF, the low Width bits of each word, most significant first)
//   WAIT   hold the word (wait_o) until resume_i: field 0 asks the self-test
//          for its mode-2 traffic run, field 1 for the wait for sf_done
//   CHECK  check_o for one cycle with crc_o (the CRC with the read data of
//          this cycle folded in) for the self-test to keep; the CRC starts
//          again
//
// An unknown operation (5..7) takes one idle cycle. Program word,
// 49 bits: {op[2:0], node[2:0], tgt[2:0], unit[3:0], idx[15:0],
// field[3:0], wdata[15:0]}; the write data is zero-extended to 32 bits,
// so synthesis keeps only the table bits the program uses. The table is
// read one word ahead (the memory's read address is the next program
// counter), so a block RAM with a registered output gives a word a cycle;
// rtl/fpga/gen/hc_fpga.c (hc_fpga_predict) is the C mirror.
module hc_cfg_seq #(
  /// Bits of a data word folded into the CRC (the network's payload width).
  parameter int unsigned      Width     = 8,
  /// Words of the program table.
  parameter int unsigned      ProgDepth = 16,
  /// The program file for $readmemh (hexadecimal, one word a line).
  parameter logic [8*160-1:0] MemFile   = "prog.hex"
) (
  /// Clock, rising edge.
  input  logic        clk_i,
  /// Asynchronous reset, active low: back to the first word, CRC initial.
  input  logic        rst_ni,
  /// Execute the word at the program counter this cycle.
  input  logic        enable_i,
  /// The WAIT in progress is over: go on with the next word.
  input  logic        resume_i,
  /// The program has reached END (while enabled).
  output logic        done_o,
  /// A WAIT is being executed; wait_kind_o is its field, wait_unit_o its unit.
  output logic        wait_o,
  /// The field of the WAIT (0: traffic run, 1: sf_done).
  output logic        wait_kind_o,
  /// The unit of the WAIT or CHECK (a store-and-forward case).
  output logic [3:0]  unit_o,
  /// A CHECK is executed this cycle.
  output logic        check_o,
  /// The CRC of the words read since the last CHECK, this cycle's included.
  output logic [15:0] crc_o,
  /// Configuration port: write this cycle.
  output logic        cfg_we_o,
  /// Configuration port: read this cycle.
  output logic        cfg_re_o,
  /// Configuration port: node, target, unit, index, field, write data.
  output logic [2:0]  cfg_node_o,
  output logic [2:0]  cfg_tgt_o,
  output logic [3:0]  cfg_unit_o,
  output logic [15:0] cfg_idx_o,
  output logic [3:0]  cfg_field_o,
  output logic [31:0] cfg_wdata_o,
  /// Configuration port: the data of the read of the previous cycle.
  input  logic [31:0] cfg_rdata_i
);

  /// Derived: word and address widths; operations; the CRC.
  localparam int unsigned ProgW = 49;
  localparam int unsigned AddrW = $clog2(ProgDepth);
  localparam logic [2:0]  OpEnd   = 3'd0;
  localparam logic [2:0]  OpWrite = 3'd1;
  localparam logic [2:0]  OpRead  = 3'd2;
  localparam logic [2:0]  OpWait  = 3'd3;
  localparam logic [2:0]  OpCheck = 3'd4;
  localparam logic [15:0] CrcPoly = 16'h1021;
  localparam logic [15:0] CrcInit = 16'hFFFF;

  if (Width < 1 || Width > 32) begin : gen_err_width
    $error("hc_cfg_seq: Width must be 1..32");
  end

  logic [ProgW-1:0] rom [ProgDepth];
  logic [ProgW-1:0] word_q;
  logic [AddrW-1:0] pc_q, pc_d;
  logic [2:0]       op;
  logic             advance, rd_pend_q;
  logic [15:0]      crc_q, crc_next;

  initial begin
    $readmemh(MemFile, rom);
  end

  assign op = word_q[48:46];

  // Every operation but END and WAIT takes one cycle; WAIT ends on resume.
  always_comb begin
    advance = 1'b0;
    if (enable_i) begin
      if (op == OpWait) begin
        advance = resume_i;
      end else if (op != OpEnd) begin
        advance = 1'b1;
      end
    end
  end
  assign pc_d = pc_q + AddrW'(advance);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pc_q <= '0;
    end else begin
      pc_q <= pc_d;
    end
  end

  // The block RAM read port (no reset: it holds program data only).
  always_ff @(posedge clk_i) begin
    word_q <= rom[pc_d];
  end

  assign done_o      = enable_i && (op == OpEnd);
  assign wait_o      = enable_i && (op == OpWait);
  assign wait_kind_o = word_q[16];
  assign unit_o      = word_q[39:36];
  assign check_o     = enable_i && (op == OpCheck);
  assign cfg_we_o    = enable_i && (op == OpWrite);
  assign cfg_re_o    = enable_i && (op == OpRead);
  assign cfg_node_o  = word_q[45:43];
  assign cfg_tgt_o   = word_q[42:40];
  assign cfg_unit_o  = word_q[39:36];
  assign cfg_idx_o   = word_q[35:20];
  assign cfg_field_o = word_q[19:16];
  assign cfg_wdata_o = {16'h0000, word_q[15:0]};

  // The read data of the last cycle's READ into the CRC.
  always_comb begin
    logic fb;
    fb       = 1'b0;
    crc_next = crc_q;
    if (rd_pend_q) begin
      for (int i = Width - 1; i >= 0; i--) begin
        fb       = crc_next[15] ^ cfg_rdata_i[i];
        crc_next = {crc_next[14:0], 1'b0} ^ (fb ? CrcPoly : 16'h0000);
      end
    end
  end
  assign crc_o = crc_next;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_pend_q <= 1'b0;
      crc_q     <= CrcInit;
    end else begin
      rd_pend_q <= cfg_re_o;
      crc_q     <= check_o ? CrcInit : crc_next;
    end
  end

  // Only the low Width bits of read data count.
  logic unused_seq;
  assign unused_seq = ^{cfg_rdata_i};

endmodule
