// The delivery checker of one node's ejection port in the FPGA self-test.
// It follows the message framing (HEAD, BODY..., TAIL, or one SINGLE) and
// reports, per cycle: a message completed (msg_o), a head that came out at
// the wrong node (misrouted_o: its destination field is not Node), and a
// framing error (framing_o: a head inside a message, which cuts the
// previous one short, or a body or tail outside any message, which is
// dropped). It also keeps an order-independent signature of the messages
// delivered here: the sum, modulo 2^16, of each complete message's CRC-16
// (polynomial 0x1021, initial value 0xFFFF, each flit's FlitW bits fed most
// significant first). The table generator computes the same sum over the
// messages sent to this node, so the comparison at the end of the run finds
// a lost, duplicated or corrupted message (up to a 2^-16 chance of a
// collision); see docs/fpga.md. rtl/fpga/gen/hc_fpga.c is the C mirror.
module hc_checker #(
  /// Cube dimension: the destination is the low Dim bits of a head.
  parameter int unsigned Dim          = 3,
  /// Flit payload bits.
  parameter int unsigned PayloadWidth = 8,
  /// The node number of this ejection port.
  parameter int unsigned Node         = 0
) (
  /// Clock, rising edge.
  input  logic                    clk_i,
  /// Asynchronous reset, active low: no message open, signature 0.
  input  logic                    rst_ni,
  /// A flit is delivered this cycle.
  input  logic                    valid_i,
  /// The delivered flit.
  input  logic [PayloadWidth+1:0] flit_i,
  /// A message completed this cycle (its tail, framed by its head).
  output logic                    msg_o,
  /// A head with another node's destination came out here this cycle.
  output logic                    misrouted_o,
  /// A framing error this cycle.
  output logic                    framing_o,
  /// The signature of the messages completed so far.
  output logic [15:0]             sig_o
);

  /// Derived: flit width; the CRC polynomial and initial value.
  localparam int unsigned FlitW   = PayloadWidth + 2;
  localparam logic [15:0] CrcPoly = 16'h1021;
  localparam logic [15:0] CrcInit = 16'hFFFF;

  logic        in_msg_q, in_msg_d;
  logic [15:0] crc_q, crc_d, sig_q, sig_d, crc_new;
  logic        is_head, is_tail;

  assign is_head = flit_i[PayloadWidth];      // HEAD or SINGLE
  assign is_tail = flit_i[PayloadWidth + 1];  // TAIL or SINGLE

  // The CRC of the message so far, with this flit added.
  always_comb begin
    logic fb;
    crc_new = is_head ? CrcInit : crc_q;
    for (int i = FlitW - 1; i >= 0; i--) begin
      fb      = crc_new[15] ^ flit_i[i];
      crc_new = {crc_new[14:0], 1'b0} ^ (fb ? CrcPoly : 16'h0000);
    end
  end

  always_comb begin
    in_msg_d    = in_msg_q;
    crc_d       = crc_q;
    sig_d       = sig_q;
    msg_o       = 1'b0;
    misrouted_o = 1'b0;
    framing_o   = 1'b0;
    if (valid_i) begin
      if (is_head) begin
        framing_o   = in_msg_q;
        misrouted_o = (flit_i[Dim-1:0] != Dim'(Node));
      end else begin
        framing_o   = !in_msg_q;
      end
      if (is_head || in_msg_q) begin
        crc_d    = crc_new;
        in_msg_d = !is_tail;
        if (is_tail) begin
          msg_o = 1'b1;
          sig_d = sig_q + crc_new;
        end
      end
    end
  end

  assign sig_o = sig_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      in_msg_q <= 1'b0;
      crc_q    <= '0;
      sig_q    <= '0;
    end else begin
      in_msg_q <= in_msg_d;
      crc_q    <= crc_d;
      sig_q    <= sig_d;
    end
  end

endmodule
