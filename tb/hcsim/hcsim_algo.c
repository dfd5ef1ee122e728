/*
** `hcsim --algo NAME`: run one of the registered communication algorithms
** (algorithms/registry.c) on the wormhole network and set the measured
** cycles beside the paper's formula and the lower bound; `--algo list`
** lists every algorithm hcsim knows. The router's xi and tau are not
** fitted: they follow from docs/microarchitecture.md (a message of k flits
** over h idle hops is delivered h + k + 1 cycles after it is created, and
** the idle barrier fires 2 cycles after the last ejection), so a step of h
** hops costs h + k + 3 = xi + h(1 + tau) + k - 1 cycles with xi = 4, tau =
** 0. Algorithms that run steps back to back are also run once with the
** barrier, on a second network, to count each step's channel contention in
** the hardware counters.
*/
#include <stdio.h>
#include <string.h>

#include "hc_algo.h"
#include "hc_algo_run.h"
#include "hc_fft.h"
#include "hc_report.h"
#include "hc_sched_algos.h"
#include "hcsim.h"

/* The router's constants in the paper's cost model; see the file comment. */
#define HC_XI 4.0
#define HC_TAU 0.0

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
    printf("%-14s %-8s %s: store-and-forward schedule, time %s; %s%s%s%s%s%s, BETA\n", (*a)->name, "sched",
           (*a)->source, (*a)->formula_text, (*a)->param, (t & HC_SF_TAKES_G) ? ", G" : "",
           (t & HC_SF_TAKES_SRC) ? ", SRC" : "", (t & HC_SF_TAKES_DST) ? ", DST" : "",
           (t & HC_SF_TAKES_PERM) ? ", PERM" : "", (t & HC_SF_TAKES_WAVES) ? ", NWAVES" : "");
  }
  printf("%-14s %-8s %s: %s\n", "sched", "sched", "SCHED=file",
         "a store-and-forward schedule in the text format of docs/store_and_forward.md, checked against the executor");
  printf("%-14s %-8s %s: %s\n", "lcc", "one", "004 (Hou, Wang, Ku & Hsu 2001) Theorems 1-5",
         "linear-complement communication y = Ax + b (LCC=preset), T_i counted three ways, REMAP=none|opt|dp");
  return 0;
}

/* An algorithm's run and what it is measured against. */
typedef struct algo_out {
  hc_algo_result r;  /* the run */
  hc_algo_result rs; /* the run with barriers: contention per step (r itself for barrier algorithms) */
  int rc;
  hc_mismatch mm; /* the first lockstep mismatch of either run, when has_mm */
  int has_mm;
  double formula, lower, eta; /* formula < 0: none for this configuration */
  int formula_exact, formula_ok;
} algo_out;

/* Note the first mismatch of drv's network in a. */
static void keep_mismatch(algo_out *a, hc_driver *drv) {
  const hc_mismatch *mm = hc_driver_mismatch(drv);
  if (mm && !a->has_mm) {
    a->mm = *mm;
    a->has_mm = 1;
  }
}

/* Run al on run's network; steps back to back are run again with the
** barrier, on a fresh network, to read the counters at every barrier. */
static void run_algo(const hcsim_opts *o, const hc_algo *al, hcsim_run *run, algo_out *a) {
  const unsigned k = (unsigned)o->k, n = 1u << o->cfg.d;
  const uint64_t limit = 1000000ULL + 64ULL * n * n * (k + 8);
  memset(a, 0, sizeof *a);
  a->rc = hc_algo_run(run->drv, al, k, al->barrier, limit, &a->r);
  if (a->rc == HC_OK) a->rc = hc_driver_check_counters(run->drv);
  keep_mismatch(a, run->drv);
  a->rs = a->r;
  if (a->rc == HC_OK && !al->barrier) {
    hc_backend *be2;
    hc_driver *drv2;
    hcsim_open_network(o, NULL, &be2, &drv2);
    a->rc = hc_algo_run(drv2, al, k, 1, limit, &a->rs);
    if (a->rc == HC_OK) a->rc = hc_driver_check_counters(drv2);
    keep_mismatch(a, drv2);
    if (!a->rs.data_ok) a->r.data_ok = 0;
    hc_driver_free(drv2);
    hc_backend_close(be2);
  }
  const int full_rate = o->cfg.buf_depth >= 2 && o->cfg.inj_depth >= 2;
  a->formula = (al->formula && full_rate) ? al->formula(o->cfg.d, k, HC_XI, HC_TAU) : -1;
  a->lower = (double)k * (n - 1);
  a->eta = (double)a->r.cycles / a->lower;
  a->formula_exact = al->barrier && a->formula >= 0;
  a->formula_ok = !a->formula_exact || (double)a->r.cycles == a->formula;
}

static void print_algo(const hcsim_opts *o, const hc_algo *al, const algo_out *a) {
  const hc_algo_result *r = &a->r;
  const unsigned n = 1u << o->cfg.d;
  printf("%-12s %s\n%-12s %s\n", "algo", al->name, "source", al->source);
  printf("%-12s d=%u (%u nodes), w=%u, buf=%u, inj=%u, backend %s, seed %llu\n", "network", o->cfg.d, n,
         o->cfg.w, o->cfg.buf_depth, o->cfg.inj_depth, hc_sim_name(o->sim), (unsigned long long)o->seed);
  printf("%-12s k=%lu flits, %u steps, %s\n", "messages", o->k, r->steps,
         al->barrier ? "idle barrier between steps" : "steps back to back");
  printf("%-12s xi=%g tau=%g (derived in docs/algorithms.md)\n", "cost model", HC_XI, HC_TAU);
  if (a->formula >= 0)
    printf("%-12s measured %llu | formula %.2f%s | lower bound %.0f | eta %.3f\n", "cycles",
           (unsigned long long)r->cycles, a->formula,
           a->formula_exact ? (a->formula_ok ? " (exact)" : " (DIFFERS)") : "", a->lower, a->eta);
  else
    printf("%-12s measured %llu | formula n/a | lower bound %.0f | eta %.3f\n", "cycles",
           (unsigned long long)r->cycles, a->lower, a->eta);
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

static void json_algo(FILE *f, const hcsim_opts *o, const hc_algo *al, const algo_out *a) {
  const hc_algo_result *r = &a->r;
  fprintf(f, "{\n");
  json_s(f, "algo", al->name);
  json_s(f, "source", al->source);
  json_s(f, "backend", hc_sim_name(o->sim));
  json_s(f, "mode", "wormhole");
  fprintf(f, "  \"d\": %u,\n  \"w\": %u,\n  \"buf_depth\": %u,\n  \"inj_depth\": %u,\n", o->cfg.d, o->cfg.w,
          o->cfg.buf_depth, o->cfg.inj_depth);
  fprintf(f, "  \"k\": %lu,\n  \"steps\": %u,\n  \"barrier\": %s,\n", o->k, r->steps, al->barrier ? "true" : "false");
  fprintf(f, "  \"xi\": %g,\n  \"tau\": %g,\n  \"cycles\": %llu,\n", HC_XI, HC_TAU, (unsigned long long)r->cycles);
  if (a->formula >= 0) fprintf(f, "  \"formula_cycles\": %.6g,\n", a->formula);
  else fprintf(f, "  \"formula_cycles\": null,\n");
  fprintf(f, "  \"formula_exact\": %s,\n", a->formula_exact ? (a->formula_ok ? "true" : "false") : "null");
  fprintf(f, "  \"lower_bound_cycles\": %.0f,\n  \"eta\": %.6f,\n", a->lower, a->eta);
  fprintf(f, "  \"data_ok\": %s,\n", r->data_ok ? "true" : "false");
  fprintf(f, "  \"max_step_contention\": %u,\n  \"max_step_contention_paths\": %u,\n", a->rs.max_contention,
          a->rs.max_contention_paths);
  fprintf(f, "  \"blocked_cycles\": %llu,\n  \"max_waiting\": %u,\n  \"eject_blocked_cycles\": %llu,\n",
          (unsigned long long)r->blocked_cycles, r->max_waiting, (unsigned long long)r->eject_blocked_cycles);
  json_s(f, "lockstep", hc_report_lockstep(o->sim, a->has_mm ? &a->mm : NULL));
  fprintf(f, "  \"status\": %d\n}\n", a->rc);
}

int hcsim_algo(hcsim_opts *o) {
  const hc_algo *al = hc_algo_find(o->algo);
  if (!al) hcsim_die("unknown algorithm '%s' (make sim ALGO=list shows them)", o->algo);
  hcsim_config(o);
  if (o->check_only) return 0; /* make sim validates before building RTL */
  hcsim_run run;
  hcsim_open(o, &run);
  algo_out a;
  run_algo(o, al, &run, &a);
  if (!o->quiet) print_algo(o, al, &a);
  if (run.json) json_algo(run.json, o, al, &a);
  const int fail = a.rc != HC_OK || !a.r.data_ok || a.has_mm || !a.formula_ok;
  return hcsim_close(o, &run, fail ? HCSIM_EXIT_CHECK : 0);
}
