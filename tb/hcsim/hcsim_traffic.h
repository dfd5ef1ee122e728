/*
** Between the parts of hcsim's traffic mode: the run (hcsim_traffic.c),
** its report on stdout and in JSON (hcsim_traffic_report.c, docs/hcsim.md
** "What a run does and reports"), and netrace traces (hcsim_netrace.c:
** the trace checked against the run, and its lines of the report).
*/
#ifndef HCSIM_TRAFFIC_H
#define HCSIM_TRAFFIC_H

#include "hc_netstats.h"
#include "hcsim.h"

typedef struct hcsim_traffic_result {
  uint64_t total_cycles; /* cycles simulated, drain included */
  uint64_t drain_cycles; /* cycles after the traffic phase */
  int drained;           /* everything delivered at the end */
  int stopped;           /* the run stopped early (mismatch or error) */
  int mismatch;          /* lockstep mismatch (also counters) */
  hc_mismatch mm;
  int counters_checked;    /* hc_driver_check_counters ran */
  uint64_t win_lo, win_hi; /* measurement window [win_lo, win_hi) */
  uint64_t win_flits;      /* flits ejected in it */
  uint64_t win_offered;    /* flits created in it */
  double rate_offered;     /* configured, or from the file */
  uint64_t max_queue;      /* the longest send queue when the traffic stopped (messages) */
  unsigned max_queue_node; /* its node (the lowest of equals) */
  hc_stats st;
  hc_netstats *ns;         /* packet/network latency, queueing, hops, periods, flows */
  uint64_t *node_flits;    /* flits ejected at each node in the window */
  uint64_t refused;        /* arrivals turned away by full send queues (--backlog) */
  const hc_netrace *nt;    /* --traffic netrace: the trace, else NULL */
  uint64_t unsent;         /* netrace: packets never created (their dependencies were not delivered) */
  int err;                 /* an error that is not a check (out of memory), or HC_ESTALL */
  int fail;
} hcsim_traffic_result;

/*
** --traffic netrace: the trace of --file for the run's region, dependencies
** and flit size, checked against the network (its nodes, --mode saf's
** buffer) and the window: --cycles defaults to the replay's last cycle + 1,
** --warmup to 0. Dies on bad input (exit 2), exits 1 out of memory.
*/
hc_netrace *hcsim_netrace_open(hcsim_opts *o);

/* The trace's lines of the table (traffic, trace, dependencies), and its
** JSON member ("netrace": {...}, after "file"). */
void hcsim_netrace_table(const hcsim_opts *o, const hc_netrace *nt, double rate_offered);
void hcsim_netrace_json(FILE *f, const hcsim_opts *o, const hc_netrace *nt);

/* The human report on stdout. */
void hcsim_traffic_table(const hcsim_opts *o, hc_driver *drv, const hcsim_traffic_result *r);

/* The JSON report (hcsim_close finds a write error). */
void hcsim_traffic_json(FILE *f, const hcsim_opts *o, hc_driver *drv, const hcsim_traffic_result *r);

#endif /* HCSIM_TRAFFIC_H */
