#include "sc_model/sched/mwf_policy.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "sc_model/sched/gto_policy.h"
#include "sc_model/sched/lrr_policy.h"
#include "sc_model/sched/registry.h"
#include "barrier_script.h"
#include "scripted_sm.h"

namespace scwarp::sched {
namespace {

using Order = std::vector<uint32_t>;

using testing::arrive;
using testing::arrive_last;
using testing::launch_tbs;
using testing::tb_view;

Order ready_only(testing::ScriptedSm& sm, const Order& order) {
  Order out;
  std::copy_if(order.begin(), order.end(), std::back_inserter(out),
               [&sm](uint32_t w) { return sm.warp(w).wait == WarpWait::Ready; });
  return out;
}

void expect_wpt_matches_view(testing::ScriptedSm& sm, const MwfPolicy& mwf) {
  for (const TbView& tb : sm.view().tbs) EXPECT_EQ(mwf.waiting(tb.slot), tb.warps_at_barrier) << "TB slot " << tb.slot;
}

// Seed 001 Sec. 4.1, Fig. 7: TB0 = w0..w3, TB1 = w4..w7, TB2 = w8..w11; 1, 2
// and 3 of their warps wait at the barrier (w2; w5, w7; w9, w10, w11). TB0
// issued w0 last; TB1 issued w7 last, which reaches the barrier this cycle.
// "the scheduling orders of the 6 running warps ... are w8, w4, w6, w1, w3 and w0".
void script_fig7(testing::ScriptedSm& sm, IssuePolicy& p) {
  launch_tbs(sm, 3, 4);
  arrive(sm, p, 2);
  arrive(sm, p, 9);
  arrive(sm, p, 10);
  arrive(sm, p, 11);
  arrive(sm, p, 5);
  sm.issue(p, 0);
  arrive(sm, p, 7);
}

TEST(MwfPolicy, Fig7WorkedExample) {
  testing::ScriptedSm sm(12, 1);
  MwfPolicy mwf(sm.context(), IntraTbOrder::Lrr);
  script_fig7(sm, mwf);
  EXPECT_EQ(mwf.waiting(0), 1u);
  EXPECT_EQ(mwf.waiting(1), 2u);
  EXPECT_EQ(mwf.waiting(2), 3u);
  expect_wpt_matches_view(sm, mwf);
  const Order order = sm.order(mwf, 0);
  // Every warp once; barrier warps keep their round-robin place (the pipeline skips them).
  EXPECT_EQ(order, (Order{8, 9, 10, 11, 4, 5, 6, 7, 1, 2, 3, 0}));
  EXPECT_EQ(ready_only(sm, order), (Order{8, 4, 6, 1, 3, 0}));
}

TEST(MwfPolicy, Fig7ThroughTheRegistry) {
  testing::ScriptedSm sm(12, 1);
  auto mwf = make_issue_policy("mwf_lrr", sm.context());
  script_fig7(sm, *mwf);
  EXPECT_EQ(ready_only(sm, sm.order(*mwf, 0)), (Order{8, 4, 6, 1, 3, 0}));
}

TEST(MwfPolicy, Fig7WithMwfGto) {
  testing::ScriptedSm sm(12, 1);
  MwfPolicy mwf(sm.context(), IntraTbOrder::Gto);
  script_fig7(sm, mwf);
  // TB2: greedy w11 (at the barrier) first; TB1: greedy w7 then oldest; TB0: greedy w0.
  EXPECT_EQ(sm.order(mwf, 0), (Order{11, 8, 9, 10, 7, 4, 5, 6, 0, 1, 2, 3}));
  EXPECT_EQ(ready_only(sm, sm.order(mwf, 0)), (Order{8, 4, 6, 0, 1, 3}));
}

TEST(MwfPolicy, CounterIncrementsOnArrivalAndResetsOnRelease) {
  testing::ScriptedSm sm(8, 1);
  launch_tbs(sm, 2, 4);
  MwfPolicy mwf(sm.context(), IntraTbOrder::Lrr);
  arrive(sm, mwf, 5);
  EXPECT_EQ(mwf.waiting(1), 1u);
  expect_wpt_matches_view(sm, mwf);
  EXPECT_EQ(sm.order(mwf, 0), (Order{6, 7, 4, 5, 0, 1, 2, 3}));
  arrive(sm, mwf, 4);
  arrive(sm, mwf, 7);
  EXPECT_EQ(mwf.waiting(1), 3u);
  expect_wpt_matches_view(sm, mwf);
  arrive(sm, mwf, 1);
  arrive(sm, mwf, 2);
  EXPECT_EQ(mwf.waiting(0), 2u);
  EXPECT_EQ(sm.order(mwf, 0), (Order{4, 5, 6, 7, 3, 0, 1, 2}));  // TB1 still first: 3 > 2
  arrive_last(sm, mwf, 6);  // TB1 released
  EXPECT_EQ(mwf.waiting(1), 0u);
  expect_wpt_matches_view(sm, mwf);
  EXPECT_EQ(sm.order(mwf, 0), (Order{3, 0, 1, 2, 7, 4, 5, 6}));  // now TB0 (2 waiting) first
}

// PTX named barriers: w0 waits at bar.sync 1 while w1, w2 meet at bar.sync 0.
// Today's reading (the RTL's) clears TB0's count on that release; with
// -scwarp_mwf_named_barriers 1 w0 stays counted, so TB0 stays ahead of TB1.
TEST(MwfPolicy, ReleaseOfOneNamedBarrierClearsOnlyItsWaitersWhenAsked) {
  for (bool named : {false, true}) {
    testing::ScriptedSm sm(8, 1);
    sm.cfg.mwf_named_barriers = named;
    launch_tbs(sm, 2, 4);
    MwfPolicy mwf(sm.context(), IntraTbOrder::Lrr);
    arrive(sm, mwf, 0);  // bar.sync 1
    arrive(sm, mwf, 1);  // bar.sync 0
    testing::arrive_releasing(sm, mwf, 2, {1});
    EXPECT_EQ(mwf.waiting(0), named ? 1u : 0u) << "named " << named;
    if (named) expect_wpt_matches_view(sm, mwf);
    arrive(sm, mwf, 4);  // TB1: 1 waiting; ties with TB0 only when w0 is counted
    EXPECT_EQ(sm.order(mwf, 0).front(), named ? 3u : 5u) << "named " << named;
  }
}

TEST(MwfPolicy, EqualCountsGoToTheSmallerGridIdNotTheSmallerSlot) {
  testing::ScriptedSm sm(8, 1);
  sm.launch_tb(0, 0, 4, 50, 1);  // slot 0 reused by a later TB, grid id 9
  tb_view(sm, 0).id = 9;
  sm.launch_tb(1, 4, 4, 10, 0);  // grid id 4, dispatched first
  tb_view(sm, 1).id = 4;
  MwfPolicy mwf(sm.context(), IntraTbOrder::Lrr);
  EXPECT_EQ(sm.order(mwf, 0), (Order{4, 5, 6, 7, 0, 1, 2, 3}));
  arrive(sm, mwf, 0);
  EXPECT_EQ(sm.order(mwf, 0), (Order{1, 2, 3, 0, 4, 5, 6, 7}));  // 1 > 0 waiting
  arrive(sm, mwf, 6);
  EXPECT_EQ(sm.order(mwf, 0), (Order{7, 4, 5, 6, 1, 2, 3, 0}));  // 1 = 1: grid id 4 < 9
}

TEST(MwfPolicy, MwfGtoInsideATbIsGreedyThenSmallestWarpId) {
  testing::ScriptedSm sm(8, 1);
  launch_tbs(sm, 2, 4);
  MwfPolicy mwf(sm.context(), IntraTbOrder::Gto);
  sm.issue(mwf, 6);
  // The greedy warp leads only inside its TB: TB0 still has the smaller id.
  EXPECT_EQ(sm.order(mwf, 0), (Order{0, 1, 2, 3, 6, 4, 5, 7}));
  arrive(sm, mwf, 5);  // TB1 first now; its greedy warp is the one at the barrier
  EXPECT_EQ(sm.order(mwf, 0), (Order{5, 4, 6, 7, 0, 1, 2, 3}));
  sm.issue(mwf, 7);  // the pipeline skipped 5, 4 (say stalled), 6 and issued 7
  sm.wait_on_memory(7);
  EXPECT_EQ(sm.order(mwf, 0), (Order{7, 4, 5, 6, 0, 1, 2, 3}));  // stalled greedy stays first
  sm.exit_warp(mwf, 7);
  EXPECT_EQ(sm.order(mwf, 0), (Order{4, 5, 6, 7, 0, 1, 2, 3}));  // exited: oldest first
}

// Seed 001 Sec. 4.1: MWF(GTO) "starts from the warp issued in the last
// cycle". Per TB (default, the RTL's) every TB leads with the warp issued
// last in it; with -scwarp_gto_greedy_last_issue 1 only the TB of the
// scheduler's last issue has a greedy warp, the others go oldest first.
TEST(MwfPolicy, MwfGtoGreedyWarpIsPerTbOrTheLastIssueWhenAsked) {
  for (bool last_issue : {false, true}) {
    testing::ScriptedSm sm(8, 1);
    sm.cfg.gto_greedy_last_issue = last_issue;
    launch_tbs(sm, 2, 4);
    MwfPolicy mwf(sm.context(), IntraTbOrder::Gto);
    sm.issue(mwf, 6);
    sm.issue(mwf, 1);
    EXPECT_EQ(sm.order(mwf, 0), last_issue ? (Order{1, 0, 2, 3, 4, 5, 6, 7}) : (Order{1, 0, 2, 3, 6, 4, 5, 7}));
    arrive(sm, mwf, 5);  // TB1 first; its greedy warp is the one at the barrier
    EXPECT_EQ(sm.order(mwf, 0), last_issue ? (Order{5, 4, 6, 7, 0, 1, 2, 3}) : (Order{5, 4, 6, 7, 1, 0, 2, 3}));
  }
}

TEST(MwfPolicy, SchedulersShareTheTableButKeepTheirOwnLastIssued) {
  testing::ScriptedSm sm(12, 2);
  MwfPolicy mwf(sm.context(), IntraTbOrder::Lrr);
  script_fig7(sm, mwf);
  // Scheduler 0 (even slots) issued last w10 in TB2, none in TB1, w0 in TB0;
  // scheduler 1 (odd slots) w11 in TB2, w7 in TB1, none in TB0.
  EXPECT_EQ(sm.order(mwf, 0), (Order{8, 10, 4, 6, 2, 0}));
  EXPECT_EQ(sm.order(mwf, 1), (Order{9, 11, 5, 7, 1, 3}));
}

TEST(MwfPolicy, NewTbInASlotStartsWithAnEmptyEntry) {
  testing::ScriptedSm sm(8, 1);
  launch_tbs(sm, 2, 4);
  MwfPolicy mwf(sm.context(), IntraTbOrder::Lrr);
  sm.issue(mwf, 5);
  for (uint32_t w = 4; w < 8; ++w) sm.exit_warp(mwf, w);
  sm.launch_tb(1, 4, 4, 90, 2);
  tb_view(sm, 1).id = 2;
  mwf.on_tb_launch(sm.view(), 1);
  EXPECT_EQ(mwf.waiting(1), 0u);
  EXPECT_EQ(sm.order(mwf, 0), (Order{0, 1, 2, 3, 4, 5, 6, 7}));
}

// Sec. 6.5: without barriers MWF "degenerates into a combination of LRR or
// GTO (for the warps within a TB) and GTO (for selecting warps in the TB with
// the smallest TB-id between TBs)". With one TB that is exactly lrr / gto.
TEST(MwfPolicy, WithoutBarriersOneTbOrdersExactlyLikeLrr) {
  testing::ScriptedSm sm(16, 2);
  launch_tbs(sm, 1, 13);
  MwfPolicy mwf(sm.context(), IntraTbOrder::Lrr);
  LrrPolicy lrr(sm.context());
  for (uint32_t w : {3u, 6u, 0u, 11u, 12u, 4u, 1u, 5u, 9u, 8u, 10u, 2u, 7u, 4u}) {
    for (uint32_t s = 0; s < 2; ++s) EXPECT_EQ(sm.order(mwf, s), sm.order(lrr, s)) << "before issuing " << w;
    sm.issue(mwf, w);
    lrr.on_issue(sm.view(), w, 32);
  }
}

TEST(MwfPolicy, WithoutBarriersOneTbOrdersExactlyLikeGto) {
  testing::ScriptedSm sm(16, 2);
  launch_tbs(sm, 1, 13);
  MwfPolicy mwf(sm.context(), IntraTbOrder::Gto);
  GtoPolicy gto(sm.context());
  auto same = [&](const char* when) {
    for (uint32_t s = 0; s < 2; ++s) EXPECT_EQ(sm.order(mwf, s), sm.order(gto, s)) << when;
  };
  for (uint32_t w : {3u, 6u, 0u, 11u, 12u, 4u, 1u, 5u}) {
    same("issue");
    sm.issue(mwf, w);
    gto.on_issue(sm.view(), w, 32);
  }
  sm.wait_on_memory(5);
  same("stalled greedy");
  sm.warp(4).wait = WarpWait::Exited;  // scheduler 0's greedy warp
  mwf.on_warp_exit(sm.view(), 4);
  gto.on_warp_exit(sm.view(), 4);
  same("exited greedy");
}

// Across TBs the degenerate order is TB id first (GTO's oldest TB), not plain
// LRR's rotation over all slots, and GTO's greedy warp leads only inside its TB.
TEST(MwfPolicy, WithoutBarriersAcrossTbsTbIdOrderComesFirst) {
  testing::ScriptedSm sm(8, 1);
  launch_tbs(sm, 2, 4);
  MwfPolicy mwf_lrr(sm.context(), IntraTbOrder::Lrr);
  MwfPolicy mwf_gto(sm.context(), IntraTbOrder::Gto);
  LrrPolicy lrr(sm.context());
  GtoPolicy gto(sm.context());
  for (IssuePolicy* p : std::initializer_list<IssuePolicy*>{&mwf_lrr, &mwf_gto, &lrr, &gto}) sm.issue(*p, 1);
  // Greedy warp in the oldest TB: MWF(GTO) = gto. LRR rotates over all slots, MWF(LRR) per TB.
  EXPECT_EQ(sm.order(mwf_gto, 0), sm.order(gto, 0));
  EXPECT_EQ(sm.order(mwf_gto, 0), (Order{1, 0, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(sm.order(lrr, 0), (Order{2, 3, 4, 5, 6, 7, 0, 1}));
  EXPECT_EQ(sm.order(mwf_lrr, 0), (Order{2, 3, 0, 1, 4, 5, 6, 7}));
  for (IssuePolicy* p : std::initializer_list<IssuePolicy*>{&mwf_lrr, &mwf_gto, &lrr, &gto}) sm.issue(*p, 5);
  EXPECT_EQ(sm.order(gto, 0), (Order{5, 0, 1, 2, 3, 4, 6, 7}));
  EXPECT_EQ(sm.order(mwf_gto, 0), (Order{1, 0, 2, 3, 5, 4, 6, 7}));
  EXPECT_EQ(sm.order(lrr, 0), (Order{6, 7, 0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(sm.order(mwf_lrr, 0), (Order{2, 3, 0, 1, 6, 7, 4, 5}));
}

}  // namespace
}  // namespace scwarp::sched
