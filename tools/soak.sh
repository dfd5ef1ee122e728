#!/usr/bin/env bash
# make soak (docs/verification.md, "Soak"): the model at saturation for
# SOAK_CYCLES cycles (default 10^7) per traffic pattern (uniform, bitrev,
# transpose, hotspot, revflip), switching mode (wormhole; store-and-forward
# by header, --mode saf) and buffer depth (1 and 4 flits), at d = SOAK_D
# (default 4), then the RTL against the model in lockstep for
# SOAK_RTL_CYCLES cycles (default 10^6) at d = 5 (SOAK_RTL=0 leaves it out).
# Saturation: every node offered 1 flit/cycle, its send queue capped at 4
# messages (--backlog 4: arrivals beyond it are turned away), so the
# network runs full for the whole run with bounded memory. Every run must
# lose, duplicate and corrupt nothing, drain, and never trip the watchdog
# (--watchdog 10000: no flit in or out for 10^4 cycles while messages are in
# flight stops the run and names the buffer where they stand). Circuit
# switching (mode 3) is not offered to synthetic traffic (hcsim --mode
# takes wormhole and saf; mode 3 runs under --algo), so it is not soaked.
# Prints a line per run with the time left, and the table
# (build/soak/soak.md); exit status 1 if any run failed.
# --short: make test's version, a few runs of 10^5 cycles, one
# "soak: PASS|FAIL name" line each.
set -uo pipefail
cd "$(dirname "$0")/.."

short=0
[ "${1:-}" = --short ] && short=1
D=${SOAK_D:-4}
CYCLES=${SOAK_CYCLES:-10000000}
RTL=${SOAK_RTL:-1}
RTL_CYCLES=${SOAK_RTL_CYCLES:-1000000}
RTL_CFG=D5_W16_B2_I4
HCSIM=build/bin/hcsim
OUT=build/soak
[ $short = 1 ] && { CYCLES=${SOAK_CYCLES:-100000}; RTL=0; OUT=build/soak-short; }
mkdir -p "$OUT"
rm -f "$OUT"/*.json "$OUT"/*.err

# The runs: pattern mode buffers. Wormhole messages are 8 flits (a worm
# longer than a buffer, across several routers); store-and-forward by
# header needs a message to fit one buffer, so there its length is B.
runs=()
if [ $short = 1 ]; then
  runs=("uniform wormhole 1" "transpose saf 4" "hotspot wormhole 4" "revflip saf 1" "bitrev wormhole 1")
else
  for p in uniform bitrev transpose hotspot revflip; do
    for m in wormhole saf; do
      for b in 1 4; do runs+=("$p $m $b"); done
    done
  done
fi

failed=0
t_start=$(date +%s)
done_nc=0  # node-cycles simulated so far, for the estimate of time left
total_nc=$(( ${#runs[@]} * CYCLES * (1 << D) ))
[ "$RTL" = 1 ] && total_nc=$(( total_nc + RTL_CYCLES * 32 * 60 ))  # the RTL runs ~60x slower
table="| pattern | mode | B | len | cycles | delivered | lost/dup/corrupt | drained | throughput | CPU s | max RSS MB |
|---|---|---|---|---|---|---|---|---|---|---|"

# One run; $1 the name, then hcsim's arguments. Appends its table row.
run() {
  local name=$1 bin=$2; shift 2
  local json=$OUT/$name.json err=$OUT/$name.err tf=$OUT/$name.time
  /usr/bin/time -f '%U %S %M' -o "$tf" nice -n 10 "$bin" "$@" --json "$json" --quiet --progress 2> "$err"
  local st=$? cpu rss
  cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$tf" 2>/dev/null)
  rss=$(awk '{ printf "%.1f", $3 / 1024 }' "$tf" 2>/dev/null)
  local v
  v() { tools/jsonval.sh "$json" "$1" 2>/dev/null; }
  local lost dup cor drained stall cyc del thr lock
  lost=$(v lost); dup=$(v duplicated); cor=$(v corrupted); drained=$(v drained); stall=$(v stall)
  cyc=$(v cycles); del=$(v messages_delivered); thr=$(v throughput); lock=$(v lockstep)
  local ok=1
  [ "$st" = 0 ] && [ "$lost" = 0 ] && [ "$dup" = 0 ] && [ "$cor" = 0 ] && [ "$drained" = true ] && \
    [ "$stall" = null ] || ok=0
  [ "$lock" = mismatch ] && ok=0
  if [ $ok = 1 ]; then echo "soak: PASS $name"; else
    echo "soak: FAIL $name (exit $st, lost $lost, dup $dup, corrupt $cor, drained $drained, stall $stall)"
    grep -v 'progress:' "$err" | head -5
    failed=$((failed + 1))
  fi
  row="| ${name//_/ | } | $cyc | $del | $lost/$dup/$cor | $drained | ${thr:0:6} | $cpu | $rss |"
}

for r in "${runs[@]}"; do
  read -r p m b <<< "$r"
  if [ "$m" = saf ]; then len=$b; else len=8; fi
  name="${p}_${m}_${b}_${len}"
  run "$name" $HCSIM --sim model --d "$D" --buf "$b" --inj 4 --traffic "$p" --mode "$m" --len "$len" \
    --rate 1 --backlog 4 --cycles "$CYCLES" --warmup $((CYCLES / 10)) --watchdog 10000 --seed 1
  table+=$'\n'"$row"
  done_nc=$(( done_nc + CYCLES * (1 << D) ))
  el=$(( $(date +%s) - t_start ))
  [ $short = 1 ] || echo "soak: $name done; ${el} s elapsed, about $(( el * (total_nc - done_nc) / done_nc )) s left" >&2
done

if [ "$RTL" = 1 ]; then
  echo "soak: building the RTL $RTL_CFG (hierarchical, about 2 CPU-minutes the first time)" >&2
  if nice -n 10 make --no-print-directory -s build/rtl/$RTL_CFG/hcsim > "$OUT/rtl-build.log" 2>&1; then
    run "uniform_wormhole_2_8" build/rtl/$RTL_CFG/hcsim --sim both --traffic uniform --len 8 --rate 1 \
      --backlog 4 --cycles "$RTL_CYCLES" --warmup $((RTL_CYCLES / 10)) --watchdog 10000 --seed 1
    table+=$'\n'"${row/| uniform |/| uniform (RTL d = 5, lockstep: $(tools/jsonval.sh "$OUT/uniform_wormhole_2_8.json" lockstep)) |}"
  else
    echo "soak: FAIL the RTL build $RTL_CFG ($OUT/rtl-build.log)"; failed=$((failed + 1))
  fi
fi

{
  echo "make soak: d = $D, $CYCLES cycles a run, rate 1 with --backlog 4, watchdog 10000 cycles, seed 1"
  echo
  echo "$table"
} > "$OUT/soak.md"
[ $short = 1 ] || { cat "$OUT/soak.md"; echo "soak: $(( $(date +%s) - t_start )) s wall in all"; }
[ $failed = 0 ]
