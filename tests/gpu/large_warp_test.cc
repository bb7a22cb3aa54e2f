// Seed 002's large warps on the timing model: every workload whose blocks
// are whole 256-thread large warps verifies against its CPU reference and
// executes exactly the thread instructions of an ordinary run; the others
// are refused naming both sizes. Large warps with the paper's barrel front
// end and two-level fetch, determinism and idle-skip identity.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "sc_model/common/error.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/gpu/timing_executor.h"
#include "tb/workloads/workload.h"

namespace scwarp::gpu {
namespace {

struct Timed {
  workloads::Verification verification;
  runtime::LaunchResult totals;
  stats::RunReport report;
};

Timed run_timed(const std::string& workload, const std::string& config,
                std::initializer_list<std::pair<const char*, const char*>> sets) {
  config::LoadedConfig cfg = config::load_config_file(SCWARP_SOURCE_DIR "/configs/" + config + ".config");
  config::apply_override(cfg, "scwarp_large_warp_size", "256", "test");
  for (const auto& [name, value] : sets) config::apply_override(cfg, name, value, "test");
  auto owned = std::make_unique<TimingExecutor>(cfg.gpu);
  const TimingExecutor& timing = *owned;
  runtime::Device device(std::move(owned));
  Timed t;
  t.verification = workloads::make_workload(workload)->run(device, workloads::Size::Tiny, 1);
  t.totals = device.totals();
  t.report = timing.report();
  return t;
}

runtime::LaunchResult run_functional(const std::string& workload, uint32_t rows) {
  runtime::Device device(runtime::make_functional_executor(runtime::kDefaultMaxThreadInstructions,
                                                           runtime::kGtx480, rows));
  const workloads::Verification v = workloads::make_workload(workload)->run(device, workloads::Size::Tiny, 1);
  EXPECT_TRUE(v.ok) << v.message;
  return device.totals();
}

class EveryWorkloadLarge : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryWorkloadLarge, VerifiesWithOrdinaryThreadInstructionsOrIsRefused) {
  const std::string& workload = GetParam();
  const runtime::LaunchResult ordinary = run_functional(workload, 1);
  try {
    const runtime::LaunchResult large = run_functional(workload, 8);
    EXPECT_EQ(large.thread_instructions, ordinary.thread_instructions);
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("is not a whole number of large warps of 256 threads"), std::string::npos)
        << e.what();
    EXPECT_THROW(run_timed(workload, "tiny", {}), Error);
    return;
  }
  const Timed t = run_timed(workload, "tiny", {});
  EXPECT_TRUE(t.verification.ok) << t.verification.message;
  EXPECT_EQ(t.totals.thread_instructions, ordinary.thread_instructions);
  EXPECT_GT(t.totals.cycles, 0u);
}

INSTANTIATE_TEST_SUITE_P(All, EveryWorkloadLarge, ::testing::ValuesIn(workloads::workload_names()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

// The paper's LWM + two-level machine: one SIMD back end, barrel fetch with
// the relaxed re-fetch, fetch groups of one large warp.
TEST(LargeWarp, BarrelFrontEndWithTwoLevelFetchVerifies) {
  const Timed t = run_timed("bfs", "lwm_single_core",
                            {{"scwarp_fetch_policy", "two_level"}, {"scwarp_two_level_group_size", "1"}});
  EXPECT_TRUE(t.verification.ok) << t.verification.message;
  EXPECT_EQ(t.totals.thread_instructions, run_functional("bfs", 1).thread_instructions);
}

TEST(LargeWarp, SubwarpsFillLanesBetterThanWarpsOnADivergentKernel) {
  // Sub-warps pack the active threads of 8 rows: fewer SIMD instructions
  // than the ordinary run's warps for the same thread instructions.
  const Timed large = run_timed("bfs", "tiny", {});
  EXPECT_LT(large.totals.warp_instructions, run_functional("bfs", 1).warp_instructions);
}

}  // namespace
}  // namespace scwarp::gpu
