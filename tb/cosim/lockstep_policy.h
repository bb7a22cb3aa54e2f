// Lockstep co-simulation (-scwarp_sched_impl lockstep): the C++ golden policy
// and its RTL implementation hear every event; every order() / choose()
// computes both and compares the full order and the state tables the RTL
// adapter declares (LockstepTables: MWF's WPT counters, PRO's TB states
// and warp orders, ...); for a block that decides only the warp to issue
// (IssuePickBlock: VTW) it compares that pick with the first candidate of
// the golden order (sched::first_issuable_of) instead of the order. The first
// mismatch throws scwarp::Error naming the cycle, SM, scheduler, each valid
// warp's inputs, both orders and both tables; otherwise the C++ decision is
// returned, so a lockstep run is the cpp run, checked.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "sc_model/sched/policy.h"
#include "tb/cosim/issue_pick.h"
#include "tb/cosim/lockstep_tables.h"

namespace scwarp::cosim {

class LockstepIssuePolicy : public sched::IssuePolicy {
 public:
  LockstepIssuePolicy(std::unique_ptr<sched::IssuePolicy> golden, std::unique_ptr<sched::IssuePolicy> rtl,
                      const sched::PolicyContext& ctx);

  void order(const sched::SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) override;
  void on_issue(const sched::SmView& sm, uint32_t warp, uint32_t active_threads) override;
  void on_no_issue(const sched::SmView& sm, uint32_t sched) override;
  void on_barrier_arrive(const sched::SmView& sm, uint32_t warp) override;
  void on_barrier_release(const sched::SmView& sm, uint32_t tb_slot) override;
  void on_warp_exit(const sched::SmView& sm, uint32_t warp) override;
  void on_tb_launch(const sched::SmView& sm, uint32_t tb_slot) override;
  void on_tb_finish(const sched::SmView& sm, uint32_t tb_slot) override;
  void on_phase_change(const sched::SmView& sm) override;
  std::span<const uint32_t> tb_priority() const override { return golden_->tb_priority(); }
  uint64_t tb_priority_period() const override { return golden_->tb_priority_period(); }
  bool changes_by_itself(const sched::SmView& sm) const override { return golden_->changes_by_itself(sm); }
  bool reads_memory_view() const override { return golden_->reads_memory_view() || rtl_->reads_memory_view(); }

  sched::IssuePolicy& golden() { return *golden_; }
  sched::IssuePolicy& rtl() { return *rtl_; }
  uint64_t comparisons() const { return comparisons_; }
  uint64_t compared_decisions() const override { return comparisons_; }
  // Both halves' state tables (the RTL adapter's LockstepTables) as the
  // last order() compared them.
  const std::vector<StateTable>& tables() const { return tables_; }

 private:
  // Whether the RTL half answers as the golden order says (its order, or
  // its pick).
  bool same_decision(const sched::SmView& sm, std::span<const uint32_t> golden_order) const;
  [[noreturn]] void mismatch(const sched::SmView& sm, uint32_t sched, std::span<const uint32_t> golden_order) const;
  template <typename... Args>
  void to_both(void (sched::IssuePolicy::*event)(const sched::SmView&, Args...), const sched::SmView& sm,
               Args... args);

  std::unique_ptr<sched::IssuePolicy> golden_, rtl_;
  const LockstepTables* rtl_tables_;  // null: the RTL half has no tables to compare
  const IssuePickBlock* rtl_pick_;    // null: the RTL half gives a whole order
  std::vector<uint32_t> rtl_order_;
  std::vector<StateTable> tables_;
  uint64_t comparisons_ = 0;
};

class LockstepFetchPolicy : public sched::FetchPolicy {
 public:
  LockstepFetchPolicy(std::unique_ptr<sched::FetchPolicy> golden, std::unique_ptr<sched::FetchPolicy> rtl);

  // `issue` must be the SM's LockstepIssuePolicy (the registry builds both):
  // the golden fetch policy asks it for orders (each compared there), the
  // RTL one gets its RTL half.
  uint32_t choose(const sched::SmView& sm, std::span<const uint32_t> fetchable,
                  sched::IssuePolicy& issue) override;
  void on_fetch(const sched::SmView& sm, uint32_t warp) override;
  uint64_t compared_decisions() const override { return comparisons_; }

 private:
  std::unique_ptr<sched::FetchPolicy> golden_, rtl_;
  uint64_t comparisons_ = 0;
};

// The factories the registry calls for --sched-impl lockstep (also for tests
// that pair policies by hand, e.g. a deliberately wrong RTL variant).
std::unique_ptr<sched::IssuePolicy> make_lockstep_issue(std::unique_ptr<sched::IssuePolicy> golden,
                                                        std::unique_ptr<sched::IssuePolicy> rtl,
                                                        const sched::PolicyContext& ctx);
std::unique_ptr<sched::FetchPolicy> make_lockstep_fetch(std::unique_ptr<sched::FetchPolicy> golden,
                                                        std::unique_ptr<sched::FetchPolicy> rtl,
                                                        const sched::PolicyContext& ctx);

}  // namespace scwarp::cosim
