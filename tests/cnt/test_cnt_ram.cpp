// The directed test of rtl/hc_cnt_ram.sv (the channel counters in block RAM,
// hc_router's CntRam): one Verilated hc_cnt_ram, driven with per-port events
// (idle stretches, random events at several densities, every event every
// cycle, bursts of waiting heads), a reset in the middle of the run, and a
// different counter selected on the read port each cycle. The expected values
// come from first principles, not from the RTL: plain per-counter sums of the
// events (modulo 2^CntWidth) and the largest waiting count, kept here. Each
// cycle t it checks
//   - peek_o (the simulation-only read of the counter as it is in t) against
//     the sum over cycles 0..t-1 since reset, and
//   - rdata_o (the registered read) against what was selected in t-1, as it
//     was in t-1 (0 in the first cycle after reset: nothing was selected);
// ports >= Ports and ids above max-waiting must read 0. Built with random
// initial values (--x-initial unique) and run with +verilator+rand+reset+2,
// so the memories start with random words, which the first sweep after
// reset must hide. Prints "cnt: PASS <name> (<cycles> cycles, <checks>
// checks)" or "cnt: FAIL <name>: <first mismatch>" and exits 0 or 1;
// usage: test_cnt_ram NAME PORTS CNTWIDTH SEED [verilator args]; bad
// arguments: one line on stderr, exit 2.
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "Vhc_cnt_ram.h"
#include "verilated.h"

namespace {

const unsigned kWaitW = 3;  // the router's $clog2(Ports + 1) for Ports 3..7

// xorshift64*: the stimulus' random numbers (seeded, reproducible).
struct rng {
  uint64_t s;
  uint32_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return static_cast<uint32_t>((s * 0x2545F4914F6CDD1DULL) >> 32);
  }
  bool chance(unsigned pct) { return next() % 100u < pct; }
};

// The expected counters of one router: four sums and max-waiting per port.
struct ref_counts {
  uint32_t sum[16][4];
  uint32_t maxw[16];
  void clear() { std::memset(this, 0, sizeof *this); }
};

}  // namespace

int main(int argc, char **argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: test_cnt_ram NAME PORTS CNTWIDTH SEED [verilator args]\n");
    return 2;
  }
  const char *name = argv[1];
  const unsigned ports = static_cast<unsigned>(std::strtoul(argv[2], nullptr, 10));
  const unsigned cw = static_cast<unsigned>(std::strtoul(argv[3], nullptr, 10));
  const uint64_t seed = std::strtoull(argv[4], nullptr, 10);
  if (ports < 2 || ports > 7 || cw < 1 || cw > 32 || seed == 0) {
    std::fprintf(stderr, "test_cnt_ram: PORTS 2..7, CNTWIDTH 1..32 and SEED > 0, as built\n");
    return 2;
  }
  const uint32_t mask = cw == 32 ? 0xffffffffu : (1u << cw) - 1u;

  VerilatedContext ctx;
  ctx.commandArgs(argc - 4, argv + 4);
  ctx.fatalOnError(false);  // a failing assertion is counted, not an abort
  Vhc_cnt_ram top(&ctx);
  rng r{seed * 0x9E3779B97F4A7C15ULL};

  ref_counts ref;
  ref.clear();
  uint32_t expect_rd = 0;  // what rdata_o must show this cycle
  unsigned long checks = 0;
  const unsigned long cycles = 6000;
  const unsigned long reset_at = 2500;
  char fail[200] = "";

  // Reset as the testbench's shims do: a falling edge of rst_ni (its
  // initial value is random), a clock edge while it is low, then release.
  auto do_reset = [&]() {
    top.clk_i = 0;
    top.rst_ni = 1;
    top.eval();
    top.rst_ni = 0;
    top.eval();
    top.clk_i = 1;
    top.eval();
    top.clk_i = 0;
    top.eval();
    top.rst_ni = 1;
    top.eval();
    ref.clear();
    expect_rd = 0;
  };
  do_reset();

  for (unsigned long t = 0; t < cycles && !fail[0]; ++t) {
    if (t == reset_at) do_reset();
    // The stimulus: its kind changes every 300 cycles.
    const unsigned phase = static_cast<unsigned>((t / 300) % 6);
    const unsigned dens = phase == 0 ? 0 : phase == 1 ? 10 : phase == 2 ? 50 : phase == 3 ? 90 : 100;
    uint32_t flit = 0, head = 0, busy = 0;
    uint64_t waiting = 0;
    unsigned wv[16] = {};
    for (unsigned o = 0; o < ports; ++o) {
      const bool all = phase == 4;
      if (phase == 5) {  // waiting heads in bursts, counts up to Ports
        wv[o] = (t / 7 + o) % 3 == 0 ? r.next() % (ports + 1) : 0;
      } else {
        wv[o] = (all || r.chance(dens)) ? (all ? ports : 1 + r.next() % ports) : 0;
      }
      if (all || r.chance(dens)) flit |= 1u << o;
      if (all || r.chance(dens)) head |= 1u << o;
      if (all || r.chance(dens)) busy |= 1u << o;
      waiting |= static_cast<uint64_t>(wv[o]) << (o * kWaitW);
    }
    top.flit_i = flit;
    top.head_i = head;
    top.busy_i = busy;
    top.waiting_i = static_cast<uint32_t>(waiting);
    // The selection: any port (also ones the router lacks), any id.
    const unsigned port = r.next() % (ports + 2);
    const unsigned id = r.next() % 8;
    top.port_i = port;
    top.id_i = id;
    top.clk_i = 0;
    top.eval();

    uint32_t now = 0;  // the selected counter in this cycle, from the reference
    if (port < ports && id < 4) now = ref.sum[port][id] & mask;
    if (port < ports && id == 4) now = ref.maxw[port];
    if (top.peek_o != now) {
      std::snprintf(fail, sizeof fail, "cycle %lu: peek of port %u id %u is %" PRIu32 ", expected %" PRIu32,
                    t, port, id, static_cast<uint32_t>(top.peek_o), now);
    } else if (top.rdata_o != expect_rd) {
      std::snprintf(fail, sizeof fail, "cycle %lu: registered read is %" PRIu32 ", expected %" PRIu32,
                    t, static_cast<uint32_t>(top.rdata_o), expect_rd);
    }
    checks += 2;
    expect_rd = now;
    // This cycle's events count from the next cycle on.
    for (unsigned o = 0; o < ports; ++o) {
      ref.sum[o][0] += flit >> o & 1u;
      ref.sum[o][1] += (flit >> o & 1u) & (head >> o & 1u);
      ref.sum[o][2] += busy >> o & 1u;
      ref.sum[o][3] += wv[o] != 0;
      if (wv[o] > ref.maxw[o]) ref.maxw[o] = wv[o];
    }
    top.clk_i = 1;
    top.eval();
    if (!fail[0] && ctx.gotError())
      std::snprintf(fail, sizeof fail, "cycle %lu: an RTL assertion failed", t);
  }
  top.final();
  if (fail[0]) {
    std::printf("cnt: FAIL %s: %s\n", name, fail);
    return 1;
  }
  std::printf("cnt: PASS %s (%lu cycles, %lu checks)\n", name, cycles, checks);
  return 0;
}
