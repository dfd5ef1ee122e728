/*
** Gauss-Jordan elimination of Johnsson (shared/seeds/003 §6.1, Corollary
** 6.1) as a node program (algorithms/hc_np_algo.h): the inverse of A,
** computed in place ("the inverse in product form with the elements of the
** factors replacing the corresponding elements of A", carried to the end:
** A becomes A^-1), pivoting on the diagonal. A is N x N, stored
** consecutively on the Gray-coded 2^k x 2^k array (node (r, c) = (G(r) <<
** k) | G(c) holds the M x M block A_rc); the corollary's case is N = 2^k.
**
** Pivot j (block row and column J = j / M, J's local index jj = j % M)
** is two phases, the phases of an outer product of MMC4.1 (np_mmc41.c)
** with vectors of M elements instead of blocks:
**   phase 2j: in every row the nodes of block column J broadcast their M
**     elements of column j over the row's spanning binomial tree rooted at
**     column J (received into RC). Compute: the nodes of block row J scale
**     row j by the pivot a_jj (a_jj itself becomes 1 / a_jj), M divisions.
**   phase 2j + 1: in every column the nodes of block row J broadcast their M
**     elements of the scaled row j over the column's tree rooted at row J
**     (into RR). Compute: every other row i takes a_iq -= a_ij a_jq (a_ij
**     itself becomes -a_ij / a_jj), one multiply-add per element.
** Each phase is M + k - 1 steps (M elements pipelined down a tree of depth
** k): 2N (M + k - 1) in all, 2^(k+1) k at N = 2^k.
**
** The matrices are integers modulo 2^w, so the pivots must be units (odd):
** A = L U with L unit lower triangular and U upper triangular with an odd
** diagonal, random otherwise; elimination without pivoting meets U's
** diagonal as its pivots. The check: A times the result is the identity,
** and the result equals the host's own Gauss-Jordan inverse.
**
** Memory of a node: A 0 (M^2 words, row-major), RC M^2 (M words), RR
** M^2 + M (M words).
*/
#include <stdio.h>
#include <stdlib.h>

#include "hc_np_algo.h"

#define RC_AT(p) ((p)->m * (p)->m)
#define RR_AT(p) ((p)->m * (p)->m + (p)->m)

static int check(hc_np_params *p, char *why, size_t n) {
  int rc = hc_np_check_square(p, 1u << (p->d / 2), why, n);
  if (rc != HC_OK) return rc;
  p->phases = 2 * p->n;
  return hc_np_check_mem(p, (uint64_t)p->m * p->m + 2ull * p->m, why, n);
}

/* A = L U mod 2^w: L unit lower triangular, U upper with an odd diagonal. */
static void make_a(const hc_np_params *p, uint32_t *a) {
  const uint32_t n = p->n, mask = hc_np_mask(p->w);
  uint32_t *l = malloc((size_t)n * n * sizeof *l), *u = malloc((size_t)n * n * sizeof *u);
  if (!l || !u) {
    free(l);
    free(u);
    for (size_t i = 0; i < (size_t)n * n; i++) a[i] = 0; /* singular: verify() fails */
    return;
  }
  hc_np_matrix(p->seed, 10, n, p->w, l);
  hc_np_matrix(p->seed, 11, n, p->w, u);
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = 0; j < n; j++) {
      if (j >= i) l[i * n + j] = i == j;
      if (j < i) u[i * n + j] = 0;
      if (j == i) u[i * n + j] |= 1u;
    }
  for (size_t i = 0; i < (size_t)n * n; i++) a[i] = 0;
  hc_np_host_gemm(n, p->w, l, u, a);
  for (size_t i = 0; i < (size_t)n * n; i++) a[i] &= mask;
  free(l);
  free(u);
}

static void load(const hc_np_params *p, uint32_t *mem) {
  uint32_t *a = malloc((size_t)p->n * p->n * sizeof *a);
  if (!a) return;
  make_a(p, a);
  hc_np_put_blocks(p, 1, a, mem, 0);
  free(a);
}

/* The tree of one line rooted at ring position root (codes along dimensions
** off..off+k-1 from base): the root sends its M words at from, stride
** apart; every node forwards the M words it received at to. */
static int tree(const hc_np_params *p, hc_sched *s, uint32_t base, unsigned off, uint32_t root, uint32_t from,
                uint32_t stride, uint32_t to) {
  const uint32_t rcode = hc_np_gray(root);
  int rc = HC_OK;
  for (uint32_t code = 0; code < p->p; code++) {
    const uint32_t x = base | code << off;
    for (unsigned b = (unsigned)(hc_np_msb(code ^ rcode) + 1); b < p->k; b++)
      for (uint32_t e = 0; e < p->m && rc == HC_OK; e++)
        rc = hc_np_send(s, x, off + b, code == rcode ? from + e * stride : to + e, to + e, 1);
  }
  return rc;
}

static int comm(const hc_np_params *p, unsigned phase, hc_sched *s) {
  const uint32_t j = phase / 2, J = j / p->m, jj = j % p->m;
  int rc = HC_OK;
  for (uint32_t t = 0; t < p->p && rc == HC_OK; t++)
    rc = phase % 2 == 0 ? tree(p, s, hc_np_gray(t) << p->k, 0, J, jj, p->m, RC_AT(p)) /* row t: column j */
                        : tree(p, s, hc_np_gray(t), p->k, J, jj * p->m, 1, RR_AT(p)); /* column t: row j */
  return rc;
}

/* Phase 2j's compute on the nodes of block row J: row j over the pivot. */
static void scale(const hc_np_params *p, uint32_t c, uint32_t J, uint32_t jj, uint32_t *mem, hc_np_ops *ops) {
  const uint32_t m = p->m, mask = hc_np_mask(p->w);
  const uint32_t piv = c == J ? mem[jj * m + jj] : mem[RC_AT(p) + jj];
  const uint32_t inv = hc_np_inverse(piv, p->w);
  for (uint32_t q = 0; q < m; q++) {
    const uint32_t v = c == J && q == jj ? 1u : mem[jj * m + q];
    mem[jj * m + q] = (v * inv) & mask;
  }
  ops->div += m; /* a_jq / a_jj, one division each (as a multiplication by the inverse) */
}

/* Phase 2j+1's compute: every row but j takes its multiple of row j. */
static void eliminate(const hc_np_params *p, uint32_t r, uint32_t c, uint32_t J, uint32_t jj, uint32_t *mem,
                      hc_np_ops *ops) {
  const uint32_t m = p->m, mask = hc_np_mask(p->w);
  for (uint32_t ii = 0; ii < m; ii++) {
    if (r == J && ii == jj) continue;
    const uint32_t f = c == J ? mem[ii * m + jj] : mem[RC_AT(p) + ii];
    for (uint32_t q = 0; q < m; q++) {
      const uint32_t row = r == J ? mem[jj * m + q] : mem[RR_AT(p) + q];
      const uint32_t v = c == J && q == jj ? 0u : mem[ii * m + q];
      mem[ii * m + q] = (v - f * row) & mask;
    }
    ops->madd += m;
  }
}

static void compute(const hc_np_params *p, unsigned phase, uint32_t x, uint32_t *mem, hc_np_ops *ops) {
  const uint32_t j = phase / 2, J = j / p->m, jj = j % p->m;
  uint32_t r, c;
  hc_np_pos(p, x, 1, &r, &c);
  if (phase % 2 == 0) {
    if (r == J) scale(p, c, J, jj, mem, ops);
  } else {
    eliminate(p, r, c, J, jj, mem, ops);
  }
}

/* The host's Gauss-Jordan inverse in place, the plain loop of the
** textbook (no pivoting: the pivots are odd by construction). */
static void host_inverse(uint32_t n, unsigned w, uint32_t *a) {
  const uint32_t mask = hc_np_mask(w);
  for (uint32_t j = 0; j < n; j++) {
    const uint32_t inv = hc_np_inverse(a[j * n + j], w);
    a[j * n + j] = 1;
    for (uint32_t q = 0; q < n; q++) a[j * n + q] = (a[j * n + q] * inv) & mask;
    for (uint32_t i = 0; i < n; i++) {
      if (i == j) continue;
      const uint32_t f = a[i * n + j];
      a[i * n + j] = 0;
      for (uint32_t q = 0; q < n; q++) a[i * n + q] = (a[i * n + q] - f * a[j * n + q]) & mask;
    }
  }
}

static int verify(const hc_np_params *p, const uint32_t *mem, char *why, size_t len) {
  const uint32_t n = p->n;
  const size_t nn = (size_t)n * n;
  uint32_t *a = malloc(nn * sizeof *a), *x = malloc(nn * sizeof *x), *e = calloc(nn, sizeof *e),
           *h = malloc(nn * sizeof *h);
  int rc = a && x && e && h ? HC_OK : HC_ENOMEM;
  if (rc == HC_OK) {
    make_a(p, a);
    hc_np_get_blocks(p, 1, mem, 0, x);
    hc_np_host_gemm(n, p->w, a, x, e); /* A X */
    for (size_t i = 0; i < nn; i++) h[i] = i % (n + 1u) == 0;
    rc = hc_np_compare("A A^-1", n, e, h, why, len);
  }
  if (rc == HC_OK) {
    for (size_t i = 0; i < nn; i++) h[i] = a[i];
    host_inverse(n, p->w, h);
    rc = hc_np_compare("A^-1", n, x, h, why, len);
  } else if (rc == HC_ENOMEM && why) {
    snprintf(why, len, "out of memory");
  }
  free(a);
  free(x);
  free(e);
  free(h);
  return rc;
}

static uint64_t steps(const hc_np_params *p, unsigned phase) {
  (void)phase;
  return (uint64_t)p->m + p->k - 1;
}

/* Corollary 6.1 (N = 2^k): 3(2^k - 1) + k. */
static uint64_t paper_steps(const hc_np_params *p) { return p->m == 1 ? 3ull * (p->p - 1) + p->k : HC_NP_NA; }

/* In sequence: per pivot M divisions on block row J, then M^2 multiply-adds
** on every node (M(M - 1) on block row J). */
static uint64_t arith(const hc_np_params *p) { return (uint64_t)p->n * ((uint64_t)p->m * p->m + p->m); }

/* Corollary 6.1 (N = 2^k): 2(2^k + k - 1). */
static uint64_t paper_arith(const hc_np_params *p) { return p->m == 1 ? 2ull * (p->p + p->k - 1) : HC_NP_NA; }

const hc_np_algo hc_np_algo_gj = {
    .name = "gj",
    .source = "003 (Johnsson) §6.1 Gauss-Jordan, Corollary 6.1",
    .summary = "A^-1 in place by Gauss-Jordan, pivots on the diagonal: per pivot a column tree and a row tree",
    .check = check,
    .load = load,
    .comm = comm,
    .compute = compute,
    .verify = verify,
    .steps = steps,
    .steps_text = "2N (M + k - 1) (2N phases of a pipelined tree of M elements)",
    .paper_steps = paper_steps,
    .paper_steps_text = "3(2^k - 1) + k",
    .paper_source = "003 Cor 6.1",
    .relation = "the paper pipelines successive pivots, a new one every 3 steps (for N = 2^k only); phases put "
                "the pivot column's tree and the pivot row's tree one after the other, 2k steps a pivot at M = 1",
    .arith = arith,
    .arith_text = "N (M^2 + M) (per pivot M divisions, then M^2 multiply-adds)",
    .paper_arith = paper_arith,
    .paper_arith_text = "2(2^k + k - 1)",
};
