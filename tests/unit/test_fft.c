/*
** cmocka tests of the FFT data movements of Hou et al. §6.2
** (algorithms/hc_fft.h). Expectations are computed here independently of
** the library: the point-level bit reversal and butterfly partners of the
** Parallel_FFT under its block-cyclic layout (every point of a processor
** must go to the processor the step names), e-cube paths walked here for
** the contention with and without the mapping (the paper's 2^(n/2-1) for
** even n), and the paper's own Tables 1-2 for the cost model: its
** computation row, and its printed times read back through t_s + t_c cycles.
*/
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hc_fft.h"
#include "hc_status.h"

/* Bit reversal of x within nbits, bit by bit. */
static uint32_t rev_bits(uint32_t x, unsigned nbits) {
  uint32_t y = 0;
  for (unsigned i = 0; i < nbits; i++)
    if (x >> i & 1u) y |= 1u << (nbits - 1 - i);
  return y;
}

/* Where step s of a sends virtual node x (A x + b, from the LCC). */
static uint32_t step_dest(const hc_fft_algo *a, unsigned d, unsigned s, uint32_t x, hc_fft_role *role) {
  hc_fft_step st;
  assert_int_equal(a->step(d, s, &st), HC_OK);
  *role = st.role;
  uint32_t y = 0;
  for (unsigned i = 0; i < d; i++)
    y |= (uint32_t)(__builtin_popcount(st.lcc.A.r[i] & x) & 1) << i;
  return y ^ st.lcc.b;
}

/* ----------------------------------------------------------------- 1-D */

/* Processor of point x of m = 2^(n+2e): [x_e .. x_(n+e-1)]. */
static uint32_t proc1d(uint32_t x, unsigned n, unsigned e) { return x >> e & ((1u << n) - 1); }

static void test_fft1d_bitrev_moves_the_points(void **state) {
  (void)state;
  const hc_fft_algo *a = hc_fft_algo_find("fft1d_bitrev");
  assert_non_null(a);
  for (unsigned n = 1; n <= 8; n++)
    for (unsigned e = 0; e <= 2; e++) {
      const unsigned lgm = n + 2 * e;
      assert_int_equal(a->num_steps(n), n + 1);
      hc_fft_role role;
      for (uint32_t x = 0; x < (1u << lgm); x++) {
        /* stage 0: point x goes to index rev(x), on the step's destination */
        uint32_t p = proc1d(x, n, e);
        assert_int_equal(step_dest(a, n, 0, p, &role), proc1d(rev_bits(x, lgm), n, e));
        assert_int_equal(role, HC_FFT_PERMUTE);
        /* butterfly stage i (1-based) pairs x with x ^ 2^(i-1): local for
        ** the first and last e stages, else across step i - e's neighbour */
        for (unsigned i = 1; i <= lgm; i++) {
          uint32_t q = proc1d(x ^ (1u << (i - 1)), n, e);
          if (i <= e || i > n + e) {
            assert_int_equal(q, p);
          } else {
            assert_int_equal(step_dest(a, n, i - e, p, &role), q);
            assert_int_equal(role, HC_FFT_NEIGHBOUR);
          }
        }
      }
    }
}

/* ----------------------------------------------------------------- 2-D */

/* Processor of pixel (px, py), each axis of h + 2e bits laid out like 1-D. */
static uint32_t proc2d(uint32_t px, uint32_t py, unsigned h, unsigned e) {
  return proc1d(px, h, e) | proc1d(py, h, e) << h;
}

static void test_fft2d_rowcol_moves_the_pixels(void **state) {
  (void)state;
  const hc_fft_algo *a = hc_fft_algo_find("fft2d_rowcol");
  assert_non_null(a);
  assert_int_equal(a->num_steps(1), 0);
  assert_int_equal(a->num_steps(3), 0);
  for (unsigned h = 1; h <= 4; h++)
    for (unsigned e = 0; e <= 1; e++) {
      const unsigned n = 2 * h, side = h + 2 * e;
      assert_int_equal(a->num_steps(n), n + 2);
      hc_fft_role role;
      for (uint32_t px = 0; px < (1u << side); px++)
        for (uint32_t py = 0; py < (1u << side); py++) {
          const uint32_t p = proc2d(px, py, h, e);
          /* row FFTs: px bit reversed, then butterflies on px bits */
          assert_int_equal(step_dest(a, n, 0, p, &role), proc2d(rev_bits(px, side), py, h, e));
          assert_int_equal(role, HC_FFT_PERMUTE);
          /* column FFTs: py bit reversed, then butterflies on py bits */
          assert_int_equal(step_dest(a, n, h + 1, p, &role), proc2d(px, rev_bits(py, side), h, e));
          assert_int_equal(role, HC_FFT_PERMUTE);
          for (unsigned i = 1; i <= side; i++) {
            uint32_t qr = proc2d(px ^ (1u << (i - 1)), py, h, e), qc = proc2d(px, py ^ (1u << (i - 1)), h, e);
            if (i <= e || i > h + e) {
              assert_int_equal(qr, p);
              assert_int_equal(qc, p);
            } else {
              assert_int_equal(step_dest(a, n, i - e, p, &role), qr);
              assert_int_equal(role, HC_FFT_NEIGHBOUR);
              assert_int_equal(step_dest(a, n, h + 1 + i - e, p, &role), qc);
              assert_int_equal(role, HC_FFT_NEIGHBOUR);
            }
          }
        }
    }
}

/* ---------------------------------------------------------- contention */

/* Most messages on one channel when every node x (on Q x) sends to step
** s's destination of x (at Q y), e-cube paths walked here. */
static unsigned walk_contention(const hc_fft_algo *a, unsigned d, unsigned s, const int *order) {
  const uint32_t n = 1u << d;
  unsigned *cnt = calloc((size_t)n * d, sizeof *cnt), best = 0;
  assert_non_null(cnt);
  for (uint32_t x = 0; x < n; x++) {
    hc_fft_role role;
    uint32_t y = step_dest(a, d, s, x, &role), at = 0, to = 0;
    for (unsigned k = 0; k < d; k++) { /* bit k of Q x is bit order[k] of x */
      at |= (order ? (x >> order[k] & 1u) : (x >> k & 1u)) << k;
      to |= (order ? (y >> order[k] & 1u) : (y >> k & 1u)) << k;
    }
    while (at != to) {
      unsigned i = (unsigned)__builtin_ctz(at ^ to);
      if (++cnt[at * d + i] > best) best = cnt[at * d + i];
      at ^= 1u << i;
    }
  }
  free(cnt);
  return best;
}

static void test_fft_mapping_makes_the_reversals_contention_free(void **state) {
  (void)state;
  for (const hc_fft_algo *const *ap = hc_fft_algos; *ap; ap++) {
    const hc_fft_algo *a = *ap;
    for (unsigned d = 1; d <= 10; d++) {
      const unsigned steps = a->num_steps(d);
      if (!steps) continue;
      int order[16];
      uint64_t cost;
      assert_int_equal(hc_fft_mapping(a, d, order, &cost), HC_OK);
      for (unsigned s = 0; s < steps; s++) {
        hc_fft_role role;
        step_dest(a, d, s, 0, &role);
        const unsigned mapped = walk_contention(a, d, s, order), plain = walk_contention(a, d, s, NULL);
        assert_true(mapped <= 1);
        if (role == HC_FFT_NEIGHBOUR) {
          assert_int_equal(plain, 1);
          continue;
        }
        /* the bit reversal of b address bits: 2^(floor(b/2)-1) under e-cube
        ** (the middle bit of an odd b does not move), the paper's 2^(n/2-1)
        ** for even n (1-D) */
        const unsigned b = a->passes == 1 ? d : d / 2;
        assert_int_equal(plain, b >= 2 ? 1u << (b / 2 - 1) : 0);
        if (a->passes == 1 && d == 8) assert_int_equal(plain, 8);
      }
      assert_true(cost <= 1);
    }
  }
}

/* ------------------------------------------------------------ cost model */

static void test_fft_points(void **state) {
  (void)state;
  const hc_fft_algo *a1 = hc_fft_algo_find("fft1d_bitrev"), *a2 = hc_fft_algo_find("fft2d_rowcol");
  assert_int_equal(hc_fft_points(a1, 16), 1);
  assert_int_equal(hc_fft_points(a1, 64), 4);
  assert_int_equal(hc_fft_points(a1, 1024), 64);
  assert_int_equal(hc_fft_points(a1, 32), 0); /* P = 2: not 4^e */
  assert_int_equal(hc_fft_points(a1, 17), 0);
  assert_int_equal(hc_fft_points(a1, 48), 0);
  assert_int_equal(hc_fft_points(a2, 16), 1);
  assert_int_equal(hc_fft_points(a2, 256), 16);
  assert_int_equal(hc_fft_points(a2, 64), 0); /* P = 4: not 16^e */
  assert_int_equal(hc_fft_log_size(a1, 8, 64), 14);
  assert_int_equal(hc_fft_log_size(a2, 8, 16), 6);
  assert_null(hc_fft_algo_find("nosuch"));
  assert_int_equal(a1->num_steps(0), 0);
  assert_int_equal(a1->num_steps(HC_FFT_MAX_D + 1), 0);
  assert_int_equal(a2->num_steps(HC_FFT_MAX_D + 2), 0);
  hc_fft_step st;
  assert_int_equal(a1->step(4, 5, &st), HC_EPARAM);
  assert_int_equal(a2->step(3, 0, &st), HC_EPARAM);
}

static void test_fft_computation_is_the_papers(void **state) {
  (void)state;
  const hc_fft_algo *a = hc_fft_algo_find("fft1d_bitrev");
  const hc_fft_paper *p = a->paper;
  assert_non_null(p);
  for (unsigned j = 0; j < p->cols; j++) {
    const uint64_t points = 1ull << (p->log_m[j] - p->d);
    double us;
    assert_int_equal(hc_fft_compute_us(a, p->d, points, &hc_ncube2_paper, &us), HC_OK);
    assert_true(fabs(us - p->comp[j]) <= 0.05 + 1e-9);
  }
  double us;
  assert_int_equal(hc_fft_compute_us(a, 8, 2, &hc_ncube2_paper, &us), HC_EPARAM);
  /* the 2-D FFT of a 64 x 64 image does the butterflies of a 4096-point 1-D FFT */
  const hc_fft_algo *a2 = hc_fft_algo_find("fft2d_rowcol");
  assert_int_equal(hc_fft_compute_us(a2, 8, 16, &hc_ncube2_paper, &us), HC_OK);
  assert_true(fabs(us - 736.0) < 1e-6);
  assert_true(fabs(hc_fft_comm_us(&hc_ncube2_paper, 1034) - (164 + 0.57 * 1034)) < 1e-9);
}

/* The paper's printed times read back through its model: every e-cube,
** mapping and neighbour time is t_s + 0.57 c for a whole c within the
** rounding, c = 8B + 21, B + 10 and B + 3 (B = 16 P bytes); the totals are
** the sums and the speedups the ratios. */
static void test_fft_paper_tables_fit_their_model(void **state) {
  (void)state;
  const hc_fft_paper *p = hc_fft_algo_find("fft1d_bitrev")->paper;
  const hc_ncube2 *c = &hc_ncube2_paper;
  for (unsigned j = 0; j < p->cols; j++) {
    const double B = 16.0 * (double)(1u << (p->log_m[j] - p->d));
    const double ecube = (p->br[0][j] - c->t_s) / c->t_byte, map = (p->br[p->br_rows - 1][j] - c->t_s) / c->t_byte;
    const double neigh = (p->neigh[j] / p->d - c->t_s) / c->t_byte;
    assert_true(fabs(ecube - (8 * B + 21)) < 0.1);
    assert_true(fabs(map - (B + 10)) < 0.1);
    assert_true(fabs(neigh - (B + 3)) < 0.1);
    assert_true(fabs(p->comp[j] + p->neigh[j] + p->br[0][j] - p->exec_orig[j]) <= 0.15);
    assert_true(fabs(p->comp[j] + p->neigh[j] + p->br[p->br_rows - 1][j] - p->exec_map[j]) <= 0.15);
    assert_true(fabs(p->br[0][j] / p->br[p->br_rows - 1][j] - p->br_speedup[j]) <= 0.005);
    assert_true(fabs(p->exec_orig[j] / p->exec_map[j] - p->exec_speedup[j]) <= 0.005);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fft1d_bitrev_moves_the_points),
      cmocka_unit_test(test_fft2d_rowcol_moves_the_pixels),
      cmocka_unit_test(test_fft_mapping_makes_the_reversals_contention_free),
      cmocka_unit_test(test_fft_points),
      cmocka_unit_test(test_fft_computation_is_the_papers),
      cmocka_unit_test(test_fft_paper_tables_fit_their_model),
  };
  return cmocka_run_group_tests_name("fft", tests, NULL, NULL);
}
