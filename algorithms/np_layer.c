/*
** The node-program layer (algorithms/hc_np_algo.h): the registry of the
** programs, the runner that takes a program phase by phase through the
** reference executor (and, through a callback, a network), and what the
** programs share: the Gray and binary embeddings of the 2^k x 2^k array,
** random matrices modulo 2^w and the host's product, consecutive storage
** of blocks, one-word packets, and the parameter checks. The routing of
** Gray-ring rotations is in np_rotation.c.
*/
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hc_np_algo.h"

const hc_np_algo *const hc_np_algos[] = {
#define HC_NP_ALGO(n) &hc_np_algo_##n,
#include "np_list.h"
#undef HC_NP_ALGO
    NULL,
};

const hc_np_algo *hc_np_algo_find(const char *name) {
  for (const hc_np_algo *const *a = hc_np_algos; *a; a++)
    if (strcmp((*a)->name, name) == 0) return *a;
  return NULL;
}

void hc_np_params_init(hc_np_params *p, unsigned d, uint32_t n, uint32_t beta, unsigned w, uint64_t seed) {
  memset(p, 0, sizeof *p);
  p->d = d;
  p->n = n;
  p->beta = beta;
  p->w = w;
  p->seed = seed;
  p->r = HC_NP_UNSET;
}

uint64_t hc_np_ops_steps(const hc_np_ops *o) { return o->madd + o->mul + o->add + o->div; }

int hc_np_why(char *why, size_t n, const char *fmt, ...) {
  if (why && n) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, n, fmt, ap);
    va_end(ap);
  }
  return HC_EPARAM;
}

/* ------------------------------------------------------------- the runner */

int hc_np_phase_case(const hc_np_algo *a, const hc_np_params *p, unsigned phase, const uint32_t *mem,
                     hc_sched_case *c) {
  memset(c, 0, sizeof *c);
  const uint32_t nodes = 1u << p->d, mw = p->mem;
  const size_t total = (size_t)nodes * mw;
  int rc = hc_sched_new(p->d, mw, &c->sched);
  if (rc == HC_OK) rc = a->comm(p, phase, c->sched);
  if (rc == HC_OK) rc = hc_sched_case_alloc(c);
  uint8_t *wr = rc == HC_OK ? calloc(total, 1) : NULL;
  if (rc == HC_OK && !wr) rc = HC_ENOMEM;
  for (size_t i = 0; rc == HC_OK && i < hc_sched_num_packets(c->sched); i++) {
    hc_packet_info pi;
    hc_sched_packet(c->sched, i, &pi);
    const size_t y = (size_t)(pi.node ^ (1u << pi.dim)) * mw;
    for (size_t s = 0; s < pi.nscatter; s++) memset(wr + y + pi.scatter[s].addr, 1, pi.scatter[s].len);
  }
  /* own data: every run of words the phase does not write */
  for (uint32_t x = 0; rc == HC_OK && x < nodes; x++)
    for (uint32_t at = 0; at < mw && rc == HC_OK;) {
      uint32_t end = at;
      while (end < mw && !wr[(size_t)x * mw + end]) end++;
      if (end > at) rc = hc_sched_add_own(c->sched, x, at, end - at);
      at = end + 1;
    }
  free(wr);
  if (rc != HC_OK) {
    hc_sched_case_free(c);
    return rc;
  }
  if (mem) memcpy(c->init, mem, total * sizeof *mem);
  memcpy(c->expect, c->init, total * sizeof *mem);
  return HC_OK;
}

/* Phase i's communication on mem: the executor's final memory becomes the
** nodes' memory once the network (if any) has delivered exactly it. */
static int run_comm(const hc_np_algo *a, const hc_np_params *p, unsigned i, uint32_t *mem, hc_np_net_fn net,
                    void *ctx, hc_np_result *r) {
  hc_sched_case c;
  hc_exec_result ex;
  hc_sched_err err = {0};
  const size_t total = ((size_t)1 << p->d) * p->mem;
  int rc = hc_np_phase_case(a, p, i, mem, &c);
  if (rc != HC_OK) {
    snprintf(r->why, sizeof r->why, "phase %u: cannot build its schedule (%s)", i, hc_status_name(rc));
    return rc;
  }
  uint64_t cycles = 0;
  if (hc_sched_num_packets(c.sched) > 0) {
    rc = hc_sched_exec(c.sched, p->beta, c.init, &ex, &err);
    if (rc != HC_OK) {
      snprintf(r->why, sizeof r->why, "phase %u: the executor refused the schedule: %s", i, err.msg);
      hc_sched_case_free(&c);
      return rc;
    }
    memcpy(c.expect, ex.mem, total * sizeof *mem);
    cycles = ex.cycles;
    r->packets += ex.packets;
    r->words += ex.words;
    if (net) rc = net(ctx, i, &c, ex.cycles, &cycles, r->why, sizeof r->why);
    hc_exec_result_free(&ex);
    if (rc == HC_OK) memcpy(mem, c.expect, total * sizeof *mem);
  }
  hc_sched_case_free(&c);
  if (rc != HC_OK) return rc;
  r->phase_cycles[i] = cycles;
  r->cycles += cycles;
  const uint64_t st = a->steps(p, i);
  r->steps += st;
  if (cycles != st * (1ull + p->beta) && r->steps_ok) {
    r->steps_ok = 0;
    r->bad_phase = i;
    r->bad_cycles = cycles;
  }
  return HC_OK;
}

/* The busiest and the least busy node, and the sums. */
static void tally(const hc_np_params *p, const hc_np_ops *ops, hc_np_result *r) {
  const uint32_t nodes = 1u << p->d;
  r->arith_min = UINT64_MAX;
  for (uint32_t x = 0; x < nodes; x++) {
    const uint64_t s = hc_np_ops_steps(&ops[x]);
    if (s > r->arith_max || x == 0) {
      r->arith_max = s;
      r->ops_max = ops[x];
      r->ops_node = x;
    }
    if (s < r->arith_min) r->arith_min = s;
    r->ops_total.madd += ops[x].madd;
    r->ops_total.mul += ops[x].mul;
    r->ops_total.add += ops[x].add;
    r->ops_total.div += ops[x].div;
  }
}

int hc_np_run(const hc_np_algo *a, const hc_np_params *p, hc_np_net_fn net, void *ctx, hc_np_result *r) {
  memset(r, 0, sizeof *r);
  const uint32_t nodes = 1u << p->d;
  uint32_t *mem = calloc((size_t)nodes * p->mem, sizeof *mem);
  hc_np_ops *ops = calloc(nodes, sizeof *ops);
  r->phase_cycles = calloc(p->phases + 1u, sizeof *r->phase_cycles);
  int rc = mem && ops && r->phase_cycles ? HC_OK : HC_ENOMEM;
  r->steps_ok = 1;
  if (rc == HC_OK) a->load(p, mem);
  for (unsigned i = 0; rc == HC_OK && i < p->phases; i++) {
    rc = run_comm(a, p, i, mem, net, ctx, r);
    uint64_t most = 0; /* the compute step lasts as long as its busiest node */
    for (uint32_t x = 0; rc == HC_OK && x < nodes; x++) {
      const uint64_t before = hc_np_ops_steps(&ops[x]);
      a->compute(p, i, x, mem + (size_t)x * p->mem, &ops[x]);
      if (hc_np_ops_steps(&ops[x]) - before > most) most = hc_np_ops_steps(&ops[x]) - before;
    }
    r->arith_seq += most;
    if (rc == HC_OK) r->phases++;
  }
  if (rc == HC_OK) {
    tally(p, ops, r);
    r->verified = a->verify(p, mem, r->why, sizeof r->why) == HC_OK;
  }
  r->mem = mem;
  free(ops);
  return rc;
}

void hc_np_result_free(hc_np_result *r) {
  if (!r) return;
  free(r->phase_cycles);
  free(r->mem);
  memset(r, 0, sizeof *r);
}

/* --------------------------------------- embeddings, data and arithmetic */

uint32_t hc_np_gray(uint32_t i) { return i ^ (i >> 1); }

uint32_t hc_np_gray_inv(uint32_t g) {
  uint32_t i = g;
  for (unsigned s = 1; s < 32; s <<= 1) i ^= i >> s;
  return i;
}

uint32_t hc_np_node(const hc_np_params *p, uint32_t r, uint32_t c, int gray) {
  assert(r < p->p && c < p->p);
  return gray ? (hc_np_gray(r) << p->k) | hc_np_gray(c) : (r << p->k) | c;
}

void hc_np_pos(const hc_np_params *p, uint32_t x, int gray, uint32_t *r, uint32_t *c) {
  const uint32_t hi = x >> p->k, lo = x & (p->p - 1u);
  *r = gray ? hc_np_gray_inv(hi) : hi;
  *c = gray ? hc_np_gray_inv(lo) : lo;
}

uint32_t hc_np_mask(unsigned w) { return w >= 32 ? 0xffffffffu : (1u << w) - 1u; }

uint32_t hc_np_inverse(uint32_t a, unsigned w) {
  assert(a & 1u);
  uint32_t x = a; /* right in the low 3 bits: a a = 1 mod 8 for odd a */
  for (unsigned i = 0; i < 4; i++) x *= 2u - a * x;
  return x & hc_np_mask(w);
}

int hc_np_msb(uint32_t v) {
  int b = -1;
  for (; v; v >>= 1) b++;
  return b;
}

/* splitmix64: a small generator that gives the same numbers everywhere. */
static uint64_t splitmix(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void hc_np_words(uint64_t seed, unsigned id, size_t count, unsigned w, uint32_t *a) {
  uint64_t s = seed * 0x2545f4914f6cdd1dull + id * 0x9e3779b97f4a7c15ull + 1;
  const uint32_t mask = hc_np_mask(w);
  for (size_t i = 0; i < count; i++) a[i] = (uint32_t)(splitmix(&s) >> 32) & mask;
}

void hc_np_matrix(uint64_t seed, unsigned id, uint32_t n, unsigned w, uint32_t *a) {
  hc_np_words(seed, id, (size_t)n * n, w, a);
}

void hc_np_host_gemm(uint32_t n, unsigned w, const uint32_t *a, const uint32_t *b, uint32_t *c) {
  const uint32_t mask = hc_np_mask(w);
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = 0; j < n; j++) {
      uint32_t s = c[(size_t)i * n + j];
      for (uint32_t l = 0; l < n; l++) s += a[(size_t)i * n + l] * b[(size_t)l * n + j];
      c[(size_t)i * n + j] = s & mask;
    }
}

/* Word (i, j) of the n x n matrix: its node and address (consecutive storage). */
static size_t block_word(const hc_np_params *p, int gray, uint32_t off, uint32_t i, uint32_t j) {
  const uint32_t m = p->m, x = hc_np_node(p, i / m, j / m, gray);
  return (size_t)x * p->mem + off + (i % m) * m + j % m;
}

void hc_np_put_blocks(const hc_np_params *p, int gray, const uint32_t *a, uint32_t *mem, uint32_t off) {
  const uint32_t n = p->m * p->p;
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = 0; j < n; j++) mem[block_word(p, gray, off, i, j)] = a[(size_t)i * n + j];
}

void hc_np_get_blocks(const hc_np_params *p, int gray, const uint32_t *mem, uint32_t off, uint32_t *a) {
  const uint32_t n = p->m * p->p;
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = 0; j < n; j++) a[(size_t)i * n + j] = mem[block_word(p, gray, off, i, j)];
}

void hc_np_block_madd(uint32_t m, unsigned w, uint32_t *h, const uint32_t *e, const uint32_t *f, hc_np_ops *ops) {
  const uint32_t mask = hc_np_mask(w);
  for (uint32_t i = 0; i < m; i++)
    for (uint32_t j = 0; j < m; j++) {
      uint32_t s = h[i * m + j];
      for (uint32_t l = 0; l < m; l++) s += e[i * m + l] * f[l * m + j];
      h[i * m + j] = s & mask;
    }
  ops->madd += (uint64_t)m * m * m;
}

int hc_np_send(hc_sched *s, uint32_t x, unsigned dim, uint32_t from, uint32_t to, uint32_t len) {
  int rc = HC_OK;
  for (uint32_t i = 0; i < len && rc == HC_OK; i++) {
    const hc_seg g = {from + i, 1}, t = {to + i, 1};
    rc = hc_sched_add_packet(s, x, dim, &g, 1, &t, 1);
  }
  return rc;
}

int hc_np_line_tree(const hc_np_params *p, hc_sched *s, uint32_t base, unsigned off, uint32_t root, uint32_t from,
                    uint32_t stride, uint32_t len, uint32_t to) {
  const uint32_t rcode = hc_np_gray(root);
  int rc = HC_OK;
  for (uint32_t code = 0; code < p->p; code++) {
    const uint32_t x = base | code << off;
    for (unsigned b = (unsigned)(hc_np_msb(code ^ rcode) + 1); b < p->k; b++)
      for (uint32_t e = 0; e < len && rc == HC_OK; e++)
        rc = hc_np_send(s, x, off + b, code == rcode ? from + e * stride : to + e, to + e, 1);
  }
  return rc;
}

int hc_np_compare(const char *what, uint32_t n, const uint32_t *got, const uint32_t *want, char *why, size_t len) {
  for (size_t i = 0; i < (size_t)n * n; i++)
    if (got[i] != want[i]) {
      if (why) snprintf(why, len, "%s(%zu,%zu) = %u, the host computes %u", what, i / n, i % n, got[i], want[i]);
      return HC_EMISMATCH;
    }
  return HC_OK;
}

/* The checks of hc_np_check_square but R's. */
static int square(hc_np_params *p, uint32_t def, char *why, size_t n) {
  if (p->d < 2 || p->d > HC_NP_MAX_D || p->d % 2)
    return hc_np_why(why, n, "d = %u: the 2^k x 2^k array needs an even d = 2k from 2 to %u", p->d, HC_NP_MAX_D);
  if (p->w < 1 || p->w > 32) return hc_np_why(why, n, "w = %u: words are 1..32 bits", p->w);
  p->k = p->d / 2;
  p->p = 1u << p->k;
  p->n_defaulted = p->n == HC_NP_UNSET;
  if (p->n_defaulted) p->n = def;
  if (p->n == 0 || (p->n & (p->n - 1)))
    return hc_np_why(why, n, "N = %u is not a power of two (the matrix order must be 2^j, j >= k = %u)", p->n,
                     p->k);
  if (p->n < p->p)
    return hc_np_why(why, n, "N = %u is below 2^k = %u: the %ux%u array of a %u-cube needs N >= 2^k", p->n, p->p,
                     p->p, p->p, p->d);
  p->m = p->n / p->p;
  return HC_OK;
}

int hc_np_check_square(hc_np_params *p, uint32_t def, char *why, size_t n) {
  if (p->r != HC_NP_UNSET)
    return hc_np_why(why, n, "R = %u: this program has no right-hand sides (R is the solvers' of §6)", p->r);
  return square(p, def, why, n);
}

int hc_np_check_square_rhs(hc_np_params *p, uint32_t def, uint32_t rdef, uint32_t rmin, uint32_t unit, char *why,
                           size_t n) {
  int rc = square(p, def, why, n);
  if (rc != HC_OK) return rc;
  p->r_defaulted = p->r == HC_NP_UNSET;
  if (p->r_defaulted) p->r = rdef;
  if (p->r % unit)
    return hc_np_why(why, n,
                     "R = %u is not a multiple of 2^k = %u (the right-hand sides are stored cyclically on the "
                     "array's %u columns)",
                     p->r, unit, unit);
  if (p->r < rmin) return hc_np_why(why, n, "R = %u: at least %u right-hand side%s", p->r, rmin, rmin == 1 ? "" : "s");
  if (p->r > 1u << 16) return hc_np_why(why, n, "R = %u: at most 65536 right-hand sides", p->r);
  return HC_OK;
}

int hc_np_check_mem(hc_np_params *p, uint64_t words, char *why, size_t n) {
  if (words > HC_NP_MAX_MEM)
    return hc_np_why(why, n,
                     "N = %u does not fit the nodes' memory: a node needs %llu words, at most %u (one bank of "
                     "BankAW %u)",
                     p->n, (unsigned long long)words, HC_NP_MAX_MEM, HC_SF_AW_MAX);
  p->mem = (uint32_t)words;
  return HC_OK;
}
