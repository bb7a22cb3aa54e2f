// CFF (fetch policy "cff") on the Verilated BAWS block: the same baws_top as
// the SM's RTL MWF issue policy, reached through the IssuePolicy& the fetch
// stage passes. Under -scwarp_sched_impl rtl that is always an RtlMwfPolicy
// (the registry builds both); anything else is refused at the first choose().
#pragma once

#include "sc_model/sched/policy.h"

namespace scwarp::cosim {

class RtlCffFetchPolicy : public sched::FetchPolicy {
 public:
  static constexpr bool kCycleTimed = true;  // as its block, RtlMwfPolicy
  explicit RtlCffFetchPolicy(const sched::PolicyContext& ctx);

  uint32_t choose(const sched::SmView& sm, std::span<const uint32_t> fetchable,
                  sched::IssuePolicy& issue) override;
  void on_fetch(const sched::SmView& sm, uint32_t warp) override;

 private:
  class RtlMwfPolicy* block_ = nullptr;  // set by the first choose()
};

}  // namespace scwarp::cosim
