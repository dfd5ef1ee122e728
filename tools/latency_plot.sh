#!/usr/bin/env bash
# The packet-latency histogram of an hcsim traffic run as a PNG: reads the
# run's JSON report (latency_histogram, packet_latency, docs/hcsim.md
# "Statistics") and draws the bins with the mean and the p50/p99 lines.
#   tools/latency_plot.sh RUN.json [OUT.png]   (default: RUN.json's name, .png)
# (make sim ... JSON=run.json writes the report; docs/hcsim.md, "Statistics".)
set -euo pipefail
json=${1:-}
if [ -z "$json" ] || [ ! -f "$json" ]; then echo "latency_plot: usage: tools/latency_plot.sh RUN.json [OUT.png] (no file '$json')" >&2; exit 2; fi
png=${2:-${json%.json}.png}
if ! jq -e '.latency_histogram | type == "object"' "$json" >/dev/null 2>&1; then
  echo "latency_plot: $json has no latency_histogram (not a traffic run's JSON, or nothing was measured)" >&2
  exit 2
fi
if ! command -v gnuplot >/dev/null; then echo "latency_plot: gnuplot not installed (apt-get install gnuplot-nox)" >&2; exit 2; fi
dat=$(mktemp)
trap 'rm -f "$dat"' EXIT
jq -r '.latency_histogram as $h | $h.counts | to_entries[] | "\($h.min + .key * $h.bin_width) \(.value)"' "$json" > "$dat"
read -r lo w nb mean p50 p99 n title < <(jq -r '"\(.latency_histogram.min) \(.latency_histogram.bin_width) \(.latency_histogram.counts | length) \(.packet_latency.mean) \(.packet_latency.p50) \(.packet_latency.p99) \(.packet_latency.n) \(.traffic) d=\(.d) rate \(.rate) len \(.len) (\(.backend), \(.verdict))"' "$json")
gnuplot <<GP
set terminal pngcairo size 900,540
set output "$png"
set title "packet latency: $title, $n messages"
set xlabel "packet latency (cycles; bins of $w)"
set ylabel "messages"
set style fill solid 0.6 border -1
set boxwidth $w
set xrange [$lo:$lo + $w * $nb]
set yrange [0:*]
set key top right opaque box
set arrow from $mean, graph 0 to $mean, graph 1 nohead front lw 2 lc rgb "black" dt 2
set arrow from $p50, graph 0 to $p50, graph 1 nohead front lw 2 lc rgb "#008000" dt 3
set arrow from $p99, graph 0 to $p99, graph 1 nohead front lw 2 lc rgb "#c00000" dt 3
plot "$dat" using (\$1 + $w / 2.0):2 with boxes lc rgb "#4060c0" title "messages per bin", \
     NaN with lines lw 2 lc rgb "black" dt 2 title sprintf("mean %.1f", $mean), \
     NaN with lines lw 2 lc rgb "#008000" dt 3 title "p50 $p50", \
     NaN with lines lw 2 lc rgb "#c00000" dt 3 title "p99 $p99"
GP
echo "latency histogram: $png"
