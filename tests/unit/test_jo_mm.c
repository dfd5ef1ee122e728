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

/* ------------------------------------------------- triangulation and solvers */

/* Run a program with R right-hand sides on the executor (as run_prog). */
static void run_rhs(const hc_np_algo *a, unsigned d, uint32_t n, uint32_t rhs, uint32_t beta, hc_np_params *p,
                    hc_np_result *r) {
  char why[256] = "";
  hc_np_params_init(p, d, n, beta, W, 2000u + d * 31u + n + rhs * 7u);
  p->r = rhs;
  if (a->check(p, why, sizeof why) != HC_OK) fail_msg("%s d=%u N=%u R=%u: refused: %s", a->name, d, n, rhs, why);
  assert_int_equal(hc_np_run(a, p, NULL, NULL, r), HC_OK);
  if (!r->verified) fail_msg("%s d=%u N=%u R=%u beta=%u: %s", a->name, d, n, rhs, beta, r->why);
  if (!r->steps_ok)
    fail_msg("%s d=%u N=%u R=%u beta=%u: phase %u took %llu cycles, %llu steps of 1 + beta expected", a->name, d,
             n, rhs, beta, r->bad_phase, (unsigned long long)r->bad_cycles,
             (unsigned long long)a->steps(p, r->bad_phase));
  assert_int_equal(r->phases, p->phases);
  assert_int_equal(r->arith_seq, a->arith(p)); /* the record's count is what ran */
}

/* Steps: the total the test expects, in cycles too. */
static void check_steps(const hc_np_params *p, const hc_np_result *r, uint64_t steps) {
  if (r->steps != steps || r->cycles != steps * (1 + p->beta))
    fail_msg("d=%u N=%u R=%u beta=%u: %llu steps, %llu cycles; expected %llu steps", p->d, p->n, p->r, p->beta,
             (unsigned long long)r->steps, (unsigned long long)r->cycles, (unsigned long long)steps);
}

/* The system of the solvers, made here: L (stream 20: lower, odd diagonal;
** stream 30: identity diagonal blocks of P, random below them) and Y (the
** next stream's first N R words), and its solution by forward substitution. */
static void tri_system(uint64_t seed, int blocks, uint32_t n, uint32_t P, uint32_t R, uint32_t *l, uint32_t *y,
                       uint32_t *z) {
  const unsigned s = blocks ? 30 : 20;
  hc_np_matrix(seed, s, n, W, l);
  const uint32_t nn = R > n ? R : n; /* Y: the first N R words of the next stream */
  uint32_t *t = malloc((size_t)nn * nn * 4);
  hc_np_matrix(seed, s + 1, nn, W, t);
  for (size_t i = 0; i < (size_t)n * R; i++) y[i] = t[i];
  free(t);
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = 0; j < n; j++) {
      uint32_t *v = &l[i * n + j];
      if (!blocks) *v = j > i ? 0 : j == i ? (*v | 1u) : *v;
      else *v = i / P == j / P ? i == j : j > i ? 0 : *v;
    }
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t q = 0; q < R; q++) {
      uint64_t acc = y[i * R + q];
      for (uint32_t j = 0; j < i; j++) acc -= (uint64_t)l[i * n + j] * z[j * R + q];
      uint32_t inv = 1; /* the inverse of the odd diagonal: Newton's iteration from 1, 32 bits */
      for (unsigned it = 0; it < 5; it++) inv = inv * (2u - l[i * n + i] * inv);
      z[i * R + q] = (uint32_t)((acc * inv) & 0xffffu);
    }
}

/* z_(j,q) read on the diagonal node of j at word base + (j / P) R + q, or
** (cyclic Y) on node (j mod P, q mod P) at base + (j / P) Q + q / P. */
static void check_solution(const hc_np_params *p, const hc_np_result *r, int blocks, int cyclic_y, uint32_t base) {
  const uint32_t n = p->n, R = p->r, P = 1u << (p->d / 2), Q = R / P;
  uint32_t *l = malloc((size_t)n * n * 4), *y = malloc((size_t)n * R * 4), *z = malloc((size_t)n * R * 4);
  tri_system(p->seed, blocks, n, P, R, l, y, z);
  for (uint32_t j = 0; j < n; j++)
    for (uint32_t q = 0; q < R; q++) {
      const uint32_t x = cyclic_y ? node_of(p->d / 2, j % P, q % P, 1) : node_of(p->d / 2, j % P, j % P, 1);
      const uint32_t at = cyclic_y ? base + (j / P) * Q + q / P : base + (j / P) * R + q;
      const uint32_t got = r->mem[(size_t)x * p->mem + at];
      if (got != z[j * R + q]) fail_msg("d=%u N=%u R=%u: z(%u,%u) = %u, expected %u", p->d, n, R, j, q, got, z[j * R + q]);
    }
  free(l);
  free(y);
  free(z);
}

/* §6.4.1, Theorems 6.2 and 6.3: the column sweep with partial in-place accumulation. */
static void test_trsv(void **state) {
  (void)state;
  const hc_np_algo *a = &hc_np_algo_trsv;
  unsigned i = 0;
  for (unsigned d = 2; d <= 8; d += 2)
    for (uint64_t M = 1; M <= (d == 8 ? 2u : 4u); M *= 2)
      for (uint32_t R = 1; R <= 3; R += 2) {
        const unsigned k = d / 2;
        const uint64_t P = 1u << k, N = P * M;
        hc_np_params p;
        hc_np_result r;
        run_rhs(a, d, (uint32_t)N, R, betas[i++ % NBETAS], &p, &r);
        check_solution(&p, &r, 0, 0, (uint32_t)(M * M + M * R + 2 * R));
        /* per variable a shift of R (none for the first), a tree of R + k - 1 (none for the last) */
        check_steps(&p, &r, (N - 1) * (2 * R + k - 1));
        /* arithmetic in sequence: the diagonal's R divisions (and R additions where an
        ** in-place sum exists: column 0 or a later set), then the busiest node of the
        ** column: its rows of the set and below, and an accumulator passing */
        uint64_t want = (2 * N - P) * R;
        if (P == 2) want += R * M * M;
        else want += (P - 1) * R * (M * (M + 1) / 2 + M - 1) + R * (M * (M - 1) / 2 + (M >= 2 ? M - 2 : 0));
        assert_int_equal(r.arith_seq, want);
        if (M == 1 && R == 1) assert_int_equal(r.arith_seq, 2 * P - 1); /* the N = 2^k solver */
        /* Theorem 6.3; at R = 1 Theorem 6.2's 2(N - 1) */
        assert_int_equal(a->paper_steps(&p), (2 * P > 2 * R ? 2 * P : 2 * R) * (M - 1) + 2 * P + R - 3);
        if (R == 1) assert_int_equal(a->paper_steps(&p), 2 * (N - 1));
        hc_np_result_free(&r);
      }
}

/* §6.4.2, Theorem 6.4: identity diagonal blocks, a tree of z and a tree of sums per set. */
static void test_trsv_blk(void **state) {
  (void)state;
  const hc_np_algo *a = &hc_np_algo_trsv_blk;
  unsigned i = 2;
  for (unsigned d = 2; d <= 8; d += 2)
    for (uint64_t M = 1; M <= (d == 8 ? 2u : 8u); M *= 2)
      for (uint32_t R = 1; R <= 4; R += 3) {
        const unsigned k = d / 2;
        const uint64_t P = 1u << k, N = P * M;
        hc_np_params p;
        hc_np_result r;
        run_rhs(a, d, (uint32_t)N, R, betas[i++ % NBETAS], &p, &r);
        check_solution(&p, &r, 1, 0, (uint32_t)(M * M + M * R + 2 * R));
        check_steps(&p, &r, (R + k - 1) + (M - 1) * (R + k - 1 + k * R));
        const uint64_t paper = (M - 1) * (2 * k + R - 1) + k; /* Theorem 6.4 */
        assert_int_equal(a->paper_steps(&p), paper);
        assert_int_equal(r.steps - paper, (R - 1) * ((M - 1) * k + 1)); /* 0 at R = 1 */
        assert_int_equal(r.arith_seq, R * (M * (M - 1) / 2 + (M - 1) * k));
        assert_int_equal(a->paper_arith(&p), M * (M - 1) * R);
        hc_np_result_free(&r);
      }
}

/* §6.4.3, Theorem 6.5: Y -= L(i) X(i) by Cannon, in place. */
static void test_trsv_mm(void **state) {
  (void)state;
  const hc_np_algo *a = &hc_np_algo_trsv_mm;
  unsigned i = 1;
  for (unsigned d = 2; d <= 6; d += 2)
    for (uint64_t M = 1; M <= 4; M *= 2)
      for (uint64_t Q = 1; Q <= 2; Q++) {
        const unsigned k = d / 2;
        const uint64_t P = 1u << k, N = P * M;
        hc_np_params p;
        hc_np_result r;
        run_rhs(a, d, (uint32_t)N, (uint32_t)(Q * P), betas[i++ % NBETAS], &p, &r);
        check_solution(&p, &r, 1, 1, (uint32_t)(M * M));
        uint64_t want = 0; /* per set: a set-up and 2^k - 1 shifts, each of the larger operand */
        for (uint64_t s = 0; s + 1 < M; s++) want += P * (M - 1 - s > Q ? M - 1 - s : Q) + k - 1;
        check_steps(&p, &r, want);
        assert_int_equal(r.arith_seq, P * Q * M * (M - 1) / 2);
        assert_int_equal(a->paper_steps(&p), M * (M - 1) * Q * P / 2); /* the first term of Theorem 6.5 */
        hc_np_result_free(&r);
      }
  hc_np_params p;
  char why[256];
  hc_np_params_init(&p, 4, 8, 0, W, 1);
  p.r = 6; /* not a multiple of 2^k = 4 */
  assert_int_equal(a->check(&p, why, sizeof why), HC_EPARAM);
}

/* A = L U (L unit lower, stream 40; U upper, odd diagonal, stream 41) and B (stream 42), mod 2^W. */
static void lu_system(uint64_t seed, uint32_t n, uint32_t R, uint32_t *a, uint32_t *u, uint32_t *b) {
  const uint32_t nn = R > n ? R : n; /* B: the first N R words of stream 42 */
  uint32_t *l = malloc((size_t)n * n * 4), *t = malloc((size_t)nn * nn * 4);
  hc_np_matrix(seed, 40, n, W, l);
  hc_np_matrix(seed, 41, n, W, u);
  hc_np_matrix(seed, 42, nn, W, t);
  for (size_t i = 0; i < (size_t)n * R; i++) b[i] = t[i];
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = 0; j < n; j++) u[i * n + j] = j < i ? 0 : j == i ? (u[i * n + j] | 1u) : u[i * n + j];
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = 0; j < n; j++) {
      uint64_t s = u[i * n + j];
      for (uint32_t m = 0; m < i; m++) s += (uint64_t)l[i * n + m] * u[m * n + j];
      a[i * n + j] = (uint32_t)(s & 0xffffu);
    }
  free(l);
  free(t);
}

/* §6.2, Theorem 6.1: the factorization with forward elimination of B. */
static void test_lu(void **state) {
  (void)state;
  const hc_np_algo *a = &hc_np_algo_lu;
  unsigned it = 3;
  for (unsigned d = 2; d <= 6; d += 2)
    for (uint64_t M = 1; M <= 4; M *= 2)
      for (uint64_t Q = 0; Q <= 1; Q++) {
        const unsigned k = d / 2;
        const uint64_t P = 1u << k, N = P * M, R = Q * P, Wd = M + Q;
        hc_np_params p;
        hc_np_result r;
        run_rhs(a, d, (uint32_t)N, (uint32_t)R, betas[it++ % NBETAS], &p, &r);
        uint32_t *am = malloc(N * N * 4), *u = malloc(N * N * 4), *b = malloc((N * R + 1) * 4), *x = malloc((N * R + 1) * 4);
        lu_system(p.seed, (uint32_t)N, (uint32_t)R, am, u, b);
        /* element (i, q) of [A B] on node (i mod P, q mod P), word (i / P) W + q / P */
#define E(i, q) r.mem[(size_t)node_of(k, (uint32_t)((i) % P), (uint32_t)((q) % P), 1) * p.mem + ((i) / P) * Wd + (q) / P]
        for (uint64_t j = 0; j < N; j++) /* the pivots are U's diagonal: a_jj became its inverse */
          if (((E(j, j) * (uint64_t)u[j * N + j]) & 0xffffu) != 1) fail_msg("d=%u N=%u: a(%u,%u) is not 1/u_jj", d, p.n, (unsigned)j, (unsigned)j);
        for (uint64_t i = N; i-- > 0;) /* U' X = B', U' identity on the diagonal blocks */
          for (uint64_t q = 0; q < R; q++) {
            uint64_t s = E(i, N + q);
            for (uint64_t c = (i / P + 1) * P; c < N; c++) s -= (uint64_t)E(i, c) * x[c * R + q];
            x[i * R + q] = (uint32_t)(s & 0xffffu);
          }
        for (uint64_t i = 0; i < N; i++) /* A X = B */
          for (uint64_t q = 0; q < R; q++) {
            uint64_t s = 0;
            for (uint64_t c = 0; c < N; c++) s += (uint64_t)am[i * N + c] * x[c * R + q];
            if ((s & 0xffffu) != b[i * R + q]) fail_msg("d=%u N=%u R=%u: (A X)(%u,%u) wrong", d, p.n, p.r, (unsigned)i, (unsigned)q);
          }
#undef E
        free(am);
        free(u);
        free(b);
        free(x);
        uint64_t want = 0, ar = 0; /* per pivot a column tree of M - J, a row tree of W - J */
        for (uint64_t J = 0; J < M; J++) {
          want += P * ((M - J) + (Wd - J) + 2 * (k - 1));
          ar += P * (Wd - J) * (M - J + 1);
        }
        check_steps(&p, &r, want);
        assert_int_equal(r.arith_seq, ar);
        /* Theorem 6.1 as printed is P/2 times it (the 2^k lost in the scan) */
        const int64_t w = (int64_t)Wd, qq = (int64_t)Q;
        const int64_t scan = (w * w - (qq + 1) * (qq + 1) + 5 * w - 3 * (qq + 1) + 4) / 2 + k - 3;
        assert_int_equal(a->paper_steps(&p), (uint64_t)((scan - k + 3) * (int64_t)P + k - 3));
        if (M == 1 && Q == 0) {
          assert_int_equal(a->paper_steps(&p), 3 * (P - 1) + k); /* Corollary 6.1: the reading holds */
          assert_int_equal(r.steps, 2 * P * k);                   /* Gauss-Jordan's phases */
        }
        hc_np_result_free(&r);
      }
  hc_np_params p;
  char why[256];
  hc_np_params_init(&p, 4, 8, 0, W, 1);
  p.r = 2; /* not a multiple of 2^k = 4 */
  assert_int_equal(a->check(&p, why, sizeof why), HC_EPARAM);
  hc_np_params_init(&p, 4, 8, 0, W, 1);
  p.r = 4;
  assert_int_equal(hc_np_algo_gj.check(&p, why, sizeof why), HC_EPARAM); /* no right-hand sides */
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
  const struct CMUnitTest lu[] = {cmocka_unit_test(test_lu)};
  const struct CMUnitTest trsv[] = {cmocka_unit_test(test_trsv)};
  const struct CMUnitTest trsv_blk[] = {cmocka_unit_test(test_trsv_blk)};
  const struct CMUnitTest trsv_mm[] = {cmocka_unit_test(test_trsv_mm)};
  int fails = 0;
  fails += cmocka_run_group_tests_name("np_layer", layer, NULL, NULL);
  fails += cmocka_run_group_tests_name("jo_mmc1", mmc1, NULL, NULL);
  fails += cmocka_run_group_tests_name("jo_mmc2", mmc2, NULL, NULL);
  fails += cmocka_run_group_tests_name("jo_mmc3", mmc3, NULL, NULL);
  fails += cmocka_run_group_tests_name("jo_mmc41", mmc41, NULL, NULL);
  fails += cmocka_run_group_tests_name("jo_mmc42", mmc42, NULL, NULL);
  fails += cmocka_run_group_tests_name("jo_gj", gj, NULL, NULL);
  fails += cmocka_run_group_tests_name("jo_lu", lu, NULL, NULL);
  fails += cmocka_run_group_tests_name("jo_trsv", trsv, NULL, NULL);
  fails += cmocka_run_group_tests_name("jo_trsv_blk", trsv_blk, NULL, NULL);
  fails += cmocka_run_group_tests_name("jo_trsv_mm", trsv_mm, NULL, NULL);
  return fails ? 1 : 0;
}
