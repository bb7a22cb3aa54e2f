// The BAWS RTL (rtl/baws/baws_top.v, Verilated as plain C++) behind the
// policy interface: RtlMwfPolicy is the issue policy "mwf_lrr" / "mwf_gto"
// under -scwarp_sched_impl rtl, one Verilated baws_top per SM, inside the
// simulation shell tb/cosim/baws_cosim_top.v, which latches the block's
// level inputs at each edge (so Verilator evaluates its selection logic once
// per edge, not twice).
//
// Timing contract (transaction-level co-simulation, docs/rtl.md
// "Co-simulation"): the policy's events (on_issue + on_barrier_arrive /
// on_barrier_release per scheduler, on_tb_launch, CFF's on_fetch) are
// collected as the block's event inputs and applied with ONE clock edge
// before the next output that depends on them is read (an order() for
// scheduler s: s's own issue, any arrival, release or launch; the fetch
// pick or a WPT count: all). So an order() for scheduler 1 sees scheduler
// 0's barrier events of the same SM cycle, and the fetch stage sees the
// post-issue state, exactly as the C++ model does; the RTL is not clocked
// once per SM cycle. Under -scwarp_rtl_timing cycle it is: the cycle's
// events wait for one edge at the end of their cycle, so every decision of a
// cycle (both schedulers' orders, the CFF pick) reads start-of-cycle state
// (docs/rtl.md, "Cycle-timed co-simulation").
// order() drives the level inputs from the SmView, evaluates (an edge of the
// shell; one without events when none is due, which leaves the state as it
// is), and returns the scheduler's warps sorted by the block's rank_o.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "sc_model/sched/policy.h"
#include "sc_model/sched/tb_ranked_order.h"
#include "tb/cosim/lockstep_tables.h"
#include "tb/cosim/rtl_params.h"

class Vbaws_cosim_top;

namespace scwarp::cosim {

template <typename V>
class VerilatedBlock;  // tb/cosim/verilated_block.h

inline constexpr uint32_t kRtlCountBits = 6;  // baws_top's WPT counter width

struct BawsInputs;  // the combinational inputs as last driven

class RtlMwfPolicy : public sched::IssuePolicy, public LockstepTables {
 public:
  static constexpr bool kCycleTimed = true;  // -scwarp_rtl_timing cycle

  // Refuses (scwarp::Error) an SM the Verilated instance cannot hold.
  RtlMwfPolicy(const sched::PolicyContext& ctx, sched::IntraTbOrder intra);
  ~RtlMwfPolicy() override;

  void order(const sched::SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) override;
  // Transaction level, the block's ranks list every warp and an order()
  // only reads them: events wait for the next read that needs them, so a
  // skipped order() changes nothing (as the C++ MWF's, which says the same).
  // Cycle-timed, an order() is also where a cycle's events take their edge.
  bool orders_every_warp_without_effects() const override { return !cycle_timed_; }
  void on_issue(const sched::SmView& sm, uint32_t warp, uint32_t active_threads) override;
  void on_barrier_arrive(const sched::SmView& sm, uint32_t warp) override;
  void on_barrier_release(const sched::SmView& sm, uint32_t tb_slot) override;
  void on_tb_launch(const sched::SmView& sm, uint32_t tb_slot) override;
  // A warp exit and a TB finish send nothing (the block reads each warp's
  // Exited state, warp_exited_i, and valid mask instead: docs/rtl.md, "Last
  // issued"); they change the rank inputs the view gives (as a launch does,
  // which is an event anyway), so the next order() reads them again.
  void on_warp_exit(const sched::SmView& sm, uint32_t warp) override;
  void on_tb_finish(const sched::SmView& sm, uint32_t tb_slot) override;

  // CFF through the same block (RtlCffFetchPolicy): the fetch pick for this
  // fetchable set (ascending slots), and the fetch of that pick (an event:
  // fetch_valid_i with the warp's scheduler, fetch_sched_i). Transaction
  // level, a single fetchable warp is the pick without an evaluation (the
  // arg-min of one valid candidate, whatever the ranks; most picks on
  // matmul `small`), its events waiting for the next read as an order()'s
  // do; lockstep and cycle-timed runs evaluate every pick.
  uint32_t fetch_pick(const sched::SmView& sm, std::span<const uint32_t> fetchable);
  void fetched(const sched::SmView& sm, uint32_t warp);

  // The WPT counter (count_o) of a TB slot after the pending events.
  uint32_t waiting(uint32_t tb_slot);
  sched::IntraTbOrder intra() const { return intra_; }
  // Lockstep compares each TB slot's WPT counter with MwfPolicy::waiting().
  void fill_tables(const sched::IssuePolicy& golden, std::vector<StateTable>& tables) const override;

 private:
  void apply_events();  // one clock edge (inputs as they are) if any event is pending
  uint32_t count(uint32_t tb_slot) const;  // count_o as last evaluated
  // Drives the inputs from the view and settles the outputs the caller reads:
  // with `events_needed`, the pending events take their edge together with
  // the new inputs (the state's next value depends on the event inputs
  // only); with no edge needed and the inputs those outputs depend on as
  // last evaluated, nothing is evaluated. `fetchable` null: the caller reads
  // the ranks only; the fetch inputs last driven are kept, and the rank
  // inputs are read from the view only after an event that changes them
  // (launch, warp exit, TB finish; the SM refreshes the view at each).
  void settle(const sched::SmView& sm, const std::span<const uint32_t>* fetchable, bool events_needed);
  // Whether a pending event changes scheduler `sched`'s ranks.
  bool ranks_pending(uint32_t sched) const;
  void load_events();   // the collected issue / fetch events onto the ports
  void rising_edge();   // the edge, then the event inputs cleared

  sched::IntraTbOrder intra_;
  uint32_t sm_;
  uint32_t tbs_;  // the SM's TB slots
  std::unique_ptr<VerilatedBlock<Vbaws_cosim_top>> rtl_;
  uint64_t cycle_ = 0;  // the SM cycle of the latest call (trace time)
  bool cycle_timed_;    // -scwarp_rtl_timing cycle: events wait for the end of their cycle
  bool forced_picks_;   // a single fetchable warp is picked without an evaluation (fetch_pick)
  bool forced_ = false;  // the last fetch_pick() was such a pick: the outputs are not its
  // Events collected since the last edge.
  bool pending_ = false;
  uint32_t arrive_ = 0, release_ = 0;  // per scheduler: with its issued instruction
  uint32_t launch_ = 0;                // per TB slot
  uint32_t issue_warp_[kRtlSchedulers];  // sched::kNoWarp: none
  uint32_t issue_tb_[kRtlSchedulers];
  uint32_t last_sched_ = 0;              // scheduler of the latest on_issue
  static constexpr uint32_t kNoSched = ~0u;
  uint32_t fetch_sched_ = kNoSched;      // scheduler of the warp fetched since the last edge
  bool settled_ = false;   // outputs reflect driven_ and the current state
  // A TB launch, warp exit or TB finish since the rank inputs were last read
  // (kept apart from launch_, which a cycle-timed edge clears before any read).
  bool rank_inputs_changed_ = false;
  std::unique_ptr<BawsInputs> driven_, next_;
};

}  // namespace scwarp::cosim
