/*
** Rotation of a linear array embedded by the binary-reflected Gray code,
** Johnsson (003 §3.1.4): element j of the 2^d-element array, K words on node
** G(j), moves to node G((j + a) mod 2^d); the amount a is the parameter DST
** (1..2^d - 1). The paper's algorithm: rotate by 2^r for every bit r of a
** that is 1, from the lowest. By Lemma 3.3, G(j) and G(j + 2^r) differ in
** exactly two bits for r > 0, bit r-1 (the paper's dimension r, counted
** from 1) for every j and a second one that depends on j, and in one bit
** for r = 0; so a rotation by 2^r is two routing steps (dimension r-1 for
** all, then each element its own second dimension) and by 1 one step. Each
** step moves every element one hop and is a permutation of the nodes: every
** node sends one element and receives one (one port a node a step). The
** count, 2 popcount(a) - (a mod 2), is at most 2d - 1 (the paper says "up
** to 2n").
**
** Layout: [0, K) own element; [K, 2K) the element rotated in, from node
** G(j - a); [2K, mem) scratch, one slot of K words for each step but the
** last (the element passing through).
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
  if (p->d < 1 || p->d > HC_SF_MAX_D) return hc_sf_why(why, n, "d = %u: this generator takes d = 1..%u", p->d, HC_SF_MAX_D);
  if (p->m == 0) return hc_sf_why(why, n, "K = 0: an element needs at least one word");
  const uint32_t nodes = 1u << p->d;
  if (p->dst == HC_SF_UNSET) p->dst = 1;
  if (p->dst == 0 || p->dst >= nodes)
    return hc_sf_why(why, n, "DST = %u: DST is the rotation amount, 1..%u at d = %u", p->dst, nodes - 1, p->d);
  if ((uint64_t)2 * p->d * p->m * nodes > HC_SCHED_MAX_TOTAL)
    return hc_sf_why(why, n, "K = %u is too large for the schedule's memory", p->m);
  return HC_OK;
}

/* 2 for every 1 bit of a above bit 0, 1 for bit 0. */
static uint64_t steps(const hc_sf_params *p) { return 2ull * hc_sf_popcount(p->dst) - (p->dst & 1u); }

/* Element j's hops for the rotation by a, keyed by the step. */
static uint32_t route(unsigned d, uint32_t a, uint32_t j, hc_jo_hop *hop) {
  const uint32_t mask = (1u << d) - 1;
  uint32_t pos = j, nh = 0;
  for (unsigned r = 0; r < d; r++) {
    if (!((a >> r) & 1u)) continue;
    const uint32_t next = (pos + (1u << r)) & mask, diff = hc_jo_gray(pos) ^ hc_jo_gray(next);
    if (r == 0) {
      assert(hc_sf_popcount(diff) == 1);
      hop[nh] = (hc_jo_hop){(unsigned)__builtin_ctz(diff), nh};
      nh++;
    } else {
      /* Lemma 3.3: bit r-1 and one more */
      assert(hc_sf_popcount(diff) == 2 && ((diff >> (r - 1)) & 1u));
      hop[nh] = (hc_jo_hop){r - 1, nh};
      hop[nh + 1] = (hc_jo_hop){(unsigned)__builtin_ctz(diff ^ (1u << (r - 1))), nh + 1};
      nh += 2;
    }
    pos = next;
  }
  return nh;
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  const unsigned d = p->d;
  const uint32_t nodes = 1u << d, k = p->m, a = p->dst, S = (uint32_t)steps(p);
  hc_jo_elem *el = calloc(nodes, sizeof *el);
  hc_jo_hop *hop = calloc((size_t)nodes * S, sizeof *hop);
  int rc = HC_ENOMEM;
  if (!el || !hop) goto done;
  for (uint32_t j = 0; j < nodes; j++) {
    el[j] = (hc_jo_elem){hc_jo_gray(j), 0, k, j * S, route(d, a, j, hop + (size_t)j * S)};
    assert(el[j].nhops == S);
  }
  if ((rc = hc_jo_route_case(d, k, 2 * k, el, nodes, hop, out))) goto done;
  const uint32_t mem = hc_sched_mem_words(out->sched);
  for (uint32_t x = 0; x < nodes && !rc; x++) rc = hc_sched_case_own(out, x, 0, k);
  /* What the rotation means: node G(j + a) holds element j. */
  for (uint32_t j = 0; j < nodes && !rc; j++)
    for (uint32_t t = 0; t < k; t++)
      out->expect[(size_t)hc_jo_gray((j + a) % nodes) * mem + k + t] = hc_sched_tag(hc_jo_gray(j), t);
done:
  free(el);
  free(hop);
  if (rc) hc_sched_case_free(out);
  return rc;
}

static uint64_t formula(const hc_sf_params *p) { return steps(p) * ((uint64_t)p->m + p->beta); }

/* A link carries one element a step; the farthest element is as many hops
** away as G(j) and G(j + a) differ in bits. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  const uint32_t nodes = 1u << p->d;
  unsigned far = 0;
  for (uint32_t j = 0; j < nodes; j++) {
    const unsigned h = hc_sf_popcount(hc_jo_gray(j) ^ hc_jo_gray((j + p->dst) % nodes));
    if (h > far) far = h;
  }
  hc_sf_bound_set(b, "the link of one element", 1, p->m, far, p->beta);
}

const hc_sf_algo hc_sf_algo_gray_rotate = {
    .name = "gray_rotate",
    .source = "003 (Johnsson) §3.1.4, Lemma 3.3: rotation by DST of a Gray-coded linear array of 2^d elements, "
              "one rotation by 2^r per 1 bit r of DST, one port (d = the paper's n)",
    .param = "K",
    .takes = HC_SF_TAKES_DST,
    .formula_text = "(2 popcount(DST) - DST mod 2)*(k + beta)",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .paper_steps = steps,
    .paper_steps_text = "2 popcount(DST) - (DST mod 2)",
    .paper_steps_source = "003 §3.1.4, Lemma 3.3",
};
