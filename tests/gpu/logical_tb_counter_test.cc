// VTW's GPU-wide logical TB counter: grants after a fixed latency, in (cycle,
// SM, TB slot) order whatever order the requests arrived in within a cycle,
// never beyond the kernel's bound, and the slow phase once all are out.
#include "sc_model/gpu/logical_tb_counter.h"

#include <gtest/gtest.h>

namespace scwarp::gpu {
namespace {

TEST(LogicalTbCounter, GrantsAfterTheLatency) {
  LogicalTbCounter c(4);
  const uint64_t t = c.request(0, 10, 0, 0, 100);
  EXPECT_FALSE(c.granted(t, 100));
  EXPECT_FALSE(c.granted(t, 103));
  EXPECT_EQ(c.granted(t, 104), 0u);
}

TEST(LogicalTbCounter, OneCyclesRequestsAreNumberedBySmAndTbSlotNotByArrival) {
  for (bool sm3_first : {true, false}) {
    LogicalTbCounter c(2);
    uint64_t sm3 = 0, sm1 = 0, sm1b = 0;
    if (sm3_first) sm3 = c.request(0, 10, 3, 0, 5);
    sm1b = c.request(0, 10, 1, 4, 5);
    sm1 = c.request(0, 10, 1, 2, 5);
    if (!sm3_first) sm3 = c.request(0, 10, 3, 0, 5);
    const uint64_t later = c.request(0, 10, 0, 0, 6);
    EXPECT_EQ(c.granted(sm1, 7), 0u);
    EXPECT_EQ(c.granted(sm1b, 7), 1u);
    EXPECT_EQ(c.granted(sm3, 7), 2u);
    EXPECT_EQ(c.granted(later, 8), 3u) << "a later cycle's request comes after";
  }
}

TEST(LogicalTbCounter, StopsAtTheBoundAndSignalsTheSlowPhase) {
  LogicalTbCounter c(1);
  EXPECT_FALSE(c.exhausted(0, 1));
  const uint64_t a = c.request(0, 2, 0, 0, 1), b = c.request(0, 2, 0, 1, 1), d = c.request(0, 2, 0, 2, 1);
  EXPECT_FALSE(c.exhausted(0, 1)) << "requests of this cycle are not granted yet";
  EXPECT_TRUE(c.exhausted(0, 2));
  EXPECT_EQ(c.granted(a, 2), 0u);
  EXPECT_EQ(c.granted(b, 2), 1u);
  EXPECT_EQ(c.granted(d, 2), 2u) << "past the last index: the bound itself";
  EXPECT_FALSE(c.exhausted(1, 2)) << "another kernel has its own count";
}

}  // namespace
}  // namespace scwarp::gpu
