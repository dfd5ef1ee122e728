/*
** cmocka tests of the store-and-forward schedules (csim/sched/) and of
** their generators (algorithms/sf_*.c). Timings are checked against values
** computed by hand from the execution model of docs/store_and_forward.md
** (a packet of m words: beta + m cycles from the cycle it could start; its
** words usable from the cycle it finishes), against the static longest path
** (an independent computation), and for the generators against the papers'
** closed forms, exactly. Final memories are checked against what the
** communication means, computed by the generators or here, never by the
** executor.
**
**   cc -std=c11 -Wall -Wextra -Werror -g -fsanitize=address,undefined \
**      -Icsim -Icsim/sched -Ialgorithms tests/unit/test_sched.c \
**      csim/hc_status.c csim/sched/hc_sched_*.c algorithms/sf_*.c -lcmocka \
**      -o /tmp/test_sched && /tmp/test_sched
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hc_sched.h"
#include "hc_sched_algos.h"

/* ------------------------------------------------------------- helpers */

static hc_sched *parse_ok(const char *text) {
  hc_sched *s = NULL;
  hc_sched_err e;
  int rc = hc_sched_parse(text, strlen(text), &s, &e);
  if (rc) fail_msg("parse failed: line %lu: %s", e.line, e.msg);
  return s;
}

/* Parse text, validate it, and expect code at line with msg containing sub. */
static void expect_invalid(const char *text, int code, unsigned long line,
                           const char *sub) {
  hc_sched *s = parse_ok(text);
  hc_sched_err e;
  int rc = hc_sched_validate(s, &e);
  if (rc != code || e.code != code || e.line != line || !strstr(e.msg, sub))
    fail_msg("expected %s at line %lu with \"%s\", got %s at line %lu: %s",
             hc_status_name(code), line, sub, hc_status_name(rc), e.line,
             e.msg);
  /* the executor and the longest path refuse it the same way, without hanging */
  hc_exec_result r;
  uint64_t cp;
  assert_int_equal(hc_sched_exec(s, 3, NULL, &r, &e), code);
  assert_null(r.mem);
  assert_int_equal(hc_sched_critical_path(s, 3, &cp, &e), code);
  hc_sched_free(s);
}

static void expect_syntax(const char *text, int code, unsigned long line,
                          const char *sub) {
  hc_sched *s = NULL;
  hc_sched_err e;
  int rc = hc_sched_parse(text, strlen(text), &s, &e);
  if (rc != code || e.line != line || !strstr(e.msg, sub))
    fail_msg("expected %s at line %lu with \"%s\", got %s at line %lu: %s",
             hc_status_name(code), line, sub, hc_status_name(rc), e.line,
             e.msg);
  assert_null(s);
}

/* Index of the packet at (node, dim, seq), or fail. */
static size_t find_pk(const hc_sched *s, uint32_t node, unsigned dim,
                      uint32_t seq) {
  hc_packet_info pi;
  for (size_t i = 0; i < hc_sched_num_packets(s); i++) {
    hc_sched_packet(s, i, &pi);
    if (pi.node == node && pi.dim == dim && pi.seq == seq) return i;
  }
  fail_msg("no packet link %u %u %u", node, dim, seq);
  return 0;
}

/* Run s with beta and check the executor against the longest path. */
static void run(hc_sched *s, uint32_t beta, const uint32_t *init,
                hc_exec_result *r) {
  hc_sched_err e;
  uint64_t cp = 0;
  int rc = hc_sched_exec(s, beta, init, r, &e);
  if (rc) fail_msg("exec: %s line %lu: %s", hc_status_name(rc), e.line, e.msg);
  assert_int_equal(hc_sched_critical_path(s, beta, &cp, &e), HC_OK);
  assert_int_equal(r->cycles, cp);
}

static uint64_t binom(unsigned n, unsigned k) {
  uint64_t r = 1;
  if (k > n) return 0;
  for (unsigned i = 1; i <= k; i++) r = r * (n - k + i) / i;
  return r;
}

/* -------------------------------------------------------- sched_format */

static const char canon[] =
    "hcsched 1\n"
    "dim 2\n"
    "mem 16\n"
    "own 0: 0+4,8+2\n"
    "own 3: 0+1\n"
    "link 0 0 0: gather 0+4 -> scatter 4+4\n"
    "link 0 0 1: gather 8+2 -> scatter 0+1,2+1\n"
    "link 0 1 0: gather 1+2,8+1 -> scatter 12+3\n"
    "link 3 1 0: gather 0+1 -> scatter 15+1\n";

static hc_sched *build_canon(void) {
  hc_sched *s;
  assert_int_equal(hc_sched_new(2, 16, &s), HC_OK);
  /* added out of order: the writer sorts */
  assert_int_equal(hc_sched_add_own(s, 3, 0, 1), HC_OK);
  assert_int_equal(hc_sched_add_own(s, 0, 8, 2), HC_OK);
  assert_int_equal(hc_sched_add_own(s, 0, 0, 4), HC_OK);
  hc_seg g1[] = {{1, 2}, {8, 1}}, s1[] = {{12, 3}};
  assert_int_equal(hc_sched_add_packet(s, 0, 1, g1, 2, s1, 1), HC_OK);
  hc_seg g2[] = {{0, 1}}, s2[] = {{15, 1}};
  assert_int_equal(hc_sched_add_packet(s, 3, 1, g2, 1, s2, 1), HC_OK);
  /* incremental: contiguous gathers merge, the scatter stays split */
  assert_int_equal(hc_sched_begin(s, 0, 0), HC_OK);
  assert_int_equal(hc_sched_gather(s, 0, 3), HC_OK);
  assert_int_equal(hc_sched_gather(s, 3, 1), HC_OK);
  assert_int_equal(hc_sched_scatter(s, 4, 4), HC_OK);
  assert_int_equal(hc_sched_end(s), HC_OK);
  hc_seg g3[] = {{8, 2}}, s3[] = {{0, 1}, {2, 1}};
  assert_int_equal(hc_sched_add_packet(s, 0, 0, g3, 1, s3, 2), HC_OK);
  return s;
}

static void test_format_canonical(void **state) {
  (void)state;
  hc_sched *s = build_canon();
  hc_sched_err e;
  assert_int_equal(hc_sched_validate(s, &e), HC_OK);
  char *t;
  size_t n;
  assert_int_equal(hc_sched_format(s, &t, &n), HC_OK);
  assert_string_equal(t, canon);
  assert_int_equal(n, strlen(canon));
  free(t);
  hc_sched_free(s);
}

static void test_format_round_trip(void **state) {
  (void)state;
  hc_sched *a = build_canon(), *b = parse_ok(canon);
  assert_int_equal(hc_sched_num_packets(a), hc_sched_num_packets(b));
  assert_int_equal(hc_sched_num_own(a), hc_sched_num_own(b));
  /* same packets, field by field */
  for (size_t i = 0; i < hc_sched_num_packets(a); i++) {
    hc_packet_info x, y;
    hc_sched_packet(a, i, &x);
    hc_sched_packet(b, find_pk(b, x.node, x.dim, x.seq), &y);
    assert_int_equal(x.words, y.words);
    assert_int_equal(x.ngather, y.ngather);
    assert_int_equal(x.nscatter, y.nscatter);
    assert_memory_equal(x.gather, y.gather, x.ngather * sizeof *x.gather);
    assert_memory_equal(x.scatter, y.scatter, x.nscatter * sizeof *x.scatter);
    assert_int_equal(x.line, 0);
    assert_true(y.line >= 6 && y.line <= 9);
  }
  char *t;
  assert_int_equal(hc_sched_format(b, &t, NULL), HC_OK);
  assert_string_equal(t, canon);
  free(t);
  hc_sched_free(a);
  hc_sched_free(b);
}

static void test_format_free_form(void **state) {
  (void)state;
  /* comments, blank lines, tabs, CRLF, spaces around every token, lines in
  ** any order after the header, own data split over lines */
  const char *text =
      "# a schedule\r\n"
      "\n"
      "  hcsched   1   # version\r\n"
      "mem 16\n"
      "dim\t2\n"
      "link 3 1 0 : gather 0 + 1 -> scatter 15+1\n"
      "own 0: 8+2\n"
      "link 0 0 1:gather 8+2->scatter 0+1 , 2+1   \n"
      "own 3 :0+1\n"
      "   # indented comment\n"
      "link 0 1 0: gather 1+2,8+1 -> scatter 12+3\n"
      "own 0: 0+4\n"
      "link 0 0 0: gather 0+4 -> scatter 4+4";
  hc_sched *s = parse_ok(text);
  char *t;
  assert_int_equal(hc_sched_format(s, &t, NULL), HC_OK);
  assert_string_equal(t, canon);
  free(t);
  hc_packet_info pi;
  hc_sched_packet(s, find_pk(s, 0, 0, 1), &pi);
  assert_int_equal(pi.line, 8);
  hc_sched_free(s);
}

static void test_format_file_io(void **state) {
  (void)state;
  hc_sched *s = build_canon(), *b = NULL;
  hc_sched_err e;
  FILE *f = tmpfile();
  assert_non_null(f);
  assert_int_equal(hc_sched_write(s, f), HC_OK);
  rewind(f);
  assert_int_equal(hc_sched_read(f, &b, &e), HC_OK);
  fclose(f);
  char *t;
  assert_int_equal(hc_sched_format(b, &t, NULL), HC_OK);
  assert_string_equal(t, canon);
  free(t);
  hc_sched_free(s);
  hc_sched_free(b);
}

static void test_format_algorithms(void **state) {
  (void)state;
  /* Every generator's schedule survives the text format: same text, same
  ** timing, same final memory. */
  const hc_sf_algo *const *al = hc_sf_algos;
  uint32_t perm[8];
  assert_int_equal(hc_sf_perm_named("shuffle", 3, 0, perm, NULL, 0), HC_OK);
  uint32_t perm4[16];
  assert_int_equal(hc_sf_perm_named("shuffle", 4, 0, perm4, NULL, 0), HC_OK);
  for (size_t a = 0; al[a]; a++) {
    hc_sched_case c;
    hc_sf_params p;
    /* the smallest multiple of the unit (from 2 units) it accepts at d = 3,
    ** else at d = 4 (000 §7.2 needs an even d); DISTRIBUTE 2 needs m large
    ** against beta */
    int found = 0;
    for (unsigned d = 3; d <= 4 && !found; d++)
      for (uint32_t k = 2; k < 66 && !found; k++) {
        hc_sf_params_init(&p, d, 0, 5);
        if (al[a]->takes & HC_SF_TAKES_PERM) p.perm = d == 3 ? perm : perm4;
        p.m = k * al[a]->unit(&p);
        found = al[a]->check(&p, NULL, 0) == HC_OK;
      }
    if (!found) fail_msg("%s: no size accepted at d = 3 or 4", al[a]->name);
    assert_int_equal(al[a]->build(&p, &c), HC_OK);
    char *t1, *t2;
    size_t n1;
    assert_int_equal(hc_sched_format(c.sched, &t1, &n1), HC_OK);
    hc_sched *b = parse_ok(t1);
    assert_int_equal(hc_sched_format(b, &t2, NULL), HC_OK);
    assert_string_equal(t1, t2);
    hc_exec_result r1, r2;
    run(c.sched, 5, c.init, &r1);
    run(b, 5, c.init, &r2);
    assert_int_equal(r1.cycles, r2.cycles);
    assert_int_equal(r1.packets, r2.packets);
    size_t nw = (size_t)hc_sched_nodes(b) * hc_sched_mem_words(b);
    assert_memory_equal(r1.mem, r2.mem, nw * sizeof *r1.mem);
    assert_int_equal(hc_sched_case_check(&c, r2.mem, NULL, NULL), 0);
    hc_exec_result_free(&r1);
    hc_exec_result_free(&r2);
    free(t1);
    free(t2);
    hc_sched_free(b);
    hc_sched_case_free(&c);
  }
}

static void test_format_syntax_errors(void **state) {
  (void)state;
  expect_syntax("", HC_ESYNTAX, 0, "end of text before the \"hcsched 1\"");
  expect_syntax("# nothing\n\n", HC_ESYNTAX, 2, "end of text");
  expect_syntax("dim 2\n", HC_ESYNTAX, 1, "expected the first line \"hcsched 1\"");
  expect_syntax("hcsched 2\n", HC_ESYNTAX, 1, "version 2 is not supported");
  expect_syntax("hcsched 1\ndim 2\n", HC_ESYNTAX, 2, "before the mem line");
  expect_syntax("hcsched 1\ndim 2\nmem 8\ndim 3\n", HC_ESYNTAX, 4,
                "a second dim line");
  expect_syntax("hcsched 1\ndim 0\nmem 8\n", HC_EPARAM, 2, "outside 1..16");
  expect_syntax("hcsched 1\ndim 17\nmem 8\n", HC_EPARAM, 2, "outside 1..16");
  expect_syntax("hcsched 1\ndim 2\nmem 0\n", HC_EPARAM, 3, "mem 0 is outside");
  expect_syntax("hcsched 1\ndim 2\nown 0: 0+1\nmem 8\n", HC_ESYNTAX, 3,
                "an own line before both the dim and the mem line");
  expect_syntax("hcsched 1\ndim 2\nmem 8\nlnk 0 0 0: gather 0+1 -> scatter 0+1\n",
                HC_ESYNTAX, 4, "expected \"dim\", \"mem\", \"own\" or \"link\"");
  expect_syntax("hcsched 1\ndim 2\nmem 8\nlink 0 0: gather 0+1 -> scatter 0+1\n",
                HC_ESYNTAX, 4, "expected the position on the link");
  expect_syntax("hcsched 1\ndim 2\nmem 8\nlink 0 0 0 gather 0+1 -> scatter 0+1\n",
                HC_ESYNTAX, 4, "expected ':' after the position");
  expect_syntax("hcsched 1\ndim 2\nmem 8\nlink 0 0 0: 0+1 -> scatter 0+1\n",
                HC_ESYNTAX, 4, "expected \"gather\"");
  expect_syntax("hcsched 1\ndim 2\nmem 8\nlink 0 0 0: gather 0+1 scatter 0+1\n",
                HC_ESYNTAX, 4, "expected \"->\" after the gather list");
  expect_syntax("hcsched 1\ndim 2\nmem 8\nlink 0 0 0: gather 0+1 -> 0+1\n",
                HC_ESYNTAX, 4, "expected \"scatter\"");
  expect_syntax("hcsched 1\ndim 2\nmem 8\nlink 0 0 0: gather 0 -> scatter 0+1\n",
                HC_ESYNTAX, 4, "expected '+' between address and length");
  expect_syntax("hcsched 1\ndim 2\nmem 8\nlink 0 0 0: gather 0+1, -> scatter 0+1\n",
                HC_ESYNTAX, 4, "expected an address (a gather segment");
  expect_syntax("hcsched 1\ndim 2\nmem 8\nlink 0 0 0: gather 0+1 -> scatter 0+1 x\n",
                HC_ESYNTAX, 4, "expected end of line, found \"x\"");
  expect_syntax("hcsched 1\ndim 2\nmem 8\nlink 0 0 0: gather 0+1 -> scatter 0+1\n"
                "own 0: 0+99999999999\n",
                HC_ESYNTAX, 5, "larger than 4294967295");
  expect_syntax("hcsched 1\ndim 2\nmem 8\nown -1: 0+1\n", HC_ESYNTAX, 4,
                "expected a node number");
}

/* A NUL byte is named as one (not taken for the end of the text), and a
** directory read as a schedule says so. */
static void test_format_nul_and_directory(void **state) {
  (void)state;
  static const char text[] = "hcsched 1\ndim 2\nmem 8\nlink 0 0 0: gather 0\0+1 -> scatter 0+1\n";
  hc_sched *s = NULL;
  hc_sched_err e;
  assert_int_equal(hc_sched_parse(text, sizeof text - 1, &s, &e), HC_ESYNTAX);
  assert_null(s);
  assert_int_equal(e.line, 4);
  if (!strstr(e.msg, "found \"\\x00+1 -> scatter 0...\" (a NUL byte"))
    fail_msg("no NUL byte named: %s", e.msg);
  FILE *f = fopen("/", "r");
  if (!f) skip();
  assert_int_equal(hc_sched_read(f, &s, &e), HC_EIO);
  fclose(f);
  if (!strstr(e.msg, "read error: Is a directory")) fail_msg("no reason: %s", e.msg);
}

/* ------------------------------------------------------- sched_validate */

#define HDR "hcsched 1\ndim 2\nmem 8\nown 0: 0+4\nown 1: 0+4\n"

static void test_validate_good(void **state) {
  (void)state;
  hc_sched *s = parse_ok(HDR
                         "link 0 0 0: gather 0+4 -> scatter 4+4\n"
                         "link 1 1 0: gather 4+2,0+1 -> scatter 0+3\n");
  hc_sched_err e;
  assert_int_equal(hc_sched_validate(s, &e), HC_OK);
  assert_int_equal(e.code, HC_OK);
  hc_sched_free(s);
}

static void test_validate_link(void **state) {
  (void)state;
  expect_invalid(HDR "link 4 0 0: gather 0+1 -> scatter 0+1\n", HC_ELINK, 6,
                 "link 4 0 0: there is no link from that node in a 2-cube");
  expect_invalid(HDR "link 0 0 0: gather 0+1 -> scatter 4+1\n"
                     "link 0 2 0: gather 0+1 -> scatter 0+1\n",
                 HC_ELINK, 7, "no link of that dimension");
  /* the builder refuses to append to a link that does not exist */
  hc_sched *s;
  hc_seg g = {0, 1};
  assert_int_equal(hc_sched_new(2, 8, &s), HC_OK);
  assert_int_equal(hc_sched_add_packet(s, 0, 2, &g, 1, &g, 1), HC_ELINK);
  assert_int_equal(hc_sched_add_packet(s, 4, 0, &g, 1, &g, 1), HC_ELINK);
  assert_int_equal(hc_sched_begin(s, 0, 5), HC_ELINK);
  hc_sched_free(s);
}

static void test_validate_range(void **state) {
  (void)state;
  expect_invalid(HDR "link 0 0 0: gather 6+3 -> scatter 4+3\n", HC_ERANGE, 6,
                 "gather segment 6+3 is outside memory (words 0..7)");
  expect_invalid(HDR "link 0 0 0: gather 0+2 -> scatter 7+2\n", HC_ERANGE, 6,
                 "scatter segment 7+2 is outside memory");
  expect_invalid(HDR "link 0 0 0: gather 0+2,3+0 -> scatter 4+2\n",
                 HC_ERANGE, 6, "gather segment 3+0 is empty");
  expect_invalid(HDR "link 0 0 0: gather 4294967295+2 -> scatter 4+2\n",
                 HC_ERANGE, 6, "outside memory");
  expect_invalid("hcsched 1\ndim 2\nmem 8\nown 0: 6+3\n", HC_ERANGE, 4,
                 "own data 6+3 of node 0 is outside memory");
  expect_invalid("hcsched 1\ndim 2\nmem 8\nown 4: 0+1\n", HC_ERANGE, 4,
                 "own data for node 4, which does not exist in a 2-cube");
}

static void test_validate_length(void **state) {
  (void)state;
  expect_invalid(HDR "link 0 0 0: gather 0+3 -> scatter 4+2\n", HC_ELENGTH, 6,
                 "link 0 0 0: gathers 3 words but scatters 2");
  expect_invalid(HDR "link 0 0 0: gather 0+1,2+2 -> scatter 4+1,6+1\n",
                 HC_ELENGTH, 6, "gathers 3 words but scatters 2");
  /* a packet without words can only be built with the API */
  hc_sched *s;
  hc_sched_err e;
  hc_seg g = {0, 1};
  assert_int_equal(hc_sched_new(1, 8, &s), HC_OK);
  assert_int_equal(hc_sched_add_packet(s, 0, 0, &g, 0, &g, 0), HC_OK);
  assert_int_equal(hc_sched_validate(s, &e), HC_ELENGTH);
  assert_non_null(strstr(e.msg, "carries no words"));
  assert_int_equal(e.line, 0);
  hc_sched_free(s);
  /* and the incremental builder refuses empty segments */
  assert_int_equal(hc_sched_new(1, 8, &s), HC_OK);
  assert_int_equal(hc_sched_gather(s, 0, 1), HC_EPARAM); /* nothing open */
  assert_int_equal(hc_sched_end(s), HC_EPARAM);
  assert_int_equal(hc_sched_begin(s, 0, 0), HC_OK);
  assert_int_equal(hc_sched_begin(s, 1, 0), HC_EPARAM); /* already open */
  assert_int_equal(hc_sched_gather(s, 0, 0), HC_EPARAM);
  assert_int_equal(hc_sched_scatter(s, 0, 0), HC_EPARAM);
  hc_sched_free(s);
}

static void test_validate_seq(void **state) {
  (void)state;
  expect_invalid(HDR "link 0 0 0: gather 0+1 -> scatter 4+1\n"
                     "link 0 0 0: gather 1+1 -> scatter 5+1\n",
                 HC_ESEQ, 7, "position 0 of link 0 0 is taken twice (also line 6)");
  expect_invalid(HDR "link 0 0 0: gather 0+1 -> scatter 4+1\n"
                     "link 0 0 2: gather 1+1 -> scatter 5+1\n",
                 HC_ESEQ, 7, "link 0 0 has 2 packets, at positions 0..1, but "
                                   "this one is at position 2");
}

static void test_validate_overlap(void **state) {
  (void)state;
  expect_invalid(HDR "link 0 0 0: gather 0+2 -> scatter 4+2\n"
                     "link 0 0 1: gather 2+2 -> scatter 5+2\n",
                 HC_EOVERLAP, 7,
                 "link 0 0 1: writes word 5 of node 1, which link 0 0 0 (line 6) "
                 "also writes");
  /* two different incoming links writing the same word */
  expect_invalid(HDR "link 0 0 0: gather 0+1 -> scatter 4+1\n"
                     "link 3 1 0: gather 0+1 -> scatter 4+1\n"
                     "own 3: 0+1\n",
                 HC_EOVERLAP, 7, "which link 0 0 0 (line 6) also writes");
  expect_invalid(HDR "link 0 0 0: gather 0+2 -> scatter 3+2\n", HC_EOVERLAP, 6,
                 "writes word 3 of node 1, which is node 1's own data");
  expect_invalid(HDR "link 0 0 0: gather 0+2 -> scatter 5+1,5+1\n",
                 HC_EOVERLAP, 6, "writes word 5 of node 1 twice");
  expect_invalid(HDR "own 0: 3+2\n", HC_EOVERLAP, 6,
                 "word 3 of node 0 is declared own data twice");
}

static void test_validate_unsourced(void **state) {
  (void)state;
  /* word 4 of node 0 is neither own data nor brought */
  expect_invalid(HDR "link 0 0 0: gather 3+2 -> scatter 4+2\n", HC_EUNSOURCED,
                 6, "link 0 0 0: sends word 4 of node 0, which is not node 0's own "
                    "data and which no packet brings to node 0");
  /* brought, but to another node: node 2 forwards what node 1 received */
  expect_invalid(HDR "link 0 0 0: gather 0+2 -> scatter 4+2\n"
                     "link 2 0 0: gather 4+1 -> scatter 4+1\n",
                 HC_EUNSOURCED, 7, "sends word 4 of node 2");
}

static void test_validate_deadlock(void **state) {
  (void)state;
  /* two packets each waiting for the other's data */
  expect_invalid("hcsched 1\ndim 1\nmem 8\nown 0: 0+2\nown 1: 0+2\n"
                 "link 0 0 0: gather 0+1,4+1 -> scatter 5+2\n"
                 "link 1 0 0: gather 0+1,5+1 -> scatter 3+2\n",
                 HC_EDEADLOCK, 6,
                 "deadlock: link 0 0 0 (line 6) needs word 4 of node 0 from link 1 0 0 "
                 "(line 7), which needs word 5 of node 1 from link 0 0 0 (the first again)");
  /* a cycle through the order on the links: 0's first packet needs what
  ** 1's second brings, 1's first needs what 0's second brings */
  expect_invalid("hcsched 1\ndim 1\nmem 8\nown 0: 0+2\nown 1: 0+2\n"
                 "link 0 0 0: gather 6+1 -> scatter 4+1\n"
                 "link 0 0 1: gather 0+1 -> scatter 5+1\n"
                 "link 1 0 0: gather 5+1 -> scatter 7+1\n"
                 "link 1 0 1: gather 0+1 -> scatter 6+1\n",
                 HC_EDEADLOCK, 6, "comes after link 1 0 0 on its link");
  /* a longer cycle around a square (0 -> 1 -> 3 -> 2 -> 0) */
  expect_invalid("hcsched 1\ndim 2\nmem 8\n"
                 "link 0 0 0: gather 5+1 -> scatter 5+1\n"
                 "link 1 1 0: gather 5+1 -> scatter 5+1\n"
                 "link 3 0 0: gather 5+1 -> scatter 5+1\n"
                 "link 2 1 0: gather 5+1 -> scatter 5+1\n",
                 HC_EDEADLOCK, 4, "deadlock: link 0 0 0 (line 4) needs word 5 "
                                        "of node 0 from link 2 1 0");
}

static void test_validate_need(void **state) {
  (void)state;
  hc_sched *s = parse_ok("hcsched 1\ndim 2\nmem 8\nown 1: 0+6\nown 2: 0+1\n"
                         "link 1 0 0: gather 0+2 -> scatter 0+2\n"
                         "link 1 0 1: gather 2+4 -> scatter 2+4\n"
                         "link 2 1 0: gather 0+1 -> scatter 6+1\n"
                         "link 0 1 0: gather 3+1,6+1 -> scatter 1+2\n"
                         "link 0 0 0: gather 0+1 -> scatter 6+1\n");
  uint32_t need[2];
  hc_sched_err e;
  assert_int_equal(hc_sched_need(s, find_pk(s, 0, 1, 0), need, &e), HC_OK);
  assert_int_equal(need[0], 2); /* the second packet from node 1 */
  assert_int_equal(need[1], 1); /* the first packet from node 2 */
  assert_int_equal(hc_sched_need(s, find_pk(s, 0, 0, 0), need, &e), HC_OK);
  assert_int_equal(need[0], 1);
  assert_int_equal(need[1], 0);
  assert_int_equal(hc_sched_need(s, find_pk(s, 1, 0, 1), need, &e), HC_OK);
  assert_int_equal(need[0], 0);
  assert_int_equal(need[1], 0);
  assert_int_equal(hc_sched_need(s, 99, need, &e), HC_EPARAM);
  hc_sched_free(s);
}

/* ----------------------------------------------------------- sched_exec */

static void test_exec_single(void **state) {
  (void)state;
  /* one packet of 5 words: beta + 5 cycles, busy for all of them */
  hc_sched *s = parse_ok("hcsched 1\ndim 1\nmem 8\nown 0: 0+5\n"
                         "link 0 0 0: gather 0+5 -> scatter 3+5\n");
  for (uint32_t beta = 0; beta < 4; beta++) {
    hc_exec_result r;
    run(s, beta, NULL, &r);
    assert_int_equal(r.cycles, beta + 5);
    assert_int_equal(r.start[0], 0);
    assert_int_equal(r.finish[0], beta + 5);
    assert_int_equal(r.packets, 1);
    assert_int_equal(r.words, 5);
    assert_int_equal(r.link_busy[0], beta + 5);
    assert_int_equal(r.link_busy[1], 0);
    hc_exec_result_free(&r);
  }
  hc_sched_free(s);
}

static void test_exec_store_and_forward(void **state) {
  (void)state;
  /* 0 -> 1 -> 3: the second hop starts when the first has completely
  ** arrived, in the cycle the first finishes: 2 (beta + 4) */
  hc_sched *s = parse_ok("hcsched 1\ndim 2\nmem 8\nown 0: 0+4\n"
                         "link 0 0 0: gather 0+4 -> scatter 0+4\n"
                         "link 1 1 0: gather 0+4 -> scatter 4+4\n");
  hc_exec_result r;
  run(s, 3, NULL, &r);
  assert_int_equal(r.cycles, 14);
  size_t a = find_pk(s, 0, 0, 0), b = find_pk(s, 1, 1, 0);
  assert_int_equal(r.finish[a], 7);
  assert_int_equal(r.start[b], 7); /* present at the start of cycle 7: starts in 7 */
  assert_int_equal(r.finish[b], 14);
  hc_exec_result_free(&r);
  hc_sched_free(s);
}

static void test_exec_links(void **state) {
  (void)state;
  /* two packets on one link run one after the other; another link of the
  ** same node runs at the same time */
  hc_sched *s = parse_ok("hcsched 1\ndim 2\nmem 16\nown 0: 0+10\n"
                         "link 0 0 0: gather 0+2 -> scatter 0+2\n"
                         "link 0 0 1: gather 2+3 -> scatter 2+3\n"
                         "link 0 1 0: gather 5+5 -> scatter 0+5\n");
  hc_exec_result r;
  run(s, 4, NULL, &r);
  size_t a = find_pk(s, 0, 0, 0), b = find_pk(s, 0, 0, 1), c = find_pk(s, 0, 1, 0);
  assert_int_equal(r.start[a], 0);
  assert_int_equal(r.finish[a], 6);
  assert_int_equal(r.start[b], 6);
  assert_int_equal(r.finish[b], 13);
  assert_int_equal(r.start[c], 0);
  assert_int_equal(r.finish[c], 9);
  assert_int_equal(r.cycles, 13);
  assert_int_equal(r.link_busy[0 * 2 + 0], 13);
  assert_int_equal(r.link_busy[0 * 2 + 1], 9);
  hc_exec_result_free(&r);
  hc_sched_free(s);

  /* all d links of a node at once: d packets take beta + m, not d (beta + m);
  ** and a node receives on several links at once */
  s = parse_ok("hcsched 1\ndim 3\nmem 8\nown 0: 0+4\nown 7: 0+4\n"
               "link 0 0 0: gather 0+4 -> scatter 0+4\n"
               "link 0 1 0: gather 0+4 -> scatter 0+4\n"
               "link 0 2 0: gather 0+4 -> scatter 0+4\n"
               "link 7 0 0: gather 3+1 -> scatter 4+1\n"
               "link 1 1 0: gather 0+1 -> scatter 4+1\n"
               "link 2 0 0: gather 1+1 -> scatter 5+1\n"
               "link 2 0 1: gather 2+1 -> scatter 6+1\n");
  run(s, 2, NULL, &r);
  assert_int_equal(r.finish[find_pk(s, 0, 0, 0)], 6);
  assert_int_equal(r.finish[find_pk(s, 0, 1, 0)], 6);
  assert_int_equal(r.finish[find_pk(s, 0, 2, 0)], 6);
  assert_int_equal(r.finish[find_pk(s, 7, 0, 0)], 3);
  assert_int_equal(r.start[find_pk(s, 1, 1, 0)], 6);
  assert_int_equal(r.finish[find_pk(s, 1, 1, 0)], 9);
  assert_int_equal(r.finish[find_pk(s, 2, 0, 0)], 9); /* into node 3 with 1 1 0 */
  assert_int_equal(r.start[find_pk(s, 2, 0, 1)], 9);  /* after 2 0 0 on its link */
  assert_int_equal(r.finish[find_pk(s, 2, 0, 1)], 12);
  assert_int_equal(r.cycles, 12);
  hc_exec_result_free(&r);
  hc_sched_free(s);
}

static void test_exec_thresholds(void **state) {
  (void)state;
  /* node 0's packet over dimension 1 needs the second packet from node 1
  ** and the first from node 2: it starts when the later has arrived */
  hc_sched *s = parse_ok("hcsched 1\ndim 2\nmem 8\nown 1: 0+6\nown 2: 0+1\n"
                         "link 1 0 0: gather 0+2 -> scatter 0+2\n"
                         "link 1 0 1: gather 2+4 -> scatter 2+4\n"
                         "link 2 1 0: gather 0+1 -> scatter 6+1\n"
                         "link 0 1 0: gather 3+1,6+1 -> scatter 1+2\n"
                         "link 0 0 0: gather 0+1 -> scatter 6+1\n");
  const uint32_t beta = 5;
  hc_sched_case c = {s, NULL, NULL, NULL};
  assert_int_equal(hc_sched_case_alloc(&c), HC_OK);
  for (uint32_t a = 0; a < 6; a++) c.init[1 * 8 + a] = hc_sched_tag(1, a);
  c.init[2 * 8 + 0] = hc_sched_tag(2, 0);
  memcpy(c.expect, c.init, 4 * 8 * sizeof *c.expect);
  for (uint32_t a = 0; a < 6; a++) c.expect[0 * 8 + a] = hc_sched_tag(1, a);
  c.expect[0 * 8 + 6] = hc_sched_tag(2, 0);
  c.expect[2 * 8 + 1] = hc_sched_tag(1, 3);
  c.expect[2 * 8 + 2] = hc_sched_tag(2, 0);
  c.expect[1 * 8 + 6] = hc_sched_tag(1, 0);
  hc_exec_result r;
  run(s, beta, c.init, &r);
  size_t p10 = find_pk(s, 1, 0, 0), p11 = find_pk(s, 1, 0, 1),
         p2 = find_pk(s, 2, 1, 0), x = find_pk(s, 0, 1, 0), y = find_pk(s, 0, 0, 0);
  assert_int_equal(r.finish[p10], beta + 2);
  assert_int_equal(r.finish[p11], 2 * beta + 6);
  assert_int_equal(r.finish[p2], beta + 1);
  assert_int_equal(r.start[x], 2 * beta + 6);
  assert_int_equal(r.finish[x], 3 * beta + 8);
  assert_int_equal(r.start[y], beta + 2); /* needs only the first packet */
  assert_int_equal(r.finish[y], 2 * beta + 3);
  assert_int_equal(r.cycles, 3 * beta + 8);
  assert_int_equal(hc_sched_case_check(&c, r.mem, NULL, NULL), 0);
  hc_exec_result_free(&r);
  hc_sched_case_free(&c);
}

static void test_exec_gather_scatter(void **state) {
  (void)state;
  /* words are streamed in gather order and laid down in scatter order */
  hc_sched *s = parse_ok("hcsched 1\ndim 1\nmem 16\nown 0: 0+8\n"
                         "link 0 0 0: gather 6+2,0+3 -> scatter 10+1,3+4\n");
  uint32_t init[32] = {0};
  for (uint32_t a = 0; a < 8; a++) init[a] = 100 + a;
  init[16 + 0] = 77; /* not own data, not written: left as it was */
  hc_exec_result r;
  run(s, 1, init, &r);
  assert_int_equal(r.cycles, 6);
  const uint32_t *n1 = r.mem + 16;
  assert_int_equal(n1[10], 106);
  assert_int_equal(n1[3], 107);
  assert_int_equal(n1[4], 100);
  assert_int_equal(n1[5], 101);
  assert_int_equal(n1[6], 102);
  assert_int_equal(n1[0], 77);
  assert_memory_equal(r.mem, init, 16 * sizeof *init); /* the sender keeps its words */
  hc_exec_result_free(&r);
  hc_sched_free(s);
}

static void test_exec_empty(void **state) {
  (void)state;
  hc_sched *s = parse_ok("hcsched 1\ndim 3\nmem 2\nown 5: 0+2\n");
  hc_exec_result r;
  run(s, 9, NULL, &r);
  assert_int_equal(r.cycles, 0);
  assert_int_equal(r.packets, 0);
  hc_exec_result_free(&r);
  hc_sched_free(s);
}

/*
** Random valid schedules: each packet gathers words already present or
** brought by an earlier packet, into fresh words of the receiver, and is
** appended to its link. The executor must agree with the longest path, and
** the final memory with the data semantics replayed in creation order.
*/
static void test_exec_random(void **state) {
  (void)state;
  uint32_t seed = 12345;
#define RND() (seed = seed * 1103515245u + 12345u, (seed >> 8) & 0xFFFFFF)
  for (int trial = 0; trial < 40; trial++) {
    const unsigned d = 1 + trial % 4;
    const uint32_t n = 1u << d, mem = 96, own = 6;
    hc_sched *s;
    assert_int_equal(hc_sched_new(d, mem, &s), HC_OK);
    uint32_t *init = calloc((size_t)n * mem, sizeof *init);
    uint32_t *want = calloc((size_t)n * mem, sizeof *want);
    uint8_t *have = calloc((size_t)n * mem, 1);
    uint32_t *next = malloc(n * sizeof *next);
    for (uint32_t x = 0; x < n; x++) {
      assert_int_equal(hc_sched_add_own(s, x, 0, own), HC_OK);
      for (uint32_t a = 0; a < own; a++) {
        init[x * mem + a] = want[x * mem + a] = hc_sched_tag(x, a);
        have[x * mem + a] = 1;
      }
      next[x] = own;
    }
    for (int p = 0; p < 60; p++) {
      uint32_t x = RND() % n;
      unsigned c = RND() % d;
      uint32_t y = x ^ (1u << c), len = 1 + RND() % 4;
      if (next[y] + len > mem) continue;
      assert_int_equal(hc_sched_begin(s, x, c), HC_OK);
      for (uint32_t w = 0; w < len; w++) {
        uint32_t a;
        do a = RND() % mem;
        while (!have[x * mem + a]);
        assert_int_equal(hc_sched_gather(s, a, 1), HC_OK);
        want[y * mem + next[y] + w] = want[x * mem + a];
      }
      /* scattered in two pieces when it can be */
      uint32_t h = len / 2;
      if (h) assert_int_equal(hc_sched_scatter(s, next[y] + len - h, h), HC_OK);
      assert_int_equal(hc_sched_scatter(s, next[y], len - h), HC_OK);
      if (h) {
        /* fix the expectation for the swapped halves */
        uint32_t tmp[4];
        for (uint32_t w = 0; w < len; w++) tmp[w] = want[y * mem + next[y] + w];
        for (uint32_t w = 0; w < h; w++) want[y * mem + next[y] + len - h + w] = tmp[w];
        for (uint32_t w = 0; w < len - h; w++) want[y * mem + next[y] + w] = tmp[h + w];
      }
      assert_int_equal(hc_sched_end(s), HC_OK);
      for (uint32_t w = 0; w < len; w++) have[y * mem + next[y] + w] = 1;
      next[y] += len;
    }
    for (uint32_t beta = 0; beta < 12; beta += 5) {
      hc_exec_result r;
      run(s, beta, init, &r);
      assert_memory_equal(r.mem, want, (size_t)n * mem * sizeof *want);
      /* every packet costs exactly beta + its words */
      for (size_t i = 0; i < hc_sched_num_packets(s); i++) {
        hc_packet_info pi;
        hc_sched_packet(s, i, &pi);
        assert_int_equal(r.finish[i] - r.start[i], beta + pi.words);
      }
      hc_exec_result_free(&r);
    }
    free(init);
    free(want);
    free(have);
    free(next);
    hc_sched_free(s);
  }
#undef RND
}

/* --------------------------------------------------------- sf_broadcast2 */

static void test_broadcast2_formula(void **state) {
  (void)state;
  static const uint32_t betas[] = {0, 1, 6, 40};
  for (unsigned d = 1; d <= 6; d++) {
    const uint32_t n = 1u << d;
    const uint32_t ms[] = {d, 4 * d, 12 * d};
    const uint32_t roots[] = {0, n - 1, (5u * d) % n};
    for (size_t mi = 0; mi < 3; mi++)
      for (size_t ri = 0; ri < 3; ri++) {
        const uint32_t m = ms[mi], root = roots[ri];
        hc_sched_case c;
        assert_int_equal(hc_sf_broadcast2(d, m, root, &c), HC_OK);
        assert_int_equal(hc_sched_num_packets(c.sched), (size_t)d * (n - 1));
        for (size_t bi = 0; bi < 4; bi++) {
          const uint32_t beta = betas[bi];
          hc_exec_result r;
          run(c.sched, beta, c.init, &r);
          uint64_t f = hc_sf_broadcast2_formula(d, m, beta);
          assert_int_equal(f, (uint64_t)m + d * beta);
          if (r.cycles != f)
            fail_msg("d=%u m=%u beta=%u: %llu cycles, formula %llu", d, m, beta,
                     (unsigned long long)r.cycles, (unsigned long long)f);
          assert_true(hc_sf_broadcast2_lower(d, m, beta) <= f);
          assert_int_equal(hc_sched_case_check(&c, r.mem, NULL, NULL), 0);
          /* every node holds the root's words */
          for (uint32_t x = 0; x < n; x++)
            for (uint32_t a = 0; a < m; a++)
              assert_int_equal(r.mem[(size_t)x * m + a], hc_sched_tag(root, a));
          for (uint32_t x = 0; x < n; x++)
            for (unsigned k = 0; k < d; k++) {
              uint64_t busy = r.link_busy[(size_t)x * d + k];
              if (x == root) /* d packets of m/d back to back */
                assert_int_equal(busy, f);
              if ((x ^ root) >> k & 1) /* toward the root: never used (§2) */
                assert_int_equal(busy, 0);
            }
          hc_exec_result_free(&r);
        }
        hc_sched_case_free(&c);
      }
  }
}

static void test_broadcast2_params(void **state) {
  (void)state;
  hc_sched_case c;
  assert_int_equal(hc_sf_broadcast2(3, 7, 0, &c), HC_EPARAM);
  assert_null(c.sched);
  assert_int_equal(hc_sf_broadcast2(3, 0, 0, &c), HC_EPARAM);
  assert_int_equal(hc_sf_broadcast2(0, 4, 0, &c), HC_EPARAM);
  assert_int_equal(hc_sf_broadcast2(3, 6, 8, &c), HC_EPARAM);
  assert_int_equal(hc_sf_broadcast2(HC_SF_MAX_D + 1, 22, 0, &c), HC_EPARAM);
  assert_string_equal(hc_sf_algo_broadcast2.name, "broadcast2");
}

/* -------------------------------------------------- sf_complete_exchange */

static void test_complete_exchange_formula(void **state) {
  (void)state;
  static const uint32_t betas[] = {0, 3, 50};
  for (unsigned d = 1; d <= 6; d++) {
    const uint32_t n = 1u << d, u = hc_sf_complete_exchange_unit(d);
    for (uint32_t mult = 1; mult <= 2; mult++) {
      const uint32_t m = u * mult;
      hc_sched_case c;
      assert_int_equal(hc_sf_complete_exchange(d, m, &c), HC_OK);
      hc_sched *s = c.sched;
      /* one batched packet per link per stage */
      assert_int_equal(hc_sched_num_packets(s), (size_t)d * d * n);
      /* 000 §6: in stage k every link carries sum_{j<=k} C(d-1,j)/(d-j) m
      ** = sum_{j<=k} C(d,j) m/d words */
      for (size_t i = 0; i < hc_sched_num_packets(s); i++) {
        hc_packet_info pi;
        hc_sched_packet(s, i, &pi);
        uint64_t want = 0;
        for (unsigned j = 0; j <= pi.seq; j++) want += binom(d, j) * (m / d);
        assert_int_equal(pi.words, want);
      }
      for (size_t bi = 0; bi < 3; bi++) {
        const uint32_t beta = betas[bi];
        hc_exec_result r;
        run(s, beta, c.init, &r);
        uint64_t f = hc_sf_complete_exchange_formula(d, m, beta);
        assert_int_equal(f, ((uint64_t)m << (d - 1)) + (uint64_t)d * beta);
        if (r.cycles != f)
          fail_msg("d=%u m=%u beta=%u: %llu cycles, formula %llu", d, m, beta,
                   (unsigned long long)r.cycles, (unsigned long long)f);
        assert_true(hc_sf_exchange_lower(d, m, beta) <= f);
        /* every link busy all the time */
        for (size_t L = 0; L < (size_t)n * d; L++) assert_int_equal(r.link_busy[L], f);
        uint32_t bn = 0, ba = 0;
        size_t bad = hc_sched_case_check(&c, r.mem, &bn, &ba);
        if (bad) fail_msg("d=%u m=%u: %zu words wrong, first node %u word %u", d, m,
                          bad, bn, ba);
        /* the meaning, once more from here: y's block s is s's block y */
        const uint32_t mem = hc_sched_mem_words(s);
        for (uint32_t y = 0; y < n; y++)
          for (uint32_t x = 0; x < n; x++)
            for (uint32_t w = 0; w < m && x != y; w += m - 1 ? m - 1 : 1)
              assert_int_equal(r.mem[(size_t)y * mem + n * m + x * m + w],
                               hc_sched_tag(x, y * m + w));
        hc_exec_result_free(&r);
      }
      hc_sched_case_free(&c);
    }
  }
}

static void test_complete_exchange_params(void **state) {
  (void)state;
  hc_sched_case c;
  assert_int_equal(hc_sf_complete_exchange_unit(1), 1);
  assert_int_equal(hc_sf_complete_exchange_unit(4), 12);
  assert_int_equal(hc_sf_complete_exchange_unit(6), 60);
  /* any m >= 1: pieces rounded up (tests/unit/test_sf_round.c) */
  assert_int_equal(hc_sf_complete_exchange(4, 18, &c), HC_OK);
  assert_int_equal(hc_sched_mem_words(c.sched), hc_sf_complete_exchange_mem(4, 18));
  hc_sched_case_free(&c);
  assert_int_equal(hc_sf_complete_exchange(4, 0, &c), HC_EPARAM);
  assert_null(c.sched);
  assert_int_equal(hc_sf_complete_exchange(0, 1, &c), HC_EPARAM);
  /* scratch = the words a node relays: m (d 2^(d-1) - 2^d + 1) */
  assert_int_equal(hc_sf_exchange_mem(3, 6), 6 * (16 + 12 - 8 + 1));
  assert_int_equal(hc_sf_complete_exchange_mem(3, 6), hc_sf_exchange_mem(3, 6)); /* no pad where m divides */
}

/* ---------------------------------------------------- sf_total_exchange */

static void test_total_exchange_formula(void **state) {
  (void)state;
  static const uint32_t betas[] = {0, 2, 9};
  static const uint32_t ks[] = {1, 2, 5};
  for (unsigned d = 1; d <= 6; d++) {
    const uint32_t n = 1u << d;
    for (size_t ki = 0; ki < 3; ki++) {
      const uint32_t k = ks[ki];
      hc_sched_case c;
      assert_int_equal(hc_sf_total_exchange(d, k, &c), HC_OK);
      /* the optimum number of transmissions, d 2^(2d-1) */
      assert_int_equal(hc_sched_num_packets(c.sched),
                       hc_sf_total_exchange_transmissions(d));
      assert_int_equal(hc_sf_total_exchange_transmissions(d), (uint64_t)d << (2 * d - 1));
      for (size_t i = 0; i < hc_sched_num_packets(c.sched); i++) {
        hc_packet_info pi;
        hc_sched_packet(c.sched, i, &pi);
        assert_int_equal(pi.words, k); /* unit packets */
        assert_true(pi.seq < n / 2);   /* 2^(d-1) per link */
      }
      for (size_t bi = 0; bi < 3; bi++) {
        const uint32_t beta = betas[bi];
        hc_exec_result r;
        run(c.sched, beta, c.init, &r);
        uint64_t f = hc_sf_total_exchange_formula(d, k, beta);
        assert_int_equal(f, (uint64_t)(n / 2) * (beta + k));
        if (r.cycles != f)
          fail_msg("d=%u k=%u beta=%u: %llu cycles, formula %llu", d, k, beta,
                   (unsigned long long)r.cycles, (unsigned long long)f);
        assert_int_equal(r.packets, hc_sf_total_exchange_transmissions(d));
        assert_int_equal(hc_sf_total_exchange_lower(d, k, beta), f);
        /* 100% link utilisation */
        for (size_t L = 0; L < (size_t)n * d; L++) assert_int_equal(r.link_busy[L], f);
        uint32_t bn = 0, ba = 0;
        size_t bad = hc_sched_case_check(&c, r.mem, &bn, &ba);
        if (bad) fail_msg("d=%u k=%u: %zu words wrong, first node %u word %u", d, k,
                          bad, bn, ba);
        hc_exec_result_free(&r);
      }
      hc_sched_case_free(&c);
    }
  }
}

/*
** 002 §4, "Implementation of the optimal algorithm": in units 1..2^(m-1)
** node i sends over its m-th link (dimension m-1) its own packets for the
** nodes that differ from i in bit m-1 and in no higher bit, the one for
** i ^ e_m last; the order is the last column of the paper's m-th table (for
** i = 0; other nodes XOR it with i). The tables, as the paper builds them:
** table 1 is (e_1); table k keeps the columns of table k-1 and adds a column
** of the entries of table k-1 with bit k set, row by row from the top, left
** to right within a row, then e_k.
*/
static void test_total_exchange_tables(void **state) {
  (void)state;
  for (unsigned d = 1; d <= 6; d++) {
    const uint32_t n = 1u << d, k = 2;
    /* col[m][r]: row r of column m (0-based m = dimension) */
    uint32_t col[6][32];
    col[0][0] = 1;
    for (unsigned m = 1; m < d; m++) {
      unsigned len = 0;
      for (unsigned r = 0; r < (1u << (m - 1)); r++)
        for (unsigned l = 0; l < m; l++)
          if (r < (1u << l)) col[m][len++] = col[l][r] | (1u << m);
      col[m][len++] = 1u << m;
      assert_int_equal(len, 1u << m);
    }
    hc_sched_case c;
    assert_int_equal(hc_sf_total_exchange(d, k, &c), HC_OK);
    hc_sched *s = c.sched;
    /* position of every packet by (node, dim, seq) */
    size_t *at = malloc((size_t)n * d * (n / 2) * sizeof *at);
    for (size_t i = 0; i < hc_sched_num_packets(s); i++) {
      hc_packet_info pi;
      hc_sched_packet(s, i, &pi);
      at[((size_t)pi.node * d + pi.dim) * (n / 2) + pi.seq] = i;
    }
    for (uint32_t x = 0; x < n; x++)
      for (unsigned m = 0; m < d; m++)
        for (uint32_t r = 0; r < n / 2; r++) {
          hc_packet_info pi;
          hc_sched_packet(s, at[((size_t)x * d + m) * (n / 2) + r], &pi);
          int own = pi.gather[0].addr < n * k; /* from the node's own blocks */
          if (r < (1u << m)) {
            assert_true(own);
            assert_int_equal(pi.gather[0].addr / k, x ^ col[m][r]);
          } else {
            assert_false(own); /* afterwards it only forwards */
          }
        }
    free(at);
    hc_sched_case_free(&c);
  }
}

static void test_total_exchange_params(void **state) {
  (void)state;
  hc_sched_case c;
  assert_int_equal(hc_sf_total_exchange(3, 0, &c), HC_EPARAM);
  assert_null(c.sched);
  assert_int_equal(hc_sf_total_exchange(0, 1, &c), HC_EPARAM);
  assert_int_equal(hc_sf_total_exchange(HC_SF_MAX_D + 1, 1, &c), HC_EPARAM);
  assert_int_equal(hc_sf_total_exchange_unit(5), 1);
  assert_string_equal(hc_sf_algo_total_exchange.param, "K");
}


/* ------------------------------------------------------------ combining */

/* Node 0 of a 2-cube collects: node 1 adds its words 0..1 into node 0's own
** 0..1 (over dim 0), node 2 adds into them too (dim 1); node 3 ORs word 0
** into node 2's word 6 (not own: starts at 0), node 0 ORs word 1 into it
** too; node 2 adds 3 words (the third into node 0's word 2, not own);
** then node 0 sends its sums on to node 1 (a write into 4..5), which
** must wait for both contributions. */
static const char comb_text[] =
    "hcsched 1\n"
    "dim 2\n"
    "mem 8\n"
    "own 0: 0+2\n"
    "own 1: 0+2\n"
    "own 2: 0+3\n"
    "own 3: 0+2\n"
    "link 0 0 0: gather 0+2 -> scatter 4+2\n"
    "link 0 1 0: gather 1+1 -> or 6+1\n"
    "link 1 0 0: gather 0+2 -> add 0+2\n"
    "link 2 1 0: gather 0+3 -> add 0+3\n"
    "link 3 0 0: gather 0+1 -> or 6+1\n";

static void test_comb_format(void **state) {
  (void)state;
  hc_sched *s = parse_ok(comb_text);
  char *out = NULL;
  assert_int_equal(hc_sched_format(s, &out, NULL), HC_OK);
  assert_string_equal(out, comb_text);
  hc_packet_info pi;
  assert_int_equal(hc_sched_packet(s, find_pk(s, 1, 0, 0), &pi), HC_OK);
  assert_int_equal(pi.op, HC_SCHED_ADD);
  assert_int_equal(hc_sched_packet(s, find_pk(s, 3, 0, 0), &pi), HC_OK);
  assert_int_equal(pi.op, HC_SCHED_OR);
  assert_int_equal(hc_sched_packet(s, find_pk(s, 0, 0, 0), &pi), HC_OK);
  assert_int_equal(pi.op, HC_SCHED_WRITE);
  free(out);
  hc_sched_free(s);
  /* the API's op, and the parser's errors */
  assert_int_equal(hc_sched_new(1, 4, &s), HC_OK);
  assert_int_equal(hc_sched_begin_op(s, 0, 0, 3), HC_EPARAM);
  assert_int_equal(hc_sched_begin_op(s, 0, 0, HC_SCHED_OR), HC_OK);
  assert_int_equal(hc_sched_gather(s, 0, 1), HC_OK);
  assert_int_equal(hc_sched_scatter(s, 1, 1), HC_OK);
  assert_int_equal(hc_sched_end(s), HC_OK);
  assert_int_equal(hc_sched_format(s, &out, NULL), HC_OK);
  assert_non_null(strstr(out, "link 0 0 0: gather 0+1 -> or 1+1\n"));
  free(out);
  hc_sched_free(s);
  expect_syntax("hcsched 1\ndim 2\nmem 8\nlink 0 0 0: gather 0+1 -> max 0+1\n",
                HC_ESYNTAX, 4, "expected \"scatter\", \"add\" or \"or\"");
  expect_syntax("hcsched 1\ndim 2\nmem 8\nlink 0 0 0: gather 0+1 -> adder 0+1\n",
                HC_ESYNTAX, 4, "expected \"scatter\", \"add\" or \"or\"");
}

static void test_comb_validate(void **state) {
  (void)state;
  const char *hdr = "hcsched 1\ndim 2\nmem 8\nown 0: 0+2\nown 1: 0+2\nown 2: 0+2\n";
  char b[512];
  /* two ops into one word */
  snprintf(b, sizeof b, "%slink 1 0 0: gather 0+1 -> add 4+1\n"
                        "link 2 1 0: gather 0+1 -> or 4+1\n", hdr);
  expect_invalid(b, HC_EOVERLAP, 8, "combines into word 4 of node 0 with or, "
                                    "but link 1 0 0 (line 7) combines into it with add");
  /* a write into a combined word, either order */
  snprintf(b, sizeof b, "%slink 1 0 0: gather 0+1 -> add 4+1\n"
                        "link 2 1 0: gather 0+1 -> scatter 4+1\n", hdr);
  expect_invalid(b, HC_EOVERLAP, 8, "writes word 4 of node 0, which link 1 0 0 "
                                    "(line 7) combines into with add");
  snprintf(b, sizeof b, "%slink 2 1 0: gather 0+1 -> scatter 4+1\n"
                        "link 1 0 0: gather 0+1 -> add 4+1\n", hdr);
  expect_invalid(b, HC_EOVERLAP, 8, "combines into word 4 of node 0, which "
                                    "link 2 1 0 (line 7) writes");
  /* one incoming link twice, in two packets and in one */
  snprintf(b, sizeof b, "%slink 1 0 0: gather 0+1 -> add 4+1\n"
                        "link 1 0 1: gather 1+1 -> add 4+1\n", hdr);
  expect_invalid(b, HC_EOVERLAP, 8, "contributes to word 4 of node 0 over the "
                                    "same incoming link as link 1 0 0 (line 7)");
  snprintf(b, sizeof b, "%slink 1 0 0: gather 0+2 -> add 4+1,4+1\n", hdr);
  expect_invalid(b, HC_EOVERLAP, 7, "contributes to word 4 of node 0 twice");
  /* a word nobody brings is still unsourced; a combined one is sourced */
  snprintf(b, sizeof b, "%slink 0 0 0: gather 5+1 -> add 5+1\n", hdr);
  expect_invalid(b, HC_EUNSOURCED, 7, "sends word 5 of node 0");
  /* deadlock through a contribution: 0 waits for 1's contribution to its
  ** word 4, which waits for 0's contribution to 1's word 4 */
  snprintf(b, sizeof b, "%slink 0 0 0: gather 4+1 -> add 4+1\n"
                        "link 1 0 0: gather 4+1 -> add 4+1\n", hdr);
  expect_invalid(b, HC_EDEADLOCK, 7, "needs word 4 of node 0 from link 1 0 0");
}

/* The executor's sums, by hand; the thresholds count the contributors. */
static void test_comb_exec(void **state) {
  (void)state;
  hc_sched *s = parse_ok(comb_text);
  uint32_t init[4 * 8], need[2];
  for (uint32_t k = 0; k < 32; k++) init[k] = 0x1000u * (k / 8) + k % 8 + 1;
  init[2 * 8 + 6] = 0xDEADu; /* not own: a combined word starts at 0 */
  init[1 * 8 + 1] = 0xFFFFFFFFu; /* the sum wraps mod 2^32 */
  hc_exec_result r;
  run(s, 3, init, &r);
  /* beta 3: the contributions finish at 5 and 6; node 0's write starts at 6 */
  assert_int_equal(r.finish[find_pk(s, 1, 0, 0)], 5);
  assert_int_equal(r.finish[find_pk(s, 2, 1, 0)], 6);
  assert_int_equal(r.start[find_pk(s, 0, 0, 0)], 6);
  assert_int_equal(r.cycles, 11);
  assert_int_equal(hc_sched_need(s, find_pk(s, 0, 0, 0), need, NULL), HC_OK);
  assert_int_equal(need[0], 1);
  assert_int_equal(need[1], 1);
  const uint32_t w0 = 0x0001u + 0x1001u + 0x2001u;
  const uint32_t w1 = 0x0002u + 0xFFFFFFFFu + 0x2002u;
  assert_int_equal(r.mem[0], w0);
  assert_int_equal(r.mem[1], w1);
  assert_int_equal(r.mem[8 + 4], w0);
  assert_int_equal(r.mem[8 + 5], w1);
  assert_int_equal(r.mem[2], 0x2003u); /* not own: 0 + node 2's word 2 */
  assert_int_equal(r.mem[2 * 8 + 6], (0x3001u | 0x0002u));
  assert_int_equal(r.mem[1 * 8 + 0], 0x1001u); /* senders keep their words */
  hc_exec_result_free(&r);
  hc_sched_free(s);
}

int main(void) {
  const struct CMUnitTest format[] = {
      cmocka_unit_test(test_format_canonical),
      cmocka_unit_test(test_format_round_trip),
      cmocka_unit_test(test_format_free_form),
      cmocka_unit_test(test_format_file_io),
      cmocka_unit_test(test_format_nul_and_directory),
      cmocka_unit_test(test_format_algorithms),
      cmocka_unit_test(test_format_syntax_errors),
  };
  const struct CMUnitTest validate[] = {
      cmocka_unit_test(test_validate_good),
      cmocka_unit_test(test_validate_link),
      cmocka_unit_test(test_validate_range),
      cmocka_unit_test(test_validate_length),
      cmocka_unit_test(test_validate_seq),
      cmocka_unit_test(test_validate_overlap),
      cmocka_unit_test(test_validate_unsourced),
      cmocka_unit_test(test_validate_deadlock),
      cmocka_unit_test(test_validate_need),
  };
  const struct CMUnitTest exec[] = {
      cmocka_unit_test(test_exec_single),
      cmocka_unit_test(test_exec_store_and_forward),
      cmocka_unit_test(test_exec_links),
      cmocka_unit_test(test_exec_thresholds),
      cmocka_unit_test(test_exec_gather_scatter),
      cmocka_unit_test(test_exec_empty),
      cmocka_unit_test(test_exec_random),
  };
  const struct CMUnitTest comb[] = {
      cmocka_unit_test(test_comb_format),
      cmocka_unit_test(test_comb_validate),
      cmocka_unit_test(test_comb_exec),
  };
  const struct CMUnitTest broadcast2[] = {
      cmocka_unit_test(test_broadcast2_formula),
      cmocka_unit_test(test_broadcast2_params),
  };
  const struct CMUnitTest complete_exchange[] = {
      cmocka_unit_test(test_complete_exchange_formula),
      cmocka_unit_test(test_complete_exchange_params),
  };
  const struct CMUnitTest total_exchange[] = {
      cmocka_unit_test(test_total_exchange_formula),
      cmocka_unit_test(test_total_exchange_tables),
      cmocka_unit_test(test_total_exchange_params),
  };
  int fails = 0;
  fails += cmocka_run_group_tests_name("sched_format", format, NULL, NULL);
  fails += cmocka_run_group_tests_name("sched_validate", validate, NULL, NULL);
  fails += cmocka_run_group_tests_name("sched_exec", exec, NULL, NULL);
  fails += cmocka_run_group_tests_name("sched_combine", comb, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_broadcast2", broadcast2, NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_complete_exchange", complete_exchange,
                                       NULL, NULL);
  fails += cmocka_run_group_tests_name("sf_total_exchange", total_exchange, NULL,
                                       NULL);
  return fails ? 1 : 0;
}
