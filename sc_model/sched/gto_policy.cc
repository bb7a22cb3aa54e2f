#include "sc_model/sched/gto_policy.h"

#include <algorithm>
#include <tuple>

#include "sc_model/sched/registry.h"

namespace scwarp::sched {

GtoPolicy::GtoPolicy(const PolicyContext& ctx) : greedy_(ctx.schedulers, kNoWarp) {}

void GtoPolicy::order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                      std::vector<uint32_t>& out) {
  const uint32_t greedy = greedy_.at(sched);
  const bool has_greedy = greedy_still_runs(sm, greedy, warps);
  if (has_greedy) out.push_back(greedy);
  const size_t first_by_age = out.size();
  for (uint32_t w : warps) {
    if (!has_greedy || w != greedy) out.push_back(w);
  }
  auto age = [&sm](uint32_t w) {
    const TbView& tb = sm.tbs[sm.warps[w].tb_slot];
    return std::tuple(tb.launch_cycle, tb.launch_order, w);
  };
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first_by_age), out.end(),
            [&age](uint32_t a, uint32_t b) { return age(a) < age(b); });
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
