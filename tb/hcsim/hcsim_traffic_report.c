/*
** The report of hcsim's traffic mode: the table on stdout and the JSON
** file, field by field as docs/hcsim.md describes them ("What a run does and
** reports", "JSON report"). Channel counters are read through the driver at
** the end of the run (the model's in a lockstep run, after they were
** compared with the RTL's).
*/
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>

#include "hc_report.h"
#include "hcsim_traffic.h"


/* ---------------------------------------------------------------- table */

/* backend .. lockstep: the run's set-up and the checks. */
static void table_checks(const hcsim_opts *o, const hcsim_traffic_result *r) {
  const unsigned d = o->cfg.d, n = 1u << d;
  const hc_stats *st = &r->st;
  printf("%-15s %s (%s, %s routing)\n", "backend", hc_sim_name(o->sim),
         o->switching == HC_MODE_SAF ? "store-and-forward by header" : "wormhole",
         hc_routing_name(o->cfg.routing));
  printf("%-15s d=%u (%u nodes), w=%u, buf=%u, inj=%u%s\n", "network", d, n, o->cfg.w, o->cfg.buf_depth,
         o->cfg.inj_depth, o->cfg.route_reg ? ", registered route (2 cycles per hop)" : "");
  if (r->nt)
    hcsim_netrace_table(o, r->nt, r->rate_offered);
  else if (o->traffic == HC_PAT_FILE)
    printf("%-15s file %s: offered %.4g flits/cycle/node, len from the file\n", "traffic", o->file,
           r->rate_offered);
  else if (o->traffic == HC_PAT_HOTSPOT)
    printf("%-15s hotspot (node %u, fraction %g), offered %g flits/cycle/node, len %u\n", "traffic",
           o->hot_node, o->hot_frac, o->rate, o->len);
  else
    printf("%-15s %s, offered %g flits/cycle/node, len %u\n", "traffic", hc_pattern_name(o->traffic),
           o->rate, o->len);
  printf("%-15s %" PRIu64 " simulated: %" PRIu64 " with traffic (warmup %" PRIu64 "), %" PRIu64
         " to drain%s\n",
         "cycles", r->total_cycles, r->total_cycles - r->drain_cycles, o->warmup, r->drain_cycles,
         r->stopped ? " (run stopped early)" : (r->drained ? "" : " (did not drain: deadlock or livelock?)"));
  printf("%-15s injected %" PRIu64 ", delivered %" PRIu64 "\n", "messages", st->injected, st->delivered);
  printf("%-15s %s %" PRIu64 ", duplicated %" PRIu64 ", corrupted %" PRIu64 "\n", "scoreboard",
         r->stopped ? "undelivered when the run stopped" : "lost", st->injected - st->delivered,
         st->duplicated, st->corrupted);
  printf("%-15s %s\n", "lockstep", o->sim != HC_SIM_BOTH ? "n/a" : (r->mismatch ? "MISMATCH" : "match"));
  if (o->backlog)
    printf("%-15s %u messages a send queue; %" PRIu64 " arrival%s turned away\n", "backlog", o->backlog,
           r->refused, r->refused == 1 ? "" : "s");
  if (r->mismatch)
    printf("%-15s cycle %" PRIu64 ", node %u, %s: expected (model) 0x%" PRIx32 ", actual (rtl) 0x%" PRIx32
           "\n",
           "mismatch", r->mm.cycle, r->mm.node, r->mm.where, r->mm.expected, r->mm.actual);
}

/* latency and throughput over the measurement window. */
static void table_performance(const hcsim_opts *o, const hcsim_traffic_result *r) {
  const hc_stats *st = &r->st;
  if (st->measured)
    printf("%-15s avg %.2f cycles, max %" PRIu64 " (over %" PRIu64 " message%s created in [%" PRIu64
           ", %" PRIu64 "))\n",
           "latency", st->latency_sum / (double)st->measured, st->latency_max, st->measured,
           st->measured == 1 ? "" : "s", o->warmup, o->cycles);
  else
    printf("%-15s n/a (no message created in [%" PRIu64 ", %" PRIu64 ") was delivered)\n", "latency",
           o->warmup, o->cycles);
  if (r->win_hi > r->win_lo) {
    const double span = (double)(r->win_hi - r->win_lo) * (1u << o->cfg.d);
    printf("%-15s %.4f flits/cycle/node accepted in [%" PRIu64 ", %" PRIu64 ") (offered %.4f)\n",
           "throughput", (double)r->win_flits / span, r->win_lo, r->win_hi, (double)r->win_offered / span);
    printf("%-15s longest %" PRIu64 " message%s waiting to be sent (node %u) when the traffic stopped\n",
           "source queues", r->max_queue, r->max_queue == 1 ? "" : "s", r->max_queue_node);
  } else {
    printf("%-15s n/a (the run stopped before the measurement window)\n", "throughput");
  }
}

/* Accepted flits per cycle at the least and the most loaded node (window). */
static void accepted_range(const hcsim_opts *o, const hcsim_traffic_result *r, double *lo, double *hi) {
  const double span = (double)(r->win_hi - r->win_lo);
  uint64_t a = UINT64_MAX, b = 0;
  for (unsigned x = 0; x < (1u << o->cfg.d); x++) {
    if (r->node_flits[x] < a) a = r->node_flits[x];
    if (r->node_flits[x] > b) b = r->node_flits[x];
  }
  *lo = (double)a / span;
  *hi = (double)b / span;
}

static void table_summary(const char *label, const hc_ns_summary *s) {
  printf("%-15s avg %.2f, p50 %" PRIu64 ", p90 %" PRIu64 ", p99 %" PRIu64 ", p99.9 %" PRIu64 ", max %" PRIu64 "\n",
         label, s->mean, s->p50, s->p90, s->p99, s->p999, s->max);
}

/* The statistics of hc_netstats: distributions, fairness, the periods. */
static void table_stats(const hcsim_opts *o, const hcsim_traffic_result *r) {
  static const char *const label[HC_NS_NUM] = {"packet latency", "network lat.", "queueing", "hops"};
  hc_ns_summary s;
  for (unsigned k = 0; k < HC_NS_NUM; k++) {
    hc_netstats_summary(r->ns, (hc_ns_kind)k, &s);
    if (s.n) table_summary(label[k], &s);
  }
  if (r->win_hi > r->win_lo) {
    double lo, hi;
    accepted_range(o, r, &lo, &hi);
    printf("%-15s per node min %.4f, max %.4f flits/cycle\n", "accepted", lo, hi);
  }
  hc_ns_trend t;
  hc_netstats_trend(r->ns, &t);
  if (t.periods >= 2)
    printf("%-15s %u of %" PRIu64 " cycles: latency %.2f +- %.2f (95%%), growth %+.3f/period (t %.1f): %s%s\n",
           "periods", t.periods, o->sample_period, t.mean, t.ci95, t.slope, t.slope_t,
           hc_ns_verdict_name(t.verdict),
           t.behind ? (t.growing ? " (latency grows; accepted behind offered)" : " (accepted behind offered)")
                    : (t.growing ? " (latency grows)" : ""));
  else
    printf("%-15s %u of %" PRIu64 " cycles with messages: %s (at least %u needed)\n", "periods", t.periods,
           o->sample_period, hc_ns_verdict_name(t.verdict), HC_NS_MIN_PERIODS);
}

/* The busiest links, from the routers' counters (whole run). */
static void table_busiest(const hcsim_opts *o, hc_driver *drv) {
  const unsigned d = o->cfg.d, n = 1u << d;
  uint32_t best_m = 0, best_b = 0;
  unsigned bm_x = 0, bm_i = 0, bb_x = 0, bb_i = 0;
  for (unsigned x = 0; x < n; x++) {
    for (unsigned i = 0; i < d; i++) {
      uint32_t m = hc_driver_counter(drv, x, i, HC_CNT_MESSAGES);
      uint32_t b = hc_driver_counter(drv, x, i, HC_CNT_BLOCKED);
      if (m > best_m) best_m = m, bm_x = x, bm_i = i;
      if (b > best_b) best_b = b, bb_x = x, bb_i = i;
    }
  }
  if (best_m)
    printf("%-15s node %u dim %u: %" PRIu32 " message%s\n", "busiest link", bm_x, bm_i, best_m,
           best_m == 1 ? "" : "s");
  else
    printf("%-15s none (no message crossed a link)\n", "busiest link");
  if (best_b)
    printf("%-15s node %u dim %u: %" PRIu32 " blocked cycle%s\n", "most blocked", bb_x, bb_i, best_b,
           best_b == 1 ? "" : "s");
  else
    printf("%-15s none (no head was ever blocked)\n", "most blocked");
}

void hcsim_traffic_table(const hcsim_opts *o, hc_driver *drv, const hcsim_traffic_result *r) {
  table_checks(o, r);
  table_performance(o, r);
  table_stats(o, r);
  table_busiest(o, drv);
  printf("%-15s %s\n", "result", r->fail ? "FAIL" : "pass");
}

/* ----------------------------------------------------------------- JSON */

/* backend .. drain_limit: what was asked for. */
static void json_config(FILE *f, const hcsim_opts *o, const hcsim_traffic_result *r) {
  const unsigned d = o->cfg.d, n = 1u << d;
  fputs("{\n", f);
  fprintf(f, "  \"backend\": \"%s\",\n", hc_sim_name(o->sim));
  fprintf(f, "  \"mode\": \"%s\",\n", o->switching == HC_MODE_SAF ? "saf" : "wormhole");
  fprintf(f, "  \"routing\": \"%s\",\n", hc_routing_name(o->cfg.routing));
  fprintf(f, "  \"d\": %u,\n  \"nodes\": %u,\n  \"w\": %u,\n  \"buf_depth\": %u,\n  \"inj_depth\": %u,\n", d, n,
          o->cfg.w, o->cfg.buf_depth, o->cfg.inj_depth);
  fprintf(f, "  \"route_reg\": %u,\n", o->cfg.route_reg);
  fprintf(f, "  \"traffic\": \"%s\",\n", hc_pattern_name(o->traffic));
  fputs("  \"rate\": ", f);
  hc_json_num(f, r->rate_offered);
  fputs(",\n  \"len\": ", f);
  if (o->traffic == HC_PAT_FILE || r->nt) fputs("null", f);
  else fprintf(f, "%u", o->len);
  fputs(",\n  \"file\": ", f);
  if (o->traffic == HC_PAT_FILE || r->nt) hc_json_str(f, o->file);
  else fputs("null", f);
  fputs(",\n  \"netrace\": ", f);
  if (r->nt) hcsim_netrace_json(f, o, r->nt);
  else fputs("null", f);
  if (o->traffic == HC_PAT_HOTSPOT) {
    fprintf(f, ",\n  \"hot_node\": %u,\n  \"hot_frac\": ", o->hot_node);
    hc_json_num(f, o->hot_frac);
  } else {
    fputs(",\n  \"hot_node\": null,\n  \"hot_frac\": null", f);
  }
  fprintf(f, ",\n  \"seed\": %" PRIu64 ",\n", o->seed);
  fprintf(f, "  \"traffic_cycles\": %" PRIu64 ",\n  \"warmup\": %" PRIu64 ",\n  \"drain_limit\": %" PRIu64 ",\n",
          o->cycles, o->warmup, o->drain);
}

/* cycles .. mismatch: what happened. */
static void json_outcome(FILE *f, const hcsim_opts *o, hc_driver *drv, const hcsim_traffic_result *r) {
  const hc_stats *st = &r->st;
  fprintf(f, "  \"cycles\": %" PRIu64 ",\n  \"drain_cycles\": %" PRIu64 ",\n  \"drained\": %s,\n",
          r->total_cycles, r->drain_cycles, r->drained ? "true" : "false");
  fprintf(f, "  \"messages_injected\": %" PRIu64 ",\n  \"messages_delivered\": %" PRIu64 ",\n", st->injected,
          st->delivered);
  fprintf(f, "  \"lost\": %" PRIu64 ",\n  \"duplicated\": %" PRIu64 ",\n  \"corrupted\": %" PRIu64 ",\n",
          st->injected - st->delivered, st->duplicated, st->corrupted);
  fprintf(f, "  \"flits_delivered\": %" PRIu64 ",\n", st->flits_delivered);
  fprintf(f, "  \"lockstep\": \"%s\",\n", hc_report_lockstep(o->sim, r->mismatch ? &r->mm : NULL));
  fputs("  \"mismatch\": ", f);
  if (r->mismatch) {
    fprintf(f, "{\"cycle\": %" PRIu64 ", \"node\": %u, \"where\": ", r->mm.cycle, r->mm.node);
    hc_json_str(f, r->mm.where);
    fprintf(f,
            ", \"expected\": %" PRIu32 ", \"actual\": %" PRIu32 ", \"expected_hex\": \"0x%" PRIx32
            "\", \"actual_hex\": \"0x%" PRIx32 "\"}",
            r->mm.expected, r->mm.actual, r->mm.expected, r->mm.actual);
  } else {
    fputs("null", f);
  }
  fprintf(f, ",\n  \"counters_checked\": %s,\n", r->counters_checked ? "true" : "false");
  fprintf(f, "  \"watchdog\": %" PRIu64 ",\n  \"stall\": ", o->watchdog);
  hc_json_stall(f, drv);
  fprintf(f, ",\n  \"backlog\": %u,\n  \"refused\": %" PRIu64 ",\n", o->backlog, r->refused);
}

/* window .. result: the measurement. */
static void json_measure(FILE *f, const hcsim_opts *o, const hcsim_traffic_result *r) {
  const hc_stats *st = &r->st;
  const double span = (double)(r->win_hi - r->win_lo) * (1u << o->cfg.d);
  fprintf(f, "  \"window\": [%" PRIu64 ", %" PRIu64 "],\n", r->win_lo, r->win_hi);
  fprintf(f, "  \"measured_messages\": %" PRIu64 ",\n", st->measured);
  fputs("  \"avg_latency\": ", f);
  if (st->measured) hc_json_num(f, st->latency_sum / (double)st->measured);
  else fputs("null", f);
  fputs(",\n  \"max_latency\": ", f);
  if (st->measured) fprintf(f, "%" PRIu64, st->latency_max);
  else fputs("null", f);
  fputs(",\n  \"throughput\": ", f);
  if (r->win_hi > r->win_lo) hc_json_num(f, (double)r->win_flits / span);
  else fputs("null", f);
  fputs(",\n  \"offered_window\": ", f);
  if (r->win_hi > r->win_lo) hc_json_num(f, (double)r->win_offered / span);
  else fputs("null", f);
  fprintf(f, ",\n  \"max_queue\": %" PRIu64 ",\n  \"max_queue_node\": %u", r->max_queue, r->max_queue_node);
  fprintf(f, ",\n  \"result\": \"%s\",\n", r->fail ? "fail" : "pass");
}

static void json_summary(FILE *f, const char *key, const hc_ns_summary *s) {
  fprintf(f, "  \"%s\": ", key);
  if (!s->n) {
    fputs("null,\n", f);
    return;
  }
  fprintf(f, "{\"n\": %" PRIu64 ", \"mean\": ", s->n);
  hc_json_num(f, s->mean);
  fprintf(f,
          ", \"min\": %" PRIu64 ", \"p50\": %" PRIu64 ", \"p90\": %" PRIu64 ", \"p99\": %" PRIu64
          ", \"p99_9\": %" PRIu64 ", \"max\": %" PRIu64 "},\n",
          s->min, s->p50, s->p90, s->p99, s->p999, s->max);
}

/* The packet latency's histogram in HIST_BINS equal bins. */
#define HIST_BINS 50u
static void json_histogram(FILE *f, const hc_netstats *ns) {
  uint64_t counts[HIST_BINS], width;
  hc_ns_summary s;
  hc_netstats_summary(ns, HC_NS_PACKET, &s);
  const unsigned used = hc_netstats_histogram(ns, HC_NS_PACKET, HIST_BINS, counts, &width);
  fputs("  \"latency_histogram\": ", f);
  if (!used) {
    fputs("null,\n", f);
    return;
  }
  fprintf(f, "{\"min\": %" PRIu64 ", \"bin_width\": %" PRIu64 ", \"counts\": [", s.min, width);
  for (unsigned j = 0; j < used; j++) fprintf(f, "%s%" PRIu64, j ? ", " : "", counts[j]);
  fputs("]},\n", f);
}

static void json_periods(FILE *f, const hcsim_opts *o, const hcsim_traffic_result *r) {
  hc_ns_trend t;
  hc_netstats_trend(r->ns, &t);
  fprintf(f, "  \"sample_period\": %" PRIu64 ",\n  \"periods\": [", o->sample_period);
  for (uint64_t k = 0; k < hc_netstats_periods(r->ns); k++) {
    const hc_ns_period *p = hc_netstats_period(r->ns, k);
    fprintf(f, "%s\n    {\"start\": %" PRIu64 ", \"full\": %s, \"messages\": %" PRIu64 ", \"avg_latency\": ",
            k ? "," : "", p->start, p->full ? "true" : "false", p->messages);
    if (p->messages) hc_json_num(f, p->latency_sum / (double)p->messages);
    else fputs("null", f);
    fprintf(f, ", \"flits\": %" PRIu64 "}", p->flits);
  }
  fprintf(f, "\n  ],\n  \"batches\": %u,\n  \"latency_ci95\": ", t.periods);
  if (t.periods >= 2) hc_json_num(f, t.ci95);
  else fputs("null", f);
  fputs(",\n  \"latency_growth\": ", f);
  if (t.periods >= HC_NS_MIN_PERIODS) hc_json_num(f, t.slope);
  else fputs("null", f);
  fputs(",\n  \"latency_growth_t\": ", f);
  if (t.periods >= HC_NS_MIN_PERIODS && isfinite(t.slope_t)) hc_json_num(f, t.slope_t);
  else fputs("null", f);
  fprintf(f, ",\n  \"verdict\": \"%s\",\n", hc_ns_verdict_name(t.verdict));
  fprintf(f, "  \"unstable_by\": {\"latency_growth\": %s, \"accepted_behind\": %s},\n",
          t.growing ? "true" : "false", t.behind ? "true" : "false");
}

static void json_flows(FILE *f, const hcsim_traffic_result *r) {
  hc_ns_flow *fl = NULL;
  uint64_t nf = 0;
  fputs("  \"flows\": ", f);
  if (hc_netstats_flows(r->ns, &fl, &nf) != HC_OK) {
    fputs("null,\n", f);
    return;
  }
  fputs("[", f);
  for (uint64_t k = 0; k < nf; k++) {
    fprintf(f, "%s\n    {\"src\": %" PRIu32 ", \"dest\": %" PRIu32 ", \"messages\": %" PRIu64 ", \"avg_latency\": ",
            k ? "," : "", fl[k].src, fl[k].dest, fl[k].messages);
    hc_json_num(f, fl[k].latency_sum / (double)fl[k].messages);
    fprintf(f, ", \"max_latency\": %" PRIu64 "}", fl[k].latency_max);
  }
  fputs("\n  ],\n", f);
  free(fl);
}

/* packet_latency .. flows: hc_netstats' figures (docs/hcsim.md, "Statistics"). */
static void json_stats(FILE *f, const hcsim_opts *o, const hcsim_traffic_result *r) {
  static const char *const key[HC_NS_NUM] = {"packet_latency", "network_latency", "queueing_delay", "hops"};
  hc_ns_summary s;
  for (unsigned k = 0; k < HC_NS_NUM; k++) {
    hc_netstats_summary(r->ns, (hc_ns_kind)k, &s);
    json_summary(f, key[k], &s);
  }
  json_histogram(f, r->ns);
  fputs("  \"accepted_per_node\": ", f);
  if (r->win_hi > r->win_lo) {
    double lo, hi;
    accepted_range(o, r, &lo, &hi);
    fputs("{\"min\": ", f);
    hc_json_num(f, lo);
    fputs(", \"avg\": ", f);
    hc_json_num(f, (double)r->win_flits / ((double)(r->win_hi - r->win_lo) * (1u << o->cfg.d)));
    fputs(", \"max\": ", f);
    hc_json_num(f, hi);
    fputs("},\n", f);
  } else {
    fputs("null,\n", f);
  }
  json_periods(f, o, r);
  json_flows(f, r);
}

void hcsim_traffic_json(FILE *f, const hcsim_opts *o, hc_driver *drv, const hcsim_traffic_result *r) {
  json_config(f, o, r);
  json_outcome(f, o, drv, r);
  json_measure(f, o, r);
  json_stats(f, o, r);
  hc_json_counters(f, drv, o->cfg.d);
  fputs("\n}\n", f);
}
