// Two-level round robin with fetch groups (seed 002 Sec. 3.2, Narasiman et
// al.): each scheduler's warps are split into fixed fetch groups of
// -scwarp_two_level_group_size consecutive warps. The active group's warps come
// first, round robin among themselves; the other groups follow in round-robin
// group order. Once every warp of the active group is stalled on a long
// latency operation, the next group becomes the active one and the old one
// drops to the last place. docs/schedulers.md says what counts as stalled.
#pragma once

#include <vector>

#include "sc_model/sched/policy.h"

namespace scwarp::sched {

class TwoLevelPolicy : public IssuePolicy {
 public:
  explicit TwoLevelPolicy(const PolicyContext& ctx);

  // Switches the active group first when it is all stalled (at most one
  // switch per call, as hardware checking once per cycle would).
  void order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) override;
  void on_issue(const SmView& sm, uint32_t warp, uint32_t active_threads) override;

  // Fetch group of a warp slot within its scheduler.
  uint32_t group_of(uint32_t slot) const {
    return slot < group_of_slot_.size() ? group_of_slot_[slot] : slot / schedulers_ / group_size_;
  }
  uint32_t active_group(uint32_t sched) const { return active_group_.at(sched); }
  uint32_t groups_per_scheduler() const { return groups_; }

 private:
  void find_group_runs(std::span<const uint32_t> warps);
  bool group_stalled(const SmView& sm, uint32_t sched, uint32_t group) const;

  uint32_t schedulers_, group_size_, groups_;
  std::vector<uint32_t> group_of_slot_;  // group_of() precomputed: no division per warp per cycle
  std::vector<uint32_t> group_begin_;    // order()'s buffer: index in `warps` where each group starts
  std::vector<uint32_t> active_group_;   // per scheduler
  std::vector<uint32_t> last_in_group_;  // [sched * groups_ + group]: slot issued last, or kNoWarp
};

}  // namespace scwarp::sched
