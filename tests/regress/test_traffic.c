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

/* Offer the flits f[0..len-1] at node 0 behind the driver's back, one a
** cycle as the NI takes them, so that the network carries a message the
** driver never sent: the one place a test steps the backend itself, to
** imitate a network that duplicates or corrupts. Nothing else may be in
** flight (an ejection in these cycles would bypass the scoreboard). */
static void inject_behind(hc_test_ctx *t, hc_backend *be, const uint32_t *f, unsigned len) {
  const unsigned n = 1u << t->cfg.d;
  hc_obs obs;
  uint8_t *valid = calloc(n, 1);
  uint32_t *flit = calloc(n, sizeof *flit);
  HC_CHECK(t, valid && flit && hc_obs_new(&t->cfg, &obs) == HC_OK, "out of memory");
  for (unsigned j = 0; j < len;) {
    valid[0] = (uint8_t)hc_backend_inj_ready(be, 0);
    flit[0] = f[j];
    if (valid[0]) j++;
    HC_CHECK(t, hc_backend_step(be, valid, flit, &obs) == HC_OK, "backend step failed");
    for (unsigned x = 0; x < n; x++) HC_CHECK(t, !obs.ej_valid[x], "an ejection bypassed the scoreboard");
  }
  hc_obs_free(&obs);
  free(valid);
  free(flit);
}

/* Step drv for c cycles. */
static void run_cycles(hc_driver *drv, unsigned c) {
  for (unsigned k = 0; k < c; k++)
    if (hc_driver_step(drv) != HC_OK) return;
}

/* The scoreboard's verdicts stay exact however long ago a message was
** delivered: after a few hundred messages (one-flit ones too, whose
** narrow payload repeats contents), a second copy of the very first one is
** counted duplicated, and a message nobody sent corrupted; the next real
** message is still delivered. */
HC_TEST(scoreboard_duplicate_and_corrupt) {
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv) return;
  hc_backend *be = t->owned_be[t->nowned - 1];
  const unsigned n = 1u << t->cfg.d, far = n - 1, settle = 4 * t->cfg.d + 64;
  const int64_t first = hc_driver_send(drv, 0, far, 1, 0);
  HC_CHECK(t, first >= 0, "send");
  for (unsigned k = 0; k < 300; k++) {
    HC_CHECK(t, hc_driver_send(drv, hc_test_randn(t, n), hc_test_randn(t, n), 1 + hc_test_randn(t, 3), 0) >= 0,
             "send");
    if (k % 4 == 0) run_cycles(drv, 1);
  }
  HC_CHECK(t, hc_driver_drain(drv, 100000) == HC_OK, "the messages did not drain");
  const hc_stats *st = hc_driver_stats(drv);
  HC_CHECK(t, st->delivered == 301 && st->duplicated == 0 && st->corrupted == 0, "before: delivered %llu",
           (unsigned long long)st->delivered);
  const uint32_t again = hc_driver_flit(drv, hc_driver_msg(drv, (uint64_t)first), 0);
  inject_behind(t, be, &again, 1);
  if (t->failed) return;
  run_cycles(drv, settle);
  HC_CHECK(t, st->duplicated == 1 && st->corrupted == 0 && st->delivered == 301,
           "a second copy of message 0: duplicated %llu, corrupted %llu, delivered %llu",
           (unsigned long long)st->duplicated, (unsigned long long)st->corrupted, (unsigned long long)st->delivered);
  /* the first message's head, then a tail: a two-flit message with that
  ** head was never sent to that node */
  const uint32_t fake[2] = {hc_flit(t->cfg.w, HC_KIND_HEAD, again & ((1u << t->cfg.w) - 1u)),
                            hc_flit(t->cfg.w, HC_KIND_TAIL, 0)};
  inject_behind(t, be, fake, 2);
  if (t->failed) return;
  run_cycles(drv, settle);
  HC_CHECK(t, st->duplicated == 1 && st->corrupted == 1, "a message nobody sent: duplicated %llu, corrupted %llu",
           (unsigned long long)st->duplicated, (unsigned long long)st->corrupted);
  HC_CHECK(t, hc_driver_send(drv, 0, far, 1, 0) >= 0, "send");
  HC_CHECK(t, hc_driver_drain(drv, 10000) == HC_OK && st->delivered == 302, "the next message was not delivered");
}

/* The scoreboard's work per delivery does not grow with the run: a long
** stream of one-flit messages from node 0 to the far corner, whose narrow
** heads repeat the same few contents over and over, is compared with no
** more messages than can be in flight at once (the NI's queue and one
** buffer of every router on the path, and one delivered message of that
** content), after 500 messages as after 8000. */
HC_TEST(scoreboard_work_bounded) {
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv) return;
  const hc_cfg *c = &t->cfg;
  const unsigned far = (1u << c->d) - 1;
  const uint64_t bound = c->inj_depth + (uint64_t)(c->d + 1) * c->buf_depth + 1;
  const hc_stats *st = hc_driver_stats(drv);
  for (unsigned k = 1; k <= 8000; k++) {
    HC_CHECK(t, hc_driver_send(drv, 0, far, 1, 0) >= 0, "send");
    if (k == 500 || k == 8000) {
      HC_CHECK(t, hc_driver_drain(drv, 100000) == HC_OK, "the stream did not drain");
      HC_CHECK(t, st->delivered == k && st->duplicated == 0 && st->corrupted == 0, "delivered %llu of %u",
               (unsigned long long)st->delivered, k);
      HC_CHECK(t, st->compared_max <= bound, "after %u messages one delivery was compared with %llu sent ones "
               "(at most %llu can be in flight)", k, (unsigned long long)st->compared_max, (unsigned long long)bound);
    }
  }
  hc_log(t, "8000 messages, at most %llu compared a delivery (bound %llu)", (unsigned long long)st->compared_max,
         (unsigned long long)bound);
}

/* Offer f[0..len-1] at node 0 behind the driver's back while the driver
** steps (its queue at node 0 empty), so that the ejections go through its
** scoreboard however short the path: a network that duplicates or alters
** a message. */
static void offer_behind(hc_driver *drv, hc_backend *be, const uint32_t *f, unsigned len) {
  for (unsigned j = 0; j < len;) {
    if (hc_backend_inj_ready(be, 0)) hc_backend_offer(be, 0, f[j++]);
    if (hc_driver_step(drv) != HC_OK) return;
  }
}

/* What the delivery callback of send_words_carried saw: each delivered
** message's ejected payloads after the head, by message index. */
typedef struct words_seen {
  uint32_t got[4][8];
  unsigned len[4];
  unsigned calls;
} words_seen;

static void words_deliver(void *ctx, hc_driver *drv, const hc_msg *m) {
  words_seen *s = ctx;
  unsigned len;
  const uint32_t *f = hc_driver_rx(drv, m->phys_dest, &len);
  s->calls++;
  if (m->seq >= 4 || len > 9) return;
  s->len[m->seq] = len - 1;
  for (unsigned j = 1; j < len; j++) s->got[m->seq][j - 1] = hc_flit_payload(hc_driver_cfg(drv)->w, f[j]);
}

/* hc_driver_send_words: the flits after the head carry the caller's words,
** masked to the payload width, and the scoreboard checks them. Four
** messages (two with the same words between the same nodes, one one word
** long, one with bits above the payload width) arrive with exactly the
** words given (masked by the test itself); the ejected words reach the
** delivery callback. Then copies offered behind the driver's back (its
** scoreboard sees them come out): the
** first message again is a duplicate, the same with one word changed (one
** bit) is corrupted, so a word the network altered does not pass. */
HC_TEST(send_words_carried) {
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv) return;
  hc_backend *be = t->owned_be[t->nowned - 1];
  const unsigned n = 1u << t->cfg.d, far = n - 1, w = t->cfg.w, settle = 4 * t->cfg.d + 64;
  const uint32_t mask = w >= 32 ? 0xffffffffu : (1u << w) - 1u;
  const uint32_t a[5] = {0x1234, 0x0001, 0xbeef, 0x0000, 0x7fff};
  const uint32_t b[1] = {0x5a5a};
  const uint32_t c[3] = {0xdead0042u, 0xffffffffu, 0x00010000u};
  words_seen seen = {0};
  hc_driver_on_deliver(drv, words_deliver, &seen);
  HC_CHECK(t, hc_driver_send_words(drv, 0, far, a, 5, 0) == 0 && hc_driver_send_words(drv, 0, far, a, 5, 0) == 1 &&
               hc_driver_send_words(drv, far, 1, b, 1, 0) == 2 && hc_driver_send_words(drv, 1, 0, c, 3, 0) == 3,
           "send_words refused");
  HC_CHECK(t, hc_driver_send_words(drv, 0, 1, a, 0, 0) < 0 && hc_driver_send_words(drv, 0, n, a, 1, 0) < 0,
           "send_words took no words or a node out of range");
  HC_CHECK(t, hc_driver_drain(drv, 10000) == HC_OK, "the messages did not drain");
  const hc_stats *st = hc_driver_stats(drv);
  HC_CHECK(t, st->delivered == 4 && st->corrupted == 0 && st->duplicated == 0 && seen.calls == 4,
           "delivered %llu corrupted %llu duplicated %llu", (unsigned long long)st->delivered,
           (unsigned long long)st->corrupted, (unsigned long long)st->duplicated);
  const uint32_t *want[4] = {a, a, b, c};
  const unsigned nw[4] = {5, 5, 1, 3};
  for (unsigned i = 0; i < 4; i++) {
    HC_CHECK(t, seen.len[i] == nw[i], "message %u came out with %u words, not %u", i, seen.len[i], nw[i]);
    for (unsigned j = 0; j < nw[i]; j++)
      HC_CHECK(t, seen.got[i][j] == (want[i][j] & mask), "message %u word %u: 0x%x, sent 0x%x", i, j,
               seen.got[i][j], want[i][j] & mask);
  }
  uint32_t f[6];
  for (unsigned j = 0; j < 6; j++) f[j] = hc_driver_flit(drv, hc_driver_msg(drv, 0), j);
  HC_CHECK(t, hc_driver_queued(drv, 0) == 0, "node 0 still has messages queued");
  offer_behind(drv, be, f, 6);
  run_cycles(drv, settle);
  HC_CHECK(t, st->duplicated == 1 && st->corrupted == 0, "an exact copy: duplicated %llu, corrupted %llu",
           (unsigned long long)st->duplicated, (unsigned long long)st->corrupted);
  f[3] ^= 1u << (w - 1); /* the third word, its top payload bit */
  offer_behind(drv, be, f, 6);
  run_cycles(drv, settle);
  HC_CHECK(t, st->duplicated == 1 && st->corrupted == 1 && st->delivered == 4,
           "a copy with one word changed: duplicated %llu, corrupted %llu, delivered %llu",
           (unsigned long long)st->duplicated, (unsigned long long)st->corrupted, (unsigned long long)st->delivered);
}
