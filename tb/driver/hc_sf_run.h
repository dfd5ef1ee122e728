/*
** Running a store-and-forward schedule case (csim/sched/hc_sched.h) on the
** network under a driver (model, RTL or both in lockstep) the way hardware is
** used: load it through the configuration port (csim/hc_sfload.h), start it,
** wait for sf_done, read every cared-for word back through the port, and
** check the result against what the communication means and against the
** reference executor of the execution model (docs/store_and_forward.md,
** sections 1 and 7.6).
*/
#ifndef HC_SF_RUN_H
#define HC_SF_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "hc_driver.h"
#include "hc_sched.h"


typedef struct hc_sf_result {
  uint64_t cycles;       /* measured completion C: sf_done rose in schedule cycle C + 1 */
  uint64_t ref_cycles;   /* hc_sched_exec's completion */
  uint64_t packets;      /* sum of the TX packet counters */
  uint64_t words;        /* sum of the TX word counters */
  uint64_t busy;         /* sum of the TX busy-cycle counters */
  uint64_t ref_packets, ref_words, ref_busy;
  int counters_ok;       /* every link's three counters equal the executor's */
  char counter_msg[128]; /* the first counter that differs */
  size_t checked;        /* words compared */
  size_t mismatches;     /* of which different from the expectation */
  uint32_t bad_node, bad_addr, bad_expect, bad_actual; /* the first one */
  uint64_t load_cycles;  /* configuration writes: the cycles the port takes */
  uint64_t read_cycles;  /* read-back: the cycles the port takes */
  size_t nops;           /* configuration writes (= load_cycles) */
  uint64_t load_packets; /* packets the TX counters counted during the load,
                         ** before the start: none may start then */
  int backdoor;          /* loaded and read back through the model's back
                         ** door (no cycles run; the two counts above are
                         ** what the port would have taken) */
  hc_sf_geom geom;       /* the network's geometry (resolved) */
  uint64_t stepped;      /* cycles the network was stepped in the run, load to read-back */
  double run_cpu_s;      /* CPU seconds of the schedule's cycles (the start to sf_done) */
} hc_sf_result;

/* hc_sf_run_ex flag: load and read back through the port even on the model
** backend (cycle by cycle, as the RTL must). */
#define HC_SF_RUN_PORT 1u

/* hc_sf_run_ex flag: no hc_driver_reset before the load, so the case runs
** on what the previous run left (its banks, tables, engine positions and
** RX done counts): schedules loaded back to back, as a board loads them. */
#define HC_SF_RUN_NORESET 2u

/*
** Run case c with start-up beta on drv's network, built with the geometry
** of hc_driver_cfg(drv)->sf (hc_driver_reset first:
** the driver's messages and statistics start over). Returns HC_OK
** when the run finished (the result then says whether data, timing and
** counters are right), HC_ESCHED (the validator or the loader refused it:
** err->code is HC_SCHED_* or HC_EFIT, err->msg says why),
** HC_EMISMATCH (lockstep; see hc_driver_mismatch), HC_ETIMEOUT,
** HC_EREFUSED or HC_ENOMEM.
*/
int hc_sf_run(hc_driver *drv, hc_sched_case *c, uint32_t beta, hc_sf_result *res,
              hc_sched_err *err);

/*
** hc_sf_run with flags. Without HC_SF_RUN_PORT, a run on the model backend
** (not lockstep, not RTL) writes the loader's tables and banks and reads
** every word back through the model's back door (hc_driver_backdoor):
** the same writes and reads, none of the 2^d-router cycles around them;
** the run itself (start to sf_done) is stepped cycle by cycle either way.
** hc_sf_run(...) is hc_sf_run_ex(..., 0, ...).
*/
int hc_sf_run_ex(hc_driver *drv, hc_sched_case *c, uint32_t beta, unsigned flags, hc_sf_result *res,
                 hc_sched_err *err);

/* Whether a finished run is right: data, completion = executor's, counters,
** no packet started during its load. */
int hc_sf_result_ok(const hc_sf_result *r);

#endif /* HC_SF_RUN_H */
