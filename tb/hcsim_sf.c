/*
** `hcsim --algo broadcast2|complete_exchange|total_exchange`: a
** store-and-forward schedule generator of algorithms/ run on the network in
** mode 1 (docs/store_and_forward.md): generated, validated, loaded through
** the configuration port, run, read back and checked word by word against
** what the communication means, with the measured completion printed beside
** the paper's formula, the lower bound and the reference executor's
** completion. Measured is never fitted to the formula: both are printed.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hc_cli.h"
#include "hc_gtkw.h"
#include "hc_rtl.h"
#include "hc_sched_algos.h"
#include "hc_sf_run.h"
#include "hc_sfload.h"

int hc_sf_main(int argc, char **argv);

/* The message size used when M (or K) is not given: the smallest multiple
** of the algorithm's unit that is at least 64 words (K: 4). */
static uint32_t default_size(const hc_sf_algo *a, unsigned d) {
  const uint32_t u = a->unit(d), want = strcmp(a->param, "K") == 0 ? 4 : 64;
  return (want + u - 1) / u * u;
}

int hc_sf_main(int argc, char **argv) {
  const char *name = NULL, *json = NULL, *waves = NULL;
  hc_cfg built, cfg = {4, 16, 2, 4};
  const int have_rtl = hc_rtl_built_cfg(&built) == HC_OK;
  if (have_rtl) cfg = built;
  hc_sim sim = have_rtl ? HC_SIM_BOTH : HC_SIM_MODEL;
  unsigned long m = 0, k = 0, beta = 4;
  int quiet = 0, check_only = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = NULL;
    char key[32];
    const char *eq = strchr(a, '=');
    if (strncmp(a, "--", 2) != 0) hc_cli_die("unexpected argument '%s'", a);
    if (eq) {
      snprintf(key, sizeof key, "%.*s", (int)(eq - a), a);
      v = eq + 1;
    } else {
      snprintf(key, sizeof key, "%s", a);
    }
    if (strcmp(key, "--quiet") == 0) {
      quiet = 1;
      continue;
    }
    if (strcmp(key, "--check-args") == 0) {
      check_only = 1;
      continue;
    }
    if (!v) {
      if (i + 1 >= argc) hc_cli_die("%s needs a value", key);
      v = argv[++i];
    }
    if (strcmp(key, "--algo") == 0) name = v;
    else if (strcmp(key, "--d") == 0) cfg.d = (unsigned)hc_cli_num(key, v, 1, 15);
    else if (strcmp(key, "--m") == 0) m = hc_cli_num(key, v, 1, 1u << 20);
    else if (strcmp(key, "--k") == 0) k = hc_cli_num(key, v, 1, 1u << 20);
    else if (strcmp(key, "--beta") == 0)
      beta = hc_cli_num(key, v, HC_SF_BETA_MIN, (1ul << HC_SF_BETA_W) - 1);
    else if (strcmp(key, "--w") == 0) cfg.w = (unsigned)hc_cli_num(key, v, 1, HC_MAX_W);
    else if (strcmp(key, "--buf") == 0) cfg.buf_depth = (unsigned)hc_cli_num(key, v, 1, HC_MAX_DEPTH);
    else if (strcmp(key, "--inj") == 0) cfg.inj_depth = (unsigned)hc_cli_num(key, v, 1, HC_MAX_DEPTH);
    else if (strcmp(key, "--seed") == 0) (void)hc_cli_num(key, v, 0, (unsigned long)-1);
    else if (strcmp(key, "--json") == 0) json = v;
    else if (strcmp(key, "--waves") == 0) waves = v;
    else if (strcmp(key, "--sim") == 0) {
      if (hc_sim_parse(v, &sim) != 0) hc_cli_die("--sim: '%s' is not model, rtl or both", v);
    } else hc_cli_die("unknown option '%s' with --algo %s (see docs/store_and_forward.md)", key,
                      name ? name : "");
  }
  const hc_sf_algo *al = name ? hc_sf_algo_find(name) : NULL;
  if (!al) hc_cli_die("unknown store-and-forward algorithm '%s'", name ? name : "");
  const int is_k = strcmp(al->param, "K") == 0;
  /* M is the message length, K the unit packet length; each algorithm has
  ** one of them, and the other one is an error, not something to ignore. */
  if (is_k && m) hc_cli_die("%s takes K (unit packet words), not M", al->name);
  if (!is_k && k) hc_cli_die("%s takes M (message words), not K", al->name);
  if (cfg.d > HC_SF_MAX_D) hc_cli_die("--d %u: the generators go up to d = %u", cfg.d, HC_SF_MAX_D);
  if (cfg.w < cfg.d) hc_cli_die("--w %u is smaller than d = %u", cfg.w, cfg.d);
  uint32_t size = (uint32_t)(is_k ? k : m);
  if (!size) size = default_size(al, cfg.d);
  const uint32_t unit = al->unit(cfg.d);
  if (size % unit != 0)
    hc_cli_die("%s=%u: %s needs a multiple of %u for d = %u (docs/store_and_forward.md, section 5)",
               al->param, size, al->name, unit, cfg.d);
  if (check_only) return 0; /* make sim validates before building RTL */
  hc_cli_check_backend(sim, &cfg, have_rtl, &built);
  if (waves && sim == HC_SIM_MODEL) {
    fprintf(stderr, "hcsim: note: the model has no waveform; --waves ignored\n");
    waves = NULL;
  }

  hc_sched_case c;
  int rc = al->build(cfg.d, size, &c);
  if (rc == HC_SCHED_EPARAM) hc_cli_die("%s=%u is too large for %s at d = %u", al->param, size, al->name, cfg.d);
  if (rc != HC_SCHED_OK) hc_cli_die("out of memory building %s", al->name);
  FILE *jf = NULL;
  if (json && !(jf = fopen(json, "w"))) hc_cli_die("--json: cannot write '%s': %s", json, strerror(errno));

  hc_backend *be;
  rc = hc_backend_open(sim, &cfg, waves, &be);
  if (rc != HC_OK) hc_cli_die("cannot open the %s backend (status %d)", hc_sim_name(sim), rc);
  if (waves) {
    char gtkw[4096];
    if (hc_gtkw_beside(waves, &cfg, gtkw, sizeof gtkw) == 0)
      fprintf(stderr, "hcsim: waveform %s, GTKWave view %s\n", waves, gtkw);
  }
  hc_sf_result r;
  hc_sched_err err = {0};
  rc = hc_sf_run(be, &c, (uint32_t)beta, &r, &err);
  if (rc == HC_SF_ESCHED && err.code == HC_SFLOAD_EFIT)
    hc_cli_die("%s %s=%u d=%u does not fit the hardware: %s", al->name, al->param, size, cfg.d, err.msg);
  if (rc == HC_SF_ESCHED)
    hc_cli_die("%s: bad schedule (%s): %s", al->name, hc_sched_strerror(err.code), err.msg);
  if (rc == HC_ENOMEM) hc_cli_die("out of memory running %s", al->name);

  const hc_mismatch *mm = hc_backend_mismatch(be);
  const char *lockstep = sim == HC_SIM_BOTH ? (mm ? "mismatch" : "match") : "n/a";
  const uint64_t formula = al->formula(cfg.d, size, (uint32_t)beta);
  const uint64_t lower = al->lower(cfg.d, size, (uint32_t)beta);
  const int data_ok = rc == HC_OK && r.mismatches == 0 && r.checked > 0;
  const int ok = rc == HC_OK && hc_sf_result_ok(&r);
  const uint64_t optimum = strcmp(al->name, "total_exchange") == 0
                               ? hc_sf_total_exchange_transmissions(cfg.d) : 0;

  if (!quiet) {
    printf("%-12s %s\n%-12s %s\n", "algo", al->name, "source", al->source);
    printf("%-12s store-and-forward multiport (mode 1), d=%u (%u nodes), w=%u, backend %s\n", "network",
           cfg.d, 1u << cfg.d, cfg.w, hc_sim_name(sim));
    printf("\n%-18s %3s %6s %5s %8s %10s %10s %10s %8s %9s\n", "algorithm", "d", is_k ? "k" : "m", "beta",
           "packets", "cycles", "formula", "lower", "data", "lockstep");
    printf("%-18s %3u %6u %5lu %8llu %10llu %10llu %10llu %8s %9s\n", al->name, cfg.d, size, beta,
           (unsigned long long)r.packets, (unsigned long long)r.cycles, (unsigned long long)formula,
           (unsigned long long)lower, data_ok ? "ok" : "FAILED", lockstep);
    printf("\n%-12s measured %llu, executor %llu (docs/store_and_forward.md, section 1), formula %llu%s\n",
           "cycles", (unsigned long long)r.cycles, (unsigned long long)r.ref_cycles,
           (unsigned long long)formula, r.cycles == formula ? " (exact)" : " (differs)");
    printf("%-12s %llu words compared%s", "data", (unsigned long long)r.checked,
           r.mismatches ? "" : ", all equal\n");
    if (r.mismatches)
      printf(", %llu differ; first: node %u word %u expected 0x%x read 0x%x\n",
             (unsigned long long)r.mismatches, r.bad_node, r.bad_addr, r.bad_expect, r.bad_actual);
    printf("%-12s packets %llu, words %llu, busy link-cycles %llu (hardware); executor %llu, %llu, %llu: %s\n",
           "counters", (unsigned long long)r.packets, (unsigned long long)r.words,
           (unsigned long long)r.busy, (unsigned long long)r.ref_packets,
           (unsigned long long)r.ref_words, (unsigned long long)r.ref_busy,
           r.counters_ok ? "equal" : r.counter_msg);
    if (optimum)
      printf("%-12s %llu packet transmissions, optimum d*2^(2d-1) = %llu\n", "optimality",
             (unsigned long long)r.packets, (unsigned long long)optimum);
    printf("%-12s %llu configuration writes, %llu read-back cycles\n", "port",
           (unsigned long long)r.load_cycles, (unsigned long long)r.read_cycles);
    printf("%-12s %s\n", "lockstep", lockstep);
    if (mm)
      printf("%-12s cycle %llu node %u %s: model 0x%x rtl 0x%x\n", "mismatch", (unsigned long long)mm->cycle,
             mm->node, mm->where, mm->expected, mm->actual);
    if (rc == HC_SF_ETIMEOUT) printf("%-12s sf_done never rose (executor's completion + 8)\n", "error");
    if (rc == HC_SF_EREFUSED) printf("%-12s the hardware refused a configuration write\n", "error");
  }
  if (jf) {
    fprintf(jf, "{\n  \"algo\": \"%s\",\n  \"source\": \"%s\",\n  \"mode\": \"store_and_forward\",\n", al->name,
            al->source);
    fprintf(jf, "  \"backend\": \"%s\",\n  \"d\": %u,\n  \"w\": %u,\n  \"%s\": %u,\n  \"beta\": %lu,\n",
            hc_sim_name(sim), cfg.d, cfg.w, is_k ? "k" : "m", size, beta);
    fprintf(jf, "  \"cycles\": %llu,\n  \"formula_cycles\": %llu,\n  \"lower_bound_cycles\": %llu,\n",
            (unsigned long long)r.cycles, (unsigned long long)formula, (unsigned long long)lower);
    fprintf(jf, "  \"executor_cycles\": %llu,\n  \"packets\": %llu,\n  \"words\": %llu,\n",
            (unsigned long long)r.ref_cycles, (unsigned long long)r.packets, (unsigned long long)r.words);
    if (optimum) fprintf(jf, "  \"optimal_transmissions\": %llu,\n", (unsigned long long)optimum);
    fprintf(jf, "  \"words_checked\": %llu,\n  \"data_ok\": %s,\n  \"counters_ok\": %s,\n",
            (unsigned long long)r.checked, data_ok ? "true" : "false", r.counters_ok ? "true" : "false");
    fprintf(jf, "  \"lockstep\": \"%s\",\n  \"status\": %d\n}\n", lockstep, rc);
    fclose(jf);
  }
  hc_backend_close(be);
  hc_sched_case_free(&c);
  return ok ? 0 : 1;
}
