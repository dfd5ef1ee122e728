/*
** Node programs on the network (tb/driver/hc_np_run.h): the runner of
** algorithms/np_layer.c with a phase callback that runs each phase's case
** through hc_sf_run_ex, so the words are moved by the model or the RTL the
** way hardware is used (configuration port in, sf_done, read back), and
** everything checked comes back through the port.
*/
#include "hc_np_run.h"

#include <stdio.h>
#include <string.h>

#include "hc_sfload.h"

int hc_np_need(const hc_np_algo *a, const hc_np_params *p, hc_sf_geom *need, char *why, size_t n) {
  memset(need, 0, sizeof *need);
  int rc = HC_OK;
  for (unsigned i = 0; i < p->phases && rc == HC_OK; i++) {
    hc_sched_case c;
    hc_sf_geom g;
    hc_sched_err err = {0};
    rc = hc_np_phase_case(a, p, i, NULL, &c);
    if (rc != HC_OK) {
      snprintf(why, n, "phase %u: cannot build its schedule (%s)", i, hc_status_name(rc));
      return rc;
    }
    if (hc_sched_num_packets(c.sched) > 0) rc = hc_sfload_need(&c, &g, &err);
    else g = (hc_sf_geom){1, 1, 1};
    hc_sched_case_free(&c);
    if (rc != HC_OK) {
      snprintf(why, n, "phase %u: %s", i, err.msg);
      return rc;
    }
    if (g.bank_aw > need->bank_aw) need->bank_aw = g.bank_aw;
    if (g.seg_aw > need->seg_aw) need->seg_aw = g.seg_aw;
    if (g.desc_aw > need->desc_aw) need->desc_aw = g.desc_aw;
  }
  return rc;
}

/* hc_np_net_fn: one phase on the network; HC_OK only if it is exact. */
static int phase(void *ctx, unsigned i, hc_sched_case *c, uint64_t ref, uint64_t *cycles, char *why, size_t n) {
  hc_np_net *net = ctx;
  hc_sf_result *r = &net->last;
  hc_sched_err err = {0};
  int rc = hc_sf_run_ex(net->drv, c, net->beta, net->flags, r, &err);
  net->load_cycles += r->load_cycles;
  net->read_cycles += r->read_cycles;
  net->hw_packets += r->packets;
  net->words_checked += r->checked;
  net->backdoor = r->backdoor;
  net->geom = r->geom;
  const size_t total = (size_t)hc_sched_nodes(c->sched) * hc_sched_mem_words(c->sched);
  if (rc == HC_ESCHED) snprintf(why, n, "phase %u: refused: %s", i, err.msg);
  else if (rc != HC_OK) snprintf(why, n, "phase %u: the run failed: %s", i, hc_strerror(rc));
  else if (r->mismatches || r->checked != total) {
    snprintf(why, n, "phase %u: %zu of %zu words differ from the executor's; node %u word %u: 0x%x, read 0x%x", i,
             r->mismatches, r->checked, r->bad_node, r->bad_addr, r->bad_expect, r->bad_actual);
    rc = HC_EMISMATCH;
  } else if (r->cycles != ref) {
    snprintf(why, n, "phase %u: %llu cycles, the executor's %llu", i, (unsigned long long)r->cycles,
             (unsigned long long)ref);
    rc = HC_EMISMATCH;
  } else if (!r->counters_ok) {
    snprintf(why, n, "phase %u: counters differ from the executor's: %s", i, r->counter_msg);
    rc = HC_EMISMATCH;
  }
  *cycles = r->cycles;
  return rc;
}

int hc_np_run_net(hc_driver *drv, const hc_np_algo *a, const hc_np_params *p, unsigned flags, hc_np_net *net,
                  hc_np_result *r) {
  memset(net, 0, sizeof *net);
  net->drv = drv;
  net->beta = p->beta;
  net->flags = flags;
  return hc_np_run(a, p, phase, net, r);
}
