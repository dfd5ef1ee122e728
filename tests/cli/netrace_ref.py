#!/usr/bin/env python3
"""An independent reading of netrace traces for tests/cli/test_hcsim.sh.

It decodes the format with struct over the bzip2 stream (not with hcsim's
reader), writes the small hand-made traces the tests need, well formed and
malformed, and checks a replay's --deliveries file against the dependency
rule computed here. The layout (little-endian, packed): a 72-byte header
(magic u32 0x484A5455, version f32, name char[30], nodes u8, pad u8, cycles
u64, packets u64, notes length u32, regions u32, 8 bytes), the notes, the
regions (offset, cycles, packets: u64 each), then per packet cycle u64, id
u32, addr u32, type, src, dst, node types, dependency count (u8 each) and
that many u32 ids of the packets that depend on it.

  netrace_ref.py decode TRACE [REGION]       header and replay figures, JSON
  netrace_ref.py check TRACE DELIVERIES on|off REGION|all [TRACE ...]
                                             for each replay, every packet
                                             delivered at its dst with its
                                             flits and created as the rule
                                             says: a line "ok: ..." or why
                                             not; exit 1 if one is not
  netrace_ref.py write DIR [TRACE]           every hand-made trace of case()
                                             below as DIR/nt_<case>.tra.bz2,
                                             and TRACE decoded as by decode
(one process for several jobs: a Python start is most of a job's time)
"""
import bz2
import json
import struct
import sys

MAGIC = 0x484A5455
# netrace's sizes in bytes by packet type (the others have none)
SIZE = {1: 8, 2: 72, 3: 72, 4: 72, 5: 8, 6: 72, 13: 8, 14: 8, 15: 8, 16: 72, 25: 8, 27: 8, 28: 8, 29: 8, 30: 72}
FLIT_BYTES = 16


def load(path):
    raw = open(path, 'rb').read()
    return bz2.decompress(raw) if raw[:3] == b'BZh' else raw


def parse(data):
    magic, version = struct.unpack_from('<If', data, 0)
    assert magic == MAGIC
    name = data[8:38].split(b'\0')[0].decode('latin-1')
    nodes = data[38]
    cycles, packets, nlen, nreg = struct.unpack_from('<QQII', data, 40)
    off = 72
    notes = data[off:off + nlen].split(b'\0')[0].decode('latin-1')
    off += nlen
    regions = [struct.unpack_from('<QQQ', data, off + 24 * k) for k in range(nreg)]
    off += 24 * nreg
    start = off
    pk = []  # (byte offset from the packets' start, cycle, id, type, src, dst, deps)
    while off < len(data):
        c, i, _a, t, s, d, _nt, nd = struct.unpack_from('<QIIBBBBB', data, off)
        deps = struct.unpack_from('<%dI' % nd, data, off + 21)
        pk.append((off - start, c, i, t, s, d, deps))
        off += 21 + 4 * nd
    return dict(benchmark=name, version=version, nodes=nodes, cycles=cycles, packets=packets, notes=notes,
                regions=regions), pk


def replay(hdr, pk, region):
    """The packets of the region (all: None) with their cycles from its first."""
    if region is None:
        return [(c, i, t, s, d, deps) for (_o, c, i, t, s, d, deps) in pk], 0
    off, _cyc, n = hdr['regions'][region]
    base = sum(r[1] for r in hdr['regions'][:region])
    first = next(k for k, p in enumerate(pk) if p[0] == off)
    return [(c - base, i, t, s, d, deps) for (_o, c, i, t, s, d, deps) in pk[first:first + n]], base


def flits(t):
    return (SIZE[t] + FLIT_BYTES - 1) // FLIT_BYTES


def parents_of(rp):
    """For each packet of the replay, the earlier packets that list it."""
    pos = {p[1]: k for k, p in enumerate(rp)}
    par = [[] for _ in rp]
    for k, p in enumerate(rp):
        for cid in p[5]:
            j = pos.get(cid)
            if j is not None and j > k:
                par[j].append(k)
    return par


def decode(path, region):
    hdr, pk = parse(load(path))
    rp, base = replay(hdr, pk, region)
    out = dict(hdr, regions=[dict(cycles=r[1], packets=r[2]) for r in hdr['regions']], replayed=len(rp),
               base=base, flits=sum(flits(p[2]) for p in rp), waits=sum(len(x) for x in parents_of(rp)),
               last_cycle=rp[-1][0] if rp else None)
    print(json.dumps(out))
    return 0


def check(path, dl_path, deps, region):
    hdr, pk = parse(load(path))
    rp, _base = replay(hdr, pk, region)
    got = {}
    for line in open(dl_path):
        if line.startswith('#'):
            continue
        t, s, d, f, c, k = map(int, line.split())
        if k in got:
            print('packet %d delivered twice' % k)
            return 1
        got[k] = (t, s, d, f, c)
    if len(got) != len(rp):
        print('%d deliveries for %d packets' % (len(got), len(rp)))
        return 1
    par = parents_of(rp)
    held = 0
    for k, (c, _i, t, s, d, _deps) in enumerate(rp):
        dt, ds, dd, df, dc = got[k]
        if (ds, dd, df) != (s, d, flits(t)):
            print('packet %d: delivered %s, the trace says src %d dst %d, %d flits' % (k, got[k], s, d, flits(t)))
            return 1
        want = max([c] + [got[a][0] + 1 for a in par[k]]) if deps == 'on' else c
        if dc != want:
            print('packet %d created in cycle %d, the rule says %d' % (k, dc, want))
            return 1
        held += dc > c
    print('ok: %d packets, %d held by their dependencies' % (len(rp), held))
    return 0


# ---------------------------------------------------------------- writing

def header(nodes=4, cycles=10, packets=0, notes=b'hand-made\0', regions=(), magic=MAGIC, version=1.0,
           name=b'test'):
    h = struct.pack('<If30sBBQQII8s', magic, version, name, nodes, 0, cycles, packets, len(notes), len(regions),
                    b'\0' * 8)
    return h + notes + b''.join(struct.pack('<QQQ', *r) for r in regions)


def packet(cycle, pid, typ, src, dst, deps=(), ndeps=None):
    nd = len(deps) if ndeps is None else ndeps
    return struct.pack('<QIIBBBBB', cycle, pid, 0x1000 + pid, typ, src, dst, 0x23, nd) + \
        b''.join(struct.pack('<I', x) for x in deps)


# A (id 0, 0 -> 3, a 72-byte ReadResp: 5 flits) lists B (id 1, 3 -> 0, an
# 8-byte ReadReq: 1 flit, at cycle 1): B waits for A's delivery.
DEP_PACKETS = packet(0, 0, 2, 0, 3, deps=(1,)) + packet(1, 1, 1, 3, 0)


def case(name):
    ok2 = header(packets=2) + DEP_PACKETS
    two = packet(0, 0, 2, 0, 3, deps=(1,)) + packet(1, 1, 1, 3, 0)
    r1 = packet(20, 2, 1, 1, 2) + packet(22, 3, 1, 2, 1)
    cases = {
        # well formed
        'dep': ok2,
        # two regions: 0 is cycles 0..19 (two packets), 1 is 20..39 (two packets)
        'regions': header(packets=4, cycles=40, regions=((0, 20, 2), (len(two), 20, 2))) + two + r1,
        # malformed
        'bad_magic': header(magic=0x12345678, packets=2) + DEP_PACKETS,
        'big_endian': header(magic=0x55544A48, packets=2) + DEP_PACKETS,
        'version': header(version=2.0, packets=2) + DEP_PACKETS,
        'nodes_zero': header(nodes=0, packets=2) + DEP_PACKETS,
        'src_range': header(packets=1) + packet(0, 0, 1, 4, 0),
        'dst_range': header(packets=1) + packet(0, 0, 1, 0, 9),
        'type': header(packets=1) + packet(0, 0, 7, 0, 1),
        'too_many_deps': header(packets=1) + packet(0, 0, 1, 0, 1, deps=(1, 2), ndeps=255),
        'cycle_down': header(packets=2) + packet(5, 0, 1, 0, 1) + packet(4, 1, 1, 1, 0),
        'count': header(packets=3) + DEP_PACKETS,
        'short_header': header(packets=2)[:40],
        'cut_packet': (header(packets=2) + DEP_PACKETS)[:-10],
        'region_inside': header(packets=2, regions=((5, 10, 2),)) + DEP_PACKETS,
        'too_big': header(nodes=64, packets=1) + packet(0, 0, 1, 0, 63),
    }
    return cases if name is None else cases[name]


def write(outdir):
    for name, data in case(None).items():
        with open('%s/nt_%s.tra.bz2' % (outdir, name), 'wb') as f:
            f.write(bz2.compress(data))


def region_arg(s):
    return None if s == 'all' else int(s)


def main(argv):
    if len(argv) in (2, 3) and argv[0] == 'decode':
        return decode(argv[1], region_arg(argv[2]) if len(argv) > 2 else None)
    if len(argv) >= 5 and (len(argv) - 1) % 4 == 0 and argv[0] == 'check':
        st = 0
        for k in range(1, len(argv), 4):
            try:
                st |= check(argv[k], argv[k + 1], argv[k + 2], region_arg(argv[k + 3]))
            except (OSError, ValueError, KeyError, IndexError, StopIteration, struct.error) as e:
                print('cannot check %s against %s: %r' % (argv[k + 1], argv[k], e))
                st = 1
        return st
    if len(argv) in (2, 3) and argv[0] == 'write':
        write(argv[1])
        return decode(argv[2], None) if len(argv) == 3 else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
