/*
** Example of libhcrouter (docs/library.md): a store-and-forward schedule
** written with the C API (csim/sched/hc_sched.h) and run on the C model the
** way the hardware runs it: loaded through the configuration port, started,
** read back. The schedule is the recursive-doubling broadcast of m words
** from node 0 of a d-cube (Stout & Wagar's BROADCAST 1): in stage k every
** node below 2^k sends the words over dimension k. The case says what the
** broadcast means, every node ends with node 0's words, and the run checks
** every word against it. cc sf_broadcast.c $(pkg-config --cflags --libs hcrouter)
** The argument (model, rtl or both; default model) picks the backend: rtl
** and both need the RTL library of this configuration,
** $(pkg-config --cflags --libs hcrouter-rtl-D4_W16_B2_I4).
*/
#include <stdio.h>

#include <hcrouter/hc_sf_run.h>

enum { D = 4, M = 8, BETA = 4 };

/* The case: the schedule, node 0's own words, every node's expected memory. */
static int build(hc_sched_case *c) {
  int rc = hc_sched_new(D, M, &c->sched);
  if (!rc) rc = hc_sched_case_alloc(c);
  if (!rc) rc = hc_sched_case_own(c, 0, 0, M); /* filled with hc_sched_tag(0, a) */
  for (uint32_t x = 0; !rc && x < (1u << D); x++)
    for (uint32_t a = 0; a < M; a++) c->expect[x * M + a] = hc_sched_tag(0, a);
  for (unsigned k = 0; !rc && k < D; k++)
    for (uint32_t x = 0; !rc && x < (1u << k); x++) {
      hc_seg words = {0, M}; /* gathered at 0..M-1, scattered to the same */
      rc = hc_sched_add_packet(c->sched, x, k, &words, 1, &words, 1);
    }
  return rc;
}

int main(int argc, char **argv) {
  hc_sim sim = HC_SIM_MODEL;
  if (argc > 2 || (argc == 2 && hc_sim_parse(argv[1], &sim) != 0)) {
    fprintf(stderr, "usage: sf_broadcast [model|rtl|both]\n");
    return 2;
  }
  hc_cfg cfg = {.d = D, .w = 16, .buf_depth = 2, .inj_depth = 4};
  hc_sched_case c = {0};
  hc_backend *b = NULL;
  hc_driver *drv = NULL;
  hc_sf_result r;
  hc_sched_err err = {0};
  int rc = build(&c);
  if (!rc) rc = hc_backend_open(sim, &cfg, NULL, &b);
  if (!rc) rc = hc_driver_new(b, &drv);
  if (!rc) rc = hc_sf_run(drv, &c, BETA, &r, &err);
  if (!rc) {
    printf("%s: d %d, m %d, beta %d: %llu packets, %llu cycles (executor %llu)\n", hc_sim_name(sim), D, M, BETA,
           (unsigned long long)r.packets, (unsigned long long)r.cycles, (unsigned long long)r.ref_cycles);
    printf("words checked %zu, wrong %zu, counters %s\n", r.checked, r.mismatches, r.counters_ok ? "ok" : "BAD");
  }
  if (rc) fprintf(stderr, "sf_broadcast: %s%s%s\n", hc_strerror(rc), err.msg[0] ? ": " : "", err.msg);
  hc_driver_free(drv);
  hc_backend_close(b);
  hc_sched_case_free(&c);
  return rc || !hc_sf_result_ok(&r) ? 1 : 0;
}
