// GENERATED from rtl/hc_contract.txt by tools/gen_contract.sh: do not edit.
// The hardware/software contract of the router (flit kinds, counter ids,
// configuration targets, registers and fields, modes, defaults and
// ranges), the same numbers csim/hc_contract.h gives the C side. Named as
// hc_pkg::Name everywhere (yosys 0.23 does not accept `import hc_pkg::*`).
package hc_pkg;

  // Not every constant is used by every block; they document the format.
  /* verilator lint_off UNUSEDPARAM */

  /// Flit kind codes, bits [PayloadWidth+1:PayloadWidth] of a flit (docs/microarchitecture.md).
  localparam logic [1:0] KindBody = 2'd0;  // a body flit
  localparam logic [1:0] KindHead = 2'd1;  // a head: destination in the low Dim bits
  localparam logic [1:0] KindTail = 2'd2;  // the last flit of a message
  localparam logic [1:0] KindSingle = 2'd3;  // a one-flit message (head and tail)
  localparam int unsigned KindW = 2;  // bits of the kind field
  localparam int unsigned KindHeadBit = 0;  // kind bit set in a HEAD and a SINGLE (the flit opens a message)
  localparam int unsigned KindTailBit = 1;  // kind bit set in a TAIL and a SINGLE (the flit closes a message)

  /// Counter ids of the counter read port: per output port of a router, then per TX engine.
  localparam logic [2:0] CntFlits = 3'd0;  // flits sent
  localparam logic [2:0] CntMessages = 3'd1;  // heads (HEAD or SINGLE) sent
  localparam logic [2:0] CntBusy = 3'd2;  // cycles held by a message or granted
  localparam logic [2:0] CntBlocked = 3'd3;  // cycles in which a head waited
  localparam logic [2:0] CntMaxWaiting = 3'd4;  // most heads waiting in one cycle
  localparam logic [2:0] CntSfPackets = 3'd5;  // store-and-forward TX: packets sent
  localparam logic [2:0] CntSfBusy = 3'd6;  // store-and-forward TX: busy cycles
  localparam logic [2:0] CntSfWords = 3'd7;  // store-and-forward TX: words sent
  localparam int unsigned CntIdW = 3;  // bits of a counter id

  /// Configuration port targets (docs/store_and_forward.md, section 7.3).
  localparam logic [2:0] TgtGlobal = 3'd0;  // the global registers (mode, beta, start/status)
  localparam logic [2:0] TgtTxDesc = 3'd1;  // a TX engine's packet descriptors
  localparam logic [2:0] TgtGseg = 3'd2;  // a TX engine's gather segments
  localparam logic [2:0] TgtSseg = 3'd3;  // an RX engine's scatter segments
  localparam logic [2:0] TgtBank = 3'd4;  // a memory bank
  localparam logic [2:0] TgtCount = 3'd5;  // the engines' table lengths
  localparam logic [2:0] TgtComb = 3'd6;  // read: combined word of copy 0 (idx offset, field op, wdata bank mask)

  /// Global registers (target TgtGlobal), by cfg_idx.
  localparam logic [15:0] RegMode = 16'd0;  // mode (write and read)
  localparam logic [15:0] RegBeta = 16'd1;  // beta, start-up cycles of a packet
  localparam logic [15:0] RegStart = 16'd2;  // write: start; read: status
  localparam logic [15:0] RegTau = 16'd3;  // tau: cycles a head (a probe in mode 3) waits at each router it reaches over a link
  localparam logic [15:0] RegXi = 16'd4;  // xi: start-up cycles of a message at its NI (mode 3: of its path set-up)
  localparam logic [15:0] RegOverlap = 16'd5;  // mode 3: 1 lets a node set up its next path while its current data flows
  localparam int unsigned StatusDoneBit = 0;  // status bit: every node finished
  localparam int unsigned StatusErrorBit = 1;  // status bit: a write was refused

  /// Fields of table entries (cfg_field).
  localparam logic [3:0] DescFieldWords = 4'd0;  // TX descriptor: words of the packet
  localparam logic [3:0] DescFieldNeed0 = 4'd1;  // TX descriptor: need[j] is field DescFieldNeed0 + j
  localparam logic [3:0] GsegFieldOff = 4'd0;  // gather segment: offset in the bank
  localparam logic [3:0] GsegFieldLen = 4'd1;  // gather segment: length
  localparam logic [3:0] GsegFieldBank = 4'd2;  // gather segment: bank 0..d (makes the segment plain)
  localparam logic [3:0] GsegFieldComb = 4'd3;  // gather segment: combined read, bank mask in wdata[15:0], op in wdata[17:16]
  localparam logic [3:0] SsegFieldOff = 4'd0;  // scatter segment: offset in the bank
  localparam logic [3:0] SsegFieldLen = 4'd1;  // scatter segment: length
  localparam logic [3:0] SsegFieldLast = 4'd2;  // scatter segment: last segment of its packet
  localparam logic [3:0] CountFieldTx = 4'd0;  // counts: packets of TX engine i
  localparam logic [3:0] CountFieldRx = 4'd1;  // counts: segments of RX engine i

  /// Combine ops of a read (gather segment, target TgtComb): plain reads one bank.
  localparam logic [1:0] CombPlain = 2'd0;  // one bank (the OR of the masked banks)
  localparam logic [1:0] CombAdd = 2'd1;  // the sum of the masked banks, mod 2^W
  localparam logic [1:0] CombOr = 2'd2;  // the OR of the masked banks
  localparam int unsigned CombOpShift = 16;  // GsegFieldComb: op at wdata[17:16], mask at wdata[15:0]

  /// Mode register values.
  localparam logic [1:0] ModeWormhole = 2'd0;  // e-cube wormhole
  localparam logic [1:0] ModeSf = 2'd1;  // scheduled store-and-forward multiport
  localparam logic [1:0] ModeSafHdr = 2'd2;  // store-and-forward by header
  localparam logic [1:0] ModeCircuit = 2'd3;  // circuit switching: a probe reserves the path, the data follows the acknowledgement

  /// The paper's cost model (docs/microarchitecture.md, "Cost model: tau, xi and circuit switching").
  localparam int unsigned TauW = 8;  // bits of tau (RegTau takes 0..2^TauW-1)
  localparam int unsigned XiW = 16;  // bits of xi (RegXi takes 0..2^XiW-1)
  localparam int unsigned RemW = 4;  // bits of a reservation's remaining-hop count (Dim <= 15)

  /// Store-and-forward engines: timing and memory geometry (defaults of hc_network).
  localparam int unsigned BetaMin = 3;  // smallest beta: decision, RAM read, link register
  localparam int unsigned BetaW = 16;  // bits of beta
  localparam int unsigned LenW = 16;  // bits of a packet's words and a segment's length
  localparam int unsigned BankAWDefault = 11;  // address bits of a bank (2^11 words)
  localparam int unsigned SegAWDefault = 10;  // address bits of a segment table
  localparam int unsigned DescAWDefault = 6;  // address bits of a descriptor table
  localparam int unsigned SfAWMin = 1;  // smallest BankAW, SegAW or DescAW of a build
  localparam int unsigned SfAWMax = 16;  // largest BankAW, SegAW or DescAW (the 16-bit cfg_idx addresses every entry)

  /// Configuration port field widths.
  localparam int unsigned CfgTgtW = 3;  // bits of cfg_tgt
  localparam int unsigned CfgUnitW = 4;  // bits of cfg_unit
  localparam int unsigned CfgIdxW = 16;  // bits of cfg_idx
  localparam int unsigned CfgFieldW = 4;  // bits of cfg_field

  /// Parameter ranges and the default configuration {d, w, buf, inj} of make sim, hcsim and the tests.
  localparam int unsigned DimMax = 15;  // largest Dim of hc_network
  localparam int unsigned PayloadWidthMax = 30;  // largest payload width
  localparam int unsigned BufDepthMax = 16;  // largest buffer or injection depth
  /* verilator lint_on UNUSEDPARAM */

endpackage
