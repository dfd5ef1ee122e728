/*
** This file is the cycle model of the scheduled store-and-forward engines,
** written from docs/store_and_forward.md sections 1 and 7 (7.2-7.5 are its
** contract to the cycle and the bit): per node, d TX engines with their
** descriptor and gather tables, d RX engines with their scatter tables and
** done counters, the d+1 memory banks (one copy each: all copies of a bank
** always hold the same words, and the one thing that tells copy 0 apart, its
** read port shared with the configuration port, is modelled where the port
** reads), the global mode / beta / error / run registers, the registered
** sf_done_o and cfg_rdata, and three counters per TX engine. A read of
** the banks (TX engine or configuration port) reads one bank, or combines
** the words of several banks at one offset (add mod 2^W or OR: a combined
** word's shares, section 7.2). One call to
** hc_sf_step() is one clock cycle: every decision reads the registers as
** they are at the start of the cycle and every update lands at its end.
** The step is evaluated in passes so that this holds without copying
** state: (1) the outputs, the configuration read and the next sf_done from
** the current registers; (2) the packet starts of the idle TX engines of the
** nodes whose readiness inputs changed; (3) the TX engines that were busy
** at the start of the cycle (bank reads: old words); (4) the RX writes of
** the words that crossed the links (queued by pass 3, so reads of the cycle
** saw the old words: read before write); (5) the configuration write. Work
** per cycle is proportional to the busy engines and to the idle engines of
** nodes whose readiness changed, plus a copy of the link registers to the
** caller; hc_sf_step() never allocates and nothing here prints.
*/
#include "hc_sf.h"

#include <assert.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Register widths that do not depend on the geometry (section 7.2); the
** table sizes and the widths that do are in struct hc_sf (ndesc, nsegs,
** nbankw, offm, cntm, nsegm), from the geometry the model was made with. */
#define HC_LEN_MASK ((1u << HC_SF_LEN_W) - 1u)
#define HC_BETA_MASK ((1u << HC_SF_BETA_W) - 1u)
#define HC_REM_MASK ((1u << (HC_SF_LEN_W + 1)) - 1u)    /* rem: 17 bits */
#define HC_BANK_FIELD_MASK 15u /* a gather segment's bank field: 4 bits */
#define HC_COMB_OP(c) (((c) >> HC_SF_COMB_OP_SHIFT) & 3u) /* gcomb: op */
#define HC_COMB_MASK(c) ((c) & 0xFFFFu)                   /* gcomb: banks */

/*
** A segment table entry packed in one word: length in bits 0..15, offset
** (BankAW <= 16 bits) in bits 16..31; a scatter segment's last flag is in
** slast. A gather segment's
** banks and op are in gcomb: the bank mask in bits 0..d (a bank number
** b <= d is the mask 1 << b, one beyond d the empty mask) and the op
** (HC_SF_COMB_*) in bits 16..17. An entry beyond a table reads as 0:
** length 0, offset 0, no bank, plain, not last.
*/
#define HC_SEG_LEN(v) ((v) & HC_LEN_MASK)
#define HC_SEG_OFF(s, v) (((v) >> 16) & (s)->offm)

/* Counter slots of a TX engine (ids HC_CNT_SF_* minus HC_CNT_SF_PACKETS). */
enum { HC_C_PACKETS = 0, HC_C_BUSY = 1, HC_C_WORDS = 2, HC_C_NUM = 3 };

/*
** The registers of TX engine e = x*d + i (its link register lv/lw lives in
** the flat arrays of struct hc_sf so that it is copied out in one go).
** rword is the output register of the RAM the engine read in the previous
** cycle (the RAMs (b, i) of the banks b it read, combined), 0 if none; the
** model keeps the word itself instead of the mask. Invariant: rv and lv are 1
** only while busy (the last read is at rem == 2, so both are 0 once busy
** falls), hence engines not busy need no visit.
*/
typedef struct hc_tx {
  uint32_t rem;   /* 17 bits */
  uint32_t rword; /* W bits */
  uint16_t words; /* LenW bits: the current packet's word count */
  uint16_t goff;  /* LenW bits, wraps */
  uint32_t gidx;  /* SegAW+1 bits; never passes 2^SegAW (see hc_tx_read) */
  uint32_t pos;   /* CntW bits; never passes npkt */
  uint8_t busy, rv;
} hc_tx;

/* The registers of RX engine r = y*d + j. */
typedef struct hc_rx {
  uint32_t sidx; /* SegAW+1 bits; never passes nseg */
  uint32_t done; /* CntW bits, wraps */
  uint16_t soff; /* LenW bits, wraps */
} hc_rx;

/*
** An engine named by its node and link, packed as x << 4 | i (x < 2^15,
** i < 16), so that visiting it needs no division; its index is x*d + i.
*/
#define HC_XI(x, i) (((uint32_t)(x) << 4) | (uint32_t)(i))
#define HC_XI_X(v) ((v) >> 4)
#define HC_XI_I(v) ((v) & 15u)

/* One word crossing a link in this cycle: RX engine xi (HC_XI) writes it. */
typedef struct hc_pend {
  uint32_t xi, word;
} hc_pend;

struct hc_sf {
  unsigned d, w;
  uint32_t n;     /* nodes, 2^d */
  uint32_t ne;    /* engines of one kind, n*d */
  uint32_t wmask; /* (1 << w) - 1 */
  /* The geometry (section 7.2) and what follows from it. */
  hc_sf_geom g;
  uint32_t ndesc;  /* descriptors per TX engine, 2^DescAW */
  uint32_t nsegs;  /* segments per engine, 2^SegAW */
  uint32_t nbankw; /* words per bank, 2^BankAW */
  uint32_t offm;   /* a bank offset: BankAW bits */
  uint32_t cntm;   /* CntW = DescAW + 1 bits: done, need, npkt */
  uint32_t nsegm;  /* SegAW + 1 bits: nseg */
  /* Global registers. */
  uint8_t mode, err, run, done_q;
  uint32_t beta, rdata_q;
  uint32_t tau, xi, overlap; /* the cost-model registers (global, not engines') */
  /*
  ** Tables, never reset. Entry p (or s) of engine e = x*d + i is at
  ** [p*ne + e] (HC_ENT): the entries the engines use at the same time
  ** (mostly the first few of every engine) lie together in memory.
  */
  uint16_t *words; /* [ndesc * ne] */
  uint32_t *need;  /* [ndesc * ne * d]: need[j] of entry k at [k*d + j] */
  uint32_t *gseg;  /* [nsegs * ne], packed */
  uint32_t *gcomb; /* [nsegs * ne]: bank mask and op (see HC_SEG_LEN) */
  uint32_t *sseg;  /* [nsegs * ne], packed */
  uint8_t *slast;  /* [nsegs * ne]: a scatter segment's last flag */
  uint32_t *npkt;  /* [ne] */
  uint32_t *nseg;  /* [ne] */
  uint32_t *bank;  /* [(n * (d+1)) * nbankw]: bank b of x at (x*(d+1)+b) */
  /* Engines. */
  hc_tx *tx;    /* [ne] */
  uint8_t *lv;  /* [ne] link register valid */
  uint32_t *lw; /* [ne] link register word, 0 when !lv */
  hc_rx *rx;    /* [ne] */
  uint32_t *ctr; /* [ne * HC_C_NUM] */
  /* Bookkeeping (not registers of the hardware). */
  uint32_t *busyl; /* [ne]: the TX engines with busy == 1 (HC_XI), any order */
  uint32_t nbusy;
  hc_pend *pend; /* [ne]: this cycle's RX writes */
  uint32_t *dl[2]; /* [n] each: nodes whose readiness inputs changed */
  uint32_t ndl[2];
  unsigned dcur;   /* dl[dcur] collects marks for the next cycle */
  uint8_t *dflag;  /* [n]: node is in dl[dcur] */
  uint64_t unfin;  /* engines not finished (7.5), TX and RX, all nodes */
  const hc_sf_trace *tr; /* NULL, or what hc_sf_step records (hc_sf_set_trace) */
};

/* ------------------------------------------------------------- helpers */

/* Where entry k of engine e of a table lives (see struct hc_sf). */
#define HC_ENT(s, k, e) ((size_t)(k) * (s)->ne + (e))

/* TX engine e is finished: pos == npkt and not busy (7.5). */
static int hc_tx_fin(const hc_sf *s, uint32_t e) {
  return s->tx[e].pos == s->npkt[e] && !s->tx[e].busy;
}

/* RX engine r is finished: sidx == nseg (7.5). */
static int hc_rx_fin(const hc_sf *s, uint32_t r) {
  return s->rx[r].sidx == s->nseg[r];
}

/* Count the unfinished engines from scratch (start and reset only). */
static void hc_count_unfin(hc_sf *s) {
  uint64_t u = 0;
  for (uint32_t e = 0; e < s->ne; e++) {
    u += !hc_tx_fin(s, e);
    u += !hc_rx_fin(s, e);
  }
  s->unfin = u;
}

/* Have the idle TX engines of node x checked for a start next cycle. */
static void hc_mark(hc_sf *s, uint32_t x) {
  if (s->dflag[x]) return;
  s->dflag[x] = 1;
  s->dl[s->dcur][s->ndl[s->dcur]++] = x;
}

/* Have every node checked next cycle. */
static void hc_mark_all(hc_sf *s) {
  uint32_t *l = s->dl[s->dcur];
  for (uint32_t x = 0; x < s->n; x++) l[x] = x;
  s->ndl[s->dcur] = s->n;
  memset(s->dflag, 1, s->n);
}

/*
** Clear every engine register, link register, counter and the bookkeeping
** that follows from them: what start does at the end of its cycle, and
** part of reset. Tables and banks are untouched.
*/
static void hc_clear_engines(hc_sf *s) {
  memset(s->tx, 0, s->ne * sizeof *s->tx);
  memset(s->lv, 0, s->ne * sizeof *s->lv);
  memset(s->lw, 0, s->ne * sizeof *s->lw);
  memset(s->rx, 0, s->ne * sizeof *s->rx);
  memset(s->ctr, 0, (size_t)s->ne * HC_C_NUM * sizeof *s->ctr);
  s->nbusy = 0;
  hc_mark_all(s);
  hc_count_unfin(s);
}

/* The word of bank b of node x at offset o (o < 2^BankAW); 0 if b > d. */
static uint32_t hc_bank_word(const hc_sf *s, uint32_t x, unsigned b,
                             uint32_t o) {
  assert(o < s->nbankw);
  /* A bank field can hold 0..15; a value above d selects no RAM and the
  ** read returns 0 (the page only defines banks 0..d). */
  if (b > s->d) return 0;
  return s->bank[((size_t)x * (s->d + 1) + b) * s->nbankw + o];
}

/*
** The word a read of node x's banks in mask (bit b: bank b) at offsets
** off[b] returns with op (hc_sf_comb.sv): the sum of the words mod 2^W for
** HC_SF_COMB_ADD, else their OR (one bank: its word; no bank: 0).
*/
static uint32_t hc_comb_word(const hc_sf *s, uint32_t x, uint32_t mask,
                             unsigned op, const uint32_t *off) {
  uint32_t w = 0;
  for (unsigned b = 0; b <= s->d; b++) {
    if (!(mask >> b & 1u)) continue;
    uint32_t v = hc_bank_word(s, x, b, off[b]);
    w = op == HC_SF_COMB_ADD ? (w + v) & s->wmask : w | v;
  }
  return w;
}

/*
** The read of TX engine e in this cycle (7.4): returns rd and, if rd, the
** banks (*comb: mask and op, as gcomb) and the offset it addresses. An
** engine reading past its gather table (a bad table) sees an all-zero
** entry: offset 0, length 0, no bank. The
** compare goff + 1 == length is made in LenW = 16 bits, as the RTL's sum
** is: a zero length ends the segment after 65536 words.
*/
static inline int hc_tx_read(const hc_sf *s, uint32_t e, uint32_t *comb,
                      uint32_t *off, uint32_t *g) {
  const hc_tx *t = &s->tx[e];
  uint32_t v;
  if (!t->busy || t->rem < 2 || t->rem > (uint32_t)t->words + 1u) return 0;
  v = t->gidx < s->nsegs ? s->gseg[HC_ENT(s, t->gidx, e)] : 0;
  *g = v;
  *comb = t->gidx < s->nsegs ? s->gcomb[HC_ENT(s, t->gidx, e)] : 0;
  *off = (HC_SEG_OFF(s, v) + t->goff) & s->offm;
  return 1;
}

/* ------------------------------------------------------------ lifetime */

/* See hc_sf.h. Tables, banks, engines zero; then hc_sf_reset(). */
int hc_sf_new(unsigned d, unsigned w, hc_sf_geom g, hc_sf **out) {
  hc_sf *s;
  size_t n, ne;
  if (out == NULL) return 1;
  *out = NULL;
  if (d < 1 || d > 15 || w < 1 || w > 30 || !hc_sf_geom_ok(g)) return 1;
  g = hc_sf_geom_resolve(g);
  s = calloc(1, sizeof *s);
  if (s == NULL) return 2;
  s->d = d;
  s->w = w;
  s->n = 1u << d;
  s->ne = s->n * d;
  s->wmask = (1u << w) - 1u;
  s->g = g;
  s->ndesc = 1u << g.desc_aw;
  s->nsegs = 1u << g.seg_aw;
  s->nbankw = 1u << g.bank_aw;
  s->offm = s->nbankw - 1u;
  s->cntm = (2u << g.desc_aw) - 1u;
  s->nsegm = (2u << g.seg_aw) - 1u;
  n = s->n;
  ne = s->ne;
  s->words = calloc(ne * s->ndesc, sizeof *s->words);
  s->need = calloc(ne * s->ndesc * d, sizeof *s->need);
  s->gseg = calloc(ne * s->nsegs, sizeof *s->gseg);
  s->gcomb = calloc(ne * s->nsegs, sizeof *s->gcomb);
  s->sseg = calloc(ne * s->nsegs, sizeof *s->sseg);
  s->slast = calloc(ne * s->nsegs, sizeof *s->slast);
  s->npkt = calloc(ne, sizeof *s->npkt);
  s->nseg = calloc(ne, sizeof *s->nseg);
  s->bank = calloc(n * (d + 1) * s->nbankw, sizeof *s->bank);
  s->tx = calloc(ne, sizeof *s->tx);
  s->lv = calloc(ne, sizeof *s->lv);
  s->lw = calloc(ne, sizeof *s->lw);
  s->rx = calloc(ne, sizeof *s->rx);
  s->ctr = calloc(ne * HC_C_NUM, sizeof *s->ctr);
  s->busyl = calloc(ne, sizeof *s->busyl);
  s->pend = calloc(ne, sizeof *s->pend);
  s->dl[0] = calloc(n, sizeof *s->dl[0]);
  s->dl[1] = calloc(n, sizeof *s->dl[1]);
  s->dflag = calloc(n, sizeof *s->dflag);
  if (!s->words || !s->need || !s->gseg || !s->gcomb || !s->sseg || !s->slast || !s->npkt ||
      !s->nseg || !s->bank || !s->tx || !s->lv || !s->lw || !s->rx ||
      !s->ctr || !s->busyl || !s->pend || !s->dl[0] || !s->dl[1] ||
      !s->dflag) {
    hc_sf_free(s);
    return 2;
  }
  hc_sf_reset(s);
  *out = s;
  return 0;
}

/* See hc_sf.h. */
void hc_sf_free(hc_sf *s) {
  if (s == NULL) return;
  free(s->words);
  free(s->need);
  free(s->gseg);
  free(s->gcomb);
  free(s->sseg);
  free(s->slast);
  free(s->npkt);
  free(s->nseg);
  free(s->bank);
  free(s->tx);
  free(s->lv);
  free(s->lw);
  free(s->rx);
  free(s->ctr);
  free(s->busyl);
  free(s->pend);
  free(s->dl[0]);
  free(s->dl[1]);
  free(s->dflag);
  free(s);
}

/*
** See hc_sf.h: mode 0, beta 3, error 0, not running, sf_done_o and
** cfg_rdata 0, every engine register and counter 0; tables and banks kept.
*/
void hc_sf_reset(hc_sf *s) {
  assert(s != NULL);
  s->mode = HC_MODE_WORMHOLE;
  s->beta = HC_SF_BETA_MIN;
  s->tau = s->xi = s->overlap = 0;
  s->err = 0;
  s->run = 0;
  s->done_q = 0;
  s->rdata_q = 0;
  s->dcur = 0;
  s->ndl[0] = s->ndl[1] = 0;
  /* The engine counts are registers with a reset, unlike the tables. */
  memset(s->npkt, 0, (size_t)s->n * s->d * sizeof *s->npkt);
  memset(s->nseg, 0, (size_t)s->n * s->d * sizeof *s->nseg);
  hc_clear_engines(s);
}

/* See hc_sf.h. */
hc_sf_geom hc_sf_geom_of(const hc_sf *s) {
  assert(s != NULL);
  return s->g;
}

/* See hc_sf.h. */
unsigned hc_sf_mode(const hc_sf *s) {
  assert(s != NULL);
  return s->mode;
}

/* See hc_sf.h. */
unsigned hc_sf_tau(const hc_sf *s) {
  assert(s != NULL);
  return s->tau;
}

unsigned hc_sf_xi(const hc_sf *s) {
  assert(s != NULL);
  return s->xi;
}

unsigned hc_sf_overlap(const hc_sf *s) {
  assert(s != NULL);
  return s->overlap;
}

/* See hc_sf.h. Out-of-range x or i assert and read 0. */
uint32_t hc_sf_counter(const hc_sf *s, unsigned x, unsigned i, unsigned id) {
  assert(s != NULL && x < s->n && i <= s->d);
  if (x >= s->n || i >= s->d) return 0;
  if (id < HC_CNT_SF_PACKETS || id >= HC_CNT_ALL) return 0;
  return s->ctr[((size_t)x * s->d + i) * HC_C_NUM + (id - HC_CNT_SF_PACKETS)];
}

/* -------------------------------------------------------- the engines */

/*
** start_now of the idle TX engine e of node x (7.4), from the registers at
** the start of the cycle; run && mode == 1 is checked by the caller. A
** position past the descriptor table (pos >= 2^DescAW with npkt above it,
** a bad table) reads an all-zero descriptor: 0 words, every need 0.
*/
static int hc_tx_ready(const hc_sf *s, uint32_t x, uint32_t e) {
  const hc_tx *t = &s->tx[e];
  const uint32_t *nd;
  const hc_rx *rx;
  if (t->busy || t->pos >= s->npkt[e]) return 0;
  if (t->pos >= s->ndesc) return 1;
  nd = s->need + HC_ENT(s, t->pos, e) * s->d;
  rx = s->rx + (size_t)x * s->d;
  for (unsigned j = 0; j < s->d; j++)
    if (rx[j].done < nd[j]) return 0;
  return 1;
}

/* Pass 2: start every ready idle TX engine of the nodes marked last cycle. */
static void hc_pass_start(hc_sf *s) {
  unsigned c = s->dcur ^ 1u; /* the list of marks made last cycle */
  int go = s->run && s->mode == HC_MODE_SF;
  for (uint32_t k = 0; k < s->ndl[c]; k++) {
    uint32_t x = s->dl[c][k];
    s->dflag[x] = 0;
    if (!go) continue; /* run or mode 1 coming marks every node again */
    for (unsigned i = 0; i < s->d; i++) {
      uint32_t e = x * s->d + i;
      hc_tx *t = &s->tx[e];
      uint32_t wd;
      if (!hc_tx_ready(s, x, e)) continue;
      wd = t->pos < s->ndesc ? s->words[HC_ENT(s, t->pos, e)] : 0;
      t->pos = (t->pos + 1u) & s->cntm;
      t->busy = 1;
      t->rem = (s->beta + wd - 2u) & HC_REM_MASK;
      t->words = (uint16_t)wd;
      s->ctr[(size_t)e * HC_C_NUM + HC_C_PACKETS]++;
      s->ctr[(size_t)e * HC_C_NUM + HC_C_BUSY]++;
      if (s->tr) s->tr->busy[e] = 1;
      s->busyl[s->nbusy++] = HC_XI(x, i); /* after the ones pass 3 visits */
    }
  }
  s->ndl[c] = 0;
}

/*
** Pass 3: the TX engines busy at the start of the cycle, busyl[0..nb-1].
** Each one's word on the link is queued for its RX engine, its pipeline
** advances (the bank read sees the words before this cycle's writes), and
** one whose last busy cycle this is leaves the list. The engines started
** in pass 2 (busyl[nb..]) are kept after the survivors. Returns the number
** of queued RX writes.
*/
static uint32_t hc_pass_tx(hc_sf *s, uint32_t nb) {
  uint32_t keep = 0, np = 0;
  unsigned d = s->d;
  for (uint32_t k = 0; k < nb; k++) {
    uint32_t xi = s->busyl[k];
    uint32_t x = HC_XI_X(xi), i = HC_XI_I(xi), e = x * d + i;
    hc_tx *t = &s->tx[e];
    uint32_t *c = s->ctr + (size_t)e * HC_C_NUM;
    uint32_t off = 0, g = 0, cb = 0, offs[HC_MODEL_MAX_D + 1]; /* one offset per bank, d + 1 banks */
    int rd;
    assert(t->busy);
    c[HC_C_BUSY]++;
    if (s->lv[e]) {
      c[HC_C_WORDS]++;
      s->pend[np].xi = HC_XI(x ^ (1u << i), i);
      s->pend[np].word = s->lw[e];
      np++;
    }
    rd = hc_tx_read(s, e, &cb, &off, &g);
    if (s->tr) {
      s->tr->busy[e] = 1;
      s->tr->rd[e] = (uint8_t)rd;
      s->tr->rmask[e] = rd ? HC_COMB_MASK(cb) : 0;
      s->tr->roff[e] = rd ? off : 0;
    }
    s->lv[e] = t->rv;
    s->lw[e] = t->rv ? t->rword : 0;
    if (rd) {
      uint32_t len = HC_SEG_LEN(g);
      for (unsigned b = 0; b <= d; b++) offs[b] = off;
      t->rword = hc_comb_word(s, x, HC_COMB_MASK(cb), HC_COMB_OP(cb), offs);
      if (((uint32_t)t->goff + 1u) % 65536u == len) { /* LenW bits, as the RTL adds */
        t->goff = 0;
        t->gidx++;
      } else {
        t->goff = (uint16_t)(t->goff + 1u);
      }
      assert(t->gidx <= s->nsegs);
    }
    t->rv = (uint8_t)rd;
    if (t->rem == 0) {
      t->busy = 0;
      assert(!t->rv && !s->lv[e]);
      if (t->pos == s->npkt[e]) s->unfin--;
      hc_mark(s, x);
    } else {
      t->rem--;
      s->busyl[keep++] = xi;
    }
  }
  if (keep < nb) {
    memmove(s->busyl + keep, s->busyl + nb,
            (s->nbusy - nb) * sizeof *s->busyl);
    s->nbusy -= nb - keep;
  }
  return np;
}

/* Pass 4: the RX engines write the words that crossed the links (7.4). */
static void hc_pass_rx(hc_sf *s, uint32_t np) {
  unsigned d = s->d;
  for (uint32_t k = 0; k < np; k++) {
    uint32_t y = HC_XI_X(s->pend[k].xi), j = HC_XI_I(s->pend[k].xi);
    uint32_t r = y * d + j;
    hc_rx *q = &s->rx[r];
    uint32_t v, o, last;
    if (q->sidx >= s->nseg[r]) continue; /* dropped: only a bad table */
    /* A segment past the scatter table (nseg > 2^SegAW) reads as 0; as in
    ** hc_tx_read, a zero length never ends its segment. */
    v = q->sidx < s->nsegs ? s->sseg[HC_ENT(s, q->sidx, r)] : 0;
    last = q->sidx < s->nsegs ? s->slast[HC_ENT(s, q->sidx, r)] : 0;
    o = (HC_SEG_OFF(s, v) + q->soff) & s->offm;
    s->bank[((size_t)y * (d + 1) + j) * s->nbankw + o] = s->pend[k].word;
    if (s->tr) {
      s->tr->wr[r] = 1;
      s->tr->woff[r] = o;
    }
    if (((uint32_t)q->soff + 1u) % 65536u == HC_SEG_LEN(v)) { /* LenW bits */
      q->soff = 0;
      q->sidx++;
      if (q->sidx == s->nseg[r]) s->unfin--;
      if (last) {
        q->done = (q->done + 1u) & s->cntm;
        hc_mark(s, y);
      }
    } else {
      q->soff = (uint16_t)(q->soff + 1u);
    }
  }
}

/* ------------------------------------------------ configuration port */

/*
** cfg_rdata of the next cycle for the read op (fields already truncated),
** from the registers and banks at the start of this cycle (7.3). A bank
** read's offset is the RAM address, the low BankAW bits of idx. When TX
** engine 0 of that node reads the same bank in this cycle, RAM (b, 0) is
** addressed by the engine and the read returns the engine's word.
*/
static uint32_t hc_cfg_read(const hc_sf *s, uint32_t x, unsigned tgt,
                            unsigned unit, uint32_t idx, unsigned field,
                            uint32_t wdata) {
  if (tgt == HC_SF_TGT_GLOBAL) {
    switch (idx) {
    case HC_SF_REG_MODE: return s->mode;
    case HC_SF_REG_BETA: return s->beta;
    case HC_REG_TAU: return s->tau;
    case HC_REG_XI: return s->xi;
    case HC_REG_OVERLAP: return s->overlap;
    case HC_SF_REG_START:
      return (s->done_q ? HC_SF_STATUS_DONE : 0u) |
             (s->err ? HC_SF_STATUS_ERROR : 0u);
    default: return 0;
    }
  }
  if (tgt == HC_SF_TGT_BANK || tgt == HC_SF_TGT_COMB) {
    uint32_t emask = 0, eoff = 0, g = 0, cb = 0, offs[HC_MODEL_MAX_D + 1]; /* one offset per bank, d + 1 banks */
    uint32_t banks = (2u << s->d) - 1u;
    uint32_t mask = tgt == HC_SF_TGT_COMB ? wdata & banks
                    : unit <= s->d       ? 1u << unit
                                         : 0;
    unsigned op = tgt == HC_SF_TGT_COMB ? (field & 3u) : HC_SF_COMB_PLAIN;
    if (hc_tx_read(s, x * s->d, &cb, &eoff, &g)) emask = HC_COMB_MASK(cb);
    for (unsigned b = 0; b <= s->d; b++)
      offs[b] = emask >> b & 1u ? eoff : idx & s->offm;
    return hc_comb_word(s, x, mask, op, offs);
  }
  return 0;
}

/* Apply the write op (fields already truncated) at the end of the cycle. */
static void hc_cfg_write(hc_sf *s, uint32_t x, unsigned tgt, unsigned unit,
                         uint32_t idx, unsigned field, uint32_t wdata) {
  unsigned d = s->d;
  uint32_t e = x * d + unit; /* meaningful only when unit < d */
  /* A count write disarms the engines until the next start (section 7.3):
  ** a new load's counts cannot start the old run's engines. */
  if (tgt == HC_SF_TGT_COUNT) s->run = 0;
  switch (tgt) {
  case HC_SF_TGT_GLOBAL:
    /* mode, tau, xi and overlap compare all 32 bits of wdata (a value out
    ** of range is refused, not truncated); beta is first truncated to its
    ** 16 bits, then compared with 3. */
    if (idx == HC_SF_REG_MODE) {
      if (wdata == HC_MODE_WORMHOLE || wdata == HC_MODE_SF || wdata == HC_MODE_SAF ||
          wdata == HC_MODE_CIRCUIT) {
        if (wdata == HC_MODE_SF && s->mode != HC_MODE_SF) hc_mark_all(s);
        s->mode = (uint8_t)wdata;
      } else {
        s->err = 1;
      }
    } else if (idx == HC_REG_TAU) {
      if (wdata >> HC_TAU_W) s->err = 1;
      else s->tau = wdata;
    } else if (idx == HC_REG_XI) {
      if (wdata >> HC_XI_W) s->err = 1;
      else s->xi = wdata;
    } else if (idx == HC_REG_OVERLAP) {
      if (wdata > 1) s->err = 1;
      else s->overlap = wdata;
    } else if (idx == HC_SF_REG_BETA) {
      uint32_t b = wdata & HC_BETA_MASK;
      if (b < HC_SF_BETA_MIN) s->err = 1;
      else s->beta = b;
    } else if (idx == HC_SF_REG_START) {
      hc_clear_engines(s);
      s->run = 1;
      s->err = 0;
    }
    break;
  case HC_SF_TGT_TXDESC:
    if (unit >= d || idx >= s->ndesc) break;
    if (field == HC_SF_DESC_WORDS) {
      s->words[HC_ENT(s, idx, e)] = (uint16_t)(wdata & HC_LEN_MASK);
    } else if (field - HC_SF_DESC_NEED0 < d) {
      s->need[HC_ENT(s, idx, e) * d + field - HC_SF_DESC_NEED0] =
          wdata & s->cntm;
      hc_mark(s, x);
    }
    break;
  case HC_SF_TGT_GSEG:
  case HC_SF_TGT_SSEG: {
    uint32_t *v;
    /* The gather and scatter fields share their numbers (hc_contract.h). */
    if (unit >= d || idx >= s->nsegs) break;
    if (field > (tgt == HC_SF_TGT_GSEG ? HC_SF_GSEG_COMB : HC_SF_SSEG_LAST))
      break;
    v = (tgt == HC_SF_TGT_GSEG ? s->gseg : s->sseg) + HC_ENT(s, idx, e);
    if (tgt == HC_SF_TGT_GSEG && field == HC_SF_GSEG_BANK) {
      uint32_t b = wdata & HC_BANK_FIELD_MASK; /* plain: one bank or none */
      s->gcomb[HC_ENT(s, idx, e)] = b <= d ? 1u << b : 0u;
    } else if (tgt == HC_SF_TGT_GSEG && field == HC_SF_GSEG_COMB) {
      s->gcomb[HC_ENT(s, idx, e)] =
          (wdata & ((2u << d) - 1u)) |
          (HC_COMB_OP(wdata) << HC_SF_COMB_OP_SHIFT);
    } else if (field == HC_SF_GSEG_OFF)
      *v = (*v & HC_LEN_MASK) | ((wdata & s->offm) << 16);
    else if (field == HC_SF_GSEG_LEN)
      *v = (*v & ~HC_LEN_MASK) | (wdata & HC_LEN_MASK);
    else
      s->slast[HC_ENT(s, idx, e)] = (uint8_t)(wdata & 1u);
    break;
  }
  case HC_SF_TGT_BANK:
    /* Only the own bank is written; any other b is ignored. */
    if (unit != d || idx >= s->nbankw) break;
    s->bank[((size_t)x * (d + 1) + d) * s->nbankw + idx] = wdata & s->wmask;
    break;
  case HC_SF_TGT_COUNT: {
    int before;
    if (unit >= d) break;
    if (field == HC_SF_COUNT_TX) {
      before = hc_tx_fin(s, e);
      s->npkt[e] = wdata & s->cntm;
      s->unfin = s->unfin + (uint64_t)before - (uint64_t)hc_tx_fin(s, e);
      hc_mark(s, x);
    } else if (field == HC_SF_COUNT_RX) {
      before = hc_rx_fin(s, e);
      s->nseg[e] = wdata & s->nsegm;
      s->unfin = s->unfin + (uint64_t)before - (uint64_t)hc_rx_fin(s, e);
    }
    break;
  }
  default: break; /* target 6 is read only, 7 does not exist */
  }
}

/* The fields of op truncated to the port's widths (section 7.3). */
static void hc_cfg_fields(const hc_sf *s, const hc_cfg_op *op, uint32_t *x,
                          unsigned *tgt, unsigned *unit, uint32_t *idx,
                          unsigned *field) {
  *x = op->node & (s->n - 1u);
  *tgt = op->tgt & 7u;
  *unit = op->unit & 15u;
  *idx = op->idx & ((1u << HC_CFG_IDX_W) - 1u);
  *field = op->field & 15u;
}

/* See hc_sf.h: the write of a cycle without its cycle. */
void hc_sf_backdoor_write(hc_sf *s, const hc_cfg_op *op) {
  uint32_t x, idx;
  unsigned tgt, unit, field;
  assert(s != NULL && op != NULL);
  if (!(op->we & 1u)) return;
  hc_cfg_fields(s, op, &x, &tgt, &unit, &idx, &field);
  hc_cfg_write(s, x, tgt, unit, idx, field, op->wdata);
}

/* See hc_sf.h: the read of a cycle without its cycle. */
uint32_t hc_sf_backdoor_read(const hc_sf *s, const hc_cfg_op *op) {
  uint32_t x, idx;
  unsigned tgt, unit, field;
  assert(s != NULL && op != NULL);
  if (!(op->re & 1u)) return 0;
  hc_cfg_fields(s, op, &x, &tgt, &unit, &idx, &field);
  return hc_cfg_read(s, x, tgt, unit, idx, field, op->wdata);
}

/* See hc_sf.h. */
void hc_sf_set_trace(hc_sf *s, const hc_sf_trace *tr) {
  assert(s != NULL);
  s->tr = tr;
}

/* ---------------------------------------------------------------- step */

/* See hc_sf.h. Any output pointer may be NULL. */
void hc_sf_step(hc_sf *s, const hc_cfg_op *op, uint8_t *link_valid,
                uint32_t *link_flit, uint8_t *done, uint32_t *cfg_rdata) {
  uint32_t rdata_next = 0, x = 0, idx = 0, nb, np;
  unsigned tgt = 0, unit = 0, field = 0, we = 0, re = 0;
  uint8_t done_next;
  assert(s != NULL);

  /* Pass 1: outputs, the read, the next sf_done, from this cycle's state. */
  if (link_valid) memcpy(link_valid, s->lv, s->ne * sizeof *s->lv);
  if (link_flit) memcpy(link_flit, s->lw, s->ne * sizeof *s->lw);
  if (done) *done = s->done_q;
  if (cfg_rdata) *cfg_rdata = s->rdata_q;
  if (op != NULL) {
    we = op->we & 1u;
    re = op->re & 1u;
    hc_cfg_fields(s, op, &x, &tgt, &unit, &idx, &field);
  }
  if (re) rdata_next = hc_cfg_read(s, x, tgt, unit, idx, field, op->wdata);
  /* sf_done_o is the register of run && mode == 1 && every node finished
  ** && no start in this cycle: a start makes the old run's state stale. */
  done_next = (uint8_t)(s->run && s->mode == HC_MODE_SF && s->unfin == 0 &&
                        !(we && tgt == HC_SF_TGT_GLOBAL && idx == HC_SF_REG_START));

  /* Marks made from here on are for the next cycle. */
  s->dcur ^= 1u;
  assert(s->ndl[s->dcur] == 0);
  nb = s->nbusy;
  if (s->tr) {
    memset(s->tr->busy, 0, s->ne * sizeof *s->tr->busy);
    memset(s->tr->rd, 0, s->ne * sizeof *s->tr->rd);
    memset(s->tr->wr, 0, s->ne * sizeof *s->tr->wr);
  }
  hc_pass_start(s);
  np = hc_pass_tx(s, nb);
  hc_pass_rx(s, np);
  if (we) hc_cfg_write(s, x, tgt, unit, idx, field, op->wdata);

  s->done_q = done_next;
  s->rdata_q = rdata_next;
}
