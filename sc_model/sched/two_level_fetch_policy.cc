#include "sc_model/sched/two_level_fetch_policy.h"

#include "sc_model/sched/registry.h"

namespace scwarp::sched {

TwoLevelFetchPolicy::TwoLevelFetchPolicy(const PolicyContext& ctx) : groups_(ctx, 1, "two_level fetch policy") {
  order_.reserve(ctx.max_warps);
}

uint32_t TwoLevelFetchPolicy::choose(const SmView& sm, std::span<const uint32_t> fetchable, IssuePolicy&) {
  groups_.update(sm, 0);
  if (fetchable.empty()) return kNoWarp;
  order_.clear();
  groups_.append_order(0, fetchable, order_);
  return order_.front();
}

void TwoLevelFetchPolicy::on_fetch(const SmView& sm, uint32_t warp) {
  (void)sm;
  groups_.served(warp);
}

}  // namespace scwarp::sched

SCWARP_REGISTER_FETCH_POLICY(scwarp::sched::TwoLevelFetchPolicy, "two_level",
                             "two-level fetch: fetch groups, the prioritised one first, switched when all its warps "
                             "wait long or after the timeout (seed 002 Sec. 3.2-3.3)")
