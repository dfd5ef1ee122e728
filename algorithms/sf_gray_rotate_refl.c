/*
** Rotation of a Gray-coded linear array by reflections, Johnsson (003
** §3.1.4): element j of the 2^d-element array, K words on node G(j), moves
** to node G((j + a) mod 2^d), a = DST, by "correcting successive bits that
** differ in G_j and G_(i+j) mod 2^n", so "an element is subject to at most
** n routing steps", its minimal number |G_j XOR G_(j+a)|; the paper warns
** that in lowest-to-highest order "more than one matrix element may
** traverse the same edge" and conjectures "that there exist routing
** algorithms that result in edge disjoint paths for all the different
** source-destination pairs. We have generated such routing schemes for up
** to 5-cubes." Here each element takes the order of its differing bits
** that hc_np_rotation_route finds (shortest paths, directed-edge disjoint,
** for every rotation of the 1- to 5-cubes; algorithms/np_rotation.c), so
** no link carries two elements and the rotation takes the longest of the
** minimal paths: max_j |G_j XOR G_(j+a)| steps (<= n), the paper's per-
** element count; against gray_rotate's 2 popcount(a) - a mod 2 (one
** rotation by 2^r after the other). d = 1..5 (the routes' range). Every
** node sends its element on one link and relays at most as many as it has
** links.
**
** Layout: [0, K) own element; [K, 2K) the element rotated in, from node
** G(j - a); [2K, mem) scratch, a slot of K words per element passing
** through.
*/
#include <stdlib.h>
#include <string.h>

#include "hc_np_algo.h"
#include "jo_gray.h"
#include "jo_route.h"

/* The routes' range (hc_np_rotation_route). */
#define REFL_MAX_D 5

static uint32_t unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

static int check(hc_sf_params *p, char *why, size_t n) {
  if (p->d < 1 || p->d > REFL_MAX_D)
    return hc_sf_why(why, n,
                     "d = %u: the edge-disjoint routes of every rotation are known for d = 1..%u (003 §3.1.4's "
                     "conjecture, found by search)",
                     p->d, REFL_MAX_D);
  if (p->m == 0) return hc_sf_why(why, n, "K = 0: an element needs at least one word");
  const uint32_t nodes = 1u << p->d;
  if (p->dst == HC_SF_UNSET) p->dst = 1;
  if (p->dst == 0 || p->dst >= nodes)
    return hc_sf_why(why, n, "DST = %u: DST is the rotation amount, 1..%u at d = %u", p->dst, nodes - 1, p->d);
  if ((uint64_t)(2 + p->d) * p->m * nodes > HC_SCHED_MAX_TOTAL)
    return hc_sf_why(why, n, "K = %u is too large for the schedule's memory", p->m);
  return HC_OK;
}

/* The longest minimal path: max over j of |G(j) XOR G(j + a)|. */
static uint64_t steps(const hc_sf_params *p) {
  const uint32_t nodes = 1u << p->d;
  unsigned far = 0;
  for (uint32_t j = 0; j < nodes; j++) {
    const unsigned h = hc_sf_popcount(hc_jo_gray(j) ^ hc_jo_gray((j + p->dst) % nodes));
    if (h > far) far = h;
  }
  return far;
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  const unsigned d = p->d;
  const uint32_t nodes = 1u << d, k = p->m, a = p->dst;
  uint8_t dims[32 * REFL_MAX_D], len[32];
  hc_jo_elem *el = calloc(nodes, sizeof *el);
  hc_jo_hop *hop = calloc((size_t)nodes * d, sizeof *hop);
  /* np_rotation's rotation by r takes position c + r to c: by 2^d - a, G(j) to G(j + a) */
  int rc = el && hop ? hc_np_rotation_route(d, (nodes - a) % nodes, dims, len) : HC_ENOMEM;
  for (uint32_t c = 0; c < nodes && !rc; c++) {
    const uint32_t j = (c + nodes - a) % nodes;
    el[j] = (hc_jo_elem){hc_jo_gray(j), 0, k, j * d, len[c]};
    for (unsigned h = 0; h < len[c]; h++) hop[(size_t)j * d + h] = (hc_jo_hop){dims[c * d + h], h};
  }
  if (!rc) rc = hc_jo_route_case(d, k, 2 * k, el, nodes, hop, out);
  const uint32_t mem = rc ? 0 : hc_sched_mem_words(out->sched);
  for (uint32_t x = 0; x < nodes && !rc; x++) rc = hc_sched_case_own(out, x, 0, k);
  for (uint32_t j = 0; j < nodes && !rc; j++) /* what the rotation means: node G(j + a) holds element j */
    for (uint32_t t = 0; t < k; t++)
      out->expect[(size_t)hc_jo_gray((j + a) % nodes) * mem + k + t] = hc_sched_tag(hc_jo_gray(j), t);
  free(el);
  free(hop);
  if (rc && out->sched) hc_sched_case_free(out);
  return rc;
}

static uint64_t formula(const hc_sf_params *p) { return steps(p) * ((uint64_t)p->m + p->beta); }

/* The farthest element needs its minimal number of hops, one a step. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the link of one element", 1, p->m, (unsigned)steps(p), p->beta);
}

const hc_sf_algo hc_sf_algo_gray_rotate_refl = {
    .name = "gray_rotate_refl",
    .source = "003 (Johnsson) §3.1.4: rotation by DST of a Gray-coded linear array by reflections, every element on "
              "its minimal path, the paths edge-disjoint (d <= 5)",
    .param = "K",
    .takes = HC_SF_TAKES_DST,
    .formula_text = "max_j popcount(G(j) ^ G(j + DST))*(k + beta)",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .paper_steps = steps,
    .paper_steps_text = "max_j popcount(G_j XOR G_(j+DST)) (<= n)",
    .paper_steps_source = "003 §3.1.4 (minimal steps per element; edge-disjoint paths, the conjecture)",
};
