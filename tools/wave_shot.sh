#!/usr/bin/env bash
# A picture of what `make wave` shows, taken without a display: GTKWave runs
# on a virtual X server (xvfb-run; tools/bootstrap.sh --wave installs it)
# with the view hcsim wrote beside the waveform, at the window size the view
# asks for, saves its window as a PNG (File > Grab To File, from a Tcl
# script) and quits.
# Usage: tools/wave_shot.sh FST PNG
set -euo pipefail
[ $# = 2 ] || { echo "usage: tools/wave_shot.sh FST PNG" >&2; exit 2; }
fst=$1 png=$2
[ -f "$fst" ] || { echo "wave_shot: $fst does not exist; run make sim ... WAVES=1 first" >&2; exit 2; }
save=${fst%.fst}.gtkw
[ -f "$save" ] || { echo "wave_shot: no GTKWave view $save beside $fst" >&2; exit 2; }
command -v xvfb-run >/dev/null || { echo "wave_shot: xvfb-run missing (tools/bootstrap.sh --wave)" >&2; exit 2; }
read -r w h < <(sed -n 's/^\[size\] \([0-9]*\) \([0-9]*\)$/\1 \2/p' "$save")
[ -n "${h:-}" ] || { echo "wave_shot: $save has no [size] line" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
abs_png=$(realpath -m "$png")
mkdir -p "$(dirname "$abs_png")"
rm -f "$abs_png"
printf 'gtkwave::/File/Grab_To_File %s\ngtkwave::/File/Quit\n' "$abs_png" > "$tmp/grab.tcl"
# The screen a little larger than the window, so that nothing clips it.
if ! xvfb-run -a -s "-screen 0 $((w + 40))x$((h + 80))x24" gtkwave "$fst" "$save" --script "$tmp/grab.tcl" \
     > "$tmp/log" 2>&1 || [ ! -s "$abs_png" ]; then
  tail -5 "$tmp/log" >&2
  echo "wave_shot: GTKWave did not write $png" >&2
  exit 1
fi
echo "wave_shot: $png"
