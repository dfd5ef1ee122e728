/*
** hcsim's command line, parsed once for every mode (tb/hcsim/hcsim.h):
** options are long GNU style, "--name VALUE" or "--name=VALUE", spelled out
** in full; integers are plain decimal digits, rates and fractions decimal
** numbers. Each mode takes a set of the options; one it does not take is
** reported as unknown, with where that mode's options are described. Values
** are checked here against their ranges (--d and --k against the mode's);
** what depends on several options is checked by the mode. The parser
** never exits: a refusal is its first message in o->why and a status,
** which main turns into the "hcsim: ..." line and exit status 2 (so that a
** harness, tests/fuzz/fuzz_args.c, can reach every refusal in-process).
*/
#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hcsim.h"

/* Largest cycle count of --cycles, --warmup and --drain: times stay exact doubles. */
#define MAX_CYCLES 1000000000000000ULL /* 10^15 */

static const struct optdef {
  const char *name;
  int has_arg;
} optdefs[HO_NUM] = {
    [HO_SIM] = {"sim", 1},          [HO_D] = {"d", 1},
    [HO_W] = {"w", 1},              [HO_BUF] = {"buf", 1},
    [HO_INJ] = {"inj", 1},          [HO_SEED] = {"seed", 1},
    [HO_JSON] = {"json", 1},        [HO_WAVES] = {"waves", 1},
    [HO_QUIET] = {"quiet", 0},      [HO_TRAFFIC] = {"traffic", 1},
    [HO_RATE] = {"rate", 1},        [HO_LEN] = {"len", 1},
    [HO_CYCLES] = {"cycles", 1},    [HO_WARMUP] = {"warmup", 1},
    [HO_DRAIN] = {"drain", 1},      [HO_FILE] = {"file", 1},
    [HO_HOT_NODE] = {"hot-node", 1}, [HO_HOT_FRAC] = {"hot-frac", 1},
    [HO_MODE] = {"mode", 1},        [HO_ROUTING] = {"routing", 1},
    [HO_HELP] = {"help", 0},
    [HO_SAMPLE_PERIOD] = {"sample-period", 1}, [HO_FLOWS] = {"flows", 0},
    [HO_WATCHDOG] = {"watchdog", 1}, [HO_BACKLOG] = {"backlog", 1},
    [HO_PROGRESS] = {"progress", 0},
    [HO_ALGO] = {"algo", 1},        [HO_CHECK_ARGS] = {"check-args", 0},
    [HO_SFGEOM] = {"sfgeom", 1},
    [HO_K] = {"k", 1},              [HO_M] = {"m", 1},
    [HO_BETA] = {"beta", 1},        [HO_SCHED] = {"sched", 1},
    [HO_G] = {"g", 1},              [HO_SRC] = {"src", 1},
    [HO_DST] = {"dst", 1},          [HO_PERM] = {"perm", 1},
    [HO_NWAVES] = {"nwaves", 1}, [HO_N] = {"n", 1},
    [HO_RHS] = {"rhs", 1},
    [HO_TAU] = {"tau", 1},          [HO_XI] = {"xi", 1},
    [HO_SWITCHING] = {"switching", 1}, [HO_OVERLAP] = {"overlap", 1},
    [HO_BARRIER] = {"barrier", 1},
    [HO_LCC] = {"lcc", 1},          [HO_LCC_A] = {"lcc-a", 1},
    [HO_LCC_B] = {"lcc-b", 1},      [HO_LCC_FILE] = {"lcc-file", 1},
    [HO_LCC_KIND] = {"lcc-kind", 1}, [HO_REMAP] = {"remap", 1},
    [HO_LCCS] = {"lccs", 1},        [HO_OBJECTIVE] = {"objective", 1},
    [HO_ROUTE_REG] = {"route-reg", 1},
    [HO_DELIVERIES] = {"deliveries", 1},
    [HO_REGION] = {"region", 1},    [HO_DEPS] = {"deps", 1},
    [HO_FLIT_BYTES] = {"flit-bytes", 1},
};

const char *hcsim_opt_name(hcsim_opt id, int *has_arg) {
  assert(id < HO_NUM);
  if (has_arg) *has_arg = optdefs[id].has_arg;
  return optdefs[id].name;
}

/* The routing names of hc_route.c, "ecube, pcube, ...", into buf. */
static const char *routing_list(char *buf, size_t size) {
  size_t k = 0;
  buf[0] = '\0';
  for (unsigned r = 0; r < HC_ROUTE_NUM && k < size; r++)
    k += (size_t)snprintf(buf + k, size - k, "%s%s", r ? ", " : "", hc_routing_name(r));
  return buf;
}

void hcsim_print_routings(void) {
  for (unsigned r = 0; r < HC_ROUTE_NUM; r++) printf("%-8s %s\n", hc_routing_name(r), hc_routing_label(r));
}

void hcsim_print_help(void) {
  char names[256];
  fputs(
      "usage: hcsim [options]\n"
      "Simulate the hypercube wormhole network under synthetic or file traffic.\n"
      "\n"
      "  --sim model|rtl|both  backend (default both if this binary has RTL, else model)\n"
      "  --d N                 cube dimension, N = 2^d nodes (default: the RTL's, else 4)\n"
      "  --w N                 flit payload bits, d..30 (default: the RTL's, else 16, or d if larger)\n"
      "  --buf N               router input buffer depth, 1..16 (default: the RTL's, else 2)\n"
      "  --inj N               NI injection queue depth, 1..16 (default: the RTL's, else 4)\n"
      "  --route-reg 0|1       1: the routers register their route, 2 cycles per hop\n"
      "                        (RouteReg; default: the RTL's, else 0)\n"
      "  --traffic NAME        uniform bitrev transpose revflip hotspot neighbor file netrace\n"
      "                        (default uniform; file when only --file is given)\n"
      "  --rate R              offered load, flits/cycle/node in [0,1] (default 0.1)\n"
      "  --len L               flits per message, >= 1 (default 20)\n"
      "  --cycles N            cycles with traffic generation (default 10000;\n"
      "                        netrace: the replay's last cycle + 1)\n"
      "  --warmup N            measure messages created from cycle N on (default 1000;\n"
      "                        netrace: 0)\n"
      "  --drain N             max extra cycles to drain (default 200000)\n"
      "  --seed N              PRNG seed (default 1)\n"
      "  --file PATH           message list for --traffic file: lines 'cycle src dest len';\n"
      "                        for --traffic netrace a netrace trace (.tra.bz2)\n"
      "  --region all|K        netrace: the region (program phase) to replay (default all)\n"
      "  --deps on|off         netrace: a packet waits for the packets it depends on\n"
      "                        (default on)\n"
      "  --flit-bytes N        netrace: bytes a flit carries, 1..1024; a packet of B bytes\n"
      "                        is ceil(B/N) flits (default 16: control 1 flit, data 5)\n"
      "  --hot-node N          hotspot: the hot node (default 0)\n"
      "  --hot-frac F          hotspot: fraction of messages to it, [0,1] (default 0.2)\n"
      "  --mode wormhole|saf   switching: wormhole, or store-and-forward by header\n"
      "                        (a message moves on only when it is all in the buffer;\n"
      "                        needs every message length <= --buf) (default wormhole)\n"
      "  --sample-period N     cycles per sample period of the window, for the latency's\n"
      "                        confidence interval and the unstable verdict (default 1000,\n"
      "                        or a thousandth of the window where that is longer)\n"
      "  --flows               per (source, destination) figures in the JSON (d <= 10)\n"
      "  --watchdog N          stop when no flit moves for N cycles while messages are\n"
      "                        in flight, naming where they stand; 0 off (default 10000)\n"
      "  --backlog N           a node whose send queue holds N messages turns arrivals\n"
      "                        away (saturation with bounded queues); 0 none (default)\n"
      "  --progress            every 10 s a line on stderr: cycle, rate, time left\n",
      stdout);
  printf("  --routing NAME        routing function: %s\n"
         "                        (default ecube, the RTL's; the others run on the model\n"
         "                        only, docs/hou.md; --routing list describes them)\n",
         routing_list(names, sizeof names));
  fputs(
      "  --waves PATH          write an FST waveform of the RTL (rtl, both)\n"
      "  --json PATH           write the JSON report to PATH\n"
      "  --deliveries PATH     write a line per message delivered: the cycle its tail\n"
      "                        came out, source, the node it came out at, flits, and\n"
      "                        its creation cycle\n"
      "  --quiet               print nothing on stdout\n"
      "  --help                this text\n"
      "Options take their value as --opt VALUE or --opt=VALUE.\n"
      "Exit status: 0 ok, 1 a check failed, 2 bad input. See docs/hcsim.md.\n",
      stdout);
}

/* Refuse the command line: the first refusal's message is kept in o->why
** (what a later check would say about a value already refused is noise). */
static void refuse(hcsim_opts *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void refuse(hcsim_opts *o, const char *fmt, ...) {
  if (o->refused) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(o->why, sizeof o->why, fmt, ap);
  va_end(ap);
  o->refused = 1;
}

/*
** Parse an unsigned decimal integer (digits only: no sign, space or base
** prefix) for option name, in [lo, hi]; otherwise refuses and returns lo.
*/
static uint64_t parse_uint(hcsim_opts *o, const char *name, const char *s, uint64_t lo, uint64_t hi) {
  uint64_t v = 0;
  const char *p = s;
  if (*p < '0' || *p > '9') return refuse(o, "--%s expects an unsigned integer, got '%s'", name, s), lo;
  for (; *p >= '0' && *p <= '9'; p++) {
    unsigned dg = (unsigned)(*p - '0');
    if (v > (UINT64_MAX - dg) / 10u)
      return refuse(o, "--%s %s is too large (at most %" PRIu64 ")", name, s, hi), lo;
    v = v * 10u + dg;
  }
  if (*p != '\0')
    return refuse(o, "--%s expects an unsigned integer, got '%s' (trailing '%s')", name, s, p), lo;
  if (v < lo || v > hi)
    return refuse(o, "--%s %s is out of range %" PRIu64 "..%" PRIu64, name, s, lo, hi), lo;
  return v;
}

/* Whether s is a decimal number: [+-] digits [. digits] [e [+-] digits],
** with digits on at least one side of the point (no hex, inf or nan). */
static int is_decimal(const char *s) {
  size_t k = (s[0] == '+' || s[0] == '-'), a, b = 0;
  a = strspn(s + k, "0123456789");
  k += a;
  if (s[k] == '.') {
    b = strspn(s + k + 1, "0123456789");
    k += 1 + b;
  }
  if (a + b == 0) return 0;
  if (s[k] == 'e' || s[k] == 'E') {
    k++;
    if (s[k] == '+' || s[k] == '-') k++;
    const size_t e = strspn(s + k, "0123456789");
    if (e == 0) return 0;
    k += e;
  }
  return s[k] == '\0';
}

/* Parse a decimal number for option name, in [lo, hi]; otherwise refuses
** and returns lo, also when it is too small to be represented (1e-400
** would become 0). */
static double parse_real(hcsim_opts *o, const char *name, const char *s, double lo, double hi) {
  if (!is_decimal(s))
    return refuse(o, "--%s expects a decimal number such as 0.25 or 2.5e-1, got '%s'", name, s), lo;
  errno = 0;
  const double v = strtod(s, NULL);
  if ((errno == ERANGE || (v != 0.0 && fabs(v) < DBL_MIN)) && fabs(v) <= 1.0)
    return refuse(o, "--%s %s is too small to be represented (a nonzero value is at least %g); write 0 for none",
                  name, s, DBL_MIN), lo;
  if (!(isfinite(v) && v >= lo && v <= hi)) return refuse(o, "--%s %s is out of range [%g, %g]", name, s, lo, hi), lo;
  return v == 0.0 ? 0.0 : v; /* -0 is 0 */
}

static const char *parse_path(hcsim_opts *o, const char *name, const char *s) {
  if (*s == '\0') refuse(o, "--%s needs a path", name);
  return s;
}

/* BankAW,SegAW,DescAW, each HC_SF_AW_MIN..HC_SF_AW_MAX (make sim's SFGEOM). */
static hc_sf_geom parse_geom(hcsim_opts *o, const char *name, const char *s) {
  unsigned v[3] = {0, 0, 0};
  const char *p = s;
  for (int k = 0; k < 3 && !o->refused; k++) {
    char tok[24];
    const size_t len = strcspn(p, ",");
    if (len == 0 || len >= sizeof tok || (k < 2 && p[len] != ',') || (k == 2 && p[len] != '\0')) {
      refuse(o, "--%s expects BankAW,SegAW,DescAW (e.g. 12,10,7), got '%s'", name, s);
      break;
    }
    snprintf(tok, sizeof tok, "%.*s", (int)len, p);
    v[k] = (unsigned)parse_uint(o, name, tok, HC_SF_AW_MIN, HC_SF_AW_MAX);
    p += len + (k < 2);
  }
  return (hc_sf_geom){v[0], v[1], v[2]};
}

/* A value that must not be empty: what it is, for the message. */
static const char *nonempty(hcsim_opts *o, const char *name, const char *s, const char *what) {
  if (*s == '\0') refuse(o, "--%s needs %s, got ''", name, what);
  return s;
}

/* An option the mode does not take (len bytes of what). */
static void refuse_unknown(hcsim_opts *o, const char *what, int len) {
  const hcsim_mode *m = o->mode;
  if (!m->doc) refuse(o, "unknown option '%.*s' (try --help)", len, what);
  else
    refuse(o, "unknown option '%.*s' with --algo%s%s (see %s)", len, what, m->names_algo ? " " : "",
           m->names_algo && o->algo ? o->algo : "", m->doc);
}

/* The value of an option of the network, the run or the traffic: what
** parsing goes on to (--help and --routing list end it). */
static hcsim_parsed take_run(hcsim_opts *o, hcsim_opt id, const char *on, const char *val) {
  switch (id) {
    case HO_SIM:
      /* exec: the schedule's reference executor, for the store-and-forward
      ** modes only (schedules and node programs: the modes that take BETA) */
      o->exec_only = strcmp(val, "exec") == 0 && (o->mode->takes & HO_BIT(HO_BETA));
      if (o->exec_only) o->sim = HC_SIM_MODEL;
      else if (hc_sim_parse(val, &o->sim) != 0)
        refuse(o, "--sim must be model, rtl or both%s, got '%s'",
                  (o->mode->takes & HO_BIT(HO_BETA)) ? " (or exec)" : "", val);
      break;
    case HO_D: {
      const uint64_t d = parse_uint(o, on, val, 1, UINT64_MAX);
      if (d > o->mode->max_d) refuse(o, "--d %s is out of range 1..%u (%s)", val, o->mode->max_d, o->mode->max_d_why);
      o->cfg.d = (unsigned)d;
      break;
    }
    case HO_W: o->cfg.w = (unsigned)parse_uint(o, on, val, 1, HC_MAX_W); break;
    case HO_BUF: o->cfg.buf_depth = (unsigned)parse_uint(o, on, val, 1, HC_MAX_DEPTH); break;
    case HO_INJ: o->cfg.inj_depth = (unsigned)parse_uint(o, on, val, 1, HC_MAX_DEPTH); break;
    case HO_SEED: o->seed = parse_uint(o, on, val, 0, UINT64_MAX); break;
    case HO_JSON: o->json = parse_path(o, on, val); break;
    case HO_WAVES: o->waves = parse_path(o, on, val); break;
    case HO_QUIET: o->quiet = 1; break;
    case HO_TRAFFIC:
      if (hc_pattern_parse(val, &o->traffic) != HC_OK)
        refuse(o, "unknown traffic '%s' (uniform, bitrev, transpose, revflip, hotspot, neighbor, file, netrace)", val);
      break;
    case HO_RATE: o->rate = parse_real(o, on, val, 0.0, 1.0); break;
    case HO_LEN: o->len = (unsigned)parse_uint(o, on, val, 1, HC_TRAFFIC_MAX_LEN); break;
    case HO_CYCLES: o->cycles = parse_uint(o, on, val, 1, MAX_CYCLES); break;
    case HO_WARMUP: o->warmup = parse_uint(o, on, val, 0, MAX_CYCLES); break;
    case HO_DRAIN: o->drain = parse_uint(o, on, val, 0, MAX_CYCLES); break;
    case HO_FILE: o->file = parse_path(o, on, val); break;
    case HO_HOT_NODE: o->hot_node = (unsigned)parse_uint(o, on, val, 0, (1u << HC_MODEL_MAX_D) - 1u); break;
    case HO_HOT_FRAC: o->hot_frac = parse_real(o, on, val, 0.0, 1.0); break;
    case HO_SAMPLE_PERIOD: o->sample_period = parse_uint(o, on, val, 1, MAX_CYCLES); break;
    case HO_FLOWS: o->flows = 1; break;
    case HO_WATCHDOG: o->watchdog = parse_uint(o, on, val, 0, MAX_CYCLES); break;
    case HO_BACKLOG: o->backlog = (unsigned)parse_uint(o, on, val, 0, 1u << 20); break;
    case HO_PROGRESS: o->progress = 1; break;
    case HO_MODE:
      if (strcmp(val, "wormhole") == 0) o->switching = HC_MODE_WORMHOLE;
      else if (strcmp(val, "saf") == 0) o->switching = HC_MODE_SAF;
      else refuse(o, "--mode: '%s' is not wormhole or saf (schedules run with --algo)", val);
      break;
    case HO_ROUTING: {
      hc_routing r;
      char names[256];
      if (strcmp(val, "list") == 0) return HCSIM_PARSED_ROUTINGS;
      if (hc_routing_parse(val, &r) != HC_OK)
        refuse(o, "--routing: unknown routing function '%s' (%s)", val, routing_list(names, sizeof names));
      o->cfg.routing = (unsigned)r;
      break;
    }
    case HO_HELP: return HCSIM_PARSED_HELP;
    default: break;
  }
  return HCSIM_PARSED_RUN;
}

/* The value of an option of the algorithms, LCCs and processor reordering
** (and --route-reg, of the network, whose bit follows theirs). */
static void take_algo(hcsim_opts *o, hcsim_opt id, const char *on, const char *val) {
  switch (id) {
    case HO_ALGO: o->algo = val; break;
    case HO_ROUTE_REG: o->cfg.route_reg = (unsigned)parse_uint(o, on, val, 0, 1); break;
    case HO_DELIVERIES: o->deliveries = parse_path(o, on, val); break;
    case HO_REGION:
      o->region = strcmp(val, "all") == 0 ? HC_NT_ALL : (int)parse_uint(o, on, val, 0, HC_NT_MAX_REGIONS - 1u);
      break;
    case HO_DEPS:
      o->deps = strcmp(val, "on") == 0 ? 1 : strcmp(val, "off") == 0 ? 0 : -1;
      if (o->deps < 0) refuse(o, "--deps: '%s' is not on or off", val);
      break;
    case HO_FLIT_BYTES: o->flit_bytes = (unsigned)parse_uint(o, on, val, 1, HC_NT_MAX_FLIT_BYTES); break;
    case HO_CHECK_ARGS: o->check_only = 1; break;
    case HO_SFGEOM: o->sfgeom = parse_geom(o, on, val); break;
    case HO_K: o->k = (unsigned long)parse_uint(o, on, val, 1, o->mode->max_k); break;
    case HO_M: o->m = (unsigned long)parse_uint(o, on, val, 1, 1u << 20); break;
    /* beta >= 0 here: the hardware's minimum is checked by the mode, which
    ** lets --sim exec run the papers' idealised beta */
    case HO_BETA: o->beta = (unsigned long)parse_uint(o, on, val, 0, (1ul << HC_SF_BETA_W) - 1); break;
    case HO_G: o->g = (unsigned long)parse_uint(o, on, val, 1, 1u << 20); break;
    case HO_SRC: o->src = (unsigned long)parse_uint(o, on, val, 0, 1u << 20); break;
    case HO_DST: o->dst = (unsigned long)parse_uint(o, on, val, 0, 1u << 20); break;
    case HO_PERM: o->perm = nonempty(o, on, val, "a name or a path"); break;
    case HO_NWAVES: o->nwaves = (unsigned long)parse_uint(o, on, val, 1, 64); break;
    case HO_N: o->n = (unsigned long)parse_uint(o, on, val, 1, 1ul << 24); break;
    case HO_RHS: o->rhs = (unsigned long)parse_uint(o, on, val, 0, 1ul << 16); break;
    case HO_SCHED: o->sched = parse_path(o, on, val); break;
    case HO_TAU: o->tau = (unsigned long)parse_uint(o, on, val, 0, (1ul << HC_TAU_W) - 1); break;
    case HO_XI: o->xi = (unsigned long)parse_uint(o, on, val, 0, (1ul << HC_XI_W) - 1); break;
    case HO_SWITCHING:
      if (strcmp(val, "wormhole") == 0) o->algo_switching = HC_MODE_WORMHOLE;
      else if (strcmp(val, "circuit") == 0) o->algo_switching = HC_MODE_CIRCUIT;
      else refuse(o, "--switching: '%s' is not wormhole or circuit", val);
      break;
    case HO_OVERLAP:
    case HO_BARRIER: {
      int v = strcmp(val, "on") == 0 ? 1 : strcmp(val, "off") == 0 ? 0 : -1;
      if (v < 0) refuse(o, "--%s: '%s' is not on or off", on, val);
      if (id == HO_OVERLAP) o->overlap = v;
      else o->barrier = v;
      break;
    }
    /* an empty value would quietly mean "none" (--lcc-b '' meant b = 0) */
    case HO_LCC: o->lcc = nonempty(o, on, val, "a preset name (or list)"); break;
    case HO_LCC_A: o->lcc_a = nonempty(o, on, val, "a matrix"); break;
    case HO_LCC_B: o->lcc_b = nonempty(o, on, val, "a vector (leave it out for b = 0)"); break;
    case HO_LCC_FILE: o->lcc_file = parse_path(o, on, val); break;
    case HO_LCC_KIND:
      if (strcmp(val, "auto") == 0) o->lcc_kind = HC_LCC_AUTO;
      else if (strcmp(val, "lcp") == 0) o->lcc_kind = HC_LCP;
      else if (strcmp(val, "lcg") == 0) o->lcc_kind = HC_LCG;
      else if (strcmp(val, "lcs") == 0) o->lcc_kind = HC_LCS;
      else refuse(o, "--lcc-kind: '%s' is not auto, lcp, lcg or lcs", val);
      break;
    case HO_REMAP:
      if (strcmp(val, "none") != 0 && strcmp(val, "opt") != 0 && strcmp(val, "dp") != 0)
        refuse(o, "--remap: '%s' is not none, opt or dp", val);
      o->remap = val;
      break;
    case HO_LCCS: o->lccs = nonempty(o, on, val, "a list of LCC presets, NAME,NAME,..."); break;
    case HO_OBJECTIVE: {
      hc_lcc_objective obj;
      if (hc_lcc_objective_parse(val, &obj) != HC_OK)
        refuse(o, "--objective: '%s' is not maxmax, maxsum or sumsum", val);
      o->objective = val;
      break;
    }
    default: break;
  }
}

static void set_defaults(const hcsim_mode *mode, hcsim_opts *o) {
  memset(o, 0, sizeof *o);
  o->mode = mode;
  o->traffic = HC_PAT_UNIFORM;
  o->rate = 0.1;
  o->len = 20;
  o->cycles = 10000;
  o->warmup = 1000;
  o->drain = 200000;
  o->watchdog = 10000;
  o->seed = 1;
  o->hot_frac = 0.2;
  o->switching = HC_MODE_WORMHOLE;
  o->k = mode->k_default;
  o->beta = 4;
  o->remap = "none";
  o->objective = "maxmax";
  o->lcc_kind = HC_LCC_AUTO;
  o->algo_switching = HC_MODE_WORMHOLE;
  o->overlap = -1;
  o->barrier = -1;
  o->region = HC_NT_ALL;
  o->deps = 1;
  o->flit_bytes = 16;
}

/*
** A run-time argument of Verilator's (+verilator+rand+reset+N, N = 0..2, and
** +verilator+seed+N, N = 1..2^31-1, which the randomised-reset runs use)
** into o->vl_argv: checked here, so a wrong one is one line, not Verilator's
** fatal error; hc_rtl_set_args hands them on.
*/
static void take_verilator(hcsim_opts *o, const char *a) {
  static const struct { const char *prefix; uint64_t lo, hi; } known[] = {
      {"+verilator+rand+reset+", 0, 2}, {"+verilator+seed+", 1, 2147483647}};
  size_t k = 0;
  while (k < 2 && strncmp(a, known[k].prefix, strlen(known[k].prefix)) != 0) k++;
  if (k == 2) {
    refuse(o, "unknown Verilator argument '%s' (hcsim passes +verilator+rand+reset+N and +verilator+seed+N)", a);
    return;
  }
  const char *v = a + strlen(known[k].prefix);
  uint64_t n = 0;
  const size_t nd = strspn(v, "0123456789");
  for (size_t j = 0; j < nd && j < 11; j++) n = n * 10 + (uint64_t)(v[j] - '0');
  if (nd == 0 || v[nd] != '\0' || nd > 10 || n < known[k].lo || n > known[k].hi) {
    refuse(o, "%s: N must be a decimal integer %" PRIu64 "..%" PRIu64 ", got '%s'", a, known[k].lo, known[k].hi, v);
    return;
  }
  for (int i = 1; i < o->vl_argc; i++) {
    if (strncmp(o->vl_argv[i], known[k].prefix, strlen(known[k].prefix)) == 0) {
      refuse(o, "%s given twice ('%s', then '%s'): give it once", known[k].prefix, o->vl_argv[i], a);
      return;
    }
  }
  if (o->vl_argc == 0) o->vl_argv[o->vl_argc++] = "hcsim";
  o->vl_argv[o->vl_argc++] = a;
}

/* The option argv[*i] names (advancing *i past a separate value), or
** HO_NUM when it refuses. */
static hcsim_opt next_opt(int argc, char **argv, int *i, hcsim_opts *o, const char **val) {
  const char *a = argv[*i];
  if (strcmp(a, "-h") == 0) a = "--help";
  if (strncmp(a, "--", 2) != 0 || a[2] == '\0') {
    if (a[0] == '-') refuse_unknown(o, a, (int)strlen(a));
    else
      refuse(o, "unexpected argument '%s' (options are --name VALUE; %s%s)", a, o->mode->doc ? "see " : "try --help",
             o->mode->doc ? o->mode->doc : "");
    return HO_NUM;
  }
  const char *name = a + 2, *eq = strchr(name, '=');
  const size_t nlen = eq ? (size_t)(eq - name) : strlen(name);
  int id = -1;
  for (int k = 0; k < HO_NUM && id < 0; k++)
    if (strlen(optdefs[k].name) == nlen && strncmp(optdefs[k].name, name, nlen) == 0) id = k;
  if (id < 0 || !(o->mode->takes & HO_BIT(id))) return refuse_unknown(o, a, (int)nlen + 2), HO_NUM;
  const char *on = optdefs[id].name;
  *val = NULL;
  if (optdefs[id].has_arg) {
    if (eq) *val = eq + 1;
    else if (*i + 1 >= argc || strncmp(argv[*i + 1], "--", 2) == 0) return refuse(o, "option --%s needs a value", on), HO_NUM;
    else *val = argv[++*i];
  } else if (eq) {
    return refuse(o, "option --%s takes no value", on), HO_NUM;
  }
  return (hcsim_opt)id;
}

hcsim_parsed hcsim_parse(int argc, char **argv, const hcsim_mode *mode, hcsim_opts *o) {
  int present;
  const char *first[HO_NUM] = {0}; /* the value each option was first given */
  set_defaults(mode, o);
  o->algo = hcsim_algo_arg(argc, argv, &present);
  for (int i = 1; i < argc && !o->refused; i++) {
    const char *val;
    if (strncmp(argv[i], "+verilator+", 11) == 0) { /* Verilator's, for the RTL */
      take_verilator(o, argv[i]);
      continue;
    }
    const hcsim_opt id = next_opt(argc, argv, &i, o, &val);
    if (id == HO_NUM) break;
    /* a second value would quietly replace the first: say so instead */
    if (o->set[id] && optdefs[id].has_arg)
      refuse(o, "--%s given twice ('%s', then '%s'): give it once", optdefs[id].name, first[id], val);
    else if (o->set[id]) refuse(o, "--%s given twice: give it once", optdefs[id].name);
    if (o->refused) break;
    first[id] = val;
    o->set[id] = 1;
    if (id < HO_ALGO) {
      const hcsim_parsed st = take_run(o, id, optdefs[id].name, val);
      if (st != HCSIM_PARSED_RUN && !o->refused) return st;
    } else {
      take_algo(o, id, optdefs[id].name, val);
    }
  }
  return o->refused ? HCSIM_PARSED_BAD : HCSIM_PARSED_RUN;
}

const char *hcsim_algo_arg(int argc, char **argv, int *present) {
  const char *v = NULL;
  *present = 0;
  for (int i = 1; i < argc; i++) {
    if (strncmp(argv[i], "--algo=", 7) == 0) {
      *present = 1;
      v = argv[i] + 7;
    } else if (strcmp(argv[i], "--algo") == 0) {
      *present = 1;
      v = (i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0) ? argv[++i] : NULL;
    }
  }
  return v;
}
