/*
** A first virtual platform on tb/systemc/hc_tlm_net.h: 2^d node processes
** (SC_THREADs) each send k messages through their socket to node x + 1
** (mod 2^d), carrying (src, j, 100 src + j, 0xabcd) in its flits; the
** delivery callback checks that every message arrives once at its
** destination with those words, and the end the links' message counters
** (each message crosses one link per bit in which x and x + 1 differ).
** Prints one line and exits 0 when all is right, 1 otherwise. Its argument
** picks the backend behind the sockets: model (the default), rtl or both
** (the RTL in lockstep with the model; linked as build/rtl/<cfg>/
** hc_tlm_demo, that configuration's RTL).
*/
#include <cstdio>

#include <tlm_utils/simple_initiator_socket.h>

#include "hc_tlm_net.h"

extern "C" {
#include "hc_rtl.h"
}

using namespace sc_core;

SC_MODULE(node_proc) {
  tlm_utils::simple_initiator_socket<node_proc> out;
  unsigned x, n, k;
  SC_CTOR(node_proc) : out("out"), x(0), n(0), k(0) { SC_THREAD(run); }
  void run() {
    for (unsigned j = 0; j < k; j++) {
      uint32_t data[4] = {x, j, x * 100 + j, 0xabcd};
      tlm::tlm_generic_payload p;
      sc_time delay = SC_ZERO_TIME;
      p.set_command(tlm::TLM_WRITE_COMMAND);
      p.set_address((x + 1) % n);
      p.set_data_ptr(reinterpret_cast<unsigned char *>(data));
      p.set_data_length(sizeof data);
      out->b_transport(p, delay);
      if (!p.is_response_ok()) SC_REPORT_ERROR("node_proc", "b_transport refused");
      wait(delay);
    }
  }
};

int sc_main(int argc, char **argv) {
  const std::string sim = argc > 1 ? argv[1] : "model";
  if (argc > 2 || (sim != "model" && sim != "rtl" && sim != "both")) {
    std::fprintf(stderr, "hc_tlm_demo: usage: hc_tlm_demo [model|rtl|both]\n");
    return 2;
  }
  const unsigned k = 5;
  hc_cfg cfg = {};
  if (sim == "model" || hc_rtl_built_cfg(&cfg) != HC_OK) cfg.d = 2, cfg.w = 16, cfg.buf_depth = 2, cfg.inj_depth = 4;
  const unsigned d = cfg.d;
  hc_tlm_net *netp = nullptr;
  try {
    netp = new hc_tlm_net("net", cfg, sc_time(10, SC_NS), 2,
                          sim == "model" ? HC_SIM_MODEL : sim == "rtl" ? HC_SIM_RTL : HC_SIM_BOTH);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "hc_tlm_demo: %s\n", e.what());
    return 2;
  }
  hc_tlm_net &net = *netp;
  const unsigned n = 1u << d;
  std::vector<node_proc *> nodes;
  std::vector<unsigned> seen(n * k, 0);
  unsigned got = 0, bad = 0;
  uint64_t last = 0;
  net.on_deliver([&](const hc_tlm_msg &m) {
    const std::vector<uint32_t> &w = m.data;
    last = m.delivered;
    if (w.size() != 4 || w[0] != m.src || m.dest != (m.src + 1) % n || w[1] >= k || w[2] != m.src * 100 + w[1] ||
        w[3] != 0xabcd || seen[m.src * k + w[1]]++)
      bad++;
    got++;
  });
  for (unsigned x = 0; x < n; x++) {
    std::string nm = "node" + std::to_string(x);
    nodes.push_back(new node_proc(nm.c_str()));
    nodes.back()->x = x, nodes.back()->n = n, nodes.back()->k = k;
    nodes.back()->out.bind(*net.in[x]);
  }
  sc_start(100, SC_US, SC_EXIT_ON_STARVATION);
  uint64_t hops = 0, counted = 0;
  for (unsigned x = 0; x < n; x++) {
    hops += (uint64_t)__builtin_popcount(x ^ ((x + 1) % n)) * k;
    for (unsigned i = 0; i < d; i++) counted += net.counter(x, i, HC_CNT_MESSAGES);
  }
  std::printf("tlm: %u of %u messages delivered, %u wrong, the last in cycle %llu; link messages %llu (expected "
              "%llu)\n", got, n * k, bad, (unsigned long long)last, (unsigned long long)counted,
              (unsigned long long)hops);
  const int ok = got == n * k && bad == 0 && counted == hops && net.check_counters() == HC_OK;
  for (auto *p : nodes) delete p;
  delete netp;
  return ok ? 0 : 1;
}
