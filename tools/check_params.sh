#!/usr/bin/env bash
# Check the RTL build parameters D, W, B, I (and SFGEOM, the store-and-
# forward geometry BankAW,SegAW,DescAW; empty: the default) of `make sim`
# before spending a
# Verilator build on them: one line on stderr and status 2 when out of
# range. The ranges are the contract's (rtl/hc_contract.txt), not written
# here.
cd "$(dirname "$0")/.."
d=$1 w=$2 b=$3 i=$4 g=${5:-}
read -r maxd maxw maxb minaw maxaw <<< "$(tools/gen_contract.sh --get HC_BUILD_MAX_D HC_MAX_W HC_MAX_DEPTH \
  HC_SF_AW_MIN HC_SF_AW_MAX | tr '\n' ' ')"
num() { [[ $1 =~ ^[0-9]+$ ]]; }
num "$d" && [ "$d" -ge 1 ] && [ "$d" -le "$maxd" ] || { echo "make sim: D=$d cannot be built as RTL (1..$maxd); use SIM=model for larger cubes" >&2; exit 2; }
num "$w" && [ "$w" -ge 1 ] && [ "$w" -le "$maxw" ] || { echo "make sim: W=$w must be a payload width 1..$maxw" >&2; exit 2; }
num "$b" && [ "$b" -ge 1 ] && [ "$b" -le "$maxb" ] || { echo "make sim: B=$b must be a buffer depth 1..$maxb" >&2; exit 2; }
num "$i" && [ "$i" -ge 1 ] && [ "$i" -le "$maxb" ] || { echo "make sim: I=$i must be an injection depth 1..$maxb" >&2; exit 2; }
if [ -n "$g" ]; then
  IFS=, read -r ga gs gd gx <<< "$g"
  for v in "$ga" "$gs" "$gd"; do
    { [ -z "${gx:-}" ] && num "$v" && [ "$v" -ge "$minaw" ] && [ "$v" -le "$maxaw" ]; } ||
      { echo "make sim: SFGEOM=$g must be BankAW,SegAW,DescAW, each $minaw..$maxaw (e.g. SFGEOM=12,10,7)" >&2; exit 2; }
  done
fi
exit 0
