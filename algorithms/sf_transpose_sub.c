/*
** MATRIX TRANSPOSITION stored by submatrices, of Stout & Wagar
** (shared/seeds/000 §7.2), as a store-and-forward generator. The N x N
** matrix M on the d = 2c cube is cut into 2^c x 2^c blocks M_(x,y) of
** B = N/2^c rows and columns; M_(x,y) is stored by rows in words [0, B^2)
** of node x 2^c + y (G the identity: row-major ordering). Transposing is
** L.C. INVERSION (algorithms/sf_sw7_lc.c) of the m = N^2/2^d words of every
** node, on every l.c. subcube at once; the block must also be transposed
** itself, which costs no communication: the receiver writes entry (i, j) of
** the incoming block at (j, i) of its result [m, 2m), so the result IS the
** block (M^T)_(x,y) = (M_(y,x))^T. A node on the diagonal (x = y) keeps
** its block and sends nothing; the model has no local copy, so its result
** words are never written and not checked (care = 0): its (M^T)_(x,x) is
** its own block read transposed. Size parameter M = N (the matrix order).
*/
#include <stdio.h>

#include "sf_sw7.h"

/* The smallest N: a multiple of 2^c whose m = N^2/2^d is a multiple of 2 c p. */
static uint32_t unit_for(unsigned d, uint32_t pp) {
  const unsigned c = d / 2 ? d / 2 : 1;
  const uint64_t need = 2ull * c * pp;
  for (uint64_t bs = 1; bs < (1u << 16); bs++) /* m = B^2 */
    if ((bs * bs) % need == 0) return (uint32_t)(bs << c);
  return 0;
}

static uint32_t unit(const hc_sf_params *p) {
  const uint32_t pp = p->g != HC_SF_UNSET && p->g >= 2 ? p->g : hc_sw7_lc_pmin(p->d / 2 ? p->d / 2 : 1);
  return unit_for(p->d, pp);
}

static int check(hc_sf_params *p, char *why, size_t n) {
  const unsigned d = p->d, c = d / 2;
  if (d < 2 || d > HC_SF_MAX_D || d % 2)
    return hc_sf_why(why, n, "d = %u: submatrix storage needs an even d = 2c in 2..%u (000 §7.2)", d, HC_SF_MAX_D);
  if (p->m == 0 || p->m % (1u << c))
    return hc_sf_why(why, n, "M = N = %u: the matrix order must be a positive multiple of 2^(d/2) = %u so that "
                     "the blocks are square", p->m, 1u << c);
  const uint64_t b = p->m >> c;
  if (b * b > HC_SCHED_MAX_MEM)
    return hc_sf_why(why, n, "M = N = %u: blocks of %llu words are too large", p->m, (unsigned long long)(b * b));
  char what[64];
  snprintf(what, sizeof what, "M = N = %u (blocks of m = N^2/2^d words)", p->m);
  return hc_sw7_lc_check(p, (uint32_t)(b * b), what, why, n);
}

static uint32_t words(const hc_sf_params *p) { return (p->m >> (p->d / 2)) * (p->m >> (p->d / 2)); }

static int build(const hc_sf_params *p, hc_sched_case *out) {
  return hc_sw7_lc_build(p->d, words(p), p->g, p->m >> (p->d / 2), out);
}

static uint64_t formula(const hc_sf_params *p) { return hc_sw7_lc_formula(p->d, words(p), p->g, p->beta); }

/* 000 §9: S = all d 2^d links, a = d N^2/2 (total distance d 2^(d-1)
** blocks of N^2/2^d); a block to the opposite corner goes d hops. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) { hc_sw7_lc_lower(p->d, words(p), p->beta, b); }

static double boxed(const hc_sf_params *p) { return hc_sw7_lc_boxed(words(p), p->beta); }

const hc_sf_algo hc_sf_algo_transpose_sub = {
    .name = "transpose_sub",
    .source = "000 (Stout & Wagar) §7.2, MATRIX TRANSPOSITION (stored by submatrices)",
    .param = "M",
    .takes = HC_SF_TAKES_G,
    .formula_text = "(k*p + 1)*(N^2/(2^(d+1)*k*p) + beta), k*p = (d/2)*G; M = N",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .boxed = boxed,
};
