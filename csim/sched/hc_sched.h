/*
** Schedules of the store-and-forward multiport mode (docs/store_and_forward.md):
** for every directed link of a d-cube, the ordered list of packets it carries;
** a packet gathers words from the sender's data memory and scatters them into
** the receiver's. This header is the whole C side of that mode: building a
** schedule in memory, its text format (parser and writer), the validator,
** the reference executor of the execution model (the timing every formula is
** checked against), and a "case" record that pairs a schedule with the
** initial and expected final memories of every node. The implementation
** is split along those lines, one file each: hc_sched_build.c,
** hc_sched_text.c, hc_sched_validate.c (with hc_sched_order.c),
** hc_sched_exec.c and hc_sched_case.c, sharing hc_sched_int.h.
**
** Nothing here prints. Every function that can fail returns a status code
** (HC_*, csim/hc_status.h); the ones that read or check a schedule also
** fill an optional hc_sched_err with the line of the text it came from and
** a message.
*/
#ifndef HC_SCHED_H
#define HC_SCHED_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hc_status.h"

/* Limits. */
#define HC_SCHED_MAX_D 16             /* cube dimension 1..16 */
#define HC_SCHED_MAX_MEM (1u << 28)   /* words per node 1..2^28 */
/* words of all nodes together, 2^d * mem: a case holds three arrays of them
** (init, expect, care) and a run a fourth, so this keeps a case within a few
** GB of host memory */
#define HC_SCHED_MAX_TOTAL (1ull << 28)
#define HC_SCHED_VERSION 1            /* the "hcsched" line of the text format */

/* A run of consecutive words of one node's memory: addr .. addr+len-1. */
typedef struct hc_seg {
  uint32_t addr;
  uint32_t len;
} hc_seg;

/*
** Where a failure came from. line is the 1-based line of the text the
** offending item was read from (0: the item was built with the API, or the
** failure concerns no single line); msg is one sentence without a newline.
*/
typedef struct hc_sched_err {
  int code;
  unsigned long line;
  char msg[320];
} hc_sched_err;

/*
** Fill err (if not NULL) with code, line and the printf-style message, and
** return code: how the schedule library and the loader (csim/hc_sfload.c)
** report a failure.
*/
int hc_sched_fail(hc_sched_err *err, int code, unsigned long line,
                  const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/*
** What a packet does with the words it scatters (docs/store_and_forward.md,
** section 1, "Combining"): HC_SCHED_WRITE stores them; HC_SCHED_ADD and
** HC_SCHED_OR contribute them to the receiver's words, which end as their
** initial value (own data, else 0) plus (mod 2^32) or OR-ed with every
** contribution. Text keywords after "->": scatter, add, or.
*/
#define HC_SCHED_WRITE 0u
#define HC_SCHED_ADD 1u
#define HC_SCHED_OR 2u
#define HC_SCHED_NOPS 3u

/* A read-only view of one packet (hc_sched_packet). */
typedef struct hc_packet_info {
  uint32_t node;          /* sender */
  unsigned dim;           /* link dimension: the receiver is node ^ (1 << dim) */
  uint32_t seq;           /* position on its link, 0 first */
  uint64_t words;         /* words gathered (= scattered in a valid schedule) */
  size_t ngather, nscatter;
  const hc_seg *gather;   /* valid until the schedule is next changed or freed */
  const hc_seg *scatter;
  unsigned long line;     /* text line, 0 if built with the API */
  unsigned op;            /* HC_SCHED_WRITE, HC_SCHED_ADD or HC_SCHED_OR */
} hc_packet_info;

typedef struct hc_sched hc_sched;

/* ------------------------------------------------------------ building */

/*
** Create an empty schedule for a d-cube whose nodes have mem_words words of
** data memory each, in *out. Returns HC_OK, HC_EPARAM (d not in
** 1..HC_SCHED_MAX_D, mem_words not in 1..HC_SCHED_MAX_MEM, or 2^d
** mem_words above HC_SCHED_MAX_TOTAL) or HC_ENOMEM;
** *out is set only on success.
*/
int hc_sched_new(unsigned d, uint32_t mem_words, hc_sched **out);

/* Free a schedule; NULL is allowed. */
void hc_sched_free(hc_sched *s);

/* Dimension, node count 2^d, words per node, packets, own-data segments. */
unsigned hc_sched_dim(const hc_sched *s);
uint32_t hc_sched_nodes(const hc_sched *s);
uint32_t hc_sched_mem_words(const hc_sched *s);
size_t hc_sched_num_packets(const hc_sched *s);
size_t hc_sched_num_own(const hc_sched *s);

/*
** Declare words addr..addr+len-1 of node as the node's own data: present
** from the start. Stored as given (the validator checks ranges and
** overlaps). Returns HC_OK or HC_ENOMEM.
*/
int hc_sched_add_own(hc_sched *s, uint32_t node, uint32_t addr, uint32_t len);

/* Read own-data segment i (0 <= i < hc_sched_num_own) into *node and *seg. */
void hc_sched_own(const hc_sched *s, size_t i, uint32_t *node, hc_seg *seg);

/*
** Append a packet at the end of link (node, dim): its position is one past
** the highest position already on that link. gather[0..ng-1] are read from
** node's memory in order, scatter[0..ns-1] written in order into the memory
** of node ^ (1 << dim); segments are stored as given. Returns HC_OK,
** HC_ELINK (node >= 2^d or dim >= d: there is no such list to append
** to) or HC_ENOMEM.
*/
int hc_sched_add_packet(hc_sched *s, uint32_t node, unsigned dim,
                        const hc_seg *gather, size_t ng, const hc_seg *scatter,
                        size_t ns);

/*
** Add a packet with an explicit position seq on link (node, dim), nothing
** checked (the parser's entry point, and the way to build bad schedules on
** purpose): line is recorded for error messages (0 for none). Returns
** HC_OK or HC_ENOMEM.
*/
int hc_sched_add_packet_at(hc_sched *s, uint32_t node, unsigned dim,
                           uint32_t seq, const hc_seg *gather, size_t ng,
                           const hc_seg *scatter, size_t ns,
                           unsigned long line);

/*
** Incremental building, for generators: hc_sched_begin opens a packet to be
** appended to link (node, dim); hc_sched_gather / hc_sched_scatter append a
** segment to its lists (a segment that continues the previous one of the same
** list is merged into it: the word streams are the same); hc_sched_end adds
** it as hc_sched_add_packet would. One packet is open at a time. Each returns
** HC_OK, HC_EPARAM (begin while open; gather, scatter or end with
** nothing open; len 0), HC_ELINK (begin on a link that does not exist)
** or HC_ENOMEM.
*/
int hc_sched_begin(hc_sched *s, uint32_t node, unsigned dim);
/* hc_sched_begin for a packet with combine op (HC_SCHED_*; HC_EPARAM if
** op >= HC_SCHED_NOPS). hc_sched_begin is op HC_SCHED_WRITE. */
int hc_sched_begin_op(hc_sched *s, uint32_t node, unsigned dim, unsigned op);
int hc_sched_gather(hc_sched *s, uint32_t addr, uint32_t len);
int hc_sched_scatter(hc_sched *s, uint32_t addr, uint32_t len);
int hc_sched_end(hc_sched *s);

/*
** Set the op of packet i (HC_SCHED_*), nothing checked but the range:
** the parser's way to mark a combining packet, and the way to build bad
** schedules on purpose. Returns HC_OK or HC_EPARAM.
*/
int hc_sched_set_op(hc_sched *s, size_t i, unsigned op);

/* The text keyword of op ("scatter", "add", "or"), or NULL. */
const char *hc_sched_op_name(unsigned op);

/*
** Combine v into *w with op (HC_SCHED_ADD: sum mod 2^32, HC_SCHED_OR,
** HC_SCHED_WRITE: replace): the executor's arithmetic, exported so that
** front ends and tests use the same.
*/
uint32_t hc_sched_combine(unsigned op, uint32_t w, uint32_t v);

/*
** Describe packet i (0 <= i < hc_sched_num_packets; packets are numbered in
** the order they were added) in *info. Returns HC_OK or HC_EPARAM.
*/
int hc_sched_packet(const hc_sched *s, size_t i, hc_packet_info *info);

/* ---------------------------------------------------------- text format */

/*
** Parse a schedule from text[0..len-1] (docs/store_and_forward.md, "Text
** format") into a new schedule in *out. Only the syntax is checked here;
** call hc_sched_validate for the rest. Returns HC_OK, HC_ESYNTAX
** (err names the line and what was expected), HC_EPARAM (a dim or mem
** line out of range) or HC_ENOMEM; *out is set only on success.
*/
int hc_sched_parse(const char *text, size_t len, hc_sched **out,
                   hc_sched_err *err);

/* hc_sched_parse on the whole of a stream; adds HC_EIO. */
int hc_sched_read(FILE *f, hc_sched **out, hc_sched_err *err);

/*
** Write s in the text format into a new NUL-terminated string in *text
** (length in *len if len is not NULL; free() it). The output is canonical:
** header, own lines sorted by node then address, link lines sorted by node,
** dimension, position. Returns HC_OK or HC_ENOMEM.
*/
int hc_sched_format(const hc_sched *s, char **text, size_t *len);

/* hc_sched_format to a stream. Returns HC_OK, EIO or ENOMEM. */
int hc_sched_write(const hc_sched *s, FILE *f);

/* ----------------------------------------------------------- validation */

/*
** Check s against the execution model; the first problem found is returned
** and described in err. In order: own data on a node that does not exist or
** outside memory (ERANGE); then packet by packet, a link that does not exist
** (ELINK), a segment that is empty or outside memory (ERANGE), gather and
** scatter word counts that differ or no words (ELENGTH); then link
** positions that are not 0..n-1 (ESEQ); a word of a node written twice, or
** written although it is the node's own data (EOVERLAP); a gathered word
** that is neither own data of the sender nor written into the sender by any
** packet (EUNSOURCED); combining (EOVERLAP: contributions to one word with
** different ops, a combined word also written by a write packet, two
** contributions to one word over the same incoming link); a dependency cycle among packets (EDEADLOCK; the
** message shows the cycle). Never loops: cycles are found by topological
** sorting. On success the analysis is kept in s for hc_sched_exec,
** hc_sched_critical_path and hc_sched_need until s is changed.
*/
int hc_sched_validate(hc_sched *s, hc_sched_err *err);

/*
** The dependency thresholds of packet i, the form in which hardware sees
** them (docs/store_and_forward.md, "Readiness"): need[j], for j = 0..d-1,
** is the number of packets that must have been received completely on
** the sender's incoming link of dimension j before i may start (0: none).
** Validates s first if needed. Returns HC_OK, HC_EPARAM or the
** validator's status.
*/
int hc_sched_need(hc_sched *s, size_t i, uint32_t *need, hc_sched_err *err);

/* ------------------------------------------------------------ execution */

/* What hc_sched_exec measured. Arrays are allocated by it. */
typedef struct hc_exec_result {
  uint64_t cycles;     /* completion: the last word is present at the start of cycle `cycles` */
  uint64_t packets;    /* packet transmissions */
  uint64_t words;      /* words carried, over all packets */
  uint64_t *link_busy; /* [node*d + dim]: cycles the directed link was busy */
  uint64_t *start;     /* [packet]: cycle in which the packet started (could start) */
  uint64_t *finish;    /* [packet]: its words are present from the start of this cycle */
  uint32_t *mem;       /* [node*mem_words + addr]: final memories */
} hc_exec_result;

/*
** Run s in the execution model with start-up beta cycles per packet, from
** the initial memories init[node*mem_words + addr] (NULL: all zero; only own
** data is present at the start, whatever the other words hold). The run is
** event-driven at cycle granularity: it visits the cycles in which packets
** complete, which are the only cycles in which anything can change, so it is
** bounded by the number of packets. Validates s first if needed. Fills *res
** (free with hc_exec_result_free). Returns HC_OK, the validator's
** status, HC_EDEADLOCK (defensive: links idle with packets left) or
** HC_ENOMEM; *res is zeroed on failure.
*/
int hc_sched_exec(hc_sched *s, uint32_t beta, const uint32_t *init,
                  hc_exec_result *res, hc_sched_err *err);

/* Free the arrays of a result and zero it; NULL is allowed. */
void hc_exec_result_free(hc_exec_result *res);

/*
** The completion time computed statically as the longest path through the
** packet dependency graph (link order and word-level data dependencies),
** independently of hc_sched_exec; the two must agree. Returns HC_OK,
** the validator's status or HC_ENOMEM.
*/
int hc_sched_critical_path(hc_sched *s, uint32_t beta, uint64_t *cycles,
                           hc_sched_err *err);

/* ----------------------------------------------------------------- cases */

/*
** A schedule with its data: init and expect hold nodes*mem_words words
** (node-major); care[node*mem_words + addr] is 1 where the final memory
** must equal expect, 0 for scratch words whose final contents do not matter.
*/
typedef struct hc_sched_case {
  hc_sched *sched;
  uint32_t *init;
  uint32_t *expect;
  uint8_t *care;
} hc_sched_case;

/*
** Allocate c->init, c->expect (all 0) and c->care (all 1) for c->sched,
** which must be set. Returns HC_OK, HC_EPARAM or HC_ENOMEM.
*/
int hc_sched_case_alloc(hc_sched_case *c);

/* Free everything in c (schedule included) and zero it; NULL is allowed. */
void hc_sched_case_free(hc_sched_case *c);

/*
** Declare node's words addr..addr+len-1 own data and fill them, in init and
** expect, with hc_sched_tag(node, word). Returns as hc_sched_add_own, or
** HC_EPARAM if the segment is outside memory.
*/
int hc_sched_case_own(hc_sched_case *c, uint32_t node, uint32_t addr,
                      uint32_t len);

/*
** Compare final memories mem (nodes*mem_words) with c->expect where c->care
** is set. Returns the number of mismatching words; the first (lowest node,
** then address) goes to *node and *addr when they are not NULL.
*/
size_t hc_sched_case_check(const hc_sched_case *c, const uint32_t *mem,
                           uint32_t *node, uint32_t *addr);

/*
** The test datum of word addr of node's own data: a 32-bit hash of (node,
** addr), never 0, with every bit depending on both (so a W-bit hardware word
** can keep the low W bits and still tell words apart).
*/
uint32_t hc_sched_tag(uint32_t node, uint32_t addr);

#endif /* HC_SCHED_H */
