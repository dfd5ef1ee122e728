/*
** Implementation of tb/driver/hc_lcc_run.h. Virtual node x runs on physical node
** Q x (bit k of Q x is bit order[k] of x); it sends to its virtual
** destination y, and the NI map (new destination bit k = old bit order[k],
** the same Q) sends the message to Q y. So the network carries exactly the
** reordered LCC (Q A Q^-1, Q b), whose contention Theorem 1 and the path
** walk compute directly.
*/
#include "hc_lcc_run.h"

#include <string.h>

typedef struct send_ctx {
  hc_driver *drv;
  const int *order;
  int n;
  unsigned k;
  int failed;
} send_ctx;

static int send_one(void *vctx, uint32_t src, uint32_t dst) {
  send_ctx *c = vctx;
  uint32_t psrc = c->order ? hc_lcc_map_node(c->order, c->n, src) : src;
  if (hc_driver_send(c->drv, psrc, dst, c->k, 0) < 0) {
    c->failed = 1;
    return 1;
  }
  return 0;
}

int hc_lcc_run(hc_driver *drv, const hc_lcc *l, const int *order, unsigned k, uint64_t max_cycles,
               hc_lcc_result *r) {
  const hc_cfg *cfg = hc_driver_cfg(drv);
  const int n = l->n;
  memset(r, 0, sizeof *r);
  r->n = n;
  if ((unsigned)n != cfg->d || n > HC_LCC_PATH_MAX_N) return HC_EPARAM;
  if (order) {
    if (hc_lcc_reorder(l, order, &r->phys) != HC_OK) return HC_EPARAM;
    uint8_t perm[HC_MODEL_MAX_D];
    for (int i = 0; i < n; i++) perm[i] = (uint8_t)order[i];
    if (hc_driver_set_remap(drv, perm) != HC_OK) return HC_EPARAM;
  } else {
    r->phys = *l;
  }
  if (hc_lcc_theorem1(&r->phys, r->t_theorem) != HC_OK ||
      hc_lcc_contention(&r->phys, r->t_exact) != HC_OK || hc_lcc_bound(&r->phys, &r->bound) != HC_OK)
    return HC_EPARAM;
  int prc = hc_lcc_path_count(&r->phys, r->t_paths);
  if (prc == HC_ENOMEM) return HC_ENOMEM;
  if (prc != HC_OK) return HC_EPARAM;

  send_ctx c = {drv, order, n, k, 0};
  if (hc_lcc_foreach_message(l, send_one, &c) != HC_OK || c.failed) return HC_ENOMEM;
  r->messages = hc_driver_stats(drv)->injected;
  int rc = hc_driver_drain(drv, max_cycles);
  r->cycles = hc_driver_cycle(drv);
  if (rc != HC_OK) return rc;
  rc = hc_driver_check_counters(drv);
  if (rc != HC_OK) return rc;

  const unsigned nodes = 1u << n;
  for (unsigned x = 0; x < nodes; x++)
    for (int i = 0; i < n; i++) {
      uint64_t m = hc_driver_counter(drv, x, (unsigned)i, HC_CNT_MESSAGES);
      if (m > r->t_hardware[i]) r->t_hardware[i] = m;
    }
  const hc_stats *st = hc_driver_stats(drv);
  r->data_ok = st->delivered == st->injected && !st->duplicated && !st->corrupted &&
               st->injected == hc_lcc_message_count(l);
  r->agree = 1;
  for (int i = 0; i < n; i++) {
    if (r->t_exact[i] != r->t_paths[i] || r->t_paths[i] != r->t_hardware[i]) r->agree = 0;
    if (r->phys.kind != HC_LCS && r->t_theorem[i] != r->t_paths[i]) r->agree = 0;
  }
  return HC_OK;
}
