/*
** Johnsson (shared/seeds/003) §3.4.2.2, Theorem 3.7: a combine (sum) up
** the complete binary tree of 2^n - 1 nodes embedded with dilation 1 in the
** (n+1)-cube (d = n + 1; algorithms/jo_tree.c's labelling), the reverse of
** sf_cbt_bcast.c. Every tree node holds one element of K words; a node at
** level l (the root at 1, the leaves at n) sends its element plus what its
** two children sent it to its parent in step n - l + 1, over the cube link
** its tree edge is, as a combining packet (op add, docs/store_and_forward.md
** section 1: the parent's words end as its own plus both contributions, one
** per incoming link). A node receives on two links at once (all ports). The
** root holds the sum of all 2^n - 1 elements (mod 2^32) after n - 1 steps,
** every interior node the sum of its subtree. Memory: slot 0 (K words); the
** cube nodes outside the tree hold nothing (scratch).
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

/* One packet per tree edge, child to parent, adding into the parent's
** slot 0; deepest levels first (each link carries one packet, so the order
** only makes the text read bottom up). */
static int edges(const hc_sf_params *p, const uint8_t *lab, const uint32_t *addr, hc_sched *s) {
  for (uint32_t h = (1u << (p->d - 1)) - 1; h >= 2; h--) {
    int rc;
    if ((rc = hc_sched_begin_op(s, addr[h], lab[h], HC_SCHED_ADD)) || (rc = hc_sched_gather(s, 0, p->m)) ||
        (rc = hc_sched_scatter(s, 0, p->m)) || (rc = hc_sched_end(s)))
      return rc;
  }
  return HC_OK;
}

/* What a sum up the tree means: node h ends with the sum of the own
** elements of its subtree, word by word (children after parents in heap
** order, so sum from the leaves up). */
static void expect_sums(const hc_sf_params *p, const uint32_t *addr, hc_sched_case *c) {
  const uint32_t nodes = 1u << (p->d - 1);
  memset(c->care, 0, (size_t)hc_sched_nodes(c->sched) * p->m);
  for (uint32_t h = nodes - 1; h >= 1; h--) {
    uint32_t *e = c->expect + (size_t)addr[h] * p->m;
    for (uint32_t w = 0; w < p->m; w++) {
      e[w] = hc_sched_tag(addr[h], w);
      for (uint32_t ch = 2 * h; ch <= 2 * h + 1 && ch < nodes; ch++)
        e[w] = hc_sched_combine(HC_SCHED_ADD, e[w], c->expect[(size_t)addr[ch] * p->m + w]);
    }
    memset(c->care + (size_t)addr[h] * p->m, 1, p->m);
  }
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  const unsigned n = p->d - 1;
  const uint32_t nodes = 1u << n;
  uint8_t *lab = malloc(nodes);
  uint32_t *addr = malloc(nodes * sizeof *addr);
  memset(out, 0, sizeof *out);
  int rc = (lab && addr) ? hc_jot_case_new(out, p->d, 1, p->m) : HC_ENOMEM;
  if (!rc) hc_jt_cbt_dil1(n, lab, addr);
  for (uint32_t h = 1; !rc && h < nodes; h++) rc = hc_jot_own(out, addr[h], 0, p->m);
  if (!rc) rc = edges(p, lab, addr, out->sched);
  if (!rc) expect_sums(p, addr, out);
  free(lab);
  free(addr);
  if (rc) hc_sched_case_free(out);
  return rc;
}

static uint64_t steps(const hc_sf_params *p) { return p->d - 2; }

static uint64_t formula(const hc_sf_params *p) { return hc_jot_cycles(p, steps(p)); }

/* The root's d incoming links must bring it something (K words); the
** farthest tree node is the one with the most ones in its address. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  const unsigned far = hc_jt_cbt_dil1_far(p->d - 1);
  hc_sf_bound_set(b, "the d incoming links of the root", p->d, p->m, far, p->beta);
}

const hc_sf_algo hc_sf_algo_cbt_reduce = {
    .name = "cbt_reduce",
    .source = "003 (Johnsson) §3.4.2.2, Thm 3.7: sum up the dilation-1 binary tree (combining), d = n + 1, all ports",
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
