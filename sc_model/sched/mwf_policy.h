// Most-Waiting-First (MWF), the issue half of barrier-aware warp scheduling
// (BAWS, seed 001 Sec. 4.1). The SM keeps a warp priority table (WPT): per
// TB slot, a counter of its warps waiting at the barrier, incremented when
// one arrives and reset when the barrier releases (Sec. 4.1.2; 8 x 6-bit
// counters = 6 bytes per SM). The paper has one barrier per TB; with PTX's
// named barriers, -scwarp_mwf_named_barriers 1 keeps the waiters of a TB's
// other barriers counted across a release (default 0: cleared, as the RTL). TBs with more waiting warps go first; equal
// counts go to the smaller TB id (the TB's linear grid index, i.e. the TB
// dispatched to the SM first, "similar to what GTO does"). Inside a TB the
// variant's order: MWF(LRR) round robin after the warp issued last in that
// TB, MWF(GTO) that warp first and then the smallest warp id. One table per
// SM serves both schedulers ("one shared list of TB priorities"); each
// scheduler keeps its own last-issued warp per TB. With no warp at a barrier
// every count is 0 and the order is TB id order with LRR / GTO inside
// (Sec. 6.5).
#pragma once

#include <vector>

#include "sc_model/sched/policy.h"
#include "sc_model/sched/tb_ranked_order.h"

namespace scwarp::sched {

class MwfPolicy : public IssuePolicy {
 public:
  MwfPolicy(const PolicyContext& ctx, IntraTbOrder intra);

  void order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) override;
  bool orders_every_warp_without_effects() const override { return true; }
  void on_issue(const SmView& sm, uint32_t warp, uint32_t active_threads) override;
  void on_barrier_arrive(const SmView& sm, uint32_t warp) override;
  void on_barrier_release(const SmView& sm, uint32_t tb_slot) override;
  void on_warp_exit(const SmView& sm, uint32_t warp) override;
  void on_tb_launch(const SmView& sm, uint32_t tb_slot) override;

  // The WPT entry of a TB slot: its warps waiting at the barrier.
  uint32_t waiting(uint32_t tb_slot) const { return wpt_.at(tb_slot); }

 private:
  std::vector<uint32_t> wpt_;  // per TB slot
  bool named_barriers_;        // -scwarp_mwf_named_barriers: a release keeps other barriers' waiters
  TbRankedOrder order_;
};

// The two registered variants: MWF(LRR) "mwf_lrr" and MWF(GTO) "mwf_gto".
template <IntraTbOrder kIntra>
class MwfVariant : public MwfPolicy {
 public:
  explicit MwfVariant(const PolicyContext& ctx) : MwfPolicy(ctx, kIntra) {}
};

}  // namespace scwarp::sched
