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
  parameter int unsigned CntWidth = 32
) (
  /// Clock, rising edge.
  input  logic                  clk_i,
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

  for (genvar i = 0; i < Dim; i++) begin : gen_tx
    // Copy i of every bank: TX engine i's private read ports.
    logic [Banks*Width-1:0] rdata;
    logic [31:0]            cnt, cnt_acc;
    // rd and bank matter only for copy 0, whose port is shared.
    /* verilator lint_off UNUSEDSIGNAL */
    logic                   rd;
    logic [Dim:0]           mask;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [BankAW-1:0]      addr;

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
        .rdata_o (rdata[b*Width +: Width])
      );
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
  logic             rd_q;
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

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_q    <= 1'b0;
      rmask_q <= '0;
      rop_q   <= '0;
    end else begin
      rd_q    <= cfg_re_i && ((cfg_tgt_i == hc_pkg::TgtBank) || (cfg_tgt_i == hc_pkg::TgtComb));
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
    .rdata_i (gen_tx[0].rdata),
    .word_o  (rword)
  );

  assign cfg_rdata_o = rd_q ? 32'(rword) : '0;

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
