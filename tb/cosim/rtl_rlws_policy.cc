#include "tb/cosim/rtl_rlws_policy.h"

#include <string>

#include "Vrlws_cosim_top.h"
#include "Vrlws_cosim_top___024root.h"
#include "Vrlws_top_ct.h"
#include "Vrlws_top_ct___024root.h"
#include "sc_model/sched/registry.h"
#include "tb/cosim/rtl_rl_policy_impl.h"

namespace scwarp::cosim {

using sched::RlwsPolicy;
using sched::SmView;
using sched::WarpView;

template <typename V>
void RlwsBlock::drive_warps(V& t, const SmView& sm, uint32_t port, std::span<const uint32_t> warps) {
  uint64_t mine = 0, can = 0;
  for (uint32_t w : warps) {
    const WarpView& v = sm.warps[w];
    mine |= uint64_t(1) << w;
    if (!sched::can_issue(v, sm.units)) continue;
    can |= uint64_t(1) << w;
    put_field(t.class_i, w * 2, 2, uint32_t(sched::pipe_of(v, sm.units)));
    put_field(t.age_i, w * kRlAgeBits, kRlAgeBits, rl_age_key(sm, v, kTop));
  }
  put_field(t.mine_i, port * kRtlWarps, kRtlWarps, mine);
  t.can_issue_i = (t.can_issue_i & ~mine) | can;
}

void RlwsBlock::check_order(uint32_t action, const std::vector<uint32_t>& order) {
  if (action != RlwsPolicy::NoInstr && order.empty())
    throw Error("rlws_top: action " + std::to_string(action) + " with no warp to issue");
}

template class RtlRlPolicy<RlwsBlock>;

}  // namespace scwarp::cosim

SCWARP_REGISTER_RTL_ISSUE_POLICY(scwarp::cosim::RtlRlwsPolicy, "rlws")
