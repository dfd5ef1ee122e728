/*
** Private to the schedules of Johnsson (003) §3.1-3.3 (algorithms/sf_gray_*.c,
** sf_gray2bin.c, sf_bin2gray.c, sf_cons2cyc*.c, sf_cyc2cons*.c): the
** element routes they are built from, turned into a store-and-forward
** schedule, and the consecutive <-> cyclic conversions of 003 §3.3 that six
** records share (jo_c2c.c). Each of these algorithms moves elements of k
** words, one packet per element per link crossed (one routing step of the
** paper is k + beta cycles), along a list of dimensions decided by the
** paper's algorithm; what differs is the routes and the order of the
** elements on each link.
*/
#ifndef JO_ROUTE_H
#define JO_ROUTE_H

#include <stddef.h>
#include <stdint.h>

#include "hc_sched.h"
#include "hc_sf_algo.h"

/* One hop of an element: the dimension it crosses and its place on that
** link (the link carries its packets in increasing key, ties in element
** order). */
typedef struct hc_jo_hop {
  unsigned dim;
  uint64_t key;
} hc_jo_hop;

/* An element of k words: where it starts (own data of node at addr..addr+k-1),
** where its last hop writes it (dest..dest+k-1 of the node it ends on), and
** its hops hop[hop0 .. hop0+nhops-1] in the order it takes them. */
typedef struct hc_jo_elem {
  uint32_t node, addr, dest;
  uint32_t hop0, nhops;
} hc_jo_elem;

/*
** The schedule that moves every element of el[0..nel-1] along its hops, one
** packet of k words per hop, into out (zeroed first): out->sched (a d-cube)
** and the arrays of hc_sched_case_alloc. A hop that is not the element's last
** writes the element into fresh scratch of the receiving node: slots of k
** words from word base on, handed out in element order; mem = base + k
** times the most slots a node needs. Scratch words get care 0; own data and
** expect are the caller's to fill. Returns HC_OK, HC_EPARAM (more than
** HC_SCHED_MAX_MEM words a node, or HC_SCHED_MAX_TOTAL in all) or
** HC_ENOMEM; out is freed on failure.
*/
int hc_jo_route_case(unsigned d, uint32_t k, uint32_t base, const hc_jo_elem *el, size_t nel, const hc_jo_hop *hop,
                     hc_sched_case *out);

/* ------------------------- 003 §3.1.3: Gray code <-> binary encoding */

/* check() of gray2bin and bin2gray: d in 2..HC_SF_MAX_D (at d = 1 the two
** encodings coincide), K >= 1, N (HC_SF_UNSET -> 2^d) a positive multiple
** of 2^d: M = N/2^d elements a node. HC_OK or HC_EPARAM with why. */
int hc_jo_g2b_check(hc_sf_params *p, char *why, size_t n);

/* build() of gray2bin (reverse 0: element i of the Gray-coded array moves
** from node G(i) to node i) and bin2gray (reverse 1: from node i to G(i));
** jo_g2b.c has the layout. */
int hc_jo_g2b_build(int reverse, const hc_sf_params *p, hc_sched_case *out);

/* The paper's routing steps, n + M - 2 (Cor. 3.4; n - 1 at M = 1, Lemma
** 3.4), with n = d and M = N/2^d. */
uint64_t hc_jo_g2b_steps(const hc_sf_params *p);

/* lower(): the first link of the longest path carries the M elements of
** its source, which travel d - 1 hops. */
void hc_jo_g2b_lower(const hc_sf_params *p, hc_sf_bound *b);

/* ----------------------------------- 003 §3.3: consecutive <-> cyclic */

/* Which of Theorems 3.1-3.3, and which way. */
typedef enum hc_jo_c2c_kind {
  HC_JO_C2C_BIN,    /* Thm 3.1: a linear array, binary encoding */
  HC_JO_C2C_GRAY,   /* Thm 3.3: a linear array, Gray code encoding */
  HC_JO_C2C_MATRIX  /* Thm 3.2: an N x N matrix on a 2^k x 2^k array, binary encoding of rows and columns */
} hc_jo_c2c_kind;

/*
** check() of the six records: d in 1..HC_SF_MAX_D (even for the matrix),
** K >= 1, N (HC_SF_UNSET -> the default, 2^(d+3) elements, or order
** 2^(d/2+2) for the matrix) a power of two with at least two elements a
** node (N >= 2^(d+1), or N >= 2^(d/2+1) for the matrix). HC_OK or HC_EPARAM
** with why.
*/
int hc_jo_c2c_check(hc_jo_c2c_kind kind, hc_sf_params *p, char *why, size_t n);

/* build() of the six records: reverse 0 converts consecutive to cyclic
** storage, 1 cyclic to consecutive (jo_c2c.c has the layout). */
int hc_jo_c2c_build(hc_jo_c2c_kind kind, int reverse, const hc_sf_params *p, hc_sched_case *out);

/* The paper's routing steps for checked p: N/2^(d+1) + d - 1 (Thms 3.1,
** 3.3), 2^(2(n-k)-1) + 2k - 1 with N = 2^n, d = 2k (Thm 3.2). */
uint64_t hc_jo_c2c_steps(hc_jo_c2c_kind kind, const hc_sf_params *p);

/* formula(): the steps times k + beta cycles. */
uint64_t hc_jo_c2c_formula(hc_jo_c2c_kind kind, const hc_sf_params *p);

/* lower(): a link that carries half a node's elements, and the d hops of
** an element that crosses every dimension. */
void hc_jo_c2c_lower(hc_jo_c2c_kind kind, const hc_sf_params *p, hc_sf_bound *b);

#endif /* JO_ROUTE_H */
