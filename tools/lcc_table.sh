#!/usr/bin/env bash
# `make lcc-table`: every LCC preset on the 8-cube, run on the C model (held
# equal to the RTL by the lockstep tests): the per-dimension contention by
# Theorem 1, by the e-cube path walk and by the hardware counters, then the
# hardware's T after the optimal reordering; written into docs/hou.md
# between its "table:lcc" markers.
set -euo pipefail
cd "$(dirname "$0")/.."
make --no-print-directory -s build/bin/hcsim >/dev/null
doc=docs/hou.md
tmp=$(mktemp); json=$(mktemp)
trap 'rm -f "$tmp" "$json"' EXIT
arr() { tools/jsonval.sh "$json" "$1"; }
val() { tools/jsonval.sh "$json" "$1"; }
presets=$(build/bin/hcsim --algo lcc --lcc list --sim model 2>&1 | sed -n 's/^  \([a-z0-9_]*\) .*/\1/p' || true)
[ -n "$presets" ] || presets="transpose bitrev revflip shuffle reflect_diag reflect_anti rot90 rot180 rot270 reflect_vert reflect_horiz scale2x fft_row fft_col"
{
  echo "| LCC | kind | T_i Theorem 1 | T_i e-cube paths | T_i hardware | agree | T | T after REMAP=opt (hardware) | least reachable |"
  echo "|---|---|---|---|---|---|---|---|---|"
  for p in $presets; do
    build/bin/hcsim --algo lcc --lcc "$p" --d 8 --sim model --remap none --quiet --json "$json" || true
    th=$(arr t_theorem); pa=$(arr t_paths); hw=$(arr t_hardware); kind=$(val kind); ag=$(val agree); T=$(val T)
    build/bin/hcsim --algo lcc --lcc "$p" --d 8 --sim model --remap opt --quiet --json "$json" || true
    hw2=$(arr t_hardware); bound=$(val bound)
    T2=$(tr ',' '\n' <<< "$hw2" | sort -n | tail -1)
    echo "| $p | $kind | $th | $pa | $hw | $ag | $T | $T2 | $bound |"
  done
} > "$tmp"
awk -v tbl="$tmp" '
  /<!-- table:lcc begin -->/ { print; while ((getline l < tbl) > 0) print l; skip = 1; next }
  /<!-- table:lcc end -->/ { skip = 0 }
  !skip { print }' "$doc" > "$doc.new"
mv "$doc.new" "$doc"
echo "lcc-table: $(($(wc -l < "$tmp") - 2)) rows written to $doc"
