/*
** Private to the two schedules on the inorder-labelled complete binary tree
** of Johnsson (shared/seeds/003) §3.4.2.1, Theorem 3.5 (algorithms/
** sf_cbt_inorder_bcast.c, sf_cbt_inorder_reduce.c): the tree of n = d
** levels, inorder node t on cube node G(t), and its broadcast from the
** root as a step schedule (algorithms/sf_jo_tree.h). A tree edge is the
** shortest path of hc_jt_in_route (highest dimension first): one hop to a
** leaf, two to any other child (Theorem 3.5), the middle node relaying in
** a fresh slot. A node forwards to both children as soon as it has the
** element: a node at depth h has it after 2h steps, a leaf after 2(n-2) + 1.
*/
#ifndef SF_JO_INORDER_H
#define SF_JO_INORDER_H

#include "sf_jo_tree.h"

/* d >= 2 (a tree with an edge), K >= 1. HC_OK or HC_EPARAM with why. */
int hc_jot_inorder_check(hc_sf_params *p, char *why, size_t n);

/* The broadcast's hops from slot 0 of the root's node into slot 0 of every
** tree node (relays from slot 1) on the Gray-embedded tree of n = l->d
** levels. HC_OK or HC_ENOMEM. */
int hc_jot_inorder_bcast(hc_jot_list *l);

/* The paper's count from Theorem 3.5's distances: 2 an edge above the
** leaves, 1 to a leaf: 2n - 3. */
uint64_t hc_jot_inorder_steps(const hc_sf_params *p);

/* The farthest tree node from the root's node, in hops. */
unsigned hc_jot_inorder_far(unsigned n);

#endif /* SF_JO_INORDER_H */
