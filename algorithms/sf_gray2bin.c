/*
** Gray code to binary encoding of Johnsson (003 §3.1.3, Lemma 3.4 and Cors.
** 3.3, 3.4): entry i of an array, M = N/2^d elements of K words, moves from
** node G(i) to node i, correcting dimensions d-2 down to 0, pipelined over
** the edge-disjoint paths: d - 1 routing steps at M = 1 (one port a node a
** step), d + M - 2 in general (all ports). The construction and the layout
** are in algorithms/jo_g2b.c.
*/
#include "jo_route.h"

static uint32_t unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

static int check(hc_sf_params *p, char *why, size_t n) { return hc_jo_g2b_check(p, why, n); }

static int build(const hc_sf_params *p, hc_sched_case *out) { return hc_jo_g2b_build(0, p, out); }

static uint64_t formula(const hc_sf_params *p) { return hc_jo_g2b_steps(p) * ((uint64_t)p->m + p->beta); }

static void lower(const hc_sf_params *p, hc_sf_bound *b) { hc_jo_g2b_lower(p, b); }

const hc_sf_algo hc_sf_algo_gray2bin = {
    .name = "gray2bin",
    .source = "003 (Johnsson) §3.1.3, Lemma 3.4, Cors. 3.3, 3.4: Gray code to binary encoding, M = N/2^d elements "
              "a node, one port at M = 1, all ports pipelined (d = the paper's n)",
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
    .paper_steps_source = "003 Lemma 3.4, Cor. 3.4",
};
