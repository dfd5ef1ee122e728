/*
** This file implements the loader of the scheduled store-and-forward mode
** (csim/hc_sfload.h; docs/store_and_forward.md, sections 7.2, 7.3 and 7.6):
** it places every logical word of every node in the banked memory (bank by
** writer: bank j < d for the words brought by incoming link j, bank d for
** own data and the words nobody writes; a word's offset is the number of
** lower addresses of its node in the same bank), cuts the schedule's gather
** and scatter segments where the bank changes, and lists the configuration
** port writes that load the tables and the own banks. The writes come in
** sections, each nested node, then link (or bank), then table index, then
** field:
**
**   1. mode = 1 (target 0, index 0) and beta (target 0, index 1);
**   2. counts (target 5): for every node x and link i, field 0 = packets of
**      TX engine i, field 1 = segments of RX engine i;
**   3. TX descriptors (target 1): for every node, link, position p: field 0
**      = words, then field 1 + j = need[j] for j = 0..d-1;
**   4. gather segments (target 2): for every node, link, segment s (the
**      segments of the link's packets in position order, concatenated):
**      field 0 offset, 1 length, 2 bank;
**   5. scatter segments (target 3): for every node y, RX engine j (which
**      receives link (y ^ 2^j, j)), segment s: field 0 offset, 1 length,
**      2 last (1 on the final segment of each packet);
**   6. the own bank (target 4, unit d): for every node, every offset in
**      increasing order: the case's initial value of the word placed there.
**
** The fit checks run before anything is listed, in this order: d <= 15;
** every packet's word count (LenW, the same in every build); then, against
** the target's geometry (BankAW, SegAW, DescAW), for every node x and link
** i in turn: the packets of TX engine i, their largest threshold, TX engine
** i's gather segments, RX engine i's scatter segments; then every bank of
** every node. A segment is part of one packet, so the packet's word count
** bounds its length. hc_sfload_need computes the same counts and returns
** the smallest geometry that passes.
**
** Combined words (docs/store_and_forward.md, sections 1 and 7.2): every
** word of x that a combining packet scatters into gets one combine offset,
** the same in the own bank (its initial value: own data, else 0) and in the
** bank of every incoming link that contributes; the combine offsets of a
** node are 0..C-1 in address order in every bank, its plain words follow
** at C, C+1, ... in each bank. A gather run of combined words is one
** segment with the comb field (bank mask, op) instead of the bank; the
** read-back reads them combined (target 6).
*/
#include "hc_sfload.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LEN_MAX ((1ul << HC_SF_LEN_W) - 1)         /* longest packet, segment */
#define BETA_LIMIT (1ul << HC_SF_BETA_W)           /* beta must be below */
#define MAX_D HC_RTL_MAX_D /* bank d must fit the port's 4-bit unit field */

/* Everything the build works on; freed by ld_free. */
typedef struct ld {
  hc_sched *s;
  unsigned d;
  uint32_t n, mem;
  size_t nl;           /* links: n*d, link (x, i) is x*d + i */
  size_t *lk_first;    /* [nl+1]: link L's packets are lk_pkt[lk_first[L] ..] */
  uint32_t *lk_pkt;    /* by position */
  hc_sf_place *place;  /* [x*mem + a] */
  uint32_t *bank_cnt;  /* [x*(d+1) + b]: words placed in bank b of x */
  size_t *tx_seg;      /* [x*d + i]: gather segments of TX engine i of x */
  size_t *rx_seg;      /* [y*d + j]: scatter segments of RX engine j of y */
  uint32_t *need;      /* [d]: scratch */
  uint8_t *own;        /* [x*mem + a]: own data (for combined words' 0) */
  uint32_t *need_max;  /* [x*d + i]: the largest threshold of TX engine i */
  uint32_t *need_at;   /* [x*d + i]: its packet position p * d + link j */
  unsigned long *need_line; /* [x*d + i]: and its line in the schedule */
} ld;

static void ld_free(ld *l) {
  free(l->lk_first);
  free(l->lk_pkt);
  free(l->place);
  free(l->bank_cnt);
  free(l->tx_seg);
  free(l->rx_seg);
  free(l->need);
  free(l->own);
  free(l->need_max);
  free(l->need_at);
  free(l->need_line);
}

/* The number of address bits that index n entries (at least 1: a table
** has at least 2 entries). */
static unsigned aw_for(unsigned long n) {
  unsigned b = 1;
  while (b < 63 && (1ul << b) < n) b++;
  return b;
}

/*
** The number of words from addr on (at most end - addr) that lie in the
** same bank as addr, pl being the node's placement: within one bank,
** consecutive addresses have consecutive offsets, so this is the length of
** the maximal run that one table segment can describe.
*/
static uint32_t run_len(const hc_sf_place *pl, uint32_t addr, uint32_t end) {
  uint32_t a = addr + 1;
  while (a < end && pl[a].bank == pl[addr].bank && pl[a].op == pl[addr].op &&
         pl[a].mask == pl[addr].mask) {
    assert(pl[a].offset == pl[a - 1].offset + 1);
    a++;
  }
  return a - addr;
}

/* The number of table segments the segments g[0..ng-1] of a node with
** placement pl are cut into. */
static size_t split_count(const hc_sf_place *pl, const hc_seg *g, size_t ng) {
  size_t k = 0;
  for (size_t i = 0; i < ng; i++) {
    uint32_t a = g[i].addr, end = g[i].addr + g[i].len;
    while (a < end) {
      a += run_len(pl, a, end);
      k++;
    }
  }
  return k;
}

/* Sort the packets by link and position (positions are 0..n-1: the
** schedule is valid). */
static int link_lists(ld *l) {
  size_t npk = hc_sched_num_packets(l->s);
  hc_packet_info pi;
  l->lk_first = calloc(l->nl + 1, sizeof *l->lk_first);
  l->lk_pkt = malloc((npk ? npk : 1) * sizeof *l->lk_pkt);
  if (!l->lk_first || !l->lk_pkt) return HC_ENOMEM;
  for (size_t i = 0; i < npk; i++) {
    hc_sched_packet(l->s, i, &pi);
    l->lk_first[(size_t)pi.node * l->d + pi.dim + 1]++;
  }
  for (size_t L = 0; L < l->nl; L++) l->lk_first[L + 1] += l->lk_first[L];
  for (size_t i = 0; i < npk; i++) {
    hc_sched_packet(l->s, i, &pi);
    size_t L = (size_t)pi.node * l->d + pi.dim;
    assert(pi.seq < l->lk_first[L + 1] - l->lk_first[L]);
    l->lk_pkt[l->lk_first[L] + pi.seq] = (uint32_t)i;
  }
  return HC_OK;
}

/* Mark the combined words of every node: op, mask (bank d and the
** contributing links), bank d. */
static void mark_combined(ld *l) {
  size_t npk = hc_sched_num_packets(l->s);
  hc_packet_info pi;
  for (size_t i = 0; i < npk; i++) {
    hc_sched_packet(l->s, i, &pi);
    if (pi.op == HC_SCHED_WRITE) continue;
    size_t base = (size_t)(pi.node ^ (1u << pi.dim)) * l->mem;
    for (size_t k = 0; k < pi.nscatter; k++)
      for (uint32_t a = 0; a < pi.scatter[k].len; a++) {
        hc_sf_place *p = &l->place[base + pi.scatter[k].addr + a];
        p->bank = (uint8_t)l->d;
        p->op = pi.op == HC_SCHED_ADD ? HC_SF_COMB_ADD : HC_SF_COMB_OR;
        p->mask |= (uint16_t)(1u << pi.dim | 1u << l->d);
      }
  }
}

/* Offsets: combined words first (0..C-1 in every bank), then each bank's
** plain words from C on. */
static void offsets(ld *l, uint32_t x) {
  const unsigned d = l->d;
  uint32_t *cnt = l->bank_cnt + (size_t)x * (d + 1), c = 0;
  hc_sf_place *pl = l->place + (size_t)x * l->mem;
  for (uint32_t a = 0; a < l->mem; a++)
    if (pl[a].op) pl[a].offset = c++;
  for (unsigned b = 0; b <= d; b++) cnt[b] = c;
  for (uint32_t a = 0; a < l->mem; a++)
    if (!pl[a].op) pl[a].offset = cnt[pl[a].bank]++;
}

/* Bank by writer, offsets by address (section 7.2). */
static int placement(ld *l) {
  const unsigned d = l->d;
  const size_t nw = (size_t)l->n * l->mem;
  size_t npk = hc_sched_num_packets(l->s);
  hc_packet_info pi;
  if (l->mem > SIZE_MAX / sizeof *l->place / l->n) return HC_ENOMEM;
  l->place = malloc(nw * sizeof *l->place);
  l->bank_cnt = calloc((size_t)l->n * (d + 1), sizeof *l->bank_cnt);
  if (!l->place || !l->bank_cnt) return HC_ENOMEM;
  /* First the writer's dimension in .bank: d unless a packet writes it
  ** (own data is never written in a valid schedule). */
  memset(l->place, 0, nw * sizeof *l->place);
  for (size_t w = 0; w < nw; w++) l->place[w].bank = (uint8_t)d;
  for (size_t i = 0; i < npk; i++) {
    hc_sched_packet(l->s, i, &pi);
    if (pi.op != HC_SCHED_WRITE) continue;
    size_t base = (size_t)(pi.node ^ (1u << pi.dim)) * l->mem;
    for (size_t k = 0; k < pi.nscatter; k++)
      for (uint32_t a = 0; a < pi.scatter[k].len; a++)
        l->place[base + pi.scatter[k].addr + a].bank = (uint8_t)pi.dim;
  }
  mark_combined(l);
  for (uint32_t x = 0; x < l->n; x++) offsets(l, x);
  return HC_OK;
}

/* Segments of every engine, every packet's thresholds and length (the one
** limit that is not the geometry's: LenW): what the fit checks compare. */
static int count(ld *l, hc_sched_err *err) {
  const unsigned d = l->d;
  hc_packet_info pi;
  l->tx_seg = calloc(l->nl, sizeof *l->tx_seg);
  l->rx_seg = calloc(l->nl, sizeof *l->rx_seg);
  l->need = malloc(d * sizeof *l->need);
  l->need_max = calloc(l->nl, sizeof *l->need_max);
  l->need_at = calloc(l->nl, sizeof *l->need_at);
  l->need_line = calloc(l->nl, sizeof *l->need_line);
  if (!l->tx_seg || !l->rx_seg || !l->need || !l->need_max || !l->need_at || !l->need_line)
    return HC_ENOMEM;
  for (uint32_t x = 0; x < l->n; x++) {
    const hc_sf_place *pl = l->place + (size_t)x * l->mem;
    for (unsigned i = 0; i < d; i++) {
      size_t L = (size_t)x * d + i, p0 = l->lk_first[L];
      size_t np = l->lk_first[L + 1] - p0;
      for (size_t p = 0; p < np; p++) {
        hc_sched_packet(l->s, l->lk_pkt[p0 + p], &pi);
        if (pi.words > LEN_MAX)
          return hc_sched_fail(err, HC_EFIT, pi.line,
                      "link %lu %u %lu carries %llu words; the hardware's "
                      "packets have at most %lu (HC_SF_LEN_W = %d)",
                      (unsigned long)x, i, (unsigned long)p,
                      (unsigned long long)pi.words, LEN_MAX, HC_SF_LEN_W);
        int rc = hc_sched_need(l->s, l->lk_pkt[p0 + p], l->need, err);
        if (rc) return rc;
        for (unsigned j = 0; j < d; j++)
          if (l->need[j] > l->need_max[L]) {
            l->need_max[L] = l->need[j];
            l->need_at[L] = (uint32_t)(p * d + j);
            l->need_line[L] = pi.line;
          }
        l->tx_seg[L] += split_count(pl, pi.gather, pi.ngather);
      }
      /* RX engine i of x receives link (x ^ 2^i, i). */
      size_t S = (size_t)(x ^ (1u << i)) * d + i;
      for (size_t k = l->lk_first[S]; k < l->lk_first[S + 1]; k++) {
        hc_sched_packet(l->s, l->lk_pkt[k], &pi);
        l->rx_seg[L] += split_count(pl, pi.scatter, pi.nscatter);
      }
    }
  }
  return HC_OK;
}

/* The fit checks against geometry g (see the file comment): the first
** limit exceeded, with the parameter and the value that would hold it. */
static int fit(const ld *l, hc_sf_geom g, hc_sched_err *err) {
  const unsigned d = l->d;
  const unsigned long seg_max = 1ul << g.seg_aw, desc_max = 1ul << g.desc_aw;
  const unsigned long cnt_max = (2ul << g.desc_aw) - 1, bank_words = 1ul << g.bank_aw;
  for (uint32_t x = 0; x < l->n; x++)
    for (unsigned i = 0; i < d; i++) {
      size_t L = (size_t)x * d + i;
      unsigned long np = (unsigned long)(l->lk_first[L + 1] - l->lk_first[L]);
      if (np > desc_max)
        return hc_sched_fail(err, HC_EFIT, 0,
                    "link %lu %u needs %lu packet descriptors; the hardware "
                    "has %lu (DescAW = %u; DescAW = %u holds it)",
                    (unsigned long)x, i, np, desc_max, g.desc_aw, aw_for(np));
      if (l->need_max[L] > cnt_max)
        return hc_sched_fail(err, HC_EFIT, l->need_line[L],
                    "link %lu %u %lu waits for %lu packets on incoming "
                    "link %u; the hardware's thresholds count to %lu "
                    "(DescAW + 1 = %u bits; DescAW = %u holds it)",
                    (unsigned long)x, i, (unsigned long)(l->need_at[L] / d),
                    (unsigned long)l->need_max[L], l->need_at[L] % d, cnt_max,
                    g.desc_aw + 1, aw_for(l->need_max[L] + 1ul) - 1);
      if (l->tx_seg[L] > seg_max)
        return hc_sched_fail(err, HC_EFIT, 0,
                    "link %lu %u needs %lu gather segments; the hardware has "
                    "%lu (SegAW = %u; SegAW = %u holds it)",
                    (unsigned long)x, i, (unsigned long)l->tx_seg[L], seg_max,
                    g.seg_aw, aw_for(l->tx_seg[L]));
      if (l->rx_seg[L] > seg_max)
        return hc_sched_fail(err, HC_EFIT, 0,
                    "link %lu %u (into node %lu) needs %lu scatter segments; "
                    "the hardware has %lu (SegAW = %u; SegAW = %u holds it)",
                    (unsigned long)(x ^ (1u << i)), i, (unsigned long)x,
                    (unsigned long)l->rx_seg[L], seg_max, g.seg_aw, aw_for(l->rx_seg[L]));
    }
  for (uint32_t x = 0; x < l->n; x++)
    for (unsigned b = 0; b <= d; b++) {
      uint32_t c = l->bank_cnt[(size_t)x * (d + 1) + b];
      if (c > bank_words)
        return hc_sched_fail(err, HC_EFIT, 0,
                    "node %lu needs %lu words in bank %u; the hardware's "
                    "banks have %lu (BankAW = %u; BankAW = %u holds it)",
                    (unsigned long)x, (unsigned long)c, b, bank_words,
                    g.bank_aw, aw_for(c));
    }
  return HC_OK;
}

/* The smallest geometry that holds l (every field at least 1). */
/* The largest of each size over every node and link of l. */
static hc_sf_sizes sizes_of(const ld *l) {
  hc_sf_sizes z = {0, 0, 0, 0, (uint64_t)l->mem, hc_sched_num_packets(l->s)};
  for (size_t k = 0; k < (size_t)l->n * (l->d + 1); k++)
    if (l->bank_cnt[k] > z.bank_words) z.bank_words = l->bank_cnt[k];
  for (size_t L = 0; L < l->nl; L++) {
    const uint64_t np = l->lk_first[L + 1] - l->lk_first[L];
    if (np > z.packets) z.packets = np;
    if (l->tx_seg[L] > z.segments) z.segments = l->tx_seg[L];
    if (l->rx_seg[L] > z.segments) z.segments = l->rx_seg[L];
    if (l->need_max[L] > z.threshold) z.threshold = l->need_max[L];
  }
  return z;
}

hc_sf_geom hc_sfload_geom_for(const hc_sf_sizes *z) {
  hc_sf_geom g;
  g.bank_aw = aw_for(z->bank_words);
  g.seg_aw = aw_for(z->segments);
  g.desc_aw = aw_for(z->packets);
  /* thresholds up to t need DescAW + 1 >= the bits of t */
  if (aw_for(z->threshold + 1ul) - 1 > g.desc_aw) g.desc_aw = aw_for(z->threshold + 1ul) - 1;
  return g;
}

static hc_sf_geom need_of(const ld *l) {
  const hc_sf_sizes z = sizes_of(l);
  return hc_sfload_geom_for(&z);
}

/* "(X = g; X = need holds it)", or that no geometry does. */
static const char *holds(char *buf, size_t n, const char *name, unsigned g, unsigned need) {
  if (need <= HC_SF_AW_MAX) snprintf(buf, n, "%s = %u; %s = %u holds it", name, g, name, need);
  else
    snprintf(buf, n, "%s = %u; no build holds it: it needs %s = %u, and the configuration port's %d-bit index "
             "addresses at most %s = %d", name, g, name, need, HC_CFG_IDX_W, name, HC_SF_AW_MAX);
  return buf;
}

int hc_sfload_fit_sizes(const hc_sf_sizes *z, hc_sf_geom g, char *why, size_t n) {
  const hc_sf_geom need = hc_sfload_geom_for(z);
  char h[160];
  g = hc_sf_geom_resolve(g);
  if (z->packets > (1ull << g.desc_aw))
    return snprintf(why, n, "a link carries %llu packets; the hardware has %lu packet descriptors (%s)",
                    (unsigned long long)z->packets, 1ul << g.desc_aw, holds(h, sizeof h, "DescAW", g.desc_aw,
                                                                             need.desc_aw)),
           HC_EFIT;
  if (z->threshold > (2ull << g.desc_aw) - 1)
    return snprintf(why, n, "a packet waits for %llu packets on one link; the hardware's thresholds count to %lu "
                    "(DescAW + 1 = %u bits; %s)", (unsigned long long)z->threshold, (2ul << g.desc_aw) - 1,
                    g.desc_aw + 1, holds(h, sizeof h, "DescAW", g.desc_aw, need.desc_aw)),
           HC_EFIT;
  if (z->segments > (1ull << g.seg_aw))
    return snprintf(why, n, "an engine needs %llu table segments; the hardware has %lu (%s)",
                    (unsigned long long)z->segments, 1ul << g.seg_aw, holds(h, sizeof h, "SegAW", g.seg_aw,
                                                                           need.seg_aw)),
           HC_EFIT;
  if (z->bank_words > (1ull << g.bank_aw))
    return snprintf(why, n, "a node needs %llu words in one bank; the hardware's banks have %lu (%s)",
                    (unsigned long long)z->bank_words, 1ul << g.bank_aw, holds(h, sizeof h, "BankAW", g.bank_aw,
                                                                              need.bank_aw)),
           HC_EFIT;
  return HC_OK;
}

/* Append one write to *o. */
static void put(hc_cfg_op **o, uint32_t node, unsigned tgt, unsigned unit,
                uint32_t idx, unsigned field, uint32_t wdata) {
  hc_cfg_op *op = (*o)++;
  assert(unit < 16 && field < 16 && idx <= 0xFFFFu);
  op->we = 1;
  op->re = 0;
  op->node = node;
  op->tgt = (uint8_t)tgt;
  op->unit = (uint8_t)unit;
  op->idx = idx;
  op->field = (uint8_t)field;
  op->wdata = wdata;
}

/* Append the table segments of g[0..ng-1] (node placement pl): gather
** segments (with their bank) from index *idx on, or scatter segments (all in
** bank `bank`, with "last" on the packet's final segment when last). The two
** tables number their fields alike (hc_contract.h). */
static void put_segs(hc_cfg_op **o, uint32_t node, unsigned tgt, unsigned unit,
                     const hc_sf_place *pl, const hc_seg *g, size_t ng,
                     unsigned bank, int last, uint32_t *idx) {
  for (size_t k = 0; k < ng; k++) {
    uint32_t a = g[k].addr, end = g[k].addr + g[k].len;
    while (a < end) {
      uint32_t len = run_len(pl, a, end);
      assert(len <= LEN_MAX);
      put(o, node, tgt, unit, *idx, HC_SF_GSEG_OFF, pl[a].offset);
      put(o, node, tgt, unit, *idx, HC_SF_GSEG_LEN, len);
      if (tgt == HC_SF_TGT_GSEG && pl[a].op) {
        put(o, node, tgt, unit, *idx, HC_SF_GSEG_COMB,
            pl[a].mask | (uint32_t)pl[a].op << HC_SF_COMB_OP_SHIFT);
      } else if (tgt == HC_SF_TGT_GSEG) {
        put(o, node, tgt, unit, *idx, HC_SF_GSEG_BANK, pl[a].bank);
      } else {
        assert(pl[a].op ? (pl[a].mask >> bank & 1u) : pl[a].bank == bank);
        put(o, node, tgt, unit, *idx, HC_SF_SSEG_LAST,
            (uint32_t)(last && k + 1 == ng && a + len == end));
      }
      (*idx)++;
      a += len;
    }
  }
}

/* Mark own[x*mem + a] for every own word (the schedule is valid). */
static int own_map(ld *l) {
  hc_seg g;
  uint32_t x;
  l->own = calloc((size_t)l->n * l->mem, 1);
  if (!l->own) return HC_ENOMEM;
  for (size_t i = 0; i < hc_sched_num_own(l->s); i++) {
    hc_sched_own(l->s, i, &x, &g);
    memset(l->own + (size_t)x * l->mem + g.addr, 1, g.len);
  }
  return HC_OK;
}

/* List the writes (the file comment) into out->ops. */
static int emit(ld *l, const hc_sched_case *c, uint32_t beta, hc_sfload *out) {
  const unsigned d = l->d;
  hc_packet_info pi;
  size_t nops = 2 + 2 * l->nl;
  nops += (size_t)hc_sched_num_packets(l->s) * (1 + d);
  for (size_t L = 0; L < l->nl; L++) nops += 3 * (l->tx_seg[L] + l->rx_seg[L]);
  for (uint32_t x = 0; x < l->n; x++)
    nops += l->bank_cnt[(size_t)x * (d + 1) + d];
  hc_cfg_op *ops = calloc(nops, sizeof *ops), *o = ops;
  if (!ops) return HC_ENOMEM;

  put(&o, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_MODE, 0, HC_MODE_SF);
  put(&o, 0, HC_SF_TGT_GLOBAL, 0, HC_SF_REG_BETA, 0, beta);
  for (uint32_t x = 0; x < l->n; x++)
    for (unsigned i = 0; i < d; i++) {
      size_t L = (size_t)x * d + i;
      put(&o, x, HC_SF_TGT_COUNT, i, 0, HC_SF_COUNT_TX,
          (uint32_t)(l->lk_first[L + 1] - l->lk_first[L]));
      put(&o, x, HC_SF_TGT_COUNT, i, 0, HC_SF_COUNT_RX, (uint32_t)l->rx_seg[L]);
    }
  for (uint32_t x = 0; x < l->n; x++)
    for (unsigned i = 0; i < d; i++) {
      size_t L = (size_t)x * d + i;
      for (size_t k = l->lk_first[L]; k < l->lk_first[L + 1]; k++) {
        uint32_t p = (uint32_t)(k - l->lk_first[L]);
        hc_sched_packet(l->s, l->lk_pkt[k], &pi);
        int rc = hc_sched_need(l->s, l->lk_pkt[k], l->need, NULL);
        assert(rc == HC_OK);
        (void)rc;
        put(&o, x, HC_SF_TGT_TXDESC, i, p, HC_SF_DESC_WORDS, (uint32_t)pi.words);
        for (unsigned j = 0; j < d; j++)
          put(&o, x, HC_SF_TGT_TXDESC, i, p, HC_SF_DESC_NEED0 + j, l->need[j]);
      }
    }
  for (uint32_t x = 0; x < l->n; x++)
    for (unsigned i = 0; i < d; i++) {
      size_t L = (size_t)x * d + i;
      uint32_t idx = 0;
      for (size_t k = l->lk_first[L]; k < l->lk_first[L + 1]; k++) {
        hc_sched_packet(l->s, l->lk_pkt[k], &pi);
        put_segs(&o, x, HC_SF_TGT_GSEG, i, l->place + (size_t)x * l->mem,
                 pi.gather, pi.ngather, 0, 0, &idx);
      }
      assert(idx == l->tx_seg[L]);
    }
  for (uint32_t y = 0; y < l->n; y++)
    for (unsigned j = 0; j < d; j++) {
      size_t S = (size_t)(y ^ (1u << j)) * d + j;
      uint32_t idx = 0;
      for (size_t k = l->lk_first[S]; k < l->lk_first[S + 1]; k++) {
        hc_sched_packet(l->s, l->lk_pkt[k], &pi);
        put_segs(&o, y, HC_SF_TGT_SSEG, j, l->place + (size_t)y * l->mem,
                 pi.scatter, pi.nscatter, j, 1, &idx);
      }
      assert(idx == l->rx_seg[(size_t)y * d + j]);
    }
  for (uint32_t x = 0; x < l->n; x++) {
    const hc_sf_place *pl = l->place + (size_t)x * l->mem;
    for (uint32_t a = 0; a < l->mem; a++)
      if (pl[a].bank == d)
        put(&o, x, HC_SF_TGT_BANK, d, pl[a].offset, 0,
            c->init && !(pl[a].op && !l->own[(size_t)x * l->mem + a])
                ? c->init[(size_t)x * l->mem + a]
                : 0);
  }
  assert((size_t)(o - ops) == nops);
  out->ops = ops;
  out->nops = nops;
  return HC_OK;
}

/* Clear *err. */
static void err_clear(hc_sched_err *err) {
  if (err) {
    err->code = HC_OK;
    err->line = 0;
    err->msg[0] = 0;
  }
}

/* Validate c and work out everything the fit checks and the writes need
** into *l (zeroed first; ld_free it whatever the result). */
static int analyse(hc_sched_case *c, ld *l, hc_sched_err *err) {
  memset(l, 0, sizeof *l);
  int rc = hc_sched_validate(c->sched, err);
  if (rc) return rc;
  l->s = c->sched;
  l->d = hc_sched_dim(l->s);
  l->n = hc_sched_nodes(l->s);
  l->mem = hc_sched_mem_words(l->s);
  if (l->d > MAX_D)
    return hc_sched_fail(err, HC_EFIT, 0,
                "a %u-cube needs bank %u; the configuration port's 4-bit unit "
                "field addresses banks up to %d, so d is at most %d",
                l->d, l->d, MAX_D, MAX_D);
  l->nl = (size_t)l->n * l->d;
  rc = link_lists(l);
  if (!rc) rc = placement(l);
  if (!rc) rc = count(l, err);
  if (rc == HC_ENOMEM) hc_sched_fail(err, rc, 0, "out of memory");
  return rc;
}

int hc_sfload_need(hc_sched_case *c, hc_sf_geom *need, hc_sched_err *err) {
  ld l;
  err_clear(err);
  if (need) memset(need, 0, sizeof *need);
  if (!c || !c->sched || !need)
    return hc_sched_fail(err, HC_EPARAM, 0, "no case or no output");
  int rc = analyse(c, &l, err);
  if (rc == HC_OK) {
    const hc_sf_sizes z = sizes_of(&l);
    const hc_sf_geom top = {HC_SF_AW_MAX, HC_SF_AW_MAX, HC_SF_AW_MAX};
    char why[sizeof err->msg];
    *need = hc_sfload_geom_for(&z);
    if (hc_sfload_fit_sizes(&z, top, why, sizeof why) == HC_EFIT) rc = hc_sched_fail(err, HC_EFIT, 0, "%s", why);
  }
  ld_free(&l);
  return rc;
}

int hc_sfload_build(hc_sched_case *c, uint32_t beta, hc_sf_geom geom,
                    hc_sfload *out, hc_sched_err *err) {
  ld l;
  int rc;
  if (out) memset(out, 0, sizeof *out);
  err_clear(err);
  if (!c || !c->sched || !out)
    return hc_sched_fail(err, HC_EPARAM, 0, "no case or no output");
  if (!hc_sf_geom_ok(geom))
    return hc_sched_fail(err, HC_EPARAM, 0,
                "geometry BankAW %u, SegAW %u, DescAW %u: each must be 0 "
                "(default) or %d..%d",
                geom.bank_aw, geom.seg_aw, geom.desc_aw, HC_SF_AW_MIN,
                HC_SF_AW_MAX);
  geom = hc_sf_geom_resolve(geom);
  rc = hc_sched_validate(c->sched, err);
  if (rc) return rc;
  if (beta < HC_SF_BETA_MIN || beta >= BETA_LIMIT)
    return hc_sched_fail(err, HC_EPARAM, 0,
                "beta %lu is outside the hardware's range %d..%lu "
                "(HC_SF_BETA_MIN = %d, HC_SF_BETA_W = %d)",
                (unsigned long)beta, HC_SF_BETA_MIN, BETA_LIMIT - 1,
                HC_SF_BETA_MIN, HC_SF_BETA_W);
  rc = analyse(c, &l, err);
  if (!rc) rc = fit(&l, geom, err);
  if (!rc) rc = own_map(&l);
  if (!rc) rc = emit(&l, c, beta, out);
  if (rc) {
    if (rc == HC_ENOMEM) hc_sched_fail(err, rc, 0, "out of memory");
    ld_free(&l);
    free(out->ops);
    memset(out, 0, sizeof *out);
    return rc;
  }
  out->d = l.d;
  out->nodes = l.n;
  out->mem_words = l.mem;
  out->place = l.place;
  out->geom = geom;
  out->need = need_of(&l);
  l.place = NULL;
  for (size_t k = 0; k < (size_t)l.n * (l.d + 1); k++)
    if (l.bank_cnt[k] > out->bank_max) out->bank_max = l.bank_cnt[k];
  for (size_t L = 0; L < l.nl; L++) {
    size_t np = l.lk_first[L + 1] - l.lk_first[L];
    if (np > out->desc_max) out->desc_max = (uint32_t)np;
    if (l.tx_seg[L] > out->seg_max) out->seg_max = (uint32_t)l.tx_seg[L];
    if (l.rx_seg[L] > out->seg_max) out->seg_max = (uint32_t)l.rx_seg[L];
    if (l.need_max[L] > out->need_max) out->need_max = l.need_max[L];
  }
  ld_free(&l);
  return HC_OK;
}

void hc_sfload_free(hc_sfload *l) {
  if (!l) return;
  free(l->ops);
  free(l->place);
  memset(l, 0, sizeof *l);
}

void hc_sfload_read_op(const hc_sfload *l, uint32_t node, uint32_t addr,
                       hc_cfg_op *op) {
  assert(node < l->nodes && addr < l->mem_words);
  const hc_sf_place *p = &l->place[(size_t)node * l->mem_words + addr];
  memset(op, 0, sizeof *op);
  op->re = 1;
  op->node = node;
  op->tgt = HC_SF_TGT_BANK;
  op->unit = p->bank;
  op->idx = p->offset;
  if (p->op) {
    op->tgt = HC_SF_TGT_COMB;
    op->field = p->op;
    op->wdata = p->mask;
  }
}
