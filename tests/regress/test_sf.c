/*
** Regressions of the store-and-forward multiport mode (issue "Store-and-
** forward multiport mode", docs/store_and_forward.md): the three schedule
** generators run on the network in mode 1, on the model and in lockstep
** with the RTL (every link, sf_done and cfg_rdata every cycle, every counter
** at the end). Each run must deliver exactly the memory the communication
** means (word by word, read back through the configuration port), finish
** in the cycle the papers' formula gives, evaluated here from the papers'
** expressions (000 §2: m + d beta; 000 §6: 2^(d-1) m + d beta; 002 §4:
** 2^(d-1) units of beta + k), and show in the hardware counters the packet
** transmissions of the schedule (002: d 2^(2d-1) for the total exchange).
** Also: a schedule that cannot run is refused before anything is loaded,
** and the same network carries wormhole traffic again after a
** store-and-forward run (the mode is a register, not a build option).
*/
#include <string.h>

#include "hc_sched_algos.h"
#include "hc_sf_run.h"
#include "hc_sfload.h"
#include "hc_test.h"

/* The cube the schedules run on: the configuration's; the model alone
** (large d under the sanitizers) runs d <= 5, which the default geometry
** holds for every algorithm (complete exchange at d = 6 needs BankAW = 12). */
static hc_cfg sf_cfg(const hc_test_ctx *t) {
  hc_cfg c = t->cfg;
  if (t->sim == HC_SIM_MODEL && c.d > 5) c.d = 5;
  return c;
}

/* Run case c with beta on a fresh backend; checks lockstep, data, the
** executor's completion and the counters. Returns 1 if all is well. */
static int run_case(hc_test_ctx *t, hc_driver *drv, hc_sched_case *c, uint32_t beta,
                    const char *what, hc_sf_result *r) {
  hc_sched_err err = {0};
  int rc = hc_sf_run(drv, c, beta, r, &err);
  const hc_mismatch *mm = hc_driver_mismatch(drv);
  if (mm) {
    hc_test_fail(t, __FILE__, __LINE__, "%s: lockstep mismatch at cycle %llu node %u %s: model 0x%x rtl 0x%x",
                 what, (unsigned long long)mm->cycle, mm->node, mm->where, mm->expected, mm->actual);
    return 0;
  }
  if (rc != HC_OK) {
    hc_test_fail(t, __FILE__, __LINE__, "%s: run failed with %s (%s)", what, hc_status_name(rc), err.msg);
    return 0;
  }
  if (r->mismatches || r->checked == 0) {
    hc_test_fail(t, __FILE__, __LINE__, "%s: %zu of %zu words wrong; node %u word %u: expected 0x%x, read 0x%x",
                 what, r->mismatches, r->checked, r->bad_node, r->bad_addr, r->bad_expect, r->bad_actual);
    return 0;
  }
  if (r->cycles != r->ref_cycles) {
    hc_test_fail(t, __FILE__, __LINE__, "%s: %llu cycles, the execution model's executor says %llu", what,
                 (unsigned long long)r->cycles, (unsigned long long)r->ref_cycles);
    return 0;
  }
  if (!r->counters_ok) {
    hc_test_fail(t, __FILE__, __LINE__, "%s: counters differ from the executor: %s", what, r->counter_msg);
    return 0;
  }
  hc_log(t, "%s: %llu cycles, %llu packets, %zu words checked, %llu writes to load", what,
         (unsigned long long)r->cycles, (unsigned long long)r->packets, r->checked,
         (unsigned long long)r->load_cycles);
  return 1;
}

HC_TEST(sf_broadcast2_formula) {
  const hc_cfg cfg = sf_cfg(t);
  const unsigned d = cfg.d;
  const uint32_t ms[2] = {d, 16 * d};
  const uint32_t betas[2] = {HC_SF_BETA_MIN, 7};
  for (unsigned i = 0; i < 2; i++) {
    hc_sched_case c;
    hc_sf_result r;
    char what[96];
    const uint32_t root = hc_test_randn(t, 1u << d);
    HC_CHECK(t, hc_sf_broadcast2(d, ms[i], root, &c) == HC_OK, "cannot build broadcast2");
    snprintf(what, sizeof what, "broadcast2 d=%u m=%u beta=%u root=%u", d, ms[i], betas[i], root);
    hc_driver *drv = hc_test_driver(t, &cfg);
    int ok = drv != NULL && run_case(t, drv, &c, betas[i], what, &r);
    hc_sched_case_free(&c);
    if (!ok) return;
    const uint64_t formula = (uint64_t)ms[i] + (uint64_t)d * betas[i]; /* 000 §2: tau m + d beta */
    HC_CHECK(t, r.cycles == formula, "%s: %llu cycles, formula m + d beta = %llu", what,
             (unsigned long long)r.cycles, (unsigned long long)formula);
    HC_CHECK(t, r.packets == (uint64_t)d * ((1u << d) - 1), "%s: %llu packets, expected d (2^d - 1)", what,
             (unsigned long long)r.packets);
  }
}

HC_TEST(sf_complete_exchange_formula) {
  const hc_cfg cfg = sf_cfg(t);
  const unsigned d = cfg.d;
  const uint32_t unit = hc_sf_complete_exchange_unit(d); /* lcm(1..d) */
  const uint32_t ms[2] = {unit, d <= 3 ? 4 * unit : unit};
  const uint32_t betas[2] = {HC_SF_BETA_MIN, 5};
  /* At d = 5 a run is 220,000 cycles of loading and reading back through
  ** the port; the RTL does one (the model both). */
  const unsigned runs = (d >= 5 && t->sim != HC_SIM_MODEL) ? 1 : 2;
  for (unsigned i = 0; i < runs; i++) {
    hc_sched_case c;
    hc_sf_result r;
    char what[96];
    HC_CHECK(t, hc_sf_complete_exchange(d, ms[i], &c) == HC_OK, "cannot build complete_exchange");
    snprintf(what, sizeof what, "complete_exchange d=%u m=%u beta=%u", d, ms[i], betas[i]);
    hc_driver *drv = hc_test_driver(t, &cfg);
    int ok = drv != NULL && run_case(t, drv, &c, betas[i], what, &r);
    hc_sched_case_free(&c);
    if (!ok) return;
    const uint64_t formula = ((uint64_t)1 << (d - 1)) * ms[i] + (uint64_t)d * betas[i]; /* 000 §6 */
    HC_CHECK(t, r.cycles == formula, "%s: %llu cycles, formula 2^(d-1) m + d beta = %llu", what,
             (unsigned long long)r.cycles, (unsigned long long)formula);
    HC_CHECK(t, r.packets == (uint64_t)d * d << d, "%s: %llu packets, expected d^2 2^d (d per link)", what,
             (unsigned long long)r.packets);
  }
}

HC_TEST(sf_total_exchange_optimal) {
  const hc_cfg cfg = sf_cfg(t);
  const unsigned d = cfg.d;
  const uint32_t ks[2] = {1, 4};
  const uint32_t betas[2] = {6, HC_SF_BETA_MIN};
  for (unsigned i = 0; i < 2; i++) {
    hc_sched_case c;
    hc_sf_result r;
    char what[96];
    HC_CHECK(t, hc_sf_total_exchange(d, ks[i], &c) == HC_OK, "cannot build total_exchange");
    snprintf(what, sizeof what, "total_exchange d=%u k=%u beta=%u", d, ks[i], betas[i]);
    hc_driver *drv = hc_test_driver(t, &cfg);
    int ok = drv != NULL && run_case(t, drv, &c, betas[i], what, &r);
    hc_sched_case_free(&c);
    if (!ok) return;
    /* 002 §4: 2^(d-1) time units, a unit being one packet of k words. */
    const uint64_t formula = ((uint64_t)1 << (d - 1)) * (betas[i] + ks[i]);
    HC_CHECK(t, r.cycles == formula, "%s: %llu cycles, formula 2^(d-1) (beta + k) = %llu", what,
             (unsigned long long)r.cycles, (unsigned long long)formula);
    /* 002 Eq. (4): the optimum is d 2^(2d-1) transmissions. */
    const uint64_t optimum = (uint64_t)d << (2 * d - 1);
    HC_CHECK(t, r.packets == optimum, "%s: %llu packet transmissions (hardware counters), optimum %llu", what,
             (unsigned long long)r.packets, (unsigned long long)optimum);
    /* Every link busy all the time: the busy counters add up to the whole run. */
    HC_CHECK(t, r.busy == formula * d * (1u << d), "%s: %llu busy link-cycles, expected every link always busy",
             what, (unsigned long long)r.busy);
  }
}

/* Build algorithm a at d, m through its record (checked parameters). */
static int build_algo(hc_test_ctx *t, const hc_sf_algo *a, unsigned d, uint32_t m, uint32_t beta,
                      uint32_t src, hc_sched_case *c) {
  hc_sf_params p;
  char why[200];
  hc_sf_params_init(&p, d, m, beta);
  if (a->takes & HC_SF_TAKES_SRC) p.src = src;
  if (a->check(&p, why, sizeof why) != HC_OK) {
    hc_test_fail(t, __FILE__, __LINE__, "%s d=%u m=%u: %s", a->name, d, m, why);
    return 0;
  }
  return a->build(&p, c) == HC_OK;
}

/* HISTOGRAM (000 §8) with in-network combining, from RANDOM bin values:
** node i must read back the sums over all nodes of bins i m/2^d ..
** (i+1) m/2^d - 1 (mod 2^W, the adders being in the read path), in
** (1 - 2^-d) m/d + d beta cycles. */
HC_TEST(sf_histogram_random) {
  const hc_cfg cfg = sf_cfg(t);
  const unsigned d = cfg.d, n = 1u << d;
  const uint32_t unit = d << d, m = d <= 3 ? 2 * unit : unit, bs = m >> d;
  const uint32_t betas[2] = {HC_SF_BETA_MIN, 6};
  for (unsigned i = 0; i < 2; i++) {
    hc_sched_case c;
    hc_sf_result r;
    char what[96];
    if (!build_algo(t, &hc_sf_algo_histogram, d, m, betas[i], 0, &c)) return;
    for (size_t w = 0; w < (size_t)n * m; w++) c.init[w] = (uint32_t)hc_test_randn(t, 0x10000) << 16 |
                                                         (uint32_t)hc_test_randn(t, 0x10000);
    for (uint32_t x = 0; x < n; x++)
      for (uint32_t a = 0; a < m; a++) {
        uint32_t s = 0;
        for (uint32_t y = 0; y < n; y++) s += c.init[(size_t)y * m + a];
        c.care[(size_t)x * m + a] = a / bs == x;
        c.expect[(size_t)x * m + a] = a / bs == x ? s : 0;
      }
    snprintf(what, sizeof what, "histogram d=%u m=%u beta=%u (random bins)", d, m, betas[i]);
    hc_driver *drv = hc_test_driver(t, &cfg);
    int ok = drv != NULL && run_case(t, drv, &c, betas[i], what, &r);
    hc_sched_case_free(&c);
    if (!ok) return;
    /* 000 §8: (1 - 2^-d) m/d + d beta */
    const uint64_t formula = ((uint64_t)n - 1) * (m / unit) + (uint64_t)d * betas[i];
    HC_CHECK(t, r.cycles == formula, "%s: %llu cycles, formula (1 - 2^-d) m/d + d beta = %llu", what,
             (unsigned long long)r.cycles, (unsigned long long)formula);
    HC_CHECK(t, r.packets == (uint64_t)d * d * n, "%s: %llu packets, expected one per link per stage", what,
             (unsigned long long)r.packets);
  }
}

/* COLLECT with a sum (BROADCAST 2 reversed, op add) to a random root, in
** m + d beta cycles, the root reading back every node's vector summed. */
HC_TEST(sf_collect_sum) {
  const hc_cfg cfg = sf_cfg(t);
  const unsigned d = cfg.d, n = 1u << d;
  const uint32_t m = 8 * d, root = hc_test_randn(t, n);
  hc_sched_case c;
  hc_sf_result r;
  char what[96];
  if (!build_algo(t, &hc_sf_algo_collect_sum, d, m, 5, root, &c)) return;
  for (uint32_t a = 0; a < m; a++) {
    uint32_t s = 0;
    for (uint32_t y = 0; y < n; y++) s += hc_sched_tag(y, a);
    HC_CHECK(t, c.care[(size_t)root * m + a] && c.expect[(size_t)root * m + a] == s,
             "collect_sum: the expected sum of word %u is wrong", a);
  }
  snprintf(what, sizeof what, "collect_sum d=%u m=%u beta=5 root=%u", d, m, root);
  hc_driver *drv = hc_test_driver(t, &cfg);
  int ok = drv != NULL && run_case(t, drv, &c, 5, what, &r);
  hc_sched_case_free(&c);
  if (!ok) return;
  HC_CHECK(t, r.cycles == (uint64_t)m + 5u * d, "%s: %llu cycles, formula m + d beta = %u", what,
           (unsigned long long)r.cycles, m + 5u * d);
}

/* A hand-made schedule with both ops: node 1 adds and node 2 ORs into
** node 0's words, each over its own link; node 0 forwards the add sums
** with a write, which waits for both contributions. */
HC_TEST(sf_combine_ops) {
  const hc_cfg cfg = sf_cfg(t);
  const unsigned d = cfg.d;
  if (d < 2) return;
  hc_sched_case c = {0};
  HC_CHECK(t, hc_sched_new(d, 16, &c.sched) == HC_OK, "hc_sched_new");
  HC_CHECK(t, hc_sched_case_alloc(&c) == HC_OK, "hc_sched_case_alloc");
  for (uint32_t x = 0; x < 4; x++) HC_CHECK(t, hc_sched_case_own(&c, x, 0, 4) == HC_OK, "own");
  hc_sched *s = c.sched;
  HC_CHECK(t, hc_sched_begin_op(s, 1, 0, HC_SCHED_ADD) == HC_OK && hc_sched_gather(s, 0, 4) == HC_OK &&
                  hc_sched_scatter(s, 0, 4) == HC_OK && hc_sched_end(s) == HC_OK, "add packet");
  HC_CHECK(t, hc_sched_begin_op(s, 2, 1, HC_SCHED_ADD) == HC_OK && hc_sched_gather(s, 0, 2) == HC_OK &&
                  hc_sched_scatter(s, 0, 2) == HC_OK && hc_sched_end(s) == HC_OK, "add packet");
  HC_CHECK(t, hc_sched_begin_op(s, 2, 1, HC_SCHED_OR) == HC_OK && hc_sched_gather(s, 2, 2) == HC_OK &&
                  hc_sched_scatter(s, 8, 2) == HC_OK && hc_sched_end(s) == HC_OK, "or packet");
  HC_CHECK(t, hc_sched_begin(s, 0, 0) == HC_OK && hc_sched_gather(s, 0, 4) == HC_OK &&
                  hc_sched_scatter(s, 4, 4) == HC_OK && hc_sched_end(s) == HC_OK, "write packet");
  for (uint32_t a = 0; a < 4; a++) {
    uint32_t v = hc_sched_tag(0, a) + hc_sched_tag(1, a) + (a < 2 ? hc_sched_tag(2, a) : 0);
    c.expect[a] = v;
    c.expect[16 + 4 + a] = v;
  }
  c.expect[8] = hc_sched_tag(2, 2);
  c.expect[9] = hc_sched_tag(2, 3);
  hc_driver *drv = hc_test_driver(t, &cfg);
  hc_sf_result r;
  int ok = drv != NULL && run_case(t, drv, &c, 4, "add, or and a write after them", &r);
  hc_sched_case_free(&c);
  if (!ok) return;
  /* the adds finish at 8 and 6 (beta 4), the write starts at 8: 16 */
  HC_CHECK(t, r.cycles == 16, "add, or and a write: %llu cycles, expected 16", (unsigned long long)r.cycles);
}

/* A schedule that would hang (two packets waiting for each other) is
** refused by the validator before anything is loaded: no hang, no run. */
HC_TEST(sf_deadlock_refused) {
  const hc_cfg cfg = sf_cfg(t);
  hc_sched_case c = {0};
  HC_CHECK(t, hc_sched_new(cfg.d, 8, &c.sched) == HC_OK, "hc_sched_new");
  HC_CHECK(t, hc_sched_case_alloc(&c) == HC_OK, "hc_sched_case_alloc");
  /* Node 0 sends its word 3, which only node 1's packet brings, to node
  ** 1's word 1; node 1 sends its word 1, which only node 0's packet brings,
  ** to node 0's word 3: each waits for the other. */
  const hc_seg ga = {3, 1}, sa = {1, 1}, gb = {1, 1}, sb = {3, 1};
  HC_CHECK(t, hc_sched_add_packet(c.sched, 0, 0, &ga, 1, &sa, 1) == HC_OK, "add");
  HC_CHECK(t, hc_sched_add_packet(c.sched, 1, 0, &gb, 1, &sb, 1) == HC_OK, "add");
  hc_driver *drv = hc_test_driver(t, &cfg);
  if (!drv) {
    hc_sched_case_free(&c);
    return;
  }
  hc_sf_result r;
  hc_sched_err err = {0};
  int rc = hc_sf_run(drv, &c, 4, &r, &err);
  hc_sched_case_free(&c);
  HC_CHECK(t, rc == HC_ESCHED && err.code == HC_EDEADLOCK,
           "a deadlocked schedule gave %s (err %s: %s), expected the validator's HC_EDEADLOCK",
           hc_status_name(rc), hc_status_name(err.code), err.msg);
  HC_CHECK(t, hc_driver_cycle(drv) == 0,
           "the refused schedule was simulated anyway");
  hc_log(t, "refused: %s", err.msg);
}

/* One network, two modes at run time: a broadcast in mode 1, then mode 0
** written through the port and wormhole messages between all neighbours
** (and across the cube), delivered exactly once and intact. */
HC_TEST(sf_then_wormhole) {
  const hc_cfg cfg = sf_cfg(t);
  const unsigned d = cfg.d, n = 1u << d;
  hc_sched_case c;
  hc_sf_result r;
  HC_CHECK(t, hc_sf_broadcast2(d, 4 * d, 0, &c) == HC_OK, "cannot build broadcast2");
  hc_driver *drv = hc_test_driver(t, &cfg);
  int ok = drv != NULL && run_case(t, drv, &c, 4, "broadcast2 before wormhole traffic", &r);
  hc_sched_case_free(&c);
  if (!ok) return;
  HC_CHECK(t, hc_driver_set_mode(drv, HC_MODE_WORMHOLE) == HC_OK, "mode write");
  HC_CHECK(t, hc_driver_step(drv) == HC_OK, "step");
  for (unsigned x = 0; x < n; x++) {
    for (unsigned i = 0; i < d; i++)
      HC_CHECK(t, hc_driver_send(drv, x, x ^ (1u << i), 1 + hc_test_randn(t, 6), 0) >= 0, "send");
    HC_CHECK(t, hc_driver_send(drv, x, x ^ (n - 1), 8, 0) >= 0, "send");
  }
  if (!hc_test_drain_and_check(t, drv, 100000)) return;
  hc_log(t, "%u wormhole messages delivered after the store-and-forward run", n * (d + 1));
}
