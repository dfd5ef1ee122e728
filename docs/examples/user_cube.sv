// Example of reusing the router IP in a user's design (docs/library.md): a
// small cube on one chip. hc_network (the top of rtl/hcrouter.core) with
// 2^Dim nodes, each node's network interface wired to the user's logic:
// per node a flit port in (inj_*) and out (ej_*); a message is a head flit
// with the destination node in its low Dim bits, body flits, a tail (or
// one single flit; docs/microarchitecture.md). Built wormhole-only (no
// store-and-forward engines, no cost model): the configuration port, the
// NI address maps and the path set-up inputs are tied off, so the network
// stays in its reset mode, e-cube wormhole routing. The channel counters
// are readable.
module user_cube #(
  /// Cube dimension (2^Dim nodes).
  parameter int unsigned Dim          = 2,
  /// Flit payload bits.
  parameter int unsigned PayloadWidth = 16
) (
  /// Clock, rising edge.
  input  logic                                  clk_i,
  /// Asynchronous reset, active low.
  input  logic                                  rst_ni,
  /// Per node x: a flit to send, at [x*(PayloadWidth+2) +:] (only while inj_ready_o[x]).
  input  logic [(1<<Dim)-1:0]                   inj_valid_i,
  /// The flits.
  input  logic [(1<<Dim)*(PayloadWidth+2)-1:0]  inj_flit_i,
  /// Per node: the injection queue has room.
  output logic [(1<<Dim)-1:0]                   inj_ready_o,
  /// Per node: a flit delivered there.
  output logic [(1<<Dim)-1:0]                   ej_valid_o,
  /// The flits.
  output logic [(1<<Dim)*(PayloadWidth+2)-1:0]  ej_flit_o,
  /// Nothing in the network.
  output logic                                  idle_o,
  /// Counter read port: node, output port, counter id (hc_pkg::Cnt*).
  input  logic [Dim-1:0]                        cnt_node_i,
  input  logic [3:0]                            cnt_port_i,
  input  logic [2:0]                            cnt_id_i,
  /// Counter read port: the counter.
  output logic [31:0]                           cnt_data_o
);

  localparam int unsigned N     = 1 << Dim;
  localparam int unsigned FlitW = PayloadWidth + 2;

  // Observation outputs of the network (for waveforms and the testbench).
  logic [N-1:0]           probe_ready;
  logic [N*Dim-1:0]       link_valid, link_busy, link_blocked, link_probe_valid, link_ack;
  logic [N*Dim*FlitW-1:0] link_flit;
  logic [N*Dim*Dim-1:0]   link_probe_dest;
  logic [15:0]            step;
  logic [31:0]            cfg_rdata;
  logic                   sf_done;

  hc_network #(
    .Dim          (Dim),
    .PayloadWidth (PayloadWidth),
    .SfEnable     (1'b0),
    .CsEnable     (1'b0)
  ) u_cube (
    .clk_i,
    .mem_clk_i    (clk_i),  // used only with SfMemTdm = 1 (then d times clk_i)
    .rst_ni,
    .inj_valid_i,
    .inj_flit_i,
    .inj_ready_o,
    .probe_valid_i      ('0),
    .probe_dest_i       ('0),
    .probe_ready_o      (probe_ready),
    .ej_valid_o,
    .ej_flit_o,
    .link_valid_o       (link_valid),
    .link_flit_o        (link_flit),
    .link_busy_o        (link_busy),
    .link_blocked_o     (link_blocked),
    .link_probe_valid_o (link_probe_valid),
    .link_probe_dest_o  (link_probe_dest),
    .link_ack_o         (link_ack),
    .idle_o,
    .step_i             ('0),
    .step_o             (step),
    .remap_we_i         (1'b0),
    .remap_i            ('0),
    .cnt_node_i,
    .cnt_port_i,
    .cnt_id_i,
    .cnt_data_o,
    .cfg_we_i           (1'b0),
    .cfg_re_i           (1'b0),
    .cfg_node_i         ('0),
    .cfg_tgt_i          ('0),
    .cfg_unit_i         ('0),
    .cfg_idx_i          ('0),
    .cfg_field_i        ('0),
    .cfg_wdata_i        ('0),
    .cfg_rdata_o        (cfg_rdata),
    .sf_done_o          (sf_done)
  );

  logic unused;
  assign unused = ^{probe_ready, link_valid, link_busy, link_blocked, link_probe_valid, link_ack,
                    link_flit, link_probe_dest, step, cfg_rdata, sf_done};

endmodule
