/*
** Implementation of tb/report/hc_report.h.
*/
#include <inttypes.h>

#include "hc_report.h"

#include <math.h>

const char *hc_report_lockstep(hc_sim sim, const hc_mismatch *mm) {
  return sim == HC_SIM_BOTH ? (mm ? "mismatch" : "match") : "n/a";
}

void hc_report_mismatch(FILE *f, int width, const hc_mismatch *mm) {
  fprintf(f, "%-*s cycle %llu node %u %s: model 0x%x rtl 0x%x\n", width, "mismatch",
          (unsigned long long)mm->cycle, mm->node, mm->where, mm->expected, mm->actual);
}

void hc_json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\')
      fprintf(f, "\\%c", *p);
    else if (*p < 0x20)
      fprintf(f, "\\u%04x", *p);
    else
      fputc(*p, f);
  }
  fputc('"', f);
}

void hc_json_num(FILE *f, double v) {
  if (isfinite(v))
    fprintf(f, "%.10g", v);
  else
    fputs("null", f);
}

void hc_json_u64s(FILE *f, const uint64_t *v, int n) {
  fputc('[', f);
  for (int i = 0; i < n; i++) fprintf(f, "%s%llu", i ? ", " : "", (unsigned long long)v[i]);
  fputc(']', f);
}

static const char *const cnt_json[HC_CNT_NUM] = {"flits", "messages", "busy_cycles", "blocked_cycles",
                                                 "max_waiting"};

/* Every directed link's counters (node-major), or every ejection port's. */
static void json_ports(FILE *f, hc_driver *drv, unsigned d, int eject) {
  for (unsigned x = 0; x < (1u << d); x++) {
    for (unsigned i = 0; i < (eject ? 1u : d); i++) {
      const unsigned port = eject ? d : i;
      fprintf(f, "%s\n    {\"node\": %u, ", (x == 0 && i == 0) ? "" : ",", x);
      if (!eject) fprintf(f, "\"dim\": %u, ", i);
      for (unsigned id = 0; id < HC_CNT_NUM; id++)
        fprintf(f, "\"%s\": %" PRIu32 "%s", cnt_json[id], hc_driver_counter(drv, x, port, id),
                id + 1 < HC_CNT_NUM ? ", " : "}");
    }
  }
}

void hc_json_counters(FILE *f, hc_driver *drv, unsigned d) {
  fputs("  \"channels\": [", f);
  json_ports(f, drv, d, 0);
  fputs("\n  ],\n  \"eject\": [", f);
  json_ports(f, drv, d, 1);
  fputs("\n  ]", f);
}
