// Fewest-Entries-First (FEF), the critical-warp-unaware fetch policy seed 001
// Sec. 6.2 compares CFF against: fetch for the fetchable warp with the
// fewest valid I-buffer entries. The paper names no tie rule; ties go round
// robin, to the first such warp after the one fetched last (as the `rr`
// fetch policy). Ignores the issue policy, so it combines with any.
#pragma once

#include "sc_model/sched/policy.h"

namespace scwarp::sched {

class FefFetchPolicy : public FetchPolicy {
 public:
  explicit FefFetchPolicy(const PolicyContext& ctx);

  uint32_t choose(const SmView& sm, std::span<const uint32_t> fetchable, IssuePolicy& issue) override;
  void on_fetch(const SmView& sm, uint32_t warp) override;

 private:
  uint32_t last_fetched_ = kNoWarp;
};

}  // namespace scwarp::sched
