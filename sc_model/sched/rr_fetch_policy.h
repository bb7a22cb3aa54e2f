// Round-robin fetch, the baseline front end of GPGPU-Sim and seed 001
// (Sec. 2.2: "eligible warps are scheduled to fetch instructions from the
// I-Cache in a round-robin manner"): SM-wide, the first fetchable warp after
// the one fetched last, wrapping around.
#pragma once

#include "sc_model/sched/policy.h"

namespace scwarp::sched {

class RrFetchPolicy : public FetchPolicy {
 public:
  explicit RrFetchPolicy(const PolicyContext& ctx);

  uint32_t choose(const SmView& sm, std::span<const uint32_t> fetchable, IssuePolicy& issue) override;
  void on_fetch(const SmView& sm, uint32_t warp) override;

 private:
  uint32_t last_fetched_ = kNoWarp;
};

}  // namespace scwarp::sched
