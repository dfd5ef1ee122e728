// A first-in first-out flit buffer with a registered occupancy count.
// `ready_o` (count < Depth) is taken from the count register alone, so a
// slot freed by a pop in cycle t is offered to the writer in cycle t+1: this
// keeps every ready path inside one flop-to-flop stage (see
// docs/microarchitecture.md, "Flow control"). No bypass: a word written at
// the end of cycle t is at the front at cycle t+1 at the earliest. The
// front of an empty buffer is whatever its slot last held: every reader
// looks at it only while !empty_o (zeroing it cost a LUT per bit).
module hc_fifo #(
  /// Bits per entry.
  parameter int unsigned Width = 18,
  /// Number of entries, at least 1.
  parameter int unsigned Depth = 2,
  /// 0: entries in flip-flops, the front read through a multiplexer; 1:
  /// entries in a memory with a registered read (block RAM on an FPGA),
  /// read one cycle ahead at the next read pointer, the word written in
  /// the same cycle forwarded: the same cycle behaviour, fewer logic cells.
  parameter bit          Ram   = 1'b0
) (
  /// Clock, rising edge.
  input  logic             clk_i,
  /// Asynchronous reset, active low: empties the buffer.
  input  logic             rst_ni,
  /// Write wdata_i at the end of this cycle; only while ready_o.
  input  logic             push_i,
  /// Word to write.
  input  logic [Width-1:0] wdata_i,
  /// Remove the front entry at the end of this cycle; only while !empty_o.
  input  logic             pop_i,
  /// The front (oldest) entry; meaningless when empty.
  output logic [Width-1:0] rdata_o,
  /// No entry stored.
  output logic             empty_o,
  /// Fewer than Depth entries stored (registered count).
  output logic             ready_o
);

  /// Derived: pointer and count widths.
  localparam int unsigned PtrW = (Depth > 1) ? $clog2(Depth) : 1;
  localparam int unsigned CntW = $clog2(Depth + 1);
  localparam logic [PtrW-1:0] LastPtr = PtrW'(Depth - 1);

  // Parameter ranges, checked at elaboration by Verilator and yosys alike.
  if (Width < 1 || Depth < 1) begin : gen_err_size
    $error("hc_fifo: Width and Depth must be at least 1");
  end

  // The entries of the flip-flop buffer (Ram = 0; unused with Ram = 1,
  // whose memory is gen_ram.ram_q).
  /* verilator lint_off UNUSEDSIGNAL */
  /* verilator lint_off UNDRIVEN */
  logic [Width-1:0] mem_q [Depth];
  /* verilator lint_on UNDRIVEN */
  /* verilator lint_on UNUSEDSIGNAL */
  logic [PtrW-1:0]  rd_ptr_q, rd_ptr_d, wr_ptr_q, wr_ptr_d;
  logic [CntW-1:0]  count_q, count_d;

  assign empty_o = (count_q == '0);
`ifdef HC_FAULT_fifoready
  // Injected fault for the negative test of the assertions (tools/
  // run_tests.sh builds a configuration with it): the buffer claims room
  // when full, so an upstream router or NI pushes into a full buffer.
  assign ready_o = 1'b1;
`else
  assign ready_o = (count_q != CntW'(Depth));
`endif
  if (Ram) begin : gen_ram
    // The read of cycle t is the front of cycle t+1: at the next read
    // pointer, and the word being written there if it is (a transparent
    // read, which synthesis builds from a block RAM and a bypass). The
    // attribute keeps yosys from building so small a memory in logic.
    (* ram_style = "block" *) logic [Width-1:0] ram_q [Depth];
    logic [Width-1:0] front_q;
    always_ff @(posedge clk_i) begin
      if (push_i) begin
        ram_q[wr_ptr_q] <= wdata_i;
      end
      front_q <= (push_i && wr_ptr_q == rd_ptr_d) ? wdata_i : ram_q[rd_ptr_d];
    end
    assign rdata_o = front_q;
  end else begin : gen_ff
    assign rdata_o = mem_q[rd_ptr_q];
  end

  always_comb begin
    rd_ptr_d = rd_ptr_q;
    wr_ptr_d = wr_ptr_q;
    count_d  = count_q;
    if (push_i) begin
      wr_ptr_d = (wr_ptr_q == LastPtr) ? '0 : wr_ptr_q + 1'b1;
    end
    if (pop_i) begin
      rd_ptr_d = (rd_ptr_q == LastPtr) ? '0 : rd_ptr_q + 1'b1;
    end
    // (An if, not a unique case on {push_i, pop_i}: the two items are
    // distinct constants, so the uniqueness check that --assert adds to
    // a unique case could never fire, and the simulation evaluated it in
    // every settling of every buffer; docs/performance.md, fifth pass.)
    if (push_i && !pop_i) begin
      count_d = count_q + 1'b1;
    end else if (pop_i && !push_i) begin
      count_d = count_q - 1'b1;
    end
`ifdef HC_FAULT_fifodrop
    // Injected fault for the formal proofs (make formal): the word pushed
    // in a cycle in which the front pops is dropped.
    if (push_i && pop_i) begin
      wr_ptr_d = wr_ptr_q;
      count_d  = count_q - 1'b1;
    end
`endif
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_ptr_q <= '0;
      wr_ptr_q <= '0;
      // Injected fault for the randomised-reset test (_X builds): without
      // this reset the count starts at whatever the flop powers up with,
      // 0 under --x-initial fast, so only random initial values show it.
`ifndef HC_FAULT_norst
      count_q  <= '0;
`endif
    end else begin
      rd_ptr_q <= rd_ptr_d;
      wr_ptr_q <= wr_ptr_d;
      count_q  <= count_d;
    end
  end

  // The storage has no reset: its contents are only read while counted.
  if (!Ram) begin : gen_ff_write
    always_ff @(posedge clk_i) begin
`ifdef HC_FAULT_fifodrop
      if (push_i && !pop_i) begin
`else
      if (push_i) begin
`endif
        mem_q[wr_ptr_q] <= wdata_i;
      end
    end
  end

`ifndef SYNTHESIS
  // Writers must respect ready_o, readers empty_o.
  PushWhileFull: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(push_i && !ready_o)) else $error("hc_fifo: push while full");
  PopWhileEmpty: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(pop_i && empty_o)) else $error("hc_fifo: pop while empty");
  // No word is lost: checked on the count register itself, not on ready_o,
  // so that a wrong ready_o is caught as well.
  NoOverflow: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (push_i && !pop_i) |-> (count_q < CntW'(Depth)))
    else $error("hc_fifo: push into a full buffer (%0d of %0d entries)", count_q, Depth);
`endif

endmodule
