/*
** Lockstep regressions of the paper's cost model (docs/microarchitecture.md,
** "Cost model: tau, xi and circuit switching"; docs/boppana.md, "AAP and
** AAP' under the paper's cost model"): with non-default tau and xi, in
** wormhole mode and in mode 3 (circuit switching), lone messages take the
** documented latency, random traffic is delivered intact with RTL and model
** agreeing on every link, probe, acknowledgement and ejection port in every
** cycle, and AAP and AAP' take the cycles derived from the mechanism: the
** paper's formulas, evaluated here from the paper's expressions with the
** documented mapping (xi = xi' + 4, tau = tau' + 2, plus 2 cycles), where
** their premises hold, and the recurrence hc_cs_predict everywhere.
*/
#include "hc_algo.h"
#include "hc_algo_run.h"
#include "hc_test.h"

static unsigned hops(unsigned a, unsigned b) { return (unsigned)__builtin_popcount(a ^ b); }

static int full_rate(const hc_cfg *c) { return c->buf_depth >= 2 && c->inj_depth >= 2; }

/* Write tau, xi, overlap and (mode 3 only) the mode; 4 cycles at most. */
static int setup(hc_test_ctx *t, hc_driver *drv, unsigned mode, unsigned tau, unsigned xi, unsigned overlap) {
  int rc = hc_driver_set_cost(drv, tau, xi, overlap);
  if (rc == HC_OK && mode != HC_MODE_WORMHOLE) {
    rc = hc_driver_set_mode(drv, mode);
    if (rc == HC_OK) rc = hc_driver_step(drv);
  }
  HC_CHECK_RET(t, rc == HC_OK, 0, "configuration failed: %s", hc_status_name(rc));
  return 1;
}

/* Lone messages over every pair (up to 256 of them), one after the other. */
static void lone_messages(hc_test_ctx *t, unsigned mode, unsigned tau, unsigned xi) {
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv || !setup(t, drv, mode, tau, xi, 0)) return;
  const unsigned n = 1u << t->cfg.d;
  static const unsigned lens[] = {1, 2, 5, 9};
  unsigned pairs = n * n <= 256 ? n * n : 256;
  for (unsigned k = 0; k < pairs; k++) {
    unsigned src = n * n <= 256 ? k / n : hc_test_randn(t, n);
    unsigned dst = n * n <= 256 ? k % n : hc_test_randn(t, n);
    unsigned len = lens[k % 4], h = hops(src, dst);
    int64_t id = hc_driver_send(drv, src, dst, len, 0);
    HC_CHECK(t, id >= 0, "send failed");
    if (!hc_test_drain_and_check(t, drv, 2000)) return;
    /* wait until every node is done with it (mode 3: the completion count) */
    for (unsigned c = 0; c < 2 * t->cfg.d + 4; c++) HC_CHECK(t, hc_driver_step(drv) == HC_OK, "step");
    if (!full_rate(&t->cfg)) continue;
    const hc_msg *m = hc_driver_msg(drv, (uint64_t)id);
    uint64_t lat = m->t_deliver - m->t_create;
    /* the registered route: a head leaves a router max(1, tau) cycles after
    ** it reached the front (the local input's 1), mode 3 untouched */
    const uint64_t rr = t->cfg.route_reg, hop = rr && tau == 0 ? 1 : tau;
    uint64_t want = mode == HC_MODE_CIRCUIT ? len + 4ull + xi + h * (3ull + tau)
                                            : h + len + 1ull + rr + xi + h * hop;
    HC_CHECK(t, lat == want, "%u -> %u, L=%u, tau=%u xi=%u: latency %llu, documented %llu", src, dst, len, tau,
             xi, (unsigned long long)lat, (unsigned long long)want);
  }
  hc_log(t, "%u lone messages at the documented latency", pairs);
}

/* Wormhole: h + L + 1 + xi + h tau (docs/microarchitecture.md); registered
** route: h + L + 2 + xi + h max(1, tau). */
HC_TEST(cost_wormhole_lone_latency) { lone_messages(t, HC_MODE_WORMHOLE, 2, 3); }

/* Circuit switching: L + 4 + xi + h(3 + tau). */
HC_TEST(cost_circuit_lone_latency) { lone_messages(t, HC_MODE_CIRCUIT, 1, 2); }

/* Random traffic: every node creates messages of 1..7 flits to random nodes
** (itself included) at random; everything arrives intact, and in lockstep
** RTL and model agree on every channel in every cycle. */
static void random_traffic(hc_test_ctx *t, unsigned mode, unsigned tau, unsigned xi, unsigned overlap) {
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv || !setup(t, drv, mode, tau, xi, overlap)) return;
  const unsigned n = 1u << t->cfg.d, cycles = t->sim == HC_SIM_MODEL && t->cfg.d > 6 ? 300 : 800;
  uint64_t sent = 0;
  for (unsigned c = 0; c < cycles; c++) {
    for (unsigned x = 0; x < n; x++) {
      if (hc_test_randn(t, 100) >= 6) continue;
      HC_CHECK(t, hc_driver_send(drv, x, hc_test_randn(t, n), 1 + hc_test_randn(t, 7), 0) >= 0, "send");
      sent++;
    }
    HC_CHECK(t, hc_driver_step(drv) == HC_OK, "step");
  }
  if (!hc_test_drain_and_check(t, drv, 200000)) return;
  hc_log(t, "mode %u tau=%u xi=%u overlap=%u: %llu random messages delivered intact", mode, tau, xi, overlap,
         (unsigned long long)sent);
}

/* Circuit switching with many messages to the sender itself (no link, so no
** reservation of their own) beside paths to hot destinations: a path whose
** tail is held up by ejection contention still holds the local input when
** the node's next set-up, to itself, completes. Before the local input's
** probe waited for that input to hold no reservation, a later path's
** reservation could become current in front of the self-message's data and
** carry them away (a head at a node that is not its destination: the
** model's DataHeadAtDest assertion). Seeds 1..3 at d = 3 hit it. */
HC_TEST(cost_circuit_self_messages) {
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv || !setup(t, drv, HC_MODE_CIRCUIT, 1, 1, 1)) return;
  const unsigned n = 1u << t->cfg.d, cycles = t->sim == HC_SIM_MODEL && t->cfg.d > 6 ? 300 : 800;
  uint64_t sent = 0;
  for (unsigned c = 0; c < cycles; c++) {
    for (unsigned x = 0; x < n; x++) {
      if (hc_test_randn(t, 100) >= 30) continue;
      const unsigned r = hc_test_randn(t, 4);
      const unsigned dest = r < 2 ? x : r == 2 ? 0 : hc_test_randn(t, n); /* self, a hot node, anyone */
      HC_CHECK(t, hc_driver_send(drv, x, dest, 1 + hc_test_randn(t, 8), 0) >= 0, "send");
      sent++;
    }
    HC_CHECK(t, hc_driver_step(drv) == HC_OK, "step");
  }
  if (!hc_test_drain_and_check(t, drv, 200000)) return;
  hc_log(t, "%llu messages, half to their sender, delivered intact", (unsigned long long)sent);
}

HC_TEST(cost_wormhole_random) { random_traffic(t, HC_MODE_WORMHOLE, 3, 2, 0); }
HC_TEST(cost_circuit_random_overlap) { random_traffic(t, HC_MODE_CIRCUIT, 1, 1, 1); }
HC_TEST(cost_circuit_random_sequential) { random_traffic(t, HC_MODE_CIRCUIT, 0, 3, 0); }

/* ------------------------------------------------------ AAP and AAP' */

/* The paper's T_aap and T_aap' (shared/seeds/001 §3.2, §3.3), in its units. */
static double t_aap(unsigned n, double k, double xi, double tau) {
  const double nn = (double)(1u << n);
  return k * (nn - 1) + (xi - 1) * (nn - 1) + (1 + tau) * n * nn / 2;
}
static double t_aapp(unsigned n, double k, double xi, double tau) {
  const double nn = (double)(1u << n);
  return (k - 1) * (nn - 1) + n * nn / 2 + 2 * (xi + n * tau) - tau;
}

/* The cube the all-to-all runs on: the model alone runs up to d = 5. */
static hc_cfg algo_cfg(const hc_test_ctx *t) {
  hc_cfg c = t->cfg;
  if (t->sim == HC_SIM_MODEL && c.d > 5) c.d = 5;
  return c;
}

/* The masks of an algorithm's steps (all vector reversals here). */
static void masks_of(const hc_algo *a, unsigned d, unsigned *m) {
  for (unsigned s = 0; s < a->num_steps(d); s++) m[s] = a->dest(d, s, 0);
}

/* Run name on a fresh network with the cost model; returns the cycles: to
** the last barrier with the barrier, else to the last tail delivered. */
static uint64_t run(hc_test_ctx *t, const char *name, unsigned mode, unsigned tau, unsigned xi, unsigned overlap,
                    int barrier, unsigned k) {
  const hc_algo *a = hc_algo_find(name);
  HC_CHECK_RET(t, a != NULL, 0, "no algorithm %s", name);
  const hc_cfg c = algo_cfg(t);
  hc_driver *drv = hc_test_driver(t, &c);
  if (!drv || !setup(t, drv, mode, tau, xi, overlap)) return 0;
  hc_algo_result r;
  int rc = hc_algo_run(drv, a, k, barrier, 10000000, &r);
  if (rc == HC_OK) rc = hc_driver_check_counters(drv);
  const hc_mismatch *mm = hc_driver_mismatch(drv);
  HC_CHECK_RET(t, mm == NULL, 0, "lockstep mismatch at cycle %llu node %u %s: model 0x%x rtl 0x%x",
               mm ? (unsigned long long)mm->cycle : 0ULL, mm ? mm->node : 0, mm ? mm->where : "",
               mm ? mm->expected : 0, mm ? mm->actual : 0);
  HC_CHECK_RET(t, rc == HC_OK, 0, "%s: run failed with %s", name, hc_status_name(rc));
  HC_CHECK_RET(t, r.data_ok, 0, "%s: not every ordered pair delivered once and intact", name);
  hc_test_close_driver(t);
  return (mode == HC_MODE_CIRCUIT && !barrier) ? r.delivered : r.cycles;
}

/* Wormhole with the barrier: a step of h hops costs h + k + 3 + xi' + h
** tau' cycles, the paper's xi + h(1 + tau) + k - 1 with xi = xi' + 4, tau =
** tau': T_aap, for either order. With the registered route, h + k + 4 +
** xi' + h max(1, tau'): xi = xi' + 5, tau = max(1, tau'). */
HC_TEST(cost_aap_wormhole_barrier) {
  const hc_cfg c = algo_cfg(t);
  const unsigned tau = 2, xi = 5, k = 12, rr = c.route_reg;
  uint64_t a = run(t, "aap", HC_MODE_WORMHOLE, tau, xi, 0, 1, k);
  if (t->failed) return;
  uint64_t ap = run(t, "aap_prime", HC_MODE_WORMHOLE, tau, xi, 0, 1, k);
  if (t->failed || !full_rate(&c)) return;
  const double want = t_aap(c.d, k, xi + 4 + rr, rr && tau == 0 ? 1 : tau);
  HC_CHECK(t, (double)a == want, "aap d=%u: %llu cycles, T_aap %.0f", c.d, (unsigned long long)a, want);
  HC_CHECK(t, (double)ap == want, "aap' with the barrier d=%u: %llu cycles, T_aap %.0f", c.d,
           (unsigned long long)ap, want);
  hc_log(t, "wormhole + barrier, tau'=%u xi'=%u k=%u: aap %llu = aap' %llu = T_aap", tau, xi, k,
         (unsigned long long)a, (unsigned long long)ap);
}

/*
** Circuit switching, overlap off: each node sets up its next path when its
** last message is complete; T_aap + 2 with xi = xi' + 4 and tau = tau' + 2
** (docs/boppana.md), for either order. Overlap on, AAP' order: T_aap' +
** 2 for n = 2, where every set-up after the second hides under the data of
** the step before (its premise; k = 30 satisfies k >= xi + (n-1) tau + 1);
** for n = 3 the two transitions (2,2) -> (1,1) and (2,1) -> (1,2) share a
** dimension, so their set-ups wait for the links of the step before:
** (1,2) waits at its first link, a whole set-up xi + 2 tau after the step
** before ends; (1,1) takes its first link, waits at its second, and ends
** (1 + tau') + 2 + 3 cycles after (the last hop, the acknowledgement back
** over both hops, the NI): T_aap' + 2 + (xi + 2 tau) + (6 + tau'). Every
** run equals the mechanism's recurrence hc_cs_predict.
*/
HC_TEST(cost_aap_circuit) {
  const hc_cfg c = algo_cfg(t);
  const unsigned tau = 1, xi = 2, k = 30, d = c.d;
  const double xp = xi + 4, tp = tau + 2;
  unsigned m[1u << 6];
  uint64_t off = run(t, "aap", HC_MODE_CIRCUIT, tau, xi, 0, 0, k);
  if (t->failed) return;
  uint64_t offp = run(t, "aap_prime", HC_MODE_CIRCUIT, tau, xi, 0, 0, k);
  if (t->failed) return;
  uint64_t on = run(t, "aap_prime", HC_MODE_CIRCUIT, tau, xi, 1, 0, k);
  if (t->failed) return;
  uint64_t bar = run(t, "aap_prime", HC_MODE_CIRCUIT, tau, xi, 1, 1, k);
  if (t->failed || !full_rate(&c)) return;
  HC_CHECK(t, (double)off == t_aap(d, k, xp, tp) + 2, "aap d=%u: %llu cycles, T_aap + 2 = %.0f", d,
           (unsigned long long)off, t_aap(d, k, xp, tp) + 2);
  HC_CHECK(t, offp == off, "aap' order, overlap off d=%u: %llu cycles, aap %llu", d, (unsigned long long)offp,
           (unsigned long long)off);
  /* with the barrier a step runs from its creation to the barrier after
  ** it: its set-up, its data, the ejection, the AND and its register:
  ** xi = xi' + 7 (docs/boppana.md) */
  HC_CHECK(t, (double)bar == t_aap(d, k, xi + 7, tp), "aap' + barrier d=%u: %llu cycles, T_aap = %.0f", d,
           (unsigned long long)bar, t_aap(d, k, xi + 7, tp));
  if (d == 2)
    HC_CHECK(t, (double)on == t_aapp(d, k, xp, tp) + 2, "aap' d=2: %llu cycles, T_aap' + 2 = %.0f",
             (unsigned long long)on, t_aapp(d, k, xp, tp) + 2);
  if (d == 3) {
    const double want = t_aapp(d, k, xp, tp) + 2 + (xp + 2 * tp) + (6 + tau);
    HC_CHECK(t, (double)on == want, "aap' d=3: %llu cycles, T_aap' + 2 + extras = %.0f", (unsigned long long)on,
             want);
  }
  masks_of(&hc_algo_aap_prime, d, m);
  uint64_t p = hc_cs_predict(d, k, xi, tau, 1, m, (1u << d) - 1);
  HC_CHECK(t, on == p, "aap' d=%u: %llu cycles, mechanism %llu", d, (unsigned long long)on, (unsigned long long)p);
  hc_log(t, "circuit tau'=%u xi'=%u k=%u d=%u: aap %llu (T_aap+2), aap' %llu (mechanism %llu, T_aap'+2 = %.0f)",
         tau, xi, k, d, (unsigned long long)off, (unsigned long long)on, (unsigned long long)p,
         t_aapp(d, k, xp, tp) + 2);
}

/* AAP's order with overlap on is the mechanism's too (its set-ups wait for
** the links the step before holds, all of them at n = 2 and n = 3). */
HC_TEST(cost_aap_order_overlap) {
  const hc_cfg c = algo_cfg(t);
  const unsigned tau = 0, xi = 4, k = 9;
  unsigned m[1u << 6];
  uint64_t on = run(t, "aap", HC_MODE_CIRCUIT, tau, xi, 1, 0, k);
  if (t->failed || !full_rate(&c)) return;
  masks_of(&hc_algo_aap, c.d, m);
  uint64_t p = hc_cs_predict(c.d, k, xi, tau, 1, m, (1u << c.d) - 1);
  HC_CHECK(t, on == p, "aap with overlap d=%u: %llu cycles, mechanism %llu", c.d, (unsigned long long)on,
           (unsigned long long)p);
}
