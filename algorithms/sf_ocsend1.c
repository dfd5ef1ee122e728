/*
** O.C. SEND 1 of Stout & Wagar (shared/seeds/000 §3) as a store-and-forward
** schedule: the whole message walks from SRC to DST one dimension per stage,
** n = |SRC ^ DST| stages (n = d for the opposite corner, DST's default; any
** other DST is the o.c. send in the subcube SRC and DST span, with the
** differing dimensions taken in increasing order). Stage k: node SRC ^
** (the first k differing dimensions) sends all m words over the next one.
** Layout of sf_ocsend.h (mem = m, relays are scratch). Time n(tau m + beta).
*/
#include "sf_ocsend.h"

static uint32_t unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

static int check(hc_sf_params *p, char *why, size_t n) {
  int rc = hc_oc_check_ends(p, 0xFFFFFFFFu, 1, "O.C. SEND 1", why, n);
  return rc ? rc : hc_oc_check_m(p, 1, 0, 1, why, n);
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  int rc = hc_oc_case(p->d, p->m, p->src, p->dst, out);
  unsigned dims[32];
  const unsigned n = hc_oc_dims(p->src ^ p->dst, dims);
  uint32_t x = p->src;
  for (unsigned k = 0; k < n && !rc; k++) {
    if (!(rc = hc_sched_begin(out->sched, x, dims[k])) && !(rc = hc_sched_gather(out->sched, 0, p->m)) &&
        !(rc = hc_sched_scatter(out->sched, 0, p->m)))
      rc = hc_sched_end(out->sched);
    x ^= 1u << dims[k];
  }
  if (rc) hc_sched_case_free(out);
  return rc;
}

static uint64_t formula(const hc_sf_params *p) { return (uint64_t)hc_oc_dist(p) * ((uint64_t)p->m + p->beta); }

const hc_sf_algo hc_sf_algo_ocsend1 = {
    .name = "ocsend1",
    .source = "000 (Stout & Wagar) §3, O.C. SEND 1",
    .param = "M",
    .takes = HC_SF_TAKES_SRC | HC_SF_TAKES_DST,
    .formula_text = "n*(m + beta), n = |SRC^DST| (d for the default DST = SRC^(2^d-1))",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = hc_oc_lower,
};
