/*
** The data movement of the 1-D Parallel_FFT of Hou et al. §6.2
** (shared/seeds/004): m = 2^(n+2e) points block-cyclic on the n-cube
** (point x on processor [x_e .. x_(n+e-1)]). Stage 0 is the bit-reverse
** permutation of the points, which with this layout is the bit reversal of
** the processor address (y_i = x_(n-1-i), the preset "bitrev", Example 1):
** one message of all P = 4^e points per processor. Then lg m butterfly
** stages; the first and last e are local, and stage e+1+i (i = 0..n-1)
** pairs processors across dimension i, one neighbour exchange each. Its
** contention under e-cube is 2^(floor(n/2)-1) (Theorem 1; 8 on the 8-cube,
** the paper's 2^(n/2-1) for even n; an odd n's middle bit does not move);
** the LCP_Optimizer's mapping makes it 1.
**
** Also here: the paper's Tables 1 and 2 as printed (8-cube, m = 2^8 ..
** 2^14, times in microseconds of nCUBE 2).
*/
#include "hc_fft.h"
#include "hc_status.h"

static unsigned fft1d_steps(unsigned d) { return d >= 1 && d <= HC_FFT_MAX_D ? d + 1 : 0; }

static int fft1d_step(unsigned d, unsigned s, hc_fft_step *st) {
  if (fft1d_steps(d) == 0 || s > d) return HC_EPARAM;
  if (s == 0) return hc_fft_preset_step(d, "bitrev", "bitrev", st);
  return hc_fft_neighbour_step(d, s - 1, st);
}

/* §6.2, Tables 1 and 2, exactly as printed. */
static const hc_fft_paper fft1d_paper = {
    .d = 8,
    .cols = 4,
    .log_m = {8, 10, 12, 14},
    .comp = {35.8, 163.5, 736.0, 3271.7},
    .neigh = {1398.6, 1617.5, 2493.0, 5995.1},
    .br_rows = 7,
    .br_name = {"e-cube", "chiu", "min", "mixab3", "mixbb3", "pcube", "mapping"},
    .br =
        {
            {248.9, 467.8, 1343.3, 4845.4},
            {276.9, 577.8, 1781.7, 6597.0},
            {248.4, 467.2, 1342.8, 4844.8},
            {258.1, 504.3, 1489.3, 5429.1},
            {258.6, 504.9, 1489.8, 5429.7},
            {299.7, 693.5, 2225.7, 8354.3},
            {178.8, 206.2, 315.6, 753.4},
        },
    .br_speedup = {1.39, 2.27, 4.26, 6.43},
    .exec_orig = {1683.3, 2248.9, 4572.4, 14112.2},
    .exec_map = {1613.2, 1987.2, 3544.7, 10020.2},
    .exec_speedup = {1.04, 1.13, 1.29, 1.41},
};

const hc_fft_algo hc_fft_algo_fft1d_bitrev = {
    .name = "fft1d_bitrev",
    .source = "004 (Hou, Wang, Ku & Hsu 2001) sec. 6.2, Parallel_FFT, Tables 1-2",
    .summary = "1-D FFT data movement: bit-reverse permutation, then d neighbour exchanges; with and without the "
               "optimal mapping (Fig. 3)",
    .passes = 1,
    .num_steps = fft1d_steps,
    .step = fft1d_step,
    .paper = &fft1d_paper,
};
