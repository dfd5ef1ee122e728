/*
** This file implements the in-memory schedule of the store-and-forward
** multiport mode (hc_sched.h, docs/store_and_forward.md): creating and
** freeing a schedule, declaring own data, adding packets whole or segment by
** segment, and reading them back; plus the helpers the other files of
** csim/sched/ share (hc_sched_int.h). Nothing here checks a schedule against
** the execution model: adding stores what it is given, so that bad schedules
** can be built on purpose, and hc_sched_validate() (hc_sched_validate.c)
** judges them. Every change drops the analysis the validator left.
*/
#include "hc_sched_int.h"

#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PACKETS 0xFFFFFFF0u

/* ------------------------------------------------------------- helpers */

int hc_sched_fail(hc_sched_err *err, int code, unsigned long line,
                  const char *fmt, ...) {
  if (err) {
    va_list ap;
    err->code = code;
    err->line = line;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
  }
  return code;
}

void hc_sched_clear_err(hc_sched_err *err) {
  if (err) {
    err->code = HC_OK;
    err->line = 0;
    err->msg[0] = 0;
  }
}

int hc_sched_grow(void **p, size_t *cap, size_t want, size_t sz) {
  if (want <= *cap) return HC_OK;
  size_t nc = *cap ? *cap : 16;
  while (nc < want) nc *= 2;
  void *q = realloc(*p, nc * sz);
  if (!q) return HC_ENOMEM;
  *p = q;
  *cap = nc;
  return HC_OK;
}

void hc_sched_drop_analysis(hc_sched *s) {
  free(s->lk_first);
  free(s->lk_pkt);
  free(s->dep_first);
  free(s->dep);
  free(s->need);
  free(s->topo);
  free(s->czero);
  s->czero = NULL;
  s->nczero = 0;
  s->lk_first = NULL;
  s->lk_pkt = NULL;
  s->dep_first = NULL;
  s->dep = NULL;
  s->need = NULL;
  s->topo = NULL;
  s->analysed = 0;
}

/* Total words of segments g[0..n-1]. */
static uint64_t seg_words(const hc_seg *g, size_t n) {
  uint64_t w = 0;
  for (size_t i = 0; i < n; i++) w += g[i].len;
  return w;
}

/* ------------------------------------------------------------ building */

/* A new empty schedule in *out: HC_OK, HC_EPARAM or HC_ENOMEM. */
int hc_sched_new(unsigned d, uint32_t mem_words, hc_sched **out) {
  if (!out || d < 1 || d > HC_SCHED_MAX_D || mem_words < 1 ||
      mem_words > HC_SCHED_MAX_MEM || ((uint64_t)mem_words << d) > HC_SCHED_MAX_TOTAL)
    return HC_EPARAM;
  hc_sched *s = calloc(1, sizeof *s);
  if (!s) return HC_ENOMEM;
  s->d = d;
  s->n = 1u << d;
  s->mem = mem_words;
  s->link_next = calloc((size_t)s->n * d, sizeof *s->link_next);
  if (!s->link_next) {
    free(s);
    return HC_ENOMEM;
  }
  *out = s;
  return HC_OK;
}

/* Free s and everything it holds; NULL is allowed. */
void hc_sched_free(hc_sched *s) {
  if (!s) return;
  hc_sched_drop_analysis(s);
  free(s->pk);
  free(s->seg);
  free(s->own);
  free(s->link_next);
  free(s->og);
  free(s->os);
  free(s);
}

/* Accessors: dimension, 2^d, words per node, packet and own-data counts. */
unsigned hc_sched_dim(const hc_sched *s) { return s->d; }
uint32_t hc_sched_nodes(const hc_sched *s) { return s->n; }
uint32_t hc_sched_mem_words(const hc_sched *s) { return s->mem; }
size_t hc_sched_num_packets(const hc_sched *s) { return s->npk; }
size_t hc_sched_num_own(const hc_sched *s) { return s->nown; }

/* Store own-data segment (node, addr, len) as given: HC_OK or HC_ENOMEM. */
int hc_sched_add_own_at(hc_sched *s, uint32_t node, uint32_t addr,
                        uint32_t len, unsigned long line) {
  if (hc_sched_grow((void **)&s->own, &s->cap_own, s->nown + 1, sizeof *s->own))
    return HC_ENOMEM;
  hc_sched_drop_analysis(s);
  s->own[s->nown].node = node;
  s->own[s->nown].seg.addr = addr;
  s->own[s->nown].seg.len = len;
  s->own[s->nown].line = line;
  s->nown++;
  return HC_OK;
}

/* hc_sched_add_own_at without a text line. */
int hc_sched_add_own(hc_sched *s, uint32_t node, uint32_t addr, uint32_t len) {
  return hc_sched_add_own_at(s, node, addr, len, 0);
}

/* Own-data segment i (i < hc_sched_num_own) into *node and *seg. */
void hc_sched_own(const hc_sched *s, size_t i, uint32_t *node, hc_seg *seg) {
  assert(i < s->nown);
  if (node) *node = s->own[i].node;
  if (seg) *seg = s->own[i].seg;
}

/*
** Store a packet at position seq of link (node, dim) as given, nothing
** checked: HC_OK or HC_ENOMEM.
*/
int hc_sched_add_packet_at(hc_sched *s, uint32_t node, unsigned dim,
                           uint32_t seq, const hc_seg *gather, size_t ng,
                           const hc_seg *scatter, size_t ns,
                           unsigned long line) {
  if (s->npk >= MAX_PACKETS) return HC_ENOMEM;
  if (hc_sched_grow((void **)&s->pk, &s->cap_pk, s->npk + 1, sizeof *s->pk) ||
      hc_sched_grow((void **)&s->seg, &s->cap_seg, s->nseg + ng + ns,
                    sizeof *s->seg))
    return HC_ENOMEM;
  hc_sched_drop_analysis(s);
  hc_pkt *p = &s->pk[s->npk++];
  p->node = node;
  p->dim = dim;
  p->seq = seq;
  p->line = line;
  p->g0 = s->nseg;
  p->ng = ng;
  if (ng) memcpy(s->seg + s->nseg, gather, ng * sizeof *gather);
  s->nseg += ng;
  p->s0 = s->nseg;
  p->ns = ns;
  if (ns) memcpy(s->seg + s->nseg, scatter, ns * sizeof *scatter);
  s->nseg += ns;
  p->op = HC_SCHED_WRITE;
  p->gw = seg_words(gather, ng);
  p->sw = seg_words(scatter, ns);
  if (node < s->n && dim < s->d) {
    uint32_t *nx = &s->link_next[(size_t)node * s->d + dim];
    if (seq >= *nx) *nx = seq + 1;
  }
  return HC_OK;
}

/* Append a packet to link (node, dim): HC_OK, HC_ELINK or HC_ENOMEM. */
int hc_sched_add_packet(hc_sched *s, uint32_t node, unsigned dim,
                        const hc_seg *gather, size_t ng, const hc_seg *scatter,
                        size_t ns) {
  if (node >= s->n || dim >= s->d) return HC_ELINK;
  uint32_t seq = s->link_next[(size_t)node * s->d + dim];
  return hc_sched_add_packet_at(s, node, dim, seq, gather, ng, scatter, ns, 0);
}

/* Open a packet for link (node, dim): HC_OK, HC_EPARAM or HC_ELINK. */
int hc_sched_begin(hc_sched *s, uint32_t node, unsigned dim) {
  if (s->open) return HC_EPARAM;
  if (node >= s->n || dim >= s->d) return HC_ELINK;
  s->open = 1;
  s->o_node = node;
  s->o_dim = dim;
  s->o_op = HC_SCHED_WRITE;
  s->ong = s->ons = 0;
  return HC_OK;
}

/* hc_sched_begin with a combine op: HC_OK, HC_EPARAM or HC_ELINK. */
int hc_sched_begin_op(hc_sched *s, uint32_t node, unsigned dim, unsigned op) {
  if (op >= HC_SCHED_NOPS) return HC_EPARAM;
  int rc = hc_sched_begin(s, node, dim);
  if (!rc) s->o_op = op;
  return rc;
}

/* Set packet i's op: HC_OK or HC_EPARAM. */
int hc_sched_set_op(hc_sched *s, size_t i, unsigned op) {
  if (i >= s->npk || op >= HC_SCHED_NOPS) return HC_EPARAM;
  hc_sched_drop_analysis(s);
  s->pk[i].op = op;
  return HC_OK;
}

const char *hc_sched_op_name(unsigned op) {
  static const char *const nm[HC_SCHED_NOPS] = {"scatter", "add", "or"};
  return op < HC_SCHED_NOPS ? nm[op] : NULL;
}

uint32_t hc_sched_combine(unsigned op, uint32_t w, uint32_t v) {
  if (op == HC_SCHED_ADD) return w + v; /* uint32_t: mod 2^32 */
  if (op == HC_SCHED_OR) return w | v;
  return v;
}

/* Append (addr, len) to list *l of n entries, merging with a continued run. */
static int seg_append(hc_seg **l, size_t *n, size_t *cap, uint32_t addr,
                      uint32_t len) {
  if (*n > 0) {
    hc_seg *last = &(*l)[*n - 1];
    if ((uint64_t)last->addr + last->len == addr &&
        (uint64_t)last->len + len <= UINT32_MAX) {
      last->len += len;
      return HC_OK;
    }
  }
  if (hc_sched_grow((void **)l, cap, *n + 1, sizeof **l)) return HC_ENOMEM;
  (*l)[*n].addr = addr;
  (*l)[*n].len = len;
  (*n)++;
  return HC_OK;
}

/* Append a gather segment to the open packet: HC_OK, HC_EPARAM, HC_ENOMEM. */
int hc_sched_gather(hc_sched *s, uint32_t addr, uint32_t len) {
  if (!s->open || len == 0) return HC_EPARAM;
  return seg_append(&s->og, &s->ong, &s->cap_og, addr, len);
}

/* Append a scatter segment to the open packet: HC_OK, HC_EPARAM, HC_ENOMEM. */
int hc_sched_scatter(hc_sched *s, uint32_t addr, uint32_t len) {
  if (!s->open || len == 0) return HC_EPARAM;
  return seg_append(&s->os, &s->ons, &s->cap_os, addr, len);
}

/* Close the open packet and append it as hc_sched_add_packet does. */
int hc_sched_end(hc_sched *s) {
  if (!s->open) return HC_EPARAM;
  int rc = hc_sched_add_packet(s, s->o_node, s->o_dim, s->og, s->ong, s->os,
                               s->ons);
  if (!rc) s->pk[s->npk - 1].op = s->o_op;
  s->open = 0;
  return rc;
}

/* Describe packet i in *info: HC_OK or HC_EPARAM. */
int hc_sched_packet(const hc_sched *s, size_t i, hc_packet_info *info) {
  if (i >= s->npk || !info) return HC_EPARAM;
  const hc_pkt *p = &s->pk[i];
  info->node = p->node;
  info->dim = p->dim;
  info->seq = p->seq;
  info->words = p->gw;
  info->ngather = p->ng;
  info->nscatter = p->ns;
  info->gather = s->seg + p->g0;
  info->scatter = s->seg + p->s0;
  info->line = p->line;
  info->op = p->op;
  return HC_OK;
}
