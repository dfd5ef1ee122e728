/*
** The example virtual platform on tb/systemc/hc_tlm_net.h (docs/systemc.md):
** 2^d node modules, each an SC_THREAD with an initiator socket into the
** network and a target socket the network delivers into (or, with
** --deliver callback, the delivery callback filling the node's inbox), and a
** host thread that runs the phases one after the other:
**   aap  Algorithm AAP (Boppana & Raghavendra): in each of the 2^d - 1
**        steps every node sends one k-flit message to x XOR the step's
**        dimension set and waits at the step barrier. Each node checks that
**        it got one message from every other node, word by word, each
**        delivered h + k + 1 cycles after it was sent; the host, that the
**        run took d 2^(d-1) + (2^d - 1)(k + 3) cycles.
**   aap_cs  the same in circuit switching (mode 3, written through the
**        configuration port; the cost registers tau' = xi' = 0): each
**        message delivered 3h + k + 4 cycles after it was sent, the run
**        3 d 2^(d-1) + (2^d - 1)(k + 6) cycles from the cycle the mode is in
**        effect (docs/boppana.md).
**   lcc  the matrix transpose (even d) on processors reordered by Hou et
**        al.'s optimal bit order (--remap opt), written into the NIs' map
**        through the configuration port, or not reordered (--remap none):
**        virtual node v runs on physical node Q v and sends to transpose(v).
**        Each node checks the one message it gets (sender Q transpose(v),
**        the words); the host, the hardware's most messages on a channel of
**        each dimension against an e-cube walk of the reordered transpose.
**   sf   the optimal total exchange of Bertsekas et al. with k-word blocks,
**        a store-and-forward schedule the host loads and runs through the
**        configuration port (sf_run); then every node reads its 2^(d+1) k
**        words back through the port and checks them against what the
**        exchange means; the host, the time 2^(d-1) (beta + k).
** The expectations come from tb/systemc/hc_vp.h (the definitions), never
** from a run. Usage:
**
**   hc_tlm_demo [model|rtl|both] [--deliver socket|callback] [--clock internal|port]
**               [--d D] [--k K] [--beta B] [--remap opt|none] [--json PATH] [aap] [aap_cs] [lcc] [sf]
**
** Defaults: model; socket; internal; d the linked RTL's, else 3 (lcc needs
** it even); k 8 (flits of an AAP or transpose message, words of an exchange
** block); beta 4; opt; the phases aap and sf. The JSON holds per phase what
** hcsim's JSON of the same run holds (tools/tlm_check.sh compares them).
** Prints one line per phase; exit 0 when every check passed, 1 otherwise, 2
** on bad arguments.
*/
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "hc_tlm_net.h"
#include "hc_vp.h"

extern "C" {
#include "hc_algo.h"
#include "hc_rtl.h"
#include "hc_sf_algo.h"
#include "hc_sfload.h"
#include "lcc.h"
}

using namespace sc_core;

enum phase_id { PH_AAP = 1, PH_LCC, PH_SF, PH_AAP_CS, PH_END };

struct options {
  hc_sim sim = HC_SIM_MODEL;
  bool socket = true, port = false, remap = true;
  unsigned d = 0, k = 8, beta = 4;
  const char *json = nullptr;
  std::vector<phase_id> phases;
};

struct platform;

/* One node: its program for each phase, its inbox of deliveries. */
SC_MODULE(node) {
  tlm_utils::simple_initiator_socket<node> out;        /* into the network */
  tlm_utils::simple_target_socket<node> *in = nullptr; /* from it (--deliver socket) */
  platform *pf = nullptr;
  unsigned x = 0;
  std::deque<hc_tlm_msg> inbox;
  sc_event got;

  node(sc_module_name nm, platform *p, unsigned id, bool socket);
  ~node() override { delete in; }
  void take(const hc_tlm_msg &m) {
    inbox.push_back(m);
    got.notify(SC_ZERO_TIME);
  }
  /* The network's delivery through the target socket. */
  void rx(tlm::tlm_generic_payload &p, sc_time &delay) {
    hc_tlm_info *info = nullptr;
    p.get_extension(info);
    const uint32_t *w = reinterpret_cast<const uint32_t *>(p.get_data_ptr());
    hc_tlm_msg m{(unsigned)p.get_address(), x, info ? info->created : 0, info ? info->delivered : 0,
                 std::vector<uint32_t>(w, w + p.get_data_length() / 4)};
    take(m);
    (void)delay;
    p.set_response_status(info ? tlm::TLM_OK_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE);
  }
  void send(unsigned dest, unsigned vsrc, unsigned tag, unsigned k);
  void receive(size_t n) {
    while (inbox.size() < n) wait(got);
  }
  void run();
  void aap();
  void lcc();
  void sf();
  bool check_words(const hc_tlm_msg &m, unsigned vsrc, unsigned vdest, unsigned tag, unsigned k);
};

/* The platform: the network, the nodes, the clock when it is a port, and
** the host's state shared with the nodes. */
SC_MODULE(platform) {
  options o;
  hc_cfg cfg{};
  unsigned d = 0, n = 0;
  hc_tlm_net *net = nullptr;
  sc_clock *clock = nullptr;
  std::vector<node *> nodes;
  /* the phase in progress (started counts them) and the count of nodes done */
  phase_id phase = PH_AAP;
  unsigned started = 0, done = 0;
  sc_event start, all_done;
  bool finished = false, ok = true;
  /* per phase: the nodes' findings, the AAP barrier's end and contention */
  uint64_t bad = 0, checked = 0, last_delivery = 0, aap_end = 0;
  uint64_t phase0 = 0; /* the cycle the phase's run begins (after a mode write), as hcsim counts */
  unsigned step_contention = 0;
  std::string why, json;
  std::vector<hc_tlm_msg> seen; /* this phase's deliveries, as the callback saw them */
  int order[HC_MODEL_MAX_D];
  hc_sfload load{};

  platform(sc_module_name nm, const options &opt, const hc_cfg &c) : sc_module(nm), o(opt), cfg(c) {
    d = cfg.d, n = 1u << d;
    hc_tlm_opts to;
    to.sim = o.sim;
    to.inj_limit = 2;
    to.clock_port = o.port;
    to.out_sockets = o.socket;
    net = new hc_tlm_net("net", cfg, to); /* throws when the backend cannot be opened */
    if (o.port) {
      clock = new sc_clock("clock", to.clk);
      net->clk_i->bind(*clock);
    }
    for (unsigned x = 0; x < n; x++) {
      nodes.push_back(new node(("node" + std::to_string(x)).c_str(), this, x, o.socket));
      nodes[x]->out.bind(*net->in[x]);
      if (o.socket) net->out[x]->bind(*nodes[x]->in);
    }
    net->on_deliver([this](const hc_tlm_msg &m) {
      if (m.delivered > last_delivery) last_delivery = m.delivered;
      seen.push_back(hc_tlm_msg{m.src, m.dest, m.created, m.delivered, {}});
      if (!o.socket) nodes[m.dest]->take(m);
    });
    SC_HAS_PROCESS(platform);
    SC_THREAD(host);
  }
  ~platform() override {
    for (auto *p : nodes) delete p;
    delete net;
    delete clock;
    hc_sfload_free(&load);
  }
  void fail(const std::string &w) {
    if (bad++ == 0) why = w;
  }
  void host();
  bool run_phase(phase_id p);
  void aap_done(), lcc_done(), sf_done(const hc_sf_result &r, int rc);
  void json_counters(bool sf);
  void json_deliveries();
};

node::node(sc_module_name nm, platform *p, unsigned id, bool socket) : sc_module(nm), out("out"), pf(p), x(id) {
  if (socket) {
    in = new tlm_utils::simple_target_socket<node>("in");
    in->register_b_transport(this, &node::rx);
  }
  SC_HAS_PROCESS(node);
  SC_THREAD(run);
}

/* A k-flit message to dest: k - 1 words after the head, those of the
** platform's message from vsrc (this node, or the virtual node it runs). */
void node::send(unsigned dest, unsigned vsrc, unsigned tag, unsigned k) {
  std::vector<uint32_t> data;
  for (unsigned j = 0; j + 1 < k; j++) data.push_back(hc_vp_word(vsrc, dest, tag, j, pf->cfg.w));
  tlm::tlm_generic_payload p;
  sc_time delay = SC_ZERO_TIME;
  p.set_command(tlm::TLM_WRITE_COMMAND);
  p.set_address(dest);
  p.set_data_ptr(reinterpret_cast<unsigned char *>(data.data()));
  p.set_data_length((unsigned)(4 * data.size()));
  out->b_transport(p, delay);
  if (!p.is_response_ok()) pf->fail("node " + std::to_string(x) + ": the network refused a message");
}

bool node::check_words(const hc_tlm_msg &m, unsigned vsrc, unsigned vdest, unsigned tag, unsigned k) {
  bool good = m.data.size() == k - 1;
  for (unsigned j = 0; good && j + 1 < k; j++, pf->checked++)
    good = m.data[j] == hc_vp_word(vsrc, vdest, tag, j, pf->cfg.w);
  return good;
}

void node::run() {
  for (unsigned ph = 1;; ph++) {
    while (pf->started < ph) wait(pf->start);
    if (pf->phase == PH_END) return;
    if (pf->phase == PH_AAP || pf->phase == PH_AAP_CS) aap();
    if (pf->phase == PH_LCC) lcc();
    if (pf->phase == PH_SF) sf();
    if (++pf->done == pf->n) pf->all_done.notify(SC_ZERO_TIME);
  }
}

/* Read every link's message counter into c. */
static void link_messages(hc_tlm_net &net, unsigned d, std::vector<uint32_t> &c) {
  c.resize((size_t)d << d);
  for (unsigned x = 0; x < (1u << d); x++)
    for (unsigned i = 0; i < d; i++) c[x * d + i] = net.counter(x, i, HC_CNT_MESSAGES);
}

void node::aap() {
  const unsigned d = pf->d, n = pf->n, k = pf->o.k;
  const phase_id ph = pf->phase; /* PH_AAP or PH_AAP_CS: the words' tag too */
  const bool cs = ph == PH_AAP_CS;
  std::vector<uint32_t> before, after;
  if (x == 0) link_messages(*pf->net, d, before);
  for (unsigned s = 0; s + 1 < n; s++) {
    const unsigned y = hc_algo_aap.dest(d, s, x);
    if (y != x) send(y, x, ph, k);
    pf->net->barrier();
    if (x != 0) continue;
    link_messages(*pf->net, d, after); /* node 0 counts each step's messages per channel */
    for (size_t l = 0; l < after.size(); l++)
      if (after[l] - before[l] > pf->step_contention) pf->step_contention = after[l] - before[l];
    before.swap(after);
  }
  if (x == 0) pf->aap_end = pf->net->cycle() - pf->phase0;
  receive(n - 1);
  std::vector<bool> from(n, false);
  for (const hc_tlm_msg &m : inbox) {
    const unsigned h = (unsigned)__builtin_popcount(m.src ^ x);
    if (m.src == x || m.src >= n || from[m.src]) {
      pf->fail("aap: node " + std::to_string(x) + " got a second message from " + std::to_string(m.src));
    } else if (!check_words(m, m.src, x, ph, k)) {
      pf->fail("aap: node " + std::to_string(x) + ": the words from " + std::to_string(m.src) + " differ");
    } else if (m.delivered - m.created != (cs ? hc_vp_cs_latency(h, k) : hc_vp_latency(h, k))) {
      pf->fail("aap: node " + std::to_string(x) + ": the message from " + std::to_string(m.src) + " took " +
               std::to_string(m.delivered - m.created) + " cycles, not " + (cs ? "3h + k + 4 = " : "h + k + 1 = ") +
               std::to_string(cs ? hc_vp_cs_latency(h, k) : hc_vp_latency(h, k)));
    }
    if (m.src < n) from[m.src] = true;
  }
  inbox.clear();
}

void node::lcc() {
  const unsigned d = pf->d;
  const uint32_t v = hc_vp_unmap(pf->order, d, x), y = hc_vp_transpose(d, v);
  send(y, v, PH_LCC, pf->o.k); /* to virtual node y: the NI maps it to Q y */
  receive(1);
  const hc_tlm_msg &m = inbox.front();
  const uint32_t u = hc_vp_transpose(d, v); /* transpose(u) = v: the transpose is an involution */
  if (inbox.size() != 1 || m.src != hc_vp_map(pf->order, d, u) || !check_words(m, u, v, PH_LCC, pf->o.k))
    pf->fail("lcc: physical node " + std::to_string(x) + " (virtual " + std::to_string(v) + ") got a message from " +
             std::to_string(m.src) + ", not the one of virtual node " + std::to_string(u) + " with its words");
  inbox.clear();
}

void node::sf() {
  const uint32_t words = 2u * pf->n * pf->o.k;
  std::vector<hc_cfg_op> ops(words);
  std::vector<uint32_t> got(words);
  for (uint32_t a = 0; a < words; a++) hc_sfload_read_op(&pf->load, x, a, &ops[a]);
  const int rc = pf->net->cfg(ops.data(), words, got.data());
  if (rc != HC_OK) pf->fail(std::string("sf: a read through the configuration port failed: ") + hc_strerror(rc));
  for (uint32_t a = 0; a < words && rc == HC_OK; a++, pf->checked++) {
    const uint32_t want = hc_vp_exchange_word(pf->d, pf->o.k, x, a, pf->cfg.w);
    if (got[a] != want) {
      char b[160];
      std::snprintf(b, sizeof b, "sf: node %u word %u is 0x%x, the exchange puts 0x%x there", x, a, got[a], want);
      pf->fail(b);
    }
  }
}

/* Start phase p in every node and wait for them (at most a budget of cycles). */
bool platform::run_phase(phase_id p) {
  phase = p;
  done = 0;
  started++;
  start.notify(SC_ZERO_TIME);
  wait(sc_time(10, SC_NS) * 2e6, all_done);
  if (done == n) return true;
  fail("the nodes did not finish within 2,000,000 cycles");
  return false;
}

void platform::json_counters(bool sf) {
  static const char *const names[HC_CNT_ALL] = {"flits",      "messages", "busy_cycles", "blocked_cycles",
                                                "max_waiting", "sf_packets", "sf_busy",   "sf_words"};
  char b[96];
  for (int eject = 0; eject < 2; eject++) {
    json += eject ? ",\n    \"eject\": [" : ",\n    \"channels\": [";
    for (unsigned x = 0; x < n; x++)
      for (unsigned i = 0; i < (eject ? 1u : d); i++) {
        std::snprintf(b, sizeof b, "%s\n      {\"node\": %u, ", x == 0 && i == 0 ? "" : ",", x);
        json += b;
        if (!eject) json += "\"dim\": " + std::to_string(i) + ", ";
        const unsigned ids = sf && !eject ? HC_CNT_ALL : HC_CNT_NUM;
        for (unsigned id = 0; id < ids; id++) {
          std::snprintf(b, sizeof b, "\"%s\": %u%s", names[id], net->counter(x, eject ? d : i, id),
                        id + 1 < ids ? ", " : "}");
          json += b;
        }
      }
    json += "]";
  }
}

/* Every delivery of the phase, (source, destination, created, delivered)
** relative to the phase's cycle 0, in the order of the callback. */
void platform::json_deliveries() {
  json += ",\n    \"deliveries\": [";
  for (size_t i = 0; i < seen.size(); i++) {
    const hc_tlm_msg &m = seen[i];
    json += std::string(i ? ", " : "") + "[" + std::to_string(m.src) + ", " + std::to_string(m.dest) + ", " +
            std::to_string(m.created - net->base()) + ", " + std::to_string(m.delivered - net->base()) + "]";
  }
  json += "]";
}

void platform::aap_done() {
  const bool cs = phase == PH_AAP_CS;
  const char *name = cs ? "aap_cs" : "aap";
  const uint64_t want = cs ? hc_vp_aap_cs_cycles(d, o.k) : hc_vp_aap_cycles(d, o.k);
  if (aap_end != want)
    fail(std::string(name) + " took " + std::to_string(aap_end) + " cycles, " +
         (cs ? "3 d 2^(d-1) + (2^d - 1)(k + 6) = " : "d 2^(d-1) + (2^d - 1)(k + 3) = ") + std::to_string(want));
  std::printf("tlm demo %s: %u nodes, %u steps of k = %u flits%s, %u messages checked (%llu words), %llu cycles "
              "(first principles %llu), most messages on a channel in a step %u%s\n",
              name, n, n - 1, o.k, cs ? " in circuit switching" : "", n * (n - 1), (unsigned long long)checked,
              (unsigned long long)aap_end, (unsigned long long)want, step_contention,
              bad ? (": FAIL " + why).c_str() : "");
  json += "  \"" + std::string(name) + "\": {\n    \"k\": " + std::to_string(o.k) + ",\n    \"steps\": " +
          std::to_string(n - 1) + ",\n    \"cycles_to_barrier\": " + std::to_string(aap_end) +
          ",\n    \"cycles_to_last_delivery\": " + std::to_string(last_delivery + 1 - phase0) +
          ",\n    \"data_ok\": " + (bad ? "false" : "true") +
          ",\n    \"max_step_contention\": " + std::to_string(step_contention);
  json_deliveries();
  json_counters(false);
  json += "\n  }";
}

void platform::lcc_done() {
  uint64_t hw[HC_MODEL_MAX_D] = {0}, walk[HC_MODEL_MAX_D] = {0};
  for (unsigned x = 0; x < n; x++)
    for (unsigned i = 0; i < d; i++) {
      const uint64_t c = net->counter(x, i, HC_CNT_MESSAGES);
      if (c > hw[i]) hw[i] = c;
    }
  hc_vp_transpose_contention(order, d, walk);
  std::string t, o_s;
  for (unsigned i = 0; i < d; i++) {
    t += (i ? ", " : "") + std::to_string(hw[i]);
    o_s += (i ? ", " : "") + std::to_string(order[i]);
    if (hw[i] != walk[i])
      fail("lcc: dimension " + std::to_string(i) + ": the counters say " + std::to_string(hw[i]) +
           " messages on a channel, the e-cube walk " + std::to_string(walk[i]));
  }
  const uint64_t cycles = last_delivery + 1 - net->base();
  std::printf("tlm demo lcc: transpose, remap %s (bit order %s), %u messages, %llu cycles, most messages on a "
              "channel per dimension [%s]%s\n",
              o.remap ? "opt" : "none", o_s.c_str(), n, (unsigned long long)cycles, t.c_str(),
              bad ? (": FAIL " + why).c_str() : " (= the e-cube walk)");
  json += "  \"lcc\": {\n    \"k\": " + std::to_string(o.k) + ",\n    \"remap\": \"" + (o.remap ? "opt" : "none") +
          "\",\n    \"order\": [" + o_s + "],\n    \"messages\": " + std::to_string(n) +
          ",\n    \"cycles\": " + std::to_string(cycles) + ",\n    \"t_hardware\": [" + t +
          "],\n    \"data_ok\": " + (bad ? "false" : "true");
  json_deliveries();
  json_counters(false);
  json += "\n  }";
}

void platform::sf_done(const hc_sf_result &r, int rc) {
  const uint64_t want = hc_vp_exchange_cycles(d, o.k, o.beta);
  if (rc != HC_OK) fail(std::string("sf_run: ") + hc_strerror(rc));
  else if (!hc_sf_result_ok(&r)) fail("sf_run: the run's own checks failed");
  if (r.cycles != want)
    fail("sf: " + std::to_string(r.cycles) + " cycles, 2^(d-1) (beta + k) = " + std::to_string(want));
  std::printf("tlm demo sf: total exchange, k = %u, beta = %u: %llu cycles (paper %llu), %llu packets, %llu words "
              "sent; the nodes read back %llu words through the port%s\n",
              o.k, o.beta, (unsigned long long)r.cycles, (unsigned long long)want, (unsigned long long)r.packets,
              (unsigned long long)r.words, (unsigned long long)checked, bad ? (": FAIL " + why).c_str() : "");
  json += "  \"sf\": {\n    \"k\": " + std::to_string(o.k) + ",\n    \"beta\": " + std::to_string(o.beta) +
          ",\n    \"cycles\": " + std::to_string(r.cycles) + ",\n    \"packets\": " + std::to_string(r.packets) +
          ",\n    \"words\": " + std::to_string(r.words) + ",\n    \"words_checked\": " + std::to_string(r.checked) +
          ",\n    \"words_read_by_nodes\": " + std::to_string(checked) +
          ",\n    \"data_ok\": " + (bad ? "false" : "true") + ",\n    \"counters_ok\": " +
          (r.counters_ok ? "true" : "false");
  json_counters(true);
  json += "\n  }";
}

/* The phases in order; then every node is let go and the run stops. */
void platform::host() {
  for (size_t i = 0; i < o.phases.size(); i++) {
    const phase_id p = o.phases[i];
    bad = checked = last_delivery = 0;
    why.clear();
    seen.clear();
    if (i) json += ",\n";
    if (net->reset() != HC_OK) fail("reset with messages outstanding");
    last_delivery = phase0 = net->base();
    if (p == PH_AAP || p == PH_AAP_CS) {
      step_contention = 0;
      if (p == PH_AAP_CS) { /* the mode register, in effect from the next cycle (reset() clears it) */
        if (net->set_mode(HC_MODE_CIRCUIT) != HC_OK) fail("aap_cs: the mode register refused circuit switching");
        net->next_cycle();
        phase0 = net->cycle();
      }
      phase = p; /* aap_done reads it */
      if (run_phase(p)) aap_done();
    } else if (p == PH_LCC) {
      hc_lcc l;
      for (unsigned i2 = 0; i2 < d; i2++) order[i2] = (int)i2;
      if (hc_lcc_preset("transpose", (int)d, &l) != HC_OK || (o.remap && hc_lcc_optimize(&l, order) != HC_OK))
        fail("lcc: no transpose or no optimal order");
      uint8_t perm[HC_MODEL_MAX_D];
      for (unsigned i2 = 0; i2 < d; i2++) perm[i2] = (uint8_t)order[i2];
      if (o.remap && net->set_remap(perm) != HC_OK) fail("lcc: the NIs' map was refused");
      if (run_phase(p)) lcc_done();
    } else {
      const hc_sf_algo *a = hc_sf_algo_find("total_exchange");
      hc_sf_params sp = {d, o.k, o.beta, HC_SF_UNSET, HC_SF_UNSET, HC_SF_UNSET, HC_SF_UNSET, HC_SF_UNSET, nullptr};
      char w[256] = "";
      hc_sched_case c{};
      hc_sched_err err{};
      hc_sf_result r{};
      int rc = a && a->check(&sp, w, sizeof w) == HC_OK ? a->build(&sp, &c) : HC_EPARAM;
      if (rc == HC_OK) rc = net->sf_run(&c, o.beta, &r, &err);
      if (rc == HC_OK) rc = hc_sfload_build(&c, o.beta, cfg.sf, &load, &err);
      if (rc == HC_OK) run_phase(p);
      hc_sched_case_free(&c);
      sf_done(r, rc);
      if (rc != HC_OK && (err.msg[0] || w[0])) std::printf("tlm demo sf: %s%s\n", err.msg, w);
    }
    ok = ok && bad == 0;
  }
  phase = PH_END;
  started++;
  start.notify(SC_ZERO_TIME);
  finished = true;
  sc_stop();
}

static void usage(const char *why) {
  std::fprintf(stderr,
               "hc_tlm_demo: %s (usage: hc_tlm_demo [model|rtl|both] [--deliver socket|callback] "
               "[--clock internal|port] [--d D] [--k K] [--beta B] [--remap opt|none] [--json PATH] [aap] [aap_cs] [lcc] "
               "[sf])\n",
               why);
  std::exit(2);
}

static unsigned number(const char *opt, const char *v, unsigned lo, unsigned hi) {
  char *end = nullptr;
  const unsigned long x = v ? std::strtoul(v, &end, 10) : 0;
  if (!v || !*v || *end || x < lo || x > hi)
    usage((std::string(opt) + " takes a number " + std::to_string(lo) + ".." + std::to_string(hi)).c_str());
  return (unsigned)x;
}

static options parse(int argc, char **argv) {
  options o;
  for (int i = 1; i < argc; i++) {
    const std::string a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : nullptr;
    if (a == "model") o.sim = HC_SIM_MODEL;
    else if (a == "rtl") o.sim = HC_SIM_RTL;
    else if (a == "both") o.sim = HC_SIM_BOTH;
    else if (a == "aap") o.phases.push_back(PH_AAP);
    else if (a == "aap_cs") o.phases.push_back(PH_AAP_CS);
    else if (a == "lcc") o.phases.push_back(PH_LCC);
    else if (a == "sf") o.phases.push_back(PH_SF);
    else if (a == "--deliver" && v && (!std::strcmp(v, "socket") || !std::strcmp(v, "callback")))
      o.socket = !std::strcmp(argv[++i], "socket");
    else if (a == "--clock" && v && (!std::strcmp(v, "internal") || !std::strcmp(v, "port")))
      o.port = !std::strcmp(argv[++i], "port");
    else if (a == "--remap" && v && (!std::strcmp(v, "opt") || !std::strcmp(v, "none")))
      o.remap = !std::strcmp(argv[++i], "opt");
    else if (a == "--d") o.d = number("--d", i + 1 < argc ? argv[++i] : nullptr, 1, 8);
    else if (a == "--k") o.k = number("--k", i + 1 < argc ? argv[++i] : nullptr, 1, 64);
    else if (a == "--beta") o.beta = number("--beta", i + 1 < argc ? argv[++i] : nullptr, 3, 64);
    else if (a == "--json" && v) o.json = argv[++i];
    else usage(("unknown or incomplete argument '" + a + "'").c_str());
  }
  if (o.phases.empty()) o.phases = {PH_AAP, PH_SF};
  return o;
}

int sc_main(int argc, char **argv) {
  options o = parse(argc, argv);
  hc_cfg cfg = {};
  if (hc_rtl_built_cfg(&cfg) != HC_OK) cfg.d = 3, cfg.w = 16, cfg.buf_depth = 2, cfg.inj_depth = 4;
  if (o.d) {
    if (o.sim != HC_SIM_MODEL && o.d != cfg.d) usage("--d other than the linked RTL's needs the model");
    cfg.d = o.d;
  }
  for (phase_id p : o.phases)
    if (p == PH_LCC && cfg.d % 2) usage("lcc (the transpose) needs an even d");
  platform *pf = nullptr;
  try {
    pf = new platform("platform", o, cfg);
  } catch (const std::exception &e) {
    usage(e.what());
  }
  sc_report_handler::set_actions("/OSCI/SystemC", SC_INFO, SC_DO_NOTHING); /* "stopped by user" */
  sc_start(sc_time(10, SC_NS) * 1e8);
  bool ok = pf->finished && pf->ok && pf->net->check_counters() == HC_OK;
  if (!pf->finished) std::printf("tlm demo: FAIL the host did not finish\n");
  if (o.json) {
    FILE *f = std::fopen(o.json, "w");
    if (!f) usage((std::string("cannot write ") + o.json).c_str());
    std::fprintf(f, "{\n  \"d\": %u,\n  \"backend\": \"%s\",\n%s\n}\n", cfg.d, hc_sim_name(o.sim), pf->json.c_str());
    std::fclose(f);
  }
  delete pf;
  return ok ? 0 : 1;
}
