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

/*
** ALGO=sched: a schedule from a text file (docs/store_and_forward.md,
** section 3) with no generator behind it. Own data gets the usual tags; the
** expected final memory is what the execution model's reference executor
** computes (hc_sched_exec, independent of the cycle model and the RTL), on
** every word that is own data or written by a packet. Dies (exit 2) on a
** file that cannot be read, parsed or validated, or is for another cube.
*/
static void file_case(const char *path, unsigned d, uint32_t beta, hc_sched_case *c, uint64_t *lower) {
  hc_sched_err err = {0};
  FILE *f = fopen(path, "r");
  if (!f) hc_cli_die("--sched: cannot read '%s': %s", path, strerror(errno));
  memset(c, 0, sizeof *c);
  int rc = hc_sched_read(f, &c->sched, &err);
  fclose(f);
  if (rc == HC_ENOMEM) hc_cli_die("out of memory reading %s", path);
  if (rc != HC_OK) hc_cli_die("%s:%lu: %s", path, err.line, err.msg);
  if (hc_sched_dim(c->sched) != d)
    hc_cli_die("%s is a schedule for a %u-cube; run it with D=%u (--d %u)", path, hc_sched_dim(c->sched),
               hc_sched_dim(c->sched), hc_sched_dim(c->sched));
  rc = hc_sched_validate(c->sched, &err);
  if (rc == HC_ENOMEM) hc_cli_die("out of memory validating %s", path);
  if (rc != HC_OK) {
    if (err.line) hc_cli_die("%s:%lu: %s", path, err.line, err.msg);
    hc_cli_die("%s: %s", path, err.msg);
  }
  if (hc_sched_case_alloc(c) != HC_OK) hc_cli_die("out of memory");
  const uint32_t mw = hc_sched_mem_words(c->sched);
  memset(c->care, 0, (size_t)hc_sched_nodes(c->sched) * mw);
  for (size_t i = 0; i < hc_sched_num_own(c->sched); i++) {
    uint32_t x;
    hc_seg g;
    hc_sched_own(c->sched, i, &x, &g);
    for (uint32_t a = g.addr; a < g.addr + g.len; a++) {
      c->init[(size_t)x * mw + a] = hc_sched_tag(x, a);
      c->care[(size_t)x * mw + a] = 1;
    }
  }
  uint64_t *busy = calloc((size_t)hc_sched_nodes(c->sched) * d, sizeof *busy);
  if (!busy) hc_cli_die("out of memory");
  for (size_t i = 0; i < hc_sched_num_packets(c->sched); i++) {
    hc_packet_info pi;
    hc_sched_packet(c->sched, i, &pi);
    const uint32_t y = pi.node ^ (1u << pi.dim);
    for (size_t k = 0; k < pi.nscatter; k++)
      for (uint32_t a = pi.scatter[k].addr; a < pi.scatter[k].addr + pi.scatter[k].len; a++)
        c->care[(size_t)y * mw + a] = 1;
    busy[(size_t)pi.node * d + pi.dim] += beta + pi.words;
  }
  /* A link carries its packets one after the other: the busiest link's
  ** total is a lower bound on the completion. */
  *lower = 0;
  for (size_t l = 0; l < (size_t)hc_sched_nodes(c->sched) * d; l++)
    if (busy[l] > *lower) *lower = busy[l];
  free(busy);
  hc_exec_result ex;
  rc = hc_sched_exec(c->sched, beta, c->init, &ex, &err);
  if (rc != HC_OK) hc_cli_die("%s: %s", path, err.msg);
  memcpy(c->expect, ex.mem, (size_t)hc_sched_nodes(c->sched) * mw * sizeof *c->expect);
  hc_exec_result_free(&ex);
}

/* The message size used when M (or K) is not given: the smallest multiple
** of the algorithm's unit that is at least 64 words (K: 4). */
static uint32_t default_size(const hc_sf_algo *a, unsigned d) {
  const uint32_t u = a->unit(d), want = strcmp(a->param, "K") == 0 ? 4 : 64;
  return (want + u - 1) / u * u;
}

int hc_sf_main(int argc, char **argv) {
  const char *name = NULL, *json = NULL, *waves = NULL, *sched = NULL;
  hc_cfg built, cfg = {4, 16, 2, 4};
  const int have_rtl = hc_rtl_built_cfg(&built) == HC_OK;
  if (have_rtl) cfg = built;
  hc_sim sim = have_rtl ? HC_SIM_BOTH : HC_SIM_MODEL;
  unsigned long m = 0, k = 0, beta = 4;
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
    else if (strcmp(key, "--sched") == 0) sched = v;
    else if (strcmp(key, "--waves") == 0) waves = v;
    else if (strcmp(key, "--sim") == 0) {
      if (hc_sim_parse(v, &sim) != 0) hc_cli_die("--sim: '%s' is not model, rtl or both", v);
    } else hc_cli_die("unknown option '%s' with --algo %s (see docs/store_and_forward.md)", key,
                      name ? name : "");
  }
  const int from_file = name && strcmp(name, "sched") == 0;
  const hc_sf_algo *al = name && !from_file ? hc_sf_algo_find(name) : NULL;
  if (!al && !from_file) hc_cli_die("unknown store-and-forward algorithm '%s'", name ? name : "");
  if (from_file && !sched) hc_cli_die("ALGO=sched needs SCHED=file (--sched PATH): a schedule in the text format");
  if (!from_file && sched) hc_cli_die("--sched is for ALGO=sched, not %s", al->name);
  if (cfg.w < cfg.d) hc_cli_die("--w %u is smaller than d = %u", cfg.w, cfg.d);
  hc_sched_case c;
  const char *aname, *asource, *pname = "m";
  uint32_t size = 0;
  uint64_t formula = 0, lower = 0;
  int has_formula = 0;
  int rc;
  if (from_file) {
    if (m || k) hc_cli_die("ALGO=sched takes no M or K: the file gives every packet");
    if (check_only) return 0;
    hc_cli_check_backend(sim, &cfg, have_rtl, &built);
    file_case(sched, cfg.d, (uint32_t)beta, &c, &lower);
    aname = "sched";
    asource = sched;
  } else {
    const int is_k = strcmp(al->param, "K") == 0;
    /* M is the message length, K the unit packet length; each algorithm has
    ** one of them, and the other one is an error, not something to ignore. */
    if (is_k && m) hc_cli_die("%s takes K (unit packet words), not M", al->name);
    if (!is_k && k) hc_cli_die("%s takes M (message words), not K", al->name);
    if (cfg.d > HC_SF_MAX_D) hc_cli_die("--d %u: the generators go up to d = %u", cfg.d, HC_SF_MAX_D);
    size = (uint32_t)(is_k ? k : m);
    if (!size) size = default_size(al, cfg.d);
    const uint32_t unit = al->unit(cfg.d);
    if (size % unit != 0)
      hc_cli_die("%s=%u: %s needs a multiple of %u for d = %u (docs/store_and_forward.md, section 5)",
                 al->param, size, al->name, unit, cfg.d);
    if (check_only) return 0; /* make sim validates before building RTL */
    hc_cli_check_backend(sim, &cfg, have_rtl, &built);
    rc = al->build(cfg.d, size, &c);
    if (rc == HC_EPARAM) hc_cli_die("%s=%u is too large for %s at d = %u", al->param, size, al->name, cfg.d);
    if (rc != HC_OK) hc_cli_die("out of memory building %s", al->name);
    aname = al->name;
    asource = al->source;
    pname = is_k ? "k" : "m";
    has_formula = 1;
    formula = al->formula(cfg.d, size, (uint32_t)beta);
    lower = al->lower(cfg.d, size, (uint32_t)beta);
  }
  if (waves && sim == HC_SIM_MODEL) {
    fprintf(stderr, "hcsim: note: the model has no waveform; --waves ignored\n");
    waves = NULL;
  }

  FILE *jf = NULL;
  if (json && !(jf = fopen(json, "w"))) hc_cli_die("--json: cannot write '%s': %s", json, strerror(errno));

  hc_backend *be;
  hc_driver *drv;
  rc = hc_backend_open(sim, &cfg, waves, &be);
  if (rc != HC_OK) hc_cli_die("cannot open the %s backend: %s", hc_sim_name(sim), hc_strerror(rc));
  if (hc_driver_new(be, &drv) != HC_OK) hc_cli_die("out of memory");
  if (waves) {
    char gtkw[4096];
    if (hc_gtkw_beside(waves, &cfg, gtkw, sizeof gtkw) == 0)
      fprintf(stderr, "hcsim: waveform %s, GTKWave view %s\n", waves, gtkw);
  }
  hc_sf_result r;
  hc_sched_err err = {0};
  rc = hc_sf_run(drv, &c, (uint32_t)beta, &r, &err);
  if (rc == HC_ESCHED && err.code == HC_EFIT)
    hc_cli_die("%s d=%u does not fit the hardware: %s", aname, cfg.d, err.msg);
  if (rc == HC_ESCHED)
    hc_cli_die("%s: bad schedule (%s): %s", aname, hc_status_name(err.code), err.msg);
  if (rc == HC_ENOMEM) hc_cli_die("out of memory running %s", aname);

  const hc_mismatch *mm = hc_backend_mismatch(be);
  const char *lockstep = sim == HC_SIM_BOTH ? (mm ? "mismatch" : "match") : "n/a";
  const int data_ok = rc == HC_OK && r.mismatches == 0 && r.checked > 0;
  const int formula_ok = !has_formula || r.cycles == formula;
  const int ok = rc == HC_OK && hc_sf_result_ok(&r) && formula_ok;
  char fbuf[32], sbuf[32];
  if (has_formula) snprintf(fbuf, sizeof fbuf, "%llu", (unsigned long long)formula);
  else snprintf(fbuf, sizeof fbuf, "n/a");
  if (from_file) snprintf(sbuf, sizeof sbuf, "-");
  else snprintf(sbuf, sizeof sbuf, "%u", size);
  const uint64_t optimum = strcmp(aname, "total_exchange") == 0
                               ? hc_sf_total_exchange_transmissions(cfg.d) : 0;

  if (!quiet) {
    printf("%-12s %s\n%-12s %s\n", "algo", aname, "source", asource);
    printf("%-12s store-and-forward multiport (mode 1), d=%u (%u nodes), w=%u, backend %s\n", "network",
           cfg.d, 1u << cfg.d, cfg.w, hc_sim_name(sim));
    printf("\n%-18s %3s %6s %5s %8s %10s %10s %10s %8s %9s\n", "algorithm", "d", pname, "beta",
           "packets", "cycles", "formula", "lower", "data", "lockstep");
    printf("%-18s %3u %6s %5lu %8llu %10llu %10s %10llu %8s %9s\n", aname, cfg.d, sbuf, beta,
           (unsigned long long)r.packets, (unsigned long long)r.cycles, fbuf,
           (unsigned long long)lower, data_ok ? "ok" : "FAILED", lockstep);
    printf("\n%-12s measured %llu, executor %llu (docs/store_and_forward.md, section 1), formula %s%s\n",
           "cycles", (unsigned long long)r.cycles, (unsigned long long)r.ref_cycles, fbuf,
           !has_formula ? "" : r.cycles == formula ? " (exact)" : " (DIFFERS)");
    if (from_file)
      printf("%-12s the executor's final memory (every word that is own data or written)\n", "expected");
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
    if (rc == HC_ETIMEOUT) printf("%-12s sf_done never rose (executor's completion + 8)\n", "error");
    if (rc == HC_EREFUSED) printf("%-12s the hardware refused a configuration write\n", "error");
  }
  if (jf) {
    fprintf(jf, "{\n  \"algo\": \"%s\",\n  \"source\": \"", aname);
    for (const char *q = asource; *q; q++) { /* a file name may hold quotes */
      if (*q == '"' || *q == '\\') fputc('\\', jf);
      if ((unsigned char)*q >= 0x20) fputc(*q, jf);
    }
    fprintf(jf, "\",\n  \"mode\": \"store_and_forward\",\n");
    fprintf(jf, "  \"backend\": \"%s\",\n  \"d\": %u,\n  \"w\": %u,\n", hc_sim_name(sim), cfg.d, cfg.w);
    if (!from_file) fprintf(jf, "  \"%s\": %u,\n", pname, size);
    fprintf(jf, "  \"beta\": %lu,\n  \"cycles\": %llu,\n  \"formula_cycles\": %s,\n", beta,
            (unsigned long long)r.cycles, has_formula ? fbuf : "null");
    fprintf(jf, "  \"formula_exact\": %s,\n  \"lower_bound_cycles\": %llu,\n",
            has_formula ? (formula_ok ? "true" : "false") : "null", (unsigned long long)lower);
    fprintf(jf, "  \"executor_cycles\": %llu,\n  \"packets\": %llu,\n  \"words\": %llu,\n",
            (unsigned long long)r.ref_cycles, (unsigned long long)r.packets, (unsigned long long)r.words);
    if (optimum) fprintf(jf, "  \"optimal_transmissions\": %llu,\n", (unsigned long long)optimum);
    fprintf(jf, "  \"words_checked\": %llu,\n  \"data_ok\": %s,\n  \"counters_ok\": %s,\n",
            (unsigned long long)r.checked, data_ok ? "true" : "false", r.counters_ok ? "true" : "false");
    fprintf(jf, "  \"lockstep\": \"%s\",\n  \"status\": %d\n}\n", lockstep, rc);
    fclose(jf);
  }
  hc_driver_free(drv);
  hc_backend_close(be);
  hc_sched_case_free(&c);
  return ok ? 0 : 1;
}
