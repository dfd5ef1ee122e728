/*
** The embeddings of Johnsson (shared/seeds/003) §3.4.2: inorder labelling
** with the binary and the Gray encoding, the Theorem 3.6 exchange, and the
** dilation-1 edge labelling of Theorem 3.7 (algorithms/jo_tree.h). Written
** from the paper's statements; the unit tests check the paper's claims
** about them, not these functions' own output.
*/
#include <assert.h>
#include <stdlib.h>

#include "jo_tree.h"

unsigned hc_jt_dist(uint32_t a, uint32_t b) {
  unsigned n = 0;
  for (uint32_t v = a ^ b; v; v &= v - 1) n++;
  return n;
}

unsigned hc_jt_in_height(uint32_t t) {
  unsigned z = 0;
  while (t & 1u) {
    z++;
    t >>= 1;
  }
  return z;
}

uint32_t hc_jt_in_left(uint32_t t) {
  const unsigned z = hc_jt_in_height(t);
  assert(z >= 1);
  return t - (1u << (z - 1));
}

uint32_t hc_jt_in_right(uint32_t t) {
  const unsigned z = hc_jt_in_height(t);
  assert(z >= 1);
  return t + (1u << (z - 1));
}

unsigned hc_jt_in_route(uint32_t a, uint32_t b, unsigned *dims) {
  unsigned nd = 0;
  for (unsigned q = 32; q-- > 0;)
    if ((a ^ b) >> q & 1u) dims[nd++] = q;
  return nd;
}

uint32_t hc_jt_in_root(unsigned n) {
  assert(n >= 1 && n <= 31);
  return (1u << (n - 1)) - 1u;
}

void hc_jt_cbt_inorder(unsigned n, int gray, uint32_t *img) {
  assert(n >= 1 && n <= 31);
  for (uint32_t t = 0; t + 1 < (1u << n); t++) img[t] = gray ? hc_jo_gray(t) : t;
}

/*
** 003's proof of Theorem 3.6: an even processor p holding an odd node t
** exchanges with p | 1, which holds the even node before it (G(2j+1) =
** G(j)0 and G(2j) = G(j)1 for odd j). The even processor G(2^n - 1) =
** 2^(n-1) holds no node (the tree has 2^n - 1 of them), so it takes no
** part and the leaf 2^n - 2 stays where it is.
*/
uint32_t hc_jt_cbt_interior(unsigned n, uint32_t *img) {
  assert(n >= 2 && n <= 31);
  const uint32_t last = (1u << n) - 2;
  uint32_t senders = 0;
  hc_jt_cbt_inorder(n, 1, img);
  for (uint32_t p = 0; p < (1u << n); p += 2) {
    const uint32_t t = hc_jo_gray_inv(p), u = hc_jo_gray_inv(p | 1u);
    if (t > last || (t & 1u) == 0) continue;
    img[t] = p | 1u;
    senders++;
    if (u <= last) {
      img[u] = p;
      senders++;
    }
  }
  return senders;
}

/* Labels of level i >= 3, from those of level i - 1 (in lab[] already):
** the left-edge of heap node h is lab[2h], its right-edge lab[2h + 1]. */
static void label_level(unsigned i, uint8_t *lab) {
  const uint32_t first = 1u << (i - 1), up = 1u << (i - 2);
  for (uint32_t h = first; h < 2 * first; h++) {
    const uint32_t p = h / 2;
    lab[2 * h + 1] = (uint8_t)(i + 1);
    if ((h & 1u) == 0) {
      lab[2 * h] = lab[2 * p + 1]; /* a left child: the parent's right-edge */
    } else {
      const uint32_t q = (p + 1 < 2 * up) ? p + 1 : up; /* right of p, cyclically */
      lab[2 * h] = lab[2 * q];
    }
  }
}

void hc_jt_cbt_dil1(unsigned n, uint8_t *lab, uint32_t *addr) {
  assert(n >= 2 && n <= 30);
  const uint32_t nodes = 1u << n;
  lab[0] = lab[1] = 0;
  lab[2] = 2; /* the root's left-edge */
  lab[3] = 1; /* and right-edge */
  if (n >= 3) {
    lab[4] = 0; /* level 2: left-edge of the left child of the root */
    lab[5] = 3;
    lab[6] = 2; /* left-edge of the right child */
    lab[7] = 3;
  }
  for (unsigned i = 3; i < n; i++) label_level(i, lab);
  addr[0] = 0;
  addr[1] = 0;
  for (uint32_t h = 2; h < nodes; h++) addr[h] = addr[h / 2] ^ (1u << lab[h]);
}
unsigned hc_jt_cbt_dil1_far(unsigned n) {
  unsigned far = 0;
  uint8_t *lab = malloc(1u << n);
  uint32_t *addr = malloc((1u << n) * sizeof *addr);
  if (lab && addr) {
    hc_jt_cbt_dil1(n, lab, addr);
    for (uint32_t h = 1; h < (1u << n); h++)
      if (hc_jt_dist(addr[h], 0) > far) far = hc_jt_dist(addr[h], 0);
  }
  free(lab);
  free(addr);
  return far;
}
