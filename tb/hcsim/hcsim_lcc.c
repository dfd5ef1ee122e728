/*
** `hcsim --algo lcc`: a linear-complement communication (Hou et al.,
** shared/seeds/004) on the wormhole network, with its channel contention
** counted three ways side by side (Theorem 1 from ranks, the e-cube path
** walk, the hardware counters of RTL and model) and, optionally, the
** processor reordering of the paper applied by the network interfaces'
** address map: --remap none, opt (the single LCC's optimum, Fig. 3 or
** Theorem 4), or dp (the Section 5 dynamic programme over the LCCs named by
** --lccs, the run's own LCC included).
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hc_gtkw.h"
#include "hc_lcc_run.h"
#include "hc_cli.h"
#include "hc_rtl.h"

int hc_lcc_main(int argc, char **argv);


/* Read an LCC file: the rows of A in gf2.h's text form, and a line
** "b <vector>" (optional). */
static void read_lcc_file(const char *path, int n, hc_lcc_kind kind, hc_lcc *out) {
  FILE *f = fopen(path, "r");
  if (!f) hc_cli_die("--lcc-file %s: %s", path, strerror(errno));
  static char a[65536], b[256];
  char line[1024];
  size_t used = 0;
  b[0] = 0;
  while (fgets(line, sizeof line, f)) {
    const char *p = line + strspn(line, " \t");
    if ((p[0] == 'b' || p[0] == 'B') && (p[1] == ' ' || p[1] == '=' || p[1] == ':' || p[1] == '\t')) {
      snprintf(b, sizeof b, "%s", p + 2 + strspn(p + 2, " =:\t"));
      b[strcspn(b, "\r\n")] = 0;
      continue;
    }
    size_t len = strlen(line);
    if (used + len + 1 > sizeof a) hc_cli_die("--lcc-file %s: too large", path);
    memcpy(a + used, line, len + 1);
    used += len;
  }
  fclose(f);
  char err[256];
  if (hc_lcc_parse(a, b, n, kind, out, err, sizeof err) != HC_OK)
    hc_cli_die("--lcc-file %s: %s", path, err);
}

static void print_row(const char *name, const uint64_t *t, int n) {
  printf("%-22s", name);
  for (int i = 0; i < n; i++) printf(" %5llu", (unsigned long long)t[i]);
  printf("   T = %llu\n", (unsigned long long)hc_lcc_max(t, n));
}

static void json_arr(FILE *f, const char *key, const uint64_t *t, int n) {
  fprintf(f, "  \"%s\": [", key);
  for (int i = 0; i < n; i++) fprintf(f, "%s%llu", i ? ", " : "", (unsigned long long)t[i]);
  fprintf(f, "],\n");
}

int hc_lcc_main(int argc, char **argv) {
  const char *preset = NULL, *a_text = NULL, *b_text = NULL, *file = NULL, *remap = "none";
  const char *lccs = NULL, *json = NULL, *waves = NULL, *objective = "maxmax";
  hc_cfg built, cfg = {4, 16, 2, 4};
  const int have_rtl = hc_rtl_built_cfg(&built) == HC_OK;
  if (have_rtl) cfg = built;
  hc_sim sim = have_rtl ? HC_SIM_BOTH : HC_SIM_MODEL;
  unsigned long k = 20;
  int quiet = 0, check_only = 0;
  hc_lcc_kind kind = HC_LCC_AUTO;
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
    if (strcmp(key, "--algo") == 0) continue;
    else if (strcmp(key, "--lcc") == 0) preset = v;
    else if (strcmp(key, "--lcc-a") == 0) a_text = v;
    else if (strcmp(key, "--lcc-b") == 0) b_text = v;
    else if (strcmp(key, "--lcc-file") == 0) file = v;
    else if (strcmp(key, "--lcc-kind") == 0) {
      if (strcmp(v, "auto") == 0) kind = HC_LCC_AUTO;
      else if (strcmp(v, "lcp") == 0) kind = HC_LCP;
      else if (strcmp(v, "lcg") == 0) kind = HC_LCG;
      else if (strcmp(v, "lcs") == 0) kind = HC_LCS;
      else hc_cli_die("--lcc-kind: '%s' is not auto, lcp, lcg or lcs", v);
    }
    else if (strcmp(key, "--remap") == 0) remap = v;
    else if (strcmp(key, "--lccs") == 0) lccs = v;
    else if (strcmp(key, "--objective") == 0) objective = v;
    else if (strcmp(key, "--d") == 0) cfg.d = (unsigned)hc_cli_num(key, v, 1, HC_LCC_PATH_MAX_N);
    else if (strcmp(key, "--k") == 0) k = hc_cli_num(key, v, 1, 65536);
    else if (strcmp(key, "--w") == 0) cfg.w = (unsigned)hc_cli_num(key, v, 1, HC_MAX_W);
    else if (strcmp(key, "--buf") == 0) cfg.buf_depth = (unsigned)hc_cli_num(key, v, 1, HC_MAX_DEPTH);
    else if (strcmp(key, "--inj") == 0) cfg.inj_depth = (unsigned)hc_cli_num(key, v, 1, HC_MAX_DEPTH);
    else if (strcmp(key, "--seed") == 0) (void)hc_cli_num(key, v, 0, (unsigned long)-1);
    else if (strcmp(key, "--json") == 0) json = v;
    else if (strcmp(key, "--waves") == 0) waves = v;
    else if (strcmp(key, "--sim") == 0) {
      if (hc_sim_parse(v, &sim) != 0) hc_cli_die("--sim: '%s' is not model, rtl or both", v);
    } else hc_cli_die("unknown option '%s' with --algo lcc (see docs/lcc.md)", key);
  }
  if (preset && strcmp(preset, "list") == 0) {
    int count;
    const hc_lcc_preset_info *p = hc_lcc_presets(&count);
    printf("LCC presets (Hou et al., shared/seeds/004):\n");
    for (int i = 0; i < count; i++)
      printf("  %-14s %s [%s]%s\n", p[i].name, p[i].desc, p[i].section, p[i].even_only ? " (even d)" : "");
    return 0;
  }
  const int n = (int)cfg.d;
  if (cfg.w < cfg.d) hc_cli_die("--w %u is smaller than d = %u", cfg.w, cfg.d);
  if (!!preset + !!a_text + !!file != 1) hc_cli_die("--algo lcc needs exactly one of --lcc NAME, --lcc-a MATRIX, --lcc-file PATH");
  if (b_text && !a_text) hc_cli_die("--lcc-b needs --lcc-a");

  hc_lcc l;
  char err[256];
  if (preset) {
    int rc = hc_lcc_preset(preset, n, &l);
    if (rc == HC_EUNKNOWN) hc_cli_die("unknown LCC preset '%s' (see docs/lcc.md)", preset);
    if (rc == HC_ESIZE) hc_cli_die("LCC preset '%s' needs an even d, not %d", preset, n);
    if (rc != HC_OK) hc_cli_die("LCC preset '%s' at d=%d: %s", preset, n, hc_strerror(rc));
  } else if (a_text) {
    if (hc_lcc_parse(a_text, b_text, n, kind, &l, err, sizeof err) != HC_OK)
      hc_cli_die("--lcc-a: %s", err);
  } else {
    read_lcc_file(file, n, kind, &l);
  }
  if (preset && kind != HC_LCC_AUTO && kind != l.kind)
    hc_cli_die("LCC preset '%s' is an %s, not an %s", preset, hc_lcc_kind_name(l.kind), hc_lcc_kind_name(kind));

  int order[32], *use_order = NULL;
  uint64_t dp_cost = 0;
  if (strcmp(remap, "opt") == 0) {
    if (hc_lcc_optimize(&l, order) != HC_OK) hc_cli_die("--remap opt: no optimizer result");
    use_order = order;
  } else if (strcmp(remap, "dp") == 0) {
    hc_lcc_objective obj;
    if (hc_lcc_objective_parse(objective, &obj) != HC_OK)
      hc_cli_die("--objective: '%s' is not maxmax, maxsum or sumsum", objective);
    if (!lccs) hc_cli_die("--remap dp needs --lccs NAME,NAME,... (make sim ... LCCS=...)");
    static hc_lcc set[64];
    int m = 0;
    set[m++] = l;
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", lccs);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
      if (m == 64) hc_cli_die("--lccs: more than 63 LCCs");
      int rc = hc_lcc_preset(tok, n, &set[m]);
      if (rc == HC_EUNKNOWN) hc_cli_die("--lccs: unknown LCC preset '%s'", tok);
      if (rc != HC_OK) hc_cli_die("--lccs: preset '%s' at d=%d: %s", tok, n, hc_strerror(rc));
      if (preset && strcmp(tok, preset) == 0) continue; /* already in as the run's LCC */
      m++;
    }
    int rc = hc_lcc_dp(set, m, obj, order, &dp_cost);
    if (rc == HC_ETOOBIG || rc == HC_ENOMEM) hc_cli_die("--remap dp: the problem is too large for memory at d=%d", n);
    if (rc != HC_OK) hc_cli_die("--remap dp: %s", hc_strerror(rc));
    use_order = order;
  } else if (strcmp(remap, "none") != 0) {
    hc_cli_die("--remap: '%s' is not none, opt or dp", remap);
  }

  if (check_only) return 0; /* make sim validates before building RTL */
  hc_cli_check_backend(sim, &cfg, have_rtl, &built);
  FILE *jf = NULL;
  if (json && !(jf = fopen(json, "w"))) hc_cli_die("--json: cannot write '%s': %s", json, strerror(errno));
  if (waves && sim == HC_SIM_MODEL) {
    fprintf(stderr, "hcsim: note: the model has no waveform; --waves ignored\n");
    waves = NULL;
  }

  hc_backend *be;
  hc_driver *drv;
  if (hc_backend_open(sim, &cfg, waves, &be) != HC_OK || hc_driver_new(be, &drv) != HC_OK)
    hc_cli_die("cannot open the %s backend", hc_sim_name(sim));
  if (waves) {
    char gtkw[4096];
    if (hc_gtkw_beside(waves, &cfg, gtkw, sizeof gtkw) == 0)
      fprintf(stderr, "hcsim: waveform %s, GTKWave view %s\n", waves, gtkw);
  }
  hc_lcc_result r;
  const uint64_t limit = 1000000ULL + (1ULL << n) * (k + 4) * 64;
  int rc = hc_lcc_run(drv, &l, use_order, (unsigned)k, limit, &r);
  const hc_mismatch *mm = hc_backend_mismatch(be);
  const char *lockstep = sim == HC_SIM_BOTH ? (mm ? "mismatch" : "match") : "n/a";

  if (!quiet) {
    printf("%-22s %s (%s), d=%d, k=%lu flits, %llu messages\n", "lcc", preset ? preset : (file ? file : "A,b"),
           hc_lcc_kind_name(l.kind), n, k, (unsigned long long)r.messages);
    printf("%-22s %s", "remap", remap);
    if (use_order) {
      printf(" (bit order");
      for (int i = 0; i < n; i++) printf(" %d", order[i]);
      printf(")");
      if (strcmp(remap, "dp") == 0) printf(", %s cost %llu", objective, (unsigned long long)dp_cost);
    }
    printf("\n%-22s", "dimension");
    for (int i = 0; i < n; i++) printf(" %5d", i);
    printf("\n");
    print_row(r.phys.kind == HC_LCS ? "Theorem 1 (paper)" : "Theorem 1", r.t_theorem, n);
    if (r.phys.kind == HC_LCS) print_row("e-cube exact (ranks)", r.t_exact, n);
    print_row("e-cube paths", r.t_paths, n);
    print_row("hardware counters", r.t_hardware, n);
    printf("%-22s %llu (%s)\n", "least reachable T", (unsigned long long)r.bound,
           l.kind == HC_LCP ? "Corollary 1" : "Corollary 2");
    printf("%-22s %s\n", "agree", r.agree ? "yes" : "NO");
    printf("%-22s %s (%llu cycles)\n", "data", r.data_ok ? "ok" : "FAILED", (unsigned long long)r.cycles);
    printf("%-22s %s\n", "lockstep", lockstep);
    if (mm)
      printf("%-22s cycle %llu node %u %s: model 0x%x rtl 0x%x\n", "mismatch", (unsigned long long)mm->cycle,
             mm->node, mm->where, mm->expected, mm->actual);
    if (rc != HC_OK) printf("%-22s %s (%s)\n", "error", hc_status_name(rc), hc_strerror(rc));
  }
  if (jf) {
    fprintf(jf, "{\n  \"algo\": \"lcc\",\n  \"lcc\": \"%s\",\n  \"kind\": \"%s\",\n", preset ? preset : "custom",
            hc_lcc_kind_name(l.kind));
    fprintf(jf, "  \"backend\": \"%s\",\n  \"mode\": \"wormhole\",\n  \"d\": %d,\n  \"k\": %lu,\n  \"remap\": \"%s\",\n",
            hc_sim_name(sim), n, k, remap);
    fprintf(jf, "  \"order\": [");
    for (int i = 0; i < n; i++) fprintf(jf, "%s%d", i ? ", " : "", use_order ? order[i] : i);
    fprintf(jf, "],\n");
    json_arr(jf, "t_theorem", r.t_theorem, n);
    json_arr(jf, "t_exact", r.t_exact, n);
    json_arr(jf, "t_paths", r.t_paths, n);
    json_arr(jf, "t_hardware", r.t_hardware, n);
    fprintf(jf, "  \"T\": %llu,\n  \"bound\": %llu,\n  \"agree\": %s,\n", (unsigned long long)hc_lcc_max(r.t_paths, n),
            (unsigned long long)r.bound, r.agree ? "true" : "false");
    fprintf(jf, "  \"messages\": %llu,\n  \"cycles\": %llu,\n  \"data_ok\": %s,\n  \"lockstep\": \"%s\",\n",
            (unsigned long long)r.messages, (unsigned long long)r.cycles, r.data_ok ? "true" : "false", lockstep);
    fprintf(jf, "  \"status\": %d\n}\n", rc);
    fclose(jf);
  }
  int fail = rc != HC_OK || !r.agree || !r.data_ok || mm;
  hc_driver_free(drv);
  hc_backend_close(be);
  return fail ? 1 : 0;
}
