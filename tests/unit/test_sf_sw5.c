/*
** cmocka tests of DISTRIBUTE 1, COLLECT and DISTRIBUTE 2 of Stout & Wagar
** (000 §5; algorithms/sf_distribute1.c, sf_collect.c, sf_distribute2.c).
** Every case is built through its record, validated, run in the reference
** executor and checked word by word against what the operation means
** (written here from the tags, not taken from the generator), its time
** against the paper's expression written here, and the §9 cut bound.
** DISTRIBUTE 2 is also checked against the paper's d = 3 example, class by
** class, and where the paper's "m sufficiently large" fails the exact count
** is compared with the schedule's own recurrence.
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
** ceil(log_{d-1}(1 + (d-2)(2^d-1)/d)). */
static void test_d2_k(void **state) {
  (void)state;
  static const unsigned k[] = {0, 1, 2, 2, 2, 3, 3, 3, 3};
  for (unsigned d = 1; d <= 8; d++) assert_int_equal(hc_sw5_distribute2_k(d), k[d]);
  for (unsigned d = 3; d <= 10; d++) {
    double x = log(1.0 + (d - 2.0) * ((1u << d) - 1.0) / d) / log(d - 1.0);
    assert_int_equal(hc_sw5_distribute2_k(d), (unsigned)ceil(x - 1e-12));
  }
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
** 7/3 m + 2 beta if beta <= m/3. */
static void test_d2_example(void **state) {
  (void)state;
  static const uint32_t ms[] = {6, 12, 36, 60};
  for (size_t mi = 0; mi < 4; mi++)
    for (uint32_t beta = 0; beta <= ms[mi] / 3 + 2; beta++) {
      const uint32_t m = ms[mi];
      hc_sf_params p;
      hc_sf_params_init(&p, 3, m, beta);
      hc_sched_case c;
      hc_exec_result r;
      hc_sw5_plan pl;
      assert_int_equal(hc_sw5_plan_make(3, 2, &pl, NULL, 0), HC_OK);
      assert_int_equal(hc_sw5_case(3, m, 0, 0, &c), HC_OK);
      assert_int_equal(hc_sw5_distribute2_build(&pl, m, 0, &c), HC_OK);
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
      char why[400];
      assert_int_equal(hc_sf_algo_distribute2.check(&p, why, sizeof why), 3 * beta <= m ? HC_OK : HC_EPARAM);
      if (3 * beta <= m) assert_int_equal(hc_sf_algo_distribute2.formula(&p), f);
      hc_exec_result_free(&r);
      hc_sched_case_free(&c);
    }
}

/* One DISTRIBUTE 2 case at k waves, built whatever check() says. */
static void one_d2(unsigned d, unsigned k, uint32_t m, uint32_t beta, uint32_t src) {
  hc_sw5_plan pl;
  assert_int_equal(hc_sw5_plan_make(d, k, &pl, NULL, 0), HC_OK);
  hc_sched_case c;
  hc_exec_result r;
  hc_sched_err e;
  assert_int_equal(hc_sw5_case(d, m, src, 0, &c), HC_OK);
  assert_int_equal(hc_sw5_distribute2_build(&pl, m, src, &c), HC_OK);
  if (hc_sched_validate(c.sched, &e)) fail_msg("validate: %s", e.msg);
  assert_int_equal(hc_sched_exec(c.sched, beta, c.init, &r, &e), HC_OK);
  assert_int_equal(hc_sched_case_check(&c, r.mem, NULL, NULL), 0);
  spot_distribute(&r, d, m, src, m << d);
  /* the source's links: k waves, m last (C_1), (2^d - 1) m/d in all */
  uint64_t sum[HC_SF_MAX_D] = {0};
  for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
    hc_packet_info pi;
    hc_sched_packet(c.sched, i, &pi);
    if (pi.node != src) continue;
    assert_true(pi.seq < k);
    if (pi.seq == k - 1) assert_int_equal(pi.words, m);
    sum[pi.dim] += pi.words;
  }
  for (unsigned b = 0; b < d; b++) assert_int_equal(sum[b], ((1ull << d) - 1) * m / d);
  const uint64_t f = paper(d, m, beta, k), got = hc_sw5_distribute2_time(&pl, m, beta);
  if (r.cycles != got)
    fail_msg("d=%u k=%u m=%u beta=%u: executor %llu, recurrence %llu", d, k, m, beta,
             (unsigned long long)r.cycles, (unsigned long long)got);
  assert_true(r.cycles >= f); /* the source alone takes the paper's time */
  uint64_t num, den;
  if (hc_sw5_distribute2_threshold(&pl, &num, &den) == HC_OK && num)
    assert_int_equal(r.cycles == f, den == 0 || (uint64_t)beta * den <= (uint64_t)m * num);
  hc_sf_params p;
  hc_sf_params_init(&p, d, m, beta);
  p.src = src;
  p.waves = k;
  char why[400];
  const int ok = hc_sf_algo_distribute2.check(&p, why, sizeof why) == HC_OK;
  assert_int_equal(ok, r.cycles == f);
  if (ok) {
    hc_sf_bound b;
    hc_sf_algo_distribute2.lower(&p, &b);
    assert_int_equal(hc_sf_expected(&hc_sf_algo_distribute2, &p), f);
    assert_true(r.cycles >= b.cycles);
  }
  hc_exec_result_free(&r);
  hc_sched_case_free(&c);
}

/* Every d = 1..7, several m and beta, the paper's k and every other k the
** plan takes: data, recurrence == executor, and the formula exactly when
** check() accepts. */
static void test_d2_measure(void **state) {
  (void)state;
  for (unsigned d = 1; d <= 7; d++) {
    const uint32_t u = lcm_to(d), n = 1u << d, kp = hc_sw5_distribute2_k(d);
    for (unsigned k = d > 1 ? 2 : 1; k <= d; k++) {
      hc_sw5_plan pl;
      if (hc_sw5_plan_make(d, k, &pl, NULL, 0)) continue;
      if (d == 7 && k != kp) continue;
      for (uint32_t mult = 1; mult <= (d <= 4 ? 8u : d <= 5 ? 2u : 1u); mult *= 2)
        for (size_t bi = 0; bi < 5; bi++) {
          if (d >= 6 && bi % 2) continue;
          one_d2(d, k, u * mult, betas[bi], (d <= 5 && bi == 2) ? n - 1 : 0);
        }
    }
  }
}

/* The condition is tight: at the largest beta it allows the formula holds,
** one more and it does not (the paper's k, d = 3..6). */
static void test_d2_threshold(void **state) {
  (void)state;
  for (unsigned d = 3; d <= 6; d++) {
    hc_sw5_plan pl;
    uint64_t num, den;
    assert_int_equal(hc_sw5_plan_make(d, hc_sw5_distribute2_k(d), &pl, NULL, 0), HC_OK);
    assert_int_equal(hc_sw5_distribute2_threshold(&pl, &num, &den), HC_OK);
    assert_true(den > 0 && num > 0);
    const uint32_t m = pl.u * (uint32_t)den / (uint32_t)hc_sf_gcd(pl.u, den) * (d <= 4 ? 2 : 1);
    const uint32_t bmax = (uint32_t)((uint64_t)m * num / den);
    one_d2(d, pl.k, m, bmax, 0);
    one_d2(d, pl.k, m, bmax + 1, 0);
    assert_int_equal(hc_sw5_distribute2_time(&pl, m, bmax), paper(d, m, bmax, pl.k));
    assert_true(hc_sw5_distribute2_time(&pl, m, bmax + 1) > paper(d, m, bmax + 1, pl.k));
  }
  /* d = 3: the paper's own condition, beta <= m/3 */
  hc_sw5_plan pl;
  uint64_t num, den;
  assert_int_equal(hc_sw5_plan_make(3, 2, &pl, NULL, 0), HC_OK);
  assert_int_equal(hc_sw5_distribute2_threshold(&pl, &num, &den), HC_OK);
  assert_int_equal(num, 1);
  assert_int_equal(den, 3);
}

static void test_d2_params(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_distribute2;
  refuse(a, 3, 4, 3, HC_SF_UNSET, HC_SF_UNSET);     /* padded to m' = 6: beta > m'/3 */
  refuse(a, 3, 6, 3, HC_SF_UNSET, HC_SF_UNSET);     /* beta > m/3 */
  refuse(a, 3, 6, 0, 8, HC_SF_UNSET);               /* no node 8 */
  refuse(a, 3, 6, 0, HC_SF_UNSET, 0);               /* no waves */
  refuse(a, 3, 6, 0, HC_SF_UNSET, 1);               /* C_1 must be a wave of its own */
  refuse(a, 3, 6, 0, HC_SF_UNSET, 4);               /* more waves than stages */
  refuse(a, 5, 60, 0, HC_SF_UNSET, 2);              /* r = 5.2 > d-1: never keeps up */
  refuse(a, 0, 6, 0, HC_SF_UNSET, HC_SF_UNSET);
  hc_sf_params p;
  hc_sf_params_init(&p, 5, 60, 4);
  assert_int_equal(a->check(&p, NULL, 0), HC_OK);
  assert_int_equal(p.waves, 3);
  assert_int_equal(a->formula(&p), 31 * 12 + 3 * 4);
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
      cmocka_unit_test(test_d2_k),      cmocka_unit_test(test_d2_example), cmocka_unit_test(test_d2_measure),
      cmocka_unit_test(test_d2_threshold), cmocka_unit_test(test_d2_params),
  };
  int fails = 0;
  fails += cmocka_run_group_tests_name("sf_distribute1", d1, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_collect", col, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_distribute2", d2, NULL, NULL);
  return fails ? 1 : 0;
}
