/*
** Linear-complement communication (LCC) on the e-cube wormhole hypercube,
** after Hou, Wang, Ku and Hsu, "Optimal Processor Mapping for
** Linear-Complement Communication on Hypercubes", IEEE TPDS 12(5), 2001
** (shared/seeds/004_*.txt). This library gives: named LCCs (presets), the
** message list of any LCC, the contention of every dimension by the paper's
** Theorem 1 and by enumeration of e-cube paths, the reordering of Theorem 2,
** the single-LCC optimizers (Fig. 3 for an LCP; Theorem 4 / Corollary 2 for
** an LCG or LCS), the dynamic programme of Section 5 for a set of LCCs, and
** a brute force over all n! bit orders for testing.
**
** Bit convention. A node of the n-cube is an n-bit number x, bit 0 the least
** significant; the channel of dimension i out of x goes to x ^ (1 << i);
** e-cube routing corrects the differing bits lowest dimension first. The
** paper writes a node as [x_0 x_1 ... x_{n-1}]^t with x_0 the least
** significant bit, and its Theorem 1 proof routes lowest dimension first, so
** the paper's indices are used unchanged: row i of A (gf2.h: word r[i], bit
** j = a_{i,j}) computes destination bit i, column j multiplies source bit j,
** and b_i is bit i of the word b. Dimension i of the paper is dimension i of
** the project. A bit order R (an array of n distinct bit numbers) is the
** reordering mapping Q of Definition 8 with Q[k][R[k]] = 1: node x is mapped
** to x' = Q x whose bit k is bit R[k] of x ("new address bit k is old bit
** R[k]", Section 5, Example 6).
**
** Kinds and message direction. Every LCC has n x n A and n-bit b.
**   LCP (Definition 2, rank A = n): every node x sends one message to
**       y = A x + b (a permutation).
**   LCG (Definition 3, rank A < n): every node x sends one message to
**       y = A x + b; several sources may share a destination.
**   LCS (Definition 4, rank A < n): "for every message with destination y,
**       its source is x = A y + b": every node y receives one message, from
**       x = A y + b, so a node x in the image of A (plus b) sends to all
**       2^(n - rank A) nodes y with A y + b = x (fan-out) and the others send
**       nothing. Messages travel from x to y along the e-cube path x -> y.
**
** Contention. T_i is the largest number of messages whose e-cube paths use
** one channel of dimension i; T = max_i T_i (Definition 6). For an LCP or
** LCG, Theorem 1: T_i = 0 when y_i = x_i for every message (row i of A is the
** unit row e_i and b_i = 0), else 2^(i - rank(A_{L_{i+1},L_i})), where
** A_{L_{i+1},L_i} keeps rows 0..i and columns 0..i-1. For an LCS the paper
** applies the same formula (Corollary 2 treats LCG and LCS alike, a scatter
** being "a gather with the direction of transmission reversed"); that is
** exact for the gather, and for the scatter only if it used the reversed
** gather paths (highest dimension first). Under e-cube the scatter's exact
** count (derived here, checked against path enumeration in the tests) is
**   T_i = 0 in the same case, else 2^((n-1-i) - rank(A_{{i..n-1},{i+1..n-1}})),
** which is the Theorem 1 formula for the bit-reversed matrix at dimension
** n-1-i. hc_lcc_theorem1() is the paper's formula, hc_lcc_contention() the
** exact e-cube count (the same except for an LCS), hc_lcc_path_count() the
** independent enumeration.
**
** Nothing here prints. Functions return status codes (csim/hc_status.h) (gf2.h);
** programming errors (broken invariants) are caught by assert().
*/
#ifndef HC_LCC_H
#define HC_LCC_H

#include <stddef.h>
#include <stdint.h>

#include "gf2.h"

#define HC_LCC_MAX_N 32        /* largest cube dimension of an LCC */
#define HC_LCC_PATH_MAX_N 20   /* path enumeration: n * 2^n counters */
#define HC_LCC_DP_MAX_N 24     /* dynamic programme: 2^n states */
#define HC_LCC_DP_MAX_BYTES ((size_t)1 << 30) /* DP memory ceiling */
#define HC_LCC_BRUTE_MAX_N 8   /* brute force: n! orders */
#define HC_LCC_MAX_SET 65536   /* most LCCs in one DP / cost call */

typedef enum hc_lcc_kind {
  HC_LCC_AUTO = -1, /* to hc_lcc_make: LCP if A is nonsingular, else LCG */
  HC_LCP = 0,       /* linear-complement permutation */
  HC_LCG = 1,       /* linear-complement gather */
  HC_LCS = 2        /* linear-complement scatter */
} hc_lcc_kind;

/* One LCC on the n-cube (see the top of this file for the direction). */
typedef struct hc_lcc {
  int n;            /* cube dimension 1..HC_LCC_MAX_N */
  hc_lcc_kind kind; /* HC_LCP, HC_LCG or HC_LCS, consistent with rank A */
  hc_gf2_mat A;     /* n x n */
  uint32_t b;       /* bit i = b_i; no bits at or above n */
} hc_lcc;

/* A named LCC (hc_lcc_presets). */
typedef struct hc_lcc_preset_info {
  const char *name;    /* e.g. "transpose" */
  const char *desc;    /* one line, with the definition */
  const char *section; /* where in Hou et al. 2001 it comes from */
  int even_only;       /* 1 if n must be even (a square image, two halves) */
} hc_lcc_preset_info;

/* Objectives of the Section 5 dynamic programme for m LCCs. */
typedef enum hc_lcc_objective {
  HC_LCC_MAX_OF_MAX = 0, /* max_r T(A_r, b_r) */
  HC_LCC_MAX_OF_SUM = 1, /* max_i sum_r T_i(A_r, b_r) */
  HC_LCC_SUM_OF_SUM = 2  /* sum_i sum_r T_i(A_r, b_r) */
} hc_lcc_objective;

/* "LCP", "LCG", "LCS" (or "?" for anything else). */
const char *hc_lcc_kind_name(hc_lcc_kind kind);

/*
** HC_LCP if the n x n matrix A is nonsingular, else HC_LCG (an LCS is an
** LCG's matrix with the other direction, so it cannot be told from A).
** Requires a valid square A.
*/
hc_lcc_kind hc_lcc_classify(const hc_gf2_mat *A);

/*
** Check the invariants of *l (n in range, A n x n, b inside n bits, kind
** consistent with rank A). Returns HC_OK, HC_EPARAM (NULL, bad n or
** kind, A not n x n, stray bits), HC_ESINGULAR (kind LCP, A singular) or
** HC_EKIND (kind LCG or LCS, A nonsingular).
*/
int hc_lcc_check(const hc_lcc *l);

/*
** Build *out = the LCC (A, b) of the given kind; n = A->rows. HC_LCC_AUTO
** picks hc_lcc_classify(A). Returns HC_OK; HC_EPARAM (NULL, bad
** kind, n outside 1..32, b has bits at or above n); HC_ESIZE (A not
** square); HC_ESINGULAR (kind HC_LCP but A singular); HC_EKIND (kind
** HC_LCG or HC_LCS but A nonsingular). *out is set only on HC_OK.
*/
int hc_lcc_make(hc_lcc *out, const hc_gf2_mat *A, uint32_t b,
                hc_lcc_kind kind);

/*
** Build *out from text: A in the matrix text form of gf2.h (rows of 0/1
** characters, a_{i,0} first), b in the vector form (b_0 first, or 0x hex);
** b_text NULL or empty means b = 0. n is the expected dimension or 0 to take
** it from A. Returns the status of hc_gf2_parse, hc_gf2_parse_vec or
** hc_lcc_make (HC_ESIZE also for a non-square A); on error err (if not
** NULL, errlen > 0) holds a one-line message.
*/
int hc_lcc_parse(const char *a_text, const char *b_text, int n,
                 hc_lcc_kind kind, hc_lcc *out, char *err, size_t errlen);

/*
** Build *out from the text of an LCC file (len bytes, not NUL-terminated,
** docs/lcc.md): the rows of A in the matrix text form, and at most one line
** "b <vector>" (b or B, then a blank, '=' or ':'), anywhere. Lines may be of
** any length; the b line counts as an empty line of A's text, so the
** matrix parser's line numbers are the file's. *line receives the line a
** refusal is about when the message does not name it (0 otherwise).
** Returns HC_OK; HC_EPARSE (a NUL byte, a second b line, a b line without
** a vector); HC_ENOMEM; or what hc_lcc_parse returns. err as for
** hc_lcc_parse.
*/
int hc_lcc_parse_file(const char *text, size_t len, int n, hc_lcc_kind kind, hc_lcc *out,
                      unsigned long *line, char *err, size_t errlen);

/*
** Append the presets named by list ("name,name,...", each as for
** hc_lcc_preset) for the n-cube to set[*m], set[*m + 1], ..., at most cap
** entries in all (*m counts them); a name equal to skip (may be NULL) is
** checked but not appended (the caller holds it already). An empty name (a
** leading, trailing or double comma) is refused, not skipped. Returns
** HC_OK; HC_EPARSE (an empty name); HC_EUNKNOWN (no such preset); HC_ESIZE
** (more than cap entries, or a preset that needs an even n); HC_EPARAM.
** On error *m may have grown and err (if errlen > 0) says which name.
*/
int hc_lcc_preset_list(const char *list, int n, const char *skip, hc_lcc *set, int cap, int *m, char *err,
                       size_t errlen);

/*
** The preset table: *count (if not NULL) receives its length; the array is
** static and lives for the program.
*/
const hc_lcc_preset_info *hc_lcc_presets(int *count);

/*
** Build the preset called name (exact, lower case; see hc_lcc_presets and
** docs/lcc.md) for the n-cube into *out. Returns HC_OK, HC_EPARAM
** (NULL, n outside 1..HC_LCC_MAX_N), HC_EUNKNOWN (no such preset) or
** HC_ESIZE (the preset needs an even n).
*/
int hc_lcc_preset(const char *name, int n, hc_lcc *out);

/*
** Destinations of the messages sent by node src, in increasing order: one
** (A src + b) for an LCP or LCG; for an LCS all y with A y + b = src (none
** if src is not of that form). *count receives how many there are; the
** first min(cap, *count) are written to dst (dst may be NULL if cap is 0).
** Returns HC_OK or HC_EPARAM (invalid l, src outside the cube, NULL
** count).
*/
int hc_lcc_dests(const hc_lcc *l, uint32_t src, uint32_t *dst, size_t cap,
                 uint64_t *count);

/*
** Number of messages of the LCC: 2^n for all three kinds (an LCS delivers
** one message to every node). Requires a valid l.
*/
uint64_t hc_lcc_message_count(const hc_lcc *l);

/*
** Call cb(ctx, src, dst) for every message: sources in increasing order,
** each source's destinations in increasing order (as hc_lcc_dests). A
** nonzero return from cb stops the walk. Returns HC_OK, HC_EPARAM
** (invalid l or NULL cb) or HC_EABORT (cb stopped it).
*/
int hc_lcc_foreach_message(const hc_lcc *l,
                           int (*cb)(void *ctx, uint32_t src, uint32_t dst),
                           void *ctx);

/*
** Theorem 1 of the paper: T[i] = T_i(A, b) for i = 0..n-1 (T holds n
** values), computed from ranks. Exact for an LCP or LCG; for an LCS it is
** the paper's formula (Corollary 2's quantity), not the e-cube count (see
** the top of this file). Returns HC_OK or HC_EPARAM.
*/
int hc_lcc_theorem1(const hc_lcc *l, uint64_t *T);

/*
** The exact e-cube contention per dimension from ranks: hc_lcc_theorem1 for
** an LCP or LCG, the reversed formula for an LCS. Returns HC_OK or
** HC_EPARAM.
*/
int hc_lcc_contention(const hc_lcc *l, uint64_t *T);

/* max of T[0..n-1] (0 for n <= 0). */
uint64_t hc_lcc_max(const uint64_t *T, int n);

/*
** Route every message along its e-cube path and count messages per directed
** channel: counts[x * n + i] (the project's link index) for the channel of
** dimension i out of node x; counts holds n << n words. Returns HC_OK,
** HC_EPARAM or HC_ETOOBIG (n > HC_LCC_PATH_MAX_N).
*/
int hc_lcc_channel_counts(const hc_lcc *l, uint32_t *counts);

/*
** T[i] = max over the channels of dimension i of the counts of
** hc_lcc_channel_counts (independent of Theorem 1). Returns HC_OK,
** HC_EPARAM, HC_ETOOBIG or HC_ENOMEM.
*/
int hc_lcc_path_count(const hc_lcc *l, uint64_t *T);

/*
** The least T(A, b) any reordering can reach: Corollary 1 for an LCP (1, or
** 0 if no message moves), Corollary 2 for an LCG or LCS
** (2^((n-1) - rank A)). Returns HC_OK or HC_EPARAM.
*/
int hc_lcc_bound(const hc_lcc *l, uint64_t *bound);

/*
** Theorem 2: *out = the LCC after the reordering mapping Q of the bit order
** (Q[k][order[k]] = 1): (Q A Q^-1, Q b), same kind; entry (k, m) of the new
** matrix is a_{order[k], order[m]} and new b_k = b_{order[k]}. out may be
** l. Returns HC_OK or HC_EPARAM (invalid l, order not a
** permutation of 0..n-1).
*/
int hc_lcc_reorder(const hc_lcc *l, const int *order, hc_lcc *out);

/* x' = Q x: bit k of the result is bit order[k] of x. Requires a valid order. */
uint32_t hc_lcc_map_node(const int *order, int n, uint32_t x);

/* x = Q^-1 x': bit order[k] of the result is bit k of xp. */
uint32_t hc_lcc_unmap_node(const int *order, int n, uint32_t xp);

/*
** LCP_Optimizer of Fig. 3, O(n^3): a bit order such that the reordered LCP
** has rank(D_{L_{i+1},L_i}) = i for every i (Theorem 3), i.e. every T_i <= 1.
** For the 8-cube transpose it returns (0,4,2,6,1,5,3,7) (Example 4).
** Returns HC_OK, HC_EPARAM or HC_ESINGULAR (A singular).
*/
int hc_lcc_optimize_lcp(const hc_lcc *l, int *order);

/*
** The LCG/LCS optimizer derived from the proof of Theorem 4 (derivation in
** lcc.c), O(n^3): a bit order with i - rank(D_{L_{i+1},L_i}) <= (n-1) -
** rank A for every i, so that the paper's Theorem 1 formula gives T <=
** 2^((n-1) - rank A), the minimum (Corollary 2). For an LCG this is the
** e-cube contention; for an LCS use hc_lcc_optimize. Returns HC_OK,
** HC_EPARAM or HC_EKIND (A nonsingular).
*/
int hc_lcc_optimize_lcg(const hc_lcc *l, int *order);

/*
** A bit order minimising the exact e-cube contention (hc_lcc_contention) of
** one LCC: Fig. 3 for an LCP, Theorem 4 for an LCG, and for an LCS the
** Theorem 4 order reversed (the scatter's e-cube count is the Theorem 1
** formula of the bit-reversed problem). The result reaches hc_lcc_bound.
** Returns HC_OK or HC_EPARAM.
*/
int hc_lcc_optimize(const hc_lcc *l, int *order);

/* "maxmax", "maxsum", "sumsum" (or "?"). */
const char *hc_lcc_objective_name(hc_lcc_objective obj);

/*
** Parse an objective name: "maxmax"/"max-of-max", "maxsum"/"max-of-sum",
** "sumsum"/"sum-of-sum". Returns HC_OK, HC_EPARAM (NULL) or
** HC_EUNKNOWN.
*/
int hc_lcc_objective_parse(const char *name, hc_lcc_objective *obj);

/*
** The objective value of the bit order for the m LCCs set[0..m-1] (all on
** the same n-cube), from the exact contentions of the reordered LCCs.
** Returns HC_OK or HC_EPARAM (NULL, m outside 1..HC_LCC_MAX_SET,
** an invalid LCC, different n, bad objective, order not a permutation).
*/
int hc_lcc_cost(const hc_lcc *set, int m, hc_lcc_objective obj,
                const int *order, uint64_t *cost);

/*
** Section 5: the dynamic programme over subsets S of address bits (Theorem
** 5: an optimal order of S ends with some j after an optimal order of
** S - {j}); n 2^(n-1) steps, 2^n states. Writes an optimal bit order (n
** ints) and its objective value. Among equal values it prefers the smaller
** sum of all T_i (a tie-break only). Returns HC_OK, HC_EPARAM (as
** hc_lcc_cost), HC_ETOOBIG (n > HC_LCC_DP_MAX_N or more than
** HC_LCC_DP_MAX_BYTES of tables) or HC_ENOMEM; order and cost are set
** only on HC_OK.
*/
int hc_lcc_dp(const hc_lcc *set, int m, hc_lcc_objective obj, int *order,
              uint64_t *cost);

/*
** Try all n! bit orders (n <= HC_LCC_BRUTE_MAX_N), in lexicographic order,
** and return the first one with the least objective value. Returns
** HC_OK, HC_EPARAM (as hc_lcc_cost) or HC_ETOOBIG.
*/
int hc_lcc_brute(const hc_lcc *set, int m, hc_lcc_objective obj, int *order,
                 uint64_t *cost);

#endif /* HC_LCC_H */
