/*
** hcsim, the simulator behind `make sim` (docs/hcsim.md): one program with
** one way through it. main (hcsim.c) finds the mode in --algo, parses the
** command line once into one hcsim_opts against the options that mode takes
** (hcsim_opts.c), and calls the mode's entry from the dispatch table below
** (hcsim_modes.c).
** Every mode that runs a network has the same start-up (hcsim_start.c):
** hcsim_config resolves the configuration against the RTL linked in,
** hcsim_open opens the JSON file, checks the waveform path, opens the
** backend with the driver on it and writes the GTKWave save file beside the
** waveform, and hcsim_close ends the run (and writes the view again from
** the run's counters). Bad input is one "hcsim: ..." line
** on stderr and exit status 2; a failed check is exit status 1.
**
**   mode      --algo                         entry           file
**   traffic   (none)                         hcsim_traffic   hcsim_traffic.c
**   list      list                           hcsim_list      hcsim_algo.c
**   algo      aap, aap_prime, a2a_* ...      hcsim_algo      hcsim_algo.c
**   lcc       lcc                            hcsim_lcc       hcsim_lcc.c
**   sf        broadcast2, ..., sched         hcsim_sf        hcsim_sf.c
**   fft       fft1d_bitrev, fft2d_rowcol     hcsim_fft       hcsim_fft.c
**   np        mmc1, mmc2, ... (node programs) hcsim_np       hcsim_np.c
*/
#ifndef HCSIM_H
#define HCSIM_H

#include <stdint.h>
#include <stdio.h>

#include "hc_driver.h"
#include "hc_netrace.h"
#include "hc_traffic.h"
#include "lcc.h"

#define HCSIM_EXIT_CHECK 1 /* a check failed */
#define HCSIM_EXIT_USAGE 2 /* bad input */

/* The options; a mode takes a set of them (hcsim_mode.takes, bit HO_x). */
typedef enum hcsim_opt {
  /* the network and the run: every mode */
  HO_SIM, HO_D, HO_W, HO_BUF, HO_INJ, HO_SEED, HO_JSON, HO_WAVES, HO_QUIET,
  /* synthetic traffic */
  HO_TRAFFIC, HO_RATE, HO_LEN, HO_CYCLES, HO_WARMUP, HO_DRAIN, HO_FILE, HO_HOT_NODE,
  HO_HOT_FRAC, HO_MODE, HO_ROUTING, HO_HELP, HO_SAMPLE_PERIOD, HO_FLOWS, HO_WATCHDOG, HO_BACKLOG,
  HO_PROGRESS,
  /* algorithms */
  HO_ALGO, HO_CHECK_ARGS, HO_SFGEOM, HO_K, HO_M, HO_BETA, HO_SCHED, HO_G, HO_SRC, HO_DST, HO_PERM, HO_NWAVES, HO_N, HO_RHS,
  /* the paper's cost model (wormhole algorithms) */
  HO_TAU, HO_XI, HO_SWITCHING, HO_OVERLAP, HO_BARRIER,
  /* linear-complement communication and processor reordering */
  HO_LCC, HO_LCC_A, HO_LCC_B, HO_LCC_FILE, HO_LCC_KIND, HO_REMAP, HO_LCCS, HO_OBJECTIVE,
  /* the network again (added last, so the bits above keep their places) */
  HO_ROUTE_REG,
  /* every delivery, one line each: synthetic traffic and the wormhole and LCC algorithms */
  HO_DELIVERIES,
  /* netrace traces (--traffic netrace): the region, the dependencies, the flit's bytes */
  HO_REGION, HO_DEPS, HO_FLIT_BYTES,
  HO_NUM
} hcsim_opt;

#define HO_BIT(id) (1ull << (id))

typedef struct hcsim_opts hcsim_opts;

/* A mode's entry: returns the exit status (bad input exits 2 on the spot). */
typedef int (*hcsim_entry)(hcsim_opts *o);

/* One row of the dispatch table. */
typedef struct hcsim_mode {
  const char *name;        /* traffic, list, algo, lcc, sf, fft, np */
  hcsim_entry run;
  uint64_t takes;          /* the options it accepts */
  unsigned max_d;          /* largest --d */
  const char *max_d_why;   /* the limit it is, named in the refusal */
  unsigned long max_k;     /* largest --k */
  unsigned long k_default; /* --k when not given */
  const char *doc;         /* where its options are described (NULL: --help) */
  int names_algo;          /* an option it does not take is reported with --algo's value */
} hcsim_mode;

/* The dispatch table, and the mode that --algo's value (NULL: none) selects. */
extern const hcsim_mode hcsim_modes[];
const hcsim_mode *hcsim_mode_for(const char *algo);

int hcsim_traffic(hcsim_opts *o);
int hcsim_list(hcsim_opts *o);
int hcsim_algo(hcsim_opts *o);
int hcsim_lcc(hcsim_opts *o);
int hcsim_sf(hcsim_opts *o);
int hcsim_fft(hcsim_opts *o);
int hcsim_np(hcsim_opts *o);

/* Every option of every mode, parsed once; set[] says which were given. */
struct hcsim_opts {
  const hcsim_mode *mode;
  int set[HO_NUM];
  /* the network and the run */
  hc_sim sim;
  hc_cfg cfg;         /* d, w, buf_depth, inj_depth, routing */
  hc_cfg built;       /* the RTL's configuration, when have_rtl */
  int have_rtl;
  uint64_t seed;
  const char *json, *waves;
  const char *deliveries; /* --deliveries: a line per message delivered, or NULL */
  int quiet, check_only;
  hc_sf_geom sfgeom;  /* --sfgeom: under --check-args, the RTL build's geometry to check against */
  int vl_argc;        /* Verilator's run-time arguments: "hcsim", then each +verilator+... */
  const char *vl_argv[8];
  /* synthetic traffic */
  hc_pattern traffic;
  double rate, hot_frac;
  unsigned len, hot_node, switching; /* switching: HC_MODE_WORMHOLE or HC_MODE_SAF */
  uint64_t cycles, warmup, drain;
  uint64_t sample_period; /* --sample-period; 0: hc_netstats_default_period of the window */
  int flows;              /* --flows: per (source, destination) figures in the JSON */
  uint64_t watchdog;  /* --watchdog: cycles without a move that stop the run; 0 off */
  unsigned backlog;   /* --backlog: a send queue's cap in messages; 0 none */
  int progress;       /* --progress: a line on stderr every 10 s with the time left */
  const char *file;
  /* netrace traces: the region (HC_NT_ALL: the whole trace), dependencies
  ** honoured, and the bytes a flit carries */
  int region, deps;
  unsigned flit_bytes;
  /* algorithms */
  const char *algo, *sched, *perm;
  unsigned long k, m, beta, g, src, dst, nwaves, n, rhs;
  int exec_only; /* --sim exec: the reference executor alone (store-and-forward, node programs) */
  /* the paper's cost model: tau and xi in cycles, the switching (HC_MODE_WORMHOLE
  ** or HC_MODE_CIRCUIT), and overlap / barrier: -1 the algorithm's, else 0 or 1 */
  unsigned long tau, xi;
  unsigned algo_switching;
  int overlap, barrier;
  /* linear-complement communication and processor reordering */
  const char *lcc, *lcc_a, *lcc_b, *lcc_file, *remap, *lccs, *objective;
  hc_lcc_kind lcc_kind;
  /* hcsim_parse's refusal: set, and the message (one line, without
  ** "hcsim: ", as given: main makes it printable) */
  int refused;
  char why[4096];
};

/* What hcsim_parse found: what main does next. */
typedef enum hcsim_parsed {
  HCSIM_PARSED_RUN,      /* run the mode with o */
  HCSIM_PARSED_HELP,     /* --help or -h: hcsim_print_help, exit 0 */
  HCSIM_PARSED_ROUTINGS, /* --routing list: hcsim_print_routings, exit 0 */
  HCSIM_PARSED_BAD       /* a syntax or range error, or an option the mode does not take: o->why, exit 2 */
} hcsim_parsed;

/*
** Parse argv for mode into o (defaults first), in order; the first refusal
** or --help or --routing list ends it. Never exits or prints: main acts on
** the status (so a harness can run it on any argv in-process). The
** strings of o point into argv.
*/
hcsim_parsed hcsim_parse(int argc, char **argv, const hcsim_mode *mode, hcsim_opts *o);

/* The name of option id without "--" ("d", "lcc-file"); *has_arg (if not
** NULL) says whether it takes a value. */
const char *hcsim_opt_name(hcsim_opt id, int *has_arg);

/* The usage text, and the routing functions with their labels, on stdout. */
void hcsim_print_help(void);
void hcsim_print_routings(void);

/* The value of the last --algo in argv (NULL: none); *present says whether
** --algo was there at all (with or without a value). */
const char *hcsim_algo_arg(int argc, char **argv, int *present);

/* Print "hcsim: <message>" on stderr; hcsim_die then exits with status 2. */
void hcsim_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void hcsim_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* ---- the start-up every running mode shares (hcsim_start.c) ------------ */

/* A network under way: the backend, the driver on it, the open JSON file. */
typedef struct hcsim_run {
  hc_backend *be;
  hc_driver *drv;
  FILE *json;      /* the --json report, written in memory, or NULL */
  char *json_buf;  /* its text (open_memstream) */
  size_t json_len;
  const char *fst; /* the waveform being written, or NULL */
  FILE *deliv;     /* the --deliveries file, written as messages are delivered, or NULL */
} hcsim_run;

/*
** Resolve the configuration: --sim, --d, --w, --buf and --inj default to the
** linked RTL's (else model, 4, 16, 2, 4); dies unless the backend can run it
** in this binary (a --routing other than e-cube: the model only) and w >= d. The store-and-forward geometry (cfg.sf) is the
** RTL's with --sim rtl|both, else the default (resolved: no 0 fields).
** Under --check-args (make sim's check before it builds the RTL) a binary
** without RTL checks --sim rtl|both against the build make is about to
** make: the configuration given, with --sfgeom's geometry (else the
** default).
*/
void hcsim_config(hcsim_opts *o);

/*
** Open what a run writes and runs on: the --json report, the --waves path
** (both checked writable, neither created yet; the waveform ignored with a
** note for the model), the backend and the driver, and the GTKWave save
** file beside the waveform. Dies (status 2) on an unwritable path, exits 1
** when the backend cannot be opened.
*/
void hcsim_open(hcsim_opts *o, hcsim_run *r);

/*
** The --json report alone (hcsim_open does it too): the path checked
** writable without creating it, and r->json a stream in memory. The file
** is written by hcsim_json_close only, so a run refused after this (exit
** 2) leaves no file behind and an existing one as it was.
*/
void hcsim_json_open(const hcsim_opts *o, hcsim_run *r);

/* Write the report to the --json file (if any); a failed write is said and
** makes status 1. Returns status. */
int hcsim_json_close(const hcsim_opts *o, hcsim_run *r, int status);

/* Another network of the same configuration, without files (a second run). */
void hcsim_open_network(const hcsim_opts *o, const char *fst, hc_backend **be, hc_driver **drv);

/*
** End the run: close the JSON file (a write error is reported, and status
** becomes 1); with a waveform, write its GTKWave view again from the run's
** channel counters and values (tb/report/hc_gtkw.h); free the driver and
** the backend. Returns status.
*/
int hcsim_close(const hcsim_opts *o, hcsim_run *r, int status);

/* ---- processor reordering (hcsim_lcc.c), for --remap of lcc and traffic */

/* Dies when --lccs or --objective is given without --remap dp, which alone
** uses them. */
void hcsim_remap_check(const hcsim_opts *o);

/*
** The processor order for o->remap (opt or dp, Hou et al.) into order[d]:
** opt is l's optimum (Fig. 3 or Theorem 4), dp the Section 5 optimum under
** obj over the presets of --lccs, with l first when dp_with_l. *cost (may be
** NULL) receives dp's cost. Dies on bad input.
*/
void hcsim_remap_order(const hcsim_opts *o, const hc_lcc *l, int dp_with_l, hc_lcc_objective obj,
                       int *order, uint64_t *cost);

#endif /* HCSIM_H */
