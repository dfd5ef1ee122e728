#!/usr/bin/env bash
# The picture of a sweep's CSV (tools/sweep.sh): packet latency against
# offered load with the 95% interval across seeds as error bars, and accepted
# against offered throughput beside it (the diagonal is accepted = offered);
# unstable points (the sweep's verdict) are red crosses, named in the key.
#   tools/sweep_plot.sh SWEEP.csv OUT.png [TITLE]
set -euo pipefail
csv=$1 png=$2 title=${3:-$1}
command -v gnuplot >/dev/null || { echo "sweep_plot: gnuplot not installed; data in $csv" >&2; exit 0; }
[ "$(wc -l < "$csv")" -ge 2 ] || { echo "sweep_plot: $csv has no points" >&2; exit 1; }
nunst=$(awk -F, 'NR > 1 && $11 == "unstable"' "$csv" | wc -l)
nrest=$(( $(wc -l < "$csv") - 1 - nunst ))
# Each series only where it has points (gnuplot stops on an empty one); with
# one seed the interval columns are empty, which gnuplot reads as a missing
# point: then the bars are 0.
cl='($7)' ca='($5)'
[ "$(awk -F, 'NR > 1 && $7 != ""' "$csv" | wc -l)" -gt 0 ] || cl='(0)'
[ "$(awk -F, 'NR > 1 && $5 != ""' "$csv" | wc -l)" -gt 0 ] || ca='(0)'
lat=() thr=()
if [ "$nrest" -gt 0 ]; then
  lat+=("\"$csv\" using 3:(strcol(11) eq \"unstable\" ? NaN : \$6):$cl every ::1 with yerrorlines lw 2 pt 7 lc rgb \"#2050b0\" title \"stable / not converged\"")
  thr+=("\"$csv\" using 3:(strcol(11) eq \"unstable\" ? NaN : \$4):$ca every ::1 with yerrorlines lw 2 pt 7 lc rgb \"#2050b0\" title \"accepted\"")
fi
if [ "$nunst" -gt 0 ]; then
  lat+=("\"$csv\" using 3:(strcol(11) eq \"unstable\" ? \$6 : NaN) every ::1 with points pt 2 ps 2 lw 3 lc rgb \"#d02020\" title \"unstable ($nunst point(s))\"")
  thr+=("\"$csv\" using 3:(strcol(11) eq \"unstable\" ? \$4 : NaN) every ::1 with points pt 2 ps 2 lw 3 lc rgb \"#d02020\" title \"unstable\"")
fi
thr+=("x with lines dt 2 lc rgb \"gray40\" title \"accepted = offered\"")
join() { local IFS=,; echo "$*"; }
gnuplot 2>&1 <<GP | grep -v -e "warning: Skipping data file" -e "empty y range" -e "^$" >&2 || true
set terminal pngcairo size 1200,520 font ",10" noenhanced
set output "$png"
set datafile separator ","
set multiplot layout 1,2 title "$title"
set key top left opaque box
set grid
set xlabel "offered (flits/cycle/node)"
set ylabel "packet latency (cycles), mean of seeds"
set logscale y
set title "latency (error bars: 95% interval across seeds)"
plot $(join "${lat[@]}")
unset logscale y
set ylabel "accepted (flits/cycle/node), mean of seeds"
set title "throughput"
plot $(join "${thr[@]}")
unset multiplot
GP
echo "sweep: $png" >&2
