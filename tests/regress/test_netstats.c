/*
** Regressions of the BookSim-style statistics (tb/driver/hc_netstats.h):
** percentiles by nearest rank and the log-linear buckets' resolution on
** latencies whose distribution the test writes itself; the batch-means
** interval and the growth verdict on period series computed by hand; and on
** the network at zero load, the split of packet latency into queueing delay
** and network latency with the documented h + L + 1 (h + 2L with one-flit
** buffers) and hops = the Hamming distance, message by message.
*/
#include <math.h>
#include <stdlib.h>

#include "hc_netstats.h"
#include "hc_test.h"

/* A delivered message created at tc, its head in the NI at th, its tail out at tv. */
static hc_msg fake(uint64_t tc, uint64_t th, uint64_t tv, unsigned src, unsigned dest) {
  hc_msg m = {0};
  m.src = src;
  m.dest = m.phys_dest = dest;
  m.len = 1;
  m.t_create = tc;
  m.t_head = th;
  m.t_deliver = tv;
  m.delivered = 1;
  return m;
}

/* A collector of a 4-cube with flows; NULL (a failed check) if it cannot be made. */
static hc_netstats *collector(hc_test_ctx *t, uint64_t from, uint64_t to, uint64_t period) {
  hc_netstats_cfg c = {4, from, to, period, 1};
  hc_netstats *ns = NULL;
  if (hc_netstats_new(&c, &ns) != HC_OK) hc_test_fail(t, __FILE__, __LINE__, "hc_netstats_new");
  return ns;
}

HC_TEST(netstats_percentiles) {
  hc_netstats *ns = collector(t, 100, 2100, 1000);
  if (!ns) return;
  /* latencies 1..1000, shuffled by a stride coprime to 1000, one per cycle;
  ** queueing 0 for even ones, 1 for odd ones */
  for (unsigned k = 0; k < 1000; k++) {
    const uint64_t lat = (k * 377u) % 1000u + 1u, tc = 100 + k;
    hc_msg m = fake(tc, tc + (lat & 1u), tc + lat, k % 16u, (k * 7u) % 16u);
    HC_CHECK(t, hc_netstats_add(ns, &m) == HC_OK, "add");
  }
  hc_msg early = fake(99, 99, 5000, 0, 1); /* created before the window: not measured */
  HC_CHECK(t, hc_netstats_add(ns, &early) == HC_OK, "add");
  hc_ns_summary s;
  hc_netstats_summary(ns, HC_NS_PACKET, &s);
  HC_CHECK(t, s.n == 1000 && s.min == 1 && s.max == 1000 && fabs(s.mean - 500.5) < 1e-9,
           "n %llu min %llu max %llu mean %g", (unsigned long long)s.n, (unsigned long long)s.min,
           (unsigned long long)s.max, s.mean);
  HC_CHECK(t, s.p50 == 500 && s.p90 == 900 && s.p99 == 990 && s.p999 == 999, "percentiles %llu %llu %llu %llu",
           (unsigned long long)s.p50, (unsigned long long)s.p90, (unsigned long long)s.p99,
           (unsigned long long)s.p999);
  hc_netstats_summary(ns, HC_NS_QUEUE, &s);
  HC_CHECK(t, s.n == 1000 && fabs(s.mean - 0.5) < 1e-9 && s.p50 == 0 && s.p90 == 1, "queueing mean %g", s.mean);
  hc_netstats_summary(ns, HC_NS_NETWORK, &s); /* packet latency less the queueing: odd l -> l - 1 */
  HC_CHECK(t, s.n == 1000 && fabs(s.mean - 500.0) < 1e-9 && s.min == 0 && s.max == 1000, "network mean %g", s.mean);
  uint64_t counts[50], width, total = 0;
  const unsigned used = hc_netstats_histogram(ns, HC_NS_PACKET, 50, counts, &width);
  for (unsigned j = 0; j < used; j++) total += counts[j];
  HC_CHECK(t, used == 50 && width == 20 && total == 1000 && counts[0] == 20 && counts[49] == 20,
           "histogram: %u bins of %llu, %llu values", used, (unsigned long long)width, (unsigned long long)total);
  /* the flows: node k % 16 sends to 7k % 16; 1000 messages over 16 flows */
  hc_ns_flow *fl = NULL;
  uint64_t nf = 0;
  HC_CHECK(t, hc_netstats_flows(ns, &fl, &nf) == HC_OK && nf == 16, "flows: %llu", (unsigned long long)nf);
  uint64_t msgs = 0;
  for (uint64_t k = 0; k < nf; k++) {
    msgs += fl[k].messages;
    HC_CHECK(t, fl[k].dest == (fl[k].src * 7u) % 16u, "flow %u -> %u", fl[k].src, fl[k].dest);
  }
  HC_CHECK(t, msgs == 1000, "flow messages %llu", (unsigned long long)msgs);
  free(fl);
  hc_netstats_free(ns);
}

/* Above 2 * HC_NS_SUB a percentile is its bucket's lower bound: within 1/HC_NS_SUB below the value. */
HC_TEST(netstats_large_values) {
  hc_netstats *ns = collector(t, 0, 10, 10);
  if (!ns) return;
  static const uint64_t lat[] = {2047, 2048, 4097, 1000003, 123456789012ull};
  for (unsigned k = 0; k < 5; k++) {
    hc_msg m = fake(k, k, k + lat[k], 0, 0);
    HC_CHECK(t, hc_netstats_add(ns, &m) == HC_OK, "add");
  }
  hc_ns_summary s;
  hc_netstats_summary(ns, HC_NS_PACKET, &s);
  HC_CHECK(t, s.min == 2047 && s.max == lat[4], "extremes exact");
  HC_CHECK(t, s.p50 <= 4097 && s.p50 >= 4097 - 4097 / HC_NS_SUB, "p50 %llu for 4097", (unsigned long long)s.p50);
  HC_CHECK(t, s.p90 <= lat[4] && s.p90 >= lat[4] - lat[4] / HC_NS_SUB, "p90 %llu", (unsigned long long)s.p90);
  hc_netstats_summary(ns, HC_NS_HOPS, &s);
  HC_CHECK(t, s.max == 0, "hops to self: 0");
  hc_netstats_free(ns);
}

/* Ten periods of 100 cycles, message latencies y[k] in period k. */
static void trend_of(hc_test_ctx *t, const double *y, hc_ns_trend *tr) {
  hc_netstats *ns = collector(t, 0, 1000, 100);
  if (!ns) return;
  for (unsigned k = 0; k < 10; k++) {
    hc_msg m = fake(100u * k, 100u * k, 100u * k + (uint64_t)y[k], 1, 2);
    HC_CHECK(t, hc_netstats_add(ns, &m) == HC_OK, "add");
  }
  hc_netstats_trend(ns, tr);
  hc_netstats_free(ns);
}

HC_TEST(netstats_verdicts) {
  hc_ns_trend tr;
  const double flat[10] = {10, 10, 10, 10, 10, 10, 10, 10, 10, 10};
  trend_of(t, flat, &tr);
  HC_CHECK(t, tr.verdict == HC_NS_STABLE && tr.periods == 10 && tr.ci95 == 0 && tr.mean == 10, "flat: %s",
           hc_ns_verdict_name(tr.verdict));
  /* 9, 11, 9, ...: sd sqrt(10/9), half-width t(9) sd / sqrt(10) = 2.262 * 0.3333 = 0.754, 7.5% of 10 */
  const double alt[10] = {9, 11, 9, 11, 9, 11, 9, 11, 9, 11};
  trend_of(t, alt, &tr);
  HC_CHECK(t, tr.verdict == HC_NS_NOT_CONVERGED && fabs(tr.ci95 - 2.262 / 3.0) < 1e-3, "alternating: %s, ci %g",
           hc_ns_verdict_name(tr.verdict), tr.ci95);
  /* 10 + 5k: growth 45 across a mean of 32.5, an exact line */
  const double grow[10] = {10, 15, 20, 25, 30, 35, 40, 45, 50, 55};
  trend_of(t, grow, &tr);
  HC_CHECK(t, tr.verdict == HC_NS_UNSTABLE && tr.growing && fabs(tr.slope - 5) < 1e-9, "growing: %s, slope %g",
           hc_ns_verdict_name(tr.verdict), tr.slope);
  /* 100 + k: significant but 9% growth across the window: not unstable */
  const double creep[10] = {100, 101, 102, 103, 104, 105, 106, 107, 108, 109};
  trend_of(t, creep, &tr);
  HC_CHECK(t, tr.verdict != HC_NS_UNSTABLE, "creeping 9%%: %s", hc_ns_verdict_name(tr.verdict));
  /* flat latency, but accepted behind offered: by 10% of 1000 flits beyond a
  ** 50-flit network, unstable; by 4%, or within a 200-flit network, not */
  static const uint64_t win[3][3] = {{1000, 900, 50}, {1000, 960, 50}, {1000, 900, 200}};
  for (unsigned c = 0; c < 3; c++) {
    hc_netstats *wn = collector(t, 0, 1000, 100);
    if (!wn) return;
    for (unsigned k = 0; k < 10; k++) {
      hc_msg m = fake(100u * k, 100u * k, 100u * k + 10u, 1, 2);
      HC_CHECK(t, hc_netstats_add(wn, &m) == HC_OK, "add");
    }
    hc_netstats_window(wn, win[c][0], win[c][1], win[c][2]);
    hc_netstats_trend(wn, &tr);
    hc_netstats_free(wn);
    HC_CHECK(t, (tr.verdict == HC_NS_UNSTABLE) == (c == 0) && tr.behind == (c == 0) && !tr.growing,
             "window %u: %s", c, hc_ns_verdict_name(tr.verdict));
  }
  /* three periods are too few for a verdict */
  hc_netstats *ns = collector(t, 0, 300, 100);
  if (!ns) return;
  hc_netstats_trend(ns, &tr);
  HC_CHECK(t, tr.verdict == HC_NS_TOO_SHORT && tr.periods == 0, "empty: %s", hc_ns_verdict_name(tr.verdict));
  hc_netstats_free(ns);
  HC_CHECK(t, fabs(hc_t975(1) - 12.706) < 1e-9 && fabs(hc_t975(60) - 2.000) < 0.003 &&
                  fabs(hc_t975(120) - 1.980) < 0.003,
           "t quantiles");
}

HC_TEST(netstats_refuses) {
  hc_netstats *ns = NULL;
  hc_netstats_cfg c = {4, 10, 10, 1, 0};
  HC_CHECK(t, hc_netstats_new(&c, &ns) == HC_EPARAM, "empty window");
  c.to = 20, c.period = 0;
  HC_CHECK(t, hc_netstats_new(&c, &ns) == HC_EPARAM, "period 0");
  c.period = 1, c.to = 10 + HC_NS_MAX_PERIODS + 1;
  HC_CHECK(t, hc_netstats_new(&c, &ns) == HC_EPARAM, "too many periods");
  c.to = 20, c.d = HC_NS_FLOWS_MAX_D + 1, c.flows = 1;
  HC_CHECK(t, hc_netstats_new(&c, &ns) == HC_EPARAM && !ns, "flows at d = 11");
}

/* One message at a time over the network: queueing 0, network latency the formula. */
HC_TEST(netstats_zero_load) {
  hc_driver *drv = hc_test_driver(t, &t->cfg);
  if (!drv) return;
  const unsigned n = 1u << t->cfg.d, len = 3;
  hc_netstats_cfg c = {t->cfg.d, 0, 1ull << 40, 1ull << 40, 0}; /* one period: the whole test */
  hc_netstats *ns = NULL;
  HC_CHECK(t, hc_netstats_new(&c, &ns) == HC_OK, "hc_netstats_new");
  if (!ns) return;
  hc_driver_on_deliver(drv, hc_netstats_on_deliver, ns);
  const uint64_t slow = t->cfg.buf_depth == 1 || t->cfg.inj_depth == 1, rr = t->cfg.route_reg;
  uint64_t hop_sum = 0, net_sum = 0;
  for (unsigned k = 0; k < 32; k++) {
    const unsigned src = hc_test_randn(t, n), dst = hc_test_randn(t, n);
    const unsigned h = (unsigned)__builtin_popcount(src ^ dst);
    HC_CHECK(t, hc_driver_send(drv, src, dst, len, 0) >= 0, "send");
    if (!hc_test_drain_and_check(t, drv, 1000)) break;
    hop_sum += h;
    /* the registered route adds a cycle per router (tests/regress/test_latency.c) */
    if (rr) {
      const uint64_t ni = h + 2u * len, head = 2u * h + len + 2u;
      net_sum += t->cfg.buf_depth == 1 ? 2u * h + 2u * len + 1u : t->cfg.inj_depth == 1 && ni > head ? ni : head;
    } else {
      net_sum += slow ? h + 2u * len : h + len + 1u;
    }
  }
  hc_ns_summary s;
  hc_netstats_summary(ns, HC_NS_QUEUE, &s);
  HC_CHECK(t, s.n == 32 && s.max == 0, "queueing: %llu messages, max %llu", (unsigned long long)s.n,
           (unsigned long long)s.max);
  hc_netstats_summary(ns, HC_NS_HOPS, &s);
  HC_CHECK(t, fabs(s.mean * 32 - (double)hop_sum) < 1e-6, "hops %g, Hamming %llu/32", s.mean,
           (unsigned long long)hop_sum);
  hc_netstats_summary(ns, HC_NS_NETWORK, &s);
  HC_CHECK(t, fabs(s.mean * 32 - (double)net_sum) < 1e-6, "network latency %g, formula %llu/32", s.mean,
           (unsigned long long)net_sum);
  hc_driver_on_deliver(drv, NULL, NULL);
  hc_netstats_free(ns);
}
