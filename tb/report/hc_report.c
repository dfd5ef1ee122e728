/*
** Implementation of tb/report/hc_report.h.
*/
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
