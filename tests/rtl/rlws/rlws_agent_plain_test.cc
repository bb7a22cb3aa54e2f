// rlws_agent with NO_INSTR_RULE = 0, as rlws_ms_top builds it (N=7, A=5,
// INIT = floor(1250 / 7 * 2^16)): what that parameter changes, the possible
// actions, against RlPolicy::choose's rule. Every action is possible when
// ready_i says so and all are when none is; the draw explores the k-th
// possible one (k = (low 16 LFSR bits x count) >> 16), the greedy choice
// is the first possible one of highest Q. The datapath it shares with
// RLWS's agent is RlwsAgent.*'s and the co-simulation's (lockstep) to check.
#include <gtest/gtest.h>

#include <bit>
#include <memory>
#include <set>
#include <string>

#include "Vrlws_agent_plain.h"

namespace {

constexpr unsigned kA = 5, kOne = 1u << 16;

class PlainAgentBench {
 public:
  explicit PlainAgentBench(uint32_t eps) {
    rtl_->clk_i = 0;
    rtl_->rst_ni = 1;
    rtl_->eval();
    rtl_->rst_ni = 0;
    rtl_->eval();
    rtl_->rst_ni = 1;
    rtl_->cfg_valid_i = 1;
    rtl_->alpha_i = kOne / 16;
    rtl_->gamma_i = kOne / 2;
    rtl_->eps_i = eps;
    clock();
    rtl_->cfg_valid_i = 0;
  }
  ~PlainAgentBench() { rtl_->final(); }

  // Scheduler 0 decides on the all-zero state with `ready`; its previous
  // step earns nothing. Returns the action.
  unsigned decide(unsigned ready) {
    rtl_->dec_valid_i = 1;
    rtl_->dec_sched_i = 0;
    rtl_->ready_i = ready;
    rtl_->state_i = 0;
    rtl_->eval();
    const unsigned action = rtl_->action_o;
    if (rtl_->explore_o) check_draw(ready, action);
    clock();
    rtl_->dec_valid_i = 0;
    return action;
  }
  unsigned mismatches() const { return mismatches_; }
  const std::string& first() const { return first_; }

 private:
  void check_draw(unsigned ready, unsigned action) {
    const unsigned possible = ready ? ready : (1u << kA) - 1;
    unsigned k = unsigned((uint64_t(rtl_->lfsr_o & 0xffff) * unsigned(std::popcount(possible))) >> 16);
    unsigned want = kA;
    for (unsigned a = 0; a < kA && want == kA; ++a)
      if ((possible >> a & 1) && k-- == 0) want = a;
    if (action != want && mismatches_++ == 0)
      first_ = "ready " + std::to_string(ready) + ": explored " + std::to_string(action) + ", rule " +
               std::to_string(want);
  }
  void clock() {
    rtl_->clk_i = 1;
    rtl_->eval();
    rtl_->clk_i = 0;
    rtl_->eval();
  }

  unsigned mismatches_ = 0;
  std::string first_;
  std::unique_ptr<VerilatedContext> ctx_ = std::make_unique<VerilatedContext>();
  std::unique_ptr<Vrlws_agent_plain> rtl_ = std::make_unique<Vrlws_agent_plain>(ctx_.get());
};

// Epsilon 1: every decision is the draw. Nothing ready: all five come up
// (an agent that kept the empty mask would always give action 0).
TEST(RlwsAgentPlain, ExploresTheReadyActionsOrAllWhenNoneIs) {
  PlainAgentBench bench(kOne);
  std::set<unsigned> none_ready, two_ready;
  for (unsigned k = 0; k < 200; ++k) {
    none_ready.insert(bench.decide(0));
    two_ready.insert(bench.decide(0b01010));
  }
  EXPECT_EQ(bench.mismatches(), 0u) << bench.first();
  EXPECT_EQ(none_ready, (std::set<unsigned>{0, 1, 2, 3, 4}));
  EXPECT_EQ(two_ready, (std::set<unsigned>{1, 3}));
}

// Epsilon 0: the greedy choice. Every Q is initial_q: ties go to the lowest
// possible action, the last one included (no NO_INSTR). Action 0 never
// issues, so its Q falls and, with nothing ready, action 1 takes over.
TEST(RlwsAgentPlain, GreedyIsTheFirstPossibleActionOfHighestQ) {
  PlainAgentBench bench(0);
  EXPECT_EQ(bench.decide(0b10000), 4u);
  EXPECT_EQ(bench.decide(0b11000), 3u);
  EXPECT_EQ(bench.decide(0b00111), 0u);
  unsigned zeros = 0;
  while (bench.decide(0) == 0 && zeros < 100) ++zeros;
  EXPECT_GT(zeros, 0u);
  EXPECT_LT(zeros, 100u);
  EXPECT_EQ(bench.decide(0), 1u);
  EXPECT_EQ(bench.decide(0b00001), 0u);  // only 0 ready: taken whatever its Q
}

}  // namespace
