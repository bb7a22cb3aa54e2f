// Greedy then oldest (GTO, seed 001 Sec. 2.2, after Rogers et al.): a
// scheduler keeps issuing from the warp it issued last until that warp
// stalls, then takes the oldest ready warp. Age is the cycle the warp's TB was
// placed on the SM (all warps of a TB share it); ties go to the TB launched
// first, then to the smaller warp slot.
#pragma once

#include <vector>

#include "sc_model/sched/policy.h"

namespace scwarp::sched {

class GtoPolicy : public IssuePolicy {
 public:
  explicit GtoPolicy(const PolicyContext& ctx);

  // The greedy warp first while it is still valid and not exited, then the
  // scheduler's other warps oldest first.
  void order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) override;
  bool orders_every_warp_without_effects() const override { return true; }
  uint32_t first_issuable(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                          std::vector<uint32_t>& scratch) override;
  void on_issue(const SmView& sm, uint32_t warp, uint32_t active_threads) override;
  void on_warp_exit(const SmView& sm, uint32_t warp) override;

 private:
  // A run of consecutive entries of `warps` from one TB: they share an age.
  struct Run {
    uint32_t begin, end;  // indices into `warps`
    uint32_t tb_slot;
  };

  bool greedy_still_runs(const SmView& sm, uint32_t greedy, std::span<const uint32_t> warps) const;
  void find_runs(const SmView& sm, std::span<const uint32_t> warps, uint32_t skip);

  std::vector<uint32_t> greedy_;  // per scheduler: slot it issued last, kNoWarp when none
  std::vector<Run> runs_;         // order()'s buffer, reused every cycle
};

}  // namespace scwarp::sched
