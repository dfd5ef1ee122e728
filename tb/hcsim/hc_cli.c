/*
** Implementation of tb/hc_cli.h.
*/
#include "hc_cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hc_cli_die(const char *fmt, ...) {
  va_list ap;
  fputs("hcsim: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  exit(2);
}

const char *hc_cli_opt(int argc, char **argv, int *i, char *key, size_t keylen) {
  const char *a = argv[*i], *eq = strchr(a, '=');
  if (strncmp(a, "--", 2) != 0) hc_cli_die("unexpected argument '%s'", a);
  snprintf(key, keylen, "%.*s", eq ? (int)(eq - a) : (int)strlen(a), a);
  if (strcmp(key, "--quiet") == 0 || strcmp(key, "--check-args") == 0) return NULL;
  if (eq) return eq + 1;
  if (*i + 1 >= argc) hc_cli_die("%s needs a value", key);
  return argv[++*i];
}

unsigned long hc_cli_num(const char *opt, const char *s, unsigned long lo, unsigned long hi) {
  char *end;
  errno = 0;
  if (!s || !*s || *s == '-' || *s == '+' || *s == ' ') hc_cli_die("%s: '%s' is not a number", opt, s ? s : "");
  unsigned long v = strtoul(s, &end, 10);
  if (errno || *end) hc_cli_die("%s: '%s' is not a number", opt, s);
  if (v < lo || v > hi) hc_cli_die("%s: %lu is out of range %lu..%lu", opt, v, lo, hi);
  return v;
}

void hc_cli_check_backend(hc_sim sim, const hc_cfg *cfg, int have_rtl, const hc_cfg *built) {
  if (sim == HC_SIM_MODEL) return;
  if (!have_rtl)
    hc_cli_die("--sim %s: this hcsim has no RTL linked (built without Verilator); run make sim (which builds it) "
               "or use --sim model",
               hc_sim_name(sim));
  if (cfg->d != built->d || cfg->w != built->w || cfg->buf_depth != built->buf_depth ||
      cfg->inj_depth != built->inj_depth)
    hc_cli_die("RTL in this binary is built for D=%u W=%u B=%u I=%u; run make sim (which builds it) or use "
               "--sim model",
               built->d, built->w, built->buf_depth, built->inj_depth);
}
