/*
** The optimal single node scatter of Bertsekas, Ozveren, Stamoulis, Tseng
** and Tsitsiklis (shared/seeds/002 §3) as a store-and-forward schedule with
** unit packets of k words: the root SRC sends a different packet of k words
** to every other node.
**
** The tree is the paper's perfectly balanced shortest-path spanning tree
** (hc_bert_sns_tree): node x lies in the subtree T_m(x) of the root's
** neighbour with the same m, so each of the d subtrees holds floor or ceil
** of (2^d - 1)/d nodes, and every path is a shortest one. The root sends
** into each subtree continuously, farthest node first (ties by n(x)): the
** s-th packet into T_j leaves the root in unit s and crosses its h-th link
** in unit s + h - 1. A packet sent later goes no deeper, so two packets on
** the way at once are at different depths and never want the same link in
** the same unit (002 §3); the generator asserts it. Links list their
** packets by unit; the root's d links are busy back to back, the last
** packet into T_j (for the neighbour itself) arrives at the end of unit
** |T_j| and every other one no later, so the run takes max |T_j| =
** ceil((2^d - 1)/d) units of k + beta cycles with sum of distances = d
** 2^(d-1) transmissions, both optimal (002 §3 and Eq. (2), Table 1).
** For a root SRC != 0 every id is XORed with SRC.
**
** Layout (2^d k words per node): block y, words [y k, y k + k), is the
** root's packet for node y. The root owns all 2^d blocks (block SRC is its
** own and goes nowhere); node y ends with the root's words in its block y;
** a node on the way to y keeps y's packet in its own block y, scratch
** (care = 0), as are the blocks nothing writes.
*/
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "sf_bert.h"

/* One transmission of the unit-time schedule (ids relative to the root):
** the packet for y leaves node `from` over dimension dim in unit `unit`. */
typedef struct sns_tx {
  uint32_t unit, from, y;
  unsigned dim;
} sns_tx;

static unsigned low_bit(uint32_t v) {
  unsigned c = 0;
  while (!(v >> c & 1)) c++;
  return c;
}

/* The root's data and what the scatter means (see the file comment). */
static int sns_case(unsigned d, uint32_t k, uint32_t src, hc_sched_case *out) {
  const uint32_t n = 1u << d, mem = n * k;
  int rc = hc_sched_new(d, mem, &out->sched);
  if (!rc) rc = hc_sched_case_alloc(out);
  if (!rc) rc = hc_sched_case_own(out, src, 0, mem);
  if (rc) return rc;
  for (uint32_t x = 0; x < n; x++)
    if (x != src)
      for (uint32_t a = 0; a < mem; a++) {
        const size_t at = (size_t)x * mem + a;
        out->care[at] = a / k == x;
        out->expect[at] = a / k == x ? hc_sched_tag(src, a) : 0;
      }
  return HC_OK;
}

/*
** The unit-time schedule for root 0 into tx[] (d 2^(d-1) entries), in the
** order the root sends: subtree by subtree, farthest first, each packet's
** hops from the root outwards.
*/
static size_t farthest_first(const hc_bert_tree *t, sns_tx *tx) {
  size_t w = 0;
  for (unsigned j = 1; j <= t->d; j++) {
    uint32_t s = 0; /* packets sent into T_j so far */
    for (unsigned depth = t->d; depth >= 1; depth--)
      for (uint32_t i = 1; i < t->n; i++) {
        const uint32_t x = t->order[i];
        if (hc_bert_m(t, x) != j || hc_sf_popcount(x) != depth) continue;
        s++;
        unsigned h = depth;
        for (uint32_t z = x; z; z = t->parent[z], h--)
          tx[w++] = (sns_tx){s + h - 1, t->parent[z], x, low_bit(z ^ t->parent[z])};
      }
  }
  return w;
}

/* Append tx[0..cnt) to the schedule by unit (counting sort), ids XORed with
** src; asserts one packet per link per unit. */
static int emit(const hc_bert_tree *t, const sns_tx *tx, size_t cnt, uint32_t k, uint32_t src, hc_sched *s) {
  const uint32_t q = (uint32_t)hc_bert_units(t->d);
  size_t *first = calloc(q + 2, sizeof *first), *by = malloc(cnt * sizeof *by);
  uint32_t *last = calloc((size_t)t->n * t->d, sizeof *last);
  int rc = !first || !by || !last ? HC_ENOMEM : HC_OK;
  for (size_t j = 0; !rc && j < cnt; j++) {
    assert(tx[j].unit >= 1 && tx[j].unit <= q);
    first[tx[j].unit + 1]++;
  }
  for (uint32_t u = 1; !rc && u <= q; u++) first[u + 1] += first[u];
  for (size_t j = 0; !rc && j < cnt; j++) by[first[tx[j].unit]++] = j;
  for (size_t i = 0; !rc && i < cnt; i++) {
    const sns_tx *a = &tx[by[i]];
    const size_t L = (size_t)a->from * t->d + a->dim;
    assert(last[L] < a->unit); /* no link twice in a unit */
    last[L] = a->unit;
    const uint32_t y = a->y ^ src;
    if (!(rc = hc_sched_begin(s, a->from ^ src, a->dim)) && !(rc = hc_sched_gather(s, y * k, k)) &&
        !(rc = hc_sched_scatter(s, y * k, k)))
      rc = hc_sched_end(s);
  }
  free(first);
  free(by);
  free(last);
  return rc;
}

int hc_sf_single_node_scatter(unsigned d, uint32_t k, uint32_t src, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  if (d < 1 || d > HC_SF_TOP_D || k == 0 || src >> d) return HC_EPARAM;
  hc_bert_tree t;
  int rc = hc_bert_sns_tree(d, &t);
  if (rc) return rc;
  const size_t cnt = (size_t)d << (d - 1);
  sns_tx *tx = malloc(cnt * sizeof *tx);
  if (!tx) rc = HC_ENOMEM;
  if (!rc) rc = sns_case(d, k, src, out);
  if (!rc) {
    const size_t w = farthest_first(&t, tx);
    assert(w == cnt); /* shortest paths: the distances add up to d 2^(d-1) */
    rc = emit(&t, tx, w, k, src, out->sched);
  }
  free(tx);
  hc_bert_tree_free(&t);
  if (rc) hc_sched_case_free(out);
  return rc;
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  return hc_sf_single_node_scatter(p->d, p->m, p->src, out);
}

/* 002 §3: the root must send 2^d - 1 packets of k words over its d links
** (S = those links, a = (2^d - 1) k words); the farthest node is d hops
** away. With packets whole, the cut gives the paper's ceil((2^d - 1)/d)
** units, which formula() is. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the d outgoing links of the root", p->d, ((1ull << p->d) - 1) * p->m, p->d, p->beta);
}

static uint64_t transmissions(const hc_sf_params *p) { return (uint64_t)p->d << (p->d - 1); }

const hc_sf_algo hc_sf_algo_single_node_scatter = {
    .name = "single_node_scatter",
    .source = "002 (Bertsekas et al.) §3, optimal single node scatter",
    .param = "K",
    .takes = HC_SF_TAKES_SRC,
    .formula_text = "ceil((2^d-1)/d)*(k + beta)",
    .unit = hc_bert_unit,
    .check = hc_bert_check,
    .build = build,
    .formula = hc_bert_formula,
    .lower = lower,
    .opt_units = hc_bert_opt_units,
    .opt_units_text = "ceil((2^d-1)/d)",
    .opt_transmissions = transmissions,
    .opt_transmissions_text = "d*2^(d-1)",
    .max_d = HC_SF_TOP_D,
};
