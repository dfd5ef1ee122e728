#!/usr/bin/env bash
# make coverage (docs/verification.md, "Coverage"): Verilator's line and
# toggle coverage of the RTL over make test's lockstep suite. Builds the
# configuration COV_CFG (default D3_W16_B2_I4_C: the flat 3-cube of make
# test, with the token _C) and runs its lockstep regressions as make test
# does (seed 1 every test, seeds 2 and 3 without the store-and-forward
# ones), plus COV_EXTRA hcsim runs on its RTL that make test's CLI suite runs
# in lockstep (store-and-forward by header, the hot spot, a schedule). Each
# simulation writes its counts to build/coverage/dat/; they are merged into
# build/coverage/merged.dat, sources annotated under build/coverage/annotated
# (a line that no test reached starts with %000000), an lcov file written
# (build/coverage/coverage.info), and a summary printed and kept in
# build/coverage/summary.md: line and toggle points covered per module, and
# every line point that no test reached. --summary FILE summarises a merged
# file alone.
set -uo pipefail
cd "$(dirname "$0")/.."

# The merged file: one point a line, C '<\001key\002value...>' count; page
# is v_line/<module> or v_toggle/<module> (v_branch: an if or case arm).
summarize() { # merged.dat: the table and the unreached lines on stdout
  LC_ALL=C awk '
  /^C / {
    cnt = $NF; rec = $0; sub(/^C .\001/, "", rec); sub(/. [0-9]+$/, "", rec)
    n = split(rec, kv, "\001"); f = ""; l = ""; pg = ""; o = ""
    for (i = 1; i <= n; i++) {
      split(kv[i], p, "\002")
      if (p[1] == "f") f = p[2]; else if (p[1] == "l") l = p[2]; else if (p[1] == "page") pg = p[2]; else if (p[1] == "o") o = p[2]
    }
    split(pg, t, "/"); kind = t[1]; sub(/^v_/, "", kind); mod = t[2]
    if (kind == "branch") kind = "line"   # if/case arms count as lines
    tot[mod, kind]++; if (cnt > 0) hit[mod, kind]++
    mods[mod] = 1; T[kind]++; if (cnt > 0) H[kind]++
    if (kind == "line" && cnt == 0) { sub(/.*\//, "", f); miss[++nm] = f ":" l " (" mod ", " o ")" }
  }
  END {
    printf "| module | line points | covered | toggle points | covered |\n|---|---|---|---|---|\n"
    for (m in mods) order[++k] = m
    for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (order[j] < order[i]) { s = order[i]; order[i] = order[j]; order[j] = s }
    for (i = 1; i <= k; i++) {
      m = order[i]
      printf "| %s | %d | %.1f %% | %d | %.1f %% |\n", m, tot[m, "line"], tot[m, "line"] ? 100 * hit[m, "line"] / tot[m, "line"] : 100,
        tot[m, "toggle"], tot[m, "toggle"] ? 100 * hit[m, "toggle"] / tot[m, "toggle"] : 100
    }
    printf "| all | %d | %.1f %% | %d | %.1f %% |\n\n", T["line"], 100 * H["line"] / T["line"], T["toggle"], 100 * H["toggle"] / T["toggle"]
    printf "Line points no test reached (%d):\n\n", nm
    for (i = 1; i <= nm; i++) print "- " miss[i]
  }' "$1"
}

# --summary FILE: only the summary of a merged file (e.g. one that adds a
# new test's counts: verilator_coverage --write new.dat old.dat test.dat).
if [ "${1:-}" = --summary ]; then summarize "$2"; exit; fi

CFG=${COV_CFG:-D3_W16_B2_I4_C}
OUT=build/coverage
SEEDS=${COV_SEEDS:-"1 2 3"}
echo "coverage: building $CFG (Verilator --coverage-line --coverage-toggle)" >&2
nice -n 10 make --no-print-directory -s build/rtl/$CFG/tb_rtl build/rtl/$CFG/hcsim > build/coverage-build.log 2>&1 ||
  { tail -20 build/coverage-build.log; echo "coverage: build failed (build/coverage-build.log)" >&2; exit 1; }
rm -rf "$OUT"; mkdir -p "$OUT/dat"
export HC_COVERAGE_DIR=$OUT/dat
failed=0
for s in $SEEDS; do
  x=""; [ "$s" != 1 ] && x="^sf_"
  echo "coverage: lockstep regressions, seed $s" >&2
  out=$(HC_TEST_EXCLUDE="$x" RANDOM_SEED=$s nice -n 10 build/rtl/$CFG/tb_rtl "$CFG-seed$s" 2>&1) || failed=1
  tail -1 <<< "$out" >&2
done
# hcsim runs of the CLI suite's lockstep kind (tests/cli/test_hcsim.sh)
H=build/rtl/$CFG/hcsim
while IFS= read -r args; do
  [ -n "$args" ] || continue
  echo "coverage: hcsim $args" >&2
  # shellcheck disable=SC2086
  nice -n 10 $H --sim both $args --quiet > /dev/null 2>&1 || { echo "coverage: FAIL hcsim $args" >&2; failed=1; }
done <<< "${COV_EXTRA-"--traffic uniform --rate 0.3 --len 2 --mode saf --cycles 3000
--traffic hotspot --rate 0.5 --len 4 --cycles 3000
--traffic transpose --rate 0.4 --len 8 --cycles 3000
--algo aap_prime --switching circuit --tau 2 --xi 1 --k 8
--algo broadcast2"}"

n=$(ls "$OUT/dat" | wc -l)
echo "coverage: merging $n simulations' counts" >&2
verilator_coverage --write "$OUT/merged.dat" "$OUT"/dat/*.dat > /dev/null || exit 1
verilator_coverage --annotate "$OUT/annotated" --annotate-min 1 "$OUT/merged.dat" > "$OUT/annotate.log" 2>&1
verilator_coverage --write-info "$OUT/coverage.info" "$OUT/merged.dat" > /dev/null 2>&1 || true

summarize "$OUT/merged.dat" > "$OUT/summary.md"
cat "$OUT/summary.md"
echo "coverage: annotated sources in $OUT/annotated (lines no test reached start with %000000)" >&2
exit $failed
