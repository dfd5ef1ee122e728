/*
** cmocka tests of the node-program layer (algorithms/hc_np_algo.h) and of
** the matrix products of Johnsson (shared/seeds/003 §5) run on it through
** the reference executor, one group per algorithm. Every run: the product
** in the final memories equals C + A B computed here (from the same seeded
** matrices, by a loop written here, read out of the memories by the
** layout written here); every phase takes exactly its first-principles
** steps of 1 + beta cycles, and their sum equals the expression written
** here; the paper's count is evaluated here from the paper's expression and
** compared with the record's; every node does the multiply-adds counted
** here. The layer's own parts: the Gray code, the rotation routes of MMC2
** (shortest, directed-edge disjoint, for every rotation up to k = 5), the
** phase case (own data and written words partition the memory), and the
** refusals of bad sizes.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hc_np_algo.h"

static const uint32_t betas[] = {0, 1, 3, 7};
#define NBETAS (sizeof betas / sizeof betas[0])
#define W 16 /* the default hardware word */

static uint32_t gray(uint32_t i) { return i ^ (i >> 1); }

static unsigned popc(uint32_t v) {
  unsigned n = 0;
  for (; v; v &= v - 1) n++;
  return n;
}

/* Node of array position (r, c): row code high, column code low. */
static uint32_t node_of(unsigned k, uint32_t r, uint32_t c, int g) {
  return g ? (gray(r) << k) | gray(c) : (r << k) | c;
}

/* C + A B mod 2^W, the test's own loop. */
static uint32_t *product(uint64_t seed, uint32_t n) {
  const size_t nn = (size_t)n * n;
  uint32_t *a = malloc(nn * 4), *b = malloc(nn * 4), *c = malloc(nn * 4);
  assert_non_null(a);
  assert_non_null(b);
  assert_non_null(c);
  hc_np_matrix(seed, 0, n, W, a);
  hc_np_matrix(seed, 1, n, W, b);
  hc_np_matrix(seed, 2, n, W, c);
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = 0; j < n; j++) {
      uint64_t s = c[i * n + j];
      for (uint32_t l = 0; l < n; l++) s += (uint64_t)a[i * n + l] * b[l * n + j];
      c[i * n + j] = (uint32_t)(s & 0xffffu);
    }
  free(a);
  free(b);
  return c;
}

/* The product is in block (i/M, j/M) at words hoff.. of each node. */
static void check_product(const hc_np_params *p, const hc_np_result *r, uint32_t hoff, int g) {
  uint32_t *want = product(p->seed, p->n);
  const uint32_t m = p->n >> p->k;
  for (uint32_t i = 0; i < p->n; i++)
    for (uint32_t j = 0; j < p->n; j++) {
      const uint32_t x = node_of(p->k, i / m, j / m, g);
      const uint32_t got = r->mem[(size_t)x * p->mem + hoff + (i % m) * m + j % m];
      if (got != want[i * p->n + j])
        fail_msg("d=%u N=%u: C(%u,%u) = %u, expected %u", p->d, p->n, i, j, got, want[i * p->n + j]);
    }
  free(want);
}

/* check, run on the executor; the data verified and every phase exact. */
static void run_prog(const hc_np_algo *a, unsigned d, uint32_t n, uint32_t beta, hc_np_params *p,
                     hc_np_result *r) {
  char why[256] = "";
  hc_np_params_init(p, d, n, beta, W, 1000u + d * 31u + n);
  if (a->check(p, why, sizeof why) != HC_OK) fail_msg("%s d=%u N=%u: refused: %s", a->name, d, n, why);
  assert_int_equal(hc_np_run(a, p, NULL, NULL, r), HC_OK);
  if (!r->verified) fail_msg("%s d=%u N=%u beta=%u: %s", a->name, d, n, beta, r->why);
  if (!r->steps_ok)
    fail_msg("%s d=%u N=%u beta=%u: phase %u took %llu cycles, %llu steps of 1 + beta expected", a->name, d, n, beta,
             r->bad_phase, (unsigned long long)r->bad_cycles, (unsigned long long)a->steps(p, r->bad_phase));
  assert_int_equal(r->phases, p->phases);
}

/* Total cycles = steps (the test's expression) x (1 + beta); every node
** did madd multiply-adds and nothing else. */
static void check_counts(const hc_np_params *p, const hc_np_result *r, uint64_t steps, uint64_t madd) {
  if (r->cycles != steps * (1 + p->beta))
    fail_msg("d=%u N=%u beta=%u: %llu cycles, expected %llu steps x (1 + beta)", p->d, p->n, p->beta,
             (unsigned long long)r->cycles, (unsigned long long)steps);
  assert_int_equal(r->steps, steps);
  assert_int_equal(r->arith_seq, madd); /* every compute step: M^3 each on every node */
  assert_int_equal(r->arith_max, madd);
  assert_int_equal(r->arith_min, madd);
  assert_int_equal(r->ops_max.madd, madd);
}

/* ------------------------------------------------------------ the layer */

static void test_gray(void **state) {
  (void)state;
  for (uint32_t i = 0; i < 1024; i++) {
    assert_int_equal(hc_np_gray(i), gray(i));
    assert_int_equal(hc_np_gray_inv(gray(i)), i);
    assert_int_equal(popc(gray(i) ^ gray((i + 1) % 1024)), 1); /* a ring: dilation 1 */
  }
}

/* Every rotation of every ring up to k = 5: each path is a shortest path
** from G(c + r) to G(c), and no directed edge carries two paths. */
static void test_rotation_routes(void **state) {
  (void)state;
  for (unsigned k = 1; k <= 5; k++) {
    const uint32_t P = 1u << k;
    for (uint32_t r = 0; r < P; r++) {
      uint8_t dims[32 * 5], len[32], used[32 * 5] = {0};
      assert_int_equal(hc_np_rotation_route(k, r, dims, len), HC_OK);
      unsigned longest = 0;
      for (uint32_t c = 0; c < P; c++) {
        uint32_t x = gray((c + r) % P);
        assert_int_equal(len[c], popc(x ^ gray(c)));
        for (unsigned h = 0; h < len[c]; h++) {
          const unsigned b = dims[c * k + h];
          assert_true(b < k);
          if (used[x * k + b]++) fail_msg("k=%u r=%u: edge %u-%u carries two paths", k, r, x, b);
          x ^= 1u << b;
        }
        assert_int_equal(x, gray(c));
        if (len[c] > longest) longest = len[c];
      }
      if (r == hc_np_gray_inv(P - 1)) assert_int_equal(longest, k); /* G(r) = 1...1 is k from G(0) */
    }
  }
  uint8_t dims[6 * 64], len[64];
  assert_int_equal(hc_np_rotation_route(6, 1, dims, len), HC_EPARAM);
  assert_int_equal(hc_np_rotation_route(0, 0, dims, len), HC_EPARAM);
}

/* A phase's case: every word is own data or written by exactly one packet. */
static void test_phase_case(void **state) {
  (void)state;
  hc_np_params p;
  char why[200];
  hc_np_params_init(&p, 4, 8, 0, W, 5);
  assert_int_equal(hc_np_algo_mmc2.check(&p, why, sizeof why), HC_OK);
  for (unsigned ph = 0; ph < 2; ph++) {
    hc_sched_case c;
    assert_int_equal(hc_np_phase_case(&hc_np_algo_mmc2, &p, ph, NULL, &c), HC_OK);
    hc_sched_err e;
    if (hc_sched_validate(c.sched, &e) != HC_OK) fail_msg("phase %u: %s", ph, e.msg);
    const size_t total = (size_t)16 * p.mem;
    uint8_t *cnt = calloc(total, 1);
    for (size_t i = 0; i < hc_sched_num_own(c.sched); i++) {
      uint32_t x;
      hc_seg g;
      hc_sched_own(c.sched, i, &x, &g);
      for (uint32_t a = g.addr; a < g.addr + g.len; a++) cnt[(size_t)x * p.mem + a]++;
    }
    for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
      hc_packet_info pi;
      hc_sched_packet(c.sched, i, &pi);
      assert_int_equal(pi.words, 1); /* one element, one packet */
      cnt[(size_t)(pi.node ^ (1u << pi.dim)) * p.mem + pi.scatter[0].addr]++;
    }
    for (size_t i = 0; i < total; i++) assert_int_equal(cnt[i], 1);
    free(cnt);
    hc_sched_case_free(&c);
  }
}

/* Bad sizes are refused with a sentence. */
static void test_refusals(void **state) {
  (void)state;
  static const struct {
    unsigned d;
    uint32_t n;
  } bad[] = {{4, 12}, {4, 2}, {3, 8}, {0, 4}, {12, 64}, {2, 512}};
  for (const hc_np_algo *const *a = hc_np_algos; *a; a++)
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
      hc_np_params p;
      char why[256] = "";
      hc_np_params_init(&p, bad[i].d, bad[i].n, 0, W, 1);
      if ((*a)->check(&p, why, sizeof why) != HC_EPARAM)
        fail_msg("%s d=%u N=%u accepted", (*a)->name, bad[i].d, bad[i].n);
      assert_true(strlen(why) > 10 && !strchr(why, '\n'));
    }
}

/* ------------------------------------------------------------------ MMC2 */

static void test_mmc2(void **state) {
  (void)state;
  const hc_np_algo *a = &hc_np_algo_mmc2;
  unsigned i = 0;
  for (unsigned d = 2; d <= 6; d += 2)
    for (uint32_t mult = 1; mult <= (d == 6 ? 4u : 8u); mult *= 2) {
      const unsigned k = d / 2;
      const uint64_t P = 1u << k, M = mult;
      hc_np_params p;
      hc_np_result r;
      run_prog(a, d, (uint32_t)(P * M), betas[i++ % NBETAS], &p, &r);
      check_product(&p, &r, 4 * M * M, 1);
      /* set-up M^2 + k - 1, then 2^k - 1 shifts of M^2 */
      check_counts(&p, &r, P * M * M + k - 1, P * M * M * M);
      assert_int_equal(r.phases, P);
      assert_int_equal(r.phase_cycles[0], (M * M + k - 1) * (1 + p.beta));
      /* Theorem 5.3, N1 = N2 = N3 = N: M^3 (2^k - 1) + M^2 + k - 1 */
      assert_int_equal(a->paper_steps(&p), M * M * M * (P - 1) + M * M + k - 1);
      assert_int_equal(a->paper_arith(&p), M * M * M * P);
      if (M == 1) assert_int_equal(r.steps, a->paper_steps(&p)); /* Theorem 5.1's 2^k + k - 1 */
      hc_np_result_free(&r);
    }
}

/* ------------------------------------------------------------------ MMC1 */

static void test_mmc1(void **state) {
  (void)state;
  const hc_np_algo *a = &hc_np_algo_mmc1;
  unsigned i = 1;
  for (unsigned d = 2; d <= 6; d += 2)
    for (uint32_t mult = 1; mult <= (d == 6 ? 4u : 8u); mult *= 2) {
      const unsigned k = d / 2;
      const uint64_t P = 1u << k, M = mult;
      hc_np_params p;
      hc_np_result r;
      run_prog(a, d, (uint32_t)(P * M), betas[i++ % NBETAS], &p, &r);
      check_product(&p, &r, 4 * M * M, 0); /* binary encoding */
      /* set-up M^2 + k - 1 (Lemma 5.1), then 2^k - 1 exchanges of M^2 */
      check_counts(&p, &r, P * M * M + k - 1, P * M * M * M);
      assert_int_equal(r.phase_cycles[0], (M * M + k - 1) * (1 + p.beta));
      /* Theorem 5.2: M^3 (2^k - 1) + M^2 + k - 1; Theorem 5.1 at M = 1: 2^k + k - 1 */
      assert_int_equal(a->paper_steps(&p), M * M * M * (P - 1) + M * M + k - 1);
      if (M == 1) assert_int_equal(r.steps, P + k - 1);
      assert_int_equal(a->paper_arith(&p), M * M * M * P);
      hc_np_result_free(&r);
    }
}

/* ------------------------------------------------------------------ MMC3 */

/* Lemma 5.2: the directed Gray path G(2^k-1), ..., G(0) and the edges of the
** spanning binomial tree rooted at 0 are disjoint. */
static void test_lemma52(void **state) {
  (void)state;
  for (unsigned k = 1; k <= 8; k++) {
    const uint32_t P = 1u << k;
    uint8_t *tree = calloc((size_t)P * k, 1);
    for (uint32_t x = 0; x < P; x++) {
      int hi = -1;
      for (unsigned b = 0; b < k; b++)
        if ((x >> b) & 1u) hi = (int)b;
      for (unsigned b = (unsigned)(hi + 1); b < k; b++) tree[x * k + b] = 1;
    }
    for (uint32_t c = 1; c < P; c++) {
      const uint32_t x = gray(c), diff = x ^ gray(c - 1);
      unsigned b = 0;
      while (!((diff >> b) & 1u)) b++;
      if (tree[x * k + b]) fail_msg("k=%u: path edge %u -> %u is a tree edge", k, x, gray(c - 1));
    }
    free(tree);
  }
}

static void test_mmc3(void **state) {
  (void)state;
  const hc_np_algo *a = &hc_np_algo_mmc3;
  unsigned i = 2;
  for (unsigned d = 2; d <= 6; d += 2)
    for (uint32_t mult = 1; mult <= (d == 6 ? 4u : 8u); mult *= 2) {
      const unsigned k = d / 2;
      const uint64_t P = 1u << k, M = mult;
      hc_np_params p;
      hc_np_result r;
      run_prog(a, d, (uint32_t)(P * M), betas[i++ % NBETAS], &p, &r);
      check_product(&p, &r, 2 * M * M, 1);
      /* one phase: the root's links stream 2^k M^2 elements, k - 1 more to the leaves */
      check_counts(&p, &r, P * M * M + k - 1, P * M * M * M);
      assert_int_equal(r.phases, 1);
      /* Theorem 5.4 read as M^3 2^k + 2k - 1 */
      assert_int_equal(a->paper_steps(&p), M * M * M * P + 2 * k - 1);
      if (M == 1) assert_int_equal(a->paper_steps(&p) - r.steps, k);
      hc_np_result_free(&r);
    }
}

/* ---------------------------------------------------------------- MMC4.1 */

static void test_mmc41(void **state) {
  (void)state;
  const hc_np_algo *a = &hc_np_algo_mmc41;
  unsigned i = 3;
  for (unsigned d = 2; d <= 6; d += 2)
    for (uint32_t mult = 1; mult <= (d == 6 ? 4u : 8u); mult *= 2) {
      const unsigned k = d / 2;
      const uint64_t P = 1u << k, M = mult;
      hc_np_params p;
      hc_np_result r;
      run_prog(a, d, (uint32_t)(P * M), betas[i++ % NBETAS], &p, &r);
      check_product(&p, &r, 2 * M * M, 1);
      /* 2^k phases, each a pipelined tree of depth k */
      check_counts(&p, &r, P * (M * M + k - 1), P * M * M * M);
      for (unsigned ph = 0; ph < P; ph++) assert_int_equal(r.phase_cycles[ph], (M * M + k - 1) * (1 + p.beta));
      /* Theorem 5.5: (M^3 + 2) 2^k + 2k - 3; Lemma 5.3 at M = 1: 3(2^k - 1) + 2k */
      assert_int_equal(a->paper_steps(&p), (M * M * M + 2) * P + 2 * k - 3);
      if (M == 1) assert_int_equal(a->paper_steps(&p), 3 * (P - 1) + 2 * k);
      hc_np_result_free(&r);
    }
}

/* ---------------------------------------------------------------- MMC4.2 */

/* The most packets on one link of the phase's schedule. */
static uint64_t busiest_link(const hc_np_algo *a, const hc_np_params *p) {
  hc_sched_case c;
  assert_int_equal(hc_np_phase_case(a, p, 0, NULL, &c), HC_OK);
  uint64_t *n = calloc((size_t)p->d << p->d, sizeof *n), most = 0;
  for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
    hc_packet_info pi;
    hc_sched_packet(c.sched, i, &pi);
    if (++n[(size_t)pi.node * p->d + pi.dim] > most) most = n[(size_t)pi.node * p->d + pi.dim];
  }
  free(n);
  hc_sched_case_free(&c);
  return most;
}

static void test_mmc42(void **state) {
  (void)state;
  const hc_np_algo *a = &hc_np_algo_mmc42;
  unsigned i = 0;
  for (unsigned d = 2; d <= 6; d += 2)
    for (uint32_t mult = 1; mult <= (d == 6 ? 4u : 8u); mult *= 2) {
      const unsigned k = d / 2;
      const uint64_t P = 1u << k, M = mult;
      hc_np_params p;
      hc_np_result r;
      run_prog(a, d, (uint32_t)(P * M), betas[i++ % NBETAS], &p, &r);
      check_product(&p, &r, 2 * M * M, 1);
      /* one phase as long as its busiest links: 2^(k-1) trees of M^2 elements */
      check_counts(&p, &r, P / 2 * M * M, P * M * M * M);
      assert_int_equal(busiest_link(a, &p), P / 2 * M * M);
      /* Theorem 5.6 read as M^3 2^k + 2k - 1 */
      assert_int_equal(a->paper_steps(&p), M * M * M * P + 2 * k - 1);
      hc_np_result_free(&r);
    }
}

/* ------------------------------------------------------------ Gauss-Jordan */

/* A = L U as the program makes it: L unit lower (stream 10), U upper with
** an odd diagonal (stream 11), mod 2^W. */
static uint32_t *gj_matrix(uint64_t seed, uint32_t n) {
  const size_t nn = (size_t)n * n;
  uint32_t *l = malloc(nn * 4), *u = malloc(nn * 4), *a = calloc(nn, 4);
  hc_np_matrix(seed, 10, n, W, l);
  hc_np_matrix(seed, 11, n, W, u);
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = 0; j < n; j++) {
      uint64_t s = 0;
      for (uint32_t t = 0; t <= (i < j ? i : j); t++) {
        const uint64_t lv = t == i ? 1 : l[i * n + t], uv = t == j ? (u[t * n + j] | 1u) : u[t * n + j];
        s += lv * uv;
      }
      a[i * n + j] = (uint32_t)(s & 0xffffu);
    }
  free(l);
  free(u);
  return a;
}

static void test_gj(void **state) {
  (void)state;
  const hc_np_algo *a = &hc_np_algo_gj;
  unsigned i = 1;
  for (unsigned d = 2; d <= 6; d += 2)
    for (uint32_t mult = 1; mult <= 4; mult *= 2) {
      const unsigned k = d / 2;
      const uint64_t P = 1u << k, M = mult, N = P * M;
      hc_np_params p;
      hc_np_result r;
      run_prog(a, d, (uint32_t)N, betas[i++ % NBETAS], &p, &r);
      /* A X = I, X read from the blocks at word 0 */
      uint32_t *am = gj_matrix(p.seed, p.n);
      for (uint32_t row = 0; row < N; row++)
        for (uint32_t col = 0; col < N; col++) {
          uint64_t s = 0;
          for (uint32_t t = 0; t < N; t++) {
            const uint32_t x = node_of(k, (uint32_t)(t / M), (uint32_t)(col / M), 1);
            s += (uint64_t)am[row * N + t] * r.mem[(size_t)x * p.mem + (t % M) * M + col % M];
          }
          if ((s & 0xffffu) != (row == col)) fail_msg("d=%u N=%u: (A X)(%u,%u) = %u", d, p.n, row, col, (unsigned)(s & 0xffffu));
        }
      free(am);
      /* 2N phases of a tree of M elements */
      if (r.cycles != 2 * N * (M + k - 1) * (1 + p.beta))
        fail_msg("d=%u N=%u: %llu cycles", d, p.n, (unsigned long long)r.cycles);
      assert_int_equal(r.arith_seq, N * (M * M + M)); /* M divisions, then M^2 multiply-adds, per pivot */
      assert_int_equal(r.arith_max, N * M * M);        /* every node the same */
      assert_int_equal(r.arith_min, N * M * M);
      if (M == 1) {
        assert_int_equal(a->paper_steps(&p), 3 * (P - 1) + k); /* Corollary 6.1 */
        assert_int_equal(a->paper_arith(&p), 2 * (P + k - 1));
        assert_int_equal(r.arith_seq + 2 * (k - 1), a->paper_arith(&p)); /* the paper's pipeline fill */
      } else {
        assert_true(a->paper_steps(&p) == HC_NP_NA);
      }
      hc_np_result_free(&r);
    }
}

/* --------------------------------------------------------- triangular solve */

static void test_trsv(void **state) {
  (void)state;
  const hc_np_algo *a = &hc_np_algo_trsv;
  unsigned i = 0;
  for (unsigned d = 2; d <= 8; d += 2) {
    const unsigned k = d / 2;
    const uint64_t P = 1u << k;
    hc_np_params p;
    hc_np_result r;
    run_prog(a, d, (uint32_t)P, betas[i++ % NBETAS], &p, &r);
    /* L z = y with z_j at node (j, j), word 2 */
    const uint32_t n = (uint32_t)P;
    uint32_t *l = malloc((size_t)n * n * 4), *y = malloc((size_t)n * n * 4);
    hc_np_matrix(p.seed, 20, n, W, l);
    hc_np_matrix(p.seed, 21, n, W, y);
    for (uint32_t row = 0; row < n; row++) {
      uint64_t s = 0;
      for (uint32_t j = 0; j <= row; j++) {
        const uint64_t lv = j == row ? (l[row * n + j] | 1u) : l[row * n + j];
        s += lv * r.mem[(size_t)node_of(k, j, j, 1) * p.mem + 2];
      }
      if ((s & 0xffffu) != y[row]) fail_msg("d=%u: (L z)_%u = %u, y = %u", d, row, (unsigned)(s & 0xffffu), y[row]);
    }
    free(l);
    free(y);
    /* per variable: a shift of one step (none for the first), a tree of k (none for the last) */
    assert_int_equal(r.cycles, (P - 1) * (k + 1) * (1 + p.beta));
    assert_int_equal(r.arith_seq, 2 * P - 1);
    assert_int_equal(r.arith_max, 1);
    assert_int_equal(a->paper_steps(&p), 2 * (P - 1));
    hc_np_result_free(&r);
  }
  hc_np_params p;
  char why[256];
  hc_np_params_init(&p, 4, 8, 0, W, 1);
  assert_int_equal(a->check(&p, why, sizeof why), HC_EPARAM); /* N = 2^k only */
}

int main(void) {
  const struct CMUnitTest layer[] = {cmocka_unit_test(test_gray), cmocka_unit_test(test_rotation_routes),
                                     cmocka_unit_test(test_phase_case), cmocka_unit_test(test_refusals)};
  const struct CMUnitTest mmc1[] = {cmocka_unit_test(test_mmc1)};
  const struct CMUnitTest mmc2[] = {cmocka_unit_test(test_mmc2)};
  const struct CMUnitTest mmc3[] = {cmocka_unit_test(test_lemma52), cmocka_unit_test(test_mmc3)};
  const struct CMUnitTest mmc41[] = {cmocka_unit_test(test_mmc41)};
  const struct CMUnitTest mmc42[] = {cmocka_unit_test(test_mmc42)};
  const struct CMUnitTest gj[] = {cmocka_unit_test(test_gj)};
  const struct CMUnitTest trsv[] = {cmocka_unit_test(test_trsv)};
  int fails = 0;
  fails += cmocka_run_group_tests_name("np_layer", layer, NULL, NULL);
  fails += cmocka_run_group_tests_name("jo_mmc1", mmc1, NULL, NULL);
  fails += cmocka_run_group_tests_name("jo_mmc2", mmc2, NULL, NULL);
  fails += cmocka_run_group_tests_name("jo_mmc3", mmc3, NULL, NULL);
  fails += cmocka_run_group_tests_name("jo_mmc41", mmc41, NULL, NULL);
  fails += cmocka_run_group_tests_name("jo_mmc42", mmc42, NULL, NULL);
  fails += cmocka_run_group_tests_name("jo_gj", gj, NULL, NULL);
  fails += cmocka_run_group_tests_name("jo_trsv", trsv, NULL, NULL);
  return fails ? 1 : 0;
}
