/*
** Unit tests of the routing functions (csim/hc_route.h). Each function's
** rule is written again here, from its definition in docs/hou.md, as a
** predicate on a whole path (the sequence of hops, each a dimension and a
** direction); the tests then check, for every source and destination of
** the 1- to 6-cube, that the paths the function lets a message take
** (following its sets hop by hop) are exactly the shortest paths the
** predicate accepts: every choice is minimal and obeys the rule, every
** path the rule allows is offered, and no message reaches a router where
** it has no choice. Deadlock freedom is checked on Dally and Seitz's
** channel dependency graph, built from every state a message can reach,
** which must be acyclic (a fully adaptive minimal function, written here,
** must not be: the check can fail). The paper's one quantitative claim on
** two of them (Hou et al., section 1: under [7] and [15] eight messages of
** the 8-cube bit reversal must all cross channel 8 -> 0) is checked too,
** and the same eight of the transpose.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hc_route.h"
#include "hc_status.h"

#define MAXD 6 /* the largest cube whose every path is enumerated */

/* ------------------------------------------------- the rules, once more */

/* A hop: dimension dim, down = 1 for a 1 -> 0 change of the current bit. */
typedef struct hop {
  unsigned dim, down;
} hop;

/* The MIX schemes: dimension i lies in group i / 3; a group of type a
** takes its 0 -> 1 hops first, one of type b its 1 -> 0 hops first. */
static int mix_type_b(unsigned r, unsigned group) {
  return r == HC_ROUTE_MIXBB3 || (group & 1u);
}

/* Whether the path h[0..k-1] obeys routing r's rule (docs/hou.md). */
static int legal(unsigned r, const hop *h, unsigned k) {
  for (unsigned i = 0; i < k; i++) {
    for (unsigned j = i + 1; j < k; j++) {
      const hop a = h[i], b = h[j];
      switch (r) {
        case HC_ROUTE_ECUBE: /* dimensions in increasing order */
          if (a.dim > b.dim) return 0;
          break;
        case HC_ROUTE_PCUBE: /* every 0 -> 1 hop before every 1 -> 0 hop */
          if (a.down && !b.down) return 0;
          break;
        case HC_ROUTE_CHIU: /* no hop of a higher dimension before a 1 -> 0 hop */
          if (b.down && a.dim > b.dim) return 0;
          break;
        case HC_ROUTE_MIN: /* no hop into a 1 -> 0 hop of a lower dimension */
          if (j == i + 1 && b.down && a.dim > b.dim) return 0;
          break;
        default: { /* MIX: groups in increasing order, each by its type */
          const unsigned ga = a.dim / 3, gb = b.dim / 3;
          if (ga > gb) return 0;
          if (ga == gb && a.down != b.down && a.down == !mix_type_b(r, ga)) return 0;
          break;
        }
      }
    }
  }
  return 1;
}

/* --------------------------------------------------------- path walking */

/* Walk the hops in the order perm[0..k-1] of the dimensions from src:
** whether every hop is in the function's set at its router (entered by
** the previous hop's dimension; the first from the local input, d). The
** hops' directions go to h. */
static int offered(unsigned r, unsigned d, uint32_t src, uint32_t dst, const unsigned *perm, unsigned k,
                   hop *h) {
  uint32_t x = src;
  unsigned in = d;
  for (unsigned i = 0; i < k; i++) { /* each dimension changes once: its bit is src's until then */
    h[i].dim = perm[i];
    h[i].down = (src >> perm[i]) & 1u;
  }
  for (unsigned i = 0; i < k; i++) {
    if (!((hc_route_allowed(r, d, x, dst, in) >> perm[i]) & 1u)) return 0;
    x ^= 1u << perm[i];
    in = perm[i];
  }
  return x == dst;
}

/* Every order of the k dimensions dims[]; for each, offered == legal. */
static void all_orders(unsigned r, unsigned d, uint32_t src, uint32_t dst, unsigned *dims, unsigned lo,
                       unsigned k, unsigned *nlegal) {
  if (lo == k) {
    hop h[MAXD];
    const int off = offered(r, d, src, dst, dims, k, h);
    const int leg = legal(r, h, k);
    if (off != leg)
      fail_msg("routing %s, d=%u, %u -> %u: a path is %s by the function but %s by the rule",
               hc_routing_name(r), d, src, dst, off ? "offered" : "refused", leg ? "legal" : "illegal");
    *nlegal += (unsigned)leg;
    return;
  }
  for (unsigned i = lo; i < k; i++) {
    unsigned t = dims[lo];
    dims[lo] = dims[i];
    dims[i] = t;
    all_orders(r, d, src, dst, dims, lo + 1, k, nlegal);
    dims[i] = dims[lo];
    dims[lo] = t;
  }
}

/*
** The states (router x, input in) that a message to dst reaches from any
** source under r, as a bit set reach[x * (d + 1) + in]; every reached
** state's set is checked: the ejection port alone at dst, else a nonempty
** subset of the dimensions still to correct.
*/
static void reach_states(unsigned r, unsigned d, uint32_t dst, uint8_t *reach) {
  const unsigned n = 1u << d, np = d + 1;
  unsigned *stack = malloc(sizeof *stack * n * np), sp = 0;
  assert_non_null(stack);
  memset(reach, 0, (size_t)n * np);
  for (uint32_t s = 0; s < n; s++) {
    reach[s * np + d] = 1;
    stack[sp++] = s * np + d;
  }
  while (sp) {
    const unsigned st = stack[--sp], x = st / np, in = st % np;
    const uint32_t set = hc_route_allowed(r, d, x, dst, in), need = x ^ dst;
    if (need == 0) {
      assert_int_equal(set, 1u << d);
      continue;
    }
    if (set == 0 || (set & ~need) != 0)
      fail_msg("routing %s, d=%u: router %u (in %u) to %u offers 0x%x, needs 0x%x", hc_routing_name(r), d,
               x, in, dst, set, need);
    for (uint32_t s = set; s; s &= s - 1u) {
      const unsigned o = (unsigned)__builtin_ctz(s), nx = (x ^ (1u << o)) * np + o;
      if (!reach[nx]) {
        reach[nx] = 1;
        stack[sp++] = nx;
      }
    }
  }
  free(stack);
}

/* --------------------------------------------------------------- tests */

static void names_parse_and_print(void **state) {
  (void)state;
  assert_int_equal(HC_ROUTE_ECUBE, 0); /* a zeroed hc_cfg routes e-cube */
  for (unsigned r = 0; r < HC_ROUTE_NUM; r++) {
    hc_routing got = HC_ROUTE_NUM;
    assert_non_null(hc_routing_name(r));
    assert_non_null(hc_routing_label(r));
    assert_int_equal(hc_routing_parse(hc_routing_name(r), &got), HC_OK);
    assert_int_equal(got, r);
    for (unsigned q = 0; q < r; q++) assert_string_not_equal(hc_routing_name(q), hc_routing_name(r));
  }
  static const char *const bad[] = {"", "bogus", "ECUBE", "e-cube", "pcube ", "list"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    hc_routing got = HC_ROUTE_MIN;
    assert_int_equal(hc_routing_parse(bad[i], &got), HC_EUNKNOWN);
    assert_int_equal(got, HC_ROUTE_MIN); /* untouched */
  }
  assert_int_equal(hc_routing_parse(NULL, &(hc_routing){0}), HC_EUNKNOWN);
  assert_null(hc_routing_name(HC_ROUTE_NUM));
  assert_null(hc_routing_label(HC_ROUTE_NUM));
  assert_int_equal(hc_route_allowed(HC_ROUTE_NUM, 4, 0, 5, 4), 0);
}

/* E-cube's set is the one lowest differing dimension, whatever the input. */
static void ecube_is_the_lowest_dimension(void **state) {
  (void)state;
  for (unsigned d = 1; d <= 8; d++)
    for (uint32_t x = 0; x < (1u << d); x++)
      for (uint32_t y = 0; y < (1u << d); y++)
        for (unsigned in = 0; in <= d; in++) {
          uint32_t want = x == y ? 1u << d : 1u << __builtin_ctz(x ^ y);
          assert_int_equal(hc_route_allowed(HC_ROUTE_ECUBE, d, x, y, in), want);
        }
}

/* Every reachable state offers a nonempty set of shortest-path hops. */
static void every_choice_is_minimal_and_none_is_stuck(void **state) {
  (void)state;
  uint8_t *reach = malloc((size_t)(1u << MAXD) * (MAXD + 1));
  assert_non_null(reach);
  for (unsigned r = 0; r < HC_ROUTE_NUM; r++)
    for (unsigned d = 1; d <= MAXD; d++)
      for (uint32_t dst = 0; dst < (1u << d); dst++) reach_states(r, d, dst, reach);
  free(reach);
}

/* The paths offered are exactly the shortest paths the rule allows. */
static void offered_paths_are_the_legal_ones(void **state) {
  (void)state;
  for (unsigned r = 0; r < HC_ROUTE_NUM; r++) {
    for (unsigned d = 1; d <= MAXD; d++) {
      for (uint32_t s = 0; s < (1u << d); s++) {
        for (uint32_t t = 0; t < (1u << d); t++) {
          unsigned dims[MAXD], k = 0, nlegal = 0;
          for (unsigned i = 0; i < d; i++)
            if (((s ^ t) >> i) & 1u) dims[k++] = i;
          all_orders(r, d, s, t, dims, 0, k, &nlegal);
          if (k > 0 && nlegal == 0) fail_msg("routing %s: no legal path %u -> %u", hc_routing_name(r), s, t);
          if (r == HC_ROUTE_ECUBE) assert_int_equal(nlegal, 1u);
        }
      }
    }
  }
}

/* A hand count: P-cube from 0 to 2^d - 1 (every hop 0 -> 1) may take all d!
** orders; Chiu from 2^d - 1 to 0 (every hop 1 -> 0) only one; Min from 0 to
** 2^d - 1 all d! (the rule restricts 1 -> 0 hops only). */
static void adaptivity_by_hand(void **state) {
  (void)state;
  unsigned dims[MAXD], fact = 1, n;
  for (unsigned d = 1; d <= MAXD; d++) {
    const uint32_t all = (1u << d) - 1u;
    fact *= d;
    for (unsigned i = 0; i < d; i++) dims[i] = i;
    n = 0;
    all_orders(HC_ROUTE_PCUBE, d, 0, all, dims, 0, d, &n);
    assert_int_equal(n, fact);
    n = 0;
    all_orders(HC_ROUTE_CHIU, d, all, 0, dims, 0, d, &n);
    assert_int_equal(n, 1u);
    n = 0;
    all_orders(HC_ROUTE_MIN, d, 0, all, dims, 0, d, &n);
    assert_int_equal(n, fact);
  }
}

/*
** The channel dependency graph of r on the d-cube: channel (x, i) -> (y, j)
** when a message can hold (x, i) and ask for (y, j) (y = x ^ 2^i, j in the
** set of the state (y, i)). Returns whether it has a cycle (iterative DFS).
** fully_adaptive: the test's own function, every dimension still to correct.
*/
static int cdg_has_cycle(unsigned r, unsigned d, int fully_adaptive) {
  const unsigned n = 1u << d, np = d + 1, nc = n * d;
  uint32_t *succ = calloc(nc, sizeof *succ); /* successors of (x,i): bit j = channel (x^2^i, j) */
  uint8_t *reach = malloc((size_t)n * np), *color = calloc(nc, 1);
  unsigned *stack = malloc(sizeof *stack * nc), *next = calloc(nc, sizeof *next);
  int cycle = 0;
  assert_true(succ && reach && color && stack && next);
  for (uint32_t dst = 0; dst < n; dst++) {
    if (fully_adaptive) memset(reach, 1, (size_t)n * np);
    else reach_states(r, d, dst, reach);
    for (uint32_t y = 0; y < n; y++)
      for (unsigned in = 0; in < d; in++) {
        if (!reach[y * np + in] || y == dst) continue;
        uint32_t set = fully_adaptive ? (y ^ dst) & ~(1u << in) : hc_route_allowed(r, d, y, dst, in);
        if (fully_adaptive && (((y ^ dst) >> in) & 1u)) continue; /* not on a shortest path */
        succ[(y ^ (1u << in)) * d + in] |= set;
      }
  }
  for (unsigned root = 0; root < nc && !cycle; root++) {
    unsigned sp = 0;
    if (color[root]) continue;
    color[root] = 1;
    stack[sp++] = root;
    while (sp && !cycle) {
      const unsigned c = stack[sp - 1], y = (c / d) ^ (1u << (c % d));
      if (next[c] < d) {
        const unsigned j = next[c]++;
        if (!((succ[c] >> j) & 1u)) continue;
        const unsigned nc2 = y * d + j;
        if (color[nc2] == 1) cycle = 1;
        else if (color[nc2] == 0) {
          color[nc2] = 1;
          stack[sp++] = nc2;
        }
      } else {
        color[c] = 2;
        sp--;
      }
    }
  }
  free(succ);
  free(reach);
  free(color);
  free(stack);
  free(next);
  return cycle;
}

static void every_function_is_deadlock_free(void **state) {
  (void)state;
  for (unsigned r = 0; r < HC_ROUTE_NUM; r++)
    for (unsigned d = 1; d <= 8; d++)
      if (cdg_has_cycle(r, d, 0)) fail_msg("routing %s: channel dependency cycle at d=%u", hc_routing_name(r), d);
}

/* The check can fail: unrestricted minimal routing has a cycle from d = 2. */
static void fully_adaptive_has_a_dependency_cycle(void **state) {
  (void)state;
  assert_false(cdg_has_cycle(0, 1, 1));
  for (unsigned d = 2; d <= 6; d++) assert_true(cdg_has_cycle(0, d, 1));
}

/* Whether every path of r from src to dst uses channel (cx, ci). */
static int forced_through(unsigned r, unsigned d, uint32_t src, uint32_t dst, uint32_t cx, unsigned ci) {
  const unsigned n = 1u << d, np = d + 1;
  uint8_t *seen = calloc((size_t)n * np, 1);
  unsigned *stack = malloc(sizeof *stack * n * np), sp = 0;
  int reached = 0;
  assert_true(seen && stack);
  seen[src * np + d] = 1;
  stack[sp++] = src * np + d;
  while (sp && !reached) {
    const unsigned st = stack[--sp], x = st / np, in = st % np;
    if (x == dst) {
      reached = 1;
      break;
    }
    for (uint32_t s = hc_route_allowed(r, d, x, dst, in); s; s &= s - 1u) {
      const unsigned o = (unsigned)__builtin_ctz(s), nx = (x ^ (1u << o)) * np + o;
      if (x == cx && o == ci) continue; /* avoid the channel */
      if (!seen[nx]) {
        seen[nx] = 1;
        stack[sp++] = nx;
      }
    }
  }
  free(seen);
  free(stack);
  return !reached;
}

/*
** Hou et al., section 1: with the routing of [7] or [15], "there exists a
** set of 8 source-destination pairs contending for the channel
** ([00010000]^t, [00000000]^t)" in the 8-cube bit reversal (x_3 is the
** fourth bit: node 8, dimension 3). Under chiu and min exactly the eight
** sources 8..15 must cross it, as under e-cube (Theorem 1, T_3 = 8). The
** transpose gives the same eight (under e-cube too) by the same argument: a source 8..15
** (x_3 = 1, x_4..x_7 = 0) sends to y with y_0..y_3 = x_4..x_7 = 0, so its
** 1 -> 0 hops are those of x_0..x_3 and every other hop is above dimension
** 3; both rules take the 1 -> 0 hops first, in increasing dimension, and
** the last of them leaves node 8 on dimension 3. No other source must. So
** do MIXab3 and MIXbb3: group 0 (dimensions 0-2) holds only 1 -> 0 hops of
** those sources and goes first, and group 1 (3-5) is of type b in both, so
** its 1 -> 0 hop, dimension 3, goes before its others.
*/
static void paper_channel_8_to_0(void **state) {
  (void)state;
  static const unsigned routes[] = {HC_ROUTE_ECUBE, HC_ROUTE_CHIU, HC_ROUTE_MIN, HC_ROUTE_MIXAB3,
                                    HC_ROUTE_MIXBB3};
  for (size_t k = 0; k < sizeof routes / sizeof routes[0]; k++) {
    for (int transpose = 0; transpose <= 1; transpose++) {
      unsigned forced = 0;
      uint32_t lo = 256, hi = 0;
      for (uint32_t x = 0; x < 256; x++) {
        uint32_t y = 0;
        if (transpose) y = ((x >> 4) | (x << 4)) & 255u;
        else
          for (unsigned i = 0; i < 8; i++) y |= ((x >> i) & 1u) << (7 - i);
        if (x != y && forced_through(routes[k], 8, x, y, 8, 3)) {
          forced++;
          if (x < lo) lo = x;
          if (x > hi) hi = x;
        }
      }
      assert_int_equal(forced, 8);
      assert_int_equal(lo, 8);
      assert_int_equal(hi, 15);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(names_parse_and_print),
      cmocka_unit_test(ecube_is_the_lowest_dimension),
      cmocka_unit_test(every_choice_is_minimal_and_none_is_stuck),
      cmocka_unit_test(offered_paths_are_the_legal_ones),
      cmocka_unit_test(adaptivity_by_hand),
      cmocka_unit_test(every_function_is_deadlock_free),
      cmocka_unit_test(fully_adaptive_has_a_dependency_cycle),
      cmocka_unit_test(paper_channel_8_to_0),
  };
  return cmocka_run_group_tests_name("hc_route", tests, NULL, NULL);
}
