/*
** DISTRIBUTE 2 of Stout & Wagar (shared/seeds/000 §5, optimality in §9):
** the root's messages leave in k geometric waves instead of d stages, in
** whole words for any m >= 1. As in DISTRIBUTE 1, the message for t (at
** distance n = |t|) leaves the root in n pieces, one per link of t: m/n
** words rounded down, or up on m mod n of them, the rounded-up ones chosen
** so that the root's d links carry loads within one word of each other
** (ceil((2^d - 1) m/d) words on the busiest). Each link's stream, farthest
** distance first, is cut into the k waves from its end: the last is C_1's
** message (m words), then wave w starts round(m (1 + r + ... + r^(k-w)))
** words from the end, with the paper's r (d (r^k - 1)/(r - 1) = 2^d - 1),
** and wave 1 is the rest. A cut that falls inside a distance's block
** shares the block's words among its messages as evenly as possible, so
** every message to that distance gives a portion to each of the two waves
** ("portions of each of the messages"). At C_1 a wave is broken into
** wavelets, one per distance, farthest first, that continue to their
** destinations without further subdivision, spreading as in DISTRIBUTE 1:
** a node at level j of the subcube spanned by the root and t splits what it
** holds of t's portion over its n - j links toward t, floor or ceil, the
** extra words going to the links least loaded so far in that wavelet, and
** sends each wavelet as one packet per link. The root's time is then
** ceil((2^d - 1) m/d) + k beta; the wavelets keep up only for m large
** enough against beta (their extra start-ups), so check() computes the
** schedule's exact completion (hc_sw5_distribute2_time, packet by packet
** from the plan) and refuses what misses the formula.
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sf_sw5.h"

unsigned hc_sw5_distribute2_k(unsigned d) {
  const uint64_t want = ((uint64_t)1 << d) - 1;
  uint64_t sum = 0, pw = 1;
  for (unsigned k = 1;; k++) { /* sum = sum_{e<k} (d-1)^e */
    sum += pw;
    pw *= d - 1;
    if ((uint64_t)d * sum >= want || pw == 0) return k;
  }
}

uint64_t hc_sw5_distribute2_formula(unsigned d, uint32_t m, unsigned k, uint32_t beta) {
  return ((((uint64_t)1 << d) - 1) * m + d - 1) / d + (uint64_t)k * beta;
}

/* r > 0 with sum_{e<k} r^e = (2^d - 1)/d, by bisection. */
static double d2_r(unsigned d, unsigned k) {
  const double want = (double)((1u << d) - 1) / d;
  double lo = 0, hi = (double)(1u << d);
  for (int it = 0; it < 200; it++) {
    double mid = (lo + hi) / 2, s = 0, p = 1;
    for (unsigned e = 0; e < k; e++, p *= mid) s += p;
    if (s < want) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/* ------------------------------------------------------------ indexing */

static uint32_t d2_bit(unsigned c) { return (uint32_t)1 << c; }

/* x's rank among the subsets of t: its bits at t's ones, compressed. */
static uint32_t d2_rank(uint32_t x, uint32_t t) {
  uint32_t r = 0, b = 1;
  for (; t; t &= t - 1, b <<= 1)
    if (x & t & -t) r |= b;
  return r;
}

/* The inverse of d2_rank. */
static uint32_t d2_spread(uint32_t r, uint32_t t) {
  uint32_t x = 0;
  for (; t; t &= t - 1, r >>= 1)
    if (r & 1) x |= t & -t;
  return x;
}

static size_t d2_at(const hc_sw5_plan *pl, unsigned w, uint32_t t, uint32_t x) {
  return (size_t)w * pl->nsub + pl->sub[t] + d2_rank(x, t);
}

/* Words of portion (t, w) on the link from x (a subset of t) over
** dimension c (in t, not in x): at the root, the piece's share of wave w. */
static uint32_t d2_chunk(const hc_sw5_plan *pl, uint32_t t, unsigned w, uint32_t x, unsigned c) {
  if (x == 0) return pl->h[d2_at(pl, w, t, d2_bit(c))];
  const size_t i = d2_at(pl, w, t, x);
  const unsigned out = hc_sf_popcount(t) - hc_sf_popcount(x);
  return pl->h[i] / out + (pl->up[i] >> c & 1);
}

/* Where, in x's words of portion (t, w), the chunk arriving over c starts
** (in-chunks in increasing dimension) and where the one leaving over c
** starts (out-chunks in increasing dimension): both partition the same
** sequence, so every chunk is contiguous at both ends. */
static uint32_t d2_inoff(const hc_sw5_plan *pl, uint32_t t, unsigned w, uint32_t x, unsigned c) {
  uint32_t o = 0;
  for (uint32_t s = x & (d2_bit(c) - 1); s; s &= s - 1) {
    const unsigned b = (unsigned)__builtin_ctz(s);
    o += d2_chunk(pl, t, w, x & ~d2_bit(b), b);
  }
  return o;
}

static uint32_t d2_outoff(const hc_sw5_plan *pl, uint32_t t, unsigned w, uint32_t x, unsigned c) {
  uint32_t o = 0;
  for (uint32_t s = t & ~x & (d2_bit(c) - 1); s; s &= s - 1) o += d2_chunk(pl, t, w, x, (unsigned)__builtin_ctz(s));
  return o;
}

/* Words of wave w on the root's link c. */
static uint64_t d2_wave(const hc_sw5_plan *pl, unsigned c, unsigned w) {
  return (w == 1 ? pl->load[c] : pl->cut[w]) - pl->cut[w + 1];
}

/* ------------------------------------------------ the root's pieces */

/* Give each message its m mod n rounded-up pieces on the links of t least
** loaded so far (cnt: rounded-up pieces per link). */
static void d2_ext_greedy(hc_sw5_plan *pl, uint32_t *cnt) {
  const uint32_t nn = d2_bit(pl->d);
  for (unsigned n = pl->d; n >= 2; n--)
    for (uint32_t t = 1; t < nn; t++) {
      if (hc_sf_popcount(t) != n) continue;
      for (unsigned i = 0; i < pl->m % n; i++) {
        unsigned best = pl->d;
        for (uint32_t s = t & ~pl->ext[t]; s; s &= s - 1) {
          const unsigned c = (unsigned)__builtin_ctz(s);
          if (best == pl->d || cnt[c] < cnt[best]) best = c;
        }
        pl->ext[t] |= d2_bit(best);
        cnt[best]++;
      }
    }
}

/*
** One rounded-up piece moved along a shortest path of links, from a link
** with cnt > from to one with cnt < to: an edge a -> b is a message t
** whose piece on a is rounded up and on b is not. 1 if moved, 0 if no
** path. Every link on the path but the ends keeps its count.
*/
static int d2_ext_move(hc_sw5_plan *pl, uint32_t *cnt, uint32_t from, uint32_t to) {
  const unsigned d = pl->d;
  const uint32_t nn = d2_bit(d);
  int prev[HC_SF_MAX_D];
  uint32_t via[HC_SF_MAX_D];
  unsigned q[HC_SF_MAX_D], qh = 0, qt = 0;
  for (unsigned c = 0; c < d; c++) {
    prev[c] = cnt[c] > from ? -1 : -2; /* -2: not reached */
    if (prev[c] == -1) q[qt++] = c;
  }
  while (qh < qt) {
    const unsigned a = q[qh++];
    for (uint32_t t = 1; t < nn; t++) {
      if (!(pl->ext[t] >> a & 1)) continue;
      for (uint32_t s = t & ~pl->ext[t]; s; s &= s - 1) {
        const unsigned b = (unsigned)__builtin_ctz(s);
        if (prev[b] != -2) continue;
        prev[b] = (int)a;
        via[b] = t;
        if (cnt[b] < to) {
          cnt[b]++;
          for (unsigned y = b; prev[y] >= 0; y = (unsigned)prev[y]) pl->ext[via[y]] ^= d2_bit(y) | d2_bit((unsigned)prev[y]);
          for (unsigned y = b;; y = (unsigned)prev[y])
            if (prev[y] == -1) {
              cnt[y]--;
              return 1;
            }
        }
        q[qt++] = b;
      }
    }
  }
  return 0;
}

/* The rounded-up pieces, balanced to within one per link, and the loads.
** A balanced choice exists (each message giving (m mod n)/n to each of its
** links balances exactly, and the transportation polytope is integral), so
** the moves end there. */
static void d2_pieces(hc_sw5_plan *pl) {
  uint32_t cnt[HC_SF_MAX_D] = {0}, tot = 0;
  d2_ext_greedy(pl, cnt);
  for (unsigned c = 0; c < pl->d; c++) tot += cnt[c];
  const uint32_t lo = tot / pl->d, hi = (tot + pl->d - 1) / pl->d;
  for (int moved = 1; moved;) {
    moved = 0;
    for (unsigned c = 0; c < pl->d && !moved; c++)
      if (cnt[c] > hi) moved = d2_ext_move(pl, cnt, hi, hi);
    for (unsigned c = 0; c < pl->d && !moved; c++)
      if (cnt[c] < lo) moved = d2_ext_move(pl, cnt, lo, lo);
  }
  for (unsigned c = 0; c < pl->d; c++) {
    pl->load[c] = cnt[c];
    for (uint32_t t = d2_bit(c); t < d2_bit(pl->d); t = (t + 1) | d2_bit(c)) pl->load[c] += pl->m / hc_sf_popcount(t);
  }
}

/* X words of wave w from link c's block of distance n: q or q + 1 of each
** message's piece, the extra words to the pieces with the most left (so
** what is left stays within one word across the block). */
static void d2_share(hc_sw5_plan *pl, unsigned c, unsigned n, unsigned w, uint64_t x, uint32_t *left) {
  const uint32_t nn = d2_bit(pl->d), cnt = (uint32_t)hc_sf_binom(pl->d - 1, n - 1);
  uint32_t most = 0, q = (uint32_t)(x / cnt), s = (uint32_t)(x % cnt);
  for (uint32_t t = d2_bit(c); t < nn; t = (t + 1) | d2_bit(c))
    if (hc_sf_popcount(t) == n && left[t] > most) most = left[t];
  for (int pass = 0; pass < 2; pass++)
    for (uint32_t t = d2_bit(c); t < nn; t = (t + 1) | d2_bit(c)) {
      if (hc_sf_popcount(t) != n || (left[t] == most) != (pass == 0)) continue;
      const uint32_t g = q + (s ? 1 : 0);
      s -= s ? 1 : 0;
      pl->h[d2_at(pl, w, t, d2_bit(c))] = g;
      pl->h[d2_at(pl, w, t, 0)] += g;
    }
  for (uint32_t t = d2_bit(c); t < nn; t = (t + 1) | d2_bit(c)) /* after both passes: they test left */
    if (hc_sf_popcount(t) == n) left[t] -= pl->h[d2_at(pl, w, t, d2_bit(c))];
}

/* Cut link c's stream (counted from its end: distance 1, 2, ..., d) into
** the waves. */
static void d2_waves(hc_sw5_plan *pl, unsigned c, uint32_t *left) {
  const uint32_t nn = d2_bit(pl->d);
  uint64_t pos = 0;
  for (unsigned n = 1; n <= pl->d; n++) {
    uint64_t blk = 0;
    for (uint32_t t = d2_bit(c); t < nn; t = (t + 1) | d2_bit(c))
      if (hc_sf_popcount(t) == n) blk += left[t] = pl->m / n + (pl->ext[t] >> c & 1);
    for (unsigned w = pl->k; w >= 1; w--) {
      const uint64_t lo = pl->cut[w + 1], hi = w == 1 ? pl->load[c] : pl->cut[w];
      const uint64_t a = lo > pos ? lo : pos, b = hi < pos + blk ? hi : pos + blk;
      if (b > a) d2_share(pl, c, n, w, b - a, left);
    }
    pos += blk;
  }
}

/* ------------------------------------------------------- the relays */

/* Split portion (t, w) at x (level j) over s = t \ x; load[c]: what the
** wavelet carries on x's link c so far. */
static void d2_split(hc_sw5_plan *pl, uint32_t t, unsigned w, uint32_t x, uint32_t s, uint32_t *load) {
  const size_t i = d2_at(pl, w, t, x);
  const uint32_t hh = pl->h[i], out = hc_sf_popcount(s);
  uint32_t up = 0;
  for (uint32_t e = 0; e < hh % out; e++) {
    unsigned best = pl->d;
    for (uint32_t r = s & ~up; r; r &= r - 1) {
      const unsigned c = (unsigned)__builtin_ctz(r);
      if (best == pl->d || load[c] < load[best]) best = c;
    }
    up |= d2_bit(best);
  }
  pl->up[i] = up;
  for (uint32_t r = s; r; r &= r - 1) {
    const unsigned c = (unsigned)__builtin_ctz(r);
    const uint32_t g = hh / out + (up >> c & 1);
    load[c] += g;
    pl->h[d2_at(pl, w, t, x | d2_bit(c))] += g;
  }
}

/* Level by level, so that what a node holds is known when it splits. */
static void d2_relays(hc_sw5_plan *pl) {
  const unsigned d = pl->d;
  const uint32_t nn = d2_bit(d), full = nn - 1;
  uint32_t load[HC_SW5_MAXW][HC_SF_MAX_D];
  for (unsigned j = 1; j < d; j++)
    for (uint32_t x = 1; x < nn; x++) {
      if (hc_sf_popcount(x) != j) continue;
      const uint32_t comp = full & ~x;
      for (unsigned w = 1; w <= pl->k; w++) {
        memset(load, 0, sizeof load);
        for (uint32_t s = comp; s; s = (s - 1) & comp)
          if (pl->h[d2_at(pl, w, x | s, x)]) d2_split(pl, x | s, w, x, s, load[hc_sf_popcount(x | s)]);
      }
    }
}

/* ------------------------------------------------------------- plan */

void hc_sw5_plan_free(hc_sw5_plan *pl) {
  free(pl->sub);
  free(pl->ext);
  free(pl->h);
  free(pl->up);
  memset(pl, 0, sizeof *pl);
}

/* The cuts from the paper's r; HC_EPARAM if a wave is empty on a busiest
** link (the root's time would then not be the formula's). */
static int d2_cuts(hc_sw5_plan *pl, char *why, size_t n) {
  const unsigned k = pl->k;
  uint64_t most = 0;
  for (unsigned c = 0; c < pl->d; c++)
    if (pl->load[c] > most) most = pl->load[c];
  pl->cut[k + 1] = 0;
  if (k >= 2) pl->cut[k] = pl->m;
  for (unsigned w = k - 1; w >= 2; w--) {
    double t = 0, p = 1;
    for (unsigned e = 0; e <= k - w; e++, p *= pl->r) t += p;
    pl->cut[w] = (uint64_t)floor((double)pl->m * t + 0.5);
  }
  for (unsigned w = 1; w <= k; w++)
    if ((w == 1 ? most : pl->cut[w]) <= pl->cut[w + 1])
      return hc_sf_why(why, n, "NWAVES = %u, M = %u: wave %u would be empty at d = %u once rounded to whole words", k,
                       pl->m, w, pl->d);
  return HC_OK;
}

int hc_sw5_plan_make(unsigned d, unsigned k, uint32_t m, hc_sw5_plan *pl, char *why, size_t n) {
  memset(pl, 0, sizeof *pl);
  if (d < 1 || d > HC_SF_MAX_D) return hc_sf_why(why, n, "d = %u: the generators take d = 1..%u", d, HC_SF_MAX_D);
  if (k < (d > 1 ? 2u : 1u) || k > d)
    return hc_sf_why(why, n, "NWAVES = %u: DISTRIBUTE 2 takes %u..%u waves at d = %u (the last wave is C_1's alone)", k,
                     d > 1 ? 2u : 1u, d, d);
  if (m == 0) return hc_sf_why(why, n, "M = 0: a message needs at least one word");
  const uint32_t nn = d2_bit(d);
  *pl = (hc_sw5_plan){.d = d, .k = k, .m = m, .r = d > 1 ? d2_r(d, k) : 0};
  pl->sub = malloc(nn * sizeof *pl->sub);
  pl->ext = calloc(nn, sizeof *pl->ext);
  uint32_t *left = malloc(nn * sizeof *left);
  if (pl->sub && pl->ext)
    for (uint32_t t = 0; t < nn; t++) {
      pl->sub[t] = (uint32_t)pl->nsub;
      pl->nsub += d2_bit(hc_sf_popcount(t));
    }
  pl->h = calloc((k + 1) * pl->nsub + 1, sizeof *pl->h);
  pl->up = calloc((k + 1) * pl->nsub + 1, sizeof *pl->up);
  if (!pl->sub || !pl->ext || !left || !pl->h || !pl->up) {
    free(left);
    hc_sw5_plan_free(pl);
    return HC_ENOMEM;
  }
  d2_pieces(pl);
  int rc = d2_cuts(pl, why, n);
  for (unsigned c = 0; c < d && !rc; c++) d2_waves(pl, c, left);
  free(left);
  if (rc) hc_sw5_plan_free(pl);
  else d2_relays(pl);
  return rc;
}

/* ------------------------------------------------------------- timing */

/*
** The execution model (docs/store_and_forward.md section 1) on the plan:
** packets in their link's order, each starting when its link is free and
** every word it gathers is present, finishing beta + words later. Relays
** are done level by level, as every packet depends only on packets of the
** level below. fin holds every packet's finish by (node, link, wave,
** distance; distance 0: the root's wave).
*/
typedef struct d2_clock {
  const hc_sw5_plan *pl;
  uint32_t beta;
  uint64_t *fin, last;
} d2_clock;

static uint64_t *d2_fin(const d2_clock *k, uint32_t x, unsigned c, unsigned w, unsigned n) {
  const hc_sw5_plan *pl = k->pl;
  return k->fin + ((((size_t)x * pl->d + c) * (pl->k + 1) + w) * (pl->d + 1) + n);
}

/* When the words of portion (t, w) that x sends over c (sz of them) are
** all present at x: the latest in-chunk they overlap. */
static uint64_t d2_ready(const d2_clock *k, uint32_t t, unsigned w, uint32_t x, unsigned c, uint32_t sz) {
  const hc_sw5_plan *pl = k->pl;
  const uint32_t o = d2_outoff(pl, t, w, x, c);
  const unsigned n = hc_sf_popcount(t);
  uint64_t r = 0;
  uint32_t i = 0;
  for (uint32_t s = x; s; s &= s - 1) {
    const unsigned b = (unsigned)__builtin_ctz(s);
    const uint32_t from = x & ~d2_bit(b), len = d2_chunk(pl, t, w, from, b);
    if (len && i < o + sz && o < i + len) {
      const uint64_t f = *d2_fin(k, from, b, w, from ? n : 0);
      if (f > r) r = f;
    }
    i += len;
  }
  return r;
}

/* The packets of link (x, c), x at level j >= 1, in their order. */
static void d2_clock_link(d2_clock *k, uint32_t x, unsigned c) {
  const hc_sw5_plan *pl = k->pl;
  const uint32_t y = x | d2_bit(c), comp = (d2_bit(pl->d) - 1) & ~y;
  const unsigned j = hc_sf_popcount(x);
  uint64_t link = 0;
  for (unsigned w = 1; w <= pl->k; w++) {
    uint64_t size[HC_SW5_MAXW] = {0}, ready[HC_SW5_MAXW] = {0};
    uint32_t s = comp;
    do {
      const uint32_t t = y | s, sz = d2_chunk(pl, t, w, x, c);
      const unsigned n = hc_sf_popcount(t);
      if (sz) {
        const uint64_t r = d2_ready(k, t, w, x, c, sz);
        size[n] += sz;
        if (r > ready[n]) ready[n] = r;
      }
      s = (s - 1) & comp;
    } while (s != comp);
    for (unsigned n = pl->d; n > j; n--) {
      if (!size[n]) continue;
      link = (link > ready[n] ? link : ready[n]) + k->beta + size[n];
      *d2_fin(k, x, c, w, n) = link;
      if (link > k->last) k->last = link;
    }
  }
}

uint64_t hc_sw5_distribute2_time(const hc_sw5_plan *pl, uint32_t beta) {
  const unsigned d = pl->d;
  d2_clock k = {.pl = pl, .beta = beta};
  k.fin = calloc((size_t)d2_bit(d) * d * (pl->k + 1) * (d + 1), sizeof *k.fin);
  if (!k.fin) return UINT64_MAX;
  for (unsigned c = 0; c < d; c++) {
    uint64_t link = 0;
    for (unsigned w = 1; w <= pl->k; w++) {
      const uint64_t sz = d2_wave(pl, c, w);
      if (!sz) continue;
      link += beta + sz;
      *d2_fin(&k, 0, c, w, 0) = link;
      if (link > k.last) k.last = link;
    }
  }
  for (unsigned j = 1; j < d; j++)
    for (uint32_t x = 1; x < d2_bit(d); x++)
      if (hc_sf_popcount(x) == j)
        for (unsigned c = 0; c < d; c++)
          if (!(x >> c & 1)) d2_clock_link(&k, x, c);
  free(k.fin);
  return k.last;
}

static int d2_meets(const hc_sw5_plan *pl, uint32_t beta) {
  return hc_sw5_distribute2_time(pl, beta) == hc_sw5_distribute2_formula(pl->d, pl->m, pl->k, beta);
}

int hc_sw5_distribute2_beta_max(const hc_sw5_plan *pl, uint32_t miss, uint32_t *beta) {
  uint32_t lo = 0, hi = miss ? miss : 1u << 20;
  if (!d2_meets(pl, 0)) return HC_EPARAM;
  if (!miss && d2_meets(pl, hi)) {
    *beta = UINT32_MAX;
    return HC_OK;
  }
  while (hi - lo > 1) {
    const uint32_t mid = lo + (hi - lo) / 2;
    if (d2_meets(pl, mid)) lo = mid;
    else hi = mid;
  }
  *beta = lo;
  return HC_OK;
}

/* ------------------------------------------------------------ building */

/*
** Which word goes where. Portion (t, w) is ids off(t, w) .. + P of t's
** message (the portions of earlier waves first). At t the in-chunks land
** at their ids in increasing dimension; every other node x holds its words
** of the portion as one sequence in its scratch, the out-chunks cut from it
** in increasing dimension, each being the slice of the receiver's sequence
** its in-chunk fills. So the ids are fixed top-down from t, and every chunk
** is contiguous at both ends except in the root's gather.
*/
typedef struct d2 {
  const hc_sw5_plan *pl;
  unsigned d;
  uint32_t n, m, src;
  uint32_t *off;  /* [t*(k+1) + w]: first id of portion (t, w) */
  uint32_t *seq0; /* [t*m + off + ...]: the ids the root sends, by portion then link */
  uint32_t *base; /* plan's index: where x keeps its words of (t, w) */
} d2;

/* The sequences of portion (t, w) top-down, into buf (idx: where each
** subset's starts), and the root's gather order into seq0. */
static void d2_sequence(d2 *e, uint32_t t, unsigned w, uint32_t *buf, uint32_t *idx) {
  const hc_sw5_plan *pl = e->pl;
  const unsigned nt = hc_sf_popcount(t);
  const uint32_t off = e->off[t * (pl->k + 1) + w];
  uint32_t used = 0;
  for (unsigned j = nt; j >= 1; j--)
    for (uint32_t r = 1; r < d2_bit(nt); r++) {
      if (hc_sf_popcount(r) != j) continue;
      const uint32_t x = d2_spread(r, t);
      idx[r] = used;
      if (j == nt)
        for (uint32_t p = 0; p < pl->h[d2_at(pl, w, t, t)]; p++) buf[used + p] = off + p;
      else
        for (uint32_t s = t & ~x, o = used; s; s &= s - 1) {
          const unsigned c = (unsigned)__builtin_ctz(s);
          const uint32_t y = x | d2_bit(c), len = d2_chunk(pl, t, w, x, c);
          memcpy(buf + o, buf + idx[d2_rank(y, t)] + d2_inoff(pl, t, w, y, c), len * sizeof *buf);
          o += len;
        }
      used += pl->h[d2_at(pl, w, t, x)];
    }
  uint32_t *to = e->seq0 + (size_t)t * e->m + off;
  for (uint32_t s = t; s; s &= s - 1) {
    const uint32_t b = s & -s, len = pl->h[d2_at(pl, w, t, b)];
    memcpy(to, buf + idx[d2_rank(b, t)], len * sizeof *buf);
    to += len;
  }
}

/* Ids, scratch and the root's gather order for every portion. */
static int d2_place(d2 *e) {
  const hc_sw5_plan *pl = e->pl;
  uint32_t *bump = malloc(e->n * sizeof *bump), *idx = malloc(e->n * sizeof *idx);
  uint32_t *buf = malloc((size_t)(e->d + 1) * e->m * sizeof *buf);
  int rc = bump && idx && buf ? HC_OK : HC_ENOMEM;
  for (uint32_t x = 0; x < e->n && !rc; x++) bump[x] = e->m;
  for (uint32_t t = 1; t < e->n && !rc; t++) {
    uint32_t off = 0;
    for (unsigned w = 1; w <= pl->k; w++) {
      e->off[t * (pl->k + 1) + w] = off;
      off += pl->h[d2_at(pl, w, t, t)];
      if (!pl->h[d2_at(pl, w, t, t)]) continue;
      d2_sequence(e, t, w, buf, idx);
      for (uint32_t r = 1; r + 1 < d2_bit(hc_sf_popcount(t)); r++) {
        const size_t i = (size_t)w * pl->nsub + pl->sub[t] + r;
        const uint32_t x = d2_spread(r, t);
        e->base[i] = bump[x];
        bump[x] += pl->h[i];
      }
    }
  }
  free(bump);
  free(idx);
  free(buf);
  return rc;
}

/* Portion (t, w)'s chunk on link (x, c) into the open packet. */
static int d2_chunk_add(const d2 *e, hc_sched *s, uint32_t t, unsigned w, uint32_t x, unsigned c, uint32_t sz) {
  const hc_sw5_plan *pl = e->pl;
  const uint32_t y = x | d2_bit(c);
  int rc = HC_OK;
  if (x == 0) { /* the root gathers along its sequence */
    const uint32_t *q = e->seq0 + (size_t)t * e->m + e->off[t * (pl->k + 1) + w];
    for (uint32_t s2 = t & (d2_bit(c) - 1); s2; s2 &= s2 - 1) q += pl->h[d2_at(pl, w, t, s2 & -s2)];
    for (uint32_t p = 0; p < sz && !rc; p++) rc = hc_sched_gather(s, (t ^ e->src) * e->m + q[p], 1);
  } else {
    rc = hc_sched_gather(s, e->base[d2_at(pl, w, t, x)] + d2_outoff(pl, t, w, x, c), sz);
  }
  if (rc) return rc;
  const uint32_t to = y == t ? e->off[t * (pl->k + 1) + w] : e->base[d2_at(pl, w, t, y)];
  return hc_sched_scatter(s, to + d2_inoff(pl, t, w, y, c), sz);
}

/* One packet on link (x, c): wave w, distance nd (0: the root's wave, every
** distance). No packet if it would be empty. */
static int d2_packet(const d2 *e, hc_sched *s, uint32_t x, unsigned c, unsigned w, unsigned nd) {
  const uint32_t y = x | d2_bit(c), comp = (e->n - 1) & ~y;
  int open = 0, rc = HC_OK;
  uint32_t r = 0;
  do { /* t = y | r in increasing order */
    const uint32_t t = y | r, sz = (nd && hc_sf_popcount(t) != nd) ? 0 : d2_chunk(e->pl, t, w, x, c);
    if (sz && !open) {
      rc = hc_sched_begin(s, x ^ e->src, c);
      open = 1;
    }
    if (sz && !rc) rc = d2_chunk_add(e, s, t, w, x, c, sz);
    r = (r - comp) & comp;
  } while (r && !rc);
  if (open && !rc) rc = hc_sched_end(s);
  return rc;
}

/* Every link's list: the root's waves; at level j >= 1 the wavelets by
** wave, then farthest distance first. */
static int d2_emit(const d2 *e, hc_sched *s) {
  int rc = HC_OK;
  for (unsigned c = 0; c < e->d; c++)
    for (unsigned w = 1; w <= e->pl->k && !rc; w++) rc = d2_packet(e, s, 0, c, w, 0);
  for (uint32_t x = 1; x < e->n && !rc; x++)
    for (unsigned c = 0; c < e->d && !rc; c++) {
      if (x >> c & 1) continue;
      for (unsigned w = 1; w <= e->pl->k && !rc; w++)
        for (unsigned nd = e->d; nd > hc_sf_popcount(x) && !rc; nd--) rc = d2_packet(e, s, x, c, w, nd);
    }
  return rc;
}

uint32_t hc_sw5_distribute2_mem(const hc_sw5_plan *pl) {
  const uint32_t n = d2_bit(pl->d);
  uint64_t *bump = calloc(n, sizeof *bump), most = (uint64_t)pl->m << pl->d;
  if (!bump) return 0;
  for (uint32_t t = 1; t < n; t++) /* d2_place's count */
    for (unsigned w = 1; w <= pl->k; w++)
      for (uint32_t r = 1; r + 1 < d2_bit(hc_sf_popcount(t)); r++)
        bump[d2_spread(r, t)] += pl->h[(size_t)w * pl->nsub + pl->sub[t] + r];
  for (uint32_t x = 1; x < n; x++)
    if (pl->m + bump[x] > most) most = pl->m + bump[x];
  free(bump);
  return most > HC_SCHED_MAX_MEM ? 0 : (uint32_t)most;
}

int hc_sw5_distribute2_build(const hc_sw5_plan *pl, uint32_t src, hc_sched_case *c) {
  d2 e = {.pl = pl, .d = pl->d, .n = d2_bit(pl->d), .m = pl->m, .src = src};
  e.off = malloc((size_t)e.n * (pl->k + 1) * sizeof *e.off);
  e.seq0 = malloc((size_t)e.n * e.m * sizeof *e.seq0);
  e.base = malloc(((pl->k + 1) * pl->nsub + 1) * sizeof *e.base);
  int rc = e.off && e.seq0 && e.base ? HC_OK : HC_ENOMEM;
  if (!rc) rc = d2_place(&e);
  if (!rc) rc = d2_emit(&e, c->sched);
  free(e.off);
  free(e.seq0);
  free(e.base);
  return rc;
}

/* ------------------------------------------------------------- record */

static unsigned waves_of(const hc_sf_params *p) {
  return p->waves == HC_SF_UNSET ? hc_sw5_distribute2_k(p->d) : p->waves;
}

/* lcm(1..d) | m: no piece m/n is rounded (as DISTRIBUTE 1) and the formula
** is the paper's; only the waves' r^i m are rounded then. */
static uint32_t unit(const hc_sf_params *p) { return (uint32_t)hc_sf_lcm_upto(p->d); }

static uint64_t formula(const hc_sf_params *p) {
  return hc_sw5_distribute2_formula(p->d, p->m, waves_of(p), p->beta);
}

/* The keep-up condition, in one sentence (with the largest beta this m
** allows, if asked for a sentence at all). */
static int refuse_slow(const hc_sf_params *p, const hc_sw5_plan *pl, uint64_t got, char *why, size_t n) {
  uint32_t bmax = 0;
  if (!why || !n) return HC_EPARAM;
  const unsigned long long f = (unsigned long long)formula(p);
  if (hc_sw5_distribute2_beta_max(pl, p->beta, &bmax) != HC_OK)
    return hc_sf_why(why, n,
                     "M = %u, NWAVES = %u at d = %u: the wavelets do not keep up even at beta = 0 (this schedule takes "
                     "%llu cycles, ceil((2^d-1)m/d) + k*beta is %llu)%s",
                     p->m, pl->k, p->d, (unsigned long long)got, f,
                     pl->r >= p->d - 1.0 ? ", as r is not below d-1" : "; a larger M helps");
  return hc_sf_why(why, n,
                   "M = %u, beta = %u: m is not large enough against beta for the wavelets to keep up at d = %u with %u "
                   "waves (this schedule takes %llu cycles, ceil((2^d-1)m/d) + k*beta is %llu); at this M it needs "
                   "beta <= %u",
                   p->m, p->beta, p->d, pl->k, (unsigned long long)got, f, bmax);
}

static int check(hc_sf_params *p, char *why, size_t n) {
  int rc = hc_sf_check_basic(p, 1, "M", why, n);
  if (rc) return rc;
  hc_sw5_plan pl;
  if ((rc = hc_sw5_plan_make(p->d, waves_of(p), p->m, &pl, why, n))) return rc;
  const uint32_t mem = hc_sw5_distribute2_mem(&pl);
  if (hc_sw5_mem(p->d, p->m) == 0 || mem == 0 || ((uint64_t)mem << p->d) > HC_SCHED_MAX_TOTAL) {
    hc_sw5_plan_free(&pl);
    return hc_sf_why(why, n, "M = %u: the root's 2^%u blocks of M words on each of the 2^%u nodes exceed the memory "
                     "a schedule may have", p->m, p->d, p->d);
  }
  p->waves = pl.k;
  const uint64_t got = hc_sw5_distribute2_time(&pl, p->beta);
  rc = got == formula(p) ? HC_OK : refuse_slow(p, &pl, got, why, n);
  hc_sw5_plan_free(&pl);
  return rc;
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  hc_sw5_plan pl;
  const uint32_t src = p->src == HC_SF_UNSET ? 0 : p->src;
  int rc = hc_sw5_plan_make(p->d, waves_of(p), p->m, &pl, NULL, 0);
  memset(out, 0, sizeof *out);
  if (!rc) rc = hc_sw5_case_mem(p->d, p->m, hc_sw5_distribute2_mem(&pl), src, 0, out);
  if (!rc && (rc = hc_sw5_distribute2_build(&pl, src, out))) hc_sched_case_free(out);
  hc_sw5_plan_free(&pl);
  return rc;
}

/* 000 §9: S = the d outgoing links of the source, a = (2^d - 1) m; the
** opposite corner is d hops away. (§9 also shows that for m large enough
** no algorithm beats (2^d - 1) m/d + k beta with the paper's k.) */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the d outgoing links of the source", p->d, (((uint64_t)1 << p->d) - 1) * p->m, p->d, p->beta);
}

const hc_sf_algo hc_sf_algo_distribute2 = {
    .name = "distribute2",
    .source = "000 (Stout & Wagar) §5, DISTRIBUTE 2",
    .param = "M",
    .takes = HC_SF_TAKES_SRC | HC_SF_TAKES_WAVES,
    .formula_text = "(2^d-1)*m/d + k*beta; ceil((2^d-1)*m/d) + k*beta when d does not divide m",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
};
