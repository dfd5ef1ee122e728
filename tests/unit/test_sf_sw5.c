/*
** cmocka tests of DISTRIBUTE 1, COLLECT and DISTRIBUTE 2 of Stout & Wagar
** (000 §5; algorithms/sf_distribute1.c, sf_collect.c, sf_distribute2.c).
** Every case is built through its record, validated, run in the reference
** executor and checked word by word against what the operation means
** (written here from the tags, not taken from the generator), its time
** against the paper's expression written here, and the §9 cut bound.
** DISTRIBUTE 2 is also checked against the paper's d = 3 example, class by
** class; its time (the paper's with (2^d - 1) m/d rounded up) must be met
** exactly when check() accepts, and the executor must equal the plan's own
** clock everywhere, also where the paper's "m sufficiently large" fails.
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
#include "sf_sw5.h"

static uint64_t binom(unsigned n, unsigned k) {
  uint64_t r = 1;
  if (k > n) return 0;
  for (unsigned i = 1; i <= k; i++) r = r * (n - k + i) / i;
  return r;
}

static uint32_t lcm_to(unsigned d) {
  uint32_t l = 1;
  for (uint32_t i = 2; i <= d; i++) {
    uint32_t a = l, b = i;
    while (b) {
      uint32_t t = a % b;
      a = b;
      b = t;
    }
    l = l / a * i;
  }
  return l;
}

/* Check, build and run one case; the result in *r, the case in *c. */
static void build_run(const hc_sf_algo *a, hc_sf_params *p, hc_sched_case *c, hc_exec_result *r) {
  char why[400];
  int rc = a->check(p, why, sizeof why);
  if (rc) fail_msg("%s d=%u m=%u beta=%u: check: %s", a->name, p->d, p->m, p->beta, why);
  assert_int_equal(a->build(p, c), HC_OK);
  hc_sched_err e;
  if (hc_sched_validate(c->sched, &e)) fail_msg("%s: validate: %s", a->name, e.msg);
  if (hc_sched_exec(c->sched, p->beta, c->init, r, &e)) fail_msg("%s: exec: %s", a->name, e.msg);
  uint64_t cp = 0;
  assert_int_equal(hc_sched_critical_path(c->sched, p->beta, &cp, &e), HC_OK);
  assert_int_equal(r->cycles, cp);
  assert_int_equal(hc_sched_case_check(c, r->mem, NULL, NULL), 0);
}

/* Node y's [0, m) holds the root's block y (DISTRIBUTE's meaning). */
static void spot_distribute(const hc_exec_result *r, unsigned d, uint32_t m, uint32_t src, uint32_t mem) {
  for (uint32_t y = 0; y < (1u << d); y++)
    for (uint32_t w = 0; w < m && y != src; w++)
      if (r->mem[(size_t)y * mem + w] != hc_sched_tag(src, y * m + w))
        fail_msg("d=%u src=%u: node %u word %u is not the root's block %u", d, src, y, w, y);
}

/* The paper's (2^d - 1) m/d + s beta, written from 000 §5. */
static uint64_t paper(unsigned d, uint32_t m, uint32_t beta, unsigned s) {
  return ((1ull << d) - 1) * m / d + (uint64_t)s * beta;
}

static const uint32_t betas[] = {0, 1, 3, 7, 40};

/* ------------------------------------------------------- distribute1 */

static void one_d1(const hc_sf_algo *a, unsigned d, uint32_t m, uint32_t src, int collect) {
  const uint32_t n = 1u << d;
  for (size_t bi = 0; bi < 5; bi++) {
    hc_sf_params p;
    hc_sf_params_init(&p, d, m, betas[bi]);
    p.src = src;
    hc_sched_case c;
    hc_exec_result r;
    build_run(a, &p, &c, &r);
    const uint32_t mem = hc_sched_mem_words(c.sched);
    assert_int_equal(mem, n * m);
    if (collect) { /* the root's block y holds y's message */
      for (uint32_t y = 0; y < n; y++)
        for (uint32_t w = 0; w < m && y != src; w++)
          assert_int_equal(r.mem[(size_t)src * mem + y * m + w], hc_sched_tag(y, w));
    } else {
      spot_distribute(&r, d, m, src, mem);
    }
    const uint64_t f = paper(d, m, p.beta, d);
    if (r.cycles != f || a->formula(&p) != f || hc_sf_expected(a, &p) != f)
      fail_msg("%s d=%u m=%u beta=%u src=%u: %llu cycles, paper %llu", a->name, d, m, p.beta, src,
               (unsigned long long)r.cycles, (unsigned long long)f);
    hc_sf_bound b;
    a->lower(&p, &b);
    assert_int_equal(b.links, d);
    assert_int_equal(b.load, (n - 1) * (uint64_t)m);
    assert_true(r.cycles >= b.cycles);
    /* 000 §5: links are used in one direction only, away from (toward) the
    ** root; the root's d links are busy all the time, d packets each */
    for (uint32_t x = 0; x < n; x++)
      for (unsigned k = 0; k < d; k++) {
        const int away = !((x ^ src) >> k & 1); /* x -> x^bit moves away from the root */
        const uint64_t busy = r.link_busy[(size_t)x * d + k];
        if (away == collect) assert_int_equal(busy, 0);
        if (x == src && !collect) assert_int_equal(busy, f);
        if ((x ^ src) == (1u << k) && collect) assert_int_equal(busy, f);
      }
    hc_exec_result_free(&r);
    hc_sched_case_free(&c);
  }
}

static void test_distribute1_formula(void **state) {
  (void)state;
  for (unsigned d = 1; d <= 7; d++) {
    const uint32_t n = 1u << d, u = lcm_to(d);
    for (uint32_t mult = 1; mult <= (d <= 5 ? 3u : 1u); mult += 2) {
      one_d1(&hc_sf_algo_distribute1, d, u * mult, 0, 0);
      if (d <= 6) one_d1(&hc_sf_algo_distribute1, d, u * mult, n - 1, 0);
      if (d <= 5) one_d1(&hc_sf_algo_distribute1, d, u * mult, (5u * d) % n, 0);
    }
  }
}

static void test_collect_formula(void **state) {
  (void)state;
  for (unsigned d = 1; d <= 7; d++) {
    const uint32_t n = 1u << d, u = lcm_to(d);
    for (uint32_t mult = 1; mult <= (d <= 5 ? 3u : 1u); mult += 2) {
      one_d1(&hc_sf_algo_collect, d, u * mult, 0, 1);
      if (d <= 6) one_d1(&hc_sf_algo_collect, d, u * mult, n - 1, 1);
      if (d <= 5) one_d1(&hc_sf_algo_collect, d, u * mult, (3u * d + 1) % n, 1);
    }
  }
}

/* Stage k of DISTRIBUTE 1: node 0's links carry C(d,k) m/d, in stage order. */
static void test_distribute1_stages(void **state) {
  (void)state;
  for (unsigned d = 2; d <= 6; d++) {
    hc_sf_params p;
    hc_sf_params_init(&p, d, 2 * lcm_to(d), 0);
    hc_sched_case c;
    assert_int_equal(hc_sf_algo_distribute1.check(&p, NULL, 0), HC_OK);
    assert_int_equal(hc_sf_algo_distribute1.build(&p, &c), HC_OK);
    for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
      hc_packet_info pi;
      hc_sched_packet(c.sched, i, &pi);
      if (pi.node == 0) assert_int_equal(pi.words, binom(d, pi.seq) * p.m / d);
    }
    hc_sched_case_free(&c);
  }
}

static void refuse(const hc_sf_algo *a, unsigned d, uint32_t m, uint32_t beta, uint32_t src, uint32_t waves) {
  hc_sf_params p;
  hc_sf_params_init(&p, d, m, beta);
  p.src = src;
  p.waves = waves;
  char why[400] = "";
  if (a->check(&p, why, sizeof why) != HC_EPARAM)
    fail_msg("%s d=%u m=%u beta=%u src=%u waves=%u accepted", a->name, d, m, beta, src, waves);
  assert_non_null(strstr(why, "="));
  assert_null(strchr(why, '\n'));
}

static void test_d1_params(void **state) {
  (void)state;
  const hc_sf_algo *as[] = {&hc_sf_algo_distribute1, &hc_sf_algo_collect};
  for (int i = 0; i < 2; i++) {
    /* any m >= 1 is accepted (pieces rounded up: test_sf_round.c) */
    refuse(as[i], 3, 0, 0, HC_SF_UNSET, HC_SF_UNSET);
    refuse(as[i], 3, 6, 0, 8, HC_SF_UNSET);            /* no node 8 */
    refuse(as[i], 0, 6, 0, HC_SF_UNSET, HC_SF_UNSET);
    refuse(as[i], HC_SF_MAX_D + 1, 6, 0, HC_SF_UNSET, HC_SF_UNSET);
    refuse(as[i], 10, 2520 * 128, 0, HC_SF_UNSET, HC_SF_UNSET); /* 2^28 words exceeded */
    assert_int_equal(as[i]->takes, HC_SF_TAKES_SRC);
  }
}

/* ------------------------------------------------------- distribute2 */

/* The paper's k for d = 1..8 (000 §5), and the same k from §9's
** ceil(log_{d-1}(1 + (d-2)(2^d-1)/d)) up to d = 10. */
static void test_d2_k(void **state) {
  (void)state;
  static const unsigned k[] = {0, 1, 2, 2, 2, 3, 3, 3, 3};
  for (unsigned d = 1; d <= 8; d++) assert_int_equal(hc_sw5_distribute2_k(d), k[d]);
  for (unsigned d = 3; d <= 10; d++) {
    double x = log(1.0 + (d - 2.0) * ((1u << d) - 1.0) / d) / log(d - 1.0);
    assert_int_equal(hc_sw5_distribute2_k(d), (unsigned)ceil(x - 1e-12));
  }
}

/* The time the schedule must meet, written here from 000 §5: the paper's
** (2^d - 1) m/d + k beta, the first term rounded up to a whole word (the
** root's busiest link carries at least that many words in its k waves). */
static uint64_t d2_paper(unsigned d, uint32_t m, uint32_t beta, unsigned k) {
  const uint64_t a = ((1ull << d) - 1) * m;
  return a / d + (a % d ? 1 : 0) + (uint64_t)k * beta;
}

/* The paper's r (d (r^k - 1)/(r - 1) = 2^d - 1) by bisection, and wave w's
** start counted from the end of a root link's stream: m (1 + r + ... +
** r^(k-w)) rounded to the nearest word (w = 2..k). */
static uint64_t d2_cut(unsigned d, unsigned k, uint32_t m, unsigned w) {
  double lo = 0, hi = d;
  for (int i = 0; i < 100; i++) {
    const double r = (lo + hi) / 2;
    double s = 0;
    for (unsigned e = 0; e < k; e++) s += pow(r, e);
    if (d * s < (1u << d) - 1.0) lo = r;
    else hi = r;
  }
  double s = 0;
  for (unsigned e = 0; e <= k - w; e++) s += pow(lo, e);
  return (uint64_t)floor(m * s + 0.5);
}

/* Arrival of the last word of node y's result (finish of its last packet). */
static uint64_t arrival(const hc_sched_case *c, const hc_exec_result *r, uint32_t y, uint32_t m) {
  uint64_t t = 0;
  for (size_t i = 0; i < hc_sched_num_packets(c->sched); i++) {
    hc_packet_info pi;
    hc_sched_packet(c->sched, i, &pi);
    if ((pi.node ^ (1u << pi.dim)) != y) continue;
    for (size_t s = 0; s < pi.nscatter; s++)
      if (pi.scatter[s].addr < m && r->finish[i] > t) t = r->finish[i];
  }
  return t;
}

/* 000 §5's example: d = 3, two waves 4/3 m then m; C_1 finishes at
** 7/3 m + 2 beta, C_2 at 2 m + 3 beta, C_3 at 11/6 m + 3 beta; all by
** 7/3 m + 2 beta if beta <= m/3 (6 | m: no word rounded). */
static void test_d2_example(void **state) {
  (void)state;
  static const uint32_t ms[] = {6, 12, 36, 60};
  for (size_t mi = 0; mi < 4; mi++) {
    const uint32_t m = ms[mi];
    hc_sw5_plan pl;
    uint32_t bmax;
    assert_int_equal(hc_sw5_plan_make(3, 2, m, &pl, NULL, 0), HC_OK);
    assert_int_equal(hc_sw5_distribute2_mem(&pl), 8 * m);
    assert_int_equal(hc_sw5_distribute2_beta_max(&pl, 0, &bmax), HC_OK);
    assert_int_equal(bmax, m / 3); /* the paper's "if m/3 > beta" (at equality the times tie) */
    for (uint32_t beta = 0; beta <= m / 3 + 2; beta++) {
      hc_sf_params p;
      hc_sf_params_init(&p, 3, m, beta);
      hc_sched_case c;
      hc_exec_result r;
      assert_int_equal(hc_sw5_case(3, m, 0, 0, &c), HC_OK);
      assert_int_equal(hc_sw5_distribute2_build(&pl, 0, &c), HC_OK);
      assert_int_equal(hc_sched_exec(c.sched, beta, c.init, &r, NULL), HC_OK);
      assert_int_equal(hc_sched_case_check(&c, r.mem, NULL, NULL), 0);
      spot_distribute(&r, 3, m, 0, 8 * m);
      for (uint32_t y = 1; y < 8; y++) {
        const unsigned cls = hc_sf_popcount(y);
        const uint64_t want = cls == 1 ? 7 * m / 3 + 2 * beta : cls == 2 ? 2 * m + 3 * beta : 11 * m / 6 + 3 * beta;
        if (arrival(&c, &r, y, m) != want)
          fail_msg("m=%u beta=%u: node %u (C_%u) done at %llu, paper %llu", m, beta, y, cls,
                   (unsigned long long)arrival(&c, &r, y, m), (unsigned long long)want);
      }
      /* node 0: 4/3 m then m on each link; C_1: m/6 (for C_3) then m/2 (for C_2) */
      for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
        hc_packet_info pi;
        hc_sched_packet(c.sched, i, &pi);
        if (pi.node == 0) assert_int_equal(pi.words, pi.seq ? m : 4 * m / 3);
        if (hc_sf_popcount(pi.node) == 1) assert_int_equal(pi.words, pi.seq ? m / 2 : m / 6);
        if (hc_sf_popcount(pi.node) == 2) assert_int_equal(pi.words, m / 3);
      }
      const uint64_t f = 7 * m / 3 + 2 * beta, late = 2 * m + 3 * beta;
      assert_int_equal(r.cycles, late > f ? late : f);
      assert_int_equal(hc_sw5_distribute2_time(&pl, beta), r.cycles);
      char why[400];
      assert_int_equal(hc_sf_algo_distribute2.check(&p, why, sizeof why), 3 * beta <= m ? HC_OK : HC_EPARAM);
      if (3 * beta <= m) assert_int_equal(hc_sf_algo_distribute2.formula(&p), f);
      hc_exec_result_free(&r);
      hc_sched_case_free(&c);
    }
    hc_sw5_plan_free(&pl);
  }
}

/* The root's links: loads within one word, (2^d - 1) m in all, the busiest
** ceil((2^d - 1) m/d) in k packets; the waves from the end m (C_1's
** message), then the paper's r^i m rounded as d2_cut, wave 1 the rest. */
static void d2_root_links(const hc_sched_case *c, unsigned d, unsigned k, uint32_t m, uint32_t src) {
  uint64_t load[HC_SF_MAX_D] = {0}, words[HC_SF_MAX_D][HC_SW5_MAXW] = {{0}}, lo = UINT64_MAX, hi = 0, tot = 0;
  unsigned npk[HC_SF_MAX_D] = {0};
  for (size_t i = 0; i < hc_sched_num_packets(c->sched); i++) {
    hc_packet_info pi;
    hc_sched_packet(c->sched, i, &pi);
    if (pi.node != src) continue;
    assert_true(pi.seq < k);
    words[pi.dim][pi.seq] = pi.words;
    load[pi.dim] += pi.words;
    npk[pi.dim]++;
  }
  for (unsigned b = 0; b < d; b++) {
    lo = load[b] < lo ? load[b] : lo;
    hi = load[b] > hi ? load[b] : hi;
    tot += load[b];
  }
  assert_int_equal(tot, ((1ull << d) - 1) * m);
  assert_true(hi - lo <= 1);
  assert_int_equal(hi, d2_paper(d, m, 0, k));
  for (unsigned b = 0; b < d; b++) {
    const unsigned miss = k - npk[b]; /* wave 1 may be empty on a lighter link */
    assert_true(miss == 0 || (miss == 1 && load[b] < hi));
    for (unsigned s = 0; s < npk[b]; s++) {
      const unsigned w = s + 1 + miss;
      const uint64_t end = w == k ? 0 : d2_cut(d, k, m, w + 1), start = w == 1 ? load[b] : d2_cut(d, k, m, w);
      if (words[b][s] != start - end)
        fail_msg("d=%u m=%u: root link %u wave %u carries %llu words, want %llu", d, m, b, w,
                 (unsigned long long)words[b][s], (unsigned long long)(start - end));
    }
  }
}

/*
** One DISTRIBUTE 2 case at k waves, built whatever check() says, run at
** every beta of bs: data, the root's links, the executor == the plan's
** clock, never below the paper's time, and check() accepting exactly when
** the time is the paper's (then formula() says so and the bound holds).
** Returns the accepted betas as a bit mask over bs.
*/
static unsigned one_d2(unsigned d, unsigned k, uint32_t m, uint32_t src, const uint32_t *bs, size_t nb) {
  hc_sw5_plan pl;
  hc_sched_case c;
  hc_sched_err e;
  unsigned acc = 0;
  assert_int_equal(hc_sw5_plan_make(d, k, m, &pl, NULL, 0), HC_OK);
  const uint32_t mem = hc_sw5_distribute2_mem(&pl);
  assert_true(mem >= (m << d));
  assert_int_equal(hc_sw5_case_mem(d, m, mem, src, 0, &c), HC_OK);
  assert_int_equal(hc_sw5_distribute2_build(&pl, src, &c), HC_OK);
  if (hc_sched_validate(c.sched, &e)) fail_msg("d=%u m=%u: validate: %s", d, m, e.msg);
  d2_root_links(&c, d, k, m, src);
  for (size_t bi = 0; bi < nb; bi++) {
    const uint32_t beta = bs[bi];
    hc_exec_result r;
    assert_int_equal(hc_sched_exec(c.sched, beta, c.init, &r, &e), HC_OK);
    if (bi == 0) {
      assert_int_equal(hc_sched_case_check(&c, r.mem, NULL, NULL), 0);
      spot_distribute(&r, d, m, src, mem);
    }
    const uint64_t f = d2_paper(d, m, beta, k), got = hc_sw5_distribute2_time(&pl, beta);
    if (r.cycles != got)
      fail_msg("d=%u k=%u m=%u beta=%u: executor %llu, plan's clock %llu", d, k, m, beta,
               (unsigned long long)r.cycles, (unsigned long long)got);
    assert_true(r.cycles >= f); /* the root alone takes the paper's time */
    hc_sf_params p;
    hc_sf_params_init(&p, d, m, beta);
    p.src = src;
    p.waves = k;
    char why[400];
    const int ok = hc_sf_algo_distribute2.check(&p, why, sizeof why) == HC_OK;
    if (ok != (r.cycles == f))
      fail_msg("d=%u k=%u m=%u beta=%u: %llu cycles against %llu, check() %s", d, k, m, beta,
               (unsigned long long)r.cycles, (unsigned long long)f, ok ? "accepts" : why);
    if (ok) {
      hc_sf_bound b;
      hc_sf_algo_distribute2.lower(&p, &b);
      assert_int_equal(hc_sf_algo_distribute2.formula(&p), f);
      assert_int_equal(hc_sf_expected(&hc_sf_algo_distribute2, &p), f);
      assert_int_equal(b.links, d);
      assert_int_equal(b.load, ((1ull << d) - 1) * m);
      assert_true(r.cycles >= b.cycles);
      acc |= 1u << bi;
    }
    hc_exec_result_free(&r);
  }
  hc_sched_case_free(&c);
  hc_sw5_plan_free(&pl);
  return acc;
}

static const uint32_t d2_betas[] = {0, 1, 3, 7};

/* d = 1..10, m = 1, 7, 64, 100 and multiples of d (d = 9, 10: 1, 7, d, 2d:
** a node holds 2^d m words), the paper's k, beta 0, 1, 3, 7. With beta = 0
** and m >= 64 the paper's "m sufficiently large" holds at every d. */
static void test_d2_measure(void **state) {
  (void)state;
  unsigned all = 0, acc = 0;
  for (unsigned d = 1; d <= 10; d++) {
    const uint32_t n = 1u << d, kp = hc_sw5_distribute2_k(d);
    const uint32_t small[] = {1, 7, d, 2 * d}, big[] = {1, 7, 64, 100, 6 * d, 12 * d + d / 2 * 2};
    const uint32_t *ms = d >= 9 ? small : big;
    const size_t nm = d >= 9 ? 4 : d >= 7 ? 5 : 6;
    for (size_t mi = 0; mi < nm; mi++) {
      const unsigned a = one_d2(d, kp, ms[mi], (ms[mi] * 5u) % n, d2_betas, 4);
      if (ms[mi] >= 64 && !(a & 1)) fail_msg("d=%u m=%u: beta = 0 not accepted", d, ms[mi]);
      all += 4;
      acc += (unsigned)hc_sf_popcount(a);
    }
  }
  print_message("distribute2: %u of %u cases meet the paper's time\n", acc, all);
}

/* Every other k the plan takes (NWAVES), d = 3..6: the clock is exact. */
static void test_d2_waves(void **state) {
  (void)state;
  for (unsigned d = 3; d <= 6; d++)
    for (unsigned k = 2; k <= d; k++) {
      hc_sw5_plan pl;
      if (k == hc_sw5_distribute2_k(d) || hc_sw5_plan_make(d, k, 60, &pl, NULL, 0)) continue;
      hc_sw5_plan_free(&pl);
      one_d2(d, k, 60, 0, d2_betas, 4);
      one_d2(d, k, 13, 1, d2_betas, 2);
    }
}

/* d = 9, 10 at m = 64 (the hardware's limits): every packet under 2^16
** words, a node's memory 2^d m (the root's blocks) within one 2^16-word
** bank, and the paper's time met at beta = 3; built without the data. */
static void test_d2_big(void **state) {
  (void)state;
  for (unsigned d = 9; d <= 10; d++) {
    hc_sw5_plan pl;
    hc_sched_case c = {0};
    assert_int_equal(hc_sw5_plan_make(d, hc_sw5_distribute2_k(d), 64, &pl, NULL, 0), HC_OK);
    const uint32_t mem = hc_sw5_distribute2_mem(&pl);
    assert_int_equal(mem, 64u << d);
    assert_true(mem <= 65536);
    assert_int_equal(hc_sched_new(d, mem, &c.sched), HC_OK);
    assert_int_equal(hc_sw5_distribute2_build(&pl, 0, &c), HC_OK);
    uint64_t most = 0;
    for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
      hc_packet_info pi;
      hc_sched_packet(c.sched, i, &pi);
      most = pi.words > most ? pi.words : most;
    }
    assert_true(most < 65536);
    d2_root_links(&c, d, pl.k, 64, 0);
    hc_sf_params p;
    hc_sf_params_init(&p, d, 64, 3);
    assert_int_equal(hc_sf_algo_distribute2.check(&p, NULL, 0), HC_OK);
    assert_int_equal(hc_sw5_distribute2_time(&pl, 3), d2_paper(d, 64, 3, pl.k));
    hc_sched_free(c.sched);
    hc_sw5_plan_free(&pl);
  }
}

/* The largest beta the keep-up allows: met there at every beta below
** (d <= 5), missed one above, and the executor agrees on both sides. */
static void test_d2_threshold(void **state) {
  (void)state;
  static const uint32_t ms[] = {13, 64, 100};
  for (unsigned d = 3; d <= 8; d++)
    for (size_t mi = 0; mi < 3; mi++) {
      hc_sw5_plan pl;
      uint32_t bmax;
      const uint32_t m = ms[mi];
      assert_int_equal(hc_sw5_plan_make(d, hc_sw5_distribute2_k(d), m, &pl, NULL, 0), HC_OK);
      if (hc_sw5_distribute2_beta_max(&pl, 0, &bmax) != HC_OK) {
        assert_true(hc_sw5_distribute2_time(&pl, 0) > d2_paper(d, m, 0, pl.k));
        hc_sw5_plan_free(&pl);
        continue;
      }
      assert_true(bmax < UINT32_MAX);
      for (uint32_t b = d <= 5 ? 0 : bmax; b <= bmax; b++)
        assert_int_equal(hc_sw5_distribute2_time(&pl, b), d2_paper(d, m, b, pl.k));
      assert_true(hc_sw5_distribute2_time(&pl, bmax + 1) > d2_paper(d, m, bmax + 1, pl.k));
      if (d <= 6) {
        const uint32_t bs[] = {bmax, bmax + 1};
        assert_int_equal(one_d2(d, pl.k, m, 0, bs, 2), 1); /* bmax only */
      }
      hc_sw5_plan_free(&pl);
    }
  /* d = 1, 2: one link, or C_2's single relay hop: never late */
  for (unsigned d = 1; d <= 2; d++) {
    hc_sw5_plan pl;
    uint32_t bmax;
    assert_int_equal(hc_sw5_plan_make(d, d, 5, &pl, NULL, 0), HC_OK);
    assert_int_equal(hc_sw5_distribute2_beta_max(&pl, 0, &bmax), HC_OK);
    assert_int_equal(bmax, UINT32_MAX);
    hc_sw5_plan_free(&pl);
  }
}

static void test_d2_params(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_distribute2;
  refuse(a, 3, 0, 0, HC_SF_UNSET, HC_SF_UNSET);     /* no words */
  refuse(a, 3, 6, 3, HC_SF_UNSET, HC_SF_UNSET);     /* beta > m/3 */
  refuse(a, 4, 64, 3, HC_SF_UNSET, HC_SF_UNSET);    /* beta > m/24, about */
  refuse(a, 3, 6, 0, 8, HC_SF_UNSET);               /* no node 8 */
  refuse(a, 3, 6, 0, HC_SF_UNSET, 0);               /* no waves */
  refuse(a, 3, 6, 0, HC_SF_UNSET, 1);               /* C_1 must be a wave of its own */
  refuse(a, 3, 6, 0, HC_SF_UNSET, 4);               /* more waves than stages */
  refuse(a, 5, 60, 0, HC_SF_UNSET, 2);              /* r = 5.2 > d-1: never keeps up */
  refuse(a, 0, 6, 0, HC_SF_UNSET, HC_SF_UNSET);
  refuse(a, 10, 300, 0, HC_SF_UNSET, HC_SF_UNSET);  /* 2^10 nodes of 2^10 * 300 words */
  char why[400] = "";
  hc_sf_params p;
  hc_sf_params_init(&p, 5, 60, 2);
  p.waves = 2;
  assert_int_equal(a->check(&p, why, sizeof why), HC_EPARAM);
  assert_non_null(strstr(why, "r is not below d-1"));
  hc_sf_params_init(&p, 5, 60, 4);
  assert_int_equal(a->check(&p, NULL, 0), HC_OK);
  assert_int_equal(p.waves, 3);
  assert_int_equal(a->formula(&p), 31 * 12 + 3 * 4);
  hc_sf_params_init(&p, 5, 61, 4); /* 31*61/5 = 378.2: one word more on the busiest link */
  assert_int_equal(a->check(&p, NULL, 0), HC_OK);
  assert_int_equal(a->formula(&p), 379 + 3 * 4);
  assert_int_equal(a->unit(&p), 60); /* lcm(1..5): no piece rounded */
  assert_int_equal(a->takes, HC_SF_TAKES_SRC | HC_SF_TAKES_WAVES);
}

int main(void) {
  const struct CMUnitTest d1[] = {
      cmocka_unit_test(test_distribute1_formula),
      cmocka_unit_test(test_distribute1_stages),
      cmocka_unit_test(test_d1_params),
  };
  const struct CMUnitTest col[] = {
      cmocka_unit_test(test_collect_formula),
      cmocka_unit_test(test_d1_params),
  };
  const struct CMUnitTest d2[] = {
      cmocka_unit_test(test_d2_k),     cmocka_unit_test(test_d2_example),   cmocka_unit_test(test_d2_measure),
      cmocka_unit_test(test_d2_waves), cmocka_unit_test(test_d2_big),       cmocka_unit_test(test_d2_threshold),
      cmocka_unit_test(test_d2_params),
  };
  int fails = 0;
  fails += cmocka_run_group_tests_name("sf_distribute1", d1, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_collect", col, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_distribute2", d2, NULL, NULL);
  return fails ? 1 : 0;
}
