// PRO (seed 000 Sec. III, Algorithm 1): every Fig. 3 transition driven by
// the events the pipeline sends, and the exact warp orders that result.
#include "sc_model/sched/pro_policy.h"

#include <gtest/gtest.h>

#include <memory>

#include "sc_model/sched/registry.h"
#include "scripted_sm.h"

namespace scwarp::sched {
namespace {

using Order = std::vector<uint32_t>;
using S = ProTbState;

// An SM written by hand that updates the views the way the pipeline does
// (progress on issue, barrier and exit counters, the TB dispatcher's phase)
// before telling the policy, as sc_model/sm/issue_stage.cc does.
class ProSm {
 public:
  explicit ProSm(uint32_t schedulers = 1, uint32_t threshold = 1000, uint32_t max_warps = 16)
      : warps_(max_warps), tbs_(8), schedulers_(schedulers) {
    for (uint32_t s = 0; s < max_warps; ++s) {
      warps_[s].slot = s;
      warps_[s].scheduler = s % schedulers;
    }
    for (uint32_t t = 0; t < tbs_.size(); ++t) tbs_[t].slot = t;
    cfg_.policy_options["scwarp_pro_threshold"] = std::to_string(threshold);
    pro_ = std::make_unique<ProPolicy>(
        PolicyContext{cfg_, 0, max_warps, uint32_t(tbs_.size()), schedulers});
  }

  ProPolicy& pro() { return *pro_; }

  // TB `id` in TB slot `tb` with warp slots first .. first+count-1.
  void launch(uint32_t tb, uint32_t first, uint32_t count, uint64_t id) {
    TbView& v = tbs_.at(tb);
    v = TbView{.slot = tb, .valid = true, .id = id, .launch_cycle = view_.cycle, .launch_order = launches_++,
               .first_warp = first, .warps = count};
    for (uint32_t i = 0; i < count; ++i) {
      WarpView& w = warps_.at(first + i);
      w.valid = true;
      w.tb_slot = tb;
      w.warp_in_tb = i;
      w.wait = WarpWait::Ready;
      w.issued = w.progress = 0;
    }
    pro_->on_tb_launch(view(), tb);
  }

  // One instruction on `threads` active threads.
  void issue(uint32_t slot, uint32_t threads = 32) {
    WarpView& w = warps_.at(slot);
    ++w.issued;
    w.progress += threads;
    tbs_.at(w.tb_slot).progress += threads;
    pro_->on_issue(view(), slot, threads);
  }
  void issue_n(uint32_t slot, uint32_t n) {
    for (uint32_t i = 0; i < n; ++i) issue(slot);
  }

  // bar.sync that does not release the barrier.
  void arrive(uint32_t slot) {
    issue(slot);
    warps_.at(slot).wait = WarpWait::Barrier;
    ++tbs_.at(warps_[slot].tb_slot).warps_at_barrier;
    pro_->on_barrier_arrive(view(), slot);
  }

  // The last warp's bar.sync: it arrives and releases the TB's barrier in one
  // instruction, so the counters are already reset when both events come.
  void arrive_last(uint32_t slot) {
    issue(slot);
    const uint32_t tb = warps_.at(slot).tb_slot;
    release_counters(tb);
    pro_->on_barrier_arrive(view(), slot);
    pro_->on_barrier_release(view(), tb);
  }

  // bar.arrive on a named barrier released it, but `still_waiting` warps
  // wait at another barrier of the TB (the pipeline recounts them).
  void release_other_barrier(uint32_t tb, uint32_t still_waiting) {
    tbs_.at(tb).warps_at_barrier = still_waiting;
    ++tbs_[tb].barriers_released;
    pro_->on_barrier_release(view(), tb);
  }

  // The warp's last instruction (exit); a barrier waiting only on it releases.
  void exit(uint32_t slot) {
    issue(slot);
    WarpView& w = warps_.at(slot);
    w.wait = WarpWait::Exited;
    TbView& tb = tbs_.at(w.tb_slot);
    ++tb.warps_exited;
    const bool releases = tb.warps_at_barrier != 0 && tb.warps_at_barrier + tb.warps_exited == tb.warps;
    if (releases) release_counters(w.tb_slot);
    if (releases) pro_->on_barrier_release(view(), w.tb_slot);
    pro_->on_warp_exit(view(), slot);
  }

  void finish(uint32_t tb) {
    pro_->on_tb_finish(view(), tb);
    TbView& v = tbs_.at(tb);
    for (uint32_t w = v.first_warp; w < v.first_warp + v.warps; ++w) {
      warps_[w].valid = false;
      warps_[w].wait = WarpWait::Empty;
    }
    v.valid = false;
  }

  void last_tb_dispatched() {
    view_.tbs_waiting = false;
    pro_->on_phase_change(view());
  }
  void new_kernel() { view_.tbs_waiting = true; }

  void at_cycle(uint64_t cycle) { view_.cycle = cycle; }

  Order order(uint32_t sched = 0) {
    Order mine, out;
    for (const WarpView& w : warps_) {
      if (w.valid && w.scheduler == sched) mine.push_back(w.slot);
    }
    pro_->order(view(), sched, mine, out);
    return out;
  }

  Order tb_order() const { return Order(pro_->tb_order().begin(), pro_->tb_order().end()); }
  S state(uint32_t tb) const { return pro_->state(tb); }

 private:
  const SmView& view() {
    view_.schedulers = schedulers_;
    view_.warps = warps_;
    view_.tbs = tbs_;
    return view_;
  }

  void release_counters(uint32_t tb) {
    TbView& v = tbs_.at(tb);
    v.warps_at_barrier = 0;
    ++v.barriers_released;
    for (uint32_t w = v.first_warp; w < v.first_warp + v.warps; ++w) {
      if (warps_[w].wait == WarpWait::Barrier) warps_[w].wait = WarpWait::Ready;
    }
  }

  config::GpuConfig cfg_;
  std::vector<WarpView> warps_;
  std::vector<TbView> tbs_;
  uint32_t schedulers_;
  uint64_t launches_ = 0;
  SmView view_;
  std::unique_ptr<ProPolicy> pro_;
};

// Three 2-warp TBs: grid ids 10, 11, 12 in TB slots 0, 1, 2 (warps 0-1, 2-3, 4-5).
void launch_three(ProSm& sm) {
  sm.launch(0, 0, 2, 10);
  sm.launch(1, 2, 2, 11);
  sm.launch(2, 4, 2, 12);
}

TEST(ProPolicy, IsRegisteredAsPro) {
  config::GpuConfig cfg;
  auto policy = make_issue_policy("pro", PolicyContext{cfg, 0, 48, 8, 2});
  EXPECT_NE(dynamic_cast<ProPolicy*>(policy.get()), nullptr);
}

TEST(ProPolicy, LaunchedTbsStartInNoWaitRankedByGridId) {
  ProSm sm;
  sm.launch(1, 2, 2, 11);
  sm.launch(0, 0, 2, 10);  // launched later, but a sort would put grid id 10 first
  EXPECT_EQ(sm.state(0), S::NoWait);
  EXPECT_EQ(sm.state(1), S::NoWait);
  EXPECT_EQ(sm.tb_order(), (Order{0, 1}));
  EXPECT_EQ(sm.order(), (Order{0, 1, 2, 3}));
  sm.issue_n(2, 1);
  // The ranking compares with the progress of the last sort (none yet: all
  // 0), so grid id 9 goes first although TB 1 has progressed since.
  sm.launch(2, 4, 2, 9);
  EXPECT_EQ(sm.tb_order(), (Order{2, 0, 1}));
}

TEST(ProPolicy, NoWaitTbsByDecreasingProgressOnlyAfterThreshold) {
  ProSm sm(1, 1000);
  launch_three(sm);
  sm.issue_n(4, 3);  // TB 2: 96
  sm.issue_n(2, 1);  // TB 1: 32
  sm.issue_n(3, 2);  // TB 1: 96, warp 3 ahead of warp 2
  sm.at_cycle(1000);  // Algorithm 1: sort when cycle - lastSortCycle > THRESHOLD
  EXPECT_EQ(sm.order(), (Order{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(sm.pro().last_sort_cycle(), 0u);
  sm.at_cycle(1001);
  // Equal progress 96: TB 1 (grid 11) before TB 2 (grid 12); warps by decreasing progress.
  EXPECT_EQ(sm.order(), (Order{3, 2, 4, 5, 0, 1}));
  EXPECT_EQ(sm.tb_order(), (Order{1, 2, 0}));
  EXPECT_EQ(sm.pro().last_sort_cycle(), 1001u);
}

TEST(ProPolicy, NoWaitOrderFrozenBetweenSorts) {
  ProSm sm(1, 1000);
  launch_three(sm);
  sm.issue_n(2, 2);
  sm.at_cycle(1001);
  EXPECT_EQ(sm.tb_order(), (Order{0, 1, 2}));
  sm.order();
  EXPECT_EQ(sm.tb_order(), (Order{1, 0, 2}));
  sm.issue_n(5, 5);  // TB 2 overtakes everyone, and warp 5 overtakes warp 4
  sm.at_cycle(2001);
  EXPECT_EQ(sm.order(), (Order{2, 3, 0, 1, 4, 5}));  // 2001 - 1001 = THRESHOLD: not yet
  sm.at_cycle(2002);
  EXPECT_EQ(sm.order(), (Order{5, 4, 2, 3, 0, 1}));
}

TEST(ProPolicy, LateOrderCallDatesTheSortBackToWhenItWasDue) {
  ProSm sm(1, 10);
  launch_three(sm);
  sm.issue_n(4, 1);
  sm.at_cycle(35);  // due at 11, 22, 33: the SM skipped idle cycles
  EXPECT_EQ(sm.order(), (Order{4, 5, 0, 1, 2, 3}));
  EXPECT_EQ(sm.pro().last_sort_cycle(), 33u);
  sm.issue_n(0, 2);
  sm.at_cycle(43);
  EXPECT_EQ(sm.order(), (Order{4, 5, 0, 1, 2, 3}));
  sm.at_cycle(44);
  EXPECT_EQ(sm.order(), (Order{0, 1, 4, 5, 2, 3}));
}

TEST(ProPolicy, BarrierArrivalMovesTbToBarrierWaitAtOnce) {
  ProSm sm(1, 1000);
  sm.launch(0, 0, 3, 10);
  sm.launch(1, 3, 3, 11);
  sm.issue_n(4, 2);  // TB 1's warps progress 0, 64, 0
  sm.arrive(5);      // warp 5: 32
  EXPECT_EQ(sm.state(1), S::BarrierWait);
  // No periodic sort has run (cycle 0), yet TB 1 is first: its warps by increasing progress.
  EXPECT_EQ(sm.order(), (Order{3, 5, 4, 0, 1, 2}));
  EXPECT_EQ(sm.tb_order(), (Order{1, 0}));
}

TEST(ProPolicy, LastWarpAtBarrierReturnsTbToNoWaitAtItsRankedPlace) {
  ProSm sm(1, 1000);
  sm.launch(0, 0, 2, 10);
  sm.launch(1, 2, 2, 11);
  sm.issue_n(0, 3);
  sm.at_cycle(1001);
  EXPECT_EQ(sm.order(), (Order{0, 1, 2, 3}));
  sm.issue_n(3, 1);
  sm.arrive(0);  // TB 0 (progress 128) to barrierWait: warps increasing, 1 then 0
  EXPECT_EQ(sm.order(), (Order{1, 0, 2, 3}));
  sm.arrive_last(1);
  EXPECT_EQ(sm.state(0), S::NoWait);
  // Back in noWait at its ranked place, warps still in the increasing order
  // the barrier left them in until the next periodic sort.
  EXPECT_EQ(sm.order(), (Order{1, 0, 2, 3}));
  sm.at_cycle(2002);
  EXPECT_EQ(sm.order(), (Order{0, 1, 3, 2}));  // 128/32 and 32/0
}

TEST(ProPolicy, TbWithWarpsStillAtAnotherBarrierStaysBarrierWait) {
  ProSm sm;
  sm.launch(0, 0, 3, 10);
  sm.launch(1, 3, 3, 11);
  sm.arrive(3);
  sm.release_other_barrier(1, 1);
  EXPECT_EQ(sm.state(1), S::BarrierWait);
  EXPECT_EQ(sm.tb_order(), (Order{1, 0}));
  sm.release_other_barrier(1, 0);
  EXPECT_EQ(sm.state(1), S::NoWait);
  EXPECT_EQ(sm.tb_order(), (Order{0, 1}));
}

TEST(ProPolicy, SingleWarpBarrierPassesThroughBarrierWait) {
  ProSm sm;
  sm.launch(0, 0, 1, 10);
  sm.launch(1, 1, 1, 11);
  sm.arrive_last(1);
  EXPECT_EQ(sm.state(1), S::NoWait);
  EXPECT_EQ(sm.tb_order(), (Order{0, 1}));
}

TEST(ProPolicy, BarrierWaitTbsByWarpsAtBarrierThenProgress) {
  ProSm sm(1, 1000, 16);
  sm.launch(0, 0, 4, 10);
  sm.launch(1, 4, 4, 11);
  sm.launch(2, 8, 4, 12);
  sm.launch(3, 12, 4, 13);
  sm.issue_n(1, 4);
  sm.arrive(0);   // TB 0: 1 at the barrier, progress 160
  sm.arrive(4);   // TB 1: 1 at the barrier, progress 32
  EXPECT_EQ(sm.tb_order(), (Order{0, 1, 2, 3}));
  sm.arrive(5);   // TB 1: 2 at the barrier
  EXPECT_EQ(sm.tb_order(), (Order{1, 0, 2, 3}));
  sm.issue_n(9, 5);
  sm.arrive(8);   // TB 2: 1 at the barrier, progress 192: ahead of TB 0 (160)
  EXPECT_EQ(sm.tb_order(), (Order{1, 2, 0, 3}));
  // Each TB's warps were sorted (increasing) when its first warp arrived, not since.
  EXPECT_EQ(sm.order(), (Order{5, 6, 7, 4, 10, 11, 8, 9, 2, 3, 0, 1, 12, 13, 14, 15}));
}

TEST(ProPolicy, BarrierTieOnCountAndProgressGoesToSmallerGridId) {
  ProSm sm;
  sm.launch(0, 0, 2, 21);
  sm.launch(1, 2, 2, 20);
  sm.arrive(0);
  sm.arrive(2);
  EXPECT_EQ(sm.tb_order(), (Order{1, 0}));
}

TEST(ProPolicy, FirstFinishedWarpMovesTbToFinishWaitAboveBarrierWait) {
  ProSm sm(1, 1000, 16);
  sm.launch(0, 0, 3, 10);
  sm.launch(1, 3, 3, 11);
  sm.launch(2, 6, 3, 12);
  sm.issue_n(7, 3);
  sm.arrive(0);  // TB 0: barrierWait
  sm.exit(8);    // TB 2: warps 6: 0, 7: 96, 8: 32 (exited)
  EXPECT_EQ(sm.state(2), S::FinishWait);
  EXPECT_EQ(sm.tb_order(), (Order{2, 0, 1}));
  EXPECT_EQ(sm.order(), (Order{6, 8, 7, 1, 2, 0, 3, 4, 5}));
}

TEST(ProPolicy, FinishWaitTbsByWarpsFinishedThenProgress) {
  ProSm sm(1, 1000, 16);
  sm.launch(0, 0, 4, 10);
  sm.launch(1, 4, 4, 11);
  sm.launch(2, 8, 4, 12);
  sm.issue_n(1, 5);
  sm.exit(0);  // TB 0: 1 finished, progress 192
  sm.exit(8);  // TB 2: 1 finished, progress 32
  EXPECT_EQ(sm.tb_order(), (Order{0, 2, 1}));
  sm.exit(9);  // TB 2: 2 finished
  EXPECT_EQ(sm.tb_order(), (Order{2, 0, 1}));
  EXPECT_EQ(sm.state(0), S::FinishWait);
  EXPECT_EQ(sm.state(2), S::FinishWait);
}

TEST(ProPolicy, BarrierWaitTbWhoseWarpFinishesBecomesFinishWait) {
  ProSm sm;
  sm.launch(0, 0, 3, 10);
  sm.launch(1, 3, 2, 11);
  sm.arrive(3);
  sm.arrive(0);
  sm.arrive(1);  // TB 0 has 2 at the barrier: ahead of TB 1
  EXPECT_EQ(sm.tb_order(), (Order{0, 1}));
  sm.exit(4);    // TB 1: warp 4 finishes instead of arriving, which releases warp 3
  EXPECT_EQ(sm.state(1), S::FinishWait);
  EXPECT_EQ(sm.tb_order(), (Order{1, 0}));
  EXPECT_EQ(sm.order(), (Order{3, 4, 1, 2, 0}));
}

TEST(ProPolicy, FinishWaitTbStaysFinishWaitThroughBarriers) {
  ProSm sm;
  sm.launch(0, 0, 3, 10);
  sm.launch(1, 3, 2, 11);
  sm.exit(0);
  sm.arrive(1);  // Fig. 3: no edge from finishWait to barrierWait
  EXPECT_EQ(sm.state(0), S::FinishWait);
  sm.arrive(3);
  EXPECT_EQ(sm.tb_order(), (Order{0, 1}));
  sm.arrive_last(2);
  EXPECT_EQ(sm.state(0), S::FinishWait);
  EXPECT_EQ(sm.tb_order(), (Order{0, 1}));
}

TEST(ProPolicy, LastWarpFinishedTbGoesLastUntilTheSmRemovesIt) {
  ProSm sm;
  sm.launch(0, 0, 2, 10);
  sm.launch(1, 2, 2, 11);
  sm.exit(0);
  sm.exit(1);
  EXPECT_EQ(sm.state(0), S::Finish);
  EXPECT_EQ(sm.order(), (Order{2, 3, 1, 0}));  // warps sorted increasing at the first exit
  sm.finish(0);
  EXPECT_EQ(sm.state(0), S::Empty);
  EXPECT_EQ(sm.order(), (Order{2, 3}));
  sm.launch(0, 0, 2, 12);  // the slot is reused by a new TB, in noWait
  EXPECT_EQ(sm.state(0), S::NoWait);
  EXPECT_EQ(sm.order(), (Order{2, 3, 0, 1}));
}

TEST(ProPolicy, FastPhaseOrderWithAllThreeKinds) {
  ProSm sm(1, 1000, 16);
  sm.launch(0, 0, 3, 10);
  sm.launch(1, 3, 3, 11);
  sm.launch(2, 6, 3, 12);
  sm.launch(3, 9, 3, 13);
  sm.issue_n(10, 4);  // TB 3 most progress
  sm.issue_n(1, 2);
  sm.at_cycle(1001);
  sm.order();         // ranking: TB 3 (128), TB 0 (64), TB 1, TB 2 (0, by grid id)
  sm.arrive(4);       // TB 1 barrierWait
  sm.exit(7);         // TB 2 finishWait
  EXPECT_EQ(sm.tb_order(), (Order{2, 1, 3, 0}));
  EXPECT_EQ(sm.order(), (Order{6, 8, 7, 3, 5, 4, 10, 9, 11, 1, 0, 2}));
}

TEST(ProPolicy, PhaseChangeMergesIntoFinishNoWaitByIncreasingProgress) {
  ProSm sm(1, 1000, 16);
  sm.launch(0, 0, 3, 10);
  sm.launch(1, 3, 3, 11);
  sm.launch(2, 6, 3, 12);
  sm.launch(3, 9, 3, 13);
  sm.issue_n(0, 5);
  sm.issue_n(1, 1);   // TB 0: 192 noWait
  sm.issue_n(4, 1);
  sm.arrive(4);       // TB 1: 64 barrierWait
  sm.exit(6);         // TB 2: 32 finishWait
  sm.issue_n(9, 2);
  sm.issue_n(10, 1);  // TB 3: 96 noWait, warps 64/32/0
  sm.last_tb_dispatched();
  EXPECT_TRUE(sm.pro().slow_phase());
  EXPECT_EQ(sm.state(0), S::FinishNoWait);
  EXPECT_EQ(sm.state(1), S::BarrierWait1);
  EXPECT_EQ(sm.state(2), S::FinishNoWait);
  EXPECT_EQ(sm.state(3), S::FinishNoWait);
  // barrierWait1 first; then least progress first: the finishWait TB (32) now
  // leads the finishNoWait set, warps by increasing progress everywhere.
  EXPECT_EQ(sm.tb_order(), (Order{1, 2, 3, 0}));
  EXPECT_EQ(sm.order(), (Order{3, 5, 4, 7, 8, 6, 11, 10, 9, 2, 1, 0}));
}

TEST(ProPolicy, SlowPhaseBarrierWait1AndBackToFinishNoWait) {
  ProSm sm(1, 1000);
  sm.launch(0, 0, 2, 10);
  sm.launch(1, 2, 2, 11);
  sm.issue_n(1, 2);
  sm.last_tb_dispatched();
  EXPECT_EQ(sm.tb_order(), (Order{1, 0}));
  sm.arrive(0);  // warpAtBarrier: finishNoWait -> barrierWait1 (H)
  EXPECT_EQ(sm.state(0), S::BarrierWait1);
  EXPECT_EQ(sm.order(), (Order{0, 1, 2, 3}));
  sm.arrive_last(1);  // lastWarpAtBarrier: back to finishNoWait, ranked place
  EXPECT_EQ(sm.state(0), S::FinishNoWait);
  EXPECT_EQ(sm.order(), (Order{2, 3, 0, 1}));
}

TEST(ProPolicy, SlowPhaseFinishedWarpKeepsStateButSortsWarps) {
  ProSm sm(1, 1000);
  sm.launch(0, 0, 3, 10);
  sm.last_tb_dispatched();
  sm.issue_n(0, 3);
  sm.issue_n(1, 1);
  EXPECT_EQ(sm.order(), (Order{0, 1, 2}));  // sorted at the phase change, all 0 then
  sm.exit(1);  // warpFin in the slow phase: no finishWait, but the warps are re-sorted
  EXPECT_EQ(sm.state(0), S::FinishNoWait);
  EXPECT_EQ(sm.order(), (Order{2, 1, 0}));
}

TEST(ProPolicy, SlowPhaseRanksByIncreasingProgressAtEachSort) {
  ProSm sm(1, 100);
  launch_three(sm);
  sm.last_tb_dispatched();
  sm.issue_n(0, 2);
  sm.issue_n(2, 1);
  sm.at_cycle(101);
  EXPECT_EQ(sm.tb_order(), (Order{0, 1, 2}));
  sm.order();
  EXPECT_EQ(sm.tb_order(), (Order{2, 1, 0}));
}

TEST(ProPolicy, TbLaunchedInSlowPhaseStartsInFinishNoWaitFirst) {
  ProSm sm(1, 1000);
  sm.launch(0, 0, 2, 10);
  sm.issue(0);
  sm.last_tb_dispatched();
  sm.launch(1, 2, 2, 11);  // the last TB arrives in the cycle the phase changes
  EXPECT_EQ(sm.state(1), S::FinishNoWait);
  EXPECT_EQ(sm.tb_order(), (Order{1, 0}));  // progress 0 ranks first in the slow phase
}

TEST(ProPolicy, NextKernelStartsInTheFastPhaseAgain) {
  ProSm sm;
  sm.launch(0, 0, 1, 10);
  sm.last_tb_dispatched();
  sm.exit(0);
  sm.finish(0);
  sm.new_kernel();
  sm.launch(0, 0, 1, 0);
  EXPECT_FALSE(sm.pro().slow_phase());
  EXPECT_EQ(sm.state(0), S::NoWait);
}

TEST(ProPolicy, TwoSchedulersShareOneTbTable) {
  ProSm sm(2, 1000);
  sm.launch(0, 0, 4, 10);  // scheduler 0: warps 0, 2; scheduler 1: 1, 3
  sm.launch(1, 4, 4, 11);  // scheduler 0: 4, 6; scheduler 1: 5, 7
  sm.issue_n(3, 2);
  sm.issue_n(6, 1);
  sm.arrive(5);            // TB 1 barrierWait, warps increasing: 4, 7 (0), 5, 6 (32)
  EXPECT_EQ(sm.tb_order(), (Order{1, 0}));
  EXPECT_EQ(sm.order(0), (Order{4, 6, 0, 2}));
  EXPECT_EQ(sm.order(1), (Order{7, 5, 1, 3}));
  sm.at_cycle(1001);
  sm.order(0);  // the first scheduler of the cycle runs the periodic sort for both
  EXPECT_EQ(sm.order(1), (Order{7, 5, 3, 1}));
}

TEST(ProPolicy, PolicyCreatedAfterLaunchTakesResidentTbsAsJustLaunched) {
  testing::ScriptedSm sm(8, 2);
  sm.launch_tb(1, 4, 4, 0, 0);  // no on_tb_launch reaches the policy
  sm.launch_tb(0, 0, 4, 5, 1);
  ProPolicy pro(sm.context());
  EXPECT_EQ(sm.order(pro, 1), (Order{1, 3, 5, 7}));  // both TBs grid id 0: slot order
  EXPECT_EQ(pro.state(0), S::NoWait);
  EXPECT_EQ(pro.state(1), S::NoWait);
}

}  // namespace
}  // namespace scwarp::sched
