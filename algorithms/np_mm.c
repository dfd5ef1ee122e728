/*
** The pieces the matrix products of 003 §5 share (algorithms/np_mm.h).
*/
#include <stdio.h>
#include <stdlib.h>

#include "np_mm.h"

int hc_np_mm_check(hc_np_params *p, unsigned phases, uint64_t blocks, char *why, size_t n) {
  int rc = hc_np_check_square(p, 2u << (p->d / 2), why, n);
  if (rc != HC_OK) return rc;
  p->phases = phases;
  return hc_np_check_mem(p, blocks * p->m * p->m, why, n);
}

void hc_np_mm_load(const hc_np_params *p, int gray, uint32_t *mem, uint32_t a_off, uint32_t b_off, uint32_t c_off) {
  uint32_t *a = malloc((size_t)p->n * p->n * sizeof *a);
  if (!a) return; /* verify() then fails */
  const uint32_t off[3] = {a_off, b_off, c_off};
  for (unsigned i = 0; i < 3; i++) {
    hc_np_matrix(p->seed, i, p->n, p->w, a);
    hc_np_put_blocks(p, gray, a, mem, off[i]);
  }
  free(a);
}

int hc_np_mm_verify(const hc_np_params *p, int gray, const uint32_t *mem, uint32_t c_off, char *why, size_t n) {
  const size_t nn = (size_t)p->n * p->n;
  uint32_t *a = malloc(nn * sizeof *a), *b = malloc(nn * sizeof *b), *c = malloc(nn * sizeof *c),
           *h = malloc(nn * sizeof *h);
  int rc = a && b && c && h ? HC_OK : HC_ENOMEM;
  if (rc == HC_OK) {
    hc_np_matrix(p->seed, 0, p->n, p->w, a);
    hc_np_matrix(p->seed, 1, p->n, p->w, b);
    hc_np_matrix(p->seed, 2, p->n, p->w, c);
    hc_np_host_gemm(p->n, p->w, a, b, c);
    hc_np_get_blocks(p, gray, mem, c_off, h);
    rc = hc_np_compare("C + A B", p->n, h, c, why, n);
  } else if (why) {
    snprintf(why, n, "out of memory");
  }
  free(a);
  free(b);
  free(c);
  free(h);
  return rc;
}

int hc_np_mm_path(const hc_np_params *p, hc_sched *s, uint32_t x, const uint8_t *dims, unsigned l, unsigned off,
                  uint32_t from, uint32_t to) {
  const uint32_t b = p->m * p->m;
  int rc = HC_OK;
  for (unsigned h = 0; h < l && rc == HC_OK; h++) {
    const unsigned dim = dims[h] + off;
    const uint32_t src = h == 0 ? from : NP_R(p, dims[h - 1] + off), dst = h + 1 == l ? to : NP_R(p, dim);
    rc = hc_np_send(s, x, dim, src, dst, b);
    x ^= 1u << dim;
  }
  return rc;
}

unsigned hc_np_mm_cur(uint32_t rc, unsigned i) { return ((rc != 0) + i) & 1u; }

void hc_np_mm_shift_compute(const hc_np_params *p, int gray, unsigned phase, uint32_t x, uint32_t *mem,
                            hc_np_ops *ops) {
  uint32_t r, c;
  hc_np_pos(p, x, gray, &r, &c);
  hc_np_block_madd(p->m, p->w, mem + NP_H(p), mem + NP_E(p, hc_np_mm_cur(r, phase)),
                   mem + NP_F(p, hc_np_mm_cur(c, phase)), ops);
}
