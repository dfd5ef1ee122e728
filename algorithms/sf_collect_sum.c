/*
** COLLECT with a sum (MPI's reduce) as a store-and-forward schedule with
** in-network combining (docs/store_and_forward.md, section 1): every node
** owns an m-word vector (words 0..m-1) and the root ends with the sum of
** all of them, word by word, mod 2^32. It is BROADCAST 2 of Stout & Wagar
** (shared/seeds/000 §2; algorithms/sf_broadcast2.c) run backwards with op
** add: the vector is cut into d pieces P_0..P_{d-1} of m/d words; piece i
** is summed along the reverse of its broadcast tree, whose stage k (0..d-1)
** has the nodes rot_i(j) XOR root, j < 2^k, send over dimension
** (i+k) mod d: here the stages run from k = d-1 down to 0 and each such
** packet goes the other way, from rot_i(j) ^ 2^((i+k) mod d) XOR root to
** rot_i(j) XOR root, adding the sender's piece i (own value plus what its
** subtree contributed) into the receiver's. A node receives piece i at
** most once per dimension. The dependency graph is the broadcast's with
** every edge reversed, so its longest path is the same, m + d beta. The
** non-root nodes' words end as partial sums: scratch (care = 0).
*/
#include <string.h>

#include "hc_sf_algo.h"

static uint32_t unit(const hc_sf_params *p) { return p->d; }

static int check(hc_sf_params *p, char *why, size_t n) {
  return hc_sf_check_basic(p, p->d, "M", why, n);
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  const unsigned d = p->d;
  const uint32_t m = p->m, n = 1u << d, q = m / d, root = p->src;
  memset(out, 0, sizeof *out);
  int rc = hc_sched_new(d, m, &out->sched);
  if (!rc) rc = hc_sched_case_alloc(out);
  for (uint32_t x = 0; x < n && !rc; x++) rc = hc_sched_case_own(out, x, 0, m);
  for (unsigned s = 0; s < d && !rc; s++) {
    unsigned k = d - 1 - s;
    for (unsigned i = 0; i < d && !rc; i++) {
      unsigned c = (i + k) % d;
      for (uint32_t j = 0; j < (1u << k) && !rc; j++) {
        uint32_t to = hc_sf_rotl(j, i, d) ^ root, from = to ^ (1u << c);
        if (!(rc = hc_sched_begin_op(out->sched, from, c, HC_SCHED_ADD)) &&
            !(rc = hc_sched_gather(out->sched, i * q, q)) &&
            !(rc = hc_sched_scatter(out->sched, i * q, q)))
          rc = hc_sched_end(out->sched);
      }
    }
  }
  if (rc) {
    hc_sched_case_free(out);
    return rc;
  }
  /* What a sum at the root means; the other nodes' words are scratch. */
  for (uint32_t x = 0; x < n; x++)
    for (uint32_t a = 0; a < m; a++) {
      size_t w = (size_t)x * m + a;
      out->care[w] = x == root;
      out->expect[w] = 0;
      if (x != root) continue;
      for (uint32_t y = 0; y < n; y++) out->expect[w] += out->init[(size_t)y * m + a];
    }
  return HC_OK;
}

/* The reverse of BROADCAST 2: m + d beta. */
static uint64_t formula(const hc_sf_params *p) {
  return (uint64_t)p->m + (uint64_t)p->d * p->beta;
}

/* 000 §9 for the reverse: S = the d incoming links of the root, a = m
** (each of the root's m sums needs a word from outside); the farthest
** contribution travels d hops. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the d incoming links of the root", p->d, p->m, p->d, p->beta);
}

const hc_sf_algo hc_sf_algo_collect_sum = {
    .name = "collect_sum",
    .source = "000 (Stout & Wagar) §2 reversed, COLLECT with a sum",
    .param = "M",
    .takes = HC_SF_TAKES_SRC,
    .formula_text = "m + d*beta",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
};
