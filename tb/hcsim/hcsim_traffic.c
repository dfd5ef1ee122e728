/*
** hcsim's traffic mode, the default (docs/hcsim.md): the message-level
** driver with its exactly-once scoreboard on the network (tb/driver/
** hc_driver.h), fed a synthetic traffic pattern or a message-list file
** (tb/driver/hc_traffic.h) or a netrace trace (hcsim_netrace.c) for a
** number of cycles (a trace's packets held past them by their dependencies
** are created as those arrive); then the network drains,
** and the report says what happened: messages injected and delivered, the
** scoreboard's lost/duplicated/corrupted counts, the lockstep verdict,
** latency and accepted throughput over a measurement window after a warm-up,
** and the busiest channels from the routers' own counters
** (hcsim_traffic_report.c). A failed check (lockstep mismatch, a message
** lost, duplicated or corrupted, a network that does not drain) is exit
** status 1.
*/
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hc_report.h"

#include "hcsim_traffic.h"

/* The window [warmup, cycles) and its sample periods; dies when they do not fit. */
static void check_window(hcsim_opts *o) {
  if (o->warmup >= o->cycles)
    hcsim_die("--warmup %" PRIu64 " must be below --cycles %" PRIu64
              " (latency and throughput are measured in [warmup, cycles)%s)",
              o->warmup, o->cycles, o->traffic == HC_PAT_NETRACE && !o->set[HO_CYCLES] ?
              "; --cycles is the replay's last cycle + 1" : "");
  const uint64_t w = o->cycles - o->warmup;
  if (!o->set[HO_SAMPLE_PERIOD]) o->sample_period = hc_netstats_default_period(w);
  if ((w - 1u) / o->sample_period + 1u > HC_NS_MAX_PERIODS)
    hcsim_die("--sample-period %" PRIu64 " cuts the window [%" PRIu64 ", %" PRIu64 ") into more than %u periods",
              o->sample_period, o->warmup, o->cycles, HC_NS_MAX_PERIODS);
}

/* What the traffic options say together; dies on a contradiction. The
** window is checked here too, but for a trace: once it is read. */
static void check_traffic(hcsim_opts *o) {
  const unsigned n = 1u << o->cfg.d;
  if (o->set[HO_FILE] && !o->set[HO_TRAFFIC]) o->traffic = HC_PAT_FILE;
  const int takes_file = o->traffic == HC_PAT_FILE || o->traffic == HC_PAT_NETRACE;
  if (takes_file && !o->file) hcsim_die("--traffic %s needs --file PATH", hc_pattern_name(o->traffic));
  if (!takes_file && o->file)
    hcsim_die("--file is only for --traffic file or netrace (got --traffic %s)", hc_pattern_name(o->traffic));
  static const hcsim_opt trace_only[] = {HO_REGION, HO_DEPS, HO_FLIT_BYTES};
  for (unsigned k = 0; k < 3; k++)
    if (o->set[trace_only[k]] && o->traffic != HC_PAT_NETRACE)
      hcsim_die("--%s applies to --traffic netrace (got --traffic %s)", hcsim_opt_name(trace_only[k], NULL),
                hc_pattern_name(o->traffic));
  if (o->hot_node >= n)
    hcsim_die("--hot-node %u is not a node of the %u-cube (0..%u)", o->hot_node, o->cfg.d, n - 1u);
  if (strcmp(o->remap, "none") != 0 && !hc_pattern_is_permutation(o->traffic))
    hcsim_die("--remap applies to the permutation patterns bitrev, transpose and revflip");
  hcsim_remap_check(o);
  if (o->flows && o->cfg.d > HC_NS_FLOWS_MAX_D)
    hcsim_die("--flows keeps a figure per (source, destination), 4^d of them: d <= %u (got %u)",
              HC_NS_FLOWS_MAX_D, o->cfg.d);
  if (o->traffic != HC_PAT_NETRACE) check_window(o);
}

/* The traffic source: a pattern or message list, or a netrace trace. */
typedef struct source {
  hc_traffic *tr;
  hc_netrace *nt;
} source;

static int src_tick(source *s, hc_driver *drv) {
  return s->nt ? hc_netrace_tick(s->nt, drv) : hc_traffic_tick(s->tr, drv);
}

static uint64_t src_next(const source *s, const hc_driver *drv) {
  return s->nt ? hc_netrace_next_cycle(s->nt, drv) : hc_traffic_next_cycle(s->tr);
}

static void src_generated(const source *s, uint64_t *msgs, uint64_t *flits) {
  if (s->nt) hc_netrace_generated(s->nt, msgs, flits);
  else hc_traffic_generated(s->tr, msgs, flits);
}

/* The statistics collector of the window, fed by the driver's deliveries. */
static hc_netstats *open_stats(const hcsim_opts *o, hc_driver *drv) {
  hc_netstats_cfg nc = {o->cfg.d, o->warmup, o->cycles, o->sample_period, o->flows};
  hc_netstats *ns = NULL;
  if (hc_netstats_new(&nc, &ns) != HC_OK) { /* the parameters were checked: memory */
    hcsim_say("out of memory for the statistics");
    exit(HCSIM_EXIT_CHECK);
  }
  hc_driver_on_deliver(drv, hc_netstats_on_deliver, ns);
  return ns;
}

/* The message-list file of --file, read and checked against the run. */
static hc_traffic *file_traffic(const hcsim_opts *o) {
  hc_traffic *tr = NULL;
  hc_traffic_error terr;
  int rc = hc_traffic_new_file(o->cfg.d, o->file, &tr, &terr);
  if (rc == HC_ENOMEM) {
    hcsim_say("out of memory reading %s", o->file);
    exit(HCSIM_EXIT_CHECK);
  }
  if (rc != HC_OK && terr.line) hcsim_die("%s:%" PRIu64 ": %s", o->file, terr.line, terr.msg);
  if (rc != HC_OK) hcsim_die("%s: %s", o->file, terr.msg);
  uint64_t nf = 0;
  const hc_file_msg *fm = hc_traffic_file_msgs(tr, &nf);
  if (nf > 0 && fm[nf - 1].cycle >= o->cycles) {
    uint64_t k = 0;
    while (fm[k].cycle < o->cycles) k++;
    hcsim_die("%s:%" PRIu64 ": message at cycle %" PRIu64 " is not before --cycles %" PRIu64
              " (traffic is created in cycles 0..%" PRIu64 "); raise --cycles",
              o->file, fm[k].line, fm[k].cycle, o->cycles, o->cycles - 1u);
  }
  for (uint64_t k = 0; o->switching == HC_MODE_SAF && k < nf; k++)
    if (fm[k].len > o->cfg.buf_depth)
      hcsim_die("%s:%" PRIu64 ": a %u-flit message cannot be stored and forwarded with --buf %u "
                "(the whole message must fit one input buffer)",
                o->file, fm[k].line, fm[k].len, o->cfg.buf_depth);
  /* make sim always passes --rate and --len: only values changed from the defaults are news. */
  if ((o->set[HO_RATE] && o->rate != 0.1) || (o->set[HO_LEN] && o->len != 20))
    hcsim_say("note: --rate and --len do not apply to --traffic file (the file gives every message)");
  return tr;
}

/* A synthetic pattern; with --remap, virtual node v runs on physical node
** Q v for the processor order in order[] (Hou et al.). */
static hc_traffic *pattern_traffic(const hcsim_opts *o, int *order) {
  if (o->switching == HC_MODE_SAF && o->len > o->cfg.buf_depth)
    hcsim_die("--mode saf needs --len <= --buf (%u): store-and-forward holds a whole message "
              "in one input buffer, so a longer one would never move", o->cfg.buf_depth);
  hc_traffic_cfg tc = {o->traffic, o->cfg.d, o->rate, o->len, o->seed, o->hot_node, o->hot_frac, 0, {0}, o->backlog};
  if (strcmp(o->remap, "none") != 0) {
    /* opt: the optimum of the LCC preset named as the pattern (Fig. 3 of Hou
    ** et al.); dp: the Section 5 optimum (max of max) over --lccs. */
    hc_lcc l;
    const char *name = hc_pattern_name(o->traffic);
    if (hc_lcc_preset(name, (int)o->cfg.d, &l) != HC_OK) hcsim_die("--remap: no LCC '%s' at d=%u", name, o->cfg.d);
    hcsim_remap_order(o, &l, 0, HC_LCC_MAX_OF_MAX, order, NULL);
    tc.placed = 1;
    for (unsigned k = 0; k < o->cfg.d; k++) tc.place[k] = (uint8_t)order[k];
  }
  hc_traffic *tr = NULL;
  int rc = hc_traffic_new(&tc, &tr);
  if (rc == HC_ENOMEM) {
    hcsim_say("out of memory");
    exit(HCSIM_EXIT_CHECK);
  }
  if (rc != HC_OK) hcsim_die("invalid traffic configuration"); /* cannot happen: all checked above */
  return tr;
}

/* The driver before cycle 0: the measurement window, the switching mode,
** the NI map of --remap. Returns 0, or exit status 1. */
static int prepare(const hcsim_opts *o, hc_driver *drv, const int *order) {
  hc_driver_measure_from(drv, o->warmup);
  /* Nothing here reads a message after its delivery: memory then follows
  ** the messages in flight and queued, however long the run (a soak). */
  hc_driver_forget(drv, 1);
  hc_driver_set_watchdog(drv, o->watchdog);
  /* The mode register, written through the configuration port in cycle 0
  ** (in effect from cycle 1, before any flit can reach a router buffer). */
  if (o->switching != HC_MODE_WORMHOLE && hc_driver_set_mode(drv, o->switching) != HC_OK) {
    hcsim_say("cannot write the mode register (out of memory, or d > 15)");
    return HCSIM_EXIT_CHECK;
  }
  if (strcmp(o->remap, "none") == 0) return 0;
  uint8_t perm[HC_MODEL_MAX_D];
  for (unsigned k = 0; k < o->cfg.d; k++) perm[k] = (uint8_t)order[k];
  if (hc_driver_set_remap(drv, perm) != HC_OK) hcsim_die("--remap: not a bit permutation");
  if (!o->quiet) {
    printf("%-15s %s, bit order", "remap", o->remap);
    for (unsigned k = 0; k < o->cfg.d; k++) printf(" %d", order[k]);
    printf("\n");
  }
  return 0;
}

/* Seconds on a monotonic clock. */
static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* --progress: every 10 s of wall time, one line on stderr: where the run
** is, its speed, and the time the traffic phase has left at that speed
** (the drain that follows is short unless the network is overloaded). */
typedef struct progress {
  double t0, next;
  uint64_t c0;
} progress;

static void progress_start(const hcsim_opts *o, hc_driver *drv, progress *p) {
  p->t0 = now_s();
  p->next = p->t0 + 10.0;
  p->c0 = hc_driver_cycle(drv);
  (void)o;
}

static void progress_tick(const hcsim_opts *o, hc_driver *drv, progress *p, const char *phase) {
  if (!o->progress) return;
  const double t = now_s();
  if (t < p->next) return;
  p->next = t + 10.0;
  const uint64_t c = hc_driver_cycle(drv);
  const double rate = (double)(c - p->c0) / (t - p->t0);
  if (c < o->cycles)
    hcsim_say("progress: cycle %" PRIu64 " of %" PRIu64 " (%.1f %%), %.0f cycles/s, %.0f s elapsed, "
              "about %.0f s left",
              c, o->cycles, 100.0 * (double)c / (double)o->cycles, rate, t - p->t0,
              rate > 0 ? (double)(o->cycles - c) / rate : 0.0);
  else
    hcsim_say("progress: %s, cycle %" PRIu64 ", %" PRIu64 " messages undelivered, %.0f s elapsed", phase, c,
              hc_driver_outstanding(drv), t - p->t0);
}

/* A driver error: a mismatch, or one that is not a check (out of memory). */
static void stop(hcsim_traffic_result *r, int rc) {
  r->stopped = 1;
  if (rc == HC_EMISMATCH) r->mismatch = 1;
  else r->err = rc;
}

/* Flits ejected at every node so far: their sum. */
static uint64_t ejected_all(hc_driver *drv, unsigned n, uint64_t *per_node) {
  uint64_t s = 0;
  for (unsigned x = 0; x < n; x++) s += per_node[x] = hc_driver_ejected(drv, x);
  return s;
}

/* The window's sample periods as the run reaches cycle c: each period
** whose end c has passed gets the flits ejected in it. */
typedef struct periods {
  hc_netstats *ns;
  uint64_t k;     /* the period being counted */
  uint64_t flits; /* the driver's ejected flits at its start */
} periods;

static void periods_reach(periods *p, hc_driver *drv, uint64_t c, uint64_t to) {
  const uint64_t np = hc_netstats_periods(p->ns);
  while (p->k < np) {
    const uint64_t end = p->k + 1 < np ? hc_netstats_period(p->ns, p->k + 1)->start : to;
    if (c < end) break;
    const uint64_t f = hc_driver_stats(drv)->flits_delivered;
    hc_netstats_period_flits(p->ns, p->k++, f - p->flits);
    p->flits = f;
  }
}

/* The next cycle the traffic phase must stop at to count: the warmup, then
** the end of the current period. */
static uint64_t next_stop(const periods *p, uint64_t c, uint64_t warmup, int counted) {
  if (!counted) return warmup > c ? warmup : c;
  const uint64_t np = hc_netstats_periods(p->ns);
  if (p->k + 1 < np) return hc_netstats_period(p->ns, p->k + 1)->start;
  return UINT64_MAX;
}

/*
** Cycles 0..cycles-1: create the messages due, step; count the window and
** its sample periods. A stretch in which nothing is queued and nothing is
** in the network is jumped over up to the next message's cycle
** (hc_driver_advance; on the model alone), or to the next place that is
** counted, which changes nothing that is measured.
*/
static void traffic_phase(const hcsim_opts *o, hc_driver *drv, source *src, hcsim_traffic_result *r,
                          progress *pg) {
  const unsigned n = 1u << o->cfg.d;
  uint64_t flits0 = 0, gen0 = 0, gen1 = 0;
  int counted = 0;
  periods per = {r->ns, 0, 0};
  r->win_lo = o->warmup;
  for (uint64_t c = hc_driver_cycle(drv); c < o->cycles; c = hc_driver_cycle(drv)) {
    if ((c & 1023u) == 0) progress_tick(o, drv, pg, "traffic");
    if (!counted && c >= o->warmup) { /* a jump over the warmup crossed no event */
      flits0 = ejected_all(drv, n, r->node_flits);
      per.flits = flits0;
      src_generated(src, NULL, &gen0);
      counted = 1;
    }
    if (counted) periods_reach(&per, drv, c, o->cycles);
    int rc = src_tick(src, drv);
    if (rc == HC_OK) rc = hc_driver_step(drv);
    if (rc == HC_OK) {
      uint64_t next = src_next(src, drv), stop_at = next_stop(&per, hc_driver_cycle(drv), o->warmup, counted);
      if (next > o->cycles) next = o->cycles;
      if (next > stop_at) next = stop_at;
      rc = hc_driver_advance(drv, next);
    }
    if (rc != HC_OK) {
      stop(r, rc);
      break;
    }
  }
  r->win_hi = hc_driver_cycle(drv) < o->cycles ? hc_driver_cycle(drv) : o->cycles;
  if (counted && !r->stopped) periods_reach(&per, drv, o->cycles, o->cycles);
  /* Sustainable load (Hou et al.): the queues at the sources stay short. */
  for (unsigned x = 0; x < n; x++) {
    const uint64_t q = hc_driver_queued(drv, x);
    if (q > r->max_queue) r->max_queue = q, r->max_queue_node = x;
  }
  if (r->win_hi > r->win_lo) {
    r->win_flits = hc_driver_stats(drv)->flits_delivered - flits0;
    for (unsigned x = 0; x < n; x++) r->node_flits[x] = hc_driver_ejected(drv, x) - r->node_flits[x];
    src_generated(src, NULL, &gen1);
    r->win_offered = gen1 - gen0;
    /* what the network can hold: d + 1 router input buffers and an NI queue per node */
    const uint64_t cap = (uint64_t)n * ((o->cfg.d + 1u) * o->cfg.buf_depth + o->cfg.inj_depth);
    hc_netstats_window(r->ns, r->win_offered, r->win_flits, cap);
  }
}

/*
** After the window, a trace's packets that wait for deliveries: created as
** their waits clear (at most --drain cycles; by construction they all are
** once the network delivers, since a packet waits only for earlier ones).
*/
static void tail_phase(const hcsim_opts *o, hc_driver *drv, source *src, hcsim_traffic_result *r, progress *pg) {
  if (!src->nt || r->stopped) return;
  const uint64_t end = hc_driver_cycle(drv) + o->drain;
  while (!hc_netrace_done(src->nt) && hc_driver_cycle(drv) < end) {
    if ((hc_driver_cycle(drv) & 1023u) == 0) progress_tick(o, drv, pg, "dependencies");
    int rc = hc_netrace_tick(src->nt, drv);
    if (rc == HC_OK) rc = hc_driver_step(drv);
    if (rc == HC_OK && !hc_netrace_done(src->nt)) { /* done: the drain takes over, not a jump to the end */
      const uint64_t next = src_next(src, drv);
      rc = hc_driver_advance(drv, next < end ? next : end);
    }
    if (rc != HC_OK) {
      stop(r, rc);
      return;
    }
  }
  uint64_t made;
  hc_netrace_packets(src->nt, &r->unsent);
  hc_netrace_generated(src->nt, &made, NULL);
  r->unsent -= made;
}

/* The drain, the counters' comparison and the verdict. */
static void drain_phase(const hcsim_opts *o, hc_driver *drv, source *src, hcsim_traffic_result *r,
                        progress *pg) {
  const uint64_t traffic_end = hc_driver_cycle(drv);
  /* in slices, so that --progress can speak between them */
  for (uint64_t left = o->drain; !r->stopped && !r->drained;) {
    const uint64_t slice = left < 65536u ? left : 65536u;
    int rc = hc_driver_drain(drv, slice);
    left -= slice;
    if (rc == HC_OK) r->drained = 1;
    else if (rc != HC_ETIMEOUT) stop(r, rc);
    else if (left == 0) break;
    else progress_tick(o, drv, pg, "draining");
  }
  r->total_cycles = hc_driver_cycle(drv);
  r->drain_cycles = r->total_cycles - traffic_end;
  if (o->sim == HC_SIM_BOTH && !r->mismatch && !r->err) {
    r->counters_checked = 1;
    if (hc_driver_check_counters(drv) != HC_OK) r->mismatch = 1;
  }
  if (r->mismatch) r->mm = *hc_driver_mismatch(drv);
  r->st = *hc_driver_stats(drv);
  if (o->traffic == HC_PAT_FILE || o->traffic == HC_PAT_NETRACE) {
    uint64_t fl = 0;
    src_generated(src, NULL, &fl);
    r->rate_offered = (double)fl / ((double)o->cycles * (1u << o->cfg.d));
  } else {
    r->rate_offered = o->rate;
  }
  const uint64_t lost = r->st.injected - r->st.delivered;
  r->fail = r->mismatch || r->err || !r->drained || lost || r->st.duplicated || r->st.corrupted || r->unsent;
}

/* Failed checks, one line each on stderr. */
static void say_failures(const hcsim_opts *o, hc_driver *drv, const hcsim_traffic_result *r) {
  const uint64_t lost = r->st.injected - r->st.delivered;
  if (r->err == HC_ESTALL) {
    fputs("hcsim: FAIL: watchdog (--watchdog " , stderr);
    fprintf(stderr, "%" PRIu64 "): ", o->watchdog);
    hc_report_stall(stderr, drv);
    fputc('\n', stderr);
  } else if (r->err) {
    hcsim_say("FAIL: %s at cycle %" PRIu64, hc_strerror(r->err), hc_driver_cycle(drv));
  }
  if (r->mismatch)
    hcsim_say("FAIL: lockstep mismatch at cycle %" PRIu64 ", node %u, %s: expected (model) 0x%" PRIx32
              ", actual (rtl) 0x%" PRIx32,
              r->mm.cycle, r->mm.node, r->mm.where, r->mm.expected, r->mm.actual);
  if (!r->stopped && !r->drained)
    hcsim_say("FAIL: %" PRIu64 " messages still undelivered after --drain %" PRIu64
              " cycles (deadlock or livelock, or --drain too small)",
              lost, o->drain);
  if (lost && !r->stopped && r->drained) /* cannot happen: drained means all delivered */
    hcsim_say("FAIL: %" PRIu64 " messages lost", lost);
  if (r->st.duplicated || r->st.corrupted)
    hcsim_say("FAIL: scoreboard: %" PRIu64 " duplicated, %" PRIu64 " corrupted", r->st.duplicated,
              r->st.corrupted);
  if (r->unsent && !r->stopped)
    hcsim_say("FAIL: %" PRIu64 " packets of the trace never created: the packets they depend on were not "
              "delivered within --drain %" PRIu64 " cycles after --cycles",
              r->unsent, o->drain);
}

int hcsim_traffic(hcsim_opts *o) {
  int order[32] = {0};
  hcsim_config(o);
  check_traffic(o);
  source src = {NULL, NULL};
  if (o->traffic == HC_PAT_NETRACE) {
    src.nt = hcsim_netrace_open(o);
    check_window(o);
  } else {
    src.tr = o->traffic == HC_PAT_FILE ? file_traffic(o) : pattern_traffic(o, order);
  }
  if (o->traffic != HC_PAT_HOTSPOT && (o->set[HO_HOT_NODE] || o->set[HO_HOT_FRAC]))
    hcsim_say("note: --hot-node and --hot-frac apply only to --traffic hotspot; ignored");
  hcsim_run run;
  hcsim_open(o, &run);
  int status = prepare(o, run.drv, order);
  if (status != 0) return status;
  if (src.nt && o->deps && hc_driver_on_deliver(run.drv, hc_netrace_on_deliver, src.nt) != HC_OK) {
    hcsim_say("out of memory (delivery listeners)");
    return HCSIM_EXIT_CHECK;
  }
  if (!o->quiet) {
    printf("%-15s %" PRIu64 "\n", "seed", o->seed);
    fflush(stdout);
  }
  hcsim_traffic_result r;
  memset(&r, 0, sizeof r);
  r.nt = src.nt;
  r.ns = open_stats(o, run.drv);
  r.node_flits = calloc((size_t)1 << o->cfg.d, sizeof *r.node_flits);
  if (!r.node_flits) {
    hcsim_say("out of memory");
    exit(HCSIM_EXIT_CHECK);
  }
  progress pg;
  progress_start(o, run.drv, &pg);
  traffic_phase(o, run.drv, &src, &r, &pg);
  tail_phase(o, run.drv, &src, &r, &pg);
  drain_phase(o, run.drv, &src, &r, &pg);
  r.refused = hc_traffic_refused(src.tr);
  if (!r.err && hc_netstats_error(r.ns) != HC_OK) r.err = HC_ENOMEM, r.fail = 1;
  if (!r.err && hc_netrace_error_status(src.nt) != HC_OK) r.err = HC_ENOMEM, r.fail = 1;
  if (!o->quiet) hcsim_traffic_table(o, run.drv, &r);
  say_failures(o, run.drv, &r);
  status = r.fail ? HCSIM_EXIT_CHECK : 0;
  if (run.json) hcsim_traffic_json(run.json, o, run.drv, &r);
  status = hcsim_close(o, &run, status); /* a failed write of the JSON file is a failure */
  hc_traffic_free(src.tr);
  hc_netrace_free(src.nt);
  hc_netstats_free(r.ns);
  free(r.node_flits);
  return status;
}
