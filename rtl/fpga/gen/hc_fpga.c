/*
** Implementation of rtl/fpga/gen/hc_fpga.h: the FPGA self-test's table files,
** the checker's CRC, the replay of a set of tables through the C model as
** the board runs it, and the board's UART report as text. Every rule here
** is a transcription of an RTL block, named at each function.
*/
#include "hc_fpga.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int hc_fpga_geom_check(const hc_fpga_geom *g) {
  if (g == NULL || hc_cfg_check(&g->net) != HC_OK) return HC_EPARAM;
  if (g->net.d > HC_FPGA_MAX_D) return HC_EPARAM;
  if (g->cnt_width > 32) return HC_EPARAM;
  if (g->rom_depth < 2 || g->rom_depth > 65536) return HC_EPARAM;
  if (g->time_w < 1 || g->time_w >= HC_FPGA_CYCLE_W) return HC_EPARAM;
  /* A table word must fit the 64 bits used here. */
  if (1 + g->time_w + g->net.w + 2 > 64) return HC_EPARAM;
  return HC_OK;
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

int hc_fpga_tables_init(hc_fpga_tables *t, const hc_fpga_geom *g) {
  if (t == NULL || hc_fpga_geom_check(g) != HC_OK) return HC_EPARAM;
  memset(t, 0, sizeof *t);
  t->g = *g;
  t->n = 1u << g->net.d;
  t->words = calloc((size_t)t->n * g->rom_depth, sizeof *t->words);
  t->len = calloc(t->n, sizeof *t->len);
  if (!t->words || !t->len) {
    hc_fpga_tables_free(t);
    return HC_ENOMEM;
  }
  for (unsigned x = 0; x < t->n; x++) t->words[(size_t)x * g->rom_depth] = hc_fpga_word(g, 1, 0, 0);
  return HC_OK;
}

void hc_fpga_tables_free(hc_fpga_tables *t) {
  if (t == NULL) return;
  free(t->words);
  free(t->len);
  t->words = NULL;
  t->len = NULL;
}

int hc_fpga_tables_push(hc_fpga_tables *t, unsigned x, uint32_t time, uint32_t flit) {
  const hc_fpga_geom *g = &t->g;
  if (x >= t->n || t->len[x] + 1 >= g->rom_depth) return HC_EFORMAT;
  if (g->time_w < 32 && time >> g->time_w) return HC_EFORMAT;
  uint64_t *w = t->words + (size_t)x * g->rom_depth;
  w[t->len[x]] = hc_fpga_word(g, 0, time, flit);
  t->len[x]++;
  w[t->len[x]] = hc_fpga_word(g, 1, 0, 0);
  return HC_OK;
}

/* dir/name into buf; returns 0, or -1 if it does not fit. */
static int path_of(char *buf, size_t cap, const char *dir, const char *name) {
  int k = snprintf(buf, cap, "%s/%s", dir, name);
  return (k < 0 || (size_t)k >= cap) ? -1 : 0;
}

/* The file name of node x's table (hc_selftest.sv NodeFile). */
static void node_name(char *buf, size_t cap, unsigned x) {
  snprintf(buf, cap, "node%02u.hex", x);
}

int hc_fpga_tables_write(const hc_fpga_tables *t, const char *dir) {
  char name[32], path[4096];
  const unsigned digits = (word_bits(&t->g) + 3) / 4;
  for (unsigned x = 0; x <= t->n; x++) {
    if (x < t->n) node_name(name, sizeof name, x);
    else snprintf(name, sizeof name, "expect.hex");
    if (path_of(path, sizeof path, dir, name) != 0) return HC_EIO;
    FILE *f = fopen(path, "w");
    if (!f) return HC_EIO;
    if (x < t->n) {
      const uint64_t *w = t->words + (size_t)x * t->g.rom_depth;
      for (unsigned k = 0; k < t->g.rom_depth; k++)
        fprintf(f, "%0*llx\n", (int)digits, (unsigned long long)w[k]);
    } else {
      for (unsigned k = 0; k < HC_FPGA_EXPECT_WORDS; k++) fprintf(f, "%08x\n", (unsigned)t->expect[k]);
    }
    if (fclose(f) != 0) return HC_EIO;
  }
  return HC_OK;
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

int hc_fpga_tables_read(hc_fpga_tables *t, const hc_fpga_geom *g, const char *dir) {
  char name[32], path[4096];
  uint64_t ex[HC_FPGA_EXPECT_WORDS];
  unsigned count;
  int rc = hc_fpga_tables_init(t, g);
  if (rc != HC_OK) return rc;
  for (unsigned x = 0; x < t->n && rc == HC_OK; x++) {
    uint64_t *w = t->words + (size_t)x * g->rom_depth;
    const unsigned fw = g->net.w + 2;
    node_name(name, sizeof name, x);
    if (path_of(path, sizeof path, dir, name) != 0) rc = HC_EIO;
    if (rc == HC_OK) rc = read_hex(path, word_bits(g), w, g->rom_depth, &count);
    if (rc != HC_OK) break;
    unsigned k = 0;
    while (k < count && !((w[k] >> (g->time_w + fw)) & 1u)) k++;
    if (k == count) rc = HC_EFORMAT; /* no end word */
    t->len[x] = k;
  }
  if (rc == HC_OK && path_of(path, sizeof path, dir, "expect.hex") != 0) rc = HC_EIO;
  if (rc == HC_OK) rc = read_hex(path, 32, ex, HC_FPGA_EXPECT_WORDS, &count);
  if (rc == HC_OK && count != HC_FPGA_EXPECT_WORDS) rc = HC_EFORMAT;
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

static uint32_t sat8(uint32_t v) { return v > 255 ? 255 : v; }

int hc_fpga_predict(const hc_fpga_tables *t, hc_fpga_run *out) {
  const hc_fpga_geom *g = &t->g;
  const unsigned n = t->n, w = g->net.w, fw = w + 2, d = g->net.d;
  const uint32_t tmax = (1u << g->time_w) - 1;
  const uint32_t cmax = (1u << HC_FPGA_CYCLE_W) - 1;
  const uint32_t total = t->expect[HC_FPGA_X_MSGS];
  hc_model *m = NULL;
  hc_obs obs;
  uint8_t valid[1u << HC_FPGA_MAX_D];
  uint32_t flit[1u << HC_FPGA_MAX_D];
  unsigned ptr[1u << HC_FPGA_MAX_D] = {0};
  chk ck[1u << HC_FPGA_MAX_D];
  int rc;

  if (hc_fpga_geom_check(g) != HC_OK || out == NULL) return HC_EPARAM;
  if ((rc = hc_model_new(&g->net, &m)) != HC_OK) return rc;
  if ((rc = hc_obs_new(&g->net, &obs)) != HC_OK) {
    hc_model_free(m);
    return rc;
  }
  memset(out, 0, sizeof *out);
  memset(ck, 0, sizeof ck);
  uint32_t msgs = 0; /* hc_selftest.sv msgs_q, 16 bits */
  for (uint32_t c = 0;; c++) {
    /* hc_traffic_rom.sv: offer the front flit; a head waits for its time. */
    const uint32_t csrc = c > tmax ? tmax : c;
    for (unsigned x = 0; x < n; x++) {
      uint64_t wd = t->words[(size_t)x * g->rom_depth + ptr[x]];
      int end = (int)((wd >> (g->time_w + fw)) & 1u);
      uint32_t time = (uint32_t)((wd >> fw) & tmax);
      uint32_t f = (uint32_t)(wd & ((1ull << fw) - 1));
      int head = (int)((f >> w) & 1u);
      valid[x] = (uint8_t)(!end && (!head || time <= csrc) && hc_model_inj_ready(m, x));
      flit[x] = valid[x] ? f : 0;
      if (valid[x]) ptr[x]++;
    }
    hc_model_step(m, valid, flit, &obs);
    /* hc_checker.sv on every ejection port, hc_selftest.sv's counts. */
    uint32_t done_now = 0, mis_now = 0, frm_now = 0;
    for (unsigned x = 0; x < n; x++) {
      if (!obs.ej_valid[x]) continue;
      uint32_t f = obs.ej_flit[x];
      int head = (int)((f >> w) & 1u), tail = (int)((f >> (w + 1)) & 1u);
      out->flits = (out->flits + 1) & 0xFFFFu;
      if (head) {
        frm_now += ck[x].in_msg != 0;
        mis_now += (f & ((1u << d) - 1)) != x;
      } else {
        frm_now += ck[x].in_msg == 0;
      }
      if (head || ck[x].in_msg) {
        ck[x].crc = hc_fpga_crc16(head ? HC_FPGA_CRC_INIT : ck[x].crc, f, fw);
        ck[x].in_msg = !tail;
        if (tail) {
          done_now++;
          out->sig[x] = (uint16_t)(out->sig[x] + ck[x].crc);
        }
      }
    }
    out->misrouted = sat8(out->misrouted + mis_now);
    out->framing = sat8(out->framing + frm_now);
    msgs = (msgs + done_now) & 0xFFFFu;
    if (msgs >= total) {
      out->cycles = c + 1;
      break;
    }
    if (c == cmax) {
      out->cycles = c;
      out->timeout = 1;
      break;
    }
  }
  out->messages = msgs;
  /* hc_selftest.sv PhRead: max over every output port of every node. */
  const uint32_t cmask = g->cnt_width >= 32 ? 0xFFFFFFFFu : (1u << g->cnt_width) - 1;
  for (unsigned x = 0; x < n; x++) { /* cnt_width 0: cmask 0, blocked not read */
    for (unsigned p = 0; p <= d; p++) {
      uint32_t mw = hc_model_counter(m, x, p, HC_CNT_MAX_WAITING);
      uint32_t bl = hc_model_counter(m, x, p, HC_CNT_BLOCKED) & cmask;
      if (mw > out->max_wait) out->max_wait = mw;
      if (bl > out->max_blocked) out->max_blocked = bl;
    }
  }
  hc_obs_free(&obs);
  hc_model_free(m);
  return HC_OK;
}

/* A report field: the RTL prints FieldW = 20 bits of each. */
static unsigned fld(uint32_t v) { return v & 0xFFFFFu; }

size_t hc_fpga_report(const hc_fpga_geom *g, const hc_fpga_tables *t, const hc_fpga_run *r,
                      char *buf, size_t cap, int *pass) {
  const uint32_t *ex = t->expect;
  const uint32_t cfg = ((uint32_t)(g->net.d & 0xFF) << 24) | ((g->net.w & 0xFF) << 16) |
                       ((g->net.buf_depth & 0xFF) << 8) | (g->net.inj_depth & 0xFF);
  const uint32_t geom = ((g->rom_depth & 0xFFFFu) << 16) | ((g->time_w & 0xFF) << 8) |
                        (g->cnt_width & 0xFF);
  const int table_ok = ex[HC_FPGA_X_CFG] == cfg && ex[HC_FPGA_X_GEOM] == geom;
  const uint32_t exp_msgs = ex[HC_FPGA_X_MSGS];
  const uint32_t lost = r->messages < exp_msgs ? ((exp_msgs & 0xFFFFu) - r->messages) & 0xFFFFu : 0;
  const uint32_t cmask = g->cnt_width >= 32 ? 0xFFFFFFFFu : (1u << g->cnt_width) - 1;
  unsigned bad = 0;
  for (unsigned x = 0; x < (1u << g->net.d); x++) bad += r->sig[x] != (ex[HC_FPGA_X_SIG + x] & 0xFFFFu);
  const int ok = table_ok && !r->timeout && lost == 0 && r->misrouted == 0 && r->framing == 0 &&
                 bad == 0 && r->cycles == ex[HC_FPGA_X_CYCLES];
  if (pass) *pass = ok;
  int k = snprintf(buf, cap,
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
  if (k < 0 || (size_t)k >= cap) return 0;
  /* The blocked counters are part of the report only when they are read. */
  int k2 = g->cnt_width ? snprintf(buf + k, cap - (size_t)k, ", max %u cycles blocked",
                                   fld(r->max_blocked & cmask))
                        : 0;
  if (k2 < 0 || (size_t)(k + k2) >= cap) return 0;
  int k3 = snprintf(buf + k + k2, cap - (size_t)(k + k2), "\r\n%s\r\n", ok ? "PASS" : "FAIL");
  if (k3 < 0 || (size_t)(k + k2 + k3) >= cap) return 0;
  return (size_t)(k + k2 + k3);
}
