/*
** Example of libhcrouter (docs/library.md): the matrix transpose on a
** 6-cube of wormhole routers (the C model), first as it is and then with
** the optimal processor reordering of Hou et al. (docs/lcc.md), printing per
** dimension the most messages one channel carried, from the hardware's
** channel counters. cc transpose_remap.c $(pkg-config --cflags --libs hcrouter)
*/
#include <stdio.h>

#include <hcrouter/hc_lcc_run.h>

/* Run l under the bit order (NULL: none) on a fresh network; print a line
** (its data check included: every message once, intact, at its node). */
static int run(hc_driver *drv, const hc_lcc *l, const int *order, const char *what) {
  hc_lcc_result r;
  hc_driver_reset(drv);
  int rc = hc_lcc_run(drv, l, order, 4, 100000, &r); /* 4-flit messages */
  if (rc != HC_OK) return rc;
  printf("%-14s", what);
  for (int i = 0; i < r.n; i++) printf(" %llu", (unsigned long long)r.t_hardware[i]);
  printf("   cycles %llu, data %s\n", (unsigned long long)r.cycles, r.data_ok ? "ok" : "BAD");
  return HC_OK;
}

int main(void) {
  hc_cfg cfg = {.d = 6, .w = 16, .buf_depth = 2, .inj_depth = 4}; /* 64 nodes */
  hc_backend *b = NULL;
  hc_driver *drv = NULL;
  hc_lcc l;
  int order[6];
  int rc = hc_backend_open(HC_SIM_MODEL, &cfg, NULL, &b);
  if (!rc) rc = hc_driver_new(b, &drv);
  if (!rc) rc = hc_lcc_preset("transpose", 6, &l);
  if (!rc) rc = run(drv, &l, NULL, "e-cube");
  if (!rc) rc = hc_lcc_optimize(&l, order);
  if (!rc) rc = run(drv, &l, order, "optimal remap");
  hc_driver_free(drv);
  hc_backend_close(b);
  if (rc) fprintf(stderr, "transpose_remap: %s\n", hc_strerror(rc));
  return rc ? 1 : 0;
}
