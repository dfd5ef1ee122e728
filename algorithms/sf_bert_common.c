/*
** The two spanning trees of 002 (Bertsekas et al.) §2 and §3 on the
** numbering of the node ids by rotation classes (algorithms/sf_bert.h), and
** the parameter check, formula and unit count the multinode broadcast and
** the single node scatter share. The trees are built for root 0; the
** generators XOR every id with the root (002 §2: (t XOR x, t XOR y) is a link
** exactly when (x, y) is one, of the same dimension).
*/
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "sf_bert.h"

/* The smallest p >= 1 with v rotated by p equal to v: the class size. */
static unsigned period(uint32_t v, unsigned d) {
  unsigned p = 1;
  while (p < d && hc_sf_rotl(v, p, d) != v) p++;
  return p;
}

/* Whether v is the smallest element of its rotation class. */
static int is_class_rep(uint32_t v, unsigned d) {
  for (unsigned r = 1; r < d; r++)
    if (hc_sf_rotl(v, r, d) < v) return 0;
  return 1;
}

static int tree_alloc(unsigned d, hc_bert_tree *t) {
  memset(t, 0, sizeof *t);
  if (d < 1 || d > HC_SF_TOP_D) return HC_EPARAM;
  t->d = d;
  t->n = 1u << d;
  t->order = calloc(t->n, sizeof *t->order);
  t->num = calloc(t->n, sizeof *t->num);
  t->parent = calloc(t->n, sizeof *t->parent);
  if (!t->order || !t->num || !t->parent) {
    hc_bert_tree_free(t);
    return HC_ENOMEM;
  }
  return HC_OK;
}

void hc_bert_tree_free(hc_bert_tree *t) {
  if (!t) return;
  free(t->order);
  free(t->num);
  free(t->parent);
  memset(t, 0, sizeof *t);
}

unsigned hc_bert_m(const hc_bert_tree *t, uint32_t x) { return 1 + (t->num[x] - 1) % t->d; }

uint32_t hc_bert_unit_of(const hc_bert_tree *t, uint32_t x) { return (t->num[x] + t->d - 1) / t->d; }

uint64_t hc_bert_units(unsigned d) { return ((1ull << d) - 1 + d - 1) / d; }

/* Give the class of first (size p) the numbers *cur, *cur + 1, ...: each
** element is the one before rotated left by one bit. */
static void number_class(hc_bert_tree *t, uint32_t first, unsigned p, uint32_t *cur) {
  for (unsigned i = 0; i < p; i++) {
    const uint32_t x = hc_sf_rotl(first, i, t->d);
    t->num[x] = *cur;
    t->order[(*cur)++] = x;
  }
}

/* Number the all-ones id last: n = 2^d - 1. */
static void number_last(hc_bert_tree *t, uint32_t cur) {
  assert(cur == t->n - 1);
  t->num[t->n - 1] = cur;
  t->order[cur] = t->n - 1;
}

/* The first element of a class under the multinode broadcast's rule
** (property (1) of 002 §2): the position m it gets must hold a 1, and in
** R_k1 (rep = the block of k ones) the block's lowest one sits at m. */
static uint32_t mnb_first(uint32_t rep, unsigned k, unsigned m, unsigned d) {
  if (rep == (1u << k) - 1) return hc_sf_rotl(rep, m - 1, d);
  for (unsigned j = 0;; j++) {
    const uint32_t c = hc_sf_rotl(rep, j, d);
    if (c >> (m - 1) & 1) return c;
  }
}

int hc_bert_mnb_tree(unsigned d, hc_bert_tree *t) {
  int rc = tree_alloc(d, t);
  if (rc) return rc;
  uint32_t cur = 1;
  for (unsigned k = 1; k < d; k++)
    for (uint32_t v = 1; v < t->n - 1; v++)
      if (hc_sf_popcount(v) == k && is_class_rep(v, d))
        number_class(t, mnb_first(v, k, 1 + (cur - 1) % d, d), period(v, d), &cur);
  number_last(t, cur);
  /* A_i: every t in E_i receives from t with bit m(t) reversed (for
  ** all-ones that is the element of R_(d-1)1 with its zero at m). */
  for (uint32_t i = 1; i < t->n; i++) {
    const uint32_t x = t->order[i], bit = 1u << (hc_bert_m(t, x) - 1);
    assert(x & bit); /* property (1) */
    t->parent[x] = x ^ bit;
    /* the paper's legitimacy claim: the parent already has the packet */
    assert(t->parent[x] == 0 || hc_bert_unit_of(t, t->parent[x]) < hc_bert_unit_of(t, x));
  }
  return HC_OK;
}

/*
** The compatible class of 002 §3 for the class of rep (weight k, 2 <= k <=
** d-1): t0 = a rotation of rep with a 1 at position 1 and a 0 at position
** d; a = its lowest longest run of zeros; t' = t0 with the one just below a
** cleared. Then t' has a unique longest cyclic run of zeros, so its class
** has d elements. Returns t' and t0 in *t0.
*/
static uint32_t compatible(uint32_t rep, unsigned d, uint32_t *t0) {
  uint32_t t = rep;
  for (unsigned j = 0; j < d; j++) {
    t = hc_sf_rotl(rep, j, d);
    if ((t & 1) && !(t >> (d - 1) & 1)) break;
  }
  assert((t & 1) && !(t >> (d - 1) & 1));
  unsigned best_lo = 0, best_len = 0;
  for (unsigned b = 1; b < d;) {
    if (t >> b & 1) {
      b++;
      continue;
    }
    unsigned e = b;
    while (e < d && !(t >> e & 1)) e++;
    if (e - b > best_len) {
      best_len = e - b;
      best_lo = b;
    }
    b = e;
  }
  assert(best_len > 0 && (t >> (best_lo - 1) & 1));
  *t0 = t;
  const uint32_t tp = t & ~(1u << (best_lo - 1));
  assert(period(tp, d) == d);
  return tp;
}

/* Number the class of rep (weight k >= 2) for the scatter tree and hang
** its elements from the compatible class, already numbered. */
static void sns_class(hc_bert_tree *t, uint32_t rep, uint32_t *cur) {
  const unsigned d = t->d, mk = 1 + (*cur - 1) % d;
  uint32_t t0;
  const uint32_t tp = compatible(rep, d, &t0);
  unsigned j = 0;
  while (j < d && hc_bert_m(t, hc_sf_rotl(tp, j, d)) != mk) j++;
  assert(j < d); /* the compatible class has d elements, so every m */
  const uint32_t first = hc_sf_rotl(t0, j, d), pfirst = hc_sf_rotl(tp, j, d);
  const unsigned p = period(rep, d);
  number_class(t, first, p, cur);
  for (unsigned i = 0; i < p; i++) {
    const uint32_t x = hc_sf_rotl(first, i, d), px = hc_sf_rotl(pfirst, i, d);
    t->parent[x] = px;
    assert(hc_bert_m(t, px) == hc_bert_m(t, x));
  }
}

int hc_bert_sns_tree(unsigned d, hc_bert_tree *t) {
  int rc = tree_alloc(d, t);
  if (rc) return rc;
  uint32_t cur = 1;
  if (d > 1) number_class(t, 1, d, &cur); /* R_11, first element node 1 */
  for (unsigned k = 2; k < d; k++)
    for (uint32_t v = 1; v < t->n - 1; v++)
      if (hc_sf_popcount(v) == k && is_class_rep(v, d)) sns_class(t, v, &cur);
  number_last(t, cur);
  /* all-ones hangs from the element of R_(d-1)1 with its m (node 0 at d = 1) */
  const uint32_t all = t->n - 1;
  t->parent[all] = 0;
  for (unsigned b = 0; d > 1 && b < d; b++)
    if (hc_bert_m(t, all ^ (1u << b)) == hc_bert_m(t, all)) t->parent[all] = all ^ (1u << b);
  assert(d == 1 || t->parent[all] != 0);
  for (uint32_t x = 1; x < t->n; x++) {
    const uint32_t px = t->parent[x];
    assert((px & x) == px && hc_sf_popcount(x ^ px) == 1); /* one bit less: shortest paths */
    assert(px == 0 || hc_bert_m(t, px) == hc_bert_m(t, x)); /* x lies in subtree m(x) */
  }
  return HC_OK;
}

/* ----------------------------------------------------- the records' pieces */

uint32_t hc_bert_unit(const hc_sf_params *p) {
  (void)p;
  return 1;
}

int hc_bert_check(hc_sf_params *p, char *why, size_t n) {
  const int rc = hc_sf_check_basic_d(p, HC_SF_TOP_D, 1, "K", why, n);
  if (rc) return rc;
  const uint64_t mem = (uint64_t)p->m << p->d;
  if (mem > HC_SCHED_MAX_MEM || (mem << p->d) > HC_SCHED_MAX_TOTAL)
    return hc_sf_why(why, n,
                     "K = %u: 2^d nodes of 2^d k words each make %llu words at d = %u, above the schedule's %llu "
                     "(K <= %llu at d = %u)",
                     p->m, (unsigned long long)(mem << p->d), p->d, (unsigned long long)HC_SCHED_MAX_TOTAL,
                     (unsigned long long)(HC_SCHED_MAX_TOTAL >> (2 * p->d)), p->d);
  return HC_OK;
}

uint64_t hc_bert_formula(const hc_sf_params *p) { return hc_bert_units(p->d) * ((uint64_t)p->m + p->beta); }

uint64_t hc_bert_opt_units(const hc_sf_params *p) { return hc_bert_units(p->d); }
