/*
** Fuzz harness of the netrace reader (hcsim --traffic netrace;
** hc_netrace_read_stream in tb/driver/hc_netrace.c) on the decompressed
** stream: bzip2 is not ours, and what it checks (CRCs) would turn most
** mutations away before the format is reached. The first byte picks the
** replay: region (byte mod 4) - 1, so the whole trace or region 0..2;
** dependencies honoured when bit 2 is set; the flit size from the bits
** above it. The rest is the stream, read from memory. Beyond not crashing:
** an accepted trace holds only what the format allows (nodes 1..255, every
** packet's src and dst below them and a type with a size, cycles
** non-decreasing, no more packets than the header says), and its
** dependencies point forward within the replay, their count the waits;
** a refusal is HC_EFORMAT or HC_EPARAM (a region it does not have) with
** one printable line.
*/
#include "hc_fuzz.h"
#include "hc_netrace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  const hc_netrace_cfg cfg = {(int)(data[0] % 4u) - 1, (data[0] >> 2) & 1u, 1u + (data[0] >> 3), 0};
  char *bytes = hc_fuzz_text(data + 1, size - 1);
  FILE *f = size > 1 ? fmemopen(bytes, size - 1, "r") : fopen("/dev/null", "r");
  HC_FUZZ_CHECK(f != NULL);
  hc_netrace *nt = NULL;
  hc_netrace_error err;
  const int rc = hc_netrace_read_stream(f, &cfg, &nt, &err);
  fclose(f);
  free(bytes);
  if (rc != HC_OK) {
    HC_FUZZ_CHECK(rc == HC_EFORMAT || rc == HC_EPARAM);
    HC_FUZZ_CHECK(hc_fuzz_message_ok(err.msg));
    return 0;
  }
  const hc_nt_header *h = hc_netrace_header(nt);
  HC_FUZZ_CHECK(h->nodes >= 1 && h->nodes <= 255 && h->nregions <= HC_NT_MAX_REGIONS);
  uint64_t n, edges, unmatched, kids = 0;
  const hc_nt_packet *p = hc_netrace_packets(nt, &n);
  HC_FUZZ_CHECK(n <= h->packets);
  for (uint64_t k = 0; k < n; k++) {
    HC_FUZZ_CHECK(p[k].src < h->nodes && p[k].dst < h->nodes);
    HC_FUZZ_CHECK(hc_netrace_type_bytes(p[k].type) > 0);
    HC_FUZZ_CHECK(hc_netrace_type_flits(p[k].type, cfg.flit_bytes) >= 1);
    HC_FUZZ_CHECK(k == 0 || p[k].cycle >= p[k - 1].cycle);
    unsigned nk;
    const uint32_t *kid = hc_netrace_kids(nt, k, &nk);
    HC_FUZZ_CHECK(nk <= p[k].ndeps && (cfg.deps || nk == 0));
    for (unsigned j = 0; j < nk; j++) HC_FUZZ_CHECK(kid[j] > k && kid[j] < n);
    kids += nk;
  }
  hc_netrace_dep_counts(nt, &edges, &unmatched);
  HC_FUZZ_CHECK(edges == kids);
  hc_netrace_free(nt);
  return 0;
}
