/*
** hc_fpga_gen: write the traffic tables of the FPGA self-test
** (rtl/fpga/hc_selftest.sv) from the project's traffic generators, so that the
** traffic that drives the simulations drives the board. It runs the
** chosen traffic (a pattern of tb/driver/hc_traffic.h, or a message-list file)
** through the testbench driver on the C model for --cycles cycles of
** creation, keeps each node's messages as far as its table has room, runs
** the kept messages again on a fresh model to the last delivery (the
** driver's scoreboard checks every message arrives exactly once, intact),
** and does the same for a second, shorter traffic (messages of at most
** --buf flits) run in store-and-forward by header (mode 2). It writes the
** board's program (hc_cfg_seq.sv): the mode-2 switch and run and, with
** --sf 1, each store-and-forward case (BROADCAST 2, the optimal total
** exchange, COMPLETE EXCHANGE: algorithms/hc_sched_algos.h) as the loader's
** configuration writes (csim/hc_sfload.c), its start, the wait for
** sf_done and the read-back of every word the case cares for. With
** --sf-prog 1 (the board's programmed node, rtl/hc_sf_prog.sv,
** docs/store_and_forward.md section 7.9) it compiles each case instead:
** it runs the engines' C model (csim/hc_sf.c) on the loaded case with a
** trace, and writes per node the program that replays what the engines do
** in every link cycle (each read, each write, each link's valid and busy,
** the cycle the node finishes); the board's program then keeps of the load
** only the global writes and the own data, and the table writes go to
** sftab.hex for the model's replay. Files:
**
**   DIR/node00.hex ..   the table of each node (hc_traffic_rom.sv format)
**   DIR/prog.hex        the program (hc_fpga.h, HC_FPGA_OP_*)
**   DIR/expect.hex      totals, the model's cycles and contention, the
**                       delivery signatures, each case's completion, CRC of
**                       its expected memory and formula (hc_fpga.h)
**   DIR/sfprog00.hex .. with --sf-prog 1: each node's RAM (data, program)
**   DIR/sftab.hex       with --sf-prog 1: the table writes left out
**   DIR/messages.txt    the kept messages of the wormhole run as a
**                       message-list file, to replay them with
**                       `make sim FILE=...` (saf_messages.txt: mode 2)
**
** It then replays everything through the model exactly as the board does
** (hc_fpga_predict) and fails unless that gives the driver's cycle count
** for the wormhole run, every message of the mode-2 run with the
** signatures computed from the messages sent, and for each case the CRC
** of the expected memory (what the communication means, not a run) and a
** completion equal to the reference executor's (hc_sched_exec) and to the
** paper's formula.
** Exit status 0 on success, 1 on a failed run or check, 2 on bad arguments.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hc_backend.h"
#include "hc_driver.h"
#include "hc_fpga.h"
#include "hc_sched_algos.h"
#include "hc_sfload.h"
#include "hc_traffic.h"

typedef struct gen_msg {
  uint32_t t, src, dest, len;
} gen_msg;

typedef struct gen_opts {
  hc_fpga_geom g;
  hc_traffic_cfg tc, saf; /* the wormhole run's traffic and the mode-2 run's */
  const char *file;
  const char *out;
  uint64_t cycles, saf_cycles;
  unsigned beta;
  int quiet;
} gen_opts;

/* One traffic section as generated: its messages, what they make. */
typedef struct section {
  gen_msg *msg;
  uint64_t n, dropped;
  uint32_t flits;
  uint64_t cycles; /* the driver's run on a fresh model */
  uint32_t max_wait, max_blk;
} section;

static void usage(FILE *f) {
  fprintf(f,
          "usage: hc_fpga_gen --out DIR [--d 3] [--w 8] [--buf 2] [--inj 2] [--cnt-width 16]\n"
          "                   [--rom-depth 256] [--time-bits 16] [--prog-depth 16]\n"
          "                   [--traffic uniform|bitrev|transpose|revflip|hotspot|neighbor]\n"
          "                   [--rate 0.3] [--len 4] [--cycles 300] [--seed 1]\n"
          "                   [--hot-node 0] [--hot-frac 0.2] [--file MSGLIST]\n"
          "                   [--saf-rate 0.2] [--saf-len BUF] [--saf-cycles 100]\n"
          "                   [--sf 0|1] [--sf-geom BANK_AW,SEG_AW,DESC_AW] [--beta 3] [--sf-prog 0|1]\n"
          "                   [--quiet]\n");
}

/* Parse an unsigned option value; returns 0 or -1. */
static int parse_u(const char *s, unsigned long long max, unsigned long long *out) {
  char *end;
  unsigned long long v;
  if (s == NULL || *s == '\0' || *s == '-') return -1;
  v = strtoull(s, &end, 10);
  if (*end != '\0' || v > max) return -1;
  *out = v;
  return 0;
}

static void defaults(gen_opts *o) {
  memset(o, 0, sizeof *o);
  o->g.net.d = 3;
  o->g.net.w = 8;
  o->g.net.buf_depth = 2;
  o->g.net.inj_depth = 2;
  o->g.cnt_width = 16;
  o->g.rom_depth = 256;
  o->g.time_w = 16;
  o->g.prog_depth = 16;
  o->tc.pattern = HC_PAT_UNIFORM;
  o->tc.rate = 0.3;
  o->tc.len = 4;
  o->tc.seed = 1;
  o->tc.hot_frac = 0.2;
  o->saf = o->tc;
  o->saf.rate = 0.2;
  o->saf.len = 0; /* --buf unless given */
  o->cycles = 300;
  o->saf_cycles = 100;
  o->beta = 3;
}

/* --sf-geom B,S,D into g. Returns 0 or -1. */
static int parse_geom(const char *v, hc_sf_geom *g) {
  unsigned b, s, d;
  char tail;
  if (sscanf(v, "%u,%u,%u%c", &b, &s, &d, &tail) != 3) return -1;
  if (b < 1 || b > 15 || s < 1 || s > 15 || d < 1 || d > 15) return -1;
  *g = (hc_sf_geom){b, s, d};
  return 0;
}

/* One option with its value; returns 0, or -1 (said on stderr). */
static int parse_opt(gen_opts *o, const char *a, const char *v) {
  unsigned long long u = 0;
  int bad = 0;
  if (strcmp(a, "--out") == 0) o->out = v;
  else if (strcmp(a, "--file") == 0) o->file = v;
  else if (strcmp(a, "--traffic") == 0) bad = hc_pattern_parse(v, &o->tc.pattern) != HC_OK;
  else if (strcmp(a, "--sf-geom") == 0) bad = parse_geom(v, &o->g.net.sf) != 0;
  else if (strcmp(a, "--rate") == 0 || strcmp(a, "--hot-frac") == 0 || strcmp(a, "--saf-rate") == 0) {
    char *end;
    double d = strtod(v, &end);
    bad = *end != '\0' || *v == '\0';
    if (strcmp(a, "--rate") == 0) o->tc.rate = d;
    else if (strcmp(a, "--saf-rate") == 0) o->saf.rate = d;
    else o->tc.hot_frac = d;
  } else {
    bad = parse_u(v, 0xFFFFFFFFull, &u) != 0;
    if (strcmp(a, "--d") == 0) o->g.net.d = (unsigned)u;
    else if (strcmp(a, "--w") == 0) o->g.net.w = (unsigned)u;
    else if (strcmp(a, "--buf") == 0) o->g.net.buf_depth = (unsigned)u;
    else if (strcmp(a, "--inj") == 0) o->g.net.inj_depth = (unsigned)u;
    else if (strcmp(a, "--cnt-width") == 0) o->g.cnt_width = (unsigned)u;
    else if (strcmp(a, "--rom-depth") == 0) o->g.rom_depth = (unsigned)u;
    else if (strcmp(a, "--prog-depth") == 0) o->g.prog_depth = (unsigned)u;
    else if (strcmp(a, "--time-bits") == 0) o->g.time_w = (unsigned)u;
    else if (strcmp(a, "--len") == 0) o->tc.len = (unsigned)u;
    else if (strcmp(a, "--saf-len") == 0) o->saf.len = (unsigned)u;
    else if (strcmp(a, "--cycles") == 0) o->cycles = u;
    else if (strcmp(a, "--saf-cycles") == 0) o->saf_cycles = u;
    else if (strcmp(a, "--seed") == 0) o->tc.seed = u;
    else if (strcmp(a, "--hot-node") == 0) o->tc.hot_node = (unsigned)u;
    else if (strcmp(a, "--beta") == 0) o->beta = (unsigned)u;
    else if (strcmp(a, "--sf-prog") == 0) {
      bad = bad || u > 1;
      o->g.sf_prog = (unsigned)u;
    } else if (strcmp(a, "--sf") == 0) {
      bad = bad || u > 1;
      o->g.sf_cases = u ? HC_FPGA_SF_CASES : 0;
    } else {
      fprintf(stderr, "hc_fpga_gen: unknown option %s\n", a);
      return -1;
    }
  }
  if (bad) {
    fprintf(stderr, "hc_fpga_gen: bad value '%s' for %s\n", v, a);
    return -1;
  }
  return 0;
}

/* The checks of the options together; returns 0, or -1 (said on stderr). */
static int check_opts(gen_opts *o) {
  o->tc.d = o->saf.d = o->g.net.d;
  o->saf.pattern = o->tc.pattern == HC_PAT_FILE ? HC_PAT_UNIFORM : o->tc.pattern;
  o->saf.hot_node = o->tc.hot_node;
  o->saf.hot_frac = o->tc.hot_frac;
  o->saf.seed = o->tc.seed + 1;
  if (o->saf.len == 0) o->saf.len = o->g.net.buf_depth;
  if (o->out == NULL) {
    fprintf(stderr, "hc_fpga_gen: --out DIR is required\n");
    return -1;
  }
  if (!o->g.sf_cases) o->g.net.sf = (hc_sf_geom){0, 0, 0};
  if (o->g.sf_prog && (!o->g.sf_cases || o->g.net.d < 2)) {
    fprintf(stderr, "hc_fpga_gen: --sf-prog 1 needs --sf 1 and d >= 2\n");
    return -1;
  }
  if (o->g.sf_cases && o->g.net.sf.bank_aw == 0) {
    fprintf(stderr, "hc_fpga_gen: --sf 1 needs --sf-geom BANK_AW,SEG_AW,DESC_AW (the RTL's, 1..15 each)\n");
    return -1;
  }
  if (hc_fpga_geom_check(&o->g) != HC_OK) {
    fprintf(stderr, "hc_fpga_gen: parameters out of range (d 1..%d, w d..30, buf and inj 1..16, "
                    "cnt-width 0..32, rom-depth and prog-depth 4..65536, time-bits 1..%d)\n",
            HC_FPGA_MAX_D, HC_FPGA_CYCLE_W - 1);
    return -1;
  }
  if (o->file == NULL && (o->tc.pattern == HC_PAT_FILE || hc_traffic_cfg_check(&o->tc) != HC_OK)) {
    fprintf(stderr, "hc_fpga_gen: bad traffic (rate 0..1, len >= 1, hot-node < 2^d, "
                    "--traffic file needs --file)\n");
    return -1;
  }
  if (o->saf.len > o->g.net.buf_depth || hc_traffic_cfg_check(&o->saf) != HC_OK) {
    fprintf(stderr, "hc_fpga_gen: bad mode-2 traffic (saf-rate 0..1, saf-len 1..--buf %u: "
                    "store-and-forward holds a whole message in one input buffer)\n",
            o->g.net.buf_depth);
    return -1;
  }
  if (o->beta < 3 || o->beta > 0xFFFF) {
    fprintf(stderr, "hc_fpga_gen: --beta must be 3..65535 (the engines' own start-up is 3)\n");
    return -1;
  }
  return 0;
}

static int parse_args(int argc, char **argv, gen_opts *o) {
  defaults(o);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--quiet") == 0) {
      o->quiet = 1;
      continue;
    }
    if (strcmp(a, "--help") == 0) {
      usage(stdout);
      exit(0);
    }
    if (v == NULL) {
      fprintf(stderr, "hc_fpga_gen: %s needs a value\n", a);
      return -1;
    }
    i++;
    if (parse_opt(o, a, v) != 0) return -1;
  }
  return check_opts(o);
}

/* A driver on a fresh model backend. */
static int open_run(const hc_cfg *cfg, hc_backend **be, hc_driver **drv) {
  if (hc_backend_open(HC_SIM_MODEL, cfg, NULL, be) != HC_OK) return -1;
  if (hc_driver_new(*be, drv) != HC_OK) {
    hc_backend_close(*be);
    return -1;
  }
  return 0;
}

static void close_run(hc_backend *be, hc_driver *drv) {
  hc_driver_free(drv);
  hc_backend_close(be);
}

/* Pass 1: the messages of traffic tc (or of file, when not NULL) created
** in `cycles` cycles, in creation order, in *out (malloc'ed). */
static int make_messages(const hc_cfg *net, const hc_traffic_cfg *tc, const char *file,
                         uint64_t cycles, gen_msg **out, uint64_t *count) {
  hc_backend *be;
  hc_driver *drv;
  hc_traffic *tr = NULL;
  hc_traffic_error err;
  uint64_t nfile = 0;
  int rc;
  if (open_run(net, &be, &drv) != 0) return -1;
  if (file) {
    rc = hc_traffic_new_file(net->d, file, &tr, &err);
    if (rc != HC_OK) {
      fprintf(stderr, "hc_fpga_gen: %s:%llu: %s\n", file, (unsigned long long)err.line, err.msg);
      close_run(be, drv);
      return -1;
    }
    hc_traffic_file_msgs(tr, &nfile);
  } else if (hc_traffic_new(tc, &tr) != HC_OK) {
    close_run(be, drv);
    return -1;
  }
  for (uint64_t c = 0;; c++) {
    uint64_t made = 0;
    hc_traffic_generated(tr, &made, NULL);
    if (file ? made == nfile : c == cycles) break;
    if (hc_traffic_tick(tr, drv) != HC_OK || hc_driver_step(drv) != HC_OK) {
      hc_traffic_free(tr);
      close_run(be, drv);
      return -1;
    }
  }
  *count = hc_driver_num_msgs(drv);
  *out = calloc(*count ? *count : 1, sizeof **out);
  rc = *out == NULL ? -1 : 0;
  for (uint64_t i = 0; rc == 0 && i < *count; i++) {
    const hc_msg *m = hc_driver_msg(drv, i);
    (*out)[i] = (gen_msg){(uint32_t)m->t_create, m->src, m->dest, m->len};
  }
  hc_traffic_free(tr);
  close_run(be, drv);
  return rc;
}

/* Keep each node's messages of s while room[node] words are left (and
** their creation cycle fits time_w bits); the rest are counted dropped. */
static void keep(section *s, unsigned *room, uint32_t tmax) {
  uint8_t full[1u << HC_FPGA_MAX_D] = {0};
  uint64_t kept = 0;
  for (uint64_t i = 0; i < s->n; i++) {
    gen_msg *m = &s->msg[i];
    if (!full[m->src] && m->len <= room[m->src] && m->t <= tmax) {
      room[m->src] -= m->len;
      s->msg[kept++] = *m;
    } else {
      full[m->src] = 1;
      s->dropped++;
    }
  }
  s->n = kept;
}

/*
** Pass 2: the kept messages of s on a fresh model in `mode`, to the last
** delivery (the driver's scoreboard checks each arrives once, intact);
** their flits pushed into t, their CRCs added into sig[dest]. Returns 0 or
** -1 (said on stderr).
*/
static int replay(const gen_opts *o, unsigned mode, section *s, hc_fpga_tables *t, uint16_t *sig) {
  hc_backend *be;
  hc_driver *drv;
  const unsigned fw = o->g.net.w + 2;
  const uint32_t cmask = o->g.cnt_width >= 32 ? 0xFFFFFFFFu : (1u << o->g.cnt_width) - 1;
  if (open_run(&o->g.net, &be, &drv) != 0) return -1;
  int rc = mode == HC_MODE_WORMHOLE ? HC_OK : hc_driver_set_mode(drv, mode);
  for (uint64_t i = 0; rc == HC_OK && i < s->n;) {
    uint64_t c = hc_driver_cycle(drv);
    while (i < s->n && s->msg[i].t == c) {
      if (hc_driver_send(drv, s->msg[i].src, s->msg[i].dest, s->msg[i].len, 0) < 0) rc = HC_ENOMEM;
      i++;
    }
    if (rc == HC_OK) rc = hc_driver_step(drv);
  }
  if (rc == HC_OK) rc = hc_driver_drain(drv, (1u << HC_FPGA_CYCLE_W) - 1);
  const hc_stats *st = hc_driver_stats(drv);
  if (rc != HC_OK || st->delivered != s->n || st->corrupted || st->duplicated) {
    fprintf(stderr, "hc_fpga_gen: the model run in mode %u failed (%s, %llu of %llu delivered)\n", mode,
            hc_status_name(rc), (unsigned long long)st->delivered, (unsigned long long)s->n);
    close_run(be, drv);
    return -1;
  }
  s->cycles = hc_driver_cycle(drv);
  for (uint64_t i = 0; rc == HC_OK && i < hc_driver_num_msgs(drv); i++) {
    const hc_msg *m = hc_driver_msg(drv, i);
    uint16_t crc = HC_FPGA_CRC_INIT;
    for (unsigned j = 0; rc == HC_OK && j < m->len; j++) {
      uint32_t f = hc_driver_flit(drv, m, j);
      crc = hc_fpga_crc16(crc, f, fw);
      rc = hc_fpga_tables_push(t, m->src, j == 0 ? (uint32_t)m->t_create : 0, f);
    }
    sig[m->dest] = (uint16_t)(sig[m->dest] + crc);
    s->flits += m->len;
  }
  for (unsigned x = 0; x < t->n; x++) {
    for (unsigned p = 0; p <= o->g.net.d; p++) {
      uint32_t mw = hc_driver_counter(drv, x, p, HC_CNT_MAX_WAITING);
      uint32_t bl = hc_driver_counter(drv, x, p, HC_CNT_BLOCKED) & cmask;
      if (mw > s->max_wait) s->max_wait = mw;
      if (bl > s->max_blk) s->max_blk = bl;
    }
  }
  close_run(be, drv);
  if (rc != HC_OK) fprintf(stderr, "hc_fpga_gen: a table overflowed (cannot happen)\n");
  return rc == HC_OK ? 0 : -1;
}

/* Write a section's messages as a message-list file dir/name. */
static int write_msgs(const char *dir, const char *name, const section *s) {
  char path[4096];
  FILE *f = NULL;
  if (snprintf(path, sizeof path, "%s/%s", dir, name) < (int)sizeof path) f = fopen(path, "w");
  if (!f) return -1;
  fprintf(f, "# FPGA self-test traffic (hc_fpga_gen): cycle src dest len\n");
  for (uint64_t i = 0; i < s->n; i++)
    fprintf(f, "%u %u %u %u\n", s->msg[i].t, s->msg[i].src, s->msg[i].dest, s->msg[i].len);
  return fclose(f) == 0 ? 0 : -1;
}

/* Case k of the program (hc_fpga_sf_names order) into *c, with its size
** and formula. Returns HC_OK or the generator's status. */
static int sf_case(unsigned k, unsigned d, uint32_t beta, hc_sched_case *c, uint32_t *size,
                   uint64_t *formula) {
  if (k == 0) {
    *size = 2 * d; /* two words a packet */
    *formula = hc_sf_broadcast2_formula(d, *size, beta);
    return hc_sf_broadcast2(d, *size, 0, c);
  }
  if (k == 1) {
    *size = 1;
    *formula = hc_sf_total_exchange_formula(d, *size, beta);
    return hc_sf_total_exchange(d, *size, c);
  }
  *size = 1; /* pieces rounded up: the formula with ceil(m/n) */
  *formula = hc_sf_complete_exchange_formula(d, *size, beta);
  return hc_sf_complete_exchange(d, *size, c);
}

/* The program word of op c, or fail with a line naming what does not fit. */
static int prog(hc_fpga_tables *t, unsigned op, const hc_cfg_op *c) {
  if (hc_fpga_prog_push(t, op, c) == HC_OK) return 0;
  if (t->nprog + 1 > t->g.prog_depth)
    fprintf(stderr, "hc_fpga_gen: the program needs more than --prog-depth %u words\n", t->g.prog_depth);
  else
    fprintf(stderr, "hc_fpga_gen: a configuration write does not fit a program word "
                    "(wdata %u above %u bits, or idx %u above 16)\n",
            c->wdata, HC_FPGA_WDATA_W, c->idx);
  return -1;
}

/* A write of the mode register. */
static int mode_write(hc_fpga_tables *t, unsigned mode) {
  hc_cfg_op op;
  memset(&op, 0, sizeof op);
  op.tgt = HC_SF_TGT_GLOBAL;
  op.idx = HC_SF_REG_MODE;
  op.wdata = mode;
  return prog(t, HC_FPGA_OP_WRITE, &op);
}

/* A trace of the engines over a run: cycle c's arrays at [c * ne]. */
typedef struct run_trace {
  uint32_t cycles; /* cycles traced, 0 .. cycles-1 (schedule time) */
  uint8_t *busy, *rd, *wr, *lv;
  uint32_t *rmask, *roff, *woff;
} run_trace;

static void run_trace_free(run_trace *r) {
  free(r->busy);
  free(r->rd);
  free(r->wr);
  free(r->lv);
  free(r->rmask);
  free(r->roff);
  free(r->woff);
  memset(r, 0, sizeof *r);
}

/*
** The engines' C model on loader image l: loaded through the back door,
** started, stepped with a trace to sf_done (at most cap cycles). *done_at:
** the completion (sf_done's cycle - 1). Returns 0 or -1 (said).
*/
static int trace_run(const gen_opts *o, const hc_sfload *l, uint32_t cap, run_trace *r,
                     uint32_t *done_at) {
  const unsigned d = o->g.net.d;
  const uint32_t ne = (1u << d) * d;
  hc_sf *s = NULL;
  hc_sf_trace tr;
  hc_cfg_op op;
  uint32_t *flit = NULL;
  int rc = -1;
  memset(r, 0, sizeof *r);
  if (hc_sf_new(d, o->g.net.w, o->g.net.sf, &s) != 0) return -1;
  r->busy = calloc((size_t)cap * ne, 1);
  r->rd = calloc((size_t)cap * ne, 1);
  r->wr = calloc((size_t)cap * ne, 1);
  r->lv = calloc((size_t)(cap + 1) * ne, 1);
  r->rmask = calloc((size_t)cap * ne, sizeof *r->rmask);
  r->roff = calloc((size_t)cap * ne, sizeof *r->roff);
  r->woff = calloc((size_t)cap * ne, sizeof *r->woff);
  flit = calloc(ne, sizeof *flit);
  if (!r->busy || !r->rd || !r->wr || !r->lv || !r->rmask || !r->roff || !r->woff || !flit) goto out;
  for (size_t i = 0; i < l->nops; i++) {
    op = l->ops[i];
    op.we = 1;
    op.re = 0;
    hc_sf_backdoor_write(s, &op);
  }
  memset(&op, 0, sizeof op);
  op.we = 1;
  op.tgt = HC_SF_TGT_GLOBAL;
  op.idx = HC_SF_REG_START;
  hc_sf_step(s, &op, NULL, NULL, NULL, NULL);
  for (uint32_t c = 0; c < cap; c++) {
    uint8_t done = 0;
    tr = (hc_sf_trace){r->busy + (size_t)c * ne, r->rd + (size_t)c * ne, r->wr + (size_t)c * ne,
                       r->rmask + (size_t)c * ne, r->roff + (size_t)c * ne, r->woff + (size_t)c * ne};
    hc_sf_set_trace(s, &tr);
    hc_sf_step(s, NULL, r->lv + (size_t)c * ne, flit, &done, NULL);
    r->cycles = c + 1;
    if (done) {
      *done_at = c - 1;
      rc = 0;
      break;
    }
  }
  if (rc != 0) fprintf(stderr, "hc_fpga_gen: the engines' model did not finish in %u cycles\n", cap);
out:
  hc_sf_set_trace(s, NULL);
  hc_sf_free(s);
  free(flit);
  if (rc != 0) run_trace_free(r);
  return rc;
}

/*
** Compile case k for the programmed node (rtl/hc_sf_prog.sv): append to
** every node's program in t->sfmem (from *pos[x] on) the entries of link
** cycles -1 .. C_x - 1 (C_x: the cycle the node finishes) and the end
** entry. Entry (c, k), slot k of link cycle c: RX k's write of cycle c;
** TX k's link valid and busy of cycle c + 1; TX k's read of the word its
** link carries in cycle c + 1 (k < d - 1) or c + 2 (k = d - 1), which the
** engine read two cycles before that. Returns 0 or -1 (said).
*/
static int sf_compile(const gen_opts *o, unsigned k, const hc_sfload *l, uint32_t completion,
                      hc_fpga_tables *t, unsigned *pos) {
  const unsigned d = o->g.net.d, ba = o->g.net.sf.bank_aw, lb = hc_fpga_sfprog_lane_bits(d);
  const unsigned da = lb + ba;
  const uint32_t ne = t->n * d, words = 1u << HC_FPGA_SFPROG_AW;
  /* Entry fields (hc_sf_prog.sv). */
  const unsigned f_wr = ba, f_ra = ba + 1, f_rd = f_ra + da, f_bsy = f_rd + 1, f_vld = f_rd + 2,
                 f_end = f_rd + 3;
  run_trace r;
  uint32_t done_at = 0, last = 0;
  if (trace_run(o, l, completion + 64, &r, &done_at) != 0) return -1;
  if (done_at != completion) {
    fprintf(stderr, "hc_fpga_gen: case %s: the traced model finished in %u cycles, not %u\n",
            hc_fpga_sf_names[k], done_at, completion);
    run_trace_free(&r);
    return -1;
  }
  for (unsigned x = 0; x < t->n; x++) {
    uint64_t *mem = t->sfmem + ((size_t)x << HC_FPGA_SFPROG_AW);
    uint32_t cx = 0;
    /* The cycle the node finishes: after its last busy and last write. */
    for (uint32_t c = 0; c < r.cycles; c++)
      for (unsigned i = 0; i < d; i++) {
        size_t e = (size_t)c * ne + x * d + i;
        if ((r.busy[e] || r.wr[e]) && c + 1 > cx) cx = c + 1;
      }
    if (cx > last) last = cx;
    if (pos[x] + (cx + 1) * d + 1 > words) {
      fprintf(stderr, "hc_fpga_gen: case %s: node %u's program does not fit its RAM of %u words "
                      "(HC_FPGA_SFPROG_AW)\n", hc_fpga_sf_names[k], x, words);
      run_trace_free(&r);
      return -1;
    }
    for (int32_t c = -1; c < (int32_t)cx; c++)
      for (unsigned i = 0; i < d; i++) {
        const uint32_t e = x * d + i;
        const int32_t rc = i + 1 < d ? c - 1 : c; /* the engine's read */
        uint64_t v = 0;
        if (c >= 0 && r.wr[(size_t)c * ne + e])
          v |= (1ull << f_wr) | r.woff[(size_t)c * ne + e];
        if ((uint32_t)(c + 1) < r.cycles) {
          v |= (uint64_t)r.lv[(size_t)(c + 1) * ne + e] << f_vld;
          v |= (uint64_t)r.busy[(size_t)(c + 1) * ne + e] << f_bsy;
        }
        if (rc >= 0 && r.rd[(size_t)rc * ne + e]) {
          const uint32_t m = r.rmask[(size_t)rc * ne + e];
          unsigned b = 0;
          while (b <= d && m != (1u << b)) b++;
          if (b > d) {
            fprintf(stderr, "hc_fpga_gen: case %s: a combined read (banks %x): the programmed node "
                            "reads one bank a word\n", hc_fpga_sf_names[k], m);
            run_trace_free(&r);
            return -1;
          }
          v |= (1ull << f_rd) | ((uint64_t)((b << ba) | r.roff[(size_t)rc * ne + e]) << f_ra);
        }
        mem[pos[x]++] = v;
      }
    mem[pos[x]++] = 1ull << f_end;
  }
  run_trace_free(&r);
  if (last != completion) {
    fprintf(stderr, "hc_fpga_gen: case %s: the nodes finish by cycle %u, the model in %u\n",
            hc_fpga_sf_names[k], last, completion);
    return -1;
  }
  return 0;
}

/*
** Store-and-forward case k: the loader's writes, start, wait, the read of
** every cared-for word and the check, appended to t's program; its
** expectation (CRC of the expected memory, formula, size, and the
** executor's completion in *ref) into t->expect. Returns 0 or -1 (said).
*/
static int sf_program(const gen_opts *o, unsigned k, hc_fpga_tables *t, uint64_t *ref, unsigned *pos) {
  hc_sched_case c;
  hc_sched_err err;
  hc_sfload l;
  hc_exec_result ex;
  uint32_t size = 0;
  uint64_t formula = 0;
  const unsigned w = o->g.net.w;
  const uint32_t wmask = w >= 32 ? 0xFFFFFFFFu : (1u << w) - 1;
  memset(&err, 0, sizeof err);
  if (sf_case(k, o->g.net.d, o->beta, &c, &size, &formula) != HC_OK ||
      hc_sched_validate(c.sched, &err) != HC_OK || hc_sched_exec(c.sched, o->beta, c.init, &ex, &err) != HC_OK) {
    fprintf(stderr, "hc_fpga_gen: case %s: %s\n", hc_fpga_sf_names[k], err.msg[0] ? err.msg : "cannot build it");
    hc_sched_case_free(&c);
    return -1;
  }
  *ref = ex.cycles;
  hc_exec_result_free(&ex);
  if (hc_sfload_build(&c, o->beta, o->g.net.sf, &l, &err) != HC_OK) {
    fprintf(stderr, "hc_fpga_gen: case %s: %s\n", hc_fpga_sf_names[k], err.msg);
    hc_sched_case_free(&c);
    return -1;
  }
  /* The loader's writes in its order, mode 1 first, as hcsim loads them:
  ** its count writes disarm the last schedule's engines (section 7.3), so
  ** nothing starts before the start below. */
  int rc = 0;
  hc_cfg_op op;
  for (size_t i = 0; rc == 0 && i < l.nops; i++) {
    op = l.ops[i];
    /* A bank keeps the low w bits of a word (7.3): so does the program. */
    if (op.tgt == HC_SF_TGT_BANK) op.wdata &= wmask;
    if (o->g.sf_prog && op.tgt != HC_SF_TGT_GLOBAL && op.tgt != HC_SF_TGT_BANK) {
      /* Compiled into the nodes' programs: for the model's replay only. */
      if (hc_fpga_sftab_push(t, hc_fpga_prog_word(HC_FPGA_OP_WRITE, &op)) != HC_OK) rc = -1;
      continue;
    }
    rc = prog(t, HC_FPGA_OP_WRITE, &op);
  }
  if (rc == 0 && o->g.sf_prog) {
    memset(&op, 0, sizeof op);
    if (hc_fpga_sftab_push(t, hc_fpga_prog_word(HC_FPGA_OP_END, &op)) != HC_OK) rc = -1;
    if (rc == 0) rc = sf_compile(o, k, &l, (uint32_t)*ref, t, pos);
  }
  memset(&op, 0, sizeof op);
  op.tgt = HC_SF_TGT_GLOBAL;
  op.idx = HC_SF_REG_START;
  if (rc == 0) rc = prog(t, HC_FPGA_OP_WRITE, &op);
  memset(&op, 0, sizeof op);
  op.field = HC_FPGA_WAIT_SF;
  op.unit = (uint8_t)k;
  if (rc == 0) rc = prog(t, HC_FPGA_OP_WAIT, &op);
  const uint32_t nodes = hc_sched_nodes(c.sched), mw = hc_sched_mem_words(c.sched);
  uint16_t crc = HC_FPGA_CRC_INIT;
  for (uint32_t i = 0; rc == 0 && i < nodes * mw; i++) {
    if (!c.care[i]) continue;
    hc_sfload_read_op(&l, i / mw, i % mw, &op);
    rc = prog(t, HC_FPGA_OP_READ, &op);
    crc = hc_fpga_crc16(crc, c.expect[i] & wmask, w);
  }
  memset(&op, 0, sizeof op);
  op.unit = (uint8_t)k;
  if (rc == 0) rc = prog(t, HC_FPGA_OP_CHECK, &op);
  uint32_t *e = t->expect + HC_FPGA_X_SF + 4 * k;
  e[HC_FPGA_SF_CRC] = crc;
  e[HC_FPGA_SF_FORMULA] = (uint32_t)formula;
  e[HC_FPGA_SF_SIZE] = size;
  hc_sfload_free(&l);
  hc_sched_case_free(&c);
  return rc;
}

/* The program: mode 2 and its run, then each store-and-forward case. */
static int make_program(const gen_opts *o, hc_fpga_tables *t, uint64_t *ref) {
  hc_cfg_op op;
  if (mode_write(t, HC_MODE_SAF) != 0) return -1;
  memset(&op, 0, sizeof op);
  op.field = HC_FPGA_WAIT_TRAFFIC;
  if (prog(t, HC_FPGA_OP_WAIT, &op) != 0) return -1;
  unsigned pos[1u << HC_FPGA_MAX_D];
  for (unsigned x = 0; x < t->n; x++) pos[x] = 1u << (hc_fpga_sfprog_lane_bits(o->g.net.d) + o->g.net.sf.bank_aw);
  for (unsigned k = 0; k < o->g.sf_cases; k++)
    if (sf_program(o, k, t, &ref[k], pos) != 0) return -1;
  return 0;
}

/*
** The tables replayed as the board replays them: the wormhole run must
** take the driver's cycles, the mode-2 run deliver every message with the
** signatures of the messages sent, each case read back its expected
** memory and finish when the executor and the paper's formula say. The
** replay's cycles are then the expectations. Returns 0 or -1 (said).
*/
static int confirm(hc_fpga_tables *t, const section *s0, const section *s1, const uint64_t *ref) {
  hc_fpga_run r;
  if (hc_fpga_predict(t, &r) != HC_OK) return -1;
  int ok = r.cycles == s0->cycles && !r.timeout && r.messages == s0->n && r.max_wait == s0->max_wait &&
           r.max_blocked == s0->max_blk;
  for (unsigned x = 0; ok && x < t->n; x++) ok = r.sig0[x] == t->expect[HC_FPGA_X_SIG + x];
  if (!ok) {
    fprintf(stderr, "hc_fpga_gen: the table replay differs from the driver's run "
                    "(%u cycles against %llu)\n", r.cycles, (unsigned long long)s0->cycles);
    return -1;
  }
  ok = r.prog_end && r.saf_ran && !r.saf_timeout && r.saf_messages == s1->n;
  for (unsigned x = 0; ok && x < t->n; x++) ok = r.sig[x] == t->expect[HC_FPGA_X_SAF_SIG + x];
  if (!ok) {
    fprintf(stderr, "hc_fpga_gen: the mode-2 run of the replay lost or changed messages "
                    "(%u of %llu delivered)\n", r.saf_messages, (unsigned long long)s1->n);
    return -1;
  }
  t->expect[HC_FPGA_X_SAF_CYCLES] = r.saf_cycles;
  for (unsigned k = 0; k < t->g.sf_cases; k++) {
    uint32_t *e = t->expect + HC_FPGA_X_SF + 4 * k;
    if (r.sf_crc[k] != e[HC_FPGA_SF_CRC] || r.sf_cycles[k] != ref[k] || ref[k] != e[HC_FPGA_SF_FORMULA]) {
      fprintf(stderr, "hc_fpga_gen: case %s on the model: %u cycles (executor %llu, formula %u), "
                      "CRC %04x (expected memory %04x)\n", hc_fpga_sf_names[k], r.sf_cycles[k],
              (unsigned long long)ref[k], e[HC_FPGA_SF_FORMULA], r.sf_crc[k], e[HC_FPGA_SF_CRC]);
      return -1;
    }
    e[HC_FPGA_SF_CYCLES] = r.sf_cycles[k];
  }
  return 0;
}

/* Both traffic sections into t, with their expectations. Returns 0 or -1. */
static int make_traffic(const gen_opts *o, hc_fpga_tables *t, section *s0, section *s1) {
  const unsigned n = 1u << o->g.net.d;
  const uint32_t tmax = (1u << o->g.time_w) - 1;
  unsigned room[1u << HC_FPGA_MAX_D];
  uint16_t sig[1u << HC_FPGA_MAX_D] = {0};
  if (make_messages(&o->g.net, &o->tc, o->file, o->cycles, &s0->msg, &s0->n) != 0 ||
      make_messages(&o->g.net, &o->saf, NULL, o->saf_cycles, &s1->msg, &s1->n) != 0) {
    fprintf(stderr, "hc_fpga_gen: could not generate the traffic\n");
    return -1;
  }
  /* Room: the table less its two end words; the mode-2 run takes what the
  ** wormhole run leaves. */
  for (unsigned x = 0; x < n; x++) room[x] = o->g.rom_depth - 2;
  keep(s0, room, tmax);
  keep(s1, room, tmax);
  if (s0->n == 0 || s0->n > 0xFFFF || s1->n == 0 || s1->n > 0xFFFF) {
    fprintf(stderr, "hc_fpga_gen: %llu and %llu messages fit the tables: need 1..65535 each\n",
            (unsigned long long)s0->n, (unsigned long long)s1->n);
    return -1;
  }
  if (replay(o, HC_MODE_WORMHOLE, s0, t, sig) != 0) return -1;
  for (unsigned x = 0; x < n; x++) t->expect[HC_FPGA_X_SIG + x] = sig[x];
  hc_fpga_tables_next(t);
  if (replay(o, HC_MODE_SAF, s1, t, sig) != 0) return -1;
  for (unsigned x = 0; x < n; x++) t->expect[HC_FPGA_X_SAF_SIG + x] = sig[x];
  return 0;
}

/* The expectation words that come from the parameters and the traffic. */
static void expect_fixed(const gen_opts *o, hc_fpga_tables *t, const section *s0, const section *s1) {
  const hc_fpga_geom *g = &o->g;
  t->expect[HC_FPGA_X_CFG] = (g->net.d << 24) | (g->net.w << 16) | (g->net.buf_depth << 8) | g->net.inj_depth;
  t->expect[HC_FPGA_X_MSGS] = (uint32_t)s0->n;
  t->expect[HC_FPGA_X_FLITS] = s0->flits;
  t->expect[HC_FPGA_X_CYCLES] = (uint32_t)s0->cycles;
  t->expect[HC_FPGA_X_MAXWAIT] = s0->max_wait;
  t->expect[HC_FPGA_X_BLOCKED] = s0->max_blk;
  t->expect[HC_FPGA_X_GEOM] = ((g->rom_depth & 0xFFFFu) << 16) | (g->time_w << 8) | g->cnt_width;
  t->expect[HC_FPGA_X_PROG] = ((g->sf_cases & 15u) << 28) | (g->prog_depth & 0xFFFFu) |
                              (g->sf_cases ? (g->net.sf.bank_aw << 24) | (g->net.sf.seg_aw << 20) |
                                                 (g->net.sf.desc_aw << 16)
                                           : 0);
  t->expect[HC_FPGA_X_SAF_MSGS] = (uint32_t)s1->n;
  t->expect[HC_FPGA_X_SAF_FLITS] = s1->flits;
  t->expect[HC_FPGA_X_BETA] = o->beta;
  t->expect[HC_FPGA_X_SFPROG] = g->sf_prog;
}

static void say(const gen_opts *o, const hc_fpga_tables *t, const section *s0, const section *s1) {
  unsigned most = 0;
  for (unsigned x = 0; x < t->n; x++) most = t->len[x] > most ? t->len[x] : most;
  printf("hc_fpga_gen: %u nodes, %llu messages, %u flits (largest table %u of %u words)%s; "
         "model: %llu cycles, max %u heads waiting, max %u cycles blocked; mode 2: %llu messages, "
         "%u cycles; program %u of %u words",
         t->n, (unsigned long long)s0->n, s0->flits, most + 1, o->g.rom_depth,
         s0->dropped + s1->dropped ? " [messages beyond a full table dropped]" : "",
         (unsigned long long)s0->cycles, s0->max_wait, s0->max_blk, (unsigned long long)s1->n,
         t->expect[HC_FPGA_X_SAF_CYCLES], t->nprog, o->g.prog_depth);
  for (unsigned k = 0; k < o->g.sf_cases; k++)
    printf("; %s %u cycles", hc_fpga_sf_names[k], t->expect[HC_FPGA_X_SF + 4 * k + HC_FPGA_SF_CYCLES]);
  printf(" -> %s\n", o->out);
}

int main(int argc, char **argv) {
  gen_opts o;
  section s0, s1;
  hc_fpga_tables t;
  uint64_t ref[HC_FPGA_SF_CASES] = {0};

  if (parse_args(argc, argv, &o) != 0) {
    usage(stderr);
    return 2;
  }
  memset(&s0, 0, sizeof s0);
  memset(&s1, 0, sizeof s1);
  if (hc_fpga_tables_init(&t, &o.g) != HC_OK) return 1;
  int ok = make_traffic(&o, &t, &s0, &s1) == 0 && make_program(&o, &t, ref) == 0;
  if (ok) {
    expect_fixed(&o, &t, &s0, &s1);
    ok = confirm(&t, &s0, &s1, ref) == 0;
  }
  if (ok && (write_msgs(o.out, "messages.txt", &s0) != 0 || write_msgs(o.out, "saf_messages.txt", &s1) != 0 ||
             hc_fpga_tables_write(&t, o.out) != HC_OK)) {
    fprintf(stderr, "hc_fpga_gen: cannot write the tables into %s\n", o.out);
    ok = 0;
  }
  if (ok && !o.quiet) say(&o, &t, &s0, &s1);
  hc_fpga_tables_free(&t);
  free(s0.msg);
  free(s1.msg);
  return ok ? 0 : 1;
}
