/*
** The lists of algorithms `hcsim --algo` and `make sim ALGO=` know, in the
** order `ALGO=list` prints them: message traffic on the wormhole network
** (hc_algo) and store-and-forward schedules (hc_sf_algo). Adding an
** algorithm: write its file with one record, and add the record here.
*/
#include <string.h>

#include "hc_algo.h"
#include "hc_sched_algos.h"

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

const hc_sf_algo *const hc_sf_algos[] = {
    &hc_sf_algo_broadcast2,
    &hc_sf_algo_complete_exchange,
    &hc_sf_algo_total_exchange,
    NULL,
};

const hc_sf_algo *hc_sf_algo_find(const char *name) {
  for (const hc_sf_algo *const *a = hc_sf_algos; *a; a++)
    if (strcmp((*a)->name, name) == 0) return *a;
  return NULL;
}
