/*
** DISTRIBUTE 1 of Stout & Wagar (shared/seeds/000 §5): the source sends a
** different m-word message to every other node by 2^d - 1 O.C. SEND 2's, one
** in each subcube spanned by the source and a destination, batched and
** staggered so that the ones to distance d go first (the engine and the
** layout are in algorithms/sf_sw5_common.c). Node 0's link c carries in
** stage k the pieces of the C(d-1, d-k-1) messages to distance d-k through
** c, m/(d-k) words each, C(d,k) m/d in all; every other link carries no
** more in that stage, so the time is sum_k (C(d,k) m/d + beta) =
** (2^d - 1) m/d + d beta. The pieces are whole words for every distance
** only if m is a multiple of lcm(1..d); any m >= 1 is accepted, a piece
** being ceil(m/n) words with pad (sf_sw5.h), and the time is then exactly
** sum_n C(d-1,n-1) ceil(m/n) + d beta (formula()).
*/
#include "sf_sw5.h"

static int check(hc_sf_params *p, char *why, size_t n) { return hc_sw5_check(p, 0, why, n); }

static int build(const hc_sf_params *p, hc_sched_case *out) {
  int rc = hc_sw5_case_mem(p->d, p->m, hc_sw5_distribute1_mem(p->d, p->m, 0), p->src, 0, out);
  if (!rc && (rc = hc_sw5_distribute1_build(p->d, p->m, p->src, 0, out))) hc_sched_case_free(out);
  return rc;
}

static uint64_t formula(const hc_sf_params *p) { return hc_sw5_distribute1_formula(p->d, p->m, p->beta); }

/* 000 §9: S = the d outgoing links of the source, a = (2^d - 1) m; the
** opposite corner is d hops away. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the d outgoing links of the source", p->d, (((uint64_t)1 << p->d) - 1) * p->m, p->d, p->beta);
}

const hc_sf_algo hc_sf_algo_distribute1 = {
    .name = "distribute1",
    .source = "000 (Stout & Wagar) §5, DISTRIBUTE 1",
    .param = "M",
    .takes = HC_SF_TAKES_SRC,
    .formula_text = "(2^d-1)*m/d + d*beta; with pieces rounded up: sum_n C(d-1,n-1)*ceil(m/n) + d*beta",
    .unit = hc_sw5_unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
};
