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

typedef struct hc_sf hc_sf;

/*
** Create the engines of a d-cube (d = 1..15) with W-bit words (w = 1..30),
** geometry HC_SF_*, in reset state (mode 0, beta 3, not running; tables and
** banks zero), in *out. Returns 0, 1 (bad d or w) or 2 (no memory).
*/
int hc_sf_new(unsigned d, unsigned w, hc_sf **out);

/* Free; NULL is allowed. */
void hc_sf_free(hc_sf *s);

/* The reset state again (tables and banks are kept, as the RTL keeps them). */
void hc_sf_reset(hc_sf *s);

/* The mode register in the coming cycle (HC_MODE_*). */
unsigned hc_sf_mode(const hc_sf *s);

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

/* Counter id (HC_CNT_SF_*) of TX engine i of node x, as the read port shows
** it (i = d, the ejection port, and other ids read 0). */
uint32_t hc_sf_counter(const hc_sf *s, unsigned x, unsigned i, unsigned id);

#endif /* HC_SF_H */
