#include "sc_model/sched/pro_policy.h"

#include <algorithm>
#include <string>

#include "sc_model/common/error.h"
#include "sc_model/sched/registry.h"

namespace scwarp::sched {
namespace {

bool in_remaining_set(ProTbState s) { return s == ProTbState::NoWait || s == ProTbState::FinishNoWait; }

// Sorts TB slots by `count` (warps finished or at the barrier) decreasing,
// then progress decreasing (Sec. III.C.2 and 3), then grid id and slot
// increasing so that no two TBs ever tie.
void sort_by_count_then_progress(const SmView& sm, std::vector<uint32_t>& tbs, uint32_t TbView::*count) {
  std::sort(tbs.begin(), tbs.end(), [&sm, count](uint32_t a, uint32_t b) {
    const TbView& x = sm.tbs[a];
    const TbView& y = sm.tbs[b];
    if (x.*count != y.*count) return x.*count > y.*count;
    if (x.progress != y.progress) return x.progress > y.progress;
    if (x.id != y.id) return x.id < y.id;
    return a < b;
  });
}

}  // namespace

SCWARP_REGISTER_POLICY_OPTION(config::count_option(
    "scwarp_pro_threshold", "1000", "pro: cycles between re-sorts of thread blocks (and the sorted-TB-order snapshots)",
    1));

const char* to_string(ProTbState s) {
  switch (s) {
    case ProTbState::Empty: return "empty";
    case ProTbState::NoWait: return "noWait";
    case ProTbState::BarrierWait: return "barrierWait";
    case ProTbState::FinishWait: return "finishWait";
    case ProTbState::FinishNoWait: return "finishNoWait";
    case ProTbState::BarrierWait1: return "barrierWait1";
    case ProTbState::Finish: return "finish";
  }
  return "?";
}

ProPolicy::ProPolicy(const PolicyContext& ctx)
    : sm_(ctx.sm),
      threshold_(config::policy_count(ctx.cfg, "scwarp_pro_threshold")),
      state_(ctx.max_tbs, ProTbState::Empty),
      warp_order_(ctx.max_tbs),
      ranked_progress_(ctx.max_tbs, 0),
      ranked_id_(ctx.max_tbs, 0) {
  for (std::vector<uint32_t>& w : warp_order_) w.reserve(ctx.max_warps);
  finish_list_.reserve(ctx.max_tbs);
  barrier_list_.reserve(ctx.max_tbs);
  ranking_.reserve(ctx.max_tbs);
  tb_order_.reserve(ctx.max_tbs);
}

// Algorithm 1, scheduleWarps: the stored lists, concatenated, TB by TB.
void ProPolicy::order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                      std::vector<uint32_t>& out) {
  if (periodic_sort_due(sm.cycle)) {
    resort_remaining(sm);
    compose();
  }
  const size_t first = out.size();
  append_warps(sm, sched, out);
  if (out.size() - first == warps.size()) return;
  adopt_unannounced_tbs(sm);
  out.resize(first);
  append_warps(sm, sched, out);
  if (out.size() - first != warps.size()) {
    throw Error("pro scheduler on SM " + std::to_string(sm_) + ": scheduler " + std::to_string(sched) +
                " has " + std::to_string(warps.size()) + " warps but the TB table lists " +
                std::to_string(out.size() - first) + " (a TB left without its event)");
  }
}

void ProPolicy::append_warps(const SmView& sm, uint32_t sched, std::vector<uint32_t>& out) const {
  for (uint32_t tb : tb_order_) {
    for (uint32_t w : warp_order_[tb]) {
      if (sm.warps[w].scheduler == sched) out.push_back(w);
    }
  }
}

// A policy created while TBs are already resident (a test, a policy switch)
// never heard their launch: it takes them as launched now.
void ProPolicy::adopt_unannounced_tbs(const SmView& sm) {
  for (uint32_t tb = 0; tb < sm.tbs.size() && tb < state_.size(); ++tb) {
    if (sm.tbs[tb].valid && state_[tb] == ProTbState::Empty) on_tb_launch(sm, tb);
  }
}

// Algorithm 1 line 57: sort when currCycle - lastSortCycle > THRESHOLD, so
// every THRESHOLD+1 cycles. order() is not called in cycles the SM skips
// (nothing issues there, so no progress changes): a late call sorts the same
// keys and dates the sort back to the cycle it was due, so skipping idle
// cycles never moves later sorts.
bool ProPolicy::periodic_sort_due(uint64_t cycle) {
  const uint64_t period = uint64_t(threshold_) + 1;
  if (cycle - last_sort_cycle_ < period) return false;
  last_sort_cycle_ += (cycle - last_sort_cycle_) / period * period;
  return true;
}

// sortTBs + sortWarps of Algorithm 1 (lines 59-60): the ranking of the
// remaining (noWait / finishNoWait) TBs by progress, and the warps of each
// of those TBs. TBs in other states keep their stored warp order.
void ProPolicy::resort_remaining(const SmView& sm) {
  sort_ranking(sm);
  const Direction dir = slow_ ? Direction::Increasing : Direction::Decreasing;
  for (uint32_t tb : ranking_) {
    if (in_remaining_set(state_[tb])) sort_warps(sm, tb, dir);
  }
}

// Every resident TB is ranked, not only the noWait ones: a TB that returns
// to noWait from barrierWait takes the place its progress earned at the
// last sort, with no sort of its own (Algorithm 1 sorts only at line 59).
void ProPolicy::sort_ranking(const SmView& sm) {
  for (uint32_t tb : ranking_) {
    ranked_progress_[tb] = sm.tbs[tb].progress;
    ranked_id_[tb] = sm.tbs[tb].id;
  }
  std::sort(ranking_.begin(), ranking_.end(), [this](uint32_t a, uint32_t b) { return ranks_before(a, b); });
}

// Fast phase: more progress first (Sec. III.C.1); slow phase: less progress
// first (Sec. III.D). Ties: smaller grid id ("their global indices"), then slot.
bool ProPolicy::ranks_before(uint32_t a, uint32_t b) const {
  if (ranked_progress_[a] != ranked_progress_[b]) {
    return slow_ ? ranked_progress_[a] < ranked_progress_[b] : ranked_progress_[a] > ranked_progress_[b];
  }
  if (ranked_id_[a] != ranked_id_[b]) return ranked_id_[a] < ranked_id_[b];
  return a < b;
}

// A new TB goes where the last sort would have put it (its progress is 0):
// last in the fast phase, first in the slow phase, ties by grid id.
void ProPolicy::insert_into_ranking(const SmView& sm, uint32_t tb) {
  ranked_progress_[tb] = sm.tbs[tb].progress;
  ranked_id_[tb] = sm.tbs[tb].id;
  auto at = std::find_if(ranking_.begin(), ranking_.end(), [this, tb](uint32_t other) { return ranks_before(tb, other); });
  ranking_.insert(at, tb);
}

// sortWarps: progress increasing or decreasing, ties by smaller slot.
void ProPolicy::sort_warps(const SmView& sm, uint32_t tb, Direction dir) {
  std::vector<uint32_t>& w = warp_order_[tb];
  std::sort(w.begin(), w.end(), [&sm, dir](uint32_t a, uint32_t b) {
    const uint64_t pa = sm.warps[a].progress, pb = sm.warps[b].progress;
    if (pa != pb) return dir == Direction::Increasing ? pa < pb : pa > pb;
    return a < b;
  });
}

void ProPolicy::on_tb_launch(const SmView& sm, uint32_t tb_slot) {
  if (state_.at(tb_slot) != ProTbState::Empty) {
    throw Error("pro scheduler on SM " + std::to_string(sm_) + ": TB slot " + std::to_string(tb_slot) +
                " launched while its previous TB is still resident");
  }
  if (slow_ && sm.tbs_waiting) enter_fast_phase();
  const TbView& tb = sm.tbs[tb_slot];
  state_[tb_slot] = slow_ ? ProTbState::FinishNoWait : ProTbState::NoWait;  // beginExec
  std::vector<uint32_t>& warps = warp_order_[tb_slot];
  warps.clear();
  for (uint32_t i = 0; i < tb.warps; ++i) warps.push_back(tb.first_warp + i);
  insert_into_ranking(sm, tb_slot);
  compose();
}

// A new kernel: TBs wait for SMs again. Kernels run one after another, so
// the SM is empty here; the fast phase starts over.
void ProPolicy::enter_fast_phase() {
  if (!ranking_.empty()) {
    throw Error("pro scheduler on SM " + std::to_string(sm_) +
                ": the fast phase restarted while TBs of the previous kernel are still resident");
  }
  slow_ = false;
}

// lastTBAssignedToSM (Algorithm 1 lines 36-40): noWait and finishWait merge
// into finishNoWait, barrierWait becomes barrierWait1. Every TB changed state,
// so the merged set is sorted at once in its new (increasing) direction.
void ProPolicy::on_phase_change(const SmView& sm) {
  slow_ = true;
  for (uint32_t tb : ranking_) {
    ProTbState& s = state_[tb];
    if (s == ProTbState::NoWait || s == ProTbState::FinishWait) s = ProTbState::FinishNoWait;
    if (s == ProTbState::BarrierWait) s = ProTbState::BarrierWait1;
  }
  finish_list_.clear();
  resort_remaining(sm);
  compose();
}

// insertBarrierWarp (Algorithm 1 lines 17-33), first half: warpAtBarrier.
// A finishWait TB stays finishWait (Fig. 3 has no edge from finishWait to
// barrierWait; its priority H is already above M).
void ProPolicy::on_barrier_arrive(const SmView& sm, uint32_t warp) {
  const uint32_t tb = sm.warps[warp].tb_slot;
  const ProTbState s = state_.at(tb);
  if (s == ProTbState::NoWait || s == ProTbState::FinishNoWait) {
    state_[tb] = s == ProTbState::NoWait ? ProTbState::BarrierWait : ProTbState::BarrierWait1;
    sort_warps(sm, tb, Direction::Increasing);
    barrier_list_.push_back(tb);
  }
  sort_by_count_then_progress(sm, barrier_list_, &TbView::warps_at_barrier);
  compose();
}

// lastWarpAtBarrier: the SM's own release signal (Sec. III.E), which also
// covers barriers released by warps exiting. A TB whose warps still wait at
// another (named) barrier stays in its barrier state.
void ProPolicy::on_barrier_release(const SmView& sm, uint32_t tb_slot) {
  ProTbState& s = state_.at(tb_slot);
  if (s != ProTbState::BarrierWait && s != ProTbState::BarrierWait1) return;
  if (sm.tbs[tb_slot].warps_at_barrier != 0) return;
  s = s == ProTbState::BarrierWait ? ProTbState::NoWait : ProTbState::FinishNoWait;
  std::erase(barrier_list_, tb_slot);
  compose();
}

// insertFinishWarp (Algorithm 1 lines 1-15): the first warp to finish moves
// the TB to finishWait in the fast phase (from noWait or barrierWait) and, in
// both phases, sorts its warps least progress first; the last one finishes it.
void ProPolicy::on_warp_exit(const SmView& sm, uint32_t warp) {
  const uint32_t tb = sm.warps[warp].tb_slot;
  const TbView& view = sm.tbs[tb];
  if (view.warps_exited == 1) {
    if (!slow_) enter_finish_wait(tb);
    sort_warps(sm, tb, Direction::Increasing);
  }
  if (view.warps_exited == view.warps) {
    state_.at(tb) = ProTbState::Finish;
    std::erase(finish_list_, tb);
    std::erase(barrier_list_, tb);
  }
  sort_by_count_then_progress(sm, finish_list_, &TbView::warps_exited);
  compose();
}

void ProPolicy::enter_finish_wait(uint32_t tb) {
  ProTbState& s = state_.at(tb);
  if (s == ProTbState::BarrierWait) std::erase(barrier_list_, tb);
  if (s != ProTbState::NoWait && s != ProTbState::BarrierWait) return;
  s = ProTbState::FinishWait;
  finish_list_.push_back(tb);
}

void ProPolicy::on_tb_finish(const SmView&, uint32_t tb_slot) {
  state_.at(tb_slot) = ProTbState::Empty;
  warp_order_[tb_slot].clear();
  std::erase(finish_list_, tb_slot);
  std::erase(barrier_list_, tb_slot);
  std::erase(ranking_, tb_slot);
  compose();
}

// finishWait (H), barrierWait (M) / barrierWait1 (H), then the remaining
// set in ranking order (L), then TBs whose warps have all exited.
void ProPolicy::compose() {
  tb_order_.assign(finish_list_.begin(), finish_list_.end());
  tb_order_.insert(tb_order_.end(), barrier_list_.begin(), barrier_list_.end());
  for (uint32_t tb : ranking_) {
    if (in_remaining_set(state_[tb])) tb_order_.push_back(tb);
  }
  for (uint32_t tb : ranking_) {
    if (state_[tb] == ProTbState::Finish) tb_order_.push_back(tb);
  }
}

}  // namespace scwarp::sched

SCWARP_REGISTER_ISSUE_POLICY(scwarp::sched::ProPolicy, "pro",
                             "progress-aware: TB states finishWait/barrierWait/noWait, progress order (seed 000 Alg. 1)")
