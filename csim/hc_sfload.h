/*
** The loader of the scheduled store-and-forward mode: turns a validated
** schedule case (csim/sched/hc_sched.h) into the configuration-port
** transactions that put it into the hardware (docs/store_and_forward.md, section 7.3) and
** maps the memory read back through the port to the schedule's logical
** addresses. This is how a real design would be loaded: the same writes go
** to the RTL (through its port) and to the model (hc_sf_step), nothing
** writes simulator internals. Nothing here prints.
*/
#ifndef HC_SFLOAD_H
#define HC_SFLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "hc_sched.h"
#include "hc_sf.h"

/* Where a logical word of a node lives in the banked memory. */
typedef struct hc_sf_place {
  uint8_t bank;    /* 0..d-1: written by incoming link bank; d: own bank */
  uint8_t op;      /* combined word: HC_SF_COMB_ADD or _OR; plain: 0 */
  uint16_t mask;   /* combined word: bank d and every contributing link */
  uint32_t offset; /* word offset within the bank (all banks of mask) */
} hc_sf_place;

typedef struct hc_sfload {
  unsigned d;
  uint32_t nodes, mem_words;
  hc_cfg_op *ops;      /* the configuration writes, in order (section 7.6) */
  size_t nops;
  hc_sf_place *place;  /* [node*mem_words + addr] */
  hc_sf_geom geom;     /* the geometry it was built for (resolved) */
  hc_sf_geom need;     /* the smallest geometry that holds it */
  uint32_t bank_max;   /* the largest offset used + 1, over all banks */
  uint32_t seg_max;    /* the most segments of one engine */
  uint32_t desc_max;   /* the most packets of one TX engine */
  uint32_t need_max;   /* the largest threshold need[j] */
} hc_sfload;

/*
** Build the loader image of case c (its schedule is validated if needed) for
** a d-cube network built with geometry geom (0 fields: the contract's
** defaults; docs/store_and_forward.md, section 7.2) and start-up beta: ops
** holds, in this order, the writes of mode 1, beta, the counts of every
** engine, every TX descriptor (words, then need[0..d-1]), every gather
** segment (offset, length, bank; or offset, length, comb for a combined
** run), every scatter segment (offset, length, last), and every word of
** every own bank (the case's init values; 0 for a combined word that is not
** own data). No start: the caller starts the run. Returns HC_OK, the
** validator's status, HC_EPARAM (beta < HC_SF_BETA_MIN or >= 2^HC_SF_BETA_W;
** a geometry field outside 0, HC_SF_AW_MIN..HC_SF_AW_MAX), HC_EFIT (err->msg
** names the limit, the parameter and the value that would hold the case,
** e.g. "link 3 2 needs 1500 gather segments; the hardware has 1024 (SegAW =
** 10; SegAW = 11 holds it)"; also a packet or segment longer than
** 2^HC_SF_LEN_W - 1 words, which no geometry changes) or HC_ENOMEM. *out is
** zeroed on failure.
*/
int hc_sfload_build(hc_sched_case *c, uint32_t beta, hc_sf_geom geom,
                    hc_sfload *out, hc_sched_err *err);

/*
** What case c needs: the smallest geometry (every field at least 1) whose
** banks hold every node's words (BankAW), whose tables hold every engine's
** segments (SegAW) and packets (DescAW), and whose need/done counters
** (DescAW + 1 bits) count to every threshold, into *need. Returns HC_OK,
** the validator's status, HC_EFIT (a packet longer than the LenW limit, a
** cube above d = 15, or a field above HC_SF_AW_MAX: *need is still filled
** in the last case, and err->msg names the field) or HC_ENOMEM.
*/
int hc_sfload_need(hc_sched_case *c, hc_sf_geom *need, hc_sched_err *err);

/*
** The sizes of a case that decide which geometries hold it, the largest
** over every node and link: the words of one bank, the packets of one TX
** engine, the table segments of one engine (gather or scatter), the
** largest need threshold; and what it holds in all: the words of a node's
** memory (the schedule's mem) and the packets of the schedule.
** hc_sfload_need counts them on a built case; a generator may know them
** from its parameters alone (hc_sf_algo.sizes), 0 standing for a size it
** does not know without building.
*/
typedef struct hc_sf_sizes {
  uint64_t bank_words, packets, segments, threshold, node_words, all_packets;
} hc_sf_sizes;

/* The smallest geometry that holds sizes z (every field at least 1; a
** size of 0 asks for nothing): the one rule of hc_sfload_need. */
hc_sf_geom hc_sfload_geom_for(const hc_sf_sizes *z);

/*
** Whether geometry g (0 fields: the defaults) holds sizes z, for the sizes
** known: HC_OK, or HC_EFIT with one sentence in why[n] naming the size, the
** hardware's limit, the parameter and the value that holds it ("a link
** carries 128 packets; the hardware has 64 packet descriptors (DescAW = 6;
** DescAW = 7 holds it)"), or that no build does (above HC_SF_AW_MAX).
** Checked in the order of hc_sfload_build: packets, thresholds, segments,
** banks. hc_sfload_need refuses with the same words above HC_SF_AW_MAX.
*/
int hc_sfload_fit_sizes(const hc_sf_sizes *z, hc_sf_geom g, char *why, size_t n);

/* Free the arrays of l and zero it; NULL is allowed. */
void hc_sfload_free(hc_sfload *l);

/*
** The read of logical word addr of node into *op: a bank read (target 4) of
** copy 0 at the word's place, or for a combined word the combined read
** (target 6: offset, op, bank mask), so that the hardware adds the shares.
*/
void hc_sfload_read_op(const hc_sfload *l, uint32_t node, uint32_t addr,
                       hc_cfg_op *op);

#endif /* HC_SFLOAD_H */
