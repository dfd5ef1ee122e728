/*
** Implementation of tb/systemc/hc_vp.h: the example platform's expectations,
** each from the definition its comment in the header gives.
*/
#include "hc_vp.h"

#include <assert.h>
#include <string.h>

#include "hc_sched.h"

static uint32_t mask_w(uint32_t v, unsigned w) { return w >= 32 ? v : v & ((1u << w) - 1u); }

uint32_t hc_vp_word(unsigned src, unsigned dest, unsigned tag, unsigned j, unsigned w) {
  uint32_t v = (uint32_t)src * 0x9E3779B1u ^ (uint32_t)dest * 0x85EBCA77u ^ (uint32_t)tag * 0xC2B2AE3Du;
  v ^= (uint32_t)(j + 1) * 0x27D4EB2Fu;
  return mask_w(v ^ (v >> 15), w);
}

uint64_t hc_vp_latency(unsigned h, unsigned k) { return (uint64_t)h + k + 1; }

uint64_t hc_vp_aap_cycles(unsigned d, unsigned k) {
  const uint64_t n = 1ull << d;
  return (uint64_t)d * (n / 2) + (n - 1) * ((uint64_t)k + 3);
}

uint64_t hc_vp_cs_latency(unsigned h, unsigned k) { return 3ull * h + k + 4; }

uint64_t hc_vp_aap_cs_cycles(unsigned d, unsigned k) {
  const uint64_t n = 1ull << d;
  return 3ull * d * (n / 2) + (n - 1) * ((uint64_t)k + 6);
}

uint32_t hc_vp_transpose(unsigned d, uint32_t v) {
  assert(d % 2 == 0);
  uint32_t y = 0;
  for (unsigned i = 0; i < d; i++) y |= ((v >> ((i + d / 2) % d)) & 1u) << i;
  return y;
}

uint32_t hc_vp_map(const int *order, unsigned d, uint32_t x) {
  uint32_t y = 0;
  for (unsigned k = 0; k < d; k++) y |= ((x >> order[k]) & 1u) << k;
  return y;
}

uint32_t hc_vp_unmap(const int *order, unsigned d, uint32_t xp) {
  uint32_t x = 0;
  for (unsigned k = 0; k < d; k++) x |= ((xp >> k) & 1u) << order[k];
  return x;
}

void hc_vp_transpose_contention(const int *order, unsigned d, uint64_t *t) {
  assert(d <= 12);
  static uint32_t cnt[12u << 12]; /* [x d + i]: messages on the channel of x in dimension i */
  const uint32_t n = 1u << d;
  memset(cnt, 0, (size_t)n * d * sizeof cnt[0]);
  memset(t, 0, d * sizeof *t);
  for (uint32_t v = 0; v < n; v++) {
    uint32_t at = hc_vp_map(order, d, v);
    const uint32_t to = hc_vp_map(order, d, hc_vp_transpose(d, v));
    for (unsigned i = 0; i < d; i++) /* e-cube: the lowest differing dimension first */
      if (((at ^ to) >> i) & 1u) {
        const uint32_t c = ++cnt[at * d + i];
        if (c > t[i]) t[i] = c;
        at ^= 1u << i;
      }
  }
}

uint32_t hc_vp_exchange_word(unsigned d, unsigned k, uint32_t y, uint32_t addr, unsigned w) {
  const uint32_t nk = (1u << d) * k;
  assert(addr < 2 * nk);
  if (addr < nk) return mask_w(hc_sched_tag(y, addr), w);
  const uint32_t s = (addr - nk) / k, j = (addr - nk) % k;
  return s == y ? 0 : mask_w(hc_sched_tag(s, y * k + j), w);
}

uint64_t hc_vp_exchange_cycles(unsigned d, unsigned k, unsigned beta) {
  return ((uint64_t)beta + k) << (d - 1);
}
