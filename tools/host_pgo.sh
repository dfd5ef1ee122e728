#!/usr/bin/env bash
# Profile-guided optimisation of hcsim's hot objects (the Makefile's
# HOST_PGO; docs/performance.md, "Today"): the Makefile's PGO_HOST_SRC,
# whose code runs for every node and cycle of a run on the model. It
# compiles them with -fprofile-generate into $BUILD/pgo-host (phase gen,
# the Makefile's rule), links a training hcsim from
# them and hcsim's other objects, runs it on the model (uniform traffic at
# a light load and at saturation, at d = 6, 8 and 10, with a seed other
# than the bench's), and has make compile them again in place with the counts
# (phase use), which gcc reads from the .gcda files beside the objects.
# What is simulated does not change (the same C, compiled with the branch
# and call counts of a run), and the training is seeded and single-threaded,
# so the objects are the same at every build. A line on stderr per stage.
# Usage: tools/host_pgo.sh BUILD "CC" "LINK-FLAGS" "OTHER-OBJECTS"
set -euo pipefail
build=$1 cc=$2 lflags=$3 others=$4
start=$SECONDS
stage() { printf '  PGO      hcsim: %s (%ds)\n' "$1" $((SECONDS - start)) >&2; }
dir=$build/pgo-host
objs=$(make --no-print-directory -s print-PGO_HOST_OBJ)
# The hot objects compiled again in phase gen or use (the Makefile's rule).
# shellcheck disable=SC2086  # word lists
phase() { rm -f $objs; make --no-print-directory -s HOST_PGO_PHASE="$1" $objs; }
stage "compiling the hot objects instrumented"
find "$dir" -name '*.gcda' -delete 2>/dev/null || true
phase gen
stage "linking the training hcsim and running it (uniform 0.05 and 1.0 at d = 6, 8 and 10)"
# shellcheck disable=SC2086
$cc $lflags -fprofile-generate $others $objs -lm -o "$dir/hcsim-train"
for run in "6 0.05 16384" "6 1.0 2048" "8 0.05 16384" "8 1.0 1024" "10 0.05 1024" "10 1.0 128"; do
  read -r d rate cyc <<< "$run"
  "$dir/hcsim-train" --sim model --d "$d" --w 16 --buf 2 --inj 4 --traffic uniform --rate "$rate" --len 20 \
    --cycles "$cyc" --warmup 0 --seed 7 > "$dir/train-d$d-$rate.log" 2>&1 ||
    stage "the training run d = $d at $rate failed (its log: $dir/train-d$d-$rate.log); the build goes on"
done
stage "compiling the hot objects with the profile"
phase use
stage "done"
