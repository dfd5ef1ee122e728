#!/usr/bin/env bash
# `make bench`: simulation speed and peak memory, never a timed test. Every
# run is hcsim's traffic mode (driver, scoreboard and all) on the model
# alone: uniform traffic, 20-flit messages, B = 2, I = 4, at a light load
# (0.05 flits/cycle/node; also 0.01 at the largest d) and at saturation
# (offered 1.0: every source always has a message waiting; the run drains
# its backlog after the traffic stops, and those cycles count too), for
# d = 4, 6, 8, 10, 12, 16, 20. Speed is node-cycles (2^d times the cycles
# simulated) per second of CPU time (user + system), since the machines it
# runs on are shared and wall time says more about the neighbours than
# about the model; wall time is in the CSV too. Peak memory is the
# process's maximum resident set (GNU time's %M), driver and all.
#
# BENCH_BASE=path/to/an/older/hcsim runs the same work on that binary right
# after each run (the same conditions, the same minute) and adds its speed,
# its peak and the ratio to the table: how docs/performance.md compares the
# model with the one before issue 16 (a binary that refuses a d prints
# "refused" there).
#
# It prints one table and writes build/bench/bench.csv and, when gnuplot is
# there, build/bench/bench.png (node-cycles/s against nodes); then the
# RTL's table (build time and memory, node-cycles/s and peak memory for
# d = 2, 4, 5, 6, 8, the ratio RTL/model, and where it takes at most a
# minute the RTL on exactly the model's light run and that ratio; below), whose
# lines are in the CSV too (what = rtl: the RTL run's cycles, the model's
# speed and peak in the node_cycles_per_s and peak_mib columns, the build's
# CPU seconds and the RTL's speed, peak and ratio in the rtl_ ones, and the
# RTL's run on the model's own work in the rtl_same_ ones); then the
# store-and-forward mode's total exchange on the RTL and on the model
# (below; what = sf-rtl, sf-model: the schedule's cycles, the whole run's
# CPU and wall seconds and peak, and the sf_ columns).
#
# Knobs: BENCH_D (the dimensions), BENCH_BUDGET (node-cycles of traffic per
# light run, default 2^25; saturation runs a quarter of it), BENCH_HCSIM (the
# hcsim binary measured), BENCH_OUT (the folder); for the RTL, BENCH_RTL_D,
# BENCH_RTL_BUDGET and BENCH_RTL_SAME_MAX (below); for the store-and-forward
# mode, BENCH_SF_RTL_D and BENCH_SF_MODEL_D (below).
set -euo pipefail
cd "$(dirname "$0")/.."
DIMS=${BENCH_D:-"4 6 8 10 12 16 20"}
BUDGET=${BENCH_BUDGET:-33554432}
HCSIM=${BENCH_HCSIM:-build/bin/hcsim}
BASE=${BENCH_BASE:-}
OUT=${BENCH_OUT:-build/bench}
mkdir -p "$OUT"
[ -n "${BENCH_HCSIM:-}" ] || make --no-print-directory -s build/bin/hcsim
CSV=$OUT/bench.csv
echo "what,d,nodes,rate,cycles,cpu_s,wall_s,node_cycles_per_s,peak_mib,base_node_cycles_per_s,base_peak_mib,over_base,rtl_build_s,rtl_node_cycles_per_s,rtl_peak_mib,rtl_over_model,rtl_skipped,rtl_noskip_node_cycles_per_s,rtl_same_cycles,rtl_same_cpu_s,rtl_same_node_cycles_per_s,rtl_same_over_model,sf_stepped,sf_sched_cpu_s,sf_sched_cycles_per_s,sf_run_cycles_per_s" > "$CSV"

# Cycles of traffic for a run of budget node-cycles at d, at least lo.
cycles_for() { # d budget lo
  local c=$(( $2 >> $1 ))
  [ "$c" -ge "$3" ] || c=$3
  echo "$c"
}

# One run of binary bin: "cycles cpu wall node-cycles/s peak-MiB", or
# "refused" (the binary does not take the work: an older model's d limit).
# The times are bash's (to the millisecond: the model's light runs last
# about 0.2 s, which GNU time gives to 10 ms), over GNU time, which adds
# about a millisecond and gives the peak resident set.
measure() { # bin d rate cycles log
  local tf=$5.time w=16 n=$(( 1 << $2 )) TIMEFORMAT='%3R %3U %3S' LC_ALL=C
  [ "$2" -le 16 ] || w=$2
  if ! { time /usr/bin/time -f '%M' -o "$tf" "$1" --sim "${SIM:-model}" --d "$2" --w "$w" --buf 2 --inj 4 \
      --traffic uniform --rate "$3" --len 20 --cycles "$4" --warmup 0 --drain 1000000000 \
      --seed 1 > "$5" 2>&1; } 2> "$tf.cpu"; then
    echo refused
    return
  fi
  local wall user sys kb total
  read -r wall user sys < <(tail -1 "$tf.cpu")
  kb=$(tail -1 "$tf")
  total=$(awk '$1 == "cycles" { print $2 }' "$5")
  awk -v c="$total" -v n="$n" -v u="$user" -v s="$sys" -v wall="$wall" -v kb="$kb" 'BEGIN {
    cpu = u + s; r = (cpu > 0) ? c * n / cpu : 0; printf "%d %.3f %.3f %.0f %.1f\n", c, cpu, wall, r, kb / 1024 }'
}

# One line of the table and of the CSV.
run() { # what d rate cycles
  local what=$1 d=$2 rate=$3 cyc=$4 log=$OUT/run-$1-d$2-$3
  local n=$(( 1 << d )) m b="refused"
  m=$(measure "$HCSIM" "$d" "$rate" "$cyc" "$log.log")
  if [ "$m" = refused ]; then
    printf '%-6s %3d %8d %5s  not run: %s\n' "$what" "$d" "$n" "$rate" "$(grep -m1 hcsim: "$log.log" || tail -1 "$log.log")"
    echo "$what,$d,$n,$rate,,,,,,,,,,,,,,,,,,,,,," >> "$CSV"
    return
  fi
  [ -z "$BASE" ] || b=$(measure "$BASE" "$d" "$rate" "$cyc" "$log.base.log")
  [ -n "$BASE" ] || b=""
  awk -v what="$what" -v d="$d" -v n="$n" -v rate="$rate" -v m="$m" -v b="$b" -v csv="$CSV" 'BEGIN {
    split(m, a, " "); split(b, o, " ")
    bs = "-"; bp = "-"; x = "-"; br = ""; bm = ""; bx = ""
    if (b == "refused") { bs = "refused" }
    else if (b != "") { bs = sprintf("%.2f", o[4] / 1e6); bp = sprintf("%.1f", o[5]); x = sprintf("%.2f", a[4] / o[4])
                        br = o[4]; bm = o[5]; bx = x }
    printf "%-6s %3d %8d %5s %9d %9.3f %9.3f %10.2f %9.1f  %10s %9s %7s   %7s %10s %8s %7s\n", what, d, n, rate,
           a[1], a[2], a[3], a[4] / 1e6, a[5], bs, bp, x, "-", "-", "-", "-"
    printf "%s,%d,%d,%s,%d,%s,%s,%s,%s,%s,%s,%s,,,,,,,,,,,,,,\n", what, d, n, rate, a[1], a[2], a[3], a[4], a[5], br, bm, bx >> csv }'
}

echo "bench: the model, uniform traffic, 20-flit messages, B = 2, I = 4 ($HCSIM${BASE:+; base $BASE})"
echo "machine: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo), $(nproc) CPUs," \
     "$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo); load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-6s %3s %8s %5s %9s %9s %9s %10s %9s  %10s %9s %7s   %7s %10s %8s %7s\n' what d nodes rate cycles \
       "cpu s" "wall s" "M nc/s" "peak MiB" "base M/s" "base MiB" "x base" "rtl bld" "rtl M nc/s" "rtl MiB" "rtl/mod"
for d in $DIMS; do
  run light "$d" 0.05 "$(cycles_for "$d" "$BUDGET" 400)"
  [ "$d" -lt 20 ] || run light "$d" 0.01 "$(cycles_for "$d" "$BUDGET" 400)"
  run sat "$d" 1.0 "$(cycles_for "$d" $(( BUDGET / 4 )) 100)"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

# node-cycles/s against nodes, a line per load that has points (column col
# of the CSV: 8 this model, 10 the base binary's).
plot_series() { # what rate col title style
  if awk -F, -v w="$1" -v r="$2" -v c="$3" '$1 == w && $4 == r && $c != "" { f = 1 } END { exit !f }' "$CSV"; then
    printf '"< awk -F, '"'"'$1 == \\"%s\\" \\&\\& $4 == \\"%s\\" \\&\\& $%s != \\"\\"'"'"' %s" using 3:($%s/1e6) with %s title "%s"' \
           "$1" "$2" "$3" "$CSV" "$3" "$5" "$4"
  fi
}
if command -v gnuplot > /dev/null; then
  series=""
  for s in "light|0.05|8|light load (0.05)|linespoints lw 2 pt 7" "light|0.01|8|light load (0.01)|points pt 9 ps 1.5" \
           "sat|1.0|8|saturation (offered 1.0)|linespoints lw 2 pt 5" \
           "light|0.05|10|light load (0.05), base|linespoints dt 2 pt 6" \
           "sat|1.0|10|saturation, base|linespoints dt 2 pt 4"; do
    IFS='|' read -r w r c t st <<< "$s"
    p=$(plot_series "$w" "$r" "$c" "$t" "$st")
    [ -z "$p" ] || series+="${series:+, }$p"
  done
  gnuplot <<EOF
set terminal pngcairo size 800,500 enhanced
set output "$OUT/bench.png"
set datafile separator ","
set logscale x 2
set format x "2^{%L}"
set logscale y 10
set xlabel "nodes"
set ylabel "model node-cycles per CPU second (millions)"
set key top right
set grid
plot $series
EOF
  echo "bench: $CSV, $OUT/bench.png"
else
  echo "bench: $CSV (no gnuplot: no plot)"
fi

# The RTL (issue 16): for each d of BENCH_RTL_D, the build of the
# configuration D<d>_W16_B2_I4 from nothing (its build/rtl directory removed,
# ccache not used; the C objects are shared and built above): CPU seconds (user + system of
# make and everything it ran), wall seconds and the peak resident set of the
# largest process; then the light work (0.05) on the RTL alone for
# BENCH_RTL_BUDGET node-cycles (default 2^19, at least 200 cycles), and the
# model on its light run (BENCH_BUDGET node-cycles) in the same run, and the
# ratio of their speeds (the column "rtl/model": the RTL on 2^19, the model
# on 2^25 node-cycles, as in the tables of docs/performance.md before
# 2026-11-24's third pass). Then the RTL on exactly the model's light run
# (the same --cycles, so the same node-cycles, traffic and drain: start-up
# weighs the same on both), when the first run's speed says it takes at
# most BENCH_RTL_SAME_MAX CPU seconds (default 60; "-" otherwise), and its
# ratio to the model ("same/model", the comparison issue 16 asks for).
# A node-sharded build (d >= 5) skips its parked nodes
# (tb/backend/hc_rtl_node_shim.cpp): the table gives the share of
# node-cycles skipped and the speed of the first run with HC_RTL_SKIP=0
# beside it. BENCH_RTL_D= (empty) skips it.
RTL_DIMS=${BENCH_RTL_D-"2 4 5 6 8"}
RTL_BUDGET=${BENCH_RTL_BUDGET:-524288}
RTL_SAME_MAX=${BENCH_RTL_SAME_MAX:-60}
if [ -n "$RTL_DIMS" ]; then
  echo
  echo "bench: the RTL (build from nothing; --sim rtl on a short light run of $RTL_BUDGET node-cycles, start-up included,"
  echo "       and on the model's own light run, the same work: its ratio to the model is the last column)"
  printf '%-6s %3s %8s %5s %9s %9s %9s %9s  %9s %10s %9s %10s %9s %8s %11s %10s  %10s %9s %10s %10s\n' what d nodes rate \
         "short cyc" "bld cpu s" "bld wall" "bld MiB" "short cpu" "short nc/s" "rtl MiB" "model nc/s" "short/mod" skipped \
         "noskip nc/s" "noskip/mod" "same cyc" "same cpu" "same nc/s" "same/model"
  for d in $RTL_DIMS; do
    cfg=D${d}_W16_B2_I4 n=$(( 1 << d ))
    rm -rf "build/rtl/$cfg"
    tf=$OUT/rtl-build-d$d.time
    # From nothing: without ccache (OBJCACHE=, the Makefile's), which would
    # hand back the objects of an earlier build of the same configuration.
    if ! OBJCACHE= /usr/bin/time -f '%e %U %S %M' -o "$tf" make --no-print-directory -s OBJCACHE= "build/rtl/$cfg/hcsim" \
        > "$OUT/rtl-build-d$d.log" 2>&1; then
      echo "rtl    $d: build failed ($OUT/rtl-build-d$d.log)"; continue
    fi
    read -r bw bu bs bk < <(tail -1 "$tf")
    cyc=$(cycles_for "$d" "$RTL_BUDGET" 200)
    r=$(HC_RTL_SKIP_STATS=1 SIM=rtl measure "build/rtl/$cfg/hcsim" "$d" 0.05 "$cyc" "$OUT/run-rtl-d$d.log")
    mcyc=$(cycles_for "$d" "$BUDGET" 400)
    m=$(measure "$HCSIM" "$d" 0.05 "$mcyc" "$OUT/run-rtl-model-d$d.log")
    # The RTL on the model's work, if the first run's speed (start-up
    # included, so an overestimate) says it fits in RTL_SAME_MAX CPU s.
    rs=""
    if awk -v r="$r" -v n="$n" -v c="$mcyc" -v mx="$RTL_SAME_MAX" 'BEGIN { split(r, a, " ")
        exit !(a[4] > 0 && n * c / a[4] <= mx) }'; then
      rs=$(SIM=rtl measure "build/rtl/$cfg/hcsim" "$d" 0.05 "$mcyc" "$OUT/run-rtl-same-d$d.log")
    fi
    # The share skipped (the shim's HC_RTL_SKIP_STATS line), and the same
    # run without skipping; "-" for a build that does not skip.
    sk=$(awk '/^hc_rtl_node_shim: .* evaluated, .* skipped/ { printf "%.4f", $5 / ($2 + $5) }' "$OUT/run-rtl-d$d.log")
    r0=""
    if [ -n "$sk" ]; then r0=$(HC_RTL_SKIP=0 SIM=rtl measure "build/rtl/$cfg/hcsim" "$d" 0.05 "$cyc" "$OUT/run-rtl-noskip-d$d.log"); fi
    awk -v d="$d" -v n="$n" -v r="$r" -v m="$m" -v bw="$bw" -v bu="$bu" -v bs="$bs" -v bk="$bk" -v csv="$CSV" \
        -v sk="$sk" -v r0="$r0" -v rs="$rs" 'BEGIN {
      split(r, a, " "); split(m, o, " "); split(r0, z, " "); split(rs, q, " "); ratio = (o[4] > 0) ? a[4] / o[4] : 0
      sks = "-"; zs = "-"; zr = "-"; qc = "-"; qu = "-"; qs = "-"; qr = "-"; cq = ""
      if (sk != "") { sks = sprintf("%.1f%%", 100 * sk); zs = sprintf("%.0f", z[4]); zr = sprintf("1/%.0f", o[4] / z[4]) }
      if (rs != "" && q[4] > 0) { qc = q[1]; qu = sprintf("%.2f", q[2]); qs = sprintf("%.0f", q[4]); qr = sprintf("1/%.1f", o[4] / q[4])
                                  cq = sprintf("%d,%s,%s,%.6f", q[1], q[2], q[4], q[4] / o[4]) }
      else cq = ",,,"
      printf "rtl    %3d %8d  0.05 %9d %9.1f %9.1f %9.1f  %9.2f %10.0f %9.1f %10.0f %9s %8s %11s %10s  %10s %9s %10s %10s\n", d, n,
             a[1], bu + bs, bw, bk / 1024, a[2], a[4], a[5], o[4], sprintf("1/%.0f", (ratio > 0) ? 1 / ratio : 0), sks, zs, zr,
             qc, qu, qs, qr
      printf "rtl,%d,%d,0.05,%d,,,%s,%s,,,,%.1f,%s,%s,%.6f,%s,%s,%s,,,,\n", d, n, a[1], o[4], o[5], bu + bs, a[4], a[5],
             ratio, sk, (r0 != "") ? z[4] : "", cq >> csv }'
  done
fi

# The store-and-forward mode (issue 16): the optimal total exchange
# (hcsim --algo total_exchange --k 1, Bertsekas et al.) on the RTL at
# d = BENCH_SF_RTL_D (default 5; its node-sharded build, loaded and read back
# through the configuration port, a transaction a cycle) and on the model at
# d = BENCH_SF_MODEL_D (default 10; loaded and read back through its back
# door, which takes no cycles): the schedule's cycles (from the start to
# sf_done) per CPU second, as hcsim times them (HCSIM_TIMING=1), and the
# whole run's cycles stepped per CPU second (GNU time: load, schedule,
# read-back and every check). Empty skips either.
SF_RTL_D=${BENCH_SF_RTL_D-5}
SF_MODEL_D=${BENCH_SF_MODEL_D-10}
sf_run() { # what d binary sim
  local what=$1 d=$2 log=$OUT/run-$1-d$2.log tf=$OUT/run-$1-d$2.time n=$(( 1 << $2 ))
  if ! HCSIM_TIMING=1 /usr/bin/time -f '%e %U %S %M' -o "$tf" "$3" --algo total_exchange --k 1 --d "$d" --sim "$4" \
      > "$log" 2>&1; then
    echo "$what $d: failed ($log)"; return
  fi
  read -r wall user sys kb < <(tail -1 "$tf")
  awk -v what="$what" -v d="$d" -v n="$n" -v u="$user" -v s="$sys" -v wall="$wall" -v kb="$kb" -v csv="$CSV" '
    /^hcsim: timing: / { for (i = 1; i <= NF; i++) { if ($i == "schedule'"'"'s") c = $(i + 1); if ($i == "CPU") t = $(i - 1); if ($i == "stepped") st = $(i - 2) } }
    END {
      cpu = u + s; rs = (t > 0) ? c / t : 0; rr = (cpu > 0) ? st / cpu : 0
      printf "%-9s %3d %8d %10d %10.3f %12.0f %10d %9.2f %12.0f %9.1f\n", what, d, n, c, t, rs, st, cpu, rr, kb / 1024
      printf "%s,%d,%d,,%d,%.2f,%s,,%.1f,,,,,,,,,,,,,,%d,%.3f,%.0f,%.0f\n", what, d, n, c, cpu, wall, kb / 1024, st, t, rs, rr >> csv
    }' "$log"
}
if [ -n "$SF_RTL_D$SF_MODEL_D" ]; then
  echo
  echo "bench: the store-and-forward mode, the total exchange (k = 1): the schedule's cycles per CPU second, and the whole run's"
  printf '%-9s %3s %8s %10s %10s %12s %10s %9s %12s %9s\n' what d nodes "sched cyc" "sched cpu" "sched cyc/s" stepped "run cpu" \
         "run cyc/s" "peak MiB"
  if [ -n "$SF_RTL_D" ]; then
    make --no-print-directory -s "build/rtl/D${SF_RTL_D}_W16_B2_I4/hcsim" > "$OUT/sf-rtl-build.log" 2>&1 &&
      sf_run sf-rtl "$SF_RTL_D" "build/rtl/D${SF_RTL_D}_W16_B2_I4/hcsim" rtl
  fi
  [ -z "$SF_MODEL_D" ] || sf_run sf-model "$SF_MODEL_D" "$HCSIM" model
fi
