// SystemC tests of the whole memory system below the L1s, driven by scripted
// SMs. One design per TEST; each checks invariants that any correct run must
// satisfy (two runs cannot be compared in one process).
#include "sc_model/mem/memory_system.h"

#include <gtest/gtest.h>

#include <memory>

#include "tests/mem/below_l1_initiator.h"

namespace scwarp::mem {
namespace {

using below_l1_testing::ScriptedAccess;
using below_l1_testing::ScriptedInitiator;

struct Totals {
  stats::CacheCounters l2;
  stats::DramCounters dram;
  stats::IcntCounters icnt;
};

Totals totals_of(const MemorySystem& memory) {
  Totals t;
  memory.report(t.l2, t.dram, t.icnt);
  return t;
}

struct Gpu {  // scripted SMs bound in order to one memory system
  Gpu(const config::GpuConfig& cfg, const std::vector<std::vector<ScriptedAccess>>& scripts)
      : memory(sc_core::sc_gen_unique_name("memory"), cfg) {
    for (uint32_t sm = 0; sm < scripts.size(); ++sm) {
      sms.push_back(std::make_unique<ScriptedInitiator>(sc_core::sc_gen_unique_name("sm"), sm, scripts[sm]));
      memory.bind_sm(sms.back()->down);
    }
  }
  void run_and_check_all_answered_once() {
    below_l1_testing::run_until_quiet();
    for (const auto& sm : sms)
      for (size_t i = 0; i < sm->times().size(); ++i)
        ASSERT_EQ(sm->times()[i].responses, 1u) << sm->name() << " access " << i;
    EXPECT_TRUE(memory.idle());
  }
  MemorySystem memory;
  std::vector<std::unique_ptr<ScriptedInitiator>> sms;
};

config::GpuConfig gpu_with(uint32_t sms) {
  config::GpuConfig cfg;  // GTX480 memory: 6 channels x 2 sub-partitions
  cfg.n_clusters = sms;
  return cfg;
}

// A fixed pseudo-random mix over a 64 KB footprint (reuse, merges, evictions).
std::vector<ScriptedAccess> mixed_script(uint32_t seed, uint32_t count) {
  std::vector<ScriptedAccess> script;
  uint32_t x = seed * 2654435761u + 1;
  for (uint32_t i = 0; i < count; ++i) {
    x = x * 1664525u + 1013904223u;
    uint64_t line = (x >> 8) % 512;
    uint32_t kind = (x >> 24) % 8;
    AccessKind k = kind < 5 ? AccessKind::Load : kind < 7 ? AccessKind::Store : AccessKind::Atomic;
    uint32_t bytes = k == AccessKind::Atomic ? 4 : (x >> 4) % 2 ? 128 : 32;
    script.push_back({i * 3u, line * 128, bytes, k});
  }
  return script;
}

TEST(MemorySystem, MixedTrafficAnswersEveryRequestOnceAndCountersAgree) {
  config::GpuConfig cfg = gpu_with(4);
  cfg.l2.sets = 4;  // 4 KB slices: the 64 KB footprint evicts
  std::vector<std::vector<ScriptedAccess>> scripts;
  for (uint32_t sm = 0; sm < 4; ++sm) scripts.push_back(mixed_script(sm, 150));
  Gpu gpu(cfg, scripts);
  gpu.run_and_check_all_answered_once();
  Totals t = totals_of(gpu.memory);
  EXPECT_EQ(t.icnt.requests, 600u);
  EXPECT_EQ(t.icnt.replies, 600u);
  EXPECT_EQ(t.l2.accesses, 600u);
  EXPECT_EQ(t.l2.hits + t.l2.misses + t.l2.mshr_merges, 600u);
  EXPECT_GT(t.l2.hits, 0u);
  EXPECT_GT(t.l2.writebacks, 0u);
  EXPECT_EQ(t.dram.writes, t.l2.writebacks);  // write-back, write-allocate: DRAM writes are evictions
  EXPECT_LE(t.dram.reads, t.l2.misses);       // full-line write misses read nothing
  EXPECT_EQ(t.dram.row_hits + t.dram.row_misses, t.dram.reads + t.dram.writes);
  EXPECT_LE(t.dram.activates, t.dram.row_misses);
  stats::CacheCounters slice_sum;
  for (const auto& s : gpu.memory.l2_per_slice()) slice_sum += s;
  EXPECT_EQ(slice_sum.accesses, t.l2.accesses);
  EXPECT_EQ(gpu.memory.dram_per_channel().size(), cfg.mem_channels);
}

TEST(MemorySystem, StreamingReadsGetRowBufferHits) {
  config::GpuConfig cfg = gpu_with(1);
  std::vector<ScriptedAccess> stream;
  for (uint64_t line = 0; line < 768; ++line) stream.push_back({0, line * 128, 128, AccessKind::Load});
  Gpu gpu(cfg, {stream});
  gpu.run_and_check_all_answered_once();
  Totals t = totals_of(gpu.memory);
  EXPECT_EQ(t.l2.misses, 768u);
  EXPECT_EQ(t.dram.reads, 768u);
  // 96 KB over 6 channels: 16 KB each = 8 rows of 2 KB per channel.
  EXPECT_EQ(t.dram.activates, 48u);
  EXPECT_EQ(t.dram.row_hits, 768u - 48u);
  for (const auto& channel : gpu.memory.dram_per_channel()) EXPECT_EQ(channel.reads, 128u);
}

TEST(MemorySystem, FullDramQueuesHoldBackTrafficWithoutLosingAny) {
  config::GpuConfig cfg = gpu_with(2);
  cfg.mem_channels = 1;
  cfg.dram_queue = 1;
  std::vector<std::vector<ScriptedAccess>> scripts(2);
  for (uint32_t sm = 0; sm < 2; ++sm)
    for (uint64_t i = 0; i < 400; ++i)
      scripts[sm].push_back({0, (sm * 400 + i) * 4096 * 3, 128, i % 4 == 0 ? AccessKind::Store : AccessKind::Load});
  Gpu gpu(cfg, scripts);
  gpu.run_and_check_all_answered_once();
  Totals t = totals_of(gpu.memory);
  EXPECT_GT(t.dram.queue_full_cycles, 0u);
  EXPECT_GT(t.icnt.stall_cycles, 0u);
  EXPECT_EQ(t.l2.accesses, 800u);
  EXPECT_EQ(t.dram.reads, 600u);  // the full-line stores allocate without reading
  uint64_t max_wait = 0;  // the SMs' requests waited for END_REQ
  for (const auto& sm : gpu.sms)
    for (const auto& times : sm->times()) max_wait = std::max(max_wait, times.accepted - times.sent);
  EXPECT_GT(max_wait, 10u);
}

TEST(MemorySystem, ReadAfterWriteHitsInL2) {
  config::GpuConfig cfg = gpu_with(1);
  Gpu gpu(cfg, {{{0, 0x4000, 128, AccessKind::Store}, {3000, 0x4000, 128, AccessKind::Load},
                 {3000, 0x8000, 128, AccessKind::Load}}});
  gpu.run_and_check_all_answered_once();
  const auto& t = gpu.sms[0]->times();
  EXPECT_LT(t[1].latency() + cfg.dram_latency, t[2].latency());  // hit vs miss
  Totals totals = totals_of(gpu.memory);
  EXPECT_EQ(totals.l2.hits, 1u);
  EXPECT_EQ(totals.dram.reads, 1u);
  EXPECT_EQ(totals.dram.writes, 0u);
}

}  // namespace
}  // namespace scwarp::mem

namespace scwarp::mem {
namespace {

// Two independent memory systems in one design, one ticking every cycle
// (the reference) and one sleeping when idle, see the same traffic: every
// answer must come at the same cycle and every counter must agree.
TEST(MemorySystem, SkippingIdleCyclesChangesNoCycleAndNoCounter) {
  config::GpuConfig reference = gpu_with(3), skipping = gpu_with(3);
  reference.skip_idle = false;
  reference.l2.sets = skipping.l2.sets = 4;
  std::vector<std::vector<ScriptedAccess>> scripts;
  for (uint32_t sm = 0; sm < 3; ++sm) {
    scripts.push_back(mixed_script(sm + 7, 120));
    for (ScriptedAccess& a : scripts.back()) a.not_before *= 5;  // idle gaps between accesses
  }
  Gpu a(reference, scripts), b(skipping, scripts);
  below_l1_testing::run_until_quiet(200'000);
  for (uint32_t sm = 0; sm < 3; ++sm) {
    ASSERT_TRUE(b.sms[sm]->all_answered());
    for (size_t i = 0; i < scripts[sm].size(); ++i) {
      ASSERT_EQ(a.sms[sm]->times()[i].accepted, b.sms[sm]->times()[i].accepted) << "SM " << sm << " access " << i;
      ASSERT_EQ(a.sms[sm]->times()[i].answered, b.sms[sm]->times()[i].answered) << "SM " << sm << " access " << i;
    }
  }
  Totals x = totals_of(a.memory), y = totals_of(b.memory);
  EXPECT_EQ(x.l2.hits, y.l2.hits);
  EXPECT_EQ(x.l2.misses, y.l2.misses);
  EXPECT_EQ(x.l2.mshr_merges, y.l2.mshr_merges);
  EXPECT_EQ(x.l2.reservation_fails, y.l2.reservation_fails);
  EXPECT_EQ(x.l2.writebacks, y.l2.writebacks);
  EXPECT_EQ(x.dram.row_hits, y.dram.row_hits);
  EXPECT_EQ(x.dram.activates, y.dram.activates);
  EXPECT_EQ(x.dram.precharges, y.dram.precharges);
  EXPECT_EQ(x.dram.busy_cycles, y.dram.busy_cycles);
  EXPECT_EQ(x.dram.queue_full_cycles, y.dram.queue_full_cycles);
  EXPECT_EQ(x.icnt.stall_cycles, y.icnt.stall_cycles);
  EXPECT_EQ(x.icnt.reply_bytes, y.icnt.reply_bytes);
}

}  // namespace
}  // namespace scwarp::mem

namespace scwarp::mem {
namespace {

// 15 SMs streaming distinct lines keep every channel's data bus nearly
// always busy: the model reaches the GTX480's peak DRAM bandwidth of
// 6 channels x 32 B per command cycle x 924/700 = 253.4 B per core cycle.
TEST(MemorySystem, StreamingFromAllSmsSaturatesDramBandwidth) {
  config::GpuConfig cfg;
  std::vector<std::vector<ScriptedAccess>> scripts(cfg.sm_count());
  for (uint32_t sm = 0; sm < cfg.sm_count(); ++sm)
    for (uint64_t i = 0; i < 2000; ++i)
      scripts[sm].push_back({0, (i * cfg.sm_count() + sm) * 128, 128, AccessKind::Load});
  Gpu gpu(cfg, scripts);
  gpu.run_and_check_all_answered_once();
  uint64_t last = 0;
  for (const auto& sm : gpu.sms) last = std::max(last, sm->last_answer());
  double peak = cfg.mem_channels * 32.0 * cfg.dram_mhz / cfg.core_mhz;
  double achieved = 2000.0 * cfg.sm_count() * 128 / double(last);
  EXPECT_GT(achieved, 0.95 * peak) << achieved << " B/cycle of " << peak;
  EXPECT_LE(achieved, peak);
  Totals t = totals_of(gpu.memory);
  EXPECT_GT(double(t.dram.busy_cycles), 0.95 * double(last) * cfg.mem_channels);
}

}  // namespace
}  // namespace scwarp::mem
