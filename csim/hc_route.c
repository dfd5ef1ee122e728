/*
** The routing functions of the model (csim/hc_route.h), and the one table of
** their names. E-cube, pcube and the two MIX functions are "level" schemes:
** each hop class (dimension i, direction 0->1 or 1->0) has a level, a
** message takes its remaining hops in nondecreasing level, and the set
** offered is the remaining hops of the lowest level. Such a scheme is
** deadlock-free when no level holds both directions of two different
** dimensions: a cycle of waiting channels would have to keep to one level
** (levels never fall along a message) and, being a closed walk through
** different dimensions, would need both directions of at least two of them
** (Dally and Seitz's acyclic channel order). E-cube is the level scheme
** "level = dimension". Chiu and min restrict the order of a 1->0 hop and
** the hops of higher dimensions: chiu on the whole path (no hop of a higher
** dimension before it: a rule on the current node alone), min on
** consecutive hops only (a turn restriction, which depends on the input
** port). Neither can close a cycle of waiting channels: in a cycle, the
** 1->0 hop of its lowest dimension would follow a hop of a higher one.
** tests/unit/test_route.c builds every function's channel dependency graph
** and finds it acyclic. Which paper each comes from, and what of it is a
** reconstruction: docs/hou.md.
*/
#include "hc_route.h"

#include <string.h>

#include "hc_status.h"

/* The names, in hc_routing order: the one list hcsim, make and the scripts read. */
static const struct {
  const char *name;
  const char *label;
} routes[HC_ROUTE_NUM] = {
    [HC_ROUTE_ECUBE] = {"ecube", "e-cube"},
    [HC_ROUTE_PCUBE] = {"pcube", "P-cube (Glass & Ni [11])"},
    [HC_ROUTE_CHIU] = {"chiu", "Chiu (after Chiu et al. [7])"},
    [HC_ROUTE_MIN] = {"min", "Min (after Li [15])"},
    [HC_ROUTE_MIXAB3] = {"mixab3", "MIXab3 (after Chen & Yihng [5])"},
    [HC_ROUTE_MIXBB3] = {"mixbb3", "MIXbb3 (after Chen & Yihng [5])"},
};

int hc_routing_parse(const char *name, hc_routing *out) {
  if (name == NULL || out == NULL) return HC_EUNKNOWN;
  for (unsigned r = 0; r < HC_ROUTE_NUM; r++) {
    if (strcmp(name, routes[r].name) == 0) {
      *out = (hc_routing)r;
      return HC_OK;
    }
  }
  return HC_EUNKNOWN;
}

const char *hc_routing_name(unsigned r) { return r < HC_ROUTE_NUM ? routes[r].name : NULL; }

const char *hc_routing_label(unsigned r) { return r < HC_ROUTE_NUM ? routes[r].label : NULL; }

/*
** The level of a hop in dimension i, down = 1 for a 1->0 hop (the bit of the
** current node is 1, the destination's 0), down = 0 for a 0->1 hop, under
** level scheme r. No level holds both directions of two dimensions.
*/
static unsigned level(unsigned r, unsigned i, unsigned down) {
  const unsigned g = i / 3u; /* the group of three dimensions of the MIX schemes */
  switch (r) {
    case HC_ROUTE_PCUBE: return down;                /* Glass & Ni: E0 (0->1) first, then E1 */
    case HC_ROUTE_MIXAB3: return 2u * g + (g & 1u ? !down : down); /* even group a, odd b */
    case HC_ROUTE_MIXBB3: return 2u * g + !down;     /* every group b: 1->0 first */
    default: return i;                               /* e-cube */
  }
}

/* The hops of the lowest level among those still to take (need != 0). */
static uint32_t lowest_level(unsigned r, uint32_t x, uint32_t need) {
  uint32_t set = 0;
  unsigned best = ~0u;
  for (uint32_t s = need; s; s &= s - 1u) {
    const unsigned i = (unsigned)__builtin_ctz(s), l = level(r, i, (x >> i) & 1u);
    if (l < best) best = l, set = 0;
    if (l == best) set |= 1u << i;
  }
  return set;
}

/*
** chiu: a 1->0 hop comes before every hop of a higher dimension. So the
** hops offered are those not above the lowest 1->0 hop still to take (all
** of them when none is left): the 1->0 hops go in increasing dimension,
** each 0->1 hop may come as early as the 1->0 hops below it allow.
*/
static uint32_t route_chiu(uint32_t x, uint32_t need) {
  const uint32_t down = need & x;
  if (down == 0) return need;
  return need & (((down & (~down + 1u)) << 1) - 1u);
}

/*
** min: a 1->0 hop in dimension k may not follow a hop in a dimension above
** k (the n(n-1) turns "(i, either) -> (k, 1->0), i > k" are prohibited,
** half of e-cube's). A hop is offered when its turn is allowed and the
** message can still finish: the rest has no lowest dimension m that is a
** 1->0 hop below k (that hop could only follow a lower dimension, and none
** would be left). The lowest remaining dimension is always offered.
*/
static uint32_t route_min(unsigned d, uint32_t x, uint32_t need, unsigned inport) {
  const uint32_t down = need & x;
  uint32_t set = 0;
  for (uint32_t s = need; s; s &= s - 1u) {
    const unsigned k = (unsigned)__builtin_ctz(s);
    const uint32_t rest = need & ~(1u << k);
    if ((down >> k & 1u) && inport < d && inport > k) continue;
    if (rest && (down >> __builtin_ctz(rest) & 1u) && (unsigned)__builtin_ctz(rest) < k) continue;
    set |= 1u << k;
  }
  return set;
}

uint32_t hc_route_allowed(unsigned r, unsigned d, uint32_t x, uint32_t dest, unsigned inport) {
  const uint32_t need = x ^ dest;
  if (r >= HC_ROUTE_NUM) return 0;
  if (need == 0) return 1u << d;
  if (r == HC_ROUTE_ECUBE) return need & (~need + 1u);
  if (r == HC_ROUTE_CHIU) return route_chiu(x, need);
  if (r == HC_ROUTE_MIN) return route_min(d, x, need, inport);
  return lowest_level(r, x, need);
}
