#include "sc_model/sched/saws_policy.h"

#include <gtest/gtest.h>

#include "sc_model/sched/mwf_policy.h"
#include "barrier_script.h"
#include "scripted_sm.h"

namespace scwarp::sched {
namespace {

using Order = std::vector<uint32_t>;
using testing::arrive;
using testing::arrive_last;
using testing::launch_tbs;
using testing::set_cycle;

// Seed 001 Sec. 6.6, Fig. 13: TB0 hits its barrier first (t0), then two
// warps of TB1 (t1), then three of TB2 (t2). SAWS keeps TB0 first; MWF
// ranks TB2, TB1, TB0.
TEST(SawsPolicy, Fig13FirstHitTbStaysFirst) {
  testing::ScriptedSm sm(12, 1);
  launch_tbs(sm, 3, 4);
  SawsPolicy saws(sm.context());
  MwfPolicy mwf(sm.context(), IntraTbOrder::Gto);
  auto both = [&](uint32_t w) {
    arrive(sm, saws, w);
    mwf.on_barrier_arrive(sm.view(), w);  // views already updated by arrive()
    mwf.on_issue(sm.view(), w, 32);
  };
  set_cycle(sm, 100);
  both(0);
  set_cycle(sm, 200);
  both(4);
  both(5);
  set_cycle(sm, 300);
  both(8);
  both(9);
  both(10);
  EXPECT_EQ(saws.hit_cycle(0), 100u);
  EXPECT_EQ(saws.hit_cycle(1), 200u);
  EXPECT_EQ(saws.hit_cycle(2), 300u);
  // Inside a TB, GTO: the warp issued last there, then the smallest warp id.
  EXPECT_EQ(sm.order(saws, 0), (Order{0, 1, 2, 3, 5, 4, 6, 7, 10, 8, 9, 11}));
  EXPECT_EQ(sm.order(mwf, 0), (Order{10, 8, 9, 11, 5, 4, 6, 7, 0, 1, 2, 3}));
}

TEST(SawsPolicy, EarlierHitBeatsSmallerTbIdAndNoHitGoesLastByTbId) {
  testing::ScriptedSm sm(12, 1);
  launch_tbs(sm, 3, 4);
  SawsPolicy saws(sm.context());
  EXPECT_EQ(sm.order(saws, 0), (Order{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}));  // no hit: TB id
  set_cycle(sm, 40);
  arrive(sm, saws, 9);
  set_cycle(sm, 41);
  arrive(sm, saws, 7);
  arrive(sm, saws, 8);  // a later arrival does not move TB2's hit time
  EXPECT_EQ(saws.hit_cycle(2), 40u);
  EXPECT_EQ(sm.order(saws, 0), (Order{8, 9, 10, 11, 7, 4, 5, 6, 0, 1, 2, 3}));
}

TEST(SawsPolicy, SameCycleHitsGoToTheSmallerTbId) {
  testing::ScriptedSm sm(8, 2);
  launch_tbs(sm, 2, 4);
  SawsPolicy saws(sm.context());
  set_cycle(sm, 7);
  arrive(sm, saws, 5);  // scheduler 1
  arrive(sm, saws, 2);  // scheduler 0, same cycle
  EXPECT_EQ(sm.order(saws, 0), (Order{2, 0, 4, 6}));
  EXPECT_EQ(sm.order(saws, 1), (Order{1, 3, 5, 7}));
}

TEST(SawsPolicy, ReleaseClearsTheHitAndTheNextBarrierSetsANewOne) {
  testing::ScriptedSm sm(8, 1);
  launch_tbs(sm, 2, 4);
  SawsPolicy saws(sm.context());
  set_cycle(sm, 10);
  arrive(sm, saws, 0);
  set_cycle(sm, 20);
  arrive(sm, saws, 4);
  for (uint32_t w : {1u, 2u}) arrive(sm, saws, w);
  set_cycle(sm, 30);
  arrive_last(sm, saws, 3);  // TB0 released
  EXPECT_EQ(saws.hit_cycle(0), SawsPolicy::kNoHit);
  EXPECT_EQ(sm.order(saws, 0), (Order{4, 5, 6, 7, 3, 0, 1, 2}));  // TB1's hit first
  set_cycle(sm, 31);
  arrive(sm, saws, 3);  // TB0's next barrier: hit at 31, after TB1's 20
  EXPECT_EQ(saws.hit_cycle(0), 31u);
  EXPECT_EQ(sm.order(saws, 0), (Order{4, 5, 6, 7, 3, 0, 1, 2}));
}

}  // namespace
}  // namespace scwarp::sched
