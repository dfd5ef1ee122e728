/*
** The arithmetic several store-and-forward generators share (declared in
** algorithms/hc_sf_algo.h): binomials, rotations, K_d of 000 §3, the integer
** g of a pipelined algorithm, the section 9 bound, and the one sentence a
** refused parameter gets.
*/
#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "hc_sf_algo.h"

void hc_sf_params_init(hc_sf_params *p, unsigned d, uint32_t m, uint32_t beta) {
  p->d = d;
  p->m = m;
  p->beta = beta;
  p->g = p->src = p->dst = p->waves = p->n = HC_SF_UNSET;
  p->perm = NULL;
}

uint64_t hc_sf_binom(unsigned n, unsigned k) {
  if (k > n) return 0;
  if (k > n - k) k = n - k;
  uint64_t r = 1;
  for (unsigned i = 1; i <= k; i++) r = r * (n - k + i) / i; /* exact: r*(n-k+i) = C(n-k+i, i) * i */
  return r;
}

unsigned hc_sf_popcount(uint32_t v) {
  unsigned n = 0;
  for (; v; v &= v - 1) n++;
  return n;
}

uint32_t hc_sf_rotl(uint32_t v, unsigned r, unsigned d) {
  const uint32_t mask = d >= 32 ? 0xFFFFFFFFu : (1u << d) - 1u;
  v &= mask;
  if (r == 0) return v;
  return ((v << r) | (v >> (d - r))) & mask;
}

uint64_t hc_sf_gcd(uint64_t a, uint64_t b) {
  while (b) {
    const uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

uint64_t hc_sf_lcm(uint64_t a, uint64_t b) { return a / hc_sf_gcd(a, b) * b; }

uint64_t hc_sf_lcm_upto(unsigned n) {
  uint64_t l = 1;
  for (unsigned i = 2; i <= n; i++) l = hc_sf_lcm(l, i);
  return l;
}

void hc_sf_kd(unsigned d, uint64_t *num, uint64_t *den) {
  uint64_t p = 0, q = 1;
  for (unsigned k = 0; k <= d; k++) { /* p/q += 1/C(d,k) */
    const uint64_t c = hc_sf_binom(d, k), l = hc_sf_lcm(q, c);
    p = p * (l / q) + l / c;
    q = l;
    const uint64_t g = hc_sf_gcd(p, q);
    p /= g;
    q /= g;
  }
  *num = p;
  *den = q;
}

uint32_t hc_sf_pick_g(double gopt, uint32_t m, uint32_t per) {
  if (per == 0 || m % per != 0) return 0;
  const uint32_t top = m / per;
  uint32_t best = 0;
  double bestdist = 0;
  for (uint32_t g = 1; g <= top; g++) {
    if (top % g != 0) continue;
    const double dist = fabs((double)g - gopt);
    if (!best || dist < bestdist) {
      best = g;
      bestdist = dist;
    }
  }
  return best;
}

int hc_sf_why(char *why, size_t n, const char *fmt, ...) {
  if (why && n) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, n, fmt, ap);
    va_end(ap);
  }
  return HC_EPARAM;
}

void hc_sf_bound_set(hc_sf_bound *b, const char *cut, uint64_t links, uint64_t load, uint64_t hops,
                     uint32_t beta) {
  b->cut = cut;
  b->links = links;
  b->load = load;
  b->cut_cycles = (links ? (load + links - 1) / links : 0) + beta;
  b->hops = hops;
  const uint64_t lat = hops * ((uint64_t)beta + 1);
  b->cycles = b->cut_cycles > lat ? b->cut_cycles : lat;
}

int hc_sf_check_basic(hc_sf_params *p, uint32_t unit, const char *pname, char *why, size_t n) {
  return hc_sf_check_basic_d(p, HC_SF_MAX_D, unit, pname, why, n);
}

int hc_sf_check_basic_d(hc_sf_params *p, unsigned max_d, uint32_t unit, const char *pname, char *why, size_t n) {
  assert(max_d >= 1 && max_d <= HC_SF_TOP_D);
  if (p->d < 1 || p->d > max_d)
    return hc_sf_why(why, n, "d = %u: this generator takes d = 1..%u", p->d, max_d);
  if (unit == 0 || p->m == 0 || p->m % unit != 0)
    return hc_sf_why(why, n, "%s = %u: needs a positive multiple of %u at d = %u, so that every packet is whole words",
                     pname, p->m, unit, p->d);
  if (p->src == HC_SF_UNSET) p->src = 0;
  if (p->src >= (1u << p->d))
    return hc_sf_why(why, n, "SRC = %u is not a node of the %u-cube (0..%u)", p->src, p->d, (1u << p->d) - 1);
  return HC_OK;
}

unsigned hc_sf_max_d(const hc_sf_algo *a) { return a->max_d ? a->max_d : HC_SF_MAX_D; }

uint64_t hc_sf_expected(const hc_sf_algo *a, const hc_sf_params *p) {
  return (uint64_t)((int64_t)a->formula(p) + a->constant);
}
