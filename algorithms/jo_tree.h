/*
** The embeddings of Johnsson (shared/seeds/003) §3.4.2 and the path
** arithmetic its tree and transpose schedules share (algorithms/sf_sbt*.c,
** sf_cbt_*.c, sf_transpose_*.c): the binary-reflected Gray code; a complete
** binary tree of 2^n - 1 nodes labelled in inorder and embedded by the binary
** or the Gray encoding of the labels (Theorems 3.4, 3.5); the interior
** subtree moved into the odd (n-1)-subcube by one exchange (Theorem 3.6);
** and the dilation-1 embedding in the (n+1)-cube by the paper's edge
** labelling (Theorem 3.7, Lemmas 3.6-3.8). Nothing here communicates: the
** functions return embeddings, and tests/unit/test_jo_tree.c checks them
** edge by edge against the statements of the paper.
**
** Two numberings of a complete binary tree with n levels are used. Inorder:
** t = 0..2^n-2 in the order left subtree, node, right subtree (003's); the
** leaves are the even t, node t has height z = the number of trailing ones of
** t (0 at the leaves) and children t -+ 2^(z-1). Heap order: h = 1..2^n-1,
** the root 1, the children of h are 2h (left) and 2h+1 (right); node h is at
** level l = floor(log2 h) + 1 (the root at level 1, the leaves at level n:
** 003 §3.4.2.2), position h - 2^(l-1) from the left.
*/
#ifndef JO_TREE_H
#define JO_TREE_H

#include <stdint.h>

#include "jo_gray.h" /* the binary-reflected Gray code hc_jo_gray and its inverse */

/* Hamming distance of two cube nodes. */
unsigned hc_jt_dist(uint32_t a, uint32_t b);

/* ------------------------------------------------------ inorder labels */

/* The height of inorder node t: its number of trailing one bits. */
unsigned hc_jt_in_height(uint32_t t);

/*
** The left and right child of inorder node t of height >= 1 (t -+ 2^(z-1));
** asserts the height.
*/
uint32_t hc_jt_in_left(uint32_t t);
uint32_t hc_jt_in_right(uint32_t t);

/*
** img[t] = the cube node of inorder node t, t = 0..2^n-2, for the tree of n
** levels (1 <= n <= 31) in the n-cube: t itself (gray = 0, Theorem 3.4) or
** G(t) (gray != 0, Theorem 3.5).
*/
void hc_jt_cbt_inorder(unsigned n, int gray, uint32_t *img);

/*
** The route of a tree edge of the inorder embeddings between cube nodes a
** and b: the dimensions in which they differ, highest first, into dims
** (at most 32); returns how many (the edge's dilation). Highest first
** makes the broadcast down the Gray- or binary-embedded tree free of link
** conflicts: the two children of a node differ from it in one common
** dimension and one of their own, which each path takes first
** (tests/unit/test_jo_tree.c checks every step's links for n = 2..12).
*/
unsigned hc_jt_in_route(uint32_t a, uint32_t b, unsigned *dims);

/* The inorder root 2^(n-1) - 1 of the tree of n levels. */
uint32_t hc_jt_in_root(unsigned n);

/*
** Theorem 3.6: where the nodes of the Gray-embedded tree of n levels
** (2 <= n <= 31) are after the exchange across dimension 0 between every
** even processor holding an odd (interior) node and its odd neighbour.
** img[t], t = 0..2^n-2; afterwards interior node 2j+1 is at processor
** (G(j) << 1) | 1 (003 Table II), so the interior nodes form the
** Gray-embedded tree of n-1 levels in the odd subcube. Returns the number
** of processors that send in the exchange.
*/
uint32_t hc_jt_cbt_interior(unsigned n, uint32_t *img);

/* ---------------------------------------------------- dilation-1 tree */

/*
** Theorem 3.7: the complete binary tree of n levels (2 <= n <= 30) in the
** (n+1)-cube with dilation 1, by 003's edge labelling. For heap node h =
** 2..2^n-1, lab[h] is the label of the edge from its parent: the bit in
** which the two addresses differ; addr[h] is h's cube node (addr[1] = 0,
** the root; addr[h] = addr[h/2] ^ (1 << lab[h])). lab[0], lab[1] and
** addr[0] are 0. Both arrays have 2^n entries. The rules (003 §3.4.2.2):
** the root's left-edge is labelled 2 and its right-edge 1; right-edges of
** nodes at level i >= 2 are labelled i + 1; at level 2 the left child of the
** root has left-edge 0 and the right child left-edge 2; at level i >= 3 a
** node that is a left child copies the label of its parent's right-edge, a
** right child the label of the left-edge of the node immediately to the
** right of its parent (of the leftmost node of the parent's level when the
** parent is the rightmost).
*/
void hc_jt_cbt_dil1(unsigned n, uint8_t *lab, uint32_t *addr);

/* The largest cube distance from the root (node 0) to a node of the
** dilation-1 tree of hc_jt_cbt_dil1 at 2^n - 1 nodes: the most ones in an
** address. 0 when out of memory (a weaker, still valid, lower bound). */
unsigned hc_jt_cbt_dil1_far(unsigned n);

#endif /* JO_TREE_H */
