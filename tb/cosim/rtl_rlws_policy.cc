#include "tb/cosim/rtl_rlws_policy.h"

#include <string>

#include "Vrlws_top.h"
#include "sc_model/sched/registry.h"
#include "tb/cosim/rtl_rl_policy_impl.h"

namespace scwarp::cosim {

using sched::RlwsPolicy;
using sched::SmView;
using sched::WarpView;

void RlwsBlock::drive_warps(Top& t, const SmView& sm, std::span<const uint32_t> warps) {
  uint64_t mine = 0, can = 0;
  for (uint32_t w : warps) {
    const WarpView& v = sm.warps[w];
    mine |= uint64_t(1) << w;
    if (!sched::can_issue(v, sm.units)) continue;
    can |= uint64_t(1) << w;
    put_field(t.class_i, w * 2, 2, uint32_t(sched::pipe_of(v, sm.units)));
    put_field(t.age_i, w * kRlAgeBits, kRlAgeBits, rl_age_key(sm, v, kTop));
  }
  t.mine_i = mine;
  t.can_issue_i = can;
}

void RlwsBlock::check_order(const Top& t, const std::vector<uint32_t>& order) {
  if (t.action_o != RlwsPolicy::NoInstr && order.empty())
    throw Error("rlws_top: action " + std::to_string(t.action_o) + " with no warp to issue");
}

template class RtlRlPolicy<RlwsBlock>;

}  // namespace scwarp::cosim

SCWARP_REGISTER_RTL_ISSUE_POLICY(scwarp::cosim::RtlRlwsPolicy, "rlws")
