// PRO, the progress-aware warp scheduler (seed 000, Sec. III and Algorithm 1,
// Anantpur and Govindarajan). Warps are ordered TB by TB: every TB is in one
// state (Fig. 3) and the order is
//   fast phase (TBs still wait to be dispatched): finishWait TBs, then
//     barrierWait TBs, then noWait TBs;
//   slow phase (none waits any more): barrierWait1 TBs, then finishNoWait TBs;
// each TB's warps follow one another in that TB's stored warp order. The
// finishWait and barrierWait lists are re-sorted at once when a warp finishes
// or reaches a barrier; the noWait / finishNoWait ranking and its warps only
// every THRESHOLD cycles (-scwarp_pro_threshold), as Algorithm 1 line 57 does.
// Progress is read from the views (WarpView::progress, TbView::progress: the
// sum of active threads over issued instructions, kept by the pipeline, Sec.
// III.E); the policy keeps no progress counters of its own.
// docs/schedulers.md ("pro") lists every transition and tie rule.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "sc_model/sched/policy.h"

namespace scwarp::sched {

// TB states of Fig. 3; Empty = no TB in the slot.
enum class ProTbState : uint8_t {
  Empty,
  NoWait,        // fast phase, default: no warp waits for its siblings
  BarrierWait,   // fast phase: a warp waits at a barrier (priority M)
  FinishWait,    // fast phase: a warp has finished (priority H)
  FinishNoWait,  // slow phase: noWait and finishWait merged
  BarrierWait1,  // slow phase: a warp waits at a barrier (priority H)
  Finish,        // every warp exited; the SM has not removed the TB yet
};
const char* to_string(ProTbState s);

class ProPolicy : public IssuePolicy {
 public:
  explicit ProPolicy(const PolicyContext& ctx);

  // Runs the periodic re-sort when it is due, then lists the scheduler's
  // warps TB by TB in tb_order(), each TB's warps in warp_order().
  void order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) override;
  void on_barrier_arrive(const SmView& sm, uint32_t warp) override;
  void on_barrier_release(const SmView& sm, uint32_t tb_slot) override;
  void on_warp_exit(const SmView& sm, uint32_t warp) override;
  void on_tb_launch(const SmView& sm, uint32_t tb_slot) override;
  void on_tb_finish(const SmView& sm, uint32_t tb_slot) override;
  void on_phase_change(const SmView& sm) override;

  // Read-only state, for tests and the sorted-TB-order snapshot (Table IV).
  // Resident TB slots, highest priority first (Finish TBs last).
  std::span<const uint32_t> tb_order() const { return tb_order_; }
  std::span<const uint32_t> tb_priority() const override { return tb_order_; }
  uint64_t tb_priority_period() const override { return threshold_; }
  ProTbState state(uint32_t tb_slot) const { return state_.at(tb_slot); }
  // The TB's warp slots in their stored priority order.
  std::span<const uint32_t> warp_order(uint32_t tb_slot) const { return warp_order_.at(tb_slot); }
  bool slow_phase() const { return slow_; }
  uint64_t last_sort_cycle() const { return last_sort_cycle_; }

 private:
  enum class Direction { Increasing, Decreasing };

  void append_warps(const SmView& sm, uint32_t sched, std::vector<uint32_t>& out) const;
  void adopt_unannounced_tbs(const SmView& sm);
  bool periodic_sort_due(uint64_t cycle);
  void resort_remaining(const SmView& sm);
  void sort_ranking(const SmView& sm);
  void sort_warps(const SmView& sm, uint32_t tb, Direction dir);
  void insert_into_ranking(const SmView& sm, uint32_t tb);
  bool ranks_before(uint32_t a, uint32_t b) const;
  void enter_finish_wait(uint32_t tb);
  void enter_fast_phase();
  void compose();

  uint32_t sm_;
  uint32_t threshold_;
  bool slow_ = false;
  uint64_t last_sort_cycle_ = 0;             // Algorithm 1's lastSortCycle
  std::vector<ProTbState> state_;            // per TB slot
  std::vector<std::vector<uint32_t>> warp_order_;  // per TB slot: its warps, stored order
  std::vector<uint32_t> finish_list_;        // finishWait TBs, sorted at warp-finish events
  std::vector<uint32_t> barrier_list_;       // barrierWait(1) TBs, sorted at barrier arrivals
  std::vector<uint32_t> ranking_;            // every resident TB, as the last periodic sort ranked it
  std::vector<uint64_t> ranked_progress_;    // per TB slot: progress the ranking used
  std::vector<uint64_t> ranked_id_;          // per TB slot: grid id the ranking used
  std::vector<uint32_t> tb_order_;           // the composed order order() walks
};

}  // namespace scwarp::sched
