/*
** Fuzz harness of the message-list reader (TRAFFIC=file, hcsim --file;
** hc_traffic_new_stream in tb/driver/hc_traffic.c). The first byte picks
** the cube, d = 1 + byte mod 20; the rest is the file, read from memory.
** Beyond not crashing: an accepted list holds only what the format allows
** (nodes in the cube, lengths 1..HC_TRAFFIC_MAX_LEN, cycles non-decreasing,
** line numbers increasing within the file) and, written back one message a
** line, reads back to the same messages; a refusal is one printable line
** naming a line of the file (or none).
*/
#include "hc_fuzz.h"
#include "hc_traffic.h"

/* Read text[0..len-1] as a message list of the d-cube. */
static int read_list(unsigned d, const char *text, size_t len, hc_traffic **t, hc_traffic_error *err) {
  FILE *f = len ? fmemopen((void *)text, len, "r") : fopen("/dev/null", "r");
  HC_FUZZ_CHECK(f != NULL);
  const int rc = hc_traffic_new_stream(d, f, t, err);
  fclose(f);
  return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  const unsigned d = 1u + data[0] % 20u;
  char *text = hc_fuzz_text(data + 1, size - 1);
  const size_t len = size - 1;
  size_t lines = 0;
  for (size_t i = 0; i < len; i++) lines += text[i] == '\n';
  lines += len > 0 && text[len - 1] != '\n';
  hc_traffic *t = NULL;
  hc_traffic_error err;
  const int rc = read_list(d, text, len, &t, &err);
  if (rc != HC_OK) {
    HC_FUZZ_CHECK(rc == HC_EFORMAT);
    HC_FUZZ_CHECK(hc_fuzz_message_ok(err.msg));
    HC_FUZZ_CHECK(err.line >= 1 && err.line <= lines);
    free(text);
    return 0;
  }
  uint64_t n;
  const hc_file_msg *m = hc_traffic_file_msgs(t, &n);
  HC_FUZZ_CHECK(n <= lines);
  /* the messages as the format allows them, and written back */
  char *out = malloc((size_t)n * 64 + 1);
  size_t olen = 0;
  HC_FUZZ_CHECK(out != NULL);
  for (uint64_t i = 0; i < n; i++) {
    HC_FUZZ_CHECK(m[i].src < (1u << d) && m[i].dest < (1u << d));
    HC_FUZZ_CHECK(m[i].len >= 1 && m[i].len <= HC_TRAFFIC_MAX_LEN);
    HC_FUZZ_CHECK(m[i].line >= 1 && m[i].line <= lines);
    HC_FUZZ_CHECK(i == 0 || (m[i].cycle >= m[i - 1].cycle && m[i].line > m[i - 1].line));
    olen += (size_t)sprintf(out + olen, "%llu %u %u %u\n", (unsigned long long)m[i].cycle, m[i].src, m[i].dest,
                            m[i].len);
  }
  hc_traffic *t2 = NULL;
  HC_FUZZ_CHECK(read_list(d, out, olen, &t2, &err) == HC_OK);
  uint64_t n2;
  const hc_file_msg *m2 = hc_traffic_file_msgs(t2, &n2);
  HC_FUZZ_CHECK(n2 == n);
  for (uint64_t i = 0; i < n; i++)
    HC_FUZZ_CHECK(m2[i].cycle == m[i].cycle && m2[i].src == m[i].src && m2[i].dest == m[i].dest &&
                  m2[i].len == m[i].len && m2[i].line == i + 1);
  hc_traffic_free(t2);
  hc_traffic_free(t);
  free(out);
  free(text);
  return 0;
}
