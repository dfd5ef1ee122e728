/*
** X.O.C. SEND 1 of Stout & Wagar (shared/seeds/000 §4): the source and the
** destination hang off opposite corners of an n-subcube S and everything goes
** through S: stage -1 sends all m words into S, stages 0..n-1 are O.C. SEND 3
** in S, stage n sends them out (builder: sf_ocsend_common.c). The instance on
** the cube (the paper leaves it open): SRC and DST at distance n+2 >= 3, with
** differing dimensions e_0 < ... < e_(n+1); S is spanned by e_1..e_n between
** SRC ^ e_0 and DST ^ e_(n+1). By default DST = SRC ^ (2^d - 1): S spanned
** by dimensions 1..d-2 between SRC ^ 1 and DST ^ 2^(d-1), n = d-2, so d >= 3.
** Time 2(tau m + beta) + K_(n-1) tau m/n + n beta
** = ((2n + K_(n-1))/n) tau m + (n+2) beta; m a multiple of lcm_k C(n,k)(n-k).
*/
#include "sf_ocsend.h"

static uint32_t unit(const hc_sf_params *p) {
  const unsigned dist = hc_oc_dist_dflt(p, 0xFFFFFFFFu);
  return hc_oc_unit(dist >= 3 ? dist - 2 : 1);
}

static int check(hc_sf_params *p, char *why, size_t n) {
  if (p->d < 3 && p->d >= 1)
    return hc_sf_why(why, n, "d = %u: X.O.C. SEND 1 needs SRC and DST at distance n+2 >= 3 (a hop into an n-subcube, n >= 1, and a hop out), so d >= 3", p->d);
  int rc = hc_oc_check_ends(p, 0xFFFFFFFFu, 3, "X.O.C. SEND 1 (one hop in, an n-subcube with n >= 1, one hop out)",
                            why, n);
  return rc ? rc : hc_oc_check_m(p, hc_oc_unit(hc_oc_dist(p) - 2), 0, 1, why, n);
}

static uint64_t formula(const hc_sf_params *p) { return hc_xoc2_time(hc_oc_dist(p) - 2, p->m, 1, p->beta); }

const hc_sf_algo hc_sf_algo_xocsend1 = {
    .name = "xocsend1",
    .source = "000 (Stout & Wagar) §4, X.O.C. SEND 1",
    .param = "M",
    .takes = HC_SF_TAKES_SRC | HC_SF_TAKES_DST,
    .formula_text = "((2n + K_(n-1))/n)*m + (n+2)*beta, n = |SRC^DST| - 2 (d-2 by default)",
    .unit = unit,
    .check = check,
    .build = hc_oc_build_xoc,
    .formula = formula,
    .lower = hc_oc_lower,
};
