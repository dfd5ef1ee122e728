/*
** Node programs (algorithms/hc_np_algo.h) on the network under a driver
** (model, RTL or both in lockstep): every phase's schedule is loaded,
** started, run to sf_done and read back word by word through
** tb/driver/hc_sf_run.h, with the reference executor's final memory as the
** expected one, and the nodes' compute steps run on that memory between
** the phases. A phase counts only if the network delivered every word of
** every node exactly, finished in the executor's cycle and its counters
** agree with the executor's.
*/
#ifndef HC_NP_RUN_H
#define HC_NP_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "hc_driver.h"
#include "hc_np_algo.h"
#include "hc_sf_run.h"

/* The network side of a run: what every phase loaded and read back. */
typedef struct hc_np_net {
  hc_driver *drv;
  uint32_t beta;
  unsigned flags;          /* hc_sf_run_ex's (HC_SF_RUN_PORT) */
  uint64_t load_cycles;    /* configuration writes over all phases */
  uint64_t read_cycles;    /* read-back cycles over all phases */
  uint64_t hw_packets;     /* the TX packet counters, summed over phases */
  uint64_t words_checked;  /* words read back and compared */
  int backdoor;            /* the model was loaded and read through its back door */
  hc_sf_geom geom;         /* the network's geometry */
  hc_sf_result last;       /* the last phase's run */
} hc_np_net;

/*
** The smallest store-and-forward geometry that holds every phase of
** program a (hc_sfload_need over the phases' cases) into *need. HC_OK,
** HC_EFIT (no build holds a phase: why says which and why), HC_ENOMEM or a
** schedule's status.
*/
int hc_np_need(const hc_np_algo *a, const hc_np_params *p, hc_sf_geom *need, char *why, size_t n);

/*
** Run program a with checked parameters p on drv's network (flags as
** hc_sf_run_ex's). Returns as hc_np_run; net holds the network's side
** (HC_EMISMATCH when RTL and model differed: hc_driver_mismatch says where).
*/
int hc_np_run_net(hc_driver *drv, const hc_np_algo *a, const hc_np_params *p, unsigned flags, hc_np_net *net,
                  hc_np_result *r);

#endif /* HC_NP_RUN_H */
