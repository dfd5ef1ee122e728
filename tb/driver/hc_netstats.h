/*
** Network statistics in the manner of BookSim's, gathered from the messages
** the driver delivers (hc_driver_on_deliver): packet latency (creation to
** tail ejection), network latency (head into the NI to tail ejection),
** queueing delay (creation to head into the NI, the wait in the unbounded
** software send queue), hop count, each with mean, extremes, percentiles
** and a histogram; optional per-flow figures; and the measurement window
** cut into sample periods whose batch means give a confidence interval on
** the mean packet latency and the verdict "unstable" when latency keeps
** growing (docs/hcsim.md, "Statistics"). Only messages created in the
** window [from, to) are measured, as the driver's own latency figure does.
**
** Histograms are log-linear: exact to the cycle below 2 * HC_NS_SUB, then
** HC_NS_SUB buckets per power of two (a relative resolution of 1/HC_NS_SUB),
** so a percentile is the lower bound of its bucket. Nothing here prints.
*/
#ifndef HC_NETSTATS_H
#define HC_NETSTATS_H

#include <stdint.h>

#include "hc_driver.h"

#define HC_NS_SUB 1024u
/* --flows keeps a figure per (source, destination): 4^d of them. */
#define HC_NS_FLOWS_MAX_D 10u
/* The window holds at most this many sample periods. */
#define HC_NS_MAX_PERIODS 1000000u

typedef enum hc_ns_kind {
  HC_NS_PACKET = 0, /* t_deliver - t_create */
  HC_NS_NETWORK,    /* t_deliver - t_head */
  HC_NS_QUEUE,      /* t_head - t_create */
  HC_NS_HOPS,       /* popcount(src ^ destination node): every routing is minimal */
  HC_NS_NUM
} hc_ns_kind;

typedef struct hc_netstats_cfg {
  unsigned d;
  uint64_t from, to; /* measurement window, from < to */
  uint64_t period;   /* sample period in cycles, >= 1 */
  int flows;         /* keep per-flow figures (d <= HC_NS_FLOWS_MAX_D) */
} hc_netstats_cfg;

typedef struct hc_ns_summary {
  uint64_t n;         /* measured messages */
  double mean;
  uint64_t min, max;
  uint64_t p50, p90, p99, p999; /* nearest rank: the smallest v with count(<= v) >= p n */
} hc_ns_summary;

typedef struct hc_ns_period {
  uint64_t start;     /* first cycle */
  uint64_t messages;  /* measured messages created in it */
  double latency_sum; /* their packet latencies */
  uint64_t flits;     /* flits ejected in it (hc_netstats_period_flits) */
  int full;           /* a whole period inside the window */
} hc_ns_period;

typedef enum hc_ns_verdict {
  HC_NS_TOO_SHORT = 0, /* fewer than HC_NS_MIN_PERIODS full periods with messages */
  HC_NS_STABLE,        /* no growth, and the 95% interval within 5% of the mean */
  HC_NS_NOT_CONVERGED, /* no growth, but the interval is wider: run longer */
  HC_NS_UNSTABLE       /* latency keeps growing, or accepted falls behind offered */
} hc_ns_verdict;
#define HC_NS_MIN_PERIODS 4u

typedef struct hc_ns_trend {
  hc_ns_verdict verdict;
  unsigned periods;  /* full periods with messages, the batches used */
  double mean;       /* batch mean of packet latency */
  double ci95;       /* half-width of its 95% interval (Student t, batch means) */
  double slope;      /* least-squares growth of the batch means per period */
  double slope_t;    /* slope over its standard error (inf when the fit is exact) */
  int growing;       /* unstable by the latency's growth */
  int behind;        /* unstable by accepted falling behind offered (hc_netstats_window) */
} hc_ns_trend;

typedef struct hc_ns_flow {
  uint32_t src, dest;
  uint64_t messages, latency_max;
  double latency_sum;
} hc_ns_flow;

typedef struct hc_netstats hc_netstats;

/* A collector for cfg in *out. Returns HC_OK, HC_EPARAM (from >= to,
** period 0, more than HC_NS_MAX_PERIODS periods, flows with d too large)
** or HC_ENOMEM. */
int hc_netstats_new(const hc_netstats_cfg *cfg, hc_netstats **out);
void hc_netstats_free(hc_netstats *ns);

/* The default sample period of a window of w cycles: BookSim's 1000, or
** w / 1000 rounded up where that is longer (at most 1000 periods). */
uint64_t hc_netstats_default_period(uint64_t w);

/* Message m was delivered (its times set): counted if created in the
** window. Returns HC_OK or HC_ENOMEM. An hc_deliver_fn is
** hc_netstats_on_deliver, with the collector as its context. */
int hc_netstats_add(hc_netstats *ns, const hc_msg *m);
void hc_netstats_on_deliver(void *ctx, hc_driver *drv, const hc_msg *m);

/* Flits ejected in period k of the window (counted by the caller, who
** steps the network). k must be below hc_netstats_periods(). */
void hc_netstats_period_flits(hc_netstats *ns, uint64_t k, uint64_t flits);

/* The window's flits: offered (created in it), accepted (ejected in it),
** and the flits the network's buffers can hold (routers and NI queues). A
** deficit offered - accepted above HC_NS_BEHIND_FRAC of offered and above
** that capacity is in the source queues and growing: unstable. */
#define HC_NS_BEHIND_FRAC 0.05
void hc_netstats_window(hc_netstats *ns, uint64_t offered, uint64_t accepted, uint64_t capacity);

/* First out-of-memory error of the delivery callback, else HC_OK. */
int hc_netstats_error(const hc_netstats *ns);

void hc_netstats_summary(const hc_netstats *ns, hc_ns_kind kind, hc_ns_summary *out);

/* The histogram of kind in nbins equal bins over [min, max]: bin j holds
** the values in [min + j * width, min + (j + 1) * width), *width >= 1 (a
** value counts in the bin of its bucket's lower bound). Returns the bins
** used (<= nbins, 0 if nothing was measured). */
unsigned hc_netstats_histogram(const hc_netstats *ns, hc_ns_kind kind, unsigned nbins, uint64_t *counts,
                               uint64_t *width);

uint64_t hc_netstats_periods(const hc_netstats *ns);
const hc_ns_period *hc_netstats_period(const hc_netstats *ns, uint64_t k);

/* The batch-means interval and the growth verdict over the full periods. */
void hc_netstats_trend(const hc_netstats *ns, hc_ns_trend *out);
const char *hc_ns_verdict_name(hc_ns_verdict v);

/* The flows with measured messages, in (src, dest) order, into *out (an
** array of *count; the caller frees it). Returns HC_OK, HC_EPARAM (not
** kept) or HC_ENOMEM. */
int hc_netstats_flows(const hc_netstats *ns, hc_ns_flow **out, uint64_t *count);

/* The two-sided 95% quantile of Student's t with df >= 1 degrees of
** freedom (a table to 30, then 1.96 + 2.4 / df, within 0.003 of it). */
double hc_t975(unsigned df);

#endif /* HC_NETSTATS_H */
