// The PRO RTL (rtl/pro/pro_top.v, Verilated as plain C++) behind the policy
// interface: RtlProPolicy is the issue policy "pro" under -scwarp_sched_impl
// rtl, one Verilated pro_top per SM.
//
// Timing contract (docs/rtl.md, "Co-simulation"): ProPolicy sorts at once,
// at the event, with the keys of that moment; the RTL sorts with one
// comparator over many clock edges. The adapter keeps the two equal by
// giving every event group its own edge (a TB finish, a TB launch, a phase
// change, or one issued instruction with its barrier arrival / release /
// exit) and then clocking the block with no new events until done_o says
// no sort runs or waits; only then does the next event or order() see it.
// Those sort-only edges drive tick_i = 0, so PRO's THRESHOLD counter counts
// SM cycles: each SM cycle the block saw ends with one tick_i = 1 edge (the
// cycle's last event group takes it, or an edge of its own), also through
// cycles the SM skipped; an idle one (no events, no sort: done_o) only
// counts, so those advance the counter register without their edges, up to
// the tick the periodic sort falls due on (tb/cosim/pro_idle_ticks.h). What
// this idealises is the sort latency, which the real block would hide
// behind issue (docs/rtl.md, PRO blocks).
//
// Under -scwarp_rtl_timing cycle the block is clocked as the hardware is:
// one edge at the end of each SM cycle, tick_i = 1, with all of that
// cycle's events (pro_top applies them in its fixed order), and no
// sort-only edges: sorts take one step per cycle, and order() reads the
// order registers as they are, a TB still unsorted leaving its warps out
// of this cycle's order (docs/rtl.md, "Cycle-timed co-simulation").
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "sc_model/sched/policy.h"
#include "sc_model/sched/pro_policy.h"
#include "tb/cosim/lockstep_tables.h"
#include "tb/cosim/rtl_params.h"
#include "tb/cosim/tb_counters_driver.h"

class Vpro_top;

namespace scwarp::cosim {

template <typename V>
class VerilatedBlock;  // tb/cosim/verilated_block.h

class RtlProPolicy : public sched::IssuePolicy, public LockstepTables {
 public:
  static constexpr bool kCycleTimed = true;  // -scwarp_rtl_timing cycle

  // Refuses (scwarp::Error) an SM or a THRESHOLD the Verilated block cannot hold.
  explicit RtlProPolicy(const sched::PolicyContext& ctx);
  ~RtlProPolicy() override;

  // The scheduler's warps TB by TB in the block's composed TB order
  // (order_o), each TB's warps in the block's warp order (warp_order_o).
  void order(const sched::SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) override;
  void on_issue(const sched::SmView& sm, uint32_t warp, uint32_t active_threads) override;
  void on_barrier_arrive(const sched::SmView& sm, uint32_t warp) override;
  void on_barrier_release(const sched::SmView& sm, uint32_t tb_slot) override;
  void on_warp_exit(const sched::SmView& sm, uint32_t warp) override;
  void on_tb_launch(const sched::SmView& sm, uint32_t tb_slot) override;
  void on_tb_finish(const sched::SmView& sm, uint32_t tb_slot) override;
  void on_phase_change(const sched::SmView& sm) override;
  // The TB order as of the last order() (the Table IV snapshots read it).
  std::span<const uint32_t> tb_priority() const override { return tb_order_; }
  uint64_t tb_priority_period() const override { return threshold_; }

  // The block's state as of the last order(), for lockstep.
  sched::ProTbState state(uint32_t tb_slot) const;
  // Appends the TB's warps, highest priority first.
  void warp_order(uint32_t tb_slot, std::vector<uint32_t>& out) const;
  // Lockstep compares each TB slot's state and warp order with ProPolicy's.
  void fill_tables(const sched::IssuePolicy& golden, std::vector<StateTable>& tables) const override;

 private:
  // Takes the pending events' edge and ticks the block up to `sm`'s cycle;
  // transaction-level, each edge is followed by sort-only edges until done_o.
  void catch_up(const sched::SmView& sm);
  // Advances the THRESHOLD counter over up to `cycles` idle cycles without
  // their edges; returns how many it advanced (0: the next tick needs its edge).
  uint64_t skip_idle_ticks(uint64_t cycles);
  void step(bool tick);
  // Starts a new event group. Transaction-level everything before it is
  // applied first; cycle-timed only a pending event on the same port
  // (`port_busy`) is, with an edge of its own inside the cycle.
  template <typename PortBusy>
  void begin_group(const sched::SmView& sm, PortBusy port_busy) {
    catch_up(sm);
    if (port_busy()) step(false);
    open_group(sm);
  }
  void open_group(const sched::SmView& sm);
  // Refuses an arrival or exit of `warp` (of scheduler `sched`) that does
  // not come with its issued instruction (the pending group).
  void check_in_group(const char* event, uint32_t sched, uint32_t warp) const;
  void read_tb_order();
  // Reads the block's order into sched_order_ (the TB order and each TB's
  // warp order, split by scheduler).
  void decode_order(const sched::SmView& sm);

  uint32_t sm_;
  uint32_t tbs_;        // the SM's TB slots
  uint32_t threshold_;  // -scwarp_pro_threshold
  std::unique_ptr<VerilatedBlock<Vpro_top>> rtl_;
  uint64_t rtl_cycle_ = 0;         // the SM cycle the block is in
  bool cycle_timed_;               // -scwarp_rtl_timing cycle
  bool pending_ = false;           // event inputs are loaded and wait for their edge
  // Per scheduler, the pending edge's issued warp (kNoWarp: none).
  uint32_t group_warp_[kRtlSchedulers];
  uint32_t last_sched_ = 0;        // the scheduler of the latest issue
  BarrierReleaseCount released_;  // the pending edge's arrivals, for rel_cnt_i
  std::vector<uint32_t> tb_order_;
  std::vector<uint32_t> tb_warps_;  // decode_order()'s scratch: one TB's warps
  // The block's order per scheduler as decode_order() read it; valid while
  // `decoded_`, until the next edge (only an edge changes the outputs, and
  // most order() calls, two per SM cycle, come with none since the last).
  std::vector<uint32_t> sched_order_[kRtlSchedulers];
  bool decoded_ = false;
};

}  // namespace scwarp::cosim
