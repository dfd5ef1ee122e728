/*
** Lockstep regressions of the FFT data movements of Hou et al. §6.2
** (algorithms/hc_fft.h), without and with the optimal processor mapping:
** every message delivered once and intact from Q x to Q(A x + b); in every
** step Theorem 1, the e-cube path walk and the hardware's message counters
** agree; after the mapping every bit reversal is contention free in the
** hardware counters (at most one message per link) with no head ever
** blocked; without it the 1-D reversal shows the paper's 2^(n/2-1) (n even;
** 2^(floor(n/2)-1) in general, written here, not taken from the library);
** and every contention-free step takes exactly what the router's step model
** of docs/boppana.md says: its last tail is ejected h + k + 1 cycles
** after its messages are created (h the most hops of one of them; with the
** registered route, 2 cycles per router, 2h + k + 2) and the idle barrier
** fires 2 cycles later. The model alone runs d <= 8.
*/
#include "hc_fft_run.h"
#include "hc_test.h"

static int full_rate(const hc_cfg *c) { return c->buf_depth >= 2 && c->inj_depth >= 2; }

/* Check one run's steps; m = 1 for the mapped run. */
static void check_steps(hc_test_ctx *t, const hc_fft_algo *a, const hc_fft_result *r, int m, unsigned k) {
  const unsigned d = t->cfg.d;
  for (unsigned s = 0; s < r->steps; s++) {
    const hc_fft_step_result *st = &r->step[s];
    HC_CHECK(t, st->t_theorem == st->t_paths && st->t_paths == st->t_hardware,
             "%s map=%d step %u (%s): T theorem %llu, paths %llu, hardware %llu", a->name, m, s, st->label,
             (unsigned long long)st->t_theorem, (unsigned long long)st->t_paths,
             (unsigned long long)st->t_hardware);
    if (st->role == HC_FFT_PERMUTE && m)
      HC_CHECK(t, st->t_hardware <= 1 && st->blocked == 0, "%s step %u mapped: %llu messages on a link, %llu blocked",
               a->name, s, (unsigned long long)st->t_hardware, (unsigned long long)st->blocked);
    if (st->role == HC_FFT_PERMUTE && !m && a->passes == 1 && d >= 2)
      HC_CHECK(t, st->t_hardware == 1u << (d / 2 - 1), "%s unmapped: contention %llu, the paper's %u", a->name,
               (unsigned long long)st->t_hardware, 1u << (d / 2 - 1));
    const unsigned lat = t->cfg.route_reg ? 2 * st->hops + k + 2 : st->hops + k + 1;
    if (st->t_hardware <= 1 && st->messages && full_rate(&t->cfg))
      HC_CHECK(t, st->latency == lat && st->cycles == lat + 2,
               "%s map=%d step %u (%s), h=%u k=%u: latency %llu (model %u), cycles %llu (model %u)", a->name, m, s,
               st->label, st->hops, k, (unsigned long long)st->latency, lat, (unsigned long long)st->cycles,
               lat + 2);
  }
}

static void run_one(hc_test_ctx *t, const hc_fft_algo *a, const int *order, unsigned k) {
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv) return;
  hc_fft_result r;
  int rc = hc_fft_run(drv, a, order, k, 1000000, &r);
  const hc_mismatch *mm = hc_driver_mismatch(drv);
  HC_CHECK(t, mm == NULL, "%s: lockstep mismatch at cycle %llu node %u %s", a->name,
           mm ? (unsigned long long)mm->cycle : 0ULL, mm ? mm->node : 0, mm ? mm->where : "");
  HC_CHECK(t, rc == HC_OK, "%s k=%u map=%d: run failed: %s", a->name, k, order != NULL, hc_status_name(rc));
  HC_CHECK(t, r.data_ok, "%s k=%u map=%d: a message lost, corrupted or misplaced", a->name, k, order != NULL);
  check_steps(t, a, &r, order != NULL, k);
  hc_test_close_driver(t);
}

HC_TEST(fft_movements_mapping_and_step_model) {
  const unsigned d = t->cfg.d;
  if (t->sim == HC_SIM_MODEL && d > 8) {
    hc_log(t, "d=%u: the model runs the FFT movements at d <= 8 only", d);
    return;
  }
  static const unsigned ks[] = {5, 16};
  unsigned ran = 0;
  for (const hc_fft_algo *const *ap = hc_fft_algos; *ap; ap++) {
    const hc_fft_algo *a = *ap;
    if (a->num_steps(d) == 0) continue; /* the 2-D movement on an odd d */
    int order[HC_FFT_RUN_MAX_D];
    uint64_t cost;
    HC_CHECK(t, hc_fft_mapping(a, d, order, &cost) == HC_OK, "%s: no mapping", a->name);
    for (unsigned i = 0; i < 2; i++) {
      run_one(t, a, NULL, ks[i]);
      if (t->failed) return;
      run_one(t, a, order, ks[i]);
      if (t->failed) return;
      ran++;
    }
  }
  hc_log(t, "d=%u: %u movement/k pairs, without and with the mapping", d, ran);
}

/* The 1-D movement without the mapping under every adaptive routing of the
** model (csim/hc_route.h), as the adaptive rows of the paper's Table 1: on
** the 4- to 6-cube every message delivered once and intact from x to its
** bit reverse (the scoreboard and the LCC check of hc_fft_run); the bit
** reversal sends 2^d - 2^ceil(d/2) messages (its fixed points are the
** palindromes); and every neighbour exchange is what it is under e-cube (a
** one-hop message has one shortest path under any minimal routing): one
** message per link, no head blocked, latency 1 + k + 1. The RTL routes
** e-cube only (tests/regress/test_routing.c checks it refuses the rest). */
HC_TEST(fft_bitrev_adaptive_routings) {
  const unsigned d = t->cfg.d;
  if (t->sim != HC_SIM_MODEL || d < 4 || d > 6) {
    hc_log(t, "d=%u, %s: run on the model's 4- to 6-cubes only", d, hc_sim_name(t->sim));
    return;
  }
  const hc_fft_algo *a = hc_fft_algo_find("fft1d_bitrev");
  HC_CHECK(t, a != NULL, "fft1d_bitrev not found");
  static const unsigned ks[] = {5, 16};
  for (unsigned r = 0; r < HC_ROUTE_NUM; r++) {
    if (r == HC_ROUTE_ECUBE) continue;
    for (unsigned i = 0; i < 2; i++) {
      const unsigned k = ks[i];
      hc_cfg c = t->cfg;
      c.routing = r;
      hc_driver *drv = hc_test_driver(t, &c);
      if (!drv) return;
      hc_fft_result res;
      const int rc = hc_fft_run(drv, a, NULL, k, 1000000, &res);
      HC_CHECK(t, rc == HC_OK, "%s k=%u: run failed: %s", hc_routing_name(r), k, hc_status_name(rc));
      HC_CHECK(t, res.data_ok, "%s k=%u: a message lost, corrupted or misplaced", hc_routing_name(r), k);
      HC_CHECK(t, res.step[0].messages == (1u << d) - (1u << ((d + 1) / 2)), "%s: bit reversal sent %llu messages",
               hc_routing_name(r), (unsigned long long)res.step[0].messages);
      for (unsigned s = 1; s < res.steps; s++) {
        const hc_fft_step_result *st = &res.step[s];
        HC_CHECK(t, st->role == HC_FFT_NEIGHBOUR && st->messages == 1u << d, "%s step %u: not a neighbour exchange",
                 hc_routing_name(r), s);
        HC_CHECK(t, st->t_hardware == 1 && st->blocked == 0, "%s k=%u step %u (%s): %llu on a link, %llu blocked",
                 hc_routing_name(r), k, s, st->label, (unsigned long long)st->t_hardware,
                 (unsigned long long)st->blocked);
        if (full_rate(&c)) /* one hop: 1 + k + 1, registered route 2 + k + 2 */
          HC_CHECK(t, st->latency == (c.route_reg ? 2 + k + 2 : 1 + k + 1),
                   "%s k=%u step %u (%s): latency %llu, not the one-hop %u", hc_routing_name(r), k, s, st->label,
                   (unsigned long long)st->latency, c.route_reg ? 2 + k + 2 : 1 + k + 1);
      }
      hc_log(t, "%s d=%u k=%u: bit reversal T_hw %llu, latency %llu; %u neighbour exchanges as e-cube",
             hc_routing_name(r), d, k, (unsigned long long)res.step[0].t_hardware,
             (unsigned long long)res.step[0].latency, res.steps - 1);
      hc_test_close_driver(t);
    }
  }
}
