// rlws_agent against the golden learner in the hardware's arithmetic
// (LinearSarsa with FixedPoint{16}): each edge LinearSarsa is loaded with
// the RTL's weights, each port's action is checked against RlwsPolicy's
// possible actions and RlPolicy::choose's LFSR rule (explore when the top
// 16 bits are below epsilon: the k-th possible action; else the first of
// highest Q), and the TD updates against LinearSarsa::update, bit for bit.
// The one-port block (P = 1, the co-simulation's transaction-level block)
// takes one decision per edge; the P = 2 block (cycle-timed) both
// schedulers' decisions in one edge, from the weights at its start, with
// the steps of two updates of one action added.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "Vrlws_agent.h"
#include "Vrlws_agent_p2.h"
#include "tb/cosim/verilated_bits.h"
#include "tests/rtl/rlws/rlws_rtl_probe.h"

namespace {

using scwarp::cosim::get_field;
using scwarp::cosim::put_field;
using namespace scwarp::sched;

constexpr unsigned kN = 8, kA = 5, kS = 2, kVW = 3, kTW = 32, kFW = 16, kRW = 16, kSW = 1, kAW = 3;
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
// One edge's decisions: entry p for port p, if it decides.
using Edge = std::vector<std::optional<Decision>>;

// How the golden model applies an edge's updates: each from the weights at
// the edge's start with the steps added (the RTL's rule), or one after the
// other (a scheduler's update reading the other's: the negative check).
enum class Updates { Summed, Sequential };

template <typename V, unsigned P>
class AgentBench {
 public:
  explicit AgentBench(double golden_gamma = rate(kGamma), Updates updates = Updates::Summed)
      : gamma_(golden_gamma), updates_(updates) {
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

  // One decision on port 0, compared; returns the RTL's action.
  unsigned decide(const Decision& d) { return decide_edge(Edge{d})[0]; }

  // One edge of decisions, compared; returns each port's action (kA: none).
  std::vector<unsigned> decide_edge(const Edge& edge) {
    drive(edge);
    rtl_->eval();
    load_golden();
    std::vector<unsigned> actions(P, kA);
    uint32_t draw = uint32_t(rtl_->lfsr_o);  // port p's: stepped once per decision below it
    for (unsigned p = 0; p < edge.size(); ++p) {
      if (!edge[p]) continue;
      actions[p] = unsigned(get_field(rtl_->action_o, p * kAW, kAW));
      check_action(*edge[p], possible(*edge[p]), actions[p], draw, get_field(rtl_->explore_o, p, 1) != 0);
      draw = lfsr_step(draw);
    }
    learn(edge, actions);
    clock();
    check_weights();
    expect_equal(uint32_t(rtl_->lfsr_o), draw, "LFSR stepped once per decision");
    for (unsigned p = 0; p < edge.size(); ++p) {
      if (!edge[p]) continue;
      prev_[edge[p]->sched] = Prev{true, actions[p], edge[p]->state, edge[p]->issue};
      ++decisions_;
    }
    return actions;
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

  void drive(const Edge& edge) {
    rtl_->dec_valid_i = 0;
    rtl_->issue_i = 0;
    rtl_->restart_i = 0;
    for (unsigned p = 0; p < edge.size(); ++p) {
      if (!edge[p]) continue;
      const Decision& d = *edge[p];
      put_field(rtl_->dec_valid_i, p, 1, 1);
      put_field(rtl_->dec_sched_i, p * kSW, kSW, d.sched);
      put_field(rtl_->ready_i, p * (kA - 1), kA - 1, d.ready);
      if (d.issue) put_field(rtl_->issue_i, d.sched, 1, 1);
      for (unsigned i = 0; i < kN; ++i) put_field(rtl_->state_i, (p * kN + i) * kVW, kVW, d.state[i]);
    }
  }
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
  // The golden weights after the edge: each deciding scheduler's previous
  // step learnt with its new decision as (s', a'). Summed, each update
  // starts from the edge's weights and the changes add (LinearSarsa
  // saturates each one; the sums here never come near the limits).
  void learn(const Edge& edge, const std::vector<unsigned>& actions) {
    const LinearSarsa start = golden_;
    for (unsigned p = 0; p < edge.size(); ++p) {
      if (!edge[p] || !prev_[edge[p]->sched].valid) continue;
      const Prev& s = prev_[edge[p]->sched];
      const double r = s.issued ? 1.0 : 0.0;
      if (updates_ == Updates::Sequential) {
        golden_.update(s.state, s.action, r, edge[p]->state, actions[p], rate(kAlpha), gamma_);
        continue;
      }
      LinearSarsa one = start;
      one.update(s.state, s.action, r, edge[p]->state, actions[p], rate(kAlpha), gamma_);
      std::vector<double> w(golden_.weights(s.action).begin(), golden_.weights(s.action).end());
      for (unsigned i = 0; i < kN; ++i) w[i] += one.weights(s.action)[i] - start.weights(s.action)[i];
      golden_.set_weights(s.action, w);
    }
  }
  RlPolicy::ActionMask possible(const Decision& d) {
    for (unsigned w = 0; w < 4; ++w) warps_[w].wait = (d.ready >> w & 1) ? WarpWait::Ready : WarpWait::Data;
    RlwsProbe::Step step;
    if (prev_[d.sched].valid) step.action = prev_[d.sched].action;
    const uint32_t all[] = {0, 1, 2, 3};
    return probe_.possible_actions(sm_, step, all);
  }
  void check_action(const Decision& d, RlPolicy::ActionMask mask, unsigned action, uint32_t draw, bool rtl_explore) {
    const bool explore = (draw >> 16) < eps_;
    expect_equal(rtl_explore, explore, "explore decision");
    if (explore) {
      ++explored_;
      unsigned k = unsigned((uint64_t(draw & 0xffff) * unsigned(std::popcount(mask))) >> 16);
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
  Updates updates_;
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
  std::unique_ptr<V> rtl_ = std::make_unique<V>(ctx_.get());
};

using OnePortBench = AgentBench<Vrlws_agent, 1>;
using CycleBench = AgentBench<Vrlws_agent_p2, 2>;

Decision zero_state(unsigned sched, unsigned ready, bool issue) {
  return Decision{sched, std::vector<uint8_t>(kN, 0), ready, issue};
}

// Runs `n` random decisions, the schedulers taking turns, with a restart now and then.
void run_random(OnePortBench& bench, uint32_t seed, unsigned n) {
  std::mt19937 rng(seed);
  for (unsigned k = 0; k < n; ++k) {
    if (rng() % 1000 == 0) bench.restart();
    Decision d{k % kS, std::vector<uint8_t>(kN), unsigned(rng() % 16), rng() % 4 != 0};
    for (uint8_t& v : d.state) v = uint8_t(rng() % 8);
    bench.decide(d);
  }
}

TEST(RlwsAgent, InitialTiesGoToTheLowestPossibleAction) {
  OnePortBench bench;
  bench.set_epsilon(0);
  // Every Q is initial_q = 25: SFU wins over NO_INSTR, then GMEM over STCMEM.
  EXPECT_EQ(bench.decide(zero_state(0, 0b0010, false)), RlwsPolicy::SfuInstr);
  EXPECT_EQ(bench.decide(zero_state(1, 0b1100, false)), RlwsPolicy::GmemInstr);
  EXPECT_EQ(bench.mismatches(), 0u) << bench.first();
}

TEST(RlwsAgent, NoInstrNotTwiceInARowWhileAnotherIsPossible) {
  OnePortBench bench;
  bench.set_epsilon(0);
  // SP is chosen (tie, lowest) but never issues: reward 0 lowers its Q
  // below NO_INSTR's untouched 25 until NO_INSTR wins.
  // (Bounded: an RTL that never learns must fail here, not hang.)
  unsigned sp = 0;
  while (sp < 1000 && bench.decide(zero_state(0, 0b0001, false)) == RlwsPolicy::SpInstr) ++sp;
  EXPECT_GT(sp, 1u);
  EXPECT_LT(sp, 1000u) << "SP's Q never fell below NO_INSTR's";
  EXPECT_LT(bench.theta(RlwsPolicy::SpInstr, 0), bench.theta(RlwsPolicy::NoInstr, 0));
  // NO_INSTR has the higher Q but was taken last: SP.
  EXPECT_EQ(bench.decide(zero_state(0, 0b0001, false)), RlwsPolicy::SpInstr);
  // With nothing ready NO_INSTR may follow NO_INSTR.
  EXPECT_EQ(bench.decide(zero_state(0, 0, false)), RlwsPolicy::NoInstr);
  EXPECT_EQ(bench.decide(zero_state(0, 0, false)), RlwsPolicy::NoInstr);
  EXPECT_EQ(bench.mismatches(), 0u) << bench.first();
}

TEST(RlwsAgent, ShiftedFeaturesUpdateEachWeightByItsShift) {
  OnePortBench bench;
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
    OnePortBench bench;
    run_random(bench, seed, 6000);
    EXPECT_EQ(bench.mismatches(), 0u) << "seed " << seed << ": " << bench.first();
    // Epsilon 0.04 from the LFSR: within 5 sigma of 240 in 6000.
    EXPECT_NEAR(bench.explored(), 240, 5 * std::sqrt(6000 * 0.04 * 0.96)) << "seed " << seed;
  }
}

// The bench can fail: a golden learner with another discount factor.
TEST(RlwsAgent, NegativeSelfCheckWrongGammaIsCaught) {
  OnePortBench bench(0.5);
  run_random(bench, 1, 200);
  EXPECT_GT(bench.mismatches(), 0u);
}

// Both schedulers every edge (now and then one port idle), a restart now and then.
void run_random_cycles(CycleBench& bench, uint32_t seed, unsigned edges) {
  std::mt19937 rng(seed);
  for (unsigned k = 0; k < edges; ++k) {
    if (rng() % 1000 == 0) bench.restart();
    Edge edge(kS);
    for (unsigned s = 0; s < kS; ++s) {
      if (rng() % 4 == 0) continue;
      edge[s] = Decision{s, std::vector<uint8_t>(kN), unsigned(rng() % 16), rng() % 4 != 0};
      for (uint8_t& v : edge[s]->state) v = uint8_t(rng() % 8);
    }
    bench.decide_edge(edge);
  }
}

// Scheduler 0's step learnt at the edge lowers SP's Q below SFU's; scheduler
// 1, deciding in the same edge, still sees the tie of the start of the cycle
// and takes SP (one port after the other it would take SFU).
TEST(RlwsAgentCycle, BothSchedulersDecideFromTheWeightsOfTheCyclesStart) {
  CycleBench bench;
  bench.set_epsilon(0);
  bench.decide_edge(Edge{zero_state(0, 0b0001, false), std::nullopt});  // SP, never issues: reward 0
  const std::vector<unsigned> actions =
      bench.decide_edge(Edge{zero_state(0, 0b0001, false), zero_state(1, 0b0011, false)});
  EXPECT_EQ(actions[1], RlwsPolicy::SpInstr);
  EXPECT_LT(bench.theta(RlwsPolicy::SpInstr, 0), bench.theta(RlwsPolicy::SfuInstr, 0));
  OnePortBench sequential;
  sequential.set_epsilon(0);
  sequential.decide(zero_state(0, 0b0001, false));
  sequential.decide(zero_state(0, 0b0001, false));
  EXPECT_EQ(sequential.decide(zero_state(1, 0b0011, false)), RlwsPolicy::SfuInstr);
  EXPECT_EQ(bench.mismatches(), 0u) << bench.first();
  EXPECT_EQ(sequential.mismatches(), 0u) << sequential.first();
}

// Both schedulers' previous steps were SP in the same state: SP's weights
// take both steps, each computed from the weights at the edge's start.
TEST(RlwsAgentCycle, TwoUpdatesOfOneActionAdd) {
  CycleBench bench;
  bench.set_epsilon(0);
  const Decision d0 = zero_state(0, 0b0001, true), d1 = zero_state(1, 0b0001, true);
  bench.decide_edge(Edge{d0, d1});
  std::vector<double> start(kN);
  for (unsigned i = 0; i < kN; ++i) start[i] = bench.theta(RlwsPolicy::SpInstr, i);
  bench.decide_edge(Edge{d0, d1});
  LinearSarsa one{kN, kA, 25.0, FixedPoint{kFW}};
  one.update(d0.state, RlwsPolicy::SpInstr, 1.0, d0.state, RlwsPolicy::SpInstr, rate(kAlpha), rate(kGamma));
  const double step = one.weights(RlwsPolicy::SpInstr)[0] - start[0];
  EXPECT_NE(step, 0);  // 1 + gamma 25 - 25 < 0: the weights go down
  for (unsigned i = 0; i < kN; ++i) EXPECT_EQ(bench.theta(RlwsPolicy::SpInstr, i), start[i] + 2 * step) << i;
  EXPECT_EQ(bench.mismatches(), 0u) << bench.first();
}

TEST(RlwsAgentCycle, RandomMatchesLinearSarsaWithSummedUpdates) {
  for (uint32_t seed : {1u, 2u, 3u}) {
    CycleBench bench;
    run_random_cycles(bench, seed, 3000);
    EXPECT_EQ(bench.mismatches(), 0u) << "seed " << seed << ": " << bench.first();
    // About 4500 decisions at epsilon 0.04: both ports' draws explore.
    const double n = bench.decisions();
    EXPECT_NEAR(bench.explored(), n * 0.04, 5 * std::sqrt(n * 0.04 * 0.96)) << "seed " << seed;
  }
}

// The bench can fail: a golden model whose second update reads the first's
// result (the one-port order) differs from the block.
TEST(RlwsAgentCycle, NegativeSelfCheckSequentialUpdatesAreCaught) {
  CycleBench bench(rate(kGamma), Updates::Sequential);
  run_random_cycles(bench, 1, 200);
  EXPECT_GT(bench.mismatches(), 0u);
}

}  // namespace
