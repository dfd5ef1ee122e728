/*
** cmocka tests of Johnsson (shared/seeds/003) §3.4 and §4: the complete
** binary tree embeddings (Theorems 3.4-3.7, Lemmas 3.6-3.8; algorithms/
** jo_tree.c), the spanning binomial tree broadcast and Lemma 3.5 (sbt,
** sbt_seq), the schedules on the embedded trees (cbt_inorder_bcast,
** cbt_inorder_reduce, cbt_interior, cbt_bcast, cbt_reduce),
** and the transposes of §4 (transpose_bin, transpose_gray, transpose_mesh,
** transpose_torus). One group per algorithm or lemma.
**
** Every expectation is computed here from the paper: tree shapes from a
** heap-ordered tree labelled by an in-order walk, step counts from the
** paper's expressions, final memories from the tags (what a broadcast or a
** transpose means), arrival times from the executor's start and finish
** cycles. One step is K + beta cycles (one element of K words on a link).
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
#include "jo_tree.h"

static const uint32_t betas[] = {0, 1, 3, 7};
#define NBETAS (sizeof betas / sizeof betas[0])

static unsigned popc(uint32_t v) {
  unsigned n = 0;
  for (; v; v &= v - 1) n++;
  return n;
}

static uint32_t gray(uint32_t i) { return i ^ (i >> 1); }

/* Check, build, validate and run p through a; the executor agrees with the
** critical path and the data with the generator's expectation. */
static void build_run(const hc_sf_algo *a, hc_sf_params *p, hc_sched_case *c, hc_exec_result *r) {
  char why[400];
  if (a->check(p, why, sizeof why)) fail_msg("%s d=%u k=%u: check: %s", a->name, p->d, p->m, why);
  assert_int_equal(a->build(p, c), HC_OK);
  hc_sched_err e;
  if (hc_sched_validate(c->sched, &e)) fail_msg("%s: validate: %s", a->name, e.msg);
  if (hc_sched_exec(c->sched, p->beta, c->init, r, &e)) fail_msg("%s: exec: %s", a->name, e.msg);
  uint64_t cp = 0;
  assert_int_equal(hc_sched_critical_path(c->sched, p->beta, &cp, &e), HC_OK);
  assert_int_equal(r->cycles, cp);
  uint32_t bx = 0, ba = 0;
  if (hc_sched_case_check(c, r->mem, &bx, &ba))
    fail_msg("%s d=%u k=%u beta=%u: data differ at node %u word %u", a->name, p->d, p->m, p->beta, bx, ba);
}

/* The measured steps are `want` (the paper's count written in the test):
** the run takes want (K + beta) cycles, and the record says so too. */
static void check_steps(const hc_sf_algo *a, const hc_sf_params *p, const hc_exec_result *r, uint64_t want) {
  const uint64_t u = (uint64_t)p->m + p->beta;
  if (r->cycles != want * u)
    fail_msg("%s d=%u N=%u k=%u beta=%u: %llu cycles = %.2f steps, paper %llu", a->name, p->d, p->n, p->m, p->beta,
             (unsigned long long)r->cycles, (double)r->cycles / (double)u, (unsigned long long)want);
  assert_int_equal(a->paper_steps(p), want);
  assert_int_equal(a->steps_constant, 0);
  assert_int_equal(hc_sf_expected(a, p), want * u);
  hc_sf_bound b;
  a->lower(p, &b);
  assert_true(r->cycles >= b.cycles);
}

/* Word w of node x's final memory equals the tag of word a of node s. */
static void want_word(const hc_sched_case *c, const hc_exec_result *r, uint32_t x, uint32_t w, uint32_t s, uint32_t a) {
  const uint32_t mw = hc_sched_mem_words(c->sched);
  if (r->mem[(size_t)x * mw + w] != hc_sched_tag(s, a))
    fail_msg("node %u word %u: want node %u's word %u", x, w, s, a);
}

/* The most packets a node sends at once (from the executor's timeline). */
static unsigned max_ports(const hc_sched_case *c, const hc_exec_result *r, int incoming) {
  const size_t np = hc_sched_num_packets(c->sched);
  unsigned most = 0;
  for (size_t i = 0; i < np; i++) {
    hc_packet_info pi, pj;
    hc_sched_packet(c->sched, i, &pi);
    const uint32_t xi = incoming ? pi.node ^ (1u << pi.dim) : pi.node;
    unsigned n = 0;
    for (size_t j = 0; j < np; j++) {
      hc_sched_packet(c->sched, j, &pj);
      const uint32_t xj = incoming ? pj.node ^ (1u << pj.dim) : pj.node;
      if (xj == xi && r->start[j] <= r->start[i] && r->start[i] < r->finish[j]) n++;
    }
    if (n > most) most = n;
  }
  return most;
}

/* ===================================================== tree embeddings */

/*
** The test's own tree of n levels: heap nodes 1..2^n-1, in[h] = the
** inorder label of h by an in-order walk (left subtree, node, right).
*/
static void inorder_walk(uint32_t h, uint32_t nodes, uint32_t *in, uint32_t *next) {
  if (h >= nodes) return;
  inorder_walk(2 * h, nodes, in, next);
  in[h] = (*next)++;
  inorder_walk(2 * h + 1, nodes, in, next);
}

static uint32_t *inorder_labels(unsigned n) {
  const uint32_t nodes = 1u << n;
  uint32_t *in = calloc(nodes, sizeof *in), next = 0;
  assert_non_null(in);
  inorder_walk(1, nodes, in, &next);
  assert_int_equal(next, nodes - 1);
  return in;
}

/*
** Theorem 3.4 (binary encoding): parent and left child at distance 1,
** parent and right child at distance 2, the two children at distance 1.
** Theorem 3.5 (Gray encoding): a leaf at distance 1 from its parent, every
** other node at distance 2; the two children of a node at distance 2. Both
** one-to-one into the n-cube. The Remark: inorder-successive nodes at
** distance 1 under the Gray code. n = 1..14; also the library's inorder
** arithmetic (height, children) against the walk.
*/
static void test_inorder(void **state) {
  (void)state;
  for (unsigned n = 1; n <= 14; n++) {
    const uint32_t nodes = 1u << n;
    uint32_t *in = inorder_labels(n), *bin = malloc(nodes * sizeof *bin), *gr = malloc(nodes * sizeof *gr);
    uint8_t *seen = calloc(2 * (size_t)nodes, 1);
    assert_non_null(bin);
    assert_non_null(gr);
    assert_non_null(seen);
    hc_jt_cbt_inorder(n, 0, bin);
    hc_jt_cbt_inorder(n, 1, gr);
    for (uint32_t h = 1; h < nodes; h++) {
      const uint32_t t = in[h];
      assert_true(bin[t] < nodes && gr[t] < nodes);
      assert_int_equal(seen[bin[t]]++, 0);
      assert_int_equal(seen[nodes + gr[t]]++, 0);
      if (2 * h >= nodes) { /* a leaf */
        assert_int_equal(hc_jt_in_height(t), 0);
        continue;
      }
      const uint32_t l = in[2 * h], r = in[2 * h + 1];
      assert_int_equal(hc_jt_in_left(t), l);
      assert_int_equal(hc_jt_in_right(t), r);
      assert_int_equal(hc_jt_dist(bin[t], bin[l]), 1);
      assert_int_equal(hc_jt_dist(bin[t], bin[r]), 2);
      assert_int_equal(hc_jt_dist(bin[l], bin[r]), 1);
      const unsigned leafkids = 4 * h >= nodes;
      assert_int_equal(hc_jt_dist(gr[t], gr[l]), leafkids ? 1 : 2);
      assert_int_equal(hc_jt_dist(gr[t], gr[r]), leafkids ? 1 : 2);
      assert_int_equal(hc_jt_dist(gr[l], gr[r]), 2);
    }
    for (uint32_t t = 0; t + 2 < nodes; t++) assert_int_equal(hc_jt_dist(gr[t], gr[t + 1]), 1);
    free(in);
    free(bin);
    free(gr);
    free(seen);
  }
}

/*
** Theorem 3.6: after the exchange, interior node 2j+1 is at processor
** G(j) 2 + 1 (Table II, the Gray code written here), so the interior nodes
** lie in the odd subcube and form there the Gray-embedded tree of n-1
** levels (Theorem 3.5's distances once more, with inorder label j);
** every node moved at most one hop, across dimension 0, between an even
** processor holding an odd node and its odd neighbour; one-to-one.
*/
static void test_interior(void **state) {
  (void)state;
  for (unsigned n = 2; n <= 14; n++) {
    const uint32_t nodes = (1u << n) - 1;
    uint32_t *img = malloc(nodes * sizeof *img), *in = inorder_labels(n - 1), moved = 0;
    uint8_t *seen = calloc((size_t)nodes + 1, 1);
    assert_non_null(img);
    assert_non_null(seen);
    const uint32_t senders = hc_jt_cbt_interior(n, img);
    for (uint32_t t = 0; t < nodes; t++) {
      assert_int_equal(seen[img[t]]++, 0);
      if (img[t] != gray(t)) {
        moved++;
        assert_int_equal(img[t] ^ gray(t), 1); /* across dimension 0 */
        const uint32_t even = img[t] & ~1u;
        assert_int_equal((gray(t) == even) ? t & 1u : !(t & 1u), 1); /* the even processor held the odd node */
      }
      if (t & 1u) assert_int_equal(img[t], (gray((t - 1) / 2) << 1) | 1u);
    }
    assert_int_equal(moved, senders);
    assert_int_equal(moved, n >= 3 ? (1u << (n - 1)) - 2 : 0);
    /* the interior tree in the odd subcube, with its own inorder labels */
    for (uint32_t h = 1; 2 * h < (1u << (n - 1)); h++) {
      const uint32_t t = 2 * in[h] + 1, l = 2 * in[2 * h] + 1, r = 2 * in[2 * h + 1] + 1;
      const unsigned leafkids = 4 * h >= (1u << (n - 1));
      assert_int_equal(hc_jt_dist(img[t] >> 1, img[l] >> 1), leafkids ? 1 : 2);
      assert_int_equal(hc_jt_dist(img[t] >> 1, img[r] >> 1), leafkids ? 1 : 2);
    }
    free(img);
    free(in);
    free(seen);
  }
}

/*
** The test's own reading of the labelling of §3.4.2.2, with the neighbour
** "immediately to the right" of the parent taken to the right (the paper's
** words, rightward = +1 with wrap to the first) or, to show that the choice
** matters, to the left. lab[h] as in jo_tree.h.
*/
static void my_labels(unsigned n, int rightward, uint8_t *lab) {
  memset(lab, 0, 1u << n);
  lab[2] = 2, lab[3] = 1;
  if (n >= 3) lab[4] = 0, lab[5] = 3, lab[6] = 2, lab[7] = 3;
  for (unsigned i = 3; i < n; i++) {
    const uint32_t lo = 1u << (i - 2), hi = 1u << (i - 1); /* level i-1 is lo..hi-1 */
    for (uint32_t h = hi; h < 2 * hi; h++) {
      const uint32_t par = h / 2;
      lab[2 * h + 1] = (uint8_t)(i + 1);
      uint32_t q = rightward ? (par + 1 < hi ? par + 1 : lo) : (par > lo ? par - 1 : hi - 1);
      lab[2 * h] = (h % 2 == 0) ? lab[2 * par + 1] : lab[2 * q];
    }
  }
}

/* Is the embedding from labels one-to-one? */
static int injective(unsigned n, const uint8_t *lab) {
  const uint32_t nodes = 1u << n;
  uint32_t *addr = calloc(nodes, sizeof *addr);
  uint8_t *seen = calloc(2 * (size_t)nodes, 1);
  assert_non_null(addr);
  assert_non_null(seen);
  int ok = 1;
  seen[0] = 1;
  for (uint32_t h = 2; h < nodes && ok; h++) {
    addr[h] = addr[h / 2] ^ (1u << lab[h]);
    ok = addr[h] < 2 * nodes && !seen[addr[h]]++;
  }
  free(addr);
  free(seen);
  return ok;
}

/*
** Theorem 3.7: the library's labelling is the paper's (the test's reading),
** every tree edge joins cube neighbours (dilation 1), the 2^n - 1 nodes go
** one-to-one into the (n+1)-cube, n = 2..16. Reading "to the right" the
** other way round is not an embedding from n = 5 on.
*/
static void test_dil1(void **state) {
  (void)state;
  for (unsigned n = 2; n <= 16; n++) {
    const uint32_t nodes = 1u << n;
    uint8_t *lab = malloc(nodes), *mine = malloc(nodes);
    uint32_t *addr = malloc(nodes * sizeof *addr);
    assert_non_null(lab);
    assert_non_null(mine);
    assert_non_null(addr);
    hc_jt_cbt_dil1(n, lab, addr);
    my_labels(n, 1, mine);
    assert_memory_equal(lab + 2, mine + 2, nodes - 2);
    assert_int_equal(addr[1], 0);
    for (uint32_t h = 2; h < nodes; h++) {
      assert_int_equal(popc(addr[h] ^ addr[h / 2]), 1);
      assert_true(lab[h] <= n);
    }
    assert_true(injective(n, lab));
    my_labels(n, 0, mine);
    assert_int_equal(injective(n, mine), n < 5);
    free(lab);
    free(mine);
    free(addr);
  }
}

/* Is heap node g in the subtree of h? */
static int below(uint32_t g, uint32_t h) {
  while (g > h) g /= 2;
  return g == h;
}

/* The path from h down to g (g below h) as a string of 'l' and 'r'. */
static void path_of(uint32_t h, uint32_t g, char *buf) {
  size_t n = 0;
  char tmp[40];
  for (; g > h; g /= 2) tmp[n++] = (g & 1u) ? 'r' : 'l';
  for (size_t i = 0; i < n; i++) buf[i] = tmp[n - 1 - i];
  buf[n] = 0;
}

/* Does s have the form r l* r l? */
static int rl_star_rl(const char *s) {
  size_t n = strlen(s);
  if (n < 3 || s[0] != 'r' || s[n - 2] != 'r' || s[n - 1] != 'l') return 0;
  for (size_t i = 1; i + 2 < n; i++)
    if (s[i] != 'l') return 0;
  return 1;
}

/*
** Lemmas 3.6-3.8 on the library's labelling, n = 3..12. 3.6: consecutive
** left-edges between levels i and i+1 never carry the same label (also
** cyclically). 3.7: the label of the left-edge of a node at level i >= 2
** is on no other edge of its subtree; at the root it is not so (its
** left-edge label 2 is copied into both subtrees: the root's edges are
** labelled by the special rule, and the lemma's proof needs two nodes at
** the level). 3.8: the label i + 1 of the right-edge of a node p at level
** i >= 2 appears in p's right subtree exactly on the last edges of the
** paths from p of the form r l* r l.
*/
static void test_lemmas(void **state) {
  (void)state;
  for (unsigned n = 3; n <= 12; n++) {
    const uint32_t nodes = 1u << n;
    uint8_t *lab = malloc(nodes);
    uint32_t *addr = malloc(nodes * sizeof *addr);
    assert_non_null(lab);
    assert_non_null(addr);
    hc_jt_cbt_dil1(n, lab, addr);
    for (unsigned i = 1; i < n; i++) { /* 3.6: left-edges are lab[2h] for h on level i */
      const uint32_t lo = 1u << (i - 1), hi = 1u << i;
      for (uint32_t h = lo; h + 1 < hi; h++) assert_int_not_equal(lab[2 * h], lab[2 * h + 2]);
      if (hi - lo > 1) assert_int_not_equal(lab[2 * lo], lab[2 * (hi - 1)]);
    }
    int root_reuses = 0;
    for (uint32_t h = 1; 2 * h < nodes; h++) { /* 3.7: edges into g for g below h, g != 2h */
      for (uint32_t g = 2 * h + 1; g < nodes; g++)
        if (below(g, h) && lab[g] == lab[2 * h]) {
          if (h == 1) root_reuses = 1;
          else fail_msg("n=%u: left-edge label of heap node %u reused at %u", n, h, g);
        }
    }
    assert_true(root_reuses);
    for (uint32_t h = 2; 2 * h < nodes; h++) { /* 3.8 for p = h at level i >= 2 */
      unsigned i = 0;
      for (uint32_t v = h; v; v >>= 1) i++;
      assert_int_equal(lab[2 * h + 1], i + 1);
      char path[40];
      for (uint32_t g = 2 * h + 1; g < nodes; g++) {
        if (!below(g, 2 * h + 1)) continue;
        path_of(h, g, path);
        assert_int_equal(lab[g] == i + 1, g == 2 * h + 1 || rl_star_rl(path));
      }
    }
    free(lab);
    free(addr);
  }
}

/* ============================================================== SBT */

/*
** Algorithm SBT: n steps (the paper's count, d here). The tree is the
** binomial one: every node other than the root receives once, from the
** node with the highest bit (relative to the root) in which it differs
** from the root cleared, i.e. over that bit's dimension; in the paper's
** steps (dimension k in step k + 1) a node so uses one port per step. The
** hardware is self-timed: nothing makes a node wait between its sends, so
** a node sends to all its children at once (the root on d links: checked)
** and node y receives in step |y ^ root|, its distance (Lemma 3.5's "all
** nodes at distance k in k routing steps"); the last, the node opposite the
** root, in step d either way. d = 1..10, K = 1, 3, every beta, three roots.
*/
static void test_sbt(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_sbt;
  for (unsigned d = 1; d <= HC_SF_MAX_D; d++)
    for (uint32_t k = 1; k <= 3; k += 2)
      for (size_t bi = 0; bi < NBETAS; bi++) {
        const uint32_t src = (d * 2654435761u) & ((1u << d) - 1);
        hc_sf_params p;
        hc_sf_params_init(&p, d, k, betas[bi]);
        p.src = src;
        hc_sched_case c;
        hc_exec_result r;
        build_run(a, &p, &c, &r);
        check_steps(a, &p, &r, d);
        const uint64_t u = (uint64_t)k + betas[bi];
        assert_int_equal(r.packets, (1u << d) - 1);
        for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
          hc_packet_info pi;
          hc_sched_packet(c.sched, i, &pi);
          const uint32_t y = pi.node ^ (1u << pi.dim), z = y ^ src;
          unsigned top = 0;
          while (z >> (top + 1)) top++;
          assert_int_equal(pi.dim, top);
          assert_int_equal(r.finish[i], popc(z) * u);
        }
        for (uint32_t y = 0; y < (1u << d); y++)
          for (uint32_t w = 0; w < k; w++) want_word(&c, &r, y, w, src, w);
        if (d <= 6) {
          assert_int_equal(max_ports(&c, &r, 0), d);
          assert_int_equal(max_ports(&c, &r, 1), 1);
        }
        hc_exec_result_free(&r);
        hc_sched_case_free(&c);
      }
  hc_sf_params p;
  hc_sf_params_init(&p, 3, 0, 3);
  assert_int_equal(a->check(&p, NULL, 0), HC_EPARAM);
  hc_sf_params_init(&p, 3, 2, 3);
  p.src = 8;
  assert_int_equal(a->check(&p, NULL, 0), HC_EPARAM);
}

/*
** The arrival time at node y of each source's element: the finish of the
** packet that writes slot i of y, or, at y = G(i) itself, the start of its
** first packet of slot i (its distribution). arr[y * N + i].
*/
static uint64_t *arrivals(const hc_sched_case *c, const hc_exec_result *r, uint32_t N, uint32_t k) {
  const uint32_t nodes = hc_sched_nodes(c->sched);
  uint64_t *arr = malloc((size_t)nodes * N * sizeof *arr);
  assert_non_null(arr);
  for (size_t i = 0; i < (size_t)nodes * N; i++) arr[i] = UINT64_MAX;
  for (size_t i = 0; i < hc_sched_num_packets(c->sched); i++) {
    hc_packet_info pi;
    hc_sched_packet(c->sched, i, &pi);
    const uint32_t y = pi.node ^ (1u << pi.dim), s = pi.scatter[0].addr / k, g = pi.gather[0].addr / k;
    if (s < N) {
      assert_int_equal(arr[(size_t)y * N + s], UINT64_MAX); /* delivered once */
      arr[(size_t)y * N + s] = r->finish[i];
    }
    if (pi.node == gray(g) && g < N && r->start[i] < arr[(size_t)pi.node * N + g])
      arr[(size_t)pi.node * N + g] = r->start[i];
  }
  return arr;
}

/* Strictly increasing arrivals at every node? */
static int in_order(const uint64_t *arr, uint32_t nodes, uint32_t N) {
  for (uint32_t y = 0; y < nodes; y++)
    for (uint32_t i = 0; i + 1 < N; i++)
      if (!(arr[(size_t)y * N + i] < arr[(size_t)y * N + i + 1])) return 0;
  return 1;
}

/* A copy of the case's schedule without the packets that scatter into slot
** `drop` (the acknowledgements), with the same own data. */
static hc_sched *without_slot(const hc_sched_case *c, uint32_t drop, uint32_t k) {
  hc_sched *s;
  assert_int_equal(hc_sched_new(hc_sched_dim(c->sched), hc_sched_mem_words(c->sched), &s), HC_OK);
  for (size_t i = 0; i < hc_sched_num_own(c->sched); i++) {
    uint32_t x;
    hc_seg g;
    hc_sched_own(c->sched, i, &x, &g);
    assert_int_equal(hc_sched_add_own(s, x, g.addr, g.len), HC_OK);
  }
  for (size_t i = 0; i < hc_sched_num_packets(c->sched); i++) {
    hc_packet_info pi;
    hc_sched_packet(c->sched, i, &pi);
    if (pi.scatter[0].addr / k == drop) continue;
    assert_int_equal(hc_sched_add_packet(s, pi.node, pi.dim, pi.gather, pi.ngather, pi.scatter, pi.nscatter), HC_OK);
  }
  return s;
}

/*
** Lemma 3.5: N successive broadcasts from G(0), ..., G(N-1) arrive at every
** node in the order of distribution (strictly increasing arrival times),
** in 2(N-1) + d steps: source i starts in step 2i + 1 and a node at
** distance k from G(i) receives in step 2i + k (the proof's timing, checked
** packet by packet). All ports: a source sends on all d links at once.
** Packets: N (2^d - 1) tree edges and N - 1 acknowledgements. Without the
** acknowledgements the self-timed hardware lets sources start early and the
** order breaks (d >= 2, N >= 3): the test can fail.
*/
static void test_sbt_seq(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_sbt_seq;
  for (unsigned d = 1; d <= 8; d++) {
    const uint32_t all = 1u << d, Ns[] = {1, 2, 3, all / 2 + 1, all};
    for (size_t ni = 0; ni < sizeof Ns / sizeof Ns[0]; ni++)
      for (size_t bi = 0; bi < NBETAS; bi += (d > 6 ? 3 : 1)) {
        const uint32_t N = Ns[ni], k = 1 + (uint32_t)(ni % 2);
        if (N > all) continue;
        hc_sf_params p;
        hc_sf_params_init(&p, d, k, betas[bi]);
        p.n = N;
        hc_sched_case c;
        hc_exec_result r;
        build_run(a, &p, &c, &r);
        check_steps(a, &p, &r, 2ull * (N - 1) + d);
        const uint64_t u = (uint64_t)k + betas[bi];
        assert_int_equal(r.packets, (uint64_t)N * (all - 1) + N - 1);
        uint64_t *arr = arrivals(&c, &r, N, k);
        assert_true(in_order(arr, all, N));
        for (uint32_t y = 0; y < all; y++)
          for (uint32_t i = 0; i < N; i++) {
            const unsigned dist = popc(y ^ gray(i));
            assert_int_equal(arr[(size_t)y * N + i], (2ull * i + dist) * u);
            for (uint32_t w = 0; w < k; w++) want_word(&c, &r, y, i * k + w, gray(i), i * k + w);
          }
        if (d <= 5 && N == all) assert_int_equal(max_ports(&c, &r, 0), d);
        free(arr);
        if (d >= 2 && N >= 3 && betas[bi] == 0) {
          hc_sched *s = without_slot(&c, N, k);
          hc_exec_result r2;
          assert_int_equal(hc_sched_exec(s, p.beta, c.init, &r2, NULL), HC_OK);
          hc_sched *keep = c.sched;
          c.sched = s;
          uint64_t *arr2 = arrivals(&c, &r2, N, k);
          assert_false(in_order(arr2, all, N));
          c.sched = keep;
          free(arr2);
          hc_exec_result_free(&r2);
          hc_sched_free(s);
        }
        hc_exec_result_free(&r);
        hc_sched_case_free(&c);
      }
  }
  hc_sf_params p;
  hc_sf_params_init(&p, 3, 2, 3);
  p.n = 9;
  assert_int_equal(a->check(&p, NULL, 0), HC_EPARAM);
  p.n = 0;
  assert_int_equal(a->check(&p, NULL, 0), HC_EPARAM);
  p.n = HC_SF_UNSET;
  assert_int_equal(a->check(&p, NULL, 0), HC_OK);
  assert_int_equal(p.n, 8);
}

/* ======================================================== tree schedules */

/*
** The broadcast down the Gray-embedded inorder tree (Theorem 3.5), d = n =
** 2..10, edge by edge: every tree node receives the root's element once in
** slot 0, from its parent's node (a leaf) or from a neighbour of its
** parent's node that received it from there (any other child: the edge's
** two hops), at step 2 depth - [leaf] (its arrival from the executor's
** finish times); the packets are the tree's hops, 2^(n-1) leaf edges of
** one and 2^(n-1) - 2 edges of two; 2n - 3 steps (the deepest leaf); the
** root sends on two links at once. Also the route's order: with the lower
** dimension first the two paths out of the root collide.
*/
static void test_cbt_inorder_bcast(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_cbt_inorder_bcast;
  for (unsigned d = 2; d <= HC_SF_MAX_D; d++)
    for (size_t bi = 0; bi < NBETAS; bi += (d > 7 ? 3 : 1)) {
      const uint32_t nodes = 1u << d, k = 1 + d % 3, leaves = nodes / 2;
      hc_sf_params p;
      hc_sf_params_init(&p, d, k, betas[bi]);
      hc_sched_case c;
      hc_exec_result r;
      build_run(a, &p, &c, &r);
      check_steps(a, &p, &r, 2ull * d - 3);
      assert_int_equal(r.packets, leaves + 2ull * (leaves - 2));
      uint32_t *in = inorder_labels(d), *heap_of = calloc(nodes, sizeof *heap_of);
      assert_non_null(heap_of);
      for (uint32_t h = 1; h < nodes; h++) heap_of[gray(in[h])] = h;
      const uint64_t u = (uint64_t)k + betas[bi], mw = hc_sched_mem_words(c.sched);
      uint32_t got = 0;
      for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
        hc_packet_info pi;
        hc_sched_packet(c.sched, i, &pi);
        const uint32_t y = pi.node ^ (1u << pi.dim);
        if (pi.scatter[0].addr != 0) continue; /* a relay hop */
        const uint32_t h = heap_of[y], par = gray(in[h / 2]);
        assert_true(h >= 2);
        unsigned depth = 0;
        for (uint32_t v = h; v > 1; v >>= 1) depth++;
        const int leaf = 2 * h >= nodes;
        if (leaf) assert_int_equal(pi.node, par);
        else assert_int_equal(popc(pi.node ^ par), 1);
        assert_int_equal(r.finish[i], (2ull * depth - leaf) * u);
        for (uint32_t w = 0; w < k; w++) want_word(&c, &r, y, w, gray(in[1]), w);
        got++;
      }
      assert_int_equal(got, nodes - 2); /* every node but the root, once */
      (void)mw;
      if (d >= 3 && d <= 7) assert_int_equal(max_ports(&c, &r, 0), 2);
      free(in);
      free(heap_of);
      hc_exec_result_free(&r);
      hc_sched_case_free(&c);
    }
  for (unsigned n = 3; n <= 12; n++) { /* the two paths out of the root, lowest dimension first */
    const uint32_t t = (1u << (n - 1)) - 1, l = t - (1u << (n - 2)), rr = t + (1u << (n - 2));
    const uint32_t dl = gray(t) ^ gray(l), dr = gray(t) ^ gray(rr);
    assert_int_equal(popc(dl), 2);
    assert_int_equal(popc(dr), 2);
    assert_int_equal(dl & -dl, dr & -dr); /* same lowest dimension: one link, one step */
    unsigned dims[32];
    assert_int_equal(hc_jt_in_route(gray(t), gray(l), dims), 2);
    assert_true(dims[0] > dims[1]);
  }
  hc_sf_params p;
  hc_sf_params_init(&p, 1, 2, 3);
  assert_int_equal(a->check(&p, NULL, 0), HC_EPARAM);
}

/*
** The sum up the same tree (combining): 2n - 3 steps; one combining packet
** into slot 0 for each of the tree's 2^n - 2 edges and one plain copy into
** a relay slot for each of the 2^(n-1) - 2 edges of two hops;
** every tree node ends with the sum of the tags of its subtree (from the
** heap walk here). d = 2..10.
*/
static void test_cbt_inorder_reduce(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_cbt_inorder_reduce;
  for (unsigned d = 2; d <= HC_SF_MAX_D; d++)
    for (size_t bi = 0; bi < NBETAS; bi += (d > 7 ? 3 : 1)) {
      const uint32_t nodes = 1u << d, k = 1 + d % 2, leaves = nodes / 2;
      hc_sf_params p;
      hc_sf_params_init(&p, d, k, betas[bi]);
      hc_sched_case c;
      hc_exec_result r;
      build_run(a, &p, &c, &r);
      check_steps(a, &p, &r, 2ull * d - 3);
      uint64_t adds = 0, copies = 0;
      for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
        hc_packet_info pi;
        hc_sched_packet(c.sched, i, &pi);
        if (pi.op == HC_SCHED_ADD) adds++, assert_int_equal(pi.scatter[0].addr, 0);
        else copies++, assert_true(pi.scatter[0].addr != 0);
      }
      assert_int_equal(adds, nodes - 2);
      assert_int_equal(copies, leaves - 2);
      uint32_t *in = inorder_labels(d);
      const uint32_t mw = hc_sched_mem_words(c.sched);
      for (uint32_t h = 1; h < nodes; h++)
        for (uint32_t w = 0; w < k; w++) {
          uint32_t sum = 0;
          for (uint32_t lo = h, hi = h; lo < nodes; lo = 2 * lo, hi = 2 * hi + 1)
            for (uint32_t g = lo; g <= hi; g++) sum += hc_sched_tag(gray(in[g]), w);
          assert_int_equal(r.mem[(size_t)gray(in[h]) * mw + w], sum);
        }
      free(in);
      hc_exec_result_free(&r);
      hc_sched_case_free(&c);
    }
}

/*
** Theorem 3.6 as data movement: one step, one packet per sending node, all
** across dimension 0; afterwards processor G(j) 2 + 1 holds interior node
** 2j + 1 (Table II), from its start at G(2j + 1). d = 3..10.
*/
static void test_cbt_interior(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_cbt_interior;
  for (unsigned d = 3; d <= HC_SF_MAX_D; d++)
    for (size_t bi = 0; bi < NBETAS; bi++) {
      const uint32_t k = 1 + d % 3;
      hc_sf_params p;
      hc_sf_params_init(&p, d, k, betas[bi]);
      hc_sched_case c;
      hc_exec_result r;
      build_run(a, &p, &c, &r);
      check_steps(a, &p, &r, 1);
      assert_int_equal(r.packets, (1u << (d - 1)) - 2);
      for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
        hc_packet_info pi;
        hc_sched_packet(c.sched, i, &pi);
        assert_int_equal(pi.dim, 0);
        assert_int_equal(pi.seq, 0);
      }
      for (uint32_t j = 0; 2 * j + 1 < (1u << d) - 1; j++) {
        const uint32_t to = (gray(j) << 1) | 1u, from = gray(2 * j + 1);
        for (uint32_t w = 0; w < k; w++) want_word(&c, &r, to, from == to ? w : k + w, from, w);
      }
      hc_exec_result_free(&r);
      hc_sched_case_free(&c);
    }
  hc_sf_params p;
  hc_sf_params_init(&p, 2, 2, 3);
  assert_int_equal(a->check(&p, NULL, 0), HC_EPARAM);
}

/*
** The broadcast down the dilation-1 tree: d - 2 = n - 1 steps, every packet
** on a tree edge from parent to child (each edge once), a node sends on
** two links at once, and every tree node ends with the root's element.
** d = 3..10.
*/
static void test_cbt_bcast(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_cbt_bcast;
  for (unsigned d = 3; d <= HC_SF_MAX_D; d++)
    for (size_t bi = 0; bi < NBETAS; bi++) {
      const unsigned n = d - 1;
      const uint32_t k = 1 + d % 4, nodes = 1u << n;
      hc_sf_params p;
      hc_sf_params_init(&p, d, k, betas[bi]);
      hc_sched_case c;
      hc_exec_result r;
      build_run(a, &p, &c, &r);
      check_steps(a, &p, &r, d - 2);
      uint8_t *lab = malloc(nodes);
      uint32_t *addr = malloc(nodes * sizeof *addr);
      assert_non_null(lab);
      assert_non_null(addr);
      hc_jt_cbt_dil1(n, lab, addr);
      assert_int_equal(r.packets, nodes - 2);
      for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
        hc_packet_info pi;
        hc_sched_packet(c.sched, i, &pi);
        const uint32_t y = pi.node ^ (1u << pi.dim);
        uint32_t h = 2;
        while (h < nodes && addr[h] != y) h++;
        assert_true(h < nodes);
        assert_int_equal(addr[h / 2], pi.node);
      }
      for (uint32_t h = 1; h < nodes; h++)
        for (uint32_t w = 0; w < k; w++) want_word(&c, &r, addr[h], w, 0, w);
      if (d <= 7) assert_int_equal(max_ports(&c, &r, 0), 2);
      free(lab);
      free(addr);
      hc_exec_result_free(&r);
      hc_sched_case_free(&c);
    }
}

/*
** The sum up the dilation-1 tree (combining packets, op add): d - 2 = n - 1
** steps, one packet per tree edge from child to parent, a node receiving
** on two links at once; the root ends with the sum of all 2^n - 1 elements
** and every interior node with the sum of its subtree, summed here from
** the tags. d = 3..10.
*/
static void test_cbt_reduce(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_cbt_reduce;
  for (unsigned d = 3; d <= HC_SF_MAX_D; d++)
    for (size_t bi = 0; bi < NBETAS; bi++) {
      const unsigned n = d - 1;
      const uint32_t k = 1 + d % 3, nodes = 1u << n;
      hc_sf_params p;
      hc_sf_params_init(&p, d, k, betas[bi]);
      hc_sched_case c;
      hc_exec_result r;
      build_run(a, &p, &c, &r);
      check_steps(a, &p, &r, d - 2);
      uint8_t *lab = malloc(nodes);
      uint32_t *addr = malloc(nodes * sizeof *addr);
      assert_non_null(lab);
      assert_non_null(addr);
      hc_jt_cbt_dil1(n, lab, addr);
      assert_int_equal(r.packets, nodes - 2);
      for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
        hc_packet_info pi;
        hc_sched_packet(c.sched, i, &pi);
        assert_int_equal(pi.op, HC_SCHED_ADD);
        uint32_t h = 2;
        while (h < nodes && addr[h] != pi.node) h++;
        assert_true(h < nodes);
        assert_int_equal(addr[h / 2], pi.node ^ (1u << pi.dim));
      }
      const uint32_t mw = hc_sched_mem_words(c.sched);
      for (uint32_t h = 1; h < nodes; h++) /* h's subtree: the heap nodes below it */
        for (uint32_t w = 0; w < k; w++) {
          uint32_t sum = 0;
          for (uint32_t lo = h, hi = h; lo < nodes; lo = 2 * lo, hi = 2 * hi + 1)
            for (uint32_t g = lo; g <= hi; g++) sum += hc_sched_tag(addr[g], w);
          assert_int_equal(r.mem[(size_t)addr[h] * mw + w], sum);
        }
      if (d <= 7) assert_int_equal(max_ports(&c, &r, 1), 2);
      free(lab);
      free(addr);
      hc_exec_result_free(&r);
      hc_sched_case_free(&c);
    }
  hc_sf_params p;
  hc_sf_params_init(&p, 2, 2, 3);
  assert_int_equal(a->check(&p, NULL, 0), HC_EPARAM);
}

/* ============================================================ transposes */

/*
** The meaning of a transpose, checked from the matrix: a 2^n x 2^n matrix
** stored consecutively (element (i, j) in block (I, J) = (i / b, j / b) at
** local (u, v) = (i mod b, j mod b)) on processors enc(I) 2^k + enc(J)
** (enc: the binary or the Gray code). After the transpose a(i, j) is where
** a(j, i) was: at processor enc(J) 2^k + enc(I), local (v, u), in the
** received block (slot B + v b + u); a diagonal block is transposed
** locally and not checked.
*/
static void check_matrix(const hc_sched_case *c, const hc_exec_result *r, unsigned k, uint32_t N, uint32_t K,
                         int use_gray) {
  const uint32_t b = N >> k, B = b * b;
  for (uint32_t i = 0; i < N; i++)
    for (uint32_t j = 0; j < N; j++) {
      const uint32_t I = i / b, J = j / b, u = i % b, v = j % b;
      if (I == J) continue;
      const uint32_t eI = use_gray ? gray(I) : I, eJ = use_gray ? gray(J) : J;
      const uint32_t from = (eI << k) | eJ, to = (eJ << k) | eI;
      for (uint32_t w = 0; w < K; w++) want_word(c, r, to, (B + v * b + u) * K + w, from, (u * b + v) * K + w);
    }
}

/* Every packet crosses an edge of the 2^k x 2^k torus embedded by the Gray
** code (with wrap = 0: of the mesh, no end-around edge). */
static void check_torus_edges(const hc_sched_case *c, unsigned k, int wrap) {
  const uint32_t S = 1u << k;
  uint32_t *inv = malloc(S * sizeof *inv);
  assert_non_null(inv);
  for (uint32_t i = 0; i < S; i++) inv[gray(i)] = i;
  for (size_t p = 0; p < hc_sched_num_packets(c->sched); p++) {
    hc_packet_info pi;
    hc_sched_packet(c->sched, p, &pi);
    const uint32_t x = pi.node, y = x ^ (1u << pi.dim);
    const uint32_t i0 = inv[x >> k], j0 = inv[x & (S - 1)], i1 = inv[y >> k], j1 = inv[y & (S - 1)];
    const uint32_t di = (i1 - i0) & (S - 1), dj = (j1 - j0) & (S - 1);
    const int torus = (di == 0 && (dj == 1 || dj == S - 1)) || (dj == 0 && (di == 1 || di == S - 1));
    if (!torus) fail_msg("k=%u: packet %u -> %u is no torus edge", k, x, y);
    if (!wrap && S > 2) assert_int_equal((i0 > i1 ? i0 - i1 : i1 - i0) + (j0 > j1 ? j0 - j1 : j1 - j0), 1);
  }
  free(inv);
}

/* The paper's counts, written from 003 §4: Theorems 4.1, 4.2:
** 2^(2(n-k)) + 2k - 1; Corollary 4.2 (Theorem 4.4 at n = k):
** (ceil(2^(2(n-k))/2) + 1) 2^(k-1); Corollary 4.1: 2(2^k - 1). */
static uint64_t paper_cube(unsigned n, unsigned k) { return (1ull << (2 * (n - k))) + 2 * k - 1; }
static uint64_t paper_torus(unsigned n, unsigned k) {
  const uint64_t B = 1ull << (2 * (n - k));
  return ((B + 1) / 2 + 1) << (k - 1);
}
static uint64_t paper_mesh(unsigned k) { return 2 * ((1ull << k) - 1); }

/* Run algorithm a at d = 2k, N = 2^n, and check its data and steps. */
static void run_tp(const hc_sf_algo *a, unsigned k, unsigned n, uint32_t K, uint32_t beta, uint64_t want, int gr,
                   hc_sched_case *c, hc_exec_result *r) {
  hc_sf_params p;
  hc_sf_params_init(&p, 2 * k, K, beta);
  p.n = 1u << n;
  build_run(a, &p, c, r);
  check_steps(a, &p, r, want);
  check_matrix(c, r, k, 1u << n, K, gr);
}

/*
** Theorems 4.1 and 4.2, d = 2, 4, 6, 8, N = 2^k .. 2^(k+2) (d = 8 to
** 2^(k+1)): data from the matrix and the paper's count; the Gray transpose
** by reflections is, packet for packet, the binary one (the schedules'
** canonical texts are equal).
*/
static void test_transpose_cube(void **state) {
  (void)state;
  for (unsigned k = 1; k <= 4; k++)
    for (unsigned n = k; n <= k + (k == 4 ? 1 : 2); n++)
      for (size_t bi = 0; bi < NBETAS; bi += (k == 4 ? 3 : 1)) {
        const uint32_t K = 1 + (n + bi) % 2;
        hc_sched_case cb, cg;
        hc_exec_result rb, rg;
        run_tp(&hc_sf_algo_transpose_bin, k, n, K, betas[bi], paper_cube(n, k), 0, &cb, &rb);
        run_tp(&hc_sf_algo_transpose_gray, k, n, K, betas[bi], paper_cube(n, k), 1, &cg, &rg);
        char *tb, *tg;
        assert_int_equal(hc_sched_format(cb.sched, &tb, NULL), HC_OK);
        assert_int_equal(hc_sched_format(cg.sched, &tg, NULL), HC_OK);
        assert_string_equal(tb, tg);
        free(tb);
        free(tg);
        hc_exec_result_free(&rb);
        hc_exec_result_free(&rg);
        hc_sched_case_free(&cb);
        hc_sched_case_free(&cg);
      }
}

/*
** Corollary 4.1 (mesh, N = 2^k) and Corollary 4.2 / Theorem 4.4 (torus,
** N = 2^k .. 2^(k+2)) on the Gray-embedded torus: data, the paper's count,
** every packet on a torus edge (a mesh edge for the mesh), and the count
** above Theorem 4.3's lower bound 2^(2n) (1 - 2^-k) / (8 (2^k - 1)).
*/
static void test_transpose_torus(void **state) {
  (void)state;
  for (unsigned k = 1; k <= 4; k++)
    for (size_t bi = 0; bi < NBETAS; bi += (k == 4 ? 3 : 1)) {
      hc_sched_case c;
      hc_exec_result r;
      run_tp(&hc_sf_algo_transpose_mesh, k, k, 2, betas[bi], paper_mesh(k), 1, &c, &r);
      check_torus_edges(&c, k, 0);
      hc_exec_result_free(&r);
      hc_sched_case_free(&c);
      for (unsigned n = k; n <= k + (k == 4 ? 1 : 2); n++) {
        run_tp(&hc_sf_algo_transpose_torus, k, n, 1 + n % 2, betas[bi], paper_torus(n, k), 1, &c, &r);
        check_torus_edges(&c, k, 1);
        const double bound = (double)(1ull << (2 * n)) * (1.0 - 1.0 / (1u << k)) / (8.0 * ((1u << k) - 1));
        assert_true((double)paper_torus(n, k) >= bound);
        hc_exec_result_free(&r);
        hc_sched_case_free(&c);
      }
    }
}

/* Bad parameters: odd d, N not a power of two, N below 2^k, the mesh with
** more than one element per processor, K = 0; the defaults of N. */
static void test_transpose_params(void **state) {
  (void)state;
  const hc_sf_algo *all[] = {&hc_sf_algo_transpose_bin, &hc_sf_algo_transpose_gray, &hc_sf_algo_transpose_mesh,
                             &hc_sf_algo_transpose_torus};
  for (size_t i = 0; i < 4; i++) {
    hc_sf_params p;
    hc_sf_params_init(&p, 3, 2, 3);
    assert_int_equal(all[i]->check(&p, NULL, 0), HC_EPARAM);
    hc_sf_params_init(&p, 4, 2, 3);
    p.n = 12;
    assert_int_equal(all[i]->check(&p, NULL, 0), HC_EPARAM);
    p.n = 2;
    assert_int_equal(all[i]->check(&p, NULL, 0), HC_EPARAM);
    hc_sf_params_init(&p, 4, 0, 3);
    assert_int_equal(all[i]->check(&p, NULL, 0), HC_EPARAM);
    hc_sf_params_init(&p, 4, 2, 3);
    assert_int_equal(all[i]->check(&p, NULL, 0), HC_OK);
    assert_int_equal(p.n, all[i] == &hc_sf_algo_transpose_mesh ? 4 : 8);
    p.n = 8;
    assert_int_equal(all[i]->check(&p, NULL, 0), all[i] == &hc_sf_algo_transpose_mesh ? HC_EPARAM : HC_OK);
  }
}

int main(void) {
  const struct CMUnitTest embed[] = {cmocka_unit_test(test_inorder), cmocka_unit_test(test_interior),
                                     cmocka_unit_test(test_dil1), cmocka_unit_test(test_lemmas)};
  const struct CMUnitTest sbt[] = {cmocka_unit_test(test_sbt)};
  const struct CMUnitTest seq[] = {cmocka_unit_test(test_sbt_seq)};
  const struct CMUnitTest cbt[] = {cmocka_unit_test(test_cbt_inorder_bcast), cmocka_unit_test(test_cbt_inorder_reduce),
                                   cmocka_unit_test(test_cbt_interior), cmocka_unit_test(test_cbt_bcast),
                                   cmocka_unit_test(test_cbt_reduce)};
  const struct CMUnitTest cube[] = {cmocka_unit_test(test_transpose_cube)};
  const struct CMUnitTest torus[] = {cmocka_unit_test(test_transpose_torus), cmocka_unit_test(test_transpose_params)};
  int fails = 0;
  fails += cmocka_run_group_tests_name("jo_tree_embed", embed, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_sbt", sbt, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_sbt_seq", seq, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_cbt", cbt, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_transpose_cube", cube, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_transpose_torus", torus, NULL, NULL);
  return fails ? 1 : 0;
}
