#!/usr/bin/env bash
# `make algo-table`: measure the all-to-all algorithms on the C model (which
# the lockstep tests hold cycle-equal to the RTL) for d = 2..7 and several k,
# and write the measured-versus-formula table into docs/boppana.md between
# its "table:a2a" markers. Nothing in that table is typed by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
make --no-print-directory -s build/bin/hcsim >/dev/null
doc=docs/boppana.md
tmp=$(mktemp)
json=$(mktemp)
trap 'rm -f "$tmp" "$json"' EXIT
val() { tools/jsonval.sh "$json" "$1"; }
{
  echo "| algo | d | k | steps | measured | formula (xi=4, tau=0) | lower bound k(N-1) | eta | max msgs/channel/step | blocked link cycles | data |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  for a in aap aap_prime a2a_pairwise a2a_naive; do
    for d in 2 3 4 5 6 7; do
      for k in 4 16 64; do
        build/bin/hcsim --algo $a --sim model --d $d --k $k --quiet --json "$json" || true
        f=$(val formula_cycles); [ "$f" = null ] && f="n/a"
        ex=$(val formula_exact)
        [ "$ex" = true ] && f="$f (exact)"
        [ "$ex" = false ] && f="$f (DIFFERS)"
        data=$(val data_ok); [ "$data" = true ] && data=ok || data=FAILED
        printf '| %s | %s | %s | %s | %s | %s | %s | %.3f | %s | %s | %s |\n' "$a" "$d" "$k" "$(val steps)" \
          "$(val cycles)" "$f" "$(val lower_bound_cycles)" "$(val eta)" "$(val max_step_contention)" \
          "$(val blocked_cycles)" "$data"
      done
    done
  done
} > "$tmp"
awk -v tbl="$tmp" '
  /<!-- table:a2a begin -->/ { print; while ((getline l < tbl) > 0) print l; skip = 1; next }
  /<!-- table:a2a end -->/ { skip = 0 }
  !skip { print }' "$doc" > "$doc.new"
mv "$doc.new" "$doc"
echo "algo-table: $(($(wc -l < "$tmp") - 2)) rows written to $doc"
