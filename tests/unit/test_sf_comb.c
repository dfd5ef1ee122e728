/*
** cmocka groups sf_histogram and sf_collect_sum: the two generators that
** use in-network combining (docs/store_and_forward.md, section 1,
** "Combining"; /work/notes/comb.md). For each: d = 1..8, several m and
** beta, built, validated, run by the reference executor, the data
** checked against the case AND against sums recomputed here from the
** initial memories (random bin values for HISTOGRAM), the completion
** against the paper's formula written here, the §9 bound, and the
** structure the paper states (one packet per link per stage, the stage
** sizes m/(d 2^k)). Bad parameters are refused.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hc_sched.h"
#include "hc_sf_algo.h"

/* Build a through its record; check() must accept. */
static void build(const hc_sf_algo *a, unsigned d, uint32_t m, uint32_t beta,
                  uint32_t src, hc_sf_params *p, hc_sched_case *c) {
  char why[200];
  hc_sf_params_init(p, d, m, beta);
  if (src != HC_SF_UNSET) p->src = src;
  if (a->check(p, why, sizeof why) != HC_OK) fail_msg("%s d=%u m=%u: %s", a->name, d, m, why);
  assert_int_equal(a->build(p, c), HC_OK);
  hc_sched_err e;
  if (hc_sched_validate(c->sched, &e)) fail_msg("%s: line %lu: %s", a->name, e.line, e.msg);
}

/* Run c, check data and the cycles, return the result (caller frees). */
static void run(const hc_sf_algo *a, const hc_sf_params *p, hc_sched_case *c, uint64_t formula,
                hc_exec_result *r) {
  hc_sched_err e;
  uint64_t cp;
  hc_sf_bound b;
  assert_int_equal(hc_sched_exec(c->sched, p->beta, c->init, r, &e), HC_OK);
  assert_int_equal(hc_sched_case_check(c, r->mem, NULL, NULL), 0);
  assert_int_equal(r->cycles, formula);
  assert_int_equal(a->formula(p) + (uint64_t)a->constant, formula);
  assert_int_equal(hc_sched_critical_path(c->sched, p->beta, &cp, &e), HC_OK);
  assert_int_equal(cp, r->cycles);
  a->lower(p, &b);
  assert_true(r->cycles >= b.cycles);
}

/* ------------------------------------------------------------ histogram */

static void histogram_case(unsigned d, uint32_t m, uint32_t beta, unsigned seed) {
  const hc_sf_algo *a = &hc_sf_algo_histogram;
  const uint32_t n = 1u << d, bs = m >> d;
  hc_sf_params p;
  hc_sched_case c;
  hc_exec_result r;
  build(a, d, m, beta, HC_SF_UNSET, &p, &c);
  /* random bin values in place of the tags; the expectation from them */
  srand(seed);
  for (size_t w = 0; w < (size_t)n * m; w++) c.init[w] = (uint32_t)rand() << 16 ^ (uint32_t)rand();
  for (uint32_t x = 0; x < n; x++)
    for (uint32_t k = 0; k < bs; k++) c.expect[(size_t)x * m + x * bs + k] = 0;
  for (uint32_t y = 0; y < n; y++)
    for (uint32_t x = 0; x < n; x++)
      for (uint32_t k = 0; k < bs; k++)
        c.expect[(size_t)x * m + x * bs + k] += c.init[(size_t)y * m + x * bs + k];
  /* 000 §8: (1 - 2^-d) m/d + d beta */
  uint64_t f = (uint64_t)(n - 1) * m / ((uint64_t)d * n) + (uint64_t)d * beta;
  run(a, &p, &c, f, &r);
  /* independent spot check: node x's first result bin */
  for (uint32_t x = 0; x < n; x++) {
    uint32_t s = 0;
    for (uint32_t y = 0; y < n; y++) s += c.init[(size_t)y * m + x * bs];
    assert_int_equal(r.mem[(size_t)x * m + x * bs], s);
  }
  /* one packet per link per stage, stage k (0-based) of m/(d 2^(k+1)) words */
  assert_int_equal(r.packets, (uint64_t)d * d * n);
  for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
    hc_packet_info pi;
    hc_sched_packet(c.sched, i, &pi);
    assert_int_equal(pi.op, HC_SCHED_ADD);
    assert_int_equal(pi.words, m / ((uint64_t)d << (pi.seq + 1)));
  }
  hc_exec_result_free(&r);
  hc_sched_case_free(&c);
}

static void test_histogram_formula(void **state) {
  (void)state;
  static const uint32_t betas[] = {0, 1, 3, 7, 40};
  for (unsigned d = 1; d <= 8; d++) {
    uint32_t unit = d << d;
    for (unsigned k = 1; k <= (d <= 5 ? 3u : 1u); k++)
      for (unsigned b = 0; b < 5; b++)
        if (d <= 6 || b == 3) histogram_case(d, k * unit, betas[b], d * 100 + k * 10 + b);
  }
}

static void test_histogram_params(void **state) {
  (void)state;
  hc_sf_params p;
  char why[200];
  hc_sf_params_init(&p, 3, 36, 4); /* not a multiple of d 2^d = 24 */
  assert_int_equal(hc_sf_algo_histogram.check(&p, why, sizeof why), HC_EPARAM);
  assert_non_null(strstr(why, "multiple of d 2^d = 24"));
  hc_sf_params_init(&p, 0, 24, 4);
  assert_int_equal(hc_sf_algo_histogram.check(&p, why, sizeof why), HC_EPARAM);
  hc_sf_params_init(&p, 3, 0, 4);
  assert_int_equal(hc_sf_algo_histogram.check(&p, why, sizeof why), HC_EPARAM);
}

/* ----------------------------------------------------------- collect_sum */

static void collect_case(unsigned d, uint32_t m, uint32_t beta, uint32_t root) {
  const hc_sf_algo *a = &hc_sf_algo_collect_sum;
  const uint32_t n = 1u << d;
  hc_sf_params p;
  hc_sched_case c;
  hc_exec_result r;
  build(a, d, m, beta, root, &p, &c);
  run(a, &p, &c, (uint64_t)m + (uint64_t)d * beta, &r); /* BROADCAST 2 reversed */
  for (uint32_t w = 0; w < m; w++) {
    uint32_t s = 0;
    for (uint32_t y = 0; y < n; y++) s += hc_sched_tag(y, w);
    assert_int_equal(r.mem[(size_t)root * m + w], s);
  }
  /* the reverse of BROADCAST 2: d (2^d - 1) packets; the root never sends */
  assert_int_equal(r.packets, (uint64_t)d * (n - 1));
  for (unsigned i = 0; i < d; i++) assert_int_equal(r.link_busy[(size_t)root * d + i], 0);
  hc_exec_result_free(&r);
  hc_sched_case_free(&c);
}

static void test_collect_sum_formula(void **state) {
  (void)state;
  static const uint32_t betas[] = {0, 1, 3, 7, 40};
  for (unsigned d = 1; d <= 8; d++)
    for (unsigned k = 1; k <= 2; k++)
      for (unsigned b = 0; b < 5; b++)
        collect_case(d, k * 4 * d, betas[b], (d * 7 + k + b) % (1u << d));
}

static void test_collect_sum_params(void **state) {
  (void)state;
  hc_sf_params p;
  char why[200];
  hc_sf_params_init(&p, 3, 10, 4); /* not a multiple of d */
  assert_int_equal(hc_sf_algo_collect_sum.check(&p, why, sizeof why), HC_EPARAM);
  hc_sf_params_init(&p, 3, 12, 4);
  p.src = 8;
  assert_int_equal(hc_sf_algo_collect_sum.check(&p, why, sizeof why), HC_EPARAM);
}

int main(void) {
  const struct CMUnitTest histogram[] = {
      cmocka_unit_test(test_histogram_formula),
      cmocka_unit_test(test_histogram_params),
  };
  const struct CMUnitTest collect[] = {
      cmocka_unit_test(test_collect_sum_formula),
      cmocka_unit_test(test_collect_sum_params),
  };
  int fails = 0;
  fails += cmocka_run_group_tests_name("sf_histogram", histogram, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_collect_sum", collect, NULL, NULL);
  return fails ? 1 : 0;
}
