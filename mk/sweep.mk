# make sweep: latency-throughput sweeps of any traffic, locally or on a Slurm
# cluster (tools/sweep.sh, docs/sweeps.md); make test-slurm: the same sweep
# through a one-node Slurm started on this machine (tools/slurm_local.sh).

$(BUILD)/bin/hc_sweep_agg: tb/report/hc_sweep_agg.c $(BUILD)/obj/tb/driver/hc_netstats.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(INC_REPORT) $^ -lm -o $@

# SIM defaults to model here (the Makefile's default, both, when given).
SWEEP_VARS = TRAFFIC RATES D W B I LEN CYCLES WARMUP DRAIN SEED SEEDS MODE REMAP LCCS ROUTING HOT_NODE HOT_FRAC \
             FILES JOBS CLUSTER NAME STOP SBATCH_ARGS SAMPLE_PERIOD
sweep_env = $(foreach v,$(SWEEP_VARS),$(if $(call given,$(v)),$(v)='$($(v))')) \
            SIM=$(if $(call given,SIM),$(SIM),model)

sweep: deps $(BUILD)/bin/hcsim $(BUILD)/bin/hc_sweep_agg
	@$(sweep_env) HCSIM=$(BUILD)/bin/hcsim tools/sweep.sh

test-slurm: deps
	@tools/bootstrap.sh slurm-wlm munge
	@$(MAKE) --no-print-directory -s $(BUILD)/bin/hcsim $(BUILD)/bin/hc_sweep_agg >/dev/null
	@tools/test_slurm.sh
