// An SM written by hand for policy tests: warp and TB views in plain arrays,
// TBs placed by the test, and helpers that ask a policy for its order the way
// the pipeline does (valid warps of one scheduler, ascending slot).
#pragma once

#include <cstdint>
#include <vector>

#include "sc_model/config/gpu_config.h"
#include "sc_model/sched/policy.h"

namespace scwarp::sched::testing {

class ScriptedSm {
 public:
  ScriptedSm(uint32_t max_warps, uint32_t schedulers, uint32_t max_tbs = 8)
      : warps_(max_warps), tbs_(max_tbs), schedulers_(schedulers) {
    for (uint32_t s = 0; s < max_warps; ++s) {
      warps_[s].slot = s;
      warps_[s].scheduler = s % schedulers;
    }
    for (uint32_t t = 0; t < max_tbs; ++t) tbs_[t].slot = t;
  }

  PolicyContext context() const {
    return PolicyContext{cfg, 0, static_cast<uint32_t>(warps_.size()),
                         static_cast<uint32_t>(tbs_.size()), schedulers_};
  }

  // Places a TB in `tb_slot` owning warp slots first_warp .. first_warp+count-1, all Ready.
  void launch_tb(uint32_t tb_slot, uint32_t first_warp, uint32_t count, uint64_t launch_cycle,
                 uint64_t launch_order) {
    TbView& tb = tbs_.at(tb_slot);
    tb.valid = true;
    tb.launch_cycle = launch_cycle;
    tb.launch_order = launch_order;
    tb.first_warp = first_warp;
    tb.warps = count;
    for (uint32_t i = 0; i < count; ++i) {
      WarpView& w = warps_.at(first_warp + i);
      w.valid = true;
      w.tb_slot = tb_slot;
      w.warp_in_tb = i;
      w.wait = WarpWait::Ready;
      w.waiting_on_memory = false;
    }
  }

  WarpView& warp(uint32_t slot) { return warps_.at(slot); }

  void wait_on_memory(uint32_t slot) {
    warp(slot).wait = WarpWait::Data;
    warp(slot).waiting_on_memory = true;
  }
  void make_ready(uint32_t slot) {
    warp(slot).wait = WarpWait::Ready;
    warp(slot).waiting_on_memory = false;
  }

  // The issue slots free this cycle (what can_issue() checks beside Ready).
  UnitState& units() { return view_.units; }

  // The next cycle begins (for policies that act once per cycle).
  void next_cycle() { ++view_.cycle; }

  const SmView& view() {
    view_.memory_current = true;  // its memory counters stay zero, current for any policy
    view_.schedulers = schedulers_;
    view_.warps = warps_;
    view_.tbs = tbs_;
    return view_;
  }

  // What the pipeline passes to order(): the scheduler's valid warps, ascending slot.
  std::vector<uint32_t> warps_of(uint32_t sched) const {
    std::vector<uint32_t> out;
    for (const WarpView& w : warps_) {
      if (w.valid && w.scheduler == sched) out.push_back(w.slot);
    }
    return out;
  }

  std::vector<uint32_t> order(IssuePolicy& policy, uint32_t sched) {
    std::vector<uint32_t> mine = warps_of(sched);
    std::vector<uint32_t> out;
    policy.order(view(), sched, mine, out);
    return out;
  }

  void issue(IssuePolicy& policy, uint32_t slot) {
    ++warp(slot).issued;
    policy.on_issue(view(), slot, 32);
  }

  // The warp leaves its slot for good, as at the end of its TB.
  void exit_warp(IssuePolicy& policy, uint32_t slot) {
    warp(slot).wait = WarpWait::Exited;
    policy.on_warp_exit(view(), slot);
  }

  config::GpuConfig cfg;

 private:
  std::vector<WarpView> warps_;
  std::vector<TbView> tbs_;
  uint32_t schedulers_;
  SmView view_;
};

}  // namespace scwarp::sched::testing
