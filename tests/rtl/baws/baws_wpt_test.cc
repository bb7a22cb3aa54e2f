// baws_wpt against MwfPolicy's table (MwfPolicy::waiting): directed event
// orders inside one cycle, then seeded random arrivals / releases / launches.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <vector>

#include "Vbaws_wpt.h"
#include "tb/cosim/verilated_bits.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/sched/mwf_policy.h"

namespace {

using scwarp::cosim::get_field;
using scwarp::cosim::put_field;
using namespace scwarp::sched;

constexpr unsigned kW = 48, kT = 8, kS = 2, kCW = 6, kTW = 3;

// The C++ side: an SM whose warp slot w belongs to TB slot w % T (the table
// only reads a warp's TB slot), and MwfPolicy told the events in the
// pipeline's order: scheduler 0 then 1, arrival before release.
struct WptBench {
  scwarp::config::GpuConfig cfg;
  std::vector<WarpView> warps{kW};
  std::vector<TbView> tbs{kT};
  SmView sm;
  std::unique_ptr<MwfPolicy> mwf;
  std::unique_ptr<VerilatedContext> ctx = std::make_unique<VerilatedContext>();
  std::unique_ptr<Vbaws_wpt> rtl;

  WptBench() {
    for (unsigned w = 0; w < kW; ++w) {
      warps[w].slot = w;
      warps[w].valid = true;
      warps[w].scheduler = w % kS;
      warps[w].tb_slot = w % kT;
    }
    for (unsigned t = 0; t < kT; ++t) tbs[t].slot = t;
    sm.schedulers = kS;
    sm.warps = warps;
    sm.tbs = tbs;
    mwf = std::make_unique<MwfPolicy>(PolicyContext{cfg, 0, kW, kT, kS}, IntraTbOrder::Lrr);
    rtl = std::make_unique<Vbaws_wpt>(ctx.get());
    rtl->clk_i = 0;
    rtl->rst_ni = 0;
    rtl->eval();
    rtl->rst_ni = 1;
    rtl->eval();
    clear_inputs();
  }
  ~WptBench() { rtl->final(); }

  void clear_inputs() {
    rtl->arrive_valid_i = 0;
    rtl->arrive_tb_i = 0;
    rtl->release_valid_i = 0;
    rtl->release_tb_i = 0;
    rtl->launch_i = 0;
  }
  // Scheduler s's issued instruction arrives at / releases TB slot t.
  void arrive(unsigned s, unsigned t) {
    put_field(rtl->arrive_valid_i, s, 1, 1);
    put_field(rtl->arrive_tb_i, s * kTW, kTW, t);
    mwf->on_barrier_arrive(sm, t);  // warp slot t is in TB slot t
  }
  void release(unsigned s, unsigned t) {
    put_field(rtl->release_valid_i, s, 1, 1);
    put_field(rtl->release_tb_i, s * kTW, kTW, t);
    mwf->on_barrier_release(sm, t);
  }
  void launch(unsigned t) {
    put_field(rtl->launch_i, t, 1, 1);
    mwf->on_tb_launch(sm, t);
  }
  void clock() {
    rtl->clk_i = 1;
    rtl->eval();
    rtl->clk_i = 0;
    rtl->eval();
    clear_inputs();
  }
  unsigned count(unsigned t) const { return unsigned(get_field(rtl->count_o, t * kCW, kCW)); }
  void expect_same(const char* when) {
    for (unsigned t = 0; t < kT; ++t) EXPECT_EQ(count(t), mwf->waiting(t)) << when << ", TB slot " << t;
  }
};

TEST(BawsWpt, ResetsToZero) {
  WptBench b;
  b.expect_same("after reset");
  for (unsigned t = 0; t < kT; ++t) EXPECT_EQ(b.count(t), 0u);
}

TEST(BawsWpt, ArrivalsCountAndReleaseClears) {
  WptBench b;
  b.arrive(0, 3);
  b.clock();
  EXPECT_EQ(b.count(3), 1u);
  b.arrive(0, 3);
  b.arrive(1, 3);  // both schedulers, same TB, same cycle: +2
  b.clock();
  EXPECT_EQ(b.count(3), 3u);
  b.expect_same("two arrivals in one cycle");
  b.release(1, 3);
  b.clock();
  EXPECT_EQ(b.count(3), 0u);
  b.expect_same("release");
}

// The last warp's bar.sync: arrive then release in one instruction: 0.
TEST(BawsWpt, ArriveThenReleaseInOneInstructionLeavesZero) {
  WptBench b;
  b.arrive(0, 5);
  b.clock();
  b.arrive(1, 5);
  b.release(1, 5);
  b.clock();
  EXPECT_EQ(b.count(5), 0u);
  b.expect_same("arrive+release");
}

// Scheduler 0 releases, then scheduler 1 arrives (the next barrier) in the
// same cycle: scheduler order makes it 1, not 0.
TEST(BawsWpt, SchedulerZeroGoesFirst) {
  WptBench b;
  b.arrive(0, 2);
  b.arrive(1, 2);
  b.clock();
  b.release(0, 2);
  b.arrive(1, 2);
  b.clock();
  EXPECT_EQ(b.count(2), 1u);
  b.expect_same("release by 0, arrival by 1");
  // And the other way round: arrival by 0, release by 1 clears.
  b.arrive(0, 2);
  b.release(1, 2);
  b.clock();
  EXPECT_EQ(b.count(2), 0u);
  b.expect_same("arrival by 0, release by 1");
}

TEST(BawsWpt, LaunchClearsOnlyItsSlot) {
  WptBench b;
  for (unsigned t = 0; t < kT; ++t) {  // one arrival port per scheduler: one TB a cycle
    b.arrive(0, t);
    b.clock();
  }
  b.launch(4);
  b.arrive(1, 6);
  b.clock();
  EXPECT_EQ(b.count(4), 0u);
  EXPECT_EQ(b.count(6), 2u);
  b.expect_same("launch");
}

// Seeded random: each cycle each scheduler may arrive and/or release on a
// random TB slot; slots without events may be relaunched. Counters stay
// below 2^CW as in the SM (a TB holds at most 32 warps).
TEST(BawsWpt, RandomEventsMatchMwfPolicy) {
  for (uint32_t seed : {1u, 2u, 3u, 42u}) {
    WptBench b;
    std::mt19937 rng(seed);
    std::vector<unsigned> shadow(kT, 0);
    for (int cycle = 0; cycle < 4000; ++cycle) {
      std::vector<bool> touched(kT, false);
      for (unsigned s = 0; s < kS; ++s) {
        if (rng() % 3 == 0) continue;  // no bar.sync from this scheduler
        const unsigned t = rng() % kT;
        touched[t] = true;
        const bool full = shadow[t] >= 32;
        if (!full) {
          b.arrive(s, t);
          ++shadow[t];
        }
        if (full || rng() % 8 == 0) {
          b.release(s, t);
          shadow[t] = 0;
        }
      }
      for (unsigned t = 0; t < kT; ++t) {
        if (!touched[t] && rng() % 64 == 0) {
          b.launch(t);
          shadow[t] = 0;
        }
      }
      b.clock();
      b.expect_same("random");
      if (::testing::Test::HasFailure()) FAIL() << "seed " << seed << " cycle " << cycle;
    }
  }
}

}  // namespace
