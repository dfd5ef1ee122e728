/*
** `hcsim --algo broadcast2|complete_exchange|total_exchange|sched`: a
** store-and-forward schedule of algorithms/ (or from a file) run on the
** network in mode 1 (docs/store_and_forward.md): generated, validated,
** loaded through the configuration port, run, read back and checked word by
** word against what the communication means (tb/driver/hc_sf_run.h), with
** the measured completion printed beside the paper's formula, the lower
** bound and the reference executor's completion. Measured is never fitted
** to the formula: both are printed.
*/
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "hc_report.h"
#include "hc_sf_algo.h"
#include "hc_sf_run.h"
#include "hc_sfload.h"
#include "hcsim.h"

/* The case to run and what it is measured against. */
typedef struct sf_case {
  hc_sched_case c;
  const char *name, *source;
  const char *pname; /* "m" or "k" */
  uint32_t size;     /* 0 for a file */
  int has_formula;
  uint64_t formula, lower;
  const char *formula_text;
  hc_sf_params p;    /* a generator's parameters, checked */
  hc_sf_bound bound; /* its section 9 bound */
  unsigned takes;    /* which optional parameters it takes (HC_SF_TAKES_*) */
  int64_t constant;  /* formula = the paper's + constant (documented) */
  const char *constant_why;
  double boxed;      /* the paper's optimum at real g, or -1 */
  uint64_t opt_units, opt_tx;              /* 002 Table 1's optima, or 0 */
  const char *opt_units_text, *opt_tx_text; /* their expressions */
  uint64_t steps;    /* 003's routing-step count + steps_constant, or 0 */
  const hc_sf_algo *al; /* the generator, or NULL for a file */
  uint64_t root_pk[HC_SCHED_MAX_D];         /* packets SRC sent on each of its links */
  int have_root_pk;                         /* the algorithm takes SRC and the run finished */
  uint32_t perm[1u << HC_SF_MAX_D];
  hc_sf_geom need;   /* the smallest geometry that holds the case */
  int have_need;     /* need is known (the case passed the loader's analysis) */
  const char *geom_why; /* where the network's geometry comes from */
  char size_note[512];  /* why a defaulted M or K is below the default, or "" */
} sf_case;

/* Read, check and validate the schedule file path for a d-cube into c. */
static void read_sched_file(const char *path, unsigned d, hc_sched_case *c) {
  hc_sched_err err = {0};
  FILE *f = fopen(path, "r");
  if (!f) hcsim_die("--sched: cannot read '%s': %s", path, strerror(errno));
  memset(c, 0, sizeof *c);
  int rc = hc_sched_read(f, &c->sched, &err);
  fclose(f);
  if (rc == HC_ENOMEM) hcsim_die("out of memory reading %s", path);
  if (rc != HC_OK && err.line) hcsim_die("%s:%lu: %s", path, err.line, err.msg);
  if (rc != HC_OK) hcsim_die("--sched %s: %s", path, err.msg);
  const unsigned sd = hc_sched_dim(c->sched);
  if (sd != d) hcsim_die("%s is a schedule for a %u-cube; run it with D=%u (--d %u)", path, sd, sd, sd);
  rc = hc_sched_validate(c->sched, &err);
  if (rc == HC_ENOMEM) hcsim_die("out of memory validating %s", path);
  if (rc != HC_OK && err.line) hcsim_die("%s:%lu: %s", path, err.line, err.msg);
  if (rc != HC_OK) hcsim_die("%s: %s", path, err.msg);
  /* no own data (so, valid, no packets either): a run would compare 0 words and prove nothing */
  if (hc_sched_num_own(c->sched) == 0)
    hcsim_die("%s: the schedule has no words (no own line, so no packets): nothing to run or check", path);
  if (hc_sched_case_alloc(c) != HC_OK) hcsim_die("out of memory");
}

/* Own data gets the usual tags, and every word that is own data or written
** by a packet is cared for; returns the busiest link's total of beta +
** words, a lower bound on the completion (a link carries its packets one
** after the other). */
static uint64_t mark_words(hc_sched_case *c, unsigned d, uint32_t beta) {
  const uint32_t mw = hc_sched_mem_words(c->sched), nodes = hc_sched_nodes(c->sched);
  memset(c->care, 0, (size_t)nodes * mw);
  for (size_t i = 0; i < hc_sched_num_own(c->sched); i++) {
    uint32_t x;
    hc_seg g;
    hc_sched_own(c->sched, i, &x, &g);
    for (uint32_t a = g.addr; a < g.addr + g.len; a++) {
      c->init[(size_t)x * mw + a] = hc_sched_tag(x, a);
      c->care[(size_t)x * mw + a] = 1;
    }
  }
  uint64_t *busy = calloc((size_t)nodes * d, sizeof *busy), lower = 0;
  if (!busy) hcsim_die("out of memory");
  for (size_t i = 0; i < hc_sched_num_packets(c->sched); i++) {
    hc_packet_info pi;
    hc_sched_packet(c->sched, i, &pi);
    const uint32_t y = pi.node ^ (1u << pi.dim);
    for (size_t k = 0; k < pi.nscatter; k++)
      for (uint32_t a = pi.scatter[k].addr; a < pi.scatter[k].addr + pi.scatter[k].len; a++)
        c->care[(size_t)y * mw + a] = 1;
    busy[(size_t)pi.node * d + pi.dim] += beta + pi.words;
  }
  for (size_t l = 0; l < (size_t)nodes * d; l++)
    if (busy[l] > lower) lower = busy[l];
  free(busy);
  return lower;
}

/*
** ALGO=sched: a schedule from a text file (docs/store_and_forward.md,
** section 3) with no generator behind it. The expected final memory is what
** the execution model's reference executor computes (hc_sched_exec,
** independent of the cycle model and the RTL), on every word that is own
** data or written by a packet. Dies (exit 2) on a file that cannot be read,
** parsed or validated, or is for another cube.
*/
static void file_case(const hcsim_opts *o, sf_case *s) {
  hc_sched_err err = {0};
  hc_sched_case *c = &s->c;
  read_sched_file(o->sched, o->cfg.d, c);
  s->lower = mark_words(c, o->cfg.d, (uint32_t)o->beta);
  hc_exec_result ex;
  if (hc_sched_exec(c->sched, (uint32_t)o->beta, c->init, &ex, &err) != HC_OK)
    hcsim_die("%s: %s", o->sched, err.msg);
  memcpy(c->expect, ex.mem, (size_t)hc_sched_nodes(c->sched) * hc_sched_mem_words(c->sched) * sizeof *c->expect);
  hc_exec_result_free(&ex);
  s->name = "sched";
  s->source = o->sched;
}

/* The message size used when M (or K) is not given: the smallest multiple
** of the algorithm's unit that is at least 64 words (K: 4) and that the
** algorithm accepts with the other parameters (DISTRIBUTE 2 meets its
** formula only for m large enough against beta); the first multiple if none
** of the next 64 is accepted (check() then says why). For a unit above 128
** (K: 8), the smallest size from 64 (K: 4) that it accepts, if any. */
static uint32_t default_size(const hc_sf_algo *a, const hc_sf_params *p) {
  const uint32_t u = a->unit(p), want = strcmp(a->param, "K") == 0 ? 4 : 64;
  if (u == 0) return want; /* check() says why */
  /* A unit far above 64 (lcm(1..d) of the exchanges at d >= 7) would make a
  ** case of gigabytes: an algorithm that rounds takes any size, so the
  ** smallest one from 64 up that it accepts is used instead. */
  if (u > 2 * want)
    for (uint32_t m = want; m < want + 1024u; m++) {
      hc_sf_params q = *p;
      q.m = m;
      if (a->check(&q, NULL, 0) == HC_OK) return m;
    }
  const uint32_t first = (want + u - 1) / u * u;
  for (uint32_t k = 0; k < 64; k++) {
    hc_sf_params q = *p;
    q.m = first + k * u;
    if (q.m < first || a->check(&q, NULL, 0) == HC_OK) return q.m;
  }
  return first;
}

/* One optional parameter: refused with a line if the algorithm does not take it. */
static uint32_t optional(const hcsim_opts *o, const hc_sf_algo *al, hcsim_opt id, unsigned flag, const char *what,
                         unsigned long val) {
  if (!o->set[id]) return HC_SF_UNSET;
  if (!(al->takes & flag)) hcsim_die("%s takes no %s", al->name, what);
  return (uint32_t)val;
}

/* PERM=name or PERM=file into s->perm. */
static void read_perm(const hcsim_opts *o, sf_case *s) {
  char why[256];
  const unsigned d = o->cfg.d;
  FILE *f = fopen(o->perm, "r");
  if (!f) {
    if (hc_sf_perm_named(o->perm, d, o->seed, s->perm, why, sizeof why) != HC_OK) hcsim_die("%s", why);
    return;
  }
  static char text[1u << 20];
  struct stat sb;
  if (fstat(fileno(f), &sb) == 0 && S_ISDIR(sb.st_mode)) hcsim_die("PERM=%s: is a directory", o->perm);
  errno = 0;
  const size_t len = fread(text, 1, sizeof text, f);
  const int bad = ferror(f), e = errno, big = !bad && !feof(f) && getc(f) != EOF;
  fclose(f);
  if (bad) hcsim_die("PERM=%s: read error: %s", o->perm, e ? strerror(e) : "unknown error");
  if (big) hcsim_die("PERM=%s: larger than %zu bytes", o->perm, sizeof text);
  if (hc_sf_perm_parse(text, len, d, s->perm, why, sizeof why) != HC_OK) hcsim_die("PERM=%s: %s", o->perm, why);
}

/* ---- fit before any build (docs/hcsim.md, "Sizes checked first") ---- */

/* The geometry a case must fit: the RTL build's with --sim rtl|both (this
** binary's, or under --check-args the one make is about to build), else
** the largest the configuration port addresses (the model sizes itself to
** the case). */
static hc_sf_geom target_geom(const hcsim_opts *o) {
  if (o->sim != HC_SIM_MODEL) return hc_sf_geom_resolve(o->cfg.sf);
  return (hc_sf_geom){HC_SF_AW_MAX, HC_SF_AW_MAX, HC_SF_AW_MAX};
}

/* Dies: the case name at d does not fit; why names the limit, need is the
** geometry that holds it, hint (may be "") a size that fits. The one
** wording of every fit refusal, before or after the build. */
static void die_fit(const hcsim_opts *o, const char *name, hc_sf_geom need, const char *why, const char *hint) {
  const hc_sf_geom g = hc_sf_geom_resolve(o->cfg.sf);
  if (o->sim == HC_SIM_MODEL || need.bank_aw > HC_SF_AW_MAX || need.seg_aw > HC_SF_AW_MAX ||
      need.desc_aw > HC_SF_AW_MAX)
    hcsim_die("%s d=%u does not fit any build: %s%s", name, o->cfg.d, why, hint);
  const unsigned a = need.bank_aw > g.bank_aw ? need.bank_aw : g.bank_aw,
                 b = need.seg_aw > g.seg_aw ? need.seg_aw : g.seg_aw,
                 c = need.desc_aw > g.desc_aw ? need.desc_aw : g.desc_aw;
  hcsim_die("%s d=%u does not fit %s RTL build (SFGEOM=%u,%u,%u): %s%s; build one that holds it with make sim "
            "ALGO=%s D=%u SFGEOM=%u,%u,%u ... (or SIM=model)",
            name, o->cfg.d, o->have_rtl ? "this" : "the", g.bank_aw, g.seg_aw, g.desc_aw, why, hint, o->algo,
            o->cfg.d, a, b, c);
}

/* What the run holds in memory at once at least, in bytes, for a case of
** sizes z at d: the case's initial and expected values and which words
** count (4 + 4 + 1 bytes a word), the reference executor's final memory (4),
** and unless the executor runs alone the loader's placement (8), its
** configuration writes (per packet at least its descriptor, 1 + d writes,
** and one gather and one scatter segment, 3 writes each) and, on the
** model, the banks of its geometry (the larger of the default and what
** the case needs; 4 bytes a bank word). The schedule comes on top. */
static double least_bytes(const hcsim_opts *o, const hc_sf_sizes *z) {
  const double nodes = (double)(1ull << o->cfg.d), words = nodes * (double)z->node_words;
  if (o->exec_only) return 13.0 * words;
  double b = 21.0 * words + (double)z->all_packets * (7.0 + o->cfg.d) * sizeof(hc_cfg_op);
  if (o->sim == HC_SIM_MODEL) {
    const hc_sf_geom need = hc_sfload_geom_for(z), def = hc_sf_geom_resolve((hc_sf_geom){0, 0, 0});
    const unsigned aw = need.bank_aw > def.bank_aw ? need.bank_aw : def.bank_aw;
    b += 4.0 * nodes * (o->cfg.d + 1) * (double)(1ull << aw);
  }
  return b;
}

/* The memory this process may use, in bytes, and what limits it (the
** address-space limit of ulimit -v, else the machine's memory and swap);
** 0 when neither is known. */
static double memory_limit(const char **what) {
  struct rlimit rl;
  double lim = 0;
  if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
    lim = (double)rl.rlim_cur;
    *what = "the address space of this process is limited to";
  }
  FILE *f = fopen("/proc/meminfo", "r");
  if (f) {
    char line[128];
    double kb = 0, v;
    while (fgets(line, sizeof line, f))
      if (sscanf(line, "MemTotal: %lf kB", &v) == 1 || sscanf(line, "SwapTotal: %lf kB", &v) == 1) kb += v;
    fclose(f);
    if (kb > 0 && (lim == 0 || kb * 1024 < lim)) {
      lim = kb * 1024;
      *what = "this machine has, memory and swap together,";
    }
  }
  return lim;
}

/*
** Whether the case at q fits, from its sizes alone (al->sizes): HC_OK;
** HC_EFIT (target g cannot hold it), HC_EPARAM (above HC_SCHED_MAX_TOTAL
** words in all) or HC_ENOMEM (it needs more memory than this process
** may have), why saying which.
*/
static int sizes_fit(const hcsim_opts *o, const hc_sf_algo *al, const hc_sf_params *q, char *why, size_t n) {
  hc_sf_sizes z;
  const char *what = "";
  al->sizes(q, &z);
  const uint64_t words = (uint64_t)z.node_words << o->cfg.d;
  if (z.node_words == 0 || words > HC_SCHED_MAX_TOTAL)
    return snprintf(why, n, "%s = %u needs %llu words in all, above the %llu a case may hold (HC_SCHED_MAX_TOTAL)",
                    al->param, q->m, (unsigned long long)words, (unsigned long long)HC_SCHED_MAX_TOTAL),
           HC_EPARAM;
  if (!o->exec_only && hc_sfload_fit_sizes(&z, target_geom(o), why, n) != HC_OK) return HC_EFIT;
  const double need = least_bytes(o, &z), lim = memory_limit(&what);
  if (lim > 0 && need > lim)
    return snprintf(why, n, "%s = %u needs at least %.2f GB (%llu words in all, %s), and %s %.2f GB", al->param,
                    q->m, need / 1e9, (unsigned long long)words,
                    o->exec_only ? "13 bytes a word" : "21 bytes a word, the configuration writes and the model's banks",
                    what, lim / 1e9),
           HC_ENOMEM;
  return HC_OK;
}

/* The words in all of the case at q, from its sizes. */
static uint64_t words_of(const hcsim_opts *o, const hc_sf_algo *al, const hc_sf_params *q) {
  hc_sf_sizes z;
  al->sizes(q, &z);
  return z.node_words << o->cfg.d;
}

/* Dies: out of memory doing what (building, running) the case; its size
** (param = size, 0: a file) and words in all (0: not known) named, so the
** message says what to make smaller. */
static void die_memory(const hcsim_opts *o, const char *doing, const char *name, const char *param, uint32_t size,
                       uint64_t words) {
  char sz[48] = "", w[96] = "";
  if (size) snprintf(sz, sizeof sz, ", %s = %u", param, size);
  if (words) snprintf(w, sizeof w, "%llu words in all, ", (unsigned long long)words);
  hcsim_die("out of memory %s %s at d = %u%s (%smore than this process could allocate; choose a smaller %s)", doing,
            name, o->cfg.d, sz, w, size ? param : "case");
}

/* The largest accepted size below q's, halving, whose sizes fit; 0 if none. */
static uint32_t smaller_fit(const hcsim_opts *o, const hc_sf_algo *al, const hc_sf_params *p) {
  const uint32_t u = al->unit(p) ? al->unit(p) : 1;
  char why[256];
  for (uint32_t m = p->m / 2; m >= 1; m /= 2) {
    hc_sf_params q = *p;
    q.m = u <= m ? m / u * u : m; /* an algorithm that rounds takes any size */
    if (q.m && al->check(&q, NULL, 0) == HC_OK && sizes_fit(o, al, &q, why, sizeof why) == HC_OK) return q.m;
  }
  return 0;
}

/*
** Before anything is built, for an algorithm that knows its sizes: the
** case must fit the target and memory. A defaulted size that does not fit
** the model's largest geometry or the case limit is halved until one does
** (the report says so, as after a build); anything else is refused with
** one line naming the limit, and a size that fits when there is one.
*/
static void fit_from_sizes(const hcsim_opts *o, const hc_sf_algo *al, sf_case *s, int defaulted) {
  char why[384], hint[96] = "";
  if (!al->sizes) return;
  const int rc = sizes_fit(o, al, &s->p, why, sizeof why);
  if (rc == HC_OK) return;
  const uint32_t fits = smaller_fit(o, al, &s->p);
  if (defaulted && fits && rc != HC_ENOMEM && (o->sim == HC_SIM_MODEL || rc == HC_EPARAM)) {
    snprintf(s->size_note, sizeof s->size_note, "%s = %u: the default %u does not fit at d = %u (%s)", al->param,
             fits, s->p.m, o->cfg.d, why);
    s->p.m = fits;
    return;
  }
  if (fits) snprintf(hint, sizeof hint, " (%s = %u fits)", al->param, fits);
  if (rc == HC_EFIT) {
    hc_sf_sizes z;
    al->sizes(&s->p, &z);
    die_fit(o, al->name, hc_sfload_geom_for(&z), why, hint);
  }
  hcsim_die("%s d=%u: %s%s", al->name, o->cfg.d, why, fits ? hint : "");
}

/* A generator's parameters from the command line, checked by the generator. */
static void gen_params(const hcsim_opts *o, const hc_sf_algo *al, sf_case *s) {
  const int is_k = strcmp(al->param, "K") == 0;
  const unsigned d = o->cfg.d;
  /* M is the message length, K the unit packet length; each algorithm has
  ** one of them, and the other one is an error, not something to ignore. */
  if (is_k && o->m) hcsim_die("%s takes K (unit packet words), not M", al->name);
  if (!is_k && o->k) hcsim_die("%s takes M (message words), not K", al->name);
  if (d > hc_sf_max_d(al))
    hcsim_die("--d %u: %s goes up to d = %u (%s)", d, al->name, hc_sf_max_d(al),
              al->max_d ? "its generator's limit, the record's max_d" : "the generators' limit, HC_SF_MAX_D");
  hc_sf_params *p = &s->p;
  hc_sf_params_init(p, d, (uint32_t)(is_k ? o->k : o->m), (uint32_t)o->beta);
  p->g = optional(o, al, HO_G, HC_SF_TAKES_G, "G (it is not pipelined)", o->g);
  p->src = optional(o, al, HO_SRC, HC_SF_TAKES_SRC, "SRC", o->src);
  p->dst = optional(o, al, HO_DST, HC_SF_TAKES_DST, "DST", o->dst);
  p->waves = optional(o, al, HO_NWAVES, HC_SF_TAKES_WAVES, "NWAVES (only DISTRIBUTE 2 has waves)", o->nwaves);
  p->n = optional(o, al, HO_N, HC_SF_TAKES_N, "N", o->n);
  if (o->perm) {
    if (!(al->takes & HC_SF_TAKES_PERM)) hcsim_die("%s takes no PERM", al->name);
    read_perm(o, s);
    p->perm = s->perm;
  } else if (al->takes & HC_SF_TAKES_PERM) {
    hcsim_die("%s needs PERM=name|file (random, bitrev, transpose, shuffle, inversion, or a file of 2^d nodes)",
              al->name);
  }
  const int defaulted = !p->m;
  if (!p->m) p->m = default_size(al, p);
  char why[256];
  if (al->check(p, why, sizeof why) != HC_OK) hcsim_die("%s: %s", al->name, why);
  fit_from_sizes(o, al, s, defaulted);
}

/* build() at a size q, and for a defaulted size (fit) also the check that
** some build holds it (hc_sfload_need: no bank or table beyond the
** configuration port's 16-bit index). HC_EPARAM: too large for a case
** (above HC_SCHED_MAX_MEM words a node or HC_SCHED_MAX_TOTAL in all);
** HC_EFIT: built, but no build holds it (the case is freed); why says which. */
static int build_at(const hc_sf_algo *al, const hc_sf_params *q, int fit, sf_case *s, char *why, size_t n) {
  int rc = al->build(q, &s->c);
  if (rc == HC_EPARAM)
    snprintf(why, n, "above %u words a node or %llu in all", HC_SCHED_MAX_MEM,
             (unsigned long long)HC_SCHED_MAX_TOTAL);
  if (rc != HC_OK || !fit) return rc;
  hc_sf_geom need;
  hc_sched_err err = {0};
  if (hc_sfload_need(&s->c, &need, &err) != HC_EFIT) return HC_OK;
  snprintf(why, n, "%s", err.msg);
  hc_sched_case_free(&s->c);
  return HC_EFIT;
}

/* A defaulted size that is too large (build_at): the largest accepted size
** below it, halving, that fits; the report says so. A size the user gave is
** never changed. */
static int build_smaller(const hcsim_opts *o, const hc_sf_algo *al, sf_case *s, const char *why0) {
  const uint32_t first = s->p.m, u = al->unit(&s->p) ? al->unit(&s->p) : 1;
  char why[sizeof ((hc_sched_err *)0)->msg];
  int rc = HC_EPARAM;
  for (uint32_t m = first / 2; (rc == HC_EPARAM || rc == HC_EFIT) && m >= 1; m /= 2) {
    hc_sf_params q = s->p;
    q.m = u <= m ? m / u * u : m; /* an algorithm that rounds takes any size */
    if (q.m == 0 || al->check(&q, NULL, 0) != HC_OK) continue;
    rc = build_at(al, &q, !o->exec_only, s, why, sizeof why);
    if (rc == HC_OK) {
      s->p = q;
      snprintf(s->size_note, sizeof s->size_note, "%s = %u: the default %u does not fit at d = %u (%s)", al->param,
               q.m, first, o->cfg.d, why0);
    }
  }
  return rc;
}

/* A generator's case; formula and lower bound from the papers. */
static void gen_case(const hcsim_opts *o, const hc_sf_algo *al, sf_case *s) {
  const int defaulted = !o->m && !o->k;
  char why[sizeof ((hc_sched_err *)0)->msg] = "";
  int rc = build_at(al, &s->p, defaulted && !o->exec_only, s, why, sizeof why);
  if ((rc == HC_EPARAM || rc == HC_EFIT) && defaulted) rc = build_smaller(o, al, s, why);
  if (rc == HC_EFIT) hcsim_die("%s d=%u does not fit any build at any smaller %s either: %s", al->name, o->cfg.d,
                               al->param, why);
  if (rc == HC_EPARAM)
    hcsim_die("%s=%u is too large for %s at d = %u (above %u words per node or %llu words in all: choose a "
              "smaller %s)",
              al->param, s->p.m, al->name, o->cfg.d, HC_SCHED_MAX_MEM, (unsigned long long)HC_SCHED_MAX_TOTAL,
              al->param);
  if (rc != HC_OK) die_memory(o, "building", al->name, al->param, s->p.m, al->sizes ? words_of(o, al, &s->p) : 0);
  s->name = al->name;
  s->source = al->source;
  s->pname = strcmp(al->param, "K") == 0 ? "k" : "m";
  s->size = s->p.m;
  s->takes = al->takes;
  s->has_formula = 1;
  s->formula = hc_sf_expected(al, &s->p);
  s->constant = al->constant;
  s->constant_why = al->constant_why;
  s->formula_text = al->formula_text;
  al->lower(&s->p, &s->bound);
  s->lower = s->bound.cycles;
  s->boxed = al->boxed ? al->boxed(&s->p) : -1;
  if (al->opt_units) {
    s->opt_units = al->opt_units(&s->p);
    s->opt_units_text = al->opt_units_text;
  }
  if (al->opt_transmissions) {
    s->opt_tx = al->opt_transmissions(&s->p);
    s->opt_tx_text = al->opt_transmissions_text;
  }
  s->al = al;
  if (al->paper_steps) s->steps = (uint64_t)((int64_t)al->paper_steps(&s->p) + al->steps_constant);
}

/* The measured time in the unit-time model of 002: cycles / (k + beta),
** one unit being one packet of k words on a link. */
static double measured_units(const sf_case *s, const hc_sf_result *r, uint32_t beta) {
  return (double)r->cycles / ((double)s->size + beta);
}

/* The unit-time model's lines (002 Table 1): the time in units and the
** packet transmissions, measured beside the paper's optima. */
static void print_units(const hcsim_opts *o, const sf_case *s, const hc_sf_result *r) {
  const uint64_t unit = (uint64_t)s->size + o->beta;
  if (s->opt_units) {
    if (r->cycles % unit == 0)
      printf("%-12s measured %llu = %llu cycles / (k + beta = %llu); optimum %s = %llu (002 Table 1)%s\n", "units",
             (unsigned long long)(r->cycles / unit), (unsigned long long)r->cycles, (unsigned long long)unit,
             s->opt_units_text, (unsigned long long)s->opt_units,
             r->cycles / unit == s->opt_units ? " (optimal)" : " (DIFFERS)");
    else
      printf("%-12s measured %.3f = %llu cycles / (k + beta = %llu), not a whole number; optimum %s = %llu "
             "(002 Table 1) (DIFFERS)\n",
             "units", measured_units(s, r, (uint32_t)o->beta), (unsigned long long)r->cycles,
             (unsigned long long)unit, s->opt_units_text, (unsigned long long)s->opt_units);
  }
  if (s->opt_tx)
    printf("%-12s measured %llu transmissions (%s); optimum %s = %llu (002 Table 1)%s\n", "packets",
           (unsigned long long)r->packets,
           o->exec_only ? "the schedule's, on the executor" : "the hardware's TX packet counters", s->opt_tx_text,
           (unsigned long long)s->opt_tx, r->packets == s->opt_tx ? " (optimal)" : " (DIFFERS)");
}

/* The step model of 003: the measured routing steps, cycles / (k + beta),
** beside the paper's count (plus the algorithm's documented constant). */
static void print_steps(const hcsim_opts *o, const sf_case *s, const hc_sf_result *r) {
  if (!s->al || !s->al->paper_steps) return;
  const hc_sf_algo *al = s->al;
  const uint64_t unit = (uint64_t)s->size + o->beta;
  char cst[64] = "";
  if (al->steps_constant) snprintf(cst, sizeof cst, " %+lld", (long long)al->steps_constant);
  if (r->cycles % unit == 0)
    printf("%-12s measured %llu = %llu cycles / (k + beta = %llu); paper %s%s = %llu (%s)%s\n", "steps",
           (unsigned long long)(r->cycles / unit), (unsigned long long)r->cycles, (unsigned long long)unit,
           al->paper_steps_text, cst, (unsigned long long)s->steps, al->paper_steps_source,
           r->cycles / unit == s->steps ? " (exact)" : " (DIFFERS)");
  else
    printf("%-12s measured %.3f = %llu cycles / (k + beta = %llu), not a whole number; paper %s%s = %llu (%s) "
           "(DIFFERS)\n",
           "steps", measured_units(s, r, (uint32_t)o->beta), (unsigned long long)r->cycles,
           (unsigned long long)unit, al->paper_steps_text, cst, (unsigned long long)s->steps,
           al->paper_steps_source);
}

/* The paper's parameters of the run, as "g=4 src=0 ..." (empty if none). */
static void param_text(const sf_case *s, char *buf, size_t n) {
  const hc_sf_params *p = &s->p;
  buf[0] = 0;
  size_t at = 0;
  if (s->takes & HC_SF_TAKES_G) at += (size_t)snprintf(buf + at, n - at, ", g = %u", p->g);
  if ((s->takes & HC_SF_TAKES_SRC) && at < n) at += (size_t)snprintf(buf + at, n - at, ", src = %u", p->src);
  if ((s->takes & HC_SF_TAKES_DST) && at < n) at += (size_t)snprintf(buf + at, n - at, ", dst = %u", p->dst);
  if ((s->takes & HC_SF_TAKES_WAVES) && at < n) snprintf(buf + at, n - at, ", k = %u waves", p->waves);
  at = strlen(buf);
  if ((s->takes & HC_SF_TAKES_N) && at < n) snprintf(buf + at, n - at, ", N = %u", p->n);
}

static const char *backend_name(const hcsim_opts *o) { return o->exec_only ? "exec" : hc_sim_name(o->sim); }

/* The section 9 bound and the formula, as the run report prints them. */
static void print_paper(const sf_case *s, uint32_t beta) {
  if (!s->has_formula) return;
  char pbuf[96];
  param_text(s, pbuf, sizeof pbuf);
  printf("%-12s %s%s = %llu cycles (tau = 1 cycle per word, beta = %u%s)\n", "formula", s->formula_text,
         s->constant ? " + the constant below" : "", (unsigned long long)s->formula, beta, pbuf);
  if (s->constant) printf("%-12s %+lld cycles: %s\n", "constant", (long long)s->constant, s->constant_why);
  if (s->boxed >= 0) printf("%-12s the paper's optimum over real g: %.2f cycles\n", "boxed", s->boxed);
  const hc_sf_bound *b = &s->bound;
  printf("%-12s %llu cycles: S = %s, |S| = %llu, a = %llu words, a/|S| + beta = %llu; %llu hops of beta + 1 = "
         "%llu (the cut argument of 000 §9)\n",
         "lower bound", (unsigned long long)b->cycles, b->cut, (unsigned long long)b->links,
         (unsigned long long)b->load, (unsigned long long)b->cut_cycles, (unsigned long long)b->hops,
         (unsigned long long)(b->hops * (beta + 1ull)));
}

static void print_sf(const hcsim_opts *o, const sf_case *s, const hc_sf_result *r, int rc, const hc_mismatch *mm) {
  const char *lockstep = o->exec_only ? "n/a" : hc_report_lockstep(o->sim, mm);
  const int data_ok = rc == HC_OK && r->mismatches == 0 && r->checked > 0;
  char fbuf[32], sbuf[32];
  if (s->has_formula) snprintf(fbuf, sizeof fbuf, "%llu", (unsigned long long)s->formula);
  else snprintf(fbuf, sizeof fbuf, "n/a");
  if (!s->size) snprintf(sbuf, sizeof sbuf, "-");
  else snprintf(sbuf, sizeof sbuf, "%u", s->size);
  printf("%-12s %s\n%-12s %s\n", "algo", s->name, "source", s->source);
  if (o->exec_only)
    printf("%-12s the execution model's reference executor (docs/store_and_forward.md, section 1), d=%u (%u nodes)\n",
           "network", o->cfg.d, 1u << o->cfg.d);
  else
    printf("%-12s store-and-forward multiport (mode 1), d=%u (%u nodes), w=%u, backend %s\n", "network", o->cfg.d,
           1u << o->cfg.d, o->cfg.w, hc_sim_name(o->sim));
  printf("\n%-18s %3s %6s %5s %8s %10s %10s %10s %8s %9s\n", "algorithm", "d", s->pname, "beta", "packets", "cycles",
         "formula", "lower", "data", "lockstep");
  printf("%-18s %3u %6s %5lu %8llu %10llu %10s %10llu %8s %9s\n\n", s->name, o->cfg.d, sbuf, o->beta,
         (unsigned long long)r->packets, (unsigned long long)r->cycles, fbuf, (unsigned long long)s->lower,
         data_ok ? "ok" : "FAILED", lockstep);
  if (s->size_note[0]) printf("%-12s %s\n", "size", s->size_note);
  print_paper(s, (uint32_t)o->beta);
  printf("%-12s measured %llu, executor %llu (docs/store_and_forward.md, section 1), formula %s%s\n", "cycles",
         (unsigned long long)r->cycles, (unsigned long long)r->ref_cycles, fbuf,
         !s->has_formula ? "" : r->cycles == s->formula ? " (exact)" : " (DIFFERS)");
  if (!s->size) printf("%-12s the executor's final memory (every word that is own data or written)\n", "expected");
  printf("%-12s %llu words compared%s", "data", (unsigned long long)r->checked, r->mismatches ? "" : ", all equal\n");
  if (r->mismatches)
    printf(", %llu differ; first: node %u word %u expected 0x%x read 0x%x\n", (unsigned long long)r->mismatches,
           r->bad_node, r->bad_addr, r->bad_expect, r->bad_actual);
  if (!o->exec_only)
    printf("%-12s packets %llu, words %llu, busy link-cycles %llu (hardware); executor %llu, %llu, %llu: %s\n",
           "counters", (unsigned long long)r->packets, (unsigned long long)r->words, (unsigned long long)r->busy,
           (unsigned long long)r->ref_packets, (unsigned long long)r->ref_words, (unsigned long long)r->ref_busy,
           r->counters_ok ? "equal" : r->counter_msg);
  print_units(o, s, r);
  print_steps(o, s, r);
  if (s->have_root_pk) {
    printf("%-12s packets on the d links of SRC = %u, dimension 0 first (%s):", "root links", s->p.src,
           o->exec_only ? "the schedule's" : "the hardware's TX packet counters");
    for (unsigned i = 0; i < o->cfg.d; i++) printf(" %llu", (unsigned long long)s->root_pk[i]);
    printf("\n");
  }
  if (!o->exec_only) {
    printf("%-12s BankAW %u, SegAW %u, DescAW %u (%s)", "geometry", r->geom.bank_aw, r->geom.seg_aw,
           r->geom.desc_aw, s->geom_why ? s->geom_why : "the network's");
    if (s->have_need)
      printf("; the case needs %u, %u, %u\n", s->need.bank_aw, s->need.seg_aw, s->need.desc_aw);
    else
      printf("\n");
    printf("%-12s %llu configuration writes, %llu read-back cycles%s\n", "port", (unsigned long long)r->load_cycles,
           (unsigned long long)r->read_cycles,
           r->backdoor ? " (what the port would take: the model loaded and read back through its back door, "
                         "no cycles run)"
                       : " (one a cycle through the configuration port)");
  }
  printf("%-12s %s\n", "lockstep", lockstep);
  if (mm) hc_report_mismatch(stdout, 12, mm);
  if (rc == HC_ETIMEOUT) printf("%-12s sf_done never rose (executor's completion + 8)\n", "error");
  if (rc == HC_EREFUSED) printf("%-12s the hardware refused a configuration write\n", "error");
}

static void json_sf(FILE *f, const hcsim_opts *o, const sf_case *s, const hc_sf_result *r, int rc,
                    const hc_mismatch *mm) {
  const int data_ok = rc == HC_OK && r->mismatches == 0 && r->checked > 0;
  const int formula_ok = !s->has_formula || r->cycles == s->formula;
  fprintf(f, "{\n  \"algo\": \"%s\",\n  \"source\": ", s->name);
  hc_json_str(f, s->source); /* a file name may hold quotes */
  fprintf(f, ",\n  \"mode\": \"store_and_forward\",\n");
  fprintf(f, "  \"backend\": \"%s\",\n  \"d\": %u,\n  \"w\": %u,\n", backend_name(o), o->cfg.d, o->cfg.w);
  if (s->size) fprintf(f, "  \"%s\": %u,\n", s->pname, s->size);
  const hc_sf_params *p = &s->p;
  if (s->takes & HC_SF_TAKES_G) fprintf(f, "  \"g\": %u,\n", p->g);
  if (s->takes & HC_SF_TAKES_SRC) fprintf(f, "  \"src\": %u,\n", p->src);
  if (s->takes & HC_SF_TAKES_DST) fprintf(f, "  \"dst\": %u,\n", p->dst);
  if (s->takes & HC_SF_TAKES_WAVES) fprintf(f, "  \"waves\": %u,\n", p->waves);
  if (s->takes & HC_SF_TAKES_N) fprintf(f, "  \"n\": %u,\n", p->n);
  fprintf(f, "  \"beta\": %lu,\n  \"cycles\": %llu,\n  \"formula_cycles\": ", o->beta, (unsigned long long)r->cycles);
  if (s->has_formula) fprintf(f, "%llu,\n  \"formula\": \"%s\",\n", (unsigned long long)s->formula, s->formula_text);
  else fprintf(f, "null,\n");
  if (s->boxed >= 0) fprintf(f, "  \"boxed_optimum_cycles\": %.6f,\n", s->boxed);
  fprintf(f, "  \"formula_exact\": %s,\n  \"lower_bound_cycles\": %llu,\n",
          s->has_formula ? (formula_ok ? "true" : "false") : "null", (unsigned long long)s->lower);
  if (s->has_formula)
    fprintf(f, "  \"lower_bound\": {\"cut\": \"%s\", \"links\": %llu, \"load\": %llu, \"cut_cycles\": %llu, "
               "\"hops\": %llu},\n",
            s->bound.cut, (unsigned long long)s->bound.links, (unsigned long long)s->bound.load,
            (unsigned long long)s->bound.cut_cycles, (unsigned long long)s->bound.hops);
  fprintf(f, "  \"executor_cycles\": %llu,\n  \"packets\": %llu,\n  \"words\": %llu,\n",
          (unsigned long long)r->ref_cycles, (unsigned long long)r->packets, (unsigned long long)r->words);
  if (s->opt_units)
    fprintf(f, "  \"units\": %.6g,\n  \"optimal_units\": %llu,\n  \"optimal_units_formula\": \"%s\",\n",
            measured_units(s, r, (uint32_t)o->beta), (unsigned long long)s->opt_units, s->opt_units_text);
  if (s->al && s->al->paper_steps)
    fprintf(f, "  \"steps\": %.6g,\n  \"paper_steps\": %llu,\n  \"paper_steps_formula\": \"%s\",\n",
            measured_units(s, r, (uint32_t)o->beta), (unsigned long long)s->steps, s->al->paper_steps_text);
  if (s->have_root_pk) {
    fprintf(f, "  \"root_link_packets\": [");
    for (unsigned i = 0; i < o->cfg.d; i++) fprintf(f, "%s%llu", i ? ", " : "", (unsigned long long)s->root_pk[i]);
    fprintf(f, "],\n");
  }
  if (s->opt_tx)
    fprintf(f, "  \"transmissions\": %llu,\n  \"optimal_transmissions\": %llu,\n"
               "  \"optimal_transmissions_formula\": \"%s\",\n",
            (unsigned long long)r->packets, (unsigned long long)s->opt_tx, s->opt_tx_text);
  if (!o->exec_only) {
    fprintf(f, "  \"geometry\": {\"bank_aw\": %u, \"seg_aw\": %u, \"desc_aw\": %u},\n", r->geom.bank_aw,
            r->geom.seg_aw, r->geom.desc_aw);
    if (s->have_need)
      fprintf(f, "  \"geometry_needed\": {\"bank_aw\": %u, \"seg_aw\": %u, \"desc_aw\": %u},\n", s->need.bank_aw,
              s->need.seg_aw, s->need.desc_aw);
    fprintf(f, "  \"config_writes\": %llu,\n  \"readback_reads\": %llu,\n  \"load_path\": \"%s\",\n",
            (unsigned long long)r->load_cycles, (unsigned long long)r->read_cycles, r->backdoor ? "backdoor" : "port");
  }
  fprintf(f, "  \"words_checked\": %llu,\n  \"data_ok\": %s,\n  \"counters_ok\": %s,\n",
          (unsigned long long)r->checked, data_ok ? "true" : "false",
          o->exec_only ? "null" : r->counters_ok ? "true" : "false");
  fprintf(f, "  \"lockstep\": \"%s\",\n  \"status\": %d\n}\n", o->exec_only ? "n/a" : hc_report_lockstep(o->sim, mm),
          rc);
}

/* Build the case o asks for; returns 0, or 1 after --check-args. */
static int make_case(const hcsim_opts *o, sf_case *s) {
  const int from_file = strcmp(o->algo, "sched") == 0;
  const hc_sf_algo *al = from_file ? NULL : hc_sf_algo_find(o->algo);
  memset(s, 0, sizeof *s);
  s->pname = "m";
  s->boxed = -1;
  if (from_file) {
    if (o->m || o->k) hcsim_die("ALGO=sched takes no M or K: the file gives every packet");
    if (o->set[HO_G] || o->set[HO_SRC] || o->set[HO_DST] || o->set[HO_PERM] || o->set[HO_NWAVES] || o->set[HO_N])
      hcsim_die("ALGO=sched takes no G, SRC, DST, PERM, NWAVES or N: the file gives every packet");
    if (o->check_only) { /* make sim's check before the RTL build: the file and its fit */
      read_sched_file(o->sched, o->cfg.d, &s->c);
      s->name = "sched";
      return 1;
    }
    file_case(o, s);
    return 0;
  }
  gen_params(o, al, s); /* with al->sizes, also the fit: nothing built yet */
  if (o->check_only && (al->sizes || o->exec_only)) return 1;
  gen_case(o, al, s);
  if (o->check_only) s->name = al->name; /* the fit of what was built: pick_geometry */
  return o->check_only;
}

/* The geometry of the network (docs/store_and_forward.md, section 7.2):
** on the model alone the larger of the default and what the case needs,
** field by field (up to HC_SF_AW_MAX, the port's 16-bit index); with the
** RTL the build's, and a case that does not fit it is refused with one
** line naming the limit, the geometry it needs and the make variable that
** builds it. A case the loader's analysis refuses for another reason is
** left to hc_sf_run, which says why. */
static void pick_geometry(hcsim_opts *o, sf_case *s) {
  hc_sched_err err = {0};
  const int rc = hc_sfload_need(&s->c, &s->need, &err);
  if (rc == HC_ENOMEM) hcsim_die("out of memory sizing %s", s->name);
  if (rc == HC_EFIT) die_fit(o, s->name, s->need, err.msg, "");
  if (rc != HC_OK) return;
  s->have_need = 1;
  const hc_sf_geom n = s->need;
  hc_sf_geom g = hc_sf_geom_resolve(o->cfg.sf);
  if (o->sim == HC_SIM_MODEL) {
    const hc_sf_geom def = hc_sf_geom_resolve((hc_sf_geom){0, 0, 0});
    if (n.bank_aw > g.bank_aw) g.bank_aw = n.bank_aw;
    if (n.seg_aw > g.seg_aw) g.seg_aw = n.seg_aw;
    if (n.desc_aw > g.desc_aw) g.desc_aw = n.desc_aw;
    o->cfg.sf = g;
    static char why[96];
    snprintf(why, sizeof why, "sized to the case: the default %u, %u, %u does not hold it", def.bank_aw, def.seg_aw,
             def.desc_aw);
    s->geom_why = hc_sf_geom_eq(g, def) ? "the default" : why;
    return;
  }
  s->geom_why = "the RTL build's";
  if (n.bank_aw <= g.bank_aw && n.seg_aw <= g.seg_aw && n.desc_aw <= g.desc_aw) return;
  hc_sfload l;
  if (hc_sfload_build(&s->c, (uint32_t)o->beta, g, &l, &err) == HC_OK) { /* cannot happen: need says no */
    hc_sfload_free(&l);
    snprintf(err.msg, sizeof err.msg, "it needs more than the build has");
  }
  die_fit(o, s->name, n, err.msg, "");
}

/* The packets the root (SRC) sent on each of its d links, for an algorithm
** that takes SRC: from the hardware's per-link TX packet counters (drv),
** or on the executor (drv NULL) from the schedule. For the single node
** scatter they are the sizes of the root's subtrees. */
static void root_packets(const hcsim_opts *o, sf_case *s, hc_driver *drv) {
  if (!(s->takes & HC_SF_TAKES_SRC)) return;
  memset(s->root_pk, 0, sizeof s->root_pk);
  if (drv) {
    for (unsigned i = 0; i < o->cfg.d; i++) s->root_pk[i] = hc_driver_counter(drv, s->p.src, i, HC_CNT_SF_PACKETS);
  } else {
    for (size_t i = 0; i < hc_sched_num_packets(s->c.sched); i++) {
      hc_packet_info pi;
      hc_sched_packet(s->c.sched, i, &pi);
      if (pi.node == s->p.src) s->root_pk[pi.dim]++;
    }
  }
  s->have_root_pk = 1;
}

/* --sim exec: the case on the reference executor alone, at any beta. */
static int run_exec(const hcsim_opts *o, sf_case *s, hc_sf_result *r, hc_sched_err *err) {
  hc_exec_result ex;
  memset(r, 0, sizeof *r);
  const int rc = hc_sched_exec(s->c.sched, (uint32_t)o->beta, s->c.init, &ex, err);
  if (rc != HC_OK) return rc == HC_ENOMEM ? rc : HC_ESCHED;
  r->cycles = r->ref_cycles = ex.cycles;
  r->packets = r->ref_packets = ex.packets;
  r->words = r->ref_words = ex.words;
  const size_t links = (size_t)hc_sched_nodes(s->c.sched) * hc_sched_dim(s->c.sched);
  for (size_t l = 0; l < links; l++) r->busy += ex.link_busy[l];
  r->ref_busy = r->busy;
  r->counters_ok = 1;
  const size_t nw = (size_t)hc_sched_nodes(s->c.sched) * hc_sched_mem_words(s->c.sched);
  for (size_t i = 0; i < nw; i++) r->checked += s->c.care[i];
  r->mismatches = hc_sched_case_check(&s->c, ex.mem, &r->bad_node, &r->bad_addr);
  if (r->mismatches) {
    const size_t at = (size_t)r->bad_node * hc_sched_mem_words(s->c.sched) + r->bad_addr;
    r->bad_expect = s->c.expect[at];
    r->bad_actual = ex.mem[at];
  }
  hc_exec_result_free(&ex);
  return HC_OK;
}

int hcsim_sf(hcsim_opts *o) {
  const int from_file = strcmp(o->algo, "sched") == 0;
  if (from_file && !o->sched) hcsim_die("ALGO=sched needs SCHED=file (--sched PATH): a schedule in the text format");
  if (!from_file && o->sched) hcsim_die("--sched is for ALGO=sched, not %s", o->algo);
  if (!o->exec_only && o->beta < HC_SF_BETA_MIN)
    hcsim_die("BETA=%lu: the hardware needs beta >= %d cycles per packet (1 decision, 1 RAM read, 1 link register: "
              "docs/store_and_forward.md, section 7.4); SIM=exec runs the papers' idealised beta >= 0 on the "
              "reference executor",
              o->beta, HC_SF_BETA_MIN);
  if (o->exec_only && o->waves) hcsim_die("--waves: SIM=exec runs no network, so there is no waveform");
  hcsim_config(o);
  static sf_case s;
  if (make_case(o, &s)) {
    if (s.c.sched) pick_geometry(o, &s); /* dies when the target cannot hold it */
    hc_sched_case_free(&s.c);
    return 0;
  }
  hc_sf_result r;
  hc_sched_err err = {0};
  hcsim_run run = {0};
  int rc;
  if (o->exec_only) {
    hcsim_json_open(o, &run);
    rc = run_exec(o, &s, &r, &err);
  } else {
    pick_geometry(o, &s);
    hcsim_open(o, &run);
    rc = hc_sf_run(run.drv, &s.c, (uint32_t)o->beta, &r, &err);
  }
  if (rc == HC_ESCHED && err.code == HC_EFIT)
    hcsim_die("%s d=%u does not fit the hardware: %s", s.name, o->cfg.d, err.msg);
  if (rc == HC_ESCHED) hcsim_die("%s: bad schedule (%s): %s", s.name, hc_status_name(err.code), err.msg);
  if (rc == HC_ENOMEM)
    die_memory(o, "running", s.name, s.al ? s.al->param : "", s.size,
               (uint64_t)hc_sched_nodes(s.c.sched) * hc_sched_mem_words(s.c.sched));
  const hc_mismatch *mm = o->exec_only ? NULL : hc_driver_mismatch(run.drv);
  if (rc == HC_OK) root_packets(o, &s, o->exec_only ? NULL : run.drv);
  if (!o->quiet) print_sf(o, &s, &r, rc, mm);
  if (run.json) json_sf(run.json, o, &s, &r, rc, mm);
  /* HCSIM_TIMING=1 (make bench): the speed, on stderr, which the output
  ** that tests compare does not include. */
  const char *tm = getenv("HCSIM_TIMING");
  if (tm && strcmp(tm, "1") == 0 && !o->exec_only && rc == HC_OK)
    fprintf(stderr, "hcsim: timing: %s d=%u: the schedule's %" PRIu64 " cycles in %.3f CPU s (%.0f cycles/s); %" PRIu64
                    " cycles stepped in the run\n",
            s.name, o->cfg.d, r.cycles, r.run_cpu_s, r.run_cpu_s > 0 ? (double)r.cycles / r.run_cpu_s : 0.0,
            r.stepped);
  const int ok = rc == HC_OK && hc_sf_result_ok(&r) && (!s.has_formula || r.cycles == s.formula);
  hc_sched_case_free(&s.c);
  if (o->exec_only) return hcsim_json_close(o, &run, ok ? 0 : HCSIM_EXIT_CHECK);
  return hcsim_close(o, &run, ok ? 0 : HCSIM_EXIT_CHECK);
}
