#include "sc_model/sm/trace_probe.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace scwarp::sm {

bool ranks_tbs(const std::string& policy) {
  constexpr std::array<std::string_view, 5> kRanking{"pro", "mwf", "saws", "rlws", "vtw"};
  return std::any_of(kRanking.begin(), kRanking.end(), [&](std::string_view p) { return policy.starts_with(p); });
}

TraceProbe::TraceProbe(stats::TraceSink& sink, const WarpTable& table, uint32_t sm, bool ranks_tbs)
    : sink_(sink), table_(table), sm_(sm), ranks_tbs_(ranks_tbs), last_sched_(table.schedulers()),
      last_warp_(table.warps().size()) {}

void TraceProbe::scheduler_cycle(uint32_t sched, uint32_t issued, Stall stall, uint64_t cycle) {
  const stats::Activity what = issued == sched::kNoWarp ? activity_of(stall) : stats::Activity::Issue;
  last_sched_[sched] = what;
  sink_.scheduler_cycles(sm_, sched, what, cycle, 1);
  for (uint32_t w : table_.scheduler_warps(sched)) {
    const sched::WarpWait wait = table_.warp_views()[w].wait;
    if (w == issued)
      warp_cycle(w, stats::Activity::Issue, cycle);
    else
      warp_cycle(w, wait == sched::WarpWait::Ready ? stats::Activity::Ready : activity_of(stall_of(wait)), cycle);
  }
}

void TraceProbe::warp_cycle(uint32_t w, stats::Activity what, uint64_t cycle) {
  const sched::WarpView& v = table_.warp_views()[w];
  Last& last = last_warp_[w];
  last.what = what;
  last.owner = {table_.tb_views()[v.tb_slot].id, v.warp_in_tb,
                what == stats::Activity::Barrier ? table_.warps()[w].warp->barrier() : 0};
  sink_.warp_cycles(sm_, w, what, last.owner, cycle, 1);
}

// The warps are the last tick's: nothing changed since.
void TraceProbe::repeat(uint64_t from, uint64_t count) {
  for (uint32_t s = 0; s < last_sched_.size(); ++s) {
    sink_.scheduler_cycles(sm_, s, last_sched_[s], from, count);
    for (uint32_t w : table_.scheduler_warps(s))
      sink_.warp_cycles(sm_, w, last_warp_[w].what, last_warp_[w].owner, from, count);
  }
}

void TraceProbe::order_seen(std::span<const uint32_t> order, uint64_t cycle) {
  if (!ranks_tbs_) return;
  seen_order_.clear();
  for (uint32_t w : order) {
    const uint32_t t = table_.warp_views()[w].tb_slot;
    if (std::find(seen_order_.begin(), seen_order_.end(), t) == seen_order_.end()) seen_order_.push_back(t);
  }
  if (seen_order_ == tb_order_) return;
  tb_order_ = seen_order_;
  sink_.tb_priority(sm_, tb_order_, cycle);
}

void TraceProbe::barrier_released(uint32_t tb_slot, uint32_t barrier, uint32_t warps, uint64_t cycle) {
  sink_.barrier_released(sm_, tb_slot, table_.tb_views()[tb_slot].id, barrier, warps, cycle);
}

}  // namespace scwarp::sm
