// What the two C++ shims of the RTL backend share: hc_rtl_shim.cpp (the
// Verilated hc_network, flat or hierarchical) and hc_rtl_node_shim.cpp (the
// node-sharded one: one Verilated hc_node stepped 2^d times). Both are
// compiled per RTL configuration with the macros below and implement
// tb/backend/hc_rtl.h; this header holds the configuration's macros, the
// process-wide state (assertion count, Verilator's arguments) and the
// functions of hc_rtl.h that do not depend on which Verilated top runs.
// Each program links one shim, so each function here is defined once in it.
#ifndef HC_RTL_SHIM_COMMON_H
#define HC_RTL_SHIM_COMMON_H

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

#include "verilated.h"

#include "hc_rtl.h"

#if !defined(HC_D) || !defined(HC_W) || !defined(HC_B) || !defined(HC_I)
#error "compile with -DHC_D=.. -DHC_W=.. -DHC_B=.. -DHC_I=.. as verilated"
#endif
#ifndef HC_Q
#define HC_Q 0
#endif
#ifndef HC_T
#define HC_T 0  // the time-multiplexed store-and-forward memory (token _T)
#endif
#ifndef HC_K
#define HC_K 0
#endif
#ifndef HC_BANK_AW
#define HC_BANK_AW HC_SF_BANK_AW
#endif
#ifndef HC_SEG_AW
#define HC_SEG_AW HC_SF_SEG_AW
#endif
#ifndef HC_DESC_AW
#define HC_DESC_AW HC_SF_DESC_AW
#endif

// RTL simulations of this process that saw an assertion fail.
static unsigned long assert_failures = 0;

// Verilator's run-time arguments for the simulations to come (hc_rtl_set_args).
static int vl_argc = 0;
static const char **vl_argv = nullptr;

extern "C" void hc_rtl_set_args(int argc, const char **argv) {
  vl_argc = argc;
  vl_argv = argv;
}

extern "C" unsigned long hc_rtl_assert_failures(void) { return assert_failures; }

extern "C" int hc_rtl_built_cfg(hc_cfg *cfg) {
  cfg->d = HC_D;
  cfg->w = HC_W;
  cfg->buf_depth = HC_B;
  cfg->inj_depth = HC_I;
  cfg->route_reg = HC_Q;
  cfg->sf.bank_aw = HC_BANK_AW;
  cfg->sf.seg_aw = HC_SEG_AW;
  cfg->sf.desc_aw = HC_DESC_AW;
  return HC_OK;
}

// Whether cfg is the configuration the RTL was Verilated with (hc_rtl_new
// refuses any other with HC_ENORTL).
static bool shim_cfg_is_built(const hc_cfg *cfg) {
  const hc_sf_geom built = {HC_BANK_AW, HC_SEG_AW, HC_DESC_AW};
  return cfg->d == HC_D && cfg->w == HC_W && cfg->buf_depth == HC_B && cfg->inj_depth == HC_I &&
         cfg->route_reg == HC_Q && hc_sf_geom_eq(cfg->sf, built);
}

// A coverage build (configuration token _C, VM_COVERAGE=1) writes the counts
// of a simulation, when it is freed, to a file of its own in
// $HC_COVERAGE_DIR (tools/coverage.sh merges them); otherwise nothing.
static void shim_write_coverage(VerilatedContext &ctx) {
#if VM_COVERAGE
  if (const char *dir = std::getenv("HC_COVERAGE_DIR")) {
    static unsigned nsim;
    char path[4096];
    std::snprintf(path, sizeof path, "%s/%ld-%u.dat", dir, static_cast<long>(getpid()), nsim++);
    ctx.coveragep()->write(path);
  }
#else
  (void)ctx;
#endif
}

#endif  // HC_RTL_SHIM_COMMON_H
