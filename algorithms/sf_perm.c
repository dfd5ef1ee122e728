/*
** The permutations PERMUTED SEND (000 §6) is run with: the named ones a
** researcher expects from the traffic literature (bit reverse, transpose,
** perfect shuffle, inversion, a seeded random one) and a user's own, read
** from a file of 2^d node numbers and checked to be a permutation.
*/
#include <string.h>

#include "hc_sf_algo.h"

/* splitmix64: a small generator whose output is the same everywhere. */
static uint64_t next_rand(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static uint32_t bitrev(uint32_t x, unsigned d) {
  uint32_t r = 0;
  for (unsigned i = 0; i < d; i++) r |= ((x >> i) & 1u) << (d - 1 - i);
  return r;
}

int hc_sf_perm_named(const char *name, unsigned d, uint64_t seed, uint32_t *perm, char *why, size_t n) {
  const uint32_t nodes = 1u << d, h = d / 2, lo = (1u << h) - 1u;
  if (strcmp(name, "transpose") == 0 && d % 2 != 0)
    return hc_sf_why(why, n, "PERM=transpose swaps the two halves of the node bits and needs d even, not %u", d);
  for (uint32_t x = 0; x < nodes; x++) {
    if (strcmp(name, "bitrev") == 0) perm[x] = bitrev(x, d);
    else if (strcmp(name, "transpose") == 0) perm[x] = ((x & lo) << h) | (x >> h);
    else if (strcmp(name, "shuffle") == 0) perm[x] = hc_sf_rotl(x, 1 % d, d);
    else if (strcmp(name, "inversion") == 0) perm[x] = ~x & (nodes - 1u);
    else if (strcmp(name, "random") == 0) perm[x] = x;
    else
      return hc_sf_why(why, n, "PERM=%s: not a named permutation (random, bitrev, transpose, shuffle, inversion) "
                       "and not a file", name);
  }
  if (strcmp(name, "random") == 0) /* Fisher-Yates */
    for (uint32_t i = nodes - 1; i > 0; i--) {
      const uint32_t j = (uint32_t)(next_rand(&seed) % (i + 1u)), t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
  return HC_OK;
}

int hc_sf_perm_parse(const char *text, size_t len, unsigned d, uint32_t *perm, char *why, size_t n) {
  const uint32_t nodes = 1u << d;
  unsigned char seen[1u << HC_SF_MAX_D];
  memset(seen, 0, sizeof seen);
  uint32_t count = 0;
  unsigned long line = 1;
  for (size_t i = 0; i < len;) {
    const char c = text[i];
    if (c == '\n') line++;
    if (c == '#') {
      while (i < len && text[i] != '\n') i++;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      i++;
      continue;
    }
    if (c < '0' || c > '9') {
      char q[8]; /* the byte made printable: a NUL or a control character is named, not printed */
      return hc_sf_why(why, n, "line %lu: expected a node number, found '%s'", line, hc_printable(q, sizeof q, &c, 1));
    }
    uint64_t v = 0;
    while (i < len && text[i] >= '0' && text[i] <= '9' && v < nodes) v = v * 10 + (uint64_t)(text[i++] - '0');
    if (v >= nodes || (i < len && text[i] >= '0' && text[i] <= '9'))
      return hc_sf_why(why, n, "line %lu: a node number outside the %u-cube (0..%u)", line, d, nodes - 1);
    if (count == nodes) return hc_sf_why(why, n, "line %lu: more than 2^%u = %u node numbers", line, d, nodes);
    if (seen[v]) return hc_sf_why(why, n, "line %lu: node %u appears twice, so this is not a permutation", line,
                                  (unsigned)v);
    seen[v] = 1;
    perm[count++] = (uint32_t)v;
  }
  if (count != nodes) return hc_sf_why(why, n, "%u node numbers, a permutation of the %u-cube needs %u", count, d, nodes);
  return HC_OK;
}
