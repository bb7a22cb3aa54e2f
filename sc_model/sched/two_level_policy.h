// Two-level round robin with fetch groups (seed 002 Sec. 3.2, Narasiman et
// al.) at issue: each scheduler's warps in fixed fetch groups (fetch_groups.h:
// the prioritised group first, round robin inside; the priority moves on when
// the whole group waits long or after the timeout). The fetch-side version is
// the `two_level` fetch policy (two_level_fetch_policy.h). docs/schedulers.md.
#pragma once

#include <vector>

#include "sc_model/sched/fetch_groups.h"
#include "sc_model/sched/policy.h"

namespace scwarp::sched {

class TwoLevelPolicy : public IssuePolicy {
 public:
  explicit TwoLevelPolicy(const PolicyContext& ctx);

  // Moves the priority first when due (once per cycle and scheduler).
  void order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) override;
  void on_issue(const SmView& sm, uint32_t warp, uint32_t active_threads) override;

  uint32_t group_of(uint32_t slot) const { return groups_.group_of(slot); }
  uint32_t active_group(uint32_t sched) const { return groups_.active_group(sched); }
  uint32_t groups_per_scheduler() const { return groups_.groups_per_scheduler(); }

 private:
  FetchGroups groups_;
};

}  // namespace scwarp::sched
