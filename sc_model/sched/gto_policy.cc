#include "sc_model/sched/gto_policy.h"

#include <algorithm>
#include <tuple>

#include "sc_model/sched/registry.h"

namespace scwarp::sched {

GtoPolicy::GtoPolicy(const PolicyContext& ctx) : greedy_(ctx.schedulers, kNoWarp) {
  runs_.reserve(ctx.max_warps);
}

// Sorting the runs of same-TB warps (each run ascending by slot) by
// (launch cycle, launch order, first slot) gives exactly the per-warp order
// (age, launch order, slot), but sorts a handful of TBs instead of every warp.
void GtoPolicy::order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                      std::vector<uint32_t>& out) {
  const uint32_t greedy = greedy_.at(sched);
  const bool has_greedy = greedy_still_runs(sm, greedy, warps);
  if (has_greedy) out.push_back(greedy);
  find_runs(sm, warps, has_greedy ? greedy : kNoWarp);
  auto age = [&sm, warps](const Run& r) {
    const TbView& tb = sm.tbs[r.tb_slot];
    return std::tuple(tb.launch_cycle, tb.launch_order, warps[r.begin]);
  };
  std::sort(runs_.begin(), runs_.end(), [&age](const Run& a, const Run& b) { return age(a) < age(b); });
  for (const Run& r : runs_) out.insert(out.end(), warps.begin() + r.begin, warps.begin() + r.end);
}

// The greedy warp heads the order: when it can issue, the rest is not needed.
uint32_t GtoPolicy::first_issuable(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                                   std::vector<uint32_t>& scratch) {
  const uint32_t greedy = greedy_.at(sched);
  if (greedy_still_runs(sm, greedy, warps) && can_issue(sm, greedy)) return greedy;
  return IssuePolicy::first_issuable(sm, sched, warps, scratch);
}

void GtoPolicy::find_runs(const SmView& sm, std::span<const uint32_t> warps, uint32_t skip) {
  runs_.clear();
  for (uint32_t i = 0; i < warps.size(); ++i) {
    if (warps[i] == skip) continue;
    const uint32_t tb = sm.warps[warps[i]].tb_slot;
    const bool extends = !runs_.empty() && runs_.back().end == i && runs_.back().tb_slot == tb;
    if (extends) {
      ++runs_.back().end;
    } else {
      runs_.push_back(Run{i, i + 1, tb});
    }
  }
}

bool GtoPolicy::greedy_still_runs(const SmView& sm, uint32_t greedy,
                                  std::span<const uint32_t> warps) const {
  if (greedy == kNoWarp || !std::binary_search(warps.begin(), warps.end(), greedy)) return false;
  const WarpView& w = sm.warps[greedy];
  return w.valid && w.wait != WarpWait::Exited;
}

void GtoPolicy::on_issue(const SmView& sm, uint32_t warp, uint32_t) {
  greedy_.at(sm.warps[warp].scheduler) = warp;
}

// A new TB may reuse the slot; its warp must not inherit the greedy place.
void GtoPolicy::on_warp_exit(const SmView& sm, uint32_t warp) {
  uint32_t& greedy = greedy_.at(sm.warps[warp].scheduler);
  if (greedy == warp) greedy = kNoWarp;
}

}  // namespace scwarp::sched

SCWARP_REGISTER_ISSUE_POLICY(scwarp::sched::GtoPolicy, "gto",
                             "greedy then oldest: last issued warp, then oldest TB first (seed 001 Sec. 2.2)")
