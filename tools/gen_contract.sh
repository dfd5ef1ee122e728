#!/usr/bin/env bash
# Generate rtl/hc_pkg.sv and csim/hc_contract.h from rtl/hc_contract.txt,
# the one table of the hardware/software contract. With --check, write
# them to a temporary folder and compare with the committed files instead:
# prints "contract: PASS ..." or "contract: FAIL ..." (with the diff) and
# exits 1 on a difference, so `make test` catches a copy edited by hand.
# With --get NAME..., print the values of the C names given, one a line
# (make and tools/check_params.sh read the defaults and limits this way).
set -euo pipefail
cd "$(dirname "$0")/.."
src=rtl/hc_contract.txt
if [ "${1:-}" = --get ]; then
  shift
  for n in "$@"; do
    v=$(awk -v n="$n" '!/^#/ && !/^==/ && $4 == n { print $3; exit }' "$src")
    [ -n "$v" ] || { echo "gen_contract.sh: no $n in $src" >&2; exit 2; }
    echo "$v"
  done
  exit 0
fi
out_sv=rtl/hc_pkg.sv out_h=csim/hc_contract.h
check=0
[ "${1:-}" = --check ] && check=1
if [ $check = 1 ]; then
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  out_sv=$tmp/hc_pkg.sv out_h=$tmp/hc_contract.h
fi

awk -v target=sv '
  function emit_sec(t) { printf "\n  /// %s\n", t }
  BEGIN {
    print "// GENERATED from rtl/hc_contract.txt by tools/gen_contract.sh: do not edit."
    print "// The hardware/software contract of the router (flit kinds, counter ids,"
    print "// configuration targets, registers and fields, modes, defaults and"
    print "// ranges), the same numbers csim/hc_contract.h gives the C side. Named as"
    print "// hc_pkg::Name everywhere (yosys 0.23 does not accept `import hc_pkg::*`)."
    print "package hc_pkg;"
    print ""
    print "  // Not every constant is used by every block; they document the format."
    print "  /* verilator lint_off UNUSEDPARAM */"
  }
  /^#/ || /^[ \t]*$/ { next }
  /^== / { sub(/^== /, ""); emit_sec($0); next }
  $2 == "-" { next }
  {
    meaning = ""; for (i = 5; i <= NF; i++) meaning = meaning (i > 5 ? " " : "") $i
    if ($2 == "int") printf "  localparam int unsigned %s = %s;  // %s\n", $1, $3, meaning
    else printf "  localparam logic [%d:0] %s = %d'"'"'d%s;  // %s\n", $2 - 1, $1, $2, $3, meaning
  }
  END { print "  /* verilator lint_on UNUSEDPARAM */"; print ""; print "endpackage" }
' "$src" > "$out_sv"

awk '
  BEGIN {
    print "/*"
    print "** GENERATED from rtl/hc_contract.txt by tools/gen_contract.sh: do not edit."
    print "** The hardware/software contract of the router: the numbers rtl/hc_pkg.sv"
    print "** gives the RTL (flit kinds, counter ids, configuration targets, registers"
    print "** and fields, modes, defaults and ranges), for the model, the loader, the"
    print "** testbenches (make reads the same table with gen_contract.sh --get)."
    print "*/"
    print "#ifndef HC_CONTRACT_H"
    print "#define HC_CONTRACT_H"
  }
  /^#/ || /^[ \t]*$/ { next }
  /^== / { sub(/^== /, ""); printf "\n/* %s */\n", $0; next }
  {
    meaning = ""; for (i = 5; i <= NF; i++) meaning = meaning (i > 5 ? " " : "") $i
    printf "#define %s %s /* %s */\n", $4, $3, meaning
  }
  END { print ""; print "#endif /* HC_CONTRACT_H */" }
' "$src" > "$out_h"

if [ $check = 1 ]; then
  if diff -u rtl/hc_pkg.sv "$out_sv" && diff -u csim/hc_contract.h "$out_h"; then
    echo "contract: PASS rtl/hc_pkg.sv and csim/hc_contract.h match rtl/hc_contract.txt"
  else
    echo "contract: FAIL rtl/hc_pkg.sv or csim/hc_contract.h differs from rtl/hc_contract.txt (run make contract)"
    exit 1
  fi
fi
