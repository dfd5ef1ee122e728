/*
** The routing functions of the model (step 3 of "One cycle of a router",
** docs/microarchitecture.md): for a head at the front of an input of a
** router, the set of outputs it may take. E-cube is the router's own and the
** only one the RTL implements; the others are the partially adaptive
** functions that Hou et al. (shared/seeds/004, section 6.1) compare with
** e-cube and optimal processor mapping, each minimal and deadlock-free with
** the router's one channel per link (no virtual channels), each defined in
** docs/hou.md with its source and what of it is a reconstruction. The list
** of names is written once, in hc_route.c; hcsim, make and the scripts read
** it from there. Pure functions: no state, no allocation, nothing printed.
*/
#ifndef HC_ROUTE_H
#define HC_ROUTE_H

#include <stdint.h>

/* The routing functions, in the order of the name table of hc_route.c. */
typedef enum hc_routing {
  HC_ROUTE_ECUBE = 0, /* dimension order, lowest first: the RTL's (default) */
  HC_ROUTE_PCUBE,     /* Glass & Ni's minimal P-cube: 0->1 hops, then 1->0 */
  HC_ROUTE_CHIU,      /* no hop of a higher dimension before a 1->0 hop (Chiu et al.) */
  HC_ROUTE_MIN,       /* no turn into a 1->0 hop of a lower dimension (Li) */
  HC_ROUTE_MIXAB3,    /* groups of 3 dimensions in order; inside, P-cube / reversed, alternating */
  HC_ROUTE_MIXBB3,    /* groups of 3 dimensions in order; inside, 1->0 hops first */
  HC_ROUTE_NUM
} hc_routing;

/*
** Parse a routing name ("ecube", "pcube", ...; exact, lower case) into
** *out. Returns HC_OK, or HC_EUNKNOWN (not a name of the table; NULL too),
** leaving *out untouched.
*/
int hc_routing_parse(const char *name, hc_routing *out);

/* The name of routing r ("ecube"), or NULL for r >= HC_ROUTE_NUM. */
const char *hc_routing_name(unsigned r);

/* The label of routing r in plots and reports, the paper's name with what
** it is here ("P-cube (Glass & Ni [11])"), or NULL for r >= HC_ROUTE_NUM. */
const char *hc_routing_label(unsigned r);

/*
** The outputs a head may take at router x of a d-cube (1 <= d <= 31) on its
** way to dest, having come in on input inport (0..d-1: the link of that
** dimension, so the previous hop was in dimension inport; d: the local
** input, no hop yet), under routing r. Bit o of the result is output o;
** bit d, the ejection port, is the whole set when x == dest. Otherwise the
** set is a nonempty subset of the dimensions in which x and dest differ
** (every choice is a shortest-path hop) from which the message can always
** finish under r's restrictions, provided it came to x by r (every earlier
** hop a member of r's set at its router). r >= HC_ROUTE_NUM gives 0.
*/
uint32_t hc_route_allowed(unsigned r, unsigned d, uint32_t x, uint32_t dest, unsigned inport);

#endif /* HC_ROUTE_H */
