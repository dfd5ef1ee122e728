/*
** Lockstep regressions under load: uniform random traffic at light, medium
** and saturating rates and several seeds, and the permutations that hurt
** e-cube routing most (bit-reverse, transpose) plus a hot spot, all driven
** past saturation and then drained. Each run must deliver every message
** exactly once and intact, keep RTL and model equal in every cycle, and
** leave channel counters that agree with an independent count: walking
** every delivered message's e-cube path in C gives the messages and flits
** each link and ejection port must have carried.
*/
#include <stdlib.h>

#include "hc_test.h"

typedef unsigned (*dest_fn)(hc_test_ctx *t, unsigned d, unsigned x);

static unsigned uniform(hc_test_ctx *t, unsigned d, unsigned x) {
  unsigned n = 1u << d, y;
  do y = hc_test_randn(t, n); while (y == x);
  return y;
}

static unsigned bitrev(hc_test_ctx *t, unsigned d, unsigned x) {
  (void)t;
  unsigned y = 0;
  for (unsigned i = 0; i < d; i++) y |= ((x >> i) & 1u) << (d - 1 - i);
  return y;
}

/* Swap the low floor(d/2) bits with the rest: a rotation by floor(d/2). */
static unsigned transpose(hc_test_ctx *t, unsigned d, unsigned x) {
  (void)t;
  unsigned h = d / 2, n = 1u << d;
  return ((x >> h) | (x << (d - h))) & (n - 1);
}

static unsigned hotspot(hc_test_ctx *t, unsigned d, unsigned x) {
  if (x != 0 && hc_test_randn(t, 4) == 0) return 0;
  return uniform(t, d, x);
}

/* Check every counter that the traffic determines against a walk of each
** message's e-cube path: lowest differing dimension first. */
static void check_counts(hc_test_ctx *t, hc_driver *drv) {
  const hc_cfg *c = &t->cfg;
  const unsigned n = 1u << c->d, ports = c->d + 1;
  uint64_t *msgs = calloc((size_t)n * ports, sizeof *msgs);
  uint64_t *flits = calloc((size_t)n * ports, sizeof *flits);
  HC_CHECK(t, msgs && flits, "out of memory");
  for (uint64_t i = 0; i < hc_driver_num_msgs(drv); i++) {
    const hc_msg *m = hc_driver_msg(drv, i);
    unsigned x = m->src;
    while (x != m->phys_dest) {
      unsigned dim = (unsigned)__builtin_ctz(x ^ m->phys_dest);
      msgs[x * ports + dim]++;
      flits[x * ports + dim] += m->len;
      x ^= 1u << dim;
    }
    msgs[x * ports + c->d]++;
    flits[x * ports + c->d] += m->len;
  }
  for (unsigned x = 0; x < n; x++) {
    for (unsigned p = 0; p < ports; p++) {
      uint32_t cm = hc_driver_counter(drv, x, p, HC_CNT_MESSAGES);
      uint32_t cf = hc_driver_counter(drv, x, p, HC_CNT_FLITS);
      uint32_t cb = hc_driver_counter(drv, x, p, HC_CNT_BUSY);
      if (cm != msgs[x * ports + p] || cf != flits[x * ports + p] || cb < cf) {
        hc_test_fail(t, __FILE__, __LINE__,
                     "node %u port %u: counters messages %u flits %u busy %u, paths give "
                     "messages %llu flits %llu",
                     x, p, cm, cf, cb, (unsigned long long)msgs[x * ports + p],
                     (unsigned long long)flits[x * ports + p]);
        free(msgs);
        free(flits);
        return;
      }
    }
  }
  free(msgs);
  free(flits);
}

/* Offer `rate` flits/cycle/node for `cycles`, then drain: each node creates
** a message with probability rate / mean length per cycle, lengths uniform
** in 1..len. */
static void run_mapped(hc_test_ctx *t, dest_fn dest, double rate, unsigned len, unsigned cycles,
                       const uint8_t *remap) {
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv) return;
  if (remap) HC_CHECK(t, hc_driver_set_remap(drv, remap) == HC_OK, "remap refused");
  const unsigned n = 1u << t->cfg.d;
  const double mean_len = (len + 1) / 2.0;
  const double p = rate / mean_len > 1.0 ? 1.0 : rate / mean_len;
  const uint64_t thresh = (uint64_t)(p * 18446744073709551615.0);
  for (unsigned c = 0; c < cycles; c++) {
    for (unsigned x = 0; x < n; x++) {
      if (hc_test_rand(t) >= thresh) continue;
      unsigned y = dest(t, t->cfg.d, x);
      if (y == x) continue; /* a permutation's fixed point sends nothing */
      HC_CHECK(t, hc_driver_send(drv, x, y, 1 + hc_test_randn(t, len), 0) >= 0, "send");
    }
    int rc = hc_driver_step(drv);
    if (rc != HC_OK) break; /* reported by the drain check below */
  }
  const hc_stats *st = hc_driver_stats(drv);
  /* Every cycle in which anything is still queued ejects at least one flit
  ** somewhere unless the network is stuck, so all the flits sent bound the
  ** drain; a stuck network runs past it and fails. */
  uint64_t sent_flits = 0;
  for (uint64_t i = 0; i < hc_driver_num_msgs(drv); i++) sent_flits += hc_driver_msg(drv, i)->len;
  uint64_t max_drain = sent_flits + 10000;
  if (!hc_test_drain_and_check(t, drv, max_drain)) return;
  check_counts(t, drv);
  if (t->failed) return;
  hc_log(t, "rate %.2f: %llu messages, %llu flits, all delivered intact by cycle %llu",
         rate, (unsigned long long)st->injected, (unsigned long long)st->flits_delivered,
         (unsigned long long)hc_driver_cycle(drv));
}

static void run(hc_test_ctx *t, dest_fn dest, double rate, unsigned len, unsigned cycles) {
  run_mapped(t, dest, rate, len, cycles, NULL);
}

static unsigned cycles_for(const hc_cfg *c) { return c->d >= 8 ? 400 : c->d >= 5 ? 1500 : 3000; }

HC_TEST(uniform_light) { run(t, uniform, 0.02, 8, cycles_for(&t->cfg)); }
HC_TEST(uniform_medium) { run(t, uniform, 0.15, 8, cycles_for(&t->cfg)); }
HC_TEST(uniform_saturated) { run(t, uniform, 1.0, 8, cycles_for(&t->cfg)); }
HC_TEST(uniform_saturated_long_messages) { run(t, uniform, 1.0, 40, cycles_for(&t->cfg)); }
HC_TEST(uniform_single_flit) { run(t, uniform, 0.5, 1, cycles_for(&t->cfg)); }
HC_TEST(bitrev_saturated) { run(t, bitrev, 1.0, 20, cycles_for(&t->cfg)); }
HC_TEST(transpose_saturated) { run(t, transpose, 1.0, 20, cycles_for(&t->cfg)); }
/* A quarter of all traffic converges on one ejection port: keep big cubes short. */
HC_TEST(hotspot_saturated) { run(t, hotspot, 1.0, 8, t->cfg.d >= 8 ? 100 : cycles_for(&t->cfg)); }

/* The NI address map: with a random bit permutation every message must come
** out at its mapped destination, carrying the mapped destination, and the
** counters must match the paths of the mapped messages. */
HC_TEST(remap_random_permutation) {
  uint8_t perm[HC_MODEL_MAX_D];
  const unsigned d = t->cfg.d;
  for (unsigned k = 0; k < d; k++) perm[k] = (uint8_t)k;
  for (unsigned k = d; k > 1; k--) { /* Fisher-Yates */
    unsigned j = hc_test_randn(t, k);
    uint8_t tmp = perm[k - 1];
    perm[k - 1] = perm[j];
    perm[j] = tmp;
  }
  run_mapped(t, bitrev, 0.5, 12, cycles_for(&t->cfg), perm);
}

HC_TEST(remap_rejects_non_permutation) {
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv) return;
  uint8_t bad[HC_MODEL_MAX_D] = {0};
  bad[0] = (uint8_t)t->cfg.d; /* out of range */
  HC_CHECK(t, hc_driver_set_remap(drv, bad) == HC_EPARAM, "out-of-range bit index accepted");
  if (t->cfg.d >= 2) {
    for (unsigned k = 0; k < t->cfg.d; k++) bad[k] = 0; /* repeated index */
    HC_CHECK(t, hc_driver_set_remap(drv, bad) == HC_EPARAM, "repeated bit index accepted");
  }
}
