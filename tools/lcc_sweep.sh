#!/usr/bin/env bash
# `make lcc-sweep`: the latency-throughput study of Hou et al. §6 on the C
# model: 8-cube, 20-flit messages, exponential inter-arrival times, 1-flit
# channel buffers (B=1), oldest-header-first arbitration; transpose,
# bit-reverse and reverse-flip, each with no remapping, its own optimal
# remapping (M-S in the paper) and the dynamic-programming mapping of all
# three (M-G). Writes build/lcc/<comm>.csv and docs/img/lcc_<comm>.png
# (latency against accepted throughput, one curve per mapping), and, with
# SWEEP_RTL=1, repeats a few points on the RTL in lockstep to confirm the
# model (needs the D8_W16_B1_I4 RTL build: long). BUF=2 runs the same study
# with 2-flit buffers (full-rate links).
set -euo pipefail
cd "$(dirname "$0")/.."
BUF=${BUF:-1}
RATES=${RATES:-"0.01 0.02 0.04 0.06 0.08 0.10 0.12 0.15 0.20 0.25 0.30 0.35 0.40 0.45"}
CYCLES=${CYCLES:-20000}
WARMUP=${WARMUP:-5000}
make --no-print-directory -s build/bin/hcsim >/dev/null
mkdir -p build/lcc docs/img
suffix=$([ "$BUF" = 1 ] && echo "" || echo "_b$BUF")
val() { tools/jsonval.sh "$2" "$1"; }
for comm in transpose bitrev revflip; do
  csv=build/lcc/$comm$suffix.csv
  echo "mapping,offered,throughput,avg_latency,delivered,lost" > "$csv"
  for map in none opt dp; do
    lccs=() # the list of the dynamic programme; hcsim refuses it elsewhere
    [ "$map" = dp ] && lccs=(--lccs transpose,bitrev,revflip)
    for r in $RATES; do
      j=build/lcc/run.json
      build/bin/hcsim --sim model --d 8 --buf "$BUF" --inj 4 --traffic $comm --rate "$r" --len 20 \
        --cycles "$CYCLES" --warmup "$WARMUP" --drain 400000 --seed 1 --remap $map \
        "${lccs[@]}" --quiet --json "$j" || true
      echo "$map,$(val offered_window "$j"),$(val throughput "$j"),$(val avg_latency "$j"),$(val messages_delivered "$j"),$(val lost "$j")" >> "$csv"
    done
  done
  echo "lcc-sweep: $csv"
  if command -v gnuplot >/dev/null; then
    png=docs/img/lcc_$comm$suffix.png
    gnuplot <<GP
set terminal pngcairo size 800,560
set output "$png"
set datafile separator ","
set title "$comm, 8-cube, 20-flit messages, B=$BUF (C model, hcsim)"
set xlabel "accepted throughput (flits/cycle/node)"
set ylabel "average latency (cycles)"
set logscale y
set key top left
set grid
plot "< grep '^none,' $csv" using 3:4 with linespoints title "e-cube, no remap", \
     "< grep '^opt,' $csv" using 3:4 with linespoints title "M-S: optimal for $comm", \
     "< grep '^dp,' $csv" using 3:4 with linespoints title "M-G: DP for all three"
GP
    echo "lcc-sweep: $png"
  else
    echo "lcc-sweep: gnuplot not installed; no plot (apt-get install gnuplot-nox)" >&2
  fi
done
if [ "${SWEEP_RTL:-0}" = 1 ]; then
  make --no-print-directory -s build/rtl/D8_W16_B${BUF}_I4/hcsim >/dev/null
  for comm in transpose bitrev; do
    for map in none opt; do
      build/rtl/D8_W16_B${BUF}_I4/hcsim --sim both --traffic $comm --rate 0.05 --len 20 --cycles 3000 \
        --warmup 500 --remap $map | grep -E '^(lockstep|throughput|latency)' | sed "s/^/$comm $map: /"
    done
  done
fi
