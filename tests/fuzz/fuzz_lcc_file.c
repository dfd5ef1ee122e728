/*
** Fuzz harness of the LCC file reader (hcsim --lcc-file, LCC_FILE=;
** hc_lcc_parse_file in algorithms/lcc.c): the rows of A and at most one
** "b <vector>" line, lines of any length. The first byte picks the
** expected dimension (n = byte mod 34, 0: A's) and the kind; the rest is
** the file. Beyond not crashing: an accepted file written back as A's rows
** with the b line first, and again with it last, reads to the same LCC; a
** refusal is one printable line, and the line it names is in the file.
*/
#include "hc_fuzz.h"
#include "lcc.h"

static int same_lcc(const hc_lcc *x, const hc_lcc *y) {
  return x->n == y->n && x->kind == y->kind && x->b == y->b && hc_gf2_equal(&x->A, &y->A);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  static const hc_lcc_kind kinds[4] = {HC_LCC_AUTO, HC_LCP, HC_LCG, HC_LCS};
  const int n = data[0] % 34;
  const hc_lcc_kind kind = kinds[(data[0] / 34) % 4];
  char *text = hc_fuzz_text(data + 1, size - 1); /* the reader takes a length: the NUL is not read */
  const size_t len = size - 1;
  unsigned long lines = 0, line;
  for (size_t i = 0; i < len; i++) lines += text[i] == '\n';
  lines += len > 0 && text[len - 1] != '\n';
  hc_lcc l, l2;
  char err[256];
  if (hc_lcc_parse_file(text, len, n, kind, &l, &line, err, sizeof err) != HC_OK) {
    HC_FUZZ_CHECK(hc_fuzz_message_ok(err));
    HC_FUZZ_CHECK(line <= lines);
  } else {
    HC_FUZZ_CHECK(hc_lcc_check(&l) == HC_OK);
    char a[HC_GF2_MAX * (HC_GF2_MAX + 1) + 1], b[HC_GF2_MAX + 1], f[sizeof a + sizeof b + 8];
    HC_FUZZ_CHECK(hc_gf2_format(&l.A, a, sizeof a) == HC_OK);
    HC_FUZZ_CHECK(hc_gf2_format_vec(l.b, l.n, b, sizeof b) == HC_OK);
    for (int last = 0; last < 2; last++) {
      const int k = last ? snprintf(f, sizeof f, "%sb %s\n", a, b) : snprintf(f, sizeof f, "b %s\n%s", b, a);
      HC_FUZZ_CHECK(hc_lcc_parse_file(f, (size_t)k, n, kind, &l2, &line, err, sizeof err) == HC_OK);
      HC_FUZZ_CHECK(same_lcc(&l, &l2));
    }
  }
  free(text);
  return 0;
}
