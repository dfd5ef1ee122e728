#!/usr/bin/env bash
# yosys synth_ice40 of one router and of a 1-cube network (make test-long:
# a 2-cube): fails on a latch (checked after proc, before techmapping could
# hide it), on any problem `check -assert` finds (combinational loops,
# multiple drivers, undriven wires), or on a synthesis error. Logs and cell counts go to build/synth/.
# The sources are read deferred (as rtl/fpga/synth_board.sh reads them):
# every module is elaborated once, with the top's parameters, and the top
# keeps its name (read eagerly, yosys 0.23 re-derives a top whose generate
# blocks instantiate a module derived later, and names it $paramod...).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/synth
src=$(tools/filelist.sh rtl/hc_ip.f | tr '\n' ' ')
fail=0
synth() {
  local name=$1 top=$2 params=$3
  local log=build/synth/$name.log
  cat > build/synth/$name.ys <<YS
read_verilog -defer -sv -DSYNTHESIS $src
$params
hierarchy -check -top $top
proc
flatten
select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr
synth_ice40 -top $top
select -assert-none t:\$_DLATCH_* t:\$_DLATCHSR_*
check -assert
stat
YS
  if yosys -q -l "$log" build/synth/$name.ys >/dev/null 2>&1; then
    local lcs ffs rams
    # Counts from the last statistics block (synth_ice40 prints one too).
    lcs=$(awk '/Printing statistics/ {v=0} /SB_LUT4/ {v=$2} END {print v}' "$log")
    ffs=$(awk '/Printing statistics/ {s=0} /SB_DFF/ {s+=$2} END {print s}' "$log")
    rams=$(awk '/Printing statistics/ {v=0} /SB_RAM40_4K/ {v=$2} END {print v}' "$log")
    echo "synth: PASS $name (SB_LUT4 $lcs, flip-flops $ffs, SB_RAM40_4K $rams)"
  else
    echo "synth: FAIL $name (see $log)"; grep -iE "error|assert|latch|loop" "$log" | head -5; fail=1
  fi
}
synth router_d4 hc_router "chparam -set Dim 4 hc_router"
# Every mode in one network: the store-and-forward engines with small
# tables (their banks map to block RAM; segment and descriptor tables are
# read asynchronously and become logic, so they are kept small here). Two
# nodes are enough to elaborate every block and branch of the network; the
# 2-cube (twice the cells and the time, about 4 CPU-minutes) is make
# test-long's (HC_TEST_LONG=1).
if [ "${HC_TEST_LONG:-0}" = 1 ]; then nd=2; else nd=1; fi
synth network_d$nd hc_network "chparam -set Dim $nd -set BankAW 8 -set SegAW 3 -set DescAW 2 hc_network"
# The store-and-forward node with its banks in one time-multiplexed RAM
# (SfMemTdm, the board's organisation; d >= 2): its two clocks and the RAM's
# write lanes, alone (a few CPU-s).
synth sf_node_d2_tdm hc_sf_node "chparam -set Dim 2 -set Width 8 -set BankAW 4 -set SegAW 3 -set DescAW 2 -set SfMemTdm 1 hc_sf_node"
exit $fail
