/*
** `hcsim --algo NAME`: run one of the registered communication algorithms
** (algorithms/registry.c) on the wormhole network and set the measured
** cycles beside the paper's formula and the lower bound; `--algo list`
** lists every algorithm hcsim knows. The router's xi and tau are not
** fitted: they follow from docs/microarchitecture.md (a message of k flits
** over h idle hops is delivered h + k + 1 cycles after it is created, and
** the idle barrier fires 2 cycles after the last ejection), so a step of h
** hops costs h + k + 3 = xi + h(1 + tau) + k - 1 cycles with xi = 4, tau =
** 0; with the registered route (RouteReg, 2 cycles per router) 2h + k + 2
** and h(2 + tau) + k + 4 = xi + h(1 + tau) + k - 1 with xi = 5, tau = 1.
** Algorithms that run steps back to back are also run once with the
** barrier, on a second network, to count each step's channel contention in
** the hardware counters.
*/
#include <stdio.h>
#include <string.h>

#include "hc_algo.h"
#include "hc_algo_run.h"
#include "hc_fft.h"
#include "hc_np_algo.h"
#include "hc_report.h"
#include "hc_sched_algos.h"
#include "hcsim.h"

/* The router's constants in the paper's cost model; see the file comment. */
#define HC_XI 4.0
#define HC_TAU 0.0
/* The same with the registered route: a head waits max(1, tau') at each
** router it reaches over a link, and 1 at its source's (docs/boppana.md). */
#define HC_XI_RR 5.0
#define HC_TAU_RR 1.0

int hcsim_list(hcsim_opts *o) {
  (void)o;
  printf("%-14s %-8s %s\n", "ALGO", "steps", "source: what it does");
  for (const hc_algo *const *a = hc_algos; *a; a++)
    printf("%-14s %-8s %s: %s\n", (*a)->name, (*a)->barrier ? "barrier" : "overlap", (*a)->source,
           (*a)->summary);
  for (const hc_fft_algo *const *a = hc_fft_algos; *a; a++)
    printf("%-14s %-8s %s: %s\n", (*a)->name, "barrier", (*a)->source, (*a)->summary);
  for (const hc_sf_algo *const *a = hc_sf_algos; *a; a++) {
    const unsigned t = (*a)->takes;
    printf("%-14s %-8s %s: store-and-forward schedule, time %s; %s%s%s%s%s%s%s, BETA\n", (*a)->name, "sched",
           (*a)->source, (*a)->formula_text, (*a)->param, (t & HC_SF_TAKES_G) ? ", G" : "",
           (t & HC_SF_TAKES_SRC) ? ", SRC" : "", (t & HC_SF_TAKES_DST) ? ", DST" : "",
           (t & HC_SF_TAKES_PERM) ? ", PERM" : "", (t & HC_SF_TAKES_WAVES) ? ", NWAVES" : "", (t & HC_SF_TAKES_N) ? ", N" : "");
  }
  for (const hc_np_algo *const *a = hc_np_algos; *a; a++)
    printf("%-14s %-8s %s: node program, %s; N, %sBETA\n", (*a)->name, "program", (*a)->source, (*a)->summary,
           (*a)->takes_rhs ? "RHS, " : "");
  printf("%-14s %-8s %s: %s\n", "sched", "sched", "SCHED=file",
         "a store-and-forward schedule in the text format of docs/store_and_forward.md, checked against the executor");
  printf("%-14s %-8s %s: %s\n", "lcc", "one", "004 (Hou, Wang, Ku & Hsu 2001) Theorems 1-5",
         "linear-complement communication y = Ax + b (LCC=preset), T_i counted three ways, REMAP=none|opt|dp");
  return 0;
}

/* How the network runs an algorithm: the cost model and the step discipline. */
typedef struct algo_cost {
  unsigned switching; /* HC_MODE_WORMHOLE or HC_MODE_CIRCUIT */
  unsigned tau, xi;   /* the registers, cycles */
  int overlap;        /* circuit: the next path may be set up while the data flows */
  int barrier;        /* steps separated by the idle barrier */
  double xi_p, tau_p; /* the paper's xi and tau these make (docs/boppana.md) */
  double cst;         /* measured = the paper's formula + cst, where it applies */
} algo_cost;

/* An algorithm's run and what it is measured against. */
typedef struct algo_out {
  hc_algo_result r;  /* the run */
  hc_algo_result rs; /* the run with barriers: contention per step (r itself for barrier algorithms) */
  int rc;
  hc_mismatch mm; /* the first lockstep mismatch of either run, when has_mm */
  int has_mm;
  uint64_t measured; /* cycles: to the last barrier, or (circuit, no barrier) to the last delivery */
  const char *fname; /* the paper's formula compared: "T_aap", "T_aap'", or NULL */
  char why[200];     /* when fname is set but the formula does not apply: why */
  double formula, lower, eta; /* formula < 0: none for this configuration */
  double paper; /* fname's value + cst, whether or not it applies (for the tables); < 0: none */
  int formula_exact, formula_ok;
  int64_t predicted; /* circuit, no barrier, vector reversals: the mechanism's cycles, else -1 */
  unsigned masks[(1u << HC_ALGO_MAX_D) - 1];
} algo_out;

/* Note the first mismatch of drv's network in a. */
static void keep_mismatch(algo_out *a, hc_driver *drv) {
  const hc_mismatch *mm = hc_driver_mismatch(drv);
  if (mm && !a->has_mm) {
    a->mm = *mm;
    a->has_mm = 1;
  }
}

/* The cost model of this run from the options and the algorithm. */
static algo_cost resolve_cost(const hcsim_opts *o, const hc_algo *al) {
  algo_cost c;
  memset(&c, 0, sizeof c);
  c.switching = o->algo_switching;
  c.tau = (unsigned)o->tau;
  c.xi = (unsigned)o->xi;
  if (o->overlap >= 0 && c.switching != HC_MODE_CIRCUIT)
    hcsim_die("--overlap applies to --switching circuit only (a wormhole node sends its next message after its last)");
  c.overlap = c.switching == HC_MODE_CIRCUIT ? (o->overlap >= 0 ? o->overlap : !al->barrier) : 0;
  c.barrier = o->barrier >= 0 ? o->barrier : (c.switching == HC_MODE_CIRCUIT ? 0 : al->barrier);
  if (c.switching == HC_MODE_WORMHOLE && o->cfg.route_reg) {
    c.xi_p = c.xi + HC_XI_RR;
    c.tau_p = c.tau > HC_TAU_RR ? c.tau : HC_TAU_RR;
  } else if (c.switching == HC_MODE_WORMHOLE) {
    c.xi_p = c.xi + HC_XI;
    c.tau_p = c.tau + HC_TAU;
  } else { /* mode 3 reads no route register: the same either way */
    c.tau_p = c.tau + 2.0;
    c.xi_p = c.xi + (c.barrier ? 7.0 : 4.0);
    c.cst = c.barrier ? 0.0 : 2.0;
  }
  return c;
}

/* Write the cost-model registers and the mode before the run (nothing at
** all with the defaults, so that a default run is the same cycle for cycle). */
static int prepare(hc_driver *drv, const algo_cost *c) {
  int rc = HC_OK;
  if (c->tau || c->xi || c->overlap) rc = hc_driver_set_cost(drv, c->tau, c->xi, (unsigned)c->overlap);
  if (rc == HC_OK && c->switching == HC_MODE_CIRCUIT) {
    rc = hc_driver_set_mode(drv, HC_MODE_CIRCUIT);
    if (rc == HC_OK) rc = hc_driver_step(drv);
  }
  return rc;
}

/* Whether every step of al is a vector reversal (x sends to x XOR mask[s]);
** fills masks. */
static int vector_reversals(const hc_algo *al, unsigned d, unsigned *masks) {
  const unsigned n = 1u << d, steps = al->num_steps(d);
  for (unsigned s = 0; s < steps; s++) {
    masks[s] = al->dest(d, s, 0);
    if (masks[s] == 0) return 0;
    for (unsigned x = 1; x < n; x++)
      if (al->dest(d, s, x) != (x ^ masks[s])) return 0;
  }
  return 1;
}

/* Whether masks (steps of them) are every nonzero mask once: an order of AAP. */
static int aap_order(const unsigned *masks, unsigned steps, unsigned d) {
  uint8_t seen[1u << HC_ALGO_MAX_D] = {0};
  if (steps != (1u << d) - 1) return 0;
  for (unsigned s = 0; s < steps; s++)
    if (seen[masks[s]]++) return 0;
  return 1;
}

/*
** Does T_aap' apply to this order, k and cost model? The paper counts the
** first two set-ups in full and hides every later one under the data of the
** step before it, which needs (docs/boppana.md) n >= 2, a second step of
** n - 1 hops whose first link the first step holds, every later step
** link-disjoint from the one before, and its set-up xi + h tau no longer
** than that step's data h' + k - 1. Returns 1, or 0 with why filled.
*/
static int aapp_applies(const algo_out *a, unsigned d, unsigned k, const algo_cost *c, char *why, size_t wn) {
  const unsigned steps = (1u << d) - 1;
  const unsigned *m = a->masks;
  if (d == 1) {
    snprintf(why, wn, "n = 1 has one step (no dual phases): T = T_aap");
    return 0;
  }
  if ((unsigned)__builtin_popcount(m[0]) != d || (unsigned)__builtin_popcount(m[1]) != d - 1) {
    snprintf(why, wn, "the order does not start with (0,0), (1,0)");
    return 0;
  }
  for (unsigned s = 2; s < steps; s++) {
    const unsigned hp = (unsigned)__builtin_popcount(m[s - 1]), h = (unsigned)__builtin_popcount(m[s]);
    if (m[s] & m[s - 1]) {
      snprintf(why, wn,
               "step %u (mask 0x%x) shares links with step %u (mask 0x%x): its set-up waits for them "
               "(docs/boppana.md)",
               s, m[s], s - 1, m[s - 1]);
      return 0;
    }
    if (c->xi_p + h * c->tau_p > hp + k - 1.0) {
      snprintf(why, wn, "k = %u: the set-up of step %u (xi + %u tau = %g) outlasts the data of step %u (%u + k - 1)",
               k, s, h, c->xi_p + h * c->tau_p, s - 1, hp);
      return 0;
    }
  }
  return 1;
}

/* Run al on run's network; steps back to back are run again with the
** barrier, on a fresh network, to read the counters at every barrier. */
static void run_algo(const hcsim_opts *o, const hc_algo *al, const algo_cost *c, hcsim_run *run, algo_out *a) {
  const unsigned k = (unsigned)o->k, n = 1u << o->cfg.d, d = o->cfg.d;
  const uint64_t limit = 1000000ULL + 64ULL * n * n * (k + 8 + 3ULL * (c->xi + d * (c->tau + 3)));
  memset(a, 0, sizeof *a);
  a->rc = prepare(run->drv, c);
  if (a->rc == HC_OK) a->rc = hc_algo_run(run->drv, al, k, c->barrier, limit, &a->r);
  if (a->rc == HC_OK) a->rc = hc_driver_check_counters(run->drv);
  keep_mismatch(a, run->drv);
  a->rs = a->r;
  if (a->rc == HC_OK && !c->barrier) {
    hc_backend *be2;
    hc_driver *drv2;
    hcsim_open_network(o, NULL, &be2, &drv2);
    a->rc = prepare(drv2, c);
    if (a->rc == HC_OK) a->rc = hc_algo_run(drv2, al, k, 1, limit, &a->rs);
    if (a->rc == HC_OK) a->rc = hc_driver_check_counters(drv2);
    keep_mismatch(a, drv2);
    if (!a->rs.data_ok) a->r.data_ok = 0;
    hc_driver_free(drv2);
    hc_backend_close(be2);
  }
  const int full_rate = o->cfg.buf_depth >= 2 && o->cfg.inj_depth >= 2;
  const int cs_free = c->switching == HC_MODE_CIRCUIT && !c->barrier;
  const int vr = vector_reversals(al, d, a->masks);
  const int aap = vr && aap_order(a->masks, al->num_steps(d), d);
  a->measured = cs_free ? a->r.delivered : a->r.cycles;
  a->lower = (double)k * (n - 1);
  a->eta = (double)a->measured / a->lower;
  a->predicted = (full_rate && cs_free && vr)
                     ? (int64_t)hc_cs_predict(d, k, c->xi, c->tau, c->overlap, a->masks, al->num_steps(d))
                     : -1;
  a->formula = -1;
  a->paper = -1;
  if (!full_rate) return;
  if (aap && (c->barrier || (cs_free && !c->overlap))) {
    /* steps one after the other: any order of the vector reversals is T_aap */
    a->fname = "T_aap";
    a->formula = hc_algo_aap.formula(d, k, c->xi_p, c->tau_p) + c->cst;
    a->paper = a->formula;
    a->formula_exact = 1;
  } else if (al == &hc_algo_aap_prime && cs_free && c->overlap) {
    a->fname = "T_aap'";
    a->paper = al->formula(d, k, c->xi_p, c->tau_p) + c->cst;
    if (aapp_applies(a, d, k, c, a->why, sizeof a->why)) {
      a->formula = al->formula(d, k, c->xi_p, c->tau_p) + c->cst;
      a->formula_exact = 1;
    }
  } else if (al->formula && c->switching == HC_MODE_WORMHOLE && !c->tau && !c->xi) {
    a->formula = al->formula(d, k, c->xi_p, c->tau_p); /* shown, not claimed */
  }
  a->formula_ok = !a->formula_exact || (double)a->measured == a->formula;
}

static void print_algo(const hcsim_opts *o, const hc_algo *al, const algo_cost *c, const algo_out *a) {
  const hc_algo_result *r = &a->r;
  const unsigned n = 1u << o->cfg.d;
  printf("%-12s %s\n%-12s %s\n", "algo", al->name, "source", al->source);
  printf("%-12s d=%u (%u nodes), w=%u, buf=%u, inj=%u%s, backend %s, seed %llu\n", "network", o->cfg.d, n,
         o->cfg.w, o->cfg.buf_depth, o->cfg.inj_depth, o->cfg.route_reg ? ", registered route" : "",
         hc_sim_name(o->sim), (unsigned long long)o->seed);
  printf("%-12s k=%lu flits, %u steps, %s\n", "messages", o->k, r->steps,
         c->barrier ? "idle barrier between steps" : "steps back to back");
  if (c->switching == HC_MODE_WORMHOLE && !c->tau && !c->xi) {
    printf("%-12s xi=%g tau=%g (derived in docs/boppana.md%s)\n", "cost model", c->xi_p, c->tau_p,
           o->cfg.route_reg ? "; registered route, 2 cycles per hop" : "");
  } else {
    printf("%-12s %s, registers tau=%u xi=%u%s: the paper's xi = %g, tau = %g%s (docs/boppana.md)\n",
           "cost model", c->switching == HC_MODE_CIRCUIT ? "circuit switching" : "wormhole", c->tau, c->xi,
           c->switching == HC_MODE_CIRCUIT ? (c->overlap ? ", overlap on" : ", overlap off") : "", c->xi_p,
           c->tau_p, c->cst ? "; measured to the last tail delivered = formula + 2" : "");
  }
  printf("%-12s measured %llu", "cycles", (unsigned long long)a->measured);
  if (a->formula >= 0 && a->fname)
    printf(" | formula %s%s = %.0f%s", a->fname, c->cst ? " + 2" : "", a->formula,
           a->formula_exact ? (a->formula_ok ? " (exact)" : " (DIFFERS)") : "");
  else if (a->formula >= 0)
    printf(" | formula %.2f", a->formula);
  else if (a->fname)
    printf(" | formula %s does not apply: %s", a->fname, a->why);
  else
    printf(" | formula n/a");
  if (a->predicted >= 0)
    printf(" | mechanism %lld%s", (long long)a->predicted,
           (uint64_t)a->predicted == a->measured ? " (exact)" : " (DIFFERS)");
  printf(" | lower bound %.0f | eta %.3f\n", a->lower, a->eta);
  printf("%-12s %s (%u messages, every ordered pair once, intact)\n", "data", r->data_ok ? "ok" : "FAILED",
         n * (n - 1));
  printf("%-12s max %u messages on one channel in one step (hardware counters), %u (e-cube paths)\n",
         "contention", a->rs.max_contention, a->rs.max_contention_paths);
  printf("%-12s this run: %llu link cycles with a head waiting, at most %u heads waiting for one link; %llu at "
         "ejection ports\n",
         "blocking", (unsigned long long)r->blocked_cycles, r->max_waiting,
         (unsigned long long)r->eject_blocked_cycles);
  printf("%-12s %s\n", "lockstep", hc_report_lockstep(o->sim, a->has_mm ? &a->mm : NULL));
  if (a->has_mm) hc_report_mismatch(stdout, 12, &a->mm);
  if (a->rc != HC_OK) printf("%-12s %s (%s)\n", "error", hc_status_name(a->rc), hc_strerror(a->rc));
}

/* "  "key": "v",\n" */
static void json_s(FILE *f, const char *key, const char *v) {
  fprintf(f, "  \"%s\": ", key);
  hc_json_str(f, v);
  fputs(",\n", f);
}

static void json_algo(FILE *f, const hcsim_opts *o, hc_driver *drv, const hc_algo *al, const algo_cost *c,
                      const algo_out *a) {
  const hc_algo_result *r = &a->r;
  fprintf(f, "{\n");
  json_s(f, "algo", al->name);
  json_s(f, "source", al->source);
  json_s(f, "backend", hc_sim_name(o->sim));
  json_s(f, "mode", c->switching == HC_MODE_CIRCUIT ? "circuit" : "wormhole");
  fprintf(f, "  \"d\": %u,\n  \"w\": %u,\n  \"buf_depth\": %u,\n  \"inj_depth\": %u,\n  \"route_reg\": %u,\n",
          o->cfg.d, o->cfg.w, o->cfg.buf_depth, o->cfg.inj_depth, o->cfg.route_reg);
  fprintf(f, "  \"k\": %lu,\n  \"steps\": %u,\n  \"barrier\": %s,\n", o->k, r->steps, c->barrier ? "true" : "false");
  fprintf(f, "  \"tau_register\": %u,\n  \"xi_register\": %u,\n  \"overlap\": %s,\n", c->tau, c->xi,
          c->overlap ? "true" : "false");
  fprintf(f, "  \"xi\": %g,\n  \"tau\": %g,\n  \"cycles\": %llu,\n", c->xi_p, c->tau_p,
          (unsigned long long)a->measured);
  fprintf(f, "  \"cycles_to_barrier\": %llu,\n  \"cycles_to_last_delivery\": %llu,\n",
          (unsigned long long)r->cycles, (unsigned long long)r->delivered);
  if (a->fname) json_s(f, "formula_name", a->fname);
  if (a->formula >= 0) fprintf(f, "  \"formula_cycles\": %.6g,\n", a->formula);
  else fprintf(f, "  \"formula_cycles\": null,\n");
  if (a->fname && a->formula < 0) json_s(f, "formula_does_not_apply", a->why);
  if (a->paper >= 0) fprintf(f, "  \"paper_formula_cycles\": %.6g,\n", a->paper);
  fprintf(f, "  \"formula_exact\": %s,\n", a->formula_exact ? (a->formula_ok ? "true" : "false") : "null");
  if (a->predicted >= 0) fprintf(f, "  \"mechanism_cycles\": %lld,\n", (long long)a->predicted);
  else fprintf(f, "  \"mechanism_cycles\": null,\n");
  fprintf(f, "  \"lower_bound_cycles\": %.0f,\n  \"eta\": %.6f,\n", a->lower, a->eta);
  fprintf(f, "  \"data_ok\": %s,\n", r->data_ok ? "true" : "false");
  fprintf(f, "  \"max_step_contention\": %u,\n  \"max_step_contention_paths\": %u,\n", a->rs.max_contention,
          a->rs.max_contention_paths);
  fprintf(f, "  \"blocked_cycles\": %llu,\n  \"max_waiting\": %u,\n  \"eject_blocked_cycles\": %llu,\n",
          (unsigned long long)r->blocked_cycles, r->max_waiting, (unsigned long long)r->eject_blocked_cycles);
  json_s(f, "lockstep", hc_report_lockstep(o->sim, a->has_mm ? &a->mm : NULL));
  fprintf(f, "  \"status\": %d,\n", a->rc);
  hc_json_counters(f, drv, o->cfg.d);
  fputs("\n}\n", f);
}

int hcsim_algo(hcsim_opts *o) {
  const hc_algo *al = hc_algo_find(o->algo);
  if (!al) hcsim_die("unknown algorithm '%s' (make sim ALGO=list shows them)", o->algo);
  hcsim_config(o);
  const algo_cost c = resolve_cost(o, al);
  if (o->check_only) return 0; /* make sim validates before building RTL */
  hcsim_run run;
  hcsim_open(o, &run);
  algo_out a;
  run_algo(o, al, &c, &run, &a);
  if (!o->quiet) print_algo(o, al, &c, &a);
  if (run.json) json_algo(run.json, o, run.drv, al, &c, &a);
  const int fail = a.rc != HC_OK || !a.r.data_ok || a.has_mm || !a.formula_ok ||
                   (a.predicted >= 0 && (uint64_t)a.predicted != a.measured);
  return hcsim_close(o, &run, fail ? HCSIM_EXIT_CHECK : 0);
}
