// Round-robin order over a list of warp slots, the building block of LRR,
// two-level scheduling and round-robin fetch: start at the first slot after
// the one served last and wrap around. Allocation-free: it appends to the
// caller's (reused) vector.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace scwarp::sched {

// Index into `slots` (ascending) of the first slot greater than `last`, or 0
// when there is none (wrap around). last = kNoWarp starts at the beginning.
size_t round_robin_start(std::span<const uint32_t> slots, uint32_t last);

// Appends `slots` (ascending) to `out` starting at round_robin_start(slots, last)
// and wrapping around, so every slot appears exactly once.
void append_round_robin(std::span<const uint32_t> slots, uint32_t last, std::vector<uint32_t>& out);

}  // namespace scwarp::sched
