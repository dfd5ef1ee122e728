/*
** Unit tests of the golden model csim/hc_model.c. Every expected value is
** derived by hand from docs/microarchitecture.md (cycle timelines are worked
** out in the comment of each test) or from first principles (e-cube paths,
** conservation of flits, exactly-once in-order delivery), never copied from
** the model's output. A small driver (tnet) plays the testbench: a software
** queue per node offers flits to the NI whenever inj_ready, and every
** observed link and ejection flit of every cycle is recorded as an event.
**
** Build: cc -std=c11 -Wall -Wextra -Werror -g -fsanitize=address,undefined \
**          -Icsim tests/unit/test_model.c csim/hc_model.c -lcmocka
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hc_model.h"

/* ---------------------------------------------------------------- driver */

/* One flit seen on output port of node in cycle (port == d: ejection). */
typedef struct tev {
  uint64_t cycle;
  unsigned node, port;
  uint32_t flit;
} tev;

/* The test network: model, observation record, per-node software queues. */
typedef struct tnet {
  hc_cfg cfg;
  unsigned n, d, w;
  hc_model *m;
  hc_obs obs;
  uint8_t *iv, *rdy;
  uint32_t *ifl;
  unsigned qcap;     /* flits per node queue */
  uint32_t *qf;      /* [n*qcap] queued flits */
  uint64_t *qt;      /* [n*qcap] earliest cycle each may be offered */
  unsigned *qh, *qn; /* queue front and count per node */
  uint64_t cycle;    /* the cycle the next tnet_step() runs */
  uint64_t injected, ejected;
  tev *ev;
  size_t nev, evcap;
} tnet;

/* Create a network of dimension d, depths b and i, payload w = 30, route_reg
** rr (1: the registered route, docs/microarchitecture.md). */
static void tnet_init_rr(tnet *t, unsigned d, unsigned b, unsigned i, unsigned rr) {
  memset(t, 0, sizeof *t);
  t->cfg.d = d;
  t->cfg.w = 30;
  t->cfg.buf_depth = b;
  t->cfg.inj_depth = i;
  t->cfg.route_reg = rr;
  t->n = 1u << d;
  t->d = d;
  t->w = 30;
  assert_int_equal(hc_model_new(&t->cfg, &t->m), HC_OK);
  assert_int_equal(hc_obs_new(&t->cfg, &t->obs), HC_OK);
  t->iv = calloc(t->n, 1);
  t->rdy = calloc(t->n, 1);
  t->ifl = calloc(t->n, sizeof *t->ifl);
  t->qcap = 64;
  t->qf = calloc((size_t)t->n * t->qcap, sizeof *t->qf);
  t->qt = calloc((size_t)t->n * t->qcap, sizeof *t->qt);
  t->qh = calloc(t->n, sizeof *t->qh);
  t->qn = calloc(t->n, sizeof *t->qn);
  t->evcap = 1024;
  t->ev = malloc(t->evcap * sizeof *t->ev);
  assert_non_null(t->iv);
  assert_non_null(t->rdy);
  assert_non_null(t->ifl);
  assert_non_null(t->qf);
  assert_non_null(t->qt);
  assert_non_null(t->qh);
  assert_non_null(t->qn);
  assert_non_null(t->ev);
}

/* The same without the registered route. */
static void tnet_init(tnet *t, unsigned d, unsigned b, unsigned i) { tnet_init_rr(t, d, b, i, 0); }

static void tnet_free(tnet *t) {
  hc_model_free(t->m);
  hc_obs_free(&t->obs);
  free(t->iv);
  free(t->rdy);
  free(t->ifl);
  free(t->qf);
  free(t->qt);
  free(t->qh);
  free(t->qn);
  free(t->ev);
}

/* Back to cycle 0 with an empty network (hc_model_reset) and no events. */
static void tnet_reset(tnet *t) {
  hc_model_reset(t->m);
  memset(t->qn, 0, t->n * sizeof *t->qn);
  t->cycle = 0;
  t->injected = t->ejected = 0;
  t->nev = 0;
}

/* Append flit f to node x's queue, to be offered no earlier than cycle at. */
static void tnet_push(tnet *t, unsigned x, uint32_t f, uint64_t at) {
  unsigned slot;
  assert_true(t->qn[x] < t->qcap);
  slot = (t->qh[x] + t->qn[x]) % t->qcap;
  t->qf[(size_t)x * t->qcap + slot] = f;
  t->qt[(size_t)x * t->qcap + slot] = at;
  t->qn[x]++;
}

/*
** Flit k of an L-flit message to dest with tag. Head: dest in the low d
** bits, tag above; other flits: tag << 5 | k (k < 32).
*/
static uint32_t msg_flit(const tnet *t, unsigned dest, unsigned len,
                         uint32_t tag, unsigned k) {
  if (k == 0)
    return hc_flit(t->w, len == 1 ? HC_KIND_SINGLE : HC_KIND_HEAD,
                   dest | (tag << t->d));
  return hc_flit(t->w, k == len - 1 ? HC_KIND_TAIL : HC_KIND_BODY,
                 (tag << 5) | k);
}

/*
** Create a message now (creation cycle = t->cycle): its flits enter src's
** software queue; flit k may be offered from cycle t->cycle + k*gap on.
*/
static void tnet_send_gap(tnet *t, unsigned src, unsigned dest, unsigned len,
                          uint32_t tag, unsigned gap) {
  unsigned k;
  for (k = 0; k < len; k++)
    tnet_push(t, src, msg_flit(t, dest, len, tag, k),
              t->cycle + (uint64_t)k * gap);
}

static void tnet_send(tnet *t, unsigned src, unsigned dest, unsigned len,
                      uint32_t tag) {
  tnet_send_gap(t, src, dest, len, tag, 0);
}

/*
** One cycle: offer each queue's front when due and inj_ready, step the model,
** check the observation record (inj_ready is the start-of-cycle value, every
** idle link and ejection port carries flit 0) and record the events.
*/
static void tnet_step(tnet *t) {
  unsigned x, i;
  for (x = 0; x < t->n; x++) {
    size_t q = (size_t)x * t->qcap + t->qh[x];
    t->rdy[x] = (uint8_t)hc_model_inj_ready(t->m, x);
    t->iv[x] = 0;
    t->ifl[x] = 0;
    if (t->qn[x] && t->qt[q] <= t->cycle && t->rdy[x]) {
      t->iv[x] = 1;
      t->ifl[x] = t->qf[q];
      t->qh[x] = (t->qh[x] + 1) % t->qcap;
      t->qn[x]--;
      t->injected++;
    }
  }
  hc_model_step(t->m, t->iv, t->ifl, &t->obs);
  for (x = 0; x < t->n; x++) {
    assert_int_equal(t->obs.inj_ready[x], t->rdy[x]);
    for (i = 0; i <= t->d; i++) {
      int v;
      uint32_t f;
      if (i < t->d) {
        v = t->obs.link_valid[x * t->d + i];
        f = t->obs.link_flit[x * t->d + i];
      } else {
        v = t->obs.ej_valid[x];
        f = t->obs.ej_flit[x];
      }
      if (!v) {
        assert_int_equal(f, 0);
        continue;
      }
      assert_int_equal(v, 1);
      if (i == t->d) t->ejected++;
      if (t->nev == t->evcap) {
        t->evcap *= 2;
        t->ev = realloc(t->ev, t->evcap * sizeof *t->ev);
        assert_non_null(t->ev);
      }
      t->ev[t->nev].cycle = t->cycle;
      t->ev[t->nev].node = x;
      t->ev[t->nev].port = i;
      t->ev[t->nev].flit = f;
      t->nev++;
    }
  }
  t->cycle++;
}

static void tnet_run(tnet *t, unsigned cycles) {
  while (cycles--) tnet_step(t);
}

/* Step until every queued flit has been ejected; fail after max cycles. */
static void tnet_drain(tnet *t, unsigned max) {
  unsigned x, c;
  for (c = 0; c < max; c++) {
    unsigned queued = 0;
    for (x = 0; x < t->n; x++) queued += t->qn[x];
    if (queued == 0 && t->ejected == t->injected) return;
    tnet_step(t);
  }
  fail_msg("network did not drain in %u cycles", max);
}

/* Number of events on (node, port). */
static size_t ev_count(const tnet *t, unsigned node, unsigned port) {
  size_t i, c = 0;
  for (i = 0; i < t->nev; i++)
    if (t->ev[i].node == node && t->ev[i].port == port) c++;
  return c;
}

/* The j-th event on (node, port); fails if there is none. */
static const tev *ev_nth(const tnet *t, unsigned node, unsigned port,
                         size_t j) {
  size_t i;
  for (i = 0; i < t->nev; i++)
    if (t->ev[i].node == node && t->ev[i].port == port && j-- == 0)
      return &t->ev[i];
  fail_msg("no event %zu on node %u port %u", j, node, port);
  return NULL;
}

/* What one event is expected to be: cycle, and flit k of message tag. */
typedef struct texp {
  uint64_t cycle;
  unsigned dest, len;
  uint32_t tag;
  unsigned k;
} texp;

/* Check that (node, port) saw exactly the n events of exp, in order. */
static void expect_on(const tnet *t, unsigned node, unsigned port,
                      const texp *exp, size_t n) {
  size_t j;
  assert_int_equal(ev_count(t, node, port), n);
  for (j = 0; j < n; j++) {
    const tev *e = ev_nth(t, node, port, j);
    assert_int_equal(e->cycle, exp[j].cycle);
    assert_int_equal(e->flit,
                     msg_flit(t, exp[j].dest, exp[j].len, exp[j].tag, exp[j].k));
  }
}

/* Fill exp[0..len-1] with flits 0..len-1 of a message on consecutive
** cycles from c0 with a step of stride cycles. */
static void exp_msg(texp *exp, uint64_t c0, unsigned stride, unsigned dest,
                    unsigned len, uint32_t tag) {
  unsigned k;
  for (k = 0; k < len; k++) {
    exp[k].cycle = c0 + (uint64_t)k * stride;
    exp[k].dest = dest;
    exp[k].len = len;
    exp[k].tag = tag;
    exp[k].k = k;
  }
}

/* Check the five counters of output port of node. */
static void expect_ctr(const tnet *t, unsigned node, unsigned port,
                       uint32_t flits, uint32_t msgs, uint32_t busy,
                       uint32_t blocked, uint32_t maxw) {
  assert_int_equal(hc_model_counter(t->m, node, port, HC_CNT_FLITS), flits);
  assert_int_equal(hc_model_counter(t->m, node, port, HC_CNT_MESSAGES), msgs);
  assert_int_equal(hc_model_counter(t->m, node, port, HC_CNT_BUSY), busy);
  assert_int_equal(hc_model_counter(t->m, node, port, HC_CNT_BLOCKED),
                   blocked);
  assert_int_equal(hc_model_counter(t->m, node, port, HC_CNT_MAX_WAITING),
                   maxw);
}

static unsigned popcount(unsigned v) {
  unsigned c = 0;
  for (; v; v &= v - 1) c++;
  return c;
}

static unsigned lowest_bit(unsigned v) {
  unsigned i = 0;
  while (!(v >> i & 1u)) i++;
  return i;
}

/* --------------------------------------------------------------- routing */

/*
** Check the path of an L-flit message created in cycle c from src to dest
** through otherwise idle routers: the head takes, at every hop, the lowest
** dimension in which the current node differs from dest (docs: e-cube), is
** on the link of hop k in cycle c+1+k and is ejected at dest in c+2+h; with
** B >= 2 and I >= 2 flit j follows the head j cycles later on every channel.
** Nothing else appears anywhere.
*/
static void check_path(const tnet *t, unsigned src, unsigned dest, unsigned len,
                       uint32_t tag, uint64_t c) {
  texp exp[32];
  unsigned cur = src, hop = 0;
  size_t total = 0;
  while (cur != dest) {
    unsigned i = lowest_bit(cur ^ dest);
    hop++;
    exp_msg(exp, c + 1 + hop, 1, dest, len, tag);
    expect_on(t, cur, i, exp, len);
    total += len;
    cur ^= 1u << i;
  }
  assert_int_equal(hop, popcount(src ^ dest));
  exp_msg(exp, c + 2 + hop, 1, dest, len, tag);
  expect_on(t, dest, t->d, exp, len);
  total += len;
  assert_int_equal(t->nev, total);
}

/* Every (src, dest) pair of a 4-cube, one SINGLE flit each. */
static void test_route_ecube_all_pairs_d4(void **state) {
  tnet t;
  unsigned s, e;
  (void)state;
  tnet_init(&t, 4, 2, 4);
  for (s = 0; s < t.n; s++)
    for (e = 0; e < t.n; e++) {
      tnet_reset(&t);
      tnet_run(&t, 2);
      tnet_send(&t, s, e, 1, s * 16 + e);
      tnet_drain(&t, 100);
      check_path(&t, s, e, 1, s * 16 + e, 2);
    }
  tnet_free(&t);
}

/* Multi-flit messages: body and tail follow the head's path, in order. */
static void test_route_ecube_multiflit_d4(void **state) {
  static const unsigned pairs[][2] = {{5, 10}, {0, 15}, {9, 6}, {3, 7},
                                      {12, 12}, {15, 0}, {6, 1}};
  tnet t;
  size_t i;
  (void)state;
  tnet_init(&t, 4, 2, 4);
  for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
    tnet_reset(&t);
    tnet_send(&t, pairs[i][0], pairs[i][1], 5, 40 + (uint32_t)i);
    tnet_drain(&t, 100);
    check_path(&t, pairs[i][0], pairs[i][1], 5, 40 + (uint32_t)i, 0);
  }
  tnet_free(&t);
}

/*
** A worked example, 5 -> 10 in a 4-cube (5^10 = 1111b): 5 -dim0-> 4 -dim1->
** 6 -dim2-> 2 -dim3-> 10, head on the links in cycles 2, 3, 4, 5 and
** ejected at node 10 in cycle 6.
*/
static void test_route_worked_example(void **state) {
  tnet t;
  texp exp[1];
  (void)state;
  tnet_init(&t, 4, 2, 4);
  tnet_send(&t, 5, 10, 1, 7);
  tnet_drain(&t, 100);
  exp_msg(exp, 2, 1, 10, 1, 7);
  expect_on(&t, 5, 0, exp, 1);
  exp_msg(exp, 3, 1, 10, 1, 7);
  expect_on(&t, 4, 1, exp, 1);
  exp_msg(exp, 4, 1, 10, 1, 7);
  expect_on(&t, 6, 2, exp, 1);
  exp_msg(exp, 5, 1, 10, 1, 7);
  expect_on(&t, 2, 3, exp, 1);
  exp_msg(exp, 6, 1, 10, 1, 7);
  expect_on(&t, 10, 4, exp, 1);
  assert_int_equal(t.nev, 5);
  tnet_free(&t);
}

/* dest == node: ejected at the source in c+2, c+3, ..., no link used. */
static void test_route_eject_self(void **state) {
  tnet t;
  unsigned x;
  (void)state;
  tnet_init(&t, 3, 2, 4);
  for (x = 0; x < t.n; x++) {
    tnet_reset(&t);
    tnet_run(&t, 1);
    tnet_send(&t, x, x, 3, x);
    tnet_drain(&t, 50);
    check_path(&t, x, x, 3, x, 1);
  }
  tnet_free(&t);
}

/* Only payload[d-1:0] of a head is the destination: upper bits are free. */
static void test_route_ignores_upper_payload(void **state) {
  tnet t;
  uint32_t f;
  (void)state;
  tnet_init(&t, 3, 2, 4);
  f = hc_flit(t.w, HC_KIND_SINGLE, 0x3FFFFFF8u | 6u); /* dest 6, all 1s above */
  tnet_push(&t, 1, f, 0);
  tnet_drain(&t, 50);
  /* 1 ^ 6 = 111b: 1 -dim0-> 0 -dim1-> 2 -dim2-> 6, ejected in 0+2+3. */
  assert_int_equal(ev_count(&t, 1, 0), 1);
  assert_int_equal(ev_count(&t, 0, 1), 1);
  assert_int_equal(ev_count(&t, 2, 2), 1);
  assert_int_equal(ev_count(&t, 6, 3), 1);
  assert_int_equal(ev_nth(&t, 6, 3, 0)->flit, f);
  assert_int_equal(ev_nth(&t, 6, 3, 0)->cycle, 5);
  assert_int_equal(t.nev, 4);
  tnet_free(&t);
}

/* A large model: d = 16, 65536 nodes, 17 ports per router (the largest, d =
** HC_MODEL_MAX_D, runs in tests/cli/test_hcsim.sh and make test-long). */
static void test_route_d16(void **state) {
  tnet t;
  (void)state;
  tnet_init(&t, 16, 2, 2);
  tnet_send(&t, 0x0000, 0xFFFF, 2, 1);
  tnet_send(&t, 0x1234, 0xFEDC, 3, 2);
  tnet_drain(&t, 100);
  /* Two paths; they share no channel (different nodes at each hop). */
  assert_int_equal(ev_count(&t, 0xFFFF, 16), 2);
  assert_int_equal(ev_nth(&t, 0xFFFF, 16, 1)->cycle, 16 + 2 + 1);
  assert_int_equal(ev_count(&t, 0xFEDC, 16), 3);
  /* 0x1234 ^ 0xFEDC = 0xECE8: 9 hops, lowest dimension 3. */
  assert_int_equal(ev_nth(&t, 0x1234, 3, 0)->cycle, 2);
  assert_int_equal(ev_nth(&t, 0xFEDC, 16, 2)->cycle, 9 + 3 + 1);
  assert_int_equal(ev_nth(&t, 0x7FFF, 15, 0)->cycle, 17);
  assert_int_equal(t.nev, 2 * 17 + 3 * 10);
  tnet_free(&t);
}

/* ---------------------------------------------------------- arbitration */

/*
** Tie, d = 2, B = 2, I = 4. M1: 1 -> 2, 3 flits, created 0; path 1 -dim0->
** 0 -dim1-> 2, on link (1,0) in 2,3,4, its head at the front of router 0's
** input 0 in 3. M2: 0 -> 2, 2 flits, created 1: NI 1, local buffer end of 2,
** front in 3. Both heads are new and request output 1 of router 0 in cycle
** 3: the lower port (0) wins. (0,1): M1 in 3,4,5, M2 in 6,7.
*/
static void test_arb_tie_lowest_port(void **state) {
  tnet t;
  texp exp[5];
  (void)state;
  tnet_init(&t, 2, 2, 4);
  tnet_send(&t, 1, 2, 3, 1);
  tnet_step(&t);
  tnet_send(&t, 0, 2, 2, 2);
  tnet_drain(&t, 100);
  exp_msg(exp, 2, 1, 2, 3, 1);
  expect_on(&t, 1, 0, exp, 3);
  exp_msg(exp, 3, 1, 2, 3, 1);
  exp_msg(exp + 3, 6, 1, 2, 2, 2);
  expect_on(&t, 0, 1, exp, 5);
  exp_msg(exp, 4, 1, 2, 3, 1);
  exp_msg(exp + 3, 7, 1, 2, 2, 2);
  expect_on(&t, 2, 2, exp, 5);
  /* (0,1): busy 3..7; M2 requests in 3,4,5 and is not granted. */
  expect_ctr(&t, 0, 1, 5, 2, 5, 3, 1);
  tnet_free(&t);
}

/*
** Age order among waiting heads, d = 3, B = 2, I = 4; output 2 of router 0
** (to node 4). M1: 1 -> 4 (dims 0, 2), 6 flits, created 0: on (0,2) in 3..8.
** M2: 0 -> 4 local, 2 flits, created 2: front of input 3 in 4, waits.
** M3: 2 -> 4 (dims 1, 2), 2 flits, created 3: (2,1) in 5, front of input 1
** in 6, waits. Output 2 frees in 9: both wait, M2 arrived first, so M2
** (port 3) beats M3 (port 1) although 1 < 3. (0,2): M2 9,10, M3 11,12.
** Counters of (0,2): 10 flits, 3 messages, busy 3..12 = 10, blocked in
** 4..10 = 7 cycles (M2 4..8, M3 6..10), 2 waiting in 6, 7, 8.
*/
static void test_arb_older_waiting_head_wins(void **state) {
  tnet t;
  texp exp[10];
  (void)state;
  tnet_init(&t, 3, 2, 4);
  tnet_send(&t, 1, 4, 6, 1);
  tnet_run(&t, 2);
  tnet_send(&t, 0, 4, 2, 2);
  tnet_run(&t, 1);
  tnet_send(&t, 2, 4, 2, 3);
  tnet_drain(&t, 100);
  exp_msg(exp, 3, 1, 4, 6, 1);
  exp_msg(exp + 6, 9, 1, 4, 2, 2);
  exp_msg(exp + 8, 11, 1, 4, 2, 3);
  expect_on(&t, 0, 2, exp, 10);
  exp_msg(exp, 5, 1, 4, 2, 3);
  expect_on(&t, 2, 1, exp, 2);
  expect_ctr(&t, 0, 2, 10, 3, 10, 7, 2);
  /* Ejection at 4: one cycle after each flit on (0,2), never contended. */
  expect_ctr(&t, 4, 3, 10, 3, 10, 0, 0);
  tnet_free(&t);
}

/*
** Three heads, d = 3, B = 2, I = 4, output 2 of router 0.
** M1: 2 -> 4 (dims 1, 2), 8 flits, created 0: (2,1) 2..9, (0,2) 3..10.
** M4: 2 -> 4, 2 flits, queued behind M1 in node 2 (offered 8, 9): (2,1) 10,
**   11; its head reaches the front of input 1 in 11 (new).
** M2: 0 -> 4 local, 2 flits, created 3: front of input 3 in 5, waits.
** M3: 1 -> 4 (dims 0, 2), 2 flits, created 4: (1,0) 6, front of input 0 in
**   7, waits.
** Cycle 11, output free: M2 (waiting since 5) before M3 (waiting since 7)
** before M4 (new): M2 11,12. Cycle 13: M3 before M4 (still waiting, order
** kept): M3 13,14, M4 15,16. Port order 3, 0, 1: neither port nor index.
** Counters of (0,2): 14 flits, 4 messages, busy 3..16 = 14, blocked 5..14
** = 10, at most 2 waiting (7..10: M2, M3; 11: M3, M4; 12: M3, M4).
*/
static void test_arb_three_heads_arrival_order(void **state) {
  tnet t;
  texp exp[14];
  (void)state;
  tnet_init(&t, 3, 2, 4);
  tnet_send(&t, 2, 4, 8, 1);
  tnet_send(&t, 2, 4, 2, 4);
  tnet_run(&t, 3);
  tnet_send(&t, 0, 4, 2, 2);
  tnet_run(&t, 1);
  tnet_send(&t, 1, 4, 2, 3);
  tnet_drain(&t, 100);
  exp_msg(exp, 2, 1, 4, 8, 1);
  exp_msg(exp + 8, 10, 1, 4, 2, 4);
  expect_on(&t, 2, 1, exp, 10);
  exp_msg(exp, 6, 1, 4, 2, 3);
  expect_on(&t, 1, 0, exp, 2);
  exp_msg(exp, 3, 1, 4, 8, 1);
  exp_msg(exp + 8, 11, 1, 4, 2, 2);
  exp_msg(exp + 10, 13, 1, 4, 2, 3);
  exp_msg(exp + 12, 15, 1, 4, 2, 4);
  expect_on(&t, 0, 2, exp, 14);
  expect_ctr(&t, 0, 2, 14, 4, 14, 10, 2);
  tnet_free(&t);
}

/*
** Contention for an ejection port, d = 2: 2 -> 3 (dim 0, arrives on input
** 0) and 1 -> 3 (dim 1, input 1), 3 flits each, both created in 0; both
** heads reach the front at router 3 in 3: port 0 first. Eject at 3: the
** first message 3,4,5, the second 6,7,8. Counters of eject 3: 6 flits, 2
** messages, busy 3..8 = 6, blocked 3,4,5 = 3, at most 1 waiting.
*/
static void test_arb_eject_contention(void **state) {
  tnet t;
  texp exp[6];
  (void)state;
  tnet_init(&t, 2, 2, 4);
  tnet_send(&t, 2, 3, 3, 1);
  tnet_send(&t, 1, 3, 3, 2);
  tnet_drain(&t, 100);
  exp_msg(exp, 3, 1, 3, 3, 1);
  exp_msg(exp + 3, 6, 1, 3, 3, 2);
  expect_on(&t, 3, 2, exp, 6);
  expect_ctr(&t, 3, 2, 6, 2, 6, 3, 1);
  tnet_free(&t);
}

/* --------------------------------------------------------------- buffers */

/*
** Wormhole holding with a slow source, d = 2, B = 2, I = 4. M1: 1 -> 2 via
** router 0 (input 0 -> output 1), 3 flits offered in 0, 5, 10. M2: 0 -> 2,
** 2 flits, created 1, front of input 2 in 3 where it loses the tie to M1's
** head. M1 body: NI 5, local 6, (1,0) 7, (0,1) 8; tail: (0,1) 13. Between,
** output 1 is ready and input 0 empty, yet M2 must not take it. (0,1): M1
** 3, 8, 13; M2 14, 15. Counters of (0,1): busy 3..15 = 13 although only 5
** flits, blocked 3..13 = 11 cycles, at most 1 waiting.
*/
static void test_buf_wormhole_holds_channel(void **state) {
  tnet t;
  texp exp[5];
  (void)state;
  tnet_init(&t, 2, 2, 4);
  tnet_send_gap(&t, 1, 2, 3, 1, 5);
  tnet_step(&t);
  tnet_send(&t, 0, 2, 2, 2);
  tnet_drain(&t, 100);
  exp_msg(exp, 3, 5, 2, 3, 1);
  exp_msg(exp + 3, 14, 1, 2, 2, 2);
  expect_on(&t, 0, 1, exp, 5);
  expect_ctr(&t, 0, 1, 5, 2, 13, 11, 1);
  tnet_free(&t);
}

/*
** Streaming 0 -> 3 in a 2-cube (dims 0, 1), 6 flits. B = 2: one flit per
** cycle on every channel: (0,0) 2..7, (1,1) 3..8, eject 4..9.
*/
static void test_buf_stream_b2_full_rate(void **state) {
  tnet t;
  texp exp[6];
  (void)state;
  tnet_init(&t, 2, 2, 4);
  tnet_send(&t, 0, 3, 6, 9);
  tnet_drain(&t, 100);
  exp_msg(exp, 2, 1, 3, 6, 9);
  expect_on(&t, 0, 0, exp, 6);
  exp_msg(exp, 3, 1, 3, 6, 9);
  expect_on(&t, 1, 1, exp, 6);
  exp_msg(exp, 4, 1, 3, 6, 9);
  expect_on(&t, 3, 2, exp, 6);
  tnet_free(&t);
}

/*
** Same with B = 1: a slot freed in t refills in t+1, so one flit every two
** cycles: (0,0) 2,4,..,12, (1,1) 3,..,13, eject 4,..,14.
*/
static void test_buf_stream_b1_half_rate(void **state) {
  tnet t;
  texp exp[6];
  (void)state;
  tnet_init(&t, 2, 1, 4);
  tnet_send(&t, 0, 3, 6, 9);
  tnet_drain(&t, 100);
  exp_msg(exp, 2, 2, 3, 6, 9);
  expect_on(&t, 0, 0, exp, 6);
  exp_msg(exp, 3, 2, 3, 6, 9);
  expect_on(&t, 1, 1, exp, 6);
  exp_msg(exp, 4, 2, 3, 6, 9);
  expect_on(&t, 3, 2, exp, 6);
  tnet_free(&t);
}

/*
** Registered inj_ready through a B = 1 router, d = 1, I = 2, 0 -> 1, 6
** flits offered whenever ready. NI count / local count at the start of
** each cycle, and what happens:
**   0: 0/0 ready, f0 in          1: 1/0 ready, f1 in, f0 -> local
**   2: 1/1 ready, f2 in, f0 out  3: 2/0 not ready, f1 -> local
**   4: 1/1 ready, f3 in, f1 out  5: 2/0 not ready, f2 -> local
**   6: ready, f4 in, f2 out      7: not ready, f3 -> local
**   8: ready, f5 in, f3 out      9: not ready, f4 -> local
**  10: 1/1 ready, f4 out        11: 1/0 ready, f5 -> local   12: f5 out
** Link (0,0): 2,4,..,12; eject at 1: 3,5,..,13.
*/
static void test_buf_inj_ready_registered(void **state) {
  static const uint8_t ready[14] = {1, 1, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1};
  tnet t;
  texp exp[6];
  unsigned c;
  (void)state;
  tnet_init(&t, 1, 1, 2);
  tnet_send(&t, 0, 1, 6, 3);
  for (c = 0; c < 14; c++) {
    tnet_step(&t);
    assert_int_equal(t.obs.inj_ready[0], ready[c]);
    assert_int_equal(t.obs.inj_ready[1], 1);
  }
  exp_msg(exp, 2, 2, 1, 6, 3);
  expect_on(&t, 0, 0, exp, 6);
  exp_msg(exp, 3, 2, 1, 6, 3);
  expect_on(&t, 1, 1, exp, 6);
  assert_int_equal(t.nev, 12);
  tnet_free(&t);
}

/*
** I = 1 halves the user's rate: d = 1, B = 2, 0 -> 1, 4 flits. The NI
** holds one flit, so inj_ready is 0 in the cycle after each accepted flit:
** offered 0, 2, 4, 6; NI -> local 1, 3, 5, 7; on link (0,0) 2, 4, 6, 8.
*/
static void test_buf_inj_depth_one(void **state) {
  tnet t;
  texp exp[4];
  (void)state;
  tnet_init(&t, 1, 2, 1);
  tnet_send(&t, 0, 1, 4, 5);
  tnet_drain(&t, 100);
  /* Offered 0,2,4,6; local 1,3,5,7 (end); on the link 2,4,6,8. */
  exp_msg(exp, 2, 2, 1, 4, 5);
  expect_on(&t, 0, 0, exp, 4);
  tnet_free(&t);
}

/* --------------------------------------------------------------- latency */

/* Destination masks of Hamming weight 0..4 in a 4-cube. */
static const unsigned lat_mask[5] = {0x0, 0x4, 0xA, 0xD, 0xF};
static const unsigned lat_len[] = {1, 2, 3, 5, 20};

/*
** Latency of one message on an idle network: created in cycle c (after a
** few idle cycles), all flits offered whenever inj_ready; returns the tail
** ejection cycle minus c and checks the head is ejected in c+2+h (with the
** registered route in c+3+2h: see test_latency_route_reg_b2).
*/
static uint64_t measure_latency(tnet *t, unsigned src, unsigned dest,
                                unsigned len) {
  uint64_t c;
  const tev *e;
  unsigned h = popcount(src ^ dest);
  tnet_reset(t);
  tnet_run(t, 3);
  c = t->cycle;
  tnet_send(t, src, dest, len, 77);
  tnet_drain(t, 200);
  assert_int_equal(ev_count(t, dest, t->d), len);
  e = ev_nth(t, dest, t->d, 0);
  assert_int_equal(e->cycle, t->cfg.route_reg ? c + 3 + 2 * h : c + 2 + h);
  e = ev_nth(t, dest, t->d, len - 1);
  assert_true(hc_kind_is_tail(hc_flit_kind(t->w, e->flit)));
  return e->cycle - c;
}

/* T0 = h + L + 1 for B >= 2 and I >= 2, d = 4. */
static void test_latency_zero_load_b2(void **state) {
  static const unsigned bs[] = {2, 3, 16}, is[] = {2, 4, 16};
  size_t bi, ii, li;
  unsigned h;
  (void)state;
  for (bi = 0; bi < 3; bi++)
    for (ii = 0; ii < 3; ii++) {
      tnet t;
      tnet_init(&t, 4, bs[bi], is[ii]);
      for (h = 0; h <= 4; h++)
        for (li = 0; li < sizeof lat_len / sizeof lat_len[0]; li++) {
          unsigned src = (h * 3 + (unsigned)li) & 15, len = lat_len[li];
          assert_int_equal(measure_latency(&t, src, src ^ lat_mask[h], len),
                           h + len + 1);
        }
      tnet_free(&t);
    }
}

/* T0 = h + 2L for B = 1 (every hop at half rate), I = 1, 2, 4; d = 4. */
static void test_latency_zero_load_b1(void **state) {
  static const unsigned is[] = {1, 2, 4};
  size_t ii, li;
  unsigned h;
  (void)state;
  for (ii = 0; ii < 3; ii++) {
    tnet t;
    tnet_init(&t, 4, 1, is[ii]);
    for (h = 0; h <= 4; h++)
      for (li = 0; li < sizeof lat_len / sizeof lat_len[0]; li++) {
        unsigned src = (h * 5 + (unsigned)li) & 15, len = lat_len[li];
        assert_int_equal(measure_latency(&t, src, src ^ lat_mask[h], len),
                         h + 2 * len);
      }
    tnet_free(&t);
  }
}

/*
** The registered route (route_reg = 1, RouteReg): a head requests only from
** its second cycle at a buffer's front, so it spends 2 cycles in every
** router. Created in c, it is in the NI in c, at the local front in c+2,
** sent in c+3 (its first link, or ejected if h = 0), at the next front in
** c+4, sent in c+5: on hop k's link in c+1+2k, ejected in c+3+2h. With
** B >= 2 the first body flit waits in the buffer behind the head (the
** buffer has room for it) and leaves the cycle after the head, and so on, a
** flit a cycle: the input above holds back one flit for one cycle, which
** its own buffer (or the NI, I >= 2) absorbs. So T0 = 2h + L + 2 for
** B >= 2, I >= 2.
*/
static void test_latency_route_reg_b2(void **state) {
  static const unsigned bs[] = {2, 3, 16}, is[] = {2, 4, 16};
  (void)state;
  for (size_t bi = 0; bi < 3; bi++)
    for (size_t ii = 0; ii < 3; ii++) {
      tnet t;
      tnet_init_rr(&t, 4, bs[bi], is[ii], 1);
      for (unsigned h = 0; h <= 4; h++)
        for (size_t li = 0; li < sizeof lat_len / sizeof lat_len[0]; li++) {
          unsigned src = (h * 3 + (unsigned)li) & 15, len = lat_len[li];
          assert_int_equal(measure_latency(&t, src, src ^ lat_mask[h], len), 2 * h + len + 2);
        }
      tnet_free(&t);
    }
}

/*
** The registered route with B = 1 (any I): the head is ejected in c+3+2h
** as above. A one-flit buffer takes the next flit only in the cycle after
** it was emptied (registered ready), so at the destination's input flit
** f+1 comes in the cycle after flit f left and is at the front the cycle
** after that: the flits are ejected 2 cycles apart, and no input upstream
** is slower than that (each hands on a flit no later than the destination's
** input can take it: the head's extra cycle at each router delays every
** flit behind it equally). So T0 = 2h + 3 + 2(L - 1) = 2h + 2L + 1, one
** cycle per router more than h + 2L.
*/
static void test_latency_route_reg_b1(void **state) {
  static const unsigned is[] = {1, 2, 4};
  (void)state;
  for (size_t ii = 0; ii < 3; ii++) {
    tnet t;
    tnet_init_rr(&t, 4, 1, is[ii], 1);
    for (unsigned h = 0; h <= 4; h++)
      for (size_t li = 0; li < sizeof lat_len / sizeof lat_len[0]; li++) {
        unsigned src = (h * 5 + (unsigned)li) & 15, len = lat_len[li];
        assert_int_equal(measure_latency(&t, src, src ^ lat_mask[h], len), 2 * h + 2 * len + 1);
      }
    tnet_free(&t);
  }
}

/*
** The registered route with I = 1, B >= 2: the NI takes a flit every
** other cycle (offered in c, c+2, ...), so flit f leaves it in c+2f+1, is
** at the local front in c+2f+2 and, unhindered, at the destination's front
** h cycles later and ejected in c+2f+2+h; but no flit passes the head,
** which is ejected in c+3+2h, and with B >= 2 every flit behind it follows
** a cycle later: flit f is ejected in max(c+2f+2+h, c+3+2h+f). So
** T0 = max(h + 2L, 2h + L + 2): the NI's half rate for long messages, the
** head's 2 cycles per router for short ones.
*/
static void test_latency_route_reg_i1(void **state) {
  static const unsigned bs[] = {2, 4};
  (void)state;
  for (size_t bi = 0; bi < 2; bi++) {
    tnet t;
    tnet_init_rr(&t, 4, bs[bi], 1, 1);
    for (unsigned h = 0; h <= 4; h++)
      for (size_t li = 0; li < sizeof lat_len / sizeof lat_len[0]; li++) {
        unsigned src = (h * 7 + (unsigned)li) & 15, len = lat_len[li];
        const unsigned a = h + 2 * len, b = 2 * h + len + 2;
        assert_int_equal(measure_latency(&t, src, src ^ lat_mask[h], len), a > b ? a : b);
      }
    tnet_free(&t);
  }
}

/*
** The registered route, two 3-flit messages H1 B1 T1, H2 B2 T2 from 0 to 1
** (d = 1, B = 2, I = 4), created together in c and offered a flit a cycle.
** Local input of node 0: H1 in from c+1, sent on the link in c+3 (its
** second cycle at the front); B1 in from c+2, sent in c+4; T1 in from c+4,
** but node 1's input holds H1 and B1 at the start of c+5 (H1 waits there
** for its second cycle), so T1 goes in c+6. Node 1 ejects H1 in c+5 (at
** its front from c+4), B1 in c+6, T1 in c+7. H2 entered the local input in
** c+5, behind T1: it is a new front in c+7 and is sent in c+8, not c+7
** (the route register held T1's); node 1 ejects it in c+10 (at its front
** from c+9); B2 and T2 follow as B1 and T1 did, in c+11 and c+12. (An
** independent cycle-by-cycle count of one path gives the same.)
*/
static void test_latency_route_reg_back_to_back(void **state) {
  static const uint64_t at[6] = {5, 6, 7, 10, 11, 12};
  tnet t;
  (void)state;
  tnet_init_rr(&t, 1, 2, 4, 1);
  tnet_run(&t, 3);
  const uint64_t c = t.cycle;
  tnet_send(&t, 0, 1, 3, 1);
  tnet_send(&t, 0, 1, 3, 2);
  tnet_drain(&t, 100);
  assert_int_equal(ev_count(&t, 1, 1), 6);
  for (size_t k = 0; k < 6; k++) assert_int_equal(ev_nth(&t, 1, 1, k)->cycle, c + at[k]);
  tnet_free(&t);
}

/* -------------------------------------------------------------- counters */

/* Check that every counter of every port is 0 except the listed ports. */
static void expect_ctr_zero_except(const tnet *t, const unsigned (*used)[2],
                                   size_t nused) {
  unsigned x, p, id;
  for (x = 0; x < t->n; x++)
    for (p = 0; p <= t->d; p++) {
      size_t u;
      int skip = 0;
      for (u = 0; u < nused; u++)
        if (used[u][0] == x && used[u][1] == p) skip = 1;
      if (skip) continue;
      for (id = 0; id < HC_CNT_NUM; id++)
        assert_int_equal(hc_model_counter(t->m, x, p, id), 0);
    }
}

/*
** One 5-flit message 0 -> 3 in a 3-cube (dims 0, 1): on (0,0), (1,1) and
** eject 3: 5 flits, 1 message, busy 5 (head to tail, full rate), nothing
** blocked; every other counter 0.
*/
static void test_ctr_one_message_two_hops(void **state) {
  static const unsigned used[3][2] = {{0, 0}, {1, 1}, {3, 3}};
  tnet t;
  (void)state;
  tnet_init(&t, 3, 2, 4);
  tnet_send(&t, 0, 3, 5, 1);
  tnet_drain(&t, 100);
  expect_ctr(&t, 0, 0, 5, 1, 5, 0, 0);
  expect_ctr(&t, 1, 1, 5, 1, 5, 0, 0);
  expect_ctr(&t, 3, 3, 5, 1, 5, 0, 0);
  expect_ctr_zero_except(&t, used, 3);
  tnet_free(&t);
}

/* A SINGLE is granted but leaves the output free: busy counts its 1 cycle. */
static void test_ctr_single_flit(void **state) {
  static const unsigned used[2][2] = {{5, 0}, {4, 3}};
  tnet t;
  (void)state;
  tnet_init(&t, 3, 2, 4);
  tnet_send(&t, 5, 4, 1, 1);
  tnet_drain(&t, 100);
  expect_ctr(&t, 5, 0, 1, 1, 1, 0, 0);
  expect_ctr(&t, 4, 3, 1, 1, 1, 0, 0);
  expect_ctr_zero_except(&t, used, 2);
  tnet_free(&t);
}

/*
** B = 1 held channel with gaps, d = 1: 0 -> 1, 4 flits. Link (0,0) carries
** 2, 4, 6, 8 and is held from 2 to 8: busy 7, flits 4; same at eject 1
** (3, 5, 7, 9).
*/
static void test_ctr_busy_counts_held_cycles(void **state) {
  static const unsigned used[2][2] = {{0, 0}, {1, 1}};
  tnet t;
  (void)state;
  tnet_init(&t, 1, 1, 4);
  tnet_send(&t, 0, 1, 4, 1);
  tnet_drain(&t, 100);
  expect_ctr(&t, 0, 0, 4, 1, 7, 0, 0);
  expect_ctr(&t, 1, 1, 4, 1, 7, 0, 0);
  expect_ctr_zero_except(&t, used, 2);
  tnet_free(&t);
}

/*
** First come, first served, d = 2, output 1 of router 0 (to node 2).
** M1: 1 -> 2 (via input 0), 10 flits, created 0: head on (1,0) in 2, at
** the front of input 0 in 3. M2: 0 -> 2 local, 2 flits, created 0: front
** in 2, alone, granted: (0,1) 2, 3. M1's head finds output 1 busy in 3
** (blocked, 1 waiting), is granted in 4 and streams: (0,1) 4..13.
** Counters of (0,1): 12 flits, 2 messages, busy 2..13 = 12, blocked 1,
** max_waiting 1.
*/
static void test_ctr_contention_first_come(void **state) {
  tnet t;
  texp exp[12];
  (void)state;
  tnet_init(&t, 2, 2, 4);
  tnet_send(&t, 1, 2, 10, 1);
  tnet_send(&t, 0, 2, 2, 2);
  tnet_drain(&t, 100);
  exp_msg(exp, 2, 1, 2, 2, 2);
  exp_msg(exp + 2, 4, 1, 2, 10, 1);
  expect_on(&t, 0, 1, exp, 12);
  expect_ctr(&t, 0, 1, 12, 2, 12, 1, 1);
  tnet_free(&t);
}

/* Reset clears counters and buffers; inj_ready is 1 everywhere after it. */
static void test_ctr_reset(void **state) {
  tnet t;
  unsigned x, p, id;
  (void)state;
  tnet_init(&t, 3, 2, 2);
  tnet_send(&t, 0, 7, 20, 1);
  tnet_send(&t, 3, 7, 20, 2);
  tnet_run(&t, 8); /* mid-flight, NIs of 0 and 3 full or busy */
  hc_model_reset(t.m);
  for (x = 0; x < t.n; x++) {
    assert_int_equal(hc_model_inj_ready(t.m, x), 1);
    for (p = 0; p <= t.d; p++)
      for (id = 0; id < HC_CNT_NUM; id++)
        assert_int_equal(hc_model_counter(t.m, x, p, id), 0);
  }
  /* And the network is empty: nothing comes out of an idle run. */
  tnet_reset(&t);
  tnet_run(&t, 50);
  assert_int_equal(t.nev, 0);
  tnet_free(&t);
}

/* ------------------------------------------- adaptive routing functions */

/* Make t's model anew with routing function r (hc_route.h). */
static void tnet_set_routing(tnet *t, unsigned r) {
  hc_model_free(t->m);
  t->cfg.routing = r;
  assert_int_equal(hc_model_new(&t->cfg, &t->m), HC_OK);
}

/*
** The lowest free permitted output, d = 3, B = 2, I = 4, routing mixbb3 (the
** three dimensions are one group: 1->0 hops first, then 0->1 hops, each in
** any order). M1: 0 -> 1, 8 flits,
** created 0: (0,0) in 2..9, ejected at 1 in 3..10. M2: 4 -> 3, 2 flits,
** created 1: its only 1->0 hop is dimension 2, (4,2) in 3, 4; at router 0
** (front of input 2 in 4) it may take 0 or 1, both 0->1; 0 is held by M1,
** so it takes 1: (0,1) in 4, 5, then (2,0) in 5, 6, ejected at 3 in 6, 7.
** E-cube would have waited for nothing here (4 -> 5 -> 7 -> 3). M3: 4 -> 3
** again, created 20, into an idle network: (4,2) in 22, 23; at router 0
** (in 23) both outputs are free, the lowest wins: (0,0) in 23, 24, (1,1)
** in 24, 25, ejected at 3 in 25, 26. No head of M2 or M3 ever waits, so
** no output counts a blocked cycle (a busy output a head did not need to
** take is not a wait).
*/
static void test_adaptive_lowest_free_output(void **state) {
  tnet t;
  texp exp[10];
  (void)state;
  tnet_init(&t, 3, 2, 4);
  tnet_set_routing(&t, HC_ROUTE_MIXBB3);
  tnet_send(&t, 0, 1, 8, 1);
  tnet_step(&t);
  tnet_send(&t, 4, 3, 2, 2);
  tnet_run(&t, 19);
  tnet_send(&t, 4, 3, 2, 3);
  tnet_drain(&t, 100);
  exp_msg(exp, 2, 1, 1, 8, 1);
  exp_msg(exp + 8, 23, 1, 3, 2, 3);
  expect_on(&t, 0, 0, exp, 10);
  exp_msg(exp, 3, 1, 1, 8, 1);
  expect_on(&t, 1, 3, exp, 8);
  exp_msg(exp, 3, 1, 3, 2, 2);
  exp_msg(exp + 2, 22, 1, 3, 2, 3);
  expect_on(&t, 4, 2, exp, 4);
  exp_msg(exp, 4, 1, 3, 2, 2);
  expect_on(&t, 0, 1, exp, 2);
  exp_msg(exp, 5, 1, 3, 2, 2);
  expect_on(&t, 2, 0, exp, 2);
  exp_msg(exp, 24, 1, 3, 2, 3);
  expect_on(&t, 1, 1, exp, 2);
  exp_msg(exp, 6, 1, 3, 2, 2);
  exp_msg(exp + 2, 25, 1, 3, 2, 3);
  expect_on(&t, 3, 3, exp, 4);
  assert_int_equal(t.nev, 10 + 8 + 4 + 2 + 2 + 2 + 4);
  expect_ctr(&t, 0, 0, 10, 2, 10, 0, 0);
  expect_ctr(&t, 0, 1, 2, 1, 2, 0, 0);
  tnet_free(&t);
}

/*
** Two new heads at one router, d = 3, B = 2, I = 4, routing mixbb3, single
** flits. Ma: 4 -> 3, created 0: (4,2) in 2, front of router 0's input 2 in
** 3, may take 0 or 1. Mb: 0 -> 7, created 1: NI in 1, front of the local
** input (port 3) in 3, may take 0, 1 or 2. In cycle 3 both are new: the
** lower port (2, Ma) is older (step 4) and takes the lowest, 0; Mb takes
** the lowest left, 1. Ma: (0,0) 3, (1,1) 4, ejected at 3 in 5. Mb: (0,1)
** 3, at 2 it may take 0 or 2: (2,0) 4, (3,2) 5, ejected at 7 in 6.
*/
static void test_adaptive_oldest_takes_lowest(void **state) {
  tnet t;
  texp exp[1];
  (void)state;
  tnet_init(&t, 3, 2, 4);
  tnet_set_routing(&t, HC_ROUTE_MIXBB3);
  tnet_send(&t, 4, 3, 1, 1);
  tnet_step(&t);
  tnet_send(&t, 0, 7, 1, 2);
  tnet_drain(&t, 100);
  exp_msg(exp, 2, 1, 3, 1, 1);
  expect_on(&t, 4, 2, exp, 1);
  exp_msg(exp, 3, 1, 3, 1, 1);
  expect_on(&t, 0, 0, exp, 1);
  exp_msg(exp, 4, 1, 3, 1, 1);
  expect_on(&t, 1, 1, exp, 1);
  exp_msg(exp, 5, 1, 3, 1, 1);
  expect_on(&t, 3, 3, exp, 1);
  exp_msg(exp, 3, 1, 7, 1, 2);
  expect_on(&t, 0, 1, exp, 1);
  exp_msg(exp, 4, 1, 7, 1, 2);
  expect_on(&t, 2, 0, exp, 1);
  exp_msg(exp, 5, 1, 7, 1, 2);
  expect_on(&t, 3, 2, exp, 1);
  exp_msg(exp, 6, 1, 7, 1, 2);
  expect_on(&t, 7, 3, exp, 1);
  assert_int_equal(t.nev, 8);
  tnet_free(&t);
}

/* ---------------------------------------------------------------- config */

static void test_cfg_check_ranges(void **state) {
#define G0 {0, 0, 0}
  static const hc_cfg good[] = {
      {1, 1, 1, 1, G0, 0, 0},   {16, 16, 16, 16, G0, 0, 0}, {4, 30, 2, 4, G0, 0, 0},
      {16, 30, 1, 1, G0, 0, 0}, {8, 8, 16, 1, G0, 0, 0},    {1, 30, 1, 16, G0, 0, 0},
      {4, 16, 2, 4, {16, 1, 1}, 0, 0}, {4, 16, 2, 4, {1, 16, 0}, 0, 0}, {4, 16, 2, 4, {0, 0, 16}, 0, 0},
      {4, 16, 2, 4, G0, HC_ROUTE_MIXBB3, 0}, {4, 16, 2, 4, G0, HC_ROUTE_PCUBE, 0},
      {HC_MODEL_MAX_D, HC_MODEL_MAX_D, 2, 4, G0, 0, 0}, {4, 16, 2, 4, G0, 0, 1},
      {4, 16, 1, 1, G0, HC_ROUTE_PCUBE, 1}};
  static const hc_cfg bad[] = {
      {0, 16, 2, 4, G0, 0, 0},  {HC_MODEL_MAX_D + 1, 30, 2, 4, G0, 0, 0}, {4, 3, 2, 4, G0, 0, 0},  {4, 31, 2, 4, G0, 0, 0},
      {4, 0, 2, 4, G0, 0, 0},   {16, 15, 2, 4, G0, 0, 0}, {4, 16, 0, 4, G0, 0, 0}, {4, 16, 17, 4, G0, 0, 0},
      {4, 16, 2, 0, G0, 0, 0},  {4, 16, 2, 17, G0, 0, 0}, {1, 0, 1, 1, G0, 0, 0},
      {4, 16, 2, 4, {17, 0, 0}, 0, 0}, {4, 16, 2, 4, {0, 17, 0}, 0, 0}, {4, 16, 2, 4, {0, 0, 17}, 0, 0},
      {4, 16, 2, 4, G0, HC_ROUTE_NUM, 0}, {4, 16, 2, 4, G0, 99, 0}, {4, 16, 2, 4, G0, 0, 2}};
#undef G0
  size_t i;
  (void)state;
  for (i = 0; i < sizeof good / sizeof good[0]; i++)
    assert_int_equal(hc_cfg_check(&good[i]), HC_OK);
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
    assert_int_equal(hc_cfg_check(&bad[i]), HC_EPARAM);
  assert_int_equal(hc_cfg_check(NULL), HC_EPARAM);
}

static void test_cfg_model_new(void **state) {
  hc_cfg bad = {4, 3, 2, 4, {0, 0, 0}, 0, 0}, good = {5, 20, 3, 7, {0, 0, 0}, 0, 0};
  hc_model *m = (hc_model *)&bad; /* sentinel: must stay untouched */
  hc_obs obs;
  const hc_cfg *c;
  (void)state;
  assert_int_equal(hc_model_new(&bad, &m), HC_EPARAM);
  assert_ptr_equal(m, (hc_model *)&bad);
  assert_int_equal(hc_model_new(&good, &m), HC_OK);
  c = hc_model_cfg(m);
  assert_int_equal(c->d, 5);
  assert_int_equal(c->w, 20);
  assert_int_equal(c->buf_depth, 3);
  assert_int_equal(c->inj_depth, 7);
  assert_int_equal(hc_obs_new(&good, &obs), HC_OK);
  /* An idle cycle: everything 0, every NI ready. */
  hc_model_step(m, NULL, NULL, &obs);
  assert_int_equal(obs.link_valid[32 * 5 - 1], 0);
  assert_int_equal(obs.inj_ready[31], 1);
  hc_obs_free(&obs);
  assert_null(obs.link_valid);
  hc_obs_free(NULL);
  hc_model_free(m);
  hc_model_free(NULL);
  assert_int_not_equal(hc_obs_new(&bad, &obs), HC_OK);
}

/* ------------------------------------------------------------ saturation */

/* xorshift64 */
static uint64_t rng_next(uint64_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

typedef struct tmsg {
  unsigned src, dest, len;
  int delivered;
} tmsg;

/*
** Random uniform traffic at d = 4, every node offering as fast as its NI
** accepts for `cycles` cycles, then no new messages and a drain. The
** scoreboard checks at every ejection: the message is for this node, its
** flits arrive contiguously (one message holds an ejection port) and in
** order with intact payloads, each message exactly once, and messages of
** one (src, dest) pair in creation order (deterministic route, FIFO
** channels). After the drain, every message is delivered and the counters
** agree with conservation: each flit crosses h(src,dest) links and one
** ejection port.
*/
static void run_saturation(unsigned b, unsigned i, unsigned maxlen,
                           unsigned cycles, uint64_t seed) {
  tnet t;
  tmsg *msgs;
  size_t nmsg = 0, cap = 1u << 16, e;
  long cur[16];
  unsigned curk[16], x, p;
  long last[16][16];
  uint64_t flits = 0, linkflits = 0, linkmsgs = 0, c;
  uint64_t cl = 0, cm = 0, ce = 0, cme = 0;
  size_t delivered = 0;
  tnet_init(&t, 4, b, i);
  msgs = calloc(cap, sizeof *msgs);
  assert_non_null(msgs);
  for (x = 0; x < 16; x++) {
    cur[x] = -1;
    for (p = 0; p < 16; p++) last[x][p] = -1;
  }
  for (c = 0;; c++) {
    int gen = c < cycles, busy = 0;
    if (gen)
      for (x = 0; x < 16; x++)
        if (t.qn[x] == 0) {
          tmsg *mm = &msgs[nmsg];
          assert_true(nmsg < cap);
          mm->src = x;
          mm->dest = (unsigned)(rng_next(&seed) >> 20) & 15u;
          mm->len = 1 + (unsigned)(rng_next(&seed) >> 20) % maxlen;
          tnet_send(&t, x, mm->dest, mm->len, (uint32_t)nmsg);
          flits += mm->len;
          linkflits += (uint64_t)mm->len * popcount(x ^ mm->dest);
          linkmsgs += popcount(x ^ mm->dest);
          nmsg++;
        }
    tnet_step(&t);
    for (e = 0; e < t.nev; e++) {
      const tev *ev = &t.ev[e];
      unsigned kind = hc_flit_kind(t.w, ev->flit);
      uint32_t pl = hc_flit_payload(t.w, ev->flit);
      if (ev->port != t.d) continue;
      x = ev->node;
      if (hc_kind_is_head(kind)) {
        size_t id = pl >> t.d;
        assert_int_equal(pl & 15u, x);
        assert_true(id < nmsg);
        assert_int_equal(cur[x], -1);
        assert_int_equal(msgs[id].dest, x);
        assert_false(msgs[id].delivered);
        assert_true(last[msgs[id].src][x] < (long)id);
        last[msgs[id].src][x] = (long)id;
        assert_int_equal(kind == HC_KIND_SINGLE, msgs[id].len == 1);
        if (kind == HC_KIND_SINGLE) {
          msgs[id].delivered = 1;
          delivered++;
        } else {
          cur[x] = (long)id;
          curk[x] = 1;
        }
      } else {
        assert_true(cur[x] >= 0);
        assert_int_equal(pl >> 5, (uint32_t)cur[x]);
        assert_int_equal(pl & 31u, curk[x]);
        assert_int_equal(kind == HC_KIND_TAIL,
                         curk[x] == msgs[cur[x]].len - 1);
        if (kind == HC_KIND_TAIL) {
          msgs[cur[x]].delivered = 1;
          delivered++;
          cur[x] = -1;
        } else {
          curk[x]++;
        }
      }
    }
    t.nev = 0;
    if (!gen) {
      for (x = 0; x < 16; x++) busy |= t.qn[x] != 0;
      if (!busy && t.ejected == t.injected) break;
      assert_true(c < (uint64_t)cycles + 100000);
    }
  }
  assert_int_equal(delivered, nmsg);
  for (e = 0; e < nmsg; e++) assert_true(msgs[e].delivered);
  assert_int_equal(t.injected, flits);
  assert_int_equal(t.ejected, flits);
  for (x = 0; x < 16; x++) {
    for (p = 0; p < t.d; p++) {
      cl += hc_model_counter(t.m, x, p, HC_CNT_FLITS);
      cm += hc_model_counter(t.m, x, p, HC_CNT_MESSAGES);
    }
    ce += hc_model_counter(t.m, x, t.d, HC_CNT_FLITS);
    cme += hc_model_counter(t.m, x, t.d, HC_CNT_MESSAGES);
    assert_true(cur[x] == -1);
  }
  assert_int_equal(cl, linkflits);
  assert_int_equal(cm, linkmsgs);
  assert_int_equal(ce, flits);
  assert_int_equal(cme, nmsg);
  /* Saturated: the network actually carried a lot. */
  assert_true(nmsg > (size_t)cycles / 4);
  free(msgs);
  tnet_free(&t);
}

static void test_sat_b2_i4(void **state) {
  (void)state;
  run_saturation(2, 4, 8, 4000, 0x9E3779B97F4A7C15ull);
}

static void test_sat_b1_i1(void **state) {
  (void)state;
  run_saturation(1, 1, 8, 4000, 0x123456789ull);
}

static void test_sat_b4_i2_long(void **state) {
  (void)state;
  run_saturation(4, 2, 20, 4000, 0xDEADBEEFCAFEull);
}

/* ------------------------------------------------------------------ main */

int main(void) {
  const struct CMUnitTest routing[] = {
      cmocka_unit_test(test_route_ecube_all_pairs_d4),
      cmocka_unit_test(test_route_ecube_multiflit_d4),
      cmocka_unit_test(test_route_worked_example),
      cmocka_unit_test(test_route_eject_self),
      cmocka_unit_test(test_route_ignores_upper_payload),
      cmocka_unit_test(test_route_d16),
  };
  const struct CMUnitTest arbitration[] = {
      cmocka_unit_test(test_arb_tie_lowest_port),
      cmocka_unit_test(test_arb_older_waiting_head_wins),
      cmocka_unit_test(test_arb_three_heads_arrival_order),
      cmocka_unit_test(test_arb_eject_contention),
  };
  const struct CMUnitTest buffers[] = {
      cmocka_unit_test(test_buf_wormhole_holds_channel),
      cmocka_unit_test(test_buf_stream_b2_full_rate),
      cmocka_unit_test(test_buf_stream_b1_half_rate),
      cmocka_unit_test(test_buf_inj_ready_registered),
      cmocka_unit_test(test_buf_inj_depth_one),
  };
  const struct CMUnitTest latency[] = {
      cmocka_unit_test(test_latency_zero_load_b2),
      cmocka_unit_test(test_latency_zero_load_b1),
      cmocka_unit_test(test_latency_route_reg_b2),
      cmocka_unit_test(test_latency_route_reg_b1),
      cmocka_unit_test(test_latency_route_reg_i1),
      cmocka_unit_test(test_latency_route_reg_back_to_back),
  };
  const struct CMUnitTest counters[] = {
      cmocka_unit_test(test_ctr_one_message_two_hops),
      cmocka_unit_test(test_ctr_single_flit),
      cmocka_unit_test(test_ctr_busy_counts_held_cycles),
      cmocka_unit_test(test_ctr_contention_first_come),
      cmocka_unit_test(test_ctr_reset),
  };
  const struct CMUnitTest adaptive[] = {
      cmocka_unit_test(test_adaptive_lowest_free_output),
      cmocka_unit_test(test_adaptive_oldest_takes_lowest),
  };
  const struct CMUnitTest config[] = {
      cmocka_unit_test(test_cfg_check_ranges),
      cmocka_unit_test(test_cfg_model_new),
  };
  const struct CMUnitTest saturation[] = {
      cmocka_unit_test(test_sat_b2_i4),
      cmocka_unit_test(test_sat_b1_i1),
      cmocka_unit_test(test_sat_b4_i2_long),
  };
  int fails = 0;
  fails += cmocka_run_group_tests_name("hc_model_routing", routing, NULL, NULL);
  fails += cmocka_run_group_tests_name("hc_model_arbitration", arbitration,
                                       NULL, NULL);
  fails += cmocka_run_group_tests_name("hc_model_buffers", buffers, NULL, NULL);
  fails += cmocka_run_group_tests_name("hc_model_latency", latency, NULL, NULL);
  fails += cmocka_run_group_tests_name("hc_model_counters", counters, NULL,
                                       NULL);
  fails += cmocka_run_group_tests_name("hc_model_adaptive", adaptive, NULL, NULL);
  fails += cmocka_run_group_tests_name("hc_model_config", config, NULL, NULL);
  fails += cmocka_run_group_tests_name("hc_model_saturation", saturation, NULL,
                                       NULL);
  return fails != 0;
}
