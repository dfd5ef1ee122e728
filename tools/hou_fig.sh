#!/usr/bin/env bash
# `make hou-fig`: Figs. 5, 6 and 7 of Hou et al. (shared/seeds/004, section
# 6.1) on the C model, every curve of the paper: e-cube routing with no
# reordering, with the optimal reordering of the communication (M-S) and
# with the dynamic-programming reordering of all three (M-G), and each
# partially adaptive routing function of the model (csim/hc_route.h, the
# list from `hcsim --routing list`) on the original communication. The
# paper's set-up: 8-cube, 20-flit messages, exponential inter-arrival times,
# one-flit channel buffers (B = 1), oldest header first, lowest dimension
# first among free channels. Per communication (transpose, bitrev, revflip)
# it writes docs/data/hou_fig<5|6|7>_<comm>.csv (one row per run) and
# docs/img/hou_fig<5|6|7>_<comm>.png (latency against accepted throughput,
# as the paper plots it, and accepted against offered load), then prints
# the saturation table of docs/hou.md. A curve stops at the second point
# at which its accepted throughput is below 85% of the offered load
# (saturated runs are the long ones: their backlog drains). Labels hold no
# commas (CSV). BUF=2 runs the same with full-rate links (files *_b2.*);
# RATES, CYCLES, WARMUP, SEED and QMAX (the table's sustained-load queue
# bound) override; PLOT_ONLY=1 redraws the plots and the table from the CSV.
set -euo pipefail
cd "$(dirname "$0")/.."
BUF=${BUF:-1}
D=8 LEN=20 INJ=4
# Offered loads: finer where the e-cube and adaptive curves saturate; with
# full-rate links (B >= 2) a node can inject up to 1 flit/cycle.
RATES=${RATES:-"0.01 0.02 0.03 0.035 0.04 0.045 0.05 0.055 0.06 0.065 0.07 0.075 0.08 0.09 0.10 0.11 0.12 0.14 0.16 0.18 0.20 0.23 0.26 0.30 0.35 0.40 0.45 0.50$([ "$BUF" = 1 ] || echo " 0.55 0.60 0.70 0.80 0.90 1.00")"}
CYCLES=${CYCLES:-20000}
WARMUP=${WARMUP:-5000}
SEED=${SEED:-1}
make --no-print-directory -s build/bin/hcsim >/dev/null
hcsim=build/bin/hcsim
mkdir -p docs/data docs/img
suffix=$([ "$BUF" = 1 ] && echo "" || echo "_b$BUF")
json=$(mktemp)
trap 'rm -f "$json"' EXIT
val() { tools/jsonval.sh "$json" "$1"; }

# The curves: routing:mapping:label. E-cube with the three mappings, then
# every other routing function of the model on the original communication.
curves=("ecube:none:e-cube" "ecube:opt:M-S (e-cube; optimal mapping)" "ecube:dp:M-G (e-cube; DP mapping of the three)")
while read -r name label; do
  [ "$name" = ecube ] || curves+=("$name:none:$label")
done < <("$hcsim" --routing list)

start=$(date +%s)
fig=5
for comm in transpose bitrev revflip; do
  [ "${PLOT_ONLY:-0}" = 1 ] && break
  csv=docs/data/hou_fig${fig}_$comm$suffix.csv
  echo "curve,routing,mapping,rate,offered,throughput,avg_latency,max_latency,max_queue,delivered,lost,drained" > "$csv"
  for c in "${curves[@]}"; do
    IFS=: read -r routing map label <<< "$c"
    past=0
    lccs=() # the list of the dynamic programme; hcsim refuses it elsewhere
    [ "$map" = dp ] && lccs=(--lccs transpose,bitrev,revflip)
    for r in $RATES; do
      nice -n 10 "$hcsim" --sim model --d $D --buf "$BUF" --inj $INJ --traffic $comm --rate "$r" --len $LEN \
        --cycles "$CYCLES" --warmup "$WARMUP" --drain 2000000 --seed "$SEED" --routing "$routing" \
        --remap "$map" "${lccs[@]}" --quiet --json "$json" || {
        echo "hou-fig: $comm $routing $map rate $r failed (exit $?)" >&2
        exit 1
      }
      off=$(val offered_window) thr=$(val throughput)
      echo "$label,$routing,$map,$r,$off,$thr,$(val avg_latency),$(val max_latency),$(val max_queue),$(val messages_delivered),$(val lost),$(val drained)" >> "$csv"
      if awk -v t="$thr" -v o="$off" 'BEGIN { exit !(t < 0.85 * o) }'; then past=$((past + 1)); fi
      [ $past -ge 2 ] && break
    done
  done
  echo "hou-fig: $csv ($(( $(date +%s) - start )) s so far)"
  fig=$((fig + 1))
done

# Saturation per curve, three ways. Sustained (the paper: "sustainable if
# the number of messages queued at their source processors is small and
# bounded"): the largest accepted throughput of a run in which no source
# had more than QMAX messages waiting when the traffic stopped. Kept up:
# the same with the average instead, accepted >= 95% of offered (a few
# saturated sources hardly move it). Peak: the largest accepted at all.
QMAX=${QMAX:-20}
echo
echo "| curve | transpose: sustained / kept up / peak | bitrev: sustained / kept up / peak | revflip: sustained / kept up / peak |"
echo "|---|---|---|---|"
for c in "${curves[@]}"; do
  IFS=: read -r routing map label <<< "$c"
  row="| $label |"
  fig=5
  for comm in transpose bitrev revflip; do
    row+=$(awk -F, -v r="$routing" -v m="$map" -v q="$QMAX" 'NR > 1 && $2 == r && $3 == m {
             if ($9 <= q && $6 > s) s = $6; if ($6 >= 0.95 * $5 && $6 > a) a = $6; if ($6 > p) p = $6 }
           END { printf " %.3f / %.3f / %.3f |", s, a, p }' "docs/data/hou_fig${fig}_$comm$suffix.csv")
    fig=$((fig + 1))
  done
  echo "$row"
done

if ! command -v gnuplot >/dev/null; then
  echo "hou-fig: gnuplot not installed; no plots (apt-get install gnuplot-nox)" >&2
  exit 0
fi
if [ "$BUF" = 1 ]; then
  cap="B = 1: a one-flit buffer passes a flit every other cycle here (registered ready), so a link carries at most 0.5 flit/cycle and every throughput is about half the paper's (e-cube's bound 1/16 instead of 1/8)"
else
  cap="B = $BUF: full-rate links (one flit per cycle, as the paper's channels); the paper's buffers hold one flit"
fi
fig=5
for comm in transpose bitrev revflip; do
  csv=docs/data/hou_fig${fig}_$comm$suffix.csv png=docs/img/hou_fig${fig}_$comm$suffix.png
  n=${#curves[@]}
  keys="" titles="array T[$n]"$'\n' i=1
  for c in "${curves[@]}"; do
    IFS=: read -r routing map label <<< "$c"
    keys+="$routing/$map "
    titles+="T[$i] = \"$label\""$'\n'
    i=$((i + 1))
  done
  gnuplot <<GP
set terminal pngcairo size 1400,620 font ",10"
set output "$png"
set datafile separator ","
set termoption noenhanced
keys = "$keys"
$titles
rows(i) = sprintf("< awk -F, -v k=%s 'NR > 1 && \$2 \"/\" \$3 == k' $csv", word(keys, i))
set multiplot layout 1,2 title "Hou et al. Fig. $fig: $comm, 8-cube, 20-flit messages, exponential inter-arrival, C model (hcsim)\n$cap"
set xlabel "accepted throughput (flits/cycle/node)"
set ylabel "average latency (cycles, from creation, queueing included)"
set logscale y
set key top right opaque box
set grid
plot for [i=1:$n] rows(i) using 6:7 with linespoints pt i ps 0.8 lc i title T[i]
unset logscale y
set xlabel "offered load (flits/cycle/node)"
set ylabel "accepted throughput (flits/cycle/node)"
set key top left opaque box
plot for [i=1:$n] rows(i) using 5:6 with linespoints pt i ps 0.8 lc i notitle, x with lines dt 2 lc rgb "gray" title "accepted = offered"
unset multiplot
GP
  echo "hou-fig: $png"
  fig=$((fig + 1))
done
echo "hou-fig: done in $(( $(date +%s) - start )) s"
