/*
** The pieces every report of a run shares, on stdout and in JSON: the
** lockstep verdict, the line that names a lockstep mismatch, JSON
** strings, numbers and arrays, and the channel counters in JSON (hcsim's reports, docs/hcsim.md and
** docs/boppana.md).
*/
#ifndef HC_REPORT_H
#define HC_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "hc_backend.h"
#include "hc_driver.h"

/* The lockstep verdict: "n/a" unless sim is both, else "mismatch" when mm
** (the first mismatch) is set and "match" otherwise. */
const char *hc_report_lockstep(hc_sim sim, const hc_mismatch *mm);

/* The line "mismatch    cycle C node X WHERE: model 0x.. rtl 0x.." with its
** label padded to width. */
void hc_report_mismatch(FILE *f, int width, const hc_mismatch *mm);

/*
** The watchdog's report of a stalled run (hc_driver_stall; nothing when it
** has not fired), one line without its end: the cycles in which nothing
** moved, the messages in flight, the buffer where flits stand (node and
** input port, its front flit, the output it needs and why it cannot have
** it; or that every stuck buffer waits for another, a cycle of waits), and
** the oldest message in flight.
*/
void hc_report_stall(FILE *f, const hc_driver *drv);

/* The same as a JSON value: an object, or null when it has not fired. */
void hc_json_stall(FILE *f, const hc_driver *drv);

/* s as a JSON string literal (quotes and backslashes escaped, control
** characters as \u00XX). */
void hc_json_str(FILE *f, const char *s);

/* A finite double as a JSON number (%.10g), null if it is not finite. */
void hc_json_num(FILE *f, double v);

/* v[0..n-1] as a JSON array: [a, b, c]. */
void hc_json_u64s(FILE *f, const uint64_t *v, int n);

/* The routers' channel counters as two JSON members, "channels" (one
** object per directed link, node-major: {node, dim, flits, messages,
** busy_cycles, blocked_cycles, max_waiting}) and "eject" (one per node, its
** ejection port), each line indented by two spaces, no comma after the
** second; read through drv at the time of the call (docs/hcsim.md). */
void hc_json_counters(FILE *f, hc_driver *drv, unsigned d);

#endif /* HC_REPORT_H */
