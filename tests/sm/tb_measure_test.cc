// TbMeasure: the per-TB bookkeeping behind RTRU, the barrier stall fraction,
// divergence, DWR and DWS, on scripted event sequences with known answers.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "sc_model/sm/tb_measure.h"
#include "sc_model/stats/run_report.h"

namespace scwarp::sm {
namespace {

TEST(TbMeasure, RtruOfOneBarrierPhaseAndTheFinalPhase) {
  TbMeasure m;
  m.start(2, 100, 0);
  m.warp_arrived(0, 110);  // T0 = 10
  m.warp_arrived(1, 140);  // T1 = 40: maxT = 40, RTRU = (30 + 0) / (2 * 40)
  m.warp_released(0, 140);
  m.warp_released(1, 140);
  m.release_done();
  m.warp_exited(0, 150, 7, 0);  // final phase: 10 and 20 cycles after the release
  m.warp_exited(1, 160, 9, 0);
  const stats::TbMetrics r = m.finish(0);
  EXPECT_EQ(r.warp_phases, 2u);
  EXPECT_DOUBLE_EQ(r.rtru_sum, 30.0 / 80.0 + 10.0 / 40.0);
  EXPECT_EQ(r.barrier_wait_cycles, 30u);  // warp 0 waited 110..140, warp 1 not at all
  EXPECT_EQ(r.warp_cycles, 50u + 60u);
  EXPECT_EQ(r.min_warp_cycles, 50u);
  EXPECT_EQ(r.max_warp_cycles, 60u);
  EXPECT_EQ(r.min_warp_instructions, 7u);
  EXPECT_EQ(r.max_warp_instructions, 9u);
  EXPECT_DOUBLE_EQ(r.dwr(), 1.0 - 50.0 / 60.0);
}

// Seed 004 Fig. 1(a): 3 TBs of 3 warps on one SM that holds one TB. TB1
// runs 1-50: W3 finishes at 30, W1 at 40, W2 at 50; TB2 runs 51-100: W2 at
// 80, W3 at 90, W1 at 100. The divergent warp regions are cycles 31-50 and
// 81-100; DWR(K) averages the first N - R = 2 TBs: 1 - 30/50 = 0.4 each.
// The scheduler stalls every cycle here (stall count = cycle), so each TB's
// DWR-region stalls are the length of its region.
stats::TbRecord fig1_tb(uint64_t start, std::array<uint64_t, 3> exits) {
  TbMeasure m;
  m.start(3, start, start);
  std::array<uint32_t, 3> in_time_order{0, 1, 2};
  std::sort(in_time_order.begin(), in_time_order.end(), [&](uint32_t a, uint32_t b) { return exits[a] < exits[b]; });
  for (uint32_t w : in_time_order) m.warp_exited(w, exits[w], 100, exits[w]);
  const uint64_t end = *std::max_element(exits.begin(), exits.end());
  stats::TbRecord r;
  r.start_cycle = start;
  r.end_cycle = end;
  r.metrics = m.finish(end);
  return r;
}

TEST(TbMeasure, SeedFourFigureOneBaseline) {
  const std::vector<stats::TbRecord> tbs = {fig1_tb(0, {40, 50, 30}), fig1_tb(50, {100, 80, 90}),
                                            fig1_tb(100, {130, 145, 120})};
  EXPECT_DOUBLE_EQ(tbs[0].metrics.dwr(), 0.4);
  EXPECT_DOUBLE_EQ(tbs[1].metrics.dwr(), 0.4);
  EXPECT_EQ(tbs[0].metrics.dwr_stall_cycles, 20u) << "cycles 31-50";
  EXPECT_EQ(tbs[1].metrics.dwr_stall_cycles, 20u) << "cycles 81-100";
  stats::KernelRecord k;
  k.blocks = 3;
  k.max_resident_tbs = 1;
  const stats::DivergentWarpRegion d = stats::divergent_warp_region(k, 0, tbs);
  EXPECT_EQ(d.dwr_tbs, 2u) << "N - R = 3 - 1";
  EXPECT_DOUBLE_EQ(d.dwr, 0.4);
}

TEST(TbMeasure, BalancedWarpsHaveZeroRtru) {
  TbMeasure m;
  m.start(3, 0, 0);
  for (uint32_t w = 0; w < 3; ++w) m.warp_exited(w, 40, 5, 0);
  const stats::TbMetrics r = m.finish(0);
  EXPECT_EQ(r.warp_phases, 1u);
  EXPECT_DOUBLE_EQ(r.rtru_sum, 0.0);
  EXPECT_DOUBLE_EQ(r.dwr(), 0.0);
}

TEST(TbMeasure, StallCyclesSplitAtTheFirstWarpExit) {
  TbMeasure m;
  m.start(2, 0, 1000);        // the SM had 1000 stall cycles before the TB came
  m.warp_exited(0, 50, 1, 1030);
  m.warp_exited(1, 90, 1, 1070);
  const stats::TbMetrics r = m.finish(1080);
  EXPECT_EQ(r.stall_cycles, 80u);
  EXPECT_EQ(r.dwr_stall_cycles, 50u);  // from the first exit (1030) to the end (1080)
}

TEST(TbMeasure, StartForgetsThePreviousTb) {
  TbMeasure m;
  m.start(1, 0, 0);
  m.warp_arrived(0, 5);
  m.start(1, 100, 0);
  m.warp_exited(0, 110, 3, 0);
  const stats::TbMetrics r = m.finish(0);
  EXPECT_EQ(r.barrier_wait_cycles, 0u);
  EXPECT_EQ(r.warp_phases, 1u);
  EXPECT_FALSE(m.waiting(0));
}

}  // namespace
}  // namespace scwarp::sm
