// RTL issue blocks that decide only which warp a scheduler issues (a
// priority select among its candidates), not a whole order: VTW's
// vtw_sched. The issue stage takes the first warp of the order that is
// Ready with its head's unit free, so that warp is all such a block
// answers; lockstep compares it with the golden order's first warp that
// sched::can_issue() (sched::first_issuable_of; docs/rtl.md, "VTW blocks").
#pragma once

#include <cstdint>

#include "sc_model/sched/policy.h"

namespace scwarp::cosim {

class IssuePickBlock {
 public:
  virtual ~IssuePickBlock() = default;
  // The warp the block picked in the last order() (kNoWarp: no candidate).
  virtual uint32_t last_pick() const = 0;
};

}  // namespace scwarp::cosim
