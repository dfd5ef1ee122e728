#!/usr/bin/env bash
# What the self-test with the store-and-forward engines (FPGA_SF=1) needs on
# a board's device: yosys synth_ice40 of the board top (no place and route:
# it cannot fit), its LUT4s, flip-flops and block RAMs against the device's,
# written into docs/fpga.md between the lines
#   <!-- fpga-sf-fit: begin -->  and  <!-- fpga-sf-fit: end -->
# (`make fpga-sf-fit`, rtl/fpga/fpga.mk). Several CPU-minutes of yosys.
# Usage: rtl/fpga/sf_fit.sh DOC BOARD TABLE_DIR
# Environment: FPGA_D, FPGA_W, FPGA_B, FPGA_I, FPGA_CW, FPGA_SFG, FPGA_PROG, FPGA_SFPROG
# (as for synth_board.sh); OUT (default build/synth/sf-fit-BOARD-dD);
# SF_FIT_APPEND=1 adds the row to the table between the lines instead of
# writing the table anew (make fpga-sf-fit: the 3-cube, then the 2-cube).
# The self-test top builds the cube with its default memory organisation
# (hc_selftest's SfMemTdm = 1: one time-multiplexed RAM a node).
set -uo pipefail
cd "$(dirname "$0")/../.."
doc=${1:-} board=${2:-} tables=${3:-}
case "$board" in
  icebreaker) top=hc_top_icebreaker; dev="iCE40UP5K"; luts=5280; brams=30 ;;
  hx8k)       top=hc_top_hx8k; dev="iCE40HX8K"; luts=7680; brams=32 ;;
  *) echo "usage: rtl/fpga/sf_fit.sh DOC icebreaker|hx8k TABLE_DIR" >&2; exit 2 ;;
esac
[ -f "$doc" ] && [ -f "$tables/prog.hex" ] || { echo "sf_fit.sh: no $doc or no tables in $tables" >&2; exit 2; }
D=${FPGA_D:-3} W=${FPGA_W:-8} B=${FPGA_B:-2} I=${FPGA_I:-2} CW=${FPGA_CW:-10}
SFG=${FPGA_SFG:-4,3,2} PROG=${FPGA_PROG:-4096} SFPROG=${FPGA_SFPROG:-0}
IFS=, read -r bank_aw seg_aw desc_aw <<< "$SFG"
out=${OUT:-build/synth/sf-fit-$board-d$D}
mkdir -p "$out"
src=$(tools/filelist.sh rtl/fpga/hc_board.f | tr '\n' ' ')
cat > "$out/top.ys" <<YS
read_verilog -defer -sv -DSYNTHESIS $src
chparam -set Dim $D -set PayloadWidth $W -set BufDepth $B -set InjDepth $I -set CntWidth $CW -set SfEnable 1 -set SfProg $SFPROG -set BankAW $bank_aw -set SegAW $seg_aw -set DescAW $desc_aw -set ProgDepth $PROG -set TableDir "$(pwd)/$tables" $top
hierarchy -check -top $top
synth_ice40 -top $top
stat
YS
if ! yosys -q -l "$out/top.yosys.log" "$out/top.ys" > /dev/null 2>&1; then
  echo "sf_fit.sh: yosys failed (see $out/top.yosys.log)" >&2; exit 1
fi
# The last statistics: LUT4s, flip-flops (every SB_DFF*), block RAMs.
read -r lut ff ram <<< "$(awk '/Printing statistics/ {l=0; f=0; r=0}
  /SB_LUT4/ {l=$2} /SB_DFF/ {f+=$2} /SB_RAM40_4K/ {r=$2} END {print l+0, f+0, r+0}' "$out/top.yosys.log")"
row="| $board ($dev: $luts logic cells, $brams block RAMs) | $D | $W | $B | $I | $CW | $SFG | $lut | $ff | $ram |"
if [ "${SF_FIT_APPEND:-0}" = 1 ]; then
  # After the table's last row (the first blank line inside the markers).
  awk -v row="$row" '
    /<!-- fpga-sf-fit: begin -->/ { inside = 1 }
    inside && /^$/ && !done { print row; done = 1 }
    /<!-- fpga-sf-fit: end -->/ { inside = 0 }
    { print }
  ' "$doc" > "$doc.tmp" && mv "$doc.tmp" "$doc"
  echo "sf_fit: $board d=$D with the engines: $lut LUT4, $ff flip-flops, $ram block RAMs (device: $luts logic cells, $brams block RAMs) -> $doc"
  exit 0
fi
table=$(mktemp)
trap 'rm -f "$table"' EXIT
{
  echo "| board top with FPGA_SF=1 | d | w | b | i | counter bits | geometry | SB_LUT4 | flip-flops | SB_RAM40_4K |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
  echo "$row"
  echo
  echo "yosys \`synth_ice40\` only (no placement: a design above the device's cells and block RAMs cannot be placed), $(yosys -V | sed 's/ (.*//'), by \`rtl/fpga/sf_fit.sh\` (\`make fpga-sf-fit\`)."
} > "$table"
awk -v tf="$table" '
  /<!-- fpga-sf-fit: begin -->/ { print; while ((getline l < tf) > 0) print l; skip = 1; next }
  /<!-- fpga-sf-fit: end -->/ { skip = 0 }
  !skip { print }
' "$doc" > "$doc.tmp" && mv "$doc.tmp" "$doc"
echo "sf_fit: $board d=$D with the engines: $lut LUT4, $ff flip-flops, $ram block RAMs (device: $luts logic cells, $brams block RAMs) -> $doc"
