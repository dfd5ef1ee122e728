/*
** Private to the distribute/collect generators of 000 (Stout & Wagar) §5
** (algorithms/sf_distribute1.c, sf_collect.c, sf_distribute2.c): the memory
** layout they share and DISTRIBUTE 1's packet engine, which COLLECT runs
** backwards. Layout (words per node, 2^d m):
**
**   root (SRC)      [y m, y m + m): block y, the message for (from) node y
**   any other node  [0, m): its message (DISTRIBUTE: result; COLLECT: own)
**                   [m, 2^d m): relay scratch (care = 0), as much as needed
*/
#ifndef SF_SW5_H
#define SF_SW5_H

#include "hc_sf_algo.h"

/* Words per node, 2^d m, or 0 if that exceeds HC_SCHED_MAX_MEM. */
uint32_t hc_sw5_mem(unsigned d, uint32_t m);

/*
** A new case with the layout above for root src: collect = 0 gives the
** distribute data (the root owns its 2^d blocks; node y ends with block y in
** [0, m)), collect = 1 the collect data (node y owns [0, m), the root its
** block src; the root ends with y's message in block y). Scratch is care 0.
** HC_OK, HC_EPARAM (too large) or HC_ENOMEM; *out is zeroed on failure.
*/
int hc_sw5_case(unsigned d, uint32_t m, uint32_t src, int collect, hc_sched_case *out);

/* hc_sw5_case with mem words per node (at least 2^d m): the words past
** 2^d m are scratch (care = 0) at every node, the root included. */
int hc_sw5_case_mem(unsigned d, uint32_t m, uint32_t mem, uint32_t src, int collect, hc_sched_case *out);

/*
** The words per node DISTRIBUTE 1 (collect = 0) or COLLECT (1) of m words
** needs: 2^d m, or more when its pieces are rounded and the pad and the
** relays need more scratch than the layout above leaves (small m against
** 2^d); 0 if above HC_SCHED_MAX_MEM.
*/
uint32_t hc_sw5_distribute1_mem(unsigned d, uint32_t m, int collect);

/*
** DISTRIBUTE 1 from src into the case made by hc_sw5_case_mem with
** hc_sw5_distribute1_mem words (collect = 0), or, with collect = 1, every
** packet of it reversed in direction and in time (COLLECT). Any m >= 1:
** a piece of a message to distance n is c_n = ceil(m/n) words, the words
** past the message pad (read from the origin's real words of the same
** message, landing in fresh scratch of the final receiver: t when
** distributing, the root past its 2^d blocks when collecting). HC_OK or
** HC_ENOMEM.
*/
int hc_sw5_distribute1_build(unsigned d, uint32_t m, uint32_t src, int collect, hc_sched_case *c);

/* The exact DISTRIBUTE 1 / COLLECT time: sum_{n=1..d} C(d-1,n-1) ceil(m/n)
** + d beta, which is 000 §5's (2^d - 1) m/d + d beta when lcm(1..d)
** divides m. */
uint64_t hc_sw5_distribute1_formula(unsigned d, uint32_t m, uint32_t beta);

/* DISTRIBUTE 1 (collect = 0) and COLLECT (1) as a record's unit (lcm(1..d):
** no piece rounded) and check (any m >= 1, pieces rounded up; the memory
** must fit a node). */
uint32_t hc_sw5_unit(const hc_sf_params *p);
int hc_sw5_check(hc_sf_params *p, int collect, char *why, size_t n);

#endif /* SF_SW5_H */

/* ------------------------------------------------------- DISTRIBUTE 2 */

#define HC_SW5_MAXW (HC_SF_MAX_D + 1)

/*
** DISTRIBUTE 2's waves at m = u = lcm(1..d) (every size scales with m/u).
** part[w][n] (w = 1..k, n = 1..d): the words of every message to distance n
** that wave w carries (a multiple of lcm_j C(n,j)(n-j), so that it spreads
** evenly at every level); wave[w]: the words of wave w on each link of the
** source; r: the paper's real r for this k.
*/
typedef struct hc_sw5_plan {
  unsigned d, k;
  uint32_t u;
  double r;
  uint32_t part[HC_SW5_MAXW][HC_SW5_MAXW];
  uint64_t wave[HC_SW5_MAXW];
} hc_sw5_plan;

/* The paper's k: the smallest k with d ((d-1)^k - 1)/(d-2) >= 2^d - 1
** (d sum_{e<k} (d-1)^e, which is also d = 2's meaning). */
unsigned hc_sw5_distribute2_k(unsigned d);

/* The waves for k (plan above), or HC_EPARAM with why when k is not
** 1..d, no r >= 0 exists, or a wave would be empty. */
int hc_sw5_plan_make(unsigned d, unsigned k, hc_sw5_plan *pl, char *why, size_t n);

/*
** The schedule's exact completion at (m, beta) (at m' = u ceil(m/u)), from the
** level recurrence of sf_distribute2.c (the executor must agree); and the
** condition under which it equals the paper's time (2^d - 1) m/d + k beta:
** beta * den <= m * num (HC_OK; den = 0: always, num = 0: only at
** beta = 0), or HC_EPARAM if even beta = 0 misses it (r >= d - 1).
*/
uint64_t hc_sw5_distribute2_time(const hc_sw5_plan *pl, uint32_t m, uint32_t beta);
int hc_sw5_distribute2_threshold(const hc_sw5_plan *pl, uint64_t *num, uint64_t *den);

/* mu = ceil(m/u): the waves carry m' = mu u words per message (m padded
** up to a multiple of u; the pad lands in scratch of the destination). */
uint32_t hc_sw5_distribute2_scale(const hc_sw5_plan *pl, uint32_t m);

/* The words per node the schedule needs (>= 2^d m: relays and pad); 0 if
** above HC_SCHED_MAX_MEM. */
uint32_t hc_sw5_distribute2_mem(const hc_sw5_plan *pl, uint32_t m);

/* The schedule into a case made by hc_sw5_case_mem (collect = 0) with
** hc_sw5_distribute2_mem words; any m >= 1 (padded to mu u). */
int hc_sw5_distribute2_build(const hc_sw5_plan *pl, uint32_t m, uint32_t src, hc_sched_case *c);
