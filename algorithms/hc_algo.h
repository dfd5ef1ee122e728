/*
** The registry of communication algorithms, in the manner of Spike's
** instruction list: each algorithm is one small file that defines one
** hc_algo record, and algorithms/registry.c lists them, so adding an
** algorithm touches two places. An algorithm here is a sequence of steps; in
** each step every node sends at most one message, to a destination the
** algorithm computes from (d, step, node). Whether steps are separated by the
** network's idle barrier or run back to back is part of the algorithm's
** definition (Algorithm AAP needs the barrier; AAP' and the baselines overlap
** steps as far as the network lets them).
*/
#ifndef HC_ALGO_H
#define HC_ALGO_H

#include <stddef.h>
#include <stdint.h>

typedef struct hc_algo {
  const char *name;    /* the ALGO= name */
  const char *source;  /* paper and section, e.g. "001 (Boppana & Raghavendra) §3.2" */
  const char *summary; /* one line */
  int barrier;         /* 1: a step starts only when the network is idle */
  /* Number of steps for a d-cube. */
  unsigned (*num_steps)(unsigned d);
  /* Destination of node x in step s (x itself: x sends nothing in s). */
  unsigned (*dest)(unsigned d, unsigned s, unsigned x);
  /* Write a label for step s (e.g. "(1,2)") into buf; may be NULL. */
  void (*label)(unsigned d, unsigned s, char *buf, size_t size);
  /*
  ** The paper's completion time for message length k with start-up xi and
  ** per-hop set-up tau, in time units; NULL when the paper gives none.
  */
  double (*formula)(unsigned d, unsigned k, double xi, double tau);
} hc_algo;

/* The registry, NULL-terminated, in the order `ALGO=list` prints. */
extern const hc_algo *const hc_algos[];

/* The two algorithms of Boppana & Raghavendra, for what compares with them. */
extern const hc_algo hc_algo_aap, hc_algo_aap_prime;

/* Find an algorithm by name; NULL when there is none. */
const hc_algo *hc_algo_find(const char *name);

/* Helpers shared by the AAP family (algorithms/aap.c). */

/* Binomial coefficient C(n, r) (0 when r > n). */
unsigned long hc_binom(unsigned n, unsigned r);

/*
** The dimension set of AAP step (i, j) of a d-cube as a bit mask: the j-th,
** in lexicographic order of the sorted dimension lists, of the (d-i)-element
** subsets of {0..d-1}. Requires i < d and j < C(d, i).
*/
unsigned hc_aap_mask(unsigned d, unsigned i, unsigned j);

/* Map a flat AAP step number s (0..2^d-2) to its (phase, index). */
void hc_aap_step(unsigned d, unsigned s, unsigned *i, unsigned *j);

/* The order of AAP' as a sequence of (phase, index) pairs: step s of AAP' is
** AAP step (i[s], j[s]). Returns the number of steps, 2^d - 1. */
unsigned hc_aap_prime_order(unsigned d, unsigned s, unsigned *i, unsigned *j);

/*
** The cycles, derived from the mechanism of docs/microarchitecture.md
** ("Circuit switching") and not from the model, that a sequence of nsteps
** vector reversals (in step s node x sends k flits to x XOR mask[s], every
** mask nonzero and below 2^d) takes on the circuit-switched network with
** tau, xi and the overlap bit, from the first path set-up offered to the
** last tail delivered (its ejection cycle included), every node offering
** its set-ups as soon as its NI takes them (algorithms/aap_circuit.c).
*/
uint64_t hc_cs_predict(unsigned d, unsigned k, unsigned xi, unsigned tau, int overlap,
                       const unsigned *mask, unsigned nsteps);

#endif /* HC_ALGO_H */
