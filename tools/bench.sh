#!/usr/bin/env bash
# `make bench`: simulation speed and peak memory, never a timed test. Both
# runs do the same work: the 8-cube, uniform traffic at 0.05 flits/cycle/node,
# 20-flit messages, through hcsim (driver, scoreboard and all). The model runs
# BENCH_MODEL_CYCLES cycles, the Verilated RTL (alone, no lockstep)
# BENCH_RTL_CYCLES; speed is node-cycles per second of wall time.
# Targets (issue 2): model >= 20 M node-cycles/s, RTL >= 0.6 M.
set -euo pipefail
cd "$(dirname "$0")/.."
MC=${BENCH_MODEL_CYCLES:-100000}
RC=${BENCH_RTL_CYCLES:-5000}
cfg=D8_W16_B2_I4
make --no-print-directory -s build/bin/hcsim
echo "bench: building the 8-cube RTL (once; several minutes)" >&2
make --no-print-directory -s build/rtl/$cfg/hcsim >/dev/null

run() { # label binary cycles sim
  local json=build/bench-$1.json
  /usr/bin/time -f '%e %M' -o build/bench-$1.time "$2" --sim "$4" --d 8 --traffic uniform \
      --rate 0.05 --len 20 --cycles "$3" --warmup 0 --seed 1 --quiet --json "$json" >/dev/null
  local secs kb cycles
  read -r secs kb < build/bench-$1.time
  cycles=$(tools/jsonval.sh "$json" cycles)
  awk -v l="$1" -v c="$cycles" -v s="$secs" -v k="$kb" 'BEGIN {
    r = (s > 0) ? c * 256 / s : 0;
    printf "%-6s %8d cycles  %7.2f s  %8.2f M node-cycles/s  peak %7.1f MiB\n", l, c, s, r / 1e6, k / 1024 }'
  echo "$cycles $secs" > build/bench-$1.rate
}
echo "bench: 8-cube, uniform 0.05 flits/cycle/node, 20-flit messages"
run model build/bin/hcsim "$MC" model
run rtl build/rtl/$cfg/hcsim "$RC" rtl
read -r mc ms < build/bench-model.rate
read -r rc rs < build/bench-rtl.rate
awk -v mc="$mc" -v ms="$ms" -v rc="$rc" -v rs="$rs" 'BEGIN {
  m = mc * 256 / ms; r = rc * 256 / rs;
  printf "ratio  model/rtl = %.1f x   (targets: model >= 20 M, rtl >= 0.6 M node-cycles/s)\n", m / r }'
