// Lockstep must catch a difference: deliberately mismatched pairs (the C++
// MWF(GTO) against the RTL driven as MWF(LRR); the C++ PRO against the PRO
// RTL re-sorting ten times as often), registered in this test binary only
// under names of their own, through the registry exactly as the real pairs
// are. The first mismatch stops the run with an Error naming the cycle, the
// SM, the scheduler, both orders and both tables.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "sc_model/common/error.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/gpu/timing_executor.h"
#include "sc_model/sched/mwf_policy.h"
#include "sc_model/sched/pro_policy.h"
#include "sc_model/sched/rlws_ms_policy.h"
#include "sc_model/sched/rlws_policy.h"
#include "sc_model/sched/rr_fetch_policy.h"
#include "sc_model/sched/registry.h"
#include "tb/cosim/lockstep_policy.h"
#include "tb/cosim/rtl_cff_fetch_policy.h"
#include "tb/cosim/rtl_mwf_policy.h"
#include "tb/cosim/rtl_pro_policy.h"
#include "tb/cosim/rtl_rlws_ms_policy.h"
#include "tb/cosim/rtl_rlws_policy.h"
#include "tb/workloads/workload.h"

namespace {

using scwarp::sched::IntraTbOrder;

class RtlDrivenAsLrr : public scwarp::cosim::RtlMwfPolicy {
 public:
  explicit RtlDrivenAsLrr(const scwarp::sched::PolicyContext& ctx) : RtlMwfPolicy(ctx, IntraTbOrder::Lrr) {}
};

// The PRO RTL with THRESHOLD one tenth of the config's (the block reads it
// only when it is built).
class RtlProSortingTooOften : public scwarp::cosim::RtlProPolicy {
 public:
  explicit RtlProSortingTooOften(const scwarp::sched::PolicyContext& ctx) : RtlProPolicy(shorter(ctx)) {}

 private:
  static scwarp::sched::PolicyContext shorter(const scwarp::sched::PolicyContext& ctx) {
    static scwarp::config::GpuConfig cfg;
    cfg = ctx.cfg;
    cfg.policy_options["scwarp_pro_threshold"] =
        std::to_string(scwarp::config::policy_count(ctx.cfg, "scwarp_pro_threshold") / 10);
    return {cfg, ctx.sm, ctx.max_warps, ctx.max_tbs, ctx.schedulers};
  }
};

// A learning scheduler's RTL (RLWS, RLWS_MS) with its discount factor
// register loaded with half the config's.
template <typename Rtl>
class RtlHalfGamma : public Rtl {
 public:
  explicit RtlHalfGamma(const scwarp::sched::PolicyContext& ctx) : Rtl(halved(ctx)) {}

 private:
  static scwarp::sched::PolicyContext halved(const scwarp::sched::PolicyContext& ctx) {
    static scwarp::config::GpuConfig cfg;
    const std::string gamma = std::string(Rtl::kPolicy) + "_gamma";
    cfg = ctx.cfg;
    cfg.policy_options[gamma] = std::to_string(scwarp::config::policy_real(ctx.cfg, gamma) / 2);
    return {cfg, ctx.sm, ctx.max_warps, ctx.max_tbs, ctx.schedulers};
  }
};

}  // namespace

SCWARP_REGISTER_ISSUE_POLICY(scwarp::sched::RlwsPolicy, "test_rlws_vs_rtl_half_gamma",
                             "test only: C++ RLWS, its 'RTL' discounts by half the gamma")
SCWARP_REGISTER_RTL_ISSUE_POLICY(RtlHalfGamma<scwarp::cosim::RtlRlwsPolicy>, "test_rlws_vs_rtl_half_gamma")
SCWARP_REGISTER_ISSUE_POLICY(scwarp::sched::RlwsMsPolicy, "test_rlws_ms_vs_rtl_half_gamma",
                             "test only: C++ RLWS_MS, its 'RTL' discounts by half the gamma")
SCWARP_REGISTER_RTL_ISSUE_POLICY(RtlHalfGamma<scwarp::cosim::RtlRlwsMsPolicy>, "test_rlws_ms_vs_rtl_half_gamma")
SCWARP_REGISTER_ISSUE_POLICY(scwarp::sched::MwfVariant<IntraTbOrder::Gto>, "test_mwf_gto_vs_rtl_lrr",
                             "test only: C++ MWF(GTO), its 'RTL' is MWF(LRR)")
SCWARP_REGISTER_RTL_ISSUE_POLICY(RtlDrivenAsLrr, "test_mwf_gto_vs_rtl_lrr")
SCWARP_REGISTER_ISSUE_POLICY(scwarp::sched::ProPolicy, "test_pro_vs_rtl_sorting_too_often",
                             "test only: C++ PRO, its 'RTL' re-sorts every THRESHOLD/10 cycles")
SCWARP_REGISTER_RTL_ISSUE_POLICY(RtlProSortingTooOften, "test_pro_vs_rtl_sorting_too_often")
SCWARP_REGISTER_FETCH_POLICY(scwarp::sched::RrFetchPolicy, "test_rr_vs_rtl_cff",
                             "test only: C++ round-robin fetch, its 'RTL' is BAWS's CFF")
SCWARP_REGISTER_RTL_FETCH_POLICY(scwarp::cosim::RtlCffFetchPolicy, "test_rr_vs_rtl_cff")

namespace scwarp::cosim {
namespace {

TEST(LockstepMismatch, GoldenGtoAgainstRtlLrrStopsTheRunNamingCycleAndOrders) {
  config::LoadedConfig cfg = config::builtin_gtx480();
  config::apply_override(cfg, "gpgpu_scheduler", "test_mwf_gto_vs_rtl_lrr", "test");
  config::apply_override(cfg, "scwarp_sched_impl", "lockstep", "test");
  runtime::Device dev(std::make_unique<gpu::TimingExecutor>(cfg.gpu));
  try {
    workloads::make_workload("matmul")->run(dev, workloads::Size::Small, 1);
    FAIL() << "the lockstep run did not notice MWF(GTO) != MWF(LRR)";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("lockstep mismatch"), std::string::npos) << m;
    EXPECT_NE(m.find("at cycle "), std::string::npos) << m;
    EXPECT_NE(m.find(", SM "), std::string::npos) << m;
    EXPECT_NE(m.find("scheduler "), std::string::npos) << m;
    EXPECT_NE(m.find("C++ order: "), std::string::npos) << m;
    EXPECT_NE(m.find("RTL order: "), std::string::npos) << m;
    EXPECT_NE(m.find("WPT (TB slot: C++/RTL):"), std::string::npos) << m;
    EXPECT_NE(m.find("issuable"), std::string::npos) << m;
  }
}

// The fetch side: equal issue orders (MWF in both halves), but the C++
// fetch policy picks round robin where the RTL's CFF picks the first warp
// of the issue order.
TEST(LockstepMismatch, GoldenRrFetchAgainstRtlCffStopsTheRunNamingBothPicks) {
  config::LoadedConfig cfg = config::builtin_gtx480();
  config::apply_override(cfg, "gpgpu_scheduler", "mwf_lrr", "test");
  config::apply_override(cfg, "scwarp_fetch_policy", "test_rr_vs_rtl_cff", "test");
  config::apply_override(cfg, "scwarp_sched_impl", "lockstep", "test");
  ASSERT_EQ(sched::fetch_policy_impl("test_rr_vs_rtl_cff", cfg.gpu), "lockstep");
  runtime::Device dev(std::make_unique<gpu::TimingExecutor>(cfg.gpu));
  try {
    workloads::make_workload("matmul")->run(dev, workloads::Size::Small, 1);
    FAIL() << "the lockstep run did not notice round-robin fetch != CFF";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("lockstep mismatch"), std::string::npos) << m;
    EXPECT_NE(m.find(": fetch pick"), std::string::npos) << m;
    EXPECT_NE(m.find("C++ pick: w"), std::string::npos) << m;
    EXPECT_NE(m.find("RTL pick: w"), std::string::npos) << m;
    EXPECT_NE(m.find("fetchable: "), std::string::npos) << m;
    EXPECT_NE(m.find("WPT (TB slot: C++/RTL):"), std::string::npos) << m;
    EXPECT_NE(m.find("fetchable\n"), std::string::npos) << m;  // a warp's inputs line marks it
  }
}

TEST(LockstepMismatch, GoldenProAgainstRtlWithAnotherThresholdShowsBothTables) {
  config::LoadedConfig cfg = config::builtin_gtx480();
  config::apply_override(cfg, "gpgpu_scheduler", "test_pro_vs_rtl_sorting_too_often", "test");
  config::apply_override(cfg, "scwarp_sched_impl", "lockstep", "test");
  runtime::Device dev(std::make_unique<gpu::TimingExecutor>(cfg.gpu));
  try {
    workloads::make_workload("matmul")->run(dev, workloads::Size::Small, 1);
    FAIL() << "the lockstep run did not notice THRESHOLD 1000 != 100";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("lockstep mismatch"), std::string::npos) << m;
    EXPECT_NE(m.find("C++ order: "), std::string::npos) << m;
    EXPECT_NE(m.find("TB state (TB slot: C++/RTL): 0:"), std::string::npos) << m;
    EXPECT_NE(m.find("warp order (TB slot: C++/RTL): 0:"), std::string::npos) << m;
    // The first re-sort the C++ model has not made yet: cycle 101 at the earliest.
    const size_t at = m.find("at cycle ");
    ASSERT_NE(at, std::string::npos) << m;
    EXPECT_GE(std::stoull(m.substr(at + 9)), 101u) << m;
  }
}

// RLWS: the first TD update with the wrong gamma shows in the weights table
// (the options are read under the policy's own prefix, "rlws").
TEST(LockstepMismatch, GoldenRlwsAgainstRtlWithHalfGammaShowsTheWeights) {
  config::LoadedConfig cfg = config::builtin_gtx480();
  config::apply_override(cfg, "gpgpu_scheduler", "test_rlws_vs_rtl_half_gamma", "test");
  config::apply_override(cfg, "scwarp_sched_impl", "lockstep", "test");
  config::apply_override(cfg, "rlws_theta_frac_bits", "16", "test");
  config::apply_override(cfg, "rlws_lfsr", "1", "test");
  runtime::Device dev(std::make_unique<gpu::TimingExecutor>(cfg.gpu));
  try {
    workloads::make_workload("matmul")->run(dev, workloads::Size::Tiny, 1);
    FAIL() << "the lockstep run did not notice gamma 0.95 != 0.475";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("lockstep mismatch"), std::string::npos) << m;
    EXPECT_NE(m.find("at cycle "), std::string::npos) << m;
    EXPECT_NE(m.find("theta x 2^16 (action: C++/RTL):"), std::string::npos) << m;
    EXPECT_NE(m.find("last action (scheduler: C++/RTL):"), std::string::npos) << m;
  }
}

// RLWS_MS: the same for the meta-action scheduler's RTL (options under "rlws_ms").
TEST(LockstepMismatch, GoldenRlwsMsAgainstRtlWithHalfGammaShowsTheWeights) {
  config::LoadedConfig cfg = config::builtin_gtx480();
  config::apply_override(cfg, "gpgpu_scheduler", "test_rlws_ms_vs_rtl_half_gamma", "test");
  config::apply_override(cfg, "scwarp_sched_impl", "lockstep", "test");
  config::apply_override(cfg, "rlws_ms_theta_frac_bits", "16", "test");
  config::apply_override(cfg, "rlws_ms_lfsr", "1", "test");
  runtime::Device dev(std::make_unique<gpu::TimingExecutor>(cfg.gpu));
  try {
    workloads::make_workload("matmul")->run(dev, workloads::Size::Tiny, 1);
    FAIL() << "the lockstep run did not notice gamma 0.999 != 0.4995";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("lockstep mismatch"), std::string::npos) << m;
    EXPECT_NE(m.find("at cycle "), std::string::npos) << m;
    EXPECT_NE(m.find("theta x 2^16 (action: C++/RTL):"), std::string::npos) << m;
    EXPECT_NE(m.find("last action (scheduler: C++/RTL):"), std::string::npos) << m;
  }
}

// The same pair built by hand through the factory the registry uses, on a
// hand-made SM view: TB 0 = w0..w7 (scheduler 0: w0 w2 w4 w6); after w4
// issues, GTO keeps w4 first, LRR moves on to w6.
TEST(LockstepMismatch, FactoryPairOnAHandMadeSm) {
  config::GpuConfig cfg;
  sched::PolicyContext ctx{cfg, 3, 48, 8, 2};
  auto pair = make_lockstep_issue(std::make_unique<sched::MwfPolicy>(ctx, IntraTbOrder::Gto),
                                  std::make_unique<RtlMwfPolicy>(ctx, IntraTbOrder::Lrr), ctx);
  std::vector<sched::WarpView> warps(48);
  std::vector<sched::TbView> tbs(8);
  for (uint32_t w = 0; w < 48; ++w) {
    warps[w].slot = w;
    warps[w].scheduler = w % 2;
  }
  for (uint32_t t = 0; t < 8; ++t) tbs[t].slot = t;
  tbs[0] = sched::TbView{.slot = 0, .valid = true, .id = 5, .first_warp = 0, .warps = 8};
  for (uint32_t w = 0; w < 8; ++w) {
    warps[w].valid = true;
    warps[w].tb_slot = 0;
    warps[w].warp_in_tb = w;
    warps[w].wait = sched::WarpWait::Ready;
  }
  sched::SmView sm;
  sm.sm = 3;
  sm.cycle = 77;
  sm.schedulers = 2;
  sm.warps = warps;
  sm.tbs = tbs;
  pair->on_tb_launch(sm, 0);
  const std::vector<uint32_t> mine{0, 2, 4, 6};
  std::vector<uint32_t> out;
  pair->order(sm, 0, mine, out);  // nothing issued yet: both 0 2 4 6
  EXPECT_EQ(out, (std::vector<uint32_t>{0, 2, 4, 6}));
  sm.cycle = 78;
  pair->on_issue(sm, 4, 32);
  out.clear();
  try {
    pair->order(sm, 0, mine, out);
    FAIL() << "no mismatch reported";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("at cycle 78, SM 3, scheduler 0"), std::string::npos) << m;
    EXPECT_NE(m.find("C++ order: 4 0 2 6"), std::string::npos) << m;
    EXPECT_NE(m.find("RTL order: 6 0 2 4"), std::string::npos) << m;
    EXPECT_NE(m.find("w4: s0 tb0 id5 Ready issuable"), std::string::npos) << m;
  }
}

}  // namespace
}  // namespace scwarp::cosim
