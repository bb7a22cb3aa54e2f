// Lockstep of VTW's scheduler RTL (tb/cosim/rtl_vtw_policy) against
// VtwPolicy on workloads transformed into virtual TBs (vtw:same), and a
// deliberately wrong pairing it must catch: the RTL fed views without the
// slow phase (TbView::indices_exhausted always false), registered in this
// test binary only under a name of its own.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "sc_model/common/error.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/gpu/timing_executor.h"
#include "sc_model/ptx/transform_spec.h"
#include "sc_model/sched/registry.h"
#include "sc_model/sched/vtw_policy.h"
#include "tb/cosim/rtl_vtw_policy.h"
#include "tb/workloads/workload.h"

namespace {

class RtlVtwNeverSlow : public scwarp::cosim::RtlVtwPolicy {
 public:
  using RtlVtwPolicy::RtlVtwPolicy;
  void order(const scwarp::sched::SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) override {
    tbs_.assign(sm.tbs.begin(), sm.tbs.end());
    for (scwarp::sched::TbView& t : tbs_) t.indices_exhausted = false;
    scwarp::sched::SmView fast = sm;
    fast.tbs = tbs_;
    RtlVtwPolicy::order(fast, sched, warps, out);
  }

 private:
  std::vector<scwarp::sched::TbView> tbs_;
};

}  // namespace

SCWARP_REGISTER_ISSUE_POLICY(scwarp::sched::VtwPolicy, "test_vtw_vs_rtl_never_slow",
                             "test only: C++ VTW, its 'RTL' never sees the slow phase")
SCWARP_REGISTER_RTL_ISSUE_POLICY(RtlVtwNeverSlow, "test_vtw_vs_rtl_never_slow")

namespace scwarp::cosim {
namespace {

void run(runtime::Device& dev, const std::string& workload) {
  dev.set_module_transform(ptx::parse_transform("vtw:same"));
  const workloads::Verification v = workloads::make_workload(workload)->run(dev, workloads::Size::Tiny, 1);
  EXPECT_TRUE(v.ok) << v.message;
}

class LockstepVtw : public ::testing::TestWithParam<std::string> {};

// Every workload on the tiny GPU (2 SMs), each pick compared with the first
// candidate of VtwPolicy's order (docs/rtl.md, "VTW blocks").
TEST_P(LockstepVtw, NoMismatchAndVerifies) {
  config::LoadedConfig cfg = config::load_config_file(SCWARP_SOURCE_DIR "/configs/tiny.config");
  config::apply_override(cfg, "gpgpu_scheduler", "vtw", "test");
  config::apply_override(cfg, "scwarp_sched_impl", "lockstep", "test");
  ASSERT_EQ(sched::issue_policy_impl("vtw", cfg.gpu), "lockstep");
  auto owned = std::make_unique<gpu::TimingExecutor>(cfg.gpu);
  const gpu::TimingExecutor& timing = *owned;
  runtime::Device dev(std::move(owned));
  run(dev, GetParam());
  EXPECT_GT(dev.totals().logical_blocks, 0u);  // the kernels did run as virtual TBs
  EXPECT_GT(timing.report().sm_total().lockstep_issue_orders, 0u);
}

INSTANTIATE_TEST_SUITE_P(Tiny, LockstepVtw, ::testing::ValuesIn(workloads::workload_names()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

TEST(LockstepVtwMismatch, RtlWithoutTheSlowPhaseStopsTheRunNamingCycleAndPicks) {
  config::LoadedConfig cfg = config::builtin_gtx480();
  config::apply_override(cfg, "gpgpu_scheduler", "test_vtw_vs_rtl_never_slow", "test");
  config::apply_override(cfg, "scwarp_sched_impl", "lockstep", "test");
  runtime::Device dev(std::make_unique<gpu::TimingExecutor>(cfg.gpu));
  dev.set_module_transform(ptx::parse_transform("vtw:same"));
  try {
    workloads::make_workload("matmul")->run(dev, workloads::Size::Tiny, 1);
    FAIL() << "the lockstep run did not notice an RTL without the slow phase";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("lockstep mismatch"), std::string::npos) << m;
    EXPECT_NE(m.find("at cycle "), std::string::npos) << m;
    EXPECT_NE(m.find("issue pick"), std::string::npos) << m;
    EXPECT_NE(m.find("C++ pick: w"), std::string::npos) << m;
    EXPECT_NE(m.find("RTL pick: "), std::string::npos) << m;
    EXPECT_NE(m.find("TB counts"), std::string::npos) << m;
  }
}

}  // namespace
}  // namespace scwarp::cosim
