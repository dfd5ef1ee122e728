/*
** The text GTKWave's translate filter shows for one channel value
** (tb/report/hc_flit_filter.c): apart from the program, so that a test and
** the fuzz harness (tests/fuzz/fuzz_flit.c) call it in-process.
*/
#ifndef HC_FLIT_TEXT_H
#define HC_FLIT_TEXT_H

#include <stddef.h>

/*
** The text for the channel value line (len bytes, without its newline) of a
** d-cube with w-bit payloads (1 <= d <= 16, d <= w <= 30) into out (size
** bytes, NUL-terminated, truncated to fit): a value is {valid, kind[1:0],
** payload[w-1:0]} in plain hexadecimal digits (no sign, blank or 0x), at
** most w + 3 bits. "-" for an idle channel; "HEAD src->dest #seq" or
** "SINGLE src->dest #seq" for a head (dest in payload bits [d-1:0], src in
** [2d-1:d], seq above, as tb/driver/hc_driver.c puts them); "body P" and
** "TAIL P" with the payload in hex. Anything else (x, z, a wider value) is
** shown as it is. Returns the length of the text.
*/
size_t hc_flit_text(const char *line, size_t len, unsigned d, unsigned w, char *out, size_t size);

#endif /* HC_FLIT_TEXT_H */
