#!/usr/bin/env bash
# The cube's load as a picture: a heat map of every directed channel (node x,
# dimension i: the link from x to x XOR 2^i) from a run's JSON report
# (hcsim --json: traffic, the wormhole algorithms and LCC), three panels laid
# out by dimension (rows) and node (columns): messages carried, busy cycles
# as a fraction of the run, blocked cycles (a head waiting for the channel).
# The papers' channel counts (T_i(A,b) of Hou et al.: the most messages on a
# channel of dimension i) are the rows' maxima of the first panel.
#   tools/heatmap.sh RUN.json [OUT.png]     (default: RUN.json's name, _load.png)
set -euo pipefail
json=${1:-}
[ -n "$json" ] && [ -f "$json" ] || { echo "heatmap: usage: tools/heatmap.sh RUN.json [OUT.png] (no file '$json')" >&2; exit 2; }
png=${2:-${json%.json}_load.png}
jq -e '(.channels | type == "array" and length > 0) and (.cycles | type == "number")' "$json" >/dev/null 2>&1 ||
  { echo "heatmap: $json has no channel counters (hcsim --json of a traffic, wormhole-algorithm or LCC run)" >&2; exit 2; }
command -v gnuplot >/dev/null || { echo "heatmap: gnuplot not installed (apt-get install gnuplot-nox)" >&2; exit 2; }
dat=$(mktemp)
trap 'rm -f "$dat"' EXIT
jq -r '.cycles as $c | .channels[] | "\(.node) \(.dim) \(.messages) \(if $c > 0 then .busy_cycles / $c else 0 end) \(.blocked_cycles)"' \
  "$json" > "$dat"
read -r d n title < <(jq -r '"\(.d) \(.nodes // pow(2; .d)) \(.algo // .traffic) d=\(.d), \(.cycles) cycles (\(.backend))"' "$json")
maxes=$(jq -r '[range(0; .d) as $i | [.channels[] | select(.dim == $i) | .messages] | max] | map(tostring) | join(" ")' "$json")
gnuplot <<GP
set terminal pngcairo size 1200,$(( 220 + 3 * (60 + 22 * d) )) noenhanced font ",10"
set output "$png"
set multiplot layout 3,1 title "channel load: $title; row i = the links across dimension i"
set xrange [-0.5:$n - 0.5]
set yrange [-0.5:$d - 0.5]
set ytics 1
set xlabel "node x (the channel x -> x XOR 2^i)"
set ylabel "dimension i"
set palette defined (0 "white", 1 "#fde725", 2 "#f68f46", 3 "#b5367a", 4 "#2c115f")
set title "messages per channel (max per dimension: $maxes)"
plot "$dat" using 1:2:3 with image notitle
set title "busy cycles / run cycles"
set cbrange [0:1]
plot "$dat" using 1:2:4 with image notitle
set autoscale cb
set title "blocked cycles (a head waiting for the channel)"
plot "$dat" using 1:2:5 with image notitle
unset multiplot
GP
echo "channel load: $png"
