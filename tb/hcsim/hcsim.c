/*
** hcsim's main (tb/hcsim/hcsim.h): the mode comes from --algo (none:
** synthetic traffic), the command line is parsed once against the options
** of that mode (hcsim_opts.c, which returns what to do), and the mode's
** entry from the dispatch table (hcsim_modes.c) runs. Usage and reports:
** docs/hcsim.md (traffic), docs/algorithms.md (one page per paper),
** docs/lcc.md and docs/store_and_forward.md (the --algo modes).
*/
#include "hcsim.h"

int main(int argc, char **argv) {
  int present;
  const char *algo = hcsim_algo_arg(argc, argv, &present);
  const hcsim_mode *mode = hcsim_mode_for(present ? (algo ? algo : "") : NULL);
  static hcsim_opts o; /* its refusal message is 4 KiB */
  switch (hcsim_parse(argc, argv, mode, &o)) {
    case HCSIM_PARSED_RUN: break;
    case HCSIM_PARSED_HELP: hcsim_print_help(); return fflush(stdout) != 0;
    case HCSIM_PARSED_ROUTINGS: hcsim_print_routings(); return fflush(stdout) != 0;
    case HCSIM_PARSED_BAD: hcsim_die("%s", o.why);
  }
  int status = mode->run(&o);
  if (fflush(stdout) != 0) status = HCSIM_EXIT_CHECK;
  return status;
}
