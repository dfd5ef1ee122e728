/*
** What the schedules on the Gray-embedded inorder tree share
** (algorithms/sf_jo_inorder.h).
*/
#include "sf_jo_inorder.h"

int hc_jot_inorder_check(hc_sf_params *p, char *why, size_t n) {
  const int rc = hc_sf_check_basic(p, 1, "K", why, n);
  if (rc) return rc;
  if (p->d < 2)
    return hc_sf_why(why, n, "d = %u: the inorder tree of 2^d - 1 nodes has an edge from d = 2 on (003 Thm 3.5)",
                     p->d);
  return HC_OK;
}

/* Node t's children from its own arrival step, depth first. */
static int below(hc_jot_list *l, uint32_t t, uint32_t step) {
  if (hc_jt_in_height(t) == 0) return HC_OK;
  const uint32_t kids[2] = {hc_jt_in_left(t), hc_jt_in_right(t)};
  for (unsigned i = 0; i < 2; i++) {
    unsigned dims[32];
    const unsigned nd = hc_jt_in_route(hc_jo_gray(t), hc_jo_gray(kids[i]), dims);
    int rc = hc_jot_path(l, step, hc_jo_gray(t), dims, nd, 0, 0);
    if (!rc) rc = below(l, kids[i], step + nd);
    if (rc) return rc;
  }
  return HC_OK;
}

int hc_jot_inorder_bcast(hc_jot_list *l) { return below(l, hc_jt_in_root(l->d), 0); }

uint64_t hc_jot_inorder_steps(const hc_sf_params *p) { return 2ull * p->d - 3; }

unsigned hc_jot_inorder_far(unsigned n) {
  const uint32_t root = hc_jo_gray(hc_jt_in_root(n));
  unsigned far = 0;
  for (uint32_t t = 0; t + 1 < (1u << n); t++) {
    const unsigned h = hc_jt_dist(root, hc_jo_gray(t));
    if (h > far) far = h;
  }
  return far;
}
