/*
** The message-level testbench driver: it sits on a backend (tb/backend/hc_backend.h)
** the way a processor sits on its network interface. Each node has an
** unbounded software send queue; every cycle the driver offers the next flit
** of the queue's front message whenever the NI is ready (in mode 3, circuit
** switching, also each message's path set-up, in the same order, whenever
** the NI takes one), steps the backend,
** runs the registered monitors, and feeds every ejected flit to the
** scoreboard, which checks that each message arrives exactly once, intact, at
** its destination. Message contents are a pure function of the message's
** sequence number, so nothing is trusted from the simulation itself.
**
** The driver is the one way in to the backend for everything that puts work
** on the network: the traffic sources (hc_traffic.h), the algorithm, LCC and
** store-and-forward runners (hc_algo_run.h, hc_lcc_run.h, hc_sf_run.h), the
** tests and hcsim step the network, write its configuration port and NI map,
** reset it and read its counters through the calls below, never through the
** backend; a program only opens and closes the backend it hands the driver.
*/
#ifndef HC_DRIVER_H
#define HC_DRIVER_H

#include <stdint.h>

#include "hc_backend.h"


typedef struct hc_msg {
  uint32_t src, dest, len; /* len in flits, >= 1; dest as the sender wrote it */
  uint32_t phys_dest;      /* the node it must come out at (dest through the NI map) */
  uint32_t tag;            /* the user's label, e.g. a step number */
  uint8_t offered;         /* its head has been offered to the NI */
  uint8_t delivered;
  uint64_t seq;            /* order of creation, 0.. */
  uint64_t t_create;       /* cycle the message entered its send queue */
  uint64_t t_head;         /* cycle its head was offered to the NI */
  uint64_t t_setup;        /* mode 3: cycle its path set-up was offered to the NI */
  uint64_t t_deliver;      /* cycle its tail was ejected (valid if delivered) */
  uint64_t words;          /* hc_driver_send_words: 1 + where its words start in the
                           ** driver's store; 0: its flits come from seq */
  uint64_t key;            /* the driver's: its content key as it must come out (set
                           ** when its head is offered; the scoreboard's tables) */
} hc_msg;

typedef struct hc_stats {
  uint64_t injected;     /* messages created */
  uint64_t delivered;    /* distinct messages ejected intact at their destination */
  uint64_t duplicated;   /* an intact message ejected again */
  uint64_t corrupted;    /* an ejected message matching no message sent to that node */
  uint64_t flits_delivered;
  uint64_t measured;     /* delivered messages created at or after measure_from */
  double latency_sum;    /* over measured messages: t_deliver - t_create */
  uint64_t latency_max;
  uint64_t compared_max; /* the most sent messages one ejected message was compared with,
                         ** flit by flit: the scoreboard's work per delivery, bounded by
                         ** the messages in flight however long the run */
} hc_stats;

/* What the watchdog saw when it fired (hc_driver_set_watchdog). */
typedef struct hc_stall {
  uint64_t cycle;      /* the cycle in which it fired */
  uint64_t last_move;  /* the last cycle in which a flit entered an NI or came out */
  uint64_t in_flight;  /* messages whose head was offered and that are not delivered */
  uint64_t oldest;     /* the oldest of them (a message index) */
  int located;         /* site is known: a backend with the model (not the RTL alone) */
  hc_stall_site site;  /* where flits stand and why (hc_model_stall_site) */
} hc_stall;

typedef struct hc_driver hc_driver;

/* Called after every cycle with that cycle's observation. */
typedef void (*hc_monitor_fn)(void *ctx, hc_driver *drv, const hc_obs *obs);

/* Called when a message is delivered intact. */
typedef void (*hc_deliver_fn)(void *ctx, hc_driver *drv, const hc_msg *m);

/* Create a driver on backend b (not owned). Returns HC_OK or HC_ENOMEM. */
int hc_driver_new(hc_backend *b, hc_driver **out);

/* Free a driver (not its backend); NULL is allowed. */
void hc_driver_free(hc_driver *drv);

/*
** Create a message of len flits from src to dest, created in the coming
** cycle; it waits in src's send queue. Returns its index (for hc_driver_msg),
** or -1 if len is 0, a node is out of range, or memory ran out.
*/
int64_t hc_driver_send(hc_driver *drv, unsigned src, unsigned dest, unsigned len,
                       uint32_t tag);

/*
** hc_driver_send of a message that carries the caller's data: nwords (>= 1)
** flits after the head, flit j + 1 the payload words[j] masked to the
** payload width (cfg.w bits; the bits above are dropped, not checked). The
** scoreboard checks them like any message's flits (its head still carries
** dest, src and the low bits of the sequence number); identical messages
** are told apart by age. Returns the message's index, or -1 as
** hc_driver_send (nwords 0, a node out of range, memory).
*/
int64_t hc_driver_send_words(hc_driver *drv, unsigned src, unsigned dest, const uint32_t *words,
                             unsigned nwords, uint32_t tag);

/*
** Program the network interfaces' address map (hc_backend_set_remap) and
** expect every message sent from now on at its mapped destination, with the
** mapped destination in its head. Returns HC_OK or HC_EPARAM.
*/
int hc_driver_set_remap(hc_driver *drv, const uint8_t *perm);

/* The flit j of message m as the driver injects it. */
uint32_t hc_driver_flit(const hc_driver *drv, const hc_msg *m, unsigned j);

/*
** Run one cycle. Returns HC_OK, the backend's error (HC_EMISMATCH),
** HC_ENOMEM (reassembly buffer) or HC_ESTALL (the watchdog fired); after an
** error the run is over.
*/
int hc_driver_step(hc_driver *drv);

/*
** Run until cycle (the cycle the next hc_driver_step would run is then
** cycle; nothing happens if it is already there or past), sending what the
** queues hold. Where nothing is left to send and the network is quiet
** (hc_model_quiet) it jumps to cycle at once, on the model alone and
** without monitors; otherwise it steps cycle by cycle. Returns HC_OK or the
** backend's error.
*/
int hc_driver_advance(hc_driver *drv, uint64_t cycle);

/* Step until every message sent so far is delivered, at most max_cycles.
** Returns HC_OK, HC_ETIMEOUT, HC_ESTALL (the watchdog) or the backend's error. */
int hc_driver_drain(hc_driver *drv, uint64_t max_cycles);

/*
** Reset the network (hc_backend_reset) and the driver with it: send queues,
** messages, statistics, NI map and measurement start as after
** hc_driver_new; monitors and the delivery callback stay.
*/
void hc_driver_reset(hc_driver *drv);

/*
** Drive op on the configuration port in the coming cycle
** (docs/store_and_forward.md, 7.3); the next hc_driver_step runs that cycle,
** and its hc_driver_obs() has the port's read data. Returns HC_OK, HC_EPARAM
** or HC_ENOMEM (see hc_model_set_cfg).
*/
int hc_driver_set_cfg(hc_driver *drv, const hc_cfg_op *op);

/*
** The model backend's back door of the configuration port
** (hc_model_backdoor): a write lands as the port's would at the end of a
** cycle, a read's data is returned in *rdata, and no cycle runs. Returns
** HC_OK, HC_EPARAM (not the model backend: the RTL has no back door, and a
** lockstep run loads both through the port) or HC_ENOMEM.
*/
int hc_driver_backdoor(hc_driver *drv, const hc_cfg_op *op, uint32_t *rdata);

/* Write the mode register in the coming cycle (HC_MODE_WORMHOLE, HC_MODE_SAF,
** HC_MODE_SF or HC_MODE_CIRCUIT): hc_driver_set_cfg with the global mode
** write. Messages sent from then on in mode 3 get a path set-up each. */
int hc_driver_set_mode(hc_driver *drv, unsigned mode);

/*
** Write the cost-model registers (docs/microarchitecture.md, "Cost model"):
** tau, xi and the overlap bit, one configuration write per cycle, running
** the cycles it takes (3). Returns HC_OK, HC_EPARAM (a value out of range:
** nothing written) or the backend's error.
*/
int hc_driver_set_cost(hc_driver *drv, unsigned tau, unsigned xi, unsigned overlap);

/* The observation of the last cycle run (every link and ejection port,
** inj_ready, idle, sf_done, cfg_rdata). */
const hc_obs *hc_driver_obs(const hc_driver *drv);

/* The network's registered idle output for the coming cycle: the step
** barrier of prearranged algorithms waits for it. */
int hc_driver_idle(const hc_driver *drv);

/* Label the RTL waveform with an algorithm step number (no other effect). */
void hc_driver_set_step(hc_driver *drv, unsigned step);

/* Counter id of output port of node x (the model's in a lockstep run). */
uint32_t hc_driver_counter(hc_driver *drv, unsigned x, unsigned port, unsigned id);

/* Lockstep: compare every counter of RTL and model (HC_OK or HC_EMISMATCH);
** other backends: HC_OK. */
int hc_driver_check_counters(hc_driver *drv);

/* The first lockstep mismatch, or NULL when there was none. */
const hc_mismatch *hc_driver_mismatch(const hc_driver *drv);

/*
** The watchdog: from now on, once bound cycles (>= 1) have passed in which
** no flit or path set-up was offered to a network interface and none came
** out, while messages are in the network (head offered, not delivered),
** hc_driver_step returns HC_ESTALL and hc_driver_stall says where the
** flits stand. Nothing moving for that long in a network that holds flits
** is a deadlock or a fault, not load: under saturation something comes out
** every few cycles. The bound must exceed the cost model's waits (tau', xi')
** of the run. 0 (the default) turns it off.
*/
void hc_driver_set_watchdog(hc_driver *drv, uint64_t bound);

/* The watchdog's report once it has fired (the run is over), else NULL. */
const hc_stall *hc_driver_stall(const hc_driver *drv);

/*
** on != 0: forget delivered messages from now on, for runs longer than
** memory holds every message (a soak). Messages are kept from the oldest
** one not yet delivered on, so memory follows what is in flight and queued;
** hc_driver_msg of a forgotten message returns NULL, and a duplicate of a
** forgotten message is counted corrupted rather than duplicated (a failure
** all the same). The statistics are unchanged.
*/
void hc_driver_forget(hc_driver *drv, int on);

/* Messages created and not yet delivered. */
uint64_t hc_driver_outstanding(const hc_driver *drv);

/* Messages waiting in node x's send queue, the one being injected included. */
uint64_t hc_driver_queued(const hc_driver *drv, unsigned x);

/* The flits reassembled at node x so far, *len of them (the kinds
** included: hc_flit_payload gives the words). In a delivery callback
** (hc_driver_on_deliver) of a message to x they are that whole message as
** it came out; valid until the next hc_driver_step. */
const uint32_t *hc_driver_rx(const hc_driver *drv, unsigned x, unsigned *len);

/* Flits ejected at node x since the driver's creation or reset. */
uint64_t hc_driver_ejected(const hc_driver *drv, unsigned x);

/* Call fn(ctx, drv, obs) after every cycle from the next one on, after the
** monitors added before it; the driver then records every channel (a
** record of the model alone may have been lean). Returns HC_OK or
** HC_ENOMEM (eight monitors are there already, or no memory). */
int hc_driver_add_monitor(hc_driver *drv, hc_monitor_fn fn, void *ctx);

/* Call fn(ctx, drv, m) for each message delivered intact from now on, after
** the callbacks added before it (hcsim's statistics and its --deliveries
** file both listen); fn NULL removes them all. Returns HC_OK, or HC_ENOMEM
** when four are there already. */
int hc_driver_on_deliver(hc_driver *drv, hc_deliver_fn fn, void *ctx);

/* Latency counts messages created from this cycle on (warm-up before it). */
void hc_driver_measure_from(hc_driver *drv, uint64_t cycle);

/* The statistics of the run so far (owned by the driver, updated by every
** step). */
const hc_stats *hc_driver_stats(const hc_driver *drv);

/* Message index (the value hc_driver_send returned), or NULL when there is
** none (index >= hc_driver_num_msgs) or it was forgotten (hc_driver_forget);
** valid until the next hc_driver_send, step or reset. */
const hc_msg *hc_driver_msg(const hc_driver *drv, uint64_t index);

/* Messages created since the driver was made or last reset. */
uint64_t hc_driver_num_msgs(const hc_driver *drv);

/* The cycle the next hc_driver_step runs (cycles run since the last reset). */
uint64_t hc_driver_cycle(const hc_driver *drv);

/* The network's configuration (the backend's). */
const hc_cfg *hc_driver_cfg(const hc_driver *drv);

/* The kind of the backend under the driver. */
hc_sim hc_driver_sim(const hc_driver *drv);

#endif /* HC_DRIVER_H */
