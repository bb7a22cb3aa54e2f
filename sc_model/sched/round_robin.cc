#include "sc_model/sched/round_robin.h"

#include <algorithm>

namespace scwarp::sched {

size_t round_robin_start(std::span<const uint32_t> slots, uint32_t last) {
  auto after = std::upper_bound(slots.begin(), slots.end(), last);
  return after == slots.end() ? 0 : static_cast<size_t>(after - slots.begin());
}

void append_round_robin(std::span<const uint32_t> slots, uint32_t last, std::vector<uint32_t>& out) {
  // Runs per scheduler and cycle: one resize and two plain copies rather
  // than two range inserts.
  const size_t start = round_robin_start(slots, last), at = out.size();
  out.resize(at + slots.size());
  const auto tail = std::copy(slots.begin() + start, slots.end(), out.begin() + ptrdiff_t(at));
  std::copy(slots.begin(), slots.begin() + ptrdiff_t(start), tail);
}

}  // namespace scwarp::sched
