/*
** O.C. SEND 2 of Stout & Wagar (shared/seeds/000 §3), symmetrized O.C. SEND
** 1: the message is cut into n packets P_0..P_{n-1} of m/n words (n = |SRC ^
** DST|, d for the default opposite corner); with the differing dimensions
** s_0 < ... < s_{n-1}, P_i crosses s_i, s_{i+1}, ... (cyclically), one per
** stage: in stage k, node SRC ^ {s_i, ..., s_{i+k-1}} sends P_i over
** s_{i+k}. That is the paper's rot_i(2^k - 1) sending over (i+k) mod d,
** translated by SRC. A node other than SRC sends at most one packet (its
** set of crossed dimensions is one cyclic interval), so no link carries two
** and every stage takes tau m/n + beta: n(tau m/n + beta) = tau m + n beta.
** Layout of sf_ocsend.h.
*/
#include "sf_ocsend.h"

static uint32_t unit(const hc_sf_params *p) { return hc_oc_dist_dflt(p, 0xFFFFFFFFu); }

static int check(hc_sf_params *p, char *why, size_t n) {
  int rc = hc_oc_check_ends(p, 0xFFFFFFFFu, 1, "O.C. SEND 2", why, n);
  return rc ? rc : hc_oc_check_m(p, hc_oc_dist(p), 0, 1, why, n);
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  int rc = hc_oc_case(p->d, p->m, p->src, p->dst, out);
  unsigned s[32];
  const unsigned n = hc_oc_dims(p->src ^ p->dst, s);
  const uint32_t q = p->m / n;
  for (unsigned k = 0; k < n && !rc; k++)
    for (unsigned i = 0; i < n && !rc; i++) {
      uint32_t x = p->src;
      for (unsigned j = 0; j < k; j++) x ^= 1u << s[(i + j) % n];
      if (!(rc = hc_sched_begin(out->sched, x, s[(i + k) % n])) && !(rc = hc_sched_gather(out->sched, i * q, q)) &&
          !(rc = hc_sched_scatter(out->sched, i * q, q)))
        rc = hc_sched_end(out->sched);
    }
  if (rc) hc_sched_case_free(out);
  return rc;
}

static uint64_t formula(const hc_sf_params *p) { return (uint64_t)p->m + (uint64_t)hc_oc_dist(p) * p->beta; }

const hc_sf_algo hc_sf_algo_ocsend2 = {
    .name = "ocsend2",
    .source = "000 (Stout & Wagar) §3, O.C. SEND 2",
    .param = "M",
    .takes = HC_SF_TAKES_SRC | HC_SF_TAKES_DST,
    .formula_text = "m + n*beta, n = |SRC^DST| (d for the default DST = SRC^(2^d-1))",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = hc_oc_lower,
};
