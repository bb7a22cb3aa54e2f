// Barrier events for the policy tests of BAWS / SAWS / CFF: they update a
// ScriptedSm's views the way IssueStage::issue and apply_effects do, then
// tell the policy, in the pipeline's order of events.
#pragma once

#include <cstdint>
#include <vector>

#include "sc_model/sched/policy.h"
#include "scripted_sm.h"

namespace scwarp::sched::testing {

// ScriptedSm keeps its views in non-const storage and hands out only const
// spans; these scripts write them as the pipeline would.
inline TbView& tb_view(ScriptedSm& sm, uint32_t tb_slot) { return const_cast<TbView&>(sm.view().tbs[tb_slot]); }
inline void set_cycle(ScriptedSm& sm, uint64_t cycle) { const_cast<SmView&>(sm.view()).cycle = cycle; }

// `count` TBs of `warps` warps: TB slot t owns warp slots t*warps.., grid id
// t, launched in that order at cycle t.
inline void launch_tbs(ScriptedSm& sm, uint32_t count, uint32_t warps) {
  for (uint32_t t = 0; t < count; ++t) {
    sm.launch_tb(t, t * warps, warps, t, t);
    tb_view(sm, t).id = t;
  }
}

// A bar.sync that does not release the barrier: on_issue, then the views
// (the warp waits, its TB counts one more), then on_barrier_arrive.
inline void arrive(ScriptedSm& sm, IssuePolicy& p, uint32_t warp) {
  sm.issue(p, warp);
  sm.warp(warp).wait = WarpWait::Barrier;
  ++tb_view(sm, sm.warp(warp).tb_slot).warps_at_barrier;
  p.on_barrier_arrive(sm.view(), warp);
}

// A bar.sync that releases one named barrier (PTX bar.sync N): on_issue, the
// warps `released` (that barrier's waiters) Ready again and the TB's count
// what still waits at its other barriers, as the SM recounts it, then
// on_barrier_arrive and on_barrier_release.
inline void arrive_releasing(ScriptedSm& sm, IssuePolicy& p, uint32_t warp, const std::vector<uint32_t>& released) {
  sm.issue(p, warp);
  TbView& tb = tb_view(sm, sm.warp(warp).tb_slot);
  for (uint32_t w : released) sm.make_ready(w);
  tb.warps_at_barrier = 0;
  for (uint32_t w = tb.first_warp; w < tb.first_warp + tb.warps; ++w)
    tb.warps_at_barrier += sm.warp(w).wait == WarpWait::Barrier;
  ++tb.barriers_released;
  p.on_barrier_arrive(sm.view(), warp);
  p.on_barrier_release(sm.view(), tb.slot);
}

// The last warp's bar.sync of a TB using one barrier: every waiting warp is released.
inline void arrive_last(ScriptedSm& sm, IssuePolicy& p, uint32_t warp) {
  const TbView& tb = sm.view().tbs[sm.warp(warp).tb_slot];
  std::vector<uint32_t> waiting;
  for (uint32_t w = tb.first_warp; w < tb.first_warp + tb.warps; ++w)
    if (sm.warp(w).wait == WarpWait::Barrier) waiting.push_back(w);
  arrive_releasing(sm, p, warp, waiting);
}

}  // namespace scwarp::sched::testing
