# The parsers' fuzz harnesses (tests/fuzz/, docs/verification.md "Fuzzing")
# and hcsim with its C code under AddressSanitizer and
# UndefinedBehaviorSanitizer (issue 19).
#
#   make fuzz [FUZZ_SECONDS=60] [FUZZ=msgfile,sched,...]  libFuzzer (clang),
#          each harness for FUZZ_SECONDS, from tests/fuzz/corpus/<harness>/;
#          per harness the executions, corpus, coverage and findings
#          (tools/fuzz.sh; the inputs found in build/fuzz/)
#
# make test replays every harness over its seeds and regressions with a
# driver built by gcc (build/asan/fuzz/<harness>: no clang needed), and runs
# the command-line tests through build/asan/bin/hcsim.

FUZZ_SECONDS ?= 60
FUZZ ?=
FUZZ_NAMES := $(patsubst tests/fuzz/fuzz_%.c,%,$(sort $(wildcard tests/fuzz/fuzz_*.c)))
# What a harness links: the libraries, hcsim without its main (the option
# parser and the dispatch table), the translate filter's decoding.
HCSIM_LIB_SRC := $(filter-out tb/hcsim/hcsim.c,$(sort $(wildcard tb/hcsim/*.c)))
FUZZ_LIB_SRC := $(LIB_SRC) $(HCSIM_LIB_SRC) tb/backend/hc_rtl_stub.c
FUZZ_REPLAY := $(FUZZ_NAMES:%=$(BUILD)/asan/fuzz/%)
FUZZ_BIN := $(FUZZ_NAMES:%=$(BUILD)/fuzz/bin/%)

$(BUILD)/asan/tb/hcsim/%.o $(BUILD)/fuzz/tb/hcsim/%.o: INC = $(INC_HCSIM)
$(BUILD)/asan/tests/fuzz/%.o $(BUILD)/fuzz/tests/fuzz/%.o: INC = $(INC_HCSIM) -Itests/fuzz

# ---- ASan + UBSan builds of the programs (gcc, the unit tests' flags) -----
$(BUILD)/asan/bin/hcsim: $(LIB_SRC:%.c=$(BUILD)/asan/%.o) $(patsubst %.c,$(BUILD)/asan/%.o,$(wildcard tb/hcsim/*.c)) \
                         $(BUILD)/asan/tb/backend/hc_rtl_stub.o
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS_ASAN) $^ -lm -o $@

$(BUILD)/asan/bin/hc_flit_filter: $(BUILD)/asan/tb/report/hc_flit_filter.o $(BUILD)/asan/tb/report/hc_flit_text.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ASAN) $^ -o $@

$(BUILD)/asan/fuzz/%: $(BUILD)/asan/tests/fuzz/fuzz_%.o $(BUILD)/asan/tests/fuzz/replay.o $(FUZZ_LIB_SRC:%.c=$(BUILD)/asan/%.o)
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS_ASAN) $^ -lm -o $@

# ---- libFuzzer builds (clang): every object instrumented for coverage -----
FUZZ_CC := clang
CFLAGS_FUZZ = $(CSTD) $(WARN) $(INC) -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined \
              -fno-sanitize-recover=undefined

$(BUILD)/fuzz/algorithms/%.o: INC = $(INC_ALGO)
$(BUILD)/fuzz/tb/backend/%.o: INC = $(INC_BACKEND)
$(BUILD)/fuzz/tb/driver/%.o: INC = $(INC_DRIVER)
$(BUILD)/fuzz/tb/report/%.o: INC = $(INC_REPORT)

$(BUILD)/fuzz/%.o: %.c
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  CC fuzz $<")
	$(Q)$(FUZZ_CC) $(CFLAGS_FUZZ) -MMD -MP -c $< -o $@

-include $(shell find $(BUILD)/fuzz -name '*.d' 2>/dev/null)

$(BUILD)/fuzz/bin/%: $(BUILD)/fuzz/tests/fuzz/fuzz_%.o $(FUZZ_LIB_SRC:%.c=$(BUILD)/fuzz/%.o)
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  LINK    $@")
	$(Q)$(FUZZ_CC) $(CFLAGS_FUZZ) -fsanitize=fuzzer $^ -lm -o $@

.PHONY: fuzz fuzz-replay
fuzz:
	@tools/bootstrap.sh --fuzz
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ=$(FUZZ) tools/fuzz.sh

# The replay alone (what make test runs): every harness over its seeds and regressions.
fuzz-replay:
	@$(MAKE) --no-print-directory -s $(FUZZ_REPLAY)
	@tools/fuzz.sh --replay
