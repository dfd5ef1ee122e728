/*
** The network as a SystemC module behind TLM-2.0 sockets (issue 17;
** docs/systemc.md): per node one target socket that takes a message by
** b_transport of a generic payload (write; the address is the destination
** node, the data the message's 32-bit words, one flit each after the head,
** none for a one-flit message) and blocks while the node has inj_limit
** messages waiting to enter the network (the initiator's delay is consumed
** first, and the cycles of the wait pass inside the call, so delay returns
** 0). Delivered messages go to a callback (on_deliver) and, when the user
** chooses, through one initiator socket per node: the network calls the
** node's target socket with b_transport (write; address = the source; the
** words; an hc_tlm_info extension with the cycles). The configuration port
** (mode, remap, any read or write, store-and-forward runs), the channel
** counters, a reset and the step barrier of prearranged algorithms are
** methods. Behind the sockets is the C golden model, the Verilated RTL or
** both in lockstep, chosen when the module is built (the RTL only in a
** program linked with a configuration's RTL objects). Cycle c of the network
** is the SystemC time [c clk, (c + 1) clk) of an internal clock, which runs
** only while there is something to do and catches up at once
** (hc_driver_advance) when work comes; or, when the user chooses, the time
** from the c-th rising edge of the clk_i port (counted from 0) to the next.
** A thin C++ shim: everything else is the C driver (tb/driver/hc_driver.h).
*/
#ifndef HC_TLM_NET_H
#define HC_TLM_NET_H

#include <deque>
#include <functional>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

extern "C" {
#include "hc_driver.h"
#include "hc_sf_run.h"
}

/* A delivered message. */
struct hc_tlm_msg {
  unsigned src, dest;          /* dest: the node it came out at */
  uint64_t created, delivered; /* cycles: entered its send queue, its tail ejected */
  std::vector<uint32_t> data;  /* the payloads after the head, as ejected */
};

/* The extension on a payload the network delivers through an initiator
** socket: who sent it and its cycles (the address holds the source too). */
struct hc_tlm_info : tlm::tlm_extension<hc_tlm_info> {
  unsigned src = 0, dest = 0;
  uint64_t created = 0, delivered = 0;
  tlm::tlm_extension_base *clone() const override { return new hc_tlm_info(*this); }
  void copy_from(const tlm::tlm_extension_base &e) override { *this = static_cast<const hc_tlm_info &>(e); }
};

/* How the module is built (the second constructor). */
struct hc_tlm_opts {
  sc_core::sc_time clk = sc_core::sc_time(10, sc_core::SC_NS); /* the internal clock's period */
  unsigned inj_limit = 4;   /* a node's b_transport blocks while this many (>= 1) of its messages wait */
  hc_sim sim = HC_SIM_MODEL;
  bool clock_port = false;  /* cycles from the rising edges of clk_i (then clk is not used) */
  bool out_sockets = false; /* deliver through out[x] too (it must then be bound) */
};

class hc_tlm_net : public sc_core::sc_module {
 public:
  /* Called in the cycle a message's tail leaves the network. */
  typedef std::function<void(const hc_tlm_msg &m)> deliver_fn;

  /* One target socket per node, index = node: the way in. */
  std::vector<tlm_utils::simple_target_socket_tagged<hc_tlm_net> *> in;
  /* With opts.out_sockets, one initiator socket per node: the way out
  ** (bind each to the node's target socket); empty otherwise. */
  std::vector<tlm_utils::simple_initiator_socket_tagged<hc_tlm_net> *> out;
  /* With opts.clock_port, the clock (bind it to an sc_clock or any
  ** sc_signal<bool>); NULL otherwise. */
  sc_core::sc_in<bool> *clk_i = nullptr;

  /* Build the network of cfg on backend sim (HC_SIM_MODEL, HC_SIM_RTL or
  ** HC_SIM_BOTH) with an internal clock of period clk; a node's b_transport
  ** blocks while inj_limit (>= 1) of its messages wait. Throws
  ** std::runtime_error with hc_strerror's text when the backend cannot be
  ** opened (HC_ENORTL: no RTL of cfg linked in). */
  hc_tlm_net(sc_core::sc_module_name name, const hc_cfg &cfg, sc_core::sc_time clk, unsigned inj_limit,
             hc_sim sim = HC_SIM_MODEL);
  /* The same with the choices of opts (clock port, delivery sockets). */
  hc_tlm_net(sc_core::sc_module_name name, const hc_cfg &cfg, const hc_tlm_opts &opts);
  ~hc_tlm_net() override;

  /* The callback of every delivery (whether or not out[] is used too). */
  void on_deliver(deliver_fn fn) { deliver_ = fn; }

  /* The configuration port, written in the current cycle (in effect from
  ** the next): the mode register (HC_MODE_*) and the NIs' address map
  ** (hc_driver_set_mode, hc_driver_set_remap). HC_OK or HC_EPARAM. */
  int set_mode(unsigned mode);
  int set_remap(const uint8_t *perm);

  /* From an SC_THREAD: return in the next cycle (a write of set_mode or
  ** set_remap is then in effect, as hcsim's runs begin after it). */
  void next_cycle();

  /* From an SC_THREAD: drive ops[0..n-1] on the configuration port in n
  ** consecutive cycles from the current one (one process at a time: the
  ** others wait for the port) and return when the last read's data is
  ** there, one cycle later; rdata[j] (when rdata is not NULL) gets op j's
  ** read data (0 for a write). Returns HC_OK, HC_EPARAM (an op the port
  ** refuses; the ones before it were driven) or the backend's error. */
  int cfg(const hc_cfg_op *ops, size_t n, uint32_t *rdata);

  /* Counter id (HC_CNT_*) of output port (0..d-1 links, d ejection) of
  ** node x, as of the current cycle; check_counters: lockstep, every
  ** counter of RTL and model equal (HC_OK or HC_EMISMATCH). */
  uint32_t counter(unsigned x, unsigned port, unsigned id);
  int check_counters();

  /* From an SC_THREAD, once by each of the 2^d node processes: return, to
  ** all of them in the same cycle, when every one has called it, every
  ** send queue is empty, at least 2 cycles have passed since the last flit
  ** was offered and the network's idle output is 1 (hc_algo_barrier: the
  ** step barrier of Algorithm AAP). Messages sent on return start the next
  ** step in that cycle. */
  void barrier();

  /* From an SC_THREAD with no message outstanding: reset the network and
  ** the driver (hc_driver_reset: counters, mode, NI map, statistics); the
  ** driver's cycle 0 is the current cycle. HC_OK, or HC_EPARAM when
  ** messages are outstanding. */
  int reset();

  /* From an SC_THREAD with no message outstanding: run store-and-forward
  ** case c with start-up beta (hc_sf_run: the network is reset, loaded
  ** through the configuration port, run to sf_done, read back and checked),
  ** then let the SystemC time of its cycles pass. Returns hc_sf_run's
  ** status, or HC_EPARAM when messages are outstanding. The mode stays
  ** store-and-forward and the banks keep their words (cfg reads them):
  ** set_mode(HC_MODE_WORMHOLE) before sending again. */
  int sf_run(hc_sched_case *c, uint32_t beta, hc_sf_result *res, hc_sched_err *err);

  /* The current cycle (SystemC's, from the start); the driver's cycle 0
  ** in it (moved by reset and sf_run); the driver, for the rest of
  ** hc_driver.h. */
  uint64_t cycle() const;
  uint64_t base() const { return base_; }
  hc_driver *driver() { return drv_; }

 private:
  void build(const hc_cfg &cfg);
  void b_transport(int node, tlm::tlm_generic_payload &p, sc_core::sc_time &delay);
  void clock();
  void edge();
  void wait_cycle();
  void deliver_loop(unsigned x);
  int sync();
  static void delivered(void *ctx, hc_driver *drv, const hc_msg *m);

  hc_backend *be_ = nullptr;
  hc_driver *drv_ = nullptr;
  hc_tlm_opts opts_;
  uint64_t base_ = 0;  /* the SystemC cycle of the driver's cycle 0 (moved by reset and sf_run) */
  uint64_t edges_ = 0; /* clock port: rising edges counted by edge() */
  uint64_t edge_delta_ = ~0ull; /* the delta cycle of the last one counted */
  deliver_fn deliver_;
  sc_core::sc_event work_, stepped_, released_;
  sc_core::sc_mutex port_;
  unsigned arrived_ = 0;      /* node processes at the barrier */
  uint64_t last_offer_ = 0;   /* the barrier's: the last driver cycle a flit waited to be offered */
  std::vector<std::deque<hc_tlm_msg>> outq_; /* out_sockets: deliveries not yet handed over */
  std::vector<sc_core::sc_event *> outev_;
};

#endif /* HC_TLM_NET_H */
