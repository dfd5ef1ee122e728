/*
** This file implements the schedules of the store-and-forward multiport mode
** (docs/store_and_forward.md): the in-memory schedule and its builders, the
** text format's parser and writer, the validator, the reference executor of
** the execution model and the data "cases" that go with schedules.
**
** A schedule is a flat array of packets, each with its gather and scatter
** segments in one shared segment pool, plus a list of own-data segments.
** hc_sched_validate() turns it into an analysis kept in the schedule until it
** is changed: the packets of every directed link sorted by position, the
** packet that writes every word (memories are single-assignment: a word is
** own data or written by exactly one packet), the packets each packet waits
** for, a topological order of the dependency graph (a cycle is a deadlock
** and is reported, never run), and for every packet the per-incoming-link
** thresholds that hardware uses to decide readiness. The executor replays
** the execution model on those thresholds; hc_sched_critical_path() computes
** the same completion time as a longest path over the word-level
** dependencies, so the two check each other.
*/
#include "hc_sched.h"

#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define NO_WRITER 0xFFFFFFFFu  /* writer map: nobody brings the word */
#define OWN_WRITER 0xFFFFFFFEu /* writer map: the word is own data */
#define MAX_PACKETS 0xFFFFFFF0u

typedef struct hc_pkt {
  uint32_t node, seq;
  unsigned dim;
  size_t g0, ng;       /* gather segments: seg[g0 .. g0+ng-1] */
  size_t s0, ns;       /* scatter segments: seg[s0 .. s0+ns-1] */
  uint64_t gw, sw;     /* words gathered, scattered */
  unsigned long line;
} hc_pkt;

typedef struct hc_own {
  uint32_t node;
  hc_seg seg;
  unsigned long line;
} hc_own;

struct hc_sched {
  unsigned d;
  uint32_t n;   /* 2^d */
  uint32_t mem; /* words per node */

  hc_pkt *pk;
  size_t npk, cap_pk;
  hc_seg *seg;
  size_t nseg, cap_seg;
  hc_own *own;
  size_t nown, cap_own;
  uint32_t *link_next; /* [node*d+dim]: position hc_sched_add_packet gives next */

  /* The packet being built with hc_sched_begin .. hc_sched_end. */
  int open;
  uint32_t o_node;
  unsigned o_dim;
  hc_seg *og, *os;
  size_t ong, ons, cap_og, cap_os;

  /* Analysis, valid while `analysed` (see the file comment). */
  int analysed;
  size_t *lk_first;   /* [n*d+1]: link L's packets are lk_pkt[lk_first[L] .. lk_first[L+1]-1] */
  uint32_t *lk_pkt;   /* by position */
  size_t *dep_first;  /* [npk+1]: packet i waits for writers dep[dep_first[i] ..] */
  uint32_t *dep;
  uint32_t *need;     /* [npk*d] */
  uint32_t *topo;     /* [npk] */
};

/* ------------------------------------------------------------- helpers */

/* Fill err (if any) and return code. */
static int fail(hc_sched_err *err, int code, unsigned long line,
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

static void ok(hc_sched_err *err) {
  if (err) {
    err->code = HC_OK;
    err->line = 0;
    err->msg[0] = 0;
  }
}

/* Grow *p (element size sz, capacity *cap) to hold at least want elements. */
static int grow(void **p, size_t *cap, size_t want, size_t sz) {
  if (want <= *cap) return HC_OK;
  size_t nc = *cap ? *cap : 16;
  while (nc < want) nc *= 2;
  void *q = realloc(*p, nc * sz);
  if (!q) return HC_ENOMEM;
  *p = q;
  *cap = nc;
  return HC_OK;
}

static void drop_analysis(hc_sched *s) {
  free(s->lk_first);
  free(s->lk_pkt);
  free(s->dep_first);
  free(s->dep);
  free(s->need);
  free(s->topo);
  s->lk_first = NULL;
  s->lk_pkt = NULL;
  s->dep_first = NULL;
  s->dep = NULL;
  s->need = NULL;
  s->topo = NULL;
  s->analysed = 0;
}

static uint64_t seg_words(const hc_seg *g, size_t n) {
  uint64_t w = 0;
  for (size_t i = 0; i < n; i++) w += g[i].len;
  return w;
}

/* ------------------------------------------------------------ building */

int hc_sched_new(unsigned d, uint32_t mem_words, hc_sched **out) {
  if (!out || d < 1 || d > HC_SCHED_MAX_D || mem_words < 1 ||
      mem_words > HC_SCHED_MAX_MEM)
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

void hc_sched_free(hc_sched *s) {
  if (!s) return;
  drop_analysis(s);
  free(s->pk);
  free(s->seg);
  free(s->own);
  free(s->link_next);
  free(s->og);
  free(s->os);
  free(s);
}

unsigned hc_sched_dim(const hc_sched *s) { return s->d; }
uint32_t hc_sched_nodes(const hc_sched *s) { return s->n; }
uint32_t hc_sched_mem_words(const hc_sched *s) { return s->mem; }
size_t hc_sched_num_packets(const hc_sched *s) { return s->npk; }
size_t hc_sched_num_own(const hc_sched *s) { return s->nown; }

/* hc_sched_add_own with the text line it came from. */
static int own_add(hc_sched *s, uint32_t node, uint32_t addr, uint32_t len,
                   unsigned long line) {
  if (grow((void **)&s->own, &s->cap_own, s->nown + 1, sizeof *s->own))
    return HC_ENOMEM;
  drop_analysis(s);
  s->own[s->nown].node = node;
  s->own[s->nown].seg.addr = addr;
  s->own[s->nown].seg.len = len;
  s->own[s->nown].line = line;
  s->nown++;
  return HC_OK;
}

int hc_sched_add_own(hc_sched *s, uint32_t node, uint32_t addr, uint32_t len) {
  return own_add(s, node, addr, len, 0);
}

void hc_sched_own(const hc_sched *s, size_t i, uint32_t *node, hc_seg *seg) {
  assert(i < s->nown);
  if (node) *node = s->own[i].node;
  if (seg) *seg = s->own[i].seg;
}

int hc_sched_add_packet_at(hc_sched *s, uint32_t node, unsigned dim,
                           uint32_t seq, const hc_seg *gather, size_t ng,
                           const hc_seg *scatter, size_t ns,
                           unsigned long line) {
  if (s->npk >= MAX_PACKETS) return HC_ENOMEM;
  if (grow((void **)&s->pk, &s->cap_pk, s->npk + 1, sizeof *s->pk) ||
      grow((void **)&s->seg, &s->cap_seg, s->nseg + ng + ns, sizeof *s->seg))
    return HC_ENOMEM;
  drop_analysis(s);
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
  p->gw = seg_words(gather, ng);
  p->sw = seg_words(scatter, ns);
  if (node < s->n && dim < s->d) {
    uint32_t *nx = &s->link_next[(size_t)node * s->d + dim];
    if (seq >= *nx) *nx = seq + 1;
  }
  return HC_OK;
}

int hc_sched_add_packet(hc_sched *s, uint32_t node, unsigned dim,
                        const hc_seg *gather, size_t ng, const hc_seg *scatter,
                        size_t ns) {
  if (node >= s->n || dim >= s->d) return HC_ELINK;
  uint32_t seq = s->link_next[(size_t)node * s->d + dim];
  return hc_sched_add_packet_at(s, node, dim, seq, gather, ng, scatter, ns, 0);
}

int hc_sched_begin(hc_sched *s, uint32_t node, unsigned dim) {
  if (s->open) return HC_EPARAM;
  if (node >= s->n || dim >= s->d) return HC_ELINK;
  s->open = 1;
  s->o_node = node;
  s->o_dim = dim;
  s->ong = s->ons = 0;
  return HC_OK;
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
  if (grow((void **)l, cap, *n + 1, sizeof **l)) return HC_ENOMEM;
  (*l)[*n].addr = addr;
  (*l)[*n].len = len;
  (*n)++;
  return HC_OK;
}

int hc_sched_gather(hc_sched *s, uint32_t addr, uint32_t len) {
  if (!s->open || len == 0) return HC_EPARAM;
  return seg_append(&s->og, &s->ong, &s->cap_og, addr, len);
}

int hc_sched_scatter(hc_sched *s, uint32_t addr, uint32_t len) {
  if (!s->open || len == 0) return HC_EPARAM;
  return seg_append(&s->os, &s->ons, &s->cap_os, addr, len);
}

int hc_sched_end(hc_sched *s) {
  if (!s->open) return HC_EPARAM;
  int rc = hc_sched_add_packet(s, s->o_node, s->o_dim, s->og, s->ong, s->os,
                               s->ons);
  s->open = 0;
  return rc;
}

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
  return HC_OK;
}

/* ---------------------------------------------------------- text format */

/* A growable output string. */
typedef struct sbuf {
  char *b;
  size_t n, cap;
  int oom;
} sbuf;

static void sb_printf(sbuf *sb, const char *fmt, ...) {
  if (sb->oom) return;
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    size_t room = sb->cap - sb->n;
    int k = vsnprintf(sb->b ? sb->b + sb->n : NULL, room, fmt, ap);
    va_end(ap);
    if (k < 0) {
      sb->oom = 1;
      return;
    }
    if ((size_t)k < room) {
      sb->n += (size_t)k;
      return;
    }
    if (grow((void **)&sb->b, &sb->cap, sb->n + (size_t)k + 1, 1)) {
      sb->oom = 1;
      return;
    }
  }
}

static void sb_segs(sbuf *sb, const hc_seg *g, size_t n) {
  for (size_t i = 0; i < n; i++)
    sb_printf(sb, "%s%lu+%lu", i ? "," : "", (unsigned long)g[i].addr,
              (unsigned long)g[i].len);
}

static int own_cmp(const void *a, const void *b) {
  const hc_own *x = a, *y = b;
  if (x->node != y->node) return x->node < y->node ? -1 : 1;
  if (x->seg.addr != y->seg.addr) return x->seg.addr < y->seg.addr ? -1 : 1;
  if (x->seg.len != y->seg.len) return x->seg.len < y->seg.len ? -1 : 1;
  return 0;
}

/* Sort key of a packet in the canonical text: link, position, index. */
typedef struct pk_key {
  uint32_t node, seq;
  unsigned dim;
  size_t idx;
} pk_key;

static int pk_cmp(const void *a, const void *b) {
  const pk_key *x = a, *y = b;
  if (x->node != y->node) return x->node < y->node ? -1 : 1;
  if (x->dim != y->dim) return x->dim < y->dim ? -1 : 1;
  if (x->seq != y->seq) return x->seq < y->seq ? -1 : 1;
  return x->idx < y->idx ? -1 : x->idx > y->idx;
}

int hc_sched_format(const hc_sched *s, char **text, size_t *len) {
  sbuf sb = {0};
  hc_own *own = NULL;
  pk_key *ord = NULL;
  *text = NULL;
  if (s->nown) {
    own = malloc(s->nown * sizeof *own);
    if (!own) return HC_ENOMEM;
    memcpy(own, s->own, s->nown * sizeof *own);
    qsort(own, s->nown, sizeof *own, own_cmp);
  }
  if (s->npk) {
    ord = malloc(s->npk * sizeof *ord);
    if (!ord) {
      free(own);
      return HC_ENOMEM;
    }
    for (size_t i = 0; i < s->npk; i++) {
      ord[i].node = s->pk[i].node;
      ord[i].dim = s->pk[i].dim;
      ord[i].seq = s->pk[i].seq;
      ord[i].idx = i;
    }
    qsort(ord, s->npk, sizeof *ord, pk_cmp);
  }
  sb_printf(&sb, "hcsched %d\ndim %u\nmem %lu\n", HC_SCHED_VERSION, s->d,
            (unsigned long)s->mem);
  for (size_t i = 0; i < s->nown;) {
    size_t j = i;
    while (j < s->nown && own[j].node == own[i].node) j++;
    sb_printf(&sb, "own %lu:", (unsigned long)own[i].node);
    for (size_t k = i; k < j; k++)
      sb_printf(&sb, "%s%lu+%lu", k > i ? "," : " ",
                (unsigned long)own[k].seg.addr, (unsigned long)own[k].seg.len);
    sb_printf(&sb, "\n");
    i = j;
  }
  for (size_t k = 0; k < s->npk; k++) {
    const hc_pkt *p = &s->pk[ord[k].idx];
    sb_printf(&sb, "link %lu %u %lu: gather ", (unsigned long)p->node, p->dim,
              (unsigned long)p->seq);
    sb_segs(&sb, s->seg + p->g0, p->ng);
    sb_printf(&sb, " -> scatter ");
    sb_segs(&sb, s->seg + p->s0, p->ns);
    sb_printf(&sb, "\n");
  }
  free(own);
  free(ord);
  if (sb.oom) {
    free(sb.b);
    return HC_ENOMEM;
  }
  *text = sb.b;
  if (len) *len = sb.n;
  return HC_OK;
}

int hc_sched_write(const hc_sched *s, FILE *f) {
  char *t;
  size_t n;
  int rc = hc_sched_format(s, &t, &n);
  if (rc) return rc;
  size_t w = fwrite(t, 1, n, f);
  free(t);
  if (w != n || fflush(f) != 0) return HC_EIO;
  return HC_OK;
}

/* Parser state: the current line is p .. e (comment removed). */
typedef struct psr {
  const char *p, *e;
  unsigned long line;
  hc_sched_err *err;
  hc_seg *a, *b; /* segment lists of the line */
  size_t na, nb, cap_a, cap_b;
} psr;

static void ps_ws(psr *ps) {
  while (ps->p < ps->e && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\r'))
    ps->p++;
}

static int ps_syntax(psr *ps, const char *what) {
  char got[24];
  size_t k = 0;
  const char *q = ps->p;
  while (q < ps->e && k < 16) got[k++] = *q++;
  got[k] = 0;
  if (k == 0) return fail(ps->err, HC_ESYNTAX, ps->line,
                          "expected %s, found end of line", what);
  return fail(ps->err, HC_ESYNTAX, ps->line, "expected %s, found \"%s%s\"",
              what, got, q < ps->e ? "..." : "");
}

/* Match keyword kw (a whole word). */
static int ps_kw(psr *ps, const char *kw) {
  ps_ws(ps);
  size_t n = strlen(kw);
  if ((size_t)(ps->e - ps->p) < n || memcmp(ps->p, kw, n) != 0) return 0;
  const char *q = ps->p + n;
  if (q < ps->e && ((*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9')))
    return 0;
  ps->p = q;
  return 1;
}

static int ps_char(psr *ps, char c, const char *what) {
  ps_ws(ps);
  if (ps->p < ps->e && *ps->p == c) {
    ps->p++;
    return HC_OK;
  }
  return ps_syntax(ps, what);
}

static int ps_num(psr *ps, uint32_t *v, const char *what) {
  ps_ws(ps);
  if (ps->p >= ps->e || *ps->p < '0' || *ps->p > '9') return ps_syntax(ps, what);
  uint64_t x = 0;
  while (ps->p < ps->e && *ps->p >= '0' && *ps->p <= '9') {
    x = x * 10 + (uint64_t)(*ps->p - '0');
    if (x > UINT32_MAX)
      return fail(ps->err, HC_ESYNTAX, ps->line,
                  "%s is larger than 4294967295", what);
    ps->p++;
  }
  *v = (uint32_t)x;
  return HC_OK;
}

/* seglist := num '+' num (',' num '+' num)* */
static int ps_segs(psr *ps, hc_seg **l, size_t *n, size_t *cap,
                   const char *what) {
  *n = 0;
  for (;;) {
    hc_seg g;
    char w[64];
    snprintf(w, sizeof w, "an address (%s segment <addr>+<len>)", what);
    int rc = ps_num(ps, &g.addr, w);
    if (!rc) rc = ps_char(ps, '+', "'+' between address and length");
    if (!rc) rc = ps_num(ps, &g.len, "a segment length");
    if (rc) return rc;
    if (grow((void **)l, cap, *n + 1, sizeof **l)) return HC_ENOMEM;
    (*l)[(*n)++] = g;
    ps_ws(ps);
    if (ps->p < ps->e && *ps->p == ',') {
      ps->p++;
      continue;
    }
    return HC_OK;
  }
}

static int ps_arrow(psr *ps) {
  ps_ws(ps);
  if (ps->e - ps->p >= 2 && ps->p[0] == '-' && ps->p[1] == '>') {
    ps->p += 2;
    return HC_OK;
  }
  return ps_syntax(ps, "\"->\" after the gather list");
}

static int ps_eol(psr *ps) {
  ps_ws(ps);
  if (ps->p < ps->e) return ps_syntax(ps, "end of line");
  return HC_OK;
}

int hc_sched_parse(const char *text, size_t len, hc_sched **out,
                   hc_sched_err *err) {
  psr ps = {0};
  hc_sched *s = NULL;
  int have_ver = 0, have_dim = 0, have_mem = 0, rc = HC_OK;
  uint32_t d = 0, mem = 0;
  const char *t = text, *end = text + len;
  ps.err = err;
  ok(err);
  while (t < end && !rc) {
    const char *le = memchr(t, '\n', (size_t)(end - t));
    if (!le) le = end;
    ps.line++;
    ps.p = t;
    ps.e = le;
    const char *hash = memchr(t, '#', (size_t)(le - t));
    if (hash) ps.e = hash;
    t = le < end ? le + 1 : end;
    ps_ws(&ps);
    if (ps.p == ps.e) continue; /* blank or comment */
    if (!have_ver) {
      uint32_t v;
      if (!ps_kw(&ps, "hcsched")) {
        rc = ps_syntax(&ps, "the first line \"hcsched 1\"");
        break;
      }
      if ((rc = ps_num(&ps, &v, "the format version")) || (rc = ps_eol(&ps)))
        break;
      if (v != HC_SCHED_VERSION) {
        rc = fail(err, HC_ESYNTAX, ps.line,
                  "format version %lu is not supported (this reader knows %d)",
                  (unsigned long)v, HC_SCHED_VERSION);
        break;
      }
      have_ver = 1;
      continue;
    }
    int isdim = ps_kw(&ps, "dim");
    if (isdim || ps_kw(&ps, "mem")) {
      uint32_t v;
      if (s || (isdim ? have_dim : have_mem)) {
        rc = fail(err, HC_ESYNTAX, ps.line, "a second %s line",
                  isdim ? "dim" : "mem");
        break;
      }
      if ((rc = ps_num(&ps, &v, isdim ? "the dimension" : "the words per node")) ||
          (rc = ps_eol(&ps)))
        break;
      if (isdim && (v < 1 || v > HC_SCHED_MAX_D)) {
        rc = fail(err, HC_EPARAM, ps.line,
                  "dim %lu is outside 1..%d", (unsigned long)v, HC_SCHED_MAX_D);
        break;
      }
      if (!isdim && (v < 1 || v > HC_SCHED_MAX_MEM)) {
        rc = fail(err, HC_EPARAM, ps.line, "mem %lu is outside 1..%lu",
                  (unsigned long)v, (unsigned long)HC_SCHED_MAX_MEM);
        break;
      }
      if (isdim) {
        d = v;
        have_dim = 1;
      } else {
        mem = v;
        have_mem = 1;
      }
      if (have_dim && have_mem) {
        rc = hc_sched_new(d, mem, &s);
        if (rc) break;
      }
      continue;
    }
    int isown = ps_kw(&ps, "own");
    if (!isown && !ps_kw(&ps, "link")) {
      rc = ps_syntax(&ps, "\"dim\", \"mem\", \"own\" or \"link\"");
      break;
    }
    if (!s) {
      rc = fail(err, HC_ESYNTAX, ps.line,
                "%s line before both the dim and the mem line",
                isown ? "an own" : "a link");
      break;
    }
    if (isown) {
      uint32_t node;
      if ((rc = ps_num(&ps, &node, "a node number")) ||
          (rc = ps_char(&ps, ':', "':' after the node")) ||
          (rc = ps_segs(&ps, &ps.a, &ps.na, &ps.cap_a, "an own")) ||
          (rc = ps_eol(&ps)))
        break;
      for (size_t i = 0; i < ps.na && !rc; i++)
        rc = own_add(s, node, ps.a[i].addr, ps.a[i].len, ps.line);
      continue;
    }
    uint32_t node, dim, seq;
    if ((rc = ps_num(&ps, &node, "the sending node")) ||
        (rc = ps_num(&ps, &dim, "the link dimension")) ||
        (rc = ps_num(&ps, &seq, "the position on the link")) ||
        (rc = ps_char(&ps, ':', "':' after the position")))
      break;
    if (!ps_kw(&ps, "gather")) {
      rc = ps_syntax(&ps, "\"gather\"");
      break;
    }
    if ((rc = ps_segs(&ps, &ps.a, &ps.na, &ps.cap_a, "a gather")) ||
        (rc = ps_arrow(&ps)))
      break;
    if (!ps_kw(&ps, "scatter")) {
      rc = ps_syntax(&ps, "\"scatter\"");
      break;
    }
    if ((rc = ps_segs(&ps, &ps.b, &ps.nb, &ps.cap_b, "a scatter")) ||
        (rc = ps_eol(&ps)))
      break;
    rc = hc_sched_add_packet_at(s, node, dim, seq, ps.a, ps.na, ps.b, ps.nb,
                                ps.line);
  }
  if (!rc && !s)
    rc = fail(err, HC_ESYNTAX, ps.line,
              "end of text before the %s line",
              !have_ver ? "\"hcsched 1\"" : !have_dim ? "dim" : "mem");
  free(ps.a);
  free(ps.b);
  if (rc) {
    if (rc == HC_ENOMEM) fail(err, rc, ps.line, "out of memory");
    hc_sched_free(s);
    return rc;
  }
  *out = s;
  return HC_OK;
}

int hc_sched_read(FILE *f, hc_sched **out, hc_sched_err *err) {
  char *b = NULL;
  size_t n = 0, cap = 0;
  for (;;) {
    if (grow((void **)&b, &cap, n + 65536, 1)) {
      free(b);
      return fail(err, HC_ENOMEM, 0, "out of memory");
    }
    size_t k = fread(b + n, 1, cap - n, f);
    n += k;
    if (k == 0) break;
  }
  if (ferror(f)) {
    free(b);
    return fail(err, HC_EIO, 0, "read error");
  }
  int rc = hc_sched_parse(b, n, out, err);
  free(b);
  return rc;
}

/* ----------------------------------------------------------- validation */

/* "link X D S" naming packet i, for messages. */
static const char *pk_name(const hc_sched *s, size_t i, char *buf, size_t n) {
  const hc_pkt *p = &s->pk[i];
  snprintf(buf, n, "link %lu %u %lu", (unsigned long)p->node, p->dim,
           (unsigned long)p->seq);
  return buf;
}

/* Check segments g[0..n-1] lie in memory and are non-empty. */
static int check_segs(const hc_sched *s, size_t i, const hc_seg *g, size_t n,
                      const char *which, hc_sched_err *err) {
  char nm[64];
  for (size_t k = 0; k < n; k++) {
    if (g[k].len == 0)
      return fail(err, HC_ERANGE, s->pk[i].line,
                  "%s: %s segment %lu+0 is empty", pk_name(s, i, nm, sizeof nm),
                  which, (unsigned long)g[k].addr);
    if ((uint64_t)g[k].addr + g[k].len > s->mem)
      return fail(err, HC_ERANGE, s->pk[i].line,
                  "%s: %s segment %lu+%lu is outside memory (words 0..%lu)",
                  pk_name(s, i, nm, sizeof nm), which,
                  (unsigned long)g[k].addr, (unsigned long)g[k].len,
                  (unsigned long)s->mem - 1);
  }
  return HC_OK;
}

/*
** Describe the dependency cycle through the unsorted packets (left[i] != 0)
** starting from packet `from`, following for every packet one predecessor it
** still waits for. wword[i] is, for the edge chosen at i, the word (or -1 for
** link order).
*/
static int report_cycle(const hc_sched *s, const uint32_t *writer,
                        const uint32_t *left, size_t from, hc_sched_err *err) {
  size_t npk = s->npk;
  uint32_t *stamp = calloc(npk, sizeof *stamp);
  size_t *next = malloc(npk * sizeof *next);
  uint64_t *why = malloc(npk * sizeof *why); /* word+1, 0 = link order */
  if (!stamp || !next || !why) {
    free(stamp);
    free(next);
    free(why);
    return fail(err, HC_EDEADLOCK, 0,
                "the packets wait for each other in a cycle");
  }
  size_t i = from, step = 0;
  while (!stamp[i]) {
    stamp[i] = (uint32_t)++step;
    const hc_pkt *p = &s->pk[i];
    size_t pick = npk;
    uint64_t w = 0;
    /* Prefer a data dependency; otherwise the link predecessor. */
    const hc_seg *g = s->seg + p->g0;
    size_t base = (size_t)p->node * s->mem;
    for (size_t k = 0; k < p->ng && pick == npk; k++)
      for (uint32_t a = g[k].addr; a < g[k].addr + g[k].len; a++) {
        uint32_t q = writer[base + a];
        if (q < npk && left[q]) {
          pick = q;
          w = (uint64_t)a + 1;
          break;
        }
      }
    if (pick == npk) {
      size_t L = (size_t)p->node * s->d + p->dim;
      for (size_t k = s->lk_first[L]; k < s->lk_first[L + 1]; k++)
        if (s->lk_pkt[k] == i) {
          assert(k > s->lk_first[L]);
          pick = s->lk_pkt[k - 1];
          break;
        }
    }
    assert(pick < npk && left[pick]);
    next[i] = pick;
    why[i] = w;
    i = pick;
  }
  /* i is on the cycle; print it from there. */
  sbuf sb = {0};
  char nm[64];
  size_t start = i, shown = 0;
  sb_printf(&sb, "deadlock: %s", pk_name(s, i, nm, sizeof nm));
  do {
    const hc_pkt *p = &s->pk[i];
    if (p->line) sb_printf(&sb, " (line %lu)", p->line);
    if (shown) sb_printf(&sb, ", which");
    if (why[i])
      sb_printf(&sb, " needs word %llu of node %lu from %s",
                (unsigned long long)(why[i] - 1), (unsigned long)p->node,
                pk_name(s, next[i], nm, sizeof nm));
    else
      sb_printf(&sb, " comes after %s on its link",
                pk_name(s, next[i], nm, sizeof nm));
    i = next[i];
    shown++;
  } while (i != start && shown < 6);
  sb_printf(&sb, i == start ? " (the first again)" : " ...");
  unsigned long line = s->pk[start].line;
  int rc = fail(err, HC_EDEADLOCK, line, "%s",
                sb.oom ? "deadlock: the packets wait for each other in a cycle"
                       : sb.b);
  free(sb.b);
  free(stamp);
  free(next);
  free(why);
  return rc;
}

int hc_sched_validate(hc_sched *s, hc_sched_err *err) {
  char nm[64], nm2[64];
  const unsigned d = s->d;
  const size_t nl = (size_t)s->n * d, npk = s->npk;
  int rc = HC_OK;
  ok(err);
  if (s->analysed) return HC_OK;

  /* 1. Own data. */
  for (size_t i = 0; i < s->nown; i++) {
    const hc_own *o = &s->own[i];
    if (o->node >= s->n)
      return fail(err, HC_ERANGE, o->line,
                  "own data for node %lu, which does not exist in a %u-cube",
                  (unsigned long)o->node, d);
    if (o->seg.len == 0 || (uint64_t)o->seg.addr + o->seg.len > s->mem)
      return fail(err, HC_ERANGE, o->line,
                  "own data %lu+%lu of node %lu is %s", (unsigned long)o->seg.addr,
                  (unsigned long)o->seg.len, (unsigned long)o->node,
                  o->seg.len ? "outside memory" : "empty");
  }
  /* 2.-4. Links, segments, lengths. */
  for (size_t i = 0; i < npk; i++) {
    const hc_pkt *p = &s->pk[i];
    if (p->node >= s->n || p->dim >= d)
      return fail(err, HC_ELINK, p->line,
                  "%s: there is no link %s in a %u-cube (nodes 0..%lu, dims 0..%u)",
                  pk_name(s, i, nm, sizeof nm),
                  p->node >= s->n ? "from that node" : "of that dimension", d,
                  (unsigned long)s->n - 1, d - 1);
    if ((rc = check_segs(s, i, s->seg + p->g0, p->ng, "gather", err)) ||
        (rc = check_segs(s, i, s->seg + p->s0, p->ns, "scatter", err)))
      return rc;
    if (p->gw != p->sw || p->gw == 0)
      return fail(err, HC_ELENGTH, p->line,
                  p->gw == 0 ? "%s: the packet carries no words"
                             : "%s: gathers %llu words but scatters %llu",
                  pk_name(s, i, nm, sizeof nm), (unsigned long long)p->gw,
                  (unsigned long long)p->sw);
  }

  size_t *lk_first = calloc(nl + 1, sizeof *lk_first);
  uint32_t *lk_pkt = malloc((npk ? npk : 1) * sizeof *lk_pkt);
  size_t *dep_first = calloc(npk + 1, sizeof *dep_first);
  uint32_t *need = calloc(npk * d + 1, sizeof *need);
  uint32_t *topo = malloc((npk ? npk : 1) * sizeof *topo);
  uint32_t *writer = malloc((size_t)s->n * s->mem * sizeof *writer);
  uint32_t *mark = malloc((npk ? npk : 1) * sizeof *mark);
  uint32_t *indeg = calloc(npk + 1, sizeof *indeg);
  uint32_t *dep = NULL;
  size_t *succ_first = NULL;
  uint32_t *succ = NULL;
  if (!lk_first || !lk_pkt || !dep_first || !need || !topo || !writer ||
      !mark || !indeg) {
    rc = fail(err, HC_ENOMEM, 0, "out of memory");
    goto out;
  }

  /* 5. Link lists by position: counting sort, then check 0..n-1. */
  for (size_t i = 0; i < npk; i++)
    lk_first[(size_t)s->pk[i].node * d + s->pk[i].dim + 1]++;
  for (size_t L = 0; L < nl; L++) lk_first[L + 1] += lk_first[L];
  {
    size_t *fill = malloc((nl + 1) * sizeof *fill);
    if (!fill) {
      rc = fail(err, HC_ENOMEM, 0, "out of memory");
      goto out;
    }
    memcpy(fill, lk_first, (nl + 1) * sizeof *fill);
    for (size_t i = 0; i < npk; i++)
      lk_pkt[fill[(size_t)s->pk[i].node * d + s->pk[i].dim]++] = (uint32_t)i;
    free(fill);
  }
  for (size_t L = 0; L < nl; L++) {
    size_t a = lk_first[L], n = lk_first[L + 1] - a;
    /* Place each packet at its position; positions must be 0..n-1 once each. */
    uint32_t *slot = topo; /* scratch: slot[pos] = packet+1 */
    for (size_t k = 0; k < n; k++) slot[k] = 0;
    for (size_t k = 0; k < n; k++) {
      uint32_t i = lk_pkt[a + k];
      uint32_t q = s->pk[i].seq;
      if (q >= n) {
        rc = fail(err, HC_ESEQ, s->pk[i].line,
                  "%s: link %lu %u has %lu packets, at positions 0..%lu, but "
                  "this one is at position %lu",
                  pk_name(s, i, nm, sizeof nm), (unsigned long)(L / d),
                  (unsigned)(L % d), (unsigned long)n, (unsigned long)n - 1,
                  (unsigned long)q);
        goto out;
      }
      if (slot[q]) {
        char where[40] = "";
        if (s->pk[slot[q] - 1].line)
          snprintf(where, sizeof where, " (also line %lu)",
                   s->pk[slot[q] - 1].line);
        rc = fail(err, HC_ESEQ, s->pk[i].line,
                  "%s: position %lu of link %lu %u is taken twice%s",
                  pk_name(s, i, nm, sizeof nm), (unsigned long)q,
                  (unsigned long)(L / d), (unsigned)(L % d), where);
        goto out;
      }
      slot[q] = i + 1;
    }
    for (size_t k = 0; k < n; k++) lk_pkt[a + k] = slot[k] - 1;
  }

  /* 6. Writer of every word: own data, then every scattered word. */
  for (size_t w = 0; w < (size_t)s->n * s->mem; w++) writer[w] = NO_WRITER;
  for (size_t i = 0; i < s->nown; i++) {
    const hc_own *o = &s->own[i];
    size_t base = (size_t)o->node * s->mem;
    for (uint32_t a = o->seg.addr; a < o->seg.addr + o->seg.len; a++) {
      if (writer[base + a] != NO_WRITER) {
        rc = fail(err, HC_EOVERLAP, o->line,
                  "word %lu of node %lu is declared own data twice",
                  (unsigned long)a, (unsigned long)o->node);
        goto out;
      }
      writer[base + a] = OWN_WRITER;
    }
  }
  for (size_t i = 0; i < npk; i++) {
    const hc_pkt *p = &s->pk[i];
    uint32_t to = p->node ^ (1u << p->dim);
    size_t base = (size_t)to * s->mem;
    const hc_seg *g = s->seg + p->s0;
    for (size_t k = 0; k < p->ns; k++)
      for (uint32_t a = g[k].addr; a < g[k].addr + g[k].len; a++) {
        uint32_t q = writer[base + a];
        if (q == NO_WRITER) {
          writer[base + a] = (uint32_t)i;
          continue;
        }
        if (q == OWN_WRITER)
          rc = fail(err, HC_EOVERLAP, p->line,
                    "%s: writes word %lu of node %lu, which is node %lu's own data",
                    pk_name(s, i, nm, sizeof nm), (unsigned long)a,
                    (unsigned long)to, (unsigned long)to);
        else if (q == i)
          rc = fail(err, HC_EOVERLAP, p->line,
                    "%s: writes word %lu of node %lu twice",
                    pk_name(s, i, nm, sizeof nm), (unsigned long)a,
                    (unsigned long)to);
        else {
          char where[40] = "";
          if (s->pk[q].line) snprintf(where, sizeof where, " (line %lu)", s->pk[q].line);
          rc = fail(err, HC_EOVERLAP, p->line,
                    "%s: writes word %lu of node %lu, which %s%s also writes",
                    pk_name(s, i, nm, sizeof nm), (unsigned long)a,
                    (unsigned long)to, pk_name(s, q, nm2, sizeof nm2), where);
        }
        goto out;
      }
  }

  /* 7. Every gathered word has a source; collect distinct writers per packet. */
  size_t ndep = 0, cap_dep = 0;
  for (size_t i = 0; i < npk; i++) mark[i] = 0;
  for (size_t i = 0; i < npk; i++) {
    const hc_pkt *p = &s->pk[i];
    size_t base = (size_t)p->node * s->mem;
    const hc_seg *g = s->seg + p->g0;
    dep_first[i] = ndep;
    for (size_t k = 0; k < p->ng; k++)
      for (uint32_t a = g[k].addr; a < g[k].addr + g[k].len; a++) {
        uint32_t q = writer[base + a];
        if (q == OWN_WRITER) continue;
        if (q == NO_WRITER) {
          rc = fail(err, HC_EUNSOURCED, p->line,
                    "%s: sends word %lu of node %lu, which is not node %lu's own "
                    "data and which no packet brings to node %lu",
                    pk_name(s, i, nm, sizeof nm), (unsigned long)a,
                    (unsigned long)p->node, (unsigned long)p->node,
                    (unsigned long)p->node);
          goto out;
        }
        if (mark[q] == i + 1) continue;
        mark[q] = (uint32_t)(i + 1);
        if (grow((void **)&dep, &cap_dep, ndep + 1, sizeof *dep)) {
          rc = fail(err, HC_ENOMEM, 0, "out of memory");
          goto out;
        }
        dep[ndep++] = q;
        /* q arrives over the sender's incoming link of dimension q's dim */
        uint32_t *nd = &need[i * d + s->pk[q].dim];
        if (s->pk[q].seq + 1 > *nd) *nd = s->pk[q].seq + 1;
      }
  }
  dep_first[npk] = ndep;

  /* 8. Topological order (Kahn) over link order and data dependencies. */
  succ_first = calloc(npk + 1, sizeof *succ_first);
  succ = malloc((ndep ? ndep : 1) * sizeof *succ);
  if (!succ_first || !succ) {
    rc = fail(err, HC_ENOMEM, 0, "out of memory");
    goto out;
  }
  for (size_t k = 0; k < ndep; k++) succ_first[dep[k] + 1]++;
  for (size_t i = 0; i < npk; i++) succ_first[i + 1] += succ_first[i];
  {
    size_t *fill = malloc((npk + 1) * sizeof *fill);
    if (!fill) {
      rc = fail(err, HC_ENOMEM, 0, "out of memory");
      goto out;
    }
    memcpy(fill, succ_first, (npk + 1) * sizeof *fill);
    for (size_t i = 0; i < npk; i++)
      for (size_t k = dep_first[i]; k < dep_first[i + 1]; k++)
        succ[fill[dep[k]]++] = (uint32_t)i;
    free(fill);
  }
  /* link successor: next[i] via lk lists, stored in mark (npk = none) */
  for (size_t i = 0; i < npk; i++) {
    indeg[i] = (uint32_t)(dep_first[i + 1] - dep_first[i]);
    mark[i] = (uint32_t)npk;
  }
  for (size_t L = 0; L < nl; L++)
    for (size_t k = lk_first[L] + 1; k < lk_first[L + 1]; k++) {
      mark[lk_pkt[k - 1]] = lk_pkt[k];
      indeg[lk_pkt[k]]++;
    }
  size_t head = 0, tail = 0;
  for (size_t i = 0; i < npk; i++)
    if (indeg[i] == 0) topo[tail++] = (uint32_t)i;
  while (head < tail) {
    uint32_t i = topo[head++];
    for (size_t k = succ_first[i]; k < succ_first[i + 1]; k++)
      if (--indeg[succ[k]] == 0) topo[tail++] = succ[k];
    if (mark[i] < npk && --indeg[mark[i]] == 0) topo[tail++] = mark[i];
  }
  if (tail < npk) {
    /* indeg[i] != 0 exactly for the packets never sorted */
    size_t from = 0;
    while (indeg[from] == 0) from++;
    s->lk_first = lk_first; /* report_cycle reads the link lists */
    s->lk_pkt = lk_pkt;
    rc = report_cycle(s, writer, indeg, from, err);
    s->lk_first = NULL;
    s->lk_pkt = NULL;
    goto out;
  }

  s->lk_first = lk_first;
  s->lk_pkt = lk_pkt;
  s->dep_first = dep_first;
  s->dep = dep;
  s->need = need;
  s->topo = topo;
  s->analysed = 1;
  lk_first = NULL;
  lk_pkt = NULL;
  dep_first = NULL;
  dep = NULL;
  need = NULL;
  topo = NULL;
out:
  free(lk_first);
  free(lk_pkt);
  free(dep_first);
  free(dep);
  free(need);
  free(topo);
  free(writer);
  free(mark);
  free(indeg);
  free(succ_first);
  free(succ);
  return rc;
}

int hc_sched_need(hc_sched *s, size_t i, uint32_t *need, hc_sched_err *err) {
  if (i >= s->npk || !need) return HC_EPARAM;
  int rc = hc_sched_validate(s, err);
  if (rc) return rc;
  memcpy(need, s->need + i * s->d, s->d * sizeof *need);
  return HC_OK;
}

/* ------------------------------------------------------------ execution */

void hc_exec_result_free(hc_exec_result *res) {
  if (!res) return;
  free(res->link_busy);
  free(res->start);
  free(res->finish);
  free(res->mem);
  memset(res, 0, sizeof *res);
}

/* Copy packet p's gathered words into the receiver's scattered words. */
static void move_words(const hc_sched *s, const hc_pkt *p, uint32_t *mem) {
  const hc_seg *g = s->seg + p->g0, *c = s->seg + p->s0;
  const uint32_t *src = mem + (size_t)p->node * s->mem;
  uint32_t *dst = mem + (size_t)(p->node ^ (1u << p->dim)) * s->mem;
  size_t gi = 0, ci = 0;
  uint32_t go = 0, co = 0;
  for (uint64_t w = 0; w < p->gw; w++) {
    while (go == g[gi].len) {
      gi++;
      go = 0;
    }
    while (co == c[ci].len) {
      ci++;
      co = 0;
    }
    dst[c[ci].addr + co++] = src[g[gi].addr + go++];
  }
}

int hc_sched_exec(hc_sched *s, uint32_t beta, const uint32_t *init,
                  hc_exec_result *res, hc_sched_err *err) {
  if (!res) return fail(err, HC_EPARAM, 0, "no result record");
  memset(res, 0, sizeof *res);
  int rc = hc_sched_validate(s, err);
  if (rc) return rc;
  const unsigned d = s->d;
  const size_t nl = (size_t)s->n * d, npk = s->npk;
  const size_t nw = (size_t)s->n * s->mem;
  uint32_t *done = calloc(nl, sizeof *done);     /* packets completed per link */
  size_t *pos = calloc(nl, sizeof *pos);         /* next packet of the link */
  uint64_t *busy_until = calloc(nl, sizeof *busy_until);
  uint8_t *busy = calloc(nl, 1);
  res->link_busy = calloc(nl, sizeof *res->link_busy);
  res->start = calloc(npk + 1, sizeof *res->start);
  res->finish = calloc(npk + 1, sizeof *res->finish);
  res->mem = malloc(nw * sizeof *res->mem);
  if (!done || !pos || !busy_until || !busy || !res->link_busy ||
      !res->start || !res->finish || !res->mem) {
    rc = fail(err, HC_ENOMEM, 0, "out of memory");
    goto out;
  }
  if (init)
    memcpy(res->mem, init, nw * sizeof *res->mem);
  else
    memset(res->mem, 0, nw * sizeof *res->mem);

  /* Event loop over the cycles in which packets complete. In cycle t:
  ** first the packets whose words become present at the start of t complete
  ** (their links become free, the receivers' counts rise), then every free
  ** link whose next packet is ready starts it in t. */
  uint64_t t = 0, left = npk;
  for (;;) {
    for (size_t L = 0; L < nl; L++) {
      if (!busy[L] || busy_until[L] != t) continue;
      uint32_t i = s->lk_pkt[s->lk_first[L] + pos[L]];
      move_words(s, &s->pk[i], res->mem);
      /* the receiver's incoming link of this dimension */
      done[L]++;
      busy[L] = 0;
      pos[L]++;
      left--;
    }
    if (left == 0) break;
    int running = 0;
    uint64_t next = UINT64_MAX;
    for (size_t L = 0; L < nl; L++) {
      if (!busy[L] && s->lk_first[L] + pos[L] < s->lk_first[L + 1]) {
        uint32_t i = s->lk_pkt[s->lk_first[L] + pos[L]];
        const hc_pkt *p = &s->pk[i];
        const uint32_t *nd = s->need + (size_t)i * d;
        int ready = 1;
        for (unsigned j = 0; j < d && ready; j++)
          /* incoming link j of p->node is link (p->node ^ 2^j, j) */
          if (nd[j] > done[(size_t)(p->node ^ (1u << j)) * d + j]) ready = 0;
        if (ready) {
          uint64_t cost = (uint64_t)beta + p->gw;
          busy[L] = 1;
          busy_until[L] = t + cost;
          res->start[i] = t;
          res->finish[i] = t + cost;
          res->link_busy[L] += cost;
          res->packets++;
          res->words += p->gw;
          if (t + cost > res->cycles) res->cycles = t + cost;
        }
      }
      if (busy[L]) {
        running = 1;
        if (busy_until[L] < next) next = busy_until[L];
      }
    }
    if (!running) {
      rc = fail(err, HC_EDEADLOCK, 0,
                "deadlock at cycle %llu: %llu packets left and no link busy",
                (unsigned long long)t, (unsigned long long)left);
      goto out;
    }
    assert(next > t);
    t = next;
  }
out:
  free(done);
  free(pos);
  free(busy_until);
  free(busy);
  if (rc) hc_exec_result_free(res);
  return rc;
}

int hc_sched_critical_path(hc_sched *s, uint32_t beta, uint64_t *cycles,
                           hc_sched_err *err) {
  int rc = hc_sched_validate(s, err);
  if (rc) return rc;
  const size_t npk = s->npk, nl = (size_t)s->n * s->d;
  uint64_t *fin = calloc(npk + 1, sizeof *fin);
  uint32_t *prev = malloc((npk + 1) * sizeof *prev);
  if (!fin || !prev) {
    free(fin);
    free(prev);
    return fail(err, HC_ENOMEM, 0, "out of memory");
  }
  for (size_t i = 0; i < npk; i++) prev[i] = (uint32_t)npk;
  for (size_t L = 0; L < nl; L++)
    for (size_t k = s->lk_first[L] + 1; k < s->lk_first[L + 1]; k++)
      prev[s->lk_pkt[k]] = s->lk_pkt[k - 1];
  uint64_t best = 0;
  for (size_t k = 0; k < npk; k++) {
    uint32_t i = s->topo[k];
    uint64_t r = prev[i] < npk ? fin[prev[i]] : 0;
    for (size_t j = s->dep_first[i]; j < s->dep_first[i + 1]; j++)
      if (fin[s->dep[j]] > r) r = fin[s->dep[j]];
    fin[i] = r + beta + s->pk[i].gw;
    if (fin[i] > best) best = fin[i];
  }
  free(fin);
  free(prev);
  *cycles = best;
  return HC_OK;
}

/* ----------------------------------------------------------------- cases */

uint32_t hc_sched_tag(uint32_t node, uint32_t addr) {
  uint64_t z = ((uint64_t)node << 32 | addr) + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  uint32_t v = (uint32_t)(z ^ (z >> 32));
  return v ? v : 1u;
}

int hc_sched_case_alloc(hc_sched_case *c) {
  if (!c || !c->sched) return HC_EPARAM;
  size_t nw = (size_t)c->sched->n * c->sched->mem;
  c->init = calloc(nw, sizeof *c->init);
  c->expect = calloc(nw, sizeof *c->expect);
  c->care = malloc(nw);
  if (!c->init || !c->expect || !c->care) {
    free(c->init);
    free(c->expect);
    free(c->care);
    c->init = c->expect = NULL;
    c->care = NULL;
    return HC_ENOMEM;
  }
  memset(c->care, 1, nw);
  return HC_OK;
}

void hc_sched_case_free(hc_sched_case *c) {
  if (!c) return;
  hc_sched_free(c->sched);
  free(c->init);
  free(c->expect);
  free(c->care);
  memset(c, 0, sizeof *c);
}

int hc_sched_case_own(hc_sched_case *c, uint32_t node, uint32_t addr,
                      uint32_t len) {
  const hc_sched *s = c->sched;
  if (node >= s->n || len == 0 || (uint64_t)addr + len > s->mem)
    return HC_EPARAM;
  int rc = hc_sched_add_own(c->sched, node, addr, len);
  if (rc) return rc;
  size_t base = (size_t)node * s->mem;
  for (uint32_t a = addr; a < addr + len; a++)
    c->init[base + a] = c->expect[base + a] = hc_sched_tag(node, a);
  return HC_OK;
}

size_t hc_sched_case_check(const hc_sched_case *c, const uint32_t *mem,
                           uint32_t *node, uint32_t *addr) {
  const hc_sched *s = c->sched;
  size_t nw = (size_t)s->n * s->mem, bad = 0;
  for (size_t w = 0; w < nw; w++) {
    if (!c->care[w] || mem[w] == c->expect[w]) continue;
    if (bad++ == 0) {
      if (node) *node = (uint32_t)(w / s->mem);
      if (addr) *addr = (uint32_t)(w % s->mem);
    }
  }
  return bad;
}
