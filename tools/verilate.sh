#!/usr/bin/env bash
# Runs Verilator for one RTL configuration of the testbench (the Makefile's
# rule for build/rtl/<cfg>/obj) with its whole output in a log, and prints a
# line per stage as it starts, with the seconds since the start: each
# hierarchy block Verilated, then compiled, then the network around them.
# A build takes a minute or more, and the user who typed `make sim` should
# see what it is doing (on stderr: `make sim` hides the build's stdout); a
# stage that runs long gets a line every 30 s.
# On failure the end of the log is printed.
# Usage: tools/verilate.sh CFG LOG VERILATOR-ARGS...
set -uo pipefail
cfg=$1 log=$2
shift 2
: > "$log"
start=$SECONDS
# Each stage once (Verilator's make may start a block's run twice).
seen='|'
stage() {
  case "$seen" in *"|$1|"*) return ;; esac
  seen+="$1|"
  printf '  VERILATE %s: %s (%ds)\n' "$cfg" "$1" $((SECONDS - start)) >&2
}
hier=
stage "Verilator on the RTL (log in $log)"
# A stage can run for minutes (the network's C++ of a 5-cube): a line every
# 30 s while it does, with the log's length, so a long build is never silent.
( while sleep 30; do
    printf '  VERILATE %s: ... still building (%ds, %s log lines)\n' "$cfg" $((SECONDS - start)) "$(wc -l < "$log")" >&2
  done ) &
ticker=$!
trap 'kill "$ticker" 2>/dev/null' EXIT
# The stages are read from the commands make echoes: `make -s` (make sim)
# would silence them, so the s flag is not handed on to Verilator's make.
first=${MAKEFLAGS%% *}
case "$first" in -*|*=*) ;; *) MAKEFLAGS="${first//s/}${MAKEFLAGS#"$first"}"; export MAKEFLAGS ;; esac
verilator "$@" 2>&1 | while IFS= read -r line; do
  printf '%s\n' "$line" >> "$log"
  case "$line" in
    "g++ "*)
      [ -n "$hier" ] || stage "compiling the network (C++)" ;;
    *"verilator -f "*_hierMkArgs.f)
      hier=1
      b=${line##*/}; b=${b%_hierMkArgs.f}; b=${b#V}
      case "$b" in hc_network) stage "the network of 2^D nodes" ;; *) stage "block ${b%_*}" ;; esac ;;
    *"make -f "*.mk*|*"make -C "*" -f "*.mk*)
      b=${line#*-f }; b=${b%%.mk*}; b=${b#V}
      case "$b" in hc_network) stage "compiling the network (C++)" ;; *) stage "compiling ${b%_*} (C++)" ;; esac ;;
  esac
done
st=$?
if [ $st != 0 ]; then tail -30 "$log" >&2; exit $st; fi
stage "done"
