/*
** Johnsson (shared/seeds/003) §3.4.2.1, Theorem 3.6: the complete binary
** tree of 2^n - 1 nodes (n = d) in inorder, embedded by the Gray code (node
** t, one element of K words, at processor G(t)); one exchange across
** dimension 0 between every even processor that holds an odd (interior)
** node and its odd neighbour, which holds the even node before it, moves
** every interior node 2j + 1 to processor G(j) 2 + 1 (003 Table II): the
** interior nodes then form the Gray-embedded tree of n - 1 levels in the
** odd (n-1)-subcube. The even processor 2^(n-1) holds no node (G(2^n - 1)),
** so it and its partner take no part. One step, one port; the control is
** local (a processor decides from its own address and node). Memory: slot 0
** the node a processor starts with (own data), slot 1 the node it receives
** (scratch where none arrives).
*/
#include <stdlib.h>
#include <string.h>

#include "sf_jo_tree.h"

static uint32_t unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

static int check(hc_sf_params *p, char *why, size_t n) {
  const int rc = hc_sf_check_basic(p, 1, "K", why, n);
  if (rc) return rc;
  if (p->d < 3)
    return hc_sf_why(why, n, "d = %u: the exchange moves nothing below d = 3 (003 Thm 3.6, n = d)", p->d);
  return HC_OK;
}

static int build(const hc_sf_params *p, hc_sched_case *out) {
  const uint32_t nodes = (1u << p->d) - 1;
  uint32_t *img = malloc(nodes * sizeof *img);
  hc_jot_list l;
  memset(out, 0, sizeof *out);
  memset(&l, 0, sizeof l);
  int rc = img ? hc_jot_init(&l, p->d, 2) : HC_ENOMEM;
  if (!rc) hc_jt_cbt_interior(p->d, img);
  for (uint32_t t = 0; !rc && t < nodes; t++)
    if (img[t] != hc_jo_gray(t)) rc = hc_jot_add(&l, 1, hc_jo_gray(t), 0, 0, 1);
  if (!rc) rc = hc_jot_case_new(out, p->d, 2, p->m);
  for (uint32_t t = 0; !rc && t < nodes; t++) {
    rc = hc_jot_own(out, hc_jo_gray(t), 0, p->m);
    if (img[t] != hc_jo_gray(t)) hc_jot_expect(out, img[t], 1, hc_jo_gray(t), 0, p->m);
  }
  if (!rc) {
    for (uint32_t x = 0; x < hc_sched_nodes(out->sched); x++) /* slot 1 matters where a node arrives */
      memset(out->care + ((size_t)2 * x + 1) * p->m, 0, p->m);
    memset(out->care + (size_t)2 * hc_jo_gray(nodes) * p->m, 0, p->m); /* G(2^n - 1) holds no node */
    for (uint32_t t = 0; t < nodes; t++)
      if (img[t] != hc_jo_gray(t)) memset(out->care + ((size_t)2 * img[t] + 1) * p->m, 1, p->m);
    rc = hc_jot_emit(&l, out->sched, p->m);
  }
  hc_jot_free(&l);
  free(img);
  if (rc) hc_sched_case_free(out);
  return rc;
}

static uint64_t steps(const hc_sf_params *p) {
  (void)p;
  return 1;
}

static uint64_t formula(const hc_sf_params *p) { return hc_jot_cycles(p, steps(p)); }

static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "the link of dimension 0 out of processor 2", 1, p->m, 1, p->beta);
}

const hc_sf_algo hc_sf_algo_cbt_interior = {
    .name = "cbt_interior",
    .source = "003 (Johnsson) §3.4.2.1, Thm 3.6: interior subtree into the odd subcube by one exchange, Gray inorder",
    .param = "K",
    .takes = 0,
    .formula_text = "k + beta",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .paper_steps = steps,
    .paper_steps_text = "1 (one exchange)",
    .paper_steps_source = "003 Thm 3.6",
};
