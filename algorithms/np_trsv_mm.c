/*
** The triangular solver of Johnsson that accumulates the inner products
** entirely in place (shared/seeds/003 §6.4.3, Theorem 6.5), as a node
** program (algorithms/hc_np_algo.h): L Z = Y with L N x N block lower
** triangular with identity diagonal blocks of 2^k x 2^k, Y N x R, by
** matrix multiplications: "Each set of 2^k variables is computed through
** matrix multiplications of the form Y <- Y - L(i) X(i), where L(i) is the
** ith block column of L, X(i) is the ith block row of X". L and Y are both
** stored cyclically on the Gray-coded array (np_tri.h): y_iq on position
** (i mod 2^k, q mod 2^k), local element (i / 2^k, q / 2^k); R is a multiple
** of 2^k (Q = R / 2^k local columns). Y is overwritten by the solution in
** place: with identity diagonal blocks X(i) is Y's block row i once the
** products of the sets before it have been taken off.
**
** Set i = 0 .. M - 2 is one multiplication by Cannon's algorithm on the
** Gray-coded torus (MMC2, np_mmc2.c), of A = L(i) below the diagonal (the
** M - 1 - i local elements (j, i), j > i, of each node) by B = X(i) (the Q
** local elements (i, q)), every product subtracted in place from Y's
** local elements (j, q), all j and q at once:
**   phase i 2^k, the set-up: row r of A rotates r places toward lower
**     columns, column c of B c places toward lower rows, on the
**     edge-disjoint shortest paths of hc_np_rotation_route, relayed through
**     a scratch slot per incoming dimension: max(M - 1 - i, Q) + k - 1
**     steps. Compute: Y(j, q) -= A_j B_q.
**   phases i 2^k + t, t = 1 .. 2^k - 1: A one place along the row ring, B
**     one along the column ring, max(M - 1 - i, Q) steps. Compute: the same.
** The paper counts the ⌈R/2^k⌉ M (M - 1) / 2 products of 2^k x 2^k blocks
** one by one, 2^k communications each (the first term of Theorem 6.5; the
** rest of the theorem is lost in the scan). A node program moves each of
** L(i)'s and X(i)'s elements once per step and multiplies it with all the
** blocks it meets, as MMC2 does for M > 1 (docs/johnsson.md, "M^3 against
** M^2").
**
** Memory of a node (B = M^2, a = M - 1): L 0 (column-major: local (j, i) at
** i M + j, so L(i) below the diagonal is contiguous), Y B (M x Q,
** row-major), A0 B + M Q, A1 + a, B0 + 2a, B1 + Q (the double buffers:
** a word a phase writes is not its own data), RA + 2a + 2Q (k x a), RB
** + k a (k x Q): the set-up's relay slots by incoming dimension. Row 0's A
** and column 0's B do not move in the set-up: they are read where they
** are stored.
*/
#include <stdlib.h>

#include "np_tri.h"

#define QQ(p) ((p)->r / (p)->p)
#define Y_AT(p) ((p)->m * (p)->m)
#define A_AT(p, b) (Y_AT(p) + (p)->m * QQ(p) + (b) * ((p)->m - 1))
#define B_AT(p, b) (A_AT(p, 2) + (b) * QQ(p))
#define RA_AT(p, d) (B_AT(p, 2) + (d) * ((p)->m - 1))
#define RB_AT(p, d) (RA_AT(p, (p)->k) + (d) * QQ(p))

static int check(hc_np_params *p, char *why, size_t n) {
  const unsigned k = p->d / 2;
  int rc = hc_np_check_square_rhs(p, 2u << k, 1u << k, 1u << k, 1u << k, why, n);
  if (rc != HC_OK) return rc;
  p->phases = (p->m - 1) * p->p;
  const uint64_t a = p->m - 1, q = QQ(p);
  return hc_np_check_mem(p, (uint64_t)p->m * p->m + p->m * q + (2 + p->k) * (a + q), why, n);
}

static void load(const hc_np_params *p, uint32_t *mem) {
  const uint32_t n = p->n, m = p->m, r = p->r;
  uint32_t *l = malloc((size_t)n * n * sizeof *l), *y = malloc((size_t)n * r * sizeof *y);
  if (l && y) {
    hc_np_tri_make(p, HC_NP_TRI_UNIT_BLOCKS, l, y);
    for (uint32_t i = 0; i < n; i++) {
      for (uint32_t j = 0; j < n; j++)
        mem[(size_t)hc_np_cyc_node(p, i, j) * p->mem + (j / p->p) * m + i / p->p] = l[(size_t)i * n + j];
      for (uint32_t q = 0; q < r; q++)
        mem[(size_t)hc_np_cyc_node(p, i, q) * p->mem + Y_AT(p) + (i / p->p) * QQ(p) + q / p->p] =
            y[(size_t)i * r + q];
    }
  }
  free(l);
  free(y);
}

/* Where set i's A and B are stored: L's local (i + 1 .. M - 1, i), Y's
** local (i, 0 .. Q - 1). */
static uint32_t a_home(const hc_np_params *p, uint32_t i) { return i * p->m + i + 1; }
static uint32_t b_home(const hc_np_params *p, uint32_t i) { return Y_AT(p) + i * QQ(p); }

/* Where a node's A (in row r) and B (in column c) are after step t of set
** i: row 0's A and column 0's B at home at t = 0, then the buffers. */
static uint32_t a_at(const hc_np_params *p, uint32_t r, uint32_t t, uint32_t i) {
  return r == 0 && t == 0 ? a_home(p, i) : A_AT(p, ((r != 0) + t) & 1u);
}
static uint32_t b_at(const hc_np_params *p, uint32_t c, uint32_t t, uint32_t i) {
  return c == 0 && t == 0 ? b_home(p, i) : B_AT(p, ((c != 0) + t) & 1u);
}

/* One set-up path from node x across dims[0..l-1] (+ off), len words from
** from into to at its end, through relay slot rel(d) at every node between. */
static int path(const hc_np_params *p, hc_sched *s, uint32_t x, const uint8_t *dims, unsigned l, unsigned off,
                uint32_t from, uint32_t to, uint32_t len, int is_a) {
  int rc = HC_OK;
  for (unsigned h = 0; h < l && rc == HC_OK; h++) {
    const unsigned dim = dims[h] + off;
    const uint32_t dst = h + 1 == l ? to : is_a ? RA_AT(p, dims[h]) : RB_AT(p, dims[h]);
    rc = hc_np_send(s, x, dim, from, dst, len);
    x ^= 1u << dim;
    from = dst;
  }
  return rc;
}

static int setup(const hc_np_params *p, uint32_t i, hc_sched *s) {
  uint8_t dims[32 * 5], len[32];
  const uint32_t na = p->m - 1 - i;
  int rc = HC_OK;
  for (uint32_t t = 1; t < p->p && rc == HC_OK; t++) {
    rc = hc_np_rotation_route(p->k, t, dims, len);
    for (uint32_t c = 0; c < p->p && rc == HC_OK; c++) {
      const uint32_t from = (c + t) % p->p;
      rc = path(p, s, hc_np_node(p, t, from, 1), dims + c * p->k, len[c], 0, a_home(p, i), A_AT(p, 1), na, 1);
      if (rc == HC_OK)
        rc = path(p, s, hc_np_node(p, from, t, 1), dims + c * p->k, len[c], p->k, b_home(p, i), B_AT(p, 1), QQ(p), 0);
    }
  }
  return rc;
}

/* The dimension between ring positions a and a - 1 of the Gray ring. */
static unsigned ring_dim(const hc_np_params *p, uint32_t a) {
  return (unsigned)hc_np_msb(hc_np_gray(a) ^ hc_np_gray((a + p->p - 1) % p->p));
}

static int comm(const hc_np_params *p, unsigned phase, hc_sched *s) {
  const uint32_t i = phase / p->p, t = phase % p->p, na = p->m - 1 - i;
  if (t == 0) return setup(p, i, s);
  int rc = HC_OK;
  for (uint32_t r = 0; r < p->p; r++)
    for (uint32_t c = 0; c < p->p && rc == HC_OK; c++) {
      const uint32_t x = hc_np_node(p, r, c, 1);
      rc = hc_np_send(s, x, ring_dim(p, c), a_at(p, r, t - 1, i), a_at(p, r, t, i), na);
      if (rc == HC_OK) rc = hc_np_send(s, x, p->k + ring_dim(p, r), b_at(p, c, t - 1, i), b_at(p, c, t, i), QQ(p));
    }
  return rc;
}

static void compute(const hc_np_params *p, unsigned phase, uint32_t x, uint32_t *mem, hc_np_ops *ops) {
  const uint32_t i = phase / p->p, t = phase % p->p, na = p->m - 1 - i, qq = QQ(p), mask = hc_np_mask(p->w);
  uint32_t r, c;
  hc_np_pos(p, x, 1, &r, &c);
  const uint32_t *a = mem + a_at(p, r, t, i), *b = mem + b_at(p, c, t, i);
  for (uint32_t e = 0; e < na; e++) {
    uint32_t *y = mem + Y_AT(p) + (i + 1 + e) * qq;
    for (uint32_t q = 0; q < qq; q++) y[q] = (y[q] - a[e] * b[q]) & mask;
  }
  ops->madd += (uint64_t)na * qq;
}

static int verify(const hc_np_params *p, const uint32_t *mem, char *why, size_t len) {
  uint32_t *z = malloc((size_t)p->n * p->r * sizeof *z);
  if (!z) return HC_ENOMEM;
  for (uint32_t j = 0; j < p->n; j++)
    for (uint32_t q = 0; q < p->r; q++)
      z[(size_t)j * p->r + q] =
          mem[(size_t)hc_np_cyc_node(p, j, q) * p->mem + Y_AT(p) + (j / p->p) * QQ(p) + q / p->p];
  const int rc = hc_np_tri_verify(p, HC_NP_TRI_UNIT_BLOCKS, z, why, len);
  free(z);
  return rc;
}

static uint64_t steps(const hc_np_params *p, unsigned phase) {
  const uint64_t na = p->m - 1 - phase / p->p, q = QQ(p), most = na > q ? na : q;
  return phase % p->p == 0 ? most + p->k - 1 : most;
}

/* Theorem 6.5's first term (the rest is lost in the scan): ⌈N/2^k⌉(⌈N/2^k⌉
** - 1)⌈R/2^k⌉ 2^(k-1), the products' 2^k communications each. */
static uint64_t paper_steps(const hc_np_params *p) {
  return (uint64_t)p->m * (p->m - 1) * QQ(p) * (p->p / 2);
}

/* In sequence: 2^k steps of (M - 1 - i) Q multiply-adds for each set i. */
static uint64_t arith(const hc_np_params *p) { return (uint64_t)p->p * QQ(p) * p->m * (p->m - 1) / 2; }

/* §6.4.3: ⌈R/2^k⌉ M (M - 1) / 2 products, "each requiring 2 x 2^k
** arithmetic operations". */
static uint64_t paper_arith(const hc_np_params *p) { return (uint64_t)p->p * QQ(p) * p->m * (p->m - 1); }

const hc_np_algo hc_np_algo_trsv_mm = {
    .name = "trsv_mm",
    .source = "003 (Johnsson) §6.4.3 inner products entirely in place, Theorem 6.5",
    .summary = "L Z = Y, L with identity diagonal blocks, Y cyclic: per set Y -= L(i) X(i) by Cannon (MMC2) in place",
    .takes_rhs = 1,
    .check = check,
    .load = load,
    .comm = comm,
    .compute = compute,
    .verify = verify,
    .steps = steps,
    .steps_text = "sum over sets i < M - 1 of 2^k max(M - 1 - i, R/2^k) + k - 1 (Cannon: a set-up and 2^k - 1 shifts)",
    .paper_steps = paper_steps,
    .paper_steps_text = "M(M - 1)(R/2^k) 2^(k-1) + max(...) (the first term; the rest is lost in the scan)",
    .paper_source = "003 Thm 6.5, §6.4.3",
    .relation = "the paper moves the operands once per 2^k x 2^k product (2^k each); a node program moves L(i) "
                "and X(i) once per Cannon step for all the set's products, and pays the set-up's k - 1",
    .arith = arith,
    .arith_text = "2^k (R/2^k) M(M - 1)/2 multiply-adds",
    .paper_arith = paper_arith,
    .paper_arith_text = "2^k (R/2^k) M(M - 1) (2 2^k operations a product)",
};
