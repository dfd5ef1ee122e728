/*
** Regressions of the model's routing functions other than e-cube
** (csim/hc_route.h, docs/hou.md): on the 4- to 6-cube each adaptive
** function carries a saturating mix of uniform, bit-reverse, transpose and
** reverse-flip messages of 1 to 20 flits, with the configuration's buffers
** and with the paper's one-flit buffers, then drains. Every message must
** come out exactly once and intact at its destination (the driver's
** scoreboard), the network must drain (a deadlock would not: the drain is
** bounded), every ejection port must have counted exactly the messages and
** flits delivered there, and the links together exactly the flits times the
** hops of shortest paths (so no message took a longer one). The RTL routes
** e-cube only: where the run is a lockstep one (tb_rtl), the test checks
** instead that the backend refuses every other function.
*/
#include <stdlib.h>

#include "hc_test.h"

/* A destination for x: one of the four patterns, chosen at random. */
static unsigned mixed_dest(hc_test_ctx *t, unsigned d, unsigned x) {
  const unsigned n = 1u << d, h = d / 2;
  unsigned y = 0;
  switch (hc_test_randn(t, 4)) {
    case 0:
      do y = hc_test_randn(t, n); while (y == x);
      return y;
    case 1: /* bit reverse */
      for (unsigned i = 0; i < d; i++) y |= ((x >> i) & 1u) << (d - 1 - i);
      return y;
    case 2: /* transpose: rotate by floor(d/2) */
      return ((x >> h) | (x << (d - h))) & (n - 1);
    default: /* reverse-flip */
      for (unsigned i = 0; i < d; i++) y |= ((x >> i) & 1u) << (d - 1 - i);
      return y ^ (n - 1);
  }
}

/* The counters against the delivered messages: each ejection port exactly,
** all links together the flits times the hops of shortest paths. */
static void check_counts(hc_test_ctx *t, hc_driver *drv, const hc_cfg *c) {
  const unsigned n = 1u << c->d;
  uint64_t *ej_m = calloc(n, sizeof *ej_m), *ej_f = calloc(n, sizeof *ej_f), link_f = 0, link_c = 0;
  HC_CHECK(t, ej_m && ej_f, "out of memory");
  for (uint64_t i = 0; i < hc_driver_num_msgs(drv); i++) {
    const hc_msg *m = hc_driver_msg(drv, i);
    ej_m[m->phys_dest]++;
    ej_f[m->phys_dest] += m->len;
    link_f += (uint64_t)m->len * (unsigned)__builtin_popcount(m->src ^ m->phys_dest);
  }
  for (unsigned x = 0; x < n; x++) {
    for (unsigned i = 0; i < c->d; i++) link_c += hc_driver_counter(drv, x, i, HC_CNT_FLITS);
    const uint32_t cm = hc_driver_counter(drv, x, c->d, HC_CNT_MESSAGES);
    const uint32_t cf = hc_driver_counter(drv, x, c->d, HC_CNT_FLITS);
    if (cm != ej_m[x] || cf != ej_f[x]) {
      hc_test_fail(t, __FILE__, __LINE__, "node %u ejected %u messages, %u flits; delivered %llu, %llu", x, cm,
                   cf, (unsigned long long)ej_m[x], (unsigned long long)ej_f[x]);
      break;
    }
  }
  free(ej_m);
  free(ej_f);
  if (t->failed) return;
  HC_CHECK(t, link_c == link_f, "links carried %llu flits, shortest paths need %llu",
           (unsigned long long)link_c, (unsigned long long)link_f);
}

/* Saturate the network of c for cycles with the mixed traffic, drain, check. */
static void saturate(hc_test_ctx *t, const hc_cfg *c, unsigned cycles) {
  hc_driver *drv = hc_test_driver(t, c);
  if (!drv) return;
  const unsigned n = 1u << c->d, len = 20;
  /* offered 1 flit/cycle/node with lengths uniform in 1..len: far past saturation */
  const uint64_t thresh = (uint64_t)(2.0 / (len + 1) * 18446744073709551615.0);
  uint64_t sent_flits = 0;
  for (unsigned cy = 0; cy < cycles; cy++) {
    for (unsigned x = 0; x < n; x++) {
      if (hc_test_rand(t) >= thresh) continue;
      const unsigned y = mixed_dest(t, c->d, x), l = 1 + hc_test_randn(t, len);
      if (y == x) continue; /* a permutation's fixed point sends nothing */
      HC_CHECK(t, hc_driver_send(drv, x, y, l, 0) >= 0, "send");
      sent_flits += l;
    }
    if (hc_driver_step(drv) != HC_OK) break; /* reported by the drain check */
  }
  /* Wormhole moves at least one flit every other cycle somewhere while the
  ** network is not stuck (one-flit buffers run links at half rate): twice
  ** the flits sent bounds the drain, a deadlock runs past it. */
  if (!hc_test_drain_and_check(t, drv, 2 * sent_flits + 10000)) return;
  check_counts(t, drv, c);
  if (t->failed) return;
  hc_log(t, "%s d=%u B=%u: %llu messages, %llu flits, all delivered intact by cycle %llu",
         hc_routing_name(c->routing), c->d, c->buf_depth, (unsigned long long)hc_driver_stats(drv)->injected,
         (unsigned long long)hc_driver_stats(drv)->flits_delivered, (unsigned long long)hc_driver_cycle(drv));
  hc_test_close_driver(t);
}

static void run_routing(hc_test_ctx *t, unsigned r) {
  hc_cfg c = t->cfg;
  c.routing = r;
  if (t->sim != HC_SIM_MODEL) { /* the RTL has e-cube only */
    hc_backend *be = NULL;
    int rc = hc_backend_open(t->sim, &c, NULL, &be);
    if (rc == HC_OK) hc_backend_close(be);
    HC_CHECK(t, rc == HC_EROUTE, "the %s backend opened with routing %s: %s", hc_sim_name(t->sim),
             hc_routing_name(r), hc_strerror(rc));
    hc_log(t, "the %s backend refuses routing %s", hc_sim_name(t->sim), hc_routing_name(r));
    return;
  }
  if (c.d < 4 || c.d > 6) {
    hc_log(t, "d=%u: run on the 4- to 6-cubes only", c.d);
    return;
  }
  const unsigned cycles = c.d == 4 ? 1200 : c.d == 5 ? 700 : 400;
  saturate(t, &c, cycles);
  if (t->failed || c.buf_depth == 1) return;
  c.buf_depth = 1; /* the paper's one-flit buffers */
  saturate(t, &c, cycles);
}

HC_TEST(routing_pcube_saturated) { run_routing(t, HC_ROUTE_PCUBE); }
HC_TEST(routing_chiu_saturated) { run_routing(t, HC_ROUTE_CHIU); }
HC_TEST(routing_min_saturated) { run_routing(t, HC_ROUTE_MIN); }
HC_TEST(routing_mixab3_saturated) { run_routing(t, HC_ROUTE_MIXAB3); }
HC_TEST(routing_mixbb3_saturated) { run_routing(t, HC_ROUTE_MIXBB3); }
