#!/usr/bin/env bash
# `make sf-table`: every store-and-forward algorithm of the registry
# (`hcsim --algo list`, rows marked "sched") measured against its paper's
# formula, written into docs/store_and_forward.md between its "table:sf"
# markers (the hardware: d = 2..5 in lockstep, RTL against model, each
# d-cube's RTL built on first use, and d = 6, 8, 10 on the C model of the
# hardware) and "table:sfexec" markers (the reference executor at the
# papers' idealised beta, d = 2..10). Each algorithm runs at
# its default size M (the smallest valid one of at least 64 words) and four
# times that. Nothing in these tables is typed by hand; a case the hardware
# cannot hold is a row saying so, not a silent gap.
# SF_TABLE_D="2 3" and SF_TABLE_EXEC_D="6" shrink the run (for a quick look).
set -euo pipefail
cd "$(dirname "$0")/.."
doc=docs/store_and_forward.md
hw=$(mktemp) ex=$(mktemp) json=$(mktemp) err=$(mktemp)
trap 'rm -f "$hw" "$ex" "$json" "$err"' EXIT
val() { tools/jsonval.sh "$json" "$1"; }
make --no-print-directory -s build/bin/hcsim >/dev/null
algos=$(build/bin/hcsim --algo list | awk '$2 == "sched" && $1 != "sched" { print $1 }')
# K-sized algorithms take --k, the others --m (the list says which).
sizeopt() { build/bin/hcsim --algo list | awk -v a="$1" '$1 == a { print (/; K, / || /; K$/ ? "k" : "m") }'; }
perm_of() { build/bin/hcsim --algo list | awk -v a="$1" '$1 == a && /PERM/ { print "--perm random" }'; }

takes_g() { build/bin/hcsim --algo list | awk -v a="$1" '$1 == a && /, G,/ { print "yes" }'; }
row() { # binary sim d algo beta [size [extra options]]
  local bin=$1 sim=$2 d=$3 a=$4 beta=$5 size=${6:-} extra=${7:-} so
  so=$(sizeopt "$a")
  rm -f "$json"
  if ! "$bin" --algo "$a" --d "$d" --sim "$sim" --beta "$beta" ${size:+--$so $size} $(perm_of "$a") $extra \
       --quiet --json "$json" 2>"$err" && [ ! -s "$json" ]; then
    printf '| %s | %s | | | %s | %s | not run: %s | | | | | | |\n' "$a" "$d" "$beta" "$sim" \
      "$(sed 's/^hcsim: //; s/|/\\|/g' "$err" | head -1)"
    return
  fi
  local data ratio f c
  data=$(val data_ok); [ "$data" = true ] && data=ok || data=FAILED
  f=$(val formula_cycles) c=$(val cycles)
  ratio=$(awk -v c="$c" -v f="$f" 'BEGIN { printf "%.4f", f > 0 ? c / f : 0 }')
  local g; g=$(val g)
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$a" "$d" "$(val "$so")" "${g:--}" "$beta" \
    "$(val backend)" "$(val packets)" "$c" "$f" "$ratio" "$(val lower_bound_cycles)" "$data" "$(val lockstep)"
  # the second size: four times the first (a multiple of the unit again)
  [ -z "$size" ] && LAST_SIZE=$(val "$so") || true
}

header='| algorithm | d | m or k | g | beta | backend | packets | cycles measured | formula | measured/formula | lower bound | data | lockstep |
|---|---|---|---|---|---|---|---|---|---|---|---|---|'
{
  echo "$header"
  for d in ${SF_TABLE_D:-2 3 4 5}; do
    make --no-print-directory -s build/rtl/D${d}_W16_B2_I4/hcsim >/dev/null
    for a in $algos; do
      for beta in 3 8; do
        LAST_SIZE=
        row build/rtl/D${d}_W16_B2_I4/hcsim both "$d" "$a" $beta
        [ -n "$LAST_SIZE" ] && row build/rtl/D${d}_W16_B2_I4/hcsim both "$d" "$a" $beta $((4 * LAST_SIZE))
      done
    done
  done
  # larger cubes on the C model of the hardware (its tables sized to the case)
  for d in ${SF_TABLE_MODEL_D:-6 8 10}; do
    for a in $algos; do
      LAST_SIZE=
      row build/bin/hcsim model "$d" "$a" 4
      [ "$d" -le 8 ] && [ -n "$LAST_SIZE" ] && row build/bin/hcsim model "$d" "$a" 9 $((2 * LAST_SIZE))
      [ "$d" -le 8 ] && [ -n "$(takes_g "$a")" ] && row build/bin/hcsim model "$d" "$a" 9 "$LAST_SIZE" "--g 2"
    done
  done
} > "$hw"
{
  echo "$header"
  for d in ${SF_TABLE_EXEC_D:-2 4 6 8 10}; do
    for a in $algos; do
      for beta in 0 2 20; do
        LAST_SIZE=
        row build/bin/hcsim exec "$d" "$a" $beta
        [ -n "$LAST_SIZE" ] && [ "$d" -le 8 ] && row build/bin/hcsim exec "$d" "$a" $beta $((4 * LAST_SIZE))
      done
    done
  done
} > "$ex"
splice() { # marker table
  awk -v tbl="$2" -v m="$1" '
    $0 == "<!-- table:" m " begin -->" { print; while ((getline l < tbl) > 0) print l; skip = 1; next }
    $0 == "<!-- table:" m " end -->" { skip = 0 }
    !skip { print }' "$doc" > "$doc.new"
  mv "$doc.new" "$doc"
}
splice sf "$hw"
splice sfexec "$ex"
tools/sf_plot.sh
mkdir -p docs/img && cp build/plots/sf_broadcast.png docs/img/sf_broadcast.png
echo "sf-table: $(($(wc -l < "$hw") - 2)) hardware rows and $(($(wc -l < "$ex") - 2)) executor rows written to $doc;" \
     "docs/img/sf_broadcast.png"
