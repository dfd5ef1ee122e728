// The FPGA board logic on top of the router IP: the self-test (traffic
// ROMs, checker, UART report), the board tops and the one-router
// measurement harness. `verilator -F rtl/fpga/hc_board.f --top-module ...`;
// tools/filelist.sh expands it. Paths are relative to this file.
-F ../hc_ip.f
hc_uart_tx.sv
hc_traffic_rom.sv
hc_cfg_seq.sv
hc_checker.sv
hc_report.sv
hc_selftest.sv
hc_pll.sv
hc_board_top.sv
hc_top_icebreaker.sv
hc_top_hx8k.sv
hc_router_harness.sv
