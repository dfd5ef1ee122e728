/*
** Private to the generators of Johnsson (shared/seeds/003) §3.4 and §4
** (algorithms/sf_sbt.c, sf_sbt_seq.c, sf_cbt_bcast.c, sf_cbt_reduce.c, sf_cbt_interior.c,
** sf_transpose_bin.c, sf_transpose_gray.c, sf_transpose_torus.c,
** sf_transpose_mesh.c): the paper's synchronous step schedule written down
** as a list of element transfers (hops), and what the four transposes share.
**
** Every generator here first writes the schedule of the paper's step model:
** a hop moves one element (K words) from one node to a neighbour in a given
** routing step. Memory is counted in element slots of K words. A hop that
** ends at a node that only relays the element scatters into a fresh relay
** slot of that node (single assignment), so the memory holds every relay.
** hc_jot_emit then appends the hops to the schedule link by link in step
** order, asserting that no link carries two elements in one step (the
** paper's schedules are free of link conflicts). The reference executor is
** self-timed (a packet starts when its data and its link are ready), so the
** measured steps can only be fewer than the paper's where data or a link
** are ready early; the tests measure them.
*/
#ifndef SF_JO_TREE_H
#define SF_JO_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "hc_sched.h"
#include "hc_sf_algo.h"
#include "jo_tree.h"

/* One element transfer: in routing step `step` (1-based) node sends the
** element in its slot `from` over dimension dim into slot `to` of node ^
** 2^dim. */
typedef struct hc_jot_hop {
  uint32_t step, node, from, to;
  unsigned dim;
  unsigned op; /* HC_SCHED_WRITE (0), or a combining op into slot `to` */
} hc_jot_hop;

/* A step schedule under construction. relay[x] counts the relay slots of
** node x, numbered from relay_base. */
typedef struct hc_jot_list {
  unsigned d;
  hc_jot_hop *hop;
  size_t n, cap;
  uint32_t relay_base;
  uint32_t *relay;
} hc_jot_list;

/* Start an empty list for the d-cube whose relay slots begin at relay_base.
** HC_OK or HC_ENOMEM. */
int hc_jot_init(hc_jot_list *l, unsigned d, uint32_t relay_base);

/* Free the list's arrays; a zeroed list is allowed. */
void hc_jot_free(hc_jot_list *l);

/* Append one hop. HC_OK or HC_ENOMEM. */
int hc_jot_add(hc_jot_list *l, uint32_t step, uint32_t node, unsigned dim, uint32_t from, uint32_t to);
/* The same with a combining op (HC_SCHED_ADD, ...). */
int hc_jot_add_op(hc_jot_list *l, uint32_t step, uint32_t node, unsigned dim, uint32_t from, uint32_t to,
                  unsigned op);

/*
** Append the hops of one element along a path: from slot `from` of node
** over the dimensions dims[0..nd-1] in steps step0 + 1, ..., step0 + nd,
** through fresh relay slots of the nodes in between, into slot `to` of the
** last node. nd >= 1. HC_OK or HC_ENOMEM.
*/
int hc_jot_path(hc_jot_list *l, uint32_t step0, uint32_t node, const unsigned *dims, unsigned nd, uint32_t from,
                uint32_t to);

/* Element slots a node needs: relay_base + the most relay slots of a node. */
uint32_t hc_jot_slots(const hc_jot_list *l);

/* The last step of the list (0 if empty). */
uint32_t hc_jot_steps(const hc_jot_list *l);

/*
** Append every hop to s as a packet of k words, each link's packets in step
** order (the list is sorted in place). Asserts that no link carries two
** hops in one step. HC_OK or the schedule's status.
*/
int hc_jot_emit(hc_jot_list *l, hc_sched *s, uint32_t k);

/* Create c->sched (d-cube, slots * k words per node) and its memories.
** HC_OK, HC_EPARAM (too large) or HC_ENOMEM. */
int hc_jot_case_new(hc_sched_case *c, unsigned d, uint32_t slots, uint32_t k);

/* Own data: slot `slot` of node x (k words of tags). */
int hc_jot_own(hc_sched_case *c, uint32_t x, uint32_t slot, uint32_t k);

/* Expect, in slot `to` of node y, the k words of slot `from` of node x as
** they are at the start (own data: their tags). */
void hc_jot_expect(hc_sched_case *c, uint32_t y, uint32_t to, uint32_t x, uint32_t from, uint32_t k);

/* Mark every slot at or above `slot` of every node as scratch (care 0). */
void hc_jot_scratch_from(hc_sched_case *c, uint32_t slot, uint32_t k);

/* ------------------------------------------------------------ transposes */

/*
** The four transposes store a 2^n x 2^n matrix (N = 2^n, the parameter N)
** on a 2^k x 2^k processor array in the d = 2k cube, B = (N / 2^k)^2
** elements per node, consecutively or cyclically (the same data movement:
** processor (r, c) sends its whole block, transposed, to processor (c, r)).
** Slots of a node: 0..B-1 its block (own data, element u*b + v at local
** row u, column v, b = N / 2^k), B..2B-1 the transposed block it receives
** (element v*b + u from the sender's u*b + v), then relays. A diagonal
** processor keeps its block (its transpose is local, not communication), so
** its slots B..2B-1 are scratch.
*/

/* Check d even and N (default: 2^k * nmul) a power of two with
** 2^k <= N <= 2^k * max_b; k the words per element. HC_OK or HC_EPARAM
** with why. */
int hc_jot_tp_check(hc_sf_params *p, uint32_t nmul, uint32_t max_b, char *why, size_t n);

/* k = d/2, b = N / 2^k, B = b*b for checked parameters. */
unsigned hc_jot_tp_k(const hc_sf_params *p);
uint32_t hc_jot_tp_b(const hc_sf_params *p);

/*
** The route of element e (0..B-1) of processor x: its dimensions in
** dims[0..*nd-1] (at most HC_JOT_MAX_PATH) and the step before its first
** hop in *step0. x is off the diagonal.
*/
#define HC_JOT_MAX_PATH 64
typedef void (*hc_jot_route_fn)(const hc_sf_params *p, uint32_t x, uint32_t e, unsigned *dims, unsigned *nd,
                                uint32_t *step0);

/* Build a transpose case: own blocks, every off-diagonal element routed by
** route() into the receiver's transposed block, expected memory from what
** a transpose means (processor (r, c)'s element u*b + v at (c, r)'s slot
** B + v*b + u). HC_OK, HC_EPARAM or HC_ENOMEM; *out zeroed on failure. */
int hc_jot_tp_build(const hc_sf_params *p, hc_jot_route_fn route, hc_sched_case *out);

/* The element transfers of Theorems 4.1, 4.2: 2^(2(n-k)) + 2k - 1 = B + d - 1. */
uint64_t hc_jot_tp_cube_steps(const hc_sf_params *p);

/*
** The 2^k x 2^k torus (or mesh) embedded by the Gray code of its row and
** column indices (003 §3.1, §4.1): position (i, j) is processor
** G(i) * 2^k + G(j), and torus neighbours are cube neighbours.
*/
uint32_t hc_jot_torus_node(unsigned k, uint32_t i, uint32_t j);

/*
** Walk count torus edges from (*i, *j), each changing the row by di and the
** column by dj (one of them -1 or +1, the other 0; indices mod 2^k),
** appending the cube dimension of every edge to dims[*nd ...]; *i, *j
** become the end.
*/
void hc_jot_torus_walk(unsigned k, uint32_t *i, uint32_t *j, int di, int dj, unsigned count, unsigned *dims,
                       unsigned *nd);

/* cycles = steps * (K + beta) */
uint64_t hc_jot_cycles(const hc_sf_params *p, uint64_t steps);

#endif /* SF_JO_TREE_H */
