/*
** The interface every store-and-forward schedule generator implements, the
** registry of them (algorithms/sf_list.h, algorithms/registry.c) and the
** small pieces of arithmetic several of them share (algorithms/sf_common.c).
** A generator is one file algorithms/sf_<name>.c that defines one
** hc_sf_algo record hc_sf_algo_<name>; adding one touches that file and one
** line of sf_list.h. Front ends (hcsim, the tests, the tables) go through
** the record only: check the parameters, build the case, and print the
** measured completion beside formula() and lower().
**
** Times are in cycles with the paper's tau = 1 cycle per word: a packet of m
** words costs beta + m cycles (docs/store_and_forward.md, section 1). A
** formula that divides (m/d, m/(dg), ...) is exact only where m divides, so
** unit() and check() demand it, as the papers assume; see each file for
** what its formula is and which words are scratch.
*/
#ifndef HC_SF_ALGO_H
#define HC_SF_ALGO_H

#include <stddef.h>
#include <stdint.h>

#include "hc_sched.h"
#include "hc_sfload.h"

/* The generators accept d = 1..HC_SF_MAX_D (memory permitting), a record
** with max_d set up to that (at most HC_SF_TOP_D). */
#define HC_SF_MAX_D 10
#define HC_SF_TOP_D 12

/* A parameter not given on the command line: check() picks the default. */
#define HC_SF_UNSET 0xFFFFFFFFu

/* Which optional parameters an algorithm takes (hc_sf_algo.takes). A front
** end refuses one that is given to an algorithm that does not take it. */
#define HC_SF_TAKES_G 0x1u     /* G: groups of a pipelined algorithm */
#define HC_SF_TAKES_SRC 0x2u   /* SRC: the source (root) node */
#define HC_SF_TAKES_DST 0x4u   /* DST: the destination node */
#define HC_SF_TAKES_PERM 0x8u  /* PERM: a permutation of the nodes */
#define HC_SF_TAKES_WAVES 0x10u /* NWAVES: the number of waves k of DISTRIBUTE 2 */
#define HC_SF_TAKES_N 0x20u     /* N: elements of an array or order of a matrix (003) */

/* What a generator is asked for. A front end fills d, m (0: not given),
** beta and the optional parameters it was given (HC_SF_UNSET or NULL
** otherwise), then calls check(), which fills the defaults. */
typedef struct hc_sf_params {
  unsigned d;            /* cube dimension */
  uint32_t m;            /* M: message words (K: unit packet words) */
  uint32_t beta;         /* start-up cycles: formulas, bounds and the optimal g use it */
  uint32_t g;            /* G: number of groups; HC_SF_UNSET = the paper's optimum */
  uint32_t src;          /* SRC: the source or root; HC_SF_UNSET = 0 */
  uint32_t dst;          /* DST: the destination; HC_SF_UNSET = the algorithm's default */
  uint32_t waves;        /* NWAVES: DISTRIBUTE 2's k; HC_SF_UNSET = the paper's */
  uint32_t n;            /* N: array elements or matrix order (003); HC_SF_UNSET = the algorithm's */
  const uint32_t *perm;  /* PERM: perm[x] is where x's message goes (2^d entries) */
} hc_sf_params;

/* The section 9 lower bound of 000 (Stout & Wagar): a set S of links
** (described by cut, |S| = links) that must carry load words in all, so one
** of them carries ceil(load/links) and takes that + beta cycles; and the
** start-up bound, hops store-and-forward hops of at least beta + 1 cycles
** each. The two cannot be added (000 §5, §9); cycles is the larger. */
typedef struct hc_sf_bound {
  const char *cut;       /* e.g. "the d outgoing links of the source" */
  uint64_t links, load;  /* |S| and a (words) */
  uint64_t cut_cycles;   /* ceil(load / links) + beta */
  uint64_t hops;         /* the distance the farthest word must travel */
  uint64_t cycles;       /* max(cut_cycles, hops * (beta + 1)) */
} hc_sf_bound;

/* One generator. */
typedef struct hc_sf_algo {
  const char *name;         /* ALGO= name */
  const char *source;       /* paper and section: "000 (Stout & Wagar) §2, BROADCAST 1" */
  const char *param;        /* "M" (message words) or "K" (unit packet words) */
  unsigned takes;           /* HC_SF_TAKES_* */
  const char *formula_text; /* the paper's time with tau = 1, as computed by formula() */
  /*
  ** The multiple m must be of, given p's d and optional parameters as set
  ** (a G not given counts as 1); a front end uses it to pick the default m.
  ** A generator that rounds its pieces (COMPLETE EXCHANGE, DISTRIBUTE 1, ...)
  ** accepts other m too: its unit is then the multiple at which the paper's
  ** formula holds without rounding.
  */
  uint32_t (*unit)(const hc_sf_params *p);
  /*
  ** Fill p's defaults (g, src, dst, waves, n) and check every parameter: HC_OK,
  ** or HC_EPARAM with one sentence in why (no newline) saying what is wrong
  ** and what would be accepted.
  */
  int (*check)(hc_sf_params *p, char *why, size_t n);
  /*
  ** Build the case for checked parameters: the schedule, the initial memory
  ** and the expected final memory from what the communication means (never
  ** from running the schedule). HC_OK, HC_EPARAM (too large for the
  ** schedule's memory) or HC_ENOMEM; *out is zeroed on failure.
  */
  int (*build)(const hc_sf_params *p, hc_sched_case *out);
  /* The paper's time for checked parameters, in cycles. */
  uint64_t (*formula)(const hc_sf_params *p);
  /* The section 9 bound for checked parameters. */
  void (*lower)(const hc_sf_params *p, hc_sf_bound *b);
  /* NULL, or the paper's boxed optimum (real-valued g) in cycles, for a
  ** pipelined algorithm whose formula() is taken at the integer g used. */
  double (*boxed)(const hc_sf_params *p);
  /* The measured completion is formula() + constant, for every d, m, beta
  ** and g tested; constant_why says where a nonzero one comes from (one
  ** sentence; the algorithm's section of the docs explains it). */
  int64_t constant;
  const char *constant_why;
  /*
  ** The unit-time model of 002 (Bertsekas et al.), for algorithms with unit
  ** packets of K words (one time unit = one packet on a link = K + beta
  ** cycles): NULL, or the paper's optimal time in units and its optimal
  ** number of packet transmissions (002 Table 1), each with its expression.
  ** A front end prints the measured time in units (cycles / (K + beta)) and
  ** the measured transmissions (the TX packet counters) beside them.
  */
  uint64_t (*opt_units)(const hc_sf_params *p);
  const char *opt_units_text;
  uint64_t (*opt_transmissions)(const hc_sf_params *p);
  const char *opt_transmissions_text;
  /*
  ** The step model of 003 (Johnsson): NULL, or the paper's count of routing
  ** (communication) steps for checked parameters, one step being one
  ** element of K words on a link (K + beta cycles); paper_steps_text is its
  ** expression and paper_steps_source the lemma or theorem. A front end
  ** prints the measured steps (cycles / (K + beta)) beside it; the measured
  ** count is paper_steps() + steps_constant (steps_why says why, when not 0).
  */
  uint64_t (*paper_steps)(const hc_sf_params *p);
  const char *paper_steps_text;
  const char *paper_steps_source;
  int64_t steps_constant;
  const char *steps_why;
  /* The largest d the generator takes: 0 means HC_SF_MAX_D; at most
  ** HC_SF_TOP_D (hc_sf_max_d). */
  unsigned max_d;
  /*
  ** NULL, or the sizes of the case for checked parameters, from the
  ** parameters alone (csim/hc_sfload.h): exactly what hc_sfload_need counts
  ** on the built case, a size not known without building left 0
  ** (tests/unit/test_sfload.c compares the two). A front end checks them
  ** against the hardware before it spends the time and memory of a build
  ** (the exchanges take gigabytes from d = 8 on).
  */
  void (*sizes)(const hc_sf_params *p, hc_sf_sizes *z);
} hc_sf_algo;

/* The largest d algorithm a takes (its max_d, or HC_SF_MAX_D). */
unsigned hc_sf_max_d(const hc_sf_algo *a);

/* What the measured completion must be: formula() + constant. */
uint64_t hc_sf_expected(const hc_sf_algo *a, const hc_sf_params *p);

/* The registry: every record, NULL-terminated, in the order of the paper
** (algorithms/registry.c, from sf_list.h), and lookup by name (NULL if
** unknown). */
extern const hc_sf_algo *const hc_sf_algos[];
const hc_sf_algo *hc_sf_algo_find(const char *name);

/* Every record, declared from the list. */
#define HC_SF_ALGO(n) extern const hc_sf_algo hc_sf_algo_##n;
#include "sf_list.h"
#undef HC_SF_ALGO

/* Parameters with nothing optional given (a front end's starting point). */
void hc_sf_params_init(hc_sf_params *p, unsigned d, uint32_t m, uint32_t beta);

/* ------------------------------------------------------- permutations */

/*
** PERM by name into perm[2^d] (perm[x] = where x's message goes):
** "bitrev" (reverse the d bits), "transpose" (swap the high and the low d/2
** bits; d even), "shuffle" (rotate left by one), "inversion" (complement),
** "random" (uniform, from seed; the same seed gives the same permutation on
** every machine). HC_OK, or HC_EPARAM with why for an unknown name or a
** transpose of odd d (algorithms/sf_perm.c).
*/
int hc_sf_perm_named(const char *name, unsigned d, uint64_t seed, uint32_t *perm, char *why, size_t n);

/*
** PERM from a text (a file's contents, len bytes): 2^d node numbers in
** decimal, perm[0] first, separated by white space; '#' starts a comment to
** the end of the line. HC_OK, or HC_EPARAM with why (and the line) when a
** token is not a number, a node is out of range or repeated, or the count is
** not 2^d.
*/
int hc_sf_perm_parse(const char *text, size_t len, unsigned d, uint32_t *perm, char *why, size_t n);

/* ------------------------------------------------- shared arithmetic */

/* C(n, k) (0 if k > n); exact for n <= 62. */
uint64_t hc_sf_binom(unsigned n, unsigned k);

/* The number of 1 bits of v. */
unsigned hc_sf_popcount(uint32_t v);

/* Rotate the d-bit value v left by r (0 <= r < d): 000 §1.4's rotation. */
uint32_t hc_sf_rotl(uint32_t v, unsigned r, unsigned d);

/* gcd and lcm; hc_sf_lcm_upto(n) = lcm(1, ..., n). */
uint64_t hc_sf_gcd(uint64_t a, uint64_t b);
uint64_t hc_sf_lcm(uint64_t a, uint64_t b);
uint64_t hc_sf_lcm_upto(unsigned n);

/* K_d = sum_{k=0..d} 1/C(d,k) of 000 §3 as the reduced fraction num/den
** (K_0..K_8 = 1, 2, 5/2, 8/3, 8/3, 13/5, 151/60, 256/105, 83/35). */
void hc_sf_kd(unsigned d, uint64_t *num, uint64_t *den);

/*
** The integer g to use for a pipelined algorithm whose paper's optimum is
** gopt (real) when m must be a multiple of per*g: among g = 1..m/per with
** per*g dividing m, the one whose value is nearest gopt (the smaller on a
** tie). Returns 0 if per does not divide m.
*/
uint32_t hc_sf_pick_g(double gopt, uint32_t m, uint32_t per);

/* Write the sentence fmt into why[n] (if why) and return HC_EPARAM. */
int hc_sf_why(char *why, size_t n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/*
** The checks most generators start with: d in 1..HC_SF_MAX_D, m a positive
** multiple of unit (named by pname, "M" or "K"), src (HC_SF_UNSET -> 0) a
** node of the cube. HC_OK or HC_EPARAM with why.
*/
int hc_sf_check_basic(hc_sf_params *p, uint32_t unit, const char *pname, char *why, size_t n);

/* hc_sf_check_basic with d in 1..max_d (a record's max_d). */
int hc_sf_check_basic_d(hc_sf_params *p, unsigned max_d, uint32_t unit, const char *pname, char *why, size_t n);

/* Fill b from the cut (S of links links carrying load words), the hops of
** the farthest word, and beta. */
void hc_sf_bound_set(hc_sf_bound *b, const char *cut, uint64_t links, uint64_t load, uint64_t hops,
                     uint32_t beta);

#endif /* HC_SF_ALGO_H */
