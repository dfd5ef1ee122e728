/*
** Fuzz harness of hcsim's command line (tb/hcsim/hcsim_opts.c): the input,
** split at its NUL bytes, is argv after "hcsim" (at most 64 arguments); the
** mode comes from --algo as in main (hcsim_algo_arg, hcsim_mode_for in
** hcsim_modes.c) and hcsim_parse runs on it in-process (it returns a status,
** main exits). Beyond not crashing: a refusal has a message; an accepted
** command line, its options re-written in the other order with every value
** as --name=VALUE (split from argv here, with the option table's names
** only), parses to the same options. The comparison is of the whole
** struct once the strings are compared by content: a new string field of
** hcsim_opts must be added to strs[] below.
*/
#include <stddef.h>

#include "hc_fuzz.h"
#include "hcsim.h"

#define MAX_ARGS 64

/* The string fields of hcsim_opts (they point into argv). */
static const size_t strs[] = {
    offsetof(hcsim_opts, json),  offsetof(hcsim_opts, waves),    offsetof(hcsim_opts, file),
    offsetof(hcsim_opts, algo),  offsetof(hcsim_opts, sched),    offsetof(hcsim_opts, perm),
    offsetof(hcsim_opts, lcc),   offsetof(hcsim_opts, lcc_a),    offsetof(hcsim_opts, lcc_b),
    offsetof(hcsim_opts, lcc_file), offsetof(hcsim_opts, remap), offsetof(hcsim_opts, lccs),
    offsetof(hcsim_opts, objective)};

static hcsim_parsed parse(int argc, char **argv, hcsim_opts *o) {
  int present;
  const char *algo = hcsim_algo_arg(argc, argv, &present);
  return hcsim_parse(argc, argv, hcsim_mode_for(present ? (algo ? algo : "") : NULL), o);
}

static int same_str(const char *a, const char *b) { return a == b || (a && b && strcmp(a, b) == 0); }

/* Whether x and y hold the same options; clears their string pointers. */
static int same_opts(hcsim_opts *x, hcsim_opts *y) {
  for (size_t i = 0; i < sizeof strs / sizeof *strs; i++) {
    const char **a = (const char **)((char *)x + strs[i]), **b = (const char **)((char *)y + strs[i]);
    if (!same_str(*a, *b)) return 0;
    *a = *b = NULL;
  }
  if (x->vl_argc != y->vl_argc) return 0;
  for (int i = 0; i < x->vl_argc; i++) {
    if (!same_str(x->vl_argv[i], y->vl_argv[i])) return 0;
    x->vl_argv[i] = y->vl_argv[i] = NULL;
  }
  return memcmp(x, y, sizeof *x) == 0;
}

/* The option an argument "--name..." names (HO_NUM: none). */
static hcsim_opt find(const char *a, int *has_arg) {
  const size_t nlen = strcspn(a + 2, "=");
  for (int k = 0; k < HO_NUM; k++) {
    const char *name = hcsim_opt_name((hcsim_opt)k, has_arg);
    if (strlen(name) == nlen && strncmp(name, a + 2, nlen) == 0) return (hcsim_opt)k;
  }
  return HO_NUM;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *argv[MAX_ARGS + 2], *argv2[MAX_ARGS + 2];
  int argc = 1;
  argv[0] = "hcsim";
  for (size_t i = 0; i <= size && argc <= MAX_ARGS;) { /* each argument in its own exact buffer */
    const uint8_t *z = memchr(data + i, '\0', size - i);
    const size_t len = z ? (size_t)(z - (data + i)) : size - i;
    argv[argc++] = hc_fuzz_text(data + i, len);
    i += len + 1;
  }
  argv[argc] = NULL;
  static hcsim_opts o, o2;
  const hcsim_parsed st = parse(argc, argv, &o);
  if (st == HCSIM_PARSED_BAD) HC_FUZZ_CHECK(o.refused && o.why[0] != '\0');
  else HC_FUZZ_CHECK(!o.refused);
  if (st == HCSIM_PARSED_RUN) {
    /* the options in the other order, values joined with '=' */
    int argc2 = argc, k = argc;
    argv2[0] = "hcsim";
    for (int i = 1; i < argc; i++) {
      int has_arg = 0;
      const char *a = argv[i];
      HC_FUZZ_CHECK(strncmp(a, "+verilator+", 11) == 0 || (strncmp(a, "--", 2) == 0 && find(a, &has_arg) < HO_NUM));
      if (has_arg && !strchr(a, '=')) { /* --name VALUE */
        HC_FUZZ_CHECK(i + 1 < argc);
        char *j = malloc(strlen(a) + strlen(argv[i + 1]) + 2);
        sprintf(j, "%s=%s", a, argv[++i]);
        argv2[--k] = j;
        argc2--;
      } else {
        argv2[--k] = strdup(a);
      }
    }
    /* the re-written arguments fill argv2[k..argc-1]: move them to 1.. */
    memmove(argv2 + 1, argv2 + k, (size_t)(argc - k) * sizeof *argv2);
    HC_FUZZ_CHECK(argc2 == 1 + argc - k);
    argv2[argc2] = NULL;
    /* Verilator's arguments keep their order among themselves (the first is reported first) */
    for (int i = 1, v = argc2 - 1; i < v; i++, v--) {
      while (i < v && strncmp(argv2[i], "+verilator+", 11) != 0) i++;
      while (i < v && strncmp(argv2[v], "+verilator+", 11) != 0) v--;
      if (i < v) {
        char *t = argv2[i];
        argv2[i] = argv2[v];
        argv2[v] = t;
      }
    }
    const hcsim_parsed st2 = parse(argc2, argv2, &o2);
    if (st2 != HCSIM_PARSED_RUN) fprintf(stderr, "fuzz: re-written, refused: %s\n", o2.why);
    HC_FUZZ_CHECK(st2 == HCSIM_PARSED_RUN);
    HC_FUZZ_CHECK(same_opts(&o, &o2));
    for (int i = 1; i < argc2; i++) free(argv2[i]);
  }
  for (int i = 1; i < argc; i++) free(argv[i]);
  return 0;
}
