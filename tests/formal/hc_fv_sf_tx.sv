// Formal harness of the store-and-forward TX engine (hc_sf_tx,
// docs/store_and_forward.md, section 7.4), proven by `make formal`
// (tools/formal.sh, docs/verification.md). The descriptor, threshold and
// gather tables are whatever the configuration port left in them (not
// reset: any contents) and obey the loader's contract (a gather segment
// reads at least one bank, a plain one exactly one, no op 3, a combining
// mask written names banks of the node); the packet
// count is written before the run; the RX done counters only grow during
// the run; beta is 3 or 4. Property:
//   tx_ready  packet k starts (and so reads its first word, beta - 2 cycles
//             later) only in a cycle in which every RX done counter j has
//             reached the threshold need[k][j] of its descriptor, read here
//             from the table with the harness's own packet count. The
//             thresholds count the packets that bring the words packet k
//             gathers (the schedule's contract, checked by
//             csim/sched/hc_sched_validate.c); the counters only grow, so
//             every word it reads is present.
// inv_ ties the harness's packet count to the engine's descriptor position.
module hc_fv_sf_tx #(
  parameter int unsigned Dim    = 2,
  parameter int unsigned W      = 2,
  parameter int unsigned BankAW = 2,
  parameter int unsigned SegAW  = 1,
  parameter int unsigned DescAW = 1
) (
  input logic clk_i
);
  localparam int unsigned DescN = 1 << DescAW;
  localparam int unsigned SegN  = 1 << SegAW;
  localparam int unsigned CntW  = DescAW + 1;
  localparam int unsigned Banks = Dim + 1;

  logic ok_tx_ready, ok_inv_pos;

  logic init_q = 1'b1;
  logic rst_ni;
  always_ff @(posedge clk_i) init_q <= 1'b0;
  assign rst_ni = !init_q;

  (* anyseq *)   logic                    run, cfg_we;
  (* anyseq *)   logic [2:0]              cfg_tgt;
  (* anyseq *)   logic [15:0]             cfg_idx;
  (* anyseq *)   logic [3:0]              cfg_field;
  (* anyseq *)   logic [31:0]             cfg_wdata;
  (* anyseq *)   logic [Dim*CntW-1:0]     done;
  (* anyseq *)   logic [Banks*W-1:0]      rdata;
  (* anyconst *) logic [15:0]             beta;

  logic run_q;
  logic rd;
  logic [Banks-1:0] rd_mask;

  hc_sf_tx #(
    .Dim      (Dim),
    .Width    (W),
    .BankAW   (BankAW),
    .SegAW    (SegAW),
    .DescAW   (DescAW),
    .CntWidth (1)
  ) u_dut (
    .clk_i,
    .rst_ni,
    .clear_i      (1'b0),
    .go_i         (run_q),
    .beta_i       (beta),
    .cfg_we_i     (cfg_we),
    .cfg_tgt_i    (cfg_tgt),
    .cfg_idx_i    (cfg_idx),
    .cfg_field_i  (cfg_field),
    .cfg_wdata_i  (cfg_wdata),
    .done_i       (done),
    .rd_o         (rd),
    .rd_mask_o    (rd_mask),
    .rd_addr_o    (),
    .rdata_i      (rdata),
    .link_valid_o (),
    .link_word_o  (),
    .busy_o       (),
    .finished_o   (),
    .cnt_id_i     ('0),
    .cnt_o        ()
  );

  //@tap t_start u_dut.start_now
  //@tap t_pos   u_dut.pos_q
  //@tap t_npkt  u_dut.npkt_q
  //@tap t_op    u_dut.cur_op
  //@tap-list t_need0 DescAW+1 u_dut.gen_need[0].need_q[%i] DescN
  //@tap-list t_need1 DescAW+1 u_dut.gen_need[1].need_q[%i] DescN
  logic              t_start;
  logic [CntW-1:0]   t_pos, t_npkt;
  logic [1:0]        t_op;
  logic [DescN*CntW-1:0] t_need0, t_need1;

  if (Dim != 2) begin : gen_err_dim
    $error("hc_fv_sf_tx: the threshold taps are written for Dim = 2");
  end

  logic [CntW:0]       k_q;     // packets started in this run
  logic [Dim*CntW-1:0] done_q;  // the counters of the previous cycle
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      run_q  <= 1'b0;
      k_q    <= '0;
      done_q <= '0;
    end else begin
      run_q  <= run_q || run;
      done_q <= done;
      if (t_start) begin
        k_q <= k_q + 1'b1;
      end
    end
  end

  always_comb begin
    if (!rst_ni) begin
      assume (!cfg_we);
    end
    assume (beta == 16'd3 || beta == 16'd4);
    if (run_q) begin
      assume (!cfg_we);
      for (int j = 0; j < Dim; j++) begin
        assume (done[j*CntW +: CntW] >= done_q[j*CntW +: CntW]);
      end
    end else begin
      assume (done == '0);
    end
    if (cfg_we && cfg_tgt == hc_pkg::TgtGseg && cfg_field == hc_pkg::GsegFieldComb) begin
      assume ((cfg_wdata[15:0] >> Banks) == '0 && cfg_wdata[Banks-1:0] != '0);
    end
    if (rd) begin
      assume (rd_mask != '0 && t_op != 2'd3);
      if (t_op == hc_pkg::CombPlain) begin
        assume ($onehot(rd_mask));
      end
    end
  end

  always_comb begin
    logic [CntW-1:0] n0, n1;
    n0 = '0;
    n1 = '0;
    if (k_q < (CntW+1)'(DescN)) begin
      n0 = t_need0[k_q[DescAW-1:0]*CntW +: CntW];
      n1 = t_need1[k_q[DescAW-1:0]*CntW +: CntW];
    end
    ok_tx_ready = !t_start || (done[0 +: CntW] >= n0 && done[CntW +: CntW] >= n1);
    ok_inv_pos  = (k_q == (CntW+1)'(t_pos)) && (run_q || k_q == '0);
  end

  always_comb begin
    if (rst_ni) begin
      tx_ready: assert (ok_tx_ready);
      inv_pos: assert (ok_inv_pos);
    end
  end

endmodule
