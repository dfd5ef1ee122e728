/*
** The completion time of the AAP family on the circuit-switched network
** (mode 3, docs/microarchitecture.md, "Circuit switching"), derived from the
** mechanism alone and computed here without the model: every step is a
** vector reversal (node x sends to x XOR mask[s]), so every node goes
** through the same cycles, and one node's recurrence over the steps is the
** run. docs/boppana.md ("AAP and AAP' under the paper's cost model")
** derives each term; in short, with times in cycles from the first set-up
** offered (cycle 0), step s of h hops has
**
**   c   its set-up offered: 0 for the first step; then, overlap off, the
**       cycle the previous message is complete (a' + k - 1 + h'), overlap on,
**       the cycle the previous message's head leaves the NI (a');
**   F   the first cycle after c in which its first link is free: c + 1, or,
**       with overlap on and the previous step using that dimension, E' =
**       a' + k + h' (all the previous step's links are free from the cycle
**       its tails are delivered);
**   R_j the cycle its probe takes the link of hop j + 1 (j = 0..h-1) or, at
**       j = h, completes: R_0 = F + xi + 1, R_j = R_{j-1} + 1 + tau, or E'
**       if later and the hop's dimension is the previous step's;
**   a   its head leaves the NI: R_h + h + 2 (the acknowledgement comes back
**       one hop a cycle, then the NI), but not before the previous message
**       is complete;
**
** and the run ends with the last tail delivered, T = a + k + h + 1 cycles.
*/
#include <assert.h>

#include "hc_algo.h"

/* Whether bit b of mask is set. */
static int has(unsigned mask, unsigned b) { return (mask >> b) & 1u; }

uint64_t hc_cs_predict(unsigned d, unsigned k, unsigned xi, unsigned tau, int overlap,
                       const unsigned *mask, unsigned nsteps) {
  uint64_t a = 0, done = 0, ej = 0, t = 0; /* the previous step's a, completion, E */
  unsigned prev = 0, hp = 0;
  assert(k >= 1 && nsteps >= 1);
  (void)d;
  for (unsigned s = 0; s < nsteps; s++) {
    const unsigned m = mask[s], h = (unsigned)__builtin_popcount(m);
    const unsigned busy = (s > 0 && overlap) ? prev : 0; /* links still held at c */
    uint64_t c = s == 0 ? 0 : (overlap ? a : done), f = c + 1, r;
    assert(m != 0 && m < (1u << d));
    if (busy && has(busy, (unsigned)__builtin_ctz(m)) && f < ej) f = ej;
    r = f + xi + 1; /* R_0: the source's local input takes the first link */
    unsigned rest = m & (m - 1u); /* the hops after the first */
    for (unsigned j = 1; j <= h; j++) {
      r += 1u + tau;
      if (j < h) {
        unsigned b = (unsigned)__builtin_ctz(rest);
        rest &= rest - 1u;
        if (has(busy, b) && r < ej) r = ej;
      }
    }
    uint64_t an = r + h + 2u;
    if (s > 0 && an < done) an = done;
    a = an;
    hp = h;
    done = a + k - 1u + (h ? h : 1u);
    ej = a + k + h;
    prev = m;
    t = a + k + h + 1u;
  }
  (void)hp;
  return t;
}
