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
#include <stdlib.h>
#include <string.h>

#include "hc_sched_algos.h"
#include "hc_sf_algo.h"
#include "hc_sf_run.h"
#include "hc_sfload.h"
#include "hc_test.h"

/* The largest cube the model alone runs the schedules on (under the
** sanitizers; a MODEL_CONFIGS cube above it runs them at this d). */
#define SF_MODEL_MAX_D 8

/* The cube the schedules run on: the configuration's (the model alone:
** at most SF_MODEL_MAX_D). */
static hc_cfg sf_cfg(const hc_test_ctx *t) {
  hc_cfg c = t->cfg;
  if (t->sim == HC_SIM_MODEL && c.d > SF_MODEL_MAX_D) c.d = SF_MODEL_MAX_D;
  return c;
}

/* The model's memory for a case above this many bytes is not taken under
** the sanitizers (complete exchange at d >= 7 needs BankAW 15 and up; some
** registry algorithms at d = 7 need 2^16-entry tables). */
#define SF_MODEL_MAX_BYTES (96ull << 20)

/* On the model alone: whether case c is too big to run here (logged): its
** banks, descriptor and segment tables at the geometry it needs. */
static int sf_too_big(hc_test_ctx *t, const char *what, hc_sched_case *c) {
  hc_sf_geom need;
  if (t->sim != HC_SIM_MODEL || hc_sfload_need(c, &need, NULL) != HC_OK) return 0;
  const unsigned d = hc_sched_dim(c->sched);
  const uint64_t ne = (uint64_t)d << d;
  const uint64_t bytes = ((uint64_t)(d + 1) << d << need.bank_aw) * 4 + (ne << need.desc_aw) * (2 + 4 * d) +
                         (ne << need.seg_aw) * 13;
  if (bytes <= SF_MODEL_MAX_BYTES) return 0;
  hc_log(t, "%s: not run on the model here: geometry %u, %u, %u, %llu MiB of tables and banks", what,
         need.bank_aw, need.seg_aw, need.desc_aw, (unsigned long long)(bytes >> 20));
  return 1;
}

/* A network for case c: in lockstep the build's (its geometry is the
** RTL's; a case that does not fit it is refused by the loader), on the
** model alone the configuration with the larger of its geometry and what
** c needs (hc_sfload_need), field by field, as hcsim --sim model does.
** Logs the geometry when it is not the default. */
static hc_driver *sf_driver(hc_test_ctx *t, const hc_cfg *cfg, hc_sched_case *c) {
  hc_cfg g = *cfg;
  hc_sf_geom need;
  if (t->sim == HC_SIM_MODEL && hc_sfload_need(c, &need, NULL) == HC_OK) {
    hc_sf_geom r = hc_sf_geom_resolve(g.sf);
    if (need.bank_aw > r.bank_aw) r.bank_aw = need.bank_aw;
    if (need.seg_aw > r.seg_aw) r.seg_aw = need.seg_aw;
    if (need.desc_aw > r.desc_aw) r.desc_aw = need.desc_aw;
    g.sf = r;
    if (!hc_sf_geom_eq(r, (hc_sf_geom){0, 0, 0}))
      hc_log(t, "model geometry BankAW %u, SegAW %u, DescAW %u (the default does not hold the case)", r.bank_aw,
             r.seg_aw, r.desc_aw);
  }
  return hc_test_driver(t, &g);
}

/* Run case c with beta and hc_sf_run_ex's flags; checks lockstep, data,
** the executor's completion and the counters. Returns 1 if all is well. */
static int run_case_ex(hc_test_ctx *t, hc_driver *drv, hc_sched_case *c, uint32_t beta, unsigned flags,
                       const char *what, hc_sf_result *r) {
  hc_sched_err err = {0};
  int rc = hc_sf_run_ex(drv, c, beta, flags, r, &err);
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
  if (r->load_packets) {
    hc_test_fail(t, __FILE__, __LINE__, "%s: %llu packets started during the load, before the start", what,
                 (unsigned long long)r->load_packets);
    return 0;
  }
  hc_log(t, "%s: %llu cycles, %llu packets, %zu words checked, %llu writes to load", what,
         (unsigned long long)r->cycles, (unsigned long long)r->packets, r->checked,
         (unsigned long long)r->load_cycles);
  return 1;
}

/* run_case_ex on a fresh backend (hc_driver_reset first). */
static int run_case(hc_test_ctx *t, hc_driver *drv, hc_sched_case *c, uint32_t beta, const char *what,
                    hc_sf_result *r) {
  return run_case_ex(t, drv, c, beta, 0, what, r);
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
    hc_driver *drv = sf_driver(t, &cfg, &c);
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
    if (t->sim == HC_SIM_MODEL && d > 6) { /* 2^d lcm(1..d) words a node: BankAW 16 at d = 7 */
      hc_log(t, "complete_exchange d=%u: not run on the model here (BankAW 16 and up)", d);
      return;
    }
    HC_CHECK(t, hc_sf_complete_exchange(d, ms[i], &c) == HC_OK, "cannot build complete_exchange");
    snprintf(what, sizeof what, "complete_exchange d=%u m=%u beta=%u", d, ms[i], betas[i]);
    if (sf_too_big(t, what, &c)) {
      hc_sched_case_free(&c);
      return;
    }
    hc_driver *drv = sf_driver(t, &cfg, &c);
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
    hc_driver *drv = sf_driver(t, &cfg, &c);
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

/* The other two rows of 002's Table 1 on the network: the multinode
** broadcast and the single node scatter (random root) take ceil((2^d-1)/d)
** units of k + beta cycles, with 2^d (2^d - 1) and d 2^(d-1) packet
** transmissions in the hardware's TX counters. */
HC_TEST(sf_bert_table1) {
  const hc_cfg cfg = sf_cfg(t);
  const unsigned d = cfg.d;
  const uint32_t ks[2] = {1, 3};
  const uint32_t betas[2] = {6, HC_SF_BETA_MIN};
  const uint64_t n = 1ull << d, units = (n - 1) / d + ((n - 1) % d != 0);
  for (unsigned i = 0; i < 4; i++) {
    const int scatter = i >= 2;
    const uint32_t k = ks[i % 2], beta = betas[i % 2], src = scatter ? hc_test_randn(t, (uint32_t)n) : 0;
    hc_sched_case c;
    hc_sf_result r;
    char what[96];
    HC_CHECK(t, (scatter ? hc_sf_single_node_scatter(d, k, src, &c) : hc_sf_multinode_broadcast(d, k, &c)) == HC_OK,
             "cannot build %s", scatter ? "single_node_scatter" : "multinode_broadcast");
    snprintf(what, sizeof what, "%s d=%u k=%u beta=%u src=%u", scatter ? "single_node_scatter" : "multinode_broadcast",
             d, k, beta, src);
    hc_driver *drv = sf_driver(t, &cfg, &c);
    int ok = drv != NULL && run_case(t, drv, &c, beta, what, &r);
    hc_sched_case_free(&c);
    if (!ok) return;
    HC_CHECK(t, r.cycles == units * (k + beta), "%s: %llu cycles, 002: ceil((2^d-1)/d) (k + beta) = %llu", what,
             (unsigned long long)r.cycles, (unsigned long long)(units * (k + beta)));
    const uint64_t optimum = scatter ? (uint64_t)d << (d - 1) : n * (n - 1);
    HC_CHECK(t, r.packets == optimum, "%s: %llu packet transmissions (hardware counters), optimum %llu", what,
             (unsigned long long)r.packets, (unsigned long long)optimum);
  }
}

/* Largest d at which every registered algorithm runs in lockstep in make
** test (each run loads and reads back every word through the one-word
** configuration port; at d = 5 the whole registry would take minutes). */
#define EVERY_MAX_D_RTL 4

/* The same on the model alone: at d = 7 the registry's cases themselves
** (schedule, initial and expected memory of every node) take gigabytes
** under the sanitizers. */
#define EVERY_MAX_D_MODEL 6

/* From this d on, a lockstep run in make test takes one algorithm in
** EVERY_PART of the registry (the part chosen by the test's seed, so other
** seeds take the others); make test-long (HC_TEST_LONG=1) takes them all.
** Most of such a run is the configuration port's loading and read-back,
** which every algorithm exercises alike; d = 3 runs the whole registry in
** lockstep and d = 4..6 on the model. */
#define EVERY_PART_D_RTL 4
#define EVERY_PART 4u

/* One registered algorithm on drv at d with its smallest valid size (twice
** that for a unit below 8), random SRC/PERM where it takes them; 1 if it ran and was right,
** 0 after a failure, -1 if its check() refuses this d (logged). */
static int run_registered(hc_test_ctx *t, hc_driver *drv, const hc_cfg *cfg, const hc_sf_algo *al,
                          uint32_t beta) {
  const unsigned d = cfg->d, n = 1u << d;
  static uint32_t perm[1u << HC_SF_MAX_D];
  hc_sf_params p;
  hc_sf_params_init(&p, d, 0, beta);
  if (al->takes & HC_SF_TAKES_SRC) p.src = hc_test_randn(t, n);
  if (al->takes & HC_SF_TAKES_PERM) {
    HC_CHECK_RET(t, hc_sf_perm_named("random", d, hc_test_randn(t, 1u << 16), perm, NULL, 0) == HC_OK, 0,
                 "random permutation");
    p.perm = perm;
  }
  /* the smallest multiple of the unit (twice that for a unit below 8) that
  ** the algorithm accepts here (DISTRIBUTE 2 needs m large against beta) */
  const uint32_t u = al->unit(&p), m0 = u ? u * (u < 8 ? 2 : 1) : 1;
  char why[256], what[160];
  for (uint32_t k = 0; k < 64; k++) {
    hc_sf_params q = p;
    q.m = m0 + k * (u ? u : 1);
    if (al->check(&q, NULL, 0) == HC_OK) {
      p.m = q.m;
      break;
    }
  }
  if (!p.m) p.m = m0;
  if (al->check(&p, why, sizeof why) != HC_OK) {
    hc_log(t, "%s at d=%u: not run (%s)", al->name, d, why);
    return -1;
  }
  hc_sched_case c;
  HC_CHECK_RET(t, al->build(&p, &c) == HC_OK, 0, "%s: cannot build at d=%u m=%u", al->name, d, p.m);
  /* What the hardware's tables cannot hold is refused by the loader with
  ** one line (HC_EFIT); that is the loader's test, not this one's. */
  const int own = drv == NULL;
  if (own && sf_too_big(t, al->name, &c)) {
    hc_sched_case_free(&c);
    return -1;
  }
  if (own && !(drv = sf_driver(t, cfg, &c))) {
    hc_sched_case_free(&c);
    return 0;
  }
  hc_sfload img;
  hc_sched_err ferr = {0};
  if (hc_sfload_build(&c, beta, hc_driver_cfg(drv)->sf, &img, &ferr) != HC_OK) {
    if (own) hc_test_close_driver(t);
    hc_sched_case_free(&c);
    HC_CHECK_RET(t, ferr.code == HC_EFIT, 0, "%s: the loader refused d=%u m=%u: %s", al->name, d, p.m, ferr.msg);
    hc_log(t, "%s at d=%u m=%u: does not fit this build (%s)", al->name, d, p.m, ferr.msg);
    return -1;
  }
  hc_sfload_free(&img);
  snprintf(what, sizeof what, "%s d=%u m=%u beta=%u src=%d", al->name, d, p.m, beta,
           (al->takes & HC_SF_TAKES_SRC) ? (int)p.src : -1);
  hc_sf_result r;
  const int ok = run_case(t, drv, &c, beta, what, &r);
  hc_sched_case_free(&c);
  if (own) hc_test_close_driver(t);
  if (!ok) return 0;
  /* The paper's time (the record's formula, checked against the papers'
  ** expressions in tests/unit/test_sf_*.c) and the section 9 bound. */
  const uint64_t f = hc_sf_expected(al, &p);
  hc_sf_bound b;
  al->lower(&p, &b);
  HC_CHECK_RET(t, r.cycles == f, 0, "%s: %llu cycles on the network, the paper's %s gives %llu", what,
               (unsigned long long)r.cycles, al->formula_text, (unsigned long long)f);
  HC_CHECK_RET(t, r.cycles >= b.cycles, 0, "%s: %llu cycles, below the section 9 bound %llu", what,
               (unsigned long long)r.cycles, (unsigned long long)b.cycles);
  return 1;
}

/* Every algorithm of the registry (algorithms/sf_list.h) on this cube: data
** word by word, lockstep, the executor's completion and counters, and the
** paper's formula to the cycle. */
HC_TEST(sf_every_algorithm) {
  const hc_cfg cfg = sf_cfg(t);
  if (cfg.d > (t->sim != HC_SIM_MODEL ? EVERY_MAX_D_RTL : EVERY_MAX_D_MODEL)) {
    hc_log(t, "d=%u: every algorithm runs in lockstep at d <= %d and on the model at d <= %d", cfg.d,
           EVERY_MAX_D_RTL, EVERY_MAX_D_MODEL);
    return;
  }
  unsigned ran = 0;
  /* In lockstep one network for all (hc_sf_run starts every run from a
  ** reset driver); on the model one for each, with the geometry its case
  ** needs. */
  hc_driver *drv = NULL;
  if (t->sim != HC_SIM_MODEL && !(drv = hc_test_driver(t, &cfg))) return;
  const char *lg = getenv("HC_TEST_LONG");
  const int part = t->sim != HC_SIM_MODEL && cfg.d >= EVERY_PART_D_RTL && !(lg && strcmp(lg, "1") == 0);
  const size_t mine = (size_t)(t->seed % EVERY_PART);
  if (part) hc_log(t, "d=%u: the algorithms numbered %zu mod %u of the registry (HC_TEST_LONG=1 runs all)", cfg.d,
                   mine, EVERY_PART);
  for (const hc_sf_algo *const *a = hc_sf_algos; *a; a++) {
    const size_t i = (size_t)(a - hc_sf_algos);
    if (part && i % EVERY_PART != mine) continue;
    const int rc = run_registered(t, drv, &cfg, *a, (part ? i / EVERY_PART : i) % 2 ? 5 : HC_SF_BETA_MIN);
    if (rc == 0) return;
    ran += rc > 0;
  }
  HC_CHECK(t, ran > 0, "no algorithm ran at d=%u", cfg.d);
  hc_log(t, "%u algorithms ran at d=%u", ran, cfg.d);
}

/* Johnsson's (003) schedules in lockstep on the 5-cube, which make
** test-long builds (sf_every_algorithm stops at d = 4 in lockstep): every
** 003 record that takes d = 5 and whose case this build's geometry holds,
** with sf_every_algorithm's checks (data, lockstep, the executor's
** completion and counters, the paper's count to the cycle). Nothing on the
** model (sf_every_algorithm runs them there up to d = 6) or other cubes. */
HC_TEST(sf_johnsson_d5) {
  const hc_cfg cfg = sf_cfg(t);
  if (t->sim == HC_SIM_MODEL || cfg.d != 5) {
    hc_log(t, "Johnsson's schedules at d = 5: lockstep on the 5-cube only (here %s, d = %u)",
           t->sim == HC_SIM_MODEL ? "the model" : "lockstep", cfg.d);
    return;
  }
  hc_driver *drv = hc_test_driver(t, &cfg);
  if (!drv) return;
  unsigned ran = 0, not_run = 0, i = 0;
  for (const hc_sf_algo *const *a = hc_sf_algos; *a; a++) {
    if (strncmp((*a)->source, "003", 3) != 0) continue;
    const int rc = run_registered(t, drv, &cfg, *a, i++ % 2 ? 5 : HC_SF_BETA_MIN);
    if (rc == 0) return;
    ran += rc > 0;
    not_run += rc < 0;
  }
  HC_CHECK(t, ran > 0, "none of Johnsson's schedules ran at d = 5");
  hc_log(t, "%u of Johnsson's schedules ran in lockstep at d = 5, %u not (the reasons are logged)", ran, not_run);
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
    hc_driver *drv = sf_driver(t, &cfg, &c);
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
  hc_driver *drv = sf_driver(t, &cfg, &c);
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
  hc_driver *drv = sf_driver(t, &cfg, &c);
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
  hc_driver *drv = sf_driver(t, &cfg, &c);
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

/* Schedules loaded back to back with no reset between them, through the
** port cycle by cycle, as the board's program loads them: a run's engines
** stop at its end, so the next load's counts (written first) cannot start a
** packet from the tables of the run before (docs/store_and_forward.md,
** section 7.3: a write to a node's tables disarms the engines until the
** next start). Each run must still deliver its data and finish in its
** formula's cycle: 000 §2's m + d beta for BROADCAST 2, 002 §4's 2^(d-1)
** (beta + k) for the total exchange, whose links carry more packets than
** the broadcast's, so its counts lie above where the broadcast's engines
** stopped. */
HC_TEST(sf_back_to_back) {
  const hc_cfg cfg = sf_cfg(t);
  const unsigned d = cfg.d;
  const uint32_t beta = HC_SF_BETA_MIN;
  hc_sched_case c[3];
  uint64_t formula[3];
  HC_CHECK(t, hc_sf_broadcast2(d, 2 * d, 0, &c[0]) == HC_OK, "cannot build broadcast2");
  formula[0] = 2ull * d + (uint64_t)d * beta;
  HC_CHECK(t, hc_sf_total_exchange(d, 2, &c[1]) == HC_OK, "cannot build total_exchange");
  formula[1] = ((uint64_t)1 << (d - 1)) * (beta + 2);
  HC_CHECK(t, hc_sf_broadcast2(d, d, (1u << d) - 1, &c[2]) == HC_OK, "cannot build broadcast2");
  formula[2] = (uint64_t)d + (uint64_t)d * beta;
  hc_driver *drv = sf_driver(t, &cfg, &c[1]);
  for (unsigned k = 0; k < 3 && drv != NULL; k++) {
    hc_sf_result r;
    char what[96];
    snprintf(what, sizeof what, "run %u of 3 back to back (%s)", k + 1, k == 1 ? "total_exchange" : "broadcast2");
    if (!run_case_ex(t, drv, &c[k], beta, HC_SF_RUN_PORT | (k ? HC_SF_RUN_NORESET : 0), what, &r)) break;
    if (r.cycles != formula[k]) {
      hc_test_fail(t, __FILE__, __LINE__, "%s: %llu cycles, formula %llu", what, (unsigned long long)r.cycles,
                   (unsigned long long)formula[k]);
      break;
    }
  }
  for (unsigned k = 0; k < 3; k++) hc_sched_case_free(&c[k]);
}
