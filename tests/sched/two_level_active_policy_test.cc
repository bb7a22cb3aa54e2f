#include "sc_model/sched/two_level_active_policy.h"

#include <gtest/gtest.h>

#include "sc_model/common/error.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/sched/registry.h"
#include "scripted_sm.h"

namespace scwarp::sched {
namespace {

using Order = std::vector<uint32_t>;

// One scheduler, 8 warps, 3 active (two_level_active:3:0:1): active 0 1 2,
// pending 3 4 5 6 7 at the start.
class TwoLevelActive : public ::testing::Test {
 protected:
  TwoLevelActive() : sm(8, 1) {
    sm.cfg.two_level_active_warps = 3;
    sm.launch_tb(0, 0, 8, 0, 0);
  }
  Order next_order(IssuePolicy& policy) {
    sm.next_cycle();
    return sm.order(policy, 0);
  }
  testing::ScriptedSm sm;
};

TEST_F(TwoLevelActive, TheFirstNWarpsStartActive) {
  TwoLevelActivePolicy tl(sm.context());
  EXPECT_EQ(next_order(tl), (Order{0, 1, 2}));
}

TEST_F(TwoLevelActive, AWarpWaitingOnMemorySwapsWithThePendingFront) {
  TwoLevelActivePolicy tl(sm.context());
  sm.wait_on_memory(1);
  EXPECT_EQ(next_order(tl), (Order{0, 2, 3}));
  sm.make_ready(1);  // back at the end of the pending queue: 4 5 6 7 1
  sm.wait_on_memory(0);
  sm.wait_on_memory(2);
  EXPECT_EQ(next_order(tl), (Order{3, 4, 5}));
}

TEST_F(TwoLevelActive, BarriersAndExitsDemoteButShortWaitsDoNot) {
  TwoLevelActivePolicy tl(sm.context());
  sm.warp(0).wait = WarpWait::Barrier;
  sm.warp(1).wait = WarpWait::Data;  // an ALU result: short
  sm.warp(2).wait = WarpWait::Fetch;
  EXPECT_EQ(next_order(tl), (Order{1, 2, 3}));
  sm.exit_warp(tl, 1);
  EXPECT_EQ(next_order(tl), (Order{2, 3, 4}));
}

TEST_F(TwoLevelActive, PromotedWarpsAreLookedAtOnlyNextCycle) {
  TwoLevelActivePolicy tl(sm.context());
  sm.wait_on_memory(0);
  sm.wait_on_memory(3);
  EXPECT_EQ(next_order(tl), (Order{1, 2, 3}));  // 3 came in waiting
  EXPECT_EQ(sm.order(tl, 0), (Order{1, 2, 3})) << "one round per cycle, however often order() is asked";
  EXPECT_EQ(next_order(tl), (Order{1, 2, 4}));
}

TEST_F(TwoLevelActive, AnIssueRotatesTheActiveListPastTheIssuer) {
  TwoLevelActivePolicy tl(sm.context());
  EXPECT_EQ(next_order(tl), (Order{0, 1, 2}));
  sm.issue(tl, 1);
  EXPECT_EQ(next_order(tl), (Order{2, 0, 1}));
  sm.issue(tl, 1);
  EXPECT_EQ(next_order(tl), (Order{2, 0, 1}));
}

// A cycle the SM sleeps through gets its round from on_no_issue, and the
// policy keeps the SM awake while a round would swap warps.
TEST_F(TwoLevelActive, RoundsRunInSleptCyclesAndKeepTheSmAwakeWhileTheySwap) {
  TwoLevelActivePolicy tl(sm.context());
  EXPECT_FALSE(tl.changes_by_itself(sm.view()));
  sm.wait_on_memory(0);
  EXPECT_TRUE(tl.changes_by_itself(sm.view()));
  sm.next_cycle();
  tl.on_no_issue(sm.view(), 0);
  EXPECT_EQ(Order(tl.active(0).begin(), tl.active(0).end()), (Order{1, 2, 3}));
  EXPECT_FALSE(tl.changes_by_itself(sm.view()));
}

TEST_F(TwoLevelActive, IsRegisteredAndNeedsAnActiveSet) {
  EXPECT_NO_THROW(make_issue_policy("two_level_active", sm.context()));
  sm.cfg.two_level_active_warps = 0;
  EXPECT_THROW(TwoLevelActivePolicy(sm.context()), Error);
}

}  // namespace
}  // namespace scwarp::sched
