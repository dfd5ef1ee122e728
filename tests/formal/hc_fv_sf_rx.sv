// Formal harness of the store-and-forward RX engine (hc_sf_rx,
// docs/store_and_forward.md, section 7.4), proven by `make formal`
// (tools/formal.sh, docs/verification.md). The scatter table is whatever the
// configuration port left in it (its memories are not reset: any contents),
// the segment count is written through the port before the run, and the
// table obeys the loader's contract: every segment of the table has at least
// one word. The sender never sends more words than the table places (the
// schedule's contract; the engine asserts it, WordHasSegment). Property:
//   rx_where  word w of the run (0, 1, ...) is written at offset
//             off[s] + (w - start[s]) of the segment s whose words
//             start[s] .. start[s] + len[s] - 1 hold w, as computed here
//             from the table; nothing is written anywhere else.
// inv_ ties the harness's word count to the engine's segment position.
module hc_fv_sf_rx #(
  parameter int unsigned W      = 2,
  parameter int unsigned BankAW = 2,
  parameter int unsigned SegAW  = 1,
  parameter int unsigned DescAW = 1
) (
  input logic clk_i
);
  localparam int unsigned SegN = 1 << SegAW;
  localparam int unsigned LenW = 16;
  localparam int unsigned WW   = LenW + SegAW + 1;  // words of a whole table

  logic ok_rx_where, ok_inv_pos;

  logic init_q = 1'b1;
  logic rst_ni;
  always_ff @(posedge clk_i) init_q <= 1'b0;
  assign rst_ni = !init_q;

  (* anyseq *) logic        run, cfg_we, in_valid;
  (* anyseq *) logic [2:0]  cfg_tgt;
  (* anyseq *) logic [15:0] cfg_idx;
  (* anyseq *) logic [3:0]  cfg_field;
  (* anyseq *) logic [31:0] cfg_wdata;
  (* anyseq *) logic [W-1:0] in_word;

  logic              wr;
  logic [BankAW-1:0] wr_addr;

  hc_sf_rx #(
    .Width  (W),
    .BankAW (BankAW),
    .SegAW  (SegAW),
    .DescAW (DescAW)
  ) u_dut (
    .clk_i,
    .rst_ni,
    .clear_i     (1'b0),
    .cfg_we_i    (cfg_we),
    .cfg_tgt_i   (cfg_tgt),
    .cfg_idx_i   (cfg_idx),
    .cfg_field_i (cfg_field),
    .cfg_wdata_i (cfg_wdata),
    .in_valid_i  (in_valid),
    .in_word_i   (in_word),
    .wr_o        (wr),
    .wr_addr_o   (wr_addr),
    .wr_data_o   (),
    .done_o      (),
    .complete_o  ()
  );

  //@tap t_nseg u_dut.nseg_q
  //@tap t_sidx u_dut.sidx_q
  //@tap t_soff u_dut.soff_q
  //@tap-list t_off  BankAW u_dut.seg_off_q[%i]  SegN
  //@tap-list t_len  16     u_dut.seg_len_q[%i]  SegN
  logic [SegAW:0]         t_nseg, t_sidx;
  logic [LenW-1:0]        t_soff;
  logic [SegN*BankAW-1:0] t_off;
  logic [SegN*LenW-1:0]   t_len;

  // The run: configuration before it, words during it.
  logic run_q;
  logic [WW-1:0] w_q;  // words written in this run
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      run_q <= 1'b0;
      w_q   <= '0;
    end else begin
      run_q <= run_q || run;
      if (wr) begin
        w_q <= w_q + 1'b1;
      end
    end
  end

  // Where word w goes, from the table.
  logic              hit;
  logic [BankAW-1:0] want;
  logic [WW-1:0]     total;
  always_comb begin
    logic [WW-1:0] start;
    start = '0;
    hit   = 1'b0;
    want  = '0;
    for (int s = 0; s < SegN; s++) begin
      if ((SegAW+1)'(s) < t_nseg) begin
        if (w_q >= start && w_q < start + WW'(t_len[s*LenW +: LenW])) begin
          hit  = 1'b1;
          want = t_off[s*BankAW +: BankAW] + BankAW'(w_q - start);
        end
        start = start + WW'(t_len[s*LenW +: LenW]);
      end
    end
    total = start;
  end

  always_comb begin
    if (!rst_ni) begin
      assume (!cfg_we && !in_valid);
    end
    if (run_q) begin
      assume (!cfg_we);
    end else begin
      assume (!in_valid);
    end
    for (int s = 0; s < SegN; s++) begin
      if (run_q && (SegAW+1)'(s) < t_nseg) begin
        assume (t_len[s*LenW +: LenW] != '0);
      end
    end
    if (in_valid) begin
      assume (w_q < total);
    end
  end

  always_comb begin
    logic [WW-1:0] start;
    ok_rx_where = !wr || (hit && wr_addr == want);
    // The engine's position: segment sidx, word soff of it, is word w.
    start = '0;
    for (int s = 0; s < SegN; s++) begin
      if ((SegAW+1)'(s) < t_sidx) begin
        start = start + WW'(t_len[s*LenW +: LenW]);
      end
    end
    ok_inv_pos = !run_q ? (w_q == '0 && t_sidx == '0 && t_soff == '0) : ((t_sidx <= t_nseg) && (w_q == start + WW'(t_soff)) &&
                            (t_sidx == t_nseg ? t_soff == '0 :
                             t_soff < t_len[t_sidx[SegAW-1:0]*LenW +: LenW]));
  end

  always_comb begin
    if (rst_ni) begin
      rx_where: assert (ok_rx_where);
      inv_pos: assert (ok_inv_pos);
    end
  end

endmodule
