/*
** Unit tests of the o.c. send family of 000 (Stout & Wagar) §3-§4: O.C. SEND
** 1-4, X.O.C. SEND 1-2, ARBITRARY SEND 1 and 3 (algorithms/sf_ocsend*.c,
** sf_xocsend*.c, sf_arbsend*.c), one cmocka group per algorithm. Every case
** goes through the record (check, build), the validator and the reference
** executor; the data must match the case's expectation and, independently,
** DST must hold SRC's words; the cycles must equal the paper's expression as
** written here (K_n from its definition, stage sums from the analyses), never
** the generator's formula(), which is only compared to it; the §9 bound must
** not exceed the measurement. Structure the paper states is checked too:
** stage sizes, packet counts, unused links, and for the pipelined ones that
** every packet starts exactly when the first stage's pace says it should
** (the paper's "no chance of conflict").
*/
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hc_sched.h"
#include "hc_sf_algo.h"

/* ------------------------------------------------------------ arithmetic */

static uint64_t binom(unsigned n, unsigned k) {
  uint64_t r = 1;
  if (k > n) return 0;
  for (unsigned i = 1; i <= k; i++) r = r * (n - k + i) / i;
  return r;
}

static uint64_t gcd(uint64_t a, uint64_t b) { return b ? gcd(b, a % b) : a; }

/* K_n = sum_{k=0..n} 1/C(n,k) (000 §3), reduced. */
static void kfrac(unsigned n, uint64_t *num, uint64_t *den) {
  uint64_t p = 0, q = 1;
  for (unsigned k = 0; k <= n; k++) {
    const uint64_t c = binom(n, k);
    p = p * c + q;
    q = q * c;
    const uint64_t g = gcd(p, q);
    p /= g;
    q /= g;
  }
  *num = p;
  *den = q;
}

static unsigned popc(uint32_t v) { return v ? (v & 1) + popc(v >> 1) : 0; }

/* lcm_k C(n,k)(n-k): a group through an n-subcube is a multiple of it. */
static uint64_t ocunit(unsigned n) {
  uint64_t l = 1;
  for (unsigned k = 0; k < n; k++) {
    const uint64_t v = binom(n, k) * (n - k);
    l = l / gcd(l, v) * v;
  }
  return l;
}

/* K_(n-1) len / n, which must come out whole. */
static uint64_t kterm(unsigned n, uint64_t len) {
  uint64_t num, den;
  kfrac(n - 1, &num, &den);
  assert_int_equal(num * len % (den * n), 0);
  return num * len / (den * n);
}

/* 000 §3 O.C. SEND 4: (g-1)(tau len/(n g) + beta) + K_(n-1) tau (len/g)/n + n beta. */
static uint64_t f_oc4(unsigned n, uint64_t len, uint64_t g, uint64_t beta) {
  assert_int_equal(len % (n * g), 0);
  return (g - 1) * (len / (n * g) + beta) + kterm(n, len / g) + n * beta;
}

/* 000 §4 X.O.C. SEND 2: (g-1)(tau len/g + beta) + ((2n + K_(n-1))/n) tau len/g + (n+2) beta. */
static uint64_t f_xoc2(unsigned n, uint64_t len, uint64_t g, uint64_t beta) {
  uint64_t num, den;
  kfrac(n - 1, &num, &den);
  const uint64_t gl = len / g, top = (2 * n * den + num) * gl;
  assert_int_equal(len % g, 0);
  assert_int_equal(top % (n * den), 0);
  return (g - 1) * (gl + beta) + top / (n * den) + (n + 2) * beta;
}

/* ---------------------------------------------------------------- driver */

static const uint32_t betas[] = {0, 1, 3, 7, 40};
#define NBETA (sizeof betas / sizeof betas[0])

typedef struct tcase {
  const hc_sf_algo *a;
  hc_sf_params p;
  hc_sched_case c;
} tcase;

/* Check and build a with these parameters (HC_SF_UNSET for "not given"). */
static void t_build(tcase *t, const hc_sf_algo *a, unsigned d, uint32_t m, uint32_t g, uint32_t src, uint32_t dst) {
  char why[256] = "";
  hc_sched_err e;
  t->a = a;
  hc_sf_params_init(&t->p, d, m, 0);
  t->p.g = g;
  t->p.src = src;
  t->p.dst = dst;
  if (a->check(&t->p, why, sizeof why)) fail_msg("%s d=%u m=%u: check: %s", a->name, d, m, why);
  assert_int_equal(a->build(&t->p, &t->c), HC_OK);
  if (hc_sched_validate(t->c.sched, &e)) fail_msg("%s: validate: %s", a->name, e.msg);
}

/*
** Run at beta; check the data (the case and, independently, DST = SRC's
** words, SRC's own untouched), cycles == want == formula() + constant, the
** §9 bound below. The result is left in r for structural checks.
*/
static void t_run(tcase *t, uint32_t beta, uint64_t want, hc_exec_result *r) {
  hc_sched_err e;
  uint64_t cp = 0;
  const uint32_t m = t->p.m;
  t->p.beta = beta;
  if (hc_sched_exec(t->c.sched, beta, t->c.init, r, &e)) fail_msg("exec: %s", e.msg);
  assert_int_equal(hc_sched_critical_path(t->c.sched, beta, &cp, &e), HC_OK);
  assert_int_equal(r->cycles, cp);
  assert_int_equal(hc_sched_case_check(&t->c, r->mem, NULL, NULL), 0);
  for (uint32_t a = 0; a < m; a++) {
    assert_int_equal(r->mem[(size_t)t->p.dst * m + a], hc_sched_tag(t->p.src, a));
    assert_int_equal(r->mem[(size_t)t->p.src * m + a], hc_sched_tag(t->p.src, a));
  }
  if (r->cycles != want || hc_sf_expected(t->a, &t->p) != want)
    fail_msg("%s d=%u m=%u beta=%u g=%u src=%u dst=%u: measured %llu, paper %llu, formula() %llu", t->a->name,
             t->p.d, m, beta, t->p.g, t->p.src, t->p.dst, (unsigned long long)r->cycles, (unsigned long long)want,
             (unsigned long long)hc_sf_expected(t->a, &t->p));
  hc_sf_bound b;
  t->a->lower(&t->p, &b);
  assert_int_equal(b.links, t->p.d);
  assert_int_equal(b.load, m);
  assert_int_equal(b.hops, popc(t->p.src ^ t->p.dst));
  assert_true(b.cycles <= r->cycles);
  if (t->a->boxed) assert_true(t->a->boxed(&t->p) <= (double)want + 1e-6);
}

static void t_free(tcase *t) { hc_sched_case_free(&t->c); }

/*
** The pipelined parts: where a packet belongs. A part is one o.c. send
** (corner, subcube mask, optional hops in and out); stage sizes size[0..]
** in order (stage -1 first for an x.o.c.). cls finds the part and stage of a
** packet from (sender, dim) alone, or fails.
*/
typedef struct part {
  uint32_t corner, mask;
  int in_dim, out_dim;
  unsigned nst;
  uint64_t size[16];
  uint64_t packets;
} part;

static void part_init(part *q, uint32_t corner, uint32_t mask, int in_dim, int out_dim, uint64_t len, uint64_t g) {
  const unsigned n = popc(mask);
  memset(q, 0, sizeof *q);
  q->corner = corner;
  q->mask = mask;
  q->in_dim = in_dim;
  q->out_dim = out_dim;
  if (in_dim >= 0) q->size[q->nst++] = len / g;
  for (unsigned k = 0; k < n; k++) q->size[q->nst++] = len / (g * binom(n, k) * (n - k));
  if (out_dim >= 0) q->size[q->nst++] = len / g;
}

/* The stage of packet (x, c) in part q, or -1 if it is not q's. */
static int part_stage(const part *q, uint32_t x, unsigned c) {
  const int off = q->in_dim >= 0;
  const uint32_t u = x ^ q->corner;
  if (q->in_dim >= 0 && (int)c == q->in_dim && u == (1u << c)) return 0;
  if (q->out_dim >= 0 && (int)c == q->out_dim && u == q->mask) return q->nst - 1;
  if ((u & ~q->mask) || !(q->mask >> c & 1) || (u >> c & 1)) return -1;
  return off + (int)popc(u);
}

/*
** Every packet belongs to exactly one part, has its stage's size, and starts
** at group * (first stage + beta) + the stages before it: the first stage
** sets the pace and no link ever delays a packet (000 §3 O.C. SEND 4). The
** first stage is the longest (the paper's premise). Counts packets per part.
*/
static void check_pace(const tcase *t, part *qs, unsigned nq, uint32_t beta, const hc_exec_result *r) {
  for (unsigned j = 0; j < nq; j++)
    for (unsigned s = 0; s < qs[j].nst; s++) assert_true(qs[j].size[s] <= qs[j].size[0]);
  for (size_t i = 0; i < hc_sched_num_packets(t->c.sched); i++) {
    hc_packet_info pi;
    assert_int_equal(hc_sched_packet(t->c.sched, i, &pi), HC_OK);
    int st = -1;
    unsigned j = 0;
    for (; j < nq && st < 0; j++) st = part_stage(&qs[j], pi.node, pi.dim);
    if (st < 0) fail_msg("packet %zu on (%u, %u) belongs to no part", i, pi.node, pi.dim);
    part *q = &qs[j - 1];
    q->packets++;
    uint64_t at = (uint64_t)pi.seq * (q->size[0] + beta);
    for (int s = 0; s < st; s++) at += q->size[s] + beta;
    assert_int_equal(pi.words, q->size[st]);
    if (r->start[i] != at)
      fail_msg("%s: packet on (%u, %u) group %u stage %d starts at %llu, the paced start is %llu", t->a->name, pi.node,
               pi.dim, pi.seq, st, (unsigned long long)r->start[i], (unsigned long long)at);
  }
}

/* Packets per group of an o.c. send through an n-subcube: sum_k C(n,k)(n-k). */
static uint64_t oc_packets(unsigned n) { return (uint64_t)n << (n - 1); }

/* A few (src, dst) pairs of the d-cube at distance n (n >= 1). */
static unsigned pairs_at(unsigned d, unsigned n, uint32_t *src, uint32_t *dst) {
  const uint32_t N = 1u << d;
  unsigned k = 0;
  const uint32_t srcs[] = {0, N - 1, (5u * d + 3) % N};
  for (unsigned i = 0; i < 3; i++) {
    /* the n bits starting at a rotating offset */
    uint32_t mask = 0;
    for (unsigned b = 0; b < n; b++) mask |= 1u << ((b * 3 + i) % d);
    if (popc(mask) != n) { /* offsets collided: take the low n bits */
      mask = (n == 32) ? ~0u : (1u << n) - 1;
    }
    src[k] = srcs[i];
    dst[k] = srcs[i] ^ mask;
    k++;
  }
  return k;
}

/* ------------------------------------------------------------- ocsend1 */

static void test_ocsend1(void **state) {
  (void)state;
  for (unsigned d = 1; d <= 8; d++)
    for (unsigned n = 1; n <= d; n += (d > 4 ? 3 : 1)) {
      uint32_t src[3], dst[3];
      const unsigned np = pairs_at(d, n, src, dst);
      for (unsigned pi = 0; pi < np; pi++)
        for (uint32_t m = 1; m <= 9; m += 8) {
          tcase t;
          t_build(&t, &hc_sf_algo_ocsend1, d, m, HC_SF_UNSET, src[pi], dst[pi]);
          assert_int_equal(hc_sched_num_packets(t.c.sched), n); /* n stages, one packet each */
          for (size_t bi = 0; bi < NBETA; bi++) {
            hc_exec_result r;
            t_run(&t, betas[bi], (uint64_t)n * (m + betas[bi]), &r); /* d(tau m + beta) */
            hc_exec_result_free(&r);
          }
          t_free(&t);
        }
    }
}

static void test_ocsend1_default(void **state) {
  (void)state;
  tcase t;
  t_build(&t, &hc_sf_algo_ocsend1, 5, 4, HC_SF_UNSET, 6, HC_SF_UNSET);
  assert_int_equal(t.p.dst, 6 ^ 31); /* the opposite corner */
  t_free(&t);
}

/* ------------------------------------------------------------- ocsend2 */

static void test_ocsend2(void **state) {
  (void)state;
  for (unsigned d = 1; d <= 8; d++)
    for (unsigned n = 1; n <= d; n += (d > 4 ? 2 : 1)) {
      uint32_t src[3], dst[3];
      const unsigned np = pairs_at(d, n, src, dst);
      for (unsigned pi = 0; pi < np; pi++)
        for (uint32_t mult = 1; mult <= 3; mult += 2) {
          const uint32_t m = n * mult;
          tcase t;
          t_build(&t, &hc_sf_algo_ocsend2, d, m, HC_SF_UNSET, src[pi], dst[pi]);
          assert_int_equal(hc_sched_num_packets(t.c.sched), (size_t)n * n); /* n packets per stage */
          for (size_t bi = 0; bi < NBETA; bi++) {
            const uint32_t beta = betas[bi];
            hc_exec_result r;
            t_run(&t, beta, (uint64_t)n * (m / n + beta), &r); /* d(tau m/d + beta) */
            for (size_t i = 0; i < hc_sched_num_packets(t.c.sched); i++) {
              hc_packet_info info;
              hc_sched_packet(t.c.sched, i, &info);
              assert_int_equal(info.words, m / n);
              assert_int_equal(info.seq, 0); /* no link carries two packets */
            }
            hc_exec_result_free(&r);
          }
          t_free(&t);
        }
    }
}

/* ------------------------------------------------------- ocsend3 and 4 */

/* One o.c. send 3/4 case through its checks: data, time, pace, counts, idle links. */
static void oc_case(const hc_sf_algo *a, unsigned d, uint32_t m, uint32_t g, uint32_t src, uint32_t dst, int x) {
  tcase t;
  t_build(&t, a, d, m, g, src, dst);
  g = t.p.g;
  const uint32_t D = src ^ dst;
  const unsigned n = popc(D);
  for (size_t bi = 0; bi < NBETA; bi++) {
    const uint32_t beta = betas[bi];
    hc_exec_result r;
    part q;
    uint64_t want;
    if (x) { /* the x.o.c. instance: lowest differing dim in, highest out */
      unsigned lo = 0, hi = 31;
      while (!(D >> lo & 1)) lo++;
      while (!(D >> hi & 1)) hi--;
      part_init(&q, src ^ (1u << lo), D & ~(1u << lo) & ~(1u << hi), (int)lo, (int)hi, m, g);
      want = f_xoc2(n - 2, m, g, beta);
    } else {
      part_init(&q, src, D, -1, -1, m, g);
      /* stage k: m/(g C(n,k)(n-k)) words: the sum of the stages is K_(n-1) m/(ng) + n beta */
      uint64_t stages = 0;
      for (unsigned k = 0; k < n; k++) stages += m / (g * binom(n, k) * (n - k)) + beta;
      assert_int_equal(stages, kterm(n, m / g) + n * beta);
      want = f_oc4(n, m, g, beta);
    }
    t_run(&t, beta, want, &r);
    check_pace(&t, &q, 1, beta, &r);
    assert_int_equal(q.packets, g * (oc_packets(x ? n - 2 : n) + (x ? 2 : 0)));
    hc_exec_result_free(&r);
  }
  t_free(&t);
}

static void test_ocsend3(void **state) {
  (void)state;
  for (unsigned d = 1; d <= 8; d++)
    for (unsigned n = 1; n <= d; n += (d > 5 ? 2 : 1)) {
      uint32_t src[3], dst[3];
      const unsigned np = pairs_at(d, n, src, dst);
      for (unsigned pi = 0; pi < np; pi++)
        for (uint32_t mult = 1; mult <= 2; mult++) oc_case(&hc_sf_algo_ocsend3, d, ocunit(n) * mult, 1, src[pi], dst[pi], 0);
    }
}

static void test_ocsend3_k(void **state) {
  (void)state;
  /* K_0..K_8 (shared/seeds/README.md; the scan's K_5 = 2 2/3 is wrong) */
  static const uint64_t want[9][2] = {{1, 1}, {2, 1}, {5, 2}, {8, 3}, {8, 3}, {13, 5}, {151, 60}, {256, 105}, {83, 35}};
  for (unsigned n = 0; n <= 8; n++) {
    uint64_t num, den, tn, td;
    kfrac(n, &tn, &td);
    hc_sf_kd(n, &num, &den);
    assert_int_equal(tn, want[n][0]);
    assert_int_equal(td, want[n][1]);
    assert_int_equal(num, want[n][0]);
    assert_int_equal(den, want[n][1]);
  }
  /* the unit is lcm_k C(n,k)(n-k): 1, 2, 6, 12, 60, 60, 420, 840 */
  static const uint32_t units[] = {1, 2, 6, 12, 60, 60, 420, 840};
  for (unsigned d = 1; d <= 8; d++) {
    hc_sf_params p;
    hc_sf_params_init(&p, d, 0, 0);
    assert_int_equal(ocunit(d), units[d - 1]);
    assert_int_equal(hc_sf_algo_ocsend3.unit(&p), units[d - 1]);
  }
}

static void test_ocsend4(void **state) {
  (void)state;
  static const uint32_t gs[] = {1, 2, 3, 5};
  for (unsigned d = 1; d <= 7; d++)
    for (unsigned n = (d > 5 ? d - 1 : 1); n <= d; n++) {
      uint32_t src[3], dst[3];
      const unsigned np = pairs_at(d, n, src, dst);
      for (unsigned pi = 0; pi < np; pi += (d > 4 ? 2 : 1))
        for (size_t gi = 0; gi < 4; gi++)
          oc_case(&hc_sf_algo_ocsend4, d, ocunit(n) * gs[gi] * (gi == 1 ? 2 : 1), gs[gi], src[pi], dst[pi], 0);
    }
  oc_case(&hc_sf_algo_ocsend4, 8, 840 * 2, 2, 0, 255, 0);
}

/* Without G, check() picks the g nearest the paper's sqrt((K_(n-1) - 1) m/(n beta)). */
static void test_ocsend4_g(void **state) {
  (void)state;
  hc_sf_params p;
  char why[200];
  /* d = 4: K_3 = 8/3, m = 768, beta = 4: sqrt(5/3 * 768 / 16) = sqrt(80) = 8.94;
  ** m/12 = 64, so g in {1, 2, 4, 8, 16, ...}: 8 */
  hc_sf_params_init(&p, 4, 768, 4);
  assert_int_equal(hc_sf_algo_ocsend4.check(&p, why, sizeof why), HC_OK);
  assert_int_equal(p.g, 8);
  assert_int_equal(p.dst, 15);
  /* n = 1: g = 1 (000 §3) */
  hc_sf_params_init(&p, 3, 64, 4);
  p.dst = 4;
  assert_int_equal(hc_sf_algo_ocsend4.check(&p, why, sizeof why), HC_OK);
  assert_int_equal(p.g, 1);
  /* the boxed optimum: m/d + 2 sqrt((K_(d-1) - 1) beta m/d) + (d-1) beta */
  hc_sf_params_init(&p, 4, 768, 4);
  assert_int_equal(hc_sf_algo_ocsend4.check(&p, why, sizeof why), HC_OK);
  assert_true(fabs(hc_sf_algo_ocsend4.boxed(&p) - (192 + 2 * sqrt(5.0 / 3 * 4 * 192) + 12)) < 1e-9);
  /* and the run at the picked g */
  oc_case(&hc_sf_algo_ocsend4, 4, 768, HC_SF_UNSET, 0, 15, 0);
}

/* ------------------------------------------------------------ arbsend1 */

static void test_arbsend1(void **state) {
  (void)state;
  static const uint32_t gs[] = {1, 2, 4};
  for (unsigned d = 1; d <= 7; d++)
    for (unsigned n = 1; n <= d; n += (d > 4 ? 2 : 1)) {
      uint32_t src[3], dst[3];
      const unsigned np = pairs_at(d, n, src, dst);
      for (unsigned pi = 0; pi < np; pi += 2)
        for (size_t gi = 0; gi < 3; gi++) oc_case(&hc_sf_algo_arbsend1, d, ocunit(n) * gs[gi], gs[gi], src[pi], dst[pi], 0);
    }
  /* default DST: distance d-1, SRC ^ (2^(d-1) - 1); at d = 1 the other node */
  for (unsigned d = 1; d <= 6; d++) {
    hc_sf_params p;
    char why[200];
    hc_sf_params_init(&p, d, 840, 3);
    p.src = 1;
    assert_int_equal(hc_sf_algo_arbsend1.check(&p, why, sizeof why), HC_OK);
    assert_int_equal(p.dst, d >= 2 ? 1u ^ ((1u << (d - 1)) - 1) : 0u);
    oc_case(&hc_sf_algo_arbsend1, d, 840, HC_SF_UNSET, 1, p.dst, 0);
  }
}

/* ------------------------------------------------------- xocsend1 and 2 */

static void test_xocsend1(void **state) {
  (void)state;
  for (unsigned d = 3; d <= 8; d++)
    for (unsigned n = 3; n <= d; n += (d > 5 ? 2 : 1)) {
      uint32_t src[3], dst[3];
      const unsigned np = pairs_at(d, n, src, dst);
      for (unsigned pi = 0; pi < np; pi++)
        for (uint32_t mult = 1; mult <= 2; mult++)
          oc_case(&hc_sf_algo_xocsend1, d, ocunit(n - 2) * mult, 1, src[pi], dst[pi], 1);
    }
  /* the default instance: n = d-2, S spanned by dims 1..d-2 between SRC^1 and DST^2^(d-1) */
  tcase t;
  t_build(&t, &hc_sf_algo_xocsend1, 5, 12, HC_SF_UNSET, HC_SF_UNSET, HC_SF_UNSET);
  assert_int_equal(t.p.dst, 31);
  hc_exec_result r;
  t_run(&t, 2, 2 * (12 + 2) + 12 * 5 / 2 / 3 + 3 * 2, &r); /* 2(tau m + beta) + K_2 tau m/3 + 3 beta */
  for (uint32_t x = 0; x < 32; x++)
    for (unsigned c = 0; c < 5; c++) {
      const int in_s = (x & 1) && !(x >> 4 & 1);
      const int used = (x == 0 && c == 0) || (x == 15 && c == 4) || (in_s && c >= 1 && c <= 3 && !(x >> c & 1));
      if (!used) assert_int_equal(r.link_busy[x * 5 + c], 0);
    }
  hc_exec_result_free(&r);
  t_free(&t);
}

static void test_xocsend2(void **state) {
  (void)state;
  static const uint32_t gs[] = {1, 2, 3, 4};
  for (unsigned d = 3; d <= 7; d++)
    for (unsigned n = 3; n <= d; n += 2) {
      uint32_t src[3], dst[3];
      const unsigned np = pairs_at(d, n, src, dst);
      for (unsigned pi = 0; pi < np; pi += (d > 5 ? 2 : 1))
        for (size_t gi = 0; gi < 4; gi++)
          oc_case(&hc_sf_algo_xocsend2, d, ocunit(n - 2) * gs[gi] * 2, gs[gi], src[pi], dst[pi], 1);
    }
  /* without G: the paper's g = sqrt((n + K_(n-1)) m/(n beta)); d = 5, n = 3,
  ** K_2 = 5/2, m = 600, beta = 5: sqrt(5.5 * 600 / 15) = 14.83, m/6 = 100: g = 10 */
  hc_sf_params p;
  char why[200];
  hc_sf_params_init(&p, 5, 600, 5);
  assert_int_equal(hc_sf_algo_xocsend2.check(&p, why, sizeof why), HC_OK);
  assert_int_equal(p.g, 10);
  assert_true(fabs(hc_sf_algo_xocsend2.boxed(&p) - (600 + 2 * sqrt(5.5 * 5 * 600 / 3) + 4 * 5)) < 1e-9);
  oc_case(&hc_sf_algo_xocsend2, 5, 600, HC_SF_UNSET, 0, 31, 1);
}

/* ------------------------------------------------------------ arbsend3 */

/* ARBITRARY SEND 3 at (d, m, g, src, dst): the parts, their paces, the max. */
static void arb3_case(unsigned d, uint32_t m, uint32_t g, uint32_t src, uint32_t dst) {
  tcase t;
  t_build(&t, &hc_sf_algo_arbsend3, d, m, g, src, dst);
  g = t.p.g;
  const uint32_t D = src ^ dst;
  const unsigned n = popc(D);
  part q[HC_SF_MAX_D + 1];
  unsigned nq = 0;
  for (unsigned e = 0; e < d && n < d; e++)
    if (!(D >> e & 1)) part_init(&q[nq++], src ^ (1u << e), D, (int)e, (int)e, m / d, g);
  part_init(&q[nq++], src, D, -1, -1, (uint64_t)m - (uint64_t)(d - n) * (m / d), g);
  assert_int_equal(nq, d - n + 1);
  for (size_t bi = 0; bi < NBETA; bi++) {
    const uint32_t beta = betas[bi];
    uint64_t want;
    if (n == d) {
      want = f_oc4(d, m, g, beta);
    } else { /* the slower of X.O.C. SEND 2 of m/d and O.C. SEND 4 of n m/d */
      const uint64_t xw = f_xoc2(n, m / d, g, beta), ow = f_oc4(n, (uint64_t)n * (m / d), g, beta);
      want = xw > ow ? xw : ow;
    }
    hc_exec_result r;
    for (unsigned j = 0; j < nq; j++) q[j].packets = 0;
    t_run(&t, beta, want, &r);
    check_pace(&t, q, nq, beta, &r);
    for (unsigned j = 0; j + 1 < nq; j++) assert_int_equal(q[j].packets, g * (oc_packets(n) + 2));
    assert_int_equal(q[nq - 1].packets, g * oc_packets(n));
    hc_exec_result_free(&r);
  }
  t_free(&t);
}

static void test_arbsend3(void **state) {
  (void)state;
  static const uint32_t gs[] = {1, 2, 3};
  for (unsigned d = 1; d <= 7; d++)
    for (unsigned n = 1; n <= d; n += (d > 4 ? 2 : 1)) {
      uint32_t src[3], dst[3];
      const unsigned np = pairs_at(d, n, src, dst);
      const uint32_t per = n < d ? d * ocunit(n) : ocunit(d);
      for (unsigned pi = 0; pi < np; pi += 2)
        for (size_t gi = 0; gi < 3; gi++) arb3_case(d, per * gs[gi], gs[gi], src[pi], dst[pi]);
    }
  arb3_case(8, 8 * 420, 1, 0, 127);
  arb3_case(6, 6 * 60 * 2, 2, 0, 31); /* n = 5: O.C. SEND 4's m term is the larger */
}

static void test_arbsend3_g(void **state) {
  (void)state;
  hc_sf_params p;
  char why[200];
  /* d = 5, default n = 4 <= 4: X.O.C. SEND 2 of m/d is the slower part, its
  ** g = sqrt((4 + 8/3) (2160/5) / (4 * 4)) = sqrt(180) = 13.4; m/60 = 36: 12 */
  hc_sf_params_init(&p, 5, 2160, 4);
  assert_int_equal(hc_sf_algo_arbsend3.check(&p, why, sizeof why), HC_OK);
  assert_int_equal(p.dst, 15);
  assert_int_equal(p.g, 12);
  arb3_case(5, 2160, HC_SF_UNSET, 0, 15);
  /* the paper's case table as the boxed value */
  assert_true(fabs(hc_sf_algo_arbsend3.boxed(&p) - (432 + 2 * sqrt((4 + 8.0 / 3) * 4 * 2160 / 20) + 5 * 4)) < 1e-9);
}

/* --------------------------------------------------------- bad parameters */

static int refused(const hc_sf_algo *a, unsigned d, uint32_t m, uint32_t g, uint32_t src, uint32_t dst) {
  hc_sf_params p;
  char why[256] = "";
  hc_sf_params_init(&p, d, m, 3);
  p.g = g;
  p.src = src;
  p.dst = dst;
  const int rc = a->check(&p, why, sizeof why);
  if (rc == HC_EPARAM) {
    assert_true(why[0] != 0);
    assert_null(strchr(why, '\n'));
  }
  return rc == HC_EPARAM;
}

static void common_refusals(const hc_sf_algo *a, uint32_t good_m) {
  const uint32_t U = HC_SF_UNSET;
  assert_true(refused(a, 0, good_m, U, U, U));
  assert_true(refused(a, HC_SF_MAX_D + 1, good_m, U, U, U));
  assert_true(refused(a, 4, 0, U, U, U));
  assert_true(refused(a, 4, good_m, U, 16, U)); /* SRC not a node */
  assert_true(refused(a, 4, good_m, U, 0, 16)); /* DST not a node */
  assert_true(refused(a, 4, good_m, U, 5, 5));  /* DST = SRC */
  assert_false(refused(a, 4, good_m, U, U, U));
}

static void test_refusals(void **state) {
  (void)state;
  const uint32_t U = HC_SF_UNSET;
  const hc_sf_algo *all[] = {&hc_sf_algo_ocsend1, &hc_sf_algo_ocsend2, &hc_sf_algo_ocsend3, &hc_sf_algo_ocsend4,
                             &hc_sf_algo_arbsend1, &hc_sf_algo_xocsend1, &hc_sf_algo_xocsend2, &hc_sf_algo_arbsend3};
  for (size_t i = 0; i < 8; i++) common_refusals(all[i], 240);
  assert_true(refused(&hc_sf_algo_ocsend2, 4, 6, U, U, U));     /* 4 does not divide 6 */
  assert_true(refused(&hc_sf_algo_ocsend3, 4, 18, U, U, U));    /* lcm 12 at d = 4 ... */
  assert_false(refused(&hc_sf_algo_ocsend3, 4, 36, U, U, U));
  assert_true(refused(&hc_sf_algo_ocsend3, 5, 30, U, U, U));    /* ... 60 for d = 5 */
  assert_true(refused(&hc_sf_algo_ocsend4, 4, 48, 0, U, U));    /* G = 0 */
  assert_true(refused(&hc_sf_algo_ocsend4, 4, 48, 5, U, U));    /* 12 * 5 does not divide 48 */
  assert_false(refused(&hc_sf_algo_ocsend4, 4, 48, 4, U, U));
  assert_true(refused(&hc_sf_algo_arbsend1, 4, 60, 4, U, U));   /* n = 3: 6 * 4 = 24 does not divide 60 */
  assert_true(refused(&hc_sf_algo_xocsend1, 2, 12, U, U, U));   /* d < 3 */
  assert_true(refused(&hc_sf_algo_xocsend2, 1, 12, U, U, U));
  assert_true(refused(&hc_sf_algo_xocsend1, 4, 12, U, 0, 3));   /* distance 2: no subcube between */
  assert_true(refused(&hc_sf_algo_xocsend2, 5, 12, 0, U, U));
  assert_true(refused(&hc_sf_algo_arbsend3, 4, 36, U, U, U));   /* n = 3 < 4: 4 * 6 = 24 */
  assert_false(refused(&hc_sf_algo_arbsend3, 4, 48, U, U, U));
  assert_true(refused(&hc_sf_algo_arbsend3, 4, 48, 3, U, U));
}

int main(void) {
  const struct CMUnitTest ocsend1[] = {cmocka_unit_test(test_ocsend1), cmocka_unit_test(test_ocsend1_default)};
  const struct CMUnitTest ocsend2[] = {cmocka_unit_test(test_ocsend2)};
  const struct CMUnitTest ocsend3[] = {cmocka_unit_test(test_ocsend3), cmocka_unit_test(test_ocsend3_k)};
  const struct CMUnitTest ocsend4[] = {cmocka_unit_test(test_ocsend4), cmocka_unit_test(test_ocsend4_g)};
  const struct CMUnitTest arbsend1[] = {cmocka_unit_test(test_arbsend1)};
  const struct CMUnitTest xocsend1[] = {cmocka_unit_test(test_xocsend1)};
  const struct CMUnitTest xocsend2[] = {cmocka_unit_test(test_xocsend2)};
  const struct CMUnitTest arbsend3[] = {cmocka_unit_test(test_arbsend3), cmocka_unit_test(test_arbsend3_g)};
  const struct CMUnitTest params[] = {cmocka_unit_test(test_refusals)};
  int fails = 0;
  fails += cmocka_run_group_tests_name("sf_ocsend1", ocsend1, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_ocsend2", ocsend2, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_ocsend3", ocsend3, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_ocsend4", ocsend4, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_arbsend1", arbsend1, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_xocsend1", xocsend1, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_xocsend2", xocsend2, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_arbsend3", arbsend3, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_sw34_params", params, NULL, NULL);
  return fails ? 1 : 0;
}
