/*
** Johnsson (shared/seeds/003) §3.4.1, Algorithm SBT: a broadcast of one
** element (K words) from the root SRC over the spanning binomial tree. For
** k = 0..d-1, in routing step k + 1, every node (0..0 i_{k-1}..i_0) (XOR
** SRC) sends to (0..01 i_{k-1}..i_0) (the scan drops the 1 of the
** receiver): recursive doubling over dimension k, d steps, and in the
** paper's steps a node sends on one link per step. The hardware cannot
** hold a packet back once its data and link are ready, and a node's sends
** over different links wait for nothing after it has the element, so it
** runs the same tree with all ports: a node sends to all its children at
** once and node y receives in step |y ^ SRC| (the tests check this). The
** count is the paper's d either way: the node opposite the root is d hops
** away. The tree is that of 000's BROADCAST 1; this record counts it in
** 003's steps of K + beta cycles. Memory: slot 0 (K words), the root's own
** data and every other node's copy.
*/
#include <string.h>

#include "sf_jo_tree.h"

static uint32_t unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

static int check(hc_sf_params *p, char *why, size_t n) { return hc_sf_check_basic(p, 1, "K", why, n); }

static int build(const hc_sf_params *p, hc_sched_case *out) {
  hc_jot_list l;
  memset(out, 0, sizeof *out);
  int rc = hc_jot_init(&l, p->d, 1);
  for (unsigned k = 0; !rc && k < p->d; k++)
    for (uint32_t j = 0; !rc && j < (1u << k); j++) rc = hc_jot_add(&l, k + 1, j ^ p->src, k, 0, 0);
  if (!rc) rc = hc_jot_case_new(out, p->d, 1, p->m);
  if (!rc) rc = hc_jot_own(out, p->src, 0, p->m);
  for (uint32_t y = 0; !rc && y < (1u << p->d); y++) hc_jot_expect(out, y, 0, p->src, 0, p->m);
  if (!rc) rc = hc_jot_emit(&l, out->sched, p->m);
  hc_jot_free(&l);
  if (rc) hc_sched_case_free(out);
  return rc;
}

static uint64_t steps(const hc_sf_params *p) { return p->d; }

static uint64_t formula(const hc_sf_params *p) { return hc_jot_cycles(p, steps(p)); }

static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the d outgoing links of the root", p->d, p->m, p->d, p->beta);
}

const hc_sf_algo hc_sf_algo_sbt = {
    .name = "sbt",
    .source = "003 (Johnsson) §3.4.1, Algorithm SBT: spanning binomial tree broadcast (runs with all ports)",
    .param = "K",
    .takes = HC_SF_TAKES_SRC,
    .formula_text = "d*(k + beta)",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .paper_steps = steps,
    .paper_steps_text = "n",
    .paper_steps_source = "003 §3.4.1, Algorithm SBT",
};
