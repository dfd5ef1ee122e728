/*
** Fuzz harness of the LCC-set list (hcsim --lccs, LCCS=NAME,NAME,...;
** hc_lcc_preset_list in algorithms/lcc.c). The first byte picks the cube
** (n = 1 + byte mod 24) and whether the run's own LCC (transpose) is
** skipped as hcsim skips it; the rest, up to a NUL (a command-line value
** holds none), is the list. Beyond not crashing: an accepted list, split at
** its commas here, has no empty name, and the set holds each name's preset
** in order (the skipped one left out); a refusal is one printable line.
*/
#include "hc_fuzz.h"
#include "lcc.h"

#define CAP 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  const int n = 1 + data[0] % 24;
  const char *skip = data[0] & 0x80 ? "transpose" : NULL;
  char *list = hc_fuzz_text(data + 1, size - 1), err[256];
  static hc_lcc set[CAP];
  int m = 0;
  if (hc_lcc_preset_list(list, n, skip, set, CAP, &m, err, sizeof err) != HC_OK) {
    HC_FUZZ_CHECK(hc_fuzz_message_ok(err));
    free(list);
    return 0;
  }
  int k = 0;
  for (char *p = list;; p++) {
    char *c = strchr(p, ',');
    if (c) *c = '\0';
    HC_FUZZ_CHECK(*p != '\0');
    if (!(skip && strcmp(p, skip) == 0)) {
      hc_lcc want;
      HC_FUZZ_CHECK(hc_lcc_preset(p, n, &want) == HC_OK);
      HC_FUZZ_CHECK(k < m && set[k].kind == want.kind && set[k].b == want.b && hc_gf2_equal(&set[k].A, &want.A));
      k++;
    }
    if (!c) break;
    p = c;
  }
  HC_FUZZ_CHECK(k == m);
  free(list);
  return 0;
}
