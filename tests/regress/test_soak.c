/*
** Regressions of what long runs (make soak, docs/verification.md "Soak")
** rely on: the driver's watchdog fires on a network that holds flits and
** moves none, and names the buffer where they stand; it stays silent on a
** saturated network with a tight bound; and forgetting delivered messages
** (the soak's bounded memory) changes no count of the scoreboard.
**
** The stall is provoked honestly, by the hardware's own rule: in mode 2
** (store-and-forward by header) a head may leave its buffer only once its
** tail is in the same buffer, so a message of B + 1 flits never moves
** (docs/microarchitecture.md; hcsim refuses such a run, the driver does
** not). From first principles: the NI passes the head and B - 1 bodies
** into the source router's local input, which is then full; the head there
** waits for its tail, and the rest waits in the NI behind the full input.
*/
#include <string.h>

#include "hc_test.h"

/* Write the mode register in the coming cycle and run that cycle. */
static int set_mode(hc_test_ctx *t, hc_driver *drv, unsigned mode) {
  if (hc_driver_set_mode(drv, mode) != HC_OK) {
    hc_test_fail(t, __FILE__, __LINE__, "mode write refused by the backend");
    return 0;
  }
  return hc_driver_step(drv) == HC_OK;
}

HC_TEST(watchdog_names_stuck_head) {
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv || !set_mode(t, drv, HC_MODE_SAF)) return;
  const unsigned d = t->cfg.d, b = t->cfg.buf_depth, n = 1u << d, bound = 40;
  const unsigned dest = n - 1u; /* e-cube leaves node 0 on dimension 0 */
  hc_driver_set_watchdog(drv, bound);
  const int64_t id = hc_driver_send(drv, 0, dest, b + 1u, 0);
  HC_CHECK(t, id >= 0, "send failed");
  int rc = HC_OK;
  for (unsigned c = 0; c < 10u * bound && rc == HC_OK; c++) rc = hc_driver_step(drv);
  HC_CHECK(t, rc == HC_ESTALL, "a message of B + 1 = %u flits in mode 2 never moves, yet the watchdog "
           "did not fire in %u cycles (status %s)", b + 1u, 10u * bound, hc_status_name(rc));
  const hc_stall *s = hc_driver_stall(drv);
  HC_CHECK(t, s != NULL, "HC_ESTALL without a stall report");
  HC_CHECK(t, s->cycle == s->last_move + bound, "fired in cycle %llu, last move in %llu: not the bound %u later",
           (unsigned long long)s->cycle, (unsigned long long)s->last_move, bound);
  HC_CHECK(t, s->in_flight == 1 && s->oldest == (uint64_t)id, "in flight %llu, oldest %llu: want 1 and %lld",
           (unsigned long long)s->in_flight, (unsigned long long)s->oldest, (long long)id);
  HC_CHECK(t, s->located, "the %s backend holds the model: the site must be known", hc_sim_name(t->sim));
  const hc_stall_site *st = &s->site;
  HC_CHECK(t, st->node == 0 && st->port == d && st->why == HC_STUCK_TAIL && !st->cyclic,
           "site node %u port %u why '%s' cyclic %d: want node 0, the local input %u, a head waiting for its tail",
           st->node, st->port, hc_stuck_name(st->why), st->cyclic, d);
  HC_CHECK(t, hc_kind_is_head(hc_flit_kind(t->cfg.w, st->flit)) && st->out == 0,
           "front 0x%x wants output %u: want the head, for output 0", st->flit, st->out);
  /* the local input (B flits) and the NI (the tail) */
  HC_CHECK(t, st->buffers == 2, "%u buffers hold flits: want 2 (the local input and the NI)", st->buffers);
  hc_log(t, "watchdog fired in cycle %llu: node %u local input, %s",
         (unsigned long long)s->cycle, st->node, hc_stuck_name(st->why));
}

/*
** Saturation: every node keeps two messages waiting (uniform destinations,
** 1 to 2B flits), in wormhole mode and in mode 2 (lengths 1..B there). A
** network that moves stalls for no 32 cycles together: the watchdog, with
** that tight bound, must not fire, and everything drains.
*/
static void saturate(hc_test_ctx *t, unsigned mode) {
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv || !set_mode(t, drv, mode)) return;
  const unsigned n = 1u << t->cfg.d, b = t->cfg.buf_depth;
  const unsigned maxlen = mode == HC_MODE_SAF ? b : 2u * b;
  const unsigned cycles = t->cfg.d >= 6 ? 1000 : 3000;
  hc_driver_set_watchdog(drv, 32);
  int rc = HC_OK;
  for (unsigned c = 0; c < cycles && rc == HC_OK; c++) {
    for (unsigned x = 0; x < n; x++) {
      if (hc_driver_queued(drv, x) >= 2) continue;
      const unsigned y = hc_test_randn(t, n);
      HC_CHECK(t, hc_driver_send(drv, x, y, 1 + hc_test_randn(t, maxlen), 0) >= 0, "send");
    }
    rc = hc_driver_step(drv);
  }
  HC_CHECK(t, rc == HC_OK && hc_driver_stall(drv) == NULL, "the watchdog fired (or the step failed: %s) on a "
           "saturated network at cycle %llu", hc_status_name(rc), (unsigned long long)hc_driver_cycle(drv));
  if (!hc_test_drain_and_check(t, drv, 100000)) return;
  HC_CHECK(t, hc_driver_stall(drv) == NULL, "the watchdog fired during the drain");
  hc_log(t, "%llu messages under saturation, watchdog 32 cycles: silent",
         (unsigned long long)hc_driver_stats(drv)->delivered);
}

HC_TEST(watchdog_silent_saturated_wormhole) { saturate(t, HC_MODE_WORMHOLE); }
HC_TEST(watchdog_silent_saturated_saf) { saturate(t, HC_MODE_SAF); }

/* One saturated run of the same traffic, forgetting delivered messages or
** not; its statistics into *st. */
static int run_forget(hc_test_ctx *t, uint64_t seed, int forget, hc_stats *st) {
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv) return 0;
  hc_driver_forget(drv, forget);
  const unsigned n = 1u << t->cfg.d, b = t->cfg.buf_depth;
  uint64_t r = seed;
  int64_t first = -1;
  for (unsigned c = 0; c < 1500; c++) {
    for (unsigned x = 0; x < n; x++) {
      if (hc_driver_queued(drv, x) >= 2) continue;
      r = r * 6364136223846793005ULL + 1442695040888963407ULL;
      const int64_t id = hc_driver_send(drv, x, (unsigned)(r >> 33) % n, 1 + (unsigned)(r >> 20) % (2u * b), 0);
      HC_CHECK_RET(t, id >= 0, 0, "send");
      if (first < 0) first = id;
    }
    HC_CHECK_RET(t, hc_driver_step(drv) == HC_OK, 0, "step failed");
  }
  if (!hc_test_drain_and_check(t, drv, 100000)) return 0;
  /* everything is delivered: forgetting leaves no message behind */
  HC_CHECK_RET(t, (hc_driver_msg(drv, (uint64_t)first) == NULL) == (forget != 0), 0,
               "message %lld after the drain: %s, with forgetting %s", (long long)first,
               hc_driver_msg(drv, (uint64_t)first) ? "kept" : "forgotten", forget ? "on" : "off");
  *st = *hc_driver_stats(drv);
  hc_test_close_driver(t);
  return 1;
}

HC_TEST(driver_forget_same_counts) {
  hc_stats a, b;
  const uint64_t seed = hc_test_rand(t);
  if (!run_forget(t, seed, 0, &a) || !run_forget(t, seed, 1, &b)) return;
  HC_CHECK(t, a.injected == b.injected && a.delivered == b.delivered && a.duplicated == b.duplicated &&
                  a.corrupted == b.corrupted && a.flits_delivered == b.flits_delivered &&
                  a.latency_sum == b.latency_sum && a.latency_max == b.latency_max,
           "forgetting changed the counts: delivered %llu / %llu, latency sum %.0f / %.0f",
           (unsigned long long)a.delivered, (unsigned long long)b.delivered, a.latency_sum, b.latency_sum);
  hc_log(t, "%llu messages, the same counts with and without forgetting", (unsigned long long)a.delivered);
}
