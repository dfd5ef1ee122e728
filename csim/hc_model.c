/*
** This file is the golden model of the hypercube wormhole network described
** in docs/microarchitecture.md: N = 2^d routers with d+1 input FIFOs each,
** e-cube routing (or, on the model only, another routing function of
** hc_route.h chosen in hc_cfg), oldest-first output allocation with an age
** matrix, wormhole channel holding, registered-ready (zero-delay credit) flow control,
** one injection FIFO (network interface) per node, and five wrapping channel
** counters per output port; and the paper's cost model beside it: the tau
** and xi waits and mode 3, circuit switching (probe registers, reservations
** current and queued, lingering links, acknowledgements, the NI's set-up
** sequencer; hc_router_pass1_cs and hc_ni_step). It is written from that page alone and must
** agree with the RTL on every link, ejection port and inj_ready in every
** cycle. One call to hc_model_step() is one clock cycle, evaluated in two
** passes so that every decision reads only the state registered at the start
** of the cycle: pass 1 visits every router, makes its decisions, updates the
** registers that only that router reads (busy, owner, wait, age matrix,
** counters, its NI and its own local input) and records every flit move;
** pass 2 applies the moves (pops and pushes on the link FIFOs, whose counts
** neighbours read in pass 1). All state lives in flat arrays taken in
** hc_model_new(); hc_model_step() never allocates and never prints.
*/
#include "hc_model.h"

#include <assert.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define hc_ctz(v) ((unsigned)__builtin_ctz(v))
#define hc_popcount(v) ((unsigned)__builtin_popcount(v))
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
/* Portable population count. */
static unsigned hc_popcount(uint32_t v) {
  unsigned n = 0;
  while (v) {
    v &= v - 1u;
    n++;
  }
  return n;
}
#endif

/*
** The per-router registers that fit in a word each, kept together because a
** router's visit reads all of them. Bit p of a mask is port p (0..d).
*/
typedef struct hc_rt {
  uint32_t nonempty; /* input p has count != 0 */
  uint32_t hastail;  /* input p holds a TAIL or SINGLE (mode 2 lets its head go) */
  uint32_t busy;     /* busy[o]: output o has an owner */
  uint32_t hold;     /* input p is owner[o] of some busy output o that is not queued */
  uint32_t wait;     /* wait[p] */
  uint32_t twait;    /* input p < d: its front-wait counter fw is not 0 (tau) */
  /* mode 3 (circuit switching) */
  uint32_t holdn;    /* input p owns a queued reservation (its second) */
  uint32_t nxt;      /* output o's reservation is queued behind its owner's current one */
  uint32_t ling;     /* output o lingers: free of an owner, held until lc[o] runs out */
  uint32_t pv;       /* input p's probe register holds a probe */
  uint32_t ak;       /* input p sends an acknowledgement back this cycle (register) */
  uint32_t ak_next;  /* ak at the end of the cycle (pass 1 to commit) */
  uint8_t ni_head;   /* slot of the NI FIFO's front */
  uint8_t ni_cnt;    /* NI FIFO count */
} hc_rt;

/*
** The network interface's registers beyond its FIFO: the xi front wait of
** modes 0 and 2, and the path set-up and data sequencing of mode 3
** (docs/microarchitecture.md, "Circuit switching").
*/
typedef struct hc_nis {
  uint16_t xw;    /* front-wait counter: a head at the front leaves at 0 (xi) */
  uint16_t sc;    /* set-up: xi cycles still to count */
  uint8_t su;     /* set-up state: 0 none, 1 counting xi, 2 probe out, waiting for the ack */
  uint8_t held;   /* a path is held whose data has not started */
  uint8_t strm;   /* a message's data is leaving (head sent, tail not yet) */
  uint8_t cc;     /* cycles until the node's last message is complete */
  uint8_t ch;     /* hops of the message whose data is leaving */
  uint8_t pin;    /* a set-up is offered in the coming cycle (hc_model_probe) */
  uint32_t sd;    /* the destination being set up (physical) */
  uint32_t hd;    /* the destination of the held path */
  uint32_t pdest; /* the offered set-up's destination (as written) */
} hc_nis;

/*
** The model. Input FIFO k = x*(d+1)+p (router x, input p) has count cnt[k],
** front slot head[k] and slots buf[k*B .. k*B+B-1]; the same index k = x*(d+1)+o
** names output o for owner[] and, times HC_CNT_NUM, its counters. older[k]
** is row p of router x's age matrix (bit q = older[p][q]); a row is only
** meaningful while wait[p] is set and only its bits of waiting inputs are
** read. moves[] is the pass-1 to pass-2 list of flits sent in the cycle.
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
  hc_rt *rt;       /* [n] */
  uint32_t *buf;   /* [n*np*b] */
  uint8_t *head;   /* [n*np] */
  uint8_t *cnt;    /* [n*np] */
  uint8_t *tails;  /* [n*np] TAIL and SINGLE flits in the FIFO */
  uint8_t *owner;  /* [n*np] */
  uint32_t *older; /* [n*np] */
  uint32_t *ctr;   /* [n*np*HC_CNT_NUM] */
  uint32_t *ni_buf; /* [n*ni] */
  uint32_t *moves;  /* [n*np], see hc_move() */
  uint8_t *fw;      /* [n*np] front-wait counter of input p < d (tau) */
  hc_nis *nis;      /* [n] */
  uint32_t *pd;     /* [n*np] destination of input p's probe */
  uint8_t *pw;      /* [n*np] cycles input p's probe still waits (tau) */
  uint8_t *lc;      /* [n*np] linger count of output o */
  uint8_t *rem;     /* [n*np] hops after output o of the path reserving it */
  uint32_t *pmoves; /* [n*d] probes granted this cycle: HC_MOVE(x, 0, o) */
  uint32_t *pmdest; /* [n*d] their destinations */
  int ak_live;      /* some acknowledgement register is set */
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

/* Apply the NI address map to a head's destination bits. */
static uint32_t hc_remap_head(const hc_model *m, uint32_t f) {
  if (m->remap_id || !hc_kind_is_head(hc_flit_kind(m->w, f))) return f;
  uint32_t phys = 0;
  for (unsigned k = 0; k < m->d; k++) phys |= ((f >> m->remap[k]) & 1u) << k;
  return (f & ~m->nmask) | phys;
}

/*
** A move is router x sending the front of its input p on output o (o == d:
** ejection, no push). Encoded in one word: x < 2^16, p and o < 2^5.
*/
#define HC_MOVE(x, p, o) (((uint32_t)(x) << 10) | ((uint32_t)(p) << 5) | (uint32_t)(o))
#define HC_MOVE_X(mv) ((mv) >> 10)
#define HC_MOVE_P(mv) (((mv) >> 5) & 31u)
#define HC_MOVE_O(mv) ((mv) & 31u)

/*
** Check cfg against the ranges of hc_model.h: d 1..HC_MODEL_MAX_D, w d..HC_MAX_W,
** both depths 1..HC_MAX_DEPTH, each geometry field 0 (the default) or
** HC_SF_AW_MIN..HC_SF_AW_MAX, a routing function of hc_route.h. Returns
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
  return HC_OK;
}

/*
** Allocate a model for cfg and put it in reset state; *out is set only on
** HC_OK. Returns HC_EPARAM if cfg fails hc_cfg_check(), HC_ENOMEM if any
** allocation fails (nothing is leaked then). Memory is O(N*(d+1)*B).
*/
int hc_model_new(const hc_cfg *cfg, hc_model **out) {
  hc_model *m;
  size_t n, k;
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
  k = n * m->np;
  m->rt = calloc(n, sizeof *m->rt);
  m->buf = calloc(k * m->b, sizeof *m->buf);
  m->head = calloc(k, sizeof *m->head);
  m->cnt = calloc(k, sizeof *m->cnt);
  m->tails = calloc(k, sizeof *m->tails);
  m->owner = calloc(k, sizeof *m->owner);
  m->older = calloc(k, sizeof *m->older);
  m->ctr = calloc(k * HC_CNT_NUM, sizeof *m->ctr);
  m->ni_buf = calloc(n * m->ni, sizeof *m->ni_buf);
  m->moves = calloc(k, sizeof *m->moves);
  m->fw = calloc(k, sizeof *m->fw);
  m->nis = calloc(n, sizeof *m->nis);
  m->pd = calloc(k, sizeof *m->pd);
  m->pw = calloc(k, sizeof *m->pw);
  m->lc = calloc(k, sizeof *m->lc);
  m->rem = calloc(k, sizeof *m->rem);
  m->pmoves = calloc(n * m->d, sizeof *m->pmoves);
  m->pmdest = calloc(n * m->d, sizeof *m->pmdest);
  if (!m->rt || !m->buf || !m->head || !m->cnt || !m->tails || !m->owner || !m->older ||
      !m->ctr || !m->ni_buf || !m->moves || !m->fw || !m->nis || !m->pd || !m->pw || !m->lc ||
      !m->rem || !m->pmoves || !m->pmdest) {
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
  free(m->rt);
  free(m->buf);
  free(m->head);
  free(m->cnt);
  free(m->tails);
  free(m->owner);
  free(m->older);
  free(m->ctr);
  free(m->ni_buf);
  free(m->moves);
  free(m->fw);
  free(m->nis);
  free(m->pd);
  free(m->pw);
  free(m->lc);
  free(m->rem);
  free(m->pmoves);
  free(m->pmdest);
  hc_sf_free(m->sf);
  free(m->sf_valid);
  free(m->sf_flit);
  free(m);
}

/*
** Put m in the reset state: every FIFO empty, no output busy, no input
** waiting, age matrix and counters cleared. Flit slots are cleared too so
** that a reset model is bit-for-bit a new one.
*/
void hc_model_reset(hc_model *m) {
  size_t n, k;
  assert(m != NULL);
  n = m->n;
  k = n * m->np;
  memset(m->rt, 0, n * sizeof *m->rt);
  memset(m->buf, 0, k * m->b * sizeof *m->buf);
  memset(m->head, 0, k * sizeof *m->head);
  memset(m->cnt, 0, k * sizeof *m->cnt);
  memset(m->tails, 0, k * sizeof *m->tails);
  memset(m->owner, 0, k * sizeof *m->owner);
  memset(m->older, 0, k * sizeof *m->older);
  memset(m->ctr, 0, k * HC_CNT_NUM * sizeof *m->ctr);
  memset(m->ni_buf, 0, n * m->ni * sizeof *m->ni_buf);
  memset(m->fw, 0, k * sizeof *m->fw);
  memset(m->nis, 0, n * sizeof *m->nis);
  memset(m->pd, 0, k * sizeof *m->pd);
  memset(m->pw, 0, k * sizeof *m->pw);
  memset(m->lc, 0, k * sizeof *m->lc);
  memset(m->rem, 0, k * sizeof *m->rem);
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
static int hc_ni_head_go(const hc_model *m, unsigned x) {
  const hc_rt *r = &m->rt[x];
  const hc_nis *q = &m->nis[x];
  if (r->ni_cnt == 0 || q->strm || !q->held || q->cc != 0) return 0;
  if (!hc_kind_is_head(hc_flit_kind(m->w, m->ni_buf[(size_t)x * m->ni + r->ni_head]))) return 0;
  return m->cnt[(size_t)x * m->np + m->d] < m->b;
}

/* Whether node x's NI accepts a path set-up; see hc_model.h. */
int hc_model_probe_ready(const hc_model *m, unsigned x) {
  unsigned tau, xi, overlap;
  assert(m != NULL && x < m->n);
  if (x >= m->n || hc_model_mode(m) != HC_MODE_CIRCUIT) return 0;
  const hc_nis *q = &m->nis[x];
  if (q->su != 0) return 0;
  hc_cost_regs(m, &tau, &xi, &overlap);
  if (!overlap) return !q->held && !q->strm && q->cc == 0;
  return !q->held || hc_ni_head_go(m, x);
}

/* Arm a path set-up for the next step; see hc_model.h. */
void hc_model_probe(hc_model *m, unsigned x, uint32_t dest) {
  assert(m != NULL && x < m->n);
  assert(hc_model_probe_ready(m, x)); /* the caller offers only when ready */
  if (x >= m->n) return;
  m->nis[x].pin = 1;
  m->nis[x].pdest = dest & m->nmask;
}

/* The registered inj_ready of node x: its NI count < inj_depth. */
int hc_model_inj_ready(const hc_model *m, unsigned x) {
  assert(m != NULL && x < m->n);
  if (x >= m->n) return 0;
  return m->rt[x].ni_cnt < m->ni;
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
  return m->ctr[((size_t)x * m->np + port) * HC_CNT_NUM + id];
}

/*
** Append flit f at the tail of input FIFO k (router x, input p), which must
** have room. Correct whether or not the FIFO's pop of this cycle is already
** applied: the tail slot head+cnt is the same before and after a pop.
*/
static void hc_fifo_push(hc_model *m, unsigned x, unsigned p, uint32_t f) {
  size_t k = (size_t)x * m->np + p;
  unsigned slot = (unsigned)m->head[k] + m->cnt[k];
  assert(m->cnt[k] < m->b);
  if (slot >= m->b) slot -= m->b;
  m->buf[k * m->b + slot] = f;
  m->cnt[k]++;
  m->rt[x].nonempty |= 1u << p;
  if (hc_kind_is_tail(hc_flit_kind(m->w, f))) {
    m->tails[k]++;
    m->rt[x].hastail |= 1u << p;
  }
}

/*
** Drop the front of input FIFO k (router x, input p), which must be
** nonempty, and return it.
*/
static uint32_t hc_fifo_pop(hc_model *m, unsigned x, unsigned p) {
  size_t k = (size_t)x * m->np + p;
  unsigned h = m->head[k];
  uint32_t f = m->buf[k * m->b + h];
  assert(m->cnt[k] > 0);
  h++;
  if (h == m->b) h = 0;
  m->head[k] = (uint8_t)h;
  if (--m->cnt[k] == 0) m->rt[x].nonempty &= ~(1u << p);
  if (hc_kind_is_tail(hc_flit_kind(m->w, f)) && --m->tails[k] == 0)
    m->rt[x].hastail &= ~(1u << p);
  return f;
}

/* The front flit of input p of router x (FIFO nonempty). */
static inline uint32_t hc_front(const hc_model *m, size_t k) {
  assert(m->cnt[k] > 0);
  return m->buf[k * m->b + m->head[k]];
}

/*
** Registered ready of output o of router x: 1 for the ejection port (o == d),
** else whether the neighbour's input o has count < B at the start of the
** cycle. Only valid in pass 1, before any count changes.
*/
static inline int hc_out_ready(const hc_model *m, unsigned x, unsigned o) {
  if (o == m->d) return 1;
  if (m->sf_mode == HC_MODE_SF) return 0; /* mode 1: the links belong to the SF engines */
  return m->cnt[(size_t)(x ^ (1u << o)) * m->np + o] < m->b;
}

/*
** Record on obs (if any) that flit f is sent on output o of router x in this
** cycle: a link for o < d, the ejection port for o == d.
*/
static inline void hc_obs_send(const hc_model *m, hc_obs *obs, unsigned x,
                               unsigned o, uint32_t f) {
  if (obs == NULL) return;
  if (o < m->d) {
    size_t l = (size_t)x * m->d + o;
    obs->link_valid[l] = 1;
    obs->link_flit[l] = f;
  } else {
    obs->ej_valid[x] = 1;
    obs->ej_flit[x] = f;
  }
}

/* Count down the front-wait counters of router x's link inputs (tau). Pass 1
** of x only: nobody else reads them; pass 2 reloads them where a front changes. */
static void hc_front_wait_tick(hc_model *m, unsigned x) {
  hc_rt *r = &m->rt[x];
  for (uint32_t s = r->twait; s; s &= s - 1u) {
    unsigned p = hc_ctz(s);
    if (--m->fw[(size_t)x * m->np + p] == 0) r->twait &= ~(1u << p);
  }
}

/* A new flit reaches the front of link input p of router x at the end of
** this cycle: its wait starts over at tau. */
static void hc_front_wait_load(hc_model *m, unsigned x, unsigned p) {
  if (p >= m->d) return;
  m->fw[(size_t)x * m->np + p] = (uint8_t)m->tau;
  if (m->tau) m->rt[x].twait |= 1u << p;
  else m->rt[x].twait &= ~(1u << p);
}

/*
** The oldest of the inputs rq that request one output (wq: those of them
** that waited last cycle), by step 4 of "One cycle of a router".
*/
static unsigned hc_oldest(const hc_model *m, size_t base, uint32_t rq, uint32_t wq) {
  if (wq == 0) return hc_ctz(rq); /* all new: lowest port */
  if ((wq & (wq - 1u)) == 0) return hc_ctz(wq); /* one waiting input: it is the oldest */
  for (uint32_t t = wq; t; t &= t - 1u) {
    unsigned p = hc_ctz(t);
    if ((m->older[base + p] & wq) == (wq & ~(1u << p))) return p;
  }
  assert(0 && "waiting inputs are totally ordered");
  return m->np;
}

/* Step 9 for router x: wait flags and age matrix from this cycle's requests. */
static void hc_age_update(hc_model *m, size_t base, uint32_t req, uint32_t wt, uint32_t waitn) {
  if ((waitn | wt) == 0) return;
  for (uint32_t s = waitn; s; s &= s - 1u) {
    unsigned p = hc_ctz(s);
    uint32_t row;
    if (wt >> p & 1u) /* before every new one, and the old order */
      row = (req & ~wt) | (m->older[base + p] & wt);
    else /* new: before the new ones of higher port */
      row = req & ~wt & ~((2u << p) - 1u);
    m->older[base + p] = row & waitn;
  }
  for (uint32_t s = wt & ~waitn; s; s &= s - 1u) m->older[base + hc_ctz(s)] = 0;
}

/* The blocked and max-waiting counters of an output that nw heads wanted in vain. */
static inline void hc_ctr_blocked(uint32_t *c, unsigned nw) {
  if (nw == 0) return;
  c[HC_CNT_BLOCKED]++;
  if (nw > c[HC_CNT_MAX_WAITING]) c[HC_CNT_MAX_WAITING] = nw;
}

/*
** Step 4's ranking of the requesting inputs req (wt of them waiting) of the
** router whose FIFOs start at index base, oldest first, into order[];
** returns how many. The waiting inputs come first, in the order of the age
** matrix, then the new ones by port number.
*/
static unsigned hc_age_order(const hc_model *m, size_t base, uint32_t req, uint32_t wt,
                             unsigned *order) {
  unsigned k = 0;
  uint32_t s;
  for (uint32_t rem = wt; rem;) {
    unsigned p = m->np;
    for (s = rem; s; s &= s - 1u) {
      unsigned q = hc_ctz(s);
      if ((m->older[base + q] & rem) == (rem & ~(1u << q))) {
        p = q;
        break;
      }
    }
    assert(p < m->np); /* waiting inputs are totally ordered */
    order[k++] = p;
    rem &= ~(1u << p);
  }
  for (s = req & ~wt; s; s &= s - 1u) order[k++] = hc_ctz(s);
  return k;
}

/*
** Steps 3, 4 and 7 of router x under a routing function other than e-cube
** (cfg.routing, hc_route.h), for the requesting inputs req (wt of them
** waiting) with the outputs bz busy at the start of the cycle. Every head
** gets the set of outputs its routing function permits. Then, oldest head
** first (the age order of step 4), each takes the lowest-numbered permitted
** output that is not busy, ready and not yet taken in this cycle (Hou et
** al., section 6: the oldest header wins, and among several available
** channels the lowest dimension is chosen); a head with none waits. For
** e-cube, whose sets have one output each, this is exactly step 7. The
** blocked and max_waiting counters of output o count the heads that were
** permitted o and granted nothing. Grants update *newbusy, *hold, owner[],
** the counters and the move list as in step 7. Returns the inputs granted.
*/
static uint32_t hc_alloc_adaptive(hc_model *m, unsigned x, hc_obs *obs, unsigned *nmv,
                                  uint32_t req, uint32_t wt, uint32_t bz, uint32_t *newbusy,
                                  uint32_t *hold) {
  const unsigned d = m->d, w = m->w;
  const size_t base = (size_t)x * m->np;
  uint32_t *ctr = m->ctr + base * HC_CNT_NUM;
  uint32_t allow[HC_MODEL_MAX_D + 1], want = 0, ready = 0, taken = 0, granted = 0, s;
  unsigned order[HC_MODEL_MAX_D + 1], k;

  for (s = req; s; s &= s - 1u) {
    unsigned p = hc_ctz(s);
    allow[p] = hc_route_allowed(m->cfg.routing, d, x, hc_front(m, base + p) & m->nmask, p);
    assert(allow[p] != 0);
    want |= allow[p];
  }
  for (s = want & ~bz; s; s &= s - 1u)
    if (hc_out_ready(m, x, hc_ctz(s))) ready |= s & (~s + 1u);
  k = hc_age_order(m, base, req, wt, order);

  for (unsigned i = 0; i < k; i++) {
    const unsigned p = order[i];
    const uint32_t avail = allow[p] & ready & ~taken;
    if (avail == 0) continue;
    const unsigned o = hc_ctz(avail);
    const uint32_t f = hc_front(m, base + p);
    const unsigned kind = hc_flit_kind(w, f);
    uint32_t *c = ctr + (size_t)o * HC_CNT_NUM;
    taken |= 1u << o;
    granted |= 1u << p;
    c[HC_CNT_FLITS]++;
    c[HC_CNT_BUSY]++;
    if (hc_kind_is_head(kind)) c[HC_CNT_MESSAGES]++;
    if (kind == HC_KIND_HEAD) {
      *newbusy |= 1u << o;
      m->owner[base + o] = (uint8_t)p;
      *hold |= 1u << p;
    }
    hc_obs_send(m, obs, x, o, f);
    assert(*nmv < m->n * m->np);
    m->moves[(*nmv)++] = HC_MOVE(x, p, o);
  }

  for (s = want; s; s &= s - 1u) {
    const unsigned o = hc_ctz(s);
    unsigned nw = 0;
    for (uint32_t t = req & ~granted; t; t &= t - 1u) nw += allow[hc_ctz(t)] >> o & 1u;
    if (nw) {
      uint32_t *c = ctr + (size_t)o * HC_CNT_NUM;
      c[HC_CNT_BLOCKED]++;
      if (nw > c[HC_CNT_MAX_WAITING]) c[HC_CNT_MAX_WAITING] = nw;
    }
  }
  return granted;
}

/*
** Pass 1 for router x, which has a nonempty input or a busy output: steps
** 2..9 of "One cycle of a router". Reads only start-of-cycle state (its own
** registers and its neighbours' input counts); updates busy, owner, hold,
** wait, the age matrix and the counters of x, which nobody else reads, and
** appends one move per flit sent to m->moves at *nmv. FIFOs are untouched.
*/
static void hc_router_pass1(hc_model *m, unsigned x, hc_obs *obs,
                            unsigned *nmv) {
  hc_rt *r = &m->rt[x];
  const unsigned d = m->d, w = m->w;
  const size_t base = (size_t)x * m->np;
  const uint32_t ne = r->nonempty, bz = r->busy, wt = r->wait;
  uint32_t hold = r->hold, newbusy = bz, granted = 0, waitn;
  /* Mode 2: a head requests only once its whole message is in its buffer;
  ** a head that came over a link waits tau cycles at the front first. */
  uint32_t req = ne & ~hold & ~r->twait & (m->sf_mode == HC_MODE_SAF ? r->hastail : ~0u);
  uint32_t omask = 0;                       /* outputs requested */
  uint32_t reqo[HC_MODEL_MAX_D + 1];        /* requesters of each output */
  uint32_t *ctr = m->ctr + base * HC_CNT_NUM;
  uint32_t s;

  assert((wt & ~req) == 0);       /* a waiting input still requests */
  assert(hc_popcount(hold) == hc_popcount(bz));

  /* Step 3: route every requesting head (e-cube; another routing function
  ** routes and allocates in hc_alloc_adaptive, after step 6). */
  for (s = m->cfg.routing == HC_ROUTE_ECUBE ? req : 0; s; s &= s - 1u) {
    unsigned p = hc_ctz(s), o;
    uint32_t diff = (hc_front(m, base + p) & m->nmask) ^ x;
    o = diff ? hc_ctz(diff) : d;
    if (!(omask >> o & 1u)) {
      omask |= 1u << o;
      reqo[o] = 0;
    }
    reqo[o] |= 1u << p;
  }

  /* Step 6: busy outputs carry their owner's next flit. */
  for (s = bz; s; s &= s - 1u) {
    unsigned o = hc_ctz(s), p = m->owner[base + o];
    uint32_t *c = ctr + (size_t)o * HC_CNT_NUM;
    assert(hold >> p & 1u);
    c[HC_CNT_BUSY]++;
    if ((ne >> p & 1u) && hc_out_ready(m, x, o)) {
      uint32_t f = hc_front(m, base + p);
      unsigned kind = hc_flit_kind(w, f);
      c[HC_CNT_FLITS]++;
      if (hc_kind_is_head(kind)) c[HC_CNT_MESSAGES]++;
      if (kind == HC_KIND_TAIL) {
        newbusy &= ~(1u << o);
        hold &= ~(1u << p);
      }
      hc_obs_send(m, obs, x, o, f);
      assert(*nmv < m->n * m->np); /* an input pops at most once */
      m->moves[(*nmv)++] = HC_MOVE(x, p, o);
    }
    if (omask >> o & 1u) hc_ctr_blocked(c, hc_popcount(reqo[o])); /* heads routed to a held output all wait */
  }

  if (m->cfg.routing != HC_ROUTE_ECUBE)
    granted = hc_alloc_adaptive(m, x, obs, nmv, req, wt, bz, &newbusy, &hold);

  /* Steps 4 and 7: each free requested output serves its oldest requester. */
  for (s = omask & ~bz; s; s &= s - 1u) {
    unsigned o = hc_ctz(s), win, nw;
    uint32_t rq = reqo[o];
    uint32_t *c = ctr + (size_t)o * HC_CNT_NUM;
    win = hc_oldest(m, base, rq, rq & wt);
    nw = hc_popcount(rq);
    if (hc_out_ready(m, x, o)) {
      uint32_t f = hc_front(m, base + win);
      unsigned kind = hc_flit_kind(w, f);
      granted |= 1u << win;
      nw--;
      c[HC_CNT_FLITS]++;
      c[HC_CNT_BUSY]++;
      if (hc_kind_is_head(kind)) c[HC_CNT_MESSAGES]++;
      if (kind == HC_KIND_HEAD) {
        newbusy |= 1u << o;
        m->owner[base + o] = (uint8_t)win;
        hold |= 1u << win;
      }
      hc_obs_send(m, obs, x, o, f);
      assert(*nmv < m->n * m->np);
      m->moves[(*nmv)++] = HC_MOVE(x, win, o);
    }
    hc_ctr_blocked(c, nw);
  }

  /* Step 9: wait and the age matrix. */
  waitn = req & ~granted;
  hc_age_update(m, base, req, wt, waitn);
  r->wait = waitn;
  r->busy = newbusy;
  r->hold = hold;
  hc_front_wait_tick(m, x);
}


/*
** Pass 1 for router x in mode 3, circuit switching (docs/microarchitecture.md,
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
** every router sends back to the owner of the output it came in on. Reads
** start-of-cycle state only; the probes granted are recorded in m->pmoves for
** pass 2, the acknowledgements of the end of the cycle in ak_next.
*/
static void hc_router_pass1_cs(hc_model *m, unsigned x, hc_obs *obs, unsigned *nmv,
                               unsigned *npm) {
  hc_rt *r = &m->rt[x];
  const unsigned d = m->d, w = m->w;
  const size_t base = (size_t)x * m->np;
  const uint32_t ne = r->nonempty, bz = r->busy, lg = r->ling, nx = r->nxt, wt = r->wait;
  uint32_t hold = r->hold, holdn = r->holdn, newbusy = bz, newnxt = nx, newling = lg;
  uint32_t newpv = r->pv, granted = 0, dreq = 0, preq = 0, done = 0, ak = 0, omask = 0, req;
  uint32_t reqo[HC_MODEL_MAX_D + 1];
  uint32_t *ctr = m->ctr + base * HC_CNT_NUM;
  uint32_t s;

  assert((wt & ~(ne | r->pv)) == 0);
  assert(hc_popcount(hold) + hc_popcount(holdn) == hc_popcount(bz));
  assert((bz & lg) == 0 && (nx & ~bz) == 0);

  /* Requests. Data reach an input in the order of its reservations, so a
  ** front without a current one is the head of a message at its destination. */
  for (s = ne & ~hold; s; s &= s - 1u) {
    unsigned p = hc_ctz(s);
    uint32_t f = hc_front(m, base + p);
    assert(hc_kind_is_head(hc_flit_kind(w, f)) && (f & m->nmask) == x);
    (void)f;
    dreq |= 1u << p;
  }
  for (s = r->pv; s; s &= s - 1u) {
    unsigned p = hc_ctz(s);
    if (m->pw[base + p] != 0) continue;
    if (m->pd[base + p] == x) done |= 1u << p;
    else if (!((holdn | dreq) >> p & 1u)) preq |= 1u << p;
  }
  req = dreq | preq;
  for (s = req; s; s &= s - 1u) {
    unsigned p = hc_ctz(s);
    unsigned o = (dreq >> p & 1u) ? d : hc_ctz(m->pd[base + p] ^ x);
    if (!(omask >> o & 1u)) {
      omask |= 1u << o;
      reqo[o] = 0;
    }
    reqo[o] |= 1u << p;
  }

  /* Reserved outputs: a current reservation streams its owner's flits. */
  for (s = bz; s; s &= s - 1u) {
    unsigned o = hc_ctz(s), p = m->owner[base + o];
    uint32_t *c = ctr + (size_t)o * HC_CNT_NUM;
    c[HC_CNT_BUSY]++;
    if (!(nx >> o & 1u) && (ne >> p & 1u) && hc_out_ready(m, x, o)) {
      uint32_t f = hc_front(m, base + p);
      unsigned kind = hc_flit_kind(w, f);
      c[HC_CNT_FLITS]++;
      if (hc_kind_is_head(kind)) c[HC_CNT_MESSAGES]++;
      if (hc_kind_is_tail(kind)) {
        newbusy &= ~(1u << o);
        hold &= ~(1u << p);
        if (o < d && m->rem[base + o] != 0) {
          m->lc[base + o] = m->rem[base + o];
          newling |= 1u << o;
        }
        if (holdn >> p & 1u) { /* the owner's queued reservation becomes current */
          for (uint32_t t = bz & nx; t; t &= t - 1u) {
            unsigned q = hc_ctz(t);
            if (m->owner[base + q] == p) newnxt &= ~(1u << q);
          }
          holdn &= ~(1u << p);
          hold |= 1u << p;
        }
      }
      hc_obs_send(m, obs, x, o, f);
      assert(*nmv < m->n * m->np);
      m->moves[(*nmv)++] = HC_MOVE(x, p, o);
    }
    if (omask >> o & 1u) hc_ctr_blocked(c, hc_popcount(reqo[o]));
  }

  /* Lingering links: held until the tail they carried has arrived. */
  for (s = lg; s; s &= s - 1u) {
    unsigned o = hc_ctz(s);
    uint32_t *c = ctr + (size_t)o * HC_CNT_NUM;
    c[HC_CNT_BUSY]++;
    if (--m->lc[base + o] == 0) newling &= ~(1u << o);
    if (omask >> o & 1u) hc_ctr_blocked(c, hc_popcount(reqo[o]));
  }

  /* Free outputs: a link is reserved for the oldest probe asking, the
  ** ejection port granted to the oldest data head. */
  for (s = omask & ~bz & ~lg; s; s &= s - 1u) {
    unsigned o = hc_ctz(s);
    uint32_t rq = reqo[o];
    unsigned win = hc_oldest(m, base, rq, rq & wt), nw = hc_popcount(rq) - 1u;
    uint32_t *c = ctr + (size_t)o * HC_CNT_NUM;
    granted |= 1u << win;
    c[HC_CNT_BUSY]++;
    if (o == d) {
      uint32_t f = hc_front(m, base + win);
      unsigned kind = hc_flit_kind(w, f);
      c[HC_CNT_FLITS]++;
      c[HC_CNT_MESSAGES]++;
      if (kind == HC_KIND_HEAD) {
        newbusy |= 1u << o;
        m->owner[base + o] = (uint8_t)win;
        hold |= 1u << win;
      }
      hc_obs_send(m, obs, x, o, f);
      assert(*nmv < m->n * m->np);
      m->moves[(*nmv)++] = HC_MOVE(x, win, o);
    } else {
      uint32_t dest = m->pd[base + win];
      newbusy |= 1u << o;
      m->owner[base + o] = (uint8_t)win;
      if (hold >> win & 1u) { /* behind the input's current reservation */
        newnxt |= 1u << o;
        holdn |= 1u << win;
      } else {
        newnxt &= ~(1u << o);
        hold |= 1u << win;
      }
      m->rem[base + o] = (uint8_t)(hc_popcount(dest ^ x) - 1u);
      newpv &= ~(1u << win);
      if (obs != NULL) {
        obs->probe_valid[(size_t)x * d + o] = 1;
        obs->probe_dest[(size_t)x * d + o] = dest;
      }
      m->pmoves[*npm] = HC_MOVE(x, 0, o);
      m->pmdest[(*npm)++] = dest;
    }
    hc_ctr_blocked(c, nw);
  }

  /* Completions start acknowledgements; an acknowledgement that arrives on an
  ** output goes back to the input that owns it. */
  for (s = done; s; s &= s - 1u) newpv &= ~(1u << hc_ctz(s));
  ak = done;
  for (s = bz; s; s &= s - 1u) {
    unsigned o = hc_ctz(s);
    if (o < d && (m->rt[x ^ (1u << o)].ak >> o & 1u)) {
      unsigned p = m->owner[base + o];
      assert(!(ak >> p & 1u)); /* one acknowledgement per input and cycle */
      ak |= 1u << p;
    }
  }
  for (s = newpv; s; s &= s - 1u) {
    unsigned p = hc_ctz(s);
    if (m->pw[base + p] != 0) m->pw[base + p]--;
  }

  hc_age_update(m, base, req, wt, req & ~granted);
  r->wait = req & ~granted;
  r->busy = newbusy;
  r->hold = hold;
  r->holdn = holdn;
  r->nxt = newnxt;
  r->ling = newling;
  r->pv = newpv;
  r->ak_next = ak;
  hc_front_wait_tick(m, x);
}

/* Apply the NI address map to a destination. */
static uint32_t hc_remap_dest(const hc_model *m, uint32_t dest) {
  uint32_t phys = 0;
  if (m->remap_id) return dest;
  for (unsigned k = 0; k < m->d; k++) phys |= ((dest >> m->remap[k]) & 1u) << k;
  return phys;
}

/*
** The NI of node x in one cycle (pass 1, after its router): hands its front
** flit to the router's local input, accepts the flit offered (offer: flit),
** and in mode 3 runs the path set-up. held0 and ack0 are the router's held
** outputs and its acknowledgement to the NI at the start of the cycle,
** pready the NI's probe_ready. Only the NI and its router read what it changes.
*/
static void hc_ni_step(hc_model *m, unsigned x, int offer, uint32_t flit, uint32_t held0,
                       int ack0, int pready) {
  hc_rt *r = &m->rt[x];
  hc_nis *q = &m->nis[x];
  const unsigned d = m->d, ni = m->ni, nc = r->ni_cnt;
  const int cs = m->sf_mode == HC_MODE_CIRCUIT;
  int pop = 0, load = 0;
  if (nc && m->cnt[(size_t)x * m->np + d] < m->b) {
    uint32_t f = m->ni_buf[(size_t)x * ni + r->ni_head];
    unsigned kind = hc_flit_kind(m->w, f);
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
        uint32_t dest = hc_remap_dest(m, f & m->nmask);
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
      hc_fifo_push(m, x, d, hc_remap_head(m, f));
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
      m->ni_buf[(size_t)x * ni + slot] = flit;
      r->ni_cnt++;
    }
  }
  /* Mode 3: the set-up counts xi while its first link is free, then hands
  ** the probe to the router's local input; the acknowledgement means held. */
  if (q->su == 1) {
    uint32_t diff = q->sd ^ x;
    if (diff == 0 || !(held0 >> hc_ctz(diff) & 1u)) {
      if (q->sc == 0) {
        size_t k = (size_t)x * m->np + d;
        assert(!(r->pv >> d & 1u)); /* the local probe register is free */
        r->pv |= 1u << d;
        m->pd[k] = q->sd;
        m->pw[k] = 0;
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

/*
** Run one clock cycle of the whole network; see hc_model.h. inj_valid may be
** NULL (nothing offered), inj_flit is read only where inj_valid[x] is set. A
** flit offered to a node whose NI is not ready is an error of the caller: it
** asserts and, with NDEBUG, the flit is dropped.
*/
void hc_model_step(hc_model *m, const uint8_t *inj_valid,
                   const uint32_t *inj_flit, hc_obs *obs) {
  const unsigned n = m->n, d = m->d, ni = m->ni;
  unsigned x, i, nmv = 0, npm = 0;
  uint32_t occupied = 0; /* any buffer, NI queue or held output at cycle start */
  int cs;

  m->sf_mode = hc_model_mode(m);
  hc_cost_regs(m, &m->tau, &m->xi, &m->overlap);
  cs = m->sf_mode == HC_MODE_CIRCUIT;
  if (obs != NULL) {
    obs->sf_done = 0;
    obs->cfg_rdata = 0;
    memset(obs->link_valid, 0, (size_t)n * d * sizeof *obs->link_valid);
    memset(obs->link_flit, 0, (size_t)n * d * sizeof *obs->link_flit);
    memset(obs->ej_valid, 0, (size_t)n * sizeof *obs->ej_valid);
    memset(obs->ej_flit, 0, (size_t)n * sizeof *obs->ej_flit);
    memset(obs->probe_valid, 0, (size_t)n * d * sizeof *obs->probe_valid);
    memset(obs->probe_dest, 0, (size_t)n * d * sizeof *obs->probe_dest);
  }

  /* Pass 1: decisions from the registered state, local updates. */
  for (x = 0; x < n; x++) {
    hc_rt *r = &m->rt[x];
    const hc_nis *q = &m->nis[x];
    unsigned nc = r->ni_cnt;
    int offer = inj_valid != NULL && inj_valid[x];
    int pready = cs && hc_model_probe_ready(m, x);
    uint32_t held0 = r->busy | r->ling, nis_busy = q->su | q->held | q->strm | q->cc;
    int ack0 = r->ak >> d & 1u;
    if (obs != NULL) {
      obs->inj_ready[x] = (uint8_t)(nc < ni);
      obs->probe_ready[x] = (uint8_t)pready;
      for (i = 0; i < d; i++) obs->link_ack[(size_t)x * d + i] = (uint8_t)(r->ak >> i & 1u);
    }
    occupied |= r->nonempty | held0 | nc | r->pv | r->ak | nis_busy;
    if (cs) {
      if (r->nonempty | held0 | r->pv) hc_router_pass1_cs(m, x, obs, &nmv, &npm);
    } else if (r->nonempty | r->busy) {
      hc_router_pass1(m, x, obs, &nmv);
    }
    if ((nc | (unsigned)offer | nis_busy | q->pin | q->xw | (unsigned)ack0) == 0) continue;
    hc_ni_step(m, x, offer, offer ? inj_flit[x] : 0, held0, ack0, pready);
  }

  /* Pass 2: pops and pushes of the moves decided in pass 1; a new front of a
  ** link input starts its tau wait; probes move on; acknowledgements advance. */
  for (i = 0; i < nmv; i++) {
    uint32_t mv = m->moves[i];
    unsigned mx = HC_MOVE_X(mv), p = HC_MOVE_P(mv), o = HC_MOVE_O(mv);
    uint32_t f = hc_fifo_pop(m, mx, p);
    hc_front_wait_load(m, mx, p);
    if (o < d) {
      unsigned y = mx ^ (1u << o);
      if (m->cnt[(size_t)y * m->np + o] == 0) hc_front_wait_load(m, y, o);
      hc_fifo_push(m, y, o, f);
    }
  }
  for (i = 0; i < npm; i++) {
    unsigned o = HC_MOVE_O(m->pmoves[i]), y = HC_MOVE_X(m->pmoves[i]) ^ (1u << o);
    size_t k = (size_t)y * m->np + o;
    assert(!(m->rt[y].pv >> o & 1u)); /* a probe moves into an empty register */
    m->rt[y].pv |= 1u << o;
    m->pd[k] = m->pmdest[i];
    m->pw[k] = (uint8_t)m->tau;
  }
  if (cs || m->ak_live) {
    m->ak_live = 0;
    for (x = 0; x < n; x++) {
      m->rt[x].ak = m->rt[x].ak_next;
      m->rt[x].ak_next = 0;
      m->ak_live |= m->rt[x].ak != 0;
    }
  }

  /* The store-and-forward engines: stepped while in mode 1, when the port is
  ** used, and for a few cycles after (a read's data, the pipelines). */
  if (m->sf != NULL && (m->sf_mode == HC_MODE_SF || m->op_pending || m->sf_live > 0)) {
    uint8_t done;
    uint32_t rdata;
    hc_sf_step(m->sf, m->op_pending ? &m->op : NULL, m->sf_valid, m->sf_flit,
               &done, &rdata);
    if (m->sf_mode == HC_MODE_SF || m->op_pending) m->sf_live = 4;
    else m->sf_live--;
    m->op_pending = 0;
    if (obs != NULL) {
      obs->sf_done = done;
      obs->cfg_rdata = rdata;
      if (m->sf_mode == HC_MODE_SF) {
        memcpy(obs->link_valid, m->sf_valid, (size_t)n * d * sizeof *obs->link_valid);
        memcpy(obs->link_flit, m->sf_flit, (size_t)n * d * sizeof *obs->link_flit);
      }
    }
  }

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

/*
** Allocate the arrays of obs for cfg (see hc_obs in hc_model.h), zeroed.
** Returns HC_OK, HC_EPARAM for a bad cfg or NULL obs, or HC_ENOMEM (obs then
** holds only NULL pointers).
*/
int hc_obs_new(const hc_cfg *cfg, hc_obs *obs) {
  size_t n;
  if (obs == NULL || hc_cfg_check(cfg) != HC_OK) return HC_EPARAM;
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
  if (!obs->link_valid || !obs->link_flit || !obs->ej_valid || !obs->ej_flit ||
      !obs->inj_ready || !obs->probe_ready || !obs->probe_valid || !obs->probe_dest ||
      !obs->link_ack) {
    hc_obs_free(obs);
    return HC_ENOMEM;
  }
  return HC_OK;
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
  obs->link_valid = NULL;
  obs->link_flit = NULL;
  obs->ej_valid = NULL;
  obs->ej_flit = NULL;
  obs->inj_ready = NULL;
  obs->probe_ready = NULL;
  obs->probe_valid = NULL;
  obs->probe_dest = NULL;
  obs->link_ack = NULL;
}
