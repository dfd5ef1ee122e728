/*
** HISTOGRAM of Stout & Wagar (shared/seeds/000 §8) as a store-and-forward
** schedule with in-network combining (docs/store_and_forward.md, section
** 1, "Combining"): m bins, every node starts with a value per bin (own
** words 0..m-1), and node i ends with the sums over all nodes of bins
** i m/2^d .. (i+1) m/2^d - 1 (MPI's reduce-scatter). The bins are cut into
** 2^d blocks of m/2^d (block i is node i's result) and every block into d
** pieces of m/(d 2^d); piece i of every block goes through the recursive
** halving over the dimensions i, i+1, ..., i+d-1 (mod d): in stage k
** (0-based) over dimension c = (i+k) mod d, node x sends to x ^ 2^c, as
** contributions with op add, piece i of every block B that agrees with x
** on the dimensions of the earlier stages and differs from x in bit c
** (the half its neighbour keeps). This is the symmetrized algorithm: in
** every stage each link carries one packet, of m/(d 2^(k+1)) words, and a
** word of x receives at most one contribution per stage, each over another
** link. Contributions land in the receiver's own words (own data plus
** contributions), so mem = m and nothing else is needed; the words outside
** node i's block end as partial sums and are scratch (care = 0).
*/
#include <string.h>

#include "hc_sf_algo.h"

static uint32_t unit(const hc_sf_params *p) { return p->d << p->d; }

static int check(hc_sf_params *p, char *why, size_t n) {
  if (p->d >= 1 && p->d <= HC_SF_MAX_D && p->m % unit(p) != 0)
    return hc_sf_why(why, n,
                     "M must be a multiple of d 2^d = %lu: every block of m/2^d "
                     "bins is cut into d equal pieces",
                     (unsigned long)unit(p));
  return hc_sf_check_basic(p, unit(p), "M", why, n);
}

/* The packet of piece i on link (x, c) in stage k: every block B that
** agrees with x on dimensions i..i+k-1 (mod d) and differs in bit c. */
static int packet(hc_sched *s, unsigned d, uint32_t m, uint32_t x, unsigned i,
                  unsigned k) {
  const uint32_t bs = m >> d, ps = bs / d;
  unsigned c = (i + k) % d;
  uint32_t done = 0;
  int rc;
  for (unsigned j = 0; j < k; j++) done |= 1u << ((i + j) % d);
  if ((rc = hc_sched_begin_op(s, x, c, HC_SCHED_ADD))) return rc;
  for (uint32_t B = 0; B < (1u << d); B++) {
    if (((B ^ x) & done) || !((B ^ x) >> c & 1u)) continue;
    if ((rc = hc_sched_gather(s, B * bs + i * ps, ps)) ||
        (rc = hc_sched_scatter(s, B * bs + i * ps, ps)))
      return rc;
  }
  return hc_sched_end(s);
}

/* The expected sums: node i's block holds sum over y of y's own bin values
** (mod 2^32); everything else is scratch. */
static void expect(hc_sched_case *c, unsigned d, uint32_t m) {
  const uint32_t n = 1u << d, bs = m >> d;
  for (uint32_t x = 0; x < n; x++)
    for (uint32_t a = 0; a < m; a++) {
      size_t w = (size_t)x * m + a;
      c->care[w] = a / bs == x;
      c->expect[w] = 0;
      if (!c->care[w]) continue;
      for (uint32_t y = 0; y < n; y++) c->expect[w] += c->init[(size_t)y * m + a];
    }
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  const unsigned d = p->d;
  const uint32_t m = p->m, n = 1u << d;
  memset(out, 0, sizeof *out);
  int rc = hc_sched_new(d, m, &out->sched);
  if (!rc) rc = hc_sched_case_alloc(out);
  for (uint32_t x = 0; x < n && !rc; x++) rc = hc_sched_case_own(out, x, 0, m);
  /* a link lists its packets by stage; in stage k, link c carries piece
  ** (c - k) mod d */
  for (unsigned k = 0; k < d && !rc; k++)
    for (uint32_t x = 0; x < n && !rc; x++)
      for (unsigned c = 0; c < d && !rc; c++)
        rc = packet(out->sched, d, m, x, (c + d - k) % d, k);
  if (rc) {
    hc_sched_case_free(out);
    return rc;
  }
  expect(out, d, m);
  return HC_OK;
}

/* 000 §8: (1 - 2^-d) m/d + d beta = (2^d - 1) m / (d 2^d) + d beta. */
static uint64_t formula(const hc_sf_params *p) {
  return ((1ull << p->d) - 1) * (p->m / unit(p)) + (uint64_t)p->d * p->beta;
}

/* 000 §9: S = the d outgoing links of node 0, a = (1 - 2^-d) m (every bin
** value of node 0 outside its own block must leave it); a contribution from
** the opposite corner travels d hops. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  uint64_t a = (uint64_t)p->m - (p->m >> p->d);
  hc_sf_bound_set(b, "the d outgoing links of node 0", p->d, a, p->d, p->beta);
}

const hc_sf_algo hc_sf_algo_histogram = {
    .name = "histogram",
    .source = "000 (Stout & Wagar) §8, HISTOGRAM",
    .param = "M",
    .takes = 0,
    .formula_text = "(1 - 2^-d) m/d + d*beta",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
};
