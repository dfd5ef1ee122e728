/*
** BROADCAST 2 of Stout & Wagar (shared/seeds/000 §2) as a store-and-forward
** schedule. The root's m words are cut into d packets P_0..P_{d-1} of m/d
** words; P_i is broadcast by recursive doubling over the dimensions
** i, i+1, ..., i+d-1 (mod d): in stage k the nodes rot_i(0..2^k-1) (left
** rotation by i of the d-bit ids, XOR root) send P_i over dimension
** (i+k) mod d. In a stage the d packets use different dimensions, so every
** link carries at most one packet per stage; links list their packets by
** stage. The root's links each carry d packets of m/d words back to back,
** which is the paper's d(tau m/d + beta) = tau m + d beta.
*/
#include <string.h>

#include "hc_sched_algos.h"

/* Rotate the d-bit value v left by r (0 <= r < d). */
static uint32_t rotl(uint32_t v, unsigned r, unsigned d) {
  uint32_t mask = (d >= 32) ? 0xFFFFFFFFu : ((1u << d) - 1u);
  if (r == 0) return v & mask;
  return ((v << r) | (v >> (d - r))) & mask;
}

uint32_t hc_sf_broadcast2_unit(unsigned d) { return d; }

uint64_t hc_sf_broadcast2_formula(unsigned d, uint32_t m, uint32_t beta) {
  return (uint64_t)m + (uint64_t)d * beta;
}

uint64_t hc_sf_broadcast2_lower(unsigned d, uint32_t m, uint32_t beta) {
  uint64_t bw = ((uint64_t)m + d - 1) / d + beta;
  uint64_t lat = (uint64_t)d * ((uint64_t)beta + 1);
  return bw > lat ? bw : lat;
}

int hc_sf_broadcast2(unsigned d, uint32_t m, uint32_t root, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  if (d < 1 || d > HC_SF_MAX_D || m == 0 || m % d != 0 || root >= (1u << d))
    return HC_EPARAM;
  const uint32_t n = 1u << d, q = m / d;
  int rc = hc_sched_new(d, m, &out->sched);
  if (!rc) rc = hc_sched_case_alloc(out);
  if (!rc) rc = hc_sched_case_own(out, root, 0, m);
  if (rc) goto fail;
  /* What a broadcast means: every node ends with the root's m words. */
  for (uint32_t x = 0; x < n; x++)
    for (uint32_t a = 0; a < m; a++)
      out->expect[(size_t)x * m + a] = hc_sched_tag(root, a);

  for (unsigned k = 0; k < d; k++)
    for (unsigned i = 0; i < d; i++) {
      unsigned c = (i + k) % d;
      for (uint32_t j = 0; j < (1u << k); j++) {
        uint32_t x = rotl(j, i, d) ^ root;
        if ((rc = hc_sched_begin(out->sched, x, c)) ||
            (rc = hc_sched_gather(out->sched, i * q, q)) ||
            (rc = hc_sched_scatter(out->sched, i * q, q)) ||
            (rc = hc_sched_end(out->sched)))
          goto fail;
      }
    }
  return HC_OK;
fail:
  hc_sched_case_free(out);
  return rc;
}

static uint32_t unit(const hc_sf_params *p) { return hc_sf_broadcast2_unit(p->d); }

static int check(hc_sf_params *p, char *why, size_t n) { return hc_sf_check_basic(p, p->d, "M", why, n); }

static int build(const hc_sf_params *p, hc_sched_case *out) { return hc_sf_broadcast2(p->d, p->m, p->src, out); }

static uint64_t formula(const hc_sf_params *p) { return hc_sf_broadcast2_formula(p->d, p->m, p->beta); }

/* 000 §9: S = the d outgoing links of the root, a = m; the farthest node is d hops away. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the d outgoing links of the root", p->d, p->m, p->d, p->beta);
}

const hc_sf_algo hc_sf_algo_broadcast2 = {
    .name = "broadcast2",
    .source = "000 (Stout & Wagar) §2, BROADCAST 2",
    .param = "M",
    .takes = HC_SF_TAKES_SRC,
    .formula_text = "m + d*beta",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
};
