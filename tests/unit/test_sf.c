/*
** Unit tests of the store-and-forward engine model csim/hc_sf.c. Every
** expected value is worked out by hand from docs/store_and_forward.md
** (sections 1 and 7): a packet of m words that starts in schedule cycle t
** with start-up beta puts its words on the link in cycles t+beta ..
** t+beta+m-1, finishes at t+beta+m (the next packet on the link, or one that
** needs it, may start then), reads its words from the bank in cycles
** t+beta-2 .. t+beta+m-3, and sf_done_o rises in schedule cycle C+1 for a
** run of completion C. Schedule cycle 0 is the cycle after the start write.
** The schedules are small hand-built tables written through the
** configuration port, as the loader would; nothing is copied from the
** model's output.
**
** Build: cc -std=c11 -Wall -Wextra -Werror -g -fsanitize=address,undefined \
**          -Icsim tests/unit/test_sf.c csim/hc_sf.c -lcmocka
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hc_sf.h"

/* ---------------------------------------------------------------- driver */

#define T_MAXL 64   /* links of the largest cube tested (d <= 4) */
#define T_MAXT 128  /* schedule cycles of the longest timeline */

/* The engines under test and the outputs of the last cycle stepped. */
typedef struct tsf {
  hc_sf *s;
  unsigned d, n;
  uint8_t lv[T_MAXL];
  uint32_t lf[T_MAXL];
  uint8_t done;
  uint32_t rdata;
} tsf;

static void t_init(tsf *t, unsigned d, unsigned w) {
  memset(t, 0, sizeof *t);
  t->d = d;
  t->n = 1u << d;
  assert_true(t->n * d <= T_MAXL);
  assert_int_equal(hc_sf_new(d, w, (hc_sf_geom){0, 0, 0}, &t->s), 0);
  assert_non_null(t->s);
}

static void t_free(tsf *t) { hc_sf_free(t->s); }

/* One cycle with op (NULL: idle port); its outputs land in t. */
static void t_step(tsf *t, const hc_cfg_op *op) {
  hc_sf_step(t->s, op, t->lv, t->lf, &t->done, &t->rdata);
}

static void t_idle(tsf *t) { t_step(t, NULL); }

static hc_cfg_op t_op(int we, uint32_t node, uint8_t tgt, uint8_t unit,
                      uint32_t idx, uint8_t field, uint32_t wdata) {
  hc_cfg_op op;
  memset(&op, 0, sizeof op);
  op.we = (uint8_t)(we != 0);
  op.re = (uint8_t)(we == 0);
  op.node = node;
  op.tgt = tgt;
  op.unit = unit;
  op.idx = idx;
  op.field = field;
  op.wdata = wdata;
  return op;
}

/* One cycle writing wdata. */
static void t_wr(tsf *t, uint32_t node, uint8_t tgt, uint8_t unit,
                 uint32_t idx, uint8_t field, uint32_t wdata) {
  hc_cfg_op op = t_op(1, node, tgt, unit, idx, field, wdata);
  t_step(t, &op);
}

/* One cycle reading; the result is t->rdata after the next step. */
static void t_rd(tsf *t, uint32_t node, uint8_t tgt, uint8_t unit,
                 uint32_t idx) {
  hc_cfg_op op = t_op(0, node, tgt, unit, idx, 0, 0);
  t_step(t, &op);
}

/* Read global register idx; returns the value shown the next cycle. */
static uint32_t t_rdg(tsf *t, uint32_t idx) {
  t_rd(t, 0, HC_SF_TGT_GLOBAL, 0, idx);
  t_idle(t);
  return t->rdata;
}

/* Read bank b of node at offset o; returns the value shown the next cycle. */
static uint32_t t_rdb(tsf *t, uint32_t node, uint8_t b, uint32_t o) {
  t_rd(t, node, HC_SF_TGT_BANK, b, o);
  t_idle(t);
  return t->rdata;
}

/* Table writes, one cycle each. */
static void t_desc(tsf *t, uint32_t x, uint8_t i, uint32_t p, uint32_t words,
                   const uint32_t *need) {
  t_wr(t, x, HC_SF_TGT_TXDESC, i, p, 0, words);
  for (unsigned j = 0; j < t->d; j++)
    t_wr(t, x, HC_SF_TGT_TXDESC, i, p, (uint8_t)(1 + j), need ? need[j] : 0);
}
static void t_gseg(tsf *t, uint32_t x, uint8_t i, uint32_t sidx, uint32_t off,
                   uint32_t len, uint32_t bank) {
  t_wr(t, x, HC_SF_TGT_GSEG, i, sidx, 0, off);
  t_wr(t, x, HC_SF_TGT_GSEG, i, sidx, 1, len);
  t_wr(t, x, HC_SF_TGT_GSEG, i, sidx, 2, bank);
}
static void t_sseg(tsf *t, uint32_t y, uint8_t j, uint32_t sidx, uint32_t off,
                   uint32_t len, uint32_t last) {
  t_wr(t, y, HC_SF_TGT_SSEG, j, sidx, 0, off);
  t_wr(t, y, HC_SF_TGT_SSEG, j, sidx, 1, len);
  t_wr(t, y, HC_SF_TGT_SSEG, j, sidx, 2, last);
}
static void t_npkt(tsf *t, uint32_t x, uint8_t i, uint32_t v) {
  t_wr(t, x, HC_SF_TGT_COUNT, i, 0, 0, v);
}
static void t_nseg(tsf *t, uint32_t y, uint8_t j, uint32_t v) {
  t_wr(t, y, HC_SF_TGT_COUNT, j, 0, 1, v);
}
static void t_own(tsf *t, uint32_t x, uint32_t off, const uint32_t *w,
                  unsigned k) {
  for (unsigned a = 0; a < k; a++)
    t_wr(t, x, HC_SF_TGT_BANK, (uint8_t)t->d, off + a, 0, w[a]);
}
static void t_start(tsf *t) { t_wr(t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_START, 0, 0); }

static uint32_t t_ctr(tsf *t, unsigned x, unsigned i, unsigned id) {
  return hc_sf_counter(t->s, x, i, id);
}

/* Packets, busy cycles and words counted on link (x, i). */
static void t_check_ctr(tsf *t, unsigned x, unsigned i, uint32_t pk,
                        uint32_t busy, uint32_t words) {
  assert_int_equal(t_ctr(t, x, i, HC_CNT_SF_PACKETS), pk);
  assert_int_equal(t_ctr(t, x, i, HC_CNT_SF_BUSY), busy);
  assert_int_equal(t_ctr(t, x, i, HC_CNT_SF_WORDS), words);
}

/* m words on link (x*d + i) in schedule cycles t0 .. t0+m-1. */
typedef struct burst {
  unsigned link, t0, m;
  const uint32_t *w;
} burst;

/* A configuration op driven in schedule cycle t. */
typedef struct tev {
  unsigned t;
  hc_cfg_op op;
} tev;

/*
** Step schedule cycles 0 .. tend-1 (the start write was the last step),
** driving ev[] at their cycles, and check every cycle: each link is valid
** exactly inside its bursts with the burst's word as flit (0 when not
** valid), and sf_done_o is 1 exactly from cycle tdone on (tdone0: also in
** cycle 0, see test_sf_read_before_write). cfg_rdata of each cycle goes to
** rdata[t] when rdata is not NULL.
*/
static void t_run(tsf *t, const burst *b, unsigned nb, const tev *ev,
                  unsigned nev, unsigned tdone, int tdone0, unsigned tend,
                  uint32_t *rdata) {
  assert_true(tend <= T_MAXT);
  for (unsigned c = 0; c < tend; c++) {
    const hc_cfg_op *op = NULL;
    for (unsigned k = 0; k < nev; k++)
      if (ev[k].t == c) op = &ev[k].op;
    t_step(t, op);
    for (unsigned l = 0; l < t->n * t->d; l++) {
      int v = 0;
      uint32_t f = 0;
      for (unsigned k = 0; k < nb; k++)
        if (b[k].link == l && c >= b[k].t0 && c < b[k].t0 + b[k].m) {
          v = 1;
          f = b[k].w[c - b[k].t0];
        }
      if (t->lv[l] != v || t->lf[l] != f)
        fail_msg("cycle %u link %u: valid %u flit %#x, expected %d %#x", c, l,
                 t->lv[l], t->lf[l], v, f);
    }
    if (t->done != (c >= tdone || (c == 0 && tdone0)))
      fail_msg("cycle %u: sf_done %u, expected from %u", c, t->done, tdone);
    if (rdata) rdata[c] = t->rdata;
  }
}

/* ------------------------------------------------------ global registers */

/*
** Reset values, read latency, refused and accepted writes, field
** truncation, the status bits and what start does to them (7.3, 7.5).
*/
static void test_sf_global_regs(void **state) {
  tsf t;
  (void)state;
  t_init(&t, 1, 16);
  assert_int_equal(hc_sf_mode(t.s), HC_MODE_WORMHOLE);
  /* A read in cycle c shows in c+1 only; before it, rdata is 0 (reset). */
  t_rd(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_BETA);
  assert_int_equal(t.rdata, 0);
  t_idle(&t);
  assert_int_equal(t.rdata, 3);
  t_idle(&t);
  assert_int_equal(t.rdata, 0);
  assert_false(t.done);
  /* Back-to-back reads: beta, mode, status, then nothing. */
  t_rd(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_BETA);
  t_rd(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_MODE);
  assert_int_equal(t.rdata, 3);
  t_rd(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_START);
  assert_int_equal(t.rdata, 0);
  t_idle(&t);
  assert_int_equal(t.rdata, 0);
  /* A read of another target shows 0 (here after a beta read). */
  t_rd(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_BETA);
  t_rd(&t, 0, HC_SF_TGT_TXDESC, 0, 0);
  assert_int_equal(t.rdata, 3);
  t_rd(&t, 0, HC_SF_TGT_COUNT, 0, 0);
  assert_int_equal(t.rdata, 0);
  t_idle(&t);
  assert_int_equal(t.rdata, 0);
  /* Truncated fields: tgt 8 is 0, idx 0x10001 is 1: beta. */
  t_rd(&t, 0, 8, 0, 0x10001u);
  t_idle(&t);
  assert_int_equal(t.rdata, 3);

  /* beta 2 is refused: error set, beta still 3. */
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_BETA, 0, 2);
  assert_int_equal(t_rdg(&t, HC_SF_REG_START), HC_SF_STATUS_ERROR);
  assert_int_equal(t_rdg(&t, HC_SF_REG_BETA), 3);
  /* beta 7 is accepted; the error bit stays. */
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_BETA, 0, 7);
  assert_int_equal(t_rdg(&t, HC_SF_REG_BETA), 7);
  assert_int_equal(t_rdg(&t, HC_SF_REG_START), HC_SF_STATUS_ERROR);
  /* beta is 16 bits: 0x10002 is 2 and refused. */
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_BETA, 0, 0x10002u);
  assert_int_equal(t_rdg(&t, HC_SF_REG_BETA), 7);
  /* mode 4 (no such mode; all 32 bits compared) is refused; 3 (circuit
  ** switching), 2 (store-and-forward by header) and 1 accepted. */
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_MODE, 0, 4);
  assert_int_equal(hc_sf_mode(t.s), HC_MODE_WORMHOLE);
  assert_int_equal(t_rdg(&t, HC_SF_REG_MODE), 0);
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_MODE, 0, 3);
  assert_int_equal(hc_sf_mode(t.s), HC_MODE_CIRCUIT);
  assert_int_equal(t_rdg(&t, HC_SF_REG_MODE), 3);
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_MODE, 0, 2);
  assert_int_equal(hc_sf_mode(t.s), HC_MODE_SAF);
  assert_int_equal(t_rdg(&t, HC_SF_REG_MODE), 2);
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_MODE, 0, 1);
  assert_int_equal(hc_sf_mode(t.s), HC_MODE_SF);
  assert_int_equal(t_rdg(&t, HC_SF_REG_MODE), 1);
  assert_int_equal(t_rdg(&t, HC_SF_REG_START), HC_SF_STATUS_ERROR);
  assert_false(t.done);

  /*
  ** Start with empty tables (npkt = nseg = 0 everywhere: completion 0).
  ** Start in cycle s clears the error at its end; the nodes are finished
  ** in schedule cycle 0 (= s+1) and sf_done_o is 1 from cycle 1 (= s+2).
  */
  t_start(&t);
  assert_false(t.done);
  t_rd(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_START); /* cycle 0 */
  assert_false(t.done);
  t_rd(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_START); /* cycle 1 */
  assert_true(t.done);
  assert_int_equal(t.rdata, 0); /* status of cycle 0: not done, no error */
  t_idle(&t);
  assert_int_equal(t.rdata, HC_SF_STATUS_DONE);
  assert_true(t.done);
  /* A refused write sets the error next to done. */
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_MODE, 0, 5);
  assert_int_equal(t_rdg(&t, HC_SF_REG_START),
                   HC_SF_STATUS_DONE | HC_SF_STATUS_ERROR);
  /* Mode 0 written in cycle c: sf_done_o is 0 from c+2 at the latest. */
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_MODE, 0, 0);
  t_idle(&t);
  t_idle(&t);
  assert_false(t.done);

  /* Reset: mode 0, beta 3, error 0, outputs 0. */
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_BETA, 0, 9);
  t_rd(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_BETA);
  hc_sf_reset(t.s);
  t_idle(&t);
  assert_int_equal(t.rdata, 0);
  assert_false(t.done);
  assert_int_equal(hc_sf_mode(t.s), HC_MODE_WORMHOLE);
  assert_int_equal(t_rdg(&t, HC_SF_REG_BETA), 3);
  assert_int_equal(t_rdg(&t, HC_SF_REG_START), 0);
  t_free(&t);
}

#define G0 ((hc_sf_geom){0, 0, 0})

/* A bank op of the port on node 0 of a 1-cube: write (we) or read. */
static hc_cfg_op bank_op(int we, uint32_t idx, uint32_t wdata) {
  hc_cfg_op op;
  memset(&op, 0, sizeof op);
  op.we = (uint8_t)(we != 0);
  op.re = (uint8_t)(we == 0);
  op.tgt = HC_SF_TGT_BANK;
  op.unit = 1; /* the own bank of a 1-cube */
  op.idx = idx;
  op.wdata = wdata;
  return op;
}

/* A non-default geometry truncates as the RTL built with it: BankAW 4
** ignores a bank write at offset 16 and reads offset 17 as 1 (the low
** BankAW bits); the back door does what a port cycle does. */
static void test_sf_geometry(void **state) {
  hc_sf *s = NULL;
  uint32_t rd = 0;
  hc_cfg_op w1 = bank_op(1, 1, 0x55), w16 = bank_op(1, 16, 0x77), r17 = bank_op(0, 17, 0);
  (void)state;
  assert_int_equal(hc_sf_new(1, 16, (hc_sf_geom){4, 2, 1}, &s), 0);
  hc_sf_step(s, &w1, NULL, NULL, NULL, NULL);
  hc_sf_step(s, &w16, NULL, NULL, NULL, NULL);
  hc_sf_step(s, &r17, NULL, NULL, NULL, NULL);
  hc_sf_step(s, NULL, NULL, NULL, NULL, &rd);
  assert_int_equal(rd, 0x55);
  assert_int_equal(hc_sf_backdoor_read(s, &r17), 0x55);
  hc_cfg_op w2 = bank_op(1, 2, 0x1234), r2 = bank_op(0, 2, 0);
  hc_sf_backdoor_write(s, &w2);
  hc_sf_step(s, &r2, NULL, NULL, NULL, NULL);
  hc_sf_step(s, NULL, NULL, NULL, NULL, &rd);
  assert_int_equal(rd, 0x1234);
  hc_sf_free(s);
}

/* hc_sf_new's parameter checks. */
static void test_sf_new_params(void **state) {
  hc_sf *s = NULL;
  (void)state;
  assert_int_equal(hc_sf_new(0, 16, G0, &s), 1);
  assert_null(s);
  assert_int_equal(hc_sf_new(16, 16, G0, &s), 1);
  assert_int_equal(hc_sf_new(2, 0, G0, &s), 1);
  assert_int_equal(hc_sf_new(2, 31, G0, &s), 1);
  assert_int_equal(hc_sf_new(2, 30, G0, &s), 0);
  hc_sf_free(s);
  assert_int_equal(hc_sf_new(2, 16, (hc_sf_geom){HC_SF_AW_MAX + 1, 0, 0}, &s), 1);
  assert_int_equal(hc_sf_new(2, 16, (hc_sf_geom){0, 0, HC_SF_AW_MAX + 1}, &s), 1);
  assert_int_equal(hc_sf_new(1, 16, (hc_sf_geom){HC_SF_AW_MAX, 1, 1}, &s), 0);
  assert_true(hc_sf_geom_eq(hc_sf_geom_of(s), (hc_sf_geom){16, 1, 1}));
  hc_sf_free(s);
  hc_sf_free(NULL);
}

/* ------------------------------------------------------------- 1-cube */

/* one_packet's own data and its load (the tables of the packet below,
** mode 1, beta, node 0's own bank); *t is initialised here. */
static const uint32_t one_packet_own[8] = {0x1000, 0x1011, 0x1022, 0x1033,
                                           0x1044, 0x1055, 0x1066, 0x1077};
static void one_packet_load(tsf *t, unsigned beta) {
  t_init(t, 1, 16);
  t_wr(t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_MODE, 0, 1);
  t_wr(t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_BETA, 0, beta);
  t_npkt(t, 0, 0, 1);
  t_nseg(t, 1, 0, 2);
  t_desc(t, 0, 0, 0, 4, NULL);
  t_gseg(t, 0, 0, 0, 2, 3, 1);
  t_gseg(t, 0, 0, 1, 6, 1, 1);
  t_sseg(t, 1, 0, 0, 5, 2, 0);
  t_sseg(t, 1, 0, 1, 0, 2, 1);
  t_own(t, 0, 0, one_packet_own, 8);
}

/*
** One packet of m = 4 words on link (0,0). Node 0's own bank (bank d = 1)
** holds own[0..7]; the packet gathers [2,3) + [6,1): own[2], own[3],
** own[4], own[6]. Node 1's RX engine 0 scatters them into its bank 0 at
** [5,2) + [0,2): bank0[5] = own[2], [6] = own[3], [0] = own[4],
** [1] = own[6]. Start at schedule cycle 0: words cross in cycles
** beta .. beta+3, finish = completion C = beta+4, sf_done_o from C+1.
*/
static void one_packet(unsigned beta) {
  const uint32_t *own = one_packet_own;
  const uint32_t stream[4] = {own[2], own[3], own[4], own[6]};
  const burst b[1] = {{0, beta, 4, stream}};
  unsigned c = beta + 4;
  tsf t;
  one_packet_load(&t, beta);
  assert_false(t.done);
  t_start(&t);
  assert_false(t.done);
  t_run(&t, b, 1, NULL, 0, c + 1, 0, c + 5, NULL);
  /* Busy cycles 0 .. beta+3, one packet, words on the link in 4 cycles. */
  t_check_ctr(&t, 0, 0, 1, beta + 4, 4);
  t_check_ctr(&t, 1, 0, 0, 0, 0);
  assert_int_equal(t_ctr(&t, 0, 1, HC_CNT_SF_PACKETS), 0); /* port d */
  assert_int_equal(t_ctr(&t, 0, 0, 0), 0);                 /* wormhole id */
  /* Read back node 1's bank 0 through the port, pipelined. */
  t_rd(&t, 1, HC_SF_TGT_BANK, 0, 5);
  t_rd(&t, 1, HC_SF_TGT_BANK, 0, 6);
  assert_int_equal(t.rdata, own[2]);
  t_rd(&t, 1, HC_SF_TGT_BANK, 0, 0);
  assert_int_equal(t.rdata, own[3]);
  t_rd(&t, 1, HC_SF_TGT_BANK, 0, 1);
  assert_int_equal(t.rdata, own[4]);
  t_rd(&t, 1, HC_SF_TGT_BANK, 0, 2);
  assert_int_equal(t.rdata, own[6]);
  t_rd(&t, 0, HC_SF_TGT_BANK, 1, 3);
  assert_int_equal(t.rdata, 0); /* never written */
  t_idle(&t);
  assert_int_equal(t.rdata, own[3]);
  assert_true(t.done);
  t_free(&t);
}

/*
** The trace (hc_sf_set_trace) of one_packet's run, beta = 4, cycle by
** cycle against the timing of 7.4: TX (0,0) busy in cycles 0 .. beta+3,
** reading its own bank (bank d = 1) at 2, 3, 4 (segment 0) and 6 (segment
** 1) in cycles beta-2 .. beta+1; RX (1,0) writing bank 0 at 5, 6 (segment
** 0) and 0, 1 (segment 1) in cycles beta .. beta+3; nothing else.
*/
static void test_sf_trace(void **state) {
  const unsigned beta = 4;
  const uint32_t roff[4] = {2, 3, 4, 6}, woff[4] = {5, 6, 0, 1};
  uint8_t busy[2], rd[2], wr[2];
  uint32_t rmask[2], ro[2], wo[2];
  const hc_sf_trace tr = {busy, rd, wr, rmask, ro, wo};
  tsf t;
  (void)state;
  one_packet_load(&t, beta);
  t_start(&t);
  hc_sf_set_trace(t.s, &tr);
  for (unsigned c = 0; c < beta + 8; c++) {
    memset(busy, 7, sizeof busy); /* the step must clear what it does not set */
    memset(rd, 7, sizeof rd);
    memset(wr, 7, sizeof wr);
    t_idle(&t);
    const int r = c + 2 >= beta && c + 2 < beta + 4, w = c >= beta && c < beta + 4;
    if (busy[0] != (c < beta + 4) || busy[1] != 0 || rd[0] != r || rd[1] != 0 || wr[0] != 0 ||
        wr[1] != w)
      fail_msg("cycle %u: busy %u %u, rd %u %u, wr %u %u", c, busy[0], busy[1], rd[0], rd[1],
               wr[0], wr[1]);
    if (r && (rmask[0] != 2u || ro[0] != roff[c + 2 - beta]))
      fail_msg("cycle %u: read of banks %#x at %u, expected bank 1 at %u", c, rmask[0], ro[0],
               roff[c + 2 - beta]);
    if (w && wo[1] != woff[c - beta])
      fail_msg("cycle %u: write at %u, expected %u", c, wo[1], woff[c - beta]);
  }
  hc_sf_set_trace(t.s, NULL);
  t_idle(&t); /* no trace: nothing written into the arrays */
  t_free(&t);
}

static void test_sf_one_packet_beta3(void **state) {
  (void)state;
  one_packet(3);
}

static void test_sf_one_packet_beta5(void **state) {
  (void)state;
  one_packet(5);
}

/*
** A forward and back-to-back packets on a 1-cube (tie rules 1, 2 and 4).
** A on (0,0): a[0..3] from node 0's own bank, to node 1 bank 0 [0,4).
** B on (1,0), position 0, need[0] = 1: gathers node 1 bank 0 [1,2) (a[1],
** a[2]) and own [0,1) (b[0]); C on (1,0), position 1, need 0: own [2,2)
** (b[2], b[3]). Node 0 scatters B to bank 0 [0,3), C to [3,2).
** A: start 0, words beta..beta+3, finish beta+4.
** B: start beta+4 (done[0] of node 1 counts A from then), words
**    2beta+4 .. 2beta+6, finish 2beta+7.
** C: ready from cycle 0 but behind B: start 2beta+7, words 3beta+7,
**    3beta+8, finish 3beta+9 = C; sf_done_o from 3beta+10.
*/
static void forward(unsigned beta) {
  static const uint32_t a[4] = {0x2000, 0x2001, 0x2002, 0x2003};
  static const uint32_t bo[4] = {0x3000, 0x3001, 0x3002, 0x3003};
  const uint32_t sb[3] = {a[1], a[2], bo[0]};
  const uint32_t sc[2] = {bo[2], bo[3]};
  const uint32_t need1[1] = {1};
  const burst b[3] = {{0, beta, 4, a},
                      {1, 2 * beta + 4, 3, sb},
                      {1, 3 * beta + 7, 2, sc}};
  unsigned c = 3 * beta + 9;
  tsf t;
  t_init(&t, 1, 16);
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_MODE, 0, 1);
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_BETA, 0, beta);
  t_npkt(&t, 0, 0, 1);
  t_npkt(&t, 1, 0, 2);
  t_nseg(&t, 1, 0, 1);
  t_nseg(&t, 0, 0, 2);
  t_desc(&t, 0, 0, 0, 4, NULL);
  t_gseg(&t, 0, 0, 0, 0, 4, 1);
  t_sseg(&t, 1, 0, 0, 0, 4, 1);
  t_desc(&t, 1, 0, 0, 3, need1);
  t_desc(&t, 1, 0, 1, 2, NULL);
  t_gseg(&t, 1, 0, 0, 1, 2, 0);
  t_gseg(&t, 1, 0, 1, 0, 1, 1);
  t_gseg(&t, 1, 0, 2, 2, 2, 1);
  t_sseg(&t, 0, 0, 0, 0, 3, 1);
  t_sseg(&t, 0, 0, 1, 3, 2, 1);
  t_own(&t, 0, 0, a, 4);
  t_own(&t, 1, 0, bo, 4);
  t_start(&t);
  t_run(&t, b, 3, NULL, 0, c + 1, 0, c + 4, NULL);
  t_check_ctr(&t, 0, 0, 1, beta + 4, 4);
  t_check_ctr(&t, 1, 0, 2, (beta + 3) + (beta + 2), 5);
  assert_int_equal(t_rdb(&t, 0, 0, 0), a[1]);
  assert_int_equal(t_rdb(&t, 0, 0, 1), a[2]);
  assert_int_equal(t_rdb(&t, 0, 0, 2), bo[0]);
  assert_int_equal(t_rdb(&t, 0, 0, 3), bo[2]);
  assert_int_equal(t_rdb(&t, 0, 0, 4), bo[3]);
  assert_int_equal(t_rdb(&t, 1, 0, 3), a[3]);
  t_free(&t);
}

static void test_sf_forward_beta3(void **state) {
  (void)state;
  forward(3);
}

static void test_sf_forward_beta6(void **state) {
  (void)state;
  forward(6);
}

/*
** A packet held by mode 0 and by its need, released by a write: start_now
** reads mode and need at the start of the cycle, so a write in cycle c
** starts the packet in c+1. d = 1, beta 3, one packet of 2 words own[0,2)
** on (0,0) with need[0] = 1 (node 0 never receives: it waits forever).
*/
static void test_sf_release_by_write(void **state) {
  static const uint32_t own[2] = {0x0a0a, 0x0b0b};
  const uint32_t need1[1] = {1};
  /* need[0] := 0 in cycle 6: start 7, words 10, 11, finish 12 = C. */
  const burst b[1] = {{0, 10, 2, own}};
  burst b2[1];
  tev ev[2];
  tsf t;
  (void)state;
  t_init(&t, 1, 16);
  t_npkt(&t, 0, 0, 1);
  t_nseg(&t, 1, 0, 1);
  t_desc(&t, 0, 0, 0, 2, need1);
  t_gseg(&t, 0, 0, 0, 0, 2, 1);
  t_sseg(&t, 1, 0, 0, 0, 2, 1);
  t_own(&t, 0, 0, own, 2);
  t_start(&t); /* in mode 0 */
  /* Mode 1 in cycle 2: still held by need until its write in cycle 6. */
  ev[0].t = 2;
  ev[0].op = t_op(1, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_MODE, 0, 1);
  ev[1].t = 6;
  ev[1].op = t_op(1, 0, HC_SF_TGT_TXDESC, 0, 0, 1, 0);
  t_run(&t, b, 1, ev, 2, 13, 0, 16, NULL);
  t_check_ctr(&t, 0, 0, 1, 5, 2);
  assert_int_equal(t_rdb(&t, 1, 0, 1), own[1]);
  /*
  ** Held by mode 0 alone (need[0] is 0 now): after reset the run starts
  ** in mode 0; mode 1 written in cycle 4 starts the packet in 5: words 8,
  ** 9, finish 10 = C, sf_done_o from 11.
  */
  hc_sf_reset(t.s);
  t_npkt(&t, 0, 0, 1); /* the counts are reset, the tables kept */
  t_nseg(&t, 1, 0, 1);
  t_start(&t);
  ev[0].t = 4;
  b2[0].link = 0, b2[0].t0 = 8, b2[0].m = 2, b2[0].w = own;
  t_run(&t, b2, 1, ev, 1, 11, 0, 14, NULL);
  t_check_ctr(&t, 0, 0, 1, 5, 2);
  t_free(&t);
}

/*
** A count write disarms the engines (section 7.3). d = 1, beta 3: one
** 2-word packet from node 0's own bank, words in cycles 3 and 4, C = 5,
** sf_done_o from 6. Then, with no start, node 0's count goes to 2, above
** the engine's position: the packet at position 1 must not start (an armed
** engine would start it at once, need[0] being 0): no word on any link, the
** packet counter stays 1, and sf_done_o falls after the write's cycle.
*/
static void test_sf_count_write_disarms(void **state) {
  static const uint32_t own[2] = {0x0c0c, 0x0d0d};
  const burst b[1] = {{0, 3, 2, own}};
  tsf t;
  (void)state;
  t_init(&t, 1, 16);
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_MODE, 0, 1);
  t_npkt(&t, 0, 0, 1);
  t_nseg(&t, 1, 0, 1);
  t_desc(&t, 0, 0, 0, 2, NULL);
  t_desc(&t, 0, 0, 1, 2, NULL);
  t_gseg(&t, 0, 0, 0, 0, 2, 1);
  t_gseg(&t, 0, 0, 1, 0, 2, 1);
  t_sseg(&t, 1, 0, 0, 0, 2, 1);
  t_own(&t, 0, 0, own, 2);
  t_start(&t);
  t_run(&t, b, 1, NULL, 0, 6, 0, 10, NULL);
  t_check_ctr(&t, 0, 0, 1, 5, 2);
  t_npkt(&t, 0, 0, 2);
  assert_int_equal(t.done, 1);
  /* sf_done_o is registered from the state at the start of the write's
  ** cycle, so it shows 1 once more (tdone0), then 0. */
  t_run(&t, NULL, 0, NULL, 0, T_MAXT, 1, 12, NULL);
  t_check_ctr(&t, 0, 0, 1, 5, 2);
  t_free(&t);
}

/* ------------------------------------------------------------- 2-cube */

/*
** d = 2, beta 4. Node 0 sends on both its links at once from its own bank
** (bank 2): P0 on (0,0) o[0..2] to node 1 bank 0 [0,3); P1 on (0,1)
** o[4..8] to node 2 bank 1 [10,5). Node 1 forwards o[1], o[2] (its bank 0
** [1,2)) on (1,1) to node 3 bank 1 [0,2), need[0] = 1, need[1] = 0; node 2
** forwards o[6] (its bank 1 [12,1)) on (2,0) to node 3 bank 0 [0,1),
** need[0] = 0, need[1] = 1.
** P0: start 0, words 4..6, finish 7. P1: start 0, words 4..8, finish 9.
** P2 on (1,1): start 7, words 11, 12, finish 13.
** P3 on (2,0): start 9, word 13, finish 14 = C; sf_done_o from 15.
** Links are numbered x*2 + i: (0,0) 0, (0,1) 1, (1,1) 3, (2,0) 4.
*/
static void test_sf_two_cube(void **state) {
  static const uint32_t o[10] = {0x50000, 0x50001, 0x50002, 0x50003,
                                 0x50004, 0x50005, 0x50006, 0x50007,
                                 0x50008, 0x50009};
  const uint32_t n10[2] = {1, 0}, n01[2] = {0, 1};
  const burst b[4] = {{0, 4, 3, o}, {1, 4, 5, o + 4}, {3, 11, 2, o + 1},
                      {4, 13, 1, o + 6}};
  tsf t;
  (void)state;
  t_init(&t, 2, 20);
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_MODE, 0, 1);
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_BETA, 0, 4);
  t_npkt(&t, 0, 0, 1);
  t_npkt(&t, 0, 1, 1);
  t_npkt(&t, 1, 1, 1);
  t_npkt(&t, 2, 0, 1);
  t_nseg(&t, 1, 0, 1);
  t_nseg(&t, 2, 1, 1);
  t_nseg(&t, 3, 1, 1);
  t_nseg(&t, 3, 0, 1);
  t_desc(&t, 0, 0, 0, 3, NULL);
  t_desc(&t, 0, 1, 0, 5, NULL);
  t_desc(&t, 1, 1, 0, 2, n10);
  t_desc(&t, 2, 0, 0, 1, n01);
  t_gseg(&t, 0, 0, 0, 0, 3, 2);
  t_gseg(&t, 0, 1, 0, 4, 5, 2);
  t_gseg(&t, 1, 1, 0, 1, 2, 0);
  t_gseg(&t, 2, 0, 0, 12, 1, 1);
  t_sseg(&t, 1, 0, 0, 0, 3, 1);
  t_sseg(&t, 2, 1, 0, 10, 5, 1);
  t_sseg(&t, 3, 1, 0, 0, 2, 1);
  t_sseg(&t, 3, 0, 0, 0, 1, 1);
  t_own(&t, 0, 0, o, 10);
  t_start(&t);
  t_run(&t, b, 4, NULL, 0, 15, 0, 18, NULL);
  t_check_ctr(&t, 0, 0, 1, 7, 3);
  t_check_ctr(&t, 0, 1, 1, 9, 5);
  t_check_ctr(&t, 1, 1, 1, 6, 2);
  t_check_ctr(&t, 2, 0, 1, 5, 1);
  t_check_ctr(&t, 3, 0, 0, 0, 0);
  t_check_ctr(&t, 1, 0, 0, 0, 0);
  assert_int_equal(hc_sf_counter(t.s, 0, 2, HC_CNT_SF_BUSY), 0); /* port d */
  for (unsigned k = 0; k < 3; k++) assert_int_equal(t_rdb(&t, 1, 0, k), o[k]);
  for (unsigned k = 0; k < 5; k++)
    assert_int_equal(t_rdb(&t, 2, 1, 10 + k), o[4 + k]);
  assert_int_equal(t_rdb(&t, 3, 1, 0), o[1]);
  assert_int_equal(t_rdb(&t, 3, 1, 1), o[2]);
  assert_int_equal(t_rdb(&t, 3, 0, 0), o[6]);
  t_free(&t);
}

/* ------------------------------------------------- port and bank timing */

/*
** The bank read port of copy 0 is shared with TX engine 0 (7.3). d = 2,
** beta 3; node 0's TX engine 0 sends own[0..3] on (0,0), reading offset
** k in cycle 1+k (reads in t+beta-2 .. t+beta+m-3 = 1..4); TX engine 1
** sends own[8..15] on (0,1), reading in cycles 1..8. Configuration reads
** of node 0's bank 2 at offset 30:
**   cycle 0: engine 0 not busy yet: own[30] (rdata in cycle 1);
**   cycle 2: engine 0 reads offset 1 of bank 2: own[1] (cycle 3);
**   cycle 3: own[2] (cycle 4);
**   cycle 5: only engine 1 reads (copy 1): own[30] (cycle 6);
**   cycle 4, node 1's bank 2 offset 30: another node, its own word (cycle 5).
** The links are unaffected: (0,0) own[0..3] in 3..6, (0,1) own[8..15] in
** 3..10; C = 11, sf_done_o from 12.
*/
static void test_sf_port_sharing(void **state) {
  uint32_t own[32], rd[T_MAXT];
  const uint32_t other = 0x1234;
  burst b[2];
  tev ev[5];
  tsf t;
  (void)state;
  for (unsigned k = 0; k < 32; k++) own[k] = 0x4000 + k;
  b[0].link = 0, b[0].t0 = 3, b[0].m = 4, b[0].w = own;
  b[1].link = 1, b[1].t0 = 3, b[1].m = 8, b[1].w = own + 8;
  t_init(&t, 2, 16);
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_MODE, 0, 1);
  t_npkt(&t, 0, 0, 1);
  t_npkt(&t, 0, 1, 1);
  t_nseg(&t, 1, 0, 1);
  t_nseg(&t, 2, 1, 1);
  t_desc(&t, 0, 0, 0, 4, NULL);
  t_desc(&t, 0, 1, 0, 8, NULL);
  t_gseg(&t, 0, 0, 0, 0, 4, 2);
  t_gseg(&t, 0, 1, 0, 8, 8, 2);
  t_sseg(&t, 1, 0, 0, 0, 4, 1);
  t_sseg(&t, 2, 1, 0, 0, 8, 1);
  t_own(&t, 0, 0, own, 32);
  t_own(&t, 1, 30, &other, 1);
  t_start(&t);
  ev[0].t = 0, ev[0].op = t_op(0, 0, HC_SF_TGT_BANK, 2, 30, 0, 0);
  ev[1].t = 2, ev[1].op = t_op(0, 0, HC_SF_TGT_BANK, 2, 30, 0, 0);
  ev[2].t = 3, ev[2].op = t_op(0, 0, HC_SF_TGT_BANK, 2, 30, 0, 0);
  ev[3].t = 4, ev[3].op = t_op(0, 1, HC_SF_TGT_BANK, 2, 30, 0, 0);
  ev[4].t = 5, ev[4].op = t_op(0, 0, HC_SF_TGT_BANK, 2, 30, 0, 0);
  t_run(&t, b, 2, ev, 5, 12, 0, 14, rd);
  assert_int_equal(rd[1], own[30]);
  assert_int_equal(rd[2], 0);
  assert_int_equal(rd[3], own[1]);
  assert_int_equal(rd[4], own[2]);
  assert_int_equal(rd[5], other);
  assert_int_equal(rd[6], own[30]);
  assert_int_equal(rd[7], 0);
  /* After the run the port reads the bank itself. */
  assert_int_equal(t_rdb(&t, 0, 2, 1), own[1]);
  for (unsigned k = 0; k < 8; k++)
    assert_int_equal(t_rdb(&t, 2, 1, k), own[8 + k]);
  t_free(&t);
}

/*
** Read before write (7.2, 7.3), bank write rules, a second start and
** reset. d = 1, beta 3, w = 16: node 0's TX engine 0 sends own[0..7] on
** (0,0), reading offset k in cycle 1+k; the word read in cycle c crosses
** in c+2 (3..10), and node 1's RX engine 0 writes word k into its bank 0
** at offset k at the end of cycle 3+k. C = 11, sf_done_o from 12.
** Run 1: a port write of own[2] in cycle 3, the cycle engine 0 reads
** offset 2, is not seen (own[2] crosses in cycle 5); a write of own[4] in
** cycle 4 is seen by the read of cycle 5 (crosses in 7).
*/
static void test_sf_read_before_write(void **state) {
  uint32_t own[8], s1[8], rd[T_MAXT];
  const uint32_t new2 = 0x0202, new4 = 0x0404;
  const burst b1[1] = {{0, 3, 8, s1}};
  tev ev[2];
  tsf t;
  (void)state;
  for (unsigned k = 0; k < 8; k++) own[k] = s1[k] = 0x6000 + k;
  s1[4] = new4;
  t_init(&t, 1, 16);
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_MODE, 0, 1);
  t_npkt(&t, 0, 0, 1);
  t_nseg(&t, 1, 0, 1);
  t_desc(&t, 0, 0, 0, 8, NULL);
  t_gseg(&t, 0, 0, 0, 0, 8, 1);
  t_sseg(&t, 1, 0, 0, 0, 8, 1);
  t_own(&t, 0, 0, own, 8);
  t_start(&t);
  ev[0].t = 3, ev[0].op = t_op(1, 0, HC_SF_TGT_BANK, 1, 2, 0, new2);
  ev[1].t = 4, ev[1].op = t_op(1, 0, HC_SF_TGT_BANK, 1, 4, 0, new4);
  t_run(&t, b1, 1, ev, 2, 12, 0, 14, NULL);
  t_check_ctr(&t, 0, 0, 1, 11, 8);
  assert_int_equal(t_rdb(&t, 0, 1, 2), new2);
  assert_int_equal(t_rdb(&t, 1, 0, 2), own[2]);
  assert_int_equal(t_rdb(&t, 1, 0, 4), new4);
  /* The port writes only the own bank, W bits of the word. */
  t_wr(&t, 1, HC_SF_TGT_BANK, 0, 2, 0, 0x7777);
  assert_int_equal(t_rdb(&t, 1, 0, 2), own[2]);
  t_wr(&t, 0, HC_SF_TGT_BANK, 1, 7, 0, 0xabcde);
  assert_int_equal(t_rdb(&t, 0, 1, 7), 0xbcde);
  t_wr(&t, 0, HC_SF_TGT_BANK, 1, 7, 0, own[7]);

  /*
  ** Run 2, same tables: the words are own[0..7] with new2 at 2 and new4
  ** at 4. new2 is written into node 1's bank 0 at the end of cycle 5: a
  ** read of it in cycle 5 returns the old own[2] (cycle 6), one in cycle 6
  ** the new word (cycle 7). sf_done_o is 0 in cycle 0 although the nodes
  ** were finished in the start cycle: a start makes that state stale
  ** (7.5); it rises again in 12. Start clears the counters.
  */
  s1[2] = new2;
  t_start(&t);
  ev[0].t = 5, ev[0].op = t_op(0, 1, HC_SF_TGT_BANK, 0, 2, 0, 0);
  ev[1].t = 6, ev[1].op = t_op(0, 1, HC_SF_TGT_BANK, 0, 2, 0, 0);
  t_run(&t, b1, 1, ev, 2, 12, 0, 14, rd);
  assert_int_equal(rd[6], own[2]);
  assert_int_equal(rd[7], new2);
  t_check_ctr(&t, 0, 0, 1, 11, 8);

  /* Reset clears the counters, the run and the engine counts (registers
  ** with a reset, 7.3); it keeps tables and banks. */
  hc_sf_reset(t.s);
  t_check_ctr(&t, 0, 0, 0, 0, 0);
  t_idle(&t);
  assert_false(t.done);
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_MODE, 0, 1);
  t_start(&t);
  t_run(&t, NULL, 0, NULL, 0, 1, 0, 3, NULL); /* no packets: done from 1 */
  t_npkt(&t, 0, 0, 1);
  t_nseg(&t, 1, 0, 1);
  t_start(&t);
  t_run(&t, b1, 1, NULL, 0, 12, 0, 14, NULL);
  t_check_ctr(&t, 0, 0, 1, 11, 8);
  t_free(&t);
}


/* ------------------------------------------------------------ combining */

/* A combined read through the port (target 6): op, bank mask, offset o. */
static uint32_t t_rdc(tsf *t, uint32_t node, uint8_t op, uint32_t mask,
                      uint32_t o) {
  hc_cfg_op q = t_op(0, node, HC_SF_TGT_COMB, 0, o, op, mask);
  t_step(t, &q);
  t_idle(t);
  return t->rdata;
}

/*
** A 2-cube, beta 3, W = 16. Node 1 (dim 0) and node 2 (dim 1) each send 2
** words into node 0's shares at combine offsets 0..1 (RX 0 into bank 0, RX
** 1 into bank 1; node 0's own values at bank 2, offsets 0..1); both start
** in cycle 0, their words cross in cycles 3, 4, finish 5. Node 0 then sends
** the two combined words (gather segment with comb = banks 0..2, add;
** need {1, 1}) to node 1: start 5, words in cycles 8, 9 (each the sum of
** the three shares mod 2^16, made in the read path: no extra cycle),
** finish 10, sf_done_o from 11. The port reads the sum and the OR.
*/
static void test_sf_combine(void **state) {
  (void)state;
  static const uint32_t a[2] = {0xFFFF, 0x0102}, c1[2] = {0x0003, 0x1010},
                        c2[2] = {0x0100, 0x2001};
  static const uint32_t sum[2] = {0x0102, 0x3113};
  const uint32_t need[2] = {1, 1};
  const burst b[3] = {{2, 3, 2, c1}, {5, 3, 2, c2}, {0, 8, 2, sum}};
  tsf t;
  t_init(&t, 2, 16);
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_MODE, 0, 1);
  t_wr(&t, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_BETA, 0, 3);
  t_npkt(&t, 1, 0, 1);
  t_npkt(&t, 2, 1, 1);
  t_npkt(&t, 0, 0, 1);
  t_nseg(&t, 0, 0, 1);
  t_nseg(&t, 0, 1, 1);
  t_nseg(&t, 1, 0, 1);
  t_desc(&t, 1, 0, 0, 2, NULL);
  t_gseg(&t, 1, 0, 0, 0, 2, 2);
  t_desc(&t, 2, 1, 0, 2, NULL);
  t_gseg(&t, 2, 1, 0, 0, 2, 2);
  t_desc(&t, 0, 0, 0, 2, need);
  t_gseg(&t, 0, 0, 0, 0, 2, 2); /* plain first: the comb write overrides */
  t_wr(&t, 0, HC_SF_TGT_GSEG, 0, 0, HC_SF_GSEG_COMB,
       7u | HC_SF_COMB_ADD << HC_SF_COMB_OP_SHIFT);
  t_sseg(&t, 0, 0, 0, 0, 2, 1);
  t_sseg(&t, 0, 1, 0, 0, 2, 1);
  t_sseg(&t, 1, 0, 0, 0, 2, 1);
  t_own(&t, 1, 0, c1, 2);
  t_own(&t, 2, 0, c2, 2);
  t_own(&t, 0, 0, a, 2);
  t_start(&t);
  t_run(&t, b, 3, NULL, 0, 11, 0, 14, NULL);
  t_check_ctr(&t, 0, 0, 1, 5, 2);
  assert_int_equal(t_rdb(&t, 1, 0, 0), sum[0]);
  assert_int_equal(t_rdb(&t, 1, 0, 1), sum[1]);
  assert_int_equal(t_rdc(&t, 0, HC_SF_COMB_ADD, 7, 0), sum[0]);
  assert_int_equal(t_rdc(&t, 0, HC_SF_COMB_ADD, 7, 1), sum[1]);
  assert_int_equal(t_rdc(&t, 0, HC_SF_COMB_OR, 7, 0), 0xFFFFu);
  assert_int_equal(t_rdc(&t, 0, HC_SF_COMB_ADD, 3, 0), 0x0103u);
  assert_int_equal(t_rdc(&t, 0, HC_SF_COMB_PLAIN, 2, 0), 0x0100u);
  assert_int_equal(t_rdc(&t, 0, HC_SF_COMB_ADD, 0, 0), 0u);
  assert_int_equal(t_rdb(&t, 0, 1, 1), c2[1]); /* the shares stay apart */
  t_free(&t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sf_global_regs),
      cmocka_unit_test(test_sf_new_params),
      cmocka_unit_test(test_sf_geometry),
      cmocka_unit_test(test_sf_one_packet_beta3),
      cmocka_unit_test(test_sf_one_packet_beta5),
      cmocka_unit_test(test_sf_forward_beta3),
      cmocka_unit_test(test_sf_forward_beta6),
      cmocka_unit_test(test_sf_release_by_write),
      cmocka_unit_test(test_sf_two_cube),
      cmocka_unit_test(test_sf_port_sharing),
      cmocka_unit_test(test_sf_read_before_write),
      cmocka_unit_test(test_sf_count_write_disarms),
      cmocka_unit_test(test_sf_combine),
      cmocka_unit_test(test_sf_trace),
  };
  return cmocka_run_group_tests_name("sf_model", tests, NULL, NULL) != 0;
}
