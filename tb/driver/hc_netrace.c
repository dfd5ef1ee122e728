/*
** Implementation of tb/driver/hc_netrace.h: the netrace reader and the
** replay. Reading is one pass over the decompressed stream: the header,
** notes and region table, then every packet, each checked; the packets of
** the region replayed are kept (32 bytes each, and 4 bytes per dependency
** listed), the others only checked and counted, so a trace must hold
** what its header says. Dependencies are then resolved once: a hash of
** the replay's packet ids turns every listed id into the index of a later
** packet, and each packet counts the waits it has. The replay keeps a
** cursor in file order for the packets due at their own cycle and a heap
** for those a delivery released after the cursor passed them.
**
** A bzip2 file is decompressed by the bzip2 program (Debian's bzip2),
** spawned with the file as its standard input and a pipe as its output,
** rather than linked with libbz2: every program that links the library
** (hcsim, the testbenches, the SystemC platform, the installed library's
** users) then needs no new library, and bzip2's own checks (a corrupt or
** truncated file) come back as its exit status. Its messages go to
** /dev/null; the one line is ours.
*/
#include "hc_netrace.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* netrace's packet types: name and size in bytes (0: no size). */
static const struct {
  const char *name;
  unsigned bytes;
} nt_types[HC_NT_NUM_TYPES] = {
    [1] = {"ReadReq", 8},         [2] = {"ReadResp", 72},        [3] = {"ReadRespWithInvalidate", 72},
    [4] = {"WriteReq", 72},       [5] = {"WriteResp", 8},        [6] = {"Writeback", 72},
    [13] = {"UpgradeReq", 8},     [14] = {"UpgradeResp", 8},     [15] = {"ReadExReq", 8},
    [16] = {"ReadExResp", 72},    [25] = {"BadAddressError", 8}, [27] = {"InvalidateReq", 8},
    [28] = {"InvalidateResp", 8}, [29] = {"DowngradeReq", 8},    [30] = {"DowngradeResp", 72},
};

/* A packet released by a delivery: due in cycle due. */
typedef struct nt_due {
  uint64_t due;
  uint32_t k;
} nt_due;

struct hc_netrace {
  hc_nt_header hdr;
  hc_netrace_cfg cfg;
  uint64_t base;      /* the trace's cycle of the replay's cycle 0 */
  hc_nt_packet *pk;   /* [n] the replay, file order */
  uint64_t n, cap;
  uint32_t *dep;      /* while reading: the listed ids; then the kids, per packet at kid0 */
  uint64_t ndep, depcap;
  uint32_t *waits;    /* [n] with dependencies: deliveries each packet still waits for */
  uint64_t edges, unmatched;
  /* the replay */
  uint64_t cur;       /* the next packet in file order */
  uint64_t sent;
  nt_due *heap;
  uint64_t nheap, heapcap;
  uint64_t gen_flits, held, held_cycles;
  int err;
};

/* ------------------------------------------------------------- types */

unsigned hc_netrace_type_bytes(unsigned t) { return t < HC_NT_NUM_TYPES ? nt_types[t].bytes : 0u; }

const char *hc_netrace_type_name(unsigned t) { return hc_netrace_type_bytes(t) ? nt_types[t].name : "InvalidCmd"; }

unsigned hc_netrace_type_flits(unsigned t, unsigned flit_bytes) {
  const unsigned b = hc_netrace_type_bytes(t);
  return b && flit_bytes ? (b + flit_bytes - 1u) / flit_bytes : 0u;
}

/* ----------------------------------------------------------- reading */

#if defined(__GNUC__) || defined(__clang__)
#define HC_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define HC_PRINTF(a, b)
#endif

static void set_err(hc_netrace_error *err, const char *fmt, ...) HC_PRINTF(2, 3);
static void set_err(hc_netrace_error *err, const char *fmt, ...) {
  if (err == NULL) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->msg, sizeof err->msg, fmt, ap);
  va_end(ap);
}

/* The stream and how far into it the reader is. */
typedef struct rd {
  FILE *f;
  uint64_t at;
  hc_netrace_error *err;
} rd;

/* Read n bytes into buf. Returns the bytes read (n, or fewer at the end of
** the stream), or -1 on a read error (err says). */
static long rd_bytes(rd *r, void *buf, size_t n) {
  const size_t got = n ? fread(buf, 1, n, r->f) : 0;
  r->at += got;
  if (got < n && ferror(r->f)) {
    set_err(r->err, "read error at byte %" PRIu64 ": %s", r->at, errno ? strerror(errno) : "unknown error");
    return -1;
  }
  return (long)got;
}

static uint32_t le32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const unsigned char *p) { return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32; }

/* The header's fixed 72 bytes into h. Returns HC_OK or an error. */
static int read_fixed_header(rd *r, hc_nt_header *h) {
  unsigned char b[HC_NT_HEADER_BYTES];
  const long got = rd_bytes(r, b, sizeof b);
  if (got < 0) return HC_EIO;
  if (got < 4) return set_err(r->err, "truncated: %ld bytes, a netrace header has %u", got, HC_NT_HEADER_BYTES), HC_EFORMAT;
  const uint32_t magic = le32(b);
  if (magic != HC_NT_MAGIC) {
    const uint32_t sw = (magic >> 24) | (magic >> 8 & 0xff00u) | (magic << 8 & 0xff0000u) | magic << 24;
    set_err(r->err, "bad magic 0x%08" PRIX32 " (a netrace trace begins with 0x%08X%s)", magic, HC_NT_MAGIC,
            sw == HC_NT_MAGIC ? "; this one is big-endian" : "");
    return HC_EFORMAT;
  }
  if (got < (long)sizeof b)
    return set_err(r->err, "truncated: %ld bytes, a netrace header has %u", got, HC_NT_HEADER_BYTES), HC_EFORMAT;
  const uint32_t vbits = le32(b + 4);
  memcpy(&h->version, &vbits, sizeof h->version);
  if (h->version != 1.0f) return set_err(r->err, "version %g: this reader reads netrace 1.0", (double)h->version), HC_EFORMAT;
  memcpy(h->benchmark, b + 8, HC_NT_NAME_BYTES);
  h->benchmark[HC_NT_NAME_BYTES] = '\0';
  h->nodes = b[38];
  h->cycles = le64(b + 40);
  h->packets = le64(b + 48);
  h->notes_length = le32(b + 56);
  h->nregions = le32(b + 60);
  if (h->nodes == 0) return set_err(r->err, "the header gives 0 nodes"), HC_EFORMAT;
  if (h->notes_length > HC_NT_MAX_NOTES)
    return set_err(r->err, "notes of %" PRIu32 " bytes (this reader takes up to %u)", h->notes_length, HC_NT_MAX_NOTES),
           HC_EFORMAT;
  if (h->nregions > HC_NT_MAX_REGIONS)
    return set_err(r->err, "%" PRIu32 " regions (netrace's reader takes up to %u)", h->nregions, HC_NT_MAX_REGIONS),
           HC_EFORMAT;
  return HC_OK;
}

/* The notes and the region table. */
static int read_notes_regions(rd *r, hc_nt_header *h) {
  h->notes = calloc(1, (size_t)h->notes_length + 1u);
  if (h->notes == NULL) return set_err(r->err, "out of memory"), HC_ENOMEM;
  long got = rd_bytes(r, h->notes, h->notes_length);
  if (got < 0) return HC_EIO;
  if (got < (long)h->notes_length)
    return set_err(r->err, "truncated in the notes: %ld of their %" PRIu32 " bytes", got, h->notes_length), HC_EFORMAT;
  for (uint32_t k = 0; k < h->nregions; k++) {
    unsigned char b[24];
    if ((got = rd_bytes(r, b, sizeof b)) < 0) return HC_EIO;
    if (got < (long)sizeof b)
      return set_err(r->err, "truncated in the region table: region %" PRIu32 " of %" PRIu32, k, h->nregions), HC_EFORMAT;
    h->regions[k] = (hc_nt_region){le64(b), le64(b + 8), le64(b + 16)};
    if (k > 0 && h->regions[k].offset < h->regions[k - 1].offset)
      return set_err(r->err, "region %" PRIu32 " begins at byte %" PRIu64 ", before region %" PRIu32 " (%" PRIu64 ")", k,
                     h->regions[k].offset, k - 1, h->regions[k - 1].offset),
             HC_EFORMAT;
  }
  return HC_OK;
}

/* Where the packets are: the region table's offsets against the packets. */
typedef struct walk {
  uint64_t data0;         /* byte of the stream where the packets begin */
  uint64_t rec;           /* packets read */
  uint64_t start[HC_NT_MAX_REGIONS]; /* the record at which each region begins */
  uint32_t next_region;   /* the first region whose offset is not reached yet */
  uint64_t keep_lo, keep_hi; /* records of the replay: [lo, hi) */
  uint64_t last_cycle;
} walk;

/* The regions beginning at the current byte: their first record. */
static void mark_regions(const hc_netrace *nt, walk *w, uint64_t rel) {
  const hc_nt_header *h = &nt->hdr;
  while (w->next_region < h->nregions && h->regions[w->next_region].offset <= rel) {
    const uint32_t q = w->next_region++;
    w->start[q] = h->regions[q].offset == rel ? w->rec : UINT64_MAX; /* UINT64_MAX: inside a packet */
    if ((int)q == nt->cfg.region && w->start[q] != UINT64_MAX) {
      w->keep_lo = w->rec;
      /* more than the file holds is refused at the end (check_totals) */
      w->keep_hi = h->regions[q].packets > UINT64_MAX - w->rec ? UINT64_MAX : w->rec + h->regions[q].packets;
    }
  }
}

static int grow(void **p, uint64_t *cap, uint64_t need, size_t size) {
  if (need <= *cap) return 0;
  uint64_t ncap = *cap ? *cap : 1024u;
  while (ncap < need) ncap *= 2u;
  if (ncap > SIZE_MAX / size) return -1;
  void *q = realloc(*p, (size_t)(ncap * size));
  if (q == NULL) return -1;
  *p = q;
  *cap = ncap;
  return 0;
}

/* Packet record w->rec (21 bytes at b, its deps to follow) checked. */
static int check_packet(hc_netrace *nt, rd *r, const walk *w, const unsigned char *b, uint64_t at) {
  const uint64_t cycle = le64(b);
  const uint32_t id = le32(b + 8);
  const unsigned type = b[16], src = b[17], dst = b[18], nodes = nt->hdr.nodes;
  const char *where = "packet record"; /* the n-th in the file, from 1, as line numbers */
  if (src >= nodes || dst >= nodes)
    return set_err(r->err, "%s %" PRIu64 " (id %" PRIu32 ", byte %" PRIu64 "): %s %u is not a node of the trace (0..%u)",
                   where, w->rec + 1, id, at, src >= nodes ? "src" : "dst", src >= nodes ? src : dst, nodes - 1u),
           HC_EFORMAT;
  if (hc_netrace_type_bytes(type) == 0)
    return set_err(r->err, "%s %" PRIu64 " (id %" PRIu32 ", byte %" PRIu64 "): type %u is not a netrace packet type",
                   where, w->rec + 1, id, at, type),
           HC_EFORMAT;
  if (w->rec > 0 && cycle < w->last_cycle)
    return set_err(r->err, "%s %" PRIu64 " (id %" PRIu32 ", byte %" PRIu64 "): cycle %" PRIu64
                   " is before the previous packet's %" PRIu64 " (cycles must not decrease)",
                   where, w->rec + 1, id, at, cycle, w->last_cycle),
           HC_EFORMAT;
  return HC_OK;
}

/* Keep packet record w->rec (checked) and its listed dependencies. */
static int keep_packet(hc_netrace *nt, rd *r, const unsigned char *b, const uint32_t *deps) {
  const uint64_t cycle = le64(b);
  if (cycle < nt->base)
    return set_err(r->err, "packet id %" PRIu32 " at cycle %" PRIu64 " is before its region's first cycle %" PRIu64
                   " (the cycles of the regions before it)",
                   le32(b + 8), cycle, nt->base),
           HC_EFORMAT;
  if (nt->cfg.max_cycles && cycle - nt->base >= nt->cfg.max_cycles) return HC_OK;
  if (nt->n >= UINT32_MAX)
    return set_err(r->err, "more than %" PRIu32 " packets in one replay: choose a region or fewer cycles", UINT32_MAX - 1u),
           HC_EFORMAT;
  if (grow((void **)&nt->pk, &nt->cap, nt->n + 1u, sizeof *nt->pk) ||
      (nt->cfg.deps && grow((void **)&nt->dep, &nt->depcap, nt->ndep + b[20], sizeof *nt->dep)))
    return set_err(r->err, "out of memory"), HC_ENOMEM;
  hc_nt_packet *p = &nt->pk[nt->n++];
  *p = (hc_nt_packet){cycle - nt->base, nt->ndep, le32(b + 8), le32(b + 12), b[16], b[17], b[18], b[19], b[20], 0};
  if (nt->cfg.deps && b[20] > 0) {
    memcpy(nt->dep + nt->ndep, deps, (size_t)b[20] * sizeof *deps);
    nt->ndep += b[20];
  }
  return HC_OK;
}

/* One packet record: 0 read, 1 at the end of the stream, or an error (< 0
** as -status). */
static int read_packet(hc_netrace *nt, rd *r, walk *w) {
  unsigned char b[HC_NT_PACKET_BYTES], db[4u * 255u];
  uint32_t deps[255];
  const uint64_t at = r->at;
  mark_regions(nt, w, at - w->data0);
  long got = rd_bytes(r, b, sizeof b);
  if (got < 0) return -HC_EIO;
  if (got == 0) return 1;
  if (got < (long)sizeof b)
    return set_err(r->err, "truncated: packet record %" PRIu64 " (byte %" PRIu64 ") has %ld of its %u bytes", w->rec + 1,
                   at, got, HC_NT_PACKET_BYTES),
           -HC_EFORMAT;
  const unsigned nd = b[20];
  if ((got = rd_bytes(r, db, 4u * nd)) < 0) return -HC_EIO;
  if (got < (long)(4u * nd))
    return set_err(r->err, "truncated: packet record %" PRIu64 " (id %" PRIu32 ", byte %" PRIu64 ") lists %u dependencies, "
                   "the file ends after %ld of them",
                   w->rec + 1, le32(b + 8), at, nd, got / 4),
           -HC_EFORMAT;
  for (unsigned j = 0; j < nd; j++) deps[j] = le32(db + 4u * j);
  int rc = check_packet(nt, r, w, b, at);
  const int keep = nt->cfg.region == HC_NT_ALL || (w->rec >= w->keep_lo && w->rec < w->keep_hi);
  if (rc == HC_OK && keep) rc = keep_packet(nt, r, b, deps);
  if (rc != HC_OK) return -rc;
  w->last_cycle = le64(b);
  w->rec++;
  return 0;
}

/* After the last packet: the counts against the header and region table. */
static int check_totals(hc_netrace *nt, rd *r, walk *w) {
  const hc_nt_header *h = &nt->hdr;
  mark_regions(nt, w, r->at - w->data0);
  if (w->rec != h->packets)
    return set_err(r->err, "the header says %" PRIu64 " packets, the file holds %" PRIu64 "%s", h->packets, w->rec,
                   w->rec < h->packets ? " (truncated?)" : ""),
           HC_EFORMAT;
  for (uint32_t q = 0; q < h->nregions; q++) {
    if (q >= w->next_region || w->start[q] == UINT64_MAX)
      return set_err(r->err, "region %" PRIu32 " begins at byte %" PRIu64 " of the packets, %s", q, h->regions[q].offset,
                     q >= w->next_region ? "past their end" : "inside a packet record"),
             HC_EFORMAT;
    if (h->regions[q].packets > w->rec - w->start[q])
      return set_err(r->err, "region %" PRIu32 " has %" PRIu64 " packets from record %" PRIu64 ", past the last (%" PRIu64 ")",
                     q, h->regions[q].packets, w->start[q] + 1, w->rec),
             HC_EFORMAT;
  }
  return HC_OK;
}

/* ------------------------------------------------------- dependencies */

/* The slot of id in a table of 2^bits slots (Fibonacci hashing: the
** product's high bits, which sequential ids spread evenly). */
static uint64_t slot_of(uint32_t id, unsigned bits) { return ((uint64_t)id * 0x9E3779B97F4A7C15ull) >> (64u - bits); }

/* The listed ids of each packet turned into the indices of later packets
** of the replay (in place), and each packet's waits counted. */
static int resolve_deps(hc_netrace *nt, hc_netrace_error *err) {
  unsigned bits = 1;
  while ((1ull << bits) < 2u * nt->n) bits++;
  const uint64_t cap = 1ull << bits;
  uint64_t *slot = malloc((size_t)cap * sizeof *slot); /* index + 1, 0 empty */
  nt->waits = calloc((size_t)nt->n + 1u, sizeof *nt->waits);
  if (slot == NULL || nt->waits == NULL) return free(slot), set_err(err, "out of memory"), HC_ENOMEM;
  memset(slot, 0, (size_t)cap * sizeof *slot);
  for (uint64_t k = 0; k < nt->n; k++) {
    uint64_t pos = slot_of(nt->pk[k].id, bits);
    for (; slot[pos]; pos = (pos + 1u) & (cap - 1u)) {
      if (nt->pk[slot[pos] - 1u].id == nt->pk[k].id) {
        set_err(err, "packet id %" PRIu32 " appears twice in the replay (packets %" PRIu64 " and %" PRIu64
                " of it): its dependencies are ambiguous (--deps off replays it without them)",
                nt->pk[k].id, slot[pos], k + 1);
        free(slot);
        return HC_EFORMAT;
      }
    }
    slot[pos] = k + 1u;
  }
  uint64_t out = 0;
  for (uint64_t k = 0; k < nt->n; k++) {
    hc_nt_packet *p = &nt->pk[k];
    const uint64_t in = p->kid0;
    p->kid0 = out;
    for (unsigned j = 0; j < p->ndeps; j++) {
      const uint32_t id = nt->dep[in + j];
      uint64_t pos = slot_of(id, bits);
      while (slot[pos] && nt->pk[slot[pos] - 1u].id != id) pos = (pos + 1u) & (cap - 1u);
      if (slot[pos] == 0 || slot[pos] - 1u <= k) {
        nt->unmatched++;
        continue;
      }
      if (nt->waits[slot[pos] - 1u] == UINT32_MAX) {
        set_err(err, "packet id %" PRIu32 " is listed as a dependency more than %" PRIu32 " times", id, UINT32_MAX);
        free(slot);
        return HC_EFORMAT;
      }
      nt->dep[out++] = (uint32_t)(slot[pos] - 1u);
      nt->waits[slot[pos] - 1u]++;
      p->nkids++;
      nt->edges++;
    }
  }
  free(slot);
  return HC_OK;
}

/* -------------------------------------------------------------- open */

static int cfg_ok(const hc_netrace_cfg *cfg) {
  return cfg && cfg->region >= HC_NT_ALL && cfg->region < (int)HC_NT_MAX_REGIONS && cfg->flit_bytes >= 1 &&
         cfg->flit_bytes <= HC_NT_MAX_FLIT_BYTES;
}

/* The replay's region and its first cycle, checked against the header. */
static int choose_region(hc_netrace *nt, hc_netrace_error *err) {
  const hc_nt_header *h = &nt->hdr;
  if (nt->cfg.region == HC_NT_ALL) return HC_OK;
  if ((uint32_t)nt->cfg.region >= h->nregions) {
    if (h->nregions == 0) set_err(err, "region %d: the trace has no regions (replay it all)", nt->cfg.region);
    else set_err(err, "region %d: the trace has %" PRIu32 " (0..%" PRIu32 ")", nt->cfg.region, h->nregions, h->nregions - 1);
    return HC_EPARAM;
  }
  for (int q = 0; q < nt->cfg.region; q++) nt->base += h->regions[q].cycles;
  return HC_OK;
}

int hc_netrace_read_stream(FILE *f, const hc_netrace_cfg *cfg, hc_netrace **out, hc_netrace_error *err) {
  if (err) err->msg[0] = '\0';
  if (f == NULL || out == NULL || !cfg_ok(cfg)) return set_err(err, "bad arguments"), HC_EPARAM;
  hc_netrace *nt = calloc(1, sizeof *nt);
  walk *w = calloc(1, sizeof *w);
  if (nt == NULL || w == NULL) return free(nt), free(w), set_err(err, "out of memory"), HC_ENOMEM;
  nt->cfg = *cfg;
  rd r = {f, 0, err};
  errno = 0;
  int rc = read_fixed_header(&r, &nt->hdr);
  if (rc == HC_OK) rc = read_notes_regions(&r, &nt->hdr);
  if (rc == HC_OK) rc = choose_region(nt, err);
  w->data0 = r.at;
  while (rc == HC_OK) {
    const int pr = read_packet(nt, &r, w);
    if (pr == 1) break;
    if (pr < 0) rc = -pr;
  }
  if (rc == HC_OK) rc = check_totals(nt, &r, w);
  if (rc == HC_OK && cfg->deps) rc = resolve_deps(nt, err);
  free(w);
  if (rc != HC_OK) {
    hc_netrace_free(nt);
    return rc;
  }
  *out = nt;
  return HC_OK;
}

/* What the file's first bytes say it is. */
enum { KIND_BZIP2, KIND_RAW, KIND_OTHER };

static int file_kind(const unsigned char *b, size_t n) {
  if (n >= 4 && b[0] == 'B' && b[1] == 'Z' && b[2] == 'h' && b[3] >= '1' && b[3] <= '9') return KIND_BZIP2;
  if (n >= 4 && le32(b) == HC_NT_MAGIC) return KIND_RAW;
  return KIND_OTHER;
}

/* Start "bzip2 -dc" on fd (rewound); *rfd its output. */
static int spawn_bzip2(int fd, pid_t *pid, int *rfd, hc_netrace_error *err) {
  int p[2];
  if (lseek(fd, 0, SEEK_SET) != 0 || pipe(p) != 0)
    return set_err(err, "cannot feed bzip2: %s", strerror(errno)), HC_EIO;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, fd, 0);
  posix_spawn_file_actions_adddup2(&fa, p[1], 1);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addclose(&fa, p[0]);
  char *argv[] = {"bzip2", "-dc", NULL};
  const int e = posix_spawnp(pid, "bzip2", &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(p[1]);
  if (e != 0) {
    close(p[0]);
    return set_err(err, "cannot run bzip2 (%s): install Debian's bzip2 (tools/bootstrap.sh does)", strerror(e)), HC_EIO;
  }
  *rfd = p[0];
  return HC_OK;
}

/* Read the trace from bzip2's output; bzip2's failure, if it fails, is the
** verdict (a truncated file is its finding, not the header's). */
static int read_bzip2(int fd, const hc_netrace_cfg *cfg, hc_netrace **out, hc_netrace_error *err) {
  pid_t pid;
  int rfd;
  int rc = spawn_bzip2(fd, &pid, &rfd, err);
  if (rc != HC_OK) return rc;
  FILE *f = fdopen(rfd, "r");
  if (f == NULL) {
    close(rfd);
    rc = HC_ENOMEM;
    set_err(err, "out of memory");
  } else {
    rc = hc_netrace_read_stream(f, cfg, out, err);
    char sink[65536];
    while (fread(sink, 1, sizeof sink, f) > 0) { /* let bzip2 finish: its status says more */
    }
    fclose(f);
  }
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
    if (rc == HC_OK) hc_netrace_free(*out), *out = NULL;
    if (WIFEXITED(st))
      set_err(err, "bzip2 -dc failed (exit %d): the compressed data are corrupt or truncated", WEXITSTATUS(st));
    else set_err(err, "bzip2 -dc was stopped by signal %d", WIFSIGNALED(st) ? WTERMSIG(st) : 0);
    return HC_EIO;
  }
  return rc;
}

int hc_netrace_open(const char *path, const hc_netrace_cfg *cfg, hc_netrace **out, hc_netrace_error *err) {
  if (err) err->msg[0] = '\0';
  if (path == NULL || out == NULL || !cfg_ok(cfg)) return set_err(err, "bad arguments"), HC_EPARAM;
  errno = 0;
  FILE *f = fopen(path, "rb");
  if (f == NULL) return set_err(err, "cannot open: %s", errno ? strerror(errno) : "unknown error"), HC_EIO;
  struct stat sb;
  unsigned char b[4];
  size_t n = 0;
  int rc;
  if (fstat(fileno(f), &sb) == 0 && S_ISDIR(sb.st_mode)) {
    set_err(err, "is a directory, not a netrace trace");
    rc = HC_EIO;
  } else if ((n = fread(b, 1, sizeof b, f)) < sizeof b && ferror(f)) {
    set_err(err, "read error: %s", strerror(errno));
    rc = HC_EIO;
  } else if (file_kind(b, n) == KIND_BZIP2) {
    rc = read_bzip2(fileno(f), cfg, out, err);
  } else if (file_kind(b, n) == KIND_RAW) {
    rewind(f);
    rc = hc_netrace_read_stream(f, cfg, out, err);
  } else {
    char q[64];
    if (n == 0) set_err(err, "an empty file, not a netrace trace");
    else
      set_err(err, "not a bzip2 file (it begins '%s'; a netrace trace is bzip2-compressed and begins 'BZh')",
              hc_printable(q, sizeof q, (const char *)b, n));
    rc = HC_EFORMAT;
  }
  fclose(f);
  return rc;
}

void hc_netrace_free(hc_netrace *nt) {
  if (nt == NULL) return;
  free(nt->hdr.notes);
  free(nt->pk);
  free(nt->dep);
  free(nt->waits);
  free(nt->heap);
  free(nt);
}

/* -------------------------------------------------------- accessors */

const hc_nt_header *hc_netrace_header(const hc_netrace *nt) { return &nt->hdr; }

const hc_nt_packet *hc_netrace_packets(const hc_netrace *nt, uint64_t *count) {
  if (count) *count = nt->n;
  return nt->pk;
}

uint64_t hc_netrace_base_cycle(const hc_netrace *nt) { return nt->base; }

const uint32_t *hc_netrace_kids(const hc_netrace *nt, uint64_t k, unsigned *n) {
  if (!nt->cfg.deps || k >= nt->n) {
    if (n) *n = 0;
    return NULL;
  }
  if (n) *n = nt->pk[k].nkids;
  return nt->pk[k].nkids ? nt->dep + nt->pk[k].kid0 : NULL; /* dep is NULL when no packet lists another */
}

void hc_netrace_dep_counts(const hc_netrace *nt, uint64_t *edges, uint64_t *unmatched) {
  if (edges) *edges = nt->edges;
  if (unmatched) *unmatched = nt->unmatched;
}

/* ------------------------------------------------------------ replay */

static int due_less(const nt_due *a, const nt_due *b) { return a->due < b->due || (a->due == b->due && a->k < b->k); }

static int heap_push(hc_netrace *nt, nt_due e) {
  if (grow((void **)&nt->heap, &nt->heapcap, nt->nheap + 1u, sizeof *nt->heap)) return HC_ENOMEM;
  uint64_t i = nt->nheap++;
  while (i > 0 && due_less(&e, &nt->heap[(i - 1u) / 2u])) {
    nt->heap[i] = nt->heap[(i - 1u) / 2u];
    i = (i - 1u) / 2u;
  }
  nt->heap[i] = e;
  return HC_OK;
}

static nt_due heap_pop(hc_netrace *nt) {
  const nt_due top = nt->heap[0], e = nt->heap[--nt->nheap];
  uint64_t i = 0;
  for (;;) {
    uint64_t c = 2u * i + 1u;
    if (c >= nt->nheap) break;
    if (c + 1u < nt->nheap && due_less(&nt->heap[c + 1u], &nt->heap[c])) c++;
    if (!due_less(&nt->heap[c], &e)) break;
    nt->heap[i] = nt->heap[c];
    i = c;
  }
  if (nt->nheap > 0) nt->heap[i] = e;
  return top;
}

/* Packet k's message, created in the coming cycle now. */
static int send(hc_netrace *nt, hc_driver *drv, uint64_t k, uint64_t now) {
  const hc_nt_packet *p = &nt->pk[k];
  const unsigned len = hc_netrace_type_flits(p->type, nt->cfg.flit_bytes);
  const unsigned n = 1u << hc_driver_cfg(drv)->d;
  if (p->src >= n || p->dst >= n) return HC_EPARAM;
  if (hc_driver_send(drv, p->src, p->dst, len, (uint32_t)k) < 0) return HC_ENOMEM;
  nt->sent++;
  nt->gen_flits += len;
  if (now > p->cycle) nt->held++, nt->held_cycles += now - p->cycle;
  return HC_OK;
}

int hc_netrace_tick(hc_netrace *nt, hc_driver *drv) {
  if (nt == NULL || drv == NULL) return HC_EPARAM;
  const uint64_t now = hc_driver_cycle(drv);
  int rc = HC_OK;
  while (rc == HC_OK && nt->nheap > 0 && nt->heap[0].due <= now) rc = send(nt, drv, heap_pop(nt).k, now);
  for (; rc == HC_OK && nt->cur < nt->n && nt->pk[nt->cur].cycle <= now; nt->cur++)
    if (!nt->cfg.deps || nt->waits[nt->cur] == 0) rc = send(nt, drv, nt->cur, now);
  return rc;
}

void hc_netrace_on_deliver(void *ctx, hc_driver *drv, const hc_msg *m) {
  (void)drv;
  hc_netrace *nt = ctx;
  if (!nt->cfg.deps || m->tag >= nt->n) return;
  const hc_nt_packet *p = &nt->pk[m->tag];
  for (unsigned j = 0; j < p->nkids; j++) {
    const uint32_t c = nt->dep[p->kid0 + j];
    if (--nt->waits[c] != 0 || c >= nt->cur) continue; /* not yet reached: the cursor sends it */
    const uint64_t due = nt->pk[c].cycle > m->t_deliver ? nt->pk[c].cycle : m->t_deliver + 1u;
    if (heap_push(nt, (nt_due){due, c}) != HC_OK) nt->err = HC_ENOMEM;
  }
}

uint64_t hc_netrace_next_cycle(const hc_netrace *nt, const hc_driver *drv) {
  if (nt == NULL || nt->sent == nt->n) return UINT64_MAX;
  if (nt->cfg.deps && hc_driver_outstanding(drv) > 0) return hc_driver_cycle(drv);
  uint64_t c = nt->cur < nt->n ? nt->pk[nt->cur].cycle : UINT64_MAX;
  if (nt->nheap > 0 && nt->heap[0].due < c) c = nt->heap[0].due;
  assert(c != UINT64_MAX); /* a packet waits only while one it depends on is undelivered */
  return c;
}

int hc_netrace_done(const hc_netrace *nt) { return nt == NULL || nt->sent == nt->n; }

void hc_netrace_generated(const hc_netrace *nt, uint64_t *msgs, uint64_t *flits) {
  if (msgs) *msgs = nt ? nt->sent : 0;
  if (flits) *flits = nt ? nt->gen_flits : 0;
}

void hc_netrace_held(const hc_netrace *nt, uint64_t *packets, uint64_t *cycles) {
  if (packets) *packets = nt ? nt->held : 0;
  if (cycles) *cycles = nt ? nt->held_cycles : 0;
}

int hc_netrace_error_status(const hc_netrace *nt) { return nt ? nt->err : HC_OK; }
