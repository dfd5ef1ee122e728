/*
** MMC2 of Johnsson (shared/seeds/003 §5.2, Theorem 5.3): Cannon's algorithm
** on the 2^k x 2^k torus embedded in the 2k-cube by a Gray code of row and
** column indices, as a node program (algorithms/hc_np_algo.h). A, B, C are
** N x N, stored consecutively: node (r, c) holds the M x M blocks
** (M = N/2^k) A_rc, B_rc, C_rc.
**
** Phase 0, the set-up: row r of A is rotated r places toward lower column
** indices, column c of B c places toward lower row indices
** (E(r,c) <- E(r, c + r), F(r,c) <- F(r + c, c)), each on directed-edge-
** disjoint shortest paths of the row's (column's) k-cube
** (hc_np_rotation_route), one element per packet, forwarded hop by hop
** through a scratch block per incoming dimension: M^2 + k - 1 steps (the
** farthest element travels k hops). Compute: H += E F.
** Phases 1 .. 2^k - 1: E(r,c) <- E(r, c + 1), F(r,c) <- F(r + 1, c), one
** hop each (Gray code: ring neighbours are cube neighbours), M^2 steps.
** Compute: H += E F. E and F are double-buffered (single assignment: a
** word a phase writes is not its own data); the current buffer of a node
** follows from its row or column and the phase.
**
** Memory of a node, B = M^2 words per block:
**   E0 0, E1 B, F0 2B, F1 3B, H 4B, R_j (5 + j)B for incoming dimension j.
*/
#include "np_mm.h"

static int check(hc_np_params *p, char *why, size_t n) { return hc_np_mm_check(p, 1u << (p->d / 2), 5u + p->d, why, n); }

static void load(const hc_np_params *p, uint32_t *mem) { hc_np_mm_load(p, 1, mem, NP_E(p, 0), NP_F(p, 0), NP_H(p)); }

/* Row t of A rotates t places, column t of B too (t = 0 stays). */
static int setup(const hc_np_params *p, hc_sched *s) {
  uint8_t dims[32 * 5], len[32];
  int rc = HC_OK;
  for (uint32_t t = 1; t < p->p && rc == HC_OK; t++) {
    rc = hc_np_rotation_route(p->k, t, dims, len);
    for (uint32_t c = 0; c < p->p && rc == HC_OK; c++) {
      const uint32_t from = (c + t) % p->p;
      rc = hc_np_mm_path(p, s, hc_np_node(p, t, from, 1), dims + c * p->k, len[c], 0, NP_E(p, 0), NP_E(p, 1));
      if (rc == HC_OK)
        rc = hc_np_mm_path(p, s, hc_np_node(p, from, t, 1), dims + c * p->k, len[c], p->k, NP_F(p, 0), NP_F(p, 1));
    }
  }
  return rc;
}

/* The dimension between ring positions a and a - 1 of the Gray ring. */
static unsigned ring_dim(const hc_np_params *p, uint32_t a) {
  return (unsigned)hc_np_msb(hc_np_gray(a) ^ hc_np_gray((a + p->p - 1) % p->p));
}

/* E(r,c) <- E(r, c + 1), F(r,c) <- F(r + 1, c): each node sends its
** current blocks one place back along its row and its column. */
static int shift(const hc_np_params *p, unsigned i, hc_sched *s) {
  const uint32_t b = p->m * p->m;
  int rc = HC_OK;
  for (uint32_t r = 0; r < p->p; r++)
    for (uint32_t c = 0; c < p->p && rc == HC_OK; c++) {
      const uint32_t x = hc_np_node(p, r, c, 1);
      rc = hc_np_send(s, x, ring_dim(p, c), NP_E(p, hc_np_mm_cur(r, i - 1)), NP_E(p, hc_np_mm_cur(r, i)), b);
      if (rc == HC_OK)
        rc = hc_np_send(s, x, p->k + ring_dim(p, r), NP_F(p, hc_np_mm_cur(c, i - 1)), NP_F(p, hc_np_mm_cur(c, i)), b);
    }
  return rc;
}

static int comm(const hc_np_params *p, unsigned phase, hc_sched *s) {
  return phase == 0 ? setup(p, s) : shift(p, phase, s);
}

static void compute(const hc_np_params *p, unsigned phase, uint32_t x, uint32_t *mem, hc_np_ops *ops) {
  hc_np_mm_shift_compute(p, 1, phase, x, mem, ops);
}

static int verify(const hc_np_params *p, const uint32_t *mem, char *why, size_t n) {
  return hc_np_mm_verify(p, 1, mem, NP_H(p), why, n);
}

static uint64_t steps(const hc_np_params *p, unsigned phase) {
  const uint64_t b = (uint64_t)p->m * p->m;
  return phase == 0 ? b + p->k - 1 : b;
}

/* Theorem 5.3 with N1 = N2 = N3 = N: M^3 (2^k - 1) + M^2 + k - 1. */
static uint64_t paper_steps(const hc_np_params *p) {
  const uint64_t m = p->m;
  return m * m * m * (p->p - 1) + m * m + p->k - 1;
}

static uint64_t arith(const hc_np_params *p) { return (uint64_t)p->p * p->m * p->m * p->m; }

const hc_np_algo hc_np_algo_mmc2 = {
    .name = "mmc2",
    .source = "003 (Johnsson) §5.2 MMC2, Theorem 5.3",
    .summary = "C += A B by Cannon's rotations on the Gray-coded 2^k x 2^k torus, set-up on edge-disjoint paths",
    .check = check,
    .load = load,
    .comm = comm,
    .compute = compute,
    .verify = verify,
    .steps = steps,
    .steps_text = "2^k M^2 + k - 1 (set-up M^2 + k - 1, then 2^k - 1 shifts of M^2)",
    .paper_steps = paper_steps,
    .paper_steps_text = "M^3 (2^k - 1) + M^2 + k - 1",
    .paper_source = "003 Thm 5.3",
    .relation = "equal for M = 1; for M > 1 the paper moves a block of planes once per plane product (M^3 (2^k - 1)), "
                "a node program shifts each M x M block once per step ((2^k - 1) M^2)",
    .arith = arith,
    .arith_text = "2^k M^3 multiply-adds",
    .paper_arith = arith,
    .paper_arith_text = "M^3 2^k",
};
