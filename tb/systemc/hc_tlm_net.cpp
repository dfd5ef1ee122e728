/*
** Implementation of tb/systemc/hc_tlm_net.h. A message's words ride in its
** flits (hc_driver_send_words), so the driver's scoreboard checks them on
** the way out and the delivery callback hands over what was ejected. The
** network's cycle follows SystemC time: whoever touches the driver first
** in a time step (a b_transport or the clock thread) runs the cycles up to
** the current one (sync), so a message sent at time t is created in cycle
** floor(t / clk) whatever the order of the processes in that time step.
*/
#include "hc_tlm_net.h"

#include <stdexcept>
#include <string>

using namespace sc_core;

hc_tlm_net::hc_tlm_net(sc_module_name name, const hc_cfg &cfg, sc_time clk, unsigned inj_limit, hc_sim sim)
    : sc_module(name), clk_(clk), inj_limit_(inj_limit ? inj_limit : 1) {
  int rc = hc_backend_open(sim, &cfg, nullptr, &be_);
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

uint64_t hc_tlm_net::cycle() const { return (uint64_t)(sc_time_stamp() / clk_); }

/* Run the driver up to the current cycle (the cycles before it are over). */
int hc_tlm_net::sync() {
  const uint64_t now = cycle() - base_;
  if (hc_driver_cycle(drv_) >= now) return HC_OK;
  const int rc = hc_driver_advance(drv_, now);
  if (rc != HC_OK) SC_REPORT_ERROR("hc_tlm_net", hc_strerror(rc));
  stepped_.notify(SC_ZERO_TIME);
  return rc;
}

void hc_tlm_net::b_transport(int node, tlm::tlm_generic_payload &p, sc_time &delay) {
  const hc_cfg *c = hc_driver_cfg(drv_);
  const uint64_t dest = p.get_address();
  const unsigned words = p.get_data_length() / 4;
  const uint32_t *w = reinterpret_cast<const uint32_t *>(p.get_data_ptr());
  bool wide = false; /* a word the payload cannot carry: refused, not cut */
  for (unsigned j = 0; j < words; j++) wide |= (w[j] >> c->w) != 0;
  if (!p.is_write() || dest >> c->d || p.get_data_length() % 4 || wide) {
    p.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  wait(delay); /* the initiator's time first: the message enters then */
  delay = SC_ZERO_TIME;
  sync();
  while (hc_driver_queued(drv_, (unsigned)node) >= inj_limit_) {
    wait(stepped_);
    sync();
  }
  const int64_t i = words ? hc_driver_send_words(drv_, (unsigned)node, (unsigned)dest, w, words, 0)
                          : hc_driver_send(drv_, (unsigned)node, (unsigned)dest, 1, 0);
  if (i < 0) {
    p.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  work_.notify(SC_ZERO_TIME);
  /* the wait for room (whole cycles) has passed in here: nothing is left
  ** to annotate */
  p.set_response_status(tlm::TLM_OK_RESPONSE);
}

void hc_tlm_net::delivered(void *ctx, hc_driver *drv, const hc_msg *m) {
  hc_tlm_net *self = static_cast<hc_tlm_net *>(ctx);
  if (!self->deliver_) return;
  const unsigned w = hc_driver_cfg(drv)->w;
  unsigned len = 0;
  const uint32_t *f = hc_driver_rx(drv, m->phys_dest, &len); /* the message as it came out */
  hc_tlm_msg out{m->src, m->phys_dest, self->base_ + m->t_create, self->base_ + m->t_deliver, {}};
  for (unsigned j = 1; j < len; j++) out.data.push_back(hc_flit_payload(w, f[j]));
  self->deliver_(out);
}

void hc_tlm_net::clock() {
  for (;;) {
    if (hc_driver_outstanding(drv_) == 0) wait(work_);
    wait(clk_ * (double)(cycle() + 1) - sc_time_stamp()); /* the next cycle's start */
    sync();
  }
}

int hc_tlm_net::set_mode(unsigned mode) {
  sync();
  return hc_driver_set_mode(drv_, mode);
}

int hc_tlm_net::set_remap(const uint8_t *perm) {
  sync();
  return hc_driver_set_remap(drv_, perm);
}

uint32_t hc_tlm_net::counter(unsigned x, unsigned port, unsigned id) {
  sync();
  return hc_driver_counter(drv_, x, port, id);
}

int hc_tlm_net::check_counters() {
  sync();
  return hc_driver_check_counters(drv_);
}

int hc_tlm_net::sf_run(hc_sched_case *c, uint32_t beta, hc_sf_result *res, hc_sched_err *err) {
  sync();
  if (hc_driver_outstanding(drv_) != 0) return HC_EPARAM;
  const int rc = hc_sf_run(drv_, c, beta, res, err); /* resets: the driver's cycle 0 is now */
  base_ = cycle();
  wait(clk_ * (double)hc_driver_cycle(drv_));
  return rc;
}
