/*
** Lockstep regressions of the zero-load timing promised by
** docs/microarchitecture.md: a lone message of L flits over h hops is
** delivered h + L + 1 cycles after it is created (h + 2L when the router
** buffers or the NI queue hold one flit, because then every stage runs at
** half rate), and messages whose paths share nothing do not slow each other.
** With the registered route (route_reg, build token _Q) a head spends 2
** cycles in each of the h + 1 routers on its path: 2h + L + 2 (B = 1:
** 2h + 2L + 1; I = 1: max(h + 2L, 2h + L + 2); derived in
** tests/unit/test_model.c and docs/microarchitecture.md). The expectation
** is the documented formula, computed here from h and L.
*/
#include <stddef.h>

#include "hc_test.h"

static unsigned hops(unsigned a, unsigned b) { return (unsigned)__builtin_popcount(a ^ b); }

static uint64_t zero_load(const hc_cfg *c, unsigned h, unsigned len) {
  if (c->route_reg) {
    const uint64_t slow_ni = h + 2ull * len, head = 2ull * h + len + 2ull;
    if (c->buf_depth == 1) return 2ull * h + 2ull * len + 1ull;
    if (c->inj_depth == 1) return slow_ni > head ? slow_ni : head;
    return head;
  }
  if (c->buf_depth == 1 || c->inj_depth == 1) return h + 2ull * len;
  return h + len + 1ull;
}

HC_TEST(zero_load_latency) {
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv) return;
  const unsigned n = 1u << t->cfg.d;
  static const unsigned lens[] = {1, 2, 5, 16};
  unsigned pairs = n * n <= 256 ? n * n : 256, checked = 0;
  for (unsigned k = 0; k < pairs; k++) {
    unsigned src = n * n <= 256 ? k / n : hc_test_randn(t, n);
    unsigned dst = n * n <= 256 ? k % n : hc_test_randn(t, n);
    unsigned len = lens[k % 4];
    int64_t id = hc_driver_send(drv, src, dst, len, 0);
    HC_CHECK(t, id >= 0, "send failed");
    if (!hc_test_drain_and_check(t, drv, 1000)) return;
    const hc_msg *m = hc_driver_msg(drv, (uint64_t)id);
    uint64_t lat = m->t_deliver - m->t_create;
    HC_CHECK(t, lat == zero_load(&t->cfg, hops(src, dst), len),
             "%u -> %u, L=%u: latency %llu, formula %llu", src, dst, len,
             (unsigned long long)lat,
             (unsigned long long)zero_load(&t->cfg, hops(src, dst), len));
    checked++;
  }
  hc_log(t, "%u messages at zero load, all at the formula", checked);
}

/* Every node sends one message across dimension k at the same time: no two
** paths share a link or an ejection port, so each one sees zero load. */
HC_TEST(one_message_per_node) {
  const unsigned n = 1u << t->cfg.d, len = 8;
  for (unsigned k = 0; k < t->cfg.d; k++) {
    hc_driver *drv = hc_test_driver(t, &t->cfg);
    if (!drv) return;
    for (unsigned x = 0; x < n; x++) HC_CHECK(t, hc_driver_send(drv, x, x ^ (1u << k), len, 0) >= 0, "send");
    if (!hc_test_drain_and_check(t, drv, 1000)) return;
    for (unsigned x = 0; x < n; x++) {
      const hc_msg *m = hc_driver_msg(drv, x);
      HC_CHECK(t, m->t_deliver - m->t_create == zero_load(&t->cfg, 1, len),
               "dim %u node %u: latency %llu, formula %llu", k, x,
               (unsigned long long)(m->t_deliver - m->t_create),
               (unsigned long long)zero_load(&t->cfg, 1, len));
    }
    hc_test_close_driver(t); /* before the next dimension */
  }
}

/* Two heads that reach the same output in the same cycle: the one on the
** lower input port wins and the other waits exactly the winner's length. */
HC_TEST(tie_goes_to_lowest_port) {
  if (t->cfg.d < 2) return;
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv) return;
  /* Node 1 and node 2 both send to node 3 at cycle 0. The message from 2
  ** crosses dimension 0 into 3 and arrives on input 0 of node 3; the one from 1
  ** crosses dimension 1 and arrives on input 1. Both heads reach 3's front in
  ** the same cycle and want its ejection port: input 0 (from 2) wins. */
  const unsigned len = 6;
  int64_t a = hc_driver_send(drv, 1, 3, len, 0);
  int64_t b = hc_driver_send(drv, 2, 3, len, 0);
  if (!hc_test_drain_and_check(t, drv, 1000)) return;
  const hc_msg *ma = hc_driver_msg(drv, (uint64_t)a), *mb = hc_driver_msg(drv, (uint64_t)b);
  uint64_t la = ma->t_deliver - ma->t_create, lb = mb->t_deliver - mb->t_create;
  uint64_t z = zero_load(&t->cfg, 1, len);
  HC_CHECK(t, lb == z, "winner (from node 2, port 0) latency %llu, expected %llu",
           (unsigned long long)lb, (unsigned long long)z);
  if (t->cfg.buf_depth == 1 || t->cfg.inj_depth == 1) {
    /* At half rate the loser's timing depends on how much of it the buffers
    ** hold; only the order is the arbiter's. */
    HC_CHECK(t, la > lb, "loser (port 1) delivered before the winner (port 0)");
    return;
  }
  /* At full rate the loser's head follows the winner's tail by one cycle, so
  ** its tail comes len cycles after the winner's. */
  HC_CHECK(t, la == z + len, "loser (from node 1, port 1) latency %llu, expected %llu",
           (unsigned long long)la, (unsigned long long)(z + len));
}
