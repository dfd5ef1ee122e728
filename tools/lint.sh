#!/usr/bin/env bash
# verilator --lint-only -Wall on the RTL for several configurations (the
# corner cases d=1, 1-flit buffers, wider cubes). Prints one line per
# configuration, "lint: PASS ..." or "lint: FAIL ...", and exits non-zero on
# any warning. LINT_QUICK=1 (make test) lints the 5-cube's parts (hc_node,
# hc_net_glue) instead of the whole 5-cube network (34 CPU-s of the 55 of
# the full list; make lint and make test-long run it).
set -uo pipefail
cd "$(dirname "$0")/.."
src=(-F rtl/hc_ip.f)
fail=0
run() {
  local name=$1; shift
  if out=$(verilator --lint-only -Wall "$@" "${src[@]}" 2>&1); then
    echo "lint: PASS $name"
  else
    echo "lint: FAIL $name"; echo "$out" | head -20; fail=1
  fi
}
run "hc_router D=4"              --top-module hc_router
run "hc_router D=1 B=1"          --top-module hc_router -GDim=1 -GBufDepth=1
run "hc_network D=1 B=1 I=1"     --top-module hc_network -GDim=1 -GBufDepth=1 -GInjDepth=1
run "hc_network D=3 B=3 I=2"     --top-module hc_network -GDim=3 -GBufDepth=3 -GInjDepth=2
if [ "${LINT_QUICK:-0}" = 1 ]; then
  run "hc_node D=5 W=8"          --top-module hc_node -GDim=5 -GPayloadWidth=8
  run "hc_net_glue D=5"          --top-module hc_net_glue -GDim=5
else
  run "hc_network D=5 W=8"       --top-module hc_network -GDim=5 -GPayloadWidth=8
fi
run "hc_network D=2 no SF"      --top-module hc_network -GDim=2 -GSfEnable=0
run "hc_network D=3 no SF no CS" --top-module hc_network -GDim=3 -GSfEnable=0 -GCsEnable=0
run "hc_router D=3 no CS"        --top-module hc_router -GDim=3 -GCsEnable=0
run "hc_router D=3 no counters" --top-module hc_router -GDim=3 -GCntWidth=0
run "hc_network D=2 no counters" --top-module hc_network -GDim=2 -GCntWidth=0
run "hc_router D=3 B=4 BufRam"   --top-module hc_router -GDim=3 -GBufDepth=4 "-GBufRam=1'b1"
run "hc_router D=3 RouteReg"     --top-module hc_router -GDim=3 "-GRouteReg=1'b1"
run "hc_router D=3 RouteReg BufRam no CS" --top-module hc_router -GDim=3 -GBufDepth=4 "-GRouteReg=1'b1" "-GBufRam=1'b1" "-GCsEnable=1'b0"
run "hc_router D=3 prototype"    --top-module hc_router -GDim=3 +define+HC_PROTO_regalloc
run "hc_router D=3 lean CntRam"  --top-module hc_router -GDim=3 -GBufDepth=4 -GCntWidth=16 "-GRouteReg=1'b1" "-GBufRam=1'b1" "-GCsEnable=1'b0" "-GCntRam=1'b1"
run "hc_network D=2 CntRam"      --top-module hc_network -GDim=2 "-GCntRam=1'b1"
run "hc_network D=3 SfMemTdm"    --top-module hc_network -GDim=3 "-GSfMemTdm=1'b1"
run "hc_sf_node D=2 SfMemTdm"    --top-module hc_sf_node -GDim=2 -GWidth=8 "-GSfMemTdm=1'b1"
run "hc_sf_prog D=3"             --top-module hc_sf_prog -GDim=3 -GWidth=8 -GBankAW=4
run "hc_network D=2 SfProg"      --top-module hc_network -GDim=2 -GBankAW=4 "-GSfProg=1'b1"
run "hc_network D=2 CntRam peek" --top-module hc_network -GDim=2 "-GCntRam=1'b1" +define+HC_CNT_PEEK
run "hc_node D=4 CntRam C=8 peek" --top-module hc_node -GDim=4 -GPayloadWidth=8 -GCntWidth=8 "-GCntRam=1'b1" +define+HC_CNT_PEEK
run "hc_sf_node D=3 small"       --top-module hc_sf_node -GDim=3 -GBankAW=4 -GSegAW=3 -GDescAW=2
run "hc_network D=3 G12.10.7"    --top-module hc_network -GDim=3 -GBankAW=12 -GSegAW=10 -GDescAW=7
run "hc_node D=8 (node-sharded sim)" --top-module hc_node -GDim=8 "-GSfExternal=1'b1"
run "hc_net_glue D=8"            --top-module hc_net_glue -GDim=8
run "hc_sf_node D=2 G16.16.16"   --top-module hc_sf_node -GDim=2 -GBankAW=16 -GSegAW=16 -GDescAW=16
exit $fail
