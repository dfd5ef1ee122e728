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
// optimised away. The harness itself adds no flip-flops and a parity tree of
// about a dozen LUTs to what is measured.
module hc_router_harness #(
  /// Cube dimension: link ports of the router.
  parameter int unsigned Dim          = 3,
  /// Flit payload bits (flits are PayloadWidth + 2 bits).
  parameter int unsigned PayloadWidth = 8,
  /// Flits per router input buffer.
  parameter int unsigned BufDepth     = 4,
  /// Bits of each summing channel counter.
  parameter int unsigned CntWidth     = 32
) (
  /// Clock, rising edge.
  input  logic                    clk_i,
  /// Asynchronous reset, active low.
  input  logic                    rst_ni,
  /// The router's node number.
  input  logic [Dim-1:0]          node_id_i,
  /// Local input: a flit is offered (only while inj_ready_o).
  input  logic                    inj_valid_i,
  /// Local input: the offered flit.
  input  logic [PayloadWidth+1:0] inj_flit_i,
  /// Local input: the router's local buffer has room.
  output logic                    inj_ready_o,
  /// Ejection port: a flit is delivered.
  output logic                    ej_valid_o,
  /// Ejection port: the delivered flit.
  output logic [PayloadWidth+1:0] ej_flit_o,
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

  logic [Ports-1:0]       in_valid, in_ready, out_valid, out_ready;
  logic [Ports*FlitW-1:0] in_flit, out_flit;
  logic [Ports-1:0]       out_busy, out_blocked;
  logic [Ports*$clog2(Ports+1)-1:0] out_waiting;
  logic                   idle;
  logic [31:0]            cnt_data;
  logic [Dim-1:0]         pout_valid;   // the cost model's outputs, tied off
  logic [Dim*Dim-1:0]     pout_dest;
  logic [Dim:0]           ack, held;

  // Links loop back: output i feeds input i, input i's ready is output i's.
  assign in_valid  = {inj_valid_i, out_valid[Dim-1:0]};
  assign in_flit   = {inj_flit_i, out_flit[Dim*FlitW-1:0]};
  assign out_ready = {1'b1, in_ready[Dim-1:0]};

  assign inj_ready_o  = in_ready[Dim];
  assign ej_valid_o   = out_valid[Dim];
  assign ej_flit_o    = out_flit[Dim*FlitW +: FlitW];
  assign cnt_parity_o = ^cnt_data;

  hc_router #(
    .Dim          (Dim),
    .PayloadWidth (PayloadWidth),
    .BufDepth     (BufDepth),
    .CntWidth     (CntWidth),
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
