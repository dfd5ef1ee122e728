/*
** The exchange engine of 000 (Stout & Wagar) §6 (algorithms/sf_xchg.h):
** COMPLETE EXCHANGE as completed DISTRIBUTE 1, one batched packet per link
** and stage, with the messages' first and last addresses supplied by the
** caller and whole-word pieces of ceil(len/n) words. In stage k the piece
** of the message with dimension set S (|S| = n >= d-k) at o.c. stage
** q = k - (d - n) is at s ^ {s_i, ..., s_{i+q-1}} and crosses s_{i+q}; all
** pieces crossing a link in a stage form its packet. Because every piece of
** a distance-n message has the same c_n words, every link carries the same
** words in every stage, so every link is busy from 0 to the end and the
** time is exactly hc_xchg_time (a link's stage-k packet starts when its
** stage k-1 packet and those into its sender end, all at the same cycle).
*/
#include <stdlib.h>

#include "sf_xchg.h"

static uint64_t piece_words(uint32_t len, unsigned n) { return ((uint64_t)len + n - 1) / n; }

uint64_t hc_xchg_scratch(unsigned d, uint32_t len) {
  uint64_t w = 0;
  for (unsigned n = 1; n <= d; n++) w += hc_sf_binom(d, n) * ((uint64_t)n * n * piece_words(len, n) - len);
  return w;
}

uint64_t hc_xchg_time(unsigned d, uint32_t len, uint32_t beta) {
  uint64_t t = (uint64_t)d * beta;
  for (unsigned n = 1; n <= d; n++) t += hc_sf_binom(d - 1, n - 1) * n * piece_words(len, n);
  return t;
}

/* One exchange being built. */
typedef struct xchg {
  hc_sched *sc;
  unsigned d;
  uint32_t n;
  const hc_xchg_map *map;
  uint32_t *cur;  /* [(s n + t) d + i]: where piece i of s's message for t lies now */
  uint32_t *bump; /* [x]: x's next free scratch word */
} xchg;

/* The first hop gathers piece words off .. off+cl-1 of src's message for
** dst at src, a pad word from the real word (w - len) mod len. */
static int gather_first(xchg *e, uint32_t src, uint32_t dst, uint32_t off, uint32_t cl) {
  const hc_xchg_map *m = e->map;
  int rc = HC_OK;
  for (uint32_t w = off; w < off + cl && !rc; w++)
    rc = hc_sched_gather(e->sc, m->from(m->ctx, src, dst, w < m->len ? w : (w - m->len) % m->len), 1);
  return rc;
}

/* The last hop scatters the real words where the map says and the pad
** into fresh scratch of the receiver dst. */
static int scatter_last(xchg *e, uint32_t src, uint32_t dst, uint32_t off, uint32_t cl) {
  const hc_xchg_map *m = e->map;
  const uint32_t real = m->len > off ? (m->len - off < cl ? m->len - off : cl) : 0;
  int rc = HC_OK;
  for (uint32_t w = off; w < off + real && !rc; w++) rc = hc_sched_scatter(e->sc, m->to(m->ctx, src, dst, w), 1);
  if (!rc && cl > real) {
    rc = hc_sched_scatter(e->sc, e->bump[dst], cl - real);
    e->bump[dst] += cl - real;
  }
  return rc;
}

/* Add to the open packet of link (x, c) in stage k the piece that crosses
** c of the message whose subcube has the dimension set S (c in S,
** |S| >= d - k). */
static int add_piece(xchg *e, unsigned k, uint32_t x, unsigned c, uint32_t S) {
  const unsigned d = e->d, sz = hc_sf_popcount(S), q = k - (d - sz);
  unsigned dims[HC_SF_MAX_D], nd = 0, pos = 0;
  for (unsigned b = 0; b < d; b++)
    if (S >> b & 1) {
      if (b == c) pos = nd;
      dims[nd++] = b;
    }
  const unsigned i = (pos + sz - q) % sz; /* the piece crossing c now */
  uint32_t U = 0;
  for (unsigned j = 0; j < q; j++) U |= 1u << dims[(i + j) % sz];
  const uint32_t src = x ^ U, dst = src ^ S, r = x ^ (1u << c);
  const uint32_t cl = (uint32_t)piece_words(e->map->len, sz), off = i * cl;
  uint32_t *where = &e->cur[((size_t)src * e->n + dst) * d + i];
  int rc = q == 0 ? gather_first(e, src, dst, off, cl) : hc_sched_gather(e->sc, *where, cl);
  if (rc) return rc;
  if (q + 1 == sz) return scatter_last(e, src, dst, off, cl);
  *where = e->bump[r]; /* a relay: a fresh scratch slot */
  e->bump[r] += cl;
  return hc_sched_scatter(e->sc, *where, cl);
}

int hc_xchg_build(hc_sched *s, unsigned d, const hc_xchg_map *map, uint32_t *bump) {
  xchg e = {.sc = s, .d = d, .n = 1u << d, .map = map, .bump = bump};
  e.cur = malloc((size_t)e.n * e.n * d * sizeof *e.cur);
  int rc = e.cur ? HC_OK : HC_ENOMEM;
  for (unsigned k = 0; k < d && !rc; k++)
    for (uint32_t x = 0; x < e.n && !rc; x++)
      for (unsigned c = 0; c < d && !rc; c++) {
        rc = hc_sched_begin(s, x, c);
        for (uint32_t S = 1; S < e.n && !rc; S++)
          if ((S >> c & 1) && hc_sf_popcount(S) + k >= d) rc = add_piece(&e, k, x, c, S);
        if (!rc) rc = hc_sched_end(s);
      }
  free(e.cur);
  return rc;
}
