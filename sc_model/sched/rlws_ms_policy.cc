#include "sc_model/sched/rlws_ms_policy.h"

#include <algorithm>

#include "sc_model/sched/registry.h"
#include "sc_model/sched/round_robin.h"

namespace scwarp::sched {
namespace {

// Table VIII.
[[maybe_unused]] const bool kOptions = (register_rl_options("rlws_ms", {.alpha = "0.01",
                                                                        .gamma = "0.999",
                                                                        .epsilon = "0.01",
                                                                        .reward = "1",
                                                                        .penalty = "0",
                                                                        .initial_q = "1250",
                                                                        .attributes = "ATBWB:2,ATBWF:2,NAIPMI:8,"
                                                                                      "NRGMI:8,NSW:4,NWS:2,RSPI:2"}),
                                        true);

bool live(const WarpView& w) { return w.valid && w.wait != WarpWait::Exited; }

bool siblings_at_barrier(const SmView& sm, const WarpView& w) { return sm.tbs[w.tb_slot].warps_at_barrier > 0; }

bool siblings_finished(const SmView& sm, const WarpView& w) { return sm.tbs[w.tb_slot].warps_exited > 0; }

}  // namespace

SCWARP_REGISTER_ISSUE_POLICY(RlwsMsPolicy, "rlws_ms",
                             "reinforcement-learning scheduler choosing a scheduling policy each cycle (seed 003 Sec. V.D)");

RlwsMsPolicy::RlwsMsPolicy(const PolicyContext& ctx) : RlPolicy(ctx, "rlws_ms", kActions) {}

RlPolicy::ActionMask RlwsMsPolicy::possible_actions(const SmView& sm, const Step& previous,
                                                    std::span<const uint32_t> warps) const {
  (void)previous;
  ActionMask mask = 0;
  for (uint32_t slot : warps) {
    const WarpView& w = sm.warps[slot];
    if (!can_issue(w, sm.units)) continue;
    mask |= 1u << Gto | 1u << Youngest | 1u << Lrr;
    if (siblings_at_barrier(sm, w)) mask |= 1u << YoungestBarrier;
    if (siblings_finished(sm, w)) mask |= 1u << YoungestFinish;
  }
  return mask;
}

void RlwsMsPolicy::write_order(const SmView& sm, const Step& previous, std::span<const uint32_t> warps,
                               uint32_t action, std::vector<uint32_t>& out) const {
  const uint32_t last = previous.last_warp;
  switch (action) {
    case Gto: {
      const bool greedy = last != kNoWarp && live(sm.warps[last]);
      if (greedy) out.push_back(last);
      append_by_age(sm, warps, false, [&](const WarpView& w) { return live(w) && !(greedy && w.slot == last); }, out);
      return;
    }
    case Youngest: append_by_age(sm, warps, true, live, out); return;
    case Lrr: append_round_robin(warps, last, out); return;
    case YoungestBarrier:
      append_by_age(sm, warps, true, [&](const WarpView& w) { return live(w) && siblings_at_barrier(sm, w); }, out);
      return;
    case YoungestFinish:
      append_by_age(sm, warps, true, [&](const WarpView& w) { return live(w) && siblings_finished(sm, w); }, out);
      return;
  }
}

}  // namespace scwarp::sched
