#!/usr/bin/env bash
# The list of store-and-forward algorithms in docs/stout_wagar.md (between
# its "table:swlist" markers), made from the registry (`hcsim --algo list`),
# so the page cannot name an algorithm the program does not have or miss
# one it has. `tools/sf_list_doc.sh --check` fails if the page is stale
# (make test runs it); without it, rewrites the table.
set -euo pipefail
cd "$(dirname "$0")/.."
doc=docs/stout_wagar.md
make --no-print-directory -s build/bin/hcsim >/dev/null
tbl=$(mktemp)
trap 'rm -f "$tbl" "$doc.new"' EXIT
{
  echo "| ALGO= | paper, section, name | time (tau = 1 cycle per word) | parameters |"
  echo "|---|---|---|---|"
  build/bin/hcsim --algo list | awk '$2 == "sched" && $1 != "sched" {
    name = $1; rest = $0; sub(/^[^ ]+ +sched +/, "", rest)
    src = rest; sub(/: store-and-forward schedule, time .*/, "", src)
    t = rest; sub(/.*: store-and-forward schedule, time /, "", t)
    par = t; sub(/^.*; /, "", par); sub(/; [^;]*$/, "", t)
    printf "| `%s` | %s | %s | %s |\n", name, src, t, par }'
} > "$tbl"
awk -v tbl="$tbl" '
  $0 == "<!-- table:swlist begin -->" { print; while ((getline l < tbl) > 0) print l; skip = 1; next }
  $0 == "<!-- table:swlist end -->" { skip = 0 }
  !skip { print }' "$doc" > "$doc.new"
if [ "${1:-}" = --check ]; then
  if ! cmp -s "$doc" "$doc.new"; then
    echo "docs/stout_wagar.md: the algorithm list differs from the registry; run tools/sf_list_doc.sh" >&2
    diff "$doc" "$doc.new" | head -20 >&2
    exit 1
  fi
  exit 0
fi
mv "$doc.new" "$doc"
echo "sf_list_doc: $(($(wc -l < "$tbl") - 2)) algorithms listed in $doc"
