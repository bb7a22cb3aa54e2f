#include "sc_model/sched/round_robin.h"

#include <algorithm>

namespace scwarp::sched {

size_t round_robin_start(std::span<const uint32_t> slots, uint32_t last) {
  auto after = std::upper_bound(slots.begin(), slots.end(), last);
  return after == slots.end() ? 0 : static_cast<size_t>(after - slots.begin());
}

void append_round_robin(std::span<const uint32_t> slots, uint32_t last, std::vector<uint32_t>& out) {
  size_t start = round_robin_start(slots, last);
  out.insert(out.end(), slots.begin() + start, slots.end());
  out.insert(out.end(), slots.begin(), slots.begin() + start);
}

}  // namespace scwarp::sched
