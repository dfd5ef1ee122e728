# The verification targets of issue 19's soak and coverage (docs/verification.md).
#
# make soak (tools/soak.sh, docs/verification.md "Soak"): the model at
# saturation, 10^7 cycles per pattern x mode x buffer depth at d = 4
# (SOAK_D, SOAK_CYCLES), then the RTL in lockstep for 10^6 cycles at d = 5
# (SOAK_RTL=0 leaves it out, SOAK_RTL_CYCLES); the table in build/soak/soak.md.
.PHONY: soak
soak: deps $(BUILD)/bin/hcsim
	@tools/soak.sh

# make coverage (tools/coverage.sh, docs/verification.md "Coverage"): the
# flat 3-cube built with Verilator's line and toggle coverage (token _C)
# runs make test's lockstep suite; build/coverage/ holds the merged counts,
# the annotated sources and the summary. Not part of make test: the
# instrumented build is another 1-2 CPU-minutes for a report, not a check.
.PHONY: coverage
coverage: deps
	@tools/coverage.sh
