/*
** The golden model of the hypercube wormhole network: every router, network
** interface and channel counter of rtl/ modelled cycle for cycle from
** docs/microarchitecture.md, by hand, without any code from or link to the
** RTL. It is also the fast simulator: all memory is taken in hc_model_new()
** and the per-cycle call hc_model_step() allocates nothing.
*/
#ifndef HC_MODEL_H
#define HC_MODEL_H

#include <stdint.h>

#include "hc_route.h"
#include "hc_sf.h"
#include "hc_status.h"


/* Flit kinds (HC_KIND_*), counter ids (HC_CNT_*) and the limits HC_MODEL_MAX_D,
** HC_MAX_W, HC_MAX_DEPTH come from the contract, hc_contract.h (included by
** hc_sf.h); the RTL's limits are in docs/microarchitecture.md. */

typedef struct hc_cfg {
  unsigned d;         /* cube dimension, 1..HC_MODEL_MAX_D */
  unsigned w;         /* payload bits, d..HC_MAX_W */
  unsigned buf_depth; /* router input buffer slots, 1..HC_MAX_DEPTH */
  unsigned inj_depth; /* NI injection queue slots, 1..HC_MAX_DEPTH */
  hc_sf_geom sf;      /* store-and-forward memory and tables (BankAW, SegAW,
                      ** DescAW); 0 fields: the contract's defaults */
  unsigned routing;   /* routing function of step 3 (hc_route.h): 0, e-cube,
                      ** the RTL's; the others run on the model only */
} hc_cfg;

/*
** What the network shows in one cycle; filled by hc_model_step(). Arrays are
** owned by the caller and sized by hc_obs_new() for a configuration:
**   link_valid[x*d + i], link_flit[x*d + i]: output i of router x (the link
**     from x to x^(1<<i));
**   ej_valid[x], ej_flit[x]: the ejection port of node x;
**   inj_ready[x]: whether node x's NI accepted a flit in this cycle;
**   idle: the network's registered idle output in this cycle (1 when, at the
**     start of the previous cycle, every NI queue and router buffer was
**     empty and no output was held);
**   sf_done, cfg_rdata: the store-and-forward engines' registered done output
**     and the configuration port's read data (docs/store_and_forward.md, 7);
**   probe_ready[x]: whether node x's NI accepts a path set-up (mode 3);
**   probe_valid[x*d + i], probe_dest[x*d + i]: a probe crosses the link from
**     x to x^(1<<i) (mode 3; dest 0 when none);
**   link_ack[x*d + i]: router x sends an acknowledgement back across its
**     input i, to the output i of x^(1<<i) (mode 3).
** In mode 1 (store-and-forward) the links show the TX engines' words.
*/
typedef struct hc_obs {
  uint8_t *link_valid;
  uint32_t *link_flit;
  uint8_t *ej_valid;
  uint32_t *ej_flit;
  uint8_t *inj_ready;
  uint8_t *probe_ready;
  uint8_t *probe_valid;
  uint32_t *probe_dest;
  uint8_t *link_ack;
  uint8_t idle;
  uint8_t sf_done;
  uint32_t cfg_rdata;
} hc_obs;

typedef struct hc_model hc_model;

/* Check a configuration (the ranges of hc_cfg, routing < HC_ROUTE_NUM).
** Returns HC_OK or HC_EPARAM. */
int hc_cfg_check(const hc_cfg *cfg);

/* Flit helpers: build a flit of kind from a payload; take them apart. */
static inline uint32_t hc_flit(unsigned w, unsigned kind, uint32_t payload) {
  return ((uint32_t)kind << w) | (payload & ((1u << w) - 1u));
}
static inline unsigned hc_flit_kind(unsigned w, uint32_t flit) {
  return (flit >> w) & 3u;
}
static inline uint32_t hc_flit_payload(unsigned w, uint32_t flit) {
  return flit & ((1u << w) - 1u);
}
static inline int hc_kind_is_head(unsigned kind) {
  return kind == HC_KIND_HEAD || kind == HC_KIND_SINGLE;
}
static inline int hc_kind_is_tail(unsigned kind) {
  return kind == HC_KIND_TAIL || kind == HC_KIND_SINGLE;
}

/*
** Create a model for cfg, in reset state, in *out. Returns HC_OK, HC_EPARAM
** (cfg fails hc_cfg_check) or HC_ENOMEM; *out is set only on HC_OK.
*/
int hc_model_new(const hc_cfg *cfg, hc_model **out);

/* Free a model; NULL is allowed. */
void hc_model_free(hc_model *m);

/* Return to the reset state: all buffers empty, all counters 0. */
void hc_model_reset(hc_model *m);

/* Whether node x's NI accepts a flit this cycle (its queue count < inj_depth). */
int hc_model_inj_ready(const hc_model *m, unsigned x);

/*
** Whether node x's NI accepts a path set-up this cycle (mode 3, circuit
** switching; docs/microarchitecture.md, "Circuit switching"): no set-up under
** way, no path held ahead of its data, and with the overlap register 0 the
** node's previous message complete. Always 0 in the other modes.
*/
int hc_model_probe_ready(const hc_model *m, unsigned x);

/*
** Offer node x's NI a path set-up to dest (the destination as the sender
** writes it; the NI map applies) in the next hc_model_step(); only when
** hc_model_probe_ready(m, x). The data of the message follows through the
** injection port as in every mode; the NI sends it on when the path is held.
*/
void hc_model_probe(hc_model *m, unsigned x, uint32_t dest);

/*
** Run one clock cycle. inj_valid[x] and inj_flit[x] (N entries each) are
** what the user offers node x's NI in this cycle; inj_valid[x] may be 1 only
** when hc_model_inj_ready(m, x). obs, if not NULL, receives the cycle's
** channels (made by hc_obs_new for the same cfg). Then all state advances to
** the next cycle.
*/
void hc_model_step(hc_model *m, const uint8_t *inj_valid,
                   const uint32_t *inj_flit, hc_obs *obs);

/*
** Write the address map of every network interface (docs/microarchitecture.md,
** "Network interface"): from the cycle after the next hc_model_step(), a head
** leaving an NI for its router has destination bit k taken from bit perm[k]
** of the destination it was injected with. perm (d entries) must be a
** permutation of 0..d-1. Reset restores the identity. Returns HC_OK or
** HC_EPARAM (not a permutation; nothing changes).
*/
int hc_model_set_remap(hc_model *m, const uint8_t *perm);

/* The network's registered idle output for the coming cycle (see hc_obs). */
int hc_model_idle(const hc_model *m);

/*
** Drive op on the configuration port in the next hc_model_step() (one
** transaction per cycle; a second call before the step replaces the first).
** See docs/store_and_forward.md, section 7.3. The store-and-forward engines
** are allocated on the first call (a wormhole-only run never pays for their
** memories). Returns HC_OK, HC_EPARAM (d > 15: the RTL has no engines for
** that) or HC_ENOMEM.
*/
int hc_model_set_cfg(hc_model *m, const hc_cfg_op *op);

/*
** The model's back door of the configuration port (hc_sf_backdoor_write
** and _read): a write (op->we) lands in the tables, banks and registers as
** the port's write would at the end of a cycle, and *rdata (may be NULL)
** receives what a read (op->re) would deliver in the next cycle; no cycle
** runs, nothing else changes. For model-only runs that would otherwise
** spend one cycle of the whole network per word loaded or read back; a
** lockstep run never uses it (the RTL has no back door). Returns HC_OK,
** HC_EPARAM or HC_ENOMEM as hc_model_set_cfg.
*/
int hc_model_backdoor(hc_model *m, const hc_cfg_op *op, uint32_t *rdata);

/* The mode register for the coming cycle (HC_MODE_*). */
unsigned hc_model_mode(const hc_model *m);

/* Read counter id (HC_CNT_*, or HC_CNT_SF_* of the TX engine of link port)
** of output port (0..d, d = eject) of node x. */
uint32_t hc_model_counter(const hc_model *m, unsigned x, unsigned port,
                          unsigned id);

/* The configuration the model was made with. */
const hc_cfg *hc_model_cfg(const hc_model *m);

/* Allocate / free an observation record for cfg. Returns HC_OK or HC_ENOMEM. */
int hc_obs_new(const hc_cfg *cfg, hc_obs *obs);
void hc_obs_free(hc_obs *obs);

#endif /* HC_MODEL_H */
