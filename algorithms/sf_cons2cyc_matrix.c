/*
** Consecutive to cyclic storage of an N x N matrix, N = 2^n, on the 2^k x 2^k
** array of the 2k-cube (d = 2k), binary encoding of rows and columns
** (Johnsson, 003 §3.3.2, Theorem 3.2): the exchanges of the linear array on
** the column bits, then on the row bits, 2^(2(n-k)-1) elements a link each,
** pipelined, with all ports: 2^(2(n-k)-1) + 2k - 1 routing steps.
** The construction, the waves that pipeline it and the layout are in
** algorithms/jo_c2c.c; the paper's reading in docs/johnsson.md.
*/
#include "jo_route.h"

static uint32_t unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

static int check(hc_sf_params *p, char *why, size_t n) { return hc_jo_c2c_check(HC_JO_C2C_MATRIX, p, why, n); }

static int build(const hc_sf_params *p, hc_sched_case *out) { return hc_jo_c2c_build(HC_JO_C2C_MATRIX, 0, p, out); }

static uint64_t formula(const hc_sf_params *p) { return hc_jo_c2c_formula(HC_JO_C2C_MATRIX, p); }

static void lower(const hc_sf_params *p, hc_sf_bound *b) { hc_jo_c2c_lower(HC_JO_C2C_MATRIX, p, b); }

static uint64_t steps(const hc_sf_params *p) { return hc_jo_c2c_steps(HC_JO_C2C_MATRIX, p); }

const hc_sf_algo hc_sf_algo_cons2cyc_matrix = {
    .name = "cons2cyc_matrix",
    .source = "003 (Johnsson) §3.3.2, Thm 3.2: consecutive to cyclic storage of an N x N matrix on the 2^k x 2^k array, d = 2k, binary encoding, all ports",
    .param = "K",
    .takes = HC_SF_TAKES_N,
    .formula_text = "(N^2/2^(d+1) + d - 1)*(k + beta)",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .paper_steps = steps,
    .paper_steps_text = "2^(2(n-k)-1) + 2k - 1 (N = 2^n, d = 2k)",
    .paper_steps_source = "003 Thm 3.2",
};
