// What one SM tells a timeline trace (stats/trace_sink.h), gathered at the
// issue stage, where the stall counters are counted too: each scheduler's
// cycle (its issue or its stall class, exactly as count_stall() counts it),
// each of its warps' own state in that cycle, barrier releases, and for
// policies that rank TBs the TB order the issue order follows. The issue
// stage owns one only while a trace is on.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sc_model/sm/stall_class.h"
#include "sc_model/sm/warp_table.h"
#include "sc_model/stats/trace_sink.h"

namespace scwarp::sm {

class TraceProbe {
 public:
  TraceProbe(stats::TraceSink& sink, const WarpTable& table, uint32_t sm, bool ranks_tbs);

  // Scheduler `sched`'s cycle: it issued warp `issued`, or (kNoWarp) stalled for `stall`.
  void scheduler_cycle(uint32_t sched, uint32_t issued, Stall stall, uint64_t cycle);
  // `count` cycles from `from` in which every scheduler and warp repeats its last cycle.
  void repeat(uint64_t from, uint64_t count);
  // Scheduler 0's issue order this cycle; the TBs in the order their first
  // warps appear in it are the policy's TB order (reported when it changes).
  void order_seen(std::span<const uint32_t> order, uint64_t cycle);
  void barrier_released(uint32_t tb_slot, uint32_t barrier, uint32_t warps, uint64_t cycle);

 private:
  void warp_cycle(uint32_t w, stats::Activity what, uint64_t cycle);

  struct Last {
    stats::Activity what = stats::Activity::Empty;
    stats::WarpOwner owner;
  };

  stats::TraceSink& sink_;
  const WarpTable& table_;
  uint32_t sm_;
  bool ranks_tbs_;
  std::vector<stats::Activity> last_sched_;  // per scheduler: its last cycle
  std::vector<Last> last_warp_;              // per warp slot: its last cycle
  std::vector<uint32_t> tb_order_, seen_order_;
};

// True for the policies whose issue order ranks whole TBs first (PRO, BAWS's
// MWF, SAWS, RLWS, VTW): their TB order is worth a trace counter.
bool ranks_tbs(const std::string& policy);

}  // namespace scwarp::sm
