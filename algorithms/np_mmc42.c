/*
** MMC4.2 of Johnsson (shared/seeds/003 §5.4.2, Theorem 5.6): the
** outer-product algorithm, version 2, as a node program
** (algorithms/hc_np_algo.h): all outer products under way at once instead
** of one after the other. Consecutive storage on the Gray-coded array:
** node (r, c) = (G(r) << k) | G(c) holds A_rc, B_rc, C_rc.
**
** One communication phase: in every row every node broadcasts its block
** of A over the spanning binomial tree of the row rooted at itself (node x
** forwards the tree of root y to x XOR 2^b for every b above the highest 1
** bit of x XOR y), and in every column every node its block of B. The
** directed link (x, b) carries the trees whose root differs from x below
** bit b only, s = x XOR y < 2^b, and carries them in increasing s, M^2
** elements each, one per packet. The tree of s reaches x from the node
** x XOR 2^msb(s), where it is tree s' = s - 2^msb(s) < s, which that node
** sends earlier on its own link; by induction on s every link sends without
** a gap from the first step, and the busiest links (b = k - 1) carry
** 2^(k-1) trees: 2^(k-1) M^2 steps, which is also what those links must
** carry, so no order does better with these trees. Compute: H += sum_m
** A_im B_mj.
**
** The paper initiates outer product m in step m (+ a delay that makes a_im
** and b_mj meet at (i,j)) so that the multiply pipelines with the
** communication: 2^k + 2k - 1 steps at M = 1, bounded by one initiation a
** step. Data movement alone is bounded by the links: 2^(k-1) M^2.
**
** Memory of a node, B = M^2 words per block:
**   E 0, F B, H 2B, RA(m) (3 + m)B, RB(m) (3 + 2^k + m)B, m = 0..2^k-1
**   (the block of the line's node m; the node's own slot stays unused).
*/
#include "np_mm.h"

#define BLK(p) ((p)->m * (p)->m)
#define RA(p, m) ((3u + (m)) * BLK(p))
#define RB(p, m) ((3u + (p)->p + (m)) * BLK(p))

static int check(hc_np_params *p, char *why, size_t n) {
  return hc_np_mm_check(p, 1, 3ull + 2ull * (1u << (p->d / 2)), why, n);
}

static void load(const hc_np_params *p, uint32_t *mem) { hc_np_mm_load(p, 1, mem, 0, BLK(p), 2 * BLK(p)); }

/* Every tree of one line: off 0 along rows (own block at own, received
** ones at recv(m)), k along columns. */
static int trees(const hc_np_params *p, hc_sched *s, uint32_t base, unsigned off, uint32_t own, uint32_t recv0) {
  int rc = HC_OK;
  for (uint32_t code = 0; code < p->p; code++) {
    const uint32_t x = base | code << off;
    for (unsigned b = 0; b < p->k; b++)
      for (uint32_t t = 0; t < (1u << b) && rc == HC_OK; t++) { /* t = x XOR root, increasing */
        const uint32_t m = hc_np_gray_inv(code ^ t), at = recv0 + m * BLK(p);
        rc = hc_np_send(s, x, off + b, t == 0 ? own : at, at, BLK(p));
      }
  }
  return rc;
}

static int comm(const hc_np_params *p, unsigned phase, hc_sched *s) {
  (void)phase;
  int rc = HC_OK;
  for (uint32_t t = 0; t < p->p && rc == HC_OK; t++) {
    rc = trees(p, s, hc_np_gray(t) << p->k, 0, 0, RA(p, 0));
    if (rc == HC_OK) rc = trees(p, s, hc_np_gray(t), p->k, BLK(p), RB(p, 0));
  }
  return rc;
}

static void compute(const hc_np_params *p, unsigned phase, uint32_t x, uint32_t *mem, hc_np_ops *ops) {
  (void)phase;
  uint32_t r, c;
  hc_np_pos(p, x, 1, &r, &c);
  for (uint32_t m = 0; m < p->p; m++)
    hc_np_block_madd(p->m, p->w, mem + 2 * BLK(p), mem + (m == c ? 0 : RA(p, m)), mem + (m == r ? BLK(p) : RB(p, m)),
                     ops);
}

static int verify(const hc_np_params *p, const uint32_t *mem, char *why, size_t n) {
  return hc_np_mm_verify(p, 1, mem, 2 * BLK(p), why, n);
}

static uint64_t steps(const hc_np_params *p, unsigned phase) {
  (void)phase;
  return (uint64_t)(p->p / 2) * p->m * p->m;
}

/* Theorem 5.6 with N1 = N2 = N3 = N, read as M^3 2^k + 2k - 1 (the scan
** prints the last factor as "^2"; docs/johnsson.md). */
static uint64_t paper_steps(const hc_np_params *p) {
  const uint64_t m = p->m;
  return m * m * m * p->p + 2ull * p->k - 1;
}

static uint64_t arith(const hc_np_params *p) { return (uint64_t)p->p * p->m * p->m * p->m; }

const hc_np_algo hc_np_algo_mmc42 = {
    .name = "mmc42",
    .source = "003 (Johnsson) §5.4.2 MMC4.2, Theorem 5.6",
    .summary = "C += A B by all outer products at once: every node's spanning binomial tree, links in tree order",
    .check = check,
    .load = load,
    .comm = comm,
    .compute = compute,
    .verify = verify,
    .steps = steps,
    .steps_text = "2^(k-1) M^2 (one phase: the busiest links' load)",
    .paper_steps = paper_steps,
    .paper_steps_text = "M^3 2^k + 2k - 1",
    .paper_source = "003 Thm 5.6",
    .relation = "the paper starts one outer product a step and delays them so that a_im and b_mj meet for the "
                "pipelined multiply (2^k + 2k - 1 at M = 1); data movement alone is bounded by the top links' "
                "2^(k-1) M^2 elements",
    .arith = arith,
    .arith_text = "2^k M^3 multiply-adds",
    .paper_arith = arith,
    .paper_arith_text = "M^3 2^k",
};
