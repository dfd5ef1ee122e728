/*
** Unit tests of the model's shortcuts (issue 16): the active set (only the
** nodes where something happens are visited), the lean visit of modes 0 and
** 2, observation records rewritten only where they were written, lean
** records, and the jump over quiet cycles (hc_model_skip). Three models run
** the same random traffic side by side: the dense reference
** (hc_model_set_dense: every node visited, every observation entry
** rewritten, every cycle stepped), a model with the shortcuts and a full
** observation record, and one with a lean record, offered its flits one by
** one (hc_model_offer) where the reference gets arrays. Every cycle their
** observations must be equal entry for entry (the lean one: its
** ejections), as must idle, inj_ready and probe_ready, and
** hc_model_audit must find every live node in the active set and every
** router's registers consistent; every counter of every port must be equal
** every 64 cycles and at the end. d = 2..6, every mode (0, 1, 2, 3; tau,
** xi and overlap; the adaptive routing functions), the modes one after the
** other on the same models, with quiet stretches jumped over.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hc_model.h"

/* A message waiting at its source: destination, length, flits offered. */
typedef struct smsg {
  unsigned dest, len, sent;
} smsg;

#define SQ 32 /* messages a node's queue holds */

/* The three models, their records, the sources' queues, a PRNG. */
typedef struct trio {
  hc_cfg cfg;
  unsigned n, d;
  hc_model *ref, *act, *lean;
  hc_obs oref, oact, olean;
  uint8_t *iv;
  uint32_t *ifl;
  smsg *q;           /* [n*SQ] */
  unsigned *qh, *qn; /* queue front and count per node */
  uint32_t *pq;      /* [n*SQ] mode 3: destinations whose set-up is still to offer */
  unsigned *pqh, *pqn;
  unsigned mode, maxlen;
  uint64_t rng, cycle;
} trio;

static uint64_t rnd(trio *t) {
  t->rng ^= t->rng << 13;
  t->rng ^= t->rng >> 7;
  t->rng ^= t->rng << 17;
  return t->rng;
}

static unsigned rndn(trio *t, unsigned n) { return (unsigned)(rnd(t) % n); }

static void trio_init(trio *t, unsigned d, unsigned b, unsigned i, unsigned routing, uint64_t seed) {
  memset(t, 0, sizeof *t);
  t->cfg.d = d;
  t->cfg.w = 16;
  t->cfg.buf_depth = b;
  t->cfg.inj_depth = i;
  t->cfg.routing = routing;
  t->n = 1u << d;
  t->d = d;
  t->rng = seed * 0x9E3779B97F4A7C15ull + 1u;
  assert_int_equal(hc_model_new(&t->cfg, &t->ref), HC_OK);
  assert_int_equal(hc_model_new(&t->cfg, &t->act), HC_OK);
  assert_int_equal(hc_model_new(&t->cfg, &t->lean), HC_OK);
  hc_model_set_dense(t->ref, 1);
  assert_int_equal(hc_obs_new(&t->cfg, &t->oref), HC_OK);
  assert_int_equal(hc_obs_new(&t->cfg, &t->oact), HC_OK);
  assert_int_equal(hc_obs_new_lean(&t->cfg, &t->olean), HC_OK);
  t->iv = calloc(t->n, 1);
  t->ifl = calloc(t->n, sizeof *t->ifl);
  t->q = calloc((size_t)t->n * SQ, sizeof *t->q);
  t->qh = calloc(t->n, sizeof *t->qh);
  t->qn = calloc(t->n, sizeof *t->qn);
  t->pq = calloc((size_t)t->n * SQ, sizeof *t->pq);
  t->pqh = calloc(t->n, sizeof *t->pqh);
  t->pqn = calloc(t->n, sizeof *t->pqn);
  assert_true(t->iv && t->ifl && t->q && t->qh && t->qn && t->pq && t->pqh && t->pqn);
  t->mode = HC_MODE_WORMHOLE;
  t->maxlen = 6;
}

static void trio_free(trio *t) {
  hc_model_free(t->ref);
  hc_model_free(t->act);
  hc_model_free(t->lean);
  hc_obs_free(&t->oref);
  hc_obs_free(&t->oact);
  hc_obs_free(&t->olean);
  free(t->iv);
  free(t->ifl);
  free(t->q);
  free(t->qh);
  free(t->qn);
  free(t->pq);
  free(t->pqh);
  free(t->pqn);
}

/* The reference's ejections, in increasing order, must be list's. */
static void check_ej_list(const trio *t, const hc_obs *o) {
  uint32_t k = 0;
  for (unsigned x = 0; x < t->n; x++) {
    if (!t->oref.ej_valid[x]) continue;
    assert_true(k < o->ej_count);
    assert_int_equal(o->ej_node[k], x);
    k++;
  }
  assert_int_equal(k, o->ej_count);
}

/* Everything the three show of the cycle just run, and the coming one. */
static void check_cycle(const trio *t) {
  const hc_obs *r = &t->oref, *a = &t->oact, *l = &t->olean;
  const size_t n = t->n, nl = n * t->d;
  unsigned first = 0;
  assert_memory_equal(r->link_valid, a->link_valid, nl);
  assert_memory_equal(r->link_flit, a->link_flit, nl * sizeof *r->link_flit);
  assert_memory_equal(r->probe_valid, a->probe_valid, nl);
  assert_memory_equal(r->probe_dest, a->probe_dest, nl * sizeof *r->probe_dest);
  assert_memory_equal(r->link_ack, a->link_ack, nl);
  assert_memory_equal(r->ej_valid, a->ej_valid, n);
  assert_memory_equal(r->ej_flit, a->ej_flit, n * sizeof *r->ej_flit);
  assert_memory_equal(r->inj_ready, a->inj_ready, n);
  assert_memory_equal(r->probe_ready, a->probe_ready, n);
  assert_memory_equal(r->ej_valid, l->ej_valid, n);
  assert_memory_equal(r->ej_flit, l->ej_flit, n * sizeof *r->ej_flit);
  assert_int_equal(r->idle, a->idle);
  assert_int_equal(r->idle, l->idle);
  assert_int_equal(r->sf_done, a->sf_done);
  assert_int_equal(r->sf_done, l->sf_done);
  assert_int_equal(r->cfg_rdata, a->cfg_rdata);
  assert_int_equal(r->cfg_rdata, l->cfg_rdata);
  check_ej_list(t, a);
  check_ej_list(t, l);
  assert_int_equal(hc_model_idle(t->ref), hc_model_idle(t->act));
  assert_int_equal(hc_model_idle(t->ref), hc_model_idle(t->lean));
  for (unsigned x = 0; x < t->n; x++) {
    assert_int_equal(hc_model_inj_ready(t->ref, x), hc_model_inj_ready(t->act, x));
    assert_int_equal(hc_model_inj_ready(t->ref, x), hc_model_inj_ready(t->lean, x));
    assert_int_equal(hc_model_probe_ready(t->ref, x), hc_model_probe_ready(t->act, x));
    assert_int_equal(hc_model_probe_ready(t->ref, x), hc_model_probe_ready(t->lean, x));
  }
  assert_int_equal(hc_model_quiet(t->ref), hc_model_quiet(t->act));
  assert_int_equal(hc_model_quiet(t->ref), hc_model_quiet(t->lean));
  if (hc_model_audit(t->ref, &first) != 0) fail_msg("reference: node %u", first);
  if (hc_model_audit(t->act, &first) != 0) fail_msg("active set: node %u", first);
  if (hc_model_audit(t->lean, &first) != 0) fail_msg("lean: node %u", first);
}

/* Every counter of every port of every node. */
static void check_counters(const trio *t) {
  for (unsigned x = 0; x < t->n; x++)
    for (unsigned p = 0; p <= t->d; p++)
      for (unsigned id = 0; id < HC_CNT_ALL; id++) {
        uint32_t c = hc_model_counter(t->ref, x, p, id);
        if (c != hc_model_counter(t->act, x, p, id) || c != hc_model_counter(t->lean, x, p, id))
          fail_msg("counter %u of node %u port %u: %u, %u, %u", id, x, p, c,
                   hc_model_counter(t->act, x, p, id), hc_model_counter(t->lean, x, p, id));
      }
}

/* Flit k of message m from x: dest in a head's low bits, the rest random. */
static uint32_t flit_of(trio *t, const smsg *m, unsigned k) {
  const uint32_t r = (uint32_t)rnd(t) & 0xFFFFu;
  if (k == 0) return hc_flit(16, m->len == 1 ? HC_KIND_SINGLE : HC_KIND_HEAD, (r << t->d) | m->dest);
  return hc_flit(16, k == m->len - 1 ? HC_KIND_TAIL : HC_KIND_BODY, r);
}

/* One cycle: new messages with probability p_new per node (0: none), set-ups
** (mode 3) and flits where the NIs take them (with a random gap but in mode 3),
** the three models stepped, everything compared. */
static void trio_step(trio *t, double p_new) {
  for (unsigned x = 0; x < t->n; x++) {
    if (p_new > 0 && t->qn[x] < SQ && t->pqn[x] < SQ &&
        (double)(rnd(t) >> 11) * (1.0 / 9007199254740992.0) < p_new) {
      smsg *m = &t->q[(size_t)x * SQ + (t->qh[x] + t->qn[x]) % SQ];
      m->dest = rndn(t, t->n);
      m->len = 1u + rndn(t, t->maxlen);
      m->sent = 0;
      t->qn[x]++;
      if (t->mode == HC_MODE_CIRCUIT) t->pq[(size_t)x * SQ + (t->pqh[x] + t->pqn[x]++) % SQ] = m->dest;
    }
  }
  for (unsigned x = 0; x < t->n; x++) {
    t->iv[x] = 0;
    if (t->pqn[x] != 0 && hc_model_probe_ready(t->ref, x)) {
      unsigned dest = t->pq[(size_t)x * SQ + t->pqh[x]];
      hc_model_probe(t->ref, x, dest);
      hc_model_probe(t->act, x, dest);
      hc_model_probe(t->lean, x, dest);
      t->pqh[x] = (t->pqh[x] + 1u) % SQ;
      t->pqn[x]--;
    }
    /* A gap now and then, outside mode 3: there a message's data stream as
    ** the driver offers them, a flit whenever the NI takes one (the NI counts
    ** a message complete as if it streamed). */
    if (t->qn[x] == 0 || !hc_model_inj_ready(t->ref, x) ||
        (t->mode != HC_MODE_CIRCUIT && rndn(t, 4) == 0))
      continue;
    smsg *m = &t->q[(size_t)x * SQ + t->qh[x]];
    uint32_t f = flit_of(t, m, m->sent);
    t->iv[x] = 1;
    t->ifl[x] = f;
    hc_model_offer(t->act, x, f);
    hc_model_offer(t->lean, x, f);
    if (++m->sent == m->len) {
      t->qh[x] = (t->qh[x] + 1u) % SQ;
      t->qn[x]--;
    }
  }
  hc_model_step(t->ref, t->iv, t->ifl, &t->oref);
  hc_model_step(t->act, NULL, NULL, &t->oact);
  hc_model_step(t->lean, NULL, NULL, &t->olean);
  check_cycle(t);
  if (++t->cycle % 64u == 0) check_counters(t);
}

/* A global register write on all three, in one cycle. */
static void trio_write(trio *t, unsigned idx, uint32_t v) {
  hc_cfg_op op;
  memset(&op, 0, sizeof op);
  op.we = 1;
  op.tgt = HC_SF_TGT_GLOBAL;
  op.idx = idx;
  op.wdata = v;
  assert_int_equal(hc_model_set_cfg(t->ref, &op), HC_OK);
  assert_int_equal(hc_model_set_cfg(t->act, &op), HC_OK);
  assert_int_equal(hc_model_set_cfg(t->lean, &op), HC_OK);
  trio_step(t, 0);
}

/* Until every queue is empty and the network quiet; then k cycles without
** inputs, the lean model in one jump. */
static void trio_drain_skip(trio *t, unsigned k) {
  unsigned c = 0, x, queued;
  do {
    queued = 0;
    for (x = 0; x < t->n; x++) queued += t->qn[x] + t->pqn[x];
    if (queued == 0 && hc_model_quiet(t->ref)) break;
    trio_step(t, 0);
  } while (++c < 20000u);
  assert_true(c < 20000u);
  check_counters(t);
  for (unsigned i = 0; i < k; i++) {
    hc_model_step(t->ref, NULL, NULL, &t->oref);
    hc_model_step(t->act, NULL, NULL, &t->oact);
  }
  hc_model_skip(t->lean, k, &t->olean);
  t->cycle += k;
  if (k > 0) check_cycle(t);
}

/* One scenario on the same three models: mode, cost registers, traffic at
** load p (messages per node and cycle) for cycles, then drained and a
** quiet stretch jumped. */
static void scenario(trio *t, unsigned mode, unsigned tau, unsigned xi, unsigned overlap,
                     double p, unsigned cycles) {
  /* Mode 3 counts a message complete as if it streamed at a flit a cycle,
  ** which takes B >= 2 and I >= 2 (docs/microarchitecture.md). */
  if (mode == HC_MODE_CIRCUIT && (t->cfg.buf_depth < 2 || t->cfg.inj_depth < 2)) return;
  trio_write(t, HC_REG_TAU, tau);
  trio_write(t, HC_REG_XI, xi);
  trio_write(t, HC_REG_OVERLAP, overlap);
  trio_write(t, HC_SF_REG_MODE, mode);
  t->mode = mode;
  t->maxlen = mode == HC_MODE_SAF ? t->cfg.buf_depth : 6u;
  for (unsigned c = 0; c < cycles; c++) trio_step(t, mode == HC_MODE_SF ? 0 : p);
  if (mode == HC_MODE_SF) { /* the engines are never quiet: back to mode 0 */
    trio_write(t, HC_SF_REG_MODE, HC_MODE_WORMHOLE);
    t->mode = HC_MODE_WORMHOLE;
  }
  trio_drain_skip(t, 1u + rndn(t, 40));
}

/* Every mode in turn at d, B, I, light and heavy, on one set of models. */
static void all_modes(unsigned d, unsigned b, unsigned i, uint64_t seed) {
  trio t;
  trio_init(&t, d, b, i, HC_ROUTE_ECUBE, seed);
  scenario(&t, HC_MODE_WORMHOLE, 0, 0, 0, 0.02, 300);
  scenario(&t, HC_MODE_WORMHOLE, 0, 0, 0, 0.4, 300);
  scenario(&t, HC_MODE_WORMHOLE, 2, 3, 0, 0.2, 300);
  scenario(&t, HC_MODE_SAF, 0, 0, 0, 0.3, 300);
  scenario(&t, HC_MODE_SAF, 1, 2, 0, 0.1, 200);
  scenario(&t, HC_MODE_SF, 0, 0, 0, 0, 20);
  scenario(&t, HC_MODE_CIRCUIT, 0, 0, 0, 0.1, 300);
  scenario(&t, HC_MODE_CIRCUIT, 2, 1, 1, 0.3, 300);
  scenario(&t, HC_MODE_CIRCUIT, 1, 4, 0, 0.05, 300);
  scenario(&t, HC_MODE_WORMHOLE, 0, 0, 0, 0.3, 300); /* back from mode 3 */
  check_counters(&t);
  trio_free(&t);
}

static void test_skip_d2(void **state) {
  (void)state;
  all_modes(2, 2, 4, 1);
  all_modes(2, 1, 1, 2);
}

static void test_skip_d3(void **state) {
  (void)state;
  all_modes(3, 2, 4, 3);
  all_modes(3, 1, 2, 4);
}

static void test_skip_d4(void **state) {
  (void)state;
  all_modes(4, 2, 4, 5);
  all_modes(4, 4, 1, 6);
}

static void test_skip_d5(void **state) {
  (void)state;
  all_modes(5, 3, 2, 7);
}

static void test_skip_d6(void **state) {
  (void)state;
  all_modes(6, 2, 4, 8);
}

/* The routing functions of the model (mode 0): the lean visit hands their
** allocation to the same code as the reference's. */
static void test_skip_routings(void **state) {
  (void)state;
  for (unsigned r = 0; r < HC_ROUTE_NUM; r++) {
    for (unsigned d = 2; d <= 5; d++) {
      trio t;
      trio_init(&t, d, 1u + d % 3u, 2, r, 100u + r * 10u + d);
      scenario(&t, HC_MODE_WORMHOLE, 0, 0, 0, 0.3, 300);
      scenario(&t, HC_MODE_WORMHOLE, 1, 1, 0, 0.1, 200);
      scenario(&t, HC_MODE_SAF, 0, 0, 0, 0.2, 200);
      trio_free(&t);
    }
  }
}

/* A reset in the middle of traffic: all three start over alike, and a
** quiet model jumps any number of cycles at once. */
static void test_skip_reset_and_jump(void **state) {
  trio t;
  (void)state;
  trio_init(&t, 4, 2, 4, HC_ROUTE_ECUBE, 42);
  for (unsigned c = 0; c < 100; c++) trio_step(&t, 0.3);
  hc_model_reset(t.ref);
  hc_model_reset(t.act);
  hc_model_reset(t.lean);
  memset(t.qn, 0, t.n * sizeof *t.qn);
  memset(t.pqn, 0, t.n * sizeof *t.pqn);
  assert_true(hc_model_quiet(t.act));
  assert_int_equal(hc_model_audit(t.act, NULL), 0);
  for (unsigned c = 0; c < 50; c++) trio_step(&t, 0.2);
  trio_drain_skip(&t, 0);
  hc_model_skip(t.lean, 1000000000ull, &t.olean); /* a billion cycles: at once */
  assert_int_equal(t.olean.idle, 1);
  assert_int_equal(t.olean.ej_count, 0);
  assert_true(hc_model_quiet(t.lean));
  check_counters(&t);
  trio_free(&t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_skip_d2),
      cmocka_unit_test(test_skip_d3),
      cmocka_unit_test(test_skip_d4),
      cmocka_unit_test(test_skip_d5),
      cmocka_unit_test(test_skip_d6),
      cmocka_unit_test(test_skip_routings),
      cmocka_unit_test(test_skip_reset_and_jump),
  };
  return cmocka_run_group_tests_name("skip", tests, NULL, NULL);
}
