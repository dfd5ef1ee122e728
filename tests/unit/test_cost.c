/*
** Unit tests of the paper's cost model in the golden model (csim/hc_model.c;
** docs/microarchitecture.md, "Cost model: tau, xi and circuit switching"):
** the registers, the tau and xi waits of wormhole mode, and the path
** set-up, acknowledgement, data and release of mode 3. Every expected cycle
** is worked out by hand in the test's comment from that page, never taken
** from the model. A small harness plays the processor: each node has a
** list of messages; in mode 3 it offers the next message's set-up whenever
** probe_ready, and every node offers its flits whenever inj_ready.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hc_algo.h"
#include "hc_model.h"

#define MAXMSG 64

typedef struct cmsg {
  unsigned src, dest, len;
  uint64_t t_create, t_setup, t_deliver; /* t_deliver: the tail's ejection cycle */
  int setup_offered, delivered;
} cmsg;

/* The harness: one model, messages in creation order, per-node progress. */
typedef struct cnet {
  hc_cfg cfg;
  unsigned n, d, w;
  hc_model *m;
  hc_obs obs;
  uint8_t iv[256];
  uint32_t ifl[256];
  cmsg msg[MAXMSG];
  unsigned nmsg;
  unsigned sent[MAXMSG]; /* flits offered so far, per message */
  uint64_t cycle;
} cnet;

/* A network of dimension d, depths b and i, route_reg rr (1: the
** registered route, a head requests from its second cycle at a front). */
static void cnet_init_rr(cnet *t, unsigned d, unsigned b, unsigned i, unsigned rr) {
  memset(t, 0, sizeof *t);
  t->cfg.d = d;
  t->cfg.w = 16;
  t->cfg.buf_depth = b;
  t->cfg.inj_depth = i;
  t->cfg.route_reg = rr;
  t->n = 1u << d;
  t->d = d;
  t->w = 16;
  assert_int_equal(hc_model_new(&t->cfg, &t->m), HC_OK);
  assert_int_equal(hc_obs_new(&t->cfg, &t->obs), HC_OK);
}

static void cnet_init(cnet *t, unsigned d, unsigned b, unsigned i) { cnet_init_rr(t, d, b, i, 0); }

static void cnet_free(cnet *t) {
  hc_model_free(t->m);
  hc_obs_free(&t->obs);
}

/* One cycle: set-ups (mode 3, in each node's message order), flits, step,
** record tail ejections. */
static void cnet_step(cnet *t) {
  memset(t->iv, 0, sizeof t->iv);
  for (unsigned x = 0; x < t->n; x++) {
    for (unsigned i = 0; i < t->nmsg; i++) { /* the node's oldest without a set-up */
      cmsg *c = &t->msg[i];
      if (c->src != x || c->setup_offered || c->t_create > t->cycle) continue;
      if (hc_model_probe_ready(t->m, x)) {
        hc_model_probe(t->m, x, c->dest);
        c->setup_offered = 1;
        c->t_setup = t->cycle;
      }
      break;
    }
    for (unsigned i = 0; i < t->nmsg; i++) { /* the node's oldest with flits to offer */
      cmsg *c = &t->msg[i];
      if (c->src != x || t->sent[i] == c->len || c->t_create > t->cycle) continue;
      if (hc_model_inj_ready(t->m, x)) {
        unsigned j = t->sent[i]++;
        unsigned kind = c->len == 1     ? HC_KIND_SINGLE
                        : j == 0        ? HC_KIND_HEAD
                        : j == c->len - 1 ? HC_KIND_TAIL
                                        : HC_KIND_BODY;
        t->iv[x] = 1;
        t->ifl[x] = hc_flit(t->w, kind, j == 0 ? (c->dest | (i << t->d)) : i);
      }
      break;
    }
  }
  hc_model_step(t->m, t->iv, t->ifl, &t->obs);
  for (unsigned x = 0; x < t->n; x++) {
    if (!t->obs.ej_valid[x]) continue;
    uint32_t f = t->obs.ej_flit[x];
    unsigned kind = hc_flit_kind(t->w, f);
    if (!hc_kind_is_tail(kind)) continue;
    /* the message index is in a head's upper bits, in a tail's payload */
    unsigned i = kind == HC_KIND_SINGLE ? hc_flit_payload(t->w, f) >> t->d : hc_flit_payload(t->w, f);
    assert_true(i < t->nmsg);
    assert_int_equal(t->msg[i].dest, x);
    assert_false(t->msg[i].delivered);
    t->msg[i].delivered = 1;
    t->msg[i].t_deliver = t->cycle;
  }
  t->cycle++;
}

/* A global register write, one cycle. */
static void cnet_write(cnet *t, unsigned idx, uint32_t v) {
  hc_cfg_op op;
  memset(&op, 0, sizeof op);
  op.we = 1;
  op.tgt = HC_SF_TGT_GLOBAL;
  op.idx = idx;
  op.wdata = v;
  assert_int_equal(hc_model_set_cfg(t->m, &op), HC_OK);
  cnet_step(t);
}

/* A global register read: its data come in the cycle after. */
static uint32_t cnet_read(cnet *t, unsigned idx) {
  hc_cfg_op op;
  memset(&op, 0, sizeof op);
  op.re = 1;
  op.tgt = HC_SF_TGT_GLOBAL;
  op.idx = idx;
  assert_int_equal(hc_model_set_cfg(t->m, &op), HC_OK);
  cnet_step(t);
  cnet_step(t);
  return t->obs.cfg_rdata;
}

/* Configure mode, tau, xi, overlap (4 cycles); the next cycle is t->cycle. */
static void cnet_config(cnet *t, unsigned mode, unsigned tau, unsigned xi, unsigned overlap) {
  cnet_write(t, HC_REG_TAU, tau);
  cnet_write(t, HC_REG_XI, xi);
  cnet_write(t, HC_REG_OVERLAP, overlap);
  cnet_write(t, HC_SF_REG_MODE, mode);
}

/* A message created in the coming cycle (+ at); returns its index. */
static unsigned cnet_send(cnet *t, unsigned src, unsigned dest, unsigned len, uint64_t at) {
  assert_true(t->nmsg < MAXMSG);
  cmsg *c = &t->msg[t->nmsg];
  memset(c, 0, sizeof *c);
  c->src = src;
  c->dest = dest;
  c->len = len;
  c->t_create = t->cycle + at;
  return t->nmsg++;
}

static void cnet_drain(cnet *t, unsigned max) {
  for (unsigned c = 0; c < max; c++) {
    unsigned left = 0;
    for (unsigned i = 0; i < t->nmsg; i++) left += !t->msg[i].delivered;
    if (left == 0) return;
    cnet_step(t);
  }
  fail_msg("not delivered in %u cycles", max);
}

static unsigned hops(unsigned a, unsigned b) { return (unsigned)__builtin_popcount(a ^ b); }

/* ------------------------------------------------------------ registers */

/* tau 0..255, xi 0..65535, overlap 0..1 and mode 3 are taken; a value out
** of range is refused (error bit, register unchanged). */
static void test_regs_ranges(void **state) {
  (void)state;
  cnet t;
  cnet_init(&t, 2, 2, 4);
  cnet_write(&t, HC_REG_TAU, 255);
  cnet_write(&t, HC_REG_XI, 65535);
  cnet_write(&t, HC_REG_OVERLAP, 1);
  cnet_write(&t, HC_SF_REG_MODE, HC_MODE_CIRCUIT);
  assert_int_equal(cnet_read(&t, HC_REG_TAU), 255);
  assert_int_equal(cnet_read(&t, HC_REG_XI), 65535);
  assert_int_equal(cnet_read(&t, HC_REG_OVERLAP), 1);
  assert_int_equal(cnet_read(&t, HC_SF_REG_MODE), HC_MODE_CIRCUIT);
  assert_int_equal(cnet_read(&t, HC_SF_REG_START) & HC_SF_STATUS_ERROR, 0);
  cnet_write(&t, HC_REG_TAU, 256);
  assert_int_equal(cnet_read(&t, HC_REG_TAU), 255);
  assert_int_not_equal(cnet_read(&t, HC_SF_REG_START) & HC_SF_STATUS_ERROR, 0);
  cnet_write(&t, HC_SF_REG_START, 0); /* clears the error bit */
  cnet_write(&t, HC_REG_XI, 65536);
  cnet_write(&t, HC_REG_OVERLAP, 2);
  assert_int_equal(cnet_read(&t, HC_REG_XI), 65535);
  assert_int_equal(cnet_read(&t, HC_REG_OVERLAP), 1);
  assert_int_not_equal(cnet_read(&t, HC_SF_REG_START) & HC_SF_STATUS_ERROR, 0);
  cnet_free(&t);
}

/* Outside mode 3 no node takes a set-up; in mode 3 an idle node does. */
static void test_probe_ready_by_mode(void **state) {
  (void)state;
  cnet t;
  cnet_init(&t, 3, 2, 4);
  for (unsigned x = 0; x < t.n; x++) assert_int_equal(hc_model_probe_ready(t.m, x), 0);
  cnet_write(&t, HC_SF_REG_MODE, HC_MODE_CIRCUIT);
  for (unsigned x = 0; x < t.n; x++) assert_int_equal(hc_model_probe_ready(t.m, x), 1);
  cnet_free(&t);
}

/* --------------------------------------------------- wormhole: tau, xi */

/*
** A lone L-flit message over h hops created in cycle c, B >= 2, I >= 2
** (microarchitecture.md, "Zero-load latency", plus the waits): the head is
** offered and written into the NI queue in c, is its front from c+1 and
** waits xi cycles there, leaves in c+1+xi, is at the local front in
** c+2+xi and goes on its first link at once (the local input has no tau);
** at each of the h routers it reaches over a link it is at the front one
** cycle after its link and waits tau, so it is on hop j's link in
** c+2+xi+(j-1)(1+tau) and ejected in c+2+xi+h(1+tau); the rest follow a
** flit a cycle: the tail is ejected L-1 cycles later. Latency
** h + L + 1 + xi + h*tau.
*/
static void test_wormhole_tau_xi_lone(void **state) {
  (void)state;
  static const unsigned taus[] = {0, 1, 3}, xis[] = {0, 2, 7}, lens[] = {1, 2, 5};
  for (unsigned a = 0; a < 3; a++)
    for (unsigned b = 0; b < 3; b++)
      for (unsigned l = 0; l < 3; l++)
        for (unsigned dst = 0; dst < 8; dst++) {
          cnet t;
          cnet_init(&t, 3, 2, 4);
          cnet_config(&t, HC_MODE_WORMHOLE, taus[a], xis[b], 0);
          unsigned i = cnet_send(&t, 5, dst, lens[l], 0);
          cnet_drain(&t, 500);
          unsigned h = hops(5, dst);
          assert_int_equal(t.msg[i].t_deliver - t.msg[i].t_create,
                           h + lens[l] + 1 + xis[b] + h * taus[a]);
          cnet_free(&t);
        }
}

/*
** The same with the registered route (route_reg = 1,
** docs/microarchitecture.md, "Registered route"): a head requests only
** from its second cycle at a front, and at a link input only once its tau
** is over, so it leaves each router max(1, tau) cycles after it reached
** the front there, and the local input (no tau) one cycle after. From the
** derivation above: at the local front in c+2+xi, on its first link in
** c+3+xi, on hop j's link in c+3+xi+(j-1)(1+max(1,tau)), ejected in
** c+3+xi+h(1+max(1,tau)); the body flits queue behind the head (B >= 2)
** and follow it a flit a cycle. Latency h + L + 2 + xi + h max(1, tau):
** 2h + L + 2 with no waits, one cycle more than without the register
** once tau >= 1.
*/
static void test_wormhole_tau_xi_lone_route_reg(void **state) {
  (void)state;
  static const unsigned taus[] = {0, 1, 3}, xis[] = {0, 2, 7}, lens[] = {1, 2, 5};
  for (unsigned a = 0; a < 3; a++)
    for (unsigned b = 0; b < 3; b++)
      for (unsigned l = 0; l < 3; l++)
        for (unsigned dst = 0; dst < 8; dst++) {
          cnet t;
          cnet_init_rr(&t, 3, 2, 4, 1);
          cnet_config(&t, HC_MODE_WORMHOLE, taus[a], xis[b], 0);
          unsigned i = cnet_send(&t, 5, dst, lens[l], 0);
          cnet_drain(&t, 500);
          const unsigned h = hops(5, dst), hop = taus[a] > 1 ? taus[a] : 1;
          assert_int_equal(t.msg[i].t_deliver - t.msg[i].t_create, h + lens[l] + 2 + xis[b] + h * hop);
          cnet_free(&t);
        }
}

/* xi is per message and one at a time: a second message right behind the
** first from the same node waits xi at the NI front again once the first
** tail has left. Two 3-flit messages 0 -> 1 created in c: the first head
** leaves the NI in c+1+xi, its tail in c+3+xi (delivered c+5+xi); the
** second head is the front from c+4+xi, leaves in c+4+2xi, is on the link
** in c+5+2xi and ejected in c+6+2xi, its tail in c+8+2xi. */
static void test_wormhole_xi_per_message(void **state) {
  (void)state;
  static const unsigned xis[] = {0, 1, 4};
  for (unsigned b = 0; b < 3; b++) {
    cnet t;
    cnet_init(&t, 2, 2, 4);
    cnet_config(&t, HC_MODE_WORMHOLE, 0, xis[b], 0);
    unsigned i1 = cnet_send(&t, 0, 1, 3, 0), i2 = cnet_send(&t, 0, 1, 3, 0);
    const uint64_t c = t.cycle;
    cnet_drain(&t, 500);
    assert_int_equal(t.msg[i1].t_deliver, c + 5 + xis[b]);
    assert_int_equal(t.msg[i2].t_deliver, c + 8 + 2 * xis[b]);
    cnet_free(&t);
  }
}

/* ------------------------------------------------ circuit switching */

/*
** A lone message in mode 3, set-up offered in cycle c with its flits
** (microarchitecture.md, "Circuit switching"): the NI takes the set-up in
** c, counts xi cycles from c+1 (its first link is free) and hands the probe
** to the local input in c+1+xi; there it takes its first link in c+2+xi
** (no tau at the source); it is at router j from c+2+xi+j(1+tau)-tau-... :
** at each router it reaches over a link it waits tau and takes the next
** link (or, at the destination, completes) in R_j = c+2+xi+j(1+tau). The
** acknowledgement is registered there in R_h, crosses back a hop a cycle
** and reaches the source's local input in R_h + h, whose register the NI
** sees in R_h + h + 1; the path is held from the next cycle, and the head
** leaves the NI in a = R_h + h + 2 = c + 4 + xi + h(2 + tau). The data
** then stream as in wormhole mode with no wait: the head is ejected in
** a + h + 1, the tail in a + L + h. Latency L + 4 + xi + h(3 + tau).
*/
static void test_circuit_lone(void **state) {
  (void)state;
  static const unsigned taus[] = {0, 2}, xis[] = {0, 3}, lens[] = {1, 2, 6};
  for (unsigned a = 0; a < 2; a++)
    for (unsigned b = 0; b < 2; b++)
      for (unsigned l = 0; l < 3; l++)
        for (unsigned dst = 0; dst < 16; dst++) {
          cnet t;
          cnet_init(&t, 4, 2, 4);
          cnet_config(&t, HC_MODE_CIRCUIT, taus[a], xis[b], 0);
          unsigned i = cnet_send(&t, 6, dst, lens[l], 0);
          cnet_drain(&t, 500);
          unsigned h = hops(6, dst);
          assert_int_equal(t.msg[i].t_setup, t.msg[i].t_create);
          assert_int_equal(t.msg[i].t_deliver - t.msg[i].t_create,
                           lens[l] + 4 + xis[b] + h * (3 + taus[a]));
          cnet_free(&t);
        }
}

/*
** Mode 3 with the registered route: no head of mode 3 reads the route
** register (a data head follows its reservation, or at its destination
** asks for the ejection port, which needs no route; a probe's route comes
** from its own register), so the derivation above holds unchanged:
** latency L + 4 + xi + h(3 + tau).
*/
static void test_circuit_lone_route_reg(void **state) {
  (void)state;
  static const unsigned taus[] = {0, 2}, xis[] = {0, 3}, lens[] = {1, 2, 6};
  for (unsigned a = 0; a < 2; a++)
    for (unsigned b = 0; b < 2; b++)
      for (unsigned l = 0; l < 3; l++)
        for (unsigned dst = 0; dst < 16; dst++) {
          cnet t;
          cnet_init_rr(&t, 4, 2, 4, 1);
          cnet_config(&t, HC_MODE_CIRCUIT, taus[a], xis[b], 0);
          unsigned i = cnet_send(&t, 6, dst, lens[l], 0);
          cnet_drain(&t, 500);
          unsigned h = hops(6, dst);
          assert_int_equal(t.msg[i].t_deliver - t.msg[i].t_create, lens[l] + 4 + xis[b] + h * (3 + taus[a]));
          cnet_free(&t);
        }
}

/*
** Overlap off: a node sets up its next path only once its last message is
** complete, i.e. in the cycle the tail crosses its last link, a + L - 1 +
** h. Two 8-flit messages from node 0, to 7 (h = 3) then to 2 (h = 1): the
** first's head leaves in a1 = c + 4 + xi + 3(2 + tau) and it is complete
** in a1 + 7 + 3, when the second set-up is taken; its head leaves 4 + xi +
** (2 + tau) later (its first link, dimension 1, is free: the first path's
** links are free from the cycle after) and its tail is ejected 8 + 1
** cycles after that.
*/
static void test_circuit_overlap_off(void **state) {
  (void)state;
  const unsigned tau = 1, xi = 2, k = 8;
  cnet t;
  cnet_init(&t, 3, 2, 4);
  cnet_config(&t, HC_MODE_CIRCUIT, tau, xi, 0);
  unsigned i1 = cnet_send(&t, 0, 7, k, 0), i2 = cnet_send(&t, 0, 2, k, 0);
  const uint64_t c = t.cycle;
  cnet_drain(&t, 500);
  const uint64_t a1 = c + 4 + xi + 3 * (2 + tau), done1 = a1 + k - 1 + 3;
  const uint64_t a2 = done1 + 4 + xi + 1 * (2 + tau);
  assert_int_equal(t.msg[i1].t_deliver, a1 + k + 3);
  assert_int_equal(t.msg[i2].t_setup, done1);
  assert_int_equal(t.msg[i2].t_deliver, a2 + k + 1);
  cnet_free(&t);
}

/*
** Overlap on, next path on other links: the second set-up is taken in the
** cycle the first head leaves the NI (a1) and is held 4 + xi + h2(2 + tau)
** cycles later, before the first message is complete (k = 24 is long
** enough), so the second head leaves exactly when the first is complete,
** a1 + k - 1 + 3: its data follow the first's without a gap (the first
** tail is ejected in the cycle the second head takes its first link).
*/
static void test_circuit_overlap_on_disjoint(void **state) {
  (void)state;
  const unsigned tau = 1, xi = 2, k = 24;
  cnet t;
  cnet_init(&t, 3, 2, 4);
  cnet_config(&t, HC_MODE_CIRCUIT, tau, xi, 1);
  unsigned i1 = cnet_send(&t, 0, 3, k, 0), i2 = cnet_send(&t, 0, 4, k, 0);
  const uint64_t c = t.cycle;
  cnet_drain(&t, 500);
  const uint64_t a1 = c + 4 + xi + 2 * (2 + tau), done1 = a1 + k - 1 + 2;
  assert_int_equal(t.msg[i1].t_deliver, a1 + k + 2);
  assert_int_equal(t.msg[i2].t_setup, a1);
  assert_int_equal(t.msg[i2].t_deliver, done1 + k + 1);
  assert_int_equal(t.msg[i2].t_deliver, t.msg[i1].t_deliver + k); /* back to back */
  cnet_free(&t);
}

/*
** Overlap on, next path on the same first link (dimension 0 for both):
** the set-up is taken in a1 but its xi only counts while its first link is
** free, and the first path holds every link until its tail arrives:
** released at the end of the cycle before its tail's ejection, E1 - 1 with
** E1 = a1 + k + h1. So xi counts from E1, the probe leaves the NI in
** E1 + xi, takes the link in E1 + xi + 1, and the head leaves
** E1 + xi + 3 + h2(2 + tau): a whole set-up after the first message.
*/
static void test_circuit_overlap_on_same_link(void **state) {
  (void)state;
  const unsigned tau = 2, xi = 3, k = 10;
  cnet t;
  cnet_init(&t, 3, 2, 4);
  cnet_config(&t, HC_MODE_CIRCUIT, tau, xi, 1);
  unsigned i1 = cnet_send(&t, 0, 3, k, 0), i2 = cnet_send(&t, 0, 5, k, 0);
  const uint64_t c = t.cycle;
  cnet_drain(&t, 500);
  const uint64_t a1 = c + 4 + xi + 2 * (2 + tau), e1 = a1 + k + 2;
  const uint64_t a2 = e1 + xi + 3 + 2 * (2 + tau);
  assert_int_equal(t.msg[i1].t_deliver, e1);
  assert_int_equal(t.msg[i2].t_setup, a1);
  assert_int_equal(t.msg[i2].t_deliver, a2 + k + 2);
  cnet_free(&t);
}

/*
** A path holds its links until its tail arrives. Node 1 -> 3 (one hop,
** dimension 1) and node 0 -> 3 (0 -> 1 -> 3: dimension 0, then the same
** link of node 1 in dimension 1). Node 1's set-up goes first (created at
** c, node 0's at c + 1); its path takes link (1, dim 1) in c + 2 + xi and
** holds it until its tail is ejected in E = c + 4 + xi + (2 + tau) + k +
** 1. Node 0's probe takes (0, dim 0) in c + 3 + xi, reaches node 1 and
** waits there for the link; it gets it in E (free from E), completes at 3
** in E + 1 + tau, and its head leaves E + 1 + tau + 2 + 2 later; its tail
** is ejected k + 2 after that.
*/
static void test_circuit_path_held_until_tail(void **state) {
  (void)state;
  const unsigned tau = 1, xi = 1, k = 6;
  cnet t;
  cnet_init(&t, 2, 2, 4);
  cnet_config(&t, HC_MODE_CIRCUIT, tau, xi, 0);
  unsigned ia = cnet_send(&t, 1, 3, k, 0), ib = cnet_send(&t, 0, 3, k, 1);
  const uint64_t c = t.cycle;
  cnet_drain(&t, 500);
  const uint64_t e = c + 4 + xi + (2 + tau) + k + 1;
  assert_int_equal(t.msg[ia].t_deliver, e);
  assert_int_equal(t.msg[ib].t_deliver, e + 1 + tau + 2 + 2 + k + 2);
  cnet_free(&t);
}

/* A message to its own node: no link, no tau; the probe completes at the
** local input in c + 2 + xi, the head leaves in c + 4 + xi and is ejected
** the next cycle: latency L + 4 + xi (h = 0 in the lone formula). */
static void test_circuit_to_self(void **state) {
  (void)state;
  cnet t;
  cnet_init(&t, 2, 2, 4);
  cnet_config(&t, HC_MODE_CIRCUIT, 5, 2, 0);
  unsigned i = cnet_send(&t, 2, 2, 3, 0);
  cnet_drain(&t, 200);
  assert_int_equal(t.msg[i].t_deliver - t.msg[i].t_create, 3 + 4 + 2);
  cnet_free(&t);
}

/* --------------------------------------- the mechanism's recurrence */

/*
** hc_cs_predict with overlap off is the sum over the steps of a set-up
** and a data time, which for every order of the 2^n - 1 vector reversals
** is the paper's T_aap with xi = xi' + 4, tau = tau' + 2, plus the 2 cycles
** that end the run (the last head's NI-to-router cycle and the ejection):
** T_aap = k(N-1) + (xi-1)(N-1) + (1+tau) nN/2, evaluated here.
*/
static void test_predict_overlap_off_is_t_aap(void **state) {
  (void)state;
  unsigned masks[255];
  for (unsigned d = 1; d <= 8; d++) {
    const unsigned nn = 1u << d;
    for (unsigned s = 0; s < nn - 1; s++) masks[s] = nn - 1 - s; /* any order */
    for (unsigned k = 1; k <= 100; k += 33)
      for (unsigned tau = 0; tau <= 4; tau += 4)
        for (unsigned xi = 0; xi <= 10; xi += 5) {
          const uint64_t xp = xi + 4, tp = tau + 2;
          const uint64_t t_aap = (uint64_t)k * (nn - 1) + (xp - 1) * (nn - 1) + (1 + tp) * d * nn / 2;
          assert_int_equal(hc_cs_predict(d, k, xi, tau, 0, masks, nn - 1), t_aap + 2);
        }
  }
}

/*
** With overlap on, the AAP' order of a 2-cube, (0,0) {0,1}, (1,0) {0},
** (1,1) {1}, hides the last set-up (its link, dimension 1, is not the
** second step's) when its set-up xi + tau (paper units) fits in the second
** step's data 1 + k - 1: the paper's T_aap' = (k-1)(N-1) + nN/2 +
** 2(xi + n tau) - tau, plus 2.
*/
static void test_predict_aap_prime_n2(void **state) {
  (void)state;
  const unsigned masks[3] = {3, 1, 2};
  for (unsigned tau = 0; tau <= 3; tau++)
    for (unsigned xi = 0; xi <= 6; xi += 3)
      for (unsigned k = 1; k <= 40; k++) {
        const uint64_t xp = xi + 4, tp = tau + 2;
        if (xp + tp > k) continue; /* the paper's condition, k > xi + (n-1) tau */
        const uint64_t t = (uint64_t)(k - 1) * 3 + 4 + 2 * (xp + 2 * tp) - tp;
        assert_int_equal(hc_cs_predict(2, k, xi, tau, 1, masks, 3), t + 2);
      }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_regs_ranges),
      cmocka_unit_test(test_probe_ready_by_mode),
      cmocka_unit_test(test_wormhole_tau_xi_lone),
      cmocka_unit_test(test_wormhole_xi_per_message),
      cmocka_unit_test(test_wormhole_tau_xi_lone_route_reg),
      cmocka_unit_test(test_circuit_lone),
      cmocka_unit_test(test_circuit_lone_route_reg),
      cmocka_unit_test(test_circuit_overlap_off),
      cmocka_unit_test(test_circuit_overlap_on_disjoint),
      cmocka_unit_test(test_circuit_overlap_on_same_link),
      cmocka_unit_test(test_circuit_path_held_until_tail),
      cmocka_unit_test(test_circuit_to_self),
      cmocka_unit_test(test_predict_overlap_off_is_t_aap),
      cmocka_unit_test(test_predict_aap_prime_n2),
  };
  return cmocka_run_group_tests_name("cost", tests, NULL, NULL);
}
