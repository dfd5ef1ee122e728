/*
** MMC3 of Johnsson (shared/seeds/003 §5.3, Lemma 5.2, Theorem 5.4):
** multiplication by reflection of Gray-code-encoded matrices, as a node
** program (algorithms/hc_np_algo.h). Consecutive storage on the Gray-coded
** 2^k x 2^k array: node (r, c) = (G(r) << k) | G(c) holds A_rc, B_rc, C_rc
** (M x M blocks).
**
** One communication phase. In row i every block of A flows to column 0
** along the Gray path G(2^k-1), ..., G(1), G(0) (the paper's shifts
** E(i,j) <- E(i,j+1): the node at column c sends its own block and then
** the blocks of columns c+1, ... it receives, in column order), and the
** node at column 0, code 0, distributes the whole row, its own block first
** and then the others as they arrive, over the spanning binomial tree
** rooted at code 0 (node x forwards to x + 2^b for every b above its
** highest 1 bit, to all children at once). Columns of B do the same toward
** row 0. Lemma 5.2: the path and the tree share no directed edge, so the
** stream is never held up: the root's links are busy from the first step
** to the 2^k M^2-th, the node k levels down has the last element k - 1
** steps later: 2^k M^2 + k - 1 steps. The compute step then forms
** H += sum_m A_im B_mj (2^k M^3 multiply-adds).
**
** The paper synchronises the two dimensions (row i starts at step |G(i)|,
** column j at |G(j)|) so that a_im and b_mj meet at (i,j) in the same step
** and the multiplication pipelines with the communication; the remark
** after Theorem 5.4 puts the price of that coupling at k steps of latency
** (2k in all). A phase that moves data only needs no meeting: the first
** principles count is k below the paper's at M = 1.
**
** Memory of a node, B = M^2 words per block:
**   E 0, F B, H 2B,
**   QA(m) (2 + m)B, m = 1..2^k-1: blocks of A received along the path,
**   SA(m) (2^k + 2 + m)B, m = 0..2^k-1: the row of A from the tree,
**   QB(m) (2^(k+1) + 1 + m)B, SB(m) (3 2^k + 1 + m)B: the same for B.
*/
#include "np_mm.h"

#define BLK(p) ((p)->m * (p)->m)
#define E_AT(p) 0u
#define F_AT(p) BLK(p)
#define H_AT(p) (2u * BLK(p))
#define QA(p, m) ((2u + (m)) * BLK(p))
#define SA(p, m) (((p)->p + 2u + (m)) * BLK(p))
#define QB(p, m) ((2u * (p)->p + 1u + (m)) * BLK(p))
#define SB(p, m) ((3u * (p)->p + 1u + (m)) * BLK(p))

static int check(hc_np_params *p, char *why, size_t n) {
  return hc_np_mm_check(p, 1, 4ull * (1u << (p->d / 2)) + 1, why, n); /* 4 2^k + 1 blocks */
}

static void load(const hc_np_params *p, uint32_t *mem) { hc_np_mm_load(p, 1, mem, E_AT(p), F_AT(p), H_AT(p)); }

/* The addresses of one dimension's data: A along a row (columns are the
** ring positions, dimensions 0..k-1), B along a column (dimensions k..). */
typedef struct line {
  unsigned off;                       /* 0 or k */
  uint32_t own;                       /* E or F */
  uint32_t (*q)(const hc_np_params *, uint32_t);
  uint32_t (*sbt)(const hc_np_params *, uint32_t);
} line;

static uint32_t qa(const hc_np_params *p, uint32_t m) { return QA(p, m); }
static uint32_t sa(const hc_np_params *p, uint32_t m) { return SA(p, m); }
static uint32_t qb(const hc_np_params *p, uint32_t m) { return QB(p, m); }
static uint32_t sb(const hc_np_params *p, uint32_t m) { return SB(p, m); }

/* Where node at ring position c of a line holds the line's block m after
** the phase: the root (c = 0) its own block and what the path brought, the
** others what the tree brought. */
static uint32_t holds(const hc_np_params *p, const line *l, uint32_t c, uint32_t m) {
  if (c != 0) return l->sbt(p, m);
  return m == 0 ? l->own : l->q(p, m);
}

/* One line (base: the node with the line's codes 0; x = base | code << off). */
static int one_line(const hc_np_params *p, hc_sched *s, const line *l, uint32_t base) {
  const uint32_t b = BLK(p);
  int rc = HC_OK;
  /* the path toward ring position 0: own block, then the ones behind */
  for (uint32_t c = 1; c < p->p && rc == HC_OK; c++) {
    const uint32_t x = base | hc_np_gray(c) << l->off;
    const unsigned dim = l->off + (unsigned)hc_np_msb(hc_np_gray(c) ^ hc_np_gray(c - 1));
    for (uint32_t m = c; m < p->p && rc == HC_OK; m++)
      rc = hc_np_send(s, x, dim, m == c ? l->own : l->q(p, m), l->q(p, m), b);
  }
  /* the spanning binomial tree from code 0, every block in column order */
  for (uint32_t code = 0; code < p->p; code++) {
    const uint32_t x = base | code << l->off, c = hc_np_gray_inv(code);
    for (unsigned bit = (unsigned)(hc_np_msb(code) + 1); bit < p->k && rc == HC_OK; bit++)
      for (uint32_t m = 0; m < p->p && rc == HC_OK; m++)
        rc = hc_np_send(s, x, l->off + bit, holds(p, l, c, m), l->sbt(p, m), b);
  }
  return rc;
}

static int comm(const hc_np_params *p, unsigned phase, hc_sched *s) {
  (void)phase;
  const line la = {0, E_AT(p), qa, sa}, lb = {p->k, F_AT(p), qb, sb};
  int rc = HC_OK;
  for (uint32_t t = 0; t < p->p && rc == HC_OK; t++) {
    rc = one_line(p, s, &la, hc_np_gray(t) << p->k); /* row t */
    if (rc == HC_OK) rc = one_line(p, s, &lb, hc_np_gray(t)); /* column t */
  }
  return rc;
}

static void compute(const hc_np_params *p, unsigned phase, uint32_t x, uint32_t *mem, hc_np_ops *ops) {
  (void)phase;
  const line la = {0, E_AT(p), qa, sa}, lb = {p->k, F_AT(p), qb, sb};
  uint32_t r, c;
  hc_np_pos(p, x, 1, &r, &c);
  for (uint32_t m = 0; m < p->p; m++)
    hc_np_block_madd(p->m, p->w, mem + H_AT(p), mem + holds(p, &la, c, m), mem + holds(p, &lb, r, m), ops);
}

static int verify(const hc_np_params *p, const uint32_t *mem, char *why, size_t n) {
  return hc_np_mm_verify(p, 1, mem, H_AT(p), why, n);
}

static uint64_t steps(const hc_np_params *p, unsigned phase) {
  (void)phase;
  return (uint64_t)p->p * p->m * p->m + p->k - 1;
}

/* Theorem 5.4 with N1 = N2 = N3 = N, read as M^3 2^k + 2k - 1 (the scan's
** third factor is garbled; docs/johnsson.md). */
static uint64_t paper_steps(const hc_np_params *p) {
  const uint64_t m = p->m;
  return m * m * m * p->p + 2ull * p->k - 1;
}

static uint64_t arith(const hc_np_params *p) { return (uint64_t)p->p * p->m * p->m * p->m; }

const hc_np_algo hc_np_algo_mmc3 = {
    .name = "mmc3",
    .source = "003 (Johnsson) §5.3 MMC3, Lemma 5.2, Theorem 5.4",
    .summary = "C += A B by reflection: rows of A to column 0 along the Gray path, then spanning binomial trees",
    .check = check,
    .load = load,
    .comm = comm,
    .compute = compute,
    .verify = verify,
    .steps = steps,
    .steps_text = "2^k M^2 + k - 1 (one phase: path and tree pipelined)",
    .paper_steps = paper_steps,
    .paper_steps_text = "M^3 2^k + 2k - 1",
    .paper_source = "003 Thm 5.4",
    .relation = "k below the paper at M = 1: the paper delays row i by |G(i)| steps so that a_im and b_mj meet for "
                "the pipelined multiply (latency 2k, the remark after Thm 5.4); a phase that only moves data needs "
                "no meeting; for M > 1 the paper counts M^3 plane products, a node program streams 2^k M^2 elements",
    .arith = arith,
    .arith_text = "2^k M^3 multiply-adds",
    .paper_arith = arith,
    .paper_arith_text = "M^3 2^k",
};
