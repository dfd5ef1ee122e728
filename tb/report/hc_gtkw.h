/*
** GTKWave save files for the network's waveforms: beside every FST that
** hcsim writes, a .gtkw that opens on the step number, the network's idle
** output, and for every link its channel (through the flit translate
** filter, tb/report/hc_flit_filter.c), busy and blocked signals, then every
** ejection port.
*/
#ifndef HC_GTKW_H
#define HC_GTKW_H

#include <stddef.h>

#include "hc_model.h"

/*
** Write the save file for an FST of the network of cfg: gtkw_path is
** created, filter_bin (the built hc_flit_filter; may be NULL) is wrapped in
** a script beside it that passes D and W. Returns 0, or -1 if a file could
** not be written (errno says why).
*/
int hc_gtkw_write(const char *gtkw_path, const char *fst_path, const hc_cfg *cfg,
                  const char *filter_bin);

/*
** Write the save file beside fst_path (its name with .gtkw for .fst) using
** the filter named by $HC_FLIT_FILTER or build/bin/hc_flit_filter. Stores
** the save file's path in out (size bytes). Returns 0 or -1 (errno).
*/
int hc_gtkw_beside(const char *fst_path, const hc_cfg *cfg, char *out, size_t size);

#endif /* HC_GTKW_H */
