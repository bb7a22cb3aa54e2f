// TbMeasure: the per-TB bookkeeping behind RTRU, the barrier stall fraction,
// divergence, DWR and DWS, on scripted event sequences with known answers.
#include <gtest/gtest.h>

#include "sc_model/sm/tb_measure.h"

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
