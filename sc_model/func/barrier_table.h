// The 16 named barriers of a thread block (PTX bar/barrier): who has arrived,
// how many threads are expected, and bar.red's running reduction.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "sc_model/ptx/ir.h"

namespace scwarp::func {

inline constexpr unsigned kBarrierCount = 16;

struct BarrierSlot {
  uint32_t arrived_warps = 0;
  uint32_t arrived_threads = 0;   // in whole warps, as PTX counts arrivals
  uint32_t expected_threads = 0;  // 0: every non-exited warp of the block
  std::vector<uint32_t> waiting;  // warp ids blocked in bar.sync / bar.red
  // bar.red: the reduction so far and where each waiting warp wants it.
  ptx::BoolOp red_op = ptx::BoolOp::None;
  uint32_t red_popc = 0;
  bool red_and = true, red_or = false;
  struct RedTarget {
    uint32_t warp, reg, mask;
  };
  std::vector<RedTarget> red_targets;

  void reset() { *this = BarrierSlot{}; }
};

struct BarrierTable {
  std::array<BarrierSlot, kBarrierCount> slots;
};

}  // namespace scwarp::func
