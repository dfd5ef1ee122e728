/*
** Binary-reflected Gray code embeddings of loops and meshes (003 §3.1.2,
** §3.2); the contracts are in jo_gray.h. The loop embedding follows the
** proofs of Lemmas 3.1 and 3.2 literally: the first part of the loop takes
** the code words in order, the last k loop nodes take the last k code words
** G(2^n - k) .. G(2^n - 1), skipping the 2^n - len words in between.
*/
#include <assert.h>

#include "jo_gray.h"

uint32_t hc_jo_gray(uint32_t i) { return i ^ (i >> 1); }

uint32_t hc_jo_gray_inv(uint32_t g) {
  uint32_t i = g;
  for (unsigned s = 1; s < 32; s <<= 1) i ^= i >> s;
  return i;
}

unsigned hc_jo_log2_ceil(uint32_t len) {
  assert(len >= 1);
  unsigned n = 0;
  while (n < 32 && (1ull << n) < len) n++;
  return n;
}

uint32_t hc_jo_loop_node(uint32_t len, uint32_t i) {
  assert(len >= 2 && len <= (1u << HC_JO_MAX_BITS) && i < len);
  const unsigned n = hc_jo_log2_ceil(len);
  const uint32_t half = 1u << (n - 1), full = 1u << n;
  /* len = 2^(n-1) + 2k (Lemma 3.1) or 2^(n-1) + 2k + 1 (Lemma 3.2) */
  const uint32_t k = (len - half) / 2, first = len - k;
  if (len == full || i < first) return hc_jo_gray(i);
  return hc_jo_gray(full - k + (i - first));
}

uint32_t hc_jo_loop_long_edge(uint32_t len) {
  assert(len >= 2 && len <= (1u << HC_JO_MAX_BITS));
  if (len % 2 == 0) return UINT32_MAX;
  const uint32_t half = 1u << (hc_jo_log2_ceil(len) - 1);
  return half + (len - half) / 2;
}

unsigned hc_jo_mesh_dim(unsigned r, const uint32_t *len) {
  unsigned n = 0;
  for (unsigned a = 0; a < r; a++) n += hc_jo_log2_ceil(len[a]);
  return n;
}

uint32_t hc_jo_mesh_node(unsigned r, const uint32_t *len, const uint32_t *coord, int wrap) {
  assert(hc_jo_mesh_dim(r, len) <= HC_JO_MAX_BITS);
  uint32_t node = 0;
  unsigned shift = 0;
  for (unsigned a = 0; a < r; a++) {
    assert(coord[a] < len[a]);
    const uint32_t code = (wrap && len[a] >= 2) ? hc_jo_loop_node(len[a], coord[a]) : hc_jo_gray(coord[a]);
    node |= code << shift;
    shift += hc_jo_log2_ceil(len[a]);
  }
  return node;
}
