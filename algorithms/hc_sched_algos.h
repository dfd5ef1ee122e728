/*
** The direct C entry points of the first store-and-forward generators (the
** tests and the table programs call them; front ends use the records of
** algorithms/hc_sf_algo.h), one small file each:
**   sf_broadcast2.c         BROADCAST 2 of 000 (Stout & Wagar) §2
**   sf_complete_exchange.c  COMPLETE EXCHANGE of 000 §6 (completed DISTRIBUTE 1,
**                           batched)
**   sf_total_exchange.c     the optimal total exchange of 002 (Bertsekas et
**                           al.) §4, unit packets
**   sf_multinode_broadcast.c, sf_single_node_scatter.c
**                           the optimal multinode broadcast and single node
**                           scatter of 002 §2, §3, unit packets (their trees:
**                           sf_bert_common.c)
** Each generator returns an hc_sched_case: the schedule, the initial memory
** of every node and the expected final memory, computed from what the
** communication means (not by running the schedule). Memory layouts, the
** formulas and the lower bounds are in docs/store_and_forward.md.
*/
#ifndef HC_SCHED_ALGOS_H
#define HC_SCHED_ALGOS_H

#include <stdint.h>

#include "hc_sched.h"
#include "hc_sf_algo.h"

/* ------------------------------------------------------------ BROADCAST 2 */

/*
** BROADCAST 2 of m words from root in a d-cube: d packets of m/d words, each
** broadcast by recursive doubling with the dimensions rotated, batched into
** one packet per link and stage. Layout: every node has m words; the root
** owns words 0..m-1; at the end every node holds them at the same addresses.
** Returns HC_OK, HC_EPARAM (d not in 1..HC_SF_MAX_D, m not a
** positive multiple of d, root >= 2^d) or HC_ENOMEM; *out is zeroed
** on failure.
*/
int hc_sf_broadcast2(unsigned d, uint32_t m, uint32_t root, hc_sched_case *out);

/* m must be a multiple of this: d. */
uint32_t hc_sf_broadcast2_unit(unsigned d);

/* 000 §2: tau*m + d*beta with tau = 1 cycle. */
uint64_t hc_sf_broadcast2_formula(unsigned d, uint32_t m, uint32_t beta);

/* max(ceil(m/d) + beta, d*(beta + 1)): the root's d links must carry m words;
** the opposite corner is d store-and-forward hops away. */
uint64_t hc_sf_broadcast2_lower(unsigned d, uint32_t m, uint32_t beta);

/* ----------------------------------------------------------- exchanges */

/*
** The layout shared by both exchanges, with N = 2^d nodes and blocks of m
** words: words [0, N*m) of node x are its own data, block y (at y*m) being
** x's message for y; words [N*m, 2*N*m) are the result, block s (at
** N*m + s*m) receiving s's message for x (block x stays 0: x's message for
** itself is its own block x); the remaining m*(d*2^(d-1) - 2^d + 1) words
** are scratch for packets in transit (the words each node relays on shortest
** paths). hc_sf_exchange_mem gives the words per node (0 if too large);
** hc_sf_exchange_case makes an empty schedule with that memory and the case
** around it: own data, expected result (scratch: don't care).
*/
uint32_t hc_sf_exchange_mem(unsigned d, uint32_t m);
int hc_sf_exchange_case(unsigned d, uint32_t m, hc_sched_case *out);

/* 2^(d-1)*m + beta (bisection: 2^(2d-2) messages over 2^(d-1) links each
** way) and d*(beta + 1) (a message to the opposite corner), the larger. */
uint64_t hc_sf_exchange_lower(unsigned d, uint32_t m, uint32_t beta);

/* ---------------------------------------------------- COMPLETE EXCHANGE */

/*
** COMPLETE EXCHANGE of m-word messages: DISTRIBUTE 1 completed over all
** nodes; the message from s to t at distance n travels as n pieces of
** ceil(m/n) words (m/n when n divides m; the rest is pad) by O.C. SEND 2 in
** the subcube spanned by s and t, starting at stage d - n; every link
** carries one batched packet per stage. Layout: hc_sf_exchange_case, with
** the scratch hc_sf_complete_exchange_mem gives (pad words included).
** Returns HC_OK, HC_EPARAM (d not in 1..HC_SF_MAX_D, m = 0, memory above
** HC_SCHED_MAX_MEM) or HC_ENOMEM; *out is zeroed on failure.
*/
int hc_sf_complete_exchange(unsigned d, uint32_t m, hc_sched_case *out);

/* Words per node of hc_sf_complete_exchange: 2^(d+1) m + the relayed
** pieces and pad, sum_n C(d,n) (n^2 ceil(m/n) - m); 0 if too large. It is
** hc_sf_exchange_mem(d, m) when lcm(1..d) divides m. */
uint32_t hc_sf_complete_exchange_mem(unsigned d, uint32_t m);

/* The m at which the paper's formula holds without rounding: lcm(1..d)
** (any m >= 1 is accepted). */
uint32_t hc_sf_complete_exchange_unit(unsigned d);

/* The schedule's exact time: sum_{n=1..d} C(d-1,n-1) n ceil(m/n) + d*beta,
** which is 000 §6's 2^(d-1)*tau*m + d*beta (tau = 1 cycle) when lcm(1..d)
** divides m. */
uint64_t hc_sf_complete_exchange_formula(unsigned d, uint32_t m, uint32_t beta);

/* ------------------------------------------------------- TOTAL EXCHANGE */

/*
** The optimal total exchange of 002 §4 with unit packets of k words (one
** message of k words from every node to every other): built recursively,
** the (e+1)-cube schedule being phase 1 (the e-cube schedule in both
** halves), phase 3 (the e-cube schedule again, right after phase 1, each
** node acting for its counterpart across dimension e) and phase 2 (each node
** sends its 2^e packets for the other half over dimension e, one per time
** unit from the start, in the order its counterpart forwards them in phase 3,
** the one for the counterpart itself last). Every link carries one packet
** per time unit. Layout: hc_sf_exchange_case with m = k. Returns as
** hc_sf_complete_exchange (k any positive value).
*/
int hc_sf_total_exchange(unsigned d, uint32_t k, hc_sched_case *out);

/* k may be any positive value: 1. */
uint32_t hc_sf_total_exchange_unit(unsigned d);

/* 002 §4: 2^(d-1) time units of beta + k cycles. */
uint64_t hc_sf_total_exchange_formula(unsigned d, uint32_t k, uint32_t beta);

/* The optimum number of packet transmissions, d * 2^(2d-1). */
uint64_t hc_sf_total_exchange_transmissions(unsigned d);

/* With packets fixed at k words the formula is the lower bound (002 Eq. 4:
** d*2^(2d-1) transmissions over d*2^d links need 2^(d-1) units). */
uint64_t hc_sf_total_exchange_lower(unsigned d, uint32_t k, uint32_t beta);

/* ------------------------------- MULTINODE BROADCAST, SINGLE NODE SCATTER */

/*
** 002 §2 and §3 with unit packets of k words (docs/bertsekas.md): every
** node's k words to every other node (2^d k words per node, block s at s k
** = s's words), and root src's block y (of its 2^d blocks of k words) to
** node y, landing in y's block y (the other words are scratch). Both take
** ceil((2^d-1)/d) units of k + beta cycles. HC_OK, HC_EPARAM (d not in
** 1..HC_SF_TOP_D, k = 0, src not a node, memory above the schedule's
** limits) or HC_ENOMEM; *out is zeroed on failure.
*/
int hc_sf_multinode_broadcast(unsigned d, uint32_t k, hc_sched_case *out);
int hc_sf_single_node_scatter(unsigned d, uint32_t k, uint32_t src, hc_sched_case *out);

#endif /* HC_SCHED_ALGOS_H */
