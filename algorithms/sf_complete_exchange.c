/*
** COMPLETE EXCHANGE of Stout & Wagar (shared/seeds/000 §6) as a
** store-and-forward schedule, and the memory layout both exchanges share.
**
** The algorithm completes DISTRIBUTE 1 (000 §5): source s sends its message
** for t, at distance n = |s^t|, by O.C. SEND 2 (000 §3) in the n-subcube
** spanned by s and t: the message is cut into n pieces of m/n words, and
** with the dimensions of S = s^t listed in increasing order s_0 < ... <
** s_{n-1}, piece i crosses s_i, s_{i+1}, ... (cyclically), one dimension per
** stage. The sends are staggered so that the ones to distance d start in
** stage 0, to distance d-1 in stage 1, ..., all ending in stage d-1. All
** pieces crossing a link in a stage are batched into one packet. Counting
** them (the paper's analysis) every link carries sum_{n=d-k..d} C(d-1, n-1)
** m/n words in stage k, and sum_k of those is 2^(d-1) m: the time is
** 2^(d-1) tau m + d beta. The construction is the engine of
** algorithms/sf_xchg.c, shared with PERMUTED SEND and MATRIX TRANSPOSITION
** by rows.
**
** Rounding. The paper assumes every n = 1..d divides m (m a multiple of
** lcm(1..d), 2520 at d = 10). Any m >= 1 is accepted: a piece of a
** distance-n message is c_n = ceil(m/n) words on the links, the words past
** the message being pad (read from the message, landing in scratch). Every
** link still carries the same words in every stage, so the time is exactly
** sum_{n=1..d} C(d-1,n-1) n ceil(m/n) + d beta, the paper's sum with m/n
** replaced by ceil(m/n); it is 2^(d-1) m + d beta when every n divides m
** (the schedule is then the paper's, without pad). formula() is that
** rounded expression; the rounding costs sum_n C(d-1,n-1) (n c_n - m)
** cycles, at most sum_n C(d-1,n-1) (n-1).
*/
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "hc_sched_algos.h"
#include "sf_xchg.h"

static uint32_t gcd(uint32_t a, uint32_t b) {
  while (b) {
    uint32_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

uint32_t hc_sf_complete_exchange_unit(unsigned d) {
  uint32_t l = 1;
  for (uint32_t i = 2; i <= d; i++) l = l / gcd(l, i) * i;
  return l;
}

uint64_t hc_sf_complete_exchange_formula(unsigned d, uint32_t m, uint32_t beta) {
  return hc_xchg_time(d, m, beta);
}

uint64_t hc_sf_exchange_lower(unsigned d, uint32_t m, uint32_t beta) {
  uint64_t bw = ((uint64_t)m << (d - 1)) + beta;
  uint64_t lat = (uint64_t)d * ((uint64_t)beta + 1);
  return bw > lat ? bw : lat;
}

uint32_t hc_sf_exchange_mem(unsigned d, uint32_t m) {
  if (d < 1 || d > HC_SF_MAX_D) return 0;
  uint64_t n = 1ull << d;
  uint64_t relay = (uint64_t)d * (n / 2) - n + 1; /* relayed messages per node */
  uint64_t w = (uint64_t)m * (2 * n + relay);
  return w > HC_SCHED_MAX_MEM ? 0 : (uint32_t)w;
}

/* The exchange case with mem words per node (at least 2 N m). */
static int exchange_case(unsigned d, uint32_t m, uint32_t mem, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  if (m == 0 || mem == 0) return HC_EPARAM;
  const uint32_t n = 1u << d;
  int rc = hc_sched_new(d, mem, &out->sched);
  if (!rc) rc = hc_sched_case_alloc(out);
  for (uint32_t x = 0; x < n && !rc; x++)
    rc = hc_sched_case_own(out, x, 0, n * m);
  if (rc) {
    hc_sched_case_free(out);
    return rc;
  }
  /* What an exchange means: node y's result block s is s's block y. */
  for (uint32_t y = 0; y < n; y++) {
    size_t base = (size_t)y * mem;
    for (uint32_t s = 0; s < n; s++)
      for (uint32_t w = 0; w < m && s != y; w++)
        out->expect[base + (size_t)n * m + (size_t)s * m + w] =
            hc_sched_tag(s, y * m + w);
    memset(out->care + base + (size_t)2 * n * m, 0, mem - (size_t)2 * n * m);
  }
  return HC_OK;
}

int hc_sf_exchange_case(unsigned d, uint32_t m, hc_sched_case *out) {
  return exchange_case(d, m, hc_sf_exchange_mem(d, m), out);
}

uint32_t hc_sf_complete_exchange_mem(unsigned d, uint32_t m) {
  if (d < 1 || d > HC_SF_MAX_D || m == 0) return 0;
  const uint64_t w = ((uint64_t)m << (d + 1)) + hc_xchg_scratch(d, m);
  return w > HC_SCHED_MAX_MEM ? 0 : (uint32_t)w;
}

/* The exchange's words: s's block t in its own data, s's block in t's result. */
static uint32_t ce_from(const void *ctx, uint32_t s, uint32_t t, uint32_t w) {
  (void)s;
  return t * *(const uint32_t *)ctx + w;
}

static uint32_t ce_to(const void *ctx, uint32_t s, uint32_t t, uint32_t w) {
  (void)t;
  const uint32_t *nm = ctx; /* {m, N m} */
  return nm[1] + s * nm[0] + w;
}

int hc_sf_complete_exchange(unsigned d, uint32_t m, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  const uint32_t mem = hc_sf_complete_exchange_mem(d, m);
  if (mem == 0) return HC_EPARAM;
  int rc = exchange_case(d, m, mem, out);
  if (rc) return rc;
  const uint32_t n = 1u << d, ctx[2] = {m, n * m};
  const hc_xchg_map map = {.len = m, .from = ce_from, .to = ce_to, .ctx = ctx};
  uint32_t *bump = malloc((size_t)n * sizeof *bump);
  rc = bump ? HC_OK : HC_ENOMEM;
  for (uint32_t x = 0; x < n && !rc; x++) bump[x] = 2 * n * m;
  if (!rc) rc = hc_xchg_build(out->sched, d, &map, bump);
  for (uint32_t x = 0; x < n && !rc; x++) assert(bump[x] == mem);
  free(bump);
  if (rc) hc_sched_case_free(out);
  return rc;
}

static uint32_t unit(const hc_sf_params *p) { return hc_sf_complete_exchange_unit(p->d); }

/* Any m >= 1 (pieces rounded up); the memory must fit. */
static int check(hc_sf_params *p, char *why, size_t n) {
  int rc = hc_sf_check_basic(p, 1, "M", why, n);
  if (!rc && hc_sf_complete_exchange_mem(p->d, p->m) == 0)
    rc = hc_sf_why(why, n, "M = %u: the exchange's 2^(d+1) m words and its scratch per node exceed %u", p->m,
                   HC_SCHED_MAX_MEM);
  return rc;
}

static int build(const hc_sf_params *p, hc_sched_case *out) { return hc_sf_complete_exchange(p->d, p->m, out); }

static uint64_t formula(const hc_sf_params *p) { return hc_sf_complete_exchange_formula(p->d, p->m, p->beta); }

/* 000 §9 (corrected: the scan's a = 2^(d-1) m): S = the 2^d links between the
** lower and the upper half, which carry 2^(d-1) * 2^(d-1) messages each way,
** a = 2^(2d-1) m in all; a message to the opposite corner crosses d links. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the 2^d links between the halves", 1ull << p->d, (uint64_t)p->m << (2 * p->d - 1), p->d,
                  p->beta);
}

/* One packet a link and stage, d in all; every link carries the same
** sum_n C(d-1,n-1) n c_n words (hc_xchg_time at beta 0), all into the bank
** of that link at the receiver; a node's own bank holds its 2^d blocks and
** the result block's slot for itself, (2^d + 1) m words. The table
** segments depend on the placement: not known without building. */
static void sizes(const hc_sf_params *p, hc_sf_sizes *z) {
  const uint64_t own = ((1ull << p->d) + 1) * p->m, link = hc_xchg_time(p->d, p->m, 0);
  *z = (hc_sf_sizes){own > link ? own : link, p->d, 0, 0, hc_sf_complete_exchange_mem(p->d, p->m),
                     ((uint64_t)p->d * p->d) << p->d};
}

const hc_sf_algo hc_sf_algo_complete_exchange = {
    .name = "complete_exchange",
    .source = "000 (Stout & Wagar) §6, COMPLETE EXCHANGE",
    .param = "M",
    .formula_text = "2^(d-1)*m + d*beta; with pieces rounded up: sum_n C(d-1,n-1)*n*ceil(m/n) + d*beta",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .sizes = sizes,
};
