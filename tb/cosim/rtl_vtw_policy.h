// The VTW scheduler RTL (rtl/vtw/vtw_sched.v, Verilated as plain C++) behind
// the policy interface: RtlVtwPolicy is the issue policy "vtw" under
// -scwarp_sched_impl rtl, one Verilated vtw_sched per SM.
//
// Timing contract (docs/rtl.md, "VTW blocks"): VtwPolicy recomputes its
// order from the views at every call; the RTL sorts the W warps with one
// comparator in W*(W-1)/2 edges. The adapter gives every event its own edge
// (a TB finish, a TB launch, an issued instruction with its barrier arrival
// / release / exit, a warp's entry into its next iteration) and, before
// order() reads order_o, clocks the block with no events until done_o. The
// sort latency is idealised away, as in the PRO adapter.
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

class Vvtw_sched;

namespace scwarp::cosim {

template <typename V>
class VerilatedBlock;  // tb/cosim/verilated_block.h

class RtlVtwPolicy : public sched::IssuePolicy, public LockstepTables {
 public:
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
  // One edge with the loaded event, then the inputs cleared.
  void edge(uint64_t cycle);
  // Entries into the next iteration the view shows and the block has not had.
  void sync_iterations(const sched::SmView& sm);
  void sort(const sched::SmView& sm);

  uint32_t sm_;
  uint32_t tbs_;
  std::unique_ptr<VerilatedBlock<Vvtw_sched>> rtl_;
  std::vector<uint32_t> iteration_;  // per warp slot, as last given to the block
  std::vector<uint8_t> member_;      // order()'s scratch: warps asked for
  std::vector<sched::TbView> seen_;  // the TbViews of the last order()
};

}  // namespace scwarp::cosim
