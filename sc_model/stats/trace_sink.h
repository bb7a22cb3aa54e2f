// What the timing model tells a timeline trace (scwarp run|launch --trace):
// the interface the SMs, the GPU and the executor report to while a trace is
// on. They hold a null pointer otherwise, so a run without a trace pays one
// pointer test per scheduler-cycle. stats/trace_writer.h turns the reports
// into a trace-event JSON file; the model never sees the format.
#pragma once

#include <cstdint>
#include <span>

#include "sc_model/stats/counters.h"
#include "sc_model/stats/run_report.h"

namespace scwarp::stats {

// What a scheduler, or one warp slot, did in one cycle. A scheduler-cycle is
// Issue or one hazard class of HazardStalls (the stall counters count exactly
// these); a warp slot is Issue, Ready (it could have issued but its scheduler
// picked another warp or its unit was busy) or the hazard of its own wait.
enum class Activity : uint8_t { Issue, Ready, Structural, Data, Control, Fetch, Barrier, Sibling, Exit, Empty };

// The warp a warp-slot span belongs to; `barrier` is the barrier it waits at
// (Activity::Barrier only, else 0). Spans merge only while all of it holds.
struct WarpOwner {
  uint64_t tb = 0;          // linear block index within its kernel
  uint32_t warp_in_tb = 0;
  uint32_t barrier = 0;
  bool operator==(const WarpOwner&) const = default;
};

class TraceSink {
 public:
  virtual ~TraceSink() = default;
  // False for SMs the trace leaves out (--trace-sm): they report nothing.
  virtual bool traces_sm(uint32_t sm) const = 0;
  // Scheduler `sched` of SM `sm` spent cycles [from, from + count) on `what`.
  virtual void scheduler_cycles(uint32_t sm, uint32_t sched, Activity what, uint64_t from, uint64_t count) = 0;
  // Warp slot `slot` of SM `sm` spent cycles [from, from + count) on `what`.
  virtual void warp_cycles(uint32_t sm, uint32_t slot, Activity what, const WarpOwner& owner, uint64_t from,
                           uint64_t count) = 0;
  // A TB's life in TB slot `tb_slot` ended (record.start_cycle .. end_cycle).
  virtual void tb_done(uint32_t tb_slot, const TbRecord& record) = 0;
  // The TB in `tb_slot` released barrier `barrier`, letting `warps` warps go.
  virtual void barrier_released(uint32_t sm, uint32_t tb_slot, uint64_t tb, uint32_t barrier, uint32_t warps,
                                uint64_t cycle) = 0;
  // The policy's TB order changed: TB slots, highest priority first.
  virtual void tb_priority(uint32_t sm, std::span<const uint32_t> tb_slots, uint64_t cycle) = 0;
  // Kernel `index` of the run ended.
  virtual void kernel_done(uint64_t index, const KernelRecord& kernel) = 0;
};

}  // namespace scwarp::stats
