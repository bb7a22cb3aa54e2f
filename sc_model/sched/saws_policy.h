// SAWS (Liu et al., MICRO 2015) as seed 001 Sec. 6.6 describes it for its
// comparison with BAWS: TB priority by "first-hit-time" on a barrier, "the
// thread block that hits a barrier first gets higher priority", shared by
// both schedulers of the SM. Our reading, in MWF's frame so the two differ
// only in how TBs are ranked (the point of Sec. 6.6 / Fig. 13):
//  - a TB's hit time is the cycle its first warp arrives at the barrier it
//    waits on now; it is cleared when that barrier releases, and the next
//    barrier sets a new one;
//  - TBs with a hit pending go first, earliest hit first (same cycle:
//    smaller TB id); then TBs with none, by TB id (the linear grid index,
//    as in MWF: the TB dispatched first);
//  - inside a TB, GTO (the warp this scheduler issued last in the TB, then
//    the smallest warp id), as BAWS's comparison runs against GTO and
//    MWF(GTO).
#pragma once

#include <vector>

#include "sc_model/sched/policy.h"
#include "sc_model/sched/tb_ranked_order.h"

namespace scwarp::sched {

class SawsPolicy : public IssuePolicy {
 public:
  explicit SawsPolicy(const PolicyContext& ctx);

  void order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) override;
  bool orders_every_warp_without_effects() const override { return true; }
  void on_issue(const SmView& sm, uint32_t warp, uint32_t active_threads) override;
  void on_barrier_arrive(const SmView& sm, uint32_t warp) override;
  void on_barrier_release(const SmView& sm, uint32_t tb_slot) override;
  void on_warp_exit(const SmView& sm, uint32_t warp) override;
  void on_tb_launch(const SmView& sm, uint32_t tb_slot) override;

  // The cycle TB slot `tb_slot` first hit its current barrier, or kNoHit.
  static constexpr uint64_t kNoHit = ~uint64_t(0);
  uint64_t hit_cycle(uint32_t tb_slot) const { return hit_.at(tb_slot); }

 private:
  std::vector<uint64_t> hit_;  // per TB slot; kNoHit sorts after every real cycle
  TbRankedOrder order_;
};

}  // namespace scwarp::sched
