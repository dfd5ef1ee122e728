/*
** This file implements the timing of a schedule in the execution model
** (hc_sched.h; docs/store_and_forward.md, section 1), twice and
** independently, so that each checks the other. hc_sched_exec() is the
** reference executor: it replays the model on the per-incoming-link
** thresholds that hardware uses (a link starts its next packet once every
** threshold of the sender is met, and is busy for beta + words cycles),
** visiting only the cycles in which packets complete, and moves the words
** so the final memories can be compared. hc_sched_critical_path() computes
** the completion time as the longest path through the dependency graph in
** topological order. Both validate the schedule first and use its analysis.
*/
#include "hc_sched_int.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ executor */

/* The state of one run of hc_sched_exec; link L is (L / d, L % d). */
typedef struct exec_run {
  const hc_sched *s;
  uint32_t beta;
  hc_exec_result *res;
  uint32_t *done;       /* [L]: packets completed on link L */
  size_t *pos;          /* [L]: next packet of link L (index into its list) */
  uint64_t *busy_until; /* [L]: completion cycle of the packet on L */
  uint8_t *busy;        /* [L]: a packet is on L */
  uint64_t t;           /* the current cycle */
  uint64_t left;        /* packets not completed */
} exec_run;

/* Free the arrays of a result and zero it; NULL is allowed. */
void hc_exec_result_free(hc_exec_result *res) {
  if (!res) return;
  free(res->link_busy);
  free(res->start);
  free(res->finish);
  free(res->mem);
  memset(res, 0, sizeof *res);
}

/* Allocate the arrays of r and of r->res. Returns HC_OK or HC_ENOMEM. */
static int run_alloc(exec_run *r) {
  const hc_sched *s = r->s;
  const size_t nl = (size_t)s->n * s->d, npk = s->npk;
  const size_t nw = (size_t)s->n * s->mem;
  hc_exec_result *res = r->res;
  r->done = calloc(nl, sizeof *r->done);
  r->pos = calloc(nl, sizeof *r->pos);
  r->busy_until = calloc(nl, sizeof *r->busy_until);
  r->busy = calloc(nl, 1);
  res->link_busy = calloc(nl, sizeof *res->link_busy);
  res->start = calloc(npk + 1, sizeof *res->start);
  res->finish = calloc(npk + 1, sizeof *res->finish);
  res->mem = malloc(nw * sizeof *res->mem);
  if (!r->done || !r->pos || !r->busy_until || !r->busy || !res->link_busy ||
      !res->start || !res->finish || !res->mem)
    return HC_ENOMEM;
  return HC_OK;
}

/* Free the arrays of r (not those of r->res). */
static void run_free(exec_run *r) {
  free(r->done);
  free(r->pos);
  free(r->busy_until);
  free(r->busy);
}

/* Copy packet p's gathered words into the receiver's scattered words, or
** combine them into those words with p's op. */
static void move_words(const hc_sched *s, const hc_pkt *p, uint32_t *mem) {
  const hc_seg *g = s->seg + p->g0, *c = s->seg + p->s0;
  const uint32_t *src = mem + (size_t)p->node * s->mem;
  uint32_t *dst = mem + (size_t)(p->node ^ (1u << p->dim)) * s->mem;
  size_t gi = 0, ci = 0;
  uint32_t go = 0, co = 0;
  for (uint64_t w = 0; w < p->gw; w++) {
    while (go == g[gi].len) {
      gi++;
      go = 0;
    }
    while (co == c[ci].len) {
      ci++;
      co = 0;
    }
    uint32_t *w = &dst[c[ci].addr + co++];
    *w = hc_sched_combine(p->op, *w, src[g[gi].addr + go++]);
  }
}

/*
** Complete the packets whose words become present at the start of cycle
** r->t: move their words, free their links, count them on their links.
*/
static void complete_due(exec_run *r) {
  const hc_sched *s = r->s;
  const size_t nl = (size_t)s->n * s->d;
  for (size_t L = 0; L < nl; L++) {
    if (!r->busy[L] || r->busy_until[L] != r->t) continue;
    uint32_t i = s->lk_pkt[s->lk_first[L] + r->pos[L]];
    move_words(s, &s->pk[i], r->res->mem);
    /* the receiver's incoming link of this dimension */
    r->done[L]++;
    r->busy[L] = 0;
    r->pos[L]++;
    r->left--;
  }
}

/* Whether packet i may start: every threshold of its sender is met. */
static int ready(const exec_run *r, uint32_t i) {
  const hc_sched *s = r->s;
  const unsigned d = s->d;
  const hc_pkt *p = &s->pk[i];
  const uint32_t *nd = s->need + (size_t)i * d;
  for (unsigned j = 0; j < d; j++)
    /* incoming link j of p->node is link (p->node ^ 2^j, j) */
    if (nd[j] > r->done[(size_t)(p->node ^ (1u << j)) * d + j]) return 0;
  return 1;
}

/* Start packet i on link L in cycle r->t and account for it. */
static void start_packet(exec_run *r, size_t L, uint32_t i) {
  const hc_pkt *p = &r->s->pk[i];
  hc_exec_result *res = r->res;
  uint64_t cost = (uint64_t)r->beta + p->gw;
  r->busy[L] = 1;
  r->busy_until[L] = r->t + cost;
  res->start[i] = r->t;
  res->finish[i] = r->t + cost;
  res->link_busy[L] += cost;
  res->packets++;
  res->words += p->gw;
  if (r->t + cost > res->cycles) res->cycles = r->t + cost;
}

/*
** Start the next packet of every free link on which it is ready. Returns
** whether any link is busy afterwards; *next is the earliest completion.
*/
static int start_ready(exec_run *r, uint64_t *next) {
  const hc_sched *s = r->s;
  const size_t nl = (size_t)s->n * s->d;
  int running = 0;
  *next = UINT64_MAX;
  for (size_t L = 0; L < nl; L++) {
    if (!r->busy[L] && s->lk_first[L] + r->pos[L] < s->lk_first[L + 1]) {
      uint32_t i = s->lk_pkt[s->lk_first[L] + r->pos[L]];
      if (ready(r, i)) start_packet(r, L, i);
    }
    if (r->busy[L]) {
      running = 1;
      if (r->busy_until[L] < *next) *next = r->busy_until[L];
    }
  }
  return running;
}

/*
** Event loop over the cycles in which packets complete. In cycle t: first
** the packets whose words become present at the start of t complete (their
** links become free, the receivers' counts rise), then every free link
** whose next packet is ready starts it in t.
*/
static int run_loop(exec_run *r, hc_sched_err *err) {
  for (;;) {
    complete_due(r);
    if (r->left == 0) return HC_OK;
    uint64_t next;
    if (!start_ready(r, &next))
      return hc_sched_fail(err, HC_EDEADLOCK, 0,
                           "deadlock at cycle %llu: %llu packets left and no "
                           "link busy",
                           (unsigned long long)r->t,
                           (unsigned long long)r->left);
    assert(next > r->t);
    r->t = next;
  }
}

/*
** Run s with start-up beta cycles per packet from memories init (NULL: all
** zero) into *res (zeroed on failure). Returns HC_OK, HC_EPARAM, the
** validator's status, HC_EDEADLOCK or HC_ENOMEM.
*/
int hc_sched_exec(hc_sched *s, uint32_t beta, const uint32_t *init,
                  hc_exec_result *res, hc_sched_err *err) {
  if (!res) return hc_sched_fail(err, HC_EPARAM, 0, "no result record");
  memset(res, 0, sizeof *res);
  int rc = hc_sched_validate(s, err);
  if (rc) return rc;
  exec_run r = {.s = s, .beta = beta, .res = res, .left = s->npk};
  const size_t nw = (size_t)s->n * s->mem;
  if (run_alloc(&r)) {
    rc = hc_sched_fail(err, HC_ENOMEM, 0, "out of memory");
  } else {
    if (init)
      memcpy(res->mem, init, nw * sizeof *res->mem);
    else
      memset(res->mem, 0, nw * sizeof *res->mem);
    /* a combined word that is not own data starts at the op's identity */
    for (size_t k = 0; k < s->nczero; k++) res->mem[s->czero[k]] = 0;
    rc = run_loop(&r, err);
  }
  run_free(&r);
  if (rc) hc_exec_result_free(res);
  return rc;
}

/* -------------------------------------------------------- critical path */

/*
** The completion time as the longest path through the dependency graph,
** into *cycles. Returns HC_OK, the validator's status or HC_ENOMEM.
*/
int hc_sched_critical_path(hc_sched *s, uint32_t beta, uint64_t *cycles,
                           hc_sched_err *err) {
  int rc = hc_sched_validate(s, err);
  if (rc) return rc;
  const size_t npk = s->npk, nl = (size_t)s->n * s->d;
  uint64_t *fin = calloc(npk + 1, sizeof *fin);
  uint32_t *prev = malloc((npk + 1) * sizeof *prev);
  if (!fin || !prev) {
    free(fin);
    free(prev);
    return hc_sched_fail(err, HC_ENOMEM, 0, "out of memory");
  }
  for (size_t i = 0; i < npk; i++) prev[i] = (uint32_t)npk;
  for (size_t L = 0; L < nl; L++)
    for (size_t k = s->lk_first[L] + 1; k < s->lk_first[L + 1]; k++)
      prev[s->lk_pkt[k]] = s->lk_pkt[k - 1];
  uint64_t best = 0;
  for (size_t k = 0; k < npk; k++) {
    uint32_t i = s->topo[k];
    uint64_t r = prev[i] < npk ? fin[prev[i]] : 0;
    for (size_t j = s->dep_first[i]; j < s->dep_first[i + 1]; j++)
      if (fin[s->dep[j]] > r) r = fin[s->dep[j]];
    fin[i] = r + beta + s->pk[i].gw;
    if (fin[i] > best) best = fin[i];
  }
  free(fin);
  free(prev);
  *cycles = best;
  return HC_OK;
}
