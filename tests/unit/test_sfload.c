/*
** cmocka tests of the loader of the scheduled store-and-forward mode
** (csim/hc_sfload.c, docs/store_and_forward.md sections 7.2, 7.3, 7.6). A
** small schedule built by hand is checked write by write against the
** placement, segments and thresholds worked out in the comments below; the
** generators' cases are loaded into an independent table interpreter (it
** decodes the writes into per-engine tables and own banks, then moves whole
** packets using nothing but those tables, in any order the thresholds
** allow), whose final banks, read back through the placement, must hold
** the case's expected memory. Every fit limit, beta's range and a validator
** error are checked too.
**
**   cc -std=c11 -Wall -Wextra -Werror -g -fsanitize=address,undefined \
**      -Icsim -Icsim/sched -Ialgorithms tests/unit/test_sfload.c \
**      csim/hc_sfload.c csim/hc_status.c csim/sched/hc_sched_*.c \
**      algorithms/sf_*.c -lcmocka -o /tmp/test_sfload \
**      && /tmp/test_sfload
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hc_sched.h"
#include "hc_sched_algos.h"
#include "hc_sf_algo.h"
#include "hc_sfload.h"

/* The contract's default geometry (all fields 0). */
#define G0 ((hc_sf_geom){0, 0, 0})

/* ------------------------------------------------------------- helpers */

/* A case around a new d-cube schedule with mem words per node. */
static void new_case(hc_sched_case *c, unsigned d, uint32_t mem) {
  memset(c, 0, sizeof *c);
  assert_int_equal(hc_sched_new(d, mem, &c->sched), HC_OK);
  assert_int_equal(hc_sched_case_alloc(c), HC_OK);
}

static void pkt(hc_sched_case *c, uint32_t node, unsigned dim,
                const hc_seg *g, size_t ng, const hc_seg *s, size_t ns) {
  assert_int_equal(hc_sched_add_packet(c->sched, node, dim, g, ng, s, ns),
                   HC_OK);
}

/* Build c, expect status code and an err->msg containing sub; *out zeroed. */
static void expect_fail(hc_sched_case *c, uint32_t beta, int code,
                        const char *sub) {
  hc_sfload l;
  hc_sched_err e;
  memset(&l, 0xAB, sizeof l);
  int rc = hc_sfload_build(c, beta, G0, &l, &e);
  if (rc != code || e.code != code || !strstr(e.msg, sub))
    fail_msg("expected %d with \"%s\", got %d: %s", code, sub, rc, e.msg);
  assert_null(l.ops);
  assert_null(l.place);
  assert_int_equal(l.nops, 0);
  assert_int_equal(l.bank_max, 0);
  /* and without an err */
  assert_int_equal(hc_sfload_build(c, beta, G0, &l, NULL), code);
}

static void build_ok(hc_sched_case *c, uint32_t beta, hc_sfload *l) {
  hc_sched_err e;
  int rc = hc_sfload_build(c, beta, G0, l, &e);
  if (rc) fail_msg("build: %s: %s", hc_status_name(rc), e.msg);
}

/*
** The placement rule checked from the schedule alone: a word written by a
** packet over dimension j is in bank j, any other word in bank d, and within
** every bank of a node the offsets are 0, 1, 2, ... by increasing address.
*/
static void check_placement(const hc_sched_case *c, const hc_sfload *l) {
  const hc_sched *s = c->sched;
  const unsigned d = hc_sched_dim(s);
  const uint32_t n = hc_sched_nodes(s), mem = hc_sched_mem_words(s);
  uint8_t *want = malloc((size_t)n * mem);
  uint32_t *next = calloc((size_t)n * (d + 1), sizeof *next);
  assert_non_null(want);
  assert_non_null(next);
  memset(want, (int)d, (size_t)n * mem);
  hc_packet_info pi;
  for (size_t i = 0; i < hc_sched_num_packets(s); i++) {
    assert_int_equal(hc_sched_packet(s, i, &pi), HC_OK);
    uint32_t y = pi.node ^ (1u << pi.dim);
    for (size_t k = 0; k < pi.nscatter; k++)
      for (uint32_t a = 0; a < pi.scatter[k].len; a++)
        want[(size_t)y * mem + pi.scatter[k].addr + a] = (uint8_t)pi.dim;
  }
  uint32_t bmax = 0;
  for (uint32_t x = 0; x < n; x++)
    for (uint32_t a = 0; a < mem; a++) {
      const hc_sf_place *p = &l->place[(size_t)x * mem + a];
      assert_int_equal(p->bank, want[(size_t)x * mem + a]);
      uint32_t *nx = &next[(size_t)x * (d + 1) + p->bank];
      assert_int_equal(p->offset, *nx);
      if (++*nx > bmax) bmax = *nx;
    }
  assert_int_equal(l->bank_max, bmax);
  free(want);
  free(next);
}

/* ---------------------------------------------------- table interpreter */

#define NSEG (1u << HC_SF_SEG_AW)
#define NDESC (1u << HC_SF_DESC_AW)
#define NBANK (1u << HC_SF_BANK_AW)
#define UNSET 0xFFFFFFFFu /* a table entry no write has set */

/*
** The state the writes build, as docs/store_and_forward.md 7.3 describes
** the port: per node x and link i, the counts, TX descriptors (1 + d
** fields), gather and scatter tables (3 fields), and d + 1 banks.
*/
typedef struct interp {
  unsigned d;
  uint32_t n;
  uint32_t mode, beta;
  uint32_t *npkt, *nseg; /* [x*d + i] */
  uint32_t *desc;        /* [((x*d + i)*NDESC + p)*(1 + d) + f] */
  uint32_t *gseg, *sseg; /* [((x*d + i)*NSEG + s)*3 + f] */
  uint32_t *bank;        /* [(x*(d+1) + b)*NBANK + offset] */
} interp;

static uint32_t *alloc_fill(size_t n, uint32_t v) {
  uint32_t *p = malloc(n * sizeof *p);
  assert_non_null(p);
  for (size_t i = 0; i < n; i++) p[i] = v;
  return p;
}

static void interp_init(interp *t, unsigned d) {
  size_t nl = ((size_t)1 << d) * d;
  t->d = d;
  t->n = 1u << d;
  t->mode = 0;
  t->beta = 3;
  t->npkt = alloc_fill(nl, UNSET);
  t->nseg = alloc_fill(nl, UNSET);
  t->desc = alloc_fill(nl * NDESC * (1 + d), UNSET);
  t->gseg = alloc_fill(nl * NSEG * 3, UNSET);
  t->sseg = alloc_fill(nl * NSEG * 3, UNSET);
  t->bank = alloc_fill((size_t)t->n * (d + 1) * NBANK, 0);
}

static void interp_free(interp *t) {
  free(t->npkt);
  free(t->nseg);
  free(t->desc);
  free(t->gseg);
  free(t->sseg);
  free(t->bank);
}

/* Section of a target in the order of 7.6: global, counts, descriptors,
** gather, scatter, bank. */
static int section(unsigned tgt) {
  static const int rank[6] = {0, 2, 3, 4, 5, 1};
  assert_true(tgt < 6);
  return rank[tgt];
}

/* Apply the writes of l, checking their order and ranges. */
static void interp_load(interp *t, const hc_sfload *l) {
  const unsigned d = t->d;
  int sec = 0;
  for (size_t k = 0; k < l->nops; k++) {
    const hc_cfg_op *o = &l->ops[k];
    assert_int_equal(o->we, 1);
    assert_int_equal(o->re, 0);
    assert_true(section(o->tgt) >= sec);
    sec = section(o->tgt);
    if (o->tgt == HC_SF_TGT_GLOBAL) {
      if (o->idx == HC_SF_REG_MODE) t->mode = o->wdata;
      else if (o->idx == HC_SF_REG_BETA) t->beta = o->wdata;
      else fail_msg("global write to index %u", o->idx);
      continue;
    }
    assert_true(o->node < t->n);
    size_t L = (size_t)o->node * d + o->unit;
    switch (o->tgt) {
    case HC_SF_TGT_COUNT:
      assert_true(o->unit < d && o->field < 2);
      (o->field ? t->nseg : t->npkt)[L] = o->wdata;
      break;
    case HC_SF_TGT_TXDESC:
      assert_true(o->unit < d && o->idx < NDESC && o->field < 1 + d);
      t->desc[(L * NDESC + o->idx) * (1 + d) + o->field] = o->wdata;
      break;
    case HC_SF_TGT_GSEG:
    case HC_SF_TGT_SSEG:
      assert_true(o->unit < d && o->idx < NSEG && o->field < 3);
      (o->tgt == HC_SF_TGT_GSEG ? t->gseg : t->sseg)[(L * NSEG + o->idx) * 3 +
                                                    o->field] = o->wdata;
      break;
    case HC_SF_TGT_BANK:
      assert_int_equal(o->unit, d); /* only the own bank is written */
      assert_true(o->idx < NBANK);
      t->bank[((size_t)o->node * (d + 1) + d) * NBANK + o->idx] = o->wdata;
      break;
    default:
      fail_msg("write to target %u", o->tgt);
    }
  }
}

/* Read one defined table entry. */
static uint32_t get(const uint32_t *tab, size_t i) {
  assert_int_not_equal(tab[i], UNSET);
  return tab[i];
}

/* The engines' state while the interpreter runs, per node x and link i. */
typedef struct run_state {
  uint32_t *pos, *gidx; /* TX engine i of x: next packet, next gather segment */
  uint32_t *sidx, *done; /* RX engine i of x: next segment, packets received */
  uint32_t *buf;         /* one packet's words */
} run_state;

/* Move the next packet of TX engine L (x*d + i) if its thresholds are met
** by the receive counts of x; return whether it moved. */
static int interp_step(const interp *t, run_state *r, size_t L) {
  const unsigned d = t->d;
  uint32_t x = (uint32_t)(L / d), i = (uint32_t)(L % d);
  if (r->pos[L] >= get(t->npkt, L)) return 0;
  const uint32_t *ds = &t->desc[(L * NDESC + r->pos[L]) * (1 + d)];
  for (unsigned j = 0; j < d; j++)
    if (r->done[(size_t)x * d + j] < get(ds, 1 + j)) return 0;
  uint32_t words = get(ds, 0), w = 0;
  assert_true(words >= 1);
  while (w < words) { /* gather: whole segments, ending with the packet */
    const uint32_t *g = &t->gseg[(L * NSEG + r->gidx[L]++) * 3];
    uint32_t off = get(g, 0), len = get(g, 1), b = get(g, 2);
    assert_true(b <= d && len >= 1 && off + len <= NBANK);
    assert_true(w + len <= words);
    for (uint32_t k = 0; k < len; k++)
      r->buf[w++] = t->bank[((size_t)x * (d + 1) + b) * NBANK + off + k];
  }
  uint32_t y = x ^ (1u << i);
  size_t R = (size_t)y * d + i;
  int last = 0;
  for (w = 0; !last;) { /* scatter into bank i of y until `last` */
    assert_true(r->sidx[R] < get(t->nseg, R));
    const uint32_t *s = &t->sseg[(R * NSEG + r->sidx[R]++) * 3];
    uint32_t off = get(s, 0), len = get(s, 1);
    last = (int)get(s, 2);
    assert_true(len >= 1 && off + len <= NBANK && w + len <= words);
    for (uint32_t k = 0; k < len; k++)
      t->bank[((size_t)y * (d + 1) + i) * NBANK + off + k] = r->buf[w++];
  }
  assert_int_equal(w, words);
  r->done[R]++;
  r->pos[L]++;
  return 1;
}

/*
** Run every packet, using only the tables: sweep the TX engines from the
** last node down and let each move whole packets for as long as the next
** one's thresholds are met (greedy, so a wrong threshold lets a packet run
** ahead of the data it gathers), until nothing can move; then every engine
** must be finished.
*/
static void interp_run(interp *t) {
  const size_t nl = (size_t)t->n * t->d;
  run_state r;
  r.pos = calloc(nl, sizeof *r.pos);
  r.gidx = calloc(nl, sizeof *r.gidx);
  r.sidx = calloc(nl, sizeof *r.sidx);
  r.done = calloc(nl, sizeof *r.done);
  r.buf = malloc(((size_t)1 << HC_SF_LEN_W) * sizeof *r.buf);
  assert_true(r.pos && r.gidx && r.sidx && r.done && r.buf);
  assert_int_equal(t->mode, HC_MODE_SF);
  for (int moved = 1; moved;) {
    moved = 0;
    for (size_t L = nl; L-- > 0;)
      while (interp_step(t, &r, L)) moved = 1;
  }
  for (size_t L = 0; L < nl; L++) {
    assert_int_equal(r.pos[L], t->npkt[L]);
    assert_int_equal(r.sidx[L], t->nseg[L]);
  }
  free(r.pos);
  free(r.gidx);
  free(r.sidx);
  free(r.done);
  free(r.buf);
}

/* Load c, run it in the interpreter and compare with c's expectation. */
static void check_case(hc_sched_case *c, hc_sfload *l) {
  const unsigned d = hc_sched_dim(c->sched);
  const uint32_t mem = hc_sched_mem_words(c->sched);
  interp t;
  build_ok(c, 7, l);
  check_placement(c, l);
  interp_init(&t, d);
  interp_load(&t, l);
  assert_int_equal(t.beta, 7);
  interp_run(&t);
  size_t bad = 0;
  for (uint32_t x = 0; x < t.n; x++)
    for (uint32_t a = 0; a < mem; a++) {
      size_t w = (size_t)x * mem + a;
      const hc_sf_place *p = &l->place[w];
      uint32_t got = t.bank[((size_t)x * (d + 1) + p->bank) * NBANK + p->offset];
      if (c->care[w] && got != c->expect[w] && bad++ == 0)
        print_error("node %u word %u: got %08x, expected %08x\n", x, a, got,
                    c->expect[w]);
      /* the read-back op addresses the same place */
      hc_cfg_op op;
      hc_sfload_read_op(l, x, a, &op);
      assert_true(op.re == 1 && op.we == 0 && op.node == x &&
                  op.tgt == HC_SF_TGT_BANK && op.unit == p->bank &&
                  op.idx == p->offset);
    }
  assert_int_equal(bad, 0);
  interp_free(&t);
}

/* ------------------------------------------------------ the hand schedule */

/*
** d = 2, mem 8. Own data: node 0 words 0..3, node 1 words 0..3, node 3
** words 1..2. Packets, as link node dim pos: gather -> scatter (receiver):
**
**   G  2 1 0: 5+1     -> 6+1      (node 0)
**   C  3 1 0: 1+1     -> 6+1      (node 1)
**   A  0 0 0: 0+2     -> 4+2      (node 1)
**   D  1 1 0: 2+4     -> 0+1,3+3  (node 3)
**   B  0 0 1: 3+1     -> 7+1      (node 1)
**   E  1 1 1: 6+2     -> 6+2      (node 3)
**   F  3 0 0: 1+2     -> 5+2      (node 2)
**
** Placement (bank:offset by address 0..7; bank 2 = own bank):
**   node 0: 2:0 2:1 2:2 2:3 2:4 2:5 1:0 2:6     (6 from G over dim 1)
**   node 1: 2:0 2:1 2:2 2:3 0:0 0:1 1:0 0:2     (4,5 A and 7 B over dim 0; 6 C)
**   node 2: 2:0 2:1 2:2 2:3 2:4 0:0 0:1 2:5     (5,6 from F over dim 0)
**   node 3: 1:0 2:0 2:1 1:1 1:2 1:3 1:4 1:5     (0, 3..7 from D, E over dim 1)
** bank_max = 7 (node 0's own bank).
**
** Thresholds need[0], need[1]: A, B, C, F: 0 0 (own data only). D gathers
** node 1's words 4,5, brought by A, position 0 of incoming link 0: 1 0. E
** gathers word 6 (C, position 0 of incoming link 1) and word 7 (B, position
** 1 of incoming link 0): 2 1. G gathers node 2's word 5 (F, position 0 of
** incoming link 0): 1 0.
**
** Gather tables (offset, length, bank): D's 2+4 crosses from the own bank
** (words 2,3 = 2:2, 2:3) into bank 0 (words 4,5 = 0:0, 0:1): (2,2,2) (0,2,0);
** E's 6+2 is word 6 = 1:0 then word 7 = 0:2: (0,1,1) (2,1,0).
** Scatter tables (offset, length, last): D's two segments into node 3's bank
** 1: 0+1 = (0,1,0), 3+3 = (1,3,1); E's 6+2 = (4,2,1).
*/
static void hand_case(hc_sched_case *c) {
  new_case(c, 2, 8);
  assert_int_equal(hc_sched_case_own(c, 0, 0, 4), HC_OK);
  assert_int_equal(hc_sched_case_own(c, 1, 0, 4), HC_OK);
  assert_int_equal(hc_sched_case_own(c, 3, 1, 2), HC_OK);
  const hc_seg gG[] = {{5, 1}}, sG[] = {{6, 1}};
  const hc_seg gC[] = {{1, 1}}, sC[] = {{6, 1}};
  const hc_seg gA[] = {{0, 2}}, sA[] = {{4, 2}};
  const hc_seg gD[] = {{2, 4}}, sD[] = {{0, 1}, {3, 3}};
  const hc_seg gB[] = {{3, 1}}, sB[] = {{7, 1}};
  const hc_seg gE[] = {{6, 2}}, sE[] = {{6, 2}};
  const hc_seg gF[] = {{1, 2}}, sF[] = {{5, 2}};
  pkt(c, 2, 1, gG, 1, sG, 1);
  pkt(c, 3, 1, gC, 1, sC, 1);
  pkt(c, 0, 0, gA, 1, sA, 1);
  pkt(c, 1, 1, gD, 1, sD, 2);
  pkt(c, 0, 0, gB, 1, sB, 1);
  pkt(c, 1, 1, gE, 1, sE, 1);
  pkt(c, 3, 0, gF, 1, sF, 1);
  /* words that are neither own nor written still get their init value */
  c->init[0 * 8 + 5] = c->expect[0 * 8 + 5] = 0x55;
  c->init[2 * 8 + 7] = c->expect[2 * 8 + 7] = 77;
  /* the expected final memories, from the list above */
  uint32_t *e = c->expect;
  e[0 * 8 + 6] = hc_sched_tag(3, 1); /* by F, then G */
  e[1 * 8 + 4] = hc_sched_tag(0, 0);
  e[1 * 8 + 5] = hc_sched_tag(0, 1);
  e[1 * 8 + 6] = hc_sched_tag(3, 1);
  e[1 * 8 + 7] = hc_sched_tag(0, 3);
  e[2 * 8 + 5] = hc_sched_tag(3, 1);
  e[2 * 8 + 6] = hc_sched_tag(3, 2);
  e[3 * 8 + 0] = hc_sched_tag(1, 2);
  e[3 * 8 + 3] = hc_sched_tag(1, 3);
  e[3 * 8 + 4] = hc_sched_tag(0, 0);
  e[3 * 8 + 5] = hc_sched_tag(0, 1);
  e[3 * 8 + 6] = hc_sched_tag(3, 1);
  e[3 * 8 + 7] = hc_sched_tag(0, 3);
}

/* An expected write: node, target, unit, index, field, data. */
static void want(hc_cfg_op **o, uint32_t node, unsigned tgt, unsigned unit,
                 uint32_t idx, unsigned field, uint32_t wdata) {
  hc_cfg_op *op = (*o)++;
  memset(op, 0, sizeof *op);
  op->we = 1;
  op->node = node;
  op->tgt = (uint8_t)tgt;
  op->unit = (uint8_t)unit;
  op->idx = idx;
  op->field = (uint8_t)field;
  op->wdata = wdata;
}

/* Three fields at one index. */
static void want3(hc_cfg_op **o, uint32_t node, unsigned tgt, unsigned unit,
                  uint32_t idx, uint32_t f0, uint32_t f1, uint32_t f2) {
  want(o, node, tgt, unit, idx, 0, f0);
  want(o, node, tgt, unit, idx, 1, f1);
  want(o, node, tgt, unit, idx, 2, f2);
}

static void test_hand_placement(void **state) {
  (void)state;
  static const uint8_t bank[4][8] = {{2, 2, 2, 2, 2, 2, 1, 2},
                                     {2, 2, 2, 2, 0, 0, 1, 0},
                                     {2, 2, 2, 2, 2, 0, 0, 2},
                                     {1, 2, 2, 1, 1, 1, 1, 1}};
  static const uint32_t off[4][8] = {{0, 1, 2, 3, 4, 5, 0, 6},
                                     {0, 1, 2, 3, 0, 1, 0, 2},
                                     {0, 1, 2, 3, 4, 0, 1, 5},
                                     {0, 0, 1, 1, 2, 3, 4, 5}};
  hc_sched_case c;
  hc_sfload l;
  hand_case(&c);
  build_ok(&c, 5, &l);
  assert_int_equal(l.d, 2);
  assert_int_equal(l.nodes, 4);
  assert_int_equal(l.mem_words, 8);
  for (uint32_t x = 0; x < 4; x++)
    for (uint32_t a = 0; a < 8; a++) {
      assert_int_equal(l.place[x * 8 + a].bank, bank[x][a]);
      assert_int_equal(l.place[x * 8 + a].offset, off[x][a]);
    }
  assert_int_equal(l.bank_max, 7);
  assert_int_equal(l.seg_max, 4); /* gather table of link 1 1 */
  assert_int_equal(l.desc_max, 2);
  hc_cfg_op op;
  hc_sfload_read_op(&l, 3, 5, &op);
  assert_true(op.re == 1 && op.we == 0 && op.node == 3 &&
              op.tgt == HC_SF_TGT_BANK && op.unit == 1 && op.idx == 3);
  hc_sfload_read_op(&l, 0, 7, &op);
  assert_true(op.re == 1 && op.unit == 2 && op.idx == 6);
  hc_sfload_free(&l);
  assert_null(l.ops);
  hc_sfload_free(NULL);
  hc_sched_case_free(&c);
}

static void test_hand_ops(void **state) {
  (void)state;
  enum { G = HC_SF_TGT_GLOBAL, D = HC_SF_TGT_TXDESC, GS = HC_SF_TGT_GSEG,
         SS = HC_SF_TGT_SSEG, B = HC_SF_TGT_BANK, CN = HC_SF_TGT_COUNT };
  hc_cfg_op exp[109], *o = exp;
  /* mode, beta */
  want(&o, 0, G, 0, 0, 0, 1);
  want(&o, 0, G, 0, 1, 0, 5);
  /* counts: packets of TX i, segments of RX i, for (x, i) in order */
  static const uint32_t cnt[8][2] = {{2, 0}, {0, 1}, {0, 2}, {2, 1},
                                     {0, 1}, {1, 0}, {1, 0}, {1, 3}};
  for (unsigned k = 0; k < 8; k++) {
    want(&o, k / 2, CN, k % 2, 0, 0, cnt[k][0]);
    want(&o, k / 2, CN, k % 2, 0, 1, cnt[k][1]);
  }
  /* descriptors: words, need[0], need[1] */
  want3(&o, 0, D, 0, 0, 2, 0, 0); /* A */
  want3(&o, 0, D, 0, 1, 1, 0, 0); /* B */
  want3(&o, 1, D, 1, 0, 4, 1, 0); /* D */
  want3(&o, 1, D, 1, 1, 2, 2, 1); /* E */
  want3(&o, 2, D, 1, 0, 1, 1, 0); /* G */
  want3(&o, 3, D, 0, 0, 2, 0, 0); /* F */
  want3(&o, 3, D, 1, 0, 1, 0, 0); /* C */
  /* gather segments: offset, length, bank */
  want3(&o, 0, GS, 0, 0, 0, 2, 2); /* A: words 0,1 */
  want3(&o, 0, GS, 0, 1, 3, 1, 2); /* B: word 3 */
  want3(&o, 1, GS, 1, 0, 2, 2, 2); /* D: words 2,3, own bank */
  want3(&o, 1, GS, 1, 1, 0, 2, 0); /* D: words 4,5, bank 0 */
  want3(&o, 1, GS, 1, 2, 0, 1, 1); /* E: word 6, bank 1 */
  want3(&o, 1, GS, 1, 3, 2, 1, 0); /* E: word 7, bank 0 */
  want3(&o, 2, GS, 1, 0, 0, 1, 0); /* G: word 5, bank 0 */
  want3(&o, 3, GS, 0, 0, 0, 2, 2); /* F: words 1,2 */
  want3(&o, 3, GS, 1, 0, 0, 1, 2); /* C: word 1 */
  /* scatter segments: offset, length, last; by receiving node and engine */
  want3(&o, 0, SS, 1, 0, 0, 1, 1); /* G into node 0 */
  want3(&o, 1, SS, 0, 0, 0, 2, 1); /* A into node 1 */
  want3(&o, 1, SS, 0, 1, 2, 1, 1); /* B */
  want3(&o, 1, SS, 1, 0, 0, 1, 1); /* C */
  want3(&o, 2, SS, 0, 0, 0, 2, 1); /* F into node 2 */
  want3(&o, 3, SS, 1, 0, 0, 1, 0); /* D into node 3: word 0 */
  want3(&o, 3, SS, 1, 1, 1, 3, 1); /* D: words 3..5 */
  want3(&o, 3, SS, 1, 2, 4, 2, 1); /* E: words 6,7 */
  /* own banks, by offset */
  for (uint32_t a = 0; a < 4; a++) want(&o, 0, B, 2, a, 0, hc_sched_tag(0, a));
  want(&o, 0, B, 2, 4, 0, 0);
  want(&o, 0, B, 2, 5, 0, 0x55);
  want(&o, 0, B, 2, 6, 0, 0);
  for (uint32_t a = 0; a < 4; a++) want(&o, 1, B, 2, a, 0, hc_sched_tag(1, a));
  for (uint32_t a = 0; a < 5; a++) want(&o, 2, B, 2, a, 0, 0);
  want(&o, 2, B, 2, 5, 0, 77);
  want(&o, 3, B, 2, 0, 0, hc_sched_tag(3, 1));
  want(&o, 3, B, 2, 1, 0, hc_sched_tag(3, 2));
  assert_int_equal(o - exp, 109);

  hc_sched_case c;
  hc_sfload l;
  hand_case(&c);
  build_ok(&c, 5, &l);
  assert_int_equal(l.nops, 109);
  for (size_t k = 0; k < 109; k++) {
    const hc_cfg_op *a = &l.ops[k], *b = &exp[k];
    if (a->we != b->we || a->re != b->re || a->node != b->node ||
        a->tgt != b->tgt || a->unit != b->unit || a->idx != b->idx ||
        a->field != b->field || a->wdata != b->wdata)
      fail_msg("op %zu: got node %u tgt %u unit %u idx %u field %u wdata %u "
               "we %u re %u; expected node %u tgt %u unit %u idx %u field %u "
               "wdata %u",
               k, a->node, a->tgt, a->unit, a->idx, a->field, a->wdata, a->we,
               a->re, b->node, b->tgt, b->unit, b->idx, b->field, b->wdata);
  }
  hc_sfload_free(&l);
  hc_sched_case_free(&c);
}

static void test_hand_run(void **state) {
  (void)state;
  hc_sched_case c;
  hc_sfload l;
  hand_case(&c);
  check_case(&c, &l);
  hc_sfload_free(&l);
  hc_sched_case_free(&c);
}

/* ---------------------------------------------------------- generators */

static void test_broadcast2(void **state) {
  (void)state;
  for (unsigned d = 1; d <= 4; d++)
    for (uint32_t root = 0; root < (1u << d); root += 3) {
      hc_sched_case c;
      hc_sfload l;
      assert_int_equal(hc_sf_broadcast2(d, 12, root, &c), HC_OK);
      check_case(&c, &l);
      /* d stages, and the root's links carry all d packets */
      assert_int_equal(l.desc_max, d);
      hc_sfload_free(&l);
      hc_sched_case_free(&c);
    }
}

static void test_complete_exchange(void **state) {
  (void)state;
  for (unsigned d = 1; d <= 4; d++) {
    hc_sched_case c;
    hc_sfload l;
    assert_int_equal(hc_sf_complete_exchange(d, 12, &c), HC_OK);
    check_case(&c, &l);
    assert_int_equal(l.desc_max, d); /* one packet per link and stage */
    hc_sfload_free(&l);
    hc_sched_case_free(&c);
  }
}

static void test_total_exchange(void **state) {
  (void)state;
  for (unsigned d = 1; d <= 4; d++) {
    hc_sched_case c;
    hc_sfload l;
    assert_int_equal(hc_sf_total_exchange(d, 3, &c), HC_OK);
    check_case(&c, &l);
    assert_int_equal(l.desc_max, 1u << (d - 1)); /* one packet per unit */
    hc_sfload_free(&l);
    hc_sched_case_free(&c);
  }
}

/* --------------------------------------------------------------- limits */

/* Own bank: 2^BANK_AW words fit, one more does not. */
static void test_fit_own_bank(void **state) {
  (void)state;
  hc_sched_case c;
  hc_sfload l;
  new_case(&c, 1, 1u << HC_SF_BANK_AW);
  build_ok(&c, 3, &l);
  assert_int_equal(l.bank_max, 1u << HC_SF_BANK_AW);
  hc_sfload_free(&l);
  hc_sched_case_free(&c);
  new_case(&c, 1, (1u << HC_SF_BANK_AW) + 1);
  expect_fail(&c, 3, HC_EFIT, "BankAW = 11; BankAW = 12 holds it");
  hc_sched_case_free(&c);
}

/* A received bank: node 2 gets 2049 words over dimension 1, node 0's 2048
** own words and the one it got from node 1 (every other bank fits: each node
** owns 2048 words or receives all of its memory). */
static void test_fit_link_bank(void **state) {
  (void)state;
  hc_sched_case c;
  hc_sched_err e;
  hc_sfload l;
  const uint32_t m = 1u << HC_SF_BANK_AW;
  new_case(&c, 2, m + 1);
  for (uint32_t x = 0; x < 4; x++)
    if (x != 2) assert_int_equal(hc_sched_case_own(&c, x, 0, m), HC_OK);
  const hc_seg g0[] = {{0, 1}}, s0[] = {{m, 1}};
  const hc_seg g2[] = {{0, m + 1}}, s2[] = {{0, m + 1}};
  pkt(&c, 1, 0, g0, 1, s0, 1);
  pkt(&c, 0, 0, g0, 1, s0, 1);
  pkt(&c, 0, 1, g2, 1, s2, 1);
  pkt(&c, 2, 0, g0, 1, s0, 1);
  expect_fail(&c, 3, HC_EFIT,
              "node 2 needs 2049 words in bank 1; the hardware's banks have "
              "2048 (BankAW = 11; BankAW = 12 holds it)");
  assert_int_equal(hc_sfload_build(&c, 3, G0, &l, &e), HC_EFIT);
  hc_sched_case_free(&c);
}

/* 2^DESC_AW packets on a link fit, one more does not. */
static void test_fit_descriptors(void **state) {
  (void)state;
  for (uint32_t np = NDESC; np <= NDESC + 1; np++) {
    hc_sched_case c;
    hc_sfload l;
    new_case(&c, 1, np);
    assert_int_equal(hc_sched_case_own(&c, 0, 0, np), HC_OK);
    for (uint32_t k = 0; k < np; k++) {
      const hc_seg g[] = {{k, 1}}, s[] = {{k, 1}};
      pkt(&c, 0, 0, g, 1, s, 1);
    }
    if (np == NDESC) {
      build_ok(&c, 3, &l);
      assert_int_equal(l.desc_max, NDESC);
      hc_sfload_free(&l);
    } else {
      expect_fail(&c, 3, HC_EFIT,
                  "link 0 0 needs 65 packet descriptors; the hardware has 64 "
                  "(DescAW = 6; DescAW = 7 holds it)");
    }
    hc_sched_case_free(&c);
  }
}

/* 2^SEG_AW gather (scatter) segments fit, one more does not: a packet of
** single-word segments. */
static void test_fit_segments(void **state) {
  (void)state;
  for (int scatter = 0; scatter <= 1; scatter++)
    for (uint32_t ns = NSEG; ns <= NSEG + 1; ns++) {
      hc_sched_case c;
      hc_sfload l;
      hc_seg *one = malloc(ns * sizeof *one), all = {0, ns};
      assert_non_null(one);
      for (uint32_t k = 0; k < ns; k++) one[k] = (hc_seg){k, 1};
      new_case(&c, 1, ns);
      assert_int_equal(hc_sched_case_own(&c, 0, 0, ns), HC_OK);
      if (scatter) pkt(&c, 0, 0, &all, 1, one, ns);
      else pkt(&c, 0, 0, one, ns, &all, 1);
      if (ns == NSEG) {
        build_ok(&c, 3, &l);
        assert_int_equal(l.seg_max, NSEG);
        hc_sfload_free(&l);
      } else if (scatter) {
        expect_fail(&c, 3, HC_EFIT,
                    "link 0 0 (into node 1) needs 1025 scatter segments; the "
                    "hardware has 1024 (SegAW = 10; SegAW = 11 holds it)");
      } else {
        expect_fail(&c, 3, HC_EFIT,
                    "link 0 0 needs 1025 gather segments; the hardware has "
                    "1024 (SegAW = 10; SegAW = 11 holds it)");
      }
      free(one);
      hc_sched_case_free(&c);
    }
}

/* A packet of 2^LEN_W words (checked before the banks it also overflows;
** a segment is part of one packet, so this bounds segment lengths too). */
static void test_fit_words(void **state) {
  (void)state;
  hc_sched_case c;
  const uint32_t m = 1u << HC_SF_LEN_W;
  new_case(&c, 1, m);
  assert_int_equal(hc_sched_case_own(&c, 0, 0, m), HC_OK);
  const hc_seg g[] = {{0, m}}, s[] = {{0, m}};
  pkt(&c, 0, 0, g, 1, s, 1);
  expect_fail(&c, 3, HC_EFIT, "65536 words");
  expect_fail(&c, 3, HC_EFIT, "HC_SF_LEN_W = 16");
  hc_sched_case_free(&c);
}

/* A threshold of 128 (> 2^(DESC_AW+1) - 1): node 0's packet over dimension
** 0 needs the 128th packet node 2 sends it over dimension 1. Node 0's
** engines are checked before node 2's (whose 128 packets do not fit either). */
static void test_fit_need(void **state) {
  (void)state;
  hc_sched_case c;
  hc_sched_err e;
  hc_sfload l;
  new_case(&c, 2, 128);
  assert_int_equal(hc_sched_case_own(&c, 2, 0, 128), HC_OK);
  for (uint32_t k = 0; k < 128; k++) {
    const hc_seg g[] = {{k, 1}}, s[] = {{k, 1}};
    pkt(&c, 2, 1, g, 1, s, 1);
  }
  const hc_seg g[] = {{127, 1}}, s[] = {{0, 1}};
  pkt(&c, 0, 0, g, 1, s, 1);
  expect_fail(&c, 3, HC_EFIT, "(DescAW + 1 = 7 bits; DescAW = 7 holds it)");
  assert_int_equal(hc_sfload_build(&c, 3, G0, &l, &e), HC_EFIT);
  assert_non_null(strstr(e.msg, "link 0 0 0 waits for 128 packets"));
  hc_sched_case_free(&c);
}

/* --------------------------------------------------- geometry and need */

/* Build c against geometry g: HC_OK, or the status with sub in the message. */
static void fit_in(hc_sched_case *c, hc_sf_geom g, int code, const char *sub) {
  hc_sfload l;
  hc_sched_err e;
  int rc = hc_sfload_build(c, 3, g, &l, &e);
  if (rc != code || (sub && !strstr(e.msg, sub)))
    fail_msg("geometry %u.%u.%u: expected %d with \"%s\", got %d: %s", g.bank_aw, g.seg_aw, g.desc_aw, code,
             sub ? sub : "", rc, e.msg);
  if (rc == HC_OK) {
    hc_sf_geom r = hc_sf_geom_resolve(g);
    assert_true(hc_sf_geom_eq(l.geom, r));
  }
  hc_sfload_free(&l);
}

/* The need of a case is the smallest geometry that holds it: the case
** fits that geometry, and fails with one field one smaller, naming it. */
static void need_is_tight(hc_sched_case *c, hc_sf_geom want) {
  hc_sf_geom g;
  hc_sched_err e;
  int rc = hc_sfload_need(c, &g, &e);
  if (rc != HC_OK) fail_msg("need: %s: %s", hc_status_name(rc), e.msg);
  if (g.bank_aw != want.bank_aw || g.seg_aw != want.seg_aw || g.desc_aw != want.desc_aw)
    fail_msg("need %u.%u.%u, expected %u.%u.%u", g.bank_aw, g.seg_aw, g.desc_aw, want.bank_aw, want.seg_aw,
             want.desc_aw);
  fit_in(c, g, HC_OK, NULL);
  hc_sf_geom b = g;
  if (b.bank_aw > 1) {
    b.bank_aw--;
    fit_in(c, b, HC_EFIT, "BankAW");
    b = g;
  }
  if (b.seg_aw > 1) {
    b.seg_aw--;
    fit_in(c, b, HC_EFIT, "SegAW");
    b = g;
  }
  if (b.desc_aw > 1) {
    b.desc_aw--;
    fit_in(c, b, HC_EFIT, "DescAW");
  }
}

/* The limit cases above against a geometry that holds them, and the need
** function on each: banks, descriptors, segments, thresholds. */
static void test_need_and_geometry(void **state) {
  (void)state;
  hc_sched_case c;
  /* own bank of 2^11 + 1 words: BankAW 12 */
  new_case(&c, 1, (1u << HC_SF_BANK_AW) + 1);
  fit_in(&c, G0, HC_EFIT, "BankAW = 11; BankAW = 12 holds it");
  fit_in(&c, (hc_sf_geom){12, 0, 0}, HC_OK, NULL);
  need_is_tight(&c, (hc_sf_geom){12, 1, 1});
  hc_sched_case_free(&c);
  /* 65 packets on a link: DescAW 7; 65 single-word segments each way */
  new_case(&c, 1, 65);
  assert_int_equal(hc_sched_case_own(&c, 0, 0, 65), HC_OK);
  for (uint32_t k = 0; k < 65; k++) {
    const hc_seg g[] = {{k, 1}}, sg[] = {{k, 1}};
    pkt(&c, 0, 0, g, 1, sg, 1);
  }
  fit_in(&c, G0, HC_EFIT, "DescAW = 6; DescAW = 7 holds it");
  fit_in(&c, (hc_sf_geom){0, 0, 7}, HC_OK, NULL);
  fit_in(&c, (hc_sf_geom){0, 6, 7}, HC_EFIT, "needs 65 gather segments; the hardware has 64 (SegAW = 6; SegAW = 7");
  need_is_tight(&c, (hc_sf_geom){7, 7, 7});
  hc_sched_case_free(&c);
  /* a threshold of 128 (node 2's 128 packets also need DescAW 7) */
  new_case(&c, 2, 128);
  assert_int_equal(hc_sched_case_own(&c, 2, 0, 128), HC_OK);
  for (uint32_t k = 0; k < 128; k++) {
    const hc_seg g[] = {{k, 1}}, sg[] = {{k, 1}};
    pkt(&c, 2, 1, g, 1, sg, 1);
  }
  const hc_seg g[] = {{127, 1}}, sg[] = {{0, 1}};
  pkt(&c, 0, 0, g, 1, sg, 1);
  fit_in(&c, (hc_sf_geom){0, 0, 7}, HC_OK, NULL);
  need_is_tight(&c, (hc_sf_geom){7, 7, 7}); /* 128 words, 128 segments */
  hc_sched_case_free(&c);
  /* a threshold alone decides DescAW: 1 packet per link, but the need
  ** counts 3 packets of another link (2 bits: DescAW 1 counts to 3) */
  new_case(&c, 2, 8);
  assert_int_equal(hc_sched_case_own(&c, 2, 0, 4), HC_OK);
  for (uint32_t k = 0; k < 3; k++) {
    const hc_seg g1[] = {{k, 1}}, s1[] = {{k, 1}};
    pkt(&c, 2, 1, g1, 1, s1, 1);
  }
  const hc_seg g2[] = {{2, 1}}, s2[] = {{0, 1}};
  pkt(&c, 0, 0, g2, 1, s2, 1);
  hc_sf_geom n;
  assert_int_equal(hc_sfload_need(&c, &n, NULL), HC_OK);
  assert_int_equal(n.desc_aw, 2); /* 3 packets on link (2, 1): 4 descriptors */
  hc_sched_case_free(&c);
}

/* A geometry field outside 1..16 is refused; a case needing more than 16
** bits is HC_EFIT from the need function with the field named. */
static void test_geometry_range(void **state) {
  (void)state;
  hc_sched_case c;
  hc_sched_err e;
  hc_sfload l;
  new_case(&c, 1, 4);
  assert_int_equal(hc_sfload_build(&c, 3, (hc_sf_geom){HC_SF_AW_MAX + 1, 0, 0}, &l, &e), HC_EPARAM);
  assert_non_null(strstr(e.msg, "BankAW 17"));
  /* 4 words nobody writes, in the own bank: BankAW 2 */
  assert_int_equal(hc_sfload_build(&c, 3, (hc_sf_geom){1, 1, 1}, &l, &e), HC_EFIT);
  assert_int_equal(hc_sfload_build(&c, 3, (hc_sf_geom){2, 1, 1}, &l, &e), HC_OK);
  assert_true(hc_sf_geom_eq(l.need, (hc_sf_geom){2, 1, 1}));
  hc_sfload_free(&l);
  hc_sched_case_free(&c);
  /* 2^16 + 1 own words: BankAW 17 is needed, the port cannot address it */
  new_case(&c, 1, (1u << 16) + 1);
  hc_sf_geom n;
  assert_int_equal(hc_sfload_need(&c, &n, &e), HC_EFIT);
  assert_int_equal(n.bank_aw, 17);
  assert_non_null(strstr(e.msg, "BankAW = 17"));
  hc_sched_case_free(&c);
  assert_int_equal(hc_sfload_need(NULL, &n, NULL), HC_EPARAM);
}

/* d = 16: bank 16 does not fit the port's 4-bit unit. */
static void test_fit_dim(void **state) {
  (void)state;
  hc_sched_case c;
  new_case(&c, 16, 1);
  expect_fail(&c, 3, HC_EFIT, "d is at most 15");
  hc_sched_case_free(&c);
}

static void test_beta(void **state) {
  (void)state;
  hc_sched_case c;
  hc_sfload l;
  hand_case(&c);
  expect_fail(&c, 2, HC_EPARAM, "HC_SF_BETA_MIN = 3");
  expect_fail(&c, 0, HC_EPARAM, "beta 0");
  expect_fail(&c, 1u << HC_SF_BETA_W, HC_EPARAM, "HC_SF_BETA_W = 16");
  build_ok(&c, 3, &l);
  assert_int_equal(l.ops[1].wdata, 3);
  hc_sfload_free(&l);
  build_ok(&c, (1u << HC_SF_BETA_W) - 1, &l);
  assert_int_equal(l.ops[1].wdata, 65535);
  assert_int_equal(l.ops[1].idx, HC_SF_REG_BETA);
  hc_sfload_free(&l);
  hc_sched_case_free(&c);
}

/* A validator error comes through unchanged, before beta is looked at. */
static void test_invalid(void **state) {
  (void)state;
  hc_sched_case c;
  hc_sched_err e, v;
  hc_sfload l;
  hand_case(&c);
  const hc_seg g[] = {{0, 1}}, s[] = {{1, 1}}; /* node 1's own word 1 */
  pkt(&c, 0, 0, g, 1, s, 1);
  assert_int_equal(hc_sched_validate(c.sched, &v), HC_EOVERLAP);
  memset(&l, 0xAB, sizeof l);
  assert_int_equal(hc_sfload_build(&c, 1, G0, &l, &e), HC_EOVERLAP);
  assert_int_equal(e.code, v.code);
  assert_int_equal(e.line, v.line);
  assert_string_equal(e.msg, v.msg);
  assert_null(l.ops);
  assert_null(l.place);
  assert_int_equal(l.nops, 0);
  hc_sched_case_free(&c);
  assert_int_equal(hc_sfload_build(NULL, 3, G0, &l, NULL), HC_EPARAM);
}

/* ------------------------------------------------------------ combining */

/*
** A 2-cube, mem 8: node 1 (dim 0) and node 2 (dim 1) add into node 0's
** words 0..1 (own), node 2 also into word 2 (not own); node 3 (dim 0) and
** node 0 (dim 1) OR into node 2's word 6; node 0 forwards its words 0..1
** to node 1's 4..5 with a write. Placement: node 0's combined words 0, 1,
** 2 at offsets 0, 1, 2 of every bank (masks 111, 111, 110: the own bank 2
** and the contributing links), its plain words 3..7 at 3..7 of bank 2;
** node 2's word 6 at offset 0 (mask 111, or), its plain words 0..5, 7 at
** 1..7 of bank 2; node 1's 4..5 at 0..1 of bank 0 (no combined words).
*/
static void test_comb_placement(void **state) {
  (void)state;
  static const char text[] =
      "hcsched 1\ndim 2\nmem 8\nown 0: 0+2\nown 1: 0+2\nown 2: 0+3\nown 3: 0+2\n"
      "link 0 0 0: gather 0+2 -> scatter 4+2\n"
      "link 0 1 0: gather 1+1 -> or 6+1\n"
      "link 1 0 0: gather 0+2 -> add 0+2\n"
      "link 2 1 0: gather 0+3 -> add 0+3\n"
      "link 3 0 0: gather 0+1 -> or 6+1\n";
  hc_sched_case c = {0};
  hc_sched_err e;
  hc_sfload l;
  assert_int_equal(hc_sched_parse(text, strlen(text), &c.sched, &e), HC_OK);
  assert_int_equal(hc_sched_case_alloc(&c), HC_OK);
  for (size_t w = 0; w < 32; w++) c.init[w] = 0x100u + (uint32_t)w;
  build_ok(&c, 3, &l);
  static const uint8_t op0[8] = {1, 1, 1, 0, 0, 0, 0, 0};
  static const uint16_t mask0[8] = {7, 7, 6, 0, 0, 0, 0, 0};
  for (uint32_t a = 0; a < 8; a++) {
    const hc_sf_place *p = &l.place[a];
    assert_int_equal(p->bank, 2);
    assert_int_equal(p->offset, a);
    assert_int_equal(p->op, op0[a] ? HC_SF_COMB_ADD : 0);
    assert_int_equal(p->mask, mask0[a]);
  }
  for (uint32_t a = 0; a < 8; a++) {
    const hc_sf_place *p = &l.place[2 * 8 + a];
    assert_int_equal(p->offset, a == 6 ? 0 : a < 6 ? a + 1 : 7);
    assert_int_equal(p->op, a == 6 ? HC_SF_COMB_OR : 0);
  }
  assert_int_equal(l.place[8 + 4].bank, 0);
  assert_int_equal(l.place[8 + 4].offset, 0);
  assert_int_equal(l.place[8 + 5].offset, 1);
  assert_int_equal(l.bank_max, 8);
  /* the writes: node 0's gather segment combines banks 0..2 with add; the
  ** own bank gets own data at offsets 0, 1 and 0 (not the init value) at
  ** offset 2, the combined word that is not own; node 1's and 2's RX
  ** engines scatter into the same combine offsets */
  int comb_seg = 0, zero = 0, own = 0, rx0 = 0, rx1 = 0;
  for (size_t k = 0; k < l.nops; k++) {
    const hc_cfg_op *o = &l.ops[k];
    if (o->node == 0 && o->tgt == HC_SF_TGT_GSEG && o->unit == 0 &&
        o->field == HC_SF_GSEG_COMB)
      comb_seg += o->wdata == (7u | HC_SF_COMB_ADD << HC_SF_COMB_OP_SHIFT);
    if (o->node == 0 && o->tgt == HC_SF_TGT_BANK && o->idx == 2)
      zero += o->wdata == 0;
    if (o->node == 0 && o->tgt == HC_SF_TGT_BANK && o->idx < 2)
      own += o->wdata == 0x100u + o->idx;
    if (o->node == 0 && o->tgt == HC_SF_TGT_SSEG && o->field == HC_SF_SSEG_OFF)
      *(o->unit == 0 ? &rx0 : &rx1) += o->wdata == 0;
  }
  assert_int_equal(comb_seg, 1);
  assert_int_equal(zero, 1);
  assert_int_equal(own, 2);
  assert_int_equal(rx0, 1);
  assert_int_equal(rx1, 1);
  /* the read-back of a combined word is the combined read */
  hc_cfg_op op;
  hc_sfload_read_op(&l, 0, 2, &op);
  assert_true(op.re == 1 && op.tgt == HC_SF_TGT_COMB && op.idx == 2 &&
              op.field == HC_SF_COMB_ADD && op.wdata == 6);
  hc_sfload_read_op(&l, 2, 6, &op);
  assert_true(op.tgt == HC_SF_TGT_COMB && op.idx == 0 &&
              op.field == HC_SF_COMB_OR && op.wdata == 7);
  hc_sfload_read_op(&l, 2, 7, &op);
  assert_true(op.tgt == HC_SF_TGT_BANK && op.unit == 2 && op.idx == 7);
  hc_sfload_free(&l);
  hc_sched_case_free(&c);
}

/* A generator's sizes from its parameters (hc_sf_algo.sizes) are what the
** loader counts on the built case, for every size it claims to know, at
** d = 1..6 and message sizes that divide and that round; and the fit
** check from sizes refuses exactly the geometries the loader refuses. */
static void test_sizes_match_the_loader(void **state) {
  (void)state;
  static const uint32_t ms[] = {1, 2, 7, 12, 60, 64};
  const hc_sf_geom big = {HC_SF_AW_MAX, HC_SF_AW_MAX, HC_SF_AW_MAX};
  unsigned checked = 0;
  for (const hc_sf_algo *const *a = hc_sf_algos; *a; a++) {
    if (!(*a)->sizes) continue;
    for (unsigned d = 1; d <= 6; d++)
      for (size_t k = 0; k < sizeof ms / sizeof ms[0]; k++) {
        hc_sf_params p;
        hc_sf_params_init(&p, d, ms[k], 4);
        if ((*a)->check(&p, NULL, 0) != HC_OK) continue;
        hc_sf_sizes z;
        (*a)->sizes(&p, &z);
        hc_sched_case c;
        hc_sfload l;
        hc_sched_err e;
        assert_int_equal((*a)->build(&p, &c), HC_OK);
        assert_int_equal(hc_sfload_build(&c, 4, big, &l, &e), HC_OK);
        if ((z.bank_words && z.bank_words != l.bank_max) || (z.packets && z.packets != l.desc_max) ||
            (z.segments && z.segments != l.seg_max) || (z.threshold && z.threshold != l.need_max) ||
            z.node_words != hc_sched_mem_words(c.sched) ||
            (z.all_packets && z.all_packets != hc_sched_num_packets(c.sched)))
          fail_msg("%s d=%u m=%u: sizes bank %llu packets %llu segments %llu threshold %llu words %llu; the loader "
                   "counts %u, %u, %u, %u, %u", (*a)->name, d, ms[k], (unsigned long long)z.bank_words,
                   (unsigned long long)z.packets, (unsigned long long)z.segments, (unsigned long long)z.threshold,
                   (unsigned long long)z.node_words, l.bank_max, l.desc_max, l.seg_max, l.need_max,
                   hc_sched_mem_words(c.sched));
        /* one below the known needs: both refuse (the sizes' check names the limit) */
        const hc_sf_geom need = hc_sfload_geom_for(&z);
        hc_sf_geom g = l.need;
        char why[256];
        assert_int_equal(hc_sfload_fit_sizes(&z, g, why, sizeof why), HC_OK);
        if (need.bank_aw > 1 && z.bank_words) {
          g.bank_aw = need.bank_aw - 1;
          assert_int_equal(hc_sfload_fit_sizes(&z, g, why, sizeof why), HC_EFIT);
          assert_non_null(strstr(why, "BankAW"));
          hc_sfload m;
          assert_int_equal(hc_sfload_build(&c, 4, g, &m, &e), HC_EFIT);
        }
        hc_sfload_free(&l);
        hc_sched_case_free(&c);
        checked++;
      }
  }
  assert_true(checked >= 20);
}

/* The sizes' check names the limit, the parameter that holds the case, or
** that none does. */
static void test_fit_sizes_words(void **state) {
  (void)state;
  char why[256];
  const hc_sf_sizes te8 = {257 * 4, 128, 128, 0, 0, 0};
  assert_int_equal(hc_sfload_fit_sizes(&te8, G0, why, sizeof why), HC_EFIT);
  assert_string_equal(why, "a link carries 128 packets; the hardware has 64 packet descriptors (DescAW = 6; DescAW "
                           "= 7 holds it)");
  const hc_sf_sizes huge = {1ull << 17, 1, 0, 0, 0, 0};
  assert_int_equal(hc_sfload_fit_sizes(&huge, (hc_sf_geom){16, 16, 16}, why, sizeof why), HC_EFIT);
  assert_non_null(strstr(why, "a node needs 131072 words in one bank; the hardware's banks have 65536 (BankAW = 16; "
                              "no build holds it: it needs BankAW = 17"));
  const hc_sf_sizes none = {0, 0, 0, 0, 0, 0};
  assert_int_equal(hc_sfload_fit_sizes(&none, (hc_sf_geom){1, 1, 1}, why, sizeof why), HC_OK);
}

int main(void) {
  const struct CMUnitTest sfload[] = {
      cmocka_unit_test(test_hand_placement),
      cmocka_unit_test(test_hand_ops),
      cmocka_unit_test(test_hand_run),
      cmocka_unit_test(test_broadcast2),
      cmocka_unit_test(test_complete_exchange),
      cmocka_unit_test(test_total_exchange),
      cmocka_unit_test(test_fit_own_bank),
      cmocka_unit_test(test_fit_link_bank),
      cmocka_unit_test(test_fit_descriptors),
      cmocka_unit_test(test_fit_segments),
      cmocka_unit_test(test_fit_words),
      cmocka_unit_test(test_fit_need),
      cmocka_unit_test(test_need_and_geometry),
      cmocka_unit_test(test_geometry_range),
      cmocka_unit_test(test_fit_dim),
      cmocka_unit_test(test_beta),
      cmocka_unit_test(test_invalid),
      cmocka_unit_test(test_comb_placement),
      cmocka_unit_test(test_sizes_match_the_loader),
      cmocka_unit_test(test_fit_sizes_words),
  };
  return cmocka_run_group_tests_name("sfload", sfload, NULL, NULL);
}
