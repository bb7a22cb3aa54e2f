#include "sc_model/sched/fef_fetch_policy.h"

#include "sc_model/sched/registry.h"
#include "sc_model/sched/round_robin.h"

namespace scwarp::sched {

FefFetchPolicy::FefFetchPolicy(const PolicyContext&) {}

uint32_t FefFetchPolicy::choose(const SmView& sm, std::span<const uint32_t> fetchable, IssuePolicy&) {
  if (fetchable.empty()) return kNoWarp;
  const size_t start = round_robin_start(fetchable, last_fetched_);
  uint32_t best = fetchable[start];
  for (size_t k = 1; k < fetchable.size(); ++k) {
    const uint32_t w = fetchable[(start + k) % fetchable.size()];
    if (sm.warps[w].ibuffer_count < sm.warps[best].ibuffer_count) best = w;
  }
  return best;
}

void FefFetchPolicy::on_fetch(const SmView&, uint32_t warp) { last_fetched_ = warp; }

}  // namespace scwarp::sched

SCWARP_REGISTER_FETCH_POLICY(scwarp::sched::FefFetchPolicy, "fef",
                             "fewest-entries-first: fewest I-buffer entries, ties round robin (seed 001 Sec. 6.2)")
