// VTW's scheduler (seed 004 Algorithm 1) on a scripted SM: every class at
// once in the fast phase, the ties, the slow phase's inverse progress, an
// untransformed kernel, and the paper's storage count.
#include "sc_model/sched/vtw_policy.h"

#include <gtest/gtest.h>

#include <vector>

#include "barrier_script.h"
#include "scripted_sm.h"

namespace scwarp::sched::testing {
namespace {

// Six TBs of two warps each on one scheduler; warp progress as given.
struct Scene {
  Scene() : sm(12, 1, 6), policy(sm.context()) { launch_tbs(sm, 6, 2); }
  void progress(uint32_t warp, uint64_t p) {
    sm.warp(warp).progress = p;
    TbView& tb = tb_view(sm, sm.warp(warp).tb_slot);
    tb.progress = sm.warp(tb.first_warp).progress + sm.warp(tb.first_warp + 1).progress;
  }
  // Warp `ahead` of TB t is one iteration further than its sibling.
  void diff_iter(uint32_t t, uint32_t ahead_warps) {
    TbView& tb = tb_view(sm, t);
    tb.min_iteration = 3;
    tb.warps_ahead = ahead_warps;
    for (uint32_t i = 0; i < tb.warps; ++i) sm.warp(tb.first_warp + i).iteration = i < ahead_warps ? 4 : 3;
  }
  std::vector<uint32_t> order() { return sm.order(policy, 0); }

  ScriptedSm sm;
  VtwPolicy policy;
};

TEST(VtwPolicy, FastPhaseOrdersBarrierThenLowerDiffIterThenSameIterThenHigherDiffIter) {
  Scene s;
  for (uint32_t w = 0; w < 12; ++w) s.progress(w, 10 + w);
  // TB 0: SameIter, progress 21; TB 1: SameIter, progress 25 (more: first).
  // TB 2: Barrier with one warp waiting; TB 3: Barrier with two (first).
  tb_view(s.sm, 2).warps_at_barrier = 1;
  tb_view(s.sm, 3).warps_at_barrier = 2;
  // TBs 4 and 5: DiffIter, their first warp (8, 10) an iteration ahead, one
  // lower-iteration warp each: told apart by TB progress (TB 5 more: first).
  s.diff_iter(4, 1);
  s.diff_iter(5, 1);
  const std::vector<uint32_t> expected = {
      6, 7,    // Barrier TB 3 (2 waiting), warps by increasing progress
      4, 5,    // Barrier TB 2
      11, 9,   // lower-iteration warps: TB 5 (more progress) then TB 4 (each has one)
      3, 2,    // SameIter TB 1 (progress 25), warps by decreasing progress
      1, 0,    // SameIter TB 0
      10, 8,   // higher-iteration warps: TB 5 then TB 4 (one ahead each; more TB progress first)
  };
  EXPECT_EQ(s.order(), expected);
  EXPECT_EQ(VtwPolicy::class_of(s.sm.view(), 9), VtwClass::DiffIterLower);
  EXPECT_EQ(VtwPolicy::class_of(s.sm.view(), 8), VtwClass::DiffIterHigher);
}

TEST(VtwPolicy, DiffIterTbsWithFewerLowerWarpsComeFirstAndMoreAheadWarpsLast) {
  ScriptedSm sm(8, 1, 2);
  VtwPolicy policy(sm.context());
  sm.launch_tb(0, 0, 4, 0, 0);
  sm.launch_tb(1, 4, 4, 1, 1);
  auto set = [&](uint32_t t, uint32_t ahead) {
    TbView& tb = tb_view(sm, t);
    tb.min_iteration = 1;
    tb.warps_ahead = ahead;
    for (uint32_t i = 0; i < 4; ++i) sm.warp(tb.first_warp + i).iteration = i < ahead ? 2 : 1;
  };
  set(0, 1);  // 3 lower warps (2,1,3 ... slots 1,2,3), 1 ahead (slot 0)
  set(1, 3);  // 1 lower warp (slot 7), 3 ahead (slots 4,5,6): first among lower, first among higher
  const std::vector<uint32_t> expected = {7, 1, 2, 3, 4, 5, 6, 0};
  EXPECT_EQ(sm.order(policy, 0), expected);
}

TEST(VtwPolicy, SlowPhaseRunsTheLeastProgressFirst) {
  Scene s;
  for (uint32_t w = 0; w < 12; ++w) s.progress(w, 100 - w);
  tb_view(s.sm, 1).warps_at_barrier = 2;  // no classes in the slow phase
  for (uint32_t t = 0; t < 6; ++t) tb_view(s.sm, t).indices_exhausted = true;
  const std::vector<uint32_t> expected = {11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0};
  EXPECT_EQ(s.order(), expected);
  EXPECT_EQ(VtwPolicy::class_of(s.sm.view(), 2), VtwClass::Slow);
}

TEST(VtwPolicy, UntransformedKernelIsBarrierTbsThenTbsByProgress) {
  Scene s;
  for (uint32_t w = 0; w < 12; ++w) s.progress(w, w % 2 ? 5 : 50);
  tb_view(s.sm, 4).warps_at_barrier = 1;
  // Equal TB progress everywhere: older TB first, warps by decreasing progress.
  const std::vector<uint32_t> expected = {9, 8, 0, 1, 2, 3, 4, 5, 6, 7, 10, 11};
  EXPECT_EQ(s.order(), expected);
}

TEST(VtwPolicy, SameViewsSameOrder) {
  Scene s;
  for (uint32_t w = 0; w < 12; ++w) s.progress(w, (w * 7) % 5);
  s.diff_iter(2, 1);
  const std::vector<uint32_t> first = s.order();
  s.sm.next_cycle();
  EXPECT_EQ(s.order(), first);
}

TEST(VtwPolicy, StorageIsThePapers44Plus456BytesOnTheGtx480) {
  ScriptedSm sm(48, 2, 8);
  const std::optional<StorageCount> count = VtwPolicy(sm.context()).storage();
  ASSERT_TRUE(count);
  EXPECT_EQ(8 * 4 + 8 * 1 + 4, 44);
  EXPECT_EQ(8 + 4 * (48 + 8 + 48 + 8), 456);
  EXPECT_EQ(count->bits, (44u + 456u) * 8);
  EXPECT_EQ(count->paper_bits, count->bits);
  EXPECT_NE(count->formula.find("= 44 B"), std::string::npos) << count->formula;
  EXPECT_NE(count->formula.find("= 456 B"), std::string::npos) << count->formula;
  ScriptedSm bigger(64, 2, 16);
  EXPECT_EQ(VtwPolicy(bigger.context()).storage()->bits, ((16 * 5 + 4) + (16 + 4 * (64 + 16 + 64 + 16))) * 8u);
}

}  // namespace
}  // namespace scwarp::sched::testing
