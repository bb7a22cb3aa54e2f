// Every workload (the registry's list, microbenchmarks included) on the
// built-in GTX480, with the PRO and the BAWS RTL in lockstep with the C++
// policies (-scwarp_sched_impl lockstep): every issue order, TB table (WPT;
// PRO's TB states and warp orders) and CFF fetch pick of every SM cycle
// compared; the run must end without a mismatch and verify against its CPU
// reference. One test case per (workload, policy pair, size): ctest gives
// each its own process.
//
// Sizes: every workload at `small` under PRO, MWF(LRR)+CFF and MWF(GTO)+CFF
// (the BAWS cases dominate: the Verilated baws_top's eval() is ~95% of
// them; docs/rtl.md has the times), and at `tiny` (fewer TBs than SMs,
// one-TB kernels) under PRO and MWF(LRR) with round-robin fetch and under
// RLWS and RLWS_MS (their weights and last actions compared too).
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
  if (issue == "rlws" || issue == "rlws_ms") {  // the arithmetic rtl/rlws computes in (tb/cosim/rtl_rl_policy.h)
    config::apply_override(cfg, issue + "_theta_frac_bits", "16", "test");
    config::apply_override(cfg, issue + "_lfsr", "1", "test");
  }
  ASSERT_EQ(sched::issue_policy_impl(issue, cfg.gpu), "lockstep");
  ASSERT_EQ(sched::fetch_policy_impl(fetch, cfg.gpu), fetch == "cff" ? "lockstep" : "cpp");
  auto owned = std::make_unique<gpu::TimingExecutor>(cfg.gpu);
  const gpu::TimingExecutor& timing = *owned;
  runtime::Device dev(std::move(owned));
  const workloads::Verification v = workloads::make_workload(workload)->run(dev, size, 1);
  EXPECT_TRUE(v.ok) << v.message;
  EXPECT_GT(timing.report().cycles(), 0u);
  // A run that compared nothing proves nothing.
  const stats::SmCounters total = timing.report().sm_total();
  EXPECT_GT(total.lockstep_issue_orders, 0u);
  if (fetch == "cff")
    EXPECT_GT(total.lockstep_fetch_picks, 0u);
  else
    EXPECT_EQ(total.lockstep_fetch_picks, 0u);  // round-robin fetch has no RTL: nothing to compare
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

INSTANTIATE_TEST_SUITE_P(Baws, LockstepSmall,
                         ::testing::Combine(::testing::ValuesIn(workloads::workload_names()),
                                            ::testing::Values(std::string("mwf_lrr"), std::string("mwf_gto")),
                                            ::testing::Values(std::string("cff"))),
                         case_name);

INSTANTIATE_TEST_SUITE_P(Pro, LockstepSmall,
                         ::testing::Combine(::testing::ValuesIn(workloads::workload_names()),
                                            ::testing::Values(std::string("pro")), ::testing::Values(std::string("rr"))),
                         case_name);

INSTANTIATE_TEST_SUITE_P(Rlws, LockstepEveryWorkload,
                         ::testing::Combine(::testing::ValuesIn(workloads::workload_names()),
                                            ::testing::Values(std::string("rlws")), ::testing::Values(std::string("rr"))),
                         case_name);

INSTANTIATE_TEST_SUITE_P(RlwsMs, LockstepEveryWorkload,
                         ::testing::Combine(::testing::ValuesIn(workloads::workload_names()),
                                            ::testing::Values(std::string("rlws_ms")),
                                            ::testing::Values(std::string("rr"))),
                         case_name);

INSTANTIATE_TEST_SUITE_P(
    TinyRrFetch, LockstepEveryWorkload,
    ::testing::Combine(::testing::ValuesIn(workloads::workload_names()),
                       ::testing::Values(std::string("mwf_lrr"), std::string("pro")),
                       ::testing::Values(std::string("rr"))),
    case_name);

}  // namespace
}  // namespace scwarp::cosim
