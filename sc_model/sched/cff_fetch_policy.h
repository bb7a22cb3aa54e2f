// Critical-Fetch-First (CFF), the fetch half of BAWS (seed 001 Sec. 4.2):
// fetch for the warp the issue policy will issue next, so the I-buffer holds
// the critical warp's instructions when the issue stage wants them. Works
// with any issue policy ("for GTO, CFF will fetch an instruction from the
// warp that was currently selected at the issue stage, or if that one is
// stalled, ... from the oldest warp"). Each choose():
//  1. asks the SM's issue policy for every scheduler's order (that
//     scheduler's valid warps, ascending slot, exactly as the issue stage
//     passes them);
//  2. merges the orders by rank: rank 0 of every scheduler, then rank 1, ...;
//     within a rank the scheduler after the one CFF fetched for last goes
//     first (round robin, so both schedulers' critical warps are served);
//  3. returns the first warp of the merged order in the best class present:
//     (0) I-buffer empty, not waiting at a barrier; (1) I-buffer empty, at a
//     barrier; (2) entries left, not at a barrier; (3) the rest. Empty comes
//     first because that is the paper's fetch eligibility (Sec. 2.2: "a warp
//     is eligible for instruction fetching if it does not have any valid
//     instructions within its I-Buffer slots"; our front end also offers
//     warps with room left, used only when no eligible warp is). Inside it, a
//     warp at a barrier cannot issue before the release, whatever is fetched
//     (the waste Sec. 1 describes), so it goes after the others.
// The fetch stage runs after issue in a cycle, so the orders it sees are
// those of the next cycle's issue. Note: a policy whose order() changes its
// own state (two_level's group switch) is asked once more per cycle.
#pragma once

#include <vector>

#include "sc_model/sched/policy.h"

namespace scwarp::sched {

class CffFetchPolicy : public FetchPolicy {
 public:
  explicit CffFetchPolicy(const PolicyContext& ctx);

  uint32_t choose(const SmView& sm, std::span<const uint32_t> fetchable, IssuePolicy& issue) override;
  void on_fetch(const SmView& sm, uint32_t warp) override;

 private:
  uint32_t pick(const SmView& sm, std::span<const uint32_t> fetchable) const;

  uint32_t schedulers_;
  uint32_t first_sched_ = 0;  // leads each rank: the scheduler after the one fetched for last
  std::vector<std::vector<uint32_t>> warps_;   // per scheduler: its valid warps (reused)
  std::vector<std::vector<uint32_t>> orders_;  // per scheduler: the issue order (reused)
};

}  // namespace scwarp::sched
