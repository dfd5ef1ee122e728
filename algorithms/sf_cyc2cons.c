/*
** Cyclic to consecutive storage of a linear array of N = 2^n elements on the
** 2^d nodes of a d-cube, binary encoding (Johnsson, 003 §3.3.2, Theorem
** 3.1's "or vice versa": the recursion in reverse order): cons2cyc's routes
** backwards, dimensions d-1 down to 0, pipelined, with all ports:
** N/2^(d+1) + d - 1 routing steps.
** The construction, the waves that pipeline it and the layout are in
** algorithms/jo_c2c.c; the paper's reading in docs/johnsson.md.
*/
#include "jo_route.h"

static uint32_t unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

static int check(hc_sf_params *p, char *why, size_t n) { return hc_jo_c2c_check(HC_JO_C2C_BIN, p, why, n); }

static int build(const hc_sf_params *p, hc_sched_case *out) { return hc_jo_c2c_build(HC_JO_C2C_BIN, 1, p, out); }

static uint64_t formula(const hc_sf_params *p) { return hc_jo_c2c_formula(HC_JO_C2C_BIN, p); }

static void lower(const hc_sf_params *p, hc_sf_bound *b) { hc_jo_c2c_lower(HC_JO_C2C_BIN, p, b); }

static uint64_t steps(const hc_sf_params *p) { return hc_jo_c2c_steps(HC_JO_C2C_BIN, p); }

const hc_sf_algo hc_sf_algo_cyc2cons = {
    .name = "cyc2cons",
    .source = "003 (Johnsson) §3.3.2, Thm 3.1 (vice versa): cyclic to consecutive storage of N elements, binary encoding, all ports (d = the paper's k)",
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
    .paper_steps_source = "003 Thm 3.1",
};
