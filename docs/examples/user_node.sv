// Example of reusing the router IP in a user's design (docs/library.md):
// one node of a hypercube built across chips or boards. One hc_router
// (from the core file rtl/hcrouter.core, or the list share/hcrouter/rtl/hc_ip.f
// of an installed tree) whose Dim link ports are this chip's pins towards
// its Dim neighbours, each a valid/ready flit channel, and whose local
// port is the user's logic: flits in (inj_*) and out (ej_*). A head flit
// carries its destination node in its low Dim bits (docs/microarchitecture.md);
// the router forwards it e-cube. The cost model (circuit switching) is not
// built, and the counter read port is brought out.
module user_node #(
  /// Cube dimension: link ports of this node.
  parameter int unsigned Dim          = 3,
  /// Flit payload bits (a flit is 2 kind bits and the payload).
  parameter int unsigned PayloadWidth = 16
) (
  /// Clock, rising edge.
  input  logic                            clk_i,
  /// Asynchronous reset, active low.
  input  logic                            rst_ni,
  /// This node's number, 0..2^Dim-1 (straps or a register).
  input  logic [Dim-1:0]                  node_id_i,
  /// From neighbour i: a flit is offered, link i at [i*(PayloadWidth+2) +:].
  input  logic [Dim-1:0]                  link_in_valid_i,
  /// From neighbour i: the flits.
  input  logic [Dim*(PayloadWidth+2)-1:0] link_in_flit_i,
  /// To neighbour i: this node's buffer for link i has room (registered).
  output logic [Dim-1:0]                  link_in_ready_o,
  /// To neighbour i: a flit is sent.
  output logic [Dim-1:0]                  link_out_valid_o,
  /// To neighbour i: the flits.
  output logic [Dim*(PayloadWidth+2)-1:0] link_out_flit_o,
  /// From neighbour i: its buffer for this link has room.
  input  logic [Dim-1:0]                  link_out_ready_i,
  /// From the user's logic: a flit to send (only while inj_ready_o).
  input  logic                            inj_valid_i,
  /// The flit.
  input  logic [PayloadWidth+1:0]         inj_flit_i,
  /// The local input buffer has room.
  output logic                            inj_ready_o,
  /// To the user's logic: a flit delivered here.
  output logic                            ej_valid_o,
  /// The flit.
  output logic [PayloadWidth+1:0]         ej_flit_o,
  /// The router holds no flit and no path (for a power-down or a barrier).
  output logic                            idle_o,
  /// Counter read port: output port (0..Dim, Dim the local one).
  input  logic [3:0]                      cnt_port_i,
  /// Counter read port: counter id (hc_pkg::Cnt*).
  input  logic [2:0]                      cnt_id_i,
  /// Counter read port: the counter.
  output logic [31:0]                     cnt_data_o
);

  localparam int unsigned FlitW = PayloadWidth + 2;

  logic [Dim:0]       out_valid, in_ready;
  logic [(Dim+1)*FlitW-1:0] out_flit;
  // Outputs of the cost model and the waveform helpers, not used here.
  logic [Dim-1:0]     pout_valid;
  logic [Dim*Dim-1:0] pout_dest;
  logic [Dim:0]       ack, held, out_busy, out_blocked;
  logic [(Dim+1)*$clog2(Dim+2)-1:0] out_waiting;

  hc_router #(
    .Dim          (Dim),
    .PayloadWidth (PayloadWidth),
    .CsEnable     (1'b0)
  ) u_router (
    .clk_i,
    .rst_ni,
    .node_id_i,
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
    .in_valid_i    ({inj_valid_i, link_in_valid_i}),
    .in_flit_i     ({inj_flit_i, link_in_flit_i}),
    .in_ready_o    (in_ready),
    .out_valid_o   (out_valid),
    .out_flit_o    (out_flit),
    .out_ready_i   ({1'b1, link_out_ready_i}),
    .out_busy_o    (out_busy),
    .out_blocked_o (out_blocked),
    .out_waiting_o (out_waiting),
    .idle_o,
    .cnt_port_i,
    .cnt_id_i,
    .cnt_data_o
  );

  assign link_in_ready_o  = in_ready[Dim-1:0];
  assign inj_ready_o      = in_ready[Dim];
  assign link_out_valid_o = out_valid[Dim-1:0];
  assign link_out_flit_o  = out_flit[Dim*FlitW-1:0];
  assign ej_valid_o       = out_valid[Dim];
  assign ej_flit_o        = out_flit[Dim*FlitW +: FlitW];

  logic unused;
  assign unused = ^{pout_valid, pout_dest, ack, held, out_busy, out_blocked, out_waiting};

endmodule
