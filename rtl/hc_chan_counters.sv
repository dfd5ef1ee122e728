// The five channel counters of one router output port
// (docs/microarchitecture.md, "Channel counters"): flits, messages, busy
// cycles and blocked cycles count cycles in which their event happens; the
// max-waiting register keeps the largest number of heads that waited for
// the port in one cycle. Sums wrap at 2^CntWidth rather than saturate, so
// that the C model reproduces them with plain uint32_t arithmetic (for the
// default CntWidth = 32; a board build may narrow them, see docs/fpga.md).
// CntWidth = 0 builds none of the five (all read as 0): the counter-free
// router of small FPGAs (the waiting count that feeds max-waiting and
// blocked alone is about 20 logic cells a port on the iCE40).
//
// The events of cycle t come late in the cycle (they follow the
// allocation), so they are registered first and summed at the end of cycle
// t+1: no counter's carry chain lengthens the router's critical path. The
// read stays exact in every cycle: cnt_o shows the registered part and
// pend_o the selected sum's registered event, which the router adds after
// its port multiplexer (one adder per router, not one per counter); the
// max-waiting read already takes the registered waiting count into account.
module hc_chan_counters #(
  /// Bits of each summing counter, 0..32; 0 builds no counter at all
  /// (every one, max-waiting too, reads as 0); cnt_o zero-extends.
  parameter int unsigned CntWidth = 32,
  /// Bits of the waiting-heads count (ceil(log2(ports + 1))).
  parameter int unsigned WaitW = 3
) (
  /// Clock, rising edge.
  input  logic             clk_i,
  /// Asynchronous reset, active low: clears every counter.
  input  logic             rst_ni,
  /// A flit is sent on the port this cycle.
  input  logic             flit_i,
  /// The flit sent is a HEAD or SINGLE.
  input  logic             head_i,
  /// The port is held at the start of the cycle or granted in it.
  input  logic             busy_i,
  /// Heads that requested the port and were not granted this cycle.
  input  logic [WaitW-1:0] waiting_i,
  /// Counter to show on cnt_o (hc_pkg::Cnt*).
  input  logic [2:0]       id_i,
  /// The selected counter's registered part (the max-waiting register
  /// exact), zero-extended.
  output logic [31:0]      cnt_o,
  /// The selected summing counter's event of the previous cycle, not yet
  /// in cnt_o: the counter's value is cnt_o + pend_o modulo 2^CntWidth.
  output logic             pend_o
);

  // Parameter ranges, checked at elaboration by Verilator and yosys alike.
  if (CntWidth > 32) begin : gen_err_cnt
    $error("hc_chan_counters: CntWidth must be 0..32");
  end
  if (WaitW < 1 || WaitW > 32) begin : gen_err_wait
    $error("hc_chan_counters: WaitW must be 1..32");
  end

  logic [31:0]      flits, msgs, busy, blocked;  // the sums, zero-extended
  logic [3:0]       ev;                          // their registered events
  logic [WaitW-1:0] max_wait;                    // max-waiting, exact

  if (CntWidth > 0) begin : gen_sums
    logic [CntWidth-1:0] flits_q, msgs_q, busy_q, blocked_q;
    logic [3:0]          ev_q;  // {blocked, busy, message, flit} of last cycle
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        ev_q      <= '0;
        flits_q   <= '0;
        msgs_q    <= '0;
        busy_q    <= '0;
        blocked_q <= '0;
      end else begin
        ev_q      <= {waiting_i != '0, busy_i, flit_i && head_i, flit_i};
        flits_q   <= flits_q + CntWidth'(ev_q[0]);
        msgs_q    <= msgs_q + CntWidth'(ev_q[1]);
        busy_q    <= busy_q + CntWidth'(ev_q[2]);
        blocked_q <= blocked_q + CntWidth'(ev_q[3]);
      end
    end
    assign flits   = 32'(flits_q);
    assign msgs    = 32'(msgs_q);
    assign busy    = 32'(busy_q);
    assign blocked = 32'(blocked_q);
    assign ev      = ev_q;
  end else begin : gen_no_sums
    logic unused_sums;
    assign unused_sums = ^{flit_i, head_i, busy_i};  // waiting_i: gen_no_max
    assign flits   = '0;
    assign msgs    = '0;
    assign busy    = '0;
    assign blocked = '0;
    assign ev      = '0;
  end

  if (CntWidth > 0) begin : gen_max
    logic [WaitW-1:0] wait_q, max_wait_q;  // last cycle's waiting; max before it
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        wait_q     <= '0;
        max_wait_q <= '0;
      end else begin
        wait_q     <= waiting_i;
        max_wait_q <= max_wait;
      end
    end
    assign max_wait = (wait_q > max_wait_q) ? wait_q : max_wait_q;
  end else begin : gen_no_max
    // No register at all: the clock and reset go nowhere.
    logic unused_wait;
    assign unused_wait = ^{waiting_i, clk_i, rst_ni};
    assign max_wait    = '0;
  end

  always_comb begin
    cnt_o  = '0;
    pend_o = 1'b0;
    unique case (id_i)
      hc_pkg::CntFlits:      begin cnt_o = flits;   pend_o = ev[0]; end
      hc_pkg::CntMessages:   begin cnt_o = msgs;    pend_o = ev[1]; end
      hc_pkg::CntBusy:       begin cnt_o = busy;    pend_o = ev[2]; end
      hc_pkg::CntBlocked:    begin cnt_o = blocked; pend_o = ev[3]; end
      hc_pkg::CntMaxWaiting: cnt_o = 32'(max_wait);
      default:               cnt_o = '0;
    endcase
  end

endmodule
