#include "sc_model/sched/vtw_policy.h"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "sc_model/sched/registry.h"

namespace scwarp::sched {

namespace {

// Progress read so that a smaller value sorts first.
int64_t more_first(uint64_t progress) { return -int64_t(progress); }
int64_t less_first(uint64_t progress) { return int64_t(progress); }

uint32_t lower_iteration_warps(const TbView& tb) { return tb.warps - tb.warps_exited - tb.warps_ahead; }

}  // namespace

// A warp's place: its class, then its TB's rank inside the class, then its
// own rank inside the TB; ties fall to the older TB and the lower slot.
struct VtwPolicy::Key {
  VtwClass cls;
  int64_t tb_first, tb_second;
  uint64_t launch_order;
  int64_t warp;
  uint32_t slot;
  auto tie() const { return std::tie(cls, tb_first, tb_second, launch_order, warp, slot); }
  bool operator<(const Key& o) const { return tie() < o.tie(); }
};

VtwPolicy::VtwPolicy(const PolicyContext& ctx) : max_tbs_(ctx.max_tbs), max_warps_(ctx.max_warps) {}

VtwClass VtwPolicy::class_of(const SmView& sm, uint32_t warp) {
  const WarpView& w = sm.warps[warp];
  const TbView& tb = sm.tbs[w.tb_slot];
  if (tb.indices_exhausted) return VtwClass::Slow;
  if (tb.warps_at_barrier > 0) return VtwClass::Barrier;
  if (tb.warps_ahead == 0) return VtwClass::SameIter;
  return w.iteration > tb.min_iteration ? VtwClass::DiffIterHigher : VtwClass::DiffIterLower;
}

VtwPolicy::Key VtwPolicy::key_of(const SmView& sm, uint32_t warp) const {
  const WarpView& w = sm.warps[warp];
  const TbView& tb = sm.tbs[w.tb_slot];
  const VtwClass cls = class_of(sm, warp);
  Key k{cls, 0, 0, tb.launch_order, less_first(w.progress), warp};
  switch (cls) {
    case VtwClass::Barrier:
      k.tb_first = more_first(tb.warps_at_barrier), k.tb_second = more_first(tb.progress);
      break;
    case VtwClass::DiffIterLower:
      k.tb_first = lower_iteration_warps(tb), k.tb_second = more_first(tb.progress);
      break;
    case VtwClass::SameIter:
      k.tb_first = more_first(tb.progress), k.warp = more_first(w.progress);
      break;
    case VtwClass::DiffIterHigher:
      k.tb_first = more_first(tb.warps_ahead), k.tb_second = more_first(tb.progress);
      break;
    case VtwClass::Slow:
      k.tb_first = less_first(tb.progress);
      break;
  }
  return k;
}

void VtwPolicy::order(const SmView& sm, uint32_t, std::span<const uint32_t> warps, std::vector<uint32_t>& out) {
  std::vector<std::pair<Key, uint32_t>> keyed;
  keyed.reserve(warps.size());
  for (uint32_t w : warps) keyed.emplace_back(key_of(sm, w), w);
  std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [key, w] : keyed) out.push_back(w);
}

// Sec. 4.5 on the configuration: the index state (per TB slot a 4-byte
// logical TB index and a 1-byte count of warps still to take the next one,
// and the GPU-wide 4-byte counter, counted per SM as the paper does) and the
// scheduler's (per TB a 1-byte count of warps in the next iteration; 4-byte
// progress and iteration registers per warp and per TB).
std::optional<StorageCount> VtwPolicy::storage() const {
  const uint64_t index_bytes = max_tbs_ * 4 + max_tbs_ * 1 + 4;
  const uint64_t scheduler_bytes = max_tbs_ * 1 + 4 * (max_warps_ + max_tbs_ + max_warps_ + max_tbs_);
  StorageCount count;
  count.bits = (index_bytes + scheduler_bytes) * 8;
  count.formula = fmt::format(
      "index state {}x4 + {}x1 + 4 = {} B, scheduler {}x1 + 4x({} + {} + {} + {}) = {} B: {} B per SM (SameLane)",
      max_tbs_, max_tbs_, index_bytes, max_tbs_, max_warps_, max_tbs_, max_warps_, max_tbs_, scheduler_bytes,
      index_bytes + scheduler_bytes);
  count.paper_bits = 500 * 8;
  count.paper = "seed 004 Sec. 4.5: 44 B of index state + 456 B of scheduler state = 500 B per SM (SameLane)";
  count.not_counted = {fmt::format("LowestToHighestLane: +1 B (the lowest unassigned warp slot); SlowestLane: +{} B "
                                   "({} 1-byte registers holding the sorted warps)",
                                   max_warps_, max_warps_)};
  return count;
}

}  // namespace scwarp::sched

SCWARP_REGISTER_ISSUE_POLICY(scwarp::sched::VtwPolicy, "vtw",
                             "VTW: progress-aware order of virtual TBs by Barrier, DiffIter and SameIter state, "
                             "inverse progress in the slow phase (seed 004 Algorithm 1; for --transform vtw)")
