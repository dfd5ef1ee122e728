/*
** Implementation of tb/driver/hc_algo_run.h. The barrier is the one a prearranged
** hardware design would use (docs/microarchitecture.md, "Idle output and the
** step barrier"): the network's registered idle output, read by every node
** after it has offered its last flit of a step; the 2-cycle wait after the
** last offer covers the cycle the registered output still shows the past.
*/
#include "hc_algo_run.h"

#include <stdlib.h>
#include <string.h>

/* All nodes have offered everything queued. */
static int all_offered(const hc_driver *drv, unsigned n) {
  for (unsigned x = 0; x < n; x++)
    if (hc_driver_queued(drv, x)) return 0;
  return 1;
}

int hc_algo_barrier(hc_driver *drv, unsigned n, uint64_t *last_offer, uint64_t limit) {
  for (;;) {
    uint64_t now = hc_driver_cycle(drv);
    if (!all_offered(drv, n)) {
      *last_offer = now; /* something is offered this cycle at the latest */
    } else if (now >= *last_offer + 2 && hc_driver_idle(drv)) {
      return HC_OK;
    }
    if (now >= limit) return HC_ETIMEOUT;
    int rc = hc_driver_step(drv);
    if (rc != HC_OK) return rc;
  }
}

/* Most messages on one channel in step s, from e-cube path walks. */
static unsigned path_contention(const hc_algo *a, unsigned d, unsigned s, unsigned *cnt) {
  const unsigned n = 1u << d;
  unsigned best = 0;
  memset(cnt, 0, (size_t)n * d * sizeof *cnt);
  for (unsigned x = 0; x < n; x++) {
    unsigned y = a->dest(d, s, x), at = x;
    while (at != y) {
      unsigned i = (unsigned)__builtin_ctz(at ^ y);
      if (++cnt[at * d + i] > best) best = cnt[at * d + i];
      at ^= 1u << i;
    }
  }
  return best;
}

static void snapshot(hc_driver *drv, unsigned n, unsigned d, uint32_t *out) {
  for (unsigned x = 0; x < n; x++)
    for (unsigned i = 0; i < d; i++) out[x * d + i] = hc_driver_counter(drv, x, i, HC_CNT_MESSAGES);
}

/* The whole run's blocking, from the hardware counters: link cycles with a
** head waiting, the most heads waiting for one link, the ejection ports'. */
static void count_blocking(hc_driver *drv, unsigned d, hc_algo_result *r) {
  for (unsigned x = 0; x < (1u << d); x++) {
    for (unsigned i = 0; i <= d; i++) {
      uint32_t b = hc_driver_counter(drv, x, i, HC_CNT_BLOCKED);
      uint32_t w = hc_driver_counter(drv, x, i, HC_CNT_MAX_WAITING);
      if (i == d) {
        r->eject_blocked_cycles += b;
      } else {
        r->blocked_cycles += b;
        if (w > r->max_waiting) r->max_waiting = w;
      }
    }
  }
}

/* Every ordered pair's message delivered once and intact (pairs: n*n zeros). */
static int data_ok(hc_driver *drv, unsigned n, uint64_t first, uint8_t *pairs) {
  const hc_stats *st = hc_driver_stats(drv);
  int ok = st->delivered == st->injected && !st->duplicated && !st->corrupted &&
           st->injected - first == (uint64_t)n * (n - 1);
  for (uint64_t i = first; ok && i < hc_driver_num_msgs(drv); i++) {
    const hc_msg *m = hc_driver_msg(drv, i);
    if (!m->delivered || m->src == m->dest || pairs[(size_t)m->src * n + m->dest]++) ok = 0;
  }
  return ok;
}

/* One loop for both kinds: with the barrier (AAP) each step is run to it
** and its channel contention read off the counters; without (AAP' and the
** baselines) every step is queued at once and the run goes to the barrier
** after the last. */
int hc_algo_run(hc_driver *drv, const hc_algo *a, unsigned k, int barrier, uint64_t max_cycles,
                hc_algo_result *r) {
  const unsigned d = hc_driver_cfg(drv)->d, n = 1u << d;
  const unsigned steps = a->num_steps(d);
  memset(r, 0, sizeof *r);
  r->steps = steps;
  unsigned *pc = malloc((size_t)n * d * sizeof *pc);
  uint32_t *before = malloc((size_t)n * d * sizeof *before);
  uint32_t *after = malloc((size_t)n * d * sizeof *after);
  uint8_t *pairs = calloc((size_t)n * n, 1);
  int rc = (pc && before && after && pairs) ? HC_OK : HC_ENOMEM;
  const uint64_t t0 = hc_driver_cycle(drv), first_msg = hc_driver_num_msgs(drv);
  const uint64_t limit = t0 + max_cycles;
  uint64_t last_offer = t0;

  for (unsigned s = 0; s < steps && rc == HC_OK; s++) {
    unsigned c = path_contention(a, d, s, pc);
    if (c > r->max_contention_paths) r->max_contention_paths = c;
  }
  for (unsigned s = 0; s < steps && rc == HC_OK; s++) {
    uint64_t start = hc_driver_cycle(drv);
    if (barrier) {
      hc_driver_set_step(drv, s);
      snapshot(drv, n, d, before);
    } else if (s == 0) {
      hc_driver_set_step(drv, 0);
    }
    for (unsigned x = 0; x < n && rc == HC_OK; x++) {
      unsigned y = a->dest(d, s, x);
      if (y != x && hc_driver_send(drv, x, y, k, s) < 0) rc = HC_ENOMEM;
    }
    if (rc != HC_OK || !barrier) continue;
    rc = hc_algo_barrier(drv, n, &last_offer, limit);
    if (rc != HC_OK) break;
    snapshot(drv, n, d, after);
    for (unsigned l = 0; l < n * d; l++)
      if (after[l] - before[l] > r->max_contention) r->max_contention = after[l] - before[l];
    if (hc_driver_cycle(drv) - start > r->max_step_cycles) r->max_step_cycles = hc_driver_cycle(drv) - start;
  }
  if (rc == HC_OK && !barrier) rc = hc_algo_barrier(drv, n, &last_offer, limit);
  r->cycles = hc_driver_cycle(drv) - t0;
  for (uint64_t i = first_msg; i < hc_driver_num_msgs(drv); i++) {
    const hc_msg *m = hc_driver_msg(drv, i);
    if (m->delivered && m->t_deliver + 1 - t0 > r->delivered) r->delivered = m->t_deliver + 1 - t0;
  }
  if (rc == HC_OK) {
    count_blocking(drv, d, r);
    r->data_ok = data_ok(drv, n, first_msg, pairs);
  }
  free(pc);
  free(before);
  free(after);
  free(pairs);
  return rc;
}
