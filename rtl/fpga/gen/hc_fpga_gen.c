/*
** hc_fpga_gen: write the traffic tables of the FPGA self-test
** (rtl/fpga/hc_selftest.sv) from the project's traffic generators, so that the
** traffic that drives the simulations drives the board. It runs the
** chosen traffic (a pattern of tb/driver/hc_traffic.h, or a message-list file)
** through the testbench driver on the C model for --cycles cycles of
** creation, keeps each node's messages as far as its table has room, runs
** the kept messages again on a fresh model to the last delivery (the
** driver's scoreboard checks every message arrives exactly once, intact),
** and writes:
**
**   DIR/node00.hex ..   the table of each node (hc_traffic_rom.sv format)
**   DIR/expect.hex      totals, the model's cycles and contention, the
**                       delivery signature of each node (hc_fpga.h)
**   DIR/messages.txt    the kept messages as a message-list file, to replay
**                       them with `make sim FILE=...`
**
** It then replays the tables through the model exactly as the board's
** sources do (hc_fpga_predict) and fails unless that gives the driver's
** cycle count: the table format loses nothing of the driver's run.
** Exit status 0 on success, 1 on a failed run or check, 2 on bad arguments.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hc_backend.h"
#include "hc_driver.h"
#include "hc_fpga.h"
#include "hc_traffic.h"

typedef struct gen_msg {
  uint32_t t, src, dest, len;
} gen_msg;

typedef struct gen_opts {
  hc_fpga_geom g;
  hc_traffic_cfg tc;
  const char *file;
  const char *out;
  uint64_t cycles;
  int quiet;
} gen_opts;

static void usage(FILE *f) {
  fprintf(f,
          "usage: hc_fpga_gen --out DIR [--d 3] [--w 8] [--buf 2] [--inj 2] [--cnt-width 16]\n"
          "                   [--rom-depth 256] [--time-bits 16]\n"
          "                   [--traffic uniform|bitrev|transpose|revflip|hotspot|neighbor]\n"
          "                   [--rate 0.3] [--len 4] [--cycles 300] [--seed 1]\n"
          "                   [--hot-node 0] [--hot-frac 0.2] [--file MSGLIST] [--quiet]\n");
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

static int parse_args(int argc, char **argv, gen_opts *o) {
  memset(o, 0, sizeof *o);
  o->g.net.d = 3;
  o->g.net.w = 8;
  o->g.net.buf_depth = 2;
  o->g.net.inj_depth = 2;
  o->g.cnt_width = 16;
  o->g.rom_depth = 256;
  o->g.time_w = 16;
  o->tc.pattern = HC_PAT_UNIFORM;
  o->tc.rate = 0.3;
  o->tc.len = 4;
  o->tc.seed = 1;
  o->tc.hot_frac = 0.2;
  o->cycles = 300;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    unsigned long long u = 0;
    int bad = 0;
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
    if (strcmp(a, "--out") == 0) o->out = v;
    else if (strcmp(a, "--file") == 0) o->file = v;
    else if (strcmp(a, "--traffic") == 0) bad = hc_pattern_parse(v, &o->tc.pattern) != HC_OK;
    else if (strcmp(a, "--rate") == 0 || strcmp(a, "--hot-frac") == 0) {
      char *end;
      double d = strtod(v, &end);
      bad = *end != '\0' || *v == '\0';
      if (a[2] == 'r') o->tc.rate = d;
      else o->tc.hot_frac = d;
    } else {
      bad = parse_u(v, 0xFFFFFFFFull, &u) != 0;
      if (strcmp(a, "--d") == 0) o->g.net.d = (unsigned)u;
      else if (strcmp(a, "--w") == 0) o->g.net.w = (unsigned)u;
      else if (strcmp(a, "--buf") == 0) o->g.net.buf_depth = (unsigned)u;
      else if (strcmp(a, "--inj") == 0) o->g.net.inj_depth = (unsigned)u;
      else if (strcmp(a, "--cnt-width") == 0) o->g.cnt_width = (unsigned)u;
      else if (strcmp(a, "--rom-depth") == 0) o->g.rom_depth = (unsigned)u;
      else if (strcmp(a, "--time-bits") == 0) o->g.time_w = (unsigned)u;
      else if (strcmp(a, "--len") == 0) o->tc.len = (unsigned)u;
      else if (strcmp(a, "--cycles") == 0) o->cycles = u;
      else if (strcmp(a, "--seed") == 0) o->tc.seed = u;
      else if (strcmp(a, "--hot-node") == 0) o->tc.hot_node = (unsigned)u;
      else {
        fprintf(stderr, "hc_fpga_gen: unknown option %s\n", a);
        return -1;
      }
    }
    if (bad) {
      fprintf(stderr, "hc_fpga_gen: bad value '%s' for %s\n", v, a);
      return -1;
    }
  }
  o->tc.d = o->g.net.d;
  if (o->out == NULL) {
    fprintf(stderr, "hc_fpga_gen: --out DIR is required\n");
    return -1;
  }
  if (hc_fpga_geom_check(&o->g) != HC_OK) {
    fprintf(stderr, "hc_fpga_gen: parameters out of range (d 1..%d, w d..30, buf and inj 1..16, "
                    "cnt-width 0..32, rom-depth 2..65536, time-bits 1..%d)\n",
            HC_FPGA_MAX_D, HC_FPGA_CYCLE_W - 1);
    return -1;
  }
  if (o->file == NULL && (o->tc.pattern == HC_PAT_FILE || hc_traffic_cfg_check(&o->tc) != HC_OK)) {
    fprintf(stderr, "hc_fpga_gen: bad traffic (rate 0..1, len >= 1, hot-node < 2^d, "
                    "--traffic file needs --file)\n");
    return -1;
  }
  return 0;
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

/* Pass 1: the traffic's messages, in creation order, in *out (malloc'ed). */
static int make_messages(const gen_opts *o, gen_msg **out, uint64_t *count) {
  hc_backend *be;
  hc_driver *drv;
  hc_traffic *tr = NULL;
  hc_traffic_error err;
  uint64_t nfile = 0;
  int rc;
  if (open_run(&o->g.net, &be, &drv) != 0) return -1;
  if (o->file) {
    rc = hc_traffic_new_file(o->g.net.d, o->file, &tr, &err);
    if (rc != HC_OK) {
      fprintf(stderr, "hc_fpga_gen: %s:%llu: %s\n", o->file, (unsigned long long)err.line, err.msg);
      close_run(be, drv);
      return -1;
    }
    hc_traffic_file_msgs(tr, &nfile);
  } else if (hc_traffic_new(&o->tc, &tr) != HC_OK) {
    close_run(be, drv);
    return -1;
  }
  for (uint64_t c = 0;; c++) {
    uint64_t made = 0;
    hc_traffic_generated(tr, &made, NULL);
    if (o->file ? made == nfile : c == o->cycles) break;
    if (hc_traffic_tick(tr, drv) != HC_OK || hc_driver_step(drv) != HC_OK) {
      hc_traffic_free(tr);
      close_run(be, drv);
      return -1;
    }
  }
  *count = hc_driver_num_msgs(drv);
  *out = calloc(*count ? *count : 1, sizeof **out);
  if (*out == NULL) rc = -1;
  else rc = 0;
  for (uint64_t i = 0; rc == 0 && i < *count; i++) {
    const hc_msg *m = hc_driver_msg(drv, i);
    (*out)[i] = (gen_msg){(uint32_t)m->t_create, m->src, m->dest, m->len};
  }
  hc_traffic_free(tr);
  close_run(be, drv);
  return rc;
}

int main(int argc, char **argv) {
  gen_opts o;
  gen_msg *all = NULL;
  uint64_t nall = 0, nkept = 0, dropped = 0;
  hc_fpga_tables t;
  hc_backend *be;
  hc_driver *drv;
  char path[4096];

  if (parse_args(argc, argv, &o) != 0) {
    usage(stderr);
    return 2;
  }
  if (make_messages(&o, &all, &nall) != 0) {
    fprintf(stderr, "hc_fpga_gen: could not generate the traffic\n");
    return 1;
  }

  /* Keep each node's messages while its table has room. */
  const unsigned n = 1u << o.g.net.d;
  const uint32_t tmax = (1u << o.g.time_w) - 1;
  unsigned used[1u << HC_FPGA_MAX_D] = {0};
  uint8_t full[1u << HC_FPGA_MAX_D] = {0};
  for (uint64_t i = 0; i < nall; i++) {
    gen_msg *m = &all[i];
    if (!full[m->src] && used[m->src] + m->len <= o.g.rom_depth - 1 && m->t <= tmax) {
      used[m->src] += m->len;
      all[nkept++] = *m;
    } else {
      full[m->src] = 1;
      dropped++;
    }
  }
  if (nkept == 0 || nkept > 0xFFFF) {
    fprintf(stderr, "hc_fpga_gen: %llu messages fit the tables: need 1..65535\n",
            (unsigned long long)nkept);
    free(all);
    return 1;
  }

  /* Pass 2: the kept messages on a fresh model, to the last delivery. */
  if (open_run(&o.g.net, &be, &drv) != 0) {
    free(all);
    return 1;
  }
  int rc = HC_OK;
  for (uint64_t i = 0; rc == HC_OK && i < nkept;) {
    uint64_t c = hc_driver_cycle(drv);
    while (i < nkept && all[i].t == c) {
      if (hc_driver_send(drv, all[i].src, all[i].dest, all[i].len, 0) < 0) rc = HC_ENOMEM;
      i++;
    }
    if (rc == HC_OK) rc = hc_driver_step(drv);
  }
  if (rc == HC_OK) rc = hc_driver_drain(drv, (1u << HC_FPGA_CYCLE_W) - 1);
  const hc_stats *st = hc_driver_stats(drv);
  if (rc != HC_OK || st->delivered != nkept || st->corrupted || st->duplicated) {
    fprintf(stderr, "hc_fpga_gen: the model run failed (%s, %llu of %llu delivered)\n", hc_status_name(rc),
            (unsigned long long)st->delivered, (unsigned long long)nkept);
    close_run(be, drv);
    free(all);
    return 1;
  }
  const uint64_t cycles = hc_driver_cycle(drv);

  /* The tables and expectations. */
  if (hc_fpga_tables_init(&t, &o.g) != HC_OK) {
    close_run(be, drv);
    free(all);
    return 1;
  }
  uint32_t flits = 0, max_wait = 0, max_blk = 0;
  const uint32_t cmask = o.g.cnt_width >= 32 ? 0xFFFFFFFFu : (1u << o.g.cnt_width) - 1;
  uint16_t sig[1u << HC_FPGA_MAX_D] = {0};
  const unsigned fw = o.g.net.w + 2;
  for (uint64_t i = 0; i < hc_driver_num_msgs(drv); i++) {
    const hc_msg *m = hc_driver_msg(drv, i);
    uint16_t crc = HC_FPGA_CRC_INIT;
    for (unsigned j = 0; j < m->len; j++) {
      uint32_t f = hc_driver_flit(drv, m, j);
      crc = hc_fpga_crc16(crc, f, fw);
      if (hc_fpga_tables_push(&t, m->src, j == 0 ? (uint32_t)m->t_create : 0, f) != HC_OK) rc = -1;
    }
    sig[m->dest] = (uint16_t)(sig[m->dest] + crc);
    flits += m->len;
  }
  for (unsigned x = 0; x < n; x++) {
    for (unsigned p = 0; p <= o.g.net.d; p++) {
      uint32_t mw = hc_driver_counter(drv, x, p, HC_CNT_MAX_WAITING);
      uint32_t bl = hc_driver_counter(drv, x, p, HC_CNT_BLOCKED) & cmask;
      if (mw > max_wait) max_wait = mw;
      if (bl > max_blk) max_blk = bl;
    }
  }
  t.expect[HC_FPGA_X_CFG] = (o.g.net.d << 24) | (o.g.net.w << 16) | (o.g.net.buf_depth << 8) |
                            o.g.net.inj_depth;
  t.expect[HC_FPGA_X_MSGS] = (uint32_t)nkept;
  t.expect[HC_FPGA_X_FLITS] = flits;
  t.expect[HC_FPGA_X_CYCLES] = (uint32_t)cycles;
  t.expect[HC_FPGA_X_MAXWAIT] = max_wait;
  t.expect[HC_FPGA_X_BLOCKED] = max_blk;
  t.expect[HC_FPGA_X_GEOM] = ((o.g.rom_depth & 0xFFFFu) << 16) | (o.g.time_w << 8) | o.g.cnt_width;
  for (unsigned x = 0; x < n; x++) t.expect[HC_FPGA_X_SIG + x] = sig[x];

  /* The messages as a message-list file. */
  FILE *f = NULL;
  if (snprintf(path, sizeof path, "%s/messages.txt", o.out) < (int)sizeof path) f = fopen(path, "w");
  if (f) {
    fprintf(f, "# FPGA self-test traffic (hc_fpga_gen): cycle src dest len\n");
    for (uint64_t i = 0; i < nkept; i++)
      fprintf(f, "%u %u %u %u\n", all[i].t, all[i].src, all[i].dest, all[i].len);
    if (fclose(f) != 0) f = NULL;
  }
  if (rc != HC_OK || f == NULL || hc_fpga_tables_write(&t, o.out) != HC_OK) {
    fprintf(stderr, "hc_fpga_gen: cannot write the tables into %s\n", o.out);
    hc_fpga_tables_free(&t);
    close_run(be, drv);
    free(all);
    return 1;
  }

  /* The tables replayed as the board replays them must give the same run. */
  hc_fpga_run run;
  int ok = hc_fpga_predict(&t, &run) == HC_OK && run.cycles == cycles && !run.timeout &&
           run.messages == nkept && run.max_wait == max_wait && run.max_blocked == max_blk;
  for (unsigned x = 0; ok && x < n; x++) ok = run.sig[x] == sig[x];
  if (!ok) {
    fprintf(stderr, "hc_fpga_gen: the table replay differs from the driver's run "
                    "(%u cycles against %llu)\n", run.cycles, (unsigned long long)cycles);
  } else if (!o.quiet) {
    unsigned most = 0;
    for (unsigned x = 0; x < n; x++) most = t.len[x] > most ? t.len[x] : most;
    printf("hc_fpga_gen: %u nodes, %llu messages, %u flits (largest table %u of %u words)%s; "
           "model: %llu cycles, max %u heads waiting, max %u cycles blocked -> %s\n",
           n, (unsigned long long)nkept, flits, most + 1, o.g.rom_depth,
           dropped ? " [messages beyond a full table dropped]" : "", (unsigned long long)cycles,
           max_wait, max_blk, o.out);
  }
  hc_fpga_tables_free(&t);
  close_run(be, drv);
  free(all);
  return ok ? 0 : 1;
}
