// The size the scheduler blocks are Verilated at (tb/cosim/CMakeLists.txt,
// the GTX480 point) and the checks that refuse an SM or a grid they cannot
// hold. No Verilator header here: policy headers include this one.
#pragma once

#include <cstdint>
#include <string>

#include "sc_model/common/error.h"
#include "sc_model/sched/policy.h"

namespace scwarp::cosim {

// Both blocks are Verilated at the GTX480 point (tb/cosim/CMakeLists.txt).
inline constexpr uint32_t kRtlWarps = 48, kRtlTbs = 8, kRtlSchedulers = 2, kRtlIdBits = 16;

constexpr unsigned clog2(unsigned n) {
  unsigned b = 0;
  while ((1u << b) < n) ++b;
  return b == 0 ? 1 : b;
}

// Refuses (scwarp::Error) an SM the Verilated block cannot hold.
inline void check_fits(const sched::PolicyContext& ctx, const std::string& block, uint32_t min_schedulers) {
  if (ctx.max_warps <= kRtlWarps && ctx.max_tbs <= kRtlTbs && ctx.schedulers >= min_schedulers &&
      ctx.schedulers <= kRtlSchedulers)
    return;
  const std::string schedulers = min_schedulers == kRtlSchedulers
                                     ? "exactly " + std::to_string(kRtlSchedulers)
                                     : std::to_string(min_schedulers) + " to " + std::to_string(kRtlSchedulers);
  throw Error("--sched-impl " + ctx.cfg.sched_impl + ": the Verilated " + block + " is built for at most " +
              std::to_string(kRtlWarps) + " warp slots, at most " + std::to_string(kRtlTbs) + " TB slots and " +
              schedulers + " schedulers per SM; this config has " + std::to_string(ctx.max_warps) + ", " +
              std::to_string(ctx.max_tbs) + " and " + std::to_string(ctx.schedulers) +
              " (rebuild tb/cosim with other parameters, or use --sched-impl cpp)");
}

// Refuses a TB grid id wider than the block's id port.
inline void check_tb_id(uint64_t id, uint32_t sm, uint64_t cycle) {
  if (id < (uint64_t(1) << kRtlIdBits)) return;
  throw Error("SM " + std::to_string(sm) + " cycle " + std::to_string(cycle) + ": TB id " + std::to_string(id) +
              " does not fit the RTL's " + std::to_string(kRtlIdBits) +
              "-bit TB id port (IDW); use --sched-impl cpp for grids this large");
}

}  // namespace scwarp::cosim
