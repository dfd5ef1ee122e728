/*
** This file implements hc_sched_validate(), the check of a schedule against
** the execution model (hc_sched.h; docs/store_and_forward.md), and the
** analysis it leaves in the schedule for the executor. The checks run in a
** fixed order and stop at the first problem, so a schedule always gets the
** same message: (1) own data on existing nodes and inside memory; (2-4)
** packet by packet, an existing link, segments that are non-empty and inside
** memory, as many words scattered as gathered; (5) the packets of every link
** sorted by position, positions 0..n-1 once each; (6) the writer of every
** word, memories being single-assignment (a word is own data or written by
** exactly one packet), and for combined words (section 1, "Combining") one
** op, no write packet, at most one contribution per incoming link; (7) a source for every gathered word, which gives the
** packets each packet waits for and its per-incoming-link thresholds;
** (8) a topological order of the packets (hc_sched_order.c), a cycle being
** a deadlock. Each step is one function below; the analysis is built in an
** hc_sched_an and moved into the schedule only when every step passed.
*/
#include "hc_sched_int.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

const char *hc_sched_pk_name(const hc_sched *s, size_t i, char *buf,
                             size_t n) {
  const hc_pkt *p = &s->pk[i];
  snprintf(buf, n, "link %lu %u %lu", (unsigned long)p->node, p->dim,
           (unsigned long)p->seq);
  return buf;
}

/* ------------------------------------------------- 1.-4. item by item */

/* 1. Own data: on a node that exists, non-empty, inside memory. */
static int check_own(const hc_sched *s, hc_sched_err *err) {
  for (size_t i = 0; i < s->nown; i++) {
    const hc_own *o = &s->own[i];
    if (o->node >= s->n)
      return hc_sched_fail(err, HC_ERANGE, o->line,
                           "own data for node %lu, which does not exist in a "
                           "%u-cube",
                           (unsigned long)o->node, s->d);
    if (o->seg.len == 0 || (uint64_t)o->seg.addr + o->seg.len > s->mem)
      return hc_sched_fail(err, HC_ERANGE, o->line,
                           "own data %lu+%lu of node %lu is %s",
                           (unsigned long)o->seg.addr,
                           (unsigned long)o->seg.len, (unsigned long)o->node,
                           o->seg.len ? "outside memory" : "empty");
  }
  return HC_OK;
}

/* 3. Segments g[0..n-1] of packet i lie in memory and are non-empty. */
static int check_segs(const hc_sched *s, size_t i, const hc_seg *g, size_t n,
                      const char *which, hc_sched_err *err) {
  char nm[64];
  for (size_t k = 0; k < n; k++) {
    if (g[k].len == 0)
      return hc_sched_fail(err, HC_ERANGE, s->pk[i].line,
                           "%s: %s segment %lu+0 is empty",
                           hc_sched_pk_name(s, i, nm, sizeof nm), which,
                           (unsigned long)g[k].addr);
    if ((uint64_t)g[k].addr + g[k].len > s->mem)
      return hc_sched_fail(err, HC_ERANGE, s->pk[i].line,
                           "%s: %s segment %lu+%lu is outside memory (words "
                           "0..%lu)",
                           hc_sched_pk_name(s, i, nm, sizeof nm), which,
                           (unsigned long)g[k].addr, (unsigned long)g[k].len,
                           (unsigned long)s->mem - 1);
  }
  return HC_OK;
}

/* 2.-4. Packet i: its link exists, its segments are sound, lengths agree. */
static int check_packet(const hc_sched *s, size_t i, hc_sched_err *err) {
  char nm[64];
  const hc_pkt *p = &s->pk[i];
  const unsigned d = s->d;
  int rc;
  if (p->node >= s->n || p->dim >= d)
    return hc_sched_fail(err, HC_ELINK, p->line,
                         "%s: there is no link %s in a %u-cube (nodes 0..%lu, "
                         "dims 0..%u)",
                         hc_sched_pk_name(s, i, nm, sizeof nm),
                         p->node >= s->n ? "from that node"
                                         : "of that dimension",
                         d, (unsigned long)s->n - 1, d - 1);
  if ((rc = check_segs(s, i, s->seg + p->g0, p->ng, "gather", err)) ||
      (rc = check_segs(s, i, s->seg + p->s0, p->ns, "scatter", err)))
    return rc;
  if (p->gw != p->sw || p->gw == 0)
    return hc_sched_fail(err, HC_ELENGTH, p->line,
                         p->gw == 0 ? "%s: the packet carries no words"
                                    : "%s: gathers %llu words but scatters %llu",
                         hc_sched_pk_name(s, i, nm, sizeof nm),
                         (unsigned long long)p->gw, (unsigned long long)p->sw);
  return HC_OK;
}

/* ------------------------------------------------------- the analysis */

/* Allocate the arrays of an for s. Returns HC_OK or HC_ENOMEM (err set). */
static int an_alloc(const hc_sched *s, hc_sched_an *an, hc_sched_err *err) {
  const size_t nl = (size_t)s->n * s->d, npk = s->npk;
  an->lk_first = calloc(nl + 1, sizeof *an->lk_first);
  an->lk_pkt = malloc((npk ? npk : 1) * sizeof *an->lk_pkt);
  an->dep_first = calloc(npk + 1, sizeof *an->dep_first);
  an->need = calloc(npk * s->d + 1, sizeof *an->need);
  an->topo = malloc((npk ? npk : 1) * sizeof *an->topo);
  an->writer = malloc((size_t)s->n * s->mem * sizeof *an->writer);
  an->mark = malloc((npk ? npk : 1) * sizeof *an->mark);
  an->indeg = calloc(npk + 1, sizeof *an->indeg);
  int comb = 0;
  for (size_t i = 0; i < npk; i++) comb |= s->pk[i].op != HC_SCHED_WRITE;
  if (comb) {
    an->cidx = malloc((size_t)s->n * s->mem * sizeof *an->cidx);
    if (!an->cidx) return hc_sched_fail(err, HC_ENOMEM, 0, "out of memory");
  }
  if (!an->lk_first || !an->lk_pkt || !an->dep_first || !an->need ||
      !an->topo || !an->writer || !an->mark || !an->indeg)
    return hc_sched_fail(err, HC_ENOMEM, 0, "out of memory");
  return HC_OK;
}

/* Free whatever an still holds. */
static void an_free(hc_sched_an *an) {
  free(an->lk_first);
  free(an->lk_pkt);
  free(an->dep_first);
  free(an->dep);
  free(an->need);
  free(an->topo);
  free(an->writer);
  free(an->mark);
  free(an->indeg);
  free(an->cidx);
  free(an->cop);
  free(an->cpk);
  free(an->czero);
  memset(an, 0, sizeof *an);
}

/* Move the finished analysis from an into s, which becomes analysed. */
static void an_keep(hc_sched *s, hc_sched_an *an) {
  assert(!s->analysed && !s->lk_first);
  s->lk_first = an->lk_first;
  s->lk_pkt = an->lk_pkt;
  s->dep_first = an->dep_first;
  s->dep = an->dep;
  s->need = an->need;
  s->topo = an->topo;
  s->czero = an->czero;
  s->nczero = an->nczero;
  an->czero = NULL;
  s->analysed = 1;
  an->lk_first = NULL;
  an->lk_pkt = NULL;
  an->dep_first = NULL;
  an->dep = NULL;
  an->need = NULL;
  an->topo = NULL;
}

/* ----------------------------------------------- 5. links by position */

/*
** Put link L's packets (lk_pkt[lk_first[L] ..], in any order) at their
** positions, which must be 0..n-1 once each.
*/
static int place_link(const hc_sched *s, hc_sched_an *an, size_t L,
                      hc_sched_err *err) {
  char nm[64];
  const unsigned d = s->d;
  size_t a = an->lk_first[L], n = an->lk_first[L + 1] - a;
  uint32_t *slot = an->topo; /* scratch: slot[pos] = packet+1 */
  for (size_t k = 0; k < n; k++) slot[k] = 0;
  for (size_t k = 0; k < n; k++) {
    uint32_t i = an->lk_pkt[a + k];
    uint32_t q = s->pk[i].seq;
    if (q >= n)
      return hc_sched_fail(err, HC_ESEQ, s->pk[i].line,
                           "%s: link %lu %u has %lu packets, at positions "
                           "0..%lu, but this one is at position %lu",
                           hc_sched_pk_name(s, i, nm, sizeof nm),
                           (unsigned long)(L / d), (unsigned)(L % d),
                           (unsigned long)n, (unsigned long)n - 1,
                           (unsigned long)q);
    if (slot[q]) {
      char where[40] = "";
      if (s->pk[slot[q] - 1].line)
        snprintf(where, sizeof where, " (also line %lu)",
                 s->pk[slot[q] - 1].line);
      return hc_sched_fail(err, HC_ESEQ, s->pk[i].line,
                           "%s: position %lu of link %lu %u is taken twice%s",
                           hc_sched_pk_name(s, i, nm, sizeof nm),
                           (unsigned long)q, (unsigned long)(L / d),
                           (unsigned)(L % d), where);
    }
    slot[q] = i + 1;
  }
  for (size_t k = 0; k < n; k++) an->lk_pkt[a + k] = slot[k] - 1;
  return HC_OK;
}

/* 5. The link lists: a counting sort by link, then place_link on each. */
static int sort_links(const hc_sched *s, hc_sched_an *an, hc_sched_err *err) {
  const unsigned d = s->d;
  const size_t nl = (size_t)s->n * d, npk = s->npk;
  size_t *lk_first = an->lk_first;
  int rc;
  for (size_t i = 0; i < npk; i++)
    lk_first[(size_t)s->pk[i].node * d + s->pk[i].dim + 1]++;
  for (size_t L = 0; L < nl; L++) lk_first[L + 1] += lk_first[L];
  size_t *fill = malloc((nl + 1) * sizeof *fill);
  if (!fill) return hc_sched_fail(err, HC_ENOMEM, 0, "out of memory");
  memcpy(fill, lk_first, (nl + 1) * sizeof *fill);
  for (size_t i = 0; i < npk; i++)
    an->lk_pkt[fill[(size_t)s->pk[i].node * d + s->pk[i].dim]++] = (uint32_t)i;
  free(fill);
  for (size_t L = 0; L < nl; L++)
    if ((rc = place_link(s, an, L, err))) return rc;
  return HC_OK;
}

/* ------------------------------------------------ 6. writer of a word */

/* 6a. Mark the own-data words; a word declared twice is an overlap. */
static int map_own(const hc_sched *s, hc_sched_an *an, hc_sched_err *err) {
  uint32_t *writer = an->writer;
  for (size_t i = 0; i < s->nown; i++) {
    const hc_own *o = &s->own[i];
    size_t base = (size_t)o->node * s->mem;
    for (uint32_t a = o->seg.addr; a < o->seg.addr + o->seg.len; a++) {
      if (writer[base + a] != HC_SCHED_NO_WRITER)
        return hc_sched_fail(err, HC_EOVERLAP, o->line,
                             "word %lu of node %lu is declared own data twice",
                             (unsigned long)a, (unsigned long)o->node);
      writer[base + a] = HC_SCHED_OWN_WRITER;
    }
  }
  return HC_OK;
}

/* The overlap of packet i writing word a of node `to`, already held by q. */
static int overlap(const hc_sched *s, size_t i, uint32_t q, uint32_t a,
                   uint32_t to, hc_sched_err *err) {
  char nm[64], nm2[64];
  unsigned long line = s->pk[i].line;
  if (q == HC_SCHED_OWN_WRITER)
    return hc_sched_fail(err, HC_EOVERLAP, line,
                         "%s: writes word %lu of node %lu, which is node "
                         "%lu's own data",
                         hc_sched_pk_name(s, i, nm, sizeof nm),
                         (unsigned long)a, (unsigned long)to,
                         (unsigned long)to);
  if (q == i)
    return hc_sched_fail(err, HC_EOVERLAP, line,
                         "%s: writes word %lu of node %lu twice",
                         hc_sched_pk_name(s, i, nm, sizeof nm),
                         (unsigned long)a, (unsigned long)to);
  char where[40] = "";
  if (s->pk[q].line) snprintf(where, sizeof where, " (line %lu)", s->pk[q].line);
  return hc_sched_fail(err, HC_EOVERLAP, line,
                       "%s: writes word %lu of node %lu, which %s%s also "
                       "writes",
                       hc_sched_pk_name(s, i, nm, sizeof nm), (unsigned long)a,
                       (unsigned long)to,
                       hc_sched_pk_name(s, q, nm2, sizeof nm2), where);
}

/* " (line N)" for packet q into buf, or "" when q has no line. */
static const char *line_of(const hc_sched *s, uint32_t q, char *buf, size_t n) {
  buf[0] = 0;
  if (s->pk[q].line) snprintf(buf, n, " (line %lu)", s->pk[q].line);
  return buf;
}

/* Packet i, a write, scatters word a of node `to`, which is combined. */
static int write_combined(const hc_sched *s, const hc_sched_an *an, size_t i,
                          uint32_t a, uint32_t to, hc_sched_err *err) {
  char nm[64], nm2[64], where[40];
  size_t k = an->cidx[(size_t)to * s->mem + a];
  uint32_t q = 0;
  for (unsigned j = 0; j < s->d; j++)
    if (an->cpk[k * s->d + j] != HC_SCHED_NO_WRITER) q = an->cpk[k * s->d + j];
  return hc_sched_fail(err, HC_EOVERLAP, s->pk[i].line,
                       "%s: writes word %lu of node %lu, which %s%s combines "
                       "into with %s",
                       hc_sched_pk_name(s, i, nm, sizeof nm), (unsigned long)a,
                       (unsigned long)to, hc_sched_pk_name(s, q, nm2, sizeof nm2),
                       line_of(s, q, where, sizeof where),
                       hc_sched_op_name(an->cop[k]));
}

/* A new combined-word entry for op in an; its index in *k. */
static int comb_new(const hc_sched *s, hc_sched_an *an, unsigned op,
                    size_t *k) {
  if (hc_sched_grow((void **)&an->cop, &an->cap_cop, an->ncomb + 1, 1) ||
      hc_sched_grow((void **)&an->cpk, &an->cap_cpk, (an->ncomb + 1) * s->d,
                    sizeof *an->cpk))
    return HC_ENOMEM;
  *k = an->ncomb++;
  an->cop[*k] = (uint8_t)op;
  for (unsigned j = 0; j < s->d; j++) an->cpk[*k * s->d + j] = HC_SCHED_NO_WRITER;
  return HC_OK;
}

/*
** Packet i, which combines, contributes to word a of node `to` (word index
** w): the word is not written by a write packet, all its contributions use
** one op, and at most one comes over each incoming link.
*/
static int contribute(const hc_sched *s, hc_sched_an *an, size_t i,
                      uint32_t a, uint32_t to, hc_sched_err *err) {
  char nm[64], nm2[64], where[40];
  const hc_pkt *p = &s->pk[i];
  size_t w = (size_t)to * s->mem + a, k;
  uint32_t q = an->writer[w];
  if (q != HC_SCHED_NO_WRITER && q != HC_SCHED_OWN_WRITER)
    return hc_sched_fail(err, HC_EOVERLAP, p->line,
                         "%s: combines into word %lu of node %lu, which %s%s "
                         "writes",
                         hc_sched_pk_name(s, i, nm, sizeof nm),
                         (unsigned long)a, (unsigned long)to,
                         hc_sched_pk_name(s, q, nm2, sizeof nm2),
                         line_of(s, q, where, sizeof where));
  if (an->cidx[w] == HC_SCHED_NO_WRITER) {
    if (comb_new(s, an, p->op, &k))
      return hc_sched_fail(err, HC_ENOMEM, 0, "out of memory");
    an->cidx[w] = (uint32_t)k;
  }
  k = an->cidx[w];
  for (unsigned j = 0; j < s->d && an->cop[k] != p->op; j++)
    if ((q = an->cpk[k * s->d + j]) != HC_SCHED_NO_WRITER)
      return hc_sched_fail(err, HC_EOVERLAP, p->line,
                           "%s: combines into word %lu of node %lu with %s, "
                           "but %s%s combines into it with %s",
                           hc_sched_pk_name(s, i, nm, sizeof nm),
                           (unsigned long)a, (unsigned long)to,
                           hc_sched_op_name(p->op),
                           hc_sched_pk_name(s, q, nm2, sizeof nm2),
                           line_of(s, q, where, sizeof where),
                           hc_sched_op_name(an->cop[k]));
  q = an->cpk[k * s->d + p->dim];
  if (q != HC_SCHED_NO_WRITER)
    return hc_sched_fail(err, HC_EOVERLAP, p->line,
                         q == i ? "%s: contributes to word %lu of node %lu "
                                  "twice%s%s"
                                : "%s: contributes to word %lu of node %lu "
                                  "over the same incoming link as %s%s",
                         hc_sched_pk_name(s, i, nm, sizeof nm),
                         (unsigned long)a, (unsigned long)to,
                         q == i ? "" : hc_sched_pk_name(s, q, nm2, sizeof nm2),
                         q == i ? "" : line_of(s, q, where, sizeof where));
  an->cpk[k * s->d + p->dim] = (uint32_t)i;
  return HC_OK;
}

/* 6b. Mark the words packet i scatters into its receiver. */
static int map_packet(const hc_sched *s, hc_sched_an *an, size_t i,
                      hc_sched_err *err) {
  const hc_pkt *p = &s->pk[i];
  uint32_t to = p->node ^ (1u << p->dim);
  size_t base = (size_t)to * s->mem;
  const hc_seg *g = s->seg + p->s0;
  int rc;
  for (size_t k = 0; k < p->ns; k++)
    for (uint32_t a = g[k].addr; a < g[k].addr + g[k].len; a++) {
      if (p->op != HC_SCHED_WRITE) {
        if ((rc = contribute(s, an, i, a, to, err))) return rc;
        continue;
      }
      if (an->cidx && an->cidx[base + a] != HC_SCHED_NO_WRITER)
        return write_combined(s, an, i, a, to, err);
      uint32_t q = an->writer[base + a];
      if (q != HC_SCHED_NO_WRITER) return overlap(s, i, q, a, to, err);
      an->writer[base + a] = (uint32_t)i;
    }
  return HC_OK;
}

/* The combined words that are not own data, for the executor. */
static int list_czero(const hc_sched *s, hc_sched_an *an, hc_sched_err *err) {
  if (!an->cidx) return HC_OK;
  for (size_t w = 0; w < (size_t)s->n * s->mem; w++) {
    if (an->cidx[w] == HC_SCHED_NO_WRITER ||
        an->writer[w] == HC_SCHED_OWN_WRITER)
      continue;
    if (hc_sched_grow((void **)&an->czero, &an->cap_cz, an->nczero + 1,
                      sizeof *an->czero))
      return hc_sched_fail(err, HC_ENOMEM, 0, "out of memory");
    an->czero[an->nczero++] = w;
  }
  return HC_OK;
}

/* 6. The writer map: own data first, then every scattered word. */
static int map_writers(const hc_sched *s, hc_sched_an *an, hc_sched_err *err) {
  int rc;
  for (size_t w = 0; w < (size_t)s->n * s->mem; w++) {
    an->writer[w] = HC_SCHED_NO_WRITER;
    if (an->cidx) an->cidx[w] = HC_SCHED_NO_WRITER;
  }
  if ((rc = map_own(s, an, err))) return rc;
  for (size_t i = 0; i < s->npk; i++)
    if ((rc = map_packet(s, an, i, err))) return rc;
  return list_czero(s, an, err);
}

/* --------------------------------------------- 7. sources, thresholds */

int hc_sched_each_source(const hc_sched *s, const hc_sched_an *an, size_t i,
                         int (*f)(uint32_t q, uint32_t a, void *arg),
                         void *arg) {
  const hc_pkt *p = &s->pk[i];
  size_t base = (size_t)p->node * s->mem;
  const hc_seg *g = s->seg + p->g0;
  int rc;
  for (size_t k = 0; k < p->ng; k++)
    for (uint32_t a = g[k].addr; a < g[k].addr + g[k].len; a++) {
      uint32_t q = an->writer[base + a];
      if (q != HC_SCHED_OWN_WRITER && q != HC_SCHED_NO_WRITER) {
        if ((rc = f(q, a, arg))) return rc;
        continue;
      }
      uint32_t c = an->cidx ? an->cidx[base + a] : HC_SCHED_NO_WRITER;
      if (c == HC_SCHED_NO_WRITER) {
        if (q == HC_SCHED_NO_WRITER && (rc = f(HC_SCHED_NO_WRITER, a, arg)))
          return rc;
        continue;
      }
      for (unsigned j = 0; j < s->d; j++)
        if ((q = an->cpk[(size_t)c * s->d + j]) != HC_SCHED_NO_WRITER &&
            (rc = f(q, a, arg)))
          return rc;
    }
  return 0;
}

/* What dep_one needs: the schedule, the analysis, the packet, the status. */
typedef struct dep_ctx {
  const hc_sched *s;
  hc_sched_an *an;
  size_t i;
  hc_sched_err *err;
} dep_ctx;

/*
** Packet i waits for q because of word a: record q once in dep and raise
** i's threshold on the incoming link q arrives over. q = NO_WRITER: word a
** is never present (EUNSOURCED).
*/
static int dep_one(uint32_t q, uint32_t a, void *arg) {
  dep_ctx *c = arg;
  const hc_sched *s = c->s;
  hc_sched_an *an = c->an;
  const hc_pkt *p = &s->pk[c->i];
  char nm[64];
  if (q == HC_SCHED_NO_WRITER)
    return hc_sched_fail(c->err, HC_EUNSOURCED, p->line,
                         "%s: sends word %lu of node %lu, which is not "
                         "node %lu's own data and which no packet brings "
                         "to node %lu",
                         hc_sched_pk_name(s, c->i, nm, sizeof nm),
                         (unsigned long)a, (unsigned long)p->node,
                         (unsigned long)p->node, (unsigned long)p->node);
  if (an->mark[q] == c->i + 1) return 0;
  an->mark[q] = (uint32_t)(c->i + 1);
  if (hc_sched_grow((void **)&an->dep, &an->cap_dep, an->ndep + 1,
                    sizeof *an->dep))
    return hc_sched_fail(c->err, HC_ENOMEM, 0, "out of memory");
  an->dep[an->ndep++] = q;
  /* q arrives over the sender's incoming link of dimension q's dim */
  uint32_t *nd = &an->need[c->i * s->d + s->pk[q].dim];
  if (s->pk[q].seq + 1 > *nd) *nd = s->pk[q].seq + 1;
  return 0;
}

/*
** Packet i's sources: every word it gathers is own data of the sender, or
** written by some packet q, or a combined word whose every contributor q
** it waits for (section 1: a combined word is present once its last
** contribution is in); each q is recorded once in dep and raises i's
** threshold on the incoming link that q arrives over.
*/
static int packet_deps(const hc_sched *s, hc_sched_an *an, size_t i,
                       hc_sched_err *err) {
  dep_ctx c = {s, an, i, err};
  an->dep_first[i] = an->ndep;
  return hc_sched_each_source(s, an, i, dep_one, &c);
}

/* 7. Sources of every packet, into dep_first, dep and need. */
static int collect_deps(const hc_sched *s, hc_sched_an *an,
                        hc_sched_err *err) {
  int rc;
  for (size_t i = 0; i < s->npk; i++) an->mark[i] = 0;
  for (size_t i = 0; i < s->npk; i++)
    if ((rc = packet_deps(s, an, i, err))) return rc;
  an->dep_first[s->npk] = an->ndep;
  return HC_OK;
}

/* ----------------------------------------------------------- the API */

/*
** Check s against the execution model, stopping at the first problem
** (described in err); on success keep the analysis in s. Returns HC_OK,
** HC_ERANGE, HC_ELINK, HC_ELENGTH, HC_ESEQ, HC_EOVERLAP, HC_EUNSOURCED,
** HC_EDEADLOCK or HC_ENOMEM.
*/
int hc_sched_validate(hc_sched *s, hc_sched_err *err) {
  hc_sched_an an = {0};
  int rc;
  hc_sched_clear_err(err);
  if (s->analysed) return HC_OK;
  if ((rc = check_own(s, err))) return rc;
  for (size_t i = 0; i < s->npk; i++)
    if ((rc = check_packet(s, i, err))) return rc;
  rc = an_alloc(s, &an, err);
  if (!rc) rc = sort_links(s, &an, err);
  if (!rc) rc = map_writers(s, &an, err);
  if (!rc) rc = collect_deps(s, &an, err);
  if (!rc) rc = hc_sched_order(s, &an, err);
  if (!rc) an_keep(s, &an);
  an_free(&an);
  return rc;
}

/*
** Packet i's thresholds, one per incoming link of its sender, into
** need[0..d-1]; validates s first if needed. Returns HC_OK, HC_EPARAM or
** the validator's status.
*/
int hc_sched_need(hc_sched *s, size_t i, uint32_t *need, hc_sched_err *err) {
  if (i >= s->npk || !need) return HC_EPARAM;
  int rc = hc_sched_validate(s, err);
  if (rc) return rc;
  memcpy(need, s->need + i * s->d, s->d * sizeof *need);
  return HC_OK;
}
