// Loose round robin (LRR), the baseline issue policy of GPGPU-Sim and of
// seeds 000/001 (001 Sec. 2.2): each scheduler serves its warps in slot order,
// starting at the warp after the one it issued last and wrapping around. A
// warp that cannot issue keeps its place; the pipeline skips it ("if a warp
// cannot be issued, the next warp in round-robin order is to be issued").
#pragma once

#include <vector>

#include "sc_model/sched/policy.h"

namespace scwarp::sched {

class LrrPolicy : public IssuePolicy {
 public:
  explicit LrrPolicy(const PolicyContext& ctx);

  void order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) override;
  bool orders_every_warp_without_effects() const override { return true; }
  uint32_t first_issuable(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                          std::vector<uint32_t>& scratch) override;
  void on_issue(const SmView& sm, uint32_t warp, uint32_t active_threads) override;

 private:
  std::vector<uint32_t> last_issued_;  // per scheduler: slot it issued last, kNoWarp before any
  std::vector<size_t> answer_at_;      // per scheduler: index in `warps` of first_issuable's last answer
};

}  // namespace scwarp::sched
