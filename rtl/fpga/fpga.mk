# The FPGA flow (docs/fpga.md), included from the Makefile:
#
#   make synth BOARD=icebreaker|hx8k   tables, yosys synth_ice40, nextpnr-ice40
#                                      at the board clock, icepack; report
#                                      in build/synth/<board>/report.json
#   make prog BOARD=...                iceprog the bitstream (needs the board)
#   make fpga-sim                      the self-test top in Verilator against
#                                      the C model's prediction
#   make fpga-docs                     synthesise for both boards and write
#                                      the resource/timing tables of docs/fpga.md
#                                      (the one-router table: make fpga-table,
#                                      mk/fpga_table.mk)
#   make fpga-sf-fit                   what the store-and-forward engines need
#                                      on the HX8K (yosys only, docs/fpga.md)
#   make fpga-test                     what `make test` runs of this (FPGA_TESTS)
#
# Board defaults are below; any of FPGA_D, FPGA_W, FPGA_B, FPGA_I, FPGA_CW
# (counter bits), FPGA_SF (1: the store-and-forward engines and schedules),
# FPGA_SFG (their geometry BankAW,SegAW,DescAW), CLK_MHZ (the PLL clock of
# `make synth`) and the traffic variables may be given on the command line.

BOARD ?= icebreaker
FPGA_BOARDS := icebreaker hx8k
# How the recipes below call make again (this fragment is included from the
# Makefile, which a plain $(MAKE) reads).
FPGA_SUBMAKE ?= $(MAKE) --no-print-directory

# ---- board defaults: what fits each board (docs/fpga.md) -------------------
# The HX8K holds the 3-cube with 10-bit flits, 2-flit buffers and 10-bit
# blocked counters (about 86 % of its logic cells, modes 0 and 2). The UP5K of the
# iCEBreaker holds the 3-cube only with 6-bit flits, 1-flit buffers and
# queues and the max-waiting counters alone (counter bits 0).
fpga_d_icebreaker := 3
fpga_w_icebreaker := 4
fpga_b_icebreaker := 1
fpga_i_icebreaker := 1
fpga_cw_icebreaker := 0
fpga_d_hx8k := 3
fpga_w_hx8k := 8
fpga_b_hx8k := 2
fpga_i_hx8k := 2
fpga_cw_hx8k := 10

# The programmed store-and-forward node (FPGA_SF=1 FPGA_SFPROG=1) fits the
# HX8K beside the 3-cube with 4-bit blocked counters (7623 of 7680 logic
# cells; 6 bits need 7790, 10 bits 8109: docs/fpga.md, "Every mode on the
# board").
fpga_cw_hx8k_sfprog := 4

FPGA_D ?= $(fpga_d_$(BOARD))
FPGA_W ?= $(fpga_w_$(BOARD))
FPGA_B ?= $(fpga_b_$(BOARD))
FPGA_I ?= $(fpga_i_$(BOARD))
FPGA_CW ?= $(if $(and $(filter 1,$(FPGA_SF)),$(filter 1,$(FPGA_SFPROG)),$(fpga_cw_$(BOARD)_sfprog)),$(fpga_cw_$(BOARD)_sfprog),$(fpga_cw_$(BOARD)))
FPGA_ROM := 256
FPGA_TIME := 16
# The store-and-forward multiport mode (mode 1) and the three schedules of
# the program. The engines do not fit either device beside the 3-cube
# (docs/fpga.md, "Every mode on the board"); the programmed node does, so
# the boards build it by default (FPGA_SF=1 FPGA_SFPROG=1: every mode in
# one bitstream); FPGA_SF=1 FPGA_SFPROG=0 builds the engines (in Verilator
# at any d, on the chip where they fit), FPGA_SF=0 neither (modes 0 and 2
# only). The geometry holds BROADCAST 2 (m = 2d), the total exchange
# (k = 1) and COMPLETE EXCHANGE (m = 1) at d <= 3.
FPGA_SF ?= 1
FPGA_SFG ?= 4,3,2
FPGA_BETA ?= 3
# FPGA_SFPROG=1 (with FPGA_SF=1): the programmed store-and-forward node
# (rtl/hc_sf_prog.sv, docs/store_and_forward.md section 7.9) instead of the
# engines: the board's program keeps only the global writes, the own data
# and the read-back of each schedule (512 words).
FPGA_SFPROG ?= 1
fpga_sfprog = $(if $(filter 1,$(FPGA_SF)),$(if $(filter 1,$(FPGA_SFPROG)),1,0),0)
FPGA_PROG = $(if $(filter 1,$(FPGA_SF)),$(if $(filter 1,$(fpga_sfprog)),512,4096),16)
fpga_sfg_words = $(subst $(comma), ,$(FPGA_SFG))
comma := ,

# ---- traffic of the self-test (rtl/fpga/gen/hc_fpga_gen.c) -------------------
FPGA_TRAFFIC ?= uniform
FPGA_RATE ?= 0.4
FPGA_LEN ?= 4
FPGA_CYCLES ?= 400
FPGA_SEED ?= 1
FPGA_FILE ?=
# The second run, in store-and-forward by header (mode 2): messages of at
# most FPGA_B flits (the whole message must fit an input buffer).
FPGA_SAF_RATE ?= 0.2
FPGA_SAF_LEN ?= $(FPGA_B)
FPGA_SAF_CYCLES ?= 100
FPGA_GEN_ARGS = --d $(FPGA_D) --w $(FPGA_W) --buf $(FPGA_B) --inj $(FPGA_I) --cnt-width $(FPGA_CW) \
    --rom-depth $(FPGA_ROM) --time-bits $(FPGA_TIME) --prog-depth $(FPGA_PROG) \
    --saf-rate $(FPGA_SAF_RATE) --saf-len $(FPGA_SAF_LEN) --saf-cycles $(FPGA_SAF_CYCLES) \
    --sf $(FPGA_SF) $(if $(filter 1,$(FPGA_SF)),--sf-geom $(FPGA_SFG) --beta $(FPGA_BETA) --sf-prog $(fpga_sfprog)) \
    $(if $(FPGA_FILE),--file $(FPGA_FILE),--traffic $(FPGA_TRAFFIC) --rate $(FPGA_RATE) \
    --len $(FPGA_LEN) --cycles $(FPGA_CYCLES) --seed $(FPGA_SEED))

FPGA_CFG = D$(FPGA_D)_W$(FPGA_W)_B$(FPGA_B)_I$(FPGA_I)_C$(FPGA_CW)$(if $(filter 1,$(FPGA_SF)),_S$(subst $(comma),.,$(FPGA_SFG)))$(if $(filter 1,$(fpga_sfprog)),_P)
FPGA_TABLES = $(BUILD)/fpga/tables/$(FPGA_CFG)
FPGA_GEN := $(BUILD)/bin/hc_fpga_gen

# The board's sources (router IP included), from their one file list.
FPGA_LIST := rtl/fpga/hc_board.f
FPGA_RTL := $(shell tools/filelist.sh $(FPGA_LIST))

# The tests of this flow, run by `make fpga-test` (and so by `make test`):
# lint of the FPGA RTL, the self-test top of each board in Verilator against
# the C model, the synthesis, place and route of one router in the rows
# of docs/fpga.md's one-router table that tools/fpga_table.sh checks, the
# timing closure of each board: its self-test top through `make synth`'s
# script (fpga-test-synth-top-<board>: fails when the top misses the board's
# 12 MHz clock; the UP5K's default top, every mode, about 80 CPU-s; the
# HX8K's without mode 1 (FPGA_SF=0), about 60 CPU-s, because its default
# top, every mode at 99 % of the cells, spends about 6 CPU-minutes in
# nextpnr's legaliser: fpga-test-synth-top-hx8k-all, make test-long's) and
# the lean router alone on its device (fpga-test-synth-router-<board>:
# block-RAM buffers and registered route, without counters and with
# 16-bit counters in block RAM, seed 1, one line each with cells and MHz;
# fails when a line misses 450 or 800 cells or the device's router clock,
# 75 or 30 MHz; about 7 CPU-s). The self-test sims run the boards'
# defaults, mode 1 by the programmed node included. With HC_TEST_LONG=1
# (`make test-long`) also the self-test with the store-and-forward engines
# in Verilator (fpga-test-sim-sf: the HX8K's 3-cube with FPGA_SF=1
# FPGA_SFPROG=0, about 3 CPU-minutes of simulation and 2 of Verilator
# build) and the HX8K's every-mode top through place and route.
FPGA_TESTS := fpga-lint fpga-test-sim-icebreaker fpga-test-sim-hx8k fpga-test-table \
              fpga-test-synth-top-icebreaker fpga-test-synth-top-hx8k-nosf \
              $(foreach b,$(FPGA_BOARDS),fpga-test-synth-router-$(b)) \
              $(if $(filter 1,$(HC_TEST_LONG)),fpga-test-sim-sf fpga-test-synth-top-hx8k)
# The board whose self-test top `make test` synthesises.
FPGA_TEST_BOARD ?= hx8k

.PHONY: fpga-sf-link-diff fpga-sim-dir fpga-test-synth-top-hx8k-nosf
.PHONY: synth prog fpga-sim fpga-docs fpga-test fpga-tables fpga-lint fpga-test-sim fpga-test-sim-sf fpga-sf-fit _fpga-sf-fit \
        fpga-test-synth-router fpga-test-synth-top _fpga-synth

# The C of this flow is compiled by the Makefile's object rule (header
# dependencies from the compiler), with the generator's headers in reach.
$(BUILD)/obj/rtl/fpga/gen/%.o: INC = $(INC_DRIVER) -Irtl/fpga/gen
$(BUILD)/obj/tests/fpga/%.o: INC = $(INC_TEST) -Irtl/fpga/gen

# It builds the schedules too: the library's objects (algorithms, loader).
$(FPGA_GEN): $(BUILD)/obj/rtl/fpga/gen/hc_fpga_gen.o $(BUILD)/obj/rtl/fpga/gen/hc_fpga.o $(LIB_OBJ) \
             $(BUILD)/obj/tb/backend/hc_rtl_stub.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $^ -lm -o $@

# The tables of one configuration; regenerated when the generator or the
# traffic variables change (the arguments are kept in args.txt).
fpga-tables: $(FPGA_GEN)
	@mkdir -p $(FPGA_TABLES)
	@if [ ! -f $(FPGA_TABLES)/expect.hex ] || [ "$$(cat $(FPGA_TABLES)/args.txt 2>/dev/null)" != "$(FPGA_GEN_ARGS)" ] \
	     || [ $(FPGA_GEN) -nt $(FPGA_TABLES)/expect.hex ]; then \
	  $(FPGA_GEN) --out $(FPGA_TABLES) $(FPGA_GEN_ARGS) && echo "$(FPGA_GEN_ARGS)" > $(FPGA_TABLES)/args.txt; \
	fi

# ---- the self-test top in Verilator ---------------------------------------
# The UART's baud rate of the self-test top in Verilator (the report's
# bits dominate its simulated cycles); the board's is 115200. make test
# runs the self-test sims at 8 clock cycles a bit of the clock the
# self-test runs on (the board's 12 MHz over hc_selftest.sv's ClkDiv: 2d
# with the programmed node, d with the engines, else 1; 1,500,000 baud
# without mode 1, 250,000 with the programmed node at d = 3); make
# test-long and make fpga-sim at the board's rate.
FPGA_SIM_BAUD ?= 115200
fpga_clkdiv = $(if $(filter 1,$(fpga_sfprog)),$(shell expr 2 \* $(FPGA_D)),$(if $(filter 1,$(FPGA_SF)),$(FPGA_D),1))
FPGA_TEST_BAUD = $(if $(filter 1,$(HC_TEST_LONG)),115200,$(shell expr 1500000 / $(fpga_clkdiv)))
# FPGA_LINK_TRACE=1: a build that appends every link of every
# store-and-forward run to <its table directory>/links.txt (hc_selftest.sv,
# HC_LINK_TRACE; make fpga-sf-link-diff).
FPGA_LINK_TRACE ?= 0
FPGA_SIM_DIR = $(BUILD)/fpga/sim/$(FPGA_CFG)$(if $(filter-out 115200,$(FPGA_SIM_BAUD)),_U$(FPGA_SIM_BAUD))$(if $(filter 1,$(FPGA_LINK_TRACE)),_L)
FPGA_SIM_OBJ := $(BUILD)/obj/tests/fpga/test_selftest.o $(BUILD)/obj/rtl/fpga/gen/hc_fpga.o \
                $(BUILD)/obj/csim/hc_status.o $(BUILD)/obj/csim/hc_model.o $(BUILD)/obj/csim/hc_route.o $(BUILD)/obj/csim/hc_sf.o

# Verilator's own makefile does not relink for changed objects: remove the
# program first. -Wno-fatal keeps lint warnings from stopping the build;
# -Werror-USERERROR keeps the RTL's elaboration-time parameter checks
# ($error in a generate block) fatal all the same.
$(BUILD)/fpga/sim/%/test_selftest: $(FPGA_RTL) $(FPGA_LIST) tests/fpga/hc_selftest_shim.cpp $(FPGA_SIM_OBJ)
	@mkdir -p $(dir $@)tables
	@rm -f $@
	verilator --cc --exe --build -j 2 $(VFLAGS_COMMON) -O3 --x-assign fast --x-initial fast -Wno-fatal -Werror-USERERROR \
	  --top-module hc_board_top --Mdir $(dir $@)obj -o $(ROOT)/$@ \
	  -GDim=$(FPGA_D) -GPayloadWidth=$(FPGA_W) -GBufDepth=$(FPGA_B) -GInjDepth=$(FPGA_I) \
	  -GCntWidth=$(FPGA_CW) -GRomDepth=$(FPGA_ROM) -GTimeW=$(FPGA_TIME) \
	  -GSfEnable=$(FPGA_SF) -GSfProg=$(fpga_sfprog) -GBankAW=$(word 1,$(fpga_sfg_words)) -GSegAW=$(word 2,$(fpga_sfg_words)) \
	  -GDescAW=$(word 3,$(fpga_sfg_words)) -GProgDepth=$(FPGA_PROG) -GBaud=$(FPGA_SIM_BAUD) \
	  -GTableDir='"$(ROOT)/$(dir $@)tables"' $(if $(filter 1,$(FPGA_LINK_TRACE)),+define+HC_LINK_TRACE) \
	  -CFLAGS "-DHC_D=$(FPGA_D) -DHC_W=$(FPGA_W) -DHC_B=$(FPGA_B) -DHC_I=$(FPGA_I) -DHC_CW=$(FPGA_CW) \
	    -DHC_ROM=$(FPGA_ROM) -DHC_TIME=$(FPGA_TIME) -DHC_CLK_HZ=12000000 -DHC_BAUD=$(FPGA_SIM_BAUD) \
	    -DHC_SF=$(FPGA_SF) -DHC_BANK_AW=$(word 1,$(fpga_sfg_words)) -DHC_SEG_AW=$(word 2,$(fpga_sfg_words)) \
	    -DHC_DESC_AW=$(word 3,$(fpga_sfg_words)) -DHC_PROG=$(FPGA_PROG) -DHC_SFPROG=$(fpga_sfprog) \
	    -I$(ROOT)/csim -I$(ROOT)/rtl/fpga/gen -I$(ROOT)/tests/fpga" \
	  -MAKEFLAGS "OPT_FAST=-O2 OPT_SLOW=-O0" -LDFLAGS -lm \
	  -F $(FPGA_LIST) $(ROOT)/tests/fpga/hc_selftest_shim.cpp $(addprefix $(ROOT)/,$(FPGA_SIM_OBJ)) \
	  > $(dir $@)verilator.log 2>&1 || { tail -30 $(dir $@)verilator.log; exit 1; }

fpga-sim: fpga-tables $(FPGA_SIM_DIR)/test_selftest
	$(FPGA_SIM_DIR)/test_selftest -v $(FPGA_TABLES) $(FPGA_SIM_DIR)/tables

# ---- synthesis, place and route, bitstream --------------------------------
FPGA_SYNTH_ENV = FPGA_D=$(FPGA_D) FPGA_W=$(FPGA_W) FPGA_B=$(FPGA_B) FPGA_I=$(FPGA_I) \
    FPGA_CW=$(FPGA_CW) FPGA_TABLES=$(FPGA_TABLES) FPGA_SF=$(FPGA_SF) FPGA_SFG=$(FPGA_SFG) \
    FPGA_PROG=$(FPGA_PROG) FPGA_SFPROG=$(fpga_sfprog) CLK_MHZ=$(CLK_MHZ)

synth: deps
	@case "$(BOARD)" in icebreaker|hx8k) ;; *) echo "make synth: BOARD must be icebreaker or hx8k, not '$(BOARD)'" >&2; exit 2;; esac
	+@$(FPGA_SUBMAKE) -s fpga-tables BOARD=$(BOARD)
	@$(FPGA_SYNTH_ENV) rtl/fpga/synth_board.sh $(BOARD) all

prog:
	@test -f $(BUILD)/synth/$(BOARD)/hc_selftest.bin || { echo "make prog: run 'make synth BOARD=$(BOARD)' first" >&2; exit 2; }
	iceprog $(BUILD)/synth/$(BOARD)/hc_selftest.bin

fpga-docs:
	+@for b in $(FPGA_BOARDS); do $(FPGA_SUBMAKE) synth BOARD=$$b || exit 1; done
	@rtl/fpga/fpga_report.sh docs/fpga.md $(FPGA_BOARDS)
	+@$(FPGA_SUBMAKE) fpga-table

# What the engines (FPGA_SF=1) need on the HX8K: yosys only, into docs/fpga.md.
# The 3-cube's row, then the 2-cube's (FPGA_D=2) appended.
fpga-sf-fit:
	+@$(FPGA_SUBMAKE) -s _fpga-sf-fit BOARD=hx8k FPGA_SF=1 FPGA_SFPROG=0
	+@$(FPGA_SUBMAKE) -s _fpga-sf-fit BOARD=hx8k FPGA_SF=1 FPGA_SFPROG=0 FPGA_D=2 SF_FIT_APPEND=1

_fpga-sf-fit: fpga-tables
	@$(FPGA_SYNTH_ENV) SF_FIT_APPEND=$(SF_FIT_APPEND) rtl/fpga/sf_fit.sh docs/fpga.md $(BOARD) $(FPGA_TABLES)

# The programmed node against the engines, link by link: the HX8K's 3-cube
# self-test with the engines (FPGA_SF=1) and with the programmed node
# (FPGA_SFPROG=1), each built with FPGA_LINK_TRACE=1; the links of the
# first three schedules run (the first case of tests/fpga/test_selftest.c,
# the tables as generated: valid, flit, busy of every busy or valid link in
# every link cycle from start to sf_done) must be the same, line for line.
FPGA_LINK_DIFF_DIR = $(BUILD)/fpga/link-diff
fpga-sf-link-diff:
	@mkdir -p $(FPGA_LINK_DIFF_DIR)
	+@for p in 0 1; do \
	  dir=$$($(FPGA_SUBMAKE) -s fpga-sim-dir BOARD=hx8k FPGA_SF=1 FPGA_SFPROG=$$p FPGA_LINK_TRACE=1); \
	  rm -f $$dir/tables/links.txt; \
	  $(FPGA_SUBMAKE) -s fpga-test-sim BOARD=hx8k FPGA_SF=1 FPGA_SFPROG=$$p FPGA_LINK_TRACE=1 > $(FPGA_LINK_DIFF_DIR)/sim$$p.log 2>&1 \
	    || { tail -5 $(FPGA_LINK_DIFF_DIR)/sim$$p.log; exit 1; }; \
	  awk '/^start/ { s++ } s >= 1 && s <= 3 { print } /^done/ && s == 3 { exit }' $$dir/tables/links.txt \
	    > $(FPGA_LINK_DIFF_DIR)/links$$p.txt; \
	done
	@n=$$(grep -c . $(FPGA_LINK_DIFF_DIR)/links0.txt); s=$$(grep -c '^start' $(FPGA_LINK_DIFF_DIR)/links0.txt); \
	if [ "$$s" = 3 ] && cmp -s $(FPGA_LINK_DIFF_DIR)/links0.txt $(FPGA_LINK_DIFF_DIR)/links1.txt; then \
	  echo "fpga-sf-link-diff: the same $$n lines (3 schedules) from the engines and the programmed node"; \
	else echo "fpga-sf-link-diff: the links differ ($$s schedules traced; $(FPGA_LINK_DIFF_DIR)/links0.txt, links1.txt)"; \
	  diff $(FPGA_LINK_DIFF_DIR)/links0.txt $(FPGA_LINK_DIFF_DIR)/links1.txt | head -10; exit 1; fi

fpga-sim-dir:
	@echo $(FPGA_SIM_DIR)

fpga-lint:
	@for top in hc_top_icebreaker hc_top_hx8k hc_router_harness; do \
	  verilator --lint-only -Wall -F $(FPGA_LIST) --top-module $$top || exit 1; done; echo "fpga-lint: clean"

# ---- tests: each prints "fpga: PASS <name>" or "fpga: FAIL <name>" --------
# The generator, the tables and the C objects the tests share are made
# first; then the tests run two at a time (the self-test top's place and
# route is the long one).
FPGA_JOBS ?= 2
fpga-test:
	+@for b in $(FPGA_BOARDS); do $(FPGA_SUBMAKE) -s fpga-tables BOARD=$$b >/dev/null || exit 1; done
	+@$(FPGA_SUBMAKE) -s $(FPGA_SIM_OBJ) >/dev/null
	+@$(FPGA_SUBMAKE) -s -j$(FPGA_JOBS) -O $(addprefix fpga-run-,$(FPGA_TESTS))

fpga-run-%:
	+@if $(FPGA_SUBMAKE) -s $*; then echo "fpga: PASS $*"; else echo "fpga: FAIL $*"; fi

fpga-test-sim-sf:
	+@$(FPGA_SUBMAKE) -s fpga-test-sim BOARD=hx8k FPGA_SF=1 FPGA_SFPROG=0 FPGA_SIM_BAUD=115200

fpga-test-sim-%:
	+@$(FPGA_SUBMAKE) -s fpga-test-sim BOARD=$* FPGA_SIM_BAUD=$(FPGA_TEST_BAUD)

fpga-test-sim: fpga-tables $(FPGA_SIM_DIR)/test_selftest
	@$(FPGA_SIM_DIR)/test_selftest $(FPGA_TABLES) $(FPGA_SIM_DIR)/tables

fpga-test-synth-router:
	+@$(FPGA_SUBMAKE) -s _fpga-synth PART=router BOARD=$(FPGA_TEST_BOARD)

fpga-test-synth-top:
	+@$(FPGA_SUBMAKE) -s _fpga-synth PART=top BOARD=$(FPGA_TEST_BOARD)

fpga-test-synth-router-%:
	+@$(FPGA_SUBMAKE) -s _fpga-synth PART=router BOARD=$* SYNTH_ENFORCE_TARGETS=1

fpga-test-synth-top-hx8k-nosf:
	+@$(FPGA_SUBMAKE) -s _fpga-synth PART=top BOARD=hx8k FPGA_SF=0 OUT_TAG=-nosf

fpga-test-synth-top-%:
	+@$(FPGA_SUBMAKE) -s _fpga-synth PART=top BOARD=$*

_fpga-synth: fpga-tables
	@$(FPGA_SYNTH_ENV) SYNTH_ENFORCE_TARGETS=$(SYNTH_ENFORCE_TARGETS) OUT=$(BUILD)/synth/test-$(BOARD)$(OUT_TAG) rtl/fpga/synth_board.sh $(BOARD) $(PART)
