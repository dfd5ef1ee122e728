/*
** The optimal multinode broadcast of Bertsekas, Ozveren, Stamoulis, Tseng
** and Tsitsiklis (shared/seeds/002 §2) as a store-and-forward schedule with
** unit packets of k words: every node sends its k words to every other node.
**
** One single-node broadcast from node 0, given as the sets A_1..A_q of the
** links that carry the packet in time unit i (the tree of
** hc_bert_mnb_tree: t receives in unit ceil(n(t)/d) over the link of
** dimension m(t) - 1, from t with bit m(t) cleared), is replicated for every
** root r by XOR: r's packet crosses (r ^ x, r ^ y) in unit i for each (x, y)
** in A_i. The d links of each A_i (i < q) have d different dimensions, so
** for every dimension c and unit i exactly one root's packet uses each
** directed link of dimension c: every link carries one packet per unit in
** units 1..q-1, and in unit q the links of the (2^d - 1) - (q - 1) d
** dimensions A_q uses. Links list their packets by unit.
**
** Layout (2^d k words per node): block s, words [s k, s k + k), holds node
** s's k words at every node: own data at s itself, written by the packet
** from the tree parent elsewhere. Nothing is scratch and nothing is
** written twice (each node receives each root's packet once).
**
** In cycles each unit is k + beta, and since every link is busy from cycle
** 0 through unit q - 1 and each packet's data arrives in an earlier unit,
** the self-timed run is the unit-synchronous one: q (k + beta) cycles with
** 2^d (2^d - 1) transmissions, both optimal (002 §2, Table 1).
*/
#include <assert.h>
#include <string.h>

#include "sf_bert.h"

/* Block s of every node: own data at s, expected s's words everywhere. */
static int mnb_case(unsigned d, uint32_t k, hc_sched_case *out) {
  const uint32_t n = 1u << d, mem = n * k;
  int rc = hc_sched_new(d, mem, &out->sched);
  if (!rc) rc = hc_sched_case_alloc(out);
  for (uint32_t s = 0; !rc && s < n; s++) rc = hc_sched_case_own(out, s, s * k, k);
  if (rc) return rc;
  for (uint32_t x = 0; x < n; x++)
    for (uint32_t a = 0; a < mem; a++) out->expect[(size_t)x * mem + a] = hc_sched_tag(a / k, a);
  return HC_OK;
}

int hc_sf_multinode_broadcast(unsigned d, uint32_t k, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  if (d < 1 || d > HC_SF_TOP_D || k == 0) return HC_EPARAM;
  hc_bert_tree t;
  int rc = hc_bert_mnb_tree(d, &t);
  if (rc) return rc;
  if ((rc = mnb_case(d, k, out))) goto done;
  const uint32_t n = t.n;
  /* unit by unit, so that every link lists its packets in unit order */
  for (uint32_t i = 1; i < n && !rc; i++) {
    const uint32_t x = t.order[i], px = t.parent[x];
    const unsigned c = hc_bert_m(&t, x) - 1;
    assert((x ^ px) == 1u << c);
    for (uint32_t r = 0; r < n && !rc; r++)
      if (!(rc = hc_sched_begin(out->sched, r ^ px, c)) && !(rc = hc_sched_gather(out->sched, r * k, k)) &&
          !(rc = hc_sched_scatter(out->sched, r * k, k)))
        rc = hc_sched_end(out->sched);
  }
done:
  hc_bert_tree_free(&t);
  if (rc) hc_sched_case_free(out);
  return rc;
}

static int build(const hc_sf_params *p, hc_sched_case *out) { return hc_sf_multinode_broadcast(p->d, p->m, out); }

/* 002 §2: each node must receive 2^d - 1 packets of k words over its d
** incoming links (S = those links, a = (2^d - 1) k words); the farthest
** packet travels d hops. With packets whole, the cut gives the paper's
** ceil((2^d - 1)/d) units, which formula() is. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the d incoming links of one node", p->d, ((1ull << p->d) - 1) * p->m, p->d, p->beta);
}

static uint64_t transmissions(const hc_sf_params *p) { return (1ull << p->d) * ((1ull << p->d) - 1); }

const hc_sf_algo hc_sf_algo_multinode_broadcast = {
    .name = "multinode_broadcast",
    .source = "002 (Bertsekas et al.) §2, optimal multinode broadcast",
    .param = "K",
    .formula_text = "ceil((2^d-1)/d)*(k + beta)",
    .unit = hc_bert_unit,
    .check = hc_bert_check,
    .build = build,
    .formula = hc_bert_formula,
    .lower = lower,
    .opt_units = hc_bert_opt_units,
    .opt_units_text = "ceil((2^d-1)/d)",
    .opt_transmissions = transmissions,
    .opt_transmissions_text = "2^d*(2^d-1)",
    .max_d = HC_SF_TOP_D,
};
