/*
** The BROADCAST 3 family of Stout & Wagar (shared/seeds/000 §2, §4) as one
** builder: the systolic wave of BROADCAST 3A, the second wave of 3B, the
** pipelining of BROADCAST 4 and the stage deletion of ARBITRARY SEND 2
** (algorithms/sf_bcast3.h). Ids are relative to the root (XOR src, 000
** §1.4). In 3A stage j the nodes of C_j send: n sends P_w down every 1 bit
** w of n and P_{ceil_n(z)} up every 0 bit z. BROADCAST 4 runs group i's
** stage j in global stage i + j, so what a node sends in a global stage
** follows from its weight alone (sf_bc3_send), and the links list their
** packets stage by stage. A node keeps the first copy of a packet at the
** root's address of it and puts any later copy (3B's second wave delivers
** packets "and then some") in scratch, care 0; every packet gathers the
** sender's first copy, which by construction arrived in an earlier stage,
** so no packet waits for more than its stage's predecessors and the time is
** (stages)(m/(dg) + beta) at most, with equality along the root's chain.
*/
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "sf_bcast3.h"

unsigned sf_bc3_ceil(uint32_t n, unsigned z, unsigned d) {
  for (unsigned t = 1; t < d; t++) {
    const unsigned c = (z + t) % d;
    if (n >> c & 1) return c;
  }
  return z; /* n = 0: the first 1 of 2^z after z, circularly, is z */
}

int sf_bc3_send(const sf_bc3_plan *pl, uint32_t n, unsigned b, unsigned k, uint32_t *grp, unsigned *w) {
  const unsigned d = pl->d, j = hc_sf_popcount(n);
  if (k >= pl->stages || k < j) return 0;
  uint32_t i = k - j; /* the group n works on in stage k: stage j of group i */
  int wave2 = 0;
  if (i >= pl->g) {
    /* 3B's second wave starts in 3B stage 1 and runs d-1 stages, C_0..C_{d-2} */
    if (!pl->last_3b || i != pl->g || j + 2 > d) return 0;
    wave2 = 1;
    i = pl->g - 1;
  } else if (pl->last_3b && i == pl->g - 1 && j == d) {
    return 0; /* 3B eliminates 3A's last stage */
  }
  if ((n ^ (1u << b)) == 0 && !pl->to_root) return 0;
  unsigned x = (n >> b & 1) ? b : sf_bc3_ceil(n, b, d);
  if (wave2) x = (x + 1) % d; /* P_0..P_{d-1} are relabelled Q_{d-1}, Q_0, ..., Q_{d-2}: Q_x = P_{x+1} */
  *grp = i;
  *w = x;
  return 1;
}

unsigned sf_bc3_full_stages(const sf_bc3_plan *pl) { return pl->d + pl->g - (pl->last_3b ? 1 : 0); }

/* The state of one build: first[] is the earliest stage each (node, group,
** packet) arrives in (UINT_MAX: never), taken[] whether that copy has been
** placed, nscr[] each node's scratch packets so far. */
typedef struct bc3 {
  const sf_bc3_plan *pl;
  uint32_t n, q;
  unsigned *first;
  uint8_t *taken;
  uint32_t *nscr;
} bc3;

static size_t slot(const bc3 *b, uint32_t node, uint32_t grp, unsigned w) {
  return ((size_t)node * b->pl->g + grp) * b->pl->d + w;
}

/* The root's (and everyone's first copy's) address of packet w of group grp. */
static uint32_t addr_of(const bc3 *b, uint32_t grp, unsigned w) {
  return grp * (b->pl->m / b->pl->g) + w * b->q;
}

static void find_first(bc3 *b) {
  const sf_bc3_plan *pl = b->pl;
  for (unsigned k = 0; k < pl->stages; k++)
    for (uint32_t x = 0; x < b->n; x++)
      for (unsigned c = 0; c < pl->d; c++) {
        uint32_t grp;
        unsigned w;
        if (!sf_bc3_send(pl, x, c, k, &grp, &w)) continue;
        unsigned *f = &b->first[slot(b, x ^ (1u << c), grp, w)];
        if (k < *f) *f = k;
      }
}

/* Where the receiver r puts packet (grp, w) arriving in stage k. */
static uint32_t place(bc3 *b, uint32_t r, uint32_t grp, unsigned w, unsigned k) {
  const size_t s = slot(b, r, grp, w);
  if (r != 0 && b->first[s] == k && !b->taken[s]) {
    b->taken[s] = 1;
    return addr_of(b, grp, w);
  }
  return b->pl->m + b->q * b->nscr[r]++;
}

/* One pass over every packet in stage order: places the copies and, if s is
** not NULL, appends the packets to s. */
static int emit(bc3 *b, hc_sched *s) {
  const sf_bc3_plan *pl = b->pl;
  memset(b->taken, 0, (size_t)b->n * pl->g * pl->d);
  memset(b->nscr, 0, (size_t)b->n * sizeof *b->nscr);
  for (unsigned k = 0; k < pl->stages; k++)
    for (uint32_t x = 0; x < b->n; x++)
      for (unsigned c = 0; c < pl->d; c++) {
        uint32_t grp;
        unsigned w;
        if (!sf_bc3_send(pl, x, c, k, &grp, &w)) continue;
        if (x != 0 && b->first[slot(b, x, grp, w)] >= k) return HC_EUNSOURCED; /* a wave out of order */
        const uint32_t to = place(b, x ^ (1u << c), grp, w, k);
        int rc;
        if (s && ((rc = hc_sched_begin(s, x ^ pl->src, c)) || (rc = hc_sched_gather(s, addr_of(b, grp, w), b->q)) ||
                  (rc = hc_sched_scatter(s, to, b->q)) || (rc = hc_sched_end(s))))
          return rc;
      }
  return HC_OK;
}

/* What the communication means: every node (or dst only) holds the root's m
** words; scratch is care 0. */
static void set_expect(const bc3 *b, hc_sched_case *out, uint32_t mem) {
  const sf_bc3_plan *pl = b->pl;
  for (uint32_t x = 0; x < b->n; x++) {
    const size_t base = (size_t)x * mem;
    const int care = pl->dst == HC_SF_UNSET || x == pl->dst || x == pl->src;
    for (uint32_t a = 0; a < pl->m; a++) {
      out->expect[base + a] = hc_sched_tag(pl->src, a);
      out->care[base + a] = (uint8_t)care;
    }
    memset(out->care + base + pl->m, 0, mem - pl->m);
  }
}

static int build_with(bc3 *b, hc_sched_case *out) {
  const sf_bc3_plan *pl = b->pl;
  for (size_t i = 0; i < (size_t)b->n * pl->g * pl->d; i++) b->first[i] = UINT_MAX;
  find_first(b);
  int rc = emit(b, NULL);
  if (rc) return rc;
  uint32_t most = 0;
  for (uint32_t x = 0; x < b->n; x++)
    if (b->nscr[x] > most) most = b->nscr[x];
  const uint64_t mem = (uint64_t)pl->m + (uint64_t)most * b->q;
  if (mem > HC_SCHED_MAX_MEM) return HC_EPARAM;
  if ((rc = hc_sched_new(pl->d, (uint32_t)mem, &out->sched)) || (rc = hc_sched_case_alloc(out)) ||
      (rc = hc_sched_case_own(out, pl->src, 0, pl->m)))
    return rc;
  set_expect(b, out, (uint32_t)mem);
  return emit(b, out->sched);
}

int sf_bc3_build(const sf_bc3_plan *pl, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  if (pl->d < 1 || pl->d > HC_SF_MAX_D || pl->g == 0 || pl->m == 0 || pl->m % pl->g != 0 ||
      (pl->m / pl->g) % pl->d != 0 || pl->src >> pl->d)
    return HC_EPARAM;
  bc3 b = {.pl = pl, .n = 1u << pl->d, .q = pl->m / pl->g / pl->d};
  const size_t cells = (size_t)b.n * pl->g * pl->d;
  b.first = malloc(cells * sizeof *b.first);
  b.taken = malloc(cells);
  b.nscr = malloc((size_t)b.n * sizeof *b.nscr);
  int rc = (b.first && b.taken && b.nscr) ? build_with(&b, out) : HC_ENOMEM;
  free(b.first);
  free(b.taken);
  free(b.nscr);
  if (rc) hc_sched_case_free(out);
  return rc;
}

uint32_t sf_bc3_unit_g(const hc_sf_params *p) {
  const uint64_t u = (uint64_t)p->d * (p->g == HC_SF_UNSET ? 1 : p->g);
  return u > UINT32_MAX ? 0 : (uint32_t)u;
}

int sf_bc3_check_g(hc_sf_params *p, double (*gopt)(const hc_sf_params *p), char *why, size_t n) {
  if (p->g == 0) return hc_sf_why(why, n, "G = 0: the message needs at least one group (G >= 1)");
  int rc = hc_sf_check_basic(p, p->d, "M", why, n);
  if (rc) return rc;
  if (p->g != HC_SF_UNSET) {
    const uint64_t u = (uint64_t)p->d * p->g;
    if (p->m % u != 0)
      return hc_sf_why(why, n,
                       "M = %u with G = %u: needs a multiple of d*G = %llu, so that every packet of m/(d*G) words is "
                       "whole (G must divide m/d = %u)",
                       p->m, p->g, (unsigned long long)u, p->m / p->d);
    return HC_OK;
  }
  if (p->d == 1)
    p->g = 1;
  else if (p->beta == 0)
    p->g = p->m / p->d;
  else
    p->g = hc_sf_pick_g(gopt(p), p->m, p->d);
  return HC_OK;
}
