/*
** The column-sweep triangular solver of Johnsson (shared/seeds/003 §6.4.1,
** Theorems 6.2 and 6.3): L Z = Y, L N x N lower triangular, Y N x R, "a
** variation of the column-sweep algorithm of Kuck", the inner products
** accumulated partially in place, partially in space, as a node program
** (algorithms/hc_np_algo.h). L is stored cyclically on the Gray-coded
** 2^k x 2^k array (np_tri.h): node (r, c) holds l_(r + I 2^k, c + J 2^k) as
** its local element (I, J), M = N / 2^k of each. Y starts in the nodes of
** column 0 (the paper's "y is initially stored in the set of processors
** encoding column 0"), its row i in node (i mod 2^k, 0); Z ends on the
** diagonal, row j in node (j mod 2^k, j mod 2^k).
**
** Variable j = s 2^k + c (set s, array column c) is two phases:
**   phase 2j: the accumulators at column c - 1 (mod 2^k) move one hop
**     along their rows to column c (none for j = 0). Compute: node (c, c)
**     forms z_j = (its accumulator + its in-place partial sum) / l_jj.
**   phase 2j + 1: z_j (R words) down column c's spanning binomial tree
**     rooted at row c (none for the last variable). Compute: every node of
**     column c takes l_ij z_j off row i for each of its rows i > j: into
**     the accumulator of row i if it holds it, else into its in-place
**     partial sum for row i.
** An accumulator collects the partial sums of one row i = r + I 2^k along
** the row of the array: it starts at column r + 1 (mod 2^k) while set I - 1
** is being solved (for set 0 at column 0, where Y is), passes every
** column after that column's last z_q with q < i, taking the in-place sum
** there, and ends at column r, where z_i is formed. So only the partial
** sums that the next set needs travel (the paper: "followed only by the
** set of partial products required for updating the right-hand side for
** the next set of variables"); each link of a row carries one accumulator
** a variable. At N = 2^k there is one set and this is the column sweep of
** the 2^k x 2^k array: y_i itself moves from column 0 to column i.
**
** Steps: R for a shift, R + k - 1 for a tree: (N - 1)(2R + k - 1). The
** paper starts a variable every two steps (a set every max(2 2^k, 2R)),
** the tree of z_j overlapping the next shifts: Theorem 6.3's max(2 2^k,
** 2R)(⌈N/2^k⌉ - 1) + 2 2^k + R - 3, at R = 1 Theorem 6.2's count read as
** 2(N - 1) (docs/johnsson.md).
**
** Memory of a node (B = M^2): L 0 (row-major), P B (M x R in-place
** partial sums, row I at I R; Y's rows in column 0), ACC B + M R (R), ZB
** B + M R + R (z received, R), ZR B + M R + 2R (M x R: the diagonal
** node's results, z_(c + s 2^k) at s R).
*/

#include "np_tri.h"

#define P_AT(p) ((p)->m * (p)->m)
#define ACC_AT(p) (P_AT(p) + (p)->m * (p)->r)
#define ZB_AT(p) (ACC_AT(p) + (p)->r)
#define ZR_AT(p) (ZB_AT(p) + (p)->r)

static int check(hc_np_params *p, char *why, size_t n) {
  int rc = hc_np_check_square_rhs(p, 1u << (p->d / 2), 1, 1, 1, why, n);
  if (rc != HC_OK) return rc;
  p->phases = 2 * p->n;
  return hc_np_check_mem(p, (uint64_t)p->m * p->m + 2ull * p->m * p->r + 2ull * p->r, why, n);
}

static void load(const hc_np_params *p, uint32_t *mem) {
  hc_np_tri_load_cyclic(p, HC_NP_TRI_ODD_DIAG, mem, P_AT(p));
}

/*
** The accumulator node (r, c) holds once z_(s 2^k + c) is known: the local
** row I it belongs to, or -1 for none; *start: it starts here (it did not
** arrive from column c - 1).
*/
static int acc_row(const hc_np_params *p, uint32_t r, uint32_t c, uint32_t s, int *start) {
  *start = 0;
  if (r == c) return -1; /* the diagonal: the accumulator of row r ended here */
  if (r > c) {           /* set s's, on its way to column r */
    *start = c == 0 && (s == 0 || r == p->p - 1);
    return (int)s;
  }
  if (s + 1 >= p->m) return -1; /* r < c: set s + 1's, from column r + 1 on */
  *start = c == r + 1;
  return (int)s + 1;
}

static int comm(const hc_np_params *p, unsigned phase, hc_sched *s) {
  const uint32_t j = phase / 2, set = j / p->p, c = j % p->p;
  int rc = HC_OK;
  if (phase % 2 == 0) { /* the accumulators of column c - 1 to column c */
    if (j == 0) return HC_OK;
    const uint32_t cp = (c + p->p - 1) % p->p, sp = c == 0 ? set - 1 : set;
    const unsigned dim = (unsigned)hc_np_msb(hc_np_gray(c) ^ hc_np_gray(cp));
    int start;
    for (uint32_t r = 0; r < p->p && rc == HC_OK; r++)
      if (acc_row(p, r, cp, sp, &start) >= 0) rc = hc_np_send(s, hc_np_node(p, r, cp, 1), dim, ACC_AT(p), ACC_AT(p), p->r);
    return rc;
  }
  if (j + 1 == p->n) return HC_OK; /* the last z is needed nowhere else */
  return hc_np_line_tree(p, s, hc_np_gray(c), p->k, c, ZR_AT(p) + set * p->r, 1, p->r, ZB_AT(p));
}

/* Whether node (r, c)'s in-place partial sums may hold anything when the
** accumulators pass in set s: Y (column 0) or a term of an earlier set. */
static int partial_used(uint32_t c, uint32_t s) { return c == 0 || s >= 1; }

/* Phase 2j's compute on node (c, c): z_j. */
static void solve(const hc_np_params *p, uint32_t j, uint32_t *mem, hc_np_ops *ops) {
  const uint32_t set = j / p->p, c = j % p->p, mask = hc_np_mask(p->w);
  const uint32_t *pp = mem + P_AT(p) + set * p->r;
  const uint32_t inv = hc_np_inverse(mem[set * p->m + set], p->w);
  const int acc = j > 0, add = acc && partial_used(c, set);
  for (uint32_t q = 0; q < p->r; q++) {
    const uint32_t v = !acc ? pp[q] : add ? mem[ACC_AT(p) + q] + pp[q] : mem[ACC_AT(p) + q];
    mem[ZR_AT(p) + set * p->r + q] = (v * inv) & mask;
  }
  ops->div += p->r;
  if (add) ops->add += p->r;
}

/* Phase 2j+1's compute on node (r, c) of column c: l_ij z_j off every row i > j. */
static void update(const hc_np_params *p, uint32_t r, uint32_t j, uint32_t *mem, hc_np_ops *ops) {
  const uint32_t set = j / p->p, c = j % p->p, mask = hc_np_mask(p->w), R = p->r;
  const uint32_t *z = mem + (r == c ? ZR_AT(p) + set * R : ZB_AT(p));
  int start;
  const int hold = acc_row(p, r, c, set, &start);
  for (uint32_t i = set; i < p->m; i++) {
    if (r + i * p->p <= j) continue;
    const uint32_t l = mem[i * p->m + set];
    uint32_t *pp = mem + P_AT(p) + i * R, *acc = mem + ACC_AT(p);
    if ((int)i != hold) {
      for (uint32_t q = 0; q < R; q++) pp[q] = (pp[q] - l * z[q]) & mask;
    } else if (start) {
      for (uint32_t q = 0; q < R; q++) acc[q] = (pp[q] - l * z[q]) & mask;
    } else {
      const int add = partial_used(c, set);
      for (uint32_t q = 0; q < R; q++) acc[q] = (acc[q] - l * z[q] + (add ? pp[q] : 0u)) & mask;
      if (add) ops->add += R;
    }
    ops->madd += R;
  }
}

static void compute(const hc_np_params *p, unsigned phase, uint32_t x, uint32_t *mem, hc_np_ops *ops) {
  const uint32_t j = phase / 2;
  uint32_t r, c;
  hc_np_pos(p, x, 1, &r, &c);
  if (c != j % p->p) return;
  if (phase % 2 == 0 && r == c) solve(p, j, mem, ops);
  else if (phase % 2 == 1 && j + 1 < p->n) update(p, r, j, mem, ops);
}

static int verify(const hc_np_params *p, const uint32_t *mem, char *why, size_t len) {
  return hc_np_tri_verify_diag(p, HC_NP_TRI_ODD_DIAG, mem, ZR_AT(p), why, len);
}

static uint64_t steps(const hc_np_params *p, unsigned phase) {
  const uint32_t j = phase / 2;
  if (phase % 2 == 0) return j > 0 ? p->r : 0;
  return j + 1 < p->n ? (uint64_t)p->r + p->k - 1 : 0;
}

/* Theorem 6.3 (6.2 at R = 1): max(2 2^k, 2R)(M - 1) + 2 2^k + R - 3. */
static uint64_t paper_steps(const hc_np_params *p) {
  const uint64_t a = 2ull * p->p, b = 2ull * p->r;
  return (a > b ? a : b) * (p->m - 1) + 2ull * p->p + p->r - 3;
}

/*
** In sequence: per variable, the division of the diagonal node (and its
** addition of the in-place sum, where there is one), then the busiest node
** of the column (the rows it updates, and the addition of an in-place sum
** into a passing accumulator). Counted from the rules of acc_row().
*/
static uint64_t arith(const hc_np_params *p) {
  uint64_t total = 0;
  for (uint32_t j = 0; j < p->n; j++) {
    const uint32_t set = j / p->p, c = j % p->p;
    total += p->r * (1ull + (j > 0 && partial_used(c, set)));
    if (j + 1 == p->n) break;
    uint64_t most = 0;
    for (uint32_t r = 0; r < p->p; r++) {
      int start;
      const int hold = acc_row(p, r, c, set, &start);
      const uint64_t rows = p->m - 1 - set + (r > c);
      const uint64_t ops = rows + (hold >= 0 && !start && partial_used(c, set));
      if (ops > most) most = ops;
    }
    total += most * p->r;
  }
  return total;
}

/* Theorem 6.3 (6.2 at R = 1): (⌈N/2^k⌉^2 + 3(2^k - 1)) R. */
static uint64_t paper_arith(const hc_np_params *p) {
  return ((uint64_t)p->m * p->m + 3ull * (p->p - 1)) * p->r;
}

const hc_np_algo hc_np_algo_trsv = {
    .name = "trsv",
    .source = "003 (Johnsson) §6.4.1 column sweep, Theorems 6.2 (R = 1), 6.3",
    .summary = "L Z = Y by the column sweep, L cyclic: accumulators along the rows, each z_j down its column's tree",
    .takes_rhs = 1,
    .check = check,
    .load = load,
    .comm = comm,
    .compute = compute,
    .verify = verify,
    .steps = steps,
    .steps_text = "(N - 1)(2R + k - 1) (per variable a shift of R and a tree of R + k - 1)",
    .paper_steps = paper_steps,
    .paper_steps_text = "max(2 2^k, 2R)(M - 1) + 2 2^k + R - 3",
    .paper_source = "003 Thm 6.3 (6.2 at R = 1), §6.4.1",
    .relation = "the paper starts a variable every 2 steps, the tree of z_j overlapping the next shifts; phases "
                "do the shift and the whole tree one after the other, 2R + k - 1 steps a variable",
    .arith = arith,
    .arith_text = "per variable R divisions, then the busiest node's multiply-adds and additions",
    .paper_arith = paper_arith,
    .paper_arith_text = "(M^2 + 3(2^k - 1)) R",
};
