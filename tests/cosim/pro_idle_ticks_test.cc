// PRO's idle ticks without their edges (tb/cosim/pro_idle_ticks.h, as
// RtlProPolicy::skip_idle_ticks takes them) against every tick as an edge:
// pro_top driven with the same random cycles, busy and idle ones, has the
// same outputs and THRESHOLD counter after every busy cycle, periodic sorts
// that fall due inside an idle stretch included.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "Vpro_top.h"
#include "Vpro_top___024root.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/sched/policy.h"
#include "tb/cosim/pro_idle_ticks.h"
#include "tb/cosim/verilated_block.h"
#include "tests/cosim/pro_top_bench.h"

namespace scwarp::cosim {
namespace {

constexpr uint32_t kThreshold = 9;  // small, so the periodic sort falls due often

// pro_top as the adapter clocks it: an edge that ends a cycle, with the
// cycle's events if any, then sort-only edges until done_o.
class ProBlock {
 public:
  explicit ProBlock(const sched::PolicyContext& ctx) : rtl_(ctx, "pro_top") { top().threshold_i = kThreshold; }
  Vpro_top& top() { return rtl_.top(); }
  uint32_t counter() { return top().rootp->pro_top__DOT__u_sorter__DOT__cnt_q; }

  void end_cycle() {
    top().tick_i = 1;
    rtl_.rising_edge(cycle_++);
    top().tick_i = 0;
    top().launch_valid_i = top().iss_valid_i = top().arr_valid_i = 0;
    while (!top().done_o) rtl_.rising_edge(cycle_);
  }
  // `n` idle cycles: each an edge, or (skip) only those the counter needs.
  void idle(uint32_t n, bool skip) {
    while (n > 0) {
      const uint64_t skipped = skip && top().done_o ? advance_threshold_counter(*top().rootp, kThreshold, n) : 0;
      skipped_ += skipped;
      cycle_ += skipped;
      n -= uint32_t(skipped);
      if (skipped == 0) end_cycle(), --n;
    }
  }
  uint64_t skipped() const { return skipped_; }

 private:
  VerilatedBlock<Vpro_top> rtl_;
  uint64_t cycle_ = 0;
  uint64_t skipped_ = 0;
};

// One busy cycle's events: a TB launch now and then, else issues with an
// occasional barrier arrival.
void drive(Vpro_top& t, std::mt19937& rng) { drive_random_events(t, rng, 8, uint32_t(rng() % 1000)); }

TEST(ProIdleTicks, SkippedMatchPlainEdges) {
  EXPECT_TRUE(kIdleTicksSkippable<Vpro_top___024root>);  // what Debian's Verilator (5.006) gives
  config::GpuConfig cfg;
  const sched::PolicyContext ctx{cfg, 0, 48, 8, 2};
  ProBlock plain(ctx), skipping(ctx);
  std::mt19937 rng(5), plain_rng(7), skip_rng(7);
  uint32_t sorts = 0;  // busy cycles that found a sort's result changed
  for (uint32_t cycle = 0; cycle < 2000; ++cycle) {
    const uint32_t idle = rng() % 4 == 0 ? rng() % (3 * kThreshold) : 0;
    plain.idle(idle, false);
    skipping.idle(idle, true);
    const std::string before = pro_top_outputs(skipping.top());
    drive(plain.top(), plain_rng);
    drive(skipping.top(), skip_rng);
    plain.end_cycle();
    skipping.end_cycle();
    ASSERT_EQ(pro_top_outputs(skipping.top()), pro_top_outputs(plain.top())) << "after cycle " << cycle;
    ASSERT_EQ(skipping.counter(), plain.counter()) << "after cycle " << cycle;
    sorts += pro_top_outputs(skipping.top()) != before;
  }
  EXPECT_GT(skipping.skipped(), 2000u);  // idle stretches were skipped,
  EXPECT_GT(sorts, 500u);                // and the blocks kept changing
}

}  // namespace
}  // namespace scwarp::cosim
