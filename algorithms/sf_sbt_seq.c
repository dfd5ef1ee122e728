/*
** Johnsson (shared/seeds/003) §3.4.1, Lemma 3.5: successive SBT broadcasts
** from the nodes G(0), G(1), ..., G(N-1) (Gray code of successive integers;
** N broadcasts of one element of K words each), each source starting after
** it has completed its transmissions for the preceding sources; the lemma
** says every node then receives the elements in the order of distribution.
**
** The lemma's proof counts in the all-port model: a broadcast "reaches all
** nodes at distance k in k routing steps", so a node forwards on all its
** tree links in the step after it receives, and source G(i+1), a neighbour
** of G(i), forwards G(i)'s element in the step after G(i) started and starts
** its own two steps after G(i). Built so: source i's tree is the spanning
** binomial tree whose first dimension is b_i, the bit in which G(i) and
** G(i+1) differ (dimension order b_i, b_i + 1, ..., mod d), so that G(i+1)
** forwards element i on every link but the one back to G(i); source i
** sends in step 2i + 1 and a node at distance k from it receives in step
** 2i + k. The last source ends in step 2(N-1) + d.
**
** Starting "after" is a rule of the paper's synchronous machine; the
** hardware starts a packet as soon as its data and link are ready, and the
** only orders it knows are a link's packet order and data. So G(i+1) also
** sends element i back to G(i) on the one link it does not forward it on
** (an acknowledgement, into a scratch slot, in step 2i + 2, when the paper's
** schedule leaves that link idle): then every link of G(i+1) carries a
** packet of source i before G(i+1)'s own, and no own packet can start before
** step 2i + 3. N - 1 acknowledgements, no step more. Memory: slot i holds
** element i (own data at G(i)), slot N the acknowledgement (scratch).
*/
#include <string.h>

#include "sf_jo_tree.h"

/* The dimension in which G(i) and G(i+1) differ: the trailing zeros of
** i + 1 (mod d for the last source of a full cube, which has no next). */
static unsigned next_dim(uint32_t i, unsigned d) {
  unsigned b = 0;
  for (uint32_t v = i + 1; !(v & 1u) && b < d; v >>= 1) b++;
  return b % d;
}

/* Source i's tree: every node y forwards to y ^ 2^c for the dimensions c
** after the last one (in the order b, b+1, ..., mod d) in which y differs
** from the source, in the step after it received. */
static int tree(hc_jot_list *l, uint32_t i, unsigned d) {
  const uint32_t s = hc_jo_gray(i);
  const unsigned b = next_dim(i, d);
  for (uint32_t y = 0; y < (1u << d); y++) {
    const uint32_t z = hc_sf_rotl(y ^ s, (d - b) % d, d); /* bit b -> bit 0 */
    unsigned first = 0;
    for (unsigned m = 0; m < d; m++)
      if ((z >> m) & 1u) first = m + 1;
    for (unsigned m = first; m < d; m++) {
      const int rc = hc_jot_add(l, 2 * i + hc_jt_dist(y, s) + 1, y, (b + m) % d, i, i);
      if (rc) return rc;
    }
  }
  return HC_OK;
}

static uint32_t unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

static int check(hc_sf_params *p, char *why, size_t n) {
  const int rc = hc_sf_check_basic(p, 1, "K", why, n);
  if (rc) return rc;
  if (p->n == HC_SF_UNSET) p->n = 1u << p->d;
  if (p->n < 1 || p->n > (1u << p->d))
    return hc_sf_why(why, n, "N = %u broadcasts: the sources G(0..N-1) are nodes of the %u-cube, N = 1..%u", p->n,
                     p->d, 1u << p->d);
  if ((uint64_t)(p->n + 1) * p->m > HC_SCHED_MAX_MEM || ((uint64_t)(p->n + 1) * p->m << p->d) > HC_SCHED_MAX_TOTAL)
    return hc_sf_why(why, n, "N = %u, K = %u: %u elements of K words per node do not fit the schedule's memory", p->n,
                     p->m, p->n + 1);
  return HC_OK;
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  const uint32_t N = p->n;
  hc_jot_list l;
  memset(out, 0, sizeof *out);
  int rc = hc_jot_init(&l, p->d, N + 1);
  for (uint32_t i = 0; !rc && i < N; i++) {
    rc = tree(&l, i, p->d);
    if (!rc && i + 1 < N) /* the acknowledgement of G(i+1) to G(i) */
      rc = hc_jot_add(&l, 2 * i + 2, hc_jo_gray(i + 1), next_dim(i, p->d), i, N);
  }
  if (!rc) rc = hc_jot_case_new(out, p->d, N + 1, p->m);
  for (uint32_t i = 0; !rc && i < N; i++) {
    rc = hc_jot_own(out, hc_jo_gray(i), i, p->m);
    for (uint32_t y = 0; !rc && y < (1u << p->d); y++) hc_jot_expect(out, y, i, hc_jo_gray(i), i, p->m);
  }
  if (!rc) {
    hc_jot_scratch_from(out, N, p->m);
    rc = hc_jot_emit(&l, out->sched, p->m);
  }
  hc_jot_free(&l);
  if (rc) hc_sched_case_free(out);
  return rc;
}

/* 003 Lemma 3.5's proof: source i starts 2i steps after source 0, and its
** broadcast takes d steps. */
static uint64_t steps(const hc_sf_params *p) { return 2ull * (p->n - 1) + p->d; }

static uint64_t formula(const hc_sf_params *p) { return hc_jot_cycles(p, steps(p)); }

/* G(0) must receive the N - 1 other elements over its d links; the
** farthest element goes d hops. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the d incoming links of G(0), which receive N - 1 elements", p->d, (uint64_t)(p->n - 1) * p->m,
                  p->d, p->beta);
}

const hc_sf_algo hc_sf_algo_sbt_seq = {
    .name = "sbt_seq",
    .source = "003 (Johnsson) §3.4.1, Lemma 3.5: N SBT broadcasts from G(0..N-1), pipelined, all ports",
    .param = "K",
    .takes = HC_SF_TAKES_N,
    .formula_text = "(2(N - 1) + d)*(k + beta)",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .paper_steps = steps,
    .paper_steps_text = "2(N - 1) + n",
    .paper_steps_source = "003 Lemma 3.5 (proof)",
};
