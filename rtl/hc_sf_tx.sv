// The TX engine of one outgoing link in the scheduled store-and-forward
// mode (docs/store_and_forward.md, section 7.4). It walks its link's packet
// list in order: a packet starts in the first cycle in which the link is
// free and the node's RX engines have completed enough packets (the
// readiness thresholds need[j] of the packet), stays busy for exactly
// beta + words cycles, and streams its words from the banked memory, one per
// cycle, gathered segment by segment. There are no headers: the receiver
// knows from its own table what arrives. The descriptor and segment tables
// are written through the configuration port. A gather segment reads one
// bank (plain) or combines the words of several banks at one offset (add or
// OR, hc_sf_comb: a combined word's shares, section 7.2) in the same cycle.
//
// Timing from the start decision in cycle t: words are read in cycles
// t+beta-2 .. t+beta+m-3 (RAM output one cycle later) and cross the link
// register in cycles t+beta .. t+beta+m-1, the last busy cycle; hence
// beta_min = 3 (decision, RAM read, link register).
module hc_sf_tx #(
  /// Cube dimension: number of RX done counters to compare.
  parameter int unsigned Dim      = 4,
  /// Bits per data word.
  parameter int unsigned Width    = 16,
  /// Address bits of a memory bank.
  parameter int unsigned BankAW   = 11,
  /// Address bits of the gather segment table.
  parameter int unsigned SegAW    = 10,
  /// Address bits of the packet descriptor table.
  parameter int unsigned DescAW   = 6,
  /// Bits of each counter, 0..32 (0: none, read as 0); the read port
  /// zero-extends.
  parameter int unsigned CntWidth = 32
) (
  /// Clock, rising edge.
  input  logic                       clk_i,
  /// Asynchronous reset, active low (tables are not reset).
  input  logic                       rst_ni,
  /// Start of a run: clear all engine state at the end of this cycle.
  input  logic                       clear_i,
  /// Running in mode 1: packets may start.
  input  logic                       go_i,
  /// Start-up cycles per packet, at least 3.
  input  logic [15:0]                beta_i,
  /// Configuration write for this engine (node and link already matched).
  input  logic                       cfg_we_i,
  /// Configuration target (hc_pkg::TgtTxDesc, TgtGseg, TgtCount).
  input  logic [2:0]                 cfg_tgt_i,
  /// Table index.
  input  logic [15:0]                cfg_idx_i,
  /// Field of the entry.
  input  logic [3:0]                 cfg_field_i,
  /// Value written.
  /* verilator lint_off UNUSEDSIGNAL */ // only the low bits of a field are kept
  input  logic [31:0]                cfg_wdata_i,
  /* verilator lint_on UNUSEDSIGNAL */
  /// The node's RX done counters, link j at [j*(DescAW+1) +: DescAW+1].
  input  logic [Dim*(DescAW+1)-1:0]  done_i,
  /// Read the banks this cycle.
  output logic                       rd_o,
  /// Banks read (bit b: bank b), valid with rd_o.
  output logic [Dim:0]               rd_mask_o,
  /// Offset read in every bank (the bank is chosen at the output).
  output logic [BankAW-1:0]          rd_addr_o,
  /// This engine's copies of banks 0..Dim: word read in the previous cycle.
  input  logic [(Dim+1)*Width-1:0]   rdata_i,
  /// Link register: a word crosses the link this cycle.
  output logic                       link_valid_o,
  /// Link register: the word, 0 when none.
  output logic [Width-1:0]           link_word_o,
  /// The link is busy this cycle (a packet holds it or starts in it).
  output logic                       busy_o,
  /// Every packet of the list has started and the last one has ended.
  output logic                       finished_o,
  /// Counter to show (hc_pkg::CntSf*); others read 0.
  input  logic [2:0]                 cnt_id_i,
  /// The selected counter.
  output logic [31:0]                cnt_o
);

  /// Derived: table sizes and field widths (section 7.2).
  localparam int unsigned DescN = 1 << DescAW;
  localparam int unsigned SegN  = 1 << SegAW;
  localparam int unsigned CntW  = DescAW + 1;
  localparam int unsigned LenW  = 16;
  localparam int unsigned RemW  = LenW + 1;
  localparam int unsigned Banks = Dim + 1;
  /// Derived: the counters are built (CntWidth > 0), and their width
  /// (at least 1 for the declarations; held at 0 without counters).
  localparam bit          HasCnt = (CntWidth > 0);
  localparam int unsigned SumW   = HasCnt ? CntWidth : 1;

  // Tables, written only through the configuration port, never reset.
  logic [LenW-1:0]     desc_words_q [DescN];
  logic [BankAW-1:0]   seg_off_q    [SegN];
  logic [LenW-1:0]     seg_len_q    [SegN];
  logic [Banks-1:0]    seg_mask_q   [SegN];
  logic [1:0]          seg_op_q     [SegN];
  logic [CntW-1:0]     npkt_q;
  logic [Dim*CntW-1:0] need_rd;

  // Engine state.
  logic [CntW-1:0]     pos_q, pos_d;
  logic                busy_q, busy_d;
  logic [RemW-1:0]     rem_q, rem_d;
  logic [LenW-1:0]     words_q, words_d;
  logic [SegAW:0]      gidx_q, gidx_d;
  logic [LenW-1:0]     goff_q, goff_d;
  logic                rv_q, rv_d;
  logic [Banks-1:0]    rmask_q, rmask_d;
  logic [1:0]          rop_q, rop_d;
  logic                lv_q, lv_d;
  logic [Width-1:0]    lw_q, lw_d;
  logic [SumW-1:0]     cnt_pkts_q, cnt_pkts_d, cnt_busy_q, cnt_busy_d, cnt_words_q, cnt_words_d;

  // The current descriptor and segment; an index beyond a table reads as an
  // all-zero entry (only a bad table gets there).
  logic [LenW-1:0]     cur_words;
  logic [Dim*CntW-1:0] cur_need;
  logic [BankAW-1:0]   cur_off;
  logic [LenW-1:0]     cur_len;
  logic [Banks-1:0]    cur_mask;
  logic [1:0]          cur_op;
  logic                ready, start_now, rd;
  logic                desc_we, seg_we;

  always_comb begin
    cur_words = '0;
    cur_need  = '0;
    if ((pos_q >> DescAW) == '0) begin
      cur_words = desc_words_q[pos_q[DescAW-1:0]];
      cur_need  = need_rd;
    end
    cur_off  = '0;
    cur_len  = '0;
    cur_mask = '0;
    cur_op   = hc_pkg::CombPlain;
    if ((gidx_q >> SegAW) == '0) begin
      cur_off  = seg_off_q[gidx_q[SegAW-1:0]];
      cur_len  = seg_len_q[gidx_q[SegAW-1:0]];
      cur_mask = seg_mask_q[gidx_q[SegAW-1:0]];
      cur_op   = seg_op_q[gidx_q[SegAW-1:0]];
    end
  end

  always_comb begin
    ready = 1'b1;
    for (int unsigned j = 0; j < Dim; j++) begin
      if (done_i[j*CntW +: CntW] < cur_need[j*CntW +: CntW]) begin
        ready = 1'b0;
      end
    end
`ifdef HC_FAULT_sfready
    // Injected fault for the negative test of the assertions: a packet
    // starts as soon as its link is free, whether or not the words it
    // gathers have arrived.
    ready = 1'b1;
`endif
  end

  assign start_now = go_i && !busy_q && (pos_q < npkt_q) && ready;
  assign rd        = busy_q && (rem_q >= RemW'(2)) && (rem_q <= RemW'(words_q) + 1'b1);

  assign rd_o      = rd;
  assign rd_mask_o = cur_mask;
  assign rd_addr_o = cur_off + BankAW'(goff_q);

  // The word read in the previous cycle: the bank it was read from, or the
  // sum or OR of a combined word's shares.
  logic [Width-1:0] rword;
  hc_sf_comb #(
    .Banks (Banks),
    .Width (Width)
  ) u_comb (
    .op_i    (rop_q),
    .mask_i  (rmask_q),
    .rdata_i (rdata_i),
    .word_o  (rword)
  );

  always_comb begin
    pos_d   = pos_q;
    busy_d  = busy_q;
    rem_d   = rem_q;
    words_d = words_q;
    gidx_d  = gidx_q;
    goff_d  = goff_q;
    if (start_now) begin
      pos_d   = pos_q + 1'b1;
      busy_d  = 1'b1;
      rem_d   = RemW'(beta_i) + RemW'(cur_words) - RemW'(2);
      words_d = cur_words;
    end else if (busy_q) begin
      if (rem_q == '0) begin
        busy_d = 1'b0;
      end else begin
        rem_d = rem_q - 1'b1;
      end
    end
    if (rd) begin
      if (goff_q + 1'b1 == cur_len) begin
        goff_d = '0;
        gidx_d = gidx_q + 1'b1;
      end else begin
        goff_d = goff_q + 1'b1;
      end
    end
    rv_d        = rd;
    rmask_d     = cur_mask;
    rop_d       = cur_op;
    lv_d        = rv_q;
    lw_d        = rv_q ? rword : '0;
    cnt_pkts_d  = cnt_pkts_q + SumW'(start_now);
    cnt_busy_d  = cnt_busy_q + SumW'(busy_q || start_now);
    cnt_words_d = cnt_words_q + SumW'(lv_q);
    // A start clears the engine and its counters, whatever else happens.
    if (clear_i) begin
      pos_d       = '0;
      busy_d      = 1'b0;
      rem_d       = '0;
      words_d     = '0;
      gidx_d      = '0;
      goff_d      = '0;
      rv_d        = 1'b0;
      rmask_d     = '0;
      rop_d       = '0;
      lv_d        = 1'b0;
      lw_d        = '0;
      cnt_pkts_d  = '0;
      cnt_busy_d  = '0;
      cnt_words_d = '0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pos_q       <= '0;
      busy_q      <= 1'b0;
      rem_q       <= '0;
      words_q     <= '0;
      gidx_q      <= '0;
      goff_q      <= '0;
      rv_q        <= 1'b0;
      rmask_q     <= '0;
      rop_q       <= '0;
      lv_q        <= 1'b0;
      lw_q        <= '0;
      cnt_pkts_q  <= '0;
      cnt_busy_q  <= '0;
      cnt_words_q <= '0;
    end else begin
      pos_q       <= pos_d;
      busy_q      <= busy_d;
      rem_q       <= rem_d;
      words_q     <= words_d;
      gidx_q      <= gidx_d;
      goff_q      <= goff_d;
      rv_q        <= rv_d;
      rmask_q     <= rmask_d;
      rop_q       <= rop_d;
      lv_q        <= lv_d;
      lw_q        <= lw_d;
      cnt_pkts_q  <= HasCnt ? cnt_pkts_d : '0;
      cnt_busy_q  <= HasCnt ? cnt_busy_d : '0;
      cnt_words_q <= HasCnt ? cnt_words_d : '0;
    end
  end

  // Configuration writes into the tables; an index beyond a table is ignored.
  assign desc_we = cfg_we_i && (cfg_tgt_i == hc_pkg::TgtTxDesc) && ((cfg_idx_i >> DescAW) == '0);
  assign seg_we  = cfg_we_i && (cfg_tgt_i == hc_pkg::TgtGseg) && ((cfg_idx_i >> SegAW) == '0);

  // A bank number makes the segment plain: a one-hot mask (none beyond Dim).
  logic [Banks-1:0] wbank_mask;
  always_comb begin
    wbank_mask = '0;
    for (int unsigned b = 0; b < Banks; b++) begin
      if (cfg_wdata_i[3:0] == 4'(b)) begin
        wbank_mask[b] = 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (desc_we) begin
      if (cfg_field_i == hc_pkg::DescFieldWords) begin
        desc_words_q[cfg_idx_i[DescAW-1:0]] <= cfg_wdata_i[LenW-1:0];
      end
    end
    if (seg_we) begin
      unique case (cfg_field_i)
        hc_pkg::GsegFieldOff:  seg_off_q[cfg_idx_i[SegAW-1:0]]  <= cfg_wdata_i[BankAW-1:0];
        hc_pkg::GsegFieldLen:  seg_len_q[cfg_idx_i[SegAW-1:0]]  <= cfg_wdata_i[LenW-1:0];
        hc_pkg::GsegFieldBank: begin
          seg_mask_q[cfg_idx_i[SegAW-1:0]] <= wbank_mask;
          seg_op_q[cfg_idx_i[SegAW-1:0]]   <= hc_pkg::CombPlain;
        end
        hc_pkg::GsegFieldComb: begin
          seg_mask_q[cfg_idx_i[SegAW-1:0]] <= cfg_wdata_i[Banks-1:0];
          seg_op_q[cfg_idx_i[SegAW-1:0]]   <= cfg_wdata_i[hc_pkg::CombOpShift +: 2];
        end
        default: ;
      endcase
    end
  end

  // One threshold table per RX link, so that every write is a whole word of
  // one memory (field DescFieldNeed0 + j is need[j]).
  for (genvar j = 0; j < Dim; j++) begin : gen_need
    logic [CntW-1:0] need_q [DescN];
    assign need_rd[j*CntW +: CntW] = need_q[pos_q[DescAW-1:0]];
    always_ff @(posedge clk_i) begin
      if (desc_we && (cfg_field_i == hc_pkg::DescFieldNeed0 + 4'(j))) begin
        need_q[cfg_idx_i[DescAW-1:0]] <= cfg_wdata_i[CntW-1:0];
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      npkt_q <= '0;
    end else if (cfg_we_i && (cfg_tgt_i == hc_pkg::TgtCount) &&
                 (cfg_field_i == hc_pkg::CountFieldTx)) begin
      npkt_q <= cfg_wdata_i[CntW-1:0];
    end
  end

  assign link_valid_o = lv_q;
  assign link_word_o  = lw_q;
  assign busy_o       = busy_q || start_now;
  assign finished_o   = (pos_q == npkt_q) && !busy_q;

  always_comb begin
    cnt_o = '0;
    unique case (cnt_id_i)
      hc_pkg::CntSfPackets: cnt_o = 32'(cnt_pkts_q);
      hc_pkg::CntSfBusy:    cnt_o = 32'(cnt_busy_q);
      hc_pkg::CntSfWords:   cnt_o = 32'(cnt_words_q);
      default:              cnt_o = '0;
    endcase
  end

`ifndef SYNTHESIS
  // A gather segment reads at least one bank of this node: a bank number
  // beyond Dim or an empty mask reads nothing (only a bad table gets there).
  ReadBankExists: assert property (@(posedge clk_i) disable iff (!rst_ni)
      rd |-> (cur_mask != '0))
    else $error("hc_sf_tx: gather segment %0d reads no bank of %0d", gidx_q, Dim + 1);
  // A plain segment reads exactly one bank; a combining one a known op.
  ReadPlainOneBank: assert property (@(posedge clk_i) disable iff (!rst_ni)
      rd && (cur_op == hc_pkg::CombPlain) |-> $onehot0(cur_mask))
    else $error("hc_sf_tx: plain gather segment %0d reads several banks", gidx_q);
  ReadOpKnown: assert property (@(posedge clk_i) disable iff (!rst_ni)
      rd |-> (cur_op != 2'd3))
    else $error("hc_sf_tx: gather segment %0d has op 3", gidx_q);
  // A combining segment's mask names only banks this node has, and some.
  CombMaskInRange: assert property (@(posedge clk_i) disable iff (!rst_ni)
      seg_we && (cfg_field_i == hc_pkg::GsegFieldComb) |->
        ((cfg_wdata_i[15:0] >> Banks) == '0) && (cfg_wdata_i[Banks-1:0] != '0))
    else $error("hc_sf_tx: combining mask %0h for %0d banks", cfg_wdata_i[15:0], Banks);
  // The link has no backpressure: a word is on it only in the last words
  // cycles of a packet, so the engine is busy whenever its link is valid.
  LinkOnlyWhileBusy: assert property (@(posedge clk_i) disable iff (!rst_ni)
      lv_q |-> busy_q)
    else $error("hc_sf_tx: a word on the link outside a packet");
`endif

endmodule
