/*
** `hcsim --algo NAME`: run one of the registered communication algorithms
** (algorithms/registry.c) on the wormhole network and set the measured
** cycles beside the paper's formula and the lower bound. The router's xi and
** tau are not fitted: they follow from docs/microarchitecture.md (a message
** of k flits over h idle hops is delivered h + k + 1 cycles after it is
** created, and the idle barrier fires 2 cycles after the last ejection), so
** a step of h hops costs h + k + 3 = xi + h(1 + tau) + k - 1 cycles with
** xi = 4, tau = 0. Algorithms that run steps back to back are also run once
** with the barrier, to count each step's channel contention in the
** hardware counters.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hc_algo.h"
#include "hc_algo_run.h"
#include "hc_gtkw.h"
#include "hc_cli.h"
#include "hc_rtl.h"
#include "hc_sched_algos.h"

/* The router's constants in the paper's cost model; see the file comment. */
#define HC_XI 4.0
#define HC_TAU 0.0

int hc_algo_main(int argc, char **argv);
int hc_lcc_main(int argc, char **argv); /* tb/hcsim_lcc.c */
int hc_sf_main(int argc, char **argv);  /* tb/hcsim_sf.c */


static void list_algos(void) {
  printf("%-14s %-8s %s\n", "ALGO", "steps", "source: what it does");
  for (const hc_algo *const *a = hc_algos; *a; a++)
    printf("%-14s %-8s %s: %s\n", (*a)->name, (*a)->barrier ? "barrier" : "overlap", (*a)->source,
           (*a)->summary);
  for (const hc_sf_algo *const *a = hc_sf_algos; *a; a++)
    printf("%-14s %-8s %s: store-and-forward multiport schedule, size %s, BETA (docs/store_and_forward.md)\n",
           (*a)->name, "sched", (*a)->source, (*a)->param);
  printf("%-14s %-8s %s: %s\n", "sched", "sched", "SCHED=file",
         "a store-and-forward schedule in the text format of docs/store_and_forward.md, checked against the executor");
  printf("%-14s %-8s %s: %s\n", "lcc", "one", "004 (Hou, Wang, Ku & Hsu 2001) Theorems 1-5",
         "linear-complement communication y = Ax + b (LCC=preset), T_i counted three ways, REMAP=none|opt|dp");
}

static void json_s(FILE *f, const char *k, const char *v, int comma) {
  fprintf(f, "  \"%s\": \"%s\"%s\n", k, v, comma ? "," : "");
}

int hc_algo_main(int argc, char **argv) {
  const char *name = NULL, *json = NULL, *waves = NULL;
  hc_cfg built, cfg = {4, 16, 2, 4};
  const int have_rtl = hc_rtl_built_cfg(&built) == HC_OK;
  if (have_rtl) cfg = built;
  hc_sim sim = have_rtl ? HC_SIM_BOTH : HC_SIM_MODEL;
  unsigned long k = 16, seed = 1;
  int quiet = 0, check_only = 0;
  for (int i = 1; i < argc; i++) {
    char key[32];
    const char *v = hc_cli_opt(argc, argv, &i, key, sizeof key);
    if (strcmp(key, "--quiet") == 0) {
      quiet = 1;
      continue;
    }
    if (strcmp(key, "--check-args") == 0) {
      check_only = 1;
      continue;
    }
    if (strcmp(key, "--algo") == 0) {
      name = v;
      if (strcmp(v, "lcc") == 0) return hc_lcc_main(argc, argv);
      if (hc_sf_algo_find(v) || strcmp(v, "sched") == 0) return hc_sf_main(argc, argv);
    }
    else if (strcmp(key, "--d") == 0) cfg.d = (unsigned)hc_cli_num(key, v, 1, HC_ALGO_MAX_D);
    else if (strcmp(key, "--k") == 0) k = hc_cli_num(key, v, 1, 65536);
    else if (strcmp(key, "--w") == 0) cfg.w = (unsigned)hc_cli_num(key, v, 1, HC_MAX_W);
    else if (strcmp(key, "--buf") == 0) cfg.buf_depth = (unsigned)hc_cli_num(key, v, 1, HC_MAX_DEPTH);
    else if (strcmp(key, "--inj") == 0) cfg.inj_depth = (unsigned)hc_cli_num(key, v, 1, HC_MAX_DEPTH);
    else if (strcmp(key, "--seed") == 0) seed = hc_cli_num(key, v, 0, (unsigned long)-1);
    else if (strcmp(key, "--json") == 0) json = v;
    else if (strcmp(key, "--waves") == 0) waves = v;
    else if (strcmp(key, "--sim") == 0) {
      if (hc_sim_parse(v, &sim) != 0) hc_cli_die("--sim: '%s' is not model, rtl or both", v);
    } else hc_cli_die("unknown option '%s' with --algo (see docs/algorithms.md)", key);
  }
  if (!name) hc_cli_die("--algo needs a name (or list)");
  if (strcmp(name, "list") == 0) {
    list_algos();
    return 0;
  }
  const hc_algo *al = hc_algo_find(name);
  if (!al) hc_cli_die("unknown algorithm '%s' (make sim ALGO=list shows them)", name);
  if (cfg.w < cfg.d) hc_cli_die("--w %u is smaller than d = %u", cfg.w, cfg.d);
  if (check_only) return 0; /* make sim validates before building RTL */
  hc_cli_check_backend(sim, &cfg, have_rtl, &built);
  FILE *jf = NULL;
  if (json && !(jf = fopen(json, "w"))) hc_cli_die("--json: cannot write '%s': %s", json, strerror(errno));
  if (waves && sim == HC_SIM_MODEL) {
    fprintf(stderr, "hcsim: note: the model has no waveform; --waves ignored\n");
    waves = NULL;
  }

  const unsigned n = 1u << cfg.d;
  const uint64_t limit = 1000000ULL + 64ULL * n * n * (k + 8);
  hc_backend *be;
  hc_driver *drv;
  int rc = hc_backend_open(sim, &cfg, waves, &be);
  if (rc != HC_OK) hc_cli_die("cannot open the %s backend: %s", hc_sim_name(sim), hc_strerror(rc));
  if (hc_driver_new(be, &drv) != HC_OK) hc_cli_die("out of memory");
  if (waves) {
    char gtkw[4096];
    if (hc_gtkw_beside(waves, &cfg, gtkw, sizeof gtkw) == 0)
      fprintf(stderr, "hcsim: waveform %s, GTKWave view %s\n", waves, gtkw);
    else
      fprintf(stderr, "hcsim: note: could not write the GTKWave save file %s: %s\n", gtkw, strerror(errno));
  }
  hc_algo_result r, rs;
  rc = hc_algo_run(drv, al, (unsigned)k, al->barrier, limit, &r);
  const hc_mismatch *mm = hc_backend_mismatch(be);
  int lock_ok = mm == NULL;
  if (rc == HC_OK) rc = hc_backend_check_counters(be);
  mm = hc_backend_mismatch(be);
  lock_ok = mm == NULL;
  rs = r;
  if (rc == HC_OK && !al->barrier) {
    /* Contention per step needs the steps apart: run them once more with the
    ** barrier, on a fresh network, and read the counters at every barrier. */
    hc_backend *be2;
    hc_driver *drv2;
    if (hc_backend_open(sim, &cfg, NULL, &be2) != HC_OK || hc_driver_new(be2, &drv2) != HC_OK)
      hc_cli_die("out of memory");
    rc = hc_algo_run(drv2, al, (unsigned)k, 1, limit, &rs);
    if (rc == HC_OK) rc = hc_backend_check_counters(be2);
    if (hc_backend_mismatch(be2)) {
      lock_ok = 0;
      if (!mm) mm = hc_backend_mismatch(be2);
    }
    if (!rs.data_ok) r.data_ok = 0;
    hc_driver_free(drv2);
    /* be2 stays open while mm may point into it */
    if (mm != hc_backend_mismatch(be2)) hc_backend_close(be2);
  }

  const int full_rate = cfg.buf_depth >= 2 && cfg.inj_depth >= 2;
  const double formula = (al->formula && full_rate) ? al->formula(cfg.d, (unsigned)k, HC_XI, HC_TAU) : -1;
  const double lower = (double)k * (n - 1);
  const double eta = (double)r.cycles / lower;
  const char *lockstep = sim == HC_SIM_BOTH ? (lock_ok ? "match" : "mismatch") : "n/a";
  const int formula_exact = al->barrier && formula >= 0;
  const int formula_ok = !formula_exact || (double)r.cycles == formula;

  if (!quiet) {
    printf("%-12s %s\n%-12s %s\n", "algo", al->name, "source", al->source);
    printf("%-12s d=%u (%u nodes), w=%u, buf=%u, inj=%u, backend %s, seed %lu\n", "network", cfg.d, n,
           cfg.w, cfg.buf_depth, cfg.inj_depth, hc_sim_name(sim), seed);
    printf("%-12s k=%lu flits, %u steps, %s\n", "messages", k, r.steps,
           al->barrier ? "idle barrier between steps" : "steps back to back");
    printf("%-12s xi=%g tau=%g (derived in docs/algorithms.md)\n", "cost model", HC_XI, HC_TAU);
    if (formula >= 0)
      printf("%-12s measured %llu | formula %.2f%s | lower bound %.0f | eta %.3f\n", "cycles",
             (unsigned long long)r.cycles, formula,
             formula_exact ? (formula_ok ? " (exact)" : " (DIFFERS)") : "", lower, eta);
    else
      printf("%-12s measured %llu | formula n/a | lower bound %.0f | eta %.3f\n", "cycles",
             (unsigned long long)r.cycles, lower, eta);
    printf("%-12s %s (%u messages, every ordered pair once, intact)\n", "data",
           r.data_ok ? "ok" : "FAILED", n * (n - 1));
    printf("%-12s max %u messages on one channel in one step (hardware counters), %u (e-cube paths)\n",
           "contention", rs.max_contention, rs.max_contention_paths);
    printf("%-12s this run: %llu link cycles with a head waiting, at most %u heads waiting for one link; %llu at ejection ports\n",
           "blocking", (unsigned long long)r.blocked_cycles, r.max_waiting,
           (unsigned long long)r.eject_blocked_cycles);
    printf("%-12s %s\n", "lockstep", lockstep);
    if (mm)
      printf("%-12s cycle %llu node %u %s: model 0x%x rtl 0x%x\n", "mismatch", (unsigned long long)mm->cycle,
             mm->node, mm->where, mm->expected, mm->actual);
    if (rc != HC_OK) printf("%-12s %s (%s)\n", "error", hc_status_name(rc), hc_strerror(rc));
  }
  if (jf) {
    fprintf(jf, "{\n");
    json_s(jf, "algo", al->name, 1);
    json_s(jf, "source", al->source, 1);
    json_s(jf, "backend", hc_sim_name(sim), 1);
    json_s(jf, "mode", "wormhole", 1);
    fprintf(jf, "  \"d\": %u,\n  \"w\": %u,\n  \"buf_depth\": %u,\n  \"inj_depth\": %u,\n", cfg.d, cfg.w,
            cfg.buf_depth, cfg.inj_depth);
    fprintf(jf, "  \"k\": %lu,\n  \"steps\": %u,\n  \"barrier\": %s,\n", k, r.steps, al->barrier ? "true" : "false");
    fprintf(jf, "  \"xi\": %g,\n  \"tau\": %g,\n  \"cycles\": %llu,\n", HC_XI, HC_TAU,
            (unsigned long long)r.cycles);
    if (formula >= 0) fprintf(jf, "  \"formula_cycles\": %.6g,\n", formula);
    else fprintf(jf, "  \"formula_cycles\": null,\n");
    fprintf(jf, "  \"formula_exact\": %s,\n", formula_exact ? (formula_ok ? "true" : "false") : "null");
    fprintf(jf, "  \"lower_bound_cycles\": %.0f,\n  \"eta\": %.6f,\n", lower, eta);
    fprintf(jf, "  \"data_ok\": %s,\n", r.data_ok ? "true" : "false");
    fprintf(jf, "  \"max_step_contention\": %u,\n  \"max_step_contention_paths\": %u,\n", rs.max_contention,
            rs.max_contention_paths);
    fprintf(jf, "  \"blocked_cycles\": %llu,\n  \"max_waiting\": %u,\n  \"eject_blocked_cycles\": %llu,\n",
            (unsigned long long)r.blocked_cycles, r.max_waiting, (unsigned long long)r.eject_blocked_cycles);
    json_s(jf, "lockstep", lockstep, 1);
    fprintf(jf, "  \"status\": %d\n}\n", rc);
    fclose(jf);
  }
  int fail = rc != HC_OK || !r.data_ok || !lock_ok || !formula_ok;
  hc_driver_free(drv);
  hc_backend_close(be);
  return fail ? 1 : 0;
}
