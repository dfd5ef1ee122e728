/*
** MATRIX TRANSPOSITION stored by rows, of Stout & Wagar (shared/seeds/000
** §7.1), as a store-and-forward generator. The N x N matrix M is stored in
** blocks of R = N/2^d consecutive rows: node x holds rows xR .. xR+R-1, row
** r at words [rN, rN + N) of its own data [0, RN). After the transposition
** node y holds rows yR .. yR+R-1 of M^T in the same layout in its result
** [RN, 2RN). Node s must send node t the R x R block of its rows and t's
** columns, m = N^2/2^(2d) words: a COMPLETE EXCHANGE (000 §6), built here as
** in algorithms/sf_complete_exchange.c (completed DISTRIBUTE 1, one batched
** packet per link and stage) but with the matrix's addresses: word w = r R
** + j of s's message for t is M[sR + r][tR + j], read at rN + tR + j, and
** written at t as M^T[tR + j][sR + r], at RN + jN + sR + r. The diagonal
** block (s = t) would need a local copy, which the model does not have: it
** is never written and not checked (care = 0); it is the node's own block,
** read transposed. Size parameter M = N (the matrix order).
*/
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "hc_sched_algos.h"

/* The smallest R with R^2 a multiple of lcm(1..d): every valid R is a
** multiple of it (each prime needs half its exponent, rounded up). */
static uint32_t rows_unit(unsigned d) {
  const uint64_t l = hc_sf_lcm_upto(d);
  uint32_t r = 1;
  while (((uint64_t)r * r) % l) r++;
  return r;
}

/* The layout's sizes from N: R rows per node, m words per message. */
typedef struct rows_geo {
  unsigned d;
  uint32_t n, N, R, m;
} rows_geo;

static rows_geo geo(unsigned d, uint32_t N) {
  rows_geo g = {d, 1u << d, N, N >> d, (N >> d) * (N >> d)};
  return g;
}

/* Where word w of s's message for t is, in s's own data. */
static uint32_t src_addr(const rows_geo *g, uint32_t t, uint32_t w) {
  return (w / g->R) * g->N + t * g->R + w % g->R;
}

/* Where word w of s's message lands in t's result. */
static uint32_t dst_addr(const rows_geo *g, uint32_t s, uint32_t w) {
  return g->R * g->N + (w % g->R) * g->N + s * g->R + w / g->R;
}

/* The case: own rows, the expected rows of M^T computed from the entries. */
static int rows_case(const rows_geo *g, hc_sched_case *out) {
  const uint32_t mem = hc_sf_exchange_mem(g->d, g->m), own = g->R * g->N;
  int rc = hc_sched_new(g->d, mem, &out->sched);
  if (!rc) rc = hc_sched_case_alloc(out);
  for (uint32_t x = 0; x < g->n && !rc; x++) rc = hc_sched_case_own(out, x, 0, own);
  if (rc) return rc;
  for (uint32_t y = 0; y < g->n; y++) {
    const size_t base = (size_t)y * mem;
    for (uint32_t r = 0; r < g->R; r++)
      for (uint32_t j = 0; j < g->N; j++) { /* M^T[yR + r][j] = M[j][yR + r] */
        const uint32_t owner = j / g->R, at = (j % g->R) * g->N + y * g->R + r;
        const size_t i = base + own + (size_t)r * g->N + j;
        out->expect[i] = owner == y ? 0 : hc_sched_tag(owner, at);
        out->care[i] = owner != y;
      }
    memset(out->care + base + 2 * (size_t)own, 0, mem - 2 * (size_t)own);
  }
  return HC_OK;
}

/* The words off..off+len-1 of s's message for t: from its own rows at the
** first hop, into t's result at the last (segments merge where they can). */
static int piece(hc_sched *s, const rows_geo *g, uint32_t src, uint32_t dst, uint32_t off, uint32_t len,
                 uint32_t from, uint32_t to, int first, int last) {
  int rc = HC_OK;
  for (uint32_t w = off; w < off + len && !rc; w++) rc = hc_sched_gather(s, first ? src_addr(g, dst, w) : from + w - off, 1);
  for (uint32_t w = off; w < off + len && !rc; w++) rc = hc_sched_scatter(s, last ? dst_addr(g, src, w) : to + w - off, 1);
  return rc;
}

/* Stage k's packet on link (x, c): every message whose subcube contains
** dimension c and whose o.c. send is running, its piece now crossing c
** (the construction of sf_complete_exchange.c). */
static int rows_packet(hc_sched *sc, const rows_geo *g, unsigned k, uint32_t x, unsigned c, uint32_t *cur,
                       uint32_t *bump) {
  const unsigned d = g->d;
  const uint32_t r = x ^ (1u << c);
  int rc = hc_sched_begin(sc, x, c);
  for (uint32_t S = 1; S < g->n && !rc; S++) {
    const unsigned sz = hc_sf_popcount(S);
    if (!(S >> c & 1) || sz + k < d) continue;
    const unsigned q = k - (d - sz);
    unsigned dims[32], nd = 0, pos = 0;
    for (unsigned b = 0; b < d; b++)
      if (S >> b & 1) {
        if (b == c) pos = nd;
        dims[nd++] = b;
      }
    const unsigned i = (pos + sz - q % sz) % sz;
    uint32_t U = 0;
    for (unsigned j = 0; j < q; j++) U |= 1u << dims[(i + j) % sz];
    const uint32_t src = x ^ U, dst = src ^ S, len = g->m / sz;
    uint32_t *where = &cur[((size_t)src * g->n + dst) * d + i];
    uint32_t to = 0;
    if (q + 1 < sz) {
      to = bump[r];
      bump[r] += len;
    } else
      assert(r == dst);
    rc = piece(sc, g, src, dst, i * len, len, *where, to, q == 0, q + 1 == sz);
    *where = to;
  }
  return rc ? rc : hc_sched_end(sc);
}

static int transpose_rows(unsigned d, uint32_t N, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  const rows_geo g = geo(d, N);
  int rc = rows_case(&g, out);
  uint32_t *cur = rc ? NULL : malloc((size_t)g.n * g.n * d * sizeof *cur);
  uint32_t *bump = rc ? NULL : malloc((size_t)g.n * sizeof *bump);
  if (!rc && (!cur || !bump)) rc = HC_ENOMEM;
  for (uint32_t x = 0; x < g.n && !rc; x++) bump[x] = 2 * g.R * g.N;
  for (unsigned k = 0; k < d && !rc; k++)
    for (uint32_t x = 0; x < g.n && !rc; x++)
      for (unsigned c = 0; c < d && !rc; c++) rc = rows_packet(out->sched, &g, k, x, c, cur, bump);
  for (uint32_t x = 0; x < g.n && !rc; x++) assert(bump[x] == hc_sf_exchange_mem(d, g.m));
  free(cur);
  free(bump);
  if (rc) hc_sched_case_free(out);
  return rc;
}

static uint32_t unit(const hc_sf_params *p) {
  return p->d >= 1 && p->d <= HC_SF_MAX_D ? rows_unit(p->d) << p->d : 1;
}

static int check(hc_sf_params *p, char *why, size_t n) {
  const unsigned d = p->d;
  if (d < 1 || d > HC_SF_MAX_D) return hc_sf_why(why, n, "d = %u: the generators take d = 1..%u", d, HC_SF_MAX_D);
  const uint32_t u = rows_unit(d);
  if (p->m == 0 || p->m % (1u << d) || (p->m >> d) % u)
    return hc_sf_why(why, n, "M = N = %u: the matrix order must be a positive multiple of 2^d * %u = %u at d = %u, "
                     "so that every node has N/2^d rows and the messages of N^2/2^(2d) words split into whole "
                     "pieces of m/n for n = 1..d", p->m, u, u << d, d);
  const uint64_t R = p->m >> d;
  if (R * R > HC_SCHED_MAX_MEM || !hc_sf_exchange_mem(d, (uint32_t)(R * R)))
    return hc_sf_why(why, n, "M = N = %u: the exchange's memory (2^(d+1) + d 2^(d-1) - 2^d + 1) N^2/2^(2d) words "
                     "per node is above the schedule limit %u", p->m, HC_SCHED_MAX_MEM);
  if (p->src == HC_SF_UNSET) p->src = 0;
  return HC_OK;
}

static int build(const hc_sf_params *p, hc_sched_case *out) { return transpose_rows(p->d, p->m, out); }

/* 2^(d-1) N^2/2^(2d) + d beta = N^2/2^(d+1) + d beta. */
static uint64_t formula(const hc_sf_params *p) {
  const uint64_t R = p->m >> p->d;
  return (R * R << (p->d - 1)) + (uint64_t)p->d * p->beta;
}

/* 000 §9 as COMPLETE EXCHANGE: the 2^d links between the halves carry
** 2^(2d-1) messages of N^2/2^(2d) words; the opposite corner is d hops. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  const uint64_t R = p->m >> p->d;
  hc_sf_bound_set(b, "the 2^d links between the halves", 1ull << p->d, R * R << (2 * p->d - 1), p->d, p->beta);
}

const hc_sf_algo hc_sf_algo_transpose_rows = {
    .name = "transpose_rows",
    .source = "000 (Stout & Wagar) §7.1, MATRIX TRANSPOSITION (stored by rows)",
    .param = "M",
    .formula_text = "N^2/2^(d+1) + d*beta (complete exchange of N^2/2^(2d) words); M = N",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
};
