/*
** Linear-complement communication on the e-cube hypercube (see lcc.h for
** the conventions and the paper). Everything the optimizers and the
** dynamic programme need reduces to one quantity: the contention exponent
** of the address bit j placed at position p = |P| after the set P of bits
** placed before it (hc_pos_exp). It depends on the sets only, not on the
** order inside P, which is what makes the Section 5 programme exact. The
** path enumeration is kept apart from it (it only follows e-cube paths) so
** that the two can check each other. Nothing here prints; the only
** allocations are the counters of hc_lcc_path_count, the DP tables and the
** copy of A's text in hc_lcc_parse_file.
*/
#include "lcc.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Population count of v. */
static int hc_popc(uint32_t v) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_popcount(v);
#else
  int c = 0;
  for (; v != 0; v &= v - 1) c++;
  return c;
#endif
}

/* Index of the least significant set bit of v; v must not be 0. */
static int hc_lobit(uint32_t v) {
  assert(v != 0);
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctz(v);
#else
  int i = 0;
  while (((v >> i) & 1u) == 0) i++;
  return i;
#endif
}

/* Swap bits a and b of w. */
static uint32_t hc_swapbits(uint32_t w, int a, int b) {
  uint32_t x = ((w >> a) ^ (w >> b)) & 1u;
  return w ^ ((x << a) | (x << b));
}

/* Swap rows and columns a and b of the n x n rows d (a conjugation P D P). */
static void hc_swap_rc(uint32_t *d, int n, int a, int b) {
  uint32_t t = d[a];
  d[a] = d[b];
  d[b] = t;
  for (int k = 0; k < n; k++) d[k] = hc_swapbits(d[k], a, b);
}

const char *hc_lcc_kind_name(hc_lcc_kind kind) {
  switch (kind) {
    case HC_LCP: return "LCP";
    case HC_LCG: return "LCG";
    case HC_LCS: return "LCS";
    default: return "?";
  }
}

hc_lcc_kind hc_lcc_classify(const hc_gf2_mat *A) {
  assert(hc_gf2_check(A) == HC_OK && A->rows == A->cols);
  return hc_gf2_rank(A) == A->rows ? HC_LCP : HC_LCG;
}

int hc_lcc_check(const hc_lcc *l) {
  if (l == NULL || l->n < 1 || l->n > HC_LCC_MAX_N) return HC_EPARAM;
  if (hc_gf2_check(&l->A) != HC_OK || l->A.rows != l->n ||
      l->A.cols != l->n)
    return HC_EPARAM;
  if ((l->b & ~hc_gf2_mask(l->n)) != 0) return HC_EPARAM;
  int full = hc_gf2_rank(&l->A) == l->n;
  switch (l->kind) {
    case HC_LCP: return full ? HC_OK : HC_ESINGULAR;
    case HC_LCG:
    case HC_LCS: return full ? HC_EKIND : HC_OK;
    default: return HC_EPARAM;
  }
}

int hc_lcc_make(hc_lcc *out, const hc_gf2_mat *A, uint32_t b,
                hc_lcc_kind kind) {
  if (out == NULL || hc_gf2_check(A) != HC_OK) return HC_EPARAM;
  if (A->rows != A->cols) return HC_ESIZE;
  if (A->rows < 1 || A->rows > HC_LCC_MAX_N) return HC_EPARAM;
  if (kind != HC_LCC_AUTO && kind != HC_LCP && kind != HC_LCG &&
      kind != HC_LCS)
    return HC_EPARAM;
  hc_lcc l;
  l.n = A->rows;
  l.A = *A;
  l.b = b;
  l.kind = kind == HC_LCC_AUTO ? hc_lcc_classify(A) : kind;
  int rc = hc_lcc_check(&l);
  if (rc != HC_OK) return rc;
  *out = l;
  return HC_OK;
}

int hc_lcc_parse(const char *a_text, const char *b_text, int n,
                 hc_lcc_kind kind, hc_lcc *out, char *err, size_t errlen) {
  if (err != NULL && errlen > 0) err[0] = '\0';
  if (a_text == NULL || out == NULL || n < 0 || n > HC_LCC_MAX_N) {
    if (err != NULL && errlen > 0)
      snprintf(err, errlen, "invalid argument to the LCC parser");
    return HC_EPARAM;
  }
  hc_gf2_mat A;
  int rc = hc_gf2_parse(a_text, n, n, &A, err, errlen);
  if (rc != HC_OK) return rc;
  if (A.rows != A.cols) {
    if (err != NULL && errlen > 0)
      snprintf(err, errlen, "matrix A is %d x %d, it must be square", A.rows,
               A.cols);
    return HC_ESIZE;
  }
  uint32_t b = 0;
  if (b_text != NULL && b_text[0] != '\0') {
    rc = hc_gf2_parse_vec(b_text, A.rows, &b, err, errlen);
    if (rc != HC_OK) return rc;
  }
  rc = hc_lcc_make(out, &A, b, kind);
  if (rc != HC_OK && err != NULL && errlen > 0) {
    if (rc == HC_ESINGULAR)
      snprintf(err, errlen,
               "A has rank %d < n = %d: it is singular, not an LCP "
               "(give it as an LCG or LCS)",
               hc_gf2_rank(&A), A.rows);
    else if (rc == HC_EKIND)
      snprintf(err, errlen,
               "A is nonsingular (rank %d): an LCG or LCS needs rank A < n",
               A.rows);
    else
      snprintf(err, errlen, "bad LCC: %s", hc_strerror(rc));
  }
  return rc;
}

/* Fill err (if errlen > 0) with a printf-formatted message; returns rc. */
static int hc_lcc_fail(int rc, char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int hc_lcc_fail(int rc, char *err, size_t errlen, const char *fmt, ...) {
  if (err != NULL && errlen > 0) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
  }
  return rc;
}

/* The first byte of [p, e) not in set, or e. */
static const char *hc_skip(const char *p, const char *e, const char *set) {
  while (p < e && strchr(set, *p) != NULL && *p != '\0') p++;
  return p;
}

/* In the line [s, e): where the vector of a "b <vector>" line starts, or
** NULL when it is not a b line. */
static const char *hc_b_line(const char *s, const char *e) {
  const char *p = hc_skip(s, e, " \t");
  if (e - p < 2 || (p[0] != 'b' && p[0] != 'B') || p[1] == '\0' || strchr(" =:\t", p[1]) == NULL) return NULL;
  return hc_skip(p + 2, e, " =:\t");
}

int hc_lcc_parse_file(const char *text, size_t len, int n, hc_lcc_kind kind, hc_lcc *out,
                      unsigned long *line, char *err, size_t errlen) {
  if (err != NULL && errlen > 0) err[0] = '\0';
  if (line == NULL || (text == NULL && len > 0))
    return hc_lcc_fail(HC_EPARAM, err, errlen, "invalid argument to the LCC file parser");
  *line = 0;
  /* A's text: the file with the b line emptied; b's: that line's vector */
  char *a = malloc(len + 1), *b = NULL;
  size_t used = 0;
  unsigned long lineno = 0, bline = 0;
  int rc = a == NULL ? hc_lcc_fail(HC_ENOMEM, err, errlen, "out of memory") : HC_OK;
  for (size_t i = 0; rc == HC_OK && i < len;) {
    const char *s = text + i, *nl = memchr(s, '\n', len - i);
    const size_t ll = nl ? (size_t)(nl - s) + 1 : len - i; /* with its newline */
    const char *nul = memchr(s, '\0', ll), *v = nul ? NULL : hc_b_line(s, s + ll);
    *line = ++lineno;
    i += ll;
    if (nul) {
      rc = hc_lcc_fail(HC_EPARSE, err, errlen, "a NUL byte at column %zu (the file is text)", (size_t)(nul - s) + 1);
    } else if (v && bline) {
      rc = hc_lcc_fail(HC_EPARSE, err, errlen, "a second b line (the first is line %lu)", bline);
    } else if (v) {
      size_t vl = (size_t)(s + ll - v); /* the vector without the line's end (\n or \r\n) */
      if (vl > 0 && v[vl - 1] == '\n') vl--;
      if (vl > 0 && v[vl - 1] == '\r') vl--;
      if (vl == 0) {
        rc = hc_lcc_fail(HC_EPARSE, err, errlen, "a b line without a vector (leave it out for b = 0)");
      } else if ((b = malloc(vl + 1)) == NULL) {
        rc = hc_lcc_fail(HC_ENOMEM, err, errlen, "out of memory");
      } else {
        memcpy(b, v, vl);
        b[vl] = '\0';
        bline = lineno;
        a[used++] = '\n'; /* an empty line of A's text */
      }
    } else {
      memcpy(a + used, s, ll);
      used += ll;
    }
  }
  if (rc == HC_OK) {
    *line = 0;
    a[used] = '\0';
    rc = hc_lcc_parse(a, b, n, kind, out, err, errlen);
  }
  free(a);
  free(b);
  return rc;
}

int hc_lcc_preset_list(const char *list, int n, const char *skip, hc_lcc *set, int cap, int *m, char *err,
                       size_t errlen) {
  if (err != NULL && errlen > 0) err[0] = '\0';
  if (list == NULL || set == NULL || m == NULL || *m < 0 || *m > cap)
    return hc_lcc_fail(HC_EPARAM, err, errlen, "invalid argument to the LCC list parser");
  const int room = cap - *m;
  const char *p = list;
  for (int k = 1;; k++) {
    const size_t len = strcspn(p, ",");
    char tok[64], q[80]; /* q: the name as given, made printable (a message is one line) */
    if (len == 0)
      return hc_lcc_fail(HC_EPARSE, err, errlen,
                         "name %d is empty (names are separated by single commas, none at the ends)", k);
    hc_printable(q, sizeof q, p, len);
    if (len >= sizeof tok) return hc_lcc_fail(HC_EUNKNOWN, err, errlen, "unknown LCC preset '%s'", q);
    memcpy(tok, p, len);
    tok[len] = '\0';
    const int keep = !(skip != NULL && strcmp(tok, skip) == 0);
    if (keep && *m == cap) return hc_lcc_fail(HC_ESIZE, err, errlen, "more than %d LCCs", room);
    hc_lcc l;
    int rc = hc_lcc_preset(tok, n, &l);
    if (rc == HC_EUNKNOWN) return hc_lcc_fail(rc, err, errlen, "unknown LCC preset '%s'", q);
    if (rc != HC_OK) return hc_lcc_fail(rc, err, errlen, "preset '%s' at d=%d: %s", q, n, hc_strerror(rc));
    if (keep) set[(*m)++] = l;
    if (p[len] == '\0') return HC_OK;
    p += len + 1;
  }
}

/* ------------------------------------------------------------------ presets
**
** Image presets follow Example 5 for a 2^h x 2^h image, h = n/2: the pixel
** (px, py) is on node py * 2^h + px, so px is address bits 0..h-1 and py bits
** h..n-1; S = 2^h - 1. A vector written [11110000]^t in the paper (b_0 first)
** is b = low h bits set ("px bits"), [00001111]^t the py bits.
*/
enum {
  P_TRANSPOSE,
  P_BITREV,
  P_REVFLIP,
  P_SHUFFLE,
  P_REFLECT_DIAG,
  P_REFLECT_ANTI,
  P_ROT90,
  P_ROT180,
  P_ROT270,
  P_REFLECT_VERT,
  P_REFLECT_HORIZ,
  P_SCALE2X,
  P_FFT_ROW,
  P_FFT_COL,
  P_COUNT
};

static const hc_lcc_preset_info hc_presets[P_COUNT] = {
    {"transpose",
     "matrix transpose, y_i = x_((i + floor(n/2)) mod n): 2^ceil(n/2) x "
     "2^floor(n/2) matrix, row-major (square for even n)",
     "Ex. 3, Sec. 6.1", 0},
    {"bitrev", "bit reverse, y_i = x_(n-1-i); also the 1-D FFT permutation",
     "Ex. 1, Ex. 5.4, Sec. 6.1, 6.2", 0},
    {"revflip", "reverse-flip: bit reverse then complement, y_i = ~x_(n-1-i)",
     "Sec. 6.1", 0},
    {"shuffle",
     "perfect shuffle: rotate the address left by 1, y_i = x_((i-1) mod n)",
     "not in the paper (project preset)", 0},
    {"reflect_diag",
     "image: reflect on the diagonal, (px,py) -> (py,px); A = transpose, b = 0",
     "Ex. 5.1", 1},
    {"reflect_anti",
     "image: reflect on the line py = S-px, (px,py) -> (S-py,S-px); A = "
     "transpose, b = all ones",
     "Ex. 5.1", 1},
    {"rot90",
     "image: rotate 90 deg clockwise (paper's sense), (px,py) -> (S-py,px); "
     "A = transpose, b = px bits",
     "Ex. 5.1", 1},
    {"rot180",
     "image: rotate 180 deg, (px,py) -> (S-px,S-py); A = I, b = all ones",
     "Ex. 5.2", 1},
    {"rot270",
     "image: rotate 90 deg counterclockwise (= 270 cw), (px,py) -> (py,S-px); "
     "A = transpose, b = py bits",
     "Ex. 5.1", 1},
    {"reflect_vert",
     "image: reflect on a vertical line, (px,py) -> (S-px,py); A = I, b = px "
     "bits",
     "Ex. 5.2", 1},
    {"reflect_horiz",
     "image: reflect on a horizontal line, (px,py) -> (px,S-py); A = I, b = "
     "py bits",
     "Ex. 5.2", 1},
    {"scale2x",
     "image LCS: scale the subimage px,py < 2^(h-1) by 2, (px,py) -> "
     "(2px+e,2py+f); x = A y, x_i = y_(i+1) except x_(h-1) = x_(n-1) = 0",
     "Ex. 5.3", 1},
    {"fft_row",
     "2-D FFT along rows: reverse the px bits 0..h-1, keep py", "Ex. 5.5", 1},
    {"fft_col",
     "2-D FFT along columns: reverse the py bits h..n-1, keep px", "Ex. 5.5",
     1},
};

const hc_lcc_preset_info *hc_lcc_presets(int *count) {
  if (count != NULL) *count = P_COUNT;
  return hc_presets;
}

/* Row i of the n x n matrix with y_i = x_(src): a single 1 in column src. */
static void hc_put(hc_gf2_mat *A, int i, int src) {
  assert(i >= 0 && i < A->rows && src >= 0 && src < A->cols);
  A->r[i] = 1u << src;
}

int hc_lcc_preset(const char *name, int n, hc_lcc *out) {
  if (name == NULL || out == NULL || n < 1 || n > HC_LCC_MAX_N)
    return HC_EPARAM;
  int id = 0;
  while (id < P_COUNT && strcmp(name, hc_presets[id].name) != 0) id++;
  if (id == P_COUNT) return HC_EUNKNOWN;
  if (hc_presets[id].even_only && (n & 1)) return HC_ESIZE;
  int h = n / 2;
  uint32_t all = hc_gf2_mask(n), lo = hc_gf2_mask(h), hi = all & ~lo;
  hc_gf2_mat A;
  uint32_t b = 0;
  hc_lcc_kind kind = HC_LCP;
  hc_gf2_identity(&A, n);
  switch (id) {
    case P_TRANSPOSE:
    case P_REFLECT_DIAG:
    case P_REFLECT_ANTI:
    case P_ROT90:
    case P_ROT270:
      /* A_1 of Example 3 / 5: y_i = x_(i+h mod n). For odd n, an R x C
      ** matrix (C = 2^h columns, R = 2^(n-h) rows) at node r*C + c moves to
      ** c*R + r: y_i = x_(h+i) for i < n-h and y_(n-h+i) = x_i. */
      for (int i = 0; i < n; i++) hc_put(&A, i, (i + h) % n);
      if (id == P_REFLECT_ANTI) b = all;
      if (id == P_ROT90) b = lo;  /* [11110000]^t */
      if (id == P_ROT270) b = hi; /* [00001111]^t */
      break;
    case P_BITREV:
    case P_REVFLIP:
      for (int i = 0; i < n; i++) hc_put(&A, i, n - 1 - i);
      if (id == P_REVFLIP) b = all;
      break;
    case P_SHUFFLE:
      for (int i = 0; i < n; i++) hc_put(&A, i, (i + n - 1) % n);
      break;
    case P_ROT180: b = all; break;
    case P_REFLECT_VERT: b = lo; break;
    case P_REFLECT_HORIZ: b = hi; break;
    case P_SCALE2X:
      /* Example 5.3: x = A y with x_i = y_(i+1) for i in 0..h-2 and
      ** h..n-2, rows h-1 and n-1 zero: (px,py) -> (2px+e, 2py+f) for
      ** px, py < 2^(h-1). */
      hc_gf2_zero(&A, n, n);
      for (int i = 0; i < n - 1; i++)
        if (i != h - 1) hc_put(&A, i, i + 1);
      kind = HC_LCS;
      break;
    case P_FFT_ROW:
      for (int i = 0; i < h; i++) hc_put(&A, i, h - 1 - i);
      break;
    case P_FFT_COL:
      for (int i = h; i < n; i++) hc_put(&A, i, n - 1 + h - i);
      break;
    default: assert(0); return HC_EPARAM;
  }
  int rc = hc_lcc_make(out, &A, b, kind);
  assert(rc == HC_OK);
  return rc;
}

/* ----------------------------------------------------------------- messages */

int hc_lcc_dests(const hc_lcc *l, uint32_t src, uint32_t *dst, size_t cap,
                 uint64_t *count) {
  if (hc_lcc_check(l) != HC_OK || count == NULL ||
      (src & ~hc_gf2_mask(l->n)) != 0 || (cap > 0 && dst == NULL))
    return HC_EPARAM;
  if (l->kind != HC_LCS) {
    *count = 1;
    if (cap > 0) dst[0] = hc_gf2_mulvec(&l->A, src) ^ l->b;
    return HC_OK;
  }
  /* LCS: all y with A y = src + b. hc_gf2_solve's reduced basis makes the
  ** enumeration below increasing in y. */
  uint32_t x0, basis[HC_GF2_MAX];
  int dim;
  int rc = hc_gf2_solve(&l->A, src ^ l->b, &x0, basis, &dim);
  assert(rc == HC_OK);
  (void)rc;
  if (dim < 0) {
    *count = 0;
    return HC_OK;
  }
  *count = (uint64_t)1 << dim;
  for (uint64_t c = 0; c < *count && c < (uint64_t)cap; c++) {
    uint32_t y = x0;
    for (int k = 0; k < dim; k++)
      if ((c >> k) & 1u) y ^= basis[k];
    dst[c] = y;
  }
  return HC_OK;
}

uint64_t hc_lcc_message_count(const hc_lcc *l) {
  assert(hc_lcc_check(l) == HC_OK);
  return (uint64_t)1 << l->n;
}

int hc_lcc_foreach_message(const hc_lcc *l,
                           int (*cb)(void *ctx, uint32_t src, uint32_t dst),
                           void *ctx) {
  if (hc_lcc_check(l) != HC_OK || cb == NULL) return HC_EPARAM;
  uint64_t nodes = (uint64_t)1 << l->n;
  if (l->kind != HC_LCS) {
    for (uint64_t x = 0; x < nodes; x++) {
      uint32_t y = hc_gf2_mulvec(&l->A, (uint32_t)x) ^ l->b;
      if (cb(ctx, (uint32_t)x, y) != 0) return HC_EABORT;
    }
    return HC_OK;
  }
  for (uint64_t x = 0; x < nodes; x++) {
    uint32_t x0, basis[HC_GF2_MAX];
    int dim;
    int rc = hc_gf2_solve(&l->A, (uint32_t)x ^ l->b, &x0, basis, &dim);
    assert(rc == HC_OK);
    (void)rc;
    if (dim < 0) continue;
    for (uint64_t c = 0; c < ((uint64_t)1 << dim); c++) {
      uint32_t y = x0;
      for (int k = 0; k < dim; k++)
        if ((c >> k) & 1u) y ^= basis[k];
      if (cb(ctx, (uint32_t)x, y) != 0) return HC_EABORT;
    }
  }
  return HC_OK;
}

/* --------------------------------------------------------------- contention */

/* 1 if no message of l crosses dimension j: row j is e_j and b_j = 0. */
static int hc_quiet_dim(const hc_lcc *l, int j) {
  return l->A.r[j] == (1u << j) && ((l->b >> j) & 1u) == 0;
}

/*
** Contention exponent of address bit j placed at position p = |P|, after the
** set P of bits (in any order), or -1 if no message crosses that dimension.
** With Q the reordering and D = Q A Q^-1, Theorem 1 at position p is
** p - rank(D_{L_{p+1},L_p}); the rows L_{p+1} of D are the rows P + {j} of
** A and the columns L_p are the columns P, so the rank is that of
** A_{P+{j},P}. lcs selects the e-cube count of a scatter: a message x -> y
** (x = A y + b) crosses position p at the channel out of z when y agrees
** with z below p, y_p != z_p and x agrees with z from p up; the unknowns are
** the n-1-p bits of y above p, constrained by the rows of A at positions
** p..n-1 restricted to the columns above p, so the count is
** 2^((n-1-p) - rank(A_{rows not in P, columns not in P+{j}})).
*/
static int hc_pos_exp(const hc_lcc *l, uint32_t P, int j, int lcs) {
  assert(((P >> j) & 1u) == 0);
  if (hc_quiet_dim(l, j)) return -1;
  int p = hc_popc(P);
  if (!lcs) return p - hc_gf2_subrank(&l->A, P | (1u << j), P);
  uint32_t cols = hc_gf2_mask(l->n) & ~(P | (1u << j));
  return (l->n - 1 - p) - hc_gf2_subrank(&l->A, cols | (1u << j), cols);
}

/* T[0..n-1] of l under the bit order (NULL = identity). */
static void hc_order_T(const hc_lcc *l, const int *order, int lcs,
                       uint64_t *T) {
  uint32_t P = 0;
  for (int p = 0; p < l->n; p++) {
    int j = order != NULL ? order[p] : p;
    int e = hc_pos_exp(l, P, j, lcs);
    T[p] = e < 0 ? 0 : (uint64_t)1 << e;
    P |= 1u << j;
  }
}

int hc_lcc_theorem1(const hc_lcc *l, uint64_t *T) {
  if (hc_lcc_check(l) != HC_OK || T == NULL) return HC_EPARAM;
  hc_order_T(l, NULL, 0, T);
  return HC_OK;
}

int hc_lcc_contention(const hc_lcc *l, uint64_t *T) {
  if (hc_lcc_check(l) != HC_OK || T == NULL) return HC_EPARAM;
  hc_order_T(l, NULL, l->kind == HC_LCS, T);
  return HC_OK;
}

uint64_t hc_lcc_max(const uint64_t *T, int n) {
  uint64_t m = 0;
  for (int i = 0; i < n; i++)
    if (T[i] > m) m = T[i];
  return m;
}

/* Context of the e-cube path walk. */
typedef struct hc_walk {
  int n;
  uint32_t *counts;
} hc_walk;

/* Follow the e-cube path src -> dst, counting one message per channel. */
static int hc_walk_cb(void *ctx, uint32_t src, uint32_t dst) {
  hc_walk *w = ctx;
  uint32_t cur = src;
  for (int i = 0; i < w->n; i++) {
    if (((cur ^ dst) >> i) & 1u) {
      w->counts[(size_t)cur * (size_t)w->n + (size_t)i]++;
      cur ^= 1u << i;
    }
  }
  assert(cur == dst);
  return 0;
}

int hc_lcc_channel_counts(const hc_lcc *l, uint32_t *counts) {
  if (hc_lcc_check(l) != HC_OK || counts == NULL) return HC_EPARAM;
  if (l->n > HC_LCC_PATH_MAX_N) return HC_ETOOBIG;
  memset(counts, 0, ((size_t)l->n << l->n) * sizeof *counts);
  hc_walk w = {l->n, counts};
  int rc = hc_lcc_foreach_message(l, hc_walk_cb, &w);
  assert(rc == HC_OK);
  return rc;
}

int hc_lcc_path_count(const hc_lcc *l, uint64_t *T) {
  if (hc_lcc_check(l) != HC_OK || T == NULL) return HC_EPARAM;
  if (l->n > HC_LCC_PATH_MAX_N) return HC_ETOOBIG;
  int n = l->n;
  uint32_t *counts = malloc(((size_t)n << n) * sizeof *counts);
  if (counts == NULL) return HC_ENOMEM;
  int rc = hc_lcc_channel_counts(l, counts);
  if (rc == HC_OK) {
    for (int i = 0; i < n; i++) T[i] = 0;
    for (size_t x = 0; x < ((size_t)1 << n); x++)
      for (int i = 0; i < n; i++)
        if (counts[x * (size_t)n + (size_t)i] > T[i])
          T[i] = counts[x * (size_t)n + (size_t)i];
  }
  free(counts);
  return rc;
}

int hc_lcc_bound(const hc_lcc *l, uint64_t *bound) {
  if (hc_lcc_check(l) != HC_OK || bound == NULL) return HC_EPARAM;
  if (l->kind == HC_LCP) {
    int moving = 0;
    for (int i = 0; i < l->n; i++) moving |= !hc_quiet_dim(l, i);
    *bound = moving ? 1 : 0;
  } else {
    *bound = (uint64_t)1 << ((l->n - 1) - hc_gf2_rank(&l->A));
  }
  return HC_OK;
}

/* ---------------------------------------------------------------- reorder */

int hc_lcc_reorder(const hc_lcc *l, const int *order, hc_lcc *out) {
  if (hc_lcc_check(l) != HC_OK || out == NULL ||
      !hc_gf2_is_perm(order, l->n))
    return HC_EPARAM;
  hc_lcc t = *l;
  for (int k = 0; k < l->n; k++) {
    t.A.r[k] = hc_lcc_map_node(order, l->n, l->A.r[order[k]]);
  }
  t.b = hc_lcc_map_node(order, l->n, l->b);
  assert(hc_lcc_check(&t) == HC_OK);
  *out = t;
  return HC_OK;
}

uint32_t hc_lcc_map_node(const int *order, int n, uint32_t x) {
  assert(hc_gf2_is_perm(order, n));
  uint32_t y = 0;
  for (int k = 0; k < n; k++) y |= ((x >> order[k]) & 1u) << k;
  return y;
}

uint32_t hc_lcc_unmap_node(const int *order, int n, uint32_t xp) {
  assert(hc_gf2_is_perm(order, n));
  uint32_t x = 0;
  for (int k = 0; k < n; k++) x |= ((xp >> k) & 1u) << order[k];
  return x;
}

/* -------------------------------------------------------------- optimizers */

/*
** Fig. 3, LCP_Optimizer, with the scan's garbles resolved: line 10 reads
** "RowSwap(d, i+1, j); ColSwap(V, i+1, j);" and line 11 "RowSwap(V, i+1,
** j); ColSwap(V, i+1, j);", which would swap V's columns twice (a no-op);
** V is conjugated once like D (one RowSwap and one ColSwap), d gets the row
** swap. D is kept only to assert Theorem 3 at the end; Q is kept as the bit
** order (RowSwap(Q) swaps two entries of it).
**
** Invariant at the start of iteration i (bit positions are the paper's):
** rank(D_{L_{r+1},L_r}) = r for r <= i; the i marked rows of V (R[j] = 1)
** lie in positions 0..i and each has one 1 in columns 0..i-1 (distinct
** columns); the unmarked rows are 0 in those columns. An unmarked row with a
** 1 in column i exists because A is nonsingular; it becomes the pivot of
** column i and is moved to position i+1 if it lies further down (the swap
** touches only positions > i, so columns 0..i keep their bits).
*/
int hc_lcc_optimize_lcp(const hc_lcc *l, int *order) {
  int rc = hc_lcc_check(l);
  if (rc == HC_EPARAM || order == NULL) return HC_EPARAM;
  if (hc_gf2_rank(&l->A) != l->n) return HC_ESINGULAR;
  int n = l->n;
  uint32_t D[HC_GF2_MAX], V[HC_GF2_MAX], R = 0;
  for (int k = 0; k < n; k++) {
    D[k] = V[k] = l->A.r[k];
    order[k] = k;
  }
  for (int i = 0; i < n - 1; i++) {
    int j = 0;
    while (j < n && !(((V[j] >> i) & 1u) && ((R >> j) & 1u) == 0)) j++;
    assert(j < n); /* A nonsingular */
    if (j > i + 1) {
      hc_swap_rc(D, n, i + 1, j);
      hc_swap_rc(V, n, i + 1, j);
      R = hc_swapbits(R, i + 1, j);
      int t = order[i + 1];
      order[i + 1] = order[j];
      order[j] = t;
      j = i + 1;
    }
    for (int k = 0; k < n; k++)
      if (k != j && ((V[k] >> i) & 1u)) V[k] ^= V[j];
    R |= 1u << j;
  }
#ifndef NDEBUG
  hc_gf2_mat Dm;
  hc_gf2_zero(&Dm, n, n);
  for (int k = 0; k < n; k++) Dm.r[k] = D[k];
  for (int i = 0; i < n; i++)
    assert(hc_gf2_subrank(&Dm, hc_gf2_mask(i + 1), hc_gf2_mask(i)) == i);
#endif
  return HC_OK;
}

/*
** The LCG/LCS optimizer, derived from the proof of Theorem 4 (the paper
** omits the algorithm). Write f(i) = i - rank(D_{L_{i+1},L_i}) for the
** current D = Q A Q^-1 and c = (n-1) - rank A; the goal is f(i) <= c for all
** i. Going from i to i+1 adds one column and one row, so the rank grows by
** 0, 1 or 2 and f(i) - f(i+1) is in {-1, 0, 1}.
**
** Step 1 (the permutation P of the proof). A is singular, so some column j
** is a combination of the others: take any nonzero kernel vector v of A and
** j in its support, and swap bit j with bit n-1 (rows and columns). Then
** rank(D_{L_n,L_{n-1}}) = rank A, i.e. f(n-1) = c, and position n-1 is
** never touched again.
**
** Step 2 (the downward induction). For k = n-1, ..., 1, with f(i) <= c
** already true for i >= k: if f(k-1) > c then, because f(k-1) <= f(k) + 1
** <= c + 1, f(k-1) = f(k) + 1, which forces the rank to grow by 2 from
** (L_k, L_{k-1}) to (L_{k+1}, L_k). Hence rank(D_{L_k,L_k}) =
** rank(D_{L_k,L_{k-1}}) + 1 (column k-1 is independent of columns 0..k-2
** inside rows L_k) and rank(D_{L_k,L_k}) <= k-1 (as k-1 >
** rank(D_{L_k,L_{k-1}}) because f(k-1) > c >= 0). So the k x k block
** D_{L_k,L_k} has a nonzero kernel vector v, with v_(k-1) = 0; any j in its
** support (j <= k-2) is a column that is a combination of the others. Swap
** positions j and k-1 (the scan prints "rows j and k+1"; it must be k-1,
** the only swap that keeps the sets L_{i+1}, L_i for i >= k and so f(i) for
** i >= k). Afterwards rank(D_{L_k,L_{k-1}}) = rank(old D_{L_k,L_k}) (the
** removed column j was dependent), so f(k-1) = (k-1) - rank(old
** D_{L_k,L_k}) <= k - rank(D_{L_{k+1},L_k}) = f(k) <= c.
**
** Each step costs one kernel vector (O(n^2) word operations), so the whole
** is O(n^3) bit operations, like Fig. 3. By Corollary 2 the result is
** optimal for the Theorem 1 formula: max_i f(i) = c = (n-1) - rank A.
*/
int hc_lcc_optimize_lcg(const hc_lcc *l, int *order) {
  int rc = hc_lcc_check(l);
  if (rc == HC_EPARAM || order == NULL) return HC_EPARAM;
  int n = l->n, rank = hc_gf2_rank(&l->A);
  if (rank == n) return HC_EKIND;
  int c = (n - 1) - rank;
  hc_gf2_mat D = l->A;
  for (int k = 0; k < n; k++) order[k] = k;
  uint32_t v;
  int found = hc_gf2_kernel_vector(&D, hc_gf2_mask(n), hc_gf2_mask(n), &v);
  assert(found);
  (void)found;
  int j = hc_lobit(v);
  hc_swap_rc(D.r, n, j, n - 1);
  int t = order[j];
  order[j] = order[n - 1];
  order[n - 1] = t;
  assert(hc_gf2_subrank(&D, hc_gf2_mask(n), hc_gf2_mask(n - 1)) == rank);
  for (int k = n - 1; k >= 1; k--) {
    int f = (k - 1) - hc_gf2_subrank(&D, hc_gf2_mask(k), hc_gf2_mask(k - 1));
    if (f <= c) continue;
    found = hc_gf2_kernel_vector(&D, hc_gf2_mask(k), hc_gf2_mask(k), &v);
    assert(found && ((v >> (k - 1)) & 1u) == 0);
    j = hc_lobit(v);
    hc_swap_rc(D.r, n, j, k - 1);
    t = order[j];
    order[j] = order[k - 1];
    order[k - 1] = t;
    assert((k - 1) - hc_gf2_subrank(&D, hc_gf2_mask(k), hc_gf2_mask(k - 1)) <=
           c);
  }
#ifndef NDEBUG
  for (int i = 0; i < n; i++)
    assert(i - hc_gf2_subrank(&D, hc_gf2_mask(i + 1), hc_gf2_mask(i)) <= c);
#endif
  return HC_OK;
}

int hc_lcc_optimize(const hc_lcc *l, int *order) {
  if (hc_lcc_check(l) != HC_OK || order == NULL) return HC_EPARAM;
  if (l->kind == HC_LCP) return hc_lcc_optimize_lcp(l, order);
  int rc = hc_lcc_optimize_lcg(l, order);
  if (rc != HC_OK || l->kind == HC_LCG) return rc;
  /* LCS: the e-cube count at position p under order R' equals the Theorem 1
  ** formula at position n-1-p under R with R'[p] = R[n-1-p] (hc_pos_exp). */
  for (int a = 0, b = l->n - 1; a < b; a++, b--) {
    int t = order[a];
    order[a] = order[b];
    order[b] = t;
  }
  return HC_OK;
}

/* ------------------------------------------------- sets: cost, DP, brute */

const char *hc_lcc_objective_name(hc_lcc_objective obj) {
  switch (obj) {
    case HC_LCC_MAX_OF_MAX: return "maxmax";
    case HC_LCC_MAX_OF_SUM: return "maxsum";
    case HC_LCC_SUM_OF_SUM: return "sumsum";
    default: return "?";
  }
}

int hc_lcc_objective_parse(const char *name, hc_lcc_objective *obj) {
  if (name == NULL || obj == NULL) return HC_EPARAM;
  if (!strcmp(name, "maxmax") || !strcmp(name, "max-of-max"))
    *obj = HC_LCC_MAX_OF_MAX;
  else if (!strcmp(name, "maxsum") || !strcmp(name, "max-of-sum"))
    *obj = HC_LCC_MAX_OF_SUM;
  else if (!strcmp(name, "sumsum") || !strcmp(name, "sum-of-sum"))
    *obj = HC_LCC_SUM_OF_SUM;
  else
    return HC_EUNKNOWN;
  return HC_OK;
}

/* Check a set of LCCs and an objective. */
static int hc_set_check(const hc_lcc *set, int m, hc_lcc_objective obj) {
  if (set == NULL || m < 1 || m > HC_LCC_MAX_SET) return HC_EPARAM;
  if (obj != HC_LCC_MAX_OF_MAX && obj != HC_LCC_MAX_OF_SUM &&
      obj != HC_LCC_SUM_OF_SUM)
    return HC_EPARAM;
  for (int r = 0; r < m; r++)
    if (hc_lcc_check(&set[r]) != HC_OK || set[r].n != set[0].n)
      return HC_EPARAM;
  return HC_OK;
}

/*
** Contribution of bit j placed after the set P, over all m LCCs: *val is the
** max (MAX_OF_MAX) or the sum (the other two) of the T's; *sum is the sum.
*/
static void hc_set_pos(const hc_lcc *set, int m, hc_lcc_objective obj,
                       uint32_t P, int j, uint64_t *val, uint64_t *sum) {
  uint64_t v = 0, s = 0;
  for (int r = 0; r < m; r++) {
    int e = hc_pos_exp(&set[r], P, j, set[r].kind == HC_LCS);
    uint64_t t = e < 0 ? 0 : (uint64_t)1 << e;
    s += t;
    if (obj == HC_LCC_MAX_OF_MAX) {
      if (t > v) v = t;
    } else {
      v += t;
    }
  }
  *val = v;
  *sum = s;
}

/* Fold a position's contribution into the value of a prefix. */
static uint64_t hc_fold(hc_lcc_objective obj, uint64_t acc, uint64_t v) {
  if (obj == HC_LCC_SUM_OF_SUM) return acc + v;
  return v > acc ? v : acc;
}

int hc_lcc_cost(const hc_lcc *set, int m, hc_lcc_objective obj,
                const int *order, uint64_t *cost) {
  if (hc_set_check(set, m, obj) != HC_OK || cost == NULL ||
      !hc_gf2_is_perm(order, set[0].n))
    return HC_EPARAM;
  uint64_t acc = 0, v, s;
  uint32_t P = 0;
  for (int p = 0; p < set[0].n; p++) {
    hc_set_pos(set, m, obj, P, order[p], &v, &s);
    acc = hc_fold(obj, acc, v);
    P |= 1u << order[p];
  }
  *cost = acc;
  return HC_OK;
}

int hc_lcc_dp(const hc_lcc *set, int m, hc_lcc_objective obj, int *order,
              uint64_t *cost) {
  if (hc_set_check(set, m, obj) != HC_OK || order == NULL ||
      cost == NULL)
    return HC_EPARAM;
  int n = set[0].n;
  if (n > HC_LCC_DP_MAX_N) return HC_ETOOBIG;
  size_t states = (size_t)1 << n;
  size_t per = 2 * sizeof(uint64_t) + 1;
  if (states > HC_LCC_DP_MAX_BYTES / per) return HC_ETOOBIG;
  uint64_t *best = malloc(states * sizeof *best);
  uint64_t *tie = malloc(states * sizeof *tie);
  uint8_t *last = malloc(states);
  if (best == NULL || tie == NULL || last == NULL) {
    free(best);
    free(tie);
    free(last);
    return HC_ENOMEM;
  }
  /* best[S]: optimal value of an order of the bits S in positions
  ** 0..|S|-1; last[S]: the bit it ends with (Theorem 5). S - {j} < S, so
  ** increasing S visits every subset before its supersets. */
  best[0] = 0;
  tie[0] = 0;
  last[0] = 0;
  for (size_t S = 1; S < states; S++) {
    uint64_t bv = UINT64_MAX, bt = UINT64_MAX, v, s;
    int bj = -1;
    for (uint32_t rest = (uint32_t)S; rest != 0; rest &= rest - 1) {
      int j = hc_lobit(rest);
      uint32_t P = (uint32_t)S & ~(1u << j);
      hc_set_pos(set, m, obj, P, j, &v, &s);
      uint64_t val = hc_fold(obj, best[P], v), tv = tie[P] + s;
      if (val < bv || (val == bv && tv < bt)) {
        bv = val;
        bt = tv;
        bj = j;
      }
    }
    assert(bj >= 0);
    best[S] = bv;
    tie[S] = bt;
    last[S] = (uint8_t)bj;
  }
  uint32_t S = (uint32_t)(states - 1);
  for (int p = n - 1; p >= 0; p--) {
    order[p] = last[S];
    S &= ~(1u << last[S]);
  }
  assert(S == 0);
  *cost = best[states - 1];
  free(best);
  free(tie);
  free(last);
#ifndef NDEBUG
  uint64_t check;
  assert(hc_lcc_cost(set, m, obj, order, &check) == HC_OK &&
         check == *cost);
#endif
  return HC_OK;
}

/* Next permutation in lexicographic order; 0 after the last one. */
static int hc_next_perm(int *a, int n) {
  int i = n - 2;
  while (i >= 0 && a[i] >= a[i + 1]) i--;
  if (i < 0) return 0;
  int j = n - 1;
  while (a[j] <= a[i]) j--;
  int t = a[i];
  a[i] = a[j];
  a[j] = t;
  for (int x = i + 1, y = n - 1; x < y; x++, y--) {
    t = a[x];
    a[x] = a[y];
    a[y] = t;
  }
  return 1;
}

int hc_lcc_brute(const hc_lcc *set, int m, hc_lcc_objective obj, int *order,
                 uint64_t *cost) {
  if (hc_set_check(set, m, obj) != HC_OK || order == NULL ||
      cost == NULL)
    return HC_EPARAM;
  int n = set[0].n;
  if (n > HC_LCC_BRUTE_MAX_N) return HC_ETOOBIG;
  int perm[HC_LCC_BRUTE_MAX_N];
  uint64_t best = UINT64_MAX, c;
  for (int k = 0; k < n; k++) perm[k] = k;
  do {
    int rc = hc_lcc_cost(set, m, obj, perm, &c);
    assert(rc == HC_OK);
    (void)rc;
    if (c < best) {
      best = c;
      memcpy(order, perm, (size_t)n * sizeof *perm);
    }
  } while (hc_next_perm(perm, n));
  *cost = best;
  return HC_OK;
}
