/*
** Synthetic and file-driven traffic for the message-level driver
** (tb/driver/hc_driver.h): the destination patterns of the hypercube literature
** (uniform, bit reversal, transpose, reverse-and-flip, hot spot, nearest
** neighbour), an injection process in which every node creates messages with
** exponentially distributed gaps (a Poisson process of a given offered load),
** and a message-list file that fixes every message by hand. Randomness comes
** from a small PRNG of this file (xoshiro256** seeded through splitmix64), so a
** run is a pure function of its seed and replays exactly. The library never
** prints; every failure is a status code (and, for files, an hc_traffic_error
** with the line and the reason).
**
** Patterns, for node x of an N = 2^d node cube:
**   uniform    destination uniformly random among the N-1 other nodes;
**   bitrev     x with its d address bits reversed (bit i -> bit d-1-i);
**   transpose  x rotated left by floor(d/2) bits: for even d that swaps the
**              halves x[d/2-1:0] and x[d-1:d/2]; for odd d it is the rotation
**              (the upper ceil(d/2) bits move down, the lower floor(d/2) up);
**              for d = 1 it is the identity;
**   revflip    bitrev, then all d bits complemented;
**   hotspot    with probability hot_frac the node hot_node, otherwise uniform;
**              the hot node itself always draws a uniform destination;
**   neighbor   x ^ (1 << i) for a uniformly random dimension i;
**   file       the messages of a message-list file (see hc_traffic_new_file).
** bitrev, transpose and revflip are permutations: a node that is its own
** image sends nothing at all.
**
** Injection process (all patterns but file): node x creates messages of len
** flits at continuous times t_1 < t_2 < ..., each gap exponential with mean
** len / rate cycles, so the offered load is exactly rate flits/cycle/node on
** average; a message whose time t falls in (c-1, c] is created in cycle c
** (that is: when its time is <= the current cycle). Times are kept as
** doubles, fractions included. Rate 0 creates nothing.
*/
#ifndef HC_TRAFFIC_H
#define HC_TRAFFIC_H

#include <stdint.h>
#include <stdio.h>

#include "hc_driver.h"


/* Largest message length (flits) accepted from a file or a configuration. */
#define HC_TRAFFIC_MAX_LEN 1000000u

typedef enum hc_pattern {
  HC_PAT_UNIFORM = 0,
  HC_PAT_BITREV,
  HC_PAT_TRANSPOSE,
  HC_PAT_REVFLIP,
  HC_PAT_HOTSPOT,
  HC_PAT_NEIGHBOR,
  HC_PAT_FILE,
  HC_PAT_NETRACE, /* a netrace trace: tb/driver/hc_netrace.h, not this file's sources */
  HC_PAT_NUM
} hc_pattern;

/*
** Parse a pattern name ("uniform", "bitrev", "transpose", "revflip",
** "hotspot", "neighbor", "file", "netrace"; exact, lower case) into *out. Returns HC_OK,
** or HC_EPARAM (unknown name or NULL argument; *out untouched).
*/
int hc_pattern_parse(const char *s, hc_pattern *out);

/* The name of pattern p, or "?" for a value out of range. Never NULL. */
const char *hc_pattern_name(hc_pattern p);

/*
** Whether p is a permutation pattern (bitrev, transpose, revflip), whose
** destination is a fixed function of the source.
*/
int hc_pattern_is_permutation(hc_pattern p);

/*
** The destination of source x under permutation pattern p in a d-cube
** (1 <= d <= 31, x < 2^d). Returns 0 for a pattern that is not a permutation
** (check with hc_pattern_is_permutation first). Pure function.
*/
uint32_t hc_perm_dest(hc_pattern p, unsigned d, uint32_t x);

/* The PRNG: xoshiro256** (Blackman and Vigna). State is plain data. */
typedef struct hc_rng {
  uint64_t s[4];
} hc_rng;

/* Seed r from any 64-bit value (through splitmix64; never all-zero state). */
void hc_rng_seed(hc_rng *r, uint64_t seed);

/* The next 64 random bits. */
uint64_t hc_rng_next(hc_rng *r);

/* A uniform double in [0, 1), 53 random bits. */
double hc_rng_double(hc_rng *r);

/* A uniform integer in [0, n), without modulo bias; n must be >= 1 (0 -> 0). */
uint32_t hc_rng_below(hc_rng *r, uint32_t n);

/* An exponential variate of the given mean (>= 0; the result is >= 0). */
double hc_rng_exp(hc_rng *r, double mean);

/* Configuration of a traffic source. */
typedef struct hc_traffic_cfg {
  hc_pattern pattern; /* anything but HC_PAT_FILE for hc_traffic_new */
  unsigned d;         /* cube dimension, 1..HC_MODEL_MAX_D */
  double rate;        /* offered load, flits/cycle/node, 0..1 */
  unsigned len;       /* flits per message, 1..HC_TRAFFIC_MAX_LEN */
  uint64_t seed;      /* PRNG seed */
  unsigned hot_node;  /* hotspot: the hot node, < 2^d (checked for every pattern) */
  double hot_frac;    /* hotspot: fraction of messages to hot_node, 0..1 */
  int placed;         /* permutation patterns: processors are reordered */
  uint8_t place[HC_MODEL_MAX_D]; /* if placed: physical node p runs virtual node v
                                    with bit place[k] of v = bit k of p (the bit order
                                    the NIs' address map uses), and sends to the
                                    pattern's destination of v, which the NI maps */
  unsigned backlog;   /* 0: every arrival is created (unbounded send queues); else an
                      ** arrival at a node whose send queue holds backlog messages is
                      ** turned away (hc_traffic_refused): the offered load then saturates
                      ** the network with bounded queues, as a soak needs */
} hc_traffic_cfg;

/* Where and why a message-list file was rejected. */
typedef struct hc_traffic_error {
  uint64_t line; /* 1-based line number, 0 when the error is not about a line */
  char msg[160]; /* the reason, one line, no trailing newline */
} hc_traffic_error;

/* One message of a message-list file. */
typedef struct hc_file_msg {
  uint64_t cycle;     /* creation cycle */
  uint32_t src, dest; /* nodes, < 2^d */
  uint32_t len;       /* flits, 1..HC_TRAFFIC_MAX_LEN */
  uint64_t line;      /* line of the file it came from */
} hc_file_msg;

typedef struct hc_traffic hc_traffic;

/*
** Check a configuration for hc_traffic_new: pattern a random one (not FILE),
** d in 1..HC_MODEL_MAX_D, rate a number in [0, 1], len in
** 1..HC_TRAFFIC_MAX_LEN, hot_node < 2^d, hot_frac in [0, 1].
** Returns HC_OK or HC_EPARAM (also for NULL).
*/
int hc_traffic_cfg_check(const hc_traffic_cfg *cfg);

/*
** Create a random traffic source for cfg in *out: the PRNG is seeded with
** cfg->seed and every node's first creation time is drawn (nodes 0..N-1 in
** order). Returns HC_OK, HC_EPARAM (cfg fails hc_traffic_cfg_check) or
** HC_ENOMEM; *out is set only on HC_OK.
*/
int hc_traffic_new(const hc_traffic_cfg *cfg, hc_traffic **out);

/*
** Create a traffic source that replays the message-list file at path for a
** d-cube (1..HC_MODEL_MAX_D) in *out. File format, one message a line:
**
**     cycle src dest len
**
** four unsigned decimal integers separated by blanks (spaces or tabs):
** creation cycle, source node, destination node (< 2^d; src == dest is a
** message delivered through the node's own router), length in flits
** (1..HC_TRAFFIC_MAX_LEN). A '#' starts a comment that runs to the end of the
** line; blank and comment-only lines are skipped. Cycles must be
** non-decreasing from line to line. Messages of one source are sent in file
** order. Returns HC_OK; HC_EPARAM (bad d or NULL argument); HC_EIO (the file
** cannot be opened or read; err->line 0, err->msg the system's reason);
** HC_EFORMAT (a malformed line: err->line and err->msg say which and why); or
** HC_ENOMEM. err may be NULL; *out is set only on HC_OK.
*/
int hc_traffic_new_file(unsigned d, const char *path, hc_traffic **out, hc_traffic_error *err);

/*
** hc_traffic_new_file on an open stream, read to its end (not closed): the
** same format, returns and errors (HC_EIO: a read error). The message-list
** harness (tests/fuzz/fuzz_msgfile.c) reads from memory through it.
*/
int hc_traffic_new_stream(unsigned d, FILE *f, hc_traffic **out, hc_traffic_error *err);

/* Free a traffic source; NULL is allowed. */
void hc_traffic_free(hc_traffic *t);

/*
** Create, through hc_driver_send, every message due in the coming cycle
** c = hc_driver_cycle(drv): for random patterns each node's messages whose
** creation time is <= c (drawing the next gap after each), for a file every
** not yet sent message whose cycle is <= c. Call it once per cycle before
** hc_driver_step, from cycle 0 on. drv must be for the same d. Random
** messages have tag 0; file messages have their line number as tag (low 32
** bits). Returns HC_OK, HC_EPARAM (drv's cube is not this source's) or
** HC_ENOMEM (hc_driver_send failed; the source is then left consistent, with
** the failed message dropped).
*/
int hc_traffic_tick(hc_traffic *t, hc_driver *drv);

/*
** The first cycle in which hc_traffic_tick would create a message (a past
** cycle when a tick was missed), or UINT64_MAX when none ever will. A run
** with nothing to send before it may jump there (hc_driver_advance).
*/
uint64_t hc_traffic_next_cycle(const hc_traffic *t);

/* Arrivals turned away so far because their node's send queue held
** cfg.backlog messages (0 without a backlog cap). */
uint64_t hc_traffic_refused(const hc_traffic *t);

/* Messages and flits created so far by hc_traffic_tick. Either may be NULL. */
void hc_traffic_generated(const hc_traffic *t, uint64_t *msgs, uint64_t *flits);

/*
** The messages of a file source in file order (cycles non-decreasing), their
** number in *count. Returns NULL with *count 0 for a random source.
*/
const hc_file_msg *hc_traffic_file_msgs(const hc_traffic *t, uint64_t *count);

#endif /* HC_TRAFFIC_H */
