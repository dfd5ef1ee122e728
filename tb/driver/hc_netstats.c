/*
** BookSim-style statistics of delivered messages (hc_netstats.h): four
** log-linear histograms (packet and network latency, queueing delay, hops),
** per-period batch sums for the confidence interval and the growth test,
** and optional dense per-flow sums. Memory is the histograms' buckets up to
** the largest value seen, the periods, and 4^d flow records when asked.
*/
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hc_netstats.h"

/* Growth of more than this fraction of the mean across the window, with a
** slope this many standard errors above zero over at least GROWTH_MIN
** batches, is instability (with 8 batches, 6 degrees of freedom, a stable
** run passes t = 4 by chance about once in 300). */
#define GROWTH_FRAC 0.25
#define GROWTH_T 4.0
#define GROWTH_MIN 8u
/* A stable run has converged when its 95% interval is within 5% of the mean. */
#define CONVERGED_FRAC 0.05

typedef struct hist {
  uint64_t *cnt;
  uint64_t cap; /* buckets allocated */
  uint64_t n, min, max;
  double sum;
} hist;

struct hc_netstats {
  hc_netstats_cfg cfg;
  hist h[HC_NS_NUM];
  hc_ns_period *per;
  uint64_t nper;
  hc_ns_flow *flow; /* 4^d records, or NULL */
  uint64_t offered, accepted, capacity; /* hc_netstats_window; offered 0: not given */
  int err;
};

/* Bucket of value v: v itself below 2 SUB, then SUB buckets per power of two. */
static uint64_t bucket_of(uint64_t v) {
  if (v < 2u * HC_NS_SUB) return v;
  const unsigned msb = 63u - (unsigned)__builtin_clzll(v);
  const unsigned e = msb - 10u; /* log2(HC_NS_SUB) = 10 */
  return (uint64_t)HC_NS_SUB * (e + 1u) + ((v >> e) - HC_NS_SUB);
}

/* The smallest value of bucket b. */
static uint64_t bucket_low(uint64_t b) {
  if (b < 2u * HC_NS_SUB) return b;
  const unsigned e = (unsigned)(b / HC_NS_SUB) - 1u;
  return (b % HC_NS_SUB + HC_NS_SUB) << e;
}

static int hist_add(hist *h, uint64_t v) {
  const uint64_t b = bucket_of(v);
  if (b >= h->cap) {
    uint64_t ncap = h->cap ? h->cap : 256u;
    while (ncap <= b) ncap *= 2u;
    uint64_t *nc = realloc(h->cnt, ncap * sizeof *nc);
    if (!nc) return HC_ENOMEM;
    memset(nc + h->cap, 0, (ncap - h->cap) * sizeof *nc);
    h->cnt = nc;
    h->cap = ncap;
  }
  h->cnt[b]++;
  if (h->n == 0 || v < h->min) h->min = v;
  if (v > h->max) h->max = v;
  h->n++;
  h->sum += (double)v;
  return HC_OK;
}

uint64_t hc_netstats_default_period(uint64_t w) {
  const uint64_t p = (w + 999u) / 1000u;
  return p > 1000u ? p : 1000u;
}

int hc_netstats_new(const hc_netstats_cfg *cfg, hc_netstats **out) {
  *out = NULL;
  if (cfg->from >= cfg->to || cfg->period == 0) return HC_EPARAM;
  const uint64_t nper = (cfg->to - cfg->from - 1u) / cfg->period + 1u;
  if (nper > HC_NS_MAX_PERIODS || (cfg->flows && cfg->d > HC_NS_FLOWS_MAX_D)) return HC_EPARAM;
  hc_netstats *ns = calloc(1, sizeof *ns);
  if (!ns) return HC_ENOMEM;
  ns->cfg = *cfg;
  ns->nper = nper;
  ns->per = calloc(nper, sizeof *ns->per);
  if (cfg->flows) ns->flow = calloc((size_t)1 << (2u * cfg->d), sizeof *ns->flow);
  if (!ns->per || (cfg->flows && !ns->flow)) {
    hc_netstats_free(ns);
    return HC_ENOMEM;
  }
  for (uint64_t k = 0; k < nper; k++) {
    ns->per[k].start = cfg->from + k * cfg->period;
    ns->per[k].full = ns->per[k].start + cfg->period <= cfg->to;
  }
  *out = ns;
  return HC_OK;
}

void hc_netstats_free(hc_netstats *ns) {
  if (!ns) return;
  for (unsigned k = 0; k < HC_NS_NUM; k++) free(ns->h[k].cnt);
  free(ns->per);
  free(ns->flow);
  free(ns);
}

int hc_netstats_add(hc_netstats *ns, const hc_msg *m) {
  if (m->t_create < ns->cfg.from || m->t_create >= ns->cfg.to) return HC_OK;
  assert(m->delivered && m->t_head >= m->t_create && m->t_deliver >= m->t_head);
  const uint64_t lat = m->t_deliver - m->t_create;
  const uint64_t v[HC_NS_NUM] = {lat, m->t_deliver - m->t_head, m->t_head - m->t_create,
                                 (uint64_t)__builtin_popcount(m->src ^ m->phys_dest)};
  for (unsigned k = 0; k < HC_NS_NUM; k++)
    if (hist_add(&ns->h[k], v[k]) != HC_OK) return ns->err = HC_ENOMEM;
  hc_ns_period *p = &ns->per[(m->t_create - ns->cfg.from) / ns->cfg.period];
  p->messages++;
  p->latency_sum += (double)lat;
  if (ns->flow) {
    hc_ns_flow *f = &ns->flow[((uint64_t)m->src << ns->cfg.d) | m->phys_dest];
    f->src = m->src;
    f->dest = m->phys_dest;
    f->messages++;
    f->latency_sum += (double)lat;
    if (lat > f->latency_max) f->latency_max = lat;
  }
  return HC_OK;
}

void hc_netstats_on_deliver(void *ctx, hc_driver *drv, const hc_msg *m) {
  (void)drv;
  hc_netstats *ns = ctx;
  if (ns->err == HC_OK) (void)hc_netstats_add(ns, m);
}

void hc_netstats_period_flits(hc_netstats *ns, uint64_t k, uint64_t flits) {
  assert(k < ns->nper);
  ns->per[k].flits = flits;
}

void hc_netstats_window(hc_netstats *ns, uint64_t offered, uint64_t accepted, uint64_t capacity) {
  ns->offered = offered;
  ns->accepted = accepted;
  ns->capacity = capacity;
}

int hc_netstats_error(const hc_netstats *ns) { return ns->err; }
uint64_t hc_netstats_periods(const hc_netstats *ns) { return ns->nper; }

const hc_ns_period *hc_netstats_period(const hc_netstats *ns, uint64_t k) {
  assert(k < ns->nper);
  return &ns->per[k];
}

/* The smallest value whose cumulative count reaches rank r (1..n). */
static uint64_t hist_rank(const hist *h, uint64_t r) {
  uint64_t acc = 0;
  for (uint64_t b = 0; b < h->cap; b++) {
    acc += h->cnt[b];
    if (acc >= r) return bucket_low(b) > h->min ? bucket_low(b) : h->min;
  }
  return h->max;
}

/* Nearest rank of fraction num/den of n: ceil(n num / den), at least 1. */
static uint64_t rank_of(uint64_t n, uint64_t num, uint64_t den) {
  const uint64_t r = (n / den) * num + ((n % den) * num + den - 1u) / den;
  return r ? r : 1u;
}

void hc_netstats_summary(const hc_netstats *ns, hc_ns_kind kind, hc_ns_summary *out) {
  const hist *h = &ns->h[kind];
  memset(out, 0, sizeof *out);
  out->n = h->n;
  if (h->n == 0) return;
  out->mean = h->sum / (double)h->n;
  out->min = h->min;
  out->max = h->max;
  out->p50 = hist_rank(h, rank_of(h->n, 1, 2));
  out->p90 = hist_rank(h, rank_of(h->n, 9, 10));
  out->p99 = hist_rank(h, rank_of(h->n, 99, 100));
  out->p999 = hist_rank(h, rank_of(h->n, 999, 1000));
}

unsigned hc_netstats_histogram(const hc_netstats *ns, hc_ns_kind kind, unsigned nbins, uint64_t *counts,
                               uint64_t *width) {
  const hist *h = &ns->h[kind];
  *width = 1;
  if (h->n == 0 || nbins == 0) return 0;
  const uint64_t span = h->max - h->min + 1u;
  *width = (span + nbins - 1u) / nbins;
  const unsigned used = (unsigned)((span + *width - 1u) / *width);
  memset(counts, 0, used * sizeof *counts);
  for (uint64_t b = 0; b < h->cap; b++) {
    if (!h->cnt[b]) continue;
    uint64_t lo = bucket_low(b);
    if (lo < h->min) lo = h->min;
    counts[(lo - h->min) / *width] += h->cnt[b];
  }
  return used;
}

double hc_t975(unsigned df) {
  static const double t[31] = {0,      12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                               2.201,  2.179,  2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080,
                               2.074,  2.069,  2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  assert(df >= 1);
  return df <= 30 ? t[df] : 1.96 + 2.4 / df;
}

/* The batch means: the full periods with messages, in order. */
static unsigned batches(const hc_netstats *ns, double *y) {
  unsigned k = 0;
  for (uint64_t i = 0; i < ns->nper; i++)
    if (ns->per[i].full && ns->per[i].messages) y[k++] = ns->per[i].latency_sum / (double)ns->per[i].messages;
  return k;
}

/* Least-squares slope of y over 0..k-1 and its t statistic (k >= 3). */
static void fit(const double *y, unsigned k, double mean, double *slope, double *t) {
  const double xm = (k - 1) / 2.0;
  double sxx = 0, sxy = 0, sse = 0;
  for (unsigned i = 0; i < k; i++) {
    sxx += (i - xm) * (i - xm);
    sxy += (i - xm) * (y[i] - mean);
  }
  *slope = sxy / sxx;
  for (unsigned i = 0; i < k; i++) {
    const double r = y[i] - mean - *slope * (i - xm);
    sse += r * r;
  }
  const double se = sqrt(sse / (k - 2) / sxx);
  *t = se > 0 ? *slope / se : (*slope > 0 ? INFINITY : (*slope < 0 ? -INFINITY : 0));
}

void hc_netstats_trend(const hc_netstats *ns, hc_ns_trend *out) {
  memset(out, 0, sizeof *out);
  double *y = malloc((ns->nper ? ns->nper : 1) * sizeof *y);
  if (!y) return; /* too short, as far as anyone can tell */
  const unsigned k = batches(ns, y);
  out->periods = k;
  if (k >= 2) {
    double s = 0, ss = 0;
    for (unsigned i = 0; i < k; i++) s += y[i];
    out->mean = s / k;
    for (unsigned i = 0; i < k; i++) ss += (y[i] - out->mean) * (y[i] - out->mean);
    out->ci95 = hc_t975(k - 1) * sqrt(ss / (k - 1) / k);
  }
  const double deficit = (double)ns->offered - (double)ns->accepted;
  out->behind = deficit > HC_NS_BEHIND_FRAC * (double)ns->offered && deficit > (double)ns->capacity;
  if (k >= HC_NS_MIN_PERIODS) {
    fit(y, k, out->mean, &out->slope, &out->slope_t);
    out->growing = k >= GROWTH_MIN && out->slope > 0 && out->slope_t > GROWTH_T && out->slope * (k - 1) > GROWTH_FRAC * out->mean;
  }
  if (out->growing || out->behind)
    out->verdict = HC_NS_UNSTABLE;
  else if (k < HC_NS_MIN_PERIODS)
    out->verdict = HC_NS_TOO_SHORT;
  else if (out->ci95 <= CONVERGED_FRAC * out->mean)
    out->verdict = HC_NS_STABLE;
  else
    out->verdict = HC_NS_NOT_CONVERGED;
  free(y);
}

const char *hc_ns_verdict_name(hc_ns_verdict v) {
  static const char *const names[] = {"too short", "stable", "not converged", "unstable"};
  return v <= HC_NS_UNSTABLE ? names[v] : "?";
}

int hc_netstats_flows(const hc_netstats *ns, hc_ns_flow **out, uint64_t *count) {
  *out = NULL;
  *count = 0;
  if (!ns->flow) return HC_EPARAM;
  const uint64_t nf = (uint64_t)1 << (2u * ns->cfg.d);
  uint64_t k = 0;
  for (uint64_t i = 0; i < nf; i++) k += ns->flow[i].messages != 0;
  hc_ns_flow *f = malloc((k ? k : 1) * sizeof *f);
  if (!f) return HC_ENOMEM;
  k = 0;
  for (uint64_t i = 0; i < nf; i++)
    if (ns->flow[i].messages) f[k++] = ns->flow[i];
  *out = f;
  *count = k;
  return HC_OK;
}
