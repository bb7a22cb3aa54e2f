// RTL issue blocks that decide only which warp a scheduler issues (a
// priority select among its candidates), not a whole order: VTW's
// vtw_sched. The issue stage takes the first warp of the order that is
// Ready with its head's unit free, so that warp is all such a block
// answers; lockstep compares it with the first candidate of the golden
// order (docs/rtl.md, "VTW blocks").
#pragma once

#include <cstdint>
#include <span>

#include "sc_model/sched/policy.h"

namespace scwarp::cosim {

class IssuePickBlock {
 public:
  virtual ~IssuePickBlock() = default;
  // The warp the block picked in the last order() (kNoWarp: no candidate).
  virtual uint32_t last_pick() const = 0;
};

// Whether the issue stage would issue warp `w` if it came first: Ready and
// its head's unit free, the check IssueStage::schedule makes (the units as
// update_free_units left them for this scheduler).
inline bool issue_candidate(const sched::SmView& sm, uint32_t w) {
  const sched::WarpView& v = sm.warps[w];
  return v.wait == sched::WarpWait::Ready && sm.units.free(v.head_unit);
}

// The first candidate of `order` (kNoWarp: none): the warp the issue stage
// issues from it.
inline uint32_t first_candidate(const sched::SmView& sm, std::span<const uint32_t> order) {
  for (uint32_t w : order)
    if (issue_candidate(sm, w)) return w;
  return sched::kNoWarp;
}

}  // namespace scwarp::cosim
