// LaggedCounter: what a policy reads of the GPU at cycle c is what was added
// before c, whichever process adds or reads first within c (the SMs and L2
// slices are separate SystemC processes with no order inside a cycle).
#include "sc_model/stats/gpu_live_stats.h"

#include <gtest/gtest.h>

namespace scwarp::stats {
namespace {

TEST(LaggedCounter, ReadsSeeOnlyEarlierCycles) {
  LaggedCounter c;
  EXPECT_EQ(c.before(0), 0);
  c.add(3, 5);
  EXPECT_EQ(c.before(5), 0) << "an addition at cycle 5 is not visible within cycle 5";
  c.add(2, 5);
  EXPECT_EQ(c.before(5), 0);
  EXPECT_EQ(c.before(6), 5);
  c.add(-1, 7);
  EXPECT_EQ(c.before(7), 5);
  EXPECT_EQ(c.before(8), 4);
  EXPECT_EQ(c.before(100), 4) << "cycles with no addition keep the value";
}

// Two orders of the same cycle's work give the same reads.
TEST(LaggedCounter, OrderInsideACycleDoesNotMatter) {
  LaggedCounter add_first, read_first;
  add_first.add(1, 1);
  read_first.add(1, 1);
  add_first.add(4, 2);
  const int64_t a = add_first.before(2);
  const int64_t b = read_first.before(2);
  read_first.add(4, 2);
  EXPECT_EQ(a, b);
  EXPECT_EQ(add_first.before(3), read_first.before(3));
}

}  // namespace
}  // namespace scwarp::stats
