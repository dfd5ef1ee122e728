// The channel counters of one router kept in block RAM (hc_router's CntRam;
// docs/microarchitecture.md, "Channel counters in block RAM"): the four
// summing counters of every output port (flits, messages, busy cycles,
// blocked cycles) are split into low bits in flip-flops and high bits in
// words of a memory with a registered read (like hc_ram_1r1w: an iCE40
// SB_RAM40_4K); the max-waiting register of each port stays in flip-flops.
// Same counts as hc_chan_counters, modulo 2^CntWidth; only the read port is
// one cycle later.
//
// Counter c = port * 4 + kind (kind: hc_pkg::CntFlits .. CntBlocked). Each
// cycle's events are registered first (ev, as in hc_chan_counters, so no
// carry chain follows the allocation; a blocked cycle's event is the
// registered waiting count, which max-waiting keeps anyway, not 0), then counted by the counter's LowW
// low bits (LowW = ceil(log2(NCnt)), NCnt = 4 * Ports). A carry out of them
// sets the counter's pending bit, and a read-modify-write pipeline sweeps
// the memory's words in turn, one a cycle: in cycle t it reads word ph, in
// t+1 it writes word ph back plus its pending bit, which clears (or takes
// the carry of that very cycle). A counter's low bits carry at most once in
// 2^LowW >= NCnt cycles, and its word is written every NCnt cycles, so one
// pending bit is enough. In every cycle, for every counter,
//
//     count over cycles 0..t-1 = (word + pending) * 2^LowW + low + ev
//                                                      (modulo 2^CntWidth)
//
// with the word taken as 0 until the first sweep after reset has written
// it (the memory has no reset; first_q masks it). Consecutive words of the
// sweep differ (NCnt >= 8), so the pipeline never reads a word in the cycle
// it is written. A second memory, written with the same words, serves the
// read port: its read of cycle t returns the word as it is during t (read
// before write), and the registered pending bit, low bits and event of the
// same counter are added to it in t+1 (the bypass of what is not yet in the
// memory). So rdata_o in cycle t+1 is the counter's value in cycle t, which
// is what a read without CntRam shows in cycle t.
module hc_cnt_ram #(
  /// Output ports of the router.
  parameter int unsigned Ports    = 4,
  /// Bits of each summing counter, ceil(log2(4 * Ports)) + 1 .. 32 (the
  /// low ceil(log2(4 * Ports)) in flip-flops, the rest in the memories).
  parameter int unsigned CntWidth = 16,
  /// Bits of a waiting-heads count (ceil(log2(ports + 1))).
  parameter int unsigned WaitW    = 3
) (
  /// Clock, rising edge.
  input  logic                   clk_i,
  /// Asynchronous reset, active low: clears every counter (the memories'
  /// words are cleared by the first sweep, masked until then).
  input  logic                   rst_ni,
  /// Per output port: a flit is sent this cycle.
  input  logic [Ports-1:0]       flit_i,
  /// Per output port: the flit sent is a HEAD or SINGLE.
  input  logic [Ports-1:0]       head_i,
  /// Per output port: held at the start of the cycle or granted in it.
  input  logic [Ports-1:0]       busy_i,
  /// Per output port: heads that requested it and were not granted.
  input  logic [Ports*WaitW-1:0] waiting_i,
  /// Read port: output port of the counter to read.
  input  logic [3:0]             port_i,
  /// Read port: counter id (hc_pkg::Cnt*; ids above CntMaxWaiting read 0).
  input  logic [2:0]             id_i,
  /// The counter selected in the previous cycle, as it was then.
  output logic [31:0]            rdata_o
`ifndef SYNTHESIS
  ,
  /// Simulation only: the counter selected now, as it is now (what rdata_o
  /// shows in the next cycle); the lockstep compares it with the C model.
  output logic [31:0]            peek_o
`endif
);

  /// Derived: counters, word address bits, low bits in flip-flops (2^LowW
  /// >= NCnt: at most one carry between two writes of a word), high bits
  /// in the memories.
  localparam int unsigned NCnt  = Ports * 4;
  localparam int unsigned AddrW = $clog2(NCnt);
  localparam int unsigned LowW  = AddrW;
  localparam int unsigned HighW = (CntWidth > LowW) ? CntWidth - LowW : 1;
  localparam int unsigned Words = 1 << AddrW;

  // Parameter ranges, checked at elaboration by Verilator and yosys alike.
  if (CntWidth <= LowW || CntWidth > 32) begin : gen_err_cnt
    $error("hc_cnt_ram: CntWidth must be ceil(log2(4 * Ports)) + 1 .. 32");
  end
  if (Ports < 2 || Ports > 16) begin : gen_err_ports
    $error("hc_cnt_ram: Ports must be 2..16");
  end

  // ---------------------------------------------------------------------
  // Events, registered; the low bits and the pending carries
  // ---------------------------------------------------------------------
  logic [NCnt-1:0]      ev_q;            // per counter: its event last cycle
  logic [Ports*3-1:0]   ev_d, ev_r_q;    // per port: flit, head, busy (this / last cycle)
  logic [NCnt*LowW-1:0] low_d, low_q;    // per counter: its low bits
  logic [NCnt-1:0]      co;              // per counter: its low bits carry out now
  logic [NCnt-1:0]      pend_d, pend_q;  // per counter: a carry not yet in its word
  logic [AddrW-1:0]     ph_q, ph_d;      // the word read this cycle
  logic [AddrW-1:0]     wa_q;            // the word read last cycle: written this cycle
  logic                 first_q;         // the first sweep: words not yet written read as 0
  logic [HighW-1:0]     rmw_rdata;       // word wa_q, as read last cycle
  logic [HighW-1:0]     wdata;           // word wa_q, written this cycle
  logic [Words-1:0]     pend_all;        // pend_q, padded to the words' count

  logic [Ports*WaitW-1:0] wait_q;  // per port: waiting_i, registered (also for max-waiting)
  for (genvar o = 0; o < Ports; o++) begin : gen_ev
    assign ev_d[o*3 + 0] = flit_i[o];
    assign ev_d[o*3 + 1] = flit_i[o] && head_i[o];
    assign ev_d[o*3 + 2] = busy_i[o];
    assign ev_q[o*4 +: 3] = ev_r_q[o*3 +: 3];
    // A blocked cycle's event, registered, is the registered waiting count
    // not 0: derived from that register rather than kept twice.
    assign ev_q[o*4 + 3] = (wait_q[o*WaitW +: WaitW] != '0);
  end

  for (genvar c = 0; c < NCnt; c++) begin : gen_low
    logic flush;  // word c is written this cycle: its pending carry goes in
    assign flush = (wa_q == AddrW'(c));
    assign {co[c], low_d[c*LowW +: LowW]} = {1'b0, low_q[c*LowW +: LowW]} + (LowW + 1)'(ev_q[c]);
`ifdef HC_FAULT_dropcarry
    // Fault: a carry in the cycle its word is written is lost.
    assign pend_d[c] = !flush && (pend_q[c] || co[c]);
`else
    assign pend_d[c] = (!flush && pend_q[c]) || co[c];
`endif
  end
  assign pend_all = Words'(pend_q);

  // The word written: the memory's word (0 in the first sweep) plus its
  // pending carry.
  assign wdata = (first_q ? '0 : rmw_rdata) + HighW'(pend_all[wa_q]);
  assign ph_d  = (ph_q == AddrW'(NCnt - 1)) ? '0 : ph_q + 1'b1;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ev_r_q  <= '0;
      wait_q  <= '0;
      low_q   <= '0;
      pend_q  <= '0;
      ph_q    <= AddrW'(1);  // word 0 is written first, word 1 read
      wa_q    <= '0;
      first_q <= 1'b1;
    end else begin
      ev_r_q <= ev_d;
      wait_q <= waiting_i;
      low_q  <= low_d;
      pend_q <= pend_d;
      ph_q   <= ph_d;
      wa_q   <= ph_q;
      if (wa_q == AddrW'(NCnt - 1)) begin
        first_q <= 1'b0;
      end
    end
  end

  // The read-modify-write memory and the read port's copy of it, each a
  // memory with one write port and a registered read (as hc_ram_1r1w; a
  // read and a write of one word in one cycle return the old word), which
  // yosys maps to one iCE40 SB_RAM40_4K each (words of up to 16 bits). Word
  // wa_q is written every cycle, from the first cycle after reset on (word
  // 0, with 0: the first sweep ignores what it read). The pipeline's memory
  // never reads the word it writes (no_rw_check: yosys adds no logic for
  // a collision); the read port's may, and needs the old word.
  logic [HighW-1:0] rd_rdata;
  logic [AddrW-1:0] rd_addr;
  (* ram_style = "block", no_rw_check *) logic [HighW-1:0] rmw_mem_q [Words];
  (* ram_style = "block" *) logic [HighW-1:0] rd_mem_q [Words];
  logic [HighW-1:0] rmw_rdata_q, rd_rdata_q;
  always_ff @(posedge clk_i) begin
    rmw_mem_q[wa_q] <= wdata;
    rmw_rdata_q     <= rmw_mem_q[ph_q];
  end
  always_ff @(posedge clk_i) begin
    rd_mem_q[wa_q] <= wdata;
    rd_rdata_q     <= rd_mem_q[rd_addr];
  end
  assign rmw_rdata = rmw_rdata_q;
  assign rd_rdata  = rd_rdata_q;

  // ---------------------------------------------------------------------
  // Max-waiting, in flip-flops (as hc_chan_counters)
  // ---------------------------------------------------------------------
  logic [Ports*WaitW-1:0] max_wait;  // per port: the max-waiting value now
  for (genvar o = 0; o < Ports; o++) begin : gen_max
    logic [WaitW-1:0] wait_o, max_wait_q;
    assign wait_o = wait_q[o*WaitW +: WaitW];
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        max_wait_q <= '0;
      end else begin
        max_wait_q <= max_wait[o*WaitW +: WaitW];
      end
    end
    assign max_wait[o*WaitW +: WaitW] = (wait_o > max_wait_q) ? wait_o : max_wait_q;
  end

  // ---------------------------------------------------------------------
  // The read port
  // ---------------------------------------------------------------------
  // The selected counter now: a sum (its word's address, whether the word
  // is written yet, its low bits plus event, and what that and its pending
  // carry add to the word) or max-waiting.
  logic               sel_sum, sel_max, sel_init;
  logic [Words*LowW-1:0] low_all;   // low_q, padded to the words' count
  logic [Words-1:0]   ev_all;       // ev_q, padded
  logic [LowW-1:0]    sel_low;      // the selected low bits plus event, modulo 2^LowW
  logic               sel_c;        // ... their carry
  logic [1:0]         sel_add;      // what goes into the word: pending + carry
  logic [WaitW-1:0]   sel_maxw;
  assign sel_sum  = (32'(port_i) < Ports) && (id_i <= hc_pkg::CntBlocked);
  assign sel_max  = (32'(port_i) < Ports) && (id_i == hc_pkg::CntMaxWaiting);
  assign rd_addr  = AddrW'({port_i, id_i[1:0]});
  // In the first sweep word a is written at the end of cycle a, so during
  // cycle t it holds its count only if a < t = wa_q.
  assign sel_init = !first_q || (rd_addr < wa_q);
  assign low_all  = (Words*LowW)'(low_q);
  assign ev_all   = Words'(ev_q);
  assign {sel_c, sel_low} = {1'b0, low_all[rd_addr*LowW +: LowW]} + (LowW + 1)'(ev_all[rd_addr]);
  assign sel_add  = 2'(pend_all[rd_addr]) + 2'(sel_c);
  always_comb begin
    sel_maxw = '0;
    for (int unsigned o = 0; o < Ports; o++) begin
      if (port_i == 4'(o)) begin
        sel_maxw = max_wait[o*WaitW +: WaitW];
      end
    end
  end

  logic             rinit_q;
  logic [1:0]       radd_q;
  logic [LowW-1:0]  rlow_q;
  logic [WaitW-1:0] rmaxw_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rinit_q <= 1'b0;
      radd_q  <= '0;
      rlow_q  <= '0;
      rmaxw_q <= '0;
    end else begin
      // What is not selected registers as 0, so the read is an OR.
      rinit_q <= sel_sum && sel_init;
`ifdef HC_FAULT_nobypass
      // Fault: the registered read leaves out the pending carry, not yet
      // in the word (the peek keeps it).
      radd_q  <= sel_sum ? 2'(sel_c) : '0;
`else
      radd_q  <= sel_sum ? sel_add : '0;
`endif
      rlow_q  <= sel_sum ? sel_low : '0;
      rmaxw_q <= sel_max ? sel_maxw : '0;
    end
  end

  logic [HighW-1:0]    rhigh;  // the selected counter's high bits, last cycle
  logic [CntWidth-1:0] rsum;
  logic                unused_radd;
  assign unused_radd = ^radd_q;  // its top bit is cut off when HighW = 1
  assign rhigh   = (rinit_q ? rd_rdata : '0) + HighW'(radd_q);
  assign rsum    = CntWidth'({rhigh, rlow_q});
  assign rdata_o = 32'(rsum) | 32'(rmaxw_q);

`ifndef SYNTHESIS
  // The counters as they are now, for the lockstep: the read memory's word
  // (as it is in this cycle) and what is not yet in it.
  logic [HighW-1:0]    peek_high;
  logic [CntWidth-1:0] peek_sum;
  assign peek_high = (sel_init ? rd_mem_q[rd_addr] : '0) + HighW'(sel_add);
  assign peek_sum  = CntWidth'({peek_high, sel_low});
  assign peek_o    = sel_sum ? 32'(peek_sum) : sel_max ? 32'(sel_maxw) : '0;

  // The read port shows, one cycle later, exactly what peek_o showed.
  logic [31:0] peek_q;
  logic        peek_v_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      peek_q   <= '0;
      peek_v_q <= 1'b0;
    end else begin
      peek_q   <= peek_o;
      peek_v_q <= 1'b1;
    end
  end
  CntReadIsLastPeek: assert property (@(posedge clk_i) disable iff (!rst_ni)
      peek_v_q |-> (rdata_o == peek_q))
    else $error("hc_cnt_ram: read port shows %0d, the counter was %0d", rdata_o, peek_q);
  // The pipeline never reads the word it writes (consecutive words differ).
  CntRmwNoCollision: assert property (@(posedge clk_i) disable iff (!rst_ni)
      ph_q != wa_q)
    else $error("hc_cnt_ram: word %0d read and written in one cycle", wa_q);
  // At most one carry is pending: a counter's low bits never carry while
  // an earlier carry still waits for a write of its word.
  for (genvar c = 0; c < NCnt; c++) begin : gen_pend_assert
    CntOneCarryPending: assert property (@(posedge clk_i) disable iff (!rst_ni)
        co[c] |-> (!pend_q[c] || wa_q == AddrW'(c)))
      else $error("hc_cnt_ram: counter %0d carries with a carry pending", c);
  end
`endif

endmodule
