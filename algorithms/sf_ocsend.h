/*
** Private to the o.c. send family of 000 (Stout & Wagar) §3-§4 (sf_ocsend1..4,
** sf_xocsend1..2, sf_arbsend1, sf_arbsend3; implemented in
** sf_ocsend_common.c): the one builder of O.C. SEND 3 / 4 and X.O.C. SEND
** 1 / 2 on a subcube given by a corner and a dimension list, the case layout
** they all share, their parameter checks, and the paper's times in cycles.
**
** Layout of every case: mem = m words per node, word a at address a on every
** node. SRC owns [0, m); DST must end with SRC's words at the same
** addresses; every other node's words are relay scratch (care = 0). Each word
** travels one simple path, so no node receives a word twice (single
** assignment holds with no address remapping).
*/
#ifndef SF_OCSEND_H
#define SF_OCSEND_H

#include <stdint.h>

#include "hc_sched.h"
#include "hc_sf_algo.h"

/*
** One o.c. send through the subcube {corner ^ (any subset of dims)}: its n
** dimensions, listed in the order in which the pieces are dealt to links
** (position j of the list is bit j of the builder's subset masks). in_dim
** (or -1) adds X.O.C.'s stage -1: corner ^ (1 << in_dim) sends each group
** into corner; out_dim (or -1) adds stage n: the far corner sends each group
** on to far ^ (1 << out_dim).
*/
typedef struct hc_oc_path {
  uint32_t corner;
  unsigned n;
  unsigned dims[HC_SF_MAX_D];
  int in_dim, out_dim;
} hc_oc_path;

/* The dimensions set in mask, increasing, into dims; returns how many. */
unsigned hc_oc_dims(uint32_t mask, unsigned *dims);

/*
** Append to s the O.C. SEND 4 (g = 1: O.C. SEND 3) of words [w0, w0+len)
** along path p: g groups of len/g words, each an O.C. SEND 3 (stage k: each
** node of level k cuts what it holds into n-k equal pieces, one per link
** up), with the stage -1 / stage n hops when p asks for them. Links carry
** the groups in order, so the self-timed links stagger them by themselves.
** Words keep their addresses. len must be a multiple of
** g * hc_oc_unit(p->n) (not checked here: check() does). HC_OK, or the
** schedule library's status (HC_ENOMEM, ...).
*/
int hc_oc_build(hc_sched *s, const hc_oc_path *p, uint32_t w0, uint32_t len, uint32_t g);

/* The path of an o.c. send from src to dst in the subcube they span. */
void hc_oc_path_ends(hc_oc_path *p, uint32_t src, uint32_t dst);

/*
** The path of the family's x.o.c. instance from src to dst (distance n+2 >= 3):
** with the differing dimensions e_0 < ... < e_(n+1), SRC enters S at SRC ^
** e_0 over e_0, S is spanned by e_1..e_n, and its far corner DST ^ e_(n+1)
** hands over to DST over e_(n+1).
*/
void hc_oc_path_xoc(hc_oc_path *p, uint32_t src, uint32_t dst);

/* build() of the o.c. sends between SRC and DST: the case and hc_oc_build
** of all m words along hc_oc_path_ends with p->g groups. */
int hc_oc_build_ends(const hc_sf_params *p, hc_sched_case *out);

/* build() of the x.o.c. sends: the case and hc_oc_build of all m words along
** hc_oc_path_xoc with p->g groups. */
int hc_oc_build_xoc(const hc_sf_params *p, hc_sched_case *out);

/*
** lcm over k = 0..n-1 of C(n,k)(n-k): a group through an n-subcube must be a
** multiple of it so that every stage's pieces are whole words.
*/
uint32_t hc_oc_unit(unsigned n);

/*
** The case around an empty schedule: mem = m, SRC owns [0, m), DST expects
** them, the rest is scratch. HC_OK, HC_EPARAM or HC_ENOMEM.
*/
int hc_oc_case(unsigned d, uint32_t m, uint32_t src, uint32_t dst, hc_sched_case *out);

/* The distance |SRC ^ DST| of checked parameters. */
unsigned hc_oc_dist(const hc_sf_params *p);

/* The same for unit(), before check(): an unset SRC is 0, an unset DST SRC ^ dflt;
** at least 1 (unit() only needs a size to offer). */
unsigned hc_oc_dist_dflt(const hc_sf_params *p, uint32_t dflt);

/*
** check() of the family, first part: d in 1..HC_SF_MAX_D, SRC (default 0)
** and DST (default SRC ^ dflt) nodes of the cube at distance >= min_dist
** (why names what, the algorithm, when that fails). HC_OK or HC_EPARAM.
*/
int hc_oc_check_ends(hc_sf_params *p, uint32_t dflt, unsigned min_dist, const char *what, char *why,
                     size_t n);

/*
** check(), second part: m a positive multiple of unit; for a pipelined
** algorithm (pipelined != 0) G >= 1 given (m a multiple of unit * G) or
** picked as the g nearest gopt with unit * g dividing m; otherwise G = 1.
*/
int hc_oc_check_m(hc_sf_params *p, uint32_t unit, int pipelined, double gopt, char *why, size_t n);

/* 000 §9: S = the d outgoing links of SRC, a = m, hops = the distance. */
void hc_oc_lower(const hc_sf_params *p, hc_sf_bound *b);

/* K_(n-1) * len / n exactly (len a multiple of hc_oc_unit(n)): the words of
** one O.C. SEND 3's stages along a chain, sum_k len / (C(n,k)(n-k)). */
uint64_t hc_oc_kterm(unsigned n, uint64_t len);

/* 000 §3 O.C. SEND 4 of len words in g groups through an n-subcube:
** (g-1)(len/(n g) + beta) + K_(n-1) (len/g)/n + n beta. g = 1: O.C. SEND 3. */
uint64_t hc_oc4_time(unsigned n, uint64_t len, uint32_t g, uint32_t beta);

/* 000 §4 X.O.C. SEND 2 (g = 1: X.O.C. SEND 1) of len words through an n-subcube:
** (g-1)(len/g + beta) + ((2n + K_(n-1))/n)(len/g) + (n+2) beta. */
uint64_t hc_xoc2_time(unsigned n, uint64_t len, uint32_t g, uint32_t beta);

/* The paper's optimal real g: O.C. SEND 4 sqrt((K_(n-1) - 1) len / (n beta))
** (1 at n = 1), X.O.C. SEND 2 sqrt((n + K_(n-1)) len / (n beta)); at beta = 0
** more groups are always better, so len (the most there can be). */
double hc_oc4_gopt(unsigned n, uint64_t len, uint32_t beta);
double hc_xoc2_gopt(unsigned n, uint64_t len, uint32_t beta);

/* The paper's boxed optima at that real g: O.C. SEND 4 len/n + 2 sqrt((K_(n-1)
** - 1) beta len / n) + (n-1) beta (len + beta at n = 1); X.O.C. SEND 2 len +
** 2 sqrt((n + K_(n-1)) beta len / n) + (n+1) beta. */
double hc_oc4_boxed(unsigned n, double len, uint32_t beta);
double hc_xoc2_boxed(unsigned n, double len, uint32_t beta);

/*
** O.C. SEND 4 from SRC to DST as a record's pieces (O.C. SEND 4 and
** ARBITRARY SEND 1 differ only in the default DST, dflt = its offset from
** SRC, 0xFFFFFFFF for the opposite corner, and in the name what).
*/
uint32_t hc_oc4_unit(const hc_sf_params *p, uint32_t dflt);
int hc_oc4_check(hc_sf_params *p, uint32_t dflt, const char *what, char *why, size_t n);
uint64_t hc_oc4_formula(const hc_sf_params *p);
double hc_oc4_boxed_of(const hc_sf_params *p);

#endif /* SF_OCSEND_H */
