/*
** What the matrix products of 003 §5 (algorithms/np_mmc*.c) share: loading
** A, B, C into blocks of consecutive storage, checking C + A B against the
** host's product, the size checks, and for MMC1 and MMC2 (both shift
** E and F in place after a set-up) their common memory layout, the set-up
** path through scratch blocks and the double buffers.
*/
#ifndef NP_MM_H
#define NP_MM_H

#include "hc_np_algo.h"

/* MMC1 and MMC2: E0, E1, F0, F1, H, then R_j for incoming dimension j;
** blocks of B = M^2 words. */
#define NP_E(p, i) ((i) * (p)->m * (p)->m)
#define NP_F(p, i) ((2u + (i)) * (p)->m * (p)->m)
#define NP_H(p) (4u * (p)->m * (p)->m)
#define NP_R(p, j) ((5u + (j)) * (p)->m * (p)->m)

/*
** The square checks (hc_np_check_square, default N = 2^(k+1)), then
** phases and a memory of blocks M x M blocks a node. HC_OK or HC_EPARAM.
*/
int hc_np_mm_check(hc_np_params *p, unsigned phases, uint64_t blocks, char *why, size_t n);

/* A, B, C of the seed (streams 0, 1, 2) into blocks at a_off, b_off,
** c_off of every node (gray: the Gray-code embedding, else binary). */
void hc_np_mm_load(const hc_np_params *p, int gray, uint32_t *mem, uint32_t a_off, uint32_t b_off, uint32_t c_off);

/* The blocks at c_off against C + A B computed by the host. */
int hc_np_mm_verify(const hc_np_params *p, int gray, const uint32_t *mem, uint32_t c_off, char *why, size_t n);

/*
** A set-up path of MMC1 or MMC2: from node x across dims[0..l-1] (plus off:
** 0 along a row, k along a column), M^2 one-word packets out of the block
** at from, into to at the last node, through R_j (j the incoming
** dimension) at every node between.
*/
int hc_np_mm_path(const hc_np_params *p, hc_sched *s, uint32_t x, const uint8_t *dims, unsigned l, unsigned off,
                  uint32_t from, uint32_t to);

/* Which of E0/E1 (F0/F1) holds a node's block after phase i of MMC1 or
** MMC2: rows (columns) other than 0 received theirs in the set-up, and
** every later phase flips. */
unsigned hc_np_mm_cur(uint32_t rc, unsigned i);

/* The compute step of MMC1 and MMC2: H += E_cur F_cur. */
void hc_np_mm_shift_compute(const hc_np_params *p, int gray, unsigned phase, uint32_t x, uint32_t *mem,
                            hc_np_ops *ops);

#endif /* NP_MM_H */
