// The report printer of the FPGA self-test: it walks a text template and
// hands its bytes, one at a time, to a byte sink (the UART transmitter).
// Template bytes below 0x80 are printed as they are; 0x80 + k prints field k
// (fields_i[k*FieldW +: FieldW]) in decimal without leading zeros; 0xFF
// prints "PASS" or "FAIL" after pass_i; 0x00 ends the report. The template
// is kept in a block RAM (read one byte ahead, like hc_traffic_rom), and
// the decimal digits come from repeated subtraction of powers of ten, one
// subtraction per cycle, far faster than the line takes the digits.
module hc_report #(
  /// Number of fields.
  parameter int unsigned           NumFields = 19,
  /// Bits of a field, at most 30 (Digits decimal digits must hold it).
  parameter int unsigned           FieldW    = 20,
  /// Decimal digits printed at most per field, 1..9.
  parameter int unsigned           Digits    = 7,
  /// Template length in bytes, the closing 0x00 included.
  parameter int unsigned           TextLen   = 8,
  /// The template, first byte in the most significant position.
  parameter logic [8*TextLen-1:0]  Text      = {"report", 8'hFF, 8'h00}
) (
  /// Clock, rising edge.
  input  logic                        clk_i,
  /// Asynchronous reset, active low.
  input  logic                        rst_ni,
  /// Print the report once (a pulse, while idle).
  input  logic                        start_i,
  /// The field values.
  input  logic [NumFields*FieldW-1:0] fields_i,
  /// Print PASS (1) or FAIL (0) for the 0xFF code.
  input  logic                        pass_i,
  /// A byte is offered to the sink.
  output logic                        valid_o,
  /// The offered byte.
  output logic [7:0]                  data_o,
  /// The sink takes the offered byte this cycle.
  input  logic                        ready_i,
  /// The report has been printed completely (stays set until reset).
  output logic                        done_o
);

  /// Derived: width of the template pointer.
  localparam int unsigned PtrW = $clog2(TextLen);
  /// Printer states.
  localparam logic [1:0] StIdle  = 2'd0;
  localparam logic [1:0] StText  = 2'd1;
  localparam logic [1:0] StDigit = 2'd2;
  localparam logic [1:0] StDone  = 2'd3;

  logic [7:0]        text [TextLen];
  logic [7:0]        byte_q;
  logic [PtrW-1:0]   ptr_q, ptr_d;
  logic [1:0]        st_q, st_d;
  logic [FieldW-1:0] val_q, val_d;
  logic [3:0]        pos_q, pos_d;    // digit position, 10^pos
  logic [3:0]        dig_q, dig_d;
  logic              lead_q, lead_d;   // only zeros so far in this field
  logic [1:0]        chr_q, chr_d;     // character of PASS/FAIL
  logic [FieldW:0]   pow10;            // 10^pos_q, one bit wider than a field
  logic [FieldW:0]   diff;             // val_q - 10^pos_q, MSB is the borrow
  logic [31:0]       word;             // "PASS" or "FAIL"
  logic [FieldW-1:0] field;            // the field byte_q names

  initial begin
    for (int i = 0; i < TextLen; i++) begin
      text[i] = Text[8*(TextLen-1-i) +: 8];
    end
  end

  always_comb begin
    pow10 = '0;
    unique case (pos_q)
      4'd0:   pow10 = (FieldW+1)'(1);
      4'd1:   pow10 = (FieldW+1)'(10);
      4'd2:   pow10 = (FieldW+1)'(100);
      4'd3:   pow10 = (FieldW+1)'(1000);
      4'd4:   pow10 = (FieldW+1)'(10000);
      4'd5:   pow10 = (FieldW+1)'(100000);
      4'd6:   pow10 = (FieldW+1)'(1000000);
      4'd7:   pow10 = (FieldW+1)'(10000000);
      4'd8:   pow10 = (FieldW+1)'(100000000);
      default:  pow10 = '0;
    endcase
  end

  // A mux over the fields (an indexed part-select would make a barrel
  // shifter over every possible 7-bit index).
  always_comb begin
    field = '0;
    for (int k = 0; k < NumFields; k++) begin
      if (byte_q[6:0] == 7'(k)) begin
        field = fields_i[k*FieldW +: FieldW];
      end
    end
  end

  assign diff = {1'b0, val_q} - pow10;
  assign word = pass_i ? "PASS" : "FAIL";

  always_comb begin
    st_d    = st_q;
    ptr_d   = ptr_q;
    val_d   = val_q;
    pos_d   = pos_q;
    dig_d   = dig_q;
    lead_d  = lead_q;
    chr_d   = chr_q;
    valid_o = 1'b0;
    data_o  = byte_q;
    unique case (st_q)
      StIdle: begin
        if (start_i) begin
          st_d  = StText;
          ptr_d = '0;
        end
      end
      StText: begin
        if (byte_q == 8'h00) begin
          st_d = StDone;
        end else if (byte_q == 8'hFF) begin
          valid_o = 1'b1;
          data_o  = word[{~chr_q, 3'b000} +: 8];  // byte 3 - chr_q
          if (ready_i) begin
            chr_d = chr_q + 1'b1;
            if (chr_q == 2'd3) begin
              ptr_d = ptr_q + 1'b1;
            end
          end
        end else if (byte_q[7]) begin
          st_d   = StDigit;
          val_d  = field;
          pos_d  = 4'(Digits - 1);
          dig_d  = '0;
          lead_d = 1'b1;
        end else begin
          valid_o = 1'b1;
          if (ready_i) begin
            ptr_d = ptr_q + 1'b1;
          end
        end
      end
      StDigit: begin
        if (!diff[FieldW]) begin
          // val_q >= 10^pos_q: one more in this digit.
          val_d = diff[FieldW-1:0];
          dig_d = dig_q + 1'b1;
        end else begin
          // The digit is complete: print it unless it is a leading zero.
          valid_o = (dig_q != '0) || !lead_q || (pos_q == '0);
          data_o  = 8'h30 + 8'(dig_q);
          if (ready_i || !valid_o) begin
            lead_d = lead_q && (dig_q == '0);
            dig_d  = '0;
            if (pos_q == '0) begin
              st_d  = StText;
              ptr_d = ptr_q + 1'b1;
            end else begin
              pos_d = pos_q - 1'b1;
            end
          end
        end
      end
      default: begin
        // StDone: the report is out; wait for reset.
        st_d = StDone;
      end
    endcase
  end

  assign done_o = (st_q == StDone);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q   <= StIdle;
      ptr_q  <= '0;
      val_q  <= '0;
      pos_q  <= '0;
      dig_q  <= '0;
      lead_q <= 1'b0;
      chr_q  <= '0;
    end else begin
      st_q   <= st_d;
      ptr_q  <= ptr_d;
      val_q  <= val_d;
      pos_q  <= pos_d;
      dig_q  <= dig_d;
      lead_q <= lead_d;
      chr_q  <= chr_d;
    end
  end

  // The template's block RAM read port: byte_q is always text[ptr_q].
  always_ff @(posedge clk_i) begin
    byte_q <= text[ptr_d];
  end

  // Parameter ranges, checked at elaboration by Verilator and yosys alike.
  if (Digits < 1 || Digits > 9) begin : gen_err_digits
    $error("hc_report: Digits must be 1..9");
  end
  if (FieldW > 30) begin : gen_err_field_w
    $error("hc_report: FieldW must be at most 30");
  end
  if ((64'(1) << FieldW) > 64'(10) ** Digits) begin : gen_err_range
    $error("hc_report: Digits decimal digits cannot show every FieldW-bit field");
  end
  if (Text[7:0] != 8'h00) begin : gen_err_text
    $error("hc_report: the template must end with 0x00");
  end

`ifndef SYNTHESIS
  // The byte stream to the sink is a valid/ready handshake with hold: a
  // byte offered and not taken is offered again, unchanged, in the next
  // cycle (the UART takes it whenever it becomes idle).
  ValidHeldUntilReady: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (valid_o && !ready_i) |=> (valid_o && $stable(data_o)))
    else $error("hc_report: a byte offered was withdrawn or changed before the sink took it");
`endif

endmodule
