// Measures one resident TB for the papers' metrics (stats::TbMetrics): when
// each warp reaches and leaves barriers, when it exits, how many
// instructions it issued, and how many of the SM's scheduler-cycles went
// without an issue while the TB lived. A warp-phase (seed 001 Sec. 3.1) is
// a warp's run between two barriers, the last one ending at its exit; each
// barrier release closes the phase of the warps it releases and adds one RTRU
// term over them (Eq. 1), the TB's end adds the final phase over all warps.
#pragma once

#include <cstdint>
#include <vector>

#include "sc_model/stats/counters.h"

namespace scwarp::sm {

class TbMeasure {
 public:
  // `stalls` is the SM's running count of scheduler-cycles without an issue.
  void start(uint32_t warps, uint64_t cycle, uint64_t stalls);
  void warp_arrived(uint32_t warp, uint64_t cycle);
  bool waiting(uint32_t warp) const { return arrived_[warp] != kNever; }
  // A barrier released `warp` (and the others it waited with) at `cycle`.
  void warp_released(uint32_t warp, uint64_t cycle);
  // Closes the RTRU term of the warps released together at `cycle`.
  void release_done();
  void warp_exited(uint32_t warp, uint64_t cycle, uint64_t instructions, uint64_t stalls);
  stats::TbMetrics finish(uint64_t stalls);

 private:
  static constexpr uint64_t kNever = ~uint64_t(0);
  // One RTRU term over the phase lengths gathered in phase_lengths_.
  void close_phase();

  uint64_t start_ = 0, stalls_at_start_ = 0, stalls_at_first_exit_ = kNever;
  std::vector<uint64_t> phase_start_;  // per warp: TB start or its last release
  std::vector<uint64_t> arrived_;      // per warp: cycle it reached its barrier, or kNever
  std::vector<uint64_t> exited_;       // per warp: exit cycle, or kNever
  std::vector<uint64_t> phase_lengths_;
  stats::TbMetrics m_;
};

}  // namespace scwarp::sm
