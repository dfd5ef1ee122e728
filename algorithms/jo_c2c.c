/*
** Conversion between consecutive and cyclic storage of Johnsson (003
** §3.3.2, Theorems 3.1-3.3), shared by the records cons2cyc, cyc2cons
** (binary encoding), cons2cyc_gray, cyc2cons_gray (Gray code encoding) and
** cons2cyc_matrix, cyc2cons_matrix (a matrix, binary encoding of rows and
** columns). docs/johnsson.md has the reading of the paper and the tables.
**
** A linear array of N = 2^n elements on the 2^d nodes (the paper's k = d,
** m = n - d, M = 2^m elements a node): consecutive storage puts element e
** on array node e >> m at local place e mod M, cyclic storage on array node
** e mod 2^d at place e >> d. Array node s is cube node s (binary) or G(s)
** (Gray). The paper's algorithm is d exchanges in dimensions 0, 1, ..., d-1
** (the induction of Thm 3.1: the two (j-1)-subcubes first, the new
** dimension last; the local unshuffles are addressing only). After the
** exchange in dimension j-1 an element sits on the node whose bits below j
** are those of its cyclic node and whose bits from j on are those of its
** consecutive node, so it crosses dimension j exactly when the two nodes
** differ in bit j; half of every node's elements do, M/2 on every link in
** every exchange. Theorem 3.3's reading for the Gray code (the two subcubes
** hold their sequences in normal and in reverse order) is the same rule
** with the Gray-coded nodes: it is the only way to change one bit per
** exchange (docs/johnsson.md).
**
** Pipelining (the paper's N/2^(d+1) + d - 1 "assuming pipelining of the
** element transfers"): every element gets a wave w in 0..M/2-1 and crosses
** dimension j in step w + j; a link must then see each wave once. The waves
** are a linear map of the element's bits (wave() below) chosen so that, on
** every link, the m - 1 bits of the element that the link does not fix map
** one to one onto the waves. Each link carries its elements in wave order,
** and the self-timed run takes exactly M/2 + d - 1 steps (the tests).
** The reverse conversion runs the same routes backwards in reverse time
** (wave M/2 - 1 - w, dimensions d-1 down to 0).
**
** The matrix (Thm 3.2): an N x N matrix, N = 2^n, on the 2^k x 2^k array of
** the 2k-cube, node (p, q) = p 2^k + q (cube dimensions 0..k-1 the column,
** k..2k-1 the row); consecutive: (i, j) on (i >> m, j >> m), cyclic: on (i
** mod 2^k, j mod 2^k), m = n - k; blocks of B x B, B = 2^m, row-major. The
** exchanges are those of the linear array on the column bits (dimensions
** 0..k-1), then on the row bits (k..2k-1); 2^(2m-1) elements a link each,
** pipelined by waves as above: 2^(2m-1) + 2k - 1 steps.
**
** Layout of a node, E elements of k words (E = M, or B^2 for the matrix):
**
** | words            | contents                                           |
** |------------------|----------------------------------------------------|
** | [0, E k)         | own data: the source storage, place r at r k       |
** | [E k, 2 E k)     | result: the target storage, place r at E k + r k   |
** | [2 E k, mem)     | scratch: one slot of k words per element relayed   |
**
** An element whose source and target node coincide does not move (single
** assignment allows no local copy): it stays in the own data and its
** result place stays 0, as the expected memory says.
*/
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "jo_gray.h"
#include "jo_route.h"

/* The geometry of one conversion. */
typedef struct c2c_geo {
  hc_jo_c2c_kind kind;
  unsigned d;     /* cube dimension */
  unsigned kc;    /* the paper's k: d, or d/2 for the matrix */
  unsigned n, m;  /* N = 2^n, m = n - kc */
  uint32_t per;   /* E: elements a node */
  uint64_t nel;   /* elements: N, or N^2 */
} c2c_geo;

static void geo_of(hc_jo_c2c_kind kind, const hc_sf_params *p, c2c_geo *g) {
  g->kind = kind;
  g->d = p->d;
  g->kc = kind == HC_JO_C2C_MATRIX ? p->d / 2 : p->d;
  g->n = hc_jo_log2_ceil(p->n);
  g->m = g->n - g->kc;
  g->per = kind == HC_JO_C2C_MATRIX ? 1u << (2 * g->m) : 1u << g->m;
  g->nel = kind == HC_JO_C2C_MATRIX ? (uint64_t)p->n * p->n : p->n;
}

int hc_jo_c2c_check(hc_jo_c2c_kind kind, hc_sf_params *p, char *why, size_t n) {
  const int mat = kind == HC_JO_C2C_MATRIX;
  if (p->d < 1 || p->d > HC_SF_MAX_D) return hc_sf_why(why, n, "d = %u: this generator takes d = 1..%u", p->d, HC_SF_MAX_D);
  if (mat && p->d % 2)
    return hc_sf_why(why, n, "d = %u: the 2^k x 2^k array needs an even d = 2k", p->d);
  if (p->m == 0) return hc_sf_why(why, n, "K = 0: an element needs at least one word");
  const unsigned kc = mat ? p->d / 2 : p->d;
  if (p->n == HC_SF_UNSET) p->n = mat ? 1u << (kc + 2) : 1u << (p->d + 3);
  if (p->n == 0 || (p->n & (p->n - 1)) || p->n < (2u << kc))
    return hc_sf_why(why, n, "N = %u: needs a power of two of at least %u (%s)", p->n, 2u << kc,
                     mat ? "the matrix order 2^n with n > k = d/2: a block of at least 2 x 2 a node"
                         : "the array's elements 2^n with n > d: at least two elements a node");
  c2c_geo g;
  geo_of(kind, p, &g);
  if (2 * g.nel * p->m > HC_SCHED_MAX_TOTAL)
    return hc_sf_why(why, n, "N = %u, K = %u: the two storages alone exceed the schedule's %llu words", p->n, p->m,
                     (unsigned long long)HC_SCHED_MAX_TOTAL);
  return HC_OK;
}

/* Bit c of v. */
static unsigned bit(uint64_t v, unsigned c) { return (unsigned)(v >> c) & 1u; }

/* The wave of linear-array element e (see the top of the file): bit c of
** the element's coordinates, c in 1..top, goes to wave bit c mod (m - 1).
** For the binary encoding the coordinates are e's bits; for the Gray code
** those of G(e), and top stops short of the bits the last exchange fixes. */
static uint32_t wave(const c2c_geo *g, uint32_t e) {
  if (g->m < 2) return 0;
  const uint32_t h = g->kind == HC_JO_C2C_GRAY ? hc_jo_gray(e) : e;
  unsigned top = g->n - 2;
  if (g->kind == HC_JO_C2C_GRAY && g->kc >= 2) top = g->n - 3;
  uint32_t w = 0;
  for (unsigned c = 1; c <= top; c++) w ^= bit(h, c) << (c % (g->m - 1));
  return w;
}

/* The wave of matrix element (i, j), 2m - 1 bits: row bit 0 to wave bit 0,
** row bit c in 1..n-2 to 1 + (c-1) mod (m-1), column bit c in 1..n-2 to
** m + c mod (m-1), column bit n-1 to bit 0. The m row bits and m-1
** column bits a column link does not fix, and the m-1 row and m column bits
** a row link does not fix, each map onto all 2m - 1 wave bits. */
static uint32_t wave_matrix(const c2c_geo *g, uint32_t i, uint32_t j) {
  uint32_t w = bit(i, 0) ^ bit(j, g->n - 1);
  if (g->m < 2) return w;
  for (unsigned c = 1; c + 2 <= g->n; c++) {
    w ^= bit(i, c) << (1 + (c - 1) % (g->m - 1));
    w ^= bit(j, c) << (g->m + c % (g->m - 1));
  }
  return w;
}

/* Source (consecutive) and target (cyclic) node and place of element e. */
static void ends(const c2c_geo *g, uint64_t e, uint32_t *src, uint32_t *sp, uint32_t *dst, uint32_t *dp,
                 uint32_t *w) {
  const uint32_t lo = (1u << g->kc) - 1;
  if (g->kind == HC_JO_C2C_MATRIX) {
    const uint32_t N = 1u << g->n, i = (uint32_t)(e / N), j = (uint32_t)(e % N), B = 1u << g->m;
    *src = ((i >> g->m) << g->kc) | (j >> g->m);
    *sp = (i % B) * B + j % B;
    *dst = ((i & lo) << g->kc) | (j & lo);
    *dp = (i >> g->kc) * B + (j >> g->kc);
    *w = wave_matrix(g, i, j);
    return;
  }
  const uint32_t x = (uint32_t)e, gray = g->kind == HC_JO_C2C_GRAY;
  *src = gray ? hc_jo_gray(x >> g->m) : x >> g->m;
  *sp = x & (g->per - 1);
  *dst = gray ? hc_jo_gray(x & lo) : x & lo;
  *dp = x >> g->kc;
  *w = wave(g, x);
}

int hc_jo_c2c_build(hc_jo_c2c_kind kind, int reverse, const hc_sf_params *p, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  c2c_geo g;
  geo_of(kind, p, &g);
  const uint32_t k = p->m, E = g.per, half = E / 2;
  hc_jo_elem *el = calloc(g.nel, sizeof *el);
  hc_jo_hop *hop = calloc(g.nel * g.d, sizeof *hop);
  int rc = HC_ENOMEM;
  if (!el || !hop) goto done;
  uint32_t nh = 0;
  for (uint64_t e = 0; e < g.nel; e++) {
    uint32_t a, ap, b, bp, w;
    ends(&g, e, &a, &ap, &b, &bp, &w);
    assert(w < half);
    if (reverse) el[e] = (hc_jo_elem){b, bp * k, (E + ap) * k, nh, 0};
    else el[e] = (hc_jo_elem){a, ap * k, (E + bp) * k, nh, 0};
    for (unsigned s = 0; s < g.d; s++) {
      const unsigned c = reverse ? g.d - 1 - s : s;
      if (bit(a ^ b, c)) hop[nh + el[e].nhops++] = (hc_jo_hop){c, reverse ? half - 1 - w : w};
    }
    nh += el[e].nhops;
  }
  if ((rc = hc_jo_route_case(p->d, k, 2 * E * k, el, (size_t)g.nel, hop, out))) goto done;
  const uint32_t mem = hc_sched_mem_words(out->sched);
  for (uint32_t x = 0; x < (1u << p->d) && !rc; x++) rc = hc_sched_case_own(out, x, 0, E * k);
  /* What the conversion means: the result place of every element that
  ** moves holds its words, taken from its source place. */
  for (uint64_t e = 0; e < g.nel && !rc; e++) {
    uint32_t a, ap, b, bp, w;
    ends(&g, e, &a, &ap, &b, &bp, &w);
    const uint32_t from = reverse ? b : a, fp = reverse ? bp : ap, to = reverse ? a : b, tp = reverse ? ap : bp;
    if (from == to) continue;
    for (uint32_t t = 0; t < k; t++)
      out->expect[(size_t)to * mem + (E + tp) * k + t] = hc_sched_tag(from, fp * k + t);
  }
done:
  free(el);
  free(hop);
  if (rc) hc_sched_case_free(out);
  return rc;
}

uint64_t hc_jo_c2c_steps(hc_jo_c2c_kind kind, const hc_sf_params *p) {
  c2c_geo g;
  geo_of(kind, p, &g);
  return g.per / 2 + g.d - 1;
}

uint64_t hc_jo_c2c_formula(hc_jo_c2c_kind kind, const hc_sf_params *p) {
  return hc_jo_c2c_steps(kind, p) * ((uint64_t)p->m + p->beta);
}

void hc_jo_c2c_lower(hc_jo_c2c_kind kind, const hc_sf_params *p, hc_sf_bound *b) {
  c2c_geo g;
  geo_of(kind, p, &g);
  hc_sf_bound_set(b, "one link of the exchange in one dimension: half a node's elements", 1,
                  (uint64_t)g.per / 2 * p->m, g.d, p->beta);
}
