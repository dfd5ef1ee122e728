/*
** MMC1 of Johnsson (shared/seeds/003 §5.1, Theorems 5.1, 5.2 and Lemma
** 5.1): the algorithm of Dekel, Nassimi and Sahni on the 2^k x 2^k array
** embedded in the 2k-cube by a binary encoding of row and column indices,
** as a node program (algorithms/hc_np_algo.h). Consecutive storage: node
** (r, c) = (r << k) | c holds the M x M blocks A_rc, B_rc, C_rc.
**
** Phase 0, the set-up: E(i,j) <- E(i, i XOR j), F(i,j) <- F(i XOR j, j).
** In row i the element at column y goes to column y XOR i by exchanges in
** the dimensions where i has a 1, in increasing order for every element,
** so each directed link carries one path (Lemma 5.1): one element per
** packet, forwarded through a scratch block per incoming dimension, M^2 +
** k - 1 steps (row 2^k - 1 travels k hops). Compute: H += E F, the product
** terms with l = i XOR j.
** Phases t = 1 .. 2^k - 1: E is exchanged across the row dimension in
** which the Gray codes of t - 1 and t differ (bit ctz(t)), F across the
** same column dimension (the paper's "order of the dimensions ... as in a
** binary-reflected Gray code"): now l = i XOR j XOR G(t), a new one each
** time, M^2 steps. Compute: H += E F. Double buffers as in MMC2.
**
** Memory of a node, B = M^2 words per block:
**   E0 0, E1 B, F0 2B, F1 3B, H 4B, R_j (5 + j)B for incoming dimension j.
*/
#include "np_mm.h"

static int check(hc_np_params *p, char *why, size_t n) { return hc_np_mm_check(p, 1u << (p->d / 2), 5u + p->d, why, n); }

static void load(const hc_np_params *p, uint32_t *mem) { hc_np_mm_load(p, 0, mem, NP_E(p, 0), NP_F(p, 0), NP_H(p)); }

/* The dimensions of the 1 bits of v, increasing, into dims; their count. */
static unsigned bits_of(uint32_t v, uint8_t *dims) {
  unsigned l = 0;
  for (unsigned b = 0; v >> b; b++)
    if ((v >> b) & 1u) dims[l++] = (uint8_t)b;
  return l;
}

/* Row t: column y's block goes to y XOR t; column t: row y's to y XOR t. */
static int setup(const hc_np_params *p, hc_sched *s) {
  int rc = HC_OK;
  for (uint32_t t = 1; t < p->p && rc == HC_OK; t++) {
    uint8_t dims[8];
    const unsigned l = bits_of(t, dims);
    for (uint32_t y = 0; y < p->p && rc == HC_OK; y++) {
      rc = hc_np_mm_path(p, s, hc_np_node(p, t, y, 0), dims, l, 0, NP_E(p, 0), NP_E(p, 1));
      if (rc == HC_OK) rc = hc_np_mm_path(p, s, hc_np_node(p, y, t, 0), dims, l, p->k, NP_F(p, 0), NP_F(p, 1));
    }
  }
  return rc;
}

/* Exchange i: every node swaps E across row dimension ctz(i), F across
** column dimension k + ctz(i). */
static int exchange(const hc_np_params *p, unsigned i, hc_sched *s) {
  const uint32_t b = p->m * p->m;
  const unsigned dim = (unsigned)hc_np_msb(hc_np_gray(i) ^ hc_np_gray(i - 1));
  int rc = HC_OK;
  for (uint32_t r = 0; r < p->p; r++)
    for (uint32_t c = 0; c < p->p && rc == HC_OK; c++) {
      const uint32_t x = hc_np_node(p, r, c, 0);
      rc = hc_np_send(s, x, dim, NP_E(p, hc_np_mm_cur(r, i - 1)), NP_E(p, hc_np_mm_cur(r, i)), b);
      if (rc == HC_OK)
        rc = hc_np_send(s, x, p->k + dim, NP_F(p, hc_np_mm_cur(c, i - 1)), NP_F(p, hc_np_mm_cur(c, i)), b);
    }
  return rc;
}

static int comm(const hc_np_params *p, unsigned phase, hc_sched *s) {
  return phase == 0 ? setup(p, s) : exchange(p, phase, s);
}

static void compute(const hc_np_params *p, unsigned phase, uint32_t x, uint32_t *mem, hc_np_ops *ops) {
  hc_np_mm_shift_compute(p, 0, phase, x, mem, ops);
}

static int verify(const hc_np_params *p, const uint32_t *mem, char *why, size_t n) {
  return hc_np_mm_verify(p, 0, mem, NP_H(p), why, n);
}

static uint64_t steps(const hc_np_params *p, unsigned phase) {
  const uint64_t b = (uint64_t)p->m * p->m;
  return phase == 0 ? b + p->k - 1 : b;
}

/* Theorem 5.2 with N1 = N2 = N3 = N: M^3 (2^k - 1) + M^2 + k - 1 (M = 1:
** Theorem 5.1's 2^k + k - 1). */
static uint64_t paper_steps(const hc_np_params *p) {
  const uint64_t m = p->m;
  return m * m * m * (p->p - 1) + m * m + p->k - 1;
}

static uint64_t arith(const hc_np_params *p) { return (uint64_t)p->p * p->m * p->m * p->m; }

const hc_np_algo hc_np_algo_mmc1 = {
    .name = "mmc1",
    .source = "003 (Johnsson) §5.1 MMC1 (Dekel et al.), Theorems 5.1, 5.2",
    .summary = "C += A B on the binary-encoded array: XOR set-up (Lemma 5.1), exchanges in Gray-code order",
    .check = check,
    .load = load,
    .comm = comm,
    .compute = compute,
    .verify = verify,
    .steps = steps,
    .steps_text = "2^k M^2 + k - 1 (set-up M^2 + k - 1, then 2^k - 1 exchanges of M^2)",
    .paper_steps = paper_steps,
    .paper_steps_text = "M^3 (2^k - 1) + M^2 + k - 1",
    .paper_source = "003 Thm 5.2 (5.1 at M = 1)",
    .relation = "equal for M = 1 (Theorem 5.1); for M > 1 the paper moves a block of planes once per plane product "
                "(M^3 (2^k - 1)), a node program exchanges each M x M block once per step ((2^k - 1) M^2)",
    .arith = arith,
    .arith_text = "2^k M^3 multiply-adds",
    .paper_arith = arith,
    .paper_arith_text = "M^3 2^k",
};
