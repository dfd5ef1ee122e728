/*
** ARBITRARY SEND 3 of Stout & Wagar (shared/seeds/000 §4): SRC to DST at
** distance n, T the n-subcube they span (differing dimensions in increasing
** order). For n < d the data are cut into d-n+1 parts: for each of the d-n
** dimensions e outside T (increasing), words [j m/d, (j+1) m/d) go by X.O.C.
** SEND 2 through T ^ e (in over e at SRC ^ e, out over e at DST ^ e), and the
** last n m/d words by O.C. SEND 4 through T. The parts use disjoint links
** (T's links, T ^ e's links and the two e links are all different), so they
** run concurrently and the time is the slower part's. For n = d there are
** no x.o.c. parts: it is O.C. SEND 4 of all m words.
**
** G (the paper optimises each part's g separately): one g for every part,
** each part in g groups, so m must be a multiple of d g lcm_k C(n,k)(n-k)
** (g lcm_k C(d,k)(d-k) for n = d). Without G, g is the paper's optimum of the
** part its case table says is slower: X.O.C. SEND 2 of m/d words, sqrt((n +
** K_(n-1)) m/(d n beta)), for n <= min(4, d-1); O.C. SEND 4 of
** n m/d words, sqrt((K_(n-1) - 1) m/(d beta)), otherwise; rounded to a g
** that divides. formula() is the exact max of the two parts at that g:
** max((g-1)(m/(dg) + beta) + ((2n + K_(n-1))/n) m/(dg) + (n+2) beta,
**     (g-1)(m/(dg) + beta) + K_(n-1) m/(dg) + n beta).
*/
#include "sf_ocsend.h"

/* The default DST's offset from SRC: distance d-1 (d >= 2). */
static uint32_t dflt(unsigned d) { return d >= 2 ? (1u << (d - 1)) - 1 : 1; }

/* m must be a multiple of this times g, at distance n. */
static uint32_t per_group(unsigned d, unsigned n) { return n < d ? d * hc_oc_unit(n) : hc_oc_unit(d); }

/* The paper's optimal real g of the part its case table says is slower. */
static double gopt(unsigned d, unsigned n, uint32_t m, uint32_t beta) {
  if (n < d && n <= 4) return hc_xoc2_gopt(n, m / d, beta);
  return hc_oc4_gopt(n, (uint64_t)n * (m / d), beta);
}

static uint32_t unit(const hc_sf_params *p) {
  return per_group(p->d, hc_oc_dist_dflt(p, dflt(p->d))) * (p->g == HC_SF_UNSET || p->g == 0 ? 1 : p->g);
}

static int check(hc_sf_params *p, char *why, size_t n) {
  int rc = hc_oc_check_ends(p, dflt(p->d), 1, "ARBITRARY SEND 3", why, n);
  const unsigned dist = rc ? 0 : hc_oc_dist(p);
  return rc ? rc : hc_oc_check_m(p, per_group(p->d, dist), 1, gopt(p->d, dist, p->m, p->beta), why, n);
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  const unsigned n = hc_oc_dist(p);
  const uint32_t part = p->m / p->d;
  hc_oc_path path;
  int rc = hc_oc_case(p->d, p->m, p->src, p->dst, out);
  uint32_t w0 = 0;
  for (unsigned e = 0; e < p->d && n < p->d && !rc; e++) {
    if ((p->src ^ p->dst) >> e & 1) continue;
    hc_oc_path_ends(&path, p->src ^ (1u << e), p->dst ^ (1u << e));
    path.in_dim = path.out_dim = (int)e;
    rc = hc_oc_build(out->sched, &path, w0, part, p->g);
    w0 += part;
  }
  hc_oc_path_ends(&path, p->src, p->dst);
  if (!rc) rc = hc_oc_build(out->sched, &path, w0, p->m - w0, p->g);
  if (rc) hc_sched_case_free(out);
  return rc;
}

static uint64_t formula(const hc_sf_params *p) {
  const unsigned n = hc_oc_dist(p), d = p->d;
  if (n == d) return hc_oc4_time(d, p->m, p->g, p->beta);
  const uint64_t x = hc_xoc2_time(n, p->m / d, p->g, p->beta), o = hc_oc4_time(n, (uint64_t)n * (p->m / d), p->g, p->beta);
  return x > o ? x : o;
}

/* The paper's case table (000 §4, the actual time of ARBITRARY SEND). */
static double boxed(const hc_sf_params *p) {
  const unsigned n = hc_oc_dist(p), d = p->d;
  if (n < d && n <= 4) return hc_xoc2_boxed(n, (double)p->m / d, p->beta);
  return hc_oc4_boxed(n, (double)n * p->m / d, p->beta);
}

const hc_sf_algo hc_sf_algo_arbsend3 = {
    .name = "arbsend3",
    .source = "000 (Stout & Wagar) §4, ARBITRARY SEND 3",
    .param = "M",
    .takes = HC_SF_TAKES_G | HC_SF_TAKES_SRC | HC_SF_TAKES_DST,
    .formula_text = "max((g-1)*(m/(d*g) + beta) + ((2n + K_(n-1))/n)*m/(d*g) + (n+2)*beta, "
                    "(g-1)*(m/(d*g) + beta) + K_(n-1)*m/(d*g) + n*beta), n = |SRC^DST| < d (d-1 by default); "
                    "n = d: (g-1)*(m/(d*g) + beta) + K_(d-1)*m/(d*g) + d*beta",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = hc_oc_lower,
    .boxed = boxed,
};
