// Oldest-first output allocation of one router (docs/microarchitecture.md,
// "One cycle of a router", steps 2, 4 to 7 and 9), with the state it keeps:
//
//   * owner: per output, the one-hot input whose message holds it (all zero
//     when the output is free); an input holds at most one output;
//   * wait: per input, its head requested last cycle and was not granted;
//   * age matrix: older[p][q], p ranked before q last cycle, read only while
//     both keep waiting, so the order of waiting heads never changes.
//
// Every cycle the requesting inputs are ranked (waiting heads first, in
// their kept order, then new heads by port number); a held output streams
// its owner's flits, a free one grants the oldest head that requests it.
// Allocation and transfer happen in the same cycle: `sel_o` and `send_o`
// drive the crossbar directly. Everything is computed from registers at the
// start of the cycle (input fronts, owners, wait flags, age matrix, the
// receivers' registered ready).
//
// In mode 3 (circuit_i, docs/microarchitecture.md, "Circuit switching") a
// request may be a probe's (probe_i): a free link granted to it is reserved
// (owned) without a flit moving, and `pgrant_o` tells the router to pass the
// probe on. An input then owns at most two outputs, its current reservation
// and one queued behind it (nxt); only the current one streams. A TAIL or
// SINGLE frees its output, the owner's queued reservation becomes current,
// and the freed link lingers (held, no owner) for the hops the tail still
// has to go, so a path is released when its tail arrives.
module hc_alloc #(
  /// Input ports = output ports (Dim links plus the local port).
  parameter int unsigned Ports = 5,
  /// 1: input p < Ports-1 (a link) asks only for outputs above p (e-cube:
  /// hc_router masks route_i so), and output o is built to take only from
  /// the inputs below o and the local one; 0: every pair is built.
  parameter bit          Forward = 1'b0,
  /// Bits of a per-output waiting-heads count, $clog2(Ports + 1).
  parameter int unsigned WaitW = 3,
  /// Bits of a reservation's hops-left count (hc_pkg::RemW).
  parameter int unsigned RemW  = 4,
  /// 1: mode 3 is built; 0: the reservation state (queued, linger, hops
  /// left) is constant 0 and synthesis removes it.
  parameter bit          CsEnable = 1'b1
) (
  /// Clock, rising edge.
  input  logic                   clk_i,
  /// Asynchronous reset, active low: every output free, nobody waiting.
  input  logic                   rst_ni,
  /// Mode 3: circuit switching (reservations, lingering links).
  input  logic                   circuit_i,
  /// Per input: the front is a head that holds no output and may request
  /// (mode 3: or the input's probe asks for a link, probe_i).
  input  logic [Ports-1:0]       req_i,
  /// Per input: its request is a probe's (mode 3).
  input  logic [Ports-1:0]       probe_i,
  /// Per input p: the output its head routes to, one-hot, at [p*Ports +: Ports].
  input  logic [Ports*Ports-1:0] route_i,
  /// Per input p: a probe's hops after the link it asks for, at [p*RemW +: RemW].
  input  logic [Ports*RemW-1:0]  rem_i,
  /// Per input: the buffer is empty.
  input  logic [Ports-1:0]       empty_i,
  /// Per input p: kind of its front flit (hc_pkg::Kind*), at [2*p +: 2].
  input  logic [Ports*2-1:0]     kind_i,
  /// Per output: the receiver has room (registered).
  input  logic [Ports-1:0]       out_ready_i,
  /// Per input: it holds an output as its current reservation (from the
  /// owner registers).
  output logic [Ports-1:0]       holds_o,
  /// Per input: it holds a queued reservation (mode 3).
  output logic [Ports-1:0]       holdn_o,
  /// Per output: held at the start of the cycle (owned, or lingering).
  output logic [Ports-1:0]       held_o,
  /// Per output o: the one-hot input that owns it, at [o*Ports +: Ports].
  output logic [Ports*Ports-1:0] owner_o,
  /// Per output o: the one-hot input it takes from, at [o*Ports +: Ports].
  output logic [Ports*Ports-1:0] sel_o,
  /// Per output: a flit is sent (the selected input's front).
  output logic [Ports-1:0]       send_o,
  /// Per output: the selected input's probe reserves it (mode 3; no flit).
  output logic [Ports-1:0]       pgrant_o,
  /// Per output o: heads that requested it and were not granted, at
  /// [o*WaitW +: WaitW].
  output logic [Ports*WaitW-1:0] waiting_o
);

  logic [Ports*Ports-1:0] owner_q, owner_d;  // [o*Ports + p]: p holds o
  logic [Ports*Ports-1:0] reach;             // [o*Ports + p]: o can take from p
  logic [Ports*Ports-1:0] reach_t;           // [p*Ports + o]: the same
  logic [Ports-1:0]       nxt_q, nxt_d;      // o is its owner's queued reservation
  logic [Ports*RemW-1:0]  rem_q, rem_d;      // o's path: hops after o
  logic [Ports*RemW-1:0]  lc_q, lc_d;        // o lingers while not 0
  logic [Ports-1:0]       wait_q, wait_d;
  logic [Ports*Ports-1:0] older_q, older_d;  // [p*Ports + q]: p before q

  logic [Ports*Ports-1:0] owner_m;  // owner_d of the pairs that exist
  logic [Ports*Ports-1:0] req_oh;   // [p*Ports + o]: p asks for output o
  logic [Ports*Ports-1:0] beats;    // [p*Ports + q]: p ranked before q
  logic [Ports-1:0]       granted;  // input p's head or probe won a free output
  logic [Ports-1:0]       rel;      // input p's current reservation ends this cycle
  logic [Ports-1:0]       owned;    // per output: it has an owner
  logic [Ports-1:0]       linger;   // per output: it lingers

  // The pairs that exist (Forward): constants, so synthesis drops the rest
  // of the owner registers, the candidates and the crossbar.
  for (genvar o = 0; o < Ports; o++) begin : gen_reach_o
    for (genvar p = 0; p < Ports; p++) begin : gen_reach_p
      assign reach[o*Ports + p] = !Forward || (p + 1 == Ports) || (o > p);
      assign reach_t[p*Ports + o] = reach[o*Ports + p];
    end
  end

  // Requests and holds.
  always_comb begin
    req_oh  = '0;
    holds_o = '0;
    holdn_o = '0;
    for (int unsigned o = 0; o < Ports; o++) begin
      owned[o]  = (owner_q[o*Ports +: Ports] != '0);
      linger[o] = (lc_q[o*RemW +: RemW] != '0);
      if (nxt_q[o]) begin
        holdn_o = holdn_o | owner_q[o*Ports +: Ports];
      end else begin
        holds_o = holds_o | owner_q[o*Ports +: Ports];
      end
    end
    for (int unsigned p = 0; p < Ports; p++) begin
      if (req_i[p]) begin
        req_oh[p*Ports +: Ports] = route_i[p*Ports +: Ports] & reach_t[p*Ports +: Ports];
      end
    end
  end

  // Age order of this cycle: waiting heads first, in their kept order, then
  // new heads by port number. Row p (whom p beats) as whole words: a
  // waiting p beats every q that does not wait and, of those that wait,
  // the ones its kept order puts after it; a new p beats the new q above
  // it; never itself. (Word operations: a simulator evaluates a loop over
  // the pairs bit by bit.)
  always_comb begin
    beats = '0;
    for (int unsigned p = 0; p < Ports; p++) begin
      logic [Ports-1:0] self, above;  // bit p; the bits above p
      self  = Ports'(1) << p;
      above = ~((self << 1) - 1'b1);
      if (wait_q[p]) begin
        beats[p*Ports +: Ports] = (~wait_q | older_q[p*Ports +: Ports]) & ~self;
      end else begin
        beats[p*Ports +: Ports] = ~wait_q & above;
      end
`ifdef HC_FAULT_fixedprio
      // Injected fault for the formal proofs (make formal): fixed
      // priority by port number, waiting heads get no precedence.
      beats[p*Ports +: Ports] = above;
`endif
    end
  end

  // Mode 3: the inputs whose current reservation ends this cycle (their
  // front, a TAIL or SINGLE, goes out on it): a probe of such an input
  // granted now is current, not queued, and its queued one becomes current.
  logic [Ports-1:0] tail_front;  // per input: its front is a TAIL or SINGLE
  always_comb begin
    for (int unsigned p = 0; p < Ports; p++) begin
      tail_front[p] = !empty_i[p] && kind_i[2*p + hc_pkg::KindTailBit];
    end
    rel = '0;
    for (int unsigned o = 0; o < Ports; o++) begin
      if (!nxt_q[o] && out_ready_i[o]) begin
        rel = rel | (owner_q[o*Ports +: Ports] & tail_front);
      end
    end
  end

  // Per output: a held output streams its owner's flits (a queued
  // reservation waits, a lingering link carries nothing); a free one grants
  // the oldest requesting head, or reserves itself for the oldest probe.
  always_comb begin
    sel_o     = '0;
    send_o    = '0;
    pgrant_o  = '0;
    granted   = '0;
    waiting_o = '0;
    held_o    = '0;
    owner_d   = owner_q;
    nxt_d     = nxt_q;
    rem_d     = rem_q;
    lc_d      = lc_q;
    for (int unsigned o = 0; o < Ports; o++) begin
      logic [Ports-1:0] cand, win, sel;
      logic [1:0]       kind;  // the selected input's front
      logic [RemW-1:0]  rem;   // the selected input's probe: hops after o
      logic             is_probe, hit;
      cand = '0;
      win  = '0;
      kind = '0;
      rem  = '0;
      for (int unsigned p = 0; p < Ports; p++) begin
        cand[p] = req_oh[p*Ports + o];
      end
      // p wins if it asks and beats every other input that asks.
      for (int unsigned p = 0; p < Ports; p++) begin
        win[p] = cand[p] && ((cand & ~beats[p*Ports +: Ports] & ~(Ports'(1) << p)) == '0);
      end
`ifdef HC_FAULT_grantall
      // Injected fault for the negative test of the assertions: a free
      // output grants every input that requests it, not only the oldest.
      win = cand;
`endif
      held_o[o] = owned[o] || linger[o];
      sel = held_o[o] ? owner_q[o*Ports +: Ports] : win;
      for (int unsigned p = 0; p < Ports; p++) begin
        if (sel[p]) begin
          kind = kind_i[2*p +: 2];
          rem  = rem_i[p*RemW +: RemW];
        end
      end
      is_probe    = circuit_i && !held_o[o] && ((sel & probe_i) != '0);
      sel_o[o*Ports +: Ports] = sel;
      pgrant_o[o] = is_probe;
      send_o[o]   = !is_probe && !(owned[o] && nxt_q[o]) && out_ready_i[o] && ((sel & ~empty_i) != '0);
      hit         = !held_o[o] && (send_o[o] || is_probe);
`ifdef HC_PROTO_regalloc
      // Prototype of a registered allocation stage (docs/fpga.md, "Towards
      // the lean router"; not in any default build, and not the timing of
      // the C model): a free output is only reserved for the oldest head
      // that asks for it, ready or not, and the head goes out as the held
      // output's first flit in a later cycle; the crossbar and the sends
      // then come from registers alone. A head takes 2 cycles per hop.
      sel_o[o*Ports +: Ports] = held_o[o] ? sel : '0;
      if (!held_o[o]) begin
        send_o[o] = 1'b0;
        hit       = (win != '0);
      end
`endif
      if (held_o[o]) begin
        // The flit that closes a message frees its output; in mode 3 the
        // link lingers for the hops the tail still has to go.
`ifdef HC_FAULT_freeearly
        // Injected fault for the formal proofs (make formal): any flit
        // sent, not only the message's TAIL, frees its output.
        if (send_o[o]) begin
`else
        if (send_o[o] && kind[hc_pkg::KindTailBit]) begin
`endif
          owner_d[o*Ports +: Ports] = '0;
          if (circuit_i && o + 1 < Ports) begin
            lc_d[o*RemW +: RemW] = rem_q[o*RemW +: RemW];
          end
        end
        if (linger[o]) begin
          lc_d[o*RemW +: RemW] = lc_q[o*RemW +: RemW] - 1'b1;
        end
      end else if (is_probe) begin
        // Reserved for the probe: current, or queued behind the input's
        // current reservation if that one goes on after this cycle.
        granted = granted | sel;
        owner_d[o*Ports +: Ports] = sel;
        nxt_d[o] = ((sel & holds_o & ~rel) != '0);
        rem_d[o*RemW +: RemW] = rem;
`ifdef HC_PROTO_regalloc
      end else if (hit) begin
        granted = granted | sel;
        owner_d[o*Ports +: Ports] = sel;
        nxt_d[o] = 1'b0;
`endif
      end else if (send_o[o]) begin
        granted = granted | sel;
        if (kind == hc_pkg::KindHead) begin
          owner_d[o*Ports +: Ports] = sel;
          nxt_d[o] = 1'b0;
        end
      end
      waiting_o[o*WaitW +: WaitW] = WaitW'($countones(cand)) - WaitW'(hit);
    end
    // The owner's queued reservation becomes current when its current one ends.
    for (int unsigned o = 0; o < Ports; o++) begin
      if (nxt_q[o] && ((owner_q[o*Ports +: Ports] & rel) != '0)) begin
        nxt_d[o] = 1'b0;
      end
    end
  end

  assign wait_d  = req_i & ~granted;
  assign older_d = beats;
  assign owner_o = owner_q;
  assign owner_m = owner_d & reach;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      owner_q <= '0;
      nxt_q   <= '0;
      rem_q   <= '0;
      lc_q    <= '0;
      wait_q  <= '0;
      older_q <= '0;
    end else begin
      owner_q <= owner_m;
      nxt_q   <= CsEnable ? nxt_d : '0;
      rem_q   <= CsEnable ? rem_d : '0;
      lc_q    <= CsEnable ? lc_d : '0;
      wait_q  <= wait_d;
      older_q <= older_d;
    end
  end

`ifndef SYNTHESIS
  // The checks are word operations over all outputs or all inputs at once,
  // each the conjunction over the ports of the property it states (the
  // per-port form, Ports^2 one-bit assertions and gathers of columns, was a
  // fifth of the 8-cube's simulation: docs/performance.md, the RTL's fifth
  // pass). The functions read only their arguments, which the assertions
  // sample as they do every signal they name.

  // Row o of m: m[o*Ports +: Ports].
  // Every row of m is zero or one-hot.
  function automatic logic rows_onehot0(input logic [Ports*Ports-1:0] m);
    rows_onehot0 = 1'b1;
    for (int o = 0; o < Ports; o++) begin
      rows_onehot0 = rows_onehot0 && $onehot0(m[o*Ports +: Ports]);
    end
  endfunction
  // Every row o of m with pick[o] is one-hot.
  function automatic logic rows_onehot(input logic [Ports*Ports-1:0] m, input logic [Ports-1:0] pick);
    rows_onehot = 1'b1;
    for (int o = 0; o < Ports; o++) begin
      rows_onehot = rows_onehot && (!pick[o] || $onehot(m[o*Ports +: Ports]));
    end
  endfunction
  // The rows o of m with pick[o] share no bit: each column p has a one in
  // at most one of them.
  function automatic logic rows_disjoint(input logic [Ports*Ports-1:0] m, input logic [Ports-1:0] pick);
    logic [Ports-1:0] seen;
    seen = '0;
    rows_disjoint = 1'b1;
    for (int o = 0; o < Ports; o++) begin
      if (pick[o]) begin
        rows_disjoint = rows_disjoint && ((seen & m[o*Ports +: Ports]) == '0);
        seen = seen | m[o*Ports +: Ports];
      end
    end
  endfunction
  // Per input p: its front is a head or a SINGLE (kind bit KindHeadBit).
  function automatic logic [Ports-1:0] front_heads(input logic [Ports*2-1:0] k);
    for (int p = 0; p < Ports; p++) begin
      front_heads[p] = k[2*p + hc_pkg::KindHeadBit];
    end
  endfunction
  // Every output o that sends (snd[o]) takes a BODY or TAIL (body[p] of the
  // input p it selects, sm's row o) only from an input that holds o as its
  // current reservation (own's row o, o not queued: !nxt[o]).
  function automatic logic bodies_held(input logic [Ports*Ports-1:0] sm, input logic [Ports*Ports-1:0] own,
                                       input logic [Ports-1:0] snd, input logic [Ports-1:0] nxt,
                                       input logic [Ports-1:0] body);
    bodies_held = 1'b1;
    for (int o = 0; o < Ports; o++) begin
      bodies_held = bodies_held && (!snd[o] || ((sm[o*Ports +: Ports] & body & ~(own[o*Ports +: Ports] &
                                                  {Ports{!nxt[o]}})) == '0));
    end
  endfunction
  // Every two waiting inputs p != q (w) are ordered one way: exactly one of
  // older[p*Ports + q] and older[q*Ports + p] is set (each pair once).
  function automatic logic age_strict(input logic [Ports*Ports-1:0] older, input logic [Ports-1:0] w);
    age_strict = 1'b1;
    for (int p = 0; p < Ports; p++) begin
      for (int q = p + 1; q < Ports; q++) begin
        age_strict = age_strict && (!(w[p] && w[q]) || (older[p*Ports + q] != older[q*Ports + p]));
      end
    end
  endfunction

  // Per output.
  // An output is held by at most one input.
  OwnerOneHot: assert property (@(posedge clk_i) disable iff (!rst_ni)
      rows_onehot0(owner_q))
    else $error("hc_alloc: an output held by several inputs (owners %h)", owner_q);
  // A flit sent comes from exactly one input.
  SendOneInput: assert property (@(posedge clk_i) disable iff (!rst_ni)
      rows_onehot(sel_o, send_o))
    else $error("hc_alloc: an output that sends takes from no input or several (send %b, sel %h)", send_o, sel_o);
  // Flits go out only while the receiver has room (registered ready: no
  // valid without ready, nothing to hold).
  SendOnlyWhenReady: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (send_o & ~out_ready_i) == '0)
    else $error("hc_alloc: outputs %b send without room downstream", send_o & ~out_ready_i);
  // Mode 3: a lingering link has no owner and carries nothing; a queued
  // reservation carries nothing; a probe's grant moves no flit.
  LingerFree: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (linger & (owned | send_o)) == '0)
    else $error("hc_alloc: outputs %b linger but are owned or send", linger & (owned | send_o));
  QueuedSendsNothing: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (owned & nxt_q & send_o) == '0)
    else $error("hc_alloc: outputs %b send for a queued reservation", owned & nxt_q & send_o);
  ProbeGrantNoFlit: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (pgrant_o & send_o) == '0 && (circuit_i || pgrant_o == '0) && rows_onehot(sel_o, pgrant_o))
    else $error("hc_alloc: a probe's grant moves a flit, outside mode 3, or from no input or several (pgrant %b)",
                pgrant_o);
  // Outside mode 3 nothing is queued or lingers.
  WormholeNoReservation: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !circuit_i |-> (nxt_q == '0 && linger == '0))
    else $error("hc_alloc: outputs %b queued or lingering outside mode 3", nxt_q | linger);

  // Per input.
  // An input holds at most one output as its current reservation and (in
  // mode 3) at most one queued behind it.
  HoldsOneOutput: assert property (@(posedge clk_i) disable iff (!rst_ni)
      rows_disjoint(owner_q, ~nxt_q) && rows_disjoint(owner_q, nxt_q))
    else $error("hc_alloc: an input holds several outputs (owners %h, queued %b)", owner_q, nxt_q);
  // A BODY or TAIL goes out only on the output its input holds.
  BodyOnOwnedOutput: assert property (@(posedge clk_i) disable iff (!rst_ni)
      bodies_held(sel_o, owner_q, send_o, nxt_q, ~empty_i & ~front_heads(kind_i)))
    else $error("hc_alloc: a body or tail goes out on an output its input does not hold (send %b)", send_o);
  // No head behind an open worm: the front of an input that holds an
  // output belongs to that message (BODY or TAIL). In mode 3 the head of
  // a message follows its reservation.
`ifndef HC_PROTO_regalloc  // there a reserved output's head is still at the front
  NoHeadInOpenWorm: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !circuit_i |-> (holds_o & ~empty_i & front_heads(kind_i)) == '0)
    else $error("hc_alloc: heads at inputs %b whose message still holds an output", holds_o & ~empty_i & front_heads(kind_i));
`endif
  // A waiting head stays at the front and keeps requesting (the age
  // matrix is read only while both heads keep waiting).
  WaitKeepsRequest: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (wait_q & ~req_i) == '0)
    else $error("hc_alloc: inputs %b stopped requesting while waiting", wait_q & ~req_i);
  // The kept order of two waiting heads is a strict order.
  AgeAntisymmetric: assert property (@(posedge clk_i) disable iff (!rst_ni)
      age_strict(older_q, wait_q))
    else $error("hc_alloc: two waiting inputs both or neither older (waiting %b, order %h)", wait_q, older_q);
`endif

endmodule
