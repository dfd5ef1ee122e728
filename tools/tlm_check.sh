#!/usr/bin/env bash
# The SystemC/TLM-2.0 model against hcsim on the same stimulus (make
# tlm-check; in make test): a random message-list file (seeded, loaded
# enough that heads block) is run by hcsim (the model, --json --flows) and
# through the sockets of tb/systemc/hc_tlm_net.h (tb/systemc/hc_tlm_check.cpp)
# with the model and with the RTL in lockstep behind them, each twice: the
# deliveries by the callback on the internal clock, and into a target
# socket per node with the network and the senders on an sc_clock bound to
# the network's clock port. Each must deliver every message with its words,
# and give what hcsim gives: every message's delivery cycle (hcsim
# --deliveries), messages and flits delivered, the latency
# distribution (count, min, max, mean, the histogram in hcsim's bins), per
# flow (source, destination) the count, mean and max latency, and every
# channel and ejection counter; the four SystemC runs must agree message by
# message on the delivery cycle. A control shows the comparison can fail:
# the same file with one message a flit longer, run through the sockets,
# must differ from hcsim. The module's set_mode is checked the same way: a
# second file (messages of at most buf flits) run in store-and-forward by
# header, the mode register written through the module in cycle 0, with the
# model and in lockstep (target sockets, clock port), against hcsim --mode
# saf; its control, the same file in wormhole mode, must differ. Last, the
# platform of docs/systemc.md, compiled from the page as it stands
# (build/bin/tlm_doc_platform), must print what it must: every cpu x gets
# x ^ 1's two words in cycle 5 (h + k + 1: one hop, three flits).
# Usage: tools/tlm_check.sh [CFG [MESSAGES]] (CFG D<d>_W<w>_B<b>_I<i>, built
# as build/rtl/CFG/hc_tlm_check). Prints "tlm: PASS|FAIL ..." lines; exit 0
# when all pass.
set -u
cfg=${1:-D2_W16_B2_I4}
nmsg=${2:-300}
if ! [[ $cfg =~ ^D([0-9]+)_W([0-9]+)_B([0-9]+)_I([0-9]+)$ ]]; then
  echo "tlm_check: configuration '$cfg' is not D<d>_W<w>_B<b>_I<i>" >&2; exit 2
fi
d=${BASH_REMATCH[1]} w=${BASH_REMATCH[2]} b=${BASH_REMATCH[3]} i=${BASH_REMATCH[4]}
bin=build/rtl/$cfg/hc_tlm_check
for p in build/bin/hcsim "$bin" build/bin/tlm_doc_platform; do
  [ -x "$p" ] || { echo "tlm_check: $p is not built (make $p)" >&2; exit 2; }
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1

# nmsg messages, about one every 1.5 cycles somewhere in the cube, 1..6 flits
awk -v n="$nmsg" -v d="$d" 'BEGIN { srand(17); c = 0; N = 2 ^ d
  for (k = 0; k < n; k++) { c += int(rand() * 3); printf "%d %d %d %d\n", c, int(rand() * N), int(rand() * N), 1 + int(rand() * 6) } }' \
  > "$tmp/msgs.txt"
last=$(tail -1 "$tmp/msgs.txt" | cut -d' ' -f1)
# the control: the middle message a flit longer
awk -v m=$((nmsg / 2)) 'NR == m + 1 { $4 = $4 + 1 } { print }' "$tmp/msgs.txt" > "$tmp/longer.txt"
# store-and-forward by header: nmsg / 2 messages of 1..buf flits, about one a cycle
awk -v n=$((nmsg / 2)) -v d="$d" -v b="$b" 'BEGIN { srand(19); c = 0; N = 2 ^ d
  for (k = 0; k < n; k++) { c += int(rand() * 2); printf "%d %d %d %d\n", c, int(rand() * N), int(rand() * N), 1 + int(rand() * b) } }' \
  > "$tmp/saf.txt"
slast=$(tail -1 "$tmp/saf.txt" | cut -d' ' -f1)

fail=0
verdict() { # ok what
  if [ "$1" = 0 ]; then echo "tlm: PASS $2"; else echo "tlm: FAIL $2"; fail=1; fi
}

build/bin/hcsim --sim model --d "$d" --w "$w" --buf "$b" --inj "$i" --file "$tmp/msgs.txt" --cycles $((last + 1)) \
  --warmup 0 --flows --quiet --json "$tmp/hcsim.json" --deliveries "$tmp/hcsim.dl"
verdict $? "hcsim runs the file ($nmsg messages, d = $d)"
build/bin/hcsim --sim model --d "$d" --w "$w" --buf "$b" --inj "$i" --file "$tmp/saf.txt" --cycles $((slast + 1)) \
  --warmup 0 --flows --mode saf --quiet --json "$tmp/hcsim-saf.json" --deliveries "$tmp/hcsim-saf.dl"
verdict $? "hcsim runs the second file in store-and-forward by header ($((nmsg / 2)) messages)"
for s in model both model-sp both-sp longer; do
  f=$tmp/msgs.txt; sim=${s%-sp}; opt=(); how="callback, internal clock"
  [ $s = longer ] && f=$tmp/longer.txt sim=model
  [ $sim != $s ] && [ $s != longer ] && opt=(--deliver socket --clock port) how="target sockets, clock port"
  out=$("$bin" $sim "$f" "$tmp/$s.json" "$d" "$w" "$b" "$i" "${opt[@]}" 2>&1); st=$?
  [ $s = longer ] || verdict $st "SystemC run ($sim behind the sockets; $how): ${out#tlm $sim: }"
done
for s in saf-model saf-both worm; do
  sim=${s#saf-}; opt=(--mode saf); how=""
  [ $s = saf-both ] && opt+=(--deliver socket --clock port) how=", target sockets, clock port"
  [ $s = worm ] && sim=model opt=()
  out=$("$bin" $sim "$tmp/saf.txt" "$tmp/$s.json" "$d" "$w" "$b" "$i" "${opt[@]}" 2>&1); st=$?
  [ $s = worm ] || verdict $st "SystemC run, store-and-forward by header (set_mode; $sim$how): ${out#tlm $sim: }"
done

# compare: prints one "PASS what" or "FAIL what: why" line per comparison
python3 - "$tmp" <<'PY' | sed 's/^/tlm: /' > "$tmp/cmp.out"
import json, sys
t = sys.argv[1]
h = json.load(open(t + "/hcsim.json"))
hsaf = json.load(open(t + "/hcsim-saf.json"))
def deliveries(path):
    """hcsim --deliveries: (source, destination, created, delivered) of every message, sorted."""
    rows = [l.split() for l in open(path) if not l.startswith("#")]
    return sorted((int(s), int(d), int(c), int(t)) for t, s, d, _, c in rows)
h["dl"] = deliveries(t + "/hcsim.dl")
hsaf["dl"] = deliveries(t + "/hcsim-saf.dl")
def diffs(s, h=h):
    """What differs between the SystemC run s and hcsim's h (empty: nothing)."""
    out = []
    mine = sorted((m["src"], m["dest"], m["created"], m["delivered"]) for m in s["messages"])
    if mine != h["dl"]:
        bad = [(a, b) for a, b in zip(mine, h["dl"]) if a != b]
        out.append("deliveries (src, dest, created, delivered) %s, hcsim %s" % (bad[0] if bad else (len(mine), len(h["dl"]))))
    for k in ("messages_delivered", "flits_delivered"):
        if s[k] != h[k]: out.append("%s %s, hcsim %s" % (k, s[k], h[k]))
    lat = [m["delivered"] - m["created"] for m in s["messages"] if m["delivered"] >= 0]
    pl = h["packet_latency"]
    if lat and (len(lat) != pl["n"] or min(lat) != pl["min"] or max(lat) != pl["max"]
                or abs(sum(lat) / len(lat) - pl["mean"]) > 1e-6):
        out.append("latency n %d min %d max %d mean %.4f, hcsim %s" % (len(lat), min(lat), max(lat), sum(lat) / len(lat), pl))
    hist = h["latency_histogram"]
    mine = [0] * len(hist["counts"])
    for l in lat:
        b = (l - hist["min"]) // hist["bin_width"]
        if 0 <= b < len(mine): mine[b] += 1
        else: out.append("latency %d outside hcsim's histogram" % l)
    if mine != hist["counts"]: out.append("latency histogram %s, hcsim %s" % (mine, hist["counts"]))
    flows = {}
    for m in s["messages"]:
        if m["delivered"] >= 0: flows.setdefault((m["src"], m["dest"]), []).append(m["delivered"] - m["created"])
    hf = {(f["src"], f["dest"]): f for f in h["flows"] if f["messages"]}
    if set(flows) != set(hf): out.append("flows %s, hcsim %s" % (sorted(flows), sorted(hf)))
    for k, v in flows.items():
        f = hf.get(k)
        if f and (len(v) != f["messages"] or max(v) != f["max_latency"] or abs(sum(v) / len(v) - f["avg_latency"]) > 1e-6):
            out.append("flow %s: %d messages, max %d, mean %.4f; hcsim %s" % (k, len(v), max(v), sum(v) / len(v), f))
    for k in ("channels", "eject"):
        if s[k] != h[k]:
            bad = [(a, b) for a, b in zip(s[k], h[k]) if a != b]
            out.append("%s counters: %s, hcsim %s" % (k, bad[0][0], bad[0][1]) if bad else "%s: lengths differ" % k)
    return out
runs = {r: json.load(open("%s/%s.json" % (t, r))) for r in ("model", "both", "model-sp", "both-sp", "longer")}
for r, what in (("model", "the model"), ("both", "the RTL in lockstep"),
                ("model-sp", "the model (target sockets, clock port)"),
                ("both-sp", "the RTL in lockstep (target sockets, clock port)")):
    o = diffs(runs[r])
    print(("PASS" if not o else "FAIL") + " SystemC with %s behind the sockets = hcsim: every message's delivery cycle, "
          "latencies (histogram, per flow), every channel counter" % what + ("" if not o else ": " + "; ".join(o[:3])))
a = [m["delivered"] for m in runs["model"]["messages"]]
same = all([m["delivered"] for m in runs[r]["messages"]] == a for r in ("both", "model-sp", "both-sp"))
print(("PASS" if same else "FAIL") + " every message's delivery cycle the same in the four SystemC runs (model, lockstep; "
      "callback and internal clock, target sockets and clock port)")
o = diffs(runs["longer"])
print(("PASS" if o else "FAIL") + " control: one message a flit longer is seen to differ (%s)" % (o[0][:80] if o else "nothing differed"))
saf = {r: json.load(open("%s/%s.json" % (t, r))) for r in ("saf-model", "saf-both", "worm")}
for r, what in (("saf-model", "the model"), ("saf-both", "the RTL in lockstep (target sockets, clock port)")):
    o = diffs(saf[r], hsaf)
    print(("PASS" if not o else "FAIL") + " store-and-forward by header, SystemC with %s = hcsim --mode saf: every "
          "message's delivery cycle, latencies, every channel counter" % what + ("" if not o else ": " + "; ".join(o[:3])))
o = diffs(saf["worm"], hsaf)
print(("PASS" if o else "FAIL") + " control: the same file in wormhole mode is seen to differ from hcsim --mode saf (%s)" %
      (o[0][:80] if o else "nothing differed"))
PY
cat "$tmp/cmp.out"
out=$(build/bin/tlm_doc_platform 2>&1)
want=$(for x in 0 1 2 3 4 5 6 7; do echo "cpu $x: 2 words from $((x ^ 1)), delivered in cycle 5"; done)
[ "$(grep '^cpu' <<< "$out" | sort)" = "$want" ] && grep -q '^node 0 dim 0 carried 1 messages$' <<< "$out"
verdict $? "the platform of docs/systemc.md, compiled as printed: every cpu gets its neighbour's words in cycle 5"
grep -q '^tlm: FAIL' "$tmp/cmp.out" && fail=1
[ "$(grep -c '^tlm: ' "$tmp/cmp.out")" = 9 ] || { echo "tlm: FAIL the comparison did not finish"; fail=1; }
exit $fail
