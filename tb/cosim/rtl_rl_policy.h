// The RTL adapter of seed 003's two learning schedulers: RtlRlPolicy<Block>
// drives one Verilated rtl/rlws top per SM (rlws_top for RLWS,
// rtl_rlws_policy.h; rlws_ms_top for RLWS_MS, rtl_rlws_ms_policy.h) behind
// the policy interface. Both tops are rlws_agent plus a warp selector with
// the same event and read-out ports; what differs (the top, the golden
// policy, the per-warp inputs of the selector) is the Block's.
//
// The block computes in the hardware's arithmetic (32-bit weights with 16
// fraction bits, 16-bit rates, the LFSR draw), so the run must ask the C++
// model for the same (-<policy>_theta_frac_bits 16 -<policy>_lfsr 1); other
// values are refused. What is not in rtl/rlws stays C++ here: the attribute
// counters and bucketing (RlStateMeter, an instrumentation block the paper
// counts apart) and the first-phase decay of alpha and epsilon, whose
// values are written into the block's rate registers when they change.
//
// Timing contract (transaction level, docs/rtl.md "Co-simulation"): each
// decision is one clock edge (the agent learns the scheduler's previous
// step with it, so scheduler 1 sees scheduler 0's update, as RlPolicy);
// each issue and warp exit is an edge of its own, and, for a selector that
// keeps "issued in the previous cycle" (Block::kTicks), the first call of a
// new SM cycle gives the edge that ends the last one (tick_i). Outside
// lockstep, an edge is taken when the next call comes, so the issue that
// follows a decision shares the decision's edge and the last events of a
// cycle share the tick edge: the block ends in the same state. order()
// reads the golden policy's order out of the warp selector: the pick, then
// the pick with the warps before it skipped (skip_i), and so on; the whole
// order under lockstep, otherwise only the first warp that can issue (the
// pipeline issues it and never reads on, so the rest would only cost
// evaluations), or, if none can, the order's warps without their sequence
// (all the pipeline's stall class looks at).
//
// Cycle-timed (-scwarp_rtl_timing cycle), for a Block with a CycleTop (the
// top with P = S decision ports): clocked as the hardware is, scheduler s
// decides on port s from the registered (start-of-cycle) weights, LFSR and
// last warps, and its decision, the cycle's issues, warp exit, kernel
// restart and rate register write wait for the tick_i edge that ends the
// cycle, where both schedulers' TD updates are applied (docs/rtl.md,
// "Cycle-timed co-simulation"). A second event on a port already holding
// one in the cycle (a second exit; a decision while this or a higher port's
// waits) takes an edge of its own (tick_i 0) first. The rates written in a
// cycle are the block's from the next one.
//
// A Block names: Top (the Verilated class), optionally CycleTop, Golden
// (the C++ policy), kPolicy (its name and option prefix), kLabel, kTop,
// kTable (the paper's table of defaults), kVariables, kActions, kInitialQ,
// kTicks, kActionNames, and static drive_warps(top, sm, port, warps) (the
// selector's per-warp inputs for a decision on `port`), order_warps(top,
// port) (the mask of the warps of an order just read out in which none can
// issue) and
// check_order(action, order) (what the block promises about an order). The
// member definitions are in rtl_rl_policy_impl.h, instantiated by each
// adapter's .cc.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

#include "sc_model/sched/policy.h"
#include "sc_model/sched/rl_policy.h"
#include "tb/cosim/lockstep_tables.h"
#include "tb/cosim/rtl_params.h"

namespace scwarp::cosim {

// The agent's arithmetic and state width and the selectors' age key width,
// as both tops are Verilated.
inline constexpr uint32_t kRlFracBits = 16, kRlBucketBits = 3, kRlAgeBits = 8;

// Age key of the warp selectors: the TB's launch rank among the resident
// TBs, then the warp in the TB (RlPolicy::older); refuses (naming `top`) a
// warp index the key cannot hold.
uint32_t rl_age_key(const sched::SmView& sm, const sched::WarpView& w, const char* top);

// The adapter's state and logic over one Verilated top (RlBlockCosim in
// rtl_rl_policy_impl.h), behind the policy front below.
class RlCosim {
 public:
  virtual ~RlCosim() = default;
  virtual void order(const sched::SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                     std::vector<uint32_t>& out) = 0;
  virtual void on_issue(const sched::SmView& sm, uint32_t warp) = 0;
  virtual void on_no_issue(const sched::SmView& sm, uint32_t sched) = 0;
  virtual void on_warp_exit(const sched::SmView& sm, uint32_t warp) = 0;
  virtual void on_tb_launch(const sched::SmView& sm, uint32_t tb_slot) = 0;
  virtual void on_tb_finish() = 0;
  virtual int32_t theta(uint32_t action, uint32_t i) const = 0;
  virtual uint32_t last_action(uint32_t sched) const = 0;
};

template <typename Block>
concept HasCycleTop = requires { typename Block::CycleTop; };

// The registry's mark of an adapter with a cycle-timed mode.
struct CycleTimedAdapter {
  static constexpr bool kCycleTimed = true;
};
struct TransactionLevelAdapter {};

template <typename Block>
class RtlRlPolicy : public sched::IssuePolicy,
                    public LockstepTables,
                    public std::conditional_t<HasCycleTop<Block>, CycleTimedAdapter, TransactionLevelAdapter> {
 public:
  static constexpr const char* kPolicy = Block::kPolicy;

  // Refuses (scwarp::Error) an SM or a configuration the block cannot run.
  explicit RtlRlPolicy(const sched::PolicyContext& ctx);
  ~RtlRlPolicy() override;

  void order(const sched::SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) override;
  void on_issue(const sched::SmView& sm, uint32_t warp, uint32_t active_threads) override;
  void on_no_issue(const sched::SmView& sm, uint32_t sched) override;
  void on_warp_exit(const sched::SmView& sm, uint32_t warp) override;
  void on_tb_launch(const sched::SmView& sm, uint32_t tb_slot) override;
  void on_tb_finish(const sched::SmView& sm, uint32_t tb_slot) override;
  bool changes_by_itself(const sched::SmView& sm) const override;
  bool reads_memory_view() const override { return true; }  // its state meter, as RlPolicy

  // Weight i of action a in units of 2^-16, and scheduler s's last action
  // (sched::kNoWarp: none since the kernel started), as the block holds them.
  int32_t theta(uint32_t action, uint32_t i) const;
  uint32_t last_action(uint32_t sched) const;
  // Lockstep compares the weights (a row per action, in 2^-16 units) and
  // each scheduler's last action with the golden policy's.
  void fill_tables(const sched::IssuePolicy& golden, std::vector<StateTable>& tables) const override;

 private:
  uint32_t schedulers_;
  // Block::Top at transaction level, Block::CycleTop cycle-timed.
  std::unique_ptr<RlCosim> cosim_;
};

}  // namespace scwarp::cosim
