/*
** Fuzz harness of the schedule text format (ALGO=sched, hcsim --sched;
** hc_sched_parse in csim/sched/hc_sched_text.c), followed the way hcsim
** follows it: validation, then the reference executor. Beyond not
** crashing: a schedule that parses, written in the canonical text
** (hc_sched_format), parses again to the same canonical text; a refusal
** (of the parser or the validator) is one printable line; and for a valid
** schedule the executor's completion time equals the longest path of the
** packet dependency graph (hc_sched_critical_path, computed independently).
** Schedules over 2^16 words in all are parsed and written only: their
** validation's cost grows with the memory, as it does in hcsim.
*/
#include "hc_fuzz.h"
#include "hc_sched.h"

#define MAX_WORDS (1u << 16)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = hc_fuzz_text(data, size);
  hc_sched *s = NULL, *s2 = NULL;
  hc_sched_err err;
  int rc = hc_sched_parse(text, size, &s, &err);
  if (rc != HC_OK) {
    HC_FUZZ_CHECK(rc == HC_ESYNTAX || rc == HC_EPARAM || rc == HC_ERANGE || rc == HC_ELINK);
    HC_FUZZ_CHECK(hc_fuzz_message_ok(err.msg));
    free(text);
    return 0;
  }
  char *t1 = NULL, *t2 = NULL;
  size_t l1 = 0, l2 = 0;
  HC_FUZZ_CHECK(hc_sched_format(s, &t1, &l1) == HC_OK);
  rc = hc_sched_parse(t1, l1, &s2, &err);
  if (rc != HC_OK) fprintf(stderr, "fuzz: the canonical text does not parse: %s\n%s", err.msg, t1);
  HC_FUZZ_CHECK(rc == HC_OK);
  HC_FUZZ_CHECK(hc_sched_format(s2, &t2, &l2) == HC_OK);
  HC_FUZZ_CHECK(l1 == l2 && memcmp(t1, t2, l1) == 0);
  if ((uint64_t)hc_sched_nodes(s) * hc_sched_mem_words(s) <= MAX_WORDS) {
    rc = hc_sched_validate(s, &err);
    if (rc != HC_OK) {
      HC_FUZZ_CHECK(hc_fuzz_message_ok(err.msg));
    } else {
      hc_exec_result ex;
      uint64_t cp = 0;
      HC_FUZZ_CHECK(hc_sched_exec(s, 3, NULL, &ex, &err) == HC_OK);
      HC_FUZZ_CHECK(hc_sched_critical_path(s, 3, &cp, &err) == HC_OK);
      HC_FUZZ_CHECK(ex.cycles == cp);
      HC_FUZZ_CHECK(ex.packets == hc_sched_num_packets(s));
      hc_exec_result_free(&ex);
    }
  }
  free(t1);
  free(t2);
  hc_sched_free(s2);
  hc_sched_free(s);
  free(text);
  return 0;
}
