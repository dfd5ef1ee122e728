/*
** Implementation of tb/driver/hc_traffic.h: the PRNG, the destination patterns, the
** per-node exponential injection process and the message-list file reader.
** A random source keeps, per node, the continuous time of its next message,
** and the nodes in a binary heap by the cycle that message is due, so a
** tick costs the messages it creates rather than the size of the network;
** a file source keeps the parsed list and the index of the next message to
** send. Nothing here prints or exits: errors are status codes, and a rejected
** file line is described in an hc_traffic_error.
*/
#include "hc_traffic.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A heap entry: node x's next message is due in cycle due (kept beside x:
** the heap's comparisons touch nothing else). */
typedef struct hc_due {
  double due;
  uint32_t x;
} hc_due;

struct hc_traffic {
  hc_traffic_cfg cfg; /* pattern HC_PAT_FILE for a file source */
  unsigned n;         /* nodes, 2^d */
  hc_rng rng;
  double mean_gap;    /* len / rate cycles; unused when rate == 0 */
  double *next;       /* [n] creation time of each node's next message */
  hc_due *heap;       /* the nodes that will send, least (due cycle, node) first */
  uint32_t nheap;
  uint32_t *due;      /* [n] a tick's nodes with a message due */
  hc_file_msg *fmsgs; /* file source: the list */
  uint64_t nf, fcap;  /* its length and capacity */
  uint64_t fpos;      /* next file message to send */
  int seen_content;   /* a line other than blanks and comments was read */
  int csv;            /* the file began with the CSV header: fields by commas */
  uint64_t gen_msgs, gen_flits;
  uint64_t refused;   /* arrivals turned away by a full send queue (cfg.backlog) */
};

static const char *const pattern_names[HC_PAT_NUM] = {"uniform", "bitrev",   "transpose", "revflip",
                                                      "hotspot", "neighbor", "file",   "netrace"};

/* ------------------------------------------------------------- patterns */

int hc_pattern_parse(const char *s, hc_pattern *out) {
  if (s == NULL || out == NULL) return HC_EPARAM;
  for (int i = 0; i < HC_PAT_NUM; i++) {
    if (strcmp(s, pattern_names[i]) == 0) {
      *out = (hc_pattern)i;
      return HC_OK;
    }
  }
  return HC_EPARAM;
}

const char *hc_pattern_name(hc_pattern p) {
  return ((int)p >= 0 && p < HC_PAT_NUM) ? pattern_names[p] : "?";
}

int hc_pattern_is_permutation(hc_pattern p) {
  return p == HC_PAT_BITREV || p == HC_PAT_TRANSPOSE || p == HC_PAT_REVFLIP;
}

/* x with its low d bits reversed. */
static uint32_t bitrev(unsigned d, uint32_t x) {
  uint32_t r = 0;
  for (unsigned i = 0; i < d; i++) r |= ((x >> i) & 1u) << (d - 1u - i);
  return r;
}

uint32_t hc_perm_dest(hc_pattern p, unsigned d, uint32_t x) {
  if (d < 1 || d > 31) return 0;
  const uint32_t mask = (1u << d) - 1u;
  const unsigned h = d / 2u;
  x &= mask;
  switch (p) {
    case HC_PAT_BITREV:
      return bitrev(d, x);
    case HC_PAT_TRANSPOSE:
      if (h == 0) return x;
      return ((x << h) | (x >> (d - h))) & mask;
    case HC_PAT_REVFLIP:
      return ~bitrev(d, x) & mask;
    default:
      return 0;
  }
}

/* ------------------------------------------------------------------ PRNG */

static uint64_t splitmix64(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void hc_rng_seed(hc_rng *r, uint64_t seed) {
  uint64_t s = seed;
  for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&s);
  if ((r->s[0] | r->s[1] | r->s[2] | r->s[3]) == 0) r->s[0] = 1; /* cannot happen, but cheap */
}

static uint64_t rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t hc_rng_next(hc_rng *r) {
  uint64_t *s = r->s;
  const uint64_t result = rotl64(s[1] * 5u, 7) * 9u;
  const uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl64(s[3], 45);
  return result;
}

double hc_rng_double(hc_rng *r) {
  return (double)(hc_rng_next(r) >> 11) * (1.0 / 9007199254740992.0); /* 2^-53 */
}

uint32_t hc_rng_below(hc_rng *r, uint32_t n) {
  if (n <= 1) return 0;
  /* Lemire's multiply-shift with rejection of the biased low products. */
  uint64_t m = (hc_rng_next(r) >> 32) * (uint64_t)n;
  uint32_t low = (uint32_t)m;
  if (low < n) {
    const uint32_t thresh = (uint32_t)(-n) % n;
    while (low < thresh) {
      m = (hc_rng_next(r) >> 32) * (uint64_t)n;
      low = (uint32_t)m;
    }
  }
  return (uint32_t)(m >> 32);
}

double hc_rng_exp(hc_rng *r, double mean) {
  const double u = hc_rng_double(r); /* [0, 1): 1 - u in (0, 1] */
  const double g = -mean * log(1.0 - u);
  return g > 0.0 ? g : 0.0; /* also turns -0.0 into 0 */
}

/* ------------------------------------------------------- random sources */

/* The virtual node that physical node x runs (identity unless placed). */
static uint32_t virt_of(const hc_traffic_cfg *c, uint32_t x) {
  if (!c->placed) return x;
  uint32_t v = 0;
  for (unsigned k = 0; k < c->d; k++) v |= ((x >> k) & 1u) << c->place[k];
  return v;
}

int hc_traffic_cfg_check(const hc_traffic_cfg *cfg) {
  if (cfg == NULL) return HC_EPARAM;
  if ((int)cfg->pattern < 0 || cfg->pattern >= HC_PAT_FILE) return HC_EPARAM;
  if (cfg->d < 1 || cfg->d > HC_MODEL_MAX_D) return HC_EPARAM;
  if (!(cfg->rate >= 0.0 && cfg->rate <= 1.0)) return HC_EPARAM; /* NaN fails too */
  if (cfg->len < 1 || cfg->len > HC_TRAFFIC_MAX_LEN) return HC_EPARAM;
  if (cfg->hot_node >= (1u << cfg->d)) return HC_EPARAM;
  if (!(cfg->hot_frac >= 0.0 && cfg->hot_frac <= 1.0)) return HC_EPARAM;
  if (cfg->placed) {
    uint32_t seen = 0;
    if (!hc_pattern_is_permutation(cfg->pattern)) return HC_EPARAM;
    for (unsigned k = 0; k < cfg->d; k++) {
      if (cfg->place[k] >= cfg->d || (seen >> cfg->place[k]) & 1u) return HC_EPARAM;
      seen |= 1u << cfg->place[k];
    }
  }
  return HC_OK;
}

/* The cycle in which a message of continuous time tm is created: the
** first cycle c with tm <= c. */
static double due_cycle(double tm) {
  return tm > 0.0 ? ceil(tm) : 0.0;
}

/* Heap order: a is due before b, or in the same cycle and a's node is lower. */
static int heap_less(const hc_due *a, const hc_due *b) {
  return a->due < b->due || (a->due == b->due && a->x < b->x);
}

/* Put node x in the heap, due when its next message is. */
static void heap_push(hc_traffic *t, uint32_t x) {
  const hc_due e = {due_cycle(t->next[x]), x};
  uint32_t i = t->nheap++;
  while (i > 0) {
    const uint32_t up = (i - 1u) / 2u;
    if (!heap_less(&e, &t->heap[up])) break;
    t->heap[i] = t->heap[up];
    i = up;
  }
  t->heap[i] = e;
}

/* Remove the least entry of the (nonempty) heap and return its node. */
static uint32_t heap_pop(hc_traffic *t) {
  const uint32_t top = t->heap[0].x;
  const hc_due e = t->heap[--t->nheap];
  uint32_t i = 0;
  for (;;) {
    uint32_t c = 2u * i + 1u;
    if (c >= t->nheap) break;
    if (c + 1u < t->nheap && heap_less(&t->heap[c + 1u], &t->heap[c])) c++;
    if (!heap_less(&t->heap[c], &e)) break;
    t->heap[i] = t->heap[c];
    i = c;
  }
  if (t->nheap > 0) t->heap[i] = e;
  return top;
}

static int cmp_u32(const void *a, const void *b) {
  const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

int hc_traffic_new(const hc_traffic_cfg *cfg, hc_traffic **out) {
  if (out == NULL || hc_traffic_cfg_check(cfg) != HC_OK) return HC_EPARAM;
  hc_traffic *t = calloc(1, sizeof *t);
  if (t == NULL) return HC_ENOMEM;
  t->cfg = *cfg;
  t->n = 1u << cfg->d;
  t->next = malloc((size_t)t->n * sizeof *t->next);
  t->heap = malloc((size_t)t->n * sizeof *t->heap);
  t->due = malloc((size_t)t->n * sizeof *t->due);
  if (t->next == NULL || t->heap == NULL || t->due == NULL) {
    hc_traffic_free(t);
    return HC_ENOMEM;
  }
  hc_rng_seed(&t->rng, cfg->seed);
  t->mean_gap = cfg->rate > 0.0 ? (double)cfg->len / cfg->rate : HUGE_VAL;
  for (unsigned x = 0; x < t->n; x++) {
    const uint32_t v = virt_of(cfg, x);
    int silent = cfg->rate == 0.0 || (hc_pattern_is_permutation(cfg->pattern) &&
                                      hc_perm_dest(cfg->pattern, cfg->d, v) == v);
    t->next[x] = silent ? HUGE_VAL : hc_rng_exp(&t->rng, t->mean_gap);
    if (!silent) heap_push(t, x);
  }
  *out = t;
  return HC_OK;
}

/* A uniformly random node other than x. */
static uint32_t uniform_other(hc_traffic *t, uint32_t x) {
  uint32_t y = hc_rng_below(&t->rng, t->n - 1u);
  return y >= x ? y + 1u : y;
}

/* The destination of the next message of node x (random patterns). */
static uint32_t pick_dest(hc_traffic *t, uint32_t x) {
  const hc_traffic_cfg *c = &t->cfg;
  switch (c->pattern) {
    case HC_PAT_BITREV:
    case HC_PAT_TRANSPOSE:
    case HC_PAT_REVFLIP:
      return hc_perm_dest(c->pattern, c->d, virt_of(c, x));
    case HC_PAT_HOTSPOT:
      if (x != c->hot_node && hc_rng_double(&t->rng) < c->hot_frac) return c->hot_node;
      return uniform_other(t, x);
    case HC_PAT_NEIGHBOR:
      return x ^ (1u << hc_rng_below(&t->rng, c->d));
    case HC_PAT_UNIFORM:
    default:
      return uniform_other(t, x);
  }
}

/* ------------------------------------------------------------ file source */

#if defined(__GNUC__) || defined(__clang__)
#define HC_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define HC_PRINTF(a, b)
#endif

/* Fill err (if not NULL) with line and a printf-formatted reason. */
static void set_err(hc_traffic_error *err, uint64_t line, const char *fmt, ...) HC_PRINTF(3, 4);
static void set_err(hc_traffic_error *err, uint64_t line, const char *fmt, ...) {
  if (err == NULL) return;
  va_list ap;
  err->line = line;
  va_start(ap, fmt);
  vsnprintf(err->msg, sizeof err->msg, fmt, ap);
  va_end(ap);
}

/*
** Parse the unsigned decimal token [s, e) into *v (no sign, no base prefix,
** at most max). Returns 0, or -1 if it is not digits only, -2 if above max.
*/
static int parse_u64(const char *s, const char *e, uint64_t max, uint64_t *v) {
  uint64_t r = 0;
  if (s == e) return -1;
  for (const char *p = s; p < e; p++) {
    if (*p < '0' || *p > '9') return -1;
    unsigned dgt = (unsigned)(*p - '0');
    if (r > (UINT64_MAX - dgt) / 10u) return -2;
    r = r * 10u + dgt;
  }
  if (r > max) return -2;
  *v = r;
  return 0;
}

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

/* The token [s, e) as printable text (hc_printable) in buf. */
static const char *quote(char *buf, size_t size, const char *s, const char *e) {
  return hc_printable(buf, size, s, (size_t)(e - s));
}

/*
** Parse one line (len bytes, newline removed) into *m. Returns 1 for a
** message, 0 for a blank or comment line, -1 for an error (err filled). A
** message file is text: a NUL byte anywhere is an error naming its column
** and field, never the end of the line (fgets would have cut the line
** there and glued the rest to the next one).
*/
static int parse_line(const char *line, size_t len, uint64_t lineno, unsigned d, hc_file_msg *m,
                      hc_traffic_error *err) {
  static const char *const field[5] = {"cycle", "src", "dest", "len", "a fifth field"};
  const uint32_t n = 1u << d;
  const uint64_t max[4] = {UINT64_MAX, n - 1u, n - 1u, HC_TRAFFIC_MAX_LEN};
  uint64_t v[4];
  unsigned nf = 0;
  char q[64];
  const char *hash = memchr(line, '#', len), *end = hash ? hash : line + len;
  const char *nul = memchr(line, '\0', len);
  if (nul && nul >= end) {
    set_err(err, lineno, "a NUL byte at column %zu, in a comment (a message file is text)", (size_t)(nul - line) + 1);
    return -1;
  }
  for (const char *p = line;;) {
    while (p < end && is_blank(*p)) p++;
    if (p == end) break;
    const char *s = p;
    while (p < end && !is_blank(*p)) p++;
    if ((nul = memchr(s, '\0', (size_t)(p - s))) != NULL) {
      set_err(err, lineno, "%s '%s' holds a NUL byte at column %zu (a message file is text)", field[nf],
              quote(q, sizeof q, s, p), (size_t)(nul - line) + 1);
      return -1;
    }
    if (nf == 4) {
      set_err(err, lineno, "more than 4 fields (expected 'cycle src dest len'), extra '%s'", quote(q, sizeof q, s, p));
      return -1;
    }
    int rc = parse_u64(s, p, max[nf], &v[nf]);
    if (rc == -1) {
      set_err(err, lineno, "%s '%s' is not an unsigned decimal integer", field[nf], quote(q, sizeof q, s, p));
      return -1;
    }
    if (rc == -2) {
      if (nf == 0)
        set_err(err, lineno, "cycle '%s' is too large", quote(q, sizeof q, s, p));
      else if (nf == 3)
        set_err(err, lineno, "len '%s' is out of range 1..%u", quote(q, sizeof q, s, p), HC_TRAFFIC_MAX_LEN);
      else
        set_err(err, lineno, "%s '%s' is not a node of the %u-cube (0..%u)", field[nf], quote(q, sizeof q, s, p), d,
                (unsigned)(n - 1u));
      return -1;
    }
    nf++;
  }
  if (nf == 0) return 0;
  if (nf < 4) {
    set_err(err, lineno, "%u field%s, expected 4: 'cycle src dest len'", nf, nf == 1 ? "" : "s");
    return -1;
  }
  if (v[3] == 0) {
    set_err(err, lineno, "len 0 is out of range 1..%u", HC_TRAFFIC_MAX_LEN);
    return -1;
  }
  m->cycle = v[0];
  m->src = (uint32_t)v[1];
  m->dest = (uint32_t)v[2];
  m->len = (uint32_t)v[3];
  m->line = lineno;
  return 1;
}

/*
** Read one line of f into *buf (grown as needed, capacity *cap), without its
** newline, its length in *len: NUL bytes are part of the line. Returns 1
** for a line, 0 at end of file, -1 on a read error, -2 when out of memory.
*/
static int read_line(FILE *f, char **buf, size_t *cap, size_t *len) {
  int ch;
  *len = 0;
  while ((ch = getc(f)) != EOF && ch != '\n') {
    if (*len + 1 >= *cap) {
      size_t ncap = *cap ? 2 * *cap : 256;
      char *nb = realloc(*buf, ncap);
      if (nb == NULL) return -2;
      *buf = nb;
      *cap = ncap;
    }
    (*buf)[(*len)++] = (char)ch;
  }
  if (ferror(f)) return -1;
  /* an empty first line gets a buffer too: the parser's memchr takes no NULL */
  if (*buf == NULL && (*buf = malloc(*cap = 256)) == NULL) return -2;
  return ch == EOF && *len == 0 ? 0 : 1;
}

/* The header line of the CSV form, and its length. */
static const char csv_header[] = "cycle,src,dest,len";

/* The content of a line: [*b, *e) without the comment and surrounding blanks. */
static void content(const char *line, size_t len, const char **b, const char **e) {
  const char *hash = memchr(line, '#', len);
  *b = line;
  *e = hash ? hash : line + len;
  while (*b < *e && (is_blank(**b) || **b == '\r')) ++*b;
  while (*e > *b && (is_blank((*e)[-1]) || (*e)[-1] == '\r')) --*e;
}

/*
** A line of the CSV form (docs/hcsim.md, "Message-list file"): exactly four
** fields separated by commas, each an unsigned decimal integer; parsed as the
** blank-separated form once the commas are blanks. Returns parse_line's result.
*/
static int parse_csv_line(const char *line, size_t len, uint64_t lineno, unsigned d, hc_file_msg *m,
                          hc_traffic_error *err) {
  const char *b, *e;
  content(line, len, &b, &e);
  if (b == e) return 0;
  char buf[256];
  size_t n = (size_t)(e - b), commas = 0;
  if (n >= sizeof buf) {
    set_err(err, lineno, "a CSV line of %zu characters: at most %zu", n, sizeof buf - 1);
    return -1;
  }
  for (size_t k = 0; k < n; k++) {
    buf[k] = b[k] == ',' ? ' ' : b[k];
    commas += b[k] == ',';
    if (b[k] == ',' && (k == 0 || k + 1 == n || b[k + 1] == ',')) {
      set_err(err, lineno, "an empty field at column %zu (expected '%s')", (size_t)(b + k - line) + 1, csv_header);
      return -1;
    }
  }
  if (commas != 3) {
    set_err(err, lineno, "%zu comma%s, expected 3 ('%s')", commas, commas == 1 ? "" : "s", csv_header);
    return -1;
  }
  return parse_line(buf, n, lineno, d, m, err);
}

/* One line of a message file: a message appended to t's list, or nothing
** (blank, comment, or the CSV header as the first line with content).
** Returns HC_OK, HC_EFORMAT or HC_ENOMEM (err says). */
static int add_line(hc_traffic *t, const char *line, size_t len, uint64_t lineno, hc_traffic_error *err) {
  hc_file_msg m;
  const char *b, *e;
  content(line, len, &b, &e);
  if (!t->seen_content && b != e) {
    t->seen_content = 1;
    if ((size_t)(e - b) == sizeof csv_header - 1 && memcmp(b, csv_header, sizeof csv_header - 1) == 0) {
      t->csv = 1;
      return HC_OK;
    }
  }
  int pr = t->csv ? parse_csv_line(line, len, lineno, t->cfg.d, &m, err) : parse_line(line, len, lineno, t->cfg.d, &m, err);
  if (pr < 0) return HC_EFORMAT;
  if (pr == 0) return HC_OK;
  if (t->nf > 0 && m.cycle < t->fmsgs[t->nf - 1].cycle) {
    set_err(err, lineno, "cycle %llu is before cycle %llu of line %llu (cycles must not decrease)",
            (unsigned long long)m.cycle, (unsigned long long)t->fmsgs[t->nf - 1].cycle,
            (unsigned long long)t->fmsgs[t->nf - 1].line);
    return HC_EFORMAT;
  }
  if (t->nf == t->fcap) {
    uint64_t ncap = t->fcap ? 2 * t->fcap : 64;
    hc_file_msg *nm = realloc(t->fmsgs, (size_t)ncap * sizeof *nm);
    if (nm == NULL) {
      set_err(err, lineno, "out of memory");
      return HC_ENOMEM;
    }
    t->fmsgs = nm;
    t->fcap = ncap;
  }
  t->fmsgs[t->nf++] = m;
  return HC_OK;
}

/* Every line of f into t's list; returns HC_OK or the first error. */
static int read_file(hc_traffic *t, FILE *f, hc_traffic_error *err) {
  char *buf = NULL;
  size_t cap = 0, len = 0;
  int rc = HC_OK;
  uint64_t lineno = 0;
  while (rc == HC_OK) {
    errno = 0;
    int lr = read_line(f, &buf, &cap, &len);
    if (lr == 0) break;
    if (lr == -1) {
      set_err(err, 0, "read error: %s", errno ? strerror(errno) : "unknown error");
      rc = HC_EIO;
    } else if (lr == -2) {
      set_err(err, lineno + 1, "out of memory");
      rc = HC_ENOMEM;
    } else {
      rc = add_line(t, buf, len, ++lineno, err);
    }
  }
  free(buf);
  return rc;
}

int hc_traffic_new_file(unsigned d, const char *path, hc_traffic **out, hc_traffic_error *err) {
  if (err) {
    err->line = 0;
    err->msg[0] = '\0';
  }
  if (out == NULL || path == NULL || d < 1 || d > HC_MODEL_MAX_D) {
    set_err(err, 0, "bad arguments");
    return HC_EPARAM;
  }
  errno = 0;
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    set_err(err, 0, "cannot open: %s", errno ? strerror(errno) : "unknown error");
    return HC_EIO;
  }
  struct stat sb;
  int rc;
  if (fstat(fileno(f), &sb) == 0 && S_ISDIR(sb.st_mode)) {
    set_err(err, 0, "is a directory, not a message list");
    rc = HC_EIO;
  } else {
    rc = hc_traffic_new_stream(d, f, out, err);
  }
  fclose(f);
  return rc;
}

int hc_traffic_new_stream(unsigned d, FILE *f, hc_traffic **out, hc_traffic_error *err) {
  if (err) {
    err->line = 0;
    err->msg[0] = '\0';
  }
  if (out == NULL || f == NULL || d < 1 || d > HC_MODEL_MAX_D) {
    set_err(err, 0, "bad arguments");
    return HC_EPARAM;
  }
  hc_traffic *t = calloc(1, sizeof *t);
  if (t == NULL) {
    set_err(err, 0, "out of memory");
    return HC_ENOMEM;
  }
  t->cfg.pattern = HC_PAT_FILE;
  t->cfg.d = d;
  t->n = 1u << d;
  int rc = read_file(t, f, err);
  if (rc != HC_OK) {
    hc_traffic_free(t);
    return rc;
  }
  *out = t;
  return HC_OK;
}

void hc_traffic_free(hc_traffic *t) {
  if (t == NULL) return;
  free(t->next);
  free(t->heap);
  free(t->due);
  free(t->fmsgs);
  free(t);
}

/* ------------------------------------------------------------------ tick */

int hc_traffic_tick(hc_traffic *t, hc_driver *drv) {
  if (t == NULL || drv == NULL) return HC_EPARAM;
  if (hc_driver_cfg(drv)->d != t->cfg.d) return HC_EPARAM;
  const uint64_t now = hc_driver_cycle(drv);
  if (t->cfg.pattern == HC_PAT_FILE) {
    while (t->fpos < t->nf && t->fmsgs[t->fpos].cycle <= now) {
      const hc_file_msg *m = &t->fmsgs[t->fpos++];
      if (hc_driver_send(drv, m->src, m->dest, m->len, (uint32_t)m->line) < 0) return HC_ENOMEM;
      t->gen_msgs++;
      t->gen_flits += m->len;
    }
    return HC_OK;
  }
  /* The nodes with a message due, in increasing order (the order of the
  ** PRNG's draws: every node all its due messages, node after node). */
  const double tnow = (double)now;
  uint32_t k = 0;
  int sorted = 1;
  while (t->nheap > 0 && t->heap[0].due <= tnow) {
    t->due[k] = heap_pop(t);
    if (k > 0 && t->due[k] < t->due[k - 1]) sorted = 0; /* a tick was missed */
    k++;
  }
  if (!sorted) qsort(t->due, k, sizeof *t->due, cmp_u32);
  int rc = HC_OK;
  for (uint32_t i = 0; i < k; i++) {
    const uint32_t x = t->due[i];
    while (rc == HC_OK && t->next[x] <= tnow) {
      const uint32_t dest = pick_dest(t, x);
      t->next[x] += hc_rng_exp(&t->rng, t->mean_gap);
      /* a full send queue turns the arrival away (after the same draws, so
      ** a run whose queues never fill is the run without a cap) */
      if (t->cfg.backlog != 0 && hc_driver_queued(drv, x) >= t->cfg.backlog) {
        t->refused++;
        continue;
      }
      const int64_t id = hc_driver_send(drv, x, dest, t->cfg.len, 0);
      if (id < 0) {
        rc = HC_ENOMEM;
        break;
      }
      t->gen_msgs++;
      t->gen_flits += t->cfg.len;
    }
    heap_push(t, x);
  }
  return rc;
}

uint64_t hc_traffic_next_cycle(const hc_traffic *t) {
  if (t == NULL) return UINT64_MAX;
  if (t->cfg.pattern == HC_PAT_FILE) return t->fpos < t->nf ? t->fmsgs[t->fpos].cycle : UINT64_MAX;
  if (t->nheap == 0) return UINT64_MAX;
  const double c = t->heap[0].due;
  return c < 18446744073709551615.0 ? (uint64_t)c : UINT64_MAX;
}

uint64_t hc_traffic_refused(const hc_traffic *t) { return t ? t->refused : 0; }

void hc_traffic_generated(const hc_traffic *t, uint64_t *msgs, uint64_t *flits) {
  if (msgs) *msgs = t ? t->gen_msgs : 0;
  if (flits) *flits = t ? t->gen_flits : 0;
}

const hc_file_msg *hc_traffic_file_msgs(const hc_traffic *t, uint64_t *count) {
  if (t == NULL || t->cfg.pattern != HC_PAT_FILE) {
    if (count) *count = 0;
    return NULL;
  }
  if (count) *count = t->nf;
  return t->fmsgs;
}
