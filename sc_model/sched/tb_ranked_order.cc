#include "sc_model/sched/tb_ranked_order.h"

#include "sc_model/sched/round_robin.h"

namespace scwarp::sched {

TbRankedOrder::TbRankedOrder(const PolicyContext& ctx, IntraTbOrder intra)
    : intra_(intra),
      max_tbs_(ctx.max_tbs),
      last_(size_t(std::max(ctx.schedulers, 1u)) * ctx.max_tbs, kNoWarp) {
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
  const bool greedy = last != kNoWarp && std::binary_search(run.begin(), run.end(), last) &&
                      sm.warps[last].valid && sm.warps[last].wait != WarpWait::Exited;
  if (greedy) out.push_back(last);
  for (uint32_t w : run) {
    if (!greedy || w != last) out.push_back(w);
  }
}

void TbRankedOrder::on_issue(const SmView& sm, uint32_t warp) {
  const WarpView& w = sm.warps[warp];
  last_.at(index(w.scheduler, w.tb_slot)) = warp;
}

void TbRankedOrder::on_warp_exit(const SmView& sm, uint32_t warp) {
  if (intra_ != IntraTbOrder::Gto) return;
  const WarpView& w = sm.warps[warp];
  uint32_t& last = last_.at(index(w.scheduler, w.tb_slot));
  if (last == warp) last = kNoWarp;
}

void TbRankedOrder::on_tb_launch(uint32_t tb_slot) {
  for (size_t i = tb_slot; i < last_.size(); i += max_tbs_) last_[i] = kNoWarp;
}

}  // namespace scwarp::sched
