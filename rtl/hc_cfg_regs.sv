// The global registers of the network's configuration port
// (docs/store_and_forward.md, sections 7.3 to 7.5): target 0 (TgtGlobal)
// holds the mode (RegMode), beta (RegBeta), the cost model's tau, xi and
// overlap bit (RegTau, RegXi, RegOverlap; docs/microarchitecture.md, "Cost
// model") and, at RegStart, the start command on a write and the status
// word (done, error) on a read. A write of an illegal mode (or of the
// store-and-forward mode without SfEnable, or of circuit switching or a
// nonzero cost register without CsEnable), of a beta below BetaMin or of a
// tau, xi or overlap out of range (all 32 bits compared) is refused: the
// register keeps its value and the error bit sets; a start clears the error bit and sets `run`, which stays
// set until reset or a write of an engine count (TgtCount): the next
// schedule's counts, the first thing its load writes, disarm the engines,
// so they cannot start a packet from the last run's half-rewritten tables
// (section 7.3); table and bank writes during a run keep their meaning. `done` is the AND over all nodes of "finished",
// registered, in mode 1 and while running; a start in the same cycle makes
// the old run's state stale, so it never reports done. A read's result is on
// rdata_o in the next cycle and 0 after a cycle without a global read. The
// tables and banks of the other targets live in the nodes (hc_sf_node).
module hc_cfg_regs #(
  /// 1: the store-and-forward engines exist (mode 1 may be written).
  parameter bit SfEnable = 1'b1,
  /// 1: the cost model exists (mode 3, tau, xi and overlap may be written).
  parameter bit CsEnable = 1'b1
) (
  /// Clock, rising edge.
  input  logic        clk_i,
  /// Asynchronous reset, active low: mode 0, beta BetaMin, not running,
  /// no error, not done.
  input  logic        rst_ni,
  /// Configuration port: write this cycle.
  input  logic        cfg_we_i,
  /// Configuration port: read this cycle (not with cfg_we_i).
  input  logic        cfg_re_i,
  /// Configuration port: target (hc_pkg::Tgt*): TgtGlobal is taken, and a
  /// TgtCount write clears run.
  input  logic [2:0]  cfg_tgt_i,
  /// Configuration port: register (hc_pkg::Reg*).
  input  logic [15:0] cfg_idx_i,
  /// Configuration port: value written.
  input  logic [31:0] cfg_wdata_i,
  /// Every node has finished its schedule (combinational AND over nodes).
  input  logic        finished_i,
  /// The mode register (hc_pkg::Mode*).
  output logic [1:0]  mode_o,
  /// Start-up cycles per packet, at least BetaMin.
  output logic [15:0] beta_o,
  /// tau: cycles a head (mode 3: a probe) waits at each router after a link.
  output logic [hc_pkg::TauW-1:0] tau_o,
  /// xi: start-up cycles of a message at its NI (mode 3: of its set-up).
  output logic [hc_pkg::XiW-1:0]  xi_o,
  /// Mode 3: a node may set up its next path while its data flow.
  output logic        overlap_o,
  /// A start has been written since reset and no engine count since
  /// that start.
  output logic        run_o,
  /// A start is written this cycle: the engines clear at its end.
  output logic        start_o,
  /// Mode 1: every node finished in the previous cycle.
  output logic        done_o,
  /// Result of the global read of the previous cycle, else 0.
  output logic [31:0] rdata_o
);

  logic [1:0]  mode_q, mode_d;
  logic [15:0] beta_q, beta_d;
  logic [hc_pkg::TauW-1:0] tau_q, tau_d;
  logic [hc_pkg::XiW-1:0]  xi_q, xi_d;
  logic        ovl_q, ovl_d;
  logic        run_q, run_d, err_q, err_d, done_q, done_d;
  logic [31:0] rdata_q, rdata_d;
  logic        gwe, gre;

  assign gwe     = cfg_we_i && (cfg_tgt_i == hc_pkg::TgtGlobal);
  assign gre     = cfg_re_i && (cfg_tgt_i == hc_pkg::TgtGlobal);
  assign start_o = gwe && (cfg_idx_i == hc_pkg::RegStart);

  always_comb begin
    mode_d = mode_q;
    beta_d = beta_q;
    tau_d  = tau_q;
    xi_d   = xi_q;
    ovl_d  = ovl_q;
    run_d  = run_q;
    err_d  = err_q;
    if (cfg_we_i && cfg_tgt_i == hc_pkg::TgtCount) begin
      run_d = 1'b0;
    end
    if (gwe) begin
      unique case (cfg_idx_i)
        hc_pkg::RegMode: begin
          if (cfg_wdata_i == 32'(hc_pkg::ModeWormhole) ||
              cfg_wdata_i == 32'(hc_pkg::ModeSafHdr) ||
              (cfg_wdata_i == 32'(hc_pkg::ModeSf) && SfEnable) ||
              (cfg_wdata_i == 32'(hc_pkg::ModeCircuit) && CsEnable)) begin
            mode_d = cfg_wdata_i[1:0];
          end else begin
            err_d = 1'b1;
          end
        end
        hc_pkg::RegBeta: begin
          if (cfg_wdata_i[15:0] >= 16'(hc_pkg::BetaMin)) begin
            beta_d = cfg_wdata_i[15:0];
          end else begin
            err_d = 1'b1;
          end
        end
        hc_pkg::RegTau: begin
          if ((cfg_wdata_i >> hc_pkg::TauW) == '0 && (CsEnable || cfg_wdata_i == '0)) begin
            tau_d = cfg_wdata_i[hc_pkg::TauW-1:0];
          end else begin
            err_d = 1'b1;
          end
        end
        hc_pkg::RegXi: begin
          if ((cfg_wdata_i >> hc_pkg::XiW) == '0 && (CsEnable || cfg_wdata_i == '0)) begin
            xi_d = cfg_wdata_i[hc_pkg::XiW-1:0];
          end else begin
            err_d = 1'b1;
          end
        end
        hc_pkg::RegOverlap: begin
          if (cfg_wdata_i[31:1] == '0 && (CsEnable || cfg_wdata_i == '0)) begin
            ovl_d = cfg_wdata_i[0];
          end else begin
            err_d = 1'b1;
          end
        end
        hc_pkg::RegStart: begin
          run_d = 1'b1;
          err_d = 1'b0;
        end
        default: ;
      endcase
    end
    done_d  = run_q && (mode_q == hc_pkg::ModeSf) && !start_o && finished_i;
    rdata_d = '0;
    if (gre) begin
      unique case (cfg_idx_i)
        hc_pkg::RegMode:  rdata_d = 32'(mode_q);
        hc_pkg::RegBeta:  rdata_d = 32'(beta_q);
        hc_pkg::RegTau:   rdata_d = 32'(tau_q);
        hc_pkg::RegXi:    rdata_d = 32'(xi_q);
        hc_pkg::RegOverlap: rdata_d = 32'(ovl_q);
        hc_pkg::RegStart: begin
          rdata_d[hc_pkg::StatusDoneBit]  = done_q;
          rdata_d[hc_pkg::StatusErrorBit] = err_q;
        end
        default:          rdata_d = '0;
      endcase
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      mode_q  <= hc_pkg::ModeWormhole;
      beta_q  <= 16'(hc_pkg::BetaMin);
      tau_q   <= '0;
      xi_q    <= '0;
      ovl_q   <= 1'b0;
      run_q   <= 1'b0;
      err_q   <= 1'b0;
      done_q  <= 1'b0;
      rdata_q <= '0;
    end else begin
      mode_q  <= mode_d;
      beta_q  <= beta_d;
      tau_q   <= tau_d;
      xi_q    <= xi_d;
      ovl_q   <= ovl_d;
      run_q   <= run_d;
      err_q   <= err_d;
      done_q  <= done_d;
      rdata_q <= rdata_d;
    end
  end

  assign mode_o  = mode_q;
  assign beta_o  = beta_q;
  assign tau_o   = tau_q;
  assign xi_o    = xi_q;
  assign overlap_o = ovl_q;
  assign run_o   = run_q;
  assign done_o  = done_q;
  assign rdata_o = rdata_q;

`ifndef SYNTHESIS
  // The port does one write or one read per cycle, never both.
  CfgWeAndRe: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(cfg_we_i && cfg_re_i))
    else $error("hc_cfg_regs: configuration write and read in one cycle");
  // Refused writes leave the registers legal.
  ModeLegal: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (mode_q == hc_pkg::ModeWormhole) || (mode_q == hc_pkg::ModeSafHdr) ||
      ((mode_q == hc_pkg::ModeSf) && SfEnable) || ((mode_q == hc_pkg::ModeCircuit) && CsEnable))
    else $error("hc_cfg_regs: mode register holds %0d", mode_q);
  CostLegal: assert property (@(posedge clk_i) disable iff (!rst_ni)
      CsEnable || (tau_q == '0 && xi_q == '0 && !ovl_q))
    else $error("hc_cfg_regs: cost-model register set without CsEnable");
  BetaLegal: assert property (@(posedge clk_i) disable iff (!rst_ni)
      beta_q >= 16'(hc_pkg::BetaMin))
    else $error("hc_cfg_regs: beta %0d below BetaMin", beta_q);
`endif

endmodule
