/*
** The tables of the FPGA self-test (rtl/fpga/hc_selftest.sv) and the C model's
** prediction of what the board reports for them. One table per node holds
** the flits that node sends, in order, each with the creation cycle of the
** message a head starts, in two sections: the wormhole run (mode 0) and the
** store-and-forward-by-header run (mode 2). A program (hc_cfg_seq.sv) holds
** the configuration-port operations the board replays after the first run:
** the mode-2 switch and run and, in a build with the store-and-forward
** engines, each schedule's loader writes (csim/hc_sfload.c), its start, the
** wait for sf_done and the read-back of every word it cares for, folded
** into a CRC. An expectation file holds the totals, the cycles the C model
** needs for each run, the signatures and CRCs. The generator (hc_fpga_gen.c)
** writes them; the Verilator test (test_selftest.c) reads the same files,
** replays them through csim/hc_model.c cycle for cycle as the board does,
** and predicts the board's UART report byte for byte. This file mirrors the
** RTL's formats: a change to hc_selftest.sv, hc_cfg_seq.sv,
** hc_traffic_rom.sv, hc_checker.sv or the report template must be made here
** too.
*/
#ifndef HC_FPGA_H
#define HC_FPGA_H

#include <stddef.h>
#include <stdint.h>

#include "hc_model.h"


/* Words of the expectation file and their meaning (hc_selftest.sv). */
#define HC_FPGA_EXPECT_WORDS 64
enum {
  HC_FPGA_X_CFG = 0,     /* {d, w, buf_depth, inj_depth}, a byte each */
  HC_FPGA_X_MSGS = 1,    /* messages of the wormhole run */
  HC_FPGA_X_FLITS = 2,   /* flits of the wormhole run */
  HC_FPGA_X_CYCLES = 3,  /* cycles of the wormhole run, C model */
  HC_FPGA_X_MAXWAIT = 4, /* largest max-waiting counter after it, C model */
  HC_FPGA_X_BLOCKED = 5, /* largest blocked counter mod 2^cnt_width, C model (0
                            when cnt_width is 0) */
  HC_FPGA_X_GEOM = 6,    /* {rom_depth[15:0], time_w[7:0], cnt_width[7:0]} */
  HC_FPGA_X_PROG = 7,    /* {sf cases[3:0], bank_aw[3:0], seg_aw[3:0],
                            desc_aw[3:0], prog_depth[15:0]} (geometry fields
                            0 when there are no sf cases) */
  HC_FPGA_X_SIG = 8,     /* + x: signature of the wormhole run's messages to x */
  HC_FPGA_X_SAF_MSGS = 16,   /* messages of the mode-2 run */
  HC_FPGA_X_SAF_CYCLES = 17, /* cycles of the mode-2 run, C model */
  HC_FPGA_X_SAF_FLITS = 18,  /* flits of the mode-2 run (for the test) */
  HC_FPGA_X_BETA = 19,       /* beta of the schedules (for the test) */
  HC_FPGA_X_SFPROG = 20,     /* 1: tables for the programmed node (sf_prog) */
  HC_FPGA_X_SAF_SIG = 24,    /* + x: signature of both runs' messages to x */
  HC_FPGA_X_SF = 32          /* + 4 k + HC_FPGA_SF_*: store-and-forward case k */
};
/* The four words of a store-and-forward case. */
enum {
  HC_FPGA_SF_CYCLES = 0,  /* completion, start to sf_done (C model) */
  HC_FPGA_SF_CRC = 1,     /* CRC-16 of the words read back (C model) */
  HC_FPGA_SF_FORMULA = 2, /* the paper's formula for the case */
  HC_FPGA_SF_SIZE = 3     /* m (or k) of the case */
};

/* The store-and-forward cases of a build with the engines, in program order
** (their names are in the RTL's report template). */
#define HC_FPGA_SF_CASES 3
extern const char *const hc_fpga_sf_names[HC_FPGA_SF_CASES];

/* Largest cube the table files can name (node00.hex .. node07.hex). */
#define HC_FPGA_MAX_D 3
/* Bits of the board's run-cycle counter (CycleW): runs time out after
** 2^HC_FPGA_CYCLE_W - 1 cycles. */
#define HC_FPGA_CYCLE_W 20
/* Bits of the store-and-forward wait counter (hc_selftest.sv SfCycW): a
** schedule that has not finished after 2^HC_FPGA_SF_CYC_W - 1 cycles times out. */
#define HC_FPGA_SF_CYC_W 16
/* Bits of a program word's write data (hc_cfg_seq.sv). */
#define HC_FPGA_WDATA_W 16

/* Program operations (hc_cfg_seq.sv), one per word. */
enum {
  HC_FPGA_OP_END = 0,   /* the program is over: print the report */
  HC_FPGA_OP_WRITE = 1, /* a configuration write, one cycle */
  HC_FPGA_OP_READ = 2,  /* a configuration read; its data (next cycle) goes into the CRC */
  HC_FPGA_OP_WAIT = 3,  /* field 0: the mode-2 traffic run; field 1: wait for sf_done */
  HC_FPGA_OP_CHECK = 4  /* keep the CRC as case unit's, start a new one */
};
enum { HC_FPGA_WAIT_TRAFFIC = 0, HC_FPGA_WAIT_SF = 1 };

/* The parameters a set of tables is made for. */
typedef struct hc_fpga_geom {
  hc_cfg net;          /* d (1..HC_FPGA_MAX_D), w, buf_depth, inj_depth; net.sf:
                          the engines' geometry when sf_cases */
  unsigned cnt_width;  /* bits of the blocked counters read, 0..32 (0: none) */
  unsigned rom_depth;  /* words per node table, 4..65536 */
  unsigned time_w;     /* bits of a creation cycle, 1..HC_FPGA_CYCLE_W-1 */
  unsigned sf_cases;   /* 0 (no store-and-forward engines) or HC_FPGA_SF_CASES */
  unsigned prog_depth; /* words of the program, 4..65536 */
  unsigned sf_prog;    /* 1 (with sf_cases, d >= 2): the programmed node, rtl/hc_sf_prog.sv */
} hc_fpga_geom;

/*
** The programmed node (rtl/hc_sf_prog.sv, docs/store_and_forward.md
** section 7.9): one RAM a node of 2^HC_FPGA_SFPROG_AW words, the data at
** {lane, offset} below 2^(lane bits + BankAW), the program above. An entry,
** low bits first: write offset (BankAW), write, read address (lane bits +
** BankAW), read, busy, valid, end.
*/
#define HC_FPGA_SFPROG_AW 8
/* Lane bits of a node's RAM address: ceil(log2(d + 1)). */
unsigned hc_fpga_sfprog_lane_bits(unsigned d);
/* Bits of a word of the node's RAM for g: the larger of w and an entry. */
unsigned hc_fpga_sfprog_bits(const hc_fpga_geom *g);

/* Check g. Returns HC_OK or HC_EPARAM. */
int hc_fpga_geom_check(const hc_fpga_geom *g);

/* A table word: {end, time, flit}, 1 + time_w + w + 2 bits. */
uint64_t hc_fpga_word(const hc_fpga_geom *g, int end, uint32_t time, uint32_t flit);

/* A program word: {op[2:0], node[2:0], tgt[2:0], unit[3:0], idx[15:0],
** field[3:0], wdata[15:0]}, 49 bits. */
#define HC_FPGA_PROG_BITS 49
uint64_t hc_fpga_prog_word(unsigned op, const hc_cfg_op *c);
/* The fields of program word v back (op into *op, the rest into *c, with
** we or re set for a write or read). */
void hc_fpga_prog_decode(uint64_t v, unsigned *op, hc_cfg_op *c);

/*
** The tables of one run. words[x * rom_depth + k] is word k of node x:
** section 0 (the wormhole run) up to the end word at sec[x], section 1 (the
** mode-2 run) from sec[x] + 1 up to the end word at len[x]. prog[k] is
** program word k, nprog the words used (the last an END).
*/
typedef struct hc_fpga_tables {
  hc_fpga_geom g;
  unsigned n;
  uint64_t *words;
  unsigned *len;
  unsigned *sec;
  uint64_t *prog;
  unsigned nprog;
  int sec1; /* hc_fpga_tables_next was called: pushes go to section 1 */
  /* With g.sf_prog: sfmem[x << HC_FPGA_SFPROG_AW ..] is node x's RAM
  ** (sfprog<xx>.hex), and sftab[0 .. nsftab-1] the loader's table writes
  ** the board's program leaves out (its nodes run compiled programs), as
  ** program words (op WRITE), each schedule's group closed by an END word
  ** (sftab.hex); hc_fpga_predict gives the model each group through its
  ** back door at the schedule's mode-1 write, where the loader writes it. */
  uint64_t *sfmem;
  uint64_t *sftab;
  unsigned nsftab;
  uint32_t expect[HC_FPGA_EXPECT_WORDS];
} hc_fpga_tables;

/* Allocate empty tables for g (every node: two empty sections; the
** program: END). Returns HC_OK, HC_EPARAM or HC_ENOMEM. */
int hc_fpga_tables_init(hc_fpga_tables *t, const hc_fpga_geom *g);
void hc_fpga_tables_free(hc_fpga_tables *t);
/* A deep copy of src into dst. Returns HC_OK or HC_ENOMEM. */
int hc_fpga_tables_copy(hc_fpga_tables *dst, const hc_fpga_tables *src);

/* Append a flit to node x's table, to section 0 until hc_fpga_tables_next
** is called, then to section 1 (time: creation cycle, for a head).
** Returns HC_OK or HC_EFORMAT (table full or time too wide). */
int hc_fpga_tables_push(hc_fpga_tables *t, unsigned x, uint32_t time, uint32_t flit);
/* Close section 0 of every node: later pushes go to section 1. Returns HC_OK. */
int hc_fpga_tables_next(hc_fpga_tables *t);

/* Append a program operation (before the closing END). Returns HC_OK or
** HC_EFORMAT (program full, or a field wider than its bits). */
int hc_fpga_prog_push(hc_fpga_tables *t, unsigned op, const hc_cfg_op *c);

/* Append a program word to sftab (g.sf_prog). Returns HC_OK or HC_ENOMEM. */
int hc_fpga_sftab_push(hc_fpga_tables *t, uint64_t word);

/* Write node00.hex.., prog.hex and expect.hex (and with g.sf_prog
** sfprog00.hex.. and sftab.hex) into dir (which must exist). */
int hc_fpga_tables_write(const hc_fpga_tables *t, const char *dir);

/* Read them back for geometry g; Returns HC_OK, HC_EPARAM, HC_ENOMEM,
** HC_EIO or HC_EFORMAT (a line that is not a word of the right
** width, a table without its two end words, a program without END). */
int hc_fpga_tables_read(hc_fpga_tables *t, const hc_fpga_geom *g, const char *dir);

/* The checker's CRC-16: flit's w + 2 bits fed into crc, MSB first
** (polynomial 0x1021). A message's CRC starts from HC_FPGA_CRC_INIT; so
** does the CRC of a store-and-forward case's read-back (w bits a word). */
#define HC_FPGA_CRC_INIT 0xFFFFu
uint16_t hc_fpga_crc16(uint16_t crc, uint32_t flit, unsigned flit_w);

/* The C model's run of a set of tables, seen as the board sees it. */
typedef struct hc_fpga_run {
  uint32_t cycles;    /* cycles of the wormhole run (to the last delivery, or the timeout) */
  int timeout;        /* the run hit 2^HC_FPGA_CYCLE_W - 1 cycles */
  uint32_t messages;  /* messages completed at the ejection ports in it */
  uint32_t flits;     /* flits ejected in it */
  uint32_t misrouted; /* heads ejected at another node than their destination, both runs */
  uint32_t framing;   /* framing errors at the ejection ports, both runs */
  uint16_t sig0[1u << HC_FPGA_MAX_D]; /* per node signature after the wormhole run */
  uint16_t sig[1u << HC_FPGA_MAX_D];  /* per node signature after both runs */
  uint32_t max_wait;  /* largest max-waiting counter of any output port (after run 0) */
  uint32_t max_blocked; /* largest blocked counter mod 2^cnt_width (0 if 0) */
  int saf_ran;        /* the program reached its mode-2 run */
  uint32_t saf_cycles, saf_messages, saf_flits;
  int saf_timeout;
  uint32_t sf_cycles[HC_FPGA_SF_CASES]; /* start to sf_done; all ones on a timeout */
  uint16_t sf_crc[HC_FPGA_SF_CASES];
  int prog_end;       /* the program reached END */
} hc_fpga_run;

/*
** Replay t through csim/hc_model.c exactly as the board's sources, checkers
** and sequencer do (hc_traffic_rom.sv, hc_checker.sv, hc_cfg_seq.sv,
** hc_selftest.sv), cycle for cycle: each traffic run ends in the cycle the
** message count of t->expect reaches its total. Returns HC_OK, HC_EPARAM
** or HC_ENOMEM.
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
