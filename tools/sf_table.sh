#!/usr/bin/env bash
# `make sf-table`: run the three store-and-forward schedules on the RTL and
# the model in lockstep (d = 2..5, W = 16; the d-cube's RTL is built on first
# use) and on the model alone for d = 6 (broadcast and total exchange: the
# complete exchange's own data no longer fit one 2^11-word bank), and write the measured-versus-
# formula table into docs/store_and_forward.md between its "table:sf"
# markers. Nothing in that table is typed by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
doc=docs/store_and_forward.md
tmp=$(mktemp)
json=$(mktemp)
trap 'rm -f "$tmp" "$json"' EXIT
val() { tools/jsonval.sh "$json" "$1"; }
make --no-print-directory -s build/bin/hcsim >/dev/null
lcm=(1 1 2 6 12 60 60)
row() { # binary d algo size-option size beta
  "$1" --algo "$3" --d "$2" --"$4" "$5" --beta "$6" --quiet --json "$json" ${7:+--sim $7} || true
  local data; data=$(val data_ok); [ "$data" = true ] && data=ok || data=FAILED
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$3" "$2" "$5" "$6" "$(val backend)" \
    "$(val packets)" "$(val cycles)" "$(val executor_cycles)" "$(val formula_cycles)" \
    "$(val lower_bound_cycles)" "$data" "$(val lockstep)"
}
{
  echo "| algorithm | d | m or k | beta | backend | packets | cycles measured | executor | formula | lower bound | data | lockstep |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
  for d in 2 3 4 5 6; do
    if [ $d -le 5 ]; then
      make --no-print-directory -s build/rtl/D${d}_W16_B2_I4/hcsim >/dev/null
      bin=build/rtl/D${d}_W16_B2_I4/hcsim; sim=both
    else
      bin=build/bin/hcsim; sim=model
    fi
    for beta in 3 8; do
      for m in $((d * 12)) $((d * 32)); do row $bin $d broadcast2 m $m $beta $sim; done
      # 2 lcm(1..d) words per message no longer fit the 2^11-word own bank
      # at d = 5, and lcm(1..6) = 60 does not at d = 6 (N m + m words).
      for m in $([ $d -le 5 ] && echo ${lcm[$d]}) $([ $d -le 4 ] && echo $((2 * ${lcm[$d]}))); do
        row $bin $d complete_exchange m $m $beta $sim
      done
      for k in 1 4; do row $bin $d total_exchange k $k $beta $sim; done
    done
  done
} > "$tmp"
awk -v tbl="$tmp" '
  /<!-- table:sf begin -->/ { print; while ((getline l < tbl) > 0) print l; skip = 1; next }
  /<!-- table:sf end -->/ { skip = 0 }
  !skip { print }' "$doc" > "$doc.new"
mv "$doc.new" "$doc"
echo "sf-table: $(($(wc -l < "$tmp") - 2)) rows written to $doc"
