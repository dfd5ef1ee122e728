/*
** The shared part of the o.c. send family of 000 (Stout & Wagar) §3-§4
** (declared in sf_ocsend.h): the O.C. SEND 3 / 4 and X.O.C. SEND 1 / 2
** builder, the case layout (mem = m, word a at address a everywhere), the
** parameter checks and the paper's times. The builder keeps, for each node of
** the subcube (indexed by its subset mask over the dimension list), the list
** of word segments it holds in the current group; in stage k every node of
** level k deals what it holds, in order, into n-k equal pieces, one per
** upward link in list order, and the receivers append the pieces in the
** order of the senders' masks. That is O.C. SEND 3's "evenly distributed
** among C_k" with a concrete choice of which words go where.
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sf_ocsend.h"

/* A growable list of segments: what one node of the subcube holds. */
typedef struct segv {
  hc_seg *v;
  size_t n, cap;
} segv;

static int segv_push(segv *h, uint32_t addr, uint32_t len) {
  if (h->n && h->v[h->n - 1].addr + h->v[h->n - 1].len == addr) { /* continues the last one */
    h->v[h->n - 1].len += len;
    return HC_OK;
  }
  if (h->n == h->cap) {
    size_t cap = h->cap ? 2 * h->cap : 4;
    hc_seg *v = realloc(h->v, cap * sizeof *v);
    if (!v) return HC_ENOMEM;
    h->v = v;
    h->cap = cap;
  }
  h->v[h->n++] = (hc_seg){addr, len};
  return HC_OK;
}

unsigned hc_oc_dims(uint32_t mask, unsigned *dims) {
  unsigned n = 0;
  for (unsigned b = 0; b < 32; b++)
    if (mask >> b & 1) dims[n++] = b;
  return n;
}

void hc_oc_path_ends(hc_oc_path *p, uint32_t src, uint32_t dst) {
  memset(p, 0, sizeof *p);
  p->corner = src;
  p->n = hc_oc_dims(src ^ dst, p->dims);
  p->in_dim = p->out_dim = -1;
}

void hc_oc_path_xoc(hc_oc_path *p, uint32_t src, uint32_t dst) {
  unsigned e[32];
  const unsigned n = hc_oc_dims(src ^ dst, e);
  memset(p, 0, sizeof *p);
  p->corner = src ^ (1u << e[0]);
  p->n = n - 2;
  for (unsigned j = 0; j < p->n; j++) p->dims[j] = e[j + 1];
  p->in_dim = (int)e[0];
  p->out_dim = (int)e[n - 1];
}

/* The node of the subcube whose subset mask (over p->dims) is u. */
static uint32_t node_of(const hc_oc_path *p, uint32_t u) {
  uint32_t x = p->corner;
  for (unsigned j = 0; j < p->n; j++)
    if (u >> j & 1) x ^= 1u << p->dims[j];
  return x;
}

/* One packet on (node, dim) carrying the segments v[0..nv-1] to the same addresses. */
static int packet(hc_sched *s, uint32_t node, unsigned dim, const hc_seg *v, size_t nv) {
  int rc = hc_sched_begin(s, node, dim);
  for (size_t i = 0; i < nv && !rc; i++) rc = hc_sched_gather(s, v[i].addr, v[i].len);
  for (size_t i = 0; i < nv && !rc; i++) rc = hc_sched_scatter(s, v[i].addr, v[i].len);
  return rc ? rc : hc_sched_end(s);
}

/*
** Stage k of one group: every node of level k deals its holdings h[u] into
** n-k pieces, piece by piece (built in tmp) to the links up in list order;
** the piece's segments also go to the receiver's holdings.
*/
static int oc_stage(hc_sched *s, const hc_oc_path *p, segv *h, segv *tmp, unsigned k) {
  const unsigned n = p->n;
  for (uint32_t u = 0; u < (1u << n); u++) {
    if (hc_sf_popcount(u) != k) continue;
    uint64_t held = 0;
    for (size_t i = 0; i < h[u].n; i++) held += h[u].v[i].len;
    const uint32_t piece = (uint32_t)(held / (n - k));
    size_t si = 0; /* the segment being dealt, and how much of it is gone */
    uint32_t used = 0;
    for (unsigned j = 0; j < n; j++) {
      if (u >> j & 1) continue;
      int rc = HC_OK;
      tmp->n = 0;
      for (uint32_t left = piece; left && !rc;) {
        const uint32_t rest = h[u].v[si].len - used, take = rest < left ? rest : left;
        rc = segv_push(tmp, h[u].v[si].addr + used, take);
        left -= take;
        used += take;
        if (used == h[u].v[si].len) si++, used = 0;
      }
      for (size_t i = 0; i < tmp->n && !rc; i++) rc = segv_push(&h[u | 1u << j], tmp->v[i].addr, tmp->v[i].len);
      if (!rc) rc = packet(s, node_of(p, u), p->dims[j], tmp->v, tmp->n);
      if (rc) return rc;
    }
  }
  return HC_OK;
}

/* One group of words [w0, w0+len): stage -1, stages 0..n-1, stage n. */
static int oc_group(hc_sched *s, const hc_oc_path *p, segv *h, segv *tmp, uint32_t w0, uint32_t len) {
  const uint32_t full = (1u << p->n) - 1;
  for (uint32_t u = 0; u <= full; u++) h[u].n = 0;
  int rc = segv_push(&h[0], w0, len);
  if (!rc && p->in_dim >= 0) rc = packet(s, p->corner ^ (1u << p->in_dim), (unsigned)p->in_dim, h[0].v, 1);
  for (unsigned k = 0; k < p->n && !rc; k++) rc = oc_stage(s, p, h, tmp, k);
  if (!rc && p->out_dim >= 0) rc = packet(s, node_of(p, full), (unsigned)p->out_dim, h[full].v, h[full].n);
  return rc;
}

int hc_oc_build(hc_sched *s, const hc_oc_path *p, uint32_t w0, uint32_t len, uint32_t g) {
  const uint32_t nodes = 1u << p->n, glen = len / g;
  segv *h = calloc(nodes + 1, sizeof *h); /* h[nodes]: the piece being built */
  if (!h) return HC_ENOMEM;
  int rc = HC_OK;
  for (uint32_t i = 0; i < g && !rc; i++) rc = oc_group(s, p, h, &h[nodes], w0 + i * glen, glen);
  for (uint32_t u = 0; u <= nodes; u++) free(h[u].v);
  free(h);
  return rc;
}

int hc_oc_build_ends(const hc_sf_params *p, hc_sched_case *out) {
  hc_oc_path path;
  hc_oc_path_ends(&path, p->src, p->dst);
  int rc = hc_oc_case(p->d, p->m, p->src, p->dst, out);
  if (!rc) rc = hc_oc_build(out->sched, &path, 0, p->m, p->g);
  if (rc) hc_sched_case_free(out);
  return rc;
}

int hc_oc_build_xoc(const hc_sf_params *p, hc_sched_case *out) {
  hc_oc_path path;
  hc_oc_path_xoc(&path, p->src, p->dst);
  int rc = hc_oc_case(p->d, p->m, p->src, p->dst, out);
  if (!rc) rc = hc_oc_build(out->sched, &path, 0, p->m, p->g);
  if (rc) hc_sched_case_free(out);
  return rc;
}

uint32_t hc_oc_unit(unsigned n) {
  uint64_t l = 1;
  for (unsigned k = 0; k < n; k++) l = hc_sf_lcm(l, hc_sf_binom(n, k) * (n - k));
  return (uint32_t)l;
}

int hc_oc_case(unsigned d, uint32_t m, uint32_t src, uint32_t dst, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  int rc = hc_sched_new(d, m, &out->sched);
  if (!rc) rc = hc_sched_case_alloc(out);
  if (!rc) rc = hc_sched_case_own(out, src, 0, m);
  if (rc) {
    hc_sched_case_free(out);
    return rc;
  }
  /* What the send means: DST ends with SRC's m words; relays are scratch. */
  for (uint32_t x = 0; x < (1u << d); x++)
    if (x != src && x != dst) memset(out->care + (size_t)x * m, 0, m);
  for (uint32_t a = 0; a < m; a++) out->expect[(size_t)dst * m + a] = hc_sched_tag(src, a);
  return HC_OK;
}

unsigned hc_oc_dist(const hc_sf_params *p) { return hc_sf_popcount(p->src ^ p->dst); }

unsigned hc_oc_dist_dflt(const hc_sf_params *p, uint32_t dflt) {
  const uint32_t mask = p->d < 32 ? (1u << p->d) - 1 : ~0u, src = p->src == HC_SF_UNSET ? 0 : p->src;
  const uint32_t dst = p->dst == HC_SF_UNSET ? src ^ dflt : p->dst;
  const unsigned n = hc_sf_popcount((src ^ dst) & mask);
  return n ? n : 1;
}

int hc_oc_check_ends(hc_sf_params *p, uint32_t dflt, unsigned min_dist, const char *what, char *why,
                     size_t n) {
  if (p->d < 1 || p->d > HC_SF_MAX_D)
    return hc_sf_why(why, n, "d = %u: the generators take d = 1..%u", p->d, HC_SF_MAX_D);
  const uint32_t nodes = 1u << p->d;
  if (p->src == HC_SF_UNSET) p->src = 0;
  if (p->src >= nodes)
    return hc_sf_why(why, n, "SRC = %u is not a node of the %u-cube (0..%u)", p->src, p->d, nodes - 1);
  if (p->dst == HC_SF_UNSET) p->dst = p->src ^ (dflt & (nodes - 1));
  if (p->dst >= nodes)
    return hc_sf_why(why, n, "DST = %u is not a node of the %u-cube (0..%u)", p->dst, p->d, nodes - 1);
  if (hc_oc_dist(p) < min_dist)
    return hc_sf_why(why, n, "SRC = %u and DST = %u are %u apart: %s needs a distance of at least %u", p->src,
                     p->dst, hc_oc_dist(p), what, min_dist);
  return HC_OK;
}

int hc_oc_check_m(hc_sf_params *p, uint32_t unit, int pipelined, double gopt, char *why, size_t n) {
  if (!pipelined && p->g == HC_SF_UNSET) p->g = 1;
  if (p->g == 0) return hc_sf_why(why, n, "G = 0: the number of groups must be at least 1");
  const uint64_t per = (uint64_t)unit * (p->g == HC_SF_UNSET ? 1 : p->g);
  if (p->m == 0 || per > UINT32_MAX || p->m % per != 0) {
    if (p->g == HC_SF_UNSET || p->g == 1)
      return hc_sf_why(why, n, "M = %u: needs a positive multiple of %u here, so that every packet is whole words",
                       p->m, unit);
    return hc_sf_why(why, n, "M = %u: with G = %u groups needs a positive multiple of %u * %u, so that every packet is whole words",
                     p->m, p->g, unit, p->g);
  }
  if (p->g == HC_SF_UNSET) p->g = hc_sf_pick_g(gopt, p->m, unit);
  return HC_OK;
}

void hc_oc_lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the d outgoing links of the source", p->d, p->m, hc_oc_dist(p), p->beta);
}

uint64_t hc_oc_kterm(unsigned n, uint64_t len) {
  uint64_t num, den;
  hc_sf_kd(n - 1, &num, &den);
  return num * len / (den * n); /* exact: it is the sum of whole stage sizes */
}

uint64_t hc_oc4_time(unsigned n, uint64_t len, uint32_t g, uint32_t beta) {
  return (uint64_t)(g - 1) * (len / ((uint64_t)n * g) + beta) + hc_oc_kterm(n, len / g) + (uint64_t)n * beta;
}

uint64_t hc_xoc2_time(unsigned n, uint64_t len, uint32_t g, uint32_t beta) {
  const uint64_t gl = len / g;
  return (uint64_t)(g - 1) * (gl + beta) + 2 * gl + hc_oc_kterm(n, gl) + (uint64_t)(n + 2) * beta;
}

/* K_(n-1) as a double. */
static double kd(unsigned n) {
  uint64_t num, den;
  hc_sf_kd(n - 1, &num, &den);
  return (double)num / (double)den;
}

double hc_oc4_gopt(unsigned n, uint64_t len, uint32_t beta) {
  if (n <= 1) return 1;
  if (beta == 0) return (double)len;
  return sqrt((kd(n) - 1) * (double)len / ((double)n * beta));
}

double hc_xoc2_gopt(unsigned n, uint64_t len, uint32_t beta) {
  if (beta == 0) return (double)len;
  return sqrt(((double)n + kd(n)) * (double)len / ((double)n * beta));
}

double hc_oc4_boxed(unsigned n, double len, uint32_t beta) {
  if (n <= 1) return len + beta;
  return len / n + 2 * sqrt((kd(n) - 1) * beta * len / n) + (double)(n - 1) * beta;
}

double hc_xoc2_boxed(unsigned n, double len, uint32_t beta) {
  return len + 2 * sqrt(((double)n + kd(n)) * beta * len / n) + (double)(n + 1) * beta;
}

uint32_t hc_oc4_unit(const hc_sf_params *p, uint32_t dflt) {
  return hc_oc_unit(hc_oc_dist_dflt(p, dflt)) * (p->g == HC_SF_UNSET || p->g == 0 ? 1 : p->g);
}

int hc_oc4_check(hc_sf_params *p, uint32_t dflt, const char *what, char *why, size_t n) {
  int rc = hc_oc_check_ends(p, dflt, 1, what, why, n);
  const unsigned dist = rc ? 0 : hc_oc_dist(p);
  return rc ? rc : hc_oc_check_m(p, hc_oc_unit(dist), 1, hc_oc4_gopt(dist, p->m, p->beta), why, n);
}

uint64_t hc_oc4_formula(const hc_sf_params *p) { return hc_oc4_time(hc_oc_dist(p), p->m, p->g, p->beta); }

double hc_oc4_boxed_of(const hc_sf_params *p) { return hc_oc4_boxed(hc_oc_dist(p), p->m, p->beta); }
