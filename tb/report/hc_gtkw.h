/*
** GTKWave save files for the network's waveforms (docs/hcsim.md, "The
** waveform view"): beside every FST that hcsim writes, a .gtkw that opens
** zoomed to the whole run, its time axis in cycles, and a flit translate
** file that decodes every channel value the run showed. The view puts the
** contention first: per dimension the links busy, the heads waiting and the
** blocked cycles as they grow (analog traces, the hottest dimension first),
** then a group per dimension with its links in the order of their blocked
** cycles (the channel counters at the end of the run), each with its flit,
** waiting heads, busy, blocked and running blocked count; links never busy,
** the ejection ports and the circuit set-up signals in closed groups. The
** save file names the waveform and the translate file without a directory,
** so the three files can be moved together.
*/
#ifndef HC_GTKW_H
#define HC_GTKW_H

#include <stddef.h>
#include <stdint.h>

#include "hc_model.h"

/* What a view is made from. Before the run (counters NULL) it lists the
** links in node order; after it, from the run's own counters. */
typedef struct hc_gtkw_run {
  const hc_cfg *cfg;
  uint64_t end;        /* the waveform's last time (hc_backend_wave_time); 0: not known.
                       ** The view shows end + 1 cycles: the last sample is at end. */
  /* per link x*d + i, the channel counters at the end (NULL: before the run) */
  const uint32_t *busy, *blocked, *max_waiting, *flits;
  int peak;           /* the marker's cycle is known (hc_backend_wave_peak): */
  uint64_t peak_time;  /* the first cycle with the most links blocked, then busy */
  unsigned peak_blocked; /* how many blocked */
  /* the channel values the waveform holds ({valid, flit}, hc_backend_wave_values),
  ** translated in the translate file; complete: none missing */
  const uint64_t *values;
  size_t nvalues;
  int complete;
} hc_gtkw_run;

/* The window the save file asks for, and its signal column: the view's
** zoom fits the run into what is left of the width (hc_gtkw_zoom). */
#define HC_GTKW_WIDTH 1600
#define HC_GTKW_HEIGHT 1000
#define HC_GTKW_SST_WIDTH 100
#define HC_GTKW_SIGNALS_WIDTH 500
#define HC_GTKW_WAVE_PX (HC_GTKW_WIDTH - HC_GTKW_SST_WIDTH - HC_GTKW_SIGNALS_WIDTH - 40)

/*
** GTKWave's zoom (2^-zoom time units in 200 pixels) that shows end cycles
** in px pixels, rounded down to a tenth so the whole run fits.
*/
double hc_gtkw_zoom(uint64_t end, unsigned px);

/*
** Write the save file gtkw_path for the waveform fst_path of run, and the
** translate file beside it (fst_path's name with .flits.txt for .fst). The
** save file names both by their base names: they must be in its directory.
** Returns 0, or -1 if a file could not be written (errno says why).
*/
int hc_gtkw_write(const char *gtkw_path, const char *fst_path, const hc_gtkw_run *run);

/*
** hc_gtkw_write to the save file beside fst_path (its name with .gtkw for
** .fst), whose path is stored in out (size bytes). Returns 0 or -1 (errno).
*/
int hc_gtkw_beside(const char *fst_path, const hc_gtkw_run *run, char *out, size_t size);

#endif /* HC_GTKW_H */
