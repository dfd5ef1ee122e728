/*
** COLLECT of Stout & Wagar (shared/seeds/000 §5): every node sends its m
** words to the root, "exactly the same operation [as distributing], only
** run in reverse". The schedule is DISTRIBUTE 1's (algorithms/sf_sw5_common.c)
** with every packet reversed in direction and in time: stage s carries the
** packets of DISTRIBUTE 1's stage d-1-s the other way, gathering from the
** slots they scattered into. The reversal is valid in the self-timed model:
** a piece leaves its origin in stage 0 and then moves one hop a stage, so
** a stage-s packet gathers only own data or words of stage s-1 packets, and
** every scratch slot is still written once. Link c of the root receives in
** stage s the C(d, d-1-s) m/d words DISTRIBUTE 1's link sent in stage d-1-s,
** and by induction over the stages every packet of stage s finishes by the
** root link's sum over stages 0..s, so the time is the same,
** (2^d - 1) m/d + d beta; with pieces rounded up (any m >= 1, sf_sw5.h)
** sum_n C(d-1,n-1) ceil(m/n) + d beta, the pad landing past the root's
** blocks.
*/
#include "sf_sw5.h"

static int check(hc_sf_params *p, char *why, size_t n) { return hc_sw5_check(p, 1, why, n); }

static int build(const hc_sf_params *p, hc_sched_case *out) {
  int rc = hc_sw5_case_mem(p->d, p->m, hc_sw5_distribute1_mem(p->d, p->m, 1), p->src, 1, out);
  if (!rc && (rc = hc_sw5_distribute1_build(p->d, p->m, p->src, 1, out))) hc_sched_case_free(out);
  return rc;
}

static uint64_t formula(const hc_sf_params *p) { return hc_sw5_distribute1_formula(p->d, p->m, p->beta); }

/* 000 §9, the dual of DISTRIBUTE's cut: S = the d incoming links of the
** root, a = (2^d - 1) m; the opposite corner is d hops away. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the d incoming links of the root", p->d, (((uint64_t)1 << p->d) - 1) * p->m, p->d, p->beta);
}

const hc_sf_algo hc_sf_algo_collect = {
    .name = "collect",
    .source = "000 (Stout & Wagar) §5, COLLECT",
    .param = "M",
    .takes = HC_SF_TAKES_SRC,
    .formula_text = "(2^d-1)*m/d + d*beta; with pieces rounded up: sum_n C(d-1,n-1)*ceil(m/n) + d*beta",
    .unit = hc_sw5_unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
};
