/*
** Pairwise exchange, the all-to-all order MPI libraries use for power-of-two
** process counts (a baseline, not from the papers): in step s = 1..N-1 node x
** sends to x XOR s. Each step is a permutation; steps run back to back.
*/
#include <stdio.h>

#include "hc_algo.h"

static unsigned pw_steps(unsigned d) { return (1u << d) - 1; }
static unsigned pw_dest(unsigned d, unsigned s, unsigned x) {
  (void)d;
  return x ^ (s + 1);
}
static void pw_label(unsigned d, unsigned s, char *buf, size_t size) {
  (void)d;
  snprintf(buf, size, "xor %u", s + 1);
}

const hc_algo hc_algo_a2a_pairwise = {
    .name = "a2a_pairwise",
    .source = "baseline: MPI pairwise exchange (x -> x XOR s, s = 1..N-1)",
    .summary = "all-to-all by pairwise exchange, steps back to back",
    .barrier = 0,
    .num_steps = pw_steps,
    .dest = pw_dest,
    .label = pw_label,
    .formula = NULL,
};
