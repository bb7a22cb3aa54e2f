// rlws_agent against the golden learner in the hardware's arithmetic
// (LinearSarsa with FixedPoint{16}): each decision LinearSarsa is loaded
// with the RTL's weights, the RTL's action is checked against RlwsPolicy's
// possible actions and RlPolicy::choose's LFSR rule (explore when the top
// 16 bits are below epsilon: the k-th possible action; else the first of
// highest Q), and its TD update against LinearSarsa::update, bit for bit.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "Vrlws_agent.h"
#include "tb/cosim/verilated_bits.h"
#include "tests/rtl/rlws/rlws_rtl_probe.h"

namespace {

using scwarp::cosim::get_field;
using scwarp::cosim::put_field;
using namespace scwarp::sched;

constexpr unsigned kN = 8, kA = 5, kS = 2, kVW = 3, kTW = 32, kFW = 16, kRW = 16;
constexpr double kLsb = 1.0 / (1u << kFW);
constexpr uint32_t kOne = 1u << kRW;
// Rates the RW-bit registers hold exactly, near Table V's 0.09, 0.95, 0.04.
constexpr uint32_t kAlpha = 6144, kGamma = 62259, kEps = 2621;
constexpr double rate(uint32_t r) { return double(r) / kOne; }

// An asynchronous reset needs a falling edge: high, low, high.
template <typename V>
void reset(V& rtl) {
  rtl.clk_i = 0;
  rtl.rst_ni = 1;
  rtl.eval();
  rtl.rst_ni = 0;
  rtl.eval();
  rtl.rst_ni = 1;
  rtl.eval();
}

struct Decision {
  unsigned sched;
  std::vector<uint8_t> state;
  unsigned ready;  // bit a: pipeline action a has a warp that can issue
  bool issue;      // the scheduler issues after deciding
};

class AgentBench {
 public:
  explicit AgentBench(double golden_gamma = rate(kGamma)) : gamma_(golden_gamma) {
    for (unsigned w = 0; w < 4; ++w) {
      warps_[w].slot = w;
      warps_[w].valid = true;
      set_class(warps_[w], w);
    }
    sm_.schedulers = kS;
    sm_.warps = warps_;
    sm_.tbs = tbs_;
    reset(*rtl_);
    rtl_->seed_valid_i = 0;
    rtl_->cfg_valid_i = 1;
    rtl_->alpha_i = kAlpha;
    rtl_->gamma_i = kGamma;
    rtl_->eps_i = kEps;
    clock();
    rtl_->cfg_valid_i = 0;
  }
  ~AgentBench() { rtl_->final(); }
  void set_epsilon(uint32_t eps) {
    eps_ = eps;
    rtl_->cfg_valid_i = 1;
    rtl_->eps_i = eps;
    rtl_->dec_valid_i = 0;
    clock();
    rtl_->cfg_valid_i = 0;
  }

  // One decision, compared; returns the RTL's action.
  unsigned decide(const Decision& d) {
    rtl_->dec_valid_i = 1;
    rtl_->dec_sched_i = d.sched;
    rtl_->ready_i = d.ready;
    rtl_->issue_i = d.issue ? 1u << d.sched : 0;
    rtl_->restart_i = 0;
    for (unsigned i = 0; i < kN; ++i) put_field(rtl_->state_i, i * kVW, kVW, d.state[i]);
    rtl_->eval();
    load_golden();
    const unsigned action = rtl_->action_o;
    check_action(d, possible(d), action);
    Prev& p = prev_[d.sched];
    if (p.valid) golden_.update(p.state, p.action, p.issued ? 1.0 : 0.0, d.state, action, rate(kAlpha), gamma_);
    clock();
    check_weights();
    p = Prev{true, action, d.state, d.issue};
    ++decisions_;
    return action;
  }
  void restart() {
    rtl_->dec_valid_i = 0;
    rtl_->restart_i = 1;
    clock();
    rtl_->restart_i = 0;
    for (Prev& p : prev_) p.valid = false;
    for (unsigned a = 0; a < kA; ++a)
      for (unsigned i = 0; i < kN; ++i) expect_equal(theta(a, i), 25.0 / kN, "initial weight after restart");
  }

  unsigned mismatches() const { return mismatches_; }
  const std::string& first() const { return first_; }
  unsigned explored() const { return explored_; }
  unsigned decisions() const { return decisions_; }
  double theta(unsigned a, unsigned i) const {
    const uint64_t raw = get_field(rtl_->theta_o, (a * kN + i) * kTW, kTW);
    return double(int32_t(uint32_t(raw))) * kLsb;
  }

 private:
  struct Prev {
    bool valid = false;
    unsigned action = 0;
    std::vector<uint8_t> state;
    bool issued = false;
  };

  void clock() {
    rtl_->clk_i = 1;
    rtl_->eval();
    rtl_->clk_i = 0;
    rtl_->eval();
  }
  void load_golden() {
    for (unsigned a = 0; a < kA; ++a) {
      std::vector<double> w(kN);
      for (unsigned i = 0; i < kN; ++i) w[i] = theta(a, i);
      golden_.set_weights(a, w);
    }
  }
  RlPolicy::ActionMask possible(const Decision& d) {
    for (unsigned w = 0; w < 4; ++w) warps_[w].wait = (d.ready >> w & 1) ? WarpWait::Ready : WarpWait::Data;
    RlwsProbe::Step step;
    if (prev_[d.sched].valid) step.action = prev_[d.sched].action;
    const uint32_t all[] = {0, 1, 2, 3};
    return probe_.possible_actions(sm_, step, all);
  }
  void check_action(const Decision& d, RlPolicy::ActionMask mask, unsigned action) {
    const uint32_t r = uint32_t(rtl_->lfsr_o);
    const bool explore = (r >> 16) < eps_;
    expect_equal(rtl_->explore_o, explore, "explore decision");
    if (explore) {
      ++explored_;
      unsigned k = unsigned((uint64_t(r & 0xffff) * unsigned(std::popcount(mask))) >> 16);
      for (unsigned a = 0; a < kA; ++a)
        if ((mask >> a & 1) && k-- == 0) return expect_equal(action, a, "explored action");
    }
    unsigned best = kA;
    double best_q = 0;
    for (unsigned a = 0; a < kA; ++a) {
      const double q = golden_.q(d.state, a);
      if ((mask >> a & 1) && (best == kA || q > best_q)) best = a, best_q = q;
    }
    expect_equal(action, best, "greedy action");
  }
  void check_weights() {
    for (unsigned a = 0; a < kA; ++a)
      for (unsigned i = 0; i < kN; ++i)
        if (theta(a, i) != golden_.weights(a)[i]) fail("weight " + std::to_string(a) + "," + std::to_string(i));
  }
  template <typename X, typename Y>
  void expect_equal(X rtl, Y golden, const char* what) {
    if (rtl != X(golden)) fail(what);
  }
  void fail(const std::string& what) {
    if (mismatches_++ == 0) first_ = "decision " + std::to_string(decisions_) + ": " + what;
  }

  double gamma_;
  uint32_t eps_ = kEps;
  scwarp::config::GpuConfig cfg_;
  RlwsProbe probe_{PolicyContext{cfg_, 0, 4, 1, kS}};
  std::vector<WarpView> warps_ = std::vector<WarpView>(4);
  std::vector<TbView> tbs_ = std::vector<TbView>(1);
  SmView sm_;
  LinearSarsa golden_{kN, kA, 25.0, FixedPoint{kFW}};
  Prev prev_[kS];
  unsigned mismatches_ = 0, explored_ = 0, decisions_ = 0;
  std::string first_;
  std::unique_ptr<VerilatedContext> ctx_ = std::make_unique<VerilatedContext>();
  std::unique_ptr<Vrlws_agent> rtl_ = std::make_unique<Vrlws_agent>(ctx_.get());
};

Decision zero_state(unsigned sched, unsigned ready, bool issue) {
  return Decision{sched, std::vector<uint8_t>(kN, 0), ready, issue};
}

// Runs `n` random decisions, the schedulers taking turns, with a restart now and then.
void run_random(AgentBench& bench, uint32_t seed, unsigned n) {
  std::mt19937 rng(seed);
  for (unsigned k = 0; k < n; ++k) {
    if (rng() % 1000 == 0) bench.restart();
    Decision d{k % kS, std::vector<uint8_t>(kN), unsigned(rng() % 16), rng() % 4 != 0};
    for (uint8_t& v : d.state) v = uint8_t(rng() % 8);
    bench.decide(d);
  }
}

TEST(RlwsAgent, InitialTiesGoToTheLowestPossibleAction) {
  AgentBench bench;
  bench.set_epsilon(0);
  // Every Q is initial_q = 25: SFU wins over NO_INSTR, then GMEM over STCMEM.
  EXPECT_EQ(bench.decide(zero_state(0, 0b0010, false)), RlwsPolicy::SfuInstr);
  EXPECT_EQ(bench.decide(zero_state(1, 0b1100, false)), RlwsPolicy::GmemInstr);
  EXPECT_EQ(bench.mismatches(), 0u) << bench.first();
}

TEST(RlwsAgent, NoInstrNotTwiceInARowWhileAnotherIsPossible) {
  AgentBench bench;
  bench.set_epsilon(0);
  // SP is chosen (tie, lowest) but never issues: reward 0 lowers its Q
  // below NO_INSTR's untouched 25 until NO_INSTR wins.
  unsigned sp = 0;
  while (bench.decide(zero_state(0, 0b0001, false)) == RlwsPolicy::SpInstr) ++sp;
  EXPECT_GT(sp, 1u);
  EXPECT_LT(bench.theta(RlwsPolicy::SpInstr, 0), bench.theta(RlwsPolicy::NoInstr, 0));
  // NO_INSTR has the higher Q but was taken last: SP.
  EXPECT_EQ(bench.decide(zero_state(0, 0b0001, false)), RlwsPolicy::SpInstr);
  // With nothing ready NO_INSTR may follow NO_INSTR.
  EXPECT_EQ(bench.decide(zero_state(0, 0, false)), RlwsPolicy::NoInstr);
  EXPECT_EQ(bench.decide(zero_state(0, 0, false)), RlwsPolicy::NoInstr);
  EXPECT_EQ(bench.mismatches(), 0u) << bench.first();
}

TEST(RlwsAgent, ShiftedFeaturesUpdateEachWeightByItsShift) {
  AgentBench bench;
  bench.set_epsilon(0);
  Decision d = zero_state(0, 0b0001, true);
  for (unsigned i = 0; i < kN; ++i) d.state[i] = uint8_t(i);  // features 2^0 .. 2^-7
  bench.decide(d);
  bench.decide(zero_state(0, 0b0001, true));  // learns d's step: reward 1
  // delta = 1 + gamma * 25 - Q(d): positive; weight i moved by alpha delta 2^-i.
  const double w0 = bench.theta(RlwsPolicy::SpInstr, 0) - 25.0 / kN;
  EXPECT_GT(w0, 0);
  for (unsigned i = 1; i < kN; ++i)
    EXPECT_NEAR(bench.theta(RlwsPolicy::SpInstr, i) - 25.0 / kN, std::ldexp(w0, -int(i)), kLsb) << i;
  EXPECT_EQ(bench.mismatches(), 0u) << bench.first();
}

TEST(RlwsAgent, RandomMatchesLinearSarsa) {
  for (uint32_t seed : {1u, 2u, 3u, 4u}) {
    AgentBench bench;
    run_random(bench, seed, 6000);
    EXPECT_EQ(bench.mismatches(), 0u) << "seed " << seed << ": " << bench.first();
    // Epsilon 0.04 from the LFSR: within 5 sigma of 240 in 6000.
    EXPECT_NEAR(bench.explored(), 240, 5 * std::sqrt(6000 * 0.04 * 0.96)) << "seed " << seed;
  }
}

// The bench can fail: a golden learner with another discount factor.
TEST(RlwsAgent, NegativeSelfCheckWrongGammaIsCaught) {
  AgentBench bench(0.5);
  run_random(bench, 1, 200);
  EXPECT_GT(bench.mismatches(), 0u);
}

}  // namespace
