// The issue stage: cfg.schedulers_per_sm schedulers (warp slot w belongs to
// scheduler w % n), each issuing at most one warp instruction per cycle in
// the order the issue policy gives. Issue executes the instruction in the
// functional engine (execute-at-issue), hands it through the dispatch port
// to the operand collector's ID_OC register of its unit type (a full one is
// a structural stall), marks its destinations pending, tells the policy, and
// redirects fetch when the engine's next pc is not the one the I-buffer
// expected. A scheduler-cycle without an issue is classified in both stall
// taxonomies of stats/counters.h.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <systemc>

#include "sc_model/config/gpu_config.h"
#include "sc_model/sched/policy.h"
#include "sc_model/sm/fetch_unit.h"
#include "sc_model/sm/stage_ports.h"
#include "sc_model/sm/stall_class.h"
#include "sc_model/sm/subwarp_former.h"
#include "sc_model/sm/trace_probe.h"
#include "sc_model/sm/warp_table.h"
#include "sc_model/stats/counters.h"

namespace scwarp::sm {

class IssueStage : public sc_core::sc_module {
 public:
  sc_core::sc_port<DispatchIf> dispatch;

  IssueStage(sc_core::sc_module_name name, const config::GpuConfig& cfg, WarpTable& table,
             FetchUnit& fetch, sched::IssuePolicy& policy, stats::SmCounters& counters);

  // One cycle of every scheduler. True if the next cycle may differ: an
  // instruction issued, or a ready warp waits only for a unit to free up.
  bool tick(uint64_t cycle);
  // `count` cycles from `from` in which nothing could change: each
  // scheduler repeats its last stall (and the policy hears on_no_issue).
  void repeat_stalls(uint64_t from, uint64_t count);
  // Asks the policy for every scheduler's order at `cycle` without issuing:
  // what a tick at that cycle would have made the policy do (for snapshots
  // taken at cycles the SM slept through).
  void replay_order(uint64_t cycle);
  // From now on tells `sink` what each scheduler and warp does every cycle
  // (a timeline trace); without it the stage reports nothing.
  void trace_to(stats::TraceSink& sink, uint32_t sm, bool ranks_tbs);
  // Sub-warps its formers compared with a second model (lockstep).
  uint64_t compared_subwarps() const;

 private:
  bool schedule(uint32_t sched, uint64_t cycle);
  bool issue_warp(uint32_t sched, uint32_t w, uint64_t cycle);
  bool no_issue(uint32_t sched, Stall stall);
  void update_free_units(uint64_t cycle);
  std::optional<ExecUnitKind> free_unit(UnitChoice choice) const;
  void issue(uint32_t warp, ExecUnitKind unit, uint64_t cycle);
  // Large warps (docs/lwm.md): the scheduler's former breaks the chosen
  // warp's instruction down, one sub-warp per cycle, before it picks again.
  void begin_large(uint32_t sched, uint32_t warp, uint64_t cycle);
  bool issue_subwarp(uint32_t sched, uint64_t cycle);
  void count_instruction(uint32_t warp, const func::ExecRecord& rec, uint32_t threads);
  void count_dispatch(uint32_t warp, const func::ExecRecord& rec, bool long_latency);
  void tell_policy_effects(uint32_t warp, const func::ExecRecord& rec);
  void apply_effects(uint32_t warp, const func::ExecRecord& rec);
  void measure(uint32_t warp, const func::ExecRecord& rec, uint64_t cycle);
  void follow_stream(uint32_t warp);

  const config::GpuConfig& cfg_;
  WarpTable& table_;
  FetchUnit& fetch_;
  sched::IssuePolicy& policy_;
  const bool orders_every_warp_;         // policy_.orders_every_warp_without_effects(), asked once
  stats::SmCounters& counters_;
  func::ExecRecord rec_;             // reused: ~300 bytes
  std::vector<func::ExecRecord> rows_;   // a large warp's rows (reused)
  // Per scheduler (large warps only): one allocation each, at construction.
  std::vector<std::unique_ptr<SubwarpFormerIf>> formers_;
  bool units_stale_ = true;          // a dispatch since update_free_units() asked the collector
  std::vector<uint32_t> order_;      // reused policy output
  std::vector<Stall> last_stall_;    // per scheduler, for repeat_stalls
  uint32_t issued_warp_ = sched::kNoWarp;  // the warp of the last issue
  std::unique_ptr<TraceProbe> probe_;    // null unless traced
};

}  // namespace scwarp::sm
