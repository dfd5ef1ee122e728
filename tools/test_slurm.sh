#!/usr/bin/env bash
# make test-slurm: a small sweep run twice, on the local job pool and as a
# Slurm job array through a one-node Slurm started on this machine
# (tools/slurm_local.sh), must give the same CSV byte for byte (the runs are
# deterministic for a seed). The hot node takes 16 x 0.3 r flits per cycle
# through an ejection port of 1: past r = 0.21 the points are unstable, the
# local sweep stops at the first, and the gather of the array (which ran them
# all) keeps the same points. Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
pass=0 fail=0
ok() { echo "slurm: PASS $1"; pass=$((pass + 1)); }
ko() { echo "slurm: FAIL $1: $2"; fail=$((fail + 1)); }
sweep=(TRAFFIC=hotspot HOT_FRAC=0.3 D=4 LEN=4 RATES=0.05:0.5:0.05 SEEDS=2 CYCLES=6000 WARMUP=1000 SIM=model HCSIM=build/bin/hcsim)
if conf=$(tools/slurm_local.sh start 2>&1); then
  export SLURM_CONF=$conf
  ok "one-node Slurm up ($(sinfo -h -o '%P %D node(s) %c CPUs %t' 2>&1))"
  env "${sweep[@]}" NAME=slurm_local CLUSTER=local tools/sweep.sh 2>build/sweep-local.log; a=$?
  env "${sweep[@]}" NAME=slurm_array CLUSTER=slurm tools/sweep.sh 2>build/sweep-slurm.log; b=$?
  l=build/sweep/slurm_local/sweep.csv s=build/sweep/slurm_array/sweep.csv
  if [ $a = 0 ] && [ $b = 0 ] && [ -s "$l" ] && cmp -s "$l" "$s"; then
    ok "the sweep through Slurm gives the local CSV ($(($(wc -l < "$l") - 1)) points, $(grep -c ',unstable$' "$l") unstable)"
  else
    ko "the sweep through Slurm gives the local CSV" "exit $a/$b; $(diff "$l" "$s" 2>&1 | head -3 | tr '\n' ' ')"
  fi
  if grep -q 'Slurm job [0-9]' build/sweep-slurm.log && ls build/sweep/slurm_array/slurm/*_0.out >/dev/null 2>&1; then
    ok "the points ran as tasks of a job array ($(ls build/sweep/slurm_array/slurm/*.out | wc -l) task logs)"
  else ko "job array" "$(tail -2 build/sweep-slurm.log | tr '\n' ' ')"; fi
else
  ko "one-node Slurm up" "$conf"
fi
echo "$pass passed, $fail failed"
[ $fail = 0 ]
