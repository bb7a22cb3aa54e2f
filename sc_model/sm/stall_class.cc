#include "sc_model/sm/stall_class.h"

#include <algorithm>

namespace scwarp::sm {

using sched::WarpWait;

// Lower is closer to issuing.
Stall stall_of(WarpWait wait) {
  switch (wait) {
    case WarpWait::Ready: return Stall::Structural;
    case WarpWait::Data: return Stall::Data;
    case WarpWait::Control: return Stall::Control;
    case WarpWait::Fetch: return Stall::Fetch;
    case WarpWait::Barrier: return Stall::Barrier;
    case WarpWait::Sibling: return Stall::Sibling;
    case WarpWait::Exited: return Stall::Exit;
    case WarpWait::Empty: return Stall::Empty;
  }
  return Stall::Empty;
}

stats::Activity activity_of(Stall stall) {
  switch (stall) {
    case Stall::Structural: return stats::Activity::Structural;
    case Stall::Data: return stats::Activity::Data;
    case Stall::Control: return stats::Activity::Control;
    case Stall::Fetch: return stats::Activity::Fetch;
    case Stall::Barrier: return stats::Activity::Barrier;
    case Stall::Sibling: return stats::Activity::Sibling;
    case Stall::Exit: return stats::Activity::Exit;
    case Stall::Empty: return stats::Activity::Empty;
  }
  return stats::Activity::Empty;
}

Stall classify_stall(std::span<const uint32_t> warps, std::span<const sched::WarpView> views,
                     bool unit_busy) {
  if (unit_busy) return Stall::Structural;
  Stall best = Stall::Empty;
  for (uint32_t w : warps) best = std::min(best, stall_of(views[w].wait));
  // A Ready warp the policy did not offer counts as structural too: it had
  // its operands and was held back by the issue slot, not by a hazard of its own.
  return best;
}

Stall classify_stall(std::span<const uint32_t, sched::kWarpWaits> wait_counts) {
  Stall best = Stall::Empty;
  for (size_t i = 0; i < wait_counts.size(); ++i)
    if (wait_counts[i] != 0) best = std::min(best, stall_of(sched::WarpWait(i)));
  return best;
}

void count_stall(Stall stall, uint64_t count, stats::SmCounters& out) {
  stats::HazardStalls& h = out.hazards;
  stats::GpgpuStalls& g = out.gpgpu;
  switch (stall) {
    case Stall::Structural:
      h.structural += count, g.pipeline += count, out.operand_collector.full_stalls += count;
      return;
    case Stall::Data: h.data += count, g.scoreboard += count; return;
    case Stall::Control: h.control += count, g.idle += count; return;
    case Stall::Fetch: h.fetch += count, g.idle += count; return;
    case Stall::Barrier: h.barrier += count, g.idle += count; return;
    case Stall::Sibling: h.sibling += count, g.idle += count; return;
    case Stall::Exit: h.exit += count, g.idle += count; return;
    case Stall::Empty: h.empty += count, g.idle += count; return;
  }
}

}  // namespace scwarp::sm
