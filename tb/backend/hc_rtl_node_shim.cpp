// The node-sharded RTL simulation: the same C interface (hc_rtl.h) as
// hc_rtl_shim.cpp, over 2^d Verilated copies of ONE hc_node and one
// hc_net_glue instead of one Verilated hc_network. hc_network is exactly
// those modules and wires between them (rtl/hc_network.sv); this shim is the
// wires. Every copy of a node runs the same code, which stays in the
// instruction cache, and Verilator compiles one node instead of 2^d (the
// 8-cube builds in a minute or two instead of twenty).
//
// A cycle settles in two steps, because what a node hands its neighbours is
// either registered (in_ready, ack, the engines' link words) or depends on
// its registers and those registered inputs only (out_valid and out_flit,
// the probes), and the neighbours' flits and probes reach registers only
// (rtl/hc_node.sv): (1) the glue's registers and every node's registered
// outputs to the neighbours, each node evaluated with the clock low, which
// settles its links; (2) the links to the neighbours, then the rising edge
// in every node and in the glue. Two evaluations a node a cycle, none of
// them repeated to reach a fixed point, plus one for the assertions (see
// clock_high); one or two for a node that step (1) finds settled already
// (its inputs those it was last evaluated with, after its edge: see
// settle_low and clock_high). HC_RTL_CHECK_SETTLE=1 in the environment
// checks the claim every cycle: the evaluation after step (2)'s inputs must
// leave every output of step (1) as it was. The evaluation at the edge
// leaves out Verilator's input-combinational region, which would compute
// again what the node holds (node_edge, tools/node_edge.pl); the same check
// compares it with the whole evaluation at every edge.
//
// A node at a fixed point is not evaluated (HC_RTL_SKIP=0 turns this off).
// A Verilated node is a deterministic function: its state after a cycle
// (every byte of its Verilated model: registers, memories, the values its
// last evaluation settled, its ports, Verilator's own bookkeeping) follows
// from its state before and the inputs of the cycle, which are part of
// that state (the ports are members of the model). So when a cycle leaves
// the model as it found it (it is *parked*), the next cycle with the same
// inputs leaves it so again, and every value the node showed within the
// cycle is shown again: it need not be evaluated, and its outputs are the
// held ones, until an input changes. Whether a cycle left the model as it
// found it is a comparison with a copy of it taken after the cycle before
// (hc_node_state.h says which bytes, and why the memories need not be
// compared). HC_RTL_CHECK_SKIP=1 evaluates every node anyway and stops the
// run (as a failed assertion) if a node it would have skipped shows an
// output or ends a cycle different from the held ones; HC_RTL_SKIP_FAULT=1
// breaks the rule on purpose (a node whose inputs did not change, and any
// engine, is taken as parked without the comparison), which that check
// must catch.
//
// The node's store-and-forward engine is a Verilated model of its own
// (hc_sf_node; the node is built with SfExternal = 1, rtl/hc_node.sv), wired
// to its node as hc_node wires its instance u_sf: the engine takes the
// node's input ports it would take there, the node's computed go and
// configuration strobes (sfx_*_o), and its neighbours' engines' link words
// (the nets that reach it through the nodes' ports, taken from their
// drivers); the node takes the engine's outputs (sfx_*_i). Neither the
// wires nor the order add logic: the engine is evaluated after its node in
// step (1) (it needs the node's strobes), and the node again only if an
// engine output it took before changed (the counter read, which is
// combinational from the counter select, and busy, from go: in mode 1 and
// when the counters are read); both take the edge in step (2), where no
// input of the engine changes. The engine is skipped on its own fixed
// point, by the same rule and checks as the node: in modes 0, 2 and 3 its
// inputs hold and it parks, in mode 1 the node's router does.
//
// Compiled per configuration like hc_rtl_shim.cpp (HC_D, HC_W, HC_B, HC_I,
// HC_Q, HC_K, and HC_BANK_AW, HC_SEG_AW, HC_DESC_AW when not the contract's).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <unistd.h>
#include <vector>

#include "Vhc_net_glue.h"
#include "Vhc_node.h"
#include "Vhc_node___024root.h"
#include "Vhc_node__Syms.h"
#include "Vhc_sf_node.h"
#include "Vhc_sf_node___024root.h"
#include "verilated.h"

#include "hc_rtl.h"
#include "hc_rtl_bits.h"
#include "hc_rtl_shim_common.h"
#if HC_T
#error "the node-sharded simulation does not drive the memory clock of SfMemTdm (token _T): build it flat"
#endif

// The node's evaluation at an edge without its input-combinational region
// (tools/node_edge.pl, which says why; see node_edge below).
#include "hc_node_edge.h"


static const unsigned kNodes = 1u << HC_D;
// What changed of a node's inputs since its last settling, for step (1):
// only inputs whose reach the inputs' cut covers (the injection and set-up
// ports, the neighbours' acknowledgements: @INPUTS in tools/node_edge.pl),
// or others too (the whole input region runs).
static const uint8_t kChgCut = 1, kChgWhole = 2;
static const unsigned kFlitW = HC_W + 2;

struct hc_rtl {
  VerilatedContext ctx;
  VerilatedContext *nctx = nullptr;  // per node: the context its two models were built in (hc_rtl_new)
  Vhc_node *node[1u << HC_D] = {};
  Vhc_sf_node *sf[1u << HC_D] = {};  // node x's store-and-forward engine
  // Their roots, whose members the ports are: the shim's loops over the
  // nodes read and write the ports there (a port of the wrapper is a
  // reference to its root's member, one more load from another object).
  Vhc_node___024root *nr[1u << HC_D] = {};
  Vhc_sf_node___024root *er[1u << HC_D] = {};
  Vhc_net_glue *glue = nullptr;
  int remap_pending = 0;
  uint8_t remap[16] = {};
  int cfg_pending = 0;
  hc_cfg_op cfg = {};
  uint8_t probe_valid[1u << HC_D] = {};  // set-ups offered for the next step
  uint32_t probe_dest[1u << HC_D] = {};
  int assert_seen = 0;    // counted in assert_failures
  uint8_t dirty[1u << HC_D] = {};  // step (2) changed the node's link inputs
  int check_settle = 0;   // HC_RTL_CHECK_SETTLE: verify the two-step claim
  int settle_broken = 0;  // that check failed (reported as an assertion)
  // Skipping parked nodes (see the top of this file).
  int skip = 1;           // HC_RTL_SKIP (default 1)
  int check_skip = 0;     // HC_RTL_CHECK_SKIP: evaluate them anyway, compare
  int skip_fault = 0;     // HC_RTL_SKIP_FAULT: park without comparing (a test)
  int skip_broken = 0;    // the check failed (reported as an assertion)
  uint8_t inchg[1u << HC_D] = {};   // inputs changed since the last step (1): kChg* bits
  uint8_t parked[1u << HC_D] = {};  // the last evaluated cycle left the node as it was
  uint8_t skip1[1u << HC_D] = {};   // step (1) of this cycle was not evaluated
  uint8_t lazy[1u << HC_D] = {};    // step (1) left to step (2): settled already
  unsigned long long lazies = 0;    // cycles of a node with one evaluation
  unsigned long long cut_links = 0, cut_inputs = 0, lows = 0;  // cut evaluations; those with the clock low
  unsigned char *snap = nullptr;    // per node: its compared state after its last cycle
  unsigned char *held = nullptr;    // HC_RTL_CHECK_SKIP: outputs held by a skipped node
  // The same for the engines.
  uint8_t sf_inchg[1u << HC_D] = {};
  uint8_t sf_parked[1u << HC_D] = {};
  uint8_t sf_skip[1u << HC_D] = {};  // this cycle of the engine is skipped
  unsigned char *sf_snap = nullptr;
  unsigned char *sf_held = nullptr;
  unsigned long long sf_skipped = 0, sf_evaluated = 0;
  uint8_t sf_fresh[1u << HC_D] = {};  // engine evaluated since its node took its outputs
  unsigned sf_edges = 0;              // engines that took the last edge
  // What a node's neighbours hand it changes only when they are evaluated:
  // the cycle (cyc) of each node's last evaluation, and the glue's outputs
  // and the configuration operation as the nodes last took them.
  unsigned long long cyc = 1;
  unsigned long long last_ev[1u << HC_D] = {};
  uint32_t glue_seen[10] = {};
  int glue_valid = 0;
  hc_cfg_op op_seen = {};
  int op_valid = 0;
  unsigned long long skipped = 0, evaluated = 0;  // node-cycles, for HC_RTL_SKIP_STATS
  unsigned long long evals = 0;                   // evaluations of nodes, the same
  unsigned long long checked = 0;                 // HC_RTL_CHECK_SKIP: skips checked
  unsigned cnt_rot = 0;   // HC_K: the counter the read ports select this step
  // The edge without the input-combinational region (node_edge).
  int full_edge = 0;      // HC_RTL_FULL_EDGE=1: the whole evaluation at every edge
  int edge_fault = 0;     // HC_RTL_EDGE_FAULT=1: a node's new link inputs left unsettled (a test)
  int link_fault = 0;     // HC_RTL_LINK_FAULT=1: a statement left out of the links' cut (a test)
  int input_fault = 0;    // HC_RTL_INPUT_FAULT=1: a statement left out of the inputs' cut (a test)
  unsigned char *edge_pre = nullptr;   // HC_RTL_CHECK_SETTLE: the root before the edge
  unsigned char *edge_full = nullptr;  // and after the whole evaluation
  unsigned char *ico_pre = nullptr;    // HC_RTL_CHECK_SETTLE: node_dirty_edge's model before
  unsigned char *ico_res = nullptr;    // and after its two steps
  // The observation (hc_rtl_step) as last written: the record, its link
  // array and the cycle; a node not evaluated since is not written again.
  const hc_obs *obs_rec = nullptr;
  const uint8_t *obs_links = nullptr;
  unsigned long long obs_cyc = 0;
};




// Set a port to v; returns whether it changed.
template <typename T, typename V>
static inline bool upd(T &port, V v) {
  if (port == static_cast<T>(v)) return false;
  port = static_cast<T>(v);
  return true;
}

// Set a port to another model's port of the same width; returns whether
// it changed.
template <typename T, typename U>
static inline bool cp(T &port, const U &v) {
  static_assert(sizeof(T) == sizeof(U), "ports of different widths");
  if (std::memcmp(&port, &v, sizeof port) == 0) return false;
  std::memcpy(&port, &v, sizeof port);
  return true;
}

// Set a field of a port to v; returns whether it changed.
template <typename T>
static bool set_field(T &port, unsigned lsb, unsigned width, uint32_t v) {
  if (get_bits(port, lsb, width) == v) return false;
  put_bits(port, lsb, width, v);
  return true;
}

// ---- The state compared to find a parked node ----
// The bytes of a Verilated model that are compared: the model's root (the
// top module, with every register, memory, port and settled value, and
// Verilator's bookkeeping) less the memories that tools/node_state.pl
// names (hc_node_state.h for the node, hc_sf_node_state.h for its engine),
// as ranges of bytes from the root's start.
struct byte_range {
  size_t off, len;
};
struct state_layout {
  std::vector<byte_range> ranges;
  size_t bytes = 0;
};
static state_layout node_layout, sf_layout;

static void layout_from(state_layout *l, size_t size, std::vector<byte_range> skip) {
  std::sort(skip.begin(), skip.end(), [](const byte_range &a, const byte_range &b) { return a.off < b.off; });
  size_t at = 0;
  for (const byte_range &k : skip) {
    if (k.off > at) l->ranges.push_back({at, k.off - at});
    if (k.off + k.len > at) at = k.off + k.len;
  }
  if (size > at) l->ranges.push_back({at, size - at});
  for (const byte_range &k : l->ranges) l->bytes += k.len;
}

static void find_state_ranges(const Vhc_node *n, const Vhc_sf_node *e) {
  if (!node_layout.ranges.empty()) return;
#define HC_NODE_MEM(m) \
  skip.push_back({static_cast<size_t>(reinterpret_cast<const unsigned char *>(&sy->m) - base), sizeof sy->m});
  {
    const Vhc_node___024root *sy = n->rootp;
    const unsigned char *base = reinterpret_cast<const unsigned char *>(sy);
    std::vector<byte_range> skip;
#include "hc_node_state.h"
    layout_from(&node_layout, sizeof *sy, skip);
  }
  {
    const Vhc_sf_node___024root *sy = e->rootp;
    const unsigned char *base = reinterpret_cast<const unsigned char *>(sy);
    std::vector<byte_range> skip;
#include "hc_sf_node_state.h"
    layout_from(&sf_layout, sizeof *sy, skip);
  }
#undef HC_NODE_MEM
}

// Compare a model's state (root) with its copy; take a new copy if it
// differs. Returns whether it was the same.
static bool state_same_or_take(const void *root, unsigned char *c, const state_layout &l) {
  const unsigned char *base = static_cast<const unsigned char *>(root);
  const std::vector<byte_range> &rg = l.ranges;
  size_t i = 0;
  for (; i < rg.size(); c += rg[i].len, ++i)
    if (std::memcmp(c, base + rg[i].off, rg[i].len) != 0) break;
  if (i == rg.size()) return true;
  for (; i < rg.size(); c += rg[i].len, ++i) std::memcpy(c, base + rg[i].off, rg[i].len);
  return false;
}

// Every output of a node, as bytes (HC_RTL_CHECK_SKIP compares them).
#define HC_NODE_OUTPUTS(X)                                                                      \
  X(inj_ready_o) X(probe_ready_o) X(ej_valid_o) X(ej_flit_o) X(out_valid_o) X(out_flit_o)      \
  X(in_ready_o) X(pout_valid_o) X(pout_dest_o) X(ack_o) X(sf_valid_o) X(sf_word_o)             \
  X(link_valid_o) X(link_flit_o) X(link_busy_o) X(link_blocked_o) X(link_waiting_o)            \
  X(rt_busy_o) X(rt_blocked_o) X(held_o) X(idle_o) X(finished_o) X(cnt_o) X(cfg_rdata_o)           \
  X(sfx_go_o) X(sfx_cfg_we_o) X(sfx_cfg_re_o)
#define HC_OUT_SIZE(p) +sizeof(static_cast<Vhc_node *>(nullptr)->p)
static const size_t kOutBytes = 0 HC_NODE_OUTPUTS(HC_OUT_SIZE);
#define HC_OUT_TAKE(p)                   \
  std::memcpy(b, &n->p, sizeof n->p);    \
  b += sizeof n->p;
template <typename M>
static void take_outputs(const M *n, unsigned char *b) { HC_NODE_OUTPUTS(HC_OUT_TAKE) }
// Every output of an engine.
#define HC_SF_OUTPUTS(X) X(out_valid_o) X(out_word_o) X(busy_o) X(finished_o) X(cfg_rdata_o) X(cnt_o)
#define HC_SF_OUT_SIZE(p) +sizeof(static_cast<Vhc_sf_node *>(nullptr)->p)
static const size_t kSfOutBytes = 0 HC_SF_OUTPUTS(HC_SF_OUT_SIZE);
template <typename M>
static void take_sf_outputs(const M *n, unsigned char *b) { HC_SF_OUTPUTS(HC_OUT_TAKE) }
#undef HC_OUT_TAKE

// ---- The wires between a node and its engine (u_sf in rtl/hc_node.sv) ----
// The engine's inputs: the node's computed ones, the node's input ports
// that u_sf takes, and on incoming link i the word of the neighbour's
// engine (hc_network: its sf_valid_o/sf_word_o, which are its engine's
// outputs, to this node's nb_sf_valid_i/nb_sf_word_i, which are u_sf's
// in_valid_i/in_word_i). Returns whether one changed. Without node, the
// node's part is left as it is (the node's ports and outputs are those of
// the cycle before: it was skipped); without links, the neighbours' part
// (no engine took the last edge, so no engine's output changed).
static bool sf_take_inputs(hc_rtl *r, unsigned x, bool node = true, bool links = true) {
  Vhc_sf_node___024root *e = r->er[x];
  const Vhc_node___024root *n = r->nr[x];
  bool chg = false;
  if (node) {
  chg |= cp(e->rst_ni, n->rst_ni);
  chg |= cp(e->clear_i, n->sf_start_i);
  chg |= cp(e->go_i, n->sfx_go_o);
  chg |= cp(e->beta_i, n->beta_i);
  chg |= cp(e->cfg_we_i, n->sfx_cfg_we_o);
  chg |= cp(e->cfg_re_i, n->sfx_cfg_re_o);
  chg |= cp(e->cfg_tgt_i, n->cfg_tgt_i);
  chg |= cp(e->cfg_unit_i, n->cfg_unit_i);
  chg |= cp(e->cfg_idx_i, n->cfg_idx_i);
  chg |= cp(e->cfg_field_i, n->cfg_field_i);
  chg |= cp(e->cfg_wdata_i, n->cfg_wdata_i);
  chg |= cp(e->cnt_port_i, n->cnt_port_i);
  chg |= cp(e->cnt_id_i, n->cnt_id_i);
  }
  if (links) {
    for (unsigned i = 0; i < HC_D; ++i) {
      const Vhc_sf_node___024root *nb = r->er[x ^ (1u << i)];
      chg |= set_field(e->in_valid_i, i, 1, get_bits(nb->out_valid_o, i, 1));
      chg |= set_field(e->in_word_i, i * HC_W, HC_W, get_bits(nb->out_word_o, i * HC_W, HC_W));
    }
  }
  return chg;
}

// The node's inputs from its engine's outputs. Returns whether one changed.
static bool node_take_sf(hc_rtl *r, unsigned x) {
  Vhc_node___024root *n = r->nr[x];
  const Vhc_sf_node___024root *e = r->er[x];
  bool chg = false;
  chg |= cp(n->sfx_valid_i, e->out_valid_o);
  chg |= cp(n->sfx_word_i, e->out_word_o);
  chg |= cp(n->sfx_busy_i, e->busy_o);
  chg |= cp(n->sfx_finished_i, e->finished_o);
  chg |= cp(n->sfx_rdata_i, e->cfg_rdata_o);
  chg |= cp(n->sfx_cnt_i, e->cnt_o);
  return chg;
}

// Whether node y (a neighbour) was evaluated in this cycle or the one
// before: otherwise every output its neighbours take from it is as they
// took it in the cycle before (each step takes them once a cycle, and a
// model's outputs change only when it is evaluated), and is not copied.
static inline bool evaluated_lately(const hc_rtl *r, unsigned y) { return r->last_ev[y] + 1 >= r->cyc; }

static void skip_broken(hc_rtl *r, unsigned x, const char *what, const char *model = "node") {
  if (r->skip_broken) return;
  std::fprintf(stderr, "hc_rtl_node_shim: %s %u, skipped as parked, %s (cycle %llu): HC_RTL_CHECK_SKIP failed\n",
               model, x, what, static_cast<unsigned long long>(r->ctx.time()));
  r->skip_broken = 1;
}

#if HC_NODE_EDGE
// HC_RTL_CHECK_SETTLE: a shortcut of a node's evaluation must leave every
// byte of its root as the evaluation it stands for. check_ref runs that
// evaluation (ref) on the root, keeps what it leaves in res and puts the
// root back as it was (through pre) for the shortcut; check_same then fails
// the run, naming what differs, if the shortcut left the root otherwise.
template <typename F>
static void check_ref(Vhc_node___024root *root, unsigned char *pre, unsigned char *res, F ref) {
  std::memcpy(pre, static_cast<void *>(root), sizeof *root);
  ref();
  std::memcpy(res, static_cast<void *>(root), sizeof *root);
  std::memcpy(static_cast<void *>(root), pre, sizeof *root);
}
static void check_same(hc_rtl *r, unsigned x, const Vhc_node___024root *root, const unsigned char *res,
                       const char *what) {
  if (std::memcmp(res, static_cast<const void *>(root), sizeof *root) == 0 || r->settle_broken) return;
  std::fprintf(stderr, "hc_rtl_node_shim: node %u's %s (cycle %llu)\n", x, what,
               static_cast<unsigned long long>(r->ctx.time()));
  r->settle_broken = 1;
}

// One of tools/node_edge.pl's evaluations (f) of a node's root, with what
// Verilator's eval() does around its own.
static inline void node_eval(Vhc_node___024root *root, void (*f)(Vhc_node___024root *)) {
  Verilated::mtaskId(0);
  f(root);
  Verilated::endOfThreadMTask(root->vlSymsp->__Vm_evalMsgQp);
  Verilated::endOfEval(root->vlSymsp->__Vm_evalMsgQp);
}
#endif

// A node's evaluation with the clock low: Verilator's whole evaluation
// less the sampling of the values its assertions see (hc_node_eval_low,
// tools/node_edge.pl). Every evaluation samples them first, and only one at
// a rising edge of clk_i reads them (its assertions), so the sampling of an
// evaluation without an edge is overwritten before it is read.
// HC_RTL_FULL_EDGE=1 runs the whole evaluation here too.
//
// With cut, the node is settled for every input but those of the inputs'
// cut (kChgCut), and the input region runs cut to what they reach
// (hc_node_eval_inputs_low, tools/node_edge.pl); HC_RTL_CHECK_SETTLE=1
// runs the whole evaluation from the same model first and compares every
// byte of the node's root, and HC_RTL_INPUT_FAULT=1 takes the cut's mutant.
static void node_low(hc_rtl *r, unsigned x, bool cut = false) {
  Vhc_node___024root *root = r->nr[x];
  root->clk_i = 0;
#if HC_NODE_EDGE
  if (!r->full_edge && root->vlSymsp->__Vm_didInit) {
    ++r->lows;
    if (!cut) {
      node_eval(root, hc_node_eval_low);
      return;
    }
    ++r->cut_inputs;
    const bool check = r->check_settle;
    if (check) check_ref(root, r->ico_pre, r->ico_res, [&] { node_eval(root, hc_node_eval_low); });
    node_eval(root, r->input_fault ? hc_node_eval_inputs_low_fault : hc_node_eval_inputs_low);
    if (check) check_same(r, x, root, r->ico_res, "evaluation with the clock low cut to its changed inputs differs from the whole");
    return;
  }
#endif
  r->node[x]->eval();
}

// Step (1) with the clock low: the glue's combinational outputs for this
// cycle's configuration-port inputs, then every node with the glue's
// registers and its neighbours' registered outputs, then the glue again
// with what it gathers from the nodes (its read data).
static void settle_low(hc_rtl *r) {
  Vhc_net_glue *g = r->glue;
  g->clk_i = 0;
  g->eval();
  // The glue's outputs to every node: taken only when one changed.
  const uint32_t gl[10] = {g->rst_ni,  g->sf_mode_o, g->saf_mode_o, g->cs_mode_o, g->tau_o,
                           g->xi_o,    g->overlap_o, g->beta_o,     g->run_o,     g->start_o};
  const bool glue = !r->glue_valid || std::memcmp(gl, r->glue_seen, sizeof gl) != 0;
  std::memcpy(r->glue_seen, gl, sizeof gl);
  r->glue_valid = 1;
  for (unsigned x = 0; x < kNodes; ++x) {
    Vhc_node___024root *n = r->nr[x];
    bool whole = r->inchg[x] & kChgWhole;  // an input outside the inputs' cut changed
    bool chg = r->inchg[x];
    r->inchg[x] = 0;
    if (glue) {
      whole |= upd(n->rst_ni, g->rst_ni);
      whole |= upd(n->sf_mode_i, g->sf_mode_o);
      whole |= upd(n->saf_mode_i, g->saf_mode_o);
      whole |= upd(n->cs_mode_i, g->cs_mode_o);
      whole |= upd(n->tau_i, g->tau_o);
      whole |= upd(n->xi_i, g->xi_o);
      whole |= upd(n->overlap_i, g->overlap_o);
      whole |= upd(n->beta_i, g->beta_o);
      whole |= upd(n->run_i, g->run_o);
      whole |= upd(n->sf_start_i, g->start_o);
    }
    for (unsigned i = 0; i < HC_D; ++i) {
      if (!evaluated_lately(r, x ^ (1u << i))) continue;
      const Vhc_node___024root *nb = r->nr[x ^ (1u << i)];
      whole |= set_field(n->nb_ready_i, i, 1, get_bits(nb->in_ready_o, i, 1));
      chg |= set_field(n->nb_ack_i, i, 1, get_bits(nb->ack_o, i, 1));
    }
    // The engine's outputs as its last evaluation left them (unchanged
    // unless it was evaluated since the node took them).
    if (r->sf_fresh[x]) whole |= node_take_sf(r, x);
    r->sf_fresh[x] = 0;
    chg |= whole;
    // A parked node with the inputs of its last cycle: its model is as that
    // cycle left it, and shows what it showed (its outputs are held).
    r->skip1[x] = r->skip && r->parked[x] && !chg;
    if (r->skip1[x] && !r->check_skip) continue;
    r->parked[x] = r->parked[x] && !chg;
    // Not parked, but with the inputs it was last evaluated with, after its
    // edge: settled already (an evaluation with the clock low would change
    // nothing but the clock), so its step (1) is left to step (2).
    r->lazy[x] = r->skip && !chg && !r->skip1[x] && n->clk_i;
    if (r->lazy[x]) continue;
    unsigned char *h = r->held + static_cast<size_t>(x) * kOutBytes;
    if (r->skip1[x]) take_outputs(n, h);
    node_low(r, x, !whole);
    ++r->evals;
    r->last_ev[x] = r->cyc;
    if (r->skip1[x]) {
      unsigned char now[kOutBytes];
      take_outputs(n, now);
      if (std::memcmp(now, h, kOutBytes) != 0) skip_broken(r, x, "shows outputs other than the held ones");
    }
  }
  // The engines, each after its node (whose strobes it takes), by the same
  // rule; then a node again whose inputs from its engine changed.
  const bool links = r->sf_edges != 0;
  for (unsigned x = 0; x < kNodes; ++x) {
    Vhc_sf_node *e = r->sf[x];
    const bool chg = sf_take_inputs(r, x, !r->skip1[x], links) || r->sf_inchg[x];
    r->sf_inchg[x] = 0;
    r->sf_skip[x] = r->skip && r->sf_parked[x] && !chg;
    if (r->sf_skip[x] && !r->check_skip) continue;
    r->sf_parked[x] = r->sf_parked[x] && !chg;
    unsigned char *h = r->sf_held + static_cast<size_t>(x) * kSfOutBytes;
    if (r->sf_skip[x]) take_sf_outputs(e, h);
    e->clk_i = 0;
    e->eval();
    ++r->evals;
    if (r->sf_skip[x]) {
      unsigned char now[kSfOutBytes];
      take_sf_outputs(e, now);
      if (std::memcmp(now, h, kSfOutBytes) != 0) skip_broken(r, x, "shows outputs other than the held ones", "engine");
    }
    if (node_take_sf(r, x)) {
      r->skip1[x] = 0;
      r->lazy[x] = 0;
      r->parked[x] = 0;
      node_low(r, x);
      ++r->evals;
      r->last_ev[x] = r->cyc;
    }
  }
  for (unsigned x = 0; x < kNodes; ++x) {
    const Vhc_node___024root *n = r->nr[x];
    put_bits(g->finished_i, x, 1, n->finished_o);
    put_bits(g->idle_i, x, 1, n->idle_o);
    put_bits(g->rdata_i, x * 32, 32, n->cfg_rdata_o);
  }
  g->eval();
}

// What step (1) settled and step (2) must not change: a node's outputs that
// go to its neighbours or are observed.
struct settled {
  uint32_t valid, pvalid, lvalid, busy, sfx;
  uint32_t flit[16], pdest[16], lflit[16];
};
static void take_settled(const Vhc_node *n, settled *s) {
  s->valid = get_bits(n->out_valid_o, 0, HC_D);
  s->pvalid = get_bits(n->pout_valid_o, 0, HC_D);
  s->lvalid = get_bits(n->link_valid_o, 0, HC_D);
  s->busy = get_bits(n->link_busy_o, 0, HC_D);
  s->sfx = n->sfx_go_o | n->sfx_cfg_we_o << 1 | n->sfx_cfg_re_o << 2;  // the engine's inputs
  for (unsigned i = 0; i < HC_D; ++i) {
    s->flit[i] = get_bits(n->out_flit_o, i * kFlitW, kFlitW);
    s->pdest[i] = get_bits(n->pout_dest_o, i * HC_D, HC_D);
    s->lflit[i] = get_bits(n->link_flit_o, i * kFlitW, kFlitW);
  }
}

// HC_RTL_CHECK_SETTLE: what a node showed in step (1) (a) must be what it
// shows after an evaluation with step (2)'s inputs (b).
static void settle_check(hc_rtl *r, unsigned x, const settled &a, const settled &b) {
  if (std::memcmp(&a, &b, sizeof a) == 0 || r->settle_broken) return;
  std::fprintf(stderr, "hc_rtl_node_shim: node %u's links changed with its neighbours' links "
                       "(cycle %llu): the two-step settling does not hold\n",
               x, static_cast<unsigned long long>(r->ctx.time()));
  r->settle_broken = 1;
}

// A node's rising edge: clk_i set, then its evaluation without the
// input-combinational region (hc_node_eval_edge, tools/node_edge.pl), which
// is sound only when the model is settled for the inputs it holds: every
// caller (clock_high) evaluates it with the clock low after its inputs last
// changed, or finds it as its last edge left it with the same inputs (lazy),
// so that region would compute the values it holds. Everything else of
// Verilator's evaluation (the values sampled for the assertions, the flops,
// the assertions, the logic settled after the edge) is run as eval() runs
// it. HC_RTL_CHECK_SETTLE=1 checks it at every edge: the whole evaluation
// (Verilator's eval) from the same model must leave every byte of the
// node's root as this one does. HC_RTL_FULL_EDGE=1 runs the whole one.
static void node_edge(hc_rtl *r, unsigned x) {
  Vhc_node *n = r->node[x];
  n->clk_i = 1;
#if HC_NODE_EDGE
  if (r->full_edge || !n->rootp->vlSymsp->__Vm_didInit) {
    n->eval();
    return;
  }
  Vhc_node___024root *root = n->rootp;
  if (r->check_settle) check_ref(root, r->edge_pre, r->edge_full, [&] { n->eval(); });
  node_eval(root, hc_node_eval_edge);
  if (r->check_settle)
    check_same(r, x, root, r->edge_full,
               "edge without its input-combinational logic differs from its whole evaluation: it was not settled");
#else
  (void)r;
  (void)x;
  n->eval();
#endif
}

#if HC_NODE_EDGE
/* Node n's evaluation with the clock low and its rising edge in one, from
** the clock's record as an evaluation with the clock low leaves it, for a
** node settled for every input but its flit and probe link inputs: the
** input-combinational region cut to what those reach
** (hc_node_eval_links_edge, tools/node_edge.pl); with fault, its mutant
** (HC_RTL_LINK_FAULT=1, which HC_RTL_CHECK_SETTLE=1 must catch). */
static void node_ico_edge(Vhc_node *n, Vhc_node___024root *root, bool fault) {
  n->clk_i = 1;
  root->__Vtrigrprev__TOP__clk_i = 0;
  node_eval(root, fault ? hc_node_eval_links_edge_fault : hc_node_eval_links_edge);
}
#endif

// A node whose link inputs changed since its last evaluation: an
// evaluation with the clock low (node_low), then its edge (node_edge), in
// one (node_ico_edge, tools/node_edge.pl): the input-combinational region,
// the sampling of the assertions' values, then the edge's regions as
// node_edge runs them, with clk_i and Verilator's record of its last value
// (0) as the evaluation with the clock low leaves them. That evaluation
// changes nothing else the edge does not write again (its regions find no
// trigger: no rising edge, and rst_ni, which only step (1) changes, was
// taken there), so the model ends the same. Every caller has the node
// settled for all its inputs but the flit and probe links that step (2)
// set (evaluated in step (1) after its other inputs last changed, or lazy,
// or parked with them unchanged), so of the input region only what those
// links reach is run: the rest holds what it would compute. With
// HC_RTL_CHECK_SETTLE=1 the two steps run (with the check of step (1)'s
// outputs when settle is set) and the one from the same model must leave
// every byte of the node's root as they do; HC_RTL_FULL_EDGE=1 runs the
// two steps, each whole.
static void node_dirty_edge(hc_rtl *r, unsigned x, bool settle) {
  Vhc_node *n = r->node[x];
  // The two steps, with the check of step (1)'s outputs.
  auto two = [&] {
    settled a = {}, b = {};
    if (r->check_settle) take_settled(n, &a);
    node_low(r, x);
    if (r->check_settle && settle) {
      take_settled(n, &b);
      settle_check(r, x, a, b);
    }
    node_edge(r, x);
  };
#if HC_NODE_EDGE
  Vhc_node___024root *root = n->rootp;
  if (!r->full_edge && root->vlSymsp->__Vm_didInit) {
    const bool check = r->check_settle;
    ++r->cut_links;
    if (check) check_ref(root, r->ico_pre, r->ico_res, two);
    node_ico_edge(n, root, r->link_fault);
    if (check) check_same(r, x, root, r->ico_res, "evaluation with the clock low and edge in one differs from the two");
    return;
  }
#endif
  two();
}

// Step (2): every node's combinational link inputs from its neighbours (all
// of them before any node takes its edge), an evaluation with the clock
// still low, then the rising edge, in every node and in the glue. The
// evaluation before the edge changes no output of step (1) (the check of
// HC_RTL_CHECK_SETTLE); it is there for the RTL's assertions, which
// Verilator evaluates on the values sampled before an evaluation begins
// (SystemVerilog's preponed values): a flop samples its inputs as settled
// in the same evaluation, an assertion as settled in the one before. A node
// whose link inputs are those it was evaluated with in step (1) (no flit
// or probe came, or the same as last cycle) is settled already: an
// evaluation with unchanged inputs and no clock edge changes nothing, so
// it is not repeated (the light-load case: most links are idle).
//
// A node whose step (1) was skipped (parked, step (1)'s inputs those of
// its last cycle) skips the whole cycle when step (2)'s are too; when they
// are not, it is evaluated now with the clock low (what step (1) would have
// shown, it showed: the held outputs) and takes its edge. After a cycle in
// which it was evaluated, its state is compared with the copy taken after
// the cycle before: the same, it is parked.
static void clock_high(hc_rtl *r) {
  for (unsigned x = 0; x < kNodes; ++x) {
    Vhc_node___024root *n = r->nr[x];
    bool changed = false;
    for (unsigned i = 0; i < HC_D; ++i) {
      if (!evaluated_lately(r, x ^ (1u << i))) continue;
      const Vhc_node___024root *nb = r->nr[x ^ (1u << i)];
      changed |= set_field(n->nb_valid_i, i, 1, get_bits(nb->out_valid_o, i, 1));
      changed |= set_field(n->nb_flit_i, i * kFlitW, kFlitW, get_bits(nb->out_flit_o, i * kFlitW, kFlitW));
      changed |= set_field(n->nb_pvalid_i, i, 1, get_bits(nb->pout_valid_o, i, 1));
      changed |= set_field(n->nb_pdest_i, i * HC_D, HC_D, get_bits(nb->pout_dest_o, i * HC_D, HC_D));
    }
    r->dirty[x] = changed;
  }
  for (unsigned x = 0; x < kNodes; ++x) {
    Vhc_node *n = r->node[x];
    const bool whole = r->skip1[x] && !r->dirty[x];  // the whole cycle is skipped
    bool edged = false;  // its edge taken (node_dirty_edge)
    if (r->skip1[x] && !r->check_skip) {
      if (whole) {
        ++r->skipped;
        continue;
      }
      node_dirty_edge(r, x, false);
      edged = true;
    } else if (r->lazy[x] && !r->dirty[x]) {
      // Settled, and no link input changed: the edge at once. The
      // evaluation with the clock low that it leaves out would have left
      // the model as it is but for the clock and Verilator's record of the
      // clock's last value (the one byte set here: its edge detection),
      // and would have sampled for the assertions the values it holds now.
      // HC_RTL_CHECK_SETTLE checks it on a copy: that evaluation, from the
      // model as it is, must leave step (1)'s outputs as they are (and
      // node_edge checks that the edge's input-combinational region
      // changes nothing).
      if (r->check_settle) {
        Vhc_node___024root *root = n->rootp;
        settled a = {}, b = {};
        std::memcpy(r->edge_pre, static_cast<void *>(root), sizeof *root);
        take_settled(n, &a);
        n->clk_i = 0;
        n->eval();
        take_settled(n, &b);
        std::memcpy(static_cast<void *>(root), r->edge_pre, sizeof *root);
        settle_check(r, x, a, b);
      }
      n->rootp->__Vtrigrprev__TOP__clk_i = 0;
      ++r->lazies;
    } else if (r->dirty[x] && !r->edge_fault) {
      // Its link inputs changed: evaluated with the clock low, then its edge.
      node_dirty_edge(r, x, true);
      edged = true;
    } else {
      settled a = {}, b = {};
      if (r->check_settle) take_settled(n, &a);
      n->clk_i = 0;
      // (HC_RTL_EDGE_FAULT: a node whose link inputs changed takes its edge
      // at once, as a lazy one, unsettled, which node_edge's check must catch.)
      if (r->dirty[x] && r->edge_fault)
        n->rootp->__Vtrigrprev__TOP__clk_i = 0;
      else if (r->check_settle || r->lazy[x])
        node_low(r, x);
      if (r->check_settle) {
        take_settled(n, &b);
        settle_check(r, x, a, b);
      }
    }
    if (!edged) node_edge(r, x);
    ++r->evals;
    ++r->evaluated;
    r->last_ev[x] = r->cyc;
    const bool same = state_same_or_take(n->rootp, r->snap + static_cast<size_t>(x) * node_layout.bytes, node_layout);
    if (whole && !same) skip_broken(r, x, "ends its cycle in a state other than the held one");
    if (whole) ++r->checked;
    r->parked[x] = same || (r->skip_fault && !r->dirty[x]);
  }
  // The engines' edges (no input of an engine changes in step (2)).
  r->sf_edges = 0;
  for (unsigned x = 0; x < kNodes; ++x) {
    Vhc_sf_node *e = r->sf[x];
    if (r->sf_skip[x] && !r->check_skip) {
      ++r->sf_skipped;
      continue;
    }
    e->clk_i = 1;
    e->eval();
    ++r->evals;
    ++r->sf_evaluated;
    ++r->sf_edges;
    r->sf_fresh[x] = 1;
    const bool same = state_same_or_take(e->rootp, r->sf_snap + static_cast<size_t>(x) * sf_layout.bytes, sf_layout);
    if (r->sf_skip[x] && !same) skip_broken(r, x, "ends its cycle in a state other than the held one", "engine");
    if (r->sf_skip[x]) ++r->checked;
    r->sf_parked[x] = same || r->skip_fault;
  }
  r->glue->clk_i = 1;
  r->glue->eval();
  ++r->cyc;
}

// Reset's half cycles, as hc_rtl_shim.cpp's: the wires settle in each.
static void half_cycle(hc_rtl *r, int clk) {
  if (clk)
    clock_high(r);
  else
    settle_low(r);
}

static void set_rst(hc_rtl *r, int v) { r->glue->rst_ni = v; }

// Whether the environment variable name is set to exactly value.
static bool env_is(const char *name, const char *value) {
  const char *v = std::getenv(name);
  return v && std::strcmp(v, value) == 0;
}

extern "C" int hc_rtl_new(const hc_cfg *cfg, const char *fst_path, hc_rtl **out) {
  if (!shim_cfg_is_built(cfg)) return HC_ENORTL;
  // The waveform's names are hc_network's (tb/report/hc_gtkw.c), which
  // only the whole-network build has.
  if (fst_path) return HC_ENOWAVE;
  hc_rtl *r = new (std::nothrow) hc_rtl;
  if (!r) return HC_ENOMEM;
  r->ctx.fatalOnError(false);
  // The models are Verilated without --threads: a context's default (one
  // thread a core) would start a pool of idle worker threads with its first
  // model, for nothing.
  r->ctx.threads(1);
  if (vl_argc > 0) r->ctx.commandArgs(vl_argc, vl_argv);
  r->check_settle = env_is("HC_RTL_CHECK_SETTLE", "1");
  r->skip = !env_is("HC_RTL_SKIP", "0");
  r->check_skip = env_is("HC_RTL_CHECK_SKIP", "1");
  r->skip_fault = env_is("HC_RTL_SKIP_FAULT", "1");
  r->full_edge = env_is("HC_RTL_FULL_EDGE", "1");
  r->edge_fault = env_is("HC_RTL_EDGE_FAULT", "1");
  r->link_fault = env_is("HC_RTL_LINK_FAULT", "1");
  r->input_fault = env_is("HC_RTL_INPUT_FAULT", "1");
  r->glue = new (std::nothrow) Vhc_net_glue(&r->ctx, "tb.hc_network.u_glue");
  if (!r->glue) {
    hc_rtl_free(r);
    return HC_ENOMEM;
  }
  // Every model registers each scope it has (the node 345 at d = 8, the
  // engine 81: its assertions' among them) by name, in a map (a tree
  // ordered by strcmp) of the context it is built in, and takes them out of
  // the thread's context when it is deleted: in one context for all, 109,000
  // names at d = 8 sharing their first 23 characters and more, which took
  // 0.11 of the 8-cube's 0.18 CPU s of start-up and teardown. So a node's
  // two models are built in a context of their own (nctx), and the thread's
  // context is this one (ctx) again after: the models' code takes from the
  // context it was built with only assertOn (copied below; the time, the
  // errors and $stop go to the thread's context, ctx, as before), and the
  // scopes are found by name only through the VPI and DPI, which this
  // testbench does not use. Two things would differ, both settled at
  // construction: coverage points are registered in the model's context
  // (and ctx's are written out), and initial values other than zero
  // (+verilator+rand+reset+1 or 2) are drawn as the thread's context says;
  // a build with coverage, or a run with such initial values, keeps one
  // context.
#if !VM_COVERAGE
  if (r->ctx.randReset() == 0) {
    r->nctx = new (std::nothrow) VerilatedContext[kNodes];
    if (!r->nctx) {
      hc_rtl_free(r);
      return HC_ENOMEM;
    }
    for (unsigned x = 0; x < kNodes; ++x) {
      r->nctx[x].assertOn(r->ctx.assertOn());
      r->nctx[x].threads(1);
    }
  }
#endif
  for (unsigned x = 0; x < kNodes; ++x) {
    VerilatedContext *c = r->nctx ? &r->nctx[x] : &r->ctx;
    char name[64];
    std::snprintf(name, sizeof name, "tb.hc_network.gen_node[%u]", x);
    r->node[x] = new (std::nothrow) Vhc_node(c, name);
    if (!r->node[x]) {
      hc_rtl_free(r);
      return HC_ENOMEM;
    }
    r->node[x]->node_id_i = x;
    r->nr[x] = r->node[x]->rootp;
    std::snprintf(name, sizeof name, "tb.hc_network.gen_node[%u].gen_sf.u_sf", x);
    r->sf[x] = new (std::nothrow) Vhc_sf_node(c, name);
    if (!r->sf[x]) {
      hc_rtl_free(r);
      return HC_ENOMEM;
    }
    r->er[x] = r->sf[x]->rootp;
  }
  Verilated::threadContextp(&r->ctx);
  find_state_ranges(r->node[0], r->sf[0]);
  r->snap = static_cast<unsigned char *>(std::calloc(kNodes, node_layout.bytes));
  r->held = static_cast<unsigned char *>(std::calloc(kNodes, kOutBytes));
  r->sf_snap = static_cast<unsigned char *>(std::calloc(kNodes, sf_layout.bytes));
  r->sf_held = static_cast<unsigned char *>(std::calloc(kNodes, kSfOutBytes));
  r->edge_pre = static_cast<unsigned char *>(std::malloc(sizeof(Vhc_node___024root)));
  r->edge_full = static_cast<unsigned char *>(std::malloc(sizeof(Vhc_node___024root)));
  r->ico_pre = static_cast<unsigned char *>(std::malloc(sizeof(Vhc_node___024root)));
  r->ico_res = static_cast<unsigned char *>(std::malloc(sizeof(Vhc_node___024root)));
  if (!r->snap || !r->held || !r->sf_snap || !r->sf_held || !r->edge_pre || !r->edge_full || !r->ico_pre || !r->ico_res) {
    hc_rtl_free(r);
    return HC_ENOMEM;
  }
  hc_rtl_reset(r);
  *out = r;
  return HC_OK;
}

extern "C" void hc_rtl_free(hc_rtl *r) {
  if (!r) return;
  Verilated::threadContextp(&r->ctx);
  for (unsigned x = 0; x < kNodes; ++x) {
    if (r->node[x]) r->node[x]->final();
    if (r->sf[x]) r->sf[x]->final();
  }
  if (r->glue) r->glue->final();
  shim_write_coverage(r->ctx);
  if (env_is("HC_RTL_SKIP_STATS", "1"))
    std::fprintf(stderr, "hc_rtl_node_shim: %llu node-cycles evaluated, %llu skipped (%zu bytes of state compared a node; "
                         "%llu evaluations; %llu skips checked; %llu with one evaluation; %llu edges with the links' cut; "
                         "%llu evaluations with the clock low, %llu of them with the inputs' cut); engines: %llu "
                         "evaluated, %llu skipped (%zu bytes)\n",
                 r->evaluated, r->skipped, node_layout.bytes, r->evals, r->checked, r->lazies, r->cut_links, r->lows,
                 r->cut_inputs, r->sf_evaluated, r->sf_skipped, sf_layout.bytes);
  for (unsigned x = 0; x < kNodes; ++x) {
    // A scope leaves the thread's context's map: the one it was built in.
    if (r->nctx) Verilated::threadContextp(&r->nctx[x]);
    delete r->node[x];
    delete r->sf[x];
  }
  Verilated::threadContextp(&r->ctx);
  delete r->glue;
  delete[] r->nctx;
  std::free(r->snap);
  std::free(r->held);
  std::free(r->sf_snap);
  std::free(r->sf_held);
  std::free(r->edge_pre);
  std::free(r->edge_full);
  std::free(r->ico_pre);
  std::free(r->ico_res);
  delete r;
}

extern "C" void hc_rtl_reset(hc_rtl *r) {
  Vhc_net_glue *g = r->glue;
  for (unsigned x = 0; x < kNodes; ++x) {
    Vhc_node *n = r->node[x];
    n->inj_valid_i = 0;
    n->inj_flit_i = 0;
    n->probe_valid_i = 0;
    n->probe_dest_i = 0;
    n->cnt_node_i = 0;
    n->cnt_port_i = 0;
    n->cnt_id_i = 0;
    n->remap_we_i = 0;
    n->cfg_we_i = 0;
    n->cfg_re_i = 0;
    n->cfg_node_i = 0;
    n->cfg_tgt_i = 0;
    n->cfg_unit_i = 0;
    n->cfg_idx_i = 0;
    n->cfg_field_i = 0;
    n->cfg_wdata_i = 0;
  }
  std::memset(r->probe_valid, 0, sizeof r->probe_valid);
  g->step_i = 0;
  g->cfg_we_i = 0;
  g->cfg_re_i = 0;
  g->cfg_tgt_i = 0;
  g->cfg_idx_i = 0;
  g->cfg_wdata_i = 0;
  r->remap_pending = 0;
  r->cfg_pending = 0;
  std::memset(r->parked, 0, sizeof r->parked);
  std::memset(r->inchg, kChgWhole, sizeof r->inchg);
  std::memset(r->sf_parked, 0, sizeof r->sf_parked);
  std::memset(r->sf_inchg, 1, sizeof r->sf_inchg);
  std::memset(r->sf_fresh, 1, sizeof r->sf_fresh);
  r->glue_valid = 0;  // the nodes' inputs were set here, not from the glue
  r->op_valid = 0;
  r->sf_edges = kNodes;
  r->obs_rec = nullptr;  // the next observation is written whole
  set_rst(r, 1);
  half_cycle(r, 0);
  set_rst(r, 0);
  half_cycle(r, 0);
  half_cycle(r, 1);
  half_cycle(r, 0);
  half_cycle(r, 1);
  set_rst(r, 1);
  half_cycle(r, 0);
  // That last step (1) is evaluated again by the first hc_rtl_step: no node
  // is parked (a parked node's model is as its last edge left it).
  std::memset(r->parked, 0, sizeof r->parked);
  std::memset(r->sf_parked, 0, sizeof r->sf_parked);
  r->ctx.time(0);
}

extern "C" int hc_rtl_inj_ready(const hc_rtl *r, unsigned x) { return r->node[x]->inj_ready_o; }

extern "C" int hc_rtl_probe_ready(const hc_rtl *r, unsigned x) { return r->node[x]->probe_ready_o; }

extern "C" void hc_rtl_probe(hc_rtl *r, unsigned x, uint32_t dest) {
  r->probe_valid[x] = 1;
  r->probe_dest[x] = dest;
}

// HC_RTL_CHECK_SETTLE: the entries of node x that hc_rtl_step left in
// obs as an earlier step wrote them must be its outputs now.
static void obs_check(hc_rtl *r, const hc_obs *obs, unsigned x) {
  const Vhc_node *n = r->node[x];
  bool same = obs->inj_ready[x] == n->inj_ready_o && obs->probe_ready[x] == n->probe_ready_o &&
              obs->ej_valid[x] == n->ej_valid_o && obs->ej_flit[x] == get_bits(n->ej_flit_o, 0, kFlitW);
  for (unsigned i = 0; i < HC_D; ++i) {
    const unsigned l = x * HC_D + i;
    same = same && obs->link_valid[l] == get_bits(n->link_valid_o, i, 1) &&
           obs->link_flit[l] == get_bits(n->link_flit_o, i * kFlitW, kFlitW) &&
           obs->probe_valid[l] == get_bits(n->pout_valid_o, i, 1) &&
           obs->probe_dest[l] == get_bits(n->pout_dest_o, i * HC_D, HC_D) && obs->link_ack[l] == get_bits(n->ack_o, i, 1);
  }
  if (same || r->settle_broken) return;
  std::fprintf(stderr, "hc_rtl_node_shim: node %u's observation, left as an earlier cycle wrote it, differs from its "
                       "outputs (cycle %llu)\n",
               x, static_cast<unsigned long long>(r->ctx.time()));
  r->settle_broken = 1;
}

extern "C" int hc_rtl_step(hc_rtl *r, const uint8_t *inj_valid,
                            const uint32_t *inj_flit, hc_obs *obs) {
  Vhc_net_glue *g = r->glue;
  const hc_cfg_op idle_op = {};
  const hc_cfg_op &op = r->cfg_pending ? r->cfg : idle_op;
  g->cfg_we_i = op.we & 1u;
  g->cfg_re_i = op.re & 1u;
  g->cfg_tgt_i = op.tgt & 7u;
  g->cfg_idx_i = op.idx & 0xffffu;
  g->cfg_wdata_i = op.wdata;
  // Every node takes the same operation: only when it changed.
  const bool opchg = !r->op_valid || std::memcmp(&op, &r->op_seen, sizeof op) != 0;
  r->op_seen = op;
  r->op_valid = 1;
  for (unsigned x = 0; x < kNodes; ++x) {
    Vhc_node___024root *n = r->nr[x];
    const uint32_t v = inj_valid ? inj_valid[x] : 0;
    bool cut = false, chg = false;  // inputs of the inputs' cut changed; others
    cut |= upd(n->inj_valid_i, v);
    cut |= upd(n->inj_flit_i, v ? inj_flit[x] : 0);
    cut |= upd(n->probe_valid_i, r->probe_valid[x]);
    cut |= upd(n->probe_dest_i, r->probe_valid[x] ? r->probe_dest[x] : 0);
    r->probe_valid[x] = 0;
    chg |= upd(n->remap_we_i, r->remap_pending ? 1 : 0);
    if (r->remap_pending)
      for (unsigned k = 0; k < HC_D; ++k) chg |= set_field(n->remap_i, k * 4, 4, r->remap[k]);
    if (opchg) {
      chg |= upd(n->cfg_we_i, op.we & 1u);
      chg |= upd(n->cfg_re_i, op.re & 1u);
      chg |= upd(n->cfg_node_i, op.node & ((1u << HC_D) - 1u));
      chg |= upd(n->cfg_tgt_i, op.tgt & 7u);
      chg |= upd(n->cfg_unit_i, op.unit & 15u);
      chg |= upd(n->cfg_idx_i, op.idx & 0xffffu);
      chg |= upd(n->cfg_field_i, op.field & 15u);
      chg |= upd(n->cfg_wdata_i, op.wdata);
    }
    r->inchg[x] |= (cut ? kChgCut : 0) | (chg ? kChgWhole : 0);
  }
  r->remap_pending = 0;
  r->cfg_pending = 0;
#if HC_K
  // Each node reads its own counters on the registered read port, every
  // port and id in turn (hc_rtl_shim.cpp).
  // (An input that changes every cycle: no node is parked in such a build.)
  for (unsigned x = 0; x < kNodes; ++x) {
    Vhc_node___024root *n = r->nr[x];
    bool chg = upd(n->cnt_node_i, x);
    chg |= upd(n->cnt_port_i, r->cnt_rot % (HC_D + 1));
    chg |= upd(n->cnt_id_i, (r->cnt_rot / (HC_D + 1)) % 8);
    r->inchg[x] |= chg ? kChgWhole : 0;
  }
  ++r->cnt_rot;
#endif
  settle_low(r);
  if (obs) {
    obs->idle = g->idle_o;
    obs->sf_done = g->sf_done_o;
    obs->cfg_rdata = g->cfg_rdata_o;
    // A node's entries as the last step wrote them into this record, if it
    // did (the same record and arrays, the cycle before), when the node was
    // not evaluated since (its outputs change only when it is: the rule of
    // evaluated_lately). HC_RTL_CHECK_SETTLE=1 compares them with the
    // node's outputs.
    const bool all = obs != r->obs_rec || obs->link_valid != r->obs_links || r->obs_cyc + 1 != r->cyc;
    r->obs_rec = obs;
    r->obs_links = obs->link_valid;
    r->obs_cyc = r->cyc;
    for (unsigned x = 0; x < kNodes; ++x) {
      const Vhc_node___024root *n = r->nr[x];
      if (!all && !evaluated_lately(r, x)) {
        if (r->check_settle) obs_check(r, obs, x);
        continue;
      }
      obs->inj_ready[x] = n->inj_ready_o;
      obs->probe_ready[x] = n->probe_ready_o;
      obs->ej_valid[x] = n->ej_valid_o;
      obs->ej_flit[x] = get_bits(n->ej_flit_o, 0, kFlitW);
      for (unsigned i = 0; i < HC_D; ++i) {
        const unsigned l = x * HC_D + i;
        obs->link_valid[l] = static_cast<uint8_t>(get_bits(n->link_valid_o, i, 1));
        obs->link_flit[l] = get_bits(n->link_flit_o, i * kFlitW, kFlitW);
        obs->probe_valid[l] = static_cast<uint8_t>(get_bits(n->pout_valid_o, i, 1));
        obs->probe_dest[l] = get_bits(n->pout_dest_o, i * HC_D, HC_D);
        obs->link_ack[l] = static_cast<uint8_t>(get_bits(n->ack_o, i, 1));
      }
    }
  }
  clock_high(r);
  r->ctx.time(r->ctx.time() + 1);
  if ((r->settle_broken || r->skip_broken) && !r->assert_seen) {
    r->assert_seen = 1;
    ++assert_failures;
    return HC_EASSERT;
  }
  if (!r->ctx.gotError()) return HC_OK;
  if (!r->assert_seen) {
    r->assert_seen = 1;
    ++assert_failures;
  }
  return HC_EASSERT;
}

extern "C" void hc_rtl_set_remap(hc_rtl *r, const uint8_t *perm) {
  for (unsigned k = 0; k < HC_D; ++k) r->remap[k] = perm[k];
  r->remap_pending = 1;
}

extern "C" int hc_rtl_idle(const hc_rtl *r) { return r->glue->idle_o; }

extern "C" void hc_rtl_set_cfg(hc_rtl *r, const hc_cfg_op *op) {
  r->cfg = *op;
  r->cfg_pending = 1;
}

extern "C" void hc_rtl_set_step(hc_rtl *r, unsigned step) { r->glue->step_i = static_cast<SData>(step); }

// hc_network ORs every node's counter output, and a node's is 0 unless the
// read port names it (hc_node compares cnt_node_i with its number), so the
// read is node x's output alone: only node x is evaluated with the port's
// inputs, then its engine (whose counter output is combinational from the
// select), then the node with the engine's counter.
extern "C" uint32_t hc_rtl_counter(hc_rtl *r, unsigned x, unsigned port, unsigned id) {
  Vhc_node *n = r->node[x];
  n->cnt_node_i = x;
  n->cnt_port_i = port;
  n->cnt_id_i = id;
  n->eval();
  sf_take_inputs(r, x);
  r->sf[x]->eval();
  if (node_take_sf(r, x)) n->eval();
  r->last_ev[x] = r->cyc;
  r->parked[x] = 0;  // its models changed outside a cycle
  r->sf_parked[x] = 0;
#if HC_K
  return n->cnt_peek_o;
#else
  return n->cnt_o;
#endif
}

// No waveform in this build (hc_rtl_new refuses one).
extern "C" uint64_t hc_rtl_wave_time(const hc_rtl *) { return 0; }

extern "C" int hc_rtl_wave_peak(const hc_rtl *, uint64_t *time, unsigned *blocked) {
  *time = 0;
  *blocked = 0;
  return 0;
}
