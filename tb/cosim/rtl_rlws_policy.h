// The RLWS RTL (rtl/rlws/rlws_top.v, Verilated as plain C++) behind the
// policy interface: RtlRlwsPolicy is the issue policy "rlws" under
// -scwarp_sched_impl rtl, one Verilated rlws_top per SM, run by the
// learning schedulers' shared adapter (rtl_rl_policy.h: the hardware
// arithmetic it requires, -rlws_theta_frac_bits 16 -rlws_lfsr 1, and its
// timing contract). rlws_top's selector keeps whether the scheduler issued
// in the previous SM cycle, so the adapter ends each cycle with a tick_i
// edge; the order is RlwsPolicy's. Under -scwarp_rtl_timing cycle the block
// is rlws_top with P = S decision ports (Vrlws_top_ct), clocked once per SM
// cycle.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "sc_model/sched/rlws_policy.h"
#include "tb/cosim/rtl_rl_policy.h"

class Vrlws_cosim_top;
class Vrlws_top_ct;

namespace scwarp::cosim {

// rlws_top as Verilated: the agent's parameters (tb/cosim/CMakeLists.txt).
inline constexpr uint32_t kRlwsVariables = 8, kRlwsActions = 5;

struct RlwsBlock {
  using Top = Vrlws_cosim_top;  // rlws_top in its shell (tb/cosim/rlws_cosim_top.v)
  static constexpr bool kTopLatchesInputs = true;
  using CycleTop = Vrlws_top_ct;
  using Golden = sched::RlwsPolicy;
  static constexpr const char* kPolicy = "rlws";
  static constexpr const char* kLabel = "RLWS";
  static constexpr const char* kTop = "rlws_top";
  static constexpr const char* kTable = "Table V";
  static constexpr uint32_t kVariables = kRlwsVariables, kActions = kRlwsActions;
  static constexpr double kInitialQ = 25;
  static constexpr bool kTicks = true;
  static constexpr const char* kActionNames[kActions] = {"SP", "SFU", "GMEM", "STCMEM", "NO_INSTR"};
  // The selector's inputs for a decision on `port`: the warps of the
  // scheduler (per port), which can issue, their pipeline class and age
  // (shared; the other ports' warps keep theirs).
  template <typename V>
  static void drive_warps(V& t, const sched::SmView& sm, uint32_t port, std::span<const uint32_t> warps);
  // The warps of an order in which none can issue: none, since
  // rlws_warp_select orders only warps that can issue (its match).
  template <typename V>
  static uint64_t order_warps(const V&, uint32_t) {
    return 0;
  }
  // Every action but NO_INSTR has a warp to issue.
  static void check_order(uint32_t action, const std::vector<uint32_t>& order);
};

extern template class RtlRlPolicy<RlwsBlock>;
using RtlRlwsPolicy = RtlRlPolicy<RlwsBlock>;

}  // namespace scwarp::cosim
