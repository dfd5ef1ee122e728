/*
** Implementation of tb/report/hc_gtkw.h. GTKWave's save-file syntax: "@flags" sets
** the display flags of the traces that follow (0x22 hexadecimal,
** right-justified; 0x28 binary; 0x24 decimal; 0x4000 translated by a
** process filter, named on a "^>1 path" line), "-text" is a comment row.
*/
#define _XOPEN_SOURCE 700 /* realpath */

#include "hc_gtkw.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int hc_gtkw_write(const char *gtkw_path, const char *fst_path, const hc_cfg *cfg,
                  const char *filter_bin) {
  char script[PATH_MAX + 64] = "", abs_fst[PATH_MAX], abs_filter[PATH_MAX];
  const unsigned d = cfg->d, n = 1u << d, fw = cfg->w + 2;
  if (!realpath(fst_path, abs_fst)) snprintf(abs_fst, sizeof abs_fst, "%s", fst_path);
  if (filter_bin && realpath(filter_bin, abs_filter)) {
    /* GTKWave runs a filter without arguments: wrap D and W in a script. */
    snprintf(script, sizeof script, "%s.filter.sh", gtkw_path);
    FILE *s = fopen(script, "w");
    if (!s) return -1;
    fprintf(s, "#!/bin/sh\n# GTKWave flit filter for D=%u W=%u (written by hcsim)\nexec '%s' %u %u\n", d,
            cfg->w, abs_filter, d, cfg->w);
    if (fclose(s) != 0 || chmod(script, 0755) != 0) return -1;
    char abs_script[PATH_MAX];
    if (realpath(script, abs_script)) snprintf(script, sizeof script, "%s", abs_script);
  }
  FILE *f = fopen(gtkw_path, "w");
  if (!f) return -1;
  fprintf(f, "[*] hcsim waveform view: d=%u, w=%u, buf=%u, inj=%u\n", d, cfg->w, cfg->buf_depth,
          cfg->inj_depth);
  fprintf(f, "[dumpfile] \"%s\"\n[timestart] 0\n[size] 1400 900\n[sst_width] 250\n[signals_width] 300\n", abs_fst);
  fprintf(f, "@28\ntb.hc_network.clk_i\ntb.hc_network.idle_o\n@24\ntb.hc_network.step_o[15:0]\n");
  for (unsigned x = 0; x < n; x++) {
    for (unsigned i = 0; i < d; i++) {
      fprintf(f, "@200\n-link %u -> %u (node %u, dim %u)\n", x, x ^ (1u << i), x, i);
      if (script[0]) fprintf(f, "@4022\n^>1 %s\n", script);
      else fprintf(f, "@22\n");
      fprintf(f, "tb.hc_network.gen_node[%u].gen_link[%u].chan[%u:0]\n", x, i, fw);
      fprintf(f, "@28\ntb.hc_network.gen_node[%u].gen_link[%u].busy\n", x, i);
      fprintf(f, "tb.hc_network.gen_node[%u].gen_link[%u].blocked\n", x, i);
    }
  }
  fprintf(f, "@200\n-ejection ports\n");
  for (unsigned x = 0; x < n; x++) {
    if (script[0]) fprintf(f, "@4022\n^>1 %s\n", script);
    else fprintf(f, "@22\n");
    fprintf(f, "tb.hc_network.gen_node[%u].eject[%u:0]\n", x, fw);
  }
  /* Mode 3 (circuit switching) sets a path up before its data move: the
  ** probe leaving each link and the acknowledgement coming back show where
  ** a set-up waits (bit i is dimension i; zero in the other modes). */
  fprintf(f, "@200\n-circuit set-up (mode 3): probes out, acknowledgements\n@22\n");
  for (unsigned x = 0; x < n; x++) {
    fprintf(f, "tb.hc_network.gen_node[%u].pout_valid[%u:0]\n", x, d - 1);
    fprintf(f, "tb.hc_network.gen_node[%u].ack[%u:0]\n", x, d);
  }
  return fclose(f) == 0 ? 0 : -1;
}

int hc_gtkw_beside(const char *fst_path, const hc_cfg *cfg, char *out, size_t size) {
  size_t len = strlen(fst_path);
  if (len > 4 && strcmp(fst_path + len - 4, ".fst") == 0) len -= 4;
  snprintf(out, size, "%.*s.gtkw", (int)len, fst_path);
  const char *filter = getenv("HC_FLIT_FILTER");
  if (!filter) filter = "build/bin/hc_flit_filter";
  return hc_gtkw_write(out, fst_path, cfg, filter);
}
