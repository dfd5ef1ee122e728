/*
** The golden model of the hypercube wormhole network: every router, network
** interface and channel counter of rtl/ modelled cycle for cycle from
** docs/microarchitecture.md, by hand, without any code from or link to the
** RTL. It is also the fast simulator: a cycle visits only the nodes where
** something happens (the others provably stay as they are), a network with
** nothing in it skips cycles at once (hc_model_skip), all memory is taken
** in hc_model_new() and the per-cycle call hc_model_step() allocates
** nothing.
*/
#ifndef HC_MODEL_H
#define HC_MODEL_H

#include <stddef.h>
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
  unsigned route_reg; /* 1: the routers register their fronts' routes, a head
                      ** requests from its second cycle at the front (RouteReg,
                      ** docs/microarchitecture.md, "Registered route"); 0 or 1 */
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
**     input i, to the output i of x^(1<<i) (mode 3);
**   ej_node[0 .. ej_count-1]: the nodes whose ejection port carries a flit
**     in this cycle, in increasing order (so a reader need not scan ej_valid).
** In mode 1 (store-and-forward) the links show the TX engines' words.
**
** The model rewrites a record only where it differs from an idle network's
** picture, so the record remembers where it was written: touched[0 ..
** ntouched-1], the nodes whose entries may differ from an idle node's
** (touched_links[i]: bit i of the links of touched[i] written), or
** ntouched == HC_OBS_ALL (anything may differ: rewrite it all), and
** probe_idle, the probe_ready of an idle node in it. A record is the
** model's to write; whoever else writes one (the RTL backend) calls
** hc_obs_written() after it.
**
** A lean record (lean = 1, made by hc_obs_new_lean) has the ejections,
** idle, sf_done and cfg_rdata only; its other arrays are NULL and nothing
** writes them. It is for a run that reads nothing else, the model alone
** without monitors: the links of a large cube are most of a full record
** and most of the model's work on it.
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
  uint32_t *ej_node;
  uint32_t ej_count;
  uint32_t *touched;
  uint32_t *touched_links;
  uint32_t ntouched;
  uint8_t probe_idle;
  uint8_t lean;
} hc_obs;

/* hc_obs.ntouched when every entry may differ from the idle picture. */
#define HC_OBS_ALL UINT32_MAX

typedef struct hc_model hc_model;

/* Check a configuration (the ranges of hc_cfg, routing < HC_ROUTE_NUM,
** route_reg 0 or 1). Returns HC_OK or HC_EPARAM. */
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
** Offer flit to node x's NI in the next hc_model_step(); only when
** hc_model_inj_ready(m, x), at most once per node and cycle. The same as
** inj_valid[x] = 1, inj_flit[x] = flit in that step, without an array of N
** entries to fill and scan.
*/
void hc_model_offer(hc_model *m, unsigned x, uint32_t flit);

/*
** Run one clock cycle. inj_valid[x] and inj_flit[x] (N entries each; both
** may be NULL) are what the user offers node x's NI in this cycle, beside
** the offers of hc_model_offer(); inj_valid[x] may be 1 only when
** hc_model_inj_ready(m, x). obs, if not NULL, receives the cycle's channels
** (made by hc_obs_new for the same cfg). Then all state advances to the
** next cycle.
*/
void hc_model_step(hc_model *m, const uint8_t *inj_valid,
                   const uint32_t *inj_flit, hc_obs *obs);

/*
** Whether the network is quiet: no flit, probe, acknowledgement, set-up,
** wait or offer anywhere, no configuration transaction or NI map write
** pending, the store-and-forward engines at rest and the mode not 1. Then
** a step without inputs changes nothing but the idle register (which is 1
** from the second such step on), and hc_model_skip() may jump ahead.
*/
int hc_model_quiet(const hc_model *m);

/*
** Run k cycles of a quiet network (hc_model_quiet) without inputs, exactly
** as k calls of hc_model_step(m, NULL, NULL, obs) would, in time
** independent of k; obs (may be NULL) receives the last cycle's channels.
** This is the next-event jump of a model-only run (a lockstep run steps
** the RTL through every cycle).
*/
void hc_model_skip(hc_model *m, uint64_t k, hc_obs *obs);

/*
** The reference for the tests of the active set: with dense != 0 every
** step visits every node and rewrites every entry of its observation record
** (the model as it was before it skipped idle nodes); with 0 (the default)
** it visits the nodes where something happens. Results are identical; only
** the time differs.
*/
void hc_model_set_dense(hc_model *m, int dense);

/*
** Check the active set and the routers' registers: the number of nodes a
** step would not visit though something of theirs can change, or whose
** registers break an invariant of the passes (every busy output owned by
** an input that holds it, one current reservation per input, counts that
** match the nonempty bits); 0 when all is well. *first (may be NULL)
** receives the first. O(N): for the tests, every cycle if they like.
*/
unsigned hc_model_audit(const hc_model *m, unsigned *first);

/* Why the front flit of a buffer does not move (hc_model_stall_site). */
typedef enum hc_stuck_why {
  HC_STUCK_HELD = 0, /* the output it needs is held by another input's worm */
  HC_STUCK_FULL,     /* the buffer behind the output it needs is full */
  HC_STUCK_TAIL,     /* mode 2: a head whose tail is not in its buffer (a
                     ** message longer than the buffer never moves) */
  HC_STUCK_WAIT,     /* a wait of the cost model (tau, xi) or mode 3's path set-up */
  HC_STUCK_FREE,     /* nothing visible holds it: its output is free and ready */
  HC_STUCK_NUM
} hc_stuck_why;

/* Where flits sit that do not move: one buffer, its front and its reason. */
typedef struct hc_stall_site {
  unsigned node;
  unsigned port;   /* the input buffer: 0..d-1 the link of that dimension,
                   ** d the local input, d + 1 the NI's injection queue */
  uint32_t flit;   /* the front flit of that buffer */
  unsigned out;    /* the output it needs: 0..d-1 a link, d ejection; for the
                   ** NI (port d + 1) d, the router's local input */
  unsigned holder; /* HC_STUCK_HELD: the input that holds out */
  hc_stuck_why why;
  int cyclic;      /* no buffer is stuck on its own: each waits for another,
                   ** a cycle of waits (a deadlock); the site is one of them */
  unsigned buffers; /* buffers (inputs and NI queues) that hold a flit */
} hc_stall_site;

/* A short phrase for why ("its output is held"), or "?" out of range. */
const char *hc_stuck_name(hc_stuck_why why);

/*
** Where the network holds flits, for the report of a stalled run (the
** driver's watchdog): every input buffer and NI queue that holds a flit is
** classified by what its front waits for (hc_stuck_why), and *out receives
** the first one, in node and port order, that waits for nothing another
** buffer holds (the root of a stall: a head waiting for its own tail, a
** fault), or, when there is none, the first of all with cyclic set (every
** one waits for another: a cycle of waits). Meant for a network in which
** nothing has moved for a while; on a moving one it names a buffer that
** happens to wait. O(N d). Returns the number of buffers holding flits;
** with 0, *out is untouched.
*/
unsigned hc_model_stall_site(const hc_model *m, hc_stall_site *out);

/* Bytes the model holds (its node records and the cycle's work lists; the
** store-and-forward engines' memories not included). */
size_t hc_model_mem(const hc_model *m);

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

/* Allocate a lean observation record for cfg (see hc_obs). Returns HC_OK,
** HC_EPARAM or HC_ENOMEM. hc_obs_free frees it. */
int hc_obs_new_lean(const hc_cfg *cfg, hc_obs *obs);

/* obs (for a d-cube) was written by someone other than the model, every
** entry: mark it so (the model's next step rewrites all of it) and list its
** ejections in ej_node. */
void hc_obs_written(hc_obs *obs, unsigned d);

#endif /* HC_MODEL_H */
