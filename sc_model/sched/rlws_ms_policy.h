// RLWS_MS (seed 003 Sec. V.D): the learner picks, each cycle, one of Table
// IX's meta-actions, each a way of ordering the scheduler's warps: GTO (the
// warp issued last, then oldest first), Youngest, LRR (round robin after the
// warp issued last), Youngest Barrier (youngest first among warps whose TB
// has warps waiting at a barrier) and Youngest Finish (among warps whose TB
// has finished warps). An action is possible when its order holds a warp
// that can issue now. Defaults: Table VIII. Shared machinery: rl_policy.h;
// docs/schedulers.md ("rlws_ms").
#pragma once

#include "sc_model/sched/rl_policy.h"

namespace scwarp::sched {

class RlwsMsPolicy : public RlPolicy {
 public:
  enum Action : uint32_t { Gto, Youngest, Lrr, YoungestBarrier, YoungestFinish, kActions };

  explicit RlwsMsPolicy(const PolicyContext& ctx);

 protected:
  ActionMask possible_actions(const SmView& sm, const Step& previous, std::span<const uint32_t> warps) const override;
  void write_order(const SmView& sm, const Step& previous, std::span<const uint32_t> warps, uint32_t action,
                   std::vector<uint32_t>& out) const override;
};

}  // namespace scwarp::sched
