/*
** Bit matrices and vectors over GF(2) (see gf2.h for the conventions): row
** i of a matrix is the word r[i], bit j of it the entry in column j. Rank,
** inverse and solving are Gaussian elimination on words (XOR of rows), so a
** rank of an n x n matrix costs O(n^2) word operations. The text parser
** reports the first problem it meets in a caller-supplied buffer. Nothing
** here allocates or prints.
*/
#include "gf2.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Index of the most significant set bit of v; v must not be 0. */
static int hc_hibit(uint32_t v) {
  assert(v != 0);
#if defined(__GNUC__) || defined(__clang__)
  return 31 - __builtin_clz(v);
#else
  int h = 0;
  while (v >>= 1) h++;
  return h;
#endif
}

/* Parity (XOR of all bits) of v. */
static uint32_t hc_parity(uint32_t v) {
  v ^= v >> 16;
  v ^= v >> 8;
  v ^= v >> 4;
  v ^= v >> 2;
  v ^= v >> 1;
  return v & 1u;
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
/* Write a formatted one-line message to err (if err and errlen allow). */
static void hc_seterr(char *err, size_t errlen, const char *fmt, ...) {
  va_list ap;
  if (err == NULL || errlen == 0) return;
  va_start(ap, fmt);
  vsnprintf(err, errlen, fmt, ap);
  va_end(ap);
}

/* Clear err to the empty string when there is room. */
static void hc_clrerr(char *err, size_t errlen) {
  if (err != NULL && errlen > 0) err[0] = '\0';
}

uint32_t hc_gf2_mask(int n) {
  assert(n >= 0 && n <= 32);
  return n >= 32 ? 0xffffffffu : ((1u << n) - 1u);
}

int hc_gf2_zero(hc_gf2_mat *m, int rows, int cols) {
  if (m == NULL || rows < 0 || rows > HC_GF2_MAX || cols < 0 ||
      cols > HC_GF2_MAX)
    return HC_EPARAM;
  memset(m, 0, sizeof *m);
  m->rows = rows;
  m->cols = cols;
  return HC_OK;
}

int hc_gf2_identity(hc_gf2_mat *m, int n) {
  int rc = hc_gf2_zero(m, n, n);
  if (rc != HC_OK) return rc;
  for (int i = 0; i < n; i++) m->r[i] = 1u << i;
  return HC_OK;
}

int hc_gf2_check(const hc_gf2_mat *m) {
  if (m == NULL || m->rows < 0 || m->rows > HC_GF2_MAX || m->cols < 0 ||
      m->cols > HC_GF2_MAX)
    return HC_EPARAM;
  uint32_t outside = ~hc_gf2_mask(m->cols);
  for (int i = 0; i < HC_GF2_MAX; i++) {
    if (i >= m->rows && m->r[i] != 0) return HC_EPARAM;
    if ((m->r[i] & outside) != 0) return HC_EPARAM;
  }
  return HC_OK;
}

int hc_gf2_get(const hc_gf2_mat *m, int i, int j) {
  assert(m != NULL && i >= 0 && i < m->rows && j >= 0 && j < m->cols);
  return (int)((m->r[i] >> j) & 1u);
}

void hc_gf2_set(hc_gf2_mat *m, int i, int j, int v) {
  assert(m != NULL && i >= 0 && i < m->rows && j >= 0 && j < m->cols);
  if (v & 1)
    m->r[i] |= 1u << j;
  else
    m->r[i] &= ~(1u << j);
}

int hc_gf2_equal(const hc_gf2_mat *a, const hc_gf2_mat *b) {
  assert(hc_gf2_check(a) == HC_OK && hc_gf2_check(b) == HC_OK);
  if (a->rows != b->rows || a->cols != b->cols) return 0;
  for (int i = 0; i < a->rows; i++)
    if (a->r[i] != b->r[i]) return 0;
  return 1;
}

int hc_gf2_mul(const hc_gf2_mat *a, const hc_gf2_mat *b, hc_gf2_mat *out) {
  if (hc_gf2_check(a) != HC_OK || hc_gf2_check(b) != HC_OK ||
      out == NULL)
    return HC_EPARAM;
  if (a->cols != b->rows) return HC_ESIZE;
  hc_gf2_mat t;
  hc_gf2_zero(&t, a->rows, b->cols);
  /* Row i of a*b is the XOR of the rows j of b selected by row i of a. */
  for (int i = 0; i < a->rows; i++) {
    uint32_t sel = a->r[i], acc = 0;
    while (sel != 0) {
      int j = hc_hibit(sel);
      sel &= ~(1u << j);
      acc ^= b->r[j];
    }
    t.r[i] = acc;
  }
  *out = t;
  return HC_OK;
}

uint32_t hc_gf2_mulvec(const hc_gf2_mat *m, uint32_t x) {
  assert(hc_gf2_check(m) == HC_OK);
  uint32_t y = 0;
  x &= hc_gf2_mask(m->cols);
  for (int i = 0; i < m->rows; i++) y |= hc_parity(m->r[i] & x) << i;
  return y;
}

/*
** Rank of the words w[0..k-1] restricted to colmask: insert each into a
** basis indexed by leading bit (an XOR basis), counting the insertions.
*/
static int hc_rank_words(const uint32_t *w, int k, uint32_t colmask) {
  uint32_t basis[32] = {0};
  int rank = 0;
  for (int i = 0; i < k; i++) {
    uint32_t v = w[i] & colmask;
    while (v != 0) {
      int h = hc_hibit(v);
      if (basis[h] == 0) {
        basis[h] = v;
        rank++;
        break;
      }
      v ^= basis[h];
    }
  }
  return rank;
}

int hc_gf2_rank(const hc_gf2_mat *m) {
  assert(hc_gf2_check(m) == HC_OK);
  return hc_rank_words(m->r, m->rows, hc_gf2_mask(m->cols));
}

int hc_gf2_subrank(const hc_gf2_mat *m, uint32_t rowmask, uint32_t colmask) {
  assert(hc_gf2_check(m) == HC_OK);
  uint32_t w[HC_GF2_MAX];
  int k = 0;
  rowmask &= hc_gf2_mask(m->rows);
  while (rowmask != 0) {
    int i = hc_hibit(rowmask);
    rowmask &= ~(1u << i);
    w[k++] = m->r[i];
  }
  return hc_rank_words(w, k, colmask & hc_gf2_mask(m->cols));
}

int hc_gf2_inverse(const hc_gf2_mat *m, hc_gf2_mat *out) {
  if (hc_gf2_check(m) != HC_OK || out == NULL) return HC_EPARAM;
  if (m->rows != m->cols) return HC_ESIZE;
  int n = m->rows;
  uint32_t a[HC_GF2_MAX], inv[HC_GF2_MAX];
  for (int i = 0; i < n; i++) {
    a[i] = m->r[i];
    inv[i] = 1u << i;
  }
  /* Gauss-Jordan on [a | inv]: make column c a unit column with pivot c. */
  for (int c = 0; c < n; c++) {
    int p = c;
    while (p < n && ((a[p] >> c) & 1u) == 0) p++;
    if (p == n) return HC_ESINGULAR;
    uint32_t t = a[p];
    a[p] = a[c];
    a[c] = t;
    t = inv[p];
    inv[p] = inv[c];
    inv[c] = t;
    for (int i = 0; i < n; i++) {
      if (i != c && ((a[i] >> c) & 1u)) {
        a[i] ^= a[c];
        inv[i] ^= inv[c];
      }
    }
  }
  hc_gf2_zero(out, n, n);
  for (int i = 0; i < n; i++) {
    assert(a[i] == (1u << i));
    out->r[i] = inv[i];
  }
  return HC_OK;
}

int hc_gf2_transpose(const hc_gf2_mat *m, hc_gf2_mat *out) {
  if (hc_gf2_check(m) != HC_OK || out == NULL) return HC_EPARAM;
  hc_gf2_mat t;
  hc_gf2_zero(&t, m->cols, m->rows);
  for (int i = 0; i < m->rows; i++)
    for (int j = 0; j < m->cols; j++)
      if ((m->r[i] >> j) & 1u) t.r[j] |= 1u << i;
  *out = t;
  return HC_OK;
}

int hc_gf2_is_perm(const int *order, int n) {
  if (order == NULL || n < 0 || n > 32) return 0;
  uint32_t seen = 0;
  for (int k = 0; k < n; k++) {
    if (order[k] < 0 || order[k] >= n) return 0;
    if ((seen >> order[k]) & 1u) return 0;
    seen |= 1u << order[k];
  }
  return 1;
}

int hc_gf2_perm(const int *order, int n, hc_gf2_mat *q) {
  if (q == NULL || !hc_gf2_is_perm(order, n)) return HC_EPARAM;
  hc_gf2_zero(q, n, n);
  for (int k = 0; k < n; k++) q->r[k] = 1u << order[k];
  return HC_OK;
}

/*
** Replace the k vectors in v by a fully reduced basis of their span, sorted
** by increasing leading bit; return its size. "Fully reduced": the leading
** bit of each basis vector is 0 in every other one.
*/
static int hc_reduce_basis(uint32_t *v, int k) {
  uint32_t by[32] = {0};
  for (int i = 0; i < k; i++) {
    uint32_t x = v[i];
    while (x != 0) {
      int h = hc_hibit(x);
      if (by[h] == 0) {
        by[h] = x;
        break;
      }
      x ^= by[h];
    }
  }
  /* Ascending: by[h] is already free of lower leading bits when used. */
  for (int h = 0; h < 32; h++) {
    if (by[h] == 0) continue;
    for (int h2 = h + 1; h2 < 32; h2++)
      if ((by[h2] >> h) & 1u) by[h2] ^= by[h];
  }
  int d = 0;
  for (int h = 0; h < 32; h++)
    if (by[h] != 0) v[d++] = by[h];
  return d;
}

int hc_gf2_solve(const hc_gf2_mat *m, uint32_t rhs, uint32_t *x0,
                 uint32_t *basis, int *dim) {
  if (hc_gf2_check(m) != HC_OK || x0 == NULL || basis == NULL ||
      dim == NULL)
    return HC_EPARAM;
  int rows = m->rows, cols = m->cols, rank = 0;
  uint32_t a[HC_GF2_MAX], rb[HC_GF2_MAX];
  int pivcol[HC_GF2_MAX];
  for (int i = 0; i < rows; i++) {
    a[i] = m->r[i];
    rb[i] = (rhs >> i) & 1u;
  }
  uint32_t freecols = 0;
  /* Reduced row echelon form of [a | rb]. */
  for (int c = 0; c < cols; c++) {
    int p = rank;
    while (p < rows && ((a[p] >> c) & 1u) == 0) p++;
    if (p == rows) {
      freecols |= 1u << c;
      continue;
    }
    uint32_t t = a[p];
    a[p] = a[rank];
    a[rank] = t;
    t = rb[p];
    rb[p] = rb[rank];
    rb[rank] = t;
    for (int i = 0; i < rows; i++) {
      if (i != rank && ((a[i] >> c) & 1u)) {
        a[i] ^= a[rank];
        rb[i] ^= rb[rank];
      }
    }
    pivcol[rank++] = c;
  }
  for (int i = rank; i < rows; i++) {
    assert(a[i] == 0);
    if (rb[i] != 0) {
      *dim = -1;
      return HC_OK;
    }
  }
  uint32_t x = 0;
  for (int k = 0; k < rank; k++)
    if (rb[k]) x |= 1u << pivcol[k];
  int d = 0;
  for (int f = 0; f < cols; f++) {
    if (((freecols >> f) & 1u) == 0) continue;
    uint32_t v = 1u << f;
    for (int k = 0; k < rank; k++)
      if ((a[k] >> f) & 1u) v |= 1u << pivcol[k];
    basis[d++] = v;
  }
  assert(d == cols - rank);
  d = hc_reduce_basis(basis, d);
  assert(d == cols - rank);
  for (int k = 0; k < d; k++) {
    int h = hc_hibit(basis[k]);
    if ((x >> h) & 1u) x ^= basis[k];
  }
  *x0 = x;
  *dim = d;
  return HC_OK;
}

int hc_gf2_kernel_vector(const hc_gf2_mat *m, uint32_t rowmask,
                         uint32_t colmask, uint32_t *v) {
  assert(hc_gf2_check(m) == HC_OK && v != NULL);
  uint32_t basis[32] = {0}, comb[32] = {0};
  rowmask &= hc_gf2_mask(m->rows);
  colmask &= hc_gf2_mask(m->cols);
  /* Insert the columns one by one, tracking which columns make each basis
  ** vector; a column that reduces to 0 closes a dependency. */
  for (int c = 0; c < m->cols; c++) {
    if (((colmask >> c) & 1u) == 0) continue;
    uint32_t col = 0, t = 1u << c;
    for (int i = 0; i < m->rows; i++)
      if (((rowmask >> i) & 1u) && ((m->r[i] >> c) & 1u)) col |= 1u << i;
    for (;;) {
      if (col == 0) {
        *v = t;
        return 1;
      }
      int h = hc_hibit(col);
      if (basis[h] == 0) {
        basis[h] = col;
        comb[h] = t;
        break;
      }
      col ^= basis[h];
      t ^= comb[h];
    }
  }
  *v = 0;
  return 0;
}

/* A printable rendering of character c for error messages. */
static void hc_charname(char c, char *buf, size_t len) {
  unsigned char u = (unsigned char)c;
  if (u >= 0x20 && u < 0x7f)
    snprintf(buf, len, "'%c'", c);
  else
    snprintf(buf, len, "byte 0x%02x", u);
}

int hc_gf2_parse(const char *text, int rows, int cols, hc_gf2_mat *out,
                 char *err, size_t errlen) {
  hc_clrerr(err, errlen);
  if (text == NULL || out == NULL || rows < 0 || rows > HC_GF2_MAX ||
      cols < 0 || cols > HC_GF2_MAX) {
    hc_seterr(err, errlen, "invalid argument to the matrix parser");
    return HC_EPARAM;
  }
  hc_gf2_mat m;
  hc_gf2_zero(&m, 0, 0);
  int nrows = 0, ncols = -1, cur = 0, line = 1, comment = 0;
  uint32_t w = 0;
  for (const char *p = text;; p++) {
    char c = *p;
    int end_row = (c == '\0' || c == '\n' || (c == ';' && !comment));
    if (end_row) {
      if (cur > 0) {
        if (nrows == HC_GF2_MAX) {
          hc_seterr(err, errlen, "line %d: more than %d matrix rows", line,
                    HC_GF2_MAX);
          return HC_ESIZE;
        }
        if (ncols < 0) {
          ncols = cur;
        } else if (cur != ncols) {
          hc_seterr(err, errlen,
                    "row %d (line %d) has %d entries but row 1 has %d",
                    nrows + 1, line, cur, ncols);
          return HC_ESIZE;
        }
        m.r[nrows++] = w;
      }
      cur = 0;
      w = 0;
      if (c == '\0') break;
      if (c == '\n') {
        line++;
        comment = 0;
      }
      continue;
    }
    if (comment) continue;
    if (c == '#') {
      comment = 1;
    } else if (c == '0' || c == '1') {
      if (cur == HC_GF2_MAX) {
        hc_seterr(err, errlen, "row %d (line %d) has more than %d entries",
                  nrows + 1, line, HC_GF2_MAX);
        return HC_ESIZE;
      }
      if (c == '1') w |= 1u << cur;
      cur++;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == ',') {
      /* separator */
    } else {
      char name[16];
      hc_charname(c, name, sizeof name);
      hc_seterr(err, errlen,
                "row %d (line %d), entry %d: %s is not a binary entry "
                "(only 0 and 1 are allowed)",
                nrows + 1, line, cur + 1, name);
      return HC_EPARSE;
    }
  }
  if (nrows == 0) {
    hc_seterr(err, errlen, "no matrix rows in the text");
    return HC_EPARSE;
  }
  if ((rows > 0 && nrows != rows) || (cols > 0 && ncols != cols)) {
    char want[32];
    if (rows > 0 && cols > 0)
      snprintf(want, sizeof want, "%d x %d", rows, cols);
    else if (rows > 0)
      snprintf(want, sizeof want, "%d rows", rows);
    else
      snprintf(want, sizeof want, "%d columns", cols);
    hc_seterr(err, errlen, "matrix is %d x %d, expected %s", nrows, ncols,
              want);
    return HC_ESIZE;
  }
  m.rows = nrows;
  m.cols = ncols;
  assert(hc_gf2_check(&m) == HC_OK);
  *out = m;
  return HC_OK;
}

/* Value of hex digit c, or -1. */
static int hc_hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

int hc_gf2_parse_vec(const char *text, int n, uint32_t *v, char *err,
                     size_t errlen) {
  hc_clrerr(err, errlen);
  if (text == NULL || v == NULL || n < 1 || n > 32) {
    hc_seterr(err, errlen, "invalid argument to the vector parser");
    return HC_EPARAM;
  }
  const char *p = text;
  while (*p == ' ' || *p == '\t') p++;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    uint64_t val = 0;
    int digits = 0;
    for (p += 2; hc_hexval(*p) >= 0; p++, digits++) {
      val = (val << 4) | (uint64_t)hc_hexval(*p);
      if (val > 0xffffffffu) {
        char q[80]; /* the text as given, made printable: a message is one line */
        hc_seterr(err, errlen, "hex vector %s does not fit in 32 bits", hc_printable(q, sizeof q, text, strlen(text)));
        return HC_ESIZE;
      }
    }
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
    if (digits == 0 || *p != '\0') {
      char name[16];
      hc_charname(*p == '\0' ? 'x' : *p, name, sizeof name);
      hc_seterr(err, errlen, "bad hex vector: %s",
                digits == 0 ? "no digits after 0x" : name);
      return HC_EPARSE;
    }
    if ((val & ~(uint64_t)hc_gf2_mask(n)) != 0) {
      hc_seterr(err, errlen, "hex vector 0x%llx has bits at or above %d",
                (unsigned long long)val, n);
      return HC_ESIZE;
    }
    *v = (uint32_t)val;
    return HC_OK;
  }
  uint32_t w = 0;
  int cnt = 0;
  for (; *p != '\0'; p++) {
    char c = *p;
    if (c == '0' || c == '1') {
      if (cnt == 32) {
        hc_seterr(err, errlen, "vector has more than 32 entries");
        return HC_ESIZE;
      }
      if (c == '1') w |= 1u << cnt;
      cnt++;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',') {
      /* separator */
    } else {
      char name[16];
      hc_charname(c, name, sizeof name);
      hc_seterr(err, errlen,
                "vector entry %d: %s is not a binary entry (only 0 and 1 are "
                "allowed)",
                cnt + 1, name);
      return HC_EPARSE;
    }
  }
  if (cnt != n) {
    hc_seterr(err, errlen, "vector has %d entries, expected %d", cnt, n);
    return HC_ESIZE;
  }
  *v = w;
  return HC_OK;
}

int hc_gf2_format(const hc_gf2_mat *m, char *buf, size_t len) {
  if (hc_gf2_check(m) != HC_OK || buf == NULL) return HC_EPARAM;
  size_t need = (size_t)m->rows * ((size_t)m->cols + 1) + 1;
  if (len < need) {
    if (len > 0) buf[0] = '\0';
    return HC_EBUFFER;
  }
  char *q = buf;
  for (int i = 0; i < m->rows; i++) {
    for (int j = 0; j < m->cols; j++) *q++ = ((m->r[i] >> j) & 1u) ? '1' : '0';
    *q++ = '\n';
  }
  *q = '\0';
  return HC_OK;
}

int hc_gf2_format_vec(uint32_t v, int n, char *buf, size_t len) {
  if (buf == NULL || n < 0 || n > 32) return HC_EPARAM;
  if (len < (size_t)n + 1) {
    if (len > 0) buf[0] = '\0';
    return HC_EBUFFER;
  }
  for (int i = 0; i < n; i++) buf[i] = ((v >> i) & 1u) ? '1' : '0';
  buf[n] = '\0';
  return HC_OK;
}
