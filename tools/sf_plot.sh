#!/usr/bin/env bash
# `make sf-plot`: the broadcasts of 000 (Stout & Wagar) §2 side by side:
# measured completion against the message length m for BROADCAST 1, 2, 3A,
# 3B and 4 (the paper's optimal g) on one cube, run on the cycle model of
# the hardware (hcsim --sim model, loaded through the configuration port
# and checked word by word), with each algorithm's formula as a dashed line
# of the same colour. Writes build/plots/sf_broadcast.csv and .png (the
# tracked docs/img copy is made by make sf-table only).
# SF_PLOT_D (default 5) and SF_PLOT_BETA (default 8) choose the cube and beta.
set -euo pipefail
cd "$(dirname "$0")/.."
d=${SF_PLOT_D:-5} beta=${SF_PLOT_BETA:-8}
out=build/plots
mkdir -p "$out"
csv=$out/sf_broadcast.csv png=$out/sf_broadcast.png json=$(mktemp)
trap 'rm -f "$json"' EXIT
make --no-print-directory -s build/bin/hcsim >/dev/null
algos="broadcast1 broadcast2 broadcast3a broadcast3b broadcast4"
echo "algo,m,cycles,formula,g" > "$csv"
for a in $algos; do
  for ((m = 4 * d; m <= 160 * d; m += 4 * d)); do
    build/bin/hcsim --algo "$a" --d "$d" --m "$m" --beta "$beta" --sim model --quiet --json "$json" || {
      echo "sf-plot: $a d=$d m=$m beta=$beta failed (hcsim --algo $a --d $d --m $m --beta $beta --sim model)" >&2
      exit 1
    }
    printf '%s,%s,%s,%s,%s\n' "$a" "$m" "$(tools/jsonval.sh "$json" cycles)" \
      "$(tools/jsonval.sh "$json" formula_cycles)" "$(tools/jsonval.sh "$json" g)" >> "$csv"
  done
done
if ! command -v gnuplot >/dev/null; then
  echo "sf-plot: gnuplot not installed; data in $csv (apt-get install gnuplot-nox)" >&2
  exit 0
fi
gnuplot <<GP
set terminal pngcairo size 900,600
set output "$png"
set datafile separator ","
set title "000 §2 broadcasts on the $d-cube, beta = $beta cycles (C model of the RTL; dashed: the paper's formula)"
set xlabel "message length m (words)"
set ylabel "completion (cycles)"
set key top left opaque box
set termoption noenhanced
set grid
name(i) = i == 1 ? "BROADCAST 1" : i == 2 ? "BROADCAST 2 (= 3B, m + d beta: under it)" : i == 3 ? "BROADCAST 3A" : i == 4 ? "BROADCAST 3B" : \
          "BROADCAST 4 (optimal g)"
algos = "$algos"
rows(i) = sprintf("< grep '^%s,' $csv", word(algos, i))
plot for [i=1:5] rows(i) using 2:3 with points pt 7 ps 0.6 lc i title name(i), \
     for [i=1:5] rows(i) using 2:4 with lines dt 2 lc i notitle
GP
echo "sf-plot: $png ($csv)"
