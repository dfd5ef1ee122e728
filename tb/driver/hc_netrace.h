/*
** netrace traces (Hestness, Grot and Keckler, "Netrace: dependency-driven
** trace-based network-on-chip simulation", NoCArc 2010; the format BookSim
** and other NoC simulators replay) as a traffic source for the message
** driver (tb/driver/hc_driver.h): the PARSEC packet traces of a 64-node
** CMP replayed on the hypercube, trace node n on node n. This is a reader
** of the format written from its description, not netrace's own code.
**
** The format (little-endian, packed, as netrace's writer lays it out; a
** trace file is that byte stream compressed by bzip2):
**   header, 72 bytes: magic u32 0x484A5455, version f32 (1.0), benchmark
**     name char[30], node count u8, a pad byte, cycles u64, packets u64,
**     notes length u32 (its NUL included), region count u32, 8 bytes of
**     padding;
**   the notes, that many bytes;
**   the regions, 24 bytes each: seek offset u64 (from the end of the
**     header, notes and region table), cycles u64, packets u64;
**   the packets to the end, 21 bytes each: cycle u64, id u32, addr u32,
**     type u8, src u8, dst u8, node types u8 (source's in the high nibble,
**     destination's in the low), dependency count u8; then that many u32:
**     the ids of the packets that depend on this one (its "downward"
**     dependencies: such a packet may be injected only once every packet
**     listing it has been delivered).
** Cycles are non-decreasing through the file; region k's cycles start
** where the cycles of regions 0..k-1 end.
**
** Replay: the packets of one region (or of all), their cycles counted from
** the region's first cycle, each a message from src to dst of
** ceil(bytes / flit_bytes) flits, bytes from its type (netrace's sizes:
** requests and other control packets 8, packets carrying a 64-byte cache
** line 72). With dependencies honoured a packet is created at the later of
** its cycle and the cycle after the last delivery of a packet it depends
** on; a dependency counts when the packet listing it comes earlier in the
** file and is replayed (as netrace's reader, which learns of a dependency
** when it reads the listing packet), so the waits form no cycle. Without
** them every packet is created at its cycle.
**
** Reading checks every field it uses, and a malformed trace is HC_EFORMAT
** with one line saying where (packet record and byte of the decompressed
** stream) and what. Nothing here prints.
*/
#ifndef HC_NETRACE_H
#define HC_NETRACE_H

#include <stdint.h>
#include <stdio.h>

#include "hc_driver.h"

#define HC_NT_MAGIC 0x484A5455u
#define HC_NT_HEADER_BYTES 72u
#define HC_NT_PACKET_BYTES 21u
#define HC_NT_NAME_BYTES 30u
/* Limits of this reader: the reference refuses more than 100 regions; notes
** are a line or two of text. */
#define HC_NT_MAX_REGIONS 100u
#define HC_NT_MAX_NOTES 65536u
#define HC_NT_NUM_TYPES 31u
#define HC_NT_MAX_FLIT_BYTES 1024u
/* The region of hc_netrace_cfg meaning the whole trace. */
#define HC_NT_ALL (-1)

typedef struct hc_nt_region {
  uint64_t offset;  /* of its first packet, from the end of the header */
  uint64_t cycles;  /* its length in cycles */
  uint64_t packets; /* its packets */
} hc_nt_region;

typedef struct hc_nt_header {
  float version;
  char benchmark[HC_NT_NAME_BYTES + 1]; /* up to its first NUL */
  unsigned nodes;                       /* 1..255 */
  uint64_t cycles, packets;
  uint32_t notes_length; /* as the header gives it (its NUL included) */
  char *notes;           /* NUL-terminated, up to its first NUL */
  uint32_t nregions;
  hc_nt_region regions[HC_NT_MAX_REGIONS];
} hc_nt_header;

/* A packet of the replay. */
typedef struct hc_nt_packet {
  uint64_t cycle;  /* from the replayed region's first cycle */
  uint64_t kid0;   /* with dependencies: where its dependent packets start in the kids array */
  uint32_t id, addr;
  uint8_t type, src, dst, node_types, ndeps; /* ndeps: as listed in the trace */
  uint8_t nkids;   /* of those, the packets of the replay that wait for it */
} hc_nt_packet;

typedef struct hc_netrace_cfg {
  int region;          /* 0..nregions-1, or HC_NT_ALL */
  int deps;            /* honour dependencies */
  unsigned flit_bytes; /* bytes a flit carries, 1..HC_NT_MAX_FLIT_BYTES */
  uint64_t max_cycles; /* replay only the packets of the first max_cycles cycles; 0: all */
} hc_netrace_cfg;

/* Why a trace was refused: one line, no trailing newline. */
typedef struct hc_netrace_error {
  char msg[256];
} hc_netrace_error;

typedef struct hc_netrace hc_netrace;

/* netrace's size in bytes of packet type t, or 0 for a type without one
** (netrace's InvalidCmd entries, and t >= HC_NT_NUM_TYPES). */
unsigned hc_netrace_type_bytes(unsigned t);

/* netrace's name of packet type t ("ReadReq"), "InvalidCmd" for a type
** without a size. Never NULL. */
const char *hc_netrace_type_name(unsigned t);

/* The flits of a packet of type t with flit_bytes-byte flits:
** ceil(bytes / flit_bytes), 0 for a type without a size. */
unsigned hc_netrace_type_flits(unsigned t, unsigned flit_bytes);

/*
** Read the trace at path for cfg into *out: a bzip2 file (its first bytes
** "BZh"), decompressed by Debian's bzip2 program run with the file as its
** input (no shell, nothing of the path interpreted), or the decompressed
** stream itself (its first bytes the magic). Returns HC_OK; HC_EPARAM (a
** NULL argument, cfg out of range, or a region the trace does not have:
** err says); HC_EIO (the file cannot be opened or read, is a directory,
** or bzip2 cannot be run or fails on it: corrupt or truncated compressed
** data); HC_EFORMAT (neither bzip2 nor a trace, or a malformed trace: err
** says where); or HC_ENOMEM. err may be NULL; *out is set only on HC_OK.
*/
int hc_netrace_open(const char *path, const hc_netrace_cfg *cfg, hc_netrace **out, hc_netrace_error *err);

/* hc_netrace_open on a decompressed stream, read to its end (not closed):
** the same checks and returns (HC_EIO: a read error). The harness
** tests/fuzz/fuzz_netrace.c reads from memory through it. */
int hc_netrace_read_stream(FILE *f, const hc_netrace_cfg *cfg, hc_netrace **out, hc_netrace_error *err);

/* Free a trace; NULL is allowed. */
void hc_netrace_free(hc_netrace *nt);

/* The header as read. */
const hc_nt_header *hc_netrace_header(const hc_netrace *nt);

/* The replay's packets in file order, *count of them, and the cycle of the
** trace its cycle 0 is (the region's first). */
const hc_nt_packet *hc_netrace_packets(const hc_netrace *nt, uint64_t *count);
uint64_t hc_netrace_base_cycle(const hc_netrace *nt);

/* Packet k's dependent packets in the replay (indices of the packets
** array), *n of them; NULL with *n 0 without dependencies. */
const uint32_t *hc_netrace_kids(const hc_netrace *nt, uint64_t k, unsigned *n);

/* What the dependencies came to: the waits honoured (a packet of the
** replay listed by an earlier one), and the listed ids that are not a
** later packet of the replay (not waited for). */
void hc_netrace_dep_counts(const hc_netrace *nt, uint64_t *edges, uint64_t *unmatched);

/*
** Create, through hc_driver_send, every packet due in the coming cycle
** c = hc_driver_cycle(drv) whose dependencies are cleared: first those
** released by deliveries (earliest due first, then file order), then in
** file order those whose cycle is c. A packet's message has its index as
** tag. Call it once per cycle before hc_driver_step, from cycle 0 on; with
** dependencies, hc_netrace_on_deliver must listen to drv. Returns HC_OK,
** HC_EPARAM (a node beyond drv's cube: hcsim checks the trace's node
** count first) or HC_ENOMEM.
*/
int hc_netrace_tick(hc_netrace *nt, hc_driver *drv);

/* An hc_deliver_fn (its context the trace): the delivery of a packet's
** message clears one wait of each packet depending on it; one whose last
** wait it clears is due in the next cycle, or at its own cycle if later. */
void hc_netrace_on_deliver(void *ctx, hc_driver *drv, const hc_msg *m);

/* The first cycle in which hc_netrace_tick may create a message, or
** UINT64_MAX once every packet is created; a run may jump there
** (hc_driver_advance). With dependencies, while a message of drv is
** undelivered, its delivery may release a packet in any cycle: then the
** coming cycle, hc_driver_cycle(drv) (the run goes on cycle by cycle). */
uint64_t hc_netrace_next_cycle(const hc_netrace *nt, const hc_driver *drv);

/* Every packet of the replay has been created. */
int hc_netrace_done(const hc_netrace *nt);

/* Messages and flits created so far; either may be NULL. */
void hc_netrace_generated(const hc_netrace *nt, uint64_t *msgs, uint64_t *flits);

/* Packets created after their cycle because they waited for a delivery,
** and the cycles they waited in all; either may be NULL. */
void hc_netrace_held(const hc_netrace *nt, uint64_t *packets, uint64_t *cycles);

/* HC_ENOMEM if the delivery callback ran out of memory, else HC_OK. */
int hc_netrace_error_status(const hc_netrace *nt);

#endif /* HC_NETRACE_H */
