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

  // The lowest set bit of diff (x & -x) is the dimension to correct first.
  assign diff      = dest_i ^ node_id_i;
  assign port_oh_o = {(diff == '0), diff & (~diff + 1'b1)};

endmodule
