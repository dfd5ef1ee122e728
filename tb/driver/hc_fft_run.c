/*
** Implementation of tb/driver/hc_fft_run.h. Each step: compute the LCC the
** network carries under the mapping (Theorem 2: Q A Q^-1, Q b) and its
** contention by Theorem 1 and by path walk, read the counters, queue one
** message per moving node, run to the idle barrier, read the counters again,
** and check every message of the step against the LCC.
*/
#include "hc_fft_run.h"

#include <stdlib.h>
#include <string.h>

#include "hc_algo_run.h"

/* Sum of the blocked counters and, into cnt, every link's message counter. */
static uint64_t read_links(hc_driver *drv, unsigned d, uint32_t *cnt) {
  uint64_t blocked = 0;
  for (unsigned x = 0; x < (1u << d); x++)
    for (unsigned i = 0; i < d; i++) {
      cnt[x * d + i] = hc_driver_counter(drv, x, i, HC_CNT_MESSAGES);
      blocked += hc_driver_counter(drv, x, i, HC_CNT_BLOCKED);
    }
  return blocked;
}

/* The destination of virtual node x in an LCP step. */
static uint32_t lcp_dest(const hc_lcc *l, uint32_t x) {
  uint32_t y;
  uint64_t n;
  int rc = hc_lcc_dests(l, x, &y, 1, &n);
  (void)rc;
  return y;
}

/* Contention of the LCC the network carries: Theorem 1 and path walk. */
static int step_contention(const hc_lcc *phys, hc_fft_step_result *sr) {
  uint64_t T[HC_LCC_MAX_N];
  if (hc_lcc_contention(phys, T) != HC_OK) return HC_EPARAM;
  sr->t_theorem = hc_lcc_max(T, phys->n);
  int rc = hc_lcc_path_count(phys, T);
  if (rc != HC_OK) return rc == HC_ENOMEM ? HC_ENOMEM : HC_EPARAM;
  sr->t_paths = hc_lcc_max(T, phys->n);
  return HC_OK;
}

/* Queue step s's messages: x (on Q x) to its virtual destination. */
static int send_step(hc_driver *drv, const hc_lcc *l, const int *order, unsigned k, unsigned s,
                     hc_fft_step_result *sr) {
  const unsigned d = (unsigned)l->n;
  for (uint32_t x = 0; x < (1u << d); x++) {
    uint32_t y = lcp_dest(l, x);
    if (y == x) continue;
    unsigned h = (unsigned)__builtin_popcount(x ^ y);
    if (h > sr->hops) sr->hops = h;
    uint32_t px = order ? hc_lcc_map_node(order, (int)d, x) : x;
    if (hc_driver_send(drv, px, y, k, s) < 0) return HC_ENOMEM;
    sr->messages++;
  }
  return HC_OK;
}

/* Messages [first, end) of step s: delivered, from Q x to Q(A x + b). */
static int step_data_ok(hc_driver *drv, const hc_lcc *l, const int *order, uint64_t first, uint64_t end,
                        uint64_t start, hc_fft_step_result *sr) {
  const int d = l->n;
  for (uint64_t i = first; i < end; i++) {
    const hc_msg *m = hc_driver_msg(drv, i);
    uint32_t x = order ? hc_lcc_unmap_node(order, d, m->src) : m->src;
    uint32_t y = lcp_dest(l, x);
    uint32_t py = order ? hc_lcc_map_node(order, d, y) : y;
    if (!m->delivered || m->dest != y || m->phys_dest != py) return 0;
    if (m->t_deliver - start > sr->latency) sr->latency = m->t_deliver - start;
  }
  return 1;
}

int hc_fft_run(hc_driver *drv, const hc_fft_algo *a, const int *order, unsigned k, uint64_t max_cycles,
               hc_fft_result *r) {
  const unsigned d = hc_driver_cfg(drv)->d, n = 1u << d;
  memset(r, 0, sizeof *r);
  r->d = d;
  r->steps = a->num_steps(d);
  if (r->steps == 0 || r->steps > HC_FFT_MAX_STEPS || d > HC_FFT_RUN_MAX_D || k == 0) return HC_EPARAM;
  for (unsigned i = 0; i < d; i++) r->order[i] = order ? order[i] : (int)i;
  if (order) {
    uint8_t perm[HC_MODEL_MAX_D];
    for (unsigned i = 0; i < d; i++) perm[i] = (uint8_t)order[i];
    if (hc_driver_set_remap(drv, perm) != HC_OK) return HC_EPARAM;
    r->mapped = 1;
  }
  uint32_t *before = malloc((size_t)n * d * sizeof *before), *after = malloc((size_t)n * d * sizeof *after);
  int rc = before && after ? HC_OK : HC_ENOMEM;
  uint64_t last_offer = 0;
  r->data_ok = 1;
  for (unsigned s = 0; s < r->steps && rc == HC_OK; s++) {
    hc_fft_step st;
    hc_fft_step_result *sr = &r->step[s];
    hc_lcc phys;
    rc = a->step(d, s, &st);
    if (rc == HC_OK) rc = order ? hc_lcc_reorder(&st.lcc, order, &phys) : HC_OK;
    if (rc != HC_OK) break;
    if (!order) phys = st.lcc;
    sr->role = st.role;
    memcpy(sr->label, st.label, sizeof sr->label);
    if ((rc = step_contention(&phys, sr)) != HC_OK) break;
    hc_driver_set_step(drv, s);
    const uint64_t blocked0 = read_links(drv, d, before), start = hc_driver_cycle(drv);
    const uint64_t first = hc_driver_num_msgs(drv);
    if ((rc = send_step(drv, &st.lcc, order, k, s, sr)) != HC_OK) break;
    if ((rc = hc_algo_barrier(drv, n, &last_offer, max_cycles)) != HC_OK) break;
    sr->cycles = hc_driver_cycle(drv) - start;
    sr->blocked = read_links(drv, d, after) - blocked0;
    for (unsigned l = 0; l < n * d; l++)
      if (after[l] - before[l] > sr->t_hardware) sr->t_hardware = after[l] - before[l];
    if (!step_data_ok(drv, &st.lcc, order, first, hc_driver_num_msgs(drv), start, sr)) r->data_ok = 0;
  }
  r->cycles = hc_driver_cycle(drv);
  if (rc == HC_OK) rc = hc_driver_check_counters(drv);
  const hc_stats *stt = hc_driver_stats(drv);
  if (rc != HC_OK || stt->delivered != stt->injected || stt->duplicated || stt->corrupted) r->data_ok = 0;
  free(before);
  free(after);
  return rc;
}
