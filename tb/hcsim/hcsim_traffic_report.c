/*
** The report of hcsim's traffic mode: the table on stdout and the JSON
** file, field by field as docs/hcsim.md describes them ("What a run does and
** reports", "JSON report"). Channel counters are read through the driver at
** the end of the run (the model's in a lockstep run, after they were
** compared with the RTL's).
*/
#include <inttypes.h>

#include "hc_report.h"
#include "hcsim_traffic.h"

static const char *const cnt_json[HC_CNT_NUM] = {"flits", "messages", "busy_cycles",
                                                 "blocked_cycles", "max_waiting"};

/* ---------------------------------------------------------------- table */

/* backend .. lockstep: the run's set-up and the checks. */
static void table_checks(const hcsim_opts *o, const hcsim_traffic_result *r) {
  const unsigned d = o->cfg.d, n = 1u << d;
  const hc_stats *st = &r->st;
  printf("%-15s %s (%s, %s routing)\n", "backend", hc_sim_name(o->sim),
         o->switching == HC_MODE_SAF ? "store-and-forward by header" : "wormhole",
         hc_routing_name(o->cfg.routing));
  printf("%-15s d=%u (%u nodes), w=%u, buf=%u, inj=%u\n", "network", d, n, o->cfg.w, o->cfg.buf_depth,
         o->cfg.inj_depth);
  if (o->traffic == HC_PAT_FILE)
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
  fprintf(f, "  \"traffic\": \"%s\",\n", hc_pattern_name(o->traffic));
  fputs("  \"rate\": ", f);
  hc_json_num(f, r->rate_offered);
  fputs(",\n  \"len\": ", f);
  if (o->traffic == HC_PAT_FILE) fputs("null", f);
  else fprintf(f, "%u", o->len);
  fputs(",\n  \"file\": ", f);
  if (o->traffic == HC_PAT_FILE) hc_json_str(f, o->file);
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

/* Every directed link's counters (node-major), or every ejection port's. */
static void json_ports(FILE *f, hc_driver *drv, unsigned d, int eject) {
  for (unsigned x = 0; x < (1u << d); x++) {
    for (unsigned i = 0; i < (eject ? 1u : d); i++) {
      const unsigned port = eject ? d : i;
      fprintf(f, "%s\n    {\"node\": %u, ", (x == 0 && i == 0) ? "" : ",", x);
      if (!eject) fprintf(f, "\"dim\": %u, ", i);
      for (unsigned id = 0; id < HC_CNT_NUM; id++)
        fprintf(f, "\"%s\": %" PRIu32 "%s", cnt_json[id], hc_driver_counter(drv, x, port, id),
                id + 1 < HC_CNT_NUM ? ", " : "}");
    }
  }
}

void hcsim_traffic_json(FILE *f, const hcsim_opts *o, hc_driver *drv, const hcsim_traffic_result *r) {
  json_config(f, o, r);
  json_outcome(f, o, drv, r);
  json_measure(f, o, r);
  fputs("  \"channels\": [", f);
  json_ports(f, drv, o->cfg.d, 0);
  fputs("\n  ],\n  \"eject\": [", f);
  json_ports(f, drv, o->cfg.d, 1);
  fputs("\n  ]\n}\n", f);
}
