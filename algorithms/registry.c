/*
** The list of algorithms `hcsim --algo` and `make sim ALGO=` know, in the
** order `ALGO=list` prints them. Adding an algorithm: write its file with
** one hc_algo record, and add the record here.
*/
#include <string.h>

#include "hc_algo.h"

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
