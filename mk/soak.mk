# make soak (tools/soak.sh, docs/verification.md "Soak"): the model at
# saturation, 10^7 cycles per pattern x mode x buffer depth at d = 4
# (SOAK_D, SOAK_CYCLES), then the RTL in lockstep for 10^6 cycles at d = 5
# (SOAK_RTL=0 leaves it out, SOAK_RTL_CYCLES); the table in build/soak/soak.md.
.PHONY: soak
soak: deps $(BUILD)/bin/hcsim
	@tools/soak.sh
