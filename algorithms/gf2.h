/*
** Bit matrices and bit vectors over GF(2), for the linear-complement
** communication (LCC) library of algorithms/lcc.h and for anything else that
** needs small binary linear algebra (n <= 32). Addition is XOR and
** multiplication is AND; every matrix row is one machine word.
**
** Convention (the same as the project's node numbering, bit 0 = least
** significant): a matrix has 0..32 rows and 0..32 columns; row i is the word
** r[i] whose bit j (value 1u << j) is the entry a_{i,j} in column j; bits at
** and above the column count are always 0. A vector is a uint32_t whose bit i
** is component i. Hou et al. (IEEE TPDS 2001) write a node as the column
** vector x = [x_0 x_1 ... x_{n-1}]^t with x_0 the least significant address
** bit, so that vector IS the node number: x_i = (x >> i) & 1, and y = A x
** means bit i of y = parity(r[i] & x).
**
** Text form (hc_gf2_parse, hc_gf2_format): one row per line (';' also ends a
** row), the entries of row i written a_{i,0} a_{i,1} ... a_{i,n-1} from left
** to right, exactly as the paper prints its matrices, so row 0 of the 8-cube
** transpose is "00001000" (y_0 = x_4). Blanks, tabs, commas and carriage
** returns between entries are ignored, '#' starts a comment that runs to the
** end of the line, and empty rows are skipped. A vector's text form is
** b_0 b_1 ... b_{n-1} left to right (paper order: "11110000" has b_0..b_3 =
** 1, i.e. the number 0x0f), or a C hexadecimal number "0x..." whose bit i is
** b_i.
**
** Nothing here allocates or prints. Functions that can fail on run-time data
** return one of the status codes (csim/hc_status.h) below; violations of a documented
** precondition that only a programming error can cause (a NULL matrix given
** to a pure computation, a row index out of range) are caught by assert().
*/
#ifndef HC_GF2_H
#define HC_GF2_H

#include <stddef.h>
#include <stdint.h>

#include "hc_status.h"

/* Status codes: the project's one table (csim/hc_status.h). */

/* Largest row or column count of a matrix. */
#define HC_GF2_MAX 32

/* A rows x cols bit matrix; r[i] bit j is entry (i, j). */
typedef struct hc_gf2_mat {
  int rows;                 /* 0..HC_GF2_MAX */
  int cols;                 /* 0..HC_GF2_MAX */
  uint32_t r[HC_GF2_MAX];   /* rows; r[i] for i >= rows and bits >= cols are 0 */
} hc_gf2_mat;

/* The word with bits 0..n-1 set, for 0 <= n <= 32. */
uint32_t hc_gf2_mask(int n);

/*
** Fill *m with the rows x cols zero matrix. Returns HC_OK, or
** HC_EPARAM if m is NULL or a size is outside 0..HC_GF2_MAX.
*/
int hc_gf2_zero(hc_gf2_mat *m, int rows, int cols);

/*
** Fill *m with the n x n identity. Returns HC_OK, or HC_EPARAM if m
** is NULL or n is outside 0..HC_GF2_MAX.
*/
int hc_gf2_identity(hc_gf2_mat *m, int n);

/*
** Check the representation invariants of *m (sizes in range, no bits outside
** the matrix). Returns HC_OK or HC_EPARAM (also for NULL).
*/
int hc_gf2_check(const hc_gf2_mat *m);

/* Entry (i, j) of m, 0 or 1. Requires a valid m, 0 <= i < rows, 0 <= j < cols. */
int hc_gf2_get(const hc_gf2_mat *m, int i, int j);

/* Set entry (i, j) of m to v & 1. Same preconditions as hc_gf2_get. */
void hc_gf2_set(hc_gf2_mat *m, int i, int j, int v);

/* 1 if a and b have the same size and entries, else 0. Requires valid a, b. */
int hc_gf2_equal(const hc_gf2_mat *a, const hc_gf2_mat *b);

/*
** out = a * b. Returns HC_OK, HC_EPARAM (NULL or invalid operand) or
** HC_ESIZE (a->cols != b->rows). out may be the same object as a or b.
*/
int hc_gf2_mul(const hc_gf2_mat *a, const hc_gf2_mat *b, hc_gf2_mat *out);

/*
** The vector m * x (bit i = parity of r[i] & x); bits of x at or above
** m->cols are ignored. Requires a valid m.
*/
uint32_t hc_gf2_mulvec(const hc_gf2_mat *m, uint32_t x);

/* Rank of m. Requires a valid m. */
int hc_gf2_rank(const hc_gf2_mat *m);

/*
** Rank of the submatrix of m keeping the rows whose bit is set in rowmask and
** the columns whose bit is set in colmask (the paper's A_{R,C}); with
** rowmask = hc_gf2_mask(i+1) and colmask = hc_gf2_mask(i) it is
** rank(A_{L_{i+1},L_i}) of Theorem 1. Bits outside the matrix are ignored.
** Requires a valid m.
*/
int hc_gf2_subrank(const hc_gf2_mat *m, uint32_t rowmask, uint32_t colmask);

/*
** out = the inverse of the square matrix m. Returns HC_OK, HC_EPARAM
** (NULL or invalid m), HC_ESIZE (not square) or HC_ESINGULAR (out is
** then left unchanged). out may be the same object as m.
*/
int hc_gf2_inverse(const hc_gf2_mat *m, hc_gf2_mat *out);

/*
** out = the transpose of m. Returns HC_OK or HC_EPARAM. out may be
** the same object as m.
*/
int hc_gf2_transpose(const hc_gf2_mat *m, hc_gf2_mat *out);

/* 1 if order[0..n-1] is a permutation of 0..n-1 (0 <= n <= 32), else 0. */
int hc_gf2_is_perm(const int *order, int n);

/*
** The permutation matrix Q of a bit order (a reordering mapping of the
** paper, Definition 8): Q has a single 1 in row k at column order[k], so
** x' = Q x has x'_k = x_{order[k]} ("new address bit k is old bit
** order[k]"). Q^-1 = Q^t. Returns HC_OK, or HC_EPARAM if q or order
** is NULL, n is outside 0..32 or order is not a permutation.
*/
int hc_gf2_perm(const int *order, int n, hc_gf2_mat *q);

/*
** Solve m x = rhs. On HC_OK, *dim is -1 if there is no solution;
** otherwise *x0 is a solution and basis[0..*dim-1] a basis of the kernel of
** m (the solutions are x0 ^ any combination of the basis). The basis is
** fully reduced and sorted by its leading (most significant) bit, and x0 has
** none of those leading bits, so that x0 ^ (combination selected by the bits
** of a counter c, basis[k] for bit k) is strictly increasing in c. basis must
** hold m->cols words. Returns HC_EPARAM for NULL or an invalid m.
*/
int hc_gf2_solve(const hc_gf2_mat *m, uint32_t rhs, uint32_t *x0,
                 uint32_t *basis, int *dim);

/*
** Look for a nonzero v with support inside colmask such that the submatrix
** of m on rows rowmask and columns colmask maps v to 0 (a linear dependency
** among those columns). Returns 1 and sets *v if one exists, else returns 0
** and sets *v to 0. Requires a valid m and non-NULL v.
*/
int hc_gf2_kernel_vector(const hc_gf2_mat *m, uint32_t rowmask,
                         uint32_t colmask, uint32_t *v);

/*
** Parse a matrix from text (format in the comment at the top of this file).
** rows and cols are the expected size, or 0 to accept any size from 1 to 32.
** Returns HC_OK, HC_EPARAM (NULL text or out, size argument out of
** range), HC_EPARSE (a character other than 0/1 in an entry, or no rows)
** or HC_ESIZE (rows of different lengths, more than 32 rows or columns,
** or not the expected size). On error *out is unchanged and, when err is not
** NULL and errlen > 0, err receives a one-line NUL-terminated message (no
** newline) that names the row and entry.
*/
int hc_gf2_parse(const char *text, int rows, int cols, hc_gf2_mat *out,
                 char *err, size_t errlen);

/*
** Parse an n-component vector (1 <= n <= 32) from text: b_0 b_1 ... b_{n-1}
** as 0/1 characters (blanks ignored) or "0x" followed by hex digits (bit i
** = b_i). Returns HC_OK, HC_EPARAM, HC_EPARSE (bad character) or
** HC_ESIZE (not n entries, or a hex value with bits at or above n);
** messages as for hc_gf2_parse.
*/
int hc_gf2_parse_vec(const char *text, int n, uint32_t *v, char *err,
                     size_t errlen);

/*
** Write m as text: each row as cols characters '0'/'1' (a_{i,0} first)
** followed by '\n', then a NUL. Needs rows * (cols + 1) + 1 bytes. Returns
** HC_OK, HC_EPARAM or HC_EBUFFER (buf too small; buf is then the
** empty string if len > 0).
*/
int hc_gf2_format(const hc_gf2_mat *m, char *buf, size_t len);

/*
** Write the n-component vector v as n characters '0'/'1' (b_0 first) and a
** NUL (n + 1 bytes). Returns HC_OK, HC_EPARAM or HC_EBUFFER.
*/
int hc_gf2_format_vec(uint32_t v, int n, char *buf, size_t len);

#endif /* HC_GF2_H */
