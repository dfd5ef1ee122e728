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
** stage 0, to distance d-1 in stage 1, ..., all ending in stage d-1. So in
** stage k the piece at o.c. stage q = k - (d - n) is at s ^ {s_i, ...,
** s_{i+q-1}} and crosses s_{i+q}. All pieces crossing a link in a stage are
** batched into one packet. Counting them (the paper's analysis) every link
** carries sum_{n=d-k..d} C(d-1, n-1) m/n words in stage k, and
** sum_k of those is 2^(d-1) m: the time is 2^(d-1) tau m + d beta. The pieces
** must be whole words for every n = 1..d, so m must be a multiple of
** lcm(1..d) ("m divisible as the formula assumes").
*/
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "hc_sched_algos.h"

static unsigned popc(uint32_t v) {
  unsigned n = 0;
  for (; v; v &= v - 1) n++;
  return n;
}

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
  return ((uint64_t)m << (d - 1)) + (uint64_t)d * beta;
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

int hc_sf_exchange_case(unsigned d, uint32_t m, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  uint32_t mem = hc_sf_exchange_mem(d, m);
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

int hc_sf_complete_exchange(unsigned d, uint32_t m, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  if (d < 1 || d > HC_SF_MAX_D || m == 0 ||
      m % hc_sf_complete_exchange_unit(d) != 0)
    return HC_EPARAM;
  int rc = hc_sf_exchange_case(d, m, out);
  if (rc) return rc;
  const uint32_t n = 1u << d, mem = hc_sched_mem_words(out->sched);
  /* cur[(s*n + t)*d + i]: where piece i of s's message for t lies at the
  ** node that last received it; bump[x]: next free scratch word of x. */
  uint32_t *cur = malloc((size_t)n * n * d * sizeof *cur);
  uint32_t *bump = malloc((size_t)n * sizeof *bump);
  if (!cur || !bump) {
    rc = HC_ENOMEM;
    goto done;
  }
  for (uint32_t x = 0; x < n; x++) bump[x] = 2 * n * m;

  for (unsigned k = 0; k < d; k++)
    for (uint32_t x = 0; x < n; x++)
      for (unsigned c = 0; c < d; c++) {
        const uint32_t r = x ^ (1u << c);
        if ((rc = hc_sched_begin(out->sched, x, c))) goto done;
        /* every dimension set S of the subcube of a message, with c in S */
        for (uint32_t S = 1; S < n; S++) {
          unsigned sz = popc(S);
          if (!(S >> c & 1) || sz + k < d) continue;
          unsigned q = k - (d - sz); /* o.c. stage of this message */
          unsigned dims[32], nd = 0, pos = 0;
          for (unsigned b = 0; b < d; b++)
            if (S >> b & 1) {
              if (b == c) pos = nd;
              dims[nd++] = b;
            }
          unsigned i = (pos + sz - q % sz) % sz; /* the piece crossing c now */
          uint32_t U = 0;
          for (unsigned j = 0; j < q; j++) U |= 1u << dims[(i + j) % sz];
          const uint32_t src = x ^ U, dst = src ^ S, len = m / sz;
          const uint32_t off = i * len;
          uint32_t *where = &cur[((size_t)src * n + dst) * d + i];
          uint32_t from = q == 0 ? dst * m + off : *where;
          uint32_t to;
          if (q == sz - 1) {
            /* the last hop lands in the result block of the source */
            assert(r == dst);
            to = n * m + src * m + off;
          } else {
            to = bump[r];
            bump[r] += len;
            assert(bump[r] <= mem);
          }
          *where = to;
          if ((rc = hc_sched_gather(out->sched, from, len)) ||
              (rc = hc_sched_scatter(out->sched, to, len)))
            goto done;
        }
        if ((rc = hc_sched_end(out->sched))) goto done;
      }
  for (uint32_t x = 0; x < n; x++) assert(bump[x] == mem);
  (void)mem;
done:
  free(cur);
  free(bump);
  if (rc) hc_sched_case_free(out);
  return rc;
}

static uint32_t unit(const hc_sf_params *p) { return hc_sf_complete_exchange_unit(p->d); }

static int check(hc_sf_params *p, char *why, size_t n) {
  return hc_sf_check_basic(p, hc_sf_complete_exchange_unit(p->d), "M", why, n);
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

const hc_sf_algo hc_sf_algo_complete_exchange = {
    .name = "complete_exchange",
    .source = "000 (Stout & Wagar) §6, COMPLETE EXCHANGE",
    .param = "M",
    .formula_text = "2^(d-1)*m + d*beta",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
};
