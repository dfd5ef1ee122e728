/*
** The private side of the schedules (hc_sched.h), shared by the files of
** csim/sched/ and by nothing else: the layout of struct hc_sched, the
** analysis that hc_sched_validate() leaves in it, and the few helpers more
** than one file needs (error reporting, array growth, a growable string).
**
** A schedule is a flat array of packets, each with its gather and scatter
** segments in one shared segment pool, plus a list of own-data segments.
** hc_sched_validate() turns it into an analysis kept in the schedule until it
** is changed: the packets of every directed link sorted by position, the
** packets each packet waits for, a topological order of the dependency graph
** (a cycle is a deadlock and is reported, never run), and for every packet
** the per-incoming-link thresholds that hardware uses to decide readiness.
** Every function that changes the schedule drops the analysis first.
**
** Which file holds what:
**   hc_sched_build.c     creating, freeing, adding own data and packets,
**                        accessors; the helpers declared below
**   hc_sched_text.c      the text format: parser, writer, hc_sbuf
**   hc_sched_validate.c  the checks and the analysis they build
**   hc_sched_order.c     topological order of the packets, deadlock report
**   hc_sched_exec.c      the reference executor and the critical path
**   hc_sched_case.c      schedules paired with initial and expected memories
*/
#ifndef HC_SCHED_INT_H
#define HC_SCHED_INT_H

#include "hc_sched.h"

/* Writer map (hc_sched_an.writer): who brings a word of a node's memory. */
#define HC_SCHED_NO_WRITER 0xFFFFFFFFu  /* nobody */
#define HC_SCHED_OWN_WRITER 0xFFFFFFFEu /* the word is own data */

/* One packet as stored: its segments are indices into hc_sched.seg. */
typedef struct hc_pkt {
  uint32_t node, seq;
  unsigned dim;
  size_t g0, ng;       /* gather segments: seg[g0 .. g0+ng-1] */
  size_t s0, ns;       /* scatter segments: seg[s0 .. s0+ns-1] */
  uint64_t gw, sw;     /* words gathered, scattered */
  unsigned long line;
  unsigned op;         /* HC_SCHED_WRITE, _ADD, _OR */
} hc_pkt;

/* One own-data segment as stored. */
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
  unsigned o_dim, o_op;
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
  size_t *czero;      /* [nczero]: node*mem + addr of every combined word
                         that is not own data: it starts at 0 */
  size_t nczero;
};

/*
** The analysis while hc_sched_validate() builds it: the arrays that end up
** in struct hc_sched (same meaning), the word-level writer map and scratch.
** Link L is the directed link (L / d, L % d).
*/
typedef struct hc_sched_an {
  size_t *lk_first;
  uint32_t *lk_pkt;
  size_t *dep_first;
  uint32_t *dep;
  size_t ndep, cap_dep;
  uint32_t *need;
  uint32_t *topo;
  uint32_t *writer; /* [node*mem + addr]: packet, or HC_SCHED_*_WRITER */
  /*
  ** Combined words (NULL when no packet combines): cidx[node*mem + addr] is
  ** HC_SCHED_NO_WRITER or entry k; entry k's op is cop[k] and its
  ** contributor over incoming link j is cpk[k*d + j] (or NO_WRITER).
  */
  uint32_t *cidx;
  uint8_t *cop;
  uint32_t *cpk;
  size_t ncomb, cap_cop, cap_cpk;
  size_t *czero;
  size_t nczero, cap_cz;
  uint32_t *mark;   /* [npk]: scratch */
  uint32_t *indeg;  /* [npk+1]: scratch; after a failed sort, != 0 on cycles */
} hc_sched_an;

/*
** Call f(q, a, arg) for every packet q that packet i waits for because of
** the word a it gathers (its writer, or every contributor of a combined
** word), until f returns nonzero (that value is returned; 0 when none).
*/
int hc_sched_each_source(const hc_sched *s, const hc_sched_an *an, size_t i,
                         int (*f)(uint32_t q, uint32_t a, void *arg),
                         void *arg);

/* Set err (if not NULL) to "no error". */
void hc_sched_clear_err(hc_sched_err *err);

/*
** Grow *p (element size sz, capacity *cap elements) to hold at least want
** elements, doubling from 16. Returns HC_OK or HC_ENOMEM (*p unchanged).
*/
int hc_sched_grow(void **p, size_t *cap, size_t want, size_t sz);

/* Free the analysis of s, if any, and mark s not analysed. */
void hc_sched_drop_analysis(hc_sched *s);

/* hc_sched_add_own with the text line it came from (the parser's entry). */
int hc_sched_add_own_at(hc_sched *s, uint32_t node, uint32_t addr,
                        uint32_t len, unsigned long line);

/*
** Write "link X D S", the name of packet i in messages, into buf (n bytes)
** and return buf.
*/
const char *hc_sched_pk_name(const hc_sched *s, size_t i, char *buf, size_t n);

/*
** Order the packets of s topologically over link order and the data
** dependencies in an (lk_first, lk_pkt, dep_first, dep, writer), into
** an->topo, using an->mark and an->indeg as scratch. Returns HC_OK,
** HC_ENOMEM, or HC_EDEADLOCK with err showing one dependency cycle.
*/
int hc_sched_order(const hc_sched *s, hc_sched_an *an, hc_sched_err *err);

/* A growable output string; oom is set once an append failed. */
typedef struct hc_sbuf {
  char *b;
  size_t n, cap;
  int oom;
} hc_sbuf;

/* Append printf-style text to sb (nothing once sb->oom is set). */
void hc_sbuf_printf(hc_sbuf *sb, const char *fmt, ...);

#endif /* HC_SCHED_INT_H */
