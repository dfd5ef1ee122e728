/*
** L.C. INVERSION of Stout & Wagar (shared/seeds/000 §7.2), shared by the
** generators lc_inversion and transpose_sub (algorithms/sf_sw7.h). Every
** member of an l.c. subcube of dimension k runs INVERSION (completed O.C.
** SEND 2: its message cut into k pieces, piece j crossing the logical
** dimensions D_j, D_{j+1}, ... cyclically, one per stage) along logical
** links: a piece crossing logical link i is split in two halves, one per
** physical path (bit i first, or bit c + i first), and each half into p_k
** packets of m/(2 k p_k) words. A member's outgoing physical link carries
** its k stages back to back, p_k packets each; the intermediate node
** forwards every packet as soon as it has it, on the one link that goes on
** to the other member. A packet of stage s is the one of stage s - 1 that
** came in on the same path with the same index, which arrives (one send
** behind, through the intermediate node) at ((s-1) p_k + u + 2) L, not
** later than it leaves at (s p_k + u) L when p_k >= 2 (L = packet time):
** so no link ever waits, and the last packet arrives at (k p_k + 1) L, the
** paper's (kp + 1)(m/(2kp) + beta). Subcubes of every k run at once on
** disjoint links; the paper takes each at its optimal p = (1/k) sqrt(m /
** (2 beta)), i.e. the same k p for all, so here p is given for the largest
** subcubes (k = c) and a k-subcube uses p_k = c p / k: every physical link
** carries c p packets of m/(2 c p) words, and all subcubes end together.
*/
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sf_sw7.h"

uint32_t hc_sw7_partner(uint32_t x, unsigned c) {
  const uint32_t mask = (1u << c) - 1u;
  return (x & mask) << c | (x >> c);
}

int hc_sw7_link_member(uint32_t x, unsigned dim, unsigned c, uint32_t *member) {
  const unsigned i = dim % c;
  const uint32_t y = x ^ (1u << dim);
  const int xm = ((x >> i) ^ (x >> (c + i))) & 1; /* a_i != b_i at x */
  *member = xm ? x : y;
  return xm;
}

uint32_t hc_sw7_lc_pmin(unsigned c) {
  if (c == 0) return 2;
  const uint32_t q = (uint32_t)(hc_sf_lcm_upto(c) / c);
  return q >= 2 ? q : 2; /* p >= 2 and a multiple of q; q = 1 for c <= 2 */
}

uint32_t hc_sw7_lc_mem(unsigned d, uint32_t m) {
  const uint64_t w = (uint64_t)(d / 2 + 2) * m;
  return w > HC_SCHED_MAX_MEM ? 0 : (uint32_t)w;
}

/* Among the valid p (multiples of the step q, >= 2, 2 c p dividing m) the
** one nearest gopt, the smaller on a tie; 0 if there is none. */
static uint32_t pick_p(double gopt, uint32_t m, unsigned c) {
  const uint32_t q = (uint32_t)(hc_sf_lcm_upto(c) / c);
  uint32_t best = 0;
  double bd = 0;
  for (uint64_t pp = q; 2ull * c * pp <= m; pp += q) {
    if (pp < 2 || m % (2ull * c * pp) != 0) continue;
    const double dist = fabs((double)pp - gopt);
    if (!best || dist < bd) {
      best = (uint32_t)pp;
      bd = dist;
    }
  }
  return best;
}

int hc_sw7_lc_check(hc_sf_params *p, uint32_t m, const char *what, char *why, size_t n) {
  const unsigned d = p->d, c = d / 2;
  if (d < 2 || d > HC_SF_MAX_D || d % 2)
    return hc_sf_why(why, n, "d = %u: the l.c. subcubes of 000 §7.2 need an even d = 2c in 2..%u", d, HC_SF_MAX_D);
  const uint32_t q = (uint32_t)(hc_sf_lcm_upto(c) / c);
  if (p->g != HC_SF_UNSET) {
    if (p->g < 2)
      return hc_sf_why(why, n, "G = p = %u: L.C. INVERSION needs p >= 2 packets per physical link, so that a node "
                       "receives a stage's packets before it runs out of the previous ones (000 §7.2)", p->g);
    if (p->g % q)
      return hc_sf_why(why, n, "G = p = %u: at d = %u p must be a multiple of %u, so that a k-subcube's c p / k "
                       "packets per link are whole for every k = 1..%u", p->g, d, q, c);
    if (m == 0 || m % (2ull * c * p->g))
      return hc_sf_why(why, n, "%s: m = %u words is not a positive multiple of 2 c p = %llu, so the packets of "
                       "m/(2kp) words would not be whole", what, m, 2ull * c * p->g);
  } else {
    const double gopt = p->beta ? sqrt((double)m / (2.0 * p->beta)) / c : (double)m;
    p->g = pick_p(gopt, m, c);
    if (!p->g)
      return hc_sf_why(why, n, "%s: m = %u words is not a positive multiple of 2 c p = %llu for any valid p "
                       "(p >= 2, a multiple of %u at d = %u)", what, m, 2ull * c * hc_sw7_lc_pmin(c), q, d);
  }
  if (!hc_sw7_lc_mem(d, m))
    return hc_sf_why(why, n, "%s: (c+2) m = %llu words per node is above the schedule limit %u", what,
                     (unsigned long long)(c + 2) * m, HC_SCHED_MAX_MEM);
  if (p->src == HC_SF_UNSET) p->src = 0;
  return HC_OK;
}

uint64_t hc_sw7_lc_formula(unsigned d, uint32_t m, uint32_t p, uint32_t beta) {
  const uint64_t kp = (uint64_t)(d / 2) * p;
  return (kp + 1) * (m / (2 * kp) + (uint64_t)beta);
}

double hc_sw7_lc_boxed(uint32_t m, uint32_t beta) {
  return m / 2.0 + 2.0 * sqrt((double)beta * m / 2.0) + beta;
}

void hc_sw7_lc_lower(unsigned d, uint32_t m, uint32_t beta, hc_sf_bound *b) {
  hc_sf_bound_set(b, "all d 2^d links (total distance d 2^(d-1) messages)", (uint64_t)d << d,
                  (uint64_t)d * m << (d - 1), d, beta);
}

/* The initial and expected memories: own data, the partner's message (or
** its transposed block) as the result, care = 0 for scratch and for the
** result of a node that is its own partner. */
static int lc_case(unsigned d, uint32_t m, uint32_t side, hc_sched_case *out) {
  const unsigned c = d / 2;
  const uint32_t n = 1u << d, mem = hc_sw7_lc_mem(d, m);
  int rc = hc_sched_new(d, mem, &out->sched);
  if (!rc) rc = hc_sched_case_alloc(out);
  for (uint32_t x = 0; x < n && !rc; x++) rc = hc_sched_case_own(out, x, 0, m);
  if (rc) return rc;
  for (uint32_t y = 0; y < n; y++) {
    const size_t base = (size_t)y * mem;
    const uint32_t z = hc_sw7_partner(y, c);
    for (uint32_t w = 0; w < m; w++) {
      /* side: result word (i, j) is the partner's word (j, i) */
      const uint32_t from = side ? (w % side) * side + w / side : w;
      out->expect[base + m + w] = z == y ? 0 : hc_sched_tag(z, from);
      out->care[base + m + w] = z != y;
    }
    memset(out->care + base + 2 * (size_t)m, 0, mem - 2 * (size_t)m);
  }
  return HC_OK;
}

/* The bits i + c of every logical dimension i in pos[j], ..., pos[j+s-1]
** (cyclically) together with the bits i: where piece j of a message has
** been after s stages, as an XOR mask. */
static uint32_t crossed(const unsigned *pos, unsigned k, unsigned c, unsigned j, unsigned s) {
  uint32_t u = 0;
  for (unsigned t = 0; t < s; t++) {
    const unsigned i = pos[(j + t) % k];
    u |= 1u << i | 1u << (c + i);
  }
  return u;
}

/* Where word w of a message lands in its destination's result. */
static uint32_t result_addr(uint32_t m, uint32_t side, uint32_t w) {
  return side ? m + (w % side) * side + w / side : m + w;
}

/* The state of one build: chunk positions and the scratch allocator. */
typedef struct lc_state {
  hc_sched *s;
  unsigned d, c;
  uint32_t m, p, side, P; /* P: packet words m/(2 c p) */
  uint32_t *cur;          /* [((z c + j) 2 + path) c p + u]: scratch of a chunk at its member */
  uint32_t *bump;         /* next free scratch word per node */
} lc_state;

/* One chunk (message z, piece j, path, packet u, words off..off+P-1) from
** member A over physical dims f then g; last: it lands in the result. */
static int lc_chunk(lc_state *st, uint32_t A, unsigned f, unsigned g, size_t id, uint32_t off, int first,
                    int last) {
  const uint32_t I = A ^ (1u << f), B = I ^ (1u << g), P = st->P;
  const uint32_t from = first ? off : st->cur[id], mid = st->bump[I];
  st->bump[I] += P;
  int rc;
  if ((rc = hc_sched_begin(st->s, A, f)) || (rc = hc_sched_gather(st->s, from, P)) ||
      (rc = hc_sched_scatter(st->s, mid, P)) || (rc = hc_sched_end(st->s)))
    return rc;
  if ((rc = hc_sched_begin(st->s, I, g)) || (rc = hc_sched_gather(st->s, mid, P))) return rc;
  if (last) {
    for (uint32_t w = off; w < off + P && !rc; w++)
      rc = hc_sched_scatter(st->s, result_addr(st->m, st->side, w), 1);
  } else {
    st->cur[id] = st->bump[B];
    st->bump[B] += P;
    rc = hc_sched_scatter(st->s, st->cur[id], P);
  }
  return rc ? rc : hc_sched_end(st->s);
}

/* Stage s of member A: on each of its 2k outgoing physical links, the p_k
** packets of the piece that crosses that logical dimension now. */
static int lc_stage(lc_state *st, uint32_t A, unsigned s) {
  const unsigned c = st->c;
  const uint32_t D = (A >> c) ^ (A & ((1u << c) - 1u));
  unsigned pos[16], k = 0;
  for (unsigned i = 0; i < c; i++)
    if (D >> i & 1) pos[k++] = i;
  if (s >= k) return HC_OK;
  const uint32_t pk = c * st->p / k, cp = c * st->p, half = st->m / (2 * k);
  for (unsigned e = 0; e < k; e++) {
    const unsigned j = (e + k - s) % k;
    const uint32_t z = A ^ crossed(pos, k, c, j, s);
    for (unsigned path = 0; path < 2; path++) {
      const unsigned f = path ? c + pos[e] : pos[e], g = path ? pos[e] : c + pos[e];
      for (uint32_t u = 0; u < pk; u++) {
        const size_t id = (((size_t)z * c + j) * 2 + path) * cp + u;
        const int rc = lc_chunk(st, A, f, g, id, (2 * j + path) * half + u * st->P, s == 0, s == k - 1);
        if (rc) return rc;
      }
    }
  }
  return HC_OK;
}

int hc_sw7_lc_build(unsigned d, uint32_t m, uint32_t p, uint32_t side, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  const unsigned c = d / 2;
  if (d < 2 || d % 2 || d > HC_SF_MAX_D || p < 2 || p % (hc_sf_lcm_upto(c) / c) || m == 0 ||
      m % (2ull * c * p) || !hc_sw7_lc_mem(d, m) || (side && (uint64_t)side * side != m))
    return HC_EPARAM;
  const uint32_t n = 1u << d;
  lc_state st = {NULL, d, c, m, p, side, m / (2 * c * p), NULL, NULL};
  int rc = lc_case(d, m, side, out);
  st.s = out->sched;
  st.cur = rc ? NULL : malloc((size_t)n * c * 2 * c * p * sizeof *st.cur);
  st.bump = rc ? NULL : malloc((size_t)n * sizeof *st.bump);
  if (!rc && (!st.cur || !st.bump)) rc = HC_ENOMEM;
  for (uint32_t x = 0; x < n && !rc; x++) st.bump[x] = 2 * m;
  /* stage by stage, so a chunk's scratch slot is known before it moves on;
  ** each link still gets its packets in order (stage, then index) */
  for (unsigned s = 0; s < c && !rc; s++)
    for (uint32_t A = 0; A < n && !rc; A++) rc = lc_stage(&st, A, s);
  for (uint32_t x = 0; x < n && !rc; x++) /* (k-1) m relayed as member, (c-k) m as intermediate */
    assert(st.bump[x] == 2 * m + (x == hc_sw7_partner(x, c) ? c : c - 1) * m);
  free(st.cur);
  free(st.bump);
  if (rc) hc_sched_case_free(out);
  return rc;
}
