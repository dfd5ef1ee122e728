/*
** The three testbench backends behind tb/backend/hc_backend.h. The lockstep backend
** is the heart of the verification: it feeds identical injection inputs to
** csim/ and the RTL and compares their complete observable state every cycle
** (every link's valid and flit, every ejection port, every inj_ready; in
** mode 3 also every probe, acknowledgement and probe_ready), so the
** first cycle in which the hand-written model and the hardware part ways is
** reported with its node and port, not discovered later as a wrong result.
*/
#include "hc_backend.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hc_rtl.h"

struct hc_backend {
  hc_sim sim;
  hc_cfg cfg;
  hc_model *model; /* model and both */
  hc_rtl *rtl;     /* rtl and both */
  hc_obs shadow;   /* both: the RTL's observation, compared with the model's */
  uint8_t *inj_valid; /* rtl and both: the offers of the coming cycle (hc_backend_offer) */
  uint32_t *inj_flit;
  uint32_t *offered;  /* the nodes offered to, noffered of them */
  unsigned noffered;
  uint64_t cycle;
  int failed;      /* HC_OK, or what ended the run: HC_EMISMATCH or HC_EASSERT */
  hc_mismatch mm;
  /* With a waveform: every {valid, flit} value its channels and ejection
  ** ports have held, for the flit translate file beside it (hc_gtkw.c);
  ** an open-addressing set, HC_WAVE_EMPTY in the free slots. */
  uint64_t *seen;
  size_t seen_cap, seen_n;
  int seen_full; /* HC_WAVE_MAX_VALUES reached: later values not kept */
};

#define HC_WAVE_EMPTY UINT64_MAX

static const char *const sim_names[] = {"model", "rtl", "both"};
static const char *const cnt_names[HC_CNT_ALL] = {"flits", "messages", "busy_cycles",
                                                  "blocked_cycles", "max_waiting",
                                                  "sf_packets", "sf_busy_cycles", "sf_words"};

int hc_sim_parse(const char *s, hc_sim *out) {
  for (int i = 0; i < 3; i++) {
    if (strcmp(s, sim_names[i]) == 0) {
      *out = (hc_sim)i;
      return 0;
    }
  }
  return -1;
}

const char *hc_sim_name(hc_sim s) { return sim_names[s]; }

int hc_backend_open(hc_sim sim, const hc_cfg *cfg, const char *fst_path,
                    hc_backend **out) {
  int rc = hc_cfg_check(cfg);
  if (rc != HC_OK) return rc;
  if (sim != HC_SIM_MODEL && cfg->routing != HC_ROUTE_ECUBE) return HC_EROUTE;
  hc_backend *b = calloc(1, sizeof *b);
  if (!b) return HC_ENOMEM;
  b->sim = sim;
  b->cfg = *cfg;
  if (sim != HC_SIM_RTL) rc = hc_model_new(cfg, &b->model);
  if (rc == HC_OK && sim != HC_SIM_MODEL) rc = hc_rtl_new(cfg, fst_path, &b->rtl);
  if (rc == HC_OK && sim == HC_SIM_BOTH) rc = hc_obs_new(cfg, &b->shadow);
  if (rc == HC_OK && sim != HC_SIM_MODEL && fst_path) {
    b->seen_cap = 1024;
    b->seen = malloc(b->seen_cap * sizeof *b->seen);
    if (!b->seen) rc = HC_ENOMEM;
    else for (size_t i = 0; i < b->seen_cap; i++) b->seen[i] = HC_WAVE_EMPTY;
  }
  if (rc == HC_OK && sim != HC_SIM_MODEL) {
    const size_t n = (size_t)1 << cfg->d;
    b->inj_valid = calloc(n, sizeof *b->inj_valid);
    b->inj_flit = calloc(n, sizeof *b->inj_flit);
    b->offered = calloc(n, sizeof *b->offered);
    if (!b->inj_valid || !b->inj_flit || !b->offered) rc = HC_ENOMEM;
  }
  if (rc != HC_OK) {
    hc_backend_close(b);
    return rc;
  }
  *out = b;
  return HC_OK;
}

void hc_backend_close(hc_backend *b) {
  if (!b) return;
  hc_model_free(b->model);
  hc_rtl_free(b->rtl);
  if (b->sim == HC_SIM_BOTH) hc_obs_free(&b->shadow);
  free(b->inj_valid);
  free(b->inj_flit);
  free(b->offered);
  free(b->seen);
  free(b);
}

/* Withdraw the offers of hc_backend_offer (the RTL's arrays). */
static void clear_offers(hc_backend *b) {
  for (unsigned i = 0; i < b->noffered; i++) b->inj_valid[b->offered[i]] = 0;
  b->noffered = 0;
}

void hc_backend_reset(hc_backend *b) {
  if (b->model) hc_model_reset(b->model);
  if (b->rtl) hc_rtl_reset(b->rtl);
  if (b->inj_valid) clear_offers(b);
  b->cycle = 0;
  b->failed = 0;
}

int hc_backend_inj_ready(const hc_backend *b, unsigned x) {
  return b->model ? hc_model_inj_ready(b->model, x) : hc_rtl_inj_ready(b->rtl, x);
}

int hc_backend_probe_ready(const hc_backend *b, unsigned x) {
  return b->model ? hc_model_probe_ready(b->model, x) : hc_rtl_probe_ready(b->rtl, x);
}

void hc_backend_probe(hc_backend *b, unsigned x, uint32_t dest) {
  if (b->failed) return; /* as hc_backend_offer */
  if (b->model) hc_model_probe(b->model, x, dest);
  if (b->rtl) hc_rtl_probe(b->rtl, x, dest);
}

void hc_backend_offer(hc_backend *b, unsigned x, uint32_t flit) {
  /* after a failure nothing steps, so an offer would stay pending and the
  ** next one would be a second in one cycle: the run is over, drop it */
  if (b->failed) return;
  if (b->model) hc_model_offer(b->model, x, flit);
  if (b->rtl) {
    if (!b->inj_valid[x]) b->offered[b->noffered++] = x;
    b->inj_valid[x] = 1;
    b->inj_flit[x] = flit;
  }
}

int hc_backend_quiet(const hc_backend *b) {
  return b->sim == HC_SIM_MODEL && hc_model_quiet(b->model);
}

int hc_backend_skip(hc_backend *b, uint64_t k, hc_obs *obs) {
  if (b->failed) return b->failed;
  if (b->sim != HC_SIM_MODEL || !hc_model_quiet(b->model)) {
    for (uint64_t i = 0; i < k; i++) {
      int rc = hc_backend_step(b, NULL, NULL, obs);
      if (rc != HC_OK) return rc;
    }
    return HC_OK;
  }
  hc_model_skip(b->model, k, obs);
  b->cycle += k;
  return HC_OK;
}

/* End the run at its first failure, code HC_EMISMATCH or HC_EASSERT (an RTL
** assertion, reported like a mismatch after Verilator's own message with
** the assertion's file and line); later failures keep the first. Returns code. */
static int end_run(hc_backend *b, int code, unsigned node, const char *where,
                   uint32_t expected, uint32_t actual) {
  if (!b->failed) {
    b->failed = code;
    b->mm.cycle = b->cycle;
    b->mm.node = node;
    snprintf(b->mm.where, sizeof b->mm.where, "%s", where);
    b->mm.expected = expected;
    b->mm.actual = actual;
  }
  return code;
}

static int mismatch(hc_backend *b, unsigned node, const char *where,
                    uint32_t expected, uint32_t actual) {
  return end_run(b, HC_EMISMATCH, node, where, expected, actual);
}

/* Compare the model's observation m with the RTL's r for one cycle. */
static int compare_obs(hc_backend *b, const hc_obs *m, const hc_obs *r) {
  const unsigned n = 1u << b->cfg.d, d = b->cfg.d;
  char where[48];
  if (m->idle != r->idle) return mismatch(b, 0, "network idle", m->idle, r->idle);
  if (m->sf_done != r->sf_done) return mismatch(b, 0, "sf_done", m->sf_done, r->sf_done);
  if (m->cfg_rdata != r->cfg_rdata)
    return mismatch(b, 0, "cfg_rdata", m->cfg_rdata, r->cfg_rdata);
  for (unsigned x = 0; x < n; x++) {
    if (m->inj_ready[x] != r->inj_ready[x])
      return mismatch(b, x, "inj_ready", m->inj_ready[x], r->inj_ready[x]);
    if (m->probe_ready[x] != r->probe_ready[x])
      return mismatch(b, x, "probe_ready", m->probe_ready[x], r->probe_ready[x]);
    if (m->ej_valid[x] != r->ej_valid[x])
      return mismatch(b, x, "eject valid", m->ej_valid[x], r->ej_valid[x]);
    if (m->ej_flit[x] != r->ej_flit[x])
      return mismatch(b, x, "eject flit", m->ej_flit[x], r->ej_flit[x]);
    for (unsigned i = 0; i < d; i++) {
      const unsigned l = x * d + i;
      if (m->link_valid[l] != r->link_valid[l]) {
        snprintf(where, sizeof where, "link dim %u valid", i);
        return mismatch(b, x, where, m->link_valid[l], r->link_valid[l]);
      }
      if (m->link_flit[l] != r->link_flit[l]) {
        snprintf(where, sizeof where, "link dim %u flit", i);
        return mismatch(b, x, where, m->link_flit[l], r->link_flit[l]);
      }
      if (m->probe_valid[l] != r->probe_valid[l] || m->probe_dest[l] != r->probe_dest[l]) {
        snprintf(where, sizeof where, "link dim %u probe", i);
        return mismatch(b, x, where, m->probe_valid[l] ? m->probe_dest[l] | 0x80000000u : 0,
                        r->probe_valid[l] ? r->probe_dest[l] | 0x80000000u : 0);
      }
      if (m->link_ack[l] != r->link_ack[l]) {
        snprintf(where, sizeof where, "ack back across input %u", i);
        return mismatch(b, x, where, m->link_ack[l], r->link_ack[l]);
      }
    }
  }
  return HC_OK;
}

/* Slot of v in the set: where it is, or the free slot where it goes. */
static size_t seen_slot(const uint64_t *set, size_t cap, uint64_t v) {
  size_t i = (size_t)((v * 0x9e3779b97f4a7c15ull) >> 17) & (cap - 1);
  while (set[i] != HC_WAVE_EMPTY && set[i] != v) i = (i + 1) & (cap - 1);
  return i;
}

/* Add v to the set of values seen, doubling it at half full; out of memory
** or at HC_WAVE_MAX_VALUES it stops growing (seen_full). */
static void seen_add(hc_backend *b, uint64_t v) {
  size_t i = seen_slot(b->seen, b->seen_cap, v);
  if (b->seen[i] == v) return;
  if (b->seen_n + 1 > b->seen_cap / 2) {
    const size_t cap = b->seen_cap * 2;
    uint64_t *set = b->seen_n >= HC_WAVE_MAX_VALUES ? NULL : malloc(cap * sizeof *set);
    if (!set) {
      b->seen_full = 1;
      return;
    }
    for (size_t k = 0; k < cap; k++) set[k] = HC_WAVE_EMPTY;
    for (size_t k = 0; k < b->seen_cap; k++)
      if (b->seen[k] != HC_WAVE_EMPTY) set[seen_slot(set, cap, b->seen[k])] = b->seen[k];
    free(b->seen);
    b->seen = set;
    b->seen_cap = cap;
    i = seen_slot(set, cap, v);
  }
  b->seen[i] = v;
  b->seen_n++;
}

/* Note the values of the RTL's channels and ejection ports in r (the
** waveform's: {valid, flit}, as hc_network names them chan and eject). */
static void seen_obs(hc_backend *b, const hc_obs *r) {
  const unsigned n = 1u << b->cfg.d, d = b->cfg.d, fw = b->cfg.w + 2;
  for (unsigned x = 0; x < n; x++) {
    seen_add(b, (uint64_t)(r->ej_valid[x] & 1u) << fw | r->ej_flit[x]);
    for (unsigned i = 0; i < d; i++)
      seen_add(b, (uint64_t)(r->link_valid[x * d + i] & 1u) << fw | r->link_flit[x * d + i]);
  }
}

static int cmp_u64(const void *a, const void *b) {
  const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

int hc_backend_wave_values(const hc_backend *b, uint64_t **vals, size_t *n, int *complete) {
  *vals = NULL;
  *n = 0;
  *complete = !b->seen_full;
  if (!b->seen || b->seen_n == 0) return HC_OK;
  uint64_t *out = malloc(b->seen_n * sizeof *out);
  if (!out) return HC_ENOMEM;
  size_t k = 0;
  for (size_t i = 0; i < b->seen_cap; i++)
    if (b->seen[i] != HC_WAVE_EMPTY) out[k++] = b->seen[i];
  assert(k == b->seen_n);
  qsort(out, k, sizeof *out, cmp_u64);
  *vals = out;
  *n = k;
  return HC_OK;
}

uint64_t hc_backend_wave_time(const hc_backend *b) { return b->rtl ? hc_rtl_wave_time(b->rtl) : 0; }

int hc_backend_wave_peak(const hc_backend *b, uint64_t *time, unsigned *blocked) {
  *time = 0;
  *blocked = 0;
  return b->rtl ? hc_rtl_wave_peak(b->rtl, time, blocked) : 0;
}

int hc_backend_step(hc_backend *b, const uint8_t *inj_valid,
                    const uint32_t *inj_flit, hc_obs *obs) {
  if (b->failed) return b->failed; /* the run is over at the first failure */
  int rc = HC_OK;
  /* The RTL takes arrays: the caller's, or those of hc_backend_offer. */
  const uint8_t *rv = inj_valid ? inj_valid : b->inj_valid;
  const uint32_t *rf = inj_valid ? inj_flit : b->inj_flit;
  switch (b->sim) {
    case HC_SIM_MODEL:
      hc_model_step(b->model, inj_valid, inj_flit, obs);
      break;
    case HC_SIM_RTL:
      rc = hc_rtl_step(b->rtl, rv, rf, obs);
      hc_obs_written(obs, b->cfg.d);
      break;
    case HC_SIM_BOTH:
      hc_model_step(b->model, inj_valid, inj_flit, obs);
      rc = hc_rtl_step(b->rtl, rv, rf, &b->shadow);
      if (rc == HC_OK) rc = compare_obs(b, obs, &b->shadow);
      break;
  }
  if (b->inj_valid) clear_offers(b);
  if (b->seen && rc != HC_EASSERT) seen_obs(b, b->sim == HC_SIM_BOTH ? &b->shadow : obs);
  if (rc == HC_EASSERT) end_run(b, HC_EASSERT, 0, "RTL assertion failed", 0, 0);
  b->cycle++;
  return rc;
}

int hc_backend_set_remap(hc_backend *b, const uint8_t *perm) {
  if (b->model) {
    int rc = hc_model_set_remap(b->model, perm);
    if (rc != HC_OK) return rc;
  } else {
    /* RTL alone: check here what the model would check. */
    uint32_t seen = 0;
    for (unsigned k = 0; k < b->cfg.d; k++) {
      if (perm[k] >= b->cfg.d || (seen >> perm[k]) & 1u) return HC_EPARAM;
      seen |= 1u << perm[k];
    }
  }
  if (b->rtl) hc_rtl_set_remap(b->rtl, perm);
  return HC_OK;
}

int hc_backend_set_cfg(hc_backend *b, const hc_cfg_op *op) {
  if (b->model) {
    int rc = hc_model_set_cfg(b->model, op);
    if (rc != HC_OK) return rc;
  }
  if (b->rtl) hc_rtl_set_cfg(b->rtl, op);
  return HC_OK;
}

int hc_backend_backdoor(hc_backend *b, const hc_cfg_op *op, uint32_t *rdata) {
  if (b->sim != HC_SIM_MODEL) return HC_EPARAM;
  return hc_model_backdoor(b->model, op, rdata);
}

int hc_backend_idle(const hc_backend *b) {
  return b->model ? hc_model_idle(b->model) : hc_rtl_idle(b->rtl);
}

void hc_backend_set_step(hc_backend *b, unsigned step) {
  if (b->rtl) hc_rtl_set_step(b->rtl, step);
}

uint32_t hc_backend_counter(hc_backend *b, unsigned x, unsigned port, unsigned id) {
  return b->model ? hc_model_counter(b->model, x, port, id)
                  : hc_rtl_counter(b->rtl, x, port, id);
}

int hc_backend_check_counters(hc_backend *b) {
  if (b->sim != HC_SIM_BOTH) return HC_OK;
  const unsigned n = 1u << b->cfg.d;
  char where[48];
  for (unsigned x = 0; x < n; x++) {
    for (unsigned p = 0; p <= b->cfg.d; p++) {
      for (unsigned id = 0; id < HC_CNT_ALL; id++) {
        uint32_t m = hc_model_counter(b->model, x, p, id);
        uint32_t r = hc_rtl_counter(b->rtl, x, p, id);
        if (m != r) {
          snprintf(where, sizeof where, "counter %s port %u", cnt_names[id], p);
          return mismatch(b, x, where, m, r);
        }
      }
    }
  }
  return HC_OK;
}

const hc_mismatch *hc_backend_mismatch(const hc_backend *b) {
  return b->failed ? &b->mm : NULL;
}

uint64_t hc_backend_cycle(const hc_backend *b) { return b->cycle; }
hc_sim hc_backend_sim(const hc_backend *b) { return b->sim; }
const hc_cfg *hc_backend_cfg(const hc_backend *b) { return &b->cfg; }

int hc_backend_stall_site(const hc_backend *b, hc_stall_site *out) {
  return b->model ? (int)hc_model_stall_site(b->model, out) : -1;
}
