/*
** Unit tests of the rounded generators of Stout & Wagar (shared/seeds/000):
** COMPLETE EXCHANGE, PERMUTED SEND (§6), MATRIX TRANSPOSITION by rows
** (§7.1), DISTRIBUTE 1, COLLECT and DISTRIBUTE 2 (§5) at message sizes the
** paper's divisions do not divide. A piece of a message to distance n is
** ceil(m/n) words on the links (pad beyond the message), so every stage's
** load is the paper's with m/n replaced by ceil(m/n); the expected times
** are written here per stage from that rule (never from the generators'
** formula()), and must equal the paper's boxed value whenever m divides.
** (DISTRIBUTE 2 rounds its pieces down or up instead, without pad: its
** time is the paper's with (2^d - 1) m/d rounded up.)
** Every case is validated and executed, its data checked against expect
** and, independently, against what the communication means.
*/
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

static const uint32_t betas[] = {0, 1, 3, 7, 40};
#define NBETA (sizeof betas / sizeof betas[0])

static uint64_t C(unsigned n, unsigned k) {
  uint64_t r = 1;
  if (k > n) return 0;
  for (unsigned i = 1; i <= k; i++) r = r * (n - k + i) / i;
  return r;
}

static uint64_t cdiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

static uint64_t lcm_to(unsigned d) {
  uint64_t l = 1;
  for (uint64_t i = 2; i <= d; i++) {
    uint64_t a = l, b = i;
    while (b) {
      uint64_t t = a % b;
      a = b;
      b = t;
    }
    l = l / a * i;
  }
  return l;
}

/* COMPLETE EXCHANGE of len words, stage by stage: in stage k every link
** carries one piece of ceil(len/n) words of each of the C(d-1, n-1)
** messages to distance n >= d-k whose subcube contains it. */
static uint64_t xchg_stage(unsigned d, uint32_t len, unsigned k) {
  uint64_t w = 0;
  for (unsigned n = d - k; n <= d; n++) w += C(d - 1, n - 1) * cdiv(len, n);
  return w;
}

static uint64_t xchg_time(unsigned d, uint32_t len, uint32_t beta) {
  uint64_t t = 0;
  for (unsigned k = 0; k < d; k++) t += xchg_stage(d, len, k) + beta;
  return t;
}

/* DISTRIBUTE 1: the root's link carries in stage k one piece of each of the
** C(d-1, d-k-1) messages to distance d-k through it. */
static uint64_t d1_time(unsigned d, uint32_t m, uint32_t beta) {
  uint64_t t = 0;
  for (unsigned k = 0; k < d; k++) t += C(d - 1, d - k - 1) * cdiv(m, d - k) + beta;
  return t;
}

/* Check, build, validate a's case; 0 if check() refuses (why in *why). */
static int make(const hc_sf_algo *a, hc_sf_params *p, hc_sched_case *c) {
  char why[400] = "";
  if (a->check(p, why, sizeof why) != HC_OK) return 0;
  assert_int_equal(a->build(p, c), HC_OK);
  hc_sched_err e;
  if (hc_sched_validate(c->sched, &e)) fail_msg("%s d=%u m=%u: %s", a->name, p->d, p->m, e.msg);
  return 1;
}

/* Run at beta: the data against expect, the time against want and the
** generator's formula() + constant, the time against the §9 bound. */
static void run(const hc_sf_algo *a, hc_sf_params *p, hc_sched_case *c, uint32_t beta, uint64_t want,
                hc_exec_result *r) {
  hc_sched_err e;
  p->beta = beta;
  assert_int_equal(hc_sched_exec(c->sched, beta, c->init, r, &e), HC_OK);
  uint32_t bn = 0, ba = 0;
  if (hc_sched_case_check(c, r->mem, &bn, &ba))
    fail_msg("%s d=%u m=%u beta=%u: data differ at node %u word %u", a->name, p->d, p->m, beta, bn, ba);
  if (r->cycles != want)
    fail_msg("%s d=%u m=%u beta=%u: %llu cycles, rounded formula %llu", a->name, p->d, p->m, beta,
             (unsigned long long)r->cycles, (unsigned long long)want);
  assert_int_equal(hc_sf_expected(a, p), want);
  hc_sf_bound b;
  a->lower(p, &b);
  assert_true(b.cycles <= r->cycles);
}

/* The sizes tested at d: every m in 1..3 lcm(1..d) for d <= full, else
** 1..24 and j lcm - 1, j lcm, j lcm + 1 (ms[] 0-terminated). */
static unsigned sizes(unsigned d, unsigned full, uint32_t *ms, unsigned cap) {
  const uint32_t u = (uint32_t)lcm_to(d);
  unsigned k = 0;
  for (uint32_t m = 1; m <= 3 * u && k + 1 < cap; m++)
    if (d <= full || m <= 24 || m % u == 0 || m % u == 1 || m % u == u - 1) ms[k++] = m;
  ms[k] = 0;
  return k;
}

/* ---------------------------------------------------- complete_exchange */

static void test_ce_round(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_complete_exchange;
  uint32_t ms[256];
  for (unsigned d = 1; d <= 6; d++) {
    const uint32_t n = 1u << d, u = (uint32_t)lcm_to(d);
    const unsigned nm = sizes(d, 4, ms, 256);
    for (unsigned mi = 0; mi < nm; mi++) {
      const uint32_t m = ms[mi], beta = betas[mi % NBETA];
      hc_sf_params p;
      hc_sched_case c;
      hc_sf_params_init(&p, d, m, beta);
      if (!make(a, &p, &c)) fail_msg("complete_exchange d=%u m=%u refused", d, m);
      for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) { /* one packet a stage, stage loads */
        hc_packet_info pi;
        hc_sched_packet(c.sched, i, &pi);
        assert_int_equal(pi.words, xchg_stage(d, m, pi.seq));
      }
      const uint64_t want = xchg_time(d, m, beta);
      if (m % u == 0) assert_int_equal(want, ((uint64_t)m << (d - 1)) + (uint64_t)d * beta); /* the paper's */
      hc_exec_result r;
      run(a, &p, &c, beta, want, &r);
      const uint32_t mem = hc_sched_mem_words(c.sched);
      for (uint32_t y = 0; y < n; y++) /* y's result block s is s's block y */
        for (uint32_t s = 0; s < n; s++)
          for (uint32_t w = 0; w < m && s != y; w++)
            assert_int_equal(r.mem[(size_t)y * mem + n * m + s * m + w], hc_sched_tag(s, y * m + w));
      hc_exec_result_free(&r);
      hc_sched_case_free(&c);
    }
  }
}

/* -------------------------------------------------------- permuted_send */

static void test_ps_round(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_permuted_send;
  static uint32_t perm[1u << 6];
  for (unsigned d = 1; d <= 6; d++) {
    const uint32_t n = 1u << d, u = (uint32_t)lcm_to(d) << d;
    assert_int_equal(hc_sf_perm_named("random", d, 5 + d, perm, NULL, 0), HC_OK);
    uint32_t ms[64], k = 0;
    for (uint32_t m = 1; m <= 3 * n + 1; m += (d <= 3 ? 1 : n / 4 + 1)) ms[k++] = m; /* pieces short and empty */
    ms[k++] = u;
    ms[k++] = u + 1;
    ms[k++] = 2 * u - n;
    for (unsigned mi = 0; mi < k; mi++) {
      const uint32_t m = ms[mi], beta = betas[mi % NBETA], q = (m + n - 1) / n;
      hc_sf_params p;
      hc_sched_case c;
      hc_sf_params_init(&p, d, m, beta);
      p.perm = perm;
      if (!make(a, &p, &c)) fail_msg("permuted_send d=%u m=%u refused", d, m);
      const uint64_t want = 2 * xchg_time(d, q, beta); /* two exchanges of ceil(m/2^d) words */
      if (m % u == 0) assert_int_equal(want, m + 2ull * d * beta);
      hc_exec_result r;
      run(a, &p, &c, beta, want, &r);
      const uint32_t mem = hc_sched_mem_words(c.sched);
      for (uint32_t x = 0; x < n; x++) { /* perm[x] holds x's message, piece y at m + n q + y q */
        const uint32_t z = perm[x];
        for (uint32_t y = 0; y < n; y++) {
          const uint32_t at = y != z ? m + n * q + y * q : x == z ? z * q : m + x * q;
          for (uint32_t w = 0; w < q && y * q + w < m; w++)
            assert_int_equal(r.mem[(size_t)z * mem + at + w], hc_sched_tag(x, y * q + w));
        }
      }
      hc_exec_result_free(&r);
      hc_sched_case_free(&c);
    }
  }
}

/* ------------------------------------------------------- transpose_rows */

static void test_rows_round(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_transpose_rows;
  for (unsigned d = 1; d <= 6; d++) {
    const uint32_t n = 1u << d, u = (uint32_t)lcm_to(d);
    for (uint32_t R = 1; R <= (d <= 4 ? 12u : 6u); R++) {
      const uint32_t N = R << d, m = R * R, beta = betas[R % NBETA];
      hc_sf_params p;
      hc_sched_case c;
      hc_sf_params_init(&p, d, N, beta);
      if (!make(a, &p, &c)) fail_msg("transpose_rows d=%u N=%u refused", d, N);
      const uint64_t want = xchg_time(d, m, beta);
      if (m % u == 0) assert_int_equal(want, (uint64_t)N * N / (2ull << d) + (uint64_t)d * beta);
      hc_exec_result r;
      run(a, &p, &c, beta, want, &r);
      const uint32_t mem = hc_sched_mem_words(c.sched), own = R * N;
      for (uint32_t y = 0; y < n; y++)
        for (uint32_t i = 0; i < R; i++)
          for (uint32_t j = 0; j < N; j++) /* M^T[yR + i][j] = M[j][yR + i], off the diagonal block */
            if (j / R != y)
              assert_int_equal(r.mem[(size_t)y * mem + own + i * N + j],
                               hc_sched_tag(j / R, (j % R) * N + y * R + i));
      hc_exec_result_free(&r);
      hc_sched_case_free(&c);
    }
  }
}

/* ------------------------------------------------ distribute1 / collect */

static void d1_round(const hc_sf_algo *a, int collect) {
  uint32_t ms[256];
  for (unsigned d = 1; d <= 7; d++) {
    const uint32_t n = 1u << d, u = (uint32_t)lcm_to(d);
    const unsigned nm = sizes(d, 5, ms, 256);
    for (unsigned mi = 0; mi < nm; mi++) {
      const uint32_t m = ms[mi], beta = betas[mi % NBETA], src = (5u * mi + 1) % n;
      hc_sf_params p;
      hc_sched_case c;
      hc_sf_params_init(&p, d, m, beta);
      p.src = src;
      if (!make(a, &p, &c)) fail_msg("%s d=%u m=%u refused", a->name, d, m);
      const uint64_t want = d1_time(d, m, beta);
      if (m % u == 0) assert_int_equal(want, (uint64_t)(n - 1) * (m / d) + (uint64_t)d * beta);
      hc_exec_result r;
      run(a, &p, &c, beta, want, &r);
      const uint32_t mem = hc_sched_mem_words(c.sched);
      for (uint32_t y = 0; y < n; y++) /* root block y <-> y's [0, m) */
        for (uint32_t w = 0; w < m && y != src; w++) {
          if (collect) assert_int_equal(r.mem[(size_t)src * mem + y * m + w], hc_sched_tag(y, w));
          else assert_int_equal(r.mem[(size_t)y * mem + w], hc_sched_tag(src, y * m + w));
        }
      hc_exec_result_free(&r);
      hc_sched_case_free(&c);
    }
  }
}

static void test_d1_round(void **state) {
  (void)state;
  d1_round(&hc_sf_algo_distribute1, 0);
}

static void test_collect_round(void **state) {
  (void)state;
  d1_round(&hc_sf_algo_collect, 1);
}

/* ---------------------------------------------------------- distribute2 */

/* Any m: the paper's time with (2^d - 1) m/d rounded up to a whole word
** (the root's busiest link) where check() accepts (m large enough against
** beta; test_sf_sw5.c checks the refusals), and the data. */
static void test_d2_round(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_distribute2;
  unsigned accepted = 0;
  for (unsigned d = 1; d <= 7; d++) {
    const uint32_t n = 1u << d, u = (uint32_t)lcm_to(d);
    const uint32_t ms[] = {1, 2, u - 1 ? u - 1 : 1, u, u + 1, 2 * u - 1};
    for (unsigned mi = 0; mi < 6; mi++)
      for (unsigned bi = 0; bi < NBETA; bi += 2) {
        const uint32_t m = ms[mi], beta = betas[bi];
        hc_sf_params p;
        hc_sched_case c;
        hc_sf_params_init(&p, d, m, beta);
        p.src = mi % n;
        if (!make(a, &p, &c)) continue; /* beta too large against m' (test_sf_sw5.c) */
        accepted++;
        const uint64_t want = cdiv((uint64_t)(n - 1) * m, d) + (uint64_t)p.waves * beta;
        hc_exec_result r;
        run(a, &p, &c, beta, want, &r);
        const uint32_t mem = hc_sched_mem_words(c.sched);
        for (uint32_t y = 0; y < n; y++)
          for (uint32_t w = 0; w < m && y != p.src; w++)
            assert_int_equal(r.mem[(size_t)y * mem + w], hc_sched_tag(p.src, y * m + w));
        hc_exec_result_free(&r);
        hc_sched_case_free(&c);
      }
  }
  assert_true(accepted >= 60);
}

/* -------------------------------------------------------------- refusals */

/* m = 0 stays refused; m = 1 (the smallest) is accepted by all six. */
static void test_round_params(void **state) {
  (void)state;
  const hc_sf_algo *as[] = {&hc_sf_algo_complete_exchange, &hc_sf_algo_permuted_send, &hc_sf_algo_distribute1,
                            &hc_sf_algo_collect, &hc_sf_algo_distribute2};
  static uint32_t perm[8] = {3, 1, 4, 0, 5, 7, 6, 2};
  for (size_t i = 0; i < sizeof as / sizeof as[0]; i++) {
    hc_sf_params p;
    char why[400] = "";
    hc_sf_params_init(&p, 3, 0, 0);
    p.perm = perm;
    assert_int_equal(as[i]->check(&p, why, sizeof why), HC_EPARAM);
    assert_null(strchr(why, '\n'));
    hc_sf_params_init(&p, 3, 1, 0);
    p.perm = perm;
    assert_int_equal(as[i]->check(&p, why, sizeof why), HC_OK);
  }
  hc_sf_params p;
  hc_sf_params_init(&p, 3, 8, 0); /* transpose_rows: N = 2^d, R = 1 */
  assert_int_equal(hc_sf_algo_transpose_rows.check(&p, NULL, 0), HC_OK);
  hc_sf_params_init(&p, 3, 12, 0);
  assert_int_equal(hc_sf_algo_transpose_rows.check(&p, NULL, 0), HC_EPARAM);
}

int main(void) {
  const struct CMUnitTest ce[] = {cmocka_unit_test(test_ce_round), cmocka_unit_test(test_round_params)};
  const struct CMUnitTest ps[] = {cmocka_unit_test(test_ps_round)};
  const struct CMUnitTest rows[] = {cmocka_unit_test(test_rows_round)};
  const struct CMUnitTest d1[] = {cmocka_unit_test(test_d1_round)};
  const struct CMUnitTest co[] = {cmocka_unit_test(test_collect_round)};
  const struct CMUnitTest d2[] = {cmocka_unit_test(test_d2_round)};
  int fails = 0;
  fails += cmocka_run_group_tests_name("sf_complete_exchange_round", ce, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_permuted_send_round", ps, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_transpose_rows_round", rows, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_distribute1_round", d1, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_collect_round", co, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_distribute2_round", d2, NULL, NULL);
  return fails ? 1 : 0;
}
