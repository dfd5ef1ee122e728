/*
** This file implements the last step of the validator (hc_sched_validate.c):
** hc_sched_order() sorts the packets of a schedule topologically over the
** two kinds of dependency edge, link order (a packet comes after the one
** before it on its link) and data (a packet waits for the packets that
** bring the words it gathers). The sort is Kahn's algorithm, so it never
** loops; packets left unsorted lie on or behind a dependency cycle, which
** is a deadlock, and the report walks back from one of them until it meets
** a packet twice and prints that cycle, naming for every edge the word or
** the link order that makes one packet wait for the next.
*/
#include "hc_sched_int.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* --------------------------------------------------------------- sort */

/*
** The reverse of the data edges: packet i's waiters are
** (*succ)[(*succ_first)[i] .. (*succ_first)[i+1]-1]. Returns HC_OK or
** HC_ENOMEM (err set; nothing left allocated).
*/
static int successors(const hc_sched *s, const hc_sched_an *an,
                      size_t **succ_first, uint32_t **succ,
                      hc_sched_err *err) {
  const size_t npk = s->npk, ndep = an->ndep;
  size_t *first = calloc(npk + 1, sizeof *first);
  uint32_t *list = malloc((ndep ? ndep : 1) * sizeof *list);
  size_t *fill = NULL;
  if (first && list) fill = malloc((npk + 1) * sizeof *fill);
  if (!first || !list || !fill) {
    free(first);
    free(list);
    return hc_sched_fail(err, HC_ENOMEM, 0, "out of memory");
  }
  for (size_t k = 0; k < ndep; k++) first[an->dep[k] + 1]++;
  for (size_t i = 0; i < npk; i++) first[i + 1] += first[i];
  memcpy(fill, first, (npk + 1) * sizeof *fill);
  for (size_t i = 0; i < npk; i++)
    for (size_t k = an->dep_first[i]; k < an->dep_first[i + 1]; k++)
      list[fill[an->dep[k]]++] = (uint32_t)i;
  free(fill);
  *succ_first = first;
  *succ = list;
  return HC_OK;
}

/*
** Kahn's algorithm into an->topo; returns how many packets it sorted.
** an->mark[i] becomes i's successor on its link (npk: none); afterwards
** an->indeg[i] != 0 exactly for the packets never sorted.
*/
static size_t kahn(const hc_sched *s, hc_sched_an *an,
                   const size_t *succ_first, const uint32_t *succ) {
  const size_t npk = s->npk, nl = (size_t)s->n * s->d;
  uint32_t *next = an->mark, *indeg = an->indeg, *topo = an->topo;
  for (size_t i = 0; i < npk; i++) {
    indeg[i] = (uint32_t)(an->dep_first[i + 1] - an->dep_first[i]);
    next[i] = (uint32_t)npk;
  }
  for (size_t L = 0; L < nl; L++)
    for (size_t k = an->lk_first[L] + 1; k < an->lk_first[L + 1]; k++) {
      next[an->lk_pkt[k - 1]] = an->lk_pkt[k];
      indeg[an->lk_pkt[k]]++;
    }
  size_t head = 0, tail = 0;
  for (size_t i = 0; i < npk; i++)
    if (indeg[i] == 0) topo[tail++] = (uint32_t)i;
  while (head < tail) {
    uint32_t i = topo[head++];
    for (size_t k = succ_first[i]; k < succ_first[i + 1]; k++)
      if (--indeg[succ[k]] == 0) topo[tail++] = succ[k];
    if (next[i] < npk && --indeg[next[i]] == 0) topo[tail++] = next[i];
  }
  return tail;
}

/* ------------------------------------------------------ deadlock report */

/* What first_left looks for: an unsorted packet and the word it brings. */
typedef struct left_ctx {
  const uint32_t *left;
  size_t npk, pick;
  uint64_t why;
} left_ctx;

static int first_left(uint32_t q, uint32_t a, void *arg) {
  left_ctx *c = arg;
  if (q >= c->npk || !c->left[q]) return 0;
  c->pick = q;
  c->why = (uint64_t)a + 1;
  return 1;
}

/*
** One packet that the unsorted packet i still waits for, itself unsorted:
** a writer (or contributor) of a word i gathers if there is one (*why =
** word + 1), else its predecessor on its link (*why = 0).
*/
static size_t waited_for(const hc_sched *s, const hc_sched_an *an, size_t i,
                         uint64_t *why) {
  const size_t npk = s->npk;
  const hc_pkt *p = &s->pk[i];
  left_ctx c = {an->indeg, npk, npk, 0};
  hc_sched_each_source(s, an, i, first_left, &c);
  size_t pick = c.pick;
  *why = c.why;
  if (pick == npk) {
    size_t L = (size_t)p->node * s->d + p->dim;
    for (size_t k = an->lk_first[L]; k < an->lk_first[L + 1]; k++)
      if (an->lk_pkt[k] == i) {
        assert(k > an->lk_first[L]);
        pick = an->lk_pkt[k - 1];
        break;
      }
  }
  assert(pick < npk && an->indeg[pick]);
  return pick;
}

/*
** The message for the cycle through packet start, where packet i waits for
** next[i] because of word why[i] - 1 (why[i] = 0: link order). At most six
** edges are shown.
*/
static int describe_cycle(const hc_sched *s, size_t start, const size_t *next,
                          const uint64_t *why, hc_sched_err *err) {
  hc_sbuf sb = {0};
  char nm[64];
  size_t i = start, shown = 0;
  hc_sbuf_printf(&sb, "deadlock: %s", hc_sched_pk_name(s, i, nm, sizeof nm));
  do {
    const hc_pkt *p = &s->pk[i];
    if (p->line) hc_sbuf_printf(&sb, " (line %lu)", p->line);
    if (shown) hc_sbuf_printf(&sb, ", which");
    if (why[i])
      hc_sbuf_printf(&sb, " needs word %llu of node %lu from %s",
                     (unsigned long long)(why[i] - 1), (unsigned long)p->node,
                     hc_sched_pk_name(s, next[i], nm, sizeof nm));
    else
      hc_sbuf_printf(&sb, " comes after %s on its link",
                     hc_sched_pk_name(s, next[i], nm, sizeof nm));
    i = next[i];
    shown++;
  } while (i != start && shown < 6);
  hc_sbuf_printf(&sb, i == start ? " (the first again)" : " ...");
  int rc = hc_sched_fail(err, HC_EDEADLOCK, s->pk[start].line, "%s",
                         sb.oom ? "deadlock: the packets wait for each other "
                                  "in a cycle"
                                : sb.b);
  free(sb.b);
  return rc;
}

/*
** Report the dependency cycle found by walking from the unsorted packet
** `from` to a packet it waits for, and so on, until a packet comes again.
** Returns HC_EDEADLOCK.
*/
static int report_cycle(const hc_sched *s, const hc_sched_an *an, size_t from,
                        hc_sched_err *err) {
  size_t npk = s->npk;
  uint32_t *stamp = calloc(npk, sizeof *stamp);
  size_t *next = malloc(npk * sizeof *next);
  uint64_t *why = malloc(npk * sizeof *why); /* word+1, 0 = link order */
  int rc;
  if (!stamp || !next || !why) {
    rc = hc_sched_fail(err, HC_EDEADLOCK, 0,
                       "the packets wait for each other in a cycle");
  } else {
    size_t i = from, step = 0;
    while (!stamp[i]) {
      stamp[i] = (uint32_t)++step;
      next[i] = waited_for(s, an, i, &why[i]);
      i = next[i];
    }
    rc = describe_cycle(s, i, next, why, err); /* i is on the cycle */
  }
  free(stamp);
  free(next);
  free(why);
  return rc;
}

/* ---------------------------------------------------------------- API */

/*
** Order the packets into an->topo: HC_OK, HC_ENOMEM, or HC_EDEADLOCK with
** err showing one cycle (hc_sched_int.h).
*/
int hc_sched_order(const hc_sched *s, hc_sched_an *an, hc_sched_err *err) {
  size_t *succ_first = NULL;
  uint32_t *succ = NULL;
  int rc = successors(s, an, &succ_first, &succ, err);
  if (rc) return rc;
  if (kahn(s, an, succ_first, succ) < s->npk) {
    size_t from = 0;
    while (an->indeg[from] == 0) from++;
    rc = report_cycle(s, an, from, err);
  }
  free(succ_first);
  free(succ);
  return rc;
}
