// VTW's transformation must not change results: every workload, transformed
// in each index mode, verifies against its CPU reference on the timing model
// under VTW's scheduler and under GTO and LRR (vGTO, vLRR), and the timing
// run executes exactly the instructions the functional run of the same
// transformed kernels does. One test case per (workload, policy, mode).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <tuple>

#include "sc_model/config/gpu_config.h"
#include "sc_model/gpu/timing_executor.h"
#include "sc_model/sched/registry.h"
#include "tb/workloads/workload.h"

namespace scwarp::gpu {
namespace {

using Case = std::tuple<std::string, std::string, std::string>;  // workload, policy, transform

std::vector<Case> cases() {
  std::vector<Case> out;
  const auto& policies = sched::issue_policies();
  const bool has_vtw =
      std::any_of(policies.begin(), policies.end(), [](const auto& p) { return p.name == "vtw"; });
  for (const std::string& w : workloads::workload_names()) {
    for (const char* transform : {"vtw:same", "vtw:software"})
      for (const char* policy : {"vtw", "gto", "lrr"})
        if (has_vtw || std::string(policy) != "vtw") out.emplace_back(w, policy, transform);
    for (const char* transform : {"vtw:slowest", "vtw:lowest"})
      out.emplace_back(w, has_vtw ? "vtw" : "gto", transform);
  }
  return out;
}

class EveryTransform : public ::testing::TestWithParam<Case> {};

TEST_P(EveryTransform, WorkloadVerifiesAndCountsMatchFunctionalRun) {
  const auto& [workload, policy, transform] = GetParam();
  config::LoadedConfig cfg = config::load_config_file(SCWARP_SOURCE_DIR "/configs/tiny.config");
  config::apply_override(cfg, "gpgpu_scheduler", policy, "test");
  auto owned = std::make_unique<TimingExecutor>(cfg.gpu);
  const TimingExecutor& timing = *owned;
  runtime::Device timed(std::move(owned));
  timed.set_module_transform(ptx::parse_transform(transform));
  const workloads::Verification v = workloads::make_workload(workload)->run(timed, workloads::Size::Tiny, 1);
  EXPECT_TRUE(v.ok) << v.message;
  EXPECT_GT(timed.totals().logical_blocks, 0u);

  // The same number of virtual TBs: counted for the tiny config's SMs.
  runtime::Device functional(runtime::make_functional_executor(runtime::kDefaultMaxThreadInstructions,
                                                               TbDispatcher::limits_of(cfg.gpu)));
  functional.set_module_transform(ptx::parse_transform(transform));
  workloads::make_workload(workload)->run(functional, workloads::Size::Tiny, 1);
  EXPECT_EQ(timed.totals().thread_instructions, functional.totals().thread_instructions);
  EXPECT_EQ(timed.totals().warp_instructions, functional.totals().warp_instructions);
  EXPECT_EQ(timing.report().tbs.size(), functional.totals().blocks);
}

INSTANTIATE_TEST_SUITE_P(All, EveryTransform, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           std::string mode = std::get<2>(info.param).substr(4);
                           return std::get<0>(info.param) + "_" + std::get<1>(info.param) + "_" + mode;
                         });

}  // namespace
}  // namespace scwarp::gpu
