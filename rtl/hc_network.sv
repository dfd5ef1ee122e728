// A Dim-dimensional binary hypercube of 2^Dim routers, each with its network
// interface: output i of router x drives input i of router x ^ 2^i. Every
// link, ejection port and injection ready is brought out for the testbench
// (the lockstep backend compares them with csim/ every cycle) and named per
// node and dimension for a person reading the waveform. The channel counters
// of all routers are read through one read port.
module hc_network #(
  /// Cube dimension (2^Dim nodes).
  parameter int unsigned Dim          = 4,
  /// Flit payload bits, at least Dim.
  parameter int unsigned PayloadWidth = 16,
  /// Flits per router input buffer.
  parameter int unsigned BufDepth     = 2,
  /// Flits per network-interface injection queue.
  parameter int unsigned InjDepth     = 4,
  /// Bits of each summing channel counter (32 in simulation; a small FPGA
  /// build narrows them, docs/fpga.md). The read port zero-extends.
  parameter int unsigned CntWidth     = 32
) (
  /// Clock, rising edge.
  input  logic                          clk_i,
  /// Asynchronous reset, active low.
  input  logic                          rst_ni,
  /// Per node: a flit is offered for injection (only while inj_ready_o).
  input  logic [(1<<Dim)-1:0]           inj_valid_i,
  /// Per node: the offered flit, node x at [x*FlitW +: FlitW].
  input  logic [(1<<Dim)*(PayloadWidth+2)-1:0] inj_flit_i,
  /// Per node: the injection queue has room.
  output logic [(1<<Dim)-1:0]           inj_ready_o,
  /// Per node: a flit is delivered this cycle.
  output logic [(1<<Dim)-1:0]           ej_valid_o,
  /// Per node: the delivered flit, 0 when none.
  output logic [(1<<Dim)*(PayloadWidth+2)-1:0] ej_flit_o,
  /// Per link x*Dim + i (x to x ^ 2^i): a flit crosses it this cycle.
  output logic [(1<<Dim)*Dim-1:0]       link_valid_o,
  /// Per link: the flit crossing it, 0 when none.
  output logic [(1<<Dim)*Dim*(PayloadWidth+2)-1:0] link_flit_o,
  /// Per link: held by a message or granted this cycle.
  output logic [(1<<Dim)*Dim-1:0]       link_busy_o,
  /// Per link: at least one head waits for it this cycle.
  output logic [(1<<Dim)*Dim-1:0]       link_blocked_o,
  /// The whole network was empty at the start of the previous cycle: every
  /// injection queue and input buffer empty, no output held. The step
  /// barrier of prearranged algorithms waits for it (registered once after
  /// the AND over all nodes, as a real design would).
  output logic                          idle_o,
  /// Step number of the running algorithm, for the waveform reader only.
  input  logic [15:0]                   step_i,
  /// step_i, registered: the step the network is in, shown in the waveform.
  output logic [15:0]                   step_o,
  /// Write remap_i into every network interface's address map (see hc_ni).
  input  logic                          remap_we_i,
  /// Address map: destination bit k of a head becomes bit remap_i[4k +: 4].
  input  logic [Dim*4-1:0]              remap_i,
  /// Counter read port: node.
  input  logic [Dim-1:0]                cnt_node_i,
  /// Counter read port: output port of that node (Dim = ejection).
  input  logic [3:0]                    cnt_port_i,
  /// Counter read port: counter id (hc_pkg::Cnt*).
  input  logic [2:0]                    cnt_id_i,
  /// Counter read port: the selected counter.
  output logic [31:0]                   cnt_data_o
);

  /// Derived: node count, ports per router, flit width.
  localparam int unsigned Nodes = 1 << Dim;
  localparam int unsigned Ports = Dim + 1;
  localparam int unsigned FlitW = PayloadWidth + 2;

  // Each node's router ports are local to its generate block, and links
  // connect them by hierarchical name (gen_node[Nb]...), so no signal here
  // spans the whole cube: in Verilator a slice written into a cube-wide
  // vector costs the whole vector, which made big cubes simulate in O(N^2).
  for (genvar x = 0; x < Nodes; x++) begin : gen_node
    logic [Ports-1:0]       in_valid, in_ready, out_valid, out_ready;
    // Bit Dim (the ejection port) of these is for the waveform only.
    /* verilator lint_off UNUSEDSIGNAL */
    logic [Ports-1:0]       out_busy, out_blocked;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [Ports*FlitW-1:0] in_flit, out_flit;
    logic [31:0]            cnt;
    logic                   rt_idle, ni_idle;
    // Running OR of the selected counter and AND of idleness, node 0 to x.
    logic [31:0]            cnt_acc;
    logic                   idle_acc;

    for (genvar i = 0; i < Dim; i++) begin : gen_link
      // Neighbour across dimension i.
      localparam int unsigned Nb = x ^ (1 << i);
      // The channel from x across dimension i, named for the waveform:
      // chan = {valid, flit}, busy (held or granted), blocked (a head waits).
      logic [FlitW:0] chan;
      logic           busy, blocked;
      assign chan    = {out_valid[i], out_flit[i*FlitW +: FlitW]};
      assign busy    = out_busy[i];
      assign blocked = out_blocked[i];
      assign in_valid[i]                = gen_node[Nb].out_valid[i];
      assign in_flit[i*FlitW +: FlitW]  = gen_node[Nb].out_flit[i*FlitW +: FlitW];
      assign out_ready[i]               = gen_node[Nb].in_ready[i];
      assign link_valid_o[x*Dim + i]                 = chan[FlitW];
      assign link_flit_o[(x*Dim + i)*FlitW +: FlitW] = chan[FlitW-1:0];
      assign link_busy_o[x*Dim + i]                  = busy;
      assign link_blocked_o[x*Dim + i]               = blocked;
    end

    // The ejection port of x, named for the waveform like a channel; it
    // always sinks.
    logic [FlitW:0] eject;
    assign eject                       = {out_valid[Dim], out_flit[Dim*FlitW +: FlitW]};
    assign out_ready[Dim]              = 1'b1;
    assign ej_valid_o[x]               = eject[FlitW];
    assign ej_flit_o[x*FlitW +: FlitW] = eject[FlitW-1:0];

    if (x == 0) begin : gen_acc_first
      assign cnt_acc  = (cnt_node_i == Dim'(x)) ? cnt : '0;
      assign idle_acc = rt_idle && ni_idle;
    end else begin : gen_acc_next
      assign cnt_acc  = gen_node[x-1].cnt_acc | ((cnt_node_i == Dim'(x)) ? cnt : '0);
      assign idle_acc = gen_node[x-1].idle_acc && rt_idle && ni_idle;
    end

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
      .rt_valid_o  (in_valid[Dim]),
      .rt_flit_o   (in_flit[Dim*FlitW +: FlitW]),
      .rt_ready_i  (in_ready[Dim]),
      .idle_o      (ni_idle),
      .remap_we_i,
      .remap_i
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
      .in_valid_i    (in_valid),
      .in_flit_i     (in_flit),
      .in_ready_o    (in_ready),
      .out_valid_o   (out_valid),
      .out_flit_o    (out_flit),
      .out_ready_i   (out_ready),
      .out_busy_o    (out_busy),
      .out_blocked_o (out_blocked),
      .idle_o        (rt_idle),
      .cnt_port_i,
      .cnt_id_i,
      .cnt_data_o    (cnt)
    );
  end

  assign cnt_data_o = gen_node[Nodes-1].cnt_acc;

  logic        idle_q;
  logic [15:0] step_q;
  assign idle_o = idle_q;
  assign step_o = step_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      idle_q <= 1'b1;
      step_q <= '0;
    end else begin
      idle_q <= gen_node[Nodes-1].idle_acc;
      step_q <= step_i;
    end
  end

`ifndef SYNTHESIS
  initial begin
    assert (PayloadWidth >= Dim) else $fatal(1, "hc_network: PayloadWidth < Dim");
    assert (Dim <= 15) else $fatal(1, "hc_network: Dim > 15");
  end
`endif

endmodule
