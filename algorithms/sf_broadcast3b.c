/*
** BROADCAST 3B of Stout & Wagar (shared/seeds/000 §2) as a
** store-and-forward schedule (the builder is algorithms/sf_bcast3_common.c):
** BROADCAST 3A without its last stage d. In stage 1 the root relabels
** P_0, P_1, ..., P_{d-1} as Q_{d-1}, Q_0, ..., Q_{d-2} (so Q_x = P_{x+1 mod
** d}) and starts a second 3A wave with the Q's, one stage behind the first,
** run for d-1 stages (its stages 0..d-2, global stages 1..d-1): it brings
** each node of C_{d-1} the packet P_z of its 0 bit z as Q_{z-1}, which 3A's
** stage d would have brought. A node keeps the first copy of a packet and
** puts later ones in scratch (care 0); packets toward the root are not sent
** (the root has everything and relays nothing). Memory: m words of message,
** then scratch for the most duplicates any node receives, in packets of
** m/d. Time d(tau m/d + beta) = tau m + d beta.
*/
#include "sf_bcast3.h"

static uint32_t unit(const hc_sf_params *p) { return p->d; }

static int check(hc_sf_params *p, char *why, size_t n) { return hc_sf_check_basic(p, p->d, "M", why, n); }

static int build(const hc_sf_params *p, hc_sched_case *out) {
  const sf_bc3_plan pl = {
      .d = p->d, .m = p->m, .g = 1, .src = p->src, .last_3b = 1, .to_root = 0, .stages = p->d, .dst = HC_SF_UNSET};
  return sf_bc3_build(&pl, out);
}

static uint64_t formula(const hc_sf_params *p) { return (uint64_t)p->m + (uint64_t)p->d * p->beta; }

/* 000 §9: S = the d outgoing links of the root, a = m; the farthest node is d hops away. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the d outgoing links of the root", p->d, p->m, p->d, p->beta);
}

const hc_sf_algo hc_sf_algo_broadcast3b = {
    .name = "broadcast3b",
    .source = "000 (Stout & Wagar) §2, BROADCAST 3B",
    .param = "M",
    .takes = HC_SF_TAKES_SRC,
    .formula_text = "m + d*beta",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
};
