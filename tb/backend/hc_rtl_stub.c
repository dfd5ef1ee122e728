/*
** Stand-in for tb/backend/hc_rtl_shim.cpp in programs built without Verilator (the
** model-only build/bin/hcsim): every call reports that no RTL is linked, so
** `--sim rtl` fails with a clear message instead of at link time.
*/
#include <stddef.h>

#include "hc_rtl.h"

int hc_rtl_built_cfg(hc_cfg *cfg) {
  (void)cfg;
  return HC_ENORTL;
}

int hc_rtl_new(const hc_cfg *cfg, const char *fst_path, hc_rtl **out) {
  (void)cfg;
  (void)fst_path;
  (void)out;
  return HC_ENORTL;
}

void hc_rtl_set_args(int argc, const char **argv) {
  (void)argc;
  (void)argv;
}
void hc_rtl_free(hc_rtl *r) { (void)r; }
void hc_rtl_reset(hc_rtl *r) { (void)r; }
int hc_rtl_inj_ready(const hc_rtl *r, unsigned x) {
  (void)r;
  (void)x;
  return 0;
}
int hc_rtl_probe_ready(const hc_rtl *r, unsigned x) {
  (void)r;
  (void)x;
  return 0;
}
void hc_rtl_probe(hc_rtl *r, unsigned x, uint32_t dest) {
  (void)r;
  (void)x;
  (void)dest;
}
unsigned long hc_rtl_assert_failures(void) { return 0; }
int hc_rtl_step(hc_rtl *r, const uint8_t *inj_valid, const uint32_t *inj_flit,
                 hc_obs *obs) {
  (void)r;
  (void)inj_valid;
  (void)inj_flit;
  (void)obs;
  return HC_ENORTL;
}
void hc_rtl_set_remap(hc_rtl *r, const uint8_t *perm) {
  (void)r;
  (void)perm;
}
int hc_rtl_idle(const hc_rtl *r) {
  (void)r;
  return 0;
}
void hc_rtl_set_step(hc_rtl *r, unsigned step) {
  (void)r;
  (void)step;
}
uint32_t hc_rtl_counter(hc_rtl *r, unsigned x, unsigned port, unsigned id) {
  (void)r;
  (void)x;
  (void)port;
  (void)id;
  return 0;
}
void hc_rtl_set_cfg(hc_rtl *r, const hc_cfg_op *op) {
  (void)r;
  (void)op;
}
uint64_t hc_rtl_wave_time(const hc_rtl *r) {
  (void)r;
  return 0;
}
int hc_rtl_wave_peak(const hc_rtl *r, uint64_t *time, unsigned *blocked) {
  (void)r;
  *time = 0;
  *blocked = 0;
  return 0;
}
