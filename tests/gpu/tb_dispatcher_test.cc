// The TB dispatcher's placement: budgets per SM, one TB per SM per cycle,
// round robin, freeing on finish, refusing blocks that can never fit.
#include <gtest/gtest.h>

#include "sc_model/common/error.h"
#include "sc_model/gpu/tb_dispatcher.h"

namespace scwarp::gpu {
namespace {

config::GpuConfig two_sms() {
  config::GpuConfig cfg;
  cfg.n_clusters = 2;
  return cfg;
}

runtime::BlockFootprint footprint(uint32_t threads, uint32_t regs_per_thread, uint32_t shared) {
  return runtime::block_footprint({regs_per_thread, shared, 0}, threads, 0);
}

// Places until nothing more fits; returns TBs placed per SM.
std::vector<uint32_t> fill(TbDispatcher& d, uint32_t sms) {
  std::vector<uint32_t> per_sm(sms);
  for (int cycle = 0; cycle < 100; ++cycle)
    for (uint32_t sm : d.place_this_cycle()) ++per_sm[sm];
  return per_sm;
}

TEST(TbDispatcher, OneTbPerSmPerCycleRoundRobin) {
  TbDispatcher d(two_sms());
  d.start_kernel("k", 10, footprint(64, 10, 0), true);
  EXPECT_EQ(d.place_this_cycle(), (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(d.placed_from(), 0u);
  EXPECT_EQ(d.place_this_cycle(), (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(d.placed_from(), 2u);
}

TEST(TbDispatcher, TbLimitOfEightPerSm) {
  TbDispatcher d(two_sms());
  d.start_kernel("k", 100, footprint(64, 10, 0), true);
  EXPECT_EQ(fill(d, 2), (std::vector<uint32_t>{8, 8}));
  EXPECT_TRUE(d.tbs_waiting());
}

TEST(TbDispatcher, ThreadLimit) {  // 512 threads: 3 x 512 = 1536
  TbDispatcher d(two_sms());
  d.start_kernel("k", 100, footprint(512, 10, 0), true);
  EXPECT_EQ(fill(d, 2), (std::vector<uint32_t>{3, 3}));
}

TEST(TbDispatcher, RegisterLimit) {  // 256 threads x 24 regs = 6144: 5 fit in 32768
  TbDispatcher d(two_sms());
  d.start_kernel("k", 100, footprint(256, 24, 0), true);
  EXPECT_EQ(fill(d, 2), (std::vector<uint32_t>{5, 5}));
}

TEST(TbDispatcher, UnknownRegistersAreNotLimiting) {
  TbDispatcher d(two_sms());
  d.start_kernel("k", 100, footprint(256, 0, 0), false);
  EXPECT_EQ(fill(d, 2), (std::vector<uint32_t>{6, 6}));  // threads limit
}

TEST(TbDispatcher, SharedMemoryLimit) {  // 20 KB each: 2 fit in 48 KB
  TbDispatcher d(two_sms());
  d.start_kernel("k", 100, footprint(64, 10, 20 * 1024), true);
  EXPECT_EQ(fill(d, 2), (std::vector<uint32_t>{2, 2}));
}

TEST(TbDispatcher, FinishedTbFreesRoomAndKernelEnds) {
  TbDispatcher d(two_sms());
  d.start_kernel("k", 17, footprint(64, 10, 0), true);
  fill(d, 2);
  EXPECT_EQ(d.resident(0), 8u);
  d.tb_finished(0);
  EXPECT_EQ(d.place_this_cycle(), (std::vector<uint32_t>{0}));
  EXPECT_FALSE(d.tbs_waiting());
  for (int i = 0; i < 16; ++i) {
    EXPECT_FALSE(d.kernel_done());
    d.tb_finished(i % 2);
  }
  EXPECT_TRUE(d.kernel_done());
}

TEST(TbDispatcher, BlockThatCanNeverFitIsRefusedByName) {
  TbDispatcher d(two_sms());
  try {
    d.start_kernel("big_kernel", 1, footprint(1024, 64, 0), true);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("big_kernel"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("registers"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace scwarp::gpu
