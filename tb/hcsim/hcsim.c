/*
** hcsim, the command-line simulator of the hypercube wormhole network: it
** builds a backend (the C model, the Verilated RTL, or both in lockstep; see
** tb/hc_backend.h), puts the message-level driver with its exactly-once
** scoreboard on it (tb/hc_driver.h), feeds it a synthetic traffic pattern or
** a message-list file (tb/hc_traffic.h) for a number of cycles, lets the
** network drain, and reports what happened: messages injected and delivered,
** the scoreboard's lost/duplicated/corrupted counts, the lockstep verdict,
** latency and accepted throughput over a measurement window after a warm-up,
** and the busiest channels from the routers' own counters; optionally a JSON
** report with every channel counter and an FST waveform of the RTL. Every
** input is validated up front: a bad one is a single "hcsim: ..." line on
** stderr and exit status 2; a failed check (lockstep mismatch, a message lost,
** duplicated or corrupted, a network that does not drain) is exit status 1.
** Usage and the report are described in docs/hcsim.md.
*/
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hc_backend.h"
#include "hc_driver.h"
#include "hc_model.h"
#include "hc_rtl.h"
#include "hc_gtkw.h"
#include "lcc.h"
#include "hc_traffic.h"

#if defined(__GNUC__) || defined(__clang__)
#define HC_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define HC_NORETURN __attribute__((noreturn))
#else
#define HC_PRINTF(a, b)
#define HC_NORETURN
#endif

#define EXIT_CHECK 1 /* a check failed */
#define EXIT_USAGE 2 /* bad input */

/* Largest cycle count of --cycles, --warmup and --drain: times stay exact doubles. */
#define MAX_CYCLES 1000000000000000ULL /* 10^15 */

/* ------------------------------------------------------------ messages */

/* Print "hcsim: <msg>" on stderr and exit with status 2 (bad input). */
static void usage_error(const char *fmt, ...) HC_PRINTF(1, 2) HC_NORETURN;
static void usage_error(const char *fmt, ...) {
  va_list ap;
  fputs("hcsim: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  exit(EXIT_USAGE);
}

/* Print "hcsim: <msg>" on stderr (a note or a failed check). */
static void say(const char *fmt, ...) HC_PRINTF(1, 2);
static void say(const char *fmt, ...) {
  va_list ap;
  fputs("hcsim: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}

static void print_help(void) {
  fputs(
      "usage: hcsim [options]\n"
      "Simulate the hypercube wormhole network under synthetic or file traffic.\n"
      "\n"
      "  --sim model|rtl|both  backend (default both if this binary has RTL, else model)\n"
      "  --d N                 cube dimension, N = 2^d nodes (default: the RTL's, else 4)\n"
      "  --w N                 flit payload bits, d..30 (default: the RTL's, else 16)\n"
      "  --buf N               router input buffer depth, 1..16 (default: the RTL's, else 2)\n"
      "  --inj N               NI injection queue depth, 1..16 (default: the RTL's, else 4)\n"
      "  --traffic NAME        uniform bitrev transpose revflip hotspot neighbor file\n"
      "                        (default uniform; file when only --file is given)\n"
      "  --rate R              offered load, flits/cycle/node in [0,1] (default 0.1)\n"
      "  --len L               flits per message, >= 1 (default 20)\n"
      "  --cycles N            cycles with traffic generation (default 10000)\n"
      "  --warmup N            measure messages created from cycle N on (default 1000)\n"
      "  --drain N             max extra cycles to drain (default 200000)\n"
      "  --seed N              PRNG seed (default 1)\n"
      "  --file PATH           message list for --traffic file: lines 'cycle src dest len'\n"
      "  --hot-node N          hotspot: the hot node (default 0)\n"
      "  --hot-frac F          hotspot: fraction of messages to it, [0,1] (default 0.2)\n"
      "  --mode wormhole|saf   switching: wormhole, or store-and-forward by header\n"
      "                        (a message moves on only when it is all in the buffer;\n"
      "                        needs every message length <= --buf) (default wormhole)\n"
      "  --waves PATH          write an FST waveform of the RTL (rtl, both)\n"
      "  --json PATH           write the JSON report to PATH\n"
      "  --quiet               print nothing on stdout\n"
      "  --help                this text\n"
      "Options take their value as --opt VALUE or --opt=VALUE.\n"
      "Exit status: 0 ok, 1 a check failed, 2 bad input. See docs/hcsim.md.\n",
      stdout);
}

/* ------------------------------------------------------------- options */

typedef enum opt_id {
  O_SIM,
  O_D,
  O_W,
  O_BUF,
  O_INJ,
  O_TRAFFIC,
  O_RATE,
  O_LEN,
  O_CYCLES,
  O_WARMUP,
  O_DRAIN,
  O_SEED,
  O_FILE,
  O_HOT_NODE,
  O_HOT_FRAC,
  O_WAVES,
  O_JSON,
  O_QUIET,
  O_REMAP,
  O_LCCS,
  O_MODE,
  O_HELP,
  O_NUM
} opt_id;

static const struct optdef {
  const char *name;
  int has_arg;
} optdefs[O_NUM] = {
    [O_SIM] = {"sim", 1},
    [O_D] = {"d", 1},
    [O_W] = {"w", 1},
    [O_BUF] = {"buf", 1},
    [O_INJ] = {"inj", 1},
    [O_TRAFFIC] = {"traffic", 1},
    [O_RATE] = {"rate", 1},
    [O_LEN] = {"len", 1},
    [O_CYCLES] = {"cycles", 1},
    [O_WARMUP] = {"warmup", 1},
    [O_DRAIN] = {"drain", 1},
    [O_SEED] = {"seed", 1},
    [O_FILE] = {"file", 1},
    [O_HOT_NODE] = {"hot-node", 1},
    [O_HOT_FRAC] = {"hot-frac", 1},
    [O_WAVES] = {"waves", 1},
    [O_JSON] = {"json", 1},
    [O_QUIET] = {"quiet", 0},
    [O_REMAP] = {"remap", 1},
    [O_LCCS] = {"lccs", 1},
    [O_MODE] = {"mode", 1},
    [O_HELP] = {"help", 0},
};

typedef struct opts {
  int set[O_NUM]; /* the option was given */
  hc_sim sim;
  unsigned d, w, buf, inj;
  hc_pattern traffic;
  double rate;
  unsigned len;
  uint64_t cycles, warmup, drain, seed;
  const char *file, *waves, *json, *remap, *lccs;
  unsigned hot_node;
  double hot_frac;
  int quiet;
  unsigned mode; /* HC_MODE_WORMHOLE or HC_MODE_SAF */
} opts;

/*
** Parse an unsigned decimal integer (digits only: no sign, space or base
** prefix) for option name into *out, in [lo, hi]; exits 2 otherwise.
*/
static uint64_t parse_uint(const char *name, const char *s, uint64_t lo, uint64_t hi) {
  uint64_t v = 0;
  const char *p = s;
  if (*p < '0' || *p > '9') usage_error("--%s expects an unsigned integer, got '%s'", name, s);
  for (; *p >= '0' && *p <= '9'; p++) {
    unsigned dg = (unsigned)(*p - '0');
    if (v > (UINT64_MAX - dg) / 10u)
      usage_error("--%s %s is too large (at most %" PRIu64 ")", name, s, hi);
    v = v * 10u + dg;
  }
  if (*p != '\0')
    usage_error("--%s expects an unsigned integer, got '%s' (trailing '%s')", name, s, p);
  if (v < lo || v > hi)
    usage_error("--%s %s is out of range %" PRIu64 "..%" PRIu64, name, s, lo, hi);
  return v;
}

/* Parse a finite decimal number for option name, in [lo, hi]; exits 2 otherwise. */
static double parse_real(const char *name, const char *s, double lo, double hi) {
  char *end = NULL;
  if (*s == '\0' || !(*s == '.' || *s == '+' || *s == '-' || (*s >= '0' && *s <= '9')))
    usage_error("--%s expects a number, got '%s'", name, s);
  double v = strtod(s, &end); /* an underflow to 0 or a denormal is fine here */
  if (end == s) usage_error("--%s expects a number, got '%s'", name, s);
  if (*end != '\0') usage_error("--%s expects a number, got '%s' (trailing '%s')", name, s, end);
  if (!(isfinite(v) && v >= lo && v <= hi))
    usage_error("--%s %s is out of range [%g, %g]", name, s, lo, hi);
  return v;
}

/* Fill o from argv; exits 0 after --help and 2 on any syntax or range error. */
static void parse_args(int argc, char **argv, opts *o) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "-h") == 0) a = "--help";
    if (strncmp(a, "--", 2) != 0 || a[2] == '\0') {
      if (a[0] == '-') usage_error("unknown option '%s' (try --help)", a);
      usage_error("unexpected argument '%s' (options are --name VALUE; try --help)", a);
    }
    const char *name = a + 2, *eq = strchr(name, '=');
    size_t nlen = eq ? (size_t)(eq - name) : strlen(name);
    int id = -1;
    for (int k = 0; k < O_NUM; k++) {
      if (strlen(optdefs[k].name) == nlen && strncmp(optdefs[k].name, name, nlen) == 0) {
        id = k;
        break;
      }
    }
    if (id < 0) usage_error("unknown option '--%.*s' (try --help)", (int)nlen, name);
    const char *on = optdefs[id].name;
    const char *val = NULL;
    if (optdefs[id].has_arg) {
      if (eq) {
        val = eq + 1;
      } else {
        if (i + 1 >= argc || strncmp(argv[i + 1], "--", 2) == 0)
          usage_error("option --%s needs a value", on);
        val = argv[++i];
      }
    } else if (eq) {
      usage_error("option --%s takes no value", on);
    }
    o->set[id] = 1;
    switch ((opt_id)id) {
      case O_SIM:
        if (hc_sim_parse(val, &o->sim) != 0)
          usage_error("--sim must be model, rtl or both, got '%s'", val);
        break;
      case O_D:
        o->d = (unsigned)parse_uint(on, val, 1, HC_MODEL_MAX_D);
        break;
      case O_W:
        o->w = (unsigned)parse_uint(on, val, 1, HC_MAX_W);
        break;
      case O_BUF:
        o->buf = (unsigned)parse_uint(on, val, 1, HC_MAX_DEPTH);
        break;
      case O_INJ:
        o->inj = (unsigned)parse_uint(on, val, 1, HC_MAX_DEPTH);
        break;
      case O_TRAFFIC:
        if (hc_pattern_parse(val, &o->traffic) != HC_OK)
          usage_error(
              "unknown traffic '%s' (uniform, bitrev, transpose, revflip, hotspot, "
              "neighbor, file)",
              val);
        break;
      case O_RATE:
        o->rate = parse_real(on, val, 0.0, 1.0);
        break;
      case O_LEN:
        o->len = (unsigned)parse_uint(on, val, 1, HC_TRAFFIC_MAX_LEN);
        break;
      case O_CYCLES:
        o->cycles = parse_uint(on, val, 1, MAX_CYCLES);
        break;
      case O_WARMUP:
        o->warmup = parse_uint(on, val, 0, MAX_CYCLES);
        break;
      case O_DRAIN:
        o->drain = parse_uint(on, val, 0, MAX_CYCLES);
        break;
      case O_SEED:
        o->seed = parse_uint(on, val, 0, UINT64_MAX);
        break;
      case O_FILE:
        if (*val == '\0') usage_error("--file needs a path");
        o->file = val;
        break;
      case O_HOT_NODE:
        o->hot_node = (unsigned)parse_uint(on, val, 0, (1u << HC_MODEL_MAX_D) - 1u);
        break;
      case O_HOT_FRAC:
        o->hot_frac = parse_real(on, val, 0.0, 1.0);
        break;
      case O_WAVES:
        if (*val == '\0') usage_error("--waves needs a path");
        o->waves = val;
        break;
      case O_JSON:
        if (*val == '\0') usage_error("--json needs a path");
        o->json = val;
        break;
      case O_QUIET:
        o->quiet = 1;
        break;
      case O_REMAP:
        if (strcmp(val, "none") != 0 && strcmp(val, "opt") != 0 && strcmp(val, "dp") != 0)
          usage_error("--remap: '%s' is not none, opt or dp", val);
        o->remap = val;
        break;
      case O_LCCS:
        o->lccs = val;
        break;
      case O_MODE:
        if (strcmp(val, "wormhole") == 0) o->mode = HC_MODE_WORMHOLE;
        else if (strcmp(val, "saf") == 0) o->mode = HC_MODE_SAF;
        else usage_error("--mode: '%s' is not wormhole or saf (schedules run with --algo)", val);
        break;
      case O_HELP:
        print_help();
        exit(0);
      case O_NUM:
        break;
    }
  }
}

/* -------------------------------------------------------------- results */

/* Counters of one output port. */
typedef struct port_ctr {
  uint32_t v[HC_CNT_NUM];
} port_ctr;

typedef struct result {
  uint64_t total_cycles; /* cycles simulated, drain included */
  uint64_t drain_cycles; /* cycles after the traffic phase */
  int drained;           /* everything delivered at the end */
  int stopped;           /* the run stopped early (mismatch or error) */
  int mismatch;          /* lockstep mismatch (also counters) */
  hc_mismatch mm;
  int counters_checked;    /* hc_backend_check_counters ran */
  uint64_t win_lo, win_hi; /* measurement window [win_lo, win_hi) */
  uint64_t win_flits;      /* flits ejected in it */
  uint64_t win_offered;    /* flits created in it */
  double rate_offered;     /* configured, or from the file */
  hc_stats st;
  int fail;
} result;

static const char *const cnt_json[HC_CNT_NUM] = {"flits", "messages", "busy_cycles",
                                                 "blocked_cycles", "max_waiting"};

/* Write s as a JSON string literal. */
static void json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\')
      fprintf(f, "\\%c", *p);
    else if (*p < 0x20)
      fprintf(f, "\\u%04x", *p);
    else
      fputc(*p, f);
  }
  fputc('"', f);
}

/* Write a finite double as a JSON number (null if it is not finite). */
static void json_num(FILE *f, double v) {
  if (isfinite(v))
    fprintf(f, "%.10g", v);
  else
    fputs("null", f);
}

static void json_ports(FILE *f, hc_backend *be, unsigned n, unsigned d, int eject) {
  for (unsigned x = 0; x < n; x++) {
    for (unsigned i = 0; i < (eject ? 1u : d); i++) {
      const unsigned port = eject ? d : i;
      fprintf(f, "%s\n    {\"node\": %u, ", (x == 0 && i == 0) ? "" : ",", x);
      if (!eject) fprintf(f, "\"dim\": %u, ", i);
      for (unsigned id = 0; id < HC_CNT_NUM; id++)
        fprintf(f, "\"%s\": %" PRIu32 "%s", cnt_json[id], hc_backend_counter(be, x, port, id),
                id + 1 < HC_CNT_NUM ? ", " : "}");
    }
  }
}

/* Write the JSON report; returns 0, or -1 on a write error. */
static int write_json(FILE *f, const opts *o, const hc_cfg *cfg, hc_backend *be, const result *r) {
  const unsigned n = 1u << cfg->d, d = cfg->d;
  const hc_stats *st = &r->st;
  fputs("{\n", f);
  fprintf(f, "  \"backend\": \"%s\",\n", hc_sim_name(o->sim));
  fprintf(f, "  \"mode\": \"%s\",\n", o->mode == HC_MODE_SAF ? "saf" : "wormhole");
  fprintf(
      f,
      "  \"d\": %u,\n  \"nodes\": %u,\n  \"w\": %u,\n  \"buf_depth\": %u,\n  \"inj_depth\": %u,\n",
      d, n, cfg->w, cfg->buf_depth, cfg->inj_depth);
  fprintf(f, "  \"traffic\": \"%s\",\n", hc_pattern_name(o->traffic));
  fputs("  \"rate\": ", f);
  json_num(f, r->rate_offered);
  fputs(",\n  \"len\": ", f);
  if (o->traffic == HC_PAT_FILE)
    fputs("null", f);
  else
    fprintf(f, "%u", o->len);
  fputs(",\n  \"file\": ", f);
  if (o->traffic == HC_PAT_FILE)
    json_str(f, o->file);
  else
    fputs("null", f);
  if (o->traffic == HC_PAT_HOTSPOT) {
    fprintf(f, ",\n  \"hot_node\": %u,\n  \"hot_frac\": ", o->hot_node);
    json_num(f, o->hot_frac);
  } else {
    fputs(",\n  \"hot_node\": null,\n  \"hot_frac\": null", f);
  }
  fprintf(f, ",\n  \"seed\": %" PRIu64 ",\n", o->seed);
  fprintf(f,
          "  \"traffic_cycles\": %" PRIu64 ",\n  \"warmup\": %" PRIu64
          ",\n  \"drain_limit\": %" PRIu64 ",\n",
          o->cycles, o->warmup, o->drain);
  fprintf(f, "  \"cycles\": %" PRIu64 ",\n  \"drain_cycles\": %" PRIu64 ",\n  \"drained\": %s,\n",
          r->total_cycles, r->drain_cycles, r->drained ? "true" : "false");
  fprintf(f, "  \"messages_injected\": %" PRIu64 ",\n  \"messages_delivered\": %" PRIu64 ",\n",
          st->injected, st->delivered);
  fprintf(f,
          "  \"lost\": %" PRIu64 ",\n  \"duplicated\": %" PRIu64 ",\n  \"corrupted\": %" PRIu64
          ",\n",
          st->injected - st->delivered, st->duplicated, st->corrupted);
  fprintf(f, "  \"flits_delivered\": %" PRIu64 ",\n", st->flits_delivered);
  fprintf(f, "  \"lockstep\": \"%s\",\n",
          o->sim != HC_SIM_BOTH ? "n/a" : (r->mismatch ? "mismatch" : "match"));
  fputs("  \"mismatch\": ", f);
  if (r->mismatch) {
    fprintf(f, "{\"cycle\": %" PRIu64 ", \"node\": %u, \"where\": ", r->mm.cycle, r->mm.node);
    json_str(f, r->mm.where);
    fprintf(f,
            ", \"expected\": %" PRIu32 ", \"actual\": %" PRIu32 ", \"expected_hex\": \"0x%" PRIx32
            "\", \"actual_hex\": \"0x%" PRIx32 "\"}",
            r->mm.expected, r->mm.actual, r->mm.expected, r->mm.actual);
  } else {
    fputs("null", f);
  }
  fprintf(f, ",\n  \"counters_checked\": %s,\n", r->counters_checked ? "true" : "false");
  fprintf(f, "  \"window\": [%" PRIu64 ", %" PRIu64 "],\n", r->win_lo, r->win_hi);
  fprintf(f, "  \"measured_messages\": %" PRIu64 ",\n", st->measured);
  fputs("  \"avg_latency\": ", f);
  if (st->measured)
    json_num(f, st->latency_sum / (double)st->measured);
  else
    fputs("null", f);
  fputs(",\n  \"max_latency\": ", f);
  if (st->measured)
    fprintf(f, "%" PRIu64, st->latency_max);
  else
    fputs("null", f);
  fputs(",\n  \"throughput\": ", f);
  if (r->win_hi > r->win_lo)
    json_num(f, (double)r->win_flits / ((double)(r->win_hi - r->win_lo) * n));
  else
    fputs("null", f);
  fputs(",\n  \"offered_window\": ", f);
  if (r->win_hi > r->win_lo)
    json_num(f, (double)r->win_offered / ((double)(r->win_hi - r->win_lo) * n));
  else
    fputs("null", f);
  fprintf(f, ",\n  \"result\": \"%s\",\n", r->fail ? "fail" : "pass");
  fputs("  \"channels\": [", f);
  json_ports(f, be, n, d, 0);
  fputs("\n  ],\n  \"eject\": [", f);
  json_ports(f, be, n, d, 1);
  fputs("\n  ]\n}\n", f);
  return ferror(f) ? -1 : 0;
}

/* The human report on stdout. */
static void print_table(const opts *o, const hc_cfg *cfg, hc_backend *be, const result *r) {
  const unsigned n = 1u << cfg->d, d = cfg->d;
  const hc_stats *st = &r->st;
  printf("%-15s %s (%s)\n", "backend", hc_sim_name(o->sim),
         o->mode == HC_MODE_SAF ? "store-and-forward by header" : "wormhole");
  printf("%-15s d=%u (%u nodes), w=%u, buf=%u, inj=%u\n", "network", d, n, cfg->w, cfg->buf_depth,
         cfg->inj_depth);
  if (o->traffic == HC_PAT_FILE)
    printf("%-15s file %s: offered %.4g flits/cycle/node, len from the file\n", "traffic", o->file,
           r->rate_offered);
  else if (o->traffic == HC_PAT_HOTSPOT)
    printf("%-15s hotspot (node %u, fraction %g), offered %g flits/cycle/node, len %u\n", "traffic",
           o->hot_node, o->hot_frac, o->rate, o->len);
  else
    printf("%-15s %s, offered %g flits/cycle/node, len %u\n", "traffic",
           hc_pattern_name(o->traffic), o->rate, o->len);
  printf("%-15s %" PRIu64 " simulated: %" PRIu64 " with traffic (warmup %" PRIu64 "), %" PRIu64
         " to drain%s\n",
         "cycles", r->total_cycles, r->total_cycles - r->drain_cycles, o->warmup, r->drain_cycles,
         r->stopped ? " (run stopped early)"
                    : (r->drained ? "" : " (did not drain: deadlock or livelock?)"));
  printf("%-15s injected %" PRIu64 ", delivered %" PRIu64 "\n", "messages", st->injected,
         st->delivered);
  printf("%-15s %s %" PRIu64 ", duplicated %" PRIu64 ", corrupted %" PRIu64 "\n", "scoreboard",
         r->stopped ? "undelivered when the run stopped" : "lost", st->injected - st->delivered,
         st->duplicated, st->corrupted);
  printf("%-15s %s\n", "lockstep",
         o->sim != HC_SIM_BOTH ? "n/a" : (r->mismatch ? "MISMATCH" : "match"));
  if (r->mismatch)
    printf("%-15s cycle %" PRIu64 ", node %u, %s: expected (model) 0x%" PRIx32
           ", actual (rtl) 0x%" PRIx32 "\n",
           "mismatch", r->mm.cycle, r->mm.node, r->mm.where, r->mm.expected, r->mm.actual);
  if (st->measured)
    printf("%-15s avg %.2f cycles, max %" PRIu64 " (over %" PRIu64 " message%s created in [%" PRIu64
           ", %" PRIu64 "))\n",
           "latency", st->latency_sum / (double)st->measured, st->latency_max, st->measured,
           st->measured == 1 ? "" : "s", o->warmup, o->cycles);
  else
    printf("%-15s n/a (no message created in [%" PRIu64 ", %" PRIu64 ") was delivered)\n",
           "latency", o->warmup, o->cycles);
  if (r->win_hi > r->win_lo) {
    const double span = (double)(r->win_hi - r->win_lo) * n;
    printf("%-15s %.4f flits/cycle/node accepted in [%" PRIu64 ", %" PRIu64 ") (offered %.4f)\n",
           "throughput", (double)r->win_flits / span, r->win_lo, r->win_hi,
           (double)r->win_offered / span);
  } else {
    printf("%-15s n/a (the run stopped before the measurement window)\n", "throughput");
  }
  /* Busiest links, from the routers' counters (whole run). */
  uint32_t best_m = 0, best_b = 0;
  unsigned bm_x = 0, bm_i = 0, bb_x = 0, bb_i = 0;
  for (unsigned x = 0; x < n; x++) {
    for (unsigned i = 0; i < d; i++) {
      uint32_t m = hc_backend_counter(be, x, i, HC_CNT_MESSAGES);
      uint32_t b = hc_backend_counter(be, x, i, HC_CNT_BLOCKED);
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
    printf("%-15s node %u dim %u: %" PRIu32 " blocked cycle%s\n", "most blocked", bb_x, bb_i,
           best_b, best_b == 1 ? "" : "s");
  else
    printf("%-15s none (no head was ever blocked)\n", "most blocked");
  printf("%-15s %s\n", "result", r->fail ? "FAIL" : "pass");
}

/* ----------------------------------------------------------------- main */

int hc_algo_main(int argc, char **argv); /* tb/hcsim_algo.c */

/*
** The processor reordering for --remap: opt is the optimum of the LCC preset
** of the same name as the pattern (Fig. 3 of Hou et al.), dp the Section 5
** optimum (max of max) over the presets listed by --lccs. Exits 2 on bad input.
*/
static void order_for(const opts *o, int *order) {
  hc_lcc l;
  const char *name = hc_pattern_name(o->traffic);
  if (hc_lcc_preset(name, (int)o->d, &l) != HC_OK) usage_error("--remap: no LCC '%s' at d=%u", name, o->d);
  if (strcmp(o->remap, "opt") == 0) {
    if (hc_lcc_optimize(&l, order) != HC_OK) usage_error("--remap opt: the optimizer failed");
    return;
  }
  static hc_lcc set[64];
  int m = 0;
  char buf[1024];
  if (!o->lccs) usage_error("--remap dp needs --lccs NAME,NAME,...");
  snprintf(buf, sizeof buf, "%s", o->lccs);
  for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
    if (m == 64) usage_error("--lccs: more than 64 LCCs");
    int rc = hc_lcc_preset(tok, (int)o->d, &set[m]);
    if (rc == HC_EUNKNOWN) usage_error("--lccs: unknown LCC preset '%s'", tok);
    if (rc != HC_OK) usage_error("--lccs: preset '%s' at d=%u: %s", tok, o->d, hc_strerror(rc));
    m++;
  }
  uint64_t cost;
  int rc = hc_lcc_dp(set, m, HC_LCC_MAX_OF_MAX, order, &cost);
  if (rc != HC_OK) usage_error("--remap dp: %s", hc_strerror(rc));
}

int main(int argc, char **argv) {
  /* --algo runs a registered algorithm instead of synthetic traffic. */
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--algo") == 0 || strncmp(argv[i], "--algo=", 7) == 0)
      return hc_algo_main(argc, argv);
  opts o;
  memset(&o, 0, sizeof o);
  o.traffic = HC_PAT_UNIFORM;
  o.rate = 0.1;
  o.len = 20;
  o.cycles = 10000;
  o.warmup = 1000;
  o.drain = 200000;
  o.seed = 1;
  o.hot_node = 0;
  o.hot_frac = 0.2;
  parse_args(argc, argv, &o);
  int order[32] = {0};

  /* Backend and configuration. */
  hc_cfg built;
  memset(&built, 0, sizeof built);
  const int have_rtl = hc_rtl_built_cfg(&built) == HC_OK;
  if (!o.set[O_SIM]) o.sim = have_rtl ? HC_SIM_BOTH : HC_SIM_MODEL;
  if (o.sim != HC_SIM_MODEL && !have_rtl)
    usage_error(
        "--sim %s: this hcsim has no RTL linked (built without Verilator); "
        "run make sim (which builds it) or use --sim model",
        hc_sim_name(o.sim));
  if (!o.set[O_D]) o.d = have_rtl ? built.d : 4;
  if (!o.set[O_W]) o.w = have_rtl ? built.w : 16;
  if (!o.set[O_BUF]) o.buf = have_rtl ? built.buf_depth : 2;
  if (!o.set[O_INJ]) o.inj = have_rtl ? built.inj_depth : 4;
  if (o.sim != HC_SIM_MODEL &&
      (o.d != built.d || o.w != built.w || o.buf != built.buf_depth || o.inj != built.inj_depth))
    usage_error(
        "RTL in this binary is built for D=%u W=%u B=%u I=%u; run make sim (which builds "
        "it) or use --sim model",
        built.d, built.w, built.buf_depth, built.inj_depth);
  if (o.w < o.d)
    usage_error("--w %u is below --d %u: a head flit carries the destination in its payload", o.w,
                o.d);
  hc_cfg cfg = {o.d, o.w, o.buf, o.inj};
  if (hc_cfg_check(&cfg) != HC_OK) /* cannot happen after the checks above */
    usage_error("invalid configuration d=%u w=%u buf=%u inj=%u", o.d, o.w, o.buf, o.inj);
  const unsigned n = 1u << o.d;

  /* Traffic. */
  if (o.set[O_FILE] && !o.set[O_TRAFFIC]) o.traffic = HC_PAT_FILE;
  if (o.traffic == HC_PAT_FILE && !o.file) usage_error("--traffic file needs --file PATH");
  if (o.traffic != HC_PAT_FILE && o.file)
    usage_error("--file is only for --traffic file (got --traffic %s)", hc_pattern_name(o.traffic));
  if (o.hot_node >= n)
    usage_error("--hot-node %u is not a node of the %u-cube (0..%u)", o.hot_node, o.d, n - 1u);
  if (o.warmup >= o.cycles)
    usage_error("--warmup %" PRIu64 " must be below --cycles %" PRIu64
                " (latency and throughput are measured in [warmup, cycles))",
                o.warmup, o.cycles);

  hc_traffic *tr = NULL;
  if (o.traffic == HC_PAT_FILE) {
    hc_traffic_error terr;
    int rc = hc_traffic_new_file(o.d, o.file, &tr, &terr);
    if (rc != HC_OK) {
      if (rc == HC_ENOMEM) {
        say("out of memory reading %s", o.file);
        return EXIT_CHECK;
      }
      if (terr.line) usage_error("%s:%" PRIu64 ": %s", o.file, terr.line, terr.msg);
      usage_error("%s: %s", o.file, terr.msg);
    }
    uint64_t nf = 0;
    const hc_file_msg *fm = hc_traffic_file_msgs(tr, &nf);
    if (nf > 0 && fm[nf - 1].cycle >= o.cycles) {
      uint64_t k = 0;
      while (fm[k].cycle < o.cycles) k++;
      const uint64_t line = fm[k].line, cyc = fm[k].cycle;
      hc_traffic_free(tr);
      usage_error("%s:%" PRIu64 ": message at cycle %" PRIu64 " is not before --cycles %" PRIu64
                  " (traffic is created in cycles 0..%" PRIu64 "); raise --cycles",
                  o.file, line, cyc, o.cycles, o.cycles - 1u);
    }
    if (o.mode == HC_MODE_SAF)
      for (uint64_t k = 0; k < nf; k++)
        if (fm[k].len > o.buf) {
          const uint64_t line = fm[k].line;
          const unsigned len = fm[k].len;
          hc_traffic_free(tr);
          usage_error("%s:%" PRIu64 ": a %u-flit message cannot be stored and forwarded with --buf %u "
                      "(the whole message must fit one input buffer)", o.file, line, len, o.buf);
        }
    /* make sim always passes --rate and --len: only values changed from the defaults are news. */
    if ((o.set[O_RATE] && o.rate != 0.1) || (o.set[O_LEN] && o.len != 20))
      say("note: --rate and --len do not apply to --traffic file (the file gives every message)");
  } else {
    if (o.mode == HC_MODE_SAF && o.len > o.buf)
      usage_error("--mode saf needs --len <= --buf (%u): store-and-forward holds a whole message "
                  "in one input buffer, so a longer one would never move", o.buf);
    hc_traffic_cfg tc = {o.traffic, o.d, o.rate, o.len, o.seed, o.hot_node, o.hot_frac, 0, {0}};
    if (o.remap && strcmp(o.remap, "none") != 0) {
      if (!hc_pattern_is_permutation(o.traffic))
        usage_error("--remap applies to the permutation patterns bitrev, transpose and revflip");
      order_for(&o, order);
      tc.placed = 1;
      for (unsigned k = 0; k < o.d; k++) tc.place[k] = (uint8_t)order[k];
    }
    int rc = hc_traffic_new(&tc, &tr);
    if (rc != HC_OK) {
      if (rc == HC_ENOMEM) {
        say("out of memory");
        return EXIT_CHECK;
      }
      usage_error("invalid traffic configuration"); /* cannot happen: all checked above */
    }
  }
  if (o.traffic != HC_PAT_HOTSPOT && (o.set[O_HOT_NODE] || o.set[O_HOT_FRAC]))
    say("note: --hot-node and --hot-frac apply only to --traffic hotspot; ignored");

  /* Output files: found unwritable now rather than after the run. */
  FILE *jf = NULL;
  if (o.json) {
    errno = 0;
    jf = fopen(o.json, "w");
    if (!jf) {
      hc_traffic_free(tr);
      usage_error("--json %s: cannot write: %s", o.json, errno ? strerror(errno) : "error");
    }
  }
  const char *fst = NULL;
  if (o.waves) {
    if (o.sim == HC_SIM_MODEL) {
      say("note: the model has no waveform; --waves %s is ignored (use --sim rtl or both)",
          o.waves);
    } else {
      errno = 0;
      FILE *wf = fopen(o.waves, "w");
      if (!wf) {
        hc_traffic_free(tr);
        if (jf) fclose(jf);
        usage_error("--waves %s: cannot write: %s", o.waves, errno ? strerror(errno) : "error");
      }
      fclose(wf);
      fst = o.waves;
    }
  }

  hc_backend *be = NULL;
  int rc = hc_backend_open(o.sim, &cfg, fst, &be);
  if (rc != HC_OK) {
    hc_traffic_free(tr);
    if (jf) fclose(jf);
    if (rc == HC_ENORTL)
      usage_error(
          "RTL in this binary is built for D=%u W=%u B=%u I=%u; run make sim (which builds "
          "it) or use --sim model",
          built.d, built.w, built.buf_depth, built.inj_depth);
    if (rc == HC_ENOMEM)
      say("out of memory opening the backend");
    else
      say("cannot open the backend: %s", hc_strerror(rc));
    return EXIT_CHECK;
  }
  hc_driver *drv = NULL;
  if (hc_driver_new(be, &drv) != HC_OK) {
    hc_backend_close(be);
    hc_traffic_free(tr);
    if (jf) fclose(jf);
    say("out of memory creating the driver");
    return EXIT_CHECK;
  }
  hc_driver_measure_from(drv, o.warmup);
  if (o.mode != HC_MODE_WORMHOLE) {
    /* The mode register, written through the configuration port in cycle 0
    ** (in effect from cycle 1, before any flit can reach a router buffer). */
    if (hc_driver_set_mode(drv, o.mode) != HC_OK) {
      say("cannot write the mode register (out of memory, or d > 15)");
      return EXIT_CHECK;
    }
  }
  if (o.remap && strcmp(o.remap, "none") != 0) {
    uint8_t perm[HC_MODEL_MAX_D];
    for (unsigned k = 0; k < o.d; k++) perm[k] = (uint8_t)order[k];
    if (hc_driver_set_remap(drv, perm) != HC_OK) usage_error("--remap: not a bit permutation");
    if (!o.quiet) {
      printf("%-15s %s, bit order", "remap", o.remap);
      for (unsigned k = 0; k < o.d; k++) printf(" %d", order[k]);
      printf("\n");
    }
  }
  if (fst) {
    char gtkw[4096];
    if (hc_gtkw_beside(fst, &cfg, gtkw, sizeof gtkw) == 0) say("waveform %s, GTKWave view %s", fst, gtkw);
    else say("note: could not write the GTKWave save file %s: %s", gtkw, strerror(errno));
  }

  if (!o.quiet) {
    printf("%-15s %" PRIu64 "\n", "seed", o.seed);
    fflush(stdout);
  }

  /* Traffic phase. */
  result r;
  memset(&r, 0, sizeof r);
  r.win_lo = o.warmup;
  int err = 0; /* an error that is not a check: out of memory */
  uint64_t flits0 = 0, gen0 = 0, gen1 = 0;
  for (uint64_t c = 0; c < o.cycles; c++) {
    if (c == o.warmup) {
      flits0 = hc_driver_stats(drv)->flits_delivered;
      hc_traffic_generated(tr, NULL, &gen0);
    }
    rc = hc_traffic_tick(tr, drv);
    if (rc == HC_OK) rc = hc_driver_step(drv);
    if (rc != HC_OK) {
      r.stopped = 1;
      if (rc == HC_EMISMATCH)
        r.mismatch = 1;
      else
        err = rc;
      break;
    }
  }
  r.win_hi = hc_driver_cycle(drv) < o.cycles ? hc_driver_cycle(drv) : o.cycles;
  if (r.win_hi > r.win_lo) {
    r.win_flits = hc_driver_stats(drv)->flits_delivered - flits0;
    hc_traffic_generated(tr, NULL, &gen1);
    r.win_offered = gen1 - gen0;
  }
  const uint64_t traffic_end = hc_driver_cycle(drv);

  /* Drain. */
  if (!r.stopped) {
    rc = hc_driver_drain(drv, o.drain);
    if (rc == HC_OK) {
      r.drained = 1;
    } else if (rc == HC_EMISMATCH) {
      r.mismatch = 1;
      r.stopped = 1;
    } else if (rc != HC_ETIMEOUT) {
      err = rc;
      r.stopped = 1;
    }
  }
  r.total_cycles = hc_driver_cycle(drv);
  r.drain_cycles = r.total_cycles - traffic_end;
  if (o.sim == HC_SIM_BOTH && !r.mismatch && !err) {
    r.counters_checked = 1;
    if (hc_backend_check_counters(be) != HC_OK) r.mismatch = 1;
  }
  if (r.mismatch) r.mm = *hc_backend_mismatch(be);
  r.st = *hc_driver_stats(drv);
  if (o.traffic == HC_PAT_FILE) {
    uint64_t fl = 0;
    hc_traffic_generated(tr, NULL, &fl);
    r.rate_offered = (double)fl / ((double)o.cycles * n);
  } else {
    r.rate_offered = o.rate;
  }
  const uint64_t lost = r.st.injected - r.st.delivered;
  r.fail = r.mismatch || err || !r.drained || lost || r.st.duplicated || r.st.corrupted;

  if (!o.quiet) print_table(&o, &cfg, be, &r);

  /* Failed checks, one line each on stderr. */
  if (err)
    say("FAIL: %s at cycle %" PRIu64, err == HC_ENOMEM ? "out of memory" : "internal error",
        hc_driver_cycle(drv));
  if (r.mismatch)
    say("FAIL: lockstep mismatch at cycle %" PRIu64 ", node %u, %s: expected (model) 0x%" PRIx32
        ", actual (rtl) 0x%" PRIx32,
        r.mm.cycle, r.mm.node, r.mm.where, r.mm.expected, r.mm.actual);
  if (!r.stopped && !r.drained)
    say("FAIL: %" PRIu64 " messages still undelivered after --drain %" PRIu64
        " cycles (deadlock or livelock, or --drain too small)",
        lost, o.drain);
  if (lost && !r.stopped && r.drained) /* cannot happen: drained means all delivered */
    say("FAIL: %" PRIu64 " messages lost", lost);
  if (r.st.duplicated || r.st.corrupted)
    say("FAIL: scoreboard: %" PRIu64 " duplicated, %" PRIu64 " corrupted", r.st.duplicated,
        r.st.corrupted);

  int status = r.fail ? EXIT_CHECK : 0;
  if (jf) {
    int werr = write_json(jf, &o, &cfg, be, &r);
    if (fclose(jf) != 0) werr = -1;
    if (werr) {
      say("--json %s: write failed", o.json);
      status = EXIT_CHECK;
    }
  }
  hc_driver_free(drv);
  hc_backend_close(be);
  hc_traffic_free(tr);
  if (fflush(stdout) != 0) status = EXIT_CHECK;
  return status;
}
