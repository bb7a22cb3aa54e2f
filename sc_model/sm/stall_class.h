// Why a scheduler did not issue in a cycle, in the two taxonomies of
// stats/counters.h. Seed 001 Sec. 6.3 attributes the cycle to the warp
// closest to issuing, with precedence structural > data > control > fetch >
// barrier > sibling (VTW's held virtual warps) > exit (empty: the scheduler has no warps). GPGPU-Sim's classes
// (seed 000 Sec. II.B) follow from it: structural = pipeline stall (a warp
// was ready but the ID_OC register in front of its unit type's operand
// collector was full, GPGPU-Sim's has_free() check at issue; also counted
// as operand_collector.full_stalls), data = scoreboard stall (a warp had an
// instruction but its operands were pending), the rest = idle (no warp had
// a valid instruction).
#pragma once

#include <cstdint>
#include <span>

#include "sc_model/sched/policy.h"
#include "sc_model/stats/counters.h"
#include "sc_model/stats/trace_sink.h"

namespace scwarp::sm {

enum class Stall : uint8_t { Structural, Data, Control, Fetch, Barrier, Sibling, Exit, Empty };

// The stall of a scheduler-cycle without an issue, from the wait reasons of
// the warps it considered; `unit_busy`: a Ready warp found its unit busy.
Stall classify_stall(std::span<const uint32_t> warps, std::span<const sched::WarpView> views,
                     bool unit_busy);
// The same from counts of warps by wait reason (indexed by WarpWait), with
// no unit found busy: the class of the closest warp present.
Stall classify_stall(std::span<const uint32_t, sched::kWarpWaits> wait_counts);
// The hazard a warp waiting for `wait` is in (Ready: structural).
Stall stall_of(sched::WarpWait wait);
// The same class, as a timeline trace names it.
stats::Activity activity_of(Stall stall);
// Adds `count` scheduler-cycles of `stall` to both taxonomies.
void count_stall(Stall stall, uint64_t count, stats::SmCounters& out);

}  // namespace scwarp::sm
