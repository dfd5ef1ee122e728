/*
** O.C. SEND 4 of Stout & Wagar (shared/seeds/000 §3): O.C. SEND 3 pipelined,
** the message cut into g groups of m/g words, each an O.C. SEND 3, every link
** carrying the groups in order. The paper staggers the groups one stage
** apart and argues the first stage (tau m/(n g) + beta, the longest) sets the
** pace: group i's stage k runs at i (m/(ng) + beta) + sum_{j<k} (stage j), the
** link having finished group i-1's stage k by then because no stage is
** longer than the first. The self-timed links do exactly that (the tests
** check every packet's start), so the time is the paper's
** (g-1)(tau m/(n g) + beta) + K_(n-1) tau (m/g)/n + n beta (the scan's
** "K_(d-1) tau m/d * m/g" is K_(d-1) tau (m/g)/d). Without G, g is the
** paper's optimum sqrt((K_(n-1) - 1) m/(n beta)) (1 for n = 1) rounded to a g
** with m a multiple of g lcm_k C(n,k)(n-k). n = |SRC ^ DST|, d by default.
*/
#include "sf_ocsend.h"

static uint32_t unit(const hc_sf_params *p) { return hc_oc4_unit(p, 0xFFFFFFFFu); }

static int check(hc_sf_params *p, char *why, size_t n) { return hc_oc4_check(p, 0xFFFFFFFFu, "O.C. SEND 4", why, n); }

const hc_sf_algo hc_sf_algo_ocsend4 = {
    .name = "ocsend4",
    .source = "000 (Stout & Wagar) §3, O.C. SEND 4",
    .param = "M",
    .takes = HC_SF_TAKES_G | HC_SF_TAKES_SRC | HC_SF_TAKES_DST,
    .formula_text = "(g-1)*(m/(n*g) + beta) + K_(n-1)*(m/g)/n + n*beta, n = |SRC^DST| (d by default)",
    .unit = unit,
    .check = check,
    .build = hc_oc_build_ends,
    .formula = hc_oc4_formula,
    .lower = hc_oc_lower,
    .boxed = hc_oc4_boxed_of,
};
