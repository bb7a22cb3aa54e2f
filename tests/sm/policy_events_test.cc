// The SM tells its issue policy every event, each after the views it passes
// were updated: a policy that checks the views at each event and counts them.
#include <gtest/gtest.h>

#include <string>

#include "sc_model/sched/registry.h"
#include "tests/sm/sm_bench.h"

namespace scwarp::test {
namespace {

struct EventLog {
  uint64_t issues = 0, thread_issues = 0, no_issues = 0, arrivals = 0, releases = 0, exits = 0;
  uint64_t launches = 0, finishes = 0, phase_changes = 0, view_errors = 0;
  std::string first_error;
  void error(const std::string& what) {
    if (view_errors++ == 0) first_error = what;
  }
};
EventLog* g_log = nullptr;  // set by the test; one design per process

// Oldest warp first; records events and checks the views they come with.
class RecordingPolicy : public sched::IssuePolicy {
 public:
  explicit RecordingPolicy(const sched::PolicyContext&) {}
  void order(const sched::SmView&, uint32_t, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) override {
    out.assign(warps.begin(), warps.end());
  }
  void on_issue(const sched::SmView& sm, uint32_t warp, uint32_t active) override {
    ++g_log->issues;
    g_log->thread_issues += active;
    if (expect_release_) g_log->error("a warp left a barrier without a release");
    if (sm.warps[warp].issued == 0) g_log->error("on_issue before WarpView::issued counted it");
  }
  void on_no_issue(const sched::SmView&, uint32_t) override { ++g_log->no_issues; }
  void on_barrier_arrive(const sched::SmView& sm, uint32_t warp) override {
    ++g_log->arrivals;
    const sched::WarpView& v = sm.warps[warp];
    if (v.wait != sched::WarpWait::Barrier) {
      expect_release_ = true;  // the last warp to arrive released the barrier
    } else if (sm.tbs[v.tb_slot].warps_at_barrier == 0) {
      g_log->error("arrival not counted in TbView");
    }
  }
  void on_barrier_release(const sched::SmView& sm, uint32_t tb) override {
    ++g_log->releases;
    expect_release_ = false;
    if (sm.tbs[tb].warps_at_barrier != 0) g_log->error("release left warps at the barrier");
    for (uint32_t w = sm.tbs[tb].first_warp; w < sm.tbs[tb].first_warp + sm.tbs[tb].warps; ++w)
      if (sm.warps[w].wait == sched::WarpWait::Barrier) g_log->error("released warp still waits");
  }
  void on_warp_exit(const sched::SmView& sm, uint32_t warp) override {
    ++g_log->exits;
    if (sm.warps[warp].wait != sched::WarpWait::Exited) g_log->error("exited warp not Exited");
  }
  void on_tb_launch(const sched::SmView& sm, uint32_t tb) override {
    ++g_log->launches;
    if (!sm.tbs[tb].valid || sm.tbs[tb].warps == 0) g_log->error("launched TB not valid");
  }
  void on_tb_finish(const sched::SmView& sm, uint32_t tb) override {
    ++g_log->finishes;
    if (sm.tbs[tb].warps_exited != sm.tbs[tb].warps) g_log->error("TB finished with live warps");
  }
  void on_phase_change(const sched::SmView& sm) override {
    ++g_log->phase_changes;
    if (sm.tbs_waiting) g_log->error("phase change while TBs still wait");
  }

 private:
  bool expect_release_ = false;
};

}  // namespace
}  // namespace scwarp::test

SCWARP_REGISTER_ISSUE_POLICY(scwarp::test::RecordingPolicy, "sm_test_recording",
                             "sm_tests: oldest first, records and checks every event")

namespace scwarp::test {
namespace {

const std::string kBarrierKernel = R"(.version 7.0
.target sm_50
.address_size 64
.visible .entry twice(.param .u64 out)
{
  .reg .u32 %r<4>;
  .reg .u64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  bar.sync 0;
  add.u32 %r2, %r1, 1;
  bar.sync 0;
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd1, %rd1, %rd2;
  st.global.u32 [%rd1], %r2;
  ret;
}
)";

TEST(SmPolicyEvents, EveryEventArrivesWithUpdatedViews) {
  EventLog log;
  g_log = &log;
  config::GpuConfig cfg = one_sm_config();
  cfg.scheduler = "sm_test_recording";
  const uint32_t blocks = 3, threads = 96;
  Kernel k(kBarrierKernel, "twice");
  uint64_t out = k.memory.allocate(blocks * threads * 4);
  k.prepare({blocks, 1, 1}, {threads, 1, 1}, {out});
  SmBench bench("bench", cfg, [&](SmBench& b) {
    for (uint32_t id = 0; id < blocks; ++id) b.launch(k, id);
    b.sm.set_tbs_waiting(false);
  });
  bench.run_until_done(blocks);
  EXPECT_EQ(log.view_errors, 0u) << log.first_error;
  stats::SmCounters c = counters_of(bench.sm);
  EXPECT_EQ(log.issues, c.warp_instructions);
  EXPECT_EQ(log.thread_issues, c.thread_instructions);
  EXPECT_EQ(log.no_issues, c.scheduler_cycles - c.issued);
  uint32_t warps = blocks * threads / 32;
  EXPECT_EQ(log.arrivals, 2u * warps) << "two barriers, every warp waits at each";
  EXPECT_EQ(log.releases, 2u * blocks);
  EXPECT_EQ(log.exits, warps);
  EXPECT_EQ(log.launches, blocks);
  EXPECT_EQ(log.finishes, blocks);
  EXPECT_EQ(log.phase_changes, 1u);
  EXPECT_EQ(c.warp_instructions, uint64_t(warps) * 9);
}

}  // namespace
}  // namespace scwarp::test
