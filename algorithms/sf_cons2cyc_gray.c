/*
** Consecutive to cyclic storage of a linear array of N = 2^n elements on the
** 2^d nodes of a d-cube, array node s on cube node G(s), the binary-reflected
** Gray code (Johnsson, 003 §3.3.2, Theorem 3.3): d exchanges, in dimensions
** 0 to d-1, of half of every node's elements, pipelined, with all ports:
** N/2^(d+1) + d - 1 routing steps, as for the binary encoding.
** The construction, the waves that pipeline it and the layout are in
** algorithms/jo_c2c.c; the paper's reading in docs/johnsson.md.
*/
#include "jo_route.h"

static uint32_t unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

static int check(hc_sf_params *p, char *why, size_t n) { return hc_jo_c2c_check(HC_JO_C2C_GRAY, p, why, n); }

static int build(const hc_sf_params *p, hc_sched_case *out) { return hc_jo_c2c_build(HC_JO_C2C_GRAY, 0, p, out); }

static uint64_t formula(const hc_sf_params *p) { return hc_jo_c2c_formula(HC_JO_C2C_GRAY, p); }

static void lower(const hc_sf_params *p, hc_sf_bound *b) { hc_jo_c2c_lower(HC_JO_C2C_GRAY, p, b); }

static uint64_t steps(const hc_sf_params *p) { return hc_jo_c2c_steps(HC_JO_C2C_GRAY, p); }

const hc_sf_algo hc_sf_algo_cons2cyc_gray = {
    .name = "cons2cyc_gray",
    .source = "003 (Johnsson) §3.3.2, Thm 3.3: consecutive to cyclic storage of N elements, Gray code encoding, all ports (d = the paper's k)",
    .param = "K",
    .takes = HC_SF_TAKES_N,
    .formula_text = "(N/2^(d+1) + d - 1)*(k + beta)",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .paper_steps = steps,
    .paper_steps_text = "N/2^(k+1) + k - 1 (k = d)",
    .paper_steps_source = "003 Thm 3.3",
};
