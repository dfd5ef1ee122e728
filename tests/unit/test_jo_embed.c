/*
** Unit tests of Johnsson's embeddings and conversions (shared/seeds/003
** §3.1-3.3): the Gray code library (algorithms/jo_gray.c) checked edge by
** edge against Lemmas 3.1-3.3, Cors. 3.1, 3.2 and §3.2, and the schedules
** gray_loop_nn, gray2bin, bin2gray, gray_rotate and the six consecutive <->
** cyclic conversions run in the reference executor. Every expectation is
** written here from the paper: the embeddings from the lemmas' own
** constructions (the test has its own Gray code), the final data from what
** each communication means (element i ends on node i, a(i,j) where the
** other storage puts it, ...), the routing steps from the paper's
** expressions, and the structural claims (one port a node a step where the
** paper's algorithm is one exchange a step, the edge-disjoint directed
** paths of Cor. 3.3, M/2 elements on every link in every exchange of Thm
** 3.1) from the executor's timeline and the final memories.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hc_sched.h"
#include "hc_sf_algo.h"
#include "jo_gray.h"

static const uint32_t betas[] = {0, 1, 3, 7};
#define NBETA (sizeof betas / sizeof betas[0])

/* The paper's code, written here: g_j = i_j XOR i_(j-1) (§3.1.2). */
static uint32_t tg(uint32_t i) { return i ^ (i >> 1); }

static unsigned popc(uint32_t v) {
  unsigned n = 0;
  for (; v; v &= v - 1) n++;
  return n;
}

/* ------------------------------------------------------- the Gray code */

/* Both definitions of §3.1.2: G(n+1) = 0G(n) then 1G(n) reflected, and
** G(n+1) = G_0 0, G_0 1, G_1 1, G_1 0, G_2 0, ...; the transition sequence
** T(n+1) = T(n), n, T(n); decoding i_j = the parity of g above j. */
static void test_gray_code(void **state) {
  (void)state;
  for (unsigned n = 1; n <= 14; n++) {
    const uint32_t h = 1u << (n - 1);
    for (uint32_t i = 0; i < (1u << n); i++) {
      const uint32_t refl = i < h ? tg(i) : (h | tg(2 * h - 1 - i));
      assert_int_equal(hc_jo_gray(i), refl);
      const uint32_t alt = (tg(i >> 1) << 1) | ((i & 1) ^ ((i >> 1) & 1));
      assert_int_equal(hc_jo_gray(i), alt);
      assert_int_equal(hc_jo_gray_inv(hc_jo_gray(i)), i);
      uint32_t dec = 0;
      for (unsigned j = 0; j < n; j++) dec |= (uint32_t)(popc(hc_jo_gray(i) >> j) & 1) << j;
      assert_int_equal(dec, i);
      if (i + 1 < (1u << n)) {
        const uint32_t t = hc_jo_gray(i) ^ hc_jo_gray(i + 1);
        assert_int_equal(popc(t), 1);
        /* T(n): the transition in the middle is bit n-1, the halves repeat T(n-1) */
        if (i + 1 == h) assert_int_equal(t, h);
        else if (i >= h) assert_int_equal(t, hc_jo_gray(i - h) ^ hc_jo_gray(i + 1 - h));
      }
    }
  }
  uint32_t x = 1;
  for (unsigned t = 0; t < 100000; t++, x = x * 1664525u + 1013904223u) {
    assert_int_equal(hc_jo_gray_inv(hc_jo_gray(x)), x);
    assert_int_equal(popc(hc_jo_gray(x) ^ hc_jo_gray(x + 1)), 1);
  }
}

/* ------------------------------------------------------------- loops */

/* The loop embedding of the lemmas' proofs, for 2^(n-1) < len <= 2^n:
** Lemma 3.1 (len = 2^(n-1) + 2k): 0 .. 2^(n-1)+k-1 on G(i), the rest on
** G(2^n - k) ..; Lemma 3.2 (len = 2^(n-1) + 2k + 1): 0 .. 2^(n-1)+k on
** G(i), the rest on G(2^n - k) ... */
static uint32_t lemma_node(unsigned n, uint32_t len, uint32_t i) {
  const uint32_t h = 1u << (n - 1);
  const uint32_t k = (len - h) / 2, first = len % 2 ? h + k + 1 : h + k;
  return i < first ? tg(i) : tg((1u << n) - k + (i - first));
}

/* Lemmas 3.1 and 3.2 edge by edge, every length 2^(n-1) < len <= 2^n for
** n = 2..11: the embedding is the lemmas', one to one into the n-cube,
** every edge of length 1 for even len, and for odd len exactly one edge of
** length 2, the one from loop node 2^(n-1) + k. */
static void test_loop_lemmas(void **state) {
  (void)state;
  uint8_t *seen = malloc(1u << 11);
  assert_non_null(seen);
  for (unsigned n = 2; n <= 11; n++)
    for (uint32_t len = (1u << (n - 1)) + 1; len <= (1u << n); len++) {
      assert_int_equal(hc_jo_log2_ceil(len), n);
      memset(seen, 0, 1u << n);
      unsigned long2 = 0;
      uint32_t at2 = UINT32_MAX;
      for (uint32_t i = 0; i < len; i++) {
        const uint32_t x = hc_jo_loop_node(len, i), y = hc_jo_loop_node(len, (i + 1) % len);
        assert_int_equal(x, lemma_node(n, len, i));
        assert_true(x < (1u << n));
        assert_int_equal(seen[x]++, 0);
        const unsigned dist = popc(x ^ y);
        assert_true(dist == 1 || dist == 2);
        if (dist == 2) long2++, at2 = i;
      }
      if (len % 2 == 0) {
        assert_int_equal(long2, 0);
        assert_int_equal(hc_jo_loop_long_edge(len), UINT32_MAX);
      } else {
        const uint32_t k = (len - (1u << (n - 1)) - 1) / 2;
        assert_int_equal(long2, 1);
        assert_int_equal(at2, (1u << (n - 1)) + k);
        assert_int_equal(hc_jo_loop_long_edge(len), at2);
      }
    }
  free(seen);
}

/* Extend the path[0..len-1] of distinct nodes of the n-cube by cube edges;
** returns 1 if it can be closed into a loop of total nodes. */
static int dfs_loop(unsigned n, uint32_t *path, unsigned len, unsigned total, uint32_t used) {
  if (len == total) return popc(path[len - 1] ^ path[0]) == 1;
  for (unsigned c = 0; c < n; c++) {
    const uint32_t y = path[len - 1] ^ (1u << c);
    if (used & (1u << y)) continue;
    path[len] = y;
    if (dfs_loop(n, path, len + 1, total, used | (1u << y))) return 1;
  }
  return 0;
}

/* Lemma 3.2's first part: no loop of odd length embeds with dilation 1,
** by exhaustive search in the 2-, 3- and 4-cube (every odd length that
** fits); and every even length from 4 does (Lemma 3.1). */
static void test_loop_odd_impossible(void **state) {
  (void)state;
  uint32_t path[16];
  for (unsigned n = 2; n <= 4; n++)
    for (unsigned len = 3; len <= (1u << n); len++) {
      path[0] = 0;
      assert_int_equal(dfs_loop(n, path, 1, len, 1u), len % 2 == 0);
    }
}

/* Lemma 3.3: G(i) and G(i + 2^k mod 2^n) differ in exactly bit k-1 and bit
** s, s the highest bit the addition changes (the carry stops at s, or the
** top bit n-1 on a wrap), for k > 0; in one bit for k = 0. */
static void test_lemma33(void **state) {
  (void)state;
  for (unsigned n = 1; n <= 12; n++)
    for (unsigned k = 0; k < n; k++)
      for (uint32_t i = 0; i < (1u << n); i++) {
        const uint32_t j = (i + (1u << k)) & ((1u << n) - 1), diff = hc_jo_gray(i) ^ hc_jo_gray(j);
        unsigned s = 31;
        while (!(((i ^ j) >> s) & 1)) s--;
        if (k == 0) assert_int_equal(popc(diff), 1);
        else assert_int_equal(diff, (1u << (k - 1)) | (1u << s));
      }
}

/* Cor. 3.1: on the grid of level l (every 2^l-th point of a Gray-coded
** line) neighbours are 2 edges apart for l >= 1, 1 edge on the finest.
** Cor. 3.2: of the n 2^(n-1) butterflies (i, i + 2^k, bit k of i 0) all
** those of the n - 1 stages k >= 1 cross 2 edges, only stage 0's cross 1:
** (n-1) 2^(n-1) of length 2 and 2^(n-1) of length 1. */
static void test_cors_31_32(void **state) {
  (void)state;
  for (unsigned n = 1; n <= 12; n++) {
    const uint32_t nn = 1u << n;
    for (unsigned l = 0; l < n; l++)
      for (uint32_t p = 0; p + (1u << l) < nn; p += 1u << l)
        assert_int_equal(popc(hc_jo_gray(p) ^ hc_jo_gray(p + (1u << l))), l ? 2 : 1);
    uint64_t one = 0, two = 0;
    for (unsigned k = 0; k < n; k++)
      for (uint32_t i = 0; i < nn; i++) {
        if ((i >> k) & 1) continue;
        const unsigned dist = popc(hc_jo_gray(i) ^ hc_jo_gray(i + (1u << k)));
        assert_true(dist == 1 || dist == 2);
        dist == 1 ? one++ : two++;
      }
    assert_int_equal(one, nn / 2);
    assert_int_equal(two, (uint64_t)(n - 1) * (nn / 2));
  }
}

/* ------------------------------------------------------------- meshes */

/* §3.2 edge by edge: an N_1 x ... x N_r mesh takes sum ceil(log2 N_a)
** dimensions, one to one; every mesh edge has length 1; on a torus every
** wrap-around edge too where the axis is even, and an odd axis has exactly
** one edge of length 2 on each of its lines (Lemma 3.2); axis a gets its
** own dimensions, axis 0 the lowest. The expansion 2^dims / prod N_a is 1
** for powers of two and below 2^r. */
static void mesh_case(unsigned r, const uint32_t *len) {
  unsigned dims = 0;
  uint64_t points = 1;
  for (unsigned a = 0; a < r; a++) {
    unsigned b = 0;
    while ((1u << b) < len[a]) b++;
    dims += b;
    points *= len[a];
  }
  assert_int_equal(hc_jo_mesh_dim(r, len), dims);
  const uint64_t cube = 1ull << dims;
  assert_true(cube < points << r);
  uint8_t *seen = calloc(cube, 1);
  assert_non_null(seen);
  for (int wrap = 0; wrap <= 1; wrap++) {
    memset(seen, 0, cube);
    uint64_t twos[8] = {0};
    uint32_t c[8] = {0}, e[8];
    for (uint64_t q = 0; q < points; q++) {
      uint64_t t = q;
      for (unsigned a = 0; a < r; a++) c[a] = (uint32_t)(t % len[a]), t /= len[a];
      const uint32_t x = hc_jo_mesh_node(r, len, c, wrap);
      assert_true(x < cube);
      assert_int_equal(seen[x]++, 0);
      for (unsigned a = 0; a < r; a++) {
        if (!wrap && c[a] + 1 == len[a]) continue;
        if (len[a] < 3 && c[a] + 1 == len[a]) continue; /* a loop of 2 has one edge */
        memcpy(e, c, sizeof e);
        e[a] = (c[a] + 1) % len[a];
        const unsigned dist = popc(x ^ hc_jo_mesh_node(r, len, e, wrap));
        if (dist == 2) twos[a]++;
        else assert_int_equal(dist, 1);
      }
    }
    for (unsigned a = 0; a < r; a++)
      assert_int_equal(twos[a], wrap && len[a] % 2 && len[a] > 2 ? points / len[a] : 0);
  }
  free(seen);
}

static void test_mesh(void **state) {
  (void)state;
  static const uint32_t m44[] = {4, 4}, m35[] = {3, 5}, m563[] = {5, 6, 3}, m88[] = {8, 8}, m2x[] = {2, 7, 2, 9},
                        m1[] = {13}, m999[] = {9, 9, 9};
  mesh_case(2, m44);
  mesh_case(2, m35);
  mesh_case(3, m563);
  mesh_case(2, m88);
  mesh_case(4, m2x);
  mesh_case(1, m1);
  mesh_case(3, m999);
  /* Fig. 2's 4 x 4 mesh in a 4-cube: columns on dimensions 0 and 1 here (the
  ** figure interleaves them; any assignment of dimensions to axes works) */
  assert_int_equal(hc_jo_mesh_dim(2, m44), 4);
  for (uint32_t i = 0; i < 4; i++)
    for (uint32_t j = 0; j < 4; j++) {
      const uint32_t c[2] = {j, i};
      assert_int_equal(hc_jo_mesh_node(2, m44, c, 0), tg(i) << 2 | tg(j));
    }
}

/* -------------------------------------------------- running schedules */

/* Check and build algorithm name at (d, K, N or DST); validated. */
static const hc_sf_algo *build(const char *name, unsigned d, uint32_t k, uint32_t n, uint32_t dst, hc_sf_params *p,
                               hc_sched_case *c) {
  const hc_sf_algo *a = hc_sf_algo_find(name);
  assert_non_null(a);
  char why[256] = "";
  hc_sf_params_init(p, d, k, 0);
  p->n = n;
  p->dst = dst;
  if (a->check(p, why, sizeof why)) fail_msg("%s d=%u K=%u N=%u DST=%u refused: %s", name, d, k, n, dst, why);
  assert_int_equal(a->build(p, c), HC_OK);
  hc_sched_err e;
  if (hc_sched_validate(c->sched, &e)) fail_msg("%s d=%u K=%u N=%u: %s", name, d, k, n, e.msg);
  return a;
}

/* Run at beta: the generator's expectation met, the executor equal to the
** critical path, the time steps (K + beta) with steps the paper's count
** written by the caller, and the record's fields agreeing. */
static void run(const hc_sf_algo *a, hc_sf_params *p, const hc_sched_case *c, uint32_t beta, uint64_t steps,
                hc_exec_result *r) {
  hc_sched_err e;
  p->beta = beta;
  assert_int_equal(hc_sched_exec(c->sched, beta, c->init, r, &e), HC_OK);
  uint32_t bn = 0, ba = 0;
  if (hc_sched_case_check(c, r->mem, &bn, &ba))
    fail_msg("%s d=%u K=%u N=%u beta=%u: data differ at node %u word %u", a->name, p->d, p->m, p->n, beta, bn, ba);
  uint64_t cp = 0;
  assert_int_equal(hc_sched_critical_path(c->sched, beta, &cp, &e), HC_OK);
  assert_int_equal(cp, r->cycles);
  const uint64_t want = steps * ((uint64_t)p->m + beta);
  if (r->cycles != want)
    fail_msg("%s d=%u K=%u N=%u DST=%u beta=%u: %llu cycles, paper %llu steps = %llu", a->name, p->d, p->m, p->n,
             p->dst, beta, (unsigned long long)r->cycles, (unsigned long long)steps, (unsigned long long)want);
  assert_int_equal(a->paper_steps(p), steps);
  assert_int_equal(a->steps_constant, 0);
  assert_int_equal(a->constant, 0);
  assert_int_equal(hc_sf_expected(a, p), want);
  hc_sf_bound b;
  a->lower(p, &b);
  assert_true(r->cycles >= b.cycles);
}

/* The final words at node x, addr .. addr+k-1, are own words a .. a+k-1 of
** node s. */
static void expect_words(const hc_sched_case *c, const hc_exec_result *r, uint32_t x, uint32_t addr, uint32_t s,
                         uint32_t a, uint32_t k) {
  const uint32_t mem = hc_sched_mem_words(c->sched);
  for (uint32_t t = 0; t < k; t++)
    if (r->mem[(size_t)x * mem + addr + t] != hc_sched_tag(s, a + t))
      fail_msg("node %u word %u: not word %u of node %u", x, addr + t, a + t, s);
}

/* A packet's sender and busy cycles. */
typedef struct busy {
  uint32_t node;
  uint64_t start, finish;
} busy;

static int busy_cmp(const void *a, const void *b) {
  const busy *x = a, *y = b;
  if (x->node != y->node) return x->node < y->node ? -1 : 1;
  return x->start < y->start ? -1 : x->start > y->start;
}

/* How many times some node has two outgoing packets whose busy cycles
** overlap (0: one port a node at any time). */
static size_t port_overlaps(const hc_sched_case *c, const hc_exec_result *r) {
  const size_t np = hc_sched_num_packets(c->sched);
  busy *b = malloc((np ? np : 1) * sizeof *b);
  assert_non_null(b);
  for (size_t i = 0; i < np; i++) {
    hc_packet_info a;
    hc_sched_packet(c->sched, i, &a);
    b[i] = (busy){a.node, r->start[i], r->finish[i]};
  }
  qsort(b, np, sizeof *b, busy_cmp);
  size_t over = 0;
  for (size_t i = 1; i < np; i++)
    if (b[i].node == b[i - 1].node && b[i].start < b[i - 1].finish) over++;
  free(b);
  return over;
}

/* The packets on each directed link, counted into cnt[node * d + dim]. */
static void link_counts(const hc_sched_case *c, uint32_t *cnt) {
  const unsigned d = hc_sched_dim(c->sched);
  memset(cnt, 0, (size_t)hc_sched_nodes(c->sched) * d * sizeof *cnt);
  for (size_t i = 0; i < hc_sched_num_packets(c->sched); i++) {
    hc_packet_info a;
    hc_sched_packet(c->sched, i, &a);
    cnt[(size_t)a.node * d + a.dim]++;
  }
}

/* The own word a tag came from (tags of distinct words differ: a hash). */
typedef struct origin {
  uint32_t tag, node, addr;
} origin;

static int origin_cmp(const void *a, const void *b) {
  const origin *x = a, *y = b;
  return x->tag < y->tag ? -1 : x->tag > y->tag;
}

/* Every directed link carries the elements of one source node only (Cor.
** 3.3: the directed routing paths are edge disjoint): the source of a
** packet is read from the words it left at the receiver, traced back to
** the own data they were. own_words: the own data of every node, from 0. */
static void edge_disjoint(const hc_sched_case *c, const hc_exec_result *r, uint32_t own_words) {
  const uint32_t nodes = hc_sched_nodes(c->sched), mem = hc_sched_mem_words(c->sched);
  const unsigned d = hc_sched_dim(c->sched);
  origin *o = malloc((size_t)nodes * own_words * sizeof *o);
  uint32_t *src = malloc((size_t)nodes * d * sizeof *src);
  assert_non_null(o);
  assert_non_null(src);
  for (uint32_t x = 0; x < nodes; x++)
    for (uint32_t a = 0; a < own_words; a++) o[(size_t)x * own_words + a] = (origin){hc_sched_tag(x, a), x, a};
  qsort(o, (size_t)nodes * own_words, sizeof *o, origin_cmp);
  for (size_t i = 0; i < (size_t)nodes * d; i++) src[i] = UINT32_MAX;
  for (size_t i = 0; i < hc_sched_num_packets(c->sched); i++) {
    hc_packet_info pi;
    hc_sched_packet(c->sched, i, &pi);
    const uint32_t y = pi.node ^ (1u << pi.dim);
    const origin key = {r->mem[(size_t)y * mem + pi.scatter[0].addr], 0, 0};
    const origin *f = bsearch(&key, o, (size_t)nodes * own_words, sizeof *o, origin_cmp);
    assert_non_null(f);
    uint32_t *s = &src[(size_t)pi.node * d + pi.dim];
    if (*s != UINT32_MAX && *s != f->node)
      fail_msg("link %u dim %u carries elements of nodes %u and %u", pi.node, pi.dim, *s, f->node);
    *s = f->node;
  }
  free(o);
  free(src);
}

/* ---------------------------------------------------- gray_loop_nn */

/* The lengths of loops tried at d: every one for d <= 5, else a few. */
static unsigned loop_lengths(unsigned d, uint32_t *len) {
  const uint32_t h = 1u << (d - 1);
  unsigned n = 0;
  if (d <= 5) {
    for (uint32_t l = h + 1; l <= 2 * h; l++) len[n++] = l;
    return n;
  }
  const uint32_t pick[] = {h + 1, h + 2, h + h / 2 + 1, 2 * h - 2, 2 * h - 1, 2 * h};
  for (unsigned i = 0; i < 6; i++) len[n++] = pick[i];
  return n;
}

/* Every loop node ends with both neighbours' elements (placed by the
** lemmas), in 1 step for even N and 2 for odd N; no link carries two. */
static void test_loop_nn(void **state) {
  (void)state;
  uint32_t len[32], cnt[8 << 8];
  for (unsigned d = 2; d <= 8; d++) {
    const unsigned nl = loop_lengths(d, len);
    for (unsigned li = 0; li < nl; li++)
      for (uint32_t k = 1; k <= 3; k += 2) {
        const uint32_t N = len[li];
        hc_sf_params p;
        hc_sched_case c;
        const hc_sf_algo *a = build("gray_loop_nn", d, k, N, HC_SF_UNSET, &p, &c);
        assert_int_equal(hc_sched_num_packets(c.sched), 2 * N + 2 * (N % 2));
        link_counts(&c, cnt);
        for (size_t l = 0; l < ((size_t)d << d); l++) assert_true(cnt[l] <= 1);
        for (unsigned b = 0; b < NBETA; b++) {
          hc_exec_result r;
          run(a, &p, &c, betas[b], N % 2 ? 2 : 1, &r);
          for (uint32_t i = 0; i < N; i++) {
            const uint32_t x = lemma_node(d, N, i);
            expect_words(&c, &r, x, k, lemma_node(d, N, (i + N - 1) % N), 0, k);
            expect_words(&c, &r, x, 2 * k, lemma_node(d, N, (i + 1) % N), 0, k);
          }
          hc_exec_result_free(&r);
        }
        hc_sched_case_free(&c);
      }
  }
}

/* -------------------------------------------- gray2bin and bin2gray */

/* Entry i (M elements of K words) ends on node i (gray2bin) or G(i)
** (bin2gray), in n + M - 2 steps; one port a node at M = 1 (Lemma 3.4's
** exchanges); the directed paths edge disjoint (Cor. 3.3); the top
** dimension never used. */
static void g2b_case(int reverse, unsigned d, uint32_t M, uint32_t k) {
  hc_sf_params p;
  hc_sched_case c;
  const hc_sf_algo *a = build(reverse ? "bin2gray" : "gray2bin", d, k, M << d, HC_SF_UNSET, &p, &c);
  for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
    hc_packet_info pi;
    hc_sched_packet(c.sched, i, &pi);
    assert_true(pi.dim < d - 1);
    assert_int_equal(pi.words, k);
  }
  for (unsigned b = 0; b < NBETA; b++) {
    hc_exec_result r;
    run(a, &p, &c, betas[b], d + M - 2, &r);
    for (uint32_t i = 0; i < (1u << d); i++) {
      const uint32_t from = reverse ? i : tg(i), to = reverse ? tg(i) : i;
      if (from == to) expect_words(&c, &r, to, 0, from, 0, M * k);
      else expect_words(&c, &r, to, M * k, from, 0, M * k);
    }
    if (M == 1) assert_int_equal(port_overlaps(&c, &r), 0);
    else if (d >= 3) assert_true(port_overlaps(&c, &r) > 0);
    if (b == 0) edge_disjoint(&c, &r, M * k);
    hc_exec_result_free(&r);
  }
  hc_sched_case_free(&c);
}

static void test_gray2bin(void **state) {
  (void)state;
  static const uint32_t ms[] = {1, 2, 3, 5};
  for (unsigned d = 2; d <= 8; d++)
    for (unsigned i = 0; i < 4; i++)
      for (uint32_t k = 1; k <= 2; k++) g2b_case(0, d, ms[i], k);
}

static void test_bin2gray(void **state) {
  (void)state;
  static const uint32_t ms[] = {1, 2, 3, 5};
  for (unsigned d = 2; d <= 8; d++)
    for (unsigned i = 0; i < 4; i++)
      for (uint32_t k = 1; k <= 2; k++) g2b_case(1, d, ms[i], k);
}

/* Table I of the paper (4-bit Gray code to binary, reflections on bits 2,
** 1, 0): after the exchange in dimension j every element sits on a node
** whose bits from j on are its binary ones. Checked from the packets of
** gray2bin at d = 4: the packet that crosses dimension j from node x
** carries an element i with x's bits above j equal to i's, and bit j+1 of
** x is 1. The links are self-timed, so an element that skips a dimension
** moves on at once: it crosses its h-th dimension in step h (the paper's
** synchronous steps would hold it back; the count, 3, is the same). */
static void test_gray2bin_table1(void **state) {
  (void)state;
  hc_sf_params p;
  hc_sched_case c;
  const hc_sf_algo *a = build("gray2bin", 4, 1, 16, HC_SF_UNSET, &p, &c);
  hc_exec_result r;
  run(a, &p, &c, 0, 3, &r);
  const uint32_t mem = hc_sched_mem_words(c.sched);
  unsigned per_dim[4] = {0};
  for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
    hc_packet_info pi;
    hc_sched_packet(c.sched, i, &pi);
    const uint32_t y = pi.node ^ (1u << pi.dim), w = r.mem[(size_t)y * mem + pi.scatter[0].addr];
    uint32_t e = 16;
    for (uint32_t j = 0; j < 16; j++)
      if (hc_sched_tag(tg(j), 0) == w) e = j;
    assert_true(e < 16);
    assert_int_equal(pi.node >> (pi.dim + 1), e >> (pi.dim + 1));
    assert_int_equal((pi.node >> (pi.dim + 1)) & 1, 1);
    assert_int_equal(r.finish[i] / (p.m + p.beta), 1 + popc((e >> 1) >> (pi.dim + 1)));
    per_dim[pi.dim]++;
  }
  /* half of the 16 entries cross bit 2 (i_3 = 1), half bit 1, half bit 0 */
  assert_int_equal(per_dim[2], 8);
  assert_int_equal(per_dim[1], 8);
  assert_int_equal(per_dim[0], 8);
  assert_int_equal(per_dim[3], 0);
  hc_exec_result_free(&r);
  hc_sched_case_free(&c);
}

/* ------------------------------------------------------- gray_rotate */

/* Element j ends on node G(j + a), in 2 popcount(a) - (a mod 2) steps,
** every node sending exactly one element in every step. */
static void rot_case(unsigned d, uint32_t amount, uint32_t k) {
  hc_sf_params p;
  hc_sched_case c;
  const hc_sf_algo *a = build("gray_rotate", d, k, HC_SF_UNSET, amount, &p, &c);
  const uint32_t nodes = 1u << d;
  const uint64_t steps = 2 * popc(amount) - (amount & 1);
  assert_int_equal(hc_sched_num_packets(c.sched), nodes * steps);
  for (unsigned b = 0; b < NBETA; b++) {
    hc_exec_result r;
    run(a, &p, &c, betas[b], steps, &r);
    for (uint32_t j = 0; j < nodes; j++) expect_words(&c, &r, tg((j + amount) % nodes), k, tg(j), 0, k);
    assert_int_equal(port_overlaps(&c, &r), 0);
    uint32_t *per = calloc((size_t)nodes * steps, sizeof *per);
    assert_non_null(per);
    for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
      hc_packet_info pi;
      hc_sched_packet(c.sched, i, &pi);
      const uint64_t s = r.start[i] / (k + betas[b]);
      assert_int_equal(r.start[i] % (k + betas[b]), 0);
      assert_true(s < steps);
      per[pi.node * steps + s]++;
    }
    for (size_t i = 0; i < nodes * steps; i++) assert_int_equal(per[i], 1);
    free(per);
    hc_exec_result_free(&r);
  }
  hc_sched_case_free(&c);
}

static void test_gray_rotate(void **state) {
  (void)state;
  for (unsigned d = 1; d <= 8; d++) {
    const uint32_t nodes = 1u << d;
    if (d <= 4) {
      for (uint32_t a = 1; a < nodes; a++) rot_case(d, a, d % 2 + 1);
      continue;
    }
    const uint32_t pick[] = {1, 2, 3, nodes / 2, nodes - 1, 0x55u & (nodes - 1), 0xAAu & (nodes - 1), 6};
    for (unsigned i = 0; i < 8; i++)
      for (uint32_t k = 1; k <= 2; k++) rot_case(d, pick[i], k);
  }
}

/* ---------------------------------------------------- gray_rotate_refl */

/*
** The rotation by reflections on edge-disjoint minimal paths: element j
** ends on node G(j + a); every element crosses exactly |G(j) ^ G(j + a)|
** links (its minimal number, 003 §3.1.4), no directed link carries two
** elements, and the rotation takes the longest of them, computed here;
** never more than gray_rotate's 2 popcount(a) - (a mod 2). d = 1..5, every
** amount.
*/
static void refl_case(unsigned d, uint32_t amount, uint32_t k) {
  hc_sf_params p;
  hc_sched_case c;
  const hc_sf_algo *a = build("gray_rotate_refl", d, k, HC_SF_UNSET, amount, &p, &c);
  const uint32_t nodes = 1u << d;
  uint64_t hops = 0, far = 0;
  for (uint32_t j = 0; j < nodes; j++) {
    const uint64_t h = popc(tg(j) ^ tg((j + amount) % nodes));
    hops += h;
    if (h > far) far = h;
  }
  assert_int_equal(hc_sched_num_packets(c.sched), hops);
  assert_true(far <= d && far <= 2 * popc(amount) - (amount & 1));
  uint32_t *cnt = malloc(((size_t)d << d) * sizeof *cnt);
  assert_non_null(cnt);
  link_counts(&c, cnt);
  for (size_t l = 0; l < ((size_t)d << d); l++) assert_true(cnt[l] <= 1); /* edge-disjoint */
  free(cnt);
  for (unsigned b = 0; b < NBETA; b += 2) {
    hc_exec_result r;
    run(a, &p, &c, betas[b], far, &r);
    for (uint32_t j = 0; j < nodes; j++) expect_words(&c, &r, tg((j + amount) % nodes), k, tg(j), 0, k);
    hc_exec_result_free(&r);
  }
  hc_sched_case_free(&c);
}

static void test_gray_rotate_refl(void **state) {
  (void)state;
  for (unsigned d = 1; d <= 5; d++)
    for (uint32_t a = 1; a < (1u << d); a++) refl_case(d, a, 1 + a % 2);
  /* the paper's example: a rotation by 3, elements 0 and 1 routed lowest
  ** dimension first, share the directed edge G(0) -> G(0) ^ 2 */
  assert_int_equal(tg(0) ^ tg(3), 2); /* element 0: node 0 -> 2 across dimension 1 */
  assert_int_equal(tg(1) ^ tg(4), 7); /* element 1 from node 1: across 0 into node 0, then 0 -> 2 across 1 */
}

/* --------------------------------------- consecutive <-> cyclic storage */

/* Element e of the linear array: consecutive on array node e / M at place
** e mod M, cyclic on array node e mod 2^d at place e / 2^d; array node s
** on cube node s or G(s). */
static void c2c_case(int gray, int reverse, unsigned d, uint32_t N, uint32_t k) {
  static const char *names[2][2] = {{"cons2cyc", "cyc2cons"}, {"cons2cyc_gray", "cyc2cons_gray"}};
  hc_sf_params p;
  hc_sched_case c;
  const hc_sf_algo *a = build(names[gray][reverse], d, k, N, HC_SF_UNSET, &p, &c);
  const uint32_t nodes = 1u << d, M = N / nodes;
  uint32_t *cnt = malloc(((size_t)d << d) * sizeof *cnt);
  assert_non_null(cnt);
  link_counts(&c, cnt);
  for (size_t l = 0; l < ((size_t)d << d); l++) assert_int_equal(cnt[l], M / 2); /* Thm 3.1: 2^(m-1) a link */
  free(cnt);
  for (unsigned b = 0; b < NBETA; b++) {
    hc_exec_result r;
    run(a, &p, &c, betas[b], N / (2 * nodes) + d - 1, &r);
    for (uint32_t e = 0; e < N; e++) {
      uint32_t cons = e / M, cyc = e % nodes;
      if (gray) cons = tg(cons), cyc = tg(cyc);
      const uint32_t from = reverse ? cyc : cons, fp = reverse ? e / nodes : e % M;
      const uint32_t to = reverse ? cons : cyc, tp = reverse ? e % M : e / nodes;
      if (from == to) expect_words(&c, &r, to, fp * k, from, fp * k, k);
      else expect_words(&c, &r, to, (M + tp) * k, from, fp * k, k);
    }
    if (d >= 2) assert_true(port_overlaps(&c, &r) > 0); /* all ports, as the theorems assume */
    hc_exec_result_free(&r);
  }
  hc_sched_case_free(&c);
}

static void c2c_all(int gray, int reverse) {
  for (unsigned d = 1; d <= 8; d++)
    for (unsigned x = 1; x <= 4; x++) {
      if (d >= 7 && x > 3) continue;
      c2c_case(gray, reverse, d, 1u << (d + x), x % 2 + 1);
    }
}

static void test_cons2cyc(void **state) {
  (void)state;
  c2c_all(0, 0);
}

static void test_cyc2cons(void **state) {
  (void)state;
  c2c_all(0, 1);
}

static void test_cons2cyc_gray(void **state) {
  (void)state;
  c2c_all(1, 0);
}

static void test_cyc2cons_gray(void **state) {
  (void)state;
  c2c_all(1, 1);
}

/* Cor. 3.5: a 2^d x 2^d matrix in column-major order, column j on node j
** (element j 2^d + i of the array is a(i, j)), is transposed by the
** conversion to cyclic storage, N = 4^d: a(i, j) ends on node i at place
** j, in 2^(d-1) + d - 1 steps. */
static void test_cor35_transpose(void **state) {
  (void)state;
  for (unsigned d = 1; d <= 5; d++) {
    hc_sf_params p;
    hc_sched_case c;
    const uint32_t n = 1u << d;
    const hc_sf_algo *a = build("cons2cyc", d, 1, n * n, HC_SF_UNSET, &p, &c);
    hc_exec_result r;
    run(a, &p, &c, 3, (n / 2) + d - 1, &r);
    for (uint32_t i = 0; i < n; i++)
      for (uint32_t j = 0; j < n; j++)
        if (i != j) expect_words(&c, &r, i, n + j, j, i, 1);
    hc_exec_result_free(&r);
    hc_sched_case_free(&c);
  }
}

/* Thm 3.2: element (i, j) of the N x N matrix, consecutive on array node
** (i / B, j / B) at place (i mod B, j mod B), cyclic on (i mod 2^k, j mod
** 2^k) at place (i / 2^k, j / 2^k); node (p, q) = p 2^k + q, places row
** major; 2^(2(n-k)-1) elements on every link; 2^(2(n-k)-1) + 2k - 1 steps. */
static void mat_case(int reverse, unsigned d, unsigned n, uint32_t k) {
  hc_sf_params p;
  hc_sched_case c;
  const unsigned kc = d / 2, m = n - kc;
  const uint32_t N = 1u << n, B = 1u << m, lo = (1u << kc) - 1, E = B * B;
  const hc_sf_algo *a = build(reverse ? "cyc2cons_matrix" : "cons2cyc_matrix", d, k, N, HC_SF_UNSET, &p, &c);
  uint32_t *cnt = malloc(((size_t)d << d) * sizeof *cnt);
  assert_non_null(cnt);
  link_counts(&c, cnt);
  for (size_t l = 0; l < ((size_t)d << d); l++) assert_int_equal(cnt[l], E / 2);
  free(cnt);
  for (unsigned b = 0; b < NBETA; b += 2) {
    hc_exec_result r;
    run(a, &p, &c, betas[b], E / 2 + 2 * kc - 1, &r);
    for (uint32_t i = 0; i < N; i++)
      for (uint32_t j = 0; j < N; j++) {
        const uint32_t cons = (i >> m) << kc | (j >> m), cp = (i % B) * B + j % B;
        const uint32_t cyc = (i & lo) << kc | (j & lo), yp = (i >> kc) * B + (j >> kc);
        const uint32_t from = reverse ? cyc : cons, fp = reverse ? yp : cp;
        const uint32_t to = reverse ? cons : cyc, tp = reverse ? cp : yp;
        if (from == to) expect_words(&c, &r, to, fp * k, from, fp * k, k);
        else expect_words(&c, &r, to, (E + tp) * k, from, fp * k, k);
      }
    hc_exec_result_free(&r);
  }
  hc_sched_case_free(&c);
}

static void test_cons2cyc_matrix(void **state) {
  (void)state;
  for (unsigned d = 2; d <= 8; d += 2)
    for (unsigned x = 1; x <= 3; x++) {
      if (d == 8 && x > 2) continue;
      mat_case(0, d, d / 2 + x, x == 2 ? 2 : 1);
    }
}

static void test_cyc2cons_matrix(void **state) {
  (void)state;
  for (unsigned d = 2; d <= 8; d += 2)
    for (unsigned x = 1; x <= 3; x++) {
      if (d == 8 && x > 2) continue;
      mat_case(1, d, d / 2 + x, x == 2 ? 2 : 1);
    }
}

/* ----------------------------------------------------- bad parameters */

/* check() refuses with HC_EPARAM and one sentence. */
static void refused(const char *name, unsigned d, uint32_t k, uint32_t n, uint32_t dst) {
  const hc_sf_algo *a = hc_sf_algo_find(name);
  assert_non_null(a);
  hc_sf_params p;
  hc_sf_params_init(&p, d, k, 3);
  p.n = n;
  p.dst = dst;
  char why[256] = "";
  if (a->check(&p, why, sizeof why) != HC_EPARAM) fail_msg("%s d=%u K=%u N=%u DST=%u accepted", name, d, k, n, dst);
  assert_true(strlen(why) > 10);
  assert_null(strchr(why, '\n'));
}

/* check() accepts and fills the default N (or DST). */
static void defaults(const char *name, unsigned d, uint32_t n, uint32_t dst) {
  const hc_sf_algo *a = hc_sf_algo_find(name);
  hc_sf_params p;
  hc_sf_params_init(&p, d, 1, 3);
  assert_int_equal(a->check(&p, NULL, 0), HC_OK);
  assert_int_equal(p.n, n);
  assert_int_equal(p.dst, dst);
}

static void test_bad_params(void **state) {
  (void)state;
  const uint32_t U = HC_SF_UNSET;
  refused("gray_loop_nn", 1, 1, U, U);
  refused("gray_loop_nn", 4, 1, 8, U);   /* 2^(d-1): use d = 3 */
  refused("gray_loop_nn", 4, 1, 17, U);
  refused("gray_loop_nn", 4, 0, 16, U);
  refused("gray2bin", 1, 1, U, U);
  refused("gray2bin", 4, 1, 24, U);      /* not a multiple of 16 */
  refused("bin2gray", 3, 1, 0, U);
  refused("gray_rotate_refl", 6, 1, U, 1); /* the routes are known up to d = 5 */
  refused("gray_rotate_refl", 3, 1, U, 8);
  refused("gray_rotate", 3, 1, U, 0);
  refused("gray_rotate", 3, 1, U, 8);
  refused("gray_rotate", 3, 0, U, 1);
  refused("cons2cyc", 3, 1, 8, U);       /* N = 2^d: one element a node */
  refused("cons2cyc", 3, 1, 48, U);      /* not a power of two */
  refused("cyc2cons_gray", 2, 1, 4, U);
  refused("cons2cyc_gray", 0, 1, U, U);
  refused("cons2cyc_matrix", 3, 1, 8, U); /* odd d */
  refused("cons2cyc_matrix", 4, 1, 4, U); /* N = 2^k */
  refused("cyc2cons_matrix", 4, 1, 12, U);
  refused("cons2cyc", 3, 1u << 20, 1u << 10, U); /* above the schedule's memory */
  defaults("gray_loop_nn", 5, 32, U);
  defaults("gray2bin", 5, 32, U);
  defaults("gray_rotate", 5, U, 1);
  defaults("cons2cyc", 5, 256, U);
  defaults("cyc2cons_gray", 3, 64, U);
  defaults("cons2cyc_matrix", 4, 16, U);
}

int main(void) {
  const struct CMUnitTest gray[] = {
      cmocka_unit_test(test_gray_code),
      cmocka_unit_test(test_lemma33),
      cmocka_unit_test(test_cors_31_32),
  };
  const struct CMUnitTest loops[] = {
      cmocka_unit_test(test_loop_lemmas),
      cmocka_unit_test(test_loop_odd_impossible),
      cmocka_unit_test(test_mesh),
  };
  const struct CMUnitTest loop_nn[] = {cmocka_unit_test(test_loop_nn)};
  const struct CMUnitTest g2b[] = {cmocka_unit_test(test_gray2bin), cmocka_unit_test(test_gray2bin_table1)};
  const struct CMUnitTest b2g[] = {cmocka_unit_test(test_bin2gray)};
  const struct CMUnitTest rot[] = {cmocka_unit_test(test_gray_rotate)};
  const struct CMUnitTest refl[] = {cmocka_unit_test(test_gray_rotate_refl)};
  const struct CMUnitTest c2c[] = {cmocka_unit_test(test_cons2cyc), cmocka_unit_test(test_cor35_transpose)};
  const struct CMUnitTest y2c[] = {cmocka_unit_test(test_cyc2cons)};
  const struct CMUnitTest c2cg[] = {cmocka_unit_test(test_cons2cyc_gray)};
  const struct CMUnitTest y2cg[] = {cmocka_unit_test(test_cyc2cons_gray)};
  const struct CMUnitTest c2cm[] = {cmocka_unit_test(test_cons2cyc_matrix)};
  const struct CMUnitTest y2cm[] = {cmocka_unit_test(test_cyc2cons_matrix)};
  const struct CMUnitTest bad[] = {cmocka_unit_test(test_bad_params)};
  int fails = 0;
  fails += cmocka_run_group_tests_name("jo_gray", gray, NULL, NULL);
  fails += cmocka_run_group_tests_name("jo_loop_mesh", loops, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_gray_loop_nn", loop_nn, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_gray2bin", g2b, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_bin2gray", b2g, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_gray_rotate", rot, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_gray_rotate_refl", refl, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_cons2cyc", c2c, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_cyc2cons", y2c, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_cons2cyc_matrix", c2cm, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_cyc2cons_matrix", y2cm, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_cons2cyc_gray", c2cg, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_cyc2cons_gray", y2cg, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_jo_embed_params", bad, NULL, NULL);
  return fails ? 1 : 0;
}
