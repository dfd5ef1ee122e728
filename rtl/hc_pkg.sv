// Shared constants of the hypercube router: the flit kinds of
// docs/microarchitecture.md. Named as hc_pkg::Name everywhere (yosys 0.23
// does not accept `import hc_pkg::*`).
package hc_pkg;

  // Not every constant is used by every block; they document the format.
  /* verilator lint_off UNUSEDPARAM */

  /// Flit kind codes, bits [PayloadWidth+1:PayloadWidth] of a flit.
  localparam logic [1:0] KindBody   = 2'b00;
  localparam logic [1:0] KindHead   = 2'b01;
  localparam logic [1:0] KindTail   = 2'b10;
  localparam logic [1:0] KindSingle = 2'b11;

  /// Read-port ids of the per-port counters.
  localparam logic [2:0] CntFlits      = 3'd0;
  localparam logic [2:0] CntMessages   = 3'd1;
  localparam logic [2:0] CntBusy       = 3'd2;
  localparam logic [2:0] CntBlocked    = 3'd3;
  localparam logic [2:0] CntMaxWaiting = 3'd4;
  /// Counters of the store-and-forward TX engines (same read port).
  localparam logic [2:0] CntSfPackets  = 3'd5;
  localparam logic [2:0] CntSfBusy     = 3'd6;
  localparam logic [2:0] CntSfWords    = 3'd7;

  /// Configuration port targets (docs/store_and_forward.md, section 7.3).
  localparam logic [2:0] TgtGlobal = 3'd0;
  localparam logic [2:0] TgtTxDesc = 3'd1;
  localparam logic [2:0] TgtGseg   = 3'd2;
  localparam logic [2:0] TgtSseg   = 3'd3;
  localparam logic [2:0] TgtBank   = 3'd4;
  localparam logic [2:0] TgtCount  = 3'd5;

  /// Mode register values: wormhole, scheduled store-and-forward multiport,
  /// store-and-forward by header (the routers, whole messages per hop).
  localparam logic [1:0] ModeWormhole = 2'd0;
  localparam logic [1:0] ModeSf       = 2'd1;
  localparam logic [1:0] ModeSafHdr   = 2'd2;

  /// Smallest legal beta: decision, RAM read, link register.
  localparam int unsigned BetaMin = 3;
  /* verilator lint_on UNUSEDPARAM */

endpackage
