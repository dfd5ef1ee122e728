// The combining read of the store-and-forward memory
// (docs/store_and_forward.md, section 7.2, "Combined words"): from the
// registered outputs of a node's Banks bank copies (all read at one offset
// in the previous cycle), the word a read returns: with op CombAdd the sum
// of the banks in mask, modulo 2^Width; with any other op the OR of the
// banks in mask (CombPlain has a one-hot mask, so the OR is that bank's
// word; an empty mask gives 0). Purely combinational, between the RAM
// output registers and the link register or cfg_rdata: no extra cycle.
module hc_sf_comb #(
  /// Banks of a node: Dim + 1.
  parameter int unsigned Banks = 5,
  /// Bits per data word.
  parameter int unsigned Width = 16
) (
  /// hc_pkg::Comb* of the read.
  input  logic [1:0]             op_i,
  /// The banks whose words are combined.
  input  logic [Banks-1:0]       mask_i,
  /// The RAM outputs, bank b at [b*Width +: Width].
  input  logic [Banks*Width-1:0] rdata_i,
  /// The combined word.
  output logic [Width-1:0]       word_o
);

  always_comb begin
    word_o = '0;
    for (int unsigned b = 0; b < Banks; b++) begin
      if (mask_i[b]) begin
        if (op_i == hc_pkg::CombAdd) begin
          word_o = word_o + rdata_i[b*Width +: Width];
        end else begin
          word_o = word_o | rdata_i[b*Width +: Width];
        end
      end
    end
  end

endmodule
