/*
** The runner behind tb/test/hc_test.h: registration, selection by TESTCASE or
** COCOTB_TEST_FILTER, seeding, waveforms, the JUnit file and the closing
** summary. A test binary is this file's main() plus the test files linked
** into it; which backends it can use depends on whether the RTL shim or the
** stub was linked. Usage: `tb_rtl SUITE` runs the built RTL in lockstep with
** the model; `tb_model SUITE [D<d>_W<w>_B<b>_I<i>]` runs the model alone.
*/
#include "hc_test.h"

#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "hc_rtl.h"

typedef struct hc_test_entry {
  const char *name, *file;
  int line;
  hc_test_fn fn;
} hc_test_entry;

static hc_test_entry tests[512];
static unsigned ntests;
static int want_waves;
static char waves_dir[256]; /* build/waves/SUITE */

void hc_test_register(const char *name, hc_test_fn fn, const char *file, int line) {
  if (ntests == sizeof tests / sizeof tests[0]) {
    fprintf(stderr, "hc_test: too many tests\n");
    exit(2);
  }
  tests[ntests].name = name;
  tests[ntests].fn = fn;
  tests[ntests].file = file;
  tests[ntests].line = line;
  ntests++;
}

static int by_place(const void *a, const void *b) {
  const hc_test_entry *x = a, *y = b;
  int c = strcmp(x->file, y->file);
  return c ? c : x->line - y->line;
}

void hc_test_fail(hc_test_ctx *t, const char *file, int line, const char *fmt, ...) {
  if (t->failed) return;
  t->failed = 1;
  int n = snprintf(t->msg, sizeof t->msg, "%s:%d: ", file, line);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(t->msg + n, sizeof t->msg - (size_t)n, fmt, ap);
  va_end(ap);
  hc_log(t, "FAIL %s", t->msg);
}

void hc_log(hc_test_ctx *t, const char *fmt, ...) {
  unsigned long long cycle = t->drv ? (unsigned long long)hc_driver_cycle(t->drv) : 0;
  printf("[%10llu] %-28s ", cycle, t->name);
  va_list ap;
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  putchar('\n');
  fflush(stdout);
}

static uint64_t splitmix(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t hc_test_rand(hc_test_ctx *t) { return splitmix(&t->rng); }
unsigned hc_test_randn(hc_test_ctx *t, unsigned n) {
  return (unsigned)(hc_test_rand(t) % n);
}

hc_driver *hc_test_driver(hc_test_ctx *t, const hc_cfg *cfg) {
  char path[512];
  const char *fst = NULL;
  if (t->nowned == sizeof t->owned_be / sizeof t->owned_be[0]) {
    hc_test_fail(t, __FILE__, __LINE__, "too many backends in one test");
    return NULL;
  }
  if (want_waves && t->sim != HC_SIM_MODEL) {
    /* One file per backend: the first is TEST.fst, the k-th TEST_k.fst. */
    mkdir("build", 0777);
    mkdir("build/waves", 0777);
    mkdir(waves_dir, 0777);
    if (t->nopened == 0) snprintf(path, sizeof path, "%s/%s.fst", waves_dir, t->name);
    else snprintf(path, sizeof path, "%s/%s_%u.fst", waves_dir, t->name, t->nopened + 1);
    fst = path;
  }
  hc_backend *be;
  int rc = hc_backend_open(t->sim, cfg, fst, &be);
  if (rc != HC_OK) {
    hc_test_fail(t, __FILE__, __LINE__, "cannot open %s backend for d=%u w=%u b=%u i=%u: %s",
                 hc_sim_name(t->sim), cfg->d, cfg->w, cfg->buf_depth, cfg->inj_depth, hc_strerror(rc));
    return NULL;
  }
  hc_driver *drv;
  if (hc_driver_new(be, &drv) != HC_OK) {
    hc_backend_close(be);
    hc_test_fail(t, __FILE__, __LINE__, "out of memory");
    return NULL;
  }
  t->owned_be[t->nowned] = be;
  t->owned_drv[t->nowned] = drv;
  t->nowned++;
  t->nopened++;
  t->drv = drv;
  if (fst) hc_log(t, "waveform %s", fst);
  return drv;
}

void hc_test_close_driver(hc_test_ctx *t) {
  if (t->nowned == 0) return;
  t->nowned--;
  hc_driver_free(t->owned_drv[t->nowned]);
  hc_backend_close(t->owned_be[t->nowned]);
  t->drv = t->nowned ? t->owned_drv[t->nowned - 1] : NULL;
}

int hc_test_drain_and_check(hc_test_ctx *t, hc_driver *drv, uint64_t max_cycles) {
  int rc = hc_driver_drain(drv, max_cycles);
  if (rc == HC_OK) rc = hc_driver_check_counters(drv);
  const hc_mismatch *mm = hc_driver_mismatch(drv);
  if (mm) {
    hc_test_fail(t, __FILE__, __LINE__,
                 "lockstep mismatch at cycle %llu node %u %s: model 0x%x rtl 0x%x",
                 (unsigned long long)mm->cycle, mm->node, mm->where, mm->expected,
                 mm->actual);
    return 0;
  }
  const hc_stats *st = hc_driver_stats(drv);
  if (rc == HC_ETIMEOUT) {
    hc_test_fail(t, __FILE__, __LINE__, "did not drain in %llu cycles: %llu of %llu messages outstanding",
                 (unsigned long long)max_cycles, (unsigned long long)hc_driver_outstanding(drv),
                 (unsigned long long)st->injected);
    return 0;
  }
  if (rc != HC_OK || st->duplicated || st->corrupted || st->delivered != st->injected) {
    hc_test_fail(t, __FILE__, __LINE__,
                 "%s: injected %llu delivered %llu duplicated %llu corrupted %llu", hc_status_name(rc),
                 (unsigned long long)st->injected, (unsigned long long)st->delivered,
                 (unsigned long long)st->duplicated, (unsigned long long)st->corrupted);
    return 0;
  }
  return 1;
}

static int selected(const char *name, const char *list, regex_t *re) {
  if (re && regexec(re, name, 0, NULL, 0) != 0) return 0;
  if (!list || !*list) return 1;
  size_t n = strlen(name);
  for (const char *p = list; *p;) {
    const char *e = strchr(p, ',');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    if (len == n && strncmp(p, name, n) == 0) return 1;
    if (!e) break;
    p = e + 1;
  }
  return 0;
}

static void xml_escape(FILE *f, const char *s) {
  for (; *s; s++) {
    switch (*s) {
      case '<': fputs("&lt;", f); break;
      case '>': fputs("&gt;", f); break;
      case '&': fputs("&amp;", f); break;
      case '"': fputs("&quot;", f); break;
      default: fputc(*s, f);
    }
  }
}

static uint64_t parse_seed(const char *s, int *ok) {
  char *end;
  unsigned long long v = strtoull(s, &end, 0);
  *ok = (*s && !*end);
  return v;
}

/* The run's settings from the environment and the command line. */
typedef struct hc_run {
  const char *suite;
  const char *list;     /* TESTCASE */
  regex_t re, xre;      /* COCOTB_TEST_FILTER, HC_TEST_EXCLUDE */
  regex_t *rep, *xrep;  /* NULL: not given */
  uint64_t seed;
  hc_cfg cfg;
  hc_sim sim;
} hc_run;

/* Compile the regex of environment variable var, if set; returns -1 on a
** bad one (after saying so). */
static int env_regex(const char *suite, const char *var, regex_t *re, regex_t **out) {
  const char *v = getenv(var);
  *out = NULL;
  if (!v || !*v) return 0;
  if (regcomp(re, v, REG_EXTENDED | REG_NOSUB) != 0) {
    fprintf(stderr, "%s: %s '%s' is not a valid regex\n", suite, var, v);
    return -1;
  }
  *out = re;
  return 0;
}

/* TESTCASE, COCOTB_TEST_FILTER, RANDOM_SEED, WAVES and HC_TEST_EXCLUDE (our
** addition; cocotb has no negative filter: a regex of tests to leave out,
** e.g. the long store-and-forward runs on repeated seeds). Returns 0 or 2. */
static int read_env(hc_run *run) {
  const char *seed_s = getenv("RANDOM_SEED");
  if (!seed_s) seed_s = getenv("COCOTB_RANDOM_SEED");
  const char *waves = getenv("WAVES");
  want_waves = waves && strcmp(waves, "1") == 0;
  snprintf(waves_dir, sizeof waves_dir, "build/waves/%s", run->suite);
  for (char *p = waves_dir + strlen("build/waves/"); *p; p++)
    if (*p == '/') *p = '_';
  run->list = getenv("TESTCASE");
  run->seed = (uint64_t)time(NULL);
  if (seed_s) {
    int ok;
    run->seed = parse_seed(seed_s, &ok);
    if (!ok) {
      fprintf(stderr, "%s: RANDOM_SEED '%s' is not a number\n", run->suite, seed_s);
      return 2;
    }
  }
  if (env_regex(run->suite, "COCOTB_TEST_FILTER", &run->re, &run->rep) != 0) return 2;
  if (env_regex(run->suite, "HC_TEST_EXCLUDE", &run->xre, &run->xrep) != 0) return 2;
  return 0;
}

/* The configuration: the linked RTL's (lockstep), or for model-only
** binaries D<d>_W<w>_B<b>_I<i>[_Q] from argv[2] (default: the contract's
** HC_DEFAULT_*; _Q: the registered route, route_reg = 1). Returns 0 or 2. */
static int pick_config(int argc, char **argv, hc_run *run) {
  hc_cfg def = {HC_DEFAULT_D, HC_DEFAULT_W, HC_DEFAULT_B, HC_DEFAULT_I, {0, 0, 0}, HC_ROUTE_ECUBE, 0};
  run->cfg = def;
  run->sim = HC_SIM_MODEL;
  if (hc_rtl_built_cfg(&run->cfg) == HC_OK) {
    run->sim = HC_SIM_BOTH;
  } else if (argc > 2) {
    hc_cfg *c = &run->cfg;
    int n = 0;
    const int got = sscanf(argv[2], "D%u_W%u_B%u_I%u%n", &c->d, &c->w, &c->buf_depth, &c->inj_depth, &n);
    const char *rest = got == 4 ? argv[2] + n : "";
    c->route_reg = strcmp(rest, "_Q") == 0;
    if (got != 4 || (*rest != '\0' && !c->route_reg) || hc_cfg_check(c) != HC_OK) {
      fprintf(stderr, "%s: '%s' is not a valid configuration D<d>_W<w>_B<b>_I<i>[_Q]\n", run->suite, argv[2]);
      return 2;
    }
  }
  return 0;
}

/* Run test i; its JUnit line goes to xml (may be NULL). Returns 1 if it failed. */
static int run_test(const hc_run *run, unsigned i, FILE *xml) {
  hc_test_ctx t;
  memset(&t, 0, sizeof t);
  t.name = tests[i].name;
  t.cfg = run->cfg;
  t.sim = run->sim;
  t.seed = run->seed ^ (0x9e3779b97f4a7c15ULL * (i + 1));
  t.rng = t.seed;
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  unsigned long asserts = hc_rtl_assert_failures();
  tests[i].fn(&t);
  /* Whatever the test checked: a failed RTL assertion fails it. */
  if (hc_rtl_assert_failures() != asserts)
    hc_test_fail(&t, __FILE__, __LINE__, "an RTL assertion failed (message above)");
  clock_gettime(CLOCK_MONOTONIC, &b);
  double secs = (double)(b.tv_sec - a.tv_sec) + 1e-9 * (double)(b.tv_nsec - a.tv_nsec);
  hc_log(&t, "%s (%.2f s)", t.failed ? "FAIL" : "PASS", secs);
  while (t.nowned) hc_test_close_driver(&t);
  if (xml) {
    fprintf(xml, "  <testcase classname=\"%s\" name=\"%s\" time=\"%.3f\">", run->suite, t.name, secs);
    if (t.failed) {
      fputs("<failure message=\"", xml);
      xml_escape(xml, t.msg);
      fputs("\"/>", xml);
    }
    fputs("</testcase>\n", xml);
  }
  return t.failed;
}

/* The JUnit file, only where asked: HC_RESULTS_XML (tools/run_tests.sh, one
** file per binary) or COCOTB_RESULTS_FILE as in cocotb. A binary run by hand
** writes nothing into the suite's results. NULL when not asked, or (after
** saying so, *bad set) when the file cannot be written. */
static FILE *open_xml(const char *suite, int *bad) {
  const char *xml_path = getenv("HC_RESULTS_XML");
  if (!xml_path || !*xml_path) xml_path = getenv("COCOTB_RESULTS_FILE");
  *bad = 0;
  if (!xml_path || !*xml_path) return NULL;
  FILE *xml = fopen(xml_path, "w");
  if (!xml) {
    fprintf(stderr, "%s: cannot write the results file '%s'\n", suite, xml_path);
    *bad = 1;
  }
  if (xml) fprintf(xml, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n<testsuite name=\"%s\">\n", suite);
  return xml;
}

/* A filter that selects nothing is a mistake (as in cocotb), unless the
** caller runs several binaries with one filter and counts itself
** (HC_TEST_ALLOW_EMPTY=1, tools/run_tests.sh). Says so and returns 1. */
static int no_match(const hc_run *run, unsigned ran) {
  const char *allow = getenv("HC_TEST_ALLOW_EMPTY");
  const char *filter = getenv("COCOTB_TEST_FILTER");
  if (ran > 0 || !((run->list && *run->list) || (filter && *filter))) return 0;
  if (allow && strcmp(allow, "1") == 0) return 0;
  fprintf(stderr, "%s: no test matches TESTCASE='%s' COCOTB_TEST_FILTER='%s'\n", run->suite,
          run->list ? run->list : "", filter ? filter : "");
  return 1;
}

/* Verilator's run-time arguments (+verilator+rand+reset+2,
** +verilator+seed+N: the randomised-reset runs, docs/verification.md) are
** taken out of argv, which keeps the suite and the configuration, and
** handed to every RTL simulation (hc_rtl_set_args; nothing without RTL).
** Returns how many there were. */
static int take_verilator_args(int *argc, char **argv) {
  static const char *vl[8];
  int n = 0, k = 1;
  vl[n++] = argv[0];
  for (int i = 1; i < *argc; i++) {
    if (strncmp(argv[i], "+verilator+", 11) == 0 && n < 8) vl[n++] = argv[i];
    else argv[k++] = argv[i];
  }
  *argc = k;
  argv[k] = NULL;
  if (n > 1) hc_rtl_set_args(n, vl);
  return n - 1;
}

int main(int argc, char **argv) {
  hc_run run;
  memset(&run, 0, sizeof run);
  const int nvl = take_verilator_args(&argc, argv);
  run.suite = argc > 1 ? argv[1] : "tb";
  if (read_env(&run) != 0 || pick_config(argc, argv, &run) != 0) return 2;
  const hc_sf_geom g = hc_sf_geom_resolve(run.cfg.sf);
  printf("%s: backend %s, d=%u w=%u buf=%u inj=%u%s, store-and-forward geometry %u,%u,%u%s\n", run.suite,
         hc_sim_name(run.sim), run.cfg.d, run.cfg.w, run.cfg.buf_depth, run.cfg.inj_depth,
         run.cfg.route_reg ? ", registered route" : "", g.bank_aw, g.seg_aw, g.desc_aw,
         run.sim == HC_SIM_MODEL ? " (enlarged per case by the store-and-forward tests)" : "");
  printf("%s: RANDOM_SEED=%llu (set RANDOM_SEED to replay)\n", run.suite, (unsigned long long)run.seed);
  if (nvl > 0) printf("%s: %d Verilator argument%s handed to the RTL\n", run.suite, nvl, nvl == 1 ? "" : "s");

  qsort(tests, ntests, sizeof tests[0], by_place);
  int bad;
  FILE *xml = open_xml(run.suite, &bad);
  if (bad) return 2;
  unsigned passed = 0, failed = 0;
  char (*fails)[160] = calloc(ntests ? ntests : 1, sizeof *fails);
  for (unsigned i = 0; i < ntests; i++) {
    if (!selected(tests[i].name, run.list, run.rep)) continue;
    if (run.xrep && regexec(run.xrep, tests[i].name, 0, NULL, 0) == 0) continue;
    if (run_test(&run, i, xml)) snprintf(fails[failed++], sizeof fails[0], "%s", tests[i].name);
    else passed++;
  }
  if (xml) {
    fputs("</testsuite>\n</testsuites>\n", xml);
    fclose(xml);
  }
  if (run.rep) regfree(run.rep);
  if (run.xrep) regfree(run.xrep);
  printf("%s: summary: %u tests, %u passed, %u failed (seed %llu)\n", run.suite, passed + failed, passed, failed,
         (unsigned long long)run.seed);
  for (unsigned k = 0; k < failed; k++) printf("%s:   FAILED %s\n", run.suite, fails[k]);
  free(fails);
  printf("%u passed, %u failed\n", passed, failed);
  return no_match(&run, passed + failed) ? 1 : failed ? 1 : 0;
}
