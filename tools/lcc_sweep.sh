#!/usr/bin/env bash
# `make lcc-sweep`: the latency-throughput study of Hou et al. §6 on the C
# model, as nine sweeps of `make sweep` (tools/sweep.sh, docs/sweeps.md):
# 8-cube, 20-flit messages, exponential inter-arrival times, 1-flit channel
# buffers (B=1), oldest-header-first arbitration; transpose, bit-reverse and
# reverse-flip, each with no remapping, its own optimal remapping (M-S in
# the paper) and the dynamic-programming mapping of all three (M-G); each
# sweep stops past saturation. Writes build/lcc/<comm>.csv (the three
# mappings' sweep CSVs with a mapping column) and build/lcc/lcc_<comm>.png
# (latency against accepted throughput, one curve per mapping); the tracked
# copies in docs/img are made by make lcc-fig only. With SWEEP_RTL=1,
# repeats a few points on the RTL in lockstep to confirm the model (needs
# the D8_W16_B1_I4 RTL build: long). BUF=2 runs the same study with 2-flit
# buffers (full-rate links); SEEDS (default 1) seeds per point.
set -euo pipefail
cd "$(dirname "$0")/.."
BUF=${BUF:-1}
RATES=${RATES:-"0.01,0.02,0.04,0.06,0.08,0.10,0.12,0.15,0.20,0.25,0.30,0.35,0.40,0.45"}
make --no-print-directory -s build/bin/hcsim build/bin/hc_sweep_agg >/dev/null
mkdir -p build/lcc
suffix=$([ "$BUF" = 1 ] && echo "" || echo "_b$BUF")
for comm in transpose bitrev revflip; do
  csv=build/lcc/$comm$suffix.csv
  for map in none opt dp; do
    lccs="" # the list of the dynamic programme; hcsim refuses it elsewhere
    [ "$map" = dp ] && lccs=transpose,bitrev,revflip
    TRAFFIC=$comm D=8 B=$BUF I=4 LEN=20 CYCLES=${CYCLES:-20000} WARMUP=${WARMUP:-5000} DRAIN=400000 \
      SEED=1 SEEDS=${SEEDS:-1} REMAP=$map LCCS=$lccs RATES=$RATES NAME=lcc_${comm}_$map$suffix \
      SIM=model HCSIM=build/bin/hcsim tools/sweep.sh
  done
  { echo "mapping,$(head -1 build/sweep/lcc_${comm}_none$suffix/sweep.csv)"
    for map in none opt dp; do tail -n +2 "build/sweep/lcc_${comm}_$map$suffix/sweep.csv" | sed "s/^/$map,/"; done
  } > "$csv"
  echo "lcc-sweep: $csv"
  # M-S and M-G can be the same order (bit-reverse: the DP keeps its optimum):
  # then both curves are drawn, and the key says they coincide.
  same=""
  if cmp -s <(cut -d, -f2- "build/sweep/lcc_${comm}_opt$suffix/sweep.csv") \
            <(cut -d, -f2- "build/sweep/lcc_${comm}_dp$suffix/sweep.csv"); then
    same=" (= M-S: the DP keeps this order)"
  fi
  if command -v gnuplot >/dev/null; then
    png=build/lcc/lcc_$comm$suffix.png
    gnuplot <<GP
set terminal pngcairo size 900,640 noenhanced
set output "$png"
set datafile separator ","
set title "$comm, 8-cube, 20-flit messages, B=$BUF (C model, hcsim; each curve ends at its first unstable load)"
set xlabel "accepted throughput (flits/cycle/node)"
set ylabel "average packet latency (cycles)"
set logscale y
set key below box opaque
set bmargin 9
set grid
plot "< grep '^none,' $csv" using 5:7 with linespoints lw 2 pt 7 title "e-cube, no remap", \
     "< grep '^opt,' $csv" using 5:7 with linespoints lw 4 pt 5 ps 1.5 title "M-S: optimal for $comm", \
     "< grep '^dp,' $csv" using 5:7 with linespoints lw 2 dt 2 pt 2 ps 1.2 title "M-G: DP for all three$same"
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
