// Formal harness of the network (hc_network in wormhole mode 0, without the
// store-and-forward engines and the cost model), proven by `make formal`
// (tools/formal.sh, docs/verification.md). The environment is the driver's
// contract at the injection ports (docs/microarchitecture.md, "Network
// interface"): a flit is offered only while inj_ready is high, each node
// injects whole messages (HEAD BODY* TAIL or SINGLE) of at most L flits to
// any destination, the configuration port is left alone (mode 0, identity
// address map). At a free moment (`stop`, anyseq, then held) the nodes start
// no new message and offer the rest of an open one whenever the NI has
// room. Properties, under their label prefixes:
//   cons_   flit conservation: flits injected = flits delivered + flits in
//           the NI queues and router buffers, every cycle; and idle_o only
//           when nothing was in flight;
//   prog_   no deadlock under e-cube: after `stop`, while anything is in
//           flight or still to be offered, some flit moves in every
//           cycle (Quiet = 1; at most Quiet - 1 cycles in a row without a
//           move in general). The drain bound follows
//           (docs/verification.md): phi, the sum over every flit of the
//           moves it may still make (in the NI queue Dim + 2, in the local
//           input Dim + 1, in link input p Dim - p, as e-cube takes it to
//           a higher dimension or out; not yet offered Dim + 3), never
//           rises after the stop and falls with every move, so the network
//           is empty at most Quiet * phi(stop) <= Quiet * PhiMax cycles
//           after it;
//   ord_    the e-cube order that makes every move lower phi: a link input
//           p holds only outputs above p (or the ejection port), and a head
//           in link input p agrees with its node in dimensions 0..p;
//   drain_  the drain bound as the issue states it: Drain cycles after the
//           stop every NI queue and router buffer is empty and no message
//           open. Proven by k-induction with AssumeProven = 1 (prog_,
//           ord_ and inv_ assumed, being proven on the same netlist by the
//           jobs without it) and its own lemmas inv_phi_*: phi falls in
//           every cycle while above 0, and phi + cycles since the stop stays
//           within PhiMax; so Drain = PhiMax holds (60 at d = 2, L = 2).
// inv_ lemmas make k-induction close: every buffer count within its depth,
// and the kinds in the buffers in message order along each channel (a link
// input's front is a BODY or TAIL exactly while its router holds an output
// for it, and the link's worm is open exactly while the upstream output is
// held; the local input and the NI queue likewise against the node's open
// message), with each input's end-of-message count. The lemmas read one
// slot per buffer: the harness takes B = I = 1.
module hc_fv_network #(
  parameter int unsigned Dim   = 2,
  parameter int unsigned W     = 3,
  parameter int unsigned B     = 1,
  parameter int unsigned I     = 1,
  parameter int unsigned L     = 3,
  parameter int unsigned Drain = 16,
  parameter int unsigned Quiet = 1,
  /// 1: assume prog_, ord_ and the inv_ lemmas (proven by the jobs with 0)
  /// and check drain_ with the potential's lemmas inv_phi_*.
  parameter bit          AssumeProven = 1'b0
) (
  input logic clk_i
);
  localparam int unsigned N  = 1 << Dim;
  localparam int unsigned P  = Dim + 1;
  localparam int unsigned FW = W + 2;
  localparam int unsigned CB = $clog2(B + 1);
  localparam int unsigned CI = $clog2(I + 1);
  localparam int unsigned LW = $clog2(L + 1);
  localparam int unsigned FY = $clog2(N * (I + P * B) + 1) + 1;
  localparam int unsigned DW = $clog2(Drain + 2);
  localparam int unsigned HB = W;
  localparam int unsigned TB = W + 1;

  localparam int unsigned QW   = $clog2(Quiet + 1);

  logic ok_cons_inflight, ok_cons_idle, ok_drain_empty, ok_inv_counts, ok_inv_order;
  logic ok_prog_quiet, ok_ord_owner, ok_ord_head, ok_inv_len;

  if (B != 1 || I != 1) begin : gen_err_depth
    $error("hc_fv_network: the lemmas are written for B = I = 1");
  end

  logic init_q = 1'b1;
  logic rst_ni;
  always_ff @(posedge clk_i) init_q <= 1'b0;
  assign rst_ni = !init_q;

  (* anyseq *) logic [N-1:0]    inj_v;
  (* anyseq *) logic [N*FW-1:0] inj_flit;
  (* anyseq *) logic            stop;

  logic [N-1:0]    inj_ready, inj, ej_valid;
  logic            idle;

  assign inj = inj_v & inj_ready & {N{rst_ni}};

  hc_network #(
    .Dim          (Dim),
    .PayloadWidth (W),
    .BufDepth     (B),
    .InjDepth     (I),
    .CntWidth     (0),
    .SfEnable     (1'b0),
    .BankAW       (1),
    .SegAW        (1),
    .DescAW       (1),
    .CsEnable     (1'b0)
  ) u_dut (
    .clk_i,
    .mem_clk_i          (clk_i),  // unused: SfMemTdm = 0
    .rst_ni,
    .inj_valid_i        (inj),
    .inj_flit_i         (inj_flit),
    .inj_ready_o        (inj_ready),
    .probe_valid_i      ('0),
    .probe_dest_i       ('0),
    .probe_ready_o      (),
    .ej_valid_o         (ej_valid),
    .ej_flit_o          (),
    .link_valid_o       (),
    .link_flit_o        (),
    .link_busy_o        (),
    .link_blocked_o     (),
    .link_probe_valid_o (),
    .link_probe_dest_o  (),
    .link_ack_o         (),
    .idle_o             (idle),
    .step_i             ('0),
    .step_o             (),
    .remap_we_i         (1'b0),
    .remap_i            ('0),
    .cnt_node_i         ('0),
    .cnt_port_i         ('0),
    .cnt_id_i           ('0),
    .cnt_data_o         (),
    .cfg_we_i           (1'b0),
    .cfg_re_i           (1'b0),
    .cfg_node_i         ('0),
    .cfg_tgt_i          ('0),
    .cfg_unit_i         ('0),
    .cfg_idx_i          ('0),
    .cfg_field_i        ('0),
    .cfg_wdata_i        ('0),
    .cfg_rdata_o        (),
    .sf_done_o          ()
  );

  // Internal signals, connected by tools/formal.sh.
  //@tap-node t_ni  clog2(I+1) u_dut.gen_node[%n].u_node.u_ni.u_queue.count_q
  //@tap-np   t_buf clog2(B+1) u_dut.gen_node[%n].u_node.u_router.gen_in[%p].u_buf.count_q
  //@tap-np   t_bmem  W+2 u_dut.gen_node[%n].u_node.u_router.gen_in[%p].u_buf.mem_q[0]
  //@tap-node t_nmem  W+2 u_dut.gen_node[%n].u_node.u_ni.u_queue.mem_q[0]
  //@tap-node t_holds Dim+1 u_dut.gen_node[%n].u_node.u_router.holds
  //@tap-node t_held  Dim+1 u_dut.gen_node[%n].held
  //@tap-np   t_brd   1 u_dut.gen_node[%n].u_node.u_router.gen_in[%p].u_buf.rd_ptr_q
  //@tap-np   t_bwr   1 u_dut.gen_node[%n].u_node.u_router.gen_in[%p].u_buf.wr_ptr_q
  //@tap-node t_nrd   1 u_dut.gen_node[%n].u_node.u_ni.u_queue.rd_ptr_q
  //@tap-node t_nwr   1 u_dut.gen_node[%n].u_node.u_ni.u_queue.wr_ptr_q
  //@tap-np   t_tails clog2(B+1) u_dut.gen_node[%n].u_node.u_router.gen_in[%p].u_tails.count_q
  //@tap-node t_owner (Dim+1)*(Dim+1) u_dut.gen_node[%n].u_node.u_router.u_alloc.owner_q
  logic [N*CI-1:0]   t_ni;
  logic [N*P*CB-1:0] t_buf, t_tails;
  logic [N*P*FW-1:0] t_bmem;
  logic [N*FW-1:0]   t_nmem;
  logic [N*P-1:0]    t_holds, t_held;
  logic [N*P-1:0]    t_brd, t_bwr;
  logic [N-1:0]      t_nrd, t_nwr;
  logic [N*P*P-1:0]  t_owner;

  // Environment: whole messages of at most L flits; after stop, only the
  // rest of the open ones, offered as soon as there is room.
  logic [N-1:0]    open_q;
  logic [N*LW-1:0] len_q;
  logic            stop_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      open_q <= '0;
      len_q  <= '0;
      stop_q <= 1'b0;
    end else begin
      stop_q <= stop_q || stop;
      for (int x = 0; x < N; x++) begin
        if (inj[x]) begin
          open_q[x] <= !inj_flit[x*FW + TB];
          len_q[x*LW +: LW] <= inj_flit[x*FW + TB] ? '0 : len_q[x*LW +: LW] + 1'b1;
        end
      end
    end
  end

  always_comb begin
    if (!rst_ni) begin
      assume (inj_v == '0);
    end
    for (int x = 0; x < N; x++) begin
      if (inj[x]) begin
        assume (inj_flit[x*FW + HB] == !open_q[x]);
        if (len_q[x*LW +: LW] == LW'(L - 1)) begin
          assume (inj_flit[x*FW + TB]);
        end
        if (stop_q) begin
          assume (open_q[x]);
        end
      end
      if (rst_ni && stop_q && open_q[x] && inj_ready[x]) begin
        assume (inj_v[x]);
      end
    end
  end

  // Flits in flight: injected minus delivered.
  logic [3:0] n_inj, n_ej;
  always_comb begin
    n_inj = '0;
    n_ej  = '0;
    for (int x = 0; x < N; x++) begin
      n_inj = n_inj + 4'(inj[x]);
      n_ej  = n_ej + 4'(ej_valid[x]);
    end
  end

  logic [FY-1:0] fly_q, flyd_q;
  logic [DW-1:0] since_q;  // cycles since stop, saturating
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fly_q   <= '0;
      flyd_q  <= '0;
      since_q <= '0;
    end else begin
      fly_q  <= fly_q + FY'(n_inj) - FY'(n_ej);
      flyd_q <= fly_q;
      if (stop_q && since_q != DW'(Drain + 1)) begin
        since_q <= since_q + 1'b1;
      end
    end
  end

  always_comb begin
    logic [FY-1:0] held;
    ok_cons_inflight = 1'b1;
    ok_cons_idle     = 1'b1;
    ok_drain_empty   = 1'b1;
    ok_inv_counts    = 1'b1;
    held = '0;
    for (int x = 0; x < N; x++) begin
      held = held + FY'(t_ni[x*CI +: CI]);
      ok_inv_counts = ok_inv_counts && (t_ni[x*CI +: CI] <= CI'(I));
      for (int p = 0; p < P; p++) begin
        held = held + FY'(t_buf[(x*P + p)*CB +: CB]);
        ok_inv_counts = ok_inv_counts && (t_buf[(x*P + p)*CB +: CB] <= CB'(B));
      end
    end
    ok_cons_inflight = (fly_q == held);
    // An open message has offered 1..L-1 flits, a closed one none.
    ok_inv_len = 1'b1;
    for (int x = 0; x < N; x++) begin
      ok_inv_len = ok_inv_len && (open_q[x] ? (len_q[x*LW +: LW] != '0 && len_q[x*LW +: LW] < LW'(L))
                                            : (len_q[x*LW +: LW] == '0));
    end
    ok_cons_idle     = !idle || (flyd_q == '0);
    // Empty: every NI queue and router buffer (cons_ says these hold all
    // that is in flight); bits, not the sum, so that PDR needs no counting.
    ok_drain_empty   = (since_q < DW'(Drain)) || ((t_ni == '0) && (t_buf == '0));
  end

  // Kinds in message order along every channel (one slot per buffer).
  always_comb begin
    // One slot: the pointers stay 0.
    ok_inv_order = (t_brd == '0) && (t_bwr == '0) && (t_nrd == '0) && (t_nwr == '0);
    for (int y = 0; y < N; y++) begin
      for (int p = 0; p < P; p++) begin
        logic          st, full;
        logic [FW-1:0] f;
        st   = t_holds[y*P + p];
        full = (t_buf[(y*P + p)*CB +: CB] != '0);
        f    = t_bmem[(y*P + p)*FW +: FW];
        if (full) begin
          ok_inv_order = ok_inv_order && (f[HB] == !st);
          st = !f[TB];
        end
        ok_inv_order = ok_inv_order &&
            (t_tails[(y*P + p)*CB +: CB] == CB'(full && f[TB]));
        if (p < Dim) begin
          // Fed by output p of the neighbour across dimension p.
          ok_inv_order = ok_inv_order && (st == t_held[(y ^ (1 << p))*P + p]);
        end else begin
          // The local input, then the NI queue, then the open message.
          f = t_nmem[y*FW +: FW];
          if (t_ni[y*CI +: CI] != '0) begin
            ok_inv_order = ok_inv_order && (f[HB] == !st);
            st = !f[TB];
          end
          ok_inv_order = ok_inv_order && (st == open_q[y]);
        end
      end
    end
  end

  // Progress (prog_): after the stop, while anything is in flight, some
  // flit moves (enters an NI queue, leaves it or a router buffer) at least
  // once in every Quiet cycles. A count that changed between two cycles is
  // a flit that moved (cons_); the converse needs buffers that never push
  // and pop in one cycle, true of one slot, so the check errs towards
  // failing.
  logic [N*P*CB-1:0] buf_q;
  logic [N*CI-1:0]   ni_q;
  logic              stopd_q, moved, busy;
  logic [QW-1:0]     quiet_q;
  assign moved = (t_buf != buf_q) || (t_ni != ni_q);
  assign busy  = (t_buf != '0) || (t_ni != '0) || (open_q != '0);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      buf_q   <= '0;
      ni_q    <= '0;
      stopd_q <= 1'b0;
      quiet_q <= '0;
    end else begin
      buf_q   <= t_buf;
      ni_q    <= t_ni;
      stopd_q <= stop_q;
      if (stopd_q && busy && !moved) begin
        if (quiet_q != QW'(Quiet)) begin
          quiet_q <= quiet_q + 1'b1;
        end
      end else begin
        quiet_q <= '0;
      end
    end
  end

  assign ok_prog_quiet = (quiet_q < QW'(Quiet));

  // E-cube order along a path (ord_), what makes every move lower phi: a
  // link input p holds only an output of a higher dimension or the
  // ejection port, and a head in link input p of node y has a destination
  // that agrees with y in dimensions 0..p (its next hop is higher).
  always_comb begin
    ok_ord_owner = 1'b1;
    ok_ord_head  = 1'b1;
    for (int y = 0; y < N; y++) begin
      for (int p = 0; p < Dim; p++) begin
        logic [FW-1:0] f;
        for (int o = 0; o < Dim; o++) begin
          if (o <= p) begin
            ok_ord_owner = ok_ord_owner && !t_owner[y*P*P + o*P + p];
          end
        end
        f = t_bmem[(y*P + p)*FW +: FW];
        if (t_buf[(y*P + p)*CB +: CB] != '0 && f[HB]) begin
          for (int j = 0; j <= p; j++) begin
            ok_ord_head = ok_ord_head && (f[j] == y[j]);
          end
        end
      end
    end
  end

  // The potential of drain_ (header): the moves every flit may still make,
  // at most PhiMax (every buffer and queue full, every message open with
  // L - 1 flits to offer).
  localparam int unsigned PhiMax = N * (B * (Dim * (Dim + 1) / 2 + Dim + 1) + I * (Dim + 2)
                                        + (L - 1) * (Dim + 3));
  localparam int unsigned PhiW = $clog2(PhiMax + 1);
  logic [PhiW-1:0] phi, phi_q;
  if (AssumeProven && Quiet != 1) begin : gen_err_quiet
    $error("hc_fv_network: AssumeProven assumes prog_ at Quiet = 1");
  end
  always_comb begin
    phi = '0;
    for (int x = 0; x < N; x++) begin
      if (t_ni[x*CI +: CI] != '0) phi = phi + PhiW'(Dim + 2);
      if (open_q[x]) phi = phi + (PhiW'(L) - PhiW'(len_q[x*LW +: LW])) * PhiW'(Dim + 3);
      for (int p = 0; p < P; p++) begin
        if (t_buf[(x*P + p)*CB +: CB] != '0) phi = phi + PhiW'((p < Dim) ? Dim - p : Dim + 1);
      end
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      phi_q <= '0;
    end else begin
      phi_q <= phi;
    end
  end
  // After the stop phi falls in every cycle until 0 (a move every cycle,
  // each one forward); counted from the stop, it is within PhiMax.
  logic ok_phi_dec, ok_phi_budget;
  assign ok_phi_dec    = !stopd_q || (phi_q == '0 ? phi == '0 : phi < phi_q);
  assign ok_phi_budget = (stop_q || !stopd_q) && (stopd_q || since_q == '0) &&
                         (!stop_q || phi == '0 || (32'(phi) + 32'(since_q) <= 32'(PhiMax)));

  if (AssumeProven) begin : gen_assume
    always_comb begin
      if (rst_ni) begin
        // prog_quiet at Quiet = 1, said of this cycle rather than the next.
        assume (!(stopd_q && busy && !moved) && ok_ord_owner && ok_ord_head && ok_inv_counts && ok_inv_order
                && ok_inv_len);
        inv_phi_dec: assert (ok_phi_dec);
        inv_phi_budget: assert (ok_phi_budget);
      end
    end
  end

  always_comb begin
    if (rst_ni) begin
      cons_inflight: assert (ok_cons_inflight);
      cons_idle: assert (ok_cons_idle);
      drain_empty: assert (ok_drain_empty);
      prog_quiet: assert (ok_prog_quiet);
      ord_owner: assert (ok_ord_owner);
      ord_head: assert (ok_ord_head);
      inv_counts: assert (ok_inv_counts);
      inv_order: assert (ok_inv_order);
      inv_len: assert (ok_inv_len);
    end
  end

endmodule
