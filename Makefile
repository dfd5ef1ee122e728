# hcrouter: hypercube router RTL, its C golden model, and C testbenches.
#
#   make sim [SIM=both|rtl|model] [D=4] [TRAFFIC=uniform] [RATE=0.1] ...
#   make test      the whole suite (lint, synthesis, unit, lockstep), ends
#                  with "N passed, N failed"
#   make bench     model and RTL speed and memory
#   make lint      verilator --lint-only -Wall on the RTL
#   make synth-check   yosys synth_ice40 of one router and of a 2-cube
#   make wave      run `make sim ... WAVES=1` and open it in GTKWave
#   make algo-table    regenerate the measured-vs-formula table of docs/algorithms.md
#   make sf-table      the same for the store-and-forward schedules (RTL + model), docs/store_and_forward.md
#   make lcc-sweep     latency-throughput curves of Hou et al. sec. 6 (CSV + PNG)
#   make synth BOARD=icebreaker|hx8k   FPGA self-test bitstream and report (docs/fpga.md)
#   make prog BOARD=...   program it (iceprog); make fpga-sim: the same top in Verilator
#
# Both `sim` and `test` first install missing Debian packages
# (tools/bootstrap.sh), so they work on a fresh machine.

SHELL := /bin/bash
.DEFAULT_GOAL := help

# ---- RTL configuration (one Verilator build per configuration) ----------
D ?= 4
W ?= 16
B ?= 2
I ?= 4
CFG = D$(D)_W$(W)_B$(B)_I$(I)

# ---- simulation front end ------------------------------------------------
SIM ?= both
TRAFFIC ?= uniform
RATE ?= 0.1
LEN ?= 20
CYCLES ?= 10000
WARMUP ?= 1000
SEED ?= 1
# K (flits per message; unit packet words of total_exchange), M (message
# words) and BETA (start-up cycles) are passed only when set: each program
# has its documented default and rejects the ones it does not take.
K ?=
M ?=
BETA ?=

BUILD := build
ROOT := $(abspath .)
CC := cc
CXX := g++
CSTD := -std=c11 -D_POSIX_C_SOURCE=200809L
WARN := -Wall -Wextra -Werror
INC := -Icsim -Icsim/sched -Itb -Ialgorithms
CFLAGS_HOST := $(CSTD) $(WARN) $(INC) -O2 -g
CFLAGS_ASAN := $(CSTD) $(WARN) $(INC) -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

RTL_SRC := rtl/hc_pkg.sv rtl/hc_fifo.sv rtl/hc_chan_counters.sv rtl/hc_router.sv \
           rtl/hc_ni.sv rtl/hc_ram_1r1w.sv rtl/hc_sf_tx.sv rtl/hc_sf_rx.sv rtl/hc_sf_node.sv \
           rtl/hc_network.sv
ALGO_SRC := $(filter-out algorithms/lcc_table.c,$(sort $(wildcard algorithms/*.c)))
SCHED_SRC := csim/sched/hc_sched_build.c csim/sched/hc_sched_text.c csim/sched/hc_sched_validate.c \
             csim/sched/hc_sched_order.c csim/sched/hc_sched_exec.c csim/sched/hc_sched_case.c
LIB_SRC := csim/hc_status.c csim/hc_model.c csim/hc_sf.c $(SCHED_SRC) csim/hc_sfload.c tb/hc_sf_run.c tb/hc_backend.c tb/hc_driver.c tb/hc_traffic.c tb/hc_algo_run.c tb/hc_lcc_run.c tb/hc_gtkw.c $(ALGO_SRC)
TB_SRC := tb/hc_test.c $(sort $(wildcard tests/regress/*.c))
HDRS := $(wildcard csim/*.h csim/sched/*.h tb/*.h algorithms/*.h)

LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
TB_OBJ := $(TB_SRC:%.c=$(BUILD)/obj/%.o)
HCSIM_OBJ := $(BUILD)/obj/tb/hcsim.o $(BUILD)/obj/tb/hcsim_algo.o $(BUILD)/obj/tb/hcsim_lcc.o $(BUILD)/obj/tb/hcsim_sf.o $(BUILD)/obj/tb/hc_cli.o
STUB_OBJ := $(BUILD)/obj/tb/hc_rtl_stub.o

# Keep every object: the per-configuration links reuse them.
.SECONDARY:

.PHONY: help deps sim test bench lint synth-check wave rtl clean algo-table lcc-sweep lcc-table sf-table
help:
	@sed -n '1,/^$$/p' Makefile | sed 's/^# \{0,1\}//'

deps:
	@tools/bootstrap.sh

# ---- host C objects -------------------------------------------------------
# V=1 shows the full compiler command lines.
Q := $(if $(filter 1,$(V)),,@)

$(BUILD)/obj/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  CC      $<")
	$(Q)$(CC) $(CFLAGS_HOST) -c $< -o $@

$(BUILD)/asan/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  CC asan $<")
	$(Q)$(CC) $(CFLAGS_ASAN) -c $< -o $@

# Model-only programs: no Verilator involved.
$(BUILD)/bin/hc_flit_filter: tb/hc_flit_filter.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $< -o $@

$(BUILD)/bin/hcsim: $(LIB_OBJ) $(HCSIM_OBJ) $(STUB_OBJ)
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS_HOST) $^ -lm -o $@

$(BUILD)/asan/tb_model: $(LIB_SRC:%.c=$(BUILD)/asan/%.o) $(TB_SRC:%.c=$(BUILD)/asan/%.o) $(BUILD)/asan/tb/hc_rtl_stub.o
	$(CC) $(CFLAGS_ASAN) $^ -lm -o $@

$(BUILD)/asan/test_model: $(BUILD)/asan/tests/unit/test_model.o $(BUILD)/asan/csim/hc_status.o $(BUILD)/asan/csim/hc_model.o $(BUILD)/asan/csim/hc_sf.o
	$(CC) $(CFLAGS_ASAN) $^ -lcmocka -o $@

$(BUILD)/asan/test_sf: $(BUILD)/asan/tests/unit/test_sf.o $(BUILD)/asan/csim/hc_status.o $(BUILD)/asan/csim/hc_sf.o
	$(CC) $(CFLAGS_ASAN) $^ -lcmocka -o $@

$(BUILD)/asan/test_sfload: $(BUILD)/asan/tests/unit/test_sfload.o $(BUILD)/asan/csim/hc_status.o $(BUILD)/asan/csim/hc_sfload.o \
    $(SCHED_SRC:%.c=$(BUILD)/asan/%.o) $(patsubst %.c,$(BUILD)/asan/%.o,$(wildcard algorithms/sf_*.c))
	$(CC) $(CFLAGS_ASAN) $^ -lcmocka -o $@

$(BUILD)/asan/test_algo: $(BUILD)/asan/tests/unit/test_algo.o $(BUILD)/asan/csim/hc_status.o $(ALGO_SRC:%.c=$(BUILD)/asan/%.o) $(SCHED_SRC:%.c=$(BUILD)/asan/%.o)
	$(CC) $(CFLAGS_ASAN) $^ -lcmocka -o $@

$(BUILD)/asan/test_sched: $(BUILD)/asan/tests/unit/test_sched.o $(BUILD)/asan/csim/hc_status.o $(SCHED_SRC:%.c=$(BUILD)/asan/%.o) \
    $(patsubst %.c,$(BUILD)/asan/%.o,$(wildcard algorithms/sf_*.c))
	$(CC) $(CFLAGS_ASAN) $^ -lcmocka -o $@

$(BUILD)/asan/test_lcc: $(BUILD)/asan/tests/unit/test_lcc.o $(BUILD)/asan/csim/hc_status.o $(BUILD)/asan/algorithms/gf2.o $(BUILD)/asan/algorithms/lcc.o
	$(CC) $(CFLAGS_ASAN) $^ -lcmocka -o $@

$(BUILD)/asan/test_status: $(BUILD)/asan/tests/unit/test_status.o $(BUILD)/asan/csim/hc_status.o
	$(CC) $(CFLAGS_ASAN) $^ -lcmocka -o $@

UNIT_TESTS := $(BUILD)/asan/test_status $(BUILD)/asan/test_model $(BUILD)/asan/test_algo $(BUILD)/asan/test_lcc $(BUILD)/asan/test_sched \
              $(BUILD)/asan/test_sf $(BUILD)/asan/test_sfload

# ---- Verilated RTL, one directory per configuration ----------------------
# The Verilated model of a configuration depends on the RTL alone, so a
# change to C code only relinks. Verilator's generated makefile builds C++
# only: the C side is compiled above with cc, and the thin C++ shim and
# Verilator's runtime are compiled here; everything is linked with g++.
RTL_DIR = $(BUILD)/rtl/$(CFG)
VRT_INC := $(shell verilator --getenv VERILATOR_ROOT 2>/dev/null || echo /usr/share/verilator)/include
VRT_CXXFLAGS := -std=gnu++17 -Os -I$(VRT_INC) -I$(VRT_INC)/vltstd -DVM_COVERAGE=0 -DVM_SC=0 -DVM_TRACE=1 \
                -DVM_TRACE_FST=1 -DVM_TRACE_VCD=0 -faligned-new -Wno-unused-parameter -Wno-unused-variable
VRT_OBJ := $(addprefix $(BUILD)/obj/verilated/,verilated.o verilated_fst_c.o verilated_threads.o)
LINK_LIBS := -lz -pthread -latomic -lm

# The configuration comes from the directory name, D<d>_W<w>_B<b>_I<i>.
cfgval = $(patsubst $(2)%,%,$(filter $(2)%,$(subst _, ,$(1))))
vflags = --cc --build -j 2 --trace-fst --timescale 1ns/1ns -O3 --x-assign fast --x-initial fast \
         --top-module hc_network -GDim=$(call cfgval,$(1),D) -GPayloadWidth=$(call cfgval,$(1),W) \
         -GBufDepth=$(call cfgval,$(1),B) -GInjDepth=$(call cfgval,$(1),I) \
         -MAKEFLAGS "OPT_FAST=-O1 OPT_SLOW=-O0"

$(BUILD)/obj/verilated/%.o: $(VRT_INC)/%.cpp
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  CXX     $(notdir $<)")
	$(Q)$(CXX) $(VRT_CXXFLAGS) -c $< -o $@

# Rebuild a model when its Verilator flags change, not only its sources.
.PHONY: FORCE
$(BUILD)/rtl/%/vflags: FORCE
	@mkdir -p $(dir $@)
	@echo '$(call vflags,$*)' | cmp -s - $@ 2>/dev/null || echo '$(call vflags,$*)' > $@

$(BUILD)/rtl/%/obj/Vhc_network__ALL.a: $(RTL_SRC) tb/hc_verilator.vlt $(BUILD)/rtl/%/vflags
	@echo "  VERILATE $* (log in $(BUILD)/rtl/$*/verilator.log)"
	@verilator $(call vflags,$*) --Mdir $(dir $@) tb/hc_verilator.vlt $(RTL_SRC) \
	    > $(BUILD)/rtl/$*/verilator.log 2>&1 || { tail -30 $(BUILD)/rtl/$*/verilator.log; exit 1; }

$(BUILD)/rtl/%/hc_rtl_shim.o: tb/hc_rtl_shim.cpp tb/hc_rtl.h csim/hc_model.h $(BUILD)/rtl/%/obj/Vhc_network__ALL.a
	$(if $(Q),@echo "  CXX     $< ($*)")
	$(Q)$(CXX) $(VRT_CXXFLAGS) -O2 -I$(BUILD)/rtl/$*/obj -Icsim -Itb -DHC_D=$(call cfgval,$*,D) \
	    -DHC_W=$(call cfgval,$*,W) -DHC_B=$(call cfgval,$*,B) -DHC_I=$(call cfgval,$*,I) -c $< -o $@

$(BUILD)/rtl/%/tb_rtl: $(BUILD)/rtl/%/hc_rtl_shim.o $(BUILD)/rtl/%/obj/Vhc_network__ALL.a $(LIB_OBJ) $(TB_OBJ) $(VRT_OBJ)
	$(if $(Q),@echo "  LINK    $@")
	$(Q)$(CXX) -o $@ $(LIB_OBJ) $(TB_OBJ) $(filter %.o %.a,$(wordlist 1,2,$^)) $(VRT_OBJ) $(LINK_LIBS)

$(BUILD)/rtl/%/hcsim: $(BUILD)/rtl/%/hc_rtl_shim.o $(BUILD)/rtl/%/obj/Vhc_network__ALL.a $(LIB_OBJ) $(HCSIM_OBJ) $(VRT_OBJ)
	$(if $(Q),@echo "  LINK    $@")
	$(Q)$(CXX) -o $@ $(LIB_OBJ) $(HCSIM_OBJ) $(filter %.o %.a,$(wordlist 1,2,$^)) $(VRT_OBJ) $(LINK_LIBS)

rtl: $(RTL_DIR)/hcsim $(RTL_DIR)/tb_rtl

# ---- the main job -----------------------------------------------------------
ifneq ($(ALGO),)
SIM_ARGS = --algo $(ALGO) --sim $(SIM) --d $(D) --w $(W) --buf $(B) --inj $(I) --seed $(SEED) \
           $(if $(K),--k $(K)) $(if $(M),--m $(M)) $(if $(BETA),--beta $(BETA)) $(if $(SCHED),--sched $(SCHED)) \
           $(if $(LCC),--lcc $(LCC)) $(if $(LCC_A),--lcc-a '$(LCC_A)') $(if $(LCC_B),--lcc-b '$(LCC_B)') \
           $(if $(LCC_FILE),--lcc-file $(LCC_FILE)) $(if $(LCC_KIND),--lcc-kind $(LCC_KIND)) \
           $(if $(REMAP),--remap $(REMAP)) \
           $(if $(LCCS),--lccs $(LCCS)) $(if $(OBJECTIVE),--objective $(OBJECTIVE)) \
           $(if $(JSON),--json $(JSON)) $(if $(filter 1,$(WAVES)),--waves $(BUILD)/waves/sim.fst)
else
SIM_ARGS = --sim $(SIM) --d $(D) --w $(W) --buf $(B) --inj $(I) \
           $(if $(FILE),--file $(FILE),--traffic $(TRAFFIC) --rate $(RATE) --len $(LEN)) \
           --cycles $(CYCLES) --warmup $(WARMUP) --seed $(SEED) \
           $(if $(DRAIN),--drain $(DRAIN)) $(if $(HOT_NODE),--hot-node $(HOT_NODE)) \
           $(if $(HOT_FRAC),--hot-frac $(HOT_FRAC)) $(if $(JSON),--json $(JSON)) $(if $(MODE),--mode $(MODE)) \
           $(if $(filter 1,$(WAVES)),--waves $(BUILD)/waves/sim.fst)
endif

sim: deps
	@$(MAKE) --no-print-directory -s $(BUILD)/bin/hcsim $(BUILD)/bin/hc_flit_filter >/dev/null || exit 1; \
	if [ "$(SIM)" = model ] || [ "$(ALGO)" = list ]; then \
	  exec $(BUILD)/bin/hcsim $(SIM_ARGS); \
	fi; \
	if [ -n "$(ALGO)" ]; then $(BUILD)/bin/hcsim $(SIM_ARGS) --sim model --check-args || exit 2; fi; \
	case "$(SIM)" in rtl|both) ;; *) echo "make sim: SIM must be model, rtl or both, not '$(SIM)'" >&2; exit 2;; esac; \
	case "$(D)" in [1-8]) ;; *) echo "make sim: D=$(D) cannot be built as RTL (1..8); use SIM=model for larger cubes" >&2; exit 2;; esac; \
	tools/check_params.sh "$(W)" "$(B)" "$(I)" || exit 2; \
	[ -x $(RTL_DIR)/hcsim ] || echo "building RTL for $(CFG) (first use only; log in $(RTL_DIR)/verilator.log)" >&2; \
	$(MAKE) --no-print-directory -s $(RTL_DIR)/hcsim >/dev/null || exit 1; \
	mkdir -p $(BUILD)/waves; \
	exec $(RTL_DIR)/hcsim $(SIM_ARGS)

# `make wave ALGO=aap` (or any sim variables): run with waves, then open
# them where a display exists; otherwise just say where the files are.
wave:
	@$(MAKE) --no-print-directory sim WAVES=1
	@tools/wave.sh $(BUILD)/waves/sim.fst

# ---- checks -------------------------------------------------------------------
lcc-sweep: deps $(BUILD)/bin/hcsim
	@tools/lcc_sweep.sh

algo-table: $(BUILD)/bin/hcsim
	@tools/algo_table.sh

sf-table: deps
	@tools/sf_table.sh

lcc-table: $(BUILD)/bin/hcsim
	@tools/lcc_table.sh

lint:
	@tools/lint.sh

synth-check:
	@tools/synth_check.sh

test: deps
	@tools/run_tests.sh

bench: deps
	@tools/bench.sh

clean:
	rm -rf $(BUILD)

# ---- the FPGA boards (docs/fpga.md) ----------------------------------------
include mk/fpga.mk
