/*
** Algorithm AAP of Boppana & Raghavendra (shared/seeds/001, §3.2): all-to-all
** personalized communication as 2^d - 1 vector reversals. Phase i (0..d-1)
** has C(d, i) steps, one per way of splitting the d-cube into (d-i)-cubes;
** in the step with dimension set S every node x sends its message to
** x XOR mask(S), whose e-cube paths are edge-disjoint. Steps in a phase follow
** the lexicographic order of S (for d = 3: (0,0), (1,0), (1,1), (1,2),
** (2,0), (2,1), (2,2) with S = {0,1,2}, {0,1}, {0,2}, {1,2}, {0}, {1}, {2}).
** Every nonempty mask occurs once, so every ordered pair is served once. The
** steps are separated by the network's idle barrier.
*/
#include <assert.h>
#include <stdio.h>

#include "hc_algo.h"

unsigned long hc_binom(unsigned n, unsigned r) {
  if (r > n) return 0;
  unsigned long c = 1;
  for (unsigned k = 1; k <= r; k++) c = c * (n - r + k) / k;
  return c;
}

unsigned hc_aap_mask(unsigned d, unsigned i, unsigned j) {
  assert(i < d && j < hc_binom(d, i));
  const unsigned r = d - i;
  unsigned mask = 0, e = 0;
  /* Unrank: at each position take the smallest element whose block of
  ** subsets (those starting with it) still contains rank j. */
  for (unsigned pos = 0; pos < r; pos++) {
    for (;;) {
      unsigned long c = hc_binom(d - 1 - e, r - 1 - pos);
      if (j < c) {
        mask |= 1u << e++;
        break;
      }
      j -= (unsigned)c;
      e++;
    }
  }
  return mask;
}

void hc_aap_step(unsigned d, unsigned s, unsigned *i, unsigned *j) {
  unsigned ph = 0;
  while (s >= hc_binom(d, ph)) s -= (unsigned)hc_binom(d, ph++);
  assert(ph < d);
  *i = ph;
  *j = s;
}

static unsigned aap_steps(unsigned d) { return (1u << d) - 1; }

static unsigned aap_dest(unsigned d, unsigned s, unsigned x) {
  unsigned i, j;
  hc_aap_step(d, s, &i, &j);
  return x ^ hc_aap_mask(d, i, j);
}

static void aap_label(unsigned d, unsigned s, char *buf, size_t size) {
  unsigned i, j;
  hc_aap_step(d, s, &i, &j);
  snprintf(buf, size, "(%u,%u)", i, j);
}

/* T_aap = sum_i (xi + (n-i) tau + (n-i) + k - 1) C(n,i)
**       = k(N-1) + (xi-1)(N-1) + (1+tau) n N / 2. */
static double aap_formula(unsigned d, unsigned k, double xi, double tau) {
  const double n = d, nn = (double)(1u << d);
  return k * (nn - 1) + (xi - 1) * (nn - 1) + (1 + tau) * n * nn / 2;
}

const hc_algo hc_algo_aap = {
    .name = "aap",
    .source = "001 (Boppana & Raghavendra 1990) sec. 3.2, Algorithm AAP",
    .summary = "all-to-all personalized: 2^d-1 vector reversals, phases by subcube size, barrier between steps",
    .barrier = 1,
    .num_steps = aap_steps,
    .dest = aap_dest,
    .label = aap_label,
    .formula = aap_formula,
};
