# One router on the iCE40 (docs/fpga.md, "One router: resources and timing"
# and "Towards the lean router"), included from the Makefile:
#
#   make fpga-table    synthesise, place and route one router in every
#                      configuration of the table (d, w, b, counters, buffer
#                      RAM; about an hour of one core) and write the table of
#                      docs/fpga.md beside the figures before issue 15
#                      (docs/data/fpga_router_before.tsv); make fpga-docs runs it
#   make fpga-table-update  after an edit of the router: only the rows make
#                      test checks measured again and written into the table
#   make fpga-lean     the study of docs/fpga.md, "Towards the lean router":
#                      the default router, block-RAM buffers, the registered
#                      route (RouteReg) and the registered-allocation prototype
#                      (HC_PROTO_regalloc), d = 3, w = 8, b = 4
#
# make test checks the committed table's rows of FPGA_TABLE_CHECK
# (tools/fpga_table.sh) through fpga-test-table, one of FPGA_TESTS.

FPGA_TABLE_TSV := $(BUILD)/synth/table.tsv

.PHONY: fpga-table fpga-table-update fpga-lean fpga-test-table

fpga-table: deps
	tools/fpga_table.sh measure $(FPGA_TABLE_TSV)
	tools/fpga_table.sh doc docs/fpga.md $(FPGA_TABLE_TSV) docs/data/fpga_router_before.tsv

fpga-table-update: deps
	tools/fpga_table.sh update docs/fpga.md

fpga-lean: deps
	tools/fpga_lean.sh docs/fpga.md

# One line per row checked: "fpga-table: PASS|FAIL ...".
fpga-test-table:
	@tools/fpga_table.sh check docs/fpga.md
