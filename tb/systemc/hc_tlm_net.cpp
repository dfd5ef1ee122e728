/*
** Implementation of tb/systemc/hc_tlm_net.h. A message's words ride in its
** flits (hc_driver_send_words), so the driver's scoreboard checks them on
** the way out and a delivery hands over what was ejected. The network's
** cycle follows SystemC time: whoever touches the driver first in a time
** step (a b_transport, the clock thread or edge method, a configuration
** call) runs the cycles up to the current one (sync), so a message sent in
** cycle c is created in cycle c whatever the order of the processes in that
** time step. With the clock port, "the current cycle" counts a rising edge
** from the delta cycle in which processes see it, also in the processes that
** run before edge() in that delta. Deliveries through out[] are handed over
** by one thread per node, so a node that blocks in its b_transport holds up
** only its own deliveries (the network does not wait for it).
*/
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include "hc_tlm_net.h"

#include <stdexcept>
#include <string>

using namespace sc_core;

hc_tlm_net::hc_tlm_net(sc_module_name name, const hc_cfg &cfg, sc_time clk, unsigned inj_limit, hc_sim sim)
    : sc_module(name) {
  opts_.clk = clk;
  opts_.inj_limit = inj_limit;
  opts_.sim = sim;
  build(cfg);
}

hc_tlm_net::hc_tlm_net(sc_module_name name, const hc_cfg &cfg, const hc_tlm_opts &opts)
    : sc_module(name), opts_(opts) {
  build(cfg);
}

/* The backend, the driver, the sockets and the processes of opts_. */
void hc_tlm_net::build(const hc_cfg &cfg) {
  if (opts_.inj_limit == 0) opts_.inj_limit = 1;
  int rc = hc_backend_open(opts_.sim, &cfg, nullptr, &be_);
  if (rc == HC_OK) rc = hc_driver_new(be_, &drv_);
  if (rc != HC_OK) {
    hc_backend_close(be_);
    throw std::runtime_error(std::string("hc_tlm_net: ") + hc_strerror(rc));
  }
  hc_driver_on_deliver(drv_, delivered, this);
  const unsigned n = 1u << cfg.d;
  for (unsigned x = 0; x < n; x++) {
    std::string nm = "in_" + std::to_string(x);
    in.push_back(new tlm_utils::simple_target_socket_tagged<hc_tlm_net>(nm.c_str()));
    in.back()->register_b_transport(this, &hc_tlm_net::b_transport, (int)x);
  }
  SC_HAS_PROCESS(hc_tlm_net);
  if (opts_.clock_port) {
    clk_i = new sc_in<bool>("clk_i");
    SC_METHOD(edge);
    sensitive << clk_i->pos();
    dont_initialize();
  } else {
    SC_THREAD(clock);
  }
  if (opts_.out_sockets) {
    outq_.resize(n);
    for (unsigned x = 0; x < n; x++) {
      std::string nm = "out_" + std::to_string(x);
      out.push_back(new tlm_utils::simple_initiator_socket_tagged<hc_tlm_net>(nm.c_str()));
      outev_.push_back(new sc_event());
      sc_spawn(sc_bind(&hc_tlm_net::deliver_loop, this, x), ("deliver_" + std::to_string(x)).c_str());
    }
  }
}

hc_tlm_net::~hc_tlm_net() {
  for (auto *s : in) delete s;
  for (auto *s : out) delete s;
  for (auto *e : outev_) delete e;
  delete clk_i;
  hc_driver_free(drv_);
  hc_backend_close(be_);
}

uint64_t hc_tlm_net::cycle() const {
  if (!opts_.clock_port) return (uint64_t)(sc_time_stamp() / opts_.clk);
  /* an edge this delta that edge() has not counted yet counts already
  ** (before the simulation runs, the port cannot be read: cycle 0) */
  const bool pending = sc_get_status() == SC_RUNNING && clk_i->posedge() && edge_delta_ != sc_delta_count();
  const uint64_t e = edges_ + (pending ? 1 : 0);
  return e ? e - 1 : 0;
}

/* Run the driver up to the current cycle (the cycles before it are over). */
int hc_tlm_net::sync() {
  const uint64_t now = cycle() - base_;
  if (hc_driver_cycle(drv_) >= now) return HC_OK;
  const int rc = hc_driver_advance(drv_, now);
  if (rc != HC_OK) SC_REPORT_ERROR("hc_tlm_net", hc_strerror(rc));
  stepped_.notify(SC_ZERO_TIME);
  return rc;
}

/* From a thread: until the next cycle starts. */
void hc_tlm_net::wait_cycle() {
  if (opts_.clock_port) {
    const uint64_t c = cycle();
    while (cycle() == c) wait(clk_i->posedge_event());
  } else {
    wait(opts_.clk * (double)(cycle() + 1) - sc_time_stamp());
  }
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
  while (hc_driver_queued(drv_, (unsigned)node) >= opts_.inj_limit) {
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
  if (!self->deliver_ && self->out.empty()) return;
  const unsigned w = hc_driver_cfg(drv)->w;
  unsigned len = 0;
  const uint32_t *f = hc_driver_rx(drv, m->phys_dest, &len); /* the message as it came out */
  hc_tlm_msg msg{m->src, m->phys_dest, self->base_ + m->t_create, self->base_ + m->t_deliver, {}};
  for (unsigned j = 1; j < len; j++) msg.data.push_back(hc_flit_payload(w, f[j]));
  if (self->deliver_) self->deliver_(msg);
  if (!self->out.empty()) {
    self->outq_[msg.dest].push_back(std::move(msg));
    self->outev_[m->phys_dest]->notify(SC_ZERO_TIME);
  }
}

/* Hand node x's deliveries, in order, to its target socket. */
void hc_tlm_net::deliver_loop(unsigned x) {
  std::deque<hc_tlm_msg> &q = outq_[x];
  for (;;) {
    while (q.empty()) wait(*outev_[x]);
    hc_tlm_msg m = std::move(q.front());
    q.pop_front();
    tlm::tlm_generic_payload p;
    sc_time delay = SC_ZERO_TIME;
    hc_tlm_info *info = new hc_tlm_info(); /* the payload frees it */
    info->src = m.src, info->dest = m.dest, info->created = m.created, info->delivered = m.delivered;
    p.set_command(tlm::TLM_WRITE_COMMAND);
    p.set_address(m.src);
    p.set_data_ptr(reinterpret_cast<unsigned char *>(m.data.data()));
    p.set_data_length((unsigned)(4 * m.data.size()));
    p.set_streaming_width((unsigned)(4 * m.data.size()));
    p.set_extension(info);
    p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    (*out[x])->b_transport(p, delay);
    if (!p.is_response_ok()) SC_REPORT_ERROR("hc_tlm_net", "a node refused a delivered message");
  }
}

void hc_tlm_net::clock() {
  for (;;) {
    if (hc_driver_outstanding(drv_) == 0) wait(work_);
    wait_cycle();
    sync();
  }
}

void hc_tlm_net::edge() {
  edges_++;
  edge_delta_ = sc_delta_count();
  sync();
}

int hc_tlm_net::set_mode(unsigned mode) {
  sync();
  return hc_driver_set_mode(drv_, mode);
}

int hc_tlm_net::set_remap(const uint8_t *perm) {
  sync();
  return hc_driver_set_remap(drv_, perm);
}

int hc_tlm_net::cfg(const hc_cfg_op *ops, size_t n, uint32_t *rdata) {
  port_.lock();
  int rc = sync();
  /* op j is driven in cycle c + j; its read data is in the observation of
  ** cycle c + j + 1, there once that cycle has run */
  for (size_t j = 0; j <= n && rc == HC_OK; j++) {
    if (j < n) rc = hc_driver_set_cfg(drv_, &ops[j]);
    if (rc != HC_OK) break;
    wait_cycle();
    rc = sync();
    if (rc == HC_OK && j > 0 && rdata) rdata[j - 1] = ops[j - 1].re ? hc_driver_obs(drv_)->cfg_rdata : 0;
  }
  port_.unlock();
  return rc;
}

uint32_t hc_tlm_net::counter(unsigned x, unsigned port, unsigned id) {
  sync();
  return hc_driver_counter(drv_, x, port, id);
}

int hc_tlm_net::check_counters() {
  sync();
  return hc_driver_check_counters(drv_);
}

void hc_tlm_net::barrier() {
  const unsigned n = 1u << hc_driver_cfg(drv_)->d;
  if (++arrived_ < n) {
    wait(released_);
    return;
  }
  arrived_ = 0;
  sync();
  for (;;) { /* hc_algo_barrier, one cycle at a time */
    const uint64_t now = hc_driver_cycle(drv_);
    bool offered = true;
    for (unsigned x = 0; x < n && offered; x++) offered = hc_driver_queued(drv_, x) == 0;
    if (!offered) last_offer_ = now;
    else if (now >= last_offer_ + 2 && hc_driver_idle(drv_)) break;
    wait_cycle();
    if (sync() != HC_OK) break;
  }
  released_.notify(SC_ZERO_TIME);
}

void hc_tlm_net::next_cycle() {
  sync();
  wait_cycle();
  sync();
}

int hc_tlm_net::reset() {
  sync();
  if (hc_driver_outstanding(drv_) != 0) return HC_EPARAM;
  hc_driver_reset(drv_);
  base_ = cycle();
  last_offer_ = 0;
  return HC_OK;
}

int hc_tlm_net::sf_run(hc_sched_case *c, uint32_t beta, hc_sf_result *res, hc_sched_err *err) {
  sync();
  if (hc_driver_outstanding(drv_) != 0) return HC_EPARAM;
  const int rc = hc_sf_run(drv_, c, beta, res, err); /* resets: the driver's cycle 0 is now */
  base_ = cycle();
  last_offer_ = 0;
  const uint64_t end = base_ + hc_driver_cycle(drv_);
  if (opts_.clock_port) {
    while (cycle() < end) wait_cycle();
  } else {
    wait(opts_.clk * (double)(end - base_));
  }
  return rc;
}
