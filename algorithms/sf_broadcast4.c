/*
** BROADCAST 4 of Stout & Wagar (shared/seeds/000 §2), BROADCAST 3
** pipelined, as a store-and-forward schedule (the builder is
** algorithms/sf_bcast3_common.c). The message is cut into g groups of m/g
** words: groups 0..g-2 run BROADCAST 3A, group g-1 BROADCAST 3B, staggered
** one stage apart: in global stage k the nodes of C_j run stage j of group
** k-j, and 3B's second wave runs in C_j in stage g+j, the stage after C_j's
** last group, so a link carries at most one packet of m/(dg) words a stage.
** Stages 0..d+g-2: group g-2's 3A stage d and group g-1's 3B stage d-1 are
** both in stage d+g-2. Packets toward the root are not sent (the root has
** everything). Memory: m words of message, then scratch for the most
** duplicates (3B's second wave) any node receives, in packets of m/(dg).
** Time (d+g-1)(tau m/(dg) + beta); g not given is the paper's optimum
** sqrt((d-1) tau m/(d beta)) rounded to a g with dg dividing m.
*/
#include <math.h>

#include "sf_bcast3.h"

static uint32_t unit(const hc_sf_params *p) { return sf_bc3_unit_g(p); }

static double gopt(const hc_sf_params *p) { return sqrt((double)(p->d - 1) * p->m / ((double)p->d * p->beta)); }

static int check(hc_sf_params *p, char *why, size_t n) { return sf_bc3_check_g(p, gopt, why, n); }

static int build(const hc_sf_params *p, hc_sched_case *out) {
  const sf_bc3_plan pl = {.d = p->d,
                          .m = p->m,
                          .g = p->g,
                          .src = p->src,
                          .last_3b = 1,
                          .to_root = 0,
                          .stages = p->d + p->g - 1,
                          .dst = HC_SF_UNSET};
  return sf_bc3_build(&pl, out);
}

static uint64_t formula(const hc_sf_params *p) {
  return ((uint64_t)p->d + p->g - 1) * ((uint64_t)p->m / ((uint64_t)p->d * p->g) + p->beta);
}

/* The paper's boxed optimum at the real g (tau = 1). */
static double boxed(const hc_sf_params *p) {
  const double d = p->d, m = p->m, b = p->beta;
  if (p->d == 1) return m + b;
  return m / d + 2.0 * sqrt((d - 1) * b * m / d) + (d - 1) * b;
}

/* 000 §9: S = the d outgoing links of the root, a = m; the farthest node is d hops away. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the d outgoing links of the root", p->d, p->m, p->d, p->beta);
}

const hc_sf_algo hc_sf_algo_broadcast4 = {
    .name = "broadcast4",
    .source = "000 (Stout & Wagar) §2, BROADCAST 4",
    .param = "M",
    .takes = HC_SF_TAKES_G | HC_SF_TAKES_SRC,
    .formula_text = "(d+g-1)*(m/(d*g) + beta)",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .boxed = boxed,
};
