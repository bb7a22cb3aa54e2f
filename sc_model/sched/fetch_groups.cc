#include "sc_model/sched/fetch_groups.h"

#include <algorithm>
#include <string>

#include "sc_model/common/error.h"
#include "sc_model/sched/registry.h"
#include "sc_model/sched/round_robin.h"

namespace scwarp::sched {
namespace {

uint32_t ceil_div(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

uint32_t checked_group_size(const PolicyContext& ctx, const char* who) {
  const uint32_t size = config::policy_count(ctx.cfg, "scwarp_two_level_group_size");
  if (size == 0) {
    throw Error(std::string(who) + " on SM " + std::to_string(ctx.sm) +
                ": two_level_group_size (-scwarp_two_level_group_size) must be at least 1");
  }
  return size;
}

}  // namespace

SCWARP_REGISTER_POLICY_OPTION(config::count_option("scwarp_two_level_group_size", "8",
                                                   "two_level (issue and fetch): warps per fetch group", 1));
SCWARP_REGISTER_POLICY_OPTION(config::count_option(
    "scwarp_two_level_timeout", "32768",
    "two_level (issue and fetch): instructions served from the prioritised group before the next group gets "
    "priority (seed 002 Sec. 3.3's 32K); 0: no timeout"));

FetchGroups::FetchGroups(const PolicyContext& ctx, uint32_t schedulers, const char* who)
    : schedulers_(std::max(schedulers, 1u)),
      group_size_(checked_group_size(ctx, who)),
      groups_(std::max(ceil_div(ceil_div(ctx.max_warps, schedulers_), group_size_), 1u)),
      timeout_(config::policy_count(ctx.cfg, "scwarp_two_level_timeout")),
      group_begin_(groups_ + 1),
      active_group_(schedulers_, 0),
      served_in_active_(schedulers_, 0),
      updated_cycle_(schedulers_, ~uint64_t(0)),
      last_in_group_(static_cast<size_t>(schedulers_) * groups_, kNoWarp) {
  group_of_slot_.resize(ctx.max_warps);
  for (uint32_t slot = 0; slot < ctx.max_warps; ++slot) group_of_slot_[slot] = slot / schedulers_ / group_size_;
}

void FetchGroups::update(const SmView& sm, uint32_t sched) {
  if (updated_cycle_.at(sched) == sm.cycle) return;
  updated_cycle_[sched] = sm.cycle;
  uint32_t& active = active_group_[sched];
  const bool timed_out = timeout_ != 0 && served_in_active_[sched] >= timeout_;
  if (!timed_out && !group_stalled(sm, sched, active)) return;
  active = (active + 1) % groups_;
  served_in_active_[sched] = 0;
}

void FetchGroups::append_order(uint32_t sched, std::span<const uint32_t> warps, std::vector<uint32_t>& out) {
  find_group_runs(warps);
  const uint32_t active = active_group_.at(sched);
  for (uint32_t k = 0; k < groups_; ++k) {
    const uint32_t group = (active + k) % groups_;
    append_round_robin(warps.subspan(group_begin_[group], group_begin_[group + 1] - group_begin_[group]),
                       last_in_group_[sched * groups_ + group], out);
  }
}

void FetchGroups::served(uint32_t warp) {
  const uint32_t sched = scheduler_of(warp), group = group_of(warp);
  last_in_group_.at(static_cast<size_t>(sched) * groups_ + group) = warp;
  if (group == active_group_[sched]) ++served_in_active_[sched];
}

// `warps` ascends by slot, so each group's warps form one contiguous run:
// group g is warps[group_begin_[g] .. group_begin_[g+1]).
void FetchGroups::find_group_runs(std::span<const uint32_t> warps) {
  uint32_t i = 0;
  for (uint32_t group = 0; group < groups_; ++group) {
    group_begin_[group] = i;
    while (i < warps.size() && warps[i] < group_of_slot_.size() && group_of(warps[i]) == group) ++i;
  }
  group_begin_[groups_] = i;
  if (i != warps.size()) {
    throw Error("two_level: warp slot " + std::to_string(warps[i]) + " is beyond the SM's " +
                std::to_string(group_of_slot_.size()) + " warp slots");
  }
}

bool FetchGroups::group_stalled(const SmView& sm, uint32_t sched, uint32_t group) const {
  const uint32_t first_local = group * group_size_;
  for (uint32_t local = first_local; local < first_local + group_size_; ++local) {
    const size_t slot = static_cast<size_t>(local) * schedulers_ + sched;
    if (slot < sm.warps.size() && !waits_long(sm.warps[slot])) return false;
  }
  return true;
}

}  // namespace scwarp::sched
