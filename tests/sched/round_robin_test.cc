#include "sc_model/sched/round_robin.h"

#include <gtest/gtest.h>

#include "sc_model/sched/policy.h"

namespace scwarp::sched {
namespace {

using Slots = std::vector<uint32_t>;

TEST(RoundRobin, StartsAfterTheLastServedSlot) {
  const Slots slots{1, 3, 5, 7};
  EXPECT_EQ(round_robin_start(slots, 3), 2u);
  EXPECT_EQ(round_robin_start(slots, 4), 2u);  // the last one may have left the list
  EXPECT_EQ(round_robin_start(slots, 0), 0u);
}

TEST(RoundRobin, WrapsAroundAfterTheHighestSlot) {
  const Slots slots{1, 3, 5, 7};
  EXPECT_EQ(round_robin_start(slots, 7), 0u);
  EXPECT_EQ(round_robin_start(slots, kNoWarp), 0u);
  Slots out{99};
  append_round_robin(slots, 5, out);
  EXPECT_EQ(out, (Slots{99, 7, 1, 3, 5}));
}

TEST(RoundRobin, EmptyListAppendsNothing) {
  Slots out;
  append_round_robin({}, 3, out);
  EXPECT_TRUE(out.empty());
}

}  // namespace
}  // namespace scwarp::sched
