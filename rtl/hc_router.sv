// One node's router of a Dim-dimensional binary hypercube: Dim link ports
// plus the local port (index Dim), e-cube routing, wormhole switching with a
// BufDepth-flit buffer per input, and oldest-head-first allocation of free
// outputs. The cycle-by-cycle behaviour is specified in
// docs/microarchitecture.md and mirrored by csim/hc_model.c; any change here
// must be made there too, or the lockstep tests fail.
//
// Every decision is taken from registered state: input buffer fronts and
// counts, the owner of each output, the waiting flags and the age matrix, and
// the registered ready of the next router's buffers. A head that finds its
// output free and ready is allocated and sent in the same cycle, so a head
// crosses a router and its link in one cycle.
module hc_router #(
  /// Cube dimension: number of link ports.
  parameter int unsigned Dim          = 4,
  /// Flit payload bits; a head carries its destination in the low Dim bits.
  parameter int unsigned PayloadWidth = 16,
  /// Flits per input buffer.
  parameter int unsigned BufDepth     = 2,
  /// Bits of each summing channel counter, 1..32 (the read port stays 32
  /// bits, zero-extended); narrower counters save logic on small FPGAs.
  parameter int unsigned CntWidth     = 32
) (
  /// Clock, rising edge.
  input  logic                            clk_i,
  /// Asynchronous reset, active low.
  input  logic                            rst_ni,
  /// This router's node number.
  input  logic [Dim-1:0]                  node_id_i,
  /// Store-and-forward by header (mode 2): a head requests an output only
  /// once its message's TAIL is in the same input buffer.
  input  logic                            saf_i,
  /// Per input port: a flit is offered (only while in_ready_o).
  input  logic [Dim:0]                    in_valid_i,
  /// Per input port: the offered flit, port p at [p*FlitW +: FlitW].
  input  logic [(Dim+1)*(PayloadWidth+2)-1:0] in_flit_i,
  /// Per input port: the buffer has a free slot (registered).
  output logic [Dim:0]                    in_ready_o,
  /// Per output port: a flit is sent this cycle.
  output logic [Dim:0]                    out_valid_o,
  /// Per output port: the flit sent, 0 when none.
  output logic [(Dim+1)*(PayloadWidth+2)-1:0] out_flit_o,
  /// Per output port: the receiver accepts a flit (tie port Dim to 1).
  input  logic [Dim:0]                    out_ready_i,
  /// Per output port: held by a message or granted this cycle (for waves).
  output logic [Dim:0]                    out_busy_o,
  /// Per output port: a head waits for it this cycle (for waves).
  output logic [Dim:0]                    out_blocked_o,
  /// Every input buffer is empty and no output is held (from registers).
  output logic                            idle_o,
  /// Counter read port: output port to read.
  input  logic [3:0]                      cnt_port_i,
  /// Counter read port: counter id (hc_pkg::Cnt*).
  input  logic [2:0]                      cnt_id_i,
  /// Counter read port: the selected counter.
  output logic [31:0]                     cnt_data_o
);

  /// Derived: ports, flit width, waiting-count width.
  localparam int unsigned Ports = Dim + 1;
  localparam int unsigned FlitW = PayloadWidth + 2;
  localparam int unsigned WaitW = $clog2(Ports + 1);

  // ---------------------------------------------------------------------
  // Input buffers
  // ---------------------------------------------------------------------
  logic [Ports-1:0]       in_empty, in_pop;
  logic [Ports*FlitW-1:0] front;

  for (genvar p = 0; p < Ports; p++) begin : gen_in
    hc_fifo #(
      .Width (FlitW),
      .Depth (BufDepth)
    ) u_buf (
      .clk_i,
      .rst_ni,
      .push_i  (in_valid_i[p]),
      .wdata_i (in_flit_i[p*FlitW +: FlitW]),
      .pop_i   (in_pop[p]),
      .rdata_o (front[p*FlitW +: FlitW]),
      .empty_o (in_empty[p]),
      .ready_o (in_ready_o[p])
    );
  end

  // TAIL or SINGLE flits held per input buffer: with saf_i a head at the
  // front requests only when this is not 0, i.e. its whole message is in.
  localparam int unsigned TailW = $clog2(BufDepth + 1);
  logic [Ports*TailW-1:0] tails_q, tails_d;

  always_comb begin
    tails_d = tails_q;
    for (int unsigned p = 0; p < Ports; p++) begin
      unique case ({in_valid_i[p] && in_flit_i[p*FlitW + PayloadWidth + 1],
                    in_pop[p] && front[p*FlitW + PayloadWidth + 1]})
        2'b10:   tails_d[p*TailW +: TailW] = tails_q[p*TailW +: TailW] + 1'b1;
        2'b01:   tails_d[p*TailW +: TailW] = tails_q[p*TailW +: TailW] - 1'b1;
        default: tails_d[p*TailW +: TailW] = tails_q[p*TailW +: TailW];
      endcase
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tails_q <= '0;
    end else begin
      tails_q <= tails_d;
    end
  end

  // ---------------------------------------------------------------------
  // Allocation state: owner_q[o*Ports +: Ports] is the one-hot input that
  // holds output o (all zero when o is free); wait_q[p] marks a head that
  // requested and was not served last cycle; older_q[p*Ports + q] orders
  // two waiting heads.
  // ---------------------------------------------------------------------
  logic [Ports*Ports-1:0] owner_q, owner_d;
  logic [Ports-1:0]       wait_q, wait_d;
  logic [Ports*Ports-1:0] older_q, older_d;

  logic [Ports-1:0]       holds;      // input p holds some output
  logic [Ports-1:0]       req;        // input p's front is a head asking
  logic [Ports*Ports-1:0] req_oh;     // [p*Ports + o]: p asks for output o
  logic [Ports*Ports-1:0] beats;      // [p*Ports + q]: p ranked before q
  logic [Ports*Ports-1:0] sel;        // [o*Ports + p]: o takes from input p
  logic [Ports-1:0]       out_busy_q; // output o held at the start of cycle
  logic [Ports-1:0]       send;       // output o sends a flit
  logic [Ports-1:0]       granted;    // input p's head won a free output
  logic [Ports*WaitW-1:0] waiting;    // per output: heads not granted

  // Routing: the lowest dimension in which node and destination differ, or
  // the local port when they are equal.
  always_comb begin
    req_oh = '0;
    req    = '0;
    holds  = '0;
    for (int unsigned o = 0; o < Ports; o++) begin
      holds = holds | owner_q[o*Ports +: Ports];
    end
    for (int unsigned p = 0; p < Ports; p++) begin
      logic [Dim-1:0] diff;
      diff   = front[p*FlitW +: Dim] ^ node_id_i;
      req[p] = !in_empty[p] && !holds[p] &&
               (!saf_i || (tails_q[p*TailW +: TailW] != '0));
      if (req[p]) begin
        req_oh[p*Ports +: Ports] = {(diff == '0), diff & (~diff + 1'b1)};
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
    sel        = '0;
    send       = '0;
    granted    = '0;
    waiting    = '0;
    out_busy_q = '0;
    owner_d    = owner_q;
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
      out_busy_q[o] = (owner_q[o*Ports +: Ports] != '0);
      sel[o*Ports +: Ports] = out_busy_q[o] ? owner_q[o*Ports +: Ports] : win;
      send[o] = out_ready_i[o] && ((sel[o*Ports +: Ports] & ~in_empty) != '0);
      kind = '0;
      for (int unsigned p = 0; p < Ports; p++) begin
        if (sel[o*Ports + p]) begin
          kind = front[p*FlitW + PayloadWidth +: 2];
        end
      end
      if (out_busy_q[o]) begin
        if (send[o] && kind == hc_pkg::KindTail) begin
          owner_d[o*Ports +: Ports] = '0;
        end
      end else begin
        if (send[o]) begin
          granted = granted | win;
          if (kind == hc_pkg::KindHead) begin
            owner_d[o*Ports +: Ports] = win;
          end
        end
      end
      waiting[o*WaitW +: WaitW] = WaitW'($countones(cand)) - WaitW'(send[o] && !out_busy_q[o]);
    end
  end

  // Crossbar and pops.
  always_comb begin
    out_flit_o = '0;
    in_pop     = '0;
    for (int unsigned o = 0; o < Ports; o++) begin
      for (int unsigned p = 0; p < Ports; p++) begin
        if (send[o] && sel[o*Ports + p]) begin
          out_flit_o[o*FlitW +: FlitW] = front[p*FlitW +: FlitW];
          in_pop[p] = 1'b1;
        end
      end
    end
  end

  assign out_valid_o = send;
  assign idle_o      = (&in_empty) && (owner_q == '0);
  assign wait_d      = req & ~granted;
  assign older_d     = beats;

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

  // ---------------------------------------------------------------------
  // Channel counters and the read port
  // ---------------------------------------------------------------------
  logic [Ports*32-1:0] cnt;

  for (genvar o = 0; o < Ports; o++) begin : gen_cnt
    logic is_head;
    assign is_head = out_flit_o[o*FlitW + PayloadWidth];  // HEAD and SINGLE
    assign out_busy_o[o]    = out_busy_q[o] || (send[o] && !out_busy_q[o]);
    assign out_blocked_o[o] = (waiting[o*WaitW +: WaitW] != '0);
    hc_chan_counters #(
      .CntWidth (CntWidth),
      .WaitW    (WaitW)
    ) u_cnt (
      .clk_i,
      .rst_ni,
      .flit_i    (send[o]),
      .head_i    (is_head),
      .busy_i    (out_busy_o[o]),
      .waiting_i (waiting[o*WaitW +: WaitW]),
      .id_i      (cnt_id_i),
      .cnt_o     (cnt[o*32 +: 32])
    );
  end

  always_comb begin
    cnt_data_o = '0;
    for (int unsigned o = 0; o < Ports; o++) begin
      if (cnt_port_i == 4'(o)) begin
        cnt_data_o = cnt[o*32 +: 32];
      end
    end
  end

`ifndef SYNTHESIS
  // A buffer front without an output held must be a head: messages arrive
  // whole and in order, so anything else is a protocol violation upstream.
  for (genvar p = 0; p < Ports; p++) begin : gen_assert
    FrontIsHead: assert property (@(posedge clk_i) disable iff (!rst_ni)
        req[p] |-> front[p*FlitW + PayloadWidth])
      else $error("hc_router: input %0d front is not a head", p);
  end
`endif

endmodule
