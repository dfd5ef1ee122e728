/*
** hcsim's netrace traffic (--traffic netrace --file TRACE.tra.bz2;
** docs/hcsim.md, "netrace traces"): the trace read through
** tb/driver/hc_netrace.h for the region, dependencies and flit size of the
** command line, checked against the run (the trace's node n is the cube's
** node n, so its nodes must fit; store-and-forward needs every packet in
** one buffer), the window defaulted to the replay, and the trace's lines of
** the report. The run itself is the traffic mode's (hcsim_traffic.c).
*/
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "hc_report.h"
#include "hcsim_traffic.h"

/* The smallest d whose cube holds n nodes. */
static unsigned d_for(unsigned n) {
  unsigned d = 1;
  while ((1u << d) < n) d++;
  return d;
}

/* Refusals that depend on the network: nodes, store-and-forward. */
static void check_fit(const hcsim_opts *o, const hc_netrace *nt) {
  const hc_nt_header *h = hc_netrace_header(nt);
  if (h->nodes > (1u << o->cfg.d))
    hcsim_die("%s: the trace has %u nodes and the %u-cube %u: run it with --d %u or more (trace node n is node n)",
              o->file, h->nodes, o->cfg.d, 1u << o->cfg.d, d_for(h->nodes));
  uint64_t n;
  const hc_nt_packet *p = hc_netrace_packets(nt, &n);
  for (uint64_t k = 0; o->switching == HC_MODE_SAF && k < n; k++) {
    const unsigned len = hc_netrace_type_flits(p[k].type, o->flit_bytes);
    if (len > o->cfg.buf_depth)
      hcsim_die("%s: packet id %" PRIu32 " (%s, %u bytes) is %u flits of %u bytes: it cannot be stored and forwarded "
                "with --buf %u (the whole message must fit one input buffer; raise --flit-bytes or --buf)",
                o->file, p[k].id, hc_netrace_type_name(p[k].type), hc_netrace_type_bytes(p[k].type), len,
                o->flit_bytes, o->cfg.buf_depth);
  }
}

hc_netrace *hcsim_netrace_open(hcsim_opts *o) {
  const hc_netrace_cfg c = {o->region, o->deps, o->flit_bytes, o->set[HO_CYCLES] ? o->cycles : 0};
  hc_netrace *nt = NULL;
  hc_netrace_error err;
  const int rc = hc_netrace_open(o->file, &c, &nt, &err);
  if (rc == HC_ENOMEM) {
    hcsim_say("out of memory reading %s", o->file);
    exit(HCSIM_EXIT_CHECK);
  }
  if (rc != HC_OK) hcsim_die("%s: %s", o->file, err.msg);
  check_fit(o, nt);
  uint64_t n;
  const hc_nt_packet *p = hc_netrace_packets(nt, &n);
  if (n == 0 && o->set[HO_CYCLES])
    hcsim_die("%s: no packet of %s is in its first %" PRIu64 " cycles (--cycles): nothing to replay", o->file,
              o->region == HC_NT_ALL ? "the trace" : "the region", o->cycles);
  if (n == 0) hcsim_die("%s: region %d holds no packets: nothing to replay", o->file, o->region);
  if (!o->set[HO_CYCLES]) o->cycles = p[n - 1].cycle + 1u;
  if (!o->set[HO_WARMUP]) o->warmup = 0;
  /* make sim always passes --rate and --len: only values changed from the defaults are news. */
  if ((o->set[HO_RATE] && o->rate != 0.1) || (o->set[HO_LEN] && o->len != 20))
    hcsim_say("note: --rate and --len do not apply to --traffic netrace (the trace gives every packet)");
  if (o->set[HO_BACKLOG]) hcsim_say("note: --backlog applies to the random patterns; a trace's packets are all sent");
  return nt;
}

void hcsim_netrace_table(const hcsim_opts *o, const hc_netrace *nt, double rate_offered) {
  const hc_nt_header *h = hc_netrace_header(nt);
  char name[128];
  uint64_t n, edges, unmatched, held, held_cycles;
  const hc_nt_packet *p = hc_netrace_packets(nt, &n);
  const uint64_t base = hc_netrace_base_cycle(nt);
  hc_printable(name, sizeof name, h->benchmark, strlen(h->benchmark));
  printf("%-15s netrace %s: offered %.4g flits/cycle/node, %u-byte flits (8-byte packets %u flit%s, 72-byte %u)\n",
         "traffic", o->file, rate_offered, o->flit_bytes, hc_netrace_type_flits(1, o->flit_bytes),
         hc_netrace_type_flits(1, o->flit_bytes) == 1 ? "" : "s", hc_netrace_type_flits(2, o->flit_bytes));
  if (o->region == HC_NT_ALL)
    printf("%-15s %s (netrace %.1f, %u nodes), region all (of %" PRIu32 "): %" PRIu64 " of %" PRIu64
           " packets, trace cycles %" PRIu64 "..%" PRIu64 "\n",
           "trace", name, (double)h->version, h->nodes, h->nregions, n, h->packets,
           p[0].cycle + base, p[n - 1].cycle + base);
  else
    printf("%-15s %s (netrace %.1f, %u nodes), region %d of 0..%" PRIu32 ": %" PRIu64 " of %" PRIu64
           " packets, trace cycles %" PRIu64 "..%" PRIu64 " (cycle 0 here is %" PRIu64 ")\n",
           "trace", name, (double)h->version, h->nodes, o->region, h->nregions - 1u, n, h->packets,
           p[0].cycle + base, p[n - 1].cycle + base, base);
  hc_netrace_dep_counts(nt, &edges, &unmatched);
  hc_netrace_held(nt, &held, &held_cycles);
  if (o->deps)
    printf("%-15s on: %" PRIu64 " waits (%" PRIu64 " listed id%s not a later packet of the replay); "
           "%" PRIu64 " packet%s held past their cycle, %" PRIu64 " cycles in all\n",
           "dependencies", edges, unmatched, unmatched == 1 ? "" : "s", held, held == 1 ? "" : "s", held_cycles);
  else
    printf("%-15s off: every packet created at its cycle\n", "dependencies");
}

/* Text of the trace as a JSON string: made printable first (the file's
** bytes need not be UTF-8), then escaped. */
static void json_text(FILE *f, const char *s) {
  const size_t len = strlen(s), size = 4u * len + 4u;
  char *buf = malloc(size);
  if (buf == NULL) { /* the report goes on: hcsim_close finds no write error, so say it */
    hcsim_say("out of memory writing the trace's notes to the JSON report");
    hc_json_str(f, "");
    return;
  }
  hc_json_str(f, hc_printable(buf, size, s, len));
  free(buf);
}

void hcsim_netrace_json(FILE *f, const hcsim_opts *o, const hc_netrace *nt) {
  const hc_nt_header *h = hc_netrace_header(nt);
  uint64_t n, edges, unmatched, held, held_cycles, types[HC_NT_NUM_TYPES] = {0};
  const hc_nt_packet *p = hc_netrace_packets(nt, &n);
  hc_netrace_dep_counts(nt, &edges, &unmatched);
  hc_netrace_held(nt, &held, &held_cycles);
  for (uint64_t k = 0; k < n; k++) types[p[k].type]++;
  fputs("{\"benchmark\": ", f);
  json_text(f, h->benchmark);
  fputs(", \"version\": ", f);
  hc_json_num(f, (double)h->version);
  fputs(", \"notes\": ", f);
  json_text(f, h->notes);
  fprintf(f, ", \"trace_nodes\": %u, \"trace_cycles\": %" PRIu64 ", \"trace_packets\": %" PRIu64 ", \"regions\": [",
          h->nodes, h->cycles, h->packets);
  for (uint32_t q = 0; q < h->nregions; q++)
    fprintf(f, "%s{\"cycles\": %" PRIu64 ", \"packets\": %" PRIu64 "}", q ? ", " : "", h->regions[q].cycles,
            h->regions[q].packets);
  fputs("], \"region\": ", f);
  if (o->region == HC_NT_ALL) fputs("\"all\"", f);
  else fprintf(f, "%d", o->region);
  fprintf(f, ", \"base_cycle\": %" PRIu64 ", \"packets_replayed\": %" PRIu64 ", \"flit_bytes\": %u, \"types\": {",
          hc_netrace_base_cycle(nt), n, o->flit_bytes);
  for (unsigned t = 0, first = 1; t < HC_NT_NUM_TYPES; t++) {
    if (!types[t]) continue;
    fprintf(f, "%s\"%s\": %" PRIu64, first ? "" : ", ", hc_netrace_type_name(t), types[t]);
    first = 0;
  }
  fprintf(f, "}, \"dependencies\": %s, \"dependency_waits\": %" PRIu64 ", \"dependency_ids_not_waited\": %" PRIu64
          ", \"held\": %" PRIu64 ", \"held_cycles\": %" PRIu64 "}",
          o->deps ? "true" : "false", edges, unmatched, held, held_cycles);
}
