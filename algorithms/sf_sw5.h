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

/* ------------------------------------------------------- DISTRIBUTE 2 */

#define HC_SW5_MAXW (HC_SF_MAX_D + 1)

/*
** DISTRIBUTE 2's plan for one (d, k, m), every size in whole words
** (algorithms/sf_distribute2.c says how it is made). Message t (ids
** relative to the root, at distance n = |t|) leaves the root in n pieces,
** m/n words rounded down or up (ext[t]: the links of the rounded-up ones),
** so that the root's d links carry loads within one word of each other.
** Each link's stream is cut into k waves from its end at cut[w] words
** (w = 2..k; cut[k] = m, C_1's message); wave 1 is the rest of the link's
** load[c] words. Portion (t, w), the words of t's message in wave w, is
** h[w * nsub + sub[t] + rank of x in t] words at each node x of the subcube
** spanned by the root and t (x = 0 and x = t: the whole portion); a relay x
** at level j splits its words over its n - j links toward t, floor or
** ceil, the links in up[...] (same index) getting the ceil.
*/
typedef struct hc_sw5_plan {
  unsigned d, k;
  uint32_t m;
  double r;                      /* the paper's real r for this k */
  uint64_t cut[HC_SW5_MAXW + 1]; /* cut[2..k]; cut[k + 1] = 0 */
  uint64_t load[HC_SF_MAX_D];    /* words on the root's link c */
  size_t nsub;                   /* sum over t of 2^|t| (3^d) */
  uint32_t *sub, *ext, *h, *up;
} hc_sw5_plan;

/* The paper's k: the smallest k with d ((d-1)^k - 1)/(d-2) >= 2^d - 1
** (d sum_{e<k} (d-1)^e, which is also d = 2's meaning). */
unsigned hc_sw5_distribute2_k(unsigned d);

/*
** The plan for k waves and m >= 1 words (plan above). HC_OK; HC_EPARAM
** with why when d or k is out of range (k = 2..d; 1 at d = 1) or a wave
** would be empty on a busiest link of the root once rounded to words;
** HC_ENOMEM. *pl is zeroed on failure; free it with hc_sw5_plan_free.
*/
int hc_sw5_plan_make(unsigned d, unsigned k, uint32_t m, hc_sw5_plan *pl, char *why, size_t n);
void hc_sw5_plan_free(hc_sw5_plan *pl);

/* The time the schedule is measured against: ceil((2^d - 1) m/d) + k beta,
** the paper's (2^d - 1) m/d + k beta when d divides m. */
uint64_t hc_sw5_distribute2_formula(unsigned d, uint32_t m, unsigned k, uint32_t beta);

/*
** The schedule's exact completion at beta, computed packet by packet from
** the plan in the execution model (the executor must agree; the tests
** check it), without building the schedule; UINT64_MAX if out of memory.
*/
uint64_t hc_sw5_distribute2_time(const hc_sw5_plan *pl, uint32_t beta);

/*
** The largest beta (by bisection on the exact time) at which the schedule
** meets hc_sw5_distribute2_formula, below miss (a beta at which it is known
** to miss it), or if miss is 0 up to 2^20, UINT32_MAX if it still meets it
** there; HC_EPARAM if it misses it even at beta = 0.
*/
int hc_sw5_distribute2_beta_max(const hc_sw5_plan *pl, uint32_t miss, uint32_t *beta);

/* The words per node the schedule needs (>= 2^d m: the relays' scratch);
** 0 if above HC_SCHED_MAX_MEM. */
uint32_t hc_sw5_distribute2_mem(const hc_sw5_plan *pl);

/* The schedule into a case made by hc_sw5_case_mem (collect = 0) with
** hc_sw5_distribute2_mem words. HC_OK or HC_ENOMEM (or a builder error). */
int hc_sw5_distribute2_build(const hc_sw5_plan *pl, uint32_t src, hc_sched_case *c);

#endif /* SF_SW5_H */
