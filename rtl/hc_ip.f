// The router IP: the network and every block it is made of, package first.
// The one list of the router's sources: `verilator -F rtl/hc_ip.f`, and
// tools/filelist.sh expands it for yosys, make and the scripts. Paths are
// relative to this file.
hc_pkg.sv
hc_fifo.sv
hc_front_wait.sv
hc_probe_reg.sv
hc_chan_counters.sv
hc_cnt_ram.sv
hc_tail_count.sv
hc_route_ecube.sv
hc_alloc.sv
hc_xbar.sv
hc_router.sv
hc_ni.sv
hc_ram_1r1w.sv
hc_sf_comb.sv
hc_sf_tx.sv
hc_sf_rx.sv
hc_sf_node.sv
hc_sf_prog.sv
hc_cfg_regs.sv
hc_node.sv
hc_net_glue.sv
hc_network.sv
