// Results must not depend on the scheduler: every workload, under every
// registered issue policy, on the tiny config, verifies against its CPU
// reference, and the timing executor's counts agree with the functional ones.
// One test case per (workload, policy): ctest gives each its own process.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <tuple>

#include "sc_model/config/gpu_config.h"
#include "sc_model/gpu/timing_executor.h"
#include "sc_model/sched/registry.h"
#include "tb/workloads/workload.h"

namespace scwarp::gpu {
namespace {

std::vector<std::string> policy_names() {
  std::vector<std::string> names;
  for (const auto& p : sched::issue_policies()) names.push_back(p.name);
  return names;
}

using Case = std::tuple<std::string, std::string>;  // workload, policy

class EveryPolicy : public ::testing::TestWithParam<Case> {};

TEST_P(EveryPolicy, WorkloadVerifiesAndCountsMatchFunctionalRun) {
  const auto& [workload, policy] = GetParam();
  config::LoadedConfig cfg = config::load_config_file(SCWARP_SOURCE_DIR "/configs/tiny.config");
  config::apply_override(cfg, "gpgpu_scheduler", policy, "test");
  auto owned = std::make_unique<TimingExecutor>(cfg.gpu);
  const TimingExecutor& timing = *owned;
  runtime::Device timed(std::move(owned));
  const workloads::Verification v = workloads::make_workload(workload)->run(timed, workloads::Size::Tiny, 1);
  EXPECT_TRUE(v.ok) << v.message;

  runtime::Device functional;
  workloads::make_workload(workload)->run(functional, workloads::Size::Tiny, 1);
  EXPECT_EQ(timed.totals().thread_instructions, functional.totals().thread_instructions);
  EXPECT_EQ(timed.totals().warp_instructions, functional.totals().warp_instructions);
  EXPECT_GT(timed.totals().cycles, 0u);

  const stats::RunReport report = timing.report();
  EXPECT_EQ(report.tbs.size(), functional.totals().blocks);
  EXPECT_EQ(report.cycles(), timed.totals().cycles);
}

INSTANTIATE_TEST_SUITE_P(All, EveryPolicy,
                         ::testing::Combine(::testing::ValuesIn(workloads::workload_names()),
                                            ::testing::ValuesIn(policy_names())),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return std::get<0>(info.param) + "_" + std::get<1>(info.param);
                         });

}  // namespace
}  // namespace scwarp::gpu
