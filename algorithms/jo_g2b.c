/*
** Conversion between the binary-reflected Gray code encoding and the binary
** encoding of an array (003 §3.1.3, Lemma 3.4, Cors. 3.3, 3.4), shared by
** the records gray2bin and bin2gray. Entry i of the array is M elements of
** K words (N = M 2^d elements in all); Gray encoded, entry i is on node
** G(i), binary encoded on node i. G(i) XOR i = i >> 1, so entry i must
** cross dimension j exactly when bit j+1 of i is 1 (the paper's "routed in
** dimension j if g_j XOR b_j = 1"); the top dimension never.
**
** Both route the dimensions from the highest, d-2, down to 0 (the
** induction of Lemma 3.4 and the reflections of Table I; the paper's
** alternative order, from the lowest, makes some nodes send on two links at
** once when the links are self-timed). gray2bin: before dimension j an
** element sits on a node whose bits above j are already its binary ones, so
** it crosses j iff bit j+1 of the node it is on is 1. bin2gray: the bits
** above j are already its Gray code ones, whose parity is bit j+1 of its
** binary code, so it crosses j iff the node's bits above j have odd parity.
** Either way the partner across j decides alike: every dimension is one
** exchange, and a node and the dimension determine the source, so the
** directed path of every source is the only one through each of its links
** (Cor. 3.3). The M elements of a source follow each other along it,
** element m crossing its h-th link in step m + h: n + M - 2 steps (Cor.
** 3.4), n - 1 at M = 1 (Lemma 3.4). With M = 1 every node sends at most one
** element at any time (one port; the tests check it on the executor's
** timeline); with M >= 2 a node relays on several links at once (all
** ports), which the pipelining of Cor. 3.4 over edge-disjoint paths
** assumes.
**
** Layout of a node, M elements of K words:
**
** | words             | contents                                                  |
** |-------------------|-----------------------------------------------------------|
** | [0, M K)          | own data: the entry this encoding puts here, element m at m K |
** | [M K, 2 M K)      | result: the entry of the other encoding, element m at (M + m) K |
** | [2 M K, mem)      | scratch: the elements this node relays, K words each      |
**
** Entries 0 and 1 are on the same node in both encodings and do not move
** (no local copy under single assignment): nodes 0 and 1 keep them in their
** own data and their result words stay 0.
*/
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "jo_gray.h"
#include "jo_route.h"

int hc_jo_g2b_check(hc_sf_params *p, char *why, size_t n) {
  if (p->d < 2 || p->d > HC_SF_MAX_D)
    return hc_sf_why(why, n, "d = %u: takes d = 2..%u (at d = 1 the Gray code and the binary code coincide)", p->d,
                     HC_SF_MAX_D);
  if (p->m == 0) return hc_sf_why(why, n, "K = 0: an element needs at least one word");
  const uint32_t nodes = 1u << p->d;
  if (p->n == HC_SF_UNSET) p->n = nodes;
  if (p->n == 0 || p->n % nodes)
    return hc_sf_why(why, n, "N = %u: needs a positive multiple of 2^d = %u (M = N/2^d elements a node)", p->n, nodes);
  if ((uint64_t)(p->d + 1) * p->n * p->m > HC_SCHED_MAX_TOTAL)
    return hc_sf_why(why, n, "N = %u, K = %u: the array, its copy and the relays exceed the schedule's %llu words",
                     p->n, p->m, (unsigned long long)HC_SCHED_MAX_TOTAL);
  return HC_OK;
}

/* Entry i's route, dimensions d-2 down to 0, each hop keyed by the
** element's number m; returns the hops. */
static uint32_t route(unsigned d, int reverse, uint32_t i, uint32_t m, hc_jo_hop *hop) {
  uint32_t x = reverse ? i : hc_jo_gray(i), nh = 0;
  for (unsigned j = d - 1; j-- > 0;) {
    const uint32_t above = x >> (j + 1);
    if (reverse ? hc_sf_popcount(above) & 1u : above & 1u) {
      hop[nh++] = (hc_jo_hop){j, m};
      x ^= 1u << j;
    }
  }
  assert(x == (reverse ? hc_jo_gray(i) : i));
  return nh;
}

int hc_jo_g2b_build(int reverse, const hc_sf_params *p, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  const unsigned d = p->d;
  const uint32_t nodes = 1u << d, k = p->m, M = p->n / nodes;
  hc_jo_elem *el = calloc((size_t)p->n, sizeof *el);
  hc_jo_hop *hop = calloc((size_t)p->n * d, sizeof *hop);
  int rc = HC_ENOMEM;
  if (!el || !hop) goto done;
  uint32_t nh = 0;
  for (uint32_t i = 0; i < nodes; i++)
    for (uint32_t m = 0; m < M; m++) {
      const uint32_t src = reverse ? i : hc_jo_gray(i);
      el[i * M + m] = (hc_jo_elem){src, m * k, (M + m) * k, nh, route(d, reverse, i, m, hop + nh)};
      nh += el[i * M + m].nhops;
    }
  if ((rc = hc_jo_route_case(d, k, 2 * M * k, el, p->n, hop, out))) goto done;
  const uint32_t mem = hc_sched_mem_words(out->sched);
  for (uint32_t x = 0; x < nodes && !rc; x++) rc = hc_sched_case_own(out, x, 0, M * k);
  /* What the conversion means: the node of entry i in the target encoding
  ** holds the M elements the source encoding put on the other node. */
  for (uint32_t i = 2; i < nodes && !rc; i++) {
    const uint32_t from = reverse ? i : hc_jo_gray(i), to = reverse ? hc_jo_gray(i) : i;
    for (uint32_t w = 0; w < M * k; w++) out->expect[(size_t)to * mem + M * k + w] = hc_sched_tag(from, w);
  }
done:
  free(el);
  free(hop);
  if (rc) hc_sched_case_free(out);
  return rc;
}

uint64_t hc_jo_g2b_steps(const hc_sf_params *p) { return p->d + p->n / (1u << p->d) - 2; }

void hc_jo_g2b_lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the first link of the path of entry 2^d - 1", 1, (uint64_t)(p->n >> p->d) * p->m, p->d - 1,
                  p->beta);
}
