/*
** Running a linear-complement communication (algorithms/lcc.h) on the
** wormhole network and counting its channel contention three ways that must
** agree: Theorem 1 of Hou et al. from ranks, a walk of every message's
** e-cube path, and the hardware's per-channel message counters. An optional
** processor reordering (a bit order, Theorem 2) is applied the way a real
** machine would: each virtual node's program runs on its physical node, and
** the network interfaces' address map turns virtual destinations into
** physical ones.
*/
#ifndef HC_LCC_RUN_H
#define HC_LCC_RUN_H

#include <stdint.h>

#include "hc_driver.h"
#include "lcc.h"

typedef struct hc_lcc_result {
  int n;
  hc_lcc phys;              /* the LCC the network sees: (Q A Q^-1, Q b) */
  uint64_t t_theorem[32];   /* Theorem 1 on phys (the paper's formula) */
  uint64_t t_exact[32];     /* the exact e-cube count from ranks (differs for an LCS) */
  uint64_t t_paths[32];     /* e-cube path walk of every message */
  uint64_t t_hardware[32];  /* most messages on one channel of each dimension, hardware counters */
  uint64_t bound;           /* the least T any reordering reaches (Corollaries 1, 2) */
  int agree;                /* exact count == paths == hardware (and == theorem for LCP, LCG) */
  uint64_t messages;
  uint64_t cycles;          /* all messages created at cycle 0; the network drained */
  int data_ok;              /* every message delivered once, intact, at its mapped node */
} hc_lcc_result;

/*
** Run l with k-flit messages on drv's network (fresh from reset) under the
** bit order (n entries; NULL = no reordering). Returns HC_OK, HC_EPARAM
** (the cube is not l's, or an algorithm-library error), HC_ENOMEM,
** HC_ETIMEOUT (no drain within max_cycles) or the backend's error.
*/
int hc_lcc_run(hc_driver *drv, const hc_lcc *l, const int *order, unsigned k, uint64_t max_cycles,
               hc_lcc_result *r);

#endif /* HC_LCC_RUN_H */
