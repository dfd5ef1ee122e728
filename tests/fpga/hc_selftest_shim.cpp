// The thin C++ shim between the C test of the FPGA self-test and the
// Verilated rtl/fpga/hc_board_top.sv: it implements tests/fpga/hc_selftest_rtl.h
// and nothing else. Compile it with the -D values the RTL was verilated
// with: HC_D, HC_W, HC_B, HC_I, HC_CW (counter bits), HC_ROM (table words),
// HC_TIME (time bits), HC_SF (the store-and-forward engines, 0 or 1),
// HC_BANK_AW, HC_SEG_AW, HC_DESC_AW (their geometry), HC_PROG (program
// words), HC_CLK_HZ and HC_BAUD; HC_SFPROG (1: the programmed node, default 0).
#include <new>

#include "Vhc_board_top.h"
#include "verilated.h"

#include "hc_selftest_rtl.h"

#if !defined(HC_D) || !defined(HC_W) || !defined(HC_B) || !defined(HC_I) || !defined(HC_CW) || \
    !defined(HC_ROM) || !defined(HC_TIME) || !defined(HC_CLK_HZ) || !defined(HC_BAUD) || \
    !defined(HC_SF) || !defined(HC_BANK_AW) || !defined(HC_SEG_AW) || !defined(HC_DESC_AW) || \
    !defined(HC_PROG)
#error "compile with the -D parameters the RTL was verilated with"
#endif
#ifndef HC_SFPROG
#define HC_SFPROG 0
#endif

struct hc_strtl {
  VerilatedContext ctx;
  Vhc_board_top *top = nullptr;
};

extern "C" void hc_strtl_built(hc_fpga_geom *g, unsigned *clk_hz, unsigned *baud) {
  g->net.d = HC_D;
  g->net.w = HC_W;
  g->net.buf_depth = HC_B;
  g->net.inj_depth = HC_I;
  // Without the engines the model keeps its default geometry (never used).
  g->net.sf = HC_SF ? hc_sf_geom{HC_BANK_AW, HC_SEG_AW, HC_DESC_AW} : hc_sf_geom{0, 0, 0};
  g->sf_cases = HC_SF ? HC_FPGA_SF_CASES : 0;
  g->prog_depth = HC_PROG;
  g->sf_prog = HC_SF && HC_SFPROG ? 1u : 0u;
  g->net.routing = HC_ROUTE_ECUBE;  // the RTL routes e-cube only
  g->net.route_reg = 0;             // the board's routers: RouteReg = 0
  g->cnt_width = HC_CW;
  g->rom_depth = HC_ROM;
  g->time_w = HC_TIME;
  *clk_hz = HC_CLK_HZ;
  *baud = HC_BAUD;
}

extern "C" int hc_strtl_new(hc_strtl **out) {
  hc_strtl *s = new (std::nothrow) hc_strtl;
  if (!s) return HC_ENOMEM;
  s->top = new (std::nothrow) Vhc_board_top(&s->ctx, "board");
  if (!s->top) {
    delete s;
    return HC_ENOMEM;
  }
  s->top->clk_i = 0;
  s->top->clk_ok_i = 1;
  s->top->btn_ni = 1;
  s->top->uart_rx_i = 1;
  s->top->eval();
  *out = s;
  return HC_OK;
}

extern "C" void hc_strtl_free(hc_strtl *s) {
  if (!s) return;
  if (s->top) {
    s->top->final();
    delete s->top;
  }
  delete s;
}

extern "C" void hc_strtl_set_inputs(hc_strtl *s, int btn_n, int uart_rx) {
  s->top->btn_ni = btn_n ? 1 : 0;
  s->top->uart_rx_i = uart_rx ? 1 : 0;
}

extern "C" void hc_strtl_step(hc_strtl *s) {
  s->top->clk_i = 1;
  s->top->eval();
  s->top->clk_i = 0;
  s->top->eval();
}

extern "C" void hc_strtl_pins_get(const hc_strtl *s, hc_strtl_pins *p) {
  p->uart_tx = s->top->uart_tx_o;
  p->running = s->top->running_o;
  p->pass = s->top->pass_o;
  p->fail = s->top->fail_o;
  p->heartbeat = s->top->heartbeat_o;
}
