/*
** The triangulation of Johnsson (shared/seeds/003 §6.2, Theorem 6.1): the
** factorization of an N x N matrix A with the forward elimination of R
** right-hand sides B, as a node program (algorithms/hc_np_algo.h). "The
** concatenated matrix AB is stored cyclically in an array of size 2^k x
** 2^k that in turn is embedded in the 2k-cube by a separate Gray code
** encoding of row and column indices": element (i, q) of the N x (N + R)
** matrix on array position (i mod 2^k, q mod 2^k), local element
** (i / 2^k, q / 2^k) of that node; M = N / 2^k local rows, W = M + R / 2^k
** local columns (R a multiple of 2^k). "Pivoting on the diagonal is
** assumed. Gauss-Jordan elimination is performed on the pivot block row,
** and Gaussian elimination on the rows below the block row": pivot j
** (block J = j / 2^k, array row and column t = j mod 2^k) takes column j
** out of every row i >= J 2^k but j itself, for the columns q >= j. The
** factors replace the elements they eliminate, as in Gauss-Jordan (§6.1):
** a_jj becomes 1 / a_jj, a_ij becomes -a_ij / a_jj. What is left of A is
** block upper triangular with identity diagonal blocks (the system of
** §6.4.2), B is forward-eliminated.
**
** Pivot j is two phases, the phases of Gauss-Jordan (np_gj.c) restricted
** to what pivot j touches:
**   phase 2j: in every array row r, node (r, t) broadcasts its elements of
**     column j in the rows i >= J 2^k (local rows J .. M - 1: M - J words)
**     over the row's spanning binomial tree rooted at column t. Compute:
**     the nodes of array row t scale row j (columns q >= j) by the pivot.
**   phase 2j + 1: in every array column c, node (t, c) broadcasts its
**     elements of the scaled row j in the columns q >= j (up to W - J
**     words) over the column's tree rooted at row t. Compute: every node
**     takes a_ij a_jq off its elements (i, q), i >= J 2^k, i != j, q >= j.
** Steps: (M - J) + (W - J) + 2(k - 1) a pivot. The paper pipelines the
** pivots, a new one every W - J + 2 steps (docs/johnsson.md).
**
** The matrices are integers modulo 2^w, so the pivots must be units:
** A = L U with L unit lower triangular and U upper triangular with an odd
** diagonal (random otherwise); the elimination meets U's diagonal as its
** pivots (Gauss-Jordan inside a block row changes no later pivot). The
** check: the result equals the host's own elimination, and the solution
** of what is left (block back substitution, identity diagonal blocks)
** solves A X = B.
**
** Memory of a node: AB 0 (M x W, row-major), RC M W (M words: column j
** received), RR M W + M (W words: row j received).
*/
#include <stdio.h>
#include <stdlib.h>

#include "hc_np_algo.h"

#define WW(p) ((p)->m + (p)->r / (p)->p)
#define RC_AT(p) ((p)->m * WW(p))
#define RR_AT(p) (RC_AT(p) + (p)->m)

static int check(hc_np_params *p, char *why, size_t n) {
  const unsigned k = p->d / 2;
  int rc = hc_np_check_square_rhs(p, 2u << k, 1u << k, 0, 1u << k, why, n);
  if (rc != HC_OK) return rc;
  p->phases = 2 * p->n;
  return hc_np_check_mem(p, (uint64_t)p->m * WW(p) + p->m + WW(p), why, n);
}

/* [A B], N x (N + R) row-major: A = L U (streams 40, 41), B stream 42. */
static int make_ab(const hc_np_params *p, uint32_t *ab) {
  const uint32_t n = p->n, nc = n + p->r, mask = hc_np_mask(p->w);
  uint32_t *l = malloc((size_t)n * n * sizeof *l), *u = malloc((size_t)n * n * sizeof *u),
           *b = malloc(((size_t)n * p->r + 1) * sizeof *b);
  const int ok = l && u && b;
  if (ok) {
    hc_np_matrix(p->seed, 40, n, p->w, l);
    hc_np_matrix(p->seed, 41, n, p->w, u);
    hc_np_words(p->seed, 42, (size_t)n * p->r, p->w, b);
    for (uint32_t i = 0; i < n; i++)
      for (uint32_t j = 0; j < n; j++) {
        if (j >= i) l[(size_t)i * n + j] = i == j;
        if (j < i) u[(size_t)i * n + j] = 0;
        if (j == i) u[(size_t)i * n + j] |= 1u;
      }
    for (uint32_t i = 0; i < n; i++) {
      for (uint32_t j = 0; j < n; j++) {
        uint32_t s = 0;
        for (uint32_t t = 0; t <= i; t++) s += l[(size_t)i * n + t] * u[(size_t)t * n + j];
        ab[(size_t)i * nc + j] = s & mask;
      }
      for (uint32_t q = 0; q < p->r; q++) ab[(size_t)i * nc + n + q] = b[(size_t)i * p->r + q];
    }
  }
  free(l);
  free(u);
  free(b);
  return ok;
}

/* Element (i, q) of AB: its node and address. */
static size_t ab_word(const hc_np_params *p, uint32_t i, uint32_t q) {
  return (size_t)hc_np_node(p, i % p->p, q % p->p, 1) * p->mem + (i / p->p) * WW(p) + q / p->p;
}

static void load(const hc_np_params *p, uint32_t *mem) {
  const uint32_t nc = p->n + p->r;
  uint32_t *ab = malloc((size_t)p->n * nc * sizeof *ab);
  if (ab && make_ab(p, ab))
    for (uint32_t i = 0; i < p->n; i++)
      for (uint32_t q = 0; q < nc; q++) mem[ab_word(p, i, q)] = ab[(size_t)i * nc + q];
  free(ab);
}

/* The first local column of node column c that pivot j (block J, t) touches. */
static uint32_t first_col(uint32_t J, uint32_t c, uint32_t t) { return J + (c < t); }

static int comm(const hc_np_params *p, unsigned phase, hc_sched *s) {
  const uint32_t j = phase / 2, J = j / p->p, t = j % p->p, w = WW(p);
  int rc = HC_OK;
  for (uint32_t a = 0; a < p->p && rc == HC_OK; a++) {
    if (phase % 2 == 0) /* row a: column j's local rows J.. from column t */
      rc = hc_np_line_tree(p, s, hc_np_gray(a) << p->k, 0, t, J * w + J, w, p->m - J, RC_AT(p));
    else /* column a: row j's local columns first_col.. from row t */
      rc = hc_np_line_tree(p, s, hc_np_gray(a), p->k, t, J * w + first_col(J, a, t), 1,
                           w - first_col(J, a, t), RR_AT(p));
  }
  return rc;
}

/* Phase 2j's compute on the nodes of array row t: row j over the pivot. */
static void scale(const hc_np_params *p, uint32_t c, uint32_t J, uint32_t t, uint32_t *mem, hc_np_ops *ops) {
  const uint32_t w = WW(p), mask = hc_np_mask(p->w), q0 = first_col(J, c, t);
  const uint32_t inv = hc_np_inverse(c == t ? mem[J * w + J] : mem[RC_AT(p)], p->w);
  for (uint32_t q = q0; q < w; q++) mem[J * w + q] = c == t && q == J ? inv : (mem[J * w + q] * inv) & mask;
  ops->div += w - q0;
}

/* Phase 2j+1's compute on node (r, c): a_iq -= a_ij a_jq. */
static void eliminate(const hc_np_params *p, uint32_t r, uint32_t c, uint32_t J, uint32_t t, uint32_t *mem,
                      hc_np_ops *ops) {
  const uint32_t w = WW(p), mask = hc_np_mask(p->w), q0 = first_col(J, c, t);
  for (uint32_t i = J; i < p->m; i++) {
    if (r == t && i == J) continue; /* row j itself */
    const uint32_t f = c == t ? mem[i * w + J] : mem[RC_AT(p) + i - J];
    for (uint32_t q = q0; q < w; q++) {
      const uint32_t row = r == t ? mem[J * w + q] : mem[RR_AT(p) + q - q0];
      const uint32_t v = c == t && q == J ? 0u : mem[i * w + q];
      mem[i * w + q] = (v - f * row) & mask;
    }
    ops->madd += w - q0;
  }
}

static void compute(const hc_np_params *p, unsigned phase, uint32_t x, uint32_t *mem, hc_np_ops *ops) {
  const uint32_t j = phase / 2, J = j / p->p, t = j % p->p;
  uint32_t r, c;
  hc_np_pos(p, x, 1, &r, &c);
  if (phase % 2 == 0) {
    if (r == t) scale(p, c, J, t, mem, ops);
  } else {
    eliminate(p, r, c, J, t, mem, ops);
  }
}

/* The host's elimination of ab (N x nc) in place: the plain loop. */
static void host_eliminate(const hc_np_params *p, uint32_t *ab) {
  const uint32_t n = p->n, nc = n + p->r, mask = hc_np_mask(p->w);
  for (uint32_t j = 0; j < n; j++) {
    uint32_t *rj = ab + (size_t)j * nc;
    const uint32_t inv = hc_np_inverse(rj[j], p->w);
    rj[j] = inv;
    for (uint32_t q = j + 1; q < nc; q++) rj[q] = (rj[q] * inv) & mask;
    for (uint32_t i = j / p->p * p->p; i < n; i++) {
      if (i == j) continue;
      uint32_t *ri = ab + (size_t)i * nc;
      const uint32_t f = ri[j];
      ri[j] = (0u - f * inv) & mask;
      for (uint32_t q = j + 1; q < nc; q++) ri[q] = (ri[q] - f * rj[q]) & mask;
    }
  }
}

/*
** X from the eliminated system e (N x nc): U X = B' with U's diagonal
** blocks the identity and U above them e's elements, block row by block
** row from the bottom; then A X = B against the original ab. HC_OK or
** HC_EMISMATCH.
*/
static int solves(const hc_np_params *p, const uint32_t *ab, const uint32_t *e, char *why, size_t len) {
  const uint32_t n = p->n, nc = n + p->r, R = p->r, mask = hc_np_mask(p->w);
  uint32_t *x = malloc(((size_t)n * R + 1) * sizeof *x);
  if (!x) return HC_ENOMEM;
  for (uint32_t i = n; i-- > 0;)
    for (uint32_t q = 0; q < R; q++) {
      uint32_t s = e[(size_t)i * nc + n + q];
      for (uint32_t c = (i / p->p + 1) * p->p; c < n; c++) s -= e[(size_t)i * nc + c] * x[(size_t)c * R + q];
      x[(size_t)i * R + q] = s & mask;
    }
  int rc = HC_OK;
  for (uint32_t i = 0; i < n && rc == HC_OK; i++)
    for (uint32_t q = 0; q < R && rc == HC_OK; q++) {
      uint32_t s = 0;
      for (uint32_t c = 0; c < n; c++) s += ab[(size_t)i * nc + c] * x[(size_t)c * R + q];
      if ((s & mask) != ab[(size_t)i * nc + n + q]) {
        if (why) snprintf(why, len, "(A X)(%u,%u) = %u, B(%u,%u) = %u", i, q, s & mask, i, q, ab[(size_t)i * nc + n + q]);
        rc = HC_EMISMATCH;
      }
    }
  free(x);
  return rc;
}

static int verify(const hc_np_params *p, const uint32_t *mem, char *why, size_t len) {
  const uint32_t n = p->n, nc = n + p->r;
  const size_t all = (size_t)n * nc;
  uint32_t *ab = malloc(all * sizeof *ab), *h = malloc(all * sizeof *h), *got = malloc(all * sizeof *got);
  int rc = ab && h && got && make_ab(p, ab) ? HC_OK : HC_ENOMEM;
  if (rc == HC_ENOMEM && why) snprintf(why, len, "out of memory");
  if (rc == HC_OK) {
    for (size_t i = 0; i < all; i++) h[i] = ab[i];
    host_eliminate(p, h);
    for (uint32_t i = 0; i < n; i++)
      for (uint32_t q = 0; q < nc; q++) got[(size_t)i * nc + q] = mem[ab_word(p, i, q)];
    for (size_t i = 0; i < all && rc == HC_OK; i++)
      if (got[i] != h[i]) {
        if (why)
          snprintf(why, len, "[A B](%zu,%zu) = %u, the host's elimination gives %u", i / nc, i % nc, got[i], h[i]);
        rc = HC_EMISMATCH;
      }
  }
  if (rc == HC_OK) rc = solves(p, ab, got, why, len);
  free(ab);
  free(h);
  free(got);
  return rc;
}

static uint64_t steps(const hc_np_params *p, unsigned phase) {
  const uint32_t J = phase / 2 / p->p;
  return (phase % 2 == 0 ? p->m - J : WW(p) - J) + p->k - 1ull;
}

/*
** Theorem 6.1, read with the 2^k the scan lost (docs/johnsson.md):
** 2^(k-1)(W^2 - (Q + 1)^2 + 5W - 3(Q + 1) + 4) + k - 3, W = ⌈(N + R)/2^k⌉,
** Q = ⌈R/2^k⌉: 2^k times the sum over J of W - J + 2, plus k - 3. At N =
** 2^k, R = 0 it is Corollary 6.1's 3(2^k - 1) + k.
*/
static uint64_t paper_steps(const hc_np_params *p) {
  const int64_t w = WW(p), q = p->r / p->p;
  return (uint64_t)((int64_t)(p->p / 2) * (w * w - (q + 1) * (q + 1) + 5 * w - 3 * (q + 1) + 4) + p->k - 3);
}

/* In sequence, pivot by pivot: W - J divisions, then (M - J)(W - J)
** multiply-adds on the busiest node: 2^k sum over J of (W - J)(M - J + 1). */
static uint64_t arith(const hc_np_params *p) {
  uint64_t s = 0;
  for (uint64_t J = 0; J < p->m; J++) s += (WW(p) - J) * (p->m - J + 1);
  return s * p->p;
}

/* Theorem 6.1's arithmetic read as 2^k (3W - M + 1) M (M + 1) / 6 (the
** scan prints ⌈R/2^k⌉ for M and loses the 2^k; docs/johnsson.md). */
static uint64_t paper_arith(const hc_np_params *p) {
  const uint64_t w = WW(p), m = p->m;
  return p->p * (3 * w - m + 1) * m * (m + 1) / 6;
}

const hc_np_algo hc_np_algo_lu = {
    .name = "lu",
    .source = "003 (Johnsson) §6.2 triangulation and forward elimination, Theorem 6.1",
    .summary = "[A B] cyclic: Gauss-Jordan on the pivot block row, Gaussian below; per pivot a row tree and a column tree",
    .takes_rhs = 1,
    .check = check,
    .load = load,
    .comm = comm,
    .compute = compute,
    .verify = verify,
    .steps = steps,
    .steps_text = "2^k sum over J < M of (M - J) + (W - J) + 2(k - 1), W = M + R/2^k",
    .paper_steps = paper_steps,
    .paper_steps_text = "2^(k-1)(W^2 - (R/2^k + 1)^2 + 5W - 3(R/2^k + 1) + 4) + k - 3",
    .paper_source = "003 Thm 6.1 (2^k restored), §6.2",
    .relation = "the paper pipelines the pivots, a new one every W - J + 2 steps; phases put each pivot's column "
                "tree and row tree one after the other, M - J + W - J + 2(k - 1) steps",
    .arith = arith,
    .arith_text = "2^k sum over J of (W - J)(M - J + 1) (per pivot W - J divisions, (M - J)(W - J) multiply-adds)",
    .paper_arith = paper_arith,
    .paper_arith_text = "2^k (3W - M + 1) M (M + 1)/6",
};
