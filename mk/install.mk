# The installable library (docs/library.md), included from the Makefile:
#
#   make install PREFIX=/usr/local [DESTDIR=...] [RTL_CFGS="D2_W16_B2_I4 ..."]
#       lib/libhcrouter.a, lib/libhcrouter.so.<version> (soname
#       libhcrouter.so.<major>), include/hcrouter/*.h, lib/pkgconfig/hcrouter.pc,
#       share/hcrouter/rtl/ (the router IP's sources, hc_ip.f, the contract,
#       the FuseSoC core file); with RTL_CFGS, per configuration a static
#       libhcrouter-rtl-<cfg>.a and hcrouter-rtl-<cfg>.pc (the driver over
#       the Verilated RTL of that configuration as well as the model)
#   make core       regenerate rtl/hcrouter.core, the FuseSoC core file, from
#       rtl/hc_ip.f, rtl/hc_network.sv and the contract (tools/gen_core.sh)
#   make docs-api   the API reference of the installed headers (Doxygen) in
#       build/docs-api/html/index.html
#
# The library is the model, the schedule format and generators, traffic,
# GF(2)/LCC and the driver over the model: the objects of LIB_SRC (the
# Makefile's one list of them) but the report pieces, which are hcsim's,
# with the RTL stub (tb/backend/hc_rtl_stub.c: --sim rtl answers
# HC_ENORTL). They are compiled once more as position-independent code
# (build/pic/), for the shared library and the static one alike.

HC_LIB_VERSION := 0.1.0
HC_LIB_MAJOR := $(firstword $(subst ., ,$(HC_LIB_VERSION)))
PREFIX ?= /usr/local
DESTDIR ?=
RTL_CFGS ?=

HC_LIB_SRC := $(filter-out tb/report/%,$(LIB_SRC))
HC_PIC_OBJ := $(HC_LIB_SRC:%.c=$(BUILD)/pic/%.o) $(BUILD)/pic/tb/backend/hc_rtl_stub.o
# The public headers: what a program of the library's user includes, and
# what they include in turn (sf_list.h, np_list.h). The others
# (hc_sched_int.h, the generators' shared internals) stay in the tree.
HC_PUBLIC_H := csim/hc_status.h csim/hc_contract.h csim/hc_route.h csim/hc_sf.h csim/hc_model.h \
  csim/hc_sfload.h csim/sched/hc_sched.h algorithms/gf2.h algorithms/lcc.h algorithms/hc_algo.h \
  algorithms/hc_sf_algo.h algorithms/sf_list.h algorithms/hc_sched_algos.h algorithms/hc_fft.h \
  algorithms/hc_np_algo.h algorithms/np_list.h tb/backend/hc_backend.h tb/backend/hc_rtl.h \
  $(sort $(wildcard tb/driver/*.h))

HC_LIB_A := $(BUILD)/lib/libhcrouter.a
HC_LIB_SO := $(BUILD)/lib/libhcrouter.so.$(HC_LIB_VERSION)

.PHONY: install lib docs-api core

$(BUILD)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  CC pic  $<")
	$(Q)$(CC) $(CFLAGS_HOST) -fPIC -fvisibility=default -MMD -MP -c $< -o $@

-include $(shell find $(BUILD)/pic -name '*.d' 2>/dev/null)

$(BUILD)/pic/algorithms/%.o: INC = $(INC_ALGO)
$(BUILD)/pic/tb/backend/%.o: INC = $(INC_BACKEND)
$(BUILD)/pic/tb/driver/%.o: INC = $(INC_DRIVER)

$(HC_LIB_A): $(HC_PIC_OBJ)
	@mkdir -p $(dir $@)
	@rm -f $@
	$(if $(Q),@echo "  AR      $@")
	$(Q)ar rcs $@ $^

# Only the hc_ names are exported (tools/hcrouter.map): the generators'
# shared internals stay inside.
$(HC_LIB_SO): $(HC_PIC_OBJ) tools/hcrouter.map
	@mkdir -p $(dir $@)
	$(if $(Q),@echo "  LINK    $@")
	$(Q)$(CC) -shared -Wl,-soname,libhcrouter.so.$(HC_LIB_MAJOR) -Wl,--version-script=tools/hcrouter.map \
	    -Wl,--no-undefined $(HC_PIC_OBJ) -lm -o $@

lib: $(HC_LIB_A) $(HC_LIB_SO)

# The RTL library of configuration <cfg>: the model library's objects with
# the shim in place of the stub, the Verilated network (and its hierarchy
# blocks' libraries) and Verilator's run time, in one static archive (the
# Verilated objects are not position-independent, and one build simulates
# one configuration only).
$(BUILD)/lib/libhcrouter-rtl-%.a: $(BUILD)/rtl/%/hc_rtl_shim.o $(BUILD)/rtl/%/obj/Vhc_network__ALL.a \
                                  $(filter-out %/hc_rtl_stub.o,$(HC_PIC_OBJ)) $(VRT_OBJ)
	@mkdir -p $(dir $@)
	@rm -f $@
	$(if $(Q),@echo "  AR      $@")
	$(Q){ echo "CREATE $@"; for o in $(filter %.o,$^); do echo "ADDMOD $$o"; done; \
	  for a in $(BUILD)/rtl/$*/obj/Vhc_network__ALL.a $(call hier_libs,$*); do echo "ADDLIB $$a"; done; \
	  echo SAVE; echo END; } | ar -M

install: $(HC_LIB_A) $(HC_LIB_SO) $(foreach c,$(RTL_CFGS),$(BUILD)/lib/libhcrouter-rtl-$(c).a)
	@tools/install_lib.sh "$(DESTDIR)" "$(PREFIX)" "$(HC_LIB_VERSION)" "$(HC_LIB_MAJOR)" \
	    "$(HC_PUBLIC_H)" "$(RTL_CFGS)" "$(LINK_LIBS)"

# The API reference: Doxygen over the public headers, their comments
# turned into Doxygen's by tools/doxy_filter.sh (the headers keep the
# project's comment style).
docs-api:
	@tools/bootstrap.sh doxygen
	@tools/docs_api.sh $(HC_LIB_VERSION) $(HC_PUBLIC_H)

core:
	@tools/gen_core.sh
