#!/usr/bin/env bash
# Write the resource and timing tables of docs/fpga.md from the figures
# rtl/fpga/synth_board.sh left in build/synth/<board>/ (top.env, router.env,
# router_cnt.env, router_cnt32.env): everything between the lines
#   <!-- fpga-table: begin -->  and  <!-- fpga-table: end -->
# of the document is replaced. `make fpga-docs` runs the synthesis of every
# board first, so the numbers are always the tools' own.
# Usage: rtl/fpga/fpga_report.sh DOC BOARD...
set -euo pipefail
cd "$(dirname "$0")/../.."
doc=$1; shift
[ $# -ge 1 ] || { echo "usage: rtl/fpga/fpga_report.sh DOC BOARD..." >&2; exit 2; }

get() { sed -n "s/^$2=//p" "build/synth/$1/$3.env"; }
device() { case $1 in icebreaker) echo "iCE40UP5K-SG48";; hx8k) echo "iCE40HX8K-CT256";; *) echo "?";; esac; }
yn() { [ "$1" = true ] && echo yes || echo "**no**"; }

table=$(mktemp)
trap 'rm -f "$table"' EXIT
{
  echo "Self-test top (the board defaults of \`rtl/fpga/fpga.mk\`; modes: those the bitstream runs,"
  echo "0 wormhole, 2 store-and-forward by header, 1 the multiport engines):"
  echo
  echo "| board | device | d | w | b | i | counter bits | modes | clock (MHz) | logic cells | flip-flops | block RAMs | fmax (MHz) | meets its clock |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  for b in "$@"; do
    f=build/synth/$b/top.env
    [ -f "$f" ] || { echo "fpga_report.sh: no $f: run 'make synth BOARD=$b'" >&2; exit 1; }
    modes="0, 2"; [ "$(get $b sf top)" = 1 ] && modes="0, 1, 2"
    clk=$(get $b clock_mhz top); clk=${clk:-12}
    echo "| $b | $(device $b) | $(get $b d top) | $(get $b w top) | $(get $b b top) | $(get $b i top) | $(get $b cw top) | $modes | $clk | $(get $b lcs top) / $(get $b lcs_avail top) | $(get $b ffs top) | $(get $b brams top) / $(get $b brams_avail top) | $(get $b fmax top) | $(yn "$(get $b meets top)") |"
  done
  echo
  echo "One router alone (\`rtl/fpga/hc_router_harness.sv\`: d = 3, 10-bit flits, 4-flit buffers,"
  echo "links looped back): the lean router (block-RAM buffers, registered route) without"
  echo "counters against 450 logic cells, with its 16-bit contention counters in block RAM"
  echo "(CntRam) against 800, and the RTL's default router with 32-bit counters for reference;"
  echo "75 MHz (HX8K) / 30 MHz (UP5K):"
  echo
  echo "| board | router | counter bits | logic cells | cell target | flip-flops | block RAMs | fmax (MHz) | target (MHz) | meets fmax target | meets cell target |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  for b in "$@"; do
    for r in router router_cnt router_cnt32; do
      f=build/synth/$b/$r.env
      [ -f "$f" ] || continue
      echo "| $b | $(get $b desc $r) | $(get $b cw $r) | $(get $b lcs $r) | $(get $b lcs_target $r) | $(get $b ffs $r) | $(get $b brams $r) | $(get $b fmax $r) | $(get $b target_mhz $r) | $(yn "$(get $b meets_target $r)") | $( [ "$(get $b lcs_target $r)" = - ] && echo - || yn "$(get $b lcs_target_met $r)") |"
    done
  done
  echo
  echo "Measured with $(yosys -V | sed 's/ (.*//') and nextpnr-ice40 $(nextpnr-ice40 --version 2>&1 | sed -n 's/.*(Version \(.*\))/\1/p'), seed 1."
} > "$table"

awk -v tf="$table" '
  /<!-- fpga-table: begin -->/ { print; while ((getline l < tf) > 0) print l; skip = 1; next }
  /<!-- fpga-table: end -->/ { skip = 0 }
  !skip { print }
' "$doc" > "$doc.tmp" && mv "$doc.tmp" "$doc"
echo "fpga_report: tables of $doc updated from build/synth/{$(echo "$@" | tr ' ' ',')}"
