// The rules of RlwsPolicy the RLWS benches compare against, made callable:
// the possible actions (NO_INSTR rule) and the warp order of an action.
#pragma once

#include <vector>

#include "sc_model/config/gpu_config.h"
#include "sc_model/sched/rlws_policy.h"

namespace scwarp::sched {

struct RlwsProbe : RlwsPolicy {
  using RlwsPolicy::RlwsPolicy;
  using RlwsPolicy::possible_actions;
  using RlwsPolicy::Step;
  using RlwsPolicy::write_order;
};

// A warp whose head instruction goes to pipeline `action` (RlwsPolicy::Action).
inline void set_class(WarpView& w, uint32_t action) {
  static const IssueUnit units[] = {IssueUnit::Sp, IssueUnit::Sfu, IssueUnit::Ldst, IssueUnit::Ldst};
  w.head_unit = units[action];
  w.head_space = action == RlwsPolicy::GmemInstr ? ptx::Space::Global
                 : action == RlwsPolicy::StcmemInstr ? ptx::Space::Shared
                                                     : ptx::Space::None;
}

}  // namespace scwarp::sched
