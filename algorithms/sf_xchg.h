/*
** Private to the generators built on COMPLETE EXCHANGE of 000 (Stout &
** Wagar) §6 (algorithms/sf_complete_exchange.c, sf_permuted_send.c,
** sf_transpose_rows.c): the one exchange engine they share
** (algorithms/sf_xchg.c), parameterised by where every word of every
** message starts and ends. Nothing else includes it.
**
** Every node s sends every other node t a message of len words. The
** message for t at distance n = |s^t| is cut into n pieces of
** c_n = ceil(len/n) words (piece i: message words i c_n .. i c_n + c_n - 1;
** words at or past len are pad) and travels by O.C. SEND 2 in the subcube
** spanned by s and t, piece i crossing the dimensions of s^t in increasing
** order from the i-th on, cyclically, starting in stage d - n; every link
** carries one batched packet per stage. A pad word is gathered from a real
** word of the same message ((w - len) mod len) and lands in a fresh
** scratch word of the receiver; relays give every piece a fresh scratch
** slot of c_n words. When n divides len there is no pad and this is the
** paper's construction word for word.
*/
#ifndef SF_XCHG_H
#define SF_XCHG_H

#include <stdint.h>

#include "hc_sched.h"
#include "hc_sf_algo.h"

/* Where the words of one exchange are. from: the address at s of word w
** (w < len) of s's message for t (own data, or written before the exchange
** starts); to: the address at t where it lands (a word nothing else writes). */
typedef struct hc_xchg_map {
  uint32_t len;
  uint32_t (*from)(const void *ctx, uint32_t s, uint32_t t, uint32_t w);
  uint32_t (*to)(const void *ctx, uint32_t s, uint32_t t, uint32_t w);
  const void *ctx;
} hc_xchg_map;

/*
** The scratch words one exchange of len-word messages takes at every node
** (the same at every node): the relayed pieces, sum_n C(d,n) n (n-1) c_n,
** and the pad words landing there, sum_n C(d,n) (n c_n - len).
*/
uint64_t hc_xchg_scratch(unsigned d, uint32_t len);

/*
** The exact completion of one exchange alone: every link carries in stage
** k the same sum_{n >= d-k} C(d-1,n-1) c_n words, so the time is
** sum_{n=1..d} C(d-1,n-1) n c_n + d beta; it is the paper's
** 2^(d-1) len + d beta when every n = 1..d divides len.
*/
uint64_t hc_xchg_time(unsigned d, uint32_t len, uint32_t beta);

/*
** Append the exchange's d packets to every link of s, in stage order (a
** caller appends two exchanges one after the other). Node x's scratch is
** taken from bump[x] upwards (advanced by hc_xchg_scratch(d, len) at every
** node). HC_OK or the schedule's status (HC_ENOMEM).
*/
int hc_xchg_build(hc_sched *s, unsigned d, const hc_xchg_map *map, uint32_t *bump);

#endif /* SF_XCHG_H */
