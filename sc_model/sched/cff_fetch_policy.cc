#include "sc_model/sched/cff_fetch_policy.h"

#include <algorithm>

#include "sc_model/sched/registry.h"

namespace scwarp::sched {

CffFetchPolicy::CffFetchPolicy(const PolicyContext& ctx)
    : schedulers_(std::max(ctx.schedulers, 1u)), warps_(schedulers_), orders_(schedulers_) {
  for (uint32_t s = 0; s < schedulers_; ++s) {
    warps_[s].reserve(ctx.max_warps);
    orders_[s].reserve(ctx.max_warps);
  }
}

uint32_t CffFetchPolicy::choose(const SmView& sm, std::span<const uint32_t> fetchable, IssuePolicy& issue) {
  if (fetchable.empty()) return kNoWarp;
  for (uint32_t s = 0; s < schedulers_; ++s) {
    warps_[s].clear();
    orders_[s].clear();
  }
  for (const WarpView& w : sm.warps) {
    if (w.valid) warps_.at(w.scheduler).push_back(w.slot);
  }
  for (uint32_t s = 0; s < schedulers_; ++s) {
    if (!warps_[s].empty()) issue.order(sm, s, warps_[s], orders_[s]);
  }
  return pick(sm, fetchable);
}

// The first warp of the merged order in the lowest class present (header).
uint32_t CffFetchPolicy::pick(const SmView& sm, std::span<const uint32_t> fetchable) const {
  size_t ranks = 0;
  for (const auto& o : orders_) ranks = std::max(ranks, o.size());
  uint32_t best = kNoWarp, best_class = 4;
  for (size_t r = 0; r < ranks && best_class > 0; ++r) {
    for (uint32_t k = 0; k < schedulers_ && best_class > 0; ++k) {
      const std::vector<uint32_t>& o = orders_[(first_sched_ + k) % schedulers_];
      if (r >= o.size()) continue;
      const uint32_t w = o[r];
      if (!std::binary_search(fetchable.begin(), fetchable.end(), w)) continue;
      const WarpView& v = sm.warps[w];
      const uint32_t cls = (v.ibuffer_count != 0 ? 2u : 0u) + (v.wait == WarpWait::Barrier ? 1u : 0u);
      if (cls < best_class) {
        best = w;
        best_class = cls;
      }
    }
  }
  return best;
}

void CffFetchPolicy::on_fetch(const SmView& sm, uint32_t warp) {
  first_sched_ = (sm.warps[warp].scheduler + 1) % schedulers_;
}

}  // namespace scwarp::sched

SCWARP_REGISTER_FETCH_POLICY(scwarp::sched::CffFetchPolicy, "cff",
                             "critical-fetch-first: the warp the issue policy orders first (seed 001 Sec. 4.2)")
