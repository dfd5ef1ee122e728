/*
** The translate filter's text for one channel value (tb/report/hc_flit_text.h):
** the flit's fields as docs/microarchitecture.md and the testbench driver
** lay them out. Only plain hexadecimal of the value's width is decoded, so
** what GTKWave never sends (a sign, a 0x prefix, a wider number) is shown
** as it came rather than as a made-up flit.
*/
#include "hc_flit_text.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The value of the hex digits line[0..len-1] if they fit in bits bits. */
static int hex_value(const char *line, size_t len, unsigned bits, uint64_t *v) {
  uint64_t x = 0;
  if (len == 0) return 0;
  for (size_t i = 0; i < len; i++) {
    const char c = line[i];
    const unsigned dg = c >= '0' && c <= '9' ? (unsigned)(c - '0')
                        : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                        : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10) : 16u;
    if (dg == 16u || (x >> (bits - 4)) != 0) return 0; /* bits <= 33: the shift is in range */
    x = x << 4 | dg;
  }
  if (x >> bits) return 0;
  *v = x;
  return 1;
}

size_t hc_flit_text(const char *line, size_t len, unsigned d, unsigned w, char *out, size_t size) {
  assert(d >= 1 && d <= 16 && w >= d && w <= 30 && size > 0);
  uint64_t v;
  int n;
  if (!hex_value(line, len, w + 3, &v)) { /* x, z or anything not plain hex: as is */
    n = snprintf(out, size, "%.*s", (int)(len < (size_t)1 << 30 ? len : (size_t)1 << 30), line);
  } else {
    const uint64_t payload = v & ((1ull << w) - 1);
    const unsigned kind = (unsigned)(v >> w) & 3u, valid = (unsigned)(v >> (w + 2)) & 1u;
    const uint64_t dmask = (1ull << d) - 1;
    if (!valid) {
      n = snprintf(out, size, "-");
    } else if (kind == 1 || kind == 3) {
      const unsigned long long seq = 2 * d < w ? payload >> (2 * d) : 0;
      n = snprintf(out, size, "%s %u->%u #%llu", kind == 1 ? "HEAD" : "SINGLE", (unsigned)((payload >> d) & dmask),
                   (unsigned)(payload & dmask), seq);
    } else {
      n = snprintf(out, size, "%s %llx", kind == 0 ? "body" : "TAIL", (unsigned long long)payload);
    }
  }
  return n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
}
