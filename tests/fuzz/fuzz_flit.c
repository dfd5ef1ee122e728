/*
** Fuzz harness of the GTKWave translate filter's decoding
** (tb/report/hc_flit_filter.c; hc_flit_text in tb/report/hc_flit_text.c):
** one channel value a line, as GTKWave writes it. The first two bytes pick
** the cube and the payload width (d = 1 + byte mod 16, w = d .. 30); the
** rest is the line. Beyond not crashing: a line of
** hexadecimal digits of at most w + 3 bits is decoded, and the fields
** shown, encoded again here from the layout {valid, kind[1:0],
** payload[w-1:0]} (a head's payload: dest, src above it, the sequence
** number above both), give the value back; anything else is shown as it
** came.
*/
#include "hc_flit_text.h"
#include "hc_fuzz.h"

/* The value of a line of hex digits, if it is one of at most bits bits. */
static int plain_hex(const char *s, size_t len, unsigned bits, unsigned long long *v) {
  if (len == 0 || strspn(s, "0123456789abcdefABCDEF") != len) return 0;
  size_t k = 0;
  while (k + 1 < len && s[k] == '0') k++; /* leading zeros */
  if ((len - k) * 4 > bits + 3) return 0;
  char *end;
  *v = strtoull(s + k, &end, 16);
  return (*v >> bits) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2) return 0;
  const unsigned d = 1u + data[0] % 16u, w = d + data[1] % (31u - d);
  char *line = hc_fuzz_text(data + 2, size - 2), out[256];
  const size_t len = size - 2;
  const size_t n = hc_flit_text(line, len, d, w, out, sizeof out);
  HC_FUZZ_CHECK(n == strlen(out));
  unsigned long long v, payload;
  unsigned src, dest, kind = 4;
  char tail[8];
  if (!plain_hex(line, len, w + 3, &v)) {
    /* as it came (up to the buffer): a line without a NUL or newline is shown whole */
    HC_FUZZ_CHECK(memcmp(out, line, n) == 0 && (n == len || n == sizeof out - 1 || memchr(line, '\0', len)));
  } else if (strcmp(out, "-") == 0) {
    HC_FUZZ_CHECK(((v >> (w + 2)) & 1) == 0);
  } else {
    unsigned long long seq = 0;
    if (sscanf(out, "HEAD %u->%u #%llu%7s", &src, &dest, &seq, tail) == 3) kind = 1;
    else if (sscanf(out, "SINGLE %u->%u #%llu%7s", &src, &dest, &seq, tail) == 3) kind = 3;
    else if (sscanf(out, "body %llx%7s", &payload, tail) == 1) kind = 0;
    else if (sscanf(out, "TAIL %llx%7s", &payload, tail) == 1) kind = 2;
    HC_FUZZ_CHECK(kind < 4);
    if (kind == 1 || kind == 3) {
      HC_FUZZ_CHECK(src < (1u << d) && dest < (1u << d));
      payload = dest | (unsigned long long)src << d | seq << (2 * d < 64 ? 2 * d : 0);
    }
    HC_FUZZ_CHECK((1ull << (w + 2) | (unsigned long long)kind << w | payload) == v);
  }
  free(line);
  return 0;
}
