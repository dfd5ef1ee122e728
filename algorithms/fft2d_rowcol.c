/*
** The data movement of a 2-D FFT after Hou et al. Example 5.5 and §6.2
** (shared/seeds/004): an image whose pixel (px, py) lies on the node whose
** low h = n/2 address bits come from px and high h bits from py, each axis
** laid out block-cyclic like the 1-D Parallel_FFT (2e local bits per axis,
** P = 16^e pixels per processor). The row FFTs need the bit reversal of the
** px bits (preset "fft_row"), then neighbour exchanges across dimensions
** 0..h-1; the column FFTs the bit reversal of the py bits ("fft_col"), then
** dimensions h..n-1. One mapping serves the whole program: the Section 5
** dynamic programme over both reversals (both become contention free).
** The paper prints no table for it; the same cost model applies.
*/
#include "hc_fft.h"
#include "hc_status.h"

static unsigned fft2d_steps(unsigned d) {
  return d >= 2 && d % 2 == 0 && d <= HC_FFT_MAX_D ? d + 2 : 0;
}

/* Steps: row bitrev, dims 0..h-1, column bitrev, dims h..d-1. */
static int fft2d_step(unsigned d, unsigned s, hc_fft_step *st) {
  const unsigned h = d / 2;
  if (fft2d_steps(d) == 0 || s >= d + 2) return HC_EPARAM;
  if (s == 0) return hc_fft_preset_step(d, "fft_row", "row bitrev", st);
  if (s <= h) return hc_fft_neighbour_step(d, s - 1, st);
  if (s == h + 1) return hc_fft_preset_step(d, "fft_col", "column bitrev", st);
  return hc_fft_neighbour_step(d, s - 2, st);
}

const hc_fft_algo hc_fft_algo_fft2d_rowcol = {
    .name = "fft2d_rowcol",
    .source = "004 (Hou, Wang, Ku & Hsu 2001) Example 5.5 and sec. 6.2 (no table in the paper)",
    .summary = "2-D FFT data movement: row bit reverse, d/2 neighbour exchanges, column bit reverse, d/2 more; "
               "with and without the optimal mapping (Section 5 DP); even d",
    .passes = 2,
    .num_steps = fft2d_steps,
    .step = fft2d_step,
    .paper = NULL,
};
