// One node's store-and-forward multiport engine (docs/store_and_forward.md,
// section 7): Dim TX engines (one per outgoing link), Dim RX engines (one
// per incoming link) and the node's data memory, organised so that all 2*Dim
// streams run at one word per cycle with no arbitration:
//
//   * Dim+1 banks by writer: bank j < Dim holds what incoming link j writes,
//     bank Dim (the own bank) what the configuration port loads. The loader
//     places every word by its (static) writer, which single assignment makes
//     possible.
//   * Every bank in Dim copies, copy i read only by TX engine i; a writer
//     writes all copies of its bank at once. Each copy is a plain 1-write,
//     1-read RAM (hc_ram_1r1w), the shape of any FPGA block RAM.
//
// The configuration port reads copy 0 of a bank (shared with TX engine 0,
// which wins: section 7.3) for the read-back of results, or several banks
// of copy 0 at one offset combined (target TgtComb: a combined word).
//
// SfMemTdm = 1 (the board's organisation, docs/store_and_forward.md,
// section 7.8) keeps the node's Dim+1 banks instead in ONE 1-read-1-write
// RAM of 2^BankAW words of Dim+1 lanes (lane b: bank b at that offset; a
// write enables one lane), clocked by mem_clk_i at Dim times the link clock
// clk_i, rising edges aligned (every Dim-th edge of mem_clk_i is an edge of
// clk_i). A link cycle (one clk_i period, one schedule cycle) has Dim memory
// clocks, phase 0 .. Dim-1; in phase k the RAM reads TX engine k's offset
// (all lanes: a combined word's shares come in one read) and writes RX
// engine k's word into lane k. The configuration port's own-bank write takes
// the write of every phase whose RX engine does not write; its read takes
// phase 0's read when TX engine 0 does not read. The row read in phase k is
// held (through a staging register for k < Dim-1) from memory phase 0 of
// the next link cycle to the end of it, so each engine sees at its link
// clock edge the row it read in the previous link cycle, as it sees its
// copies' output registers in the banked organisation: the cycle rule of
// section 7.4 holds counted in link cycles.
module hc_sf_node #(
  /// Cube dimension: links per node.
  parameter int unsigned Dim      = 4,
  /// Bits per data word.
  parameter int unsigned Width    = 16,
  /// Address bits of a memory bank.
  parameter int unsigned BankAW   = hc_pkg::BankAWDefault,
  /// Address bits of each engine's segment table.
  parameter int unsigned SegAW    = hc_pkg::SegAWDefault,
  /// Address bits of each TX engine's descriptor table.
  parameter int unsigned DescAW   = hc_pkg::DescAWDefault,
  /// Bits of each TX counter.
  parameter int unsigned CntWidth = 32,
  /// 1: the banks in one RAM clocked by mem_clk_i at Dim times clk_i
  /// (time-multiplexed, see above; Dim >= 2); 0: Dim copies of every bank.
  parameter bit          SfMemTdm = 1'b0
) (
  /// Clock, rising edge (the link clock).
  input  logic                  clk_i,
  /// With SfMemTdm: the memory clock, Dim rising edges per clk_i period,
  /// every Dim-th at a rising edge of clk_i. Unused otherwise.
  input  logic                  mem_clk_i,
  /// Asynchronous reset, active low.
  input  logic                  rst_ni,
  /// Start of a run: clear every engine at the end of this cycle.
  input  logic                  clear_i,
  /// Running in mode 1: packets may start.
  input  logic                  go_i,
  /// Start-up cycles per packet.
  input  logic [15:0]           beta_i,
  /// Configuration write addressed to this node.
  input  logic                  cfg_we_i,
  /// Configuration read addressed to this node.
  input  logic                  cfg_re_i,
  /// Configuration target (hc_pkg::Tgt*).
  input  logic [2:0]            cfg_tgt_i,
  /// Link or bank number.
  input  logic [3:0]            cfg_unit_i,
  /// Table index or bank offset.
  input  logic [15:0]           cfg_idx_i,
  /// Field of a table entry.
  input  logic [3:0]            cfg_field_i,
  /// Value written.
  input  logic [31:0]           cfg_wdata_i,
  /// Word read by a bank read in the previous cycle; 0 otherwise.
  output logic [31:0]           cfg_rdata_o,
  /// Incoming link j: the neighbour's TX engine j sends a word.
  input  logic [Dim-1:0]        in_valid_i,
  /// Incoming link j: the word, at [j*Width +: Width].
  input  logic [Dim*Width-1:0]  in_word_i,
  /// Outgoing link i: TX engine i's link register holds a word.
  output logic [Dim-1:0]        out_valid_o,
  /// Outgoing link i: the word, 0 when none.
  output logic [Dim*Width-1:0]  out_word_o,
  /// Outgoing link i is busy with a packet this cycle.
  output logic [Dim-1:0]        busy_o,
  /// Every TX engine has sent its list and every RX engine received its.
  output logic                  finished_o,
  /// Counter read port: link (Dim and above read 0).
  input  logic [3:0]            cnt_port_i,
  /// Counter read port: counter id (hc_pkg::CntSf*).
  input  logic [2:0]            cnt_id_i,
  /// Counter read port: the selected counter.
  output logic [31:0]           cnt_o
);

  /// Derived: banks, done-counter width.
  localparam int unsigned Banks = Dim + 1;
  localparam int unsigned CntW  = DescAW + 1;

  // Parameter ranges, checked at elaboration by Verilator and yosys alike.
  if (Dim < 1 || Dim > hc_pkg::DimMax) begin : gen_err_dim
    $error("hc_sf_node: Dim must be 1..15 (4-bit link and bank numbers)");
  end
  if (Width < 1 || Width > 32) begin : gen_err_width
    $error("hc_sf_node: Width must be 1..32 (32-bit configuration words)");
  end
  if (BankAW < hc_pkg::SfAWMin || BankAW > hc_pkg::SfAWMax || SegAW < hc_pkg::SfAWMin ||
      SegAW > hc_pkg::SfAWMax || DescAW < hc_pkg::SfAWMin || DescAW > hc_pkg::SfAWMax)
  begin : gen_err_geom
    $error("hc_sf_node: BankAW, SegAW and DescAW must be 1..16 (16-bit cfg_idx)");
  end
  if (CntWidth > 32) begin : gen_err_cnt
    $error("hc_sf_node: CntWidth must be 0..32 (0: no counters)");
  end
  if (SfMemTdm && Dim < 2) begin : gen_err_tdm
    $error("hc_sf_node: SfMemTdm needs Dim >= 2 (one memory clock a link cycle is the banked case)");
  end

  // Bank write ports: RX engine j writes bank j, the configuration port the
  // own bank.
  logic [Banks-1:0]        bank_we;
  logic [Banks*BankAW-1:0] bank_waddr;
  logic [Banks*Width-1:0]  bank_wdata;
  logic [Dim*CntW-1:0]     done;
  logic [Dim-1:0]          tx_finished, rx_complete;

  assign bank_we[Dim]                        = cfg_we_i && (cfg_tgt_i == hc_pkg::TgtBank) &&
                                               (cfg_unit_i == 4'(Dim)) &&
                                               ((cfg_idx_i >> BankAW) == '0);
  assign bank_waddr[Dim*BankAW +: BankAW]    = cfg_idx_i[BankAW-1:0];
  assign bank_wdata[Dim*Width +: Width]      = cfg_wdata_i[Width-1:0];

  for (genvar j = 0; j < Dim; j++) begin : gen_rx
    hc_sf_rx #(
      .Width  (Width),
      .BankAW (BankAW),
      .SegAW  (SegAW),
      .DescAW (DescAW)
    ) u_rx (
      .clk_i,
      .rst_ni,
      .clear_i,
      .cfg_we_i    (cfg_we_i && (cfg_unit_i == 4'(j))),
      .cfg_tgt_i,
      .cfg_idx_i,
      .cfg_field_i,
      .cfg_wdata_i,
      .in_valid_i  (in_valid_i[j]),
      .in_word_i   (in_word_i[j*Width +: Width]),
      .wr_o        (bank_we[j]),
      .wr_addr_o   (bank_waddr[j*BankAW +: BankAW]),
      .wr_data_o   (bank_wdata[j*Width +: Width]),
      .done_o      (done[j*CntW +: CntW]),
      .complete_o  (rx_complete[j])
    );
  end

  // Every TX engine's read request, and the rows it reads (word b: bank
  // b at its offset, from its own copies or from the shared RAM).
  logic [Dim-1:0]             tx_rd;
  // (the masks: for the assertions only, and engine 0's)
  /* verilator lint_off UNUSEDSIGNAL */
  logic [Dim*Banks-1:0]       tx_mask;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [Dim*BankAW-1:0]      tx_addr;
  logic [Dim*Banks*Width-1:0] tx_rdata;

  for (genvar i = 0; i < Dim; i++) begin : gen_tx
    // The row TX engine i reads (its copies of banks 0..Dim).
    logic [Banks*Width-1:0] rdata;
    logic [31:0]            cnt, cnt_acc;
    logic                   rd;
    logic [Dim:0]           mask;
    logic [BankAW-1:0]      addr;

    assign tx_rd[i]                          = rd;
    assign tx_mask[i*Banks +: Banks]         = mask;
    assign tx_addr[i*BankAW +: BankAW]       = addr;
    assign rdata                             = tx_rdata[i*Banks*Width +: Banks*Width];

    if (!SfMemTdm) begin : gen_copies
      for (genvar b = 0; b < Banks; b++) begin : gen_bank
        logic [BankAW-1:0] raddr;
        if (i == 0) begin : gen_shared
          // Copy 0 also serves configuration reads when TX engine 0 does not
          // read this bank.
          assign raddr = (rd && mask[b]) ? addr : cfg_idx_i[BankAW-1:0];
        end else begin : gen_private
          assign raddr = addr;
        end
        hc_ram_1r1w #(
          .Width (Width),
          .AddrW (BankAW)
        ) u_ram (
          .clk_i,
          .we_i    (bank_we[b]),
          .waddr_i (bank_waddr[b*BankAW +: BankAW]),
          .wdata_i (bank_wdata[b*Width +: Width]),
          .raddr_i (raddr),
          .rdata_o (tx_rdata[(i*Banks+b)*Width +: Width])
        );
      end
    end

    hc_sf_tx #(
      .Dim      (Dim),
      .Width    (Width),
      .BankAW   (BankAW),
      .SegAW    (SegAW),
      .DescAW   (DescAW),
      .CntWidth (CntWidth)
    ) u_tx (
      .clk_i,
      .rst_ni,
      .clear_i,
      .go_i,
      .beta_i,
      .cfg_we_i     (cfg_we_i && (cfg_unit_i == 4'(i))),
      .cfg_tgt_i,
      .cfg_idx_i,
      .cfg_field_i,
      .cfg_wdata_i,
      .done_i       (done),
      .rd_o         (rd),
      .rd_mask_o    (mask),
      .rd_addr_o    (addr),
      .rdata_i      (rdata),
      .link_valid_o (out_valid_o[i]),
      .link_word_o  (out_word_o[i*Width +: Width]),
      .busy_o       (busy_o[i]),
      .finished_o   (tx_finished[i]),
      .cnt_id_i,
      .cnt_o        (cnt)
    );

    // Running OR of the selected counter, link 0 to i.
    if (i == 0) begin : gen_acc_first
      assign cnt_acc = (cnt_port_i == 4'(i)) ? cnt : '0;
    end else begin : gen_acc_next
      assign cnt_acc = gen_tx[i-1].cnt_acc | ((cnt_port_i == 4'(i)) ? cnt : '0);
    end
  end

  assign cnt_o      = gen_tx[Dim-1].cnt_acc;
  assign finished_o = (&tx_finished) && (&rx_complete);


  // Configuration read of a bank (one bank: the unit) or of a combined
  // word (the banks of the mask in wdata, combined with the op in field):
  // copy 0's output registers hold the words in the next cycle.
  logic             rd_q, rd_read;
  logic [Banks-1:0] rmask_q, rmask_d;
  logic [1:0]       rop_q, rop_d;
  logic [Width-1:0] rword;

  always_comb begin
    rmask_d = '0;
    rop_d   = hc_pkg::CombPlain;
    if (cfg_tgt_i == hc_pkg::TgtComb) begin
      rmask_d = cfg_wdata_i[Banks-1:0];
      rop_d   = cfg_field_i[1:0];
    end else begin
      for (int unsigned b = 0; b < Banks; b++) begin
        if (cfg_unit_i == 4'(b)) begin
          rmask_d[b] = 1'b1;
        end
      end
    end
  end

  assign rd_read = cfg_re_i && ((cfg_tgt_i == hc_pkg::TgtBank) || (cfg_tgt_i == hc_pkg::TgtComb));

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_q    <= 1'b0;
      rmask_q <= '0;
      rop_q   <= '0;
    end else begin
      rd_q    <= rd_read;
      rmask_q <= rmask_d;
      rop_q   <= rop_d;
    end
  end

  hc_sf_comb #(
    .Banks (Banks),
    .Width (Width)
  ) u_cfg_comb (
    .op_i    (rop_q),
    .mask_i  (rmask_q),
    .rdata_i (tx_rdata[0 +: Banks*Width]),
    .word_o  (rword)
  );

  assign cfg_rdata_o = rd_q ? 32'(rword) : '0;

  if (SfMemTdm) begin : gen_tdm
    // -------------------------------------------------------------------
    // The time-multiplexed memory (see the header). Everything here runs
    // on mem_clk_i; what it takes from the link clock's side (the engines'
    // requests, the configuration port) is steady through a link cycle, and
    // what it gives back (hold_q) changes only at the edge that ends memory
    // phase 0, never at an edge of clk_i.
    // -------------------------------------------------------------------
    localparam int unsigned PhW = $clog2(Dim + 1);
    localparam int unsigned RowW = Banks * Width;

    // Phase: tog_q toggles at every link clock edge; the memory side sees
    // it one memory clock later, so the two differ exactly in phase 0.
    logic           tog_q, tog_seen_q, ph0;
    logic [PhW-1:0] ph_q, ph;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) tog_q <= 1'b0;
      else         tog_q <= !tog_q;
    end
    always_ff @(posedge mem_clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        tog_seen_q <= 1'b0;
        ph_q       <= '0;
      end else begin
        tog_seen_q <= tog_q;
        ph_q       <= ph + 1'b1;
      end
    end
    assign ph0 = tog_q ^ tog_seen_q;
    assign ph  = ph0 ? '0 : ph_q;

    // The configuration port's share: its own-bank write goes with every
    // phase whose RX engine does not write (the same word each time), its
    // read with phase 0 when TX engine 0 does not read.
    logic             m_we_any;
    logic [Banks-1:0] m_we;
    logic [BankAW-1:0] m_waddr, m_raddr;
    logic [Width-1:0] m_wword;
    logic [RowW-1:0]  m_rdata;
    always_comb begin
      m_we    = '0;
      m_waddr = bank_waddr[Dim*BankAW +: BankAW];
      m_wword = bank_wdata[Dim*Width +: Width];
      m_raddr = tx_addr[0 +: BankAW];
      m_we_any = 1'b0;
      for (int unsigned k = 0; k < Dim; k++) begin
        if (ph == PhW'(k)) begin
`ifdef HC_FAULT_tdmslot
          // Fault (make test-long's control): phase k reads the next engine's offset.
          m_raddr = tx_addr[((k + 1) % Dim)*BankAW +: BankAW];
`else
          m_raddr = tx_addr[k*BankAW +: BankAW];
`endif
          if (bank_we[k]) begin
            m_we[k]  = 1'b1;
            m_waddr  = bank_waddr[k*BankAW +: BankAW];
            m_wword  = bank_wdata[k*Width +: Width];
            m_we_any = 1'b1;
          end
        end
      end
      if (!m_we_any && bank_we[Dim]) begin
        m_we[Dim] = 1'b1;
      end
      if (ph == '0 && !tx_rd[0]) begin
        m_raddr = cfg_idx_i[BankAW-1:0];
      end
    end

    hc_ram_1r1w #(
      .Width (RowW),
      .AddrW (BankAW),
      .Lanes (Banks)
    ) u_ram (
      .clk_i   (mem_clk_i),
      .we_i    (m_we),
      .waddr_i (m_waddr),
      .wdata_i ({Banks{m_wword}}),
      .raddr_i (m_raddr),
      .rdata_o (m_rdata)
    );

    // The row of phase k is on the RAM's output in phase k+1: engines
    // 0..Dim-2 stage it at the end of phase k+1, engine Dim-1 is held
    // directly at the end of phase 0 of the next link cycle, when every
    // staged row moves to its hold register as well.
    logic [(Dim-1)*RowW-1:0] stage_q;
    logic [Dim*RowW-1:0]     hold_q;
    always_ff @(posedge mem_clk_i) begin
      for (int unsigned k = 0; k + 1 < Dim; k++) begin
        if (ph == PhW'(k + 1)) begin
          stage_q[k*RowW +: RowW] <= m_rdata;
        end
      end
      if (ph == '0) begin
        hold_q <= {m_rdata, stage_q};
      end
    end
    assign tx_rdata = hold_q;

`ifndef SYNTHESIS
    // The link clock and the memory clock keep their ratio: a link cycle
    // has exactly Dim memory clocks (from the second link cycle on).
    logic started_q;
    always_ff @(posedge mem_clk_i or negedge rst_ni) begin
      if (!rst_ni)  started_q <= 1'b0;
      else if (ph0) started_q <= 1'b1;
    end
    // The link registers and every request to the memory hold steady
    // between link clock edges: sampled at each memory clock edge inside a
    // link cycle (phases 1..Dim-1), they equal what they were one memory
    // clock before.
    logic [Dim-1:0]        lv_m;
    logic [Dim*Width-1:0]  lw_m;
    logic [Banks-1:0]      we_m;
    logic [Dim-1:0]        rd_m;
    logic [Dim*BankAW-1:0] addr_m;
    always_ff @(posedge mem_clk_i) begin
      lv_m   <= out_valid_o;
      lw_m   <= out_word_o;
      we_m   <= bank_we;
      rd_m   <= tx_rd;
      addr_m <= tx_addr;
    end
    always @(posedge mem_clk_i) begin
      if (rst_ni) begin
        TdmLinkCycleIsDimClocks: assert (!(ph0 && started_q) || (ph_q == PhW'(Dim)))
          else $error("hc_sf_node: a link cycle of %0d memory clocks (SfMemTdm needs %0d)",
                      ph_q, Dim);
        if (!ph0 && started_q) begin
          TdmLinksSteady: assert ((lv_m == out_valid_o) && (lw_m == out_word_o))
            else $error("hc_sf_node: a link register changed between link clock edges");
          TdmRequestsSteady: assert ((we_m == bank_we) && (rd_m == tx_rd) && (addr_m == tx_addr))
            else $error("hc_sf_node: a memory request changed between link clock edges");
        end
      end
    end
    // Assumptions of the sharing with the configuration port (link clock):
    // an own-bank write only while no engine reads or writes (a phase
    // before a TX read would show it the new word, and with every RX engine
    // writing it would find no phase), and a read of a bank that TX engine
    // 0 does not read only in a link cycle in which TX engine 0 reads
    // nothing (the one read of phase 0 has one offset for every lane).
    logic [Banks-1:0] cfg_rmask;
    assign cfg_rmask = rmask_d;
    always @(posedge clk_i) begin
      if (rst_ni) begin
        TdmCfgWriteWhileIdle: assert (!bank_we[Dim] || ((bank_we[Dim-1:0] == '0) && (tx_rd == '0)))
          else $error("hc_sf_node: an own-bank write while an engine reads or writes the memory");
        TdmCfgReadSharesTx0: assert (!(rd_read && tx_rd[0] &&
                                      ((cfg_rmask & ~tx_mask[0 +: Banks]) != '0)))
          else $error("hc_sf_node: a configuration read of banks %0h while TX engine 0 reads banks %0h",
                      cfg_rmask, tx_mask[0 +: Banks]);
      end
    end
`endif
  end else begin : gen_no_tdm
    /* verilator lint_off UNUSEDSIGNAL */
    logic unused_tdm;
    assign unused_tdm = ^{mem_clk_i, tx_rd, tx_mask, tx_addr};
    /* verilator lint_on UNUSEDSIGNAL */
  end

`ifndef SYNTHESIS
  // -------------------------------------------------------------------
  // Simulation-only shadow of the banks: written_q[b*BankWords + a] says
  // that word a of bank b holds a word of this run. The configuration
  // port's writes into the own bank (the loader's own data, loaded before
  // the start and kept: it is present from schedule cycle 0 on) and the RX
  // engines' writes into banks 0..Dim-1 set it. A start clears banks
  // 0..Dim-1 (what the previous run's packets left there is not this run's
  // data), not the own bank; a reset clears all. A TX engine must read only
  // words set here: the readiness thresholds need[j] promise that every
  // word a packet gathers is in before it starts (docs/store_and_forward.md,
  // section 1, "Readiness"). The bit is read at the start of the cycle, like
  // the RAM (read before write). One packed vector per bank.
  // -------------------------------------------------------------------
  localparam int unsigned BankWords = 1 << BankAW;

  for (genvar b = 0; b < Banks; b++) begin : gen_written
    logic [BankWords-1:0] written_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        written_q <= BankWords'(0);
      end else if (clear_i && (b < Dim)) begin
        written_q <= BankWords'(0);
      end else if (bank_we[b]) begin
        written_q[bank_waddr[b*BankAW +: BankAW]] <= 1'b1;
      end
    end
  end

  for (genvar j = 0; j < Dim; j++) begin : gen_assert_rx
    logic wr_again;  // the word RX engine j writes is already written
    assign wr_again = gen_written[j].written_q[bank_waddr[j*BankAW +: BankAW]];
    // Single assignment: a packet never writes a word twice in one run.
    // Immediate assertions at the clock edge: for a concurrent one, the
    // simulator (Verilator 5.006) samples the whole shadow in C++ that does
    // not compile.
    always @(posedge clk_i) begin
      if (rst_ni) begin
        RxWritesOnce: assert (!(bank_we[j] && !clear_i && wr_again))
          else $error("hc_sf_node: link %0d writes word %0d of its bank a second time", j,
                      bank_waddr[j*BankAW +: BankAW]);
      end
    end
  end

  for (genvar i = 0; i < Dim; i++) begin : gen_assert_tx
    logic [Banks-1:0] hit;  // per bank: the word TX engine i addresses is written
    for (genvar b = 0; b < Banks; b++) begin : gen_hit
      assign hit[b] = gen_written[b].written_q[gen_tx[i].addr];
    end
    // Store-and-forward: never read a word that is not yet written.
    always @(posedge clk_i) begin
      if (rst_ni) begin
        // Every bank of the read: a combined word's own share and every
        // contribution (the thresholds count the contributing packets).
        TxReadsWritten: assert (!gen_tx[i].rd || ((gen_tx[i].mask & ~hit) == '0))
          else $error("hc_sf_node: TX engine %0d reads word %0d of banks %0h before it is written",
                      i, gen_tx[i].addr, gen_tx[i].mask & ~hit);
      end
    end
  end
`endif

endmodule
