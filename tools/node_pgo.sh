#!/usr/bin/env bash
# Profile-guided optimisation of a node-sharded RTL build (the Makefile's
# NODE_PGO; docs/performance.md, "The RTL's fourth pass"). Verilator has
# compiled the node, its engine and the glue (vnode, vsf, vglue under DIR)
# with -fprofile-generate; this script links a training hcsim from them and
# an instrumented shim (in DIR/pgo), runs it on a short light and a short
# saturated uniform run of the same configuration (the counts are written
# as .gcda files beside the objects, the shim's beside DIR/hc_rtl_shim.o,
# where its own rule compiles it again with them), and compiles the three
# models again with -fprofile-use. What is simulated does not change:
# the same generated code, compiled with the branch and call counts of a
# run. The training run is seeded and single-threaded, so the counts, and
# the objects compiled from them, are the same at every build. A training
# run that fails (a fault build, a broken RTL) leaves the counts it wrote
# and the build goes on; the tests report the failure.
# A line on stderr per stage, as tools/verilate.sh.
# Usage: tools/node_pgo.sh CFG DIR D W B I CXX "SHIM-FLAGS" "OPT" "LINK-INPUTS" "LIBS" "GEN" "USE"
#   SHIM-FLAGS: the shim's compile flags less -o/-c; OPT: the node's
#   optimisation (NODE_OPT); LINK-INPUTS: the C objects and Verilator's
#   runtime hcsim links; GEN/USE: the compiler's flags of the two phases.
set -euo pipefail
cfg=$1 dir=$2 d=$3 w=$4 b=$5 i=$6 cxx=$7 shimflags=$8 opt=$9 link=${10} libs=${11} gen=${12} use=${13}
start=$SECONDS
stage() { printf '  PGO      %s: %s (%ds)\n' "$cfg" "$1" $((SECONDS - start)) >&2; }
mkdir -p "$dir/pgo"
rm -f "$dir/hc_rtl_shim.gcda"
stage "linking the training hcsim (instrumented)"
# shellcheck disable=SC2086  # the flag lists are word lists
# The shim's object where its own rule puts it (which compiles it again
# after this, from the newer archive): gcc names a file's static functions
# in the counts by the object's path.
$cxx $shimflags $gen -c tb/backend/hc_rtl_node_shim.cpp -o "$dir/hc_rtl_shim.o"
# shellcheck disable=SC2086
$cxx $gen -o "$dir/pgo/hcsim" $link "$dir/hc_rtl_shim.o" "$dir/vnode/Vhc_node__ALL.a" "$dir/vsf/Vhc_sf_node__ALL.a" \
  "$dir/vglue/Vhc_net_glue__ALL.a" $libs
# The training: the bench's light work (uniform, 0.05 flits/cycle/node,
# 20-flit messages) for 2^18 node-cycles, then saturation (offered 1.0)
# for 2^16, each at least 64 cycles.
train() { # rate node-cycles
  local c=$(( $2 >> d ))
  [ "$c" -ge 64 ] || c=64
  if ! "$dir/pgo/hcsim" --sim rtl --d "$d" --w "$w" --buf "$b" --inj "$i" --traffic uniform --rate "$1" --len 20 \
      --cycles "$c" --warmup 0 --seed 1 > "$dir/pgo/train-$1.log" 2>&1; then
    stage "the training run at rate $1 failed (its log: $dir/pgo/train-$1.log); the build goes on"
  fi
}
stage "training run (uniform 0.05 for 2^18 node-cycles, 1.0 for 2^16)"
train 0.05 262144
train 1.0 65536
stage "compiling the node, engine and glue again with the profile"
for m in vnode:Vhc_node vsf:Vhc_sf_node vglue:Vhc_net_glue; do
  sub=${m%%:*} top=${m#*:}
  rm -f "$dir/$sub/"*.o "$dir/$sub/${top}__ALL.a"
  make --no-print-directory -s -j 2 -C "$dir/$sub" -f "$top.mk" OPT_FAST="$opt" OPT_SLOW=-O1 VM_USER_CFLAGS="$use" "${top}__ALL.a" > "$dir/pgo/make-$sub.log" 2>&1 ||
    { tail -30 "$dir/pgo/make-$sub.log" >&2; exit 1; }
done
stage "done"
