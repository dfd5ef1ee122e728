/*
** BROADCAST 1 of Stout & Wagar (shared/seeds/000 §2), recursive doubling,
** as a store-and-forward schedule. In stage k = 0..d-1 the nodes
** 0..2^k-1 (XOR the root) send the whole message of m words over
** dimension k, one packet each; a node sends in stage k only what it
** received in an earlier stage, so the time is the paper's d(tau m + beta).
** Every node holds the message at the root's addresses 0..m-1 (memory m
** words, no scratch: each node receives the message once).
*/
#include <string.h>

#include "hc_sf_algo.h"

static uint32_t unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

static int check(hc_sf_params *p, char *why, size_t n) { return hc_sf_check_basic(p, 1, "M", why, n); }

static int emit(const hc_sf_params *p, hc_sched_case *out) {
  int rc = hc_sched_new(p->d, p->m, &out->sched);
  if (!rc) rc = hc_sched_case_alloc(out);
  if (!rc) rc = hc_sched_case_own(out, p->src, 0, p->m);
  if (rc) return rc;
  /* What a broadcast means: every node ends with the root's m words. */
  for (uint32_t x = 0; x < (1u << p->d); x++)
    for (uint32_t a = 0; a < p->m; a++) out->expect[(size_t)x * p->m + a] = hc_sched_tag(p->src, a);
  for (unsigned k = 0; k < p->d; k++)
    for (uint32_t j = 0; j < (1u << k); j++)
      if ((rc = hc_sched_begin(out->sched, j ^ p->src, k)) || (rc = hc_sched_gather(out->sched, 0, p->m)) ||
          (rc = hc_sched_scatter(out->sched, 0, p->m)) || (rc = hc_sched_end(out->sched)))
        return rc;
  return HC_OK;
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  if (p->d < 1 || p->d > HC_SF_MAX_D || p->m == 0 || p->src >> p->d) return HC_EPARAM;
  const int rc = emit(p, out);
  if (rc) hc_sched_case_free(out);
  return rc;
}

static uint64_t formula(const hc_sf_params *p) { return (uint64_t)p->d * ((uint64_t)p->m + p->beta); }

/* 000 §9: S = the d outgoing links of the root, a = m; the farthest node is d hops away. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the d outgoing links of the root", p->d, p->m, p->d, p->beta);
}

const hc_sf_algo hc_sf_algo_broadcast1 = {
    .name = "broadcast1",
    .source = "000 (Stout & Wagar) §2, BROADCAST 1",
    .param = "M",
    .takes = HC_SF_TAKES_SRC,
    .formula_text = "d*(m + beta)",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
};
