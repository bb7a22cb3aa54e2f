// SystemC tests of the crossbar, inside the memory system it connects (its
// far ends are real L2 slices). One design per TEST.
#include "sc_model/mem/interconnect.h"

#include <gtest/gtest.h>

#include <memory>

#include "sc_model/common/error.h"
#include "sc_model/mem/memory_system.h"
#include "tests/mem/below_l1_initiator.h"

namespace scwarp::mem {
namespace {

using below_l1_testing::ScriptedAccess;
using below_l1_testing::ScriptedInitiator;

config::GpuConfig small_gpu(uint32_t sms, uint32_t channels, uint32_t sub_partitions) {
  config::GpuConfig cfg;
  cfg.n_clusters = sms;
  cfg.cores_per_cluster = 1;
  cfg.mem_channels = channels;
  cfg.sub_partitions_per_channel = sub_partitions;
  return cfg;
}

TEST(Interconnect, L2HitRoundTripIsWiresFlitsHandshakesAndRop) {
  config::GpuConfig cfg = small_gpu(1, 1, 1);
  MemorySystem memory("memory", cfg);
  ScriptedInitiator sm("sm0", 0,
                       {{0, 0, 128, AccessKind::Load}, {5000, 0, 128, AccessKind::Load}, {10000, 0, 128, AccessKind::Store}});
  memory.bind_sm(sm.down);
  below_l1_testing::run_until_quiet();
  ASSERT_TRUE(sm.all_answered());
  // Each BEGIN_REQ/BEGIN_RESP is taken at once, the packet leaves its
  // crossbar input the cycle after (twice), and the slice replies the cycle
  // after its lookup: 3 cycles of handshakes.
  uint64_t wires = 2 * cfg.icnt_latency, handshakes = 3;
  uint64_t data_flits = (128 + cfg.icnt_flit_bytes - 1) / cfg.icnt_flit_bytes;
  EXPECT_EQ(sm.times()[1].latency(), cfg.l2_latency + wires + handshakes + (data_flits - 1));  // data comes down
  EXPECT_EQ(sm.times()[2].latency(), cfg.l2_latency + wires + handshakes + (data_flits - 1));  // data goes up
  stats::CacheCounters l2;
  stats::DramCounters dram;
  stats::IcntCounters icnt;
  memory.report(l2, dram, icnt);
  EXPECT_EQ(icnt.requests, 3u);
  EXPECT_EQ(icnt.replies, 3u);
  EXPECT_EQ(icnt.request_bytes, (1 + 1 + data_flits) * cfg.icnt_flit_bytes);
  EXPECT_EQ(icnt.reply_bytes, (data_flits + data_flits + 1) * cfg.icnt_flit_bytes);
  EXPECT_TRUE(memory.idle());
}

TEST(Interconnect, RepliesReturnToTheirSmAndSmsShareASliceFairly) {
  config::GpuConfig cfg = small_gpu(3, 1, 2);
  MemorySystem memory("memory", cfg);
  std::vector<std::unique_ptr<ScriptedInitiator>> sms;
  for (uint32_t sm = 0; sm < 3; ++sm) {
    std::vector<ScriptedAccess> script;  // even lines only: all to slice 0
    for (uint64_t i = 0; i < 30; ++i) script.push_back({0, (sm * 1000 + i) * 256, 128, AccessKind::Load});
    sms.push_back(std::make_unique<ScriptedInitiator>(("sm" + std::to_string(sm)).c_str(), sm, script));
    memory.bind_sm(sms.back()->down);
  }
  below_l1_testing::run_until_quiet();
  uint64_t first_done = ~0ull, last_done = 0;
  for (const auto& sm : sms) {
    for (size_t i = 0; i < sm->times().size(); ++i) ASSERT_EQ(sm->times()[i].responses, 1u) << sm->name() << " access " << i;
    first_done = std::min(first_done, sm->last_answer());
    last_done = std::max(last_done, sm->last_answer());
  }
  // Round-robin: no SM finishes far behind the others.
  EXPECT_LT(last_done - first_done, last_done / 10);
  std::vector<stats::CacheCounters> slices = memory.l2_per_slice();
  EXPECT_EQ(slices[0].accesses, 90u);
  EXPECT_EQ(slices[1].accesses, 0u);
  stats::CacheCounters l2;
  stats::DramCounters dram;
  stats::IcntCounters icnt;
  memory.report(l2, dram, icnt);
  EXPECT_GT(icnt.stall_cycles, 0u);  // three SMs, one slice port
  EXPECT_EQ(icnt.replies, 90u);
}

TEST(Interconnect, RefusesARequestWhoseSourceIsNotItsPort) {
  config::GpuConfig cfg = small_gpu(2, 1, 1);
  MemorySystem memory("memory", cfg);
  ScriptedInitiator wrong("sm0", 1, {{0, 0, 128, AccessKind::Load}});
  ScriptedInitiator right("sm1", 1, {});
  memory.bind_sm(wrong.down);
  memory.bind_sm(right.down);
  try {
    below_l1_testing::run_until_quiet();
    FAIL() << "a request claiming another SM's port was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("SM port 0 claims source 1"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace scwarp::mem
