// The SM's warp and TB slots: which TB and functional warp each hardware
// slot holds, its I-buffer and fetch position, the scoreboard, and the views
// the scheduling policies read (sched::WarpView / TbView), kept up to date by
// the stages. Plain state shared by the fetch and issue stages; the Sm owns it.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_set>
#include <vector>

#include "sc_model/common/bit_set.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/func/engine.h"
#include "sc_model/sched/policy.h"
#include "sc_model/sm/ibuffer.h"
#include "sc_model/sm/op_timing.h"
#include "sc_model/sm/scoreboard.h"
#include "sc_model/sm/tb_measure.h"
#include "sc_model/sm/sm_ports.h"
#include "sc_model/sm/subwarp_former.h"

namespace scwarp::sm {

struct WarpSlot {
  func::Warp* warp = nullptr;  // null while the slot is free
  func::Block* block = nullptr;
  func::Engine* engine = nullptr;
  IBuffer ibuffer;
  CodePos fetch_pos;           // next instruction fetch brings in
  uint32_t fetch_end = 0;      // instructions in fetch_pos.function (fetch stops there)
  bool fetch_in_flight = false;
  uint32_t issued_in_flight = 0;  // its issued instructions not yet completed (barrel fetch waits for 0)
  bool exited = false;         // the warp is done: nothing more to fetch
  bool refetching = false;     // flushed by a redirect, nothing fetched since (Control)
  uint32_t generation = 0;     // bumped on every redirect / new owner: stale fetches are dropped
  ThreadDependencies deps;     // a large warp's threads in flight (the scoreboard's job for ordinary warps)
  explicit WarpSlot(uint32_t ibuffer_entries) : ibuffer(ibuffer_entries) {}
  // Moves the fetch position (a new warp, or a redirect).
  void set_fetch_pos(CodePos pos) {
    fetch_pos = pos;
    fetch_end = uint32_t(engine->spec().module->functions[pos.function].code.size());
  }
};

struct TbSlot {
  func::Engine* engine = nullptr;
  std::unique_ptr<func::Block> block;
  uint64_t kernel = 0;
  uint64_t start_cycle = 0;
  uint64_t warp_instructions = 0, thread_instructions = 0;
  uint32_t in_flight = 0;      // issued instructions not yet written back / completed (WarpTable::add_in_flight)
  TbMeasure measure;           // for the papers' metrics
  // VTW: a warp waits for the next logical TB index (SiblingHold::Index);
  // the SM asks the GPU-wide counter once and hands the grant to the engine.
  bool index_wanted = false, index_requested = false;
  uint64_t index_bound = 0, index_ticket = 0;
};

class WarpTable {
 public:
  WarpTable(const config::GpuConfig& cfg, const OpAssigner& ops, uint32_t sm_id);

  // Places a TB in a free TB slot and a contiguous range of free warp slots;
  // returns its TB slot. Throws scwarp::Error if none fits (the dispatcher
  // and the SM disagree on capacity).
  uint32_t place(TbLaunch launch, uint64_t cycle);
  // Frees a finished TB's slots and its Block.
  void remove(uint32_t tb_slot);

  bool large_warps() const { return large_warps_; }
  // Recomputes warp `w`'s wait reason, head fields and fetchability from its state.
  void refresh(uint32_t w);
  // refresh(w) after an event that left w's I-buffer head and functional
  // state as its last refresh saw them (a writeback, an instruction decoded
  // behind the head): the head fields keep their values, which a full
  // refresh would compute again; the wait, the head's long-latency mark and
  // the fetchability are recomputed.
  void refresh_wait(uint32_t w);
  // Recomputes only whether fetch may pick warp `w` (valid, not exited,
  // I-buffer room, no fetch in flight, fetch position inside its function).
  void update_fetchable(uint32_t w);
  // Appends the fetchable warps to `out`, ascending slot.
  void append_fetchable(std::vector<uint32_t>& out) const {
    fetchable_.for_each([&out](size_t w) { out.push_back(uint32_t(w)); });
  }
  void refresh_tb(uint32_t tb_slot);
  // TB `tb_slot` may have finished or deadlocked (Sm::finish_tbs looks only
  // at touched TBs): it was placed, its last instruction in flight
  // completed, or a warp of it exited or reached or released a barrier.
  // Only these make the check's condition (nothing in flight; every warp
  // exited, or the live ones all at a barrier) true, so a TB whose
  // condition holds at a check was touched since the last one.
  void touch_tb(uint32_t tb_slot) { touched_tbs_.insert(tb_slot); }
  // One more, or one fewer, of TB `tb_slot`'s instructions in flight.
  void add_in_flight(uint32_t tb_slot) { ++tbs_[tb_slot].in_flight; }
  void drop_in_flight(uint32_t tb_slot) {
    if (--tbs_[tb_slot].in_flight == 0) touch_tb(tb_slot);
  }
  // Calls f(tb_slot) for each TB touched since the last call, ascending, and
  // forgets them.
  template <typename F>
  void take_touched_tbs(F&& f) {
    touched_tbs_.take_each([&f](size_t t) { f(uint32_t(t)); });
  }
  // The warps of a scheduler, ascending slot (changes only at TB launch/finish).
  const std::vector<uint32_t>& scheduler_warps(uint32_t sched) const { return by_scheduler_[sched]; }
  uint32_t resident_tbs() const { return resident_; }
  // Resident TBs of kernels that use virtual TBs (nexttbid: VTW).
  uint32_t resident_virtual_tbs() const { return resident_virtual_; }
  uint32_t schedulers() const { return uint32_t(by_scheduler_.size()); }
  // How many of scheduler `sched`'s warp slots wait for each reason
  // (WarpView::wait, indexed by WarpWait; empty slots count as Empty).
  using WaitCounts = std::array<uint32_t, sched::kWarpWaits>;
  const WaitCounts& wait_counts(uint32_t sched) const { return waits_[sched]; }
  uint32_t ready_warps(uint32_t sched) const { return waits_[sched][size_t(sched::WarpWait::Ready)]; }

  sched::SmView& view() { return view_; }
  std::vector<sched::WarpView>& warp_views() { return warp_views_; }
  std::vector<sched::TbView>& tb_views() { return tb_views_; }
  std::vector<WarpSlot>& warps() { return warps_; }
  std::vector<TbSlot>& tbs() { return tbs_; }
  const std::vector<sched::TbView>& tb_views() const { return tb_views_; }
  const std::vector<sched::WarpView>& warp_views() const { return warp_views_; }
  const std::vector<WarpSlot>& warps() const { return warps_; }
  const std::vector<TbSlot>& tbs() const { return tbs_; }
  Scoreboard& scoreboard() { return scoreboard_; }
  // A memory instruction completed after `cycles`: its pc's long-latency
  // bit (WarpView::head_was_long) follows that execution.
  void record_memory_latency(const ptx::Instr& instr, uint64_t cycles);

 private:
  // `head_moved`: recompute the head fields (WarpView::head_*, threads,
  // iteration) too; refresh_wait() says when they cannot have changed.
  sched::WarpWait current_wait(uint32_t w, bool head_moved);
  void update_head_fields(uint32_t w, const ptx::Instr& head);
  void set_wait(uint32_t w, sched::WarpWait wait);  // keeps waits_ counted
  sched::WarpWait sibling_wait(uint32_t w);
  uint32_t free_tb_slot() const;
  uint32_t free_warp_range(uint32_t count) const;  // first slot, or kNoWarp
  void rebuild_scheduler_lists();

  std::vector<WarpSlot> warps_;
  std::vector<TbSlot> tbs_;
  std::vector<sched::WarpView> warp_views_;
  std::vector<sched::TbView> tb_views_;
  std::vector<std::vector<uint32_t>> by_scheduler_;
  std::vector<WaitCounts> waits_;  // per scheduler (wait_counts)
  BitSet fetchable_;    // the warps fetch may pick: fetch scans them every cycle
  BitSet touched_tbs_;  // TB slots touched (touch_tb)
  const config::GpuConfig& cfg_;
  const OpAssigner& ops_;  // the GPU's one table
  bool fetch_on_empty_;             // fetch only into an empty I-buffer (cfg.fetch_on_empty)
  bool fetch_barrel_;               // fetch only with nothing in flight (cfg.fetch_barrel)
  bool large_warps_;                // cfg.large_warp_rows() > 1
  std::unordered_set<const ptx::Instr*> long_latency_;  // memory instructions last seen long latency
  Scoreboard scoreboard_;
  sched::SmView view_;
  uint32_t resident_ = 0;
  uint32_t resident_virtual_ = 0;
  uint64_t launches_ = 0;
};

}  // namespace scwarp::sm
