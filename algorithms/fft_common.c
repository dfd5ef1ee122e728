/*
** What the FFT movements of Hou et al. §6.2 share (algorithms/hc_fft.h):
** the two kinds of step as LCCs, the processor mapping (Fig. 3 for one bit
** reversal, the Section 5 programme for several), and the nCUBE 2 cost
** model with the constants the paper gives. The model charges a
** communication phase the software latency once (every processor sends its
** one message at the same time) plus one byte-time per network cycle, and
** the computation by counting butterflies; docs/hou.md derives it and shows
** that the paper's own printed times fit it to the rounding.
*/
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "hc_fft.h"
#include "hc_status.h"

const hc_ncube2 hc_ncube2_paper = {164.0, 0.57, 5.12, 4.47};

int hc_fft_neighbour_step(unsigned d, unsigned i, hc_fft_step *st) {
  if (st == NULL || d < 1 || d > HC_LCC_MAX_N || i >= d) return HC_EPARAM;
  hc_gf2_mat A;
  hc_gf2_identity(&A, (int)d);
  memset(st, 0, sizeof *st);
  st->role = HC_FFT_NEIGHBOUR;
  int rc = hc_lcc_make(&st->lcc, &A, 1u << i, HC_LCP);
  assert(rc == HC_OK);
  snprintf(st->label, sizeof st->label, "dim %u", i);
  return rc;
}

int hc_fft_preset_step(unsigned d, const char *name, const char *label, hc_fft_step *st) {
  if (st == NULL || name == NULL || label == NULL) return HC_EPARAM;
  memset(st, 0, sizeof *st);
  st->role = HC_FFT_PERMUTE;
  snprintf(st->label, sizeof st->label, "%s", label);
  return hc_lcc_preset(name, (int)d, &st->lcc);
}

int hc_fft_mapping(const hc_fft_algo *a, unsigned d, int *order, uint64_t *cost) {
  if (a == NULL || order == NULL || cost == NULL || d < 1 || d > HC_LCC_MAX_N) return HC_EPARAM;
  const unsigned steps = a->num_steps(d);
  if (steps == 0 || steps > HC_FFT_MAX_STEPS) return HC_EPARAM;
  hc_lcc perm[HC_FFT_MAX_STEPS];
  int m = 0;
  for (unsigned s = 0; s < steps; s++) {
    hc_fft_step st;
    int rc = a->step(d, s, &st);
    if (rc != HC_OK) return rc;
    if (st.role == HC_FFT_PERMUTE) perm[m++] = st.lcc;
  }
  if (m == 0) return HC_EPARAM;
  int rc;
  if (m == 1) {
    rc = hc_lcc_optimize(&perm[0], order); /* Fig. 3, LCP_Optimizer */
  } else {
    uint64_t dp;
    rc = hc_lcc_dp(perm, m, HC_LCC_MAX_OF_MAX, order, &dp); /* Section 5 */
  }
  if (rc != HC_OK) return rc;
  uint64_t worst = 0, T[HC_LCC_MAX_N];
  for (int r = 0; r < m; r++) {
    hc_lcc q;
    rc = hc_lcc_reorder(&perm[r], order, &q);
    assert(rc == HC_OK);
    rc = hc_lcc_contention(&q, T);
    assert(rc == HC_OK);
    uint64_t t = hc_lcc_max(T, (int)d);
    if (t > worst) worst = t;
  }
  *cost = worst;
  return HC_OK;
}

double hc_fft_comm_us(const hc_ncube2 *c, uint64_t cycles) {
  assert(c != NULL);
  return c->t_s + c->t_byte * (double)cycles;
}

uint64_t hc_fft_points(const hc_fft_algo *a, unsigned long k) {
  if (a == NULL || a->passes == 0 || k == 0 || k % HC_FFT_POINT_BYTES != 0) return 0;
  const uint64_t p = k / HC_FFT_POINT_BYTES;
  if (p & (p - 1)) return 0; /* not a power of 2 */
  const unsigned lg = (unsigned)__builtin_ctzll(p);
  return lg % (2u * a->passes) == 0 ? p : 0;
}

int hc_fft_compute_us(const hc_fft_algo *a, unsigned d, uint64_t points, const hc_ncube2 *c, double *us) {
  if (a == NULL || c == NULL || us == NULL || points == 0 || a->num_steps(d) == 0 ||
      hc_fft_points(a, (unsigned long)(points * HC_FFT_POINT_BYTES)) != points)
    return HC_EPARAM;
  const unsigned lgp = (unsigned)__builtin_ctzll(points);
  const double p = (double)points;
  const double remote = (double)(d / a->passes), local = (double)(lgp / a->passes);
  *us = a->passes * (local * (p / 2) * c->t_bfly + remote * p * c->t_half);
  return HC_OK;
}

unsigned hc_fft_log_size(const hc_fft_algo *a, unsigned d, uint64_t points) {
  assert(a != NULL && points != 0 && (points & (points - 1)) == 0);
  const unsigned lgp = (unsigned)__builtin_ctzll(points);
  return (d + lgp) / a->passes;
}
