/*
** What the triangular solvers of 003 §6.4 (algorithms/np_trsv.c,
** np_trsv_blk.c, np_trsv_mm.c) share: the system L Z = Y of the seed, L
** N x N and Y N x R, and the check of a solution Z against it. Two kinds
** of L: lower triangular with an odd (invertible modulo 2^w) diagonal, the
** column sweep's (§6.4.1), or block lower triangular with identity
** diagonal blocks of 2^k x 2^k (§6.4.2, §6.4.3: what Gauss-Jordan
** elimination of the diagonal blocks leaves, §6.2). All three store L
** cyclically on the Gray-coded 2^k x 2^k array: l_ij on array position
** (i mod 2^k, j mod 2^k), local element (i / 2^k, j / 2^k) of that node.
*/
#ifndef NP_TRI_H
#define NP_TRI_H

#include "hc_np_algo.h"

/* The kinds of L. */
#define HC_NP_TRI_ODD_DIAG 0   /* lower triangular, odd diagonal */
#define HC_NP_TRI_UNIT_BLOCKS 1 /* block lower triangular, identity diagonal blocks */

/*
** L (N x N, row-major) and Y (N x R, row-major) of p's seed for kind:
** random below the diagonal (the diagonal blocks), the diagonal odd (the
** identity), zero above.
*/
void hc_np_tri_make(const hc_np_params *p, int kind, uint32_t *l, uint32_t *y);

/*
** The solution z (N x R, row-major) against the system of kind: L z = Y
** row by row, and z equal to the host's forward substitution. HC_OK,
** HC_EMISMATCH or HC_ENOMEM with why.
*/
int hc_np_tri_verify(const hc_np_params *p, int kind, const uint32_t *z, char *why, size_t n);

/*
** Load the system of kind as the solvers with L cyclic take it: L's
** element (i, j) on node hc_np_cyc_node(i, j), word (i / 2^k) M + j / 2^k;
** Y's row i on the node of (i, 0), from word `at` on, i / 2^k blocks of R in.
** Out of memory loads nothing (verify then fails).
*/
void hc_np_tri_load_cyclic(const hc_np_params *p, int kind, uint32_t *mem, size_t at);

/*
** hc_np_tri_verify of the solution as the solvers with L cyclic leave it:
** z_j's R values on the diagonal node of row j, from word `at` of its
** memory on, j / 2^k blocks of R in.
*/
int hc_np_tri_verify_diag(const hc_np_params *p, int kind, const uint32_t *mem, size_t at, char *why, size_t n);

/* Cyclic storage: the node of element (i, j) and the local index of i. */
uint32_t hc_np_cyc_node(const hc_np_params *p, uint32_t i, uint32_t j);

#endif /* NP_TRI_H */
