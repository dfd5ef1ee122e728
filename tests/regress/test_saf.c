/*
** Regressions of store-and-forward by header (mode 2 of the mode register,
** docs/microarchitecture.md "Store-and-forward by header"): the routers
** forward a message only once it is wholly in the input buffer, at every
** router on its path. First principles give the zero-load latency: the
** head leaves each of the h + 1 routers L - 1 cycles after it could in
** wormhole mode (when its tail is in), so a lone L-flit message over h hops
** takes h + L + 1 + (h + 1)(L - 1) = L (h + 2) cycles (B >= 2, I >= 2;
** L <= B, or it could never move). With the registered route (route_reg) a
** head leaves a router no earlier than its second cycle at the front: the
** wait for the tail covers that when L >= 2, and a SINGLE (L = 1) waits the
** one cycle: h + L + 1 + (h + 1) max(L - 1, 1), 2h + 3 for L = 1. Saturated random traffic in this mode
** must lose, duplicate and corrupt nothing, on the model and in lockstep.
*/
#include <string.h>

#include "hc_test.h"

static unsigned hops(unsigned a, unsigned b) { return (unsigned)__builtin_popcount(a ^ b); }

/* Write the mode register (2: store-and-forward by header) in the coming cycle. */
static int set_saf(hc_test_ctx *t, hc_driver *drv) {
  if (hc_driver_set_mode(drv, HC_MODE_SAF) != HC_OK) {
    hc_test_fail(t, __FILE__, __LINE__, "mode write refused by the backend");
    return 0;
  }
  return hc_driver_step(drv) == HC_OK;
}

HC_TEST(saf_zero_load_latency) {
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv || !set_saf(t, drv)) return;
  const unsigned n = 1u << t->cfg.d, b = t->cfg.buf_depth;
  const int formula = t->cfg.buf_depth >= 2 && t->cfg.inj_depth >= 2;
  unsigned pairs = n * n <= 256 ? n * n : 256, checked = 0;
  for (unsigned k = 0; k < pairs; k++) {
    unsigned src = n * n <= 256 ? k / n : hc_test_randn(t, n);
    unsigned dst = n * n <= 256 ? k % n : hc_test_randn(t, n);
    unsigned len = 1 + k % b; /* 1..B: a message must fit one buffer */
    int64_t id = hc_driver_send(drv, src, dst, len, 0);
    HC_CHECK(t, id >= 0, "send failed");
    if (!hc_test_drain_and_check(t, drv, 1000)) return;
    const hc_msg *m = hc_driver_msg(drv, (uint64_t)id);
    const unsigned h = hops(src, dst), wait = t->cfg.route_reg && len == 1 ? 1 : len - 1;
    const uint64_t lat = m->t_deliver - m->t_create, want = h + len + 1ull + (h + 1ull) * wait;
    if (formula)
      HC_CHECK(t, lat == want, "%u -> %u, L=%u: latency %llu, store-and-forward formula %llu", src, dst,
               len, (unsigned long long)lat, (unsigned long long)want);
    checked++;
  }
  hc_log(t, "%u messages at zero load%s", checked,
         formula ? ", all at the formula" : " delivered (no formula for B = 1 or I = 1 beyond L = 1)");
}

/* Every node sends as fast as it can, lengths 1..B, uniform destinations. */
HC_TEST(saf_uniform_saturated) {
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv || !set_saf(t, drv)) return;
  const unsigned n = 1u << t->cfg.d, b = t->cfg.buf_depth;
  const unsigned cycles = t->cfg.d >= 8 ? 300 : t->cfg.d >= 5 ? 1000 : 2000;
  for (unsigned c = 0; c < cycles; c++) {
    for (unsigned x = 0; x < n; x++) {
      if (hc_driver_queued(drv, x) > 2) continue;
      unsigned y = hc_test_randn(t, n);
      if (y == x) continue;
      HC_CHECK(t, hc_driver_send(drv, x, y, 1 + hc_test_randn(t, b), 0) >= 0, "send");
    }
    if (hc_driver_step(drv) != HC_OK) break; /* reported by the drain check */
  }
  uint64_t flits = 0;
  for (uint64_t i = 0; i < hc_driver_num_msgs(drv); i++) flits += hc_driver_msg(drv, i)->len;
  if (!hc_test_drain_and_check(t, drv, flits + 10000)) return;
  hc_log(t, "%llu messages, %llu flits, all delivered intact by cycle %llu",
         (unsigned long long)hc_driver_num_msgs(drv), (unsigned long long)flits,
         (unsigned long long)hc_driver_cycle(drv));
}
