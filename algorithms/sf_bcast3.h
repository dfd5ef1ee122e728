/*
** Private to the BROADCAST 3 family of Stout & Wagar (shared/seeds/000 §2,
** §4): BROADCAST 3A, 3B, 4 and ARBITRARY SEND 2 are all one builder, the
** pipelined systolic wave of BROADCAST 4 (algorithms/sf_bcast3_common.c),
** told how many groups there are, whether the last group is a 3B, which
** stages to keep and whether packets toward the root are sent.
*/
#ifndef SF_BCAST3_H
#define SF_BCAST3_H

#include "hc_sf_algo.h"

/* What to build. The message of m words is cut into g groups of m/g words,
** group i into d packets P_0..P_{d-1} of q = m/(dg) words. */
typedef struct sf_bc3_plan {
  unsigned d;
  uint32_t m, g, src;
  int last_3b;      /* group g-1 runs BROADCAST 3B, the others 3A */
  int to_root;      /* send the packets 3A sends back to the root (kept by 3A only) */
  unsigned stages;  /* global stages 0..stages-1 are kept (ARBITRARY SEND 2 deletes the rest) */
  uint32_t dst;     /* care only for dst's message (ARBITRARY SEND 2); HC_SF_UNSET: every node */
} sf_bc3_plan;

/*
** 000 §1.4's rounding-up function, extended to node 0: the position of the
** first 1 bit of n | 2^z after z in left-circular order (z itself only if
** n has no 1 bit), for z a 0 bit of n. For n != 0 this is the paper's
** ceil_n(z). Node n sends it up dimension z in BROADCAST 3A.
*/
unsigned sf_bc3_ceil(uint32_t n, unsigned z, unsigned d);

/*
** Which packet node n (relative to the root) sends on dimension b in global
** stage k of plan pl: 1 with its group in *grp and its packet index in *w,
** or 0 if the link is idle in that stage.
*/
int sf_bc3_send(const sf_bc3_plan *pl, uint32_t n, unsigned b, unsigned k, uint32_t *grp, unsigned *w);

/* The number of global stages of the unpruned schedule: d+g-1 if the last
** group is a 3B (d = 1: g), d+g otherwise (3A: d+1). */
unsigned sf_bc3_full_stages(const sf_bc3_plan *pl);

/*
** Build the case of plan pl: every node's message at the root's addresses
** 0..m-1, a copy that arrives after the first one goes to the receiver's
** scratch (addresses m.., care 0). Packets on a link are in stage order.
** HC_OK, HC_EPARAM (m not a multiple of d*g, or the memory too large) or
** HC_ENOMEM; *out is zeroed on failure.
*/
int sf_bc3_build(const sf_bc3_plan *pl, hc_sched_case *out);



/*
** check() of the pipelined members (BROADCAST 4, ARBITRARY SEND 2): d, m a
** multiple of d, SRC as hc_sf_check_basic; G >= 1 with d*G dividing m; G
** not given: gopt(p), the paper's real optimum, rounded by hc_sf_pick_g;
** beta = 0 (no optimum: the time falls as g grows) takes the largest g,
** m/d, packets of one word; d = 1 takes the paper's g = 1.
** HC_OK or HC_EPARAM with why.
*/
int sf_bc3_check_g(hc_sf_params *p, double (*gopt)(const hc_sf_params *p), char *why, size_t n);

/* unit() of the pipelined members: d*G (G not given counts as 1); 0 if that overflows. */
uint32_t sf_bc3_unit_g(const hc_sf_params *p);
#endif /* SF_BCAST3_H */
