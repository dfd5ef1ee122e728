/*
** What the nodes of the example virtual platform (tb/systemc/hc_tlm_demo.cpp)
** must see, computed from the definitions of the algorithms they run and
** never from a run: the words of a message, the e-cube latency and the
** completion of Algorithm AAP (every nonzero dimension set once, each step
** a vector reversal, so contention-free), the matrix transpose and a
** processor reordering Q with its e-cube channel contention, and the final
** memory of the optimal total exchange in the exchange layout of
** docs/store_and_forward.md. Plain C: the platform's C++ only calls it.
*/
#ifndef HC_VP_H
#define HC_VP_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Word j of the message the platform's node src sends to dest in phase
** tag, masked to w bits. */
uint32_t hc_vp_word(unsigned src, unsigned dest, unsigned tag, unsigned j, unsigned w);

/* A message of k flits (head included) over h hops of an idle network is
** ejected h + k + 1 cycles after it is created (docs/microarchitecture.md;
** docs/boppana.md): its latency. */
uint64_t hc_vp_latency(unsigned h, unsigned k);

/* Algorithm AAP on a d-cube with k-flit messages, the idle barrier between
** steps: every nonzero dimension set once, a step of h hops taking h + k +
** 3 cycles (latency, then the barrier 2 cycles after the ejection), so
** sum_h C(d,h) (h + k + 3) = d 2^(d-1) + (2^d - 1)(k + 3) cycles. */
uint64_t hc_vp_aap_cycles(unsigned d, unsigned k);

/* The same in circuit switching (mode 3, the registers tau' = xi' = 0;
** docs/boppana.md, "The mapping, derived from the mechanism"): the head
** leaves the NI S(h) = 4 + 2h cycles after the set-up, the tail is ejected
** h + k cycles later, so a lone message's latency is 3h + k + 4; with the
** idle barrier a step takes S(h) + h + k + 2 = 3h + k + 6 cycles, AAP
** 3 d 2^(d-1) + (2^d - 1)(k + 6) from the cycle the mode is in effect. */
uint64_t hc_vp_cs_latency(unsigned h, unsigned k);
uint64_t hc_vp_aap_cs_cycles(unsigned d, unsigned k);

/* The matrix transpose of a d-cube (d even): bit i of the result is bit
** (i + d/2) mod d of v (docs/lcc.md, Hou et al. Ex. 3). */
uint32_t hc_vp_transpose(unsigned d, uint32_t v);

/* The processor reordering Q of a bit order (order[0..d-1], a permutation):
** bit k of Q x is bit order[k] of x; and its inverse. */
uint32_t hc_vp_map(const int *order, unsigned d, uint32_t x);
uint32_t hc_vp_unmap(const int *order, unsigned d, uint32_t xp);

/* The transpose run on the reordered machine (virtual node v on physical Q
** v, sending to Q transpose(v)) routed e-cube: t[i] = the most messages
** on one channel of dimension i (t has d entries; d <= 12). */
void hc_vp_transpose_contention(const int *order, unsigned d, uint64_t *t);

/* The optimal total exchange with k-word blocks (002 §4) in the exchange
** layout: word addr (< 2^(d+1) k) of node y afterwards, masked to w bits:
** own data hc_sched_tag(y, addr) below 2^d k, then block s (s != y) holds
** word j of s's block y, hc_sched_tag(s, y k + j), and block y stays 0. */
uint32_t hc_vp_exchange_word(unsigned d, unsigned k, uint32_t y, uint32_t addr, unsigned w);

/* The paper's time of the total exchange: 2^(d-1) (beta + k) cycles. */
uint64_t hc_vp_exchange_cycles(unsigned d, unsigned k, unsigned beta);

#ifdef __cplusplus
}
#endif

#endif /* HC_VP_H */
