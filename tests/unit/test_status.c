/*
** cmocka tests of the status table (csim/hc_status.h): every code has its
** own value, its own name and its own message, and the two readers agree
** with the table and say so plainly for a value outside it. And
** hc_printable(), which makes quoted text safe to print in a message.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hc_status.h"

typedef struct row {
  int value;
  const char *name;
  const char *msg;
} row;

static const row table[] = {
#define ROW(name, value, msg) {value, #name, msg},
    HC_STATUS_TABLE(ROW)
#undef ROW
};
enum { NROWS = sizeof table / sizeof table[0] };

static void values_names_and_messages_are_unique(void **state) {
  (void)state;
  for (int i = 0; i < NROWS; i++) {
    assert_true(table[i].msg[0] != '\0');
    for (int j = i + 1; j < NROWS; j++) {
      assert_int_not_equal(table[i].value, table[j].value);
      assert_string_not_equal(table[i].name, table[j].name);
      assert_string_not_equal(table[i].msg, table[j].msg);
    }
  }
}

static void readers_follow_the_table(void **state) {
  (void)state;
  for (int i = 0; i < NROWS; i++) {
    assert_string_equal(hc_strerror(table[i].value), table[i].msg);
    assert_string_equal(hc_status_name(table[i].value), table[i].name);
  }
  assert_int_equal(HC_OK, 0);
  assert_string_equal(hc_status_name(HC_EDEADLOCK), "HC_EDEADLOCK");
}

static void unknown_values_are_named_as_such(void **state) {
  (void)state;
  assert_string_equal(hc_strerror(-1), "unknown status");
  assert_string_equal(hc_strerror(12345), "unknown status");
  assert_string_equal(hc_status_name(-1), "HC_?");
}

/* hc_printable of the n bytes at s into a buffer of size bytes. */
static const char *printable(const char *s, size_t n, size_t size) {
  static char out[256];
  memset(out, 'Z', sizeof out);
  return hc_printable(out, size, s, n);
}

static void printable_keeps_text(void **state) {
  (void)state;
  assert_string_equal(printable("0 0 1 4", 7, 64), "0 0 1 4");
  assert_string_equal(printable("a\\b", 3, 64), "a\\b"); /* backslashes kept: idempotent */
  assert_string_equal(printable("\xc3\xa9t\xc3\xa9 \xe2\x82\xac", 9, 64), "\xc3\xa9t\xc3\xa9 \xe2\x82\xac");
  assert_string_equal(printable("", 0, 64), "");
}

static void printable_escapes_bytes(void **state) {
  (void)state;
  assert_string_equal(printable("1\0x", 3, 64), "1\\x00x");               /* NUL */
  assert_string_equal(printable("\x1b[31m", 5, 64), "\\x1B[31m");        /* an escape sequence */
  assert_string_equal(printable("a\tb\nc\r", 6, 64), "a\\tb\\nc\\r");
  assert_string_equal(printable("\x7f\xff\xfe", 3, 64), "\\x7F\\xFF\\xFE"); /* DEL, not UTF-8 */
  assert_string_equal(printable("\xc2\x85", 2, 64), "\\xC2\\x85");      /* a C1 control */
  assert_string_equal(printable("\xc0\xaf", 2, 64), "\\xC0\\xAF");      /* overlong */
  assert_string_equal(printable("\xed\xa0\x80", 3, 64), "\\xED\\xA0\\x80"); /* a surrogate */
  assert_string_equal(printable("\xe2\x82", 2, 64), "\\xE2\\x82");      /* cut short */
}

static void printable_truncates_whole(void **state) {
  (void)state;
  assert_string_equal(printable("abcdefghij", 10, 8), "abcd...");
  assert_string_equal(printable("\x01\x02\x03", 3, 10), "\\x01...");
  assert_string_equal(printable("abc", 3, 4), "abc");
  assert_string_equal(printable("abc", 3, 1), "");
  assert_string_equal(printable("abcd", 4, 4), "...");
}

int main(void) {
  const struct CMUnitTest status[] = {
      cmocka_unit_test(values_names_and_messages_are_unique),
      cmocka_unit_test(readers_follow_the_table),
      cmocka_unit_test(unknown_values_are_named_as_such),
      cmocka_unit_test(printable_keeps_text),
      cmocka_unit_test(printable_escapes_bytes),
      cmocka_unit_test(printable_truncates_whole),
  };
  return cmocka_run_group_tests_name("status", status, NULL, NULL);
}
