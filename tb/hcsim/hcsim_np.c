/*
** `hcsim --algo mmc2 ...`: a node program of Johnsson's matrix algorithms
** (algorithms/hc_np_algo.h; docs/johnsson.md, "Node programs and matrix
** products") on the store-and-forward network (or --sim exec: the
** reference executor alone). Prints the numerical check against the host's
** computation, the communication cycles summed over the phases, the
** measured communication steps (cycles / (1 + beta): one element of one
** word per packet) beside the count from first principles (must be exact)
** and the paper's count (with how the two relate), the arithmetic steps of
** the busiest node beside the paper's, and with --json the same as JSON.
*/
#include <stdio.h>
#include <string.h>

#include "hc_np_run.h"
#include "hc_report.h"
#include "hcsim.h"

/* A run and what it is measured against. */
typedef struct np_out {
  const hc_np_algo *a;
  hc_np_params p;
  hc_np_result r;
  hc_np_net net;
  int rc;
  const hc_mismatch *mm;
  hc_sf_geom need;
  const char *geom_why;
  uint64_t paper, arith, paper_arith, first;
} np_out;

static const char *backend_name(const hcsim_opts *o) { return o->exec_only ? "exec" : hc_sim_name(o->sim); }

/* The parameters from the command line, checked by the program. */
static void params(const hcsim_opts *o, np_out *s) {
  char why[256];
  hc_np_params_init(&s->p, o->cfg.d, o->set[HO_N] ? (uint32_t)o->n : HC_NP_UNSET, (uint32_t)o->beta, o->cfg.w,
                    o->seed);
  if (o->set[HO_RHS]) s->p.r = (uint32_t)o->rhs;
  if (s->a->check(&s->p, why, sizeof why) != HC_OK) hcsim_die("%s: %s", s->a->name, why);
}

/* The geometry: on the model alone what the phases need (at least the
** default); with the RTL the build's, refused with the make command that
** builds one that holds the program. */
static void pick_geometry(hcsim_opts *o, np_out *s) {
  char why[512];
  const int rc = hc_np_need(s->a, &s->p, &s->need, why, sizeof why);
  if (rc == HC_EFIT) hcsim_die("%s d=%u N=%u does not fit any build: %s", s->a->name, o->cfg.d, s->p.n, why);
  if (rc != HC_OK) hcsim_die("%s: %s", s->a->name, why);
  hc_sf_geom g = hc_sf_geom_resolve(o->cfg.sf);
  const hc_sf_geom n = s->need;
  if (o->sim == HC_SIM_MODEL) {
    if (n.bank_aw > g.bank_aw) g.bank_aw = n.bank_aw;
    if (n.seg_aw > g.seg_aw) g.seg_aw = n.seg_aw;
    if (n.desc_aw > g.desc_aw) g.desc_aw = n.desc_aw;
    s->geom_why = hc_sf_geom_eq(g, o->cfg.sf) ? "the default" : "sized to the program's largest phase";
    o->cfg.sf = g;
    return;
  }
  s->geom_why = "the RTL build's";
  if (n.bank_aw <= g.bank_aw && n.seg_aw <= g.seg_aw && n.desc_aw <= g.desc_aw) return;
  hcsim_die("%s d=%u N=%u does not fit this RTL build (SFGEOM=%u,%u,%u): its phases need %u,%u,%u; build one with "
            "make sim ALGO=%s D=%u N=%u SFGEOM=%u,%u,%u ... (or SIM=model)",
            s->a->name, o->cfg.d, s->p.n, g.bank_aw, g.seg_aw, g.desc_aw, n.bank_aw, n.seg_aw, n.desc_aw,
            s->a->name, o->cfg.d, s->p.n, n.bank_aw > g.bank_aw ? n.bank_aw : g.bank_aw,
            n.seg_aw > g.seg_aw ? n.seg_aw : g.seg_aw, n.desc_aw > g.desc_aw ? n.desc_aw : g.desc_aw);
}

static const char *exact(int ok) { return ok ? "(exact)" : "(DIFFERS)"; }

static void print_steps(const np_out *s) {
  const hc_np_params *p = &s->p;
  const hc_np_result *r = &s->r;
  const uint64_t unit = 1ull + p->beta;
  const int whole = r->cycles % unit == 0;
  printf("%-12s measured %llu over %u phases (each start to sf_done)%s\n", "cycles", (unsigned long long)r->cycles,
         r->phases, s->net.drv ? ", every phase equal to the executor's" : " (the reference executor)");
  if (whole)
    printf("%-12s measured %llu = %llu cycles / (1 word + beta = %llu); first principles %s = %llu %s\n", "steps",
           (unsigned long long)(r->cycles / unit), (unsigned long long)r->cycles, (unsigned long long)unit,
           s->a->steps_text, (unsigned long long)s->first, exact(r->steps_ok && r->cycles / unit == s->first));
  else
    printf("%-12s measured %.3f = %llu cycles / %llu, not a whole number; first principles %s = %llu (DIFFERS)\n",
           "steps", (double)r->cycles / (double)unit, (unsigned long long)r->cycles, (unsigned long long)unit,
           s->a->steps_text, (unsigned long long)s->first);
  if (!r->steps_ok)
    printf("%-12s phase %u took %llu cycles, its count is %llu steps\n", "", r->bad_phase,
           (unsigned long long)r->bad_cycles, (unsigned long long)s->a->steps(p, r->bad_phase));
  if (s->paper == HC_NP_NA)
    printf("%-12s n/a: the paper's %s (%s) does not cover N = %u; %s\n", "paper", s->a->paper_steps_text,
           s->a->paper_source, s->p.n, s->a->relation);
  else
    printf("%-12s %s = %llu (%s); first principles - paper = %+lld: %s\n", "paper", s->a->paper_steps_text,
           (unsigned long long)s->paper, s->a->paper_source, (long long)s->first - (long long)s->paper,
           s->a->relation);
  printf("%-12s", "phase steps");
  for (unsigned i = 0; i < r->phases; i++)
    printf(" %llu", (unsigned long long)(r->phase_cycles[i] / unit));
  printf(" (measured, phase 0 first)\n");
}

static void print_arith(const np_out *s) {
  const hc_np_result *r = &s->r;
  const hc_np_ops *m = &r->ops_max;
  printf("%-12s in sequence %llu (each compute step as long as its busiest node); first principles %s = %llu %s\n",
         "arithmetic", (unsigned long long)r->arith_seq, s->a->arith_text, (unsigned long long)s->arith,
         exact(r->arith_seq == s->arith));
  if (s->paper_arith == HC_NP_NA)
    printf("%-12s n/a: the paper's %s (%s) does not cover N = %u\n", "paper arith", s->a->paper_arith_text,
           s->a->paper_source, s->p.n);
  else
    printf("%-12s %s = %llu (%s) %s\n", "paper arith", s->a->paper_arith_text, (unsigned long long)s->paper_arith,
           s->a->paper_source, r->arith_seq == s->paper_arith ? "(equal)" : "(differs: see docs/johnsson.md)");
  printf("%-12s busiest node %u: %llu (%llu multiply-adds, %llu mul, %llu add, %llu div); least busy %llu\n",
         "per node", r->ops_node, (unsigned long long)r->arith_max, (unsigned long long)m->madd,
         (unsigned long long)m->mul, (unsigned long long)m->add, (unsigned long long)m->div,
         (unsigned long long)r->arith_min);
}

static void print_np(const hcsim_opts *o, const np_out *s) {
  const hc_np_params *p = &s->p;
  const hc_np_result *r = &s->r;
  printf("%-12s %s\n%-12s %s\n%-12s %s\n", "algo", s->a->name, "source", s->a->source, "what", s->a->summary);
  if (o->exec_only)
    printf("%-12s the execution model's reference executor, d=%u (%u nodes), w=%u\n", "network", p->d, 1u << p->d,
           p->w);
  else
    printf("%-12s store-and-forward multiport (mode 1), d=%u (%u nodes), w=%u, backend %s\n", "network", p->d,
           1u << p->d, p->w, hc_sim_name(o->sim));
  printf("%-12s N = %u%s on a %ux%u array (k = %u, M = N/2^k = %u), integers mod 2^%u, seed %llu, beta %u, %u "
         "words a node\n",
         "problem", p->n, p->n_defaulted ? " (the default)" : "", p->p, p->p, p->k, p->m, p->w,
         (unsigned long long)p->seed, p->beta, p->mem);
  if (s->a->takes_rhs) printf("%-12s R = %u right-hand side%s%s\n", "", p->r, p->r == 1 ? "" : "s", p->r_defaulted ? " (the default)" : "");
  if (s->rc != HC_OK) printf("%-12s %s (%s)\n", "error", r->why, hc_status_name(s->rc));
  else printf("%-12s %s\n", "check", r->verified ? "equal to the host's computation, every element (exact)" : r->why);
  if (s->rc == HC_OK) {
    print_steps(s);
    print_arith(s);
  }
  if (!o->exec_only) {
    printf("%-12s BankAW %u, SegAW %u, DescAW %u (%s); the phases need %u, %u, %u\n", "geometry", s->net.geom.bank_aw,
           s->net.geom.seg_aw, s->net.geom.desc_aw, s->geom_why, s->need.bank_aw, s->need.seg_aw, s->need.desc_aw);
    printf("%-12s %llu configuration writes, %llu read-back cycles, %llu words compared%s\n", "port",
           (unsigned long long)s->net.load_cycles, (unsigned long long)s->net.read_cycles,
           (unsigned long long)s->net.words_checked,
           s->net.backdoor ? " (what the port would take: the model's back door, no cycles run)" : "");
  }
  printf("%-12s %s\n", "lockstep", o->exec_only ? "n/a" : hc_report_lockstep(o->sim, s->mm));
  if (s->mm) hc_report_mismatch(stdout, 12, s->mm);
}

/* A count, or null where the paper's does not apply. */
static void json_count(FILE *f, uint64_t v) {
  if (v == HC_NP_NA) fputs("null", f);
  else fprintf(f, "%llu", (unsigned long long)v);
}

static void json_np(FILE *f, const hcsim_opts *o, const np_out *s) {
  const hc_np_params *p = &s->p;
  const hc_np_result *r = &s->r;
  const uint64_t unit = 1ull + p->beta;
  fprintf(f, "{\n  \"algo\": \"%s\",\n  \"source\": ", s->a->name);
  hc_json_str(f, s->a->source);
  fprintf(f, ",\n  \"mode\": \"node_program\",\n  \"backend\": \"%s\",\n  \"d\": %u,\n  \"k\": %u,\n  \"w\": %u,\n",
          backend_name(o), p->d, p->k, p->w);
  fprintf(f, "  \"n\": %u,\n  \"m\": %u,\n  \"beta\": %u,\n  \"seed\": %llu,\n  \"words_per_node\": %u,\n", p->n, p->m,
          p->beta, (unsigned long long)p->seed, p->mem);
  if (s->a->takes_rhs) fprintf(f, "  \"rhs\": %u,\n", p->r);
  else fprintf(f, "  \"rhs\": null,\n");
  fprintf(f, "  \"phases\": %u,\n  \"cycles\": %llu,\n  \"phase_cycles\": [", r->phases, (unsigned long long)r->cycles);
  for (unsigned i = 0; i < r->phases; i++) fprintf(f, "%s%llu", i ? ", " : "", (unsigned long long)r->phase_cycles[i]);
  fprintf(f, "],\n  \"steps\": ");
  hc_json_num(f, (double)r->cycles / (double)unit);
  fprintf(f, ",\n  \"steps_first_principles\": %llu,\n  \"steps_formula\": \"%s\",\n  \"steps_exact\": %s,\n",
          (unsigned long long)s->first, s->a->steps_text,
          s->rc == HC_OK && r->steps_ok && r->cycles == s->first * unit ? "true" : "false");
  fprintf(f, "  \"paper_steps\": ");
  json_count(f, s->paper);
  fprintf(f, ",\n  \"paper_steps_formula\": \"%s\",\n  \"paper_source\": \"%s\",\n", s->a->paper_steps_text,
          s->a->paper_source);
  fprintf(f, "  \"arith_steps\": %llu,\n  \"arith_busiest_node\": %llu,\n  \"arith_least_busy_node\": %llu,\n",
          (unsigned long long)r->arith_seq, (unsigned long long)r->arith_max, (unsigned long long)r->arith_min);
  fprintf(f, "  \"madd\": %llu,\n  \"div\": %llu,\n", (unsigned long long)r->ops_max.madd,
          (unsigned long long)r->ops_max.div);
  fprintf(f, "  \"arith_first_principles\": %llu,\n  \"paper_arith\": ", (unsigned long long)s->arith);
  json_count(f, s->paper_arith);
  fprintf(f, ",\n  \"paper_arith_formula\": \"%s\",\n", s->a->paper_arith_text);
  if (!o->exec_only)
    fprintf(f, "  \"config_writes\": %llu,\n  \"readback_reads\": %llu,\n  \"load_path\": \"%s\",\n",
            (unsigned long long)s->net.load_cycles, (unsigned long long)s->net.read_cycles,
            s->net.backdoor ? "backdoor" : "port");
  fprintf(f, "  \"data_ok\": %s,\n  \"lockstep\": \"%s\",\n  \"status\": %d\n}\n",
          s->rc == HC_OK && r->verified ? "true" : "false", o->exec_only ? "n/a" : hc_report_lockstep(o->sim, s->mm),
          s->rc);
}

int hcsim_np(hcsim_opts *o) {
  static np_out s;
  s.a = hc_np_algo_find(o->algo);
  if (!s.a) hcsim_die("unknown algorithm '%s' (make sim ALGO=list shows them)", o->algo);
  if (!o->exec_only && o->beta < HC_SF_BETA_MIN)
    hcsim_die("BETA=%lu: the hardware needs beta >= %d cycles per packet (docs/store_and_forward.md, section 7.4); "
              "SIM=exec runs the paper's beta >= 0 on the reference executor",
              o->beta, HC_SF_BETA_MIN);
  if (o->exec_only && o->waves) hcsim_die("--waves: SIM=exec runs no network, so there is no waveform");
  hcsim_config(o);
  params(o, &s);
  if (o->check_only) return 0; /* make sim validates before building RTL */
  hcsim_run run = {0};
  if (o->exec_only) {
    if (o->json && !(run.json = fopen(o->json, "w"))) hcsim_die("--json: cannot write '%s'", o->json);
    s.rc = hc_np_run(s.a, &s.p, NULL, NULL, &s.r);
  } else {
    pick_geometry(o, &s);
    hcsim_open(o, &run);
    s.rc = hc_np_run_net(run.drv, s.a, &s.p, 0, &s.net, &s.r);
    s.mm = hc_driver_mismatch(run.drv);
  }
  if (s.rc == HC_ENOMEM) hcsim_die("out of memory running %s", s.a->name);
  s.first = 0;
  for (unsigned i = 0; i < s.p.phases; i++) s.first += s.a->steps(&s.p, i);
  s.paper = s.a->paper_steps(&s.p);
  s.arith = s.a->arith(&s.p);
  s.paper_arith = s.a->paper_arith(&s.p);
  if (!o->quiet) print_np(o, &s);
  if (run.json) json_np(run.json, o, &s);
  const int ok = s.rc == HC_OK && s.r.verified && s.r.steps_ok && s.r.cycles == s.first * (1ull + s.p.beta) &&
                 s.r.arith_seq == s.arith && !s.mm;
  hc_np_result_free(&s.r);
  if (o->exec_only) {
    if (run.json && fclose(run.json) != 0) hcsim_die("--json: cannot write '%s'", o->json);
    return ok ? 0 : HCSIM_EXIT_CHECK;
  }
  return hcsim_close(o, &run, ok ? 0 : HCSIM_EXIT_CHECK);
}
