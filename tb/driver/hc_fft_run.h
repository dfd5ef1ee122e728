/*
** Running an FFT data movement of Hou et al. §6.2 (algorithms/hc_fft.h) on
** the wormhole network, with or without the processor mapping: the steps
** run one after the other with the network's idle barrier between them (a
** butterfly stage needs the data of the previous one), each step measured
** on its own: its cycles to the barrier, its latency to the last delivery,
** and its channel contention three ways (Theorem 1 on the LCC the network
** carries, a walk of every e-cube path, the hardware's message counters).
** The mapping is applied as hc_lcc_run does: virtual node x runs on
** physical node Q x and the network interfaces' address map sends a
** message for virtual y to Q y.
*/
#ifndef HC_FFT_RUN_H
#define HC_FFT_RUN_H

#include <stdint.h>

#include "hc_driver.h"
#include "hc_fft.h"

/* Largest cube of a run (the path walk keeps d 2^d counters). */
#define HC_FFT_RUN_MAX_D 12

typedef struct hc_fft_step_result {
  hc_fft_role role;
  char label[24];
  uint64_t messages;    /* nodes whose destination is another node */
  unsigned hops;        /* most hops of one of them */
  uint64_t t_theorem;   /* Theorem 1's T of the LCC on the network */
  uint64_t t_paths;     /* the same from e-cube path walks */
  uint64_t t_hardware;  /* most messages through one link, hardware counters */
  uint64_t cycles;      /* from the step's messages' creation to the barrier */
  uint64_t latency;     /* from their creation to the last tail's ejection (0: no message) */
  uint64_t blocked;     /* link cycles in which a head waited, hardware counters */
} hc_fft_step_result;

typedef struct hc_fft_result {
  unsigned d, steps;
  int mapped;                   /* run under a bit order */
  int order[HC_FFT_RUN_MAX_D];  /* the bit order (identity when not mapped) */
  hc_fft_step_result step[HC_FFT_MAX_STEPS];
  uint64_t cycles;              /* the barrier after the last step */
  int data_ok;                  /* every message delivered once, intact, at Q(A x + b), from Q x */
} hc_fft_result;

/*
** Run movement a with k-flit messages on drv's network (fresh from reset)
** under the bit order (d entries; NULL = no mapping). Returns HC_OK,
** HC_EPARAM (a has no steps on this d, d > HC_FFT_RUN_MAX_D, a bad order),
** HC_ENOMEM, HC_ETIMEOUT (a step did not finish within max_cycles in all)
** or the backend's error (HC_EMISMATCH).
*/
int hc_fft_run(hc_driver *drv, const hc_fft_algo *a, const int *order, unsigned k, uint64_t max_cycles,
               hc_fft_result *r);

#endif /* HC_FFT_RUN_H */
