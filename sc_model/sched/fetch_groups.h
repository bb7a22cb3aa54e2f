// Seed 002's fetch groups (Sec. 3.2), shared by the issue-side `two_level`
// policy and the fetch-side `two_level` fetch policy: the warps of a
// scheduler (the fetch side: of the SM, one "scheduler") are split into
// fixed groups of -scwarp_two_level_group_size consecutive warps. One group
// is prioritised; warps are served round robin inside each group, groups in
// round-robin order from the prioritised one. The prioritised group gives
// way to the next when every one of its warps waits long (waits_long()), or
// after -scwarp_two_level_timeout instructions served from it (Sec. 3.3's
// timeout, so a group that never stalls does not starve the others).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "sc_model/sched/policy.h"

namespace scwarp::sched {

class FetchGroups {
 public:
  // `schedulers`: warp slot s belongs to scheduler s % schedulers, as its
  // local warp s / schedulers; the fetch side passes 1 (one SM-wide set).
  FetchGroups(const PolicyContext& ctx, uint32_t schedulers, const char* who);

  // Once per cycle and scheduler (a second call in the same cycle changes
  // nothing): moves the priority on when the rules above say so.
  void update(const SmView& sm, uint32_t sched);
  // Appends `warps` (the scheduler's, ascending slot): the prioritised group
  // first, each group round robin from the warp after the one served last.
  void append_order(uint32_t sched, std::span<const uint32_t> warps, std::vector<uint32_t>& out);
  // An instruction of `warp` was served (issued, or fetched).
  void served(uint32_t warp);

  uint32_t group_of(uint32_t slot) const { return group_of_slot_.at(slot); }
  uint32_t active_group(uint32_t sched) const { return active_group_.at(sched); }
  uint32_t groups_per_scheduler() const { return groups_; }

 private:
  void find_group_runs(std::span<const uint32_t> warps);
  bool group_stalled(const SmView& sm, uint32_t sched, uint32_t group) const;
  uint32_t scheduler_of(uint32_t slot) const { return slot % schedulers_; }

  uint32_t schedulers_, group_size_, groups_;
  uint64_t timeout_;                     // 0: no timeout
  std::vector<uint32_t> group_of_slot_;  // precomputed: no division per warp per cycle
  std::vector<uint32_t> group_begin_;    // append_order()'s buffer: where each group starts in `warps`
  std::vector<uint32_t> active_group_;   // per scheduler
  std::vector<uint64_t> served_in_active_;  // per scheduler: instructions served since its group got priority
  std::vector<uint64_t> updated_cycle_;  // per scheduler: the cycle update() last ran
  std::vector<uint32_t> last_in_group_;  // [sched * groups_ + group]: slot served last, or kNoWarp
};

}  // namespace scwarp::sched
