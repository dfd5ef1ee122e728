/*
** Implementation of tb/systemc/hc_tlm_net.h. The driver's scoreboard makes
** each message's flits itself (their contents are a function of its
** sequence number, so that a delivery is checked intact); the user's data
** ride beside the message here and are handed over when the driver has
** seen it delivered intact, one flit of the network per word.
*/
#include "hc_tlm_net.h"

#include <stdexcept>
#include <string>

using namespace sc_core;

hc_tlm_net::hc_tlm_net(sc_module_name name, const hc_cfg &cfg, sc_time clk, unsigned inj_limit)
    : sc_module(name), clk_(clk), inj_limit_(inj_limit ? inj_limit : 1) {
  int rc = hc_backend_open(HC_SIM_MODEL, &cfg, nullptr, &be_);
  if (rc == HC_OK) rc = hc_driver_new(be_, &drv_);
  if (rc != HC_OK) {
    hc_backend_close(be_);
    throw std::runtime_error(std::string("hc_tlm_net: ") + hc_strerror(rc));
  }
  hc_driver_on_deliver(drv_, delivered, this);
  for (unsigned x = 0; x < (1u << cfg.d); x++) {
    std::string n = "in_" + std::to_string(x);
    in.push_back(new tlm_utils::simple_target_socket_tagged<hc_tlm_net>(n.c_str()));
    in.back()->register_b_transport(this, &hc_tlm_net::b_transport, (int)x);
  }
  SC_HAS_PROCESS(hc_tlm_net);
  SC_THREAD(clock);
}

hc_tlm_net::~hc_tlm_net() {
  for (auto *s : in) delete s;
  hc_driver_free(drv_);
  hc_backend_close(be_);
}

void hc_tlm_net::b_transport(int node, tlm::tlm_generic_payload &p, sc_time &delay) {
  const unsigned d = hc_driver_cfg(drv_)->d;
  const uint64_t dest = p.get_address();
  const unsigned words = p.get_data_length() / 4;
  if (!p.is_write() || dest >> d || words == 0 || p.get_data_length() % 4) {
    p.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  wait(delay); /* the initiator's time first: the message enters then */
  delay = SC_ZERO_TIME;
  while (hc_driver_queued(drv_, (unsigned)node) >= inj_limit_) wait(stepped_);
  const uint32_t *w = reinterpret_cast<const uint32_t *>(p.get_data_ptr());
  const int64_t i = hc_driver_send(drv_, (unsigned)node, (unsigned)dest, words + 1, 0);
  if (i < 0) {
    p.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  data_[(uint64_t)i].assign(w, w + words);
  work_.notify(SC_ZERO_TIME);
  /* the wait for room (whole cycles) has passed in here: nothing is left
  ** to annotate */
  p.set_response_status(tlm::TLM_OK_RESPONSE);
}

void hc_tlm_net::delivered(void *ctx, hc_driver *drv, const hc_msg *m) {
  hc_tlm_net *self = static_cast<hc_tlm_net *>(ctx);
  const uint64_t i = m->seq; /* messages are numbered in creation order */
  auto it = self->data_.find(i);
  if (self->deliver_ && it != self->data_.end()) self->deliver_(m->src, m->phys_dest, it->second, m->t_deliver);
  if (it != self->data_.end()) self->data_.erase(it);
  (void)drv;
}

void hc_tlm_net::clock() {
  for (;;) {
    if (hc_driver_outstanding(drv_) == 0) wait(work_);
    wait(clk_);
    const int rc = hc_driver_step(drv_);
    if (rc != HC_OK) SC_REPORT_ERROR("hc_tlm_net", hc_strerror(rc));
    stepped_.notify(SC_ZERO_TIME);
  }
}
