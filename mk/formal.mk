# The formal proofs (docs/verification.md), included from the Makefile:
#
#   make formal [FORMAL_ONLY=glob] [FORMAL_DEPTH=N] [FORMAL_QUICK=1]
#        every job of tests/formal/jobs.txt: the router's, the network's and
#        the store-and-forward engines' properties proven (k-induction, or
#        ABC's PDR within a CPU bound) or bounded-checked (BMC), and each
#        property's mutant shown failing; one line per job (PASS, FAIL, or
#        TIMEOUT for a PDR run without a verdict), a count at the end,
#        nonzero status on a failure or a timeout.
#        FORMAL_ONLY picks jobs by name, FORMAL_DEPTH overrides the depth of
#        the BMC-only properties, FORMAL_QUICK=1 runs make test's short set.

.PHONY: formal
formal: deps
	@FORMAL_ONLY='$(FORMAL_ONLY)' FORMAL_DEPTH='$(FORMAL_DEPTH)' FORMAL_QUICK='$(FORMAL_QUICK)' tools/formal.sh
