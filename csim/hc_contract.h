/*
** GENERATED from rtl/hc_contract.txt by tools/gen_contract.sh: do not edit.
** The hardware/software contract of the router: the numbers rtl/hc_pkg.sv
** gives the RTL (flit kinds, counter ids, configuration targets, registers
** and fields, modes, defaults and ranges), for the model, the loader, the
** testbenches (make reads the same table with gen_contract.sh --get).
*/
#ifndef HC_CONTRACT_H
#define HC_CONTRACT_H

/* Flit kind codes, bits [PayloadWidth+1:PayloadWidth] of a flit (docs/microarchitecture.md). */
#define HC_KIND_BODY 0 /* a body flit */
#define HC_KIND_HEAD 1 /* a head: destination in the low Dim bits */
#define HC_KIND_TAIL 2 /* the last flit of a message */
#define HC_KIND_SINGLE 3 /* a one-flit message (head and tail) */
#define HC_KIND_W 2 /* bits of the kind field */
#define HC_KIND_HEAD_BIT 0 /* kind bit set in a HEAD and a SINGLE (the flit opens a message) */
#define HC_KIND_TAIL_BIT 1 /* kind bit set in a TAIL and a SINGLE (the flit closes a message) */

/* Counter ids of the counter read port: per output port of a router, then per TX engine. */
#define HC_CNT_FLITS 0 /* flits sent */
#define HC_CNT_MESSAGES 1 /* heads (HEAD or SINGLE) sent */
#define HC_CNT_BUSY 2 /* cycles held by a message or granted */
#define HC_CNT_BLOCKED 3 /* cycles in which a head waited */
#define HC_CNT_MAX_WAITING 4 /* most heads waiting in one cycle */
#define HC_CNT_SF_PACKETS 5 /* store-and-forward TX: packets sent */
#define HC_CNT_SF_BUSY 6 /* store-and-forward TX: busy cycles */
#define HC_CNT_SF_WORDS 7 /* store-and-forward TX: words sent */
#define HC_CNT_NUM 5 /* counters of a router output port (ids 0..4) */
#define HC_CNT_ALL 8 /* counter ids in all (0..7) */
#define HC_CNT_ID_W 3 /* bits of a counter id */

/* Configuration port targets (docs/store_and_forward.md, section 7.3). */
#define HC_SF_TGT_GLOBAL 0 /* the global registers (mode, beta, start/status) */
#define HC_SF_TGT_TXDESC 1 /* a TX engine's packet descriptors */
#define HC_SF_TGT_GSEG 2 /* a TX engine's gather segments */
#define HC_SF_TGT_SSEG 3 /* an RX engine's scatter segments */
#define HC_SF_TGT_BANK 4 /* a memory bank */
#define HC_SF_TGT_COUNT 5 /* the engines' table lengths */
#define HC_SF_TGT_COMB 6 /* read: combined word of copy 0 (idx offset, field op, wdata bank mask) */

/* Global registers (target TgtGlobal), by cfg_idx. */
#define HC_SF_REG_MODE 0 /* mode (write and read) */
#define HC_SF_REG_BETA 1 /* beta, start-up cycles of a packet */
#define HC_SF_REG_START 2 /* write: start; read: status */
#define HC_REG_TAU 3 /* tau: cycles a head (a probe in mode 3) waits at each router it reaches over a link */
#define HC_REG_XI 4 /* xi: start-up cycles of a message at its NI (mode 3: of its path set-up) */
#define HC_REG_OVERLAP 5 /* mode 3: 1 lets a node set up its next path while its current data flows */
#define HC_SF_STATUS_DONE_BIT 0 /* status bit: every node finished */
#define HC_SF_STATUS_ERROR_BIT 1 /* status bit: a write was refused */

/* Fields of table entries (cfg_field). */
#define HC_SF_DESC_WORDS 0 /* TX descriptor: words of the packet */
#define HC_SF_DESC_NEED0 1 /* TX descriptor: need[j] is field DescFieldNeed0 + j */
#define HC_SF_GSEG_OFF 0 /* gather segment: offset in the bank */
#define HC_SF_GSEG_LEN 1 /* gather segment: length */
#define HC_SF_GSEG_BANK 2 /* gather segment: bank 0..d (makes the segment plain) */
#define HC_SF_GSEG_COMB 3 /* gather segment: combined read, bank mask in wdata[15:0], op in wdata[17:16] */
#define HC_SF_SSEG_OFF 0 /* scatter segment: offset in the bank */
#define HC_SF_SSEG_LEN 1 /* scatter segment: length */
#define HC_SF_SSEG_LAST 2 /* scatter segment: last segment of its packet */
#define HC_SF_COUNT_TX 0 /* counts: packets of TX engine i */
#define HC_SF_COUNT_RX 1 /* counts: segments of RX engine i */

/* Combine ops of a read (gather segment, target TgtComb): plain reads one bank. */
#define HC_SF_COMB_PLAIN 0 /* one bank (the OR of the masked banks) */
#define HC_SF_COMB_ADD 1 /* the sum of the masked banks, mod 2^W */
#define HC_SF_COMB_OR 2 /* the OR of the masked banks */
#define HC_SF_COMB_OP_SHIFT 16 /* GsegFieldComb: op at wdata[17:16], mask at wdata[15:0] */

/* Mode register values. */
#define HC_MODE_WORMHOLE 0 /* e-cube wormhole */
#define HC_MODE_SF 1 /* scheduled store-and-forward multiport */
#define HC_MODE_SAF 2 /* store-and-forward by header */
#define HC_MODE_CIRCUIT 3 /* circuit switching: a probe reserves the path, the data follows the acknowledgement */

/* The paper's cost model (docs/microarchitecture.md, "Cost model: tau, xi and circuit switching"). */
#define HC_TAU_W 8 /* bits of tau (RegTau takes 0..2^TauW-1) */
#define HC_XI_W 16 /* bits of xi (RegXi takes 0..2^XiW-1) */
#define HC_REM_W 4 /* bits of a reservation's remaining-hop count (Dim <= 15) */

/* Store-and-forward engines: timing and memory geometry (defaults of hc_network). */
#define HC_SF_BETA_MIN 3 /* smallest beta: decision, RAM read, link register */
#define HC_SF_BETA_W 16 /* bits of beta */
#define HC_SF_LEN_W 16 /* bits of a packet's words and a segment's length */
#define HC_SF_BANK_AW 11 /* address bits of a bank (2^11 words) */
#define HC_SF_SEG_AW 10 /* address bits of a segment table */
#define HC_SF_DESC_AW 6 /* address bits of a descriptor table */
#define HC_SF_AW_MIN 1 /* smallest BankAW, SegAW or DescAW of a build */
#define HC_SF_AW_MAX 16 /* largest BankAW, SegAW or DescAW (the 16-bit cfg_idx addresses every entry) */

/* Configuration port field widths. */
#define HC_CFG_TGT_W 3 /* bits of cfg_tgt */
#define HC_CFG_UNIT_W 4 /* bits of cfg_unit */
#define HC_CFG_IDX_W 16 /* bits of cfg_idx */
#define HC_CFG_FIELD_W 4 /* bits of cfg_field */

/* Parameter ranges and the default configuration {d, w, buf, inj} of make sim, hcsim and the tests. */
#define HC_RTL_MAX_D 15 /* largest Dim of hc_network */
#define HC_BUILD_MAX_D 8 /* largest Dim that make builds as RTL */
#define HC_MODEL_MAX_D 20 /* largest d of the C model (2^20 nodes: about 1.1 GiB of node records at B = 2, I = 4) */
#define HC_MAX_W 30 /* largest payload width */
#define HC_MAX_DEPTH 16 /* largest buffer or injection depth */
#define HC_DEFAULT_D 4 /* default cube dimension */
#define HC_DEFAULT_W 16 /* default payload width */
#define HC_DEFAULT_B 2 /* default router buffer depth */
#define HC_DEFAULT_I 4 /* default injection queue depth */

#endif /* HC_CONTRACT_H */
