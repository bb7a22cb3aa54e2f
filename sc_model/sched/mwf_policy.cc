#include "sc_model/sched/mwf_policy.h"

#include "sc_model/sched/registry.h"

namespace scwarp::sched {

MwfPolicy::MwfPolicy(const PolicyContext& ctx, IntraTbOrder intra)
    : wpt_(ctx.max_tbs, 0), named_barriers_(ctx.cfg.mwf_named_barriers), order_(ctx, intra) {}

void MwfPolicy::order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                      std::vector<uint32_t>& out) {
  auto before = [this, &sm](uint32_t a, uint32_t b) {
    if (wpt_[a] != wpt_[b]) return wpt_[a] > wpt_[b];
    return sm.tbs[a].id < sm.tbs[b].id;
  };
  order_.append(sm, sched, warps, before, out);
}

void MwfPolicy::on_issue(const SmView& sm, uint32_t warp, uint32_t) { order_.on_issue(sm, warp); }

void MwfPolicy::on_barrier_arrive(const SmView& sm, uint32_t warp) { ++wpt_.at(sm.warps[warp].tb_slot); }

// Per named barrier (bar.sync N, N < 16), the TB's entry is the sum of one
// counter per barrier; a release zeroes its barrier's counter, which leaves
// the warps still waiting at the TB's other barriers: the SM has recounted
// them into warps_at_barrier before this event.
void MwfPolicy::on_barrier_release(const SmView& sm, uint32_t tb_slot) {
  wpt_.at(tb_slot) = named_barriers_ ? sm.tbs[tb_slot].warps_at_barrier : 0;
}

void MwfPolicy::on_warp_exit(const SmView& sm, uint32_t warp) { order_.on_warp_exit(sm, warp); }

void MwfPolicy::on_tb_launch(const SmView&, uint32_t tb_slot) {
  wpt_.at(tb_slot) = 0;
  order_.on_tb_launch(tb_slot);
}

}  // namespace scwarp::sched

SCWARP_REGISTER_ISSUE_POLICY(scwarp::sched::MwfVariant<scwarp::sched::IntraTbOrder::Lrr>, "mwf_lrr",
                             "BAWS most-waiting-first: TBs by warps at barrier, LRR inside a TB (seed 001 Sec. 4.1)")
SCWARP_REGISTER_ISSUE_POLICY(scwarp::sched::MwfVariant<scwarp::sched::IntraTbOrder::Gto>, "mwf_gto",
                             "BAWS most-waiting-first: TBs by warps at barrier, GTO inside a TB (seed 001 Sec. 4.1)")
