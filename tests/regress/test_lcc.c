/*
** Lockstep regressions of linear-complement communication (issue "T_i(A,b)
** counted in hardware"): for every preset of algorithms/lcc.c that exists at
** the configuration's d, and for random A, b, the hardware's per-channel
** message counters (RTL and model, equal in lockstep) must agree per
** dimension with Theorem 1 and with the e-cube path walk, before and after
** the processor reordering that the network interfaces apply; after the
** optimal reordering every LCP must be contention free (T = 1, Corollary 1)
** and every LCG must reach Corollary 2's bound.
*/
#include "hc_lcc_run.h"
#include "hc_test.h"

static void check_one(hc_test_ctx *t, const char *what, const hc_lcc *l, const int *order) {
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv) return;
  hc_lcc_result r;
  int rc = hc_lcc_run(drv, l, order, 6, 1000000, &r);
  const hc_mismatch *mm = hc_driver_mismatch(drv);
  HC_CHECK(t, !mm, "%s: lockstep mismatch at cycle %llu node %u %s", what,
           mm ? (unsigned long long)mm->cycle : 0ULL, mm ? mm->node : 0, mm ? mm->where : "");
  HC_CHECK(t, rc == HC_OK, "%s: run failed: %s", what, hc_status_name(rc));
  HC_CHECK(t, r.data_ok, "%s: messages lost, duplicated or corrupted", what);
  for (int i = 0; i < r.n; i++)
    HC_CHECK(t, r.agree, "%s: dimension %d: theorem %llu, exact %llu, paths %llu, hardware %llu", what, i,
             (unsigned long long)r.t_theorem[i], (unsigned long long)r.t_exact[i],
             (unsigned long long)r.t_paths[i], (unsigned long long)r.t_hardware[i]);
  if (order) {
    uint64_t T = hc_lcc_max(r.t_hardware, r.n);
    HC_CHECK(t, T <= r.bound, "%s: after optimal reordering the hardware shows T = %llu > bound %llu", what,
             (unsigned long long)T, (unsigned long long)r.bound);
    if (l->kind == HC_LCP) HC_CHECK(t, T <= 1, "%s: LCP not contention free after reordering (T = %llu)", what,
                                    (unsigned long long)T);
  }
  hc_test_close_driver(t); /* before the next run */
}

HC_TEST(lcc_presets_three_counts_agree) {
  int count;
  const hc_lcc_preset_info *p = hc_lcc_presets(&count);
  unsigned ran = 0;
  for (int i = 0; i < count; i++) {
    hc_lcc l;
    if (hc_lcc_preset(p[i].name, (int)t->cfg.d, &l) != HC_OK) continue; /* e.g. odd d */
    int order[32];
    check_one(t, p[i].name, &l, NULL);
    if (t->failed) return;
    HC_CHECK(t, hc_lcc_optimize(&l, order) == HC_OK, "%s: no optimal order", p[i].name);
    check_one(t, p[i].name, &l, order);
    if (t->failed) return;
    ran++;
  }
  hc_log(t, "%u presets at d=%u: theorem, paths and hardware agree, optimum reached", ran, t->cfg.d);
}

HC_TEST(lcc_random_matrices) {
  const int n = (int)t->cfg.d;
  for (int trial = 0; trial < 6; trial++) {
    hc_gf2_mat A;
    hc_gf2_zero(&A, n, n);
    for (int i = 0; i < n; i++) A.r[i] = (uint32_t)hc_test_rand(t) & ((1u << n) - 1);
    if (trial % 2 == 0) { /* make it nonsingular: an LCP */
      while (hc_gf2_rank(&A) < n)
        for (int i = 0; i < n; i++) A.r[i] = (uint32_t)hc_test_rand(t) & ((1u << n) - 1);
    } else if (hc_gf2_rank(&A) == n) {
      A.r[n - 1] = A.r[0]; /* singular: an LCG */
      if (n == 1) A.r[0] = 0;
    }
    hc_lcc l;
    uint32_t b = (uint32_t)hc_test_rand(t) & ((1u << n) - 1);
    HC_CHECK(t, hc_lcc_make(&l, &A, b, HC_LCC_AUTO) == HC_OK, "random LCC rejected");
    int order[32];
    check_one(t, "random", &l, NULL);
    if (t->failed) return;
    HC_CHECK(t, hc_lcc_optimize(&l, order) == HC_OK, "no optimal order");
    check_one(t, "random optimized", &l, order);
    if (t->failed) return;
  }
}
