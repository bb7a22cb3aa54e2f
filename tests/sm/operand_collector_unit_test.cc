// The operand collector alone, driven cycle by cycle against a recording
// execution stage: when an instruction reaches its unit, and how a register
// write in the same cycle holds a read back. (One SystemC design per TEST.)
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <numeric>
#include <vector>

#include "sc_model/sm/operand_collector.h"

namespace scwarp::sm {
namespace {

// An execution stage that always accepts and records the cycle of each instruction.
class RecordingUnits : public sc_core::sc_module, public DispatchIf {
 public:
  explicit RecordingUnits(sc_core::sc_module_name name) : sc_core::sc_module(name) {}
  bool can_accept(ExecUnitKind, uint64_t) const override { return true; }
  void dispatch(const func::ExecRecord&, uint32_t warp, bool, ExecUnitKind, uint64_t cycle) override {
    entered.push_back(cycle);
    warps.push_back(warp);
  }
  std::vector<uint64_t> entered;
  std::vector<uint32_t> warps;
};

config::GpuConfig with_sp_units(uint32_t units) {
  config::GpuConfig cfg;
  cfg.oc_sp.units = units;
  return cfg;
}

struct Rig {
  config::GpuConfig cfg;
  stats::OperandCollectorCounters counters;
  OperandCollector collector{"collector", cfg, counters};
  RecordingUnits units{"units"};
  ptx::Instr add;
  func::ExecRecord rec;
  explicit Rig(uint32_t sp_units = config::GpuConfig{}.oc_sp.units)
      : cfg(with_sp_units(sp_units)) {
    collector.out(units);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);  // completes the binding
    add.op = ptx::Opcode::Add;
    add.cls = ptx::InstrClass::IntAlu;
    add.reads = {3, 4};  // banks 3 and 4 for warp 0
    add.writes = {5};
    rec.instr = &add;
  }
  // Issues `add` for warp 0 at cycle 0 and ticks until it reaches its unit.
  uint64_t run(const std::function<void(uint64_t)>& before_tick) {
    collector.dispatch(rec, 0, false, ExecUnitKind::Sp, 0);
    for (uint64_t c = 1; c < 20 && units.entered.empty(); ++c) {
      before_tick(c);
      collector.tick(c);
    }
    EXPECT_FALSE(collector.busy());
    return units.entered.empty() ? 0 : units.entered[0];
  }
};

TEST(OperandCollectorAlone, SourcesInDistinctBanksReachTheUnitFourCyclesAfterIssue) {
  Rig rig;
  EXPECT_EQ(rig.run([](uint64_t) {}), 4u) << "allocate 1, read 2, OC_EX 3, unit 4";
  EXPECT_EQ(rig.counters.register_reads, 2u);
  EXPECT_EQ(rig.counters.bank_conflict_cycles, 0u);
}

TEST(OperandCollectorAlone, AWriteToTheBankInTheReadCycleDelaysTheRead) {
  Rig rig;
  // Register 19 of warp 0 is in bank 3, like source register 3.
  uint64_t entered = rig.run([&](uint64_t c) {
    if (c == 2) rig.collector.write_registers(0, 0, std::vector<uint32_t>{19}, c);
  });
  EXPECT_EQ(entered, 5u);
  EXPECT_EQ(rig.counters.bank_conflict_cycles, 1u);
}

TEST(OperandCollectorAlone, TwoSourcesInOneBankTakeTwoReadCycles) {
  Rig rig;
  rig.add.reads = {3, 19};
  EXPECT_EQ(rig.run([](uint64_t) {}), 5u);
  EXPECT_EQ(rig.counters.bank_conflicts, 1u);
}

// The most units a set may have (a 64-bit word of them): every unit fills
// while one bank serves the reads, the round robin of the dispatch wraps
// past unit 63, and every instruction reaches its unit once.
TEST(OperandCollectorAlone, SixtyFourUnitsFillAndDrainEveryInstructionOnce) {
  Rig rig(config::CollectorSet::kMaxUnits);
  rig.add.reads = {3, 19};  // both in bank 3 for warps 0, 16, 32, ...
  constexpr uint32_t kInstructions = 150;
  uint32_t issued = 0;
  uint64_t c = 1;
  for (; c < 1000 && rig.units.warps.size() < kInstructions; ++c) {
    if (issued < kInstructions && rig.collector.can_accept(ExecUnitKind::Sp, c)) {
      rig.collector.dispatch(rig.rec, 16 * issued, false, ExecUnitKind::Sp, c);
      ++issued;
    }
    rig.collector.tick(c);
  }
  EXPECT_FALSE(rig.collector.busy());
  EXPECT_EQ(rig.counters.register_reads, 2u * kInstructions);
  EXPECT_GE(c, 2u * kInstructions) << "one bank serves one read per cycle";
  std::vector<uint32_t> expected(kInstructions), seen = rig.units.warps;
  std::iota(expected.begin(), expected.end(), 0u);
  std::transform(expected.begin(), expected.end(), expected.begin(), [](uint32_t i) { return 16 * i; });
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, expected);
}

}  // namespace
}  // namespace scwarp::sm
