// The hypercube of the FPGA self-test (rtl/hc_selftest.sv): 2^Dim routers
// and their network interfaces wired exactly as in rtl/hc_network.sv (output
// i of router x drives input i of router x ^ 2^i, the ejection port always
// sinks), without the per-link observation ports the lockstep testbench
// needs, and with the routers' channel counters narrowed to CntWidth bits to
// save logic cells on a small FPGA. The counters are read through one read
// port, as in hc_network; the network interfaces keep their identity address
// map (never written).
module hc_cube #(
  /// Cube dimension (2^Dim nodes).
  parameter int unsigned Dim          = 3,
  /// Flit payload bits, at least Dim.
  parameter int unsigned PayloadWidth = 8,
  /// Flits per router input buffer.
  parameter int unsigned BufDepth     = 2,
  /// Flits per network-interface injection queue.
  parameter int unsigned InjDepth     = 2,
  /// Bits of each summing channel counter, 1..32.
  parameter int unsigned CntWidth     = 16
) (
  /// Clock, rising edge.
  input  logic                                 clk_i,
  /// Asynchronous reset, active low.
  input  logic                                 rst_ni,
  /// Per node: a flit is offered for injection (only while inj_ready_o).
  input  logic [(1<<Dim)-1:0]                  inj_valid_i,
  /// Per node: the offered flit, node x at [x*FlitW +: FlitW].
  input  logic [(1<<Dim)*(PayloadWidth+2)-1:0] inj_flit_i,
  /// Per node: the injection queue has room (registered).
  output logic [(1<<Dim)-1:0]                  inj_ready_o,
  /// Per node: a flit is delivered this cycle.
  output logic [(1<<Dim)-1:0]                  ej_valid_o,
  /// Per node: the delivered flit, 0 when none.
  output logic [(1<<Dim)*(PayloadWidth+2)-1:0] ej_flit_o,
  /// The whole network was empty at the start of the previous cycle.
  output logic                                 idle_o,
  /// Counter read port: node.
  input  logic [Dim-1:0]                       cnt_node_i,
  /// Counter read port: output port of that node (Dim = ejection).
  input  logic [3:0]                           cnt_port_i,
  /// Counter read port: counter id (hc_pkg::Cnt*).
  input  logic [2:0]                           cnt_id_i,
  /// Counter read port: the selected counter (combinational), zero-extended.
  output logic [31:0]                          cnt_data_o
);

  /// Derived: node count, ports per router, flit width.
  localparam int unsigned Nodes = 1 << Dim;
  localparam int unsigned Ports = Dim + 1;
  localparam int unsigned FlitW = PayloadWidth + 2;

  // Router-side view, indexed [x*Ports + port].
  logic [Nodes*Ports-1:0]       rt_in_valid, rt_in_ready, rt_out_valid;
  logic [Nodes*Ports-1:0]       rt_out_ready, rt_out_busy, rt_out_blocked;
  logic [Nodes*Ports*FlitW-1:0] rt_in_flit, rt_out_flit;
  logic [Nodes*32-1:0]          rt_cnt;
  logic [Nodes-1:0]             rt_idle, ni_idle;

  for (genvar x = 0; x < Nodes; x++) begin : gen_node
    for (genvar i = 0; i < Dim; i++) begin : gen_link
      // Neighbour across dimension i.
      localparam int unsigned Nb = x ^ (1 << i);
      assign rt_in_valid[x*Ports + i]                 = rt_out_valid[Nb*Ports + i];
      assign rt_in_flit[(x*Ports + i)*FlitW +: FlitW] = rt_out_flit[(Nb*Ports + i)*FlitW +: FlitW];
      assign rt_out_ready[x*Ports + i]                = rt_in_ready[Nb*Ports + i];
    end

    // The ejection port always sinks.
    assign rt_out_ready[x*Ports + Dim] = 1'b1;
    assign ej_valid_o[x]               = rt_out_valid[x*Ports + Dim];
    assign ej_flit_o[x*FlitW +: FlitW] = rt_out_flit[(x*Ports + Dim)*FlitW +: FlitW];

    hc_ni #(
      .Dim      (Dim),
      .FlitW    (FlitW),
      .InjDepth (InjDepth)
    ) u_ni (
      .clk_i,
      .rst_ni,
      .inj_valid_i (inj_valid_i[x]),
      .inj_flit_i  (inj_flit_i[x*FlitW +: FlitW]),
      .inj_ready_o (inj_ready_o[x]),
      .rt_valid_o  (rt_in_valid[x*Ports + Dim]),
      .rt_flit_o   (rt_in_flit[(x*Ports + Dim)*FlitW +: FlitW]),
      .rt_ready_i  (rt_in_ready[x*Ports + Dim]),
      .idle_o      (ni_idle[x]),
      .remap_we_i  (1'b0),
      .remap_i     ('0)
    );

    hc_router #(
      .Dim          (Dim),
      .PayloadWidth (PayloadWidth),
      .BufDepth     (BufDepth),
      .CntWidth     (CntWidth)
    ) u_router (
      .clk_i,
      .rst_ni,
      .node_id_i     (Dim'(x)),
      .in_valid_i    (rt_in_valid[x*Ports +: Ports]),
      .in_flit_i     (rt_in_flit[x*Ports*FlitW +: Ports*FlitW]),
      .in_ready_o    (rt_in_ready[x*Ports +: Ports]),
      .out_valid_o   (rt_out_valid[x*Ports +: Ports]),
      .out_flit_o    (rt_out_flit[x*Ports*FlitW +: Ports*FlitW]),
      .out_ready_i   (rt_out_ready[x*Ports +: Ports]),
      .out_busy_o    (rt_out_busy[x*Ports +: Ports]),
      .out_blocked_o (rt_out_blocked[x*Ports +: Ports]),
      .idle_o        (rt_idle[x]),
      .cnt_port_i,
      .cnt_id_i,
      .cnt_data_o    (rt_cnt[x*32 +: 32])
    );
  end

  assign cnt_data_o = rt_cnt[cnt_node_i*32 +: 32];

  logic idle_q;
  assign idle_o = idle_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      idle_q <= 1'b1;
    end else begin
      idle_q <= (&rt_idle) && (&ni_idle);
    end
  end

  // Waveform-only outputs of the routers, not needed here.
  logic unused_obs;
  assign unused_obs = ^{rt_out_busy, rt_out_blocked};

endmodule
