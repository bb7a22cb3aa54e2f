#include "sc_model/sched/tb_ranked_order.h"

#include "sc_model/sched/round_robin.h"

namespace scwarp::sched {

TbRankedOrder::TbRankedOrder(const PolicyContext& ctx, IntraTbOrder intra)
    : intra_(intra),
      max_tbs_(ctx.max_tbs),
      greedy_last_issue_(ctx.cfg.gto_greedy_last_issue),
      last_(size_t(std::max(ctx.schedulers, 1u)) * ctx.max_tbs, kNoWarp),
      last_issue_(std::max(ctx.schedulers, 1u), kNoWarp) {
  runs_.reserve(ctx.max_warps);
}

void TbRankedOrder::find_runs(const SmView& sm, std::span<const uint32_t> warps) {
  runs_.clear();
  for (uint32_t i = 0; i < warps.size(); ++i) {
    const uint32_t tb = sm.warps[warps[i]].tb_slot;
    if (!runs_.empty() && runs_.back().tb_slot == tb) {
      ++runs_.back().end;
    } else {
      runs_.push_back(Run{i, i + 1, tb});
    }
  }
}

void TbRankedOrder::append_run(const SmView& sm, uint32_t sched, std::span<const uint32_t> run,
                               uint32_t tb_slot, std::vector<uint32_t>& out) const {
  const uint32_t last = last_.at(index(sched, tb_slot));
  if (intra_ == IntraTbOrder::Lrr) {
    append_round_robin(run, last, out);
    return;
  }
  // GTO: the greedy warp first while it still runs, then ascending slot.
  const uint32_t first = greedy(sm, sched, tb_slot);
  const bool found = first != kNoWarp && std::binary_search(run.begin(), run.end(), first);
  if (found) out.push_back(first);
  for (uint32_t w : run) {
    if (!found || w != first) out.push_back(w);
  }
}

uint32_t TbRankedOrder::greedy(const SmView& sm, uint32_t sched, uint32_t tb_slot) const {
  const uint32_t last = last_.at(index(sched, tb_slot));
  if (last == kNoWarp || !sm.warps[last].valid || sm.warps[last].wait == WarpWait::Exited) return kNoWarp;
  return !greedy_last_issue_ || last == last_issue_.at(sched) ? last : kNoWarp;
}

void TbRankedOrder::on_issue(const SmView& sm, uint32_t warp) {
  const WarpView& w = sm.warps[warp];
  last_.at(index(w.scheduler, w.tb_slot)) = warp;
  last_issue_.at(w.scheduler) = warp;
}

void TbRankedOrder::on_warp_exit(const SmView& sm, uint32_t warp) {
  if (intra_ != IntraTbOrder::Gto) return;
  const WarpView& w = sm.warps[warp];
  uint32_t& last = last_.at(index(w.scheduler, w.tb_slot));
  if (last == warp) last = kNoWarp;
  if (last_issue_.at(w.scheduler) == warp) last_issue_.at(w.scheduler) = kNoWarp;
}

void TbRankedOrder::on_tb_launch(uint32_t tb_slot) {
  for (size_t i = tb_slot; i < last_.size(); i += max_tbs_) last_[i] = kNoWarp;
}

}  // namespace scwarp::sched
