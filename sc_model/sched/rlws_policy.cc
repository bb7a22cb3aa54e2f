#include "sc_model/sched/rlws_policy.h"

#include "sc_model/sched/registry.h"

namespace scwarp::sched {
namespace {

uint32_t action_of(const WarpView& w, const UnitState& units) {
  switch (pipe_of(w, units)) {
    case Pipe::Sp: return RlwsPolicy::SpInstr;
    case Pipe::Sfu: return RlwsPolicy::SfuInstr;
    case Pipe::GlobalMem: return RlwsPolicy::GmemInstr;
    case Pipe::StcMem: return RlwsPolicy::StcmemInstr;
  }
  return RlwsPolicy::NoInstr;
}

// Table V: the best configuration the paper's genetic search found.
[[maybe_unused]] const bool kOptions = (register_rl_options("rlws", {.alpha = "0.09",
                                                                     .gamma = "0.95",
                                                                     .epsilon = "0.04",
                                                                     .reward = "1",
                                                                     .penalty = "0",
                                                                     .initial_q = "25",
                                                                     .attributes = "AGML:2,GNMIE:8,L1MP:8,L2MP:2,"
                                                                                   "NFMI:4,NIPL1M:4,NRAI:4,SMNMIE:4"}),
                                        true);

}  // namespace

SCWARP_REGISTER_ISSUE_POLICY(RlwsPolicy, "rlws",
                             "reinforcement-learning warp scheduler choosing a pipeline each cycle (seed 003 Sec. IV)");

RlwsPolicy::RlwsPolicy(const PolicyContext& ctx)
    : RlPolicy(ctx, "rlws", kActions, 208 * 8,
               "seed 003 Sec. IV.I: \"it needs 52 registers (208 bytes) as extra storage per SM\" (N = 8, A = 5)") {}

RlPolicy::ActionMask RlwsPolicy::possible_actions(const SmView& sm, const Step& previous,
                                                  std::span<const uint32_t> warps) const {
  ActionMask mask = 0;
  for (uint32_t w : warps)
    if (can_issue(sm.warps[w], sm.units)) mask |= 1u << action_of(sm.warps[w], sm.units);
  if (previous.action != NoInstr || mask == 0) mask |= 1u << NoInstr;
  return mask;
}

void RlwsPolicy::write_order(const SmView& sm, const Step& previous, std::span<const uint32_t> warps,
                             uint32_t action, std::vector<uint32_t>& out) const {
  if (action == NoInstr) return;
  const auto matches = [&sm, action](const WarpView& w) {
    return can_issue(w, sm.units) && action_of(w, sm.units) == action;
  };
  const bool repeat = previous.last_issue_cycle + 1 == sm.cycle && previous.last_warp != kNoWarp &&
                      matches(sm.warps[previous.last_warp]);
  if (repeat) out.push_back(previous.last_warp);
  append_by_age(sm, warps, false,
                [&](const WarpView& w) { return matches(w) && !(repeat && w.slot == previous.last_warp); }, out);
}

}  // namespace scwarp::sched
