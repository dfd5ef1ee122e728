/*
** Rotations of a ring embedded in a k-cube by the binary-reflected Gray
** code (003 §3.1.4), routed on directed-edge-disjoint shortest paths so
** that many elements per node can be pipelined (MMC2's set-up, §5.2, needs
** a rotation by i in row i). The paper proves no construction ("We
** conjecture that there exist routing algorithms that result in edge
** disjoint paths ... We have generated such routing schemes for up to
** 5-cubes"); this file generates them the same way, by search: every path
** is one of the orders of the dimensions in which its two codes differ,
** and a depth-first search assigns orders, always to the path with the
** fewest orders still free of used edges, trying orders in lexicographic
** order. Up to k = 5 it finds every rotation, all 62 in a few
** milliseconds (tests/unit/test_jo_mm.c checks each path and the
** disjointness).
*/
#include <stdlib.h>
#include <string.h>

#include "hc_np_algo.h"

#define ROT_MAX_K 5
#define ROT_MAX_P (1u << ROT_MAX_K)
#define ROT_WORDS ((ROT_MAX_P * ROT_MAX_K + 63) / 64) /* bitset of directed edges x k + b */
#define ROT_BUDGET 1000000ul                          /* search nodes before giving up */

/* One candidate path: its dimension order and the set of edges it uses. */
typedef struct rot_opt {
  uint8_t dims[ROT_MAX_K];
  uint64_t edges[ROT_WORDS];
} rot_opt;

typedef struct rot_ctx {
  unsigned k;
  uint32_t p;
  rot_opt *opt[ROT_MAX_P]; /* the candidates of each path */
  unsigned nopt[ROT_MAX_P];
  int pick[ROT_MAX_P];     /* the chosen candidate, -1: none yet */
  uint64_t used[ROT_WORDS];
  unsigned long nodes;
} rot_ctx;

/* All orders of the bits of diff as paths from src, in lexicographic order. */
static void gen_orders(rot_ctx *r, uint32_t c, uint32_t src, uint32_t diff, uint8_t *pre, unsigned depth,
                       unsigned len) {
  if (depth == len) {
    rot_opt *o = &r->opt[c][r->nopt[c]++];
    memset(o, 0, sizeof *o);
    uint32_t x = src;
    for (unsigned h = 0; h < len; h++) {
      o->dims[h] = pre[h];
      const unsigned e = x * r->k + pre[h];
      o->edges[e / 64] |= 1ull << (e % 64);
      x ^= 1u << pre[h];
    }
    return;
  }
  for (unsigned b = 0; b < r->k; b++) {
    if (!((diff >> b) & 1u)) continue;
    pre[depth] = (uint8_t)b;
    gen_orders(r, c, src, diff & ~(1u << b), pre, depth + 1, len);
  }
}

static int free_of(const rot_ctx *r, const rot_opt *o) {
  for (unsigned i = 0; i < ROT_WORDS; i++)
    if (o->edges[i] & r->used[i]) return 0;
  return 1;
}

static void toggle(rot_ctx *r, const rot_opt *o) {
  for (unsigned i = 0; i < ROT_WORDS; i++) r->used[i] ^= o->edges[i];
}

/* 1: all paths assigned; 0: none from here; -1: out of budget. */
static int search(rot_ctx *r) {
  if (++r->nodes > ROT_BUDGET) return -1;
  int best = -1;
  unsigned fewest = ~0u;
  for (uint32_t c = 0; c < r->p; c++) {
    if (r->pick[c] >= 0) continue;
    unsigned n = 0;
    for (unsigned o = 0; o < r->nopt[c]; o++) n += (unsigned)free_of(r, &r->opt[c][o]);
    if (n == 0) return 0;
    if (n < fewest) {
      fewest = n;
      best = (int)c;
    }
  }
  if (best < 0) return 1;
  for (unsigned o = 0; o < r->nopt[best]; o++) {
    const rot_opt *op = &r->opt[best][o];
    if (!free_of(r, op)) continue;
    toggle(r, op);
    r->pick[best] = (int)o;
    const int got = search(r);
    if (got != 0) return got;
    r->pick[best] = -1;
    toggle(r, op);
  }
  return 0;
}

static unsigned factorial(unsigned n) { return n <= 1 ? 1 : n * factorial(n - 1); }

int hc_np_rotation_route(unsigned k, uint32_t rot, uint8_t *dims, uint8_t *len) {
  if (k < 1 || k > ROT_MAX_K) return HC_EPARAM;
  rot_ctx *r = calloc(1, sizeof *r);
  if (!r) return HC_ENOMEM;
  r->k = k;
  r->p = 1u << k;
  int rc = HC_OK;
  for (uint32_t c = 0; c < r->p && rc == HC_OK; c++) {
    const uint32_t src = hc_np_gray((c + rot) % r->p), diff = src ^ hc_np_gray(c);
    unsigned l = 0;
    for (uint32_t v = diff; v; v &= v - 1) l++;
    len[c] = (uint8_t)l;
    r->opt[c] = calloc(factorial(l), sizeof *r->opt[c]);
    if (!r->opt[c]) rc = HC_ENOMEM;
    uint8_t pre[ROT_MAX_K];
    if (rc == HC_OK) gen_orders(r, c, src, diff, pre, 0, l);
    r->pick[c] = -1;
  }
  const int got = rc == HC_OK ? search(r) : 0;
  if (rc == HC_OK && got != 1) rc = HC_ETOOBIG;
  for (uint32_t c = 0; c < r->p && rc == HC_OK; c++)
    memcpy(dims + (size_t)c * k, r->opt[c][r->pick[c]].dims, k);
  for (uint32_t c = 0; c < r->p; c++) free(r->opt[c]);
  free(r);
  return rc;
}
