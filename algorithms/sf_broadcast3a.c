/*
** BROADCAST 3A of Stout & Wagar (shared/seeds/000 §2), the systolic wave,
** as a store-and-forward schedule (the builder is
** algorithms/sf_bcast3_common.c). The message is cut into d packets
** P_0..P_{d-1} of m/d words; in stage k = 0..d only the nodes of C_k (at
** distance k from the root) send, one packet on each of their d links:
** node n sends P_w down each 1 bit w and P_{ceil_n(z)} up each 0 bit z.
** A node of C_k gets its k packets P_w (w a 1 bit) in stage k-1 and the
** other d-k in stage k+1. The packets C_1 sends back to the root in stage 1
** carry nothing new but are kept, as the paper sends them (at d = 1 they
** are its stage 1): the root puts them in scratch. Memory: m words of
** message at the root's addresses, then m words of scratch (the root's).
** Time (d+1)(tau m/d + beta).
*/
#include "sf_bcast3.h"

static uint32_t unit(const hc_sf_params *p) { return p->d; }

static int check(hc_sf_params *p, char *why, size_t n) { return hc_sf_check_basic(p, p->d, "M", why, n); }

static int build(const hc_sf_params *p, hc_sched_case *out) {
  const sf_bc3_plan pl = {
      .d = p->d, .m = p->m, .g = 1, .src = p->src, .last_3b = 0, .to_root = 1, .stages = p->d + 1, .dst = HC_SF_UNSET};
  return sf_bc3_build(&pl, out);
}

static uint64_t formula(const hc_sf_params *p) { return (uint64_t)(p->d + 1) * (p->m / p->d + (uint64_t)p->beta); }

/* 000 §9: S = the d outgoing links of the root, a = m; the farthest node is d hops away. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the d outgoing links of the root", p->d, p->m, p->d, p->beta);
}

const hc_sf_algo hc_sf_algo_broadcast3a = {
    .name = "broadcast3a",
    .source = "000 (Stout & Wagar) §2, BROADCAST 3A",
    .param = "M",
    .takes = HC_SF_TAKES_SRC,
    .formula_text = "(d+1)*(m/d + beta)",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
};
