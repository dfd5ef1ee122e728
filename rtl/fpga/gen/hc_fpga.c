/*
** Implementation of rtl/fpga/gen/hc_fpga.h: the FPGA self-test's table and
** program files, the checker's CRC, the replay of a set of tables through
** the C model as the board runs it, and the board's UART report as text.
** Every rule here is a transcription of an RTL block, named at each
** function.
*/
#include "hc_fpga.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const hc_fpga_sf_names[HC_FPGA_SF_CASES] = {"broadcast2", "total_exchange",
                                                        "complete_exchange"};

int hc_fpga_geom_check(const hc_fpga_geom *g) {
  if (g == NULL || hc_cfg_check(&g->net) != HC_OK) return HC_EPARAM;
  if (g->net.d > HC_FPGA_MAX_D) return HC_EPARAM;
  if (g->cnt_width > 32) return HC_EPARAM;
  if (g->rom_depth < 4 || g->rom_depth > 65536) return HC_EPARAM;
  if (g->prog_depth < 4 || g->prog_depth > 65536) return HC_EPARAM;
  if (g->time_w < 1 || g->time_w >= HC_FPGA_CYCLE_W) return HC_EPARAM;
  if (g->sf_cases != 0 && g->sf_cases != HC_FPGA_SF_CASES) return HC_EPARAM;
  /* The expectation file keeps each geometry field in 4 bits. */
  if (g->sf_cases && (g->net.sf.bank_aw > 15 || g->net.sf.seg_aw > 15 || g->net.sf.desc_aw > 15))
    return HC_EPARAM;
  if (g->sf_prog > 1 || (g->sf_prog && (!g->sf_cases || g->net.d < 2 ||
                                         hc_fpga_sfprog_lane_bits(g->net.d) + g->net.sf.bank_aw >=
                                             HC_FPGA_SFPROG_AW)))
    return HC_EPARAM;
  /* A table word must fit the 64 bits used here. */
  if (1 + g->time_w + g->net.w + 2 > 64) return HC_EPARAM;
  return HC_OK;
}

unsigned hc_fpga_sfprog_lane_bits(unsigned d) {
  unsigned b = 0;
  while ((1u << b) < d + 1) b++;
  return b;
}

/* hc_sf_prog.sv RamW. */
unsigned hc_fpga_sfprog_bits(const hc_fpga_geom *g) {
  const unsigned e = 2 * g->net.sf.bank_aw + hc_fpga_sfprog_lane_bits(g->net.d) + 5;
  return e > g->net.w ? e : g->net.w;
}

/* Bits of a table word (hc_traffic_rom.sv RomW). */
static unsigned word_bits(const hc_fpga_geom *g) { return 1 + g->time_w + g->net.w + 2; }

uint64_t hc_fpga_word(const hc_fpga_geom *g, int end, uint32_t time, uint32_t flit) {
  const unsigned fw = g->net.w + 2;
  const uint64_t fmask = (fw >= 64) ? ~0ull : ((1ull << fw) - 1);
  const uint64_t tmask = (1ull << g->time_w) - 1;
  return ((uint64_t)(end != 0) << (g->time_w + fw)) | (((uint64_t)time & tmask) << fw) |
         ((uint64_t)flit & fmask);
}

/* hc_cfg_seq.sv: the fields of a program word, low to high. */
uint64_t hc_fpga_prog_word(unsigned op, const hc_cfg_op *c) {
  return ((uint64_t)(op & 7u) << 46) | ((uint64_t)(c->node & 7u) << 43) |
         ((uint64_t)(c->tgt & 7u) << 40) | ((uint64_t)(c->unit & 15u) << 36) |
         ((uint64_t)(c->idx & 0xFFFFu) << 20) | ((uint64_t)(c->field & 15u) << 16) |
         (uint64_t)(c->wdata & 0xFFFFu);
}

void hc_fpga_prog_decode(uint64_t v, unsigned *op, hc_cfg_op *c) {
  memset(c, 0, sizeof *c);
  *op = (unsigned)(v >> 46) & 7u;
  c->node = (uint32_t)(v >> 43) & 7u;
  c->tgt = (uint8_t)((v >> 40) & 7u);
  c->unit = (uint8_t)((v >> 36) & 15u);
  c->idx = (uint32_t)(v >> 20) & 0xFFFFu;
  c->field = (uint8_t)((v >> 16) & 15u);
  c->wdata = (uint32_t)v & 0xFFFFu;
  c->we = *op == HC_FPGA_OP_WRITE;
  c->re = *op == HC_FPGA_OP_READ;
}

int hc_fpga_tables_init(hc_fpga_tables *t, const hc_fpga_geom *g) {
  if (t == NULL || hc_fpga_geom_check(g) != HC_OK) return HC_EPARAM;
  memset(t, 0, sizeof *t);
  t->g = *g;
  t->n = 1u << g->net.d;
  t->words = calloc((size_t)t->n * g->rom_depth, sizeof *t->words);
  t->len = calloc(t->n, sizeof *t->len);
  t->sec = calloc(t->n, sizeof *t->sec);
  t->prog = calloc(g->prog_depth, sizeof *t->prog);
  if (g->sf_prog) t->sfmem = calloc((size_t)t->n << HC_FPGA_SFPROG_AW, sizeof *t->sfmem);
  if (!t->words || !t->len || !t->sec || !t->prog || (g->sf_prog && !t->sfmem)) {
    hc_fpga_tables_free(t);
    return HC_ENOMEM;
  }
  for (unsigned x = 0; x < t->n; x++) {
    t->words[(size_t)x * g->rom_depth] = hc_fpga_word(g, 1, 0, 0);
    t->words[(size_t)x * g->rom_depth + 1] = hc_fpga_word(g, 1, 0, 0);
    t->sec[x] = 0;
    t->len[x] = 1;
  }
  t->nprog = 1; /* prog[0] = END (all zero) */
  return HC_OK;
}

void hc_fpga_tables_free(hc_fpga_tables *t) {
  if (t == NULL) return;
  free(t->words);
  free(t->len);
  free(t->sec);
  free(t->prog);
  free(t->sfmem);
  free(t->sftab);
  t->sfmem = NULL;
  t->sftab = NULL;
  t->nsftab = 0;
  t->words = NULL;
  t->len = NULL;
  t->sec = NULL;
  t->prog = NULL;
}

int hc_fpga_tables_copy(hc_fpga_tables *dst, const hc_fpga_tables *src) {
  int rc = hc_fpga_tables_init(dst, &src->g);
  if (rc != HC_OK) return rc;
  memcpy(dst->words, src->words, (size_t)src->n * src->g.rom_depth * sizeof *dst->words);
  memcpy(dst->len, src->len, src->n * sizeof *dst->len);
  memcpy(dst->sec, src->sec, src->n * sizeof *dst->sec);
  memcpy(dst->prog, src->prog, src->g.prog_depth * sizeof *dst->prog);
  memcpy(dst->expect, src->expect, sizeof dst->expect);
  dst->nprog = src->nprog;
  dst->sec1 = src->sec1;
  if (src->g.sf_prog) memcpy(dst->sfmem, src->sfmem, ((size_t)src->n << HC_FPGA_SFPROG_AW) * sizeof *dst->sfmem);
  for (unsigned k = 0; k < src->nsftab; k++)
    if (hc_fpga_sftab_push(dst, src->sftab[k]) != HC_OK) {
      hc_fpga_tables_free(dst);
      return HC_ENOMEM;
    }
  return HC_OK;
}

int hc_fpga_tables_push(hc_fpga_tables *t, unsigned x, uint32_t time, uint32_t flit) {
  const hc_fpga_geom *g = &t->g;
  if (x >= t->n || t->len[x] + 1 >= g->rom_depth) return HC_EFORMAT;
  if (g->time_w < 32 && time >> g->time_w) return HC_EFORMAT;
  uint64_t *w = t->words + (size_t)x * g->rom_depth;
  if (!t->sec1) { /* section 0 grows into its end word; section 1 is still empty */
    w[t->sec[x]] = hc_fpga_word(g, 0, time, flit);
    t->sec[x]++;
    w[t->sec[x]] = hc_fpga_word(g, 1, 0, 0);
  } else {
    w[t->len[x]] = hc_fpga_word(g, 0, time, flit);
  }
  t->len[x]++;
  w[t->len[x]] = hc_fpga_word(g, 1, 0, 0);
  return HC_OK;
}

int hc_fpga_tables_next(hc_fpga_tables *t) {
  t->sec1 = 1;
  return HC_OK;
}

int hc_fpga_prog_push(hc_fpga_tables *t, unsigned op, const hc_cfg_op *c) {
  if (t->nprog + 1 > t->g.prog_depth) return HC_EFORMAT;
  if (op > HC_FPGA_OP_CHECK || c->node > 7 || c->tgt > 7 || c->unit > 15 || c->idx > 0xFFFF ||
      c->field > 15 || c->wdata > 0xFFFF)
    return HC_EFORMAT;
  t->prog[t->nprog - 1] = hc_fpga_prog_word(op, c);
  t->prog[t->nprog] = 0; /* END */
  t->nprog++;
  return HC_OK;
}

int hc_fpga_sftab_push(hc_fpga_tables *t, uint64_t word) {
  if ((t->nsftab & (t->nsftab + 1)) == 0 || t->sftab == NULL) { /* 0, 1, 3, 7, ...: grow */
    uint64_t *p = realloc(t->sftab, (size_t)(t->nsftab + 1) * 2 * sizeof *p);
    if (p == NULL) return HC_ENOMEM;
    t->sftab = p;
  }
  t->sftab[t->nsftab++] = word;
  return HC_OK;
}

/* dir/name into buf; returns 0, or -1 if it does not fit. */
static int path_of(char *buf, size_t cap, const char *dir, const char *name) {
  int k = snprintf(buf, cap, "%s/%s", dir, name);
  return (k < 0 || (size_t)k >= cap) ? -1 : 0;
}

/* The file name of node x's RAM of the programmed node (hc_network.sv SfProgDir). */
static void sfprog_name(char *buf, size_t cap, unsigned x) {
  snprintf(buf, cap, "sfprog%02u.hex", x);
}

/* The file name of node x's table (hc_selftest.sv NodeFile). */
static void node_name(char *buf, size_t cap, unsigned x) {
  snprintf(buf, cap, "node%02u.hex", x);
}

/* Write count words of bits bits into dir/name, one a line. */
static int write_hex(const char *dir, const char *name, const uint64_t *w, unsigned count,
                     unsigned bits) {
  char path[4096];
  const int digits = (int)((bits + 3) / 4);
  if (path_of(path, sizeof path, dir, name) != 0) return HC_EIO;
  FILE *f = fopen(path, "w");
  if (!f) return HC_EIO;
  for (unsigned k = 0; k < count; k++) fprintf(f, "%0*llx\n", digits, (unsigned long long)w[k]);
  return fclose(f) == 0 ? HC_OK : HC_EIO;
}

int hc_fpga_tables_write(const hc_fpga_tables *t, const char *dir) {
  char name[32];
  uint64_t ex[HC_FPGA_EXPECT_WORDS];
  int rc = HC_OK;
  for (unsigned x = 0; x < t->n && rc == HC_OK; x++) {
    node_name(name, sizeof name, x);
    rc = write_hex(dir, name, t->words + (size_t)x * t->g.rom_depth, t->g.rom_depth, word_bits(&t->g));
  }
  if (rc == HC_OK) rc = write_hex(dir, "prog.hex", t->prog, t->g.prog_depth, HC_FPGA_PROG_BITS);
  for (unsigned k = 0; k < HC_FPGA_EXPECT_WORDS; k++) ex[k] = t->expect[k];
  if (rc == HC_OK) rc = write_hex(dir, "expect.hex", ex, HC_FPGA_EXPECT_WORDS, 32);
  for (unsigned x = 0; t->g.sf_prog && x < t->n && rc == HC_OK; x++) {
    sfprog_name(name, sizeof name, x);
    rc = write_hex(dir, name, t->sfmem + ((size_t)x << HC_FPGA_SFPROG_AW), 1u << HC_FPGA_SFPROG_AW,
                   hc_fpga_sfprog_bits(&t->g));
  }
  if (t->g.sf_prog && rc == HC_OK) rc = write_hex(dir, "sftab.hex", t->sftab, t->nsftab, HC_FPGA_PROG_BITS);
  return rc;
}

/* Read up to max hex words, one a line, of at most bits bits each; the
** number read in *count. Returns HC_OK, HC_EIO or HC_EFORMAT. */
static int read_hex(const char *path, unsigned bits, uint64_t *out, unsigned max, unsigned *count) {
  FILE *f = fopen(path, "r");
  char line[128];
  unsigned k = 0;
  int rc = HC_OK;
  if (!f) return HC_EIO;
  while (fgets(line, sizeof line, f)) {
    char *end;
    if (line[0] == '\n' || line[0] == '\0') continue;
    errno = 0;
    unsigned long long v = strtoull(line, &end, 16);
    if (errno || end == line || (*end != '\n' && *end != '\0') || k == max ||
        (bits < 64 && (v >> bits) != 0)) {
      rc = HC_EFORMAT;
      break;
    }
    out[k++] = v;
  }
  if (ferror(f)) rc = HC_EIO;
  fclose(f);
  *count = k;
  return rc;
}

/* The index of the first end word of node table w from k on, or count. */
static unsigned next_end(const hc_fpga_geom *g, const uint64_t *w, unsigned k, unsigned count) {
  const unsigned fw = g->net.w + 2;
  while (k < count && !((w[k] >> (g->time_w + fw)) & 1u)) k++;
  return k;
}

int hc_fpga_tables_read(hc_fpga_tables *t, const hc_fpga_geom *g, const char *dir) {
  char name[32], path[4096];
  uint64_t ex[HC_FPGA_EXPECT_WORDS];
  unsigned count;
  int rc = hc_fpga_tables_init(t, g);
  if (rc != HC_OK) return rc;
  for (unsigned x = 0; x < t->n && rc == HC_OK; x++) {
    uint64_t *w = t->words + (size_t)x * g->rom_depth;
    node_name(name, sizeof name, x);
    if (path_of(path, sizeof path, dir, name) != 0) rc = HC_EIO;
    if (rc == HC_OK) rc = read_hex(path, word_bits(g), w, g->rom_depth, &count);
    if (rc != HC_OK) break;
    t->sec[x] = next_end(g, w, 0, count);
    t->len[x] = t->sec[x] < count ? next_end(g, w, t->sec[x] + 1, count) : count;
    if (t->len[x] >= count) rc = HC_EFORMAT; /* not two end words */
  }
  t->sec1 = 1;
  if (rc == HC_OK && path_of(path, sizeof path, dir, "prog.hex") != 0) rc = HC_EIO;
  if (rc == HC_OK) rc = read_hex(path, HC_FPGA_PROG_BITS, t->prog, g->prog_depth, &count);
  if (rc == HC_OK) {
    unsigned k = 0;
    while (k < count && (t->prog[k] >> 46) != HC_FPGA_OP_END) k++;
    if (k == count) rc = HC_EFORMAT; /* no END */
    t->nprog = k + 1;
  }
  if (rc == HC_OK && path_of(path, sizeof path, dir, "expect.hex") != 0) rc = HC_EIO;
  if (rc == HC_OK) rc = read_hex(path, 32, ex, HC_FPGA_EXPECT_WORDS, &count);
  if (rc == HC_OK && count != HC_FPGA_EXPECT_WORDS) rc = HC_EFORMAT;
  for (unsigned x = 0; g->sf_prog && x < t->n && rc == HC_OK; x++) {
    sfprog_name(name, sizeof name, x);
    if (path_of(path, sizeof path, dir, name) != 0) rc = HC_EIO;
    if (rc == HC_OK)
      rc = read_hex(path, hc_fpga_sfprog_bits(g), t->sfmem + ((size_t)x << HC_FPGA_SFPROG_AW),
                    1u << HC_FPGA_SFPROG_AW, &count);
  }
  if (g->sf_prog && rc == HC_OK) {
    uint64_t *tab = malloc(65536 * sizeof *tab);
    if (tab == NULL) rc = HC_ENOMEM;
    if (rc == HC_OK && path_of(path, sizeof path, dir, "sftab.hex") != 0) rc = HC_EIO;
    if (rc == HC_OK) rc = read_hex(path, HC_FPGA_PROG_BITS, tab, 65536, &count);
    for (unsigned k = 0; rc == HC_OK && k < count; k++) rc = hc_fpga_sftab_push(t, tab[k]);
    free(tab);
  }
  if (rc != HC_OK) {
    hc_fpga_tables_free(t);
    return rc;
  }
  for (unsigned k = 0; k < HC_FPGA_EXPECT_WORDS; k++) t->expect[k] = (uint32_t)ex[k];
  return HC_OK;
}

/* hc_checker.sv: the CRC loop. */
uint16_t hc_fpga_crc16(uint16_t crc, uint32_t flit, unsigned flit_w) {
  for (int i = (int)flit_w - 1; i >= 0; i--) {
    unsigned fb = ((crc >> 15) ^ (flit >> i)) & 1u;
    crc = (uint16_t)((crc << 1) ^ (fb ? 0x1021u : 0u));
  }
  return crc;
}

/* One node's checker state (hc_checker.sv). */
typedef struct chk {
  int in_msg;
  uint16_t crc;
} chk;

/* The board as the replay sees it: the model, the sources' table pointers,
** the checkers, and the sequencer's CRC of read data. */
typedef struct board {
  const hc_fpga_tables *t;
  hc_model *m;
  hc_obs obs;
  unsigned ptr[1u << HC_FPGA_MAX_D];
  chk ck[1u << HC_FPGA_MAX_D];
  int rd_pend;  /* hc_cfg_seq.sv rd_pend_q: a read was driven in the last cycle */
  uint16_t crc; /* hc_cfg_seq.sv crc_q */
  unsigned tab; /* the next word of t->sftab (sf_prog) */
} board;

static uint32_t sat8(uint32_t v) { return v > 255 ? 255 : v; }

/*
** One cycle: the port drives op (NULL: idle), the sources offer when
** offer is set; then the checkers and the sequencer's CRC see the cycle's
** outputs. Ejections are counted into *done_now, *flits, out->misrouted
** and out->framing, signatures into out->sig.
*/
static void cycle(board *b, const hc_cfg_op *op, int offer, uint32_t csrc, hc_fpga_run *out,
                  uint32_t *done_now, uint32_t *flits) {
  const hc_fpga_geom *g = &b->t->g;
  const unsigned n = b->t->n, w = g->net.w, fw = w + 2, d = g->net.d;
  const uint32_t tmax = (1u << g->time_w) - 1;
  uint8_t valid[1u << HC_FPGA_MAX_D];
  uint32_t flit[1u << HC_FPGA_MAX_D];
  /* hc_traffic_rom.sv: offer the front flit; a head waits for its time. */
  for (unsigned x = 0; x < n; x++) {
    uint64_t wd = b->t->words[(size_t)x * g->rom_depth + b->ptr[x]];
    int end = (int)((wd >> (g->time_w + fw)) & 1u);
    uint32_t time = (uint32_t)((wd >> fw) & tmax);
    uint32_t f = (uint32_t)(wd & ((1ull << fw) - 1));
    int head = (int)((f >> w) & 1u);
    valid[x] = (uint8_t)(offer && !end && (!head || time <= csrc) && hc_model_inj_ready(b->m, x));
    flit[x] = valid[x] ? f : 0;
    if (valid[x]) b->ptr[x]++;
  }
  if (op != NULL) hc_model_set_cfg(b->m, op);
  hc_model_step(b->m, valid, flit, &b->obs);
  /* hc_cfg_seq.sv: the data of last cycle's read into the CRC. */
  if (b->rd_pend) {
    const uint32_t wmask = w >= 32 ? 0xFFFFFFFFu : (1u << w) - 1;
    b->crc = hc_fpga_crc16(b->crc, b->obs.cfg_rdata & wmask, w);
  }
  b->rd_pend = op != NULL && op->re;
  /* hc_checker.sv on every ejection port, hc_selftest.sv's counts. */
  uint32_t mis_now = 0, frm_now = 0;
  *done_now = 0;
  for (unsigned x = 0; x < n; x++) {
    if (!b->obs.ej_valid[x]) continue;
    uint32_t f = b->obs.ej_flit[x];
    int head = (int)((f >> w) & 1u), tail = (int)((f >> (w + 1)) & 1u);
    *flits = (*flits + 1) & 0xFFFFu;
    if (head) {
      frm_now += b->ck[x].in_msg != 0;
      mis_now += (f & ((1u << d) - 1)) != x;
    } else {
      frm_now += b->ck[x].in_msg == 0;
    }
    if (head || b->ck[x].in_msg) {
      b->ck[x].crc = hc_fpga_crc16(head ? HC_FPGA_CRC_INIT : b->ck[x].crc, f, fw);
      b->ck[x].in_msg = !tail;
      if (tail) {
        (*done_now)++;
        out->sig[x] = (uint16_t)(out->sig[x] + b->ck[x].crc);
      }
    }
  }
  out->misrouted = sat8(out->misrouted + mis_now);
  out->framing = sat8(out->framing + frm_now);
}

/*
** hc_selftest.sv PhRun: a traffic run from cycle 0 to the cycle after the
** one in which the run's message count reaches total (the completions are
** registered, msg_q), or the timeout. The counts go to *cycles, *msgs,
** *flits, *timeout.
*/
static void traffic_run(board *b, uint32_t total, hc_fpga_run *out, uint32_t *cycles,
                        uint32_t *msgs_out, uint32_t *flits, int *timeout) {
  const uint32_t tmax = (1u << b->t->g.time_w) - 1;
  const uint32_t cmax = (1u << HC_FPGA_CYCLE_W) - 1;
  uint32_t msgs = 0; /* msgs_q, 16 bits */
  uint32_t pend = 0; /* msg_q: the completions of the cycle before */
  for (uint32_t c = 0;; c++) {
    uint32_t done_now;
    cycle(b, NULL, 1, c > tmax ? tmax : c, out, &done_now, flits);
    msgs = (msgs + pend) & 0xFFFFu;
    pend = done_now;
    if (msgs >= total) {
      *cycles = c;
      break;
    }
    if (c == cmax) {
      *cycles = c;
      *timeout = 1;
      break;
    }
  }
  *msgs_out = msgs;
}

/* An idle cycle of the cube (the port drives op, or nothing). */
static void idle(board *b, const hc_cfg_op *op, hc_fpga_run *out) {
  uint32_t done_now, flits = 0;
  cycle(b, op, 0, 0, out, &done_now, &flits);
}

/* hc_selftest.sv PhRead: max over every output port of every node. */
static void read_counters(board *b, hc_fpga_run *out) {
  const hc_fpga_geom *g = &b->t->g;
  const uint32_t cmask = g->cnt_width >= 32 ? 0xFFFFFFFFu : (1u << g->cnt_width) - 1;
  for (unsigned x = 0; x < b->t->n; x++) { /* cnt_width 0: cmask 0, blocked not read */
    for (unsigned p = 0; p <= g->net.d; p++) {
      uint32_t mw = hc_model_counter(b->m, x, p, HC_CNT_MAX_WAITING);
      uint32_t bl = hc_model_counter(b->m, x, p, HC_CNT_BLOCKED) & cmask;
      if (mw > out->max_wait) out->max_wait = mw;
      if (bl > out->max_blocked) out->max_blocked = bl;
    }
  }
  /* One counter a cycle: max-waiting, then (if read) blocked. */
  const unsigned reads = b->t->n * (g->net.d + 1) * (g->cnt_width ? 2u : 1u);
  for (unsigned k = 0; k < reads; k++) idle(b, NULL, out);
}

/* hc_cfg_seq.sv and hc_selftest.sv PhProg: the program, op by op. */
static void program(board *b, hc_fpga_run *out) {
  const hc_fpga_tables *t = b->t;
  const uint32_t smax = (1u << HC_FPGA_SF_CYC_W) - 1;
  for (unsigned pc = 0; pc < t->g.prog_depth; pc++) {
    unsigned op;
    hc_cfg_op c;
    hc_fpga_prog_decode(t->prog[pc], &op, &c);
    if (op == HC_FPGA_OP_END) {
      out->prog_end = 1;
      return;
    }
    if (op == HC_FPGA_OP_WRITE || op == HC_FPGA_OP_READ) {
      idle(b, &c, out);
      if (t->g.sf_prog && op == HC_FPGA_OP_WRITE && c.tgt == HC_SF_TGT_GLOBAL && c.idx == HC_SF_REG_MODE &&
          c.wdata == HC_MODE_SF) {
        /* The loader's table writes the board's nodes have compiled in:
        ** the model takes them through its back door, in no cycle. */
        while (b->tab < t->nsftab) {
          unsigned top;
          hc_cfg_op w;
          hc_fpga_prog_decode(t->sftab[b->tab++], &top, &w);
          if (top == HC_FPGA_OP_END) break;
          hc_model_backdoor(b->m, &w, NULL);
        }
      }
    } else if (op == HC_FPGA_OP_CHECK) {
      idle(b, NULL, out);
      if (c.unit < HC_FPGA_SF_CASES) out->sf_crc[c.unit] = b->crc;
      b->crc = HC_FPGA_CRC_INIT;
    } else if (op == HC_FPGA_OP_WAIT && (c.field & 1u) == HC_FPGA_WAIT_TRAFFIC) {
      /* The preparing cycle: every source at an end word steps over it. */
      idle(b, NULL, out);
      for (unsigned x = 0; x < t->n; x++) {
        uint64_t wd = t->words[(size_t)x * t->g.rom_depth + b->ptr[x]];
        if ((wd >> (t->g.time_w + t->g.net.w + 2)) & 1u) b->ptr[x]++;
      }
      out->saf_ran = 1;
      traffic_run(b, t->expect[HC_FPGA_X_SAF_MSGS], out, &out->saf_cycles, &out->saf_messages,
                  &out->saf_flits, &out->saf_timeout);
    } else if (op == HC_FPGA_OP_WAIT) {
      /* Cycle k of the wait: sf_done there means a completion of k - 1. */
      uint32_t got = smax;
      for (uint32_t k = 0;; k++) {
        idle(b, NULL, out);
        if (b->obs.sf_done) {
          got = k - 1;
          break;
        }
        if (k == smax) break;
      }
      if (c.unit < HC_FPGA_SF_CASES) out->sf_cycles[c.unit] = got;
    } else {
      idle(b, NULL, out); /* an unknown op: one idle cycle (hc_cfg_seq.sv) */
    }
  }
}

int hc_fpga_predict(const hc_fpga_tables *t, hc_fpga_run *out) {
  const hc_fpga_geom *g = &t->g;
  board *b;
  int rc;

  if (hc_fpga_geom_check(g) != HC_OK || out == NULL) return HC_EPARAM;
  b = calloc(1, sizeof *b);
  if (b == NULL) return HC_ENOMEM;
  b->t = t;
  b->crc = HC_FPGA_CRC_INIT;
  if ((rc = hc_model_new(&g->net, &b->m)) != HC_OK) {
    free(b);
    return rc;
  }
  if ((rc = hc_obs_new(&g->net, &b->obs)) != HC_OK) {
    hc_model_free(b->m);
    free(b);
    return rc;
  }
  memset(out, 0, sizeof *out);
  traffic_run(b, t->expect[HC_FPGA_X_MSGS], out, &out->cycles, &out->messages, &out->flits,
              &out->timeout);
  memcpy(out->sig0, out->sig, sizeof out->sig0);
  read_counters(b, out);
  program(b, out);
  hc_obs_free(&b->obs);
  hc_model_free(b->m);
  free(b);
  return HC_OK;
}

/* A report field: the RTL prints FieldW = 20 bits of each. */
static unsigned fld(uint32_t v) { return v & 0xFFFFFu; }

/* hc_selftest.sv ProgWord: what expect word HC_FPGA_X_PROG must be. */
static uint32_t prog_geom(const hc_fpga_geom *g) {
  const uint32_t sf = g->sf_cases ? ((g->net.sf.bank_aw & 15u) << 24) | ((g->net.sf.seg_aw & 15u) << 20) |
                                        ((g->net.sf.desc_aw & 15u) << 16)
                                  : 0;
  return ((g->sf_cases & 15u) << 28) | sf | (g->prog_depth & 0xFFFFu);
}

/* snprintf at buf + *k; returns 0, or -1 when it does not fit. */
static int put(char *buf, size_t cap, size_t *k, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));


static int put(char *buf, size_t cap, size_t *k, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf + *k, cap - *k, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= cap - *k) return -1;
  *k += (size_t)n;
  return 0;
}

size_t hc_fpga_report(const hc_fpga_geom *g, const hc_fpga_tables *t, const hc_fpga_run *r,
                      char *buf, size_t cap, int *pass) {
  const uint32_t *ex = t->expect;
  const unsigned n = 1u << g->net.d;
  const uint32_t cfg = ((uint32_t)(g->net.d & 0xFF) << 24) | ((g->net.w & 0xFF) << 16) |
                       ((g->net.buf_depth & 0xFF) << 8) | (g->net.inj_depth & 0xFF);
  const uint32_t geom = ((g->rom_depth & 0xFFFFu) << 16) | ((g->time_w & 0xFF) << 8) |
                        (g->cnt_width & 0xFF);
  const int table_ok = ex[HC_FPGA_X_CFG] == cfg && ex[HC_FPGA_X_GEOM] == geom &&
                       ex[HC_FPGA_X_PROG] == prog_geom(g) && ex[HC_FPGA_X_SFPROG] == g->sf_prog;
  const uint32_t exp_msgs = ex[HC_FPGA_X_MSGS];
  const uint32_t lost = r->messages < exp_msgs ? ((exp_msgs & 0xFFFFu) - r->messages) & 0xFFFFu : 0;
  const uint32_t cmask = g->cnt_width >= 32 ? 0xFFFFFFFFu : (1u << g->cnt_width) - 1;
  unsigned bad = 0, bad1 = 0;
  for (unsigned x = 0; x < n; x++) {
    bad += r->sig0[x] != (ex[HC_FPGA_X_SIG + x] & 0xFFFFu);
    bad1 += r->sig[x] != (ex[HC_FPGA_X_SAF_SIG + x] & 0xFFFFu);
  }
  int ok = table_ok && !r->timeout && lost == 0 && r->misrouted == 0 && r->framing == 0 &&
           bad == 0 && r->cycles == ex[HC_FPGA_X_CYCLES] && r->prog_end && !r->saf_timeout &&
           r->saf_messages == (ex[HC_FPGA_X_SAF_MSGS] & 0xFFFFu) && bad1 == 0 &&
           r->saf_cycles == ex[HC_FPGA_X_SAF_CYCLES];
  for (unsigned k = 0; k < g->sf_cases; k++) {
    const uint32_t *e = ex + HC_FPGA_X_SF + 4 * k;
    ok = ok && r->sf_cycles[k] == e[HC_FPGA_SF_CYCLES] && r->sf_crc[k] == (e[HC_FPGA_SF_CRC] & 0xFFFFu);
  }
  if (pass) *pass = ok;
  size_t k = 0;
  int rc = put(buf, cap, &k,
               "\r\nhc-selftest d=%u w=%u b=%u i=%u, tables d=%u w=%u b=%u i=%u\r\n"
               "cycles %u, model %u\r\n"
               "messages %u of %u, flits %u\r\n"
               "lost %u, misrouted %u, framing %u, bad signatures %u\r\n"
               "contention: max %u heads waiting on a channel",
               fld(g->net.d), fld(g->net.w), fld(g->net.buf_depth), fld(g->net.inj_depth),
               (unsigned)(ex[0] >> 24), (unsigned)((ex[0] >> 16) & 0xFF),
               (unsigned)((ex[0] >> 8) & 0xFF), (unsigned)(ex[0] & 0xFF), fld(r->cycles),
               fld(ex[HC_FPGA_X_CYCLES]), fld(r->messages), fld(exp_msgs & 0xFFFFu),
               fld(r->flits), fld(lost), fld(r->misrouted), fld(r->framing), fld(bad),
               fld(r->max_wait));
  /* The blocked counters are part of the report only when they are read. */
  if (rc == 0 && g->cnt_width) rc = put(buf, cap, &k, ", max %u cycles blocked", fld(r->max_blocked & cmask));
  if (rc == 0)
    rc = put(buf, cap, &k, "\r\nsaf: cycles %u, model %u, messages %u of %u, bad signatures %u\r\n",
             fld(r->saf_cycles), fld(ex[HC_FPGA_X_SAF_CYCLES]), fld(r->saf_messages),
             fld(ex[HC_FPGA_X_SAF_MSGS] & 0xFFFFu), fld(bad1));
  for (unsigned c = 0; rc == 0 && c < g->sf_cases; c++) {
    const uint32_t *e = ex + HC_FPGA_X_SF + 4 * c;
    rc = put(buf, cap, &k, "sf %s %s=%u: cycles %u, model %u, formula %u, crc %u, model %u\r\n",
             hc_fpga_sf_names[c], c == 1 ? "k" : "m", fld(e[HC_FPGA_SF_SIZE]), fld(r->sf_cycles[c]),
             fld(e[HC_FPGA_SF_CYCLES]), fld(e[HC_FPGA_SF_FORMULA]), fld(r->sf_crc[c]),
             fld(e[HC_FPGA_SF_CRC] & 0xFFFFu));
  }
  if (rc == 0) rc = put(buf, cap, &k, "%s\r\n", ok ? "PASS" : "FAIL");
  return rc == 0 ? k : 0;
}
