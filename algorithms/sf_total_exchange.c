/*
** The optimal total exchange of Bertsekas, Ozveren, Stamoulis, Tseng and
** Tsitsiklis (shared/seeds/002 §4) as a store-and-forward schedule with unit
** packets of k words.
**
** The schedule is first built in the paper's unit-time model as a list of
** transmissions (time unit, node, dimension, packet), recursively from the
** 1-cube (both nodes send their packet in unit 1). From the e-cube schedule
** S_e (2^(e-1) units, every link busy in every unit) the (e+1)-cube one is:
**   phase 1: S_e in both halves (bit e = 0 and 1), units 1..2^(e-1);
**   phase 3: S_e again in both halves, units 2^(e-1)+1..2^e, node x acting
**     for its counterpart x ^ 2^e: where S_e moves "s's packet for t", it
**     moves the packet of s's counterpart for t (in x's half);
**   phase 2: over dimension e each node x sends its 2^e packets for the
**     other half, one per unit from unit 1, in the order in which its
**     counterpart forwards them in phase 3 (the unit in which x's own packet
**     for that destination leaves x in S_e, ties by destination), the packet
**     for the counterpart itself last (shared/seeds/README.md: the two rules
**     of the proof are all the construction needs). Packets that leave x
**     in the same unit of S_e go in increasing order of their dimension;
**     this is the paper's "left to right" in the tables of its
**     implementation section (Fig. 6), which this schedule reproduces.
** The paper proves (Eq. (5)-(6)) that every packet reaches the counterpart
** before phase 3 needs it; the generator asserts it, and asserts that every
** link carries exactly one packet per unit. Links then list their packets by
** unit; in cycles each unit is beta + k, and since every link is busy in
** every unit the run takes exactly 2^(d-1) (beta + k) cycles, with
** d 2^(2d-1) transmissions (each packet crosses its Hamming distance).
*/
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "hc_sched_algos.h"

/* One transmission of the unit-time schedule: packet src -> dst leaves
** node x over dimension c in time unit t (1-based). */
typedef struct te_tx {
  uint32_t t, x, src, dst;
  unsigned c;
  uint32_t from, to; /* gather address at x, scatter address at x ^ 2^c */
} te_tx;

uint32_t hc_sf_total_exchange_unit(unsigned d) {
  (void)d;
  return 1;
}

uint64_t hc_sf_total_exchange_formula(unsigned d, uint32_t k, uint32_t beta) {
  return ((uint64_t)beta + k) << (d - 1);
}

uint64_t hc_sf_total_exchange_transmissions(unsigned d) {
  return (uint64_t)d << (2 * d - 1);
}

uint64_t hc_sf_total_exchange_lower(unsigned d, uint32_t k, uint32_t beta) {
  return hc_sf_total_exchange_formula(d, k, beta);
}

/*
** Build the unit-time schedule of the d-cube in *out (*cnt transmissions,
** d * 2^(2d-1)). Returns HC_OK or HC_ENOMEM.
*/
static int units(unsigned d, te_tx **out, size_t *cnt) {
  te_tx *cur = malloc(2 * sizeof *cur);
  if (!cur) return HC_ENOMEM;
  cur[0] = (te_tx){1, 0, 0, 1, 0, 0, 0};
  cur[1] = (te_tx){1, 1, 1, 0, 0, 0, 0};
  size_t n_cur = 2;
  for (unsigned e = 1; e < d; e++) {
    const uint32_t ne = 1u << e, B = ne, T = 1u << (e - 1);
    const size_t n_new = (size_t)(e + 1) << (2 * e + 1);
    te_tx *nx = malloc(n_new * sizeof *nx);
    uint32_t *ft = calloc((size_t)ne * ne, sizeof *ft);
    uint32_t *order = malloc((size_t)ne * sizeof *order);
    uint32_t *count = malloc(((size_t)T * e + 2) * sizeof *count);
    if (!nx || !ft || !order || !count) {
      free(nx);
      free(ft);
      free(order);
      free(count);
      free(cur);
      return HC_ENOMEM;
    }
    /* ft[z*ne + y]: when and where z's own packet for y leaves z in S_e,
    ** as the key (unit - 1) * e + dimension: the packet's place in the
    ** paper's table (rows = units, columns = links, left to right) */
    for (size_t j = 0; j < n_cur; j++)
      if (cur[j].x == cur[j].src)
        ft[(size_t)cur[j].src * ne + cur[j].dst] = (cur[j].t - 1) * e + cur[j].c;
    size_t w = 0;
    for (uint32_t h = 0; h < 2; h++)
      for (size_t j = 0; j < n_cur; j++) {
        const te_tx *a = &cur[j];
        /* phase 1 */
        nx[w++] = (te_tx){a->t, a->x | h * B, a->src | h * B, a->dst | h * B, a->c, 0, 0};
        /* phase 3: for the counterpart */
        nx[w++] = (te_tx){T + a->t, a->x | h * B, a->src | (1 - h) * B,
                          a->dst | h * B, a->c, 0, 0};
      }
    /* phase 2 */
    for (uint32_t z0 = 0; z0 < ne; z0++) {
      /* order the destinations y != z0 by their key (counting sort; keys
      ** are distinct: one packet per link per unit) */
      memset(count, 0, ((size_t)T * e + 2) * sizeof *count);
      for (uint32_t y = 0; y < ne; y++)
        if (y != z0) {
          assert(ft[(size_t)z0 * ne + y] < T * e);
          count[ft[(size_t)z0 * ne + y] + 1]++;
        }
      for (uint32_t q = 0; q < T * e; q++) count[q + 1] += count[q];
      for (uint32_t y = 0; y < ne; y++)
        if (y != z0) order[count[ft[(size_t)z0 * ne + y]]++] = y;
      order[ne - 1] = z0; /* the counterpart's own packet last */
      for (uint32_t h = 0; h < 2; h++) {
        uint32_t z = z0 | h * B;
        for (uint32_t r = 0; r < ne; r++)
          nx[w++] = (te_tx){r + 1, z, z, order[r] | (1 - h) * B, e, 0, 0};
      }
    }
    assert(w == n_new);
    free(ft);
    free(order);
    free(count);
    free(cur);
    cur = nx;
    n_cur = n_new;
  }
  *out = cur;
  *cnt = n_cur;
  return HC_OK;
}

static unsigned popc(uint32_t v) {
  unsigned n = 0;
  for (; v; v &= v - 1) n++;
  return n;
}

int hc_sf_total_exchange(unsigned d, uint32_t k, hc_sched_case *out) {
  memset(out, 0, sizeof *out);
  if (d < 1 || d > HC_SF_MAX_D || k == 0) return HC_EPARAM;
  int rc = hc_sf_exchange_case(d, k, out);
  if (rc) return rc;
  const uint32_t n = 1u << d, T = 1u << (d - 1);
  te_tx *tx = NULL, *by_t = NULL;
  size_t cnt = 0, *by_hop = NULL;
  uint32_t *count = NULL, *cur = NULL, *holder = NULL, *arrive = NULL,
           *bump = NULL, *last = NULL;
  if ((rc = units(d, &tx, &cnt))) goto done;
  assert(cnt == hc_sf_total_exchange_transmissions(d));
  by_t = malloc(cnt * sizeof *by_t);
  by_hop = malloc(cnt * sizeof *by_hop);
  count = calloc((T > d ? T : d) + 2, sizeof *count);
  cur = malloc((size_t)n * n * sizeof *cur);
  holder = malloc((size_t)n * n * sizeof *holder);
  arrive = calloc((size_t)n * n, sizeof *arrive);
  bump = malloc((size_t)n * sizeof *bump);
  last = calloc((size_t)n * d, sizeof *last);
  if (!by_t || !by_hop || !count || !cur || !holder || !arrive || !bump ||
      !last) {
    rc = HC_ENOMEM;
    goto done;
  }
  /* Addresses follow each packet along its path (hop h leaves the node at
  ** distance h from the source), whatever the units say: words land in the
  ** result block at the destination, in fresh scratch words elsewhere. */
  for (size_t j = 0; j < cnt; j++) count[popc(tx[j].x ^ tx[j].src) + 1]++;
  for (unsigned h = 0; h < d; h++) count[h + 1] += count[h];
  for (size_t j = 0; j < cnt; j++) by_hop[count[popc(tx[j].x ^ tx[j].src)]++] = j;
  for (uint32_t x = 0; x < n; x++) bump[x] = 2 * n * k;
  for (size_t q = 0; q < cnt; q++) {
    te_tx *a = &tx[by_hop[q]];
    const size_t p = (size_t)a->src * n + a->dst;
    const uint32_t r = a->x ^ (1u << a->c);
    a->from = a->x == a->src ? a->dst * k : cur[p];
    if (r == a->dst) {
      a->to = n * k + a->src * k;
    } else {
      a->to = bump[r];
      bump[r] += k;
      assert(bump[r] <= hc_sched_mem_words(out->sched));
    }
    cur[p] = a->to;
  }
  /* Links list their packets by unit: counting sort on t. */
  memset(count, 0, ((T > d ? T : d) + 2) * sizeof *count);
  for (size_t j = 0; j < cnt; j++) count[tx[j].t + 1]++;
  for (uint32_t t = 1; t <= T; t++) count[t + 1] += count[t];
  for (size_t j = 0; j < cnt; j++) by_t[count[tx[j].t]++] = tx[j];

  for (uint32_t s = 0; s < n; s++)
    for (uint32_t t = 0; t < n; t++) holder[(size_t)s * n + t] = s;
  for (size_t j = 0; j < cnt; j++) {
    const te_tx *a = &by_t[j];
    const size_t p = (size_t)a->src * n + a->dst;
    /* The paper's claims, checked: the packet is at x and arrived in an
    ** earlier unit (Eq. (5)); one packet per link per unit, in every unit. */
    assert(holder[p] == a->x && arrive[p] < a->t);
    assert(last[(size_t)a->x * d + a->c] + 1 == a->t);
    last[(size_t)a->x * d + a->c] = a->t;
    holder[p] = a->x ^ (1u << a->c);
    arrive[p] = a->t;
    if ((rc = hc_sched_begin(out->sched, a->x, a->c)) ||
        (rc = hc_sched_gather(out->sched, a->from, k)) ||
        (rc = hc_sched_scatter(out->sched, a->to, k)) ||
        (rc = hc_sched_end(out->sched)))
      goto done;
  }
  for (size_t p = 0; p < (size_t)n * n; p++) assert(holder[p] == p % n);
  for (size_t L = 0; L < (size_t)n * d; L++) assert(last[L] == T);
done:
  free(tx);
  free(by_t);
  free(by_hop);
  free(count);
  free(cur);
  free(holder);
  free(arrive);
  free(bump);
  free(last);
  if (rc) hc_sched_case_free(out);
  return rc;
}

static uint32_t unit(const hc_sf_params *p) { return hc_sf_total_exchange_unit(p->d); }

static int check(hc_sf_params *p, char *why, size_t n) { return hc_sf_check_basic(p, 1, "K", why, n); }

static int build(const hc_sf_params *p, hc_sched_case *out) { return hc_sf_total_exchange(p->d, p->m, out); }

static uint64_t formula(const hc_sf_params *p) { return hc_sf_total_exchange_formula(p->d, p->m, p->beta); }

/* 002 Eq. (4): d 2^(2d-1) unit packets over all d 2^d links, 2^(d-1) units
** of beta + k each; as a cut of all links with load d 2^(2d-1) k words the
** bound is 2^(d-1) k + beta, below the unit count, so the unit count is
** reported as the cut bound's cycles. */
static void lower(const hc_sf_params *p, hc_sf_bound *b) {
  hc_sf_bound_set(b, "all d 2^d links, unit packets of k words", (uint64_t)p->d << p->d,
                  ((uint64_t)p->d << (2 * p->d - 1)) * p->m, p->d, p->beta);
  b->cut_cycles = hc_sf_total_exchange_lower(p->d, p->m, p->beta);
  if (b->cut_cycles > b->cycles) b->cycles = b->cut_cycles;
}

/* Every link carries 2^(d-1) packets of k words, each one table segment
** at both ends; a node's own bank holds its 2^d blocks and the result
** block's slot for itself (nobody writes it), (2^d + 1) k words, more than
** the 2^(d-1) k a link bank gets. */
static void sizes(const hc_sf_params *p, hc_sf_sizes *z) {
  const uint64_t half = 1ull << (p->d - 1);
  *z = (hc_sf_sizes){((2 * half) + 1) * p->m, half, half, 0, hc_sf_exchange_mem(p->d, p->m),
                     hc_sf_total_exchange_transmissions(p->d)};
}

static uint64_t opt_units(const hc_sf_params *p) { return 1ull << (p->d - 1); }

static uint64_t opt_transmissions(const hc_sf_params *p) { return hc_sf_total_exchange_transmissions(p->d); }

const hc_sf_algo hc_sf_algo_total_exchange = {
    .name = "total_exchange",
    .source = "002 (Bertsekas et al.) §4, optimal total exchange",
    .param = "K",
    .formula_text = "2^(d-1)*(k + beta)",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .opt_units = opt_units,
    .opt_units_text = "2^(d-1)",
    .opt_transmissions = opt_transmissions,
    .opt_transmissions_text = "d*2^(2d-1)",
    .sizes = sizes,
};
