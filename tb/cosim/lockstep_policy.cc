#include "tb/cosim/lockstep_policy.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sc_model/common/error.h"
#include "sc_model/sched/registry.h"

namespace scwarp::cosim {

using sched::SmView;
using sched::WarpWait;

namespace {

const char* wait_name(WarpWait w) {
  switch (w) {
    case WarpWait::Ready: return "Ready";
    case WarpWait::Empty: return "Empty";
    case WarpWait::Fetch: return "Fetch";
    case WarpWait::Control: return "Control";
    case WarpWait::Data: return "Data";
    case WarpWait::Barrier: return "Barrier";
    case WarpWait::Sibling: return "Sibling";
    case WarpWait::Exited: return "Exited";
  }
  return "?";
}

// A Ready warp issues if its head's unit is free (sched::can_issue).
const char* issuable(const SmView& sm, const sched::WarpView& w) {
  if (w.wait != WarpWait::Ready) return "-";
  return sched::can_issue(sm, w.slot) ? "issuable" : "unit-busy";
}

// Every valid warp's inputs to the block, one line each, and the TB slots.
std::string describe_inputs(const SmView& sm, std::span<const uint32_t> fetchable = {}) {
  std::string out = "  warps (slot: scheduler, TB slot, TB id, wait, issuable, I-buffer, fetchable):\n";
  for (const sched::WarpView& w : sm.warps) {
    if (!w.valid) continue;
    bool f = false;
    for (uint32_t x : fetchable) f |= x == w.slot;
    out += fmt::format("    w{}: s{} tb{} id{} {} {} ibuf{} {}\n", w.slot, w.scheduler, w.tb_slot,
                       sm.tbs[w.tb_slot].id, wait_name(w.wait), issuable(sm, w),
                       w.ibuffer_count, f ? "fetchable" : "-");
  }
  out += "  TB slots (slot: id, first warp, warps, at barrier, exited):";
  for (const sched::TbView& t : sm.tbs)
    if (t.valid)
      out += fmt::format(" tb{}: id{} w{} n{} bar{} exit{};", t.slot, t.id, t.first_warp, t.warps,
                         t.warps_at_barrier, t.warps_exited);
  return out;
}

bool same(const std::vector<StateTable>& tables) {
  for (const StateTable& t : tables)
    if (t.golden != t.rtl) return false;
  return true;
}

// "name (TB slot: C++/RTL): 0:x/y 1:..." per table.
std::string describe(const std::vector<StateTable>& tables) {
  std::string out;
  for (const StateTable& t : tables) {
    out += fmt::format("  {} ({}: C++/RTL):", t.name, t.row_name);
    for (size_t s = 0; s < t.golden.size(); ++s)
      out += fmt::format(" {}:{}/{}", s, t.show(t.golden[s]), t.show(t.rtl[s]));
    out += "\n";
  }
  return out;
}

}  // namespace

std::string show_numbers(const Row& r) { return fmt::format("{}", fmt::join(r, ",")); }

LockstepIssuePolicy::LockstepIssuePolicy(std::unique_ptr<sched::IssuePolicy> golden,
                                         std::unique_ptr<sched::IssuePolicy> rtl,
                                         const sched::PolicyContext& ctx)
    : golden_(std::move(golden)),
      rtl_(std::move(rtl)),
      rtl_tables_(dynamic_cast<const LockstepTables*>(rtl_.get())),
      rtl_pick_(dynamic_cast<const IssuePickBlock*>(rtl_.get())) {
  rtl_order_.reserve(ctx.max_warps);
}

void LockstepIssuePolicy::order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                                std::vector<uint32_t>& out) {
  const size_t begin = out.size();
  golden_->order(sm, sched, warps, out);
  rtl_order_.clear();
  rtl_->order(sm, sched, warps, rtl_order_);
  ++comparisons_;
  if (rtl_tables_) rtl_tables_->fill_tables(*golden_, tables_);
  const std::span<const uint32_t> golden_order(out.data() + begin, out.size() - begin);
  if (!same_decision(sm, golden_order) || !same(tables_)) mismatch(sm, sched, golden_order);
}

bool LockstepIssuePolicy::same_decision(const SmView& sm, std::span<const uint32_t> golden_order) const {
  if (rtl_pick_) return rtl_pick_->last_pick() == sched::first_issuable_of(sm, golden_order);
  return std::equal(rtl_order_.begin(), rtl_order_.end(), golden_order.begin(), golden_order.end());
}

void LockstepIssuePolicy::mismatch(const SmView& sm, uint32_t sched, std::span<const uint32_t> golden_order) const {
  std::string answers;
  if (rtl_pick_) {
    auto name = [](uint32_t w) { return w == sched::kNoWarp ? std::string("none") : "w" + std::to_string(w); };
    answers = fmt::format("issue pick\n  C++ pick: {} (the first Ready warp with its unit free in its order: {})\n"
                          "  RTL pick: {}\n",
                          name(sched::first_issuable_of(sm, golden_order)), fmt::join(golden_order, " "),
                          name(rtl_pick_->last_pick()));
  } else {
    answers = fmt::format("issue order\n  C++ order: {}\n  RTL order: {}\n", fmt::join(golden_order, " "),
                          fmt::join(rtl_order_, " "));
  }
  throw Error(fmt::format("lockstep mismatch (--sched-impl lockstep) at cycle {}, SM {}, scheduler {}: {}{}{}",
                          sm.cycle, sm.sm, sched, answers, describe(tables_), describe_inputs(sm)));
}

// Every event reaches both halves, the golden one first.
template <typename... Args>
void LockstepIssuePolicy::to_both(void (sched::IssuePolicy::*event)(const SmView&, Args...), const SmView& sm,
                                  Args... args) {
  ((*golden_).*event)(sm, args...);
  ((*rtl_).*event)(sm, args...);
}

void LockstepIssuePolicy::on_issue(const SmView& sm, uint32_t warp, uint32_t active_threads) {
  to_both(&sched::IssuePolicy::on_issue, sm, warp, active_threads);
}
void LockstepIssuePolicy::on_no_issue(const SmView& sm, uint32_t sched) {
  to_both(&sched::IssuePolicy::on_no_issue, sm, sched);
}
void LockstepIssuePolicy::on_barrier_arrive(const SmView& sm, uint32_t warp) {
  to_both(&sched::IssuePolicy::on_barrier_arrive, sm, warp);
}
void LockstepIssuePolicy::on_barrier_release(const SmView& sm, uint32_t tb_slot) {
  to_both(&sched::IssuePolicy::on_barrier_release, sm, tb_slot);
}
void LockstepIssuePolicy::on_warp_exit(const SmView& sm, uint32_t warp) {
  to_both(&sched::IssuePolicy::on_warp_exit, sm, warp);
}
void LockstepIssuePolicy::on_tb_launch(const SmView& sm, uint32_t tb_slot) {
  to_both(&sched::IssuePolicy::on_tb_launch, sm, tb_slot);
}
void LockstepIssuePolicy::on_tb_finish(const SmView& sm, uint32_t tb_slot) {
  to_both(&sched::IssuePolicy::on_tb_finish, sm, tb_slot);
}
void LockstepIssuePolicy::on_phase_change(const SmView& sm) { to_both(&sched::IssuePolicy::on_phase_change, sm); }

LockstepFetchPolicy::LockstepFetchPolicy(std::unique_ptr<sched::FetchPolicy> golden,
                                         std::unique_ptr<sched::FetchPolicy> rtl)
    : golden_(std::move(golden)), rtl_(std::move(rtl)) {}

uint32_t LockstepFetchPolicy::choose(const SmView& sm, std::span<const uint32_t> fetchable,
                                     sched::IssuePolicy& issue) {
  auto* pair = dynamic_cast<LockstepIssuePolicy*>(&issue);
  if (!pair)
    throw Error("SM " + std::to_string(sm.sm) +
                ": the lockstep fetch policy needs the lockstep issue policy (--sched-impl lockstep builds both)");
  // The golden fetch policy asks the lockstep pair, so each order it reads
  // is compared too; the RTL one reads its own block.
  const uint32_t g = golden_->choose(sm, fetchable, *pair);
  const uint32_t r = rtl_->choose(sm, fetchable, pair->rtl());
  ++comparisons_;
  if (g == r) return g;
  auto name = [](uint32_t w) { return w == sched::kNoWarp ? std::string("none") : "w" + std::to_string(w); };
  throw Error(fmt::format(
      "lockstep mismatch (--sched-impl lockstep) at cycle {}, SM {}: fetch pick\n"
      "  C++ pick: {}\n  RTL pick: {}\n  fetchable: {}\n{}{}",
      sm.cycle, sm.sm, name(g), name(r), fmt::join(fetchable, " "),
      describe(pair->tables()), describe_inputs(sm, fetchable)));
}

void LockstepFetchPolicy::on_fetch(const SmView& sm, uint32_t warp) {
  golden_->on_fetch(sm, warp);
  rtl_->on_fetch(sm, warp);
}

std::unique_ptr<sched::IssuePolicy> make_lockstep_issue(std::unique_ptr<sched::IssuePolicy> golden,
                                                        std::unique_ptr<sched::IssuePolicy> rtl,
                                                        const sched::PolicyContext& ctx) {
  return std::make_unique<LockstepIssuePolicy>(std::move(golden), std::move(rtl), ctx);
}

std::unique_ptr<sched::FetchPolicy> make_lockstep_fetch(std::unique_ptr<sched::FetchPolicy> golden,
                                                        std::unique_ptr<sched::FetchPolicy> rtl,
                                                        const sched::PolicyContext&) {
  return std::make_unique<LockstepFetchPolicy>(std::move(golden), std::move(rtl));
}

}  // namespace scwarp::cosim

namespace {
[[maybe_unused]] const bool scwarp_lockstep_registered = [] {
  scwarp::sched::register_issue_lockstep(scwarp::cosim::make_lockstep_issue);
  scwarp::sched::register_fetch_lockstep(scwarp::cosim::make_lockstep_fetch);
  return true;
}();
}  // namespace
