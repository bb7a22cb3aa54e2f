#include "sc_model/sched/two_level_active_policy.h"

#include <algorithm>
#include <string>

#include "sc_model/common/error.h"
#include "sc_model/sched/registry.h"

namespace scwarp::sched {
namespace {

uint32_t checked_active_warps(const PolicyContext& ctx) {
  if (ctx.cfg.two_level_active_warps == 0)
    throw Error("two_level_active scheduler on SM " + std::to_string(ctx.sm) +
                ": the active set (-gpgpu_scheduler two_level_active:<N>:0:1) needs N >= 1");
  return ctx.cfg.two_level_active_warps;
}

}  // namespace

TwoLevelActivePolicy::TwoLevelActivePolicy(const PolicyContext& ctx)
    : max_active_(checked_active_warps(ctx)), lists_(std::max(ctx.schedulers, 1u)) {
  const uint32_t schedulers = uint32_t(lists_.size());
  for (uint32_t slot = 0; slot < ctx.max_warps; ++slot) {
    Lists& lists = lists_[slot % schedulers];
    if (lists.active.size() < max_active_)
      lists.active.push_back(slot);
    else
      lists.pending.push_back(slot);
  }
}

void TwoLevelActivePolicy::round(const SmView& sm, Lists& lists) {
  if (lists.round_cycle == sm.cycle) return;
  lists.round_cycle = sm.cycle;
  size_t kept = 0;
  for (uint32_t w : lists.active) {
    if (waits_long(sm.warps[w]))
      lists.pending.push_back(w);
    else
      lists.active[kept++] = w;
  }
  lists.active.resize(kept);
  while (lists.active.size() < max_active_ && !lists.pending.empty()) {
    lists.active.push_back(lists.pending.front());
    lists.pending.pop_front();
  }
}

void TwoLevelActivePolicy::order(const SmView& sm, uint32_t sched, std::span<const uint32_t>,
                                 std::vector<uint32_t>& out) {
  Lists& lists = lists_.at(sched);
  round(sm, lists);
  for (uint32_t w : lists.active)
    if (sm.warps[w].valid) out.push_back(w);
}

void TwoLevelActivePolicy::on_issue(const SmView& sm, uint32_t warp, uint32_t) {
  std::vector<uint32_t>& active = lists_.at(sm.warps[warp].scheduler).active;
  auto issued = std::find(active.begin(), active.end(), warp);
  if (issued == active.end())
    throw Error("two_level_active scheduler: warp slot " + std::to_string(warp) + " issued from outside the active set");
  std::rotate(active.begin(), issued + 1, active.end());
}

void TwoLevelActivePolicy::on_no_issue(const SmView& sm, uint32_t sched) { round(sm, lists_.at(sched)); }

bool TwoLevelActivePolicy::changes_by_itself(const SmView& sm) const {
  return std::any_of(lists_.begin(), lists_.end(), [&](const Lists& lists) {
    return !lists.pending.empty() &&
           std::any_of(lists.active.begin(), lists.active.end(), [&](uint32_t w) { return waits_long(sm.warps[w]); });
  });
}

}  // namespace scwarp::sched

SCWARP_REGISTER_ISSUE_POLICY(scwarp::sched::TwoLevelActivePolicy, "two_level_active",
                             "GPGPU-Sim's two_level_active:N:0:1: N active warps per scheduler, waiting ones "
                             "swapped with the pending queue (seeds 000, 003, 004's TL)")
