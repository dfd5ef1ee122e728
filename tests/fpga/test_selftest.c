/*
** The FPGA self-test top (rtl/fpga/hc_board_top.sv) in Verilator, against the C
** model. The test reads the tables the generator wrote for the board
** (rtl/fpga/gen/hc_fpga_gen.c), writes them where the Verilated RTL's
** $readmemh reads them, powers the simulated board up and decodes its UART
** line as a terminal would (8N1 at the real line rate, each bit sampled in
** its middle). The decoded report must equal, byte for byte, the report
** predicted by replaying the same tables through csim/hc_model.c
** (hc_fpga_predict, hc_fpga_report); the LEDs must show the verdict.
**
** Cases: the tables as generated (PASS), a run again after the reset
** button and after a key typed on the UART, and failures the board must
** report: a wrong signature, a corrupted flit in a table, a wrong model
** cycle count of the wormhole run and of the mode-2 run, tables made for
** other parameters, a message that never comes (the run times out), a
** program without its mode-2 switch (the run then goes in wormhole mode,
** and its cycles differ); with the store-and-forward engines also a
** corrupted own-data word in a schedule's load (its memory CRC differs)
** and a schedule's model completion off by one. Prints one line per case and closes with
** "N passed, N failed"; exit status 0 when all pass.
**
** usage: test_selftest [-v] TABLE_DIR RTL_TABLE_DIR
**   -v             print the report the board sent in the first case
**   TABLE_DIR      the generator's output for the RTL's parameters
**   RTL_TABLE_DIR  the TableDir the RTL was verilated with (overwritten)
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hc_fpga.h"
#include "hc_selftest_rtl.h"

#define REPORT_MAX 1024

typedef struct uart_rx { /* a terminal's receiver on the board's TX line */
  double bit;            /* clock cycles per bit at the nominal rate */
  int busy;
  uint64_t start;        /* cycle the start bit began */
  unsigned nbit;         /* next bit to sample: 0..7 data, 8 stop */
  unsigned byte;
  int prev;
  unsigned framing_errors;
} uart_rx;

typedef struct bench {
  hc_strtl *s;
  uint64_t cycle;
  uart_rx rx;
  char text[REPORT_MAX];
  size_t len;
  hc_strtl_pins pins;
  int saw_running; /* running was high and pass/fail low during the run */
} bench;

static unsigned passed, failed;
static int verbose;

static void result(int ok, const char *name, const char *why) {
  if (ok) {
    passed++;
    printf("ok - %s\n", name);
  } else {
    failed++;
    printf("FAIL - %s: %s\n", name, why);
  }
}

/*
** The papers' completion of schedule k (hc_fpga_sf_names order) with
** tau = 1 cycle a word, written here from the papers: BROADCAST 2 (000
** §2) m + d beta; the optimal total exchange (002 §4) 2^(d-1) (k + beta);
** COMPLETE EXCHANGE (000 §6) 2^(d-1) m + d beta, with each piece m/n of a
** message to distance n rounded up to whole words:
** sum_n C(d-1, n-1) n ceil(m/n) + d beta.
*/
static uint32_t paper_formula(unsigned k, unsigned d, uint32_t size, uint32_t beta) {
  if (k == 0) return size + d * beta;
  if (k == 1) return (1u << (d - 1)) * (size + beta);
  uint32_t sum = d * beta, binom = 1; /* C(d-1, n-1) */
  for (unsigned n = 1; n <= d; n++) {
    sum += binom * n * ((size + n - 1) / n);
    binom = binom * (d - n) / n;
  }
  return sum;
}

/* Feed one cycle of the TX line to the receiver; returns a byte or -1. */
static int uart_feed(uart_rx *u, uint64_t cycle, int tx) {
  int got = -1;
  if (!u->busy) {
    if (u->prev == 1 && tx == 0) {
      u->busy = 1;
      u->start = cycle;
      u->nbit = 0;
      u->byte = 0;
    }
  } else {
    uint64_t at = u->start + (uint64_t)llround((u->nbit + 1.5) * u->bit);
    if (cycle == at) {
      if (u->nbit < 8) {
        u->byte |= (unsigned)(tx & 1) << u->nbit;
        u->nbit++;
      } else {
        if (tx != 1) u->framing_errors++;
        got = (int)u->byte;
        u->busy = 0;
      }
    }
  }
  u->prev = tx;
  return got;
}

static void step(bench *b) {
  hc_strtl_step(b->s);
  b->cycle++;
  hc_strtl_pins_get(b->s, &b->pins);
  if (b->pins.running && !b->pins.pass && !b->pins.fail) b->saw_running = 1;
  int c = uart_feed(&b->rx, b->cycle, b->pins.uart_tx);
  if (c >= 0 && b->len + 1 < sizeof b->text) {
    b->text[b->len++] = (char)c;
    b->text[b->len] = '\0';
  }
}

/* Run until a whole report (ending in PASS or FAIL and CR LF) has come in,
** at most max_cycles. Returns 1 when it has. */
static int run_report(bench *b, uint64_t max_cycles) {
  b->len = 0;
  b->text[0] = '\0';
  b->saw_running = 0;
  for (uint64_t k = 0; k < max_cycles; k++) {
    step(b);
    if (b->len >= 6 && (strcmp(b->text + b->len - 6, "PASS\r\n") == 0 ||
                        strcmp(b->text + b->len - 6, "FAIL\r\n") == 0))
      return 1;
  }
  return 0;
}

/* Print s with CR and LF made visible, for a failure message. */
static void show(const char *label, const char *s) {
  printf("  %s: \"", label);
  for (; *s; s++) {
    if (*s == '\r') printf("\\r");
    else if (*s == '\n') printf("\\n\"\n      \"");
    else putchar(*s);
  }
  printf("\"\n");
}

/* Send one byte on the board's RX line, 8N1 at the nominal rate. */
static void uart_send(bench *b, unsigned char c) {
  unsigned frame = 0x200u | ((unsigned)c << 1); /* stop, data, start (LSB first) */
  uint64_t t0 = b->cycle;
  for (unsigned k = 0; k < 10; k++) {
    uint64_t until = t0 + (uint64_t)llround((k + 1) * b->rx.bit);
    hc_strtl_set_inputs(b->s, 1, (frame >> k) & 1u);
    while (b->cycle < until) step(b);
  }
  hc_strtl_set_inputs(b->s, 1, 1);
}

/* Board clocks a cycle of the cube: d with the store-and-forward engines at
** d >= 2 (hc_selftest's SfMemTdm, default 1: the cube on the link clock,
** clock / d; docs/store_and_forward.md, section 7.8), 2d with the programmed
** node (section 7.9), else 1. Set by main. */
static unsigned link_clocks = 1;

/* The clocks a report takes at most: the run, reading the counters, and
** the bytes on the line, with room. */
static uint64_t budget(const bench *b, const hc_fpga_run *r, size_t len) {
  return ((uint64_t)r->cycles + 4096) * link_clocks + (uint64_t)((len + 8) * 10 * b->rx.bit * 1.1);
}

/* Set for a case the model cannot see (a fault in what only the board
** runs): it passes when the board reports FAIL where the model predicts
** PASS for the same tables. */
static int board_only_fault = 0;

/*
** One case: write tables t to the RTL's table directory, power up, decode
** the report, compare with the model's prediction and the LEDs with the
** verdict. When reruns is set, also re-run with the button and the UART.
*/
static void run_case(const char *name, const hc_fpga_geom *g, const hc_fpga_tables *t,
                     const char *dir, double bit, int want_pass, int reruns) {
  hc_fpga_run r;
  char want[REPORT_MAX], why[256];
  int pass = 0;
  bench b;
  memset(&b, 0, sizeof b);
  b.rx.bit = bit;
  b.rx.prev = 1;

  if (hc_fpga_predict(t, &r) != HC_OK || hc_fpga_report(g, t, &r, want, sizeof want, &pass) == 0) {
    result(0, name, "no prediction from the C model");
    return;
  }
  if (pass != want_pass) {
    snprintf(why, sizeof why, "the model predicts %s, the case is meant to %s",
             pass ? "PASS" : "FAIL", want_pass ? "pass" : "fail");
    result(0, name, why);
    return;
  }
  if (hc_fpga_tables_write(t, dir) != HC_OK) {
    snprintf(why, sizeof why, "cannot write the tables into %s", dir);
    result(0, name, why);
    return;
  }
  if (hc_strtl_new(&b.s) != HC_OK) {
    result(0, name, "cannot create the simulation");
    return;
  }
  for (int round = 0; round < (reruns ? 3 : 1); round++) {
    char rname[128];
    snprintf(rname, sizeof rname, "%s%s", name,
             round == 0 ? "" : round == 1 ? ", again after the reset button" : ", again after a key on the UART");
    if (round == 1) {
      hc_strtl_set_inputs(b.s, 0, 1);
      for (int k = 0; k < 50; k++) step(&b);
      hc_strtl_set_inputs(b.s, 1, 1);
    } else if (round == 2) {
      uart_send(&b, 'r');
    }
    int got = run_report(&b, budget(&b, &r, strlen(want)));
    /* Let the last stop bit and the LEDs settle. */
    for (int k = 0; k < 2 * (int)bit; k++) step(&b);
    int ok = got && strcmp(b.text, want) == 0 && b.rx.framing_errors == 0;
    if (board_only_fault) {
      ok = got && strcmp(b.text, want) != 0 && b.rx.framing_errors == 0 && strstr(b.text, "FAIL") != NULL;
      if (ok) {
        hc_strtl_free(b.s);
        result(1, rname, "");
        return;
      }
      snprintf(why, sizeof why, "the board did not report the fault the model cannot see");
      result(0, rname, why);
      show("board", b.text);
      break;
    }
    if (!got) snprintf(why, sizeof why, "no complete report within the expected time");
    else if (strcmp(b.text, want) != 0) snprintf(why, sizeof why, "the report differs from the model's");
    else if (b.rx.framing_errors) snprintf(why, sizeof why, "UART framing errors");
    if (ok && !b.saw_running) {
      ok = 0;
      snprintf(why, sizeof why, "the running LED was not on alone during the run");
    }
    if (ok && (b.pins.running || b.pins.pass != want_pass || b.pins.fail != !want_pass)) {
      ok = 0;
      snprintf(why, sizeof why, "LEDs after the report: running %d pass %d fail %d", b.pins.running,
               b.pins.pass, b.pins.fail);
    }
    result(ok, rname, why);
    if (ok && verbose && round == 0 && want_pass) {
      printf("%s", b.text);
      verbose = 0;
    }
    if (!ok) {
      show("board", b.text);
      show("model", want);
      break;
    }
  }
  hc_strtl_free(b.s);
}

int main(int argc, char **argv) {
  hc_fpga_geom g;
  const char *dir;
  unsigned clk_hz, baud;
  hc_fpga_tables t;
  /* Every field the build does not set is 0 (a field added to hc_cfg later,
  ** such as route_reg, must not be left to the stack's contents). */
  memset(&g, 0, sizeof g);

  if (argc == 4 && strcmp(argv[1], "-v") == 0) {
    verbose = 1;
    argv++;
    argc--;
  }
  if (argc != 3) {
    fprintf(stderr, "usage: test_selftest [-v] TABLE_DIR RTL_TABLE_DIR\n");
    return 2;
  }
  hc_strtl_built(&g, &clk_hz, &baud);
  link_clocks = (g.sf_cases > 0 && g.net.d >= 2) ? (g.sf_prog ? 2 * g.net.d : g.net.d) : 1;
  dir = argv[2];
  if (hc_fpga_tables_read(&t, &g, argv[1]) != HC_OK) {
    fprintf(stderr, "test_selftest: cannot read tables for d=%u w=%u from %s\n", g.net.d, g.net.w,
            argv[1]);
    printf("0 passed, 1 failed\n");
    return 1;
  }
  const double bit = (double)clk_hz / baud;
  const unsigned n = 1u << g.net.d;

  /* The tables, the model's view of them: sanity of the generator. */
  hc_fpga_run r;
  int gen_ok = hc_fpga_predict(&t, &r) == HC_OK && !r.timeout &&
               r.cycles == t.expect[HC_FPGA_X_CYCLES] && r.messages == t.expect[HC_FPGA_X_MSGS] &&
               r.flits == (t.expect[HC_FPGA_X_FLITS] & 0xFFFFu) &&
               r.max_wait == t.expect[HC_FPGA_X_MAXWAIT] &&
               r.max_blocked == t.expect[HC_FPGA_X_BLOCKED] && r.prog_end && !r.saf_timeout &&
               r.saf_cycles == t.expect[HC_FPGA_X_SAF_CYCLES] &&
               r.saf_messages == t.expect[HC_FPGA_X_SAF_MSGS] &&
               r.saf_flits == (t.expect[HC_FPGA_X_SAF_FLITS] & 0xFFFFu);
  for (unsigned x = 0; gen_ok && x < n; x++)
    gen_ok = r.sig0[x] == t.expect[HC_FPGA_X_SIG + x] && r.sig[x] == t.expect[HC_FPGA_X_SAF_SIG + x];
  /* Each schedule: the model's completion is the paper's formula. */
  for (unsigned k = 0; gen_ok && k < g.sf_cases; k++) {
    const uint32_t *e = t.expect + HC_FPGA_X_SF + 4 * k;
    const uint32_t f = paper_formula(k, g.net.d, e[HC_FPGA_SF_SIZE], t.expect[HC_FPGA_X_BETA]);
    gen_ok = r.sf_cycles[k] == e[HC_FPGA_SF_CYCLES] && r.sf_cycles[k] == f &&
             e[HC_FPGA_SF_FORMULA] == f && r.sf_crc[k] == e[HC_FPGA_SF_CRC];
  }
  result(gen_ok, "the model's replay of the tables matches the generator's expectations",
         "the tables and expect.hex disagree");

  run_case("self-test as generated", &g, &t, dir, bit, 1, 1);

  hc_fpga_tables m;
  if (hc_fpga_tables_copy(&m, &t) != HC_OK) {
    hc_fpga_tables_free(&t);
    return 1;
  }
  const size_t all = (size_t)n * g.rom_depth * sizeof *m.words;

  m.expect[HC_FPGA_X_SIG + n - 1] ^= 0x0100u;
  run_case("wrong signature expected for the last node", &g, &m, dir, bit, 0, 0);

  /* Flip a payload bit of the first flit that is not a head: its message
  ** comes out intact in framing but with other contents. */
  memcpy(m.words, t.words, all);
  memcpy(m.expect, t.expect, sizeof m.expect);
  for (unsigned x = 0, done = 0; x < n && !done; x++) {
    for (unsigned k = 0; k < t.sec[x] && !done; k++) {
      uint64_t *w = &m.words[(size_t)x * g.rom_depth + k];
      if (!((*w >> g.net.w) & 1u)) {
        *w ^= 1u;
        done = 1;
      }
    }
  }
  run_case("a corrupted flit in a table", &g, &m, dir, bit, 0, 0);

  memcpy(m.words, t.words, all);
  memcpy(m.expect, t.expect, sizeof m.expect);
  m.expect[HC_FPGA_X_CYCLES] += 1;
  run_case("model cycle count off by one", &g, &m, dir, bit, 0, 0);

  memcpy(m.expect, t.expect, sizeof m.expect);
  m.expect[HC_FPGA_X_CFG] += 1u << 8; /* buffer depth */
  run_case("tables made for another buffer depth", &g, &m, dir, bit, 0, 0);

  memcpy(m.expect, t.expect, sizeof m.expect);
  m.expect[HC_FPGA_X_MSGS] += 1;
  run_case("one message more expected than sent (timeout)", &g, &m, dir, bit, 0, 0);

  memcpy(m.expect, t.expect, sizeof m.expect);
  m.expect[HC_FPGA_X_SAF_CYCLES] += 1;
  run_case("mode-2 model cycle count off by one", &g, &m, dir, bit, 0, 0);

  /* The program's first word writes mode 2; as a write of mode 0 the
  ** second run goes in wormhole mode, faster than the model's mode 2.
  ** (With one-flit buffers the mode-2 messages are single flits, which
  ** both modes move alike: no case.) */
  memcpy(m.expect, t.expect, sizeof m.expect);
  if (g.net.buf_depth >= 2) {
    m.prog[0] &= ~(uint64_t)0xFFFFu;
    run_case("the program's mode-2 switch written as mode 0", &g, &m, dir, bit, 0, 0);
    m.prog[0] = t.prog[0];
  }

  if (g.sf_cases) {
    /* The first own-bank write of the first schedule's load, one data bit
    ** flipped: the word is read back into the CRC. */
    unsigned k = 0, op;
    hc_cfg_op c;
    for (; k < t.nprog; k++) {
      hc_fpga_prog_decode(t.prog[k], &op, &c);
      if (op == HC_FPGA_OP_WRITE && c.tgt == HC_SF_TGT_BANK) break;
    }
    if (k < t.nprog) m.prog[k] ^= 1u;
    run_case("a corrupted own-data word in a schedule's load", &g, &m, dir, bit, 0, 0);
    m.prog[k] = t.prog[k];

    if (g.sf_prog) {
      /* The programmed node (section 7.9): in node 1's program, the first
      ** entry that writes a word that came in on a link no longer writes
      ** it; the model, which runs the engines, still does, so the word
      ** read back differs. */
      const unsigned ba = g.net.sf.bank_aw, wr = 1u << ba;
      uint64_t *p = m.sfmem + ((size_t)1 << HC_FPGA_SFPROG_AW);
      unsigned e = 1u << (hc_fpga_sfprog_lane_bits(g.net.d) + ba);
      while (e < (1u << HC_FPGA_SFPROG_AW) && !(p[e] & wr)) e++;
      if (e < (1u << HC_FPGA_SFPROG_AW)) p[e] &= ~(uint64_t)wr;
      board_only_fault = 1;
      run_case("a write left out of a node's program", &g, &m, dir, bit, 1, 0);
      board_only_fault = 0;
      if (e < (1u << HC_FPGA_SFPROG_AW)) p[e] = t.sfmem[((size_t)1 << HC_FPGA_SFPROG_AW) + e];
    }

    m.expect[HC_FPGA_X_SF + 4 + HC_FPGA_SF_CYCLES] += 1;
    run_case("a schedule's model completion off by one", &g, &m, dir, bit, 0, 0);
    memcpy(m.expect, t.expect, sizeof m.expect);
  }

  /* Leave the generated tables in place for whoever runs the RTL next. */
  if (hc_fpga_tables_write(&t, dir) != HC_OK) result(0, "restore the tables", dir);
  hc_fpga_tables_free(&m);
  hc_fpga_tables_free(&t);
  printf("%u passed, %u failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
