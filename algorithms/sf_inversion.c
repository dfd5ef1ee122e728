/*
** INVERSION of Stout & Wagar (shared/seeds/000 §6) as a store-and-forward
** schedule: O.C. SEND 2 (000 §3) from every node at once, every node x
** sending its m words to its opposite corner ~x. In O.C. SEND 2 from s the
** message is cut into d packets P_i of m/d words and in stage k the node
** rot_i(2^k - 1) ^ s sends P_i over dimension (i+k) mod d. Completed, the
** link (x, c) carries in stage k the piece i = (c - k) mod d of the one
** source s = x ^ rot_i(2^k - 1): one packet of m/d words per link and stage
** (the paper: "no more than one packet will be sent along the same link
** during a stage"), so the run takes d (m/d + beta) = m + d beta. A node
** relays one piece per incoming link in each of the stages 0..d-2, each
** into a fresh scratch slot (single assignment).
*/
#include <string.h>

#include "hc_sf_algo.h"

/* Layout, m words per block (q = m/d):
**   [0, m)          own: this node's message for its opposite corner
**   [m, 2m)         result: the message of the opposite corner
**   [2m, (d+1)m)    scratch: stage k (0..d-2) receives piece i at 2m + k m + i q */
static uint64_t mem_words(unsigned d, uint32_t m) { return (uint64_t)(d + 1) * m; }

/* Where the node holding piece i after stage k - 1 has it (k = 0: the
** source's own words); and where stage k's receiver puts it. */
static uint32_t held_at(unsigned k, unsigned i, uint32_t m, uint32_t q) {
  return k == 0 ? i * q : 2 * m + (k - 1) * m + i * q;
}

static uint32_t put_at(unsigned d, unsigned k, unsigned i, uint32_t m, uint32_t q) {
  return k == d - 1 ? m + i * q : 2 * m + k * m + i * q;
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  const unsigned d = p->d;
  const uint32_t m = p->m, n = 1u << d, q = m / d, mem = (uint32_t)mem_words(d, m);
  if (mem_words(d, m) > HC_SCHED_MAX_MEM) return HC_EPARAM;
  int rc = hc_sched_new(d, mem, &out->sched);
  if (!rc) rc = hc_sched_case_alloc(out);
  for (uint32_t x = 0; x < n && !rc; x++) rc = hc_sched_case_own(out, x, 0, m);
  if (rc) goto fail;
  /* What an inversion means: node y ends with ~y's message. */
  for (uint32_t y = 0; y < n; y++) {
    for (uint32_t a = 0; a < m; a++) out->expect[(size_t)y * mem + m + a] = hc_sched_tag(~y & (n - 1), a);
    memset(out->care + (size_t)y * mem + 2 * m, 0, (size_t)(d - 1) * m);
  }
  for (unsigned k = 0; k < d; k++)
    for (uint32_t x = 0; x < n; x++)
      for (unsigned c = 0; c < d; c++) {
        const unsigned i = (c + d - k) % d;
        if ((rc = hc_sched_begin(out->sched, x, c)) ||
            (rc = hc_sched_gather(out->sched, held_at(k, i, m, q), q)) ||
            (rc = hc_sched_scatter(out->sched, put_at(d, k, i, m, q), q)) || (rc = hc_sched_end(out->sched)))
          goto fail;
      }
  return HC_OK;
fail:
  hc_sched_case_free(out);
  return rc;
}

static uint32_t unit(const hc_sf_params *p) { return p->d; }

static int check(hc_sf_params *p, char *why, size_t n) {
  int rc = hc_sf_check_basic(p, p->d, "M", why, n);
  if (!rc && mem_words(p->d, p->m) > HC_SCHED_MAX_MEM)
    rc = hc_sf_why(why, n, "M = %u: (d + 1) M words exceed the %u words a node may have", p->m, HC_SCHED_MAX_MEM);
  return rc;
}

/* 000 §6: d (m/d + beta) = m + d beta (d | m). */
static uint64_t formula(const hc_sf_params *p) { return (uint64_t)p->m + (uint64_t)p->d * p->beta; }

/* 000 §9: S = the 2^d links between the lower and the upper half; each of
** the 2^(d-1) nodes of a half sends its m words across, a = 2^d m; every
** message travels d hops. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the 2^d links between the halves", 1ull << p->d, (uint64_t)p->m << p->d, p->d, p->beta);
}

const hc_sf_algo hc_sf_algo_inversion = {
    .name = "inversion",
    .source = "000 (Stout & Wagar) §6, INVERSION",
    .param = "M",
    .formula_text = "m + d*beta",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
};
