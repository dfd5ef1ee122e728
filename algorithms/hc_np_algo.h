/*
** Node programs (docs/johnsson.md, "Node programs and matrix products"):
** the layer on which the matrix algorithms of Johnsson (shared/seeds/003
** §5, §6) run. A program is a sequence of phases; phase i is a
** store-and-forward schedule (csim/sched/hc_sched.h) that moves words
** between the nodes' memories, followed by a compute step that every node
** runs on its own memory (a plain C function of the node, its words and
** its arithmetic counter). The hardware stays the router: the network (the
** reference executor here, the model or the RTL through tb/driver/
** hc_np_run.h) carries the words, the host plays the nodes' processors.
**
** One file algorithms/np_<name>.c per algorithm defines one record
** hc_np_algo_<name>, listed once in algorithms/np_list.h. The record says
** which phases, which schedules and which computation; the runner
** (hc_np_run) does the rest: each phase's case has the nodes' current
** memory as own data (every word no packet of the phase writes), its
** expected final memory is the reference executor's, and the compute step
** runs on that memory. The final check is the algorithm's own: its result
** against a plain host computation (verify()).
**
** Words are the hardware's W-bit words; the programs compute modulo 2^W
** (the matrices are integers modulo 2^W), so every result is exact. One
** element is one word, and every element travels as a packet of its own:
** one element on a link is one of the paper's communication steps, 1 + beta
** cycles.
*/
#ifndef HC_NP_ALGO_H
#define HC_NP_ALGO_H

#include <stddef.h>
#include <stdint.h>

#include "hc_contract.h"
#include "hc_sched.h"

/* d = 2k = 2..HC_NP_MAX_D (the largest cube of the generators). */
#define HC_NP_MAX_D 10
/* A node's memory: at most one bank of the largest build (BankAW 16), so
** that any placement the loader makes fits some build. */
#define HC_NP_MAX_MEM (1u << HC_SF_AW_MAX)
/* A count of the paper that does not apply to the parameters. */
#define HC_NP_NA UINT64_MAX
/* A parameter not given: check() picks the default and says so. */
#define HC_NP_UNSET 0xFFFFFFFFu

/* What a program is asked for, and what check() derives from it. */
typedef struct hc_np_params {
  unsigned d;     /* cube dimension, 2k */
  uint32_t n;     /* N, the matrix order; HC_NP_UNSET: the algorithm's default */
  uint32_t beta;  /* start-up cycles of a packet */
  unsigned w;     /* word bits: arithmetic modulo 2^w, 1..32 */
  uint64_t seed;  /* the random matrices */
  uint32_t r;     /* R, right-hand sides (the solvers of §6); HC_NP_UNSET: the
                  ** algorithm's default, and a program without any refuses it */
  /* filled by check() */
  unsigned k;        /* d / 2: the array is 2^k x 2^k */
  uint32_t p;        /* 2^k */
  uint32_t m;        /* N / 2^k: the order of a node's block */
  uint32_t mem;      /* words per node */
  unsigned phases;   /* communication phases, each followed by a compute step */
  int n_defaulted;   /* N was not given (the report says which was used) */
  int r_defaulted;   /* likewise R */
} hc_np_params;

/* A node's arithmetic, counted by the compute steps: multiply-adds
** (h += e f, the paper's "arithmetic step" of §5), single multiplications,
** additions or subtractions, and divisions (a multiplication by an inverse
** modulo 2^w counts as one division). */
typedef struct hc_np_ops {
  uint64_t madd, mul, add, div;
} hc_np_ops;

/* The arithmetic steps of a counter: one per operation of any kind. */
uint64_t hc_np_ops_steps(const hc_np_ops *o);

/* One algorithm. */
typedef struct hc_np_algo {
  const char *name;    /* ALGO= */
  const char *source;  /* the paper and section: "003 (Johnsson) §5.2, Thm 5.3" */
  const char *summary; /* one line: what it does, on which embedding */
  int takes_rhs;       /* R (right-hand sides) is a parameter: check() sets it */
  /*
  ** Fill p's derived fields (and N if not given) and check every
  ** parameter: HC_OK, or HC_EPARAM with one sentence in why.
  */
  int (*check)(hc_np_params *p, char *why, size_t n);
  /* Every node's initial memory, mem[node * p->mem + addr], from the
  ** seed's matrices (mem is zeroed first by the caller). */
  void (*load)(const hc_np_params *p, uint32_t *mem);
  /* Append phase i's packets to s (a schedule of p->d, p->mem); declares
  ** no own data. HC_OK, HC_ENOMEM or HC_ETOOBIG. */
  int (*comm)(const hc_np_params *p, unsigned phase, hc_sched *s);
  /* Phase i's compute step on node x's memory mem[0..p->mem-1]. */
  void (*compute)(const hc_np_params *p, unsigned phase, uint32_t x, uint32_t *mem, hc_np_ops *ops);
  /* The result in the final memories against a host computation written
  ** in the algorithm's file: HC_OK, or HC_EMISMATCH with why. */
  int (*verify)(const hc_np_params *p, const uint32_t *mem, char *why, size_t n);
  /* Communication steps of phase i from first principles (what the phase's
  ** schedule must take: cycles / (1 + beta)), and their sum's expression. */
  uint64_t (*steps)(const hc_np_params *p, unsigned phase);
  const char *steps_text;
  /* The paper's count of communication steps and its expression (the
  ** paper's pipelined model; HC_NP_NA where the theorem does not cover the
  ** parameters), the theorem, and how the measured count relates to it
  ** (one sentence; the docs say more). */
  uint64_t (*paper_steps)(const hc_np_params *p);
  const char *paper_steps_text, *paper_source, *relation;
  /* The arithmetic steps in sequence from first principles (the compute
  ** steps one after the other, each as long as its busiest node: the
  ** phase-separated counterpart of the paper's arithmetic steps), and the
  ** paper's count, with their expressions; paper_arith may say HC_NP_NA. */
  uint64_t (*arith)(const hc_np_params *p);
  const char *arith_text;
  uint64_t (*paper_arith)(const hc_np_params *p);
  const char *paper_arith_text;
} hc_np_algo;

/* The registry (algorithms/np_list.h, in the order of the paper), and
** lookup by name (NULL if unknown). */
extern const hc_np_algo *const hc_np_algos[];
const hc_np_algo *hc_np_algo_find(const char *name);

#define HC_NP_ALGO(n) extern const hc_np_algo hc_np_algo_##n;
#include "np_list.h"
#undef HC_NP_ALGO

/* Parameters with nothing derived: d, N (HC_NP_UNSET: default), beta, w,
** seed; R is HC_NP_UNSET (the caller sets it for a program that takes it). */
void hc_np_params_init(hc_np_params *p, unsigned d, uint32_t n, uint32_t beta, unsigned w, uint64_t seed);

/* ------------------------------------------------------------- the runner */

/*
** How a phase's words are moved: NULL runs the reference executor alone;
** otherwise this is called with the phase's case (init = the nodes' memory,
** expect = the executor's final memory, care = every word) and the
** executor's completion ref, and must run it (on a network), set *cycles
** and return HC_OK only if the network delivered exactly expect; else a
** status and one sentence in why.
*/
typedef int (*hc_np_net_fn)(void *ctx, unsigned phase, hc_sched_case *c, uint64_t ref, uint64_t *cycles,
                            char *why, size_t n);

/* What a run measured. */
typedef struct hc_np_result {
  unsigned phases;        /* phases run (all of them when status is HC_OK) */
  uint64_t cycles;        /* communication cycles, summed over phases (each start to done) */
  uint64_t packets, words;/* carried, over all phases */
  uint64_t steps;         /* the first-principles steps, summed */
  int steps_ok;           /* every phase took exactly its steps * (1 + beta) cycles */
  unsigned bad_phase;     /* the first that did not */
  uint64_t bad_cycles;    /* and what it took */
  hc_np_ops ops_max;      /* the node with the most arithmetic steps */
  uint32_t ops_node;      /* which */
  uint64_t arith_max;     /* its steps */
  uint64_t arith_min;     /* the fewest of any node */
  uint64_t arith_seq;     /* in sequence: over the compute steps, the busiest node's steps in each */
  hc_np_ops ops_total;    /* over all nodes */
  int verified;           /* verify() said HC_OK */
  char why[512];          /* why not, or why the run stopped */
  uint64_t *phase_cycles; /* [phase]: cycles of each phase (free with hc_np_result_free) */
  uint32_t *mem;          /* the final memories, mem[node * p->mem + addr] (likewise) */
} hc_np_result;

/*
** Run program a for checked parameters p: load, then phase by phase the
** communication (the executor, then net if not NULL) and the compute step
** on every node, then verify. Returns HC_OK when every phase ran (the
** result then says whether timing and numbers are right), HC_ENOMEM, or
** the status of the phase that failed (r->why says why).
*/
int hc_np_run(const hc_np_algo *a, const hc_np_params *p, hc_np_net_fn net, void *ctx, hc_np_result *r);

/* Free r's arrays and zero it; NULL is allowed. */
void hc_np_result_free(hc_np_result *r);

/*
** Phase i's case for memory mem (NULL: all zero): the schedule of comm(),
** own data every word that no packet of the phase writes, init = mem,
** expect = mem (the caller fills it), care = 1 everywhere. Returns HC_OK,
** HC_ENOMEM or comm()'s status; *c is zeroed on failure.
*/
int hc_np_phase_case(const hc_np_algo *a, const hc_np_params *p, unsigned phase, const uint32_t *mem,
                     hc_sched_case *c);

/* --------------------------------------- embeddings, data and arithmetic */

/* The binary-reflected Gray code of i, and its inverse. */
uint32_t hc_np_gray(uint32_t i);
uint32_t hc_np_gray_inv(uint32_t g);

/* The node of array position (row r, column c): row index in the high k
** bits, column index in the low k bits (dimensions 0..k-1 run along a row,
** k..2k-1 along a column), each by its Gray code (gray) or binary. */
uint32_t hc_np_node(const hc_np_params *p, uint32_t r, uint32_t c, int gray);
/* The array position of node x, the inverse. */
void hc_np_pos(const hc_np_params *p, uint32_t x, int gray, uint32_t *r, uint32_t *c);

/* The word mask 2^w - 1. */
uint32_t hc_np_mask(unsigned w);

/* A random n x n matrix mod 2^w, row-major, the stream id of the seed. */
void hc_np_matrix(uint64_t seed, unsigned id, uint32_t n, unsigned w, uint32_t *a);
/* The first count words of the same stream (hc_np_matrix's n^2 are its
** first n^2). */
void hc_np_words(uint64_t seed, unsigned id, size_t count, unsigned w, uint32_t *a);

/* c += a b mod 2^w for n x n row-major matrices (the host's product). */
void hc_np_host_gemm(uint32_t n, unsigned w, const uint32_t *a, const uint32_t *b, uint32_t *c);

/* Consecutive storage: block (r, c) of the n x n matrix a (blocks of m x m,
** row-major inside) to or from words off.. of node (r, c) of every node's
** memory (mem words each). */
void hc_np_put_blocks(const hc_np_params *p, int gray, const uint32_t *a, uint32_t *mem, uint32_t off);
void hc_np_get_blocks(const hc_np_params *p, int gray, const uint32_t *mem, uint32_t off, uint32_t *a);

/* h += e f for m x m row-major blocks mod 2^w; m^3 multiply-adds. */
void hc_np_block_madd(uint32_t m, unsigned w, uint32_t *h, const uint32_t *e, const uint32_t *f, hc_np_ops *ops);

/*
** Send len words from..from+len-1 of node x to to..to+len-1 of its
** neighbour across dim, one packet per word, appended to link (x, dim).
*/
int hc_np_send(hc_sched *s, uint32_t x, unsigned dim, uint32_t from, uint32_t to, uint32_t len);

/*
** The spanning binomial tree (Algorithm SBT) of one line of the array,
** rooted at ring position root: the line's nodes are base | G(i) << off,
** i = 0..2^k-1 (off 0: a row, k: a column); node x sends to x XOR 2^(off+b)
** for every b above the highest bit in which its code differs from the
** root's. The root sends len words from + e stride (e = 0..len-1), every
** other node forwards the words it received at to + e, one packet each:
** len + k - 1 steps for the whole line (the deepest node is k hops down).
*/
int hc_np_line_tree(const hc_np_params *p, hc_sched *s, uint32_t base, unsigned off, uint32_t root, uint32_t from,
                    uint32_t stride, uint32_t len, uint32_t to);

/* The inverse of the odd a modulo 2^w (Newton's iteration: each step
** doubles the correct low bits). */
uint32_t hc_np_inverse(uint32_t a, unsigned w);

/* The most significant set bit of v (-1 for 0). */
int hc_np_msb(uint32_t v);

/* Compare the n x n matrices got and want; HC_OK, or HC_EMISMATCH with
** the first differing element in why. */
int hc_np_compare(const char *what, uint32_t n, const uint32_t *got, const uint32_t *want, char *why, size_t len);

/*
** The checks the square-array programs share: d even in 2..HC_NP_MAX_D,
** w in 1..32, N (HC_NP_UNSET: def) a power of two and at least 2^k; fills
** k, p, m. HC_OK or HC_EPARAM with why.
*/
int hc_np_check_square(hc_np_params *p, uint32_t def, char *why, size_t n);

/*
** The same for a program with R right-hand sides: R (HC_NP_UNSET: rdef,
** and r_defaulted says so) at least rmin and a multiple of unit (unit 1:
** any). HC_OK or HC_EPARAM with why. hc_np_check_square refuses an R given
** to a program that has none.
*/
int hc_np_check_square_rhs(hc_np_params *p, uint32_t def, uint32_t rdef, uint32_t rmin, uint32_t unit, char *why,
                           size_t n);

/* The memory check: words per node in 1..HC_NP_MAX_MEM, into p->mem. */
int hc_np_check_mem(hc_np_params *p, uint64_t words, char *why, size_t n);

/* Write the sentence fmt into why[n] (if why) and return HC_EPARAM. */
int hc_np_why(char *why, size_t n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* ----------------------------------------- routing rotations of a Gray ring */

/*
** The rotation by r of a ring of 2^k nodes embedded by the Gray code
** (element at ring position c + r moves to c, mod 2^k, for every c) as
** directed-edge-disjoint shortest paths in the k-cube (003 §3.1.4 conjectures
** they exist and has found them up to k = 5): found by a depth-first search
** that always extends the most constrained path (fewest free dimension
** orders), dimension orders tried in lexicographic order, so the result is
** the same on every machine. dims[c * k + h] is the h-th dimension of the
** path that ends at position c, len[c] its length (the Hamming distance of
** the two codes). k in 1..5. HC_OK, HC_EPARAM, or HC_ETOOBIG (no routing
** within the search budget).
*/
int hc_np_rotation_route(unsigned k, uint32_t r, uint8_t *dims, uint8_t *len);

#endif /* HC_NP_ALGO_H */
