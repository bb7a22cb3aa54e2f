// The VTW scheduler RTL (rtl/vtw/vtw_sched.v, Verilated as plain C++) behind
// the policy interface: RtlVtwPolicy is the issue policy "vtw" under
// -scwarp_sched_impl rtl, one Verilated vtw_sched per SM.
//
// Timing contract, transaction level (docs/rtl.md, "VTW blocks"): VtwPolicy
// recomputes its order from the views at every call; the RTL sorts the W
// warps with one comparator in W*(W-1)/2 edges. The adapter gives every
// event its own edge (a TB finish, a TB launch, an issued instruction's
// issue / barrier arrival / release / exit, a warp's entry into its next
// iteration) and, before order() reads order_o, clocks the block with no
// events until done_o. The sort latency is idealised away, as in the PRO
// adapter.
// Cycle-timed (-scwarp_rtl_timing cycle, docs/rtl.md "Cycle-timed
// co-simulation"): one edge per SM cycle, at its end, with the cycle's
// events on the scheduler ports of their warps; order() reads order_o as
// the sorter has it, one compare-and-swap step per SM cycle. An event that
// cannot share the pending edge (its port busy with another warp or the
// same event, or its TB launched or finished in that edge) takes an edge of
// its own inside the cycle first.
// Entries into the next iteration are not policy events: the adapter finds
// them by comparing each warp's WarpView::iteration with the last one it
// saw, at every event and at order(), so they reach the block in the order
// the SM made them relative to exits. Slow phase: TbView::indices_exhausted.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "sc_model/sched/policy.h"
#include "tb/cosim/lockstep_tables.h"
#include "tb/cosim/rtl_params.h"
#include "tb/cosim/tb_counters_driver.h"

class Vvtw_sched;

namespace scwarp::cosim {

template <typename V>
class VerilatedBlock;  // tb/cosim/verilated_block.h

class RtlVtwPolicy : public sched::IssuePolicy, public LockstepTables {
 public:
  static constexpr bool kCycleTimed = true;  // -scwarp_rtl_timing cycle

  // Refuses (scwarp::Error) an SM the Verilated block cannot hold.
  explicit RtlVtwPolicy(const sched::PolicyContext& ctx);
  ~RtlVtwPolicy() override;

  // The scheduler's warps in the block's order (order_o).
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

 private:
  // The events a scheduler port carries, one flag input each.
  enum class PortEvent { Issue, Arrive, Release, Exit, Enter };

  // One edge with the loaded events, then the inputs cleared.
  void edge();
  // Cycle-timed, the edge that ends each SM cycle before `sm`'s (idle
  // cycles step the sorter until it is done); transaction-level only the
  // VCD time.
  void catch_up(const sched::SmView& sm);
  // Loads an event of `warp` (kNoWarp: of the TB only) of TB slot `tb` on
  // scheduler port `port`, after an edge of its own for what the pending
  // edge cannot share it with; event_done() then gives a transaction-level
  // event its edge.
  void port_event(PortEvent event, uint32_t port, uint32_t warp, uint32_t tb);
  // Before a TB launch or finish: pending events go to an edge of their own.
  void tb_event(const sched::SmView& sm, uint32_t tb);
  // Whether the pending edge already changes TB slot `tb`'s residency.
  bool tb_changing(uint32_t tb) const;
  void event_done();  // transaction-level, the event's edge
  void drive_exhausted(const sched::SmView& sm);
  // Brings the block to `sm`'s cycle (catch_up), then gives it the entries
  // into the next iteration the view shows and it has not had.
  void sync_iterations(const sched::SmView& sm);
  void sort(const sched::SmView& sm);

  uint32_t sm_;
  uint32_t tbs_;
  bool cycle_timed_;
  std::unique_ptr<VerilatedBlock<Vvtw_sched>> rtl_;
  uint64_t rtl_cycle_ = 0;  // the SM cycle the block is in
  // The pending edge: per port its warp and TB (kNoWarp: free), and its
  // barrier arrivals.
  uint32_t port_warp_[kRtlSchedulers], port_tb_[kRtlSchedulers];
  BarrierReleaseCount released_;
  std::vector<uint32_t> iteration_;  // per warp slot, as last given to the block
  std::vector<uint8_t> member_;      // order()'s scratch: warps asked for
  std::vector<sched::TbView> seen_;  // the TbViews of the last order()
};

}  // namespace scwarp::cosim
