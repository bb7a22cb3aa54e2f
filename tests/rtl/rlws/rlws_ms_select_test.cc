// rlws_ms_select against RlwsMsPolicy: for each meta-action the RTL's whole
// order (read out pick by pick through skip_i) must be write_order's,
// order_o its set of warps, and ready_o possible_actions' mask. Directed cases pin each action's
// rule on a hand-made SM; seeded random stimulus carries the last issued
// warp over cycles, warp exits and kernel restarts; the negative cases show
// the comparison catches a wrong round-robin start and a reversed age.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "Vrlws_ms_select.h"
#include "sc_model/sched/rlws_ms_policy.h"
#include "tb/cosim/verilated_bits.h"
#include "tests/rtl/rlws/select_bench.h"

namespace {

using scwarp::cosim::put_field;
using namespace scwarp::sched;

constexpr unsigned kW = kBenchWarps, kT = kBenchTbs, kS = kBenchSchedulers, kKW = kBenchAgeBits, kWW = 6;

struct MsProbe : RlwsMsPolicy {
  using RlwsMsPolicy::RlwsMsPolicy;
  using RlwsMsPolicy::possible_actions;
  using RlwsMsPolicy::Step;
  using RlwsMsPolicy::write_order;
};

// What the bench's reference gets wrong on purpose (negative self-checks).
enum class Fault { None, LrrStartsAtLast, ReversedAge };

std::string show(const std::vector<uint32_t>& order) {
  std::string s;
  for (uint32_t w : order) s += (s.empty() ? "" : ",") + std::to_string(w);
  return "[" + s + "]";
}

class MsSelectBench : public SelectBenchSm<Vrlws_ms_select> {
 public:
  explicit MsSelectBench(Fault fault = Fault::None) : fault_(fault) {}

  WarpView& warp(unsigned w) { return warps_[w]; }
  TbView& tb(unsigned t) { return tbs_[t]; }
  void set_occupied(unsigned w, bool occupied) { occupied_[w] = occupied; }

  // Scheduler s's order for `action` from the RTL and from the reference;
  // counts and records a difference, in the order, order_o or ready_o.
  std::vector<uint32_t> compare(unsigned s, uint32_t action) {
    const std::vector<uint32_t> mine = mine_of(s);
    std::vector<uint32_t> golden;
    reference(s, mine, action, golden);
    uint64_t rtl_set = 0, golden_set = 0;
    const std::vector<uint32_t> rtl = read_order(s, action, rtl_set);
    for (uint32_t w : golden) golden_set |= uint64_t(1) << w;
    const uint32_t ready = probe_.possible_actions(sm_, steps_[s], mine);
    count(rtl != golden || rtl_set != golden_set || rtl_->ready_o != ready, [&] {
      return "cycle " + std::to_string(sm_.cycle) + " scheduler " + std::to_string(s) + " action " +
             std::to_string(action) + ": RTL " + show(rtl) + " order_o " + std::to_string(rtl_set) + " ready " +
             std::to_string(rtl_->ready_o) + ", golden " + show(golden) + " ready " + std::to_string(ready);
    });
    return golden;
  }
  // Scheduler s issues warp w (RlPolicy::on_issue) at an edge.
  void issue(unsigned s, uint32_t w) {
    steps_[s].last_warp = w;
    rtl_->issue_valid_i = 1u << s;
    put_field(rtl_->issue_warp_i, s * kWW, kWW, w);
    clock();
    rtl_->issue_valid_i = 0;
  }
  // Warp w exits: a scheduler whose last warp it was forgets it (RlPolicy::on_warp_exit).
  void exit(uint32_t w) {
    for (MsProbe::Step& step : steps_)
      if (step.last_warp == w) step.last_warp = kNoWarp;
    rtl_->exit_valid_i = 1;
    rtl_->exit_warp_i = w;
    clock();
    rtl_->exit_valid_i = 0;
  }
  // A new kernel: no last warps (RlPolicy::restart_learning).
  void restart() {
    for (MsProbe::Step& step : steps_) step = MsProbe::Step{};
    rtl_->restart_i = 1;
    clock();
    rtl_->restart_i = 0;
  }

  // One random SM cycle: each scheduler decides a random action, compared,
  // and issues the first warp of the order that can issue, mostly.
  void random_cycle(std::mt19937& rng) {
    randomize(rng);
    for (unsigned s = 0; s < kS; ++s) {
      const uint32_t action = rng() % RlwsMsPolicy::kActions;
      const std::vector<uint32_t> order = compare(s, action);
      greedy_ += action == RlwsMsPolicy::Gto && !order.empty() && order[0] == steps_[s].last_warp;
      for (uint32_t w : order)
        if (can_issue(warps_[w], sm_.units) && rng() % 5 != 0) {
          issue(s, w);
          break;
        }
    }
    if (rng() % 4 == 0) exit(rng() % kW);
    if (rng() % 500 == 0) restart();
    ++sm_.cycle;
  }

  unsigned greedy() const { return greedy_; }
  unsigned rtl_ready() const { return rtl_->ready_o; }

 private:
  std::vector<uint32_t> mine_of(unsigned s) const {
    std::vector<uint32_t> mine;
    for (unsigned w = s; w < kW; w += kS)
      if (occupied_[w]) mine.push_back(w);
    return mine;
  }
  void reference(unsigned s, const std::vector<uint32_t>& mine, uint32_t action, std::vector<uint32_t>& out) const {
    const uint32_t last = steps_[s].last_warp;
    if (fault_ == Fault::LrrStartsAtLast && action == RlwsMsPolicy::Lrr && last != kNoWarp) {
      for (uint32_t w : mine)
        if (w >= last) out.push_back(w);
      for (uint32_t w : mine)
        if (w < last) out.push_back(w);
      return;
    }
    probe_.write_order(sm_, steps_[s], mine, action, out);
  }
  void randomize(std::mt19937& rng) {
    randomize_units(rng);
    static const WarpWait waits[] = {WarpWait::Ready, WarpWait::Ready, WarpWait::Data, WarpWait::Barrier,
                                     WarpWait::Exited};
    for (WarpView& w : warps_) {
      occupied_[w.slot] = rng() % 12 != 0;
      w.valid = occupied_[w.slot] && rng() % 20 != 0;
      w.wait = waits[rng() % 5];
      w.head_unit = IssueUnit(rng() % 4);
    }
    for (TbView& t : tbs_) {
      t.warps_at_barrier = rng() % 3 == 0 ? rng() % 3 + 1 : 0;
      t.warps_exited = rng() % 3 == 0 ? rng() % 3 + 1 : 0;
    }
  }
  void drive(unsigned s, uint32_t action) {
    rtl_->sched_i = s;
    rtl_->action_i = action;
    rtl_->skip_i = 0;
    for (const WarpView& w : warps_) {
      const TbView& t = tbs_[w.tb_slot];
      put_field(rtl_->mine_i, w.slot, 1, w.scheduler == s && occupied_[w.slot]);
      put_field(rtl_->live_i, w.slot, 1, w.valid && w.wait != WarpWait::Exited);
      put_field(rtl_->can_issue_i, w.slot, 1, can_issue(w, sm_.units));
      put_field(rtl_->barrier_tb_i, w.slot, 1, t.warps_at_barrier > 0);
      put_field(rtl_->finished_tb_i, w.slot, 1, t.warps_exited > 0);
      put_field(rtl_->age_i, w.slot * kKW, kKW, age(w, fault_ == Fault::ReversedAge));
    }
  }
  // The order pick by pick; `set`, order_o before any warp is skipped.
  std::vector<uint32_t> read_order(unsigned s, uint32_t action, uint64_t& set) {
    drive(s, action);
    std::vector<uint32_t> order;
    rtl_->eval();
    set = rtl_->order_o;
    for (; rtl_->pick_valid_o && order.size() <= kW; rtl_->eval()) {
      order.push_back(rtl_->pick_o);
      rtl_->skip_i |= uint64_t(1) << rtl_->pick_o;
    }
    rtl_->skip_i = 0;
    return order;
  }
  Fault fault_;
  MsProbe probe_{PolicyContext{cfg_, 0, kW, kT, kS}};
  std::vector<bool> occupied_ = std::vector<bool>(kW, true);
  MsProbe::Step steps_[kS];
  unsigned greedy_ = 0;
};

// The directed SM: scheduler 0 holds the even slots 0..10 of TB 0 (launched
// first, warps 0..5 in it at slots 0..5) and 6..10 of TB 1 (launched later);
// every warp ready on a free unit. TB slots 2..7 launched after both.
class RlwsMsSelectDirected : public ::testing::Test {
 protected:
  void SetUp() override {
    for (unsigned w = 0; w < kW; ++w) {
      bench_.set_occupied(w, w < 12);
      bench_.warp(w).valid = w < 12;
      bench_.warp(w).wait = w < 12 ? WarpWait::Ready : WarpWait::Empty;
    }
  }
  std::vector<uint32_t> order(uint32_t action) {
    const std::vector<uint32_t> o = bench_.compare(0, action);
    EXPECT_EQ(bench_.mismatches(), 0u) << bench_.first();
    return o;
  }
  using V = std::vector<uint32_t>;
  MsSelectBench bench_;
};

TEST_F(RlwsMsSelectDirected, GtoKeepsTheLastIssuedWarpWhileLive) {
  EXPECT_EQ(order(RlwsMsPolicy::Gto), (V{0, 2, 4, 6, 8, 10}));
  bench_.issue(0, 8);
  EXPECT_EQ(order(RlwsMsPolicy::Gto), (V{8, 0, 2, 4, 6, 10}));
  bench_.warp(8).wait = WarpWait::Exited;  // not live: oldest first, without it
  EXPECT_EQ(order(RlwsMsPolicy::Gto), (V{0, 2, 4, 6, 10}));
}

TEST_F(RlwsMsSelectDirected, YoungestIsTheLaterTbFirst) {
  bench_.warp(2).wait = WarpWait::Data;  // live though it cannot issue
  bench_.warp(4).valid = false;
  EXPECT_EQ(order(RlwsMsPolicy::Youngest), (V{10, 8, 6, 2, 0}));
  bench_.launch(0);  // TB 0 relaunched: now the youngest
  EXPECT_EQ(order(RlwsMsPolicy::Youngest), (V{2, 0, 10, 8, 6}));
}

TEST_F(RlwsMsSelectDirected, LrrStartsAfterTheLastIssuedSlotAndKeepsDeadWarps) {
  bench_.warp(6).wait = WarpWait::Exited;
  EXPECT_EQ(order(RlwsMsPolicy::Lrr), (V{0, 2, 4, 6, 8, 10}));
  bench_.issue(0, 4);
  EXPECT_EQ(order(RlwsMsPolicy::Lrr), (V{6, 8, 10, 0, 2, 4}));
  bench_.issue(0, 10);  // the highest slot: wrap around
  EXPECT_EQ(order(RlwsMsPolicy::Lrr), (V{0, 2, 4, 6, 8, 10}));
  bench_.issue(0, 4);
  bench_.exit(4);  // forgotten: from the lowest slot
  EXPECT_EQ(order(RlwsMsPolicy::Lrr), (V{0, 2, 4, 6, 8, 10}));
  bench_.issue(0, 2);
  bench_.restart();  // a new kernel forgets it too
  EXPECT_EQ(order(RlwsMsPolicy::Lrr), (V{0, 2, 4, 6, 8, 10}));
}

TEST_F(RlwsMsSelectDirected, YoungestBarrierAndFinishTakeTheirTbsOnly) {
  EXPECT_EQ(order(RlwsMsPolicy::YoungestBarrier), V{});
  EXPECT_EQ(order(RlwsMsPolicy::YoungestFinish), V{});
  bench_.tb(0).warps_at_barrier = 1;
  bench_.tb(1).warps_exited = 1;
  EXPECT_EQ(order(RlwsMsPolicy::YoungestBarrier), (V{4, 2, 0}));
  EXPECT_EQ(order(RlwsMsPolicy::YoungestFinish), (V{10, 8, 6}));
}

// An action is possible when its order holds a warp that can issue now.
TEST_F(RlwsMsSelectDirected, ReadyIsTheActionsWithAnIssuableWarp) {
  bench_.tb(0).warps_at_barrier = 1;
  bench_.tb(1).warps_exited = 1;
  order(RlwsMsPolicy::Gto);  // compares ready_o with possible_actions too
  EXPECT_EQ(bench_.rtl_ready(), 0b11111u);
  // TB 0's warps wait at the barrier: Youngest Barrier orders only warps that cannot issue.
  for (uint32_t w : {0u, 2u, 4u}) bench_.warp(w).wait = WarpWait::Barrier;
  order(RlwsMsPolicy::Gto);
  EXPECT_EQ(bench_.rtl_ready(), 0b10111u);
  for (uint32_t w : {6u, 8u, 10u}) bench_.warp(w).wait = WarpWait::Data;
  order(RlwsMsPolicy::Gto);
  EXPECT_EQ(bench_.rtl_ready(), 0u);
}

TEST(RlwsMsSelect, RandomMatchesWriteOrderAndPossibleActions) {
  for (uint32_t seed : {1u, 2u, 3u}) {
    MsSelectBench bench;
    std::mt19937 rng(seed);
    for (unsigned c = 0; c < 3000; ++c) bench.random_cycle(rng);
    EXPECT_EQ(bench.mismatches(), 0u) << "seed " << seed << ": " << bench.first();
    EXPECT_EQ(bench.decisions(), 6000u);
    // GTO's greedy rule was exercised, not only the age orders.
    EXPECT_GT(bench.greedy(), 100u) << "seed " << seed;
  }
}

// The bench can fail: a reference whose round robin starts at the last
// issued slot instead of after it, and an RTL told the youngest are oldest.
TEST(RlwsMsSelect, NegativeSelfCheckLrrStartingAtTheLastSlotIsCaught) {
  MsSelectBench bench(Fault::LrrStartsAtLast);
  std::mt19937 rng(1);
  for (unsigned c = 0; c < 200; ++c) bench.random_cycle(rng);
  EXPECT_GT(bench.mismatches(), 0u);
}

TEST(RlwsMsSelect, NegativeSelfCheckReversedAgeIsCaught) {
  MsSelectBench bench(Fault::ReversedAge);
  std::mt19937 rng(1);
  for (unsigned c = 0; c < 200; ++c) bench.random_cycle(rng);
  EXPECT_GT(bench.mismatches(), 0u);
}

}  // namespace
