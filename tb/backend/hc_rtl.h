/*
** The C interface of the Verilator-built RTL network (rtl/hc_network.sv):
** the only part of the testbench that touches C++ is tb/backend/hc_rtl_shim.cpp,
** which implements these functions around the Verilated class. The RTL is
** built for one configuration (d, w, buf_depth, inj_depth) at a time; a
** program linked with it can only simulate that configuration, and one linked
** with tb/backend/hc_rtl_stub.c has no RTL at all.
*/
#ifndef HC_RTL_H
#define HC_RTL_H

#include <stdint.h>

#include "hc_model.h"

#ifdef __cplusplus
extern "C" {
#endif


typedef struct hc_rtl hc_rtl;

/*
** Report the configuration the RTL was built for in *cfg. Returns HC_OK, or
** HC_ENORTL when no RTL is linked in.
*/
int hc_rtl_built_cfg(hc_cfg *cfg);

/*
** Create the RTL simulation for cfg, held in reset for two cycles and then
** released, so that the first hc_rtl_step() is cycle 0 like the model's. If
** fst_path is not NULL, every cycle is dumped to that FST file, once, at a
** time that counts cycles (one unit each; the FST's unit is one second, so
** that GTKWave's axis reads in cycles), reset not shown. Returns HC_OK,
** HC_ENORTL (cfg is not the built one), HC_ENOWAVE (fst_path given to a
** node-sharded build, which writes no waveform), or HC_ENOMEM.
*/
int hc_rtl_new(const hc_cfg *cfg, const char *fst_path, hc_rtl **out);

/*
** Verilator's own run-time arguments (+verilator+rand+reset+2,
** +verilator+seed+N, ...: argv[0..argc-1], argv[0] the program's name),
** handed to every RTL simulation created after this call
** (VerilatedContext::commandArgs, before the model is constructed, so the
** random reset values follow them). The strings must outlive the
** simulations. Without RTL linked it does nothing.
*/
void hc_rtl_set_args(int argc, const char **argv);

/* Close the waveform and free the simulation; NULL is allowed. */
void hc_rtl_free(hc_rtl *r);

/* Apply reset again (two cycles) and restart at cycle 0. */
void hc_rtl_reset(hc_rtl *r);

/* Whether node x's injection queue accepts a flit this cycle. */
int hc_rtl_inj_ready(const hc_rtl *r, unsigned x);

/* Whether node x's NI accepts a path set-up this cycle (probe_ready_o);
** see hc_model_probe_ready(). */
int hc_rtl_probe_ready(const hc_rtl *r, unsigned x);

/* Offer node x a path set-up to dest during the next hc_rtl_step() (only
** while hc_rtl_probe_ready); see hc_model_probe(). */
void hc_rtl_probe(hc_rtl *r, unsigned x, uint32_t dest);

/*
** One clock cycle with the same contract as hc_model_step(): drive the
** injection inputs, settle, fill obs (if not NULL) with every link, ejection
** port and inj_ready, then clock. Returns HC_OK, or HC_EASSERT when an RTL
** assertion failed in this cycle or before (Verilator has printed the
** assertion's message, file and line; the simulation's state is no longer
** trusted, so the caller ends the run).
*/
int hc_rtl_step(hc_rtl *r, const uint8_t *inj_valid, const uint32_t *inj_flit,
                 hc_obs *obs);

/* Write the NIs' address map during the next hc_rtl_step() (perm: d entries,
** a permutation, checked by the caller); see hc_model_set_remap(). */
void hc_rtl_set_remap(hc_rtl *r, const uint8_t *perm);

/* Drive op on the configuration port during the next hc_rtl_step(); see
** hc_model_set_cfg(). */
void hc_rtl_set_cfg(hc_rtl *r, const hc_cfg_op *op);

/* The network's registered idle output for the coming cycle. */
int hc_rtl_idle(const hc_rtl *r);

/* How many RTL simulations of this process have seen an assertion fail
** (each counts once, at its first failure). */
unsigned long hc_rtl_assert_failures(void);

/* Label the waveform with the algorithm's step number (no effect on traffic). */
void hc_rtl_set_step(hc_rtl *r, unsigned step);

/*
** The waveform's time now: the cycles sampled into the FST so far, one time
** unit each, over every reset (0 without a waveform). hc_rtl_free samples
** once more, at this time, the state after the last cycle.
*/
uint64_t hc_rtl_wave_time(const hc_rtl *r);

/* The waveform's busiest cycle so far: the first with the most links
** blocked, and of those with the most links busy; its time in *time and
** its blocked links in *blocked. Returns 0 (and zeros) when no link has
** been busy or there is no waveform, else 1. */
int hc_rtl_wave_peak(const hc_rtl *r, uint64_t *time, unsigned *blocked);

/* Read counter id of output port of node x through the RTL's read port. */
uint32_t hc_rtl_counter(hc_rtl *r, unsigned x, unsigned port, unsigned id);

#ifdef __cplusplus
}
#endif

#endif /* HC_RTL_H */
