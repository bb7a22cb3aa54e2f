// rlws_warp_select against RlwsPolicy::write_order: for random warps,
// units and actions, the RTL's pick is the first warp of the golden order
// (none when that order is empty) and its ready_o the issuing actions of
// possible_actions, with the last-issued pointer carried
// over cycles, warps exiting and TBs relaunched now and then. The one-port
// block picks for one scheduler per edge, the P = 2 block (cycle-timed
// co-simulation) for both in the edge that ends the cycle.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "Vrlws_warp_select.h"
#include "Vrlws_warp_select_p2.h"
#include "tb/cosim/verilated_bits.h"
#include "tests/rtl/rlws/rlws_rtl_probe.h"
#include "tests/rtl/rlws/select_bench.h"

namespace {

using scwarp::cosim::get_field;
using scwarp::cosim::put_field;
using namespace scwarp::sched;

constexpr unsigned kW = kBenchWarps, kT = kBenchTbs, kS = kBenchSchedulers, kKW = kBenchAgeBits;

template <typename V, unsigned P>
class SelectBench : public SelectBenchSm<V> {
  using Sm = SelectBenchSm<V>;
  using Sm::rtl_, Sm::sm_, Sm::warps_;

 public:
  explicit SelectBench(bool reversed_age = false) : reversed_age_(reversed_age) {}

  // One SM cycle: each scheduler decides a random action, compared, and
  // issues its pick now and then; one port takes an edge per scheduler,
  // P = 2 one edge for both.
  void cycle(std::mt19937& rng) {
    randomize(rng);
    for (unsigned s = 0; s < kS; ++s) {
      const unsigned p = P == 1 ? 0 : s;
      const uint32_t action = rng() % RlwsPolicy::kActions;
      drive(p, s, action);
      std::vector<uint32_t> order, mine;
      for (unsigned w = s; w < kW; w += kS) mine.push_back(w);
      probe_.write_order(sm_, steps_[s], mine, action, order);
      check(order, p, s);
      check_ready(probe_.possible_actions(sm_, steps_[s], mine), p, s);
      const bool issue = !order.empty() && rng() % 5 != 0;
      put_field(rtl_->issue_valid_i, s, 1, issue);
      put_field(rtl_->issue_warp_i, s * 6, 6, issue ? order[0] : 0);
      if (issue) steps_[s].last_warp = order[0], steps_[s].last_issue_cycle = sm_.cycle;
      if (P == 1 || s == kS - 1) {
        rtl_->tick_i = s == kS - 1;
        this->clock();
        rtl_->issue_valid_i = 0;
      }
    }
    rtl_->tick_i = 0;
    if (rng() % 4 == 0) exit(rng() % kW);
    ++sm_.cycle;
  }
  // Warp w exits: a scheduler whose last warp it was forgets it (RlPolicy::on_warp_exit).
  void exit(unsigned w) {
    for (RlwsProbe::Step& step : steps_)
      if (step.last_warp == w) step.last_warp = kNoWarp;
    rtl_->exit_valid_i = 1;
    rtl_->exit_warp_i = w;
    this->clock();
    rtl_->exit_valid_i = 0;
  }
  unsigned repeats() const { return repeats_; }

 private:
  void randomize(std::mt19937& rng) {
    this->randomize_units(rng);
    for (WarpView& w : warps_) {
      w.valid = rng() % 10 != 0;
      w.wait = rng() % 2 ? WarpWait::Ready : WarpWait::Data;
      w.head_unit = IssueUnit(rng() % 4);
      w.head_space = rng() % 2 ? scwarp::ptx::Space::Global : scwarp::ptx::Space::Shared;
    }
  }
  void drive(unsigned p, unsigned s, uint32_t action) {
    put_field(rtl_->sched_i, p, 1, s);
    put_field(rtl_->action_i, p * 3, 3, action);
    for (const WarpView& w : warps_) {
      put_field(rtl_->mine_i, p * kW + w.slot, 1, w.scheduler == s);
      put_field(rtl_->can_issue_i, w.slot, 1, can_issue(w, sm_.units));
      for (unsigned b = 0; b < 2; ++b)  // class bit planes: bit b of every warp's class in [b*W +: W]
        put_field(rtl_->class_bits_i, b * kW + w.slot, 1, uint32_t(pipe_of(w, sm_.units)) >> b & 1);
      put_field(rtl_->age_i, w.slot * kKW, kKW, this->age(w, reversed_age_));
    }
    rtl_->eval();
  }
  void check(const std::vector<uint32_t>& order, unsigned p, unsigned s) {
    const bool valid = get_field(rtl_->pick_valid_o, p, 1) != 0;
    const uint32_t pick = uint32_t(get_field(rtl_->pick_o, p * 6, 6));
    this->count(valid != !order.empty() || (valid && pick != order[0]), [&] {
      return "cycle " + std::to_string(sm_.cycle) + " scheduler " + std::to_string(s) + ": RTL " +
             (valid ? std::to_string(pick) : "none") + ", golden " + (order.empty() ? "none" : std::to_string(order[0]));
    });
    repeats_ += !order.empty() && order[0] == steps_[s].last_warp;
  }
  // ready_o: the issuing actions of possible_actions (NO_INSTR is the agent's rule).
  void check_ready(RlwsPolicy::ActionMask possible, unsigned p, unsigned s) {
    const uint32_t issuing = (1u << RlwsPolicy::NoInstr) - 1;
    const uint32_t rtl = uint32_t(get_field(rtl_->ready_o, p * RlwsPolicy::NoInstr, RlwsPolicy::NoInstr));
    this->count(rtl != (possible & issuing), [&] {
      return "cycle " + std::to_string(sm_.cycle) + " scheduler " + std::to_string(s) + ": RTL ready " +
             std::to_string(rtl) + ", golden " + std::to_string(possible & issuing);
    });
  }

  bool reversed_age_;
  RlwsProbe probe_{PolicyContext{this->cfg_, 0, kW, kT, kS}};
  RlwsProbe::Step steps_[kS];
  unsigned repeats_ = 0;
};

using OnePortSelect = SelectBench<Vrlws_warp_select, 1>;
using CycleSelect = SelectBench<Vrlws_warp_select_p2, 2>;

// Random cycles; every pick compared, and the last-cycle rule exercised,
// not only the oldest match.
template <typename Bench>
void expect_random_matches() {
  for (uint32_t seed : {1u, 2u, 3u}) {
    Bench bench;
    std::mt19937 rng(seed);
    for (unsigned c = 0; c < 3000; ++c) bench.cycle(rng);
    EXPECT_EQ(bench.mismatches(), 0u) << "seed " << seed << ": " << bench.first();
    EXPECT_GT(bench.repeats(), 100u) << "seed " << seed;
  }
}

TEST(RlwsWarpSelect, RandomMatchesWriteOrder) { expect_random_matches<OnePortSelect>(); }

TEST(RlwsWarpSelectCycle, BothPortsInOneEdgeMatchWriteOrder) { expect_random_matches<CycleSelect>(); }

// The bench can fail: the RTL told the youngest warps are the oldest.
TEST(RlwsWarpSelect, NegativeSelfCheckReversedAgeIsCaught) {
  OnePortSelect bench(true);
  std::mt19937 rng(1);
  for (unsigned c = 0; c < 100; ++c) bench.cycle(rng);
  EXPECT_GT(bench.mismatches(), 0u);
}

}  // namespace
