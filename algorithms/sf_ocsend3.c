/*
** O.C. SEND 3 of Stout & Wagar (shared/seeds/000 §3): n = |SRC ^ DST| stages
** (n = d for the default opposite corner; otherwise the subcube SRC and DST
** span). In stage k only the nodes of C_k (level k of the subcube) send:
** each holds m/C(n,k) words and deals them into n-k equal packets, one up
** each of its links to C_(k+1), so stage k's packets are m/(C(n,k)(n-k)) words
** and take tau m/(C(n-1,k) n) + beta; summed, K_(n-1) tau m/n + n beta with
** K_n = sum_k 1/C(n,k) (K_5 = 13/5; the scan's "2 2/3" is wrong). m must be
** a multiple of lcm_k C(n,k)(n-k). The builder is sf_ocsend_common.c.
*/
#include "sf_ocsend.h"

static uint32_t unit(const hc_sf_params *p) { return hc_oc_unit(hc_oc_dist_dflt(p, 0xFFFFFFFFu)); }

static int check(hc_sf_params *p, char *why, size_t n) {
  int rc = hc_oc_check_ends(p, 0xFFFFFFFFu, 1, "O.C. SEND 3", why, n);
  return rc ? rc : hc_oc_check_m(p, hc_oc_unit(hc_oc_dist(p)), 0, 1, why, n);
}

static uint64_t formula(const hc_sf_params *p) { return hc_oc4_time(hc_oc_dist(p), p->m, 1, p->beta); }

const hc_sf_algo hc_sf_algo_ocsend3 = {
    .name = "ocsend3",
    .source = "000 (Stout & Wagar) §3, O.C. SEND 3",
    .param = "M",
    .takes = HC_SF_TAKES_SRC | HC_SF_TAKES_DST,
    .formula_text = "K_(n-1)*m/n + n*beta, K_n = sum_k 1/C(n,k), n = |SRC^DST| (d by default)",
    .unit = unit,
    .check = check,
    .build = hc_oc_build_ends,
    .formula = formula,
    .lower = hc_oc_lower,
};
