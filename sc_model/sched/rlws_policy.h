// RLWS (seed 003 Sec. IV): each cycle a scheduler's learner picks a
// pipeline (Table I's SELECT PIPELINE actions) and the scheduler issues a
// warp whose next instruction goes there: the warp it issued in the last
// cycle if that one matches, else the oldest matching warp. NO_INSTR issues
// nothing, and is not taken twice in a row while another action is
// possible (an action is possible when a ready warp of the scheduler has an
// instruction for that pipeline and the pipeline's unit is free). Defaults:
// Table V. Shared machinery: rl_policy.h; docs/schedulers.md ("rlws").
#pragma once

#include "sc_model/sched/rl_policy.h"

namespace scwarp::sched {

class RlwsPolicy : public RlPolicy {
 public:
  // Numbered in the order Q ties are broken: issuing actions first.
  enum Action : uint32_t { SpInstr, SfuInstr, GmemInstr, StcmemInstr, NoInstr, kActions };

  explicit RlwsPolicy(const PolicyContext& ctx);

 protected:
  ActionMask possible_actions(const SmView& sm, const Step& previous, std::span<const uint32_t> warps) const override;
  void write_order(const SmView& sm, const Step& previous, std::span<const uint32_t> warps, uint32_t action,
                   std::vector<uint32_t>& out) const override;
};

}  // namespace scwarp::sched
