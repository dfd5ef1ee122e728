/*
** Johnsson (shared/seeds/003) §4, Theorem 4.2: the transpose of a 2^n x 2^n
** matrix on a 2^k x 2^k processor array embedded in the d = 2k cube by a
** separate binary-reflected Gray code of row and column indices: array
** position (i, j) is processor G(i) * 2^k + G(j), and the elements of (i, j)
** go to (j, i). As in the paper's proof, the element is moved by
** reflections on successively lower-order bits, the row's and then the
** column's: flipping bit m of a Gray code G(a) reflects the index a within
** its block of 2^(m+1) (G(a ^ (2^(m+1) - 1)) = G(a) ^ 2^m), so the walk is
** computed on the indices: at level m = k-1..0, if the two codes differ in
** bit m, the row index and then the column index are reflected, one hop
** each; after level 0 the element is at (j, i). Every reflection is a
** single-bit change of the processor address; which bits change is the
** paper's point: exactly those of the binary algorithm (Theorem 4.1), so the
** pipelining and the count, 2^(2(n-k)) + 2k - 1, are the same. Layout and
** data: algorithms/sf_jo_tree.h (transposes).
*/
#include <assert.h>

#include "sf_jo_tree.h"

/* Bit m of G(a). */
static unsigned code_bit(uint32_t a, unsigned m) { return (hc_jo_gray(a) >> m) & 1u; }

/* The dimension of the hop from processor x to y (one bit apart). */
static unsigned hop_dim(uint32_t x, uint32_t y) {
  assert(hc_jt_dist(x, y) == 1);
  unsigned c = 0;
  while (!(((x ^ y) >> c) & 1u)) c++;
  return c;
}

static void route(const hc_sf_params *p, uint32_t x, uint32_t e, unsigned *dims, unsigned *nd, uint32_t *step0) {
  const unsigned k = hc_jot_tp_k(p);
  const uint32_t i = hc_jo_gray_inv(x >> k), j = hc_jo_gray_inv(x & ((1u << k) - 1));
  uint32_t a = i, b = j, at = x;
  *nd = 0;
  for (unsigned m = k; m-- > 0;) {
    if (code_bit(a, m) == code_bit(b, m)) continue;
    const uint32_t refl = (2u << m) - 1;
    a ^= refl; /* reflect the row index ... */
    uint32_t to = (hc_jo_gray(a) << k) | hc_jo_gray(b);
    dims[(*nd)++] = hop_dim(at, to);
    at = to;
    b ^= refl; /* ... and the column index */
    to = (hc_jo_gray(a) << k) | hc_jo_gray(b);
    dims[(*nd)++] = hop_dim(at, to);
    at = to;
  }
  assert(a == j && b == i);
  *step0 = e;
}

static uint32_t unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

static int check(hc_sf_params *p, char *why, size_t n) { return hc_jot_tp_check(p, 2, 64, why, n); }

static int build(const hc_sf_params *p, hc_sched_case *out) { return hc_jot_tp_build(p, route, out); }

static uint64_t steps(const hc_sf_params *p) { return hc_jot_tp_cube_steps(p); }

static uint64_t formula(const hc_sf_params *p) { return hc_jot_cycles(p, steps(p)); }

/* As for the binary encoding: the quarter of processors with row code
** 1x and column code 0x sends everything across the 2 * 2^(d-2) links
** leaving it. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  const uint64_t q = 1ull << (p->d - 2), B = (uint64_t)hc_jot_tp_b(p) * hc_jot_tp_b(p);
  hc_sf_bound_set(b, "the 2 * 2^(d-2) links leaving the quarter (1x|0x)", 2 * q, q * B * p->m, p->d, p->beta);
}

const hc_sf_algo hc_sf_algo_transpose_gray = {
    .name = "transpose_gray",
    .source = "003 (Johnsson) §4, Thm 4.2: recursive transpose by reflections, Gray encoding, d = 2k, all ports",
    .param = "K",
    .takes = HC_SF_TAKES_N,
    .formula_text = "(B + d - 1)*(k + beta), B = (N/2^(d/2))^2",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .paper_steps = steps,
    .paper_steps_text = "2^(2(n-k)) + 2k - 1",
    .paper_steps_source = "003 Thm 4.2",
};
