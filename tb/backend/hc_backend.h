/*
** The flit-level driver interface of the testbench: one set of calls (reset,
** step a cycle with the injection inputs, observe every channel, read
** counters) with three backends. "model" runs csim/, "rtl" runs the
** Verilated RTL through tb/backend/hc_rtl.h, and "lockstep" runs both on the same
** inputs and compares every link, ejection port and inj_ready every cycle
** (and every counter on request); the first difference stops the run and is
** kept in hc_mismatch for the report.
*/
#ifndef HC_BACKEND_H
#define HC_BACKEND_H

#include <stdint.h>

#include "hc_model.h"


typedef enum hc_sim { HC_SIM_MODEL = 0, HC_SIM_RTL = 1, HC_SIM_BOTH = 2 } hc_sim;

/* The first difference seen by the lockstep backend. */
typedef struct hc_mismatch {
  uint64_t cycle;
  unsigned node;
  char where[48];     /* e.g. "link dim 2", "eject", "inj_ready", "counter flits port 1" */
  uint32_t expected;  /* model */
  uint32_t actual;    /* RTL */
} hc_mismatch;

typedef struct hc_backend hc_backend;

/* Parse "model", "rtl" or "both"; returns 0 on success, -1 otherwise. */
int hc_sim_parse(const char *s, hc_sim *out);

/* The name of s as hc_sim_parse reads it ("model", "rtl", "both"). */
const char *hc_sim_name(hc_sim s);

/*
** Open a backend of kind sim for cfg. fst_path (may be NULL) asks the RTL for
** a waveform. Returns HC_OK, HC_EPARAM, HC_ENOMEM, HC_ENORTL (RTL not built
** for cfg) or HC_EROUTE (rtl or both with a routing function other than
** e-cube, which the RTL does not have); on failure *out is untouched.
*/
int hc_backend_open(hc_sim sim, const hc_cfg *cfg, const char *fst_path,
                    hc_backend **out);

/* Free a backend, closing the RTL's waveform; NULL is allowed. */
void hc_backend_close(hc_backend *b);

/* Reset the network and the cycle count. */
void hc_backend_reset(hc_backend *b);

/* Whether node x accepts an injected flit in the coming cycle. */
int hc_backend_inj_ready(const hc_backend *b, unsigned x);

/* Whether node x accepts a path set-up in the coming cycle (mode 3 only;
** hc_model_probe_ready). */
int hc_backend_probe_ready(const hc_backend *b, unsigned x);

/* Offer node x a path set-up to dest in the coming cycle; only while
** hc_backend_probe_ready (hc_model_probe). */
void hc_backend_probe(hc_backend *b, unsigned x, uint32_t dest);

/* Offer node x's NI flit in the coming cycle; only while
** hc_backend_inj_ready, once per node and cycle (hc_model_offer). */
void hc_backend_offer(hc_backend *b, unsigned x, uint32_t flit);

/*
** Run one cycle with the injection inputs of hc_backend_offer and, when
** inj_valid is not NULL, those of the arrays (N entries each); obs
** receives the cycle's channels (required). Returns HC_OK, HC_EMISMATCH (lockstep only; see
** hc_backend_mismatch) or HC_EASSERT (an RTL assertion failed; the cycle is
** in hc_backend_mismatch too); once either is seen every later call returns
** it again without simulating.
*/
int hc_backend_step(hc_backend *b, const uint8_t *inj_valid,
                    const uint32_t *inj_flit, hc_obs *obs);

/* Whether the next-event jump is allowed: the model alone, and quiet
** (hc_model_quiet). */
int hc_backend_quiet(const hc_backend *b);

/*
** Run k cycles without inputs; obs receives the last one's channels. On a
** quiet model alone it jumps (hc_model_skip); otherwise (lockstep, the RTL)
** it steps every cycle. Returns as hc_backend_step.
*/
int hc_backend_skip(hc_backend *b, uint64_t k, hc_obs *obs);

/* Write every NI's address map in the coming cycle (effective from the one
** after): new destination bit k = old bit perm[k]. Returns HC_OK or HC_EPARAM
** (perm is not a permutation of 0..d-1). */
int hc_backend_set_remap(hc_backend *b, const uint8_t *perm);

/* Drive op on the configuration port in the coming cycle
** (docs/store_and_forward.md, 7.3). Returns HC_OK, HC_EPARAM or HC_ENOMEM
** (model: see hc_model_set_cfg). */
int hc_backend_set_cfg(hc_backend *b, const hc_cfg_op *op);

/* Model backend only: the configuration port's back door, no cycle run
** (hc_model_backdoor). Returns HC_OK, HC_EPARAM (another backend) or
** HC_ENOMEM. */
int hc_backend_backdoor(hc_backend *b, const hc_cfg_op *op, uint32_t *rdata);

/* The network's registered idle output for the coming cycle: the step
** barrier of prearranged algorithms waits for it. */
int hc_backend_idle(const hc_backend *b);

/* Label the RTL waveform with an algorithm step number (no other effect). */
void hc_backend_set_step(hc_backend *b, unsigned step);

/* Counter id of output port of node x. */
uint32_t hc_backend_counter(hc_backend *b, unsigned x, unsigned port, unsigned id);

/*
** Lockstep only: compare every counter of every node; returns HC_OK or
** HC_EMISMATCH. Other backends return HC_OK.
*/
int hc_backend_check_counters(hc_backend *b);

/* The most distinct channel values hc_backend_wave_values keeps. */
#define HC_WAVE_MAX_VALUES ((size_t)1 << 20)

/*
** With a waveform (rtl or both, opened with fst_path): every distinct
** {valid, flit} value that the RTL's links and ejection ports have shown,
** ascending, in a new array *vals (free it) of *n; *complete is 0 when
** more than HC_WAVE_MAX_VALUES were seen and some are missing. Without a
** waveform *vals is NULL and *n 0. Returns HC_OK or HC_ENOMEM.
*/
int hc_backend_wave_values(const hc_backend *b, uint64_t **vals, size_t *n, int *complete);

/* The waveform's time now, in cycles over every reset (hc_rtl_wave_time;
** 0 without RTL or waveform). */
uint64_t hc_backend_wave_time(const hc_backend *b);

/* The waveform's busiest cycle (hc_rtl_wave_peak): the first with the most
** links blocked, then busy; its time and blocked links. Returns 0 (and
** zeros) when no link was busy or there is no waveform, else 1. */
int hc_backend_wave_peak(const hc_backend *b, uint64_t *time, unsigned *blocked);

/* The first mismatch or failed RTL assertion, or NULL when there was none. */
const hc_mismatch *hc_backend_mismatch(const hc_backend *b);

/*
** Where the network holds flits that do not move (hc_model_stall_site), for
** the report of a stalled run: the model's buffers, which in a lockstep run
** are the RTL's too (they agree on every channel). Returns the number of
** buffers holding flits, 0 when there are none, or -1 for the RTL alone
** (its buffers are not visible to the testbench); *out is set on a count > 0.
*/
int hc_backend_stall_site(const hc_backend *b, hc_stall_site *out);

/* Cycles stepped since the last reset. */
uint64_t hc_backend_cycle(const hc_backend *b);

/* The kind the backend was opened as. */
hc_sim hc_backend_sim(const hc_backend *b);

/* The configuration the backend was opened with. */
const hc_cfg *hc_backend_cfg(const hc_backend *b);

#endif /* HC_BACKEND_H */
