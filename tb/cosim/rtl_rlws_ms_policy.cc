#include "tb/cosim/rtl_rlws_ms_policy.h"

#include "Vrlws_ms_top.h"
#include "Vrlws_ms_top___024root.h"
#include "sc_model/sched/registry.h"
#include "tb/cosim/rtl_rl_policy_impl.h"

namespace scwarp::cosim {

using sched::SmView;
using sched::WarpView;

// live_i covers every slot: GTO's greedy warp is checked whatever the
// scheduler's list holds (RlwsMsPolicy's live()).
void RlwsMsBlock::drive_warps(Top& t, const SmView& sm, uint32_t port, std::span<const uint32_t> warps) {
  uint64_t mine = 0, live = 0, can = 0, barrier = 0, finished = 0;
  for (const WarpView& v : sm.warps)
    if (v.valid && v.wait != sched::WarpWait::Exited) live |= uint64_t(1) << v.slot;
  for (uint32_t w : warps) {
    const WarpView& v = sm.warps[w];
    const sched::TbView& tb = sm.tbs[v.tb_slot];
    mine |= uint64_t(1) << w;
    can |= uint64_t(sched::can_issue(v, sm.units)) << w;
    if (!(live >> w & 1)) continue;
    barrier |= uint64_t(tb.warps_at_barrier > 0) << w;
    finished |= uint64_t(tb.warps_exited > 0) << w;
    put_field(t.age_i, w * kRlAgeBits, kRlAgeBits, rl_age_key(sm, v, kTop));
  }
  put_field(t.mine_i, port * kRtlWarps, kRtlWarps, mine);
  t.live_i = live;
  t.can_issue_i = can;
  t.barrier_tb_i = barrier;
  t.finished_tb_i = finished;
}

uint64_t RlwsMsBlock::order_warps(const Top& t, uint32_t) { return t.order_o; }

template class RtlRlPolicy<RlwsMsBlock>;

}  // namespace scwarp::cosim

SCWARP_REGISTER_RTL_ISSUE_POLICY(scwarp::cosim::RtlRlwsMsPolicy, "rlws_ms")
