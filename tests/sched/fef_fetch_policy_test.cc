#include "sc_model/sched/fef_fetch_policy.h"

#include <gtest/gtest.h>

#include "sc_model/sched/lrr_policy.h"
#include "scripted_sm.h"

namespace scwarp::sched {
namespace {

using Slots = std::vector<uint32_t>;

TEST(FefFetchPolicy, FetchesForTheWarpWithFewestEntries) {
  testing::ScriptedSm sm(8, 2);
  sm.launch_tb(0, 0, 8, 0, 0);
  const uint32_t entries[8] = {2, 1, 1, 0, 1, 2, 1, 1};
  for (uint32_t w = 0; w < 8; ++w) sm.warp(w).ibuffer_count = entries[w];
  FefFetchPolicy fef(sm.context());
  LrrPolicy issue(sm.context());
  EXPECT_EQ(fef.choose(sm.view(), Slots{0, 1, 2, 3, 4, 6, 7}, issue), 3u);
  EXPECT_EQ(fef.choose(sm.view(), Slots{0, 1, 2, 4, 6, 7}, issue), 1u);  // ties: 1, 2, 4, 6, 7
}

TEST(FefFetchPolicy, TiesGoRoundRobinAfterTheWarpFetchedLast) {
  testing::ScriptedSm sm(8, 1);
  sm.launch_tb(0, 0, 8, 0, 0);
  const uint32_t entries[8] = {1, 0, 1, 0, 1, 0, 1, 1};
  for (uint32_t w = 0; w < 8; ++w) sm.warp(w).ibuffer_count = entries[w];
  FefFetchPolicy fef(sm.context());
  LrrPolicy issue(sm.context());
  const Slots every{0, 1, 2, 3, 4, 5, 6, 7};
  EXPECT_EQ(fef.choose(sm.view(), every, issue), 1u);
  EXPECT_EQ(fef.choose(sm.view(), every, issue), 1u);  // choosing alone does not advance
  fef.on_fetch(sm.view(), 1);
  EXPECT_EQ(fef.choose(sm.view(), every, issue), 3u);
  fef.on_fetch(sm.view(), 5);
  EXPECT_EQ(fef.choose(sm.view(), every, issue), 1u);  // wraps around
  fef.on_fetch(sm.view(), 6);
  EXPECT_EQ(fef.choose(sm.view(), Slots{0, 2, 4, 7}, issue), 7u);  // all 1 entry: after 6
}

TEST(FefFetchPolicy, NothingFetchableFetchesNothing) {
  testing::ScriptedSm sm(8, 1);
  FefFetchPolicy fef(sm.context());
  LrrPolicy issue(sm.context());
  EXPECT_EQ(fef.choose(sm.view(), Slots{}, issue), kNoWarp);
}

}  // namespace
}  // namespace scwarp::sched
