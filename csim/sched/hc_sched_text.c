/*
** This file implements the text format of the schedules (hc_sched.h;
** docs/store_and_forward.md, "Text format"): hc_sched_parse() and
** hc_sched_read() turn text into a schedule, checking the syntax only (the
** validator does the rest), and hc_sched_format() and hc_sched_write() turn
** a schedule into canonical text. The parser works a line at a time, with
** one function per kind of line ("hcsched", "dim"/"mem", "own", "link") on
** small token readers, and names the line and what it expected when it
** fails. Also here: hc_sbuf, the growable string the writer and the deadlock
** report (hc_sched_order.c) print into.
*/
#include "hc_sched_int.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ hc_sbuf */

void hc_sbuf_printf(hc_sbuf *sb, const char *fmt, ...) {
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
    if (hc_sched_grow((void **)&sb->b, &sb->cap, sb->n + (size_t)k + 1, 1)) {
      sb->oom = 1;
      return;
    }
  }
}

/* ------------------------------------------------------------- writer */

/* Append segments g[0..n-1] as "addr+len,addr+len...". */
static void sb_segs(hc_sbuf *sb, const hc_seg *g, size_t n) {
  for (size_t i = 0; i < n; i++)
    hc_sbuf_printf(sb, "%s%lu+%lu", i ? "," : "", (unsigned long)g[i].addr,
                   (unsigned long)g[i].len);
}

/* Own-data order of the canonical text: node, address, length. */
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

/* The own-data segments of s sorted, in *out (NULL if none; free() it). */
static int sorted_own(const hc_sched *s, hc_own **out) {
  *out = NULL;
  if (!s->nown) return HC_OK;
  hc_own *own = malloc(s->nown * sizeof *own);
  if (!own) return HC_ENOMEM;
  memcpy(own, s->own, s->nown * sizeof *own);
  qsort(own, s->nown, sizeof *own, own_cmp);
  *out = own;
  return HC_OK;
}

/* The packets of s in canonical order, in *out (NULL if none; free() it). */
static int sorted_packets(const hc_sched *s, pk_key **out) {
  *out = NULL;
  if (!s->npk) return HC_OK;
  pk_key *ord = malloc(s->npk * sizeof *ord);
  if (!ord) return HC_ENOMEM;
  for (size_t i = 0; i < s->npk; i++) {
    ord[i].node = s->pk[i].node;
    ord[i].dim = s->pk[i].dim;
    ord[i].seq = s->pk[i].seq;
    ord[i].idx = i;
  }
  qsort(ord, s->npk, sizeof *ord, pk_cmp);
  *out = ord;
  return HC_OK;
}

/* The "own" lines: one per node, from the sorted segments own[0..n-1]. */
static void put_own(hc_sbuf *sb, const hc_own *own, size_t n) {
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j < n && own[j].node == own[i].node) j++;
    hc_sbuf_printf(sb, "own %lu:", (unsigned long)own[i].node);
    for (size_t k = i; k < j; k++)
      hc_sbuf_printf(sb, "%s%lu+%lu", k > i ? "," : " ",
                     (unsigned long)own[k].seg.addr,
                     (unsigned long)own[k].seg.len);
    hc_sbuf_printf(sb, "\n");
    i = j;
  }
}

/* The "link" lines, one per packet, in the order ord[0..npk-1]. */
static void put_links(hc_sbuf *sb, const hc_sched *s, const pk_key *ord) {
  for (size_t k = 0; k < s->npk; k++) {
    const hc_pkt *p = &s->pk[ord[k].idx];
    hc_sbuf_printf(sb, "link %lu %u %lu: gather ", (unsigned long)p->node,
                   p->dim, (unsigned long)p->seq);
    sb_segs(sb, s->seg + p->g0, p->ng);
    hc_sbuf_printf(sb, " -> %s ", hc_sched_op_name(p->op));
    sb_segs(sb, s->seg + p->s0, p->ns);
    hc_sbuf_printf(sb, "\n");
  }
}

/*
** s as canonical text in a new string *text (length in *len if len is not
** NULL; free() it). Returns HC_OK or HC_ENOMEM.
*/
int hc_sched_format(const hc_sched *s, char **text, size_t *len) {
  hc_sbuf sb = {0};
  hc_own *own;
  pk_key *ord;
  *text = NULL;
  if (sorted_own(s, &own)) return HC_ENOMEM;
  if (sorted_packets(s, &ord)) {
    free(own);
    return HC_ENOMEM;
  }
  hc_sbuf_printf(&sb, "hcsched %d\ndim %u\nmem %lu\n", HC_SCHED_VERSION, s->d,
                 (unsigned long)s->mem);
  put_own(&sb, own, s->nown);
  put_links(&sb, s, ord);
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

/* hc_sched_format to stream f: HC_OK, HC_EIO or HC_ENOMEM. */
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

/* ------------------------------------------------------- token readers */

/* Parser state: the current line is p .. e (comment removed). */
typedef struct psr {
  const char *p, *e;
  unsigned long line;
  hc_sched_err *err;
  hc_seg *a, *b; /* segment lists of the line */
  size_t na, nb, cap_a, cap_b;
  /* What the header lines have given so far; s exists once dim and mem do. */
  int have_ver, have_dim, have_mem;
  uint32_t d, mem;
  hc_sched *s;
} psr;

/* Skip blanks. */
static void ps_ws(psr *ps) {
  while (ps->p < ps->e && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\r'))
    ps->p++;
}

/* HC_ESYNTAX: "expected <what>, found <the next 16 bytes>", the bytes
** made printable (a NUL byte is named, not taken for the end). */
static int ps_syntax(psr *ps, const char *what) {
  char got[72];
  const size_t k = (size_t)(ps->e - ps->p) < 16 ? (size_t)(ps->e - ps->p) : 16;
  if (k == 0)
    return hc_sched_fail(ps->err, HC_ESYNTAX, ps->line,
                         "expected %s, found end of line", what);
  hc_printable(got, sizeof got, ps->p, k);
  return hc_sched_fail(ps->err, HC_ESYNTAX, ps->line,
                       "expected %s, found \"%s%s\"%s", what, got,
                       ps->p + k < ps->e ? "..." : "",
                       memchr(ps->p, '\0', k) ? " (a NUL byte: a schedule is text)" : "");
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

/* Match character c, or fail expecting what. */
static int ps_char(psr *ps, char c, const char *what) {
  ps_ws(ps);
  if (ps->p < ps->e && *ps->p == c) {
    ps->p++;
    return HC_OK;
  }
  return ps_syntax(ps, what);
}

/* A decimal number that fits 32 bits into *v, or fail expecting what. */
static int ps_num(psr *ps, uint32_t *v, const char *what) {
  ps_ws(ps);
  if (ps->p >= ps->e || *ps->p < '0' || *ps->p > '9') return ps_syntax(ps, what);
  uint64_t x = 0;
  while (ps->p < ps->e && *ps->p >= '0' && *ps->p <= '9') {
    x = x * 10 + (uint64_t)(*ps->p - '0');
    if (x > UINT32_MAX)
      return hc_sched_fail(ps->err, HC_ESYNTAX, ps->line,
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
    if (hc_sched_grow((void **)l, cap, *n + 1, sizeof **l)) return HC_ENOMEM;
    (*l)[(*n)++] = g;
    ps_ws(ps);
    if (ps->p < ps->e && *ps->p == ',') {
      ps->p++;
      continue;
    }
    return HC_OK;
  }
}

/* Match "->". */
static int ps_arrow(psr *ps) {
  ps_ws(ps);
  if (ps->e - ps->p >= 2 && ps->p[0] == '-' && ps->p[1] == '>') {
    ps->p += 2;
    return HC_OK;
  }
  return ps_syntax(ps, "\"->\" after the gather list");
}

/* Nothing but blanks up to the end of the line. */
static int ps_eol(psr *ps) {
  ps_ws(ps);
  if (ps->p < ps->e) return ps_syntax(ps, "end of line");
  return HC_OK;
}

/* ---------------------------------------------------------------- lines */

/* The first line: "hcsched <version>". */
static int parse_version(psr *ps) {
  uint32_t v;
  int rc;
  if (!ps_kw(ps, "hcsched"))
    return ps_syntax(ps, "the first line \"hcsched 1\"");
  if ((rc = ps_num(ps, &v, "the format version")) || (rc = ps_eol(ps)))
    return rc;
  if (v != HC_SCHED_VERSION)
    return hc_sched_fail(ps->err, HC_ESYNTAX, ps->line,
                         "format version %lu is not supported (this reader "
                         "knows %d)",
                         (unsigned long)v, HC_SCHED_VERSION);
  ps->have_ver = 1;
  return HC_OK;
}

/*
** The rest of a "dim <d>" line (isdim) or "mem <words>" line; the schedule
** is created once both have been read.
*/
static int parse_size(psr *ps, int isdim) {
  uint32_t v;
  int rc;
  if (ps->s || (isdim ? ps->have_dim : ps->have_mem))
    return hc_sched_fail(ps->err, HC_ESYNTAX, ps->line, "a second %s line",
                         isdim ? "dim" : "mem");
  if ((rc = ps_num(ps, &v, isdim ? "the dimension" : "the words per node")) ||
      (rc = ps_eol(ps)))
    return rc;
  if (isdim && (v < 1 || v > HC_SCHED_MAX_D))
    return hc_sched_fail(ps->err, HC_EPARAM, ps->line,
                         "dim %lu is outside 1..%d", (unsigned long)v,
                         HC_SCHED_MAX_D);
  if (!isdim && (v < 1 || v > HC_SCHED_MAX_MEM))
    return hc_sched_fail(ps->err, HC_EPARAM, ps->line,
                         "mem %lu is outside 1..%lu", (unsigned long)v,
                         (unsigned long)HC_SCHED_MAX_MEM);
  if (isdim) {
    ps->d = v;
    ps->have_dim = 1;
  } else {
    ps->mem = v;
    ps->have_mem = 1;
  }
  if (ps->have_dim && ps->have_mem && ((uint64_t)ps->mem << ps->d) > HC_SCHED_MAX_TOTAL)
    return hc_sched_fail(ps->err, HC_EPARAM, ps->line,
                         "mem %lu words on each of 2^%lu nodes is above %llu words in all", (unsigned long)ps->mem,
                         (unsigned long)ps->d, (unsigned long long)HC_SCHED_MAX_TOTAL);
  if (ps->have_dim && ps->have_mem) return hc_sched_new(ps->d, ps->mem, &ps->s);
  return HC_OK;
}

/* The rest of an "own <node>: <seglist>" line. */
static int parse_own(psr *ps) {
  uint32_t node;
  int rc;
  if ((rc = ps_num(ps, &node, "a node number")) ||
      (rc = ps_char(ps, ':', "':' after the node")) ||
      (rc = ps_segs(ps, &ps->a, &ps->na, &ps->cap_a, "an own")) ||
      (rc = ps_eol(ps)))
    return rc;
  for (size_t i = 0; i < ps->na && !rc; i++)
    rc = hc_sched_add_own_at(ps->s, node, ps->a[i].addr, ps->a[i].len,
                             ps->line);
  return rc;
}

/*
** The rest of a "link <node> <dim> <pos>: gather <seglist> -> scatter|add|or
** <seglist>" line.
*/
static int parse_link(psr *ps) {
  uint32_t node, dim, seq;
  int rc;
  if ((rc = ps_num(ps, &node, "the sending node")) ||
      (rc = ps_num(ps, &dim, "the link dimension")) ||
      (rc = ps_num(ps, &seq, "the position on the link")) ||
      (rc = ps_char(ps, ':', "':' after the position")))
    return rc;
  if (!ps_kw(ps, "gather")) return ps_syntax(ps, "\"gather\"");
  if ((rc = ps_segs(ps, &ps->a, &ps->na, &ps->cap_a, "a gather")) ||
      (rc = ps_arrow(ps)))
    return rc;
  unsigned op = HC_SCHED_NOPS;
  for (unsigned k = 0; k < HC_SCHED_NOPS && op == HC_SCHED_NOPS; k++)
    if (ps_kw(ps, hc_sched_op_name(k))) op = k;
  if (op == HC_SCHED_NOPS)
    return ps_syntax(ps, "\"scatter\", \"add\" or \"or\"");
  if ((rc = ps_segs(ps, &ps->b, &ps->nb, &ps->cap_b, "a scatter")) ||
      (rc = ps_eol(ps)))
    return rc;
  rc = hc_sched_add_packet_at(ps->s, node, dim, seq, ps->a, ps->na, ps->b,
                              ps->nb, ps->line);
  if (!rc) ps->s->pk[ps->s->npk - 1].op = op;
  return rc;
}

/* A line that is neither blank nor only a comment. */
static int parse_line(psr *ps) {
  if (!ps->have_ver) return parse_version(ps);
  int isdim = ps_kw(ps, "dim");
  if (isdim || ps_kw(ps, "mem")) return parse_size(ps, isdim);
  int isown = ps_kw(ps, "own");
  if (!isown && !ps_kw(ps, "link"))
    return ps_syntax(ps, "\"dim\", \"mem\", \"own\" or \"link\"");
  if (!ps->s)
    return hc_sched_fail(ps->err, HC_ESYNTAX, ps->line,
                         "%s line before both the dim and the mem line",
                         isown ? "an own" : "a link");
  return isown ? parse_own(ps) : parse_link(ps);
}

/*
** Parse text[0..len-1] into a new schedule in *out (set only on success).
** Returns HC_OK, HC_ESYNTAX, HC_EPARAM or HC_ENOMEM, described in err.
*/
int hc_sched_parse(const char *text, size_t len, hc_sched **out,
                   hc_sched_err *err) {
  psr ps = {0};
  int rc = HC_OK;
  const char *t = text, *end = text + len;
  ps.err = err;
  hc_sched_clear_err(err);
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
    rc = parse_line(&ps);
  }
  if (!rc && !ps.s)
    rc = hc_sched_fail(err, HC_ESYNTAX, ps.line,
                       "end of text before the %s line",
                       !ps.have_ver ? "\"hcsched 1\""
                                    : !ps.have_dim ? "dim" : "mem");
  free(ps.a);
  free(ps.b);
  if (rc) {
    if (rc == HC_ENOMEM) hc_sched_fail(err, rc, ps.line, "out of memory");
    hc_sched_free(ps.s);
    return rc;
  }
  *out = ps.s;
  return HC_OK;
}

/* hc_sched_parse on the whole of stream f; adds HC_EIO, whose message
** gives the reason (a directory: "Is a directory"). */
int hc_sched_read(FILE *f, hc_sched **out, hc_sched_err *err) {
  char *b = NULL;
  size_t n = 0, cap = 0;
  errno = 0;
  for (;;) {
    if (hc_sched_grow((void **)&b, &cap, n + 65536, 1)) {
      free(b);
      return hc_sched_fail(err, HC_ENOMEM, 0, "out of memory");
    }
    size_t k = fread(b + n, 1, cap - n, f);
    n += k;
    if (k == 0) break;
  }
  if (ferror(f)) {
    const int e = errno;
    free(b);
    return hc_sched_fail(err, HC_EIO, 0, "read error: %s", e ? strerror(e) : "unknown error");
  }
  int rc = hc_sched_parse(b, n, out, err);
  free(b);
  return rc;
}
