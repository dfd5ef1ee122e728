/*
** ARBITRARY SEND 2 of Stout & Wagar (shared/seeds/000 §4) as a
** store-and-forward schedule: BROADCAST 4 (algorithms/sf_broadcast4.c, the
** builder algorithms/sf_bcast3_common.c) from SRC, deleting its last
** d-2-n stages if n < d-2, n = |SRC ^ DST| the distance to DST. A node of
** C_n has every packet of a group after that group's stage n+1 (3A: its 1
** bits from C_{n-1} in stage n-1, the rest from C_{n+1} in stage n+1), so
** for n <= d-2 the last group is done in global stage g+n and n+g+1
** stages remain; for n >= d-2 nothing is deleted, d+g-1 stages. The scan's
** case table prints "n + g - 1" for the first case; its own optimal g
** sqrt((n+1) tau m/(d beta)) and time (n+1) beta, and the agreement of the
** two cases at the shared boundary n = d-2, all say n + g + 1 (and so does
** d+g-1 minus d-2-n). Only DST's copy is checked (care 1 at DST's words
** 0..m-1 and the source's own data); the other nodes' words are scratch.
** DST not given: SRC ^ (2^(d-1) - 1), at distance d-1 (d = 1: SRC ^ 1).
*/
#include <math.h>

#include "sf_bcast3.h"

static unsigned dist(const hc_sf_params *p) { return hc_sf_popcount(p->src ^ p->dst); }

/* The paper's number of stages. */
static unsigned stages(const hc_sf_params *p) {
  const unsigned n = dist(p);
  return n + 2 <= p->d ? n + p->g + 1 : p->d + p->g - 1;
}

/* The coefficient c of the optimum: n+1 for n <= d-2, d-1 for n >= d-2. */
static unsigned coef(const hc_sf_params *p) {
  const unsigned n = dist(p);
  return n + 2 <= p->d ? n + 1 : p->d - 1;
}

static uint32_t unit(const hc_sf_params *p) { return sf_bc3_unit_g(p); }

static double gopt(const hc_sf_params *p) { return sqrt((double)coef(p) * p->m / ((double)p->d * p->beta)); }

static int check(hc_sf_params *p, char *why, size_t n) {
  if (p->g == 0) return hc_sf_why(why, n, "G = 0: the message needs at least one group (G >= 1)");
  int rc = hc_sf_check_basic(p, p->d, "M", why, n); /* d and src first: the default DST needs them */
  if (rc) return rc;
  if (p->dst == HC_SF_UNSET) p->dst = p->src ^ (p->d >= 2 ? (1u << (p->d - 1)) - 1 : 1u);
  if (p->dst >= (1u << p->d))
    return hc_sf_why(why, n, "DST = %u is not a node of the %u-cube (0..%u)", p->dst, p->d, (1u << p->d) - 1);
  if (p->dst == p->src) return hc_sf_why(why, n, "DST = SRC = %u: the send needs a distance n >= 1", p->src);
  return sf_bc3_check_g(p, gopt, why, n); /* the optimal g depends on n */
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  const sf_bc3_plan pl = {.d = p->d,
                          .m = p->m,
                          .g = p->g,
                          .src = p->src,
                          .last_3b = 1,
                          .to_root = 0,
                          .stages = stages(p),
                          .dst = p->dst};
  if (p->dst >> p->d || p->dst == p->src) return HC_EPARAM;
  return sf_bc3_build(&pl, out);
}

static uint64_t formula(const hc_sf_params *p) {
  return (uint64_t)stages(p) * ((uint64_t)p->m / ((uint64_t)p->d * p->g) + p->beta);
}

/* The paper's boxed optimum at the real g (tau = 1). */
static double boxed(const hc_sf_params *p) {
  const double d = p->d, m = p->m, b = p->beta, c = coef(p);
  if (p->d == 1) return m + b;
  return m / d + 2.0 * sqrt(c * b * m / d) + c * b;
}

/* 000 §9: S = the d outgoing links of the source, a = m; DST is n hops away. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the d outgoing links of the source", p->d, p->m, dist(p), p->beta);
}

const hc_sf_algo hc_sf_algo_arbsend2 = {
    .name = "arbsend2",
    .source = "000 (Stout & Wagar) §4, ARBITRARY SEND 2",
    .param = "M",
    .takes = HC_SF_TAKES_G | HC_SF_TAKES_SRC | HC_SF_TAKES_DST,
    .formula_text = "s*(m/(d*g) + beta), s = n+g+1 (n <= d-2) or d+g-1 (n >= d-2), n = |SRC^DST|",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .boxed = boxed,
};
