/*
** The SystemC side of make test's comparison with hcsim (tools/tlm_check.sh):
** a message-list file (hc_traffic_new_file's format) replayed through the
** sockets of tb/systemc/hc_tlm_net.h, one SC_THREAD per source node sending
** its messages in file order, each at the SystemC time of its cycle, with
** data words made from the message's line (the first word its index in the
** file, masked to the payload). Every delivery is checked against what was
** sent (source, destination, words); the JSON written holds what hcsim's
** report holds for the same file (messages and flits delivered, each
** message's creation and delivery cycles, the channel counters), for the
** script to compare. Usage:
**
**   hc_tlm_check model|rtl|both FILE OUT.json [d w buf inj] [--deliver callback|socket]
**                [--clock internal|port] [--mode wormhole|saf]
**
** The configuration defaults to the linked RTL's, else d 2, w 16, buf 2,
** inj 4. --deliver socket takes the deliveries through the network's
** initiator sockets into a target socket per node instead of the callback;
** --clock port drives the network from an sc_clock bound to its clock port,
** and the senders wait for its rising edges instead of a time. Either way
** every message's cycles must come out the same. --mode saf writes the
** mode register (store-and-forward by header) through the module's
** configuration port in cycle 0, as hcsim --mode saf does. Exit 0 when
** every message arrived intact, 1 otherwise, 2 on bad arguments.
*/
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <tlm_utils/simple_initiator_socket.h>

#include "hc_tlm_net.h"

extern "C" {
#include "hc_rtl.h"
#include "hc_traffic.h"
}

using namespace sc_core;

/* Word j of the message of file index i (word 0: i itself). */
static uint32_t word_of(uint64_t i, unsigned j, unsigned w) {
  const uint32_t v = j == 0 ? (uint32_t)i : (uint32_t)((i * 2654435761u) ^ (j * 40503u) ^ (i >> 7));
  return v & ((1u << w) - 1u);
}

SC_MODULE(sender) {
  tlm_utils::simple_initiator_socket<sender> out;
  const hc_file_msg *fm = nullptr;
  uint64_t nf = 0;
  unsigned x = 0, w = 16;
  sc_time clk;
  hc_tlm_net *net = nullptr;
  sc_clock *clock = nullptr; /* --clock port: the network's clock */
  SC_CTOR(sender) : out("out") { SC_THREAD(run); }
  void run() {
    for (uint64_t i = 0; i < nf; i++) {
      if (fm[i].src != x) continue;
      const sc_time at = clk * (double)fm[i].cycle;
      if (clock) {
        while (net->cycle() < fm[i].cycle) wait(clock->posedge_event());
      } else if (at > sc_time_stamp()) {
        wait(at - sc_time_stamp());
      }
      std::vector<uint32_t> data(fm[i].len - 1);
      for (unsigned j = 0; j + 1 < fm[i].len; j++) data[j] = word_of(i, j, w);
      tlm::tlm_generic_payload p;
      sc_time delay = SC_ZERO_TIME;
      p.set_command(tlm::TLM_WRITE_COMMAND);
      p.set_address(fm[i].dest);
      p.set_data_ptr(reinterpret_cast<unsigned char *>(data.data()));
      p.set_data_length((unsigned)(4 * data.size()));
      out->b_transport(p, delay);
      if (!p.is_response_ok()) SC_REPORT_ERROR("sender", "b_transport refused");
    }
  }
};

static void usage(const char *why) {
  std::fprintf(stderr,
               "hc_tlm_check: %s (usage: hc_tlm_check model|rtl|both FILE OUT.json [d w buf inj] "
               "[--deliver callback|socket] [--clock internal|port] [--mode wormhole|saf])\n",
               why);
  std::exit(2);
}

/* The run's record: per file message its delivery (cycle, or -1). */
struct record {
  const hc_file_msg *fm;
  uint64_t nf;
  unsigned w;
  std::vector<int64_t> at;
  uint64_t delivered = 0, flits = 0, bad = 0, words = 0;
  /* A delivery: find the message it is (by its first word, or for a
  ** one-flit message the oldest undelivered one of that source,
  ** destination and creation cycle) and check it. */
  void take(const hc_tlm_msg &m) {
    int64_t i = -1;
    if (!m.data.empty()) {
      for (uint64_t k = m.data[0]; k < nf && i < 0; k += (uint64_t)1 << w)
        if (fm[k].len == m.data.size() + 1 && fm[k].src == m.src && fm[k].dest == m.dest && at[k] < 0) i = (int64_t)k;
    } else {
      for (uint64_t k = 0; k < nf && i < 0; k++)
        if (fm[k].len == 1 && fm[k].src == m.src && fm[k].dest == m.dest && fm[k].cycle == m.created && at[k] < 0)
          i = (int64_t)k;
    }
    if (i < 0 || fm[i].cycle != m.created) {
      bad++;
      return;
    }
    for (unsigned j = 0; j < m.data.size(); j++, words++)
      if (m.data[j] != word_of((uint64_t)i, j, w)) bad++;
    at[i] = (int64_t)m.delivered;
    delivered++;
    flits += m.data.size() + 1;
  }
};

static void write_json(FILE *f, const record &r, hc_tlm_net &net, unsigned d) {
  std::fprintf(f, "{\n  \"messages_injected\": %llu,\n  \"messages_delivered\": %llu,\n  \"flits_delivered\": %llu,\n"
               "  \"bad\": %llu,\n  \"words_checked\": %llu,\n  \"messages\": [",
               (unsigned long long)r.nf, (unsigned long long)r.delivered, (unsigned long long)r.flits,
               (unsigned long long)r.bad, (unsigned long long)r.words);
  for (uint64_t k = 0; k < r.nf; k++)
    std::fprintf(f, "%s\n    {\"src\": %u, \"dest\": %u, \"created\": %llu, \"delivered\": %lld}", k ? "," : "",
                 r.fm[k].src, r.fm[k].dest, (unsigned long long)r.fm[k].cycle, (long long)r.at[k]);
  static const char *const names[HC_CNT_NUM] = {"flits", "messages", "busy_cycles", "blocked_cycles", "max_waiting"};
  for (int eject = 0; eject < 2; eject++) {
    std::fprintf(f, "\n  ],\n  \"%s\": [", eject ? "eject" : "channels");
    for (unsigned x = 0; x < (1u << d); x++)
      for (unsigned i = 0; i < (eject ? 1u : d); i++) {
        std::fprintf(f, "%s\n    {\"node\": %u, ", x == 0 && i == 0 ? "" : ",", x);
        if (!eject) std::fprintf(f, "\"dim\": %u, ", i);
        for (unsigned id = 0; id < HC_CNT_NUM; id++)
          std::fprintf(f, "\"%s\": %u%s", names[id], net.counter(x, eject ? d : i, id), id + 1 < HC_CNT_NUM ? ", " : "}");
      }
  }
  std::fprintf(f, "\n  ]\n}\n");
}

/* --deliver socket: a node's target socket, the network's deliveries into
** the record. */
SC_MODULE(receiver) {
  tlm_utils::simple_target_socket<receiver> in;
  record *r = nullptr;
  unsigned x = 0;
  SC_CTOR(receiver) : in("in") { in.register_b_transport(this, &receiver::rx); }
  void rx(tlm::tlm_generic_payload &p, sc_time &) {
    hc_tlm_info *info = nullptr;
    p.get_extension(info);
    const uint32_t *w = reinterpret_cast<const uint32_t *>(p.get_data_ptr());
    if (!info || info->dest != x || info->src != p.get_address()) {
      r->bad++;
      p.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
      return;
    }
    r->take({info->src, x, info->created, info->delivered, std::vector<uint32_t>(w, w + p.get_data_length() / 4)});
    p.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

int sc_main(int argc, char **argv) {
  bool socket = false, port = false, saf = false;
  while (argc > 4 && !std::strncmp(argv[argc - 2], "--", 2)) { /* the options come last */
    const std::string o = argv[argc - 2], v = argv[argc - 1];
    if (o == "--deliver" && (v == "socket" || v == "callback")) socket = v == "socket";
    else if (o == "--clock" && (v == "port" || v == "internal")) port = v == "port";
    else if (o == "--mode" && (v == "saf" || v == "wormhole")) saf = v == "saf";
    else usage(("unknown option '" + o + " " + v + "'").c_str());
    argc -= 2;
  }
  if (argc != 4 && argc != 8) usage("wrong number of arguments");
  hc_sim sim;
  if (!std::strcmp(argv[1], "model")) sim = HC_SIM_MODEL;
  else if (!std::strcmp(argv[1], "rtl")) sim = HC_SIM_RTL;
  else if (!std::strcmp(argv[1], "both")) sim = HC_SIM_BOTH;
  else usage("unknown backend");
  hc_cfg cfg = {};
  if (hc_rtl_built_cfg(&cfg) != HC_OK) cfg.d = 2, cfg.w = 16, cfg.buf_depth = 2, cfg.inj_depth = 4;
  if (argc == 8) {
    cfg.d = (unsigned)std::atoi(argv[4]), cfg.w = (unsigned)std::atoi(argv[5]);
    cfg.buf_depth = (unsigned)std::atoi(argv[6]), cfg.inj_depth = (unsigned)std::atoi(argv[7]);
  }
  hc_traffic *tr = nullptr;
  hc_traffic_error terr;
  int rc = hc_traffic_new_file(cfg.d, argv[2], &tr, &terr);
  if (rc != HC_OK) usage((std::string(argv[2]) + ":" + std::to_string(terr.line) + ": " + terr.msg).c_str());
  record r;
  r.fm = hc_traffic_file_msgs(tr, &r.nf);
  r.w = cfg.w;
  r.at.assign(r.nf, -1);
  hc_tlm_opts to;
  to.sim = sim;
  to.inj_limit = ~0u;
  to.clock_port = port;
  to.out_sockets = socket;
  hc_tlm_net *net = nullptr;
  try {
    net = new hc_tlm_net("net", cfg, to);
  } catch (const std::exception &e) {
    usage(e.what());
  }
  sc_clock *clock = port ? new sc_clock("clock", to.clk) : nullptr;
  if (clock) net->clk_i->bind(*clock);
  /* the run ends with the last delivery (a clock never lets it starve) */
  net->on_deliver([&](const hc_tlm_msg &m) {
    if (!socket) r.take(m);
    if (r.delivered == r.nf) sc_stop();
  });
  std::vector<sender *> nodes;
  std::vector<receiver *> rx;
  for (unsigned x = 0; x < (1u << cfg.d); x++) {
    nodes.push_back(new sender(("node" + std::to_string(x)).c_str()));
    nodes.back()->fm = r.fm, nodes.back()->nf = r.nf, nodes.back()->x = x, nodes.back()->w = cfg.w;
    nodes.back()->clk = to.clk, nodes.back()->net = net, nodes.back()->clock = clock;
    nodes.back()->out.bind(*net->in[x]);
    if (!socket) continue;
    rx.push_back(new receiver(("rx" + std::to_string(x)).c_str()));
    rx.back()->r = &r, rx.back()->x = x;
    net->out[x]->bind(rx.back()->in);
  }
  sc_report_handler::set_actions("/OSCI/SystemC", SC_INFO, SC_DO_NOTHING); /* "stopped by user" */
  if (saf && net->set_mode(HC_MODE_SAF) != HC_OK) usage("the mode register refused store-and-forward by header");
  const uint64_t last = r.nf ? r.fm[r.nf - 1].cycle : 0;
  sc_start(to.clk * (double)(last + 100000), SC_EXIT_ON_STARVATION);
  FILE *f = std::fopen(argv[3], "w");
  if (!f) usage((std::string("cannot write ") + argv[3]).c_str());
  write_json(f, r, *net, cfg.d);
  const int ok = r.delivered == r.nf && r.bad == 0 && net->check_counters() == HC_OK;
  std::fclose(f);
  std::printf("tlm %s: %llu of %llu messages delivered, %llu words checked, %llu wrong, counters %s\n", argv[1],
              (unsigned long long)r.delivered, (unsigned long long)r.nf, (unsigned long long)r.words,
              (unsigned long long)r.bad, sim == HC_SIM_BOTH ? "equal in lockstep" : "read");
  for (auto *p : nodes) delete p;
  for (auto *p : rx) delete p;
  delete net;
  delete clock;
  hc_traffic_free(tr);
  return ok ? 0 : 1;
}
