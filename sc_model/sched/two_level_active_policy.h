// GPGPU-Sim's two-level active scheduler, `two_level_active:N:0:1`, which
// seeds 000, 003 and 004 ran as "TL" (GPGPU-Sim 3.x/4.x shader.cc,
// two_level_active_scheduler). Each scheduler keeps an active list of at most
// N of its warps and a pending queue of the rest (warp slots s, s+n, ...,
// first N active at the start). Every cycle, before issue, every active warp
// that waits (no warp, exited, at a barrier, or its next instruction needs
// the result of a global/local load in flight) is demoted to the back of the
// pending queue, and the pending queue's front is promoted until N are
// active again; promoted warps are looked at only next cycle. Issue follows
// the active list; after an issue the list is rotated to start after the
// issuing warp (loose round robin inside). A different algorithm from seed
// 002's fetch groups (`two_level`). docs/schedulers.md.
#pragma once

#include <cstdint>
#include <deque>
#include <span>
#include <vector>

#include "sc_model/sched/policy.h"

namespace scwarp::sched {

class TwoLevelActivePolicy : public IssuePolicy {
 public:
  explicit TwoLevelActivePolicy(const PolicyContext& ctx);

  void order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) override;
  void on_issue(const SmView& sm, uint32_t warp, uint32_t active_threads) override;
  // The demote/promote round of a cycle the SM slept through (order() did
  // not run): as GPGPU-Sim's order_warps, which runs every cycle.
  void on_no_issue(const SmView& sm, uint32_t sched) override;
  // While an active warp waits and the pending queue is not empty, every
  // cycle's round swaps warps: the SM must tick through those cycles.
  bool changes_by_itself(const SmView& sm) const override;

  std::span<const uint32_t> active(uint32_t sched) const { return lists_.at(sched).active; }

 private:
  struct Lists {
    std::vector<uint32_t> active;
    std::deque<uint32_t> pending;
    uint64_t round_cycle = ~uint64_t(0);  // cycle of the last demote/promote round
  };
  // Once per cycle per scheduler, whichever of order() and on_no_issue()
  // comes first in that cycle.
  void round(const SmView& sm, Lists& lists);

  uint32_t max_active_;
  std::vector<Lists> lists_;  // per scheduler
};

}  // namespace scwarp::sched
