/*
** Johnsson (shared/seeds/003) §3.4.2.2, Theorem 3.7: a broadcast down the
** complete binary tree of 2^n - 1 nodes embedded with dilation 1 in the
** (n+1)-cube (d = n + 1) by the paper's edge labelling (algorithms/
** jo_tree.c). The root (cube node 0) holds one element of K words; every
** tree node at level l (the root at level 1) forwards it to its two
** children in step l, on the two links its edges are (dilation 1: a tree
** edge is a cube edge), so the leaves at level n have it after n - 1 steps.
** A node sends on two links at once (all ports; with one port a level
** would take two steps). The paper gives no step count for a broadcast;
** n - 1 is the tree's height, one step per level because the dilation is 1.
** Memory: slot 0 (K words); the 2^n + 1 cube nodes outside the tree hold
** nothing (scratch).
*/
#include <stdlib.h>
#include <string.h>

#include "sf_jo_tree.h"

static uint32_t unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

static int check(hc_sf_params *p, char *why, size_t n) {
  const int rc = hc_sf_check_basic(p, 1, "K", why, n);
  if (rc) return rc;
  if (p->d < 3)
    return hc_sf_why(why, n, "d = %u: the tree of 2^(d-1) - 1 nodes has an edge from d = 3 on (003 Thm 3.7, d = n + 1)",
                     p->d);
  return HC_OK;
}

/* The hops of the broadcast, level by level. */
static int hops(unsigned n, const uint8_t *lab, const uint32_t *addr, hc_jot_list *l) {
  for (uint32_t h = 1; h < (1u << (n - 1)); h++) {
    unsigned level = 0;
    for (uint32_t v = h; v; v >>= 1) level++;
    for (uint32_t c = 2 * h; c <= 2 * h + 1; c++) {
      const int rc = hc_jot_add(l, level, addr[h], lab[c], 0, 0);
      if (rc) return rc;
    }
  }
  return HC_OK;
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  const unsigned n = p->d - 1;
  const uint32_t nodes = 1u << n;
  uint8_t *lab = malloc(nodes);
  uint32_t *addr = malloc(nodes * sizeof *addr);
  hc_jot_list l;
  memset(out, 0, sizeof *out);
  memset(&l, 0, sizeof l);
  int rc = (lab && addr) ? hc_jot_init(&l, p->d, 1) : HC_ENOMEM;
  if (!rc) {
    hc_jt_cbt_dil1(n, lab, addr);
    rc = hops(n, lab, addr, &l);
  }
  if (!rc) rc = hc_jot_case_new(out, p->d, 1, p->m);
  if (!rc) rc = hc_jot_own(out, 0, 0, p->m);
  if (!rc) {
    memset(out->care, 0, (size_t)hc_sched_nodes(out->sched) * p->m);
    for (uint32_t h = 1; h < nodes; h++) { /* every tree node ends with the root's element */
      hc_jot_expect(out, addr[h], 0, 0, 0, p->m);
      memset(out->care + (size_t)addr[h] * p->m, 1, p->m);
    }
    rc = hc_jot_emit(&l, out->sched, p->m);
  }
  hc_jot_free(&l);
  free(lab);
  free(addr);
  if (rc) hc_sched_case_free(out);
  return rc;
}

static uint64_t steps(const hc_sf_params *p) { return p->d - 2; }

static uint64_t formula(const hc_sf_params *p) { return hc_jot_cycles(p, steps(p)); }

/* The root must send at least once; the farthest tree node is where its
** address has the most ones (its cube distance from the root). */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  const unsigned far = hc_jt_cbt_dil1_far(p->d - 1);
  hc_sf_bound_set(b, "the d outgoing links of the root", p->d, p->m, far, p->beta);
}

const hc_sf_algo hc_sf_algo_cbt_bcast = {
    .name = "cbt_bcast",
    .source = "003 (Johnsson) §3.4.2.2, Thm 3.7: broadcast down the dilation-1 binary tree, d = n + 1, all ports",
    .param = "K",
    .takes = 0,
    .formula_text = "(d - 2)*(k + beta)",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .paper_steps = steps,
    .paper_steps_text = "n - 1 (d = n + 1)",
    .paper_steps_source = "003 Thm 3.7 (dilation 1: a level per step)",
};
