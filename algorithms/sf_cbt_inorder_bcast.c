/*
** Johnsson (shared/seeds/003) §3.4.2.1, Theorem 3.5: a broadcast down the
** complete binary tree of 2^n - 1 nodes labelled in inorder and embedded
** in the n-cube (d = n) by the binary-reflected Gray code of the labels,
** the dilation-2 embedding with expansion 1 + 1/(2^n - 1). The root
** (inorder 2^(n-1) - 1, on node G(2^(n-1) - 1)) holds one element of K
** words; every tree node forwards it to both children as soon as it has
** it, a leaf in one hop and any other child in two (through a relay slot
** of the node between, the path of hc_jt_in_route: highest dimension
** first, which keeps every link to one element a step). The paper gives
** no count for a broadcast; from Theorem 3.5's distances (every edge above
** the leaves 2, the leaves' 1) the root-to-leaf paths are 2(n-2) + 1 =
** 2n - 3 steps, all ports (a node sends to both children at once). The
** dilation-1 tree of Theorem 3.7 (sf_cbt_bcast.c) needs n - 1 steps but an
** (n+1)-cube. Memory: slot 0 (K words), relay slots from 1; cube node
** G(2^n - 1) = 2^(n-1), outside the tree, holds nothing.
*/
#include <stdlib.h>
#include <string.h>

#include "sf_jo_inorder.h"

static uint32_t unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  hc_jot_list l;
  memset(out, 0, sizeof *out);
  int rc = hc_jot_init(&l, p->d, 1);
  if (!rc) rc = hc_jot_inorder_bcast(&l);
  if (!rc) rc = hc_jot_case_new(out, p->d, hc_jot_slots(&l), p->m);
  const uint32_t root = hc_jo_gray(hc_jt_in_root(p->d));
  if (!rc) rc = hc_jot_own(out, root, 0, p->m);
  if (!rc) {
    hc_jot_scratch_from(out, 0, p->m);
    for (uint32_t t = 0; t + 1 < (1u << p->d); t++) { /* every tree node ends with the root's element */
      hc_jot_expect(out, hc_jo_gray(t), 0, root, 0, p->m);
      memset(out->care + (size_t)hc_jo_gray(t) * hc_sched_mem_words(out->sched), 1, p->m);
    }
    rc = hc_jot_emit(&l, out->sched, p->m);
  }
  hc_jot_free(&l);
  if (rc) hc_sched_case_free(out);
  return rc;
}

static uint64_t formula(const hc_sf_params *p) { return hc_jot_cycles(p, hc_jot_inorder_steps(p)); }

/* The root must send at least once; the farthest tree node is that many hops away. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the d outgoing links of the root", p->d, p->m, hc_jot_inorder_far(p->d), p->beta);
}

const hc_sf_algo hc_sf_algo_cbt_inorder_bcast = {
    .name = "cbt_inorder_bcast",
    .source = "003 (Johnsson) §3.4.2.1, Thm 3.5: broadcast down the inorder tree, Gray-embedded with dilation 2, d = n",
    .param = "K",
    .takes = 0,
    .formula_text = "(2d - 3)*(k + beta)",
    .unit = unit,
    .check = hc_jot_inorder_check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .paper_steps = hc_jot_inorder_steps,
    .paper_steps_text = "2n - 3 (d = n)",
    .paper_steps_source = "003 Thm 3.5 (distance 2 an edge above the leaves, 1 to a leaf)",
};
