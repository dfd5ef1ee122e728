#!/usr/bin/env bash
# Open a waveform in GTKWave with the view hcsim wrote beside it (the .gtkw
# and its flit translate file, tb/report/hc_gtkw.c) where a display exists;
# otherwise say where the files are, so a headless machine still gets them
# to copy elsewhere (the three files move together: the view names the
# others without a directory). GTKWave is told to fit the whole run into
# whatever window it gets (the save file's zoom fits its own window size).
# Usage: tools/wave.sh [FST]   (default build/waves/sim.fst)
set -euo pipefail
fst=${1:-build/waves/sim.fst}
[ -f "$fst" ] || { echo "wave: $fst does not exist; run make sim ... WAVES=1 first" >&2; exit 2; }
save=${fst%.fst}.gtkw
fit=(--rcvar 'do_initial_zoom_fit 1')
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  if [ -f "$save" ]; then exec gtkwave "${fit[@]}" "$fst" "$save"; else exec gtkwave "${fit[@]}" "$fst"; fi
fi
echo "wave: no display here; open the waveform elsewhere with: gtkwave $fst $save" \
     "(with ${fst%.fst}.flits.txt beside them), or take a picture of the view: tools/wave_shot.sh $fst"
