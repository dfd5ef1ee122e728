/*
** The block triangular solver of Johnsson (shared/seeds/003 §6.4.2,
** Theorem 6.4): L Z = Y with L N x N block lower triangular with identity
** diagonal blocks of 2^k x 2^k (what Gauss-Jordan elimination of the
** diagonal blocks leaves, §6.2), Y N x R, the inner products accumulated
** partially in place, partially in space, as a node program
** (algorithms/hc_np_algo.h). L is stored cyclically on the Gray-coded
** array (np_tri.h), Y's rows in the nodes of column 0 (row i in node
** (i mod 2^k, 0), as for the column sweep), Z ends on the diagonal.
**
** With identity diagonal blocks the 2^k values of a set are known as soon
** as the partial sums of the earlier sets are added up: z_i = y_i - sum
** over j < s 2^k of l_ij z_j for i in set s. The paper: "The distribution
** of these 2^k z-values to the corresponding subcubes can be made in k
** routing steps, and the distribution within the subcubes in an
** additional k routing steps. The accumulation of the inner products
** requires an additional k routing steps. The accumulation for different
** z-values can be made in the appropriate processor column so that only
** 2k routing steps are needed per 2^k z-values."
**   phase 0: set 0's rows of Y go from column 0 to the diagonal, y_i from
**     node (r, 0) to node (r, r) across the dimensions of G(r), lowest
**     first (R words pipelined, relayed through a scratch slot per
**     incoming dimension): R + k - 1 steps. Compute: none (node (0, 0)
**     holds its own).
**   for each set s < M - 1:
**     the broadcast: each diagonal node (c, c) sends z_(s 2^k + c) down
**       column c's spanning binomial tree (R + k - 1 steps). Compute:
**       every node takes l_ij z_j off its in-place partial sums of the rows
**       of later sets, (M - 1 - s) R multiply-adds.
**     the accumulation of set s + 1 into "the appropriate processor
**       column": in row r the partial sums of local row s + 1 are summed
**       up the row's binomial tree rooted at column r, one level a phase
**       (the level's nodes send R words across dimension b, b = k-1 .. 0,
**       and their partners add): k R steps. At the last level node (r, r)
**       holds z_(r + (s+1) 2^k).
** Steps: (R + k - 1) + (M - 1)(R + k - 1 + k R); at R = 1 (2M - 1)k, the
** paper's (M - 1)(2k + R - 1) + k exactly. For R > 1 the paper pipelines
** the R values through the accumulation, which a phase per level cannot
** (the partners add between the levels).
**
** Memory of a node (B = M^2): L 0 (row-major), P B (M x R in-place
** partial sums, Y's rows in column 0), RED B + M R (R: the partner's sum),
** ZB + R (z received, R), ZR + R (M x R results on the diagonal), REL + M R
** (k x R: relay slots of phase 0, by incoming dimension).
*/

#include "np_tri.h"

#define P_AT(p) ((p)->m * (p)->m)
#define RED_AT(p) (P_AT(p) + (p)->m * (p)->r)
#define ZB_AT(p) (RED_AT(p) + (p)->r)
#define ZR_AT(p) (ZB_AT(p) + (p)->r)
#define REL_AT(p, b) (ZR_AT(p) + (p)->m * (p)->r + (b) * (p)->r)

static int check(hc_np_params *p, char *why, size_t n) {
  int rc = hc_np_check_square_rhs(p, 2u << (p->d / 2), 1, 1, 1, why, n);
  if (rc != HC_OK) return rc;
  p->phases = 1 + (p->m - 1) * (p->k + 1);
  return hc_np_check_mem(p, (uint64_t)p->m * p->m + 2ull * p->m * p->r + (2ull + p->k) * p->r, why, n);
}

static void load(const hc_np_params *p, uint32_t *mem) {
  hc_np_tri_load_cyclic(p, HC_NP_TRI_UNIT_BLOCKS, mem, P_AT(p));
}

/* What phase i is: 0 the path of set 0; then per set s < M - 1 the
** broadcast (level -1) and the levels k-1 .. 0 of set s + 1's sums. */
static void phase_of(const hc_np_params *p, unsigned i, uint32_t *s, int *level) {
  *s = (i - 1) / (p->k + 1);
  const unsigned at = (i - 1) % (p->k + 1);
  *level = at == 0 ? -1 : (int)(p->k - at);
}

/* Phase 0: y_i of set 0 from node (r, 0) to node (r, r), lowest dimension first. */
static int to_diagonal(const hc_np_params *p, hc_sched *s) {
  int rc = HC_OK;
  for (uint32_t r = 1; r < p->p && rc == HC_OK; r++) {
    const uint32_t g = hc_np_gray(r);
    uint32_t x = hc_np_node(p, r, 0, 1), from = P_AT(p);
    for (unsigned b = 0; b < p->k && rc == HC_OK; b++) {
      if (!(g >> b & 1u)) continue;
      const uint32_t to = (g >> (b + 1)) ? REL_AT(p, b) : ZR_AT(p);
      rc = hc_np_send(s, x, b, from, to, p->r);
      x ^= 1u << b;
      from = to;
    }
  }
  return rc;
}

static int comm(const hc_np_params *p, unsigned phase, hc_sched *s) {
  if (phase == 0) return to_diagonal(p, s);
  uint32_t set;
  int level;
  phase_of(p, phase, &set, &level);
  int rc = HC_OK;
  if (level < 0) { /* z of set s down every column */
    for (uint32_t c = 0; c < p->p && rc == HC_OK; c++)
      rc = hc_np_line_tree(p, s, hc_np_gray(c), p->k, c, ZR_AT(p) + set * p->r, 1, p->r, ZB_AT(p));
    return rc;
  }
  for (uint32_t r = 0; r < p->p; r++) /* row r's sums of set s + 1, level b, toward column r */
    for (uint32_t c = 0; c < p->p && rc == HC_OK; c++)
      if (hc_np_msb(hc_np_gray(c) ^ hc_np_gray(r)) == level)
        rc = hc_np_send(s, hc_np_node(p, r, c, 1), (unsigned)level, P_AT(p) + (set + 1) * p->r, RED_AT(p), p->r);
  return rc;
}

static void compute(const hc_np_params *p, unsigned phase, uint32_t x, uint32_t *mem, hc_np_ops *ops) {
  const uint32_t mask = hc_np_mask(p->w), R = p->r;
  uint32_t r, c, set;
  int level;
  hc_np_pos(p, x, 1, &r, &c);
  if (phase == 0) {
    if (r == 0 && c == 0)
      for (uint32_t q = 0; q < R; q++) mem[ZR_AT(p) + q] = mem[P_AT(p) + q]; /* a copy: z_0 = y_0 */
    return;
  }
  phase_of(p, phase, &set, &level);
  if (level < 0) { /* l_ij z_j off the rows of later sets */
    const uint32_t *z = mem + (r == c ? ZR_AT(p) + set * R : ZB_AT(p));
    for (uint32_t i = set + 1; i < p->m; i++) {
      const uint32_t l = mem[i * p->m + set];
      for (uint32_t q = 0; q < R; q++) mem[P_AT(p) + i * R + q] = (mem[P_AT(p) + i * R + q] - l * z[q]) & mask;
      ops->madd += R;
    }
    return;
  }
  const uint32_t u = hc_np_gray(c) ^ hc_np_gray(r);
  if (u >> level) return; /* not a receiver at this level */
  uint32_t *dst = mem + (level == 0 && u == 0 ? ZR_AT(p) + (set + 1) * R : P_AT(p) + (set + 1) * R);
  for (uint32_t q = 0; q < R; q++) dst[q] = (mem[P_AT(p) + (set + 1) * R + q] + mem[RED_AT(p) + q]) & mask;
  ops->add += R;
}

static int verify(const hc_np_params *p, const uint32_t *mem, char *why, size_t len) {
  return hc_np_tri_verify_diag(p, HC_NP_TRI_UNIT_BLOCKS, mem, ZR_AT(p), why, len);
}

static uint64_t steps(const hc_np_params *p, unsigned phase) {
  if (phase == 0) return (uint64_t)p->r + p->k - 1;
  uint32_t set;
  int level;
  phase_of(p, phase, &set, &level);
  return level < 0 ? (uint64_t)p->r + p->k - 1 : p->r;
}

/* Theorem 6.4: (M - 1)(2k + R - 1) + k. */
static uint64_t paper_steps(const hc_np_params *p) {
  return (uint64_t)(p->m - 1) * (2ull * p->k + p->r - 1) + p->k;
}

/* In sequence: (M - 1 - s) R multiply-adds after set s's broadcast, R
** additions at each of the k levels. */
static uint64_t arith(const hc_np_params *p) {
  const uint64_t m = p->m;
  return (m * (m - 1) / 2 + (m - 1) * p->k) * p->r;
}

/* Theorem 6.4: ⌈N/2^k⌉(⌈N/2^k⌉ - 1) R. */
static uint64_t paper_arith(const hc_np_params *p) { return (uint64_t)p->m * (p->m - 1) * p->r; }

const hc_np_algo hc_np_algo_trsv_blk = {
    .name = "trsv_blk",
    .source = "003 (Johnsson) §6.4.2 block triangular (identity diagonal blocks), Theorem 6.4",
    .summary = "L Z = Y, L with identity diagonal blocks: per set of 2^k a column tree of z and a row tree of sums",
    .takes_rhs = 1,
    .check = check,
    .load = load,
    .comm = comm,
    .compute = compute,
    .verify = verify,
    .steps = steps,
    .steps_text = "(R + k - 1) + (M - 1)(R + k - 1 + k R) (set 0 to the diagonal; per set a tree, k levels)",
    .paper_steps = paper_steps,
    .paper_steps_text = "(M - 1)(2k + R - 1) + k",
    .paper_source = "003 Thm 6.4, §6.4.2",
    .relation = "equal for R = 1; for R > 1 the paper pipelines the R values through the k levels of the "
                "accumulation, phases add between the levels: (R - 1)((M - 1)k + 1) more",
    .arith = arith,
    .arith_text = "(M(M - 1)/2 + (M - 1)k) R (multiply-adds after each tree, additions at each level)",
    .paper_arith = paper_arith,
    .paper_arith_text = "M(M - 1) R",
};
