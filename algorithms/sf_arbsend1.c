/*
** ARBITRARY SEND 1 of Stout & Wagar (shared/seeds/000 §4): O.C. SEND 4 (the
** builder of sf_ocsend_common.c) in the n-subcube spanned by SRC and DST, n =
** |SRC ^ DST| (the paper's "node 0 to node 2^n - 1", translated by SRC with
** the differing dimensions in increasing order). Default DST = SRC ^
** (2^(d-1) - 1), distance d-1 (d >= 2; SRC ^ 1 at d = 1). Time
** (g-1)(tau m/(n g) + beta) + K_(n-1) tau (m/g)/n + n beta; without G, the
** paper's g = sqrt((K_(n-1) - 1) m/(n beta)) (1 at n = 1) rounded so that
** m is a multiple of g lcm_k C(n,k)(n-k); boxed optimum tau m/n +
** 2 sqrt((K_(n-1) - 1) beta tau m/n) + (n-1) beta (tau m + beta at n = 1).
*/
#include "sf_ocsend.h"

/* The default DST's offset from SRC. */
static uint32_t dflt(unsigned d) { return d >= 2 ? (1u << (d - 1)) - 1 : 1; }

static uint32_t unit(const hc_sf_params *p) {
  return hc_oc_unit(hc_oc_dist_dflt(p, dflt(p->d))) * (p->g == HC_SF_UNSET || p->g == 0 ? 1 : p->g);
}

static int check(hc_sf_params *p, char *why, size_t n) {
  int rc = hc_oc_check_ends(p, dflt(p->d), 1, "ARBITRARY SEND 1", why, n);
  const unsigned dist = rc ? 0 : hc_oc_dist(p);
  return rc ? rc : hc_oc_check_m(p, hc_oc_unit(dist), 1, hc_oc4_gopt(dist, p->m, p->beta), why, n);
}

static uint64_t formula(const hc_sf_params *p) { return hc_oc4_time(hc_oc_dist(p), p->m, p->g, p->beta); }

static double boxed(const hc_sf_params *p) { return hc_oc4_boxed(hc_oc_dist(p), p->m, p->beta); }

const hc_sf_algo hc_sf_algo_arbsend1 = {
    .name = "arbsend1",
    .source = "000 (Stout & Wagar) §4, ARBITRARY SEND 1",
    .param = "M",
    .takes = HC_SF_TAKES_G | HC_SF_TAKES_SRC | HC_SF_TAKES_DST,
    .formula_text = "(g-1)*(m/(n*g) + beta) + K_(n-1)*(m/g)/n + n*beta, n = |SRC^DST| (d-1 by default)",
    .unit = unit,
    .check = check,
    .build = hc_oc_build_ends,
    .formula = formula,
    .lower = hc_oc_lower,
    .boxed = boxed,
};
