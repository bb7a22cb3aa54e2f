// The RLWS_MS RTL (rtl/rlws/rlws_ms_top.v, Verilated as plain C++) behind
// the policy interface: RtlRlwsMsPolicy is the issue policy "rlws_ms" under
// -scwarp_sched_impl rtl, one Verilated rlws_ms_top per SM, run by the
// learning schedulers' shared adapter (rtl_rl_policy.h: the hardware
// arithmetic it requires, -rlws_ms_theta_frac_bits 16 -rlws_ms_lfsr 1, and
// its timing contract). rlws_ms_select keeps only the last issued warp
// (no "previous cycle" bit, so no tick edges); the order read out is
// RlwsMsPolicy's for the agent's meta-action.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "sc_model/sched/rlws_ms_policy.h"
#include "tb/cosim/rtl_rl_policy.h"

class Vrlws_ms_top;

namespace scwarp::cosim {

struct RlwsMsBlock {
  using Top = Vrlws_ms_top;
  using Golden = sched::RlwsMsPolicy;
  static constexpr const char* kPolicy = "rlws_ms";
  static constexpr const char* kLabel = "RLWS_MS";
  static constexpr const char* kTop = "rlws_ms_top";
  static constexpr const char* kTable = "Table VIII";
  // rlws_ms_top as Verilated (tb/cosim/CMakeLists.txt): N = 7, A = 5.
  static constexpr uint32_t kVariables = 7, kActions = sched::RlwsMsPolicy::kActions;
  static constexpr double kInitialQ = 1250;
  static constexpr bool kTicks = false;
  static constexpr const char* kActionNames[kActions] = {"GTO", "Youngest", "LRR", "YoungestBarrier",
                                                         "YoungestFinish"};
  // The selector's inputs: the scheduler's warps, which are live and which
  // can issue, their TBs' barrier and finish flags, their age.
  // rlws_ms_top has one decision port (no CycleTop): `port` is always 0.
  static void drive_warps(Top& t, const sched::SmView& sm, uint32_t port, std::span<const uint32_t> warps);
  // The warps of the order read out last (rlws_ms_select's order_o).
  static uint64_t order_warps(const Top& t, uint32_t port);
  // Every order is possible, an empty one too (no live warp in the action's set).
  static void check_order(uint32_t, const std::vector<uint32_t>&) {}
};

extern template class RtlRlPolicy<RlwsMsBlock>;
using RtlRlwsMsPolicy = RtlRlPolicy<RlwsMsBlock>;

}  // namespace scwarp::cosim
