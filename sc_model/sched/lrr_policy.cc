#include "sc_model/sched/lrr_policy.h"

#include "sc_model/sched/registry.h"
#include "sc_model/sched/round_robin.h"

namespace scwarp::sched {

LrrPolicy::LrrPolicy(const PolicyContext& ctx) : last_issued_(ctx.schedulers, kNoWarp) {}

void LrrPolicy::order(const SmView&, uint32_t sched, std::span<const uint32_t> warps,
                      std::vector<uint32_t>& out) {
  append_round_robin(warps, last_issued_.at(sched), out);
}

// The round robin searched in place: no order written out.
uint32_t LrrPolicy::first_issuable(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                                   std::vector<uint32_t>&) {
  const size_t start = round_robin_start(warps, last_issued_.at(sched));
  for (size_t i = start; i < warps.size(); ++i)
    if (can_issue(sm, warps[i])) return warps[i];
  for (size_t i = 0; i < start; ++i)
    if (can_issue(sm, warps[i])) return warps[i];
  return kNoWarp;
}

void LrrPolicy::on_issue(const SmView& sm, uint32_t warp, uint32_t) {
  last_issued_.at(sm.warps[warp].scheduler) = warp;
}

}  // namespace scwarp::sched

SCWARP_REGISTER_ISSUE_POLICY(scwarp::sched::LrrPolicy, "lrr",
                             "loose round robin from the warp after the last issued (seed 001 Sec. 2.2)")
