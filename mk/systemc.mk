# The SystemC/TLM-2.0 model of the network (tb/systemc/, docs/systemc.md),
# included from the Makefile. Debian's SystemC through pkg-config.
#
#   make tlm-demo [SIM=model|rtl|both TLM_CFG=D2_W16_B2_I4 TLM_ARGS=...]
#       the example platform (tb/systemc/hc_tlm_demo.cpp: 2^d node
#       processes run AAP and the total exchange through the sockets and
#       the configuration port, each checking what it gets): the C model
#       behind the sockets (a 3-cube), or with SIM=rtl|both the Verilated RTL
#       of TLM_CFG; TLM_ARGS passes more (e.g. "--clock port --deliver
#       callback --k 4 aap lcc sf"; hc_tlm_demo.cpp lists them)
#   make tlm-check [TLM_CFG=D2_W16_B2_I4 TLM_VP_CFG=D4_W16_B2_I4]
#       against hcsim on the same stimulus, with the model and in lockstep
#       with the RTL behind the sockets: random traffic from a message-list
#       file (tools/tlm_check.sh) on TLM_CFG, the platform's AAP and total
#       exchange on TLM_CFG and its AAP and reordered transpose on
#       TLM_VP_CFG (tools/tlm_vp_check.sh); all in make test
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
	$(Q)$(CXX) $(TLM_CXXFLAGS) -MMD -MP -c $< -o $@

# the platform's expectations (tb/systemc/hc_vp.c) are C
$(BUILD)/obj/tb/systemc/%.o: INC = $(INC_DRIVER)
TLM_OBJ = $(BUILD)/obj/tb/systemc/hc_tlm_net.o $(BUILD)/obj/tb/systemc/hc_vp.o

$(BUILD)/bin/hc_tlm_%: $(TLM_OBJ) $(BUILD)/obj/tb/systemc/hc_tlm_%.o $(TLM_LIB_OBJ) $(STUB_OBJ)
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  LINK    $@")
	$(Q)$(CXX) $^ $(TLM_LIBS) -lm -o $@

# The same with the Verilated RTL of the directory's configuration in place
# of the stub (see the Makefile's build/rtl/<cfg>/hcsim); one rule per
# program (a pattern rule with two targets would make both at once).
define tlm_rtl_prog
$$(BUILD)/rtl/%/$(1): $$(BUILD)/rtl/%/hc_rtl_shim.o $$(BUILD)/rtl/%/obj/Vhc_network__ALL.a \
    $$(TLM_OBJ) $$(BUILD)/obj/tb/systemc/$(1).o $$(TLM_LIB_OBJ) $$(VRT_OBJ)
	$$(if $$(Q),@echo "  LINK    $$@")
	$$(Q)$$(CXX) -o $$@ $$(filter %.o,$$(wordlist 3,5,$$^)) $$(TLM_LIB_OBJ) $$(filter %.o %.a,$$(wordlist 1,2,$$^)) \
	    $$(call hier_libs,$$*) $$(VRT_OBJ) $$(TLM_LIBS) $$(LINK_LIBS)
endef
$(foreach p,hc_tlm_demo hc_tlm_check,$(eval $(call tlm_rtl_prog,$(p))))

TLM_SIM = $(or $(SIM),model)
TLM_VP_CFG ?= D4_W16_B2_I4
tlm-demo: deps $(if $(filter model,$(TLM_SIM)),$(BUILD)/bin/hc_tlm_demo,$(BUILD)/rtl/$(TLM_CFG)/hc_tlm_demo)
	@SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 $(if $(filter model,$(TLM_SIM)),$(BUILD)/bin/hc_tlm_demo,$(BUILD)/rtl/$(TLM_CFG)/hc_tlm_demo $(TLM_SIM)) $(TLM_ARGS)

tlm-check: deps $(BUILD)/bin/hcsim $(BUILD)/rtl/$(TLM_CFG)/hc_tlm_check $(BUILD)/rtl/$(TLM_CFG)/hc_tlm_demo \
    $(BUILD)/rtl/$(TLM_VP_CFG)/hc_tlm_demo $(BUILD)/bin/tlm_doc_platform
	@tools/tlm_check.sh $(TLM_CFG); a=$$?; tools/tlm_vp_check.sh $(TLM_CFG) aap aap_cs sf; b=$$?; \
	  tools/tlm_vp_check.sh $(TLM_VP_CFG) aap lcc; [ $$a$$b$$? = 000 ]

# docs/systemc.md's platform, compiled as the page prints it (its one cpp
# block) and run by make test: the page's example cannot drift from the API.
$(BUILD)/tlm/doc_platform.cpp: docs/systemc.md
	@mkdir -p $(dir $@)
	$(Q)awk '/^```cpp/ { on = 1; next } /^```/ { on = 0 } on' $< > $@

# Its header dependencies from the compiler, as for every object (a stale
# object after an edit of hc_cfg ran with the old layout).
$(BUILD)/tlm/doc_platform.o: $(BUILD)/tlm/doc_platform.cpp tb/systemc/hc_tlm_net.h
	$(if $(Q),@echo "  CXX     docs/systemc.md's platform")
	$(Q)$(CXX) $(TLM_CXXFLAGS) -Itb/systemc -MMD -MP -c $< -o $@
-include $(wildcard $(BUILD)/tlm/doc_platform.d)

$(BUILD)/bin/tlm_doc_platform: $(TLM_OBJ) $(BUILD)/tlm/doc_platform.o $(TLM_LIB_OBJ) $(STUB_OBJ)
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  LINK    $@")
	$(Q)$(CXX) $^ $(TLM_LIBS) -lm -o $@
