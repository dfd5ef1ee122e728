/*
** The system and the check the triangular solvers of 003 §6.4 share
** (algorithms/np_tri.h).
*/
#include <stdio.h>
#include <stdlib.h>

#include "np_tri.h"

void hc_np_tri_make(const hc_np_params *p, int kind, uint32_t *l, uint32_t *y) {
  const uint32_t n = p->n;
  const unsigned ls = kind == HC_NP_TRI_ODD_DIAG ? 20 : 30;
  hc_np_matrix(p->seed, ls, n, p->w, l);
  hc_np_words(p->seed, ls + 1, (size_t)n * p->r, p->w, y);
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = 0; j < n; j++) {
      uint32_t *v = &l[(size_t)i * n + j];
      if (kind == HC_NP_TRI_ODD_DIAG) {
        if (j > i) *v = 0;
        else if (j == i) *v |= 1u;
      } else if (i / p->p == j / p->p) {
        *v = i == j;
      } else if (j > i) {
        *v = 0;
      }
    }
}

int hc_np_tri_verify(const hc_np_params *p, int kind, const uint32_t *z, char *why, size_t len) {
  const uint32_t n = p->n, r = p->r, mask = hc_np_mask(p->w);
  uint32_t *l = malloc((size_t)n * n * sizeof *l), *y = malloc((size_t)n * r * sizeof *y);
  int rc = l && y ? HC_OK : HC_ENOMEM;
  if (rc != HC_OK && why) snprintf(why, len, "out of memory");
  if (rc == HC_OK) hc_np_tri_make(p, kind, l, y);
  for (uint32_t i = 0; rc == HC_OK && i < n; i++) /* L z = Y, row by row */
    for (uint32_t q = 0; rc == HC_OK && q < r; q++) {
      uint32_t s = 0;
      for (uint32_t j = 0; j <= i; j++) s += l[(size_t)i * n + j] * z[(size_t)j * r + q];
      if ((s & mask) != y[(size_t)i * r + q]) {
        if (why) snprintf(why, len, "(L Z)(%u,%u) = %u, Y(%u,%u) = %u", i, q, s & mask, i, q, y[(size_t)i * r + q]);
        rc = HC_EMISMATCH;
      }
    }
  for (uint32_t i = 0; rc == HC_OK && i < n; i++) /* the host's forward substitution, in place in y */
    for (uint32_t q = 0; rc == HC_OK && q < r; q++) {
      uint32_t s = y[(size_t)i * r + q];
      for (uint32_t j = 0; j < i; j++) s -= l[(size_t)i * n + j] * y[(size_t)j * r + q];
      y[(size_t)i * r + q] = (s * hc_np_inverse(l[(size_t)i * n + i], p->w)) & mask;
      if (y[(size_t)i * r + q] != z[(size_t)i * r + q]) {
        if (why)
          snprintf(why, len, "Z(%u,%u) = %u, the host's forward substitution gives %u", i, q, z[(size_t)i * r + q],
                   y[(size_t)i * r + q]);
        rc = HC_EMISMATCH;
      }
    }
  free(l);
  free(y);
  return rc;
}

void hc_np_tri_load_cyclic(const hc_np_params *p, int kind, uint32_t *mem, size_t at) {
  const uint32_t n = p->n, m = p->m, r = p->r;
  uint32_t *l = malloc((size_t)n * n * sizeof *l), *y = malloc((size_t)n * r * sizeof *y);
  if (l && y) {
    hc_np_tri_make(p, kind, l, y);
    for (uint32_t i = 0; i < n; i++) {
      for (uint32_t j = 0; j < n; j++)
        mem[(size_t)hc_np_cyc_node(p, i, j) * p->mem + (i / p->p) * m + j / p->p] = l[(size_t)i * n + j];
      for (uint32_t q = 0; q < r; q++)
        mem[(size_t)hc_np_cyc_node(p, i, 0) * p->mem + at + (i / p->p) * r + q] = y[(size_t)i * r + q];
    }
  }
  free(l);
  free(y);
}

int hc_np_tri_verify_diag(const hc_np_params *p, int kind, const uint32_t *mem, size_t at, char *why, size_t len) {
  uint32_t *z = malloc((size_t)p->n * p->r * sizeof *z);
  if (!z) return HC_ENOMEM;
  for (uint32_t j = 0; j < p->n; j++)
    for (uint32_t q = 0; q < p->r; q++)
      z[(size_t)j * p->r + q] = mem[(size_t)hc_np_cyc_node(p, j, j) * p->mem + at + (j / p->p) * p->r + q];
  const int rc = hc_np_tri_verify(p, kind, z, why, len);
  free(z);
  return rc;
}

uint32_t hc_np_cyc_node(const hc_np_params *p, uint32_t i, uint32_t j) {
  return hc_np_node(p, i % p->p, j % p->p, 1);
}
