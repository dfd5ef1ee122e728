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

/* The name of input port p of a d-cube's node x, into buf. */
static const char *in_name(char *buf, size_t size, unsigned d, unsigned x, unsigned p) {
  if (p < d) snprintf(buf, size, "input %u (the link from node %u)", p, x ^ (1u << p));
  else if (p == d) snprintf(buf, size, "the local input");
  else snprintf(buf, size, "the NI's injection queue");
  return buf;
}

/* The name of output o of node x (for the NI queue, port d + 1: where it feeds). */
static const char *out_name(char *buf, size_t size, unsigned d, unsigned x, unsigned p, unsigned o) {
  if (p == d + 1u) snprintf(buf, size, "the router's local input");
  else if (o < d) snprintf(buf, size, "output %u (the link to node %u)", o, x ^ (1u << o));
  else snprintf(buf, size, "the ejection port");
  return buf;
}

static const char *const kind_names[4] = {"BODY", "HEAD", "TAIL", "SINGLE"};

void hc_report_stall(FILE *f, const hc_driver *drv) {
  const hc_stall *s = hc_driver_stall(drv);
  if (!s) return;
  const unsigned d = hc_driver_cfg(drv)->d, w = hc_driver_cfg(drv)->w;
  char in[64], out[64];
  fprintf(f, "no flit entered or left the network in cycles %" PRIu64 "..%" PRIu64 " with %" PRIu64
          " message%s in flight; ",
          s->last_move + 1u, s->cycle, s->in_flight, s->in_flight == 1 ? "" : "s");
  if (s->located) {
    const hc_stall_site *t = &s->site;
    const unsigned kind = hc_flit_kind(w, t->flit);
    fprintf(f, "%s: node %u, %s, front %s", t->cyclic ? "a cycle of waits (deadlock) through" : "stuck at",
            t->node, in_name(in, sizeof in, d, t->node, t->port), kind_names[kind]);
    if (hc_kind_is_head(kind)) fprintf(f, " for node %u", hc_flit_payload(w, t->flit) & ((1u << d) - 1u));
    fprintf(f, ", needs %s: %s", out_name(out, sizeof out, d, t->node, t->port, t->out), hc_stuck_name(t->why));
    if (t->why == HC_STUCK_HELD) fprintf(f, " (held by input %u)", t->holder);
    fprintf(f, "; %u buffer%s hold flits", t->buffers, t->buffers == 1 ? "" : "s");
  } else {
    fputs("where: not visible on the RTL alone (run --sim both)", f);
  }
  const hc_msg *m = hc_driver_msg(drv, s->oldest);
  if (m)
    fprintf(f, "; oldest in flight: message %" PRIu64 ", node %u to %u, %u flit%s, head offered in cycle %" PRIu64,
            m->seq, m->src, m->phys_dest, m->len, m->len == 1 ? "" : "s", m->t_head);
}

void hc_json_stall(FILE *f, const hc_driver *drv) {
  const hc_stall *s = hc_driver_stall(drv);
  if (!s) {
    fputs("null", f);
    return;
  }
  fprintf(f, "{\"cycle\": %" PRIu64 ", \"last_move\": %" PRIu64 ", \"in_flight\": %" PRIu64, s->cycle,
          s->last_move, s->in_flight);
  if (s->located) {
    const hc_stall_site *t = &s->site;
    fprintf(f, ", \"node\": %u, \"port\": %u, \"out\": %u, \"why\": ", t->node, t->port, t->out);
    hc_json_str(f, hc_stuck_name(t->why));
    fprintf(f, ", \"cyclic\": %s, \"buffers\": %u", t->cyclic ? "true" : "false", t->buffers);
  }
  fputs("}", f);
}
