#!/usr/bin/env bash
# Open a waveform in GTKWave where a display exists; otherwise say where the
# file is, so a headless machine still gets the FST to copy elsewhere.
set -euo pipefail
fst=${1:-build/waves/sim.fst}
[ -f "$fst" ] || { echo "wave: $fst does not exist; run make sim ... WAVES=1 first" >&2; exit 2; }
save=docs/hc_network.gtkw
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  if [ -f "$save" ]; then exec gtkwave "$fst" "$save"; else exec gtkwave "$fst"; fi
fi
echo "wave: no display; the waveform is $fst (open it with: gtkwave $fst)"
