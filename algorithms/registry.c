/*
** The lists of algorithms `hcsim --algo` and `make sim ALGO=` know, in the
** order `ALGO=list` prints them: message traffic on the wormhole network
** (hc_algo), the FFT data movements of Hou et al. §6.2 (hc_fft_algo) and
** store-and-forward schedules (hc_sf_algo). Adding an
** algorithm: write its file with one record, and add the record here
** (store-and-forward: one line in algorithms/sf_list.h).
*/
#include <string.h>

#include "hc_algo.h"
#include "hc_fft.h"
#include "hc_sf_algo.h"

extern const hc_algo hc_algo_aap, hc_algo_aap_prime, hc_algo_a2a_pairwise, hc_algo_a2a_naive;

const hc_algo *const hc_algos[] = {
    &hc_algo_aap,
    &hc_algo_aap_prime,
    &hc_algo_a2a_pairwise,
    &hc_algo_a2a_naive,
    NULL,
};

const hc_algo *hc_algo_find(const char *name) {
  for (const hc_algo *const *a = hc_algos; *a; a++)
    if (strcmp((*a)->name, name) == 0) return *a;
  return NULL;
}

extern const hc_fft_algo hc_fft_algo_fft1d_bitrev, hc_fft_algo_fft2d_rowcol;

const hc_fft_algo *const hc_fft_algos[] = {
    &hc_fft_algo_fft1d_bitrev,
    &hc_fft_algo_fft2d_rowcol,
    NULL,
};

const hc_fft_algo *hc_fft_algo_find(const char *name) {
  for (const hc_fft_algo *const *a = hc_fft_algos; *a; a++)
    if (strcmp((*a)->name, name) == 0) return *a;
  return NULL;
}

const hc_sf_algo *const hc_sf_algos[] = {
#define HC_SF_ALGO(n) &hc_sf_algo_##n,
#include "sf_list.h"
#undef HC_SF_ALGO
    NULL,
};

const hc_sf_algo *hc_sf_algo_find(const char *name) {
  for (const hc_sf_algo *const *a = hc_sf_algos; *a; a++)
    if (strcmp((*a)->name, name) == 0) return *a;
  return NULL;
}
