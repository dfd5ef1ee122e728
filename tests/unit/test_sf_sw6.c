/*
** Unit tests of the generators of Stout & Wagar §6 (shared/seeds/000):
** COMPLETE BROADCAST, INVERSION and PERMUTED SEND, and of the permutations
** PERMUTED SEND takes (algorithms/sf_perm.c). Every case is built through
** its record, validated and run in the reference executor; the data are
** checked against the expected memory and, independently, against what the
** communication means, and the completion against the paper's boxed time as
** written here from the paper (never from the generator's formula()), and
** against the section 9 bound, whose cut is recomputed here.
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

static const uint32_t betas[] = {0, 1, 3, 7, 40};
#define NBETAS (sizeof betas / sizeof betas[0])

/* ---------------------------------------------------------------- driver */

/* Check and build a's case for d, m (and perm), and validate it. */
static void make(const hc_sf_algo *a, unsigned d, uint32_t m, const uint32_t *perm, hc_sf_params *p,
                 hc_sched_case *c) {
  char why[256] = "";
  hc_sf_params_init(p, d, m, 0);
  p->perm = perm;
  if (a->check(p, why, sizeof why) != HC_OK) fail_msg("%s d=%u m=%u refused: %s", a->name, d, m, why);
  assert_int_equal(a->build(p, c), HC_OK);
  hc_sched_err err;
  if (hc_sched_validate(c->sched, &err) != HC_OK) fail_msg("%s d=%u m=%u: %s", a->name, d, m, err.msg);
}

/* Run c at beta; check the data against expect, the completion against
** want, and the §9 bound (filled into *b) against the completion. */
static void run(const hc_sf_algo *a, hc_sf_params *p, hc_sched_case *c, uint32_t beta, uint64_t want,
                hc_exec_result *r, hc_sf_bound *b) {
  hc_sched_err err;
  p->beta = beta;
  if (hc_sched_exec(c->sched, beta, c->init, r, &err) != HC_OK) fail_msg("%s: exec: %s", a->name, err.msg);
  if (r->cycles != want)
    fail_msg("%s d=%u m=%u beta=%u: %llu cycles, the paper says %llu", a->name, p->d, p->m, beta,
             (unsigned long long)r->cycles, (unsigned long long)want);
  assert_int_equal(hc_sf_expected(a, p), want);
  assert_int_equal(hc_sched_case_check(c, r->mem, NULL, NULL), 0);
  a->lower(p, b);
  assert_true(b->cycles <= r->cycles);
}

/* Every link carries d packets in stage order, the one at position k of
** words(k) words; returns the number of packets. */
static size_t per_stage(const hc_sched *s, unsigned d, unsigned per_link, uint64_t (*words)(unsigned, const void *),
                        const void *ctx) {
  const size_t np = hc_sched_num_packets(s);
  for (size_t i = 0; i < np; i++) {
    hc_packet_info info;
    assert_int_equal(hc_sched_packet(s, i, &info), HC_OK);
    assert_true(info.seq < per_link);
    if (info.words != words(info.seq % d, ctx))
      fail_msg("d=%u: packet %u of link (%u, %u) has %llu words, want %llu", d, info.seq, info.node, info.dim,
               (unsigned long long)info.words, (unsigned long long)words(info.seq % d, ctx));
  }
  return np;
}

/* ---------------------------------------------------- complete_broadcast */

typedef struct dm {
  unsigned d;
  uint32_t m;
} dm;

/* 000 §6: stage k of COMPLETE BROADCAST sends 2^k m/d words on each link. */
static uint64_t cb_words(unsigned k, const void *ctx) {
  const dm *x = ctx;
  return ((uint64_t)1 << k) * x->m / x->d;
}

static void test_complete_broadcast(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_complete_broadcast;
  for (unsigned d = 1; d <= 8; d++) {
    const uint32_t n = 1u << d;
    const uint32_t ms[] = {d, 3 * d};
    for (size_t mi = 0; mi < (d == 8 ? 1u : 2u); mi++) {
      const uint32_t m = ms[mi];
      hc_sf_params p;
      hc_sched_case c;
      make(a, d, m, NULL, &p, &c);
      assert_int_equal(hc_sched_mem_words(c.sched), n * m);
      const dm ctx = {d, m};
      assert_int_equal(per_stage(c.sched, d, d, cb_words, &ctx), (size_t)d * d * n);
      for (size_t bi = 0; bi < NBETAS; bi++) {
        const uint32_t beta = betas[bi];
        const uint64_t want = (uint64_t)(n - 1) * m / d + (uint64_t)d * beta; /* (2^d - 1) m/d + d beta */
        hc_exec_result r;
        hc_sf_bound b;
        run(a, &p, &c, beta, want, &r, &b);
        /* every node holds every root's block at the root's addresses */
        for (uint32_t y = 0; y < n; y++)
          for (uint32_t w = 0; w < n * m; w++) assert_int_equal(r.mem[(size_t)y * n * m + w], hc_sched_tag(w / m, w));
        /* batching keeps every link busy from start to end */
        for (size_t l = 0; l < (size_t)n * d; l++) assert_int_equal(r.link_busy[l], want);
        assert_int_equal(b.links, d);
        assert_int_equal(b.load, (uint64_t)(n - 1) * m);
        assert_int_equal(b.hops, d);
        hc_exec_result_free(&r);
      }
      hc_sched_case_free(&c);
    }
  }
}

static void test_complete_broadcast_params(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_complete_broadcast;
  char why[256];
  hc_sf_params p;
  const struct {
    unsigned d;
    uint32_t m;
  } bad[] = {{3, 4}, {3, 0}, {0, 3}, {HC_SF_MAX_D + 1, 22}, {10, 262150}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    hc_sf_params_init(&p, bad[i].d, bad[i].m, 0);
    why[0] = 0;
    assert_int_equal(a->check(&p, why, sizeof why), HC_EPARAM);
    assert_true(why[0] != 0 && strchr(why, '\n') == NULL);
  }
  hc_sf_params_init(&p, 5, 10, 0);
  assert_int_equal(a->check(&p, why, sizeof why), HC_OK);
  assert_int_equal(a->unit(&p), 5);
  assert_ptr_equal(hc_sf_algo_find("complete_broadcast"), a);
}

/* ------------------------------------------------------------- inversion */

static uint64_t inv_words(unsigned k, const void *ctx) {
  (void)k;
  const dm *x = ctx;
  return x->m / x->d;
}

static void test_inversion(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_inversion;
  for (unsigned d = 1; d <= 8; d++) {
    const uint32_t n = 1u << d;
    const uint32_t ms[] = {d, 5 * d};
    for (size_t mi = 0; mi < 2; mi++) {
      const uint32_t m = ms[mi];
      hc_sf_params p;
      hc_sched_case c;
      make(a, d, m, NULL, &p, &c);
      const uint32_t mem = hc_sched_mem_words(c.sched);
      assert_int_equal(mem, (d + 1) * m); /* own, result, d-1 stages of relays */
      const dm ctx = {d, m};
      /* one packet of m/d per link and stage (000 §6) */
      assert_int_equal(per_stage(c.sched, d, d, inv_words, &ctx), (size_t)d * d * n);
      for (size_t bi = 0; bi < NBETAS; bi++) {
        const uint32_t beta = betas[bi];
        const uint64_t want = m + (uint64_t)d * beta; /* d (m/d + beta) */
        hc_exec_result r;
        hc_sf_bound b;
        run(a, &p, &c, beta, want, &r, &b);
        for (uint32_t y = 0; y < n; y++) /* node ~x holds x's message */
          for (uint32_t w = 0; w < m; w++)
            assert_int_equal(r.mem[(size_t)y * mem + m + w], hc_sched_tag(y ^ (n - 1), w));
        for (size_t l = 0; l < (size_t)n * d; l++) assert_int_equal(r.link_busy[l], want);
        assert_int_equal(b.links, n);
        assert_int_equal(b.load, (uint64_t)n * m);
        assert_int_equal(b.cut_cycles, m + beta);
        assert_int_equal(b.hops, d);
        hc_exec_result_free(&r);
      }
      hc_sched_case_free(&c);
    }
  }
}

static void test_inversion_params(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_inversion;
  char why[256];
  hc_sf_params p;
  const struct {
    unsigned d;
    uint32_t m;
  } bad[] = {{3, 4}, {4, 0}, {0, 3}, {HC_SF_MAX_D + 1, 22}, {2, 1}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    hc_sf_params_init(&p, bad[i].d, bad[i].m, 0);
    why[0] = 0;
    assert_int_equal(a->check(&p, why, sizeof why), HC_EPARAM);
    assert_true(why[0] != 0 && strchr(why, '\n') == NULL);
  }
  hc_sf_params_init(&p, 4, 8, 0);
  assert_int_equal(a->check(&p, why, sizeof why), HC_OK);
  assert_ptr_equal(hc_sf_algo_find("inversion"), a);
}

/* --------------------------------------------------------- permuted_send */

/* 000 §6 COMPLETE EXCHANGE of p-word messages: stage k puts
** sum_{j<=k} C(d,j) p/d words on every link. */
static uint64_t ps_words(unsigned k, const void *ctx) {
  const dm *x = ctx;
  uint64_t sum = 0;
  for (unsigned j = 0; j <= k; j++) sum += hc_sf_binom(x->d, j);
  return sum * (x->m >> x->d) / x->d;
}

/* The permutations tested at d; returns how many (names in name[]). */
static unsigned perms(unsigned d, uint32_t perm[][1u << 6], const char **name) {
  const uint32_t n = 1u << d;
  unsigned k = 0;
  for (uint32_t x = 0; x < n; x++) perm[k][x] = x;
  name[k++] = "identity";
  for (uint32_t x = 0; x < n; x++) perm[k][x] = x ^ (n >> 1);
  name[k++] = "reflection";
  static const char *const named[] = {"inversion", "bitrev", "shuffle", "transpose", "random", "random"};
  for (unsigned i = 0; i < 6; i++) {
    if (i == 3 && d % 2) continue;
    assert_int_equal(hc_sf_perm_named(named[i], d, 11 + i, perm[k], NULL, 0), HC_OK);
    name[k++] = named[i];
  }
  return k;
}

/* The section 9 cut written from the paper: the most messages across one
** dimension, and the longest distance. */
static void ps_cut(unsigned d, const uint32_t *perm, uint64_t *most, uint64_t *hops) {
  *most = *hops = 0;
  for (unsigned j = 0; j < d; j++) {
    uint64_t k = 0;
    for (uint32_t x = 0; x < (1u << d); x++) k += (perm[x] >> j & 1) != (x >> j & 1);
    if (k > *most) *most = k;
  }
  for (uint32_t x = 0; x < (1u << d); x++) {
    uint64_t h = 0;
    for (uint32_t v = x ^ perm[x]; v; v >>= 1) h += v & 1;
    if (h > *hops) *hops = h;
  }
}

/* Node perm[x] holds x's message: piece y at 2m + y p, except its own
** piece z = perm[x], which stays where the first exchange left it (m + x p,
** or z p if x = z). */
static void ps_meaning(const hc_exec_result *r, unsigned d, uint32_t m, uint32_t mem, const uint32_t *perm) {
  const uint32_t n = 1u << d, q = m >> d;
  for (uint32_t x = 0; x < n; x++) {
    const uint32_t z = perm[x];
    for (uint32_t y = 0; y < n; y++) {
      const uint32_t at = y != z ? 2 * m + y * q : x == z ? z * q : m + x * q;
      for (uint32_t w = 0; w < q; w++) assert_int_equal(r->mem[(size_t)z * mem + at + w], hc_sched_tag(x, y * q + w));
    }
  }
}

/* The second exchange starts on every link when the first ends: position d
** starts at 2^(d-1) p + d beta (no overlap, the paper's sum of the two). */
static void ps_no_overlap(const hc_sched *s, const hc_exec_result *r, unsigned d, uint32_t m, uint32_t beta) {
  const uint64_t half = ((uint64_t)(m >> d) << (d - 1)) + (uint64_t)d * beta;
  for (size_t i = 0; i < hc_sched_num_packets(s); i++) {
    hc_packet_info info;
    assert_int_equal(hc_sched_packet(s, i, &info), HC_OK);
    if (info.seq == d) assert_int_equal(r->start[i], half);
    if (info.seq == d - 1) assert_int_equal(r->finish[i], half);
  }
}

static void test_permuted_send(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_permuted_send;
  static uint32_t perm[8][1u << 6];
  for (unsigned d = 1; d <= 6; d++) {
    const uint32_t n = 1u << d, unit = (uint32_t)hc_sf_lcm_upto(d) << d;
    const char *name[8];
    const unsigned np = perms(d, perm, name);
    for (unsigned pi = 0; pi < np; pi++)
      for (uint32_t mult = 1; mult <= (d >= 5 ? 1u : 2u); mult++) {
        const uint32_t m = mult * unit;
        hc_sf_params p;
        hc_sched_case c;
        make(a, d, m, perm[pi], &p, &c);
        const uint32_t mem = hc_sched_mem_words(c.sched);
        const dm ctx = {d, m};
        /* two complete exchanges: 2d packets per link */
        assert_int_equal(per_stage(c.sched, d, 2 * d, ps_words, &ctx), (size_t)2 * d * d * n);
        uint64_t most, hops;
        ps_cut(d, perm[pi], &most, &hops);
        for (size_t bi = 0; bi < NBETAS; bi++) {
          const uint32_t beta = betas[bi];
          const uint64_t want = 2 * (((uint64_t)(m >> d) << (d - 1)) + (uint64_t)d * beta); /* m + 2 d beta */
          hc_exec_result r;
          hc_sf_bound b;
          run(a, &p, &c, beta, want, &r, &b);
          ps_meaning(&r, d, m, mem, perm[pi]);
          ps_no_overlap(c.sched, &r, d, m, beta);
          assert_int_equal(b.links, n);
          assert_int_equal(b.load, most * m);
          assert_int_equal(b.hops, hops);
          if (strcmp(name[pi], "inversion") == 0 || strcmp(name[pi], "reflection") == 0)
            assert_int_equal(b.cut_cycles, m + beta); /* 000 §9: the worst case */
          hc_exec_result_free(&r);
        }
        hc_sched_case_free(&c);
      }
  }
}

static void test_permuted_send_params(void **state) {
  (void)state;
  const hc_sf_algo *a = &hc_sf_algo_permuted_send;
  char why[256];
  hc_sf_params p;
  uint32_t good[8] = {3, 1, 4, 0, 5, 7, 6, 2}, twice[8] = {3, 1, 4, 0, 5, 7, 6, 3}, out[8] = {3, 1, 4, 0, 5, 7, 6, 8};
  const struct {
    unsigned d;
    uint32_t m;
    const uint32_t *perm;
  } bad[] = {
      {3, 48, NULL},  /* no PERM */
      {3, 0, good},   {3, 48, twice}, {3, 48, out}, {0, 48, good},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    hc_sf_params_init(&p, bad[i].d, bad[i].m, 0);
    p.perm = bad[i].perm;
    why[0] = 0;
    assert_int_equal(a->check(&p, why, sizeof why), HC_EPARAM);
    assert_true(why[0] != 0 && strchr(why, '\n') == NULL);
  }
  hc_sf_params_init(&p, 3, 96, 0);
  p.perm = good;
  assert_int_equal(a->check(&p, why, sizeof why), HC_OK);
  assert_int_equal(a->unit(&p), 48);
  assert_true(a->takes & HC_SF_TAKES_PERM);
  assert_ptr_equal(hc_sf_algo_find("permuted_send"), a);
}

/* The §6 generators are listed in the paper's order around COMPLETE EXCHANGE. */
static void test_registry_order(void **state) {
  (void)state;
  const char *want[] = {"complete_broadcast", "inversion", "complete_exchange", "permuted_send"};
  size_t at = 0;
  for (const hc_sf_algo *const *a = hc_sf_algos; *a && at < 4; a++)
    if (strcmp((*a)->name, want[at]) == 0) at++;
  assert_int_equal(at, 4);
}

/* --------------------------------------------------------------- sf_perm */

static int is_perm(const uint32_t *perm, unsigned d) {
  unsigned char seen[1u << HC_SF_MAX_D] = {0};
  for (uint32_t x = 0; x < (1u << d); x++)
    if (perm[x] >= (1u << d) || seen[perm[x]]++) return 0;
  return 1;
}

static void test_perm_named(void **state) {
  (void)state;
  uint32_t p[1u << HC_SF_MAX_D], q[1u << HC_SF_MAX_D];
  char why[256];
  assert_int_equal(hc_sf_perm_named("bitrev", 3, 0, p, why, sizeof why), HC_OK);
  assert_int_equal(p[1], 4); /* 001 -> 100 */
  assert_int_equal(p[6], 3); /* 110 -> 011 */
  assert_int_equal(p[5], 5);
  assert_int_equal(hc_sf_perm_named("transpose", 4, 0, p, why, sizeof why), HC_OK);
  assert_int_equal(p[0x1], 0x4); /* low half 01 moves up */
  assert_int_equal(p[0xE], 0xB); /* 11|10 -> 10|11 */
  assert_int_equal(hc_sf_perm_named("shuffle", 3, 0, p, why, sizeof why), HC_OK);
  assert_int_equal(p[3], 6); /* rotate left by one */
  assert_int_equal(p[4], 1);
  assert_int_equal(hc_sf_perm_named("inversion", 5, 0, p, why, sizeof why), HC_OK);
  for (uint32_t x = 0; x < 32; x++) assert_int_equal(p[x], 31 - x);
  for (unsigned d = 1; d <= HC_SF_MAX_D; d++) {
    assert_int_equal(hc_sf_perm_named("random", d, 42, p, why, sizeof why), HC_OK);
    assert_true(is_perm(p, d));
    assert_int_equal(hc_sf_perm_named("random", d, 42, q, why, sizeof why), HC_OK);
    assert_memory_equal(p, q, (sizeof p[0]) << d); /* the same seed, the same permutation */
    static const char *const all[] = {"bitrev", "shuffle", "inversion"};
    for (size_t i = 0; i < 3; i++) {
      assert_int_equal(hc_sf_perm_named(all[i], d, 0, p, why, sizeof why), HC_OK);
      assert_true(is_perm(p, d));
    }
  }
  assert_int_equal(hc_sf_perm_named("random", 6, 1, p, why, sizeof why), HC_OK);
  assert_int_equal(hc_sf_perm_named("random", 6, 2, q, why, sizeof why), HC_OK);
  assert_true(memcmp(p, q, sizeof p[0] * 64) != 0);
  why[0] = 0;
  assert_int_equal(hc_sf_perm_named("transpose", 3, 0, p, why, sizeof why), HC_EPARAM);
  assert_non_null(strstr(why, "even"));
  why[0] = 0;
  assert_int_equal(hc_sf_perm_named("reverse", 3, 0, p, why, sizeof why), HC_EPARAM);
  assert_non_null(strstr(why, "reverse"));
}

static int parse(const char *text, unsigned d, uint32_t *p, char *why) {
  why[0] = 0;
  return hc_sf_perm_parse(text, strlen(text), d, p, why, 256);
}

static void test_perm_parse(void **state) {
  (void)state;
  uint32_t p[1u << HC_SF_MAX_D];
  char why[256];
  assert_int_equal(parse("3 2 1 0", 2, p, why), HC_OK);
  assert_int_equal(p[0], 3);
  assert_int_equal(p[3], 0);
  assert_int_equal(parse("# a comment\n1\t0 # tail\r\n3\n\n2\n", 2, p, why), HC_OK);
  assert_int_equal(p[0], 1);
  assert_int_equal(p[2], 3);
  assert_int_equal(p[3], 2);
  assert_int_equal(parse("01 00", 1, p, why), HC_OK); /* leading zeros are numbers */
  assert_int_equal(p[0], 1);
  /* the refusals, each one sentence */
  static const struct {
    const char *text;
    const char *says;
  } bad[] = {
      {"0 0 1 2", "twice"},                     /* repeated node */
      {"0 1\n2 4", "outside"},                  /* out of range */
      {"0 1 2 99999999999999999999", "outside"}, /* would overflow */
      {"0 1 2", "3 node numbers"},              /* too few */
      {"", "0 node numbers"},                   /* nothing */
      {"0 1 x 3", "'x'"},                       /* garbage */
      {"-1 0 1 2", "'-'"},                      /* a sign */
      {"0,1,2,3", "','"},                       /* commas */
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    assert_int_equal(parse(bad[i].text, 2, p, why), HC_EPARAM);
    if (!strstr(why, bad[i].says)) fail_msg("\"%s\": \"%s\" does not say %s", bad[i].text, why, bad[i].says);
    assert_null(strchr(why, '\n'));
  }
  assert_int_equal(parse("0 1 2 3 0", 2, p, why), HC_EPARAM); /* too many */
  assert_non_null(strstr(why, "more than"));
  assert_int_equal(parse("0 1\n\n1 0", 1, p, why), HC_EPARAM);
  assert_non_null(strstr(why, "line 3")); /* the line of the first extra number */
  /* a NUL or control byte is named, not printed (a NUL cut the message short) */
  static const char nul[] = "3 2 1\0 0";
  why[0] = 0;
  assert_int_equal(hc_sf_perm_parse(nul, sizeof nul - 1, 2, p, why, 256), HC_EPARAM);
  assert_string_equal(why, "line 1: expected a node number, found '\\x00'");
  assert_int_equal(parse("0 1 2 \033", 2, p, why), HC_EPARAM);
  assert_non_null(strstr(why, "found '\\x1B'"));
}

int main(void) {
  const struct CMUnitTest complete_broadcast[] = {
      cmocka_unit_test(test_complete_broadcast),
      cmocka_unit_test(test_complete_broadcast_params),
  };
  const struct CMUnitTest inversion[] = {
      cmocka_unit_test(test_inversion),
      cmocka_unit_test(test_inversion_params),
  };
  const struct CMUnitTest permuted_send[] = {
      cmocka_unit_test(test_permuted_send),
      cmocka_unit_test(test_permuted_send_params),
      cmocka_unit_test(test_registry_order),
  };
  const struct CMUnitTest perm[] = {
      cmocka_unit_test(test_perm_named),
      cmocka_unit_test(test_perm_parse),
  };
  int fails = 0;
  fails += cmocka_run_group_tests_name("sf_complete_broadcast", complete_broadcast, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_inversion", inversion, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_permuted_send", permuted_send, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_perm", perm, NULL, NULL);
  return fails ? 1 : 0;
}
