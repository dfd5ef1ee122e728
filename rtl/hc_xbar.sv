// The crossbar of one router: every sending output takes the front flit of
// the input the allocator selected for it, and that input pops its front at
// the end of the cycle. An output that sends nothing shows the flit 0.
// Purely combinational; the selection is one-hot per sending output and an
// input feeds at most one output (hc_alloc asserts both).
module hc_xbar #(
  /// Input ports = output ports.
  parameter int unsigned Ports = 5,
  /// 1: output o takes only from the inputs below o and the last (local)
  /// one (e-cube, hc_alloc's Forward); 0: from every input.
  parameter bit          Forward = 1'b0,
  /// Bits of a flit.
  parameter int unsigned FlitW = 18
) (
  /// Per input p: its front flit, at [p*FlitW +: FlitW].
  input  logic [Ports*FlitW-1:0] in_flit_i,
  /// Per output o: the one-hot input it takes from, at [o*Ports +: Ports].
  input  logic [Ports*Ports-1:0] sel_i,
  /// Per output: a flit is sent this cycle.
  input  logic [Ports-1:0]       send_i,
  /// Per input: its front is sent, pop it.
  output logic [Ports-1:0]       pop_o,
  /// Per output o: the flit sent, 0 when none, at [o*FlitW +: FlitW].
  output logic [Ports*FlitW-1:0] out_flit_o
);

  always_comb begin
    out_flit_o = '0;
    pop_o      = '0;
    for (int unsigned o = 0; o < Ports; o++) begin
      for (int unsigned p = 0; p < Ports; p++) begin
        if (send_i[o] && sel_i[o*Ports + p] && (!Forward || p + 1 == Ports || o > p)) begin
          out_flit_o[o*FlitW +: FlitW] = in_flit_i[p*FlitW +: FlitW];
          pop_o[p] = 1'b1;
`ifdef HC_FAULT_xbarflip
          // Injected fault for the formal proofs (make formal): a BODY
          // flit's top payload bit is inverted on its way through.
          if (in_flit_i[p*FlitW + FlitW-2 +: 2] == 2'b00) begin
            out_flit_o[o*FlitW + FlitW-3] = !in_flit_i[p*FlitW + FlitW-3];
          end
`endif
        end
      end
    end
  end

endmodule
