# The directed test of the channel counters in block RAM (rtl/hc_cnt_ram.sv,
# hc_router's CntRam), included from the Makefile:
#
#   make cnt-test   Verilate hc_cnt_ram alone in each configuration of
#                   CNT_TEST_CFGS and run tests/cnt/test_cnt_ram.cpp on it
#                   (random initial values, seeds 1..3): the good builds must
#                   pass, the fault-injected ones (_F<name>: HC_FAULT_<name>)
#                   must fail. One line "cnt: PASS|FAIL ..." per run.
#
# A configuration is P<ports>_W<counter bits>[_F<fault>]: 4 ports and 16
# bits are the lean router's (d = 3), 3 ports and 5 bits a count of words
# that is not a power of two and counters that wrap within the run.
# tools/run_tests.sh runs it as one job of make test.

CNT_TEST_CFGS := P4_W16 P3_W5 P4_W16_Fdropcarry P4_W16_Fnobypass
CNT_SEEDS := 1 2 3

.PHONY: cnt-test

# The fields of a configuration name: the Makefile's cfgval.
$(BUILD)/cnt/%/Vhc_cnt_ram: rtl/hc_cnt_ram.sv rtl/hc_pkg.sv tests/cnt/test_cnt_ram.cpp mk/cnt.mk
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  VERILATE hc_cnt_ram ($*)")
	$(Q)verilator --cc --exe --build -j 2 $(VFLAGS_COMMON) -O1 --x-assign unique --x-initial unique \
	    --top-module hc_cnt_ram -GPorts=$(call cfgval,$*,P) -GCntWidth=$(call cfgval,$*,W) -GWaitW=3 \
	    $(if $(call cfgval,$*,F),+define+HC_FAULT_$(call cfgval,$*,F)) \
	    -MAKEFLAGS "OPT_FAST=-O1 OPT_SLOW=-O0" --Mdir $(dir $@)obj -o $(abspath $@) \
	    rtl/hc_pkg.sv rtl/hc_cnt_ram.sv $(abspath tests/cnt/test_cnt_ram.cpp) \
	    > $(dir $@)verilator.log 2>&1 || { tail -30 $(dir $@)verilator.log; exit 1; }

# A good build passes every seed; a fault build must fail each (exit 1, with
# a mismatch or an assertion named).
cnt-test: $(foreach c,$(CNT_TEST_CFGS),$(BUILD)/cnt/$(c)/Vhc_cnt_ram)
	@fail=0; for c in $(CNT_TEST_CFGS); do \
	  p=$$(echo $$c | sed 's/^P\([0-9]*\)_.*/\1/'); w=$$(echo $$c | sed 's/^P[0-9]*_W\([0-9]*\).*/\1/'); \
	  for s in $(CNT_SEEDS); do \
	    out=$$($(BUILD)/cnt/$$c/Vhc_cnt_ram $$c-seed$$s $$p $$w $$s +verilator+rand+reset+2 +verilator+seed+$$s 2>&1); st=$$?; \
	    case $$c in \
	      *_F*) if [ $$st = 1 ] && echo "$$out" | grep -q '^cnt: FAIL'; then \
	              echo "cnt: PASS fault $${c##*_F} is caught, seed $$s: $$(echo "$$out" | grep '^cnt: FAIL' | sed 's/^cnt: FAIL [^:]*: //')"; \
	            else echo "cnt: FAIL fault $${c##*_F} is not caught, seed $$s: $$out"; fail=1; fi ;; \
	      *) echo "$$out" | grep '^cnt: ' || echo "cnt: FAIL $$c-seed$$s: no verdict ($$out)"; [ $$st = 0 ] || fail=1 ;; \
	    esac; \
	  done; \
	done; exit $$fail
