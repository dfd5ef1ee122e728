/*
** Private to the two generators of 002 (Bertsekas, Ozveren, Stamoulis,
** Tseng, Tsitsiklis) §2 and §3 (algorithms/sf_multinode_broadcast.c,
** sf_single_node_scatter.c): the numbering of the node ids by rotation
** classes that both spanning trees are built on, the two trees, and the
** unit-packet layout and checks the two records share. Both run in the
** paper's unit-time model: one time unit is one packet of k words on a link,
** k + beta cycles (docs/bertsekas.md).
**
** The numbering (shared/seeds/README.md reads the scan's garbled version
** plainly): the ids are listed as 0, then for weight k = 1..d-1 the classes
** of the weight-k ids under rotation, R_k1 (the class of the block of k
** ones) first and the others in increasing order of their smallest element,
** then all-ones. n(t) is t's place in the list (0..2^d-1), m(t) = 1 +
** ((n(t) - 1) mod d) and t is received in time unit ceil(n(t)/d). The first
** element of each class is chosen by the tree's rule (below); the others
** follow it by one-bit left rotations. Bit positions 1..d are counted from
** the right: position p is bit p - 1, the link of dimension p - 1.
*/
#ifndef SF_BERT_H
#define SF_BERT_H

#include "hc_sched_algos.h"
#include "hc_sf_algo.h"

/* A spanning tree of the d-cube rooted at node 0 with the numbering above. */
typedef struct hc_bert_tree {
  unsigned d;
  uint32_t n;        /* 2^d */
  uint32_t *order;   /* [n]: order[i] = the node t with n(t) = i */
  uint32_t *num;     /* [n]: n(t) */
  uint32_t *parent;  /* [n]: t's parent, one bit less than t (parent[0] = 0) */
} hc_bert_tree;

/*
** The single-node broadcast tree of 002 §2 (the sets A_1..A_q): the first
** element of R_k1 is the rotation whose block of ones has its lowest one at
** position m, of any other class the first rotation (from the smallest
** element) with a 1 at position m; every t != 0 receives from t with bit
** m(t) cleared. Asserts the paper's claims: the parent is received in an
** earlier unit, and the d links of a unit have d different dimensions.
** HC_OK, HC_EPARAM (d not in 1..HC_SF_TOP_D) or HC_ENOMEM.
*/
int hc_bert_mnb_tree(unsigned d, hc_bert_tree *t);

/*
** The perfectly balanced shortest-path tree of 002 §3: R_11's first element
** is node 1; for every further class R_kn (2 <= k <= d-1) a compatible class
** of weight k-1 (d elements, one bit less) is found by the paper's recipe
** (clear the one just below a longest run of zeros), and R_kn's first
** element is the t whose parent t' in that class has m(t') = m(t); all-ones
** hangs from the element of R_(d-1)1 with its m. Then every node lies in
** the subtree of the root's neighbour with the same m. Asserts that each
** parent has the child's m and one bit less. Returns as hc_bert_mnb_tree.
*/
int hc_bert_sns_tree(unsigned d, hc_bert_tree *t);

/* Free a tree's arrays and zero it; NULL is allowed. */
void hc_bert_tree_free(hc_bert_tree *t);

/* m(x) and the unit ceil(n(x)/d) in which x receives, x != 0. */
unsigned hc_bert_m(const hc_bert_tree *t, uint32_t x);
uint32_t hc_bert_unit_of(const hc_bert_tree *t, uint32_t x);

/* ceil((2^d - 1)/d): the optimal time in units of both problems. */
uint64_t hc_bert_units(unsigned d);

/* The records' shared pieces: unit() (any k >= 1), check() (d = 1..
** HC_SF_TOP_D, k >= 1, SRC a node, the 2^d k words per node within the
** schedule's limits), formula() (ceil((2^d-1)/d) (k + beta)) and
** opt_units(). */
uint32_t hc_bert_unit(const hc_sf_params *p);
int hc_bert_check(hc_sf_params *p, char *why, size_t n);
uint64_t hc_bert_formula(const hc_sf_params *p);
uint64_t hc_bert_opt_units(const hc_sf_params *p);

#endif /* SF_BERT_H */
