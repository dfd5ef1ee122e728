// A measurement harness for one router on an FPGA (rtl/fpga/synth_board.sh):
// it puts a single hc_router on a package as small as the iCEBreaker's
// 48-pin UP5K, to measure the logic cells and the maximum clock frequency of
// a router alone. Each link output i is looped back into link input i of
// the same router, with its ready, exactly as a neighbour's buffer would
// take it in the cube: the paths that limit the clock of a cube (a
// buffer's registered count, through allocation and the crossbar, into the
// next buffer) are then register-to-register paths of this one router. The
// local port is the injection and ejection pins; the counter read port is
// driven from pins and folded to one parity pin, so no counter bit can be
// optimised away. The harness itself adds a parity tree of about a dozen
// LUTs to what is measured, and no flip-flop for flits of up to PinW bits.
// A wider flit would need more pins than the UP5K's 48-pin package has
// (the 16-bit payload's 18-bit flits in and out): its bits above PinW come
// in through a shift register from one pin (FlitW - PinW flip-flops) and go
// out folded onto the PinW ejection pins (one XOR each), so every bit stays
// live; the figures of docs/fpga.md include these cells.
module hc_router_harness #(
  /// Cube dimension: link ports of the router.
  parameter int unsigned Dim          = 3,
  /// Flit payload bits (flits are PayloadWidth + 2 bits).
  parameter int unsigned PayloadWidth = 8,
  /// Flits per router input buffer.
  parameter int unsigned BufDepth     = 4,
  /// Bits of each summing channel counter (0: no counter).
  parameter int unsigned CntWidth     = 32,
  /// 1: the input buffers in block RAM (hc_fifo's Ram).
  parameter bit          BufRam       = 1'b0,
  /// 1: the registered route stage (hc_router's RouteReg, 2 cycles per hop).
  parameter bit          RouteReg     = 1'b0,
  /// 1: the summing counters in block RAM (hc_router's CntRam; the read
  /// port registered).
  parameter bit          CntRam       = 1'b0,
  /// Flit bits on pins, each way: the rest are shifted in and folded out.
  parameter int unsigned PinW         = 10
) (
  /// Clock, rising edge.
  input  logic                    clk_i,
  /// Asynchronous reset, active low.
  input  logic                    rst_ni,
  /// The router's node number.
  input  logic [Dim-1:0]          node_id_i,
  /// Local input: a flit is offered (only while inj_ready_o).
  input  logic                    inj_valid_i,
  /// Local input: the offered flit's low bits (all of it when it has at
  /// most PinW bits).
  input  logic [((PayloadWidth + 2 < PinW) ? PayloadWidth + 2 : PinW)-1:0] inj_flit_i,
  /// Local input: the offered flit's bits above PinW, one a cycle.
  input  logic                    inj_shift_i,
  /// Local input: the router's local buffer has room.
  output logic                    inj_ready_o,
  /// Ejection port: a flit is delivered.
  output logic                    ej_valid_o,
  /// Ejection port: the delivered flit, its bits above PinW folded in.
  output logic [((PayloadWidth + 2 < PinW) ? PayloadWidth + 2 : PinW)-1:0] ej_flit_o,
  /// Counter read port: output port.
  input  logic [3:0]              cnt_port_i,
  /// Counter read port: counter id (hc_pkg::Cnt*).
  input  logic [2:0]              cnt_id_i,
  /// Parity of the selected counter.
  output logic                    cnt_parity_o
);

  /// Derived: ports and flit width.
  localparam int unsigned Ports = Dim + 1;
  localparam int unsigned FlitW = PayloadWidth + 2;
  /// Derived: flit bits on pins, and bits shifted in (at least 1, unused
  /// when the flit fits the pins).
  localparam int unsigned LowW  = (FlitW < PinW) ? FlitW : PinW;
  localparam int unsigned HighW = (FlitW > LowW) ? FlitW - LowW : 1;

  logic [Ports-1:0]       in_valid, in_ready, out_valid, out_ready;
  logic [Ports*FlitW-1:0] in_flit, out_flit;
  logic [Ports-1:0]       out_busy, out_blocked;
  logic [Ports*$clog2(Ports+1)-1:0] out_waiting;
  logic                   idle;
  logic [31:0]            cnt_data;
  logic [Dim-1:0]         pout_valid;   // the cost model's outputs, tied off
  logic [Dim*Dim-1:0]     pout_dest;
  logic [Dim:0]           ack, held;

  logic [FlitW-1:0] inj_flit, ej_flit;

  // A flit wider than the pins: its high bits from a shift register, and
  // folded onto the low ones on the way out.
  if (FlitW > LowW) begin : gen_wide
    logic [HighW-1:0] high_q;
    logic [LowW-1:0]  fold;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        high_q <= '0;
      end else begin
        high_q <= HighW'({high_q, inj_shift_i});
      end
    end
    assign inj_flit = {high_q, inj_flit_i};
    always_comb begin
      fold = ej_flit[LowW-1:0];
      for (int unsigned k = LowW; k < FlitW; k++) begin
        fold[k % LowW] = fold[k % LowW] ^ ej_flit[k];
      end
    end
    assign ej_flit_o = fold;
  end else begin : gen_narrow
    logic unused_shift;
    assign unused_shift = inj_shift_i;
    assign inj_flit  = inj_flit_i;
    assign ej_flit_o = ej_flit;
  end

  // Links loop back: output i feeds input i, input i's ready is output i's.
  assign in_valid  = {inj_valid_i, out_valid[Dim-1:0]};
  assign in_flit   = {inj_flit, out_flit[Dim*FlitW-1:0]};
  assign out_ready = {1'b1, in_ready[Dim-1:0]};

  assign inj_ready_o  = in_ready[Dim];
  assign ej_valid_o   = out_valid[Dim];
  assign ej_flit      = out_flit[Dim*FlitW +: FlitW];
  assign cnt_parity_o = ^cnt_data;

  hc_router #(
    .Dim          (Dim),
    .PayloadWidth (PayloadWidth),
    .BufDepth     (BufDepth),
    .CntWidth     (CntWidth),
    .BufRam       (BufRam),
    .RouteReg     (RouteReg),
    .CntRam       (CntRam),
    // The paper's cost model (tau, circuit switching) is not measured here.
    .CsEnable     (1'b0)
  ) u_router (
    .saf_i         (1'b0),
    .circuit_i     (1'b0),
    .tau_i         ('0),
    .pin_valid_i   ('0),
    .pin_dest_i    ('0),
    .ack_i         ('0),
    .pout_valid_o  (pout_valid),
    .pout_dest_o   (pout_dest),
    .ack_o         (ack),
    .held_o        (held),
    .clk_i,
    .rst_ni,
    .node_id_i,
    .in_valid_i    (in_valid),
    .in_flit_i     (in_flit),
    .in_ready_o    (in_ready),
    .out_valid_o   (out_valid),
    .out_flit_o    (out_flit),
    .out_ready_i   (out_ready),
    .out_busy_o    (out_busy),
    .out_blocked_o (out_blocked),
    .out_waiting_o (out_waiting),
    .idle_o        (idle),
    .cnt_port_i,
    .cnt_id_i,
    .cnt_data_o    (cnt_data)
  );

  // Waveform-only outputs of the router, and the cost model's (tied off), not measured.
  logic unused;
  assign unused = ^{out_busy, out_blocked, out_waiting, idle, pout_valid, pout_dest, ack, held};

endmodule
