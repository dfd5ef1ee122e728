/*
** COMPLETE BROADCAST of Stout & Wagar (shared/seeds/000 §6) as a
** store-and-forward schedule: BROADCAST 2 (000 §2) run from every node at
** once, batched. In BROADCAST 2 from root r the m words are cut into d
** packets P_i of m/d words and P_i goes by recursive doubling over the
** dimensions i, i+1, ... (mod d): in stage k the nodes rot_i(j) ^ r, j <
** 2^k, send P_i over dimension (i+k) mod d. Completed, the link (x, c)
** carries in stage k the piece i = (c - k) mod d of the 2^k roots
** r = x ^ rot_i(j), j < 2^k, all batched into one packet of 2^k m/d words;
** every link carries d packets (one per stage, in stage order) and is busy
** all the time, so the run takes sum_k (2^k m/d + beta) =
** (2^d - 1) m/d + d beta, the paper's boxed time. Every node receives every
** piece of every other root exactly once (a broadcast tree), so no word is
** relayed through scratch: the result lands where it is kept.
*/
#include <string.h>

#include "hc_sf_algo.h"

/* Layout, N = 2^d blocks of m words: node x owns block x (words x m ..
** x m + m - 1); every other block r receives root r's m words. */
static uint64_t mem_words(unsigned d, uint32_t m) { return (uint64_t)m << d; }

/* Append stage k's packet of link (x, c): piece i = (c - k) mod d of the
** 2^k roots x ^ rot_i(j), j < 2^k, each at the root's block in both
** memories (the receiver keeps it where the sender has it). */
static int stage_packet(hc_sched *s, unsigned d, uint32_t m, unsigned k, uint32_t x, unsigned c) {
  const unsigned i = (c + d - k) % d;
  const uint32_t q = m / d;
  int rc = hc_sched_begin(s, x, c);
  for (uint32_t j = 0; j < (1u << k) && !rc; j++) {
    const uint32_t r = x ^ hc_sf_rotl(j, i, d), a = r * m + i * q;
    rc = hc_sched_gather(s, a, q);
    if (!rc) rc = hc_sched_scatter(s, a, q);
  }
  return rc ? rc : hc_sched_end(s);
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  const unsigned d = p->d;
  const uint32_t m = p->m, n = 1u << d;
  if (mem_words(d, m) > HC_SCHED_MAX_MEM) return HC_EPARAM;
  int rc = hc_sched_new(d, (uint32_t)mem_words(d, m), &out->sched);
  if (!rc) rc = hc_sched_case_alloc(out);
  for (uint32_t x = 0; x < n && !rc; x++) rc = hc_sched_case_own(out, x, x * m, m);
  if (rc) goto fail;
  /* What a complete broadcast means: every node ends with every root's
  ** block, at the root's address. */
  for (uint32_t y = 0; y < n; y++)
    for (uint32_t a = 0; a < n * m; a++) out->expect[(size_t)y * n * m + a] = hc_sched_tag(a / m, a);
  for (unsigned k = 0; k < d; k++)
    for (uint32_t x = 0; x < n; x++)
      for (unsigned c = 0; c < d; c++)
        if ((rc = stage_packet(out->sched, d, m, k, x, c))) goto fail;
  return HC_OK;
fail:
  hc_sched_case_free(out);
  return rc;
}

static uint32_t unit(const hc_sf_params *p) { return p->d; }

static int check(hc_sf_params *p, char *why, size_t n) {
  int rc = hc_sf_check_basic(p, p->d, "M", why, n);
  if (!rc && mem_words(p->d, p->m) > HC_SCHED_MAX_MEM)
    rc = hc_sf_why(why, n, "M = %u: 2^%u blocks of M words exceed the %u words a node may have", p->m, p->d,
                   HC_SCHED_MAX_MEM);
  return rc;
}

/* 000 §6: sum_{k<d} (2^k m/d + beta) = (2^d - 1) m/d + d beta (d | m). */
static uint64_t formula(const hc_sf_params *p) {
  return (((uint64_t)1 << p->d) - 1) * (p->m / p->d) + (uint64_t)p->d * p->beta;
}

/* 000 §9: S = the d incoming links of node 0, which must bring the
** (2^d - 1) m words of all the other roots; node 0's opposite corner is d
** hops away. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the d incoming links of node 0", p->d, (((uint64_t)1 << p->d) - 1) * p->m, p->d, p->beta);
}

const hc_sf_algo hc_sf_algo_complete_broadcast = {
    .name = "complete_broadcast",
    .source = "000 (Stout & Wagar) §6, COMPLETE BROADCAST",
    .param = "M",
    .formula_text = "(2^d - 1)*m/d + d*beta",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
};
