/*
** cmocka tests of the step generators of algorithms/: the AAP family and the
** all-to-all baselines. Expectations come from the paper (the Q3 step orders
** printed in shared/seeds/001 §3.2 and §3.3, its worked iPSC/860 example) or
** from first principles checked by independent enumeration here: every
** ordered pair served exactly once, AAP' a permutation of AAP's steps with
** complementary dual steps, and every vector reversal's e-cube paths
** edge-disjoint.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hc_algo.h"

/* ------------------------------------------------------------------ aap */

static void test_aap_q3_order(void **state) {
  (void)state;
  /* Paper: (0,0),(1,0),(1,1),(1,2),(2,0),(2,1),(2,2); lexicographic order
  ** of the subcube dimension sets: {0,1,2}, {0,1},{0,2},{1,2}, {0},{1},{2}. */
  static const unsigned pi[7] = {0, 1, 1, 1, 2, 2, 2}, pj[7] = {0, 0, 1, 2, 0, 1, 2};
  static const unsigned mask[7] = {7, 3, 5, 6, 1, 2, 4};
  const hc_algo *a = hc_algo_find("aap");
  assert_non_null(a);
  assert_int_equal(a->num_steps(3), 7);
  for (unsigned s = 0; s < 7; s++) {
    unsigned i, j;
    hc_aap_step(3, s, &i, &j);
    assert_int_equal(i, pi[s]);
    assert_int_equal(j, pj[s]);
    assert_int_equal(hc_aap_mask(3, i, j), mask[s]);
    for (unsigned x = 0; x < 8; x++) assert_int_equal(a->dest(3, s, x), x ^ mask[s]);
  }
}

static void test_aap_masks_lexicographic(void **state) {
  (void)state;
  /* Within a phase the sets come in lexicographic order of their sorted
  ** element lists: compare consecutive sets element by element. */
  for (unsigned d = 1; d <= 10; d++) {
    for (unsigned i = 0; i < d; i++) {
      unsigned long ni = hc_binom(d, i);
      for (unsigned j = 0; j < ni; j++) {
        unsigned m = hc_aap_mask(d, i, j);
        assert_int_equal(__builtin_popcount(m), d - i);
        if (j == 0) continue;
        unsigned p = hc_aap_mask(d, i, j - 1), a = p, b = m;
        while (a && b && __builtin_ctz(a) == __builtin_ctz(b)) {
          a &= a - 1;
          b &= b - 1;
        }
        assert_true(a && b && __builtin_ctz(a) < __builtin_ctz(b));
      }
    }
  }
}

static void test_aap_formula_paper_example(void **state) {
  (void)state;
  /* §3.2: iPSC/860, n = 7, k = 100, xi - 1 = 152.94, 1 + tau = 23.53 gives
  ** eta = T_aap / (k (N - 1)) of about 3.36 (the paper prints 3.37). */
  const hc_algo *a = hc_algo_find("aap");
  double t = a->formula(7, 100, 153.94, 22.53);
  double eta = t / (100.0 * 127);
  assert_true(eta > 3.355 && eta < 3.375);
}

/* ------------------------------------------------------------ aap_prime */

static void test_aap_prime_q3_order(void **state) {
  (void)state;
  /* Paper §3.3: (0,0),(1,0),(2,2),(1,1),(2,1),(1,2),(2,0). */
  static const unsigned pi[7] = {0, 1, 2, 1, 2, 1, 2}, pj[7] = {0, 0, 2, 1, 1, 2, 0};
  for (unsigned s = 0; s < 7; s++) {
    unsigned i, j;
    assert_int_equal(hc_aap_prime_order(3, s, &i, &j), 7);
    assert_int_equal(i, pi[s]);
    assert_int_equal(j, pj[s]);
  }
}

static void test_aap_prime_is_permutation_with_duals(void **state) {
  (void)state;
  for (unsigned d = 1; d <= 10; d++) {
    const unsigned steps = (1u << d) - 1, all = (1u << d) - 1;
    uint8_t *seen = calloc(1u << d, 1);
    unsigned prev_i = 0, prev_mask = 0;
    for (unsigned s = 0; s < steps; s++) {
      unsigned i, j;
      hc_aap_prime_order(d, s, &i, &j);
      assert_true(i < d && j < hc_binom(d, i));
      unsigned m = hc_aap_mask(d, i, j);
      assert_int_equal(seen[m], 0); /* each AAP step exactly once */
      seen[m] = 1;
      /* A step of phase d-i that follows one of phase i is its dual: the
      ** two use complementary dimension sets (links left free by one are the
      ** ones the other uses). */
      if (s >= 1 && (s - 1) % 2 == 1 && i + prev_i == d) assert_int_equal(m, all ^ prev_mask);
      prev_i = i;
      prev_mask = m;
    }
    for (unsigned m = 1; m <= all; m++) assert_int_equal(seen[m], 1);
    free(seen);
  }
}

/* --------------------------------------------------------------- shared */

/* Every ordered pair x != y is served exactly once over all steps. */
static void check_pairs(const hc_algo *a, unsigned d) {
  const unsigned n = 1u << d;
  uint8_t *cnt = calloc((size_t)n * n, 1);
  for (unsigned s = 0; s < a->num_steps(d); s++)
    for (unsigned x = 0; x < n; x++) {
      unsigned y = a->dest(d, s, x);
      assert_true(y < n);
      if (y != x) cnt[(size_t)x * n + y]++;
    }
  for (unsigned x = 0; x < n; x++)
    for (unsigned y = 0; y < n; y++) assert_int_equal(cnt[(size_t)x * n + y], x != y);
  free(cnt);
}

static void test_all_pairs_once(void **state) {
  (void)state;
  for (const hc_algo *const *a = hc_algos; *a; a++)
    for (unsigned d = 1; d <= 8; d++) check_pairs(*a, d);
}

/* Walk every message's e-cube path (lowest differing dimension first) and
** count uses of each directed link within one step. */
static unsigned step_max_link_use(const hc_algo *a, unsigned d, unsigned s) {
  const unsigned n = 1u << d;
  unsigned *use = calloc((size_t)n * d, sizeof *use), best = 0;
  for (unsigned x = 0; x < n; x++) {
    unsigned at = x, y = a->dest(d, s, x);
    for (unsigned i = 0; i < d; i++) {
      if (((at ^ y) >> i) & 1u) {
        if (++use[at * d + i] > best) best = use[at * d + i];
        at ^= 1u << i;
      }
    }
    assert_int_equal(at, y);
  }
  free(use);
  return best;
}

static void test_vector_reversals_edge_disjoint(void **state) {
  (void)state;
  const hc_algo *a = hc_algo_find("aap");
  for (unsigned d = 1; d <= 9; d++)
    for (unsigned s = 0; s < a->num_steps(d); s++) assert_int_equal(step_max_link_use(a, d, s), 1);
}

static void test_registry(void **state) {
  (void)state;
  static const char *const want[] = {"aap", "aap_prime", "a2a_pairwise", "a2a_naive"};
  for (unsigned i = 0; i < 4; i++) {
    const hc_algo *a = hc_algo_find(want[i]);
    assert_non_null(a);
    assert_string_equal(a->name, want[i]);
    assert_non_null(a->source);
  }
  assert_null(hc_algo_find("nosuch"));
  assert_null(hc_algo_find(""));
}

static void test_naive_and_pairwise_orders(void **state) {
  (void)state;
  const hc_algo *nv = hc_algo_find("a2a_naive"), *pw = hc_algo_find("a2a_pairwise");
  for (unsigned s = 0; s < 15; s++)
    for (unsigned x = 0; x < 16; x++) {
      assert_int_equal(nv->dest(4, s, x), (x + s + 1) % 16);
      assert_int_equal(pw->dest(4, s, x), x ^ (s + 1));
    }
}

int main(void) {
  const struct CMUnitTest aap[] = {
      cmocka_unit_test(test_aap_q3_order),
      cmocka_unit_test(test_aap_masks_lexicographic),
      cmocka_unit_test(test_aap_formula_paper_example),
      cmocka_unit_test(test_vector_reversals_edge_disjoint),
  };
  const struct CMUnitTest aap_prime[] = {
      cmocka_unit_test(test_aap_prime_q3_order),
      cmocka_unit_test(test_aap_prime_is_permutation_with_duals),
  };
  const struct CMUnitTest a2a[] = {
      cmocka_unit_test(test_all_pairs_once),
      cmocka_unit_test(test_registry),
      cmocka_unit_test(test_naive_and_pairwise_orders),
  };
  int failed = 0;
  failed += cmocka_run_group_tests_name("algo_aap", aap, NULL, NULL);
  failed += cmocka_run_group_tests_name("algo_aap_prime", aap_prime, NULL, NULL);
  failed += cmocka_run_group_tests_name("algo_registry", a2a, NULL, NULL);
  return failed ? 1 : 0;
}
