// SystemC tests of one L2 slice in front of its DRAM channel, fed by a
// scripted initiator in the interconnect's place. One design per TEST.
#include "sc_model/mem/l2_slice.h"

#include <gtest/gtest.h>

#include "sc_model/mem/dram_channel.h"
#include "tests/mem/below_l1_initiator.h"

namespace scwarp::mem {
namespace {

using below_l1_testing::ScriptedAccess;
using below_l1_testing::ScriptedInitiator;

config::GpuConfig one_slice() {
  config::GpuConfig cfg;
  cfg.mem_channels = 1;
  cfg.sub_partitions_per_channel = 1;
  return cfg;
}

struct Rig {
  Rig(const config::GpuConfig& cfg, std::vector<ScriptedAccess> script)
      : dram("dram", cfg, 0), slice("l2", cfg, 0), icnt("icnt", 0, std::move(script)) {
    icnt.down.bind(slice.from_icnt);
    slice.to_dram.bind(dram.from_l2);
  }
  void run_and_check_all_answered_once() {
    below_l1_testing::run_until_quiet();
    for (size_t i = 0; i < icnt.times().size(); ++i) ASSERT_EQ(icnt.times()[i].responses, 1u) << "access " << i;
    EXPECT_TRUE(slice.idle());
    EXPECT_TRUE(dram.idle());
  }
  DramChannel dram;
  L2Slice slice;
  ScriptedInitiator icnt;
};

constexpr uint64_t kA = 0, kB = 128, kC = 4096 * 64;

TEST(L2Slice, HitTakesTheRopLatencyAndAMissGoesToDram) {
  config::GpuConfig cfg = one_slice();
  Rig rig(cfg, {{0, kA, 128, AccessKind::Load}, {5000, kA, 128, AccessKind::Load}});
  rig.run_and_check_all_answered_once();
  const auto& t = rig.icnt.times();
  // Taken at once, ROP delay, lookup, reply the cycle after.
  EXPECT_EQ(t[0].accepted, t[0].sent);
  EXPECT_EQ(t[1].latency(), cfg.l2_latency + 1);
  EXPECT_GT(t[0].latency(), cfg.l2_latency + cfg.dram_latency);
  stats::CacheCounters c = rig.slice.counters();
  EXPECT_EQ(c.accesses, 2u);
  EXPECT_EQ(c.hits, 1u);
  EXPECT_EQ(c.misses, 1u);
  EXPECT_EQ(rig.dram.counters().reads, 1u);
}

TEST(L2Slice, MissesToOneLineMergeIntoOneDramRead) {
  config::GpuConfig cfg = one_slice();
  Rig rig(cfg, {{0, kA, 128, AccessKind::Load}, {0, kA, 32, AccessKind::Load}, {0, kA + 64, 32, AccessKind::Load}});
  rig.run_and_check_all_answered_once();
  stats::CacheCounters c = rig.slice.counters();
  EXPECT_EQ(c.misses, 1u);
  EXPECT_EQ(c.mshr_merges, 2u);
  EXPECT_EQ(rig.dram.counters().reads, 1u);
  const auto& t = rig.icnt.times();
  // All three wait for the same fill, answered one per cycle.
  EXPECT_EQ(t[1].answered, t[0].answered + 1);
  EXPECT_EQ(t[2].answered, t[0].answered + 2);
}

TEST(L2Slice, WritesAllocateAndLaterReadsHit) {
  config::GpuConfig cfg = one_slice();
  cfg.l2.write_alloc = 'W';  // GPGPU-Sim 3.2.2's L2: fetch the line on a partial write miss
  Rig rig(cfg, {{0, kA, 128, AccessKind::Store},   // whole line: allocated without a read
                {0, kB, 32, AccessKind::Store},    // part of a line: read first
                {5000, kA, 128, AccessKind::Load},
                {5000, kB, 128, AccessKind::Load}});
  rig.run_and_check_all_answered_once();
  const auto& t = rig.icnt.times();
  EXPECT_EQ(t[0].latency(), cfg.l2_latency + 1);
  EXPECT_GT(t[1].latency(), cfg.l2_latency + cfg.dram_latency);
  stats::CacheCounters c = rig.slice.counters();
  EXPECT_EQ(c.stores, 2u);
  EXPECT_EQ(c.misses, 2u);
  EXPECT_EQ(c.hits, 2u);
  EXPECT_EQ(rig.dram.counters().reads, 1u);
  EXPECT_EQ(rig.dram.counters().writes, 0u);  // dirty lines stay in the write-back cache
}

TEST(L2Slice, LazyWriteAllocateTakesPartialLinesWithoutReading) {
  config::GpuConfig cfg = one_slice();
  ASSERT_EQ(cfg.l2.write_alloc, 'L');  // SM2_GTX480's lazy fetch on read
  Rig rig(cfg, {{0, kB, 32, AccessKind::Store}, {5000, kB, 128, AccessKind::Load}});
  rig.run_and_check_all_answered_once();
  const auto& t = rig.icnt.times();
  EXPECT_EQ(t[0].latency(), cfg.l2_latency + 1);  // no DRAM read before the reply
  EXPECT_EQ(t[1].latency(), cfg.l2_latency + 1);  // the line is there (no byte masks: treated as whole)
  EXPECT_EQ(rig.dram.counters().reads, 0u);
  EXPECT_EQ(rig.slice.counters().hits, 1u);
}

TEST(L2Slice, DirtyVictimsAreWrittenBack) {
  config::GpuConfig cfg = one_slice();
  cfg.l2.sets = 1;
  cfg.l2.ways = 2;
  Rig rig(cfg, {{0, kA, 128, AccessKind::Store},
                {0, kB, 128, AccessKind::Store},
                {0, kC, 128, AccessKind::Store},      // evicts A (LRU, dirty)
                {2000, kA, 128, AccessKind::Load}});  // misses, evicts B (dirty)
  rig.run_and_check_all_answered_once();
  stats::CacheCounters c = rig.slice.counters();
  EXPECT_EQ(c.writebacks, 2u);
  EXPECT_EQ(c.misses, 4u);
  EXPECT_EQ(rig.dram.counters().writes, 2u);
  EXPECT_EQ(rig.dram.counters().reads, 1u);
}

TEST(L2Slice, AtomicsReadModifyWriteTheLineAtTheSlice) {
  config::GpuConfig cfg = one_slice();
  cfg.l2.sets = 1;
  cfg.l2.ways = 1;
  Rig rig(cfg, {{0, kA, 4, AccessKind::Atomic},
                {3000, kA, 4, AccessKind::Atomic},   // hit
                {6000, kB, 128, AccessKind::Load}}); // evicts A, which the atomics dirtied
  rig.run_and_check_all_answered_once();
  const auto& t = rig.icnt.times();
  EXPECT_EQ(t[1].latency(), cfg.l2_latency + 1 + L2Slice::kAtomicCycles);
  EXPECT_GT(t[0].latency(), cfg.l2_latency + cfg.dram_latency + L2Slice::kAtomicCycles);
  stats::CacheCounters c = rig.slice.counters();
  EXPECT_EQ(c.hits, 1u);
  EXPECT_EQ(c.writebacks, 1u);
  EXPECT_EQ(rig.dram.counters().reads, 2u);
  EXPECT_EQ(rig.dram.counters().writes, 1u);
}

TEST(L2Slice, FullMshrStallsLookupsWithoutLosingRequests) {
  config::GpuConfig cfg = one_slice();
  cfg.l2.mshr_entries = 2;
  cfg.l2.miss_queue = 1;
  cfg.l2_latency = 1;  // the ROP pipeline is unbounded: a short one lets the input queue fill
  std::vector<ScriptedAccess> script;
  // More than the slice's l2_latency + kInputQueueDepth slots.
  const uint64_t requests = cfg.l2_latency + L2Slice::kInputQueueDepth + 40;
  for (uint64_t i = 0; i < requests; ++i) script.push_back({0, i * 4096, 128, AccessKind::Load});
  Rig rig(cfg, script);
  rig.run_and_check_all_answered_once();
  stats::CacheCounters c = rig.slice.counters();
  EXPECT_EQ(c.misses, requests);
  EXPECT_GT(c.reservation_fails, 0u);
  EXPECT_EQ(rig.dram.counters().reads, requests);
  // The input queue filled behind the stalled lookups: END_REQ came late.
  uint64_t max_wait = 0;
  for (const auto& t : rig.icnt.times()) max_wait = std::max(max_wait, t.accepted - t.sent);
  EXPECT_GT(max_wait, 1u);
}

}  // namespace
}  // namespace scwarp::mem
