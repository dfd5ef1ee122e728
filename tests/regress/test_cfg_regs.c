/*
** The global registers of the configuration port (docs/store_and_forward.md,
** 7.3: mode, beta, status, tau, xi, overlap), written and read back through
** the port, in lockstep with the RTL where it is linked. Make coverage found
** that no test read a global register back or had a write refused: the
** refusals (mode 4, beta below beta_min = 3, tau above 255, xi above 65535,
** overlap above 1; all 32 bits compared) must leave the register as it was
** and set the status's error bit (bit 1). Expected values are the table of
** section 7.3, not the model's answers.
*/
#include <string.h>

#include "hc_test.h"

/* Drive op in the coming cycle and run it. Returns 1, or 0 after a failure. */
static int port(hc_test_ctx *t, hc_driver *drv, unsigned we, unsigned idx, uint32_t wdata) {
  hc_cfg_op op;
  memset(&op, 0, sizeof op);
  op.we = (uint8_t)we;
  op.re = (uint8_t)!we;
  op.tgt = HC_SF_TGT_GLOBAL;
  op.idx = idx;
  op.wdata = wdata;
  HC_CHECK_RET(t, hc_driver_set_cfg(drv, &op) == HC_OK && hc_driver_step(drv) == HC_OK, 0, "port op failed");
  return 1;
}

/* Global register idx as the port reads it (the data comes a cycle later). */
static int read_reg(hc_test_ctx *t, hc_driver *drv, unsigned idx, uint32_t *v) {
  if (!port(t, drv, 0, idx, 0)) return 0;
  HC_CHECK_RET(t, hc_driver_step(drv) == HC_OK, 0, "step failed");
  *v = hc_driver_obs(drv)->cfg_rdata;
  return 1;
}

HC_TEST(cfg_global_registers) {
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv) return;
  enum { NREG = 5 };
  static const unsigned idx[NREG] = {HC_SF_REG_MODE, HC_SF_REG_BETA, HC_REG_TAU, HC_REG_XI, HC_REG_OVERLAP};
  static const char *const name[NREG] = {"mode", "beta", "tau", "xi", "overlap"};
  static const uint32_t reset[NREG] = {0, 3, 0, 0, 0};
  static const uint32_t legal[NREG] = {2, 7, 255, 65535, 1};
  /* refused: the first value out of range, and one that is legal in its low bits */
  static const uint32_t bad[NREG][2] = {{4, 0x80000002u}, {2, 0},
                                        {256, 0x80000001u}, {65536, 0x10005u}, {2, 0x100u}};
  uint32_t v;
  for (unsigned r = 0; r < NREG; r++) {
    if (!read_reg(t, drv, idx[r], &v)) return;
    HC_CHECK(t, v == reset[r], "%s reads %u after reset: want %u", name[r], v, reset[r]);
  }
  if (!read_reg(t, drv, HC_SF_REG_START, &v)) return;
  HC_CHECK(t, (v & 2u) == 0, "status 0x%x after reset: the error bit is set", v);
  for (unsigned r = 0; r < NREG; r++) {
    if (!port(t, drv, 1, idx[r], legal[r]) || !read_reg(t, drv, idx[r], &v)) return;
    HC_CHECK(t, v == legal[r], "%s reads %u after writing %u", name[r], v, legal[r]);
  }
  if (!read_reg(t, drv, HC_SF_REG_START, &v)) return;
  HC_CHECK(t, (v & 2u) == 0, "status 0x%x after legal writes: the error bit is set", v);
  for (unsigned r = 0; r < NREG; r++) {
    for (unsigned k = 0; k < 2; k++) {
      if (r == 1 && k == 1) continue; /* beta 0 is the second value below beta_min: covered by 2 */
      if (!port(t, drv, 1, idx[r], bad[r][k]) || !read_reg(t, drv, idx[r], &v)) return;
      HC_CHECK(t, v == legal[r], "%s reads %u after the refused write of 0x%x: want it unchanged, %u", name[r], v,
               bad[r][k], legal[r]);
      if (!read_reg(t, drv, HC_SF_REG_START, &v)) return;
      HC_CHECK(t, (v & 2u) != 0, "status 0x%x after the refused %s write 0x%x: the error bit is not set", v,
               name[r], bad[r][k]);
    }
  }
  /* back to wormhole mode and no cost: a plain network again */
  for (unsigned r = 0; r < NREG; r++)
    if (!port(t, drv, 1, idx[r], reset[r])) return;
  hc_log(t, "5 global registers: reset values, legal writes read back, 9 refused writes kept out");
}
