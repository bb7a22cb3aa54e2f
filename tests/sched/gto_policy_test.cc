#include "sc_model/sched/gto_policy.h"

#include <gtest/gtest.h>

#include "scripted_sm.h"

namespace scwarp::sched {
namespace {

using Order = std::vector<uint32_t>;

TEST(GtoPolicy, BeforeAnyIssueOldestTbFirst) {
  testing::ScriptedSm sm(12, 1);
  sm.launch_tb(0, 0, 4, 100, 1);  // younger TB in the lower slots
  sm.launch_tb(1, 4, 4, 20, 0);
  GtoPolicy gto(sm.context());
  EXPECT_EQ(sm.order(gto, 0), (Order{4, 5, 6, 7, 0, 1, 2, 3}));
}

TEST(GtoPolicy, GreedyWarpFirstThenOldest) {
  testing::ScriptedSm sm(12, 1);
  sm.launch_tb(0, 0, 4, 100, 1);
  sm.launch_tb(1, 4, 4, 20, 0);
  GtoPolicy gto(sm.context());
  sm.issue(gto, 2);
  EXPECT_EQ(sm.order(gto, 0), (Order{2, 4, 5, 6, 7, 0, 1, 3}));
}

TEST(GtoPolicy, StalledGreedyWarpStaysFirstUntilAnotherIssues) {
  testing::ScriptedSm sm(12, 1);
  sm.launch_tb(0, 0, 4, 0, 0);
  GtoPolicy gto(sm.context());
  sm.issue(gto, 3);
  sm.wait_on_memory(3);
  EXPECT_EQ(sm.order(gto, 0), (Order{3, 0, 1, 2}));
  sm.issue(gto, 0);  // the pipeline skipped 3 and issued the oldest ready warp
  EXPECT_EQ(sm.order(gto, 0), (Order{0, 1, 2, 3}));
}

TEST(GtoPolicy, SameLaunchCycleTiesGoToLaunchOrderThenSlot) {
  testing::ScriptedSm sm(12, 1);
  sm.launch_tb(0, 0, 2, 50, 7);
  sm.launch_tb(1, 2, 2, 50, 6);  // launched in the same cycle, but dispatched first
  sm.launch_tb(2, 4, 2, 10, 5);
  GtoPolicy gto(sm.context());
  EXPECT_EQ(sm.order(gto, 0), (Order{4, 5, 2, 3, 0, 1}));
}

TEST(GtoPolicy, GreedyWarpThatExitedLosesItsPlace) {
  testing::ScriptedSm sm(12, 1);
  sm.launch_tb(0, 0, 4, 10, 0);
  sm.launch_tb(1, 4, 2, 0, 1);
  GtoPolicy gto(sm.context());
  sm.issue(gto, 1);
  EXPECT_EQ(sm.order(gto, 0), (Order{1, 4, 5, 0, 2, 3}));
  sm.exit_warp(gto, 1);  // exited while the rest of its TB still runs
  EXPECT_EQ(sm.order(gto, 0), (Order{4, 5, 0, 1, 2, 3}));
}

TEST(GtoPolicy, SlotReusedByANewTbDoesNotInheritGreedy) {
  testing::ScriptedSm sm(12, 1);
  sm.launch_tb(0, 0, 2, 0, 0);
  sm.launch_tb(1, 2, 2, 5, 1);
  GtoPolicy gto(sm.context());
  sm.issue(gto, 3);
  sm.exit_warp(gto, 2);
  sm.exit_warp(gto, 3);
  sm.launch_tb(1, 2, 2, 90, 2);  // TB 1 finished; a new TB takes its slots
  EXPECT_EQ(sm.order(gto, 0), (Order{0, 1, 2, 3}));
}

TEST(GtoPolicy, SchedulersKeepTheirOwnGreedyWarp) {
  testing::ScriptedSm sm(8, 2);
  sm.launch_tb(0, 0, 4, 0, 0);
  sm.launch_tb(1, 4, 4, 9, 1);
  GtoPolicy gto(sm.context());
  sm.issue(gto, 6);
  sm.issue(gto, 3);
  EXPECT_EQ(sm.order(gto, 0), (Order{6, 0, 2, 4}));
  EXPECT_EQ(sm.order(gto, 1), (Order{3, 1, 5, 7}));
}

}  // namespace
}  // namespace scwarp::sched
