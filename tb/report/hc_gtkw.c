/*
** Implementation of tb/report/hc_gtkw.h. GTKWave's save-file syntax: "@flags"
** sets the display flags of the traces that follow (hexadecimal: 0x2 hex,
** 0x4 decimal, 0x8 binary, 0x20 right-justified, 0x200 a blank or comment
** row, 0x2000 translated by a file named on a "^1 file" line, 0x8000 an
** analog step plot, 0x20000 a blank row that makes the analog trace above
** it taller, 0x80000 analog scaled to the whole run, 0x800000 and 0x1000000
** a group's first and last row, 0x400000 and 0x1000 a closed group);
** "-text" is a comment row, "+{alias} name" a trace shown under another
** name, "*zoom marker ..." the zoom and the marker. The translate file has
** one line per value, "<hex digits as GTKWave prints them> <text>".
*/
#include "hc_gtkw.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hc_flit_text.h"

#define NET "tb.hc_network"
#define FLAGS_COMMENT "@200"
#define FLAGS_GROUP "@800200"
#define FLAGS_GROUP_END "@1000200"
#define FLAGS_CLOSED "@c00200"
#define FLAGS_CLOSED_END "@1401200"
#define FLAGS_BIT "@28"
#define FLAGS_DEC "@24"
#define FLAGS_HEX "@22"
#define FLAGS_FLIT "@2022"
#define FLAGS_ANALOG "@88024"
#define FLAGS_TALLER "@20000"

/* The view's one writer: the file and what it shows. */
typedef struct view {
  FILE *f;
  const hc_gtkw_run *run;
  unsigned d, fw, waitw;  /* dimension, channel width - 1 (chan[fw:0]), waiting's bits */
  const char *xlate;      /* the translate file's base name */
} view;

double hc_gtkw_zoom(uint64_t end, unsigned px) {
  /* GTKWave draws 2^-zoom time units in 200 pixels (wavewindow.c, calczoom). */
  const double cycles = end > 1 ? (double)end : 1.0;
  return floor(10.0 * log2((double)px / (200.0 * cycles))) / 10.0;
}

/* ceil(log2(v)) for v >= 1, as SystemVerilog's $clog2. */
static unsigned clog2(unsigned v) {
  unsigned b = 0;
  while ((1u << b) < v) b++;
  return b;
}

/* The part of path after its last slash. */
static const char *base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

/* path without a trailing ".fst", then suffix, into out (size bytes). */
static void beside(const char *path, const char *suffix, char *out, size_t size) {
  size_t len = strlen(path);
  if (len > 4 && strcmp(path + len - 4, ".fst") == 0) len -= 4;
  snprintf(out, size, "%.*s%s", (int)len, path, suffix);
}

/* The translate file: every value the run showed, as GTKWave prints a
** right-justified hexadecimal value of fw + 1 bits (leading zeros, upper
** case), and hc_flit_text's text for it. */
static int write_translate(const char *path, const hc_gtkw_run *run) {
  const unsigned d = run->cfg->d, w = run->cfg->w, digits = (w + 3 + 3) / 4;
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  fprintf(f, "# GTKWave translate file (Data Format > Translate Filter File) of the flits of\n"
             "# d = %u, w = %u: {valid, kind, payload} in hexadecimal, and the flit it is\n"
             "# (tb/report/hc_flit_text.c). Written by hcsim with the waveform: the values its\n"
             "# channels showed%s.\n",
          d, w, run->complete ? "" : " (more than the kept maximum: some are missing)");
  char hex[16], text[128];
  for (size_t i = 0; i < run->nvalues; i++) {
    snprintf(hex, sizeof hex, "%0*" PRIX64, (int)digits, run->values[i]);
    hc_flit_text(hex, strlen(hex), d, w, text, sizeof text);
    fprintf(f, "%s %s\n", hex, text);
  }
  return fclose(f) == 0 ? 0 : -1;
}

/* A link's counter, 0 before the run. */
static uint32_t cnt(const uint32_t *c, unsigned l) { return c ? c[l] : 0; }

/* The order of the view: more blocked cycles first, then more busy
** cycles, then the lower index (links: x*d + i; dimensions: i). */
typedef struct rank {
  unsigned idx;
  uint64_t blocked, busy;
} rank;

static int cmp_rank(const void *a, const void *b) {
  const rank *x = a, *y = b;
  if (x->blocked != y->blocked) return x->blocked > y->blocked ? -1 : 1;
  if (x->busy != y->busy) return x->busy > y->busy ? -1 : 1;
  return (x->idx > y->idx) - (x->idx < y->idx);
}

/* One trace under an alias. */
static void trace(view *v, const char *flags, const char *alias, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void trace(view *v, const char *flags, const char *alias, const char *fmt, ...) {
  va_list ap;
  fprintf(v->f, "%s\n+{%s} ", flags, alias);
  va_start(ap, fmt);
  vfprintf(v->f, fmt, ap);
  va_end(ap);
  fputc('\n', v->f);
}

/* An analog trace rows rows tall. */
static void analog(view *v, const char *alias, const char *name, unsigned rows) {
  trace(v, FLAGS_ANALOG, alias, "%s", name);
  for (unsigned r = 1; r < rows; r++) fprintf(v->f, FLAGS_TALLER "\n-\n");
}

static void comment(view *v, const char *flags, const char *text) { fprintf(v->f, "%s\n-%s\n", flags, text); }

/* The aggregates of dimension i: links busy, heads waiting, blocked cycles. */
static void dim_summary(view *v, unsigned i, const rank *r) {
  char alias[64], name[96], text[128];
  snprintf(text, sizeof text, "dim %u: blocked %" PRIu64 ", busy %" PRIu64, i, r->blocked, r->busy);
  comment(v, FLAGS_COMMENT, text);
  snprintf(alias, sizeof alias, "dim %u links busy", i);
  snprintf(name, sizeof name, NET ".gen_dim[%u].links_busy[%u:0]", i, v->d);
  analog(v, alias, name, 2);
  snprintf(alias, sizeof alias, "dim %u heads waiting", i);
  snprintf(name, sizeof name, NET ".gen_dim[%u].heads_waiting[%u:0]", i, v->d + v->waitw - 1);
  analog(v, alias, name, 2);
  snprintf(alias, sizeof alias, "dim %u blocked cycles", i);
  trace(v, FLAGS_DEC, alias, NET ".gen_dim[%u].blocked_cycles[31:0]", i);
}

/* Link l (x*d + i): its counters at the end, then its traces. */
static void link_traces(view *v, unsigned l) {
  const hc_gtkw_run *run = v->run;
  const unsigned x = l / v->d, i = l % v->d, nb = x ^ (1u << i);
  char text[160], alias[64], scope[64];
  if (run->busy)
    snprintf(text, sizeof text, "%u->%u: blocked %" PRIu32 ", busy %" PRIu32 ", waiting <= %" PRIu32, x, nb,
             cnt(run->blocked, l), cnt(run->busy, l), cnt(run->max_waiting, l));
  else
    snprintf(text, sizeof text, "%u->%u (node %u, dim %u)", x, nb, x, i);
  comment(v, FLAGS_COMMENT, text);
  snprintf(scope, sizeof scope, NET ".gen_node[%u].gen_link[%u]", x, i);
  fprintf(v->f, FLAGS_FLIT "\n^1 %s\n+{%u->%u flit} %s.chan[%u:0]\n", v->xlate, x, nb, scope, v->fw);
  snprintf(alias, sizeof alias, "%u->%u waiting", x, nb);
  char name[96];
  snprintf(name, sizeof name, "%s.waiting[%u:0]", scope, v->waitw - 1);
  analog(v, alias, name, 2);
  snprintf(alias, sizeof alias, "%u->%u busy", x, nb);
  trace(v, FLAGS_BIT, alias, "%s.busy", scope);
  snprintf(alias, sizeof alias, "%u->%u blocked", x, nb);
  trace(v, FLAGS_BIT, alias, "%s.blocked", scope);
  snprintf(alias, sizeof alias, "%u->%u blocked cycles", x, nb);
  trace(v, FLAGS_DEC, alias, "%s.blocked_cycles[31:0]", scope);
}

/* Dimension i's group: its links, most blocked first; those never busy
** (after the run) in a closed group at its end. */
static void dim_group(view *v, unsigned i, rank *links) {
  const unsigned n = 1u << v->d;
  char text[96];
  for (unsigned x = 0; x < n; x++) {
    const unsigned l = x * v->d + i;
    links[x] = (rank){l, cnt(v->run->blocked, l), cnt(v->run->busy, l)};
  }
  qsort(links, n, sizeof *links, cmp_rank);
  unsigned used = n;
  if (v->run->busy)
    while (used > 0 && links[used - 1].busy == 0) used--;
  snprintf(text, sizeof text, "dim %u links, most blocked first", i);
  comment(v, FLAGS_GROUP, text);
  for (unsigned k = 0; k < used; k++) link_traces(v, links[k].idx);
  if (used < n) {
    snprintf(text, sizeof text, "dim %u: %u links never busy", i, n - used);
    comment(v, FLAGS_CLOSED, text);
    for (unsigned k = used; k < n; k++) link_traces(v, links[k].idx);
    comment(v, FLAGS_CLOSED_END, text);
  }
  snprintf(text, sizeof text, "dim %u links, most blocked first", i);
  comment(v, FLAGS_GROUP_END, text);
}

/* The ejection ports and the circuit set-up wires, closed groups. */
static void other_groups(view *v) {
  const unsigned n = 1u << v->d;
  comment(v, FLAGS_CLOSED, "ejection ports");
  for (unsigned x = 0; x < n; x++)
    fprintf(v->f, FLAGS_FLIT "\n^1 %s\n+{eject %u} " NET ".gen_node[%u].eject[%u:0]\n", v->xlate, x, x, v->fw);
  comment(v, FLAGS_CLOSED_END, "ejection ports");
  /* Mode 3 (circuit switching) sets a path up before its data move: the
  ** probe leaving each link and the acknowledgement coming back show where
  ** a set-up waits (bit i is dimension i; zero in the other modes). */
  comment(v, FLAGS_CLOSED, "circuit set-up (mode 3): probes out, acks");
  fprintf(v->f, FLAGS_HEX "\n");
  for (unsigned x = 0; x < n; x++) {
    fprintf(v->f, NET ".gen_node[%u].pout_valid[%u:0]\n", x, v->d - 1);
    fprintf(v->f, NET ".gen_node[%u].ack[%u:0]\n", x, v->d);
  }
  comment(v, FLAGS_CLOSED_END, "circuit set-up (mode 3): probes out, acks");
}

/* The save file's header: files, window, zoom, marker. */
static void header(view *v, const char *gtkw_path, const char *fst_path) {
  const hc_gtkw_run *run = v->run;
  const hc_cfg *c = run->cfg;
  fprintf(v->f, "[*] hcsim waveform view: d=%u, w=%u, buf=%u, inj=%u\n", c->d, c->w, c->buf_depth, c->inj_depth);
  fprintf(v->f, "[*] time is in cycles (GTKWave's unit reads \"sec\": one second a cycle)\n");
  fprintf(v->f, "[*] %s\n", run->busy ? "dimensions and links in the order of their blocked cycles, most first"
                                       : "written before the run: links in node order");
  if (run->peak)
    fprintf(v->f, "[*] marker: cycle %" PRIu64 ", the first with the most links blocked (%u), then busy\n",
            run->peak_time, run->peak_blocked);
  fprintf(v->f, "[dumpfile] \"%s\"\n[savefile] \"%s\"\n", base_name(fst_path), base_name(gtkw_path));
  fprintf(v->f, "[timestart] 0\n[size] %d %d\n[pos] -1 -1\n", HC_GTKW_WIDTH, HC_GTKW_HEIGHT);
  const long long marker = run->peak ? (long long)run->peak_time : -1;
  fprintf(v->f, "*%.6f %lld", hc_gtkw_zoom(run->end + 1, HC_GTKW_WAVE_PX), marker);
  for (int k = 0; k < 26; k++) fprintf(v->f, " -1");
  fprintf(v->f, "\n[sst_width] %d\n[signals_width] %d\n[sst_expanded] 0\n", HC_GTKW_SST_WIDTH, HC_GTKW_SIGNALS_WIDTH);
}

int hc_gtkw_write(const char *gtkw_path, const char *fst_path, const hc_gtkw_run *run) {
  const hc_cfg *c = run->cfg;
  char xlate[4096];
  beside(fst_path, ".flits.txt", xlate, sizeof xlate);
  if (write_translate(xlate, run) != 0) return -1;
  const unsigned d = c->d, n = 1u << d;
  rank *dims = calloc(d, sizeof *dims), *links = calloc(n, sizeof *links);
  FILE *f = dims && links ? fopen(gtkw_path, "w") : NULL;
  if (!f) {
    const int e = dims && links ? errno : ENOMEM;
    free(dims);
    free(links);
    errno = e;
    return -1;
  }
  view v = {f, run, d, c->w + 2, clog2(d + 2), base_name(xlate)};
  header(&v, gtkw_path, fst_path);
  for (unsigned i = 0; i < d; i++) {
    dims[i].idx = i;
    for (unsigned x = 0; x < n; x++) {
      dims[i].blocked += cnt(run->blocked, x * d + i);
      dims[i].busy += cnt(run->busy, x * d + i);
    }
  }
  qsort(dims, d, sizeof *dims, cmp_rank);
  comment(&v, FLAGS_GROUP, "network");
  trace(&v, FLAGS_BIT, "idle", NET ".idle_o");
  trace(&v, FLAGS_DEC, "step", NET ".step_o[15:0]");
  comment(&v, FLAGS_GROUP_END, "network");
  comment(&v, FLAGS_GROUP, "per dimension, most blocked first");
  for (unsigned k = 0; k < d; k++) dim_summary(&v, dims[k].idx, &dims[k]);
  comment(&v, FLAGS_GROUP_END, "per dimension, most blocked first");
  for (unsigned k = 0; k < d; k++) dim_group(&v, dims[k].idx, links);
  other_groups(&v);
  free(dims);
  free(links);
  return fclose(f) == 0 ? 0 : -1;
}

int hc_gtkw_beside(const char *fst_path, const hc_gtkw_run *run, char *out, size_t size) {
  beside(fst_path, ".gtkw", out, size);
  return hc_gtkw_write(out, fst_path, run);
}
