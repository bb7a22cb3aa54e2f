// SystemC tests of one DRAM channel fed by scripted L2-side initiators. Each
// TEST elaborates its own design (ctest runs each in its own process).
#include "sc_model/mem/dram_channel.h"

#include <gtest/gtest.h>

#include "sc_model/mem/address_map.h"
#include "tests/mem/below_l1_initiator.h"

namespace scwarp::mem {
namespace {

using below_l1_testing::ScriptedAccess;
using below_l1_testing::ScriptedInitiator;

config::GpuConfig one_channel() {
  config::GpuConfig cfg;
  cfg.mem_channels = 1;
  cfg.sub_partitions_per_channel = 1;
  return cfg;
}

uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

// Bank 0 of a 1-channel, 16-bank map: row r, 256-byte column group k.
uint64_t bank0(uint64_t row, uint64_t k) { return row * 8 * 4096 + k * 256; }

void expect_each_answered_once(const ScriptedInitiator& source) {
  for (size_t i = 0; i < source.times().size(); ++i) EXPECT_EQ(source.times()[i].responses, 1u) << "access " << i;
}

struct Rig {  // one channel and the initiator that plays its L2 slice
  Rig(const char* name, const config::GpuConfig& cfg, std::vector<ScriptedAccess> script)
      : channel((std::string(name) + "_dram").c_str(), cfg, 0), l2((std::string(name) + "_l2").c_str(), 0, script) {
    l2.down.bind(channel.from_l2);
  }
  DramChannel channel;
  ScriptedInitiator l2;
};

// The first line address the map puts in `bank`, row `row`, at or after `from`.
uint64_t address_in(const config::GpuConfig& cfg, uint32_t bank, uint32_t row, uint64_t from = 0) {
  AddressMap map(cfg);
  for (uint64_t addr = from;; addr += 32) {
    DramLocation loc = map.locate(addr);
    if (loc.bank == bank && loc.row == row) return addr;
  }
}

// Two 32-byte reads to open rows of banks `a` and `b`, issued together:
// how many core cycles apart they are answered.
uint64_t answer_gap(const char* name, const config::GpuConfig& cfg, uint32_t a, uint32_t b) {
  uint64_t a0 = address_in(cfg, a, 0), b0 = address_in(cfg, b, 0);
  Rig rig(name, cfg, {{0, a0, 32, AccessKind::Load}, {0, b0, 32, AccessKind::Load},  // open both rows
                      {2000, address_in(cfg, a, 0, a0 + 32), 32, AccessKind::Load},
                      {2000, address_in(cfg, b, 0, b0 + 32), 32, AccessKind::Load}});
  below_l1_testing::run_until_quiet();
  EXPECT_TRUE(rig.l2.all_answered());
  EXPECT_EQ(rig.channel.counters().row_hits, 2u);
  return rig.l2.times()[3].answered - rig.l2.times()[2].answered;
}

// SM2_GTX480: bank b in group b % 4; a tCCDL long enough to stand out from
// the bus and tCCD. (Each TEST elaborates once: one design per process.)
config::GpuConfig long_tccdl() {
  config::GpuConfig cfg = one_channel();
  EXPECT_EQ(cfg.dram.bank_groups, 4u);
  cfg.dram.tCCDL = 40;
  return cfg;
}

TEST(DramChannel, ColumnCommandsOfOneBankGroupAreTccdlApart) {
  // 40 command cycles at 924 MHz, in 700 MHz core cycles.
  EXPECT_GE(answer_gap("same", long_tccdl(), 0, 4), uint64_t(40 * 700 / 924));
}

TEST(DramChannel, ColumnCommandsOfDifferentBankGroupsAreTccdApart) {
  EXPECT_LT(answer_gap("other", long_tccdl(), 0, 1), 5u);
}

TEST(DramChannel, OneReadCostsActivateTrcdClBurstAndDramLatency) {
  config::GpuConfig cfg = one_channel();
  Rig rig("one", cfg, {{0, 0, 128, AccessKind::Load}});
  below_l1_testing::run_until_quiet();
  ASSERT_TRUE(rig.l2.all_answered());
  // Taken at core cycle 1; ACT in the first command cycle of that core cycle.
  uint64_t act = ceil_div(1 * 924, 700);
  uint64_t data_end = act + cfg.dram.tRCD + cfg.dram.CL + 4;
  EXPECT_EQ(rig.l2.times()[0].answered, ceil_div(data_end * 700, 924) + cfg.dram_latency);
  stats::DramCounters c = rig.channel.counters();
  EXPECT_EQ(c.reads, 1u);
  EXPECT_EQ(c.activates, 1u);
  EXPECT_EQ(c.row_misses, 1u);
  EXPECT_TRUE(rig.channel.idle());
}

TEST(DramChannel, ReadAfterWriteWaitsForWriteDataAndTcdlr) {
  config::GpuConfig cfg = one_channel();
  Rig rig("turnaround", cfg, {{0, bank0(0, 0), 128, AccessKind::Store}, {0, bank0(0, 1), 128, AccessKind::Load}});
  below_l1_testing::run_until_quiet();
  ASSERT_TRUE(rig.l2.all_answered());
  uint64_t act = ceil_div(1 * 924, 700), write = act + cfg.dram.tRCD;
  uint64_t write_data_end = write + cfg.dram.WL + 4;
  uint64_t read = write_data_end + cfg.dram.tCDLR;  // later than tCCD after the write
  EXPECT_EQ(rig.l2.times()[0].answered, ceil_div(write_data_end * 700, 924));  // writes: no dram_latency
  EXPECT_EQ(rig.l2.times()[1].answered, ceil_div((read + cfg.dram.CL + 4) * 700, 924) + cfg.dram_latency);
  stats::DramCounters c = rig.channel.counters();
  EXPECT_EQ(c.row_hits, 1u);
  EXPECT_EQ(c.row_misses, 1u);
}

TEST(DramChannel, WriteAfterReadLeavesTheBusTurnaround) {
  config::GpuConfig cfg = one_channel();
  Rig rig("rtw", cfg, {{0, bank0(0, 0), 128, AccessKind::Load}, {0, bank0(0, 1), 128, AccessKind::Store}});
  below_l1_testing::run_until_quiet();
  ASSERT_TRUE(rig.l2.all_answered());
  uint64_t act = ceil_div(1 * 924, 700), read = act + cfg.dram.tRCD;
  uint64_t read_data_end = read + cfg.dram.CL + 4;
  uint64_t write = read_data_end + DramChannel::kBusTurnaround - cfg.dram.WL;  // later than tCCD after the read
  EXPECT_EQ(rig.l2.times()[1].answered, ceil_div((write + cfg.dram.WL + 4) * 700, 924));
  EXPECT_EQ(rig.l2.times()[0].answered, ceil_div(read_data_end * 700, 924) + cfg.dram_latency);
}

TEST(DramChannel, StreamHitsOpenRowsWhileRowConflictsMiss) {
  config::GpuConfig cfg = one_channel();
  std::vector<ScriptedAccess> stream, conflicts;
  for (uint64_t line = 0; line < 32; ++line) stream.push_back({0, line * 128, 128, AccessKind::Load});
  for (uint64_t row = 0; row < 16; ++row) conflicts.push_back({0, bank0(row, 0), 128, AccessKind::Load});
  Rig a("stream", cfg, stream), b("conflict", cfg, conflicts);
  below_l1_testing::run_until_quiet();
  ASSERT_TRUE(a.l2.all_answered());
  ASSERT_TRUE(b.l2.all_answered());
  expect_each_answered_once(a.l2);
  stats::DramCounters s = a.channel.counters(), m = b.channel.counters();
  EXPECT_EQ(s.reads, 32u);
  EXPECT_EQ(s.activates, 2u);  // banks 0 and 1, row 0
  EXPECT_EQ(s.row_hits, 30u);
  EXPECT_EQ(s.precharges, 0u);
  EXPECT_EQ(s.busy_cycles, (32u * 4 * 700 + 462) / 924);  // 4 command cycles a line, in core cycles
  EXPECT_EQ(m.reads, 16u);
  EXPECT_EQ(m.row_misses, 16u);
  EXPECT_EQ(m.precharges, 15u);
  // Half as many accesses, yet the conflicting ones take longer.
  EXPECT_GT(b.l2.last_answer(), a.l2.last_answer());
}

TEST(DramChannel, FrFcfsFindsRowHitsThatFifoMisses) {
  config::GpuConfig frfcfs = one_channel(), fifo = one_channel();
  fifo.dram_scheduler = 0;
  std::vector<ScriptedAccess> alternating;
  for (uint64_t k = 0; k < 8; ++k)
    for (uint64_t row = 0; row < 2; ++row) alternating.push_back({0, bank0(row, k), 128, AccessKind::Load});
  Rig a("frfcfs", frfcfs, alternating), b("fifo", fifo, alternating);
  below_l1_testing::run_until_quiet();
  ASSERT_TRUE(a.l2.all_answered());
  ASSERT_TRUE(b.l2.all_answered());
  stats::DramCounters r = a.channel.counters(), f = b.channel.counters();
  EXPECT_EQ(f.row_hits, 0u);  // every request in order alternates the row
  EXPECT_EQ(f.row_misses, 16u);
  EXPECT_GE(r.row_hits, 8u);
  EXPECT_EQ(r.row_hits + r.row_misses, 16u);
  EXPECT_LT(a.l2.last_answer(), b.l2.last_answer());
}

TEST(DramChannel, FullQueueHoldsBackRequestsWithoutLosingAny) {
  config::GpuConfig cfg = one_channel();
  cfg.dram_queue = 2;
  std::vector<ScriptedAccess> script;
  for (uint64_t i = 0; i < 40; ++i)
    script.push_back({0, bank0(i % 5, i % 3) + (i % 4) * 4096, 128, i % 3 == 0 ? AccessKind::Store : AccessKind::Load});
  Rig rig("full", cfg, script);
  below_l1_testing::run_until_quiet();
  ASSERT_TRUE(rig.l2.all_answered());
  expect_each_answered_once(rig.l2);
  stats::DramCounters c = rig.channel.counters();
  EXPECT_EQ(c.reads + c.writes, 40u);
  EXPECT_EQ(c.writes, 14u);
  EXPECT_EQ(c.row_hits + c.row_misses, 40u);
  EXPECT_GT(c.queue_full_cycles, 0u);
  // A request waits for END_REQ while the queue is full.
  uint64_t max_wait = 0;
  for (const auto& t : rig.l2.times()) max_wait = std::max(max_wait, t.accepted - t.sent);
  EXPECT_GT(max_wait, 1u);
  EXPECT_TRUE(rig.channel.idle());
}

}  // namespace
}  // namespace scwarp::mem
