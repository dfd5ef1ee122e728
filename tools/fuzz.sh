#!/usr/bin/env bash
# The parsers' fuzz harnesses (tests/fuzz/fuzz_<name>.c; docs/verification.md,
# "Fuzzing").
#
#   tools/fuzz.sh            make fuzz: builds each harness with clang's
#                            libFuzzer, ASan and UBSan (build/fuzz/bin/<name>)
#                            and runs it FUZZ_SECONDS (default 60) from its
#                            seeds (tests/fuzz/corpus/<name>/) and regressions
#                            (tests/fuzz/regress/<name>/); prints per harness
#                            the executions, the corpus (libFuzzer's: inputs/
#                            size, and how many this run added), its coverage
#                            (cov: edges, ft: features) and the findings.
#                            FUZZ=name,name restricts it; FUZZ_JOBS (default 1)
#                            harnesses run at once.
#   tools/fuzz.sh --replay   make test: each harness once over its seeds and
#                            regressions, no fuzzing (build/asan/fuzz/<name>,
#                            gcc with ASan and UBSan); a line
#                            "fuzz: PASS|FAIL <name> ..." each.
#
# The corpus grown by fuzzing stays in build/fuzz/corpus/<name>/ (the seeds
# in tests/ are never written); a crashing input is saved as
# build/fuzz/findings/<name>/crash-<sha1> (or leak-, timeout-, oom-): fix
# it and copy it to tests/fuzz/regress/<name>/, where make test replays it.
set -uo pipefail
cd "$(dirname "$0")/.."

names=$(make --no-print-directory -s print-FUZZ_NAMES)
if [ -n "${FUZZ:-}" ]; then
  for n in ${FUZZ//,/ }; do
    grep -qw "$n" <<< "$names" || { echo "fuzz: no harness '$n' (harnesses: $(echo $names))" >&2; exit 2; }
  done
  names=${FUZZ//,/ }
fi
dirs() { echo "tests/fuzz/corpus/$1"; [ -d "tests/fuzz/regress/$1" ] && echo "tests/fuzz/regress/$1"; }

if [ "${1:-}" = --replay ]; then
  st=0
  for n in $names; do
    out=$(build/asan/fuzz/$n "$n" $(dirs "$n") 2>&1); rc=$?
    line=$(grep -E '^fuzz: (PASS|FAIL) ' <<< "$out" | tail -1)
    if [ $rc != 0 ] || [ -z "$line" ]; then
      # the last input named is the one that failed
      echo "$out" | grep -v '^replay: ' | tail -15
      line="fuzz: FAIL $n: exit $rc on $(grep '^replay: ' <<< "$out" | tail -1 | sed 's/^replay: //')"
      st=1
    fi
    echo "$line"
  done
  exit $st
fi

seconds=${FUZZ_SECONDS:-60}
case $seconds in ''|*[!0-9]*|0) echo "fuzz: FUZZ_SECONDS must be a positive number of seconds, not '$seconds'" >&2; exit 2;; esac
command -v clang >/dev/null || { echo "fuzz: clang not found (tools/bootstrap.sh --fuzz installs it)" >&2; exit 2; }
echo "fuzz: building $(echo $names | wc -w) harnesses with clang (libFuzzer, ASan, UBSan)" >&2
bins=""; for n in $names; do bins+=" build/fuzz/bin/$n"; done
if ! nice make --no-print-directory -j"${JOBS:-2}" -s $bins > build/fuzz-build.log 2>&1; then
  tail -30 build/fuzz-build.log; echo "fuzz: build failed (build/fuzz-build.log)" >&2; exit 1
fi

# One harness: its corpus, the run's log, and its summary line.
run_one() {
  local n=$1 corpus=build/fuzz/corpus/$1 found=build/fuzz/findings/$1 log=build/fuzz/log/$1.log dict=()
  mkdir -p "$corpus" "$found" build/fuzz/log
  touch "$log.start" # the run's start: findings of earlier runs stay, and are not counted
  [ -f "tests/fuzz/$n.dict" ] && dict=(-dict="tests/fuzz/$n.dict")
  # the first directory is the one libFuzzer adds to; the others are read
  nice build/fuzz/bin/$n -max_total_time="$seconds" -timeout=10 -max_len=8192 -print_final_stats=1 \
    -artifact_prefix="$found/" "${dict[@]}" "$corpus" $(dirs "$n") > "$log" 2>&1
  local rc=$?
  local execs cov ft corp files findings
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
  corp=$(grep -oE 'corp: [0-9]+/[0-9]+[a-zA-Z]*' "$log" | tail -1 | cut -d' ' -f2)
  files=$(find "$corpus" -type f -newer "$log.start" | wc -l)
  findings=$(find "$found" -type f -newer "$log.start" | wc -l)
  printf 'fuzz: %-9s %10s executions in %ss, corpus %s inputs/bytes (%s new), cov %5s, ft %6s, findings %s%s\n' \
    "$n" "${execs:-?}" "$seconds" "${corp:-?}" "$files" "${cov:-?}" "${ft:-?}" "$findings" \
    "$( [ $rc != 0 ] && echo " (exit $rc: $(grep -m1 -E 'ERROR|property failed|deadly signal' "$log"); log $log)")"
}
export -f run_one dirs
export seconds
echo "fuzz: $(echo $names | wc -w) harnesses, ${seconds}s each, ${FUZZ_JOBS:-1} at a time" >&2
out=$(printf '%s\n' $names | xargs -P "${FUZZ_JOBS:-1}" -I{} bash -c 'run_one {}')
echo "$out"
total=$(awk '{ for (i = 1; i <= NF; i++) if ($i == "findings") s += $(i + 1) } END { print s + 0 }' <<< "$out")
echo "fuzz: $total findings (inputs in build/fuzz/findings/<harness>/)"
[ "$total" = 0 ]
