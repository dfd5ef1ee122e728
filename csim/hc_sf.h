/*
** The cycle model of the scheduled store-and-forward engines of rtl/
** (docs/store_and_forward.md, section 7): for every node of a d-cube, d TX
** engines, d RX engines, the banked data memory, the done counters, the
** global mode / beta / start registers and the configuration port. It is
** written from that page, not from the RTL, and it is the part of the golden
** model (csim/hc_model.c) that drives the links in mode 1; the lockstep
** backend compares it with the RTL every cycle. All memory is taken in
** hc_sf_new(); hc_sf_step() allocates nothing.
*/
#ifndef HC_SF_H
#define HC_SF_H

#include <stdint.h>

/* Geometry defaults, targets, registers, fields, modes and counter ids:
** the hardware/software contract, generated from rtl/hc_contract.txt. */
#include "hc_contract.h"

/* Status bits read at target HC_SF_TGT_GLOBAL, index HC_SF_REG_START. */
#define HC_SF_STATUS_DONE (1u << HC_SF_STATUS_DONE_BIT)
#define HC_SF_STATUS_ERROR (1u << HC_SF_STATUS_ERROR_BIT)

/*
** One transaction on the configuration port, driven for one cycle. we and
** re are not both 1; both 0 is an idle cycle. Fields are used as the RTL
** uses them (section 7.3): truncated to their widths.
*/
typedef struct hc_cfg_op {
  uint8_t we, re;
  uint32_t node;  /* d bits */
  uint8_t tgt;    /* 3 bits */
  uint8_t unit;   /* 4 bits */
  uint32_t idx;   /* 16 bits */
  uint8_t field;  /* 4 bits */
  uint32_t wdata;
} hc_cfg_op;

/*
** The memory and table geometry of a build (docs/store_and_forward.md,
** section 7.2): the parameters BankAW, SegAW and DescAW of hc_network.
** A field of 0 means the contract's default (HC_SF_BANK_AW, HC_SF_SEG_AW,
** HC_SF_DESC_AW); otherwise each is HC_SF_AW_MIN..HC_SF_AW_MAX.
*/
typedef struct hc_sf_geom {
  unsigned bank_aw; /* 2^bank_aw words per bank */
  unsigned seg_aw;  /* 2^seg_aw segments per TX and per RX engine */
  unsigned desc_aw; /* 2^desc_aw packet descriptors per TX engine; need and
                    ** done counters have desc_aw + 1 bits */
} hc_sf_geom;

/* g with every 0 field replaced by the contract's default. */
static inline hc_sf_geom hc_sf_geom_resolve(hc_sf_geom g) {
  if (!g.bank_aw) g.bank_aw = HC_SF_BANK_AW;
  if (!g.seg_aw) g.seg_aw = HC_SF_SEG_AW;
  if (!g.desc_aw) g.desc_aw = HC_SF_DESC_AW;
  return g;
}

/* Whether every field of g is 0 (default) or HC_SF_AW_MIN..HC_SF_AW_MAX. */
static inline int hc_sf_geom_ok(hc_sf_geom g) {
  const unsigned f[3] = {g.bank_aw, g.seg_aw, g.desc_aw};
  for (int i = 0; i < 3; i++)
    if (f[i] && (f[i] < HC_SF_AW_MIN || f[i] > HC_SF_AW_MAX)) return 0;
  return 1;
}

/* Whether a and b are the same geometry once resolved. */
static inline int hc_sf_geom_eq(hc_sf_geom a, hc_sf_geom b) {
  a = hc_sf_geom_resolve(a);
  b = hc_sf_geom_resolve(b);
  return a.bank_aw == b.bank_aw && a.seg_aw == b.seg_aw && a.desc_aw == b.desc_aw;
}

typedef struct hc_sf hc_sf;

/*
** Create the engines of a d-cube (d = 1..15) with W-bit words (w = 1..30)
** and geometry g (resolved: 0 fields are the defaults; every table and
** bank is allocated at its full size 2^AW, and every index and register
** is truncated to the widths of g as the RTL built with g truncates it),
** in reset state (mode 0, beta 3, not running; tables and banks zero), in
** *out. Returns 0, 1 (bad d, w or g) or 2 (no memory).
*/
int hc_sf_new(unsigned d, unsigned w, hc_sf_geom g, hc_sf **out);

/* The geometry s was made with (resolved). */
hc_sf_geom hc_sf_geom_of(const hc_sf *s);

/*
** The back door of the model alone (no RTL has one): apply the write op
** (op->we) to the tables, banks and registers exactly as the port would at
** the end of a cycle in which nothing else happens, without running a
** cycle; or (op->re) return what the port's read would deliver in the next
** cycle, without changing any state (the read of a bank while TX engine 0
** reads it is the port's alone: only meaningful while no engine runs).
** A cycle-exact run loads through hc_sf_step; a model-only run may load
** through here and save a cycle of every engine per word.
*/
void hc_sf_backdoor_write(hc_sf *s, const hc_cfg_op *op);
uint32_t hc_sf_backdoor_read(const hc_sf *s, const hc_cfg_op *op);

/* Free; NULL is allowed. */
void hc_sf_free(hc_sf *s);

/* The reset state again (tables and banks are kept, as the RTL keeps them). */
void hc_sf_reset(hc_sf *s);

/* The mode register in the coming cycle (HC_MODE_*). */
unsigned hc_sf_mode(const hc_sf *s);

/* The cost-model registers in the coming cycle (docs/microarchitecture.md,
** "Cost model"): tau (RegTau), xi (RegXi) and the overlap bit (RegOverlap). */
unsigned hc_sf_tau(const hc_sf *s);
unsigned hc_sf_xi(const hc_sf *s);
unsigned hc_sf_overlap(const hc_sf *s);

/*
** One clock cycle. op (NULL: idle port) is the configuration transaction of
** this cycle. Outputs of the cycle, from the registers at its start:
** link_valid[x*d + i] and link_flit[x*d + i] (TX engine i of node x's link
** register: flit {00, word}, 0 when not valid; filled whatever the mode: the
** caller decides whether they reach the links), *done (sf_done_o) and
** *cfg_rdata. Then every register advances to the next cycle.
*/
void hc_sf_step(hc_sf *s, const hc_cfg_op *op, uint8_t *link_valid,
                uint32_t *link_flit, uint8_t *done, uint32_t *cfg_rdata);

/*
** What the engines did in one cycle, for a caller that compiles a schedule
** into a program (rtl/fpga/gen/hc_fpga_gen.c, the board's programmed node,
** docs/store_and_forward.md section 7.9). Arrays of n*d entries, index
** x*d + i, owned by the caller; hc_sf_step fills them for the cycle it
** steps when a trace is set: busy[e], TX engine e's busy_o (busy or
** starting a packet in this cycle); rd[e], it reads the banks of rmask[e]
** (bit b: bank b) at offset roff[e] in this cycle; wr[e], RX engine e
** writes bank i of node x at offset woff[e] at the end of this cycle.
*/
typedef struct hc_sf_trace {
  uint8_t *busy, *rd, *wr;
  uint32_t *rmask, *roff, *woff;
} hc_sf_trace;

/* Set (or with NULL clear) the trace hc_sf_step fills; the struct and its
** arrays must live until it is cleared. */
void hc_sf_set_trace(hc_sf *s, const hc_sf_trace *tr);

/* Counter id (HC_CNT_SF_*) of TX engine i of node x, as the read port shows
** it (i = d, the ejection port, and other ids read 0). */
uint32_t hc_sf_counter(const hc_sf *s, unsigned x, unsigned i, unsigned id);

#endif /* HC_SF_H */
