#include "tb/cosim/rtl_cff_fetch_policy.h"

#include "sc_model/common/error.h"
#include "sc_model/sched/registry.h"
#include "tb/cosim/rtl_mwf_policy.h"

namespace scwarp::cosim {

RtlCffFetchPolicy::RtlCffFetchPolicy(const sched::PolicyContext&) {}

uint32_t RtlCffFetchPolicy::choose(const sched::SmView& sm, std::span<const uint32_t> fetchable,
                                   sched::IssuePolicy& issue) {
  if (!block_) {
    block_ = dynamic_cast<RtlMwfPolicy*>(&issue);
    if (!block_)
      throw Error("SM " + std::to_string(sm.sm) +
                  ": the RTL CFF fetch policy is part of the BAWS block and needs the RTL MWF issue policy "
                  "(mwf_lrr or mwf_gto under --sched-impl rtl); this SM's issue policy is another one");
  }
  if (fetchable.empty()) return sched::kNoWarp;
  return block_->fetch_pick(sm, fetchable);
}

void RtlCffFetchPolicy::on_fetch(const sched::SmView& sm, uint32_t warp) {
  if (block_) block_->fetched(sm, warp);
}

}  // namespace scwarp::cosim

SCWARP_REGISTER_RTL_FETCH_POLICY(scwarp::cosim::RtlCffFetchPolicy, "cff")
