#include "sc_model/sched/two_level_policy.h"

#include <gtest/gtest.h>

#include "sc_model/common/error.h"
#include "sc_model/sched/two_level_fetch_policy.h"
#include "scripted_sm.h"

namespace scwarp::sched {
namespace {

using Order = std::vector<uint32_t>;

// One scheduler, 8 warps, groups of 2: {0,1} {2,3} {4,5} {6,7}.
class TwoLevelOneScheduler : public ::testing::Test {
 protected:
  TwoLevelOneScheduler() : sm(8, 1) {
    sm.cfg.policy_options["scwarp_two_level_group_size"] = "2";
    sm.launch_tb(0, 0, 8, 0, 0);
  }
  void stall_group_on_memory(uint32_t group) {
    sm.wait_on_memory(2 * group);
    sm.wait_on_memory(2 * group + 1);
  }
  testing::ScriptedSm sm;
};

TEST_F(TwoLevelOneScheduler, GroupsAreConsecutiveSlots) {
  TwoLevelPolicy tl(sm.context());
  EXPECT_EQ(tl.groups_per_scheduler(), 4u);
  EXPECT_EQ(tl.group_of(3), 1u);
  EXPECT_EQ(tl.group_of(6), 3u);
  EXPECT_EQ(sm.order(tl, 0), (Order{0, 1, 2, 3, 4, 5, 6, 7}));
}

TEST_F(TwoLevelOneScheduler, RoundRobinInsideEachGroup) {
  TwoLevelPolicy tl(sm.context());
  sm.issue(tl, 0);
  sm.issue(tl, 4);  // a lower-priority group's warp issued while group 0 was stalled on an ALU op
  EXPECT_EQ(sm.order(tl, 0), (Order{1, 0, 2, 3, 5, 4, 6, 7}));
}

TEST_F(TwoLevelOneScheduler, SwitchesWhenTheWholeActiveGroupWaitsOnMemory) {
  TwoLevelPolicy tl(sm.context());
  stall_group_on_memory(0);
  EXPECT_EQ(sm.order(tl, 0), (Order{2, 3, 4, 5, 6, 7, 0, 1}));
  EXPECT_EQ(tl.active_group(0), 1u);
  sm.make_ready(0);  // the old group's data came back: it stays last until its turn
  sm.make_ready(1);
  EXPECT_EQ(sm.order(tl, 0), (Order{2, 3, 4, 5, 6, 7, 0, 1}));
}

TEST_F(TwoLevelOneScheduler, StaysWhileOneWarpOfTheGroupCanRun) {
  TwoLevelPolicy tl(sm.context());
  sm.wait_on_memory(0);
  sm.warp(1).wait = WarpWait::Data;  // waiting on an ALU/SFU result: a short stall
  EXPECT_EQ(sm.order(tl, 0), (Order{0, 1, 2, 3, 4, 5, 6, 7}));
  sm.warp(1).wait = WarpWait::Fetch;
  EXPECT_EQ(sm.order(tl, 0), (Order{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(tl.active_group(0), 0u);
}

TEST_F(TwoLevelOneScheduler, BarrierExitedAndEmptySlotsCountAsStalled) {
  TwoLevelPolicy tl(sm.context());
  sm.warp(0).wait = WarpWait::Barrier;
  sm.exit_warp(tl, 1);
  EXPECT_EQ(sm.order(tl, 0), (Order{2, 3, 4, 5, 6, 7, 0, 1}));
  sm.warp(2).valid = false;  // slot left empty
  sm.warp(3).valid = false;
  sm.next_cycle();
  EXPECT_EQ(sm.order(tl, 0), (Order{4, 5, 6, 7, 0, 1}));
  EXPECT_EQ(tl.active_group(0), 2u);
}

// The switch is part of the cycle's decision: asked again in the same cycle
// (CFF, snapshots) the policy gives the same order; the next cycle moves on.
TEST_F(TwoLevelOneScheduler, AtMostOneSwitchPerCycle) {
  TwoLevelPolicy tl(sm.context());
  stall_group_on_memory(0);
  stall_group_on_memory(1);
  EXPECT_EQ(sm.order(tl, 0), (Order{2, 3, 4, 5, 6, 7, 0, 1}));
  EXPECT_EQ(sm.order(tl, 0), (Order{2, 3, 4, 5, 6, 7, 0, 1}));
  sm.next_cycle();
  EXPECT_EQ(sm.order(tl, 0), (Order{4, 5, 6, 7, 0, 1, 2, 3}));
}

TEST_F(TwoLevelOneScheduler, GroupsWrapAroundToTheFirst) {
  TwoLevelPolicy tl(sm.context());
  for (uint32_t g = 0; g < 3; ++g) {
    stall_group_on_memory(g);
    sm.next_cycle();
    sm.order(tl, 0);
  }
  EXPECT_EQ(tl.active_group(0), 3u);
  for (uint32_t s = 0; s < 6; ++s) sm.make_ready(s);
  sm.issue(tl, 1);
  stall_group_on_memory(3);
  sm.next_cycle();
  EXPECT_EQ(sm.order(tl, 0), (Order{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(tl.active_group(0), 0u);
  sm.make_ready(6);
  sm.next_cycle();
  EXPECT_EQ(sm.order(tl, 0), (Order{0, 1, 2, 3, 4, 5, 6, 7}));
}

TEST_F(TwoLevelOneScheduler, EachGroupKeepsItsRoundRobinPlace) {
  TwoLevelPolicy tl(sm.context());
  sm.issue(tl, 2);
  sm.issue(tl, 0);
  stall_group_on_memory(0);
  EXPECT_EQ(sm.order(tl, 0), (Order{3, 2, 4, 5, 6, 7, 1, 0}));
}

TEST(TwoLevelPolicy, GroupsAreFormedPerScheduler) {
  testing::ScriptedSm sm(8, 2);
  sm.cfg.policy_options["scwarp_two_level_group_size"] = "2";
  sm.launch_tb(0, 0, 8, 0, 0);
  TwoLevelPolicy tl(sm.context());
  // scheduler 0 owns 0 2 4 6: groups {0,2} {4,6}; scheduler 1: {1,3} {5,7}
  EXPECT_EQ(tl.groups_per_scheduler(), 2u);
  sm.wait_on_memory(0);
  sm.wait_on_memory(2);
  EXPECT_EQ(sm.order(tl, 0), (Order{4, 6, 0, 2}));
  EXPECT_EQ(sm.order(tl, 1), (Order{1, 3, 5, 7}));
  EXPECT_EQ(tl.active_group(1), 0u);
}

TEST(TwoLevelPolicy, GroupSizeZeroIsRefused) {
  testing::ScriptedSm sm(8, 1);
  sm.cfg.policy_options["scwarp_two_level_group_size"] = "0";
  try {
    TwoLevelPolicy tl(sm.context());
    FAIL() << "group size 0 accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("two_level_group_size"), std::string::npos) << e.what();
  }
}

// Seed 002 Sec. 3.3: a group that never stalls gives the priority away
// after exactly `timeout` instructions from it.
TEST_F(TwoLevelOneScheduler, TimeoutSwitchesAGroupThatNeverStalls) {
  sm.cfg.policy_options["scwarp_two_level_timeout"] = "3";
  TwoLevelPolicy tl(sm.context());
  for (uint32_t i = 0; i < 2; ++i) {
    sm.next_cycle();
    EXPECT_EQ(sm.order(tl, 0).front(), i % 2);
    sm.issue(tl, i % 2);
  }
  sm.issue(tl, 4);  // another group's instruction does not count
  sm.next_cycle();
  EXPECT_EQ(tl.active_group(0), 0u);
  sm.order(tl, 0);
  sm.issue(tl, 0);  // the third from group 0
  sm.next_cycle();
  EXPECT_EQ(sm.order(tl, 0), (Order{2, 3, 5, 4, 6, 7, 1, 0})) << "each group round robin from its last";
  EXPECT_EQ(tl.active_group(0), 1u);
}

TEST_F(TwoLevelOneScheduler, NoTimeoutWhenZero) {
  sm.cfg.policy_options["scwarp_two_level_timeout"] = "0";
  TwoLevelPolicy tl(sm.context());
  for (uint32_t i = 0; i < 100; ++i) {
    sm.next_cycle();
    sm.issue(tl, sm.order(tl, 0).front());
  }
  EXPECT_EQ(tl.active_group(0), 0u);
}

// The fetch side: SM-wide groups over the fetchable warps, the prioritised
// group first, round robin inside it; it moves on when all its warps wait long.
TEST_F(TwoLevelOneScheduler, FetchPolicyPrefersTheActiveGroup) {
  TwoLevelFetchPolicy fetch(sm.context());
  TwoLevelPolicy issue(sm.context());
  const std::vector<uint32_t> all{0, 1, 2, 3, 4, 5, 6, 7}, later{1, 2, 5};
  EXPECT_EQ(fetch.choose(sm.view(), all, issue), 0u);
  fetch.on_fetch(sm.view(), 0);
  sm.next_cycle();
  EXPECT_EQ(fetch.choose(sm.view(), all, issue), 1u) << "round robin inside the group";
  EXPECT_EQ(fetch.choose(sm.view(), std::vector<uint32_t>{2, 5}, issue), 2u) << "then the next groups";
  stall_group_on_memory(0);
  sm.next_cycle();
  EXPECT_EQ(fetch.choose(sm.view(), later, issue), 2u) << "group 1 has the priority now";
  sm.next_cycle();
  EXPECT_EQ(fetch.choose(sm.view(), std::vector<uint32_t>{}, issue), kNoWarp);
}

}  // namespace
}  // namespace scwarp::sched
