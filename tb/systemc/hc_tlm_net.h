/*
** The network as a SystemC module behind TLM-2.0 sockets (issue 17;
** docs/systemc.md): per node one target socket that takes a message by
** b_transport of a generic payload (write; the address is the destination
** node, the data the message's 32-bit words, one flit each after the head,
** none for a one-flit message) and blocks while the node has inj_limit
** messages waiting to enter the network (the initiator's delay is consumed
** first, and the cycles of the wait pass inside the call, so delay returns
** 0); a delivery callback with the message, the words as they came out and
** its creation and delivery cycles; the configuration port (mode, remap,
** store-and-forward runs) and the channel counters. Behind the sockets is
** the C golden model, the Verilated RTL or both in lockstep, chosen when
** the module is built (the RTL only in a program linked with a
** configuration's RTL objects). Cycle c of the network is the SystemC time
** [c clk, (c + 1) clk) on an internal clock; it runs only while there is
** something to do and catches up at once (hc_driver_advance) when work
** comes. A thin C++ shim: everything else is the C driver
** (tb/driver/hc_driver.h).
*/
#ifndef HC_TLM_NET_H
#define HC_TLM_NET_H

#include <functional>
#include <vector>

#include <systemc>
#include <tlm>
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

class hc_tlm_net : public sc_core::sc_module {
 public:
  /* Called in the cycle a message's tail leaves the network. */
  typedef std::function<void(const hc_tlm_msg &m)> deliver_fn;

  /* One target socket per node, index = node. */
  std::vector<tlm_utils::simple_target_socket_tagged<hc_tlm_net> *> in;

  /* Build the network of cfg on backend sim (HC_SIM_MODEL, HC_SIM_RTL or
  ** HC_SIM_BOTH) with a clock of period clk; a node's b_transport blocks
  ** while inj_limit (>= 1) of its messages wait. Throws std::runtime_error
  ** with hc_strerror's text when the backend cannot be opened (HC_ENORTL:
  ** no RTL of cfg linked in). */
  hc_tlm_net(sc_core::sc_module_name name, const hc_cfg &cfg, sc_core::sc_time clk, unsigned inj_limit,
             hc_sim sim = HC_SIM_MODEL);
  ~hc_tlm_net() override;

  void on_deliver(deliver_fn fn) { deliver_ = fn; }

  /* The configuration port, written in the current cycle (in effect from
  ** the next): the mode register (HC_MODE_*) and the NIs' address map
  ** (hc_driver_set_mode, hc_driver_set_remap). HC_OK or HC_EPARAM. */
  int set_mode(unsigned mode);
  int set_remap(const uint8_t *perm);

  /* Counter id (HC_CNT_*) of output port (0..d-1 links, d ejection) of
  ** node x, as of the current cycle; check_counters: lockstep, every
  ** counter of RTL and model equal (HC_OK or HC_EMISMATCH). */
  uint32_t counter(unsigned x, unsigned port, unsigned id);
  int check_counters();

  /* From an SC_THREAD with no message outstanding: run store-and-forward
  ** case c with start-up beta (hc_sf_run: the network is reset, loaded
  ** through the configuration port, run to sf_done, read back and checked),
  ** then let the SystemC time of its cycles pass. Returns hc_sf_run's
  ** status, or HC_EPARAM when messages are outstanding. The mode stays
  ** store-and-forward: set_mode(HC_MODE_WORMHOLE) before sending again. */
  int sf_run(hc_sched_case *c, uint32_t beta, hc_sf_result *res, hc_sched_err *err);

  /* The current cycle; the driver, for anything else (hc_driver_*). */
  uint64_t cycle() const;
  hc_driver *driver() { return drv_; }

 private:
  void b_transport(int node, tlm::tlm_generic_payload &p, sc_core::sc_time &delay);
  void clock();
  int sync();
  static void delivered(void *ctx, hc_driver *drv, const hc_msg *m);

  hc_backend *be_ = nullptr;
  hc_driver *drv_ = nullptr;
  sc_core::sc_time clk_;
  unsigned inj_limit_;
  uint64_t base_ = 0; /* the SystemC cycle of the driver's cycle 0 (moved by sf_run's reset) */
  deliver_fn deliver_;
  sc_core::sc_event work_, stepped_;
};

#endif /* HC_TLM_NET_H */
