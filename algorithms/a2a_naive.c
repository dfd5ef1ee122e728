/*
** Naive all-to-all (a baseline, not from the papers): node x sends to x+1,
** x+2, ..., x+N-1 (mod N) back to back, with no steps at all. Step s here is
** just "the (s+1)-th message of every node": shifts by s+1, which e-cube
** routes with channel contention for d >= 3.
*/
#include <stdio.h>

#include "hc_algo.h"

static unsigned nv_steps(unsigned d) { return (1u << d) - 1; }
static unsigned nv_dest(unsigned d, unsigned s, unsigned x) {
  return (x + s + 1) & ((1u << d) - 1);
}
static void nv_label(unsigned d, unsigned s, char *buf, size_t size) {
  (void)d;
  snprintf(buf, size, "+%u", s + 1);
}

const hc_algo hc_algo_a2a_naive = {
    .name = "a2a_naive",
    .source = "baseline: naive all-to-all (x -> x+1, x+2, ... mod N)",
    .summary = "all-to-all, every node sends to x+1, x+2, ... back to back",
    .barrier = 0,
    .num_steps = nv_steps,
    .dest = nv_dest,
    .label = nv_label,
    .formula = NULL,
};
