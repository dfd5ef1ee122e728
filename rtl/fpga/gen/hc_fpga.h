/*
** The tables of the FPGA self-test (rtl/fpga/hc_selftest.sv) and the C model's
** prediction of what the board reports for them. One table per node holds
** the flits that node sends, in order, each with the creation cycle of the
** message a head starts; an expectation file holds the totals, the cycles
** the C model needs for the run, and each node's delivery signature. The
** generator (hc_fpga_gen.c) writes them from the project's traffic
** generators; the Verilator test (test_selftest.c) reads the same files,
** replays them through csim/hc_model.c as the board's sources do, and
** predicts the board's UART report byte for byte. This file mirrors the
** RTL's formats: a change to hc_selftest.sv, hc_traffic_rom.sv,
** hc_checker.sv or the report template must be made here too.
*/
#ifndef HC_FPGA_H
#define HC_FPGA_H

#include <stddef.h>
#include <stdint.h>

#include "hc_model.h"


/* Words of the expectation file and their meaning (hc_selftest.sv). */
#define HC_FPGA_EXPECT_WORDS 16
enum {
  HC_FPGA_X_CFG = 0,     /* {d, w, buf_depth, inj_depth}, a byte each */
  HC_FPGA_X_MSGS = 1,    /* messages in the tables */
  HC_FPGA_X_FLITS = 2,   /* flits in the tables */
  HC_FPGA_X_CYCLES = 3,  /* cycles of the run, C model */
  HC_FPGA_X_MAXWAIT = 4, /* largest max-waiting counter, C model */
  HC_FPGA_X_BLOCKED = 5, /* largest blocked counter mod 2^cnt_width, C model (0
                            when cnt_width is 0) */
  HC_FPGA_X_GEOM = 6,    /* {rom_depth[15:0], time_w[7:0], cnt_width[7:0]} */
  HC_FPGA_X_SIG = 8      /* + x: signature of the messages sent to node x */
};

/* Largest cube the table files can name (node00.hex .. node07.hex). */
#define HC_FPGA_MAX_D 3
/* Bits of the board's run-cycle counter (CycleW): runs time out after
** 2^HC_FPGA_CYCLE_W - 1 cycles. */
#define HC_FPGA_CYCLE_W 20

/* The parameters a set of tables is made for. */
typedef struct hc_fpga_geom {
  hc_cfg net;         /* d (1..HC_FPGA_MAX_D), w, buf_depth, inj_depth */
  unsigned cnt_width; /* bits of the blocked counters read, 0..32 (0: none) */
  unsigned rom_depth; /* words per node table, 2..65536 */
  unsigned time_w;    /* bits of a creation cycle, 1..HC_FPGA_CYCLE_W-1 */
} hc_fpga_geom;

/* Check g. Returns HC_OK or HC_EPARAM. */
int hc_fpga_geom_check(const hc_fpga_geom *g);

/* A table word: {end, time, flit}, 1 + time_w + w + 2 bits. */
uint64_t hc_fpga_word(const hc_fpga_geom *g, int end, uint32_t time, uint32_t flit);

/*
** The tables of one run. words[x * rom_depth + k] is word k of node x;
** len[x] the flits node x sends (word len[x] is its end word).
*/
typedef struct hc_fpga_tables {
  hc_fpga_geom g;
  unsigned n;
  uint64_t *words;
  unsigned *len;
  uint32_t expect[HC_FPGA_EXPECT_WORDS];
} hc_fpga_tables;

/* Allocate empty tables for g (every node: only its end word). Returns
** HC_OK, HC_EPARAM or HC_ENOMEM. */
int hc_fpga_tables_init(hc_fpga_tables *t, const hc_fpga_geom *g);
void hc_fpga_tables_free(hc_fpga_tables *t);

/* Append a flit to node x's table (time: creation cycle, for a head).
** Returns HC_OK or HC_EFORMAT (table full or time too wide). */
int hc_fpga_tables_push(hc_fpga_tables *t, unsigned x, uint32_t time, uint32_t flit);

/* Write node00.hex.. and expect.hex into dir (which must exist). */
int hc_fpga_tables_write(const hc_fpga_tables *t, const char *dir);

/* Read them back for geometry g; Returns HC_OK, HC_EPARAM, HC_ENOMEM,
** HC_EIO or HC_EFORMAT (a line that is not a word of the right
** width, a table without an end word). */
int hc_fpga_tables_read(hc_fpga_tables *t, const hc_fpga_geom *g, const char *dir);

/* The checker's CRC-16: flit's w + 2 bits fed into crc, MSB first
** (polynomial 0x1021). A message's CRC starts from HC_FPGA_CRC_INIT. */
#define HC_FPGA_CRC_INIT 0xFFFFu
uint16_t hc_fpga_crc16(uint16_t crc, uint32_t flit, unsigned flit_w);

/* The C model's run of a set of tables, seen as the board sees it. */
typedef struct hc_fpga_run {
  uint32_t cycles;    /* cycles of the run (to the last delivery, or the timeout) */
  int timeout;        /* the run hit 2^HC_FPGA_CYCLE_W - 1 cycles */
  uint32_t messages;  /* messages completed at the ejection ports */
  uint32_t flits;     /* flits ejected */
  uint32_t misrouted; /* heads ejected at another node than their destination */
  uint32_t framing;   /* framing errors at the ejection ports */
  uint16_t sig[1u << HC_FPGA_MAX_D]; /* per node signature of completed messages */
  uint32_t max_wait;  /* largest max-waiting counter of any output port */
  uint32_t max_blocked; /* largest blocked counter mod 2^cnt_width (0 if 0) */
} hc_fpga_run;

/*
** Replay t through csim/hc_model.c exactly as the board's sources and
** checkers do (hc_traffic_rom.sv, hc_checker.sv, hc_selftest.sv): the run
** ends in the cycle the message count of t->expect reaches its total.
** Returns HC_OK, HC_EPARAM or HC_ENOMEM.
*/
int hc_fpga_predict(const hc_fpga_tables *t, hc_fpga_run *out);

/*
** Write into buf (cap bytes, NUL-terminated) the UART report the board
** prints for a run r of tables t with the board's parameters g, byte for
** byte as rtl/fpga/hc_selftest.sv's template makes it. Returns the length, or 0
** if cap is too small. *pass, if not NULL, receives the verdict.
*/
size_t hc_fpga_report(const hc_fpga_geom *g, const hc_fpga_tables *t, const hc_fpga_run *r,
                      char *buf, size_t cap, int *pass);

#endif /* HC_FPGA_H */
