// At paper size every workload must give the scheduler waves of thread blocks:
// some kernel's grid holds several times the TBs a GTX480 runs at once
// (004 Table 1 "Iters"). Launches are recorded, not executed.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

#include "tb/workloads/common.h"
#include "sc_model/runtime/occupancy.h"

using namespace scwarp;
using namespace scwarp::workloads;
using scwarp::runtime::kGtx480;
using scwarp::runtime::resident_blocks_per_sm;

namespace {

struct RecordedLaunch {
  std::string kernel;
  uint64_t blocks = 0;
  uint32_t threads_per_block = 0;
  uint32_t dynamic_shared = 0;
};

class RecordingExecutor : public runtime::Executor {
 public:
  explicit RecordingExecutor(std::vector<RecordedLaunch>& log) : log_(log) {}
  runtime::LaunchResult execute(func::GlobalMemory&, const func::LaunchSpec& spec) override {
    log_.push_back({spec.kernel->name, spec.grid.count(), uint32_t(spec.block.count()),
                    spec.dynamic_shared_bytes});
    return {};
  }

 private:
  std::vector<RecordedLaunch>& log_;
};

double waves(const RecordedLaunch& l) {
  uint32_t per_sm = resident_blocks_per_sm(kernel_resources(l.kernel), l.threads_per_block, l.dynamic_shared);
  return per_sm == 0 ? 0.0 : double(l.blocks) / (double(per_sm) * kGtx480.sms);
}

class PaperSize : public ::testing::TestWithParam<std::string> {};

TEST_P(PaperSize, SomeKernelComesInWavesOfResidentBlocks) {
  std::vector<RecordedLaunch> log;
  runtime::Device dev(std::make_unique<RecordingExecutor>(log));
  make_workload(GetParam())->run(dev, Size::Paper, 1);
  ASSERT_FALSE(log.empty()) << GetParam() << " launched nothing";
  double most = 0;
  for (const auto& l : log) {
    ASSERT_GT(resident_blocks_per_sm(kernel_resources(l.kernel), l.threads_per_block, l.dynamic_shared), 0u)
        << l.kernel << ": one block exceeds a GTX480 SM";
    most = std::max(most, waves(l));
  }
  // Printed for docs/workloads.md: each distinct kernel's grid and waves.
  std::cout << "[paper] " << GetParam() << ":";
  std::vector<std::string> seen;
  for (const auto& l : log) {
    if (std::find(seen.begin(), seen.end(), l.kernel) != seen.end()) continue;
    seen.push_back(l.kernel);
    std::cout << " " << l.kernel << " " << l.blocks << "x" << l.threads_per_block << " ("
              << resident_blocks_per_sm(kernel_resources(l.kernel), l.threads_per_block, l.dynamic_shared)
              << "/SM, " << waves(l) << " waves)";
  }
  std::cout << ", " << log.size() << " launches\n";
  EXPECT_GE(most, 2.0) << GetParam() << ": no kernel has two waves of TBs at paper size";
  EXPECT_LE(most, 12.0) << GetParam() << ": paper size far beyond the intended few waves";
}

INSTANTIATE_TEST_SUITE_P(All, PaperSize, ::testing::ValuesIn(suite_workload_names()));

TEST(Occupancy, LimitedByTheTightestResource) {
  // 512 threads x 24 registers = 12288 per block: registers allow 2 of 3.
  EXPECT_EQ(resident_blocks_per_sm({24, 0, 0}, 512, 0), 2u);
  // 256 threads, few registers: the 1536-thread limit allows 6.
  EXPECT_EQ(resident_blocks_per_sm({10, 0, 0}, 256, 0), 6u);
  // 64 threads: the 8-block limit.
  EXPECT_EQ(resident_blocks_per_sm({10, 0, 0}, 64, 0), 8u);
  // 20 KB static + 4 KB dynamic shared: 2 fit in 48 KB.
  EXPECT_EQ(resident_blocks_per_sm({10, 20 * 1024, 0}, 64, 4 * 1024), 2u);
  // A block larger than the SM's shared memory fits zero times.
  EXPECT_EQ(resident_blocks_per_sm({10, 64 * 1024, 0}, 64, 0), 0u);
}

}  // namespace
