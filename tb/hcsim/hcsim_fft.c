/*
** `hcsim --algo fft1d_bitrev|fft2d_rowcol`: an FFT data movement of Hou et
** al. §6.2 (algorithms/hc_fft.h) on the wormhole network twice, without and
** with the optimal processor mapping, each step measured on its own; the
** contention-free steps set beside the router's step model (docs/
** algorithms.md: a step of h-hop k-flit messages is delivered h + k + 1
** cycles after its messages are created, 2h + k + 2 with the registered
** route, and reaches the barrier 2 cycles later); then the paper's Tables 1 and 2 entries computed from the
** measured cycles under the nCUBE 2 constants (docs/hou.md), beside the
** paper's printed numbers where it prints them (8-cube, m = 2^8..2^14).
** Messages are k flits, one flit per byte of the paper's messages. With
** --routing (the model only) the run without the mapping routes by that
** function, as the adaptive rows of the paper's Table 1 do; the mapped run
** stays e-cube, the paper's approach and its one "mapping" row.
*/
#include <stdio.h>
#include <string.h>

#include "hc_fft_run.h"
#include "hc_report.h"
#include "hcsim.h"

/* A movement's two runs and what is derived from them. */
typedef struct fft_out {
  hc_fft_result r[2]; /* [0] no mapping, [1] the optimal mapping */
  int rc[2];
  hc_mismatch mm;
  int has_mm;
  uint64_t map_cost;  /* T of the permutation steps after the mapping, by ranks */
  int full_rate;      /* buf >= 2 and inj >= 2: the step model applies */
  int model_ok;       /* every contention-free step equals the step model */
  int counts_ok;      /* Theorem 1, paths and hardware agree in every step */
  int mapped_free;    /* every permutation step of the mapped run has T_hw <= 1 */
  uint64_t points;    /* points per processor, 0 when k is not an FFT layout */
  double comp;        /* computation time (us), when points != 0 */
  double neigh[2], perm[2], exec[2];
} fft_out;

static const char *run_name[2] = {"original", "mapping"};

/* The routing of run m: --routing without the mapping, e-cube with it. */
static unsigned run_routing(const hcsim_opts *o, int m) { return m ? HC_ROUTE_ECUBE : o->cfg.routing; }

/* The row of the paper's BR COMM rows for routing r ("e-cube" is the
** first, the others by their names in hc_route.c), or -1. */
static int paper_row(const hc_fft_paper *p, unsigned r) {
  if (r == HC_ROUTE_ECUBE) return 0;
  for (unsigned i = 1; i + 1 < p->br_rows; i++)
    if (strcmp(p->br_name[i], hc_routing_name(r)) == 0) return (int)i;
  return -1;
}

/* A step is contention free when no link carried two of its messages. */
static int step_free(const hc_fft_step_result *s) { return s->t_hardware <= 1; }

/* The paper's time of the steps of one role: each phase t_s + t_c latency. */
static double role_us(const hc_fft_result *r, hc_fft_role role) {
  double us = 0;
  for (unsigned s = 0; s < r->steps; s++)
    if (r->step[s].role == role && r->step[s].messages)
      us += hc_fft_comm_us(&hc_ncube2_paper, r->step[s].latency);
  return us;
}

/* The step model's latency of a contention-free step of h-hop messages
** (docs/microarchitecture.md, "Zero-load latency"; B >= 2, I >= 2): one
** cycle per hop, or two with the registered route. Its cycles to the
** barrier are 2 more. */
static uint64_t step_latency(const hcsim_opts *o, unsigned h) {
  return o->cfg.route_reg ? 2ull * h + o->k + 2 : h + o->k + 1ull;
}

static void judge(const hcsim_opts *o, fft_out *f) {
  f->model_ok = f->counts_ok = f->mapped_free = 1;
  for (int m = 0; m < 2; m++) {
    const hc_fft_result *r = &f->r[m];
    for (unsigned s = 0; s < r->steps; s++) {
      const hc_fft_step_result *st = &r->step[s];
      /* Theorem 1 and the path walk count e-cube paths; another routing's
      ** hardware count is its own, except in a neighbour exchange, whose
      ** one-hop messages have one path under every minimal routing. */
      const int own = run_routing(o, m) != HC_ROUTE_ECUBE && st->role == HC_FFT_PERMUTE;
      if (st->t_theorem != st->t_paths || (!own && st->t_paths != st->t_hardware)) f->counts_ok = 0;
      if (m == 1 && st->role == HC_FFT_PERMUTE && !step_free(st)) f->mapped_free = 0;
      if (f->full_rate && st->messages && step_free(st) &&
          (st->latency != step_latency(o, st->hops) || st->cycles != step_latency(o, st->hops) + 2))
        f->model_ok = 0;
    }
    f->neigh[m] = role_us(r, HC_FFT_NEIGHBOUR);
    f->perm[m] = role_us(r, HC_FFT_PERMUTE);
    f->exec[m] = f->neigh[m] + f->perm[m] + (f->points ? f->comp : 0);
  }
}

static void run_both(const hcsim_opts *o, const hc_fft_algo *a, const int *order, hcsim_run *run, fft_out *f) {
  const uint64_t limit = 1000000ULL + 64ULL * (o->k + 8) * (a->num_steps(o->cfg.d) + 1) * (1ULL << o->cfg.d);
  for (int m = 0; m < 2; m++) {
    hc_backend *be = run->be;
    hc_driver *drv = run->drv;
    if (m == 1) {
      hcsim_opts ecube = *o;
      ecube.cfg.routing = run_routing(o, 1);
      hcsim_open_network(&ecube, NULL, &be, &drv);
    }
    f->rc[m] = hc_fft_run(drv, a, m ? order : NULL, (unsigned)o->k, limit, &f->r[m]);
    const hc_mismatch *mm = hc_driver_mismatch(drv);
    if (mm && !f->has_mm) {
      f->mm = *mm;
      f->has_mm = 1;
    }
    if (m == 1) {
      hc_driver_free(drv);
      hc_backend_close(be);
    }
  }
}

static void print_steps(const hcsim_opts *o, const fft_out *f, int m) {
  const hc_fft_result *r = &f->r[m];
  printf("%-12s ", run_name[m]);
  if (m) printf("e-cube, bit order");
  else printf("no mapping: %s routes the virtual numbers", hc_routing_label(run_routing(o, 0)));
  for (unsigned i = 0; m && i < r->d; i++) printf(" %d", r->order[i]);
  printf("\n");
  printf("  %-4s %-14s %6s %4s %6s %6s %6s %9s %9s %9s  %s\n", "step", "label", "msgs", "hops", "T thm", "T path",
         "T hw", "blocked", "cycles", "latency",
         o->cfg.route_reg ? "step model (contention free: latency 2h+k+2, cycles 2h+k+4)"
                          : "step model (contention free: latency h+k+1, cycles h+k+3)");
  for (unsigned s = 0; s < r->steps; s++) {
    const hc_fft_step_result *st = &r->step[s];
    printf("  %-4u %-14s %6llu %4u %6llu %6llu %6llu %9llu %9llu %9llu  ", s, st->label,
           (unsigned long long)st->messages, st->hops, (unsigned long long)st->t_theorem,
           (unsigned long long)st->t_paths, (unsigned long long)st->t_hardware, (unsigned long long)st->blocked,
           (unsigned long long)st->cycles, (unsigned long long)st->latency);
    if (!st->messages) printf("no message\n");
    else if (!step_free(st)) printf("n/a (contention %llu)\n", (unsigned long long)st->t_hardware);
    else if (!f->full_rate) printf("n/a (buf or inj of 1: half rate)\n");
    else {
      const uint64_t lat = step_latency(o, st->hops);
      const int ok = st->latency == lat && st->cycles == lat + 2;
      printf("%llu, %llu %s\n", (unsigned long long)lat, (unsigned long long)(lat + 2), ok ? "(exact)" : "(DIFFERS)");
    }
  }
  printf("  %llu cycles in all; data %s (every message once, intact, from Q x to Q(A x + b))\n",
         (unsigned long long)r->cycles, r->data_ok ? "ok" : "FAILED");
  if (f->rc[m] != HC_OK) printf("  %-12s %s (%s)\n", "error", hc_status_name(f->rc[m]), hc_strerror(f->rc[m]));
}

/* The column of the paper's tables for this run, or -1. */
static int paper_col(const hc_fft_algo *a, const hcsim_opts *o, const fft_out *f) {
  const hc_fft_paper *p = a->paper;
  if (!p || !f->points || o->cfg.d != p->d) return -1;
  const unsigned lg = hc_fft_log_size(a, o->cfg.d, f->points);
  for (unsigned j = 0; j < p->cols; j++)
    if (p->log_m[j] == lg) return (int)j;
  return -1;
}

static void print_row(const char *name, double orig, double map, double paper_o, double paper_m, int col) {
  printf("  %-22s %11.1f %11.1f", name, orig, map);
  if (map > 0 && orig != map) printf(" %8.2f", orig / map);
  else printf(" %8s", "");
  if (col >= 0) {
    printf("   %11.1f", paper_o);
    if (paper_m >= 0) printf(" %11.1f", paper_m);
    if (paper_m > 0 && paper_o != paper_m) printf(" %8.2f", paper_o / paper_m);
  }
  printf("\n");
}

static void print_model(const hcsim_opts *o, const hc_fft_algo *a, const fft_out *f) {
  const hc_ncube2 *c = &hc_ncube2_paper;
  const hc_fft_paper *p = a->paper;
  const int row = paper_col(a, o, f) >= 0 ? paper_row(p, run_routing(o, 0)) : -1;
  const int col = row >= 0 ? paper_col(a, o, f) : -1; /* the paper's column, for this routing */
  printf("%-12s t_s = %g us per message phase, %g us per cycle (one flit = one byte), butterfly %g us, half "
         "%g us (docs/hou.md)\n",
         "nCUBE 2", c->t_s, c->t_byte, c->t_bfly, c->t_half);
  if (f->points && a->passes == 2)
    printf("%-12s %llu complex points (16 bytes each) per processor, image 2^%u x 2^%u\n", "FFT",
           (unsigned long long)f->points, hc_fft_log_size(a, o->cfg.d, f->points),
           hc_fft_log_size(a, o->cfg.d, f->points));
  else if (f->points)
    printf("%-12s %llu complex points (16 bytes each) per processor, FFT size m = 2^%u\n", "FFT",
           (unsigned long long)f->points, hc_fft_log_size(a, o->cfg.d, f->points));
  else
    printf("%-12s k = %lu is not 16 P bytes with P = 2^(%ue): no FFT size, no computation time\n", "FFT", o->k,
           2 * a->passes);
  printf("  %-22s %11s %11s %8s", "time (us)", run_name[0], run_name[1], "speedup");
  if (col >= 0) printf("   %11s %11s %8s  (paper, Tables 1-2, m = 2^%u)", "paper orig", "paper map", "speedup",
                       p->log_m[col]);
  printf("\n");
  if (f->points) print_row("computation", f->comp, f->comp, col >= 0 ? p->comp[col] : 0, -1, col);
  print_row("neighbouring COMM", f->neigh[0], f->neigh[1], col >= 0 ? p->neigh[col] : 0, -1, col);
  print_row(a->passes == 2 ? "BR COMM (row + col)" : "BR COMM", f->perm[0], f->perm[1],
            row >= 0 ? p->br[row][col] : 0, col >= 0 ? p->br[p->br_rows - 1][col] : 0, col);
  /* Table 2 prints EXEC for e-cube only; another routing's is the sum of
  ** its Table 1 rows, which is how Table 2's totals are made. */
  if (f->points)
    print_row("EXEC", f->exec[0], f->exec[1],
              row > 0 ? p->comp[col] + p->neigh[col] + p->br[row][col] : col >= 0 ? p->exec_orig[col] : 0,
              col >= 0 ? p->exec_map[col] : 0, col);
  if (row > 0 && f->points)
    printf("  (paper: Table 1's %s row; its EXEC the sum of its Table 1 rows, Table 2 prints e-cube's only)\n",
           p->br_name[row]);
}

static void json_run(FILE *j, const hc_fft_result *r, int rc) {
  fprintf(j, "{\"status\": %d, \"data_ok\": %s, \"cycles\": %llu, \"order\": [", rc, r->data_ok ? "true" : "false",
          (unsigned long long)r->cycles);
  for (unsigned i = 0; i < r->d; i++) fprintf(j, "%s%d", i ? ", " : "", r->order[i]);
  fprintf(j, "], \"steps\": [");
  for (unsigned s = 0; s < r->steps; s++) {
    const hc_fft_step_result *st = &r->step[s];
    fprintf(j, "%s\n    {\"label\": ", s ? "," : "");
    hc_json_str(j, st->label);
    fprintf(j,
            ", \"role\": \"%s\", \"messages\": %llu, \"hops\": %u, \"t_theorem\": %llu, \"t_paths\": %llu, "
            "\"t_hardware\": %llu, \"blocked\": %llu, \"cycles\": %llu, \"latency\": %llu}",
            st->role == HC_FFT_PERMUTE ? "permute" : "neighbour", (unsigned long long)st->messages, st->hops,
            (unsigned long long)st->t_theorem, (unsigned long long)st->t_paths,
            (unsigned long long)st->t_hardware, (unsigned long long)st->blocked, (unsigned long long)st->cycles,
            (unsigned long long)st->latency);
  }
  fprintf(j, "]}");
}

static void json_fft(FILE *j, const hcsim_opts *o, const hc_fft_algo *a, const fft_out *f) {
  fprintf(j, "{\n  \"algo\": ");
  hc_json_str(j, a->name);
  fprintf(j, ",\n  \"backend\": \"%s\",\n  \"d\": %u,\n  \"w\": %u,\n  \"buf_depth\": %u,\n  \"inj_depth\": %u,\n",
          hc_sim_name(o->sim), o->cfg.d, o->cfg.w, o->cfg.buf_depth, o->cfg.inj_depth);
  fprintf(j, "  \"routing\": \"%s\",\n  \"mapping_routing\": \"%s\",\n", hc_routing_name(run_routing(o, 0)),
          hc_routing_name(run_routing(o, 1)));
  fprintf(j, "  \"k\": %lu,\n  \"points\": %llu,\n  \"log_size\": %u,\n", o->k, (unsigned long long)f->points,
          f->points ? hc_fft_log_size(a, o->cfg.d, f->points) : 0);
  fprintf(j, "  \"map_cost\": %llu,\n  \"model_ok\": %s,\n  \"counts_ok\": %s,\n  \"mapped_free\": %s,\n",
          (unsigned long long)f->map_cost, f->model_ok ? "true" : "false", f->counts_ok ? "true" : "false",
          f->mapped_free ? "true" : "false");
  fprintf(j, "  \"comp_us\": ");
  if (f->points) hc_json_num(j, f->comp);
  else fputs("null", j);
  for (int m = 0; m < 2; m++) {
    fprintf(j, ",\n  \"%s\": {\"neigh_us\": ", run_name[m]);
    hc_json_num(j, f->neigh[m]);
    fprintf(j, ", \"br_us\": ");
    hc_json_num(j, f->perm[m]);
    fprintf(j, ", \"exec_us\": ");
    if (f->points) hc_json_num(j, f->exec[m]);
    else fputs("null", j);
    fprintf(j, ",\n    \"run\": ");
    json_run(j, &f->r[m], f->rc[m]);
    fprintf(j, "}");
  }
  fprintf(j, ",\n  \"lockstep\": ");
  hc_json_str(j, hc_report_lockstep(o->sim, f->has_mm ? &f->mm : NULL));
  fprintf(j, "\n}\n");
}

int hcsim_fft(hcsim_opts *o) {
  const hc_fft_algo *a = hc_fft_algo_find(o->algo);
  if (!a) hcsim_die("unknown algorithm '%s' (make sim ALGO=list shows them)", o->algo);
  hcsim_config(o);
  const unsigned d = o->cfg.d;
  if (a->num_steps(d) == 0)
    hcsim_die("%s needs %s, not d=%u", a->name, a->passes == 2 ? "an even d >= 2" : "d >= 1", d);
  fft_out f;
  memset(&f, 0, sizeof f);
  int order[HC_FFT_RUN_MAX_D];
  if (hc_fft_mapping(a, d, order, &f.map_cost) != HC_OK) hcsim_die("%s: no mapping at d=%u", a->name, d);
  if (o->check_only) return 0; /* make sim validates before building RTL */
  f.full_rate = o->cfg.buf_depth >= 2 && o->cfg.inj_depth >= 2;
  f.points = hc_fft_points(a, o->k);
  if (f.points && hc_fft_compute_us(a, d, f.points, &hc_ncube2_paper, &f.comp) != HC_OK) f.points = 0;
  hcsim_run run;
  hcsim_open(o, &run);
  run_both(o, a, order, &run, &f);
  judge(o, &f);
  if (!o->quiet) {
    printf("%-12s %s\n%-12s %s\n", "algo", a->name, "source", a->source);
    printf("%-12s d=%u (%u nodes), w=%u, buf=%u, inj=%u, backend %s, %s routing, seed %llu\n", "network", d,
           1u << d, o->cfg.w, o->cfg.buf_depth, o->cfg.inj_depth, hc_sim_name(o->sim), hc_routing_name(o->cfg.routing),
           (unsigned long long)o->seed);
    printf("%-12s k=%lu flits per message, one step after the other (idle barrier)\n", "messages", o->k);
    printf("%-12s %s; T of the bit reversal%s after it: %llu (ranks)\n", "mapping",
           a->passes == 2 ? "Section 5 DP (max of max) over both reversals" : "Fig. 3 LCP_Optimizer",
           a->passes == 2 ? "s" : "", (unsigned long long)f.map_cost);
    for (int m = 0; m < 2; m++) print_steps(o, &f, m);
    printf("%-12s Theorem 1, e-cube paths and hardware counters %s in every step%s; mapped bit reversal%s %s\n",
           "contention", f.counts_ok ? "agree" : "DISAGREE",
           o->cfg.routing != HC_ROUTE_ECUBE ? " (the unmapped reversal's hardware count is the routing's own)" : "",
           a->passes == 2 ? "s" : "", f.mapped_free ? "contention free" : "NOT contention free");
    print_model(o, a, &f);
    printf("%-12s %s\n", "lockstep", hc_report_lockstep(o->sim, f.has_mm ? &f.mm : NULL));
    if (f.has_mm) hc_report_mismatch(stdout, 12, &f.mm);
  }
  if (run.json) json_fft(run.json, o, a, &f);
  const int fail = f.rc[0] != HC_OK || f.rc[1] != HC_OK || !f.r[0].data_ok || !f.r[1].data_ok || f.has_mm ||
                   !f.model_ok || !f.counts_ok || !f.mapped_free;
  return hcsim_close(o, &run, fail ? HCSIM_EXIT_CHECK : 0);
}
