# The SystemC/TLM-2.0 model of the network (tb/systemc/, docs/systemc.md),
# included from the Makefile. Debian's SystemC through pkg-config.
#
#   make tlm-demo [SIM=model|rtl|both TLM_CFG=D2_W16_B2_I4]
#       the demo platform (tb/systemc/hc_tlm_demo.cpp): the C model behind
#       the sockets, or with SIM=rtl|both the Verilated RTL of TLM_CFG
#   make tlm-check [TLM_CFG=D2_W16_B2_I4]
#       random traffic from a message-list file through the sockets, with
#       the model and in lockstep with the RTL, against hcsim on the same
#       file (tools/tlm_check.sh; in make test)
#
# A program on the model alone is build/bin/<name> (the RTL stub linked);
# one that can also open the RTL of a configuration is
# build/rtl/<cfg>/<name>, linked the way build/rtl/<cfg>/hcsim is.

.PHONY: tlm-demo tlm-check
TLM_CFG ?= D2_W16_B2_I4
TLM_CXXFLAGS = -std=gnu++17 -O1 -Wall -Wextra -Werror $(INC_DRIVER) $(shell pkg-config --cflags systemc)
TLM_LIBS = $(shell pkg-config --libs systemc)
TLM_LIB_OBJ = $(filter-out $(BUILD)/obj/tb/report/%,$(LIB_OBJ))

$(BUILD)/obj/tb/systemc/%.o: tb/systemc/%.cpp tb/systemc/hc_tlm_net.h
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  CXX     $<")
	$(Q)$(CXX) $(TLM_CXXFLAGS) -c $< -o $@

$(BUILD)/bin/hc_tlm_%: $(BUILD)/obj/tb/systemc/hc_tlm_net.o $(BUILD)/obj/tb/systemc/hc_tlm_%.o $(TLM_LIB_OBJ) $(STUB_OBJ)
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  LINK    $@")
	$(Q)$(CXX) $^ $(TLM_LIBS) -lm -o $@

# The same with the Verilated RTL of the directory's configuration in place
# of the stub (see the Makefile's build/rtl/<cfg>/hcsim); one rule per
# program (a pattern rule with two targets would make both at once).
define tlm_rtl_prog
$$(BUILD)/rtl/%/$(1): $$(BUILD)/rtl/%/hc_rtl_shim.o $$(BUILD)/rtl/%/obj/Vhc_network__ALL.a \
    $$(BUILD)/obj/tb/systemc/hc_tlm_net.o $$(BUILD)/obj/tb/systemc/$(1).o $$(TLM_LIB_OBJ) $$(VRT_OBJ)
	$$(if $$(Q),@echo "  LINK    $$@")
	$$(Q)$$(CXX) -o $$@ $$(filter %.o,$$(wordlist 3,4,$$^)) $$(TLM_LIB_OBJ) $$(filter %.o %.a,$$(wordlist 1,2,$$^)) \
	    $$(call hier_libs,$$*) $$(VRT_OBJ) $$(TLM_LIBS) $$(LINK_LIBS)
endef
$(foreach p,hc_tlm_demo hc_tlm_check,$(eval $(call tlm_rtl_prog,$(p))))

TLM_SIM = $(or $(SIM),model)
tlm-demo: deps $(if $(filter model,$(TLM_SIM)),$(BUILD)/bin/hc_tlm_demo,$(BUILD)/rtl/$(TLM_CFG)/hc_tlm_demo)
	@SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 $(if $(filter model,$(TLM_SIM)),$(BUILD)/bin/hc_tlm_demo,$(BUILD)/rtl/$(TLM_CFG)/hc_tlm_demo $(TLM_SIM))

tlm-check: deps $(BUILD)/bin/hcsim $(BUILD)/rtl/$(TLM_CFG)/hc_tlm_check
	@tools/tlm_check.sh $(TLM_CFG)
