/*
** A nearest-neighbour exchange on a loop of N nodes embedded in the d-cube
** by the binary-reflected Gray code of Johnsson (003 §3.1.2, Lemmas 3.1 and
** 3.2; the embedding is hc_jo_loop_node, algorithms/jo_gray.c): every loop
** node sends its element of K words to its loop successor and to its loop
** predecessor, both at once (two ports). For even N every loop edge is a
** cube edge (Lemma 3.1, dilation 1) and each of the 2N directed links used
** carries one packet: one routing step. For odd N one edge has length 2
** (Lemma 3.2); its two elements are relayed through a cube node the loop
** does not use, whose links no loop edge uses: two routing steps. So the
** steps measured are the dilation of the embedding, which is what the
** lemmas state (1 or 2).
**
** Layout (node of loop node i): [0, K) own element; [K, 2K) the element of
** loop node i-1; [2K, 3K) that of loop node i+1; for odd N the relay node
** keeps the two relayed elements in scratch [3K, 5K). Cube nodes the loop
** does not use have no own data.
*/
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "jo_gray.h"
#include "jo_route.h"

static uint32_t unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

static int check(hc_sf_params *p, char *why, size_t n) {
  if (p->d < 2 || p->d > HC_SF_MAX_D)
    return hc_sf_why(why, n, "d = %u: a loop of at least 3 nodes needs d = 2..%u", p->d, HC_SF_MAX_D);
  if (p->m == 0) return hc_sf_why(why, n, "K = 0: an element needs at least one word");
  const uint32_t full = 1u << p->d;
  if (p->n == HC_SF_UNSET) p->n = full;
  if (p->n <= full / 2 || p->n > full)
    return hc_sf_why(why, n, "N = %u: the loop length must be %u..%u at d = %u (Lemmas 3.1, 3.2: 2^(d-1) < N <= 2^d)",
                     p->n, full / 2 + 1, full, p->d);
  if ((uint64_t)5 * p->m > HC_SCHED_MAX_MEM || ((uint64_t)5 * p->m << p->d) > HC_SCHED_MAX_TOTAL)
    return hc_sf_why(why, n, "K = %u is too large for the schedule's memory", p->m);
  return HC_OK;
}

/* The route from cube node a to its loop neighbour b into hop[*nh ..]:
** one hop, or for the edge of length 2 two hops through the node between
** them that the loop does not use (used[]). */
static uint32_t route(uint32_t a, uint32_t b, const uint8_t *used, hc_jo_hop *hop, uint32_t *nh) {
  const uint32_t diff = a ^ b;
  if ((diff & (diff - 1)) == 0) {
    hop[(*nh)++] = (hc_jo_hop){(unsigned)__builtin_ctz(diff), 0};
    return 1;
  }
  const uint32_t lo = diff & -diff, hi = diff ^ lo;
  const uint32_t first = used[a ^ lo] ? hi : lo;
  assert(!used[a ^ first]); /* Lemma 3.2's embedding leaves the node between them free */
  hop[(*nh)++] = (hc_jo_hop){(unsigned)__builtin_ctz(first), 0};
  hop[(*nh)++] = (hc_jo_hop){(unsigned)__builtin_ctz(diff ^ first), 1};
  return 2;
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  const uint32_t N = p->n, k = p->m, full = 1u << p->d;
  uint32_t *at = malloc(N * sizeof *at);
  uint8_t *used = calloc(full, 1);
  hc_jo_elem *el = calloc(2 * (size_t)N, sizeof *el);
  hc_jo_hop *hop = calloc(4 * (size_t)N, sizeof *hop);
  int rc = HC_ENOMEM;
  if (!at || !used || !el || !hop) goto done;
  for (uint32_t i = 0; i < N; i++) used[at[i] = hc_jo_loop_node(N, i)] = 1;
  uint32_t nh = 0;
  for (uint32_t i = 0; i < N; i++) {
    const uint32_t succ = at[(i + 1) % N], pred = at[(i + N - 1) % N];
    el[2 * i] = (hc_jo_elem){at[i], 0, k, nh, 0};
    el[2 * i].nhops = route(at[i], succ, used, hop, &nh);
    el[2 * i + 1] = (hc_jo_elem){at[i], 0, 2 * k, nh, 0};
    el[2 * i + 1].nhops = route(at[i], pred, used, hop, &nh);
  }
  if ((rc = hc_jo_route_case(p->d, k, 3 * k, el, 2 * (size_t)N, hop, out))) goto done;
  const uint32_t mem = hc_sched_mem_words(out->sched);
  for (uint32_t i = 0; i < N && !rc; i++) rc = hc_sched_case_own(out, at[i], 0, k);
  /* What the exchange means: loop node i holds i-1's element and i+1's. */
  for (uint32_t i = 0; i < N && !rc; i++)
    for (uint32_t t = 0; t < k; t++) {
      out->expect[(size_t)at[i] * mem + k + t] = hc_sched_tag(at[(i + N - 1) % N], t);
      out->expect[(size_t)at[i] * mem + 2 * k + t] = hc_sched_tag(at[(i + 1) % N], t);
    }
done:
  free(at);
  free(used);
  free(el);
  free(hop);
  if (rc) hc_sched_case_free(out);
  return rc;
}

/* The dilation of the embedding: 1 for even N (Lemma 3.1), 2 for odd N
** (Lemma 3.2). */
static uint64_t steps(const hc_sf_params *p) { return p->n % 2 ? 2 : 1; }

static uint64_t formula(const hc_sf_params *p) { return steps(p) * ((uint64_t)p->m + p->beta); }

/* One link carries one element; the relayed ones travel the dilation. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the link of one loop edge", 1, p->m, steps(p), p->beta);
}

const hc_sf_algo hc_sf_algo_gray_loop_nn = {
    .name = "gray_loop_nn",
    .source = "003 (Johnsson) §3.1.2, Lemmas 3.1, 3.2: nearest-neighbour exchange on a Gray-coded loop of N nodes, "
              "successor and predecessor at once (two ports; d = the paper's n)",
    .param = "K",
    .takes = HC_SF_TAKES_N,
    .formula_text = "dilation*(k + beta), dilation 1 (N even), 2 (N odd)",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .paper_steps = steps,
    .paper_steps_text = "dilation (1 for N even, 2 for N odd)",
    .paper_steps_source = "003 Lemmas 3.1, 3.2",
};
