#!/usr/bin/env bash
# The model at a large cube (issue 16): hcsim alone, uniform traffic at 0.01
# flits/cycle/node, 20-flit messages, B = 2, I = 4, for CYCLES cycles (and
# the drain); it must deliver every message intact. Prints one line
# "smoke: PASS|FAIL model d = D ..." with the cycles, the CPU time, the
# node-cycles per CPU second and the peak memory (GNU time's maximum
# resident set). Usage: tools/model_smoke.sh D [CYCLES] (default 300).
# make test-long runs it at d = 20 (a million nodes, about 1.3 GiB and a
# minute of CPU); tests/cli/test_hcsim.sh at d = 18 with a few cycles.
set -uo pipefail
cd "$(dirname "$0")/.."
d=${1:?usage: tools/model_smoke.sh D [CYCLES]}
cycles=${2:-300}
bin=${HCSIM:-build/bin/hcsim}
out=$(mktemp)
tf=$(mktemp)
trap 'rm -f "$out" "$tf"' EXIT
/usr/bin/time -f '%U %S %M' -o "$tf" "$bin" --sim model --d "$d" --traffic uniform --rate 0.01 \
    --len 20 --cycles "$cycles" --warmup $((cycles / 4)) --seed 1 > "$out" 2>&1
st=$?
read -r user sys kb < <(tail -1 "$tf")
total=$(awk '$1 == "cycles" { print $2 }' "$out")
msgs=$(awk '$1 == "messages" { sub(",", "", $3); print $3 "/" $5 }' "$out")
if [ "$st" = 0 ] && grep -q '^result *pass' "$out"; then v=PASS; else v=FAIL; fi
awk -v v="$v" -v d="$d" -v c="${total:-0}" -v u="$user" -v s="$sys" -v kb="$kb" -v m="$msgs" 'BEGIN {
  cpu = u + s; r = cpu > 0 ? c * 2^d / cpu / 1e6 : 0
  printf "smoke: %s model d = %d, uniform 0.01: %d cycles, messages %s injected/delivered, %.1f s CPU, %.1f M node-cycles/s, peak %.0f MiB\n",
         v, d, c, m, cpu, r, kb / 1024 }'
[ "$v" = PASS ] || { tail -5 "$out"; exit 1; }
