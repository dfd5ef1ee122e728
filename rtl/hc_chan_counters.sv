// The five channel counters of one router output port
// (docs/microarchitecture.md, "Channel counters"): flits, messages, busy
// cycles and blocked cycles count cycles in which their event happens; the
// max-waiting register keeps the largest number of heads that waited for
// the port in one cycle. Sums wrap at 2^CntWidth rather than saturate, so
// that the C model reproduces them with plain uint32_t arithmetic (for the
// default CntWidth = 32; a board build may narrow them, see docs/fpga.md).
module hc_chan_counters #(
  /// Bits of each summing counter, 1..32; cnt_o zero-extends to 32 bits.
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
  /// The selected counter.
  output logic [31:0]      cnt_o
);

  // Parameter ranges, checked at elaboration by Verilator and yosys alike.
  if (CntWidth < 1 || CntWidth > 32) begin : gen_err_cnt
    $error("hc_chan_counters: CntWidth must be 1..32");
  end
  if (WaitW < 1 || WaitW > 32) begin : gen_err_wait
    $error("hc_chan_counters: WaitW must be 1..32");
  end

  logic [CntWidth-1:0] flits_q, msgs_q, busy_q, blocked_q;
  logic [WaitW-1:0] max_wait_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      flits_q    <= '0;
      msgs_q     <= '0;
      busy_q     <= '0;
      blocked_q  <= '0;
      max_wait_q <= '0;
    end else begin
      flits_q    <= flits_q + CntWidth'(flit_i);
      msgs_q     <= msgs_q + CntWidth'(flit_i && head_i);
      busy_q     <= busy_q + CntWidth'(busy_i);
      blocked_q  <= blocked_q + CntWidth'(waiting_i != '0);
      max_wait_q <= (waiting_i > max_wait_q) ? waiting_i : max_wait_q;
    end
  end

  always_comb begin
    cnt_o = '0;
    unique case (id_i)
      hc_pkg::CntFlits:      cnt_o = 32'(flits_q);
      hc_pkg::CntMessages:   cnt_o = 32'(msgs_q);
      hc_pkg::CntBusy:       cnt_o = 32'(busy_q);
      hc_pkg::CntBlocked:    cnt_o = 32'(blocked_q);
      hc_pkg::CntMaxWaiting: cnt_o = 32'(max_wait_q);
      default:               cnt_o = '0;
    endcase
  end

endmodule
