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
module hc_alloc #(
  /// Input ports = output ports (Dim links plus the local port).
  parameter int unsigned Ports = 5,
  /// Bits of a per-output waiting-heads count, $clog2(Ports + 1).
  parameter int unsigned WaitW = 3
) (
  /// Clock, rising edge.
  input  logic                   clk_i,
  /// Asynchronous reset, active low: every output free, nobody waiting.
  input  logic                   rst_ni,
  /// Per input: the front is a head that holds no output and may request.
  input  logic [Ports-1:0]       req_i,
  /// Per input p: the output its head routes to, one-hot, at [p*Ports +: Ports].
  input  logic [Ports*Ports-1:0] route_i,
  /// Per input: the buffer is empty.
  input  logic [Ports-1:0]       empty_i,
  /// Per input p: kind of its front flit (hc_pkg::Kind*), at [2*p +: 2].
  input  logic [Ports*2-1:0]     kind_i,
  /// Per output: the receiver has room (registered).
  input  logic [Ports-1:0]       out_ready_i,
  /// Per input: it holds an output (from the owner registers).
  output logic [Ports-1:0]       holds_o,
  /// Per output: held by a message at the start of the cycle.
  output logic [Ports-1:0]       held_o,
  /// Per output o: the one-hot input it takes from, at [o*Ports +: Ports].
  output logic [Ports*Ports-1:0] sel_o,
  /// Per output: a flit is sent (the selected input's front).
  output logic [Ports-1:0]       send_o,
  /// Per output o: heads that requested it and were not granted, at
  /// [o*WaitW +: WaitW].
  output logic [Ports*WaitW-1:0] waiting_o
);

  logic [Ports*Ports-1:0] owner_q, owner_d;  // [o*Ports + p]: p holds o
  logic [Ports-1:0]       wait_q, wait_d;
  logic [Ports*Ports-1:0] older_q, older_d;  // [p*Ports + q]: p before q

  logic [Ports*Ports-1:0] req_oh;   // [p*Ports + o]: p asks for output o
  logic [Ports*Ports-1:0] beats;    // [p*Ports + q]: p ranked before q
  logic [Ports-1:0]       granted;  // input p's head won a free output

  // Requests and holds.
  always_comb begin
    req_oh  = '0;
    holds_o = '0;
    for (int unsigned o = 0; o < Ports; o++) begin
      holds_o = holds_o | owner_q[o*Ports +: Ports];
    end
    for (int unsigned p = 0; p < Ports; p++) begin
      if (req_i[p]) begin
        req_oh[p*Ports +: Ports] = route_i[p*Ports +: Ports];
      end
    end
  end

  // Age order of this cycle: waiting heads first, in their kept order, then
  // new heads by port number.
  always_comb begin
    beats = '0;
    for (int unsigned p = 0; p < Ports; p++) begin
      for (int unsigned q = 0; q < Ports; q++) begin
        if (p != q) begin
          if (wait_q[p] != wait_q[q]) begin
            beats[p*Ports + q] = wait_q[p];
          end else if (wait_q[p]) begin
            beats[p*Ports + q] = older_q[p*Ports + q];
          end else begin
            beats[p*Ports + q] = (p < q);
          end
        end
      end
    end
  end

  // Per output: a held output streams its owner's flits; a free one grants
  // the oldest requesting head.
  always_comb begin
    sel_o     = '0;
    send_o    = '0;
    granted   = '0;
    waiting_o = '0;
    held_o    = '0;
    owner_d   = owner_q;
    for (int unsigned o = 0; o < Ports; o++) begin
      logic [Ports-1:0] cand, win;
      logic [1:0]       kind;
      cand = '0;
      win  = '0;
      for (int unsigned p = 0; p < Ports; p++) begin
        cand[p] = req_oh[p*Ports + o];
      end
      for (int unsigned p = 0; p < Ports; p++) begin
        logic best;
        best = cand[p];
        for (int unsigned q = 0; q < Ports; q++) begin
          if (q != p && cand[q] && !beats[p*Ports + q]) begin
            best = 1'b0;
          end
        end
        win[p] = best;
      end
`ifdef HC_FAULT_grantall
      // Injected fault for the negative test of the assertions: a free
      // output grants every input that requests it, not only the oldest.
      win = cand;
`endif
      held_o[o] = (owner_q[o*Ports +: Ports] != '0);
      sel_o[o*Ports +: Ports] = held_o[o] ? owner_q[o*Ports +: Ports] : win;
      send_o[o] = out_ready_i[o] && ((sel_o[o*Ports +: Ports] & ~empty_i) != '0);
      kind = '0;
      for (int unsigned p = 0; p < Ports; p++) begin
        if (sel_o[o*Ports + p]) begin
          kind = kind_i[2*p +: 2];
        end
      end
      if (held_o[o]) begin
        if (send_o[o] && kind == hc_pkg::KindTail) begin
          owner_d[o*Ports +: Ports] = '0;
        end
      end else begin
        if (send_o[o]) begin
          granted = granted | win;
          if (kind == hc_pkg::KindHead) begin
            owner_d[o*Ports +: Ports] = win;
          end
        end
      end
      waiting_o[o*WaitW +: WaitW] = WaitW'($countones(cand)) - WaitW'(send_o[o] && !held_o[o]);
    end
  end

  assign wait_d  = req_i & ~granted;
  assign older_d = beats;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      owner_q <= '0;
      wait_q  <= '0;
      older_q <= '0;
    end else begin
      owner_q <= owner_d;
      wait_q  <= wait_d;
      older_q <= older_d;
    end
  end

`ifndef SYNTHESIS
  for (genvar o = 0; o < Ports; o++) begin : gen_assert_out
    logic [Ports-1:0] held_by;  // inputs that hold o
    assign held_by = owner_q[o*Ports +: Ports];
    // An output is held by at most one input.
    OwnerOneHot: assert property (@(posedge clk_i) disable iff (!rst_ni)
        $onehot0(held_by))
      else $error("hc_alloc: output %0d held by several inputs (%b)", o, held_by);
    // A flit sent comes from exactly one input.
    SendOneInput: assert property (@(posedge clk_i) disable iff (!rst_ni)
        send_o[o] |-> $onehot(sel_o[o*Ports +: Ports]))
      else $error("hc_alloc: output %0d takes from inputs %b", o, sel_o[o*Ports +: Ports]);
    // Flits go out only while the receiver has room (registered ready: no
    // valid without ready, nothing to hold).
    SendOnlyWhenReady: assert property (@(posedge clk_i) disable iff (!rst_ni)
        send_o[o] |-> out_ready_i[o])
      else $error("hc_alloc: output %0d sends without room downstream", o);
  end

  for (genvar p = 0; p < Ports; p++) begin : gen_assert_in
    logic [Ports-1:0] holds_of;  // outputs held by p
    logic [Ports-1:0] takes_p;   // outputs that take from p
    logic [1:0]       kind;
    logic             sends_unheld;  // p's front goes out on an output it does not hold
    for (genvar o = 0; o < Ports; o++) begin : gen_col
      assign holds_of[o] = owner_q[o*Ports + p];
      assign takes_p[o]  = sel_o[o*Ports + p];
    end
    assign kind         = kind_i[2*p +: 2];
    assign sends_unheld = |(send_o & takes_p & ~holds_of);
    // An input holds at most one output.
    HoldsOneOutput: assert property (@(posedge clk_i) disable iff (!rst_ni)
        $onehot0(holds_of))
      else $error("hc_alloc: input %0d holds several outputs (%b)", p, holds_of);
    // A BODY or TAIL goes out only on the output its input holds.
    BodyOnOwnedOutput: assert property (@(posedge clk_i) disable iff (!rst_ni)
        (!empty_i[p] && !kind[hc_pkg::KindHeadBit]) |-> !sends_unheld)
      else $error("hc_alloc: input %0d sends a body or tail on an output it does not hold", p);
    // No head behind an open worm: the front of an input that holds an
    // output belongs to that message (BODY or TAIL).
    NoHeadInOpenWorm: assert property (@(posedge clk_i) disable iff (!rst_ni)
        (holds_o[p] && !empty_i[p]) |-> !kind[hc_pkg::KindHeadBit])
      else $error("hc_alloc: head at input %0d whose message still holds an output", p);
    // A waiting head stays at the front and keeps requesting (the age
    // matrix is read only while both heads keep waiting).
    WaitKeepsRequest: assert property (@(posedge clk_i) disable iff (!rst_ni)
        wait_q[p] |-> req_i[p])
      else $error("hc_alloc: input %0d stopped requesting while waiting", p);
    // The kept order of two waiting heads is a strict order.
    for (genvar q = 0; q < Ports; q++) begin : gen_pair
      if (q != p) begin : gen_other
        AgeAntisymmetric: assert property (@(posedge clk_i) disable iff (!rst_ni)
            (wait_q[p] && wait_q[q]) |-> (older_q[p*Ports + q] != older_q[q*Ports + p]))
          else $error("hc_alloc: inputs %0d and %0d both or neither older", p, q);
      end
    end
  end
`endif

endmodule
