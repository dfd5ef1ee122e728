/*
** GTKWave translate filter process for the network's channels: GTKWave
** writes one value per line (hexadecimal, as the save file asks) and reads
** one line of text back (hc_flit_text: "-" for an idle channel, the kind of
** a flit, and for a head the destination, the source and the message
** number as the testbench driver puts them into the head's payload). Lines
** of any length get one line back. Usage: hc_flit_filter D W (hcsim writes
** a wrapper script with both, since GTKWave passes no arguments).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hc_flit_text.h"

/* A decimal argument in lo..hi, or 0 when it is not one (lo >= 1). */
static unsigned arg(const char *s, unsigned lo, unsigned hi) {
  if (s[0] < '0' || s[0] > '9' || strlen(s) > 5) return 0;
  char *end;
  const unsigned long v = strtoul(s, &end, 10);
  return v >= lo && v <= hi && *end == '\0' ? (unsigned)v : 0;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "hc_flit_filter: usage: hc_flit_filter D W\n");
    return 2;
  }
  const unsigned d = arg(argv[1], 1, 16), w = arg(argv[2], 1, 30);
  if (d == 0 || w < d) {
    fprintf(stderr, "hc_flit_filter: D=%s W=%s out of range (1 <= D <= 16, D <= W <= 30)\n", argv[1], argv[2]);
    return 2;
  }
  char *line = NULL, text[256];
  size_t cap = 0;
  ssize_t len;
  while ((len = getline(&line, &cap, stdin)) >= 0) {
    size_t n = (size_t)len;
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) n--;
    hc_flit_text(line, n, d, w, text, sizeof text);
    text[strcspn(text, "\r\n")] = '\0'; /* one line back, whatever came */
    printf("%s\n", text);
    fflush(stdout);
  }
  free(line);
  return 0;
}
