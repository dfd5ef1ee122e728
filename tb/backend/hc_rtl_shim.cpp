// The thin C++ shim between the C testbench and the Verilated hc_network:
// it implements tb/backend/hc_rtl.h and nothing else, so that every testbench,
// scoreboard and the simulator front end stay plain C. It is compiled once
// per RTL configuration with HC_D, HC_W, HC_B and HC_I set to the values the
// RTL was verilated with (-G parameters), which the C side checks at run time;
// HC_BANK_AW, HC_SEG_AW and HC_DESC_AW give its store-and-forward geometry
// (-GBankAW etc.; not defined: the contract's defaults, which the RTL's
// parameters default to as well); HC_Q=1 says the routers register their
// route (RouteReg, configuration token _Q; not defined: 0); HC_T=1 that the
// store-and-forward banks are the time-multiplexed RAM (SfMemTdm, token _T):
// every step is then one link cycle of HC_D memory clocks (mem_clk_i), the
// last of them with the link clock's edge; HC_K=1 that their
// summing counters are in block RAM (CntRam, token _K): the counter read port
// is then registered, so hc_rtl_counter reads the simulation-only peek
// (cnt_peek_o, the counter as it is now, built with the define HC_CNT_PEEK
// that the Makefile sets for _K) and every step selects another
// counter on the real port, whose registered read the RTL's assertions
// (hc_cnt_ram, hc_node) compare with the peek of the cycle before. A coverage build (configuration token _C,
// VM_COVERAGE=1) writes each simulation's counts, when it is freed, to a
// file of its own in $HC_COVERAGE_DIR (tools/coverage.sh merges them).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <unistd.h>

#include "Vhc_network.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include "hc_rtl.h"
#include "hc_rtl_bits.h"
#include "hc_rtl_shim_common.h"



struct hc_rtl {
  VerilatedContext ctx;
  Vhc_network *top = nullptr;
  VerilatedFstC *fst = nullptr;
  // The waveform's time: one unit a cycle, counted over the whole waveform
  // (a reset does not restart it, so the FST's time only grows).
  uint64_t time = 0;
  unsigned peak_blocked = 0;  // the most links blocked in one cycle so far
  unsigned peak_busy = 0;     // the most links busy in such a cycle
  uint64_t peak_time = 0;     // the first cycle with that many of both
  int peak_seen = 0;          // a cycle with a busy link was seen
  int remap_pending = 0;
  uint8_t remap[16] = {};
  int cfg_pending = 0;
  hc_cfg_op cfg = {};
  uint8_t probe_valid[1u << HC_D] = {};  // set-ups offered for the next step
  uint32_t probe_dest[1u << HC_D] = {};
  int assert_seen = 0;  // counted in assert_failures
  unsigned cnt_rot = 0;  // HC_K: the counter the read port selects this step
};




static const unsigned kNodes = 1u << HC_D;
static const unsigned kFlitW = HC_W + 2;

// Reset's clock edges are not in the waveform: it samples each cycle once
// (hc_rtl_step), so that its time counts cycles.
static void half_cycle(hc_rtl *r, int clk) {
  r->top->clk_i = clk;
#if HC_T
  r->top->mem_clk_i = clk;
#endif
  r->top->eval();
}

// HC_T: the memory clocks of a link cycle before the link clock's edge
// (memory phases 0 .. HC_D - 2; the link clock low, and the memory clock
// low too after half_cycle(r, 0)), so that the outputs read after it are
// those of the link cycle's last phase.
static void memory_phases(hc_rtl *r) {
#if HC_T
  for (unsigned k = 0; k + 1 < HC_D; ++k) {
    r->top->mem_clk_i = 1;
    r->top->eval();
    r->top->mem_clk_i = 0;
    r->top->eval();
  }
#else
  (void)r;
#endif
}

// Sample the cycle into the waveform, at its time (the inputs applied and
// settled, before the clock edge: what crosses every link in this cycle),
// and keep the cycle with the most blocked links (then the most busy ones)
// for hc_rtl_wave_peak.
static void dump_cycle(hc_rtl *r) {
  unsigned blocked = 0, busy = 0;
  for (unsigned l = 0; l < kNodes * HC_D; ++l) {
    blocked += get_bits(r->top->link_blocked_o, l, 1);
    busy += get_bits(r->top->link_busy_o, l, 1);
  }
  if (busy > 0 && (blocked > r->peak_blocked || (blocked == r->peak_blocked && busy > r->peak_busy))) {
    r->peak_blocked = blocked;
    r->peak_busy = busy;
    r->peak_time = r->time;
    r->peak_seen = 1;
  }
  r->fst->dump(r->time);
  ++r->time;
}


extern "C" int hc_rtl_new(const hc_cfg *cfg, const char *fst_path, hc_rtl **out) {
  if (!shim_cfg_is_built(cfg)) return HC_ENORTL;
  hc_rtl *r = new (std::nothrow) hc_rtl;
  if (!r) return HC_ENOMEM;
  // An assertion that fails ($error in the RTL, built with --assert) is
  // printed by Verilator and sets gotError(), which hc_rtl_step() reports;
  // it must not abort the process, so the test framework can fail the test.
  r->ctx.fatalOnError(false);
  // before the model exists: +verilator+rand+reset+N sets the values its
  // constructor gives the flops
  if (vl_argc > 0) r->ctx.commandArgs(vl_argc, vl_argv);
  r->top = new (std::nothrow) Vhc_network(&r->ctx, "tb");
  if (!r->top) {
    delete r;
    return HC_ENOMEM;
  }
  if (fst_path) {
    r->ctx.traceEverOn(true);
    r->fst = new (std::nothrow) VerilatedFstC;
    if (!r->fst) {
      hc_rtl_free(r);
      return HC_ENOMEM;
    }
    // The hierarchy blocks' models (tb/backend/hc_verilator.vlt) are made
    // by their wrappers' initial blocks, in the first evaluation, and
    // trace() registers them too: evaluate once (in reset) before it.
    r->top->rst_ni = 0;
    r->top->eval();
    r->top->trace(r->fst, 99);
    // One time unit a cycle, and the unit one second: the only unit
    // GTKWave prints without rescaling (1000 ps would read "1 ns"), so
    // its time axis reads in cycles ("120 sec" is cycle 120).
    r->fst->set_time_resolution("1s");
    r->fst->open(fst_path);
  }
  hc_rtl_reset(r);
  *out = r;
  return HC_OK;
}

extern "C" void hc_rtl_free(hc_rtl *r) {
  if (!r) return;
  if (r->fst) {
    // The state after the last clock edge, at the time after the last
    // cycle: the counters' final values are the waveform's last.
    if (r->top) {
      r->top->eval();
      r->fst->dump(r->time);
    }
    r->fst->close();
    delete r->fst;
  }
  if (r->top) {
    // A model's scopes unregister from the thread's current context, which
    // is the last model evaluated: make it this one's, or closing several
    // simulations out of creation order touches a context already freed.
    Verilated::threadContextp(&r->ctx);
    r->top->final();
    shim_write_coverage(r->ctx);
    delete r->top;
  }
  delete r;
}

extern "C" void hc_rtl_reset(hc_rtl *r) {
  Vhc_network *t = r->top;
  std::memset(&t->inj_valid_i, 0, sizeof t->inj_valid_i);
  std::memset(&t->inj_flit_i, 0, sizeof t->inj_flit_i);
  std::memset(&t->probe_valid_i, 0, sizeof t->probe_valid_i);
  std::memset(&t->probe_dest_i, 0, sizeof t->probe_dest_i);
  std::memset(r->probe_valid, 0, sizeof r->probe_valid);
  t->cnt_node_i = 0;
  t->cnt_port_i = 0;
  t->cnt_id_i = 0;
  t->step_i = 0;
  t->remap_we_i = 0;
  r->remap_pending = 0;
  t->cfg_we_i = 0;
  t->cfg_re_i = 0;
  t->cfg_node_i = 0;
  t->cfg_tgt_i = 0;
  t->cfg_unit_i = 0;
  t->cfg_idx_i = 0;
  t->cfg_field_i = 0;
  t->cfg_wdata_i = 0;
  r->cfg_pending = 0;
  t->rst_ni = 1;
  half_cycle(r, 0);
  t->rst_ni = 0;
  half_cycle(r, 0);
  half_cycle(r, 1);
  half_cycle(r, 0);
  half_cycle(r, 1);
  t->rst_ni = 1;
  half_cycle(r, 0);
  r->ctx.time(0);
}

extern "C" int hc_rtl_inj_ready(const hc_rtl *r, unsigned x) {
  return static_cast<int>(get_bits(r->top->inj_ready_o, x, 1));
}

extern "C" int hc_rtl_probe_ready(const hc_rtl *r, unsigned x) {
  return static_cast<int>(get_bits(r->top->probe_ready_o, x, 1));
}

extern "C" void hc_rtl_probe(hc_rtl *r, unsigned x, uint32_t dest) {
  r->probe_valid[x] = 1;
  r->probe_dest[x] = dest;
}

extern "C" int hc_rtl_step(hc_rtl *r, const uint8_t *inj_valid,
                            const uint32_t *inj_flit, hc_obs *obs) {
  Vhc_network *t = r->top;
  for (unsigned x = 0; x < kNodes; ++x) {
    const uint32_t v = inj_valid ? inj_valid[x] : 0;
    put_bits(t->inj_valid_i, x, 1, v);
    put_bits(t->inj_flit_i, x * kFlitW, kFlitW, v ? inj_flit[x] : 0);
    put_bits(t->probe_valid_i, x, 1, r->probe_valid[x]);
    put_bits(t->probe_dest_i, x * HC_D, HC_D, r->probe_valid[x] ? r->probe_dest[x] : 0);
    r->probe_valid[x] = 0;
  }
  t->remap_we_i = r->remap_pending ? 1 : 0;
  if (r->remap_pending) {
    for (unsigned k = 0; k < HC_D; ++k) put_bits(t->remap_i, k * 4, 4, r->remap[k]);
    r->remap_pending = 0;
  }
  // The configuration port carries at most one transaction, for this cycle.
  const hc_cfg_op idle_op = {};
  const hc_cfg_op &op = r->cfg_pending ? r->cfg : idle_op;
  t->cfg_we_i = op.we & 1u;
  t->cfg_re_i = op.re & 1u;
  t->cfg_node_i = op.node & ((1u << HC_D) - 1u);
  t->cfg_tgt_i = op.tgt & 7u;
  t->cfg_unit_i = op.unit & 15u;
  t->cfg_idx_i = op.idx & 0xffffu;
  t->cfg_field_i = op.field & 15u;
  t->cfg_wdata_i = op.wdata;
  r->cfg_pending = 0;
#if HC_K
  // Every node, port and counter id in turn on the registered read port.
  t->cnt_port_i = r->cnt_rot % (HC_D + 1);
  t->cnt_id_i = (r->cnt_rot / (HC_D + 1)) % 8;
  t->cnt_node_i = (r->cnt_rot / ((HC_D + 1) * 8)) % kNodes;
  ++r->cnt_rot;
#endif
  half_cycle(r, 0);
  memory_phases(r);
  if (obs) {
    obs->idle = t->idle_o;
    obs->sf_done = t->sf_done_o;
    obs->cfg_rdata = t->cfg_rdata_o;
    for (unsigned x = 0; x < kNodes; ++x) {
      obs->inj_ready[x] = static_cast<uint8_t>(get_bits(t->inj_ready_o, x, 1));
      obs->probe_ready[x] = static_cast<uint8_t>(get_bits(t->probe_ready_o, x, 1));
      obs->ej_valid[x] = static_cast<uint8_t>(get_bits(t->ej_valid_o, x, 1));
      obs->ej_flit[x] = get_bits(t->ej_flit_o, x * kFlitW, kFlitW);
      for (unsigned i = 0; i < HC_D; ++i) {
        const unsigned l = x * HC_D + i;
        obs->link_valid[l] = static_cast<uint8_t>(get_bits(t->link_valid_o, l, 1));
        obs->link_flit[l] = get_bits(t->link_flit_o, l * kFlitW, kFlitW);
        obs->probe_valid[l] = static_cast<uint8_t>(get_bits(t->link_probe_valid_o, l, 1));
        obs->probe_dest[l] = get_bits(t->link_probe_dest_o, l * HC_D, HC_D);
        obs->link_ack[l] = static_cast<uint8_t>(get_bits(t->link_ack_o, l, 1));
      }
    }
  }
  if (r->fst) dump_cycle(r);
  half_cycle(r, 1);
  // Verilator's messages ($error of a failing assertion) print the context's
  // time: make it the cycle number, as the model and the logs count.
  r->ctx.time(r->ctx.time() + 1);
  // The outputs are settled for the new state: hc_rtl_inj_ready() reads them
  // now, and the next step's first eval takes the clock low with its inputs.
  if (!r->ctx.gotError()) return HC_OK;
  if (!r->assert_seen) {
    r->assert_seen = 1;
    ++assert_failures;
  }
  return HC_EASSERT;
}

extern "C" void hc_rtl_set_remap(hc_rtl *r, const uint8_t *perm) {
  for (unsigned k = 0; k < HC_D; ++k) r->remap[k] = perm[k];
  r->remap_pending = 1;
}

extern "C" int hc_rtl_idle(const hc_rtl *r) { return r->top->idle_o; }

extern "C" void hc_rtl_set_cfg(hc_rtl *r, const hc_cfg_op *op) {
  r->cfg = *op;
  r->cfg_pending = 1;
}

extern "C" void hc_rtl_set_step(hc_rtl *r, unsigned step) {
  r->top->step_i = static_cast<SData>(step);
}

extern "C" uint32_t hc_rtl_counter(hc_rtl *r, unsigned x, unsigned port,
                                   unsigned id) {
  Vhc_network *t = r->top;
  t->cnt_node_i = x;
  t->cnt_port_i = port;
  t->cnt_id_i = id;
  t->eval();
#if HC_K
  return t->cnt_peek_o;
#else
  return t->cnt_data_o;
#endif
}

extern "C" uint64_t hc_rtl_wave_time(const hc_rtl *r) { return r->fst ? r->time : 0; }

extern "C" int hc_rtl_wave_peak(const hc_rtl *r, uint64_t *time, unsigned *blocked) {
  *time = r->peak_time;
  *blocked = r->peak_blocked;
  return r->peak_seen;
}
