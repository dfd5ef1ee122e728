/*
** MMC4.1 of Johnsson (shared/seeds/003 §5.4.1, Lemma 5.3, Theorem 5.5):
** the outer-product algorithm, version 1, as a node program
** (algorithms/hc_np_algo.h): the rank-M updates C += A_*m B_m* one after the
** other in increasing m, the communication of each completed before the
** next (the order the paper calls mandatory for factorisation with
** pivoting on the diagonal; Gauss-Jordan, np_gj.c, has the same phases).
** Consecutive storage on the Gray-coded array: node (r, c) = (G(r) << k) |
** G(c) holds A_rc, B_rc, C_rc.
**
** Phase m = 0 .. 2^k - 1: in every row i the node at column m broadcasts
** A_im over the spanning binomial tree of the row rooted at its code G(m)
** (node x forwards to x XOR 2^b for every b above the highest 1 bit of
** x XOR G(m), to all children at once); in every column j the node at row
** m broadcasts B_mj likewise. The elements go one per packet, pipelined:
** M^2 + k - 1 steps (the node k hops from the root gets the last one k - 1
** steps after the root sent it). Compute: H += A_im B_mj (M^3
** multiply-adds).
**
** The paper overlaps successive outer products, initiating one every three
** steps (Lemma 5.3: trees rooted in adjacent nodes every other step, one
** step from the subcube of product m to that of m + 1): 3(2^k - 1) + 2k.
** A phase per outer product does not overlap them: 2^k (M^2 + k - 1).
**
** Memory of a node, B = M^2 words per block:
**   E 0, F B, H 2B, RA 3B (A_im received), RB 4B (B_mj received).
*/
#include "np_mm.h"

#define BLK(p) ((p)->m * (p)->m)

static int check(hc_np_params *p, char *why, size_t n) { return hc_np_mm_check(p, 1u << (p->d / 2), 5, why, n); }

static void load(const hc_np_params *p, uint32_t *mem) { hc_np_mm_load(p, 1, mem, 0, BLK(p), 2 * BLK(p)); }

/* The tree of a line rooted at ring position m: off 0 along rows (own
** block E at 0, received into RA), k along columns (F, RB). */
static int tree(const hc_np_params *p, hc_sched *s, uint32_t base, unsigned off, uint32_t m, uint32_t own,
                uint32_t recv) {
  const uint32_t root = hc_np_gray(m);
  int rc = HC_OK;
  for (uint32_t code = 0; code < p->p && rc == HC_OK; code++) {
    const uint32_t x = base | code << off;
    for (unsigned b = (unsigned)(hc_np_msb(code ^ root) + 1); b < p->k && rc == HC_OK; b++)
      rc = hc_np_send(s, x, off + b, code == root ? own : recv, recv, BLK(p));
  }
  return rc;
}

static int comm(const hc_np_params *p, unsigned phase, hc_sched *s) {
  int rc = HC_OK;
  for (uint32_t t = 0; t < p->p && rc == HC_OK; t++) {
    rc = tree(p, s, hc_np_gray(t) << p->k, 0, phase, 0, 3 * BLK(p));     /* row t: A_t,phase */
    if (rc == HC_OK) rc = tree(p, s, hc_np_gray(t), p->k, phase, BLK(p), 4 * BLK(p)); /* column t */
  }
  return rc;
}

static void compute(const hc_np_params *p, unsigned phase, uint32_t x, uint32_t *mem, hc_np_ops *ops) {
  uint32_t r, c;
  hc_np_pos(p, x, 1, &r, &c);
  const uint32_t *a = mem + (c == phase ? 0 : 3 * BLK(p)), *b = mem + (r == phase ? BLK(p) : 4 * BLK(p));
  hc_np_block_madd(p->m, p->w, mem + 2 * BLK(p), a, b, ops);
}

static int verify(const hc_np_params *p, const uint32_t *mem, char *why, size_t n) {
  return hc_np_mm_verify(p, 1, mem, 2 * BLK(p), why, n);
}

static uint64_t steps(const hc_np_params *p, unsigned phase) {
  (void)phase;
  return (uint64_t)p->m * p->m + p->k - 1;
}

/* Theorem 5.5 with N1 = N2 = N3 = N: (M^3 + 2) 2^k + 2k - 3 (M = 1:
** Lemma 5.3's 3(2^k - 1) + 2k). */
static uint64_t paper_steps(const hc_np_params *p) {
  const uint64_t m = p->m;
  return (m * m * m + 2) * p->p + 2ull * p->k - 3;
}

static uint64_t arith(const hc_np_params *p) { return (uint64_t)p->p * p->m * p->m * p->m; }

const hc_np_algo hc_np_algo_mmc41 = {
    .name = "mmc41",
    .source = "003 (Johnsson) §5.4.1 MMC4.1, Lemma 5.3, Theorem 5.5",
    .summary = "C += A B by outer products in increasing order, one phase each, spanning binomial trees from the "
               "owners",
    .check = check,
    .load = load,
    .comm = comm,
    .compute = compute,
    .verify = verify,
    .steps = steps,
    .steps_text = "2^k (M^2 + k - 1) (2^k phases of a pipelined tree)",
    .paper_steps = paper_steps,
    .paper_steps_text = "(M^3 + 2) 2^k + 2k - 3",
    .paper_source = "003 Thm 5.5 (Lemma 5.3 at M = 1)",
    .relation = "the paper initiates an outer product every 3 steps, overlapping them (3(2^k - 1) + 2k at M = 1); "
                "a phase per outer product does not overlap and takes a whole tree, k steps at M = 1",
    .arith = arith,
    .arith_text = "2^k M^3 multiply-adds",
    .paper_arith = arith,
    .paper_arith_text = "M^3 2^k",
};
