// Two-level scheduling at fetch, as seed 002 defines it (Sec. 3.2-3.3): the
// SM's warps in fixed fetch groups (fetch_groups.h, one SM-wide set), the
// prioritised group fetched first, round robin inside each group; the
// priority moves on when every warp of the group waits long or after
// -scwarp_two_level_timeout fetches from it. With barrel fetch
// (-scwarp_fetch_barrel 1) and round-robin issue this is the paper's
// two-level core. docs/schedulers.md.
#pragma once

#include <vector>

#include "sc_model/sched/fetch_groups.h"
#include "sc_model/sched/policy.h"

namespace scwarp::sched {

class TwoLevelFetchPolicy : public FetchPolicy {
 public:
  explicit TwoLevelFetchPolicy(const PolicyContext& ctx);

  uint32_t choose(const SmView& sm, std::span<const uint32_t> fetchable, IssuePolicy& issue) override;
  void on_fetch(const SmView& sm, uint32_t warp) override;

 private:
  FetchGroups groups_;
  std::vector<uint32_t> order_;  // reused
};

}  // namespace scwarp::sched
