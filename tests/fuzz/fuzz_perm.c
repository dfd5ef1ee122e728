/*
** Fuzz harness of the PERM=file reader (hcsim --perm PATH for
** permuted_send; hc_sf_perm_parse in algorithms/sf_perm.c): 2^d node
** numbers, blanks and '#' comments. The first byte picks the cube, d = 1 +
** byte mod HC_SF_MAX_D; the rest is the file. Beyond not crashing: an
** accepted file is a permutation of the cube's nodes (checked here) and,
** written back one number a line, reads back to the same permutation; a
** refusal is one printable line.
*/
#include "hc_fuzz.h"
#include "hc_sf_algo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  const unsigned d = 1u + data[0] % HC_SF_MAX_D, nodes = 1u << d;
  char *text = hc_fuzz_text(data + 1, size - 1), why[256];
  static uint32_t perm[1u << HC_SF_MAX_D], perm2[1u << HC_SF_MAX_D];
  static unsigned char seen[1u << HC_SF_MAX_D];
  if (hc_sf_perm_parse(text, size - 1, d, perm, why, sizeof why) != HC_OK) {
    HC_FUZZ_CHECK(hc_fuzz_message_ok(why));
    free(text);
    return 0;
  }
  memset(seen, 0, nodes);
  char *out = malloc((size_t)nodes * 8 + 1);
  size_t len = 0;
  HC_FUZZ_CHECK(out != NULL);
  for (unsigned x = 0; x < nodes; x++) {
    HC_FUZZ_CHECK(perm[x] < nodes && !seen[perm[x]]);
    seen[perm[x]] = 1;
    len += (size_t)sprintf(out + len, "%u\n", (unsigned)perm[x]);
  }
  HC_FUZZ_CHECK(hc_sf_perm_parse(out, len, d, perm2, why, sizeof why) == HC_OK);
  HC_FUZZ_CHECK(memcmp(perm, perm2, nodes * sizeof *perm) == 0);
  free(out);
  free(text);
  return 0;
}
