/*
** Johnsson (shared/seeds/003) §4, Theorem 4.1: the recursive transpose of
** a 2^n x 2^n matrix (N = 2^n) stored consecutively or cyclically on a
** 2^k x 2^k processor array embedded in the d = 2k cube by the binary
** encoding of row and column indices: processor (r|c) = r * 2^k + c. The
** exchange of the antidiagonal blocks (1x|0x) <-> (0x|1x) on successively
** lower bits is, for one element of processor (r|c), a walk over the row
** bit and then the column bit of every level j = k-1..0 at which r and c
** differ; it ends at (c|r). Each processor sends its B = (N/2^k)^2 elements
** one after another along that path (element e's hop q in step e + q), all
** ports at once; a directed link is on the path of one processor only (003:
** "the directed paths from origin to destination intersect only at nodes"),
** so the paths pipeline without conflict and the farthest processors
** (r = ~c, 2k hops) finish in B + 2k - 1 steps, 003's 2^(2(n-k)) + 2k - 1.
** Layout and data: algorithms/sf_jo_tree.h (transposes).
*/
#include "sf_jo_tree.h"

static void route(const hc_sf_params *p, uint32_t x, uint32_t e, unsigned *dims, unsigned *nd, uint32_t *step0) {
  const unsigned k = hc_jot_tp_k(p);
  const uint32_t r = x >> k, c = x & ((1u << k) - 1);
  *nd = 0;
  for (unsigned j = k; j-- > 0;)
    if (((r ^ c) >> j) & 1u) {
      dims[(*nd)++] = k + j; /* the row bit first, */
      dims[(*nd)++] = j;     /* then the column bit */
    }
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

/* The quarter (1x|0x) must hand all its 2^(d-2) B elements to (0x|1x) over
** the 2 * 2^(d-2) links that leave it; the farthest element goes d hops. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  const uint64_t q = 1ull << (p->d - 2), B = (uint64_t)hc_jot_tp_b(p) * hc_jot_tp_b(p);
  hc_sf_bound_set(b, "the 2 * 2^(d-2) links leaving the quarter (1x|0x)", 2 * q, q * B * p->m, p->d, p->beta);
}

const hc_sf_algo hc_sf_algo_transpose_bin = {
    .name = "transpose_bin",
    .source = "003 (Johnsson) §4, Thm 4.1: recursive transpose, binary encoding, d = 2k, all ports",
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
    .paper_steps_source = "003 Thm 4.1",
};
