/*
** `hcsim --algo lcc`: a linear-complement communication (Hou et al.,
** shared/seeds/004) on the wormhole network, with its channel contention
** counted three ways side by side (Theorem 1 from ranks, the e-cube path
** walk, the hardware counters of RTL and model) and, optionally, the
** processor reordering of the paper applied by the network interfaces'
** address map: --remap none, opt (the single LCC's optimum, Fig. 3 or
** Theorem 4), or dp (the Section 5 dynamic programme over the LCCs named by
** --lccs, the run's own LCC included). The reordering is also what the
** traffic mode's --remap uses (hcsim_remap_order).
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "hc_lcc_run.h"
#include "hc_report.h"
#include "hcsim.h"

void hcsim_remap_check(const hcsim_opts *o) {
  const int dp = strcmp(o->remap, "dp") == 0;
  if (o->lccs && !dp) hcsim_die("--lccs lists the LCCs of --remap dp; it does not apply to --remap %s", o->remap);
  if (o->set[HO_OBJECTIVE] && !dp)
    hcsim_die("--objective is the objective of --remap dp; it does not apply to --remap %s", o->remap);
}

void hcsim_remap_order(const hcsim_opts *o, const hc_lcc *l, int dp_with_l, hc_lcc_objective obj,
                       int *order, uint64_t *cost) {
  const unsigned d = o->cfg.d;
  if (strcmp(o->remap, "opt") == 0) {
    if (hc_lcc_optimize(l, order) != HC_OK) hcsim_die("--remap opt: the optimizer failed");
    return;
  }
  if (!o->lccs)
    hcsim_die("--remap dp needs --lccs NAME,NAME,...%s", o->mode->run == hcsim_lcc ? " (make sim ... LCCS=...)" : "");
  static hc_lcc set[64];
  char why[256];
  int m = 0;
  if (dp_with_l) set[m++] = *l;
  if (hc_lcc_preset_list(o->lccs, (int)d, dp_with_l ? o->lcc : NULL, set, 64, &m, why, sizeof why) != HC_OK)
    hcsim_die("--lccs %s: %s", o->lccs, why);
  uint64_t c = 0;
  int rc = hc_lcc_dp(set, m, obj, order, &c);
  if (rc == HC_ETOOBIG || rc == HC_ENOMEM) hcsim_die("--remap dp: the problem is too large for memory at d=%u", d);
  if (rc != HC_OK) hcsim_die("--remap dp: %s", hc_strerror(rc));
  if (cost) *cost = c;
}

/*
** Read an LCC file (hc_lcc_parse_file: the rows of A, at most one b line,
** lines of any length). A directory, a read error and what the parser
** refuses are one line naming the file (and the line).
*/
static void read_lcc_file(const char *path, int n, hc_lcc_kind kind, hc_lcc *out) {
  FILE *f = fopen(path, "r");
  struct stat sb;
  if (!f) hcsim_die("--lcc-file %s: %s", path, strerror(errno));
  if (fstat(fileno(f), &sb) == 0 && S_ISDIR(sb.st_mode)) hcsim_die("--lcc-file %s: is a directory", path);
  char *text = NULL, err[256];
  size_t len = 0, cap = 0, got;
  errno = 0;
  do {
    if (len == cap && !(text = realloc(text, cap = 2 * cap + 4096))) hcsim_die("out of memory reading --lcc-file %s", path);
    got = fread(text + len, 1, cap - len, f);
    len += got;
  } while (got > 0);
  if (ferror(f)) hcsim_die("--lcc-file %s: read error: %s", path, errno ? strerror(errno) : "unknown error");
  fclose(f);
  unsigned long line;
  if (hc_lcc_parse_file(text, len, n, kind, out, &line, err, sizeof err) != HC_OK) {
    if (line) hcsim_die("--lcc-file %s:%lu: %s", path, line, err);
    hcsim_die("--lcc-file %s: %s", path, err);
  }
  free(text);
}

/* The run's LCC: a preset (--lcc), a matrix (--lcc-a, --lcc-b) or a file. */
static void get_lcc(const hcsim_opts *o, hc_lcc *l) {
  const int n = (int)o->cfg.d;
  char err[256];
  if (!!o->lcc + !!o->lcc_a + !!o->lcc_file != 1)
    hcsim_die("--algo lcc needs exactly one of --lcc NAME, --lcc-a MATRIX, --lcc-file PATH");
  if (o->lcc_b && !o->lcc_a) hcsim_die("--lcc-b needs --lcc-a");
  if (o->lcc) {
    int rc = hc_lcc_preset(o->lcc, n, l);
    if (rc == HC_EUNKNOWN) hcsim_die("unknown LCC preset '%s' (see docs/lcc.md)", o->lcc);
    if (rc == HC_ESIZE) hcsim_die("LCC preset '%s' needs an even d, not %d", o->lcc, n);
    if (rc != HC_OK) hcsim_die("LCC preset '%s' at d=%d: %s", o->lcc, n, hc_strerror(rc));
    if (o->lcc_kind != HC_LCC_AUTO && o->lcc_kind != l->kind)
      hcsim_die("LCC preset '%s' is an %s, not an %s", o->lcc, hc_lcc_kind_name(l->kind),
                hc_lcc_kind_name(o->lcc_kind));
  } else if (o->lcc_a) {
    if (hc_lcc_parse(o->lcc_a, o->lcc_b, n, o->lcc_kind, l, err, sizeof err) != HC_OK)
      hcsim_die("--lcc-a: %s", err);
  } else {
    read_lcc_file(o->lcc_file, n, o->lcc_kind, l);
  }
}

static void print_row(const char *name, const uint64_t *t, int n) {
  printf("%-22s", name);
  for (int i = 0; i < n; i++) printf(" %5llu", (unsigned long long)t[i]);
  printf("   T = %llu\n", (unsigned long long)hc_lcc_max(t, n));
}

static void print_lcc(const hcsim_opts *o, const hc_lcc *l, const int *order, uint64_t dp_cost,
                      const hc_lcc_result *r, int rc, const hc_mismatch *mm) {
  const int n = (int)o->cfg.d;
  printf("%-22s %s (%s), d=%d, k=%lu flits, %llu messages\n", "lcc",
         o->lcc ? o->lcc : (o->lcc_file ? o->lcc_file : "A,b"), hc_lcc_kind_name(l->kind), n, o->k,
         (unsigned long long)r->messages);
  printf("%-22s %s", "remap", o->remap);
  if (order) {
    printf(" (bit order");
    for (int i = 0; i < n; i++) printf(" %d", order[i]);
    printf(")");
    if (strcmp(o->remap, "dp") == 0) printf(", %s cost %llu", o->objective, (unsigned long long)dp_cost);
  }
  printf("\n%-22s", "dimension");
  for (int i = 0; i < n; i++) printf(" %5d", i);
  printf("\n");
  print_row(r->phys.kind == HC_LCS ? "Theorem 1 (paper)" : "Theorem 1", r->t_theorem, n);
  if (r->phys.kind == HC_LCS) print_row("e-cube exact (ranks)", r->t_exact, n);
  print_row("e-cube paths", r->t_paths, n);
  print_row("hardware counters", r->t_hardware, n);
  printf("%-22s %llu (%s)\n", "least reachable T", (unsigned long long)r->bound,
         l->kind == HC_LCP ? "Corollary 1" : "Corollary 2");
  printf("%-22s %s\n", "agree", r->agree ? "yes" : "NO");
  printf("%-22s %s (%llu cycles)\n", "data", r->data_ok ? "ok" : "FAILED", (unsigned long long)r->cycles);
  printf("%-22s %s\n", "lockstep", hc_report_lockstep(o->sim, mm));
  if (mm) hc_report_mismatch(stdout, 22, mm);
  if (rc != HC_OK) printf("%-22s %s (%s)\n", "error", hc_status_name(rc), hc_strerror(rc));
}

static void json_arr(FILE *f, const char *key, const uint64_t *t, int n) {
  fprintf(f, "  \"%s\": ", key);
  hc_json_u64s(f, t, n);
  fprintf(f, ",\n");
}

static void json_lcc(FILE *f, const hcsim_opts *o, hc_driver *drv, const hc_lcc *l, const int *order,
                     const hc_lcc_result *r, int rc, const hc_mismatch *mm) {
  const int n = (int)o->cfg.d;
  fprintf(f, "{\n  \"algo\": \"lcc\",\n  \"lcc\": ");
  hc_json_str(f, o->lcc ? o->lcc : "custom");
  fprintf(f, ",\n  \"kind\": \"%s\",\n", hc_lcc_kind_name(l->kind));
  fprintf(f, "  \"backend\": \"%s\",\n  \"mode\": \"wormhole\",\n  \"d\": %d,\n  \"k\": %lu,\n  \"remap\": \"%s\",\n",
          hc_sim_name(o->sim), n, o->k, o->remap);
  fprintf(f, "  \"order\": [");
  for (int i = 0; i < n; i++) fprintf(f, "%s%d", i ? ", " : "", order ? order[i] : i);
  fprintf(f, "],\n");
  json_arr(f, "t_theorem", r->t_theorem, n);
  json_arr(f, "t_exact", r->t_exact, n);
  json_arr(f, "t_paths", r->t_paths, n);
  json_arr(f, "t_hardware", r->t_hardware, n);
  fprintf(f, "  \"T\": %llu,\n  \"bound\": %llu,\n  \"agree\": %s,\n", (unsigned long long)hc_lcc_max(r->t_paths, n),
          (unsigned long long)r->bound, r->agree ? "true" : "false");
  fprintf(f, "  \"messages\": %llu,\n  \"cycles\": %llu,\n  \"data_ok\": %s,\n  \"lockstep\": \"%s\",\n",
          (unsigned long long)r->messages, (unsigned long long)r->cycles, r->data_ok ? "true" : "false",
          hc_report_lockstep(o->sim, mm));
  fprintf(f, "  \"status\": %d,\n", rc);
  hc_json_counters(f, drv, o->cfg.d);
  fputs("\n}\n", f);
}

static void list_presets(void) {
  int count;
  const hc_lcc_preset_info *p = hc_lcc_presets(&count);
  printf("LCC presets (Hou et al., shared/seeds/004):\n");
  for (int i = 0; i < count; i++)
    printf("  %-14s %s [%s]%s\n", p[i].name, p[i].desc, p[i].section, p[i].even_only ? " (even d)" : "");
}

int hcsim_lcc(hcsim_opts *o) {
  if (o->lcc && strcmp(o->lcc, "list") == 0) {
    list_presets();
    return 0;
  }
  hcsim_config(o);
  hcsim_remap_check(o);
  hc_lcc l;
  get_lcc(o, &l);
  int order[32], *use_order = NULL;
  uint64_t dp_cost = 0;
  if (strcmp(o->remap, "none") != 0) {
    hc_lcc_objective obj = HC_LCC_MAX_OF_MAX;
    if (strcmp(o->remap, "dp") == 0 && hc_lcc_objective_parse(o->objective, &obj) != HC_OK) /* checked when parsed */
      hcsim_die("--objective: '%s' is not maxmax, maxsum or sumsum", o->objective);
    hcsim_remap_order(o, &l, 1, obj, order, &dp_cost);
    use_order = order;
  }
  if (o->check_only) return 0; /* make sim validates before building RTL */
  hcsim_run run;
  hcsim_open(o, &run);
  hc_lcc_result r;
  const uint64_t limit = 1000000ULL + (1ULL << o->cfg.d) * (o->k + 4) * 64;
  const int rc = hc_lcc_run(run.drv, &l, use_order, (unsigned)o->k, limit, &r);
  const hc_mismatch *mm = hc_driver_mismatch(run.drv);
  if (!o->quiet) print_lcc(o, &l, use_order, dp_cost, &r, rc, mm);
  if (run.json) json_lcc(run.json, o, run.drv, &l, use_order, &r, rc, mm);
  const int fail = rc != HC_OK || !r.agree || !r.data_ok || mm;
  return hcsim_close(o, &run, fail ? HCSIM_EXIT_CHECK : 0);
}
