// The counters each unit of the timing model fills in. Units own their
// counter struct and hand a copy to the report at the end of a run
// (report(...) methods); stats/report.h turns them into the run JSON.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace scwarp::stats {

struct CacheCounters {
  uint64_t accesses = 0;
  uint64_t hits = 0;
  uint64_t misses = 0;          // sent below (new MSHR entry)
  uint64_t mshr_merges = 0;     // misses merged into an outstanding MSHR entry (hit-reserved)
  uint64_t reservation_fails = 0;  // refused: MSHR / miss queue full
  uint64_t writebacks = 0;      // dirty evictions
  uint64_t stores = 0;          // write accesses (also counted in accesses)
  CacheCounters& operator+=(const CacheCounters& o);
};

struct DramCounters {
  uint64_t reads = 0, writes = 0;
  uint64_t row_hits = 0, row_misses = 0;  // row-buffer outcome per column access
  uint64_t activates = 0, precharges = 0;
  uint64_t busy_cycles = 0;               // data bus busy (core cycles)
  uint64_t queue_full_cycles = 0;         // scheduler queue refused a request
  DramCounters& operator+=(const DramCounters& o);
};

struct IcntCounters {
  uint64_t requests = 0, replies = 0;
  uint64_t request_bytes = 0, reply_bytes = 0;
  uint64_t stall_cycles = 0;              // a port could not accept
  IcntCounters& operator+=(const IcntCounters& o);
};

// GPGPU-Sim's view (seed 000 Sec. II.B), one per scheduler-cycle without an
// issue: idle = no warp had a valid instruction (fetch, barrier, control,
// exit), scoreboard = some warp had one but none had its operands ready,
// pipeline = a warp had a ready instruction but the ID_OC register in
// front of its unit type's operand collector was full.
struct GpgpuStalls {
  uint64_t idle = 0, scoreboard = 0, pipeline = 0;
  GpgpuStalls& operator+=(const GpgpuStalls& o);
};

// Seed 001 Sec. 6.3's hazards, one per scheduler-cycle without an issue,
// attributed to the warp closest to issuing, in this precedence:
// structural > data > control > fetch > barrier > sibling > exit.
// A scheduler with no warps at all counts as `empty` (no TB resident).
// `sibling`: virtual warps (VTW) held for the other warps of their TB
// (sched::WarpWait::Sibling); 0 for an untransformed kernel.
struct HazardStalls {
  uint64_t control = 0, data = 0, structural = 0, barrier = 0, sibling = 0, exit = 0, fetch = 0, empty = 0;
  HazardStalls& operator+=(const HazardStalls& o);
};

// The operand collector and its register banks (sm/operand_collector.h).
struct OperandCollectorCounters {
  uint64_t register_reads = 0;        // source operands read from the banks
  uint64_t bank_conflict_cycles = 0;  // collector steps (cycles) in which a read waited for a bank busy with another read or a write
  uint64_t bank_conflicts = 0;        // reads x steps spent waiting so (a read delayed k steps counts k)
  uint64_t full_stalls = 0;           // scheduler-cycles a Ready warp found its ID_OC register full (= hazards.structural)
  uint64_t dispatch_stalls = 0;       // collector-set steps in which a unit with all operands found OC_EX full (its execution unit busy)
  OperandCollectorCounters& operator+=(const OperandCollectorCounters& o);
};

struct SmCounters {
  uint64_t active_cycles = 0;          // cycles with at least one TB resident
  uint64_t warp_instructions = 0;
  uint64_t thread_instructions = 0;
  uint64_t scheduler_cycles = 0;       // schedulers x cycles while a TB is resident
  uint64_t issued = 0;                 // scheduler-cycles with an issue
  uint64_t stall_cycles() const { return scheduler_cycles - issued; }
  GpgpuStalls gpgpu;
  HazardStalls hazards;
  uint64_t fetches = 0;
  uint64_t ibuffer_flushes = 0;        // control hazards (taken branch / call / return)
  uint64_t shared_accesses = 0, shared_bank_cycles = 0;  // bank_cycles - accesses = conflict cycles
  uint64_t const_accesses = 0;
  uint64_t tex_accesses = 0;      // tex / tld4 warp instructions
  // Cycles the LD/ST unit held a texture instruction with accesses left to
  // offer (refused by the texture cache, or more lines): GPGPU-Sim's T_MEM stall.
  uint64_t tex_stall_cycles = 0;
  uint64_t tbs_completed = 0;
  // Issued warp instructions by how many lanes ran them (guard true):
  // SIMD lane utilisation (seed 002 Figs. 1 and 9).
  std::array<uint64_t, 33> active_lanes{};
  OperandCollectorCounters operand_collector;
  CacheCounters l1i, l1d, l1c, l1t;  // l1c: the constant cache; l1t: the texture cache
  // Decisions compared with a second model (--sched-impl lockstep; 0 otherwise).
  uint64_t lockstep_issue_orders = 0, lockstep_fetch_picks = 0;
  uint64_t lockstep_subwarps = 0;  // sub-warps formed by both LWM formers (large warps only)
  SmCounters& operator+=(const SmCounters& o);
};

// What one TB's warps did, behind the papers' metrics: seed 001's RTRU
// (Eq. 1, per warp-phase) and fraction of time stalled on barriers (Fig. 1);
// seed 004's instruction and cycle divergence (Table 1), DWR and DWS (Table 2).
struct TbMetrics {
  uint64_t min_warp_instructions = 0, max_warp_instructions = 0;
  uint64_t min_warp_cycles = 0, max_warp_cycles = 0;  // TB start to the warp's exit
  uint64_t warp_cycles = 0;          // those summed over the TB's warps
  uint64_t barrier_wait_cycles = 0;  // cycles warps waited at barriers, summed over warps
  double rtru_sum = 0;               // Eq. 1 summed over the TB's warp-phases
  uint32_t warp_phases = 0;          // barrier releases plus the final phase ending at exit
  uint64_t stall_cycles = 0;         // the SM's scheduler-cycles without issue during the TB's life
  uint64_t dwr_stall_cycles = 0;     // ... from its first warp's exit to its end (seed 004's DWR region)
  double dwr() const {               // 1 - MinWarpCycles / MaxWarpCycles
    return max_warp_cycles ? 1.0 - double(min_warp_cycles) / double(max_warp_cycles) : 0.0;
  }
};

// One TB's life on an SM (seed 000 Fig. 2's timeline).
struct TbRecord {
  uint64_t kernel = 0;   // launch index within the run
  uint64_t id = 0;       // linear block index
  uint32_t sm = 0;
  uint64_t start_cycle = 0, end_cycle = 0;
  uint64_t warp_instructions = 0, thread_instructions = 0;
  TbMetrics metrics;
};

// SM 0's TB priority order at one THRESHOLD boundary (seed 000 Table IV),
// as grid indices of the TBs, highest priority first.
struct TbOrderSnapshot {
  uint64_t cycle = 0;
  uint64_t kernel = 0;
  std::vector<uint64_t> tbs;
};

}  // namespace scwarp::stats
