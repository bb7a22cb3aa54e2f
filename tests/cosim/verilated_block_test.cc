// VerilatedBlock's rising edges without an eval() of the low phase
// (verilated_block.h, see_low_phase) against the plain clocking a traced
// block keeps: pro_top driven with the same random events, edge after edge
// with no settle in between, has the same outputs after every edge.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>

#include <unistd.h>

#include "Vpro_top.h"
#include "Vpro_top___024root.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/sched/policy.h"
#include "tb/cosim/verilated_block.h"
#include "tests/cosim/pro_top_bench.h"

namespace scwarp::cosim {
namespace {

// One edge's events: a TB launch now and then, issues (two schedulers,
// random warps of 6-warp TBs) and barrier arrivals; every fourth edge ends
// a cycle.
void drive(Vpro_top& t, std::mt19937& rng, uint32_t edge) {
  t.tick_i = edge % 4 == 3;
  t.threshold_i = 20;
  drive_random_events(t, rng, 16, edge);
}

TEST(VerilatedBlock, EdgeWithoutLowPhaseMatchesPlainClocking) {
  // The fast path is what Debian's Verilator (5.006) gets; a Verilator
  // without it would run this test on the plain clocking only.
  EXPECT_TRUE(VerilatedBlock<Vpro_top>::kEdgeWithoutLowPhase);
  config::GpuConfig cfg;
  const sched::PolicyContext fast_ctx{cfg, 0, 48, 8, 2};
  VerilatedBlock<Vpro_top> fast(fast_ctx, "pro_top");
  const std::filesystem::path vcd = std::filesystem::temp_directory_path() /
                                    ("scwarp_verilated_block_" + std::to_string(::getpid()) + ".vcd");
  config::GpuConfig traced_cfg;
  traced_cfg.trace_rtl = vcd.string();  // a traced block evaluates the low phase
  const sched::PolicyContext plain_ctx{traced_cfg, 0, 48, 8, 2};
  {
    VerilatedBlock<Vpro_top> plain(plain_ctx, "pro_top");
    std::mt19937 fast_rng(11), plain_rng(11);
    uint32_t changes = 0;  // edges after which some output differs from the edge before
    for (uint32_t edge = 0; edge < 3000; ++edge) {
      const std::string before = pro_top_outputs(fast.top());
      drive(fast.top(), fast_rng, edge);
      drive(plain.top(), plain_rng, edge);
      fast.rising_edge(edge / 4);
      plain.rising_edge(edge / 4);
      ASSERT_EQ(pro_top_outputs(fast.top()), pro_top_outputs(plain.top())) << "after edge " << edge;
      changes += pro_top_outputs(fast.top()) != before;
    }
    EXPECT_GT(changes, 1000u);  // the events kept the counters and sorters moving
  }
  std::filesystem::remove(vcd);
}

}  // namespace
}  // namespace scwarp::cosim
