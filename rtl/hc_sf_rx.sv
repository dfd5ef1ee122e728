// The RX engine of one incoming link in the scheduled store-and-forward
// mode (docs/store_and_forward.md, section 7.4). Packets carry no header:
// the engine walks its own scatter table, which lists, in the order the
// sender's TX engine sends them, where each word lands in this link's
// memory bank, and marks the last segment of every packet. When the last
// word of a packet is written, `done` counts it; the node's TX engines use
// the counts as their readiness test, so a word is never read before the
// whole packet that brings it is in (store-and-forward).
module hc_sf_rx #(
  /// Bits per data word.
  parameter int unsigned Width  = 16,
  /// Address bits of a memory bank.
  parameter int unsigned BankAW = 11,
  /// Address bits of the scatter segment table.
  parameter int unsigned SegAW  = 10,
  /// Address bits of the sender's descriptor table (sets the done width).
  parameter int unsigned DescAW = 6
) (
  /// Clock, rising edge.
  input  logic                clk_i,
  /// Asynchronous reset, active low (tables are not reset).
  input  logic                rst_ni,
  /// Start of a run: clear all engine state at the end of this cycle.
  input  logic                clear_i,
  /// Configuration write for this engine (node and link already matched).
  input  logic                cfg_we_i,
  /// Configuration target (hc_pkg::TgtSseg, TgtCount).
  input  logic [2:0]          cfg_tgt_i,
  /// Table index.
  input  logic [15:0]         cfg_idx_i,
  /// Field of the entry.
  input  logic [3:0]          cfg_field_i,
  /// Value written.
  /* verilator lint_off UNUSEDSIGNAL */ // only the low bits of a field are kept
  input  logic [31:0]         cfg_wdata_i,
  /* verilator lint_on UNUSEDSIGNAL */
  /// The sender's link register: a word arrives.
  input  logic                in_valid_i,
  /// The word.
  input  logic [Width-1:0]    in_word_i,
  /// Write wr_data_o at wr_addr_o into every copy of this link's bank.
  output logic                wr_o,
  /// Offset written.
  output logic [BankAW-1:0]   wr_addr_o,
  /// Word written.
  output logic [Width-1:0]    wr_data_o,
  /// Packets completely received since the start.
  output logic [DescAW:0]     done_o,
  /// Every segment of the table has been filled.
  output logic                complete_o
);

  /// Derived: table size, field widths.
  localparam int unsigned SegN = 1 << SegAW;
  localparam int unsigned LenW = 16;

  logic [BankAW-1:0] seg_off_q  [SegN];
  logic [LenW-1:0]   seg_len_q  [SegN];
  logic              seg_last_q [SegN];
  logic [SegAW:0]    nseg_q;

  logic [SegAW:0]    sidx_q, sidx_d;
  logic [LenW-1:0]   soff_q, soff_d;
  logic [DescAW:0]   done_q, done_d;

  logic [BankAW-1:0] cur_off;
  logic [LenW-1:0]   cur_len;
  logic              cur_last, wr, seg_we;

  // An index beyond the table reads as an all-zero entry.
  always_comb begin
    cur_off  = '0;
    cur_len  = '0;
    cur_last = 1'b0;
    if ((sidx_q >> SegAW) == '0) begin
      cur_off  = seg_off_q[sidx_q[SegAW-1:0]];
      cur_len  = seg_len_q[sidx_q[SegAW-1:0]];
      cur_last = seg_last_q[sidx_q[SegAW-1:0]];
    end
  end

  assign wr = in_valid_i && (sidx_q < nseg_q);

  always_comb begin
    sidx_d = sidx_q;
    soff_d = soff_q;
    done_d = done_q;
    if (wr) begin
      if (soff_q + 1'b1 == cur_len) begin
        soff_d = '0;
        sidx_d = sidx_q + 1'b1;
        if (cur_last) begin
          done_d = done_q + 1'b1;
        end
      end else begin
        soff_d = soff_q + 1'b1;
      end
    end
    // A start clears the engine.
    if (clear_i) begin
      sidx_d = '0;
      soff_d = '0;
      done_d = '0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sidx_q <= '0;
      soff_q <= '0;
      done_q <= '0;
    end else begin
      sidx_q <= sidx_d;
      soff_q <= soff_d;
      done_q <= done_d;
    end
  end

  assign seg_we = cfg_we_i && (cfg_tgt_i == hc_pkg::TgtSseg) && ((cfg_idx_i >> SegAW) == '0);

  always_ff @(posedge clk_i) begin
    if (seg_we) begin
      unique case (cfg_field_i)
        hc_pkg::SsegFieldOff:  seg_off_q[cfg_idx_i[SegAW-1:0]]  <= cfg_wdata_i[BankAW-1:0];
        hc_pkg::SsegFieldLen:  seg_len_q[cfg_idx_i[SegAW-1:0]]  <= cfg_wdata_i[LenW-1:0];
        hc_pkg::SsegFieldLast: seg_last_q[cfg_idx_i[SegAW-1:0]] <= cfg_wdata_i[0];
        default: ;
      endcase
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      nseg_q <= '0;
    end else if (cfg_we_i && (cfg_tgt_i == hc_pkg::TgtCount) &&
                 (cfg_field_i == hc_pkg::CountFieldRx)) begin
      nseg_q <= cfg_wdata_i[SegAW:0];
    end
  end

  assign wr_o       = wr;
`ifdef HC_FAULT_rxaddr
  // Injected fault for the formal proofs (make formal): the segment's
  // offset is ignored, every segment lands at the start of the bank.
  assign wr_addr_o  = BankAW'(soff_q);
`else
  assign wr_addr_o  = cur_off + BankAW'(soff_q);
`endif
  assign wr_data_o  = in_word_i;
  assign done_o     = done_q;
  assign complete_o = (sidx_q == nseg_q);

`ifndef SYNTHESIS
  // The link has no backpressure, so every word that arrives must have a
  // place: the sender's schedule and this scatter table agree (a word with
  // no segment left is dropped, which only a bad table makes happen).
  WordHasSegment: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (in_valid_i && !clear_i) |-> (sidx_q < nseg_q))
    else $error("hc_sf_rx: a word arrives after the last scatter segment (%0d)", nseg_q);
`endif

endmodule
