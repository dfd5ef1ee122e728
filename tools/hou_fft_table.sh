#!/usr/bin/env bash
# `make hou-fft-table`: Hou et al. §6.2, Tables 1 and 2, from measured
# cycles. Runs the 1-D FFT data movement (fft1d_bitrev) on the C model's
# 8-cube for the paper's FFT sizes m = 2^8..2^14 (k = 16, 64, 256, 1024
# one-byte flits), without and with the optimal mapping; converts the
# measured cycles with the paper's nCUBE 2 constants (docs/hou.md) and
# writes the paper's printed numbers beside them; the cycles behind both;
# the five adaptive rows of Table 1 (P-cube, Chiu, Min, MIXab3, MIXbb3:
# the unmapped run under `--routing NAME`, the model's routing functions of
# §6.1; the mapped run stays e-cube); the 2-D movement (fft2d_rowcol) under
# the same model; and, as a check, the same runs in lockstep (RTL against
# model) for d in LOCKSTEP_D (default 2 3 4 5), which must match and give
# the model's cycles. LOCKSTEP_D="" runs the model only and leaves the
# lockstep table in docs/hou.md as it is. Everything goes into docs/hou.md
# between its "table:hou-fft-*" markers; nothing is typed by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
make --no-print-directory -s build/bin/hcsim >/dev/null
doc=docs/hou.md
LOCKSTEP_D=${LOCKSTEP_D-"2 3 4 5"} # set and empty: no lockstep, its table kept
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ks="16 64 256 1024"

run() { # json algo d k [binary sim [routing]]
  local bin=${5:-build/bin/hcsim} sim=${6:-model} routing=${7:-ecube}
  "$bin" --algo "$2" --sim "$sim" --d "$3" --k "$4" --routing "$routing" --quiet --json "$1" ||
    { echo "hou-fft-table: $2 d=$3 k=$4 ($sim, $routing routing) failed" >&2; exit 1; }
}
j() { jq -r "$2" "$1"; }
f1() { awk -v x="$1" 'BEGIN { printf "%.1f", x }'; }
f2() { awk -v x="$1" 'BEGIN { printf "%.2f", x }'; }
div() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

adaptive="chiu min mixab3 mixbb3 pcube" # Table 1's order, its names = hcsim's
for k in $ks; do
  run "$work/d8_k$k.json" fft1d_bitrev 8 "$k"
  for r in $adaptive; do run "$work/d8_k${k}_$r.json" fft1d_bitrev 8 "$k" build/bin/hcsim model "$r"; done
done
paper() { # field column -> the paper's number (algorithms/fft1d_bitrev.c, as printed)
  case $1 in
    comp) set -- "35.8 163.5 736.0 3271.7" "$2" ;;
    neigh) set -- "1398.6 1617.5 2493.0 5995.1" "$2" ;;
    ecube | e-cube) set -- "248.9 467.8 1343.3 4845.4" "$2" ;;
    chiu) set -- "276.9 577.8 1781.7 6597.0" "$2" ;;
    min) set -- "248.4 467.2 1342.8 4844.8" "$2" ;;
    mixab3) set -- "258.1 504.3 1489.3 5429.1" "$2" ;;
    mixbb3) set -- "258.6 504.9 1489.8 5429.7" "$2" ;;
    pcube) set -- "299.7 693.5 2225.7 8354.3" "$2" ;;
    mapping) set -- "178.8 206.2 315.6 753.4" "$2" ;;
    brsp) set -- "1.39 2.27 4.26 6.43" "$2" ;;
    exo) set -- "1683.3 2248.9 4572.4 14112.2" "$2" ;;
    exm) set -- "1613.2 1987.2 3544.7 10020.2" "$2" ;;
    exsp) set -- "1.04 1.13 1.29 1.41" "$2" ;;
  esac
  cut -d' ' -f"$2" <<< "$1"
}

# ---- Table 1
{
  echo "| FFT size (8-cube) | 2^8 paper | 2^8 here | 2^10 paper | 2^10 here | 2^12 paper | 2^12 here | 2^14 paper | 2^14 here |"
  echo "|---|---|---|---|---|---|---|---|---|"
  row() { # label field jq-expression [file suffix: _routing]
    local line="| $1 |" c=1
    for k in $ks; do
      line+=" $(paper "$2" $c) | $(f1 "$(j "$work/d8_k$k${4:-}.json" "$3")") |"
      c=$((c + 1))
    done
    echo "$line"
  }
  row "Computation Time" comp .comp_us
  row "Neighboring COMM Time" neigh .original.neigh_us
  row "BR COMM e-cube" ecube .original.br_us
  for r in $adaptive; do row "BR COMM $r" $r .original.br_us "_$r"; done
  row "BR COMM mapping" mapping .mapping.br_us
} > "$work/t1"

# ---- Table 2
{
  echo "| FFT size (8-cube) | 2^8 paper | 2^8 here | 2^10 paper | 2^10 here | 2^12 paper | 2^12 here | 2^14 paper | 2^14 here |"
  echo "|---|---|---|---|---|---|---|---|---|"
  row2() { # label paper-field here-command
    local line="| $1 |" c=1
    for k in $ks; do
      line+=" $(paper "$2" $c) | $($3 "$work/d8_k$k.json") |"
      c=$((c + 1))
    done
    echo "$line"
  }
  h_comp() { f1 "$(j "$1" .comp_us)"; }
  h_neigh() { f1 "$(j "$1" .original.neigh_us)"; }
  h_bro() { f1 "$(j "$1" .original.br_us)"; }
  h_brm() { f1 "$(j "$1" .mapping.br_us)"; }
  h_brs() { div "$(j "$1" .original.br_us)" "$(j "$1" .mapping.br_us)"; }
  h_exo() { f1 "$(j "$1" .original.exec_us)"; }
  h_exm() { f1 "$(j "$1" .mapping.exec_us)"; }
  h_exs() { div "$(j "$1" .original.exec_us)" "$(j "$1" .mapping.exec_us)"; }
  row2 "Computation Time" comp h_comp
  row2 "Neighboring COMM Time" neigh h_neigh
  row2 "BR COMM Original" ecube h_bro
  row2 "BR COMM Mapping" mapping h_brm
  row2 "BR COMM Speedup" brsp h_brs
  row2 "EXEC Time Original" exo h_exo
  row2 "EXEC Time Mapping" exm h_exm
  row2 "EXEC Time Speedup" exsp h_exs
} > "$work/t2"

# ---- the cycles behind them: the paper's read back through its model,
# L = (T - 164) / 0.57, and the measured latencies
{
  echo "| m | B = k (bytes = flits) | neighbour phase: paper L | here L | BR e-cube: paper L | here L | T (hardware) | BR mapping: paper L | here L | T (hardware) |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
  c=1
  for k in $ks; do
    js=$work/d8_k$k.json
    lm=$(j "$js" .log_size)
    pl() { awk -v t="$1" -v n="$2" 'BEGIN { printf "%.2f", (t / n - 164) / 0.57 }'; }
    echo "| 2^$lm | $k | $(pl "$(paper neigh $c)" 8) | $(j "$js" '.original.run.steps[1].latency') |" \
      "$(pl "$(paper ecube $c)" 1) | $(j "$js" '.original.run.steps[0].latency') | $(j "$js" '.original.run.steps[0].t_hardware') |" \
      "$(pl "$(paper mapping $c)" 1) | $(j "$js" '.mapping.run.steps[0].latency') | $(j "$js" '.mapping.run.steps[0].t_hardware') |"
    c=$((c + 1))
  done
} > "$work/t3"

# ---- the adaptive rows behind Table 1: the paper's read back through its
# model, L = (T - 164) / 0.57, against the measured latency and contention;
# EXEC, which Table 2 prints for e-cube only, as the sum of the rows
{
  echo "| BR routing | m | B = k | BR COMM paper | here | paper L | here L | here T (hardware) | here blocked | EXEC paper (sum of its rows) | here |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  for r in ecube $adaptive; do
    c=1
    for k in $ks; do
      js=$work/d8_k${k}_$r.json; [ $r = ecube ] && js=$work/d8_k$k.json
      pe=$(awk -v a="$(paper comp $c)" -v b="$(paper neigh $c)" -v x="$(paper $r $c)" 'BEGIN { printf "%.1f", a + b + x }')
      echo "| $(j "$js" .routing) | 2^$(j "$js" .log_size) | $k | $(paper $r $c) | $(f1 "$(j "$js" .original.br_us)") |" \
        "$(awk -v t="$(paper $r $c)" 'BEGIN { printf "%.2f", (t - 164) / 0.57 }') | $(j "$js" '.original.run.steps[0].latency') |" \
        "$(j "$js" '.original.run.steps[0].t_hardware') | $(j "$js" '.original.run.steps[0].blocked') | $pe | $(f1 "$(j "$js" .original.exec_us)") |"
      c=$((c + 1))
    done
  done
} > "$work/t7"

# ---- the unmapped bit reversal beyond the 8-cube: latency against T k
{
  echo "| d | T (hardware) | k = 16: L | L - T k | k = 100: L | L - T k | mapping, k = 100: L | h + k + 1 |"
  echo "|---|---|---|---|---|---|---|---|"
  for d in 2 3 4 5 6 7 8 9 10; do
    run "$work/e16.json" fft1d_bitrev "$d" 16
    run "$work/e100.json" fft1d_bitrev "$d" 100
    T=$(j "$work/e100.json" '.original.run.steps[0].t_hardware')
    l16=$(j "$work/e16.json" '.original.run.steps[0].latency'); l100=$(j "$work/e100.json" '.original.run.steps[0].latency')
    echo "| $d | $T | $l16 | $((l16 - T * 16)) | $l100 | $((l100 - T * 100)) | $(j "$work/e100.json" '.mapping.run.steps[0].latency') |" \
      "$(( $(j "$work/e100.json" '.mapping.run.steps[0].hops') + 101 )) |"
  done
} > "$work/t6"

# ---- 2-D movement on the 8-cube: 16 x 16 (Example 5's image), 64 x 64, 256 x 256
{
  echo "| image | k (bytes = flits) | row+col BR T before -> after | Computation | Neighboring COMM | BR COMM original | BR COMM mapping | speedup | EXEC original | EXEC mapping | speedup |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  for k in 16 256 4096; do
    js=$work/2d_k$k.json
    run "$js" fft2d_rowcol 8 "$k"
    side=$(j "$js" .log_size)
    echo "| 2^$side x 2^$side | $k | $(j "$js" '[.original.run.steps[] | select(.role == "permute") | .t_hardware] | max') -> $(j "$js" '[.mapping.run.steps[] | select(.role == "permute") | .t_hardware] | max') |" \
      "$(f1 "$(j "$js" .comp_us)") | $(f1 "$(j "$js" .original.neigh_us)") | $(f1 "$(j "$js" .original.br_us)") |" \
      "$(f1 "$(j "$js" .mapping.br_us)") | $(div "$(j "$js" .original.br_us)" "$(j "$js" .mapping.br_us)") |" \
      "$(f1 "$(j "$js" .original.exec_us)") | $(f1 "$(j "$js" .mapping.exec_us)") | $(div "$(j "$js" .original.exec_us)" "$(j "$js" .mapping.exec_us)") |"
  done
} > "$work/t4"

# ---- lockstep check: RTL and model every cycle, and the model alone's cycles
{
  echo "| d | movement | k | lockstep | step latencies (original; mapping) equal the model-only run's | first BR latency original -> mapping | T original -> mapping |"
  echo "|---|---|---|---|---|---|---|"
  for d in $LOCKSTEP_D; do
    bin=build/rtl/D${d}_W16_B2_I4/hcsim
    make --no-print-directory -s "$bin" >/dev/null
    for a in fft1d_bitrev fft2d_rowcol; do
      if [ $a = fft2d_rowcol ] && [ $((d % 2)) = 1 ]; then continue; fi
      for k in $ks; do
        run "$work/m.json" $a "$d" "$k"
        run "$work/b.json" $a "$d" "$k" "$bin" both
        q='[.original.run.steps[].latency, .mapping.run.steps[].latency]'
        same=no; [ "$(j "$work/m.json" "$q | tostring")" = "$(j "$work/b.json" "$q | tostring")" ] && same=yes
        echo "| $d | $a | $k | $(j "$work/b.json" .lockstep) | $same | $(j "$work/b.json" '.original.run.steps[0].latency') -> $(j "$work/b.json" '.mapping.run.steps[0].latency') |" \
          "$(j "$work/b.json" '.original.run.steps[0].t_hardware') -> $(j "$work/b.json" '.mapping.run.steps[0].t_hardware') |"
      done
    done
  done
} > "$work/t5"

splice() { # marker table-file
  awk -v tbl="$2" -v b="<!-- table:$1 begin -->" -v e="<!-- table:$1 end -->" '
    $0 == b { print; while ((getline l < tbl) > 0) print l; skip = 1; next }
    $0 == e { skip = 0 }
    !skip { print }' "$doc" > "$doc.new"
  mv "$doc.new" "$doc"
}
splice hou-fft-table1 "$work/t1"
splice hou-fft-table2 "$work/t2"
splice hou-fft-cycles "$work/t3"
splice hou-fft-ecube "$work/t6"
splice hou-fft-2d "$work/t4"
splice hou-fft-adaptive "$work/t7"
if [ -n "$LOCKSTEP_D" ]; then
  splice hou-fft-lockstep "$work/t5"
  echo "hou-fft-table: Tables 1 and 2, the adaptive rows, the cycles, the 2-D movement and the lockstep check (d = $LOCKSTEP_D) written to $doc"
else
  echo "hou-fft-table: Tables 1 and 2, the adaptive rows, the cycles and the 2-D movement written to $doc (LOCKSTEP_D empty: the lockstep table kept as it was)"
fi
