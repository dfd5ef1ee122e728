/*
** The triangular solver of Johnsson (shared/seeds/003 §6.4.1, Theorem 6.2
** for N = 2^k): L z = y by the column sweep ("a variation of the
** column-sweep algorithm of Kuck"), accumulating the inner products in
** space, as a node program (algorithms/hc_np_algo.h). L is 2^k x 2^k lower
** triangular on the Gray-coded array, l_ij at node (i, j) = (G(i) << k) |
** G(j); y starts in the nodes of column 0 (y_i at node (i, 0)).
**
** Variable j is two phases:
**   phase 2j: the nodes (i, j-1), i >= j, send the partially reduced y_i to
**     (i, j), their ring neighbour (none for j = 0). Compute: node (j, j)
**     forms z_j = y_j / l_jj (one division).
**   phase 2j + 1: node (j, j) broadcasts z_j over the spanning binomial
**     tree of column j rooted at row j (none for the last variable).
**     Compute: the nodes (i, j), i > j, take y_i -= l_ij z_j (one
**     multiply-add).
** 1 step and k steps: (2^k - 1)(k + 1) in all. The paper starts a new
** variable every two steps, the broadcast of z_j overlapping the next
** shifts, which is possible because the SBT never brings z_j later than
** the partial sums from the adjacent column (§6.4.1): 2(2^k - 1).
**
** The scan's Theorem 6.2 reads "2(⌈N/2^k⌉^2 - 1) communications", which is
** 0 at N = 2^k where its own text says 2(2^k - 1); docs/johnsson.md reads
** it as 2(⌈N/2^k⌉ 2^k - 1) = 2(N - 1). Only N = 2^k is built here (the
** N x N solver of Theorem 6.2 with cyclic storage and partial in-place
** accumulation is not).
**
** The diagonal of L is odd (a unit modulo 2^w), so z is exact; the check:
** L z = y, and z equals the host's forward substitution.
**
** Memory of a node: L 0 (l_ij), Y 1 (the y_i it holds), Z 2 (z_j).
*/
#include <stdio.h>
#include <stdlib.h>

#include "hc_np_algo.h"

#define L_AT 0u
#define Y_AT 1u
#define Z_AT 2u

static int check(hc_np_params *p, char *why, size_t n) {
  int rc = hc_np_check_square(p, 1u << (p->d / 2), why, n);
  if (rc != HC_OK) return rc;
  if (p->m != 1)
    return hc_np_why(why, n,
                     "N = %u: the column sweep of §6.4.1 is built for N = 2^k = %u (one element a node; the "
                     "N x N solver of Theorem 6.2 is not built)",
                     p->n, p->p);
  p->phases = 2 * p->n;
  return hc_np_check_mem(p, 3, why, n);
}

/* L (lower triangular, odd diagonal) and y (row 0 of stream 21). */
static void make_ly(const hc_np_params *p, uint32_t *l, uint32_t *y) {
  const uint32_t n = p->n;
  hc_np_matrix(p->seed, 20, n, p->w, l);
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = 0; j < n; j++) {
      if (j > i) l[i * n + j] = 0;
      if (j == i) l[i * n + j] |= 1u;
    }
  uint32_t *t = malloc((size_t)n * n * sizeof *t);
  if (t) hc_np_matrix(p->seed, 21, n, p->w, t);
  for (uint32_t i = 0; i < n; i++) y[i] = t ? t[i] : 0;
  free(t);
}

static void load(const hc_np_params *p, uint32_t *mem) {
  const uint32_t n = p->n;
  uint32_t *l = malloc((size_t)n * n * sizeof *l), *y = malloc(n * sizeof *y);
  if (l && y) {
    make_ly(p, l, y);
    for (uint32_t i = 0; i < n; i++) {
      for (uint32_t j = 0; j < n; j++) mem[(size_t)hc_np_node(p, i, j, 1) * p->mem + L_AT] = l[i * n + j];
      mem[(size_t)hc_np_node(p, i, 0, 1) * p->mem + Y_AT] = y[i];
    }
  }
  free(l);
  free(y);
}

static int comm(const hc_np_params *p, unsigned phase, hc_sched *s) {
  const uint32_t j = phase / 2;
  int rc = HC_OK;
  if (phase % 2 == 0) { /* y_i, i >= j, from column j - 1 to column j */
    if (j == 0) return HC_OK;
    const unsigned dim = (unsigned)hc_np_msb(hc_np_gray(j) ^ hc_np_gray(j - 1));
    for (uint32_t i = j; i < p->n && rc == HC_OK; i++) rc = hc_np_send(s, hc_np_node(p, i, j - 1, 1), dim, Y_AT, Y_AT, 1);
    return rc;
  }
  if (j + 1 == p->n) return HC_OK; /* the last z is needed nowhere else */
  const uint32_t root = hc_np_gray(j);
  for (uint32_t code = 0; code < p->p; code++) { /* z_j down column j from row j */
    const uint32_t x = code << p->k | hc_np_gray(j);
    for (unsigned b = (unsigned)(hc_np_msb(code ^ root) + 1); b < p->k && rc == HC_OK; b++)
      rc = hc_np_send(s, x, p->k + b, Z_AT, Z_AT, 1);
  }
  return rc;
}

static void compute(const hc_np_params *p, unsigned phase, uint32_t x, uint32_t *mem, hc_np_ops *ops) {
  const uint32_t j = phase / 2, mask = hc_np_mask(p->w);
  uint32_t i, c;
  hc_np_pos(p, x, 1, &i, &c);
  if (c != j) return;
  if (phase % 2 == 0 && i == j) {
    mem[Z_AT] = (mem[Y_AT] * hc_np_inverse(mem[L_AT], p->w)) & mask;
    ops->div++;
  } else if (phase % 2 == 1 && i > j) {
    mem[Y_AT] = (mem[Y_AT] - mem[L_AT] * mem[Z_AT]) & mask;
    ops->madd++;
  }
}

static int verify(const hc_np_params *p, const uint32_t *mem, char *why, size_t len) {
  const uint32_t n = p->n, mask = hc_np_mask(p->w);
  uint32_t *l = malloc((size_t)n * n * sizeof *l), *y = malloc(n * sizeof *y), *z = malloc(n * sizeof *z);
  int rc = l && y && z ? HC_OK : HC_ENOMEM;
  if (rc != HC_OK && why) snprintf(why, len, "out of memory");
  if (rc == HC_OK) make_ly(p, l, y);
  for (uint32_t i = 0; rc == HC_OK && i < n; i++) { /* L z = y, row by row */
    z[i] = mem[(size_t)hc_np_node(p, i, i, 1) * p->mem + Z_AT];
    uint32_t s = 0;
    for (uint32_t j = 0; j <= i; j++) s += l[i * n + j] * z[j];
    if ((s & mask) != y[i]) {
      if (why) snprintf(why, len, "(L z)_%u = %u, y_%u = %u", i, s & mask, i, y[i]);
      rc = HC_EMISMATCH;
    }
  }
  for (uint32_t i = 0; rc == HC_OK && i < n; i++) { /* the host's forward substitution */
    uint32_t s = y[i];
    for (uint32_t j = 0; j < i; j++) s -= l[i * n + j] * y[j];
    y[i] = (s * hc_np_inverse(l[i * n + i], p->w)) & mask;
    if (y[i] != z[i]) {
      if (why) snprintf(why, len, "z_%u = %u, the host's forward substitution gives %u", i, z[i], y[i]);
      rc = HC_EMISMATCH;
    }
  }
  free(l);
  free(y);
  free(z);
  return rc;
}

static uint64_t steps(const hc_np_params *p, unsigned phase) {
  const uint32_t j = phase / 2;
  if (phase % 2 == 0) return j > 0;
  return j + 1 < p->n ? p->k : 0;
}

/* Theorem 6.2 at N = 2^k, as its text says: 2(2^k - 1). */
static uint64_t paper_steps(const hc_np_params *p) { return 2ull * (p->p - 1); }

/* In sequence: N divisions and N - 1 multiply-adds. */
static uint64_t arith(const hc_np_params *p) { return 2ull * p->n - 1; }

/* Theorem 6.2 at N = 2^k: ⌈N/2^k⌉^2 + 3(2^k - 1). */
static uint64_t paper_arith(const hc_np_params *p) { return 1ull + 3ull * (p->p - 1); }

const hc_np_algo hc_np_algo_trsv = {
    .name = "trsv",
    .source = "003 (Johnsson) §6.4.1 column sweep, Theorem 6.2 (N = 2^k)",
    .summary = "L z = y by the column sweep: y shifts along the Gray ring, each z_j down its column's tree",
    .check = check,
    .load = load,
    .comm = comm,
    .compute = compute,
    .verify = verify,
    .steps = steps,
    .steps_text = "(2^k - 1)(k + 1) (per variable a shift of 1 and a tree of k)",
    .paper_steps = paper_steps,
    .paper_steps_text = "2(2^k - 1)",
    .paper_source = "003 Thm 6.2, §6.4.1",
    .relation = "the paper starts a variable every 2 steps, the tree of z_j overlapping the next shifts; phases "
                "do the shift and the whole tree one after the other, k + 1 steps a variable",
    .arith = arith,
    .arith_text = "2N - 1 (N divisions, N - 1 multiply-adds, one after the other)",
    .paper_arith = paper_arith,
    .paper_arith_text = "1 + 3(2^k - 1)",
};
