/*
** DISTRIBUTE 2 of Stout & Wagar (shared/seeds/000 §5, optimality in §9):
** the source's messages leave in k geometric waves instead of d stages.
** Each link c of the source carries, as in DISTRIBUTE 1, m/n words of every
** message to distance n through c (C(d,n) m/d per distance), farthest
** first; that stream is cut into k packets, the waves, whose sizes from
** the last are m (the messages for C_1), r m, r^2 m, ... with the paper's r
** (d (r^k - 1)/(r - 1) = 2^d - 1). A cut may fall inside a distance: every
** message to that distance then gives the same portion to each of the two
** waves ("portions of each of the messages"). At C_1 a wave is broken into
** wavelets, one per distance, farthest first, that continue to their
** destinations without further subdivision, spreading evenly as in the
** paper's DISTRIBUTE 1 analysis (and its d = 3 example): a node at level j
** of the subcube spanned by the source and t holds 1/C(n,j) of t's portion
** and sends 1/(n-j) of that on each of its links toward t, batched with the
** other messages of the same wavelet. The source's time is (2^d - 1) m/d +
** k beta; the wavelets keep up only for m large enough against beta (their
** extra start-ups), which check() demands exactly (hc_sw5_distribute2_time).
** The docs section of DISTRIBUTE 2 gives the rounding of r and, per d, the
** exact condition (beta <= rho_d m) under which the paper's time holds.
** Rounding of m: the waves are planned at m = u = lcm(1..d) and scale by
** mu = ceil(m/u); when u does not divide m the message is padded to
** m' = mu u words (the pad ids read real words of the root's block again
** and land in scratch of the destination), and every time above is the
** one at m': formula() is (2^d - 1) m'/d + k beta, check() demands
** beta <= rho_d m'. Crude (at m << u most of the traffic is pad) but exact,
** and it runs d = 9, 10 with small m, whose root blocks are 2^d m words.
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

/* lcm_{j<n} C(n,j)(n-j): a portion that spreads evenly at every level. */
static uint64_t d2_grain(unsigned n) {
  uint64_t l = 1;
  for (unsigned j = 0; j < n; j++) l = hc_sf_lcm(l, hc_sf_binom(n, j) * (n - j));
  return l;
}

/* Words of a portion P of every message to distance n on one link from
** level j (toward a node of level j+1): C(d-j-1, n-j-1) P / (C(n,j)(n-j)). */
static uint64_t d2_size(unsigned d, unsigned j, unsigned n, uint64_t part) {
  return hc_sf_binom(d - j - 1, n - j - 1) * part / (hc_sf_binom(n, j) * (n - j));
}

/* The smallest place >= target (counted from the end of a source link's
** stream, at m = u) where the stream may be cut into whole, evenly
** spreading portions; pre[n] = the words of distances 1..n. */
static uint64_t d2_cut_up(const hc_sw5_plan *pl, const uint64_t *pre, double target) {
  const unsigned d = pl->d;
  for (unsigned n = 1; n <= d; n++) {
    if (target > (double)pre[n] + 1e-9) continue;
    const uint64_t c = hc_sf_binom(d - 1, n - 1), g = d2_grain(n);
    double a = (target - (double)pre[n - 1]) * n / (double)c;
    uint64_t steps = a <= 1e-9 ? 0 : (uint64_t)ceil(a / (double)g - 1e-9);
    return pre[n - 1] + c * (steps * g) / n;
  }
  return pre[d];
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

int hc_sw5_plan_make(unsigned d, unsigned k, hc_sw5_plan *pl, char *why, size_t n) {
  memset(pl, 0, sizeof *pl);
  if (d < 1 || d > HC_SF_MAX_D) return hc_sf_why(why, n, "d = %u: the generators take d = 1..%u", d, HC_SF_MAX_D);
  if (k < (d > 1 ? 2u : 1u) || k > d)
    return hc_sf_why(why, n, "NWAVES = %u: DISTRIBUTE 2 takes %u..%u waves at d = %u (the last wave is C_1's alone)", k,
                     d > 1 ? 2u : 1u, d, d);
  pl->d = d;
  pl->k = k;
  pl->u = (uint32_t)hc_sf_lcm_upto(d);
  pl->r = d > 1 ? d2_r(d, k) : 0;
  uint64_t pre[HC_SW5_MAXW] = {0}, cut[HC_SW5_MAXW + 1] = {0};
  for (unsigned i = 1; i <= d; i++) pre[i] = pre[i - 1] + hc_sf_binom(d - 1, i - 1) * pl->u / i;
  /* cut[w]: words from the end of the stream where wave w begins */
  cut[1] = pre[d];
  cut[k] = pl->u;
  for (unsigned w = k - 1; w >= 2; w--) {
    double t = 0, p = 1;
    for (unsigned e = 0; e <= k - w; e++, p *= pl->r) t += p;
    cut[w] = d2_cut_up(pl, pre, t * pl->u);
  }
  for (unsigned w = 1; w <= k; w++) {
    if (cut[w] <= cut[w + 1])
      return hc_sf_why(why, n, "NWAVES = %u: wave %u would be empty at d = %u once rounded to whole words", k, w, d);
    pl->wave[w] = cut[w] - cut[w + 1];
    for (unsigned i = 1; i <= d; i++) {
      const uint64_t lo = pre[i - 1] > cut[w + 1] ? pre[i - 1] : cut[w + 1];
      const uint64_t hi = pre[i] < cut[w] ? pre[i] : cut[w];
      if (hi > lo) pl->part[w][i] = (uint32_t)((hi - lo) * i / hc_sf_binom(d - 1, i - 1));
    }
  }
  return HC_OK;
}

/* ------------------------------------------------------------- timing */

/*
** The timing is the same on every link of a level (the schedule is
** symmetric under permutations of the dimensions), so one recurrence over
** (level, wave, distance) gives it. It is kept parametric: env[b] is the
** most words (at m = u) on a chain of b packets ending at a packet (-1: no
** such chain), so a time is max_b env[b] m/u + b beta.
*/
typedef struct d2_env {
  unsigned nb;
  int64_t *all;  /* the envelope of every packet */
  int64_t *prev; /* [(w*(d+1) + n)*nb]: the level below, per wavelet */
  int64_t *cur, *link, *tmp;
} d2_env;

/* out = max(x, y) followed by one packet of size words. */
static void d2_step(unsigned nb, int64_t *out, const int64_t *x, const int64_t *y, uint64_t size) {
  out[0] = -1;
  for (unsigned b = 0; b + 1 < nb; b++) {
    int64_t v = x[b] > y[b] ? x[b] : y[b];
    out[b + 1] = v < 0 ? -1 : v + (int64_t)size;
  }
}

static void d2_fold(unsigned nb, int64_t *acc, const int64_t *x) {
  for (unsigned b = 0; b < nb; b++)
    if (x[b] > acc[b]) acc[b] = x[b];
}

/* Fill e->all for plan pl; HC_OK or HC_ENOMEM. */
static int d2_envelope(const hc_sw5_plan *pl, d2_env *e) {
  const unsigned d = pl->d, k = pl->k, nt = (k + 1) * (d + 1);
  e->nb = k * (1 + d * d) + 2;
  const unsigned nb = e->nb;
  e->all = malloc((size_t)nb * (3 + 2 * nt) * sizeof *e->all);
  if (!e->all) return HC_ENOMEM;
  e->link = e->all + nb;
  e->tmp = e->link + nb;
  e->prev = e->tmp + nb;
  e->cur = e->prev + (size_t)nt * nb;
  for (size_t i = 0; i < (size_t)nb * (3 + 2 * nt); i++) e->all[i] = -1;
  e->link[0] = 0; /* a link's first packet starts at 0 */
  for (unsigned w = 1; w <= k; w++) { /* the source, wave by wave */
    d2_step(nb, e->tmp, e->link, e->link, pl->wave[w]);
    memcpy(e->link, e->tmp, nb * sizeof *e->tmp);
    memcpy(e->prev + (size_t)w * (d + 1) * nb, e->tmp, nb * sizeof *e->tmp); /* n = 0: any wavelet */
    d2_fold(nb, e->all, e->tmp);
  }
  for (unsigned j = 1; j < d; j++) {
    for (unsigned b = 0; b < nb; b++) e->link[b] = b ? -1 : 0;
    for (unsigned w = 1; w <= k; w++)
      for (unsigned n = d; n > j; n--) {
        const uint64_t sz = d2_size(d, j, n, pl->part[w][n]);
        if (!sz) continue;
        const int64_t *dep = e->prev + ((size_t)w * (d + 1) + (j == 1 ? 0 : n)) * nb;
        int64_t *out = e->cur + ((size_t)w * (d + 1) + n) * nb;
        d2_step(nb, out, e->link, dep, sz);
        memcpy(e->link, out, nb * sizeof *out);
        d2_fold(nb, e->all, out);
      }
    int64_t *t = e->prev;
    e->prev = e->cur;
    e->cur = t;
  }
  return HC_OK;
}

uint32_t hc_sw5_distribute2_scale(const hc_sw5_plan *pl, uint32_t m) { return (m + pl->u - 1) / pl->u; }

uint64_t hc_sw5_distribute2_time(const hc_sw5_plan *pl, uint32_t m, uint32_t beta) {
  d2_env e;
  if (d2_envelope(pl, &e)) return UINT64_MAX;
  uint64_t best = 0;
  for (unsigned b = 0; b < e.nb; b++)
    if (e.all[b] >= 0) {
      uint64_t t = (uint64_t)e.all[b] * hc_sw5_distribute2_scale(pl, m) + (uint64_t)b * beta;
      if (t > best) best = t;
    }
  free(e.all);
  return best;
}

int hc_sw5_distribute2_threshold(const hc_sw5_plan *pl, uint64_t *num, uint64_t *den) {
  d2_env e;
  if (d2_envelope(pl, &e)) return HC_ENOMEM;
  const int64_t k = pl->k;
  int64_t total = 0;
  for (unsigned w = 1; w <= pl->k; w++) total += (int64_t)pl->wave[w];
  int rc = HC_OK;
  *num = 1;
  *den = 0; /* no constraint yet */
  for (unsigned b = 0; b < e.nb; b++) {
    if (e.all[b] < 0) continue;
    if ((int64_t)b <= k) {
      if (e.all[b] > total) rc = HC_EPARAM; /* misses the formula even at beta = 0 */
      continue;
    }
    if (e.all[b] > total) {
      rc = HC_EPARAM;
      continue;
    }
    /* beta (b - k) u <= (total - env[b]) m */
    uint64_t p = (uint64_t)(total - e.all[b]), q = (uint64_t)(b - k) * pl->u;
    if (*den == 0 || p * *den < *num * q) {
      const uint64_t g = hc_sf_gcd(p, q);
      *num = p / g;
      *den = q / g;
    }
  }
  free(e.all);
  return rc;
}

/* ------------------------------------------------------------ building */

/*
** Which word goes where. Every portion (message t, wave w) is laid out at
** each node x of the subcube it crosses as one sequence: at t the message's
** words in order, at any other x the concatenation of what x sends on its
** links toward t, in increasing dimension; what x sends to x+c is the
** slice of (x+c)'s sequence at c's rank among the dimensions of x+c. So
** every chunk is contiguous at both ends except at the source, whose
** gather follows the sequence built top-down here.
*/
typedef struct d2 {
  const hc_sw5_plan *pl;
  unsigned d;
  uint32_t n, m, mp, mu, src; /* m real words, mp = mu u on the links */
  uint32_t *seq0; /* [t*m + off + p]: the source's sequence, by portion */
  uint32_t *base; /* [(w*n + t)*n + x]: x's scratch for portion (t, w) */
  uint32_t *padb; /* [t]: where t's pad words (ids m .. mp-1) land */
} d2;

static unsigned d2_rank(uint32_t set, unsigned c) { return hc_sf_popcount(set & ((1u << c) - 1)); }

/* Words before wave w's portion in a message to distance nt. */
static uint32_t d2_off(const d2 *e, unsigned w, unsigned nt) {
  uint32_t o = 0;
  for (unsigned v = 1; v < w; v++) o += e->pl->part[v][nt];
  return o * e->mu;
}

/* The sequences of portion (t, w) top-down; seq(0) into e->seq0. buf holds
** (d+1) m words, idx 2^d offsets (subsets of t by compressed bits). */
static void d2_sequence(d2 *e, uint32_t t, unsigned w, uint32_t *buf, uint32_t *idx) {
  const unsigned nt = hc_sf_popcount(t);
  const uint32_t P = e->pl->part[w][nt] * e->mu, off = d2_off(e, w, nt), full = (1u << nt) - 1;
  uint32_t used = 0;
  for (unsigned j = nt + 1; j-- > 0;)
    for (uint32_t s = 0; s <= full; s++) {
      if (hc_sf_popcount(s) != j) continue;
      idx[s] = used;
      const uint32_t h = P / (uint32_t)hc_sf_binom(nt, j);
      if (j == nt)
        for (uint32_t p = 0; p < P; p++) buf[used + p] = off + p;
      else
        for (unsigned i = 0, out = used; i < nt; i++) {
          if (s >> i & 1) continue;
          const uint32_t sj = h / (nt - j), y = s | 1u << i;
          memcpy(buf + out, buf + idx[y] + d2_rank(y, i) * sj, sj * sizeof *buf);
          out += sj;
        }
      used += h;
    }
  memcpy(e->seq0 + (size_t)t * e->mp + off, buf + idx[0], P * sizeof *buf);
}

/* Scratch for every portion at every relay, and the source's sequences. */
static int d2_place(d2 *e) {
  uint32_t *bump = malloc(e->n * sizeof *bump), *idx = malloc(e->n * sizeof *idx);
  uint32_t *buf = malloc((size_t)(e->d + 1) * e->mp * sizeof *buf);
  int rc = bump && idx && buf ? HC_OK : HC_ENOMEM;
  for (uint32_t x = 0; x < e->n && !rc; x++) bump[x] = e->m;
  for (uint32_t t = 1; t < e->n && !rc; t++) {
    const unsigned nt = hc_sf_popcount(t);
    for (unsigned w = 1; w <= e->pl->k; w++) {
      const uint32_t P = e->pl->part[w][nt] * e->mu;
      if (!P) continue;
      d2_sequence(e, t, w, buf, idx);
      for (uint32_t x = 1; x < t; x++)
        if ((x & t) == x) {
          e->base[((size_t)w * e->n + t) * e->n + x] = bump[x];
          bump[x] += P / (uint32_t)hc_sf_binom(nt, hc_sf_popcount(x));
        }
    }
  }
  for (uint32_t t = 1; t < e->n && !rc; t++) { /* the pad of t's message, past its relays */
    e->padb[t] = bump[t];
    bump[t] += e->mp - e->m;
  }
  free(bump);
  free(idx);
  free(buf);
  return rc;
}

/* Add portion (t, w)'s chunk on link (x, c) (relative ids) to the open
** packet: from x's place to (x+c)'s. */
static int d2_chunk(const d2 *e, hc_sched *s, uint32_t t, unsigned w, uint32_t x, unsigned c) {
  const unsigned nt = hc_sf_popcount(t), j = hc_sf_popcount(x);
  const uint32_t y = x | 1u << c, P = e->pl->part[w][nt] * e->mu;
  const uint32_t sj = P / (uint32_t)(hc_sf_binom(nt, j) * (nt - j));
  const uint32_t from = d2_rank(t & ~x, c) * sj, to = d2_rank(y, c) * sj;
  int rc = HC_OK;
  if (j == 0) { /* the source gathers along its sequence */
    const uint32_t *q = e->seq0 + (size_t)t * e->mp + d2_off(e, w, nt) + from;
    for (uint32_t p = 0; p < sj && !rc; p++) /* a pad id reads a real word of the block again */
      rc = hc_sched_gather(s, (t ^ e->src) * e->m + (q[p] < e->m ? q[p] : (q[p] - e->m) % e->m), 1);
  } else {
    rc = hc_sched_gather(s, e->base[((size_t)w * e->n + t) * e->n + x] + from, sj);
  }
  if (rc) return rc;
  if (y == t) { /* words at their ids, pad ids into t's pad scratch */
    for (uint32_t id = d2_off(e, w, nt) + to, p = 0; p < sj && !rc; p++, id++)
      rc = hc_sched_scatter(s, id < e->m ? id : e->padb[t] + id - e->m, 1);
    return rc;
  }
  return hc_sched_scatter(s, e->base[((size_t)w * e->n + t) * e->n + y] + to, sj);
}

/* One packet on link (x, c): wave w, and distance nd (0: every distance,
** the source's wave). No packet if it would be empty. */
static int d2_packet(const d2 *e, hc_sched *s, uint32_t x, unsigned c, unsigned w, unsigned nd) {
  const uint32_t y = x | 1u << c;
  int open = 0, rc = HC_OK;
  for (uint32_t t = y; t < e->n && !rc; t++) {
    const unsigned nt = hc_sf_popcount(t);
    if ((t & y) != y || (nd && nt != nd) || !e->pl->part[w][nt]) continue;
    if (!open && (rc = hc_sched_begin(s, x ^ e->src, c))) break;
    open = 1;
    rc = d2_chunk(e, s, t, w, x, c);
  }
  if (open && !rc) rc = hc_sched_end(s);
  return rc;
}

/* Every link's list: the source's waves; at level j >= 1 the wavelets by
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

uint32_t hc_sw5_distribute2_mem(const hc_sw5_plan *pl, uint32_t m) {
  const uint32_t n = 1u << pl->d, mu = hc_sw5_distribute2_scale(pl, m);
  uint64_t *bump = calloc(n, sizeof *bump), most = (uint64_t)m << pl->d;
  if (!bump || m == 0) {
    free(bump);
    return 0;
  }
  for (uint32_t t = 1; t < n; t++) { /* d2_place's count: relays, then pad */
    const unsigned nt = hc_sf_popcount(t);
    for (unsigned w = 1; w <= pl->k; w++)
      for (uint32_t x = 1; x < t; x++)
        if ((x & t) == x) bump[x] += (uint64_t)pl->part[w][nt] * mu / hc_sf_binom(nt, hc_sf_popcount(x));
  }
  for (uint32_t x = 1; x < n; x++) {
    const uint64_t need = m + bump[x] + ((uint64_t)mu * pl->u - m);
    if (need > most) most = need;
  }
  free(bump);
  return most > HC_SCHED_MAX_MEM ? 0 : (uint32_t)most;
}

int hc_sw5_distribute2_build(const hc_sw5_plan *pl, uint32_t m, uint32_t src, hc_sched_case *c) {
  const uint32_t mu = hc_sw5_distribute2_scale(pl, m);
  d2 e = {.pl = pl, .d = pl->d, .n = 1u << pl->d, .m = m, .mp = mu * pl->u, .mu = mu, .src = src};
  e.seq0 = malloc((size_t)e.n * e.mp * sizeof *e.seq0);
  e.base = malloc((size_t)(pl->k + 1) * e.n * e.n * sizeof *e.base);
  e.padb = malloc((size_t)e.n * sizeof *e.padb);
  int rc = e.seq0 && e.base && e.padb ? HC_OK : HC_ENOMEM;
  if (!rc) rc = d2_place(&e);
  if (!rc) rc = d2_emit(&e, c->sched);
  free(e.seq0);
  free(e.base);
  free(e.padb);
  return rc;
}

/* ------------------------------------------------------------- record */

static unsigned waves_of(const hc_sf_params *p) {
  return p->waves == HC_SF_UNSET ? hc_sw5_distribute2_k(p->d) : p->waves;
}

static uint32_t unit(const hc_sf_params *p) { return (uint32_t)hc_sf_lcm_upto(p->d); }

/* The message the waves carry: m rounded up to a multiple of u = lcm(1..d). */
static uint64_t padded(const hc_sf_params *p) {
  const uint64_t u = hc_sf_lcm_upto(p->d);
  return (p->m + u - 1) / u * u;
}

/* The time condition, in one sentence. */
static int refuse_slow(const hc_sf_params *p, const hc_sw5_plan *pl, uint64_t got, uint64_t want, char *why,
                       size_t n) {
  uint64_t num = 0, den = 0;
  int never = hc_sw5_distribute2_threshold(pl, &num, &den) != HC_OK || num == 0;
  if (never)
    return hc_sf_why(why, n,
                     "NWAVES = %u at d = %u: the wavelets never keep up (this schedule takes %llu cycles, the "
                     "paper's (2^d-1)m/d + k*beta is %llu), as r = %.4f is not below d-1",
                     pl->k, p->d, (unsigned long long)got, (unsigned long long)want, pl->r);
  return hc_sf_why(why, n,
                   "M = %u, beta = %u: m is not large enough for the wavelets to keep up (this schedule takes %llu "
                   "cycles, the paper's (2^d-1)m/d + k*beta is %llu); at d = %u with %u waves it needs "
                   "beta*%llu <= m*%llu (m rounded up to a multiple of lcm(1..d): %llu)",
                   p->m, p->beta, (unsigned long long)got, (unsigned long long)want, p->d, pl->k,
                   (unsigned long long)den, (unsigned long long)num, (unsigned long long)padded(p));
}

/* The paper's (2^d - 1) m/d + k beta at the m the waves carry, padded(p)
** (= m when lcm(1..d) divides m). */
static uint64_t formula(const hc_sf_params *p) {
  return (((uint64_t)1 << p->d) - 1) * (padded(p) / p->d) + (uint64_t)waves_of(p) * p->beta;
}

static int check(hc_sf_params *p, char *why, size_t n) {
  int rc = hc_sf_check_basic(p, 1, "M", why, n);
  if (rc) return rc;
  hc_sw5_plan pl;
  if ((rc = hc_sw5_plan_make(p->d, waves_of(p), &pl, why, n))) return rc;
  if (hc_sw5_mem(p->d, p->m) == 0 || hc_sw5_distribute2_mem(&pl, p->m) == 0)
    return hc_sf_why(why, n, "M = %u: the root's 2^%u blocks of M words or the relays' scratch exceed a node's memory",
                     p->m, p->d);
  p->waves = pl.k;
  const uint64_t got = hc_sw5_distribute2_time(&pl, p->m, p->beta), want = formula(p);
  return got == want ? HC_OK : refuse_slow(p, &pl, got, want, why, n);
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  hc_sw5_plan pl;
  int rc = hc_sw5_plan_make(p->d, waves_of(p), &pl, NULL, 0);
  if (!rc)
    rc = hc_sw5_case_mem(p->d, p->m, hc_sw5_distribute2_mem(&pl, p->m), p->src == HC_SF_UNSET ? 0 : p->src, 0, out);
  else memset(out, 0, sizeof *out);
  if (!rc && (rc = hc_sw5_distribute2_build(&pl, p->m, p->src == HC_SF_UNSET ? 0 : p->src, out)))
    hc_sched_case_free(out);
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
    .formula_text = "(2^d-1)*m/d + k*beta; m rounded up to a multiple of lcm(1..d)",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
};
