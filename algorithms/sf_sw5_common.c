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

int hc_sw5_case_mem(unsigned d, uint32_t m, uint32_t mem, uint32_t src, int collect, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  const uint32_t n = 1u << d;
  if (m == 0 || mem == 0 || src >= n || (uint64_t)mem < ((uint64_t)m << d)) return HC_EPARAM;
  int rc = hc_sched_new(d, mem, &out->sched);
  if (!rc) rc = hc_sched_case_alloc(out);
  if (!rc) rc = collect ? hc_sched_case_own(out, src, src * m, m) : hc_sched_case_own(out, src, 0, n * m);
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
  memset(out->care + (size_t)src * mem + ((size_t)m << d), 0, mem - ((size_t)m << d)); /* the root's pad */
  return HC_OK;
}

int hc_sw5_case(unsigned d, uint32_t m, uint32_t src, int collect, hc_sched_case *out) {
  return hc_sw5_case_mem(d, m, hc_sw5_mem(d, m), src, collect, out);
}

/* c_n = ceil(m/n): the words of a piece of a message to distance n. */
static uint32_t d1_piece(uint32_t m, unsigned n) { return (uint32_t)(((uint64_t)m + n - 1) / n); }

uint64_t hc_sw5_distribute1_formula(unsigned d, uint32_t m, uint32_t beta) {
  uint64_t t = (uint64_t)d * beta;
  for (unsigned n = 1; n <= d; n++) t += hc_sf_binom(d - 1, n - 1) * d1_piece(m, n);
  return t;
}

/* The engine's state: the address of every piece at every hop. At the
** ends (hop 0 at the root, hop n at t) a piece is its real words and its
** pad, two runs; in between one run of c_n words. */
typedef struct d1 {
  unsigned d;
  uint32_t m, src, n;
  int collect;
  uint32_t *addr; /* [(t*d + i)*(d+1) + h]: piece i of t's message at hop h (ends: the real run) */
  uint32_t *pad;  /* [(t*d + i)*2 + end]: its pad run at the root (end 0) and at t (end 1) */
  uint32_t *bump; /* [x] (relative ids): x's next free scratch word */
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

/* The real words of piece i of a message to distance nt. */
static uint32_t d1_real(const d1 *e, unsigned nt, unsigned i) {
  const uint32_t c = d1_piece(e->m, nt), off = i * c;
  return e->m > off ? (e->m - off < c ? e->m - off : c) : 0;
}

/* A pad run of len words at node x (relative): where the piece's words
** come from (the sender's real words of the same message: the root's block
** t, or t's own message when collecting) or fresh scratch of a receiver. */
static uint32_t d1_pad(d1 *e, uint32_t t, uint32_t x, uint32_t len) {
  const int origin = e->collect ? x == t : x == 0;
  if (origin) return x == 0 ? (t ^ e->src) * e->m : 0;
  const uint32_t a = e->bump[x];
  e->bump[x] += len;
  return a;
}

/* Give every piece its address at every hop: at the root its place in
** block t, at t its place in [0, m), between them a fresh scratch slot of
** the relay (relative ids: the relay of hop h is t_i ^ ... ^ t_{i+h-1}),
** pad as d1_pad says. */
static void d1_place(d1 *e) {
  unsigned dims[32];
  for (uint32_t x = 0; x < e->n; x++) e->bump[x] = x ? e->m : e->m << e->d;
  for (uint32_t t = 1; t < e->n; t++) {
    const unsigned nt = d1_dims(e->d, t, dims);
    const uint32_t len = d1_piece(e->m, nt);
    for (unsigned i = 0; i < nt; i++) {
      uint32_t v = 0, lack = len - d1_real(e, nt, i);
      *d1_at(e, t, i, 0) = (t ^ e->src) * e->m + i * len;
      *d1_at(e, t, i, nt) = i * len;
      for (unsigned h = 1; h < nt; h++) {
        v |= 1u << dims[(i + h - 1) % nt];
        *d1_at(e, t, i, h) = e->bump[v];
        e->bump[v] += len;
      }
      if (lack) {
        e->pad[((size_t)t * e->d + i) * 2] = d1_pad(e, t, 0, lack);
        e->pad[((size_t)t * e->d + i) * 2 + 1] = d1_pad(e, t, t, lack);
      }
    }
  }
}

/* Gather (or scatter) piece i of t's message at hop h. */
static int d1_run(const d1 *e, hc_sched *s, int gather, uint32_t t, unsigned i, unsigned h, unsigned nt) {
  int (*put)(hc_sched *, uint32_t, uint32_t) = gather ? hc_sched_gather : hc_sched_scatter;
  const uint32_t len = d1_piece(e->m, nt), real = d1_real(e, nt, i);
  if (h != 0 && h != nt) return put(s, *d1_at(e, t, i, h), len);
  int rc = real ? put(s, *d1_at(e, t, i, h), real) : HC_OK;
  if (!rc && real < len) rc = put(s, e->pad[((size_t)t * e->d + i) * 2 + (h != 0)], len - real);
  return rc;
}

/* Append the stage-k packet of link (x, c) (relative x), forward or
** reversed; no packet if no piece crosses it. */
static int d1_link(const d1 *e, hc_sched *s, unsigned k, uint32_t x, unsigned c) {
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
    if (!open) {
      rc = hc_sched_begin(s, (e->collect ? y : x) ^ e->src, c);
      open = 1;
    }
    if (!rc) rc = d1_run(e, s, 1, t, i, e->collect ? q + 1 : q, nt);
    if (!rc) rc = d1_run(e, s, 0, t, i, e->collect ? q : q + 1, nt);
  }
  if (open && !rc) rc = hc_sched_end(s);
  return rc;
}

/* The engine's arrays for (d, m, src, collect), placed; HC_OK or HC_ENOMEM. */
static int d1_init(d1 *e, unsigned d, uint32_t m, uint32_t src, int collect) {
  *e = (d1){.d = d, .m = m, .src = src, .n = 1u << d, .collect = collect};
  e->bump = malloc((size_t)e->n * sizeof *e->bump);
  e->addr = malloc((size_t)e->n * d * (d + 1) * sizeof *e->addr);
  e->pad = malloc((size_t)e->n * d * 2 * sizeof *e->pad);
  if (!e->bump || !e->addr || !e->pad) return HC_ENOMEM;
  d1_place(e);
  return HC_OK;
}

static void d1_free(d1 *e) {
  free(e->bump);
  free(e->addr);
  free(e->pad);
}

uint32_t hc_sw5_distribute1_mem(unsigned d, uint32_t m, int collect) {
  if (d < 1 || d > HC_SF_MAX_D || m == 0 || hc_sw5_mem(d, m) == 0) return 0;
  d1 e;
  uint64_t most = (uint64_t)m << d;
  if (d1_init(&e, d, m, 0, collect) == HC_OK)
    for (uint32_t x = 0; x < e.n; x++)
      if (e.bump[x] > most) most = e.bump[x];
  d1_free(&e);
  return most > HC_SCHED_MAX_MEM ? 0 : (uint32_t)most;
}

int hc_sw5_distribute1_build(unsigned d, uint32_t m, uint32_t src, int collect, hc_sched_case *c) {
  d1 e;
  int rc = d1_init(&e, d, m, src, collect);
  for (unsigned s = 0; s < d && !rc; s++) {
    const unsigned k = collect ? d - 1 - s : s; /* COLLECT runs the stages backwards */
    for (uint32_t x = 0; x < e.n && !rc; x++)
      for (unsigned b = 0; b < d && !rc; b++)
        if (!(x >> b & 1)) rc = d1_link(&e, c->sched, k, x, b);
  }
  d1_free(&e);
  return rc;
}

uint32_t hc_sw5_unit(const hc_sf_params *p) { return (uint32_t)hc_sf_lcm_upto(p->d); }

int hc_sw5_check(hc_sf_params *p, int collect, char *why, size_t n) {
  int rc = hc_sf_check_basic(p, 1, "M", why, n);
  if (!rc && hc_sw5_distribute1_mem(p->d, p->m, collect) == 0)
    return hc_sf_why(why, n, "M = %u: the root's 2^%u blocks of M words exceed a node's memory", p->m, p->d);
  return rc;
}
