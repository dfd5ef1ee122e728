/*
** Johnsson (shared/seeds/003) §4.1, Theorem 4.4 and Corollary 4.2: the
** transpose of a 2^n x 2^n matrix (N = 2^n) on a 2^k x 2^k torus, the torus
** embedded in the d = 2k cube by the Gray code of its row and column indices
** (position (i, j) at processor G(i) 2^k + G(j)); data moves over torus
** edges only, all ports at once.
**
** Theorem 4.4 (one element per processor, N = 2^k): with h = 2^(k-1) and
** delta = (j - i) mod 2^k, the element of (i, j) goes delta steps west
** (decreasing column) to the diagonal (i, i) and then delta steps south
** (increasing row) to (j, i) if 1 <= delta <= h, otherwise 2^k - delta
** steps north to (j, j) and as many east to (j, i); at most 2h = 2^k steps
** (the scan's cases and directions are garbled; docs/johnsson.md). No link
** carries two elements in one step: a row's westward links carry only that
** row's elements (each moving every step), the column below a diagonal
** node only what turned there, and the four kinds use different links.
**
** Corollary 4.2 (B = (N/2^k)^2 elements per processor): elements go in
** rounds of two, one on each of two distinct paths, the even element on
** the path above (west then south, or north then east) and the odd one on
** the mirror path (south then west, or east then north, turning at the
** destination's diagonal node). Round r starts in step r h + 1: its first
** leg uses other links than the second leg of round r - 1, so the rounds
** pipeline with period h and the last of the ceil(B/2) rounds ends in
** (ceil(B/2) + 1) 2^(k-1) steps, the corollary's count (Theorem 4.4's
** 2^k at B = 1). Layout and data: algorithms/sf_jo_tree.h (transposes).
*/
#include "sf_jo_tree.h"

static void route(const hc_sf_params *p, uint32_t x, uint32_t e, unsigned *dims, unsigned *nd, uint32_t *step0) {
  const unsigned k = hc_jot_tp_k(p);
  const uint32_t S = 1u << k, h = S / 2;
  uint32_t i = hc_jo_gray_inv(x >> k), j = hc_jo_gray_inv(x & (S - 1));
  const uint32_t delta = (j - i) & (S - 1);
  const int mirror = e & 1u;
  *nd = 0;
  if (delta <= h) { /* west then south, or south then west */
    hc_jot_torus_walk(k, &i, &j, mirror ? 1 : 0, mirror ? 0 : -1, delta, dims, nd);
    hc_jot_torus_walk(k, &i, &j, mirror ? 0 : 1, mirror ? -1 : 0, delta, dims, nd);
  } else { /* north then east, or east then north */
    const uint32_t r = S - delta;
    hc_jot_torus_walk(k, &i, &j, mirror ? 0 : -1, mirror ? 1 : 0, r, dims, nd);
    hc_jot_torus_walk(k, &i, &j, mirror ? -1 : 0, mirror ? 0 : 1, r, dims, nd);
  }
  *step0 = (e / 2) * h;
}

static uint32_t unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

static int check(hc_sf_params *p, char *why, size_t n) { return hc_jot_tp_check(p, 2, 64, why, n); }

static int build(const hc_sf_params *p, hc_sched_case *out) { return hc_jot_tp_build(p, route, out); }

/* (ceil(B/2) + 1) 2^(k-1) */
static uint64_t steps(const hc_sf_params *p) {
  const uint64_t B = (uint64_t)hc_jot_tp_b(p) * hc_jot_tp_b(p);
  return ((B + 1) / 2 + 1) << (hc_jot_tp_k(p) - 1);
}

static uint64_t formula(const hc_sf_params *p) { return hc_jot_cycles(p, steps(p)); }

/* Theorem 4.3: the 2^k (2^k - 1)/2 processors above the diagonal must send
** all their B elements out over the 4 (2^k - 1) torus links that leave
** that triangle; the farthest element goes 2^k torus hops. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  const uint64_t S = 1ull << hc_jot_tp_k(p), B = (uint64_t)hc_jot_tp_b(p) * hc_jot_tp_b(p);
  hc_sf_bound_set(b, "the 4 (2^k - 1) torus links leaving the upper triangle (003 Thm 4.3)", 4 * (S - 1),
                  S * (S - 1) / 2 * B * p->m, S, p->beta);
}

const hc_sf_algo hc_sf_algo_transpose_torus = {
    .name = "transpose_torus",
    .source = "003 (Johnsson) §4.1, Thm 4.4, Cor. 4.2: transpose on the Gray-embedded 2^k x 2^k torus, d = 2k",
    .param = "K",
    .takes = HC_SF_TAKES_N,
    .formula_text = "(ceil(B/2) + 1) 2^(d/2-1) (k + beta), B = (N/2^(d/2))^2",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .paper_steps = steps,
    .paper_steps_text = "(ceil(2^(2(n-k))/2) + 1) 2^(k-1)",
    .paper_steps_source = "003 Cor. 4.2 (Thm 4.4 at N = 2^k)",
};
