#include "sc_model/sched/cff_fetch_policy.h"

#include <gtest/gtest.h>

#include "sc_model/sched/gto_policy.h"
#include "sc_model/sched/lrr_policy.h"
#include "sc_model/sched/mwf_policy.h"
#include "sc_model/sched/registry.h"
#include "sc_model/sched/rr_fetch_policy.h"
#include "barrier_script.h"
#include "scripted_sm.h"

namespace scwarp::sched {
namespace {

using Slots = std::vector<uint32_t>;
using testing::arrive;
using testing::launch_tbs;

// The state of seed 001 Fig. 7 (see mwf_policy_test.cc): MWF(LRR) orders
// 8 9 10 11 | 4 5 6 7 | 1 2 3 0 with w2, w5, w7, w9, w10, w11 at the barrier.
void script_fig7(testing::ScriptedSm& sm, IssuePolicy& p) {
  launch_tbs(sm, 3, 4);
  for (uint32_t w : {2u, 9u, 10u, 11u, 5u}) arrive(sm, p, w);
  sm.issue(p, 0);
  arrive(sm, p, 7);
}

Slots all_but(std::initializer_list<uint32_t> gone) {
  Slots out;
  for (uint32_t w = 0; w < 12; ++w) {
    if (std::find(gone.begin(), gone.end(), w) == gone.end()) out.push_back(w);
  }
  return out;
}

// What the pipeline would issue: the first Ready warp of the order.
uint32_t first_ready(testing::ScriptedSm& sm, IssuePolicy& p, uint32_t sched) {
  for (uint32_t w : sm.order(p, sched)) {
    if (sm.warp(w).wait == WarpWait::Ready) return w;
  }
  return kNoWarp;
}

TEST(CffFetchPolicy, FetchesForTheWarpMwfIssuesNext) {
  testing::ScriptedSm sm(12, 1);
  MwfPolicy mwf(sm.context(), IntraTbOrder::Lrr);
  script_fig7(sm, mwf);
  CffFetchPolicy cff(sm.context());
  RrFetchPolicy rr(sm.context());
  EXPECT_EQ(first_ready(sm, mwf, 0), 8u);
  EXPECT_EQ(cff.choose(sm.view(), all_but({}), mwf), 8u);
  EXPECT_EQ(rr.choose(sm.view(), all_but({}), mwf), 0u);  // round robin would not
  // 8 has no room: the next critical warp, passing over 9, 10, 11 at the barrier.
  EXPECT_EQ(cff.choose(sm.view(), all_but({8}), mwf), 4u);
  EXPECT_EQ(cff.choose(sm.view(), all_but({8, 4}), mwf), 6u);
  EXPECT_EQ(cff.choose(sm.view(), all_but({8, 4, 6, 1, 3, 0}), mwf), 9u);  // only barrier warps left
  EXPECT_EQ(cff.choose(sm.view(), Slots{}, mwf), kNoWarp);
}

// Sec. 2.2's eligibility: a warp whose I-buffer is empty first; one with
// entries left only when no fetchable warp has an empty I-buffer.
TEST(CffFetchPolicy, EmptyIBufferFirstThenNotAtBarrierThenOrder) {
  testing::ScriptedSm sm(12, 1);
  MwfPolicy mwf(sm.context(), IntraTbOrder::Lrr);
  script_fig7(sm, mwf);  // order 8 9 10 11 4 5 6 7 1 2 3 0
  CffFetchPolicy cff(sm.context());
  for (uint32_t w : {8u, 4u, 6u}) sm.warp(w).ibuffer_count = 1;
  EXPECT_EQ(cff.choose(sm.view(), all_but({}), mwf), 1u);  // first empty, not at a barrier
  EXPECT_EQ(cff.choose(sm.view(), Slots{2, 4, 6, 8, 11}, mwf), 11u);  // empty at a barrier beats entries left
  sm.warp(11).ibuffer_count = 1;
  sm.warp(2).ibuffer_count = 1;
  EXPECT_EQ(cff.choose(sm.view(), Slots{2, 4, 6, 8, 11}, mwf), 8u);  // all have entries: not at a barrier, in order
  EXPECT_EQ(cff.choose(sm.view(), Slots{2, 11}, mwf), 11u);  // all at a barrier: in order
}

TEST(CffFetchPolicy, FollowsTheRegisteredIssuePolicy) {
  testing::ScriptedSm sm(12, 1);
  auto mwf = make_issue_policy("mwf_lrr", sm.context());
  script_fig7(sm, *mwf);
  auto cff = make_fetch_policy("cff", sm.context());
  EXPECT_EQ(cff->choose(sm.view(), all_but({8}), *mwf), 4u);
}

// Sec. 4.2: "for GTO, CFF will fetch an instruction from the warp that was
// currently selected at the issue stage, or if that one is stalled, it
// fetches an instruction from the oldest warp".
TEST(CffFetchPolicy, WithGtoFetchesForTheGreedyWarpThenTheOldest) {
  testing::ScriptedSm sm(12, 1);
  sm.launch_tb(0, 0, 4, 50, 1);
  sm.launch_tb(1, 4, 4, 10, 0);  // the older TB
  GtoPolicy gto(sm.context());
  CffFetchPolicy cff(sm.context());
  sm.issue(gto, 2);
  EXPECT_EQ(cff.choose(sm.view(), Slots{0, 2, 5, 7}, gto), 2u);
  EXPECT_EQ(cff.choose(sm.view(), Slots{0, 3, 5, 7}, gto), 5u);
}

// Two schedulers: rank 0 of both orders, then rank 1, ...; within a rank the
// scheduler after the one fetched for last goes first.
TEST(CffFetchPolicy, MergesTheSchedulersOrdersByRankAlternatingTies) {
  testing::ScriptedSm sm(8, 2);
  sm.launch_tb(0, 0, 8, 0, 0);
  LrrPolicy lrr(sm.context());
  CffFetchPolicy cff(sm.context());
  sm.issue(lrr, 2);  // scheduler 0 orders 4 6 0 2
  sm.issue(lrr, 5);  // scheduler 1 orders 7 1 3 5
  const Slots every{0, 1, 2, 3, 4, 5, 6, 7};
  EXPECT_EQ(cff.choose(sm.view(), every, lrr), 4u);
  cff.on_fetch(sm.view(), 4);
  EXPECT_EQ(cff.choose(sm.view(), every, lrr), 7u);  // scheduler 1 leads now
  cff.on_fetch(sm.view(), 7);
  EXPECT_EQ(cff.choose(sm.view(), every, lrr), 4u);
  EXPECT_EQ(cff.choose(sm.view(), Slots{1, 6}, lrr), 6u);   // rank 1 of both: scheduler 0 leads
  EXPECT_EQ(cff.choose(sm.view(), Slots{0, 3}, lrr), 0u);   // rank 2 of both
  cff.on_fetch(sm.view(), 0);
  EXPECT_EQ(cff.choose(sm.view(), Slots{0, 3}, lrr), 3u);   // scheduler 1 leads
  EXPECT_EQ(cff.choose(sm.view(), Slots{0, 5}, lrr), 0u);   // rank 2 beats rank 3
}

}  // namespace
}  // namespace scwarp::sched
