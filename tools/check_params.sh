#!/usr/bin/env bash
# Check the RTL build parameters W, B, I of `make sim` before spending a
# Verilator build on them: one line on stderr and status 2 when out of range.
w=$1 b=$2 i=$3
num() { [[ $1 =~ ^[0-9]+$ ]]; }
num "$w" && [ "$w" -ge 1 ] && [ "$w" -le 30 ] || { echo "make sim: W=$w must be a payload width 1..30" >&2; exit 2; }
num "$b" && [ "$b" -ge 1 ] && [ "$b" -le 16 ] || { echo "make sim: B=$b must be a buffer depth 1..16" >&2; exit 2; }
num "$i" && [ "$i" -ge 1 ] && [ "$i" -le 16 ] || { echo "make sim: I=$i must be an injection depth 1..16" >&2; exit 2; }
exit 0
