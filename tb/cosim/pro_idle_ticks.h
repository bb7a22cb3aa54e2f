// PRO's idle ticks without their edges (RtlProPolicy::skip_idle_ticks): an
// edge that ends an SM cycle with no events while no sort runs or waits
// changes nothing in pro_top but pro_sorter's THRESHOLD counter (cnt_q), +1,
// unless the counter is due. Such ticks advance that register in the
// Verilated model directly, up to the due tick, which keeps its edge.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

namespace scwarp::cosim {

// Whether the Verilated model (its root, V___024root) holds the counter in a
// member of this name; Verilator 5.006 does.
template <typename Root>
inline constexpr bool kIdleTicksSkippable = requires(Root& r) { r.pro_top__DOT__u_sorter__DOT__cnt_q; };

// Advances the counter over up to `cycles` idle ticks, none of them due
// (the counter runs 0..threshold, and the tick that finds it at threshold is
// due); returns how many it advanced. The next evaluation recomputes all that
// reads the counter: that logic also reads the inputs (tick_i, threshold_i),
// so Verilator runs it at every eval().
template <typename Root>
uint64_t advance_threshold_counter(Root& root, uint32_t threshold, uint64_t cycles) {
  if constexpr (kIdleTicksSkippable<Root>) {
    auto& cnt = root.pro_top__DOT__u_sorter__DOT__cnt_q;
    if (cnt >= threshold) return 0;
    const uint64_t n = std::min<uint64_t>(cycles, threshold - cnt);
    cnt = static_cast<std::remove_reference_t<decltype(cnt)>>(cnt + n);
    return n;
  }
  return 0;
}

}  // namespace scwarp::cosim
