/*
** Binary-reflected Gray code embeddings of Johnsson (shared/seeds/003 §3.1,
** §3.2): the code and its inverse, the loop embedding of any length of
** Lemmas 3.1 and 3.2, and the embedding of multidimensional meshes and tori
** by concatenated codes. Pure functions, nothing allocated or printed; the
** schedules that move data over these embeddings are algorithms/sf_gray_*.c
** and the unit test tests/unit/test_jo_embed.c checks them edge by edge.
** Bit 0 is the least significant (the paper's g_1 is our bit 0).
*/
#ifndef JO_GRAY_H
#define JO_GRAY_H

#include <stdint.h>

/* The most loop nodes or mesh nodes an embedding here takes: 2^30. */
#define HC_JO_MAX_BITS 30u

/* G(i) = i XOR (i >> 1): the binary-reflected Gray code of i (003 §3.1.2,
** g_j = (i_j + i_(j-1)) mod 2). */
uint32_t hc_jo_gray(uint32_t i);

/* The inverse of hc_jo_gray: the i with G(i) = g (i_j = the parity of the
** bits of g at j and above). */
uint32_t hc_jo_gray_inv(uint32_t g);

/* ceil(log2(len)) for len >= 1: the dimension of the smallest cube with len
** nodes. */
unsigned hc_jo_log2_ceil(uint32_t len);

/*
** The cube node of loop node i (0 <= i < len) of a loop of 2 <= len <= 2^30
** nodes, in the cube of dimension n = hc_jo_log2_ceil(len), where 2^(n-1) <
** len <= 2^n. Even len = 2^(n-1) + 2k: Lemma 3.1's embedding, loop nodes
** 0 .. 2^(n-1)+k-1 on G(i), the other k on G(2^n - k) .. G(2^n - 1), every
** loop edge of length 1. Odd len = 2^(n-1) + 2k + 1: Lemma 3.2's, loop
** nodes 0 .. 2^(n-1)+k on G(i), the other k on G(2^n - k) .. G(2^n - 1),
** one edge of length 2 (hc_jo_loop_long_edge), all others of length 1.
** len = 2^n is the whole code.
*/
uint32_t hc_jo_loop_node(uint32_t len, uint32_t i);

/* For an odd loop length len >= 3: the loop node i whose edge (i, i+1 mod
** len) has length 2 in hc_jo_loop_node's embedding, 2^(n-1) + k (Lemma
** 3.2); for an even len, UINT32_MAX (no edge is longer than 1). */
uint32_t hc_jo_loop_long_edge(uint32_t len);

/* The number of cube dimensions of the mesh len[0] x ... x len[r-1] (each
** len >= 1) embedded by hc_jo_mesh_node: the sum of ceil(log2 len[a]) (003
** §3.2). */
unsigned hc_jo_mesh_dim(unsigned r, const uint32_t *len);

/*
** The cube node of mesh point coord[0..r-1] (0 <= coord[a] < len[a]) of the
** mesh len[0] x ... x len[r-1] (003 §3.2): axis a gets ceil(log2 len[a])
** dimensions of its own, axis 0 the lowest; its coordinate is encoded by
** G(coord) for a mesh (wrap 0: every mesh edge has length 1) or by the loop
** embedding hc_jo_loop_node(len[a], coord) for a torus (wrap 1: the axis'
** wrap-around edge is a loop edge too; an axis of odd length has one edge
** of length 2 per line, Lemma 3.2). The caller keeps hc_jo_mesh_dim <= 30
** and every len[a] >= 2 for a torus.
*/
uint32_t hc_jo_mesh_node(unsigned r, const uint32_t *len, const uint32_t *coord, int wrap);

#endif /* JO_GRAY_H */
