/*
** cmocka tests of the optimal multinode broadcast and single node scatter
** of Bertsekas, Ozveren, Stamoulis, Tseng and Tsitsiklis (002 §2, §3;
** algorithms/sf_multinode_broadcast.c, sf_single_node_scatter.c,
** sf_bert_common.c) and of the unit-model fields of the three records of
** 002's Table 1, and the appendix fact that d never divides 2^d - 1.
**
** Every expectation is computed here: the optimal unit count
** ceil((2^d - 1)/d), the transmissions from the problem
** (2^d (2^d - 1): every node receives every other node's packet; d 2^(d-1):
** the sum of the distances from the root), the final memory from the tags
** (node x holds hc_sched_tag(s, a) for s's word a), the time units of the
** packets from the executor's start and finish cycles, and the subtree
** sizes of the scatter tree from the packets the root sends on each of its
** links.
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
#include "sf_bert.h"

static const uint32_t betas[] = {0, 1, 3, 7, 40};

/* ceil((2^d - 1)/d): the quotient, plus one for a remainder. */
static uint64_t q_opt(unsigned d) {
  const uint64_t all = (1ull << d) - 1;
  return all / d + (all % d != 0);
}

static unsigned popc(uint32_t v) {
  unsigned n = 0;
  for (; v; v >>= 1) n += v & 1;
  return n;
}

/* Check, build, validate and run one case through record a; the result
** in *r, the case in *c; the executor agrees with the critical path and
** the data with the generator's own expectation (which is checked against
** the tags separately). */
static void build_run(const hc_sf_algo *a, hc_sf_params *p, hc_sched_case *c, hc_exec_result *r) {
  char why[400];
  if (a->check(p, why, sizeof why)) fail_msg("%s d=%u k=%u beta=%u: check: %s", a->name, p->d, p->m, p->beta, why);
  assert_int_equal(a->build(p, c), HC_OK);
  hc_sched_err e;
  if (hc_sched_validate(c->sched, &e)) fail_msg("%s: validate: %s", a->name, e.msg);
  if (hc_sched_exec(c->sched, p->beta, c->init, r, &e)) fail_msg("%s: exec: %s", a->name, e.msg);
  uint64_t cp = 0;
  assert_int_equal(hc_sched_critical_path(c->sched, p->beta, &cp, &e), HC_OK);
  assert_int_equal(r->cycles, cp);
  assert_int_equal(hc_sched_case_check(c, r->mem, NULL, NULL), 0);
}

/* Time, transmissions and the §9 bound of a run of p (k = p->m) against
** 002: q units of k + beta cycles (constant 0), the optimal count of
** transmissions, and the cut of `links` links carrying (2^d - 1) k words. */
static void check_time(const hc_sf_algo *a, const hc_sf_params *p, const hc_exec_result *r, uint64_t want_tx) {
  const uint64_t q = q_opt(p->d), u = (uint64_t)p->m + p->beta;
  if (r->cycles != q * u)
    fail_msg("%s d=%u k=%u beta=%u: %llu cycles, 002: ceil((2^d-1)/d) (k + beta) = %llu", a->name, p->d, p->m,
             p->beta, (unsigned long long)r->cycles, (unsigned long long)(q * u));
  assert_int_equal(a->constant, 0);
  assert_int_equal(a->formula(p), q * u);
  assert_int_equal(a->opt_units(p), q);
  assert_int_equal(a->opt_transmissions(p), want_tx);
  assert_int_equal(r->packets, want_tx);
  hc_sf_bound b;
  a->lower(p, &b);
  const uint64_t load = ((1ull << p->d) - 1) * p->m;
  assert_int_equal(b.links, p->d);
  assert_int_equal(b.load, load);
  assert_int_equal(b.cut_cycles, (load + p->d - 1) / p->d + p->beta);
  assert_int_equal(b.hops, p->d);
  assert_true(r->cycles >= b.cycles);
}

/*
** The time unit of every packet (1-based) from the executor: with packets
** of equal length u = k + beta, a self-timed run starts every packet on a
** multiple of u, so the run is unit-synchronous; unit[i] = finish / u.
** Also checks no directed link carries two packets in one unit, seen from
** the sender (link node, dim) and from the receiver (node ^ 2^dim, dim).
*/
static uint32_t *packet_units(const hc_sched_case *c, const hc_exec_result *r, uint64_t u, uint64_t q) {
  const hc_sched *s = c->sched;
  const unsigned d = hc_sched_dim(s);
  const size_t np = hc_sched_num_packets(s), links = (size_t)hc_sched_nodes(s) * d;
  uint32_t *unit = malloc(np * sizeof *unit);
  uint8_t *tx = calloc(links * (q + 1), 1), *rx = calloc(links * (q + 1), 1);
  assert_non_null(unit);
  assert_non_null(tx);
  assert_non_null(rx);
  for (size_t i = 0; i < np; i++) {
    hc_packet_info pi;
    assert_int_equal(hc_sched_packet(s, i, &pi), HC_OK);
    assert_int_equal(r->finish[i] % u, 0);
    assert_int_equal(r->start[i], r->finish[i] - u);
    unit[i] = (uint32_t)(r->finish[i] / u);
    assert_true(unit[i] >= 1 && unit[i] <= q);
    const size_t from = (size_t)pi.node * d + pi.dim, to = (size_t)(pi.node ^ (1u << pi.dim)) * d + pi.dim;
    assert_int_equal(tx[from * (q + 1) + unit[i]]++, 0);
    assert_int_equal(rx[to * (q + 1) + unit[i]]++, 0);
  }
  free(tx);
  free(rx);
  return unit;
}

/* ------------------------------------------------------------ appendix */

/*
** 002, appendix: for d >= 2, d never divides 2^d - 1. It matters for the
** multinode broadcast: the last unit carries the remainder, (2^d - 1) -
** (q - 1) d packets of root 0, and because that is never d, all-ones
** (numbered 2^d - 1) gets an m(all-ones) below d; its parent, the element of
** R_(d-1)1 with its zero at that position, is then the second element of
** R_(d-1)1 and is received in an earlier unit (002 §2). Checked for d =
** 2..64 by computing 2^d mod d (d | 2^d - 1 exactly when it is 1), and the
** remainder 1 <= (2^d - 1) - (q - 1) d <= d - 1 for d = 2..62.
*/
static void test_appendix_indivisible(void **state) {
  (void)state;
  for (uint64_t d = 2; d <= 64; d++) {
    uint64_t p = 1 % d;
    for (uint64_t i = 0; i < d; i++) p = p * 2 % d;
    if (p == 1) fail_msg("d = %llu divides 2^d - 1", (unsigned long long)d);
  }
  for (unsigned d = 2; d <= 62; d++) {
    const uint64_t q = q_opt(d), last = ((1ull << d) - 1) - (q - 1) * d;
    assert_true(last >= 1 && last <= d - 1);
  }
  /* d = 1 is the exception: 1 divides 1, and the 1-cube's one unit is full */
  assert_int_equal(((1ull << 1) - 1) % 1, 0);
}

/* --------------------------------------------------- multinode broadcast */

/*
** The single-node broadcast tree behind the multinode broadcast, d = 1..12:
** node 0 first, every other id once, each t received over one link of
** dimension m(t) - 1 from t without that bit, in a unit after its parent's;
** in every unit the links have different dimensions (d of them before the
** last unit, the remainder in it); q units in all. Also the README's remark
** that the tree is not balanced at d = 8 (a root subtree of 33 > 32).
*/
static void test_mnb_tree(void **state) {
  (void)state;
  for (unsigned d = 1; d <= HC_SF_TOP_D; d++) {
    hc_bert_tree t;
    assert_int_equal(hc_bert_mnb_tree(d, &t), HC_OK);
    const uint32_t n = 1u << d;
    const uint64_t q = q_opt(d);
    assert_int_equal(t.order[0], 0);
    assert_int_equal(t.order[n - 1], n - 1);
    uint32_t *seen_dim = calloc((q + 1) * d, sizeof *seen_dim), *per_unit = calloc(q + 1, sizeof *per_unit);
    uint32_t *top = calloc(n, sizeof *top), *size = calloc(n, sizeof *size);
    assert_non_null(seen_dim);
    assert_non_null(per_unit);
    assert_non_null(top);
    assert_non_null(size);
    for (uint32_t i = 1; i < n; i++) {
      const uint32_t x = t.order[i], p = t.parent[x];
      assert_int_equal(t.num[x], i);
      assert_true(popc(t.order[i]) >= popc(t.order[i - 1])); /* listed by weight */
      const uint32_t ux = (i + d - 1) / d, up = p ? (t.num[p] + d - 1) / d : 0;
      assert_true(up < ux);
      assert_int_equal(popc(x ^ p), 1);
      assert_int_equal(p & x, p);
      unsigned c = 0;
      while (!((x ^ p) >> c & 1)) c++;
      assert_int_equal(c, (i - 1) % d); /* dimension m(t) - 1 */
      assert_int_equal(seen_dim[ux * d + c]++, 0);
      per_unit[ux]++;
    }
    for (uint64_t u = 1; u <= q; u++) assert_int_equal(per_unit[u], u < q ? d : (n - 1) - (q - 1) * d);
    /* root subtrees: top[x] = the root's neighbour above x */
    uint32_t most = 0;
    for (uint32_t i = 1; i < n; i++) {
      const uint32_t x = t.order[i];
      top[x] = t.parent[x] ? top[t.parent[x]] : x;
      if (++size[top[x]] > most) most = size[top[x]];
    }
    if (d == 8) assert_int_equal(most, 33); /* shared/seeds/README.md */
    print_message("multinode broadcast d=%2u: %llu units, largest root subtree %u (ceil((2^d-1)/d) = %llu)\n", d,
                  (unsigned long long)q, most, (unsigned long long)q);
    free(seen_dim);
    free(per_unit);
    free(top);
    free(size);
    hc_bert_tree_free(&t);
  }
}

/* Node x's block s holds s's k words, for every x and s (the meaning). */
static void mnb_spot(const hc_sched_case *c, const hc_exec_result *r, unsigned d, uint32_t k) {
  const uint32_t n = 1u << d, mem = hc_sched_mem_words(c->sched);
  assert_int_equal(mem, n * k);
  for (uint32_t x = 0; x < n; x++)
    for (uint32_t s = 0; s < n; s++)
      for (uint32_t i = 0; i < k; i++)
        assert_int_equal(r->mem[(size_t)x * mem + s * k + i], hc_sched_tag(s, s * k + i));
}

/*
** The whole schedule on the executor: data, q (k + beta) cycles for every
** beta, 2^d (2^d - 1) transmissions, the §9 bound; per unit, every link at
** most once and root 0's packet on links of d different dimensions (A_i).
** d = 1..8 at k = 1, 3 and five betas; d = 9 once.
*/
static void test_mnb_exec(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_multinode_broadcast;
  for (unsigned d = 1; d <= 9; d++)
    for (uint32_t k = 1; k <= 3; k += 2)
      for (size_t b = 0; b < sizeof betas / sizeof *betas; b++) {
        if (d == 9 && (k != 1 || b != 0)) continue;
        hc_sf_params p;
        hc_sf_params_init(&p, d, k, betas[b]);
        hc_sched_case c;
        hc_exec_result r;
        build_run(a, &p, &c, &r);
        const uint64_t n = 1ull << d, q = q_opt(d);
        check_time(a, &p, &r, n * (n - 1));
        mnb_spot(&c, &r, d, k);
        uint32_t *unit = packet_units(&c, &r, k + betas[b], q);
        uint32_t *dims = calloc((q + 1) * d, sizeof *dims);
        assert_non_null(dims);
        for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
          hc_packet_info pi;
          assert_int_equal(hc_sched_packet(c.sched, i, &pi), HC_OK);
          assert_int_equal(pi.ngather, 1);
          if (pi.gather[0].addr == 0) assert_int_equal(dims[unit[i] * d + pi.dim]++, 0); /* root 0's A_i */
        }
        free(dims);
        free(unit);
        hc_exec_result_free(&r);
        hc_sched_case_free(&c);
      }
}

/* --------------------------------------------------- single node scatter */

/* Node y != src holds the root's k words for y in its block y. */
static void sns_spot(const hc_sched_case *c, const hc_exec_result *r, unsigned d, uint32_t k, uint32_t src) {
  const uint32_t n = 1u << d, mem = hc_sched_mem_words(c->sched);
  for (uint32_t y = 0; y < n; y++)
    for (uint32_t i = 0; i < k; i++)
      assert_int_equal(r->mem[(size_t)y * mem + y * k + i], hc_sched_tag(src, y * k + i));
}

/*
** The scatter tree, read off the schedule, d = 1..12 with a root SRC that
** varies: the packets the root sends over link j are those for T_j, and
** each |T_j| is floor or ceil of (2^d - 1)/d; each packet for y crosses
** exactly dist(src, y) links (shortest paths; d 2^(d-1) in all); the root
** sends into each subtree farthest first. Then the run: data, q (k + beta)
** cycles, every link at most once per unit.
*/
static void test_sns_balanced(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_single_node_scatter;
  for (unsigned d = 1; d <= HC_SF_TOP_D; d++) {
    const uint32_t n = 1u << d, src = (0x9E3779B9u * d) >> (32 - d) & (n - 1), k = 1;
    hc_sf_params p;
    hc_sf_params_init(&p, d, k, 3);
    p.src = src;
    hc_sched_case c;
    hc_exec_result r;
    build_run(a, &p, &c, &r);
    check_time(a, &p, &r, (uint64_t)d << (d - 1));
    sns_spot(&c, &r, d, k, src);
    uint32_t size[HC_SF_TOP_D] = {0}, last_dist[HC_SF_TOP_D];
    uint32_t *hops = calloc(n, sizeof *hops);
    assert_non_null(hops);
    for (unsigned j = 0; j < d; j++) last_dist[j] = d;
    for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
      hc_packet_info pi;
      assert_int_equal(hc_sched_packet(c.sched, i, &pi), HC_OK);
      const uint32_t y = pi.gather[0].addr / k;
      hops[y]++;
      if (pi.node != src) continue;
      size[pi.dim]++;
      assert_true(popc(y ^ src) <= last_dist[pi.dim]); /* farthest first (a link's list is in order) */
      last_dist[pi.dim] = popc(y ^ src);
    }
    for (uint32_t y = 0; y < n; y++) assert_int_equal(hops[y], popc(y ^ src));
    const uint32_t lo = (n - 1) / d, hi = (uint32_t)q_opt(d);
    uint32_t sum = 0;
    char line[160];
    size_t at = 0;
    for (unsigned j = 0; j < d; j++) {
      assert_true(size[j] == lo || size[j] == hi);
      sum += size[j];
      at += (size_t)snprintf(line + at, sizeof line - at, " %u", size[j]);
    }
    assert_int_equal(sum, n - 1);
    print_message("single node scatter d=%2u src=%4u: subtrees%s (floor %u, ceil %u)\n", d, src, line, lo, hi);
    free(packet_units(&c, &r, k + 3, hi));
    free(hops);
    hc_exec_result_free(&r);
    hc_sched_case_free(&c);
  }
}

/* The scatter at several k, beta and roots, d = 1..8: data, time, bound. */
static void test_sns_exec(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_single_node_scatter;
  for (unsigned d = 1; d <= 8; d++)
    for (uint32_t k = 1; k <= 5; k += 2)
      for (size_t b = 0; b < sizeof betas / sizeof *betas; b++) {
        const uint32_t src = (uint32_t)(b * 37 + k) & ((1u << d) - 1);
        hc_sf_params p;
        hc_sf_params_init(&p, d, k, betas[b]);
        p.src = src;
        hc_sched_case c;
        hc_exec_result r;
        build_run(a, &p, &c, &r);
        check_time(a, &p, &r, (uint64_t)d << (d - 1));
        sns_spot(&c, &r, d, k, src);
        free(packet_units(&c, &r, k + betas[b], q_opt(d)));
        hc_exec_result_free(&r);
        hc_sched_case_free(&c);
      }
}

/* The scatter tree itself, d = 1..12: every node in the subtree of the
** root's neighbour with its m, one bit below its parent. */
static void test_sns_tree(void **state) {
  (void)state;
  for (unsigned d = 1; d <= HC_SF_TOP_D; d++) {
    hc_bert_tree t;
    assert_int_equal(hc_bert_sns_tree(d, &t), HC_OK);
    for (uint32_t x = 1; x < t.n; x++) {
      uint32_t z = x;
      while (t.parent[z]) {
        assert_int_equal(popc(z ^ t.parent[z]), 1);
        z = t.parent[z];
      }
      assert_int_equal(popc(z), 1);
      assert_int_equal(hc_bert_m(&t, z), hc_bert_m(&t, x));
    }
    hc_bert_tree_free(&t);
  }
}

/* -------------------------------------------------------------- params */

static int refused(const hc_sf_algo *a, unsigned d, uint32_t k, uint32_t src) {
  hc_sf_params p;
  char why[300] = "";
  hc_sf_params_init(&p, d, k, 3);
  p.src = src;
  const int rc = a->check(&p, why, sizeof why);
  if (rc == HC_EPARAM) {
    assert_true(why[0] != 0);
    assert_null(strchr(why, '\n'));
  }
  return rc == HC_EPARAM;
}

static void test_params(void **state) {
  (void)state;
  const hc_sf_algo *as[] = {&hc_sf_algo_multinode_broadcast, &hc_sf_algo_single_node_scatter};
  for (size_t i = 0; i < 2; i++) {
    const hc_sf_algo *a = as[i];
    assert_string_equal(a->param, "K");
    assert_non_null(strstr(a->source, "002 (Bertsekas et al.)"));
    assert_int_equal(hc_sf_max_d(a), 12);
    assert_true(refused(a, 3, 0, HC_SF_UNSET));          /* K < 1 */
    assert_true(refused(a, 0, 1, HC_SF_UNSET));          /* d out of range */
    assert_true(refused(a, 13, 1, HC_SF_UNSET));
    assert_true(refused(a, 12, 17, HC_SF_UNSET));        /* 2^24 k words above the schedule's 2^28 */
    assert_false(refused(a, 12, 16, HC_SF_UNSET));
    assert_true(refused(a, 4, 1, 16));                   /* SRC out of range */
    assert_false(refused(a, 4, 1, 15));
    assert_ptr_equal(hc_sf_algo_find(a->name), a);
  }
  assert_int_equal(hc_sf_algo_multinode_broadcast.takes & HC_SF_TAKES_SRC, 0);
  assert_true(hc_sf_algo_single_node_scatter.takes & HC_SF_TAKES_SRC);
  hc_sched_case c;
  assert_int_equal(hc_sf_multinode_broadcast(13, 1, &c), HC_EPARAM);
  assert_int_equal(hc_sf_single_node_scatter(3, 1, 8, &c), HC_EPARAM);
  assert_int_equal(hc_sf_single_node_scatter(3, 0, 0, &c), HC_EPARAM);
  /* the registry lists Table 1 in the paper's order, after Stout & Wagar */
  const char *want[] = {"transpose_sub", "multinode_broadcast", "single_node_scatter", "total_exchange"};
  size_t at = 0;
  for (const hc_sf_algo *const *a = hc_sf_algos; *a && at < 4; a++)
    if (strcmp((*a)->name, want[at]) == 0) at++;
  assert_int_equal(at, 4);
}

/* The total exchange prints the same unit-model lines: 2^(d-1) units and
** d 2^(2d-1) transmissions (002 Table 1, §4). */
static void test_total_exchange_fields(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_total_exchange;
  assert_non_null(a->opt_units);
  assert_non_null(a->opt_transmissions);
  for (unsigned d = 1; d <= HC_SF_MAX_D; d++) {
    hc_sf_params p;
    hc_sf_params_init(&p, d, 2, 5);
    assert_int_equal(a->check(&p, NULL, 0), HC_OK);
    assert_int_equal(a->opt_units(&p), 1ull << (d - 1));
    assert_int_equal(a->opt_transmissions(&p), (uint64_t)d << (2 * d - 1));
    assert_int_equal(a->formula(&p), a->opt_units(&p) * (2 + 5));
  }
  /* and the generators without a unit model have none */
  assert_null(hc_sf_algo_broadcast2.opt_units);
  assert_null(hc_sf_algo_broadcast2.opt_transmissions);
}

int main(void) {
  const struct CMUnitTest appendix[] = {cmocka_unit_test(test_appendix_indivisible)};
  const struct CMUnitTest mnb[] = {cmocka_unit_test(test_mnb_tree), cmocka_unit_test(test_mnb_exec)};
  const struct CMUnitTest sns[] = {cmocka_unit_test(test_sns_tree), cmocka_unit_test(test_sns_balanced),
                                   cmocka_unit_test(test_sns_exec)};
  const struct CMUnitTest records[] = {cmocka_unit_test(test_params), cmocka_unit_test(test_total_exchange_fields)};
  int fails = 0;
  fails += cmocka_run_group_tests_name("sf_bert_appendix", appendix, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_multinode_broadcast", mnb, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_single_node_scatter", sns, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_bert_records", records, NULL, NULL);
  return fails ? 1 : 0;
}
