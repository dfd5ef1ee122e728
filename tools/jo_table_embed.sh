#!/usr/bin/env bash
# The table of Johnsson (003) §3.1-3.3 in docs/johnsson.md (between its
# "table:jo-embed" markers): every schedule of the group run through hcsim,
# the measured routing steps (cycles / (k + beta)) beside the paper's count
# (the record's paper_steps, from the lemma or theorem), on the reference
# executor at beta = 0 for d = 1..8 and on the C model of the hardware at
# beta = 3 and 5; each cell is "measured steps" when it equals the paper's
# count and the data are right, "measured != paper" (or "data FAILED") when
# not, and "-" where the algorithm does not take that d (its refusal below
# the table). Nothing in the table is typed by hand.
#   JO_EMBED_EXEC_D    cubes on the executor (default 1..8)
#   JO_EMBED_MODEL_D   cubes on the model (default 2 3 4 6 8)
#   JO_EMBED_LOCKSTEP  "algo:d ..." runs in lockstep, RTL against model,
#                      at beta 3 (default none; each d-cube's RTL is built
#                      on first use, a few CPU-minutes)
#   JO_EMBED_K         words an element (default 2)
set -euo pipefail
cd "$(dirname "$0")/.."
doc=docs/johnsson.md
exec_d=${JO_EMBED_EXEC_D-1 2 3 4 5 6 7 8}
model_d=${JO_EMBED_MODEL_D-2 3 4 6 8}
lockstep=${JO_EMBED_LOCKSTEP-}
k=${JO_EMBED_K:-2}
tbl=$(mktemp) json=$(mktemp) err=$(mktemp) notes=$(mktemp)
trap 'rm -f "$tbl" "$json" "$err" "$notes" "$doc.new"' EXIT
val() { tools/jsonval.sh "$json" "$1"; }
make --no-print-directory -s build/bin/hcsim >/dev/null

# The cases: "algo|label|options" with $d in the options (expanded per d).
cases=(
  'gray_loop_nn|N = 2^d (Lemma 3.1)|--n $((1 << d))'
  'gray_loop_nn|N = 2^d - 1 (Lemma 3.2)|--n $(((1 << d) - 1))'
  'gray2bin|N = 2^d, M = 1 (Lemma 3.4)|'
  'gray2bin|N = 4 2^d, M = 4 (Cor. 3.4)|--n $((4 << d))'
  'bin2gray|N = 2^d, M = 1|'
  'bin2gray|N = 4 2^d, M = 4 (Cor. 3.4)|--n $((4 << d))'
  'gray_rotate|DST = 2^(d-1) (Lemma 3.3)|--dst $((1 << (d - 1)))'
  'gray_rotate|DST = 2^d - 1|--dst $(((1 << d) - 1))'
  'gray_rotate_refl|DST = 2^(d-1) (reflections, §3.1.4)|--dst $((1 << (d - 1)))'
  'gray_rotate_refl|DST = 2^d - 1|--dst $(((1 << d) - 1))'
  'gray_rotate_refl|DST = 3 mod 2^d|--dst $((3 % (1 << d)))'
  'cons2cyc|N = 2^(d+3) (Thm 3.1)|'
  'cons2cyc|N = 4^d (Cor. 3.5, transpose)|--n $((1 << (2 * d)))'
  'cyc2cons|N = 2^(d+3)|'
  'cons2cyc_matrix|N = 2^(d/2+2) (Thm 3.2)|'
  'cyc2cons_matrix|N = 2^(d/2+2)|'
  'cons2cyc_gray|N = 2^(d+3) (Thm 3.3)|'
  'cyc2cons_gray|N = 2^(d+3)|'
)

# run BIN SIM D BETA ALGO OPTS: one hcsim run into $json; 1 if refused
# (the reason noted once per algorithm and d)
run() {
  local bin=$1 sim=$2 d=$3 beta=$4 a=$5 opts
  opts=$(d=$d; eval "echo $6")
  rm -f "$json"
  # shellcheck disable=SC2086
  if ! nice "$bin" --algo "$a" --sim "$sim" --d "$d" --k "$k" --beta "$beta" $opts --quiet --json "$json" \
       2>"$err" && [ ! -s "$json" ]; then
    echo "$a|$d|$(sed 's/^hcsim: //; s/|/\\|/g' "$err" | head -1)" >> "$notes"
    return 1
  fi
}

# The cell of the last run: steps (and cycles when with_cycles), marked
# where it is not the paper's or the data are wrong.
cell() {
  local s p c=""
  s=$(val steps) p=$(val paper_steps)
  [ "${1-}" = cycles ] && c=" ($(val cycles))"
  if [ "$(val data_ok)" != true ]; then echo "$s$c data FAILED"
  elif [ "$s" != "$p" ] || [ "$(val cycles)" != "$(val formula_cycles)" ]; then echo "$s$c != $p"
  else echo "$s$c"; fi
}

exec_table() {
  local line a label opts d row paper
  printf '| algorithm | case | paper (source) |'; for d in $exec_d; do printf ' d = %s |' "$d"; done; echo
  printf '|---|---|---|'; for d in $exec_d; do printf -- '---|'; done; echo
  for line in "${cases[@]}"; do
    IFS='|' read -r a label opts <<< "$line"
    row="" paper=""
    for d in $exec_d; do
      if run build/bin/hcsim exec "$d" 0 "$a" "$opts"; then
        row="$row $(cell) |"
        [ -n "$paper" ] || paper="$(val paper_steps_formula) ($(val source | sed 's/^003 (Johnsson) //; s/:.*//'))"
      else row="$row - |"; fi
    done
    echo "| \`$a\` | $label | $paper |$row"
  done
}

model_table() {
  local line a label opts d row b
  printf '| algorithm | case |'; for d in $model_d; do printf ' d = %s: beta 3 / beta 5 |' "$d"; done; echo
  printf '|---|---|'; for d in $model_d; do printf -- '---|'; done; echo
  for line in "${cases[@]}"; do
    IFS='|' read -r a label opts <<< "$line"
    row=""
    for d in $model_d; do
      local c3 c5
      if run build/bin/hcsim model "$d" 3 "$a" "$opts"; then c3=$(cell cycles); else c3=-; fi
      if run build/bin/hcsim model "$d" 5 "$a" "$opts"; then c5=$(cell cycles); else c5=-; fi
      if [ "$c3" = - ] && [ "$c5" = - ]; then row="$row - |"; else row="$row $c3 / $c5 |"; fi
    done
    echo "| \`$a\` | $label |$row"
  done
}

lockstep_table() {
  local item a d bin line label opts
  echo "| algorithm | case | d | steps (cycles), beta 3 | lockstep |"
  echo "|---|---|---|---|---|"
  for item in $lockstep; do
    a=${item%%:*} d=${item##*:}
    bin=build/rtl/D${d}_W16_B2_I4/hcsim
    make --no-print-directory -s "$bin" >/dev/null
    for line in "${cases[@]}"; do
      IFS='|' read -r name label opts <<< "$line"
      [ "$name" = "$a" ] || continue
      if run "$bin" both "$d" 3 "$a" "$opts"; then
        echo "| \`$a\` | $label | $d | $(cell cycles) | $(val lockstep) |"
      else echo "| \`$a\` | $label | $d | - | not run |"; fi
    done
  done
}

{
  echo "Generated by \`tools/jo_table_embed.sh\` with k = $k words an element. Each cell is the measured"
  echo "routing steps, cycles / (k + beta), where they equal the paper's count (the record's paper_steps)"
  echo "and the data are right; \`a != b\` where measured a differs from the paper's b; \`-\` where the"
  echo "algorithm does not take that d (below the tables)."
  echo
  echo "On the reference executor (csim/sched, beta = 0: cycles = steps k):"
  echo
  exec_table
  echo
  echo "On the C model of the hardware (the cycle model, loaded through its configuration port's back door),"
  echo "steps (cycles) at beta = 3 and 5:"
  echo
  model_table
  if [ -n "$lockstep" ]; then
    echo
    echo "In lockstep, the RTL against the model every cycle, beta = 3:"
    echo
    lockstep_table
  fi
  if [ -s "$notes" ]; then
    echo
    echo "Not taken (hcsim's one line):"
    echo
    # one line per algorithm: its d and the first refusal
    awk -F'|' '!($1 SUBSEP $2 in seen) { seen[$1, $2]; if (!($1 in ds)) { order[++n] = $1; msg[$1] = $3; ds[$1] = $2 }
                 else ds[$1] = ds[$1] ", " $2 }
               END { for (i = 1; i <= n; i++) printf "- `%s` at d = %s: %s\n", order[i], ds[order[i]], msg[order[i]] }' "$notes"
  fi
} > "$tbl"
awk -v tbl="$tbl" '
  $0 == "<!-- table:jo-embed begin -->" { print; while ((getline l < tbl) > 0) print l; skip = 1; next }
  $0 == "<!-- table:jo-embed end -->" { skip = 0 }
  !skip { print }' "$doc" > "$doc.new"
mv "$doc.new" "$doc"
echo "jo-table-embed: table written to $doc"
