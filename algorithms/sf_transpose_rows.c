/*
** MATRIX TRANSPOSITION stored by rows, of Stout & Wagar (shared/seeds/000
** §7.1), as a store-and-forward generator. The N x N matrix M is stored in
** blocks of R = N/2^d consecutive rows: node x holds rows xR .. xR+R-1, row
** r at words [rN, rN + N) of its own data [0, RN). After the transposition
** node y holds rows yR .. yR+R-1 of M^T in the same layout in its result
** [RN, 2RN). Node s must send node t the R x R block of its rows and t's
** columns, m = N^2/2^(2d) words: a COMPLETE EXCHANGE (000 §6), the engine
** of algorithms/sf_xchg.c (completed DISTRIBUTE 1, one batched packet per
** link and stage) with the matrix's addresses: word w = r R + j of s's message for t is M[sR + r][tR + j], read at rN + tR + j, and
** written at t as M^T[tR + j][sR + r], at RN + jN + sR + r. The diagonal
** block (s = t) would need a local copy, which the model does not have: it
** is never written and not checked (care = 0); it is the node's own block,
** read transposed. Size parameter M = N (the matrix order). The paper's
** time needs every n = 1..d to divide m = R^2; any R >= 1 is accepted (N
** a multiple of 2^d), the pieces of a distance-n message being ceil(m/n)
** words with pad as in COMPLETE EXCHANGE, which takes exactly
** sum_n C(d-1,n-1) n ceil(m/n) + d beta.
*/
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "hc_sched_algos.h"
#include "sf_xchg.h"

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

/* Words per node: own rows, result rows, the exchange's scratch. */
static uint64_t rows_mem(const rows_geo *g) { return 2ull * g->R * g->N + hc_xchg_scratch(g->d, g->m); }

/* The case: own rows, the expected rows of M^T computed from the entries. */
static int rows_case(const rows_geo *g, hc_sched_case *out) {
  const uint32_t mem = (uint32_t)rows_mem(g), own = g->R * g->N;
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

/* The exchange's words: word w = r R + j of s's message for t is
** M[sR + r][tR + j], read from s's rows and written transposed into t's. */
static uint32_t rows_from(const void *ctx, uint32_t s, uint32_t t, uint32_t w) {
  (void)s;
  return src_addr(ctx, t, w);
}

static uint32_t rows_to(const void *ctx, uint32_t s, uint32_t t, uint32_t w) {
  (void)t;
  return dst_addr(ctx, s, w);
}

static int transpose_rows(unsigned d, uint32_t N, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  const rows_geo g = geo(d, N);
  const hc_xchg_map map = {g.m, rows_from, rows_to, &g};
  int rc = rows_case(&g, out);
  uint32_t *bump = rc ? NULL : malloc((size_t)g.n * sizeof *bump);
  if (!rc && !bump) rc = HC_ENOMEM;
  for (uint32_t x = 0; x < g.n && !rc; x++) bump[x] = 2 * g.R * g.N;
  if (!rc) rc = hc_xchg_build(out->sched, d, &map, bump);
  for (uint32_t x = 0; x < g.n && !rc; x++) assert(bump[x] == rows_mem(&g));
  free(bump);
  if (rc) hc_sched_case_free(out);
  return rc;
}

static uint32_t unit(const hc_sf_params *p) {
  return p->d >= 1 && p->d <= HC_SF_MAX_D ? rows_unit(p->d) << p->d : 1;
}

/* N a positive multiple of 2^d (whole rows per node); any block size
** R^2 (pieces rounded up); the memory must fit. */
static int check(hc_sf_params *p, char *why, size_t n) {
  const unsigned d = p->d;
  if (d < 1 || d > HC_SF_MAX_D) return hc_sf_why(why, n, "d = %u: the generators take d = 1..%u", d, HC_SF_MAX_D);
  if (p->m == 0 || p->m % (1u << d))
    return hc_sf_why(why, n, "M = N = %u: the matrix order must be a positive multiple of 2^d = %u, so that every "
                     "node has N/2^d whole rows", p->m, 1u << d);
  const uint64_t R = p->m >> d;
  const rows_geo g = geo(d, p->m);
  if (R * R > HC_SCHED_MAX_MEM || rows_mem(&g) > HC_SCHED_MAX_MEM)
    return hc_sf_why(why, n, "M = N = %u: the rows, their transpose and the exchange's scratch exceed %u words "
                     "per node", p->m, HC_SCHED_MAX_MEM);
  if (p->src == HC_SF_UNSET) p->src = 0;
  return HC_OK;
}

static int build(const hc_sf_params *p, hc_sched_case *out) { return transpose_rows(p->d, p->m, out); }

/* 2^(d-1) N^2/2^(2d) + d beta = N^2/2^(d+1) + d beta, exactly the
** exchange's time hc_xchg_time at m = R^2 (pieces rounded up). */
static uint64_t formula(const hc_sf_params *p) {
  const uint32_t R = p->m >> p->d;
  return hc_xchg_time(p->d, R * R, p->beta);
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
    .formula_text = "N^2/2^(d+1) + d*beta (complete exchange of m = N^2/2^(2d) words); rounded: "
                    "sum_n C(d-1,n-1)*n*ceil(m/n) + d*beta; M = N",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
};
