# The waveform view's pictures, taken without a display (tools/wave_shot.sh
# on a virtual X server; docs/hcsim.md, "The waveform view").

# `make wave-shot [make sim variables]`: `make sim ... WAVES=1`, then what
# `make wave` would show, as build/waves/sim.png.
wave-shot: deps
	@tools/bootstrap.sh --wave
	@$(MAKE) --no-print-directory sim WAVES=1
	@tools/wave_shot.sh $(BUILD)/waves/sim.fst $(BUILD)/waves/sim.png

# `make wave-fig`: the documented example's pictures, LCC transpose at D = 4
# without and with the optimal processor order (REMAP=opt), into docs/img/
# (only this target writes them).
WAVE_FIG_VARS := ALGO=lcc LCC=transpose D=4
wave-fig: deps
	@tools/bootstrap.sh --wave
	@set -e; for r in none opt; do \
	  $(MAKE) --no-print-directory sim $(WAVE_FIG_VARS) REMAP=$$r WAVES=1 >/dev/null; \
	  tools/wave_shot.sh $(BUILD)/waves/sim.fst docs/img/wave_lcc_transpose_$$r.png; \
	done
