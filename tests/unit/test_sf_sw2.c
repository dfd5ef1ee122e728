/*
** cmocka tests of the broadcast generators of Stout & Wagar
** (shared/seeds/000 §2: BROADCAST 1, 3A, 3B, 4) and of ARBITRARY SEND 2
** (§4), through their hc_sf_algo records. Every case is validated and run
** in the reference executor; the final memory is checked against the
** case's expectation and against a spot check written here from the
** meaning (the node holds the source's tags); the time is checked against
** the paper's expression written here, not the generator's formula(), and
** against the section 9 bound; the paper's structural claims (who sends
** what in which stage, the 3B relabelling, the pipeline's one packet per
** link per stage) are checked on the packets and their start cycles.
*/
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hc_sched.h"
#include "hc_sf_algo.h"
#include "sf_bcast3.h"

static const uint32_t betas[] = {0, 1, 3, 7, 40};
#define NBETAS (sizeof betas / sizeof betas[0])

static unsigned popc(uint32_t v) {
  unsigned n = 0;
  for (; v; v &= v - 1) n++;
  return n;
}

static void params(hc_sf_params *p, unsigned d, uint32_t m, uint32_t beta, uint32_t g, uint32_t src, uint32_t dst) {
  hc_sf_params_init(p, d, m, beta);
  p->g = g;
  p->src = src;
  p->dst = dst;
}

/* check, build, validate, run and compare with the case; the caller frees c and r. */
static void run(const hc_sf_algo *a, hc_sf_params *p, hc_sched_case *c, hc_exec_result *r) {
  char why[256] = "";
  if (a->check(p, why, sizeof why)) fail_msg("%s d=%u m=%u: check refused: %s", a->name, p->d, p->m, why);
  assert_int_equal(a->build(p, c), HC_OK);
  hc_sched_err e;
  if (hc_sched_validate(c->sched, &e)) fail_msg("%s d=%u m=%u: invalid: %s", a->name, p->d, p->m, e.msg);
  assert_int_equal(hc_sched_exec(c->sched, p->beta, c->init, r, &e), HC_OK);
  uint32_t bn = 0, ba = 0;
  if (hc_sched_case_check(c, r->mem, &bn, &ba))
    fail_msg("%s d=%u m=%u beta=%u: data differ at node %u word %u", a->name, p->d, p->m, p->beta, bn, ba);
}

/* The measured time equals the paper's expression t and is at least the §9 bound. */
static void check_time(const hc_sf_algo *a, const hc_sf_params *p, const hc_exec_result *r, uint64_t t) {
  if (r->cycles != t)
    fail_msg("%s d=%u m=%u beta=%u g=%u: %llu cycles, paper %llu", a->name, p->d, p->m, p->beta, p->g,
             (unsigned long long)r->cycles, (unsigned long long)t);
  assert_int_equal(a->formula(p) + a->constant, t);
  hc_sf_bound b;
  a->lower(p, &b);
  assert_int_equal(b.links, p->d);
  assert_int_equal(b.load, p->m);
  assert_true(r->cycles >= b.cycles);
}

/* Node x holds the source's m words at addresses 0..m-1. */
static void check_holds(const hc_sched_case *c, const hc_exec_result *r, uint32_t x, uint32_t src, uint32_t m) {
  const uint32_t mem = hc_sched_mem_words(c->sched);
  for (uint32_t a = 0; a < m; a++)
    if (r->mem[(size_t)x * mem + a] != hc_sched_tag(src, a)) fail_msg("node %u word %u is not the source's", x, a);
}

/* The memory is the message plus scratch for the most copies beyond the m/q
** distinct packets (of q words) any node other than the source receives. */
static void check_mem(const hc_sched_case *c, uint32_t src, uint32_t m, uint32_t q, uint32_t d) {
  const uint32_t distinct = m / q;
  hc_sched *s = c->sched;
  uint32_t n = 1u << d, most = 0;
  uint32_t *got = calloc(n, sizeof *got);
  for (size_t i = 0; i < hc_sched_num_packets(s); i++) {
    hc_packet_info pi;
    hc_sched_packet(s, i, &pi);
    got[pi.node ^ (1u << pi.dim)]++;
  }
  for (uint32_t x = 0; x < n; x++) {
    const uint32_t extra = x == src ? got[x] : (got[x] > distinct ? got[x] - distinct : 0);
    if (extra > most) most = extra;
  }
  free(got);
  assert_int_equal(hc_sched_mem_words(s), m + most * q);
}

/* ----------------------------------------------------------- broadcast1 */

static void test_broadcast1(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_broadcast1;
  for (unsigned d = 1; d <= 8; d++) {
    const uint32_t n = 1u << d, ms[] = {1, 5, 16}, srcs[] = {0, n - 1, 5 % n};
    for (size_t mi = 0; mi < 3; mi++)
      for (size_t si = 0; si < 3; si++)
        for (size_t bi = 0; bi < NBETAS; bi++) {
          hc_sf_params p;
          hc_sched_case c;
          hc_exec_result r;
          const uint32_t m = ms[mi], src = srcs[si], beta = betas[bi];
          params(&p, d, m, beta, HC_SF_UNSET, src, HC_SF_UNSET);
          run(a, &p, &c, &r);
          check_time(a, &p, &r, (uint64_t)d * (m + beta)); /* 000 §2: d(tau m + beta) */
          for (uint32_t x = 0; x < n; x++) check_holds(&c, &r, x, src, m);
          assert_int_equal(hc_sched_num_packets(c.sched), n - 1);
          assert_int_equal(hc_sched_mem_words(c.sched), m);
          /* stage k: nodes 0..2^k-1 (XOR src) send over dimension k, and only they */
          for (uint32_t x = 0; x < n; x++)
            for (unsigned k = 0; k < d; k++)
              assert_int_equal(r.link_busy[(size_t)x * d + k], ((x ^ src) >> k) == 0 ? m + beta : 0);
          hc_exec_result_free(&r);
          hc_sched_case_free(&c);
        }
  }
}

/* ----------------------------------------------------------- broadcast3a */

/* 000 §1.4's examples: d = 5, ceil_{01001}(1) = 3, ceil_{01001}(4) = 0. */
static void test_ceil(void **state) {
  (void)state;
  assert_int_equal(sf_bc3_ceil(9, 1, 5), 3);
  assert_int_equal(sf_bc3_ceil(9, 4, 5), 0);
  assert_int_equal(sf_bc3_ceil(9, 2, 5), 3);
  assert_int_equal(sf_bc3_ceil(0, 2, 5), 2); /* the root sends P_z up dimension z */
  assert_int_equal(sf_bc3_ceil(1, 0 + 1, 2), 0);
}

/* 000 §2, 3A: in stage k only C_k sends, one packet of m/d on each link; a
** node of C_k gets P_w, w in W_n, from C_{k-1} in stage k-1 and P_i, i not
** in W_n, from its neighbour across i in stage k+1. */
static void check_3a_stages(const hc_sched_case *c, const hc_exec_result *r, uint32_t src, uint32_t m, unsigned d,
                            uint32_t beta) {
  hc_sched *s = c->sched;
  const uint32_t n = 1u << d, q = m / d;
  uint32_t *below = calloc(n, sizeof *below); /* the set of w received from below */
  assert_int_equal(hc_sched_num_packets(s), (size_t)d * n);
  for (size_t i = 0; i < hc_sched_num_packets(s); i++) {
    hc_packet_info pi;
    hc_sched_packet(s, i, &pi);
    const uint32_t x = pi.node ^ src, y = x ^ (1u << pi.dim), k = popc(x);
    assert_int_equal(pi.words, q);
    assert_int_equal(pi.seq, 0);
    assert_int_equal(r->start[i], (uint64_t)k * (q + beta)); /* sent in stage k */
    const uint32_t w = pi.gather[0].addr / q;
    if (popc(y) > k) {
      assert_true(y >> w & 1);
      assert_false(below[y] >> w & 1);
      below[y] |= 1u << w;
    } else {
      assert_int_equal(w, pi.dim);
    }
  }
  for (uint32_t y = 1; y < n; y++) assert_int_equal(below[y], y);
  free(below);
}

static void test_broadcast3a(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_broadcast3a;
  for (unsigned d = 1; d <= 8; d++) {
    const uint32_t n = 1u << d, ms[] = {d, 3 * d}, srcs[] = {0, n - 1, 6 % n};
    for (size_t mi = 0; mi < 2; mi++)
      for (size_t si = 0; si < 3; si++)
        for (size_t bi = 0; bi < NBETAS; bi++) {
          hc_sf_params p;
          hc_sched_case c;
          hc_exec_result r;
          const uint32_t m = ms[mi], src = srcs[si], beta = betas[bi];
          params(&p, d, m, beta, HC_SF_UNSET, src, HC_SF_UNSET);
          run(a, &p, &c, &r);
          check_time(a, &p, &r, (uint64_t)(d + 1) * (m / d + beta)); /* (d+1)(tau m/d + beta) */
          for (uint32_t x = 0; x < n; x++) check_holds(&c, &r, x, src, m);
          check_3a_stages(&c, &r, src, m, d, beta);
          assert_int_equal(hc_sched_mem_words(c.sched), 2 * m); /* the root's scratch for C_1's packets */
          hc_exec_result_free(&r);
          hc_sched_case_free(&c);
        }
  }
}

/* ----------------------------------------------------------- broadcast3b */

/* 3A's stages 0..d-1 plus the second wave's 0..d-2, less what goes back
** to the root (C_1's d packets in each wave). */
static size_t count_3b(unsigned d) {
  size_t first = 0, second = 0, binom = 1;
  for (unsigned j = 0; j < d; j++) {
    first += binom * d;
    if (j + 2 <= d) second += binom * d;
    binom = binom * (d - j) / (j + 1);
  }
  return first - (d >= 2 ? d : 0) + (d >= 3 ? second - d : second);
}

/* The links of C_j send the first wave in stage j and the second (j <=
** d-2) in stage j+1, back to back; the root's second packet on dimension c
** is Q_c = P_{c+1 mod d} (P_0..P_{d-1} relabelled Q_{d-1}, Q_0, ...). */
static void check_3b_stages(const hc_sched_case *c, const hc_exec_result *r, uint32_t src, uint32_t m, unsigned d,
                            uint32_t beta) {
  hc_sched *s = c->sched;
  const uint32_t q = m / d;
  assert_int_equal(hc_sched_num_packets(s), count_3b(d));
  for (size_t i = 0; i < hc_sched_num_packets(s); i++) {
    hc_packet_info pi;
    hc_sched_packet(s, i, &pi);
    const uint32_t x = pi.node ^ src, k = popc(x);
    assert_int_equal(pi.words, q);
    assert_true(pi.seq <= 1);
    assert_true(pi.seq == 0 || k + 2 <= d);
    assert_int_equal(r->start[i], (uint64_t)(k + pi.seq) * (q + beta));
    assert_true((x ^ (1u << pi.dim)) != 0); /* nothing goes back to the root */
    if (x == 0) assert_int_equal(pi.gather[0].addr, ((pi.dim + pi.seq) % d) * q);
  }
}

static void test_broadcast3b(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_broadcast3b;
  for (unsigned d = 1; d <= 8; d++) {
    const uint32_t n = 1u << d, ms[] = {d, 2 * d, 5 * d}, srcs[] = {0, n - 1, 3 % n};
    for (size_t mi = 0; mi < 3; mi++)
      for (size_t si = 0; si < 3; si++)
        for (size_t bi = 0; bi < NBETAS; bi++) {
          hc_sf_params p;
          hc_sched_case c;
          hc_exec_result r;
          const uint32_t m = ms[mi], src = srcs[si], beta = betas[bi];
          params(&p, d, m, beta, HC_SF_UNSET, src, HC_SF_UNSET);
          run(a, &p, &c, &r);
          check_time(a, &p, &r, (uint64_t)m + (uint64_t)d * beta); /* d(tau m/d + beta) */
          for (uint32_t x = 0; x < n; x++) check_holds(&c, &r, x, src, m);
          check_3b_stages(&c, &r, src, m, d, beta);
          check_mem(&c, src, m, m / d, d);
          hc_exec_result_free(&r);
          hc_sched_case_free(&c);
        }
  }
}

/* ------------------------------------------------------------ broadcast4 */

/* Global stage k: C_j runs group k-j, 3B's second wave in stage g+j (j <=
** d-2); so the packet at position p on a link out of C_j starts at
** (j+p)(q+beta), a link out of C_j carries g+1 packets (j <= d-2), g (j =
** d-1) or g-1 (j = d), and none goes back to the root. */
static void check_4_stages(const hc_sched_case *c, const hc_exec_result *r, const hc_sf_params *p) {
  hc_sched *s = c->sched;
  const unsigned d = p->d;
  const uint32_t g = p->g, q = p->m / (d * g), n = 1u << d;
  uint32_t *per = calloc((size_t)n * d, sizeof *per);
  for (size_t i = 0; i < hc_sched_num_packets(s); i++) {
    hc_packet_info pi;
    hc_sched_packet(s, i, &pi);
    const uint32_t x = pi.node ^ p->src, j = popc(x);
    assert_int_equal(pi.words, q);
    assert_int_equal(r->start[i], (uint64_t)(j + pi.seq) * (q + p->beta));
    if (pi.seq < g) assert_int_equal(pi.gather[0].addr / (p->m / g), pi.seq); /* group seq */
    per[(size_t)x * d + pi.dim]++;
  }
  for (uint32_t x = 0; x < n; x++)
    for (unsigned b = 0; b < d; b++) {
      const unsigned j = popc(x);
      const uint32_t want = (x ^ (1u << b)) == 0 ? 0 : j + 2 <= d ? g + 1 : j + 1 == d ? g : g - 1;
      assert_int_equal(per[(size_t)x * d + b], want);
    }
  free(per);
}

static void test_broadcast4(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_broadcast4;
  const uint32_t gs[] = {1, 2, 3, 5};
  for (unsigned d = 1; d <= 7; d++)
    for (size_t gi = 0; gi < 4; gi++)
      for (uint32_t mult = 1; mult <= 2; mult++)
        for (size_t bi = 0; bi < NBETAS; bi++) {
          const uint32_t n = 1u << d, g = gs[gi], m = d * g * mult, beta = betas[bi];
          const uint32_t src = (bi & 1) ? n - 1 : 0;
          hc_sf_params p;
          hc_sched_case c;
          hc_exec_result r;
          params(&p, d, m, beta, g, src, HC_SF_UNSET);
          run(a, &p, &c, &r);
          check_time(a, &p, &r, (uint64_t)(d + g - 1) * (m / (d * g) + beta)); /* (d+g-1)(tau m/(dg) + beta) */
          for (uint32_t x = 0; x < n; x++) check_holds(&c, &r, x, src, m);
          check_4_stages(&c, &r, &p);
          check_mem(&c, src, m, m / (d * g), d);
          hc_exec_result_free(&r);
          hc_sched_case_free(&c);
        }
}

/* The paper's optimal g: sqrt((d-1) tau m/(d beta)) rounded to a divisor
** of m/d; beta = 0 takes m/d, d = 1 takes 1; the time at it is never below
** the boxed optimum, and the boxed optimum is the paper's expression. */
static void test_broadcast4_optimum(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_broadcast4;
  static const struct {
    unsigned d;
    uint32_t m, beta, g;
  } t[] = {{4, 256, 3, 8}, {4, 256, 0, 64}, {1, 40, 5, 1}, {1, 40, 0, 1}, {2, 200, 1, 10}, {3, 48, 2, 4}};
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    hc_sf_params p;
    params(&p, t[i].d, t[i].m, t[i].beta, HC_SF_UNSET, HC_SF_UNSET, HC_SF_UNSET);
    assert_int_equal(a->check(&p, NULL, 0), HC_OK);
    assert_int_equal(p.g, t[i].g);
    const double d = t[i].d, m = t[i].m, b = t[i].beta;
    const double box = t[i].d == 1 ? m + b : m / d + 2 * sqrt((d - 1) * b * m / d) + (d - 1) * b;
    assert_true(fabs(a->boxed(&p) - box) < 1e-9);
    assert_true((double)a->formula(&p) >= box - 1e-9);
  }
  /* a whole run at the default g */
  hc_sf_params p;
  hc_sched_case c;
  hc_exec_result r;
  params(&p, 5, 5 * 36, 4, HC_SF_UNSET, 9, HC_SF_UNSET);
  run(a, &p, &c, &r);
  assert_int_equal(p.g, 6); /* sqrt(4*180/(5*4)) = 6 */
  check_time(a, &p, &r, (uint64_t)(5 + 6 - 1) * (6 + 4));
  hc_exec_result_free(&r);
  hc_sched_case_free(&c);
}

/* -------------------------------------------------------------- arbsend2 */

/* 000 §4: BROADCAST 4 less its last d-2-n stages: n+g+1 stages for n <=
** d-2 (the scan's "n+g-1" disagrees with its own optimum and boundary),
** d+g-1 for n >= d-2. */
static unsigned arb_stages(unsigned d, unsigned n, uint32_t g) { return n + 2 <= d ? n + g + 1 : d + g - 1; }

static void arb_case(unsigned d, uint32_t src, uint32_t dst, uint32_t g, uint32_t m, uint32_t beta) {
  const hc_sf_algo *a = &hc_sf_algo_arbsend2;
  hc_sf_params p;
  hc_sched_case c;
  hc_exec_result r;
  params(&p, d, m, beta, g, src, dst);
  run(a, &p, &c, &r);
  const unsigned n = popc(src ^ dst), st = arb_stages(d, n, g);
  const uint32_t q = m / (d * g);
  check_time(a, &p, &r, (uint64_t)st * (q + beta));
  check_holds(&c, &r, dst, src, m);
  hc_sf_bound b;
  a->lower(&p, &b);
  assert_int_equal(b.hops, n);
  /* only DST's message (and the source's own data) is checked */
  const uint32_t mem = hc_sched_mem_words(c.sched);
  for (uint32_t x = 0; x < (1u << d); x++)
    assert_int_equal(c.care[(size_t)x * mem], x == src || x == dst);
  /* the last stage kept is st-1 */
  uint64_t last = 0;
  for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++)
    if (r.start[i] > last) last = r.start[i];
  assert_int_equal(last, (uint64_t)(st - 1) * (q + beta));
  hc_exec_result_free(&r);
  hc_sched_case_free(&c);
}

static void test_arbsend2(void **state) {
  (void)state;
  const uint32_t gs[] = {1, 2, 4};
  for (unsigned d = 1; d <= 7; d++)
    for (unsigned n = 1; n <= d; n++)
      for (size_t gi = 0; gi < 3; gi++)
        for (size_t bi = 0; bi < NBETAS; bi++) {
          const uint32_t N = 1u << d, g = gs[gi], src = (n + bi) % N;
          /* node 0's 2^n - 1, and a rotation of it, XOR src */
          const uint32_t mask = (1u << n) - 1, dst0 = src ^ mask, dst1 = src ^ hc_sf_rotl(mask, d / 2, d);
          arb_case(d, src, dst0, g, d * g, betas[bi]);
          if (dst1 != dst0) arb_case(d, src, dst1, g, 2 * d * g, betas[bi]);
        }
}

/* The default DST is at distance d-1 (d = 1: 1); the optimal g follows the
** paper's case: sqrt((n+1) m/(d beta)) for n <= d-2, sqrt((d-1) m/(d beta))
** above; the boxed time is the paper's. */
static void test_arbsend2_defaults(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_arbsend2;
  hc_sf_params p;
  params(&p, 5, 5 * 64, 5, HC_SF_UNSET, 3, HC_SF_UNSET);
  assert_int_equal(a->check(&p, NULL, 0), HC_OK);
  assert_int_equal(p.dst, 3u ^ 15u);
  assert_int_equal(p.g, 8); /* sqrt(4*320/25) = 7.2, divisors of 64: 8 */
  params(&p, 1, 9, 2, HC_SF_UNSET, 1, HC_SF_UNSET);
  assert_int_equal(a->check(&p, NULL, 0), HC_OK);
  assert_int_equal(p.dst, 0);
  assert_int_equal(p.g, 1);
  assert_true(fabs(a->boxed(&p) - 11.0) < 1e-9);
  params(&p, 8, 8 * 90, 2, HC_SF_UNSET, 0, 1); /* n = 1: sqrt(2*720/16) = 9.49 -> 9 */
  assert_int_equal(a->check(&p, NULL, 0), HC_OK);
  assert_int_equal(p.g, 9);
  assert_true(fabs(a->boxed(&p) - (90 + 2 * sqrt(2.0 * 2 * 720 / 8) + 2 * 2)) < 1e-9);
  params(&p, 8, 8 * 90, 0, HC_SF_UNSET, 0, 1); /* beta = 0: the largest g */
  assert_int_equal(a->check(&p, NULL, 0), HC_OK);
  assert_int_equal(p.g, 90);
  params(&p, 6, 6 * 30, 3, HC_SF_UNSET, 0, 63); /* n = d: sqrt(5*180/18) = 7.07 -> 6 */
  assert_int_equal(a->check(&p, NULL, 0), HC_OK);
  assert_int_equal(p.g, 6);
}

/* ------------------------------------------------------------ parameters */

static void refuse(const hc_sf_algo *a, unsigned d, uint32_t m, uint32_t g, uint32_t src, uint32_t dst) {
  hc_sf_params p;
  char why[256] = "";
  params(&p, d, m, 3, g, src, dst);
  if (a->check(&p, why, sizeof why) != HC_EPARAM)
    fail_msg("%s d=%u m=%u g=%u src=%u dst=%u accepted", a->name, d, m, g, src, dst);
  assert_true(why[0] != 0);
  assert_null(strchr(why, '\n'));
}

static void test_params(void **state) {
  (void)state;
  const hc_sf_algo *all[] = {&hc_sf_algo_broadcast1, &hc_sf_algo_broadcast3a, &hc_sf_algo_broadcast3b,
                             &hc_sf_algo_broadcast4, &hc_sf_algo_arbsend2};
  const uint32_t U = HC_SF_UNSET;
  for (size_t i = 0; i < 5; i++) {
    refuse(all[i], 0, 8, U, U, U);
    refuse(all[i], HC_SF_MAX_D + 1, 8 * 11, U, U, U);
    refuse(all[i], 3, 0, U, U, U);
    refuse(all[i], 3, 6, U, 8, U);
    assert_ptr_equal(hc_sf_algo_find(all[i]->name), all[i]);
  }
  for (size_t i = 1; i < 5; i++) refuse(all[i], 3, 7, U, U, U); /* m/d */
  for (size_t i = 3; i < 5; i++) {
    refuse(all[i], 3, 12, 0, U, U);  /* G = 0 */
    refuse(all[i], 3, 12, 3, U, U);  /* d*G = 9 does not divide 12 */
    refuse(all[i], 3, 12, 8, U, U);  /* G > m/d */
  }
  refuse(&hc_sf_algo_arbsend2, 3, 12, U, 2, 2);  /* DST = SRC */
  refuse(&hc_sf_algo_arbsend2, 3, 12, U, 0, 8);  /* DST outside */
  assert_int_equal(hc_sf_algo_broadcast4.takes, HC_SF_TAKES_G | HC_SF_TAKES_SRC);
  assert_int_equal(hc_sf_algo_arbsend2.takes, HC_SF_TAKES_G | HC_SF_TAKES_SRC | HC_SF_TAKES_DST);
}

int main(void) {
  const struct CMUnitTest b1[] = {cmocka_unit_test(test_broadcast1), cmocka_unit_test(test_params)};
  const struct CMUnitTest b3a[] = {cmocka_unit_test(test_ceil), cmocka_unit_test(test_broadcast3a)};
  const struct CMUnitTest b3b[] = {cmocka_unit_test(test_broadcast3b)};
  const struct CMUnitTest b4[] = {cmocka_unit_test(test_broadcast4), cmocka_unit_test(test_broadcast4_optimum)};
  const struct CMUnitTest a2[] = {cmocka_unit_test(test_arbsend2), cmocka_unit_test(test_arbsend2_defaults)};
  int fails = 0;
  fails += cmocka_run_group_tests_name("sf_broadcast1", b1, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_broadcast3a", b3a, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_broadcast3b", b3b, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_broadcast4", b4, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_arbsend2", a2, NULL, NULL);
  return fails ? 1 : 0;
}
