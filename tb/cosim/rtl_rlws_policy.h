// The RLWS RTL (rtl/rlws/rlws_top.v, Verilated as plain C++) behind the
// policy interface: RtlRlwsPolicy is the issue policy "rlws" under
// -scwarp_sched_impl rtl, one Verilated rlws_top per SM.
//
// The block computes in the hardware's arithmetic (32-bit weights with 16
// fraction bits, 16-bit rates, the LFSR draw), so the run must ask the C++
// model for the same (-rlws_theta_frac_bits 16 -rlws_lfsr 1); other values
// are refused. What is not in rtl/rlws stays C++ here: the attribute
// counters and bucketing (RlStateMeter, an instrumentation block the paper
// counts apart) and the first-phase decay of alpha and epsilon, whose
// values are written into the block's rate registers when they change.
//
// Timing contract (transaction level, docs/rtl.md "Co-simulation"): each
// decision is one clock edge (the agent learns the scheduler's previous
// step with it, so scheduler 1 sees scheduler 0's update, as RlPolicy);
// each issue and warp exit is an edge of its own, and the first call of a
// new SM cycle gives the edge that ends the last one (tick_i). order()
// reads the whole RlwsPolicy order out of the warp selector: the pick, then
// the pick with the warps before it skipped (skip_i), and so on.
//
// Under -scwarp_rtl_timing cycle the block is rlws_top with P = S decision
// ports (Vrlws_top_ct), clocked as the hardware is: scheduler s decides on
// port s from the registered (start-of-cycle) weights, LFSR and last warps,
// and its decision, the cycle's issues, warp exit, kernel restart and rate
// register write wait for the tick_i edge that ends the cycle, where both
// schedulers' TD updates are applied (docs/rtl.md, "Cycle-timed
// co-simulation"). A second event on a port already holding one in the
// cycle (a second warp exit, a second issue of one scheduler, a decision
// while its own or a higher port's waits) takes an edge of its own
// (tick_i 0) first. The rates written in a cycle are the block's from the
// next one.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "sc_model/sched/policy.h"
#include "tb/cosim/lockstep_tables.h"
#include "tb/cosim/rtl_params.h"

namespace scwarp::cosim {

class RlwsCosim;  // the adapter over one Verilated rlws_top (the .cc)

// rlws_top as Verilated: the agent's parameters (tb/cosim/CMakeLists.txt).
inline constexpr uint32_t kRlwsVariables = 8, kRlwsActions = 5, kRlwsFracBits = 16, kRlwsBucketBits = 3;

class RtlRlwsPolicy : public sched::IssuePolicy, public LockstepTables {
 public:
  static constexpr bool kCycleTimed = true;  // -scwarp_rtl_timing cycle

  // Refuses (scwarp::Error) an SM or an RLWS configuration the block cannot run.
  explicit RtlRlwsPolicy(const sched::PolicyContext& ctx);
  ~RtlRlwsPolicy() override;

  void order(const sched::SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) override;
  void on_issue(const sched::SmView& sm, uint32_t warp, uint32_t active_threads) override;
  void on_warp_exit(const sched::SmView& sm, uint32_t warp) override;
  void on_tb_launch(const sched::SmView& sm, uint32_t tb_slot) override;
  void on_tb_finish(const sched::SmView& sm, uint32_t tb_slot) override;
  bool changes_by_itself(const sched::SmView& sm) const override;

  // Weight i of action a in units of 2^-16, and scheduler s's last action
  // (sched::kNoWarp: none since the kernel started), as the block holds them.
  int32_t theta(uint32_t action, uint32_t i) const;
  uint32_t last_action(uint32_t sched) const;
  // Lockstep compares the weights (a row per action, in 2^-16 units) and
  // each scheduler's last action with RlwsPolicy's.
  void fill_tables(const sched::IssuePolicy& golden, std::vector<StateTable>& tables) const override;

 private:
  uint32_t schedulers_;
  // Vrlws_top (P = 1) at transaction level, Vrlws_top_ct (P = S) cycle-timed.
  std::unique_ptr<RlwsCosim> cosim_;
};

}  // namespace scwarp::cosim
