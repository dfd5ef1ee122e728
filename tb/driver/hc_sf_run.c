/*
** Store-and-forward runs on the network under a driver (see
** tb/driver/hc_sf_run.h). Everything the hardware is told goes through the
** configuration port, one transaction per cycle, and everything checked
** comes back through it or through the counter read port; the expected
** values come from the case (what the communication means) and from
** hc_sched_exec (the execution model's event-driven reference), never from
** the simulation itself.
**
** This is a client of the driver like the traffic sources and the other
** runners, not of the backend: it resets the network with hc_driver_reset,
** puts each port transaction on hc_driver_set_cfg, and runs every cycle with
** hc_driver_step. Its send queues are empty, so the driver offers no flit
** and a cycle is exactly the backend's cycle with idle injection inputs (the
** same lockstep comparison, the same cycle count); the port's read data and
** sf_done come from hc_driver_obs, the counters from hc_driver_counter.
*/
#include "hc_sf_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hc_sfload.h"

int hc_sf_result_ok(const hc_sf_result *r) {
  return r->mismatches == 0 && r->checked > 0 && r->cycles == r->ref_cycles && r->counters_ok &&
         r->load_packets == 0;
}

/* The sum of every TX engine's packet counter (it counts from the last
** start; modulo 2^32, enough to see a change). */
static uint32_t tx_packets(hc_driver *drv) {
  const unsigned d = hc_driver_cfg(drv)->d;
  uint32_t sum = 0;
  for (uint32_t x = 0; x < (1u << d); x++)
    for (unsigned i = 0; i < d; i++) sum += hc_driver_counter(drv, x, i, HC_CNT_SF_PACKETS);
  return sum;
}

/* One cycle with the port driving op (NULL: idle); nothing is injected. */
static int step(hc_driver *drv, const hc_cfg_op *op) {
  if (op != NULL) {
    int rc = hc_driver_set_cfg(drv, op);
    if (rc != HC_OK) return rc;
  }
  return hc_driver_step(drv);
}

/* The schedule, the executor's reference run and the loader's port writes:
** all that is known before the first cycle. */
typedef struct sf_plan {
  hc_exec_result ref;
  hc_sfload load;
} sf_plan;

/* Check that c fits drv's cube, run the executor and build the loader.
** Returns HC_OK, HC_ESCHED (err says why) or HC_ENOMEM. */
static int plan(hc_driver *drv, hc_sched_case *c, uint32_t beta, sf_plan *p, hc_sched_err *err) {
  const unsigned d = hc_driver_cfg(drv)->d;
  hc_sched *s = c->sched;
  if (hc_sched_dim(s) != d) {
    if (err) {
      err->code = HC_EPARAM;
      err->line = 0;
      snprintf(err->msg, sizeof err->msg, "the schedule is for a %u-cube, the network is a %u-cube",
               hc_sched_dim(s), d);
    }
    return HC_ESCHED;
  }
  int rc = hc_sched_exec(s, beta, c->init, &p->ref, err);
  if (rc == HC_ENOMEM) return HC_ENOMEM;
  if (rc != HC_OK) return HC_ESCHED;
  rc = hc_sfload_build(c, beta, hc_driver_cfg(drv)->sf, &p->load, err);
  if (rc != HC_OK) {
    hc_exec_result_free(&p->ref);
    return rc == HC_ENOMEM ? HC_ENOMEM : HC_ESCHED;
  }
  return HC_OK;
}

/* Load: one write per cycle (or, res->backdoor, the same writes through
** the model's back door, no cycle run); then read the status: the hardware
** must have taken every write (its error bit is clear). */
static int load(hc_driver *drv, const hc_sfload *l, hc_sf_result *res) {
  int rc = HC_OK;
  for (size_t k = 0; k < l->nops && rc == HC_OK; k++)
    rc = res->backdoor ? hc_driver_backdoor(drv, &l->ops[k], NULL) : step(drv, &l->ops[k]);
  res->load_cycles = l->nops;
  if (rc != HC_OK) return rc;
  hc_cfg_op rd = {0};
  rd.re = 1;
  rd.tgt = HC_SF_TGT_GLOBAL;
  rd.idx = HC_SF_REG_START; /* reads the status */
  rc = step(drv, &rd);
  if (rc == HC_OK) rc = step(drv, NULL);
  if (rc == HC_OK && (hc_driver_obs(drv)->cfg_rdata & HC_SF_STATUS_ERROR)) rc = HC_EREFUSED;
  return rc;
}

/* Start (cycle s) and run until sf_done, at most the executor's completion
** + 8 cycles; schedule cycle k is the k+1-th step after the start. */
static int run_to_done(hc_driver *drv, uint64_t ref_cycles, hc_sf_result *res) {
  hc_cfg_op st = {0};
  st.we = 1;
  st.tgt = HC_SF_TGT_GLOBAL;
  st.idx = HC_SF_REG_START;
  int rc = step(drv, &st);
  const uint64_t limit = ref_cycles + 8;
  for (uint64_t k = 0; k <= limit + 1 && rc == HC_OK; k++) {
    rc = step(drv, NULL);
    if (rc == HC_OK && hc_driver_obs(drv)->sf_done) {
      res->cycles = k >= 1 ? k - 1 : 0;
      return HC_OK;
    }
  }
  return rc == HC_OK ? HC_ETIMEOUT : rc;
}

/* Read back every cared-for word, pipelined: read in one cycle, data in the
** next; compare with the case's expectation. */
static int read_back(hc_driver *drv, const hc_sched_case *c, const hc_sfload *l, hc_sf_result *res) {
  const uint32_t nodes = hc_sched_nodes(c->sched), mw = hc_sched_mem_words(c->sched);
  const unsigned w = hc_driver_cfg(drv)->w;
  const uint32_t mask = w >= 32 ? 0xffffffffu : (1u << w) - 1u;
  const size_t none = (size_t)-1, total = (size_t)nodes * mw;
  size_t pend = none, next = 0; /* pend: word read in the previous cycle */
  int rc = HC_OK;
  if (res->backdoor) { /* the same reads, each answered at once */
    for (; next < total && rc == HC_OK; next++) {
      if (!c->care[next]) continue;
      hc_cfg_op rd;
      uint32_t got = 0;
      hc_sfload_read_op(l, (uint32_t)(next / mw), (uint32_t)(next % mw), &rd);
      rc = hc_driver_backdoor(drv, &rd, &got);
      res->read_cycles++;
      const uint32_t want = c->expect[next] & mask;
      res->checked++;
      if (want != got && res->mismatches++ == 0) {
        res->bad_node = (uint32_t)(next / mw);
        res->bad_addr = (uint32_t)(next % mw);
        res->bad_expect = want;
        res->bad_actual = got;
      }
    }
    if (res->checked) res->read_cycles++; /* the port's last data cycle */
    return rc;
  }
  while (rc == HC_OK) {
    while (next < total && !c->care[next]) next++;
    const int issue = next < total;
    if (!issue && pend == none) break;
    hc_cfg_op rd;
    if (issue) hc_sfload_read_op(l, (uint32_t)(next / mw), (uint32_t)(next % mw), &rd);
    rc = step(drv, issue ? &rd : NULL);
    res->read_cycles++;
    if (rc == HC_OK && pend != none) {
      const uint32_t want = c->expect[pend] & mask, got = hc_driver_obs(drv)->cfg_rdata;
      res->checked++;
      if (want != got && res->mismatches++ == 0) {
        res->bad_node = (uint32_t)(pend / mw);
        res->bad_addr = (uint32_t)(pend % mw);
        res->bad_expect = want;
        res->bad_actual = got;
      }
    }
    pend = issue ? next++ : none;
  }
  return rc;
}

/* Link li = x d + i: the hardware's three TX counters against the
** executor's packets pk, busy cycles and words wd. */
static void check_link(hc_driver *drv, unsigned x, unsigned i, uint64_t pk, uint64_t busy, uint64_t wd,
                       hc_sf_result *res) {
  const uint32_t hp = hc_driver_counter(drv, x, i, HC_CNT_SF_PACKETS);
  const uint32_t hb = hc_driver_counter(drv, x, i, HC_CNT_SF_BUSY);
  const uint32_t hw = hc_driver_counter(drv, x, i, HC_CNT_SF_WORDS);
  res->packets += hp;
  res->busy += hb;
  res->words += hw;
  res->ref_packets += pk;
  res->ref_busy += busy;
  res->ref_words += wd;
  if (res->counters_ok && (hp != pk || hb != busy || hw != wd)) {
    res->counters_ok = 0;
    snprintf(res->counter_msg, sizeof res->counter_msg,
             "link %u %u: packets %u busy %u words %u, executor %llu %llu %llu", x, i, hp, hb, hw,
             (unsigned long long)pk, (unsigned long long)busy, (unsigned long long)wd);
  }
}

/* Counters of every TX engine against the executor; then, in lockstep,
** every counter of RTL and model against each other. */
static int check_counters(hc_driver *drv, const hc_sched *s, const hc_exec_result *ref, hc_sf_result *res) {
  const unsigned d = hc_driver_cfg(drv)->d;
  const uint32_t nodes = hc_sched_nodes(s);
  const size_t links = (size_t)nodes * d;
  uint64_t *pk = calloc(links, sizeof *pk), *wd = calloc(links, sizeof *wd);
  int rc = (pk && wd) ? HC_OK : HC_ENOMEM;
  for (size_t i = 0; rc == HC_OK && i < hc_sched_num_packets(s); i++) {
    hc_packet_info pi;
    hc_sched_packet(s, i, &pi);
    pk[(size_t)pi.node * d + pi.dim]++;
    wd[(size_t)pi.node * d + pi.dim] += pi.words;
  }
  res->counters_ok = 1;
  for (uint32_t x = 0; rc == HC_OK && x < nodes; x++)
    for (unsigned i = 0; i < d; i++) {
      const size_t li = (size_t)x * d + i;
      check_link(drv, x, i, pk[li], ref->link_busy[li], wd[li], res);
    }
  free(pk);
  free(wd);
  return rc == HC_OK ? hc_driver_check_counters(drv) : rc;
}

int hc_sf_run(hc_driver *drv, hc_sched_case *c, uint32_t beta, hc_sf_result *res,
              hc_sched_err *err) {
  return hc_sf_run_ex(drv, c, beta, 0, res, err);
}

int hc_sf_run_ex(hc_driver *drv, hc_sched_case *c, uint32_t beta, unsigned flags, hc_sf_result *res,
                 hc_sched_err *err) {
  sf_plan p;
  memset(res, 0, sizeof *res);
  res->geom = hc_sf_geom_resolve(hc_driver_cfg(drv)->sf);
  res->backdoor = hc_driver_sim(drv) == HC_SIM_MODEL && !(flags & HC_SF_RUN_PORT);
  int rc = plan(drv, c, beta, &p, err);
  if (rc != HC_OK) return rc;
  res->ref_cycles = p.ref.cycles;
  res->nops = p.load.nops;
  if (!(flags & HC_SF_RUN_NORESET)) hc_driver_reset(drv);
  const uint32_t before = tx_packets(drv);
  const uint64_t cycle0 = hc_driver_cycle(drv);
  rc = load(drv, &p.load, res);
  if (rc == HC_OK) res->load_packets = tx_packets(drv) - before;
  if (rc == HC_OK) {
    const clock_t t0 = clock();
    rc = run_to_done(drv, p.ref.cycles, res);
    res->run_cpu_s = (double)(clock() - t0) / CLOCKS_PER_SEC;
  }
  if (rc == HC_OK) rc = read_back(drv, c, &p.load, res);
  res->stepped = hc_driver_cycle(drv) - cycle0;
  if (rc == HC_OK) rc = check_counters(drv, c->sched, &p.ref, res);
  hc_sfload_free(&p.load);
  hc_exec_result_free(&p.ref);
  return rc;
}
