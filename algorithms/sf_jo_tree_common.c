/*
** The step-schedule lists and the transpose case shared by the generators
** of 003 §3.4 and §4 (algorithms/sf_jo_tree.h).
*/
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "sf_jo_tree.h"

int hc_jot_init(hc_jot_list *l, unsigned d, uint32_t relay_base) {
  memset(l, 0, sizeof *l);
  l->d = d;
  l->relay_base = relay_base;
  l->relay = calloc((size_t)1 << d, sizeof *l->relay);
  return l->relay ? HC_OK : HC_ENOMEM;
}

void hc_jot_free(hc_jot_list *l) {
  free(l->hop);
  free(l->relay);
  memset(l, 0, sizeof *l);
}

int hc_jot_add(hc_jot_list *l, uint32_t step, uint32_t node, unsigned dim, uint32_t from, uint32_t to) {
  assert(dim < l->d && node < (1u << l->d) && step >= 1);
  if (l->n == l->cap) {
    const size_t cap = l->cap ? 2 * l->cap : 256;
    hc_jot_hop *h = realloc(l->hop, cap * sizeof *h);
    if (!h) return HC_ENOMEM;
    l->hop = h;
    l->cap = cap;
  }
  l->hop[l->n++] = (hc_jot_hop){step, node, from, to, dim, HC_SCHED_WRITE};
  return HC_OK;
}

int hc_jot_add_op(hc_jot_list *l, uint32_t step, uint32_t node, unsigned dim, uint32_t from, uint32_t to,
                  unsigned op) {
  const int rc = hc_jot_add(l, step, node, dim, from, to);
  if (rc == HC_OK) l->hop[l->n - 1].op = op;
  return rc;
}

int hc_jot_path(hc_jot_list *l, uint32_t step0, uint32_t node, const unsigned *dims, unsigned nd, uint32_t from,
                uint32_t to) {
  assert(nd >= 1);
  uint32_t x = node, at = from;
  for (unsigned q = 0; q < nd; q++) {
    const uint32_t y = x ^ (1u << dims[q]);
    const uint32_t slot = (q + 1 == nd) ? to : l->relay_base + l->relay[y]++;
    const int rc = hc_jot_add(l, step0 + q + 1, x, dims[q], at, slot);
    if (rc) return rc;
    x = y;
    at = slot;
  }
  return HC_OK;
}

uint32_t hc_jot_slots(const hc_jot_list *l) {
  uint32_t most = 0;
  for (uint32_t x = 0; x < (1u << l->d); x++)
    if (l->relay[x] > most) most = l->relay[x];
  return l->relay_base + most;
}

uint32_t hc_jot_steps(const hc_jot_list *l) {
  uint32_t last = 0;
  for (size_t i = 0; i < l->n; i++)
    if (l->hop[i].step > last) last = l->hop[i].step;
  return last;
}

static int by_link_step(const void *a, const void *b) {
  const hc_jot_hop *x = a, *y = b;
  if (x->node != y->node) return x->node < y->node ? -1 : 1;
  if (x->dim != y->dim) return x->dim < y->dim ? -1 : 1;
  if (x->step != y->step) return x->step < y->step ? -1 : 1;
  return 0;
}

int hc_jot_emit(hc_jot_list *l, hc_sched *s, uint32_t k) {
  qsort(l->hop, l->n, sizeof *l->hop, by_link_step);
  for (size_t i = 0; i < l->n; i++) {
    const hc_jot_hop *h = &l->hop[i];
    if (i > 0) {
      const hc_jot_hop *g = &l->hop[i - 1];
      assert(g->node != h->node || g->dim != h->dim || g->step < h->step); /* one element per link per step */
      (void)g;
    }
    int rc;
    if ((rc = hc_sched_begin_op(s, h->node, h->dim, h->op)) || (rc = hc_sched_gather(s, h->from * k, k)) ||
        (rc = hc_sched_scatter(s, h->to * k, k)) || (rc = hc_sched_end(s)))
      return rc;
  }
  return HC_OK;
}

int hc_jot_case_new(hc_sched_case *c, unsigned d, uint32_t slots, uint32_t k) {
  memset(c, 0, sizeof *c);
  const uint64_t words = (uint64_t)slots * k;
  if (words == 0 || words > HC_SCHED_MAX_MEM || (words << d) > HC_SCHED_MAX_TOTAL) return HC_EPARAM;
  int rc = hc_sched_new(d, (uint32_t)words, &c->sched);
  if (!rc) rc = hc_sched_case_alloc(c);
  return rc;
}

int hc_jot_own(hc_sched_case *c, uint32_t x, uint32_t slot, uint32_t k) {
  return hc_sched_case_own(c, x, slot * k, k);
}

void hc_jot_expect(hc_sched_case *c, uint32_t y, uint32_t to, uint32_t x, uint32_t from, uint32_t k) {
  const size_t mw = hc_sched_mem_words(c->sched);
  for (uint32_t w = 0; w < k; w++) c->expect[y * mw + (size_t)to * k + w] = hc_sched_tag(x, from * k + w);
}

void hc_jot_scratch_from(hc_sched_case *c, uint32_t slot, uint32_t k) {
  const size_t mw = hc_sched_mem_words(c->sched);
  const uint64_t from = (uint64_t)slot * k;
  if (from >= mw) return;
  for (uint32_t x = 0; x < hc_sched_nodes(c->sched); x++) memset(c->care + x * mw + from, 0, mw - from);
}

/* ------------------------------------------------------------ transposes */

int hc_jot_tp_check(hc_sf_params *p, uint32_t nmul, uint32_t max_b, char *why, size_t n) {
  int rc = hc_sf_check_basic(p, 1, "K", why, n);
  if (rc) return rc;
  if (p->d % 2)
    return hc_sf_why(why, n, "d = %u: the 2^k x 2^k processor array needs an even d = 2k (003 §4)", p->d);
  const unsigned k = p->d / 2;
  if (p->n == HC_SF_UNSET) p->n = nmul << k;
  if (p->n == 0 || (p->n & (p->n - 1)))
    return hc_sf_why(why, n, "N = %u: the matrix order must be a power of two 2^n (003 §4)", p->n);
  if (p->n < (1u << k) || p->n / (1u << k) > max_b)
    return hc_sf_why(why, n, "N = %u: needs 2^k = %u <= N <= %u at d = %u", p->n, 1u << k, max_b << k, p->d);
  if ((uint64_t)p->n * p->n * p->d > (1u << 24))
    return hc_sf_why(why, n, "N = %u: N^2 elements times d = %u hops is above 2^24 element transfers (choose N <= %u)",
                     p->n, p->d, 1u << ((24 - (p->d > 8 ? 4 : p->d > 4 ? 3 : 2)) / 2));
  const uint64_t b = p->n >> k, words = (2 + (1ull << k) + p->d) * b * b * p->m;
  if (words > HC_SCHED_MAX_MEM || (words << p->d) > HC_SCHED_MAX_TOTAL)
    return hc_sf_why(why, n, "N = %u, K = %u: %llu elements of K words per node do not fit the schedule's memory",
                     p->n, p->m, (unsigned long long)(b * b));
  return HC_OK;
}

unsigned hc_jot_tp_k(const hc_sf_params *p) { return p->d / 2; }

uint32_t hc_jot_tp_b(const hc_sf_params *p) { return p->n >> (p->d / 2); }

/* Route every off-diagonal element of every processor into l. */
static int tp_routes(const hc_sf_params *p, hc_jot_route_fn route, hc_jot_list *l) {
  const unsigned k = hc_jot_tp_k(p);
  const uint32_t b = hc_jot_tp_b(p), B = b * b, mask = (1u << k) - 1;
  unsigned dims[HC_JOT_MAX_PATH], nd;
  uint32_t step0;
  for (uint32_t x = 0; x < (1u << p->d); x++) {
    const uint32_t r = x >> k, c = x & mask;
    if (r == c) continue;
    for (uint32_t e = 0; e < B; e++) {
      route(p, x, e, dims, &nd, &step0);
      assert(nd >= 1 && nd <= HC_JOT_MAX_PATH);
      uint32_t end = x;
      for (unsigned q = 0; q < nd; q++) end ^= 1u << dims[q];
      assert(end == ((c << k) | r)); /* the route ends at the transposed processor */
      (void)end;
      const uint32_t u = e / b, v = e % b;
      const int rc = hc_jot_path(l, step0, x, dims, nd, e, B + v * b + u);
      if (rc) return rc;
    }
  }
  return HC_OK;
}

int hc_jot_tp_build(const hc_sf_params *p, hc_jot_route_fn route, hc_sched_case *out) {
  const unsigned k = hc_jot_tp_k(p);
  const uint32_t b = hc_jot_tp_b(p), B = b * b, mask = (1u << k) - 1;
  hc_jot_list l;
  memset(out, 0, sizeof *out);
  int rc = hc_jot_init(&l, p->d, 2 * B);
  if (!rc) rc = tp_routes(p, route, &l);
  if (!rc) rc = hc_jot_case_new(out, p->d, hc_jot_slots(&l), p->m);
  for (uint32_t x = 0; !rc && x < (1u << p->d); x++) {
    const uint32_t y = ((x & mask) << k) | (x >> k);
    for (uint32_t e = 0; !rc && e < B; e++) {
      rc = hc_jot_own(out, x, e, p->m);
      if (x != y) hc_jot_expect(out, y, B + (e % b) * b + e / b, x, e, p->m);
    }
  }
  if (!rc) {
    hc_jot_scratch_from(out, 2 * B, p->m);
    const size_t mw = hc_sched_mem_words(out->sched), blk = (size_t)B * p->m;
    for (uint32_t x = 0; x < (1u << p->d); x++) /* diagonal: nothing is received */
      if ((x & mask) == (x >> k)) memset(out->care + x * mw + blk, 0, blk);
  }
  if (!rc) rc = hc_jot_emit(&l, out->sched, p->m);
  hc_jot_free(&l);
  if (rc) hc_sched_case_free(out);
  return rc;
}

uint64_t hc_jot_tp_cube_steps(const hc_sf_params *p) {
  const uint64_t b = hc_jot_tp_b(p);
  return b * b + p->d - 1;
}

uint64_t hc_jot_cycles(const hc_sf_params *p, uint64_t steps) { return steps * ((uint64_t)p->m + p->beta); }

uint32_t hc_jot_torus_node(unsigned k, uint32_t i, uint32_t j) { return (hc_jo_gray(i) << k) | hc_jo_gray(j); }

void hc_jot_torus_walk(unsigned k, uint32_t *i, uint32_t *j, int di, int dj, unsigned count, unsigned *dims,
                       unsigned *nd) {
  const uint32_t mask = (1u << k) - 1;
  assert((di == 0) != (dj == 0));
  for (unsigned s = 0; s < count; s++) {
    const uint32_t x = hc_jot_torus_node(k, *i, *j);
    *i = (*i + (uint32_t)di) & mask;
    *j = (*j + (uint32_t)dj) & mask;
    const uint32_t y = hc_jot_torus_node(k, *i, *j);
    assert(hc_jt_dist(x, y) == 1 && *nd < HC_JOT_MAX_PATH);
    unsigned c = 0;
    while (!(((x ^ y) >> c) & 1u)) c++;
    dims[(*nd)++] = c;
  }
}
