/*
** The FFT data movements of Hou, Wang, Ku and Hsu §6.2 (shared/seeds/004)
** as algorithms of the wormhole network, their processor mapping, and the
** nCUBE 2 cost model that turns measured cycles into the paper's Tables 1
** and 2. A movement is a sequence of steps; each step is a linear-complement
** communication on the virtual node numbers (algorithms/lcc.h): a bit
** reversal of the processor address (HC_FFT_PERMUTE: the 1-D FFT's first
** stage; the 2-D FFT's row and column reversals) or a neighbour exchange
** x -> x ^ 2^i (HC_FFT_NEIGHBOUR: a butterfly stage whose partners live on
** two processors). Each file algorithms/fft*.c defines one hc_fft_algo
** record; algorithms/registry.c lists them.
**
** Data layout (the paper's Parallel_FFT): m = 2^(n+2e) complex points on
** the n-cube, point x = [x_0 .. x_(n+2e-1)] on processor [x_e .. x_(n+e-1)]
** (block-cyclic), so every processor holds P = 4^e points and the bit
** reversal of the point index is the bit reversal of the processor address:
** every processor sends all its P points to one processor, one message of
** 16 P bytes (a complex number is two doubles). The 2-D movement lays each
** image axis out the same way on half of the address bits (P = 16^e).
**
** Nothing here prints; functions return status codes (csim/hc_status.h).
*/
#ifndef HC_FFT_H
#define HC_FFT_H

#include <stdint.h>

#include "lcc.h"

/* Largest cube of a movement (the model's), and the most steps: a
** permutation step per pass and d neighbour exchanges. */
#define HC_FFT_MAX_D 16
#define HC_FFT_MAX_STEPS (HC_FFT_MAX_D + 2)

/* Bytes of one FFT point: a complex number of two doubles (§6.2). */
#define HC_FFT_POINT_BYTES 16u

typedef enum hc_fft_role {
  HC_FFT_PERMUTE = 0,  /* a bit reversal: the step the mapping is for */
  HC_FFT_NEIGHBOUR = 1 /* a butterfly stage across one dimension */
} hc_fft_role;

/* One step of a movement on the d-cube, virtual node numbers. */
typedef struct hc_fft_step {
  hc_fft_role role;
  hc_lcc lcc;      /* every virtual node x sends to A x + b (an LCP) */
  char label[24];  /* e.g. "bitrev", "row bitrev", "dim 3" */
} hc_fft_step;

/* The paper's printed Tables 1 and 2 (§6.2), as scanned. */
typedef struct hc_fft_paper {
  unsigned d;                 /* the cube: 8 */
  unsigned cols;              /* FFT sizes: 4 */
  unsigned log_m[4];          /* 8, 10, 12, 14 */
  double comp[4];             /* Computation Time (us) */
  double neigh[4];            /* Neighboring COMM Time */
  unsigned br_rows;           /* 7: e-cube, chiu, min, mixab3, mixbb3, pcube, mapping */
  const char *br_name[7];
  double br[7][4];            /* BR COMM Time per routing */
  double br_speedup[4];       /* Table 2 */
  double exec_orig[4], exec_map[4], exec_speedup[4];
} hc_fft_paper;

typedef struct hc_fft_algo {
  const char *name;    /* the ALGO= name */
  const char *source;  /* paper and section */
  const char *summary; /* one line */
  unsigned passes;     /* 1-D: 1; 2-D: 2 (rows, then columns) */
  /* Number of steps on the d-cube (0 when the movement does not exist there:
  ** d outside 1..HC_FFT_MAX_D, or the 2-D one on an odd d). */
  unsigned (*num_steps)(unsigned d);
  /* Step s on the d-cube into *st. Returns HC_OK or HC_EPARAM (s or d out of
  ** range). */
  int (*step)(unsigned d, unsigned s, hc_fft_step *st);
  const hc_fft_paper *paper; /* the paper's tables, or NULL */
} hc_fft_algo;

/* The registry (algorithms/registry.c), NULL-terminated. */
extern const hc_fft_algo *const hc_fft_algos[];

/* Find a movement by name; NULL when there is none. */
const hc_fft_algo *hc_fft_algo_find(const char *name);

/* Step helper: the neighbour exchange across dimension i of the d-cube. */
int hc_fft_neighbour_step(unsigned d, unsigned i, hc_fft_step *st);

/* Step helper: the preset LCC called name (algorithms/lcc.h) as a
** permutation step with the given label. Returns what hc_lcc_preset does. */
int hc_fft_preset_step(unsigned d, const char *name, const char *label, hc_fft_step *st);

/*
** The optimal processor mapping of movement a on the d-cube as a bit order
** (lcc.h; NULL-free, d entries): with one permutation step, the paper's
** LCP_Optimizer (Fig. 3, hc_lcc_optimize); with several, the Section 5
** dynamic programme (max of max) over them. Neighbour steps stay 1-hop
** exchanges under every bit order, so they do not enter. *cost receives the
** largest T of the permutation steps after the mapping. Returns HC_OK,
** HC_EPARAM (no such movement on d) or what the optimizers return.
*/
int hc_fft_mapping(const hc_fft_algo *a, unsigned d, int *order, uint64_t *cost);

/* ------------------------------------------------------ the nCUBE 2 model */

/*
** The machine constants §6.2 gives for nCUBE 2, in microseconds: the
** software latency of a message, the time of one byte through a channel,
** a butterfly, and half a butterfly (the computing half of a butterfly
** whose partner is on a neighbour).
*/
typedef struct hc_ncube2 {
  double t_s, t_byte, t_bfly, t_half;
} hc_ncube2;

/* 164, 0.57, 5.12, 4.47 (§6.2). */
extern const hc_ncube2 hc_ncube2_paper;

/*
** The paper's time of one communication phase in which every processor
** sends (at most) one message, all at once: the software latency once, plus
** the network's cycles, one cycle per byte-flit (docs/hou.md derives it).
*/
double hc_fft_comm_us(const hc_ncube2 *c, uint64_t cycles);

/*
** Points per processor of movement a for messages of k flits (one flit per
** byte): P = k / 16, which must be 2^(2 passes e) for the block-cyclic
** layout. Returns P, or 0 when k is not of that form.
*/
uint64_t hc_fft_points(const hc_fft_algo *a, unsigned long k);

/*
** The computation time of the FFT of movement a on the d-cube with P points
** per processor (hc_fft_points), in microseconds: per pass of lg M stages
** (lg M = d/passes + lg(P)/passes), the d/passes stages whose butterfly
** partner is on a neighbour cost P half butterflies, the others P/2
** butterflies. Returns HC_OK, or HC_EPARAM when P is not of the form above.
*/
int hc_fft_compute_us(const hc_fft_algo *a, unsigned d, uint64_t points, const hc_ncube2 *c, double *us);

/* lg of the FFT size: d + lg P for 1-D (m = 2^(n+2e)); for 2-D the image
** side's lg, d/2 + lg(P)/2. Requires hc_fft_points(a, ...) = points != 0. */
unsigned hc_fft_log_size(const hc_fft_algo *a, unsigned d, uint64_t points);

#endif /* HC_FFT_H */
