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

  // ===================================================================
  // Added on branch wt-rtl (names as in rtl/hc_contract.txt of the main
  // tree where it has them): register indices, status bits, table field
  // numbers, parameter limits and the kind bits, so that the RTL uses no
  // raw numbers for them. To be carried over into the generated package.
  // ===================================================================
  /* verilator lint_off UNUSEDPARAM */

  /// Global registers (target TgtGlobal), by cfg_idx.
  localparam logic [15:0] RegMode  = 16'd0;  // mode (write and read)
  localparam logic [15:0] RegBeta  = 16'd1;  // beta (write and read)
  localparam logic [15:0] RegStart = 16'd2;  // write: start; read: status
  /// Bits of the status word (read of RegStart).
  localparam int unsigned StatusDoneBit  = 0;  // every node finished
  localparam int unsigned StatusErrorBit = 1;  // a write was refused

  /// Fields of table entries (cfg_field).
  localparam logic [3:0] DescFieldWords = 4'd0;  // TX descriptor: words
  localparam logic [3:0] DescFieldNeed0 = 4'd1;  // TX descriptor: need[j] is DescFieldNeed0 + j
  localparam logic [3:0] GsegFieldOff   = 4'd0;  // gather segment: offset in the bank
  localparam logic [3:0] GsegFieldLen   = 4'd1;  // gather segment: length
  localparam logic [3:0] GsegFieldBank  = 4'd2;  // gather segment: bank 0..Dim
  localparam logic [3:0] SsegFieldOff   = 4'd0;  // scatter segment: offset in the bank
  localparam logic [3:0] SsegFieldLen   = 4'd1;  // scatter segment: length
  localparam logic [3:0] SsegFieldLast  = 4'd2;  // scatter segment: last of its packet
  localparam logic [3:0] CountFieldTx   = 4'd0;  // counts: packets of TX engine i
  localparam logic [3:0] CountFieldRx   = 4'd1;  // counts: segments of RX engine i

  /// Bits of the kind field (KindHead etc.): bit KindHeadBit is set in a
  /// HEAD and a SINGLE (the flit opens a message), bit KindTailBit in a
  /// TAIL and a SINGLE (it closes one).
  localparam int unsigned KindHeadBit = 0;
  localparam int unsigned KindTailBit = 1;

  /// Parameter limits of the RTL, checked at elaboration.
  localparam int unsigned DimMax          = 15;  // largest Dim (4-bit port and unit numbers)
  localparam int unsigned PayloadWidthMax = 30;  // largest payload width
  localparam int unsigned BufDepthMax     = 16;  // largest buffer or injection depth
  /* verilator lint_on UNUSEDPARAM */

endpackage
