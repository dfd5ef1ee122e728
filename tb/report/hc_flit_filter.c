/*
** GTKWave translate filter process for the network's channels: GTKWave
** writes one value per line (hexadecimal, as the save file asks) and reads
** one line of text back. A value is {valid, kind[1:0], payload[W-1:0]} as in
** docs/microarchitecture.md; the filter prints "-" for an idle channel and
** for a flit its kind, and for a head the destination, the source and the
** message number as the testbench driver (tb/driver/hc_driver.c) puts them into
** the head's payload: dest in bits [D-1:0], src in [2D-1:D], the low bits of
** the message's sequence number above. Usage: hc_flit_filter D W (hcsim
** writes a wrapper script with both, since GTKWave passes no arguments).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "hc_flit_filter: usage: hc_flit_filter D W\n");
    return 2;
  }
  const unsigned d = (unsigned)atoi(argv[1]), w = (unsigned)atoi(argv[2]);
  if (d < 1 || d > 16 || w < d || w > 30) {
    fprintf(stderr, "hc_flit_filter: D=%s W=%s out of range\n", argv[1], argv[2]);
    return 2;
  }
  char line[256];
  while (fgets(line, sizeof line, stdin)) {
    char *end;
    line[strcspn(line, "\r\n")] = 0;
    unsigned long long v = strtoull(line, &end, 16);
    if (!line[0] || *end) { /* x, z or anything not plain hex: show as is */
      printf("%s\n", line);
      fflush(stdout);
      continue;
    }
    const unsigned long long payload = v & ((1ull << w) - 1);
    const unsigned kind = (unsigned)(v >> w) & 3u, valid = (unsigned)(v >> (w + 2)) & 1u;
    const unsigned dmask = (1u << d) - 1;
    if (!valid) {
      printf("-\n");
    } else if (kind == 1 || kind == 3) {
      unsigned dest = (unsigned)payload & dmask;
      unsigned src = (unsigned)(payload >> d) & dmask;
      unsigned long long seq = 2 * d < w ? payload >> (2 * d) : 0;
      printf("%s %u->%u #%llu\n", kind == 1 ? "HEAD" : "SINGLE", src, dest, seq);
    } else {
      printf("%s %llx\n", kind == 0 ? "body" : "TAIL", payload);
    }
    fflush(stdout);
  }
  return 0;
}
