#!/usr/bin/env bash
# Open a waveform in GTKWave where a display exists; otherwise say where the
# file is, so a headless machine still gets the FST to copy elsewhere.
set -euo pipefail
fst=${1:-build/waves/sim.fst}
[ -f "$fst" ] || { echo "wave: $fst does not exist; run make sim ... WAVES=1 first" >&2; exit 2; }
save=${fst%.fst}.gtkw
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  if [ -f "$save" ]; then exec gtkwave "$fst" "$save"; else exec gtkwave "$fst"; fi
fi
echo "wave: no display here; open the waveform elsewhere with: gtkwave $fst $save"
