/*
** Store-and-forward runs on a backend (see tb/driver/hc_sf_run.h). Everything the
** hardware is told goes through the configuration port, one transaction per
** cycle, and everything checked comes back through it or through the
** counter read port; the expected values come from the case (what the
** communication means) and from hc_sched_exec (the execution model's
** event-driven reference), never from the simulation itself.
*/
#include "hc_sf_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hc_sfload.h"

int hc_sf_result_ok(const hc_sf_result *r) {
  return r->mismatches == 0 && r->checked > 0 && r->cycles == r->ref_cycles && r->counters_ok;
}

/* One cycle with the port driving op (NULL: idle); no injection. */
static int step(hc_backend *b, const hc_cfg_op *op, hc_obs *obs) {
  if (op != NULL) {
    int rc = hc_backend_set_cfg(b, op);
    if (rc != HC_OK) return rc;
  }
  return hc_backend_step(b, NULL, NULL, obs);
}

int hc_sf_run(hc_backend *b, hc_sched_case *c, uint32_t beta, hc_sf_result *res,
              hc_sched_err *err) {
  const hc_cfg *cfg = hc_backend_cfg(b);
  const unsigned d = cfg->d;
  hc_sched *s = c->sched;
  hc_exec_result ref;
  hc_sfload l;
  hc_obs obs;
  int rc;

  memset(res, 0, sizeof *res);
  if (hc_sched_dim(s) != d) {
    if (err) {
      err->code = HC_EPARAM;
      err->line = 0;
      snprintf(err->msg, sizeof err->msg, "the schedule is for a %u-cube, the network is a %u-cube",
               hc_sched_dim(s), d);
    }
    return HC_ESCHED;
  }
  rc = hc_sched_exec(s, beta, c->init, &ref, err);
  if (rc == HC_ENOMEM) return HC_ENOMEM;
  if (rc != HC_OK) return HC_ESCHED;
  rc = hc_sfload_build(c, beta, &l, err);
  if (rc != HC_OK) {
    hc_exec_result_free(&ref);
    return rc == HC_ENOMEM ? HC_ENOMEM : HC_ESCHED;
  }
  if (hc_obs_new(cfg, &obs) != HC_OK) {
    hc_sfload_free(&l);
    hc_exec_result_free(&ref);
    return HC_ENOMEM;
  }
  res->ref_cycles = ref.cycles;
  res->nops = l.nops;
  hc_backend_reset(b);

  /* Load: one write per cycle. */
  for (size_t k = 0; k < l.nops && rc == HC_OK; k++) rc = step(b, &l.ops[k], &obs);
  res->load_cycles = l.nops;

  /* The hardware must have taken every write: its error bit is clear. */
  if (rc == HC_OK) {
    hc_cfg_op rd = {0};
    rd.re = 1;
    rd.tgt = HC_SF_TGT_GLOBAL;
    rd.idx = HC_SF_REG_START; /* reads the status */
    rc = step(b, &rd, &obs);
    if (rc == HC_OK) rc = step(b, NULL, &obs);
    if (rc == HC_OK && (obs.cfg_rdata & HC_SF_STATUS_ERROR)) rc = HC_EREFUSED;
  }

  /* Start (cycle s); schedule cycle k is the k+1-th step after it. */
  if (rc == HC_OK) {
    hc_cfg_op st = {0};
    st.we = 1;
    st.tgt = HC_SF_TGT_GLOBAL;
    st.idx = HC_SF_REG_START;
    rc = step(b, &st, &obs);
  }
  if (rc == HC_OK) {
    const uint64_t limit = ref.cycles + 8;
    uint64_t k;
    int done = 0;
    for (k = 0; k <= limit + 1 && rc == HC_OK; k++) {
      rc = step(b, NULL, &obs);
      if (rc == HC_OK && obs.sf_done) {
        done = 1;
        break;
      }
    }
    if (rc == HC_OK && !done) rc = HC_ETIMEOUT;
    if (done) res->cycles = k >= 1 ? k - 1 : 0;
  }

  /* Read back every cared-for word, pipelined: read in one cycle, data in
  ** the next. */
  if (rc == HC_OK) {
    const uint32_t nodes = hc_sched_nodes(s), mw = hc_sched_mem_words(s);
    const uint32_t mask = cfg->w >= 32 ? 0xffffffffu : (1u << cfg->w) - 1u;
    const size_t none = (size_t)-1, total = (size_t)nodes * mw;
    size_t pend = none, next = 0; /* pend: word read in the previous cycle */
    while (rc == HC_OK) {
      while (next < total && !c->care[next]) next++;
      const int issue = next < total;
      if (!issue && pend == none) break;
      hc_cfg_op rd;
      if (issue) hc_sfload_read_op(&l, (uint32_t)(next / mw), (uint32_t)(next % mw), &rd);
      rc = step(b, issue ? &rd : NULL, &obs);
      res->read_cycles++;
      if (rc == HC_OK && pend != none) {
        const uint32_t want = c->expect[pend] & mask, got = obs.cfg_rdata;
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
  }

  /* Counters of every TX engine against the executor. */
  if (rc == HC_OK) {
    const uint32_t nodes = hc_sched_nodes(s);
    const size_t links = (size_t)nodes * d;
    uint64_t *pk = calloc(links, sizeof *pk), *wd = calloc(links, sizeof *wd);
    if (!pk || !wd) rc = HC_ENOMEM;
    for (size_t i = 0; rc == HC_OK && i < hc_sched_num_packets(s); i++) {
      hc_packet_info pi;
      hc_sched_packet(s, i, &pi);
      pk[(size_t)pi.node * d + pi.dim]++;
      wd[(size_t)pi.node * d + pi.dim] += pi.words;
    }
    res->counters_ok = 1;
    for (uint32_t x = 0; rc == HC_OK && x < nodes; x++) {
      for (unsigned i = 0; i < d; i++) {
        const size_t li = (size_t)x * d + i;
        const uint32_t hp = hc_backend_counter(b, x, i, HC_CNT_SF_PACKETS);
        const uint32_t hb = hc_backend_counter(b, x, i, HC_CNT_SF_BUSY);
        const uint32_t hw = hc_backend_counter(b, x, i, HC_CNT_SF_WORDS);
        res->packets += hp;
        res->busy += hb;
        res->words += hw;
        res->ref_packets += pk[li];
        res->ref_busy += ref.link_busy[li];
        res->ref_words += wd[li];
        if (res->counters_ok && (hp != pk[li] || hb != ref.link_busy[li] || hw != wd[li])) {
          res->counters_ok = 0;
          snprintf(res->counter_msg, sizeof res->counter_msg,
                   "link %u %u: packets %u busy %u words %u, executor %llu %llu %llu", x, i, hp, hb,
                   hw, (unsigned long long)pk[li], (unsigned long long)ref.link_busy[li],
                   (unsigned long long)wd[li]);
        }
      }
    }
    free(pk);
    free(wd);
    if (rc == HC_OK) rc = hc_backend_check_counters(b);
  }

  hc_obs_free(&obs);
  hc_sfload_free(&l);
  hc_exec_result_free(&ref);
  return rc;
}
