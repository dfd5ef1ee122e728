/*
** Binary encoding to Gray code of Johnsson (003 §3.1.3, Cor. 3.4's "or
** vice versa"): entry i of an array, M = N/2^d elements of K words, moves
** from node i to node G(i), correcting dimensions d-2 down to 0 as
** gray2bin does, pipelined: d - 1 routing steps at M = 1 (one port
** a node a step), d + M - 2 in general (all ports). The construction and the
** layout are in algorithms/jo_g2b.c.
*/
#include "jo_route.h"

static uint32_t unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

static int check(hc_sf_params *p, char *why, size_t n) { return hc_jo_g2b_check(p, why, n); }

static int build(const hc_sf_params *p, hc_sched_case *out) { return hc_jo_g2b_build(1, p, out); }

static uint64_t formula(const hc_sf_params *p) { return hc_jo_g2b_steps(p) * ((uint64_t)p->m + p->beta); }

static void lower(const hc_sf_params *p, hc_sf_bound *b) { hc_jo_g2b_lower(p, b); }

const hc_sf_algo hc_sf_algo_bin2gray = {
    .name = "bin2gray",
    .source = "003 (Johnsson) §3.1.3, Cors. 3.3, 3.4 (vice versa): binary encoding to Gray code, M = N/2^d "
              "elements a node, one port at M = 1, all ports pipelined (d = the paper's n)",
    .param = "K",
    .takes = HC_SF_TAKES_N,
    .formula_text = "(d + N/2^d - 2)*(k + beta)",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .paper_steps = hc_jo_g2b_steps,
    .paper_steps_text = "n + M - 2 (n = d, M = N/2^d)",
    .paper_steps_source = "003 Cor. 3.4",
};
