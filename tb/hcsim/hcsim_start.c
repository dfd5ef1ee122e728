/*
** The start-up every mode of hcsim shares (tb/hcsim/hcsim.h): the
** configuration against the RTL linked in, the output files found
** unwritable before anything runs, the backend and the driver on it, the
** GTKWave save file beside the waveform; and the end of a run. Also the
** "hcsim: ..." messages of the whole program.
*/
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hc_gtkw.h"
#include "hc_rtl.h"
#include "hcsim.h"

/* One line on stderr. What a message quotes from files and the command
** line may hold any byte, so the line is made printable (hc_printable):
** one line, and nothing a terminal would act on. */
static void vsay(const char *fmt, va_list ap) {
  static char raw[4096], out[4 * sizeof raw];
  int n = vsnprintf(raw, sizeof raw, fmt, ap);
  size_t len = n < 0 ? 0 : (size_t)n < sizeof raw ? (size_t)n : sizeof raw - 1;
  fprintf(stderr, "hcsim: %s\n", hc_printable(out, sizeof out, raw, len));
}

void hcsim_say(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsay(fmt, ap);
  va_end(ap);
}

void hcsim_die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsay(fmt, ap);
  va_end(ap);
  exit(HCSIM_EXIT_USAGE);
}

static void die_built(const hc_cfg *built) {
  const hc_sf_geom g = hc_sf_geom_resolve(built->sf);
  hcsim_die("RTL in this binary is built for D=%u W=%u B=%u I=%u ROUTE_REG=%u (SFGEOM=%u,%u,%u); run make sim "
            "(which builds it) or use --sim model",
            built->d, built->w, built->buf_depth, built->inj_depth, built->route_reg, g.bank_aw, g.seg_aw,
            g.desc_aw);
}

void hcsim_config(hcsim_opts *o) {
  hc_cfg *c = &o->cfg;
  const hc_cfg *b = &o->built;
  memset(&o->built, 0, sizeof o->built);
  o->have_rtl = hc_rtl_built_cfg(&o->built) == HC_OK;
  if (o->set[HO_SFGEOM] && !(o->check_only && !o->have_rtl))
    hcsim_die("--sfgeom is for --check-args on a binary without RTL (make sim's check before it builds the RTL); "
              "a binary with RTL has its build's geometry");
  if (!o->set[HO_SIM]) o->sim = o->have_rtl ? HC_SIM_BOTH : HC_SIM_MODEL;
  if (o->sim != HC_SIM_MODEL && c->routing != HC_ROUTE_ECUBE)
    hcsim_die("--routing %s runs on the model only (the RTL routes e-cube): add --sim model, not --sim %s",
              hc_routing_name(c->routing), hc_sim_name(o->sim));
  if (o->sim != HC_SIM_MODEL && !o->have_rtl && !o->check_only)
    hcsim_die("--sim %s: this hcsim has no RTL linked (built without Verilator); run make sim (which builds "
              "it) or use --sim model",
              hc_sim_name(o->sim));
  if (o->sim != HC_SIM_MODEL && !o->have_rtl && c->d > HC_BUILD_MAX_D)
    hcsim_die("--d %u: make builds the RTL up to D = %d (HC_BUILD_MAX_D); use SIM=model for larger cubes", c->d,
              HC_BUILD_MAX_D);
  if (o->sim != HC_SIM_MODEL && !o->have_rtl) { /* --check-args: the build make is about to make */
    o->built.d = o->set[HO_D] ? c->d : HC_DEFAULT_D;
    o->built.w = o->set[HO_W] ? c->w : HC_DEFAULT_W;
    o->built.buf_depth = o->set[HO_BUF] ? c->buf_depth : HC_DEFAULT_B;
    o->built.inj_depth = o->set[HO_INJ] ? c->inj_depth : HC_DEFAULT_I;
    o->built.route_reg = o->set[HO_ROUTE_REG] ? c->route_reg : 0;
    o->built.sf = o->sfgeom;
  }
  if (!o->set[HO_D]) c->d = o->have_rtl ? b->d : HC_DEFAULT_D;
  if (!o->set[HO_W]) c->w = o->have_rtl ? b->w : HC_DEFAULT_W;
  if (!o->set[HO_W] && c->w < c->d) c->w = c->d; /* d > 16: the head must hold the destination */
  if (!o->set[HO_BUF]) c->buf_depth = o->have_rtl ? b->buf_depth : HC_DEFAULT_B;
  if (!o->set[HO_INJ]) c->inj_depth = o->have_rtl ? b->inj_depth : HC_DEFAULT_I;
  if (!o->set[HO_ROUTE_REG]) c->route_reg = o->have_rtl ? b->route_reg : 0;
  if (o->sim != HC_SIM_MODEL && (c->d != b->d || c->w != b->w || c->buf_depth != b->buf_depth ||
                                 c->inj_depth != b->inj_depth || c->route_reg != b->route_reg))
    die_built(b);
  if (o->vl_argc && o->sim == HC_SIM_MODEL)
    hcsim_say("note: %s%s: Verilator's arguments apply to the RTL; --sim model runs none", o->vl_argv[1],
              o->vl_argc > 2 ? " ..." : "");
  else if (o->vl_argc)
    hc_rtl_set_args(o->vl_argc, o->vl_argv);
  /* The store-and-forward geometry: the RTL's where the RTL runs; on the
  ** model alone the default, which the store-and-forward mode enlarges to
  ** what its case needs (hcsim_sf.c). */
  c->sf = o->sim != HC_SIM_MODEL ? hc_sf_geom_resolve(b->sf) : hc_sf_geom_resolve(c->sf);
  if (c->w < c->d)
    hcsim_die("--w %u is below --d %u: a head flit carries the destination in its payload", c->w, c->d);
  if (hc_cfg_check(c) != HC_OK) /* cannot happen after the checks above */
    hcsim_die("invalid configuration d=%u w=%u buf=%u inj=%u", c->d, c->w, c->buf_depth, c->inj_depth);
}

void hcsim_open_network(const hcsim_opts *o, const char *fst, hc_backend **be, hc_driver **drv) {
  int rc = hc_backend_open(o->sim, &o->cfg, fst, be);
  if (rc == HC_ENORTL) die_built(&o->built);
  if (rc == HC_ENOWAVE) hcsim_die("--waves: %s", hc_strerror(rc));
  if (rc == HC_EROUTE) /* hcsim_config refuses it first */
    hcsim_die("--routing %s: %s", hc_routing_name(o->cfg.routing), hc_strerror(rc));
  if (rc != HC_OK) {
    if (rc == HC_ENOMEM) hcsim_say("out of memory opening the backend");
    else hcsim_say("cannot open the backend: %s", hc_strerror(rc));
    exit(HCSIM_EXIT_CHECK);
  }
  if (hc_driver_new(*be, drv) != HC_OK) {
    hcsim_say("out of memory creating the driver");
    exit(HCSIM_EXIT_CHECK);
  }
}

/* Dies unless path can be written, without creating it: an existing file
** that is not a directory and is writable, or a new name in a writable
** directory. What writes it does so only once the run has started. */
static void check_writable(const char *opt, const char *path) {
  struct stat sb;
  errno = 0;
  if (stat(path, &sb) == 0) {
    if (S_ISDIR(sb.st_mode)) hcsim_die("--%s %s: is a directory", opt, path);
    if (access(path, W_OK) != 0) hcsim_die("--%s %s: cannot write: %s", opt, path, strerror(errno));
    return;
  }
  if (errno != ENOENT) hcsim_die("--%s %s: cannot write: %s", opt, path, strerror(errno));
  char dir[4096];
  const char *slash = strrchr(path, '/');
  if (!slash) snprintf(dir, sizeof dir, ".");
  else if (slash == path) snprintf(dir, sizeof dir, "/");
  else snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
  if (access(dir, W_OK | X_OK) != 0) hcsim_die("--%s %s: cannot write: %s", opt, path, strerror(errno));
}

/* The --waves path, checked writable now rather than after the run; NULL
** for the model, which has no waveform. */
static const char *waves_path(const hcsim_opts *o) {
  if (!o->waves) return NULL;
  if (o->sim == HC_SIM_MODEL) {
    hcsim_say("note: the model has no waveform; --waves %s is ignored (use --sim rtl or both)", o->waves);
    return NULL;
  }
  check_writable("waves", o->waves);
  return o->waves;
}

void hcsim_json_open(const hcsim_opts *o, hcsim_run *r) {
  r->json = NULL;
  r->json_buf = NULL;
  r->json_len = 0;
  if (!o->json) return;
  check_writable("json", o->json);
  r->json = open_memstream(&r->json_buf, &r->json_len);
  if (!r->json) {
    hcsim_say("out of memory opening the JSON report");
    exit(HCSIM_EXIT_CHECK);
  }
}

int hcsim_json_close(const hcsim_opts *o, hcsim_run *r, int status) {
  if (!r->json) return status;
  int werr = ferror(r->json) || fclose(r->json) != 0;
  r->json = NULL;
  errno = 0;
  FILE *f = werr ? NULL : fopen(o->json, "w");
  if (f && (fwrite(r->json_buf, 1, r->json_len, f) != r->json_len || ferror(f))) werr = 1;
  if (!f || fclose(f) != 0 || werr) {
    hcsim_say("--json %s: write failed%s%s", o->json, errno ? ": " : "", errno ? strerror(errno) : "");
    status = HCSIM_EXIT_CHECK;
  }
  free(r->json_buf);
  r->json_buf = NULL;
  return status;
}

/* One --deliveries line, as the driver reports the delivery: the node it
** came out at (the destination through the NIs' map, as under --remap), as
** a platform's receiving node sees it. A failed write shows in ferror at
** hcsim_close. */
static void write_delivery(void *ctx, hc_driver *drv, const hc_msg *m) {
  (void)drv;
  fprintf((FILE *)ctx, "%" PRIu64 " %" PRIu32 " %" PRIu32 " %" PRIu32 " %" PRIu64 "\n", m->t_deliver, m->src,
          m->phys_dest, m->len, m->t_create);
}

/* The same for a netrace replay, with the packet's index in the replay
** (its message's tag) as a sixth column. */
static void write_delivery_packet(void *ctx, hc_driver *drv, const hc_msg *m) {
  (void)drv;
  fprintf((FILE *)ctx, "%" PRIu64 " %" PRIu32 " %" PRIu32 " %" PRIu32 " %" PRIu64 " %" PRIu32 "\n", m->t_deliver,
          m->src, m->phys_dest, m->len, m->t_create, m->tag);
}

/* The --deliveries file, checked writable now and opened: the lines come as
** the run delivers, so a run that stops early leaves the ones it made. */
static void deliveries_open(const hcsim_opts *o, hcsim_run *r) {
  if (!o->deliveries) return;
  check_writable("deliveries", o->deliveries);
  r->deliv = fopen(o->deliveries, "w");
  if (!r->deliv) hcsim_die("--deliveries %s: cannot write: %s", o->deliveries, strerror(errno));
  const int trace = o->traffic == HC_PAT_NETRACE;
  fputs(trace ? "# delivered src dest flits created packet\n" : "# delivered src dest flits created\n", r->deliv);
  if (hc_driver_on_deliver(r->drv, trace ? write_delivery_packet : write_delivery, r->deliv) != HC_OK)
    /* the first listener: cannot happen */
    hcsim_die("--deliveries %s: the driver takes no more listeners", o->deliveries);
}

void hcsim_open(hcsim_opts *o, hcsim_run *r) {
  memset(r, 0, sizeof *r);
  hcsim_json_open(o, r);
  r->fst = waves_path(o);
  hcsim_open_network(o, r->fst, &r->be, &r->drv);
  deliveries_open(o, r);
  if (r->fst) {
    /* A first view, in node order, in case the run never ends; hcsim_close
    ** writes the real one from the run's counters. */
    char gtkw[4096];
    const hc_gtkw_run before = {.cfg = &o->cfg, .complete = 1};
    if (hc_gtkw_beside(r->fst, &before, gtkw, sizeof gtkw) == 0)
      hcsim_say("waveform %s, GTKWave view %s", r->fst, gtkw);
    else
      hcsim_say("note: could not write the GTKWave save file %s: %s", gtkw, strerror(errno));
  }
}

/* The GTKWave view of the finished run: its counters order the links, its
** channel values make the translate file, its length the zoom. */
static void write_view(const hcsim_opts *o, hcsim_run *r) {
  const unsigned d = o->cfg.d, links = d << d;
  uint32_t *c = calloc(4 * (size_t)links, sizeof *c);
  uint64_t *vals = NULL;
  hc_gtkw_run run = {.cfg = &o->cfg, .end = hc_backend_wave_time(r->be)};
  run.peak = hc_backend_wave_peak(r->be, &run.peak_time, &run.peak_blocked);
  if (!c || hc_backend_wave_values(r->be, &vals, &run.nvalues, &run.complete) != HC_OK) {
    hcsim_say("note: out of memory writing the GTKWave view; the one written before the run stays");
    free(c);
    return;
  }
  for (unsigned l = 0; l < links; l++) {
    const unsigned x = l / d, i = l % d;
    c[l] = hc_driver_counter(r->drv, x, i, HC_CNT_BUSY);
    c[links + l] = hc_driver_counter(r->drv, x, i, HC_CNT_BLOCKED);
    c[2 * links + l] = hc_driver_counter(r->drv, x, i, HC_CNT_MAX_WAITING);
    c[3 * links + l] = hc_driver_counter(r->drv, x, i, HC_CNT_FLITS);
  }
  run.busy = c;
  run.blocked = c + links;
  run.max_waiting = c + 2 * links;
  run.flits = c + 3 * links;
  run.values = vals;
  char gtkw[4096];
  if (hc_gtkw_beside(r->fst, &run, gtkw, sizeof gtkw) != 0)
    hcsim_say("note: could not write the GTKWave save file %s: %s", gtkw, strerror(errno));
  free(c);
  free(vals);
}

int hcsim_close(const hcsim_opts *o, hcsim_run *r, int status) {
  status = hcsim_json_close(o, r, status);
  if (r->deliv) {
    int werr = ferror(r->deliv);
    if (fclose(r->deliv) != 0 || werr) {
      hcsim_say("--deliveries %s: write failed", o->deliveries);
      status = HCSIM_EXIT_CHECK;
    }
    r->deliv = NULL;
  }
  if (r->fst && r->be) write_view(o, r);
  hc_driver_free(r->drv);
  hc_backend_close(r->be);
  r->drv = NULL;
  r->be = NULL;
  return status;
}
