#include "sc_model/sched/lrr_policy.h"

#include <gtest/gtest.h>

#include "scripted_sm.h"

namespace scwarp::sched {
namespace {

using Order = std::vector<uint32_t>;

TEST(LrrPolicy, FirstOrderIsAscendingSlots) {
  testing::ScriptedSm sm(8, 1);
  sm.launch_tb(0, 0, 4, 0, 0);
  LrrPolicy lrr(sm.context());
  EXPECT_EQ(sm.order(lrr, 0), (Order{0, 1, 2, 3}));
}

TEST(LrrPolicy, RotatesToTheWarpAfterTheLastIssued) {
  testing::ScriptedSm sm(8, 1);
  sm.launch_tb(0, 0, 4, 0, 0);
  LrrPolicy lrr(sm.context());
  sm.issue(lrr, 1);
  EXPECT_EQ(sm.order(lrr, 0), (Order{2, 3, 0, 1}));
  sm.issue(lrr, 3);
  EXPECT_EQ(sm.order(lrr, 0), (Order{0, 1, 2, 3}));
}

TEST(LrrPolicy, WarpsThatAreNotReadyKeepTheirPlace) {
  testing::ScriptedSm sm(8, 1);
  sm.launch_tb(0, 0, 4, 0, 0);
  LrrPolicy lrr(sm.context());
  sm.issue(lrr, 0);
  sm.wait_on_memory(1);
  sm.warp(2).wait = WarpWait::Barrier;
  EXPECT_EQ(sm.order(lrr, 0), (Order{1, 2, 3, 0}));
}

TEST(LrrPolicy, NoIssueLeavesTheOrderWhereItWas) {
  testing::ScriptedSm sm(8, 1);
  sm.launch_tb(0, 0, 4, 0, 0);
  LrrPolicy lrr(sm.context());
  sm.issue(lrr, 2);
  lrr.on_no_issue(sm.view(), 0);
  EXPECT_EQ(sm.order(lrr, 0), (Order{3, 0, 1, 2}));
}

TEST(LrrPolicy, SchedulersRotateIndependently) {
  testing::ScriptedSm sm(8, 2);
  sm.launch_tb(0, 0, 8, 0, 0);  // scheduler 0: 0 2 4 6, scheduler 1: 1 3 5 7
  LrrPolicy lrr(sm.context());
  sm.issue(lrr, 2);
  EXPECT_EQ(sm.order(lrr, 0), (Order{4, 6, 0, 2}));
  EXPECT_EQ(sm.order(lrr, 1), (Order{1, 3, 5, 7}));
  sm.issue(lrr, 7);
  EXPECT_EQ(sm.order(lrr, 0), (Order{4, 6, 0, 2}));
  EXPECT_EQ(sm.order(lrr, 1), (Order{1, 3, 5, 7}));
  sm.issue(lrr, 3);
  EXPECT_EQ(sm.order(lrr, 1), (Order{5, 7, 1, 3}));
}

TEST(LrrPolicy, LastIssuedWarpGoneStartsAtTheNextHigherSlot) {
  testing::ScriptedSm sm(8, 1);
  sm.launch_tb(0, 0, 2, 0, 0);
  sm.launch_tb(1, 4, 2, 5, 1);
  LrrPolicy lrr(sm.context());
  sm.issue(lrr, 1);
  sm.warp(1).valid = false;  // its TB finished and freed the slot
  sm.warp(0).valid = false;
  EXPECT_EQ(sm.order(lrr, 0), (Order{4, 5}));
}

}  // namespace
}  // namespace scwarp::sched
