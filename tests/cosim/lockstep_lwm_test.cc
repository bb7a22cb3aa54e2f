// The LWM sub-warp former RTL (rtl/lwm/lwm_subwarp_former.v) in lockstep
// with the C++ SubwarpFormer (tb/cosim/rtl_subwarp_former.h): every
// workload at `tiny` on the GTX480 with the largest large warps it takes
// (256 threads, else 128, else 64) verifies with every sub-warp compared and
// none different (RLWS in the hardware arithmetic issues); BAWS's RTL in
// lockstep takes a large warp's barrier arrival with its first sub-warp's
// issue; PRO's RTL, which counts progress per issue, refuses large warps; a
// deliberately wrong RTL former is caught with a message naming where; an SM
// the Verilated former cannot hold is refused.
#include <gtest/gtest.h>

#include <bit>
#include <memory>
#include <string>
#include <tuple>

#include "sc_model/common/error.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/gpu/timing_executor.h"
#include "sc_model/runtime/device.h"
#include "sc_model/sm/former_registry.h"
#include "tb/cosim/rtl_subwarp_former.h"
#include "tb/workloads/workload.h"

namespace scwarp::cosim {
namespace {

struct LargeRun {
  workloads::Verification verification;
  stats::SmCounters total;
};

// The issue policy must have an RTL under lockstep too (RLWS in the
// arithmetic rtl/rlws computes in, by default).
LargeRun run_large(const std::string& workload, uint32_t large_warp_size, const std::string& impl,
                   const std::string& issue = "rlws", const std::string& fetch = "") {
  config::LoadedConfig cfg = config::builtin_gtx480();
  config::apply_override(cfg, "gpgpu_scheduler", issue, "test");
  if (issue == "rlws") {
    config::apply_override(cfg, "rlws_theta_frac_bits", "16", "test");
    config::apply_override(cfg, "rlws_lfsr", "1", "test");
  }
  if (!fetch.empty()) config::apply_override(cfg, "scwarp_fetch_policy", fetch, "test");
  config::apply_override(cfg, "scwarp_large_warp_size", std::to_string(large_warp_size), "test");
  config::apply_override(cfg, "scwarp_sched_impl", impl, "test");
  auto owned = std::make_unique<gpu::TimingExecutor>(cfg.gpu);
  const gpu::TimingExecutor& timing = *owned;
  runtime::Device dev(std::move(owned));
  LargeRun r;
  r.verification = workloads::make_workload(workload)->run(dev, workloads::Size::Tiny, 1);
  r.total = timing.report().sm_total();
  return r;
}

// The largest of 256, 128 and 64 threads the workload's blocks are whole
// large warps of, asked of the functional engine (SystemC elaborates one
// timing model per process: the timed run cannot be retried); 0 if none.
uint32_t largest_large_warp(const std::string& workload) {
  for (uint32_t size : {256u, 128u, 64u}) {
    try {
      runtime::Device device(runtime::make_functional_executor(runtime::kDefaultMaxThreadInstructions,
                                                               runtime::kGtx480, size / func::kWarpSize));
      workloads::make_workload(workload)->run(device, workloads::Size::Tiny, 1);
      return size;
    } catch (const Error& e) {
      if (std::string(e.what()).find("is not a whole number of large warps") == std::string::npos) throw;
    }
  }
  return 0;
}

class LockstepLwm : public ::testing::TestWithParam<std::string> {};

TEST_P(LockstepLwm, EverySubwarpAgreesAndTheRunVerifies) {
  const uint32_t size = largest_large_warp(GetParam());
  ASSERT_NE(size, 0u) << GetParam() << " takes no large warps of 64, 128 or 256 threads";
  const LargeRun r = run_large(GetParam(), size, "lockstep");
  EXPECT_TRUE(r.verification.ok) << r.verification.message;
  // A run that compared nothing proves nothing.
  EXPECT_GT(r.total.lockstep_subwarps, 0u) << size << "-thread large warps";
}

INSTANTIATE_TEST_SUITE_P(Tiny, LockstepLwm, ::testing::ValuesIn(workloads::workload_names()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

// BAWS (MWF + CFF) in lockstep with large warps, on workloads with
// barriers: the policy hears of a large warp's barrier arrival after its
// first sub-warp's issue, as the RTL takes it, and every decision agrees.
class LockstepLwmBaws : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(LockstepLwmBaws, BarrierArrivalsRideTheFirstSubwarp) {
  const auto& [issue, workload] = GetParam();
  const uint32_t size = largest_large_warp(workload);
  ASSERT_NE(size, 0u) << workload;
  const LargeRun r = run_large(workload, size, "lockstep", issue, "cff");
  EXPECT_TRUE(r.verification.ok) << r.verification.message;
  EXPECT_GT(r.total.lockstep_issue_orders, 0u);
  EXPECT_GT(r.total.lockstep_fetch_picks, 0u);
  EXPECT_GT(r.total.lockstep_subwarps, 0u);
}

INSTANTIATE_TEST_SUITE_P(Barriers, LockstepLwmBaws,
                         ::testing::Combine(::testing::Values(std::string("mwf_lrr"), std::string("mwf_gto")),
                                            ::testing::Values(std::string("reduction"), std::string("matmul"))),
                         [](const auto& info) { return std::get<0>(info.param) + "_" + std::get<1>(info.param); });

TEST(RtlLwm, ProRefusesLargeWarps) {
  try {
    run_large("vector_add", 64, "rtl", "pro");
    FAIL() << "PRO's RTL ran with 64-thread large warps";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("--sched-impl rtl: pro_top counts progress per issue of at most 63 "
                                         "threads, not a large warp's whole instruction (-scwarp_large_warp_size 64)"),
              std::string::npos)
        << e.what();
  }
}

// The RTL former with column 0 dropped from every sub-warp of two or more
// columns: the first such sub-warp differs from the C++ one.
class RtlFormerDroppingColumn0 : public RtlSubwarpFormer {
 public:
  using RtlSubwarpFormer::RtlSubwarpFormer;
  sm::Subwarp next(const sm::ThreadDependencies& deps) override {
    sm::Subwarp s = RtlSubwarpFormer::next(deps);
    if (std::popcount(s.lanes) > 1) s.lanes &= ~1u;
    return s;
  }
};

// Puts a factory in the registry for the test's length, then the real one back.
class RtlFormerSwap {
 public:
  explicit RtlFormerSwap(sm::FormerFactory f) : real_(sm::register_rtl_subwarp_former(std::move(f))) {}
  ~RtlFormerSwap() { sm::register_rtl_subwarp_former(std::move(real_)); }

 private:
  sm::FormerFactory real_;
};

TEST(LockstepLwmMismatch, WrongRtlFormerStopsTheRunNamingWhere) {
  RtlFormerSwap swap([](const sm::FormerContext& ctx) { return std::make_unique<RtlFormerDroppingColumn0>(ctx); });
  try {
    run_large("matmul", 256, "lockstep");
    FAIL() << "lockstep did not catch the RTL former dropping column 0";
  } catch (const Error& e) {
    const std::string m = e.what();
    for (const char* part : {"lockstep mismatch (--sched-impl lockstep) at cycle ", ", SM ", ", scheduler ",
                             ", large warp slot ", ": sub-warp formed\n  C++ former: lanes 0x",
                             "\n  RTL former: lanes 0x"})
      EXPECT_NE(m.find(part), std::string::npos) << part << "\n" << m;
  }
}

// The RTL former holds K = 8 rows: 512-thread large warps are refused.
TEST(RtlLwm, LargerWarpsThanTheBlockHoldsAreRefused) {
  try {
    run_large("matmul", 512, "rtl");
    FAIL() << "512-thread large warps ran on the 8-row RTL former";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("--sched-impl rtl: the Verilated LWM sub-warp former is built for large "
                                         "warps of at most 8 rows (256 threads)"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace scwarp::cosim
