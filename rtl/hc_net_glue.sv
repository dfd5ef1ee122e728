// The part of the hypercube (hc_network) that is not a node: the global
// registers of the configuration port (hc_cfg_regs) and what the network
// gathers from all 2^Dim nodes, namely "every node finished" (mode 1's done),
// the registered idle flag of the whole network and the configuration port's
// read data. With hc_node it makes the whole network, and the node-sharded
// simulation Verilates the two of them apart (docs/architecture.md).
module hc_net_glue #(
  /// Cube dimension (2^Dim nodes).
  parameter int unsigned Dim      = 4,
  /// 1: the store-and-forward engines exist (see hc_cfg_regs).
  parameter bit          SfEnable = 1'b1,
  /// 1: the cost model exists (see hc_cfg_regs).
  parameter bit          CsEnable = 1'b1
) (
  /// Clock, rising edge.
  input  logic                     clk_i,
  /// Asynchronous reset, active low.
  input  logic                     rst_ni,
  /// Configuration port (hc_network's): write, read, target, register,
  /// value written.
  input  logic                     cfg_we_i,
  input  logic                     cfg_re_i,
  input  logic [2:0]               cfg_tgt_i,
  input  logic [15:0]              cfg_idx_i,
  input  logic [31:0]              cfg_wdata_i,
  /// Configuration port: the global read of the previous cycle ORed with
  /// every node's (only the node read returns non-zero), else 0.
  output logic [31:0]              cfg_rdata_o,
  /// Per node x (bit x, word x): finished (mode 1), idle, its read data.
  input  logic [(1<<Dim)-1:0]      finished_i,
  input  logic [(1<<Dim)-1:0]      idle_i,
  input  logic [(1<<Dim)*32-1:0]   rdata_i,
  /// The registers the nodes take (see hc_cfg_regs and hc_node).
  output logic                     sf_mode_o,
  output logic                     saf_mode_o,
  output logic                     cs_mode_o,
  output logic [15:0]              beta_o,
  output logic [hc_pkg::TauW-1:0]  tau_o,
  output logic [hc_pkg::XiW-1:0]   xi_o,
  output logic                     overlap_o,
  output logic                     run_o,
  output logic                     start_o,
  /// Mode 1: every node finished in the previous cycle.
  output logic                     sf_done_o,
  /// The whole network was idle at the start of the previous cycle
  /// (registered once after the AND over all nodes, as a real design would).
  output logic                     idle_o,
  /// The algorithm's step number, registered, for the waveform reader.
  input  logic [15:0]              step_i,
  output logic [15:0]              step_o
);

  /// Derived: node count.
  localparam int unsigned Nodes = 1 << Dim;

  logic [1:0]  mode;
  logic [31:0] grdata, nrdata;
  logic        idle_q;
  logic [15:0] step_q;

  hc_cfg_regs #(
    .SfEnable (SfEnable),
    .CsEnable (CsEnable)
  ) u_cfg_regs (
    .clk_i,
    .rst_ni,
    .cfg_we_i,
    .cfg_re_i,
    .cfg_tgt_i,
    .cfg_idx_i,
    .cfg_wdata_i,
    .finished_i (&finished_i),
    .mode_o     (mode),
    .beta_o,
    .tau_o,
    .xi_o,
    .overlap_o,
    .run_o,
    .start_o,
    .done_o     (sf_done_o),
    .rdata_o    (grdata)
  );

  assign sf_mode_o  = (mode == hc_pkg::ModeSf);
  assign saf_mode_o = (mode == hc_pkg::ModeSafHdr);
  assign cs_mode_o  = (mode == hc_pkg::ModeCircuit);

  always_comb begin
    nrdata = '0;
    for (int unsigned x = 0; x < Nodes; x++) begin
      nrdata = nrdata | rdata_i[x*32 +: 32];
    end
  end
  assign cfg_rdata_o = grdata | nrdata;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      idle_q <= 1'b1;
      step_q <= '0;
    end else begin
      idle_q <= &idle_i;
      step_q <= step_i;
    end
  end
  assign idle_o = idle_q;
  assign step_o = step_q;

endmodule
