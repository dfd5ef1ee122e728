/*
** Fuzz harness of the LCC matrix and vector texts (hcsim --lcc-a, --lcc-b;
** hc_lcc_parse in algorithms/lcc.c over hc_gf2_parse and
** hc_gf2_parse_vec). The first byte picks the expected dimension (n = byte
** mod 34: 0 takes it from A, 33 is out of range) and the kind; the rest is
** A's text, then, after the first NUL byte if there is one, b's. Beyond
** not crashing: an accepted LCC satisfies hc_lcc_check, and A and b
** written back in the text forms (hc_gf2_format, hc_gf2_format_vec) parse
** to the same LCC; a refusal is one printable line.
*/
#include "hc_fuzz.h"
#include "lcc.h"

/* Whether two LCCs are the same: kind, A and b. */
static int same_lcc(const hc_lcc *x, const hc_lcc *y) {
  return x->n == y->n && x->kind == y->kind && x->b == y->b && hc_gf2_equal(&x->A, &y->A);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  static const hc_lcc_kind kinds[4] = {HC_LCC_AUTO, HC_LCP, HC_LCG, HC_LCS};
  const int n = data[0] % 34;
  const hc_lcc_kind kind = kinds[(data[0] / 34) % 4];
  char *text = hc_fuzz_text(data + 1, size - 1);
  const char *z = memchr(text, '\0', size - 1), *b = z ? z + 1 : NULL;
  hc_lcc l, l2;
  char err[256];
  int rc = hc_lcc_parse(text, b, n, kind, &l, err, sizeof err);
  if (rc != HC_OK) {
    HC_FUZZ_CHECK(hc_fuzz_message_ok(err));
  } else {
    HC_FUZZ_CHECK(hc_lcc_check(&l) == HC_OK);
    HC_FUZZ_CHECK(n == 0 || l.n == n);
    char a_text[HC_GF2_MAX * (HC_GF2_MAX + 1) + 1], b_text[HC_GF2_MAX + 1];
    HC_FUZZ_CHECK(hc_gf2_format(&l.A, a_text, sizeof a_text) == HC_OK);
    HC_FUZZ_CHECK(hc_gf2_format_vec(l.b, l.n, b_text, sizeof b_text) == HC_OK);
    HC_FUZZ_CHECK(hc_lcc_parse(a_text, b_text, n, kind, &l2, err, sizeof err) == HC_OK);
    HC_FUZZ_CHECK(same_lcc(&l, &l2));
  }
  free(text);
  return 0;
}
