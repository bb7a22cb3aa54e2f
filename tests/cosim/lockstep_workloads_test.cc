// Every workload (the registry's list, microbenchmarks included) on the
// built-in GTX480, with the BAWS RTL in lockstep with the C++ policies
// (-scwarp_sched_impl lockstep): every issue order, WPT table and CFF fetch
// pick of every SM cycle compared; the run must end without a mismatch and
// verify against its CPU reference. One test case per (workload, policy
// pair, size): ctest gives each its own process.
//
// Size: every workload at `tiny` (all 63 cases ~50 s of CPU), and four at
// `small`. Every workload at `small` takes ~3 min of CPU per policy pair in
// lockstep (bfs alone 26 s; the Verilated block's eval() is ~95% of it), and
// the tiny config does not help (same time: the cost is per SM-cycle with
// TBs resident, not per SM); docs/rtl.md has the numbers.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <tuple>

#include "sc_model/config/gpu_config.h"
#include "sc_model/gpu/timing_executor.h"
#include "sc_model/sched/registry.h"
#include "tb/workloads/workload.h"

namespace scwarp::cosim {
namespace {

using Case = std::tuple<std::string, std::string, std::string>;  // workload, issue, fetch

class LockstepEveryWorkload : public ::testing::TestWithParam<Case> {};

void run_lockstep(const std::string& workload, const std::string& issue, const std::string& fetch,
                  workloads::Size size) {
  config::LoadedConfig cfg = config::builtin_gtx480();
  config::apply_override(cfg, "gpgpu_scheduler", issue, "test");
  config::apply_override(cfg, "scwarp_fetch_policy", fetch, "test");
  config::apply_override(cfg, "scwarp_sched_impl", "lockstep", "test");
  ASSERT_EQ(sched::issue_policy_impl(issue, cfg.gpu), "lockstep");
  ASSERT_EQ(sched::fetch_policy_impl(fetch, cfg.gpu), fetch == "cff" ? "lockstep" : "cpp");
  auto owned = std::make_unique<gpu::TimingExecutor>(cfg.gpu);
  const gpu::TimingExecutor& timing = *owned;
  runtime::Device dev(std::move(owned));
  const workloads::Verification v = workloads::make_workload(workload)->run(dev, size, 1);
  EXPECT_TRUE(v.ok) << v.message;
  EXPECT_GT(timing.report().cycles(), 0u);
}

TEST_P(LockstepEveryWorkload, NoMismatchAndVerifies) {
  const auto& [workload, issue, fetch] = GetParam();
  run_lockstep(workload, issue, fetch, workloads::Size::Tiny);
}

class LockstepSmall : public ::testing::TestWithParam<Case> {};

TEST_P(LockstepSmall, NoMismatchAndVerifies) {
  const auto& [workload, issue, fetch] = GetParam();
  run_lockstep(workload, issue, fetch, workloads::Size::Small);
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  return std::get<0>(info.param) + "_" + std::get<1>(info.param) + "_" + std::get<2>(info.param);
}

INSTANTIATE_TEST_SUITE_P(Some, LockstepSmall,
                         ::testing::Combine(::testing::Values(std::string("matmul"), std::string("histogram"),
                                                              std::string("convolution"), std::string("backprop")),
                                            ::testing::Values(std::string("mwf_lrr"), std::string("mwf_gto")),
                                            ::testing::Values(std::string("cff"))),
                         case_name);

INSTANTIATE_TEST_SUITE_P(
    Tiny, LockstepEveryWorkload,
    ::testing::Combine(::testing::ValuesIn(workloads::workload_names()),
                       ::testing::Values(std::string("mwf_lrr"), std::string("mwf_gto")),
                       ::testing::Values(std::string("cff"))),
    case_name);

INSTANTIATE_TEST_SUITE_P(
    TinyRrFetch, LockstepEveryWorkload,
    ::testing::Combine(::testing::ValuesIn(workloads::workload_names()), ::testing::Values(std::string("mwf_lrr")),
                       ::testing::Values(std::string("rr"))),
    case_name);

}  // namespace
}  // namespace scwarp::cosim
