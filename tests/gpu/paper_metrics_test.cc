// Seed 004's kernel-level DWR and DWS from TB records (pure arithmetic on
// known records) and the metrics a whole timing run reports.
#include <gtest/gtest.h>

#include "sc_model/stats/run_report.h"

namespace scwarp::stats {
namespace {

TbRecord tb(uint64_t kernel, uint64_t min_cycles, uint64_t max_cycles, uint64_t stalls, uint64_t dwr_stalls) {
  TbRecord r;
  r.kernel = kernel;
  r.metrics.min_warp_cycles = min_cycles;
  r.metrics.max_warp_cycles = max_cycles;
  r.metrics.stall_cycles = stalls;
  r.metrics.dwr_stall_cycles = dwr_stalls;
  return r;
}

TEST(DivergentWarpRegion, DwrAveragesTheFirstNMinusRFinishingTbsOfTheKernel) {
  KernelRecord k;
  k.blocks = 4;
  k.max_resident_tbs = 2;  // only the first 2 finishing TBs count for DWR
  const std::vector<TbRecord> tbs = {tb(0, 50, 100, 10, 5), tb(1, 1, 100, 0, 0), tb(0, 75, 100, 20, 4),
                                     tb(0, 10, 100, 8, 8), tb(0, 100, 100, 0, 0)};
  const DivergentWarpRegion d = divergent_warp_region(k, 0, tbs);
  EXPECT_EQ(d.dwr_tbs, 2u);
  EXPECT_DOUBLE_EQ(d.dwr, (0.5 + 0.25) / 2);
  EXPECT_EQ(d.dws_tbs, 3u);  // every TB of kernel 0 with stall cycles
  EXPECT_DOUBLE_EQ(d.dws, (0.5 + 0.2 + 1.0) / 3);
}

TEST(DivergentWarpRegion, NoTbWaitsWhenTheGridFitsAtOnce) {
  KernelRecord k;
  k.blocks = 2;
  k.max_resident_tbs = 2;
  const DivergentWarpRegion d = divergent_warp_region(k, 0, {tb(0, 1, 2, 0, 0), tb(0, 1, 2, 0, 0)});
  EXPECT_EQ(d.dwr_tbs, 0u);
  EXPECT_DOUBLE_EQ(d.dwr, 0.0);
}

}  // namespace
}  // namespace scwarp::stats
