/*
** Regressions of the node programs (algorithms/hc_np_algo.h; docs/
** johnsson.md, "Node programs and matrix products"): Johnsson's matrix
** products and solvers (shared/seeds/003 §5, §6) run on the network in
** store-and-forward mode, phase by phase: every phase loaded through the
** configuration port (the model's back door on the model alone), run to
** sf_done, read back word by word and compared with the reference
** executor's memory, with its counters; the compute steps between them;
** the result against the host's. On the model alone every program runs at
** the configuration's d (even, up to 6); in lockstep with the RTL, at d <=
** 4, MMC2, Gauss-Jordan and the solvers of §6.4.2, §6.4.3 only (each phase
** is a whole load and read-back through the port, one word a cycle). The
** programs with right-hand sides take their default R.
*/
#include <string.h>

#include "hc_np_run.h"
#include "hc_test.h"

/* The network for a program: on the model alone sized to its largest
** phase, in lockstep the build's geometry (the loader refuses a phase
** that does not fit). */
static hc_driver *np_driver(hc_test_ctx *t, const hc_np_algo *a, const hc_np_params *p) {
  hc_cfg g = t->cfg;
  hc_sf_geom need;
  char why[512];
  if (t->sim == HC_SIM_MODEL && hc_np_need(a, p, &need, why, sizeof why) == HC_OK) {
    hc_sf_geom r = hc_sf_geom_resolve(g.sf);
    if (need.bank_aw > r.bank_aw) r.bank_aw = need.bank_aw;
    if (need.seg_aw > r.seg_aw) r.seg_aw = need.seg_aw;
    if (need.desc_aw > r.desc_aw) r.desc_aw = need.desc_aw;
    g.sf = r;
  }
  return hc_test_driver(t, &g);
}

/* Run a at N = 2^k mult with beta; returns 1 when all is well. */
static int run_np(hc_test_ctx *t, const hc_np_algo *a, uint32_t mult, uint32_t beta) {
  const unsigned d = t->cfg.d;
  hc_np_params p;
  char why[256];
  hc_np_params_init(&p, d, (1u << (d / 2)) * mult, beta, t->cfg.w, t->seed);
  HC_CHECK_RET(t, a->check(&p, why, sizeof why) == HC_OK, 0, "%s d=%u: %s", a->name, d, why);
  hc_driver *drv = np_driver(t, a, &p);
  if (!drv) return 0;
  hc_np_net net;
  hc_np_result r;
  const int rc = hc_np_run_net(drv, a, &p, 0, &net, &r);
  uint64_t first = 0;
  for (unsigned i = 0; i < p.phases; i++) first += a->steps(&p, i);
  const int ok = rc == HC_OK && r.verified && r.steps_ok && r.cycles == first * (1ull + beta);
  if (!ok)
    hc_test_fail(t, __FILE__, __LINE__, "%s d=%u N=%u beta=%u: %s (%s), %llu cycles, %llu steps expected", a->name,
                 d, p.n, beta, r.why[0] ? r.why : "timing", hc_status_name(rc), (unsigned long long)r.cycles,
                 (unsigned long long)first);
  else
    hc_log(t, "%s d=%u N=%u beta=%u: %u phases, %llu cycles = %llu steps, %llu words read back and equal", a->name,
           d, p.n, beta, r.phases, (unsigned long long)r.cycles, (unsigned long long)first,
           (unsigned long long)net.words_checked);
  hc_np_result_free(&r);
  hc_test_close_driver(t);
  return ok;
}

HC_TEST(sf_np_programs) {
  const unsigned d = t->cfg.d, top = t->sim == HC_SIM_MODEL ? 6 : 4;
  if (d % 2 || d > top) {
    hc_log(t, "node programs: not run at d = %u (they need an even d, here at most %u)", d, top);
    return;
  }
  for (const hc_np_algo *const *a = hc_np_algos; *a; a++) {
    const char *n = (*a)->name;
    const int lockstep_too = strcmp(n, "mmc2") == 0 || strcmp(n, "gj") == 0 || strcmp(n, "trsv_blk") == 0 ||
                             strcmp(n, "trsv_mm") == 0;
    if (t->sim != HC_SIM_MODEL && !lockstep_too) continue;
    if (!run_np(t, *a, 2, HC_SF_BETA_MIN + hc_test_randn(t, 4))) return;
  }
}
