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

static uint32_t unit(const hc_sf_params *p) { return hc_oc4_unit(p, dflt(p->d)); }

static int check(hc_sf_params *p, char *why, size_t n) { return hc_oc4_check(p, dflt(p->d), "ARBITRARY SEND 1", why, n); }

const hc_sf_algo hc_sf_algo_arbsend1 = {
    .name = "arbsend1",
    .source = "000 (Stout & Wagar) §4, ARBITRARY SEND 1",
    .param = "M",
    .takes = HC_SF_TAKES_G | HC_SF_TAKES_SRC | HC_SF_TAKES_DST,
    .formula_text = "(g-1)*(m/(n*g) + beta) + K_(n-1)*(m/g)/n + n*beta, n = |SRC^DST| (d-1 by default)",
    .unit = unit,
    .check = check,
    .build = hc_oc_build_ends,
    .formula = hc_oc4_formula,
    .lower = hc_oc_lower,
    .boxed = hc_oc4_boxed_of,
};
