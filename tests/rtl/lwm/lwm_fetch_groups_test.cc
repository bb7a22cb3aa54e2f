// lwm_fetch_groups against sched::TwoLevelFetchPolicy (fetch width 1, one
// SM-wide set of groups): the paper's LWM + two-level configuration (groups
// of one large warp, 4 slots, the 32K timeout) and 8 slots in groups of 2
// with a timeout of 5, each with seeded random fetchable sets and long
// waits; a directed case for the timeout; a self-check that a golden model
// with other groups is told apart.
#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "Vlwm_fetch_groups.h"
#include "Vlwm_fetch_groups_g2.h"
#include "sc_model/sched/lrr_policy.h"
#include "sc_model/sched/two_level_fetch_policy.h"
#include "scripted_sm.h"

namespace scwarp::sched {
namespace {

template <typename V>
class Harness {
 public:
  // `group_size` and `timeout` configure the golden model; the RTL has its
  // Verilator parameters (the self-check makes them differ).
  Harness(unsigned slots, unsigned group_size, unsigned timeout) : sm_(slots, 1), slots_(slots) {
    sm_.cfg.policy_options["scwarp_two_level_group_size"] = std::to_string(group_size);
    sm_.cfg.policy_options["scwarp_two_level_timeout"] = std::to_string(timeout);
    sm_.launch_tb(0, 0, slots, 0, 0);
    golden_ = std::make_unique<TwoLevelFetchPolicy>(sm_.context());
    issue_ = std::make_unique<LrrPolicy>(sm_.context());
    rtl_ = std::make_unique<V>(ctx_.get());
    rtl_->clk_i = 0;
    rtl_->rst_ni = 0;
    rtl_->eval();
    rtl_->rst_ni = 1;
    rtl_->eval();
  }
  ~Harness() { rtl_->final(); }

  testing::ScriptedSm& sm() { return sm_; }

  // One fetch cycle: the fetchable slots in `fetchable` (bit per slot);
  // `fetch`: the chosen warp's fetch starts. Returns the golden choice.
  uint32_t cycle(uint32_t fetchable, bool fetch) {
    sm_.next_cycle();
    const SmView& view = sm_.view();
    std::vector<uint32_t> candidates;
    uint32_t waits = 0;
    for (uint32_t w = 0; w < slots_; ++w) {
      if (fetchable >> w & 1) candidates.push_back(w);
      waits |= uint32_t(waits_long(view.warps[w])) << w;
    }
    rtl_->choose_i = !candidates.empty();
    rtl_->fetchable_i = fetchable;
    rtl_->waits_long_i = waits;
    rtl_->fetch_i = 0;
    uint32_t choice = kNoWarp;
    if (!candidates.empty()) choice = golden_->choose(view, candidates, *issue_);
    rtl_->eval();
    const bool valid = choice != kNoWarp;
    check(rtl_->choice_valid_o == valid && (!valid || rtl_->choice_o == choice), choice);
    ++compared;
    if (valid && fetch) {
      golden_->on_fetch(view, choice);
      rtl_->fetch_i = 1;
      rtl_->fetch_warp_i = choice;
    }
    rtl_->clk_i = 1;
    rtl_->eval();
    rtl_->clk_i = 0;
    rtl_->eval();
    ++cycle_;
    return choice;
  }

  uint64_t compared = 0, mismatches = 0;
  std::string first_mismatch;

 private:
  void check(bool ok, uint32_t expected) {
    if (ok || mismatches++ != 0) return;
    std::ostringstream m;
    m << "cycle " << cycle_ << ": RTL chose " << (rtl_->choice_valid_o ? std::to_string(rtl_->choice_o) : "none")
      << ", the golden model " << (expected == kNoWarp ? "none" : std::to_string(expected));
    first_mismatch = m.str();
  }

  testing::ScriptedSm sm_;
  uint32_t slots_;
  uint64_t cycle_ = 0;
  std::unique_ptr<TwoLevelFetchPolicy> golden_;
  std::unique_ptr<LrrPolicy> issue_;
  std::unique_ptr<VerilatedContext> ctx_ = std::make_unique<VerilatedContext>();
  std::unique_ptr<V> rtl_;
};

// Random fetchable sets and long waits (memory, barrier, empty slots).
template <typename V>
void run_random(Harness<V>& h, unsigned slots, uint32_t seed, int cycles) {
  std::mt19937 rng(seed);
  for (int c = 0; c < cycles; ++c) {
    for (uint32_t w = 0; w < slots; ++w) {
      if (rng() % 8 != 0) continue;
      switch (rng() % 3) {
        case 0: h.sm().make_ready(w); break;
        case 1: h.sm().wait_on_memory(w); break;
        default: h.sm().warp(w).wait = WarpWait::Barrier; break;
      }
    }
    uint32_t fetchable = 0;
    for (uint32_t w = 0; w < slots; ++w) fetchable |= uint32_t(rng() % 3 == 0) << w;
    h.cycle(fetchable, rng() % 4 != 0);
  }
}

// Groups of 2, timeout 5: with every warp ready, the priority moves after
// five fetches from the prioritised group.
TEST(LwmFetchGroups, TimeoutMovesThePriority) {
  Harness<Vlwm_fetch_groups_g2> h(8, 2, 5);
  std::vector<uint32_t> chosen;
  for (int c = 0; c < 12; ++c) chosen.push_back(h.cycle(0xff, true));
  EXPECT_EQ(chosen, (std::vector<uint32_t>{0, 1, 0, 1, 0, 2, 3, 2, 3, 2, 4, 5}));
  EXPECT_EQ(h.mismatches, 0u) << h.first_mismatch;
}

// A group whose warps all wait long gives way at once.
TEST(LwmFetchGroups, StalledGroupGivesWay) {
  Harness<Vlwm_fetch_groups_g2> h(8, 2, 5);
  h.sm().wait_on_memory(0);
  h.sm().wait_on_memory(1);
  EXPECT_EQ(h.cycle(0xff, true), 2u);
  EXPECT_EQ(h.mismatches, 0u) << h.first_mismatch;
}

class LwmFetchGroupsRandom : public ::testing::TestWithParam<uint32_t> {};

TEST_P(LwmFetchGroupsRandom, PaperConfigurationMatchesGoldenModel) {
  Harness<Vlwm_fetch_groups> h(4, 1, 32768);
  run_random(h, 4, GetParam(), 20000);
  EXPECT_EQ(h.mismatches, 0u) << h.first_mismatch;
  EXPECT_EQ(h.compared, 20000u);
}

TEST_P(LwmFetchGroupsRandom, GroupsOfTwoWithTimeoutMatchGoldenModel) {
  Harness<Vlwm_fetch_groups_g2> h(8, 2, 5);
  run_random(h, 8, GetParam(), 20000);
  EXPECT_EQ(h.mismatches, 0u) << h.first_mismatch;
  EXPECT_EQ(h.compared, 20000u);
}

INSTANTIATE_TEST_SUITE_P(Seeds, LwmFetchGroupsRandom, ::testing::Values(1u, 2u, 3u, 42u));

// The checker can fail: the golden model with groups of 4 orders the warps
// otherwise than the RTL's groups of 2.
TEST(LwmFetchGroupsSelfCheck, DetectsOtherGroups) {
  Harness<Vlwm_fetch_groups_g2> h(8, 4, 5);
  run_random(h, 8, 5, 2000);
  EXPECT_GT(h.mismatches, 0u);
  EXPECT_NE(h.first_mismatch.find("the golden model"), std::string::npos);
}

}  // namespace
}  // namespace scwarp::sched
