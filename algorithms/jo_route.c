/*
** Element routes to a store-and-forward schedule (jo_route.h): every hop of
** every element becomes one packet of k words on the link it crosses, the
** packets of a link in the order of their keys. Relay copies go to scratch
** slots handed out per receiving node, so every word is written once
** (single assignment, docs/store_and_forward.md section 1).
*/
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "jo_route.h"

/* One packet before it is appended: its link, its order there, and the
** words it moves. */
typedef struct jo_pk {
  uint32_t node;
  unsigned dim;
  uint64_t key;
  uint32_t el;
  uint32_t from, to;
} jo_pk;

static int pk_cmp(const void *a, const void *b) {
  const jo_pk *x = a, *y = b;
  if (x->node != y->node) return x->node < y->node ? -1 : 1;
  if (x->dim != y->dim) return x->dim < y->dim ? -1 : 1;
  if (x->key != y->key) return x->key < y->key ? -1 : 1;
  if (x->el != y->el) return x->el < y->el ? -1 : 1;
  return 0;
}

/* Walk every route into pk (one entry per hop), handing out scratch slots
** with bump[node]; returns the most slots a node got. */
static uint32_t walk(unsigned d, uint32_t k, uint32_t base, const hc_jo_elem *el, size_t nel, const hc_jo_hop *hop,
                     jo_pk *pk, uint32_t *bump) {
  size_t w = 0;
  uint32_t most = 0;
  for (size_t e = 0; e < nel; e++) {
    uint32_t x = el[e].node, at = el[e].addr;
    for (uint32_t h = 0; h < el[e].nhops; h++) {
      const hc_jo_hop *hp = &hop[el[e].hop0 + h];
      assert(hp->dim < d);
      const uint32_t y = x ^ (1u << hp->dim);
      uint32_t to = el[e].dest;
      if (h + 1 < el[e].nhops) {
        to = base + bump[y] * k;
        if (++bump[y] > most) most = bump[y];
      }
      pk[w++] = (jo_pk){x, hp->dim, hp->key, (uint32_t)e, at, to};
      x = y;
      at = to;
    }
  }
  return most;
}

int hc_jo_route_case(unsigned d, uint32_t k, uint32_t base, const hc_jo_elem *el, size_t nel, const hc_jo_hop *hop,
                     hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  assert(d >= 1 && d <= HC_SCHED_MAX_D && k >= 1);
  size_t nh = 0;
  for (size_t e = 0; e < nel; e++) nh += el[e].nhops;
  const uint32_t nodes = 1u << d;
  jo_pk *pk = malloc((nh ? nh : 1) * sizeof *pk);
  uint32_t *bump = calloc(nodes, sizeof *bump);
  int rc = HC_ENOMEM;
  if (!pk || !bump) goto done;
  const uint64_t mem = base + (uint64_t)walk(d, k, base, el, nel, hop, pk, bump) * k;
  rc = HC_EPARAM;
  if (mem == 0 || mem > HC_SCHED_MAX_MEM || mem * nodes > HC_SCHED_MAX_TOTAL) goto done;
  if ((rc = hc_sched_new(d, (uint32_t)mem, &out->sched)) || (rc = hc_sched_case_alloc(out))) goto done;
  for (uint32_t x = 0; x < nodes; x++)
    memset(out->care + (size_t)x * mem + base, 0, (size_t)(mem - base));
  qsort(pk, nh, sizeof *pk, pk_cmp);
  for (size_t i = 0; i < nh && !rc; i++)
    if (!(rc = hc_sched_begin(out->sched, pk[i].node, pk[i].dim)) && !(rc = hc_sched_gather(out->sched, pk[i].from, k)) &&
        !(rc = hc_sched_scatter(out->sched, pk[i].to, k)))
      rc = hc_sched_end(out->sched);
done:
  free(pk);
  free(bump);
  if (rc) hc_sched_case_free(out);
  return rc;
}
