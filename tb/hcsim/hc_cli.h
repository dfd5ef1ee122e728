/*
** Helpers shared by hcsim's front ends (synthetic traffic in tb/hcsim.c,
** algorithms in tb/hcsim_algo.c, linear-complement communication in
** tb/hcsim_lcc.c): bad input ends the program with one "hcsim: ..." line on
** stderr and exit status 2, never a crash or a silent default.
*/
#ifndef HC_CLI_H
#define HC_CLI_H

#include <stddef.h>

#include "hc_backend.h"

/* Print "hcsim: <message>" on stderr and exit with status 2. */
void hc_cli_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/*
** Read the option at argv[*i] of an --algo front end, "--key=value" or
** "--key value": its name goes to key (keylen bytes). The flags --quiet and
** --check-args take no value and return NULL; any other option returns its
** value, taking the next argument (and advancing *i) when there was no '='.
** Dies on an argument that is not an option and on a missing value.
*/
const char *hc_cli_opt(int argc, char **argv, int *i, char *key, size_t keylen);

/* Parse option opt's value s as a decimal integer in [lo, hi], or die. */
unsigned long hc_cli_num(const char *opt, const char *s, unsigned long lo, unsigned long hi);

/*
** Die unless backend sim can run cfg in this binary: rtl and both need RTL
** linked in (have_rtl) and built for exactly cfg (built).
*/
void hc_cli_check_backend(hc_sim sim, const hc_cfg *cfg, int have_rtl, const hc_cfg *built);

#endif /* HC_CLI_H */
