/*
** X.O.C. SEND 2 of Stout & Wagar (shared/seeds/000 §4): X.O.C. SEND 1 (see
** sf_xocsend1.c for the instance: S spanned by the differing dimensions but
** the lowest and the highest, n = |SRC ^ DST| - 2, d-2 by default) pipelined
** in g groups of m/g words; the stage -1 hop, tau m/g + beta, is the longest
** stage and sets the pace, and every link carries the groups in order. Time
** (g-1)(tau m/g + beta) + ((2n + K_(n-1))/n) tau m/g + (n+2) beta. Without G,
** the paper's g = sqrt((n + K_(n-1)) m/(n beta)) (the scan misplaces the
** sqrt) rounded so that m is a multiple of g lcm_k C(n,k)(n-k); boxed optimum
** tau m + 2 sqrt((n + K_(n-1)) beta tau m/n) + (n+1) beta.
*/
#include "sf_ocsend.h"

static uint32_t unit(const hc_sf_params *p) {
  const unsigned dist = hc_oc_dist_dflt(p, 0xFFFFFFFFu);
  return hc_oc_unit(dist >= 3 ? dist - 2 : 1) * (p->g == HC_SF_UNSET || p->g == 0 ? 1 : p->g);
}

static int check(hc_sf_params *p, char *why, size_t n) {
  if (p->d < 3 && p->d >= 1)
    return hc_sf_why(why, n, "d = %u: X.O.C. SEND 2 needs SRC and DST at distance n+2 >= 3 (a hop into an n-subcube, n >= 1, and a hop out), so d >= 3", p->d);
  int rc = hc_oc_check_ends(p, 0xFFFFFFFFu, 3, "X.O.C. SEND 2 (one hop in, an n-subcube with n >= 1, one hop out)",
                            why, n);
  const unsigned sn = rc ? 0 : hc_oc_dist(p) - 2;
  return rc ? rc : hc_oc_check_m(p, hc_oc_unit(sn), 1, hc_xoc2_gopt(sn, p->m, p->beta), why, n);
}

static uint64_t formula(const hc_sf_params *p) { return hc_xoc2_time(hc_oc_dist(p) - 2, p->m, p->g, p->beta); }

static double boxed(const hc_sf_params *p) { return hc_xoc2_boxed(hc_oc_dist(p) - 2, p->m, p->beta); }

const hc_sf_algo hc_sf_algo_xocsend2 = {
    .name = "xocsend2",
    .source = "000 (Stout & Wagar) §4, X.O.C. SEND 2",
    .param = "M",
    .takes = HC_SF_TAKES_G | HC_SF_TAKES_SRC | HC_SF_TAKES_DST,
    .formula_text = "(g-1)*(m/g + beta) + ((2n + K_(n-1))/n)*(m/g) + (n+2)*beta, n = |SRC^DST| - 2 (d-2 by default)",
    .unit = unit,
    .check = check,
    .build = hc_oc_build_xoc,
    .formula = formula,
    .lower = hc_oc_lower,
    .boxed = boxed,
};
