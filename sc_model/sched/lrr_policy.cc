#include "sc_model/sched/lrr_policy.h"

#include "sc_model/sched/registry.h"
#include "sc_model/sched/round_robin.h"

namespace scwarp::sched {

LrrPolicy::LrrPolicy(const PolicyContext& ctx)
    : last_issued_(ctx.schedulers, kNoWarp), answer_at_(ctx.schedulers, SIZE_MAX) {}

void LrrPolicy::order(const SmView&, uint32_t sched, std::span<const uint32_t> warps,
                      std::vector<uint32_t>& out) {
  append_round_robin(warps, last_issued_.at(sched), out);
}

// The round robin searched in place: no order written out. Where the last
// answer sat in `warps` is kept: it is where the warp issued last still is
// unless the scheduler's warps changed, which the check notices.
uint32_t LrrPolicy::first_issuable(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                                   std::vector<uint32_t>&) {
  const uint32_t last = last_issued_.at(sched);
  size_t& at = answer_at_[sched];
  const size_t start = at < warps.size() && warps[at] == last ? (at + 1) % warps.size()
                                                               : round_robin_start(warps, last);
  for (size_t i = start; i < warps.size(); ++i)
    if (can_issue(sm, warps[i])) return warps[at = i];
  for (size_t i = 0; i < start; ++i)
    if (can_issue(sm, warps[i])) return warps[at = i];
  return kNoWarp;
}

void LrrPolicy::on_issue(const SmView& sm, uint32_t warp, uint32_t) {
  last_issued_.at(sm.warps[warp].scheduler) = warp;
}

}  // namespace scwarp::sched

SCWARP_REGISTER_ISSUE_POLICY(scwarp::sched::LrrPolicy, "lrr",
                             "loose round robin from the warp after the last issued (seed 001 Sec. 2.2)")
