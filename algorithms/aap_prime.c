/*
** Algorithm AAP' of Boppana & Raghavendra (shared/seeds/001, §3.3): the steps
** of AAP with dual phases i and d-i interleaved, so that the links a step
** leaves free are exactly the ones the next step uses and its paths can be set
** up in advance. After phase 0, for 1 <= i <= floor((d-1)/2) (the scan's
** "1 < i" contradicts its own Q3 example), step (i, j) is followed by
** (d-i, C(d,i)-1-j); for even d the middle phase d/2 pairs with itself for
** j < C(d,d/2)/2. For d = 3: (0,0), (1,0), (2,2), (1,1), (2,1), (1,2), (2,0).
** Steps run back to back (no barrier): each node sends its messages in this
** order as fast as its network interface takes them.
*/
#include <assert.h>
#include <stdio.h>

#include "hc_algo.h"

unsigned hc_aap_prime_order(unsigned d, unsigned s, unsigned *i, unsigned *j) {
  const unsigned steps = (1u << d) - 1;
  assert(s < steps);
  if (s == 0) {
    *i = 0;
    *j = 0;
    return steps;
  }
  unsigned r = s - 1;
  for (unsigned ph = 1; 2 * ph <= d; ph++) {
    const unsigned ni = (unsigned)hc_binom(d, ph);
    const unsigned block = (2 * ph == d) ? ni : 2 * ni;
    if (r < block) {
      if (r % 2 == 0) {
        *i = ph;
        *j = r / 2;
      } else {
        *i = d - ph;
        *j = ni - 1 - r / 2;
      }
      return steps;
    }
    r -= block;
  }
  assert(0 && "step out of range");
  return steps;
}

static unsigned aapp_steps(unsigned d) { return (1u << d) - 1; }

static unsigned aapp_dest(unsigned d, unsigned s, unsigned x) {
  unsigned i, j;
  hc_aap_prime_order(d, s, &i, &j);
  return x ^ hc_aap_mask(d, i, j);
}

static void aapp_label(unsigned d, unsigned s, char *buf, size_t size) {
  unsigned i, j;
  hc_aap_prime_order(d, s, &i, &j);
  snprintf(buf, size, "(%u,%u)", i, j);
}

/* T_aap' = (k-1)(N-1) + nN/2 + 2(xi + n tau) - tau. */
static double aapp_formula(unsigned d, unsigned k, double xi, double tau) {
  const double n = d, nn = (double)(1u << d);
  return (k - 1.0) * (nn - 1) + n * nn / 2 + 2 * (xi + n * tau) - tau;
}

const hc_algo hc_algo_aap_prime = {
    .name = "aap_prime",
    .source = "001 (Boppana & Raghavendra 1990) sec. 3.3, variation AAP'",
    .summary = "AAP with dual phases interleaved, steps back to back",
    .barrier = 0,
    .num_steps = aapp_steps,
    .dest = aapp_dest,
    .label = aapp_label,
    .formula = aapp_formula,
};
