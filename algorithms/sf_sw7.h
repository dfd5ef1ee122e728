/*
** Private to the sw7 group of generators (000 (Stout & Wagar) §7, MATRIX
** TRANSPOSITION): the L.C. INVERSION construction that lc_inversion and
** transpose_sub share (algorithms/sf_sw7_lc.c). Nothing else includes it.
**
** The cube has d = 2c; node x = a 2^c + b (a the high c bits, b the low c
** bits) is paired with its transpose partner b 2^c + a. The l.c. subcube of
** x is S_(a,b): the 2^k nodes whose high and low halves differ in exactly
** the k positions D = a ^ b and agree with a elsewhere; its logical link i
** (i in D) joins two members differing in bits i and c + i, over the two
** physical paths through the intermediate nodes (Fig. 3).
*/
#ifndef SF_SW7_H
#define SF_SW7_H

#include <stddef.h>
#include <stdint.h>

#include "hc_sched.h"
#include "hc_sf_algo.h"

/* x's transpose partner b 2^c + a. */
uint32_t hc_sw7_partner(uint32_t x, unsigned c);

/*
** The l.c. subcube a directed physical link (x, dim) of the d = 2c cube
** belongs to: the member of S that the link touches, as *member (the
** sender or the receiver, whichever has a_i != b_i at position i = dim mod c).
** Every link has exactly one, which is 000 §7.2's "no two l.c. subcubes
** share a physical link"; returns 1 if the sender is the member (first
** hop), 0 if it is the intermediate node (second hop).
*/
int hc_sw7_link_member(uint32_t x, unsigned dim, unsigned c, uint32_t *member);

/*
** Check d (even, 2..HC_SF_MAX_D), the message words m (0: refuse with the
** name pname) and p->g (= p, the packets per physical link of a largest
** l.c. subcube; HC_SF_UNSET: the paper's optimum p = (1/c) sqrt(m/(2 beta))
** rounded to a valid one), and fill p->g. p must be >= 2, c p a multiple
** of lcm(1..c) (the k-subcubes send p_k = c p / k packets, so that all of
** them take k p_k = c p sends) and m a multiple of 2 c p. HC_OK or
** HC_EPARAM with why.
*/
int hc_sw7_lc_check(hc_sf_params *p, uint32_t m, const char *what, char *why, size_t n);

/* The smallest valid p for c (>= 2, c p a multiple of lcm(1..c)). */
uint32_t hc_sw7_lc_pmin(unsigned c);

/* The words per node of an L.C. INVERSION of m words: (c + 2) m
** (own, result, c m of scratch); 0 if above HC_SCHED_MAX_MEM. */
uint32_t hc_sw7_lc_mem(unsigned d, uint32_t m);

/*
** Build L.C. INVERSION of m words per node with p packets per physical link
** of a largest subcube, on every l.c. subcube at once. Layout: own data
** [0, m), result [m, 2m), scratch [2m, (c+2)m). With side == 0 word w of
** the partner's message lands at m + w (lc_inversion); with side == B > 0
** the message is a B x B block stored by rows and word (r, j) lands at
** m + j B + r, i.e. the block arrives transposed (transpose_sub). Expected
** memory: result = the partner's message (transposed if side); nodes with
** a == b have no partner but themselves: their result is care = 0.
** HC_OK, HC_EPARAM or HC_ENOMEM; *out zeroed on failure.
*/
int hc_sw7_lc_build(unsigned d, uint32_t m, uint32_t p, uint32_t side, hc_sched_case *out);

/* (c p + 1)(m/(2 c p) + beta): the paper's (kp + 1)(m/(2kp) + beta) with
** k p = c p sends on every link. */
uint64_t hc_sw7_lc_formula(unsigned d, uint32_t m, uint32_t p, uint32_t beta);

/* The boxed optimum m/2 + 2 sqrt(beta m/2) + beta. */
double hc_sw7_lc_boxed(uint32_t m, uint32_t beta);

/* 000 §9: S = all d 2^d links; every node sends m words over 2 |a ^ b|
** links, d 2^(d-1) m link-words in all; the farthest word goes d hops. */
void hc_sw7_lc_lower(unsigned d, uint32_t m, uint32_t beta, hc_sf_bound *b);

#endif /* SF_SW7_H */
