// E-cube route computation of one router input (docs/microarchitecture.md,
// "One cycle of a router", step 3): a head's destination is compared with
// the node number, and the output requested is the lowest dimension in which
// they differ, or the local port (index Dim) when they are equal. Dimensions
// are corrected in increasing order, which keeps the hypercube deadlock-free
// for wormhole switching. Purely combinational; the router gates the request
// with "the front is a head that holds no output".
module hc_route_ecube #(
  /// Cube dimension: number of link ports; the local port is Dim.
  parameter int unsigned Dim = 4
) (
  /// This router's node number.
  input  logic [Dim-1:0] node_id_i,
  /// Destination of the head (the low Dim payload bits of the front).
  input  logic [Dim-1:0] dest_i,
  /// The output requested, one-hot over the Dim+1 ports.
  output logic [Dim:0]   port_oh_o
);

  logic [Dim-1:0] diff;

  // The lowest set bit of diff is the dimension to correct first.
  assign diff      = dest_i ^ node_id_i;
`ifdef HC_FAULT_routeparity
  // Injected fault for the formal proofs (make formal): nodes of odd
  // parity correct the highest differing dimension first, which is not
  // e-cube and closes a cycle of channel dependencies (deadlock).
  logic [Dim-1:0] high;
  always_comb begin
    high = '0;
    for (int unsigned i = 0; i < Dim; i++) begin
      if (diff[i]) begin
        high = '0;
        high[i] = 1'b1;
      end
    end
  end
  assign port_oh_o = {(diff == '0), (^node_id_i) ? high : (diff & (~diff + 1'b1))};
`else
  // The lowest set bit as plain logic: x & -x would become a carry chain
  // on the iCE40, a slower start of the router's critical path. A prefix
  // OR (below[i]: a bit of diff under i is set) in log2(Dim) whole-word
  // steps, not a loop over bit pairs, which a simulator evaluates bit by
  // bit (Verilator: Dim*(Dim-1)/2 read-modify-writes of one bit each, per
  // input and evaluation); $clog2(Dim) steps reach across Dim bits.
  logic [Dim-1:0] low, below;
  always_comb begin
    below = diff << 1;
    for (int k = 0; k < $clog2(Dim); k++) begin
      below = below | (below << (1 << k));
    end
    low = diff & ~below;
  end
  assign port_oh_o = {(diff == '0), low};
`endif

endmodule
