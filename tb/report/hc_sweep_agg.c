/*
** hc_sweep_agg: the gather step of `make sweep` (tools/sweep.sh). It reads
** one line per simulated point on stdin, "x seed offered accepted latency
** network_latency p99 verdict" (numbers as hcsim's JSON wrote them, "null"
** where it had none, the verdict with '_' for spaces), groups the lines by x
** in the order the x values first appear, and writes the sweep's CSV on
** stdout: per x the number of seeds, the means over seeds of the offered and
** accepted throughput and of the latencies, the 95% confidence half-widths
** of accepted throughput and packet latency across seeds (Student's t,
** hc_t975 of tb/driver/hc_netstats.c: the same table as the per-run
** interval; empty with one seed), the seeds whose run was unstable, and the
** point's verdict: unstable when more than half of its seeds were, stable
** when all were, else not_converged. Malformed input: one line on stderr,
** exit status 2.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hc_netstats.h"

#define MAX_POINTS 1024
#define MAX_SEEDS 256
enum { F_OFFERED, F_ACCEPTED, F_LATENCY, F_NETWORK, F_P99, F_NUM };

typedef struct point {
  char x[64];
  unsigned seeds, unstable, stable;
  unsigned n[F_NUM];          /* seeds with a value of field f */
  double v[F_NUM][MAX_SEEDS]; /* the values */
} point;

static point *pts;
static unsigned npts;

static point *find(const char *x) {
  for (unsigned k = 0; k < npts; k++)
    if (strcmp(pts[k].x, x) == 0) return &pts[k];
  if (npts == MAX_POINTS) return NULL;
  point *p = &pts[npts++];
  snprintf(p->x, sizeof p->x, "%s", x);
  return p;
}

/* A number, or "null" (*ok = 0); returns 0 on anything else. */
static int number(const char *s, double *v, int *ok) {
  if (strcmp(s, "null") == 0) return *ok = 0, 1;
  char *end;
  *v = strtod(s, &end);
  *ok = 1;
  return *end == '\0' && end != s && isfinite(*v);
}

static double mean(const double *v, unsigned n) {
  double s = 0;
  for (unsigned k = 0; k < n; k++) s += v[k];
  return s / n;
}

/* The half-width of the 95% interval of the mean of v[0..n-1] (n >= 2). */
static double ci95(const double *v, unsigned n) {
  const double m = mean(v, n);
  double ss = 0;
  for (unsigned k = 0; k < n; k++) ss += (v[k] - m) * (v[k] - m);
  return hc_t975(n - 1) * sqrt(ss / (n - 1) / n);
}

static void field(const point *p, unsigned f, int with_ci) {
  if (p->n[f]) printf(",%.6g", mean(p->v[f], p->n[f]));
  else printf(",");
  if (!with_ci) return;
  if (p->n[f] >= 2) printf(",%.4g", ci95(p->v[f], p->n[f]));
  else printf(",");
}

static int read_line(const char *line, unsigned lineno) {
  char x[64], seed[32], num[F_NUM][64], verdict[32];
  if (sscanf(line, "%63s %31s %63s %63s %63s %63s %63s %31s", x, seed, num[0], num[1], num[2], num[3], num[4],
             verdict) != 8) {
    fprintf(stderr, "hc_sweep_agg: line %u: expected 'x seed offered accepted latency network p99 verdict'\n",
            lineno);
    return 2;
  }
  point *p = find(x);
  if (!p) {
    fprintf(stderr, "hc_sweep_agg: line %u: more than %u points\n", lineno, MAX_POINTS);
    return 2;
  }
  if (p->seeds == MAX_SEEDS) {
    fprintf(stderr, "hc_sweep_agg: line %u: more than %u seeds at x = %s\n", lineno, MAX_SEEDS, x);
    return 2;
  }
  for (unsigned f = 0; f < F_NUM; f++) {
    double v;
    int ok;
    if (!number(num[f], &v, &ok)) {
      fprintf(stderr, "hc_sweep_agg: line %u: '%s' is not a number or null\n", lineno, num[f]);
      return 2;
    }
    if (ok) p->v[f][p->n[f]++] = v;
  }
  p->seeds++;
  p->unstable += strcmp(verdict, "unstable") == 0;
  p->stable += strcmp(verdict, "stable") == 0;
  return 0;
}

int main(void) {
  pts = calloc(MAX_POINTS, sizeof *pts);
  if (!pts) {
    fprintf(stderr, "hc_sweep_agg: out of memory\n");
    return 2;
  }
  char line[1024];
  unsigned lineno = 0;
  while (fgets(line, sizeof line, stdin)) {
    lineno++;
    if (line[strspn(line, " \t\r\n")] == '\0') continue;
    if (read_line(line, lineno) != 0) return 2;
  }
  printf("x,seeds,offered,accepted,accepted_ci95,latency,latency_ci95,network_latency,p99,unstable_seeds,verdict\n");
  for (unsigned k = 0; k < npts; k++) {
    const point *p = &pts[k];
    printf("%s,%u", p->x, p->seeds);
    field(p, F_OFFERED, 0);
    field(p, F_ACCEPTED, 1);
    field(p, F_LATENCY, 1);
    field(p, F_NETWORK, 0);
    field(p, F_P99, 0);
    const char *v = 2 * p->unstable > p->seeds ? "unstable" : (p->stable == p->seeds ? "stable" : "not_converged");
    printf(",%u,%s\n", p->unstable, v);
  }
  free(pts);
  return 0;
}
