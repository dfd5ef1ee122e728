#!/usr/bin/env bash
# The example virtual platform (tb/systemc/hc_tlm_demo.cpp: 2^d node
# processes behind the TLM-2.0 sockets) against hcsim on the same runs
# (make tlm-check; in make test). Each phase given (aap: Algorithm AAP with
# the step barrier; aap_cs: the same in circuit switching, mode 3 written
# through the configuration port, against hcsim --switching circuit
# --barrier on; lcc: the matrix transpose with the processors reordered
# by the optimal bit order through the NIs' map; sf: the optimal total
# exchange loaded and run through the configuration port, read back by the
# nodes) runs four times through the sockets: the model and the RTL in
# lockstep, each once with deliveries into the nodes' target sockets on the
# internal clock and once by the callback with the network on a clock port.
# The platform checks its own data and timing against the algorithms'
# definitions (tb/systemc/hc_vp.h); this script compares each run with
# hcsim --json on the same algorithm and configuration: aap the cycles to
# the last barrier and to the last delivery, the data verdict, the most
# messages on a channel in a step and every channel and ejection counter;
# lcc the cycles, messages, bit order, the hardware's per-dimension
# contention and every counter; sf the cycles, packets and words (also
# summed from the module's per-link counters), the words checked and both
# verdicts. In aap, aap_cs and lcc every delivery (source, destination, creation
# and delivery cycles) must be hcsim's (hcsim --deliveries), in each of the
# four runs. Controls: the platform with k
# one larger must differ from hcsim in every phase, and lcc without the
# reordering too.
# Usage: tools/tlm_vp_check.sh [--k K] [--beta B] CFG PHASE... (CFG
# D<d>_W<w>_B<b>_I<i>, built as build/rtl/CFG/hc_tlm_demo; PHASE aap, aap_cs,
# lcc, sf). Prints "tlm: PASS|FAIL ..." lines; exit 0 when all pass, 2 on bad
# arguments.
set -u
k=8 beta=4
while [ $# -gt 0 ]; do
  case $1 in
    --k) k=${2:-}; shift 2 ;;
    --beta) beta=${2:-}; shift 2 ;;
    *) break ;;
  esac
done
cfg=${1:-}
[ $# -gt 0 ] && shift
if ! [[ $cfg =~ ^D([0-9]+)_W([0-9]+)_B([0-9]+)_I([0-9]+)$ ]]; then
  echo "tlm_vp_check: configuration '$cfg' is not D<d>_W<w>_B<b>_I<i>" >&2; exit 2
fi
d=${BASH_REMATCH[1]} w=${BASH_REMATCH[2]} b=${BASH_REMATCH[3]} i=${BASH_REMATCH[4]}
[[ $k =~ ^[0-9]+$ && $beta =~ ^[0-9]+$ ]] || { echo "tlm_vp_check: --k and --beta take numbers" >&2; exit 2; }
[ $# -gt 0 ] || { echo "tlm_vp_check: name at least one phase (aap, lcc, sf)" >&2; exit 2; }
for p in "$@"; do
  case $p in aap | aap_cs | lcc | sf) ;; *) echo "tlm_vp_check: unknown phase '$p' (aap, aap_cs, lcc, sf)" >&2; exit 2 ;; esac
done
bin=build/rtl/$cfg/hc_tlm_demo
for p in build/bin/hcsim "$bin"; do
  [ -x "$p" ] || { echo "tlm_vp_check: $p is not built (make $p)" >&2; exit 2; }
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1

fail=0
verdict() { # ok what
  if [ "$1" = 0 ]; then echo "tlm: PASS $2"; else echo "tlm: FAIL $2"; fail=1; fi
}

hc=(build/bin/hcsim --sim model --d "$d" --w "$w" --buf "$b" --inj "$i" --quiet)
for p in "$@"; do
  case $p in
    aap) "${hc[@]}" --algo aap --k "$k" --json "$tmp/hcsim-aap.json" --deliveries "$tmp/hcsim-aap.dl" ;;
    aap_cs) "${hc[@]}" --algo aap --switching circuit --barrier on --k "$k" --json "$tmp/hcsim-aap_cs.json" \
              --deliveries "$tmp/hcsim-aap_cs.dl" ;;
    lcc) "${hc[@]}" --algo lcc --lcc transpose --remap opt --k "$k" --json "$tmp/hcsim-lcc.json" \
           --deliveries "$tmp/hcsim-lcc.dl" ;;
    sf) "${hc[@]}" --algo total_exchange --k "$k" --beta "$beta" --json "$tmp/hcsim-sf.json" ;;
  esac
  verdict $? "hcsim runs $p (d = $d, k = $k)"
done
runs="model-socket-internal model-callback-port both-socket-internal both-callback-port"
for r in $runs control; do
  IFS=- read -r sim del clk <<< "$r"
  args=(--k "$k" --beta "$beta" "$@")
  [ "$r" = control ] && sim=model del=socket clk=internal args=(--k $((k + 1)) --beta "$beta" "$@")
  out=$("$bin" "$sim" --deliver "$del" --clock "$clk" "${args[@]}" --json "$tmp/$r.json" 2>&1); st=$?
  [ "$r" = control ] || verdict $st "platform, $sim behind the sockets, delivery by $del, $clk clock: $(tr '\n' ';' <<< "$out")"
done
if [[ " $* " == *" lcc "* ]]; then
  "$bin" model --k "$k" --remap none lcc --json "$tmp/noremap.json" > /dev/null 2>&1
fi

# compare: one "PASS what" or "FAIL what: why" line per comparison
python3 - "$tmp" "$runs" "$@" <<'PY' | sed 's/^/tlm: /' > "$tmp/cmp.out"
import json, os, sys
t, runs, phases = sys.argv[1], sys.argv[2].split(), sys.argv[3:]
FIELDS = {"aap": ("cycles_to_barrier", "cycles_to_last_delivery", "data_ok", "max_step_contention", "channels", "eject"),
          "aap_cs": ("cycles_to_barrier", "cycles_to_last_delivery", "data_ok", "max_step_contention", "channels", "eject"),
          "lcc": ("cycles", "messages", "order", "t_hardware", "data_ok", "channels", "eject"),
          "sf": ("cycles", "packets", "words", "words_checked", "data_ok", "counters_ok")}
def diffs(p, s, h):
    """What differs between the platform's phase p (s) and hcsim's run (h)."""
    out = ["%s %s, hcsim %s" % (f, str(s.get(f))[:60], str(h.get(f))[:60]) for f in FIELDS[p] if s.get(f) != h.get(f)]
    if p == "sf":
        for c in ("packets", "words"):
            total = sum(ch["sf_" + c] for ch in s["channels"])
            if total != h[c]: out.append("the links' sf_%s counters sum to %d, hcsim %d" % (c, total, h[c]))
    return out
hc = {p: json.load(open("%s/hcsim-%s.json" % (t, p))) for p in phases}
got = {r: json.load(open("%s/%s.json" % (t, r))) for r in runs + ["control"] if os.path.exists("%s/%s.json" % (t, r))}
for r in runs:
    for p in phases:
        o = diffs(p, got[r][p], hc[p]) if r in got and p in got[r] else ["no result"]
        print(("PASS" if not o else "FAIL") + " %s (%s) = hcsim: %s" % (p, r, ", ".join(FIELDS[p])) +
              ("" if not o else ": " + "; ".join(o[:3])))
def deliveries(path):
    """hcsim --deliveries: [source, destination, created, delivered] of every message, sorted."""
    rows = [l.split() for l in open(path) if not l.startswith("#")]
    return sorted([int(s), int(d), int(c), int(t)] for t, s, d, _, c in rows)
for p in phases:
    if p == "sf": continue
    ref = deliveries("%s/hcsim-%s.dl" % (t, p))
    bad = [r for r in runs if sorted(got.get(r, {}).get(p, {}).get("deliveries", [])) != ref]
    print(("PASS" if ref and not bad else "FAIL") + " %s: every delivery's cycles (source, destination, created, "
          "delivered) as hcsim's, in the four runs (%d deliveries)%s" % (p, len(ref), ": not in " + ", ".join(bad) if bad else ""))
for p in phases:
    o = diffs(p, got["control"][p], hc[p]) if p in got.get("control", {}) else []
    print(("PASS" if o else "FAIL") + " control: %s with k one larger is seen to differ (%s)" %
          (p, o[0][:70] if o else "nothing differed"))
if "lcc" in phases:
    n = json.load(open(t + "/noremap.json"))["lcc"] if os.path.exists(t + "/noremap.json") else None
    o = diffs("lcc", n, hc["lcc"]) if n else []
    print(("PASS" if o else "FAIL") + " control: lcc without the reordering is seen to differ (%s)" %
          (o[0][:70] if o else "nothing differed"))
PY
cat "$tmp/cmp.out"
grep -q '^tlm: FAIL' "$tmp/cmp.out" && fail=1
[ -s "$tmp/cmp.out" ] || { echo "tlm: FAIL the comparison did not finish"; fail=1; }
exit $fail
