/*
** Prints the markdown tables of docs/lcc.md: for every LCC preset on the
** 8-cube, the e-cube contention T_i of each dimension before and after the
** optimal reordering of hc_lcc_optimize (each checked against the path
** enumeration), the Corollary 1/2 bound, and for the scatter the paper's
** Theorem 1 formula beside the exact count; then the Section 5 dynamic
** programme on the sets of Example 6 and Section 6.1. Regenerate with:
**
**   cc -std=c11 -Wall -Wextra -Werror -O2 -Ialgorithms algorithms/lcc_table.c \
**      algorithms/gf2.c algorithms/lcc.c -o /tmp/lcc_table && /tmp/lcc_table
**
** It exits 1 (after printing what it has) if a rank count and a path count
** ever disagree, so the table never shows an unchecked number.
*/
#include <stdio.h>
#include <string.h>

#include "lcc.h"

#define N 8

static int g_bad = 0;

/* "a b c ..." for T[0..n-1] into buf. */
static const char *tlist(const uint64_t *T, int n, char *buf, size_t len) {
  size_t k = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && k < len; i++)
    k += (size_t)snprintf(buf + k, len - k, i ? " %llu" : "%llu",
                          (unsigned long long)T[i]);
  return buf;
}

/* "(a,b,...)" for a bit order. */
static const char *olist(const int *o, int n, char *buf, size_t len) {
  size_t k = (size_t)snprintf(buf, len, "(");
  for (int i = 0; i < n && k < len; i++)
    k += (size_t)snprintf(buf + k, len - k, i ? ",%d" : "%d", o[i]);
  if (k < len) snprintf(buf + k, len - k, ")");
  return buf;
}

/* Exact T of l (by ranks), checked against the path enumeration. */
static void exact(const hc_lcc *l, uint64_t *T) {
  uint64_t P[HC_LCC_MAX_N];
  if (hc_lcc_contention(l, T) != HC_OK ||
      hc_lcc_path_count(l, P) != HC_OK ||
      memcmp(T, P, (size_t)l->n * sizeof *T) != 0)
    g_bad = 1;
}

static void preset_table(void) {
  int cnt;
  const hc_lcc_preset_info *p = hc_lcc_presets(&cnt);
  char b1[64], b2[64], b3[64];
  printf("| preset | kind | rank A | T_0..T_7 e-cube | T | optimal order R "
         "| T_0..T_7 after | T after | bound |\n");
  printf("|---|---|---|---|---|---|---|---|---|\n");
  for (int k = 0; k < cnt; k++) {
    hc_lcc l, q;
    int R[N];
    uint64_t T[N], U[N], bound;
    if (hc_lcc_preset(p[k].name, N, &l) != HC_OK ||
        hc_lcc_optimize(&l, R) != HC_OK ||
        hc_lcc_reorder(&l, R, &q) != HC_OK ||
        hc_lcc_bound(&l, &bound) != HC_OK) {
      g_bad = 1;
      continue;
    }
    exact(&l, T);
    exact(&q, U);
    if (hc_lcc_max(U, N) != bound) g_bad = 1;
    printf("| %s | %s | %d | %s | %llu | %s | %s | %llu | %llu |\n",
           p[k].name, hc_lcc_kind_name(l.kind), hc_gf2_rank(&l.A),
           tlist(T, N, b1, sizeof b1), (unsigned long long)hc_lcc_max(T, N),
           olist(R, N, b2, sizeof b2), tlist(U, N, b3, sizeof b3),
           (unsigned long long)hc_lcc_max(U, N), (unsigned long long)bound);
  }
}

static void lcs_table(void) {
  int cnt;
  const hc_lcc_preset_info *p = hc_lcc_presets(&cnt);
  char b1[64], b2[64];
  printf("| LCS | Theorem 1 formula on (A, b) | e-cube count (= paths) |\n");
  printf("|---|---|---|\n");
  for (int k = 0; k < cnt; k++) {
    hc_lcc l;
    uint64_t T[N], U[N];
    if (hc_lcc_preset(p[k].name, N, &l) != HC_OK || l.kind != HC_LCS)
      continue;
    hc_lcc_theorem1(&l, T);
    exact(&l, U);
    printf("| %s | %s (T = %llu) | %s (T = %llu) |\n", p[k].name,
           tlist(T, N, b1, sizeof b1), (unsigned long long)hc_lcc_max(T, N),
           tlist(U, N, b2, sizeof b2), (unsigned long long)hc_lcc_max(U, N));
  }
}

static void dp_row(const char *label, const char *const *names, int m) {
  hc_lcc set[16];
  char b1[64];
  for (int r = 0; r < m; r++)
    if (hc_lcc_preset(names[r], N, &set[r]) != HC_OK) g_bad = 1;
  for (int o = 0; o < 3; o++) {
    int R[N];
    uint64_t cost;
    if (hc_lcc_dp(set, m, (hc_lcc_objective)o, R, &cost) != HC_OK) {
      g_bad = 1;
      continue;
    }
    printf("| %s | %s | %s | %llu |", label,
           hc_lcc_objective_name((hc_lcc_objective)o),
           olist(R, N, b1, sizeof b1), (unsigned long long)cost);
    for (int r = 0; r < m; r++) {
      hc_lcc q;
      uint64_t T[N];
      hc_lcc_reorder(&set[r], R, &q);
      exact(&q, T);
      printf("%s %s %llu", r ? "," : "", names[r],
             (unsigned long long)hc_lcc_max(T, N));
    }
    printf(" |\n");
  }
}

int main(void) {
  printf("### T_i of every preset on the 8-cube (e-cube routing)\n\n");
  preset_table();
  printf("\n### The scatter: the paper's formula and the e-cube count\n\n");
  lcs_table();
  printf("\n### Section 5 dynamic programme on the 8-cube\n\n");
  printf("| set | objective | order R | value | T per LCC after R |\n");
  printf("|---|---|---|---|---|\n");
  const char *ex6[] = {"transpose", "bitrev"};
  const char *mg[] = {"transpose", "bitrev", "revflip"};
  const char *ex5[] = {"transpose", "reflect_anti", "rot90",  "rot270",
                       "reflect_vert", "reflect_horiz", "rot180", "scale2x",
                       "bitrev", "fft_row", "fft_col"};
  dp_row("Example 6", ex6, 2);
  dp_row("Sec. 6.1 M-G", mg, 3);
  dp_row("Example 5 (all)", ex5, (int)(sizeof ex5 / sizeof *ex5));
  if (g_bad) {
    fprintf(stderr, "lcc_table: a rank count and a path count disagree\n");
    return 1;
  }
  return 0;
}
