#!/usr/bin/env bash
# The waveform view (docs/hcsim.md, "The waveform view"; tb/report/hc_gtkw.c)
# on the documented example with contention, LCC transpose at D = 4 in
# lockstep, and on the same with the optimal processor order (no contention).
# The expected values come from elsewhere than the view's writer: the
# waveform's own content (fst2vcd, parsed here), the JSON counters (the C
# model's, in lockstep), the flit layout of docs/microarchitecture.md
# (decoded again here), the transpose permutation, and GTKWave itself run
# on a virtual X server on the files moved to another directory. Ends with
# "N passed, N failed". HCSIM_RTL names the RTL binary (default
# build/rtl/D4_W16_B2_I4/hcsim); GTKWave's part needs xvfb-run
# (tools/bootstrap.sh --wave) and fails without it.
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${HCSIM_RTL:-build/rtl/D4_W16_B2_I4/hcsim}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
ko() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
check() { # name condition-status detail
  if [ "$2" = 0 ]; then ok "$1"; else ko "$1" "$3"; fi
}
[ -x "$bin" ] || { ko "wave" "$bin not built"; echo "$pass passed, $fail failed"; exit 1; }
d=4 w=16

# The final value of every vector and bit of a VCD by full name, and per
# time the number of links blocked and busy ("T time blocked busy").
vcd_facts() { # vcd
  awk '
    function bin2dec(s,   i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 2 + (substr(s, i, 1) == "1"); return v }
    function flush() { if (t != "") { nb = 0; nu = 0
        for (id in isblk) nb += val[id] * isblk[id]; for (id in isbsy) nu += val[id] * isbsy[id]
        print "T", t, nb, nu } }
    $1 == "$scope" { s[++n] = $3 } $1 == "$upscope" { n-- }
    $1 == "$var" { p = ""; for (i = 1; i <= n; i++) p = p (i > 1 ? "." : "") s[i]; name = p "." $5
                   names[$4] = names[$4] " " name
                   if (name ~ /\.gen_node\[[0-9]+\]\.gen_link\[[0-9]+\]\.blocked$/) isblk[$4]++
                   if (name ~ /\.gen_node\[[0-9]+\]\.gen_link\[[0-9]+\]\.busy$/) isbsy[$4]++ }
    /^#/ { flush(); t = substr($0, 2); next }
    /^b/ { val[$2] = bin2dec(substr($1, 2)); next }
    /^[01]/ { val[substr($0, 2)] = substr($0, 1, 1) + 0; next }
    END { flush(); for (id in names) { k = split(names[id], a, " "); for (j = 1; j <= k; j++) print "V", a[j], val[id] + 0 } }
  ' "$1"
}

# The text of a channel value {valid, kind[1:0], payload[w-1:0]} (hex), as
# docs/microarchitecture.md lays a flit out and the driver fills a head:
# destination in payload bits [d-1:0], source in [2d-1:d], number above.
decode() { # hex
  local v=$((16#$1)) p k
  p=$((v & ((1 << w) - 1))); k=$(((v >> w) & 3))
  if [ $(((v >> (w + 2)) & 1)) = 0 ]; then echo "-"; return; fi
  case $k in
    1|3) printf '%s %d->%d #%d\n' "$([ "$k" = 1 ] && echo HEAD || echo SINGLE)" $(((p >> d) & 15)) $((p & 15)) $((p >> (2 * d))) ;;
    0) printf 'body %x\n' $p ;;
    2) printf 'TAIL %x\n' $p ;;
  esac
}

for r in none opt; do
  mkdir -p "$tmp/$r"
  "$bin" --algo lcc --lcc transpose --d $d --sim both --remap $r --waves "$tmp/$r/sim.fst" --json "$tmp/$r/sim.json" \
    > "$tmp/$r/out" 2>&1; st=$?
  check "wave $r: the lockstep run passes" $st "exit $st: $(tail -3 "$tmp/$r/out" | tr '\n' ' ')"
  fst2vcd "$tmp/$r/sim.fst" > "$tmp/$r/sim.vcd" 2>/dev/null
  vcd_facts "$tmp/$r/sim.vcd" > "$tmp/$r/facts"
done
a=$tmp/none
gtkw=$a/sim.gtkw
cycles=$(jq .cycles "$a/sim.json")

# Time in cycles: the FST's unit is one second, its last time the run's cycle count.
last=$(grep '^#' "$a/sim.vcd" | tail -1 | tr -d '#')
ts=$(awk '/\$timescale/ { getline; print $1 }' "$a/sim.vcd")
[ "$ts" = 1s ] && [ "$last" = "$cycles" ]; check "time in cycles: timescale 1s, last time = the run's $cycles cycles" $? "timescale $ts, last time $last"

# Zoomed to the whole run: GTKWave shows 2^-zoom time units in 200 pixels;
# the waves' width is what the window leaves beside the two columns.
read -r zoom marker < <(awk '/^\*/ { print substr($1, 2), $2 }' "$gtkw")
read -r sw sh < <(awk '$1 == "[size]" { print $2, $3 }' "$gtkw")
cols=$(awk '$1 == "[sst_width]" || $1 == "[signals_width]" { s += $2 } END { print s }' "$gtkw")
span=$(awk -v z="$zoom" -v px=$((sw - cols - 40)) 'BEGIN { printf "%.1f", px * 2 ^ -z / 200 }')
awk -v s="$span" -v c="$cycles" 'BEGIN { exit !(s >= c + 1 && s <= 1.25 * (c + 1)) }'
check "zoom shows the whole run and little more ($span cycles for $cycles)" $? "zoom $zoom: $span cycles"

# The marker: the first cycle with the most links blocked, of those the one
# with the most busy, from the waveform.
want=$(awk '$1 == "T" && ($3 > b || ($3 == b && $4 > u)) { b = $3; u = $4; t = $2 } END { print t }' "$a/facts")
[ "$marker" = "$want" ]; check "marker at the first cycle with the most links blocked ($want)" $? "marker $marker"

# Grouped by dimension, the dimension with the most blocked cycles (JSON) first.
groups=$(grep -A1 '^@800200$' "$gtkw" | sed -n 's/^-dim \([0-9]*\) links, most blocked first$/\1/p' | tr '\n' ' ')
hot=$(jq '[.channels[]] | group_by(.dim) | map({dim: .[0].dim, b: (map(.blocked_cycles) | add)}) | max_by(.b) | .dim' "$a/sim.json")
[ "$(wc -w <<< "$groups")" = $d ] && [ "${groups%% *}" = "$hot" ]
check "a group per dimension, the most blocked (dim $hot) first" $? "groups: $groups"

# The first link listed has the most blocked cycles of all (JSON).
first=$(sed -n 's/^+{\([0-9]*\)->\([0-9]*\) flit}.*/\1 \2/p' "$gtkw" | head -1)
read -r fx fy <<< "$first"
fdim=$(awk -v a="$fx" -v b="$fy" 'BEGIN { x = a; y = b; i = 0; while (x % 2 == y % 2) { x = int(x / 2); y = int(y / 2); i++ }; print i }')
got=$(jq --argjson x "$fx" --argjson i "$fdim" '.channels[] | select(.node == $x and .dim == $i) | .blocked_cycles' "$a/sim.json")
max=$(jq '[.channels[].blocked_cycles] | max' "$a/sim.json")
[ -n "$got" ] && [ "$got" = "$max" ] && [ "$max" -gt 0 ]
check "the first link listed ($fx->$fy) has the most blocked cycles ($max)" $? "it has $got"

# Counters in the view: every link's running blocked count ends at the C
# model's counter, and each dimension's at the sum of its links'.
bad=$(jq -r '.channels[] | "\(.node) \(.dim) \(.blocked_cycles)"' "$a/sim.json" | while read -r x i b; do
  v=$(awk -v n="tb.hc_network.gen_node[$x].gen_link[$i].blocked_cycles" '$1 == "V" && $2 == n { print $3 }' "$a/facts")
  [ "$v" = "$b" ] || echo "$x/$i:$v!=$b"; done)
dbad=$(for i in $(seq 0 $((d - 1))); do
  s=$(jq --argjson i "$i" '[.channels[] | select(.dim == $i) | .blocked_cycles] | add' "$a/sim.json")
  v=$(awk -v n="tb.hc_network.gen_dim[$i].blocked_cycles" '$1 == "V" && $2 == n { print $3 }' "$a/facts")
  [ "$v" = "$s" ] || echo "dim$i:$v!=$s"; done)
[ -z "$bad$dbad" ]; check "running blocked counts end at the counters (every link, every dimension)" $? "$bad $dbad"

# The translate file: every value decoded here gives its text; its heads
# go where transpose sends them (bits [3:2] and [1:0] swapped).
xl=$a/sim.flits.txt
wrong=$(grep -v '^#' "$xl" | while read -r hex text; do [ "$(decode "$hex")" = "$text" ] || echo "$hex:$text"; done)
heads=$(sed -n 's/^[0-9A-F]* \(HEAD\|SINGLE\) \([0-9]*\)->\([0-9]*\) #.*/\2 \3/p' "$xl" | sort -un)
tbad=$(while read -r s t; do [ "$t" = $((((s & 3) << 2) | (s >> 2))) ] || echo "$s->$t"; done <<< "$heads")
[ -z "$wrong" ] && [ -z "$tbad" ] && [ "$(wc -l <<< "$heads")" = 16 ]
check "translate file: $(grep -vc '^#' "$xl") values decoded as here; 16 heads, each to its transpose" $? \
  "wrong: $(head -3 <<< "$wrong" | tr '\n' ' ') transpose: $tbad"

# No contention with the optimal order: no link blocked, fewer cycles.
ob=$(jq '[.channels[].blocked_cycles] | add' "$tmp/opt/sim.json")
oc=$(jq .cycles "$tmp/opt/sim.json")
[ "$ob" = 0 ] && [ "$oc" -lt "$cycles" ] && ! grep -q ' blocked [1-9]' "$tmp/opt/sim.gtkw"
check "REMAP=opt: no link blocked, $oc cycles against $cycles" $? "blocked $ob, $oc cycles"

# The files moved: the save file names nothing absolute and nothing that is
# not beside it.
mkdir -p "$tmp/moved/x"
cp "$a/sim.fst" "$a/sim.gtkw" "$a/sim.flits.txt" "$tmp/moved/x/"
rm -rf "$a"
refs=$(sed -n -e 's/^\[\(dumpfile\|savefile\)\] "\(.*\)"$/\2/p' -e 's/^\^[<>]\{0,1\}[0-9]* \(.*\)$/\1/p' "$tmp/moved/x/sim.gtkw" | sort -u)
missing=$(while read -r f; do case "$f" in /*) echo "absolute:$f" ;; *) [ -f "$tmp/moved/x/$f" ] || echo "missing:$f" ;; esac; done <<< "$refs")
[ -n "$refs" ] && [ -z "$missing" ]; check "moved: the save file names only files beside it ($(tr '\n' ' ' <<< "$refs"))" $? "$missing"

# GTKWave, from another directory, on the moved files: every trace of the
# save file loaded, and the hottest link's flit at the marker decoded.
if command -v xvfb-run >/dev/null; then
  ntr=$(grep -cE '^(\+\{|tb\.|-)' "$tmp/moved/x/sim.gtkw")
  cat > "$tmp/q.tcl" <<'TCL'
set n [gtkwave::getTotalNumTraces]
puts "TOTAL $n"
for {set i 0} {$i < $n} {incr i} {
  set nm [gtkwave::getTraceNameFromIndex $i]
  if {[string match "*flit" $nm]} { puts "VALUE $nm=[gtkwave::getTraceValueAtMarkerFromIndex $i]"; break }
}
gtkwave::/File/Quit
TCL
  out=$(cd "$tmp" && timeout 120 xvfb-run -a gtkwave moved/x/sim.gtkw --script q.tcl 2>&1)
  total=$(sed -n 's/^TOTAL //p' <<< "$out")
  val=$(sed -n 's/^VALUE [^=]*=//p' <<< "$out")
  [ "$total" = "$ntr" ]; check "GTKWave loads every trace of the moved view ($ntr)" $? "$total of $ntr"
  # the value the waveform holds there, decoded here
  vcd=$tmp/moved.vcd
  fst2vcd "$tmp/moved/x/sim.fst" > "$vcd" 2>/dev/null
  raw=$(awk -v n="tb.hc_network.gen_node[$fx].gen_link[$fdim].chan" -v m="$marker" '
    function bin2dec(s,   i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 2 + (substr(s, i, 1) == "1"); return v }
    $1 == "$scope" { s[++k] = $3 } $1 == "$upscope" { k-- }
    $1 == "$var" { p = ""; for (i = 1; i <= k; i++) p = p (i > 1 ? "." : "") s[i]; if (p "." $5 == n) id = $4 }
    /^#/ { if (substr($0, 2) + 0 > m) exit; next }
    /^b/ && $2 == id { v = bin2dec(substr($1, 2)) }
    END { printf "%05X\n", v }' "$vcd")
  [ -n "$val" ] && [ "$val" = "$(decode "$raw")" ]
  check "GTKWave shows $fx->$fy's flit at the marker decoded: '$val'" $? "GTKWave '$val', waveform $raw = '$(decode "$raw")'"
else
  ko "GTKWave on the moved view" "xvfb-run missing (tools/bootstrap.sh --wave)"
fi

echo "$pass passed, $fail failed"
