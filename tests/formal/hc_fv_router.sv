// Formal harness of one router (hc_router, wormhole modes 0 and 2, built
// without the cost model; with Circuit, mode 3 alone, built with it),
// proven by `make formal` (tools/formal.sh,
// docs/verification.md). The environment is the contract of a router's
// input port (docs/microarchitecture.md, "Flow control"): a flit is offered
// only while the input's registered ready is high, each input carries
// whole messages, HEAD BODY* TAIL or SINGLE, one after the other, and a
// head on link p has dimensions 0..p of its destination corrected (the
// neighbour routed it e-cube); payloads, the other destination bits, the
// node number, the mode (anyconst) and the link outputs' ready are free. The properties, each under its own label prefix so that a
// mutant run can keep one alone:
//   noloss_  flits out never exceed flits in, and an idle router holds none
//            (no flit lost);
//   nodup_   the tracked flit (anyconst port tp and value tv, the only flit
//            of that value) leaves at most once, and only after it entered;
//   nomod_   an idle router has delivered the tracked flit unchanged;
//   worm_    the flits on an output form whole messages, all from the input
//            whose head opened the worm, and that input pops nowhere else;
//   ecube_   every head leaves on the e-cube port of its destination (its
//            bodies follow by worm_);
//   owner_   an output is owned by at most one input;
//   fair_    a free, ready output requested by a head grants one, and a
//            waiting head sees at most Dim other heads granted its output
//            before its own (oldest first: no starvation);
//   saf_     in mode 2 a head leaves only once its message's TAIL is in the
//            buffer;
//   cs_      (Circuit) data follow their reservation: a link output carries
//            a flit only while reserved by a probe from the input the flit
//            comes from, after that path's acknowledgement came back, and
//            its head is addressed where the probe was; a probe leaves only
//            on a link no path holds, on its e-cube port, with the
//            destination it came with; an acknowledgement goes back across
//            an input only to a probe waiting for one; the ejection port
//            ejects only heads addressed here.
// With Circuit the environment is mode 3's contract (docs/
// microarchitecture.md, "Circuit switching") on every input, one path at a
// time: a probe arrives (into its register) only when the input's last
// message has been wholly pushed, that message's flits only after the
// acknowledgement has gone back across the input, its head addressed where
// the probe was; on every link output the neighbour acknowledges a probe
// that went out once, at any later cycle. tau is an anyconst, the links'
// ready and the ejection are as in modes 0 and 2. noloss_, nodup_ and
// nomod_ hold as they are; the lemmas that describe wormhole worms (a front
// and its held output, the mode 2 and fairness counts) hold only without
// Circuit, whose jobs are proven by PDR, which needs no lemmas.
// inv_ assertions are lemmas that tie the harness's counters to the
// router's registers, so that k-induction closes; they are proven with every
// property. BufRam and RouteReg build the router the way the boards' lean
// build does (docs/fpga.md): buffers in memories with a registered read, and
// the registered route (a head asks from its second cycle at the front); the
// lemmas then also tie the registered front to the memory slot it mirrors
// and the registered route to the front's. Internal signals are read through wires that tools/formal.sh
// connects after flattening (the `//@tap` lines; yosys 0.23 has no
// hierarchical references).
module hc_fv_router #(
  parameter int unsigned Dim      = 2,
  parameter int unsigned W        = 3,
  parameter int unsigned B        = 2,
  parameter bit          BufRam   = 1'b0,
  parameter bit          RouteReg = 1'b0,
  parameter bit          Circuit  = 1'b0
) (
  input logic clk_i
);
  localparam int unsigned P  = Dim + 1;
  localparam int unsigned FW = W + 2;
  localparam int unsigned CW = $clog2(B + 1);
  localparam int unsigned PW = (B > 1) ? $clog2(B) : 1;
  localparam int unsigned OW = $clog2(P * B + 1) + 1;
  localparam int unsigned FC = $clog2(Dim + 2);
  localparam int unsigned HB = W;      // kind bit set in HEAD and SINGLE
  localparam int unsigned TB = W + 1;  // kind bit set in TAIL and SINGLE

  // One flag per assertion: assertions inside loops would be declared
  // twice (yosys names a procedural assertion by its label alone).
  logic ok_noloss_out_le_in, ok_noloss_idle_empty, ok_nodup_once, ok_nodup_after_in, ok_nomod_idle_delivered, ok_worm_form, ok_worm_same_source, ok_worm_pop_here, ok_ecube_port, ok_owner_one, ok_fair_work, ok_fair_bound, ok_saf_tail_buffered, ok_inv_count_le_depth, ok_inv_kind_order, ok_inv_open_matches, ok_inv_ptrs, ok_inv_tails, ok_inv_saf_count, ok_inv_occ, ok_inv_tracked, ok_inv_worm_held, ok_inv_worm_owner, ok_inv_fair_ahead, ok_inv_age_order, ok_inv_ecube_in, ok_inv_ram_front, ok_inv_route_reg, ok_cs_data_rsv, ok_cs_head_dest, ok_cs_probe_free, ok_cs_probe_ecube, ok_cs_probe_dest, ok_cs_ack, ok_cs_eject;

  // Reset in the first cycle only.
  logic init_q = 1'b1;
  logic rst_ni;
  always_ff @(posedge clk_i) init_q <= 1'b0;
  assign rst_ni = !init_q;

  (* anyconst *) logic [Dim-1:0] node_id;
  (* anyconst *) logic           saf;
  (* anyconst *) logic [3:0]     tp;   // the tracked flit's input port
  (* anyconst *) logic [FW-1:0]  tv;   // and its value
  (* anyseq *)   logic [P-1:0]    in_v;
  (* anyseq *)   logic [P*FW-1:0] in_flit;
  (* anyseq *)   logic [P-1:0]    link_ready;
  (* anyconst *) logic [hc_pkg::TauW-1:0] tau;  // Circuit: tau'
  (* anyseq *)   logic [P-1:0]     pin_v;       // Circuit: probes offered
  (* anyseq *)   logic [P*Dim-1:0] pin_dest;
  (* anyseq *)   logic [Dim-1:0]   ack_v;       // Circuit: acknowledgements offered

  logic [P-1:0]    in_ready, push, out_valid, out_ready, held;
  logic [P*FW-1:0] out_flit;
  logic            idle;
  logic [P-1:0]    pin, ack_out;
  logic [Dim-1:0]  ack_in, pout_v;
  logic [Dim*Dim-1:0] pout_dest;

  assign pin    = Circuit ? (pin_v & {P{rst_ni}}) : '0;
  assign ack_in = Circuit ? (ack_v & {Dim{rst_ni}}) : '0;

  assign push      = in_v & in_ready & {P{rst_ni}};
  assign out_ready = {1'b1, link_ready[Dim-1:0]};

  hc_router #(
    .Dim          (Dim),
    .PayloadWidth (W),
    .BufDepth     (B),
    .CntWidth     (1),
    .BufRam       (BufRam),
    .RouteReg     (RouteReg),
    .CsEnable     (Circuit)
  ) u_dut (
    .clk_i,
    .rst_ni,
    .node_id_i     (node_id),
    .saf_i         (saf && !Circuit),
    .circuit_i     (Circuit),
    .tau_i         (Circuit ? tau : '0),
    .pin_valid_i   (pin),
    .pin_dest_i    (pin_dest),
    .ack_i         (ack_in),
    .pout_valid_o  (pout_v),
    .pout_dest_o   (pout_dest),
    .ack_o         (ack_out),
    .held_o        (held),
    .in_valid_i    (push),
    .in_flit_i     (in_flit),
    .in_ready_o    (in_ready),
    .out_valid_o   (out_valid),
    .out_flit_o    (out_flit),
    .out_ready_i   (out_ready),
    .out_busy_o    (),
    .out_blocked_o (),
    .idle_o        (idle),
    .cnt_port_i    ('0),
    .cnt_id_i      ('0),
    .cnt_data_o    ()
  );

  // Internal signals, connected by tools/formal.sh.
  //@tap-port t_count  clog2(B+1) u_dut.gen_in[%p].u_buf.count_q
  //@tap-port t_rdptr  max(1,clog2(B)) u_dut.gen_in[%p].u_buf.rd_ptr_q
  //@tap-port t_wrptr  max(1,clog2(B)) u_dut.gen_in[%p].u_buf.wr_ptr_q
  //@tap-slot:BufRam==0 t_mem W+2 u_dut.gen_in[%p].u_buf.mem_q[%s]
  //@tap-slot:BufRam t_mem   W+2 u_dut.gen_in[%p].u_buf.gen_ram.ram_q[%s]
  //@tap-port:BufRam t_front W+2 u_dut.gen_in[%p].u_buf.gen_ram.front_q
  //@tap-port:RouteReg t_rroute Dim+1 u_dut.gen_in[%p].gen_route_reg.route_q
  //@tap-port:RouteReg t_seen   1 u_dut.gen_in[%p].gen_route_reg.seen_q
  //@tap      t_holds  u_dut.holds
  //@tap      t_owner  u_dut.owner
  //@tap      t_sel    u_dut.sel
  //@tap      t_pop    u_dut.in_pop
  //@tap      t_req    u_dut.req
  //@tap      t_route  u_dut.route
  //@tap      t_wait   u_dut.u_alloc.wait_q
  //@tap      t_older  u_dut.u_alloc.older_q
  //@tap-port t_tails  clog2(B+1) u_dut.gen_in[%p].u_tails.count_q
  logic [P*CW-1:0]   t_count, t_tails;
  logic [P*PW-1:0]   t_rdptr, t_wrptr;
  logic [P*B*FW-1:0] t_mem;
  logic [P-1:0]      t_holds, t_pop, t_req, t_wait;
  logic [P*P-1:0]    t_owner, t_sel, t_route, t_older;
  logic [P*FW-1:0]   t_front;   // BufRam: the registered fronts
  logic [P*P-1:0]    t_rroute;  // RouteReg: the registered routes
  logic [P-1:0]      t_seen;    // RouteReg: the front was the front last cycle
  if (!BufRam) begin : gen_no_front
    assign t_front = '0;
  end
  if (!RouteReg) begin : gen_no_rroute
    assign t_rroute = '0;
    assign t_seen   = '0;
  end

  // ---------------------------------------------------------------------
  // Environment: whole messages per input, the tracked value unique.
  // ---------------------------------------------------------------------
  logic [P-1:0] open_q;  // per input: inside a message (HEAD seen, no TAIL)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      open_q <= '0;
    end else begin
      for (int p = 0; p < P; p++) begin
        if (push[p]) begin
          open_q[p] <= !in_flit[p*FW + TB];
        end
      end
    end
  end

  logic tin_q, tout_q;  // the tracked flit has entered; has left
  always_comb begin
    // tp names a port: an index out of range reads as undefined, free.
    assume (tp < P);
    if (!rst_ni) begin
      assume (in_v == '0);
    end
    for (int p = 0; p < P; p++) begin
      if (push[p]) begin
        assume (in_flit[p*FW + HB] == !open_q[p]);
        // A head on link p was routed e-cube by the neighbour: dimensions
        // 0..p of its destination are corrected (the router asks only for
        // outputs above p, and RouteForward checks it).
        if (p < Dim && in_flit[p*FW + HB]) begin
          for (int i = 0; i <= p; i++) begin
            assume (in_flit[p*FW + i] == node_id[i]);
          end
        end
        if (in_flit[p*FW +: FW] == tv) begin
          assume (p == tp && !tin_q);
        end
      end
    end
  end

  // ---------------------------------------------------------------------
  // Circuit: mode 3's contract, one path at a time per input. Per input
  // p: ph 0 free (a probe may come), 1 its probe is in, no acknowledgement
  // yet, 2 acknowledged (its message's flits may come; its TAIL or SINGLE
  // frees p again); pdst the probe's destination. Per link output o: oph 0
  // no path, 1 a probe went out, 2 the neighbour acknowledged it (a TAIL or
  // SINGLE sent frees o); odst its destination, osrc the input it came from.
  // ---------------------------------------------------------------------
  logic [P*2-1:0]     ph_q;
  logic [P*Dim-1:0]   pdst_q;
  logic [Dim*2-1:0]   oph_q;
  logic [Dim*Dim-1:0] odst_q;
  logic [Dim*P-1:0]   osrc_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ph_q   <= '0;
      pdst_q <= '0;
      oph_q  <= '0;
      odst_q <= '0;
      osrc_q <= '0;
    end else begin
      for (int p = 0; p < P; p++) begin
        if (pin[p]) begin
          ph_q[2*p +: 2] <= 2'd1;
          pdst_q[p*Dim +: Dim] <= pin_dest[p*Dim +: Dim];
        end else if (ack_out[p] && ph_q[2*p +: 2] == 2'd1) begin
          ph_q[2*p +: 2] <= 2'd2;
        end else if (push[p] && in_flit[p*FW + TB]) begin
          ph_q[2*p +: 2] <= 2'd0;
        end
      end
      for (int o = 0; o < Dim; o++) begin
        if (pout_v[o]) begin
          oph_q[2*o +: 2] <= 2'd1;
          odst_q[o*Dim +: Dim] <= pout_dest[o*Dim +: Dim];
          osrc_q[o*P +: P] <= t_sel[o*P +: P];
        end else if (ack_in[o]) begin
          oph_q[2*o +: 2] <= 2'd2;
        end else if (out_valid[o] && out_flit[o*FW + TB]) begin
          oph_q[2*o +: 2] <= 2'd0;
        end
      end
    end
  end

  always_comb begin
    if (Circuit) begin
      for (int p = 0; p < P; p++) begin
        if (pin[p]) begin
          assume (ph_q[2*p +: 2] == 2'd0);
          // A probe on link p was routed e-cube by the neighbour.
          for (int i = 0; i < Dim; i++) begin
            if (p < Dim && i <= p) begin
              assume (pin_dest[p*Dim + i] == node_id[i]);
            end
          end
        end
        if (push[p]) begin
          assume (ph_q[2*p +: 2] == 2'd2);
          if (in_flit[p*FW + HB]) begin
            assume (in_flit[p*FW +: Dim] == pdst_q[p*Dim +: Dim]);
          end
        end
      end
      for (int o = 0; o < Dim; o++) begin
        if (ack_in[o]) begin
          assume (oph_q[2*o +: 2] == 2'd1);
        end
      end
    end
  end

  always_comb begin
    ok_cs_data_rsv = 1'b1;
    ok_cs_head_dest = 1'b1;
    ok_cs_probe_free = 1'b1;
    ok_cs_probe_ecube = 1'b1;
    ok_cs_probe_dest = 1'b1;
    ok_cs_ack = 1'b1;
    ok_cs_eject = 1'b1;
    if (rst_ni && Circuit) begin
      for (int o = 0; o < Dim; o++) begin
        if (out_valid[o]) begin
          ok_cs_data_rsv = ok_cs_data_rsv && (oph_q[2*o +: 2] == 2'd2) &&
              (t_sel[o*P +: P] == osrc_q[o*P +: P]);
          if (out_flit[o*FW + HB]) begin
            ok_cs_head_dest = ok_cs_head_dest && (out_flit[o*FW +: Dim] == odst_q[o*Dim +: Dim]);
          end
        end
        if (pout_v[o]) begin
          logic [Dim-1:0] diff;
          logic           lower;
          ok_cs_probe_free = ok_cs_probe_free && (oph_q[2*o +: 2] == 2'd0);
          // E-cube, on its own: o differs, no dimension below o does.
          diff  = pout_dest[o*Dim +: Dim] ^ node_id;
          lower = 1'b0;
          for (int i = 0; i < Dim; i++) begin
            if (i < o && diff[i]) begin
              lower = 1'b1;
            end
          end
          ok_cs_probe_ecube = ok_cs_probe_ecube && diff[o] && !lower;
          for (int p = 0; p < P; p++) begin
            if (t_sel[o*P + p]) begin
              ok_cs_probe_dest = ok_cs_probe_dest && (ph_q[2*p +: 2] == 2'd1) &&
                  (pout_dest[o*Dim +: Dim] == pdst_q[p*Dim +: Dim]);
            end
          end
          ok_cs_probe_dest = ok_cs_probe_dest && $onehot(t_sel[o*P +: P]);
        end
      end
      for (int p = 0; p < P; p++) begin
        if (ack_out[p]) begin
          ok_cs_ack = ok_cs_ack && (ph_q[2*p +: 2] == 2'd1);
        end
      end
      if (out_valid[Dim] && out_flit[Dim*FW + HB]) begin
        ok_cs_eject = ok_cs_eject && (out_flit[Dim*FW +: Dim] == node_id);
      end
    end
  end

  // ---------------------------------------------------------------------
  // Counters of the properties.
  // ---------------------------------------------------------------------
  logic [3:0] n_push, n_send, n_tv_out;  // narrow: 32-bit ints cost yosys minutes
  always_comb begin
    n_push = 0;
    n_send = 0;
    n_tv_out = 0;
    for (int p = 0; p < P; p++) begin
      n_push = n_push + 4'(push[p]);
      n_send = n_send + 4'(out_valid[p]);
      if (out_valid[p] && out_flit[p*FW +: FW] == tv) begin
        n_tv_out = n_tv_out + 1'b1;
      end
    end
  end

  logic [OW-1:0] occ_q;  // flits in minus flits out
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      occ_q  <= '0;
      tin_q  <= 1'b0;
      tout_q <= 1'b0;
    end else begin
      occ_q <= occ_q + OW'(n_push) - OW'(n_send);
      if (push[tp] && in_flit[tp*FW +: FW] == tv) begin
        tin_q <= 1'b1;
      end
      if (n_tv_out != '0) begin
        tout_q <= 1'b1;
      end
    end
  end

  always_comb begin
    ok_noloss_out_le_in = 1'b1;
    ok_noloss_idle_empty = 1'b1;
    ok_nodup_once = 1'b1;
    ok_nodup_after_in = 1'b1;
    ok_nomod_idle_delivered = 1'b1;
    if (rst_ni) begin
      ok_noloss_out_le_in = ok_noloss_out_le_in && (OW'(n_send) <= occ_q);
      ok_noloss_idle_empty = ok_noloss_idle_empty && (!idle || occ_q == '0);
      ok_nodup_once = ok_nodup_once && (n_tv_out <= 4'd1);
      ok_nodup_after_in = ok_nodup_after_in && (n_tv_out == '0 || (tin_q && !tout_q));
      ok_nomod_idle_delivered = ok_nomod_idle_delivered && (!idle || tin_q == tout_q);
    end
  end

  // Worms per output: open, and the input that opened it.
  logic [P-1:0]   wopen_q;
  logic [P*P-1:0] wsrc_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wopen_q <= '0;
      wsrc_q  <= '0;
    end else begin
      for (int o = 0; o < P; o++) begin
        if (out_valid[o]) begin
          wopen_q[o] <= !out_flit[o*FW + TB];
          if (out_flit[o*FW + HB]) begin
            wsrc_q[o*P +: P] <= t_sel[o*P +: P];
          end
        end
      end
    end
  end

  always_comb begin
    ok_worm_form = 1'b1;
    ok_worm_same_source = 1'b1;
    ok_worm_pop_here = 1'b1;
    if (rst_ni) begin
      for (int o = 0; o < P; o++) begin
        if (out_valid[o]) begin
          ok_worm_form = ok_worm_form && (out_flit[o*FW + HB] == !wopen_q[o]);
          if (wopen_q[o]) begin
            ok_worm_same_source = ok_worm_same_source && (t_sel[o*P +: P] == wsrc_q[o*P +: P]);
          end
        end
        for (int p = 0; p < P; p++) begin
          if (wopen_q[o] && wsrc_q[o*P + p] && t_pop[p]) begin
            ok_worm_pop_here = ok_worm_pop_here && (out_valid[o] && t_sel[o*P + p]);
          end
        end
      end
    end
  end

  // E-cube, computed here on its own: the lowest differing dimension.
  always_comb begin
    ok_ecube_port = 1'b1;
    if (rst_ni) begin
      for (int o = 0; o < P; o++) begin
        if (out_valid[o] && out_flit[o*FW + HB]) begin
          logic [Dim-1:0] diff;
          logic [3:0]     want;
          diff = out_flit[o*FW +: Dim] ^ node_id;
          want = 4'(Dim);
          for (int i = Dim - 1; i >= 0; i--) begin
            if (diff[i]) begin
              want = 4'(i);
            end
          end
          ok_ecube_port = ok_ecube_port && (4'(o) == want);
        end
      end
    end
  end

  always_comb begin
    ok_owner_one = 1'b1;
    if (rst_ni) begin
      for (int o = 0; o < P; o++) begin
        ok_owner_one = ok_owner_one && ($onehot0(t_owner[o*P +: P]));
      end
    end
  end

  // Fairness: grants to other inputs on p's output while p waits.
  logic [P*FC-1:0] fcnt_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fcnt_q <= '0;
    end else begin
      for (int p = 0; p < P; p++) begin
        logic [FC-1:0] c;
        c = t_wait[p] ? fcnt_q[p*FC +: FC] : '0;
        for (int o = 0; o < P; o++) begin
          if (t_wait[p] && t_route[p*P + o] && out_valid[o] && !held[o] && !t_sel[o*P + p]) begin
            c = c + 1'b1;
          end
        end
        fcnt_q[p*FC +: FC] <= c;
      end
    end
  end

  always_comb begin
    ok_fair_work = 1'b1;
    ok_fair_bound = 1'b1;
    if (rst_ni) begin
      for (int o = 0; o < P; o++) begin
        logic asked;
        asked = 1'b0;
        for (int p = 0; p < P; p++) begin
          asked = asked || (t_req[p] && t_route[p*P + o]);
        end
        ok_fair_work = ok_fair_work && (!(asked && !held[o] && out_ready[o]) || out_valid[o]);
      end
      for (int p = 0; p < P; p++) begin
        ok_fair_bound = ok_fair_bound && (!t_wait[p] || fcnt_q[p*FC +: FC] <= FC'(Dim));
      end
    end
  end

  // Mode 2: TAILs and SINGLEs pushed minus heads sent, per input.
  logic [P*(CW+1)-1:0] sc_q;  // per input, CW+1 bits, two's complement
  logic [P-1:0]  hsent;
  always_comb begin
    hsent = '0;
    for (int o = 0; o < P; o++) begin
      if (out_valid[o] && out_flit[o*FW + HB]) begin
        hsent = hsent | t_sel[o*P +: P];
      end
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sc_q <= '0;
    end else begin
      for (int p = 0; p < P; p++) begin
        sc_q[p*(CW+1) +: CW+1] <= sc_q[p*(CW+1) +: CW+1]
            + (CW+1)'(push[p] && in_flit[p*FW + TB]) - (CW+1)'(hsent[p]);
      end
    end
  end
  always_comb begin
    ok_saf_tail_buffered = 1'b1;
    if (rst_ni && saf) begin
      for (int p = 0; p < P; p++) begin
        if (hsent[p]) begin
          ok_saf_tail_buffered = ok_saf_tail_buffered && (!sc_q[p*(CW+1) + CW] && sc_q[p*(CW+1) +: CW+1] != '0);
        end
      end
    end
  end

  // ---------------------------------------------------------------------
  // Lemmas: the harness's counters against the buffers' contents.
  // ---------------------------------------------------------------------
  always_comb begin
    ok_inv_count_le_depth = 1'b1;
    ok_inv_kind_order = 1'b1;
    ok_inv_open_matches = 1'b1;
    ok_inv_ptrs = 1'b1;
    ok_inv_tails = 1'b1;
    ok_inv_saf_count = 1'b1;
    ok_inv_occ = 1'b1;
    ok_inv_tracked = 1'b1;
    ok_inv_worm_held = 1'b1;
    ok_inv_worm_owner = 1'b1;
    ok_inv_fair_ahead = 1'b1;
    ok_inv_age_order = 1'b1;
    ok_inv_ecube_in = 1'b1;
    ok_inv_ram_front = 1'b1;
    ok_inv_route_reg = 1'b1;
    if (rst_ni) begin
      logic [OW-1:0] total;
      logic [3:0]    ntv;
      total = 0;
      ntv   = 0;
      for (int p = 0; p < P; p++) begin
        logic          st;
        logic [CW-1:0] cnt, tails;
        logic [PW:0]   idx;
        st    = t_holds[p];
        idx   = '0;
        cnt   = t_count[p*CW +: CW];
        tails = 0;
        ok_inv_count_le_depth = ok_inv_count_le_depth && (cnt <= CW'(B));
        for (int k = 0; k < B; k++) begin
          if (k < cnt) begin
            logic [FW-1:0] f;
            idx = t_rdptr[p*PW +: PW] + (PW+1)'(k);
            if (idx >= (PW+1)'(B)) begin
              idx = idx - (PW+1)'(B);
            end
            f = t_mem[(p*B)*FW + idx*FW +: FW];
            ok_inv_kind_order = ok_inv_kind_order && (f[HB] == !st);
            // A head buffered at link p has dimensions 0..p corrected (the
            // environment's e-cube assumption, kept by the buffer).
            if (p < Dim && f[HB]) begin
              for (int i = 0; i <= p; i++) begin
                ok_inv_ecube_in = ok_inv_ecube_in && (f[i] == node_id[i]);
              end
            end
            st = !f[TB];
            tails = tails + CW'(f[TB]);
            if (f == tv) begin
              ntv = ntv + 1'b1;
            end
          end
        end
        ok_inv_open_matches = ok_inv_open_matches && (st == open_q[p]);
        // BufRam: the registered front is the memory's slot at the read
        // pointer; RouteReg: a front seen last cycle too has its route in
        // the register.
        if (BufRam && cnt != '0) begin
          ok_inv_ram_front = ok_inv_ram_front &&
              (t_front[p*FW +: FW] == t_mem[(p*B)*FW + t_rdptr[p*PW +: PW]*FW +: FW]);
        end
        if (RouteReg && t_seen[p]) begin
          ok_inv_route_reg = ok_inv_route_reg && (cnt != '0) &&
              (t_rroute[p*P +: P] == t_route[p*P +: P]);
        end
        idx = t_rdptr[p*PW +: PW] + (PW+1)'(cnt);
        if (idx >= (PW+1)'(B)) begin
          idx = idx - (PW+1)'(B);
        end
        ok_inv_ptrs = ok_inv_ptrs && (t_rdptr[p*PW +: PW] < B) && (idx == (PW+1)'(t_wrptr[p*PW +: PW]));
        ok_inv_tails = ok_inv_tails && (tails == t_tails[p*CW +: CW]);
        ok_inv_saf_count = ok_inv_saf_count && (sc_q[p*(CW+1) +: CW+1] == (CW+1)'(tails) - (CW+1)'(t_holds[p]));
        total = total + OW'(cnt);
      end
      ok_inv_occ = ok_inv_occ && (occ_q == total);
      ok_inv_tracked = ok_inv_tracked && (ntv == ((tin_q && !tout_q) ? 4'd1 : 4'd0)) && (tin_q || !tout_q);
      for (int o = 0; o < P; o++) begin
        ok_inv_worm_held = ok_inv_worm_held && (wopen_q[o] == held[o]);
        if (held[o]) begin
          ok_inv_worm_owner = ok_inv_worm_owner && (wsrc_q[o*P +: P] == t_owner[o*P +: P]);
        end
      end
      // The kept order of the waiting heads is transitive (the allocator
      // asserts it antisymmetric): a strict order, so a free output always
      // has an oldest requester.
      for (int p = 0; p < P; p++) begin
        for (int q = 0; q < P; q++) begin
          for (int r = 0; r < P; r++) begin
            if (p != q && q != r && p != r && t_wait[p] && t_wait[q] && t_wait[r] &&
                t_older[p*P + q] && t_older[q*P + r]) begin
              ok_inv_age_order = ok_inv_age_order && t_older[p*P + r];
            end
          end
        end
      end
      for (int p = 0; p < P; p++) begin
        if (t_wait[p]) begin
          logic [FC:0] ahead;
          ahead = 0;
          for (int q = 0; q < P; q++) begin
            if (q != p && t_wait[q] && t_older[q*P + p] && (t_route[q*P +: P] == t_route[p*P +: P])) begin
              ahead = ahead + 1'b1;
            end
          end
          ok_inv_fair_ahead = ok_inv_fair_ahead && ((FC+1)'(fcnt_q[p*FC +: FC]) + ahead <= (FC+1)'(Dim));
        end
      end
    end
    // Mode 3 holds outputs without a worm (reserved, lingering) and ranks
    // probes too: these lemmas are the wormhole modes' alone.
    if (Circuit) begin
      ok_inv_kind_order = 1'b1;
      ok_inv_open_matches = 1'b1;
      ok_inv_saf_count = 1'b1;
      ok_inv_worm_held = 1'b1;
      ok_inv_worm_owner = 1'b1;
      ok_inv_fair_ahead = 1'b1;
      ok_inv_age_order = 1'b1;
    end
  end

  always_comb begin
    if (rst_ni) begin
      noloss_out_le_in: assert (ok_noloss_out_le_in);
      noloss_idle_empty: assert (ok_noloss_idle_empty);
      nodup_once: assert (ok_nodup_once);
      nodup_after_in: assert (ok_nodup_after_in);
      nomod_idle_delivered: assert (ok_nomod_idle_delivered);
      worm_form: assert (ok_worm_form);
      worm_same_source: assert (ok_worm_same_source);
      worm_pop_here: assert (ok_worm_pop_here);
      ecube_port: assert (ok_ecube_port);
      owner_one: assert (ok_owner_one);
      fair_work: assert (ok_fair_work);
      fair_bound: assert (ok_fair_bound);
      saf_tail_buffered: assert (ok_saf_tail_buffered);
      inv_count_le_depth: assert (ok_inv_count_le_depth);
      inv_kind_order: assert (ok_inv_kind_order);
      inv_open_matches: assert (ok_inv_open_matches);
      inv_ptrs: assert (ok_inv_ptrs);
      inv_tails: assert (ok_inv_tails);
      inv_saf_count: assert (ok_inv_saf_count);
      inv_occ: assert (ok_inv_occ);
      inv_tracked: assert (ok_inv_tracked);
      inv_worm_held: assert (ok_inv_worm_held);
      inv_worm_owner: assert (ok_inv_worm_owner);
      inv_fair_ahead: assert (ok_inv_fair_ahead);
      inv_age_order: assert (ok_inv_age_order);
      inv_ecube_in: assert (ok_inv_ecube_in);
      inv_ram_front: assert (ok_inv_ram_front);
      inv_route_reg: assert (ok_inv_route_reg);
      cs_data_rsv: assert (ok_cs_data_rsv);
      cs_head_dest: assert (ok_cs_head_dest);
      cs_probe_free: assert (ok_cs_probe_free);
      cs_probe_ecube: assert (ok_cs_probe_ecube);
      cs_probe_dest: assert (ok_cs_probe_dest);
      cs_ack: assert (ok_cs_ack);
      cs_eject: assert (ok_cs_eject);
    end
  end

endmodule
