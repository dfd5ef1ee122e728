#!/usr/bin/env bash
# Print the source files of a Verilator file list (.f), one per line, as
# paths relative to the current directory: `-F other.f` lines are expanded
# in place (relative to the listing file, as Verilator reads them), `//`
# comments and blank lines are skipped. Lets yosys scripts, make rules and
# shell scripts read rtl/hc_ip.f and rtl/fpga/hc_board.f, the one place each
# file list is written. Any other option in a list is an error (status 2).
set -euo pipefail
expand() {
  local f=$1 dir line
  [ -f "$f" ] || { echo "filelist.sh: no file list $f" >&2; exit 2; }
  dir=$(dirname "$f")
  while IFS= read -r line || [ -n "$line" ]; do
    line=${line%%//*}
    line=$(echo $line)
    case "$line" in
      "") ;;
      "-F "*) expand "$dir/${line#-F }" ;;
      -*) echo "filelist.sh: $f: option '$line' is not supported" >&2; exit 2 ;;
      *) realpath -m --relative-to=. "$dir/$line" ;;
    esac
  done < "$f"
}
[ $# -ge 1 ] || { echo "usage: tools/filelist.sh LIST.f..." >&2; exit 2; }
for f in "$@"; do expand "$f"; done
