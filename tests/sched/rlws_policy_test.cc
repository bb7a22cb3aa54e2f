// The learning schedulers of seed 003: the paper's worked examples (bucket
// bounds, feature layout, Q-table size, storage), a TD step by hand, the
// NO_INSTR rule, and learning that changes the chosen action over time.
#include "sc_model/sched/rlws_policy.h"

#include <gtest/gtest.h>

#include "sc_model/common/error.h"
#include "sc_model/config/value_text.h"
#include "sc_model/sched/linear_sarsa.h"
#include "sc_model/sched/registry.h"
#include "sc_model/sched/rl_attributes.h"
#include "sc_model/sched/rlws_ms_policy.h"
#include "scripted_sm.h"

namespace scwarp::sched {
namespace {

using Starts = std::vector<uint32_t>;
using Order = std::vector<uint32_t>;

// Sec. IV.B: "if 3 buckets are used for L1-D miss percentage ... 0-50% is
// represented by bucket 0, 51-80% by bucket 1 and the last 20% by bucket 2".
TEST(RlAttributes, L1MissPercentInThreeDecreasingBuckets) {
  const Starts starts = bucket_starts(3, Widths::Decreasing);
  EXPECT_EQ(starts, (Starts{0, 51, 81}));
  for (auto [percent, bucket] : {std::pair{0, 0}, {50, 0}, {51, 1}, {80, 1}, {81, 2}, {100, 2}})
    EXPECT_EQ(bucket_of(percent, 100, starts), uint32_t(bucket)) << percent << "%";
  EXPECT_EQ(attr_spec(Attr::L1MP).widths, Widths::Decreasing);
}

// The memory counters are kept current only for a policy that says it
// reads them; RLWS does, and any other policy that reads them is refused.
TEST(RlAttributes, MemoryViewOnlyForAPolicyThatAsksForIt) {
  SmView sm;
  EXPECT_THROW(sm.memory(), Error) << "not kept current: reading it must fail, not see zeros";
  sm.memory_current = true;
  sm.memory_state.l1d_misses = 7;
  EXPECT_EQ(sm.memory().l1d_misses, 7u);
  config::GpuConfig cfg;
  const PolicyContext ctx{cfg};
  EXPECT_TRUE(make_issue_policy("rlws", ctx)->reads_memory_view());
  EXPECT_FALSE(make_issue_policy("lrr", ctx)->reads_memory_view());
}

// "for the state variable NRGMI ... with 4 buckets, 0-9% was represented by
// bucket 0, 10-29% by bucket 1, 30-59% by bucket 2 and 60-100% by bucket 3".
TEST(RlAttributes, ReadyGlobalMemoryWarpsInFourIncreasingBuckets) {
  const Starts starts = bucket_starts(4, Widths::Increasing);
  EXPECT_EQ(starts, (Starts{0, 10, 30, 60}));
  for (auto [percent, bucket] : {std::pair{9, 0}, {10, 1}, {29, 1}, {30, 2}, {59, 2}, {60, 3}, {100, 3}})
    EXPECT_EQ(bucket_of(percent, 100, starts), uint32_t(bucket)) << percent << "%";
  // NRGMI counts warps (0-24 on the GTX480): 2 of 24 is 8%, 3 is 12%.
  EXPECT_EQ(bucket_of(2, 24, starts), 0u);
  EXPECT_EQ(bucket_of(3, 24, starts), 1u);
  EXPECT_EQ(bucket_of(30, 24, starts), 3u) << "above the range counts as its top";
  EXPECT_EQ(attr_spec(Attr::NRGMI).widths, Widths::Increasing);
  // Decreasing is the mirror image except the paper's 3-bucket example.
  EXPECT_EQ(bucket_starts(4, Widths::Decreasing), (Starts{0, 40, 70, 90}));
}

TEST(RlAttributes, ParsedFromOptionTextWithClearErrors) {
  const std::vector<StateAttr> attrs = parse_state_attrs("AGML:2,L1MP:8,RSPI:2");
  ASSERT_EQ(attrs.size(), 3u);
  EXPECT_EQ(attrs[1].id, Attr::L1MP);
  EXPECT_EQ(attrs[1].buckets, 8u);
  EXPECT_EQ(format_state_attrs(attrs), "AGML:2,L1MP:8,RSPI:2");
  EXPECT_THROW(parse_state_attrs("L1MP:9"), config::InvalidValue);
  EXPECT_THROW(parse_state_attrs("RSPI:4"), config::InvalidValue) << "booleans have 2 buckets";
  EXPECT_THROW(parse_state_attrs("FOO:2"), config::InvalidValue);
  EXPECT_THROW(parse_state_attrs("L1MP"), config::InvalidValue);
  EXPECT_THROW(parse_state_attrs("L1MP:2,L1MP:4"), config::InvalidValue);
  EXPECT_EQ(attr_specs().size(), 34u) << "Table II";
}

// Sec. IV.E's example: 3 state variables, 2 actions: phi(s, a1) =
// (f1(s1), f2(s2), f3(s3), 0, 0, 0), phi(s, a2) = (0, 0, 0, f4(s1), ...).
TEST(LinearSarsaTest, EachActionHasItsOwnBlockOfFeaturesTwoToTheMinusV) {
  LinearSarsa learner(3, 2, 3.0);  // every weight 1
  const std::vector<uint8_t> s{0, 1, 2};
  EXPECT_EQ(learner.weights(0).size(), 3u);
  EXPECT_DOUBLE_EQ(learner.q(s, 0), 1 + 0.5 + 0.25);
  learner.update(s, 0, 1.0, s, 0, 0.5, 0.0);  // only action 0's block moves
  EXPECT_DOUBLE_EQ(learner.q(s, 1), 1.75);
  EXPECT_NE(learner.q(s, 0), 1.75);
  for (double w : learner.weights(1)) EXPECT_EQ(w, 1.0);
}

// theta = 1 everywhere; s = (0, 1), a = 0: Q = 1 + 0.5 = 1.5; s' = (1, 0),
// a' = 1: Q = 0.5 + 1 = 1.5; r = 1, gamma 0.9: delta = 1 + 1.35 - 1.5 = 0.85;
// alpha 0.5: theta[0] += 0.5 * 0.85 * (1, 0.5) = (1.425, 1.2125).
TEST(LinearSarsaTest, TdUpdateWorkedByHand) {
  LinearSarsa learner(2, 2, 2.0);
  const std::vector<uint8_t> s{0, 1}, s_next{1, 0};
  EXPECT_DOUBLE_EQ(learner.update(s, 0, 1.0, s_next, 1, 0.5, 0.9), 0.85);
  EXPECT_DOUBLE_EQ(learner.weights(0)[0], 1.425);
  EXPECT_DOUBLE_EQ(learner.weights(0)[1], 1.2125);
  EXPECT_DOUBLE_EQ(learner.weights(1)[0], 1.0);
  learner.reset();
  EXPECT_DOUBLE_EQ(learner.weights(0)[0], 1.0);
}

// The same step in the RTL's arithmetic with 4 fraction bits (units of
// 1/16), rates cut to 16 bits, every shift and product rounded down:
// Q = Q' = 24; gamma 0.9 -> 58982: 58982 * 24 >> 16 = 21; delta = 16 + 21 -
// 24 = 13 (0.8125, not 0.85); alpha 0.5: step 13 / 2 = 6; theta[0] = (16 + 6,
// 16 + 6 >> 1) = (1.375, 1.1875).
TEST(LinearSarsaTest, FixedPointTdUpdateRoundsDown) {
  LinearSarsa learner(2, 2, 2.0, FixedPoint{4});
  const std::vector<uint8_t> s{0, 1}, s_next{1, 0};
  EXPECT_EQ(LinearSarsa::rate_register(0.9), 58982u);
  EXPECT_DOUBLE_EQ(learner.update(s, 0, 1.0, s_next, 1, 0.5, 0.9), 0.8125);
  EXPECT_DOUBLE_EQ(learner.weights(0)[0], 1.375);
  EXPECT_DOUBLE_EQ(learner.weights(0)[1], 1.1875);
  EXPECT_THROW(learner.update(s, 0, 0.5, s_next, 1, 0.5, 0.9), scwarp::Error) << "rewards must be whole numbers";
}

// Sec. IV.D: "For 7 state variables each with 4 buckets and 5 actions, the
// Q value table size is 81920"; Sec. IV.I: "as RLWS used 8 state variables
// and 5 actions, it needs 52 registers (208 bytes)".
TEST(RlStorage, PaperFigures) {
  EXPECT_EQ(q_table_entries(parse_state_attrs("NIW:4,NSW:4,NFSFI:4,NFMI:4,NRSPI:4,NRGMI:4,NRSTCMI:4"), 5), 81920u);
  EXPECT_EQ(paper_storage_registers(8, 5), 52u);
  EXPECT_EQ(paper_storage_registers(8, 5) * 4, 208u);
  testing::ScriptedSm sm(8, 2);
  RlwsPolicy rlws(sm.context());
  RlwsMsPolicy rlws_ms(sm.context());
  EXPECT_EQ(paper_storage_registers(rlws.learner().variables(), rlws.learner().actions()), 52u) << "Table V";
  EXPECT_EQ(paper_storage_registers(rlws_ms.learner().variables(), rlws_ms.learner().actions()), 46u)
      << "Table VIII: 184 bytes";
}

// One scheduler, warp 0 with an SP instruction, warp 1 with an SFU one;
// greedy (epsilon 0, no decay), state from RSPI and RSFI only.
class RlwsScripted : public ::testing::Test {
 protected:
  RlwsScripted() : sm(2, 1) {
    set("rlws_epsilon", "0");
    set("rlws_decay_cycles", "0");
    set("rlws_attributes", "RSPI:2,RSFI:2");
    sm.launch_tb(0, 0, 2, 0, 0);
    sm.warp(0).ibuffer_count = sm.warp(1).ibuffer_count = 1;
    sm.warp(1).head_unit = IssueUnit::Sfu;
  }
  void set(const std::string& name, const std::string& value) { sm.cfg.policy_options[name] = value; }
  // One cycle: the order, and the issue of its first warp when `issues` says so.
  Order step(RlwsPolicy& policy, bool (*issues)(uint32_t warp)) {
    sm.next_cycle();
    Order order = sm.order(policy, 0);
    if (!order.empty() && issues(order[0])) sm.issue(policy, order[0]);
    return order;
  }
  testing::ScriptedSm sm;
};

// Only the SFU warp's issue goes through (the test plays a pipeline whose
// SP instruction never leaves); optimistic weights make the learner try SP
// first (Q ties go to the lowest action), then learn that SFU pays.
TEST_F(RlwsScripted, LearningMovesTheChoiceToTheActionThatIssues) {
  set("rlws_initial_q", "10");
  RlwsPolicy policy(sm.context());
  const auto only_sfu = [](uint32_t warp) { return warp == 1; };
  EXPECT_EQ(step(policy, only_sfu), (Order{0})) << "first choice: SP_INSTR";
  EXPECT_EQ(policy.last_action(0), RlwsPolicy::SpInstr);
  for (int i = 0; i < 50; ++i) step(policy, only_sfu);
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(step(policy, only_sfu), (Order{1}));
    EXPECT_EQ(policy.last_action(0), RlwsPolicy::SfuInstr);
  }
}

// Stalls rewarded (penalty 1, reward 0): the learner comes to prefer
// NO_INSTR, but never takes it twice in a row while a warp could issue.
TEST_F(RlwsScripted, NoInstrIsNeverRepeatedWhileAnotherActionIsPossible) {
  set("rlws_reward", "0");
  set("rlws_penalty", "1");
  set("rlws_initial_q", "0");
  set("rlws_epsilon", "0.2");  // explore, or NO_INSTR is never tried
  RlwsPolicy policy(sm.context());
  const auto always = [](uint32_t) { return true; };
  uint32_t previous = kNoWarp, no_instr = 0;
  for (int i = 0; i < 200; ++i) {
    const Order order = step(policy, always);
    const uint32_t action = policy.last_action(0);
    EXPECT_EQ(order.empty(), action == RlwsPolicy::NoInstr);
    EXPECT_FALSE(action == RlwsPolicy::NoInstr && previous == RlwsPolicy::NoInstr) << "cycle " << i;
    no_instr += action == RlwsPolicy::NoInstr;
    previous = action;
  }
  EXPECT_GT(no_instr, 50u) << "the learner does prefer not issuing here";
  // With nothing able to issue, NO_INSTR is the only action, every cycle.
  sm.warp(0).wait = sm.warp(1).wait = WarpWait::Data;
  for (int i = 0; i < 3; ++i) {
    EXPECT_TRUE(step(policy, always).empty());
    EXPECT_EQ(policy.last_action(0), RlwsPolicy::NoInstr);
  }
}

// The warp issued in the last cycle keeps going if it matches the action;
// else the oldest matching warp goes first.
TEST_F(RlwsScripted, LastCyclesWarpFirstWhenItMatchesElseTheOldest) {
  sm.warp(1).head_unit = IssueUnit::Sp;
  RlwsPolicy policy(sm.context());
  const auto always = [](uint32_t) { return true; };
  EXPECT_EQ(step(policy, always), (Order{0, 1}));
  sm.next_cycle();  // a cycle without a decision: warp 0 was not issued in the last one
  sm.issue(policy, 1);
  EXPECT_EQ(step(policy, always), (Order{1, 0}));
  EXPECT_EQ(step(policy, always), (Order{1, 0}));
}

// Repeated calls in one cycle (CFF, snapshots) return the decision already made.
TEST_F(RlwsScripted, OneDecisionPerCycle) {
  set("rlws_epsilon", "1");  // every decision random
  RlwsPolicy policy(sm.context());
  for (int i = 0; i < 20; ++i) {
    sm.next_cycle();
    const Order first = sm.order(policy, 0);
    EXPECT_EQ(sm.order(policy, 0), first);
  }
}

// Meta-actions (Table IX) order every live warp; Youngest Barrier only
// where a sibling waits at a barrier.
TEST(RlwsMs, MetaActionsOrderTheSchedulersWarps) {
  testing::ScriptedSm sm(4, 1);
  sm.cfg.policy_options["rlws_ms_epsilon"] = "0";
  sm.launch_tb(0, 0, 2, 0, 0);
  sm.launch_tb(1, 2, 2, 5, 1);
  RlwsMsPolicy policy(sm.context());
  sm.next_cycle();
  EXPECT_EQ(sm.order(policy, 0), (std::vector<uint32_t>{0, 1, 2, 3})) << "ties go to GTO: oldest first";
  EXPECT_EQ(policy.last_action(0), RlwsMsPolicy::Gto);
}

}  // namespace
}  // namespace scwarp::sched
