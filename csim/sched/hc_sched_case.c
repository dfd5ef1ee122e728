/*
** This file implements the data "cases" of the schedules (hc_sched.h): a
** schedule paired with the initial memory of every node, the final memory
** expected after it ran, and which final words matter. The test datum of an
** own-data word is hc_sched_tag(), a hash of node and address, so a word that
** arrives in the wrong place is seen. Generators (algorithms/) build cases;
** the testbenches compare the memories a backend ends with against them.
*/
#include "hc_sched_int.h"

#include <stdlib.h>
#include <string.h>

/* The test datum of word addr of node: a 32-bit hash, never 0. */
uint32_t hc_sched_tag(uint32_t node, uint32_t addr) {
  uint64_t z = ((uint64_t)node << 32 | addr) + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  uint32_t v = (uint32_t)(z ^ (z >> 32));
  return v ? v : 1u;
}

/* Allocate init, expect (0), care (1) for c->sched: HC_OK, EPARAM, ENOMEM. */
int hc_sched_case_alloc(hc_sched_case *c) {
  if (!c || !c->sched) return HC_EPARAM;
  size_t nw = (size_t)c->sched->n * c->sched->mem;
  c->init = calloc(nw, sizeof *c->init);
  c->expect = calloc(nw, sizeof *c->expect);
  c->care = malloc(nw);
  if (!c->init || !c->expect || !c->care) {
    free(c->init);
    free(c->expect);
    free(c->care);
    c->init = c->expect = NULL;
    c->care = NULL;
    return HC_ENOMEM;
  }
  memset(c->care, 1, nw);
  return HC_OK;
}

/* Free everything in c, its schedule included, and zero it; NULL allowed. */
void hc_sched_case_free(hc_sched_case *c) {
  if (!c) return;
  hc_sched_free(c->sched);
  free(c->init);
  free(c->expect);
  free(c->care);
  memset(c, 0, sizeof *c);
}

/*
** Declare node's words addr..addr+len-1 own data and fill them with their
** tags in init and expect. Returns as hc_sched_add_own, or HC_EPARAM.
*/
int hc_sched_case_own(hc_sched_case *c, uint32_t node, uint32_t addr,
                      uint32_t len) {
  const hc_sched *s = c->sched;
  if (node >= s->n || len == 0 || (uint64_t)addr + len > s->mem)
    return HC_EPARAM;
  int rc = hc_sched_add_own(c->sched, node, addr, len);
  if (rc) return rc;
  size_t base = (size_t)node * s->mem;
  for (uint32_t a = addr; a < addr + len; a++)
    c->init[base + a] = c->expect[base + a] = hc_sched_tag(node, a);
  return HC_OK;
}

/*
** The number of words of mem that differ from c->expect where c->care is
** set; the first one's node and address go to *node and *addr if not NULL.
*/
size_t hc_sched_case_check(const hc_sched_case *c, const uint32_t *mem,
                           uint32_t *node, uint32_t *addr) {
  const hc_sched *s = c->sched;
  size_t nw = (size_t)s->n * s->mem, bad = 0;
  for (size_t w = 0; w < nw; w++) {
    if (!c->care[w] || mem[w] == c->expect[w]) continue;
    if (bad++ == 0) {
      if (node) *node = (uint32_t)(w / s->mem);
      if (addr) *addr = (uint32_t)(w % s->mem);
    }
  }
  return bad;
}
