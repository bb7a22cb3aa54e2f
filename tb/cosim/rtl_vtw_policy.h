// The VTW scheduler RTL (rtl/vtw/vtw_sched.v, Verilated as plain C++ inside
// the shell tb/cosim/vtw_cosim_top.v, which registers cand_i) behind the
// policy interface: RtlVtwPolicy is the issue policy "vtw" under
// -scwarp_sched_impl rtl, one Verilated vtw_sched per SM.
//
// The block decides the warp each scheduler issues, not a whole order
// (IssuePickBlock): order() drives cand_i with the scheduler's warps that
// are Ready with their head's unit free (sched::can_issue), latches it with
// an edge, reads the pick and returns [pick, then the scheduler's other warps in
// slot order] (the slot order alone when nothing is picked). The issue
// stage issues the pick, and a cycle without an issue sees the same warps
// as VtwPolicy's order, so its stall class is the same. What would need the
// whole order is refused: the RTL CFF fetch (it needs the MWF block), a
// --trace's TB ranking (sc_model/cli/trace_options.cc), and an SM without
// exactly kRtlSchedulers schedulers (a pick tree per scheduler owns the
// slots w % S).
//
// Events (a TB finish, a TB launch, an issued instruction's issue / barrier
// arrival / release / exit, a warp's entry into its next iteration) wait on
// the pending edge, on the scheduler ports of their warps; one that cannot
// share it (its port busy with another warp or the same event, or its TB
// launched or finished in that edge) first gives the pending edge its own
// clock. Transaction level (docs/rtl.md, "VTW blocks"): order() clocks the
// pending edge (or a change of the slow phase) before it reads the pick, so
// the pick reads the state VtwPolicy reads; with no candidate the pick is
// none, with one it is that warp, and the edge waits for the next order()
// (but under lockstep, which compares the block's counters after each). Cycle-timed
// (-scwarp_rtl_timing cycle, docs/rtl.md "Cycle-timed co-simulation"): the
// pending edge ends the SM cycle; the pick reads the state of the cycle's
// start (scheduler 1 does not see scheduler 0's issue of the same cycle,
// and the slow phase shows one cycle after the view's).
// Entries into the next iteration are not policy events: the adapter finds
// them by comparing each warp's WarpView::iteration with the last one it
// saw, at every event but an issue and at order(), so they reach the block
// in the order the SM made them relative to exits and barrier events. Slow phase: TbView::indices_exhausted.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "sc_model/sched/policy.h"
#include "tb/cosim/issue_pick.h"
#include "tb/cosim/lockstep_tables.h"
#include "tb/cosim/rtl_params.h"
#include "tb/cosim/tb_counters_driver.h"

class Vvtw_cosim_top;

namespace scwarp::cosim {

template <typename V>
class VerilatedBlock;  // tb/cosim/verilated_block.h

class RtlVtwPolicy : public sched::IssuePolicy, public LockstepTables, public IssuePickBlock {
 public:
  static constexpr bool kCycleTimed = true;  // -scwarp_rtl_timing cycle

  // Refuses (scwarp::Error) an SM the Verilated block cannot hold.
  explicit RtlVtwPolicy(const sched::PolicyContext& ctx);
  ~RtlVtwPolicy() override;

  // The block's pick (pick_o) for the candidates among `warps`, then the
  // other warps in slot order.
  void order(const sched::SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) override;
  void on_issue(const sched::SmView& sm, uint32_t warp, uint32_t active_threads) override;
  void on_barrier_arrive(const sched::SmView& sm, uint32_t warp) override;
  void on_barrier_release(const sched::SmView& sm, uint32_t tb_slot) override;
  void on_warp_exit(const sched::SmView& sm, uint32_t warp) override;
  void on_tb_launch(const sched::SmView& sm, uint32_t tb_slot) override;
  void on_tb_finish(const sched::SmView& sm, uint32_t tb_slot) override;

  // Lockstep compares, per TB slot, the block's barrier, exit and
  // next-iteration counts with the SM's TbView that VtwPolicy read (VtwPolicy
  // keeps no state of its own).
  void fill_tables(const sched::IssuePolicy& golden, std::vector<StateTable>& tables) const override;
  uint32_t last_pick() const override { return last_pick_; }

 private:
  // The events a scheduler port carries, one flag input each.
  enum class PortEvent { Issue, Arrive, Release, Exit, Enter };

  // One edge with the loaded events, then the inputs cleared.
  void edge();
  // An edge that latches cand_i only: the loaded events and slow phase
  // wait for a later edge.
  void candidate_edge();
  // Cycle-timed, the edge that ends the last SM cycle with events (idle
  // cycles change nothing); transaction-level only the VCD time.
  void catch_up(const sched::SmView& sm);
  // Loads an event of `warp` (kNoWarp: of the TB only) of TB slot `tb` on
  // scheduler port `port`, after an edge of its own for what the pending
  // edge cannot share it with; event_done() marks the pending edge due.
  void port_event(PortEvent event, uint32_t port, uint32_t warp, uint32_t tb);
  // Before a TB launch or finish: pending events go to an edge of their own.
  void tb_event(const sched::SmView& sm, uint32_t tb);
  // Whether the pending edge already changes TB slot `tb`'s residency.
  bool tb_changing(uint32_t tb) const;
  void event_done();
  // Whether the block is behind the view: events wait, or exhausted_i
  // differs from what the block registered.
  bool edge_due() const;
  void drive_exhausted(const sched::SmView& sm);
  // Brings the block to `sm`'s cycle (catch_up), then gives it the entries
  // into the next iteration the view shows and it has not had.
  void sync_iterations(const sched::SmView& sm);
  // Drives cand_i with the candidates among `warps` of scheduler `sched`
  // and returns the block's pick (kNoWarp: none).
  uint32_t pick(const sched::SmView& sm, uint32_t sched, std::span<const uint32_t> warps);

  uint32_t sm_;
  uint32_t tbs_;
  bool cycle_timed_;
  bool lockstep_;  // the block's counters are compared after every order()
  std::unique_ptr<VerilatedBlock<Vvtw_cosim_top>> rtl_;
  uint64_t rtl_cycle_ = 0;  // the SM cycle the block is in
  // The pending edge: per port its warp and TB (kNoWarp: free), and its
  // barrier arrivals.
  uint32_t port_warp_[kRtlSchedulers], port_tb_[kRtlSchedulers];
  BarrierReleaseCount released_;
  std::vector<uint32_t> iteration_;  // per warp slot, as last given to the block
  uint64_t iteration_changes_seen_ = ~uint64_t(0);  // SmView::iteration_changes at the last look
  uint32_t last_pick_ = sched::kNoWarp;
  bool pending_ = false;          // events wait on the pending edge
  uint32_t held_exhausted_ = 0;   // exhausted_i as the block registered it
  std::vector<sched::TbView> seen_;  // lockstep: the TbViews of the last order()
};

}  // namespace scwarp::cosim
