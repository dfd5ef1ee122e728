/*
** Running a step algorithm of algorithms/ on the wormhole network through
** the message driver: every node sends one k-flit message per step, either
** with the network's idle barrier between steps (Algorithm AAP) or all steps
** back to back; afterwards the run is checked for data (every node holds
** exactly one intact message from every other node) and for channel
** contention per step, from the hardware counters and, independently, from
** a walk of every message's e-cube path.
*/
#ifndef HC_ALGO_RUN_H
#define HC_ALGO_RUN_H

#include <stdint.h>

#include "hc_algo.h"
#include "hc_driver.h"

/* Largest cube an algorithm run accepts: N^2 messages are kept. */
#define HC_ALGO_MAX_D 10

typedef struct hc_algo_result {
  unsigned steps;
  uint64_t cycles;           /* cycles from the run's start until the barrier after the last
                                step fired */
  uint64_t delivered;        /* cycles from the run's start until the last tail was delivered,
                                its ejection cycle included */
  int data_ok;               /* all N(N-1) messages delivered once, intact, pairs complete */
  unsigned max_contention;   /* hardware: most messages on one channel within one step
                                (barrier runs only; 0 when not measured) */
  unsigned max_contention_paths; /* same from e-cube path walks (always) */
  uint64_t max_step_cycles;  /* barrier runs: the longest step */
  uint64_t blocked_cycles;   /* hardware, whole run: sum over links of cycles a head waited */
  unsigned max_waiting;      /* hardware, whole run: most heads waiting at once for one link */
  uint64_t eject_blocked_cycles; /* the same for the ejection ports */
} hc_algo_result;

/*
** Run algorithm a with k-flit messages on drv's network, idle and configured
** (mode, cost model), counting cycles from the driver's cycle at the call.
** With barrier != 0 each step starts when every node has offered all
** its messages of the previous step, at least 2 cycles have passed since the
** last offer, and the network's idle output is 1; without, all messages are
** queued at cycle 0 in step order. Either way the run ends when the barrier
** condition holds after the last step. max_cycles bounds the run. Returns
** HC_OK, HC_ETIMEOUT, HC_ENOMEM or the backend's error (HC_EMISMATCH).
*/
int hc_algo_run(hc_driver *drv, const hc_algo *a, unsigned k, int barrier, uint64_t max_cycles,
                hc_algo_result *r);

/*
** Step drv's network (n nodes) to the step barrier: every node has offered
** all it has queued, at least 2 cycles have passed since the last offer
** (*last_offer, updated here) and the network's idle output is 1. Returns
** HC_OK, HC_ETIMEOUT (cycle limit reached) or the backend's error.
*/
int hc_algo_barrier(hc_driver *drv, unsigned n, uint64_t *last_offer, uint64_t limit);

#endif /* HC_ALGO_RUN_H */
