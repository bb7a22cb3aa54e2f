#include "sc_model/sched/rr_fetch_policy.h"

#include <gtest/gtest.h>

#include "sc_model/sched/lrr_policy.h"
#include "scripted_sm.h"

namespace scwarp::sched {
namespace {

using Slots = std::vector<uint32_t>;

TEST(RrFetchPolicy, FetchesAfterTheWarpFetchedLastAcrossSchedulers) {
  testing::ScriptedSm sm(8, 2);
  sm.launch_tb(0, 0, 8, 0, 0);
  RrFetchPolicy rr(sm.context());
  LrrPolicy issue(sm.context());
  const SmView& view = sm.view();
  EXPECT_EQ(rr.choose(view, Slots{1, 2, 5}, issue), 1u);
  rr.on_fetch(view, 1);
  EXPECT_EQ(rr.choose(view, Slots{1, 2, 5}, issue), 2u);
  rr.on_fetch(view, 2);
  EXPECT_EQ(rr.choose(view, Slots{0, 1, 6}, issue), 6u);
  rr.on_fetch(view, 6);
  EXPECT_EQ(rr.choose(view, Slots{0, 1, 6}, issue), 0u);  // wraps around
}

TEST(RrFetchPolicy, ChoosingWithoutFetchingDoesNotAdvance) {
  testing::ScriptedSm sm(8, 1);
  RrFetchPolicy rr(sm.context());
  LrrPolicy issue(sm.context());
  EXPECT_EQ(rr.choose(sm.view(), Slots{3, 4}, issue), 3u);
  EXPECT_EQ(rr.choose(sm.view(), Slots{3, 4}, issue), 3u);
}

TEST(RrFetchPolicy, NothingFetchableFetchesNothing) {
  testing::ScriptedSm sm(8, 1);
  RrFetchPolicy rr(sm.context());
  LrrPolicy issue(sm.context());
  EXPECT_EQ(rr.choose(sm.view(), Slots{}, issue), kNoWarp);
}

}  // namespace
}  // namespace scwarp::sched
