#!/usr/bin/env bash
# Synthesis, place and route of the FPGA self-test for one board, and of one
# router alone on the same device (docs/fpga.md). Usage:
#
#   rtl/fpga/synth_board.sh BOARD [all|top|router]
#
#   BOARD   icebreaker (iCE40UP5K-SG48) or hx8k (iCE40HX8K-CT256)
#   top     the self-test top: yosys synth_ice40, nextpnr-ice40 with the
#           board's pins and 12 MHz clock, icepack to hc_selftest.bin
#   router  hc_router_harness (one router, d=3, 10-bit flits, 4-flit
#           buffers) at the router frequency target of the device: the lean
#           router (block-RAM buffers, registered route) without counters
#           (target 450 logic cells) and with 16-bit counters in block RAM
#           (CntRam; target 800); `all` measures the default router with
#           32-bit flip-flop counters too
#   all     both, then report.json and report.txt (the default)
#
# Environment: FPGA_D, FPGA_W, FPGA_B, FPGA_I, FPGA_CW, FPGA_SF, FPGA_SFG, FPGA_SFPROG,
# FPGA_PROG (the self-test's parameters), FPGA_TABLES (the directory of its
# tables, made by hc_fpga_gen), CLK_MHZ (empty or 12: the board's 12 MHz
# oscillator; otherwise the self-test runs from the iCE40 PLL at the
# frequency icepll achieves nearest CLK_MHZ, the UART divisor following,
# and that is the clock the top must meet), OUT (output directory, default
# build/synth/BOARD).
#
# Each part prints one line "synth: PASS <board> <part> ..." or "synth:
# FAIL ..." and fails on a yosys error, a latch (looked for after proc,
# before techmapping could hide it), any problem `check -assert` finds
# (combinational loops, multiple or missing drivers), a place-and-route
# error, a clock nextpnr does not see, or a design that misses the board's
# 12 MHz clock. The router's own target frequency (75 MHz on the HX8K, 30 MHz
# on the UP5K) and the cell targets (450, 800) are reported, not enforced,
# unless SYNTH_ENFORCE_TARGETS=1 (make test's fpga-test-synth-router-*): then
# a router line that misses either target is a FAIL.
set -uo pipefail
cd "$(dirname "$0")/../.."

board=${1:-}
what=${2:-all}
case "$board" in
  icebreaker) dev=up5k; pkg=sg48; top=hc_top_icebreaker; router_mhz=30 ;;
  hx8k)       dev=hx8k; pkg=ct256; top=hc_top_hx8k; router_mhz=75 ;;
  *) echo "usage: rtl/fpga/synth_board.sh icebreaker|hx8k [all|top|router]" >&2; exit 2 ;;
esac
case "$what" in all|top|router) ;; *) echo "synth_board.sh: part must be all, top or router" >&2; exit 2 ;; esac

clock_mhz=12
D=${FPGA_D:-3} W=${FPGA_W:-8} B=${FPGA_B:-2} I=${FPGA_I:-2} CW=${FPGA_CW:-16}
SF=${FPGA_SF:-0} SFG=${FPGA_SFG:-4,3,2} PROG=${FPGA_PROG:-16} SFPROG=${FPGA_SFPROG:-0}
IFS=, read -r bank_aw seg_aw desc_aw <<< "$SFG"

# The clock: the oscillator, or the PLL with icepll's dividers for CLK_MHZ.
pll_params="-set PllEnable 0 -set ClkHz 12000000"
top_mhz=$clock_mhz
if [ -n "${CLK_MHZ:-}" ] && [ "${CLK_MHZ}" != 12 ]; then
  if ! pll=$(icepll -i 12 -o "$CLK_MHZ" 2>&1); then
    echo "synth_board.sh: icepll cannot make CLK_MHZ=$CLK_MHZ from 12 MHz: $(echo "$pll" | tail -1)" >&2; exit 2
  fi
  pv() { echo "$pll" | sed -n "s/^$1: *\([0-9]*\) .*/\1/p"; }
  top_mhz=$(echo "$pll" | sed -n 's/^F_PLLOUT: *\([0-9.]*\) MHz (achieved)/\1/p')
  clk_hz=$(awk -v f="$top_mhz" 'BEGIN {printf "%d", f * 1000000 + 0.5}')
  # The PLL cell must be known before hierarchy -check: the iCE40 cell
  # library as blackboxes (synth_ice40 reads it again).
  yosys_pre="read_verilog -lib -specify +/ice40/cells_sim.v"
  pll_params="-set PllEnable 1 -set PllDivr $(pv DIVR) -set PllDivf $(pv DIVF) -set PllDivq $(pv DIVQ) -set PllFilter $(pv FILTER_RANGE) -set ClkHz $clk_hz"
fi
tables=${FPGA_TABLES:-build/fpga/tables/D${D}_W${W}_B${B}_I${I}_C${CW}}
out=${OUT:-build/synth/$board}
mkdir -p "$out"
root=$(pwd)

# Every part reads the board's file list; yosys elaborates only the top's
# hierarchy (-defer).
board_src=$(tools/filelist.sh rtl/fpga/hc_board.f | tr '\n' ' ')
fail=0

# yosys: read, elaborate with the parameters, check for latches,
# synthesise, check, count. Args: name top sources "-set name value ...".
# The sources are read deferred: no module is elaborated with its default
# parameters (a default table file name need not exist).
run_yosys() {
  local name=$1 tp=$2 src=$3 params=$4
  cat > "$out/$name.ys" <<YS
${yosys_pre:-}
read_verilog -defer -sv -DSYNTHESIS $src
chparam $params $tp
hierarchy -check -top $tp
proc
select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr
synth_ice40 -top $tp -json $out/$name.json
select -assert-none t:\$_DLATCH_* t:\$_DLATCHSR_*
check -assert
stat
YS
  yosys -q -l "$out/$name.yosys.log" "$out/$name.ys" >/dev/null 2>&1
}

# nextpnr: place and route at the given frequency, keep going on a timing
# failure so that the numbers can be reported. Args: name freq [pcf].
run_pnr() {
  local name=$1 freq=$2 pcf=${3:-}
  nextpnr-ice40 --$dev --package $pkg --json "$out/$name.json" --freq "$freq" \
    --timing-allow-fail --seed 1 ${pcf:+--pcf "$pcf"} --asc "$out/$name.asc" \
    --report "$out/$name.pnr.json" -l "$out/$name.pnr.log" -q >/dev/null 2>&1
}

# Figures from the logs into shell variables: lcs, lcs_avail, brams,
# brams_avail, ffs, fmax (reg-to-reg fmax of the clock, empty if none).
figures() {
  local name=$1 log=$out/$1.pnr.log ylog=$out/$1.yosys.log
  # The utilisation lines only ("ICESTORM_LC:   559/ 7680"): the placer's
  # progress lines of a small design name ICESTORM_LC too.
  lcs=$(awk '/ICESTORM_LC: *[0-9]+\// {split($3, a, "/"); v=a[1]; t=$4} END {print v+0}' "$log")
  lcs_avail=$(awk '/ICESTORM_LC: *[0-9]+\// {n=$0; sub(/.*\/ */, "", n); split(n, a, " "); v=a[1]} END {print v+0}' "$log")
  brams=$(awk '/ICESTORM_RAM: *[0-9]+\// {split($3, a, "/"); v=a[1]} END {print v+0}' "$log")
  brams_avail=$(awk '/ICESTORM_RAM: *[0-9]+\// {n=$0; sub(/.*\/ */, "", n); split(n, a, " "); v=a[1]} END {print v+0}' "$log")
  # Flip-flops: the SB_DFF* cells of the last statistics yosys printed.
  ffs=$(awk '/Printing statistics/ {s=0} /SB_DFF/ {s+=$2} END {print s+0}' "$ylog")
  fmax=$(grep -E "Max frequency for clock" "$log" | tail -1 | sed -E 's/.*: ([0-9.]+) MHz.*/\1/')
}

ge() { awk -v a="$1" -v b="$2" 'BEGIN {exit !(a + 0 >= b + 0)}'; }

# ---- the self-test top --------------------------------------------------------
if [ "$what" = all ] || [ "$what" = top ]; then
  cfg="d=$D w=$W b=$B i=$I c=$CW sf=$SF clock=${top_mhz}MHz"
  if [ ! -f "$tables/expect.hex" ]; then
    echo "synth: FAIL $board self-test top ($cfg): no tables in $tables (make fpga-tables)"; fail=1
  elif ! run_yosys top "$top" "$board_src" \
      "-set Dim $D -set PayloadWidth $W -set BufDepth $B -set InjDepth $I -set CntWidth $CW -set SfEnable $SF -set SfProg $SFPROG -set BankAW $bank_aw -set SegAW $seg_aw -set DescAW $desc_aw -set ProgDepth $PROG $pll_params -set TableDir \"$root/$tables\""; then
    echo "synth: FAIL $board self-test top ($cfg): yosys (latch, loop or error; see $out/top.yosys.log)"
    grep -iE "error|assert|latch|loop" "$out/top.yosys.log" | head -5; fail=1
  elif ! run_pnr top $top_mhz "constraints/$board.pcf"; then
    echo "synth: FAIL $board self-test top ($cfg): nextpnr (see $out/top.pnr.log)"
    grep -iE "error" "$out/top.pnr.log" | head -5; fail=1
  else
    figures top
    if [ -z "$fmax" ]; then
      echo "synth: FAIL $board self-test top ($cfg): nextpnr reports no constrained clock"; fail=1
    else
      meets=false; ge "$fmax" $top_mhz && meets=true
      if ! icepack "$out/top.asc" "$out/hc_selftest.bin" 2> "$out/icepack.log"; then
        echo "synth: FAIL $board self-test top ($cfg): icepack (see $out/icepack.log)"; fail=1
      elif [ $meets = false ]; then
        echo "synth: FAIL $board self-test top ($cfg): fmax $fmax MHz misses the $top_mhz MHz clock"; fail=1
      else
        echo "synth: PASS $board self-test top ($cfg): $lcs/$lcs_avail logic cells, $ffs flip-flops, $brams/$brams_avail block RAMs, fmax $fmax MHz (clock $top_mhz MHz met) -> $out/hc_selftest.bin"
      fi
      cat > "$out/top.env" <<ENV
lcs=$lcs
lcs_avail=$lcs_avail
ffs=$ffs
brams=$brams
brams_avail=$brams_avail
fmax=$fmax
meets=$meets
d=$D
w=$W
b=$B
i=$I
cw=$CW
sf=$SF
clock_mhz=$top_mhz
ENV
    fi
  fi
fi

# ---- one router ---------------------------------------------------------------
# The lean router of issue 15 (docs/fpga.md, "Towards the lean router"):
# block-RAM buffers and the registered route (BufRam, RouteReg), measured
# without counters against 450 logic cells and with the full 16-bit
# contention counters in block RAM (CntRam) against 800; `all` adds the
# RTL's default router with 32-bit flip-flop counters, for reference (no
# cell target).
router_part() { # name cnt-width extra-chparams cell-target description
  local name=$1 rcw=$2 extra=$3 lt=$4 desc=$5 cfg="d=3 w=8 b=4 c=$2, $5" yosys_pre=""
  if ! run_yosys "$name" hc_router_harness "$board_src" \
      "-set Dim 3 -set PayloadWidth 8 -set BufDepth 4 -set CntWidth $rcw $extra"; then
    echo "synth: FAIL $board router ($cfg): yosys (latch, loop or error; see $out/$name.yosys.log)"
    grep -iE "error|assert|latch|loop" "$out/$name.yosys.log" | head -5; fail=1; return
  fi
  if ! run_pnr "$name" $router_mhz; then
    echo "synth: FAIL $board router ($cfg): nextpnr (see $out/$name.pnr.log)"; fail=1; return
  fi
  figures "$name"
  if [ -z "$fmax" ]; then
    echo "synth: FAIL $board router ($cfg): nextpnr reports no constrained clock"; fail=1; return
  fi
  local meets=false tmeets=false lmeets=false
  ge "$fmax" $clock_mhz && meets=true
  ge "$fmax" $router_mhz && tmeets=true
  [ "$lt" = - ] || [ "$lcs" -le "$lt" ] && lmeets=true
  # The harness adds a parity tree of the counter read port (about a dozen
  # LUTs); the figures include it.
  if [ $meets = true ] && [ "${SYNTH_ENFORCE_TARGETS:-0}" = 1 ] && [ "$lt" != - ] &&
     { [ $lmeets = false ] || [ $tmeets = false ]; }; then
    echo "synth: FAIL $board router ($cfg): $lcs logic cells (target $lt), fmax $fmax MHz (target $router_mhz MHz): a target is missed"; fail=1
  elif [ $meets = true ]; then
    echo "synth: PASS $board router ($cfg): $lcs logic cells (target $lt: $( [ "$lt" = - ] && echo none || { [ $lmeets = true ] && echo met || echo not met; })), $ffs flip-flops, $brams block RAMs, fmax $fmax MHz (target $router_mhz MHz: $( [ $tmeets = true ] && echo met || echo not met))"
  else
    echo "synth: FAIL $board router ($cfg): fmax $fmax MHz misses the $clock_mhz MHz board clock"; fail=1
  fi
  cat > "$out/$name.env" <<ENV
lcs=$lcs
ffs=$ffs
brams=$brams
fmax=$fmax
target_mhz=$router_mhz
meets_target=$tmeets
lcs_target=$lt
lcs_target_met=$lmeets
cw=$rcw
desc=$desc
ENV
}

if [ "$what" = all ] || [ "$what" = router ]; then
  router_part router 0 "-set BufRam 1 -set RouteReg 1" 450 "lean: block-RAM buffers, registered route"
  router_part router_cnt 16 "-set BufRam 1 -set RouteReg 1 -set CntRam 1" 800 "lean, counters in block RAM"
  [ "$what" = all ] && router_part router_cnt32 32 "" - "default: flip-flop buffers and counters"
fi

# ---- report.json and report.txt ------------------------------------------------
if [ "$what" = all ] && [ -f "$out/top.env" ] && [ -f "$out/router.env" ]; then
  get() { sed -n "s/^$2=//p" "$out/$1.env"; }
  r32=router_cnt32
  cat > "$out/report.json" <<JSON
{
  "board": "$board",
  "device": "ice40$dev",
  "package": "$pkg",
  "dim": $(get top d),
  "payload_width": $(get top w),
  "buf_depth": $(get top b),
  "inj_depth": $(get top i),
  "cnt_width": $(get top cw),
  "lcs": $(get top lcs),
  "lcs_avail": $(get top lcs_avail),
  "ffs": $(get top ffs),
  "brams": $(get top brams),
  "brams_avail": $(get top brams_avail),
  "fmax_mhz": $(get top fmax),
  "clock_mhz": $clock_mhz,
  "meets_timing": $(get top meets),
  "router": {
    "dim": 3,
    "payload_width": 8,
    "buf_depth": 4,
    "cnt_width": $(get router cw),
    "lcs": $(get router lcs),
    "ffs": $(get router ffs),
    "fmax_mhz": $(get router fmax),
    "target_mhz": $(get router target_mhz),
    "meets_target": $(get router meets_target),
    "lcs_target": $(get router lcs_target),
    "meets_lcs_target": $(get router lcs_target_met)
  },
  "router_cnt": {
    "cnt_width": $(get router_cnt cw),
    "cnt_ram": true,
    "lcs": $(get router_cnt lcs),
    "ffs": $(get router_cnt ffs),
    "brams": $(get router_cnt brams),
    "fmax_mhz": $(get router_cnt fmax),
    "target_mhz": $(get router_cnt target_mhz),
    "meets_target": $(get router_cnt meets_target),
    "lcs_target": $(get router_cnt lcs_target),
    "meets_lcs_target": $(get router_cnt lcs_target_met)
  },
  "router_cnt32": {
    "cnt_width": $(get $r32 cw),
    "lcs": $(get $r32 lcs),
    "ffs": $(get $r32 ffs),
    "fmax_mhz": $(get $r32 fmax)
  }
}
JSON
  {
    printf '%-34s %s\n' "board" "$board (iCE40$(echo $dev | tr a-z A-Z)-$(echo $pkg | tr a-z A-Z))"
    printf '%-34s %s\n' "self-test (d w b i c)" "$(get top d) $(get top w) $(get top b) $(get top i) $(get top cw)"
    printf '%-34s %s / %s\n' "logic cells" "$(get top lcs)" "$(get top lcs_avail)"
    printf '%-34s %s\n' "flip-flops" "$(get top ffs)"
    printf '%-34s %s / %s\n' "block RAMs" "$(get top brams)" "$(get top brams_avail)"
    printf '%-34s %s MHz (board %s MHz: %s)\n' "fmax" "$(get top fmax)" "$clock_mhz" "$(get top meets)"
    for r in router router_cnt; do
      printf '%-34s %s LCs (target %s), %s FFs, %s BRAMs, %s MHz (target %s MHz)\n' "router d=3 w=8 b=4 c=$(get $r cw)" \
        "$(get $r lcs)" "$(get $r lcs_target)" "$(get $r ffs)" "$(get $r brams)" "$(get $r fmax)" "$(get $r target_mhz)"
    done
    printf '%-34s %s LCs, %s FFs, %s MHz\n' "router d=3 w=8 b=4 c=$(get $r32 cw)" \
      "$(get $r32 lcs)" "$(get $r32 ffs)" "$(get $r32 fmax)"
  } > "$out/report.txt"
  cat "$out/report.txt"
  echo "report: $out/report.json"
fi
exit $fail
