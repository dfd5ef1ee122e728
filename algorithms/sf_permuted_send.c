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
** Both exchanges are the COMPLETE EXCHANGE of algorithms/
** sf_complete_exchange.c (its construction is repeated here with the
** messages' addresses as parameters): the message from s to t at distance
** n goes as n parts of p/n words by O.C. SEND 2 in the subcube of s and t,
** starting in stage d - n, every link carrying one batched packet per
** stage of sum_{j<=k} C(d,j) p/d words; an exchange takes
** 2^(d-1) p + d beta. Each link lists its d packets of the first exchange
** and then its d packets of the second. The links are self-timed, so a
** packet of the second exchange may start as soon as its link is free and
** its words are present; but every link is busy with the first exchange
** until the first exchange ends (every link carries the same words in every
** stage), so nothing overlaps and the run takes exactly the paper's sum of
** the two exchanges, 2 (2^(d-1) m/2^d + d beta) = m + 2 d beta, for every
** permutation. The parts must be whole words: p a multiple of lcm(1..d),
** m a multiple of 2^d lcm(1..d).
*/
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "hc_sf_algo.h"

/* Layout, N = 2^d, p = m/N, R = d 2^(d-1) - 2^d + 1 (the messages a node
** relays in one complete exchange, hc_sf_exchange_mem):
**   [0, m)            own: the message; piece y at y p
**   [m, 2m)           first exchange: block s (at m + s p) receives piece
**                     y of s's message at node y (block y stays 0: y's own
**                     piece y is at y p)
**   [2m, 3m)          second exchange: at node z = perm[x], block y (at
**                     2m + y p) receives piece y of x's message (block z
**                     stays 0: piece z stays where the first exchange put it)
**   [3m, 3m + 2 R p)  scratch: relayed parts, first exchange then second */
static uint64_t relays(unsigned d) { return (uint64_t)d * (1u << (d - 1)) - (1u << d) + 1; }

static uint64_t mem_words(unsigned d, uint32_t m) { return 3ull * m + 2 * relays(d) * (m >> d); }

/* One complete exchange of p-word messages being built. */
typedef struct xchg {
  hc_sched *sc;
  unsigned d;
  uint32_t n, m, p;
  int second;         /* 0: the dispersing exchange, 1: the delivering one */
  const uint32_t *inv; /* inv[z]: the node whose message goes to z */
  uint32_t *cur;      /* [(s n + t) d + i]: where part i of s's message for t lies now */
  uint32_t *bump;     /* [x]: the next free scratch word of x */
} xchg;

/* Where s holds its message for t when the exchange starts. */
static uint32_t msg_from(const xchg *e, uint32_t s, uint32_t t) {
  if (!e->second) return t * e->p; /* own piece t */
  const uint32_t x = e->inv[t];      /* s holds piece s of x's message */
  return x == s ? s * e->p : e->m + x * e->p;
}

/* Where every receiver puts s's message. */
static uint32_t msg_to(const xchg *e, uint32_t s) { return (e->second ? 2 : 1) * e->m + s * e->p; }

/* Add to the open packet of link (x, c) in stage k the part that crosses c
** of the message whose subcube has the dimension set S (c in S, |S| >= d-k):
** with S's dimensions s_0 < ... < s_{n-1}, part i crosses s_i, s_{i+1}, ...
** from stage d - n on (algorithms/sf_complete_exchange.c). */
static int add_part(xchg *e, unsigned k, uint32_t x, unsigned c, uint32_t S) {
  const unsigned d = e->d, sz = hc_sf_popcount(S), q = k - (d - sz);
  unsigned dims[HC_SF_MAX_D], nd = 0, pos = 0;
  for (unsigned b = 0; b < d; b++)
    if (S >> b & 1) {
      if (b == c) pos = nd;
      dims[nd++] = b;
    }
  const unsigned i = (pos + sz - q) % sz;
  uint32_t U = 0;
  for (unsigned j = 0; j < q; j++) U |= 1u << dims[(i + j) % sz];
  const uint32_t src = x ^ U, dst = src ^ S, len = e->p / sz, off = i * len, r = x ^ (1u << c);
  uint32_t *where = &e->cur[((size_t)src * e->n + dst) * d + i];
  const uint32_t from = q == 0 ? msg_from(e, src, dst) + off : *where;
  uint32_t to = msg_to(e, src) + off;
  if (q + 1 < sz) { /* a relay: a fresh scratch slot */
    to = e->bump[r];
    e->bump[r] += len;
  }
  *where = to;
  int rc = hc_sched_gather(e->sc, from, len);
  return rc ? rc : hc_sched_scatter(e->sc, to, len);
}

/* Append the exchange's d packets to every link, in stage order. */
static int exchange(xchg *e) {
  int rc = HC_OK;
  for (unsigned k = 0; k < e->d; k++)
    for (uint32_t x = 0; x < e->n; x++)
      for (unsigned c = 0; c < e->d; c++) {
        if ((rc = hc_sched_begin(e->sc, x, c))) return rc;
        for (uint32_t S = 1; S < e->n; S++)
          if ((S >> c & 1) && hc_sf_popcount(S) + k >= e->d && (rc = add_part(e, k, x, c, S))) return rc;
        if ((rc = hc_sched_end(e->sc))) return rc;
      }
  return rc;
}

/* The case around the schedule: own messages, and the expected memory from
** what a permuted send means (node perm[x] ends with x's message, in the
** pieces the layout says), scratch don't-care. */
static int make_case(const hc_sf_params *p, const uint32_t *inv, hc_sched_case *out) {
  const unsigned d = p->d;
  const uint32_t n = 1u << d, m = p->m, q = m >> d, mem = (uint32_t)mem_words(d, m);
  int rc = hc_sched_new(d, mem, &out->sched);
  if (!rc) rc = hc_sched_case_alloc(out);
  for (uint32_t x = 0; x < n && !rc; x++) rc = hc_sched_case_own(out, x, 0, m);
  if (rc) return rc;
  for (uint32_t y = 0; y < n; y++) {
    uint32_t *e = out->expect + (size_t)y * mem;
    for (uint32_t s = 0; s < n; s++)
      for (uint32_t w = 0; w < q && s != y; w++) {
        e[m + s * q + w] = hc_sched_tag(s, y * q + w);          /* piece y of s */
        e[2 * m + s * q + w] = hc_sched_tag(inv[y], s * q + w); /* piece s of inv[y] */
      }
    memset(out->care + (size_t)y * mem + 3 * m, 0, mem - 3 * (size_t)m);
  }
  return HC_OK;
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  const unsigned d = p->d;
  const uint32_t n = 1u << d;
  if (!p->perm || mem_words(d, p->m) > HC_SCHED_MAX_MEM) return HC_EPARAM;
  xchg e = {.d = d, .n = n, .m = p->m, .p = p->m >> d};
  uint32_t *inv = malloc((size_t)n * sizeof *inv);
  e.cur = malloc((size_t)n * n * d * sizeof *e.cur);
  e.bump = malloc((size_t)n * sizeof *e.bump);
  int rc = inv && e.cur && e.bump ? HC_OK : HC_ENOMEM;
  if (!rc) {
    for (uint32_t x = 0; x < n; x++) inv[p->perm[x]] = x;
    e.inv = inv;
    rc = make_case(p, inv, out);
  }
  if (!rc) {
    e.sc = out->sched;
    for (uint32_t x = 0; x < n; x++) e.bump[x] = 3 * p->m;
    rc = exchange(&e);
  }
  if (!rc) {
    e.second = 1;
    rc = exchange(&e);
  }
  for (uint32_t x = 0; x < n && !rc; x++) assert(e.bump[x] == mem_words(d, p->m));
  free(inv);
  free(e.cur);
  free(e.bump);
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

static int check(hc_sf_params *p, char *why, size_t n) {
  int rc = hc_sf_check_basic(p, unit(p), "M", why, n);
  if (!rc) rc = check_perm(p, why, n);
  if (!rc && mem_words(p->d, p->m) > HC_SCHED_MAX_MEM)
    rc = hc_sf_why(why, n, "M = %u: the %llu words per node of the two exchanges exceed %u", p->m,
                   (unsigned long long)mem_words(p->d, p->m), HC_SCHED_MAX_MEM);
  return rc;
}

/* 000 §6: two complete exchanges of m/2^d words, 2 (2^(d-1) m/2^d + d beta)
** = m + 2 d beta (2^d lcm(1..d) | m). */
static uint64_t formula(const hc_sf_params *p) { return (uint64_t)p->m + 2ull * p->d * p->beta; }

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
    .formula_text = "m + 2*d*beta",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
};
