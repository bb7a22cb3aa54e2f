// The warp-scheduling policy interface: what a policy sees of each warp and
// thread block (TB), the events it is told, and what it returns. The SM
// pipeline calls only this interface and never asks which policy it has; a
// new policy is one .h/.cc pair in this folder plus one registration line
// (registry.h). docs/schedulers.md is the spec the C++ models and the RTL share.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sc_model/common/error.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/ptx/ir.h"

namespace scwarp::sched {

inline constexpr uint32_t kNoWarp = 0xffffffffu;

// Why a warp cannot issue this cycle, as the pipeline found it before issue.
// A Ready warp may still fail to issue for want of a free execution unit
// (a structural stall, decided by the pipeline while walking the order).
enum class WarpWait : uint8_t {
  Ready,    // valid I-buffer head whose operands are ready
  Empty,    // slot holds no warp
  Fetch,    // I-buffer empty: waiting for fetch or an I-cache miss
  Control,  // I-buffer flushed by a taken branch / call: refetching
  Data,     // scoreboard: a register the head reads or writes is pending
  Barrier,  // waiting at a barrier
  Exited,   // done, while other warps of its TB still run
  Sibling,  // a virtual warp (VTW, seed 004 Sec. 4.2/4.4) held for its TB's other warps: it
            // cannot start an iteration two ahead of them, nor touch shared memory or a
            // barrier in a later iteration than theirs, nor take an index not yet granted
};
inline constexpr size_t kWarpWaits = size_t(WarpWait::Sibling) + 1;

// Where an instruction executes (GPGPU-Sim's opcode table, sm/op_timing.h).
// SpOrSfu is GPGPU-Sim 3.x's ALU_SFU_OP: the SP when an SP slot is free at
// issue, else the SFU.
enum class IssueUnit : uint8_t { Sp, Sfu, SpOrSfu, Ldst };

// The state space a memory instruction is seen to access before it executes:
// its PTX space, with generic addressing counted as Global (it resolves only
// when executed; global is what nvcc's generic accesses almost always reach).
inline ptx::Space space_before_execution(ptx::Space s) {
  return s == ptx::Space::Generic ? ptx::Space::Global : s;
}

// Global memory for a policy (seed 003's GMEM): global and local memory, the
// spaces behind the L1D that reach DRAM, by space_before_execution().
inline bool is_global_space(ptx::Space s) {
  return s == ptx::Space::Global || s == ptx::Space::Local || s == ptx::Space::Generic;
}
inline bool is_global_memory(const ptx::Instr& instr) {
  return instr.cls == ptx::InstrClass::Mem && is_global_space(instr.space);
}

// One hardware warp slot of the SM as a policy sees it.
struct WarpView {
  uint32_t slot = 0;             // hardware warp id in the SM, 0 .. max_warps-1
  bool valid = false;            // a TB owns this slot
  uint32_t scheduler = 0;        // slot % schedulers_per_sm
  uint32_t tb_slot = 0;          // index into SmView::tbs
  uint32_t warp_in_tb = 0;
  WarpWait wait = WarpWait::Empty;
  bool waiting_on_memory = false;  // Data wait caused by a pending global/local load (long latency)
  // The instruction at the I-buffer head (meaningful while ibuffer_count > 0).
  ptx::InstrClass head_class = ptx::InstrClass::IntAlu;
  IssueUnit head_unit = IssueUnit::Sp;
  ptx::Space head_space = ptx::Space::None;  // memory instructions: space_before_execution(); else None
  bool head_was_long = false;        // a memory instruction whose last execution at this pc on
                                     // this SM was long latency (MemoryView::long_latency_cycles)
  uint32_t head_active_threads = 0;  // threads that head instruction runs on
  uint32_t live_threads = 0;         // threads of the warp not exited
  bool diverged = false;             // head_active_threads < live_threads (a split warp)
  // The instruction this warp issued last: on_issue() sees the one just
  // issued here (the head fields already show the next one).
  ptx::InstrClass issued_class = ptx::InstrClass::IntAlu;
  ptx::Space issued_space = ptx::Space::None;  // as head_space
  uint32_t ibuffer_count = 0;        // valid I-buffer entries
  uint64_t issued = 0;               // warp instructions issued since the TB launched
  uint64_t progress = 0;             // sum of active threads over issued instructions (PRO)
  // Virtual warps (a kernel transformed by VTW, seed 004): the iteration of
  // the wrapper loop the warp is in, 1 for its first logical TB (0 before it
  // took one, and always 0 in an untransformed kernel).
  uint32_t iteration = 0;
};

// A warp that cannot count on issuing for a long time: no warp in the slot,
// done, waiting for the rest of its TB at a barrier, or for a global/local
// load. Fetch, branch and ALU/SFU waits are short. Both two-level policies
// swap such warps out.
inline bool waits_long(const WarpView& w) {
  if (!w.valid) return true;
  switch (w.wait) {
    case WarpWait::Empty:
    case WarpWait::Exited:
    case WarpWait::Barrier:
    case WarpWait::Sibling: return true;
    case WarpWait::Data: return w.waiting_on_memory;
    case WarpWait::Ready:
    case WarpWait::Fetch:
    case WarpWait::Control: return false;
  }
  return false;
}

// One TB slot of the SM.
struct TbView {
  uint32_t slot = 0;
  bool valid = false;
  uint64_t id = 0;               // linear block index in the grid
  uint64_t kernel = 0;           // which kernel launch of the run it belongs to (0, 1, ...)
  uint64_t launch_cycle = 0;     // when it was placed on this SM (GTO's age)
  uint64_t launch_order = 0;     // SM-wide launch sequence number (ties in age)
  uint32_t first_warp = 0;       // its warps are slots first_warp .. first_warp+warps-1
  uint32_t warps = 0;
  uint32_t warps_at_barrier = 0;
  uint32_t warps_exited = 0;
  uint64_t progress = 0;         // sum over its warps
  uint64_t barriers_released = 0;
  // Virtual TBs (VTW): the lowest iteration among its live warps and how many
  // live warps are one iteration further (at most one apart, seed 004 Sec.
  // 4.2.1): SameIter when warps_ahead == 0, DiffIter otherwise. Both 0 for
  // an untransformed kernel.
  uint32_t min_iteration = 0;
  uint32_t warps_ahead = 0;
  // The GPU has handed out the last logical TB index of this TB's kernel
  // (VTW's slow phase); false for an untransformed kernel.
  bool indices_exhausted = false;
};

// Pipeline-wide state a policy may read (RLWS-style features).
struct UnitState {
  // An instruction for that unit type could issue now: the operand
  // collector's ID_OC register in front of the type's collector units has
  // room (the check issue makes; the execution pipeline itself may be busy).
  // Current for each scheduler: scheduler 1 sees what scheduler 0's issue in
  // the same cycle left.
  bool sp_free = true, sfu_free = true, ldst_free = true;
  uint32_t ldst_queue = 0;        // memory instructions waiting in the LD/ST unit
  uint32_t pending_loads = 0;     // global/local loads in flight
  bool free(IssueUnit u) const {
    switch (u) {
      case IssueUnit::Sp: return sp_free;
      case IssueUnit::Sfu: return sfu_free;
      case IssueUnit::SpOrSfu: return sp_free || sfu_free;
      case IssueUnit::Ldst: return ldst_free;
    }
    return false;
  }
};

// Memory-system statistics a policy may read (seed 003's Table II). Counts
// run from the start of the simulation; a policy that wants them per kernel
// or per window subtracts what it saw before. This SM's values are as of the
// start of this cycle; the GPU-wide ones are a snapshot of the end of the
// previous cycle that every SM sees alike, so no result depends on the order
// in which SystemC runs the SMs within a cycle.
struct MemoryView {
  // this SM
  uint64_t l1d_accesses = 0, l1d_misses = 0;
  uint64_t l1i_accesses = 0, l1i_misses = 0;
  uint32_t global_in_flight = 0;       // global/local/generic memory instructions issued, not completed
  uint64_t issued = 0;                 // warp instructions issued by this SM
  // A memory instruction is long latency when it takes more than this many
  // cycles from issue to completion: longer than the L1 pipeline plus one
  // access per lane, so at least one access went below the L1.
  uint32_t long_latency_cycles = 0;
  // the GPU
  uint64_t l2_accesses = 0, l2_misses = 0;
  uint64_t global_done = 0;            // global memory instructions completed on every SM
  uint64_t global_latency_sum = 0;     // their issue-to-completion cycles, summed
  uint64_t gpu_global_in_flight = 0;   // global_in_flight summed over the SMs
};

struct SmView {
  uint32_t sm = 0;
  uint64_t cycle = 0;
  uint32_t schedulers = 1;
  bool tbs_waiting = true;        // TBs of the kernel still wait for an SM (PRO's fast phase)
  std::span<const WarpView> warps;  // indexed by slot
  std::span<const TbView> tbs;      // indexed by TB slot
  // How many times a warp view's `iteration` changed on this SM (VTW's
  // warps entering their next iteration, and new warps in a slot): equal
  // twice, no warp's iteration moved in between, without a look at each.
  uint64_t iteration_changes = 0;
  UnitState units;
  // The memory counters as of this cycle. The SM keeps them current only
  // for a policy that reads them (IssuePolicy::reads_memory_view): that
  // reads half a dozen units' counters every cycle. For any other policy
  // this refuses, so one that forgets to ask fails loudly instead of
  // reading stale zeros.
  const MemoryView& memory() const {
    if (!memory_current)
      throw Error("scheduler policy reads SmView::memory() but does not say so (IssuePolicy::reads_memory_view)");
    return memory_state;
  }
  MemoryView memory_state;  // the SM's own: policies read memory()
  bool memory_current = false;
};

// What the pipeline issues from an order: the first warp that is Ready and
// whose unit has a free issue slot (as the SM's view has them this cycle).
inline bool can_issue(const SmView& sm, uint32_t warp) {
  const WarpView& v = sm.warps[warp];
  return v.wait == WarpWait::Ready && sm.units.free(v.head_unit);
}
// The first warp of `order` that can_issue(), kNoWarp if none: the warp the
// pipeline issues from that order.
inline uint32_t first_issuable_of(const SmView& sm, std::span<const uint32_t> order) {
  for (uint32_t w : order)
    if (can_issue(sm, w)) return w;
  return kNoWarp;
}

// The storage a policy's paper counts for it, on the active configuration,
// beside the paper's own figure: for policies whose cost the hardware-cost
// report cannot synthesise (no RTL), docs/hw_cost.md.
struct StorageCount {
  uint64_t bits = 0;                     // per SM, counted as the paper counts
  std::string formula;                   // how, with this configuration's numbers
  uint64_t paper_bits = 0;               // the paper's figure; 0: the paper gives none
  std::string paper;                     // where it says so
  std::vector<std::string> not_counted;  // state the policy needs that the count leaves out
};

// What a policy is constructed with.
struct PolicyContext {
  const config::GpuConfig& cfg;
  uint32_t sm = 0;
  uint32_t max_warps = 48;
  uint32_t max_tbs = 8;
  uint32_t schedulers = 2;
};

// Issue policy: one instance per SM serves all its schedulers, so policies
// that keep SM-wide tables (PRO's TB table, BAWS's priority table) share them.
class IssuePolicy {
 public:
  virtual ~IssuePolicy() = default;

  // Each cycle, for scheduler `sched`: fill `out` (cleared by the caller) with
  // warp slots from `warps` (that scheduler's valid warps, ascending slot),
  // highest priority first. The pipeline issues the first Ready warp whose
  // unit is free; warps left out are not considered this cycle (an empty
  // order is a deliberate stall). order() may run more than once for the
  // same scheduler in a cycle (BAWS's CFF asks it for fetch; snapshots replay
  // it): a policy that changes its state in order() does so only in the
  // first call of a cycle and returns that call's order for the others.
  virtual void order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                     std::vector<uint32_t>& out) = 0;
  // True when order() lists every warp it is given (or none when given none)
  // and changes no state: in a cycle where none of the scheduler's warps is
  // Ready the pipeline then knows the outcome (no issue, the stall class of
  // all its warps) and does not ask for the order, nor bring SmView::units'
  // free bits up to date (such a policy's on_no_issue() must not read
  // them). Fixed for the policy's life: the pipeline asks once.
  virtual bool orders_every_warp_without_effects() const { return false; }
  // True if the policy reads SmView::memory() (seed 003's memory features).
  virtual bool reads_memory_view() const { return false; }
  // Asked instead of order() by the pipeline under a policy that orders
  // every warp without effects, in a cycle with a Ready warp: the first
  // warp of order() that can_issue(), kNoWarp if none. A policy whose order
  // is cheaper to search than to write out (LRR) overrides it, keeping it
  // equal to this one; `scratch` is a buffer for the order.
  virtual uint32_t first_issuable(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                                  std::vector<uint32_t>& scratch) {
    scratch.clear();
    order(sm, sched, warps, scratch);
    return first_issuable_of(sm, scratch);
  }

  // Events, each after the pipeline has updated the views it passes. In
  // on_issue the warp's issued_class/issued_space describe the instruction
  // just issued (its head fields already show the next one).
  virtual void on_issue(const SmView& sm, uint32_t warp, uint32_t active_threads) {
    (void)sm, (void)warp, (void)active_threads;
  }
  virtual void on_no_issue(const SmView& sm, uint32_t sched) { (void)sm, (void)sched; }
  virtual void on_barrier_arrive(const SmView& sm, uint32_t warp) { (void)sm, (void)warp; }
  virtual void on_barrier_release(const SmView& sm, uint32_t tb_slot) { (void)sm, (void)tb_slot; }
  virtual void on_warp_exit(const SmView& sm, uint32_t warp) { (void)sm, (void)warp; }
  virtual void on_tb_launch(const SmView& sm, uint32_t tb_slot) { (void)sm, (void)tb_slot; }
  virtual void on_tb_finish(const SmView& sm, uint32_t tb_slot) { (void)sm, (void)tb_slot; }
  // tbs_waiting went from true to false: no TB is left to dispatch (fast -> slow phase).
  virtual void on_phase_change(const SmView& sm) { (void)sm; }
  // True when the policy's order would change next cycle with no event at
  // all (a per-cycle round, as two_level_active's): the SM then does not
  // sleep through that cycle, so skipping idle cycles changes no result.
  virtual bool changes_by_itself(const SmView& sm) const {
    (void)sm;
    return false;
  }

  // Policies that rank whole TBs (PRO) report their current TB order, TB
  // slots highest priority first, for the sorted-TB-order snapshots (seed
  // 000 Table IV); the others report nothing.
  virtual std::span<const uint32_t> tb_priority() const { return {}; }
  // Cycles between those snapshots (PRO: its re-sort period); 0: none.
  virtual uint64_t tb_priority_period() const { return 0; }

  // The paper's storage count for this policy, if the policy has one.
  virtual std::optional<StorageCount> storage() const { return std::nullopt; }

  // Decisions (orders) checked against a second model so far: a checking
  // wrapper (--sched-impl lockstep) counts them, so a lockstep run can show
  // it compared something; 0 for a policy that checks nothing.
  virtual uint64_t compared_decisions() const { return 0; }
};

// Fetch policy: picks the warp the front end fetches for this cycle.
class FetchPolicy {
 public:
  virtual ~FetchPolicy() = default;
  // `fetchable`: valid warps allowed to fetch (an empty I-buffer, or any
  // free entry under -scwarp_fetch_on_empty 0) and no fetch in flight,
  // ascending slot. Returns one of them, or kNoWarp to fetch nothing.
  // `issue` is the SM's issue policy, for fetch policies that follow the
  // issue choice (BAWS's CFF).
  virtual uint32_t choose(const SmView& sm, std::span<const uint32_t> fetchable,
                          IssuePolicy& issue) = 0;
  virtual void on_fetch(const SmView& sm, uint32_t warp) { (void)sm, (void)warp; }
  // Fetch picks checked against a second model so far (as IssuePolicy's).
  virtual uint64_t compared_decisions() const { return 0; }
};

}  // namespace scwarp::sched
