#include "sc_model/sched/saws_policy.h"

#include "sc_model/sched/registry.h"

namespace scwarp::sched {

SawsPolicy::SawsPolicy(const PolicyContext& ctx) : hit_(ctx.max_tbs, kNoHit), order_(ctx, IntraTbOrder::Gto) {}

void SawsPolicy::order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                       std::vector<uint32_t>& out) {
  auto before = [this, &sm](uint32_t a, uint32_t b) {
    if (hit_[a] != hit_[b]) return hit_[a] < hit_[b];
    return sm.tbs[a].id < sm.tbs[b].id;
  };
  order_.append(sm, sched, warps, before, out);
}

void SawsPolicy::on_issue(const SmView& sm, uint32_t warp, uint32_t) { order_.on_issue(sm, warp); }

void SawsPolicy::on_barrier_arrive(const SmView& sm, uint32_t warp) {
  uint64_t& hit = hit_.at(sm.warps[warp].tb_slot);
  if (hit == kNoHit) hit = sm.cycle;
}

void SawsPolicy::on_barrier_release(const SmView&, uint32_t tb_slot) { hit_.at(tb_slot) = kNoHit; }

void SawsPolicy::on_warp_exit(const SmView& sm, uint32_t warp) { order_.on_warp_exit(sm, warp); }

void SawsPolicy::on_tb_launch(const SmView&, uint32_t tb_slot) {
  hit_.at(tb_slot) = kNoHit;
  order_.on_tb_launch(tb_slot);
}

}  // namespace scwarp::sched

SCWARP_REGISTER_ISSUE_POLICY(scwarp::sched::SawsPolicy, "saws",
                             "SAWS as seed 001 Sec. 6.6 describes it: TBs by first barrier-hit time, GTO inside")
