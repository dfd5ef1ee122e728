/*
** Lockstep regressions of the all-to-all algorithms on the wormhole network
** (issue "make sim ALGO=aap"): Algorithm AAP with the idle barrier must take
** exactly T_aap = k(N-1) + (xi-1)(N-1) + (1+tau) nN/2 cycles with the
** router's xi = 4 and tau = 0, which follow from the documented timing (a
** lone message over h hops is delivered h + k + 1 cycles after creation and
** the barrier fires 2 cycles after the last ejection; h + k + 3 =
** xi + h(1+tau) + k - 1); with the registered route (route_reg, 2 cycles
** per router) 2h + k + 4: xi = 5, tau = 1. The formula is evaluated here from the paper's
** expression, not taken from the simulator's report. Every run must deliver
** every ordered pair's message once and intact; vector reversals must show
** at most one message per channel per step in the hardware counters and no
** blocked cycle at all; the naive baseline must show channel contention
** (some head blocked by another message) for d >= 3.
*/
#include "hc_algo.h"
#include "hc_algo_run.h"
#include "hc_test.h"

static double t_aap(const hc_cfg *c, unsigned k) {
  const unsigned d = c->d;
  const double xi = c->route_reg ? 5 : 4, tau = c->route_reg ? 1 : 0, n = d, nn = (double)(1u << d);
  return k * (nn - 1) + (xi - 1) * (nn - 1) + (1 + tau) * n * nn / 2;
}

static int full_rate(const hc_cfg *c) { return c->buf_depth >= 2 && c->inj_depth >= 2; }

/* The cube the all-to-all runs on: the configuration's, except that the
** model alone (any d) runs d <= 6, since an all-to-all is N^2 messages. */
static hc_cfg algo_cfg(const hc_test_ctx *t) {
  hc_cfg c = t->cfg;
  if (t->sim == HC_SIM_MODEL && c.d > 6) c.d = 6;
  return c;
}

static void run_algo(hc_test_ctx *t, const char *name, unsigned k, int barrier, hc_algo_result *r) {
  const hc_algo *a = hc_algo_find(name);
  HC_CHECK(t, a != NULL, "no algorithm %s", name);
  const hc_cfg c = algo_cfg(t);
  hc_driver *drv = hc_test_driver(t, &c);
  if (!drv) return;
  int rc = hc_algo_run(drv, a, k, barrier, 10000000, r);
  if (rc == HC_OK) rc = hc_driver_check_counters(drv);
  const hc_mismatch *mm = hc_driver_mismatch(drv);
  HC_CHECK(t, mm == NULL, "lockstep mismatch at cycle %llu node %u %s: model 0x%x rtl 0x%x",
           mm ? (unsigned long long)mm->cycle : 0ULL, mm ? mm->node : 0, mm ? mm->where : "",
           mm ? mm->expected : 0, mm ? mm->actual : 0);
  HC_CHECK(t, rc == HC_OK, "%s k=%u: run failed with %s", name, k, hc_status_name(rc));
  HC_CHECK(t, r->data_ok, "%s k=%u: not every ordered pair delivered once and intact", name, k);
}

HC_TEST(aap_matches_formula) {
  static const unsigned ks[] = {4, 16};
  for (unsigned i = 0; i < 2; i++) {
    hc_algo_result r;
    r.data_ok = 0;
    run_algo(t, "aap", ks[i], 1, &r);
    if (t->failed) return;
    HC_CHECK(t, r.max_contention == 1, "aap k=%u: %u messages on one channel in one step", ks[i],
             r.max_contention);
    HC_CHECK(t, r.blocked_cycles == 0 && r.eject_blocked_cycles == 0,
             "aap k=%u: %llu blocked link cycles, %llu at ejection", ks[i],
             (unsigned long long)r.blocked_cycles, (unsigned long long)r.eject_blocked_cycles);
    const hc_cfg c = algo_cfg(t);
    if (full_rate(&c)) {
      HC_CHECK(t, (double)r.cycles == t_aap(&c, ks[i]), "aap d=%u k=%u: %llu cycles, T_aap = %.0f", c.d,
               ks[i], (unsigned long long)r.cycles, t_aap(&c, ks[i]));
    }
    hc_log(t, "aap d=%u k=%u: %llu cycles (T_aap %.0f), lower bound %u", c.d, ks[i],
           (unsigned long long)r.cycles, t_aap(&c, ks[i]), ks[i] * ((1u << c.d) - 1));
  }
}

HC_TEST(aap_prime_delivers_all) {
  static const unsigned ks[] = {4, 16};
  for (unsigned i = 0; i < 2; i++) {
    hc_algo_result r;
    run_algo(t, "aap_prime", ks[i], 0, &r);
    if (t->failed) return;
    const unsigned lower = ks[i] * ((1u << algo_cfg(t).d) - 1);
    HC_CHECK(t, r.cycles >= lower, "aap' beat the lower bound: %llu < %u", (unsigned long long)r.cycles, lower);
    hc_log(t, "aap' k=%u: %llu cycles, lower bound %u", ks[i], (unsigned long long)r.cycles, lower);
  }
  /* Its steps, run apart, are vector reversals: contention free. */
  hc_algo_result r;
  run_algo(t, "aap_prime", 8, 1, &r);
  if (t->failed) return;
  HC_CHECK(t, r.max_contention == 1, "aap' step with %u messages on one channel", r.max_contention);
}

HC_TEST(naive_all_to_all_contends) {
  hc_algo_result r;
  run_algo(t, "a2a_naive", 16, 0, &r);
  if (t->failed) return;
  if (algo_cfg(t).d >= 3)
    HC_CHECK(t, r.blocked_cycles > 0 && r.max_waiting >= 1,
             "naive all-to-all at d=%u: no head ever waited for a link", t->cfg.d);
  hc_log(t, "naive: %llu cycles, %llu blocked link cycles, up to %u heads waiting", (unsigned long long)r.cycles,
         (unsigned long long)r.blocked_cycles, r.max_waiting);
}

HC_TEST(pairwise_delivers_all) {
  hc_algo_result r;
  run_algo(t, "a2a_pairwise", 8, 0, &r);
}
