/*
** This file is the golden model of the hypercube wormhole network described
** in docs/microarchitecture.md: N = 2^d routers with d+1 input FIFOs each,
** e-cube routing (or, on the model only, another routing function of
** hc_route.h chosen in hc_cfg), oldest-first output allocation with an age
** matrix, wormhole channel holding, registered-ready (zero-delay credit) flow control,
** one injection FIFO (network interface) per node, and five wrapping channel
** counters per output port (with cfg.route_reg, the registered route of
** RouteReg: a head requests from its second cycle at its buffer's front);
** and the paper's cost model beside it: the tau
** and xi waits and mode 3, circuit switching (probe registers, reservations
** current and queued, lingering links, acknowledgements, the NI's set-up
** sequencer; hc_router_pass1_cs and hc_ni_step). It is written from that page alone and must
** agree with the RTL on every link, ejection port and inj_ready in every
** cycle. One call to hc_model_step() is one clock cycle, evaluated in two
** passes so that every decision reads only the state registered at the start
** of the cycle: pass 1 visits the routers, makes their decisions, updates the
** registers that only that router reads (busy, owner, wait, age matrix,
** counters, its NI, its own input FIFOs) and records every flit that crosses
** a link; pass 2 applies those (pushes into the neighbours' FIFOs, the
** ready bits the senders read, probes, acknowledgements).
**
** It is also the fast simulator, so it does no work where nothing happens
** (issue 16). A node is *live* when its router holds a flit, an output, a
** probe or an acknowledgement, or its NI has a flit, a set-up or a wait
** under way; a node that is not live is left exactly as a visit would leave
** it (no register of it changes in a cycle and its outputs are the idle
** ones), so pass 1 visits the live nodes only, found in a bitmap kept up to
** date by every event that can wake a node (a push, a probe, an offer). The
** observation record is rewritten only where the last cycle wrote it, and a
** whole network with nothing live skips cycles at once (hc_model_skip).
** hc_model_set_dense() turns all of that off for the tests that hold the
** model to it. A node's state is one record (hc_node, then its NI FIFO,
** then one hc_port per port with the FIFO's slots inline), so a visit
** touches a few neighbouring cache lines, and a router knows whether its
** neighbours have room from a bit of its own (full) rather than from their
** records. All state lives in arrays taken in hc_model_new();
** hc_model_step() never allocates and never prints.
*/
/* Linux: anonymous mappings and MADV_HUGEPAGE for the node records. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE
#endif

#include "hc_model.h"

#include <assert.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

/* HC_HOT: inline into the visit, whatever the compiler's size limits say
** (it is the inner loop); HC_COLD: keep out of it (modes and cases a light
** load rarely meets), so the visit stays small and in registers. */
#if defined(__GNUC__) || defined(__clang__)
#define HC_HOT static inline __attribute__((always_inline))
#define HC_COLD static __attribute__((noinline))
#else
#define HC_HOT static inline
#define HC_COLD static
#endif

/* hc_prefetch: ask for the cache line at p, to be written, ahead of use. */
#if defined(__GNUC__) || defined(__clang__)
#define hc_prefetch(p) __builtin_prefetch((p), 1, 3)
#else
#define hc_prefetch(p) ((void)(p))
#endif

#if defined(__GNUC__) || defined(__clang__)
#define hc_ctz(v) ((unsigned)__builtin_ctz(v))
#define hc_ctz64(v) ((unsigned)__builtin_ctzll(v))
#else
/* Portable count of trailing zeros; v must not be 0. */
static unsigned hc_ctz(uint32_t v) {
  unsigned n = 0;
  assert(v != 0);
  while ((v & 1u) == 0) {
    v >>= 1;
    n++;
  }
  return n;
}
static unsigned hc_ctz64(uint64_t v) {
  return (uint32_t)v ? hc_ctz((uint32_t)v) : 32u + hc_ctz((uint32_t)(v >> 32));
}
#endif

/* Population count, inline: without -mpopcnt the compiler's builtin is a
** library call, and the allocator counts waiting heads every cycle. */
static inline unsigned hc_popcount(uint32_t v) {
  v = v - ((v >> 1) & 0x55555555u);
  v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
  return (((v + (v >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24;
}

/*
** Port p of a router: input p (its FIFO, age-matrix row, tau wait and probe
** register) and output p (owner, linger, counters) side by side, because a
** visit mostly touches both sides of the few ports in use. The FIFO's B
** slots follow inline (buf), so a record is sizeof(hc_port) + 4B bytes.
*/
typedef struct hc_port {
  uint8_t head;   /* input: slot of the FIFO's front */
  uint8_t cnt;    /* input: flits in the FIFO */
  uint8_t tails;  /* input: TAIL and SINGLE flits in the FIFO */
  uint8_t fw;     /* input p < d: front-wait counter (tau) */
  uint8_t owner;  /* output: the input whose message holds it */
  uint8_t pw;     /* input: cycles its probe still waits (tau) */
  uint8_t lc;     /* output: linger count */
  uint8_t rem;    /* output: hops after it of the path reserving it */
  uint8_t ends;   /* input: messages in the FIFO that end at this node (heads
                  ** with its address pushed, their TAILs not yet ejected) */
  uint32_t older; /* input: row p of the age matrix (bit q = older[p][q]); meaningful
                  ** only while wait[p] is set, and only its bits of waiting inputs */
  uint32_t pd;    /* input: destination of its probe */
  uint32_t ctr[HC_CNT_NUM]; /* output: the channel counters */
  uint32_t buf[];           /* input: the FIFO's slots */
} hc_port;

/*
** A node's record: its router's masks (bit p of a mask is port p, 0..d),
** its NI's registers beyond its FIFO (the xi front wait of modes 0 and 2,
** the path set-up and data sequencing of mode 3: docs/microarchitecture.md,
** "Circuit switching"), and what pass 2 and the user leave for the next
** visit. What every visit in modes 0 and 2 reads comes first and fills one
** cache line (records start on a line); mode 3's registers follow. Its NI
** FIFO's I slots follow the record, then the d + 1 port records.
*/
typedef struct hc_node {
  uint32_t nonempty; /* input p has count != 0 */
  uint32_t hastail;  /* input p holds a TAIL or SINGLE (mode 2 lets its head go) */
  uint32_t busy;     /* busy[o]: output o has an owner */
  uint32_t hold;     /* input p is owner[o] of some busy output o that is not queued */
  uint32_t wait;     /* wait[p] */
  uint32_t twait;    /* input p < d: its front-wait counter fw is not 0 (tau) */
  uint32_t ling;     /* mode 3: output o lingers, free of an owner, held until lc[o] runs out */
  uint32_t pv;       /* mode 3: input p's probe register holds a probe */
  uint32_t ak;       /* mode 3: input p sends an acknowledgement back this cycle (register) */
  uint32_t full;     /* bit o < d: the neighbour's input o holds B flits at the start of
                     ** the cycle (output o's registered ready is low); set by the push
                     ** that fills it, cleared after the pop that frees it */
  uint32_t unfull;   /* bit p < d: input p was full and popped this cycle */
  uint32_t seen;     /* route_reg: input p's front was its front in the last cycle
                     ** too (its route is registered: a head there may request);
                     ** always within nonempty */
  uint32_t inj;      /* the flit offered to the NI in the coming cycle, when inj_on */
  uint16_t xw;       /* NI front-wait counter: a head at the front leaves at 0 (xi) */
  uint8_t ni_head;   /* slot of the NI FIFO's front */
  uint8_t ni_cnt;    /* NI FIFO count */
  uint8_t inj_on;
  uint8_t su;        /* set-up state: 0 none, 1 counting xi, 2 probe out, waiting for the ack */
  uint8_t held;      /* a path is held whose data has not started */
  uint8_t strm;      /* a message's data is leaving (head sent, tail not yet) */
  uint8_t cc;        /* cycles until the node's last message is complete */
  uint8_t pin;       /* a set-up is offered in the coming cycle (hc_model_probe) */
  uint8_t ch;        /* hops of the message whose data is leaving */
  /* mode 3, beyond the first line */
  uint32_t holdn;    /* input p owns a queued reservation (its second) */
  uint32_t nxt;      /* output o's reservation is queued behind its owner's current one */
  uint32_t ak_next;  /* ak at the end of the cycle (pass 1 to commit) */
  uint16_t sc;       /* set-up: xi cycles still to count */
  uint32_t sd;       /* the destination being set up (physical) */
  uint32_t hd;       /* the destination of the held path */
  uint32_t pdest;    /* the offered set-up's destination (as written) */
} hc_node;

_Static_assert(offsetof(hc_node, ch) < 64, "what a visit in modes 0 and 2 reads fits one line");

/*
** The model. Node x's record is at mem + x*nstride; its NI slots right
** after the hc_node, its port p at port_off + p*pstride. act holds a bit per
** node, set for every live node (and possibly others, until their next
** visit): pass 1 visits those. mv is pass 2's work, the flits that cross a
** link in this cycle from the front and the probes from the back (a link
** carries at most one of the two in a cycle, so n*d entries hold both).
*/
struct hc_model {
  hc_cfg cfg;
  unsigned d;      /* cfg.d */
  unsigned np;     /* ports per router, d + 1 */
  unsigned b;      /* cfg.buf_depth */
  unsigned ni;     /* cfg.inj_depth */
  unsigned w;      /* cfg.w */
  unsigned n;      /* number of nodes, 2^d */
  uint32_t nmask;  /* n - 1: the destination field of a head */
  unsigned char *mem; /* [n * nstride] the node records (hc_big_new) */
  void *mem_map;      /* the mapping they sit in, mem_len bytes */
  size_t mem_len;
  size_t nstride, pstride, port_off;
  uint64_t *act;      /* [(n + 63) / 64] the active set */
  unsigned nact;      /* bits set in act */
  uint32_t *vis;      /* [n] the nodes the commit needs (hc_after_visit) */
  uint32_t *ord;      /* [n] the active set of the cycle as a list, increasing */
  int pf;             /* the records outgrow the caches: prefetch (HC_AHEAD) */
  uint64_t *mv;       /* [n*d] pass 2's work: (flit or dest) << 32 | y << 5 | port */
  size_t nmvcap;      /* n*d */
  int dense;          /* visit every node every cycle (hc_model_set_dense) */
  int dirty;          /* some node record may differ from the reset state */
  int ak_live;        /* some acknowledgement register is set */
  unsigned tau, xi, overlap; /* the cost-model registers in the current cycle */
  int idle_q;       /* the network was empty at the start of the last cycle */
  uint8_t remap[HC_MODEL_MAX_D];         /* NI address map: new bit k = old bit remap[k] */
  uint8_t remap_next[HC_MODEL_MAX_D];    /* written at the end of the next step */
  int remap_we;                          /* a write is pending */
  int remap_id;                          /* remap is the identity (fast path) */
  hc_sf *sf;          /* the store-and-forward engines (csim/hc_sf.c) */
  hc_cfg_op op;       /* configuration transaction of the next step */
  int op_pending;
  uint8_t *sf_valid;  /* [n*d] the TX engines' link registers */
  uint32_t *sf_flit;  /* [n*d] */
  unsigned sf_live;   /* cycles the engines must still be stepped in mode 0 */
  unsigned sf_mode;   /* the mode register in the current cycle */
};


/* ------------------------------------------------------------- records */

static inline hc_node *hc_nd(const hc_model *m, unsigned x) {
  return (hc_node *)(m->mem + (size_t)x * m->nstride);
}
static inline uint32_t *hc_nibuf(const hc_node *nd) {
  return (uint32_t *)(nd + 1);
}
static inline hc_port *hc_pt(const hc_model *m, const hc_node *nd, unsigned p) {
  return (hc_port *)((const unsigned char *)nd + m->port_off + (size_t)p * m->pstride);
}

/* Put node x in the active set. */
static inline void hc_act_set(hc_model *m, unsigned x) {
  uint64_t *w = &m->act[x >> 6], bit = (uint64_t)1 << (x & 63u);
  if (!(*w & bit)) {
    *w |= bit;
    m->nact++;
  }
}

/* Take node x out of the active set. */
static inline void hc_act_clear(hc_model *m, unsigned x) {
  uint64_t *w = &m->act[x >> 6], bit = (uint64_t)1 << (x & 63u);
  if (*w & bit) {
    *w &= ~bit;
    m->nact--;
  }
}

/*
** Whether node nd is live: something of its router or NI can change, or
** makes an output differ from an idle node's, in the coming cycle. Every
** register a visit reads to decide anything is here; the rest (age rows,
** front-wait counts, owners of free outputs) only matters while one of
** these is set.
*/
static inline int hc_node_live(const hc_node *nd) {
  const hc_node *r = nd;
  const hc_node *q = nd;
  return (r->nonempty | r->busy | r->ling | r->pv | r->ak | r->ak_next | r->ni_cnt | q->su |
          q->held | q->strm | q->cc | q->pin | q->xw | nd->inj_on) != 0;
}

/* Apply the NI address map to a head's destination bits. */
static uint32_t hc_remap_head(const hc_model *m, uint32_t f) {
  if (m->remap_id || !hc_kind_is_head(hc_flit_kind(m->w, f))) return f;
  uint32_t phys = 0;
  for (unsigned k = 0; k < m->d; k++) phys |= ((f >> m->remap[k]) & 1u) << k;
  return (f & ~m->nmask) | phys;
}

/*
** Check cfg against the ranges of hc_model.h: d 1..HC_MODEL_MAX_D, w d..HC_MAX_W,
** both depths 1..HC_MAX_DEPTH, each geometry field 0 (the default) or
** HC_SF_AW_MIN..HC_SF_AW_MAX, a routing function of hc_route.h, route_reg
** 0 or 1. Returns
** HC_OK, or HC_EPARAM (also for NULL).
*/
int hc_cfg_check(const hc_cfg *cfg) {
  if (cfg == NULL) return HC_EPARAM;
  if (!hc_sf_geom_ok(cfg->sf)) return HC_EPARAM;
  if (cfg->d < 1 || cfg->d > HC_MODEL_MAX_D) return HC_EPARAM;
  if (cfg->w < cfg->d || cfg->w > HC_MAX_W) return HC_EPARAM;
  if (cfg->buf_depth < 1 || cfg->buf_depth > HC_MAX_DEPTH) return HC_EPARAM;
  if (cfg->inj_depth < 1 || cfg->inj_depth > HC_MAX_DEPTH) return HC_EPARAM;
  if (cfg->routing >= HC_ROUTE_NUM) return HC_EPARAM;
  if (cfg->route_reg > 1) return HC_EPARAM;
  return HC_OK;
}

/* The size of the node records from which pass 1 and pass 2 prefetch:
** below it they stay in a core's cache and asking costs more than it saves. */
#define HC_PF_MIN (1u << 20)

/* The size from which the node records get pages of their own. */
#define HC_BIG (2u << 20)

/*
** size bytes of zeroed memory for the node records at *out, in a mapping
** whose start and length go to *map and *len for hc_big_free. On Linux a
** large one is an anonymous mapping aligned to 2 MiB and advised into huge
** pages: a cube of 2^16 nodes and more spans tens of thousands of 4 KiB
** pages, more than the TLB holds, and a visit to a node far away would cost
** a page walk; its pages are zero and taken on first touch, as calloc's.
** Elsewhere, and for a small one, calloc. Returns HC_OK or HC_ENOMEM.
*/
static int hc_big_new(size_t size, unsigned char **out, void **map, size_t *len) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (size >= HC_BIG) {
    const size_t l = size + HC_BIG;
    void *p = mmap(NULL, l, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return HC_ENOMEM;
    uintptr_t a = ((uintptr_t)p + HC_BIG - 1u) & ~(uintptr_t)(HC_BIG - 1u);
    (void)madvise((void *)a, size, MADV_HUGEPAGE); /* advice: no huge pages is no error */
    *out = (unsigned char *)a;
    *map = p;
    *len = l;
    return HC_OK;
  }
#endif
  *out = calloc(1, size);
  *map = *out;
  *len = 0;
  return *out != NULL ? HC_OK : HC_ENOMEM;
}

/* Free what hc_big_new gave (map, len); NULL map is a no-op. */
static void hc_big_free(void *map, size_t len) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (len != 0) {
    munmap(map, len);
    return;
  }
#endif
  (void)len;
  free(map);
}

/* The layout of the node records of m (its cfg fields set): strides and
** offsets; a node record is a whole number of cache lines. */
static void hc_layout(hc_model *m) {
  m->pstride = sizeof(hc_port) + (size_t)m->b * sizeof(uint32_t);
  m->port_off = sizeof(hc_node) + (size_t)m->ni * sizeof(uint32_t);
  m->nstride = (m->port_off + (size_t)m->np * m->pstride + 63u) & ~(size_t)63u;
}

/*
** Allocate a model for cfg and put it in reset state; *out is set only on
** HC_OK. Returns HC_EPARAM if cfg fails hc_cfg_check(), HC_ENOMEM if any
** allocation fails (nothing is leaked then). Memory is O(N*(d+1)*B): the
** node records, a bit per node, and a word per node and two per link for
** the cycle's work lists (hc_model_mem).
*/
int hc_model_new(const hc_cfg *cfg, hc_model **out) {
  hc_model *m;
  size_t n;
  if (out == NULL || hc_cfg_check(cfg) != HC_OK) return HC_EPARAM;
  m = calloc(1, sizeof *m);
  if (m == NULL) return HC_ENOMEM;
  m->cfg = *cfg;
  m->d = cfg->d;
  m->np = cfg->d + 1;
  m->b = cfg->buf_depth;
  m->ni = cfg->inj_depth;
  m->w = cfg->w;
  m->n = 1u << cfg->d;
  m->nmask = m->n - 1u;
  n = m->n;
  hc_layout(m);
  m->nmvcap = n * m->d;
  m->pf = n * m->nstride > HC_PF_MIN;
  /* Zeroed, taken on first touch: pages of nodes that never see a flit
  ** are never touched. */
  if (hc_big_new(n * m->nstride, &m->mem, &m->mem_map, &m->mem_len) != HC_OK) m->mem = NULL;
  m->act = calloc((n + 63u) / 64u, sizeof *m->act);
  m->vis = calloc(n, sizeof *m->vis);
  m->ord = calloc(n, sizeof *m->ord);
  m->mv = calloc(m->nmvcap, sizeof *m->mv);
  if (!m->mem || !m->act || !m->vis || !m->ord || !m->mv) {
    hc_model_free(m);
    return HC_ENOMEM;
  }
  hc_model_reset(m);
  *out = m;
  return HC_OK;
}

/* Release every array of m and m itself. NULL is a no-op. */
void hc_model_free(hc_model *m) {
  if (m == NULL) return;
  if (m->mem != NULL) hc_big_free(m->mem_map, m->mem_len);
  free(m->act);
  free(m->vis);
  free(m->ord);
  free(m->mv);
  hc_sf_free(m->sf);
  free(m->sf_valid);
  free(m->sf_flit);
  free(m);
}

/* Bytes m holds (its own arrays and the store-and-forward engines' link
** registers; not the engines' memories). */
size_t hc_model_mem(const hc_model *m) {
  size_t n = m->n, s = sizeof *m;
  s += n * m->nstride + (n + 63u) / 64u * sizeof *m->act + n * (sizeof *m->vis + sizeof *m->ord);
  s += m->nmvcap * sizeof *m->mv;
  if (m->sf_valid) s += n * m->d * (sizeof *m->sf_valid + sizeof *m->sf_flit);
  return s;
}

/*
** Put m in the reset state: every FIFO empty, no output busy, no input
** waiting, age matrix and counters cleared. Flit slots are cleared too so
** that a reset model is bit-for-bit a new one.
*/
void hc_model_reset(hc_model *m) {
  size_t n;
  assert(m != NULL);
  n = m->n;
  if (m->dirty) memset(m->mem, 0, n * m->nstride);
  m->dirty = 0;
  memset(m->act, 0, (n + 63u) / 64u * sizeof *m->act);
  m->nact = 0;
  m->tau = m->xi = m->overlap = 0;
  m->ak_live = 0;
  m->idle_q = 1;
  if (m->sf != NULL) hc_sf_reset(m->sf);
  m->op_pending = 0;
  m->sf_live = 0;
  m->sf_mode = HC_MODE_WORMHOLE;
  for (unsigned k = 0; k < m->d; k++) m->remap[k] = (uint8_t)k;
  m->remap_we = 0;
  m->remap_id = 1;
}

/* Visit every node in every cycle, or only the live ones; see hc_model.h. */
void hc_model_set_dense(hc_model *m, int dense) {
  assert(m != NULL);
  m->dense = dense != 0;
}

/* Arm a write of the NI address map; see hc_model.h. */
int hc_model_set_remap(hc_model *m, const uint8_t *perm) {
  uint32_t seen = 0;
  assert(m != NULL);
  if (perm == NULL) return HC_EPARAM;
  for (unsigned k = 0; k < m->d; k++) {
    if (perm[k] >= m->d || (seen >> perm[k]) & 1u) return HC_EPARAM;
    seen |= 1u << perm[k];
  }
  memcpy(m->remap_next, perm, m->d);
  m->remap_we = 1;
  return HC_OK;
}

/* The store-and-forward engines, allocated on first use with the
** configuration's geometry. Returns HC_OK, HC_EPARAM or HC_ENOMEM. */
static int hc_model_sf(hc_model *m) {
  if (m->sf == NULL) {
    size_t k = (size_t)m->n * m->d;
    if (m->d > 15) return HC_EPARAM;
    m->sf_valid = calloc(k, sizeof *m->sf_valid);
    m->sf_flit = calloc(k, sizeof *m->sf_flit);
    if (m->sf_valid == NULL || m->sf_flit == NULL ||
        hc_sf_new(m->d, m->w, m->cfg.sf, &m->sf) != 0) {
      free(m->sf_valid);
      free(m->sf_flit);
      m->sf_valid = NULL;
      m->sf_flit = NULL;
      m->sf = NULL;
      return HC_ENOMEM;
    }
  }
  return HC_OK;
}

/* Arm a configuration transaction; see hc_model.h. */
int hc_model_set_cfg(hc_model *m, const hc_cfg_op *op) {
  assert(m != NULL && op != NULL);
  int rc = hc_model_sf(m);
  if (rc != HC_OK) return rc;
  m->op = *op;
  m->op_pending = 1;
  return HC_OK;
}

/* The back door of the configuration port; see hc_model.h. */
int hc_model_backdoor(hc_model *m, const hc_cfg_op *op, uint32_t *rdata) {
  assert(m != NULL && op != NULL);
  int rc = hc_model_sf(m);
  if (rc != HC_OK) return rc;
  if (op->we & 1u) hc_sf_backdoor_write(m->sf, op);
  if (rdata) *rdata = hc_sf_backdoor_read(m->sf, op);
  return HC_OK;
}

/* The mode register for the coming cycle. */
unsigned hc_model_mode(const hc_model *m) {
  assert(m != NULL);
  return m->sf != NULL ? hc_sf_mode(m->sf) : HC_MODE_WORMHOLE;
}

/* The registered idle output: see hc_model.h. */
int hc_model_idle(const hc_model *m) {
  assert(m != NULL);
  return m->idle_q;
}

/* The cost-model registers for the coming cycle (0 before any write). */
static void hc_cost_regs(const hc_model *m, unsigned *tau, unsigned *xi, unsigned *overlap) {
  *tau = m->sf != NULL ? hc_sf_tau(m->sf) : 0;
  *xi = m->sf != NULL ? hc_sf_xi(m->sf) : 0;
  *overlap = m->sf != NULL ? hc_sf_overlap(m->sf) : 0;
}

/*
** Mode 3: whether node x's NI sends the head of its next message to the
** router in this cycle (from the registers at the start of the cycle): the
** front is a head, a path is held for it, the node's last message is
** complete and the local input has room.
*/
static int hc_ni_head_go(const hc_model *m, const hc_node *nd) {
  const hc_node *r = nd;
  const hc_node *q = nd;
  if (r->ni_cnt == 0 || q->strm || !q->held || q->cc != 0) return 0;
  if (!hc_kind_is_head(hc_flit_kind(m->w, hc_nibuf(nd)[r->ni_head]))) return 0;
  return hc_pt(m, nd, m->d)->cnt < m->b;
}

/* Whether node nd's NI accepts a path set-up, in mode 3, with the overlap
** register at overlap. */
static int hc_ni_probe_ready(const hc_model *m, const hc_node *nd, unsigned overlap) {
  const hc_node *q = nd;
  if (q->su != 0) return 0;
  if (!overlap) return !q->held && !q->strm && q->cc == 0;
  return !q->held || hc_ni_head_go(m, nd);
}

/* Whether node x's NI accepts a path set-up; see hc_model.h. */
int hc_model_probe_ready(const hc_model *m, unsigned x) {
  unsigned tau, xi, overlap;
  assert(m != NULL && x < m->n);
  if (x >= m->n || hc_model_mode(m) != HC_MODE_CIRCUIT) return 0;
  hc_cost_regs(m, &tau, &xi, &overlap);
  return hc_ni_probe_ready(m, hc_nd(m, x), overlap);
}

/* Arm a path set-up for the next step; see hc_model.h. */
void hc_model_probe(hc_model *m, unsigned x, uint32_t dest) {
  assert(m != NULL && x < m->n);
  assert(hc_model_probe_ready(m, x)); /* the caller offers only when ready */
  if (x >= m->n) return;
  hc_nd(m, x)->pin = 1;
  hc_nd(m, x)->pdest = dest & m->nmask;
  hc_act_set(m, x);
  m->dirty = 1;
}

/* Offer a flit to node x's NI in the next step; see hc_model.h. */
void hc_model_offer(hc_model *m, unsigned x, uint32_t flit) {
  assert(m != NULL && x < m->n);
  if (x >= m->n) return;
  hc_node *nd = hc_nd(m, x);
  assert(!nd->inj_on); /* one flit per node and cycle */
  nd->inj_on = 1;
  nd->inj = flit;
  hc_act_set(m, x);
  m->dirty = 1;
}

/* The registered inj_ready of node x: its NI count < inj_depth. */
int hc_model_inj_ready(const hc_model *m, unsigned x) {
  assert(m != NULL && x < m->n);
  if (x >= m->n) return 0;
  return hc_nd(m, x)->ni_cnt < m->ni;
}

/* The configuration m was created with; valid for m's lifetime. */
const hc_cfg *hc_model_cfg(const hc_model *m) {
  assert(m != NULL);
  return &m->cfg;
}

/*
** Counter id of output port (0..d, d = ejection) of node x, as the RTL read
** port shows it. Out-of-range arguments assert and read as 0.
*/
uint32_t hc_model_counter(const hc_model *m, unsigned x, unsigned port,
                          unsigned id) {
  assert(m != NULL && x < m->n && port <= m->d && id < HC_CNT_ALL);
  if (x >= m->n || port > m->d || id >= HC_CNT_ALL) return 0;
  if (id >= HC_CNT_NUM) return m->sf != NULL ? hc_sf_counter(m->sf, x, port, id) : 0;
  return hc_pt(m, hc_nd(m, x), port)->ctr[id];
}

/* ----------------------------------------------------------------- visit */

/*
** What pass 1 works on at one node: the node, its ports, the constants of
** the configuration copied out of the model (stores through the FIFO slots
** could otherwise alias them and force reloads), the links written and the
** cycle's work lists.
*/
typedef struct hc_visit {
  hc_model *m;
  hc_obs *obs;
  unsigned x;
  hc_node *nd;
  unsigned char *pb; /* port 0 of nd */
  size_t ps;         /* port stride */
  unsigned d, b, w;
  uint32_t nmask;
  unsigned tau;
  int sfm;           /* mode 1: the links belong to the store-and-forward engines */
  int saf;           /* mode 2: store-and-forward by header */
  int rr;            /* cfg.route_reg: a head requests from its second cycle at the front */
  uint32_t popped;   /* the inputs of v's router popped in this cycle so far (hc_send) */
  int lean;          /* hc_visit_lean may take the nodes it can */
  uint32_t links;    /* the links of x written on obs (flits, probes) */
  hc_obs *ejo;       /* where the ejections go: obs, lean or not (obs: NULL when lean) */
  uint64_t *mvf;     /* pass 2's flits: the next free entry at the front of m->mv */
  uint64_t *mvb;     /* pass 2's probes: the last entry taken at the back */
} hc_visit;

static inline hc_port *hc_vp(const hc_visit *v, unsigned p) {
  return (hc_port *)(v->pb + (size_t)p * v->ps);
}

/* The front flit of input port pp (FIFO nonempty). */
static inline uint32_t hc_front(const hc_port *pp) {
  assert(pp->cnt > 0);
  return pp->buf[pp->head];
}

/*
** Append flit f at the tail of input p (record pp) of node nd, FIFO depth b,
** which must have room; ends: f is a head addressed to nd. Correct whether
** or not the FIFO's pop of this cycle is already applied: the tail slot
** head+cnt is the same before and after.
*/
static inline void hc_fifo_push(hc_node *nd, hc_port *pp, unsigned p, unsigned b, unsigned w,
                                uint32_t f, int ends) {
  unsigned slot = (unsigned)pp->head + pp->cnt;
  assert(pp->cnt < b);
  if (slot >= b) slot -= b;
  pp->buf[slot] = f;
  pp->cnt++;
  pp->ends = (uint8_t)(pp->ends + (ends != 0));
  nd->nonempty |= 1u << p;
  if (hc_kind_is_tail(hc_flit_kind(w, f))) {
    pp->tails++;
    nd->hastail |= 1u << p;
  }
}

/* A new flit reaches the front of link input p (record pp) of node nd at
** the end of this cycle: its wait starts over at tau. With tau 0 and no
** wait running it changes nothing that is read (fw is read only while its
** twait bit is set), and the callers skip it. */
HC_HOT void hc_front_wait_load(hc_node *nd, hc_port *pp, unsigned p, unsigned tau) {
  pp->fw = (uint8_t)tau;
  nd->twait = (nd->twait & ~(1u << p)) | (uint32_t)(tau != 0) << p;
}

/* Count down the front-wait counters of the link inputs of v's router
** (tau). Before its sends: a pop reloads the counter of its input. Nobody
** else reads them. */
static void hc_front_wait_tick(hc_visit *v) {
  hc_node *r = v->nd;
  for (uint32_t s = r->twait; s; s &= s - 1u) {
    unsigned p = hc_ctz(s);
    if (--hc_vp(v, p)->fw == 0) r->twait &= ~(1u << p);
  }
}

/*
** Registered ready of output o of v's router: 1 for the ejection port
** (o == d), else whether the neighbour's input o had count < B at the start
** of the cycle (nd->full, which only pass 2 changes).
*/
static inline int hc_out_ready(const hc_visit *v, unsigned o) {
  if (o == v->d) return 1;
  if (v->sfm) return 0; /* mode 1: the links belong to the SF engines */
  return !(v->nd->full >> o & 1u);
}

/*
** The router sends f, the front of input p, on output o (o == d: the
** ejection port) in this cycle: show it on obs, pop it now (nothing of this
** router reads the FIFO again in this cycle, and no other router reads it:
** a sender knows its neighbour's room from its full bit), and queue the
** push into the neighbour for pass 2. A link input that was full tells its
** sender in the commit; the NI saw the local count of the cycle's start.
*/
HC_HOT void hc_send(hc_visit *v, unsigned p, unsigned o, uint32_t f) {
  /* Locals: the byte stores below may alias anything, so fields of v
  ** read after them would be read again. */
  hc_node *nd = v->nd;
  hc_port *pp = hc_vp(v, p);
  const unsigned b = v->b, d = v->d, tau = v->tau, x = v->x, cnt = pp->cnt;
  const int tail = hc_kind_is_tail(hc_flit_kind(v->w, f));
  unsigned h = pp->head;
  assert(cnt > 0 && pp->buf[h] == f);
  if (++h == b) h = 0;
  pp->head = (uint8_t)h;
  pp->cnt = (uint8_t)(cnt - 1u);
  v->popped |= 1u << p;
  if (cnt == 1u) nd->nonempty &= ~(1u << p);
  if (tail && --pp->tails == 0) nd->hastail &= ~(1u << p);
  if (tail && o == d) {
    assert(pp->ends > 0); /* only messages addressed here are ejected */
    pp->ends--;
  }
  if (p < d) {
    if (cnt == b) nd->unfull |= 1u << p;
    if (tau | (nd->twait >> p & 1u)) hc_front_wait_load(nd, pp, p, tau);
  }
  if (o < d) {
    assert(v->mvf < v->mvb);
    *v->mvf++ = (uint64_t)f << 32 | (uint64_t)((x ^ (1u << o)) << 5 | o);
    v->links |= 1u << o;
    if (v->obs != NULL) {
      const size_t l = (size_t)x * d + o;
      v->obs->link_valid[l] = 1;
      v->obs->link_flit[l] = f;
    }
  } else if (v->ejo != NULL) {
    hc_obs *e = v->ejo;
    e->ej_valid[x] = 1;
    e->ej_flit[x] = f;
    e->ej_node[e->ej_count++] = x;
  }
}

/* ------------------------------------------------------------ allocation */

/*
** The oldest of the inputs rq that request one output (wq: those of them
** that waited last cycle), by step 4 of "One cycle of a router".
*/
static unsigned hc_oldest(const hc_visit *v, uint32_t rq, uint32_t wq) {
  if (wq == 0) return hc_ctz(rq); /* all new: lowest port */
  if ((wq & (wq - 1u)) == 0) return hc_ctz(wq); /* one waiting input: it is the oldest */
  for (uint32_t t = wq; t; t &= t - 1u) {
    unsigned p = hc_ctz(t);
    if ((hc_vp(v, p)->older & wq) == (wq & ~(1u << p))) return p;
  }
  assert(0 && "waiting inputs are totally ordered");
  return v->d + 1u;
}

/* Step 9 for v's router: wait flags and age matrix from this cycle's requests. */
static void hc_age_update(hc_visit *v, uint32_t req, uint32_t wt, uint32_t waitn) {
  if ((waitn | wt) == 0) return;
  for (uint32_t s = waitn; s; s &= s - 1u) {
    unsigned p = hc_ctz(s);
    hc_port *pp = hc_vp(v, p);
    uint32_t row;
    if (wt >> p & 1u) /* before every new one, and the old order */
      row = (req & ~wt) | (pp->older & wt);
    else /* new: before the new ones of higher port */
      row = req & ~wt & ~((2u << p) - 1u);
    pp->older = row & waitn;
  }
  for (uint32_t s = wt & ~waitn; s; s &= s - 1u) hc_vp(v, hc_ctz(s))->older = 0;
}

/* The blocked and max-waiting counters of an output that nw heads wanted in vain. */
static inline void hc_ctr_blocked(uint32_t *c, unsigned nw) {
  if (nw == 0) return;
  c[HC_CNT_BLOCKED]++;
  if (nw > c[HC_CNT_MAX_WAITING]) c[HC_CNT_MAX_WAITING] = nw;
}

/*
** Step 4's ranking of the requesting inputs req (wt of them waiting) of
** v's router, oldest first, into order[]; returns how many. The waiting
** inputs come first, in the order of the age matrix, then the new ones by
** port number.
*/
static unsigned hc_age_order(const hc_visit *v, uint32_t req, uint32_t wt, unsigned *order) {
  unsigned k = 0;
  uint32_t s;
  for (uint32_t rem = wt; rem;) {
    unsigned p = v->d + 1u;
    for (s = rem; s; s &= s - 1u) {
      unsigned q = hc_ctz(s);
      if ((hc_vp(v, q)->older & rem) == (rem & ~(1u << q))) {
        p = q;
        break;
      }
    }
    assert(p <= v->d); /* waiting inputs are totally ordered */
    order[k++] = p;
    rem &= ~(1u << p);
  }
  for (s = req & ~wt; s; s &= s - 1u) order[k++] = hc_ctz(s);
  return k;
}

/* Grant input p's front f on free output o (step 7): count it, send it,
** and for a HEAD make p the owner of o in *newbusy and *hold. */
static void hc_grant(hc_visit *v, unsigned p, unsigned o, uint32_t f, uint32_t *newbusy,
                     uint32_t *hold) {
  hc_port *po = hc_vp(v, o);
  uint32_t *c = po->ctr;
  const unsigned kind = hc_flit_kind(v->w, f);
  c[HC_CNT_FLITS]++;
  c[HC_CNT_BUSY]++;
  if (hc_kind_is_head(kind)) c[HC_CNT_MESSAGES]++;
  if (kind == HC_KIND_HEAD) {
    *newbusy |= 1u << o;
    po->owner = (uint8_t)p;
    *hold |= 1u << p;
  }
  hc_send(v, p, o, f);
}

/*
** Steps 3, 4 and 7 of v's router under a routing function other than e-cube
** (cfg.routing, hc_route.h), for the requesting inputs req (wt of them
** waiting) with the outputs bz busy at the start of the cycle. Every head
** gets the set of outputs its routing function permits. Then, oldest head
** first (the age order of step 4), each takes the lowest-numbered permitted
** output that is not busy, ready and not yet taken in this cycle (Hou et
** al., section 6: the oldest header wins, and among several available
** channels the lowest dimension is chosen); a head with none waits. For
** e-cube, whose sets have one output each, this is exactly step 7. The
** blocked and max_waiting counters of output o count the heads that were
** permitted o and granted nothing. Grants update *newbusy, *hold, owner,
** the counters and the sends as in step 7. Returns the inputs granted.
*/
HC_COLD uint32_t hc_alloc_adaptive(hc_visit *v, uint32_t req, uint32_t wt, uint32_t bz,
                                  uint32_t *newbusy, uint32_t *hold) {
  uint32_t allow[HC_MODEL_MAX_D + 1], front[HC_MODEL_MAX_D + 1];
  uint32_t want = 0, ready = 0, taken = 0, granted = 0, s;
  unsigned order[HC_MODEL_MAX_D + 1], k;

  for (s = req; s; s &= s - 1u) {
    unsigned p = hc_ctz(s);
    front[p] = hc_front(hc_vp(v, p));
    allow[p] = hc_route_allowed(v->m->cfg.routing, v->d, v->x, front[p] & v->nmask, p);
    assert(allow[p] != 0);
    want |= allow[p];
  }
  for (s = want & ~bz; s; s &= s - 1u)
    if (hc_out_ready(v, hc_ctz(s))) ready |= s & (~s + 1u);
  k = hc_age_order(v, req, wt, order);

  for (unsigned i = 0; i < k; i++) {
    const unsigned p = order[i];
    const uint32_t avail = allow[p] & ready & ~taken;
    if (avail == 0) continue;
    const unsigned o = hc_ctz(avail);
    taken |= 1u << o;
    granted |= 1u << p;
    hc_grant(v, p, o, front[p], newbusy, hold);
  }

  for (s = want; s; s &= s - 1u) {
    const unsigned o = hc_ctz(s);
    unsigned nw = 0;
    for (uint32_t t = req & ~granted; t; t &= t - 1u) nw += allow[hc_ctz(t)] >> o & 1u;
    hc_ctr_blocked(hc_vp(v, o)->ctr, nw);
  }
  return granted;
}

/*
** Step 6 of v's router: the busy outputs bz carry their owners' next flits
** (ne: the nonempty inputs); a TAIL frees its output in *newbusy and its
** input in *hold. The heads routed to a held output all wait: omask and
** reqo (step 3) count them.
*/
HC_HOT void hc_stream(hc_visit *v, uint32_t bz, uint32_t ne, uint32_t *newbusy, uint32_t *hold,
                      uint32_t omask, const uint32_t *reqo) {
  const unsigned w = v->w;
  for (uint32_t s = bz; s; s &= s - 1u) {
    const unsigned o = hc_ctz(s);
    hc_port *po = hc_vp(v, o);
    const unsigned p = po->owner;
    uint32_t *c = po->ctr;
    assert(*hold >> p & 1u);
    c[HC_CNT_BUSY]++;
    if ((ne >> p & 1u) && hc_out_ready(v, o)) {
      const uint32_t f = hc_front(hc_vp(v, p));
      const unsigned kind = hc_flit_kind(w, f);
      c[HC_CNT_FLITS]++;
      if (hc_kind_is_head(kind)) c[HC_CNT_MESSAGES]++;
      if (kind == HC_KIND_TAIL) {
        *newbusy &= ~(1u << o);
        *hold &= ~(1u << p);
      }
      hc_send(v, p, o, f);
    }
    if (omask >> o & 1u) hc_ctr_blocked(c, hc_popcount(reqo[o])); /* heads routed to a held output all wait */
  }
}

/*
** Pass 1 for v's router with heads requesting (req, wt of them waiting
** since last cycle): steps 3 to 9 of "One cycle of a router".
*/
HC_COLD void hc_router_requests(hc_visit *v, uint32_t req, uint32_t wt) {
  hc_node *nd = v->nd;
  hc_node *r = nd;
  const unsigned d = v->d;
  const uint32_t ne = r->nonempty, bz = r->busy;
  uint32_t hold = r->hold, newbusy = bz, granted = 0, waitn;
  uint32_t omask = 0;                       /* outputs requested */
  uint32_t reqo[HC_MODEL_MAX_D + 1];        /* requesters of each output */
  uint32_t s;

  /* Step 3: route every requesting head (e-cube; another routing function
  ** routes and allocates in hc_alloc_adaptive, after step 6). */
  if (v->m->cfg.routing == HC_ROUTE_ECUBE) {
    for (s = req; s; s &= s - 1u) {
      unsigned p = hc_ctz(s), o;
      uint32_t diff = (hc_front(hc_vp(v, p)) & v->nmask) ^ v->x;
      o = diff ? hc_ctz(diff) : d;
      if (!(omask >> o & 1u)) {
        omask |= 1u << o;
        reqo[o] = 0;
      }
      reqo[o] |= 1u << p;
    }
  }

  hc_stream(v, bz, ne, &newbusy, &hold, omask, reqo);

  if (v->m->cfg.routing != HC_ROUTE_ECUBE)
    granted = hc_alloc_adaptive(v, req, wt, bz, &newbusy, &hold);

  /* Steps 4 and 7: each free requested output serves its oldest requester. */
  for (s = omask & ~bz; s; s &= s - 1u) {
    unsigned o = hc_ctz(s), win, nw;
    uint32_t rq = reqo[o];
    win = hc_oldest(v, rq, rq & wt);
    nw = hc_popcount(rq);
    if (hc_out_ready(v, o)) {
      granted |= 1u << win;
      nw--;
      hc_grant(v, win, o, hc_front(hc_vp(v, win)), &newbusy, &hold);
    }
    hc_ctr_blocked(hc_vp(v, o)->ctr, nw);
  }

  /* Step 9: wait and the age matrix. */
  waitn = req & ~granted;
  hc_age_update(v, req, wt, waitn);
  r->wait = waitn;
  r->busy = newbusy;
  r->hold = hold;
}

/*
** The end of pass 1 of v's router (its pops done, the pushes of pass 2 and
** of its NI still to come), ne0 its nonempty inputs at the start of the
** cycle: with the registered route, an input's front is seen in the next
** cycle if the input was nonempty at the start of this one and was not
** popped (a flit behind a popped one is a new front, not yet seen). A node
** no visit reaches has no flit, so its seen bits, always within nonempty,
** are 0.
*/
HC_HOT void hc_route_seen(hc_visit *v, uint32_t ne0) {
  if (v->rr) v->nd->seen = ne0 & ~v->popped;
}

/*
** Pass 1 for v's router, which has a nonempty input or a busy output: steps
** 2..9 of "One cycle of a router". Decides from start-of-cycle state only
** (its own registers, among them the full bits of its outputs; every front
** it sends is read before it is popped); updates busy, owner, hold, wait,
** the age matrix and the counters, which nobody else reads, and sends. A
** router with no head requesting only streams (step 6), the common case.
*/
HC_HOT void hc_router_pass1(hc_visit *v) {
  hc_node *r = v->nd;
  const uint32_t wt = r->wait, ne0 = r->nonempty;
  /* Mode 2: a head requests only once its whole message is in its buffer;
  ** a head that came over a link waits tau cycles at the front first; with
  ** the registered route, it requests from its second cycle there on. */
  const uint32_t req = r->nonempty & ~r->hold & ~r->twait & (v->saf ? r->hastail : ~0u) &
                       (v->rr ? r->seen : ~0u);

  assert((wt & ~req) == 0);       /* a waiting input still requests */
  if (r->twait) hc_front_wait_tick(v);
  if (req != 0) {
    hc_router_requests(v, req, wt);
  } else { /* wt is 0 too: nothing waits, nothing for the age matrix */
    uint32_t newbusy = r->busy, hold = r->hold;
    hc_stream(v, r->busy, r->nonempty, &newbusy, &hold, 0, NULL);
    r->busy = newbusy;
    r->hold = hold;
  }
  hc_route_seen(v, ne0);
}

/*
** Pass 1 for v's router in mode 3, circuit switching (docs/microarchitecture.md,
** "Circuit switching"). Requests: a probe whose tau is over asks for the link
** of its next hop (not while its input already has a queued reservation or a
** data head asking); a data head whose input holds no current reservation is
** at its destination and asks for the ejection port. A free link goes to the
** oldest probe asking (reserved: owner, queued behind the owner's current
** reservation if it has one, the hops left after it); a free ejection port to
** the oldest data head, as in wormhole mode. A current reservation streams its
** owner's flits; a TAIL or SINGLE frees it, the owner's queued reservation
** becomes current, and the link lingers for the hops the tail still has to
** go. Probes at their destination complete and start an acknowledgement, which
** every router sends back to the owner of the output it came in on. Decides
** from start-of-cycle state only; the probes granted go to the back of m->mv
** for pass 2, the acknowledgements of the end of the cycle into ak_next.
*/
/*
** Whether the probe at input p of v's router may ask for a link in mode 3
** (hold, bz: the router's hold and busy masks at the start of the cycle).
** Data reach an input in the order of its reservations, but a message that
** ends here reserves nothing there: a reservation that became current while
** such a message's data are still in the input would carry them off (under
** ejection contention several of them can wait in one input, behind the one
** being ejected). So the probe asks only while no message that ends here is
** in the input, or the only one is being ejected (p holds the ejection port,
** and the reservation is queued behind it).
*/
static int hc_cs_clear(const hc_visit *v, unsigned p, uint32_t hold, uint32_t bz) {
  const unsigned e = hc_vp(v, p)->ends, d = v->d;
  if (e == 0) return 1;
  return e == 1 && (hold >> p & 1u) && (bz >> d & 1u) && hc_vp(v, d)->owner == p;
}

HC_COLD void hc_router_pass1_cs(hc_visit *v) {
  hc_model *m = v->m;
  hc_node *nd = v->nd;
  hc_node *r = nd;
  const unsigned d = v->d, w = v->w, x = v->x;
  const uint32_t ne = r->nonempty, bz = r->busy, lg = r->ling, nx = r->nxt, wt = r->wait;
  uint32_t hold = r->hold, holdn = r->holdn, newbusy = bz, newnxt = nx, newling = lg;
  uint32_t newpv = r->pv, granted = 0, dreq = 0, preq = 0, done = 0, ak = 0, omask = 0, req;
  uint32_t reqo[HC_MODEL_MAX_D + 1];
  uint32_t s;

  assert((wt & ~(ne | r->pv)) == 0);
  assert((bz & lg) == 0 && (nx & ~bz) == 0);
  hc_front_wait_tick(v);

  /* Requests. Data reach an input in the order of its reservations, so a
  ** front without a current one is the head of a message at its destination. */
  for (s = ne & ~hold; s; s &= s - 1u) {
    unsigned p = hc_ctz(s);
    uint32_t f = hc_front(hc_vp(v, p));
    assert(hc_kind_is_head(hc_flit_kind(w, f)) && (f & v->nmask) == x);
    (void)f;
    dreq |= 1u << p;
  }
  for (s = r->pv; s; s &= s - 1u) {
    unsigned p = hc_ctz(s);
    const hc_port *pp = hc_vp(v, p);
    if (pp->pw != 0) continue;
    /* A probe to its own node completes only once the local input holds
    ** no reservation: the message has none, and its data must not wait in
    ** the input behind a path's tail that a later reservation could take. */
    if (pp->pd == x) {
      if (p != d || !((hold | holdn) >> p & 1u)) done |= 1u << p;
    } else if (!((holdn | dreq) >> p & 1u) && hc_cs_clear(v, p, hold, bz)) {
      preq |= 1u << p;
    }
  }
  req = dreq | preq;
  for (s = req; s; s &= s - 1u) {
    unsigned p = hc_ctz(s);
    unsigned o = (dreq >> p & 1u) ? d : hc_ctz(hc_vp(v, p)->pd ^ x);
    if (!(omask >> o & 1u)) {
      omask |= 1u << o;
      reqo[o] = 0;
    }
    reqo[o] |= 1u << p;
  }

  /* Reserved outputs: a current reservation streams its owner's flits. */
  for (s = bz; s; s &= s - 1u) {
    unsigned o = hc_ctz(s);
    hc_port *po = hc_vp(v, o);
    unsigned p = po->owner;
    uint32_t *c = po->ctr;
    c[HC_CNT_BUSY]++;
    if (!(nx >> o & 1u) && (ne >> p & 1u) && hc_out_ready(v, o)) {
      uint32_t f = hc_front(hc_vp(v, p));
      unsigned kind = hc_flit_kind(w, f);
      c[HC_CNT_FLITS]++;
      if (hc_kind_is_head(kind)) c[HC_CNT_MESSAGES]++;
      if (hc_kind_is_tail(kind)) {
        newbusy &= ~(1u << o);
        hold &= ~(1u << p);
        if (o < d && po->rem != 0) {
          po->lc = po->rem;
          newling |= 1u << o;
        }
        if (holdn >> p & 1u) { /* the owner's queued reservation becomes current */
          for (uint32_t t = bz & nx; t; t &= t - 1u) {
            unsigned q = hc_ctz(t);
            if (hc_vp(v, q)->owner == p) newnxt &= ~(1u << q);
          }
          holdn &= ~(1u << p);
          hold |= 1u << p;
        }
      }
      hc_send(v, p, o, f);
    }
    if (omask >> o & 1u) hc_ctr_blocked(c, hc_popcount(reqo[o]));
  }

  /* Lingering links: held until the tail they carried has arrived. */
  for (s = lg; s; s &= s - 1u) {
    unsigned o = hc_ctz(s);
    hc_port *po = hc_vp(v, o);
    po->ctr[HC_CNT_BUSY]++;
    if (--po->lc == 0) newling &= ~(1u << o);
    if (omask >> o & 1u) hc_ctr_blocked(po->ctr, hc_popcount(reqo[o]));
  }

  /* Free outputs: a link is reserved for the oldest probe asking, the
  ** ejection port granted to the oldest data head. */
  for (s = omask & ~bz & ~lg; s; s &= s - 1u) {
    unsigned o = hc_ctz(s);
    uint32_t rq = reqo[o];
    unsigned win = hc_oldest(v, rq, rq & wt), nw = hc_popcount(rq) - 1u;
    hc_port *po = hc_vp(v, o);
    uint32_t *c = po->ctr;
    granted |= 1u << win;
    c[HC_CNT_BUSY]++;
    if (o == d) {
      uint32_t f = hc_front(hc_vp(v, win));
      unsigned kind = hc_flit_kind(w, f);
      c[HC_CNT_FLITS]++;
      c[HC_CNT_MESSAGES]++;
      if (kind == HC_KIND_HEAD) {
        newbusy |= 1u << o;
        po->owner = (uint8_t)win;
        hold |= 1u << win;
      }
      hc_send(v, win, o, f);
    } else {
      uint32_t dest = hc_vp(v, win)->pd;
      newbusy |= 1u << o;
      po->owner = (uint8_t)win;
      if (hold >> win & 1u) { /* behind the input's current reservation */
        newnxt |= 1u << o;
        holdn |= 1u << win;
      } else {
        newnxt &= ~(1u << o);
        hold |= 1u << win;
      }
      po->rem = (uint8_t)(hc_popcount(dest ^ x) - 1u);
      newpv &= ~(1u << win);
      if (v->obs != NULL) {
        v->obs->probe_valid[(size_t)x * d + o] = 1;
        v->obs->probe_dest[(size_t)x * d + o] = dest;
      }
      v->links |= 1u << o;
      assert(v->mvf < v->mvb);
      *--v->mvb = (uint64_t)dest << 32 | (uint64_t)((x ^ (1u << o)) << 5 | o);
    }
    hc_ctr_blocked(c, nw);
  }

  /* Completions start acknowledgements; an acknowledgement that arrives on an
  ** output goes back to the input that owns it. */
  for (s = done; s; s &= s - 1u) newpv &= ~(1u << hc_ctz(s));
  ak = done;
  for (s = bz; s; s &= s - 1u) {
    unsigned o = hc_ctz(s);
    if (o < d && (hc_nd(m, x ^ (1u << o))->ak >> o & 1u)) {
      unsigned p = hc_vp(v, o)->owner;
      assert(!(ak >> p & 1u)); /* one acknowledgement per input and cycle */
      ak |= 1u << p;
    }
  }
  for (s = newpv; s; s &= s - 1u) {
    hc_port *pp = hc_vp(v, hc_ctz(s));
    if (pp->pw != 0) pp->pw--;
  }

  hc_age_update(v, req, wt, req & ~granted);
  r->wait = req & ~granted;
  r->busy = newbusy;
  r->hold = hold;
  r->holdn = holdn;
  r->nxt = newnxt;
  r->ling = newling;
  r->pv = newpv;
  r->ak_next = ak;
  if (ak) m->ak_live = 1;
  hc_route_seen(v, ne); /* mode 3's data heads do not read it; a later mode may */
}

/* Apply the NI address map to a destination. */
static uint32_t hc_remap_dest(const hc_model *m, uint32_t dest) {
  uint32_t phys = 0;
  if (m->remap_id) return dest;
  for (unsigned k = 0; k < m->d; k++) phys |= ((dest >> m->remap[k]) & 1u) << k;
  return phys;
}

/*
** The NI FIFO of v's node in one cycle (pass 1, after its router): hands
** its front flit to the router's local input (in mode 3, cs, only the data
** of a path held, a message after the last one is complete), accepts the
** flit offered (offer: flit), counts the xi wait and the completion count
** down. lcnt0 is the local input's count at the start of the cycle. Only
** the NI and its router read what it changes.
*/
HC_HOT void hc_ni_fifo(hc_visit *v, int cs, int offer, uint32_t flit, unsigned lcnt0) {
  const hc_model *m = v->m;
  hc_node *nd = v->nd;
  hc_node *r = nd;
  hc_node *q = nd;
  uint32_t *nib = hc_nibuf(nd);
  const unsigned d = v->d, x = v->x, ni = m->ni, nc = r->ni_cnt;
  int pop = 0, load = 0;
  if (nc && lcnt0 < v->b) {
    uint32_t f = nib[r->ni_head];
    unsigned kind = hc_flit_kind(v->w, f);
    if (!cs) {
      pop = !hc_kind_is_head(kind) || q->xw == 0;
    } else if (q->strm) {
      pop = 1;
      if (kind == HC_KIND_TAIL) {
        q->strm = 0;
        load = 1;
      }
    } else {
      assert(hc_kind_is_head(kind)); /* between messages the front is a head */
      if (q->held && q->cc == 0) {
        uint32_t dest = hc_remap_dest(m, f & v->nmask);
        assert(dest == q->hd); /* the data of the path held */
        pop = 1;
        q->held = 0;
        q->ch = (uint8_t)hc_popcount(dest ^ x);
        if (kind == HC_KIND_SINGLE) load = 1;
        else q->strm = 1;
      }
    }
    if (pop) {
      unsigned h = r->ni_head;
      const uint32_t pf = hc_remap_head(m, f);
      hc_fifo_push(nd, hc_vp(v, d), d, v->b, v->w, pf,
                   hc_kind_is_head(hc_flit_kind(v->w, pf)) && (pf & m->nmask) == x);
      if (++h == ni) h = 0;
      r->ni_head = (uint8_t)h;
      r->ni_cnt--;
    }
  }
  if (load) q->cc = (uint8_t)(q->ch ? q->ch - 1u : 0u);
  else if (q->cc) q->cc--;
  if (pop || (nc == 0 && offer)) q->xw = (uint16_t)m->xi;
  else if (q->xw) q->xw--;
  if (offer) {
    assert(nc < ni); /* the caller offers only when inj_ready */
    if (nc < ni) {
      unsigned slot = (unsigned)r->ni_head + r->ni_cnt;
      if (slot >= ni) slot -= ni;
      nib[slot] = flit;
      r->ni_cnt++;
    }
  }
}

/*
** The path set-up of v's NI in mode 3 (after hc_ni_fifo): held0 and ack0
** are the router's held outputs and its acknowledgement to the NI at the
** start of the cycle, pready the NI's probe_ready.
*/
HC_COLD void hc_ni_setup(hc_visit *v, uint32_t held0, int ack0, int pready) {
  hc_node *nd = v->nd;
  hc_node *r = nd;
  hc_node *q = nd;
  const unsigned d = v->d, x = v->x;
  const hc_model *m = v->m;
  /* Mode 3: the set-up counts xi while its first link is free, then hands
  ** the probe to the router's local input; the acknowledgement means held. */
  if (q->su == 1) {
    uint32_t diff = q->sd ^ x;
    if (diff == 0 || !(held0 >> hc_ctz(diff) & 1u)) {
      if (q->sc == 0) {
        hc_port *pl = hc_vp(v, d);
        assert(!(r->pv >> d & 1u)); /* the local probe register is free */
        r->pv |= 1u << d;
        pl->pd = q->sd;
        pl->pw = 0;
        q->su = 2;
      } else {
        q->sc--;
      }
    }
  }
  if (ack0) {
    assert(q->su == 2 && !q->held);
    q->su = 0;
    q->held = 1;
    q->hd = q->sd;
  }
  if (q->pin) {
    assert(pready); /* the caller offers a set-up only when probe_ready */
    (void)pready;
    q->pin = 0;
    q->su = 1;
    q->sd = hc_remap_dest(m, q->pdest);
    q->sc = (uint16_t)m->xi;
  }
}

/* The NI of v's node in one cycle: hc_ni_fifo, then hc_ni_setup. */
HC_COLD void hc_ni_step(hc_visit *v, int offer, uint32_t flit, unsigned lcnt0, uint32_t held0,
                       int ack0, int pready) {
  hc_ni_fifo(v, v->m->sf_mode == HC_MODE_CIRCUIT, offer, flit, lcnt0);
  hc_ni_setup(v, held0, ack0, pready);
}

/* ----------------------------------------------------------- observation */

/* Return node x's entries of obs to an idle node's: no flit on its
** ejection port, inj_ready 1, probe_ready pr, and on its links of mask
** links no flit, probe or acknowledgement. */
static void hc_obs_idle_node(hc_obs *obs, unsigned d, unsigned x, uint32_t links, uint8_t pr) {
  for (; links; links &= links - 1u) {
    const size_t l = (size_t)x * d + hc_ctz(links);
    obs->link_valid[l] = 0;
    obs->link_flit[l] = 0;
    obs->probe_valid[l] = 0;
    obs->probe_dest[l] = 0;
    obs->link_ack[l] = 0;
  }
  obs->ej_valid[x] = 0;
  obs->ej_flit[x] = 0;
  obs->inj_ready[x] = 1;
  obs->probe_ready[x] = pr;
}

/*
** Make obs show an idle network (in mode 3, cs, every probe_ready 1) before
** the visits write what differs. Where obs lists the nodes it was written
** at (and their links), only those are rewritten; otherwise (a new record,
** one the RTL or the engines filled, a change of mode 3, the dense
** reference) all of it.
*/
static void hc_obs_begin(const hc_model *m, hc_obs *obs, int cs) {
  const size_t n = m->n, d = m->d;
  obs->sf_done = 0;
  obs->cfg_rdata = 0;
  if (obs->lean) { /* the ejections only */
    if (obs->ntouched != HC_OBS_ALL) {
      for (uint32_t i = 0; i < obs->ej_count; i++) {
        obs->ej_valid[obs->ej_node[i]] = 0;
        obs->ej_flit[obs->ej_node[i]] = 0;
      }
    } else {
      memset(obs->ej_valid, 0, n * sizeof *obs->ej_valid);
      memset(obs->ej_flit, 0, n * sizeof *obs->ej_flit);
    }
  } else if (!m->dense && obs->ntouched != HC_OBS_ALL && obs->probe_idle == (uint8_t)cs) {
    for (uint32_t i = 0; i < obs->ntouched; i++)
      hc_obs_idle_node(obs, m->d, obs->touched[i], obs->touched_links[i], (uint8_t)cs);
  } else {
    memset(obs->link_valid, 0, n * d * sizeof *obs->link_valid);
    memset(obs->link_flit, 0, n * d * sizeof *obs->link_flit);
    memset(obs->probe_valid, 0, n * d * sizeof *obs->probe_valid);
    memset(obs->probe_dest, 0, n * d * sizeof *obs->probe_dest);
    memset(obs->link_ack, 0, n * d * sizeof *obs->link_ack);
    memset(obs->ej_valid, 0, n * sizeof *obs->ej_valid);
    memset(obs->ej_flit, 0, n * sizeof *obs->ej_flit);
    memset(obs->inj_ready, 1, n * sizeof *obs->inj_ready);
    memset(obs->probe_ready, cs, n * sizeof *obs->probe_ready);
    obs->probe_idle = (uint8_t)cs;
  }
  obs->ntouched = 0;
  obs->ej_count = 0;
}

/*
** Node x's entries of obs beyond the flits and probes its router sent
** (written as they were sent, on the links of v->links): the
** acknowledgements ak0 of its link inputs, inj_ready 0 when full,
** probe_ready when it is not an idle node's; and x in the list of nodes
** written, with its links, when anything of it differs from the idle picture.
*/
static void hc_obs_node(const hc_visit *v, uint32_t ak0, int full, int pr_odd) {
  hc_obs *obs = v->obs;
  const unsigned d = v->d, x = v->x;
  const uint32_t akl = ak0 & ((1u << d) - 1u), links = v->links | akl;
  for (uint32_t s = akl; s; s &= s - 1u) obs->link_ack[(size_t)x * d + hc_ctz(s)] = 1;
  if (full) obs->inj_ready[x] = 0;
  if (pr_odd) obs->probe_ready[x] = (uint8_t)!obs->probe_idle;
  if (links | (unsigned)full | (unsigned)pr_odd | obs->ej_valid[x]) {
    obs->touched[obs->ntouched] = x;
    obs->touched_links[obs->ntouched++] = links;
  }
}

/* ----------------------------------------------------------------- cycle */

/*
** Pass 1 for node x: its router, its NI, its outputs on obs. Returns the
** node's share of the network's occupancy at the start of the cycle
** (nonzero when it held anything).
*/
static uint32_t hc_visit_node(hc_visit *v, unsigned x, int cs) {
  hc_model *m = v->m;
  hc_node *nd = hc_nd(m, x);
  v->x = x;
  v->nd = nd;
  v->pb = (unsigned char *)nd + m->port_off;
  v->links = 0;
  v->popped = 0;
  hc_node *r = nd;
  const hc_node *q = nd;
  /* the local input's count matters only to an NI holding a flit; on a
  ** large cube its line is far from the header, so it is not read else */
  const unsigned d = v->d, nc = r->ni_cnt, lcnt0 = nc ? hc_vp(v, d)->cnt : 0u;
  const int offer = nd->inj_on;
  const int pready = cs && hc_ni_probe_ready(m, nd, m->overlap);
  const uint32_t held0 = r->busy | r->ling, nis_busy = q->su | q->held | q->strm | q->cc;
  const uint32_t ak0 = r->ak;
  const uint32_t occupied = r->nonempty | held0 | nc | r->pv | ak0 | nis_busy;
  if (cs) {
    if (r->nonempty | held0 | r->pv) hc_router_pass1_cs(v);
  } else if (r->nonempty | r->busy) {
    hc_router_pass1(v);
  }
  if (nc | (unsigned)offer | nis_busy | q->pin | q->xw | (ak0 >> d & 1u))
    hc_ni_step(v, offer, nd->inj, lcnt0, held0, ak0 >> d & 1u, pready);
  nd->inj_on = 0;
  if (v->obs != NULL) hc_obs_node(v, ak0, nc >= m->ni, pready != cs);
  return occupied;
}

/*
** The visit of a node in modes 0 and 2 with nothing of mode 3 set (no
** probe, acknowledgement, lingering link or set-up), on a lean or no
** observation record, outside the dense reference (v->lean): its router's
** pass 1 and its NI's FIFO, the same code the full visit reaches, without
** the full visit's bookkeeping of mode 3 and of the observation. Returns
** 0, having changed nothing, when node x is not such a node; else 1, with
** it done as hc_visit_node and hc_after_visit would leave it (akpath is 0
** here): its occupancy ORed into *occupied, the nodes whose full inputs
** were popped in m->vis (*k), the node out of the active set if nothing is
** left.
*/
HC_HOT int hc_visit_lean(hc_visit *v, unsigned x, unsigned *k, uint32_t *occupied) {
  hc_model *m = v->m;
  hc_node *nd = hc_nd(m, x);
  hc_node *r = nd;
  hc_node *q = nd;
  if ((r->ling | r->pv | r->ak | q->su | q->held | q->strm | q->pin) != 0) return 0;
  v->x = x;
  v->nd = nd;
  v->pb = (unsigned char *)nd + m->port_off;
  v->links = 0;
  v->popped = 0;
  const unsigned nc = r->ni_cnt, lcnt0 = nc ? hc_vp(v, v->d)->cnt : 0u; /* as hc_visit_node's */
  const int offer = nd->inj_on;
  if (*occupied == 0) *occupied = r->nonempty | r->busy | nc | q->cc; /* hc_visit_node's, the rest 0 */
  if (r->nonempty | r->busy) hc_router_pass1(v);
  if (nc | (unsigned)offer | q->cc | q->xw) hc_ni_fifo(v, 0, offer, nd->inj, lcnt0);
  nd->inj_on = 0;
  if (nd->unfull) m->vis[(*k)++] = x;
  if ((r->nonempty | r->busy | r->ni_cnt | q->cc | q->xw) == 0) hc_act_clear(m, x);
  return 1;
}

/*
** After node x's visit: where acknowledgements do not move (not mode 3, none
** in flight: akpath 0), a node left with nothing leaves the active set now
** (a push or probe of pass 2 puts it back) and only the nodes whose full
** inputs were popped are kept for the commit; otherwise every node visited
** is, for the acknowledgements' commit. Returns the nodes kept, *k.
*/
HC_HOT void hc_after_visit(hc_model *m, const hc_node *nd, unsigned x, int akpath, unsigned *k) {
  if (akpath) {
    m->vis[(*k)++] = x;
  } else {
    if (nd->unfull) m->vis[(*k)++] = x;
    if (!hc_node_live(nd)) hc_act_clear(m, x);
  }
}

/*
** How many nodes ahead pass 1 asks for the lines it will need (and pass 2
** for its pushes): on a large cube the records of the nodes visited are far
** apart and a visit would otherwise wait for memory line after line.
*/
#define HC_AHEAD 16u

/* Ask for the lines of node x's visit (its header has been asked for
** HC_AHEAD visits before: the ports in use, the NI FIFO when it holds
** anything) and for node z's header, to come HC_AHEAD visits later. */
HC_HOT void hc_prefetch_node(const hc_model *m, unsigned x, unsigned z) {
  const hc_node *nd = hc_nd(m, x);
  const unsigned char *pb = (const unsigned char *)nd + m->port_off;
  for (uint32_t s = nd->busy | nd->nonempty; s; s &= s - 1u) {
    const unsigned char *pp = pb + (size_t)hc_ctz(s) * m->pstride;
    hc_prefetch(pp);
    hc_prefetch(pp + m->pstride - 1u);
  }
  if (nd->ni_cnt | nd->inj_on) hc_prefetch(hc_nibuf(nd));
  if (nd->ni_cnt) hc_prefetch(pb + (size_t)m->d * m->pstride); /* the local input's count */
  hc_prefetch(hc_nd(m, z));
}

/*
** Pass 1 over the nodes to visit: all of them in the dense reference, else
** the active set, in increasing order either way (the ejections' order on
** obs). The nodes the commit needs go to m->vis, *nvis of them.
*/
static uint32_t hc_pass1(hc_model *m, int cs, int akpath, hc_obs *obs, size_t *nmv, size_t *npm,
                         unsigned *nvis) {
  uint32_t occupied = 0;
  unsigned k = 0;
  hc_visit v;
  memset(&v, 0, sizeof v);
  v.m = m;
  v.obs = obs != NULL && !obs->lean ? obs : NULL;
  v.ejo = obs;
  v.ps = m->pstride;
  v.d = m->d;
  v.b = m->b;
  v.w = m->w;
  v.nmask = m->nmask;
  v.tau = m->tau;
  v.sfm = m->sf_mode == HC_MODE_SF;
  v.saf = m->sf_mode == HC_MODE_SAF;
  v.rr = m->cfg.route_reg != 0;
  v.lean = !m->dense && !cs && !akpath && !v.sfm && v.obs == NULL;
  v.mvf = m->mv;
  v.mvb = m->mv + m->nmvcap;
  if (m->dense) {
    for (unsigned x = 0; x < m->n; x++) {
      occupied |= hc_visit_node(&v, x, cs);
      hc_after_visit(m, v.nd, x, akpath, &k);
    }
  } else {
    const unsigned nw = (m->n + 63u) / 64u;
    if (m->pf) { /* the list first, to look ahead in it */
      unsigned na = 0;
      for (unsigned i = 0; i < nw; i++)
        for (uint64_t word = m->act[i]; word; word &= word - 1u) m->ord[na++] = i * 64u + hc_ctz64(word);
      for (unsigned i = 0; i < na; i++) {
        const unsigned x = m->ord[i];
        if (i + HC_AHEAD < na)
          hc_prefetch_node(m, m->ord[i + HC_AHEAD], i + 2u * HC_AHEAD < na ? m->ord[i + 2u * HC_AHEAD] : x);
        if (v.lean && hc_visit_lean(&v, x, &k, &occupied)) continue;
        occupied |= hc_visit_node(&v, x, cs);
        hc_after_visit(m, v.nd, x, akpath, &k);
      }
    } else {
      for (unsigned i = 0; i < nw; i++) {
        for (uint64_t word = m->act[i]; word; word &= word - 1u) {
          const unsigned x = i * 64u + hc_ctz64(word);
          if (v.lean && hc_visit_lean(&v, x, &k, &occupied)) continue;
          occupied |= hc_visit_node(&v, x, cs);
          hc_after_visit(m, v.nd, x, akpath, &k);
        }
      }
    }
  }
  *nvis = k;
  *nmv = (size_t)(v.mvf - m->mv);
  *npm = (size_t)(m->mv + m->nmvcap - v.mvb);
  return occupied;
}

/*
** Pass 2: the flits that crossed a link go into the neighbours' FIFOs (a new
** front of a link input starts its tau wait; a FIFO filled tells its
** sender), the probes granted move on, and every node they reach joins the
** active set.
*/
static void hc_pass2(hc_model *m, size_t nmv, size_t npm) {
  const unsigned b = m->b, w = m->w, tau = m->tau;
  const size_t ps = m->pstride, po = m->port_off;
  for (size_t i = 0; i < nmv; i++) {
    const uint64_t e = m->mv[i];
    if (m->pf && i + HC_AHEAD < nmv) {
      const uint32_t a = (uint32_t)m->mv[i + HC_AHEAD];
      const unsigned char *na = (const unsigned char *)hc_nd(m, a >> 5);
      hc_prefetch(na);
      hc_prefetch(na + po + (a & 31u) * ps);
    }
    const unsigned y = (uint32_t)e >> 5, o = (uint32_t)e & 31u;
    hc_node *ny = hc_nd(m, y);
    hc_port *pp = (hc_port *)((unsigned char *)ny + po + o * ps);
    if (pp->cnt == 0 && (tau | (ny->twait >> o & 1u))) hc_front_wait_load(ny, pp, o, tau);
    const uint32_t f = (uint32_t)(e >> 32);
    hc_fifo_push(ny, pp, o, b, w, f, hc_kind_is_head(hc_flit_kind(w, f)) && (f & m->nmask) == y);
    if (pp->cnt == b) hc_nd(m, y ^ (1u << o))->full |= 1u << o;
    hc_act_set(m, y);
  }
  for (size_t i = 0; i < npm; i++) {
    const uint64_t e = m->mv[m->nmvcap - 1u - i];
    const unsigned y = (uint32_t)e >> 5, o = (uint32_t)e & 31u;
    hc_node *ny = hc_nd(m, y);
    hc_port *pp = (hc_port *)((unsigned char *)ny + po + o * ps);
    assert(!(ny->pv >> o & 1u)); /* a probe moves into an empty register */
    ny->pv |= 1u << o;
    pp->pd = (uint32_t)(e >> 32);
    pp->pw = (uint8_t)tau;
    hc_act_set(m, y);
  }
}

/*
** The end of the cycle for the nodes kept by hc_after_visit: a FIFO that
** was full and popped tells its sender it has room; with akpath the
** acknowledgements advance and a node with nothing left leaves the active
** set.
*/
static void hc_commit(hc_model *m, unsigned nvis, int akpath) {
  if (akpath) m->ak_live = 0;
  for (unsigned i = 0; i < nvis; i++) {
    const unsigned x = m->vis[i];
    hc_node *nd = hc_nd(m, x);
    for (uint32_t s = nd->unfull; s; s &= s - 1u) {
      const unsigned p = hc_ctz(s);
      hc_nd(m, x ^ (1u << p))->full &= ~(1u << p);
    }
    nd->unfull = 0;
    if (akpath) {
      nd->ak = nd->ak_next;
      nd->ak_next = 0;
      m->ak_live |= nd->ak != 0;
      if (!hc_node_live(nd)) hc_act_clear(m, x);
    }
  }
}

/*
** The store-and-forward engines: stepped while in mode 1, when the port is
** used, and for a few cycles after (a read's data, the pipelines). In mode 1
** the links show their words, all of them, so obs is then all written.
*/
static void hc_sf_cycle(hc_model *m, hc_obs *obs) {
  const size_t n = m->n, d = m->d;
  uint8_t done;
  uint32_t rdata;
  if (m->sf == NULL || !(m->sf_mode == HC_MODE_SF || m->op_pending || m->sf_live > 0)) return;
  hc_sf_step(m->sf, m->op_pending ? &m->op : NULL, m->sf_valid, m->sf_flit, &done, &rdata);
  if (m->sf_mode == HC_MODE_SF || m->op_pending) m->sf_live = 4;
  else m->sf_live--;
  m->op_pending = 0;
  if (obs != NULL) {
    obs->sf_done = done;
    obs->cfg_rdata = rdata;
    if (m->sf_mode == HC_MODE_SF && !obs->lean) {
      memcpy(obs->link_valid, m->sf_valid, n * d * sizeof *obs->link_valid);
      memcpy(obs->link_flit, m->sf_flit, n * d * sizeof *obs->link_flit);
      obs->ntouched = HC_OBS_ALL;
    }
  }
}

/*
** Run one clock cycle of the whole network; see hc_model.h. inj_valid may be
** NULL (nothing offered beyond hc_model_offer), inj_flit is read only where
** inj_valid[x] is set. A flit offered to a node whose NI is not ready is an
** error of the caller: it asserts and, with NDEBUG, the flit is dropped.
*/
void hc_model_step(hc_model *m, const uint8_t *inj_valid,
                   const uint32_t *inj_flit, hc_obs *obs) {
  const unsigned d = m->d;
  size_t nmv = 0, npm = 0;
  unsigned nvis = 0;
  uint32_t occupied; /* any buffer, NI queue or held output at cycle start */
  int cs;

  if (inj_valid != NULL)
    for (unsigned x = 0; x < m->n; x++)
      if (inj_valid[x]) hc_model_offer(m, x, inj_flit[x]);
  m->sf_mode = hc_model_mode(m);
  hc_cost_regs(m, &m->tau, &m->xi, &m->overlap);
  cs = m->sf_mode == HC_MODE_CIRCUIT;
  if (obs != NULL) hc_obs_begin(m, obs, cs);
  if (m->nact != 0 || m->dense) m->dirty = 1;

  /* Acknowledgements move in mode 3 and while any is in flight. */
  const int akpath = cs || m->ak_live;
  occupied = hc_pass1(m, cs, akpath, obs, &nmv, &npm, &nvis);
  assert(nmv + npm <= m->nmvcap);
  hc_pass2(m, nmv, npm);
  hc_commit(m, nvis, akpath);
  hc_sf_cycle(m, obs);

  if (obs != NULL) obs->idle = (uint8_t)m->idle_q;
  m->idle_q = occupied == 0;
  if (m->remap_we) {
    memcpy(m->remap, m->remap_next, d);
    m->remap_we = 0;
    m->remap_id = 1;
    for (unsigned k = 0; k < d; k++)
      if (m->remap[k] != k) m->remap_id = 0;
  }
}

/* Whether a step without inputs would change nothing but the idle
** register; see hc_model.h. */
int hc_model_quiet(const hc_model *m) {
  assert(m != NULL);
  if (m->nact != 0 || m->op_pending || m->remap_we || m->sf_live != 0) return 0;
  return hc_model_mode(m) != HC_MODE_SF;
}

/*
** Run k quiet cycles (hc_model_quiet) as k steps without inputs would: the
** first two are real steps (the idle register settles, obs takes the idle
** picture), the others change nothing at all.
*/
void hc_model_skip(hc_model *m, uint64_t k, hc_obs *obs) {
  assert(m != NULL && hc_model_quiet(m));
  for (uint64_t i = 0; i < k && i < 2u; i++) hc_model_step(m, NULL, NULL, obs);
}

/*
** Whether the registers of node nd are consistent (the invariants the
** passes rely on, too costly to assert on every visit): every busy output
** has an owner that holds it, current or queued, and no input holds two;
** a held or queued input owns exactly as many outputs as it has bits; an
** input's count matches its nonempty bit, and its seen bit (route_reg) is
** set only while it is nonempty.
*/
static int hc_node_sane(const hc_model *m, const hc_node *nd) {
  const hc_node *r = nd;
  uint32_t owners = 0;
  unsigned k = 0;
  if (hc_popcount(r->hold) + hc_popcount(r->holdn) != hc_popcount(r->busy)) return 0;
  if ((r->busy & r->ling) != 0 || (r->nxt & ~r->busy) != 0) return 0;
  for (uint32_t s = r->busy; s; s &= s - 1u) {
    const unsigned p = hc_pt(m, nd, hc_ctz(s))->owner;
    if (!((r->hold | r->holdn) >> p & 1u)) return 0;
    if (!(r->nxt >> hc_ctz(s) & 1u)) {
      if (owners >> p & 1u) return 0; /* two current reservations */
      owners |= 1u << p;
    }
  }
  for (unsigned p = 0; p <= m->d; p++) {
    const hc_port *pp = hc_pt(m, nd, p);
    if ((pp->cnt != 0) != (r->nonempty >> p & 1u) || pp->cnt > m->b) k++;
  }
  if (r->seen & ~r->nonempty) k++;
  return k == 0;
}

const char *hc_stuck_name(hc_stuck_why why) {
  static const char *const names[HC_STUCK_NUM] = {
      "the output is held by another worm", "the buffer behind the output is full",
      "a head waits for its tail (mode 2: the message is longer than the buffer)",
      "a wait of the cost model or of a path set-up (mode 3)",
      "nothing holds it: the output is free and ready"};
  return (unsigned)why < HC_STUCK_NUM ? names[why] : "?";
}

/* The input that holds output o of nd as its current reservation (o busy). */
static unsigned hc_stall_owner(const hc_model *m, const hc_node *nd, unsigned o) {
  return hc_pt(m, nd, o)->owner;
}

/* What the front of input p of node x (nonempty) waits for, into *s. */
static void hc_stall_input(const hc_model *m, unsigned x, unsigned p, hc_stall_site *s) {
  const hc_node *nd = hc_nd(m, x);
  const hc_port *pp = hc_pt(m, nd, p);
  const uint32_t f = pp->buf[pp->head];
  s->node = x;
  s->port = p;
  s->flit = f;
  s->holder = 0;
  s->out = m->d;
  uint32_t held = 0; /* the outputs p holds (current reservations) */
  for (uint32_t b = nd->busy & ~nd->nxt; b; b &= b - 1u)
    if (hc_stall_owner(m, nd, hc_ctz(b)) == p) held |= b & -b;
  if (held != 0) { /* a worm's body, or its head on a held path (mode 3) */
    s->out = hc_ctz(held);
    s->why = s->out < m->d && (nd->full >> s->out & 1u) ? HC_STUCK_FULL : HC_STUCK_FREE;
    return;
  }
  if (!hc_kind_is_head(hc_flit_kind(m->w, f))) { /* a body with no output: nothing to wait for */
    s->why = HC_STUCK_FREE;
    return;
  }
  const uint32_t allowed = hc_route_allowed(m->cfg.routing, m->d, x, f & m->nmask, p);
  s->out = allowed ? hc_ctz(allowed) : m->d;
  if (hc_model_mode(m) == HC_MODE_SAF && !(nd->hastail >> p & 1u)) {
    s->why = HC_STUCK_TAIL;
    return;
  }
  if ((nd->twait >> p & 1u) || hc_model_mode(m) == HC_MODE_CIRCUIT) {
    s->why = HC_STUCK_WAIT;
    return;
  }
  uint32_t open = allowed & ~nd->busy & ~nd->full; /* free and ready */
  if (open != 0) {
    s->out = hc_ctz(open);
    s->why = HC_STUCK_FREE;
  } else if (allowed & nd->busy) {
    s->out = hc_ctz(allowed & nd->busy);
    s->why = HC_STUCK_HELD;
    s->holder = hc_stall_owner(m, nd, s->out);
  } else {
    s->why = HC_STUCK_FULL;
  }
}

/* What the front of node x's NI queue (nonempty) waits for, into *s. */
static void hc_stall_ni(const hc_model *m, unsigned x, hc_stall_site *s) {
  const hc_node *nd = hc_nd(m, x);
  s->node = x;
  s->port = m->d + 1u;
  s->flit = hc_nibuf(nd)[nd->ni_head];
  s->out = m->d;
  s->holder = 0;
  if (hc_pt(m, nd, m->d)->cnt >= m->b) s->why = HC_STUCK_FULL;
  else if (nd->xw != 0 || hc_model_mode(m) == HC_MODE_CIRCUIT) s->why = HC_STUCK_WAIT;
  else s->why = HC_STUCK_FREE;
}

unsigned hc_model_stall_site(const hc_model *m, hc_stall_site *out) {
  unsigned count = 0;
  int have_root = 0;
  hc_stall_site s, first;
  assert(m != NULL && out != NULL);
  for (unsigned x = 0; x < m->n; x++) {
    const hc_node *nd = hc_nd(m, x);
    for (unsigned p = 0; p <= m->d + 1u; p++) {
      if (p <= m->d ? !(nd->nonempty >> p & 1u) : nd->ni_cnt == 0) continue;
      if (p <= m->d) hc_stall_input(m, x, p, &s);
      else hc_stall_ni(m, x, &s);
      if (count++ == 0) first = s;
      /* held and full point at another buffer; the rest stand on their own */
      if (!have_root && s.why != HC_STUCK_HELD && s.why != HC_STUCK_FULL) {
        have_root = 1;
        *out = s;
      }
    }
  }
  if (count == 0) return 0;
  if (!have_root) *out = first;
  out->cyclic = !have_root;
  out->buffers = count;
  return count;
}

/* Nodes outside the active set that are live, or inconsistent; see
** hc_model.h. */
unsigned hc_model_audit(const hc_model *m, unsigned *first) {
  unsigned bad = 0;
  for (unsigned x = 0; x < m->n; x++) {
    const hc_node *nd = hc_nd(m, x);
    const int in = (m->act[x >> 6] >> (x & 63u)) & 1u;
    if ((!in && (hc_node_live(nd) || nd->unfull != 0)) || !hc_node_sane(m, nd)) {
      if (bad++ == 0 && first != NULL) *first = x;
    }
  }
  return bad;
}

/*
** Allocate the arrays of obs for cfg (see hc_obs in hc_model.h), zeroed and
** marked as all written. Returns HC_OK, HC_EPARAM for a bad cfg or NULL obs,
** or HC_ENOMEM (obs then holds only NULL pointers).
*/
int hc_obs_new(const hc_cfg *cfg, hc_obs *obs) {
  size_t n;
  if (obs == NULL || hc_cfg_check(cfg) != HC_OK) return HC_EPARAM;
  memset(obs, 0, sizeof *obs);
  n = (size_t)1 << cfg->d;
  obs->link_valid = calloc(n * cfg->d, sizeof *obs->link_valid);
  obs->link_flit = calloc(n * cfg->d, sizeof *obs->link_flit);
  obs->ej_valid = calloc(n, sizeof *obs->ej_valid);
  obs->ej_flit = calloc(n, sizeof *obs->ej_flit);
  obs->inj_ready = calloc(n, sizeof *obs->inj_ready);
  obs->probe_ready = calloc(n, sizeof *obs->probe_ready);
  obs->probe_valid = calloc(n * cfg->d, sizeof *obs->probe_valid);
  obs->probe_dest = calloc(n * cfg->d, sizeof *obs->probe_dest);
  obs->link_ack = calloc(n * cfg->d, sizeof *obs->link_ack);
  obs->ej_node = calloc(n, sizeof *obs->ej_node);
  obs->touched = calloc(n, sizeof *obs->touched);
  obs->touched_links = calloc(n, sizeof *obs->touched_links);
  if (!obs->link_valid || !obs->link_flit || !obs->ej_valid || !obs->ej_flit ||
      !obs->inj_ready || !obs->probe_ready || !obs->probe_valid || !obs->probe_dest ||
      !obs->link_ack || !obs->ej_node || !obs->touched || !obs->touched_links) {
    hc_obs_free(obs);
    return HC_ENOMEM;
  }
  obs->ntouched = HC_OBS_ALL;
  return HC_OK;
}

/* A lean observation record: the ejections only; see hc_model.h. */
int hc_obs_new_lean(const hc_cfg *cfg, hc_obs *obs) {
  size_t n;
  if (obs == NULL || hc_cfg_check(cfg) != HC_OK) return HC_EPARAM;
  memset(obs, 0, sizeof *obs);
  n = (size_t)1 << cfg->d;
  obs->ej_valid = calloc(n, sizeof *obs->ej_valid);
  obs->ej_flit = calloc(n, sizeof *obs->ej_flit);
  obs->ej_node = calloc(n, sizeof *obs->ej_node);
  if (!obs->ej_valid || !obs->ej_flit || !obs->ej_node) {
    hc_obs_free(obs);
    return HC_ENOMEM;
  }
  obs->lean = 1;
  obs->ntouched = HC_OBS_ALL;
  return HC_OK;
}

/* obs was written by someone other than the model; see hc_model.h. */
void hc_obs_written(hc_obs *obs, unsigned d) {
  const uint32_t n = (uint32_t)1 << d;
  obs->ntouched = HC_OBS_ALL;
  obs->ej_count = 0;
  for (uint32_t x = 0; x < n; x++)
    if (obs->ej_valid[x]) obs->ej_node[obs->ej_count++] = x;
}

/* Free the arrays of obs and set them to NULL; NULL obs is a no-op. */
void hc_obs_free(hc_obs *obs) {
  if (obs == NULL) return;
  free(obs->link_valid);
  free(obs->link_flit);
  free(obs->ej_valid);
  free(obs->ej_flit);
  free(obs->inj_ready);
  free(obs->probe_ready);
  free(obs->probe_valid);
  free(obs->probe_dest);
  free(obs->link_ack);
  free(obs->ej_node);
  free(obs->touched);
  free(obs->touched_links);
  obs->link_valid = NULL;
  obs->link_flit = NULL;
  obs->ej_valid = NULL;
  obs->ej_flit = NULL;
  obs->inj_ready = NULL;
  obs->probe_ready = NULL;
  obs->probe_valid = NULL;
  obs->probe_dest = NULL;
  obs->link_ack = NULL;
  obs->ej_node = NULL;
  obs->touched = NULL;
  obs->touched_links = NULL;
}
