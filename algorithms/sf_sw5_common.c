/*
** The layout DISTRIBUTE 1, COLLECT and DISTRIBUTE 2 of 000 (Stout & Wagar)
** §5 share, and DISTRIBUTE 1's packet engine (algorithms/sf_sw5.h). The
** engine is COMPLETE EXCHANGE's (algorithms/sf_complete_exchange.c) for the
** one source: the message for t, at distance n, is cut into n pieces of m/n
** words; with the dimensions of t listed in increasing order t_0 < ... <
** t_{n-1}, piece i crosses t_i, t_{i+1}, ... (cyclically), one dimension
** per stage (O.C. SEND 2 in the subcube spanned by the source and t), and
** the sends to distance n start in stage d - n, so that all of them end in
** stage d - 1. Pieces crossing a link in a stage are batched into one
** packet. COLLECT is the same packets reversed: stage s of COLLECT is stage
** d-1-s of DISTRIBUTE 1 with every packet going the other way, gathering
** where the forward packet scattered and scattering where it gathered.
*/
#include <stdlib.h>
#include <string.h>

#include "sf_sw5.h"

uint32_t hc_sw5_mem(unsigned d, uint32_t m) {
  if (d < 1 || d > HC_SF_MAX_D) return 0;
  const uint64_t w = (uint64_t)m << d;
  return w > HC_SCHED_MAX_MEM ? 0 : (uint32_t)w;
}

int hc_sw5_case(unsigned d, uint32_t m, uint32_t src, int collect, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  const uint32_t mem = hc_sw5_mem(d, m), n = 1u << d;
  if (m == 0 || mem == 0 || src >= n) return HC_EPARAM;
  int rc = hc_sched_new(d, mem, &out->sched);
  if (!rc) rc = hc_sched_case_alloc(out);
  if (!rc) rc = collect ? hc_sched_case_own(out, src, src * m, m) : hc_sched_case_own(out, src, 0, mem);
  for (uint32_t y = 0; y < n && !rc; y++)
    if (y != src && collect) rc = hc_sched_case_own(out, y, 0, m);
  if (rc) {
    hc_sched_case_free(out);
    return rc;
  }
  /* What the operation means: block y of the root is node y's [0, m). */
  for (uint32_t y = 0; y < n; y++) {
    if (y == src) continue;
    const size_t base = (size_t)y * mem;
    for (uint32_t w = 0; w < m; w++) {
      if (collect)
        out->expect[(size_t)src * mem + (size_t)y * m + w] = hc_sched_tag(y, w);
      else
        out->expect[base + w] = hc_sched_tag(src, y * m + w);
    }
    memset(out->care + base + m, 0, mem - m);
  }
  return HC_OK;
}

uint64_t hc_sw5_distribute1_formula(unsigned d, uint32_t m, uint32_t beta) {
  return (((uint64_t)1 << d) - 1) * (m / d) + (uint64_t)d * beta;
}

/* The engine's state: the address of every piece at every hop. */
typedef struct d1 {
  unsigned d;
  uint32_t m, src, n;
  uint32_t *addr; /* [(t*d + i)*(d+1) + h]: piece i of t's message at hop h */
} d1;

static uint32_t *d1_at(const d1 *e, uint32_t t, unsigned i, unsigned h) {
  return &e->addr[((size_t)t * e->d + i) * (e->d + 1) + h];
}

/* The dimensions of t in increasing order into dims; returns how many. */
static unsigned d1_dims(unsigned d, uint32_t t, unsigned *dims) {
  unsigned nd = 0;
  for (unsigned b = 0; b < d; b++)
    if (t >> b & 1) dims[nd++] = b;
  return nd;
}

/* Give every piece its address at every hop: at the root its place in
** block t, at t its place in [0, m), between them a fresh scratch slot of
** the relay (relative ids: the relay of hop h is t_i ^ ... ^ t_{i+h-1}). */
static void d1_place(d1 *e, uint32_t *bump) {
  unsigned dims[32];
  for (uint32_t x = 0; x < e->n; x++) bump[x] = e->m;
  for (uint32_t t = 1; t < e->n; t++) {
    const unsigned nt = d1_dims(e->d, t, dims);
    const uint32_t len = e->m / nt;
    for (unsigned i = 0; i < nt; i++) {
      uint32_t v = 0;
      *d1_at(e, t, i, 0) = (t ^ e->src) * e->m + i * len;
      *d1_at(e, t, i, nt) = i * len;
      for (unsigned h = 1; h < nt; h++) {
        v |= 1u << dims[(i + h - 1) % nt];
        *d1_at(e, t, i, h) = bump[v];
        bump[v] += len;
      }
    }
  }
}

/* Append the stage-k packet of link (x, c) (relative x), forward or
** reversed; no packet if no piece crosses it. */
static int d1_link(const d1 *e, hc_sched *s, unsigned k, uint32_t x, unsigned c, int collect) {
  const unsigned q = hc_sf_popcount(x), d = e->d;
  const uint32_t y = x | 1u << c;
  unsigned dims[32];
  int open = 0, rc = HC_OK;
  for (uint32_t t = y; t < e->n && !rc; t++) {
    if ((t & y) != y) continue;
    const unsigned nt = d1_dims(d, t, dims);
    if (nt + k != d + q) continue; /* t's o.c. send is not at hop q now */
    unsigned pos = 0;
    while (dims[pos] != c) pos++;
    const unsigned i = (pos + nt - q) % nt; /* the piece that would cross c */
    uint32_t u = 0;
    for (unsigned j = 0; j < q; j++) u |= 1u << dims[(i + j) % nt];
    if (u != x) continue;
    const uint32_t from = *d1_at(e, t, i, q), to = *d1_at(e, t, i, q + 1), len = e->m / nt;
    if (!open) {
      rc = hc_sched_begin(s, (collect ? y : x) ^ e->src, c);
      open = 1;
    }
    if (!rc) rc = hc_sched_gather(s, collect ? to : from, len);
    if (!rc) rc = hc_sched_scatter(s, collect ? from : to, len);
  }
  if (open && !rc) rc = hc_sched_end(s);
  return rc;
}

int hc_sw5_distribute1_build(unsigned d, uint32_t m, uint32_t src, int collect, hc_sched_case *c) {
  d1 e = {.d = d, .m = m, .src = src, .n = 1u << d};
  uint32_t *bump = malloc((size_t)e.n * sizeof *bump);
  e.addr = malloc((size_t)e.n * d * (d + 1) * sizeof *e.addr);
  int rc = bump && e.addr ? HC_OK : HC_ENOMEM;
  if (!rc) d1_place(&e, bump);
  for (unsigned s = 0; s < d && !rc; s++) {
    const unsigned k = collect ? d - 1 - s : s; /* COLLECT runs the stages backwards */
    for (uint32_t x = 0; x < e.n && !rc; x++)
      for (unsigned b = 0; b < d && !rc; b++)
        if (!(x >> b & 1)) rc = d1_link(&e, c->sched, k, x, b, collect);
  }
  free(bump);
  free(e.addr);
  return rc;
}
