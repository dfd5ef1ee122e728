/*
** Unit tests of the sw7 generators, MATRIX TRANSPOSITION of Stout & Wagar
** (shared/seeds/000 §7): transpose_rows (§7.1), lc_inversion and
** transpose_sub (§7.2). Every expectation is written here from the paper:
** the times from its expressions (2^(d-1) N^2/2^(2d) + d beta and
** (kp + 1)(m/(2kp) + beta)), the final data from what a transposition means
** (entry (i, j) of M^T is entry (j, i) of M, located by the storage
** scheme), the l.c. subcubes from their definition (S_(a,b): high and low
** halves differ exactly at a ^ b, agree with a elsewhere), and the §9 bounds
** from the cut arguments. Nothing is copied from the generators' output.
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

static const uint32_t betas[] = {0, 1, 3, 7, 40};
#define NBETA (sizeof betas / sizeof betas[0])

/* Build the case of algorithm a at (d, m, g), validated. */
static void build(const hc_sf_algo *a, unsigned d, uint32_t m, uint32_t g, uint32_t beta, hc_sf_params *p,
                  hc_sched_case *c) {
  char why[256] = "";
  hc_sf_params_init(p, d, m, beta);
  p->g = g;
  if (a->check(p, why, sizeof why)) fail_msg("%s d=%u M=%u G=%u refused: %s", a->name, d, m, g, why);
  assert_int_equal(a->build(p, c), HC_OK);
  hc_sched_err e;
  if (hc_sched_validate(c->sched, &e)) fail_msg("%s d=%u M=%u: %s", a->name, d, m, e.msg);
}

/* Run at beta; check data against expect, the time against want (the
** paper's, computed by the caller), and the time against lower bound lo. */
static void run(const hc_sf_algo *a, hc_sf_params *p, hc_sched_case *c, uint32_t beta, uint64_t want, uint64_t lo,
                hc_exec_result *r) {
  hc_sched_err e;
  p->beta = beta;
  assert_int_equal(hc_sched_exec(c->sched, beta, c->init, r, &e), HC_OK);
  uint32_t bn = 0, ba = 0;
  if (hc_sched_case_check(c, r->mem, &bn, &ba))
    fail_msg("%s d=%u M=%u beta=%u: data differ at node %u word %u", a->name, p->d, p->m, beta, bn, ba);
  if (r->cycles != want)
    fail_msg("%s d=%u M=%u G=%u beta=%u: %llu cycles, paper %llu", a->name, p->d, p->m, p->g, beta,
             (unsigned long long)r->cycles, (unsigned long long)want);
  assert_int_equal(hc_sf_expected(a, p), want);
  assert_true(r->cycles >= lo);
  hc_sf_bound b;
  a->lower(p, &b);
  assert_int_equal(b.cycles, lo);
}

static uint64_t max64(uint64_t x, uint64_t y) { return x > y ? x : y; }

/* ------------------------------------------------------- transpose_rows */

/* The datum of M[i][j] for rows stored in blocks of R per node. */
static uint32_t rows_entry(uint32_t N, uint32_t R, uint32_t i, uint32_t j) {
  return hc_sched_tag(i / R, (i % R) * N + j);
}

static void test_rows_formula(void **state) {
  (void)state;
  /* smallest N: 2^d R with R^2 a multiple of lcm(1..d) */
  static const uint32_t Rmin[] = {0, 1, 2, 6, 6, 30, 30};
  for (unsigned d = 1; d <= 6; d++)
    for (uint32_t mult = 1; mult <= (d < 6 ? 2u : 1u); mult++) {
      const uint32_t n = 1u << d, R = Rmin[d] * mult, N = R << d, m = R * R;
      hc_sf_params p;
      hc_sched_case c;
      build(&hc_sf_algo_transpose_rows, d, N, HC_SF_UNSET, 0, &p, &c);
      assert_int_equal(hc_sched_num_packets(c.sched), (size_t)d * d * n); /* one batched packet per link and stage */
      for (size_t bi = 0; bi < NBETA; bi++) {
        if (d == 6 && bi % 2) continue; /* keep the run short */
        const uint32_t beta = betas[bi];
        /* 000 §7.1: 2^(d-1) tau N^2/2^(2d) + d beta */
        const uint64_t want = ((uint64_t)m << (d - 1)) + (uint64_t)d * beta;
        assert_int_equal(want, (uint64_t)N * N / (2ull << d) + (uint64_t)d * beta);
        const uint64_t lo = max64(((uint64_t)m << (2 * d - 1)) / n + beta, (uint64_t)d * (beta + 1));
        hc_exec_result r;
        run(&hc_sf_algo_transpose_rows, &p, &c, beta, want, lo, &r);
        const uint32_t mem = hc_sched_mem_words(c.sched), own = R * N;
        for (uint32_t y = 0; y < n; y++)
          for (uint32_t i = 0; i < R; i++)
            for (uint32_t j = 0; j < N; j++) {
              const uint32_t *row = r.mem + (size_t)y * mem;
              assert_int_equal(row[i * N + j], rows_entry(N, R, y * R + i, j)); /* own rows kept */
              if (j / R != y) /* M^T[yR + i][j] = M[j][yR + i]; the diagonal block needs no link */
                assert_int_equal(row[own + i * N + j], rows_entry(N, R, j, y * R + i));
            }
        hc_exec_result_free(&r);
      }
      hc_sched_case_free(&c);
    }
}

static void test_rows_params(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_transpose_rows;
  static const struct {
    unsigned d;
    uint32_t N;
  } bad[] = {{3, 0}, {3, 44}, {3, 12}, {4, 40}, {2, 6}, {0, 8}, {HC_SF_MAX_D + 1, 1u << 20}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    hc_sf_params p;
    char why[256] = "";
    hc_sf_params_init(&p, bad[i].d, bad[i].N, 3);
    assert_int_equal(a->check(&p, why, sizeof why), HC_EPARAM);
    assert_non_null(strstr(why, bad[i].d == 0 || bad[i].d > HC_SF_MAX_D ? "d = " : "N"));
    assert_null(strchr(why, '\n'));
  }
  hc_sf_params p;
  hc_sf_params_init(&p, 3, 0, 0);
  assert_int_equal(a->unit(&p), 48u);
  assert_string_equal(a->param, "M");
}

/* ------------------------------------------------ l.c. subcubes (§7.2) */

/* The partner of x = a 2^c + b: b 2^c + a. */
static uint32_t partner(uint32_t x, unsigned c) { return (x & ((1u << c) - 1)) << c | x >> c; }

/* The subcube S_(a,b) of x as a number: D = a ^ b, and a's bits off D. */
static uint32_t subcube_of(uint32_t x, unsigned c) {
  const uint32_t a = x >> c, b = x & ((1u << c) - 1), D = a ^ b;
  return D << c | (a & ~D);
}

/* Is x a node of the subcube id (D, fixed part)? */
static int in_subcube(uint32_t x, unsigned c, uint32_t id) { return subcube_of(x, c) == id; }

/* qsort's order: packets by start cycle. */
static const uint64_t *by_start;
static int cmp_start(const void *x, const void *y) {
  const uint64_t a = by_start[*(const size_t *)x], b = by_start[*(const size_t *)y];
  return (a > b) - (a < b);
}

/*
** Follow the data: every node's own words carry its subcube number + 1;
** packets are replayed in the order they started (a packet starts only
** after every word it gathers is present), each word's label copied. Then
** every packet must carry the labels of one subcube only, every directed
** link the packets of one subcube only (000 §7.2: no two l.c. subcubes
** share a physical link), with one end a member of it and the other a
** member or an intermediate node (high and low halves differ in k-1
** positions), and every link cp packets of m/(2cp) words.
*/
static void check_links(hc_sched *s, const hc_exec_result *r, unsigned d, uint32_t m, uint32_t cp) {
  const unsigned c = d / 2;
  const uint32_t n = 1u << d, mem = hc_sched_mem_words(s);
  const size_t np = hc_sched_num_packets(s);
  uint32_t *lab = calloc((size_t)n * mem, sizeof *lab), *link = calloc((size_t)n * d, sizeof *link);
  uint32_t *cnt = calloc((size_t)n * d, sizeof *cnt);
  size_t *ord = malloc(np * sizeof *ord);
  assert_true(lab && link && cnt && ord);
  for (uint32_t x = 0; x < n; x++)
    for (uint32_t w = 0; w < m; w++) lab[(size_t)x * mem + w] = subcube_of(x, c) + 1;
  for (size_t i = 0; i < np; i++) ord[i] = i;
  by_start = r->start;
  qsort(ord, np, sizeof *ord, cmp_start);
  for (size_t q = 0; q < np; q++) {
    hc_packet_info pi;
    assert_int_equal(hc_sched_packet(s, ord[q], &pi), HC_OK);
    assert_int_equal(pi.words, (uint64_t)m / (2 * cp));
    uint32_t l = 0;
    for (size_t g = 0; g < pi.ngather; g++)
      for (uint32_t w = 0; w < pi.gather[g].len; w++) {
        const uint32_t v = lab[(size_t)pi.node * mem + pi.gather[g].addr + w];
        assert_true(v != 0);
        if (!l) l = v;
        assert_int_equal(v, l); /* one subcube per packet */
      }
    const uint32_t y = pi.node ^ (1u << pi.dim);
    for (size_t g = 0; g < pi.nscatter; g++)
      for (uint32_t w = 0; w < pi.scatter[g].len; w++) lab[(size_t)y * mem + pi.scatter[g].addr + w] = l;
    uint32_t *ln = &link[(size_t)pi.node * d + pi.dim];
    if (!*ln) *ln = l;
    assert_int_equal(*ln, l); /* one subcube per link */
    cnt[(size_t)pi.node * d + pi.dim]++;
    const uint32_t id = l - 1, D = id >> c;
    const unsigned kk = (unsigned)__builtin_popcount(D);
    const uint32_t other = in_subcube(pi.node, c, id) ? y : pi.node;
    assert_true(in_subcube(pi.node, c, id) || in_subcube(y, c, id));
    assert_false(in_subcube(other, c, id));
    const uint32_t oa = other >> c, ob = other & ((1u << c) - 1);
    assert_int_equal(__builtin_popcount(oa ^ ob), kk - 1); /* an intermediate node */
    assert_int_equal((oa ^ ob) & ~D, 0);
  }
  for (size_t i = 0; i < (size_t)n * d; i++) assert_int_equal(cnt[i], cp); /* every link: c p packets */
  free(lab);
  free(link);
  free(cnt);
  free(ord);
}

/* (kp + 1)(m/(2kp) + beta), with the same kp on every subcube. */
static uint64_t lc_time(uint64_t kp, uint32_t m, uint32_t beta) { return (kp + 1) * (m / (2 * kp) + beta); }

/* m/2 + 2 sqrt(beta m/2) + beta */
static double lc_boxed(uint32_t m, uint32_t beta) { return m / 2.0 + 2 * sqrt(beta * (m / 2.0)) + beta; }

/* The §9 bound of §7.2: all d 2^d links, d 2^(d-1) m words; d hops. */
static uint64_t lc_lower(unsigned d, uint32_t m, uint32_t beta) {
  return max64(((uint64_t)d * m << (d - 1)) / ((uint64_t)d << d) + beta, (uint64_t)d * (beta + 1));
}

/* -------------------------------------------------------- lc_inversion */

static void test_lc_formula(void **state) {
  (void)state;
  static const uint32_t ps[][3] = {{0}, {2, 3, 5}, {2, 3, 4}, {2, 4, 6}, {3, 6, 0}};
  for (unsigned d = 2; d <= 8; d += 2) {
    const unsigned c = d / 2;
    const uint32_t n = 1u << d;
    for (size_t pi = 0; pi < 3 && ps[c][pi]; pi++)
      for (uint32_t mult = 1; mult <= 3; mult += 2) {
        const uint32_t pp = ps[c][pi], cp = c * pp, m = 2 * cp * mult * (d == 8 ? 1 : 2);
        hc_sf_params p;
        hc_sched_case cs;
        build(&hc_sf_algo_lc_inversion, d, m, pp, 0, &p, &cs);
        for (size_t bi = 0; bi < NBETA; bi++) {
          const uint32_t beta = betas[bi];
          const uint64_t want = lc_time(cp, m, beta);
          hc_exec_result r;
          run(&hc_sf_algo_lc_inversion, &p, &cs, beta, want, lc_lower(d, m, beta), &r);
          assert_true((double)want >= lc_boxed(m, beta) - 1e-9);
          const uint32_t mem = hc_sched_mem_words(cs.sched);
          assert_true(mem <= (c + 2) * m);
          for (uint32_t y = 0; y < n; y++)
            for (uint32_t w = 0; w < m; w++) {
              assert_int_equal(r.mem[(size_t)y * mem + w], hc_sched_tag(y, w));
              if (partner(y, c) != y) /* x = a 2^c + b sends its m words to b 2^c + a */
                assert_int_equal(r.mem[(size_t)y * mem + m + w], hc_sched_tag(partner(y, c), w));
            }
          for (size_t l = 0; l < (size_t)n * d; l++) /* every link busy c p (m/(2cp) + beta), no more */
            assert_int_equal(r.link_busy[l], (uint64_t)cp * (m / (2 * cp) + beta));
          if (bi == 2) check_links(cs.sched, &r, d, m, cp);
          hc_exec_result_free(&r);
        }
        hc_sched_case_free(&cs);
      }
  }
}

/* Without G the paper's p = (1/k) sqrt(m/(2 beta)) at k = c, rounded to a
** valid one: never slower than the valid p's around it. */
static void test_lc_default_g(void **state) {
  (void)state;
  static const uint32_t bs[] = {3, 10, 40};
  for (unsigned d = 2; d <= 6; d += 2)
    for (size_t bi = 0; bi < 3; bi++) {
      const unsigned c = d / 2;
      const uint32_t m = 2 * c * 720, beta = bs[bi];
      hc_sf_params p;
      char why[256];
      hc_sf_params_init(&p, d, m, beta);
      assert_int_equal(hc_sf_algo_lc_inversion.check(&p, why, sizeof why), HC_OK);
      assert_true(p.g >= 2 && m % (2 * c * p.g) == 0);
      const double gopt = sqrt(m / (2.0 * beta)) / c;
      assert_true(fabs(p.g - gopt) <= gopt); /* near the optimum */
      const uint64_t t = lc_time((uint64_t)c * p.g, m, beta);
      assert_int_equal(hc_sf_algo_lc_inversion.formula(&p), t);
      assert_true(t <= hc_sf_algo_lc_inversion.boxed(&p) * 1.05);
      hc_sched_case cs;
      assert_int_equal(hc_sf_algo_lc_inversion.build(&p, &cs), HC_OK);
      hc_exec_result r;
      run(&hc_sf_algo_lc_inversion, &p, &cs, beta, t, lc_lower(d, m, beta), &r);
      hc_exec_result_free(&r);
      hc_sched_case_free(&cs);
    }
}

static void test_lc_params(void **state) {
  (void)state;
  static const struct {
    unsigned d;
    uint32_t m, g;
  } bad[] = {{3, 24, 2}, {1, 24, 2}, {2, 8, 1}, {2, 8, 0}, {8, 48, 2}, {4, 12, 2},
             {4, 0, 2},  {6, 30, 2}, {2, 3, HC_SF_UNSET}, {12, 64, 2}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    hc_sf_params p;
    char why[256] = "";
    hc_sf_params_init(&p, bad[i].d, bad[i].m, 3);
    p.g = bad[i].g;
    if (hc_sf_algo_lc_inversion.check(&p, why, sizeof why) != HC_EPARAM) fail_msg("case %zu accepted", i);
    assert_true(strlen(why) > 10);
    assert_null(strchr(why, '\n'));
  }
  hc_sf_params p;
  hc_sf_params_init(&p, 8, 0, 0);
  assert_int_equal(hc_sf_algo_lc_inversion.unit(&p), 24u); /* 2 c p, p = 3 at c = 4 */
  assert_true(hc_sf_algo_lc_inversion.takes & HC_SF_TAKES_G);
}

/* ------------------------------------------------------- transpose_sub */

static void test_sub_formula(void **state) {
  (void)state;
  /* B = N/2^c with B^2 a multiple of 2 c p */
  static const struct {
    unsigned d;
    uint32_t B, p;
  } cases[] = {{2, 2, 2}, {2, 4, 2}, {2, 6, 3}, {2, 8, 4}, {4, 4, 2}, {4, 8, 4}, {4, 12, 3},
               {6, 12, 2}, {6, 12, 6}, {6, 24, 4}, {8, 12, 3}, {8, 24, 6}};
  for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
    const unsigned d = cases[ci].d, c = d / 2;
    const uint32_t B = cases[ci].B, N = B << c, m = B * B, pp = cases[ci].p;
    hc_sf_params p;
    hc_sched_case cs;
    build(&hc_sf_algo_transpose_sub, d, N, pp, 0, &p, &cs);
    for (size_t bi = 0; bi < NBETA; bi++) {
      const uint32_t beta = betas[bi];
      const uint64_t want = lc_time((uint64_t)c * pp, (uint32_t)((uint64_t)N * N >> d), beta);
      /* boxed: N^2/2^(d+1) + 2 sqrt(beta N^2/2^(d+1)) + beta */
      const double box = (double)N * N / (2u << d) + 2 * sqrt(beta * ((double)N * N / (2u << d))) + beta;
      assert_true((double)want >= box - 1e-9);
      hc_exec_result r;
      run(&hc_sf_algo_transpose_sub, &p, &cs, beta, want, lc_lower(d, m, beta), &r);
      assert_true(fabs(hc_sf_algo_transpose_sub.boxed(&p) - box) < 1e-6 * box + 1e-9);
      const uint32_t mem = hc_sched_mem_words(cs.sched);
      for (uint32_t x = 0; x < (1u << c); x++)
        for (uint32_t y = 0; y < (1u << c); y++) {
          const uint32_t node = x << c | y;
          const uint32_t *nm = r.mem + (size_t)node * mem;
          for (uint32_t i = 0; i < B; i++)
            for (uint32_t j = 0; j < B; j++) {
              /* M[R][C] lives in node (R/B) 2^c + C/B at (R%B) B + C%B */
              assert_int_equal(nm[i * B + j], hc_sched_tag(node, i * B + j));
              if (x == y) continue; /* its own block: no link, no local copy in the model */
              const uint32_t R = y * B + j, C = x * B + i; /* (M^T)[xB+i][yB+j] = M[yB+j][xB+i] */
              assert_int_equal(nm[m + i * B + j], hc_sched_tag((R / B) << c | C / B, (R % B) * B + C % B));
            }
        }
      if (bi == 1) check_links(cs.sched, &r, d, m, c * pp);
      hc_exec_result_free(&r);
    }
    hc_sched_case_free(&cs);
  }
}

static void test_sub_params(void **state) {
  (void)state;
  static const struct {
    unsigned d;
    uint32_t N, g;
  } bad[] = {{3, 16, 2}, {2, 3, 2}, {4, 6, 2}, {4, 8, 2}, {4, 16, 1}, {8, 96, 2}, {8, 16, 3}, {2, 0, 2}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    hc_sf_params p;
    char why[256] = "";
    hc_sf_params_init(&p, bad[i].d, bad[i].N, 3);
    p.g = bad[i].g;
    if (hc_sf_algo_transpose_sub.check(&p, why, sizeof why) != HC_EPARAM) fail_msg("case %zu accepted", i);
    assert_true(strlen(why) > 10);
    assert_null(strchr(why, '\n'));
  }
  hc_sf_params p;
  hc_sf_params_init(&p, 4, 0, 0);
  assert_int_equal(hc_sf_algo_transpose_sub.unit(&p), 16u); /* B = 4: m = 16, a multiple of 2 c p = 8 */
  hc_sf_params_init(&p, 8, 0, 0);
  assert_int_equal(hc_sf_algo_transpose_sub.unit(&p), 12u << 4); /* B^2 a multiple of 24 */
}

int main(void) {
  const struct CMUnitTest rows[] = {
      cmocka_unit_test(test_rows_formula),
      cmocka_unit_test(test_rows_params),
  };
  const struct CMUnitTest lc[] = {
      cmocka_unit_test(test_lc_formula),
      cmocka_unit_test(test_lc_default_g),
      cmocka_unit_test(test_lc_params),
  };
  const struct CMUnitTest sub[] = {
      cmocka_unit_test(test_sub_formula),
      cmocka_unit_test(test_sub_params),
  };
  int fails = 0;
  fails += cmocka_run_group_tests_name("sf_transpose_rows", rows, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_lc_inversion", lc, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_transpose_sub", sub, NULL, NULL);
  return fails ? 1 : 0;
}
