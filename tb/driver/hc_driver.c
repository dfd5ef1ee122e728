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
** Two tables keep the cost of a delivery independent of the length of the
** run: the live table holds the messages whose head has been offered and
** that are not delivered yet (at most what the network and the NIs hold),
** and the delivered table one delivered message for each distinct content,
** which is all a duplicate needs to be recognised exactly. A message enters
** the live table when its head is offered and leaves it when it is
** delivered.
**
** The messages themselves sit in a ring indexed by sequence number. A long
** run (a soak) can ask the driver to forget delivered messages
** (hc_driver_forget): the ring then starts at the oldest message not yet
** delivered, and the delivered table drops the messages that leave it, so
** memory follows the messages in flight and queued, not the run's length.
**
** The watchdog (hc_driver_set_watchdog) counts the cycles in which no flit
** entered a network interface and none came out, while messages are in
** the network; at its bound the step fails with HC_ESTALL and the driver
** keeps where the flits stand (hc_driver_stall), the way BookSim reports a
** deadlocked run.
**
** A cycle costs the driver the nodes that have something to send and the
** flits that come out, not the size of the network: it keeps the list of
** nodes whose send queues are not empty, offers flits one node at a time
** (hc_backend_offer), reads the ejections from the observation's list, and
** over a stretch with nothing to send and nothing in the network it lets
** the model jump (hc_driver_advance).
*/
#include "hc_driver.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

typedef struct hc_queue { /* ring of message indices; cap a power of two */
  uint64_t *buf;
  uint32_t cap, head, count;
} hc_queue;

typedef struct hc_rx { /* reassembly at one ejection port */
  uint32_t *flits;
  unsigned len, cap;
} hc_rx;

/* What the driver keeps per node, together: an offer touches the first
** line (the queues, the message's progress), an ejection the last. */
typedef struct hc_dnode {
  hc_queue q;          /* the send queue */
  hc_queue pq;         /* mode 3: messages whose path set-up is not offered yet */
  unsigned next_flit;  /* flits of the front message already offered */
  uint8_t in_src;      /* the node is in src[] */
  hc_rx rx;
  uint64_t ejected;    /* flits ejected here since the reset */
} hc_dnode;

/* A slot of a scoreboard table: a message's content key and index
** (idx -1: empty). The key beside the index makes a lookup one cache line. */
typedef struct hc_slot {
  uint64_t key;
  int64_t idx;
} hc_slot;

/* Messages by content key: open addressing with linear probing, half full
** at most, so that a probe soon reaches an empty slot. */
typedef struct hc_table {
  hc_slot *slot; /* [cap], a power of two */
  uint64_t cap, count;
} hc_table;

typedef struct hc_mon {
  hc_monitor_fn fn;
  void *ctx;
} hc_mon;

struct hc_driver {
  hc_backend *be;
  hc_cfg cfg;
  unsigned n;
  hc_msg *msgs;        /* ring: message i at msgs[i & (cap - 1)], base <= i < nmsgs */
  uint64_t base, nmsgs, cap;
  uint32_t *words;     /* the payloads of hc_driver_send_words, in creation order
                          (kept when messages are forgotten: soaks send no words) */
  uint64_t nwords, wcap;
  int forget;          /* drop delivered messages from the ring's start */
  int moved;           /* a flit or set-up was offered in the cycle under way */
  uint64_t wd_bound;   /* the watchdog's bound in cycles; 0: off */
  uint64_t wd_last;    /* the last cycle in which a flit went in or came out */
  int stalled;
  hc_stall stall;
  hc_table live;       /* offered and not delivered */
  hc_table done;       /* one delivered message per distinct content */
  hc_dnode *nd;        /* [n] */
  unsigned mode;       /* the mode register as this driver last wrote it */
  uint32_t *src;       /* the nodes with a message in q or pq, in no order */
  unsigned nsrc;
  hc_obs obs;
  hc_mon mons[8];
  unsigned nmons;
  struct {
    hc_deliver_fn fn;
    void *ctx;
  } deliv[4];          /* hc_driver_on_deliver's callbacks, in the order added */
  unsigned ndeliv;
  uint64_t measure_from;
  hc_stats st;
  uint8_t remap[HC_MODEL_MAX_D]; /* NI address map, identity unless set */
};

/* Message i (base <= i < nmsgs). */
static inline hc_msg *msg_at(const hc_driver *drv, uint64_t i) {
  return &drv->msgs[i & (drv->cap - 1u)];
}

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

/* Content hash of a message as it comes out at node: start, one step per
** flit, then the end; the same steps key sent messages and received ones.
** A step is a multiply (odd, so no two flits give the same state) and the
** mixing once at the end, which spreads every bit into the low ones the
** tables index by: a key is computed twice a message (hc_msg's key), and
** equal keys only cost a comparison of the flits. */
static uint64_t key_start(unsigned node) { return node + 0x9e3779b97f4a7c15ULL; }
static uint64_t key_step(uint64_t h, uint32_t flit, unsigned j) { return (h ^ flit) * 0xff51afd7ed558ccdULL + j; }
static uint64_t key_end(uint64_t h) { return mix64(h); }

static uint64_t content_key(unsigned node, const uint32_t *f, unsigned len) {
  uint64_t h = key_start(node);
  for (unsigned j = 0; j < len; j++) h = key_step(h, f[j], j);
  return key_end(h);
}

/* A head carries dest, then src, then the low bits of the sequence number
** (as far as the payload reaches), so a waveform filter can name it; the
** body flits carry the caller's words (hc_driver_send_words), else the
** first two the sequence number and the rest a hash of it. */
uint32_t hc_driver_flit(const hc_driver *drv, const hc_msg *m, unsigned j) {
  const unsigned w = drv->cfg.w, d = drv->cfg.d;
  const uint32_t mask = (1u << w) - 1u;
  if (j == 0) {
    uint64_t payload = m->dest | ((uint64_t)m->src << d) | (m->seq << (2 * d));
    return hc_flit(w, m->len == 1 ? HC_KIND_SINGLE : HC_KIND_HEAD, (uint32_t)payload & mask);
  }
  uint32_t payload;
  if (m->words) payload = drv->words[m->words - 1u + j - 1u];
  else if (j == 1) payload = (uint32_t)m->seq;
  else if (j == 2) payload = (uint32_t)(m->seq >> w);
  else payload = (uint32_t)mix64(m->seq * 0x100000001b3ULL + j);
  return hc_flit(w, j == m->len - 1 ? HC_KIND_TAIL : HC_KIND_BODY, payload & mask);
}

/* The flit j of m as it must come out: the head carries the mapped destination. */
static uint32_t eject_flit(const hc_driver *drv, const hc_msg *m, unsigned j) {
  uint32_t f = hc_driver_flit(drv, m, j);
  if (j == 0) f = (f & ~((1u << drv->cfg.d) - 1u)) | m->phys_dest;
  return f;
}

/* The content key of m as it must come out at its destination. */
static uint64_t msg_key(const hc_driver *drv, const hc_msg *m) {
  uint64_t h = key_start(m->phys_dest);
  for (unsigned j = 0; j < m->len; j++) h = key_step(h, eject_flit(drv, m, j), j);
  return key_end(h);
}

/* Empty t, keeping its slots. */
static void table_clear(hc_table *t) {
  for (uint64_t i = 0; i < t->cap; i++) t->slot[i].idx = -1;
  t->count = 0;
}

/* A new empty t of 2048 slots. Returns 0, or -1 out of memory. */
static int table_init(hc_table *t) {
  t->cap = 2048;
  t->slot = malloc(t->cap * sizeof *t->slot);
  if (!t->slot) return -1;
  table_clear(t);
  return 0;
}

/* Put message i of content key h into slots (cap of them, one free at least). */
static void slot_put(hc_slot *slot, uint64_t cap, uint64_t h, int64_t i) {
  uint64_t pos = h & (cap - 1u);
  while (slot[pos].idx >= 0) pos = (pos + 1u) & (cap - 1u);
  slot[pos].key = h;
  slot[pos].idx = i;
}

/* Double t's slots. Returns 0, or -1 out of memory. */
static int table_grow(hc_table *t) {
  const uint64_t nc = t->cap * 2u;
  hc_slot *s = malloc(nc * sizeof *s);
  if (!s) return -1;
  for (uint64_t i = 0; i < nc; i++) s[i].idx = -1;
  for (uint64_t i = 0; i < t->cap; i++)
    if (t->slot[i].idx >= 0) slot_put(s, nc, t->slot[i].key, t->slot[i].idx);
  free(t->slot);
  t->slot = s;
  t->cap = nc;
  return 0;
}

/* Put message i of content key h into t, growing t when it would be more
** than half full. Returns 0, or -1 out of memory. */
static int table_add(hc_table *t, uint64_t h, uint64_t i) {
  if (2u * (t->count + 1u) > t->cap && table_grow(t) != 0) return -1;
  slot_put(t->slot, t->cap, h, (int64_t)i);
  t->count++;
  return 0;
}

/* Empty slot pos of t. A probe stops at an empty slot, so each later entry
** of the same run whose probe passes the hole moves back into it, leaving a
** hole further on (deletion without tombstones, which would pile up: the
** live table sees as many removals as additions). */
static void table_remove(hc_table *t, uint64_t pos) {
  const uint64_t mask = t->cap - 1u;
  for (uint64_t at = (pos + 1u) & mask; t->slot[at].idx >= 0; at = (at + 1u) & mask) {
    /* the entry at at may fill pos when pos lies between its home and at */
    if (((at - t->slot[at].key) & mask) >= ((at - pos) & mask)) {
      t->slot[pos] = t->slot[at];
      pos = at;
    }
  }
  t->slot[pos].idx = -1;
  t->count--;
}

int hc_driver_new(hc_backend *b, hc_driver **out) {
  hc_driver *drv = calloc(1, sizeof *drv);
  if (!drv) return HC_ENOMEM;
  drv->be = b;
  drv->cfg = *hc_backend_cfg(b);
  drv->n = 1u << drv->cfg.d;
  drv->nd = calloc(drv->n, sizeof *drv->nd);
  drv->src = calloc(drv->n, sizeof *drv->src);
  /* The model alone and no monitor: nothing reads more than the ejections. */
  const int lean = hc_backend_sim(b) == HC_SIM_MODEL;
  if (table_init(&drv->live) != 0 || table_init(&drv->done) != 0 || !drv->nd || !drv->src ||
      (lean ? hc_obs_new_lean(&drv->cfg, &drv->obs) : hc_obs_new(&drv->cfg, &drv->obs)) != HC_OK) {
    hc_driver_free(drv);
    return HC_ENOMEM;
  }
  for (unsigned k = 0; k < drv->cfg.d; k++) drv->remap[k] = (uint8_t)k;
  *out = drv;
  return HC_OK;
}

void hc_driver_free(hc_driver *drv) {
  if (!drv) return;
  if (drv->nd)
    for (unsigned x = 0; x < drv->n; x++) {
      free(drv->nd[x].q.buf);
      free(drv->nd[x].pq.buf);
      free(drv->nd[x].rx.flits);
    }
  free(drv->nd);
  free(drv->src);
  free(drv->msgs);
  free(drv->words);
  free(drv->live.slot);
  free(drv->done.slot);
  hc_obs_free(&drv->obs);
  free(drv);
}

static int queue_push(hc_queue *q, uint64_t v) {
  if (q->count == q->cap) {
    uint32_t ncap = q->cap ? 2u * q->cap : 16u;
    uint64_t *nb = malloc(ncap * sizeof *nb);
    if (!nb) return -1;
    for (uint32_t i = 0; i < q->count; i++) nb[i] = q->buf[(q->head + i) & (q->cap - 1u)];
    free(q->buf);
    q->buf = nb;
    q->cap = ncap;
    q->head = 0;
  }
  q->buf[(q->head + q->count) & (q->cap - 1u)] = v;
  q->count++;
  return 0;
}

/* Double the ring (the first call makes it). Returns 0, or -1 out of memory. */
static int ring_grow(hc_driver *drv) {
  const uint64_t ncap = drv->cap ? 2u * drv->cap : 1024u;
  hc_msg *nm = malloc(ncap * sizeof *nm);
  if (!nm) return -1;
  for (uint64_t i = drv->base; i < drv->nmsgs; i++) nm[i & (ncap - 1u)] = *msg_at(drv, i);
  free(drv->msgs);
  drv->msgs = nm;
  drv->cap = ncap;
  return 0;
}

int64_t hc_driver_send(hc_driver *drv, unsigned src, unsigned dest, unsigned len,
                       uint32_t tag) {
  if (len == 0 || src >= drv->n || dest >= drv->n) return -1;
  if (drv->nmsgs - drv->base == drv->cap && ring_grow(drv) != 0) return -1;
  uint64_t i = drv->nmsgs;
  hc_msg *m = msg_at(drv, i);
  memset(m, 0, sizeof *m);
  m->src = src;
  m->dest = dest;
  m->phys_dest = map_dest(drv, dest);
  m->len = len;
  m->tag = tag;
  m->seq = i;
  m->t_create = hc_backend_cycle(drv->be);
  hc_dnode *dn = &drv->nd[src];
  if (queue_push(&dn->q, i) != 0) return -1;
  if (drv->mode == HC_MODE_CIRCUIT && queue_push(&dn->pq, i) != 0) return -1;
  if (!dn->in_src) {
    dn->in_src = 1;
    drv->src[drv->nsrc++] = src;
  }
  drv->nmsgs++; /* in no table until its head is offered */
  drv->st.injected++;
  return (int64_t)i;
}

int64_t hc_driver_send_words(hc_driver *drv, unsigned src, unsigned dest, const uint32_t *words,
                             unsigned nwords, uint32_t tag) {
  if (nwords == 0 || src >= drv->n || dest >= drv->n) return -1;
  if (drv->nwords + nwords > drv->wcap) {
    uint64_t ncap = drv->wcap ? drv->wcap : 1024;
    while (ncap < drv->nwords + nwords) ncap *= 2;
    uint32_t *nw = realloc(drv->words, ncap * sizeof *nw);
    if (!nw) return -1;
    drv->words = nw;
    drv->wcap = ncap;
  }
  /* the words are in place before the head can be offered (the next step) */
  const uint64_t at = drv->nwords;
  memcpy(drv->words + at, words, nwords * sizeof *words);
  const int64_t i = hc_driver_send(drv, src, dest, nwords + 1u, tag);
  if (i < 0) return -1;
  msg_at(drv, (uint64_t)i)->words = at + 1u;
  drv->nwords += nwords;
  return i;
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

/* The slot of the message in t with the content of rx (key h) and the
** smallest sequence number, or -1; *compared counts the messages whose
** flits were compared. */
static int64_t table_find(const hc_driver *drv, const hc_table *t, uint64_t h, unsigned x, const hc_rx *rx,
                          uint64_t *compared) {
  const uint64_t mask = t->cap - 1u;
  int64_t best = -1;
  for (uint64_t pos = h & mask; t->slot[pos].idx >= 0; pos = (pos + 1u) & mask) {
    if (t->slot[pos].key != h) continue;
    ++*compared;
    const int64_t i = t->slot[pos].idx;
    if (same_content(drv, msg_at(drv, (uint64_t)i), x, rx) && (best < 0 || i < t->slot[best].idx))
      best = (int64_t)pos;
  }
  return best;
}

/* Message i is delivered in cycle: its times, the statistics, the callback. */
static void credit(hc_driver *drv, uint64_t i, uint64_t cycle) {
  hc_msg *m = msg_at(drv, i);
  m->delivered = 1;
  m->t_deliver = cycle;
  drv->st.delivered++;
  if (m->t_create >= drv->measure_from) {
    uint64_t lat = cycle - m->t_create;
    drv->st.measured++;
    drv->st.latency_sum += (double)lat;
    if (lat > drv->st.latency_max) drv->st.latency_max = lat;
  }
  for (unsigned i = 0; i < drv->ndeliv; i++) drv->deliv[i].fn(drv->deliv[i].ctx, drv, m);
}

/* Drop the delivered messages at the ring's start, and each one's entry in
** the delivered table if it is the one kept for its content (a later
** duplicate of it is then counted corrupted: still a failure). */
static void forget_delivered(hc_driver *drv) {
  while (drv->base < drv->nmsgs && msg_at(drv, drv->base)->delivered) {
    const uint64_t h = msg_at(drv, drv->base)->key, mask = drv->done.cap - 1u;
    for (uint64_t pos = h & mask; drv->done.slot[pos].idx >= 0; pos = (pos + 1u) & mask) {
      if (drv->done.slot[pos].idx == (int64_t)drv->base) {
        table_remove(&drv->done, pos);
        break;
      }
    }
    drv->base++;
  }
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
  const int64_t at = table_find(drv, &drv->live, h, x, rx, &compared);
  const int64_t seen = table_find(drv, &drv->done, h, x, rx, &compared);
  if (compared > drv->st.compared_max) drv->st.compared_max = compared;
  if (at < 0) {
    if (seen >= 0) drv->st.duplicated++;
    else drv->st.corrupted++;
    return HC_OK;
  }
  const uint64_t i = (uint64_t)drv->live.slot[at].idx;
  table_remove(&drv->live, (uint64_t)at);
  if (seen < 0 && table_add(&drv->done, h, i) != 0) return HC_ENOMEM;
  credit(drv, i, cycle);
  if (drv->forget) forget_delivered(drv);
  return HC_OK;
}

/* Node x's part of a cycle before the backend steps: its next path set-up
** (mode 3) and its next flit, each when the NI takes it; a message whose
** head is offered enters the live table. Returns whether x still has
** something to send afterwards (1 or 0), or -1 out of memory. */
static int offer_node(hc_driver *drv, unsigned x, uint64_t cycle) {
  hc_dnode *dn = &drv->nd[x];
  hc_queue *pq = &dn->pq, *q = &dn->q;
  if (pq->count != 0 && hc_backend_probe_ready(drv->be, x)) {
    hc_msg *m = msg_at(drv, pq->buf[pq->head]);
    drv->moved = 1;
    m->t_setup = cycle;
    hc_backend_probe(drv->be, x, m->dest);
    pq->head = (pq->head + 1u) & (pq->cap - 1u);
    pq->count--;
  }
  if (q->count != 0 && hc_backend_inj_ready(drv->be, x)) {
    hc_msg *m = msg_at(drv, q->buf[q->head]);
    drv->moved = 1;
    if (dn->next_flit == 0) {
      m->t_head = cycle;
      m->offered = 1;
      m->key = msg_key(drv, m);
      if (table_add(&drv->live, m->key, q->buf[q->head]) != 0) return -1;
    }
    hc_backend_offer(drv->be, x, hc_driver_flit(drv, m, dn->next_flit));
    if (++dn->next_flit == m->len) {
      dn->next_flit = 0;
      q->head = (q->head + 1u) & (q->cap - 1u);
      q->count--;
    }
  }
  return q->count != 0 || pq->count != 0;
}

/* The flits that came out in the cycle just run: reassembly and scoreboard,
** node by node in increasing order. Returns HC_OK or HC_ENOMEM. */
static int take_ejections(hc_driver *drv, uint64_t cycle) {
  const unsigned w = drv->cfg.w;
  for (uint32_t i = 0; i < drv->obs.ej_count; i++) {
    const unsigned x = drv->obs.ej_node[i];
    uint32_t f = drv->obs.ej_flit[x];
    hc_rx *rx = &drv->nd[x].rx;
    unsigned kind = hc_flit_kind(w, f);
    drv->st.flits_delivered++;
    drv->nd[x].ejected++;
    if (hc_kind_is_head(kind) && rx->len != 0) { /* previous message cut short */
      drv->st.corrupted++;
      rx->len = 0;
    }
    if (rx_push(rx, f) != 0) return HC_ENOMEM;
    if (hc_kind_is_tail(kind)) {
      int rc = scoreboard(drv, x, rx, cycle);
      rx->len = 0;
      if (rc != HC_OK) return rc;
    }
  }
  return HC_OK;
}

/* The watchdog fires in cycle: keep where the flits stand. Returns HC_ESTALL. */
static int stall(hc_driver *drv, uint64_t cycle) {
  hc_stall *s = &drv->stall;
  memset(s, 0, sizeof *s);
  s->cycle = cycle;
  s->last_move = drv->wd_last;
  s->in_flight = drv->live.count;
  s->located = hc_backend_stall_site(drv->be, &s->site) > 0;
  s->oldest = UINT64_MAX;
  for (uint64_t k = 0; k < drv->live.cap; k++)
    if (drv->live.slot[k].idx >= 0 && (uint64_t)drv->live.slot[k].idx < s->oldest)
      s->oldest = (uint64_t)drv->live.slot[k].idx;
  drv->stalled = 1;
  return HC_ESTALL;
}

int hc_driver_step(hc_driver *drv) {
  const uint64_t cycle = hc_backend_cycle(drv->be);
  for (unsigned i = 0; i < drv->nsrc;) {
    const unsigned x = drv->src[i];
    const int more = offer_node(drv, x, cycle);
    if (more < 0) return HC_ENOMEM;
    if (more) {
      i++;
    } else { /* nothing left to send: out of the list (its order does not matter) */
      drv->nd[x].in_src = 0;
      drv->src[i] = drv->src[--drv->nsrc];
    }
  }
  int rc = hc_backend_step(drv->be, NULL, NULL, &drv->obs);
  if (rc != HC_OK) return rc;
  rc = take_ejections(drv, cycle);
  if (rc != HC_OK) return rc;
  for (unsigned i = 0; i < drv->nmons; i++) drv->mons[i].fn(drv->mons[i].ctx, drv, &drv->obs);
  if (drv->moved || drv->obs.ej_count != 0 || drv->live.count == 0) drv->wd_last = cycle;
  drv->moved = 0;
  if (drv->wd_bound != 0 && cycle - drv->wd_last >= drv->wd_bound) return stall(drv, cycle);
  return HC_OK;
}

int hc_driver_advance(hc_driver *drv, uint64_t cycle) {
  while (hc_backend_cycle(drv->be) < cycle) {
    if (drv->nsrc == 0 && drv->nmons == 0 && hc_backend_quiet(drv->be)) {
      return hc_backend_skip(drv->be, cycle - hc_backend_cycle(drv->be), &drv->obs);
    }
    int rc = hc_driver_step(drv);
    if (rc != HC_OK) return rc;
  }
  return HC_OK;
}

void hc_driver_reset(hc_driver *drv) {
  hc_backend_reset(drv->be);
  for (unsigned x = 0; x < drv->n; x++) {
    hc_dnode *dn = &drv->nd[x];
    dn->q.head = dn->q.count = 0;
    dn->pq.head = dn->pq.count = 0;
    dn->next_flit = 0;
    dn->rx.len = 0;
    dn->in_src = 0;
    dn->ejected = 0;
  }
  drv->nsrc = 0;
  drv->nmsgs = drv->base = 0;
  drv->nwords = 0;
  drv->moved = drv->stalled = 0;
  drv->wd_last = 0;
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

uint64_t hc_driver_queued(const hc_driver *drv, unsigned x) { return drv->nd[x].q.count; }
uint64_t hc_driver_ejected(const hc_driver *drv, unsigned x) { return drv->nd[x].ejected; }
const uint32_t *hc_driver_rx(const hc_driver *drv, unsigned x, unsigned *len) {
  *len = drv->nd[x].rx.len;
  return drv->nd[x].rx.flits;
}

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
  if (drv->obs.lean) { /* a monitor sees every channel from the next cycle on */
    hc_obs full;
    if (hc_obs_new(&drv->cfg, &full) != HC_OK) return HC_ENOMEM;
    hc_obs_free(&drv->obs);
    drv->obs = full;
  }
  drv->mons[drv->nmons].fn = fn;
  drv->mons[drv->nmons].ctx = ctx;
  drv->nmons++;
  return HC_OK;
}

int hc_driver_on_deliver(hc_driver *drv, hc_deliver_fn fn, void *ctx) {
  if (!fn) {
    drv->ndeliv = 0;
    return HC_OK;
  }
  if (drv->ndeliv == sizeof drv->deliv / sizeof drv->deliv[0]) return HC_ENOMEM;
  drv->deliv[drv->ndeliv].fn = fn;
  drv->deliv[drv->ndeliv].ctx = ctx;
  drv->ndeliv++;
  return HC_OK;
}

void hc_driver_measure_from(hc_driver *drv, uint64_t cycle) { drv->measure_from = cycle; }
const hc_stats *hc_driver_stats(const hc_driver *drv) { return &drv->st; }
const hc_msg *hc_driver_msg(const hc_driver *drv, uint64_t i) {
  return i >= drv->base && i < drv->nmsgs ? msg_at(drv, i) : NULL;
}

void hc_driver_forget(hc_driver *drv, int on) {
  drv->forget = on != 0;
  if (drv->forget) forget_delivered(drv);
}

void hc_driver_set_watchdog(hc_driver *drv, uint64_t bound) {
  drv->wd_bound = bound;
  drv->wd_last = hc_backend_cycle(drv->be);
}

const hc_stall *hc_driver_stall(const hc_driver *drv) { return drv->stalled ? &drv->stall : NULL; }
uint64_t hc_driver_num_msgs(const hc_driver *drv) { return drv->nmsgs; }
uint64_t hc_driver_cycle(const hc_driver *drv) { return hc_backend_cycle(drv->be); }
const hc_cfg *hc_driver_cfg(const hc_driver *drv) { return &drv->cfg; }
hc_sim hc_driver_sim(const hc_driver *drv) { return hc_backend_sim(drv->be); }
