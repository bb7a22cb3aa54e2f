// VTW's warp scheduler (seed 004 Sec. 4.3.2, Algorithm 1), for kernels
// transformed into virtual TBs and warps (docs/vtw.md). It adapts PRO's
// progress-aware ordering to virtual TBs, whose warps may be one iteration
// of the wrapper loop apart. Fast phase (logical TB indices left to hand
// out), TB classes in this order:
//   1. Barrier TBs (a warp waits at a barrier): more warps waiting first,
//      ties more TB progress; their warps by increasing progress;
//   2. DiffIter TBs (some warps an iteration ahead), their warps still in
//      the lower iteration: TBs with fewer such warps first; warps by
//      increasing progress;
//   3. SameIter TBs: more TB progress first; warps by decreasing progress;
//   4. DiffIter TBs' warps in the higher iteration: TBs with more of them
//      first; warps by increasing progress.
// Slow phase (TbView::indices_exhausted: the last index is out): TBs by
// increasing progress, warps by increasing progress, no classes.
// The order is recomputed from the views at every call (no state), so the
// order() contract holds trivially. docs/schedulers.md ("vtw") lists every
// tie and why.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "sc_model/sched/policy.h"

namespace scwarp::sched {

// Algorithm 1's TB classes, in priority order (Slow: the slow phase's one class).
enum class VtwClass : uint8_t { Barrier, DiffIterLower, SameIter, DiffIterHigher, Slow };

class VtwPolicy : public IssuePolicy {
 public:
  explicit VtwPolicy(const PolicyContext& ctx);

  void order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) override;
  bool orders_every_warp_without_effects() const override { return true; }
  std::optional<StorageCount> storage() const override;

  // The class a warp's TB gives it now (for tests and docs).
  static VtwClass class_of(const SmView& sm, uint32_t warp);

 private:
  struct Key;
  Key key_of(const SmView& sm, uint32_t warp) const;

  uint32_t max_tbs_, max_warps_;
};

}  // namespace scwarp::sched
