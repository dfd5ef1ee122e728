/*
** Johnsson (shared/seeds/003) §3.4.2.1, Theorem 3.5: a sum up the complete
** binary tree of 2^n - 1 nodes labelled in inorder and Gray-embedded in
** the n-cube (d = n), the reverse of sf_cbt_inorder_bcast.c. Every tree
** node holds an element of K words; a node sends its element plus what
** its children sent it to its parent along the reverse of the broadcast's
** path: to a leaf's parent in one hop as a combining packet (op add,
** docs/store_and_forward.md section 1), from any other child in two, a
** plain copy into a relay slot of the node between and from there a
** combining packet. Each hop runs in the step mirrored from the
** broadcast's (step 2n - 2 - s for the broadcast's s), so no link carries
** two elements in a step, and the root holds the sum of all 2^n - 1
** elements (mod 2^32), every interior node the sum of its subtree, after
** 2n - 3 steps. Memory: slot 0 (K words), relay slots from 1.
*/
#include <stdlib.h>
#include <string.h>

#include "sf_jo_inorder.h"

static uint32_t unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

/* The broadcast's hops reversed in direction and in time: a hop into slot
** 0 (the parent's) adds, a hop into a relay slot copies. */
static int reverse(const hc_jot_list *b, uint32_t last, hc_jot_list *l) {
  int rc = HC_OK;
  for (size_t i = 0; i < b->n && !rc; i++) {
    const hc_jot_hop *h = &b->hop[i];
    rc = hc_jot_add_op(l, last + 1 - h->step, h->node ^ (1u << h->dim), h->dim, h->to, h->from,
                       h->from == 0 ? HC_SCHED_ADD : HC_SCHED_WRITE);
  }
  return rc;
}

/* What a sum up the tree means: inorder node t ends with the sum of the
** tags of its subtree t - 2^z + 1 .. t + 2^z - 1, word by word. */
static void expect_sums(const hc_sf_params *p, hc_sched_case *c) {
  const uint32_t mw = hc_sched_mem_words(c->sched);
  hc_jot_scratch_from(c, 0, p->m);
  for (uint32_t t = 0; t + 1 < (1u << p->d); t++) {
    const uint32_t z = hc_jt_in_height(t), x = hc_jo_gray(t);
    for (uint32_t w = 0; w < p->m; w++) {
      uint32_t e = 0;
      for (uint32_t u = t + 1 - (1u << z); u <= t + (1u << z) - 1; u++)
        e = hc_sched_combine(HC_SCHED_ADD, e, hc_sched_tag(hc_jo_gray(u), w));
      c->expect[(size_t)x * mw + w] = e;
    }
    memset(c->care + (size_t)x * mw, 1, p->m);
  }
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  hc_jot_list b, l;
  memset(out, 0, sizeof *out);
  memset(&l, 0, sizeof l);
  int rc = hc_jot_init(&b, p->d, 1);
  if (!rc) rc = hc_jot_inorder_bcast(&b);
  if (!rc) rc = hc_jot_init(&l, p->d, 1);
  if (!rc) rc = reverse(&b, hc_jot_steps(&b), &l);
  if (!rc) rc = hc_jot_case_new(out, p->d, hc_jot_slots(&b), p->m);
  for (uint32_t t = 0; !rc && t + 1 < (1u << p->d); t++) rc = hc_jot_own(out, hc_jo_gray(t), 0, p->m);
  if (!rc) {
    expect_sums(p, out);
    rc = hc_jot_emit(&l, out->sched, p->m);
  }
  hc_jot_free(&b);
  hc_jot_free(&l);
  if (rc) hc_sched_case_free(out);
  return rc;
}

static uint64_t formula(const hc_sf_params *p) { return hc_jot_cycles(p, hc_jot_inorder_steps(p)); }

/* The root's d incoming links must bring it something; the farthest tree
** node is that many hops away. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the d incoming links of the root", p->d, p->m, hc_jot_inorder_far(p->d), p->beta);
}

const hc_sf_algo hc_sf_algo_cbt_inorder_reduce = {
    .name = "cbt_inorder_reduce",
    .source = "003 (Johnsson) §3.4.2.1, Thm 3.5: sum up the Gray-embedded inorder tree (combining), d = n, all ports",
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
