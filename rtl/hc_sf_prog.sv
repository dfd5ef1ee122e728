// The programmed store-and-forward node of the FPGA board
// (docs/store_and_forward.md, section 7.9): a stand-in for hc_sf_node that
// has no TX or RX engines. Mode 1's schedules are prearranged and the
// network is synchronous, so what the engines do in every link cycle is
// fixed before the run; rtl/fpga/gen/hc_fpga_gen.c runs the C model of the
// engines (csim/hc_sf.c) on each schedule and compiles what they do into a
// program, which this node replays: the same word on the same link in the
// same link cycle, with the same valid and busy, from the node's own memory,
// and finished in the same link cycle. The data still moves: every word a
// link carries is read from this node's memory, and every word that comes
// in on a link is written into it.
//
// One RAM (the shape of one iCE40 block RAM, 2^ProgAW words, contents
// from ProgFile) holds the data, lane b of offset o at address
// {b, o} (b = Dim: the own bank, loaded through the configuration port),
// and from address 2^(LaneW + BankAW) on the program. It is clocked by
// mem_clk_i at 2*Dim times the link clock clk_i, rising edges aligned (every
// 2*Dim-th edge of mem_clk_i is an edge of clk_i); a link cycle has memory
// phases 0 .. 2*Dim-1. Phase 2k reads program entry k of the link cycle
// (at the program counter); phase 2k+1 carries it out: RX side k writes the
// word on incoming link k into lane k at the entry's offset, and TX side k
// reads the entry's address. TX k's word is on its link in the next link
// cycle (k < Dim-1) or the one after (k = Dim-1: its row comes out in phase
// 0); the entry also gives TX k's valid and busy for the next link cycle.
// The configuration port's own-bank write takes phase 0's write, its bank
// read phase 2*Dim-1's read when TX Dim-1 does not read. Entry, low bits
// first: write offset (BankAW), write, read address (LaneW+BankAW), read,
// busy, valid, end. A start (clear_i, seen in phase 0 of its link cycle,
// which is the schedule's cycle -1) runs the program from the counter on;
// the end entry (slot 0 of the node's finishing cycle) stops it and sets
// finished_o, and the next start goes on after it: the board's program
// holds its schedules in the order they run. Everything here is on
// mem_clk_i; what the link clock's side reads (finished_o, cfg_rdata_o)
// changes at the end of phase 0 or 1, never at an edge of clk_i.
module hc_sf_prog #(
  /// Cube dimension: links per node (2 or more).
  parameter int unsigned      Dim      = 3,
  /// Bits per data word.
  parameter int unsigned      Width    = 8,
  /// Address bits of a memory bank (lane).
  parameter int unsigned      BankAW   = 4,
  /// Address bits of the node's RAM (data and program).
  parameter int unsigned      ProgAW   = 8,
  /// The RAM's contents for $readmemh (hexadecimal, one word a line).
  parameter logic [8*160-1:0] ProgFile = "sfprog00.hex"
) (
  /// Clock, rising edge (the link clock).
  input  logic                  clk_i,
  /// The memory clock: 2*Dim rising edges per clk_i period, every 2*Dim-th
  /// at a rising edge of clk_i.
  input  logic                  mem_clk_i,
  /// Asynchronous reset, active low.
  input  logic                  rst_ni,
  /// Start of a run (the start write of the configuration port).
  input  logic                  clear_i,
  /// Running in mode 1 (not used: the program knows when to send).
  input  logic                  go_i,
  /// Start-up cycles per packet (not used: compiled into the program).
  input  logic [15:0]           beta_i,
  /// Configuration write addressed to this node.
  input  logic                  cfg_we_i,
  /// Configuration read addressed to this node.
  input  logic                  cfg_re_i,
  /// Configuration target (hc_pkg::Tgt*).
  input  logic [2:0]            cfg_tgt_i,
  /// Bank number.
  input  logic [3:0]            cfg_unit_i,
  /// Bank offset.
  input  logic [15:0]           cfg_idx_i,
  /// Field of a table entry (not used: the tables are compiled away).
  input  logic [3:0]            cfg_field_i,
  /// Value written.
  input  logic [31:0]           cfg_wdata_i,
  /// Word read by a bank read in the previous cycle; 0 otherwise.
  output logic [31:0]           cfg_rdata_o,
  /// Incoming link j: the neighbour's TX side j sends a word.
  input  logic [Dim-1:0]        in_valid_i,
  /// Incoming link j: the word, at [j*Width +: Width].
  input  logic [Dim*Width-1:0]  in_word_i,
  /// Outgoing link i: valid.
  output logic [Dim-1:0]        out_valid_o,
  /// Outgoing link i: the word, 0 when none.
  output logic [Dim*Width-1:0]  out_word_o,
  /// Outgoing link i is busy with a packet this cycle.
  output logic [Dim-1:0]        busy_o,
  /// The program of the last start has reached its end.
  output logic                  finished_o,
  /// Counter read port (no counters here: cnt_o is 0).
  input  logic [3:0]            cnt_port_i,
  input  logic [2:0]            cnt_id_i,
  output logic [31:0]           cnt_o
);

  /// Derived: lane bits, data address bits, entry layout, RAM word, phases.
  localparam int unsigned LaneW  = $clog2(Dim + 1);
  localparam int unsigned DataAW = LaneW + BankAW;
  localparam int unsigned EntW   = BankAW + DataAW + 5;
  localparam int unsigned RamW   = (EntW > Width) ? EntW : Width;
  localparam int unsigned Phases = 2 * Dim;
  localparam int unsigned PhW    = $clog2(Phases + 1);
  localparam int unsigned EWr    = BankAW;
  localparam int unsigned ERa    = BankAW + 1;
  localparam int unsigned ERd    = ERa + DataAW;
  localparam int unsigned EBsy   = ERd + 1;
  localparam int unsigned EVld   = ERd + 2;
  localparam int unsigned EEnd   = ERd + 3;
  localparam logic [ProgAW-1:0] ProgBase = ProgAW'(1 << DataAW);

  if (Dim < 2 || Dim > 7) begin : gen_err_dim
    $error("hc_sf_prog: Dim must be 2..7");
  end
  if (Width < 1 || Width > 32) begin : gen_err_width
    $error("hc_sf_prog: Width must be 1..32");
  end
  if (ProgAW <= DataAW || ProgAW > 16) begin : gen_err_aw
    $error("hc_sf_prog: ProgAW must be above LaneW + BankAW (room for a program) and at most 16");
  end

  // ---------------------------------------------------------------------
  // The phase: tog_q toggles at every link clock edge; the memory side sees
  // it one memory clock later, so the two differ exactly in phase 0.
  // ---------------------------------------------------------------------
  logic           tog_q, tog_seen_q, ph0, odd;
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
  assign odd = ph[0];

  // ---------------------------------------------------------------------
  // The RAM and the entry on its output (in odd phases).
  // ---------------------------------------------------------------------
  // No read and write of one address ever meet in a memory clock (a TX
  // side never reads a word written in the same link cycle, the program
  // and the own bank are apart, the port reads back after the run), so
  // synthesis need not keep either order (no bypass logic).
  (* no_rw_check *)
  logic [RamW-1:0]   mem_q [1 << ProgAW];
  logic [RamW-1:0]   rdata_q;
  logic              m_we;
  logic [ProgAW-1:0] m_waddr, m_raddr;
  logic [RamW-1:0]   m_wdata;

  initial begin
    $readmemh(ProgFile, mem_q);
  end
  always_ff @(posedge mem_clk_i) begin
    if (m_we) begin
      mem_q[m_waddr] <= m_wdata;
    end
    rdata_q <= mem_q[m_raddr];
  end

  logic              running_q, finished_q, start_seen, act;
  logic [ProgAW-1:0] pc_q;
  logic              e_end, e_vld, e_bsy, e_rd, e_wr;
  logic [DataAW-1:0] e_raddr;
  logic [BankAW-1:0] e_woff;
  assign e_end   = rdata_q[EEnd];
  assign e_vld   = rdata_q[EVld];
  assign e_bsy   = rdata_q[EBsy];
  assign e_rd    = rdata_q[ERd];
  assign e_raddr = rdata_q[ERa +: DataAW];
  assign e_wr    = rdata_q[EWr];
  assign e_woff  = rdata_q[0 +: BankAW];

  // A start is seen in phase 0 of the link cycle that drives it; the entry
  // of phase 0 is read at the counter whether running or not.
  assign start_seen = (ph == '0) && clear_i;
  assign act        = running_q && odd;

  // The configuration port's share: an own-bank write in phase 0, a bank
  // read (registered in phase 0) in phase 2*Dim-1.
  logic              cfg_own_we, cfg_req_q, crd_q;
  logic [DataAW-1:0] cfg_addr_q;
  assign cfg_own_we = cfg_we_i && (cfg_tgt_i == hc_pkg::TgtBank) && (cfg_unit_i == 4'(Dim)) &&
                      ((cfg_idx_i >> BankAW) == '0);

  // In an odd phase 2k+1 the lane written is k, the phase's upper bits.
  logic [LaneW-1:0] slot;
  assign slot = LaneW'(ph >> 1);
  always_comb begin
    if (odd) begin
      m_we    = act && e_wr;
      m_waddr = ProgAW'({slot, e_woff});
      m_wdata = RamW'(in_word_i[slot*Width +: Width]);
      m_raddr = (act && e_rd) ? ProgAW'(e_raddr) : ProgAW'(cfg_addr_q);
    end else begin
      m_we    = (ph == '0) && cfg_own_we;
      m_waddr = ProgAW'({LaneW'(Dim), cfg_idx_i[BankAW-1:0]});
      m_wdata = RamW'(cfg_wdata_i[Width-1:0]);
      m_raddr = pc_q;
    end
  end

  // ---------------------------------------------------------------------
  // Program counter, run, finished; the TX side's pipeline.
  // ---------------------------------------------------------------------
  logic [Dim-1:0]       lv_q, lb_q, sv_q, sb_q;
  logic [Dim*Width-1:0] lw_q, nxt_q;

  always_ff @(posedge mem_clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pc_q       <= ProgBase;
      running_q  <= 1'b0;
      finished_q <= 1'b0;
      cfg_req_q  <= 1'b0;
      crd_q      <= 1'b0;
    end else begin
      if (!odd && (running_q || start_seen)) begin
        pc_q <= pc_q + 1'b1;
      end
      if (start_seen) begin
        running_q  <= 1'b1;
        finished_q <= 1'b0;
      end else if (running_q && (ph == PhW'(1)) && e_end) begin
        running_q  <= 1'b0;
        finished_q <= 1'b1;
      end
      if (ph == '0) begin
        cfg_req_q <= cfg_re_i && (cfg_tgt_i == hc_pkg::TgtBank);
        crd_q     <= cfg_req_q;
      end
    end
  end

  // The data side (no reset: nothing runs after a reset, and within a link
  // cycle the pipeline holds only zeros, 0 valid, 0 busy).
  always_ff @(posedge mem_clk_i) begin
    if (ph == '0) begin
      cfg_addr_q <= {cfg_unit_i[LaneW-1:0], cfg_idx_i[BankAW-1:0]};
      nxt_q[(Dim-1)*Width +: Width] <= rdata_q[Width-1:0];
    end
    for (int unsigned k = 0; k + 1 < Dim; k++) begin
      if (ph == PhW'(2 * k + 1)) begin
        sv_q[k] <= act && e_vld;
        sb_q[k] <= act && e_bsy;
      end
      if (ph == PhW'(2 * k + 2)) begin
        nxt_q[k*Width +: Width] <= rdata_q[Width-1:0];
      end
    end
    // The link registers change at the link clock's edges only.
    if (ph == PhW'(Phases - 1)) begin
      for (int unsigned k = 0; k + 1 < Dim; k++) begin
        lv_q[k]                <= sv_q[k];
        lb_q[k]                <= sb_q[k];
        lw_q[k*Width +: Width] <= sv_q[k] ? nxt_q[k*Width +: Width] : '0;
      end
      lv_q[Dim-1]                <= act && e_vld;
      lb_q[Dim-1]                <= act && e_bsy;
      lw_q[(Dim-1)*Width +: Width] <= (act && e_vld) ? nxt_q[(Dim-1)*Width +: Width] : '0;
    end
  end

  assign out_valid_o = lv_q;
  assign out_word_o  = lw_q;
  assign busy_o      = lb_q;
  assign finished_o  = finished_q;
  assign cfg_rdata_o = crd_q ? 32'(nxt_q[(Dim-1)*Width +: Width]) : '0;
  assign cnt_o       = '0;

  // Not used: the engines' inputs the program makes unnecessary, the
  // unused bits of the port, the valid bits of the links (asserted below).
  /* verilator lint_off UNUSEDSIGNAL */
  logic unused_prog;
  assign unused_prog = ^{go_i, beta_i, cfg_field_i, cfg_wdata_i, cfg_idx_i, cfg_unit_i,
                         in_valid_i, cnt_port_i, cnt_id_i, rdata_q};
  /* verilator lint_on UNUSEDSIGNAL */

`ifndef SYNTHESIS
  // A link cycle has exactly 2*Dim memory clocks (from the second on); a
  // program writes only a word that is on its link; the end entry is in
  // slot 0; a read names a lane of the node (0..Dim); no combined read.
  logic started_q;
  always_ff @(posedge mem_clk_i or negedge rst_ni) begin
    if (!rst_ni)  started_q <= 1'b0;
    else if (ph0) started_q <= 1'b1;
  end
  logic wr_link_valid;  // the link whose word the program writes carries one
  always_comb begin
    wr_link_valid = 1'b1;
    for (int unsigned k = 0; k < Dim; k++) begin
      if (ph == PhW'(2 * k + 1)) begin
        wr_link_valid = in_valid_i[k];
      end
    end
  end
  always @(posedge mem_clk_i) begin
    if (rst_ni) begin
      ProgLinkCycleIs2DimClocks: assert (!(ph0 && started_q) || (ph_q == PhW'(Phases)))
        else $error("hc_sf_prog: a link cycle of %0d memory clocks (the program needs %0d)",
                    ph_q, Phases);
      ProgWritesLinkWord: assert (!(act && e_wr) || wr_link_valid)
        else $error("hc_sf_prog: the program writes the word of link %0d, which carries none",
                    ph >> 1);
      ProgEndInSlot0: assert (!(act && e_end) || (ph == PhW'(1)))
        else $error("hc_sf_prog: an end entry in phase %0d (slot 0 only)", ph);
      ProgReadsALane: assert (!(act && e_rd) || (e_raddr >> BankAW) <= DataAW'(Dim))
        else $error("hc_sf_prog: the program reads lane %0d", e_raddr >> BankAW);
    end
  end
  always @(posedge clk_i) begin
    if (rst_ni) begin
      ProgNoCombinedRead: assert (!(cfg_re_i && (cfg_tgt_i == hc_pkg::TgtComb)))
        else $error("hc_sf_prog: a combined read (target 6): the programmed node reads one bank");
    end
  end
`endif

endmodule
