/*
** Implementation of tb/driver/hc_driver.h: send queues, flit injection, per-node
** reassembly of ejected flits and the exactly-once scoreboard. The scoreboard
** finds the sent message an ejected one claims to be through a hash of its
** content and the node it came out at, then compares every flit with the
** content regenerated from the sent message's sequence number; a message
** that matches no sent message is counted corrupted, one that matches a
** message already delivered is counted duplicated, and any message never
** delivered is lost.
**
** Two hash tables keep the cost of a delivery independent of the length of
** the run: the live table holds the messages whose head has been offered
** and that are not delivered yet (at most what the network and the NIs
** hold), and the delivered table one delivered message for each distinct
** content, which is all a duplicate needs to be recognised exactly. A
** message enters the live table when its head is offered and leaves it when
** it is delivered.
*/
#include "hc_driver.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

typedef struct hc_queue { /* ring of message indices */
  uint64_t *buf;
  uint64_t cap, head, count;
} hc_queue;

typedef struct hc_rx { /* reassembly at one ejection port */
  uint32_t *flits;
  unsigned len, cap;
} hc_rx;

/* A hash table of message indices, chained through hc_driver.chain (a
** message is in at most one table at a time). */
typedef struct hc_table {
  int64_t *bucket; /* [nbuckets], a power of two; -1: empty */
  uint64_t nbuckets, count;
} hc_table;

typedef struct hc_mon {
  hc_monitor_fn fn;
  void *ctx;
} hc_mon;

struct hc_driver {
  hc_backend *be;
  hc_cfg cfg;
  unsigned n;
  hc_msg *msgs;
  uint64_t *key;   /* content hash per message */
  int64_t *chain;  /* next message in the same bucket of its table, -1 ends */
  uint64_t nmsgs, cap;
  hc_table live;   /* offered and not delivered */
  hc_table done;   /* one delivered message per distinct content */
  hc_queue *q;
  hc_queue *pq;        /* mode 3: messages whose path set-up is not offered yet */
  unsigned mode;       /* the mode register as this driver last wrote it */
  unsigned *next_flit; /* flits of the front message already offered */
  hc_rx *rx;
  uint8_t *inj_valid;
  uint32_t *inj_flit;
  hc_obs obs;
  hc_mon mons[8];
  unsigned nmons;
  hc_deliver_fn on_deliver;
  void *on_deliver_ctx;
  uint64_t measure_from;
  hc_stats st;
  uint8_t remap[HC_MODEL_MAX_D]; /* NI address map, identity unless set */
};

/* Where the NI map sends a destination. */
static uint32_t map_dest(const hc_driver *drv, uint32_t dest) {
  uint32_t phys = 0;
  for (unsigned k = 0; k < drv->cfg.d; k++) phys |= ((dest >> drv->remap[k]) & 1u) << k;
  return phys;
}

int hc_driver_set_remap(hc_driver *drv, const uint8_t *perm) {
  int rc = hc_backend_set_remap(drv->be, perm);
  if (rc == HC_OK) memcpy(drv->remap, perm, drv->cfg.d);
  return rc;
}

static uint64_t mix64(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

/* Content hash of a message as it comes out at node: start, then one step
** per flit; the same steps key sent messages and received ones. */
static uint64_t key_start(unsigned node) { return mix64(node + 0x9e3779b97f4a7c15ULL); }
static uint64_t key_step(uint64_t h, uint32_t flit, unsigned j) { return mix64(h ^ flit) + j; }

static uint64_t content_key(unsigned node, const uint32_t *f, unsigned len) {
  uint64_t h = key_start(node);
  for (unsigned j = 0; j < len; j++) h = key_step(h, f[j], j);
  return h;
}

/* A head carries dest, then src, then the low bits of the sequence number
** (as far as the payload reaches), so a waveform filter can name it; the
** first two body flits carry the sequence number and the rest a hash of it. */
uint32_t hc_driver_flit(const hc_driver *drv, const hc_msg *m, unsigned j) {
  const unsigned w = drv->cfg.w, d = drv->cfg.d;
  const uint32_t mask = (1u << w) - 1u;
  if (j == 0) {
    uint64_t payload = m->dest | ((uint64_t)m->src << d) | (m->seq << (2 * d));
    return hc_flit(w, m->len == 1 ? HC_KIND_SINGLE : HC_KIND_HEAD, (uint32_t)payload & mask);
  }
  uint32_t payload = (uint32_t)mix64(m->seq * 0x100000001b3ULL + j);
  if (j == 1) payload = (uint32_t)m->seq;
  else if (j == 2) payload = (uint32_t)(m->seq >> w);
  return hc_flit(w, j == m->len - 1 ? HC_KIND_TAIL : HC_KIND_BODY, payload & mask);
}

/* The flit j of m as it must come out: the head carries the mapped destination. */
static uint32_t eject_flit(const hc_driver *drv, const hc_msg *m, unsigned j) {
  uint32_t f = hc_driver_flit(drv, m, j);
  if (j == 0) f = (f & ~((1u << drv->cfg.d) - 1u)) | m->phys_dest;
  return f;
}

/* Empty t, keeping its buckets. */
static void table_clear(hc_table *t) {
  for (uint64_t i = 0; i < t->nbuckets; i++) t->bucket[i] = -1;
  t->count = 0;
}

/* A new empty t of 1024 buckets. Returns 0, or -1 out of memory. */
static int table_init(hc_table *t) {
  t->nbuckets = 1024;
  t->bucket = malloc(t->nbuckets * sizeof *t->bucket);
  if (!t->bucket) return -1;
  table_clear(t);
  return 0;
}

/* Double t's buckets, relinking its messages. Returns 0, or -1 out of memory. */
static int table_grow(hc_driver *drv, hc_table *t) {
  const uint64_t nb = t->nbuckets * 2;
  int64_t *b = malloc(nb * sizeof *b);
  if (!b) return -1;
  for (uint64_t i = 0; i < nb; i++) b[i] = -1;
  for (uint64_t h = 0; h < t->nbuckets; h++) {
    for (int64_t i = t->bucket[h], next; i >= 0; i = next) {
      next = drv->chain[i];
      int64_t *head = &b[drv->key[i] & (nb - 1)];
      drv->chain[i] = *head;
      *head = i;
    }
  }
  free(t->bucket);
  t->bucket = b;
  t->nbuckets = nb;
  return 0;
}

/* Put message i into t, growing t when it averages two messages a bucket.
** Returns 0, or -1 out of memory. */
static int table_add(hc_driver *drv, hc_table *t, uint64_t i) {
  if (t->count >= 2 * t->nbuckets && table_grow(drv, t) != 0) return -1;
  int64_t *head = &t->bucket[drv->key[i] & (t->nbuckets - 1)];
  drv->chain[i] = *head;
  *head = (int64_t)i;
  t->count++;
  return 0;
}

int hc_driver_new(hc_backend *b, hc_driver **out) {
  hc_driver *drv = calloc(1, sizeof *drv);
  if (!drv) return HC_ENOMEM;
  drv->be = b;
  drv->cfg = *hc_backend_cfg(b);
  drv->n = 1u << drv->cfg.d;
  drv->q = calloc(drv->n, sizeof *drv->q);
  drv->pq = calloc(drv->n, sizeof *drv->pq);
  drv->next_flit = calloc(drv->n, sizeof *drv->next_flit);
  drv->rx = calloc(drv->n, sizeof *drv->rx);
  drv->inj_valid = calloc(drv->n, 1);
  drv->inj_flit = calloc(drv->n, sizeof *drv->inj_flit);
  if (table_init(&drv->live) != 0 || table_init(&drv->done) != 0 || !drv->q || !drv->pq || !drv->next_flit ||
      !drv->rx || !drv->inj_valid || !drv->inj_flit || hc_obs_new(&drv->cfg, &drv->obs) != HC_OK) {
    hc_driver_free(drv);
    return HC_ENOMEM;
  }
  for (unsigned k = 0; k < drv->cfg.d; k++) drv->remap[k] = (uint8_t)k;
  *out = drv;
  return HC_OK;
}

void hc_driver_free(hc_driver *drv) {
  if (!drv) return;
  if (drv->q)
    for (unsigned x = 0; x < drv->n; x++) free(drv->q[x].buf);
  if (drv->pq)
    for (unsigned x = 0; x < drv->n; x++) free(drv->pq[x].buf);
  free(drv->pq);
  if (drv->rx)
    for (unsigned x = 0; x < drv->n; x++) free(drv->rx[x].flits);
  free(drv->q);
  free(drv->rx);
  free(drv->next_flit);
  free(drv->inj_valid);
  free(drv->inj_flit);
  free(drv->msgs);
  free(drv->key);
  free(drv->chain);
  free(drv->live.bucket);
  free(drv->done.bucket);
  if (drv->obs.link_valid) hc_obs_free(&drv->obs);
  free(drv);
}

static int queue_push(hc_queue *q, uint64_t v) {
  if (q->count == q->cap) {
    uint64_t ncap = q->cap ? 2 * q->cap : 16;
    uint64_t *nb = malloc(ncap * sizeof *nb);
    if (!nb) return -1;
    for (uint64_t i = 0; i < q->count; i++) nb[i] = q->buf[(q->head + i) % q->cap];
    free(q->buf);
    q->buf = nb;
    q->cap = ncap;
    q->head = 0;
  }
  q->buf[(q->head + q->count) % q->cap] = v;
  q->count++;
  return 0;
}

int64_t hc_driver_send(hc_driver *drv, unsigned src, unsigned dest, unsigned len,
                       uint32_t tag) {
  if (len == 0 || src >= drv->n || dest >= drv->n) return -1;
  if (drv->nmsgs == drv->cap) {
    uint64_t ncap = drv->cap ? 2 * drv->cap : 1024;
    hc_msg *m = realloc(drv->msgs, ncap * sizeof *m);
    if (!m) return -1;
    drv->msgs = m;
    uint64_t *k = realloc(drv->key, ncap * sizeof *k);
    if (!k) return -1;
    drv->key = k;
    int64_t *c = realloc(drv->chain, ncap * sizeof *c);
    if (!c) return -1;
    drv->chain = c;
    drv->cap = ncap;
  }
  uint64_t i = drv->nmsgs;
  hc_msg *m = &drv->msgs[i];
  memset(m, 0, sizeof *m);
  m->src = src;
  m->dest = dest;
  m->phys_dest = map_dest(drv, dest);
  m->len = len;
  m->tag = tag;
  m->seq = i;
  m->t_create = hc_backend_cycle(drv->be);
  if (queue_push(&drv->q[src], i) != 0) return -1;
  if (drv->mode == HC_MODE_CIRCUIT && queue_push(&drv->pq[src], i) != 0) return -1;
  /* The key is the hash of the content as it must come out at dest. */
  uint64_t h = key_start(m->phys_dest);
  for (unsigned j = 0; j < len; j++) h = key_step(h, eject_flit(drv, m, j), j);
  drv->key[i] = h;
  drv->chain[i] = -1; /* in no table until its head is offered */
  drv->nmsgs++;
  drv->st.injected++;
  return (int64_t)i;
}

static int rx_push(hc_rx *rx, uint32_t f) {
  if (rx->len == rx->cap) {
    unsigned ncap = rx->cap ? 2 * rx->cap : 32;
    uint32_t *nf = realloc(rx->flits, ncap * sizeof *nf);
    if (!nf) return -1;
    rx->flits = nf;
    rx->cap = ncap;
  }
  rx->flits[rx->len++] = f;
  return 0;
}

/* Whether message m is what came out at node x (the flits of rx). */
static int same_content(const hc_driver *drv, const hc_msg *m, unsigned x, const hc_rx *rx) {
  if (m->phys_dest != x || m->len != rx->len) return 0;
  unsigned j = 0;
  while (j < m->len && eject_flit(drv, m, j) == rx->flits[j]) j++;
  return j == m->len;
}

/* The link to the message in t with the content of rx (key h) and the
** smallest sequence number (the link holds -1 when there is none), or
** NULL; *compared counts the messages whose flits were compared. */
static int64_t *table_find(const hc_driver *drv, const hc_table *t, uint64_t h, unsigned x, const hc_rx *rx,
                           uint64_t *compared) {
  int64_t *best = NULL;
  for (int64_t *at = &t->bucket[h & (t->nbuckets - 1)]; *at >= 0; at = &drv->chain[*at]) {
    if (drv->key[*at] != h) continue;
    ++*compared;
    if (same_content(drv, &drv->msgs[*at], x, rx) && (!best || *at < *best)) best = at;
  }
  return best;
}

/*
** A whole message came out at node x: find it among the sent ones. Messages
** with identical content (possible when the payload is too narrow to hold
** the whole sequence number) are told apart by age: the credit goes to the
** oldest undelivered one whose head has been offered, which is the one a
** network that keeps per-path order must have delivered. It moves from the
** live table to the delivered one unless a delivered message with its
** content is there already. Returns HC_OK or HC_ENOMEM.
*/
static int scoreboard(hc_driver *drv, unsigned x, const hc_rx *rx, uint64_t cycle) {
  const uint64_t h = content_key(x, rx->flits, rx->len);
  uint64_t compared = 0;
  int64_t *at = table_find(drv, &drv->live, h, x, rx, &compared);
  const int64_t *seen = table_find(drv, &drv->done, h, x, rx, &compared);
  if (compared > drv->st.compared_max) drv->st.compared_max = compared;
  if (!at) {
    if (seen) drv->st.duplicated++;
    else drv->st.corrupted++;
    return HC_OK;
  }
  const uint64_t i = (uint64_t)*at;
  hc_msg *best = &drv->msgs[i];
  *at = drv->chain[i]; /* out of the live table */
  drv->live.count--;
  if (!seen && table_add(drv, &drv->done, i) != 0) return HC_ENOMEM;
  best->delivered = 1;
  best->t_deliver = cycle;
  drv->st.delivered++;
  if (best->t_create >= drv->measure_from) {
    uint64_t lat = cycle - best->t_create;
    drv->st.measured++;
    drv->st.latency_sum += (double)lat;
    if (lat > drv->st.latency_max) drv->st.latency_max = lat;
  }
  if (drv->on_deliver) drv->on_deliver(drv->on_deliver_ctx, drv, best);
  return HC_OK;
}

int hc_driver_step(hc_driver *drv) {
  const uint64_t cycle = hc_backend_cycle(drv->be);
  const unsigned w = drv->cfg.w;
  for (unsigned x = 0; x < drv->n; x++) {
    hc_queue *pq = &drv->pq[x];
    if (pq->count == 0 || !hc_backend_probe_ready(drv->be, x)) continue;
    hc_msg *m = &drv->msgs[pq->buf[pq->head]];
    m->t_setup = cycle;
    hc_backend_probe(drv->be, x, m->dest);
    pq->head = (pq->head + 1) % pq->cap;
    pq->count--;
  }
  for (unsigned x = 0; x < drv->n; x++) {
    hc_queue *q = &drv->q[x];
    drv->inj_valid[x] = 0;
    drv->inj_flit[x] = 0;
    if (q->count == 0 || !hc_backend_inj_ready(drv->be, x)) continue;
    hc_msg *m = &drv->msgs[q->buf[q->head]];
    if (drv->next_flit[x] == 0) {
      m->t_head = cycle;
      m->offered = 1;
      if (table_add(drv, &drv->live, q->buf[q->head]) != 0) return HC_ENOMEM;
    }
    drv->inj_valid[x] = 1;
    drv->inj_flit[x] = hc_driver_flit(drv, m, drv->next_flit[x]);
    if (++drv->next_flit[x] == m->len) {
      drv->next_flit[x] = 0;
      q->head = (q->head + 1) % q->cap;
      q->count--;
    }
  }
  int rc = hc_backend_step(drv->be, drv->inj_valid, drv->inj_flit, &drv->obs);
  if (rc != HC_OK) return rc;
  for (unsigned x = 0; x < drv->n; x++) {
    if (!drv->obs.ej_valid[x]) continue;
    uint32_t f = drv->obs.ej_flit[x];
    hc_rx *rx = &drv->rx[x];
    unsigned kind = hc_flit_kind(w, f);
    drv->st.flits_delivered++;
    if (hc_kind_is_head(kind) && rx->len != 0) { /* previous message cut short */
      drv->st.corrupted++;
      rx->len = 0;
    }
    if (rx_push(rx, f) != 0) return HC_ENOMEM;
    if (hc_kind_is_tail(kind)) {
      rc = scoreboard(drv, x, rx, cycle);
      rx->len = 0;
      if (rc != HC_OK) return rc;
    }
  }
  for (unsigned i = 0; i < drv->nmons; i++) drv->mons[i].fn(drv->mons[i].ctx, drv, &drv->obs);
  return HC_OK;
}

void hc_driver_reset(hc_driver *drv) {
  hc_backend_reset(drv->be);
  for (unsigned x = 0; x < drv->n; x++) {
    drv->q[x].head = drv->q[x].count = 0;
    drv->pq[x].head = drv->pq[x].count = 0;
    drv->next_flit[x] = 0;
    drv->rx[x].len = 0;
  }
  drv->nmsgs = 0;
  table_clear(&drv->live);
  table_clear(&drv->done);
  memset(&drv->st, 0, sizeof drv->st);
  drv->measure_from = 0;
  drv->mode = HC_MODE_WORMHOLE;
  for (unsigned k = 0; k < drv->cfg.d; k++) drv->remap[k] = (uint8_t)k;
}

int hc_driver_set_cfg(hc_driver *drv, const hc_cfg_op *op) {
  int rc = hc_backend_set_cfg(drv->be, op);
  /* Follow the mode register for the set-ups of mode 3 (a refused value
  ** leaves it as it was). */
  if (rc == HC_OK && (op->we & 1u) && op->tgt == HC_SF_TGT_GLOBAL && op->idx == HC_SF_REG_MODE &&
      op->wdata <= HC_MODE_CIRCUIT)
    drv->mode = op->wdata;
  return rc;
}

int hc_driver_backdoor(hc_driver *drv, const hc_cfg_op *op, uint32_t *rdata) {
  return hc_backend_backdoor(drv->be, op, rdata);
}

int hc_driver_set_mode(hc_driver *drv, unsigned mode) {
  hc_cfg_op op;
  memset(&op, 0, sizeof op);
  op.we = 1;
  op.tgt = HC_SF_TGT_GLOBAL;
  op.idx = HC_SF_REG_MODE;
  op.wdata = mode;
  return hc_driver_set_cfg(drv, &op);
}

int hc_driver_set_cost(hc_driver *drv, unsigned tau, unsigned xi, unsigned overlap) {
  const uint32_t idx[3] = {HC_REG_TAU, HC_REG_XI, HC_REG_OVERLAP}, val[3] = {tau, xi, overlap};
  if (tau >> HC_TAU_W || xi >> HC_XI_W || overlap > 1) return HC_EPARAM;
  for (unsigned i = 0; i < 3; i++) {
    hc_cfg_op op;
    memset(&op, 0, sizeof op);
    op.we = 1;
    op.tgt = HC_SF_TGT_GLOBAL;
    op.idx = idx[i];
    op.wdata = val[i];
    int rc = hc_driver_set_cfg(drv, &op);
    if (rc == HC_OK) rc = hc_driver_step(drv);
    if (rc != HC_OK) return rc;
  }
  return HC_OK;
}

const hc_obs *hc_driver_obs(const hc_driver *drv) { return &drv->obs; }
int hc_driver_idle(const hc_driver *drv) { return hc_backend_idle(drv->be); }
void hc_driver_set_step(hc_driver *drv, unsigned step) { hc_backend_set_step(drv->be, step); }
uint32_t hc_driver_counter(hc_driver *drv, unsigned x, unsigned port, unsigned id) {
  return hc_backend_counter(drv->be, x, port, id);
}
int hc_driver_check_counters(hc_driver *drv) { return hc_backend_check_counters(drv->be); }
const hc_mismatch *hc_driver_mismatch(const hc_driver *drv) { return hc_backend_mismatch(drv->be); }

uint64_t hc_driver_outstanding(const hc_driver *drv) {
  return drv->st.injected - drv->st.delivered;
}

uint64_t hc_driver_queued(const hc_driver *drv, unsigned x) { return drv->q[x].count; }

int hc_driver_drain(hc_driver *drv, uint64_t max_cycles) {
  for (uint64_t c = 0; c < max_cycles; c++) {
    if (hc_driver_outstanding(drv) == 0) return HC_OK;
    int rc = hc_driver_step(drv);
    if (rc != HC_OK) return rc;
  }
  return hc_driver_outstanding(drv) == 0 ? HC_OK : HC_ETIMEOUT;
}

int hc_driver_add_monitor(hc_driver *drv, hc_monitor_fn fn, void *ctx) {
  if (drv->nmons == sizeof drv->mons / sizeof drv->mons[0]) return HC_ENOMEM;
  drv->mons[drv->nmons].fn = fn;
  drv->mons[drv->nmons].ctx = ctx;
  drv->nmons++;
  return HC_OK;
}

void hc_driver_on_deliver(hc_driver *drv, hc_deliver_fn fn, void *ctx) {
  drv->on_deliver = fn;
  drv->on_deliver_ctx = ctx;
}

void hc_driver_measure_from(hc_driver *drv, uint64_t cycle) { drv->measure_from = cycle; }
const hc_stats *hc_driver_stats(const hc_driver *drv) { return &drv->st; }
const hc_msg *hc_driver_msg(const hc_driver *drv, uint64_t i) {
  return i < drv->nmsgs ? &drv->msgs[i] : NULL;
}
uint64_t hc_driver_num_msgs(const hc_driver *drv) { return drv->nmsgs; }
uint64_t hc_driver_cycle(const hc_driver *drv) { return hc_backend_cycle(drv->be); }
const hc_cfg *hc_driver_cfg(const hc_driver *drv) { return &drv->cfg; }
hc_sim hc_driver_sim(const hc_driver *drv) { return hc_backend_sim(drv->be); }
