/*
** L.C. INVERSION of Stout & Wagar (shared/seeds/000 §7.2) as a standalone
** store-and-forward generator: in the d = 2c cube every node x = a 2^c + b
** sends its m words to its transpose partner b 2^c + a by INVERSION in its
** logically connected subcube S_(a,b), pipelined with p packets per
** outgoing physical link (G = p), all l.c. subcubes at once (they share no
** physical link). The construction is in algorithms/sf_sw7_lc.c; this file
** is the record. Size parameter M = m, the words of every node's message.
*/
#include "sf_sw7.h"

static uint32_t unit(const hc_sf_params *p) {
  const unsigned c = p->d / 2 ? p->d / 2 : 1;
  const uint32_t pp = p->g != HC_SF_UNSET && p->g >= 2 ? p->g : hc_sw7_lc_pmin(c);
  return 2 * c * pp;
}

static int check(hc_sf_params *p, char *why, size_t n) { return hc_sw7_lc_check(p, p->m, "M", why, n); }

static int build(const hc_sf_params *p, hc_sched_case *out) { return hc_sw7_lc_build(p->d, p->m, p->g, 0, out); }

static uint64_t formula(const hc_sf_params *p) { return hc_sw7_lc_formula(p->d, p->m, p->g, p->beta); }

static void lower(const hc_sf_params *p, hc_sf_bound *b) { hc_sw7_lc_lower(p->d, p->m, p->beta, b); }

static double boxed(const hc_sf_params *p) { return hc_sw7_lc_boxed(p->m, p->beta); }

const hc_sf_algo hc_sf_algo_lc_inversion = {
    .name = "lc_inversion",
    .source = "000 (Stout & Wagar) §7.2, L.C. INVERSION",
    .param = "M",
    .takes = HC_SF_TAKES_G,
    .formula_text = "(k*p + 1)*(m/(2*k*p) + beta), k*p = (d/2)*G on every l.c. subcube",
    .unit = unit,
    .check = check,
    .build = build,
    .formula = formula,
    .lower = lower,
    .boxed = boxed,
};
