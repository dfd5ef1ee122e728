#!/usr/bin/env bash
# The word-form assertions of hc_alloc and hc_router (docs/performance.md,
# "The RTL's fifth pass") against the per-port ones they replaced: the
# functions the assertions call are extracted from rtl/ (one source) and
# included by tests/formal/assert_rewrite/hc_ar_*.sv, which state the old
# conditions and the new ones side by side; yosys sat -prove shows them
# equal for every value of the signals they read, at several sizes. A
# mutant of each file's functions must fail the proof (the control). Prints
# a line per proof, "assert-rewrite: PASS ..." or "... FAIL ...", and exits
# non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
out=build/assert_rewrite
mkdir -p "$out"
# The functions: from the comment that opens them to the first assertion.
awk '/^  \/\/ Row o of m: m\[o\*Ports \+: Ports\]\./{p=1} /^  \/\/ Per output\.$/{p=0} p' rtl/hc_alloc.sv > "$out/alloc_funcs.svh"
awk '/^  \/\/ Per input p: its front is a head or a SINGLE/{p=1} /^  \/\/ A buffer front without an output held/{p=0} p' \
  rtl/hc_router.sv > "$out/router_funcs.svh"
fail=0
for f in alloc_funcs router_funcs; do
  if ! grep -q 'endfunction' "$out/$f.svh"; then echo "assert-rewrite: FAIL no functions extracted ($f)"; fail=1; fi
done
prove() { # dir top "chparam args" width name expect(pass|fail)
  local log="$out/$5.log"
  if yosys -q -p "read_verilog -sv -I$1 rtl/hc_pkg.sv tests/formal/assert_rewrite/$2.sv; chparam $3 $2; prep -top $2;
                  flatten; sat -prove same $4 -verify" > "$log" 2>&1; then r=pass; else r=fail; fi
  if [ "$r" = "$6" ]; then echo "assert-rewrite: PASS $5"; else echo "assert-rewrite: FAIL $5 (log $log)"; fail=1; fi
}
for p in 2 3 5 9; do prove "$out" hc_ar_alloc "-set Ports $p" "12'hfff" "hc_alloc Ports=$p" pass; done
for c in "1 2 0" "2 3 0" "3 4 1" "5 6 0" "8 16 0" "8 16 1"; do
  set -- $c
  prove "$out" hc_ar_router "-set Dim $1 -set PayloadWidth $2 -set RouteReg $3" "5'h1f" "hc_router Dim=$1 W=$2 RouteReg=$3" pass
done
# Controls: each pair of waiting inputs but the neighbours' checked, and an
# acknowledgement's source not set apart from the done probes.
mkdir -p "$out/mutant"
sed 's/for (int q = p + 1; q < Ports; q++)/for (int q = p + 2; q < Ports; q++)/' "$out/alloc_funcs.svh" > "$out/mutant/alloc_funcs.svh"
sed 's/seen = pd;/seen = '"'"'0;/' "$out/router_funcs.svh" > "$out/mutant/router_funcs.svh"
prove "$out/mutant" hc_ar_alloc "-set Ports 5" "12'hfff" "control: hc_alloc's mutant (AgeAntisymmetric skips pairs) fails" fail
prove "$out/mutant" hc_ar_router "-set Dim 3 -set PayloadWidth 4" "5'h1f" "control: hc_router's mutant (AckOneSource ignores probes) fails" fail
exit $fail
