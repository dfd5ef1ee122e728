/*
** What the fuzz harnesses of tests/fuzz/ share: a check that stops the run
** (abort: libFuzzer and the replay driver both report it as a finding, with
** the input), a NUL-terminated copy of an input, and the test of a refusal's
** message. Each harness is one file fuzz_<input>.c defining
** LLVMFuzzerTestOneInput; make fuzz links it with libFuzzer, make test with
** replay.c (every file of its corpus and regressions, once).
*/
#ifndef HC_FUZZ_H
#define HC_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A property the harness checks beyond "no crash": abort when it fails. */
#define HC_FUZZ_CHECK(cond)                                                                    \
  do {                                                                                         \
    if (!(cond)) {                                                                             \
      fprintf(stderr, "fuzz: property failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__);     \
      abort();                                                                                 \
    }                                                                                          \
  } while (0)

/* data[0..size-1] in a new buffer of exactly size + 1 bytes with a NUL at
** the end (ASan then catches a read past the input); never NULL. */
static inline char *hc_fuzz_text(const uint8_t *data, size_t size) {
  char *t = malloc(size + 1);
  HC_FUZZ_CHECK(t != NULL);
  if (size) memcpy(t, data, size);
  t[size] = '\0';
  return t;
}

/* Whether a refusal's message is one printable line: not empty, and no
** control byte (messages quote the input through hc_printable). */
static inline int hc_fuzz_message_ok(const char *msg) {
  if (msg[0] == '\0') return 0;
  for (const unsigned char *p = (const unsigned char *)msg; *p; p++)
    if (*p < 0x20 || *p == 0x7f) return 0;
  return 1;
}

#endif /* HC_FUZZ_H */
