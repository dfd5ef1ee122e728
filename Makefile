# hcrouter: hypercube router RTL, its C golden model, and C testbenches.
#
#   make sim [SIM=both|rtl|model] [D=4] [TRAFFIC=uniform] [RATE=0.1] ...
#                  [SFGEOM=BankAW,SegAW,DescAW]  RTL store-and-forward geometry
#                  [ROUTE_REG=1]  the routers' registered route (2 cycles per hop; build token _Q)
#                  [CNT_RAM=1]  the routers' channel counters in block RAM (read port registered; build token _K)
#                  [SF_MEM_TDM=1]  each node's store-and-forward banks in one time-multiplexed RAM (build token _T)
#                  [ROUTING=ecube|pcube|chiu|...]  routing function (not e-cube:
#                                 SIM=model only; hcsim --routing list)
#                  [TRAFFIC=netrace FILE=t.tra.bz2 [REGION=K] [DEPS=off] [FLIT_BYTES=16]]
#                                 replay a netrace trace (docs/hcsim.md)
#   make test      the whole suite (lint, synthesis, unit, lockstep), ends
#                  with "N passed, N failed"
#   make test-long the same with the 5-cube's RTL in lockstep too, and the
#                  model at d = 20 (a million nodes, tools/model_smoke.sh)
#   make soak      saturation soaks: the model 10^7 cycles per pattern x mode x buffer,
#                  the RTL in lockstep 10^6 cycles at d = 5 (docs/verification.md)
#   make coverage  Verilator line and toggle coverage of the RTL over the lockstep suite
#                  (build/coverage/: annotated sources, summary)
#   make bench     the model's speed and memory, d = 4..20, light load and
#                  saturation (build/bench/: CSV, PNG); docs/performance.md
#   make fuzz [FUZZ_SECONDS=60]  libFuzzer on every parser (clang; tests/fuzz/, mk/fuzz.mk):
#                  executions, corpus, coverage and findings per harness
#   make lint      verilator --lint-only -Wall on the RTL
#   make assert-rewrite  the word-form assertions proven equal to the per-port ones they replaced
#   make contract  regenerate rtl/hc_pkg.sv and csim/hc_contract.h from rtl/hc_contract.txt
#   make synth-check   yosys synth_ice40 of one router and of a 1-cube (2-cube: HC_TEST_LONG=1)
#   make formal    the formal proofs (yosys-smtbmc with z3, ABC's PDR): router, network and
#                  store-and-forward properties and their mutants, docs/verification.md
#                  (FORMAL_ONLY=glob, FORMAL_DEPTH=N for the BMC-only ones)
#   make wave      run `make sim ... WAVES=1` and open it in GTKWave
#   make wave-shot [sim variables]  the same view as a PNG without a display (build/waves/sim.png);
#                  make wave-fig: docs/img/wave_lcc_transpose_{none,opt}.png (docs/hcsim.md)
#   make algo-table    regenerate the measured-vs-formula table of docs/boppana.md
#   make aap-cost-table  AAP and AAP' under the paper's cost model (circuit switching), docs/boppana.md
#   make sf-table      the same for the store-and-forward schedules (RTL + model), docs/store_and_forward.md
#   make sf-plot       the broadcasts of Stout & Wagar §2: cycles against m (build/plots/sf_broadcast.png)
#   make bert-table    Table 1 of Bertsekas et al. measured (model d = 1..12, lockstep 1..5), docs/bertsekas.md
#   make johnsson-table  Johnsson's step counts measured (executor and model), docs/johnsson.md
#                      (BERT_MODEL_D="1 2 3", BERT_LOCKSTEP_D="2 3 4", BERT_K, BERT_BETA restrict it)
#   make sweep TRAFFIC=bitrev D=6 RATES=0.02:0.2:0.02 [SEEDS=3] [MODE=] [REMAP=] [SIM=model] [CLUSTER=slurm]
#                  latency-throughput sweep of any traffic (or FILES=...), CSV + PNG in build/sweep/ (docs/sweeps.md)
#   make test-slurm    the same sweep through a one-node Slurm started here, against the local CSV
#   make lcc-sweep     latency-throughput curves of Hou et al. sec. 6 (CSV + PNG in build/lcc; make lcc-fig: docs/img)
#   make hou-fig       Hou et al. Figs. 5-7: e-cube, mappings, adaptive routings (docs/hou.md)
#   make hou-fft-table Hou et al. sec. 6.2 Tables 1-2 from measured cycles (model; lockstep d = 2..5), docs/hou.md
#   make synth BOARD=icebreaker|hx8k   FPGA self-test bitstream and report (docs/fpga.md)
#   make prog BOARD=...   program it (iceprog); make fpga-sim: the same top in Verilator
#   make fpga-docs  both boards' reports and the one-router table (make fpga-table:
#                  d 2..4, w 8/16, b 1/2/4, counters or none, against the figures before)
#   make fpga-table-update  after a router edit: the rows make test checks, measured again
#   make fpga-lean  the lean-router study of docs/fpga.md (block-RAM buffers, registered stages)
#   make cnt-test   the directed test of the channel counters in block RAM (rtl/hc_cnt_ram.sv, CntRam)
#   make install PREFIX=...  libhcrouter (static, shared), its headers, hcrouter.pc and
#                  the router IP under share/ (RTL_CFGS=...: RTL libraries); docs/library.md
#   make docs-api  the library's API reference (Doxygen), build/docs-api/html/index.html
#   make tlm-demo [SIM=model|rtl|both] [TLM_ARGS=...]  SystemC/TLM-2.0 platform over the model or the RTL:
#                  2^d node threads run AAP and the total exchange through the sockets, checking their data
#   make tlm-check  the SystemC runs (random traffic, AAP, reordered transpose, total exchange) against hcsim,
#                  model and lockstep, sockets or callback, internal clock or clock port (docs/systemc.md)
#   make core      regenerate rtl/hcrouter.core (FuseSoC) from rtl/hc_ip.f and the contract
#
# Both `sim` and `test` first install missing Debian packages
# (tools/bootstrap.sh), so they work on a fresh machine.

SHELL := /bin/bash
.DEFAULT_GOAL := help

# ---- RTL configuration (one Verilator build per configuration) ----------
# Defaults and limits come from the hardware/software contract
# (rtl/hc_contract.txt, the one place they are written).
contract = $(shell tools/gen_contract.sh --get $(1))
D ?= $(call contract,HC_DEFAULT_D)
W ?= $(call contract,HC_DEFAULT_W)
B ?= $(call contract,HC_DEFAULT_B)
I ?= $(call contract,HC_DEFAULT_I)
BUILD_MAX_D := $(call contract,HC_BUILD_MAX_D)
# The store-and-forward geometry of an RTL build (docs/store_and_forward.md,
# section 7.2): SFGEOM=<BankAW>,<SegAW>,<DescAW>, each 1..16; empty or the
# contract's default (11,10,6) is the default build. It names the build
# with a token _G<BankAW>.<SegAW>.<DescAW>. SIM=model ignores it (the model
# sizes itself to each case).
SFGEOM ?=
comma := ,
SF_DEFAULT_GEOM := $(shell tools/gen_contract.sh --get HC_SF_BANK_AW HC_SF_SEG_AW HC_SF_DESC_AW | paste -sd.)
SFGEOM_DOTS = $(subst $(comma),.,$(strip $(SFGEOM)))
# ROUTE_REG=1: the routers register their route (RouteReg, 2 cycles per
# hop; docs/microarchitecture.md): the build token _Q, and hcsim --route-reg 1.
ROUTE_REG ?=
# CNT_RAM=1: the routers' summing counters in block RAM (CntRam, the read
# port registered; docs/microarchitecture.md): the build token _K. The
# model and hcsim need no setting (the counts are the same).
CNT_RAM ?=
# SF_MEM_TDM=1: each node's store-and-forward banks in one RAM, d memory
# clocks a link cycle (SfMemTdm; docs/store_and_forward.md, section 7.8):
# the build token _T (flat builds: d <= 4, or WAVES=1). The model needs no
# setting (it counts link cycles).
SF_MEM_TDM ?=
CFG = D$(D)_W$(W)_B$(B)_I$(I)$(if $(filter-out $(SF_DEFAULT_GEOM),$(SFGEOM_DOTS)),_G$(SFGEOM_DOTS))$(if $(filter 1,$(ROUTE_REG)),_Q)$(if $(filter 1,$(CNT_RAM)),_K)$(if $(filter 1,$(SF_MEM_TDM)),_T)$(WAVE_H)
# A waveform needs the whole network Verilated (token _H) where the default
# build is the node-sharded one (D >= NODE_MIN_D, below).
WAVE_H = $(if $(and $(filter 1,$(WAVES)),$(filter-out $(shell seq 1 $$(($(NODE_MIN_D) - 1))),$(D))),_H)

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
# Include paths by layer, in the direction the data flows (generator ->
# driver -> backend, then report): each layer compiles with its own folder
# and the layers below it only (pattern-specific INC, under "host C
# objects"), so an include against the flow does not compile.
INC_CSIM := -Icsim -Icsim/sched
INC_ALGO := $(INC_CSIM) -Ialgorithms
INC_BACKEND := $(INC_CSIM) -Itb/backend
INC_DRIVER := $(INC_ALGO) -Itb/backend -Itb/driver
INC_REPORT := $(INC_DRIVER) -Itb/report
INC_TEST := $(INC_DRIVER) -Itb/test
INC_HCSIM := $(INC_REPORT) -Itb/hcsim
INC = $(INC_CSIM)
CFLAGS_HOST = $(CSTD) $(WARN) $(INC) -O2 -g
CFLAGS_ASAN = $(CSTD) $(WARN) $(INC) -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

# The router IP's sources, from its one file list (rtl/hc_ip.f).
RTL_LIST := rtl/hc_ip.f
RTL_SRC := $(shell tools/filelist.sh $(RTL_LIST))
ALGO_SRC := $(filter-out algorithms/lcc_table.c,$(sort $(wildcard algorithms/*.c)))
SCHED_SRC := $(sort $(wildcard csim/sched/*.c))
LIB_SRC := csim/hc_status.c csim/hc_model.c csim/hc_route.c csim/hc_sf.c $(SCHED_SRC) csim/hc_sfload.c tb/backend/hc_backend.c tb/driver/hc_driver.c tb/driver/hc_traffic.c tb/driver/hc_netrace.c tb/driver/hc_netstats.c tb/driver/hc_sf_run.c tb/driver/hc_algo_run.c tb/driver/hc_lcc_run.c tb/driver/hc_fft_run.c tb/driver/hc_np_run.c tb/report/hc_gtkw.c tb/report/hc_flit_text.c tb/report/hc_report.c $(ALGO_SRC)
TB_SRC := tb/test/hc_test.c $(sort $(wildcard tests/regress/*.c))

LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
TB_OBJ := $(TB_SRC:%.c=$(BUILD)/obj/%.o)
HCSIM_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard tb/hcsim/*.c))
STUB_OBJ := $(BUILD)/obj/tb/backend/hc_rtl_stub.o

# Keep every object: the per-configuration links reuse them.
.SECONDARY:

# `make print-VAR` shows a variable (scripts read lists from here).
print-%:
	@echo $($*)

.PHONY: sweep test-slurm help deps sim test test-long bench lint assert-rewrite contract synth-check wave wave-shot wave-fig rtl clean algo-table aap-cost-table lcc-sweep lcc-fig lcc-table sf-table sf-plot hou-fig hou-fft-table bert-table johnsson-table
help:
	@sed -n '1,/^$$/p' Makefile | sed 's/^# \{0,1\}//'

deps:
	@tools/bootstrap.sh

# ---- host C objects -------------------------------------------------------
# V=1 shows the full compiler command lines.
Q := $(if $(filter 1,$(V)),,@)

# Header dependencies come from the compiler (-MMD -MP: a .d file beside
# each object), so an object is rebuilt for the headers it includes only.
$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  CC      $<")
	$(Q)$(CC) $(CFLAGS_HOST) -MMD -MP -c $< -o $@

$(BUILD)/asan/%.o: %.c
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  CC asan $<")
	$(Q)$(CC) $(CFLAGS_ASAN) -MMD -MP -c $< -o $@

-include $(shell find $(BUILD)/obj $(BUILD)/asan -name '*.d' 2>/dev/null) \
         $(wildcard $(BUILD)/rtl/*/hc_rtl_shim.d)

$(BUILD)/obj/algorithms/%.o $(BUILD)/asan/algorithms/%.o: INC = $(INC_ALGO)
$(BUILD)/obj/tb/backend/%.o $(BUILD)/asan/tb/backend/%.o $(BUILD)/pgo-host/tb/backend/%.o: INC = $(INC_BACKEND)
$(BUILD)/obj/tb/driver/%.o $(BUILD)/asan/tb/driver/%.o $(BUILD)/pgo-host/tb/driver/%.o: INC = $(INC_DRIVER)
$(BUILD)/obj/tb/report/%.o $(BUILD)/asan/tb/report/%.o: INC = $(INC_REPORT)
$(BUILD)/obj/tb/test/%.o $(BUILD)/asan/tb/test/%.o: INC = $(INC_TEST)
$(BUILD)/obj/tb/hcsim/%.o $(BUILD)/pgo-host/tb/hcsim/%.o: INC = $(INC_HCSIM)
$(BUILD)/obj/tests/%.o $(BUILD)/asan/tests/%.o: INC = $(INC_TEST)

# Model-only programs: no Verilator involved.
$(BUILD)/bin/hc_flit_filter: tb/report/hc_flit_filter.c tb/report/hc_flit_text.c tb/report/hc_flit_text.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -Itb/report $(filter %.c,$^) -o $@

# hcsim's hot objects (the model, the driver, the traffic source and its
# statistics, the backend: the code that runs for every node and cycle) are compiled with
# gcc's profile of a short training run on the model (tools/host_pgo.sh,
# which compiles them in $(BUILD)/pgo-host in two phases; docs/performance.md,
# "Today": about 3 % less CPU time on the bench's work). Every other program
# links the plain objects. HOST_PGO=0 turns it off; so does a CC that is
# not gcc (the flags are gcc's).
HOST_PGO ?= $(shell echo | $(CC) -dM -E - 2>/dev/null | awk '/__GNUC__/ { g = 1 } /__clang__|__INTEL_COMPILER/ { o = 1 } \
                END { print (g && !o) ? 1 : 0 }')
HOST_PGO := $(HOST_PGO)
PGO_HOST_SRC := csim/hc_model.c tb/driver/hc_driver.c tb/driver/hc_traffic.c tb/driver/hc_netstats.c \
                tb/backend/hc_backend.c tb/hcsim/hcsim_traffic.c
PGO_HOST_OBJ := $(PGO_HOST_SRC:%.c=$(BUILD)/pgo-host/%.o)
PGO_HOST_HDR := $(wildcard csim/*.h csim/sched/*.h algorithms/*.h tb/backend/*.h tb/driver/*.h tb/report/*.h tb/hcsim/*.h)
HCSIM_OTHER_OBJ := $(filter-out $(PGO_HOST_SRC:%.c=$(BUILD)/obj/%.o),$(LIB_OBJ) $(HCSIM_OBJ)) $(STUB_OBJ)
host_pgo := $(filter 1,$(HOST_PGO))
HOST_PGO_PHASE ?=
$(BUILD)/pgo-host/%.o: %.c
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  CC pgo  $< ($(HOST_PGO_PHASE))")
	$(Q)$(CC) $(CFLAGS_HOST) $(if $(filter gen,$(HOST_PGO_PHASE)),$(PGO_GEN),$(PGO_USE)) -c $< -o $@
$(BUILD)/pgo-host/stamp: $(PGO_HOST_SRC) $(PGO_HOST_HDR) $(HCSIM_OTHER_OBJ) tools/host_pgo.sh
	@mkdir -p $(dir $@)
	+@tools/host_pgo.sh $(BUILD) "$(CC)" "$(CFLAGS_HOST)" "$(HCSIM_OTHER_OBJ)"
	@touch $@

# (hcsim is linked again when HOST_PGO changes: the setting in a file.)
$(BUILD)/pgo-host/setting: FORCE
	@mkdir -p $(dir $@)
	@echo '$(HOST_PGO)' | cmp -s - $@ 2>/dev/null || echo '$(HOST_PGO)' > $@

$(BUILD)/bin/hcsim: $(LIB_OBJ) $(HCSIM_OBJ) $(STUB_OBJ) $(BUILD)/pgo-host/setting $(if $(host_pgo),$(BUILD)/pgo-host/stamp)
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS_HOST) $(if $(host_pgo),$(HCSIM_OTHER_OBJ) $(PGO_HOST_OBJ),$(LIB_OBJ) $(HCSIM_OBJ) $(STUB_OBJ)) -lm -o $@

$(BUILD)/asan/tb_model: $(LIB_SRC:%.c=$(BUILD)/asan/%.o) $(TB_SRC:%.c=$(BUILD)/asan/%.o) $(BUILD)/asan/tb/backend/hc_rtl_stub.o
	$(CC) $(CFLAGS_ASAN) $^ -lm -o $@

# The cmocka unit tests: one program per tests/unit/test_<group>.c, each
# linked with the model, schedule and generator libraries (no testbench,
# no RTL). The list is derived here only (run_tests.sh asks for it).
UNIT_LIB_SRC := $(filter csim/%,$(LIB_SRC)) $(ALGO_SRC)
UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/asan/%,$(sort $(wildcard tests/unit/test_*.c)))

$(BUILD)/asan/test_%: $(BUILD)/asan/tests/unit/test_%.o $(UNIT_LIB_SRC:%.c=$(BUILD)/asan/%.o)
	$(CC) $(CFLAGS_ASAN) $^ -lcmocka -lm -o $@

# ---- Verilated RTL, one directory per configuration ----------------------
# The Verilated model of a configuration depends on the RTL alone, so a
# change to C code only relinks. Verilator's generated makefile builds C++
# only: the C side is compiled above with cc, and the thin C++ shim and
# Verilator's runtime are compiled here; everything is linked with g++.
RTL_DIR = $(BUILD)/rtl/$(CFG)
VRT_INC := $(shell verilator --getenv VERILATOR_ROOT 2>/dev/null || echo /usr/share/verilator)/include
VRT_CXXFLAGS := -std=gnu++17 -Os -I$(VRT_INC) -I$(VRT_INC)/vltstd -DVM_COVERAGE=0 -DVM_SC=0 -DVM_TRACE=1 \
                -DVM_TRACE_FST=1 -DVM_TRACE_VCD=0 -faligned-new -Wno-unused-parameter -Wno-unused-variable
VRT_OBJ := $(addprefix $(BUILD)/obj/verilated/,verilated.o verilated_fst_c.o verilated_threads.o verilated_cov.o)
LINK_LIBS := -lz -pthread -latomic -lm

# The configuration comes from the directory name, D<d>_W<w>_B<b>_I<i>, with
# an optional _G<BankAW>.<SegAW>.<DescAW> (the store-and-forward geometry,
# passed as +define+HC_CFG_BANK_AW=... to Verilator (rtl/hc_network.sv: the
# hierarchical build takes no -G) and -DHC_BANK_AW=... to the shim; none:
# the contract's default) and an optional _F<name> that defines
# HC_FAULT_<name>: a fault injected on purpose, so a test can show an RTL
# assertion firing; and the tokens _X (random X and initial values, below)
# and _C (Verilator's line and toggle coverage, VM_COVERAGE=1 in the shim;
# make coverage, tools/coverage.sh), and _R (the routers' input buffers as
# memories with a registered read, BufRam: what an FPGA puts in block RAM)
# and _Q (the routers' registered route, RouteReg: 2 cycles per hop; passed
# to the shim as -DHC_Q=1, and the model runs with route_reg = 1 against it)
# and _K (the routers' summing counters in block RAM, CntRam: the counter
# read port registered; the RTL gets the define HC_CNT_PEEK, its
# simulation-only port of the counters as they are now, and the shim
# -DHC_K=1, which then reads that port and walks the real one over every
# counter)
# and _T (each node's store-and-forward banks in one time-multiplexed RAM,
# SfMemTdm, docs/store_and_forward.md section 7.8: the shim, -DHC_T=1,
# steps Dim memory clocks a link cycle; flat builds only)
# and _P<name>, which defines HC_PROTO_<name>: a prototype of docs/fpga.md
# ("Towards the lean router") that changes the router's timing, so only
# the RTL backend alone runs it (the lockstep with the model fails).
# Every Verilator build of this project passes --assert (VFLAGS_COMMON):
# without it Verilator compiles the RTL's assertions out and a failing one
# runs to the end with exit 0.
cfgval = $(patsubst $(2)%,%,$(filter $(2)%,$(subst _, ,$(1))))
# Whether configuration $(1) has the token $(2) alone (X, C): non-empty if so.
cfgflag = $(filter $(2),$(subst _, ,$(1)))
# Field k (1..3) of the G token of configuration $(1), empty without one.
cfggeom = $(word $(2),$(subst ., ,$(call cfgval,$(1),G)))
# The tokens above, the one list a configuration name is checked against
# (cfgcheck, before any Verilator build): valued ones by their letter.
CFG_VALUED := D W B I G F P
CFG_FLAGS := X C R Q K N H T
cfgcheck = for t in $(subst _, ,$(1)); do case "$$t" in \
    $(foreach v,$(CFG_VALUED),$(v)?*|)$(foreach f,$(CFG_FLAGS),$(f)|)__none__) ;; \
    *) echo "make: configuration $(1): unknown token '$$t' (D<d>_W<w>_B<b>_I<i>, then _G<a.b.c> _F<fault> _P<proto> $(foreach f,$(CFG_FLAGS),_$(f)), each its own token)" >&2; exit 2 ;; esac; done
VFLAGS_COMMON := --assert
# Verilator's C++ goes through ccache when it is installed (tools/bootstrap.sh
# installs it; OBJCACHE= turns it off): a configuration built before, in this
# or any clone, and the hierarchical blocks of a new configuration whose own
# parameters did not change (the router of D4_W16_B2_I8 after D4_W16_B2_I4)
# are not compiled again (docs/performance.md, "Rebuilding").
# (Looked up once: a recursive ?= would run the shell at every expansion,
# and an exported variable is expanded for every recipe.)
ifeq ($(origin OBJCACHE),undefined)
OBJCACHE := $(if $(shell command -v ccache),ccache)
endif
export OBJCACHE
# From D = 4 on the build is hierarchical (tb/backend/hc_verilator.vlt): the
# router, NI and store-and-forward node compiled once, not once per node.
# Below, the flat build is as quick to compile and runs faster (the blocks'
# wrappers cost evaluations: the 2-cube's lockstep, 2.4 CPU-s against 0.9).
HIER_MIN_D := 4
vhier = $(if $(filter-out $(shell seq 1 $$(($(HIER_MIN_D) - 1))),$(call cfgval,$(1),D)),--hierarchical \
          $(abspath tb/backend/hc_verilator_hier.vlt))
# The token _X builds with every X and every initial value random
# (--x-assign unique --x-initial unique): run with +verilator+rand+reset+2
# and +verilator+seed+N, nothing may depend on a flop that reset does not
# set (docs/verification.md, "Randomised initial state").
xinit = $(if $(call cfgflag,$(1),X),unique,fast)
vflags = --cc --build -j 2 $(VFLAGS_COMMON) --trace-fst --timescale 1ns/1ns -O3 \
         --x-assign $(call xinit,$(1)) --x-initial $(call xinit,$(1)) \
         --top-module hc_network $(call vhier,$(1)) +define+HC_CFG_DIM=$(call cfgval,$(1),D) \
         +define+HC_CFG_PAYLOAD_WIDTH=$(call cfgval,$(1),W) +define+HC_CFG_BUF_DEPTH=$(call cfgval,$(1),B) \
         +define+HC_CFG_INJ_DEPTH=$(call cfgval,$(1),I) \
         $(if $(call cfgval,$(1),G),+define+HC_CFG_BANK_AW=$(call cfggeom,$(1),1) \
              +define+HC_CFG_SEG_AW=$(call cfggeom,$(1),2) +define+HC_CFG_DESC_AW=$(call cfggeom,$(1),3)) \
         $(if $(call cfgval,$(1),F),+define+HC_FAULT_$(call cfgval,$(1),F)) \
         $(if $(call cfgflag,$(1),R),+define+HC_CFG_BUF_RAM=1) \
         $(if $(call cfgflag,$(1),Q),+define+HC_CFG_ROUTE_REG=1) \
         $(if $(call cfgflag,$(1),K),+define+HC_CFG_CNT_RAM=1 +define+HC_CNT_PEEK) \
         $(if $(call cfgflag,$(1),T),+define+HC_CFG_SF_MEM_TDM=1) \
         $(if $(call cfgval,$(1),P),+define+HC_PROTO_$(call cfgval,$(1),P)) \
         $(if $(call cfgflag,$(1),C),--coverage-line --coverage-toggle) \
         -MAKEFLAGS "OPT_FAST=-O1 OPT_SLOW=-O0"

# The node-sharded simulation (docs/architecture.md): from D = NODE_MIN_D on,
# or with the token _N, the testbench does not Verilate hc_network but ONE
# hc_node (its Verilator flags: vflags_node) and hc_net_glue (vflags_glue),
# and tb/backend/hc_rtl_node_shim.cpp steps 2^D copies of the node and wires
# them as hc_network does. The node's code is shared by every node (the
# 8-cube builds in a minute or two, and the code stays in the instruction
# cache). The token _H forces the whole-network build (hierarchical from
# HIER_MIN_D on): it writes waveforms, which the node-sharded one does not
# (make sim WAVES=1 picks it).
NODE_MIN_D := 5
nodesim = $(if $(call cfgflag,$(1),H),,$(if $(or $(call cfgflag,$(1),N),$(filter-out \
            $(shell seq 1 $$(($(NODE_MIN_D) - 1))),$(call cfgval,$(1),D))),1))
vflags_rtl = --cc --build -j 2 $(VFLAGS_COMMON) --timescale 1ns/1ns -O3 \
         --x-assign $(call xinit,$(1)) --x-initial $(call xinit,$(1)) \
         $(if $(call cfgflag,$(1),C),--coverage-line --coverage-toggle) \
         $(if $(call pgo,$(1)),$(addprefix -CFLAGS ,$(PGO_GEN))) -MAKEFLAGS "OPT_FAST=$(NODE_OPT) OPT_SLOW=-O1"
# The code that runs for every node and cycle is compiled with -O2 (-O1 for
# the rest): measured in docs/performance.md ("The RTL").
NODE_OPT ?= -O2
# Profile-guided optimisation of the node-sharded builds of D >= NODE_MIN_D
# with no token but D, W, B and I (the bench's and the lockstep suites'
# 5-, 6- and 8-cubes): Verilator compiles the node, its engine and the glue
# with PGO_GEN, tools/node_pgo.sh runs a short training simulation of the
# same configuration and compiles them again with PGO_USE, and the shim is
# compiled with its counts (docs/performance.md, "The RTL's fourth pass":
# a fifth less CPU time a cycle at d = 5 and d = 8; the build about twice
# the compiler's time). NODE_PGO=0 turns it off.
NODE_PGO ?= 1
# (Each flag its own -CFLAGS: no quotes in the flags the vflags rule echoes.)
PGO_GEN := -fprofile-generate -fprofile-update=single
# (A shim edited after its training: its old counts no longer match, and
# gcc warns and leaves them out, until the configuration is built again.)
PGO_USE := -fprofile-use -fprofile-partial-training -Wno-missing-profile -Wno-error=coverage-mismatch
pgo = $(if $(and $(filter 1,$(NODE_PGO)),$(call nodesim,$(1)),$(filter 4,$(words $(subst _, ,$(1)))),$(filter-out \
        $(shell seq 1 $$(($(NODE_MIN_D) - 1))),$(call cfgval,$(1),D))),1)
# -fno-localize: Verilator's shadows of the memories' delayed assignments
# stay members of the model, which the skipping of parked nodes compares
# (tools/node_state.pl, tb/backend/hc_rtl_node_shim.cpp).
vflags_node = $(call vflags_rtl,$(1)) -fno-localize --top-module hc_node "-GSfExternal=1'b1" -GDim=$(call cfgval,$(1),D) \
         -GPayloadWidth=$(call cfgval,$(1),W) -GBufDepth=$(call cfgval,$(1),B) -GInjDepth=$(call cfgval,$(1),I) \
         $(if $(call cfgval,$(1),G),-GBankAW=$(call cfggeom,$(1),1) -GSegAW=$(call cfggeom,$(1),2) \
              -GDescAW=$(call cfggeom,$(1),3)) \
         $(if $(call cfgval,$(1),F),+define+HC_FAULT_$(call cfgval,$(1),F)) \
         $(if $(call cfgflag,$(1),R),"-GBufRam=1'b1") $(if $(call cfgflag,$(1),Q),"-GRouteReg=1'b1") \
         $(if $(call cfgflag,$(1),K),"-GCntRam=1'b1" +define+HC_CNT_PEEK) \
         $(if $(call cfgval,$(1),P),+define+HC_PROTO_$(call cfgval,$(1),P))
# The node leaves its store-and-forward engine out (SfExternal, rtl/hc_node.sv):
# the engine is a model of its own (vflags_sf), which the shim wires to the
# node as hc_node's instance is wired, and skips on its own fixed point.
vflags_sf = $(call vflags_rtl,$(1)) -fno-localize --top-module hc_sf_node -GDim=$(call cfgval,$(1),D) \
         -GWidth=$(call cfgval,$(1),W) \
         $(if $(call cfgval,$(1),G),-GBankAW=$(call cfggeom,$(1),1) -GSegAW=$(call cfggeom,$(1),2) \
              -GDescAW=$(call cfggeom,$(1),3)) \
         $(if $(call cfgval,$(1),F),+define+HC_FAULT_$(call cfgval,$(1),F))
vflags_glue = $(call vflags_rtl,$(1)) --top-module hc_net_glue -GDim=$(call cfgval,$(1),D) \
         $(if $(call cfgval,$(1),F),+define+HC_FAULT_$(call cfgval,$(1),F))

# The libraries of the hierarchy blocks (one per block and parameter set,
# tb/backend/hc_verilator.vlt), found when linking: their names carry
# Verilator's numbering of the parameter sets.
hier_libs = $$(find $(BUILD)/rtl/$(1)/obj -mindepth 2 -name 'lib*.a' | sort)

$(BUILD)/obj/verilated/%.o: $(VRT_INC)/%.cpp
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  CXX     $(notdir $<)")
	$(Q)$(CXX) $(VRT_CXXFLAGS) -c $< -o $@

# Rebuild a model when its Verilator flags change, not only its sources.
.PHONY: FORCE
allvflags = $(if $(call nodesim,$(1)),$(call vflags_node,$(1)) / $(call vflags_sf,$(1)) / $(call vflags_glue,$(1)),$(call vflags,$(1)))
$(BUILD)/rtl/%/vflags: FORCE
	@$(call cfgcheck,$*)
	@mkdir -p $(dir $@)
	@printf '%s\n' '$(call shq,$(call allvflags,$*))' | cmp -s - $@ 2>/dev/null || printf '%s\n' '$(call shq,$(call allvflags,$*))' > $@
# Text for the shell inside single quotes: each ' as '\'' (the node's
# -GSfExternal=1'b1 had ended the quotes, so the comparison above had never
# matched and every make of a node-sharded build Verilated it again).
shq = $(subst ','\'',$(1))

# Absolute paths: the hierarchical mode runs Verilator again per block from
# within the object directory. The leading + lets Verilator's make share
# this make's job slots (without it, it falls back to one job).
$(BUILD)/rtl/%/obj/Vhc_network__ALL.a: $(RTL_SRC) $(RTL_LIST) tb/backend/hc_verilator.vlt tb/backend/hc_verilator_hier.vlt \
                                    $(BUILD)/rtl/%/vflags tools/node_state.pl tools/node_edge.pl tools/node_pgo.sh \
                                    | $(LIB_OBJ) $(HCSIM_OBJ) $(VRT_OBJ)
	+@$(if $(call nodesim,$*),$(call verilate_nodesim,$*),tools/verilate.sh $* $(BUILD)/rtl/$*/verilator.log \
	    $(call vflags,$*) --Mdir $(dir $@) $(abspath tb/backend/hc_verilator.vlt $(RTL_SRC)))

# The node-sharded build: the node, its store-and-forward engine and the
# glue, each in a directory of its own (not under obj/, where hier_libs
# looks), and their three libraries in one, obj/Vhc_network__ALL.a, which
# every link takes as the network's; and the lists of the node's and the
# engine's memories that the comparison of a parked model leaves out
# (vnode/hc_node_state.h, vsf/hc_sf_node_state.h, tools/node_state.pl).
verilate_nodesim = rm -rf $(BUILD)/rtl/$(1)/vnode $(BUILD)/rtl/$(1)/vsf $(BUILD)/rtl/$(1)/vglue && \
	mkdir -p $(BUILD)/rtl/$(1)/obj && \
	tools/verilate.sh "$(1) node" $(BUILD)/rtl/$(1)/verilator.log $(call vflags_node,$(1)) \
	    --Mdir $(BUILD)/rtl/$(1)/vnode $(abspath tb/backend/hc_verilator.vlt $(RTL_SRC)) && \
	tools/node_state.pl $(BUILD)/rtl/$(1)/vnode > $(BUILD)/rtl/$(1)/vnode/hc_node_state.h && \
	tools/node_edge.pl $(BUILD)/rtl/$(1)/vnode > $(BUILD)/rtl/$(1)/vnode/hc_node_edge.h && \
	tools/verilate.sh "$(1) engine" $(BUILD)/rtl/$(1)/verilator-sf.log $(call vflags_sf,$(1)) \
	    --Mdir $(BUILD)/rtl/$(1)/vsf $(abspath tb/backend/hc_verilator.vlt $(RTL_SRC)) && \
	tools/node_state.pl $(BUILD)/rtl/$(1)/vsf 64 hc_sf_node > $(BUILD)/rtl/$(1)/vsf/hc_sf_node_state.h && \
	tools/verilate.sh "$(1) glue" $(BUILD)/rtl/$(1)/verilator-glue.log $(call vflags_glue,$(1)) \
	    --Mdir $(BUILD)/rtl/$(1)/vglue $(abspath tb/backend/hc_verilator.vlt $(RTL_SRC)) && \
	rm -f $(BUILD)/rtl/$(1)/obj/Vhc_network__ALL.a && \
	printf 'CREATE %s\nADDLIB %s\nADDLIB %s\nADDLIB %s\nSAVE\nEND\n' $(BUILD)/rtl/$(1)/obj/Vhc_network__ALL.a \
	    $(BUILD)/rtl/$(1)/vnode/Vhc_node__ALL.a $(BUILD)/rtl/$(1)/vsf/Vhc_sf_node__ALL.a \
	    $(BUILD)/rtl/$(1)/vglue/Vhc_net_glue__ALL.a | ar -M$(if $(call pgo,$(1)), && $(call node_pgo,$(1)))
# (the training links an hcsim of its own, before the archive is made again)
node_pgo = tools/node_pgo.sh $(1) $(BUILD)/rtl/$(1) $(call cfgval,$(1),D) $(call cfgval,$(1),W) $(call cfgval,$(1),B) \
	    $(call cfgval,$(1),I) "$(CXX)" "$(call shim_flags,$(1))" "$(NODE_OPT)" "$(LIB_OBJ) $(HCSIM_OBJ) $(VRT_OBJ)" \
	    "$(LINK_LIBS)" "$(PGO_GEN)" "$(PGO_USE)" && \
	rm -f $(BUILD)/rtl/$(1)/obj/Vhc_network__ALL.a && \
	printf 'CREATE %s\nADDLIB %s\nADDLIB %s\nADDLIB %s\nSAVE\nEND\n' $(BUILD)/rtl/$(1)/obj/Vhc_network__ALL.a \
	    $(BUILD)/rtl/$(1)/vnode/Vhc_node__ALL.a $(BUILD)/rtl/$(1)/vsf/Vhc_sf_node__ALL.a \
	    $(BUILD)/rtl/$(1)/vglue/Vhc_net_glue__ALL.a | ar -M

# (the node-sharded build's shim is hc_rtl_node_shim.cpp, the same interface)
shim_src = tb/backend/$(if $(call nodesim,$(1)),hc_rtl_node_shim.cpp,hc_rtl_shim.cpp)
$(BUILD)/rtl/%/hc_rtl_shim.o: tb/backend/hc_rtl_shim.cpp tb/backend/hc_rtl_node_shim.cpp $(BUILD)/rtl/%/obj/Vhc_network__ALL.a
	$(if $(Q),@echo "  CXX     $(call shim_src,$*) ($*)")
	$(Q)$(CXX) $(call shim_flags,$*) $(if $(call pgo,$*),$(PGO_USE)) -MMD -MP -c $(call shim_src,$*) -o $@
shim_flags = $(subst -DVM_COVERAGE=0,-DVM_COVERAGE=$(if $(call cfgflag,$(1),C),1,0),$(VRT_CXXFLAGS)) -O2 \
	    $(if $(call nodesim,$(1)),-I$(BUILD)/rtl/$(1)/vnode -I$(BUILD)/rtl/$(1)/vsf -I$(BUILD)/rtl/$(1)/vglue,-I$(BUILD)/rtl/$(1)/obj) \
	    $(INC_BACKEND) -DHC_D=$(call cfgval,$(1),D) \
	    -DHC_W=$(call cfgval,$(1),W) -DHC_B=$(call cfgval,$(1),B) -DHC_I=$(call cfgval,$(1),I) \
	    $(if $(call cfgflag,$(1),Q),-DHC_Q=1) \
	    $(if $(call cfgflag,$(1),K),-DHC_K=1) \
	    $(if $(call cfgflag,$(1),T),-DHC_T=1) \
	    $(if $(call cfgval,$(1),G),-DHC_BANK_AW=$(call cfggeom,$(1),1) -DHC_SEG_AW=$(call cfggeom,$(1),2) \
	         -DHC_DESC_AW=$(call cfggeom,$(1),3))

$(BUILD)/rtl/%/tb_rtl: $(BUILD)/rtl/%/hc_rtl_shim.o $(BUILD)/rtl/%/obj/Vhc_network__ALL.a $(LIB_OBJ) $(TB_OBJ) $(VRT_OBJ)
	$(if $(Q),@echo "  LINK    $@")
	$(Q)$(CXX) -o $@ $(LIB_OBJ) $(TB_OBJ) $(filter %.o %.a,$(wordlist 1,2,$^)) $(call hier_libs,$*) $(VRT_OBJ) $(LINK_LIBS)

$(BUILD)/rtl/%/hcsim: $(BUILD)/rtl/%/hc_rtl_shim.o $(BUILD)/rtl/%/obj/Vhc_network__ALL.a $(LIB_OBJ) $(HCSIM_OBJ) $(VRT_OBJ)
	$(if $(Q),@echo "  LINK    $@")
	$(Q)$(CXX) -o $@ $(LIB_OBJ) $(HCSIM_OBJ) $(filter %.o %.a,$(wordlist 1,2,$^)) $(call hier_libs,$*) $(VRT_OBJ) $(LINK_LIBS)

rtl: $(RTL_DIR)/hcsim $(RTL_DIR)/tb_rtl

# ---- the main job -----------------------------------------------------------
# Every variable given is passed on, whichever mode runs, so that hcsim
# refuses (one line, exit 2) one the mode does not take instead of make
# dropping it: the variables of the --algo modes when set, and in the algo
# branch the traffic ones (their defaults are here, so: when given on the
# command line or in the environment).
given = $(filter command line environment,$(origin $(1)))
ALGO_VARS_ARGS = $(if $(K),--k $(K)) $(if $(M),--m $(M)) $(if $(BETA),--beta $(BETA)) $(if $(SCHED),--sched $(SCHED)) \
           $(if $(G),--g $(G)) $(if $(SRC),--src $(SRC)) $(if $(DST),--dst $(DST)) $(if $(PERM),--perm $(PERM)) \
           $(if $(NWAVES),--nwaves $(NWAVES)) $(if $(N),--n $(N)) $(if $(RHS),--rhs $(RHS)) \
           $(if $(TAU),--tau $(TAU)) $(if $(XI),--xi $(XI)) $(if $(SWITCHING),--switching $(SWITCHING)) \
           $(if $(OVERLAP),--overlap $(OVERLAP)) $(if $(BARRIER),--barrier $(BARRIER)) \
           $(if $(LCC),--lcc $(LCC)) $(if $(LCC_A),--lcc-a '$(LCC_A)') $(if $(LCC_B),--lcc-b '$(LCC_B)') \
           $(if $(LCC_FILE),--lcc-file $(LCC_FILE)) $(if $(LCC_KIND),--lcc-kind $(LCC_KIND)) \
           $(if $(REMAP),--remap $(REMAP)) \
           $(if $(LCCS),--lccs $(LCCS)) $(if $(OBJECTIVE),--objective $(OBJECTIVE))
TRAFFIC_SET_ARGS = $(if $(FILE),--file $(FILE)) $(if $(DRAIN),--drain $(DRAIN)) \
           $(if $(HOT_NODE),--hot-node $(HOT_NODE)) $(if $(HOT_FRAC),--hot-frac $(HOT_FRAC)) $(if $(MODE),--mode $(MODE)) \
           $(if $(SAMPLE_PERIOD),--sample-period $(SAMPLE_PERIOD)) $(if $(FLOWS),--flows) \
           $(if $(REGION),--region $(REGION)) $(if $(DEPS),--deps $(DEPS)) $(if $(FLIT_BYTES),--flit-bytes $(FLIT_BYTES))
ifneq ($(ALGO),)
SIM_ARGS = --algo $(ALGO) --sim $(SIM) --d $(D) --w $(W) --buf $(B) --inj $(I) --seed $(SEED) \
           $(if $(ROUTE_REG),--route-reg $(ROUTE_REG)) \
           $(ALGO_VARS_ARGS) $(TRAFFIC_SET_ARGS) \
           $(if $(call given,TRAFFIC),--traffic $(TRAFFIC)) $(if $(call given,RATE),--rate $(RATE)) \
           $(if $(call given,LEN),--len $(LEN)) $(if $(call given,CYCLES),--cycles $(CYCLES)) \
           $(if $(call given,WARMUP),--warmup $(WARMUP)) \
           $(if $(ROUTING),--routing $(ROUTING)) \
           $(if $(JSON),--json $(JSON)) $(if $(filter 1,$(WAVES)),--waves $(BUILD)/waves/sim.fst)
else
# With FILE, TRAFFIC only when given (hcsim takes the file's traffic
# itself, and refuses another pattern beside it); RATE and LEN always
# (hcsim notes values other than its defaults as not applying to a file).
# A netrace trace's window is the replay's unless CYCLES or WARMUP is given.
WINDOW_ARGS = $(if $(filter netrace,$(TRAFFIC)),$(if $(call given,CYCLES),--cycles $(CYCLES)) \
           $(if $(call given,WARMUP),--warmup $(WARMUP)),--cycles $(CYCLES) --warmup $(WARMUP))
SIM_ARGS = --sim $(SIM) --d $(D) --w $(W) --buf $(B) --inj $(I) $(if $(ROUTE_REG),--route-reg $(ROUTE_REG)) \
           $(if $(and $(FILE),$(if $(call given,TRAFFIC),,1)),,--traffic $(TRAFFIC)) --rate $(RATE) --len $(LEN) \
           $(WINDOW_ARGS) --seed $(SEED) \
           $(TRAFFIC_SET_ARGS) $(ALGO_VARS_ARGS) $(if $(JSON),--json $(JSON)) \
           $(if $(ROUTING),--routing $(ROUTING)) \
           $(if $(filter 1,$(WAVES)),--waves $(BUILD)/waves/sim.fst)
endif

sim: deps
	@case "$(FLOWS)" in ''|1) ;; *) echo "make sim: FLOWS=1 asks for per-flow figures; FLOWS='$(FLOWS)' is not 1" >&2; exit 2;; esac
	@case "$(ROUTE_REG)" in ''|0|1) ;; *) echo "make sim: ROUTE_REG must be 0 or 1, not '$(ROUTE_REG)'" >&2; exit 2;; esac
	@$(MAKE) --no-print-directory -s $(BUILD)/bin/hcsim $(BUILD)/bin/hc_flit_filter >/dev/null || exit 1; \
	if [ "$(SIM)" = model ] || [ "$(SIM)" = exec ] || [ "$(ALGO)" = list ]; then \
	  exec $(BUILD)/bin/hcsim $(SIM_ARGS); \
	fi; \
	if [ -n "$(ALGO)" ]; then $(BUILD)/bin/hcsim $(SIM_ARGS) --check-args $(if $(SFGEOM),--sfgeom $(SFGEOM)) || exit 2; fi; \
	if [ -n "$(ROUTING)" ] && [ "$(ROUTING)" != ecube ]; then \
	  exec $(BUILD)/bin/hcsim $(SIM_ARGS); \
	fi; \
	case "$(SIM)" in rtl|both) ;; *) echo "make sim: SIM must be model, rtl, both or exec, not '$(SIM)'" >&2; exit 2;; esac; \
	tools/check_params.sh "$(D)" "$(W)" "$(B)" "$(I)" "$(SFGEOM)" || exit 2; \
	[ -x $(RTL_DIR)/hcsim ] || echo "building RTL for $(CFG) (first use only; log in $(RTL_DIR)/verilator.log)" >&2; \
	$(MAKE) --no-print-directory -s $(RTL_DIR)/hcsim >/dev/null || exit 1; \
	mkdir -p $(BUILD)/waves; \
	exec $(RTL_DIR)/hcsim $(SIM_ARGS)

# `make wave ALGO=aap` (or any sim variables): run with waves, then open
# them where a display exists; otherwise just say where the files are.
# The last run's files are removed first, so a run that writes none (bad
# input) opens nothing old; one that fails a check is opened all the same
# (its waveform shows where), and make wave then fails with it.
wave:
	@case "$(SIM)" in model|exec) echo "make wave: SIM=$(SIM) runs no RTL, so it has no waveform; use SIM=both or SIM=rtl" >&2; \
	  exit 2;; esac
	@rm -f $(BUILD)/waves/sim.fst $(BUILD)/waves/sim.gtkw $(BUILD)/waves/sim.flits.txt
	@$(MAKE) --no-print-directory sim WAVES=1; st=$$?; \
	if [ -f $(BUILD)/waves/sim.fst ]; then tools/wave.sh $(BUILD)/waves/sim.fst || st=$$?; fi; exit $$st

# ---- checks -------------------------------------------------------------------
lcc-sweep: deps $(BUILD)/bin/hcsim $(BUILD)/bin/hc_sweep_agg
	@tools/lcc_sweep.sh

# the tracked copies of its plots (docs/hou.md)
lcc-fig: lcc-sweep
	@cp build/lcc/lcc_transpose.png build/lcc/lcc_bitrev.png build/lcc/lcc_revflip.png docs/img/
	@echo "lcc-fig: docs/img/lcc_{transpose,bitrev,revflip}.png"

# Hou et al. section 6.1, Figs. 5-7 (docs/hou.md): CSV in docs/data, PNG in docs/img
hou-fig: deps $(BUILD)/bin/hcsim
	@tools/hou_fig.sh

algo-table: $(BUILD)/bin/hcsim
	@tools/algo_table.sh

aap-cost-table: deps $(BUILD)/bin/hcsim
	@tools/aap_cost_table.sh

sf-table: deps
	@tools/sf_table.sh

sf-plot: deps
	@tools/sf_plot.sh

bert-table: deps
	@tools/bert_table.sh

# Johnsson (003): every group's table in docs/johnsson.md
johnsson-table: deps
	@tools/jo_table_embed.sh
	@tools/jo_table_tree.sh
	@tools/jo_table_mm.sh

lcc-table: $(BUILD)/bin/hcsim
	@tools/lcc_table.sh

# LOCKSTEP_D="2 3 4 5" (default): the cubes also run in lockstep as a check;
# LOCKSTEP_D="" runs the model only and keeps docs/hou.md's lockstep table
hou-fft-table: deps $(BUILD)/bin/hcsim
	@tools/hou_fft_table.sh

# Regenerate rtl/hc_pkg.sv and csim/hc_contract.h from rtl/hc_contract.txt.
contract:
	@tools/gen_contract.sh && echo "contract: rtl/hc_pkg.sv and csim/hc_contract.h written"

lint:
	@tools/lint.sh

# The word-form assertions of hc_alloc and hc_router against the per-port
# ones they replaced (yosys sat -prove; docs/performance.md, fifth pass).
assert-rewrite:
	@tools/assert_rewrite.sh

synth-check:
	@tools/synth_check.sh

test: deps
	@tools/run_tests.sh

# make test with the 5-cube's RTL in lockstep as well (its build alone takes
# 6-7 CPU-minutes) and its complete exchange, and the model at d = 20
test-long: deps
	@HC_TEST_LONG=1 tools/run_tests.sh

bench: deps
	@tools/bench.sh

clean:
	rm -rf $(BUILD)

# ---- the FPGA boards (docs/fpga.md) ----------------------------------------
include rtl/fpga/fpga.mk
include mk/install.mk
include mk/sweep.mk
include mk/fuzz.mk
include mk/systemc.mk
include mk/soak.mk
include mk/formal.mk
include mk/wave.mk
include mk/fpga_table.mk
include mk/cnt.mk
