#!/usr/bin/env bash
# The study "Towards the lean router" of docs/fpga.md (`make fpga-lean`):
# one router of d = 3 (4 ports), 8-bit payload, 4-flit buffers and no
# counters (rows with 16-bit counters, in flip-flops and in block RAM), measured as tools/fpga_table.sh measures it (yosys, nextpnr-ice40
# seed 1 on the HX8K and the UP5K), in each variant below; the table goes
# between the lines <!-- fpga-lean-table: begin --> and <!-- fpga-lean-table:
# end --> of DOC (default docs/fpga.md). The registered route is the
# router's parameter RouteReg (2 cycles per hop, model and lockstep
# follow it); the registered allocation is a prototype behind
# HC_PROTO_regalloc (rtl/hc_alloc.sv), in no default build; the fixed-priority row (HC_FAULT_fixedprio, the formal
# proofs' mutant) is only a reference for what the age order costs. Nine
# syntheses and 18 place-and-routes, about 7 CPU-minutes.
# Usage: tools/fpga_lean.sh [DOC]
set -uo pipefail
cd "$(dirname "$0")/.."
doc=${1:-docs/fpga.md}
BEGIN='<!-- fpga-lean-table: begin -->'
END='<!-- fpga-lean-table: end -->'
[ -f "$doc" ] || { echo "fpga_lean.sh: no file $doc" >&2; exit 2; }
grep -qxF "$BEGIN" "$doc" && grep -qxF "$END" "$doc" || { echo "fpga_lean.sh: $doc has no $BEGIN ... $END" >&2; exit 2; }

# name | cfg | defines | head cycles per hop | zero-load latency (B >= 2, I >= 2) | harness parameters
variants=(
  "default: flip-flop buffers|3,8,4,0,0||1|h + L + 1"
  "block-RAM buffers (BufRam)|3,8,4,0,1||1|h + L + 1"
  "registered allocation (prototype regalloc)|3,8,4,0,0|-DHC_PROTO_regalloc|2|2h + L + 2"
  "registered allocation, block-RAM buffers|3,8,4,0,1|-DHC_PROTO_regalloc|2|2h + L + 2"
  "registered route (RouteReg)|3,8,4,0,0||2|2h + L + 2|-set RouteReg 1"
  "registered route, block-RAM buffers|3,8,4,0,1||2|2h + L + 2|-set RouteReg 1"
  "the same with 16-bit counters|3,8,4,16,1||2|2h + L + 2|-set RouteReg 1"
  "the same with 16-bit counters in block RAM (CntRam)|3,8,4,16k,1||2|2h + L + 2|-set RouteReg 1"
  "reference: fixed priority, no age order (fixedprio)|3,8,4,0,0|-DHC_FAULT_fixedprio|1|h + L + 1"
)
rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
k=0
for v in "${variants[@]}"; do
  IFS='|' read -r name cfg defs hop t0 params <<< "$v"
  k=$((k + 1))
  mkdir -p build/synth/lean
  DEFINES="$defs" PARAMS="$params" WORK=build/synth/lean/v$k tools/fpga_table.sh measure build/synth/lean/v$k.tsv "$cfg" 2>/dev/null ||
    { echo "fpga_lean.sh: synthesis of '$name' failed (build/synth/lean/v$k)" >&2; exit 1; }
  out=$(cat build/synth/lean/v$k.tsv)
  hx=$(awk -F'\t' '$1 == "hx8k"' <<< "$out"); up=$(awk -F'\t' '$1 == "up5k"' <<< "$out")
  lcs=$(cut -f7 <<< "$hx"); ffs=$(cut -f8 <<< "$hx"); brams=$(cut -f9 <<< "$hx")
  fhx=$(cut -f10 <<< "$hx"); fup=$(cut -f10 <<< "$up")
  ok() { awk -v a="$1" -v b="$2" 'BEGIN {print (a + 0 >= b + 0) ? "yes" : "no"}'; }
  # The cell target: 450 without counters, 800 with them.
  case $cfg in *,*,*,0,*) lim=450 ;; *) lim=800 ;; esac
  cells_ok=$([ "$lcs" -le $lim ] && echo "yes (<= $lim)" || echo "no (> $lim)")
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$lcs" "$ffs" "$brams" \
    "$fhx" "$fup" "$hop" "$t0" "$cells_ok" "$(ok "$fhx" 75)" "$(ok "$fup" 30)" >> "$rows"
  echo "fpga_lean: $name: $lcs LCs, $ffs FFs, $brams BRAMs, $fhx MHz HX8K, $fup MHz UP5K" >&2
done
table=$(mktemp)
trap 'rm -f "$rows" "$table"' EXIT
{
  echo "| variant | logic cells | flip-flops | block RAMs | fmax HX8K (MHz) | fmax UP5K (MHz) | head cycles per hop | zero-load latency | cell target | >= 75 MHz HX8K | >= 30 MHz UP5K |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  cat "$rows"
  echo
  echo "One router, d = 3, w = 8, b = 4, no counters unless said; $(yosys -V | sed 's/ (.*//'), nextpnr-ice40 seed 1, by \`tools/fpga_lean.sh\`."
} > "$table"
awk -v b="$BEGIN" -v e="$END" -v tf="$table" '
  $0 == b { print; while ((getline l < tf) > 0) print l; skip = 1; next }
  $0 == e { skip = 0 }
  !skip { print }' "$doc" > "$doc.tmp" && mv "$doc.tmp" "$doc"
echo "fpga_lean: the table of $doc written"
