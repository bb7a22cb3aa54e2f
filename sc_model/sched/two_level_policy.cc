#include "sc_model/sched/two_level_policy.h"

#include "sc_model/sched/registry.h"

namespace scwarp::sched {

TwoLevelPolicy::TwoLevelPolicy(const PolicyContext& ctx) : groups_(ctx, ctx.schedulers, "two_level scheduler") {}

void TwoLevelPolicy::order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                           std::vector<uint32_t>& out) {
  groups_.update(sm, sched);
  groups_.append_order(sched, warps, out);
}

void TwoLevelPolicy::on_issue(const SmView& sm, uint32_t warp, uint32_t) {
  (void)sm;
  groups_.served(warp);
}

}  // namespace scwarp::sched

SCWARP_REGISTER_ISSUE_POLICY(scwarp::sched::TwoLevelPolicy, "two_level",
                             "two-level round robin over fetch groups (seed 002 Sec. 3.2)")
