/*
** PERMUTED SEND of Stout & Wagar (shared/seeds/000 §6), the deterministic
** analogue of Valiant's randomized routing, as a store-and-forward schedule:
** every node x sends its m words to perm[x]. Each node cuts its message
** into 2^d pieces of p = m/2^d words; a first COMPLETE EXCHANGE of p-word
** messages disperses them (node y receives piece y of every node), and
** since perm is a permutation node y then holds exactly one piece for every
** destination, so a second complete exchange delivers them (piece y of x
** goes from y to perm[x]). A piece whose next node is the node itself
** stays where it is: there is no local copy.
**
** Both exchanges are the engine of algorithms/sf_xchg.c (COMPLETE
** EXCHANGE's construction) with this layout's addresses: the message from
** s to t at distance n goes as n parts of p/n words by O.C. SEND 2 in the
** subcube of s and t, starting in stage d - n; an exchange takes
** 2^(d-1) p + d beta. Each link lists its d packets of the first exchange
** and then its d packets of the second. The links are self-timed, but
** every link is busy with the first exchange until the first exchange
** ends (every link carries the same words in every stage), so nothing
** overlaps and the run takes exactly the paper's sum of the two exchanges,
** 2 (2^(d-1) m/2^d + d beta) = m + 2 d beta, for every permutation.
**
** Rounding. The paper needs m a multiple of 2^d lcm(1..d). Any m >= 1 is
** accepted: the pieces are p = ceil(m/2^d) words (when 2^d does not divide
** m the last pieces are short, and those past m empty, and are filled with
** pad: real words read again, landing in words the result does not
** check), and a part of a distance-n piece is ceil(p/n) words (pad as in
** COMPLETE EXCHANGE). Both exchanges stay uniform on every link, so the
** time is exactly 2 (sum_n C(d-1,n-1) n ceil(p/n) + d beta), which is
** m + 2 d beta when 2^d lcm(1..d) divides m.
*/
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "hc_sf_algo.h"
#include "sf_xchg.h"

/* Layout, N = 2^d, p = ceil(m/N) (m/N when N divides m), X =
** hc_xchg_scratch(d, p) (the scratch of one exchange of p-word messages):
**   [0, m)                 own: the message; piece y at y p (its words
**                          at or past m do not exist: pad)
**   [m, m + N p)           first exchange: block s (at m + s p) receives
**                          piece y of s's message at node y (block y stays
**                          0: y's own piece y is at y p)
**   [m + N p, m + 2 N p)   second exchange: at node z = perm[x], block y
**                          (at m + N p + y p) receives piece y of x's
**                          message (block z stays 0: piece z stays where
**                          the first exchange put it)
**   [m + 2 N p, ... + 2 X) scratch: relayed parts and pad, first exchange
**                          then second
** A block's words past the message's end carry pad (care = 0). */
static uint32_t piece_len(unsigned d, uint32_t m) { return (uint32_t)(((uint64_t)m + (1u << d) - 1) >> d); }

static uint64_t mem_words(unsigned d, uint32_t m) {
  const uint64_t p = piece_len(d, m);
  return (uint64_t)m + (2 * p << d) + 2 * hc_xchg_scratch(d, (uint32_t)p);
}

/* The two exchanges' word maps. */
typedef struct ps_ctx {
  uint32_t n, m, p;
  const uint32_t *inv; /* inv[z]: the node whose message goes to z */
} ps_ctx;

/* Word w of piece y of the own message, or a real word as filler. */
static uint32_t own_word(const ps_ctx *c, uint32_t y, uint32_t w) { return (y * c->p + w) % c->m; }

static uint32_t first_from(const void *ctx, uint32_t x, uint32_t y, uint32_t w) {
  (void)x;
  return own_word(ctx, y, w);
}

static uint32_t first_to(const void *ctx, uint32_t x, uint32_t y, uint32_t w) {
  const ps_ctx *c = ctx;
  (void)y;
  return c->m + x * c->p + w;
}

/* Node y holds piece y of x = inv[z]'s message: its own, or block x. */
static uint32_t second_from(const void *ctx, uint32_t y, uint32_t z, uint32_t w) {
  const ps_ctx *c = ctx;
  const uint32_t x = c->inv[z];
  return x == y ? own_word(c, y, w) : c->m + x * c->p + w;
}

static uint32_t second_to(const void *ctx, uint32_t y, uint32_t z, uint32_t w) {
  const ps_ctx *c = ctx;
  (void)z;
  return c->m + c->n * c->p + y * c->p + w;
}

/* The case around the schedule: own messages, and the expected memory from
** what a permuted send means (node perm[x] ends with x's message, in the
** pieces the layout says), scratch and pad don't-care. */
static int make_case(const hc_sf_params *p, const uint32_t *inv, hc_sched_case *out) {
  const unsigned d = p->d;
  const uint32_t n = 1u << d, m = p->m, q = piece_len(d, m), mem = (uint32_t)mem_words(d, m);
  const uint32_t second = m + n * q;
  int rc = hc_sched_new(d, mem, &out->sched);
  if (!rc) rc = hc_sched_case_alloc(out);
  for (uint32_t x = 0; x < n && !rc; x++) rc = hc_sched_case_own(out, x, 0, m);
  if (rc) return rc;
  for (uint32_t y = 0; y < n; y++) {
    uint32_t *e = out->expect + (size_t)y * mem;
    uint8_t *care = out->care + (size_t)y * mem;
    for (uint32_t s = 0; s < n; s++)
      for (uint32_t w = 0; w < q && s != y; w++) {
        const int ry = y * q + w < m, rs = s * q + w < m; /* real words */
        e[m + s * q + w] = ry ? hc_sched_tag(s, y * q + w) : 0;           /* piece y of s */
        care[m + s * q + w] = (uint8_t)ry;
        e[second + s * q + w] = rs ? hc_sched_tag(inv[y], s * q + w) : 0; /* piece s of inv[y] */
        care[second + s * q + w] = (uint8_t)rs;
      }
    memset(care + second + n * q, 0, mem - second - (size_t)n * q);
  }
  return HC_OK;
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  const unsigned d = p->d;
  const uint32_t n = 1u << d;
  if (!p->perm || p->m == 0 || mem_words(d, p->m) > HC_SCHED_MAX_MEM) return HC_EPARAM;
  ps_ctx c = {.n = n, .m = p->m, .p = piece_len(d, p->m)};
  uint32_t *inv = malloc((size_t)n * sizeof *inv), *bump = malloc((size_t)n * sizeof *bump);
  int rc = inv && bump ? HC_OK : HC_ENOMEM;
  if (!rc) {
    for (uint32_t x = 0; x < n; x++) inv[p->perm[x]] = x;
    c.inv = inv;
    rc = make_case(p, inv, out);
  }
  const hc_xchg_map first = {c.p, first_from, first_to, &c}, second = {c.p, second_from, second_to, &c};
  for (uint32_t x = 0; x < n && !rc; x++) bump[x] = p->m + 2 * n * c.p;
  if (!rc) rc = hc_xchg_build(out->sched, d, &first, bump);
  if (!rc) rc = hc_xchg_build(out->sched, d, &second, bump);
  for (uint32_t x = 0; x < n && !rc; x++) assert(bump[x] == mem_words(d, p->m));
  free(inv);
  free(bump);
  if (rc) hc_sched_case_free(out);
  return rc;
}

static uint32_t unit(const hc_sf_params *p) {
  return p->d >= 1 && p->d <= HC_SF_MAX_D ? (uint32_t)(hc_sf_lcm_upto(p->d) << p->d) : 0;
}

/* PERM must be given and be a permutation of the nodes. */
static int check_perm(const hc_sf_params *p, char *why, size_t n) {
  const uint32_t nodes = 1u << p->d;
  if (!p->perm)
    return hc_sf_why(why, n, "PERMUTED SEND needs PERM (random, bitrev, transpose, shuffle, inversion, or a file)");
  unsigned char seen[1u << HC_SF_MAX_D] = {0};
  for (uint32_t x = 0; x < nodes; x++) {
    if (p->perm[x] >= nodes)
      return hc_sf_why(why, n, "PERM[%u] = %u is not a node of the %u-cube", x, p->perm[x], p->d);
    if (seen[p->perm[x]]++) return hc_sf_why(why, n, "PERM sends two nodes to %u: not a permutation", p->perm[x]);
  }
  return HC_OK;
}

/* Any m >= 1 (pieces and parts rounded up). */
static int check(hc_sf_params *p, char *why, size_t n) {
  int rc = hc_sf_check_basic(p, 1, "M", why, n);
  if (!rc) rc = check_perm(p, why, n);
  if (!rc && mem_words(p->d, p->m) > HC_SCHED_MAX_MEM)
    rc = hc_sf_why(why, n, "M = %u: the %llu words per node of the two exchanges exceed %u", p->m,
                   (unsigned long long)mem_words(p->d, p->m), HC_SCHED_MAX_MEM);
  return rc;
}

/* 000 §6: two complete exchanges of m/2^d words, 2 (2^(d-1) m/2^d + d beta)
** = m + 2 d beta (2^d lcm(1..d) | m); in general two exchanges of
** p = ceil(m/2^d) words with parts of ceil(p/n) (hc_xchg_time). */
static uint64_t formula(const hc_sf_params *p) { return 2 * hc_xchg_time(p->d, piece_len(p->d, p->m), p->beta); }

static const char *const cut_text[HC_SF_MAX_D] = {
    "the 2^d links of dimension 0 (the most loaded dimension cut)",
    "the 2^d links of dimension 1 (the most loaded dimension cut)",
    "the 2^d links of dimension 2 (the most loaded dimension cut)",
    "the 2^d links of dimension 3 (the most loaded dimension cut)",
    "the 2^d links of dimension 4 (the most loaded dimension cut)",
    "the 2^d links of dimension 5 (the most loaded dimension cut)",
    "the 2^d links of dimension 6 (the most loaded dimension cut)",
    "the 2^d links of dimension 7 (the most loaded dimension cut)",
    "the 2^d links of dimension 8 (the most loaded dimension cut)",
    "the 2^d links of dimension 9 (the most loaded dimension cut)",
};

/* 000 §9 for the permutation given: the 2^d links of dimension j must carry
** the m words of every x whose bit j differs from perm[x]'s; the largest
** such cut (ties: the higher dimension, the paper's halves), and the
** longest distance from x to perm[x]. For the inversion this is the
** paper's worst case, m + beta. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  const uint32_t n = 1u << p->d;
  uint64_t most = 0;
  unsigned dim = p->d - 1, hops = 0;
  for (unsigned j = 0; j < p->d; j++) {
    uint64_t cross = 0;
    for (uint32_t x = 0; x < n; x++) cross += ((x ^ p->perm[x]) >> j) & 1u;
    if (cross >= most) {
      most = cross;
      dim = j;
    }
  }
  for (uint32_t x = 0; x < n; x++) {
    const unsigned h = hc_sf_popcount(x ^ p->perm[x]);
    if (h > hops) hops = h;
  }
  hc_sf_bound_set(b, cut_text[dim], n, most * p->m, hops, p->beta);
}

const hc_sf_algo hc_sf_algo_permuted_send = {
    .name = "permuted_send",
    .source = "000 (Stout & Wagar) §6, PERMUTED SEND",
    .param = "M",
    .takes = HC_SF_TAKES_PERM,
    .formula_text = "m + 2*d*beta; rounded: 2*(sum_n C(d-1,n-1)*n*ceil(p/n) + d*beta), p = ceil(m/2^d)",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
};
