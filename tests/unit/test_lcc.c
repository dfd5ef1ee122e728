/*
** Unit tests of the GF(2) and linear-complement communication library
** (algorithms/gf2.c, algorithms/lcc.c). Expected values come from the paper
** (Hou, Wang, Ku, Hsu, IEEE TPDS 2001: Examples 1, 3, 4, 5, 6, Section 2.3's
** contended channel, Section 6.1's M-G mapping, Corollaries 1 and 2), from
** hand computation (small GF(2) cases, worked in the comments), or from
** first principles computed here independently of the library: the test
** generates every message from the definitions (y = A x + b, or for an LCS
** x = A y + b), maps nodes with x'_k = x_{R[k]} for a bit order R, follows
** e-cube paths itself and brute-forces the minimum over all n! bit orders.
** Nothing is copied from the library's output.
**
** Build and run:
**   cc -std=c11 -Wall -Wextra -Werror -g -fsanitize=address,undefined \
**      -Ialgorithms tests/unit/test_lcc.c algorithms/gf2.c algorithms/lcc.c \
**      -lcmocka -o /tmp/test_lcc && /tmp/test_lcc
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gf2.h"
#include "lcc.h"

/* ------------------------------------------------------------ helpers */

/* xorshift64* random numbers, seeded per test. */
typedef struct trng {
  uint64_t s;
} trng;

static uint32_t trand(trng *r) {
  r->s ^= r->s >> 12;
  r->s ^= r->s << 25;
  r->s ^= r->s >> 27;
  return (uint32_t)((r->s * 0x2545F4914F6CDD1Dull) >> 32);
}

static uint32_t tmask(int n) { return n >= 32 ? 0xffffffffu : ((1u << n) - 1u); }

/* Parse a matrix the test writes in the paper's layout; must succeed. */
static hc_gf2_mat tmat(const char *text) {
  hc_gf2_mat m;
  char err[128];
  int rc = hc_gf2_parse(text, 0, 0, &m, err, sizeof err);
  if (rc != HC_OK) fail_msg("test matrix does not parse: %s", err);
  return m;
}

/* Like tmat, but a pointer into a small ring of slots (for comparisons). */
static const hc_gf2_mat *tm(const char *text) {
  static hc_gf2_mat ring[4];
  static int next;
  hc_gf2_mat *m = &ring[next++ & 3];
  *m = tmat(text);
  return m;
}

/* Own matrix-vector product: bit i of the result = parity(row i & x). */
static uint32_t tmulvec(const hc_gf2_mat *m, uint32_t x) {
  uint32_t y = 0;
  for (int i = 0; i < m->rows; i++) {
    uint32_t v = m->r[i] & x, p = 0;
    while (v) {
      p ^= 1;
      v &= v - 1;
    }
    y |= p << i;
  }
  return y;
}

/* Own rank by elimination on a copy (used for random matrix generation). */
static int trank(const hc_gf2_mat *m) {
  uint32_t a[32];
  int n = m->rows, r = 0;
  memcpy(a, m->r, sizeof a);
  for (int c = 0; c < m->cols && r < n; c++) {
    int p = r;
    while (p < n && !((a[p] >> c) & 1u)) p++;
    if (p == n) continue;
    uint32_t t = a[p];
    a[p] = a[r];
    a[r] = t;
    for (int i = 0; i < n; i++)
      if (i != r && ((a[i] >> c) & 1u)) a[i] ^= a[r];
    r++;
  }
  return r;
}

/* Random n x n matrix of rank exactly r: a random matrix kept if its rank
** is r, else built as U * diag(1..1,0..0) * V from random invertible U, V. */
static hc_gf2_mat trandmat(trng *g, int n, int r) {
  hc_gf2_mat m;
  for (;;) {
    hc_gf2_zero(&m, n, n);
    for (int i = 0; i < n; i++) m.r[i] = trand(g) & tmask(n);
    if (trank(&m) == r) return m;
    if (r == n) continue;
    /* rank-r: rows are random combinations of r random independent rows */
    hc_gf2_mat basis;
    do {
      hc_gf2_zero(&basis, r, n);
      for (int i = 0; i < r; i++) basis.r[i] = trand(g) & tmask(n);
    } while (trank(&basis) != r);
    hc_gf2_zero(&m, n, n);
    for (int i = 0; i < n; i++) {
      uint32_t sel = trand(g) & tmask(r), acc = 0;
      for (int k = 0; k < r; k++)
        if ((sel >> k) & 1u) acc ^= basis.r[k];
      m.r[i] = acc;
    }
    if (trank(&m) == r) return m;
  }
}

/* A random LCC of the given kind; rank = n for an LCP, else r < n. */
static hc_lcc trandlcc(trng *g, int n, hc_lcc_kind kind, int r) {
  hc_gf2_mat A = trandmat(g, n, kind == HC_LCP ? n : r);
  hc_lcc l;
  assert_int_equal(hc_lcc_make(&l, &A, trand(g) & tmask(n), kind), HC_OK);
  return l;
}

/* Own message list from the definitions (Definitions 1-4 of the paper). */
static size_t tmessages(const hc_lcc *l, uint32_t *src, uint32_t *dst) {
  size_t k = 0;
  for (uint32_t v = 0; v < (1u << l->n); v++) {
    uint32_t w = tmulvec(&l->A, v) ^ l->b;
    if (l->kind == HC_LCS) { /* destination v gets its message from w */
      src[k] = w;
      dst[k] = v;
    } else { /* source v sends to w */
      src[k] = v;
      dst[k] = w;
    }
    k++;
  }
  return k;
}

/* Own node mapping of a bit order: bit k of the result is bit R[k] of x. */
static uint32_t tmap(const int *R, int n, uint32_t x) {
  uint32_t y = 0;
  for (int k = 0; k < n; k++)
    if ((x >> R[k]) & 1u) y |= 1u << k;
  return y;
}

/*
** Own e-cube (or, high_first, highest-dimension-first) path count: T[i] =
** max over channels of dimension i of the messages whose path uses it.
** cnt is scratch of n << n words.
*/
static void tpaths(int n, const uint32_t *src, const uint32_t *dst, size_t m,
                   int high_first, uint32_t *cnt, uint64_t *T) {
  memset(cnt, 0, ((size_t)n << n) * sizeof *cnt);
  for (size_t k = 0; k < m; k++) {
    uint32_t cur = src[k];
    for (int s = 0; s < n; s++) {
      int i = high_first ? n - 1 - s : s;
      if (((cur ^ dst[k]) >> i) & 1u) {
        cnt[(size_t)cur * n + i]++;
        cur ^= 1u << i;
      }
    }
    assert_true(cur == dst[k]);
  }
  for (int i = 0; i < n; i++) {
    T[i] = 0;
    for (uint32_t x = 0; x < (1u << n); x++)
      if (cnt[(size_t)x * n + i] > T[i]) T[i] = cnt[(size_t)x * n + i];
  }
}

static uint64_t tmax(const uint64_t *T, int n) {
  uint64_t m = 0;
  for (int i = 0; i < n; i++)
    if (T[i] > m) m = T[i];
  return m;
}

/* Scratch for n <= 10. */
#define TN 10
static uint32_t t_src[1u << TN], t_dst[1u << TN], t_ms[1u << TN],
    t_md[1u << TN], t_cnt[TN << TN];

/* e-cube contention per dimension of l after the bit order R (NULL = none),
** by message mapping and path following only. */
static void tcontention(const hc_lcc *l, const int *R, uint64_t *T) {
  assert_true(l->n <= TN);
  size_t m = tmessages(l, t_src, t_dst);
  for (size_t k = 0; k < m; k++) {
    t_ms[k] = R ? tmap(R, l->n, t_src[k]) : t_src[k];
    t_md[k] = R ? tmap(R, l->n, t_dst[k]) : t_dst[k];
  }
  tpaths(l->n, t_ms, t_md, m, 0, t_cnt, T);
}

/* Minimum over all n! bit orders of max_r of the set's objective, from path
** counts (objective as the paper's Section 5). */
static int t_perm[TN];
static uint64_t tbest;
static void tbrute_rec(const hc_lcc *set, int m, hc_lcc_objective obj,
                       int depth, uint32_t used) {
  int n = set[0].n;
  if (depth == n) {
    uint64_t per[TN] = {0}, sums = 0, mm = 0;
    for (int r = 0; r < m; r++) {
      uint64_t T[TN];
      tcontention(&set[r], t_perm, T);
      for (int i = 0; i < n; i++) {
        per[i] += T[i];
        sums += T[i];
        if (T[i] > mm) mm = T[i];
      }
    }
    uint64_t v = obj == HC_LCC_MAX_OF_MAX   ? mm
                 : obj == HC_LCC_MAX_OF_SUM ? tmax(per, n)
                                            : sums;
    if (v < tbest) tbest = v;
    return;
  }
  for (int j = 0; j < n; j++) {
    if ((used >> j) & 1u) continue;
    t_perm[depth] = j;
    tbrute_rec(set, m, obj, depth + 1, used | (1u << j));
  }
}
static uint64_t tbrute(const hc_lcc *set, int m, hc_lcc_objective obj) {
  tbest = UINT64_MAX;
  tbrute_rec(set, m, obj, 0, 0);
  return tbest;
}

static void assert_T_equal(const uint64_t *a, const uint64_t *b, int n) {
  for (int i = 0; i < n; i++)
    if (a[i] != b[i])
      fail_msg("dimension %d: %llu != %llu", i, (unsigned long long)a[i],
               (unsigned long long)b[i]);
}

/* Paper's matrices (rows a_{i,0} ... a_{i,7}, as printed). */
static const char *EX1_BITREV =
    "00000001\n00000010\n00000100\n00001000\n00010000\n00100000\n01000000\n"
    "10000000\n";
static const char *EX3_TRANSPOSE =
    "00001000\n00000100\n00000010\n00000001\n10000000\n01000000\n00100000\n"
    "00010000\n";
static const char *EX4_D =
    "01000000\n10000000\n00010000\n00100000\n00000100\n00001000\n00000001\n"
    "00000010\n";
static const char *EX5_SCALE =
    "01000000\n00100000\n00010000\n00000000\n00000100\n00000010\n00000001\n"
    "00000000\n";
static const char *EX5_FFT_ROW =
    "00010000\n00100000\n01000000\n10000000\n00001000\n00000100\n00000010\n"
    "00000001\n";
static const char *EX5_FFT_COL =
    "10000000\n01000000\n00100000\n00010000\n00000001\n00000010\n00000100\n"
    "00001000\n";
static const char *EX6_Q =
    "00010000\n00001000\n10000000\n00000001\n00100000\n00000100\n01000000\n"
    "00000010\n";
/* The scan prints Q^-1's last row apart from the others; it is 00010000. */
static const char *EX6_QINV =
    "00100000\n00000010\n00001000\n10000000\n01000000\n00000100\n00000001\n"
    "00010000\n";
static const char *EX6_TRANSPOSE_NEW =
    "00010000\n00100000\n01000000\n10000000\n00000001\n00000010\n00000100\n"
    "00001000\n";
static const int EX4_ORDER[8] = {0, 4, 2, 6, 1, 5, 3, 7};
static const int EX6_ORDER[8] = {3, 4, 0, 7, 2, 5, 1, 6};

/* ---------------------------------------------------------------- gf2 */

static void test_gf2_identity_product(void **state) {
  (void)state;
  /* Hand product: A = [110;011;001], B = [100;110;011]:
  ** row0 of AB = B0+B1 = 100+110 = 010; row1 = B1+B2 = 110+011 = 101;
  ** row2 = B2 = 011. */
  hc_gf2_mat A = tmat("110\n011\n001"), B = tmat("100\n110\n011");
  hc_gf2_mat C, I, want = tmat("010\n101\n011");
  assert_int_equal(hc_gf2_mul(&A, &B, &C), HC_OK);
  assert_true(hc_gf2_equal(&C, &want));
  assert_int_equal(hc_gf2_identity(&I, 3), HC_OK);
  assert_int_equal(hc_gf2_mul(&I, &A, &C), HC_OK);
  assert_true(hc_gf2_equal(&C, &A));
  assert_int_equal(hc_gf2_mul(&A, &I, &A), HC_OK); /* aliasing */
  assert_true(hc_gf2_equal(&A, tm("110\n011\n001")));
  /* 2x3 times 3x1: [101;011] * [1;1;0] = [1;1] */
  hc_gf2_mat R = tmat("101\n011"), v = tmat("1\n1\n0"), out;
  assert_int_equal(hc_gf2_mul(&R, &v, &out), HC_OK);
  assert_int_equal(out.rows, 2);
  assert_int_equal(out.cols, 1);
  assert_int_equal(out.r[0], 1);
  assert_int_equal(out.r[1], 1);
  assert_int_equal(hc_gf2_mul(&R, &R, &out), HC_ESIZE);
  assert_int_equal(hc_gf2_mul(NULL, &R, &out), HC_EPARAM);
  /* matrix * vector: the 8-cube transpose maps pixel (px=1, py=2), node
  ** 0x21, to (px=2, py=1), node 0x12 (Example 5.1). */
  hc_gf2_mat T = tmat(EX3_TRANSPOSE);
  assert_int_equal(hc_gf2_mulvec(&T, 0x21), 0x12);
  assert_int_equal(hc_gf2_get(&T, 0, 4), 1);
  assert_int_equal(hc_gf2_get(&T, 4, 0), 1);
  assert_int_equal(hc_gf2_get(&T, 0, 0), 0);
  hc_gf2_set(&T, 0, 0, 1);
  assert_int_equal(T.r[0], 0x11);
}

static void test_gf2_rank_hand(void **state) {
  (void)state;
  /* Rows 110 + 011 = 101, the third row: rank 2. */
  assert_int_equal(hc_gf2_rank(&(hc_gf2_mat){0}), 0);
  assert_int_equal(hc_gf2_rank(tm("110\n011\n101")), 2);
  assert_int_equal(hc_gf2_rank(tm("10\n00")), 1);
  assert_int_equal(hc_gf2_rank(tm("000\n000")), 0);
  assert_int_equal(hc_gf2_rank(tm("111\n111\n111")), 1);
  assert_int_equal(hc_gf2_rank(tm("1100\n0110\n0011\n1001")), 3);
  hc_gf2_mat I;
  for (int n = 0; n <= 32; n++) {
    hc_gf2_identity(&I, n);
    assert_int_equal(hc_gf2_rank(&I), n);
  }
  /* Example 3: ranks of A_{L_{i+1},L_i} for the transpose are
  ** 0,0,0,0,1,3,5,7 (T_i = 2^(i - rank) = 1,2,4,8,8,4,2,1). */
  hc_gf2_mat T = tmat(EX3_TRANSPOSE);
  const int want[8] = {0, 0, 0, 0, 1, 3, 5, 7};
  for (int i = 0; i < 8; i++)
    assert_int_equal(
        hc_gf2_subrank(&T, (1u << (i + 1)) - 1u, (1u << i) - 1u), want[i]);
  /* Submatrix rows {0,2}, columns {0,2} of 110;011;101 = [10;11]: rank 2. */
  assert_int_equal(hc_gf2_subrank(tm("110\n011\n101"), 5u, 5u), 2);
}

static void test_gf2_inverse_hand(void **state) {
  (void)state;
  /* U = I + N with N = e01 + e12 nilpotent: U^-1 = I + N + N^2, N^2 = e02. */
  hc_gf2_mat U = tmat("110\n011\n001"), inv;
  assert_int_equal(hc_gf2_inverse(&U, &inv), HC_OK);
  assert_true(hc_gf2_equal(&inv, tm("111\n011\n001")));
  hc_gf2_mat S = tmat("11\n01");
  assert_int_equal(hc_gf2_inverse(&S, &S), HC_OK); /* self-inverse */
  assert_true(hc_gf2_equal(&S, tm("11\n01")));
  hc_gf2_mat Z = tmat("110\n011\n101"), keep = Z;
  assert_int_equal(hc_gf2_inverse(&Z, &Z), HC_ESINGULAR);
  assert_true(hc_gf2_equal(&Z, &keep));
  assert_int_equal(hc_gf2_inverse(tm("110\n011"), &inv), HC_ESIZE);
  /* Transpose of a permutation matrix is its inverse (Example 6's Q). */
  hc_gf2_mat Q, Qi, Qt;
  assert_int_equal(hc_gf2_perm(EX6_ORDER, 8, &Q), HC_OK);
  assert_true(hc_gf2_equal(&Q, tm(EX6_Q)));
  assert_int_equal(hc_gf2_inverse(&Q, &Qi), HC_OK);
  assert_true(hc_gf2_equal(&Qi, tm(EX6_QINV)));
  assert_int_equal(hc_gf2_transpose(&Q, &Qt), HC_OK);
  assert_true(hc_gf2_equal(&Qt, &Qi));
  int bad[3] = {0, 0, 2};
  assert_int_equal(hc_gf2_perm(bad, 3, &Q), HC_EPARAM);
  assert_false(hc_gf2_is_perm(bad, 3));
}

static void test_gf2_inverse_random(void **state) {
  (void)state;
  trng g = {0x1234567};
  for (int n = 1; n <= 32; n++) {
    for (int rep = 0; rep < 8; rep++) {
      hc_gf2_mat A = trandmat(&g, n, n), Ai, P, I;
      hc_gf2_identity(&I, n);
      assert_int_equal(hc_gf2_rank(&A), n);
      assert_int_equal(hc_gf2_inverse(&A, &Ai), HC_OK);
      assert_int_equal(hc_gf2_mul(&A, &Ai, &P), HC_OK);
      assert_true(hc_gf2_equal(&P, &I));
      assert_int_equal(hc_gf2_mul(&Ai, &A, &P), HC_OK);
      assert_true(hc_gf2_equal(&P, &I));
      /* (A^t)^t = A; x = A^-1 (A x) */
      hc_gf2_mat At;
      hc_gf2_transpose(&A, &At);
      hc_gf2_transpose(&At, &At);
      assert_true(hc_gf2_equal(&At, &A));
      uint32_t x = trand(&g) & tmask(n);
      assert_int_equal(hc_gf2_mulvec(&Ai, hc_gf2_mulvec(&A, x)), x);
      if (n >= 2) { /* a singular one of every rank below n */
        int r = (int)(trand(&g) % (uint32_t)n);
        hc_gf2_mat B = trandmat(&g, n, r);
        assert_int_equal(hc_gf2_rank(&B), r);
        assert_int_equal(hc_gf2_inverse(&B, &Ai), HC_ESINGULAR);
      }
    }
  }
}

static void test_gf2_solve(void **state) {
  (void)state;
  trng g = {99};
  for (int n = 1; n <= 8; n++) {
    for (int rep = 0; rep < 20; rep++) {
      hc_gf2_mat A = trandmat(&g, n, (int)(trand(&g) % (uint32_t)(n + 1)));
      uint32_t rhs = trand(&g) & tmask(n), x0, basis[32];
      int dim;
      assert_int_equal(hc_gf2_solve(&A, rhs, &x0, basis, &dim), HC_OK);
      /* all solutions by trying every x */
      uint32_t sols[256];
      int ns = 0;
      for (uint32_t x = 0; x < (1u << n); x++)
        if (tmulvec(&A, x) == rhs) sols[ns++] = x;
      if (ns == 0) {
        assert_int_equal(dim, -1);
        continue;
      }
      assert_int_equal(dim, n - trank(&A));
      assert_int_equal(ns, 1 << dim);
      /* counter order gives the solutions in increasing order */
      for (int c = 0; c < ns; c++) {
        uint32_t y = x0;
        for (int k = 0; k < dim; k++)
          if ((c >> k) & 1) y ^= basis[k];
        assert_int_equal(y, sols[c]);
      }
    }
  }
  /* kernel vector: columns 0 and 2 of 101;011 are equal; restricted to
  ** columns {0,1} there is no dependency. */
  hc_gf2_mat M = tmat("101\n011");
  uint32_t v;
  assert_int_equal(hc_gf2_kernel_vector(&M, 3u, 7u, &v), 1);
  assert_int_equal(tmulvec(&M, v), 0);
  assert_true(v != 0);
  assert_int_equal(hc_gf2_kernel_vector(&M, 3u, 3u, &v), 0);
  assert_int_equal(v, 0);
}

static void test_gf2_parse_format(void **state) {
  (void)state;
  hc_gf2_mat m;
  char err[160], buf[200];
  /* blanks, commas, comments, ';' rows, CRLF and blank lines */
  const char *text =
      "# the 3-cube bit reverse\n"
      "0 0 1\r\n"
      "\n"
      "0,1,0 # middle row\n"
      "100;";
  assert_int_equal(hc_gf2_parse(text, 3, 3, &m, err, sizeof err), HC_OK);
  assert_int_equal(m.rows, 3);
  assert_int_equal(m.cols, 3);
  assert_int_equal(m.r[0], 4u); /* a_{0,2} = 1: y_0 = x_2 */
  assert_int_equal(m.r[1], 2u);
  assert_int_equal(m.r[2], 1u);
  assert_int_equal(hc_gf2_format(&m, buf, sizeof buf), HC_OK);
  assert_string_equal(buf, "001\n010\n100\n");
  assert_int_equal(hc_gf2_format(&m, buf, 12), HC_EBUFFER);
  assert_string_equal(buf, "");
  /* round trip of a random 32 x 32 */
  trng g = {5};
  hc_gf2_mat big = trandmat(&g, 32, 32), back;
  char bigbuf[32 * 33 + 1];
  assert_int_equal(hc_gf2_format(&big, bigbuf, sizeof bigbuf), HC_OK);
  assert_int_equal(hc_gf2_parse(bigbuf, 32, 32, &back, err, sizeof err),
                   HC_OK);
  assert_true(hc_gf2_equal(&big, &back));
  /* vectors: paper order (b_0 first) and hex */
  uint32_t v;
  assert_int_equal(hc_gf2_parse_vec("11110000", 8, &v, err, sizeof err),
                   HC_OK);
  assert_int_equal(v, 0x0fu);
  assert_int_equal(hc_gf2_parse_vec("0 0 0 0 1 1 1 1", 8, &v, err, sizeof err),
                   HC_OK);
  assert_int_equal(v, 0xf0u);
  assert_int_equal(hc_gf2_parse_vec("0xf0", 8, &v, err, sizeof err), HC_OK);
  assert_int_equal(v, 0xf0u);
  assert_int_equal(hc_gf2_format_vec(0x0f, 8, buf, sizeof buf), HC_OK);
  assert_string_equal(buf, "11110000");
}

static void test_gf2_parse_errors(void **state) {
  (void)state;
  hc_gf2_mat m = tmat("1");
  hc_gf2_mat keep = m;
  char err[160];
  /* a non-binary entry, named with its row and entry */
  assert_int_equal(hc_gf2_parse("010\n012\n001", 0, 0, &m, err, sizeof err),
                   HC_EPARSE);
  assert_non_null(strstr(err, "row 2"));
  assert_non_null(strstr(err, "entry 3"));
  assert_non_null(strstr(err, "'2'"));
  assert_true(hc_gf2_equal(&m, &keep));
  assert_int_equal(hc_gf2_parse("01x", 0, 0, &m, err, sizeof err),
                   HC_EPARSE);
  /* ragged rows */
  assert_int_equal(hc_gf2_parse("010\n01\n001", 0, 0, &m, err, sizeof err),
                   HC_ESIZE);
  assert_non_null(strstr(err, "row 2"));
  /* wrong size against the expected one */
  assert_int_equal(hc_gf2_parse("01\n10", 3, 3, &m, err, sizeof err),
                   HC_ESIZE);
  assert_non_null(strstr(err, "2 x 2"));
  assert_non_null(strstr(err, "3 x 3"));
  /* too many columns / rows */
  char wide[64];
  memset(wide, '0', 33);
  wide[33] = '\0';
  assert_int_equal(hc_gf2_parse(wide, 0, 0, &m, err, sizeof err),
                   HC_ESIZE);
  char tall[33 * 2 + 1];
  for (int i = 0; i < 33; i++) {
    tall[2 * i] = '1';
    tall[2 * i + 1] = '\n';
  }
  tall[66] = '\0';
  assert_int_equal(hc_gf2_parse(tall, 0, 0, &m, err, sizeof err),
                   HC_ESIZE);
  /* nothing */
  assert_int_equal(hc_gf2_parse("# only a comment\n\n", 0, 0, &m, err,
                                sizeof err),
                   HC_EPARSE);
  assert_int_equal(hc_gf2_parse(NULL, 0, 0, &m, err, sizeof err),
                   HC_EPARAM);
  assert_int_equal(hc_gf2_parse("1", 40, 0, &m, NULL, 0), HC_EPARAM);
  /* vectors */
  uint32_t v = 7;
  assert_int_equal(hc_gf2_parse_vec("1101", 8, &v, err, sizeof err),
                   HC_ESIZE);
  assert_non_null(strstr(err, "4 entries"));
  assert_int_equal(hc_gf2_parse_vec("11021111", 8, &v, err, sizeof err),
                   HC_EPARSE);
  assert_non_null(strstr(err, "'2'"));
  assert_int_equal(hc_gf2_parse_vec("0x100", 8, &v, err, sizeof err),
                   HC_ESIZE);
  assert_int_equal(hc_gf2_parse_vec("0x", 8, &v, err, sizeof err),
                   HC_EPARSE);
  assert_int_equal(hc_gf2_parse_vec("0x1g", 8, &v, err, sizeof err),
                   HC_EPARSE);
  assert_int_equal(v, 7u);
  assert_string_not_equal(hc_strerror(HC_EPARSE), "unknown status");
  assert_string_equal(hc_strerror(12345), "unknown status");
}

/* ------------------------------------------------------- lcc_presets */

static void test_presets_list(void **state) {
  (void)state;
  int cnt = 0;
  const hc_lcc_preset_info *p = hc_lcc_presets(&cnt);
  assert_true(cnt >= 14);
  const char *required[] = {"transpose", "bitrev",       "revflip",
                            "shuffle",   "reflect_diag", "reflect_anti",
                            "rot90",     "rot180",       "rot270",
                            "reflect_vert", "reflect_horiz", "scale2x",
                            "fft_row",   "fft_col"};
  for (size_t k = 0; k < sizeof required / sizeof *required; k++) {
    int found = 0;
    for (int i = 0; i < cnt; i++) found += !strcmp(p[i].name, required[k]);
    if (found != 1) fail_msg("preset %s listed %d times", required[k], found);
  }
  for (int i = 0; i < cnt; i++) {
    assert_true(strlen(p[i].desc) > 10);
    assert_true(strlen(p[i].section) > 0);
    hc_lcc l;
    for (int n = 1; n <= 32; n++) {
      int rc = hc_lcc_preset(p[i].name, n, &l);
      if (p[i].even_only && (n & 1)) {
        assert_int_equal(rc, HC_ESIZE);
        continue;
      }
      assert_int_equal(rc, HC_OK);
      assert_int_equal(l.n, n);
      assert_int_equal(hc_lcc_check(&l), HC_OK);
    }
  }
}

static void test_presets_unknown(void **state) {
  (void)state;
  hc_lcc l;
  assert_int_equal(hc_lcc_preset("nosuch", 8, &l), HC_EUNKNOWN);
  assert_int_equal(hc_lcc_preset("Transpose", 8, &l), HC_EUNKNOWN);
  assert_int_equal(hc_lcc_preset("", 8, &l), HC_EUNKNOWN);
  assert_int_equal(hc_lcc_preset(NULL, 8, &l), HC_EPARAM);
  assert_int_equal(hc_lcc_preset("bitrev", 0, &l), HC_EPARAM);
  assert_int_equal(hc_lcc_preset("bitrev", 33, &l), HC_EPARAM);
  assert_int_equal(hc_lcc_preset("rot90", 7, &l), HC_ESIZE);
}

/* The presets at n = 8 are the paper's matrices and vectors. */
static void test_presets_paper_matrices(void **state) {
  (void)state;
  struct {
    const char *name, *A;
    uint32_t b;
    hc_lcc_kind kind;
  } want[] = {
      {"transpose", EX3_TRANSPOSE, 0, HC_LCP},
      {"reflect_diag", EX3_TRANSPOSE, 0, HC_LCP},
      {"reflect_anti", EX3_TRANSPOSE, 0xff, HC_LCP}, /* [11111111]^t */
      {"rot90", EX3_TRANSPOSE, 0x0f, HC_LCP},        /* [11110000]^t */
      {"rot270", EX3_TRANSPOSE, 0xf0, HC_LCP},       /* [00001111]^t */
      {"reflect_vert", NULL, 0x0f, HC_LCP},          /* I, [11110000]^t */
      {"reflect_horiz", NULL, 0xf0, HC_LCP},         /* I, [00001111]^t */
      {"rot180", NULL, 0xff, HC_LCP},                /* I, [11111111]^t */
      {"bitrev", EX1_BITREV, 0, HC_LCP},
      {"revflip", EX1_BITREV, 0xff, HC_LCP}, /* Sec. 6.1: complemented */
      {"scale2x", EX5_SCALE, 0, HC_LCS},
      {"fft_row", EX5_FFT_ROW, 0, HC_LCP},
      {"fft_col", EX5_FFT_COL, 0, HC_LCP},
  };
  for (size_t k = 0; k < sizeof want / sizeof *want; k++) {
    hc_lcc l;
    hc_gf2_mat A;
    assert_int_equal(hc_lcc_preset(want[k].name, 8, &l), HC_OK);
    if (want[k].A)
      A = tmat(want[k].A);
    else
      hc_gf2_identity(&A, 8);
    if (!hc_gf2_equal(&l.A, &A)) fail_msg("preset %s: A differs", want[k].name);
    assert_int_equal(l.b, want[k].b);
    assert_int_equal(l.kind, want[k].kind);
  }
  /* scale2x has rank n - 2 (rows 3 and 7 are zero) */
  hc_lcc s;
  hc_lcc_preset("scale2x", 8, &s);
  assert_int_equal(hc_gf2_rank(&s.A), 6);
}

/* Pixel semantics of Example 5 on the 16 x 16 image (node py*16 + px), and
** the definitions of Sec. 6.1 and of the perfect shuffle. */
static void test_presets_semantics(void **state) {
  (void)state;
  hc_lcc l;
  uint32_t d[4];
  uint64_t c;
#define NODE(px, py) ((uint32_t)((py) * 16 + (px)))
  hc_lcc_preset("reflect_diag", 8, &l); /* (px,py) -> (py,px) */
  hc_lcc_dests(&l, NODE(3, 5), d, 4, &c);
  assert_int_equal(c, 1);
  assert_int_equal(d[0], NODE(5, 3));
  hc_lcc_preset("reflect_anti", 8, &l); /* line py = 15 - px */
  hc_lcc_dests(&l, NODE(3, 5), d, 4, &c);
  assert_int_equal(d[0], NODE(15 - 5, 15 - 3));
  hc_lcc_preset("reflect_vert", 8, &l); /* (15 - px, py) */
  hc_lcc_dests(&l, NODE(3, 5), d, 4, &c);
  assert_int_equal(d[0], NODE(12, 5));
  hc_lcc_preset("reflect_horiz", 8, &l);
  hc_lcc_dests(&l, NODE(3, 5), d, 4, &c);
  assert_int_equal(d[0], NODE(3, 10));
  /* rotations: rot90 four times and rot90 then rot270 are the identity,
  ** rot90 twice is rot180 (checked on every pixel) */
  hc_lcc r90, r180, r270;
  hc_lcc_preset("rot90", 8, &r90);
  hc_lcc_preset("rot180", 8, &r180);
  hc_lcc_preset("rot270", 8, &r270);
  for (uint32_t x = 0; x < 256; x++) {
    uint32_t a, b2, b3, b4, y180, y270;
    hc_lcc_dests(&r90, x, &a, 1, &c);
    hc_lcc_dests(&r90, a, &b2, 1, &c);
    hc_lcc_dests(&r90, b2, &b3, 1, &c);
    hc_lcc_dests(&r90, b3, &b4, 1, &c);
    hc_lcc_dests(&r180, x, &y180, 1, &c);
    hc_lcc_dests(&r270, a, &y270, 1, &c);
    assert_int_equal(b4, x);
    assert_int_equal(b2, y180);
    assert_int_equal(y270, x);
    if (x != NODE(7, 7) && x != NODE(8, 8) && x != NODE(7, 8) &&
        x != NODE(8, 7))
      assert_true(a != x); /* only a rotation of the centre 2x2 could fix */
  }
  /* Sec. 6.1: bit-reverse and reverse-flip; shuffle = rotate left by 1 */
  trng g = {77};
  for (int n = 2; n <= 16; n++) {
    hc_lcc br, rf, sh;
    hc_lcc_preset("bitrev", n, &br);
    hc_lcc_preset("revflip", n, &rf);
    hc_lcc_preset("shuffle", n, &sh);
    for (int rep = 0; rep < 20; rep++) {
      uint32_t x = trand(&g) & tmask(n), rev = 0, y;
      for (int i = 0; i < n; i++) rev |= ((x >> i) & 1u) << (n - 1 - i);
      hc_lcc_dests(&br, x, &y, 1, &c);
      assert_int_equal(y, rev);
      hc_lcc_dests(&rf, x, &y, 1, &c);
      assert_int_equal(y, ~rev & tmask(n));
      hc_lcc_dests(&sh, x, &y, 1, &c);
      assert_int_equal(y, ((x << 1) | (x >> (n - 1))) & tmask(n));
    }
  }
  /* Sec. 6.1 transpose: [x0..x7] -> [x4 x5 x6 x7 x0 x1 x2 x3] */
  hc_lcc_preset("transpose", 8, &l);
  hc_lcc_dests(&l, 0x5a, d, 1, &c);
  assert_int_equal(d[0], 0xa5);
  /* odd n: 2^ceil(n/2) x 2^floor(n/2) matrix, element (r,c) at r*C + c
  ** moves to c*R + r: n = 5, C = 4, R = 8, (r=5, c=3) -> 3*8 + 5 */
  hc_lcc_preset("transpose", 5, &l);
  hc_lcc_dests(&l, 5 * 4 + 3, d, 1, &c);
  assert_int_equal(d[0], 3 * 8 + 5);
#undef NODE
}

/* Example 5.3: the LCS scale sends pixel (px,py), px,py < 8, to the four
** pixels (2px+e, 2py+f); other sources send nothing. */
static void test_presets_scale_fanout(void **state) {
  (void)state;
  hc_lcc l;
  uint32_t d[8];
  uint64_t c;
  hc_lcc_preset("scale2x", 8, &l);
  assert_int_equal(hc_lcc_dests(&l, 5 * 16 + 3, d, 8, &c), HC_OK);
  assert_int_equal(c, 4);
  assert_int_equal(d[0], 10 * 16 + 6);
  assert_int_equal(d[1], 10 * 16 + 7);
  assert_int_equal(d[2], 11 * 16 + 6);
  assert_int_equal(d[3], 11 * 16 + 7);
  assert_int_equal(hc_lcc_dests(&l, 5 * 16 + 9, d, 8, &c), HC_OK);
  assert_int_equal(c, 0);
  assert_int_equal(hc_lcc_dests(&l, 1 * 16 + 1, d, 2, &c), HC_OK);
  assert_int_equal(c, 4); /* count is complete even if cap is smaller */
  assert_int_equal(hc_lcc_message_count(&l), 256);
  assert_int_equal(hc_lcc_dests(&l, 256, d, 8, &c), HC_EPARAM);
}

/* Message enumeration agrees with the definitions, in the documented order. */
typedef struct tcollect {
  size_t k;
  uint32_t *s, *d;
} tcollect;
static int tcollect_cb(void *ctx, uint32_t s, uint32_t d) {
  tcollect *t = ctx;
  t->s[t->k] = s;
  t->d[t->k] = d;
  t->k++;
  return 0;
}
static int tstop_cb(void *ctx, uint32_t s, uint32_t d) {
  (void)s;
  (void)d;
  return ++*(int *)ctx == 3;
}

static void test_presets_messages(void **state) {
  (void)state;
  trng g = {31337};
  for (int n = 1; n <= 8; n++) {
    for (int kind = HC_LCP; kind <= HC_LCS; kind++) {
      hc_lcc l = trandlcc(&g, n, (hc_lcc_kind)kind,
                          kind == HC_LCP ? n : (int)(trand(&g) % (uint32_t)n));
      static uint32_t es[256], ed[256], gs[256], gd[256];
      size_t m = tmessages(&l, es, ed);
      tcollect t = {0, gs, gd};
      assert_int_equal(hc_lcc_foreach_message(&l, tcollect_cb, &t), HC_OK);
      assert_int_equal(t.k, m);
      assert_int_equal(hc_lcc_message_count(&l), m);
      /* same multiset: every generated message is an expected one */
      for (size_t k = 0; k < m; k++) {
        if (k > 0) /* sources increasing, destinations increasing per source */
          assert_true(gs[k] > gs[k - 1] ||
                      (gs[k] == gs[k - 1] && gd[k] > gd[k - 1]));
        size_t hit = 0;
        for (size_t e = 0; e < m; e++) hit += es[e] == gs[k] && ed[e] == gd[k];
        assert_int_equal(hit, 1);
      }
    }
  }
  hc_lcc l;
  hc_lcc_preset("bitrev", 4, &l);
  int calls = 0;
  assert_int_equal(hc_lcc_foreach_message(&l, tstop_cb, &calls), HC_EABORT);
  assert_int_equal(calls, 3);
  assert_int_equal(hc_lcc_foreach_message(&l, NULL, NULL), HC_EPARAM);
}

static void test_presets_bad_inputs(void **state) {
  (void)state;
  hc_lcc l, keep;
  char err[200];
  hc_lcc_preset("bitrev", 3, &l);
  keep = l;
  /* singular A given as an LCP */
  hc_gf2_mat S = tmat("110\n011\n101");
  assert_int_equal(hc_lcc_make(&l, &S, 0, HC_LCP), HC_ESINGULAR);
  assert_int_equal(hc_lcc_parse("110\n011\n101", NULL, 0, HC_LCP, &l, err,
                                sizeof err),
                   HC_ESINGULAR);
  assert_non_null(strstr(err, "singular"));
  /* nonsingular A given as an LCG or LCS */
  hc_gf2_mat I;
  hc_gf2_identity(&I, 3);
  assert_int_equal(hc_lcc_make(&l, &I, 0, HC_LCG), HC_EKIND);
  assert_int_equal(hc_lcc_make(&l, &I, 0, HC_LCS), HC_EKIND);
  /* wrong size, non-binary entry, bad b */
  assert_int_equal(hc_lcc_parse("10\n01", NULL, 3, HC_LCP, &l, err, sizeof err),
                   HC_ESIZE);
  assert_int_equal(hc_lcc_parse("100\n010", NULL, 0, HC_LCP, &l, err,
                                sizeof err),
                   HC_ESIZE);
  assert_non_null(strstr(err, "square"));
  assert_int_equal(hc_lcc_parse("100\n0a0\n001", NULL, 0, HC_LCP, &l, err,
                                sizeof err),
                   HC_EPARSE);
  assert_non_null(strstr(err, "'a'"));
  assert_int_equal(hc_lcc_parse("100\n010\n001", "1101", 0, HC_LCP, &l, err,
                                sizeof err),
                   HC_ESIZE);
  hc_gf2_mat R = tmat("100\n010");
  assert_int_equal(hc_lcc_make(&l, &R, 0, HC_LCP), HC_ESIZE);
  assert_int_equal(hc_lcc_make(&l, &I, 8, HC_LCP), HC_EPARAM);
  assert_int_equal(hc_lcc_make(&l, &I, 0, (hc_lcc_kind)7), HC_EPARAM);
  assert_int_equal(memcmp(&l, &keep, sizeof l), 0); /* untouched on error */
  /* AUTO classification; good parse */
  assert_int_equal(hc_lcc_make(&l, &S, 0, HC_LCC_AUTO), HC_OK);
  assert_int_equal(l.kind, HC_LCG);
  assert_int_equal(hc_lcc_classify(&I), HC_LCP);
  assert_int_equal(hc_lcc_parse("001\n010\n100", "110", 0, HC_LCC_AUTO, &l,
                                err, sizeof err),
                   HC_OK);
  assert_int_equal(l.kind, HC_LCP);
  assert_int_equal(l.b, 3u);
  assert_string_equal(hc_lcc_kind_name(HC_LCS), "LCS");
}

/* The LCC file text (hc_lcc_parse_file): the b line anywhere and with a
** CRLF end; a carriage return inside the vector is refused, not a cut (it
** read "b 1010\rjunk" as 1010); the line of a refusal. The 2-cube's
** "01;10" with b = "10" is the exchange x -> (x1, x0) ^ 1. */
static void test_lcc_file_text(void **state) {
  (void)state;
  hc_lcc l;
  char err[200];
  unsigned long line = 99;
  static const char crlf[] = "# the exchange\r\nB: 10\r\n01\r\n10\r\n";
  assert_int_equal(hc_lcc_parse_file(crlf, sizeof crlf - 1, 2, HC_LCC_AUTO, &l, &line, err, sizeof err), HC_OK);
  assert_int_equal(line, 0);
  assert_int_equal(l.b, 1u);
  assert_int_equal(l.A.r[0], 2u); /* row 0 "01": a_{0,1} = 1 */
  assert_int_equal(l.A.r[1], 1u);
  static const char cr[] = "01\n10\nb 10\rjunk\n";
  assert_int_not_equal(hc_lcc_parse_file(cr, sizeof cr - 1, 2, HC_LCC_AUTO, &l, &line, err, sizeof err), HC_OK);
  static const char two_b[] = "01\nb 10\n10\nb 01\n";
  assert_int_equal(hc_lcc_parse_file(two_b, sizeof two_b - 1, 2, HC_LCC_AUTO, &l, &line, err, sizeof err), HC_EPARSE);
  assert_int_equal(line, 4);
  assert_non_null(strstr(err, "the first is line 2"));
  static const char nul[] = "01\n1\0000\n";
  assert_int_equal(hc_lcc_parse_file(nul, sizeof nul - 1, 2, HC_LCC_AUTO, &l, &line, err, sizeof err), HC_EPARSE);
  assert_int_equal(line, 2);
  assert_non_null(strstr(err, "column 2"));
  /* the matrix parser's line numbers are the file's: the b line counts */
  static const char bad[] = "b 11\n01\n1x\n";
  assert_int_equal(hc_lcc_parse_file(bad, sizeof bad - 1, 2, HC_LCC_AUTO, &l, &line, err, sizeof err), HC_EPARSE);
  assert_int_equal(line, 0);
  assert_non_null(strstr(err, "line 3"));
}

/* The --lccs list (hc_lcc_preset_list): presets in order, the skipped name
** checked but left out, empty names refused, the capacity counted without
** the skipped name, and a control byte in a name quoted printable. */
static void test_lcc_preset_list(void **state) {
  (void)state;
  hc_lcc set[4], want;
  char err[200];
  int m = 1; /* set[0]: the caller's own */
  assert_int_equal(hc_lcc_preset_list("bitrev,transpose,shuffle", 4, "transpose", set, 3, &m, err, sizeof err), HC_OK);
  assert_int_equal(m, 3);
  hc_lcc_preset("shuffle", 4, &want);
  assert_true(hc_gf2_equal(&set[2].A, &want.A));
  m = 0;
  assert_int_equal(hc_lcc_preset_list("bitrev,,shuffle", 4, NULL, set, 4, &m, err, sizeof err), HC_EPARSE);
  assert_non_null(strstr(err, "name 2 is empty"));
  m = 3;
  assert_int_equal(hc_lcc_preset_list("transpose,bitrev", 4, "transpose", set, 4, &m, err, sizeof err), HC_OK);
  m = 3;
  assert_int_equal(hc_lcc_preset_list("bitrev,shuffle", 4, NULL, set, 4, &m, err, sizeof err), HC_ESIZE);
  m = 0;
  assert_int_equal(hc_lcc_preset_list("rot90", 3, NULL, set, 4, &m, err, sizeof err), HC_ESIZE);
  assert_int_equal(hc_lcc_preset_list("bit\033rev", 4, NULL, set, 4, &m, err, sizeof err), HC_EUNKNOWN);
  assert_non_null(strstr(err, "'bit\\x1Brev'"));
}

/* ------------------------------------------------------- lcc_theorem1 */

static void test_theorem1_example3(void **state) {
  (void)state;
  hc_lcc l;
  uint64_t T[8], P[8];
  const uint64_t want[8] = {1, 2, 4, 8, 8, 4, 2, 1};
  hc_lcc_preset("transpose", 8, &l);
  assert_int_equal(hc_lcc_theorem1(&l, T), HC_OK);
  assert_T_equal(T, want, 8);
  assert_int_equal(hc_lcc_max(T, 8), 8);
  assert_int_equal(hc_lcc_path_count(&l, P), HC_OK);
  assert_T_equal(P, want, 8);
  tcontention(&l, NULL, P);
  assert_T_equal(P, want, 8);
}

/* Sec. 2.3: under bit reverse on the 8-cube, 8 paths share the channel
** ([00010000]^t, [00000000]^t), i.e. from node 8 to node 0 (dimension 3). */
static void test_theorem1_section2_channel(void **state) {
  (void)state;
  hc_lcc l;
  hc_lcc_preset("bitrev", 8, &l);
  uint32_t *cnt = malloc((8u << 8) * sizeof *cnt);
  assert_non_null(cnt);
  assert_int_equal(hc_lcc_channel_counts(&l, cnt), HC_OK);
  assert_int_equal(cnt[8 * 8 + 3], 8);
  tmessages(&l, t_src, t_dst);
  uint64_t T[8];
  tpaths(8, t_src, t_dst, 256, 0, t_cnt, T);
  assert_int_equal(t_cnt[8 * 8 + 3], 8);
  assert_memory_equal(cnt, t_cnt, (8u << 8) * sizeof *cnt);
  free(cnt);
}

/* Every preset, n = 2..8: Theorem 1 (LCP) = library path count = own path
** count; for the LCS, the exact formula = path counts, and Theorem 1 = the
** count with the gather's reversed paths (highest dimension first). */
static void test_theorem1_presets(void **state) {
  (void)state;
  int cnt;
  const hc_lcc_preset_info *p = hc_lcc_presets(&cnt);
  for (int n = 2; n <= 8; n++) {
    for (int k = 0; k < cnt; k++) {
      hc_lcc l;
      if (p[k].even_only && (n & 1)) continue;
      assert_int_equal(hc_lcc_preset(p[k].name, n, &l), HC_OK);
      uint64_t th[8], ex[8], lib[8], own[8];
      assert_int_equal(hc_lcc_theorem1(&l, th), HC_OK);
      assert_int_equal(hc_lcc_contention(&l, ex), HC_OK);
      assert_int_equal(hc_lcc_path_count(&l, lib), HC_OK);
      tcontention(&l, NULL, own);
      assert_T_equal(lib, own, n);
      assert_T_equal(ex, own, n);
      if (l.kind != HC_LCS) {
        assert_T_equal(th, own, n);
      } else {
        uint64_t rev[8];
        size_t m = tmessages(&l, t_src, t_dst);
        tpaths(n, t_src, t_dst, m, 1, t_cnt, rev);
        assert_T_equal(th, rev, n);
      }
    }
  }
}

static void test_theorem1_random(void **state) {
  (void)state;
  const uint64_t seeds[] = {1, 2, 3, 42, 2001, 0xC0FFEE};
  for (size_t s = 0; s < sizeof seeds / sizeof *seeds; s++) {
    trng g = {seeds[s]};
    for (int n = 1; n <= 10; n++) {
      for (int kind = HC_LCP; kind <= HC_LCS; kind++) {
        int r = kind == HC_LCP ? n : (int)(trand(&g) % (uint32_t)n);
        hc_lcc l = trandlcc(&g, n, (hc_lcc_kind)kind, r);
        uint64_t th[10], ex[10], lib[10], own[10];
        hc_lcc_theorem1(&l, th);
        hc_lcc_contention(&l, ex);
        assert_int_equal(hc_lcc_path_count(&l, lib), HC_OK);
        tcontention(&l, NULL, own);
        assert_T_equal(lib, own, n);
        assert_T_equal(ex, own, n);
        if (kind != HC_LCS) {
          assert_T_equal(th, own, n);
        } else {
          uint64_t rev[10];
          size_t m = tmessages(&l, t_src, t_dst);
          tpaths(n, t_src, t_dst, m, 1, t_cnt, rev);
          assert_T_equal(th, rev, n);
        }
      }
    }
  }
}

/* Theorem 2: the reordered LCC (Q A Q^-1, Q b) sends Q x to Q y; and the
** paper's Example 4 and Example 6 matrices. */
static void test_theorem1_reorder(void **state) {
  (void)state;
  trng g = {2718};
  for (int n = 1; n <= 12; n++) {
    for (int rep = 0; rep < 10; rep++) {
      int kind = (int)(trand(&g) % 3);
      int r = kind == HC_LCP ? n : (int)(trand(&g) % (uint32_t)n);
      hc_lcc l = trandlcc(&g, n, (hc_lcc_kind)kind, r), q;
      int R[32];
      for (int k = 0; k < n; k++) R[k] = k;
      for (int k = n - 1; k > 0; k--) {
        int j = (int)(trand(&g) % (uint32_t)(k + 1)), t = R[k];
        R[k] = R[j];
        R[j] = t;
      }
      assert_int_equal(hc_lcc_reorder(&l, R, &q), HC_OK);
      assert_int_equal(q.kind, l.kind);
      for (int rep2 = 0; rep2 < 16; rep2++) {
        uint32_t x = trand(&g) & tmask(n);
        assert_int_equal(tmulvec(&q.A, tmap(R, n, x)) ^ q.b,
                         tmap(R, n, tmulvec(&l.A, x) ^ l.b));
        assert_int_equal(hc_lcc_map_node(R, n, x), tmap(R, n, x));
        assert_int_equal(hc_lcc_unmap_node(R, n, tmap(R, n, x)), x);
      }
      /* Q A Q^-1 with the library's own matrix routines agrees */
      hc_gf2_mat Q, Qi, QA, QAQi;
      hc_gf2_perm(R, n, &Q);
      hc_gf2_inverse(&Q, &Qi);
      hc_gf2_mul(&Q, &l.A, &QA);
      hc_gf2_mul(&QA, &Qi, &QAQi);
      assert_true(hc_gf2_equal(&QAQi, &q.A));
      assert_int_equal(hc_gf2_mulvec(&Q, l.b), q.b);
      /* own path count of the mapped messages = contention of q */
      if (n <= 8) {
        uint64_t a[8], b2[8];
        tcontention(&l, R, a);
        hc_lcc_contention(&q, b2);
        assert_T_equal(a, b2, n);
      }
    }
  }
  hc_lcc t, b, q;
  hc_lcc_preset("transpose", 8, &t);
  hc_lcc_preset("bitrev", 8, &b);
  assert_int_equal(hc_lcc_reorder(&t, EX4_ORDER, &q), HC_OK);
  assert_true(hc_gf2_equal(&q.A, tm(EX4_D)));
  assert_int_equal(hc_lcc_reorder(&t, EX6_ORDER, &q), HC_OK);
  assert_true(hc_gf2_equal(&q.A, tm(EX6_TRANSPOSE_NEW)));
  assert_int_equal(hc_lcc_reorder(&b, EX6_ORDER, &q), HC_OK);
  assert_true(hc_gf2_equal(&q.A, tm(EX4_D)));
  int bad[8] = {0, 1, 2, 3, 4, 5, 6, 6};
  assert_int_equal(hc_lcc_reorder(&t, bad, &q), HC_EPARAM);
}

/* ------------------------------------------------------ lcc_optimizer */

static void test_optimizer_example4(void **state) {
  (void)state;
  hc_lcc t, q;
  int R[8];
  uint64_t T[8], P[8];
  const uint64_t ones[8] = {1, 1, 1, 1, 1, 1, 1, 1};
  hc_lcc_preset("transpose", 8, &t);
  assert_int_equal(hc_lcc_optimize_lcp(&t, R), HC_OK);
  assert_memory_equal(R, EX4_ORDER, sizeof R); /* R(L_8), Section 5 */
  hc_lcc_reorder(&t, R, &q);
  assert_true(hc_gf2_equal(&q.A, tm(EX4_D)));
  hc_lcc_theorem1(&q, T);
  assert_T_equal(T, ones, 8);
  tcontention(&t, R, P);
  assert_T_equal(P, ones, 8);
  tcontention(&t, EX4_ORDER, P); /* the paper's order, mapped by hand */
  assert_T_equal(P, ones, 8);
  assert_int_equal(hc_lcc_optimize(&t, R), HC_OK);
  assert_memory_equal(R, EX4_ORDER, sizeof R);
}

/* Corollary 1: every LCP becomes contention free, n = 1..32. */
static void test_optimizer_lcp_random(void **state) {
  (void)state;
  trng g = {4242};
  for (int n = 1; n <= 32; n++) {
    for (int rep = 0; rep < 10; rep++) {
      hc_lcc l = trandlcc(&g, n, HC_LCP, n), q;
      int R[32];
      uint64_t T[32], bound;
      assert_int_equal(hc_lcc_optimize_lcp(&l, R), HC_OK);
      assert_true(hc_gf2_is_perm(R, n));
      hc_lcc_reorder(&l, R, &q);
      for (int i = 0; i < n; i++) /* Theorem 3 */
        assert_int_equal(hc_gf2_subrank(&q.A, tmask(i + 1), tmask(i)), i);
      hc_lcc_theorem1(&q, T);
      assert_true(hc_lcc_max(T, n) <= 1);
      hc_lcc_bound(&l, &bound);
      assert_int_equal(hc_lcc_max(T, n), bound);
      if (n <= 10) {
        tcontention(&l, R, T);
        assert_int_equal(tmax(T, n), bound);
      }
    }
  }
}

/* Theorem 4 / Corollary 2 for LCG and LCS, n = 2..32: the optimizer reaches
** 2^((n-1) - rank A); n <= 7 also against the brute-force minimum. */
static void test_optimizer_lcg_lcs_random(void **state) {
  (void)state;
  trng g = {8888};
  for (int n = 2; n <= 32; n++) {
    int reps = n <= 6 ? 12 : n == 7 ? 3 : 6;
    for (int rep = 0; rep < reps; rep++) {
      for (int kind = HC_LCG; kind <= HC_LCS; kind++) {
        int r = (int)(trand(&g) % (uint32_t)n);
        hc_lcc l = trandlcc(&g, n, (hc_lcc_kind)kind, r), q;
        int R[32];
        uint64_t T[32], bound = (uint64_t)1 << ((n - 1) - r), lb;
        assert_int_equal(hc_lcc_bound(&l, &lb), HC_OK);
        assert_int_equal(lb, bound);
        /* the Theorem 4 construction on A: the paper's formula */
        assert_int_equal(hc_lcc_optimize_lcg(&l, R), HC_OK);
        hc_lcc_reorder(&l, R, &q);
        hc_lcc_theorem1(&q, T);
        assert_int_equal(hc_lcc_max(T, n), bound);
        /* the exact e-cube optimum */
        assert_int_equal(hc_lcc_optimize(&l, R), HC_OK);
        hc_lcc_reorder(&l, R, &q);
        hc_lcc_contention(&q, T);
        assert_int_equal(hc_lcc_max(T, n), bound);
        if (n <= 10) {
          tcontention(&l, R, T);
          assert_int_equal(tmax(T, n), bound);
        }
        if (n <= 7) assert_int_equal(tbrute(&l, 1, HC_LCC_MAX_OF_MAX), bound);
      }
    }
  }
}

/* Every preset, n = 2..7: the optimizer's T = brute-force minimum =
** Corollary 1/2 bound; and the library's brute force agrees. */
static void test_optimizer_presets_brute(void **state) {
  (void)state;
  int cnt;
  const hc_lcc_preset_info *p = hc_lcc_presets(&cnt);
  for (int n = 2; n <= 7; n++) {
    for (int k = 0; k < cnt; k++) {
      hc_lcc l;
      if (p[k].even_only && (n & 1)) continue;
      hc_lcc_preset(p[k].name, n, &l);
      int R[8];
      uint64_t T[8], bound, lib;
      assert_int_equal(hc_lcc_optimize(&l, R), HC_OK);
      tcontention(&l, R, T);
      hc_lcc_bound(&l, &bound);
      uint64_t brute = n <= 6 ? tbrute(&l, 1, HC_LCC_MAX_OF_MAX) : bound;
      if (tmax(T, n) != brute || brute != bound)
        fail_msg("%s n=%d: optimizer %llu brute %llu bound %llu", p[k].name,
                 n, (unsigned long long)tmax(T, n), (unsigned long long)brute,
                 (unsigned long long)bound);
      if (n <= 6) {
        assert_int_equal(hc_lcc_brute(&l, 1, HC_LCC_MAX_OF_MAX, R, &lib),
                         HC_OK);
        assert_int_equal(lib, brute);
      }
    }
  }
}

static void test_optimizer_errors(void **state) {
  (void)state;
  hc_lcc t, s;
  int R[8];
  hc_lcc_preset("transpose", 8, &t);
  hc_lcc_preset("scale2x", 8, &s);
  assert_int_equal(hc_lcc_optimize_lcp(&s, R), HC_ESINGULAR);
  assert_int_equal(hc_lcc_optimize_lcg(&t, R), HC_EKIND);
  assert_int_equal(hc_lcc_optimize(&t, NULL), HC_EPARAM);
  assert_int_equal(hc_lcc_optimize(NULL, R), HC_EPARAM);
  hc_lcc broken = t;
  broken.b = 0x100;
  assert_int_equal(hc_lcc_optimize(&broken, R), HC_EPARAM);
  uint64_t T[8];
  assert_int_equal(hc_lcc_theorem1(&broken, T), HC_EPARAM);
}

/* ------------------------------------------------------------ lcc_dp */

/* Example 6: transpose and bit reverse on the 8-cube. */
static void test_dp_example6(void **state) {
  (void)state;
  hc_lcc set[2];
  int R[8], B[8];
  uint64_t cost, bcost, T[8];
  hc_lcc_preset("transpose", 8, &set[0]);
  hc_lcc_preset("bitrev", 8, &set[1]);
  /* the paper's ordering: contention 2 for transpose, 1 for bit reverse */
  tcontention(&set[0], EX6_ORDER, T);
  assert_int_equal(tmax(T, 8), 2);
  tcontention(&set[1], EX6_ORDER, T);
  assert_int_equal(tmax(T, 8), 1);
  assert_int_equal(hc_lcc_cost(set, 2, HC_LCC_MAX_OF_MAX, EX6_ORDER, &cost),
                   HC_OK);
  assert_int_equal(cost, 2);
  /* the DP reaches the paper's optimum 2, confirmed over all 8! orders */
  assert_int_equal(hc_lcc_dp(set, 2, HC_LCC_MAX_OF_MAX, R, &cost), HC_OK);
  assert_int_equal(cost, 2);
  assert_int_equal(hc_lcc_brute(set, 2, HC_LCC_MAX_OF_MAX, B, &bcost),
                   HC_OK);
  assert_int_equal(bcost, 2);
  /* the DP's order: one of the two contention free, the other 2 (the
  ** paper's split 2/1; which LCC gets 1 is a tie, see docs/lcc.md) */
  uint64_t m0, m1;
  tcontention(&set[0], R, T);
  m0 = tmax(T, 8);
  tcontention(&set[1], R, T);
  m1 = tmax(T, 8);
  assert_true((m0 == 2 && m1 == 1) || (m0 == 1 && m1 == 2));
}

/* Sec. 6.1, M-G: the DP mapping for transpose, bit reverse and reverse-flip
** leaves contention 2 for the transpose and none for the other two. */
static void test_dp_section6_mg(void **state) {
  (void)state;
  hc_lcc set[3];
  int R[8];
  uint64_t cost, T[8];
  hc_lcc_preset("transpose", 8, &set[0]);
  hc_lcc_preset("bitrev", 8, &set[1]);
  hc_lcc_preset("revflip", 8, &set[2]);
  assert_int_equal(hc_lcc_dp(set, 3, HC_LCC_MAX_OF_MAX, R, &cost), HC_OK);
  assert_int_equal(cost, 2);
  tcontention(&set[0], R, T);
  assert_int_equal(tmax(T, 8), 2);
  tcontention(&set[1], R, T);
  assert_int_equal(tmax(T, 8), 1);
  tcontention(&set[2], R, T);
  assert_int_equal(tmax(T, 8), 1);
}

/* DP = brute force (library, by ranks) = brute force (test, by paths) for
** random sets, all three objectives, n = 1..6 (n = 7 a few). */
static void test_dp_vs_brute(void **state) {
  (void)state;
  trng g = {55555};
  for (int n = 1; n <= 7; n++) {
    int reps = n <= 5 ? 6 : n == 6 ? 3 : 1;
    for (int rep = 0; rep < reps; rep++) {
      hc_lcc set[3];
      int m = 1 + (int)(trand(&g) % 3);
      for (int r = 0; r < m; r++) {
        int kind = (int)(trand(&g) % 3);
        if (n == 1) kind = HC_LCP;
        set[r] = trandlcc(&g, n, (hc_lcc_kind)kind,
                          kind == HC_LCP ? n
                                         : (int)(trand(&g) % (uint32_t)n));
      }
      for (int o = 0; o < 3; o++) {
        hc_lcc_objective obj = (hc_lcc_objective)o;
        int R[8], B[8];
        uint64_t dp, br, c;
        assert_int_equal(hc_lcc_dp(set, m, obj, R, &dp), HC_OK);
        assert_int_equal(hc_lcc_brute(set, m, obj, B, &br), HC_OK);
        assert_int_equal(dp, br);
        assert_int_equal(hc_lcc_cost(set, m, obj, R, &c), HC_OK);
        assert_int_equal(c, dp);
        if (n <= 6 || o == 0) assert_int_equal(tbrute(set, m, obj), dp);
      }
    }
  }
  /* the presets of Example 5 together at n = 6 */
  const char *names[] = {"transpose", "bitrev", "fft_row", "fft_col",
                         "scale2x", "shuffle"};
  hc_lcc set[6];
  for (int r = 0; r < 6; r++) hc_lcc_preset(names[r], 6, &set[r]);
  for (int o = 0; o < 3; o++) {
    int R[6], B[6];
    uint64_t dp, br;
    hc_lcc_dp(set, 6, (hc_lcc_objective)o, R, &dp);
    hc_lcc_brute(set, 6, (hc_lcc_objective)o, B, &br);
    assert_int_equal(dp, br);
  }
}

/* One LCC: the DP finds the Corollary 1/2 bound; n = 16 runs (the paper:
** "feasible even for a 16-dimensional hypercube"). */
static void test_dp_single_and_large(void **state) {
  (void)state;
  trng g = {1001};
  for (int n = 2; n <= 12; n++) {
    for (int kind = HC_LCP; kind <= HC_LCS; kind++) {
      int r = kind == HC_LCP ? n : (int)(trand(&g) % (uint32_t)n);
      hc_lcc l = trandlcc(&g, n, (hc_lcc_kind)kind, r);
      int R[16];
      uint64_t cost, bound;
      assert_int_equal(hc_lcc_dp(&l, 1, HC_LCC_MAX_OF_MAX, R, &cost),
                       HC_OK);
      hc_lcc_bound(&l, &bound);
      assert_int_equal(cost, bound);
    }
  }
  hc_lcc set[2];
  int R[16];
  uint64_t cost;
  hc_lcc_preset("transpose", 16, &set[0]);
  hc_lcc_preset("bitrev", 16, &set[1]);
  assert_int_equal(hc_lcc_dp(set, 1, HC_LCC_MAX_OF_MAX, R, &cost), HC_OK);
  assert_int_equal(cost, 1); /* Corollary 1 */
  assert_int_equal(hc_lcc_dp(set, 2, HC_LCC_SUM_OF_SUM, R, &cost), HC_OK);
  assert_true(cost >= 2 * 16); /* every dimension moves: T_i >= 1 each */
}

static void test_dp_errors(void **state) {
  (void)state;
  hc_lcc big, a, b;
  int R[32];
  uint64_t cost = 12345, T[32];
  assert_int_equal(hc_lcc_preset("bitrev", 25, &big), HC_OK);
  assert_int_equal(hc_lcc_dp(&big, 1, HC_LCC_MAX_OF_MAX, R, &cost),
                   HC_ETOOBIG);
  assert_int_equal(cost, 12345);
  assert_int_equal(hc_lcc_brute(&big, 1, HC_LCC_MAX_OF_MAX, R, &cost),
                   HC_ETOOBIG);
  assert_int_equal(hc_lcc_path_count(&big, T), HC_ETOOBIG);
  hc_lcc_preset("bitrev", 9, &a);
  assert_int_equal(hc_lcc_brute(&a, 1, HC_LCC_MAX_OF_MAX, R, &cost),
                   HC_ETOOBIG);
  hc_lcc_preset("bitrev", 8, &a);
  hc_lcc_preset("bitrev", 6, &b);
  hc_lcc mixed[2] = {a, b};
  assert_int_equal(hc_lcc_dp(mixed, 2, HC_LCC_MAX_OF_MAX, R, &cost),
                   HC_EPARAM);
  assert_int_equal(hc_lcc_dp(&a, 0, HC_LCC_MAX_OF_MAX, R, &cost),
                   HC_EPARAM);
  assert_int_equal(hc_lcc_dp(&a, 1, (hc_lcc_objective)9, R, &cost),
                   HC_EPARAM);
  assert_int_equal(hc_lcc_dp(NULL, 1, HC_LCC_MAX_OF_MAX, R, &cost),
                   HC_EPARAM);
  assert_int_equal(hc_lcc_cost(&a, 1, HC_LCC_MAX_OF_MAX, NULL, &cost),
                   HC_EPARAM);
  hc_lcc_objective obj;
  assert_int_equal(hc_lcc_objective_parse("maxsum", &obj), HC_OK);
  assert_int_equal(obj, HC_LCC_MAX_OF_SUM);
  assert_int_equal(hc_lcc_objective_parse("sum-of-sum", &obj), HC_OK);
  assert_int_equal(obj, HC_LCC_SUM_OF_SUM);
  assert_int_equal(hc_lcc_objective_parse("minmax", &obj), HC_EUNKNOWN);
  assert_string_equal(hc_lcc_objective_name(HC_LCC_MAX_OF_MAX), "maxmax");
}

int main(void) {
  const struct CMUnitTest gf2[] = {
      cmocka_unit_test(test_gf2_identity_product),
      cmocka_unit_test(test_gf2_rank_hand),
      cmocka_unit_test(test_gf2_inverse_hand),
      cmocka_unit_test(test_gf2_inverse_random),
      cmocka_unit_test(test_gf2_solve),
      cmocka_unit_test(test_gf2_parse_format),
      cmocka_unit_test(test_gf2_parse_errors),
  };
  const struct CMUnitTest presets[] = {
      cmocka_unit_test(test_presets_list),
      cmocka_unit_test(test_presets_unknown),
      cmocka_unit_test(test_presets_paper_matrices),
      cmocka_unit_test(test_presets_semantics),
      cmocka_unit_test(test_presets_scale_fanout),
      cmocka_unit_test(test_presets_messages),
      cmocka_unit_test(test_presets_bad_inputs),
      cmocka_unit_test(test_lcc_file_text),
      cmocka_unit_test(test_lcc_preset_list),
  };
  const struct CMUnitTest theorem1[] = {
      cmocka_unit_test(test_theorem1_example3),
      cmocka_unit_test(test_theorem1_section2_channel),
      cmocka_unit_test(test_theorem1_presets),
      cmocka_unit_test(test_theorem1_random),
      cmocka_unit_test(test_theorem1_reorder),
  };
  const struct CMUnitTest optimizer[] = {
      cmocka_unit_test(test_optimizer_example4),
      cmocka_unit_test(test_optimizer_lcp_random),
      cmocka_unit_test(test_optimizer_lcg_lcs_random),
      cmocka_unit_test(test_optimizer_presets_brute),
      cmocka_unit_test(test_optimizer_errors),
  };
  const struct CMUnitTest dp[] = {
      cmocka_unit_test(test_dp_example6),
      cmocka_unit_test(test_dp_section6_mg),
      cmocka_unit_test(test_dp_vs_brute),
      cmocka_unit_test(test_dp_single_and_large),
      cmocka_unit_test(test_dp_errors),
  };
  int failed = 0;
  failed += cmocka_run_group_tests_name("gf2", gf2, NULL, NULL);
  failed += cmocka_run_group_tests_name("lcc_presets", presets, NULL, NULL);
  failed += cmocka_run_group_tests_name("lcc_theorem1", theorem1, NULL, NULL);
  failed += cmocka_run_group_tests_name("lcc_optimizer", optimizer, NULL, NULL);
  failed += cmocka_run_group_tests_name("lcc_dp", dp, NULL, NULL);
  return failed != 0;
}
