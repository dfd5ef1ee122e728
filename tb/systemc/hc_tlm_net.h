/*
** The network as a SystemC module behind TLM-2.0 sockets (issue 17, first
** part; the C golden model only so far): per node one target socket that
** takes a message by b_transport of a generic payload (write; the address
** is the destination node, the data the message's words, one flit each
** after the head) and blocks while the node has inj_limit messages waiting
** to enter the network (the initiator's delay is consumed first, and the
** cycles of the wait pass inside the call, so delay returns 0); and a
** delivery callback with the message, its data and its delivery time. The
** network runs on an internal clock of one period per cycle, one
** hc_driver_step each, and only while there is something to do. A thin C++
** shim: everything else is the C driver (tb/driver/hc_driver.h).
*/
#ifndef HC_TLM_NET_H
#define HC_TLM_NET_H

#include <functional>
#include <map>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

extern "C" {
#include "hc_driver.h"
}

class hc_tlm_net : public sc_core::sc_module {
 public:
  /* Called at the cycle a message's tail leaves the network at node dest. */
  typedef std::function<void(unsigned src, unsigned dest, const std::vector<uint32_t> &data,
                             uint64_t cycle)> deliver_fn;

  /* One target socket per node, index = node. */
  std::vector<tlm_utils::simple_target_socket_tagged<hc_tlm_net> *> in;

  /* Build the model of cfg with a clock of period clk; a node's b_transport
  ** blocks while inj_limit (>= 1) of its messages wait. Throws
  ** std::runtime_error with hc_strerror's text when the model cannot be made. */
  hc_tlm_net(sc_core::sc_module_name name, const hc_cfg &cfg, sc_core::sc_time clk, unsigned inj_limit);
  ~hc_tlm_net() override;

  void on_deliver(deliver_fn fn) { deliver_ = fn; }
  /* The driver, for the configuration port and the counters (hc_driver_*). */
  hc_driver *driver() { return drv_; }

 private:
  void b_transport(int node, tlm::tlm_generic_payload &p, sc_core::sc_time &delay);
  void clock();
  static void delivered(void *ctx, hc_driver *drv, const hc_msg *m);

  hc_backend *be_ = nullptr;
  hc_driver *drv_ = nullptr;
  sc_core::sc_time clk_;
  unsigned inj_limit_;
  std::map<uint64_t, std::vector<uint32_t>> data_; /* by message index, until delivered */
  deliver_fn deliver_;
  sc_core::sc_event work_, stepped_;
};

#endif /* HC_TLM_NET_H */
