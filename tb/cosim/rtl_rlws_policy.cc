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
  constexpr unsigned kClassBits = 2;   // class_bits_i: bit plane b holds bit b of every warp's class
  uint64_t mine = 0, can = 0, classes[kClassBits] = {};
  for (uint32_t w : warps) {
    const WarpView& v = sm.warps[w];
    mine |= uint64_t(1) << w;
    if (!sched::can_issue(v, sm.units)) continue;
    can |= uint64_t(1) << w;
    const uint32_t pipe = uint32_t(sched::pipe_of(v, sm.units));
    for (unsigned b = 0; b < kClassBits; ++b) classes[b] |= uint64_t(pipe >> b & 1) << w;
    put_field(t.age_i, w * kRlAgeBits, kRlAgeBits, rl_age_key(sm, v, kTop));
  }
  // The other schedulers' warps keep their bits: mine_i leaves them out.
  for (unsigned b = 0; b < kClassBits; ++b)
    put_field(t.class_bits_i, b * kRtlWarps, kRtlWarps,
              (get_field(t.class_bits_i, b * kRtlWarps, kRtlWarps) & ~mine) | classes[b]);
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
