// The operand collector between issue and the execution units: register
// bank conflicts (time and counters), collector units filling up
// (structural stalls in both taxonomies), and the opcode table's unit
// assignment seen in the SM's timing. Each comparison runs both designs in
// child processes (one SystemC design per process).
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <iostream>
#include <string>

#include "tests/sm/sm_bench.h"

namespace scwarp::test {
namespace {

const char* kHeader = ".version 7.0\n.target sm_50\n.address_size 64\n";

// `count` copies of `line` between two %clock reads, in every warp; warp w
// stores the cycles between the reads to out[w]. Registers %r0..%r39 are
// declared first, so %rK has register index K and register k and k + 16
// share a bank (16 banks).
std::string timed_kernel(const std::string& line, int count) {
  std::string body;
  for (int i = 0; i < count; ++i) body += "  " + line + "\n";
  return std::string(kHeader) + R"(
.visible .entry timed(.param .u64 out)
{
  .reg .u32 %r<40>;
  .reg .f32 %f<8>;
  .reg .u64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r30, %tid.x;
  shr.u32 %r30, %r30, 5;
  mul.wide.u32 %rd2, %r30, 4;
  add.u64 %rd1, %rd1, %rd2;
  mov.u32 %r1, 1;
  mov.u32 %r2, 2;
  mov.u32 %r17, 3;
  mov.u32 %r3, 4;
  mov.f32 %f1, 0f3F800000;
  mov.u32 %r31, %clock;
)" + body + R"(  mov.u32 %r32, %clock;
  sub.u32 %r32, %r32, %r31;
  st.global.u32 [%rd1], %r32;
  ret;
}
)";
}

struct Run {
  uint32_t cycles = 0;  // warp 0's timed region
  stats::SmCounters counters;
};

Run run_timed(const config::GpuConfig& cfg, const std::string& line, int count, uint32_t threads) {
  Kernel k(timed_kernel(line, count), "timed");
  uint64_t out = k.memory.allocate(4 * 64);
  k.prepare({1, 1, 1}, {threads, 1, 1}, {out});
  // A 1-cycle memory: instruction misses (which go below L1) would blur the timed region.
  SmBench bench("bench", cfg, [&](SmBench& b) { b.launch(k, 0); }, 1);
  bench.run_until_done(1);
  return {download(k.memory, out, 1)[0], counters_of(bench.sm)};
}

// Runs in a child and prints the timed cycles and the collector's counters.
std::string timed_in_child(const config::GpuConfig& cfg, const std::string& line, int count, uint32_t threads) {
  return run_in_child([&] {
    Run r = run_timed(cfg, line, count, threads);
    const stats::OperandCollectorCounters& oc = r.counters.operand_collector;
    std::ostringstream os;
    os << r.cycles << " " << oc.register_reads << " " << oc.bank_conflict_cycles << " " << oc.bank_conflicts << " "
       << oc.full_stalls << " " << r.counters.hazards.structural << " " << r.counters.gpgpu.pipeline;
    return os.str();
  });
}

struct Parsed {
  uint64_t cycles, reads, conflict_cycles, conflicts, full_stalls, structural, pipeline;
};

Parsed parse(const std::string& text) {
  std::istringstream is(text);
  Parsed p{};
  is >> p.cycles >> p.reads >> p.conflict_cycles >> p.conflicts >> p.full_stalls >> p.structural >> p.pipeline;
  EXPECT_TRUE(is) << text;
  return p;
}

TEST(OperandCollector, SourcesInOneBankTakeOneReadCycleEach) {
  const int adds = 32;
  // One warp, a dependent chain: only one instruction collects at a time.
  // %r1 and %r17 share a bank, %r1 and %r2 do not.
  Parsed conflict = parse(timed_in_child(one_sm_config(), "add.u32 %r1, %r1, %r17;", adds, 32));
  Parsed apart = parse(timed_in_child(one_sm_config(), "add.u32 %r1, %r1, %r2;", adds, 32));
  std::cout << "same bank: " << conflict.cycles << " cycles, " << conflict.conflict_cycles
            << " conflict cycles; different banks: " << apart.cycles << ", " << apart.conflict_cycles << "\n";
  EXPECT_GE(conflict.conflict_cycles, uint64_t(adds)) << "every add waits once for its second read";
  EXPECT_GE(conflict.conflicts, uint64_t(adds));
  EXPECT_EQ(apart.conflict_cycles, 0u) << "the prologue's and chain's sources never share a bank";
  EXPECT_EQ(conflict.reads, apart.reads) << "the same number of register reads";
  EXPECT_GE(conflict.cycles, apart.cycles + adds - 2) << "one more cycle per dependent add";
  EXPECT_LE(conflict.cycles, apart.cycles + adds + 2);
}

TEST(OperandCollector, MoreBanksRemoveTheConflict) {
  config::GpuConfig cfg = one_sm_config();
  cfg.reg_banks = 32;  // %r1 and %r17 now fall in different banks
  Parsed p = parse(timed_in_child(cfg, "add.u32 %r1, %r1, %r17;", 32, 32));
  EXPECT_EQ(p.conflict_cycles, 0u);
}

TEST(OperandCollector, FullCollectorUnitsStallIssueStructurally) {
  // Independent adds whose two sources share a bank, from 8 warps: each
  // needs a collector unit for three cycles (two reads, dispatch) while two
  // could issue per cycle. One SP collector unit fills at once; six keep up better.
  config::GpuConfig one = one_sm_config();
  one.oc_sp = {1, 1, 1};
  config::GpuConfig six = one_sm_config();
  Parsed narrow = parse(timed_in_child(one, "add.u32 %r5, %r1, %r17;", 64, 256));
  Parsed wide = parse(timed_in_child(six, "add.u32 %r5, %r1, %r17;", 64, 256));
  std::cout << "1 collector unit: " << narrow.full_stalls << " full stalls, " << narrow.cycles << " cycles; 6: "
            << wide.full_stalls << ", " << wide.cycles << "\n";
  EXPECT_GT(narrow.full_stalls, 0u);
  EXPECT_EQ(narrow.full_stalls, narrow.structural) << "a full ID_OC register is the structural hazard";
  EXPECT_EQ(narrow.full_stalls, narrow.pipeline) << "and GPGPU-Sim's pipeline stall";
  EXPECT_GT(narrow.full_stalls, 2 * wide.full_stalls);
  EXPECT_GT(narrow.cycles, wide.cycles);
}

TEST(OperandCollector, OpcodeTableMovesIntegerMultipliesBetweenSpAndSfu) {
  // Independent integer multiplies from 8 warps: GPGPU-Sim 4.x runs them on
  // the two SP pipelines, 3.x on the one SFU (both with MUL's initiation 2).
  config::GpuConfig v4 = one_sm_config();
  config::GpuConfig v3 = one_sm_config();
  v3.opcode_table = config::OpcodeTable::GpgpuSim3;
  const std::string mul = "mul.lo.u32 %r5, %r1, %r2;";
  Parsed on_sp = parse(timed_in_child(v4, mul, 64, 256));
  Parsed on_sfu = parse(timed_in_child(v3, mul, 64, 256));
  std::cout << "mul: SP " << on_sp.cycles << " SFU " << on_sfu.cycles << " cycles\n";
  EXPECT_GT(on_sfu.cycles, on_sp.cycles * 3 / 2) << "one SFU has half the two SPs' multiply throughput";
  // An add goes to the SP under both tables (only the prologue's mul.wide,
  // before the timed region, moves).
  const std::string add = "add.u32 %r5, %r1, %r2;";
  const uint64_t add_v4 = parse(timed_in_child(v4, add, 64, 256)).cycles;
  const uint64_t add_v3 = parse(timed_in_child(v3, add, 64, 256)).cycles;
  EXPECT_LE(std::max(add_v4, add_v3) - std::min(add_v4, add_v3), 4u);
}

}  // namespace
}  // namespace scwarp::test
