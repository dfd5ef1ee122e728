/*
** Johnsson (shared/seeds/003) §4.1, Corollary 4.1: the transpose of a
** 2^k x 2^k matrix (N = 2^k, one element per processor) on a 2^k x 2^k
** mesh, the torus of sf_transpose_torus.c without its end-around edges,
** embedded in the d = 2k cube by the Gray code of row and column indices.
** Superdiagonal r = j - i > 0 is shifted r processors west (decreasing
** column) to the diagonal and then r south (increasing row); subdiagonal
** r = i - j > 0 r north and then r east. Every element moves in every step
** until it arrives and no link carries two elements in one step (003: "no
** competition for communication links"), so the element of the corner
** (0, 2^k - 1) arrives last, after 2(2^k - 1) steps. All ports at once;
** data moves over mesh edges only. Layout and data: algorithms/sf_jo_tree.h
** (transposes).
*/
#include "sf_jo_tree.h"

static void route(const hc_sf_params *p, uint32_t x, uint32_t e, unsigned *dims, unsigned *nd, uint32_t *step0) {
  const unsigned k = hc_jot_tp_k(p);
  uint32_t i = hc_jo_gray_inv(x >> k), j = hc_jo_gray_inv(x & ((1u << k) - 1));
  (void)e;
  *nd = 0;
  if (j > i) { /* superdiagonal: west, then south */
    const uint32_t r = j - i;
    hc_jot_torus_walk(k, &i, &j, 0, -1, r, dims, nd);
    hc_jot_torus_walk(k, &i, &j, 1, 0, r, dims, nd);
  } else { /* subdiagonal: north, then east */
    const uint32_t r = i - j;
    hc_jot_torus_walk(k, &i, &j, -1, 0, r, dims, nd);
    hc_jot_torus_walk(k, &i, &j, 0, 1, r, dims, nd);
  }
  *step0 = 0;
}

static uint32_t unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

static int check(hc_sf_params *p, char *why, size_t n) {
  const int rc = hc_jot_tp_check(p, 1, 64, why, n);
  if (rc) return rc;
  if (p->n != (1u << (p->d / 2)))
    return hc_sf_why(why, n,
                     "N = %u: Cor. 4.1 transposes a 2^k x 2^k matrix, one element per processor: N = %u at d = %u",
                     p->n, 1u << (p->d / 2), p->d);
  return HC_OK;
}

static int build(const hc_sf_params *p, hc_sched_case *out) { return hc_jot_tp_build(p, route, out); }

/* 2(2^k - 1) */
static uint64_t steps(const hc_sf_params *p) { return 2 * ((1ull << hc_jot_tp_k(p)) - 1); }

static uint64_t formula(const hc_sf_params *p) { return hc_jot_cycles(p, steps(p)); }

/* Without end-around edges the triangle above the diagonal is left by
** 2 (2^k - 1) mesh links (west and south out of (i, i+1)); the corner's
** element goes 2 (2^k - 1) mesh hops. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  const uint64_t S = 1ull << hc_jot_tp_k(p);
  hc_sf_bound_set(b, "the 2 (2^k - 1) mesh links leaving the upper triangle", 2 * (S - 1), S * (S - 1) / 2 * p->m,
                  2 * (S - 1), p->beta);
}

const hc_sf_algo hc_sf_algo_transpose_mesh = {
    .name = "transpose_mesh",
    .source = "003 (Johnsson) §4.1, Cor. 4.1: transpose on the Gray-embedded 2^k x 2^k mesh (no end-around), d = 2k",
    .param = "K",
    .takes = HC_SF_TAKES_N,
    .formula_text = "2 (2^(d/2) - 1) (k + beta)",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .paper_steps = steps,
    .paper_steps_text = "2(2^k - 1)",
    .paper_steps_source = "003 Cor. 4.1",
};
