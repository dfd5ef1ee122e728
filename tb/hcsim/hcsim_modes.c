/*
** hcsim's dispatch table (tb/hcsim/hcsim.h): the modes, the options each
** takes and its limits, and the mode --algo's value selects. Apart from
** main (hcsim.c), so that the option parser's harness
** (tests/fuzz/fuzz_args.c) links the real table.
*/
#include <string.h>

#include "hc_algo_run.h"
#include "hc_fft_run.h"
#include "hc_np_algo.h"
#include "hc_sched_algos.h"
#include "hcsim.h"

/* What every mode takes: the network, the seed, the output files. */
#define TAKES_RUN                                                                                         \
  (HO_BIT(HO_SIM) | HO_BIT(HO_D) | HO_BIT(HO_W) | HO_BIT(HO_BUF) | HO_BIT(HO_INJ) | HO_BIT(HO_SEED) |       \
   HO_BIT(HO_JSON) | HO_BIT(HO_WAVES) | HO_BIT(HO_QUIET) | HO_BIT(HO_ROUTE_REG))
#define TAKES_TRAFFIC                                                                                     \
  (TAKES_RUN | HO_BIT(HO_TRAFFIC) | HO_BIT(HO_RATE) | HO_BIT(HO_LEN) | HO_BIT(HO_CYCLES) |                 \
   HO_BIT(HO_WARMUP) | HO_BIT(HO_DRAIN) | HO_BIT(HO_FILE) | HO_BIT(HO_HOT_NODE) | HO_BIT(HO_HOT_FRAC) |    \
   HO_BIT(HO_MODE) | HO_BIT(HO_ROUTING) | HO_BIT(HO_HELP) | HO_BIT(HO_REMAP) | HO_BIT(HO_LCCS) |             \
   HO_BIT(HO_SAMPLE_PERIOD) | HO_BIT(HO_FLOWS) | HO_BIT(HO_WATCHDOG) | HO_BIT(HO_BACKLOG) |      \
   HO_BIT(HO_PROGRESS) | HO_BIT(HO_DELIVERIES) | HO_BIT(HO_REGION) | HO_BIT(HO_DEPS) | HO_BIT(HO_FLIT_BYTES))
#define TAKES_ALGO (TAKES_RUN | HO_BIT(HO_ALGO) | HO_BIT(HO_CHECK_ARGS) | HO_BIT(HO_SFGEOM) | HO_BIT(HO_K))
/* The FFT movements also take a routing function for the unmapped run
** (model only; hcsim_config refuses it elsewhere). */
#define TAKES_FFT (TAKES_ALGO | HO_BIT(HO_ROUTING))
/* the wormhole algorithms (AAP and its kin) also take the paper's cost model */
#define TAKES_COST                                                                                        \
  (TAKES_ALGO | HO_BIT(HO_TAU) | HO_BIT(HO_XI) | HO_BIT(HO_SWITCHING) | HO_BIT(HO_OVERLAP) |               \
   HO_BIT(HO_BARRIER) | HO_BIT(HO_DELIVERIES))
#define TAKES_LCC                                                                                         \
  (TAKES_ALGO | HO_BIT(HO_LCC) | HO_BIT(HO_LCC_A) | HO_BIT(HO_LCC_B) | HO_BIT(HO_LCC_FILE) |               \
   HO_BIT(HO_LCC_KIND) | HO_BIT(HO_REMAP) | HO_BIT(HO_LCCS) | HO_BIT(HO_OBJECTIVE) | HO_BIT(HO_DELIVERIES))
#define TAKES_SF                                                                                            \
  (TAKES_ALGO | HO_BIT(HO_M) | HO_BIT(HO_BETA) | HO_BIT(HO_SCHED) | HO_BIT(HO_G) | HO_BIT(HO_SRC) |           \
   HO_BIT(HO_DST) | HO_BIT(HO_PERM) | HO_BIT(HO_NWAVES) | HO_BIT(HO_N))
/* node programs: the matrix order and the start-up, nothing of K or M (an
** element is one word) */
#define TAKES_NP (TAKES_RUN | HO_BIT(HO_ALGO) | HO_BIT(HO_CHECK_ARGS) | HO_BIT(HO_BETA) | HO_BIT(HO_N) | HO_BIT(HO_RHS))

enum { MODE_TRAFFIC, MODE_LIST, MODE_ALGO, MODE_LCC, MODE_SF, MODE_FFT, MODE_NP };

/* Each limit on d is one constant, named where it is refused. */
const hcsim_mode hcsim_modes[] = {
    [MODE_TRAFFIC] = {"traffic", hcsim_traffic, TAKES_TRAFFIC, HC_MODEL_MAX_D,
                      "the model's largest cube, HC_MODEL_MAX_D", 0, 0, NULL, 0},
    [MODE_LIST] = {"list", hcsim_list, TAKES_ALGO, HC_ALGO_MAX_D,
                   "the wormhole algorithms keep N^2 messages: HC_ALGO_MAX_D", 65536, 16, "docs/algorithms.md", 0},
    [MODE_ALGO] = {"algo", hcsim_algo, TAKES_COST, HC_ALGO_MAX_D,
                   "the wormhole algorithms keep N^2 messages: HC_ALGO_MAX_D", 65536, 16, "docs/boppana.md", 0},
    [MODE_LCC] = {"lcc", hcsim_lcc, TAKES_LCC, HC_LCC_PATH_MAX_N,
                  "the path walk keeps n 2^n counters: HC_LCC_PATH_MAX_N", 65536, 20, "docs/lcc.md", 1},
    [MODE_SF] = {"sf", hcsim_sf, TAKES_SF, HC_RTL_MAX_D,
                 "the largest cube whose store-and-forward engines the configuration port addresses: HC_RTL_MAX_D; "
                 "each generator has its own limit below it",
                 1u << 20, 0, "docs/store_and_forward.md", 1},
    [MODE_FFT] = {"fft", hcsim_fft, TAKES_FFT, HC_FFT_RUN_MAX_D,
                  "the path walk keeps d 2^d counters: HC_FFT_RUN_MAX_D", 65536, 16, "docs/hou.md", 1},
    [MODE_NP] = {"np", hcsim_np, TAKES_NP, HC_NP_MAX_D,
                 "Johnsson's programs take an even d = 2k up to HC_NP_MAX_D", 0, 0, "docs/johnsson.md", 1},
};

const hcsim_mode *hcsim_mode_for(const char *algo) {
  if (!algo) return &hcsim_modes[MODE_TRAFFIC];
  if (strcmp(algo, "list") == 0) return &hcsim_modes[MODE_LIST];
  if (strcmp(algo, "lcc") == 0) return &hcsim_modes[MODE_LCC];
  if (strcmp(algo, "sched") == 0 || hc_sf_algo_find(algo)) return &hcsim_modes[MODE_SF];
  if (hc_fft_algo_find(algo)) return &hcsim_modes[MODE_FFT];
  if (hc_np_algo_find(algo)) return &hcsim_modes[MODE_NP];
  return &hcsim_modes[MODE_ALGO]; /* which reports an unknown name */
}

