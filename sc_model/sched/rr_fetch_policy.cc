#include "sc_model/sched/rr_fetch_policy.h"

#include "sc_model/sched/registry.h"
#include "sc_model/sched/round_robin.h"

namespace scwarp::sched {

RrFetchPolicy::RrFetchPolicy(const PolicyContext&) {}

uint32_t RrFetchPolicy::choose(const SmView&, std::span<const uint32_t> fetchable, IssuePolicy&) {
  if (fetchable.empty()) return kNoWarp;
  return fetchable[round_robin_start(fetchable, last_fetched_)];
}

void RrFetchPolicy::on_fetch(const SmView&, uint32_t warp) { last_fetched_ = warp; }

}  // namespace scwarp::sched

SCWARP_REGISTER_FETCH_POLICY(scwarp::sched::RrFetchPolicy, "rr",
                             "round robin from the warp after the last fetched (seed 001 Sec. 2.2)")
