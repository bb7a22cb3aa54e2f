// Pure-logic parts of the SM pipeline: scoreboard, pipelined unit, the
// opcode -> unit and timing tables, the I-buffer and its flush rule, stall classes,
// the delay queue every hand-over between units goes through.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <tuple>
#include <vector>

#include "sc_model/common/bit_set.h"
#include "sc_model/common/delay_queue.h"
#include "sc_model/common/error.h"
#include "sc_model/sm/fetch_unit.h"
#include "sc_model/sm/ibuffer.h"
#include "sc_model/sm/op_timing.h"
#include "sc_model/sm/pipelined_unit.h"
#include "sc_model/sm/scoreboard.h"
#include "sc_model/sm/stall_class.h"

namespace scwarp::sm {
namespace {

ptx::Instr make_instr(ptx::Opcode op, ptx::InstrClass cls, std::vector<uint32_t> reads = {},
                      std::vector<uint32_t> writes = {}) {
  ptx::Instr in;
  in.op = op;
  in.cls = cls;
  in.reads = std::move(reads);
  in.writes = std::move(writes);
  in.text = ptx::opcode_name(op);
  return in;
}

TEST(Scoreboard, ReadAfterPendingWriteBlocksUntilRelease) {
  Scoreboard sb(4);
  ptx::Instr producer = make_instr(ptx::Opcode::Add, ptx::InstrClass::IntAlu, {1, 2}, {3});
  ptx::Instr consumer = make_instr(ptx::Opcode::Add, ptx::InstrClass::IntAlu, {3, 4}, {5});
  EXPECT_EQ(sb.hazard(0, consumer), Scoreboard::Hazard::None);
  sb.reserve(0, producer.writes, false);
  EXPECT_NE(sb.hazard(0, consumer), Scoreboard::Hazard::None);
  EXPECT_EQ(sb.hazard(1, consumer), Scoreboard::Hazard::None) << "another warp's registers are independent";
  sb.release(0, producer.writes);
  EXPECT_EQ(sb.hazard(0, consumer), Scoreboard::Hazard::None);
  EXPECT_FALSE(sb.any_pending(0));
}

TEST(Scoreboard, WriteAfterPendingWriteBlocks) {
  Scoreboard sb(1);
  sb.reserve(0, std::vector<uint32_t>{7}, false);
  EXPECT_NE(sb.hazard(0, make_instr(ptx::Opcode::Mov, ptx::InstrClass::IntAlu, {1}, {7})), Scoreboard::Hazard::None);
  EXPECT_EQ(sb.hazard(0, make_instr(ptx::Opcode::Mov, ptx::InstrClass::IntAlu, {1}, {8})), Scoreboard::Hazard::None);
}

TEST(Scoreboard, LongLatencyFlagFollowsTheLoadsRegisters) {
  Scoreboard sb(1);
  sb.reserve(0, std::vector<uint32_t>{2}, true);   // global load
  sb.reserve(0, std::vector<uint32_t>{3}, false);  // ALU result
  ptx::Instr uses_load = make_instr(ptx::Opcode::Add, ptx::InstrClass::IntAlu, {2}, {9});
  ptx::Instr uses_alu = make_instr(ptx::Opcode::Add, ptx::InstrClass::IntAlu, {3}, {9});
  EXPECT_EQ(sb.hazard(0, uses_load), Scoreboard::Hazard::Memory);
  EXPECT_NE(sb.hazard(0, uses_alu), Scoreboard::Hazard::None);
  EXPECT_EQ(sb.hazard(0, uses_alu), Scoreboard::Hazard::Pending);
  EXPECT_EQ(sb.hazard(0, make_instr(ptx::Opcode::Add, ptx::InstrClass::IntAlu, {3}, {2})), Scoreboard::Hazard::Memory)
      << "a load's register counts wherever it comes in the instruction";
  sb.release(0, std::vector<uint32_t>{2});
  EXPECT_EQ(sb.hazard(0, uses_load), Scoreboard::Hazard::None);
}

// The scoreboard against a map of pending registers, on random reserves and
// releases (a register reserved twice keeps its first entry): hazard() must
// answer as the map does.
TEST(Scoreboard, MatchesAMapOfPendingRegisters) {
  std::mt19937 rng(11);
  Scoreboard sb(2);
  std::array<std::map<uint32_t, bool>, 2> pending;  // register -> long latency (the first reservation's)
  auto reg = [&] { return uint32_t(rng() % 4) + 64 * uint32_t(rng() % 3); };
  for (int step = 0; step < 5000; ++step) {
    const uint32_t w = rng() % 2;
    const std::vector<uint32_t> regs = {reg(), reg()};
    if (rng() % 2) {
      const bool long_latency = rng() % 2;
      sb.reserve(w, regs, long_latency);
      for (uint32_t r : regs) pending[w].emplace(r, long_latency);
    } else {
      sb.release(w, regs);
      for (uint32_t r : regs) pending[w].erase(r);
    }
    const ptx::Instr probe = make_instr(ptx::Opcode::Add, ptx::InstrClass::IntAlu, {reg(), reg()}, {reg()});
    Scoreboard::Hazard want = Scoreboard::Hazard::None;
    for (const std::vector<uint32_t>* list : {&probe.reads, &probe.writes})
      for (uint32_t r : *list)
        if (auto it = pending[w].find(r); it != pending[w].end())
          want = it->second ? Scoreboard::Hazard::Memory : std::max(want, Scoreboard::Hazard::Pending);
    ASSERT_EQ(sb.hazard(w, probe), want) << "step " << step;
    ASSERT_EQ(sb.any_pending(w), !pending[w].empty()) << "step " << step;
  }
}

TEST(PipelinedUnit, AcceptsAfterInitiationIntervalAndReportsLatency) {
  PipelinedUnit unit;
  EXPECT_TRUE(unit.can_accept(10));
  EXPECT_EQ(unit.accept(10, config::OpTiming{145, 8}), 155u);
  EXPECT_FALSE(unit.can_accept(10));
  EXPECT_FALSE(unit.can_accept(17));
  EXPECT_TRUE(unit.can_accept(18));
  EXPECT_EQ(unit.accept(18, config::OpTiming{4, 1}), 22u);
  EXPECT_TRUE(unit.can_accept(19)) << "fully pipelined: a new op every cycle";
}

ptx::Instr typed_instr(ptx::Opcode op, ptx::InstrClass cls, ptx::Type type) {
  ptx::Instr in = make_instr(op, cls);
  in.type = type;
  return in;
}

bool same_timing(config::OpTiming a, config::OpTiming b) {
  return a.latency == b.latency && a.initiation == b.initiation;
}

TEST(OpTiming, GpgpuSim4TableSelectsUnitAndColumn) {
  config::GpuConfig cfg;
  using ptx::InstrClass;
  using ptx::Opcode;
  using ptx::Type;
  auto op = [&](Opcode o, InstrClass cls, Type type) { return assign_op(typed_instr(o, cls, type), cfg); };
  auto timing = [&](Opcode o, InstrClass cls, Type type) { return op(o, cls, type).timing; };
  EXPECT_TRUE(same_timing(timing(Opcode::Add, InstrClass::IntAlu, Type::S32), cfg.int_timing.add));
  EXPECT_TRUE(same_timing(timing(Opcode::Shl, InstrClass::IntAlu, Type::B32), {1, 1}))
      << "opcodes GPGPU-Sim's table does not list take its built-in 1 cycle";
  EXPECT_TRUE(same_timing(timing(Opcode::Max, InstrClass::IntAlu, Type::U32), cfg.int_timing.max));
  EXPECT_EQ(timing(Opcode::Mul24, InstrClass::IntAlu, Type::U32).initiation, cfg.int_timing.mul.initiation + 1);
  EXPECT_EQ(timing(Opcode::Mad24, InstrClass::IntAlu, Type::U32).latency, cfg.int_timing.mad.latency + 1);
  EXPECT_TRUE(same_timing(timing(Opcode::Mad, InstrClass::IntAlu, Type::S32), cfg.int_timing.mad));
  EXPECT_TRUE(same_timing(timing(Opcode::Rem, InstrClass::IntAlu, Type::U32), cfg.int_timing.div));
  EXPECT_TRUE(same_timing(timing(Opcode::Div, InstrClass::FpAlu, Type::F32), cfg.fp_timing.div));
  EXPECT_TRUE(same_timing(timing(Opcode::Fma, InstrClass::FpAlu, Type::F32), cfg.fp_timing.mad));
  EXPECT_TRUE(same_timing(timing(Opcode::Min, InstrClass::FpAlu, Type::F32), cfg.fp_timing.max));
  EXPECT_TRUE(same_timing(timing(Opcode::Mul, InstrClass::Fp64, Type::F64), cfg.dp_timing.mul));
  EXPECT_TRUE(same_timing(timing(Opcode::Div, InstrClass::Fp64, Type::F64), cfg.dp_timing.div));
  EXPECT_TRUE(same_timing(timing(Opcode::Sqrt, InstrClass::Sfu, Type::F32), cfg.sfu_timing));
  EXPECT_TRUE(same_timing(timing(Opcode::Shfl, InstrClass::IntAlu, Type::B32), cfg.int_timing.shfl));
  EXPECT_TRUE(same_timing(timing(Opcode::Bra, InstrClass::Ctrl, Type::None), cfg.branch_timing));
  EXPECT_TRUE(same_timing(timing(Opcode::BarSync, InstrClass::Barrier, Type::None), cfg.branch_timing));

  EXPECT_EQ(op(Opcode::Mul, InstrClass::IntAlu, Type::S32).unit, UnitChoice::Sp) << "no INT units on Fermi";
  EXPECT_EQ(op(Opcode::Mad, InstrClass::IntAlu, Type::S32).unit, UnitChoice::Sp);
  EXPECT_EQ(op(Opcode::Div, InstrClass::IntAlu, Type::S32).unit, UnitChoice::Sfu);
  EXPECT_EQ(op(Opcode::Add, InstrClass::Fp64, Type::F64).unit, UnitChoice::Sfu) << "-gpgpu_num_dp_units 0";
  EXPECT_EQ(op(Opcode::Mul, InstrClass::FpAlu, Type::F32).unit, UnitChoice::Sp);
  EXPECT_EQ(op(Opcode::Ex2, InstrClass::Sfu, Type::F32).unit, UnitChoice::Sfu);
  EXPECT_EQ(op(Opcode::Ld, InstrClass::Mem, Type::U32).unit, UnitChoice::Ldst);
}

TEST(OpTiming, GpgpuSim3TableSelectsUnitAndColumn) {
  config::GpuConfig cfg;
  cfg.opcode_table = config::OpcodeTable::GpgpuSim3;
  using ptx::InstrClass;
  using ptx::Opcode;
  using ptx::Type;
  auto op = [&](Opcode o, InstrClass cls, Type type) { return assign_op(typed_instr(o, cls, type), cfg); };
  EXPECT_EQ(op(Opcode::Mul, InstrClass::IntAlu, Type::S32).unit, UnitChoice::Sfu);
  EXPECT_EQ(op(Opcode::Mad, InstrClass::IntAlu, Type::S32).unit, UnitChoice::Sfu);
  EXPECT_EQ(op(Opcode::Mad, InstrClass::FpAlu, Type::F32).unit, UnitChoice::Sp);
  EXPECT_EQ(op(Opcode::Mul, InstrClass::FpAlu, Type::F32).unit, UnitChoice::SpOrSfu);
  EXPECT_EQ(op(Opcode::Add, InstrClass::Fp64, Type::F64).unit, UnitChoice::Sp);
  EXPECT_EQ(op(Opcode::Div, InstrClass::FpAlu, Type::F32).unit, UnitChoice::Sfu);
  EXPECT_TRUE(same_timing(op(Opcode::Sin, InstrClass::Sfu, Type::F32).timing, cfg.dp_timing.mul))
      << "3.2.2 times transcendentals with dp_latency[2]";
  EXPECT_TRUE(same_timing(op(Opcode::Fma, InstrClass::FpAlu, Type::F32).timing, {1, 1}))
      << "fma is not in 3.2.2's table";
}

// The pipeline looks assignments up in OpAssigner's table: it must give
// what assign_op resolves, for every opcode, class and type, under both
// opcode tables and timings that differ column by column.
TEST(OpTiming, AssignerTableEqualsAssignOp) {
  for (config::OpcodeTable table : {config::OpcodeTable::GpgpuSim4, config::OpcodeTable::GpgpuSim3}) {
    config::GpuConfig cfg;
    cfg.opcode_table = table;
    uint32_t next = 2;
    for (config::OpTimingTable* kind : {&cfg.int_timing, &cfg.fp_timing, &cfg.dp_timing})
      for (config::OpTiming* t : {&kind->add, &kind->max, &kind->mul, &kind->mad, &kind->div, &kind->shfl})
        *t = {next++, next++};
    cfg.sfu_timing = {next++, next++};
    cfg.branch_timing = {next++, next++};
    const OpAssigner assigner(cfg);
    for (uint32_t op = 0; op <= uint32_t(ptx::Opcode::Unsupported); ++op)
      for (uint32_t cls = 0; cls <= uint32_t(ptx::InstrClass::Sync); ++cls)
        for (uint32_t type = 0; type <= uint32_t(ptx::Type::F64); ++type) {
          const ptx::Instr in = typed_instr(ptx::Opcode(op), ptx::InstrClass(cls), ptx::Type(type));
          const OpAssignment want = assign_op(in, cfg), got = assigner(in);
          ASSERT_EQ(got.unit, want.unit) << "opcode " << op << " class " << cls << " type " << type;
          ASSERT_TRUE(same_timing(got.timing, want.timing)) << "opcode " << op << " class " << cls << " type " << type;
        }
  }
}

TEST(IBuffer, RingKeepsFetchOrder) {
  IBuffer buf(2);
  buf.push(IBufferEntry{CodePos{0, 4}, nullptr});
  buf.push(IBufferEntry{CodePos{0, 5}, nullptr});
  EXPECT_EQ(buf.room(), 0u);
  EXPECT_EQ(buf.head().pos, (CodePos{0, 4}));
  buf.pop();
  buf.push(IBufferEntry{CodePos{0, 6}, nullptr});
  EXPECT_EQ(buf.head().pos, (CodePos{0, 5}));
  buf.pop();
  EXPECT_EQ(buf.head().pos, (CodePos{0, 6}));
  buf.flush();
  EXPECT_TRUE(buf.empty());
  EXPECT_THROW(IBuffer(0), Error);
}

TEST(IBuffer, FlushRuleComparesTheExpectedNextWithTheTrueNext) {
  IBuffer buf(2);
  CodePos fetch{0, 6};
  buf.push(IBufferEntry{CodePos{0, 5}, nullptr});
  EXPECT_FALSE(buf.redirected(fetch, CodePos{0, 5})) << "fall-through: keep the buffer";
  EXPECT_TRUE(buf.redirected(fetch, CodePos{0, 2})) << "taken branch";
  EXPECT_TRUE(buf.redirected(fetch, CodePos{1, 5})) << "call into another function";
  buf.pop();
  EXPECT_FALSE(buf.redirected(fetch, CodePos{0, 6})) << "empty buffer: the fetch position counts";
  EXPECT_TRUE(buf.redirected(fetch, CodePos{0, 9}));
}

TEST(StallClass, PrecedenceAndBothTaxonomies) {
  std::vector<sched::WarpView> views(4);
  views[0].wait = sched::WarpWait::Barrier;
  views[1].wait = sched::WarpWait::Fetch;
  views[2].wait = sched::WarpWait::Data;
  views[3].wait = sched::WarpWait::Exited;
  std::vector<uint32_t> all{0, 1, 2, 3}, no_data{0, 1, 3}, barrier_exit{0, 3}, none{};
  EXPECT_EQ(classify_stall(all, views, true), Stall::Structural);
  EXPECT_EQ(classify_stall(all, views, false), Stall::Data);
  EXPECT_EQ(classify_stall(no_data, views, false), Stall::Fetch);
  EXPECT_EQ(classify_stall(barrier_exit, views, false), Stall::Barrier);
  EXPECT_EQ(classify_stall(none, views, false), Stall::Empty);

  stats::SmCounters c;
  count_stall(Stall::Structural, 2, c);
  count_stall(Stall::Data, 3, c);
  count_stall(Stall::Control, 5, c);
  count_stall(Stall::Empty, 7, c);
  EXPECT_EQ(c.gpgpu.pipeline, 2u);
  EXPECT_EQ(c.gpgpu.scoreboard, 3u);
  EXPECT_EQ(c.gpgpu.idle, 12u);
  EXPECT_EQ(c.hazards.structural, 2u);
  EXPECT_EQ(c.hazards.data, 3u);
  EXPECT_EQ(c.hazards.control, 5u);
  EXPECT_EQ(c.hazards.empty, 7u);
}

// The count form (the issue stage's shortcut when no warp is Ready) names
// the same class as the list form over the same warps, for every mix of
// wait reasons; no warps at all is Empty.
TEST(StallClass, CountsGiveTheClassOfTheWarpsCounted) {
  std::mt19937 rng(5);
  for (int round = 0; round < 2000; ++round) {
    std::vector<sched::WarpView> views(1 + rng() % 8);
    std::vector<uint32_t> all;
    std::array<uint32_t, sched::kWarpWaits> counts{};
    for (uint32_t w = 0; w < views.size(); ++w) {
      views[w].wait = sched::WarpWait(rng() % sched::kWarpWaits);
      all.push_back(w);
      ++counts[size_t(views[w].wait)];
    }
    ASSERT_EQ(classify_stall(counts), classify_stall(all, views, false)) << "round " << round;
  }
  EXPECT_EQ(classify_stall(std::array<uint32_t, sched::kWarpWaits>{}), Stall::Empty);
}

TEST(CodeLayout, FunctionsStartOn4KbBoundariesInModuleOrder) {
  ptx::Module m;
  m.functions.resize(4);
  m.functions[0].code.resize(10);   // 80 bytes: one page
  m.functions[1].code.resize(600);  // 4800 bytes: two pages
  m.functions[2].code.resize(0);    // a declaration still gets its own page
  m.functions[3].code.resize(1);
  EXPECT_EQ(code_layout(m), (std::vector<uint64_t>{0, 4096, 12288, 16384}));
}

// The first 64 members live in the object, the rest on the heap: both
// halves, and the boundary between them, behave as one set.
TEST(BitSet, MembersAcrossTheInlineWordAndTheHeapWords) {
  BitSet set(200);
  const std::vector<size_t> members{0, 5, 63, 64, 127, 128, 199};
  for (size_t i : members) set.insert(i);
  std::vector<size_t> seen;
  set.for_each([&](size_t i) { seen.push_back(i); });
  EXPECT_EQ(seen, members) << "ascending, none lost at a word boundary";
  EXPECT_EQ(set.lowest(), 0u);
  set.erase(0);
  set.set(63, false);
  set.set(64, false);
  set.set(70, true);
  EXPECT_EQ(set.lowest(), 5u);
  seen.clear();
  set.take_each([&](size_t i) { seen.push_back(i); });
  EXPECT_EQ(seen, (std::vector<size_t>{5, 70, 127, 128, 199}));
  seen.clear();
  set.for_each([&](size_t i) { seen.push_back(i); });
  EXPECT_TRUE(seen.empty()) << "take_each empties the set";
  BitSet small(48);  // GTX480's warp slots: the inline word alone
  small.set(47, true);
  EXPECT_EQ(small.lowest(), 47u);
}

// Items pushed mostly in ready order (its FIFO) and sometimes earlier than
// the last one (its heap) pop by ready cycle, ties in push order, exactly as
// the definition sorts them; a mutation of either front's choice fails it.
TEST(DelayQueue, PopsByReadyCycleThenPushOrderWhateverThePushOrder) {
  std::mt19937 rng(11);
  DelayQueue<uint32_t> queue;
  std::vector<std::tuple<uint64_t, uint32_t>> waiting;  // (ready, push number)
  uint32_t pushed = 0;
  for (uint64_t cycle = 0; cycle < 3000; ++cycle) {
    for (uint32_t n = rng() % 3; n-- > 0;) {
      const uint64_t ready = cycle + 1 + (rng() % 4 == 0 ? rng() % 40 : 5);  // mostly one latency
      queue.push(pushed, ready);
      waiting.emplace_back(ready, pushed++);
    }
    std::sort(waiting.begin(), waiting.end());
    if (!waiting.empty()) {
      ASSERT_EQ(queue.next_ready(), std::get<0>(waiting.front()));
    }
    size_t due = 0;
    while (due < waiting.size() && std::get<0>(waiting[due]) <= cycle) ++due;
    for (size_t i = 0; i < due; ++i) {
      ASSERT_TRUE(queue.ready(cycle));
      ASSERT_EQ(queue.pop(), std::get<1>(waiting[i])) << "cycle " << cycle;
    }
    waiting.erase(waiting.begin(), waiting.begin() + ptrdiff_t(due));
    ASSERT_FALSE(queue.ready(cycle));
    ASSERT_EQ(queue.size(), waiting.size());
  }
}

}  // namespace
}  // namespace scwarp::sm
