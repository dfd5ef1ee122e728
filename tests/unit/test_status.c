/*
** cmocka tests of the status table (csim/hc_status.h): every code has its
** own value, its own name and its own message, and the two readers agree
** with the table and say so plainly for a value outside it.
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

int main(void) {
  const struct CMUnitTest status[] = {
      cmocka_unit_test(values_names_and_messages_are_unique),
      cmocka_unit_test(readers_follow_the_table),
      cmocka_unit_test(unknown_values_are_named_as_such),
  };
  return cmocka_run_group_tests_name("status", status, NULL, NULL);
}
